//! `xpgn view`'s page: one self-contained HTML file (no network, no
//! external script) with a board, the move list with variations, comments
//! and NAGs, the position string of every ply and `check`'s diagnostics on
//! their plies, for one game or a whole file.
//!
//! Boards are drawn by [`Diagram`]'s parts, the same code as `xpgn
//! diagram`: each distinct cell drawing (a square with what stands on it),
//! arrow, facts panel and board frame is written once into a table of SVG
//! fragments shared by every game of the page, and each ply lists only the
//! cells that changed from its parent. The page's script only puts
//! fragments together; it knows no rule and no geometry. Each game's data
//! is its own `<script type="application/json">` block, parsed when the
//! game is opened, so a page of thousands of games opens at once.
//!
//! The data comes from the verifier's single pass ([`ViewSink`] is fed by
//! [`crate::export::records::Tee`] with the reader's events, held in the
//! lean writer's flat buffers ([`Lean::for_view`]), and with the start
//! position, the FEN and the board of every ply the verifier plays). A
//! FIDE chess or Chess960 ply comes as its move and the bitboards after
//! it ([`FidePly`], `chess.rs`): only the squares the move touched are
//! read, and they give the changed cells, whose fragments are found in
//! flat tables; the page writes each as a key naming its drawing and its
//! piece, from which the script also writes the FEN's placement, and only
//! the FEN's other fields that a ply does not imply. Other games' boards
//! come as [`CellBoard`]s (`cells.rs`). A game's data is
//! written by hand into one reused buffer: a page of 10,000 games holds
//! some 800,000 nodes.

use std::collections::HashMap;
use std::io::{self, Write};

use serde::Serialize;

use super::diagram::{Diagram, Layout, escape};
use super::lean::Lean;
use super::records::{Annotation, Arrow, Board, FidePly, RecordSink};
use crate::diag::{Diagnostic, Span};
use crate::notation::{Event, Flow, GameResult, LineContext, SyntaxProblem, Visitor};
use crate::rules::Variant;
use crate::rules::cells::CellBoard;
use crate::rules::core::{Color, Square};
use crate::rules::picture::{Cell, Fact, Picture};
use crate::verify::GameReport;

mod cells;
mod chess;
use chess::ChessIds;
mod data;
use data::{PageGame, ROOT};
mod fen;
mod json;

/// Board width of the page's diagrams in pixels.
const BOARD_PIXELS: u32 = 440;

/// What a fragment draws, so that each is written once.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    /// The `<svg>` start tag, definitions and coordinates of a board.
    Frame(Variant),
    /// One cell with what is drawn on it; the flag is a check on it.
    Cell(Variant, Square, Cell, bool),
    /// Whose turn it is and the facts.
    Facts(Variant, Color, Vec<Fact>),
}

/// The SVG fragments of a page and their keys.
#[derive(Debug, Default)]
struct Fragments {
    /// FxHash: a few keys are looked up per ply, and SipHash's resistance
    /// to crafted keys buys nothing here (a key is a drawing).
    ids: HashMap<Key, u32, rustc_hash::FxBuildHasher>,
    /// Every fragment, each ended by a newline, as the page holds them:
    /// the text of a `<script>` element that needs no escaping pass (see
    /// [`script_text_safe`]).
    svg: String,
    /// How many fragments `svg` holds.
    count: u32,
}

impl Fragments {
    /// A new fragment drawn by `draw`, for a caller that keeps its own
    /// table of what is drawn.
    fn push(&mut self, draw: impl FnOnce(&mut String)) -> u32 {
        let id = self.count;
        self.count = self.count.saturating_add(1);
        let start = self.svg.len();
        draw(&mut self.svg);
        script_text_safe(&mut self.svg, start);
        self.svg.push('\n');
        id
    }

    /// The id of `key`'s fragment, drawn by `draw` the first time.
    fn id(&mut self, key: Key, draw: impl FnOnce(&mut String)) -> u32 {
        if let Some(&id) = self.ids.get(&key) {
            return id;
        }
        let id = self.push(draw);
        self.ids.insert(key, id);
        id
    }
}

/// No fragment yet.
const NONE: u32 = u32::MAX;

