//! A node's position string as a change of its parent's, as the page's
//! script rebuilds it: the string's fields are what stands between `/`
//! and ` `, and a change lists runs of consecutive fields that differ,
//! `[first field, "the run's text", ...]` (the text holds its own
//! separators); `[-1, "the whole string"]` when the two strings do not
//! have the same separators in the same order (and for the start).
//!
//! The general path ([`write_change`]) compares two whole strings. FIDE
//! chess and Chess960 ([`write_fide_change`]) write the same change from
//! the board's codes and the fields after the placement, given which
//! fields changed (`chess.rs` knows that from the move); a test there
//! holds the two equal at every ply of the chess fixtures and of random
//! games.

use super::json::{self, Bytes};

/// The separators between a position string's fields.
fn is_separator(b: u8) -> bool {
    b == b'/' || b == b' '
}

/// Appends `fen` as the change of `parent`'s (see the module's doc),
/// without the enclosing brackets. Only the fields around the bytes that
/// differ are compared field by field: the common start and end of the
/// two strings hold the same fields with the same separators.
pub(super) fn write_change(out: &mut Vec<u8>, parent: Option<&str>, fen: &str) {
    let whole = |out: &mut Vec<u8>| {
        out.extend_from_slice(b"-1,");
        json::string(out, fen);
    };
    let Some(parent) = parent else {
        return whole(out);
    };
    let (a, b) = (parent.as_bytes(), fen.as_bytes());
    let prefix = common_prefix(a, b);
    if prefix == a.len() && prefix == b.len() {
        return;
    }
    let room = a.len().min(b.len()) - prefix;
    let suffix = common_suffix(&a[prefix..], &b[prefix..]).min(room);
    // From the start of the field the first difference is in to the end
    // of the field the last one is in.
    let from = b[..prefix]
        .iter()
        .rposition(|&c| is_separator(c))
        .map_or(0, |i| i + 1);
    let end_b = b.len() - suffix;
    let end_b = b[end_b..]
        .iter()
        .position(|&c| is_separator(c))
        .map_or(b.len(), |i| end_b + i);
    let end_a = a.len() - (b.len() - end_b);
    let (ma, mb) = (&a[from..end_a], &b[from..end_b]);
    if !same_separators(ma, mb) {
        return whole(out);
    }
    let first_field = b[..from].iter().filter(|&&c| is_separator(c)).count();
    // Walk both middles field by field; their separators are the same.
    let (mut i, mut j) = (0, 0);
    let mut field = u32::try_from(first_field).unwrap_or(u32::MAX);
    let mut run: Option<(u32, usize)> = None;
    let mut first = true;
    loop {
        let ea = ma[i..]
            .iter()
            .position(|&c| is_separator(c))
            .map_or(ma.len(), |k| i + k);
        let eb = mb[j..]
            .iter()
            .position(|&c| is_separator(c))
            .map_or(mb.len(), |k| j + k);
        let differs = ma.get(i..ea) != mb.get(j..eb);
        match (differs, run) {
            (true, None) => run = Some((field, j)),
            (false, Some((k, start))) => {
                // The run ends before this field's separator.
                let text = fen.get(from + start..from + j.saturating_sub(1));
                push_run(out, &mut first, k, text.unwrap_or(""));
                run = None;
            }
            _ => {}
        }
        if eb >= mb.len() {
            if let Some((k, start)) = run {
                let text = fen.get(from + start..from + mb.len());
                push_run(out, &mut first, k, text.unwrap_or(""));
            }
            return;
        }
        i = ea + 1;
        j = eb + 1;
        field += 1;
    }
}

