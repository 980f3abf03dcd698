//! Moves as written, once parsed: the types both the notation reader (which
//! parses move tokens, [`crate::notation::token`]) and the rules (which
//! resolve them to legal moves) use, and each game's [`Grammar`].
//!
//! They live below both so that `rules` never imports `notation` (STYLE B1:
//! the engine works alone) and `notation` never imports `rules` (the reader
//! knows no legality); a game family names its grammar here.

use std::sync::LazyLock;

use arrayvec::{ArrayString, ArrayVec};

/// A square as written: 0-based file index into the grammar's file letters,
/// and 0-based rank (rank `1` is 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    /// Index into [`Grammar::files`].
    pub file: u8,
    /// 0-based rank.
    pub rank: u8,
}

/// Which way a castling goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastleSide {
    /// `O-O` or `0-0`.
    King,
    /// `O-O-O` or `0-0-0`.
    Queen,
}

/// A piece move in SAN or LAN (`Nf3`, `exd5`, `Nbd2`, `Qh4e1`, `e2-e4`,
/// `d6:e5`, `e7e8q`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceMove {
    /// Upper-case piece letter as written; `None` for a pawn move without a
    /// letter (a written `P` stays `Some(b'P')`).
    pub piece: Option<u8>,
    /// The origin file index, if written.
    pub from_file: Option<u8>,
    /// The origin rank (0-based), if written.
    pub from_rank: Option<u8>,
    /// `x` or `:` was written.
    pub capture: bool,
    /// The destination.
    pub to: Coord,
    /// Upper-case promotion letter (`=Q`, `Q`, `(Q)` or UCI `q`).
    pub promotion: Option<u8>,
}

/// A PASGL critter's move or ranged action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CritterKind {
    /// `-` (or `:`) then the destination: the critter moves.
    Move {
        /// The destination.
        to: Coord,
    },
    /// `>` then the target: a Hunter's shot or a Woodchuck's chuck; the
    /// shooter stays.
    Shot {
        /// The target square.
        to: Coord,
    },
}

/// Most critters a Bear can displace in one move (the 8 neighbours).
pub const MAX_DISPLACED: usize = 8;

/// Critters displaced by a Bear, each with where it goes.
pub type Displaced = ArrayVec<(u8, Coord), MAX_DISPLACED>;

/// A PASGL 312 critter action (RULINGS N6): `Df1-e3`, `*-Te1-e2`,
/// `Df1-e3/F`, `Hd2>d5/F`, `Bd3-d4/Tc5/Fe5`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CritterAction {
    /// `*` prefix: the critter is stinky.
    pub stinky: bool,
    /// `-` prefix: the critter carries no lunch.
    pub lunchless: bool,
    /// Upper-case critter letter.
    pub critter: u8,
    /// Where the critter stands.
    pub from: Coord,
    /// Move or shot, and where to.
    pub kind: CritterKind,
    /// `:` was written instead of `-`.
    pub capture: bool,
    /// `/F`: the one victim (upper-case letter).
    pub victim: Option<u8>,
    /// `/Tc5/Fe5`: where each critter displaced by a Bear goes (upper-case letters).
    pub displaced: Displaced,
}

/// One action of a turn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A piece move.
    Piece(PieceMove),
    /// `O-O`, `O-O-O`, `0-0`, `0-0-0`.
    Castle(CastleSide),
    /// `@@f3`: a square from reserve placed on a hole.
    PlaceSquare {
        /// Where.
        to: Coord,
    },
    /// `@g8-e6`: a square moved; `@c7-b8=N` carries a pawn to promotion
    /// (Moving Occupied Squares, RULINGS L17).
    MoveSquare {
        /// Where the square is.
        from: Coord,
        /// Where it goes.
        to: Coord,
        /// Upper-case letter of the piece a carried pawn promotes to (`=N`).
        promotion: Option<u8>,
    },
    /// `N@f3`, `P@e4` or `@e4`: a Crazyhouse drop from the pocket.
    Drop {
        /// Upper-case letter of the dropped piece (`P` when none is written).
        piece: u8,
        /// Where.
        to: Coord,
    },
    /// `--`: a null move or pass.
    Pass,
    /// A PASGL critter action.
    Critter(CritterAction),
    /// `_Pd4`: a PASGL annotation token after a move, naming a critter run
    /// over by the Train.
    Roadkill {
        /// Upper-case critter letter.
        critter: u8,
        /// Where it was run over.
        at: Coord,
    },
}

/// Most actions in one turn (Postal Plus: piece move, square move, placement).
pub const MAX_ACTIONS: usize = 4;

/// A parsed move token: one turn's actions, the piece move first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveToken {
    /// The actions in written order.
    pub actions: ArrayVec<Action, MAX_ACTIONS>,
}

