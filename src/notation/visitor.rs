//! The events a [`Reader`](super::Reader) pushes, and the [`Visitor`] that receives them.
//!
//! Call order for each game:
//! `BeginGame`, `Tag`*, `BeginMovetext`, then movetext events in source order
//! (`MoveNumber`, `Move`, `Nag`, `Comment`, `BeginVariation` ... `EndVariation`,
//! `Escape`, `Unreadable`), at most one `Result`, and finally `EndGame`. Comments before the
//! first tag and between tags arrive as `Comment` events before
//! `BeginMovetext` (so do comments right after the tags, unless a blank line
//! separates them from the tags, and `%` escape lines of the tag section).
//! Problems found while reading arrive through
//! [`Visitor::problem`] at the point where they are found, and never stop the
//! reader: the next game always starts clean.

use std::borrow::Cow;

use super::window::LineScan;
use crate::diag::Span;

/// What the visitor wants the reader to do next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on.
    Continue,
    /// Only meaningful as the answer to `BeginVariation`: skip the variation
    /// (the reader still counts its parentheses, without recursion), and send
    /// no events until its `EndVariation`.
    SkipVariation,
    /// Skip the rest of this game's movetext; the next event is `EndGame`.
    SkipGame,
    /// Stop reading this input altogether.
    Stop,
}

/// A tag value as written, between the quotes, escapes not yet decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawTag<'a>(pub &'a [u8]);

impl<'a> RawTag<'a> {
    /// The value with `\"` and `\\` decoded; borrows when there is nothing to decode.
    pub fn decode(&self) -> Cow<'a, [u8]> {
        if !self.0.contains(&b'\\') {
            return Cow::Borrowed(self.0);
        }
        let mut out = Vec::with_capacity(self.0.len());
        let mut bytes = self.0.iter().copied();
        while let Some(b) = bytes.next() {
            if b == b'\\' {
                match bytes.next() {
                    Some(n @ (b'"' | b'\\')) => out.push(n),
                    Some(n) => {
                        out.push(b'\\');
                        out.push(n);
                    }
                    None => out.push(b'\\'),
                }
            } else {
                out.push(b);
            }
        }
        Cow::Owned(out)
    }

    /// The decoded value as text, bytes that are not UTF-8 read as
    /// [`super::text::decode`] says (`--encoding`).
    pub fn decode_str(&self) -> Cow<'a, str> {
        match self.decode() {
            Cow::Borrowed(b) => super::text::decode(b),
            Cow::Owned(v) => Cow::Owned(super::text::decode(&v).into_owned()),
        }
    }
}

/// A game termination marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`
    WhiteWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
    /// `*`: unknown, unfinished or abandoned.
    Unknown,
}

impl GameResult {
    /// The canonical marker text.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Reads a marker as it appears in a `[Result]` tag or in movetext.
    pub fn from_ascii(s: &[u8]) -> Option<GameResult> {
        match s {
            b"1-0" => Some(GameResult::WhiteWins),
            b"0-1" => Some(GameResult::BlackWins),
            b"1/2-1/2" | b"\xc2\xbd-\xc2\xbd" => Some(GameResult::Draw),
            b"*" => Some(GameResult::Unknown),
            _ => None,
        }
    }
}

/// The check or mate mark written after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum CheckMark {
    /// Nothing written.
    #[default]
    None,
    /// `+` (also `++`, old notation for double check).
    Check,
    /// `#`.
    Mate,
}

/// How a NAG was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NagForm {
    /// `$n`.
    Dollar,
    /// A suffix such as `!?` after a move (NAGs 1 to 6).
    Suffix,
}

/// Which kind of comment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CommentStyle {
    /// `{ ... }`
    Brace,
    /// `; ...` to the end of the line.
    Line,
}

/// A long comment arrives in pieces, split on UTF-8 boundaries where possible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Chunk {
    /// The whole comment in one event.
    Whole,
    /// The first piece of a longer comment.
    First,
    /// A middle piece.
    Middle,
    /// The last piece.
    Last,
}

/// One thing the reader found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event<'a> {
    /// A game starts; the span is its first byte.
    BeginGame,
    /// A tag pair `[name "value"]`.
    Tag {
        /// The tag name.
        name: &'a [u8],
        /// The value, escapes not decoded.
        value: RawTag<'a>,
    },
    /// The tag section is over and movetext starts (sent even when empty).
    BeginMovetext,
    /// A move number indication: `12.` (`dots` = 1) or `12...` (`dots` = 3).
    MoveNumber {
        /// The number as written.
        number: u32,
        /// How many periods followed it.
        dots: u8,
    },
    /// A move token, its check mark and annotation suffix removed (those come
    /// as `check` and as following `Nag` events). Its grammar depends on the
    /// game and is read by [`token`](super::token), never by the reader.
    Move {
        /// The token, e.g. `Nf3`, `e8=Q`, `@@f3`, `Ng1-f3,@@e3`, `*-Te1-e2`, `--`.
        text: &'a [u8],
        /// `+` or `#` as written.
        check: CheckMark,
    },
    /// A numeric annotation glyph.
    Nag {
        /// Its number, 0 to 255.
        nag: u8,
        /// How it was written.
        form: NagForm,
    },
    /// A comment or a piece of one.
    Comment {
        /// The bytes between the delimiters.
        text: &'a [u8],
        /// `{}` or `;`.
        style: CommentStyle,
        /// Which piece of the comment this is.
        chunk: Chunk,
    },
    /// `(`
    BeginVariation,
    /// `)`
    EndVariation,
    /// The termination marker.
    Result(GameResult),
    /// A `%` escape line (without the newline), kept for lossless conversion.
    Escape {
        /// The line, `%` included.
        text: &'a [u8],
    },
    /// Movetext the reader could not read, sent right after the
    /// [`Visitor::problem`] that reports it (`unexpected-token` or
    /// `unmatched-parenthesis`): a stray `}`, `]` or `[`, a `)` without an
    /// open variation, `$` without a number from 0 to 255 (`$`, `$1,`), a
    /// move number out of range, a control byte, a token that is no move
    /// (`!!!`), or the unknown tail of a move (the `+#` of `e4+#`, whose
    /// move comes first). It is kept so that conversion writes it back
    /// (issue 20): an export of an invalid game is as invalid as the game.
    Unreadable {
        /// The bytes as written.
        text: &'a [u8],
    },
    /// The game is over (also sent after `SkipGame` and at the end of input).
    EndGame,
}

