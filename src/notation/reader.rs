//! The streaming PGN reader: one fixed buffer over any [`Read`], a hand-written
//! state machine for game boundaries, comments and variations, and the small
//! grammars of [`movetext`](super::movetext) and [`tag`](super::tag) for tokens.
//!
//! Memory is flat whatever the input: the buffer never grows, long comments
//! stream in chunks, and nesting is counted with integers (STYLE B5).
//! Tag values and comments are passed through as bytes, valid UTF-8 or not;
//! use [`first_invalid_utf8`] to find out.

use std::cell::Cell;
use std::io::{self, Read};
use std::ops::Range;

use memchr::{memchr, memchr_iter, memrchr};

use super::SyntaxProblem;

mod boundary;
mod bytes;
mod comment;
mod game;
mod words;

use super::visitor::{
    CheckMark, Chunk, CommentStyle, Event, Flow, GameResult, LineContext, NagForm, RawTag, Visitor,
};
use super::window::{LineEnd, LineScan, Window};
use crate::diag::{Code, Span};
use bytes::{
    BINARY_WINDOW, find_tag_line, is_control, is_space, looks_like_movetext, many_controls,
};

/// Bytes kept before the current position when the buffer shifts, so that
/// the current line can still be shown in diagnostics.
const LINE_KEEP: usize = 512;

// A diagnostic's excerpt (up to `SOURCE_WIDTH` bytes from the line's start,
// or from `SOURCE_LEAD` bytes before its column) must still be in the buffer.
const _: () = assert!(
    super::visitor::SOURCE_LEAD as usize <= LINE_KEEP && super::visitor::SOURCE_WIDTH <= LINE_KEEP
);

/// Bytes looked at when deciding whether text is prose, movetext or binary.
const SNIFF: usize = 4096;

/// The reader's limits; all are settings, none is an accident (STYLE B5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Size of the one read buffer, in bytes. It is raised if needed to hold
    /// the longest tag line, token or comment chunk plus some line context.
    /// Default 64 KiB.
    pub buffer_size: usize,
    /// Longest move token, NAG or move number. Longer ones are skipped with a
    /// `token-too-long` problem. Default 256.
    pub max_token_len: usize,
    /// Longest tag line or `%` escape line. Default 8 KiB.
    pub max_tag_line: usize,
    /// Longer comments arrive in pieces of at most this many bytes, split on
    /// UTF-8 boundaries ([`Chunk::First`], [`Chunk::Middle`], [`Chunk::Last`]).
    /// Default 8 KiB.
    pub comment_chunk: usize,
    /// Deepest variation nesting reported to the visitor. Deeper variations
    /// give a `variation-too-deep` problem and are skipped (counted, not
    /// recursed into). Default 256.
    pub max_variation_depth: u32,
    /// The largest game, in bytes, that consumers holding whole games (the
    /// record builder, JSON export) accept; the reader itself never holds a
    /// game and does not enforce it. Default 16 MiB.
    pub max_game_size: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            buffer_size: 64 * 1024,
            max_token_len: 256,
            max_tag_line: 8 * 1024,
            comment_chunk: 8 * 1024,
            max_variation_depth: 256,
            max_game_size: 16 * 1024 * 1024,
        }
    }
}

impl Limits {
    /// The limits with every value raised to a workable minimum, and the
    /// buffer large enough for all of them.
    fn normalized(mut self) -> Limits {
        self.max_token_len = self.max_token_len.max(8);
        self.max_tag_line = self.max_tag_line.max(16);
        self.comment_chunk = self.comment_chunk.max(8);
        let need = self
            .max_token_len
            .saturating_add(8)
            .max(self.max_tag_line + 1)
            .max(self.comment_chunk + 1 + super::tag::TAG_LINE_PREFIX)
            .max(SNIFF)
            .max(BINARY_WINDOW);
        self.buffer_size = self.buffer_size.max(need + LINE_KEEP + 64);
        self
    }
}

/// The offset of the first byte that is not valid UTF-8, if any: the reader
/// passes tag values and comments through as bytes, and this is how a
/// consumer tells (e.g. for an `invalid-utf8` diagnostic).
pub fn first_invalid_utf8(bytes: &[u8]) -> Option<usize> {
    std::str::from_utf8(bytes).err().map(|e| e.valid_up_to())
}

/// Which part of a game the reader is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Tags,
    Movetext,
}

