//! JSON text written by hand into a byte buffer: strings escaped exactly
//! as serde_json escapes them (`\"`, `\\`, `\b \t \n \f \r`, `\u00xx` for
//! the other control characters, everything else as it is), numbers and
//! spans without a formatter. The unit tests hold each to serde_json's
//! text.

use crate::diag::Span;

/// Eight copies of byte `b`.
const fn splat(b: u8) -> u64 {
    0x0101_0101_0101_0101 * b as u64
}

/// Whether any of the 8 bytes in `x` needs an escape in a JSON string:
/// below 0x20, `"` or `\`. Exact (no false positives): each term is the
/// classic "has a zero byte" / "has a byte less than n" test.
fn needs_escape(x: u64) -> bool {
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

/// Appends `n` in decimal.
pub(super) fn put_u64(out: &mut Vec<u8>, n: u64) {
    out.extend_from_slice(crate::export::pgn::digits(n, &mut [0; 20]));
}

/// Appends a span as [`crate::export::json::JsonSpan`] serializes it.
#[cfg(test)]
pub(super) fn put_span(out: &mut Vec<u8>, s: Span) {
    put_span_head(out, s);
    put_u64(out, u64::from(s.line));
    put_span_tail(out, s);
}

/// Appends a span up to its line number, `{"start":S,"end":E,"line":`:
/// the line is written by [`super::Rendered::write_json`], once the lines
/// before the worker's start are known. Assembled on the stack and
/// appended at once: one capacity check rather than five.
pub(super) fn put_span_head(out: &mut Vec<u8>, s: Span) {
    let mut buf = [0u8; 64];
    let mut n = 0;
    let mut put = |b: &[u8]| {
        if let Some(to) = buf.get_mut(n..n + b.len()) {
            to.copy_from_slice(b);
            n += b.len();
        }
    };
    let mut digits = [0; 20];
    put(b"{\"start\":");
    put(crate::export::pgn::digits(s.start, &mut digits));
    put(b",\"end\":");
    put(crate::export::pgn::digits(s.end, &mut digits));
    put(b",\"line\":");
    out.extend_from_slice(buf.get(..n).unwrap_or_default());
}

/// Appends the rest of a span after its line number: `,"column":C}`.
pub(super) fn put_span_tail(out: &mut Vec<u8>, s: Span) {
    let mut buf = [0u8; 32];
    let mut n = 0;
    let mut put = |b: &[u8]| {
        if let Some(to) = buf.get_mut(n..n + b.len()) {
            to.copy_from_slice(b);
            n += b.len();
        }
    };
    let mut digits = [0; 20];
    put(b",\"column\":");
    put(crate::export::pgn::digits(u64::from(s.column), &mut digits));
    put(b"}");
    out.extend_from_slice(buf.get(..n).unwrap_or_default());
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
    fn spans_and_numbers_as_serde_json_writes_them() {
        let span = Span {
            start: u64::MAX,
            end: 0,
            line: 7,
            column: u32::MAX,
        };
        let mut out = Vec::new();
        put_span(&mut out, span);
        let want = serde_json::to_vec(&crate::export::json::JsonSpan::from(span))
            .expect("a span serializes");
        assert_eq!(out, want);
        let mut out = Vec::new();
        put_opt_str(&mut out, None);
        put_u64(&mut out, 1234567890);
        assert_eq!(out, b"null1234567890");
    }
}
