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
//! PASGL's cells hold stacks (several critters with their states) and the
//! Train's cars: a cell of up to three critters packs into its code (see
//! `pasgl_code`); a bigger stack gets [`UNCODED`], which never counts as
//! equal to another code, and its tokens are kept beside the codes.

use super::Variant;
use super::core::{self, Color, Geometry, Square};
use super::family::{AnyPosition, GamePosition};
use super::lichess::LichessPosition;
use super::pasgl;
use super::picture::{Fact, LICHESS_NAMES, Mark, Picture, Shape, Token, core_token, critter_token};
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

/// A PASGL cell too full to pack into a code (more than three critters):
/// two cells with this code may differ, so it is never compared nor
/// looked up as a drawing ([`CellBoard::shared`]).
pub const UNCODED: u32 = u32::MAX;
/// A PASGL critter in a code: 9 bits (kind + 1, colour, lunch, stinky,
/// transit), up to three of them from bit 0, in arrival order.
const CRITTER_BITS: u32 = 9;
/// PASGL's Train car on the cell: head 1, tail 2, at bit 28.
const CAR_SHIFT: u32 = 28;
/// How many of the cell's critters (the last ones) ride the car, at bit 30.
const RIDERS_SHIFT: u32 = 30;

/// The numbers beside the board: at most Crazyhouse's two pockets of five.
pub type Numbers = [u32; 10];