/// An event with buffer ranges instead of borrowed slices, so that the
/// reader can build the borrowed [`Event`] right at the call.
#[derive(Clone, Debug)]
enum Ev {
    BeginGame,
    Tag {
        name: Range<usize>,
        value: Range<usize>,
    },
    BeginMovetext,
    MoveNumber {
        number: u32,
        dots: u8,
    },
    Move {
        text: Range<usize>,
        check: CheckMark,
    },
    Nag {
        nag: u8,
        form: NagForm,
    },
    Comment {
        text: Range<usize>,
        style: CommentStyle,
        chunk: Chunk,
    },
    BeginVariation,
    EndVariation,
    Result(GameResult),
    Escape {
        text: Range<usize>,
    },
    Unreadable {
        text: Range<usize>,
    },
    EndGame,
}

/// Per-game state, reset when a game starts.
#[derive(Clone, Copy, Debug)]
struct GameState {
    phase: Phase,
    /// Open variations reported to the visitor.
    depth: u32,
    /// Where the outermost open variation began.
    first_open: Option<Span>,
    /// Depth inside a variation being skipped (0 = not skipping).
    skip_var: u64,
    /// Whether the skipped variation was reported (`SkipVariation`), so its
    /// end is reported too; false when it was skipped for being too deep.
    skip_var_reported: bool,
    /// The visitor asked to skip the rest of the game.
    skip_game: bool,
    /// A tag or movetext token was seen (a game of comments only is not
    /// missing its result).
    has_content: bool,
    binary_reported: bool,
    /// Bytes that are not UTF-8 were reported (once a game is enough: an
    /// archive in Latin-1 has them in every accented name).
    utf8_reported: bool,
    /// A tag pair was read.
    tags_seen: bool,
    /// A blank line followed the tags: comments now belong to the movetext.
    blank_after_tags: bool,
    /// The result was read: only the comments after it are left.
    result_read: bool,
}

impl GameState {
    fn new() -> GameState {
        GameState {
            phase: Phase::Tags,
            depth: 0,
            first_open: None,
            skip_var: 0,
            skip_var_reported: false,
            skip_game: false,
            has_content: false,
            binary_reported: false,
            utf8_reported: false,
            tags_seen: false,
            blank_after_tags: false,
            result_read: false,
        }
    }
}

/// Reads games from any [`Read`] and pushes [`Event`]s to a [`Visitor`].
///
/// # Examples
///
/// ```
/// use xpgn::diag::Span;
/// use xpgn::notation::{Event, Flow, LineContext, Reader, Visitor};
///
/// struct CountMoves(usize);
/// impl Visitor for CountMoves {
///     fn event(&mut self, e: Event<'_>, _: Span, _: &LineContext<'_>) -> Flow {
///         if let Event::Move { .. } = e {
///             self.0 += 1;
///         }
///         Flow::Continue
///     }
/// }
///
/// let mut reader = Reader::new(&b"[White \"A\"]\n\n1. e4 e5 2. Nf3 1-0\n"[..]);
/// let mut count = CountMoves(0);
/// reader.read_all(&mut count).unwrap();
/// assert_eq!(count.0, 3);
/// ```
#[derive(Debug)]
pub struct Reader<R: Read> {
    read: R,
    limits: Limits,
    /// The buffer; `start` is the current position in it.
    win: Window,
    start: usize,
    eof: bool,
    bytes_read: u64,
    /// A read error that came after bytes of the same fill: reported once
    /// those bytes are read, so that no byte read is lost to it.
    read_error: Option<io::Error>,
    /// 1-based line of the current position.
    line: u32,
    /// Absolute offset where the current line starts.
    line_start_abs: u64,
    bom_checked: bool,
    stopped: bool,
    game: GameState,
    /// Prose was reported since the last game began (one problem per region).
    prose_reported: bool,
    /// Binary data was reported since the last game began.
    region_binary_reported: bool,
    /// Whether [`Self::plain_tokens`] may read (off only in tests that
    /// compare it with the general path).
    plain_path: bool,
    /// Bytes to pass over before the first game ([`Resume::skip`]).
    pending_skip: usize,
}

/// Where a [`Reader`] made by [`Reader::resume`] starts: somewhere in an
/// input other than its beginning, where the reader of the whole input
/// would be between two games (the parallel split's workers start there).
/// Spans are then in the input's coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resume {
    /// Offset in the input of the first byte the reader's source gives.
    pub offset: u64,
    /// Bytes of the source passed over before reading: the start of the
    /// current line, there only to be shown in diagnostics. No newline may
    /// be among them.
    pub skip: usize,
    /// 1-based line number at `offset + skip`.
    pub line: u32,
    /// Offset in the input where that line begins (at most `offset + skip`).
    pub line_start: u64,
}

