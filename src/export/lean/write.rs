//! The lean tree written in PGN export format, walked as
//! [`super::super::pgn::write_game`] walks a record (the differential test
//! in tests/lean_export.rs holds the bytes equal).

use std::io::{self, Write as _};

use super::spill::OutSpill;
use super::{Attachment, Kind, Lean, NONE, offset};
use crate::export::pgn::{self, Lines, MoveStyle, Task};
use crate::notation::{CommentStyle, GameResult};

impl Lean {
    /// Writes the text of attachment `a` as unreadable text, piece by
    /// piece (millions of them in a hostile game: the output goes to its
    /// file as it grows).
    fn unreadable(&self, lines: &mut Lines<'_>, a: u32, out: &mut OutSpill) -> io::Result<()> {
        if let Some(u) = self.attachments.get(a as usize) {
            for piece in crate::record::unreadable_pieces(self.str_of(u.text)) {
                lines.unreadable(piece)?;
                out.drain(lines.out);
            }
        }
        Ok(())
    }

    fn comment(&self, lines: &mut Lines<'_>, a: u32, out: &mut OutSpill) -> io::Result<()> {
        match self.attachments.get(a as usize) {
            Some(c) if c.spilled => self.spilled_comment(lines, c, out, false),
            Some(c) => lines.comment_text(self.str_of(c.text), c.style),
            None => Ok(()),
        }
    }

