//! The page data of every game but chess and Chess960, from
//! [`CellBoard`]s: a ply's codes are compared with its parent's, and only
//! the changed cells' fragments are looked up, by code; only a cell, arrow
//! or facts panel never drawn before is drawn, on the game's blank grid. The
//! fragments are the ones [`ViewSink::draw`] draws from the position's
//! [`Picture`] (a test compares whole pages).

use std::collections::HashMap;

use super::{BOARD_PIXELS, Key, NONE, Shown, ViewSink, offset};
use crate::export::diagram::Diagram;
use crate::export::records::Arrow;
use crate::rules::Variant;
use crate::rules::cells::{CellBoard, Numbers};
use crate::rules::core::Color;
use crate::rules::picture::Picture;

/// The fragments of [`CellBoard`] cells and facts by code, and the codes of
/// the current game's boards.
#[derive(Debug, Default)]
pub(super) struct CellIds {
    /// By game, cell and code (FxHash: looked up only for changed cells,
    /// and a key is a drawing, not an attacker's choice).
    cells: HashMap<(Variant, u32, u32), u32, rustc_hash::FxBuildHasher>,
    /// By game, side to move and numbers.
    facts: HashMap<(Variant, Color, Numbers), u32, rustc_hash::FxBuildHasher>,
    /// Each game's blank grid and a copy to draw one cell or panel on,
    /// cleaned after each drawing (no whole picture built a ply).
    /// (A page holds a few games: a list, searched.)
    blanks: Vec<(Variant, Picture, Picture)>,
    /// The codes of every board of the current game, one after the other
    /// (a node's [`Shown::cells`] is where its codes start).
    pub(super) codes: Vec<u32>,
}

impl ViewSink {
    /// The page data of a node whose board is `board` (the start's when
    /// `parent` is `None`): as [`draw`](Self::draw) writes it.
    pub(super) fn draw_cells(
        &mut self,
        fen: (u32, u32),
        board: &CellBoard,
        arrow: Arrow,
        parent: Option<Shown>,
    ) -> Shown {
        let variant = board.variant;
        let at = self.var.codes.len();
        let n = board.codes.len();
        self.var.codes.extend_from_slice(&board.codes);
        let prev = parent.map(|p| p.cells as usize).filter(|&p| p + n <= at);
        self.cells = n;
        self.diffs.clear();
        let mut blanks = std::mem::take(&mut self.var.blanks);
        let k = match blanks.iter().position(|b| b.0 == variant) {
            Some(k) => k,
            None => {
                let blank = board.blank();
                blanks.push((variant, blank.clone(), blank));
                blanks.len() - 1
            }
        };
        let Some((_, blank, work)) = blanks.get_mut(k) else {
            return Shown {
                data: (0, 0),
                fen,
                cells: offset(at),
            };
        };
        for (i, &code) in board.codes.iter().enumerate() {
            // An uncoded cell (a big PASGL stack) is drawn and listed every
            // ply: its code says nothing about what it holds.
            let shared = CellBoard::shared(code);
            if shared
                && let Some(p) = prev
                && self.var.codes.get(p + i) == Some(&code)
            {
                continue;
            }
            let key = (variant, offset(i), code);
            let id = match self.var.cells.get(&key).filter(|_| shared) {
                Some(&id) => id,
                None => {
                    let files = usize::from(work.files.max(1));
                    let sq = u8::try_from(i % files)
                        .ok()
                        .zip(u8::try_from(i / files).ok())
                        .and_then(|(f, r)| crate::rules::core::Square::new(f, r));
                    let Some(sq) = sq else { continue };
                    board.draw_cell(work, i);
                    let check = work.check == Some(sq);
                    let diagram = Diagram::new(work).size(BOARD_PIXELS);
                    let layout = diagram.layout();
                    let cell = work.cells.get(i).cloned().unwrap_or_default();
                    // The general path's table too, so that both find
                    // one drawing once.
                    let id = self
                        .fragments
                        .id(Key::Cell(variant, sq, cell, check), |out| {
                            diagram.write_cell(out, &layout, sq);
                        });
                    if let (Some(c), Some(b)) = (work.cells.get_mut(i), blank.cells.get(i)) {
                        c.clone_from(b);
                    }
                    work.check = None;
                    if shared {
                        self.var.cells.insert(key, id);
                    }
                    id
                }
            };
            if id != NONE {
                self.diffs.push(offset(i));
                self.diffs.push(id);
            }
        }
        let arrow = arrow.and_then(|a| super::arrow_code(a, work.files, n));
        let fkey = (variant, board.turn, board.numbers);
        let facts = match self.var.facts.get(&fkey) {
            Some(&id) => id,
            None => {
                work.turn = board.turn;
                work.facts = board.facts();
                let diagram = Diagram::new(work).size(BOARD_PIXELS);
                let layout = diagram.layout();
                let id = self
                    .fragments
                    .id(Key::Facts(variant, work.turn, work.facts.clone()), |out| {
                        diagram.write_facts(out, &layout)
                    });
                work.facts.clear();
                self.var.facts.insert(fkey, id);
                id
            }
        };
        self.var.blanks = blanks;
        let data = self.node_data(fen, parent.map(|p| p.fen), arrow, facts);
        Shown {
            data,
            fen,
            cells: offset(at),
        }
    }
}
