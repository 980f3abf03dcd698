//! What a position looks like, for pictures (`xpgn diagram`): the board's
//! cells with holes, owners and special squares, what stands on each cell
//! (several critters on one in PASGL), and the facts shown beside the board
//! (reserves, scores, promotions made).
//!
//! Each family fills a [`Picture`] from its public accessors, here, so the
//! drawing (`export::diagram`) knows geometry and tokens but no family.

use super::Variant;
use super::core::{self, Color, Geometry, Square};
use super::family::{AnyMove, AnyPosition, GamePosition};
use super::lichess::LichessPosition;
use super::pasgl;
use super::squares::{Reserve, SquaresPosition};

/// A position as a picture shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// The game.
    pub variant: Variant,
    /// Files, left to right from White's side.
    pub files: u8,
    /// Ranks, bottom to top from White's side.
    pub ranks: u8,
    /// The letter of each file (`z a ... h x` in PASGL).
    pub file_letters: Vec<char>,
    /// `files * ranks` cells, rank by rank from White's side: the cell of
    /// file `f`, rank `r` is `cells[r * files + f]`.
    pub cells: Vec<Cell>,
    /// The side to move.
    pub turn: Color,
    /// The square of a king in check.
    pub check: Option<Square>,
    /// Squares where the side to move's pieces are braked (Squirrel's guard
    /// zones, S3), drawn on request.
    pub zone: Vec<Square>,
    /// What a picture shows beside the board, for each side.
    pub facts: Vec<Fact>,
}

/// One cell of the board's grid.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cell {
    /// Not part of the board at all (PASGL's `z` and `x` files beyond the
    /// terminals): drawn as nothing.
    pub outside: bool,
    /// A hole of the squares family: a place with no square (yet).
    pub hole: bool,
    /// Who owns the square (Hans38 and its relatives).
    pub owner: Option<Color>,
    /// What is special about it.
    pub marks: Vec<Mark>,
    /// What stands on it, in the order it arrived.
    pub tokens: Vec<Token>,
}

/// Something special about a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// A PASGL terminal square (`z4 z5 x4 x5`).
    Terminal,
    /// One of PASGL's campfire squares (`d4 e4 d5 e5`).
    Campfire,
    /// The Train's head car stands here; its riders are this cell's tokens
    /// marked [`State::Riding`].
    TrainHead,
    /// The Train's tail car.
    TrainTail,
    /// A square the opponent just touched, which may not be moved or taken
    /// this turn (the squares family's barred field, N7).
    Barred,
}

/// How a token is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A chess piece's figure: king, queen, rook, bishop, knight, pawn.
    Chessman,
    /// A round token with the piece's letter (Gast's archer, Squirrel's
    /// camel, ...).
    Disc,
    /// A PASGL critter: a rounded square with its letter and its states.
    Critter,
}

/// A piece or critter.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Token {
    /// How it is drawn.
    pub shape: Shape,
    /// Whose it is.
    pub color: Color,
    /// Its letter, upper case (`N`, `A`, `S`, ...).
    pub letter: char,
    /// Its English name (`knight`, `archer`, `skunk`, ...).
    pub name: &'static str,
    /// PASGL states worth seeing.
    pub states: Vec<State>,
}

/// A PASGL critter's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum State {
    /// A lunch-carrier with its lunch.
    Lunch,
    /// A lunch-carrier that has lost its lunch.
    Lunchless,
    /// Skunked and not moved since.
    Stinky,
    /// On a terminal waiting for the Train, or riding it.
    Boarding,
    /// Dropped off by the Train.
    Leaving,
    /// Riding the Train's car on this cell.
    Riding,
}

impl State {
    /// Its name in pictures and their tests.
    pub const fn as_str(self) -> &'static str {
        match self {
            State::Lunch => "lunch",
            State::Lunchless => "lunchless",
            State::Stinky => "stinky",
            State::Boarding => "boarding",
            State::Leaving => "leaving",
            State::Riding => "riding",
        }
    }
}

/// A labelled value for each side, shown beside the board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fact {
    /// What it is: `reserve`, `score`, `promotions`.
    pub label: &'static str,
    /// White's value.
    pub white: String,
    /// Black's value.
    pub black: String,
}

