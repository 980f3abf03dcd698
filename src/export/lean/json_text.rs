//! JSON text written by hand into a byte buffer: strings escaped exactly
//! as serde_json escapes them (`\"`, `\\`, `\b \t \n \f \r`, `\u00xx` for
//! the other control characters, everything else as it is), numbers and
//! spans without a formatter. The unit tests hold each to serde_json's
//! text.

use crate::diag::Span;

/// Eight copies of byte `b`.
pub(super) const fn splat(b: u8) -> u64 {
    0x0101_0101_0101_0101 * b as u64
}

/// Whether any of the 8 bytes in `x` needs an escape in a JSON string:
/// below 0x20, `"` or `\`. Exact (no false positives): each term is the
/// classic "has a zero byte" / "has a byte less than n" test.
pub(super) fn needs_escape(x: u64) -> bool {
    const HIGH: u64 = splat(0x80);
    let zero = |v: u64| v.wrapping_sub(splat(1)) & !v & HIGH;
    let control = x.wrapping_sub(splat(0x20)) & !x & HIGH;
    (control | zero(x ^ splat(b'"')) | zero(x ^ splat(b'\\'))) != 0
}

fn is_plain(b: u8) -> bool {
    b >= 0x20 && b != b'"' && b != b'\\'
}

/// Length of the prefix of `b` that is written as it is, eight bytes at a
/// time where it can.
#[inline]
fn plain_prefix(b: &[u8]) -> usize {
    let mut n = 0;
    for chunk in b.chunks_exact(8) {
        let x = u64::from_le_bytes([
            chunk[0], chunk[1], chunk[2], chunk[3], chunk[4], chunk[5], chunk[6], chunk[7],
        ]);
        if needs_escape(x) {
            break;
        }
        n += 8;
    }
    n + b
        .get(n..)
        .unwrap_or_default()
        .iter()
        .take_while(|&&c| is_plain(c))
        .count()
}

/// Appends `s` as a JSON string.
#[inline]
pub(super) fn put_str(out: &mut Vec<u8>, s: &str) {
    let b = s.as_bytes();
    let n = plain_prefix(b);
    if n == b.len() {
        // Most strings: nothing to escape.
        out.reserve(n + 2);
        out.push(b'"');
        out.extend_from_slice(b);
        out.push(b'"');
    } else {
        put_escaped(out, b);
    }
}

/// [`put_str`] of text `(start, end)` of `arena`.
#[inline]
pub(super) fn put_arena(out: &mut Vec<u8>, arena: &str, text: (u32, u32)) {
    out.push(b'"');
    put_arena_inner(out, arena, text);
    out.push(b'"');
}

/// [`put_arena`] without the quotes (the caller writes them with the keys
/// around). A short text (a move's SAN, LAN or written form) is read as
/// the 16 arena bytes from its start and copied as one fixed-size block,
/// the output then cut back: no scan loop, no call to copy. The escape
/// test looks at all 16 bytes first (past the text's end is most often the
/// next move, with nothing to escape either); only when that finds one
/// are the bytes past the end masked out.
#[inline(always)]
pub(super) fn put_arena_inner(out: &mut Vec<u8>, arena: &str, (start, end): (u32, u32)) {
    let (start, end) = (start as usize, end as usize);
    let len = end.wrapping_sub(start);
    let block = arena
        .as_bytes()
        .get(start..start.wrapping_add(16))
        .and_then(|b| <[u8; 16]>::try_from(b).ok());
    if let Some(block) = block.filter(|_| len <= 16) {
        let (lo, hi) = block.split_at(8);
        let word = |w: &[u8]| <[u8; 8]>::try_from(w).map_or(0, u64::from_le_bytes);
        let (lo, hi) = (word(lo), word(hi));
        if (!needs_escape(lo) && !needs_escape(hi)) || !masked_needs_escape(lo, hi, len) {
            let at = out.len();
            out.extend_from_slice(&block);
            out.truncate(at + len);
            return;
        }
    }
    put_str_inner(out, arena.get(start..end).unwrap_or(""));
}

