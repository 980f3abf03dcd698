//! The owned record model: one game held in memory for conversion and JSON.
//!
//! A [`Game`] holds its tags in source order, its comments, and its moves as a
//! tree stored in one arena (`Vec<Node>`): each node knows its parent and its
//! children in source order, the first child being the main continuation and
//! the others variations. Nothing here walks the tree by recursion, so a deep
//! variation cannot overflow the call stack.
//!
//! [`Builder`] is a [`Visitor`] that turns reader events into a `Game`; it
//! stops collecting (and says so) when a game grows past the limit it was
//! given, so memory stays bounded whatever the input. This module knows
//! notation only, never legality: canonical moves are given by the verifier
//! as it plays them ([`Builder::annotate_last`]).

use crate::diag::Span;
use crate::notation::{
    CheckMark, Chunk, CommentStyle, Event, Flow, GameResult, LineContext, Visitor,
};

/// One comment, decoded (invalid UTF-8 replaced).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    /// The text between the delimiters.
    pub text: String,
    /// `{}` or `;`.
    pub style: CommentStyle,
}

/// One move of the tree.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    /// The parent node; `None` for the game's first moves (and for the root).
    pub parent: Option<usize>,
    /// Children in source order: the main continuation first.
    pub children: Vec<usize>,
    /// The move token as written (check mark and suffix NAGs removed).
    pub written: String,
    /// `+` or `#` as written.
    pub check: CheckMark,
    /// The canonical short notation with check mark (SAN for chess), when
    /// the move could be replayed.
    pub san: Option<String>,
    /// The long notation (from and to squares), when replayed.
    pub lan: Option<String>,
    /// The UCI form (`convert --moves uci`), when replayed and asked for
    /// ([`crate::export::records::Notations::uci`]); JSON does not carry
    /// it.
    pub uci: Option<String>,
    /// Marks written as tokens of their own right after the move, such as
    /// PASGL's `_Pd4` (a critter run over by the Train, RULINGS N6).
    pub marks: Vec<String>,
    /// NAGs after the move, in order.
    pub nags: Vec<u8>,
    /// Comments written before the move (only at the start of a line).
    pub comments_before: Vec<Comment>,
    /// Comments written after the move.
    pub comments_after: Vec<Comment>,
    /// Text the reader could not read ([`Event::Unreadable`]: a stray
    /// `}`, `$` without a number, ...) written before the move, at the
    /// start of a line: each piece as written, one space between two
    /// (pieces hold no space), empty for none. Kept so that conversion
    /// writes it back and an invalid game's export is as invalid (issue
    /// 20); one string, not one a piece, so that a million stray bytes
    /// cost their bytes and no more.
    pub unreadable_before: String,
    /// Text the reader could not read after the move, as
    /// [`Node::unreadable_before`] holds it (the unknown tail of the move's
    /// own token, such as `+#` of `Nf3+#`, first).
    pub unreadable_after: String,
    /// Where the token is in its input.
    pub span: Span,
    /// An error was reported at this move (an illegal or unreadable move,
    /// unreadable text after it, a variation left open): `--reduced` and
    /// `--no-variations` keep the variations that lead to such a move, so
    /// that the export stays as invalid as the game (issue 20). Set by
    /// [`Builder::mark_error`]; a JSON record read back has none.
    pub error: bool,
}

/// One game held whole.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Game {
    /// Tag pairs in source order, values decoded.
    pub tags: Vec<(String, String)>,
    /// Comments before the first move that are not attached to it (also
    /// those of a game without moves).
    pub comments: Vec<Comment>,
    /// Text the reader could not read that no move holds (in an empty
    /// variation, or in a game without moves), as
    /// [`Node::unreadable_before`] holds it.
    pub unreadable: String,
    /// The move arena; index 0 is the root, which holds no move.
    pub nodes: Vec<Node>,
    /// The termination marker, if written.
    pub result: Option<GameResult>,
    /// Comments written after the result, before a blank line (the reader
    /// gives them to the game they follow).
    pub comments_after_result: Vec<Comment>,
    /// Where the game starts in its input.
    pub span: Span,
    /// Set when the record is not the whole game ([`Game::cut`] says why).
    pub truncated: bool,
    /// Why the record is not the whole game, when it is not (read from
    /// PGN; a JSON record read back knows only [`Game::truncated`]).
    pub cut: Option<Cut>,
    /// Variations still open when the game ended (`1. e4 (1. d4 *`): the
    /// export leaves them open, so that `check` finds the same
    /// `unterminated-variation` in it.
    pub open_variations: u32,
    /// Whether the innermost open variation has no move (`1. e4 ( *`).
    pub open_variation_empty: bool,
    /// A brace comment still open when the game ended (the reader closed
    /// it at the next tag pair or at the end of the input): the last thing
    /// of the game, written last and left open by the export.
    pub open_comment: Option<Comment>,
}

