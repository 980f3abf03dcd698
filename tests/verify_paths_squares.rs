//! The verifier's two paths for the squares family agree: a resolved turn
//! taken from the resolver's copy (`AnyPosition::play_resolved`, the
//! shortcut) and played again on the position (`play`, the general path,
//! `Verifier::without_shortcut`), on seeded random games of every game of
//! the family.
//!
//! Each game is a playout of the library's generator (seeded, so a failure
//! is reproducible from its seed), written in short and long notation and
//! UCI, with right and wrong check marks, variations, and illegal turns
//! planted: the turn of two plies before (often illegal now: the squares
//! it names have moved), the turn without its last action (Infinite
//! Reserves and Moving Occupied Squares must place a square), a hole for a
//! target. Both verifiers must give the same diagnostics, counts and
//! reports, and tell their observer the same plies.

mod paths;

use paths::Rng;
use xpgn::rules::Variant;
use xpgn::rules::family::{AnyMove, AnyPosition, GamePosition};
use xpgn::rules::playout::{PlayoutOptions, SplitMix64, playout};
use xpgn::rules::squares::Postal;

/// How one turn is written, sometimes wrongly.
fn write_turn(rng: &mut Rng, pos: &AnyPosition, m: &AnyMove, older: Option<&str>) -> String {
    if let Some(old) = older.filter(|_| rng.one_in(90)) {
        return old.to_string();
    }
    let mut text = match rng.below(6) {
        0 => pos.long_notation(m),
        1 => {
            let mut uci = String::new();
            pos.write_uci(m, &mut uci);
            uci
        }
        _ => pos.notation(m),
    };
    if rng.one_in(90) {
        // The turn without its last action.
        if let Some(comma) = text.rfind(',') {
            text.truncate(comma);
        }
    }
    if rng.one_in(200) {
        text = "Nh9".to_string();
    }
    let mut after = pos.clone();
    after.play(m);
    if after.is_check() != rng.one_in(30) {
        text.push('+');
    }
    text
}

/// A random game of `variant` with variations and planted errors.
fn random_game(variant: Variant, postal: Option<Postal>, seed: u64, plies: usize) -> String {
    let options = PlayoutOptions {
        postal,
        ..PlayoutOptions::default()
    };
    let game = playout(variant, &options, seed, plies).expect("start position");
    let mut rng = Rng(SplitMix64::new(seed ^ 0x5eed));
    let mut text = format!(
        "[Event \"random {seed}\"]\n[Variant \"{}\"]\n",
        variant.name()
    );
    match postal {
        Some(Postal::Yes) => text.push_str("[Postal \"yes\"]\n"),
        Some(Postal::Plus) => text.push_str("[Postal \"plus\"]\n"),
        _ => {}
    }
    text.push('\n');
    let mut written: Vec<String> = Vec::new();
    let mut n = 0;
    game.for_each_move(|pos, m| {
        let older = written.len().checked_sub(2).map(|i| written[i].as_str());
        let turn = write_turn(&mut rng, pos, m, older);
        if n % 2 == 0 {
            text.push_str(&format!("{}. ", n / 2 + 1));
        }
        text.push_str(&turn);
        text.push(' ');
        if rng.one_in(10) {
            // A variation: the same turn written long, then the game's
            // next turn from there (legal or not, both paths judge it).
            text.push_str(&format!("( {} ) ", pos.long_notation(m)));
        }
        written.push(turn);
        n += 1;
    });
    text.push_str("*\n\n");
    text
}

#[test]
fn the_squares_shortcut_and_the_general_path_agree_on_random_games() {
    // (game, Postal option, seeds, most plies): random turns under the
    // Postal rules often block an army early (a stalemate, which loses),
    // so those games get more seeds.
    let games: [(Variant, Option<Postal>, u64, usize); 7] = [
        (Variant::Hans38, None, 8, 80),
        (Variant::Hans38, Some(Postal::Yes), 20, 40),
        (Variant::Hans38, Some(Postal::Plus), 20, 12),
        (Variant::Hans38Neutral, None, 8, 80),
        (Variant::InfiniteReserves, None, 40, 16),
        (Variant::MovingSquares, None, 40, 100),
        (Variant::SquaresBasic, None, 2, 10),
    ];
    let (mut moves, mut diagnostics, mut checks) = (0, 0, 0);
    for (k, (variant, postal, seeds, plies)) in games.into_iter().enumerate() {
        for seed in 0..seeds {
            let seed = seed + 100 * k as u64;
            let text = random_game(variant, postal, seed, plies);
            let quick = paths::agree(&format!("{variant}, seed {seed}"), &text);
            moves += quick.1.moves;
            diagnostics += quick.0.len();
            // A ply line ends with its check, mate and recovery flags.
            checks += quick
                .2
                .0
                .iter()
                .filter(|l| !l.starts_with("end") && l.rsplit(' ').nth(2) == Some("true"))
                .count();
        }
    }
    // The games reach what they are meant to: many turns, and errors.
    assert!(moves > 1_000, "{moves} moves");
    assert!(diagnostics > 50, "{diagnostics} diagnostics");
    // Random turns seldom give check (the in-check searches have their own
    // test in `squares::tests::bitsets`), but some do.
    assert!(checks > 0, "{checks} checks");
}