/// [`put_str`] without the quotes.
#[cold]
fn put_str_inner(out: &mut Vec<u8>, s: &str) {
    let at = out.len();
    put_str(out, s);
    // The opening and closing quotes put_str wrote.
    out.pop();
    if at < out.len() {
        out.remove(at);
    }
}

/// Whether the first `len` (at most 16) of the bytes in words `lo`, `hi`
/// need an escape: the bytes past them taken as spaces.
#[cold]
pub(super) fn masked_needs_escape(lo: u64, hi: u64, len: usize) -> bool {
    // The bytes of each word that belong to the text, as a mask.
    let keep = |n: usize| match n {
        0 => 0,
        1..=7 => (1u64 << (8 * n)) - 1,
        _ => u64::MAX,
    };
    let (m_lo, m_hi) = (keep(len), keep(len.saturating_sub(8)));
    let pad = splat(b' ');
    needs_escape((lo & m_lo) | (pad & !m_lo)) || needs_escape((hi & m_hi) | (pad & !m_hi))
}

/// [`put_arena`], `null` for none.
#[inline]
pub(super) fn put_opt_arena(out: &mut Vec<u8>, arena: &str, text: Option<(u32, u32)>) {
    match text {
        Some(t) => put_arena(out, arena, t),
        None => out.extend_from_slice(b"null"),
    }
}

/// [`put_str`] of text that has something to escape.
#[cold]
fn put_escaped(out: &mut Vec<u8>, b: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.reserve(b.len() + 8);
    out.push(b'"');
    let mut from = 0;
    while let Some(rest) = b.get(from..) {
        let n = plain_prefix(rest);
        out.extend_from_slice(rest.get(..n).unwrap_or_default());
        from += n + 1;
        let Some(&c) = rest.get(n) else { break };
        let short = match c {
            b'"' => b'"',
            b'\\' => b'\\',
            0x08 => b'b',
            0x09 => b't',
            0x0A => b'n',
            0x0C => b'f',
            0x0D => b'r',
            _ => 0,
        };
        if short != 0 {
            out.extend_from_slice(&[b'\\', short]);
        } else {
            out.extend_from_slice(b"\\u00");
            out.push(HEX[usize::from(c >> 4)]);
            out.push(HEX[usize::from(c & 0xF)]);
        }
    }
    out.push(b'"');
}

/// Appends `s` as a JSON string, `null` for none.
pub(super) fn put_opt_str(out: &mut Vec<u8>, s: Option<&str>) {
    match s {
        Some(s) => put_str(out, s),
        None => out.extend_from_slice(b"null"),
    }
}

/// Two decimal digits for each number below 100.
pub(super) const PAIRS: &[u8; 200] = b"00010203040506070809101112131415161718192021222324\
    25262728293031323334353637383940414243444546474849\
    50515253545556575859606162636465666768697071727374\
    75767778798081828384858687888990919293949596979899";

/// Appends `n` in decimal: plies, parents, columns and most lines are
/// below 100, written without the digit loop and its copy.
#[inline]
pub(super) fn put_u64(out: &mut Vec<u8>, n: u64) {
    if n < 10 {
        out.push(b'0' + n as u8);
    } else if n < 100 {
        let k = n as usize * 2;
        out.extend_from_slice(&[PAIRS[k], PAIRS[k + 1]]);
    } else {
        put_num(out, n);
    }
}

/// The eight decimal digits of `x` below 10^8, leading zeros included,
/// one a byte with the first in the lowest (digit values, not ASCII):
/// both halves of four digits, then their hundreds, then their tens,
/// divided in parallel in the lanes of one word by multiplying with
/// reciprocals that are exact below these bounds (Paul Khuong's
/// `encode_ten_thousands`).
#[inline]
pub(super) fn eight_digits(x: u64) -> u64 {
    let merged = (x / 10_000) | ((x % 10_000) << 32);
    // Division by 100 in each 32-bit lane (10486 / 2^20 ~= 1/100).
    let top = (merged.wrapping_mul(10_486) >> 20) & ((0x7F << 32) | 0x7F);
    let bot = merged.wrapping_sub(top.wrapping_mul(100));
    // Four numbers below 100, each in a 16-bit lane.
    let hundreds = (bot << 16).wrapping_add(top);
    // Division by 10 in each 16-bit lane (103 / 2^10 ~= 1/10).
    let mut tens = (hundreds.wrapping_mul(103) >> 10) & 0x000F_000F_000F_000F;
    tens = tens.wrapping_add(hundreds.wrapping_sub(tens.wrapping_mul(10)) << 8);
    tens
}