impl<R: Read> Reader<R> {
    /// A reader with the default [`Limits`].
    pub fn new(read: R) -> Reader<R> {
        Reader::with_limits(read, Limits::default())
    }

    /// A reader with the given limits (raised to workable minimums).
    pub fn with_limits(read: R, limits: Limits) -> Reader<R> {
        let limits = limits.normalized();
        Reader {
            read,
            limits,
            win: Window {
                buf: vec![0; limits.buffer_size].into_boxed_slice(),
                buf_abs: 0,
                end: 0,
                line_end: Cell::new(LineEnd {
                    line: 0,
                    found: None,
                    scanned_to: 0,
                }),
            },
            start: 0,
            eof: false,
            bytes_read: 0,
            read_error: None,
            line: 1,
            line_start_abs: 0,
            bom_checked: false,
            stopped: false,
            game: GameState::new(),
            prose_reported: false,
            region_binary_reported: false,
            plain_path: true,
            pending_skip: 0,
        }
    }

    /// A reader of `read`, which gives an input's bytes from `at.offset`
    /// on, that starts reading at `at.offset + at.skip` in the state the
    /// reader of the whole input has there between two games.
    pub fn resume(read: R, at: Resume) -> Reader<R> {
        let mut reader = Reader::new(read);
        reader.win.buf_abs = at.offset;
        reader.line = at.line.max(1);
        reader.line_start_abs = at.line_start.min(at.offset + at.skip as u64);
        // A byte order mark counts only at the input's start.
        reader.bom_checked = at.offset + at.skip as u64 > 0;
        reader.pending_skip = at.skip;
        reader
    }

    /// The limits in effect.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Bytes read from the underlying reader so far (for progress bars).
    pub fn bytes_read(&self) -> u64 {
        self.bytes_read
    }

    /// The buffer's size in bytes; it is fixed for the reader's life.
    pub fn buffer_capacity(&self) -> usize {
        self.win.buf.len()
    }

    /// Reads the whole input.
    ///
    /// # Errors
    ///
    /// Only I/O errors of the underlying reader; syntax problems go to
    /// [`Visitor::problem`].
    pub fn read_all<V: Visitor>(&mut self, v: &mut V) -> io::Result<()> {
        while self.read_game(v)? {}
        Ok(())
    }

    /// Reads one game. Returns `false` when the input has no more games, or
    /// when the visitor answered [`Flow::Stop`] (after which no events are
    /// sent, not even `EndGame`).
    ///
    /// # Errors
    ///
    /// Only I/O errors of the underlying reader.
    pub fn read_game<V: Visitor>(&mut self, v: &mut V) -> io::Result<bool> {
        if self.stopped {
            return Ok(false);
        }
        if !self.bom_checked {
            self.bom_checked = true;
            self.ensure(3)?;
            if self.avail().starts_with(b"\xef\xbb\xbf") {
                self.consume(3);
                // Columns count from after the BOM, as editors show them.
                self.line_start_abs = 3;
            }
        }
        if self.pending_skip > 0 {
            self.ensure(self.pending_skip)?;
            let n = self.pending_skip.min(self.win.end - self.start);
            self.start += n;
            self.pending_skip = 0;
        }
        // Reset first: problems between games must not be muted by the last game's `SkipGame`.
        self.game = GameState::new();
        if !self.find_game_start(v)? {
            return Ok(false);
        }
        self.prose_reported = false;
        self.region_binary_reported = false;
        let span = self.span(0, 0);
        self.emit(v, Ev::BeginGame, span);
        self.read_game_body(v)?;
        Ok(!self.stopped)
    }

    // ----- buffer -----

    fn avail(&self) -> &[u8] {
        self.win
            .buf
            .get(self.start..self.win.end)
            .unwrap_or_default()
    }

    /// Shifts the kept bytes to the front and reads until the buffer is full
    /// or the input ends. Returns whether new bytes arrived.
    fn fill(&mut self) -> io::Result<bool> {
        if let Some(e) = self.read_error.take() {
            return Err(e);
        }
        if self.eof {
            return Ok(false);
        }
        let line_idx = self
            .line_start_abs
            .checked_sub(self.win.buf_abs)
            .map_or(0, |d| usize::try_from(d).unwrap_or(usize::MAX))
            .min(self.start);
        let keep_from = self.start.saturating_sub(LINE_KEEP).max(line_idx);
        if keep_from > 0 {
            self.win.buf.copy_within(keep_from..self.win.end, 0);
            self.start -= keep_from;
            self.win.end -= keep_from;
            self.win.buf_abs += keep_from as u64;
        }
        let mut got = false;
        while self.win.end < self.win.buf.len() {
            match self.read.read(&mut self.win.buf[self.win.end..]) {
                Ok(0) => {
                    self.eof = true;
                    break;
                }
                Ok(n) => {
                    self.win.end += n.min(self.win.buf.len() - self.win.end);
                    self.bytes_read += n as u64;
                    got = true;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) if got => {
                    self.read_error = Some(e);
                    break;
                }
                Err(e) => return Err(e),
            }
        }
        Ok(got)
    }

