//! PASGL 312 Chess (seed 000, RULINGS §5, P1–P20, notation N6): critters
//! that share squares, carry lunch, steal, shoot, chuck wood and spray; the
//! Train that runs round the middle of the board; the Campfire scoring.
//!
//! The board is the 8x8 plus the terminal squares `z4 z5 x4 x5` on a
//! [`Geometry`] of 10 files (`z a ... h x`) whose `z`/`x` files exist only on
//! ranks 4 and 5. Each cell holds a [`Stack`] of critters in the order they
//! arrived; the Train's two cars hold the critters riding it.
//!
//! This module uses only `rules::core` (and the notation's token types, to
//! resolve written moves); it never imports another family.

mod board;
mod fen;
mod movegen;
mod notation;
mod play;
mod target;

use std::sync::OnceLock;

use arrayvec::ArrayVec;

use super::Variant;
use super::core::{ByColor, Color, Geometry, Square};
use super::position::{GamePosition, Outcome, Rejection};
use crate::written::{Coord, Grammar, MoveToken};
use board::{Board, car_slot};

pub use fen::ParseFenError;
pub use movegen::MAX_DISPLACEMENT_CHOICES;
pub use play::{ScoreEvent, ScoreReason, ScoreTiming, TurnReport};

/// Most critters a game can hold (16 a side); a stack never needs more.
pub const MAX_CRITTERS: usize = 32;

/// The critters on one cell, in the order they arrived.
pub type Stack = ArrayVec<Critter, MAX_CRITTERS>;

/// Cells in the 10x8 grid the stacks are indexed by (`z`..`x` by 8 ranks).
const GRID: usize = 80;

/// How big a critter is (seed: large, medium, tiny).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Size {
    /// Bear, Hunter, Deer.
    Large,
    /// Fox, Woodchuck, Skunk, Turkey.
    Medium,
    /// Shrew, Chipmunk.
    Tiny,
}

/// A kind of critter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// `B`: the King of the forest.
    Bear,
    /// `H`: steps mW, shoots up to 3 rookwise.
    Hunter,
    /// `D`: knightrider, steals.
    Deer,
    /// `F`: `bWzF3`, steals and devours.
    Fox,
    /// `W`: WD, chucks wood.
    Woodchuck,
    /// `S`: rook, sprays when harmed.
    Skunk,
    /// `T`: R3.
    Turkey,
    /// `M`: F, promoted Shrew.
    Chipmunk,
    /// `P`: fF.
    Shrew,
}

impl Kind {
    /// Every kind, in the seed's order.
    pub const ALL: [Kind; 9] = [
        Kind::Bear,
        Kind::Hunter,
        Kind::Deer,
        Kind::Fox,
        Kind::Woodchuck,
        Kind::Skunk,
        Kind::Turkey,
        Kind::Chipmunk,
        Kind::Shrew,
    ];

    /// The upper-case letter (seed's table).
    pub const fn letter(self) -> u8 {
        match self {
            Kind::Bear => b'B',
            Kind::Hunter => b'H',
            Kind::Deer => b'D',
            Kind::Fox => b'F',
            Kind::Woodchuck => b'W',
            Kind::Skunk => b'S',
            Kind::Turkey => b'T',
            Kind::Chipmunk => b'M',
            Kind::Shrew => b'P',
        }
    }

    /// The kind of an upper-case letter.
    pub fn from_letter(letter: u8) -> Option<Kind> {
        // A match, not a search of `ALL`: asked for every move read.
        Some(match letter {
            b'B' => Kind::Bear,
            b'H' => Kind::Hunter,
            b'D' => Kind::Deer,
            b'F' => Kind::Fox,
            b'W' => Kind::Woodchuck,
            b'S' => Kind::Skunk,
            b'T' => Kind::Turkey,
            b'M' => Kind::Chipmunk,
            b'P' => Kind::Shrew,
            _ => return None,
        })
    }

