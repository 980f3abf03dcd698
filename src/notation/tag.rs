//! The tag pair grammar: `[Name "value"]`, whitespace tolerant.
//!
//! The reader hands over one source line (no newline); several tag pairs may
//! share a line, so [`tag_pair`] reports how many bytes it used.

use std::ops::Range;

use nom::Parser;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::combinator::cut;
use nom::error::context;

use super::error::{NotationError, PResult};

/// Where the parts of one tag pair lie, as byte ranges into the parsed line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TagPair {
    /// The name.
    pub name: Range<usize>,
    /// The value between the quotes, escapes not decoded.
    pub value: Range<usize>,
    /// Bytes used, `[` to `]` inclusive.
    pub len: usize,
}

/// Why a tag pair could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseTagError {
    /// The string or the pair is not closed on its line.
    #[error("tag pair is not closed on its line")]
    Unterminated,
    /// Something else is wrong.
    #[error("{expected} at byte {at}")]
    Malformed {
        /// Byte offset into the line.
        at: usize,
        /// What was expected there.
        expected: &'static str,
    },
}

const fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c)
}

/// PGN symbol characters, plus anything non-ASCII: lenient, names are checked later.
const fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'#' | b'=' | b':' | b'-') || b >= 0x80
}

fn space(i: &[u8]) -> PResult<'_, &[u8]> {
    take_while(is_space).parse_complete(i)
}

/// The tag name.
pub fn tag_name(i: &[u8]) -> PResult<'_, &[u8]> {
    context("expected a tag name", take_while1(is_name_byte)).parse_complete(i)
}

/// A quoted string with `\` escapes; returns the bytes between the quotes.
pub fn tag_string(i: &[u8]) -> PResult<'_, &[u8]> {
    let (body, _) =
        context("expected '\"' before the tag value", tag(&b"\""[..])).parse_complete(i)?;
    let mut k = 0;
    while let Some(&b) = body.get(k) {
        match b {
            b'\\' => k += 2,
            b'"' => {
                let (value, rest) = body.split_at(k);
                return Ok((rest.get(1..).unwrap_or_default(), value));
            }
            _ => k += 1,
        }
    }
    Err(nom::Err::Failure(NotationError::new(
        &body[body.len()..],
        "unterminated string",
    )))
}

/// Bytes [`starts_tag_line`] looks at, at most: a caller that has this
/// many bytes from a line's start (or the input's end) gets a final answer.
pub const TAG_LINE_PREFIX: usize = 64;

/// Longest tag name [`starts_tag_line`] accepts.
const TAG_LINE_NAME: usize = 48;

/// The game-boundary rule shared by the reader and the parallel split:
/// whether a line (`line` from its first byte) starts a tag pair, i.e.
/// begins with `[`, a tag name of at most 48 bytes, spaces or tabs, and
/// `"`. Such a line ends a brace comment that is still open (the reader
/// reports it), so that a stray `{` never swallows the games after it, and
/// the parallel split starts its guesses at such lines. Looks at no more
/// than [`TAG_LINE_PREFIX`] bytes.
///
/// # Examples
///
/// ```
/// use xpgn::notation::tag::starts_tag_line;
///
/// assert!(starts_tag_line(b"[Event \"Hastings\"]"));
/// assert!(!starts_tag_line(b" [Event \"Hastings\"]"));
/// assert!(!starts_tag_line(b"[%clk 0:01:00]"));
/// ```
pub fn starts_tag_line(line: &[u8]) -> bool {
    let [b'[', rest @ ..] = line else {
        return false;
    };
    let name = rest
        .iter()
        .take(TAG_LINE_NAME + 1)
        .take_while(|&&b| is_name_byte(b))
        .count();
    if name == 0 || name > TAG_LINE_NAME {
        return false;
    }
    let rest = &rest[name..];
    let spaces = rest
        .iter()
        .take(TAG_LINE_PREFIX - TAG_LINE_NAME - 3)
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count();
    spaces > 0 && rest.get(spaces) == Some(&b'"')
}

/// One tag pair at the start of `line`.
///
/// # Errors
///
/// [`ParseTagError::Unterminated`] when the string or the `]` is missing
/// before the end of the line, [`ParseTagError::Malformed`] otherwise.
pub fn tag_pair(line: &[u8]) -> Result<TagPair, ParseTagError> {
    if let Some(pair) = tag_pair_fast(line) {
        return Ok(pair);
    }
    tag_pair_grammar(line)
}