impl Picture {
    /// The picture of `pos`.
    pub fn of(pos: &AnyPosition) -> Picture {
        let mut picture = Picture::empty();
        picture.fill(pos);
        picture
    }

    /// A picture of nothing, to be filled ([`fill`](Self::fill)).
    pub fn empty() -> Picture {
        Picture {
            variant: Variant::Chess,
            files: 0,
            ranks: 0,
            file_letters: Vec::new(),
            cells: Vec::new(),
            turn: Color::White,
            check: None,
            zone: Vec::new(),
            facts: Vec::new(),
        }
    }

    /// Makes this the picture of `pos`, reusing its buffers (a picture a
    /// ply, as `xpgn view` draws, then allocates almost nothing); the
    /// result equals [`Picture::of`]`(pos)`.
    pub fn fill(&mut self, pos: &AnyPosition) {
        if let Some(p) = pos.as_pasgl() {
            return pasgl_picture(p, pos.variant(), self);
        }
        if let Some(p) = pos.as_squares() {
            return squares_picture(p, pos.variant(), self);
        }
        if let Some(p) = pos.as_lichess() {
            return lichess_picture(p, self);
        }
        match pos.to_core() {
            Some(p) => core_picture(&p, pos.variant(), self),
            // Every family is one of the three above; an empty board says
            // so plainly if a new one is added without its picture.
            None => self.reset(pos.variant(), &Geometry::rectangle(8, 8), pos.turn()),
        }
    }

    /// The cell of `sq`, if it is on the grid.
    pub fn cell(&self, sq: Square) -> Option<&Cell> {
        if sq.file() >= self.files || sq.rank() >= self.ranks {
            return None;
        }
        self.cells
            .get(usize::from(sq.rank()) * usize::from(self.files) + usize::from(sq.file()))
    }

    /// The name of `sq`, e.g. `e4` or `z5`.
    pub fn square_name(&self, sq: Square) -> String {
        let file = self.file_letters.get(usize::from(sq.file())).copied();
        format!("{}{}", file.unwrap_or('?'), u32::from(sq.rank()) + 1)
    }

    /// Reads a square name such as `e4` on this picture's grid.
    pub fn parse_square(&self, name: &str) -> Option<Square> {
        let mut chars = name.chars();
        let letter = chars.next()?;
        let file = self.file_letters.iter().position(|&l| l == letter)?;
        let rank: u8 = chars.as_str().parse().ok()?;
        let sq = Square::new(u8::try_from(file).ok()?, rank.checked_sub(1)?)?;
        self.cell(sq).map(|_| sq)
    }

    /// An empty board of `geometry`, keeping the buffers' capacity.
    pub(super) fn reset(&mut self, variant: Variant, geometry: &Geometry, turn: Color) {
        let (files, ranks) = (geometry.files(), geometry.ranks());
        self.variant = variant;
        self.files = files;
        self.ranks = ranks;
        self.file_letters.clear();
        self.file_letters
            .extend((0..files).map(|f| geometry.file_letter(f)));
        self.cells
            .resize_with(usize::from(files) * usize::from(ranks), Cell::default);
        let mut cells = self.cells.iter_mut();
        for rank in 0..ranks {
            for file in 0..files {
                let on_board = Square::new(file, rank).is_some_and(|sq| geometry.contains(sq));
                if let Some(c) = cells.next() {
                    c.outside = !on_board;
                    c.hole = false;
                    c.owner = None;
                    c.marks.clear();
                    c.tokens.clear();
                }
            }
        }
        self.turn = turn;
        self.check = None;
        self.zone.clear();
        self.facts.clear();
    }

    pub(super) fn cell_mut(&mut self, sq: Square) -> Option<&mut Cell> {
        if sq.file() >= self.files || sq.rank() >= self.ranks {
            return None;
        }
        let i = usize::from(sq.rank()) * usize::from(self.files) + usize::from(sq.file());
        self.cells.get_mut(i)
    }

    fn squares(&self) -> impl Iterator<Item = Square> + use<> {
        let (files, ranks) = (self.files, self.ranks);
        (0..ranks).flat_map(move |r| (0..files).filter_map(move |f| Square::new(f, r)))
    }
}

