//! Seeded random playouts of any game: a start position and a list of
//! random legal moves, the same for the same seed on every machine.
//!
//! Property tests walk the positions a playout reaches (position strings
//! round-trip, written moves read back), and benchmarks replay its records.
//! The moves come from the families' own legal move lists through
//! [`AnyPosition`], so a playout is legal by construction.
//!
//! # Examples
//!
//! ```
//! use xpgn::rules::Variant;
//! use xpgn::rules::playout::{PlayoutOptions, playout};
//!
//! let game = playout(Variant::Hans38, &PlayoutOptions::default(), 7, 40).unwrap();
//! assert!(game.moves.len() <= 40);
//! let again = playout(Variant::Hans38, &PlayoutOptions::default(), 7, 40).unwrap();
//! assert_eq!(game.moves, again.moves);
//! ```

use super::Variant;
use super::family::{AnyMove, AnyPosition, GamePosition, Outcome};
use super::setup::SetupError;
use super::squares::Postal;

/// SplitMix64 (Steele, Lea and Flood 2014): a tiny, fast generator whose
/// every seed, 0 included, gives a full-period stream. Not for secrets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator started from `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`0` when `n` is 0), by the multiply-shift
    /// reduction: the bias is below `n / 2^64`, nothing for move lists.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

/// How a playout is set up, besides the game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayoutOptions {
    /// Start from this position string instead of the game's start
    /// (Chess960 without one starts from a start array picked by the seed).
    pub fen: Option<String>,
    /// The `[Postal]` option of the squares family (ignored by the other
    /// games, and by the squares games that are Postal Plus by definition).
    pub postal: Option<Postal>,
    /// Alternative readings as a record's `[Readings]` tag names them
    /// (`G8b`, `G10a`, `P4b`; see [`AnyPosition::with_readings`]).
    pub readings: Option<String>,
}

/// A random game: where it starts, the moves, where it ends.
#[derive(Clone, Debug)]
pub struct Playout {
    /// The position before the first move.
    pub start: AnyPosition,
    /// The moves, each legal in the position the ones before it reach.
    pub moves: Vec<AnyMove>,
    /// The position after the last move.
    pub end: AnyPosition,
    /// How the game ended by its rules, if it ended before `max_plies`.
    pub outcome: Option<Outcome>,
}

impl Playout {
    /// Calls `f` with each position before a move and that move, in order.
    pub fn for_each_move(&self, mut f: impl FnMut(&AnyPosition, &AnyMove)) {
        let mut pos = self.start.clone();
        for m in &self.moves {
            f(&pos, m);
            pos.play(m);
        }
    }

    /// Appends the game as a PGN record to `out`: `[Event "playout SEED"]`,
    /// the `[Variant]`, the `[Postal]` option when given, `[SetUp]`/`[FEN]`
    /// when it starts elsewhere than the variant's start, then every move in
    /// canonical short notation with the check or mate mark its position
    /// calls for, and `*`.
    pub fn write_pgn(&self, variant: Variant, postal: Option<Postal>, seed: u64, out: &mut String) {
        use std::fmt::Write as _;
        let _ = writeln!(out, "[Event \"playout {seed}\"]");
        let _ = writeln!(out, "[Variant \"{}\"]", variant.name());
        match postal {
            Some(Postal::Yes) => out.push_str("[Postal \"yes\"]\n"),
            Some(Postal::Plus) => out.push_str("[Postal \"plus\"]\n"),
            _ => {}
        }
        let start = self.start.fen();
        let default = AnyPosition::setup(variant, None).map(|d| d.fen());
        if default.as_deref() != Ok(start.as_str()) {
            let _ = writeln!(out, "[SetUp \"1\"]\n[FEN \"{start}\"]");
        }
        out.push('\n');
        let mut n = 0;
        self.for_each_move(|pos, m| {
            if n % 2 == 0 {
                let _ = write!(out, "{}. ", n / 2 + 1);
            }
            out.push_str(&pos.notation(m));
            let mut after = pos.clone();
            after.play(m);
            if after.is_check() {
                out.push(if after.legal_moves().is_empty() {
                    '#'
                } else {
                    '+'
                });
            }
            out.push(' ');
            n += 1;
        });
        out.push_str("*\n\n");
    }

    /// Every position of the game, the start and the end included.
    pub fn positions(&self) -> Vec<AnyPosition> {
        let mut out = Vec::with_capacity(self.moves.len() + 1);
        self.for_each_move(|p, _| out.push(p.clone()));
        out.push(self.end.clone());
        out
    }
}

