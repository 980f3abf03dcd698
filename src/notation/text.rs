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
}

static ENCODING: AtomicU8 = AtomicU8::new(0);

/// Sets how text is read for the rest of the process.
pub fn set_encoding(encoding: Encoding) {
    let code = match encoding {
        Encoding::Utf8 => 0,
        Encoding::Latin1 => 1,
        Encoding::Auto => 2,
    };
    ENCODING.store(code, Ordering::Relaxed);
}

/// How text is read ([`set_encoding`]).
pub fn encoding() -> Encoding {
    match ENCODING.load(Ordering::Relaxed) {
        1 => Encoding::Latin1,
        2 => Encoding::Auto,
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
    if bytes.is_ascii() {
        // ASCII is the same text in every encoding here.
        return Cow::Borrowed(std::str::from_utf8(bytes).unwrap_or_default());
    }
    match (encoding, std::str::from_utf8(bytes)) {
        (Encoding::Utf8 | Encoding::Auto, Ok(s)) => Cow::Borrowed(s),
        (Encoding::Utf8, Err(_)) => String::from_utf8_lossy(bytes),
        (Encoding::Latin1, _) | (Encoding::Auto, Err(_)) => {
            Cow::Owned(bytes.iter().copied().map(latin1).collect())
        }
    }
}

/// Whether `bytes` read under the process's encoding lose something (the
/// reader's `invalid-utf8` warning): only UTF-8 with invalid bytes does.
pub fn is_lossy(bytes: &[u8]) -> bool {
    encoding() == Encoding::Utf8 && !bytes.is_ascii() && std::str::from_utf8(bytes).is_err()
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
