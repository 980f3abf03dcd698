//! The Train (seed; P2, P3, P6, P7, P14) and the terminals (RULINGS 5.3, P10).

use super::*;

// ----- the Train (seed; P2, P3) -----

#[test]
fn p2_train_positions_after_k_black_turns() {
    let mut p = build(Color::White, 0, &[("a1", "T"), ("h8", "t")]);
    let expect = |k: u32| match k {
        0 | 20 => ("x4", "x5"),
        1 => ("h4", "x4"),
        2 => ("g4", "h4"),
        9 => ("z4", "a4"),
        10 => ("z5", "z4"),
        _ => unreachable!(),
    };
    for k in 0..=20u32 {
        if matches!(k, 0 | 1 | 2 | 9 | 10 | 20) {
            let (h, t) = expect(k);
            assert_eq!(p.train(), (sq(h), sq(t)), "after {k} Black turns");
        }
        if k == 20 {
            break;
        }
        let (w, b) = if k % 2 == 0 {
            ("Ta1-b1", "Th8-g8")
        } else {
            ("Tb1-a1", "Tg8-h8")
        };
        p = play(&p, w);
        // The Train moves only after Black's turn.
        assert_eq!(p.train_count(), k as u8);
        p = play(&p, b);
    }
}

#[test]
fn p2_train_advances_after_a_black_pass() {
    // The lunchless Black Bear is boxed in by White Turkeys: Black must pass.
    let p = build(
        Color::Black,
        0,
        &[("h8", "-b"), ("g8", "T"), ("g7", "T"), ("h7", "T")],
    );
    assert_eq!(moves(&p), ["--"]);
    let q = play(&p, "--");
    assert_eq!(q.train_count(), 1);
    assert_eq!(q.passes(), 1);
}

#[test]
fn p3_train_picks_up_boarders_and_carries_x4_to_z5_x5_to_z4() {
    let p = build(Color::Black, 19, &[("x4", "F^"), ("x5", "T^")]);
    let q = play(&p, "Be8-d8");
    assert_eq!(q.train_count(), 0);
    assert!(q.stack(sq("x4")).is_empty() && q.stack(sq("x5")).is_empty());
    assert_eq!(q.riders()[0].len(), 1);
    assert_eq!(q.riders()[0][0].kind, Kind::Fox);
    assert_eq!(q.riders()[1][0].kind, Kind::Turkey);
    // Ten Black turns later the head car (picked up on x4) stops on z5.
    let p = pos("4b3/8/8/10/10/8/8/4B3 b 9:-F/T 0-0 0");
    let q = play(&p, "Be8-d8");
    assert_eq!(q.train(), (sq("z5"), sq("z4")));
    // Dropped off, leaving, with a new lunch (P10).
    assert_eq!(at(&q, "z5"), "F~");
    assert_eq!(at(&q, "z4"), "T~");
    assert!(q.riders().iter().all(|r| r.is_empty()));
}

#[test]
fn seed_train_drops_off_then_picks_up_and_ignores_leaving_critters() {
    let p = pos("4b3/8/8/S^9/T~9/8/8/4B3 b 9:D/ 0-0 0");
    let q = play(&p, "Be8-d8");
    // The boarding Skunk on z5 rides off; the Deer it brought is left;
    // the leaving Turkey on z4 is ignored.
    assert_eq!(at(&q, "z5"), "D~");
    assert_eq!(at(&q, "z4"), "T~");
    assert_eq!(q.riders()[0].len(), 1);
    assert_eq!(q.riders()[0][0].kind, Kind::Skunk);
}

#[test]
fn seed_train_squashes_critters_in_its_path() {
    let mut p = build(Color::Black, 1, &[("g4", "P"), ("f4", "M")]);
    p.put(sq("g4"), Critter::new(Color::Black, Kind::Turkey));
    let q = play(&p, "Be8-d8");
    assert!(q.stack(sq("g4")).is_empty());
    assert_eq!(q.last_turn().roadkill.len(), 2);
    // The Chipmunk, too cute for anyone else, is run over next.
    let q = play(&play(&q, "Be1-d1"), "Bd8-e8");
    assert!(q.stack(sq("f4")).is_empty());
}

#[test]
fn seed_train_does_not_squash_critters_on_terminals() {
    let p = build(Color::Black, 8, &[("z4", "P^")]);
    let q = play(&p, "Be8-d8");
    assert_eq!(q.train(), (sq("z4"), sq("a4")));
    assert_eq!(at(&q, "z4"), "P^");
}

#[test]
fn seed_no_critter_may_move_onto_the_train() {
    let p = build(Color::White, 1, &[("h3", "T"), ("x5", "S^")]);
    let e = rejected(&p, "Th3-h4");
    assert_eq!(e.kind, RejectionKind::Illegal);
    assert!(e.message.contains("Train"), "{}", e.message);
    assert!(!has(&p, "Th3-h5"));
    // Nor may a boarding critter switch onto it.
    assert!(!has(&p, "Sx5-x4"));
}