/// Why a record is not the whole game: such a record must never be written
/// out as if it were the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    /// The game held more text than the builder's limit: the moves,
    /// comments and NAGs after that point were dropped.
    TooLarge {
        /// The limit, in bytes.
        limit: u64,
    },
    /// The reader skipped a line or token longer than its limit (a tag
    /// line, a token), which the record therefore lacks.
    Skipped {
        /// The 1-based line where it was.
        line: u32,
    },
}

impl std::fmt::Display for Cut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Cut::TooLarge { limit } => write!(
                f,
                "it is larger than the limit of {limit} bytes for a game held whole"
            ),
            Cut::Skipped { line } => write!(
                f,
                "line {line} is longer than the reader's limit and was skipped, so the record lacks it"
            ),
        }
    }
}

impl Game {
    /// An empty game with its root node.
    pub fn new() -> Game {
        Game {
            nodes: vec![Node::default()],
            ..Game::default()
        }
    }

    /// The root's index.
    pub const ROOT: usize = 0;

    /// The plies of the mainline, counted without collecting them.
    pub fn mainline_plies(&self) -> u32 {
        let mut plies = 0u32;
        let mut at = Game::ROOT;
        while let Some(&next) = self.nodes.get(at).and_then(|n| n.children.first()) {
            plies = plies.saturating_add(1);
            at = next;
        }
        plies
    }

    /// The value of tag `name`, if present (the last one wins).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Appends a move under `parent` and returns its index.
    pub fn push(&mut self, parent: usize, mut node: Node) -> usize {
        let id = self.nodes.len();
        node.parent = (parent != Game::ROOT).then_some(parent);
        self.nodes.push(node);
        if let Some(p) = self.nodes.get_mut(parent) {
            p.children.push(id);
        }
        id
    }

    /// The parent index of a node, the root standing for `None`.
    pub fn parent_of(&self, id: usize) -> usize {
        self.nodes
            .get(id)
            .and_then(|n| n.parent)
            .unwrap_or(Game::ROOT)
    }

    /// Plies from the start to node `id` (1 for a first move; 0 for the
    /// root). Walks up the tree: O(depth).
    pub fn ply_of(&self, mut id: usize) -> u32 {
        let mut ply = 0;
        while id != Game::ROOT {
            ply += 1;
            #[cfg(test)]
            PLY_OF_STEPS.with(|s| s.set(s.get() + 1));
            id = self.parent_of(id);
        }
        ply
    }

    /// The mainline: node indices following the first child from the root.
    pub fn mainline(&self) -> Vec<usize> {
        let mut out = Vec::new();
        let mut cur = Game::ROOT;
        while let Some(&next) = self.nodes.get(cur).and_then(|n| n.children.first()) {
            out.push(next);
            cur = next;
        }
        out
    }

    /// Number of moves, variations included.
    pub fn move_count(&self) -> usize {
        self.nodes.len().saturating_sub(1)
    }
}

#[cfg(test)]
thread_local! {
    /// Steps [`Game::ply_of`] has walked on this thread, for the tests
    /// that exporters stay linear (they must not ask it for every move).
    pub(crate) static PLY_OF_STEPS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Where the builder is inside the movetext.
#[derive(Clone, Copy, Debug)]
struct Cursor {
    /// The node new moves attach to (the last move played on this line).
    at: usize,
    /// The last move, to which NAGs and comments attach; `None` at the start
    /// of a line.
    last: Option<usize>,
}

/// A [`Visitor`] that builds one [`Game`] at a time; take each with
/// [`Builder::take`] after the reader's `read_game`.
#[derive(Debug)]
pub struct Builder {
    game: Game,
    done: Option<Game>,
    stack: Vec<Cursor>,
    cursor: Cursor,
    in_movetext: bool,
    /// Comment text in pieces, until its last chunk.
    comment: String,
    /// Bytes held by the game so far (roughly: text stored).
    size: u64,
    max_size: u64,
    /// Comments waiting for the next move at the start of a line.
    pending: Vec<Comment>,
    /// Unreadable text waiting for the next move at the start of a line.
    pending_unreadable: String,
    /// The node the last move event made, if it made one (not for a
    /// `_` mark or a move past the size limit).
    last_pushed: Option<usize>,
    /// An error came at the start of a line, before its first move: the
    /// next move gets it ([`Builder::mark_error`]).
    pending_error: bool,
    /// Where the last comment went, so that an unterminated one can be
    /// taken out ([`Game::open_comment`]).
    last_comment: Option<Place>,
}

/// Where a comment went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// After this move.
    After(usize),
    /// Waiting for the next move.
    Pending,
    /// With the game, before the movetext.
    Game,
    /// After the result.
    AfterResult,
}