/// What a replayed node shows.
#[derive(Clone, Copy, Debug)]
struct Shown {
    /// Its page data in [`ViewSink::plies`]: the change of its position
    /// string, its changed cells, its arrow and facts.
    data: (u32, u32),
    /// Its position string in [`ViewSink::fens`] (unused for a chess
    /// board: see [`chess::ChessNode`]).
    fen: (u32, u32),
    /// For a [`Picture`], where its cells' fragments start in
    /// [`ViewSink::ids`] (one per cell, rank by rank); for a chess board,
    /// its index in [`ViewSink::boards`].
    cells: u32,
}

/// One line of the page's game list.
#[derive(Debug, Serialize)]
struct Listed {
    n: u64,
    white: String,
    black: String,
    event: String,
    date: String,
    result: String,
    variant: String,
    errors: u32,
    warnings: u32,
}

/// `xpgn view`'s page builder: holds each game while the verifier
/// replays it, writes the page data of every node it played as it is
/// played (the change of its position string and of its board), and
/// writes the page.
#[derive(Debug)]
pub struct ViewSink {
    /// The game being read, in flat buffers reused from game to game (no
    /// record, no string per move).
    lean: Lean,
    fragments: Fragments,
    chess: ChessIds,
    /// The same for [`CellBoard`]s, and their codes.
    var: cells::CellIds,
    /// The current game's first move number and side to move.
    start: Option<(u32, Color)>,
    /// What each node of the current game shows, by node index (the root,
    /// 0, is the start position).
    shown: Vec<Option<Shown>>,
    /// The page data of the current game's replayed nodes, one after the
    /// other (reused from game to game, as are the buffers below).
    plies: Vec<u8>,
    /// The position strings of the current game's nodes (for chess, the
    /// castling fields' texts).
    fens: String,
    /// The fragment of every cell of every [`Picture`] node shown.
    ids: Vec<u32>,
    /// Every chess board shown: its codes, check and FEN fields.
    boards: Vec<chess::ChessNode>,
    /// The changed cells of the node being drawn, `cell, fragment, ...`.
    diffs: Vec<u32>,
    /// Cells of the current game's board.
    cells: usize,
    /// The last picture drawn and its node, to find changed cells by
    /// comparing (the parent is almost always the last node).
    last: Option<(usize, Picture)>,
    /// The FEN of the last move annotated in `fens`, until its board comes.
    fen: (u32, u32),
    frame: Option<u32>,
    /// The page's table of board geometry by frame, `"frame":[...],`
    /// (see [`ViewSink::write_geometry`]).
    geometry: Vec<u8>,
    /// The current game's row in the chess tables (0 chess, 1 Chess960)
    /// when its nodes are written as chess's ([`chess::ChessNode`]).
    chess_game: Option<u8>,
    listed: Vec<Listed>,
    /// A game's page data, written by hand (reused).
    json: Vec<u8>,
}

impl Visitor for ViewSink {
    fn event(&mut self, event: Event<'_>, span: Span, line: &LineContext<'_>) -> Flow {
        self.lean.event(event, span, line)
    }

    fn problem(&mut self, problem: &SyntaxProblem, span: Span, line: &LineContext<'_>) -> Flow {
        self.lean.problem(problem, span, line)
    }
}

impl RecordSink for ViewSink {
    fn annotate_last(&mut self, a: Annotation<'_>) {
        self.lean.annotate_last(Annotation {
            san: a.san,
            ..Annotation::default()
        });
        self.fen = self.push_fen(a.fen.unwrap_or_default());
    }

    fn set_result(&mut self, result: GameResult) {
        self.lean.set_result(result);
    }

    fn annotate_start(&mut self, fen: String, board: Board, number: u32) {
        self.clear();
        self.last = None;
        self.chess_game = None;
        let shown = match board {
            Board::Chess(b) => {
                self.chess_game = Some(u8::from(b.variant == Variant::Chess960));
                self.start = Some((number, b.turn));
                self.cells = 64;
                self.frame = Some(self.chess_frame(&b));
                self.draw_chess_start(&fen, &b)
            }
            Board::Cells(b) => {
                self.start = Some((number, b.turn));
                self.cells = b.codes.len();
                self.frame = Some(self.frame_of(&b.picture()));
                let kept = self.push_fen(&fen);
                self.draw_cells(kept, &b, None, None)
            }
            Board::Picture(picture) => {
                self.start = Some((number, picture.turn));
                self.cells = picture.cells.len();
                self.frame = Some(self.frame_of(&picture));
                let kept = self.push_fen(&fen);
                let shown = self.draw(kept, &picture, None, None, None);
                self.last = Some((ROOT, picture));
                shown
            }
        };
        self.shown.push(Some(shown));
    }

