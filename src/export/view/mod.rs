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
//! The data comes from the verifier's single pass ([`ViewSink`] is the
//! record builder fed by [`crate::export::records::Tee`], with the start
//! position, the FEN and the picture of every ply it plays).

use std::collections::HashMap;
use std::io::{self, Write};

use serde::Serialize;

use super::diagram::{Diagram, Layout, escape};
use super::records::{Annotation, Arrow, RecordSink};
use crate::diag::{Diagnostic, Span};
use crate::notation::{Event, Flow, GameResult, LineContext, SyntaxProblem, Visitor};
use crate::record::{Builder, Game};
use crate::rules::Variant;
use crate::rules::core::{Color, Square};
use crate::rules::picture::{Cell, Fact, Picture};
use crate::verify::GameReport;

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

/// What a replayed node shows.
#[derive(Debug, Default)]
struct Shown {
    fen: String,
    /// The fragment of every cell, rank by rank.
    cells: Vec<u32>,
    arrow: Option<u32>,
    facts: u32,
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

/// A game's data on the page.
#[derive(Debug, Serialize)]
struct GameData<'a> {
    n: u64,
    file: &'a str,
    variant: &'a str,
    /// The board frame's fragment.
    frame: Option<u32>,
    tags: &'a [(String, String)],
    result: Option<&'static str>,
    comments: Vec<&'a str>,
    after: Vec<&'a str>,
    /// The move number of the first move and whether Black makes it.
    number: u32,
    black_first: bool,
    skipped: Option<&'a str>,
    nodes: Vec<NodeData<'a>>,
    diags: Vec<DiagData<'a>>,
}

/// A node, the root (the start position) or a move, as an array (the
/// page holds one per ply, so no field names): how far back its parent is
/// (0 for the root), the move (canonical, or as written when it was not
/// replayed), whether it was replayed, its NAGs, comments before and
/// after, its position string as a change of the parent's (`[bytes kept
/// at the start, bytes kept at the end, what is between]`), the cells that
/// differ from the parent's board (`cell, fragment, cell, fragment, ...`),
/// the arrow's fragment and the facts' fragment.
#[derive(Debug, Serialize)]
struct NodeData<'a>(
    usize,
    &'a str,
    bool,
    &'a [u8],
    Vec<&'a str>,
    Vec<&'a str>,
    Option<(usize, usize, &'a str)>,
    Vec<u32>,
    Option<u32>,
    Option<u32>,
);

/// `fen` as a change of `parent`'s: the bytes both start with, the bytes
/// both end with, and what is between in `fen` (the whole string when
/// either is not ASCII, so that offsets are the same in the page's script).
fn fen_change<'a>(parent: Option<&str>, fen: &'a str) -> (usize, usize, &'a str) {
    let Some(parent) = parent.filter(|p| p.is_ascii() && fen.is_ascii()) else {
        return (0, 0, fen);
    };
    let (a, b) = (parent.as_bytes(), fen.as_bytes());
    let pre = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let room = a.len().min(b.len()) - pre;
    let suf = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take(room)
        .take_while(|(x, y)| x == y)
        .count();
    (pre, suf, fen.get(pre..b.len() - suf).unwrap_or(fen))
}

/// A diagnostic on its node.
#[derive(Debug, Serialize)]
struct DiagData<'a> {
    sev: &'static str,
    code: &'static str,
    msg: &'a str,
    node: usize,
    line: Option<u32>,
    col: Option<u32>,
    label: Option<&'a str>,
    rule: Option<&'a str>,
    help: &'a [String],
}

/// The record builder of `xpgn view` and its page: builds each game's
/// record while the verifier replays it, keeps the position string and the
/// board of every node it played, and writes the page.
#[derive(Debug)]
pub struct ViewSink {
    builder: Builder,
    fragments: Fragments,
    /// The current game's first move number and side to move.
    start: Option<(u32, Color)>,
    /// What each node of the current game shows, by node index (the root,
    /// 0, is the start position).
    shown: Vec<Option<Shown>>,
    /// The last picture drawn and its node, to find changed cells by
    /// comparing (the parent is almost always the last node).
    last: Option<(usize, Picture)>,
    /// The FEN of the last move annotated, until its picture comes.
    fen: String,
    frame: Option<u32>,
    listed: Vec<Listed>,
}

impl Visitor for ViewSink {
    fn event(&mut self, event: Event<'_>, span: Span, line: &LineContext<'_>) -> Flow {
        self.builder.event(event, span, line)
    }

    fn problem(&mut self, problem: &SyntaxProblem, span: Span, line: &LineContext<'_>) -> Flow {
        self.builder.problem(problem, span, line)
    }
}

impl RecordSink for ViewSink {
    fn annotate_last(&mut self, a: Annotation<'_>) {
        self.builder
            .annotate_last(a.san.map(str::to_owned), a.lan.map(str::to_owned), None);
        self.fen.clear();
        self.fen.push_str(a.fen.unwrap_or_default());
    }