    /// The English name, lower case.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Bear => "bear",
            Kind::Hunter => "hunter",
            Kind::Deer => "deer",
            Kind::Fox => "fox",
            Kind::Woodchuck => "woodchuck",
            Kind::Skunk => "skunk",
            Kind::Turkey => "turkey",
            Kind::Chipmunk => "chipmunk",
            Kind::Shrew => "shrew",
        }
    }

    /// Its size (RULINGS 5.4).
    pub const fn size(self) -> Size {
        match self {
            Kind::Bear | Kind::Hunter | Kind::Deer => Size::Large,
            Kind::Fox | Kind::Woodchuck | Kind::Skunk | Kind::Turkey => Size::Medium,
            Kind::Chipmunk | Kind::Shrew => Size::Tiny,
        }
    }

    /// Whether it carries lunch in a brown paper bag.
    pub const fn carries_lunch(self) -> bool {
        matches!(
            self,
            Kind::Bear | Kind::Hunter | Kind::Deer | Kind::Fox | Kind::Woodchuck | Kind::Skunk
        )
    }

    /// Campfire points (RULINGS 5.4).
    pub const fn points(self) -> i32 {
        match self {
            Kind::Bear => 5,
            Kind::Hunter => 4,
            Kind::Deer | Kind::Fox | Kind::Woodchuck => 3,
            Kind::Skunk | Kind::Turkey => 2,
            Kind::Chipmunk => 1,
            Kind::Shrew => 0,
        }
    }

    /// Where a lunch-carrier of this kind starts, its default home.
    pub fn start_square(self, color: Color) -> Option<Square> {
        let file = match self {
            Kind::Skunk => 2,
            Kind::Fox => 3,
            Kind::Hunter => 4,
            Kind::Bear => 5,
            Kind::Deer => 6,
            Kind::Woodchuck => 7,
            _ => return None,
        };
        Square::new(file, back_rank(color))
    }
}

/// Where a critter is in its journey by Train (RULINGS 5.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Transit {
    /// On the board proper.
    None,
    /// Moved (or was pushed) onto a terminal, waiting for the Train; riding
    /// critters keep this mark until they are dropped off.
    Boarding,
    /// Dropped off by the Train; must leave the terminal if it moves.
    Leaving,
}

/// One critter and its state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Critter {
    /// Its side.
    pub color: Color,
    /// Its kind.
    pub kind: Kind,
    /// Whether it has its lunch (always false for non-carriers).
    pub lunch: bool,
    /// Whether it has been skunked and not moved since.
    pub stinky: bool,
    /// Boarding or leaving, on terminals and on the Train.
    pub transit: Transit,
    /// The square where it gets a new lunch (carriers only).
    pub home: Option<Square>,
    /// Identity within one game, for the campfire rule "it started the turn
    /// there"; not part of the position string.
    id: u8,
}

impl Critter {
    /// A critter in its starting state: lunch if it carries one, the default home.
    pub fn new(color: Color, kind: Kind) -> Critter {
        Critter {
            color,
            kind,
            lunch: kind.carries_lunch(),
            stinky: false,
            transit: Transit::None,
            home: kind.start_square(color),
            id: 0,
        }
    }

    /// Whether two critters are in the same state (identity aside).
    pub fn same_state(&self, other: &Critter) -> bool {
        Critter { id: 0, ..*self } == Critter { id: 0, ..*other }
    }

    /// Whether it is a lunch-carrier that has lost its lunch.
    pub fn is_lunchless(&self) -> bool {
        self.kind.carries_lunch() && !self.lunch
    }

    /// Upper case for White, lower for Black.
    pub fn letter(&self) -> char {
        let l = char::from(self.kind.letter());
        match self.color {
            Color::White => l,
            Color::Black => l.to_ascii_lowercase(),
        }
    }

    /// Whether it may move onto a square that holds critters (seed; P5, P19).
    fn may_enter_occupied(&self) -> bool {
        match self.kind {
            Kind::Hunter | Kind::Woodchuck => false,
            Kind::Turkey | Kind::Shrew | Kind::Chipmunk => true,
            _ => self.lunch,
        }
    }
}

fn back_rank(color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => 7,
    }
}

/// File indices of the terminal files (`z`, `x`) and the board files `a`..`h`.
const Z: u8 = 0;
const X: u8 = 9;

/// The board: files `z a b c d e f g h x`, the outer two only on ranks 4 and 5.
pub fn geometry() -> &'static Geometry {
    static GEOMETRY: OnceLock<Geometry> = OnceLock::new();
    GEOMETRY.get_or_init(|| {
        let mut g = Geometry::rectangle(10, 8).with_file_letters(b"zabcdefghx");
        for rank in (0..8).filter(|r| !matches!(r, 3 | 4)) {
            for file in [Z, X] {
                if let Some(sq) = Square::new(file, rank) {
                    g = g.without(sq);
                }
            }
        }
        g
    })
}

/// Whether `sq` is one of `z4 z5 x4 x5`.
pub fn is_terminal(sq: Square) -> bool {
    sq.file() == Z || sq.file() == X
}

/// The four campfire squares d4, e4, d5, e5.
pub fn is_campfire(sq: Square) -> bool {
    CAMPFIRE.contains(&sq)
}