/// Appends `n` in decimal: eight digits at a time as one word
/// ([`eight_digits`]), copied whole and the output cut back past the
/// leading zeros' length.
#[inline(always)]
fn put_num(out: &mut Vec<u8>, n: u64) {
    if n < 100_000_000 {
        put_leading(out, n);
    } else {
        put_long(out, n);
    }
}

/// [`put_num`] of `n` below 10^8, its leading zeros left out.
#[inline(always)]
fn put_leading(out: &mut Vec<u8>, n: u64) {
    let d = eight_digits(n);
    // Leading zeros are the low zero bytes; 0 itself keeps one digit.
    let zeros = (d.trailing_zeros() / 8).min(7) as usize;
    let at = out.len();
    out.extend_from_slice(&((d + splat(b'0')) >> (8 * zeros)).to_le_bytes());
    out.truncate(at + 8 - zeros);
}

/// [`put_num`] of `n` from 10^8 on (a span's offsets past 95 MiB).
#[inline(never)]
fn put_long(out: &mut Vec<u8>, n: u64) {
    if n < 10_000_000_000_000_000 {
        put_leading(out, n / 100_000_000);
        let low = eight_digits(n % 100_000_000) + splat(b'0');
        out.extend_from_slice(&low.to_le_bytes());
    } else {
        out.extend_from_slice(crate::export::pgn::digits(n, &mut [0; 20]));
    }
}

/// Appends `,"span":` and a span as [`crate::export::json::JsonSpan`]
/// serializes it; the offset in `out` where its line number starts (the
/// ordered writer moves the lines of a worker that started past the
/// input's first line, [`super::Rendered::write_json`]).
#[inline]
pub(super) fn put_span(out: &mut Vec<u8>, s: Span) -> usize {
    // Room for the longest span: each piece below then only copies.
    out.reserve(112);
    out.extend_from_slice(b",\"span\":{\"start\":");
    put_num(out, s.start);
    out.extend_from_slice(b",\"end\":");
    put_num(out, s.end);
    out.extend_from_slice(b",\"line\":");
    let line = out.len();
    put_num(out, u64::from(s.line));
    out.extend_from_slice(b",\"column\":");
    put_num(out, u64::from(s.column));
    out.push(b'}');
    line
}

/// The line number at the start of `text` (its digits, up to the first
/// byte that is not one) and how many bytes it takes: a span's line as
/// [`put_span`] wrote it.
pub(super) fn line_at(text: &[u8]) -> (u32, usize) {
    let mut value = 0u64;
    let mut n = 0;
    while let Some(&c) = text.get(n).filter(|c| c.is_ascii_digit() && n < 10) {
        value = value * 10 + u64::from(c - b'0');
        n += 1;
    }
    (u32::try_from(value).unwrap_or(u32::MAX), n)
}