impl MoveToken {
    /// Whether the token holds one action (no postal comma turn).
    pub fn is_single(&self) -> bool {
        self.actions.len() == 1
    }

    /// The first action (the piece move of a postal turn).
    pub fn first(&self) -> Option<&Action> {
        self.actions.first()
    }

    /// Whether this is a `_` roadkill annotation rather than a move.
    pub fn is_roadkill(&self) -> bool {
        matches!(self.actions.first(), Some(Action::Roadkill { .. }))
    }
}

/// Why a grammar description was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GrammarError {
    /// Files must be 1 to 16 distinct lower-case ASCII letters.
    #[error("files must be 1 to 16 distinct lower-case letters")]
    BadFiles,
    /// Ranks must be 1 to 16.
    #[error("ranks must be from 1 to 16")]
    BadRanks,
    /// Pieces must be distinct upper-case ASCII letters.
    #[error("piece letters must be distinct upper-case letters")]
    BadPieces,
}

/// A game's move notation: its file letters, rank count, piece letters and
/// the extended forms it allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grammar {
    pub(crate) files: ArrayVec<u8, 16>,
    pub(crate) ranks: u8,
    pub(crate) pieces: ArrayVec<u8, 26>,
    /// File index by byte, [`NO_FILE`] for none: every token looks
    /// letters up, and a table beats searching `files` (256 entries: no
    /// bounds test).
    pub(crate) file_of: [u8; 256],
    /// [`PIECE`] and [`LOWER_PIECE`] by byte.
    pub(crate) letter_class: [u8; 256],
    /// The ranks a single digit can name (`1` to `9`, at most `ranks`).
    pub(crate) digit_ranks: u8,
    pub(crate) x_capture: bool,
    pub(crate) squares: bool,
    pub(crate) pasgl: bool,
    /// Crazyhouse drops (`N@f3`, `@e4`).
    pub(crate) drops: bool,
}

/// [`Grammar::file_of`] for a byte that is no file letter.
const NO_FILE: u8 = u8::MAX;

/// [`Grammar::letter_class`]: a piece letter.
const PIECE: u8 = 1;

/// [`Grammar::letter_class`]: the lower case of a piece letter (UCI
/// promotions).
const LOWER_PIECE: u8 = 2;

/// [`Grammar::letter_class`]: a separator between origin and destination
/// (`-`, `:`, and `x` where it is no file).
pub(crate) const SEPARATOR: u8 = 4;

/// [`Grammar::letter_class`]: a separator that marks a capture.
pub(crate) const CAPTURE_MARK: u8 = 8;

impl Grammar {
    /// A grammar of piece moves and castling on the given files, ranks and
    /// pieces. `x` marks a capture unless it is one of the files.
    ///
    /// # Errors
    ///
    /// When a letter list is not distinct letters of the right case, or the
    /// counts are out of range.
    pub fn new(files: &[u8], ranks: u8, pieces: &[u8]) -> Result<Grammar, GrammarError> {
        let distinct = |s: &[u8]| s.iter().enumerate().all(|(i, b)| !s[..i].contains(b));
        if files.is_empty()
            || files.len() > 16
            || !files.iter().all(u8::is_ascii_lowercase)
            || !distinct(files)
        {
            return Err(GrammarError::BadFiles);
        }
        if !(1..=16).contains(&ranks) {
            return Err(GrammarError::BadRanks);
        }
        if pieces.len() > 26 || !pieces.iter().all(u8::is_ascii_uppercase) || !distinct(pieces) {
            return Err(GrammarError::BadPieces);
        }
        let mut file_of = [NO_FILE; 256];
        for (i, &f) in (0u8..).zip(files) {
            file_of[usize::from(f)] = i;
        }
        let mut letter_class = [0; 256];
        for &p in pieces {
            letter_class[usize::from(p)] |= PIECE;
            letter_class[usize::from(p.to_ascii_lowercase())] |= LOWER_PIECE;
        }
        let x_capture = !files.contains(&b'x');
        letter_class[usize::from(b'-')] |= SEPARATOR;
        letter_class[usize::from(b':')] |= SEPARATOR | CAPTURE_MARK;
        if x_capture {
            letter_class[usize::from(b'x')] |= SEPARATOR | CAPTURE_MARK;
        }
        Ok(Grammar {
            files: files.iter().copied().collect(),
            ranks,
            pieces: pieces.iter().copied().collect(),
            file_of,
            letter_class,
            digit_ranks: ranks.min(9),
            x_capture,
            squares: false,
            pasgl: false,
            drops: false,
        })
    }

    /// Allows the squares family forms: `@@f3`, `@g8-e6`, comma turns (RULINGS N5).
    pub fn with_squares(mut self) -> Grammar {
        self.squares = true;
        self
    }

