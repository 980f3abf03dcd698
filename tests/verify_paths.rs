//! The verifier's two paths for FIDE chess agree: the bitboard shortcut
//! (`play_quick`, taken for every ordinary move of a chess game) and the
//! general path through `AnyPosition` (`play`), on random games.
//!
//! Each game is generated here from random legal moves (seeded by
//! `rules::playout::SplitMix64`, so a failure is reproducible from its
//! seed) and written with
//! what archives hold: SAN and long notation, right and wrong check marks,
//! variations, null moves, repetitions, an illegal move now and then. Both
//! verifiers must give the same diagnostics, counts and reports, and tell
//! their observer the same plies with the same positions.

use xpgn::diag::Diagnostic;
use xpgn::notation::Reader;
use xpgn::rules::core::{MoveList, Position};
use xpgn::rules::family::GamePosition;
use xpgn::rules::playout::SplitMix64;
use xpgn::verify::{Counts, GameReport, Observer, Ply, Verifier};

/// The playout generator's seeded random numbers, with the one extra
/// question this test asks.
struct Rng(SplitMix64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n.max(1))
    }

    fn one_in(&mut self, n: u64) -> bool {
        self.0.next_u64() % n == 0
    }
}

/// Writes one random move of `pos` (and plays it), or a null move, or an
/// illegal token; returns false when the game is over.
fn random_move(rng: &mut Rng, pos: &mut Position, out: &mut String) -> bool {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    if moves.is_empty() {
        return false;
    }
    if rng.one_in(150) {
        out.push_str("Ke9 ");
        return true;
    }
    // Not in check: a pass there leaves a king en prise, a position no
    // rule set has (the bitboard's own checks assert against it).
    if rng.one_in(120) && !pos.is_check() {
        out.push_str("-- ");
        pos.play_null();
        return true;
    }
    let m = moves[rng.below(moves.len())];
    let mut text = match rng.below(8) {
        0 => pos.lan(&m),
        1 => pos.uci(&m),
        _ => pos.san_plus(&m),
    };
    if rng.one_in(40) {
        text.push('+');
    }
    if rng.one_in(60) {
        text = text.trim_end_matches(['+', '#']).to_string();
        text.push('#');
    }
    out.push_str(&text);
    out.push(' ');
    pos.play_unchecked(&m);
    true
}

/// A random game: mainline with variations (each a few random moves from
/// the position before the move it replaces).
fn random_game(seed: u64) -> String {
    let mut rng = Rng(SplitMix64::new(seed));
    let mut pos = Position::start(xpgn::rules::fide::chess());
    let mut text = format!("[Event \"random {seed}\"]\n\n");
    let plies = 20 + rng.below(200);
    for _ in 0..plies {
        let before = pos;
        if !random_move(&mut rng, &mut pos, &mut text) {
            break;
        }
        if rng.one_in(12) {
            let mut alt = before;
            text.push('(');
            for _ in 0..1 + rng.below(6) {
                if !random_move(&mut rng, &mut alt, &mut text) {
                    break;
                }
            }
            text.push_str(") ");
        }
        // Knight shuffles, for repetitions and draw claims.
        if rng.one_in(30) {
            for _ in 0..4 + rng.below(8) {
                if !random_move(&mut rng, &mut pos, &mut text) {
                    break;
                }
            }
        }
    }
    text.push_str("*\n\n");
    text
}

/// Everything an observer is told, as text.
#[derive(Debug, Default, PartialEq)]
struct Told(Vec<String>);

impl Observer for Told {
    fn start_position(&mut self, start: &xpgn::rules::family::AnyPosition) {
        self.0.push(format!("start {}", start.fen()));
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        let mut san = String::new();
        ply.write_san(&mut san);
        let mut lan = String::new();
        ply.write_lan(&mut lan);
        self.0.push(format!(
            "{} {} {san} {lan} {} {} {}",
            ply.number,
            ply.mainline,
            ply.before.fen(),
            ply.after.fen(),
            ply.recovered
        ));
    }

    fn end_game(&mut self, report: &GameReport, last: Option<&xpgn::rules::family::AnyPosition>) {
        self.0.push(format!(
            "end {report:?} {:?}",
            last.map(xpgn::rules::family::AnyPosition::fen)
        ));
    }

    fn wants_plies(&self) -> bool {
        true
    }
}

fn verify(text: &str, shortcut: bool) -> (Vec<Diagnostic>, Counts, Told) {
    let mut v = Verifier::with_observer("random.pgn", Told::default());
    if !shortcut {
        v = v.without_shortcut();
    }
    Reader::new(text.as_bytes())
        .read_all(&mut v)
        .expect("reads memory");
    let diagnostics = v.drain().collect();
    let counts = v.counts();
    (diagnostics, counts, v.into_observer())
}

/// Diagnostics and counts alone, with the observer that asks for nothing
/// (the path `check` takes).
fn verify_plain(text: &str, shortcut: bool) -> (Vec<Diagnostic>, Counts) {
    let mut v = Verifier::new("random.pgn");
    if !shortcut {
        v = v.without_shortcut();
    }
    Reader::new(text.as_bytes())
        .read_all(&mut v)
        .expect("reads memory");
    let diagnostics = v.drain().collect();
    (diagnostics, v.counts())
}

#[test]
fn the_chess_shortcut_and_the_general_path_agree_on_random_games() {
    let mut moves = 0;
    let mut diagnostics = 0;
    for seed in 0..300 {
        let text = random_game(seed);
        let quick = verify(&text, true);
        let general = verify(&text, false);
        assert_eq!(
            format!("{:?}", quick.0),
            format!("{:?}", general.0),
            "diagnostics differ on seed {seed}:\n{text}"
        );
        assert_eq!(quick.1, general.1, "counts differ on seed {seed}:\n{text}");
        assert_eq!(quick.2, general.2, "plies differ on seed {seed}:\n{text}");
        let plain = verify_plain(&text, true);
        assert_eq!(
            format!("{:?}", plain),
            format!("{:?}", (&quick.0, quick.1)),
            "an observer changes the verdict on seed {seed}:\n{text}"
        );
        moves += quick.1.moves;
        diagnostics += quick.0.len();
    }
    // The generator does reach what it is meant to.
    assert!(moves > 20_000, "{moves} moves");
    assert!(diagnostics > 100, "{diagnostics} diagnostics");
}