/// The source line around an event, valid during the callback only.
///
/// The reader does not look for the line's end until [`text`](Self::text)
/// is called: most events never need it, and finding it for each was a
/// noticeable part of reading.
#[derive(Clone, Copy, Debug)]
pub struct LineContext<'a> {
    text: LineText<'a>,
    /// 1-based line number.
    pub number: u32,
}

/// Bytes shown before the column a diagnostic points at, on a line too
/// long to show from its start (see [`LineContext::to_source_line`]); less
/// than the reader keeps before its position.
pub const SOURCE_LEAD: u32 = 80;

/// The most bytes of a line a diagnostic shows (see
/// [`LineContext::to_source_line`]).
pub const SOURCE_WIDTH: usize = 240;

/// Bytes at least shown after the column a diagnostic points at.
const SOURCE_TAIL: usize = 40;

/// The line's bytes, or how to find them.
#[derive(Clone, Copy, Debug)]
enum LineText<'a> {
    /// The bytes and the column of the first.
    Known(&'a [u8], u32),
    Scan(LineScan<'a>),
}

impl<'a> LineContext<'a> {
    /// A line context for the given bytes (no newline).
    pub fn new(text: &'a [u8], number: u32, first_column: u32) -> LineContext<'a> {
        LineContext {
            text: LineText::Known(text, first_column),
            number,
        }
    }

    /// A line context whose bytes the reader finds when asked.
    pub(super) fn scanned(scan: LineScan<'a>, number: u32) -> LineContext<'a> {
        LineContext {
            text: LineText::Scan(scan),
            number,
        }
    }

    /// The 1-based column of the first byte of [`text`](Self::text): 1
    /// unless the line's start has left the reader's buffer. Found when
    /// asked, as the text is: most events never need it.
    pub fn first_column(&self) -> u32 {
        match self.text {
            LineText::Known(_, first_column) => first_column,
            LineText::Scan(scan) => scan.first_column(),
        }
    }

    /// The line's bytes as far as the reader's buffer holds them (no
    /// newline, no carriage return before it).
    pub fn text(&self) -> &'a [u8] {
        match self.text {
            LineText::Known(t, _) => t,
            LineText::Scan(scan) => scan.text(self.number),
        }
    }

    /// An owned, lossily decoded copy for a diagnostic: at most `max`
    /// bytes of the line, chosen so that column `focus` (where the
    /// diagnostic points) is in view. The window depends only on `focus`
    /// and `max`, not on how much of the line the reader's buffer happens
    /// to hold, so one file read on one thread or in chunks on several
    /// shows the same excerpt: from the line's start when `focus` is near
    /// it, else from [`SOURCE_LEAD`] bytes before `focus` (the reader
    /// always keeps more than that before its position).
    #[cold]
    pub fn to_source_line(&self, max: usize, focus: u32) -> crate::diag::SourceLine {
        let text = self.text();
        let near_start = (focus as usize).saturating_add(SOURCE_TAIL) <= max.saturating_add(1);
        let want = if near_start {
            1
        } else {
            focus.saturating_sub(SOURCE_LEAD).max(1)
        };
        let first_column = self.first_column();
        let mut skip = want.saturating_sub(first_column) as usize;
        // Start on a character, not inside one.
        while text.get(skip).is_some_and(|&b| (0x80..0xc0).contains(&b)) {
            skip += 1;
        }
        let shown = text.get(skip..).unwrap_or_default();
        let shown = &shown[..shown.len().min(max)];
        crate::diag::SourceLine {
            number: self.number,
            text: String::from_utf8_lossy(shown).into_owned(),
            first_column: first_column.saturating_add(u32::try_from(skip).unwrap_or(u32::MAX)),
        }
    }
}

/// Receives a reader's events. Implement only what you need.
pub trait Visitor {
    /// One event, its span, and the source line it is on.
    fn event(&mut self, event: Event<'_>, span: Span, line: &LineContext<'_>) -> Flow;

    /// A syntax problem found by the reader, with where it is. The reader has
    /// already recovered when this is called.
    fn problem(
        &mut self,
        problem: &super::SyntaxProblem,
        span: Span,
        line: &LineContext<'_>,
    ) -> Flow {
        let _ = (problem, span, line);
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_decode_handles_escapes() {
        assert_eq!(&*RawTag(br#"a \"b\" \\ c"#).decode(), br#"a "b" \ c"#);
        assert!(matches!(RawTag(b"plain").decode(), Cow::Borrowed(_)));
        assert_eq!(&*RawTag(b"trailing\\").decode(), b"trailing\\");
    }

    #[test]
    fn results_read_both_draw_forms() {
        assert_eq!(GameResult::from_ascii(b"1/2-1/2"), Some(GameResult::Draw));
        assert_eq!(
            GameResult::from_ascii("½-½".as_bytes()),
            Some(GameResult::Draw)
        );
        assert_eq!(GameResult::from_ascii(b"2-0"), None);
    }
}