    /// Allows Crazyhouse drops: `N@f3`, `P@e4`, `@e4`.
    pub fn with_drops(mut self) -> Grammar {
        self.drops = true;
        self
    }

    /// Crazyhouse: chess with drops.
    pub fn crazyhouse() -> Grammar {
        Grammar::chess().with_drops()
    }

    /// Switches to PASGL critter actions (RULINGS N6) instead of SAN/LAN.
    pub fn with_pasgl(mut self) -> Grammar {
        self.pasgl = true;
        self
    }

    // The built-in grammars are built once: a game asks for its grammar
    // when it starts, and a clone is cheaper than checking the letters.

    /// FIDE chess: files a to h, 8 ranks, `KQRBNP`.
    pub fn chess() -> Grammar {
        static G: LazyLock<Grammar> = LazyLock::new(|| Grammar::builtin(b"abcdefgh", 8, b"KQRBNP"));
        G.clone()
    }

    /// Gast I, 12x12, with archer, guard and pope.
    pub fn gast() -> Grammar {
        static G: LazyLock<Grammar> =
            LazyLock::new(|| Grammar::builtin(b"abcdefghijkl", 12, b"KQRBNPAGO"));
        G.clone()
    }

    /// Gast II, 14x12.
    pub fn gast14() -> Grammar {
        static G: LazyLock<Grammar> =
            LazyLock::new(|| Grammar::builtin(b"abcdefghijklmn", 12, b"KQRBNPAGO"));
        G.clone()
    }

    /// Squirrel chess, 10x10, with camel, squirrel and guard.
    pub fn squirrel() -> Grammar {
        static G: LazyLock<Grammar> =
            LazyLock::new(|| Grammar::builtin(b"abcdefghij", 10, b"KQRBNPCSG"));
        G.clone()
    }

    /// The squares family on 8x8 (Hans38 and the others).
    pub fn squares() -> Grammar {
        Grammar::chess().with_squares()
    }

    /// PASGL 312: files `z a..h x`, 8 ranks, critter letters and the Train.
    pub fn pasgl() -> Grammar {
        static G: LazyLock<Grammar> =
            LazyLock::new(|| Grammar::builtin(b"zabcdefghx", 8, b"BHDFWSTMPX").with_pasgl());
        G.clone()
    }

    fn builtin(files: &[u8], ranks: u8, pieces: &[u8]) -> Grammar {
        Grammar::new(files, ranks, pieces).expect("invariant: built-in grammars are valid")
    }

    /// The file letters, left to right.
    pub fn files(&self) -> &[u8] {
        &self.files
    }

    /// The number of ranks.
    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    /// The known piece letters (upper case).
    pub fn pieces(&self) -> &[u8] {
        &self.pieces
    }

    /// Whether `x` marks a capture (false when `x` is a file, as in PASGL).
    pub fn x_is_capture(&self) -> bool {
        self.x_capture
    }

    /// Whether the squares family forms are allowed.
    pub fn has_squares(&self) -> bool {
        self.squares
    }

    /// Whether this is the PASGL critter grammar.
    pub fn is_pasgl(&self) -> bool {
        self.pasgl
    }

    /// The index of a file letter.
    #[inline]
    pub fn file_index(&self, letter: u8) -> Option<u8> {
        let f = self.file_of[usize::from(letter)];
        (f != NO_FILE).then_some(f)
    }

    #[inline]
    pub(crate) fn is_piece(&self, letter: u8) -> bool {
        self.letter_class[usize::from(letter)] & PIECE != 0
    }

    /// The [`SEPARATOR`] and [`CAPTURE_MARK`] bits of `b`.
    #[inline]
    pub(crate) fn separator_class(&self, b: u8) -> u8 {
        self.letter_class[usize::from(b)] & (SEPARATOR | CAPTURE_MARK)
    }

    /// Whether `letter` is the lower case of a piece letter.
    #[inline]
    pub(crate) fn is_lower_piece(&self, letter: u8) -> bool {
        self.letter_class[usize::from(letter)] & LOWER_PIECE != 0
    }
}

/// Writes a coordinate back as text (`e4`, `k12`, `z5`); `?` for a file
/// index the grammar does not have.
pub fn coord_name(grammar: &Grammar, coord: Coord) -> ArrayString<4> {
    let mut s = ArrayString::new();
    let file = grammar
        .files
        .get(usize::from(coord.file))
        .copied()
        .unwrap_or(b'?');
    s.push(char::from(file));
    let rank = u16::from(coord.rank) + 1;
    if rank >= 100 {
        s.push(char::from(b'0' + (rank / 100) as u8));
    }
    if rank >= 10 {
        s.push(char::from(b'0' + (rank / 10 % 10) as u8));
    }
    s.push(char::from(b'0' + (rank % 10) as u8));
    s
}