    /// A brace comment from the spill file, word by word as
    /// [`Lines::comment_text`] writes it from memory (its words are
    /// `split_whitespace`'s, the same on its ASCII path), the output going
    /// to its file as it grows; `open`: a comment the game left open
    /// ([`Lines::open_comment`]).
    fn spilled_comment(
        &self,
        lines: &mut Lines<'_>,
        c: &Attachment,
        out: &mut OutSpill,
        open: bool,
    ) -> io::Result<()> {
        // The last word read, written when the next one shows it was not
        // the comment's last; `joined`: the piece read ended inside it.
        let mut word = String::new();
        let mut joined = false;
        let mut first = true;
        let put = |lines: &mut Lines<'_>, w: &str, first: bool, last: bool| {
            let head = if first { "{" } else { "" };
            if open {
                lines.open_comment_word(w, head)
            } else {
                lines.token_parts([head, w, if last { "}" } else { "" }], false)
            }
        };
        let (from, to) = (u64::from(c.text.0), u64::from(c.text.1));
        self.big.pieces(from, to, |piece| {
            let mut words = piece.split_whitespace();
            if joined && !piece.starts_with(char::is_whitespace) {
                word.push_str(words.next().unwrap_or_default());
            }
            for w in words {
                if !word.is_empty() {
                    put(lines, &word, first, false)?;
                    first = false;
                    out.drain(lines.out);
                }
                word.clear();
                word.push_str(w);
            }
            joined = !piece.ends_with(char::is_whitespace);
            Ok(())
        })?;
        if !word.is_empty() {
            put(lines, &word, first, true)?;
        } else if first {
            // No word at all.
            lines.token(if open { "{" } else { "{}" })?;
        }
        out.drain(lines.out);
        Ok(())
    }

    /// Writes the game as [`pgn::write_game`] writes its record.
    pub(super) fn write(
        &self,
        result: GameResult,
        out: &mut Vec<u8>,
        spill: &mut OutSpill,
    ) -> io::Result<()> {
        pgn::write_header_by(
            self.tags.len(),
            |i| self.tag_pair(i),
            result,
            &self.options,
            self.mainline_plies(),
            out,
            |out| spill.drain(out),
        )?;
        spill.drain(out);
        // The verifier's start position, when the game has one from a
        // FEN (the same tags give the same position): not set up again.
        // Without a FEN the game starts at white's first move
        // (`pgn::start_of_tags`): no setup tags to gather.
        let (black_first, first_number) = match self.start_number {
            _ if self.last_tag("FEN").is_none() => (false, 1),
            Some(start) => start,
            None => {
                // The last of each tag the start position reads: the same
                // position as from all the tags.
                let setup: Vec<(&str, &str)> = crate::rules::setup::SETUP_TAGS
                    .iter()
                    .filter_map(|&n| Some((n, self.last_tag(n)?)))
                    .collect();
                pgn::start_of_tags(&setup)
            }
        };
        let base = u64::from(first_number.saturating_sub(1)) * 2 + u64::from(black_first);
        let mut lines = Lines::new(out);
        self.write_moves(&mut lines, base, spill)?;
        // No termination marker where the game had none (pgn::write_game).
        if self.result.is_some() {
            lines.token(result.as_str())?;
            if self.options.comments() {
                for &c in &self.after_result {
                    match self.attachments.get(c as usize) {
                        // Only brace comments are spilled.
                        Some(a) if a.spilled => {
                            self.spilled_comment(&mut lines, a, spill, false)?
                        }
                        Some(a) => lines.comment_after_result(self.str_of(a.text), a.style)?,
                        None => {}
                    }
                }
            }
        }
        if let Some(c) = self
            .open_comment
            .and_then(|c| self.attachments.get(c as usize))
        {
            if c.spilled && self.options.comments() {
                self.spilled_comment(&mut lines, c, spill, true)?;
            } else {
                let text = if self.options.comments() {
                    self.str_of(c.text)
                } else {
                    ""
                };
                lines.open_comment(text)?;
            }
        }
        lines.end()?;
        writeln!(lines.out)
    }

    fn write_moves(&self, lines: &mut Lines<'_>, base: u64, out: &mut OutSpill) -> io::Result<()> {
        let mut tasks: Vec<Task> = Vec::new();
        let mut alts: Vec<u32> = Vec::new();
        let (comments, nags) = (self.options.comments(), self.options.nags());
        if comments {
            for c in self.game_level(Kind::Before) {
                self.comment(lines, c, out)?;
            }
        }
        // Written with any options, as the record's writer does.
        for u in self.game_level(Kind::UnreadableBefore) {
            self.unreadable(lines, u, out)?;
        }
        let mut need_number = true;
        let mut closes = 0u32;
        if let Some(root) = self.nodes.first().filter(|r| r.first_child != NONE) {
            tasks.push(Task::Line(root.first_child as usize, 1));
        }
        // With variations left out, a game with an error in one keeps them
        // all (computed when the game ended).
        let kept = |n: u32| !self.kept || self.keep.get(n as usize).copied().unwrap_or(false);
        while let Some(task) = tasks.pop() {
            out.drain(lines.out);
            let (id, ply) = match task {
                Task::Open => {
                    lines.closes(&mut closes)?;
                    lines.glue = true;
                    need_number = true;
                    continue;
                }
                Task::Close => {
                    closes += 1;
                    need_number = true;
                    continue;
                }
                Task::Line(id, ply) => (offset(id), ply),
            };
            lines.closes(&mut closes)?;
            let Some(node) = self.nodes.get(id as usize) else {
                continue;
            };
            // Most moves have nothing attached: no lists to walk.
            let bare = node.first_attachment == NONE;
            if comments && !bare {
                for c in self.attached(id, |k| k == Kind::Before) {
                    self.comment(lines, c, out)?;
                    need_number = true;
                }
            }
            if !bare {
                for u in self.attached(id, |k| k == Kind::UnreadableBefore) {
                    self.unreadable(lines, u, out)?;
                }
            }
            let half = base + u64::from(ply) - 1;
            lines.move_number(half, need_number)?;
            need_number = false;
            let canonical = match self.options.moves {
                MoveStyle::San => node.san,
                MoveStyle::Lan => node.lan,
                MoveStyle::Uci => node.uci,
            }
            .get();
            match canonical {
                Some(text) => lines.token(self.str_of(text))?,
                None => lines.written_move(self.str_of(node.written), node.check)?,
            }
            if !bare {
                for m in self.attached(id, |k| k == Kind::Mark) {
                    if let Some(a) = self.attachments.get(m as usize) {
                        lines.token(self.str_of(a.text))?;
                    }
                }
                if nags {
                    for n in self.attached(id, |k| matches!(k, Kind::Nag(_))) {
                        if let Some(Attachment {
                            kind: Kind::Nag(nag),
                            ..
                        }) = self.attachments.get(n as usize)
                        {
                            lines.nag(*nag)?;
                        }
                    }
                }
                for u in self.attached(id, |k| k == Kind::UnreadableAfter) {
                    self.unreadable(lines, u, out)?;
                }
                if comments {
                    for c in self.attached(id, |k| k == Kind::After) {
                        self.comment(lines, c, out)?;
                        need_number = true;
                    }
                }
            }
            // Last after the move, after its own comments (pgn-extract's
            // --fencomments).
            if let Some(fen) = node.fen.get() {
                lines.comment_text(self.str_of(fen), CommentStyle::Brace)?;
                need_number = true;
            }
            if node.first_child != NONE && kept(node.first_child) {
                tasks.push(Task::Line(node.first_child as usize, ply + 1));
            }
            if !self.options.variations() && !self.kept {
                continue;
            }
            // Only the main continuation carries the variations that
            // replace it.
            let parent = self.nodes.get(node.parent as usize);
            if parent.is_some_and(|p| p.first_child == id) {
                alts.clear();
                let mut alt = node.next_sibling;
                while let Some(n) = self.nodes.get(alt as usize) {
                    if kept(alt) {
                        alts.push(alt);
                    }
                    alt = n.next_sibling;
                }
                for &alt in alts.iter().rev() {
                    tasks.push(Task::Close);
                    tasks.push(Task::Line(alt as usize, ply));
                    tasks.push(Task::Open);
                }
            }
        }
        let (open, empty) = self.open_variations;
        lines.end_of_moves(closes, open, empty)
    }
}
