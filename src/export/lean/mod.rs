//! `convert --to pgn` without a record per game: [`Lean`] takes the
//! reader's events and the verifier's notation of each move (through
//! [`super::records::Tee`]) into flat buffers that are reused from game to
//! game (one text arena, one array of small nodes, one of attachments), and
//! writes the game in export format when it ends. No string or vector is
//! allocated per move, token or comment; a game's memory is its text and
//! some 50 bytes a move, where the record ([`crate::record::Game`]) held
//! several allocations a move.
//!
//! The tree is the record's: [`Lean`] attaches moves, comments, NAGs and
//! marks exactly as [`crate::record::Builder`] does (the same size limit,
//! the same cuts), and the writing walks it as
//! [`super::pgn::write_game`] walks a record, so the bytes are the same (a
//! differential test holds them to it). Export order is not source order
//! (a comment in an empty variation is written before the first move, a
//! NAG after `)` before the variation), so a game is written when it ends.

mod json;
mod json_move;
mod json_text;
mod rendered;
mod spill;
mod view;
mod visit;
mod write;

pub use rendered::Rendered;
pub use spill::Spilled;
pub use view::ViewNode;

use super::pgn::PgnOptions;
use crate::diag::Span;
use crate::notation::{CheckMark, CommentStyle, GameResult};
use crate::record::Cut;

/// No node, no attachment.
const NONE: u32 = u32::MAX;

/// Text in the arena: start and end bytes.
type Text = (u32, u32);

/// What is attached to a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A comment written before it (at the start of a line).
    Before,
    /// A mark token after it (`_Pd4`).
    Mark,
    /// A NAG.
    Nag(u8),
    /// A comment written after it.
    After,
    /// Text the reader could not read, before it (at the start of a
    /// line); among the game's comments, text that no move holds.
    UnreadableBefore,
    /// Text the reader could not read, after it.
    UnreadableAfter,
}

#[derive(Clone, Copy, Debug)]
struct Attachment {
    kind: Kind,
    style: CommentStyle,
    text: Text,
    /// `text` is a range of the spill file, not of the arena (a giant
    /// comment, [`spill`]).
    spilled: bool,
    /// The next attachment of the same move.
    next: u32,
}

/// Text that may be absent, in 8 bytes where `Option<Text>` takes 12:
/// a long game holds four a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct MaybeText(u32, u32);

impl MaybeText {
    const NO: MaybeText = MaybeText(NONE, NONE);

    fn of(t: Option<Text>) -> MaybeText {
        t.map_or(MaybeText::NO, |(s, e)| MaybeText(s, e))
    }

    fn get(self) -> Option<Text> {
        (self != MaybeText::NO).then_some((self.0, self.1))
    }

    fn unwrap_or(self, t: Text) -> Text {
        self.get().unwrap_or(t)
    }
}

/// One move (index 0: the root, no move). Kept small (68 bytes): a long
/// game holds one a move until it ends; its span is apart, held only
/// when it is shown (JSON, `view`).
#[derive(Clone, Copy, Debug)]
struct Node {
    /// The parent, 0 for the first moves.
    parent: u32,
    first_child: u32,
    last_child: u32,
    next_sibling: u32,
    written: Text,
    check: CheckMark,
    san: MaybeText,
    lan: MaybeText,
    uci: MaybeText,
    /// The position after the move, for `--fen-comments`.
    fen: MaybeText,
    /// Attachments in the order they came (comments before first).
    first_attachment: u32,
    last_attachment: u32,
    /// An error was reported at it ([`crate::record::Node::error`]).
    error: bool,
}

impl Node {
    const EMPTY: Node = Node {
        parent: 0,
        first_child: NONE,
        last_child: NONE,
        next_sibling: NONE,
        written: (0, 0),
        check: CheckMark::None,
        san: MaybeText::NO,
        lan: MaybeText::NO,
        uci: MaybeText::NO,
        fen: MaybeText::NO,
        first_attachment: NONE,
        last_attachment: NONE,
        error: false,
    };
}

/// Where moves attach, as in the record's builder.
#[derive(Clone, Copy, Debug)]
struct Cursor {
    at: u32,
    last: Option<u32>,
}

