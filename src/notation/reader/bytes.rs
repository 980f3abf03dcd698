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

/// The offset of the first delimiter (see [`is_delimiter`]) among the
/// 16 bytes, or 16 when there is none. Every byte is compared, without an
/// early exit: the comparisons compile to a few vector instructions, where
/// a byte loop's exit at a token's varying length is a branch the
/// processor mostly guesses wrong.
#[inline(always)]
pub(super) fn first_delimiter(chunk: &[u8; 16]) -> usize {
    let mut flags = [0u8; 16];
    for (f, &b) in flags.iter_mut().zip(chunk) {
        // Whitespace and control bytes are the bytes up to the space, and DEL.
        let d = (b <= b' ')
            | (b == 0x7f)
            | (b == b'{')
            | (b == b'}')
            | (b == b'(')
            | (b == b')')
            | (b == b';')
            | (b == b'[')
            | (b == b']')
            | (b == b'$');
        *f = u8::from(d);
    }
    (u128::from_le_bytes(flags).trailing_zeros() / 8) as usize
}

/// A move number at the start of `chunk` (eight bytes read little-endian:
/// the first byte lowest), as [`movetext::move_number`] reads it: its
/// value, and the length of its digits and of the periods after them.
/// `None` unless it has at least one digit and one period, and digits and
/// periods end within the eight bytes. Without loops, like
/// [`first_delimiter`]: the eight bytes are tested at once, and the digits'
/// value is read by three multiplications.
#[inline(always)]
pub(super) fn move_number_prefix(chunk: u64) -> Option<(u32, usize, usize)> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    // The digits become 0..=9 and have no high nibble; a byte is not a
    // digit when it has one, or when adding 6 to its low nibble carries.
    let t = chunk ^ (ONES * u64::from(b'0'));
    let non_digit = (t | ((t & (ONES * 0x0f)) + ONES * 6)) & (ONES * 0xf0);
    let digits = (non_digit.trailing_zeros() / 8) as usize;
    // Periods become zero bytes.
    let d = chunk ^ (ONES * u64::from(b'.'));
    let dots = (d
        .checked_shr(8 * digits as u32)
        .unwrap_or(0)
        .trailing_zeros()
        / 8) as usize;
    if digits == 0 || dots == 0 || digits + dots >= 8 {
        return None;
    }
    // The digits moved to the high end, zeros before them: eight digits,
    // summed pairwise, then in fours, then all.
    let mut x = (chunk & (ONES * 0x0f)) << (8 * (8 - digits));
    x = (x.wrapping_mul(10 << 8 | 1) >> 8) & 0x00ff_00ff_00ff_00ff;
    x = (x.wrapping_mul(100 << 16 | 1) >> 16) & 0x0000_ffff_0000_ffff;
    x = x.wrapping_mul(10000 << 32 | 1) >> 32;
    Some((x as u32, digits, dots))
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
    fn first_delimiter_is_the_first_is_delimiter() {
        for b in 0..=255u8 {
            for at in 0..16 {
                let mut chunk = [b'a'; 16];
                chunk[at] = b;
                let want = if is_delimiter(b) { at } else { 16 };
                assert_eq!(first_delimiter(&chunk), want, "{b:#x} at {at}");
            }
        }
        let mut chunk = *b"Nf3 e5 {x}(a);$1";
        assert_eq!(first_delimiter(&chunk), 3);
        chunk[3] = b'x';
        assert_eq!(first_delimiter(&chunk), 6);
    }

    proptest::proptest! {
        /// `move_number_prefix` agrees with `movetext::move_number` on the
        /// numbers it takes, and takes every one that ends in eight bytes.
        #[test]
        fn move_number_prefix_agrees(
            bytes in proptest::collection::vec(
                proptest::sample::select(b"0123456789....x/: ".to_vec()),
                8,
            ),
        ) {
            let chunk: [u8; 8] = bytes.as_slice().try_into().unwrap_or_default();
            let fast = move_number_prefix(u64::from_le_bytes(chunk));
            let slow = movetext::move_number(&chunk).ok().and_then(|(rest, (n, dots))| {
                let used = 8 - rest.len();
                (dots > 0 && used < 8).then_some((n, used - usize::from(dots), usize::from(dots)))
            });
            proptest::prop_assert_eq!(fast, slow);
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
