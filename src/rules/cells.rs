//! A position as `xpgn view` compares it from ply to ply: one number per
//! cell for what the cell shows (hole, owner, barred mark, piece, check)
//! and the numbers shown beside the board, read from the families' public
//! accessors without building a [`Picture`] (no vector per cell, no
//! string per fact).
//!
//! Two cells of one game with the same code draw the same; the page keeps
//! each code's drawing once. [`CellBoard::picture`] turns the codes back
//! into the [`Picture`] that [`Picture::of`] draws of the position (a test
//! holds every position of random games of every game to it), so a cell
//! never drawn before is drawn by the general code.
//!
//! PASGL's stacks (several critters with their states on one cell) have no
//! fixed-size code: its positions stay [`Picture`]s.

use super::Variant;
use super::core::{self, Color, Geometry, Square};
use super::family::{AnyPosition, GamePosition};
use super::lichess::LichessPosition;
use super::picture::{Fact, LICHESS_NAMES, Mark, Picture, Shape, Token, core_token};
use super::squares::{Reserve, SquaresPosition};

/// A cell that is no square (a hole of the squares family, a gap in a
/// defined game's board).
const HOLE: u32 = 1 << 31;
/// The squares family's barred mark (N7).
const BARRED: u32 = 1 << 30;
/// The square's owner: White's bit, Black's is the next.
const OWNER: u32 = 1 << 28;
/// The king in check stands here.
pub const CHECK: u32 = 1 << 27;
/// The piece, when there is one: `1 + colour + 2 * role` in the low bits.
const PIECE: u32 = 0xffff;

/// The numbers beside the board: at most Crazyhouse's two pockets of five.
pub type Numbers = [u32; 10];

/// Which family's accessors filled a board, and so how its codes and
/// numbers read.
#[derive(Clone, Copy)]
enum Family {
    Core(&'static core::GameRules),
    Squares(&'static core::GameRules),
    Lichess,
}

/// A position of any game but FIDE chess, Chess960 (a
/// [`super::picture::ChessBoard`]) and PASGL, as codes.
#[derive(Clone)]
pub struct CellBoard {
    family: Family,
    /// The game.
    pub variant: Variant,
    /// Files and ranks of the grid.
    pub files: u8,
    /// Ranks of the grid.
    pub ranks: u8,
    /// A code per cell, rank by rank from White's side as
    /// [`Picture::cells`]; the king in check has [`CHECK`] set.
    pub codes: Vec<u32>,
    /// The side to move.
    pub turn: Color,
    /// The numbers shown beside the board (reserves, pockets, checks to
    /// give, promotions made), by family; zero where a game shows none.
    pub numbers: Numbers,
}

impl std::fmt::Debug for CellBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CellBoard")
            .field("variant", &self.variant)
            .field("codes", &self.codes)
            .field("turn", &self.turn)
            .field("numbers", &self.numbers)
            .finish_non_exhaustive()
    }
}

fn piece_code(color: Color, role: usize) -> u32 {
    let code = 1 + color.index() + 2 * role;
    u32::try_from(code).unwrap_or(PIECE).min(PIECE)
}

impl CellBoard {
    /// A board of nothing, to be filled ([`fill`](Self::fill)).
    pub fn empty() -> CellBoard {
        CellBoard {
            family: Family::Lichess,
            variant: Variant::Chess,
            files: 0,
            ranks: 0,
            codes: Vec::new(),
            turn: Color::White,
            numbers: [0; 10],
        }
    }

    /// Makes this the board of `pos`, reusing its buffer; false (and the
    /// board left meaningless) for a position drawn as a [`Picture`]
    /// (PASGL).
    pub fn fill(&mut self, pos: &AnyPosition) -> bool {
        self.variant = pos.variant();
        self.numbers = [0; 10];
        self.codes.clear();
        if let Some(p) = pos.as_squares() {
            self.fill_squares(p);
            return true;
        }
        if let Some(p) = pos.as_lichess() {
            self.fill_lichess(p);
            return true;
        }
        match pos {
            AnyPosition::Core(p) => self.fill_core(p),
            AnyPosition::Fide(_) => match pos.to_core() {
                Some(p) => self.fill_core(&p),
                None => return false,
            },
            _ => return false,
        }
        true
    }

    fn squares(&self) -> impl Iterator<Item = Option<Square>> + use<> {
        let (files, ranks) = (self.files, self.ranks);
        (0..ranks).flat_map(move |r| (0..files).map(move |f| Square::new(f, r)))
    }

