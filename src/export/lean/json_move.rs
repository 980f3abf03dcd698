//! An ordinary move's JSON object (nothing attached, its strings short and
//! plain) written from a template: the fixed keys as constant runs, the
//! numbers and strings as whole words into one scratch array, copied to
//! the output once. Most moves of most games take this path; any other
//! move goes through [`super::json`]'s general writer, and both give the
//! same bytes (unit tests below against serde_json's text, and
//! `tests/lean_export.rs` against the record's writer).

use super::json_text::{PAIRS, eight_digits, masked_needs_escape, needs_escape, splat};
use super::{Node, Text};
use crate::diag::Span;
use crate::notation::CheckMark;

/// Positions in the scratch are taken modulo `WINDOW`, so that every
/// write is in bounds by construction (no check, no panic): the longest
/// object this path writes is some 350 bytes, below it.
const WINDOW: usize = 512;
/// Room past `WINDOW` for the widest write (the keys' longest run).
const SLACK: usize = 128;

/// Scratch for one move's object, reused from move to move.
#[derive(Debug)]
pub(super) struct MoveJson {
    b: [u8; WINDOW + SLACK],
}

/// A short plain string's 16 bytes read from the arena (bytes past its
/// end included) and its length.
type Block = ([u8; 16], usize);

/// Text `(start, end)` of `arena` as a [`Block`], when it has at most 16
/// bytes, 16 bytes of the arena start there and, when `scan`, none of its
/// own needs an escape.
#[inline(always)]
fn block(arena: &[u8], (start, end): Text, scan: bool) -> Option<Block> {
    let (start, end) = (start as usize, end as usize);
    let len = end.wrapping_sub(start);
    if len > 16 {
        return None;
    }
    let b: [u8; 16] = arena.get(start..start.wrapping_add(16))?.try_into().ok()?;
    let (lo, hi) = words(&b);
    if scan {
        if (needs_escape(lo) || needs_escape(hi)) && masked_needs_escape(lo, hi, len) {
            return None;
        }
    } else {
        debug_assert!(!masked_needs_escape(lo, hi, len), "notation to escape");
    }
    Some((b, len))
}

fn words(b: &[u8; 16]) -> (u64, u64) {
    let (lo, hi) = b.split_at(8);
    let word = |w: &[u8]| <[u8; 8]>::try_from(w).map_or(0, u64::from_le_bytes);
    (word(lo), word(hi))
}

/// A string that may be absent (`null`).
fn opt_block(arena: &[u8], text: Option<Text>, scan: bool) -> Option<Option<Block>> {
    match text {
        None => Some(None),
        Some(t) => block(arena, t, scan).map(Some),
    }
}

impl MoveJson {
    pub(super) fn new() -> MoveJson {
        MoveJson {
            b: [0; WINDOW + SLACK],
        }
    }

    /// Writes `bytes` at `p`; the position past them.
    #[inline(always)]
    fn put<const N: usize>(&mut self, p: usize, bytes: &[u8; N]) -> usize {
        let q = p & (WINDOW - 1);
        if let Some(dst) = self.b.get_mut(q..q + N) {
            dst.copy_from_slice(bytes);
        }
        q + N
    }

    /// Writes the first `len` bytes of a 16-byte block at `p` (all 16
    /// are copied, the rest overwritten by what follows).
    #[inline(always)]
    fn put_block(&mut self, p: usize, (b, len): Block) -> usize {
        self.put(p, &b);
        (p & (WINDOW - 1)) + len
    }

    /// Writes `n` in decimal at `p`: below 100 from the table of pairs,
    /// below 10^8 as one word of eight digits cut past its leading zeros.
    #[inline(always)]
    fn num(&mut self, p: usize, n: u64) -> usize {
        if n < 100 {
            let k = n as usize * 2;
            let short = usize::from(n < 10);
            // One digit: the pair's second byte, written first.
            let pair = [
                PAIRS.get(k + short).copied().unwrap_or(b'0'),
                PAIRS.get(k + 1).copied().unwrap_or(b'0'),
            ];
            self.put(p, &pair);
            (p & (WINDOW - 1)) + 2 - short
        } else if n < 100_000_000 {
            self.leading(p, n)
        } else {
            self.long(p, n)
        }
    }

    /// `n` below 10^8 without its leading zeros.
    #[inline(always)]
    fn leading(&mut self, p: usize, n: u64) -> usize {
        let d = eight_digits(n);
        // Leading zeros are the low zero bytes; 0 itself keeps one digit.
        let zeros = (d.trailing_zeros() / 8).min(7) as usize;
        self.put(p, &((d + splat(b'0')) >> (8 * zeros)).to_le_bytes());
        (p & (WINDOW - 1)) + 8 - zeros
    }