/// Builds one game at a time in flat buffers and writes it in export
/// format when it ends; take each with [`Lean::take`].
#[derive(Debug)]
pub struct Lean {
    options: PgnOptions,
    max_size: u64,
    text: String,
    nodes: Vec<Node>,
    /// Where each node's token was, for JSON and `view` (else empty).
    node_spans: Vec<Span>,
    attachments: Vec<Attachment>,
    tags: Vec<(Text, Text)>,
    /// Comments of the game itself and unreadable text no move holds
    /// (attachment indices), written first.
    game_comments: Vec<u32>,
    /// Comments waiting for the next move at the start of a line.
    pending: Vec<u32>,
    /// Comments after the result.
    after_result: Vec<u32>,
    stack: Vec<Cursor>,
    cursor: Cursor,
    in_movetext: bool,
    /// Where the comment being read starts in the arena.
    comment_start: Option<u32>,
    /// Where the comment being read starts in the spill file, once it
    /// went there.
    comment_spill: Option<u64>,
    /// Giant comments of the game being read ([`spill`]).
    big: spill::SpillFile,
    size: u64,
    cut: Option<Cut>,
    span: Span,
    result: Option<GameResult>,
    /// The result was set by `--fix-result` ([`Lean::set_result`]).
    fixed_result: bool,
    last_pushed: Option<u32>,
    /// The side to move first (black) and the number of the first move,
    /// from the verifier's start position ([`Lean::set_start_number`]).
    start_number: Option<(bool, u32)>,
    done: Option<Rendered>,
    /// Write games as JSON ([`Lean::json`]) instead of PGN.
    json: bool,
    /// Write nothing and hold each game until the next begins
    /// ([`Lean::for_view`]).
    view: bool,
    /// With `view`: a game ended since [`Lean::take_finished`].
    finished: bool,
    /// An error came at the start of a line: the next move gets it.
    pending_error: bool,
    /// The last comment's attachment and where it went, so that an
    /// unterminated one can be taken out ([`Lean::open_comment`]).
    last_comment: Option<(u32, Place)>,
    /// A brace comment the game left open: its attachment, written last.
    open_comment: Option<u32>,
    /// Variations open at the game's end, and whether the innermost has
    /// no move ([`crate::record::Game::open_variations`]).
    open_variations: (u32, bool),
    /// The nodes to write when variations are left out
    /// ([`super::kept::kept`]), when some variation is kept.
    keep: Vec<bool>,
    kept: bool,
}

/// Where a comment went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    Node(u32),
    Pending,
    Game,
    AfterResult,
}

impl Lean {
    /// A builder that holds at most `max_size` bytes of one game's text
    /// (counted as the record's builder counts them) and writes games with
    /// `options`.
    pub fn new(max_size: u64, options: PgnOptions) -> Lean {
        Lean {
            options,
            max_size,
            text: String::new(),
            nodes: vec![Node::EMPTY],
            node_spans: Vec::new(),
            attachments: Vec::new(),
            tags: Vec::new(),
            game_comments: Vec::new(),
            pending: Vec::new(),
            after_result: Vec::new(),
            stack: Vec::new(),
            cursor: Cursor { at: 0, last: None },
            in_movetext: false,
            comment_start: None,
            comment_spill: None,
            big: spill::SpillFile::default(),
            size: 0,
            cut: None,
            span: Span::default(),
            result: None,
            fixed_result: false,
            last_pushed: None,
            start_number: None,
            done: None,
            json: false,
            view: false,
            finished: false,
            pending_error: false,
            last_comment: None,
            open_comment: None,
            open_variations: (0, false),
            keep: Vec::new(),
            kept: false,
        }
    }

    /// Marks the move being read as one where an error was reported
    /// ([`crate::record::Builder::mark_error`]).
    pub fn mark_error(&mut self) {
        if !self.in_movetext || self.result.is_some() {
            return;
        }
        match self
            .cursor
            .last
            .and_then(|id| self.nodes.get_mut(id as usize))
        {
            Some(n) => n.error = true,
            None => self.pending_error = true,
        }
    }

