//! The nom error type shared by the notation grammars (STYLE B6).

use nom::error::{ContextError, ErrorKind, FromExternalError, ParseError};

/// A grammar error: where it happened and what was expected there.
///
/// `input` is the unparsed rest, so the byte offset into the token is
/// `token.len() - input.len()` (see [`NotationError::offset`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotationError<'a> {
    /// The input left when the error happened.
    pub input: &'a [u8],
    /// What was expected, e.g. "expected a square after '@@'".
    pub expected: &'static str,
    /// An upper-case letter that the grammar does not know as a piece.
    pub unknown_piece: Option<u8>,
    /// Whether `expected` comes from a `context` label (the innermost label wins).
    labelled: bool,
}

impl<'a> NotationError<'a> {
    /// An error with an explicit expectation.
    pub fn new(input: &'a [u8], expected: &'static str) -> Self {
        NotationError {
            input,
            expected,
            unknown_piece: None,
            labelled: true,
        }
    }

    /// A low-level error whose expectation an enclosing `context` replaces.
    pub fn unlabelled(input: &'a [u8], expected: &'static str) -> Self {
        NotationError {
            labelled: false,
            ..NotationError::new(input, expected)
        }
    }

    /// The byte offset of the error into `whole`, the input given to the
    /// outermost parser.
    pub fn offset(&self, whole: &[u8]) -> usize {
        whole.len().saturating_sub(self.input.len())
    }
}

impl<'a> ParseError<&'a [u8]> for NotationError<'a> {
    fn from_error_kind(input: &'a [u8], kind: ErrorKind) -> Self {
        let expected = match kind {
            ErrorKind::Eof => "expected the end of the token",
            ErrorKind::Digit => "expected a digit",
            _ => "unexpected character",
        };
        NotationError {
            input,
            expected,
            unknown_piece: None,
            labelled: false,
        }
    }

    fn append(_: &'a [u8], _: ErrorKind, other: Self) -> Self {
        other
    }

    fn or(self, other: Self) -> Self {
        // Keep the alternative that got furthest: its message is the useful one.
        if other.input.len() <= self.input.len() {
            other
        } else {
            self
        }
    }
}

impl<'a> ContextError<&'a [u8]> for NotationError<'a> {
    fn add_context(_: &'a [u8], ctx: &'static str, mut other: Self) -> Self {
        if !other.labelled {
            other.expected = ctx;
            other.labelled = true;
        }
        other
    }
}

impl<'a, E> FromExternalError<&'a [u8], E> for NotationError<'a> {
    fn from_external_error(input: &'a [u8], kind: ErrorKind, _: E) -> Self {
        NotationError::from_error_kind(input, kind)
    }
}

/// The result type of the notation grammars.
pub type PResult<'a, T> = nom::IResult<&'a [u8], T, NotationError<'a>>;
