//! The streaming PGN reader: one fixed buffer over any [`Read`], a hand-written
//! state machine for game boundaries, comments and variations, and the small
//! grammars of [`movetext`](super::movetext) and [`tag`](super::tag) for tokens.
//!
//! Memory is flat whatever the input: the buffer never grows, long comments
//! stream in chunks, and nesting is counted with integers (STYLE B5).
//! Tag values and comments are passed through as bytes, valid UTF-8 or not;
//! use [`first_invalid_utf8`] to find out.

use std::io::{self, Read};
use std::ops::Range;

use memchr::{memchr, memchr_iter, memrchr};

use super::SyntaxProblem;
use super::movetext::{self, MoveTail};
use super::tag::{self, ParseTagError};
use super::visitor::{
    CheckMark, Chunk, CommentStyle, Event, Flow, GameResult, LineContext, NagForm, RawTag, Visitor,
};
use crate::diag::{Code, Span};

/// Bytes kept before the current position when the buffer shifts, so that
/// the current line can still be shown in diagnostics.
const LINE_KEEP: usize = 512;

/// Bytes looked at when deciding whether text is prose, movetext or binary.
const SNIFF: usize = 4096;

/// Bytes looked at after a control byte to decide whether it is binary data.
const BINARY_WINDOW: usize = 512;

/// The reader's limits; all are settings, none is an accident (STYLE B5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Size of the one read buffer, in bytes. It is raised if needed to hold
    /// the longest tag line, token or comment chunk plus some line context.
    pub buffer_size: usize,
    /// Longest move token, NAG or move number. Longer ones are skipped with a
    /// `token-too-long` problem.
    pub max_token_len: usize,
    /// Longest tag line or `%` escape line.
    pub max_tag_line: usize,
    /// Longer comments arrive in pieces of at most this many bytes, split on
    /// UTF-8 boundaries ([`Chunk::First`], [`Chunk::Middle`], [`Chunk::Last`]).
    pub comment_chunk: usize,
    /// Deepest variation nesting reported to the visitor. Deeper variations
    /// give a `variation-too-deep` problem and are skipped (counted, not
    /// recursed into).
    pub max_variation_depth: u32,
    /// The largest game, in bytes, that consumers holding whole games (the
    /// record builder, JSON export) accept; the reader itself never holds a
    /// game and does not enforce it.
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
            .max(self.comment_chunk + 1)
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
    /// A tag pair was read.
    tags_seen: bool,
    /// A blank line followed the tags: comments now belong to the movetext.
    blank_after_tags: bool,
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
            tags_seen: false,
            blank_after_tags: false,
        }
    }
}