    /// Takes the last comment out of where it went: it was not closed.
    fn open_last_comment(&mut self) {
        let Some((a, place)) = self.last_comment.take() else {
            return;
        };
        let taken = match place {
            Place::Pending => self.pending.pop(),
            Place::Game => self.game_comments.pop(),
            Place::AfterResult => self.after_result.pop(),
            Place::Node(id) => self.detach_last(id),
        };
        if taken == Some(a) {
            self.open_comment = Some(a);
        }
    }

    /// Unlinks the last attachment of node `id`.
    fn detach_last(&mut self, id: u32) -> Option<u32> {
        let n = self.nodes.get(id as usize)?;
        let (first, last) = (n.first_attachment, n.last_attachment);
        if last == NONE {
            return None;
        }
        let mut prev = NONE;
        let mut at = first;
        while at != last {
            prev = at;
            at = self.attachments.get(at as usize)?.next;
        }
        if let Some(p) = self.attachments.get_mut(prev as usize) {
            p.next = NONE;
        }
        let n = self.nodes.get_mut(id as usize)?;
        n.last_attachment = prev;
        if prev == NONE {
            n.first_attachment = NONE;
        }
        Some(last)
    }

    /// Writes each game as the JSON object of `convert --to json`, from
    /// its `"variant"` on: the caller writes `{"file":...,"index":N,` before
    /// it, since the game's index in its input is known only then
    /// ([`super::json::write_game`] gives the same text from a record; a
    /// differential test holds them to it).
    pub fn json(mut self) -> Lean {
        self.json = true;
        self
    }

    /// The game finished by the last `EndGame`, if any.
    pub fn take(&mut self) -> Option<Rendered> {
        self.done.take()
    }

    /// Gives the move of the last move event its canonical notation.
    pub fn annotate_last(&mut self, a: super::records::Annotation<'_>) {
        let Some(id) = self.last_pushed else { return };
        let san = a.san.map(|s| self.push_after_written(id, s));
        self.annotate_pushed(id, san, a);
    }

    /// Gives the game being read this result (`convert --fix-result`): its
    /// termination marker, hence its `[Result]` tag in export format, and
    /// the `[Result]` value the filters read, as a record's
    /// [`crate::record::Builder::set_result`] sets it (kept aside, not
    /// written into the arena after the moves, which would make the tag
    /// text the filters keep as long as the game).
    pub fn set_result(&mut self, result: GameResult) {
        self.result = Some(result);
        self.fixed_result = true;
    }

    /// Gives the game being read the side to move first and the number of
    /// its first move, from the start position the verifier set up from
    /// its tags (a chess-like game's): the writer then does not set it up
    /// a second time.
    pub fn set_start_number(&mut self, black_first: bool, number: u32) {
        self.start_number = Some((black_first, number));
    }

    /// `s`, the canonical SAN of move `id`, in the arena: when it starts
    /// with the move as written and that text is the arena's last (most
    /// moves of an archive are written as SAN), only the rest (a check
    /// mark, if any) is pushed and the two share their bytes.
    fn push_after_written(&mut self, id: u32, s: &str) -> Text {
        if let Some(&Node {
            written: (start, end),
            ..
        }) = self.nodes.get(id as usize)
            && end as usize == self.text.len()
            && let Some(rest) = self
                .text
                .get(start as usize..)
                .and_then(|w| s.strip_prefix(w))
        {
            self.text.push_str(rest);
            return (start, offset(self.text.len()));
        }
        self.push_text(s)
    }

    fn push_text(&mut self, s: &str) -> Text {
        let start = self.text.len();
        self.text.push_str(s);
        (offset(start), offset(self.text.len()))
    }

    fn push_bytes(&mut self, b: &[u8]) -> Text {
        let start = self.text.len();
        if b.len() <= 16 && b.is_ascii() {
            // A move, a word, a tag's name or value: ASCII is the same text
            // in every encoding, and pushing a few bytes costs less than
            // validating them (`from_utf8` is a call of some 60
            // instructions on a short slice).
            self.text.extend(b.iter().map(|&c| char::from(c)));
        } else {
            self.text.push_str(&crate::notation::text::decode(b));
        }
        (offset(start), offset(self.text.len()))
    }