/// Plays random legal moves of `variant` from its start position (or
/// `options.fen`) until the game ends by its rules, the side to move has no
/// move, or `max_plies` moves are made. The same arguments give the same
/// game.
///
/// # Errors
/// The start position cannot be set up: a bad `options.fen` or reading.
pub fn playout(
    variant: Variant,
    options: &PlayoutOptions,
    seed: u64,
    max_plies: usize,
) -> Result<Playout, SetupError> {
    let mut rng = SplitMix64::new(seed);
    let fen = match (&options.fen, variant) {
        (Some(f), _) => Some(f.clone()),
        (None, Variant::Chess960) => Some(chess960_start(rng.below(960))),
        (None, _) => None,
    };
    let mut pos = AnyPosition::setup(variant, fen.as_deref())?;
    if let Some(postal) = options.postal {
        pos = pos.with_postal(postal);
    }
    if let Some(r) = &options.readings {
        pos = pos.with_readings(r)?;
    }
    let start = pos.clone();
    let mut moves = Vec::new();
    let mut outcome = None;
    while moves.len() < max_plies {
        outcome = pos.outcome();
        if outcome.is_some() {
            break;
        }
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())].clone();
        pos.play(&m);
        moves.push(m);
    }
    if moves.len() == max_plies {
        outcome = pos.outcome();
    }
    Ok(Playout {
        start,
        moves,
        end: pos,
        outcome,
    })
}

/// The Chess960 start position numbered `n` (0..960, Scharnagl's
/// numbering; 518 is the standard array) as a FEN with Shredder-style
/// castling letters, which name the rooks' files.
pub fn chess960_start(n: usize) -> String {
    let mut rank: [Option<u8>; 8] = [None; 8];
    let mut n = n % 960;
    // The bishops on a light and a dark square.
    rank[(n % 4) * 2 + 1] = Some(b'b');
    n /= 4;
    rank[(n % 4) * 2] = Some(b'b');
    n /= 4;
    let put_nth_free = |rank: &mut [Option<u8>; 8], k: usize, piece: u8| {
        if let Some(i) = (0..8).filter(|&i| rank[i].is_none()).nth(k) {
            rank[i] = Some(piece);
        }
    };
    put_nth_free(&mut rank, n % 6, b'q');
    n /= 6;
    // The knights: the 10 ways to choose 2 of the 5 free files.
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (a, b) = KNIGHTS[n % 10];
    // The second knight goes first: placing the first shifts the free files.
    put_nth_free(&mut rank, b, b'n');
    put_nth_free(&mut rank, a, b'n');
    for piece in [b'r', b'k', b'r'] {
        put_nth_free(&mut rank, 0, piece);
    }
    let black: String = rank.iter().map(|p| p.unwrap_or(b'?') as char).collect();
    let rooks: Vec<char> = (0..8u8)
        .filter(|&i| rank[usize::from(i)] == Some(b'r'))
        .map(|i| (b'a' + i) as char)
        .collect();
    let castling: String = rooks
        .iter()
        .rev()
        .map(|c| c.to_ascii_uppercase())
        .chain(rooks.iter().rev().copied())
        .collect();
    format!(
        "{black}/pppppppp/8/8/8/8/PPPPPPPP/{} w {castling} - 0 1",
        black.to_ascii_uppercase()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess960_518_is_the_standard_array() {
        assert_eq!(
            chess960_start(518),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
        );
        assert!(chess960_start(0).starts_with("bbqnnrkr/"));
    }

    #[test]
    fn every_chess960_start_is_set_up() {
        let mut seen = std::collections::HashSet::new();
        for n in 0..960 {
            let fen = chess960_start(n);
            assert!(seen.insert(fen.clone()), "{n}: {fen} twice");
            AnyPosition::setup(Variant::Chess960, Some(&fen))
                .unwrap_or_else(|e| panic!("{fen}: {e}"));
        }
    }

    #[test]
    fn below_stays_in_range_and_spreads() {
        let mut rng = SplitMix64::new(0);
        let mut counts = [0u32; 7];
        for _ in 0..7_000 {
            counts[rng.below(7)] += 1;
        }
        assert!(
            counts.iter().all(|&c| (800..1200).contains(&c)),
            "{counts:?}"
        );
        assert_eq!(rng.below(0), 0);
    }

    #[test]
    fn a_seed_gives_one_game_and_every_move_is_legal() {
        for variant in Variant::ALL {
            let a = playout(variant, &PlayoutOptions::default(), 11, 12).expect("start");
            let b = playout(variant, &PlayoutOptions::default(), 11, 12).expect("start");
            assert_eq!(a.moves, b.moves, "{variant}");
            let mut pos = a.start.clone();
            for m in &a.moves {
                assert!(pos.legal_moves().contains(m), "{variant}");
                pos.play(m);
            }
            assert_eq!(pos.fen(), a.end.fen(), "{variant}");
        }
    }
}