/// A FIDE chess or Chess960 position as a picture shows it, read straight
/// from the bitboards: what stands on each of the 64 squares, the king in
/// check and the side to move. `xpgn view` compares two of these square by
/// square where it would compare two [`Picture`]s, and builds the picture
/// ([`ChessBoard::picture`], equal to [`Picture::of`] of the position, a
/// test holds them to it) only to draw a cell it has not drawn before.
#[derive(Clone, Copy)]
pub struct ChessBoard {
    rules: &'static core::GameRules,
    /// The game: [`Variant::Chess`] or [`Variant::Chess960`].
    pub variant: Variant,
    /// What stands on each square, a1 first: 0 for nothing, else 1 + the
    /// role (P N B R Q K) for White and 7 + the role for Black.
    pub codes: [u8; 64],
    /// The square (a1 = 0) of the king in check.
    pub check: Option<u8>,
    /// The side to move.
    pub turn: Color,
}

impl std::fmt::Debug for ChessBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChessBoard")
            .field("variant", &self.variant)
            .field("codes", &self.codes)
            .field("check", &self.check)
            .field("turn", &self.turn)
            .finish_non_exhaustive()
    }
}

impl ChessBoard {
    /// The board of `pos` when it is FIDE chess or Chess960 on the
    /// bitboards; `None` for any other position (draw it as a
    /// [`Picture`]).
    pub fn of(pos: &AnyPosition) -> Option<ChessBoard> {
        let AnyPosition::Fide(p) = pos else {
            return None;
        };
        let variant = pos.variant();
        if !matches!(variant, Variant::Chess | Variant::Chess960) {
            return None;
        }
        let mut codes = [0; 64];
        p.board_codes(&mut codes);
        let check = p
            .is_check()
            .then(|| p.king(p.turn()))
            .flatten()
            .map(|k| k.rank() * 8 + k.file());
        Some(ChessBoard {
            rules: p.rules(),
            variant,
            codes,
            check,
            turn: p.turn(),
        })
    }

    /// The picture of this board, as [`Picture::of`] draws the position.
    pub fn picture(&self) -> Picture {
        let mut pic = Picture::empty();
        pic.reset(self.variant, &self.rules.geometry, self.turn);
        for (s, &code) in self.codes.iter().enumerate() {
            let Some(sq) = u8::try_from(s).ok().and_then(|s| Square::new(s % 8, s / 8)) else {
                continue;
            };
            let piece = code.checked_sub(1).and_then(|c| {
                let color = if c < 6 { Color::White } else { Color::Black };
                Some(core::Piece {
                    color,
                    role: core::Role::new(c % 6)?,
                })
            });
            let token = piece.and_then(|piece| core_token(self.rules, piece));
            if let (Some(token), Some(cell)) = (token, pic.cell_mut(sq)) {
                cell.tokens.push(token);
            }
        }
        pic.check = self.check.and_then(|s| Square::new(s % 8, s / 8));
        pic
    }
}

/// Where the arrow of `m` runs: from where the moving piece stood to where
/// it lands (the king's squares for castling); `None` for a turn without a
/// single such move (a square placed, a shot, a pass).
pub fn move_arrow(m: &AnyMove) -> Option<(Square, Square)> {
    match m {
        AnyMove::Core(m) => Some((m.from(), m.to())),
        AnyMove::Squares(turn) => turn.piece_move().map(|m| (m.from(), m.to())),
        AnyMove::Pasgl(pasgl::Move::Walk(w)) => Some((w.from, w.to)),
        AnyMove::Pasgl(pasgl::Move::Switch { from, to, .. }) => Some((*from, *to)),
        AnyMove::Pasgl(_) => None,
        AnyMove::Lichess(m) => {
            let square =
                |i: usize| Square::new(u8::try_from(i % 8).ok()?, u8::try_from(i / 8).ok()?);
            if m.kind == crate::rules::lichess::MoveKind::Drop {
                return None;
            }
            Some((square(usize::from(m.from))?, square(m.king_to())?))
        }
    }
}

