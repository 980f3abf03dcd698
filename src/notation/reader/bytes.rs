//! Byte classes and sniffing: what is whitespace, a delimiter, binary data,
//! prose or movetext.

use memchr::memchr_iter;

use crate::notation::movetext;
use crate::notation::visitor::GameResult;

/// Bytes looked at after a control byte to decide whether it is binary data.
pub(super) const BINARY_WINDOW: usize = 512;

const SPACE: u8 = 1;
const CONTROL: u8 = 2;
const DELIMITER: u8 = 4;

/// The class bits of every byte: the reader asks for each byte it passes,
/// and one table look-up beats a chain of comparisons.
static CLASS: [u8; 256] = {
    let mut table = [0; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        let space = matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c);
        let control = (b < 0x20 && !space) || b == 0x7f;
        let delimiter =
            space || control || matches!(b, b'{' | b'}' | b'(' | b')' | b';' | b'[' | b']' | b'$');
        table[i] = if space { SPACE } else { 0 }
            | if control { CONTROL } else { 0 }
            | if delimiter { DELIMITER } else { 0 };
        i += 1;
    }
    table
};

/// Space, tab, newline, carriage return, vertical tab, form feed.
#[inline]
pub(super) fn is_space(b: u8) -> bool {
    CLASS[usize::from(b)] & SPACE != 0
}

/// Control bytes that are not whitespace.
#[inline]
pub(super) fn is_control(b: u8) -> bool {
    CLASS[usize::from(b)] & CONTROL != 0
}

/// Bytes that end a movetext token: whitespace, control bytes and
/// `{ } ( ) ; [ ] $`.
#[inline]
pub(super) fn is_delimiter(b: u8) -> bool {
    CLASS[usize::from(b)] & DELIMITER != 0
}

/// NUL bytes, or at least 10% control bytes (and more than a stray few).
pub(super) fn looks_binary(window: &[u8]) -> bool {
    window.contains(&0) || many_controls(window)
}

/// At least 10% control bytes, and more than a stray few.
pub(super) fn many_controls(window: &[u8]) -> bool {
    let controls = window.iter().filter(|&&b| is_control(b)).count();
    controls >= 4 && controls * 10 >= window.len()
}

/// The offset of the first line in `window` that starts with `[` (after a newline).
pub(super) fn find_tag_line(window: &[u8]) -> Option<usize> {
    memchr_iter(b'\n', window)
        .find(|&k| window.get(k + 1) == Some(&b'['))
        .map(|k| k + 1)
}

/// Whether text has something of movetext: a move number followed by a
/// non-digit (`1.`, `12...e5`, not `1.2`) or a result marker.
pub(super) fn looks_like_movetext(text: &[u8]) -> bool {
    text.split(|&b| is_space(b) || b == b'(' || b == b')')
        .any(|w| {
            if GameResult::from_ascii(w).is_some() {
                return true;
            }
            match movetext::move_number(w) {
                Ok((rest, (_, dots))) => {
                    dots > 0 && rest.first().is_none_or(|b| !b.is_ascii_digit())
                }
                Err(_) => false,
            }
        })
}

/// The largest length `<= n` that does not split a UTF-8 sequence of `bytes`
/// (or `n` itself when no boundary is near: the bytes are not UTF-8 anyway).
pub(super) fn utf8_boundary(bytes: &[u8], n: usize) -> usize {
    let mut k = n.min(bytes.len());
    for _ in 0..3 {
        match bytes.get(k) {
            Some(&b) if (b & 0xc0) == 0x80 && k > 0 => k -= 1,
            _ => return k,
        }
    }
    if bytes.get(k).is_some_and(|&b| (b & 0xc0) == 0x80) {
        n
    } else {
        k
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_classes() {
        for b in 0..=255u8 {
            let space = matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c);
            let control = (b < 0x20 && !space) || b == 0x7f;
            let delimiter = space || control || b"{}();[]$".contains(&b);
            assert_eq!(is_space(b), space, "{b:#x}");
            assert_eq!(is_control(b), control, "{b:#x}");
            assert_eq!(is_delimiter(b), delimiter, "{b:#x}");
        }
    }

    #[test]
    fn utf8_boundary_backs_off() {
        let s = "aé".as_bytes(); // 61 c3 a9
        assert_eq!(utf8_boundary(s, 2), 1);
        assert_eq!(utf8_boundary(s, 1), 1);
        assert_eq!(utf8_boundary(s, 3), 3);
        assert_eq!(utf8_boundary(b"\x80\x80\x80\x80\x80", 4), 4);
    }

    #[test]
    fn prose_or_movetext() {
        assert!(looks_like_movetext(b"1. e4 e5"));
        assert!(looks_like_movetext(b"e4 e5 *"));
        assert!(looks_like_movetext(b"1.e4"));
        assert!(!looks_like_movetext(b"This file has version 1.2 games."));
        assert!(!looks_like_movetext(b"Hello world"));
    }

    #[test]
    fn binary_sniffing() {
        assert!(looks_binary(b"abc\0def"));
        assert!(!looks_binary(b"1. e4 \x1a"));
        assert!(looks_binary(b"\x01\x02\x03\x04abcd"));
    }

    #[test]
    fn tag_line_search() {
        assert_eq!(find_tag_line(b"prose\n[Event"), Some(6));
        assert_eq!(find_tag_line(b"prose [x]\n"), None);
    }
}
