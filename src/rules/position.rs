//! What every game family's position offers the verifier, the exporters and
//! the `moves`/`perft` commands: the [`GamePosition`] trait and the types of
//! its answers.
//!
//! This module names no family, so that each family can implement the
//! trait without importing the run-time dispatch over all of them
//! ([`super::family`]), which imports every family.
//!
//! The chess-like games (FIDE, Chess960, Gast, Squirrel) share one
//! [`core::Position`](super::core::Position); the squares family and PASGL
//! have positions of their own. All of them implement [`GamePosition`], so
//! the code that replays records is written once. Run-time choice between
//! families goes through an enum (STYLE A1.3), inside a family calls are
//! static.

use std::fmt;

use super::Variant;
use super::core::{ByColor, Color};
use super::suggest;
use crate::written::{Coord, Grammar, MoveToken};

pub use super::core::resolve::ending_outcome;

/// Why a written move cannot be played in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    /// What kind of problem it is.
    pub kind: RejectionKind,
    /// What is wrong, without the move itself (the verifier puts the move
    /// as written in front): "the bishop on f1 is blocked by the pawn on
    /// e2".
    pub message: String,
    /// The rule broken, in the rules' own words where possible.
    pub rule: Option<String>,
    /// Legal moves the writer probably meant, in the family's notation.
    pub suggestions: Vec<String>,
}

impl Rejection {
    /// A rejection without rule text or suggestions.
    pub fn new(kind: RejectionKind, message: impl Into<String>) -> Rejection {
        Rejection {
            kind,
            message: message.into(),
            rule: None,
            suggestions: Vec::new(),
        }
    }

    /// Adds the rule broken.
    pub fn with_rule(mut self, rule: impl Into<String>) -> Rejection {
        self.rule = Some(rule.into());
        self
    }

    /// Adds likely intended moves.
    pub fn with_suggestions(mut self, suggestions: Vec<String>) -> Rejection {
        self.suggestions = suggestions;
        self
    }
}

/// The kinds of [`Rejection`]; the verifier maps each to a diagnostic code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RejectionKind {
    /// Well-formed and unambiguous, but against the rules.
    Illegal,
    /// Several legal moves fit what is written.
    Ambiguous,
    /// Names a piece the game does not have, or one that is not there.
    ImpossiblePiece,
    /// A token of a kind this game has no use for (`@@f3` in FIDE chess).
    Malformed,
    /// A state mark written on the move (PASGL `*`/`-`, `_`) contradicts
    /// the position.
    StateMismatch,
}

/// How a game ended by its rules alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why, in a few words: "checkmate", "stalemate", "dead Bear",
    /// "30-point lead", ...
    pub reason: &'static str,
}

/// A position of some game, as the verifier and exporters use it.
///
/// `Move` is the family's own move type: one player's whole turn (under the
/// Postal rule, several actions).
pub trait GamePosition: Clone + fmt::Debug + Send + Sync {
    /// One player's turn.
    type Move: Clone + fmt::Debug + PartialEq;

    /// The position a game of `variant` starts from: the variant's start
    /// array, or the `[FEN]` tag's position when `fen` is given.
    fn setup(variant: Variant, fen: Option<&str>) -> Result<Self, String>
    where
        Self: Sized;

    /// The game this position belongs to.
    fn variant(&self) -> Variant;

    /// The position in the family's FEN-like notation; it round-trips
    /// through [`setup`](Self::setup).
    fn fen(&self) -> String;

    /// The side to move.
    fn turn(&self) -> Color;

    /// Every legal move (turn), appended to `out` after clearing it.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// The legal move a parsed token names, or why there is none.
    /// `scratch` is a buffer the caller reuses from move to move, so that
    /// resolving does not allocate on the hot path; its contents on entry
    /// and exit mean nothing.
    fn resolve(
        &self,
        token: &MoveToken,
        scratch: &mut Vec<Self::Move>,
    ) -> Result<Self::Move, Rejection>;

    /// Plays a move returned by [`legal_moves`](Self::legal_moves) or
    /// [`resolve`](Self::resolve).
    fn play(&mut self, m: &Self::Move);

    /// The move in the family's canonical short notation (SAN or its
    /// equivalent), written before it is played.
    fn notation(&self, m: &Self::Move) -> String;

    /// The move in long notation (from and to squares always written).
    fn long_notation(&self, m: &Self::Move) -> String;

    /// Appends [`long_notation`](Self::long_notation) to `out`; a family
    /// that can write it in place says so (no string per move).
    fn write_long_notation(&self, m: &Self::Move, out: &mut String) {
        out.push_str(&self.long_notation(m));
    }

    /// Appends the move in UCI form, as Fairy-Stockfish writes it for the
    /// games it knows (`e2e4`, `e7e8q`, `P@e4`; castling as the king's
    /// move, king takes rook in Chess960), and for the other games the
    /// extension docs/formats.md defines (`convert --moves uci`). By
    /// default the long notation, for a family that has no such form yet.
    fn write_uci(&self, m: &Self::Move, out: &mut String) {
        out.push_str(&self.long_notation(m));
    }