/// How many bytes `a` and `b` start with in common, compared eight at a
/// time (byte by byte this was most of a variant ply's change).
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let n = a.len().min(b.len());
    let mut i = 0;
    while let (Some(x), Some(y)) = (a.get(i..i + 8), b.get(i..i + 8)) {
        let (Ok(x), Ok(y)) = (<[u8; 8]>::try_from(x), <[u8; 8]>::try_from(y)) else {
            break;
        };
        // Little-endian: the first differing byte is the lowest set one.
        let d = u64::from_le_bytes(x) ^ u64::from_le_bytes(y);
        if d != 0 {
            return i + (d.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    i + a[i..n]
        .iter()
        .zip(&b[i..n])
        .take_while(|(x, y)| x == y)
        .count()
}

/// How many bytes `a` and `b` end with in common, eight at a time.
fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    let n = a.len().min(b.len());
    let mut k = 0;
    while k + 8 <= n {
        let (ea, eb) = (a.len() - k, b.len() - k);
        let (Ok(x), Ok(y)) = (
            <[u8; 8]>::try_from(&a[ea - 8..ea]),
            <[u8; 8]>::try_from(&b[eb - 8..eb]),
        ) else {
            break;
        };
        // Big-endian: the last byte is the lowest, so the first differing
        // byte from the end is the lowest set one.
        let d = u64::from_be_bytes(x) ^ u64::from_be_bytes(y);
        if d != 0 {
            return k + (d.trailing_zeros() / 8) as usize;
        }
        k += 8;
    }
    k + a[..a.len() - k]
        .iter()
        .rev()
        .zip(b[..b.len() - k].iter().rev())
        .take_while(|(x, y)| x == y)
        .count()
}

/// Whether `a` and `b` have the same separators in the same order (the
/// fields of one then stand where the other's do).
fn same_separators(a: &[u8], b: &[u8]) -> bool {
    a.iter()
        .copied()
        .filter(|&c| is_separator(c))
        .eq(b.iter().copied().filter(|&c| is_separator(c)))
}

fn push_run(out: &mut Vec<u8>, first: &mut bool, field: u32, text: &str) {
    if !*first {
        out.push(b',');
    }
    *first = false;
    json::number(out, u64::from(field));
    out.push(b',');
    json::string(out, text);
}

/// FEN's piece letters by board code ([`crate::rules::picture::ChessBoard::codes`]).
const CHARS: &[u8; 16] = b" PNBRQKpnbrqk???";

/// Appends rank `r` (0 the first) of the FEN placement of `codes`.
fn push_rank(out: &mut impl Bytes, codes: &[u8; 64], r: usize) {
    let mut empty = 0u8;
    for &code in codes.iter().skip(r * 8).take(8) {
        if code == 0 {
            empty += 1;
            continue;
        }
        if empty > 0 {
            out.push(b'0' + empty);
            empty = 0;
        }
        out.push(CHARS[usize::from(code & 15)]);
    }
    if empty > 0 {
        out.push(b'0' + empty);
    }
}

/// Appends the FEN of a chess board: its codes' placement, then `tail`,
/// the fields after it.
pub(super) fn push_chess_fen(out: &mut String, codes: &[u8; 64], tail: &str) {
    let mut bytes = std::mem::take(out).into_bytes();
    for r in (0..8).rev() {
        push_rank(&mut bytes, codes, r);
        bytes.push(if r > 0 { b'/' } else { b' ' });
    }
    bytes.extend_from_slice(tail.as_bytes());
    // Codes give ASCII letters and digits; `tail` was a string.
    *out = String::from_utf8(bytes).unwrap_or_default();
}

/// A chess FEN's fields after the placement: side to move, castling,
/// en passant and the two clocks.
#[derive(Clone, Copy, Debug)]
pub(super) struct TailText<'a> {
    /// `w` or `b`.
    pub(super) turn: u8,
    pub(super) castling: &'a str,
    /// The en-passant square, a1 = 0.
    pub(super) ep: Option<u8>,
    pub(super) half: u32,
    pub(super) full: u32,
}

/// Appends field `k` (0 side to move ... 4 the move number) of `t`.
fn push_tail_field(out: &mut impl Bytes, t: &TailText<'_>, k: usize) {
    match k {
        0 => out.push(t.turn),
        1 => out.extend(t.castling.as_bytes()),
        2 => match t.ep {
            Some(s) => {
                out.push(b'a' + s % 8);
                out.push(b'1' + s / 8 % 8);
            }
            None => out.push(b'-'),
        },
        3 => out.decimal(t.half),
        _ => out.decimal(t.full),
    }
}

/// Appends the five fields of `t`, a space between two.
pub(super) fn push_tail(out: &mut impl Bytes, t: &TailText<'_>) {
    for k in 0..5 {
        if k > 0 {
            out.push(b' ');
        }
        push_tail_field(out, t, k);
    }
}

