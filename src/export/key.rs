//! The identity of a game for `xpgn dedupe`: a 128-bit hash of its start
//! position and its mainline, taken from the verifier's one pass.
//!
//! Two records are one game when they start from the same position of the
//! same game and their mainlines are the same moves. The moves are those
//! the verifier played, so the notation they were written in does not
//! matter (`Ng1-f3`, `Nf3` and `g1f3` are one move); tags, comments, NAGs,
//! variations, move numbers and the result do not count.
//!
//! A game the verifier rejects is still keyed, never dropped: its moves up
//! to the first one the verifier could not play count as played, and that
//! move and every later mainline move count as written (check marks and
//! annotation suffixes left out); where the verifier replays on after a
//! slip with the turn plainly meant (the squares family), only the slip is
//! keyed as written. A game whose start position could not be
//! set up (an unknown variant, a bad `[FEN]`) is keyed by its `[Variant]`,
//! `[SetUp]` and `[FEN]` tags as written and its mainline moves as written.
//!
//! The key's bytes are collected per game in one reused buffer and hashed
//! twice with SipHash-1-3 (two seeds) at the game's end, or whenever the
//! buffer passes [`FLUSH`] bytes, so memory stays flat for any game.

use std::hash::{DefaultHasher, Hasher};

use crate::rules::core::Move;
use crate::rules::family::{AnyMove, AnyPosition, GamePosition};
use crate::rules::variant::Family;
use crate::verify::Ply;

/// A game's identity: equal keys mean the same start and mainline (up to a
/// hash collision, about one in 2^64 for a billion games).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GameKey(pub u128);

/// Bytes collected before they are hashed: a long game is hashed in pieces.
pub const FLUSH: usize = 16 * 1024;

// What each part of the key's bytes is; the values keep the parts apart.
/// A verified start: the variant's name, a 0 byte, then the FEN.
const START: u8 = 0xF0;
/// No start position: the setup tags as written follow.
const SETUP_AS_WRITTEN: u8 = 0xF1;
/// One setup tag as written: name and value, each with its length.
const SETUP_TAG: u8 = 0xF2;
/// A core move: the moving role, from, to, promotion.
const CORE_NORMAL: u8 = 1;
/// En passant: from, to.
const CORE_EN_PASSANT: u8 = 2;
/// Castling: the king's and the partner's squares before and after.
const CORE_CASTLE: u8 = 3;
/// A null move.
const NULL_MOVE: u8 = 4;
/// A move of another family in its canonical notation, with its length.
const NOTATION: u8 = 5;
/// A mainline move the verifier did not play, as written, with its length.
const WRITTEN: u8 = 6;

/// Collects one game's key as the verifier plays it; reused across games.
#[derive(Debug)]
pub struct Keyer {
    buf: Vec<u8>,
    hashers: [DefaultHasher; 2],
    /// The start (verified or as written) is in `buf` or hashed.
    head: bool,
    /// `[Variant]`, `[SetUp]` and `[FEN]` as written, for a game whose
    /// start position is not known.
    setup: Vec<u8>,
    /// Mainline plies keyed as played.
    plies: u32,
    /// Notation of a move that is not a core move.
    text: String,
}

impl Default for Keyer {
    fn default() -> Keyer {
        Keyer::new()
    }
}

fn seeded(seed: u8) -> DefaultHasher {
    let mut h = DefaultHasher::new();
    h.write(&[b'x', b'p', b'g', b'n', seed]);
    h
}

fn push_len(buf: &mut Vec<u8>, bytes: &[u8]) {
    let len = u32::try_from(bytes.len()).unwrap_or(u32::MAX);
    buf.extend_from_slice(&len.to_le_bytes());
    buf.extend_from_slice(bytes);
}

/// A square or role index as one byte (boards are at most 16x16, so 256
/// squares; roles are fewer than 16).
fn byte(index: usize) -> u8 {
    u8::try_from(index).unwrap_or(u8::MAX)
}

impl Keyer {
    /// A keyer at the start of a game.
    pub fn new() -> Keyer {
        Keyer {
            buf: Vec::with_capacity(1024),
            hashers: [seeded(1), seeded(2)],
            head: false,
            setup: Vec::new(),
            plies: 0,
            text: String::new(),
        }
    }