/// The campfire squares d4, e4, d5, e5 in grid order (the order in which
/// their sitters score).
pub(super) const CAMPFIRE: [Square; 4] = {
    let Some(d4) = Square::new(4, 3) else {
        panic!("invariant: on the grid")
    };
    let Some(e4) = Square::new(5, 3) else {
        panic!("invariant: on the grid")
    };
    let Some(d5) = Square::new(4, 4) else {
        panic!("invariant: on the grid")
    };
    let Some(e5) = Square::new(5, 4) else {
        panic!("invariant: on the grid")
    };
    [d4, e4, d5, e5]
};

/// The Train's loop (RULINGS 5.2): x4, h4 ... a4, z4, z5, a5 ... h5, x5.
pub fn train_loop(i: usize) -> Square {
    TRAIN_LOOP[i % 20]
}

/// [`train_loop`]'s cells, computed once: the Train's place is asked for
/// at every step of every move generated.
const TRAIN_LOOP: [Square; 20] = {
    let mut cells = [CAMPFIRE[0]; 20];
    let mut i = 0;
    while i < 20 {
        let (file, rank) = if i < 10 {
            (9 - i as u8, 3)
        } else {
            (i as u8 - 10, 4)
        };
        let Some(sq) = Square::new(file, rank) else {
            panic!("invariant: the loop is on the grid")
        };
        cells[i] = sq;
        i += 1;
    }
    cells
};

/// Where the Train stands after `k` advances: head and tail.
pub fn train_cells(k: u8) -> (Square, Square) {
    let k = usize::from(k);
    (train_loop(k), train_loop(k + 19))
}

fn cell(sq: Square) -> usize {
    usize::from(sq.rank()) * 10 + usize::from(sq.file())
}

fn cell_square(i: usize) -> Square {
    Square::new((i % 10) as u8, (i / 10) as u8).expect("invariant: grid cell")
}

/// A PASGL 312 position: the stacks, the Train with its riders, the side to
/// move, the scores and the run of passes.
#[derive(Debug)]
pub struct Position {
    /// The stacks of the grid's cells and the riders of the head car and
    /// of the tail car.
    board: Board,
    turn: Color,
    /// Train advances so far, modulo the 20-cell circuit.
    train: u8,
    score: ByColor<i32>,
    /// Consecutive passes up to now (P16).
    passes: u16,
    next_id: u8,
    report: TurnReport,
    /// When Black's points are counted; a setting of the game, not part of
    /// the position string.
    timing: ScoreTiming,
    /// Whether a critter may be stinky: false only when none is (set by a
    /// spray or a stinky critter placed, cleared after a turn that leaves
    /// none), so that the compulsion (P11) is looked for only then.
    stinky_seen: bool,
    /// Whether both sides have their Bear: counted when the position is
    /// set up and again when a Bear perishes (the only way one leaves the
    /// game: a Fox devours medium critters only), so that the end test
    /// after every move does not look for them.
    both_bears: bool,
}

impl Clone for Position {
    fn clone(&self) -> Position {
        Position {
            board: self.board,
            turn: self.turn,
            train: self.train,
            score: self.score,
            passes: self.passes,
            next_id: self.next_id,
            report: self.report.clone(),
            timing: self.timing,
            stinky_seen: self.stinky_seen,
            both_bears: self.both_bears,
        }
    }

    /// Field by field in place: the verifier copies the position before
    /// every move, and the derived `clone_from` builds a whole second
    /// position (a kilobyte, mostly the report's capacity) and moves it.
    fn clone_from(&mut self, source: &Position) {
        self.board = source.board;
        self.turn = source.turn;
        self.train = source.train;
        self.score = source.score;
        self.passes = source.passes;
        self.next_id = source.next_id;
        // As slices of plain values: one copy each, not one per element,
        // and none for an empty list (most turns score nothing and run
        // over nobody).
        self.report.scored.clear();
        if !source.report.scored.is_empty() {
            let _ = self
                .report
                .scored
                .try_extend_from_slice(&source.report.scored);
        }
        self.report.roadkill.clear();
        if !source.report.roadkill.is_empty() {
            let _ = self
                .report
                .roadkill
                .try_extend_from_slice(&source.report.roadkill);
        }
        self.timing = source.timing;
        self.stinky_seen = source.stinky_seen;
        self.both_bears = source.both_bears;
    }
}

/// One turn of PASGL 312.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// `--`: no legal move.
    Pass,
    /// A critter moves (and may steal, devour, squash or displace).
    Walk(Walk),
    /// A boarding critter changes to the other square of its terminal.
    Switch {
        /// Where it stands.
        from: Square,
        /// Its index in that stack.
        critter: u8,
        /// The other terminal square.
        to: Square,
    },
    /// The Hunter shoots the victim, who is removed.
    Shoot(Ranged),
    /// The Woodchuck chucks wood at the victim, who drops its lunch.
    Chuck(Ranged),
}

