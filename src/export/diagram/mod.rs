//! SVG diagrams of a [`Picture`]: any game's board with its holes, owned
//! squares, PASGL's terminals, campfire and Train, stacks of critters, and
//! the facts beside the board.
//!
//! ```
//! use xpgn::export::diagram::Diagram;
//! use xpgn::rules::Variant;
//! use xpgn::rules::family::AnyPosition;
//! use xpgn::rules::picture::Picture;
//!
//! let pos = AnyPosition::setup(Variant::Hans38, None).expect("the start");
//! let picture = Picture::of(&pos);
//! let svg = Diagram::new(&picture).size(400).flip(true).to_svg();
//! assert!(svg.starts_with("<svg"));
//! ```
//!
//! Every element a test or a style sheet needs carries a class and
//! `data-` attributes: `square` cells with `data-square`, `hole`s, `piece`
//! groups with `data-piece`, `data-color` and `data-states`, `stack`s with
//! `data-count`, `arrow`, `highlight`, `zone`, `check`, `coord` and `fact`.

mod fixed;
mod glyphs;

use std::fmt::Write as _;

use self::fixed::{F0, F2};
use crate::rules::core::{Color, Square};
use crate::rules::picture::{Cell, Mark, Picture};

/// A diagram being set up; [`Diagram::to_svg`] draws it.
#[derive(Clone, Debug)]
pub struct Diagram<'a> {
    picture: &'a Picture,
    size: u32,
    flip: bool,
    coordinates: bool,
    zone: bool,
    marks: Vec<Square>,
    arrow: Option<(Square, Square)>,
}

/// Where a diagram's parts go ([`Diagram::layout`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// A cell's side in pixels.
    pub cell: f64,
    /// The margin left of and below the board, for coordinates.
    pub margin: f64,
    /// The whole picture's width.
    pub width: f64,
    /// Its height.
    pub height: f64,
}

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";

impl<'a> Diagram<'a> {
    /// A diagram of `picture`, 480 pixels wide for the board, White at the
    /// bottom, with coordinates.
    pub fn new(picture: &'a Picture) -> Diagram<'a> {
        Diagram {
            picture,
            size: 480,
            flip: false,
            coordinates: true,
            zone: false,
            marks: Vec::new(),
            arrow: None,
        }
    }

    /// The board's width in pixels (at least 80).
    pub fn size(mut self, pixels: u32) -> Diagram<'a> {
        self.size = pixels.max(80);
        self
    }