pub(super) fn core_token(rules: &core::GameRules, piece: core::Piece) -> Option<Token> {
    let kind = rules.pieces.get(piece.role.index())?;
    let chessman = matches!(
        (kind.letter, kind.name),
        (b'K', "king")
            | (b'Q', "queen")
            | (b'R', "rook")
            | (b'B', "bishop")
            | (b'N', "knight")
            | (b'P', "pawn")
    );
    Some(Token {
        shape: if chessman {
            Shape::Chessman
        } else {
            Shape::Disc
        },
        color: piece.color,
        letter: char::from(kind.letter),
        name: kind.name,
        states: Vec::new(),
    })
}

fn core_picture(p: &core::Position, variant: Variant, pic: &mut Picture) {
    let rules = p.rules();
    pic.reset(variant, &rules.geometry, p.turn());
    for sq in pic.squares() {
        // A defined game's holes are drawn as gaps in the board.
        if !rules.geometry.contains(sq) {
            if let Some(cell) = pic.cell_mut(sq) {
                cell.outside = false;
                cell.hole = true;
            }
            continue;
        }
        let token = p.piece_at(sq).and_then(|piece| core_token(rules, piece));
        if let (Some(token), Some(cell)) = (token, pic.cell_mut(sq)) {
            cell.tokens.push(token);
        }
    }
    if p.is_check() {
        pic.check = p.king(p.turn());
    }
    if rules.guard.is_some() {
        let zone = p.braking_zone();
        pic.zone = pic.squares().filter(|&sq| zone.contains(sq)).collect();
        pic.facts.push(Fact {
            label: "promotions",
            white: p.promotions(Color::White).to_string(),
            black: p.promotions(Color::Black).to_string(),
        });
    }
}

fn squares_picture(p: &SquaresPosition, variant: Variant, pic: &mut Picture) {
    let rules = p.rules();
    pic.reset(variant, &rules.geometry, p.side_to_move());
    let barred = p.barred();
    for sq in pic.squares() {
        let token = p.piece_at(sq).and_then(|piece| core_token(rules, piece));
        let Some(cell) = pic.cell_mut(sq) else {
            continue;
        };
        cell.hole = !p.has_square(sq);
        cell.owner = p.owner(sq);
        if barred.contains(sq) {
            cell.marks.push(Mark::Barred);
        }
        if let Some(token) = token {
            cell.tokens.push(token);
        }
    }
    if p.in_check() {
        pic.check = p.king(p.side_to_move());
    }
    let reserve = |c| match p.reserve(c) {
        Reserve::Finite(n) => n.to_string(),
        Reserve::Unlimited => "unlimited".to_owned(),
    };
    pic.facts.push(Fact {
        label: "reserve",
        white: reserve(Color::White),
        black: reserve(Color::Black),
    });
}

/// The lichess variants' roles (0 pawn .. 5 king): letter and name.
pub(super) const LICHESS_NAMES: [(char, &str); 6] = [
    ('P', "pawn"),
    ('N', "knight"),
    ('B', "bishop"),
    ('R', "rook"),
    ('Q', "queen"),
    ('K', "king"),
];

fn lichess_picture(p: &LichessPosition, pic: &mut Picture) {
    const NAMES: [(char, &str); 6] = LICHESS_NAMES;
    pic.reset(p.variant(), &Geometry::rectangle(8, 8), p.turn());
    for sq in pic.squares() {
        let index = usize::from(sq.rank()) * 8 + usize::from(sq.file());
        let token = p.piece_at(index).and_then(|(color, role)| {
            let &(letter, name) = NAMES.get(role)?;
            Some(Token {
                shape: Shape::Chessman,
                color,
                letter,
                name,
                states: Vec::new(),
            })
        });
        if let Some(token) = token {
            if token.letter == 'K' && token.color == p.turn() && p.is_check() {
                pic.check = Some(sq);
            }
            if let Some(cell) = pic.cell_mut(sq) {
                cell.tokens.push(token);
            }
        }
    }
    match p.variant() {
        Variant::Crazyhouse => {
            let pocket = |c| {
                let held: Vec<String> = NAMES[..5]
                    .iter()
                    .enumerate()
                    .filter(|&(role, _)| p.pocket(c, role) > 0)
                    .map(|(role, (letter, _))| format!("{letter}{}", p.pocket(c, role)))
                    .collect();
                if held.is_empty() {
                    "-".to_owned()
                } else {
                    held.join(" ")
                }
            };
            pic.facts.push(Fact {
                label: "pocket",
                white: pocket(Color::White),
                black: pocket(Color::Black),
            });
        }
        Variant::ThreeCheck => pic.facts.push(Fact {
            label: "checks to give",
            white: p.checks_left(Color::White).to_string(),
            black: p.checks_left(Color::Black).to_string(),
        }),
        _ => {}
    }
}