    /// Forgets the game so far: a new game begins.
    pub fn reset(&mut self) {
        self.buf.clear();
        self.hashers = [seeded(1), seeded(2)];
        self.head = false;
        self.setup.clear();
        self.plies = 0;
    }

    /// Mainline plies keyed as played so far in this game.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// A tag as written: kept if it is one of the setup tags, for a game
    /// whose start position turns out not to be known.
    pub fn tag(&mut self, name: &[u8], value: &[u8]) {
        let setup = [&b"Variant"[..], b"SetUp", b"FEN"]
            .iter()
            .any(|n| n.eq_ignore_ascii_case(name));
        if setup {
            self.setup.push(SETUP_TAG);
            push_len(&mut self.setup, name);
            push_len(&mut self.setup, value);
        }
    }

    /// The verifier set up the game's start position.
    pub fn start(&mut self, start: &AnyPosition) {
        if self.head {
            return;
        }
        self.head = true;
        let variant = start.variant();
        self.buf.push(START);
        self.buf.extend_from_slice(variant.name().as_bytes());
        self.buf.push(0);
        self.text.clear();
        start.write_fen(&mut self.text);
        let mut fen = self.text.as_str();
        // The clocks are counters, not the position: a game copied with
        // another move number in its [FEN] is the same game (as in EPD).
        if matches!(variant.family(), Family::Fide | Family::Lichess) {
            for _ in 0..2 {
                fen = fen.rsplit_once(' ').map_or(fen, |(head, _)| head);
            }
        }
        self.buf.extend_from_slice(fen.as_bytes());
    }

    /// Without a start position, the setup tags as written start the key.
    fn ensure_head(&mut self) {
        if !self.head {
            self.head = true;
            self.buf.push(SETUP_AS_WRITTEN);
            self.buf.extend_from_slice(&self.setup);
        }
    }

    /// A mainline move the verifier played.
    pub fn ply(&mut self, ply: &Ply<'_>) {
        self.ensure_head();
        self.plies += 1;
        match ply.played {
            None => self.buf.push(NULL_MOVE),
            Some(AnyMove::Core(m)) => match *m {
                Move::Normal {
                    role,
                    from,
                    to,
                    promotion,
                    ..
                } => self.buf.extend_from_slice(&[
                    CORE_NORMAL,
                    byte(role.index()),
                    byte(from.index()),
                    byte(to.index()),
                    promotion.map_or(0, |r| byte(r.index() + 1)),
                ]),
                Move::EnPassant { from, to, .. } => self.buf.extend_from_slice(&[
                    CORE_EN_PASSANT,
                    byte(from.index()),
                    byte(to.index()),
                ]),
                Move::Castle {
                    king,
                    rook,
                    king_to,
                    rook_to,
                    ..
                } => self.buf.extend_from_slice(&[
                    CORE_CASTLE,
                    byte(king.index()),
                    byte(rook.index()),
                    byte(king_to.index()),
                    byte(rook_to.index()),
                ]),
            },
            Some(m) => {
                self.text.clear();
                ply.before.write_notation(m, &mut self.text);
                self.buf.push(NOTATION);
                push_len(&mut self.buf, self.text.as_bytes());
            }
        }
        self.flush_if_full();
    }

    /// A mainline move the verifier did not play, as written.
    pub fn written(&mut self, text: &[u8]) {
        self.ensure_head();
        self.buf.push(WRITTEN);
        push_len(&mut self.buf, text);
        self.flush_if_full();
    }

    fn flush_if_full(&mut self) {
        if self.buf.len() >= FLUSH {
            self.flush();
        }
    }

    fn flush(&mut self) {
        for h in &mut self.hashers {
            h.write(&self.buf);
        }
        self.buf.clear();
    }

