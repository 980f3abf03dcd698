//! What the verifier tells the commands that export what it learns
//! (`convert`, `fen`, `stats`, `scores`): every move as it resolved and
//! played it, so that no command replays a game a second time.

use super::GameReport;
use crate::rules::family::{AnyMove, AnyPosition, GamePosition};

/// One move the verifier played, mainline or variation.
///
/// The notation is written only when asked ([`write_san`](Self::write_san),
/// [`write_lan`](Self::write_lan)): most observers need it for a few moves
/// or none.
#[derive(Clone, Copy, Debug)]
pub struct Ply<'a> {
    /// Plies from the game's start, this move included (1 for a first move).
    pub number: u32,
    /// Whether the move is on the mainline (not in a variation).
    pub mainline: bool,
    /// Whether the move was not the one written: the squares family's
    /// replay goes on after a slip with the legal turn plainly meant, and
    /// this is that turn (the slip itself is reported as an error).
    pub recovered: bool,
    /// The move as the verifier resolved it; `None` for a null move.
    pub played: Option<&'a AnyMove>,
    /// The position before the move.
    pub before: &'a AnyPosition,
    /// The position after it.
    pub after: &'a AnyPosition,
    /// Whether the move gives check.
    pub check: bool,
    /// Whether it mates.
    pub mate: bool,
    /// Whether no other legal move of the mover's kind reaches its target,
    /// when known: the move was written without an origin and the
    /// bitboard resolver found it the only one (false when not known). Its
    /// SAN then needs no disambiguation, so none is looked for.
    pub sole: bool,
}

impl Ply<'_> {
    fn mark(&self, out: &mut String) {
        if self.mate {
            out.push('#');
        } else if self.check {
            out.push('+');
        }
    }

    /// Appends the move's canonical short notation (SAN for chess) with its
    /// check or mate mark; `--` for a null move.
    pub fn write_san(&self, out: &mut String) {
        match self.played {
            // Without the rival search when [`sole`](Self::sole) says there
            // is none (tests/san_sole.rs holds it to the general writer).
            Some(m) => self.before.write_notation_sole(m, self.sole, out),
            None => out.push_str("--"),
        }
        self.mark(out);
    }

    /// [`write_san`](Self::write_san) by the family's general writer alone,
    /// as if [`sole`](Self::sole) were unknown: what the shortcut is tested
    /// against.
    pub fn write_san_general(&self, out: &mut String) {
        match self.played {
            Some(m) => self.before.write_notation(m, out),
            None => out.push_str("--"),
        }
        self.mark(out);
    }

    /// Appends the move's long notation (from and to squares) with its
    /// check or mate mark; `--` for a null move.
    pub fn write_lan(&self, out: &mut String) {
        match self.played {
            Some(m) => self.before.write_long_notation(m, out),
            None => out.push_str("--"),
        }
        self.mark(out);
    }

    /// Appends the move in UCI form (no check mark: UCI has none); `--`
    /// for a null move, as in the other notations (UCI's `0000` reads as a
    /// move number in PGN); see [`GamePosition::write_uci`].
    pub fn write_uci(&self, out: &mut String) {
        match self.played {
            Some(m) => self.before.write_uci(m, out),
            None => out.push_str("--"),
        }
    }

    /// The move's canonical short notation with its mark, as a new string
    /// ([`write_san`](Self::write_san) into one of a small capacity).
    pub fn san(&self) -> String {
        let mut out = String::with_capacity(8);
        self.write_san(&mut out);
        out
    }

    /// The move's long notation with its mark, as a new string (the one
    /// the rules write it into: no copy).
    pub fn lan(&self) -> String {
        let mut out = match self.played {
            Some(m) => self.before.long_notation(m),
            None => "--".to_string(),
        };
        self.mark(&mut out);
        out
    }
}

/// Receives what the verifier learns, for subcommands that export it
/// (`convert`, `fen`, `stats`, `scores`). Every method has a no-op default.
pub trait Observer {
    /// A game's start position, once its tags are read.
    fn start_position(&mut self, start: &AnyPosition) {
        let _ = start;
    }

    /// A move was played (on the mainline or in a variation), when
    /// [`wants_plies`](Self::wants_plies) says so.
    fn ply(&mut self, ply: &Ply<'_>) {
        let _ = ply;
    }

    /// A game is over; `last` is its final mainline position when the game
    /// could be replayed at all.
    fn end_game(&mut self, report: &GameReport, last: Option<&AnyPosition>) {
        let _ = (report, last);
    }

    /// Whether [`ply`](Self::ply) is wanted.
    fn wants_plies(&self) -> bool {
        false
    }

    /// Whether [`GameReport::tags`] is to hold every tag it lists; when
    /// not, only Result, Variant, SetUp, FEN, Postal and Readings are kept
    /// (the verifier reads Event, White and Black only for a diagnostic,
    /// and then decodes them itself).
    fn wants_tags(&self) -> bool {
        true
    }

    /// Whether [`GameReport::termination`] is to say how a game ended when
    /// its last position ends it (checkmate, stalemate, a variant's own
    /// end) and nothing else asks: when not, a game whose result is
    /// unknown (`*` or none) is not searched for a legal move at its end,
    /// as no result is checked against the answer.
    fn wants_ending(&self) -> bool {
        true
    }
}

impl Observer for () {
    fn wants_tags(&self) -> bool {
        false
    }

    fn wants_ending(&self) -> bool {
        false
    }
}
