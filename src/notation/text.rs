//! Tag values and comments as text: how bytes that are not UTF-8 are read
//! (`--encoding`).
//!
//! The reader passes tag values and comments through as bytes; every
//! consumer that needs text (records, the PGN writer, the verifier's tags,
//! `scores`) decodes them here, so the choice is made in one place. Old
//! archives are often Latin-1, written by Windows programs: their `ü` is
//! the byte 0xFC, which is not UTF-8. Decoding it as Latin-1 keeps the
//! letter where UTF-8 would replace it with U+FFFD.
//!
//! The choice is process-wide (the command line sets it once, before any
//! input is read, and the worker threads read it); the library's default is
//! [`Encoding::Utf8`].

use std::borrow::Cow;
use std::sync::atomic::{AtomicU8, Ordering};

/// How tag values and comments that are not valid UTF-8 are read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Encoding {
    /// As UTF-8, invalid bytes replaced by U+FFFD (with an `invalid-utf8`
    /// warning from the reader).
    #[default]
    Utf8,
    /// As Latin-1 (ISO 8859-1), every byte one character, with Windows-1252's
    /// characters for 0x80-0x9F (`€`, `„`, `…`, `Š`, `Œ`, curly quotes, ...),
    /// as legacy Windows programs mean them; even text that happens to be
    /// valid UTF-8.
    Latin1,
    /// Each tag value and comment as UTF-8 when it is valid UTF-8, else as
    /// [`Latin1`](Self::Latin1): files that mix the two read right.
    Auto,
    /// As UTF-8, each byte that is not UTF-8 kept as the private-use
    /// character U+10FF00 + its value, which the PGN writer writes back as
    /// that byte ([`unescape`]): `convert`'s and `dedupe`'s reading when
    /// `--encoding` is `utf-8`, so that PGN to PGN and PGN to JSON to PGN
    /// keep every byte. JSON carries such a byte as that character.
    Escape,
}

static ENCODING: AtomicU8 = AtomicU8::new(0);

/// Sets how text is read for the rest of the process.
pub fn set_encoding(encoding: Encoding) {
    let code = match encoding {
        Encoding::Utf8 => 0,
        Encoding::Latin1 => 1,
        Encoding::Auto => 2,
        Encoding::Escape => 3,
    };
    ENCODING.store(code, Ordering::Relaxed);
}

/// How text is read ([`set_encoding`]).
pub fn encoding() -> Encoding {
    match ENCODING.load(Ordering::Relaxed) {
        1 => Encoding::Latin1,
        2 => Encoding::Auto,
        3 => Encoding::Escape,
        _ => Encoding::Utf8,
    }
}

/// Windows-1252's characters for the bytes 0x80-0x9F (the five it leaves
/// undefined keep Latin-1's control characters).
const CP1252_HIGH: [char; 32] = [
    '\u{20AC}', '\u{81}', '\u{201A}', '\u{192}', '\u{201E}', '\u{2026}', '\u{2020}', '\u{2021}',
    '\u{2C6}', '\u{2030}', '\u{160}', '\u{2039}', '\u{152}', '\u{8D}', '\u{17D}', '\u{8F}',
    '\u{90}', '\u{2018}', '\u{2019}', '\u{201C}', '\u{201D}', '\u{2022}', '\u{2013}', '\u{2014}',
    '\u{2DC}', '\u{2122}', '\u{161}', '\u{203A}', '\u{153}', '\u{9D}', '\u{17E}', '\u{178}',
];

/// One byte as a Latin-1 (Windows-1252) character.
fn latin1(b: u8) -> char {
    match b {
        0x80..=0x9F => CP1252_HIGH[usize::from(b - 0x80)],
        _ => char::from(b),
    }
}

/// `bytes` as text under the process's [`encoding`]: borrowed when they
/// are ASCII, or valid UTF-8 read as UTF-8.
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    decode_as(bytes, encoding())
}

