//! Comments in a game, `{...}` and `;` to the end of the line, streamed in
//! chunks.

use std::io::{self, Read};

use memchr::{memchr, memchr_iter};

use super::bytes::utf8_boundary;
use super::game::where_opened;
use super::{Ev, Reader};
use crate::diag::{Code, Span};
use crate::notation::tag::{TAG_LINE_PREFIX, starts_tag_line};
use crate::notation::visitor::{Chunk, CommentStyle, Visitor};

impl<R: Read> Reader<R> {
    /// A `{}` or `;` comment, streamed in chunks.
    pub(super) fn comment<V: Visitor>(&mut self, v: &mut V, style: CommentStyle) -> io::Result<()> {
        let open = self.span(0, 1);
        let open_line_start = self.line_start_abs;
        let close = if style == CommentStyle::Brace {
            b'}'
        } else {
            b'\n'
        };
        let chunk = self.limits.comment_chunk;
        self.advance(1);
        let mut first = true;
        loop {
            if self.stopped {
                return Ok(());
            }
            // With a tag line's prefix past the window, so that whether a
            // line in it starts a tag pair never depends on the buffer.
            self.ensure(chunk + 1 + TAG_LINE_PREFIX)?;
            let avail = self.avail();
            let window = &avail[..avail.len().min(chunk + 1)];
            let found = memchr(close, window);
            // The boundary rule: a line inside a brace comment that starts a
            // tag pair ends the comment, reported, and is read as a tag
            // line, so that a stray `{` costs at most its own game.
            let tag_line = match style {
                CommentStyle::Brace => {
                    let end = found.unwrap_or(window.len());
                    memchr_iter(b'\n', &window[..end])
                        .find(|&k| starts_tag_line(avail.get(k + 1..).unwrap_or_default()))
                }
                CommentStyle::Line => None,
            };
            if let Some(k) = tag_line {
                let len = if k > 0 && window[k - 1] == b'\r' {
                    k - 1
                } else {
                    k
                };
                let mut span = self.span(0, k);
                if first {
                    span.start = open.start;
                    span.column = open.column;
                }
                let text = self.start..self.start + len;
                let kind = if first { Chunk::Whole } else { Chunk::Last };
                self.emit(
                    v,
                    Ev::Comment {
                        text,
                        style,
                        chunk: kind,
                    },
                    span,
                );
                // Past the newline: the problem is on the tag pair's line.
                self.consume(k + 1);
                let at = self.span(0, 1);
                self.problem(
                    v,
                    Code::UnterminatedComment,
                    format!(
                        "the comment opened {} is not closed before this tag pair, which is \
                         read as a tag",
                        where_opened(open, at)
                    ),
                    at,
                );
                return Ok(());
            }
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
}