    /// The game's key; the keyer is ready for the next game.
    pub fn finish(&mut self) -> GameKey {
        self.ensure_head();
        self.flush();
        let [a, b] = &self.hashers;
        let key = GameKey((u128::from(a.finish()) << 64) | u128::from(b.finish()));
        self.reset();
        key
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::records::{Collect, Tee};
    use crate::notation::Reader;
    use crate::record::Builder;
    use crate::verify::Verifier;

    /// The keys of every game of `pgn`, as the pipeline takes them.
    fn keys(pgn: &str) -> Vec<GameKey> {
        let mut verifier = Verifier::with_observer("k", Collect::new(false, false).keyed());
        let mut reader = Reader::new(pgn.as_bytes());
        loop {
            let mut tee = Tee::<Builder>::new(None, &mut verifier);
            if !reader.read_game(&mut tee).unwrap_or(false) {
                break;
            }
        }
        verifier.observer_mut().take_keys()
    }

    fn one(pgn: &str) -> GameKey {
        let k = keys(pgn);
        assert_eq!(k.len(), 1, "{pgn}");
        k[0]
    }

    #[test]
    fn notation_tags_comments_and_results_do_not_count() {
        let a = one("[White \"a\"]\n\n1. e4 e5 2. Nf3 {hi} Nc6 (2... d6) 1-0\n");
        let b = one("[Black \"b\"]\n\n1. e2-e4 e7e5 2. Ng1-f3 $1 Nb8c6 *\n");
        assert_eq!(a, b);
    }

    #[test]
    fn different_moves_starts_and_variants_differ() {
        let base = one("1. e4 e5 *");
        assert_ne!(base, one("1. e4 e6 *"));
        assert_ne!(base, one("1. e4 *"));
        let fen = "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1\"]\n\n1. e4 e5 *";
        assert_ne!(base, one(fen));
        assert_ne!(base, one("[Variant \"Antichess\"]\n\n1. e4 e5 *"));
        // The start position named by FEN is the same position, whatever
        // its clocks.
        let start = "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n1. e4 e5 *";
        assert_eq!(base, one(start));
        let counted = "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3 9\"]\n\n1. e4 e5 *";
        assert_eq!(base, one(counted));
        let black = "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1\"]\n\n1... e5 *";
        assert_ne!(one("1. e4 e5 *"), one(black));
    }

    #[test]
    fn rejected_games_compare_by_the_moves_as_written_from_the_error() {
        let a = one("1. e4 e5 2. Ke3 Nc6 *");
        assert_eq!(a, one("[Event \"x\"]\n\n1. e2e4 e5 2. Ke3 Nc6 1-0"));
        assert_ne!(a, one("1. e4 e5 2. Ke3 Nf6 *"));
        // Written differently after the error: not the same text.
        assert_ne!(a, one("1. e4 e5 2. Ke3 Nb8-c6 *"));
    }

    #[test]
    fn unknown_variants_compare_by_setup_tags_and_moves_as_written() {
        let a = one("[Variant \"Suicide\"]\n\n1. e4 e5 *");
        assert_eq!(
            a,
            one("[Variant \"Suicide\"]\n[White \"w\"]\n\n1. e4 e5 1-0")
        );
        assert_ne!(a, one("[Variant \"Placement\"]\n\n1. e4 e5 *"));
        assert_ne!(a, one("[Variant \"Suicide\"]\n\n1. e4 e6 *"));
    }

    #[test]
    fn long_games_are_hashed_in_pieces_with_the_same_result() {
        // Knights back and forth: far more than FLUSH bytes of key.
        let mut pgn = String::new();
        for i in 0..2000 {
            pgn.push_str(&format!("{}. Nf3 Nf6 {}. Ng1 Ng8 ", 2 * i + 1, 2 * i + 2));
        }
        let a = keys(&format!("{pgn}*\n\n{pgn}*\n"));
        assert_eq!(a.len(), 2);
        assert_eq!(a[0], a[1]);
        assert_ne!(a[0], one(&format!("{pgn} Nf3 *")));
    }

    #[test]
    fn games_of_other_families_key_their_notation() {
        let gast = "[Variant \"Gast\"]\n\n";
        let keys = keys(&format!(
            "{gast}1. f4 *\n\n{gast}1. f4 *\n\n{gast}1. g4 *\n"
        ));
        assert_eq!(keys.len(), 3);
        assert_eq!(keys[0], keys[1]);
        assert_ne!(keys[0], keys[2]);
    }
}