/// A critter's movement with its effect on the destination.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Walk {
    /// Where it stands.
    pub from: Square,
    /// Its index in that stack.
    pub critter: u8,
    /// Where it goes.
    pub to: Square,
    /// The index in the destination stack of the critter robbed or devoured.
    pub victim: Option<u8>,
    /// For a Bear: where each displaced critter goes, in the destination
    /// stack's order, Shrews (which are squashed) left out.
    pub displaced: ArrayVec<Square, MAX_CRITTERS>,
}

/// A shot or a chuck: the shooter stays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ranged {
    /// Where the shooter stands.
    pub from: Square,
    /// Its index in that stack.
    pub critter: u8,
    /// The target square.
    pub at: Square,
    /// The victim's index in the target stack.
    pub victim: u8,
}

impl Move {
    /// The square and stack index of the acting critter, if any.
    pub fn actor(&self) -> Option<(Square, u8)> {
        match self {
            Move::Pass => None,
            Move::Walk(w) => Some((w.from, w.critter)),
            Move::Switch { from, critter, .. } => Some((*from, *critter)),
            Move::Shoot(r) | Move::Chuck(r) => Some((r.from, r.critter)),
        }
    }

    /// Whether the critter changes square (a movement, P11).
    pub fn is_movement(&self) -> bool {
        matches!(self, Move::Walk(_) | Move::Switch { .. })
    }
}

impl Position {
    /// The start array (RULINGS 5.1): Train on x4/x5, everyone fed, 0-0.
    pub fn start() -> Position {
        // Built once: every game of an archive starts here.
        static START: OnceLock<Position> = OnceLock::new();
        START.get_or_init(Position::build_start).clone()
    }

    fn build_start() -> Position {
        let mut p = Position::empty();
        let back = [
            Kind::Turkey,
            Kind::Skunk,
            Kind::Fox,
            Kind::Hunter,
            Kind::Bear,
            Kind::Deer,
            Kind::Woodchuck,
            Kind::Turkey,
        ];
        for color in Color::ALL {
            let rank = back_rank(color);
            let shrews = if color == Color::White { 1 } else { 6 };
            for (i, kind) in back.into_iter().enumerate() {
                let file = i as u8 + 1;
                for (r, k) in [(rank, kind), (shrews, Kind::Shrew)] {
                    if let Some(sq) = Square::new(file, r) {
                        p.put(sq, Critter::new(color, k));
                    }
                }
            }
        }
        p.count_bears();
        p
    }

    fn empty() -> Position {
        Position {
            board: Board::new(),
            turn: Color::White,
            train: 0,
            score: ByColor::default(),
            passes: 0,
            next_id: 0,
            report: TurnReport::default(),
            timing: ScoreTiming::default(),
            stinky_seen: false,
            both_bears: false,
        }
    }

    /// Adds a critter on top of a stack, giving it an identity.
    fn put(&mut self, sq: Square, mut c: Critter) {
        c.id = self.next_id;
        self.next_id = self.next_id.wrapping_add(1);
        self.stinky_seen |= c.stinky;
        let bear = c.kind == Kind::Bear;
        self.push(sq, c);
        if bear {
            self.count_bears();
        }
    }

    /// Pushes a critter keeping its identity; a full stack cannot happen
    /// because a game holds at most [`MAX_CRITTERS`].
    fn push(&mut self, sq: Square, c: Critter) {
        let _ = self.board.push(cell(sq), c);
    }

    /// When campfire points are counted (P4).
    pub fn score_timing(&self) -> ScoreTiming {
        self.timing
    }

    /// The same position with Black's campfire points counted before or
    /// after the Train's advance (P4; after is the ruling and the default).
    pub fn with_score_timing(mut self, timing: ScoreTiming) -> Position {
        self.timing = timing;
        self
    }

    /// The critters on `sq`, in arrival order.
    pub fn stack(&self, sq: Square) -> &[Critter] {
        self.board.get(cell(sq))
    }

    fn stack_mut(&mut self, sq: Square) -> &mut [Critter] {
        self.board.get_mut(cell(sq))
    }

    /// Empties `sq`, returning its stack.
    fn take_stack(&mut self, sq: Square) -> Stack {
        self.board.take(cell(sq))
    }

    /// The critters riding the head car and the tail car.
    pub fn riders(&self) -> [&[Critter]; 2] {
        [self.board.get(car_slot(0)), self.board.get(car_slot(1))]
    }