impl Builder {
    /// A builder that holds at most `max_size` bytes of one game's text
    /// (see [`Limits::max_game_size`](crate::notation::reader::Limits)).
    pub fn new(max_size: u64) -> Builder {
        Builder {
            game: Game::new(),
            done: None,
            stack: Vec::new(),
            cursor: Cursor { at: 0, last: None },
            in_movetext: false,
            comment: String::new(),
            size: 0,
            max_size,
            pending: Vec::new(),
            pending_unreadable: String::new(),
            last_pushed: None,
            pending_error: false,
            last_comment: None,
        }
    }

    /// Marks the move being read as one where an error was reported
    /// ([`Node::error`]): the last move of the line being read, or the
    /// next one at the start of a line.
    pub fn mark_error(&mut self) {
        if !self.in_movetext || self.game.result.is_some() {
            return;
        }
        match self.cursor.last.and_then(|id| self.game.nodes.get_mut(id)) {
            Some(n) => n.error = true,
            None => self.pending_error = true,
        }
    }

    /// Takes the last comment out of where it went: it was not closed
    /// ([`Game::open_comment`]).
    fn open_last_comment(&mut self) {
        let taken = match self.last_comment.take() {
            Some(Place::After(id)) => self
                .game
                .nodes
                .get_mut(id)
                .and_then(|n| n.comments_after.pop()),
            Some(Place::Pending) => self.pending.pop(),
            Some(Place::Game) => self.game.comments.pop(),
            Some(Place::AfterResult) => self.game.comments_after_result.pop(),
            None => None,
        };
        if taken.is_some() {
            self.game.open_comment = taken;
        }
    }

    /// Gives the move of the last move event its canonical notation, as
    /// the verifier played it (nothing when that event made no node).
    pub fn annotate_last(&mut self, san: Option<String>, lan: Option<String>, uci: Option<String>) {
        if let Some(n) = self.last_pushed.and_then(|id| self.game.nodes.get_mut(id)) {
            n.san = san;
            n.lan = lan;
            n.uci = uci;
        }
    }

    /// Gives the game being built this result (`convert --fix-result`):
    /// its termination marker and its `[Result]` tag (the last one, as
    /// [`Game::tag`] reads; added when it has none).
    pub fn set_result(&mut self, result: GameResult) {
        self.game.result = Some(result);
        let value = result.as_str().to_string();
        match self.game.tags.iter_mut().rev().find(|(n, _)| n == "Result") {
            Some((_, v)) => *v = value,
            None => self.game.tags.push(("Result".to_string(), value)),
        }
    }

    /// The node the last move event made and its parent's index (the
    /// root's for a first move), if that event made one.
    pub fn last_node(&self) -> Option<(usize, usize)> {
        self.last_pushed.map(|id| (id, self.game.parent_of(id)))
    }

    /// The game finished by the last `EndGame`, if any.
    pub fn take(&mut self) -> Option<Game> {
        self.done.take()
    }

    fn grow(&mut self, bytes: usize) -> bool {
        self.grow_by(bytes as u64 + 16)
    }

    /// Counts `cost` bytes more held; false once the game is cut.
    fn grow_by(&mut self, cost: u64) -> bool {
        self.size = self.size.saturating_add(cost);
        if self.size > self.max_size && !self.game.truncated {
            self.cut(Cut::TooLarge {
                limit: self.max_size,
            });
        }
        !self.game.truncated
    }

    fn cut(&mut self, why: Cut) {
        self.game.truncated = true;
        self.game.cut.get_or_insert(why);
    }