    fn annotate_picture(&mut self, picture: Picture, arrow: Arrow) -> Option<Picture> {
        // A chess game's nodes are all chess's (the page reads them so).
        let Some((id, parent)) = self.lean.last_node().filter(|_| self.chess_game.is_none()) else {
            return Some(picture);
        };
        let last = self.last.take().filter(|(node, _)| *node == parent);
        let parent = self
            .shown_at(parent)
            .filter(|_| picture.cells.len() == self.cells);
        let before = parent.map(|p| p.cells).zip(last.as_ref().map(|(_, p)| p));
        self.cells = picture.cells.len();
        let shown = self.draw(self.fen, &picture, arrow, before, parent);
        self.set_shown(id, shown);
        // The parent's picture, if it was the last, is drawn again later.
        let spare = last.map(|(_, p)| p);
        self.last = Some((id, picture));
        spare
    }

    fn annotate_cells(&mut self, board: &CellBoard, arrow: Arrow) {
        let Some((id, parent)) = self.lean.last_node().filter(|_| self.chess_game.is_none()) else {
            return;
        };
        self.last = None;
        let parent = self
            .shown_at(parent)
            .filter(|_| board.codes.len() == self.cells);
        let shown = self.draw_cells(self.fen, board, arrow, parent);
        self.set_shown(id, shown);
    }

    fn annotate_fide(&mut self, ply: &FidePly) {
        let Some((id, parent)) = self.lean.last_node().filter(|_| self.chess_game.is_some()) else {
            return;
        };
        let parent = self.shown_at(parent).filter(|_| self.cells == 64);
        self.cells = 64;
        let shown = self.draw_fide(ply, parent);
        self.set_shown(id, shown);
    }
}

impl ViewSink {
    /// A page builder that holds at most `max_size` bytes of one
    /// game's text (see [`Lean::new`]).
    pub fn new(max_size: u64) -> ViewSink {
        ViewSink {
            lean: Lean::for_view(max_size),
            fragments: Fragments::default(),
            chess: ChessIds::default(),
            var: cells::CellIds::default(),
            start: None,
            shown: Vec::new(),
            plies: Vec::new(),
            fens: String::new(),
            ids: Vec::new(),
            boards: Vec::new(),
            diffs: Vec::new(),
            cells: 0,
            last: None,
            fen: (0, 0),
            frame: None,
            geometry: Vec::new(),
            chess_game: None,
            listed: Vec::new(),
            json: Vec::new(),
        }
    }

    /// Games written so far.
    pub fn games(&self) -> usize {
        self.listed.len()
    }

    fn push_fen(&mut self, fen: &str) -> (u32, u32) {
        let start = self.fens.len();
        self.fens.push_str(fen);
        (offset(start), offset(self.fens.len()))
    }

    fn fen_of(&self, (s, e): (u32, u32)) -> &str {
        self.fens.get(s as usize..e as usize).unwrap_or_default()
    }

    fn shown_at(&self, node: usize) -> Option<Shown> {
        self.shown.get(node).copied().flatten()
    }

    fn set_shown(&mut self, id: usize, shown: Shown) {
        if self.shown.len() <= id {
            self.shown.resize(id + 1, None);
        }
        if let Some(slot) = self.shown.get_mut(id) {
            *slot = Some(shown);
        }
    }

    fn frame_of(&mut self, picture: &Picture) -> u32 {
        let diagram = Diagram::new(picture).size(BOARD_PIXELS);
        let layout = diagram.layout();
        let key = Key::Frame(picture.variant);
        let new = !self.fragments.ids.contains_key(&key);
        let id = self.fragments.id(key, |out| {
            diagram.write_open(out, &layout);
            diagram.write_coordinates(out, layout.margin, layout.cell);
        });
        if new {
            self.write_geometry(id, picture, &diagram, &layout);
        }
        id
    }