    fn set_check(&mut self, king: Option<Square>) {
        let Some(k) = king.filter(|k| k.file() < self.files && k.rank() < self.ranks) else {
            return;
        };
        let i = usize::from(k.rank()) * usize::from(self.files) + usize::from(k.file());
        if let Some(c) = self.codes.get_mut(i) {
            *c |= CHECK;
        }
    }

    fn fill_core(&mut self, p: &core::Position) {
        let rules = p.rules();
        let g = &rules.geometry;
        self.family = Family::Core(rules);
        (self.files, self.ranks, self.turn) = (g.files(), g.ranks(), p.turn());
        for sq in self.squares() {
            let code = match sq {
                Some(sq) if !g.contains(sq) => HOLE,
                Some(sq) => p
                    .piece_at(sq)
                    .map_or(0, |pc| piece_code(pc.color, pc.role.index())),
                None => 0,
            };
            self.codes.push(code);
        }
        if p.is_check() {
            self.set_check(p.king(p.turn()));
        }
        if rules.guard.is_some() {
            self.numbers[0] = u32::from(p.promotions(Color::White));
            self.numbers[1] = u32::from(p.promotions(Color::Black));
        }
    }

    fn fill_squares(&mut self, p: &SquaresPosition) {
        let rules = p.rules();
        let g = &rules.geometry;
        self.family = Family::Squares(rules);
        (self.files, self.ranks, self.turn) = (g.files(), g.ranks(), p.side_to_move());
        let barred = p.barred();
        for sq in self.squares() {
            let Some(sq) = sq else {
                self.codes.push(0);
                continue;
            };
            let mut code = p
                .piece_at(sq)
                .map_or(0, |pc| piece_code(pc.color, pc.role.index()));
            if !p.has_square(sq) {
                code |= HOLE;
            }
            code |= match p.owner(sq) {
                Some(Color::White) => OWNER,
                Some(Color::Black) => OWNER << 1,
                None => 0,
            };
            if barred.contains(sq) {
                code |= BARRED;
            }
            self.codes.push(code);
        }
        if p.in_check() {
            self.set_check(p.king(p.side_to_move()));
        }
        for (i, c) in [Color::White, Color::Black].into_iter().enumerate() {
            self.numbers[i] = match p.reserve(c) {
                Reserve::Finite(n) => u32::from(n),
                Reserve::Unlimited => u32::MAX,
            };
        }
    }

    fn fill_lichess(&mut self, p: &LichessPosition) {
        self.family = Family::Lichess;
        (self.files, self.ranks, self.turn) = (8, 8, p.turn());
        let check = p.is_check();
        self.codes.resize(64, 0);
        let turn = self.turn;
        let mut king = None;
        let codes = &mut self.codes;
        p.each_piece(|s, color, role| {
            // The picture marks the last king of the side to move.
            if check && role == 5 && color == turn {
                king = king.max(Some(s));
            }
            if let Some(c) = codes.get_mut(s) {
                *c = piece_code(color, role);
            }
        });
        if let Some(c) = king.and_then(|s| self.codes.get_mut(s)) {
            *c |= CHECK;
        }
        match self.variant {
            Variant::Crazyhouse => {
                for (i, c) in [Color::White, Color::Black].into_iter().enumerate() {
                    for role in 0..5 {
                        self.numbers[i * 5 + role] = u32::from(p.pocket(c, role));
                    }
                }
            }
            Variant::ThreeCheck => {
                self.numbers[0] = u32::from(p.checks_left(Color::White));
                self.numbers[1] = u32::from(p.checks_left(Color::Black));
            }
            _ => {}
        }
    }

    /// The picture of this board, as [`Picture::of`] draws the position
    /// but for the Squirrel guard's zone (which `view` does not draw).
    pub fn picture(&self) -> Picture {
        let mut pic = self.blank();
        for i in 0..self.codes.len() {
            self.draw_cell(&mut pic, i);
        }
        pic.facts = self.facts();
        pic
    }

    /// The picture of this board's grid with nothing on it, no check and
    /// no facts, as [`draw_cell`](Self::draw_cell) fills it.
    pub fn blank(&self) -> Picture {
        let mut pic = Picture::empty();
        let geometry = match self.family {
            Family::Core(r) | Family::Squares(r) => r.geometry.clone(),
            Family::Lichess => Geometry::rectangle(8, 8),
        };
        pic.reset(self.variant, &geometry, self.turn);
        pic
    }