    fn add_comment(&mut self, comment: Comment) {
        if self.game.result.is_some() {
            self.game.comments_after_result.push(comment);
            self.last_comment = Some(Place::AfterResult);
            return;
        }
        if !self.in_movetext {
            self.game.comments.push(comment);
            self.last_comment = Some(Place::Game);
            return;
        }
        match self.cursor.last {
            Some(id) => {
                if let Some(n) = self.game.nodes.get_mut(id) {
                    n.comments_after.push(comment);
                    self.last_comment = Some(Place::After(id));
                }
            }
            None => {
                self.pending.push(comment);
                self.last_comment = Some(Place::Pending);
            }
        }
    }

    /// Unreadable text where a comment in its place would go: after the
    /// last move, else waiting for the next; before the movetext (never
    /// sent there) or after the result (the game ends at its result), with
    /// the game.
    fn add_unreadable(&mut self, text: &str) {
        let after = self
            .cursor
            .last
            .filter(|_| self.in_movetext && self.game.result.is_none());
        match after {
            Some(id) => {
                if let Some(n) = self.game.nodes.get_mut(id) {
                    join_unreadable(&mut n.unreadable_after, text);
                }
            }
            None if self.in_movetext && self.game.result.is_none() => {
                join_unreadable(&mut self.pending_unreadable, text);
            }
            None => join_unreadable(&mut self.game.unreadable, text),
        }
    }

    fn finish(&mut self) {
        // Variations still open: each line's last move holds the error
        // (`unterminated-variation`), so that `--reduced` keeps them.
        let open = u32::try_from(self.stack.len()).unwrap_or(u32::MAX);
        if open > 0 {
            let lines = self.stack.get(1..).unwrap_or_default().iter();
            for c in lines.chain(std::iter::once(&self.cursor)) {
                if let Some(n) = c.last.and_then(|id| self.game.nodes.get_mut(id)) {
                    n.error = true;
                }
            }
            self.game.open_variations = open;
            self.game.open_variation_empty = self.cursor.last.is_none();
        }
        self.pending_error = false;
        self.last_comment = None;
        let mut game = std::mem::replace(&mut self.game, Game::new());
        // Comments left waiting at the start of a line with no move (an empty
        // variation, or a game of comments only) stay with the game.
        game.comments.append(&mut self.pending);
        join_unreadable(&mut game.unreadable, &self.pending_unreadable);
        self.pending_unreadable.clear();
        self.done = Some(game);
        self.stack.clear();
        self.cursor = Cursor { at: 0, last: None };
        self.in_movetext = false;
        self.comment.clear();
        self.size = 0;
    }
}

impl Visitor for Builder {
    fn event(&mut self, event: Event<'_>, span: Span, _line: &LineContext<'_>) -> Flow {
        match event {
            Event::BeginGame => {
                self.game = Game::new();
                self.game.span = span;
                self.pending.clear();
                self.pending_unreadable.clear();
                self.pending_error = false;
                self.last_comment = None;
            }
            Event::Tag { name, value } => {
                if self.grow(name.len() + value.0.len()) {
                    let name = String::from_utf8_lossy(name).into_owned();
                    self.game.tags.push((name, value.decode_str().into_owned()));
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
                    if let Some(n) = self.game.nodes.get_mut(id) {
                        n.marks.push(String::from_utf8_lossy(text).into_owned());
                    }
                    return Flow::Continue;
                }
                let node = Node {
                    written: decode(text),
                    check,
                    comments_before: std::mem::take(&mut self.pending),
                    unreadable_before: std::mem::take(&mut self.pending_unreadable),
                    span,
                    error: std::mem::take(&mut self.pending_error),
                    ..Node::default()
                };
                let id = self.game.push(self.cursor.at, node);
                self.last_pushed = Some(id);
                self.cursor = Cursor {
                    at: id,
                    last: Some(id),
                };
            }
            Event::Nag { nag, form: _ } => {
                if let (Some(id), true) = (self.cursor.last, self.grow(1)) {
                    if let Some(n) = self.game.nodes.get_mut(id) {
                        n.nags.push(nag);
                    }
                }
            }
            Event::Comment { text, style, chunk } => {
                if !self.grow(text.len()) {
                    return Flow::Continue;
                }
                self.comment.push_str(&crate::notation::text::decode(text));
                if matches!(chunk, Chunk::Whole | Chunk::Last) {
                    let text = std::mem::take(&mut self.comment);
                    self.add_comment(Comment { text, style });
                }
            }
            Event::BeginVariation => {
                self.stack.push(self.cursor);
                // A variation replaces the last move: it starts where that
                // move started.
                let at = match self.cursor.last {
                    Some(id) => self.game.parent_of(id),
                    None => self.cursor.at,
                };
                self.cursor = Cursor { at, last: None };
            }
            Event::EndVariation => {
                // Comments at the start of an empty variation have no move;
                // its unreadable text goes with the game, written always.
                self.pending_error = false;
                if self.last_comment == Some(Place::Pending) {
                    self.last_comment = Some(Place::Game);
                }
                self.game.comments.append(&mut self.pending);
                join_unreadable(&mut self.game.unreadable, &self.pending_unreadable);
                self.pending_unreadable.clear();
                if let Some(c) = self.stack.pop() {
                    self.cursor = c;
                }
            }
            Event::Unreadable { text } => {
                // Its bytes and a space: stray bytes one after the other
                // share one string.
                if self.grow_by(text.len() as u64 + 1) {
                    self.add_unreadable(&crate::notation::text::decode(text));
                }
            }
            Event::Result(r) => self.game.result = Some(r),
            Event::EndGame => self.finish(),
        }
        Flow::Continue
    }