    /// Adds frame `id`'s entry to the page's `xpgn-boards` table, from
    /// which the script draws a node's arrow (two cell numbers, see
    /// [`arrow_code`]): `[files, ranks, [file letters], [centre x by
    /// file], [centre y by rank], [the arrow's text around its six
    /// values]]`, all as the diagram writes them.
    fn write_geometry(&mut self, id: u32, picture: &Picture, diagram: &Diagram, layout: &Layout) {
        let out = &mut self.geometry;
        if !out.is_empty() {
            out.push(b',');
        }
        out.push(b'"');
        json::number(out, u64::from(id));
        out.extend_from_slice(b"\":[");
        json::number(out, u64::from(picture.files));
        out.push(b',');
        json::number(out, u64::from(picture.ranks));
        out.push(b',');
        let letters: Vec<String> = picture.file_letters.iter().map(char::to_string).collect();
        json::strings(out, letters.iter().map(String::as_str));
        let (xs, ys) = diagram.centres(layout);
        for list in [xs, ys, diagram.arrow_pieces(layout)] {
            out.push(b',');
            json::strings(out, list.iter().map(String::as_str));
        }
        out.push(b']');
    }

    /// Ends a node's page data: its changed cells (`diffs`), arrow and
    /// facts, after the change of its position string.
    /// A node's page data from its position string's change against its
    /// parent's (the picture and cell paths; chess writes its own change).
    fn node_data(
        &mut self,
        fen: (u32, u32),
        parent_fen: Option<(u32, u32)>,
        arrow: Option<u32>,
        facts: u32,
    ) -> (u32, u32) {
        let mut out = std::mem::take(&mut self.plies);
        let start = out.len();
        out.push(b'[');
        fen::write_change(
            &mut out,
            parent_fen.map(|f| self.fen_of(f)),
            self.fen_of(fen),
        );
        self.plies = out;
        self.end_node(start, arrow, facts)
    }

    fn end_node(&mut self, start: usize, arrow: Option<u32>, facts: u32) -> (u32, u32) {
        let mut st = json::Stack::new();
        self.write_node_end(&mut st, arrow, facts);
        if !st.flush(&mut self.plies) {
            let mut out = std::mem::take(&mut self.plies);
            self.write_node_end(&mut out, arrow, facts);
            self.plies = out;
        }
        (offset(start), offset(self.plies.len()))
    }

    fn write_node_end(&self, out: &mut impl json::Bytes, arrow: Option<u32>, facts: u32) {
        out.extend(b"],[");
        for (j, &v) in self.diffs.iter().enumerate() {
            if j > 0 {
                out.push(b',');
            }
            out.decimal(v);
        }
        out.extend(b"],");
        match arrow {
            Some(a) => out.decimal(a),
            None => out.extend(b"null"),
        }
        out.push(b',');
        out.decimal(facts);
    }

    /// The fragments of `picture`, reusing `before`'s (where the parent's
    /// cell fragments start in `ids`, and its picture) for the cells that
    /// did not change, and its page data against `parent`'s.
    fn draw(
        &mut self,
        fen: (u32, u32),
        picture: &Picture,
        arrow: Arrow,
        before: Option<(u32, &Picture)>,
        parent: Option<Shown>,
    ) -> Shown {
        let variant = picture.variant;
        let mut diagram = Diagram::new(picture).size(BOARD_PIXELS);
        if let Some((from, to)) = arrow {
            diagram = diagram.arrow(from, to);
        }
        let layout: Layout = diagram.layout();
        let files = usize::from(picture.files.max(1));
        let cells = offset(self.ids.len());
        for (i, cell) in picture.cells.iter().enumerate() {
            let Some(sq) = u8::try_from(i % files)
                .ok()
                .zip(u8::try_from(i / files).ok())
                .and_then(|(f, r)| Square::new(f, r))
            else {
                self.ids.push(NONE);
                continue;
            };
            let check = picture.check == Some(sq);
            if let Some((ids, prev)) = before
                && prev.cells.get(i) == Some(cell)
                && (prev.check == Some(sq)) == check
                && let Some(&id) = self.ids.get(ids as usize + i)
            {
                self.ids.push(id);
                continue;
            }
            let id = self
                .fragments
                .id(Key::Cell(variant, sq, cell.clone(), check), |out| {
                    diagram.write_cell(out, &layout, sq);
                });
            self.ids.push(id);
        }
        let arrow = arrow.and_then(|a| arrow_code(a, picture.files, picture.cells.len()));
        let facts = self.fragments.id(
            Key::Facts(variant, picture.turn, picture.facts.clone()),
            |out| diagram.write_facts(out, &layout),
        );
        self.diff(cells as usize, parent.map(|p| p.cells));
        let data = self.node_data(fen, parent.map(|p| p.fen), arrow, facts);
        Shown { data, fen, cells }
    }

