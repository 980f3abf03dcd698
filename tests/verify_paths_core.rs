//! The verifier's two paths for the chess-like core games agree: the
//! core's own per-move path (`play_core_quick`, taken for every move of one
//! action that resolves) and the general path through `AnyPosition`
//! (`play`), on random games of Gast, Gast 14x12 and Squirrel.
//!
//! Each game is generated here from random legal moves (seeded by
//! `rules::playout::SplitMix64`, so a failure is reproducible from its
//! seed) and written in SAN, long notation and UCI, with right and wrong
//! check marks, variations, null moves, and illegal moves planted: a move
//! of the position two plies before (often illegal now), a drop the core
//! does not know, a king's step off the board. Both verifiers must give the same diagnostics, counts and
//! reports, and tell their observer the same plies.

mod paths;

use paths::Rng;
use xpgn::rules::Variant;
use xpgn::rules::core::{Move, Position};
use xpgn::rules::playout::SplitMix64;

const VARIANTS: [Variant; 3] = [Variant::Gast, Variant::Gast14x12, Variant::Squirrel];

/// Writes one random move of `pos` (and plays it), or a planted illegal
/// one (`older`: the position two plies before); returns false when the
/// game is over.
fn random_move(
    rng: &mut Rng,
    pos: &mut Position,
    older: Option<&Position>,
    out: &mut String,
) -> bool {
    let mut moves: Vec<Move> = Vec::new();
    pos.legal_moves(&mut moves);
    if moves.is_empty() {
        return false;
    }
    if rng.one_in(150) {
        out.push_str(["Ke13 ", "Q@e4 ", "Z0 ", "-- "][rng.below(4)]);
        return true;
    }
    if let Some(old) = older.filter(|_| rng.one_in(60)) {
        let mut then = Vec::new();
        old.legal_moves(&mut then);
        if !then.is_empty() {
            out.push_str(&old.san(&then[rng.below(then.len())]));
            out.push(' ');
            return true;
        }
    }
    let m = moves[rng.below(moves.len())];
    let mut text = match rng.below(8) {
        0 => pos.lan(&m),
        1 => {
            let mut uci = String::new();
            pos.rules().write_uci(&m, &mut uci);
            uci
        }
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

/// A random game of `variant`: mainline with variations.
fn random_game(variant: Variant, seed: u64) -> String {
    let mut rng = Rng(SplitMix64::new(seed));
    let mut pos = Position::start(variant.rules().expect("a core game"));
    let mut text = format!(
        "[Event \"random {seed}\"]\n[Variant \"{}\"]\n\n",
        variant.name()
    );
    let plies = 20 + rng.below(200);
    let mut older: Option<Position> = None;
    for _ in 0..plies {
        let before = pos;
        if !random_move(&mut rng, &mut pos, older.as_ref(), &mut text) {
            break;
        }
        if rng.one_in(12) {
            let mut alt = before;
            text.push('(');
            for _ in 0..1 + rng.below(6) {
                if !random_move(&mut rng, &mut alt, None, &mut text) {
                    break;
                }
            }
            text.push_str(") ");
        }
        older = Some(before);
    }
    text.push_str("*\n\n");
    text
}

#[test]
fn the_core_path_and_the_general_path_agree_on_random_games() {
    let mut checks = 0;
    for variant in VARIANTS {
        let (mut moves, mut diagnostics) = (0, 0);
        for seed in 0..60 {
            let text = random_game(variant, seed);
            let quick = paths::agree(&format!("{variant}, seed {seed}"), &text);
            moves += quick.1.moves;
            diagnostics += quick.0.len();
            checks += quick
                .2
                .0
                .iter()
                .filter(|t| t.contains(" true false "))
                .count();
        }
        // The generator does reach what it is meant to.
        assert!(moves > 1_500, "{variant}: {moves} moves");
        assert!(diagnostics > 10, "{variant}: {diagnostics} diagnostics");
    }
    // Plies that give check, each judged for mate on both paths.
    assert!(checks > 20, "only {checks} checks");
}
