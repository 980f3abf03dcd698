//! The verifier's two paths for the lichess variants agree: the family's
//! own per-move path (`play_variant_quick`, taken for every move of one action
//! that resolves from its candidates) and the general path through
//! `AnyPosition` (`play`), on random games of each of the seven variants.
//!
//! Each game is generated here from random legal moves (seeded by
//! `rules::playout::SplitMix64`, so a failure is reproducible from its
//! seed) and written in SAN, long notation and UCI, with right and wrong
//! check marks, variations, null moves, and illegal moves planted: a move
//! of the position two plies before (often illegal now, in Antichess often
//! a capture refused), a drop from an empty pocket, a king's step off the
//! board. Both verifiers must give the same diagnostics, counts and
//! reports, and tell their observer the same plies.

mod paths;

use paths::Rng;
use xpgn::rules::Variant;
use xpgn::rules::lichess::{LichessPosition, Move};
use xpgn::rules::playout::SplitMix64;

const VARIANTS: [Variant; 7] = [
    Variant::Atomic,
    Variant::Antichess,
    Variant::Crazyhouse,
    Variant::KingOfTheHill,
    Variant::ThreeCheck,
    Variant::Horde,
    Variant::RacingKings,
];

/// Writes one random move of `pos` (and plays it), or a planted illegal
/// one (`older`: the position two plies before); returns false when the
/// game is over.
fn random_move(
    rng: &mut Rng,
    pos: &mut LichessPosition,
    older: Option<&LichessPosition>,
    out: &mut String,
) -> bool {
    let mut moves: Vec<Move> = Vec::new();
    pos.legal_moves(&mut moves);
    if moves.is_empty() {
        return false;
    }
    if rng.one_in(150) {
        out.push_str(["Ke9 ", "Q@e4 ", "Z0 ", "-- "][rng.below(4)]);
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
            pos.write_uci(&m, &mut uci);
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
    let mut pos = LichessPosition::from_fen(variant, None).expect("start position");
    let mut text = format!(
        "[Event \"random {seed}\"]\n[Variant \"{}\"]\n\n",
        variant.name()
    );
    let plies = 20 + rng.below(200);
    let mut older: Option<LichessPosition> = None;
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
fn the_lichess_path_and_the_general_path_agree_on_random_games() {
    let mut ended = 0;
    for variant in VARIANTS {
        let (mut moves, mut diagnostics) = (0, 0);
        for seed in 0..60 {
            let text = random_game(variant, seed);
            let quick = paths::agree(&format!("{variant}, seed {seed}"), &text);
            moves += quick.1.moves;
            diagnostics += quick.0.len();
            ended += usize::from(quick.2.0.iter().any(|t| t.contains("termination: Some")));
        }
        // The generator does reach what it is meant to.
        assert!(moves > 2_000, "{variant}: {moves} moves");
        assert!(diagnostics > 20, "{variant}: {diagnostics} diagnostics");
    }
    // Random moves seldom win a race to the eighth rank: counted over all.
    assert!(ended > 20, "only {ended} games ended by the rules");
}