#[test]
fn seed_suicide_onto_the_next_train_square_is_allowed() {
    let p = build(Color::White, 1, &[("g3", "T")]);
    let q = play(&play(&p, "Tg3-g4"), "Be8-d8");
    assert!(q.stack(sq("g4")).is_empty());
}

#[test]
fn seed_hunter_cannot_shoot_through_the_train() {
    let list = [("d3", "H"), ("d5", "t")];
    assert!(has(&build(Color::White, 0, &list), "Hd3>d5/T"));
    let e = rejected(&build(Color::White, 6, &list), "Hd3>d5");
    assert!(e.message.contains("Train"), "{}", e.message);
}

#[test]
fn p7_deer_leg_blocked_only_by_the_train_on_its_long_axis() {
    // Betza: a3-b5 is blocked when a4 is occupied (by the Train).
    let blocked = build(Color::White, 8, &[("a3", "D")]);
    assert_eq!(blocked.train(), (sq("a4"), sq("b4")));
    assert!(!has(&blocked, "Da3-b5"));
    assert!(has(&blocked, "Da3-c4"));
    // Any critter is leapt over.
    let open = build(Color::White, 0, &[("a3", "D"), ("a4", "t"), ("b4", "P")]);
    assert!(has(&open, "Da3-b5") && has(&open, "Da3-c7"));
}

#[test]
fn p6_woodchuck_d_leap_is_blocked_by_the_train_but_not_its_wood() {
    let p = build(Color::White, 7, &[("b3", "W"), ("d5", "d")]);
    assert_eq!(p.train(), (sq("b4"), sq("c4")));
    assert!(!has(&p, "Wb3-b5"));
    let q = play(&p, "Wb3>d5");
    assert_eq!(at(&q, "d5"), "-d");
}

#[test]
fn p14_bear_may_stand_on_the_train_path_and_dies_there() {
    assert!(has(&build(Color::White, 0, &[("d3", "B")]), "Bd3-d4"));
    let p = build(Color::Black, 4, &[("d4", "B")]);
    let q = play(&p, "Be8-d8");
    assert!(!q.has_bear(Color::White));
    assert_eq!(
        q.score(),
        ByColor {
            white: 0,
            black: 20
        }
    );
    let o = q.outcome().expect("the game is over");
    assert_eq!((o.winner, o.reason), (Some(Color::Black), "dead Bear"));
    assert!(moves(&q).is_empty());
}
// ----- terminals (seed; RULINGS 5.3, P10) -----

#[test]
fn seed_moving_onto_a_terminal_is_boarding_and_cannot_leave() {
    let p = build(Color::White, 0, &[("a4", "S")]);
    let q = play(&play(&p, "Sa4-z4"), "Be8-d8");
    assert_eq!(at(&q, "z4"), "S^");
    assert_eq!(moves_from(&q, "z4"), ["Sz4-z5"]);
}

#[test]
fn seed_boarding_critter_switches_terminal_squares_whatever_its_power() {
    let p = build(Color::White, 0, &[("z4", "D^")]);
    let q = play(&p, "Dz4-z5");
    assert_eq!(at(&q, "z5"), "D^");
}

#[test]
fn seed_leaving_critter_cannot_switch_and_must_leave() {
    let p = build(Color::White, 0, &[("z4", "T~")]);
    assert_eq!(moves_from(&p, "z4"), ["Tz4-a4", "Tz4-b4", "Tz4-c4"]);
    let q = play(&p, "Tz4-b4");
    assert_eq!(at(&q, "b4"), "T");
}

#[test]
fn seed_leaving_critter_may_do_harm_as_it_leaves() {
    let p = build(Color::White, 0, &[("z5", "D~"), ("a7", "w")]);
    let q = play(&p, "Dz5-a7");
    assert_eq!(at(&q, "a7"), "-wD");
}

#[test]
fn seed_critters_on_terminals_are_safe_from_all_harm() {
    let p = build(
        Color::White,
        5,
        &[("f5", "H"), ("x5", "t^"), ("g3", "D"), ("x4", "w^")],
    );
    assert!(moves_from(&p, "f5").iter().all(|m| !m.contains('>')));
    let q = play(&p, "Dg3-x4");
    assert_eq!(at(&q, "x4"), "w^D^");
}

#[test]
fn seed_critters_on_terminals_do_no_harm() {
    let p = build(
        Color::White,
        0,
        &[("z4", "H~"), ("a4", "t"), ("z5", "W~"), ("b3", "d")],
    );
    assert!(moves(&p).iter().all(|m| !m.contains('>')));
}

#[test]
fn seed_lunch_regained_on_entering_a_terminal() {
    let p = build(Color::White, 0, &[("a4", "-S")]);
    let q = play(&p, "-Sa4-z4");
    assert_eq!(at(&q, "z4"), "S^");
}

#[test]
fn p10_lunch_regained_when_pushed_into_a_terminal() {
    let p = build(Color::White, 0, &[("b3", "B"), ("a4", "-s")]);
    let q = play(&p, "Bb3-a4/Sz4");
    assert_eq!(at(&q, "z4"), "s^");
    assert_eq!(at(&q, "a4"), "B");
}