    /// Lists in `diffs` the cells of the node whose fragments start at
    /// `cells` that differ from the parent's, whose start at `parent` (all
    /// cells for no parent).
    fn diff(&mut self, cells: usize, parent: Option<u32>) {
        self.diffs.clear();
        for c in 0..self.cells {
            let id = self.ids.get(cells + c).copied().unwrap_or(NONE);
            let theirs = parent.and_then(|p| self.ids.get(p as usize + c));
            if id != NONE && theirs != Some(&id) {
                self.diffs.push(offset(c));
                self.diffs.push(id);
            }
        }
    }

    /// Writes the page's start: everything before the games.
    ///
    /// # Errors
    ///
    /// The output's.
    pub fn write_head(&self, out: &mut impl Write, title: &str) -> io::Result<()> {
        write!(
            out,
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
             <meta name=\"generator\" content=\"xpgn {}\">\
             <title>{} (xpgn view)</title><style>{}</style></head>\n<body>{}\n",
            env!("CARGO_PKG_VERSION"),
            escape(title),
            include_str!("viewer.css"),
            include_str!("viewer.html"),
        )
    }

    /// Writes the game read last, if any, with its report
    /// and diagnostics; `n` is its number in its input. Returns whether a
    /// game was written.
    ///
    /// # Errors
    ///
    /// The output's.
    pub fn write_game(
        &mut self,
        out: &mut impl Write,
        n: u64,
        file: &str,
        report: Option<&GameReport>,
        diagnostics: &[Diagnostic],
    ) -> io::Result<bool> {
        if !self.lean.take_finished() {
            return Ok(false);
        }
        let game = &self.lean;
        let start = self.start.take();
        let frame = self.frame.take();
        self.last = None;
        let variant = match report.and_then(|r| r.variant) {
            Some(v) => v.name().to_owned(),
            None => game.view_tag("Variant").unwrap_or("Chess").to_owned(),
        };
        let mut json = std::mem::take(&mut self.json);
        json.clear();
        let page = PageGame {
            start,
            frame,
            chess: self.chess_game.take(),
            n,
            file,
            variant: &variant,
            report,
            diagnostics,
        };
        write!(
            json,
            "<script type=\"application/json\" class=\"xpgn-game\" id=\"xpgn-game-{}\">",
            self.listed.len()
        )?;
        self.write_game_json(&mut json, &page);
        json.extend_from_slice(b"</script>\n");
        let written = out.write_all(&json);
        self.json = json;
        let game = &self.lean;
        let tag = |name: &str| game.view_tag(name).unwrap_or_default().to_owned();
        let listed = Listed {
            n,
            white: tag("White"),
            black: tag("Black"),
            event: tag("Event"),
            date: tag("Date"),
            result: game
                .view_result()
                .map_or_else(|| tag("Result"), |r| r.as_str().to_owned()),
            variant,
            errors: report.map_or(0, |r| r.errors),
            warnings: report.map_or(0, |r| r.warnings),
        };
        self.clear();
        written?;
        self.listed.push(listed);
        Ok(true)
    }

    /// Drops the game read last: it is not on the page.
    pub fn skip_game(&mut self) {
        let _ = self.lean.take_finished();
        self.clear();
        self.start = None;
        self.frame = None;
        self.chess_game = None;
        self.last = None;
    }

    /// Forgets the nodes of the game written or skipped.
    fn clear(&mut self) {
        self.shown.clear();
        self.plies.clear();
        self.fens.clear();
        self.ids.clear();
        self.boards.clear();
        self.var.codes.clear();
        self.diffs.clear();
    }