    /// Fills until at least `n` bytes are available or the input ends.
    fn ensure(&mut self, n: usize) -> io::Result<()> {
        while self.win.end - self.start < n {
            if !self.fill()? {
                break;
            }
        }
        Ok(())
    }

    /// Fills until `n` bytes are available, a newline is among them, or the input ends.
    fn ensure_line(&mut self, n: usize) -> io::Result<()> {
        while self.win.end - self.start < n && memchr(b'\n', self.avail()).is_none() {
            if !self.fill()? {
                break;
            }
        }
        Ok(())
    }

    /// Moves past `n` bytes that hold no newline (a token, a tag pair, a
    /// parenthesis): nothing to count.
    fn advance(&mut self, n: usize) {
        let n = n.min(self.win.end - self.start);
        debug_assert!(!self.win.buf[self.start..self.start + n].contains(&b'\n'));
        self.start += n;
    }

    /// Moves past `n` bytes, counting lines.
    fn consume(&mut self, n: usize) {
        let n = n.min(self.win.end - self.start);
        let bytes = &self.win.buf[self.start..self.start + n];
        if let Some(last) = memrchr(b'\n', bytes) {
            let count = memchr_iter(b'\n', bytes).count();
            self.line = self
                .line
                .saturating_add(u32::try_from(count).unwrap_or(u32::MAX));
            self.line_start_abs = self.win.buf_abs + (self.start + last + 1) as u64;
        }
        self.start += n;
    }

    fn pos_abs(&self) -> u64 {
        self.win.buf_abs + self.start as u64
    }

    fn column_of(&self, abs: u64) -> u32 {
        u32::try_from(abs.saturating_sub(self.line_start_abs) + 1).unwrap_or(u32::MAX)
    }

    /// The span of `len` bytes at `off` bytes after the current position, on the current line.
    fn span(&self, off: usize, len: usize) -> Span {
        let start = self.pos_abs() + off as u64;
        Span {
            start,
            end: start + len as u64,
            line: self.line,
            column: self.column_of(start),
        }
    }

