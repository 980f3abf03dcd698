//! One game: tags, comments, variations and movetext tokens.

use std::io::{self, Read};

use memchr::memchr;

use super::bytes::{first_delimiter, is_control, is_delimiter, is_space, move_number_prefix};
use super::{Ev, Phase, Reader};
use crate::diag::{Code, Span};
use crate::notation::movetext::{self, MoveTail};
use crate::notation::tag::{self, ParseTagError};
use crate::notation::visitor::{CommentStyle, Event, Flow, RawTag, Visitor};

/// What one step of the plain-token path read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// A move number alone.
    Number,
    /// A move, after a move number in the same token or not.
    Move,
    /// A comment or whitespace.
    Other,
    /// Nothing: the plain path is done.
    Done,
}

/// Where something that is still open began, said relative to `now`: a
/// worker of the parallel split knows lines only from where it started, and
/// its messages must read the same as on one thread.
pub(super) fn where_opened(open: Span, now: Span) -> String {
    match now.line.saturating_sub(open.line) {
        0 => format!("at column {}", open.column),
        1 => format!("on the line above, at column {}", open.column),
        n => format!("{n} lines above, at column {}", open.column),
    }
}

impl<R: Read> Reader<R> {
    // ----- one game -----

    pub(super) fn read_game_body<V: Visitor>(&mut self, v: &mut V) -> io::Result<()> {
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
                b'[' if self.game.phase == Phase::Tags => {
                    if !self.plain_tags(v) {
                        self.tag(v)?;
                    }
                }
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
                    self.unreadable(
                        v,
                        Code::UnexpectedToken,
                        format!("unexpected '{}' in movetext", char::from(b)),
                        0,
                        1,
                    );
                    self.consume(1);
                }
                _ if is_control(b) => {
                    if self.control_byte(v)? {
                        return Ok(());
                    }
                }
                _ => {
                    if !self.plain_tokens(v)? && self.word(v)? {
                        if self.game.result_read {
                            self.after_result(v)?;
                        }
                        return Ok(());
                    }
                }
            }
        }
    }

    /// Reads the common movetext tokens (moves without annotation suffixes,
    /// move numbers with periods, brace comments, the whitespace between
    /// them) with fewer questions than [`Self::read_game_body`] and
    /// [`Self::word`] ask, and the same answers. It stops before anything
    /// else (the general path then reads it), near the buffer's end, and when
    /// events are muted. Returns whether it used any bytes. Not inlined: it
    /// keeps its loop in registers.
    #[inline(never)]
    fn plain_tokens<V: Visitor>(&mut self, v: &mut V) -> io::Result<bool> {
        let limit = self.limits.max_token_len;
        // With this much in the buffer, `word` would see the same bytes.
        let need = limit + 8;
        // Absolute: a comment may move the buffer.
        let from = self.pos_abs();
        if !self.plain_path || self.stopped || self.suppressed() {
            return Ok(false);
        }
        // Mostly a move number, white's move and black's: each read at its
        // own call site, so that each site's branches mostly see one kind
        // of token (a site that sees numbers and moves by turns guesses
        // wrong at every number).
        loop {
            let mut step = self.plain_step(v, limit, need)?;
            if step == Step::Number {
                step = self.plain_step(v, limit, need)?;
            }
            if step == Step::Move {
                step = self.plain_step(v, limit, need)?;
            }
            if step == Step::Done {
                break;
            }
        }
        Ok(self.pos_abs() != from)
    }

    /// One step of [`Self::plain_tokens`]: a token, a comment or a run of
    /// whitespace.
    #[inline(always)]
    fn plain_step<V: Visitor>(&mut self, v: &mut V, limit: usize, need: usize) -> io::Result<Step> {
        let Some(window) = self.win.buf.get(self.start..self.win.end) else {
            return Ok(Step::Done);
        };
        if window.len() < need {
            return Ok(Step::Done);
        }
        let mut window = &window[..need];
        if is_space(window[0]) {
            // Mostly one space between two tokens.
            if window[0] != b' ' || is_space(window[1]) {
                // A line break, mostly: the token after it is this step's,
                // so that the steps keep their turns.
                self.space_in_buffer();
                window = match self.win.buf.get(self.start..self.win.end) {
                    Some(w) if w.len() >= need => &w[..need],
                    _ => return Ok(Step::Done),
                };
            } else {
                window = &window[1..];
                self.start += 1;
            }
        }
        let first = window[0];
        if first == b'{' {
            // As the general loop does, without leaving this one.
            self.comment(v, CommentStyle::Brace)?;
            if self.stopped || self.suppressed() {
                return Ok(Step::Done);
            }
            return Ok(Step::Other);
        }
        // `limit + 7` bytes left: as many as `word` looks at, and at
        // least 16 (`limit` is at least 8).
        let Some(head) = window.first_chunk::<16>() else {
            return Ok(Step::Done);
        };
        let mut len = first_delimiter(head);
        if len == 16 {
            // A long token: the rest byte by byte.
            let rest = window.get(16..=limit).unwrap_or_default();
            let Some(k) = rest.iter().position(|&c| is_delimiter(c)) else {
                return Ok(Step::Done);
            };
            len += k;
        }
        if len > limit {
            return Ok(Step::Done);
        }
        // `e8(Q)` and friends: the general path knows.
        if window[len] == b'(' {
            return Ok(Step::Done);
        }
        let tok = &window[..len];
        let (number, used) = if first.is_ascii_digit() {
            // `movetext::move_number`, for numbers of up to six digits.
            let Some(eight) = head.first_chunk::<8>() else {
                return Ok(Step::Done);
            };
            // Without periods it may be a result or castling (`0-0`).
            let Some((number, digits, dots)) = move_number_prefix(u64::from_le_bytes(*eight))
            else {
                return Ok(Step::Done);
            };
            let dots = u8::try_from(dots).unwrap_or(u8::MAX);
            (Some((number, dots)), digits + usize::from(dots))
        } else if first.is_ascii_alphabetic() {
            (None, 0)
        } else {
            return Ok(Step::Done);
        };
        let mv = &tok[used..];
        let tail = match mv.first() {
            None => None,
            Some(b) if b.is_ascii_alphabetic() => {
                let t = movetext::move_tail(mv);
                if t.suffix.is_some() || t.bad_tail {
                    return Ok(Step::Done);
                }
                Some(t)
            }
            Some(_) => return Ok(Step::Done),
        };
        let mv_len = mv.len();
        self.game.has_content = true;
        // Events are not muted (checked above, and only the visitor's
        // answers below can mute them), and carry no text to check.
        let mut flow = Flow::Continue;
        if let Some((number, dots)) = number {
            let span = self.span(0, used);
            flow = v.event(
                Event::MoveNumber { number, dots },
                span,
                &self.line_context(),
            );
            self.apply(flow);
        }
        if let Some(MoveTail { body, check, .. }) = tail
            && !matches!(flow, Flow::Stop | Flow::SkipGame)
        {
            let span = self.span(used, mv_len);
            let s = self.start + used;
            let text = self.win.buf.get(s..s + body).unwrap_or_default();
            flow = v.event(Event::Move { text, check }, span, &self.line_context());
            self.apply(flow);
        }
        self.start += len;
        Ok(match flow {
            Flow::Stop | Flow::SkipGame => Step::Done,
            _ if tail.is_some() => Step::Move,
            _ => Step::Number,
        })
    }

    /// Reads the comments right after the result, which belong to the game
    /// (an engine's summary of it, as TCEC writes on `;` lines), then ends
    /// it. They end at a blank line, a tag line or anything that is not a
    /// comment: what follows a blank line introduces the next game.
    fn after_result<V: Visitor>(&mut self, v: &mut V) -> io::Result<()> {
        let mut end = self.span(0, 0);
        loop {
            if self.stopped {
                break;
            }
            let line_before = self.line;
            let from_line_start = self.at_line_start();
            self.skip_space()?;
            let breaks = self.line.saturating_sub(line_before);
            if breaks >= 2 || (breaks == 1 && from_line_start) {
                break;
            }
            self.ensure(1)?;
            match self.avail().first() {
                Some(b'{') => self.comment(v, CommentStyle::Brace)?,
                Some(b';') => self.comment(v, CommentStyle::Line)?,
                _ => break,
            }
            end = self.span(0, 0);
        }
        self.emit(v, Ev::EndGame, end);
        Ok(())
    }

    /// Ends the game here: reports open variations and a missing result.
    pub(super) fn end_game_at<V: Visitor>(&mut self, v: &mut V, missing_result: bool) {
        if self.game.phase == Phase::Tags {
            self.game.phase = Phase::Movetext;
            let span = self.span(0, 0);
            self.emit(v, Ev::BeginMovetext, span);
        }
        let span = self.span(0, 0);
        if self.game.depth > 0 || self.game.skip_var > 0 {
            let message = match self.game.first_open {
                Some(open) => format!(
                    "the variation opened {} is not closed",
                    where_opened(open, span)
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

    /// Reads tag pairs one to a line, as [`Self::tag`] and the loop of
    /// [`Self::read_game_body`] do, with fewer questions: the ones whose
    /// fast form matches, with an ASCII value (nothing to report), each
    /// followed by a line break and the next `[`. It stops before anything
    /// else, near the buffer's end, and when events are muted. Returns
    /// whether it used any bytes.
    #[inline(never)]
    fn plain_tags<V: Visitor>(&mut self, v: &mut V) -> bool {
        let max = self.limits.max_tag_line;
        let from = self.start;
        if !self.plain_path || self.stopped || self.suppressed() {
            return false;
        }
        while let Some(avail) = self.win.buf.get(self.start..self.win.end) {
            // With more than `max` bytes, `ensure_line` reads nothing.
            if avail.len() <= max + 2 {
                break;
            }
            let Some(t) = tag::ascii_tag_pair(&avail[..max]) else {
                break;
            };
            let (name, value) = (
                avail.get(t.name.clone()).unwrap_or_default(),
                avail.get(t.value.clone()).unwrap_or_default(),
            );
            self.game.has_content = true;
            self.game.tags_seen = true;
            let span = self.span(0, t.len);
            let flow = v.event(
                Event::Tag {
                    name,
                    value: RawTag(value),
                },
                span,
                &self.line_context(),
            );
            self.apply(flow);
            self.start += t.len;
            if matches!(flow, Flow::Stop | Flow::SkipGame) {
                break;
            }
            // One line break to the next tag: no blank line to note.
            let n = match self.avail() {
                [b'\n', b'[', ..] => 1,
                [b'\r', b'\n', b'[', ..] => 2,
                _ => break,
            };
            self.line = self.line.saturating_add(1);
            self.start += n;
            self.line_start_abs = self.win.buf_abs + self.start as u64;
        }
        self.start != from
    }

    fn tag<V: Visitor>(&mut self, v: &mut V) -> io::Result<()> {
        let max = self.limits.max_tag_line;
        self.ensure_line(max + 1)?;
        self.game.has_content = true;
        let avail = self.avail();
        let window = &avail[..avail.len().min(max)];
        // Most tag pairs: no need to find the line's end first.
        let fast = tag::tag_pair_fast(window).ok_or(ParseTagError::Unterminated);
        let line_len = match fast {
            Ok(_) => 0,
            Err(_) => memchr(b'\n', window).unwrap_or(window.len()),
        };
        let cut_short = line_len == window.len() && avail.len() > max;
        match fast.or_else(|_| tag::tag_pair(&window[..line_len])) {
            Ok(t) => {
                self.game.tags_seen = true;
                let span = self.span(0, t.len);
                let (name, value) = (
                    self.start + t.name.start..self.start + t.name.end,
                    self.start + t.value.start..self.start + t.value.end,
                );
                self.emit(v, Ev::Tag { name, value }, span);
                self.advance(t.len);
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
        self.advance(1);
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
            self.unreadable(
                v,
                Code::UnmatchedParenthesis,
                "')' without an open variation".into(),
                0,
                1,
            );
        } else {
            self.game.depth -= 1;
            self.emit(v, Ev::EndVariation, span);
        }
        self.advance(1);
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Limits, Reader};
    use crate::diag::Span;
    use crate::notation::SyntaxProblem;
    use crate::notation::visitor::{Event, Flow, LineContext, Visitor};

    /// Everything a visitor can see, and answers chosen by event count.
    struct Record {
        seen: Vec<String>,
        skip_game_at: usize,
        stop_at: usize,
    }

    impl Record {
        fn flow(&self) -> Flow {
            match self.seen.len() {
                n if n == self.stop_at => Flow::Stop,
                n if n % self.skip_game_at == 0 => Flow::SkipGame,
                _ => Flow::Continue,
            }
        }
    }

    impl Visitor for Record {
        fn event(&mut self, e: Event<'_>, span: Span, line: &LineContext<'_>) -> Flow {
            let text = String::from_utf8_lossy(line.text());
            self.seen.push(format!(
                "{e:?} {span:?} {} {} {text:?}",
                line.number,
                line.first_column()
            ));
            self.flow()
        }

        fn problem(&mut self, p: &SyntaxProblem, span: Span, line: &LineContext<'_>) -> Flow {
            let text = String::from_utf8_lossy(line.text());
            self.seen.push(format!(
                "{p:?} {span:?} {} {} {text:?}",
                line.number,
                line.first_column()
            ));
            self.flow()
        }
    }

    fn read(input: &[u8], limits: Limits, plain: bool, skip: usize, stop: usize) -> Vec<String> {
        let mut reader = Reader::with_limits(input, limits);
        reader.plain_path = plain;
        let mut record = Record {
            seen: Vec::new(),
            skip_game_at: skip,
            stop_at: stop,
        };
        reader.read_all(&mut record).unwrap_or_default();
        record.seen
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(600))]

        /// The plain paths send what the general path sends: the same
        /// events, spans, lines and problems, whatever the visitor answers.
        #[test]
        fn plain_paths_agree_with_the_general_path(
            parts in proptest::collection::vec(
                proptest::sample::select(vec![
                    "1.", "12...", "1.e4", "2...Nf6", "e4", "Nxf3+", "Qh7#", "O-O", "0-0",
                    "e8=Q", "e8(Q)", "Nf3!?", "e4+!", "e4!!!", "1-0", "0-1", "1/2-1/2", "*",
                    "$12", "{c}", "{", "}", "(", ")", ";x", "%e", "[T \"v\"]", "[", " ", "  ",
                    "\n", "\r\n", "\n\n", "\t", "--", "@@f3", "\u{e9}", "\x01", "1234567890.",
                    "99999999999.", "1.2", "a(b", "!", "xx", "3.", "0", "1",
                    "[A \"b\"]\n", "[C \"\u{e9}\"]\r\n[D \"\"]", "[E \"x\\\"y\"]\n[F \"a\"]",
                    "[G \"a long value, longer than the small limit\"]\n", "\n[H \"x\"]\n\n",
                ]),
                0..80,
            ),
            skip in 5usize..200,
            stop in 0usize..400,
        ) {
            let mut input = b"[Event \"x\"]\n[Site \"y\"]\r\n[R \"*\"] [W \"z\"]\n\n".to_vec();
            for (k, p) in parts.iter().enumerate() {
                input.extend_from_slice(p.as_bytes());
                if k % 3 != 2 {
                    input.push(b' ');
                }
            }
            let small = Limits {
                max_token_len: 8,
                max_tag_line: 40,
                ..Limits::default()
            };
            // Long enough for the default limits to take the plain path too.
            let long = input.repeat(8);
            for (input, limits) in [(&input, small), (&long, small), (&long, Limits::default())] {
                for (skip, stop) in [(usize::MAX, usize::MAX), (skip, stop)] {
                    proptest::prop_assert_eq!(
                        read(input, limits, true, skip, stop),
                        read(input, limits, false, skip, stop)
                    );
                }
            }
        }
    }
}
