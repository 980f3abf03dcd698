//! A game the lean writer has written ([`Rendered`]): its text and what
//! `convert`'s filters read of it.

use std::borrow::Cow;
use std::io::{self, Write};

use super::spill::Spilled;
use super::{Text, json_text};
use crate::diag::Span;
use crate::notation::GameResult;
use crate::record::Cut;

/// One game written in export format, with what `convert`'s filters read.
#[derive(Clone, Debug)]
pub struct Rendered {
    /// The game in export format (empty for a cut game, never written),
    /// or its end when its start went to a file ([`Rendered::write_pgn`]
    /// and [`Rendered::text`] give it whole).
    pub bytes: Vec<u8>,
    /// The start of a giant game's text, written to an unlinked file to
    /// keep memory flat ([`super::spill`]).
    pub(super) spilled: Option<Spilled>,
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
    /// `--no-variations`) were written because errors lie in them
    /// (`export::kept`): `convert` warns about the game.
    pub kept_variations: bool,
    /// For JSON: where each span's line number starts in the game's text
    /// (the moves' in order, then the game's), and the lines to add to
    /// each when it is written. The parallel reader counts lines from
    /// where a worker started; only the ordered writer knows that line's
    /// number ([`Rendered::shift_lines`]).
    pub(super) line_at: Vec<u32>,
    pub(super) line_shift: u32,
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
        self.line_shift = self.line_shift.saturating_add(lines);
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

    /// Bytes `from..to` of the game's text, a piece at a time: from the
    /// spilled file, then from `bytes`.
    fn parts(
        &self,
        from: u64,
        to: u64,
        mut f: impl FnMut(&[u8]) -> io::Result<()>,
    ) -> io::Result<()> {
        let base = self.spilled.as_ref().map_or(0, Spilled::len);
        if let Some(s) = &self.spilled {
            s.bytes(from, to.min(base), &mut f)?;
        }
        let (from, to) = (from.max(base) - base, to.max(base) - base);
        let start = usize::try_from(from).unwrap_or(usize::MAX);
        let end = usize::try_from(to)
            .unwrap_or(usize::MAX)
            .min(self.bytes.len());
        match self.bytes.get(start..end) {
            Some(b) if !b.is_empty() => f(b),
            _ => Ok(()),
        }
    }

    /// Writes the game's text (PGN: the game in export format).
    ///
    /// # Errors
    ///
    /// Any error of `out`, or of reading back a spilled game.
    pub fn write_pgn(&self, out: &mut impl Write) -> io::Result<()> {
        self.parts(0, u64::MAX, |b| out.write_all(b))
    }

    /// The length of the game's text.
    pub fn text_len(&self) -> u64 {
        self.spilled.as_ref().map_or(0, Spilled::len) + self.bytes.len() as u64
    }

    /// The game's text whole, read back into memory when it was spilled.
    ///
    /// # Errors
    ///
    /// An error reading back a spilled game.
    pub fn text(&self) -> io::Result<Cow<'_, [u8]>> {
        if self.spilled.is_none() {
            return Ok(Cow::Borrowed(&self.bytes));
        }
        let mut all = Vec::new();
        self.write_pgn(&mut all)?;
        Ok(Cow::Owned(all))
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
        // Room for the index written as a whole word: no growing.
        let mut head = Vec::with_capacity(file.len() + 64);
        head.extend_from_slice(b"{\"file\":");
        json_text::put_str(&mut head, file);
        head.extend_from_slice(b",\"index\":");
        json_text::put_u64(&mut head, index);
        head.push(b',');
        out.write_all(&head)?;
        if self.line_shift == 0 {
            // The worker started at the input's first line: its text as
            // it is.
            return self.parts(0, u64::MAX, |b| out.write_all(b));
        }
        if self.spilled.is_none() {
            // Each span's line moved: the game's text copied with the new
            // lines into one buffer, written at once (a write to `out`
            // costs more than a copy a span).
            let mut text = Vec::with_capacity(self.bytes.len() + 4 * self.line_at.len());
            let mut from = 0;
            for &at in &self.line_at {
                let at = at as usize;
                text.extend_from_slice(self.bytes.get(from..at).unwrap_or_default());
                let (line, len) = json_text::line_at(self.bytes.get(at..).unwrap_or_default());
                json_text::put_shifted_line(&mut text, line, self.line_shift);
                from = at + len;
            }
            text.extend_from_slice(self.bytes.get(from..).unwrap_or_default());
            return out.write_all(&text);
        }
        // A giant game: its text read back from the file a piece at a
        // time, each line read back to be moved.
        let mut line_text = Vec::with_capacity(20);
        let mut from = 0u64;
        for &at in &self.line_at {
            let at = u64::from(at);
            self.parts(from, at, |b| out.write_all(b))?;
            line_text.clear();
            self.parts(at, at + 10, |p| {
                line_text.extend_from_slice(p);
                Ok(())
            })?;
            let (line, len) = json_text::line_at(&line_text);
            line_text.clear();
            json_text::put_shifted_line(&mut line_text, line, self.line_shift);
            out.write_all(&line_text)?;
            from = at + len as u64;
        }
        self.parts(from, u64::MAX, |b| out.write_all(b))
    }
}