    /// Every non-empty cell with its stack, in grid order.
    pub fn occupied(&self) -> impl Iterator<Item = (Square, &[Critter])> {
        self.board
            .occupied_cells()
            .map(|i| (cell_square(i), self.board.get(i)))
    }

    /// Train advances so far, modulo 20.
    pub fn train_count(&self) -> u8 {
        self.train
    }

    /// The Train's head and tail cells.
    pub fn train(&self) -> (Square, Square) {
        train_cells(self.train)
    }

    /// Whether the Train stands on `sq`.
    pub fn is_train(&self, sq: Square) -> bool {
        let (h, t) = self.train();
        sq == h || sq == t
    }

    /// Both sides' points.
    pub fn score(&self) -> ByColor<i32> {
        self.score
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.turn
    }

    /// Consecutive passes so far.
    pub fn passes(&self) -> u16 {
        self.passes
    }

    /// What happened in the last turn played: points scored and why,
    /// critters run over by the Train.
    pub fn last_turn(&self) -> &TurnReport {
        &self.report
    }

    /// Whether a Bear of `color` is in the game.
    pub fn has_bear(&self, color: Color) -> bool {
        self.board
            .all()
            .iter()
            .any(|c| c.kind == Kind::Bear && c.color == color)
    }

    /// Counts the Bears again ([`both_bears`](Self::both_bears)): after
    /// the position is set up, and when a Bear perishes.
    fn count_bears(&mut self) {
        self.both_bears = self.has_bear(Color::White) && self.has_bear(Color::Black);
    }

    /// Black passes in the current run of passes (the Train advanced once
    /// after each).
    fn black_passes(&self) -> u16 {
        // The last pass was by the side not to move; they alternate.
        match !self.turn {
            Color::Black => self.passes.div_ceil(2),
            Color::White => self.passes / 2,
        }
    }

    /// How the game has ended, if it has (RULINGS 5.5, P15, P16).
    pub fn ending(&self) -> Option<Outcome> {
        // Asked after every move: the Bears are not looked for (counted
        // when one perishes).
        debug_assert_eq!(
            self.both_bears,
            self.has_bear(Color::White) && self.has_bear(Color::Black),
            "{}",
            self.to_fen()
        );
        let reason = if !self.both_bears {
            "dead Bear"
        } else if (self.score.white - self.score.black).abs() >= 30 {
            "30-point lead"
        } else if self.passes >= 2 && self.black_passes() >= 20 {
            "both passed for a full circuit of the Train"
        } else {
            return None;
        };
        let winner = match self.score.white.cmp(&self.score.black) {
            std::cmp::Ordering::Greater => Some(Color::White),
            std::cmp::Ordering::Less => Some(Color::Black),
            std::cmp::Ordering::Equal => None,
        };
        Some(Outcome { winner, reason })
    }
}

impl GamePosition for Position {
    type Move = Move;

    fn setup(variant: Variant, fen: Option<&str>) -> Result<Self, String> {
        if variant != Variant::Pasgl312 {
            return Err(format!("{variant} is not a PASGL game"));
        }
        match fen {
            None => Ok(Position::start()),
            Some(f) => Position::from_fen(f).map_err(|e| e.to_string()),
        }
    }

    fn variant(&self) -> Variant {
        Variant::Pasgl312
    }

    fn fen(&self) -> String {
        self.to_fen()
    }

    fn turn(&self) -> Color {
        self.turn
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.generate(out, true);
        // The game is over: no move is legal any more.
        if self.ending().is_some() {
            out.clear();
        }
    }

    fn resolve(&self, token: &MoveToken, scratch: &mut Vec<Move>) -> Result<Move, Rejection> {
        self.resolve_token(token, scratch)
    }

    fn play(&mut self, m: &Move) {
        self.play_move(m);
    }

    fn notation(&self, m: &Move) -> String {
        self.write_move(m, false)
    }

    fn end_rule(&self) -> &'static str {
        "RULINGS 5.5 (a dead Bear, a 30-point lead or a full circuit of passes ends the game at once; the higher score wins, P15)"
    }

    fn verify_roadkill(&self, critter: u8, at: Coord) -> Result<(), Rejection> {
        Position::verify_roadkill(self, critter, at)
    }

    fn long_notation(&self, m: &Move) -> String {
        self.write_move(m, true)
    }

    // UCI: the long notation (the trait's default), which names the
    // critter, its state, both squares and every victim (docs/formats.md).

    fn grammar(&self) -> Grammar {
        Grammar::pasgl()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ending()
    }

    fn points(&self) -> Option<ByColor<i32>> {
        Some(self.score)
    }
}

#[cfg(test)]
mod tests;
