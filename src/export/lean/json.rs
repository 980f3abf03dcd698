//! [`Lean`] writing a game as `convert --to json` does, from its flat
//! buffers: the same text as [`crate::export::json::write_game`] gives from
//! the game's record (`tests/lean_export.rs` holds them to it), without the
//! record's allocations a move.

use std::io;

use super::json_move::MoveJson;
use super::json_text::{put_arena_inner, put_opt_arena, put_opt_str, put_span, put_str, put_u64};
use super::spill::OutSpill;
use super::{Kind, Lean};
use crate::export::json::{check_text, comment_style};

impl Lean {
    /// `[{"text":...,"style":...},...]` of attachments `ids`.
    fn put_comments(
        &self,
        out: &mut Vec<u8>,
        ids: impl Iterator<Item = u32>,
        spill: &mut OutSpill,
    ) -> io::Result<()> {
        out.push(b'[');
        for (k, a) in ids.enumerate() {
            if k > 0 {
                out.push(b',');
            }
            self.put_comment(out, a, spill)?;
        }
        out.push(b']');
        Ok(())
    }

    /// `{"text":...,"style":...}` of attachment `a`.
    fn put_comment(&self, out: &mut Vec<u8>, a: u32, spill: &mut OutSpill) -> io::Result<()> {
        let (text, style, spilled) = self
            .attachments
            .get(a as usize)
            .map_or(((0, 0), crate::notation::CommentStyle::Brace, false), |c| {
                (c.text, c.style, c.spilled)
            });
        out.extend_from_slice(b"{\"text\":");
        if spilled {
            // A giant comment, read back a piece at a time (each piece a
            // JSON string of its own, its quotes left out).
            out.push(b'"');
            let mut piece_json = Vec::new();
            self.big
                .pieces(u64::from(text.0), u64::from(text.1), |piece| {
                    piece_json.clear();
                    put_str(&mut piece_json, piece);
                    let inner = piece_json.len().saturating_sub(1);
                    out.extend_from_slice(piece_json.get(1..inner).unwrap_or_default());
                    // No text of JSON is changed on its way to the file:
                    // any cut will do.
                    spill.drain(out);
                    Ok(())
                })?;
            out.push(b'"');
        } else {
            put_str(out, self.str_of(text));
        }
        // The style's JSON string as it is: a word with nothing to escape.
        out.extend_from_slice(b",\"style\":\"");
        out.extend_from_slice(comment_style(style).as_bytes());
        out.extend_from_slice(b"\"}");
        Ok(())
    }

    /// `key` and the text of attachments `ids` as one string, a space
    /// between two, as the record holds unreadable text; nothing when
    /// there are none (the record's JSON leaves such a field out).
    fn put_texts(
        &self,
        out: &mut Vec<u8>,
        key: &[u8],
        ids: impl Iterator<Item = u32>,
        spill: &mut OutSpill,
    ) -> io::Result<()> {
        let mut texts = ids
            .filter_map(|a| self.attachments.get(a as usize))
            .map(|x| self.str_of(x.text))
            .peekable();
        if texts.peek().is_none() {
            // Most moves: no unreadable text, no vector.
            return Ok(());
        }
        let texts: Vec<&str> = texts.collect();
        match texts.as_slice() {
            [] => Ok(()),
            [one] => {
                out.extend_from_slice(key);
                put_long_str(out, one, spill);
                Ok(())
            }
            many => {
                out.extend_from_slice(key);
                put_str(out, &many.join(" "));
                Ok(())
            }
        }
    }