    /// The move grammar records of this game are read with.
    fn grammar(&self) -> Grammar;

    /// Whether the side to move is in check (games without check: false).
    fn is_check(&self) -> bool {
        false
    }

    /// How the game has ended by the rules, if it has.
    fn outcome(&self) -> Option<Outcome>;

    /// Each side's score, for games that count points (PASGL).
    fn points(&self) -> Option<ByColor<i32>> {
        None
    }

    /// Appends the move's canonical short notation to `out`: the family's
    /// way to write it without allocating, where it has one.
    fn write_notation(&self, m: &Self::Move, out: &mut String) {
        out.push_str(&self.notation(m));
    }

    /// Appends the position's FEN-like notation to `out` (the family's way
    /// to write it without allocating, where it has one).
    fn write_fen(&self, out: &mut String) {
        out.push_str(&self.fen());
    }

    /// Perft to `depth`, by the family's fastest generator (by default the
    /// generic walk, [`perft`]).
    fn perft(&self, depth: u32) -> u64
    where
        Self: Sized,
    {
        perft(self, depth)
    }

    /// The number of the move about to be played, as a record numbers it,
    /// `plies_played` moves after the game's start (issue 13): the start
    /// position's move number, one more after each Black move. The default
    /// is for a position string without a move number (PASGL's): games
    /// count from 1, whichever side moves first.
    fn fullmoves(&self, plies_played: u32) -> u32 {
        // Black moved first when Black is to move after an even number of
        // plies, or White after an odd one.
        let black_began = (self.turn() == Color::Black) == (plies_played % 2 == 0);
        1 + (plies_played + u32::from(black_began)) / 2
    }

    /// What the repetition and fifty-move rules need after a move, for
    /// the games that have them (by default none).
    fn draw_state(&self) -> Option<DrawState> {
        None
    }

    /// Where the rules say how a game of this family ends, for diagnostics
    /// about moves after the end and results that contradict it.
    fn end_rule(&self) -> &'static str {
        "RULINGS C1 (FIDE Laws 5 and 9)"
    }

    // The hooks below let the verifier treat every game alike: a family
    // overrides the ones its rules need, the defaults fit the rest.

    /// Whether the position is a win by the game's own goal rather than by
    /// checkmate (an exploded king, the hill, a third check, ...): lichess
    /// and python-chess write `#` on the move that reaches it. Asked after
    /// every move, so the default (no such goal) costs nothing.
    fn won_by_goal(&self) -> bool {
        false
    }

    /// Whether a written pass (`--`, `Z0`) is a null move, which the
    /// verifier plays with a warning ([`play_null`](Self::play_null)); in
    /// games that know passing (the default) it is an ordinary move.
    fn passes_are_null_moves(&self) -> bool {
        false
    }

    /// Passes the turn for a null move; games without null moves (the
    /// default) are left unchanged.
    fn play_null(&mut self) {}

    /// The one legal move a refused token plainly meant, when the family
    /// recovers from slips (the squares family: Betza's own records hold
    /// some), so that the replay goes on; by default none.
    fn likely_move(&self, token: &MoveToken) -> Option<Self::Move> {
        let _ = token;
        None
    }

    /// Checks a `_` roadkill mark (RULINGS N6) for `critter` on `at`
    /// against the turn just played. Only games with a Train have them.
    ///
    /// # Errors
    ///
    /// A [`Rejection`] when the mark is false or the game has no Train
    /// (the default).
    fn verify_roadkill(&self, critter: u8, at: Coord) -> Result<(), Rejection> {
        let _ = (critter, at);
        Err(Rejection::new(
            RejectionKind::Malformed,
            "a `_` roadkill mark belongs to PASGL 312 records",
        ))
    }

    /// "did you mean ...?" help for a move written as `written`: the legal
    /// moves nearest to it, if any are near.
    #[cold]
    fn suggestions(&self, written: &str) -> Vec<String> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        suggest::did_you_mean(
            written,
            moves
                .iter()
                .map(|m| (self.notation(m), self.long_notation(m))),
        )
    }
}

/// Counts leaf nodes of the move tree to `depth`, for any family.
pub fn perft<P: GamePosition>(pos: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play(m);
            perft(&next, depth - 1)
        })
        .sum()
}

/// Perft split by first move: each legal move in long notation with its
/// count at `depth - 1`, for any family.
pub fn divide<P: GamePosition>(pos: &P, depth: u32) -> Vec<(String, u64)> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play(m);
            (pos.long_notation(m), perft(&next, depth.saturating_sub(1)))
        })
        .collect()
}

/// The state the repetition and fifty-move rules look at after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawState {
    /// Equal for positions that count as the same for repetition.
    pub key: u64,
    /// Half-moves since the last capture or irreversible move.
    pub halfmoves: u32,
    /// Whether a reset of the clock makes earlier positions unrepeatable.
    pub irreversible: bool,
    /// The ruling that applies the rules to this game.
    pub ruling: &'static str,
    /// Half-moves without capture or pawn move after which a draw may be
    /// claimed (0: never): 100, the fifty-move rule, but for a definition's
    /// `nMoveRule`.
    pub claim_halfmoves: u32,
}