    /// Black at the bottom.
    pub fn flip(mut self, flip: bool) -> Diagram<'a> {
        self.flip = flip;
        self
    }

    /// Whether to write file letters and rank numbers.
    pub fn coordinates(mut self, on: bool) -> Diagram<'a> {
        self.coordinates = on;
        self
    }

    /// Whether to shade the squares where the side to move is braked
    /// (Squirrel's guard zones).
    pub fn zone(mut self, on: bool) -> Diagram<'a> {
        self.zone = on;
        self
    }

    /// Highlights `sq`.
    pub fn mark(mut self, sq: Square) -> Diagram<'a> {
        self.marks.push(sq);
        self
    }

    /// Draws an arrow from `from` to `to` (the last move).
    pub fn arrow(mut self, from: Square, to: Square) -> Diagram<'a> {
        self.arrow = Some((from, to));
        self
    }

    /// The SVG document.
    pub fn to_svg(&self) -> String {
        let mut out = String::new();
        self.write_svg(&mut out);
        out
    }

    /// Appends the SVG document to `out`: its frame, every cell, the
    /// arrow, the coordinates and the facts, drawn by the same parts as
    /// `xpgn view`'s boards ([`Layout`]).
    pub fn write_svg(&self, out: &mut String) {
        let layout = self.layout();
        self.write_open(out, &layout);
        let p = self.picture;
        for sq in squares(p) {
            self.write_cell(out, &layout, sq);
        }
        self.write_arrow(out, &layout);
        if self.coordinates {
            self.write_coordinates(out, layout.margin, layout.cell);
        }
        self.write_facts(out, &layout);
        out.push_str("</svg>\n");
    }

    /// Where things go: the cell size, the margin for coordinates and the
    /// panel for the facts.
    pub fn layout(&self) -> Layout {
        let p = self.picture;
        let files = f64::from(p.files.max(1));
        let ranks = f64::from(p.ranks.max(1));
        let cell = f64::from(self.size) / files;
        let margin = if self.coordinates { cell * 0.5 } else { 0.0 };
        // Room on the right for whose turn it is and the facts.
        let panel = cell * 3.2;
        Layout {
            cell,
            margin,
            width: margin + files * cell + panel,
            height: ranks * cell + margin,
        }
    }

    /// The `<svg>` start tag and the definitions its parts refer to.
    pub fn write_open(&self, out: &mut String, layout: &Layout) {
        let (width, height) = (layout.width, layout.height);
        let _ = write!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" class="xpgn-diagram" data-variant="{}" width="{width_f0}" height="{height_f0}" viewBox="0 0 {width_f2} {height_f2}">"#,
            self.picture.variant.name(),
            width_f0 = F0(width),
            height_f0 = F0(height),
            width_f2 = F2(width),
            height_f2 = F2(height),
        );
        out.push_str(
            r##"<defs><marker id="xpgn-arrowhead" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" markerHeight="3" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="#15781b"/></marker><pattern id="xpgn-barred" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="3" height="8" fill="#7a1f1f" fill-opacity="0.45"/></pattern></defs>"##,
        );
    }

    /// Everything drawn on `sq`'s cell: the square or hole, its owner and
    /// marks, the zone and highlight when asked, the check, and what
    /// stands on it.
    pub fn write_cell(&self, out: &mut String, layout: &Layout, sq: Square) {
        let p = self.picture;
        let Some(c) = p.cell(sq) else {
            return;
        };
        let cell = layout.cell;
        let (x, y) = self.corner(sq, (layout.margin, 0.0), cell);
        self.write_ground(out, sq, c, (x, y), cell);
        if self.zone && p.zone.contains(&sq) {
            let _ = write!(
                out,
                r##"<rect class="zone" data-square="{}" x="{x_f2}" y="{y_f2}" width="{cell_f2}" height="{cell_f2}" fill="#d43c3c" fill-opacity="0.28"/>"##,
                p.square_name(sq),
                x_f2 = F2(x),
                y_f2 = F2(y),
                cell_f2 = F2(cell),
            );
        }
        if self.marks.contains(&sq) {
            let _ = write!(
                out,
                r##"<rect class="highlight" data-square="{}" x="{x_f2}" y="{y_f2}" width="{cell_f2}" height="{cell_f2}" fill="#f6e84a" fill-opacity="0.55"/>"##,
                p.square_name(sq),
                x_f2 = F2(x),
                y_f2 = F2(y),
                cell_f2 = F2(cell),
            );
        }
        if p.check == Some(sq) {
            let r = cell * 0.48;
            let _ = write!(
                out,
                r##"<circle class="check" data-square="{}" cx="{}" cy="{}" r="{r_f2}" fill="#e8302a" fill-opacity="0.55"/>"##,
                p.square_name(sq),
                F2(x + cell / 2.0),
                F2(y + cell / 2.0),
                r_f2 = F2(r),
            );
        }
        write_tokens(out, p, sq, c, (x, y), cell);
    }

    /// The last move's arrow, if one was given.
    pub fn write_arrow(&self, out: &mut String, layout: &Layout) {
        let Some((from, to)) = self.arrow else {
            return;
        };
        let cell = layout.cell;
        let at = |sq: Square| self.corner(sq, (layout.margin, 0.0), cell);
        let ((x1, y1), (x2, y2)) = (at(from), at(to));
        let half = cell / 2.0;
        let p = self.picture;
        write_line(
            out,
            [
                &p.square_name(from),
                &p.square_name(to),
                &F2(x1 + half),
                &F2(y1 + half),
                &F2(x2 + half),
                &F2(y2 + half),
            ],
            F2(cell * 0.16),
        );
    }

    /// An arrow's text as [`write_arrow`](Self::write_arrow) writes it
    /// for any two squares, cut where its six values go (the squares'
    /// names, then `x1`, `y1`, `x2` and `y2`): `xpgn view`'s script puts
    /// an arrow together from these pieces and [`centres`](Self::centres).
    pub fn arrow_pieces(&self, layout: &Layout) -> Vec<String> {
        let mut out = String::new();
        let slot: &dyn std::fmt::Display = &'\u{1}';
        write_line(&mut out, [slot; 6], F2(layout.cell * 0.16));
        out.split('\u{1}').map(str::to_owned).collect()
    }

    /// The centre of each file's cells across (a1's file first) and of
    /// each rank's cells down (rank 1 first), as
    /// [`write_arrow`](Self::write_arrow) writes an arrow's ends.
    pub fn centres(&self, layout: &Layout) -> (Vec<String>, Vec<String>) {
        let p = self.picture;
        let half = layout.cell / 2.0;
        let at = |f: u8, r: u8| {
            Square::new(f, r).map(|sq| self.corner(sq, (layout.margin, 0.0), layout.cell))
        };
        let xs = (0..p.files)
            .filter_map(|f| at(f, 0).map(|(x, _)| F2(x + half).to_string()))
            .collect();
        let ys = (0..p.ranks)
            .filter_map(|r| at(0, r).map(|(_, y)| F2(y + half).to_string()))
            .collect();
        (xs, ys)
    }

    /// The top-left corner of `sq`'s cell.
    fn corner(&self, sq: Square, (x0, y0): (f64, f64), cell: f64) -> (f64, f64) {
        let p = self.picture;
        let (file, rank) = (sq.file(), sq.rank());
        let (col, row) = if self.flip {
            (p.files - 1 - file, rank)
        } else {
            (file, p.ranks - 1 - rank)
        };
        (x0 + f64::from(col) * cell, y0 + f64::from(row) * cell)
    }

    fn write_ground(&self, out: &mut String, sq: Square, c: &Cell, (x, y): (f64, f64), cell: f64) {
        let name = self.picture.square_name(sq);
        if c.outside {
            return;
        }
        if c.hole {
            let inset = cell * 0.08;
            let _ = write!(
                out,
                r##"<rect class="hole" data-square="{name}" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#9a9a9a" stroke-width="1" stroke-dasharray="3 3"/>"##,
                F2(x + inset),
                F2(y + inset),
                F2(cell - 2.0 * inset),
                F2(cell - 2.0 * inset),
            );
            return;
        }
        let light = (sq.file() + sq.rank()) % 2 == 1;
        let (shade, fill) = if light {
            ("light", LIGHT)
        } else {
            ("dark", DARK)
        };
        let _ = write!(
            out,
            r#"<rect class="square {shade}" data-square="{name}" x="{x_f2}" y="{y_f2}" width="{cell_f2}" height="{cell_f2}" fill="{fill}"/>"#,
            x_f2 = F2(x),
            y_f2 = F2(y),
            cell_f2 = F2(cell),
        );
        if let Some(owner) = c.owner {
            // A corner triangle in the owner's colour.
            let (class, fill) = match owner {
                Color::White => ("white", "#ffffff"),
                Color::Black => ("black", "#1b1b1b"),
            };
            let t = cell * 0.3;
            let _ = write!(
                out,
                r##"<path class="owner {class}" data-square="{name}" d="M{} {y_f2} h{t_f2} v{t_f2} z" fill="{fill}" stroke="#555" stroke-width="1"/>"##,
                F2(x + cell - t),
                y_f2 = F2(y),
                t_f2 = F2(t),
            );
        }
        for mark in &c.marks {
            match mark {
                Mark::Terminal => {
                    let _ = write!(
                        out,
                        r##"<rect class="terminal" data-square="{name}" x="{x_f2}" y="{y_f2}" width="{cell_f2}" height="{cell_f2}" fill="#7fa7d9" fill-opacity="0.6"/>"##,
                        x_f2 = F2(x),
                        y_f2 = F2(y),
                        cell_f2 = F2(cell),
                    );
                }
                Mark::Campfire => {
                    let _ = write!(
                        out,
                        r##"<circle class="campfire" data-square="{name}" cx="{}" cy="{}" r="{}" fill="#f08a24" fill-opacity="0.35"/>"##,
                        F2(x + cell / 2.0),
                        F2(y + cell / 2.0),
                        F2(cell * 0.45),
                    );
                }
                Mark::TrainHead | Mark::TrainTail => {
                    let car = if *mark == Mark::TrainHead {
                        "head"
                    } else {
                        "tail"
                    };
                    let inset = cell * 0.04;
                    let _ = write!(
                        out,
                        r##"<rect class="train {car}" data-square="{name}" x="{}" y="{}" width="{}" height="{}" rx="{}" fill="#5b3a1e" fill-opacity="0.25" stroke="#5b3a1e" stroke-width="{}"/>"##,
                        F2(x + inset),
                        F2(y + inset),
                        F2(cell - 2.0 * inset),
                        F2(cell - 2.0 * inset),
                        F2(cell * 0.15),
                        F2(cell * 0.06),
                    );
                }
                Mark::Barred => {
                    let _ = write!(
                        out,
                        r#"<rect class="barred" data-square="{name}" x="{x_f2}" y="{y_f2}" width="{cell_f2}" height="{cell_f2}" fill="url(#xpgn-barred)"/>"#,
                        x_f2 = F2(x),
                        y_f2 = F2(y),
                        cell_f2 = F2(cell),
                    );
                }
            }
        }
    }

    /// The file letters and rank numbers in the margin.
    pub fn write_coordinates(&self, out: &mut String, margin: f64, cell: f64) {
        let p = self.picture;
        let font = cell * 0.3;
        for file in 0..p.files {
            let col = if self.flip { p.files - 1 - file } else { file };
            let letter = p
                .file_letters
                .get(usize::from(file))
                .copied()
                .unwrap_or('?');
            let _ = write!(
                out,
                r##"<text class="coord file" x="{}" y="{}" font-family="sans-serif" font-size="{font_f2}" text-anchor="middle" dominant-baseline="central" fill="#444">{letter}</text>"##,
                F2(margin + (f64::from(col) + 0.5) * cell),
                F2(f64::from(p.ranks) * cell + margin / 2.0),
                font_f2 = F2(font),
            );
        }
        for rank in 0..p.ranks {
            let row = if self.flip { rank } else { p.ranks - 1 - rank };
            let _ = write!(
                out,
                r##"<text class="coord rank" x="{}" y="{}" font-family="sans-serif" font-size="{font_f2}" text-anchor="middle" dominant-baseline="central" fill="#444">{}</text>"##,
                F2(margin / 2.0),
                F2((f64::from(row) + 0.5) * cell),
                u32::from(rank) + 1,
                font_f2 = F2(font),
            );
        }
    }

    /// Whose turn it is and the facts, in the panel right of the board.
    pub fn write_facts(&self, out: &mut String, layout: &Layout) {
        let cell = layout.cell;
        let p = self.picture;
        let x = layout.margin + f64::from(p.files.max(1)) * cell + cell * 0.3;
        let font = cell * 0.3;
        let mut y = cell * 0.5;
        let turn = match p.turn {
            Color::White => "White to move",
            Color::Black => "Black to move",
        };
        let _ = write!(
            out,
            r##"<text class="fact" data-label="turn" x="{x_f2}" y="{y_f2}" font-family="sans-serif" font-size="{font_f2}" fill="#222">{turn}</text>"##,
            x_f2 = F2(x),
            y_f2 = F2(y),
            font_f2 = F2(font),
        );
        for fact in &p.facts {
            y += font * 2.0;
            let _ = write!(
                out,
                r##"<g class="fact" data-label="{}" data-white="{}" data-black="{}" font-family="sans-serif" font-size="{font_f2}" fill="#222"><text x="{x_f2}" y="{y_f2}">{}</text><text x="{}" y="{}">White {}</text><text x="{}" y="{}">Black {}</text></g>"##,
                fact.label,
                escape(&fact.white),
                escape(&fact.black),
                fact.label,
                F2(x + font),
                F2(y + font * 1.3),
                escape(&fact.white),
                F2(x + font),
                F2(y + font * 2.6),
                escape(&fact.black),
                font_f2 = F2(font),
                x_f2 = F2(x),
                y_f2 = F2(y),
            );
            y += font * 2.6;
        }
    }
}