    fn set_result(&mut self, result: GameResult) {
        self.builder.set_result(result);
    }

    fn annotate_start(&mut self, fen: String, picture: Picture, number: u32) {
        self.start = Some((number, picture.turn));
        self.frame = Some(self.frame_of(&picture));
        let shown = self.draw(fen, &picture, None, None);
        self.shown.clear();
        self.shown.push(Some(shown));
        self.last = Some((Game::ROOT, picture));
    }

    fn annotate_picture(&mut self, picture: Picture, arrow: Arrow) -> Option<Picture> {
        let Some((id, parent)) = self.builder.last_node() else {
            return Some(picture);
        };
        let last = self.last.take().filter(|(node, _)| *node == parent);
        let parent_cells = self
            .shown
            .get_mut(parent)
            .and_then(Option::as_mut)
            .map(|s| std::mem::take(&mut s.cells));
        let fen = std::mem::take(&mut self.fen);
        let before = match (&parent_cells, &last) {
            (Some(cells), Some((_, p))) => Some((cells.as_slice(), p)),
            _ => None,
        };
        let shown = self.draw(fen, &picture, arrow, before);
        if let (Some(cells), Some(Some(s))) = (parent_cells, self.shown.get_mut(parent)) {
            s.cells = cells;
        }
        if self.shown.len() <= id {
            self.shown.resize_with(id + 1, || None);
        }
        if let Some(slot) = self.shown.get_mut(id) {
            *slot = Some(shown);
        }
        // The parent's picture, if it was the last, is drawn again later.
        let spare = last.map(|(_, p)| p);
        self.last = Some((id, picture));
        spare
    }
}

impl ViewSink {
    /// A page builder whose records hold at most `max_size` bytes of one
    /// game's text (see [`Builder::new`]).
    pub fn new(max_size: u64) -> ViewSink {
        ViewSink {
            builder: Builder::new(max_size),
            fragments: Fragments::default(),
            start: None,
            shown: Vec::new(),
            last: None,
            fen: String::new(),
            frame: None,
            listed: Vec::new(),
        }
    }

    /// Games written so far.
    pub fn games(&self) -> usize {
        self.listed.len()
    }

    fn frame_of(&mut self, picture: &Picture) -> u32 {
        let diagram = Diagram::new(picture).size(BOARD_PIXELS);
        let layout = diagram.layout();
        self.fragments.id(Key::Frame(picture.variant), |out| {
            diagram.write_open(out, &layout);
            diagram.write_coordinates(out, layout.margin, layout.cell);
        })
    }