    fn grow(&mut self, bytes: usize) -> bool {
        self.grow_by(bytes as u64 + 16)
    }

    /// Counts `cost` bytes more held, as the record's builder counts them.
    fn grow_by(&mut self, cost: u64) -> bool {
        self.size = self.size.saturating_add(cost);
        if self.size > self.max_size && self.cut.is_none() {
            self.cut = Some(Cut::TooLarge {
                limit: self.max_size,
            });
        }
        self.cut.is_none()
    }

    fn attachment(&mut self, kind: Kind, style: CommentStyle, text: Text) -> u32 {
        let id = offset(self.attachments.len());
        self.attachments.push(Attachment {
            kind,
            style,
            text,
            spilled: false,
            next: NONE,
        });
        id
    }

    /// Links attachment `a` after the others of node `id`.
    fn attach(&mut self, id: u32, a: u32) {
        let Some(n) = self.nodes.get_mut(id as usize) else {
            return;
        };
        let last = n.last_attachment;
        n.last_attachment = a;
        if last == NONE {
            n.first_attachment = a;
        } else if let Some(prev) = self.attachments.get_mut(last as usize) {
            prev.next = a;
        }
    }

    fn add_comment(&mut self, text: Text, style: CommentStyle, spilled: bool) {
        let a = offset(self.attachments.len());
        self.place_comment(text, style);
        if let Some(x) = self.attachments.get_mut(a as usize) {
            x.spilled = spilled;
        }
    }

    fn place_comment(&mut self, text: Text, style: CommentStyle) {
        if self.result.is_some() {
            let a = self.attachment(Kind::After, style, text);
            self.after_result.push(a);
            self.last_comment = Some((a, Place::AfterResult));
            return;
        }
        if !self.in_movetext {
            let a = self.attachment(Kind::Before, style, text);
            self.game_comments.push(a);
            self.last_comment = Some((a, Place::Game));
            return;
        }
        match self.cursor.last {
            Some(id) => {
                let a = self.attachment(Kind::After, style, text);
                self.attach(id, a);
                self.last_comment = Some((a, Place::Node(id)));
            }
            None => {
                let a = self.attachment(Kind::Before, style, text);
                self.pending.push(a);
                self.last_comment = Some((a, Place::Pending));
            }
        }
    }

    /// Unreadable text where the record's builder puts it
    /// ([`crate::record::Builder`]): after the last move, else waiting for
    /// the next; before the movetext or after the result, with the game.
    /// Text that follows the last one of its place at the arena's end
    /// extends it, a space between (the record holds one string a place):
    /// a million stray bytes take their bytes, not an attachment each.
    fn add_unreadable(&mut self, text: &[u8]) {
        let open = self.in_movetext && self.result.is_none();
        let after = self.cursor.last.filter(|_| open);
        let (kind, last) = match after {
            Some(id) => (
                Kind::UnreadableAfter,
                self.nodes
                    .get(id as usize)
                    .map_or(NONE, |n| n.last_attachment),
            ),
            None if open => (
                Kind::UnreadableBefore,
                self.pending.last().copied().unwrap_or(NONE),
            ),
            None => (
                Kind::UnreadableBefore,
                self.game_comments.last().copied().unwrap_or(NONE),
            ),
        };
        let end = offset(self.text.len());
        if let Some(a) = self
            .attachments
            .get(last as usize)
            .filter(|a| a.kind == kind && a.text.1 == end)
        {
            let start = a.text.0;
            self.text.push(' ');
            let (_, end) = self.push_bytes(text);
            if let Some(a) = self.attachments.get_mut(last as usize) {
                a.text = (start, end);
            }
            return;
        }
        let t = self.push_bytes(text);
        let a = self.attachment(kind, CommentStyle::Brace, t);
        match after {
            Some(id) => self.attach(id, a),
            None if open => self.pending.push(a),
            None => self.game_comments.push(a),
        }
    }

    fn push_node(&mut self, parent: u32, written: Text, check: CheckMark, span: Span) -> u32 {
        self.push_annotated(
            Node {
                parent,
                written,
                check,
                ..Node::EMPTY
            },
            span,
        )
    }