/// An arrow's `<line>`: its squares' names, its ends and its width.
fn write_line(out: &mut String, v: [&dyn std::fmt::Display; 6], width: F2) {
    let [from, to, x1, y1, x2, y2] = v;
    let _ = write!(
        out,
        r##"<line class="arrow" data-from="{from}" data-to="{to}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#15781b" stroke-opacity="0.8" stroke-width="{width}" stroke-linecap="round" marker-end="url(#xpgn-arrowhead)"/>"##
    );
}

/// Every square of the picture's grid, a1 first.
fn squares(p: &Picture) -> impl Iterator<Item = Square> + '_ {
    (0..p.ranks).flat_map(move |r| (0..p.files).filter_map(move |f| Square::new(f, r)))
}

/// The tokens on one cell: one fills it; several (a PASGL stack, riders on
/// the Train) share it in a grid, in the order they arrived, up to nine.
fn write_tokens(
    out: &mut String,
    p: &Picture,
    sq: Square,
    c: &Cell,
    (x, y): (f64, f64),
    cell: f64,
) {
    match c.tokens.len() {
        0 => {}
        1 => {
            if let Some(t) = c.tokens.first() {
                glyphs::write_token(out, t, x, y, cell);
            }
        }
        n => {
            let _ = write!(
                out,
                r#"<g class="stack" data-square="{}" data-count="{n}">"#,
                p.square_name(sq)
            );
            let per_row: usize = if n <= 4 { 2 } else { 3 };
            let shown = n.min(per_row * per_row);
            let size = cell / per_row as f64;
            for (i, t) in c.tokens.iter().take(shown).enumerate() {
                let (col, row) = (i % per_row, i / per_row);
                glyphs::write_token(out, t, x + col as f64 * size, y + row as f64 * size, size);
            }
            if n > shown {
                let _ = write!(
                    out,
                    r##"<text class="more" x="{}" y="{}" font-family="sans-serif" font-size="{}" text-anchor="end" fill="#000">+{}</text>"##,
                    F2(x + cell - 2.0),
                    F2(y + cell - 2.0),
                    F2(cell * 0.22),
                    n - shown,
                );
            }
            out.push_str("</g>");
        }
    }
}

/// Escapes text for XML (and HTML) content and attributes.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}