/// Appends `line` moved by `shift` lines, as the record's spans are moved
/// (line 0, unknown, stays 0).
pub(super) fn put_shifted_line(out: &mut Vec<u8>, line: u32, shift: u32) {
    let line = if line > 0 {
        line.saturating_add(shift)
    } else {
        0
    };
    put_num(out, u64::from(line));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn serde(s: &str) -> String {
        serde_json::to_string(s).expect("a string serializes")
    }

    fn ours(s: &str) -> String {
        let mut out = Vec::new();
        put_str(&mut out, s);
        String::from_utf8(out).expect("UTF-8 in, UTF-8 out")
    }

    #[test]
    fn every_ascii_byte_is_escaped_as_serde_json_does() {
        for b in 0u8..0x80 {
            let c = char::from(b);
            for s in [
                c.to_string(),
                format!("abcdefgh{c}"),
                format!("{c}abcdefghijklmnop"),
                format!("abc{c}defghijk{c}{c}lmnopqrstu"),
            ] {
                assert_eq!(ours(&s), serde(&s), "{s:?}");
            }
        }
    }

    #[test]
    fn text_of_any_length_and_script_is_escaped_as_serde_json_does() {
        let base = "Müller \u{10FF41} \"q\" \\ \n\t\r\x0C\x08\x1F\x7F — 棋 ";
        for len in 0..base.chars().count() {
            let s: String = base.chars().take(len).collect();
            assert_eq!(ours(&s), serde(&s), "{s:?}");
            let s: String = base.chars().skip(len).collect();
            assert_eq!(ours(&s), serde(&s), "{s:?}");
        }
        let long = "d=35, sd=49, pd=O-O-O, mt=90724, tl=6310981 ".repeat(40);
        assert_eq!(ours(&long), serde(&long));
    }

    #[test]
    fn arena_text_is_written_as_put_str_writes_it() {
        let arena = "e4Nf3\"q\"\tO-O-O x Müller abcdefghijklmnopq e8=Q+";
        for start in 0..arena.len() {
            for end in start..=arena.len() {
                let Some(s) = arena.get(start..end) else {
                    continue;
                };
                let (mut a, mut b) = (Vec::new(), Vec::new());
                put_arena(&mut a, arena, (start as u32, end as u32));
                put_str(&mut b, s);
                assert_eq!(a, b, "{s:?}");
            }
        }
    }

    #[test]
    fn numbers_eight_digits_at_a_time_are_their_decimal_text() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let check = |n: u64| {
            let mut out = b"x".to_vec();
            put_num(&mut out, n);
            assert_eq!(out, format!("x{n}").into_bytes());
        };
        for n in 0..100_000 {
            check(n);
        }
        let mut p = 1u64;
        while let Some(next) = p.checked_mul(10) {
            for n in [p - 1, p, p + 1, next - 1] {
                check(n);
            }
            p = next;
        }
        for _ in 0..100_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            check(seed >> (seed % 64));
        }
        check(u64::MAX);
    }

    #[test]
    fn spans_and_numbers_as_serde_json_writes_them() {
        let span = Span {
            start: u64::MAX,
            end: 0,
            line: 7,
            column: u32::MAX,
        };
        let mut out = b"x".to_vec();
        let line = put_span(&mut out, span);
        let mut want = b"x,\"span\":".to_vec();
        want.extend(
            serde_json::to_vec(&crate::export::json::JsonSpan::from(span))
                .expect("a span serializes"),
        );
        assert_eq!(out, want);
        assert_eq!(line_at(out.get(line..).unwrap_or_default()), (7, 1));
        for (start, end, line, column) in [
            (0, 0, 0, 0),
            (9, 10, 99, 100),
            (12345, 678901, 4_294_967_295, 1),
        ] {
            let span = Span {
                start,
                end,
                line,
                column,
            };
            let mut out = Vec::new();
            let at = put_span(&mut out, span);
            let want = format!(
                ",\"span\":{{\"start\":{start},\"end\":{end},\"line\":{line},\"column\":{column}}}"
            );
            assert_eq!(String::from_utf8_lossy(&out), want);
            assert_eq!(
                line_at(out.get(at..).unwrap_or_default()),
                (line, line.to_string().len())
            );
            let mut moved = b"x".to_vec();
            put_shifted_line(&mut moved, line, 8);
            let want = if line > 0 { line.saturating_add(8) } else { 0 };
            assert_eq!(moved, format!("x{want}").into_bytes());
        }
        let mut out = Vec::new();
        put_opt_str(&mut out, None);
        put_u64(&mut out, 1234567890);
        assert_eq!(out, b"null1234567890");
        let mut n = 1u64;
        for _ in 0..64 {
            for m in [n - 1, n, n.saturating_add(1), n.wrapping_mul(7) / 3] {
                let mut out = b"x".to_vec();
                put_u64(&mut out, m);
                assert_eq!(out, format!("x{m}").into_bytes());
            }
            n = n.saturating_mul(10).max(n.saturating_add(1));
        }
        for m in [0, 9, 10, 99, 100, 101, 999, 1000, u64::MAX - 1, u64::MAX] {
            let mut out = Vec::new();
            put_u64(&mut out, m);
            assert_eq!(out, m.to_string().into_bytes());
        }
    }
}
