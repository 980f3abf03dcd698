//! The verifier's two paths for PASGL 312 agree: PASGL's own per-move path
//! (`AnyPosition::resolve_turn_quick` and `play_turn_quick`, taken for
//! every critter action that resolves; `_` marks are read by the fast
//! token reader and checked by the general path's check on both) and the general path through `AnyPosition` (`resolve`, `play`,
//! `Verifier::without_shortcut`), on seeded random games.
//!
//! Each game is a playout of the library's generator (seeded, so a failure
//! is reproducible from its seed), written in short and long notation, with
//! the `_` marks of the critters the Train ran over, wrong marks, wrong
//! check marks, variations, and illegal turns planted: the turn of two
//! plies before (often illegal now), a `*` prefix on a critter that is not
//! stinky, a square off the board, a pass while moves are legal. Both
//! verifiers must give the same diagnostics, counts and reports, and tell
//! their observer the same plies. The games run to their end by the rules
//! (a dead Bear, a 30-point lead) where they reach it, and a planted turn
//! after that end must be reported alike.

mod paths;

use paths::Rng;
use xpgn::rules::Variant;
use xpgn::rules::family::{AnyMove, AnyPosition, GamePosition};
use xpgn::rules::playout::{PlayoutOptions, SplitMix64, playout};

/// How one turn is written, sometimes wrongly.
fn write_turn(rng: &mut Rng, pos: &AnyPosition, m: &AnyMove, older: Option<&str>) -> String {
    if let Some(old) = older.filter(|_| rng.one_in(200)) {
        return old.to_string();
    }
    let mut text = if rng.one_in(4) {
        pos.long_notation(m)
    } else {
        pos.notation(m)
    };
    match rng.below(1000) {
        // A stinky prefix the critter may not have.
        0..=2 => text.insert(0, '*'),
        3 => text = "Hz1-z2".to_string(),
        4 => text = "--".to_string(),
        5 => text = "Xe4-e5".to_string(),
        _ => {}
    }
    // PASGL has no check: every mark is wrong.
    if rng.one_in(60) {
        text.push(if rng.one_in(2) { '+' } else { '#' });
    }
    text
}

/// The `_` marks of the critters `after`'s last turn ran over (N6), and
/// one in `wrong` times one it did not.
fn marks(rng: &mut Rng, after: &AnyPosition, wrong: u64, out: &mut String) -> usize {
    let Some(p) = after.as_pasgl() else {
        return 0;
    };
    let g = xpgn::rules::pasgl::geometry();
    let mut n = 0;
    for (c, sq) in &p.last_turn().roadkill {
        if !rng.one_in(5) {
            out.push_str(&format!(
                "_{}{} ",
                char::from(c.kind.letter()),
                g.square_name(*sq)
            ));
            n += 1;
        }
    }
    if rng.one_in(wrong) {
        out.push_str(["_Bd4 ", "_Pz4 ", "_Tx5 "][rng.below(3)]);
    }
    n
}

/// A random game with variations and planted errors; the marks written.
fn random_game(seed: u64, plies: usize) -> (String, usize) {
    let game = playout(Variant::Pasgl312, &PlayoutOptions::default(), seed, plies)
        .expect("start position");
    let mut rng = Rng(SplitMix64::new(seed ^ 0x5eed));
    let mut text = format!("[Event \"random {seed}\"]\n[Variant \"PASGL312\"]\n\n");
    let mut written: Vec<String> = Vec::new();
    let mut n = 0;
    let mut marked = 0;
    game.for_each_move(|pos, m| {
        let older = written.len().checked_sub(2).map(|i| written[i].as_str());
        let turn = write_turn(&mut rng, pos, m, older);
        if n % 2 == 0 {
            text.push_str(&format!("{}. ", n / 2 + 1));
        }
        text.push_str(&turn);
        text.push(' ');
        let mut after = pos.clone();
        after.play(m);
        marked += marks(&mut rng, &after, 400, &mut text);
        if rng.one_in(10) {
            // A variation: the same turn written long, with its marks
            // (often a wrong one: the line ends there, not the game's),
            // then the game's turn before it (legal or not, both paths
            // judge it).
            text.push_str(&format!("( {} ", pos.long_notation(m)));
            marks(&mut rng, &after, 3, &mut text);
            if let Some(old) = older {
                text.push_str(old);
                text.push(' ');
            }
            text.push_str(") ");
        }
        written.push(turn);
        n += 1;
    });
    // After an end by the rules, the turn of two plies before (no turn
    // is legal any more).
    if game.outcome.is_some() {
        if let Some(old) = written.len().checked_sub(2).map(|i| &written[i]) {
            text.push_str(old);
            text.push(' ');
        }
    }
    text.push_str("*\n\n");
    (text, marked)
}

#[test]
fn the_pasgl_path_and_the_general_path_agree_on_random_games() {
    let (mut moves, mut diagnostics, mut marked, mut ended) = (0, 0, 0, 0);
    let mut wrong_bears = 0;
    for seed in 0..120 {
        let (text, m) = random_game(seed, 40 + (seed as usize * 37) % 260);
        let quick = paths::agree(&format!("PASGL, seed {seed}"), &text);
        moves += quick.1.moves;
        diagnostics += quick.0.len();
        wrong_bears += quick
            .0
            .iter()
            .filter(|d| d.message.contains("ran over no bear"))
            .count();
        marked += m;
        ended += quick
            .2
            .0
            .iter()
            .filter(|l| l.starts_with("end") && l.contains("termination: Some"))
            .count();
    }
    // The games reach what they are meant to: many turns, errors, marks
    // of critters run over, and ends by the rules.
    assert!(moves > 5_000, "{moves} moves");
    assert!(diagnostics > 50, "{diagnostics} diagnostics");
    assert!(marked > 10, "{marked} marks written");
    assert!(ended > 3, "{ended} games ended by the rules");
    // Wrong marks are written and refused (read by the fast token reader
    // and checked by the general path's check on both runs, between turns
    // of the per-move path): a check that accepts every mark fails here.
    assert!(wrong_bears > 5, "{wrong_bears} wrong Bear marks refused");
}
