//! The Campfire and the end of the game (RULINGS 5.5; P4, P15-P17).

use super::*;

// ----- the Campfire and the end (seed; RULINGS 5.5, P4, P15-P17) -----

#[test]
fn seed_campfire_points_by_critter() {
    let pts: Vec<i32> = Kind::ALL.iter().map(|k| k.points()).collect();
    // B H D F W S T M P
    assert_eq!(pts, [5, 4, 3, 3, 3, 2, 2, 1, 0]);
    assert!(is_campfire(sq("d4")) && is_campfire(sq("e5")) && !is_campfire(sq("c4")));
}

#[test]
fn seed_critter_that_stays_by_the_campfire_scores() {
    let p = build(Color::White, 0, &[("d4", "T"), ("e5", "H"), ("d5", "P")]);
    let q = play(&p, "Be1-d1");
    assert_eq!(q.score(), ByColor { white: 6, black: 0 });
    let reasons: Vec<ScoreReason> = q.last_turn().scored.iter().map(|e| e.reason).collect();
    assert!(reasons.contains(&ScoreReason::Campfire {
        kind: Kind::Turkey,
        at: sq("d4")
    }));
}

#[test]
fn p4_only_the_movers_critters_score() {
    let p = build(Color::White, 0, &[("d4", "T"), ("e5", "t")]);
    let q = play(&p, "Be1-d1");
    assert_eq!(q.score(), ByColor { white: 2, black: 0 });
    let q = play(&q, "Be8-d8");
    assert_eq!(q.score(), ByColor { white: 2, black: 2 });
}

#[test]
fn seed_critter_that_moves_shoots_chucks_or_steals_does_not_score() {
    let p = build(Color::White, 0, &[("d4", "H"), ("d6", "t"), ("e4", "T")]);
    let q = play(&p, "Hd4>d6");
    assert_eq!(q.score().white, 2);
    let p = build(Color::White, 0, &[("d4", "T")]);
    assert_eq!(play(&p, "Td4-e4").score().white, 0);
    let p = build(Color::White, 0, &[("e4", "W"), ("g6", "d")]);
    assert_eq!(play(&p, "We4>g6").score().white, 0);
    let p = build(Color::White, 0, &[("e4", "D"), ("d6", "f")]);
    assert_eq!(play(&p, "De4-d6").score().white, 0);
}

#[test]
fn seed_stinky_or_lunchless_critter_does_not_score() {
    let p = build(Color::White, 0, &[("d4", "-D"), ("e4", "*T"), ("a1", "*T")]);
    let q = play(&p, "*Ta1-a2");
    assert_eq!(q.score().white, 0);
}

#[test]
fn p4_black_scores_after_the_train_and_a_squashed_critter_does_not() {
    let p = build(Color::Black, 14, &[("e5", "t"), ("e4", "t")]);
    assert_eq!(p.train(), (sq("d5"), sq("c5")));
    let q = play(&p, "Be8-d8");
    assert_eq!(q.train().0, sq("e5"));
    assert_eq!(q.score().black, 2);
}

#[test]
fn p4_scoring_before_the_train_is_a_setting() {
    let p = build(Color::Black, 14, &[("e5", "t"), ("e4", "t")])
        .with_score_timing(ScoreTiming::BeforeTrain);
    let q = play(&p, "Be8-d8");
    assert!(q.stack(sq("e5")).is_empty());
    assert_eq!(q.score().black, 4);
}

#[test]
fn seed_a_30_point_lead_ends_the_game() {
    let mut p = build(Color::White, 0, &[("d4", "T")]);
    p.score.white = 28;
    let q = play(&p, "Be1-d1");
    let o = q.outcome().expect("over");
    assert_eq!((o.winner, o.reason), (Some(Color::White), "30-point lead"));
    assert!(moves(&q).is_empty());
}