    /// `n` from 10^8 on (a span's offsets past 95 MiB).
    #[inline(never)]
    fn long(&mut self, p: usize, n: u64) -> usize {
        if n < 10_000_000_000_000_000 {
            let p = self.leading(p, n / 100_000_000);
            self.put(
                p,
                &(eight_digits(n % 100_000_000) + splat(b'0')).to_le_bytes(),
            )
        } else {
            let mut buf = [0; 20];
            let digits = crate::export::pgn::digits(n, &mut buf);
            let mut p = p;
            for &d in digits {
                p = self.put(p, &[d]);
            }
            p
        }
    }

    /// Writes move `n`'s object at 0 (a comma first) from `{"parent":`
    /// through its LAN, when its written form, SAN and LAN are at most 16
    /// bytes with 16 bytes of the arena from their starts and the written
    /// form has nothing to escape; the position past it.
    #[inline(always)]
    fn head(&mut self, arena: &[u8], n: &Node, ply: u32) -> Option<usize> {
        let written = block(arena, n.written, true)?;
        // SAN and LAN are the rules' own text, from an alphabet with
        // nothing to escape (piece letters are A-Z; `tests/lean_export.rs`
        // holds every variant family's fixtures to the record's writer,
        // which escapes): no scan.
        let san = opt_block(arena, n.san.get(), false)?;
        let lan = opt_block(arena, n.lan.get(), false)?;
        let mut p = self.put(0, b",{\"parent\":");
        p = match n.parent {
            0 => self.put(p, b"null"),
            parent => self.num(p, u64::from(parent - 1)),
        };
        p = self.put(p, b",\"ply\":");
        p = self.num(p, u64::from(ply));
        p = self.put(p, b",\"written\":\"");
        p = self.put_block(p, written);
        p = self.put(p, b"\",\"check\":\"");
        p = match n.check {
            CheckMark::None => p,
            CheckMark::Check => self.put(p, b"+"),
            CheckMark::Mate => self.put(p, b"#"),
        };
        p = self.put(p, b"\",\"san\":");
        for (key, text) in [(None, san), (Some(b",\"lan\":"), lan)] {
            if let Some(key) = key {
                p = self.put(p, key);
            }
            p = match text {
                Some(b) => {
                    let p = self.put(p, b"\"");
                    let p = self.put_block(p, b);
                    self.put(p, b"\"")
                }
                None => self.put(p, b"null"),
            };
        }
        Some(p)
    }

    /// Writes `,"error":true` when `error`, the span and the object's
    /// closing brace at `p`; the position past them and where the span's
    /// line number starts.
    #[inline(always)]
    fn end(&mut self, mut p: usize, error: bool, span: Span) -> (usize, usize) {
        if error {
            p = self.put(p, b",\"error\":true");
        }
        p = self.put(p, b",\"span\":{\"start\":");
        p = self.num(p, span.start);
        p = self.put(p, b",\"end\":");
        p = self.num(p, span.end);
        p = self.put(p, b",\"line\":");
        let line = p & (WINDOW - 1);
        p = self.num(p, u64::from(span.line));
        p = self.put(p, b",\"column\":");
        p = self.num(p, u64::from(span.column));
        (self.put(p, b"}}"), line)
    }

    /// Appends bytes `from..to` of the scratch to `out`.
    #[inline(always)]
    fn flush(&self, out: &mut Vec<u8>, from: usize, to: usize) {
        out.extend_from_slice(self.b.get(from..to & (WINDOW - 1)).unwrap_or_default());
    }

    /// Appends move `n`'s object (a comma first unless `first`) when it
    /// can be written from the template: nothing attached to it and
    /// [`MoveJson::head`]'s strings. Returns the offset in `out` where its
    /// span's line number starts (for the ordered writer), or `None` with
    /// nothing written.
    #[inline]
    pub(super) fn put_move(
        &mut self,
        out: &mut Vec<u8>,
        arena: &[u8],
        first: bool,
        n: &Node,
        ply: u32,
        span: Span,
    ) -> Option<usize> {
        if n.first_attachment != super::NONE {
            return None;
        }
        let p = self.head(arena, n, ply)?;
        // Nothing attached: the lists empty.
        let p = self.put(
            p,
            b",\"marks\":[],\"nags\":[],\"comments_before\":[],\"comments_after\":[]",
        );
        let (p, line) = self.end(p, n.error, span);
        let from = usize::from(first);
        let at = out.len();
        self.flush(out, from, p);
        Some(at + line - from)
    }

    /// Appends move `n`'s object up to its attachments (a comma first
    /// unless `first`) when [`MoveJson::head`] can write it; whether it
    /// did.
    pub(super) fn put_head(
        &mut self,
        out: &mut Vec<u8>,
        arena: &[u8],
        first: bool,
        n: &Node,
        ply: u32,
    ) -> bool {
        let Some(p) = self.head(arena, n, ply) else {
            return false;
        };
        self.flush(out, usize::from(first), p);
        true
    }