    fn problem(
        &mut self,
        problem: &crate::notation::SyntaxProblem,
        span: Span,
        _line: &LineContext<'_>,
    ) -> Flow {
        // What the reader skipped, the record lacks.
        match problem.code {
            crate::diag::Code::TokenTooLong => self.cut(Cut::Skipped { line: span.line }),
            crate::diag::Code::UnterminatedComment => self.open_last_comment(),
            _ => {}
        }
        Flow::Continue
    }
}

/// Appends `text` to unreadable text `to`, one space between two pieces
/// (see [`Node::unreadable_before`]).
fn join_unreadable(to: &mut String, text: &str) {
    if text.is_empty() {
        return;
    }
    if !to.is_empty() {
        to.push(' ');
    }
    to.push_str(text);
}

/// The pieces of unreadable text as a record holds it (see
/// [`Node::unreadable_before`]), in order.
pub fn unreadable_pieces(text: &str) -> impl Iterator<Item = &str> {
    text.split(' ').filter(|t| !t.is_empty())
}

/// Bytes as text, as `--encoding` reads them.
fn decode(bytes: &[u8]) -> String {
    crate::notation::text::decode(bytes).into_owned()
}

/// Reads every game of `bytes` into records (for tests and small inputs).
///
/// # Errors
///
/// None in practice: reading from a slice cannot fail.
pub fn read_games(bytes: &[u8]) -> std::io::Result<Vec<Game>> {
    let mut reader = crate::notation::Reader::new(bytes);
    let mut builder = Builder::new(reader.limits().max_game_size);
    let mut out = Vec::new();
    while reader.read_game(&mut builder)? {
        out.extend(builder.take());
    }
    out.extend(builder.take());
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variations_become_siblings_of_the_move_they_replace() {
        let games =
            read_games(b"1. e4 {best} e5 (1... c5 $1 (1... e6) 2. Nf3) 2. Nf3 *\n").expect("reads");
        assert_eq!(games.len(), 1);
        let g = &games[0];
        let main: Vec<&str> = g
            .mainline()
            .iter()
            .map(|&i| g.nodes[i].written.as_str())
            .collect();
        assert_eq!(main, ["e4", "e5", "Nf3"]);
        let e4 = g.mainline()[0];
        let kids: Vec<&str> = g.nodes[e4]
            .children
            .iter()
            .map(|&i| g.nodes[i].written.as_str())
            .collect();
        assert_eq!(kids, ["e5", "c5", "e6"]);
        assert_eq!(g.nodes[e4].comments_after[0].text, "best");
        let c5 = g.nodes[e4].children[1];
        assert_eq!(g.nodes[c5].nags, [1]);
        assert_eq!(g.ply_of(g.nodes[c5].children[0]), 3);
        assert_eq!(g.result, Some(GameResult::Unknown));
    }

    #[test]
    fn oversized_games_are_truncated_not_grown() {
        let mut reader = crate::notation::Reader::new(&b"1. e4 e5 2. Nf3 Nc6 *\n"[..]);
        let mut builder = Builder::new(100);
        while reader.read_game(&mut builder).expect("reads") {}
        let g = builder.take().expect("one game");
        assert!(g.truncated);
        assert!(g.move_count() < 4);
    }
}