pub(super) fn critter_token(c: &pasgl::Critter, riding: bool) -> Token {
    let mut states = Vec::new();
    if c.kind.carries_lunch() {
        states.push(if c.lunch {
            State::Lunch
        } else {
            State::Lunchless
        });
    }
    if c.stinky {
        states.push(State::Stinky);
    }
    match c.transit {
        pasgl::Transit::None => {}
        pasgl::Transit::Boarding => states.push(State::Boarding),
        pasgl::Transit::Leaving => states.push(State::Leaving),
    }
    if riding {
        states.push(State::Riding);
    }
    Token {
        shape: Shape::Critter,
        color: c.color,
        letter: char::from(c.kind.letter()),
        name: c.kind.name(),
        states,
    }
}

fn pasgl_picture(p: &pasgl::Position, variant: Variant, pic: &mut Picture) {
    let geometry = pasgl::geometry();
    pic.reset(variant, geometry, p.side_to_move());
    for sq in pic.squares() {
        let Some(cell) = pic.cell_mut(sq) else {
            continue;
        };
        if cell.outside {
            continue;
        }
        if sq.file() == 0 || sq.file() == geometry.files() - 1 {
            cell.marks.push(Mark::Terminal);
        }
        if pasgl::is_campfire(sq) {
            cell.marks.push(Mark::Campfire);
        }
    }
    for (sq, stack) in p.occupied() {
        if let Some(cell) = pic.cell_mut(sq) {
            cell.tokens
                .extend(stack.iter().map(|c| critter_token(c, false)));
        }
    }
    let (head, tail) = p.train();
    let [head_riders, tail_riders] = p.riders();
    for (sq, mark, riders) in [
        (head, Mark::TrainHead, head_riders),
        (tail, Mark::TrainTail, tail_riders),
    ] {
        if let Some(cell) = pic.cell_mut(sq) {
            cell.marks.push(mark);
            cell.tokens
                .extend(riders.iter().map(|c| critter_token(c, true)));
        }
    }
    let score = p.score();
    pic.facts.push(Fact {
        label: "score",
        white: score[Color::White].to_string(),
        black: score[Color::Black].to_string(),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A picture filled again and again (as `xpgn view` fills one a ply)
    /// equals a fresh one, over positions of random games of every game,
    /// one buffer going from game to game.
    #[test]
    fn a_refilled_picture_equals_a_fresh_one() {
        use crate::rules::playout::{PlayoutOptions, playout};
        let mut reused = Picture::empty();
        let mut seen = 0;
        for variant in Variant::ALL {
            let game = playout(variant, &PlayoutOptions::default(), 3, 40).expect("playout");
            for pos in game.positions() {
                reused.fill(&pos);
                assert_eq!(reused, Picture::of(&pos), "{variant}: {}", pos.fen());
                seen += 1;
            }
        }
        assert!(seen > 300, "{seen} positions");
    }

    /// The shortcut for FIDE chess and Chess960 draws what the general
    /// picture draws, at every position of random games and of the chess
    /// fixtures (checks, castlings, promotions, en passant).
    #[test]
    fn a_chess_board_s_picture_equals_the_position_s() {
        use crate::rules::playout::{PlayoutOptions, playout};
        let mut seen = 0;
        for variant in Variant::ALL {
            for seed in 0..4 {
                let game =
                    playout(variant, &PlayoutOptions::default(), seed, 120).expect("playout");
                for pos in game.positions() {
                    let board = ChessBoard::of(&pos);
                    let fide = matches!(variant, Variant::Chess | Variant::Chess960);
                    assert_eq!(board.is_some(), fide, "{variant}");
                    if let Some(b) = board {
                        assert_eq!(b.picture(), Picture::of(&pos), "{variant}: {}", pos.fen());
                        seen += 1;
                    }
                }
            }
        }
        // Every ply of the chess fixtures, through the verifier.
        struct Compare(u32);
        impl crate::verify::Observer for Compare {
            fn ply(&mut self, ply: &crate::verify::Ply<'_>) {
                let b = ChessBoard::of(ply.after).expect("a bitboard position");
                assert_eq!(b.picture(), Picture::of(ply.after), "{}", ply.after.fen());
                self.0 += 1;
            }
            fn wants_plies(&self) -> bool {
                true
            }
        }
        for name in ["opera-game.pgn", "special-moves.pgn"] {
            let path = format!("{}/fixtures/chess/{name}", env!("CARGO_MANIFEST_DIR"));
            let bytes = std::fs::read(path).expect("fixture");
            let mut v = crate::verify::Verifier::with_observer("f", Compare(0));
            crate::notation::Reader::new(&bytes[..])
                .read_all(&mut v)
                .expect("reads memory");
            let plies = v.into_observer().0;
            assert!(plies > 10, "{name}: {plies}");
            seen += plies;
        }
        for fen in [
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "4k3/8/8/8/8/8/8/4K2R b K - 0 1",
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        ] {
            let pos = AnyPosition::setup(Variant::Chess, Some(fen)).expect(fen);
            let b = ChessBoard::of(&pos).expect("a bitboard position");
            assert_eq!(b.picture(), Picture::of(&pos), "{fen}");
            seen += 1;
        }
        assert!(seen > 200, "{seen} positions");
    }

    fn picture(variant: Variant, fen: Option<&str>) -> Picture {
        let pos = AnyPosition::setup(variant, fen).expect("a position");
        Picture::of(&pos)
    }

    fn tokens(p: &Picture) -> usize {
        p.cells.iter().map(|c| c.tokens.len()).sum()
    }

    #[test]
    fn every_game_s_start_has_its_board_and_its_pieces() {
        for variant in Variant::ALL {
            let p = picture(variant, None);
            assert_eq!(p.cells.len(), usize::from(p.files) * usize::from(p.ranks));
            let expected = match variant {
                Variant::Horde => (8, 8, 36 + 16),
                Variant::RacingKings => (8, 8, 16),
                Variant::Gast => (12, 12, 48),
                Variant::Gast14x12 => (14, 12, 56),
                Variant::Squirrel => (10, 10, 48),
                Variant::Pasgl312 => (10, 8, 32),
                _ => (8, 8, 32),
            };
            assert_eq!((p.files, p.ranks, tokens(&p)), expected, "{variant}");
        }
    }

    #[test]
    fn pasgl_shows_terminals_campfire_and_the_train() {
        let p = picture(Variant::Pasgl312, None);
        let outside = p.cells.iter().filter(|c| c.outside).count();
        assert_eq!(outside, 12, "z and x files exist on ranks 4 and 5 only");
        assert!(!p.cells.iter().any(|c| c.hole));
        let count = |m| p.cells.iter().filter(|c| c.marks.contains(&m)).count();
        assert_eq!(count(Mark::Terminal), 4);
        assert_eq!(count(Mark::Campfire), 4);
        assert_eq!(count(Mark::TrainHead), 1);
        assert_eq!(count(Mark::TrainTail), 1);
        assert_eq!(p.facts[0].label, "score");
    }

    #[test]
    fn squares_show_holes_owners_and_reserves() {
        let p = picture(Variant::Hans38, None);
        assert!(p.cells.iter().any(|c| c.hole), "Hans38 starts with holes");
        assert!(p.cells.iter().any(|c| c.owner.is_some()));
        assert_eq!(p.facts[0].label, "reserve");
    }

    #[test]
    fn squares_are_named_and_read_on_each_grid() {
        let p = picture(Variant::Pasgl312, None);
        let z4 = p.parse_square("z4").expect("z4");
        assert_eq!(p.square_name(z4), "z4");
        assert!(p.parse_square("i4").is_none());
        let g = picture(Variant::Gast, None);
        assert_eq!(
            g.parse_square("l12").map(|s| g.square_name(s)).as_deref(),
            Some("l12")
        );
        assert!(g.parse_square("m1").is_none());
    }
}