    /// Links `node` (its parent, move and notations set) as its parent's
    /// last child; it takes the comments waiting for a move.
    fn push_annotated(&mut self, node: Node, span: Span) -> u32 {
        let id = offset(self.nodes.len());
        let parent = node.parent;
        self.nodes.push(Node {
            error: std::mem::take(&mut self.pending_error),
            ..node
        });
        if self.json || self.view {
            if self.node_spans.is_empty() {
                // The root's.
                self.node_spans.push(Span::default());
            }
            self.node_spans.push(span);
        }
        if let Some(p) = self.nodes.get_mut(parent as usize) {
            let last = p.last_child;
            p.last_child = id;
            if last == NONE {
                p.first_child = id;
            } else if let Some(prev) = self.nodes.get_mut(last as usize) {
                prev.next_sibling = id;
            }
        }
        for i in 0..self.pending.len() {
            let a = self.pending[i];
            self.attach(id, a);
        }
        self.pending.clear();
        id
    }

    fn parent_of(&self, id: u32) -> u32 {
        self.nodes.get(id as usize).map_or(0, |n| n.parent)
    }

    fn reset(&mut self) {
        self.text.clear();
        self.nodes.clear();
        self.nodes.push(Node::EMPTY);
        self.node_spans.clear();
        self.attachments.clear();
        self.tags.clear();
        self.game_comments.clear();
        self.pending.clear();
        self.after_result.clear();
        self.stack.clear();
        self.cursor = Cursor { at: 0, last: None };
        self.in_movetext = false;
        self.comment_start = None;
        self.comment_spill = None;
        self.big.truncate(0);
        self.size = 0;
        self.cut = None;
        self.result = None;
        self.fixed_result = false;
        self.last_pushed = None;
        self.start_number = None;
        self.pending_error = false;
        self.last_comment = None;
        self.open_comment = None;
        self.open_variations = (0, false);
        self.kept = false;
    }

    fn finish(&mut self) {
        self.close_open_lines();
        // Comments left waiting at the start of a line with no move stay
        // with the game.
        self.game_comments.append(&mut self.pending);
        if self.view {
            // Held as it is for `xpgn view` until the next game begins.
            self.finished = true;
            return;
        }
        let result = self
            .result
            .or_else(|| {
                self.last_tag("Result")
                    .and_then(|r| GameResult::from_ascii(r.trim().as_bytes()))
            })
            .unwrap_or(GameResult::Unknown);
        // Room for the whole game at once (a JSON move is some 205 bytes
        // besides its text on the corpus, its span included; the rest is
        // given back below): no growing copy after copy.
        // A giant game's goes to a file a few MiB at a time instead.
        let per_move = if self.json { 224 } else { 8 };
        let mut bytes = Vec::with_capacity(
            (self.text.len() + self.nodes.len() * per_move + self.tags.len() * 8 + 256)
                .min(2 * spill::OUT_SPILL),
        );
        let mut lines = Vec::with_capacity(if self.json { self.nodes.len() } else { 0 });
        let mut out = spill::OutSpill::new(!self.json);
        // Writing to a Vec cannot fail; reading back a spilled comment
        // can, and then the game is not written as if it were whole.
        let written = if self.cut.is_some() {
            Ok(())
        } else if self.json {
            // 16 bytes past the last text, so that every move's strings
            // can be read as 16-byte blocks (`json_move`).
            self.text.push_str("                ");
            self.write_json(&mut bytes, &mut lines, &mut out)
        } else {
            let w = self.write(result, &mut bytes, &mut out);
            // Bytes that were not UTF-8 come back as themselves (`--encoding`).
            crate::notation::text::unescape(&mut bytes);
            w
        };
        if written.is_err() {
            self.cut.get_or_insert(Cut::TooLarge {
                limit: spill::COMMENT_SPILL as u64,
            });
        }
        let spilled = out.into_spilled().filter(|_| self.cut.is_none());
        // The tags go with the game for the filters: copied, but a giant
        // tag section is handed over (the next game's buffers start anew)
        // rather than held twice.
        let tag_end = self.tags.iter().map(|(_, v)| v.1).max().unwrap_or(0) as usize;
        let (tag_text, tag_spans) = if tag_end > spill::OUT_SPILL {
            self.text.truncate(tag_end);
            (
                std::mem::take(&mut self.text),
                std::mem::take(&mut self.tags),
            )
        } else {
            let text = self.text.get(..tag_end).unwrap_or("").to_owned();
            (text, self.tags.clone())
        };
        if self.cut.is_some() {
            bytes.clear();
            lines.clear();
        }
        // The game waits for the ordered writer with others: room asked for
        // and not used (a guess too large, or doubled by a guess too small)
        // would be held with it. Shrinking in place costs no copy.
        if bytes.capacity() - bytes.len() > bytes.len() / 8 + 64 {
            bytes.shrink_to_fit();
        }
        let plies = self.mainline_plies();
        self.done = Some(Rendered {
            bytes,
            spilled,
            tag_text,
            tag_spans,
            result,
            mainline_plies: plies,
            span: self.span,
            cut: self.cut,
            line_at: lines,
            line_shift: 0,
            fixed_result: self.fixed_result,
            kept_variations: self.kept && self.cut.is_none() && !self.json,
        });
        let span = self.span;
        self.reset();
        self.span = span;
    }