    /// Writes the page's end: the game list, the fragments and the script.
    ///
    /// # Errors
    ///
    /// The output's.
    pub fn write_tail(&self, out: &mut impl Write) -> io::Result<()> {
        let list = serde_json::to_string(&self.listed).map_err(io::Error::other)?;
        write!(
            out,
            "<script type=\"application/json\" id=\"xpgn-index\">{}</script>\n\
             <script type=\"application/json\" id=\"xpgn-chess\">",
            script_safe(&list),
        )?;
        let mut json = Vec::with_capacity(1 << 16);
        self.write_chess_tables(&mut json);
        json.extend_from_slice(b"</script>\n<script type=\"text/plain\" id=\"xpgn-fragments\">");
        out.write_all(&json)?;
        out.write_all(self.fragments.svg.as_bytes())?;
        out.write_all(b"</script>\n<script type=\"application/json\" id=\"xpgn-boards\">{")?;
        out.write_all(&self.geometry)?;
        out.write_all(b"}")?;
        write!(
            out,
            "</script>\n<script>{}</script>\n</body></html>\n",
            include_str!("viewer.js"),
        )
    }
}

/// A node's arrow as the page writes it: `from * cells + to`, each a cell
/// number (`rank * files + file`, as the changed cells' are), which the
/// script draws from the frame's geometry (`xpgn-boards`); `None` off the
/// grid.
fn arrow_code((from, to): (Square, Square), files: u8, cells: usize) -> Option<u32> {
    let cell = |sq: Square| {
        (sq.file() < files)
            .then(|| usize::from(sq.rank()) * usize::from(files) + usize::from(sq.file()))
            .filter(|&c| c < cells)
    };
    let code = cell(from)?.checked_mul(cells)?.checked_add(cell(to)?)?;
    u32::try_from(code).ok()
}

/// An arena offset (a game's text is held under the reader's limit, far
/// below 4 GiB).
fn offset(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Makes the fragment that starts at `start` in `svg` fit a line of a
/// `<script>` element's text as it is: no newline (the fragments'
/// separator; a space in SVG), no `<!--` and no `</script` (which would end
/// or change the element's text), each `<` of those written `&lt;`. A
/// diagram writes none of them (its text is escaped), so this only looks:
/// with memchr, far cheaper than the JSON string escaping it replaces.
fn script_text_safe(svg: &mut String, start: usize) {
    let Some(tail) = svg.get(start..) else {
        return;
    };
    let bytes = tail.as_bytes();
    let risky = |i: usize| {
        let rest = bytes.get(i + 1..).unwrap_or_default();
        rest.starts_with(b"!--")
            || (rest.first() == Some(&b'/')
                && rest
                    .get(1..7)
                    .is_some_and(|w| w.eq_ignore_ascii_case(b"script")))
    };
    if memchr::memchr(b'\n', bytes).is_none()
        && memchr::memmem::find(bytes, b"<!--").is_none()
        && !memchr::memmem::find_iter(bytes, b"</").any(risky)
    {
        return;
    }
    let mut safe = String::with_capacity(tail.len() + 8);
    for (i, c) in tail.char_indices() {
        match c {
            '\n' => safe.push(' '),
            '<' if risky(i) => safe.push_str("&lt;"),
            _ => safe.push(c),
        }
    }
    svg.truncate(start);
    svg.push_str(&safe);
}

/// JSON that may stand inside a `<script>` element: `</` and `<!--` occur
/// only inside its strings, where they are written with escapes.
fn script_safe(json: &str) -> String {
    json.replace("</", "<\\/").replace("<!--", "<\\u0021--")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fragment never holds a newline, `<!--` or `</script` in any
    /// case, and one without them is kept as it is.
    #[test]
    fn fragments_are_safe_script_text() {
        for (s, want) in [
            ("<svg a=\"b\"></svg>", "<svg a=\"b\"></svg>"),
            ("", ""),
            ("a\nb", "a b"),
            ("x<!-- y --><!-<!", "x&lt;!-- y --><!-<!"),
            (
                "</g></SCRIPT ></Script></scrip",
                "</g>&lt;/SCRIPT >&lt;/Script></scrip",
            ),
            ("é<</script", "é<&lt;/script"),
        ] {
            let mut svg = String::from("kept\n");
            svg.push_str(s);
            script_text_safe(&mut svg, 5);
            assert_eq!(svg, format!("kept\n{want}"), "{s:?}");
        }
    }
}