/// Cached end of the current line, so that long lines are scanned once.
#[derive(Clone, Copy, Debug)]
struct LineEnd {
    line: u32,
    found: Option<u64>,
    scanned_to: u64,
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
    buf: Box<[u8]>,
    /// Absolute offset of `buf[0]`.
    buf_abs: u64,
    start: usize,
    end: usize,
    eof: bool,
    bytes_read: u64,
    /// 1-based line of the current position.
    line: u32,
    /// Absolute offset where the current line starts.
    line_start_abs: u64,
    line_end: LineEnd,
    bom_checked: bool,
    stopped: bool,
    game: GameState,
    /// Prose was reported since the last game began (one problem per region).
    prose_reported: bool,
    /// Binary data was reported since the last game began.
    region_binary_reported: bool,
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
            buf: vec![0; limits.buffer_size].into_boxed_slice(),
            buf_abs: 0,
            start: 0,
            end: 0,
            eof: false,
            bytes_read: 0,
            line: 1,
            line_start_abs: 0,
            line_end: LineEnd {
                line: 0,
                found: None,
                scanned_to: 0,
            },
            bom_checked: false,
            stopped: false,
            game: GameState::new(),
            prose_reported: false,
            region_binary_reported: false,
        }
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
        self.buf.len()
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
        self.buf.get(self.start..self.end).unwrap_or_default()
    }

    /// Shifts the kept bytes to the front and reads until the buffer is full
    /// or the input ends. Returns whether new bytes arrived.
    fn fill(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        let line_idx = self
            .line_start_abs
            .checked_sub(self.buf_abs)
            .map_or(0, |d| usize::try_from(d).unwrap_or(usize::MAX))
            .min(self.start);
        let keep_from = self.start.saturating_sub(LINE_KEEP).max(line_idx);
        if keep_from > 0 {
            self.buf.copy_within(keep_from..self.end, 0);
            self.start -= keep_from;
            self.end -= keep_from;
            self.buf_abs += keep_from as u64;
        }
        let mut got = false;
        while self.end < self.buf.len() {
            match self.read.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    break;
                }
                Ok(n) => {
                    self.end += n.min(self.buf.len() - self.end);
                    self.bytes_read += n as u64;
                    got = true;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(got)
    }

    /// Fills until at least `n` bytes are available or the input ends.
    fn ensure(&mut self, n: usize) -> io::Result<()> {
        while self.end - self.start < n {
            if !self.fill()? {
                break;
            }
        }
        Ok(())
    }

    /// Fills until `n` bytes are available, a newline is among them, or the input ends.
    fn ensure_line(&mut self, n: usize) -> io::Result<()> {
        while self.end - self.start < n && memchr(b'\n', self.avail()).is_none() {
            if !self.fill()? {
                break;
            }
        }
        Ok(())
    }

    /// Moves past `n` bytes, counting lines.
    fn consume(&mut self, n: usize) {
        let n = n.min(self.end - self.start);
        let bytes = &self.buf[self.start..self.start + n];
        if let Some(last) = memrchr(b'\n', bytes) {
            let count = memchr_iter(b'\n', bytes).count();
            self.line = self
                .line
                .saturating_add(u32::try_from(count).unwrap_or(u32::MAX));
            self.line_start_abs = self.buf_abs + (self.start + last + 1) as u64;
        }
        self.start += n;
    }

    fn pos_abs(&self) -> u64 {
        self.buf_abs + self.start as u64
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

    /// The buffer range and first column of the current line.
    fn line_range(&mut self) -> (Range<usize>, u32) {
        let begin_abs = self.line_start_abs.max(self.buf_abs);
        let begin = usize::try_from(begin_abs - self.buf_abs)
            .unwrap_or(usize::MAX)
            .min(self.start);
        if self.line_end.line != self.line || self.line_end.scanned_to < self.pos_abs() {
            self.line_end = LineEnd {
                line: self.line,
                found: None,
                scanned_to: self.pos_abs(),
            };
        }
        let end_abs = self.buf_abs + self.end as u64;
        if self.line_end.found.is_none() && self.line_end.scanned_to < end_abs {
            let from = usize::try_from(self.line_end.scanned_to - self.buf_abs).unwrap_or(self.end);
            match memchr(b'\n', self.buf.get(from..self.end).unwrap_or_default()) {
                Some(k) => self.line_end.found = Some(self.buf_abs + (from + k) as u64),
                None => self.line_end.scanned_to = end_abs,
            }
        }
        let stop = self.line_end.found.map_or(self.end, |abs| {
            usize::try_from(abs.saturating_sub(self.buf_abs))
                .unwrap_or(self.end)
                .min(self.end)
        });
        let mut stop = stop.max(begin);
        if stop > begin && self.buf.get(stop - 1) == Some(&b'\r') {
            stop -= 1;
        }
        (begin..stop, self.column_of(begin_abs))
    }

    // ----- talking to the visitor -----

    fn suppressed(&self) -> bool {
        self.game.skip_game || self.game.skip_var > 0
    }

    fn emit<V: Visitor>(&mut self, v: &mut V, ev: Ev, span: Span) -> Flow {
        if self.stopped || (self.suppressed() && !matches!(ev, Ev::EndGame)) {
            return Flow::Continue;
        }
        let (lr, first_column) = self.line_range();
        let buf = &self.buf;
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
            Ev::EndGame => Event::EndGame,
        };
        let line = LineContext {
            text: slice(lr),
            number: self.line,
            first_column,
        };
        let flow = v.event(event, span, &line);
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

    /// Reports a problem on the current line.
    #[cold]
    fn problem<V: Visitor>(&mut self, v: &mut V, code: Code, message: String, span: Span) {
        if self.stopped || self.game.skip_game {
            return;
        }
        let (lr, first_column) = self.line_range();
        let line = LineContext {
            text: self.buf.get(lr).unwrap_or_default(),
            number: self.line,
            first_column,
        };
        let flow = v.problem(&SyntaxProblem { code, message }, span, &line);
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
        let (text, first_column) = if line_start_abs >= self.buf_abs {
            let from = usize::try_from(line_start_abs - self.buf_abs)
                .unwrap_or(self.end)
                .min(self.end);
            let rest = self.buf.get(from..self.end).unwrap_or_default();
            let mut text = &rest[..memchr(b'\n', rest).unwrap_or(rest.len())];
            if let Some(t) = text.strip_suffix(b"\r") {
                text = t;
            }
            (text, 1)
        } else {
            (&b""[..], span.column)
        };
        let line = LineContext {
            text,
            number: span.line,
            first_column,
        };
        let flow = v.problem(&SyntaxProblem { code, message }, span, &line);
        self.apply(flow);
    }

    // ----- between games -----

    /// Skips whitespace, prose and binary data up to the start of the next
    /// game. Returns false at the end of input.
    fn find_game_start<V: Visitor>(&mut self, v: &mut V) -> io::Result<bool> {
        loop {
            if self.stopped {
                return Ok(false);
            }
            self.skip_space()?;
            self.ensure(1)?;
            let Some(&b) = self.avail().first() else {
                return Ok(false);
            };
            match b {
                b'[' | b'{' | b';' => return Ok(true),
                b'%' if self.at_line_start() => return Ok(true),
                _ => {}
            }
            self.ensure(SNIFF)?;
            let window = &self.avail()[..self.avail().len().min(SNIFF)];
            // Text with a NUL further on starts a game; the game reports the NUL.
            let head = &window[..window.len().min(BINARY_WINDOW)];
            if many_controls(head) || (is_control(b) && head.contains(&0)) {
                if !self.region_binary_reported {
                    self.region_binary_reported = true;
                    let span = self.span(0, 1);
                    self.problem(
                        v,
                        Code::BinaryData,
                        "the input looks like binary data, skipped to the next tag line".into(),
                        span,
                    );
                }
                self.skip_to_tag_line()?;
                continue;
            }
            if is_control(b) {
                let span = self.span(0, 1);
                self.problem(
                    v,
                    Code::UnexpectedToken,
                    format!("unexpected control byte 0x{b:02x}"),
                    span,
                );
                self.consume(1);
                continue;
            }
            let region = find_tag_line(window).unwrap_or(window.len());
            if looks_like_movetext(&window[..region]) {
                return Ok(true);
            }
            if !self.prose_reported {
                self.prose_reported = true;
                let span = self.span(0, region);
                self.problem(
                    v,
                    Code::TextBeforeTags,
                    "text before the first tag pair is ignored".into(),
                    span,
                );
            }
            self.consume(region.max(1));
        }
    }

    fn skip_space(&mut self) -> io::Result<()> {
        loop {
            let n = self.avail().iter().take_while(|&&b| is_space(b)).count();
            self.consume(n);
            if self.start < self.end || !self.fill()? {
                return Ok(());
            }
        }
    }

    fn at_line_start(&self) -> bool {
        self.pos_abs() == self.line_start_abs
    }

    /// Whether only whitespace precedes the current position on its line.
    fn first_on_line(&self) -> bool {
        match self.line_start_abs.checked_sub(self.buf_abs) {
            Some(d) => {
                let from = usize::try_from(d).unwrap_or(usize::MAX);
                // At most 64 bytes back, so that a line full of `[` stays linear.
                from.saturating_add(64) >= self.start
                    && self
                        .buf
                        .get(from..self.start)
                        .is_some_and(|s| s.iter().all(|&b| is_space(b)))
            }
            None => false,
        }
    }

    /// Skips to the next line that starts with `[`, or to the end of input.
    fn skip_to_tag_line(&mut self) -> io::Result<()> {
        loop {
            let avail = self.avail();
            match memchr(b'\n', avail) {
                Some(k) if k + 1 < avail.len() => {
                    let tag = avail[k + 1] == b'[';
                    self.consume(k + 1);
                    if tag {
                        return Ok(());
                    }
                }
                Some(k) => {
                    // Keep the newline: the next byte decides.
                    self.consume(k);
                    if !self.fill()? {
                        let n = self.end - self.start;
                        self.consume(n);
                        return Ok(());
                    }
                }
                None => {
                    let n = avail.len();
                    self.consume(n);
                    if !self.fill()? {
                        return Ok(());
                    }
                }
            }
        }
    }

    /// Skips bytes while `keep` holds (streaming), e.g. the rest of a too long token.
    fn skip_while(&mut self, keep: impl Fn(u8) -> bool) -> io::Result<()> {
        loop {
            let n = self.avail().iter().take_while(|&&b| keep(b)).count();
            self.consume(n);
            if self.start < self.end || !self.fill()? {
                return Ok(());
            }
        }
    }

    // ----- one game -----

    fn read_game_body<V: Visitor>(&mut self, v: &mut V) -> io::Result<()> {
        loop {
            if self.stopped {
                return Ok(());
            }
            let line_before = self.line;
            self.skip_space()?;
            if self.game.tags_seen && self.line.saturating_sub(line_before) >= 2 {
                self.game.blank_after_tags = true;
            }
            self.ensure(1)?;
            let Some(&b) = self.avail().first() else {
                self.end_game_at(v, true);
                return Ok(());
            };
            match b {
                b'{' | b';' if self.game.phase == Phase::Tags && self.game.blank_after_tags => {
                    self.game.phase = Phase::Movetext;
                    let span = self.span(0, 0);
                    self.emit(v, Ev::BeginMovetext, span);
                }
                b'{' => self.comment(v, CommentStyle::Brace)?,
                b';' => self.comment(v, CommentStyle::Line)?,
                b'%' if self.at_line_start() => self.escape_line(v)?,
                b'[' if self.game.phase == Phase::Tags => self.tag(v)?,
                b'[' if self.first_on_line() => {
                    // A tag line after movetext without a result: a new game.
                    self.end_game_at(v, true);
                    return Ok(());
                }
                _ if self.game.phase == Phase::Tags => {
                    self.game.phase = Phase::Movetext;
                    let span = self.span(0, 0);
                    self.emit(v, Ev::BeginMovetext, span);
                }
                b'(' => self.open_variation(v),
                b')' => self.close_variation(v),
                b'[' | b']' | b'}' => {
                    let span = self.span(0, 1);
                    self.problem(
                        v,
                        Code::UnexpectedToken,
                        format!("unexpected '{}' in movetext", char::from(b)),
                        span,
                    );
                    self.consume(1);
                }
                _ if is_control(b) => {
                    if self.control_byte(v)? {
                        return Ok(());
                    }
                }
                _ => {
                    if self.word(v)? {
                        return Ok(());
                    }
                }
            }
        }
    }

    /// Ends the game here: reports open variations and a missing result.
    fn end_game_at<V: Visitor>(&mut self, v: &mut V, missing_result: bool) {
        if self.game.phase == Phase::Tags {
            self.game.phase = Phase::Movetext;
            let span = self.span(0, 0);
            self.emit(v, Ev::BeginMovetext, span);
        }
        let span = self.span(0, 0);
        if self.game.depth > 0 || self.game.skip_var > 0 {
            let message = match self.game.first_open {
                Some(open) => format!(
                    "the variation opened at line {} column {} is not closed",
                    open.line, open.column
                ),
                None => "a variation is not closed".into(),
            };
            self.problem(v, Code::UnterminatedVariation, message, span);
        }
        if missing_result && self.game.has_content && !self.game.binary_reported {
            self.problem(
                v,
                Code::MissingResult,
                "the game has no result (1-0, 0-1, 1/2-1/2 or *)".into(),
                span,
            );
        }
        self.game.skip_var = 0;
        self.emit(v, Ev::EndGame, span);
    }

    fn tag<V: Visitor>(&mut self, v: &mut V) -> io::Result<()> {
        let max = self.limits.max_tag_line;
        self.ensure_line(max + 1)?;
        self.game.has_content = true;
        let avail = self.avail();
        let window = &avail[..avail.len().min(max)];
        let line_len = memchr(b'\n', window).unwrap_or(window.len());
        let cut_short = line_len == window.len() && avail.len() > max;
        match tag::tag_pair(&window[..line_len]) {
            Ok(t) => {
                self.game.tags_seen = true;
                let span = self.span(0, t.len);
                let (name, value) = (
                    self.start + t.name.start..self.start + t.name.end,
                    self.start + t.value.start..self.start + t.value.end,
                );
                self.emit(v, Ev::Tag { name, value }, span);
                self.consume(t.len);
            }
            Err(ParseTagError::Unterminated) if cut_short => {
                let span = self.span(0, line_len);
                self.problem(
                    v,
                    Code::TokenTooLong,
                    format!("tag line longer than {max} bytes, skipped"),
                    span,
                );
                self.skip_while(|b| b != b'\n')?;
            }
            Err(ParseTagError::Unterminated) => {
                let span = self.span(0, line_len);
                self.problem(
                    v,
                    Code::UnterminatedTag,
                    "tag pair is not closed on its line".into(),
                    span,
                );
                self.consume(line_len);
            }
            Err(ParseTagError::Malformed { at, expected }) => {
                let line = &window[..line_len];
                let skip = memchr(b']', line).map_or(line_len, |k| k + 1);
                let span = self.span(0, skip);
                self.problem(
                    v,
                    Code::MalformedTag,
                    format!(
                        "malformed tag pair: {expected} at column {}",
                        self.span(at, 0).column
                    ),
                    span,
                );
                self.consume(skip);
            }
        }
        Ok(())
    }

    fn escape_line<V: Visitor>(&mut self, v: &mut V) -> io::Result<()> {
        let max = self.limits.max_tag_line;
        self.ensure_line(max + 1)?;
        let avail = self.avail();
        let window = &avail[..avail.len().min(max)];
        match memchr(b'\n', window) {
            None if avail.len() > max => {
                let span = self.span(0, max);
                self.problem(
                    v,
                    Code::TokenTooLong,
                    format!("escape line longer than {max} bytes, skipped"),
                    span,
                );
                self.skip_while(|b| b != b'\n')?;
            }
            found => {
                let len = found.unwrap_or(window.len());
                let text_len = if len > 0 && window[len - 1] == b'\r' {
                    len - 1
                } else {
                    len
                };
                let span = self.span(0, text_len);
                self.emit(
                    v,
                    Ev::Escape {
                        text: self.start..self.start + text_len,
                    },
                    span,
                );
                self.consume(len);
            }
        }
        Ok(())
    }

    /// A `{}` or `;` comment, streamed in chunks.
    fn comment<V: Visitor>(&mut self, v: &mut V, style: CommentStyle) -> io::Result<()> {
        let open = self.span(0, 1);
        let open_line_start = self.line_start_abs;
        let close = if style == CommentStyle::Brace {
            b'}'
        } else {
            b'\n'
        };
        let chunk = self.limits.comment_chunk;
        self.consume(1);
        let mut first = true;
        loop {
            if self.stopped {
                return Ok(());
            }
            self.ensure(chunk + 1)?;
            let avail = self.avail();
            let window = &avail[..avail.len().min(chunk + 1)];
            let found = memchr(close, window);
            let (len, used, kind, last) = match found {
                Some(k) => {
                    let len = if style == CommentStyle::Line && k > 0 && window[k - 1] == b'\r' {
                        k - 1
                    } else {
                        k
                    };
                    // A brace comment uses its `}`; a line comment leaves the newline.
                    let used = if style == CommentStyle::Brace {
                        k + 1
                    } else {
                        k
                    };
                    (
                        len,
                        used,
                        if first { Chunk::Whole } else { Chunk::Last },
                        true,
                    )
                }
                None if avail.len() > chunk => {
                    let n = utf8_boundary(avail, chunk);
                    (
                        n,
                        n,
                        if first { Chunk::First } else { Chunk::Middle },
                        false,
                    )
                }
                None => {
                    let n = avail.len();
                    (n, n, if first { Chunk::Whole } else { Chunk::Last }, true)
                }
            };
            let mut span = self.span(0, used);
            if first {
                span.start = open.start;
                span.column = open.column;
            }
            let text = self.start..self.start + len;
            self.emit(
                v,
                Ev::Comment {
                    text,
                    style,
                    chunk: kind,
                },
                span,
            );
            self.consume(used);
            first = false;
            if last {
                if found.is_none() && style == CommentStyle::Brace {
                    let span = Span {
                        end: self.pos_abs(),
                        ..open
                    };
                    self.problem_on_line(
                        v,
                        Code::UnterminatedComment,
                        "the comment is not closed before the end of the input".into(),
                        span,
                        open_line_start,
                    );
                }
                return Ok(());
            }
        }
    }

    fn open_variation<V: Visitor>(&mut self, v: &mut V) {
        self.game.has_content = true;
        let span = self.span(0, 1);
        if self.game.skip_var > 0 {
            self.game.skip_var = self.game.skip_var.saturating_add(1);
        } else if self.game.depth >= self.limits.max_variation_depth {
            let max = self.limits.max_variation_depth;
            self.problem(
                v,
                Code::VariationTooDeep,
                format!("variations nested deeper than {max}, skipped"),
                span,
            );
            self.game.skip_var = 1;
            self.game.skip_var_reported = false;
        } else {
            self.game.depth += 1;
            if self.game.depth == 1 {
                self.game.first_open = Some(span);
            }
            if self.emit(v, Ev::BeginVariation, span) == Flow::SkipVariation && !self.suppressed() {
                self.game.skip_var = 1;
                self.game.skip_var_reported = true;
            }
        }
        self.consume(1);
    }

    fn close_variation<V: Visitor>(&mut self, v: &mut V) {
        let span = self.span(0, 1);
        if self.game.skip_var > 0 {
            self.game.skip_var -= 1;
            if self.game.skip_var == 0 && self.game.skip_var_reported {
                self.game.depth = self.game.depth.saturating_sub(1);
                self.emit(v, Ev::EndVariation, span);
            }
        } else if self.game.depth == 0 {
            self.problem(
                v,
                Code::UnmatchedParenthesis,
                "')' without an open variation".into(),
                span,
            );
        } else {
            self.game.depth -= 1;
            self.emit(v, Ev::EndVariation, span);
        }
        self.consume(1);
    }

    /// A control byte in a game: binary data (skip to the next tag line and
    /// end the game, returns true) or one stray byte (skipped).
    fn control_byte<V: Visitor>(&mut self, v: &mut V) -> io::Result<bool> {
        self.ensure(BINARY_WINDOW)?;
        let avail = self.avail();
        let window = &avail[..avail.len().min(BINARY_WINDOW)];
        if looks_binary(window) {
            if !self.game.binary_reported {
                self.game.binary_reported = true;
                let span = self.span(0, 1);
                self.problem(
                    v,
                    Code::BinaryData,
                    "the input looks like binary data, skipped to the next tag line".into(),
                    span,
                );
            }
            self.skip_to_tag_line()?;
            self.end_game_at(v, false);
            return Ok(true);
        }
        let span = self.span(0, 1);
        let b = window.first().copied().unwrap_or(0);
        self.problem(
            v,
            Code::UnexpectedToken,
            format!("unexpected control byte 0x{b:02x}"),
            span,
        );
        self.consume(1);
        Ok(false)
    }

    /// A token delimited by whitespace and `{ } ( ) ; [ ] $`: a result, move
    /// number, NAG, suffix annotation or move. Returns true when the game ended.
    fn word<V: Visitor>(&mut self, v: &mut V) -> io::Result<bool> {
        let limit = self.limits.max_token_len;
        self.ensure(limit + 4)?;
        let avail = self.avail();
        let mut i = usize::from(avail.first() == Some(&b'$'));
        while let Some(&c) = avail.get(i) {
            if i > limit {
                break;
            }
            if is_delimiter(c) {
                // `e8(Q)`: a promotion written in parentheses belongs to the move.
                let promo = c == b'('
                    && i > 0
                    && avail.get(i + 1).is_some_and(u8::is_ascii_alphabetic)
                    && avail.get(i + 2) == Some(&b')');
                if !promo {
                    break;
                }
                i += 3;
                continue;
            }
            i += 1;
        }
        self.game.has_content = true;
        if i > limit {
            let span = self.span(0, i);
            self.problem(
                v,
                Code::TokenTooLong,
                format!("token longer than {limit} bytes, skipped"),
                span,
            );
            self.consume(1);
            self.skip_while(|b| !is_delimiter(b))?;
            return Ok(false);
        }
        let ended = self.token(v, 0, i);
        self.consume(i);
        Ok(ended)
    }

    /// Classifies the token at `off..off + len` from the current position.
    fn token<V: Visitor>(&mut self, v: &mut V, off: usize, len: usize) -> bool {
        let s = self.start + off;
        let tok = self.buf.get(s..s + len).unwrap_or_default();
        let Some(&first) = tok.first() else {
            return false;
        };
        if let Some(result) = GameResult::from_ascii(tok) {
            let span = self.span(off, len);
            if self.game.depth > 0 || self.game.skip_var > 0 {
                let end = self.span(off, 0);
                self.problem(
                    v,
                    Code::UnterminatedVariation,
                    "a variation is not closed before the result".into(),
                    end,
                );
            }
            self.game.skip_var = 0;
            self.emit(v, Ev::Result(result), span);
            let end = self.span(off + len, 0);
            self.emit(v, Ev::EndGame, end);
            return true;
        }
        if first == b'$' {
            let span = self.span(off, len);
            match movetext::nag(tok) {
                Ok((_, nag)) => {
                    self.emit(
                        v,
                        Ev::Nag {
                            nag,
                            form: NagForm::Dollar,
                        },
                        span,
                    );
                }
                Err(_) => self.problem(
                    v,
                    Code::UnexpectedToken,
                    "expected a number from 0 to 255 after '$'".into(),
                    span,
                ),
            }
            return false;
        }
        if first.is_ascii_digit() {
            if let Ok((rest, (number, dots))) = movetext::move_number(tok) {
                // `0-0`, `1-0x` and the like are not move numbers.
                if rest.is_empty() || dots > 0 {
                    let rest_len = rest.len();
                    let used = len - rest_len;
                    let span = self.span(off, used);
                    self.emit(v, Ev::MoveNumber { number, dots }, span);
                    return rest_len > 0 && self.token(v, off + used, rest_len);
                }
            } else if tok.iter().take_while(|b| b.is_ascii_digit()).count() > 9 {
                let span = self.span(off, len);
                self.problem(
                    v,
                    Code::UnexpectedToken,
                    "move number out of range".into(),
                    span,
                );
                return false;
            }
        }
        if let Ok((_, nag)) = movetext::suffix_annotation(tok) {
            let span = self.span(off, len);
            self.emit(
                v,
                Ev::Nag {
                    nag,
                    form: NagForm::Suffix,
                },
                span,
            );
            return false;
        }
        let MoveTail {
            body,
            check,
            suffix,
            bad_tail,
        } = movetext::move_tail(tok);
        if body == 0 {
            let span = self.span(off, len);
            let text = String::from_utf8_lossy(tok).into_owned();
            self.problem(
                v,
                Code::UnexpectedToken,
                format!("unexpected '{text}' in movetext"),
                span,
            );
            return false;
        }
        // The move's span holds its check mark; a final suffix has its own.
        let move_len = match suffix {
            Some((_, a, b)) if b == len => a,
            _ => len,
        };
        let span = self.span(off, move_len);
        self.emit(
            v,
            Ev::Move {
                text: s..s + body,
                check,
            },
            span,
        );
        if let Some((nag, a, b)) = suffix {
            let span = self.span(off + a, b - a);
            self.emit(
                v,
                Ev::Nag {
                    nag,
                    form: NagForm::Suffix,
                },
                span,
            );
        }
        if bad_tail {
            let span = self.span(off + body, len - body);
            self.problem(
                v,
                Code::UnexpectedToken,
                "unknown check mark or annotation after the move".into(),
                span,
            );
        }
        false
    }
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// Control bytes that are not whitespace.
fn is_control(b: u8) -> bool {
    (b < 0x20 && !is_space(b)) || b == 0x7f
}

/// Bytes that end a movetext token.
fn is_delimiter(b: u8) -> bool {
    is_space(b)
        || is_control(b)
        || matches!(b, b'{' | b'}' | b'(' | b')' | b';' | b'[' | b']' | b'$')
}

/// NUL bytes, or at least 10% control bytes (and more than a stray few).
fn looks_binary(window: &[u8]) -> bool {
    window.contains(&0) || many_controls(window)
}

/// At least 10% control bytes, and more than a stray few.
fn many_controls(window: &[u8]) -> bool {
    let controls = window.iter().filter(|&&b| is_control(b)).count();
    controls >= 4 && controls * 10 >= window.len()
}

/// The offset of the first line in `window` that starts with `[` (after a newline).
fn find_tag_line(window: &[u8]) -> Option<usize> {
    memchr_iter(b'\n', window)
        .find(|&k| window.get(k + 1) == Some(&b'['))
        .map(|k| k + 1)
}

/// Whether text has something of movetext: a move number followed by a
/// non-digit (`1.`, `12...e5`, not `1.2`) or a result marker.
fn looks_like_movetext(text: &[u8]) -> bool {
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
fn utf8_boundary(bytes: &[u8], n: usize) -> usize {
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