    /// Variations still open at the game's end: each line's last move
    /// holds the error (`unterminated-variation`), so that `--reduced`
    /// keeps them, and the writer leaves them open; then the nodes to
    /// write when variations are left out.
    fn close_open_lines(&mut self) {
        let open = offset(self.stack.len());
        if open > 0 {
            let lines = self.stack.get(1..).unwrap_or_default().iter();
            for c in lines.chain(std::iter::once(&self.cursor)) {
                if let Some(n) = c.last.and_then(|id| self.nodes.get_mut(id as usize)) {
                    n.error = true;
                }
            }
            self.open_variations = (open, self.cursor.last.is_none());
        }
        if !self.options.variations() && !self.json {
            let mut keep = std::mem::take(&mut self.keep);
            self.kept = super::kept::kept(&*self, &mut keep);
            self.keep = keep;
        }
    }

    fn mainline_plies(&self) -> u32 {
        let mut plies = 0u32;
        let mut at = 0u32;
        while let Some(n) = self
            .nodes
            .get(at as usize)
            .filter(|n| n.first_child != NONE)
        {
            plies = plies.saturating_add(1);
            at = n.first_child;
        }
        plies
    }

    /// Tag `i`'s name and value.
    fn tag_pair(&self, i: usize) -> (&str, &str) {
        self.tags
            .get(i)
            .map_or(("", ""), |&(n, v)| (self.str_of(n), self.str_of(v)))
    }

    /// The value of tag `name` (the last one wins).
    fn last_tag(&self, name: &str) -> Option<&str> {
        (0..self.tags.len())
            .rev()
            .map(|i| self.tag_pair(i))
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v)
    }

    fn str_of(&self, (s, e): Text) -> &str {
        self.text.get(s as usize..e as usize).unwrap_or("")
    }

    /// The attachments among the game's own (`game_comments`) of kind
    /// `kind`, in order.
    fn game_level(&self, kind: Kind) -> impl Iterator<Item = u32> + '_ {
        self.game_comments.iter().copied().filter(move |&a| {
            self.attachments
                .get(a as usize)
                .is_some_and(|x| x.kind == kind)
        })
    }

    /// The attachments of node `id` of one kind (`Nag` of any number).
    fn attached(&self, id: u32, want: fn(Kind) -> bool) -> impl Iterator<Item = u32> + '_ {
        let first = self
            .nodes
            .get(id as usize)
            .map_or(NONE, |n| n.first_attachment);
        std::iter::successors(Some(first), |&a| {
            self.attachments.get(a as usize).map(|x| x.next)
        })
        .take_while(|&a| a != NONE)
        .filter(move |&a| {
            self.attachments
                .get(a as usize)
                .is_some_and(|x| want(x.kind))
        })
    }
}

/// An arena offset (a game's text is held under the reader's limit, far
/// below 4 GiB).
fn offset(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// A spill file offset, under the same limit.
fn offset_u64(n: u64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}
