//! The piece figures, drawn for this project (its own paths, under its
//! license) in a 100x100 box: the six chess pieces as silhouettes, every
//! other piece as a round token with its letter, PASGL's critters as rounded
//! squares with their letter and state badges.

use std::fmt::Write as _;

use super::fixed::{F2, F4};

use crate::rules::core::Color;
use crate::rules::picture::{Shape, State, Token};

/// Fill, outline and detail colours for a side.
fn palette(color: Color) -> (&'static str, &'static str, &'static str) {
    match color {
        Color::White => ("#ffffff", "#1b1b1b", "#1b1b1b"),
        Color::Black => ("#1b1b1b", "#1b1b1b", "#f2f2f2"),
    }
}

/// The body of each chess figure: its outline shapes, then detail strokes.
fn chessman(letter: char) -> Option<(&'static str, &'static str)> {
    Some(match letter {
        'P' => (
            r#"<circle cx="50" cy="30" r="12"/><path d="M38 46 Q50 38 62 46 L67 75 L33 75 Z"/><rect x="25" y="75" width="50" height="12" rx="3"/>"#,
            "",
        ),
        'R' => (
            r#"<path d="M26 18 h11 v9 h8 v-9 h10 v9 h8 v-9 h11 v22 h-48 z"/><rect x="32" y="40" width="36" height="36"/><rect x="23" y="76" width="54" height="12" rx="3"/>"#,
            r#"<path d="M32 44 h36 M32 72 h36"/>"#,
        ),
        'B' => (
            r#"<circle cx="50" cy="13" r="6"/><path d="M50 19 C69 34 67 55 61 66 L39 66 C33 55 31 34 50 19 Z"/><rect x="37" y="66" width="26" height="11"/><rect x="25" y="77" width="50" height="11" rx="3"/>"#,
            r#"<path d="M55 32 L45 46 M40 70 h20"/>"#,
        ),
        'N' => (
            r#"<path d="M28 88 L74 88 L71 70 C76 52 73 33 59 22 L55 11 L48 20 C35 24 25 38 21 53 L27 60 L40 51 C45 56 40 64 30 72 Z"/>"#,
            r#"<circle cx="47" cy="33" r="3"/><path d="M24 54 L30 51"/>"#,
        ),
        'Q' => (
            r#"<circle cx="18" cy="28" r="6"/><circle cx="40" cy="20" r="6"/><circle cx="60" cy="20" r="6"/><circle cx="82" cy="28" r="6"/><path d="M28 76 L19 34 L36 56 L41 26 L50 54 L59 26 L64 56 L81 34 L72 76 Z"/><rect x="25" y="76" width="50" height="12" rx="3"/>"#,
            r#"<path d="M30 70 h40"/>"#,
        ),
        'K' => (
            r#"<rect x="45" y="10" width="10" height="28"/><rect x="37" y="18" width="26" height="9"/><path d="M30 76 C20 60 24 42 40 46 C44 38 56 38 60 46 C76 42 80 60 70 76 Z"/><rect x="25" y="76" width="50" height="12" rx="3"/>"#,
            r#"<path d="M32 70 h36 M50 44 v26"/>"#,
        ),
        _ => return None,
    })
}

/// Writes `token` as a `<g>` drawn in the box `(x, y)`-`(x + size, y +
/// size)`, with `data-` attributes naming what it is.
pub(super) fn write_token(out: &mut String, token: &Token, x: f64, y: f64, size: f64) {
    let (fill, stroke, detail) = palette(token.color);
    let color = match token.color {
        Color::White => "white",
        Color::Black => "black",
    };
    let scale = size / 100.0;
    let states: Vec<&str> = token.states.iter().map(|s| s.as_str()).collect();
    let _ = write!(
        out,
        r#"<g class="piece" data-piece="{}" data-name="{}" data-color="{color}" data-states="{}" transform="translate({x_f2} {y_f2}) scale({scale_f4})">"#,
        token.letter,
        token.name,
        states.join(" "),
        x_f2 = F2(x),
        y_f2 = F2(y),
        scale_f4 = F4(scale),
    );
    let _ = write!(out, "<title>{color} {}</title>", token.name);
    match (token.shape, chessman(token.letter)) {
        (Shape::Chessman, Some((body, details))) => {
            let _ = write!(
                out,
                r#"<g fill="{fill}" stroke="{stroke}" stroke-width="3" stroke-linejoin="round">{body}</g>"#
            );
            if !details.is_empty() {
                let _ = write!(
                    out,
                    r#"<g fill="{detail}" stroke="{detail}" stroke-width="3" stroke-linecap="round">{details}</g>"#
                );
            }
        }
        (Shape::Critter, _) => {
            let _ = write!(
                out,
                r#"<rect x="12" y="12" width="76" height="76" rx="18" fill="{fill}" stroke="{stroke}" stroke-width="4"/>"#
            );
            write_letter(out, token.letter, detail, 52.0);
            write_badges(out, &token.states);
        }
        _ => {
            let _ = write!(
                out,
                r#"<circle cx="50" cy="50" r="37" fill="{fill}" stroke="{stroke}" stroke-width="4"/><circle cx="50" cy="50" r="30" fill="none" stroke="{detail}" stroke-width="2"/>"#
            );
            write_letter(out, token.letter, detail, 44.0);
        }
    }
    out.push_str("</g>");
}

fn write_letter(out: &mut String, letter: char, color: &str, size: f64) {
    let _ = write!(
        out,
        r#"<text x="50" y="51" font-family="sans-serif" font-weight="bold" font-size="{size}" text-anchor="middle" dominant-baseline="central" fill="{color}">{letter}</text>"#
    );
}

/// Small marks in the corners of a critter: lunch (a full green dot) or
/// lunchless (an empty one) top right, stinky (a purple wave) bottom,
/// journey by Train (a blue triangle) top left.
fn write_badges(out: &mut String, states: &[State]) {
    for state in states {
        let badge = match state {
            State::Lunch => {
                r##"<circle class="badge lunch" cx="84" cy="16" r="11" fill="#3a9d3a" stroke="#0d3d0d" stroke-width="3"/>"##
            }
            State::Lunchless => {
                r##"<circle class="badge lunchless" cx="84" cy="16" r="11" fill="#ffffff" stroke="#3a9d3a" stroke-width="4"/>"##
            }
            State::Stinky => {
                r##"<path class="badge stinky" d="M20 90 q8 -10 16 0 t16 0 t16 0 t16 0" fill="none" stroke="#8b3fb8" stroke-width="6"/>"##
            }
            State::Boarding | State::Riding => {
                r##"<path class="badge boarding" d="M6 28 L18 6 L30 28 Z" fill="#2c6fd6" stroke="#0b2d66" stroke-width="3"/>"##
            }
            State::Leaving => {
                r##"<path class="badge leaving" d="M6 6 L18 28 L30 6 Z" fill="#2c6fd6" stroke="#0b2d66" stroke-width="3"/>"##
            }
        };
        out.push_str(badge);
    }
}