/// Which family's accessors filled a board, and so how its codes and
/// numbers read.
#[derive(Clone, Copy)]
enum Family {
    Core(&'static core::GameRules),
    Squares(&'static core::GameRules),
    Lichess,
    Pasgl,
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
    /// PASGL's cells whose code is [`UNCODED`], with their car's mark and
    /// their tokens (a stack this big is rare: a vector each is fine).
    uncoded: Vec<(usize, Option<Mark>, Vec<Token>)>,
    /// The core family's empty board of the last game filled, by rules.
    template: Option<(&'static core::GameRules, Vec<u32>)>,
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
            uncoded: Vec::new(),
            template: None,
        }
    }

    /// Makes this the board of `pos`, reusing its buffer; false (and the
    /// board left meaningless) for a position of no known family.
    pub fn fill(&mut self, pos: &AnyPosition) -> bool {
        self.variant = pos.variant();
        self.numbers = [0; 10];
        self.codes.clear();
        self.uncoded.clear();
        if let Some(p) = pos.as_pasgl() {
            self.fill_pasgl(p);
            return true;
        }
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
        // The empty board's codes once a game (its holes), then only the
        // occupied squares read: most of a 12x12 board is empty.
        if !self
            .template
            .as_ref()
            .is_some_and(|(r, _)| std::ptr::eq(*r, rules))
        {
            let empty = self
                .squares()
                .map(|sq| match sq {
                    Some(sq) if !g.contains(sq) => HOLE,
                    _ => 0,
                })
                .collect();
            self.template = Some((rules, empty));
        }
        if let Some((_, empty)) = &self.template {
            self.codes.extend_from_slice(empty);
        }
        let files = usize::from(self.files);
        for sq in p.occupied() {
            let i = usize::from(sq.rank()) * files + usize::from(sq.file());
            if let (Some(c), Some(pc)) = (self.codes.get_mut(i), p.piece_at(sq))
                && *c == 0
                && sq.file() < self.files
            {
                *c = piece_code(pc.color, pc.role.index());
            }
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

    fn fill_pasgl(&mut self, p: &pasgl::Position) {
        self.family = Family::Pasgl;
        let g = pasgl::geometry();
        (self.files, self.ranks, self.turn) = (g.files(), g.ranks(), p.side_to_move());
        let n = usize::from(self.files) * usize::from(self.ranks);
        self.codes.resize(n, 0);
        let files = usize::from(self.files);
        let index = move |sq: Square| usize::from(sq.rank()) * files + usize::from(sq.file());
        for (sq, stack) in p.occupied() {
            if let Some(c) = self.codes.get_mut(index(sq)) {
                *c = pasgl_code(stack, &[], 0);
            }
        }
        let (head, tail) = p.train();
        let [head_riders, tail_riders] = p.riders();
        for (sq, car, mark, riders) in [
            (head, 1, Mark::TrainHead, head_riders),
            (tail, 2, Mark::TrainTail, tail_riders),
        ] {
            let i = index(sq);
            if let Some(c) = self.codes.get_mut(i) {
                let stack = p.stack(sq);
                *c = pasgl_code(stack, riders, car);
                if *c == UNCODED {
                    let tokens = stack
                        .iter()
                        .map(|c| critter_token(c, false))
                        .chain(riders.iter().map(|c| critter_token(c, true)));
                    self.uncoded.push((i, Some(mark), tokens.collect()));
                }
            }
        }
        // Stacks off the Train too full for a code.
        for (sq, stack) in p.occupied() {
            let i = index(sq);
            if self.codes.get(i) == Some(&UNCODED) && !self.uncoded.iter().any(|u| u.0 == i) {
                let tokens = stack.iter().map(|c| critter_token(c, false));
                self.uncoded.push((i, None, tokens.collect()));
            }
        }
        let score = p.score();
        self.numbers[0] = u32::from_ne_bytes(score[Color::White].to_ne_bytes());
        self.numbers[1] = u32::from_ne_bytes(score[Color::Black].to_ne_bytes());
    }

    /// Whether two cells of one game with `code` draw the same (false for
    /// [`UNCODED`]).
    pub fn shared(code: u32) -> bool {
        code != UNCODED
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
            Family::Pasgl => pasgl::geometry().clone(),
        };
        pic.reset(self.variant, &geometry, self.turn);
        if matches!(self.family, Family::Pasgl) {
            for (i, cell) in pic.cells.iter_mut().enumerate() {
                if cell.outside {
                    continue;
                }
                let file = i % usize::from(self.files.max(1));
                if file == 0 || file + 1 == usize::from(self.files) {
                    cell.marks.push(Mark::Terminal);
                }
                let sq = u8::try_from(file)
                    .ok()
                    .zip(u8::try_from(i / usize::from(self.files.max(1))).ok())
                    .and_then(|(f, r)| Square::new(f, r));
                if sq.is_some_and(pasgl::is_campfire) {
                    cell.marks.push(Mark::Campfire);
                }
            }
        }
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
        if matches!(self.family, Family::Pasgl) {
            return self.draw_pasgl_cell(pic, i, sq, code);
        }
        let rules = match self.family {
            Family::Core(r) | Family::Squares(r) => Some(r),
            Family::Lichess | Family::Pasgl => None,
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

    /// [`draw_cell`](Self::draw_cell) for PASGL: the car's mark after the
    /// blank cell's, the stack's critters then the riders.
    fn draw_pasgl_cell(&self, pic: &mut Picture, i: usize, sq: Square, code: u32) {
        let Some(cell) = pic.cell_mut(sq) else {
            return;
        };
        if code == UNCODED {
            let Some((_, car, tokens)) = self.uncoded.iter().find(|u| u.0 == i) else {
                return;
            };
            cell.marks.extend(*car);
            cell.tokens.extend(tokens.iter().cloned());
            return;
        }
        match (code >> CAR_SHIFT) & 3 {
            1 => cell.marks.push(Mark::TrainHead),
            2 => cell.marks.push(Mark::TrainTail),
            _ => {}
        }
        let mut slots = [0u32; 3];
        let mut n = 0;
        for (k, slot) in slots.iter_mut().enumerate() {
            *slot = (code >> (CRITTER_BITS * k as u32)) & ((1 << CRITTER_BITS) - 1);
            if *slot != 0 {
                n = k + 1;
            }
        }
        let riders = ((code >> RIDERS_SHIFT) & 3) as usize;
        for (k, &slot) in slots.iter().take(n).enumerate() {
            if let Some(token) = critter_of(slot, k + riders >= n) {
                cell.tokens.push(token);
            }
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
            Family::Pasgl => vec![fact(
                "score",
                i32::from_ne_bytes(w.to_ne_bytes()).to_string(),
                i32::from_ne_bytes(b.to_ne_bytes()).to_string(),
            )],
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

/// The code of a PASGL cell holding `stack` and, on a Train car (`car` 1
/// head, 2 tail, 0 none), `riders`: [`UNCODED`] past three critters.
fn pasgl_code(stack: &[pasgl::Critter], riders: &[pasgl::Critter], car: u32) -> u32 {
    let n = stack.len() + riders.len();
    if n > 3 {
        return UNCODED;
    }
    let mut code = (car << CAR_SHIFT) | (u32::try_from(riders.len()).unwrap_or(3) << RIDERS_SHIFT);
    for (k, c) in stack.iter().chain(riders).enumerate() {
        code |= critter_bits(c) << (CRITTER_BITS * k as u32);
    }
    code
}

/// A critter's 9 bits: what its token shows (no identity, no home).
fn critter_bits(c: &pasgl::Critter) -> u32 {
    let kind = pasgl::Kind::ALL
        .iter()
        .position(|&k| k == c.kind)
        .map_or(0, |k| k as u32 + 1);
    let transit = match c.transit {
        pasgl::Transit::None => 0,
        pasgl::Transit::Boarding => 1,
        pasgl::Transit::Leaving => 2,
    };
    kind | (u32::from(c.color == Color::Black) << 4)
        | (u32::from(c.lunch) << 5)
        | (u32::from(c.stinky) << 6)
        | (transit << 7)
}

/// The token of a critter's bits ([`critter_bits`]).
fn critter_of(bits: u32, riding: bool) -> Option<Token> {
    let kind = *pasgl::Kind::ALL.get((bits & 15).checked_sub(1)? as usize)?;
    let color = if bits & 16 != 0 {
        Color::Black
    } else {
        Color::White
    };
    let mut c = pasgl::Critter::new(color, kind);
    c.lunch = bits & 32 != 0;
    c.stinky = bits & 64 != 0;
    c.transit = match (bits >> 7) & 3 {
        1 => pasgl::Transit::Boarding,
        2 => pasgl::Transit::Leaving,
        _ => pasgl::Transit::None,
    };
    Some(critter_token(&c, riding))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::playout::{PlayoutOptions, playout};

    /// Every position of random games of every game (chess and Chess960
    /// too, though `view` draws them from the bitboards): the codes'
    /// picture is the position's (the zone aside), one reused board going
    /// from game to game, and a cell's code always stands for one drawing.
    #[test]
    fn a_cell_board_s_picture_equals_the_position_s() {
        let mut board = CellBoard::empty();
        let mut seen = 0;
        let mut checks = 0;
        for variant in Variant::ALL {
            // By cell and code, for this game.
            let mut drawings = std::collections::HashMap::new();
            for seed in 0..3 {
                let game =
                    playout(variant, &PlayoutOptions::default(), seed, 120).expect("playout");
                for pos in game.positions() {
                    assert!(board.fill(&pos), "{variant}");
                    let mut want = Picture::of(&pos);
                    want.zone.clear();
                    assert_eq!(board.picture(), want, "{variant}: {}", pos.fen());
                    // One code, one drawing: `view` draws a code once.
                    for (i, &code) in board.codes.iter().enumerate() {
                        let cell = want.cells.get(i).cloned();
                        let check = want.check.is_some_and(|k| {
                            usize::from(k.rank()) * usize::from(want.files) + usize::from(k.file())
                                == i
                        });
                        if CellBoard::shared(code) {
                            let drawn = drawings
                                .entry((i, code))
                                .or_insert_with(|| (cell.clone(), check));
                            assert_eq!(*drawn, (cell, check), "{variant}: cell {i} {code:#x}");
                        }
                    }
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

    /// A PASGL stack of four critters has no code: it is kept aside and
    /// drawn as the position's picture draws it.
    #[test]
    fn a_big_pasgl_stack_is_uncoded_and_drawn_whole() {
        let fen = "tsfhbdwt/pppppppp/8/10/10/8/(PPPP)3PPPP/TSFHBDWT w 0 0-0 0";
        let pos = AnyPosition::setup(Variant::Pasgl312, Some(fen)).expect("a position");
        let mut board = CellBoard::empty();
        assert!(board.fill(&pos));
        let uncoded = board.codes.iter().filter(|&&c| c == UNCODED).count();
        assert_eq!(uncoded, 1, "{:?}", board.codes);
        assert_eq!(board.picture(), Picture::of(&pos));
        // Refilled with a coded position, nothing of the stack is left.
        let start = AnyPosition::setup(Variant::Pasgl312, None).expect("start");
        assert!(board.fill(&start));
        assert!(board.codes.iter().all(|&c| CellBoard::shared(c)));
        assert_eq!(board.picture(), Picture::of(&start));
    }
}