const SPACE: u8 = 1;
const NAME: u8 = 2;
/// Bytes that end the plain part of a tag value: `"`, `\` and a newline.
const STOP: u8 = 4;

/// [`is_space`], [`is_name_byte`] and the value's stop bytes as one table,
/// for the fast path.
static CLASS: [u8; 256] = {
    let mut table = [0; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        if is_space(b) {
            table[i] = SPACE;
        }
        if is_name_byte(b) {
            table[i] = NAME;
        }
        if matches!(b, b'"' | b'\\' | b'\n') {
            table[i] = STOP;
        }
        i += 1;
    }
    table
};

/// The end of the run of `class` bytes in `line` from `from`.
#[inline]
fn run(line: &[u8], from: usize, class: u8) -> usize {
    from + line.get(from..).map_or(0, |rest| {
        rest.iter()
            .take_while(|&&b| CLASS[usize::from(b)] & class != 0)
            .count()
    })
}

/// The offset of the first `"`, `\` or newline in `bytes`, and whether
/// the bytes before it are ASCII: sixteen bytes a step, as two 64-bit
/// words, so that most values take one step whatever their length (values
/// run to dozens of bytes, and the reader reads many), and the reader need
/// not run over the value again to learn whether it is ASCII.
fn value_stop(bytes: &[u8]) -> Option<(usize, bool)> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // The high bit of each byte of `w` equal to `b`, and maybe of bytes
    // above one that is: the lowest bit set is exact.
    let equal = |w: u64, b: u8| {
        let x = w ^ (ONES * u64::from(b));
        x.wrapping_sub(ONES) & !x & HIGHS
    };
    let stops = |w: u64| equal(w, b'"') | equal(w, b'\\') | equal(w, b'\n');
    let mut chunks = bytes.chunks_exact(16);
    let mut base = 0;
    // The bytes passed, ORed: their high bits say whether all are ASCII.
    let mut seen = 0;
    for chunk in &mut chunks {
        let mut words = [0; 16];
        words.copy_from_slice(chunk);
        let (low, high) = words.split_at(8);
        let mut word = [0; 8];
        word.copy_from_slice(low);
        let low = u64::from_le_bytes(word);
        word.copy_from_slice(high);
        let high = u64::from_le_bytes(word);
        let hits = u128::from(stops(high)) << 64 | u128::from(stops(low));
        if hits != 0 {
            // Without a branch on which word holds it.
            let at = hits.trailing_zeros() / 8;
            // The bytes below the hit (`at` is at most 15).
            let below = (u128::from(high) << 64 | u128::from(low)) & ((1 << (8 * at)) - 1);
            let high_bits = u128::from(HIGHS) << 64 | u128::from(HIGHS);
            let ascii = (u128::from(seen) | below) & high_bits == 0;
            return Some((base + at as usize, ascii));
        }
        seen |= low | high;
        base += 16;
    }
    let rest = chunks.remainder();
    let at = rest
        .iter()
        .position(|&b| CLASS[usize::from(b)] & STOP != 0)?;
    Some((base + at, seen & HIGHS == 0 && rest[..at].is_ascii()))
}

/// The offset of the first byte that is not [`is_name_byte`] among the 16
/// bytes, or 16: every byte compared, as in [`value_stop`], since names'
/// lengths vary.
#[inline(always)]
fn name_end(chunk: &[u8; 16]) -> usize {
    let mut flags = [0u8; 16];
    for (f, &b) in flags.iter_mut().zip(chunk) {
        // `A-Z` and `a-z` as one range.
        let name = ((b | 0x20).wrapping_sub(b'a') < 26)
            | (b.wrapping_sub(b'0') < 10)
            | (b >= 0x80)
            | (b == b'_')
            | (b == b'+')
            | (b == b'#')
            | (b == b'=')
            | (b == b':')
            | (b == b'-');
        *f = u8::from(!name);
    }
    (u128::from_le_bytes(flags).trailing_zeros() / 8) as usize
}

/// [`tag_pair`]'s grammar as plain code, because the reader reads many tags:
/// the same rules in the same order, `None` wherever the grammar fails
/// (then the grammar decides, and words the error). Tested against it.
///
/// It never looks past a newline (`None` when it reaches one), so the
/// reader may hand it the buffer rather than look for the line's end first.
pub(crate) fn tag_pair_fast(line: &[u8]) -> Option<TagPair> {
    fast_pair(line).map(|(pair, _)| pair)
}

