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
//! position, the FEN and the board of every ply the verifier plays). FIDE
//! chess and Chess960 boards come as [`ChessBoard`]s read from the
//! bitboards and are compared square by square, their cells' fragments
//! found in flat tables; other games' as [`Picture`]s. A game's data is
//! written by hand into one reused buffer: a page of 10,000 games holds
//! some 800,000 nodes.

use std::collections::HashMap;
use std::io::{self, Write};

use serde::Serialize;

use super::diagram::{Diagram, Layout, escape};
use super::lean::Lean;
use super::records::{Annotation, Arrow, Board, RecordSink};
use crate::diag::{Diagnostic, Span};
use crate::notation::{Event, Flow, GameResult, LineContext, SyntaxProblem, Visitor};
use crate::rules::Variant;
use crate::rules::cells::CellBoard;
use crate::rules::core::{Color, Square};
use crate::rules::picture::{Cell, ChessBoard, Fact, Picture};
use crate::verify::GameReport;

mod cells;
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
    /// The last move's arrow.
    Arrow(Variant, Square, Square),
    /// Whose turn it is and the facts.
    Facts(Variant, Color, Vec<Fact>),
}

/// The SVG fragments of a page and their keys.
#[derive(Debug, Default)]
struct Fragments {
    /// FxHash: a few keys are looked up per ply, and SipHash's resistance
    /// to crafted keys buys nothing here (a key is a drawing).
    ids: HashMap<Key, u32, rustc_hash::FxBuildHasher>,
    svg: Vec<String>,
}

impl Fragments {
    /// A new fragment drawn by `draw`, for a caller that keeps its own
    /// table of what is drawn.
    fn push(&mut self, draw: impl FnOnce(&mut String)) -> u32 {
        let id = u32::try_from(self.svg.len()).unwrap_or(u32::MAX);
        let mut s = String::new();
        draw(&mut s);
        self.svg.push(s);
        id
    }

