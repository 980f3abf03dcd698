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

mod paths;

use paths::Rng;
use xpgn::rules::core::{MoveList, Position};
use xpgn::rules::playout::SplitMix64;

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

#[test]
fn the_chess_shortcut_and_the_general_path_agree_on_random_games() {
    let mut moves = 0;
    let mut diagnostics = 0;
    for seed in 0..300 {
        let text = random_game(seed);
        let quick = paths::agree(&format!("seed {seed}"), &text);
        moves += quick.1.moves;
        diagnostics += quick.0.len();
    }
    // The generator does reach what it is meant to.
    assert!(moves > 20_000, "{moves} moves");
    assert!(diagnostics > 100, "{diagnostics} diagnostics");
}