/// [`tag_pair_fast`] for tag pairs whose value is ASCII (nothing for the
/// reader to check): `None` also when the value is not.
pub(crate) fn ascii_tag_pair(line: &[u8]) -> Option<TagPair> {
    fast_pair(line).and_then(|(pair, ascii)| ascii.then_some(pair))
}

/// [`tag_pair_fast`], and whether the value is ASCII.
#[inline(always)]
fn fast_pair(line: &[u8]) -> Option<(TagPair, bool)> {
    if line.first() != Some(&b'[') {
        return None;
    }
    let name_start = run(line, 1, SPACE);
    let name_end = match line.get(name_start..).and_then(|r| r.first_chunk::<16>()) {
        Some(chunk) => match name_end(chunk) {
            16 => run(line, name_start + 16, NAME),
            n => name_start + n,
        },
        None => run(line, name_start, NAME),
    };
    if name_end == name_start {
        return None;
    }
    let quote = run(line, name_end, SPACE);
    if line.get(quote) != Some(&b'"') {
        return None;
    }
    let value_start = quote + 1;
    let mut k = value_start;
    let mut ascii = true;
    loop {
        let (at, plain) = value_stop(line.get(k..)?)?;
        k += at;
        ascii &= plain;
        match *line.get(k)? {
            b'"' => break,
            b'\\' if line.get(k + 1) != Some(&b'\n') => {
                ascii &= line.get(k + 1).is_none_or(u8::is_ascii);
                k += 2;
            }
            b'\n' | b'\\' => return None,
            _ => k += 1,
        }
    }
    let close = run(line, k + 1, SPACE);
    let pair = TagPair {
        name: name_start..name_end,
        value: value_start..k,
        len: close + 1,
    };
    (line.get(close) == Some(&b']')).then_some((pair, ascii))
}

fn tag_pair_grammar(line: &[u8]) -> Result<TagPair, ParseTagError> {
    let parsed = (
        tag(&b"["[..]),
        cut((
            space,
            tag_name,
            space,
            tag_string,
            space,
            context("expected ']' after the tag value", tag(&b"]"[..])),
        )),
    )
        .parse_complete(line);
    match parsed {
        Ok((rest, (_, (_, name, _, value, _, _)))) => {
            let off = |s: &[u8]| s.as_ptr() as usize - line.as_ptr() as usize;
            Ok(TagPair {
                name: off(name)..off(name) + name.len(),
                value: off(value)..off(value) + value.len(),
                len: line.len() - rest.len(),
            })
        }
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => {
            if let Some(pair) = lenient_tag_pair(line) {
                return Ok(pair);
            }
            if e.input.iter().all(|&b| is_space(b)) {
                Err(ParseTagError::Unterminated)
            } else {
                Err(ParseTagError::Malformed {
                    at: e.offset(line),
                    expected: e.expected,
                })
            }
        }
        Err(nom::Err::Incomplete(_)) => Err(ParseTagError::Unterminated),
    }
}