/// [`write_change`] for a FIDE chess or Chess960 position given as its
/// board's codes and the fields after the placement, with `changed`
/// telling which fields differ from the parent's (bits 0 to 7 the ranks,
/// the eighth first; 8 to 12 the tail's): only those are written, runs of
/// consecutive ones together.
pub(super) fn write_fide_change(
    out: &mut impl Bytes,
    codes: &[u8; 64],
    mut changed: u32,
    tail: &TailText<'_>,
) {
    changed &= (1 << 13) - 1;
    let mut first = true;
    while changed != 0 {
        let f = changed.trailing_zeros() as usize;
        // The run: consecutive set bits from f.
        let len = (changed >> f).trailing_ones() as usize;
        let end = f + len - 1;
        changed &= !(((1u32 << len) - 1) << f);
        if !first {
            out.push(b',');
        }
        first = false;
        push_small(out, f);
        out.extend(b",\"");
        // Ranks and tail fields are ASCII without a byte to escape (the
        // castling field is X-FEN letters).
        for g in f..=end {
            if g > f {
                out.push(if g <= 7 { b'/' } else { b' ' });
            }
            if g < 8 {
                push_rank(out, codes, 7 - g);
            } else {
                push_tail_field(out, tail, g - 8);
            }
        }
        out.push(b'"');
    }
}

/// Appends a field number below 100.
fn push_small(out: &mut impl Bytes, n: usize) {
    if n >= 10 {
        out.push(b'0' + (n / 10 % 10) as u8);
    }
    out.push(b'0' + (n % 10) as u8);
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Rebuilds `fen` from `parent` and the change, as the page's script does.
    pub(in crate::export::view) fn apply(parent: &str, change: &[u8]) -> String {
        let v: serde_json::Value =
            serde_json::from_slice(&[b"[", change, b"]"].concat()).expect("JSON");
        let v = v.as_array().expect("array");
        let split = |s: &str| -> Vec<String> {
            let mut parts = Vec::new();
            let mut cur = String::new();
            for c in s.chars() {
                if c == '/' || c == ' ' {
                    parts.push(std::mem::take(&mut cur));
                    parts.push(c.to_string());
                } else {
                    cur.push(c);
                }
            }
            parts.push(cur);
            parts
        };
        let mut parts = split(parent);
        for pair in v.chunks(2) {
            let k = pair[0].as_i64().expect("field");
            let text = pair[1].as_str().expect("text");
            if k < 0 {
                parts = split(text);
                continue;
            }
            for (j, p) in split(text).into_iter().enumerate() {
                parts[2 * k as usize + j] = p;
            }
        }
        parts.concat()
    }

    /// The eight-at-a-time common start and end against byte by byte.
    #[test]
    fn common_prefix_and_suffix_count_bytes() {
        let words: [&[u8]; 6] = [
            b"",
            b"a",
            b"abcdefgh",
            b"abcdefghij",
            b"xbcdefghijklmnopq",
            b"abcdefghijklmnopq",
        ];
        let mut cases: Vec<Vec<u8>> = words.iter().map(|w| w.to_vec()).collect();
        for n in 0..40usize {
            let s: Vec<u8> = (0..n).map(|i| b'a' + (i % 7) as u8).collect();
            for at in 0..n {
                let mut t = s.clone();
                t[at] = b'Z';
                cases.push(t);
            }
            cases.push(s);
        }
        for a in &cases {
            for b in &cases {
                let p = a.iter().zip(b).take_while(|(x, y)| x == y).count();
                let s = a
                    .iter()
                    .rev()
                    .zip(b.iter().rev())
                    .take_while(|(x, y)| x == y)
                    .count();
                assert_eq!(common_prefix(a, b), p, "{a:?} {b:?}");
                assert_eq!(common_suffix(a, b), s, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn changes_rebuild_the_string() {
        for (a, b) in [
            ("a/b c", "a/x c"),
            ("a/b c", "y/b z"),
            ("a/b c", "a/b c"),
            ("a/b c", "a b/c"),
            ("8/8 w - - 0 1", "8/7p b - - 0 1"),
            ("a\"</b", "a\"</c"),
            ("", "x"),
            ("ab/cd/ef", "ab/cx/ef"),
            ("ab/cd/ef", "ab/cd/ef/gh"),
            ("ab/cd ef", "ab/cd/ef"),
            ("aa/aa/aa", "aa/a/aa"),
            ("r/p/8 w", "r/p/8 b"),
            ("x/y", "x/y/"),
            ("x/y/", "x/y"),
            ("/", "//"),
        ] {
            let mut out = Vec::new();
            write_change(&mut out, Some(a), b);
            assert_eq!(apply(a, &out), b, "{a} -> {b}");
        }
        let mut out = Vec::new();
        write_change(&mut out, None, "x y");
        assert_eq!(out, b"-1,\"x y\"");
    }
}
