//! A game the lean writer has written ([`Rendered`]): its text and what
//! `convert`'s filters read of it.

use std::io::{self, Write};

use super::{Text, json_text};
use crate::diag::Span;
use crate::notation::GameResult;
use crate::record::Cut;

/// One game written in export format, with what `convert`'s filters read.
#[derive(Clone, Debug)]
pub struct Rendered {
    /// The game in export format (empty for a cut game, never written).
    pub bytes: Vec<u8>,
    /// The tag names and values, in `tag_spans`.
    pub(super) tag_text: String,
    pub(super) tag_spans: Vec<(Text, Text)>,
    /// The result it is written with.
    pub result: GameResult,
    /// Whether `result` was set by `--fix-result`: then it is also the
    /// value of the `[Result]` tag the filters read.
    pub(super) fixed_result: bool,
    /// Moves on its mainline.
    pub mainline_plies: u32,
    /// Where the game starts in its input.
    pub span: Span,
    /// Why the game is not the whole game, when it is not: then it is
    /// not written (see [`crate::record::Cut`]).
    pub cut: Option<Cut>,
    /// Variations the export format leaves out (`--reduced`,
    /// `--no-variations`) were written because they lead to an error
    /// (`export::kept`): `convert` warns about the game.
    pub kept_variations: bool,
    /// For JSON: the line numbers of the spans of its moves and of the
    /// game, each with the offset in `bytes` where it is written (the rest
    /// of each span is in `bytes`). They are kept apart so that the
    /// parallel reader's line numbers, counted from where a worker
    /// started, can still be moved ([`Rendered::shift_lines`]).
    pub(super) lines: Vec<(u32, u32)>,
}

impl Rendered {
    /// Adds `lines` to every line number it holds: its start, a cut's
    /// line and the spans its JSON will show.
    pub fn shift_lines(&mut self, lines: u32) {
        let shift = |s: &mut Span| {
            if s.line > 0 {
                s.line = s.line.saturating_add(lines);
            }
        };
        if let Some(Cut::Skipped { line }) = &mut self.cut {
            *line = line.saturating_add(lines);
        }
        shift(&mut self.span);
        for (_, line) in &mut self.lines {
            if *line > 0 {
                *line = line.saturating_add(lines);
            }
        }
    }

    /// The value of tag `name` (the last one wins).
    pub fn tag(&self, name: &str) -> Option<&str> {
        if self.fixed_result && name == "Result" {
            return Some(self.result.as_str());
        }
        let at = |(s, e): Text| self.tag_text.get(s as usize..e as usize).unwrap_or("");
        self.tag_spans
            .iter()
            .rev()
            .find(|(n, _)| at(*n) == name)
            .map(|(_, v)| at(*v))
    }

    /// Whether the game was cut (never written).
    pub fn truncated(&self) -> bool {
        self.cut.is_some()
    }

    /// Writes a game rendered as JSON ([`super::Lean::json`]) as its whole
    /// object: `file` and `index` first, as [`crate::export::json::write_game`]
    /// writes them.
    ///
    /// # Errors
    ///
    /// Any error of `out`.
    pub fn write_json(&self, file: &str, index: u64, out: &mut impl Write) -> io::Result<()> {
        let mut head = Vec::with_capacity(file.len() + 32);
        head.extend_from_slice(b"{\"file\":");
        json_text::put_str(&mut head, file);
        head.extend_from_slice(b",\"index\":");
        json_text::put_u64(&mut head, index);
        head.push(b',');
        out.write_all(&head)?;
        // Straight into `out`'s buffer, the line numbers put in: no copy
        // of the game's text in between.
        let mut from = 0;
        let mut digits = [0; 20];
        for &(at, line) in &self.lines {
            let at = at as usize;
            out.write_all(self.bytes.get(from..at).unwrap_or_default())?;
            out.write_all(crate::export::pgn::digits(u64::from(line), &mut digits))?;
            from = at;
        }
        out.write_all(self.bytes.get(from..).unwrap_or_default())
    }
}
