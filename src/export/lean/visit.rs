//! The reader's events into [`Lean`]'s buffers, and its tree as
//! [`super::super::kept`] walks it.

use super::{Cursor, Kind, Lean, MaybeText, NONE, Node, Place, Text, offset};
use crate::diag::Span;
use crate::export::records::Annotation;
use crate::notation::{CheckMark, CommentStyle, Event, Flow, LineContext, SyntaxProblem, Visitor};
use crate::record::Cut;

impl Visitor for Lean {
    fn event(&mut self, event: Event<'_>, span: Span, _line: &LineContext<'_>) -> Flow {
        match event {
            Event::BeginGame => {
                self.reset();
                self.span = span;
            }
            Event::Tag { name, value } => {
                if self.grow(name.len() + value.0.len()) {
                    let n = self.push_bytes(name);
                    // What `decode_str` gives, pushed without a string
                    // between (push_bytes decodes the text the same way).
                    let v = self.push_bytes(&value.decode());
                    self.tags.push((n, v));
                }
            }
            Event::BeginMovetext => self.in_movetext = true,
            Event::MoveNumber { .. } | Event::Escape { .. } => {}
            Event::Move { text, check } => {
                self.last_pushed = None;
                if !self.grow(text.len() + 64) {
                    return Flow::Continue;
                }
                // A `_` mark belongs to the move before it, not a move itself.
                if let (Some(b'_'), Some(id)) = (text.first(), self.cursor.last) {
                    let t = self.push_bytes(text);
                    let a = self.attachment(Kind::Mark, CommentStyle::Brace, t);
                    self.attach(id, a);
                    return Flow::Continue;
                }
                let written = self.push_bytes(text);
                let id = self.push_node(self.cursor.at, written, check, span);
                self.last_pushed = Some(id);
                self.cursor = Cursor {
                    at: id,
                    last: Some(id),
                };
            }
            Event::Nag { nag, form: _ } => {
                if let (Some(id), true) = (self.cursor.last, self.grow(1)) {
                    let a = self.attachment(Kind::Nag(nag), CommentStyle::Brace, (0, 0));
                    self.attach(id, a);
                }
            }
            Event::Comment { text, style, chunk } => self.comment_chunk(text, style, chunk),
            Event::BeginVariation => {
                self.stack.push(self.cursor);
                // A variation replaces the last move: it starts where that
                // move started.
                let at = match self.cursor.last {
                    Some(id) => self.parent_of(id),
                    None => self.cursor.at,
                };
                self.cursor = Cursor { at, last: None };
            }
            Event::EndVariation => {
                // Comments at the start of an empty variation have no move;
                // its unreadable text goes with the game, written always.
                self.pending_error = false;
                if let Some((_, p @ Place::Pending)) = &mut self.last_comment {
                    *p = Place::Game;
                }
                self.game_comments.append(&mut self.pending);
                if let Some(c) = self.stack.pop() {
                    self.cursor = c;
                }
            }
            Event::Unreadable { text } => {
                if self.grow_by(text.len() as u64 + 1) {
                    self.add_unreadable(text);
                }
            }
            Event::Result(r) => self.result = Some(r),
            Event::EndGame => self.finish(),
        }
        Flow::Continue
    }

    fn problem(&mut self, problem: &SyntaxProblem, span: Span, _line: &LineContext<'_>) -> Flow {
        // What the reader skipped, the game lacks.
        match problem.code {
            crate::diag::Code::TokenTooLong => {
                self.cut.get_or_insert(Cut::Skipped { line: span.line });
            }
            crate::diag::Code::UnterminatedComment => self.open_last_comment(),
            _ => {}
        }
        Flow::Continue
    }
}

impl Lean {
    /// A move event and its notations in one call, after the verifier
    /// played it ([`crate::export::records::RecordSink::played_move`]):
    /// the same nodes and text as the event followed by
    /// [`Lean::annotate_last`]. When the SAN starts with the move as
    /// written (most moves of an archive are written as SAN), the SAN alone
    /// goes into the arena and the move as written is its first bytes: no
    /// byte-by-byte copy of the token, no comparison of arena text.
    pub fn played_move(
        &mut self,
        text: &[u8],
        check: CheckMark,
        span: Span,
        line: &LineContext<'_>,
        notation: Option<Annotation<'_>>,
    ) {
        let shared = notation.and_then(|a| a.san).filter(|san| {
            // The bytes `push_bytes` would push as they are: short ASCII;
            // not a `_` mark (the verifier plays no mark).
            text.len() <= 16
                && text.is_ascii()
                && text.first() != Some(&b'_')
                && san.as_bytes().starts_with(text)
        });
        let Some(san) = shared else {
            self.event(Event::Move { text, check }, span, line);
            if let Some(a) = notation {
                self.annotate_last(a);
            }
            return;
        };
        self.last_pushed = None;
        if !self.grow(text.len() + 64) {
            return;
        }
        let (start, end) = self.push_text(san);
        let mut node = Node {
            parent: self.cursor.at,
            written: (start, start + offset(text.len())),
            check,
            ..Node::EMPTY
        };
        if let Some(a) = notation {
            // The node made whole, not looked up again.
            self.notations_of(&mut node, Some((start, end)), a);
        }
        let id = self.push_annotated(node, span);
        self.last_pushed = Some(id);
        self.cursor = Cursor {
            at: id,
            last: Some(id),
        };
    }

    /// Gives node `id` its notations, the SAN already in the arena.
    pub(super) fn annotate_pushed(&mut self, id: u32, san: Option<Text>, a: Annotation<'_>) {
        let mut texts = Node::EMPTY;
        self.notations_of(&mut texts, san, a);
        if let Some(n) = self.nodes.get_mut(id as usize) {
            n.san = texts.san;
            n.lan = texts.lan;
            n.uci = texts.uci;
            n.fen = texts.fen;
        }
    }

    /// Pushes `a`'s LAN, UCI and FEN into the arena and sets them in
    /// `node` with `san`, already there.
    fn notations_of(&mut self, node: &mut Node, san: Option<Text>, a: Annotation<'_>) {
        node.san = MaybeText::of(san);
        if let Some(s) = a.lan {
            node.lan = MaybeText::of(Some(self.push_text(s)));
        }
        if let Some(s) = a.uci {
            node.uci = MaybeText::of(Some(self.push_text(s)));
        }
        if let Some(s) = a.fen {
            node.fen = MaybeText::of(Some(self.push_text(s)));
        }
    }
}

impl crate::export::kept::Tree for Lean {
    fn len(&self) -> usize {
        self.nodes.len()
    }
    fn first_child(&self, id: usize) -> Option<usize> {
        let c = self.nodes.get(id)?.first_child;
        (c != NONE).then_some(c as usize)
    }
    fn error(&self, id: usize) -> bool {
        self.nodes.get(id).is_some_and(|n| n.error)
    }
}