    /// The fragments of `picture`, reusing `before`'s (the parent's cell
    /// fragments and picture) for the cells that did not change.
    fn draw(
        &mut self,
        fen: String,
        picture: &Picture,
        arrow: Arrow,
        before: Option<(&[u32], &Picture)>,
    ) -> Shown {
        let variant = picture.variant;
        let mut diagram = Diagram::new(picture).size(BOARD_PIXELS);
        if let Some((from, to)) = arrow {
            diagram = diagram.arrow(from, to);
        }
        let layout: Layout = diagram.layout();
        let files = usize::from(picture.files.max(1));
        let mut cells = Vec::with_capacity(picture.cells.len());
        for (i, cell) in picture.cells.iter().enumerate() {
            let Some(sq) = u8::try_from(i % files)
                .ok()
                .zip(u8::try_from(i / files).ok())
                .and_then(|(f, r)| Square::new(f, r))
            else {
                continue;
            };
            let check = picture.check == Some(sq);
            if let Some((ids, prev)) = before
                && prev.cells.get(i) == Some(cell)
                && (prev.check == Some(sq)) == check
                && let Some(&id) = ids.get(i)
            {
                cells.push(id);
                continue;
            }
            let id = self
                .fragments
                .id(Key::Cell(variant, sq, cell.clone(), check), |out| {
                    diagram.write_cell(out, &layout, sq);
                });
            cells.push(id);
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
        Shown {
            fen,
            cells,
            arrow,
            facts,
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

    /// Writes the game the builder finished last, if any, with its report
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
        let Some(game) = self.builder.take() else {
            return Ok(false);
        };
        let shown = std::mem::take(&mut self.shown);
        let start = self.start.take();
        let frame = self.frame.take();
        self.last = None;
        let variant = match report.and_then(|r| r.variant) {
            Some(v) => v.name().to_owned(),
            None => game.tag("Variant").unwrap_or("Chess").to_owned(),
        };
        let variant = variant.as_str();
        let data = game_data(
            &game,
            &shown,
            start,
            frame,
            n,
            file,
            variant,
            report,
            diagnostics,
        );
        let json = serde_json::to_string(&data).map_err(io::Error::other)?;
        write!(
            out,
            "<script type=\"application/json\" class=\"xpgn-game\" id=\"xpgn-game-{}\">",
            self.listed.len()
        )?;
        out.write_all(script_safe(&json).as_bytes())?;
        out.write_all(b"</script>\n")?;
        let tag = |name: &str| game.tag(name).unwrap_or_default().to_owned();
        self.listed.push(Listed {
            n,
            white: tag("White"),
            black: tag("Black"),
            event: tag("Event"),
            date: tag("Date"),
            result: game
                .result
                .map_or_else(|| tag("Result"), |r| r.as_str().to_owned()),
            variant: variant.to_owned(),
            errors: report.map_or(0, |r| r.errors),
            warnings: report.map_or(0, |r| r.warnings),
        });
        Ok(true)
    }

    /// Drops the game the builder finished last: it is not on the page.
    pub fn skip_game(&mut self) {
        let _ = self.builder.take();
        self.shown.clear();
        self.start = None;
        self.frame = None;
        self.last = None;
    }

    /// Writes the page's end: the game list, the fragments and the script.
    ///
    /// # Errors
    ///
    /// The output's.
    pub fn write_tail(&self, out: &mut impl Write) -> io::Result<()> {
        let list = serde_json::to_string(&self.listed).map_err(io::Error::other)?;
        let fragments = serde_json::to_string(&self.fragments.svg).map_err(io::Error::other)?;
        write!(
            out,
            "<script type=\"application/json\" id=\"xpgn-index\">{}</script>\n\
             <script type=\"application/json\" id=\"xpgn-fragments\">{}</script>\n\
             <script>{}</script>\n</body></html>\n",
            script_safe(&list),
            script_safe(&fragments),
            include_str!("viewer.js"),
        )
    }
}

/// A game's page data.
#[allow(clippy::too_many_arguments)]
fn game_data<'a>(
    game: &'a Game,
    shown: &'a [Option<Shown>],
    start: Option<(u32, Color)>,
    frame: Option<u32>,
    n: u64,
    file: &'a str,
    variant: &'a str,
    report: Option<&'a GameReport>,
    diagnostics: &'a [Diagnostic],
) -> GameData<'a> {
    let texts = |c: &'a [crate::record::Comment]| c.iter().map(|c| c.text.as_str()).collect();
    let shown_of = |i: usize| shown.get(i).and_then(Option::as_ref);
    let nodes = game
        .nodes
        .iter()
        .enumerate()
        .map(|(i, node)| {
            let parent = if i == Game::ROOT {
                None
            } else {
                Some(game.parent_of(i))
            };
            let here = shown_of(i);
            let before = parent.and_then(shown_of);
            let d = match (here, before) {
                (Some(h), Some(p)) => h
                    .cells
                    .iter()
                    .enumerate()
                    .filter(|&(c, id)| p.cells.get(c) != Some(id))
                    .flat_map(|(c, &id)| [u32::try_from(c).unwrap_or(u32::MAX), id])
                    .collect(),
                (Some(h), None) => h
                    .cells
                    .iter()
                    .enumerate()
                    .flat_map(|(c, &id)| [u32::try_from(c).unwrap_or(u32::MAX), id])
                    .collect(),
                (None, _) => Vec::new(),
            };
            NodeData(
                parent.map_or(0, |p| i - p),
                node.san.as_deref().unwrap_or(&node.written),
                here.is_some(),
                &node.nags,
                texts(&node.comments_before),
                texts(&node.comments_after),
                here.map(|h| fen_change(before.map(|b| b.fen.as_str()), &h.fen)),
                d,
                here.and_then(|s| s.arrow),
                here.map(|s| s.facts),
            )
        })
        .collect();
    let moves = game.nodes.get(1..).unwrap_or_default();
    let diags = diagnostics
        .iter()
        .map(|d| {
            let node = d.span.map_or(Game::ROOT, |span| {
                let k = moves.partition_point(|n| n.span.start <= span.start);
                match k.checked_sub(1).and_then(|j| moves.get(j)) {
                    Some(m) if span.start < m.span.end.max(m.span.start + 1) => k,
                    _ => Game::ROOT,
                }
            });
            DiagData {
                sev: d.severity.as_str(),
                code: d.code.as_str(),
                msg: &d.message,
                node,
                line: d.span.map(|s| s.line),
                col: d.span.map(|s| s.column),
                label: d.label.as_deref(),
                rule: d.rule.as_deref(),
                help: &d.help,
            }
        })
        .collect();
    let (number, first) = start.unwrap_or((1, Color::White));
    GameData {
        n,
        file,
        variant,
        frame,
        tags: &game.tags,
        result: game.result.map(|r| r.as_str()),
        comments: texts(&game.comments),
        after: texts(&game.comments_after_result),
        number,
        black_first: first == Color::Black,
        skipped: report.and_then(|r| r.skipped.as_deref()),
        nodes,
        diags,
    }
}

/// JSON that may stand inside a `<script>` element: `</` and `<!--` occur
/// only inside its strings, where they are written with escapes.
fn script_safe(json: &str) -> String {
    json.replace("</", "<\\/").replace("<!--", "<\\u0021--")
}