/// Real archives hold values with unescaped quotes (`[Annotator ""Club""]`):
/// like python-chess, take everything from the first quote to the last `"]`.
fn lenient_tag_pair(line: &[u8]) -> Option<TagPair> {
    let (rest, (_, _, name, _)) = (tag(&b"["[..]), space, tag_name, space)
        .parse_complete(line)
        .ok()?;
    let off = |s: &[u8]| s.as_ptr() as usize - line.as_ptr() as usize;
    let open = off(rest);
    if line.get(open) != Some(&b'"') {
        return None;
    }
    let close = line.windows(2).rposition(|w| w == b"\"]")?;
    if close <= open {
        return None;
    }
    Some(TagPair {
        name: off(name)..off(name) + name.len(),
        value: open + 1..close,
        len: close + 2,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]

        /// The hand-written tag pair reads what the grammar reads, the same way.
        #[test]
        fn fast_tag_pair_agrees(
            line in proptest::collection::vec(
                proptest::sample::select(b"[]\" \t\r\\Ev_9+\xc3".to_vec()),
                0..16,
            ),
            shaped in "\\[[ \t]{0,2}[A-Za-z_+#=:-]{0,6}[ \t]{0,2}\"([a-z ]|\\\\.|\")*\"?[ ]{0,2}\\]?[ x\\]]{0,3}",
        ) {
            for l in [&line[..], shaped.as_bytes()] {
                if let Some(pair) = tag_pair_fast(l) {
                    let ascii = l[pair.value.clone()].is_ascii();
                    proptest::prop_assert_eq!(ascii_tag_pair(l), ascii.then(|| pair.clone()));
                    proptest::prop_assert_eq!(Ok(pair), tag_pair_grammar(l));
                } else {
                    proptest::prop_assert_eq!(ascii_tag_pair(l), None);
                }
                proptest::prop_assert_eq!(tag_pair(l), tag_pair_grammar(l));
                // The reader hands it the buffer: the next lines change nothing.
                let mut more = l.to_vec();
                more.extend_from_slice(b"\n\"]");
                more.extend_from_slice(&line);
                proptest::prop_assert_eq!(tag_pair_fast(&more), tag_pair_fast(l));
            }
        }
    }

    #[test]
    fn name_end_is_the_first_byte_not_of_a_name() {
        for b in 0..=255u8 {
            for at in 0..16 {
                let mut chunk = [b'a'; 16];
                chunk[at] = b;
                let want = if is_name_byte(b) { 16 } else { at };
                assert_eq!(name_end(&chunk), want, "{b:#x} at {at}");
            }
        }
    }

    proptest::proptest! {
        /// Sixteen bytes at a time finds what one at a time finds.
        #[test]
        fn value_stop_finds_the_first_stop_byte(
            bytes in proptest::collection::vec(
                proptest::sample::select(b"\"\\\nab\x00\x01\x21\x5b\x80\xa2\xdc\x8a\x23\x0b\xff".to_vec()),
                0..60,
            ),
        ) {
            let one_by_one = bytes
                .iter()
                .position(|b| b"\"\\\n".contains(b))
                .map(|k| (k, bytes[..k].is_ascii()));
            proptest::prop_assert_eq!(value_stop(&bytes), one_by_one);
        }
    }

    #[test]
    fn class_table_matches_the_predicates() {
        for b in 0..=255u8 {
            let c = CLASS[usize::from(b)];
            assert_eq!(c & SPACE != 0, is_space(b), "{b:#x}");
            assert_eq!(c & NAME != 0, is_name_byte(b), "{b:#x}");
            assert_eq!(c & STOP != 0, b"\"\\\n".contains(&b), "{b:#x}");
        }
    }

    #[test]
    fn fast_tag_pair_takes_ordinary_tags() {
        for line in [
            &br#"[Event "Casual"]"#[..],
            br#"[ A  "x \" y" ] z"#,
            br#"[B ""]"#,
        ] {
            assert_eq!(tag_pair_fast(line).map(Ok), Some(tag_pair_grammar(line)));
        }
    }

    #[test]
    fn unescaped_quotes_inside_a_value_are_kept() {
        let line = br#"[Annotator ""Barnet Chess Club""]"#;
        let pair = tag_pair(line).expect("lenient");
        assert_eq!(&line[pair.value.clone()], br#""Barnet Chess Club""#);
        assert_eq!(pair.len, line.len());
    }

    #[test]
    fn tag_name_reads_symbol() {
        assert_eq!(
            tag_name(b"White \"x\""),
            Ok((&b" \"x\""[..], &b"White"[..]))
        );
        assert!(tag_name(b" x").is_err());
    }

    #[test]
    fn tag_string_handles_escapes() {
        assert_eq!(
            tag_string(br#""a \"b\" c"]"#),
            Ok((&b"]"[..], &br#"a \"b\" c"#[..]))
        );
        assert!(matches!(tag_string(br#""open"#), Err(nom::Err::Failure(_))));
    }

    #[test]
    fn tag_pair_whitespace_tolerant() {
        let line = br#"[  Event   "Casual"  ] [Site "?"]"#;
        let t = tag_pair(line).unwrap();
        assert_eq!(&line[t.name.clone()], b"Event");
        assert_eq!(&line[t.value.clone()], b"Casual");
        assert_eq!(&line[t.len..], br#" [Site "?"]"#);
    }

    #[test]
    fn tag_pair_errors() {
        assert_eq!(tag_pair(br#"[Event "x"#), Err(ParseTagError::Unterminated));
        assert_eq!(
            tag_pair(br#"[Event "x"  "#),
            Err(ParseTagError::Unterminated)
        );
        assert!(matches!(
            tag_pair(br#"[Event x]"#),
            Err(ParseTagError::Malformed { at: 7, .. })
        ));
        assert!(matches!(
            tag_pair(br#"[ "x"]"#),
            Err(ParseTagError::Malformed { at: 2, .. })
        ));
        assert!(matches!(
            tag_pair(br#"[A "x" junk]"#),
            Err(ParseTagError::Malformed { at: 7, .. })
        ));
    }
}