    /// The game's JSON object from `"variant"` on (see [`Lean::json`]);
    /// the offset in the game's text where each span's line number starts
    /// goes to `lines`, for the ordered writer to move them
    /// ([`super::Rendered::write_json`]).
    pub(super) fn write_json(
        &self,
        out: &mut Vec<u8>,
        lines: &mut Vec<u32>,
        spill: &mut OutSpill,
    ) -> io::Result<()> {
        // `--fix-result` sets the last [Result] tag, or adds one, as the
        // record's builder does (in place: a giant tag section is not
        // copied).
        let fixed = self
            .result
            .filter(|_| self.fixed_result)
            .map(|r| r.as_str());
        let count = self.tags.len();
        let last_result = (0..count).rev().find(|&i| self.tag_pair(i).0 == "Result");
        let added = fixed.filter(|_| last_result.is_none());
        let tag = |i: usize| match fixed {
            Some(value) if Some(i) == last_result => (self.tag_pair(i).0, value),
            _ => self.tag_pair(i),
        };
        let variant = crate::rules::setup::variant_named(self.last_tag("Variant"))
            .ok()
            .map(|v| v.name());
        out.extend_from_slice(b"\"variant\":");
        put_opt_str(out, variant);
        out.extend_from_slice(b",\"tags\":[");
        let all = (0..count)
            .map(tag)
            .chain(added.map(|value| ("Result", value)));
        for (k, (name, value)) in all.enumerate() {
            if k > 0 {
                out.push(b',');
            }
            out.push(b'[');
            put_str(out, name);
            out.push(b',');
            put_str(out, value);
            out.push(b']');
            spill.drain(out);
        }
        out.push(b']');
        out.extend_from_slice(b",\"comments\":");
        self.put_comments(out, self.game_level(Kind::Before), spill)?;
        self.put_texts(
            out,
            b",\"unreadable\":",
            self.game_level(Kind::UnreadableBefore),
            spill,
        )?;
        out.extend_from_slice(b",\"moves\":[");
        let mut template = MoveJson::new();
        // A parent comes before its children: plies in one pass.
        let mut plies: Vec<u32> = Vec::with_capacity(self.nodes.len());
        plies.push(0);
        for (i, n) in self.nodes.iter().enumerate().skip(1) {
            spill.drain(out);
            let ply = plies.get(n.parent as usize).map_or(1, |&p| p + 1);
            plies.push(ply);
            let span = self.node_spans.get(i).copied().unwrap_or_default();
            if let Some(line) = template.put_move(out, self.text.as_bytes(), i == 1, n, ply, span) {
                lines.push(at(spill, line));
                continue;
            }
            let id = super::offset(i);
            if !template.put_head(out, self.text.as_bytes(), i == 1, n, ply) {
                if i > 1 {
                    out.push(b',');
                }
                out.extend_from_slice(b"{\"parent\":");
                match n.parent {
                    0 => out.extend_from_slice(b"null"),
                    p => put_u64(out, u64::from(p - 1)),
                }
                out.extend_from_slice(b",\"ply\":");
                put_u64(out, u64::from(ply));
                // The quotes go with the keys around.
                out.extend_from_slice(b",\"written\":\"");
                put_arena_inner(out, &self.text, n.written);
                out.extend_from_slice(b"\",\"check\":\"");
                // The mark's JSON string as it is: nothing in it to escape.
                out.extend_from_slice(check_text(n.check).as_bytes());
                out.extend_from_slice(b"\",\"san\":");
                put_opt_arena(out, &self.text, n.san.get());
                out.extend_from_slice(b",\"lan\":");
                put_opt_arena(out, &self.text, n.lan.get());
            }
            if n.first_attachment == super::NONE {
                // Most moves: nothing attached.
                out.extend_from_slice(
                    b",\"marks\":[],\"nags\":[],\"comments_before\":[],\"comments_after\":[]",
                );
            } else {
                out.extend_from_slice(b",\"marks\":[");
                for (k, a) in self.attached(id, |k| k == Kind::Mark).enumerate() {
                    if k > 0 {
                        out.push(b',');
                    }
                    let text = self.attachments.get(a as usize).map_or((0, 0), |x| x.text);
                    put_str(out, self.str_of(text));
                }
                out.extend_from_slice(b"],\"nags\":[");
                for (k, a) in self.attached(id, |k| matches!(k, Kind::Nag(_))).enumerate() {
                    if k > 0 {
                        out.push(b',');
                    }
                    if let Some(Kind::Nag(nag)) = self.attachments.get(a as usize).map(|x| x.kind) {
                        put_u64(out, u64::from(nag));
                    }
                }
                out.extend_from_slice(b"],\"comments_before\":");
                self.put_comments(out, self.attached(id, |k| k == Kind::Before), spill)?;
                out.extend_from_slice(b",\"comments_after\":");
                self.put_comments(out, self.attached(id, |k| k == Kind::After), spill)?;
                self.put_texts(
                    out,
                    b",\"unreadable_before\":",
                    self.attached(id, |k| k == Kind::UnreadableBefore),
                    spill,
                )?;
                self.put_texts(
                    out,
                    b",\"unreadable_after\":",
                    self.attached(id, |k| k == Kind::UnreadableAfter),
                    spill,
                )?;
            }
            let line = template.put_end(out, n.error, span);
            lines.push(at(spill, line));
        }
        out.extend_from_slice(b"],\"result\":");
        put_opt_str(out, self.result.map(|r| r.as_str()));
        if !self.after_result.is_empty() {
            out.extend_from_slice(b",\"comments_after_result\":");
            self.put_comments(out, self.after_result.iter().copied(), spill)?;
        }
        let (open, empty) = self.open_variations;
        if open > 0 {
            out.extend_from_slice(b",\"open_variations\":");
            put_u64(out, u64::from(open));
        }
        if empty {
            out.extend_from_slice(b",\"open_variation_empty\":true");
        }
        if let Some(c) = self.open_comment {
            out.extend_from_slice(b",\"open_comment\":");
            self.put_comment(out, c, spill)?;
        }
        let line = put_span(out, self.span);
        lines.push(at(spill, line));
        out.extend_from_slice(b",\"truncated\":false}");
        Ok(())
    }
}

/// The offset in the game's text of offset `at` in the output buffer,
/// past what went to the file.
fn at(spill: &OutSpill, at: usize) -> u32 {
    super::offset_u64(spill.base() + at as u64)
}

/// [`put_str`] of text that may be giant (a million stray bytes of one
/// game, held as one string): written 64 KiB at a time, the output going
/// to its file as it grows. Escaping is byte by byte, so the pieces give
/// the text of the whole.
fn put_long_str(out: &mut Vec<u8>, s: &str, spill: &mut OutSpill) {
    const PIECE: usize = 1 << 16;
    if s.len() <= PIECE {
        put_str(out, s);
        return;
    }
    out.push(b'"');
    let mut piece_json = Vec::new();
    let mut rest = s;
    while !rest.is_empty() {
        let mut cut = rest.len().min(PIECE);
        while !rest.is_char_boundary(cut) {
            cut -= 1;
        }
        let (piece, tail) = rest.split_at(cut);
        piece_json.clear();
        put_str(&mut piece_json, piece);
        let inner = piece_json.len().saturating_sub(1);
        out.extend_from_slice(piece_json.get(1..inner).unwrap_or_default());
        spill.drain(out);
        rest = tail;
    }
    out.push(b'"');
}