    /// The id of `key`'s fragment, drawn by `draw` the first time.
    fn id(&mut self, key: Key, draw: impl FnOnce(&mut String)) -> u32 {
        if let Some(&id) = self.ids.get(&key) {
            return id;
        }
        let id = u32::try_from(self.svg.len()).unwrap_or(u32::MAX);
        let mut s = String::new();
        draw(&mut s);
        self.svg.push(s);
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
    /// Its position string in [`ViewSink::fens`]; for a chess board only
    /// the fields after the placement.
    fen: (u32, u32),
    /// For a [`Picture`], where its cells' fragments start in
    /// [`ViewSink::ids`] (one per cell, rank by rank); for a chess board,
    /// its codes' index in [`ViewSink::boards`].
    cells: u32,
    /// A chess board's king in check.
    check: Option<u8>,
}

/// The fragments of FIDE chess and Chess960 boards ([`ChessBoard`]), by
/// what they draw, in flat tables: a ply looks up the squares that changed
/// and hashes nothing.
#[derive(Debug)]
struct ChessIds {
    /// By game (0 chess, 1 Chess960), square, code (16 rows, 13 used) and
    /// check.
    cells: Vec<u32>,
    /// By game, from and to.
    arrows: Vec<u32>,
    /// By game and side to move.
    facts: [u32; 4],
    frames: [u32; 2],
}

impl Default for ChessIds {
    fn default() -> ChessIds {
        ChessIds {
            cells: vec![NONE; 2 * 64 * 16 * 2],
            arrows: vec![NONE; 2 * 64 * 64],
            facts: [NONE; 4],
            frames: [NONE; 2],
        }
    }
}

/// The table row of a chess board's game.
fn chess_slot(board: &ChessBoard) -> usize {
    usize::from(board.variant == Variant::Chess960)
}

/// A chess square (a1 = 0) as a picture's square.
fn chess_square(s: usize) -> Option<Square> {
    let s = u8::try_from(s).ok()?;
    Square::new(s % 8, s / 8)
}

/// A bit for each byte of `x` that is not zero, the lowest byte's first.
fn nonzero_bytes(x: u64) -> u8 {
    const LOW: u64 = 0x0101_0101_0101_0101;
    let mut m = x | (x >> 4);
    m |= m >> 2;
    m |= m >> 1;
    // One bit per byte at its bottom, gathered into the top byte.
    ((m & LOW).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
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
    /// The position strings of the current game's nodes.
    fens: String,
    /// The fragment of every cell of every [`Picture`] node shown.
    ids: Vec<u32>,
    /// The codes of every chess board shown.
    boards: Vec<[u8; 64]>,
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
        let shown = match board {
            Board::Chess(b) => {
                self.start = Some((number, b.turn));
                self.cells = 64;
                self.frame = Some(self.chess_frame(&b));
                // Kept: the fields after the placement, as for every ply.
                let tail = fen.find(' ').map_or(fen.len(), |i| i + 1);
                let kept = self.push_fen(fen.get(tail..).unwrap_or_default());
                self.draw_chess(kept, Some(&fen), &b, None, None)
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
        let Some((id, parent)) = self.lean.last_node() else {
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
        let Some((id, parent)) = self.lean.last_node() else {
            return;
        };
        self.last = None;
        let parent = self
            .shown_at(parent)
            .filter(|_| board.codes.len() == self.cells);
        let shown = self.draw_cells(self.fen, board, arrow, parent);
        self.set_shown(id, shown);
    }

    fn annotate_chess(&mut self, board: &ChessBoard, arrow: Arrow) {
        let Some((id, parent)) = self.lean.last_node() else {
            return;
        };
        let parent = self.shown_at(parent).filter(|_| self.cells == 64);
        self.cells = 64;
        let shown = self.draw_chess(self.fen, None, board, arrow, parent);
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
        self.fragments.id(Key::Frame(picture.variant), |out| {
            diagram.write_open(out, &layout);
            diagram.write_coordinates(out, layout.margin, layout.cell);
        })
    }

    fn chess_frame(&mut self, board: &ChessBoard) -> u32 {
        let slot = chess_slot(board);
        match self.chess.frames.get(slot) {
            Some(&id) if id != NONE => id,
            _ => {
                let id = self.frame_of(&board.picture());
                if let Some(f) = self.chess.frames.get_mut(slot) {
                    *f = id;
                }
                id
            }
        }
    }

    /// Ends a node's page data: its changed cells (`diffs`), arrow and
    /// facts, after the change of its position string.
    fn end_node(&mut self, start: usize, arrow: Option<u32>, facts: u32) -> (u32, u32) {
        let out = &mut self.plies;
        out.extend_from_slice(b"],[");
        for (j, &v) in self.diffs.iter().enumerate() {
            if j > 0 {
                out.push(b',');
            }
            json::number(out, u64::from(v));
        }
        out.extend_from_slice(b"],");
        json::option(out, arrow.map(u64::from));
        out.push(b',');
        json::number(out, u64::from(facts));
        (offset(start), offset(out.len()))
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
        let arrow = arrow.map(|(from, to)| {
            self.fragments.id(Key::Arrow(variant, from, to), |out| {
                diagram.write_arrow(out, &layout);
            })
        });
        let facts = self.fragments.id(
            Key::Facts(variant, picture.turn, picture.facts.clone()),
            |out| diagram.write_facts(out, &layout),
        );
        self.diff(cells as usize, parent.map(|p| p.cells));
        let mut out = std::mem::take(&mut self.plies);
        let start = out.len();
        out.push(b'[');
        let parent_fen = parent.map(|p| p.fen);
        fen::write_change(
            &mut out,
            parent_fen.map(|f| self.fen_of(f)),
            self.fen_of(fen),
        );
        self.plies = out;
        let data = self.end_node(start, arrow, facts);
        Shown {
            data,
            fen,
            cells,
            check: None,
        }
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

    /// [`draw`](Self::draw) for a chess board: the fragments of the
    /// squares whose piece or check changed from `parent`'s board (all 64
    /// without a parent) looked up in flat tables; a picture is built only
    /// to draw what was never drawn. `fen` is the fields after the
    /// placement; `whole`, the start's whole FEN.
    fn draw_chess(
        &mut self,
        fen: (u32, u32),
        whole: Option<&str>,
        board: &ChessBoard,
        arrow: Arrow,
        parent: Option<Shown>,
    ) -> Shown {
        let slot = chess_slot(board);
        let mut picture: Option<Picture> = None;
        let index = self.boards.len();
        self.boards.push(board.codes);
        let prev = parent.and_then(|p| Some((*self.boards.get(p.cells as usize)?, p)));
        // The squares to look up: a bit each.
        let changed = match prev {
            Some((codes, p)) => {
                let mut changed = 0u64;
                for w in 0..8 {
                    let word = |codes: &[u8; 64]| {
                        let mut b = [0u8; 8];
                        b.copy_from_slice(&codes[w * 8..w * 8 + 8]);
                        u64::from_le_bytes(b)
                    };
                    let x = word(&board.codes) ^ word(&codes);
                    changed |= u64::from(nonzero_bytes(x)) << (w * 8);
                }
                if p.check != board.check {
                    for s in [p.check, board.check].into_iter().flatten() {
                        changed |= 1u64.checked_shl(u32::from(s)).unwrap_or(0);
                    }
                }
                changed
            }
            None => u64::MAX,
        };
        self.diffs.clear();
        let mut bits = changed;
        while bits != 0 {
            let s = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let code = board.codes.get(s).copied().unwrap_or(0);
            let check = board.check == Some(s as u8);
            let key = ((slot * 64 + s) * 16 + usize::from(code & 15)) * 2 + usize::from(check);
            let mut id = self.chess.cells.get(key).copied().unwrap_or(NONE);
            if id == NONE {
                let Some(sq) = chess_square(s) else { continue };
                let pic = picture.get_or_insert_with(|| board.picture());
                let diagram = Diagram::new(pic).size(BOARD_PIXELS);
                let layout = diagram.layout();
                id = self
                    .fragments
                    .push(|out| diagram.write_cell(out, &layout, sq));
                if let Some(k) = self.chess.cells.get_mut(key) {
                    *k = id;
                }
            }
            // A changed square's fragment differs from the parent's:
            // another code or check is another key.
            self.diffs.push(offset(s));
            self.diffs.push(id);
        }
        let arrow = arrow.and_then(|(from, to)| {
            let f = usize::from(from.rank()) * 8 + usize::from(from.file());
            let t = usize::from(to.rank()) * 8 + usize::from(to.file());
            let key = (slot * 64 + f % 64) * 64 + t % 64;
            let id = self.chess.arrows.get(key).copied()?;
            if id != NONE {
                return Some(id);
            }
            let pic = picture.get_or_insert_with(|| board.picture());
            let diagram = Diagram::new(pic).size(BOARD_PIXELS).arrow(from, to);
            let layout = diagram.layout();
            let id = self.fragments.push(|out| diagram.write_arrow(out, &layout));
            if let Some(k) = self.chess.arrows.get_mut(key) {
                *k = id;
            }
            Some(id)
        });
        let key = slot * 2 + board.turn.index();
        let mut facts = self.chess.facts.get(key).copied().unwrap_or(NONE);
        if facts == NONE {
            let pic = picture.get_or_insert_with(|| board.picture());
            let diagram = Diagram::new(pic).size(BOARD_PIXELS);
            let layout = diagram.layout();
            facts = self.fragments.push(|out| diagram.write_facts(out, &layout));
            if let Some(k) = self.chess.facts.get_mut(key) {
                *k = facts;
            }
        }
        let mut out = std::mem::take(&mut self.plies);
        let start = out.len();
        out.push(b'[');
        let tail = self.fen_of(fen);
        match (prev, whole) {
            (Some((codes, p)), _) => {
                let parent_tail = self.fen_of(p.fen);
                fen::write_chess_change(&mut out, (&codes, parent_tail), (&board.codes, tail));
            }
            (None, Some(whole)) => fen::write_change(&mut out, None, whole),
            (None, None) => {
                let mut whole = String::new();
                fen::push_chess_fen(&mut whole, &board.codes, tail);
                fen::write_change(&mut out, None, &whole);
            }
        }
        self.plies = out;
        let data = self.end_node(start, arrow, facts);
        Shown {
            data,
            fen,
            cells: offset(index),
            check: board.check,
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
             <script type=\"application/json\" id=\"xpgn-fragments\">",
            script_safe(&list),
        )?;
        let mut json = Vec::with_capacity(1 << 16);
        json.push(b'[');
        for (i, svg) in self.fragments.svg.iter().enumerate() {
            if i > 0 {
                json.push(b',');
            }
            fragment_string(&mut json, svg);
            if json.len() > 1 << 16 {
                out.write_all(&json)?;
                json.clear();
            }
        }
        json.push(b']');
        out.write_all(&json)?;
        write!(
            out,
            "</script>\n<script>{}</script>\n</body></html>\n",
            include_str!("viewer.js"),
        )
    }
}

/// An arena offset (a game's text is held under the reader's limit, far
/// below 4 GiB).
fn offset(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Appends a fragment as a JSON string, as `serde_json` and then
/// [`script_safe`] write it (the fragments table was some tenth of a
/// variants page's instructions that way): `"`, `\\` and controls escaped,
/// `</` written `<\/` and `<!--` written `<\u0021--`.
fn fragment_string(out: &mut Vec<u8>, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    /// The bytes that may need an escape.
    static SPECIAL: [bool; 256] = {
        let mut t = [false; 256];
        let mut i = 0;
        while i < 0x20 {
            t[i] = true;
            i += 1;
        }
        t[b'"' as usize] = true;
        t[b'\\' as usize] = true;
        t[b'<' as usize] = true;
        t
    };
    out.reserve(s.len() + s.len() / 4 + 2);
    out.push(b'"');
    let bytes = s.as_bytes();
    // Byte by byte into the reserved room: an SVG has a quote every few
    // bytes, and a copy call per run cost more than the bytes.
    let mut skip = false;
    for (i, &b) in bytes.iter().enumerate() {
        if !SPECIAL[usize::from(b)] {
            if !skip {
                out.push(b);
            }
            skip = false;
            continue;
        }
        match b {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            0x08 => out.extend_from_slice(b"\\b"),
            0x0c => out.extend_from_slice(b"\\f"),
            0..=0x1f => {
                out.extend_from_slice(b"\\u00");
                out.push(HEX[usize::from(b >> 4)]);
                out.push(HEX[usize::from(b & 15)]);
            }
            // `<\/` for `</`; `<\u0021--` for `<!--`, its `!` skipped.
            b'<' if bytes.get(i + 1) == Some(&b'/') => out.extend_from_slice(b"<\\"),
            b'<' if bytes.get(i + 1..i + 4) == Some(b"!--") => {
                out.extend_from_slice(b"<\\u0021");
                skip = true;
            }
            _ => out.push(b),
        }
    }
    out.push(b'"');
}

/// JSON that may stand inside a `<script>` element: `</` and `<!--` occur
/// only inside its strings, where they are written with escapes.
fn script_safe(json: &str) -> String {
    json.replace("</", "<\\/").replace("<!--", "<\\u0021--")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fragments are written as `serde_json` and `script_safe` wrote them.
    #[test]
    fn fragment_strings_are_serde_s_made_script_safe() {
        for s in [
            "",
            "<svg a=\"b\"></svg>",
            "<!-- x --><!-<!--</</",
            "a\\b\n\r\t\u{8}\u{c}\u{1}\u{1f}\u{7f}é<<//",
            "<",
            "<!",
            "<!-",
            "x<",
        ] {
            let mut out = Vec::new();
            fragment_string(&mut out, s);
            let want = script_safe(&serde_json::to_string(s).expect("a string"));
            assert_eq!(String::from_utf8(out).expect("utf-8"), want, "{s:?}");
        }
    }

    /// The word trick marks exactly the bytes that are not zero.
    #[test]
    fn nonzero_bytes_marks_each_byte() {
        let mut s: u64 = 0x9E37_79B9_7F4A_7C15;
        for i in 0..20_000u64 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let keep = s.rotate_left(17);
            let mut x = s;
            for k in 0..8 {
                if (keep >> k) & 1 == 0 {
                    x &= !(0xff << (8 * k));
                }
            }
            if i % 3 == 0 {
                x = 1 << (i % 64);
            }
            let slow = (0..8).fold(0u8, |m, k| m | (u8::from((x >> (8 * k)) & 0xff != 0) << k));
            assert_eq!(nonzero_bytes(x), slow, "{x:#x}");
        }
    }
}
