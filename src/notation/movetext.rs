//! Small movetext grammars: move numbers, NAGs, suffix annotations, check
//! marks. The reader applies them to whole tokens it has already delimited.

use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::{tag, take_while_m_n};
use nom::combinator::{all_consuming, cut, map, map_res, value};
use nom::error::{ErrorKind, ParseError, context};

use super::error::{NotationError, PResult};
use super::visitor::CheckMark;

/// A move number indication at the start of a token: digits, then any
/// number of periods (`12`, `12.`, `12...`). Returns the number and the
/// period count (saturating at 255).
///
/// Written by hand rather than with nom's combinators: the reader calls it
/// for every move number. The tests compare it with the combinator form.
#[inline]
pub fn move_number(i: &[u8]) -> PResult<'_, (u32, u8)> {
    let digits = i.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return Err(nom::Err::Error(NotationError::from_error_kind(
            i,
            ErrorKind::Digit,
        )));
    }
    let mut number: u32 = 0;
    for &d in &i[..digits] {
        match number
            .checked_mul(10)
            .and_then(|n| n.checked_add(u32::from(d - b'0')))
        {
            Some(n) => number = n,
            None => {
                return Err(nom::Err::Error(NotationError::from_error_kind(
                    i,
                    ErrorKind::MapRes,
                )));
            }
        }
    }
    let rest = &i[digits..];
    let dots = rest.iter().take_while(|&&b| b == b'.').count();
    Ok((
        &rest[dots..],
        (number, u8::try_from(dots).unwrap_or(u8::MAX)),
    ))
}

/// A `$n` NAG, the whole token, `n` in 0..=255.
pub fn nag(i: &[u8]) -> PResult<'_, u8> {
    let (i, _) = tag(&b"$"[..]).parse_complete(i)?;
    all_consuming(cut(context(
        "expected a number from 0 to 255 after '$'",
        map_res(
            take_while_m_n(1, 3, |b: u8| b.is_ascii_digit()),
            |d: &[u8]| {
                std::str::from_utf8(d)
                    .map_err(|_| ())
                    .and_then(|s| s.parse::<u8>().map_err(|_| ()))
            },
        ),
    )))
    .parse_complete(i)
}

/// A suffix annotation, the whole input: `!` = 1, `?` = 2, `!!` = 3, `??` = 4,
/// `!?` = 5, `?!` = 6 (PGN standard, 10).
pub fn suffix_annotation(i: &[u8]) -> PResult<'_, u8> {
    // The reader tries every token: match the six forms directly, and let
    // the grammar below word the error.
    let nag = match i {
        b"!" => 1,
        b"?" => 2,
        b"!!" => 3,
        b"??" => 4,
        b"!?" => 5,
        b"?!" => 6,
        _ => return suffix_annotation_grammar(i),
    };
    Ok((&i[i.len()..], nag))
}

fn suffix_annotation_grammar(i: &[u8]) -> PResult<'_, u8> {
    all_consuming(alt((
        value(3, tag(&b"!!"[..])),
        value(4, tag(&b"??"[..])),
        value(5, tag(&b"!?"[..])),
        value(6, tag(&b"?!"[..])),
        value(1, tag(&b"!"[..])),
        value(2, tag(&b"?"[..])),
    )))
    .parse_complete(i)
}

/// A check mark, the whole input: `+`, `++` (old double check) or `#`.
pub fn check_mark(i: &[u8]) -> PResult<'_, CheckMark> {
    let mark = match i {
        b"+" | b"++" => CheckMark::Check,
        b"#" => CheckMark::Mate,
        _ => return check_mark_grammar(i),
    };
    Ok((&i[i.len()..], mark))
}

fn check_mark_grammar(i: &[u8]) -> PResult<'_, CheckMark> {
    all_consuming(alt((
        map(tag(&b"++"[..]), |_| CheckMark::Check),
        map(tag(&b"+"[..]), |_| CheckMark::Check),
        map(tag(&b"#"[..]), |_| CheckMark::Mate),
    )))
    .parse_complete(i)
}

/// How a move token's annotation tail splits: check mark and suffix NAG.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveTail {
    /// Length of the move proper.
    pub body: usize,
    /// The check mark.
    pub check: CheckMark,
    /// The suffix NAG and its byte range (relative to the token).
    pub suffix: Option<(u8, usize, usize)>,
    /// Whether the tail held something that is neither (e.g. `!!!`).
    pub bad_tail: bool,
}

fn is_tail_byte(b: u8) -> bool {
    matches!(b, b'+' | b'#' | b'!' | b'?')
}

fn is_check_byte(b: u8) -> bool {
    matches!(b, b'+' | b'#')
}

/// Splits `+`, `#`, `++` and `! ? !! ?? !? ?!` off the end of a move token,
/// in either order (`e4+!?` and `e4!?+`).
#[inline]
pub fn move_tail(token: &[u8]) -> MoveTail {
    // Most moves have no tail.
    if token.last().is_some_and(|&b| !is_tail_byte(b)) {
        return MoveTail {
            body: token.len(),
            check: CheckMark::None,
            suffix: None,
            bad_tail: false,
        };
    }
    move_tail_split(token)
}