    /// Appends `,"error":true` when `error`, the span and the object's
    /// closing brace; the offset in `out` where the span's line number
    /// starts.
    pub(super) fn put_end(&mut self, out: &mut Vec<u8>, error: bool, span: Span) -> usize {
        let (p, line) = self.end(0, error, span);
        let at = out.len();
        self.flush(out, 0, p);
        at + line
    }
}

#[cfg(test)]
mod tests {
    use super::super::MaybeText;
    use super::*;

    /// The object as serde_json writes the record's move (keys in the
    /// record's order).
    fn want(arena: &str, n: &Node, ply: u32, span: Span) -> String {
        let s = |t: Text| arena.get(t.0 as usize..t.1 as usize).unwrap_or("");
        let parent = match n.parent {
            0 => serde_json::Value::Null,
            p => serde_json::json!(p - 1),
        };
        let json = |v: &serde_json::Value| serde_json::to_string(v).expect("a value serializes");
        let opt = |t: Option<Text>| json(&t.map_or(serde_json::Value::Null, |t| s(t).into()));
        format!(
            "{{\"parent\":{},\"ply\":{ply},\"written\":{},\"check\":{},\"san\":{},\"lan\":{},\
             \"marks\":[],\"nags\":[],\"comments_before\":[],\"comments_after\":[]{}\
             ,\"span\":{}}}",
            json(&parent),
            json(&s(n.written).into()),
            json(&crate::export::json::check_text(n.check).into()),
            opt(n.san.get()),
            opt(n.lan.get()),
            if n.error { ",\"error\":true" } else { "" },
            serde_json::to_string(&crate::export::json::JsonSpan::from(span))
                .expect("a span serializes"),
        )
    }

    #[test]
    fn template_moves_are_serde_jsons_text_or_left_to_the_general_writer() {
        let arena = "e4 Nf3 O-O-O exd8=Q+ \"q\" a\\b \t abcdefghijklmnopqrstu Müller 棋 g1f3 \
                     0123456789abcdef                ";
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut buf = MoveJson::new();
        let mut written = 0;
        let len = arena.len() as u64;
        for k in 0..200_000 {
            let mut text = || {
                let start = (next() % len) as u32;
                let end = start + (next() % 20) as u32;
                (start, end)
            };
            let (w, s, l) = (text(), text(), text());
            let valid = |t: Text| arena.get(t.0 as usize..t.1 as usize).is_some();
            if !valid(w) || !valid(s) || !valid(l) {
                continue;
            }
            let big = |r: u64| match r % 4 {
                0 => r % 10,
                1 => r % 1000,
                2 => r % 1_000_000_000,
                _ => r >> (r % 64),
            };
            // SAN and LAN never need an escape (the rules write them).
            let plain = |t: Text| {
                let text = arena.get(t.0 as usize..t.1 as usize).unwrap_or("");
                !text.bytes().any(|c| c < 0x20 || c == b'"' || c == b'\\')
            };
            let n = Node {
                parent: (next() % 3000) as u32,
                written: w,
                san: MaybeText::of((next() % 5 > 0 && plain(s)).then_some(s)),
                lan: MaybeText::of((next() % 5 > 0 && plain(l)).then_some(l)),
                check: [CheckMark::None, CheckMark::Check, CheckMark::Mate][k % 3],
                error: next() % 7 == 0,
                ..Node::EMPTY
            };
            let span = Span {
                start: big(next()),
                end: big(next()),
                line: big(next()) as u32,
                column: big(next()) as u32,
            };
            let ply = big(next()) as u32;
            let mut out = b"[x".to_vec();
            let first = k % 2 == 0;
            let Some(line) = buf.put_move(&mut out, arena.as_bytes(), first, &n, ply, span) else {
                assert_eq!(out, b"[x", "nothing written when the template fails");
                continue;
            };
            written += 1;
            let sep = if first { "" } else { "," };
            let expected = format!("[x{sep}{}", want(arena, &n, ply, span));
            assert_eq!(String::from_utf8_lossy(&out), expected);
            let at = out.get(line..).unwrap_or_default();
            assert!(at.starts_with(span.line.to_string().as_bytes()));
            assert!(out.get(..line).unwrap_or_default().ends_with(b",\"line\":"));
        }
        // Most draws fit the template; the rest went to the general writer.
        assert!(written > 20_000, "{written}");
        let n = Node {
            first_attachment: 0,
            ..Node::EMPTY
        };
        let mut out = Vec::new();
        assert_eq!(
            buf.put_move(&mut out, arena.as_bytes(), true, &n, 1, Span::default()),
            None
        );
        assert!(out.is_empty());
    }
}