    /// Puts what cell `i` shows into `pic`, a picture of this board's grid
    /// whose cell `i` is still blank: the cell, and the check when the
    /// king in check stands there.
    pub fn draw_cell(&self, pic: &mut Picture, i: usize) {
        let (Some(&code), Some(files)) =
            (self.codes.get(i), usize::from(self.files).checked_sub(1))
        else {
            return;
        };
        let files = files + 1;
        let Some(sq) = u8::try_from(i % files)
            .ok()
            .zip(u8::try_from(i / files).ok())
            .and_then(|(f, r)| Square::new(f, r))
        else {
            return;
        };
        let rules = match self.family {
            Family::Core(r) | Family::Squares(r) => Some(r),
            Family::Lichess => None,
        };
        let piece = (code & PIECE).checked_sub(1).map(|c| {
            let color = if c % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            (color, (c / 2) as usize)
        });
        let token = piece.and_then(|(color, role)| match rules {
            Some(r) => core_token(
                r,
                core::Piece {
                    color,
                    role: core::Role::new(u8::try_from(role).ok()?)?,
                },
            ),
            None => {
                let &(letter, name) = LICHESS_NAMES.get(role)?;
                Some(Token {
                    shape: Shape::Chessman,
                    color,
                    letter,
                    name,
                    states: Vec::new(),
                })
            }
        });
        if code & CHECK != 0 {
            pic.check = Some(sq);
        }
        let family = self.family;
        let Some(cell) = pic.cell_mut(sq) else {
            return;
        };
        if code & HOLE != 0 {
            cell.hole = true;
            if matches!(family, Family::Core(_)) {
                cell.outside = false;
            }
        }
        if code & OWNER != 0 {
            cell.owner = Some(Color::White);
        } else if code & (OWNER << 1) != 0 {
            cell.owner = Some(Color::Black);
        }
        if code & BARRED != 0 {
            cell.marks.push(Mark::Barred);
        }
        if let Some(token) = token {
            cell.tokens.push(token);
        }
    }

    /// What the picture shows beside the board.
    pub fn facts(&self) -> Vec<Fact> {
        let fact = |label, white: String, black: String| Fact {
            label,
            white,
            black,
        };
        let [w, b, ..] = self.numbers;
        match self.family {
            Family::Core(r) if r.guard.is_some() => {
                vec![fact("promotions", w.to_string(), b.to_string())]
            }
            Family::Core(_) => Vec::new(),
            Family::Squares(_) => {
                let reserve = |n: u32| {
                    if n == u32::MAX {
                        "unlimited".to_owned()
                    } else {
                        n.to_string()
                    }
                };
                vec![fact("reserve", reserve(w), reserve(b))]
            }
            Family::Lichess => match self.variant {
                Variant::Crazyhouse => {
                    let pocket = |side: &[u32]| {
                        let held: Vec<String> = LICHESS_NAMES[..5]
                            .iter()
                            .zip(side)
                            .filter(|&(_, &n)| n > 0)
                            .map(|((letter, _), n)| format!("{letter}{n}"))
                            .collect();
                        if held.is_empty() {
                            "-".to_owned()
                        } else {
                            held.join(" ")
                        }
                    };
                    let (white, black) = self.numbers.split_at(5);
                    vec![fact("pocket", pocket(white), pocket(black))]
                }
                Variant::ThreeCheck => {
                    vec![fact("checks to give", w.to_string(), b.to_string())]
                }
                _ => Vec::new(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::playout::{PlayoutOptions, playout};

    /// Every position of random games of every game but PASGL (chess
    /// and Chess960 too, though `view` draws them from the bitboards): the codes' picture is the position's (the zone aside),
    /// one reused board going from game to game.
    #[test]
    fn a_cell_board_s_picture_equals_the_position_s() {
        let mut board = CellBoard::empty();
        let mut seen = 0;
        let mut checks = 0;
        for variant in Variant::ALL {
            for seed in 0..3 {
                let game =
                    playout(variant, &PlayoutOptions::default(), seed, 120).expect("playout");
                for pos in game.positions() {
                    let filled = board.fill(&pos);
                    assert_eq!(filled, variant != Variant::Pasgl312, "{variant}");
                    if !filled {
                        continue;
                    }
                    let mut want = Picture::of(&pos);
                    want.zone.clear();
                    assert_eq!(board.picture(), want, "{variant}: {}", pos.fen());
                    checks += usize::from(want.check.is_some());
                    seen += 1;
                }
            }
        }
        assert!(
            seen > 2000 && checks > 20,
            "{seen} positions, {checks} checks"
        );
    }
}