fn move_tail_split(token: &[u8]) -> MoveTail {
    let body = token
        .iter()
        .rposition(|&b| !is_tail_byte(b))
        .map_or(0, |k| k + 1);
    let tail = token.get(body..).unwrap_or_default();
    let mut out = MoveTail {
        body,
        check: CheckMark::None,
        suffix: None,
        bad_tail: false,
    };
    if tail.is_empty() {
        return out;
    }
    // Up to three runs: check, annotation, check.
    let c1 = tail.iter().take_while(|&&b| is_check_byte(b)).count();
    let a = tail[c1..]
        .iter()
        .take_while(|&&b| !is_check_byte(b))
        .count();
    let c2 = tail.len() - c1 - a;
    let (check_run, ann_start) = if c1 > 0 {
        (&tail[..c1], c1)
    } else {
        (&tail[c1 + a..], 0)
    };
    if c1 > 0 && c2 > 0 {
        out.bad_tail = true;
    }
    if !check_run.is_empty() {
        match check_mark(check_run) {
            Ok((_, c)) => out.check = c,
            Err(_) => out.bad_tail = true,
        }
    }
    if a > 0 {
        let ann = &tail[ann_start..ann_start + a];
        match suffix_annotation(ann) {
            Ok((_, n)) => out.suffix = Some((n, body + ann_start, body + ann_start + a)),
            Err(_) => out.bad_tail = true,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `move_number` as combinators: the reference for the hand-written one.
    fn move_number_grammar(i: &[u8]) -> PResult<'_, (u32, u8)> {
        use nom::bytes::complete::take_while;
        use nom::character::complete::digit1;
        let (i, number) = map_res(digit1, |d: &[u8]| {
            std::str::from_utf8(d)
                .map_err(|_| ())
                .and_then(|s| s.parse::<u32>().map_err(|_| ()))
        })
        .parse_complete(i)?;
        let (i, dots) = take_while(|b| b == b'.').parse_complete(i)?;
        Ok((i, (number, u8::try_from(dots.len()).unwrap_or(u8::MAX))))
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

        /// The hand-written parsers answer as their combinator forms do,
        /// errors included.
        #[test]
        fn hand_written_parsers_agree(
            t in proptest::collection::vec(
                proptest::sample::select(b"0123456789.!?+#-ex".to_vec()),
                0..14,
            ),
            long in "[0-9]{9,12}[.]{0,300}[.e]?",
        ) {
            proptest::prop_assert_eq!(move_number(&t), move_number_grammar(&t));
            proptest::prop_assert_eq!(move_number(long.as_bytes()), move_number_grammar(long.as_bytes()));
            proptest::prop_assert_eq!(suffix_annotation(&t), suffix_annotation_grammar(&t));
            proptest::prop_assert_eq!(check_mark(&t), check_mark_grammar(&t));
        }
    }

    #[test]
    fn move_number_forms() {
        assert_eq!(move_number(b"12."), Ok((&b""[..], (12, 1))));
        assert_eq!(move_number(b"1...e5"), Ok((&b"e5"[..], (1, 3))));
        assert_eq!(move_number(b"1.e4"), Ok((&b"e4"[..], (1, 1))));
        assert_eq!(move_number(b"7"), Ok((&b""[..], (7, 0))));
        assert!(move_number(b"99999999999.").is_err());
        assert!(move_number(b"e4").is_err());
    }

    #[test]
    fn nag_range() {
        assert_eq!(nag(b"$12"), Ok((&b""[..], 12)));
        assert_eq!(nag(b"$255"), Ok((&b""[..], 255)));
        assert!(nag(b"$256").is_err());
        assert!(nag(b"$").is_err());
        assert!(nag(b"$1x").is_err());
    }

    #[test]
    fn suffix_annotation_numbers() {
        for (s, n) in [
            (&b"!"[..], 1),
            (b"?", 2),
            (b"!!", 3),
            (b"??", 4),
            (b"!?", 5),
            (b"?!", 6),
        ] {
            assert_eq!(suffix_annotation(s), Ok((&b""[..], n)));
        }
        assert!(suffix_annotation(b"!!!").is_err());
    }

    #[test]
    fn check_mark_forms() {
        assert_eq!(check_mark(b"+"), Ok((&b""[..], CheckMark::Check)));
        assert_eq!(check_mark(b"++"), Ok((&b""[..], CheckMark::Check)));
        assert_eq!(check_mark(b"#"), Ok((&b""[..], CheckMark::Mate)));
        assert!(check_mark(b"+#").is_err());
    }

    #[test]
    fn move_tail_splits() {
        let t = move_tail(b"Nf3+!?");
        assert_eq!(
            (t.body, t.check, t.suffix),
            (3, CheckMark::Check, Some((5, 4, 6)))
        );
        let t = move_tail(b"e4!+");
        assert_eq!(
            (t.body, t.check, t.suffix),
            (2, CheckMark::Check, Some((1, 2, 3)))
        );
        let t = move_tail(b"Qh7#");
        assert_eq!(
            (t.body, t.check, t.suffix, t.bad_tail),
            (3, CheckMark::Mate, None, false)
        );
        assert!(move_tail(b"e4!!!").bad_tail);
        assert!(move_tail(b"e4+!+").bad_tail);
        assert_eq!(move_tail(b"--").body, 2);
    }
}
