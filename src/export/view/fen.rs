//! A node's position string as a change of its parent's, as the page's
//! script rebuilds it: the string's fields are what stands between `/`
//! and ` `, and a change lists runs of consecutive fields that differ,
//! `[first field, "the run's text", ...]` (the text holds its own
//! separators); `[-1, "the whole string"]` when the two strings do not
//! have the same separators in the same order (and for the start).
//!
//! The general path ([`write_change`]) compares two whole strings. FIDE
//! chess and Chess960 write no placement at all (the page's board codes
//! are piece letters, and the script writes the ranks from them) and only
//! the fields after it that are not what the parent's imply
//! ([`write_tail_change`]); a test in `chess.rs` holds the string the
//! page rebuilds equal to the position's FEN at every ply of the chess
//! fixtures and of random games.

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

/// Appends field `k` (0 side to move ... 4 the move number) of `t`; the
/// clocks as JSON numbers, the others as JSON strings when `quoted`.
fn push_tail_field(out: &mut impl Bytes, t: &TailText<'_>, k: usize, quoted: bool) {
    if k >= 3 {
        out.decimal(if k == 3 { t.half } else { t.full });
        return;
    }
    if quoted {
        out.push(b'"');
    }
    match k {
        0 => out.push(t.turn),
        1 => {
            for &b in t.castling.as_bytes() {
                // A castling field read from a FEN is written back as
                // read: escape what JSON or the script element cannot hold.
                if quoted && json::ESCAPED[usize::from(b)] {
                    const HEX: &[u8; 16] = b"0123456789abcdef";
                    out.extend(b"\\u00");
                    out.push(HEX[usize::from(b >> 4)]);
                    out.push(HEX[usize::from(b & 15)]);
                } else {
                    out.push(b);
                }
            }
        }
        _ => match t.ep {
            Some(s) => {
                out.push(b'a' + s % 8);
                out.push(b'1' + s / 8 % 8);
            }
            None => out.push(b'-'),
        },
    }
    if quoted {
        out.push(b'"');
    }
}

/// Appends the five fields of `t`, a space between two.
pub(super) fn push_tail(out: &mut impl Bytes, t: &TailText<'_>) {
    for k in 0..5 {
        if k > 0 {
            out.push(b' ');
        }
        push_tail_field(out, t, k, false);
    }
}

/// Appends a chess node's FEN fields after the placement as the page
/// writes them (the placement is the page's board: each cell's code is
/// a piece letter): `field, value, ...` for the fields in `written` (bit
/// `k` field `k`, 0 the side to move ... 4 the move number); every field
/// not written is what the script assumes from the parent's: the other
/// side to move, the same castling, no en-passant square, the halfmove
/// clock one more, the move number one more after Black's move.
pub(super) fn write_tail_change(out: &mut impl Bytes, written: u32, tail: &TailText<'_>) {
    let mut first = true;
    for k in 0..5 {
        if written >> k & 1 == 0 {
            continue;
        }
        if !first {
            out.push(b',');
        }
        first = false;
        out.push(b'0' + k as u8);
        out.push(b',');
        push_tail_field(out, tail, k, true);
    }
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

    /// A chess node's fields read back as JSON: the clocks as numbers,
    /// the others as strings, and a castling field that JSON or the
    /// script element cannot hold as it is written escaped.
    #[test]
    fn tail_changes_are_json() {
        for castling in ["KQkq", "-", "HAha", "<\"\\\n"] {
            let t = TailText {
                turn: b'b',
                castling,
                ep: Some(20),
                half: 0,
                full: 4_000_000_000,
            };
            let mut out = Vec::new();
            write_tail_change(&mut out, 0b11111, &t);
            let text = String::from_utf8(out).expect("UTF-8");
            assert!(!text.contains('<'), "{text}");
            let v: serde_json::Value =
                serde_json::from_str(&format!("[{text}]")).expect("valid JSON");
            assert_eq!(
                v,
                serde_json::json!([0, "b", 1, castling, 2, "e3", 3, 0, 4, 4_000_000_000u32])
            );
            let mut out = Vec::new();
            write_tail_change(&mut out, 0b01010, &t);
            let v: serde_json::Value =
                serde_json::from_slice(&[b"[", &out[..], b"]"].concat()).expect("valid JSON");
            assert_eq!(v, serde_json::json!([1, castling, 3, 0]));
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