/// `bytes` as text under `encoding`.
pub fn decode_as(bytes: &[u8], encoding: Encoding) -> Cow<'_, str> {
    // One scan: UTF-8 validation has its own ASCII fast path.
    match (encoding, std::str::from_utf8(bytes)) {
        (Encoding::Utf8 | Encoding::Auto | Encoding::Escape, Ok(s)) => Cow::Borrowed(s),
        // ASCII is the same text in every encoding here.
        (Encoding::Latin1, Ok(s)) if s.is_ascii() => Cow::Borrowed(s),
        (Encoding::Utf8, Err(_)) => String::from_utf8_lossy(bytes),
        (Encoding::Escape, Err(_)) => {
            let mut out = String::with_capacity(bytes.len() + 8);
            for chunk in bytes.utf8_chunks() {
                out.push_str(chunk.valid());
                for &b in chunk.invalid() {
                    out.push(char::from_u32(ESCAPE_BASE + u32::from(b)).unwrap_or('\u{FFFD}'));
                }
            }
            Cow::Owned(out)
        }
        (Encoding::Latin1, _) | (Encoding::Auto, Err(_)) => {
            Cow::Owned(bytes.iter().copied().map(latin1).collect())
        }
    }
}

/// The first of the 256 private-use characters that stand for bytes that
/// are not UTF-8 ([`Encoding::Escape`]).
const ESCAPE_BASE: u32 = 0x10_FF00;

/// Writes back, in place, each private-use character U+10FF00..U+10FFFF of
/// UTF-8 text as the byte it stands for ([`Encoding::Escape`]); text
/// without them (almost all) is only scanned.
pub fn unescape(bytes: &mut Vec<u8>) {
    // U+10FF00..=U+10FFFF is F4 8F BC..BF 80..BF in UTF-8.
    let Some(first) = memchr::memchr(0xF4, bytes) else {
        return;
    };
    let mut write = first;
    let mut read = first;
    while read < bytes.len() {
        match bytes.get(read..read + 4) {
            Some(&[0xF4, 0x8F, c @ 0xBC..=0xBF, d @ 0x80..=0xBF]) => {
                bytes[write] = ((c & 0x03) << 6) | (d & 0x3F);
                read += 4;
            }
            _ => {
                bytes[write] = bytes[read];
                read += 1;
            }
        }
        write += 1;
    }
    bytes.truncate(write);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin1_bytes_read_as_their_letters() {
        let muller = b"M\xfcller";
        assert_eq!(decode_as(muller, Encoding::Utf8), "M\u{FFFD}ller");
        assert_eq!(decode_as(muller, Encoding::Latin1), "Müller");
        assert_eq!(decode_as(muller, Encoding::Auto), "Müller");
        // Windows-1252's euro sign and curly quotes.
        assert_eq!(decode_as(b"\x80 \x93x\x94", Encoding::Latin1), "€ “x”");
    }

    #[test]
    fn escaped_bytes_come_back_as_themselves() {
        let raw = b"M\xfcller \xc3\xbc \xff\x80 \xf4\x8f";
        let text = decode_as(raw, Encoding::Escape);
        assert!(text.contains('\u{10FFFC}') && text.contains('ü'));
        let mut back = text.as_bytes().to_vec();
        unescape(&mut back);
        assert_eq!(back, raw);
        let mut plain = "no escapes, ü".as_bytes().to_vec();
        unescape(&mut plain);
        assert_eq!(plain, "no escapes, ü".as_bytes());
    }

    #[test]
    fn utf8_stays_utf8_except_when_latin1_is_forced() {
        let utf8 = "Müller".as_bytes();
        assert_eq!(decode_as(utf8, Encoding::Utf8), "Müller");
        assert_eq!(decode_as(utf8, Encoding::Auto), "Müller");
        assert_eq!(decode_as(utf8, Encoding::Latin1), "MÃ¼ller");
        assert!(matches!(
            decode_as(b"plain", Encoding::Latin1),
            Cow::Borrowed("plain")
        ));
    }
}