    /// The current line, its end and first column left to be found if a
    /// diagnostic asks.
    fn line_context(&self) -> LineContext<'_> {
        LineContext::scanned(
            LineScan {
                win: &self.win,
                line_start_abs: self.line_start_abs,
                pos: self.start,
            },
            self.line,
        )
    }

    // ----- talking to the visitor -----

    fn suppressed(&self) -> bool {
        self.game.skip_game || self.game.skip_var > 0
    }

    // Inlined so that each call site keeps only its own event's branch.
    #[inline(always)]
    fn emit<V: Visitor>(&mut self, v: &mut V, ev: Ev, span: Span) -> Flow {
        if self.stopped || (self.suppressed() && !matches!(ev, Ev::EndGame)) {
            return Flow::Continue;
        }
        if !self.game.utf8_reported
            && matches!(
                super::text::encoding(),
                super::text::Encoding::Utf8 | super::text::Encoding::Escape
            )
        {
            let text = match &ev {
                Ev::Tag { value, .. } => self.win.buf.get(value.clone()),
                Ev::Comment { text, .. } => self.win.buf.get(text.clone()),
                _ => None,
            };
            // Most values are ASCII, and `is_ascii` is cheaper than a UTF-8 check.
            let text = text.filter(|t| !t.is_ascii());
            if let Some(bad) = text.and_then(|t| std::str::from_utf8(t).err()) {
                self.game.utf8_reported = true;
                let what = if matches!(ev, Ev::Tag { .. }) {
                    "a tag value"
                } else {
                    "a comment"
                };
                let how = if super::text::encoding() == super::text::Encoding::Escape {
                    "kept as they are in PGN output"
                } else {
                    "shown with U+FFFD"
                };
                let msg = format!(
                    "{what} has bytes that are not UTF-8 (at byte {} of it; Latin-1? \
                     --encoding latin-1 or auto reads them as letters); {how}",
                    bad.valid_up_to() + 1
                );
                self.problem(v, Code::InvalidUtf8, msg, span);
            }
        }
        let buf = &self.win.buf;
        let slice = |r: Range<usize>| buf.get(r).unwrap_or_default();
        let event = match ev {
            Ev::BeginGame => Event::BeginGame,
            Ev::Tag { name, value } => Event::Tag {
                name: slice(name),
                value: RawTag(slice(value)),
            },
            Ev::BeginMovetext => Event::BeginMovetext,
            Ev::MoveNumber { number, dots } => Event::MoveNumber { number, dots },
            Ev::Move { text, check } => Event::Move {
                text: slice(text),
                check,
            },
            Ev::Nag { nag, form } => Event::Nag { nag, form },
            Ev::Comment { text, style, chunk } => Event::Comment {
                text: slice(text),
                style,
                chunk,
            },
            Ev::BeginVariation => Event::BeginVariation,
            Ev::EndVariation => Event::EndVariation,
            Ev::Result(r) => Event::Result(r),
            Ev::Escape { text } => Event::Escape { text: slice(text) },
            Ev::Unreadable { text } => Event::Unreadable { text: slice(text) },
            Ev::EndGame => Event::EndGame,
        };
        let flow = v.event(event, span, &self.line_context());
        self.apply(flow);
        flow
    }

    fn apply(&mut self, flow: Flow) {
        match flow {
            Flow::Stop => self.stopped = true,
            Flow::SkipGame => self.game.skip_game = true,
            Flow::Continue | Flow::SkipVariation => {}
        }
    }

    /// Reports the `len` bytes at `off` from the current position as text
    /// the reader cannot read, then hands them on as an
    /// [`Event::Unreadable`], so that conversion keeps them.
    #[cold]
    fn unreadable<V: Visitor>(
        &mut self,
        v: &mut V,
        code: Code,
        message: String,
        off: usize,
        len: usize,
    ) {
        let span = self.span(off, len);
        self.problem(v, code, message, span);
        let s = self.start + off;
        self.emit(v, Ev::Unreadable { text: s..s + len }, span);
    }

    /// Reports a problem on the current line.
    #[cold]
    fn problem<V: Visitor>(&mut self, v: &mut V, code: Code, message: String, span: Span) {
        if self.stopped || self.game.skip_game {
            return;
        }
        let flow = v.problem(&SyntaxProblem { code, message }, span, &self.line_context());
        self.apply(flow);
    }

    /// Reports a problem on an earlier line, which may have left the buffer.
    #[cold]
    fn problem_on_line<V: Visitor>(
        &mut self,
        v: &mut V,
        code: Code,
        message: String,
        span: Span,
        line_start_abs: u64,
    ) {
        if self.stopped || self.game.skip_game {
            return;
        }
        let (text, first_column) = if line_start_abs >= self.win.buf_abs {
            let from = usize::try_from(line_start_abs - self.win.buf_abs)
                .unwrap_or(self.win.end)
                .min(self.win.end);
            let rest = self.win.buf.get(from..self.win.end).unwrap_or_default();
            let mut text = &rest[..memchr(b'\n', rest).unwrap_or(rest.len())];
            if let Some(t) = text.strip_suffix(b"\r") {
                text = t;
            }
            (text, 1)
        } else {
            (&b""[..], span.column)
        };
        let line = LineContext::new(text, span.line, first_column);
        let flow = v.problem(&SyntaxProblem { code, message }, span, &line);
        self.apply(flow);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// `skip_space`'s shortcuts end where the general loop ends.
        #[test]
        fn skip_space_shortcuts_agree(
            input in proptest::collection::vec(
                proptest::sample::select(b" \r\n\tx".to_vec()),
                0..8,
            ),
        ) {
            let state = |r: &Reader<&[u8]>| (r.start, r.line, r.line_start_abs);
            let mut short = Reader::new(&input[..]);
            short.ensure(8).unwrap_or_default();
            let mut long = Reader::new(&input[..]);
            long.ensure(8).unwrap_or_default();
            short.skip_space().unwrap_or_default();
            long.skip_space_run().unwrap_or_default();
            proptest::prop_assert_eq!(state(&short), state(&long));
        }
    }

    #[test]
    fn limits_are_normalized() {
        let l = Limits {
            buffer_size: 10,
            comment_chunk: 100_000,
            ..Limits::default()
        }
        .normalized();
        assert!(l.buffer_size > l.comment_chunk + LINE_KEEP);
    }
}