#[test]
fn p15_equal_scores_are_a_draw() {
    let mut p = build(Color::White, 0, &[("e2", "H"), ("e5", "b")]);
    p.score.black = 20;
    let o = play(&p, "He2>e5").outcome().expect("over");
    assert_eq!(o.winner, None);
}

#[test]
fn p16_passing_for_a_full_circuit_ends_the_game() {
    // 40 passes from a White pass hold 20 Train advances.
    let over = pos("4b3/8/8/10/10/8/8/4B3 w 0 3-1 40");
    let o = over.outcome().expect("over");
    assert_eq!(
        (o.winner, o.reason),
        (
            Some(Color::White),
            "both passed for a full circuit of the Train"
        )
    );
    assert!(pos("4b3/8/8/10/10/8/8/4B3 w 0 3-1 38").outcome().is_none());
    // Starting with a Black pass, the 20th advance comes with the 39th pass.
    assert!(pos("4b3/8/8/10/10/8/8/4B3 w 0 3-1 39").outcome().is_some());
    assert!(pos("4b3/8/8/10/10/8/8/4B3 b 0 3-1 39").outcome().is_none());
    assert!(pos("4b3/8/8/10/10/8/8/4B3 b 0 3-1 38").outcome().is_none());
    // A single pass is not "both players pass".
    assert!(pos("4b3/8/8/10/10/8/8/4B3 w 0 0-0 1").outcome().is_none());
    // A move ends the run.
    let p = build(
        Color::Black,
        0,
        &[("h8", "-b"), ("g8", "T"), ("g7", "T"), ("h7", "T")],
    );
    let q = play(&play(&p, "--"), "Be1-d1");
    assert_eq!(q.passes(), 0);
}

#[test]
fn seed_passing_only_without_a_legal_move() {
    let e = rejected(&Position::start(), "--");
    assert!(e.message.contains("may not pass"), "{}", e.message);
}

#[test]
fn p17_no_repetition_rule() {
    let mut p = build(Color::White, 0, &[("a1", "T"), ("h8", "t")]);
    for _ in 0..12 {
        for m in ["Ta1-b1", "Th8-g8", "Tb1-a1", "Tg8-h8"] {
            p = play(&p, m);
        }
    }
    assert!(p.outcome().is_none());
}

#[test]
fn p19_critters_may_enter_squares_held_by_friends() {
    let p = Position::start();
    // The Deer squashes its own Shrew; Skunk and Turkey enter friends' squares.
    let q = play(&p, "Df1-h2");
    assert_eq!(at(&q, "h2"), "D");
    assert!(has(&p, "Sb1-c1") && has(&p, "Ta1-a2"));
}

#[test]
fn p4_a_sitter_displaced_by_its_own_bear_does_not_score() {
    // The Turkey started on d4 and is pushed to e4: it no longer stands on
    // the square it started on, so it does not score (P4).
    let p = build(Color::White, 0, &[("d3", "B"), ("d4", "T")]);
    let q = play(&p, "Bd3-d4/Te4");
    assert_eq!(at(&q, "e4"), "T");
    assert_eq!(q.score().white, 0);
    // Left alone it would have.
    assert_eq!(play(&p, "Bd3-c3").score().white, 2);
}

#[test]
fn reading_critters_by_the_campfire_score_when_their_side_passes() {
    // The Black Woodchuck on e5 is walled in by Turkeys (no W or D step onto
    // occupied squares, no lunch to chuck at) and the lunchless Black Bear
    // is boxed in: Black passes, and the Woodchuck, which did not move,
    // scores.
    let mut list = vec![
        ("e5", "w"),
        ("h8", "-b"),
        ("g8", "T"),
        ("g7", "T"),
        ("h7", "T"),
    ];
    for s in ["d5", "f5", "e4", "e6", "c5", "g5", "e3", "e7"] {
        list.push((s, "T"));
    }
    let p = build(Color::Black, 0, &list);
    assert_eq!(moves(&p), ["--"]);
    let q = play(&p, "--");
    assert_eq!(q.score().black, 3);
}
