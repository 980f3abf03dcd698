//! Each critter's powers and limits (RULINGS 5.7; P5, P7-P9, P13, P14, P19, P20).

use super::*;

// ----- the Bear (seed; P13, P14, P19, P20) -----

#[test]
fn seed_bear_moves_like_the_king_in_its_own_half() {
    let p = build(Color::White, 0, &[("e4", "B")]);
    assert_eq!(
        moves_from(&p, "e4"),
        ["Be4-d3", "Be4-d4", "Be4-e3", "Be4-f3", "Be4-f4"]
    );
    let p = build(Color::Black, 0, &[("e5", "b")]);
    assert_eq!(
        moves_from(&p, "e5"),
        ["Be5-d5", "Be5-d6", "Be5-e6", "Be5-f5", "Be5-f6"]
    );
}

#[test]
fn seed_bear_squashes_shrews_and_displaces_the_rest_where_its_owner_chooses() {
    let mut p = build(Color::White, 0, &[("e2", "P")]);
    for c in [
        Critter::new(Color::Black, Kind::Shrew),
        Critter::new(Color::Black, Kind::Turkey),
        Critter::new(Color::White, Kind::Turkey),
    ] {
        p.put(sq("e2"), c);
    }
    // Two critters of one kind are listed in stack order: t, then T.
    let q = play(&p, "Be1-e2/Td2/Tf3");
    assert_eq!(at(&q, "e2"), "B");
    assert_eq!(at(&q, "d2"), "t");
    assert_eq!(at(&q, "f3"), "T");
}

#[test]
fn p20_each_choice_of_displacement_squares_is_a_move() {
    let one = build(Color::White, 0, &[("e2", "t")]);
    let n = |p: &Position| moves(p).iter().filter(|m| m.starts_with("Be1-e2")).count();
    // e2's neighbours, the Bear's own e1 included.
    assert_eq!(n(&one), 8);
    let mut two = one.clone();
    two.put(sq("e2"), Critter::new(Color::White, Kind::Hunter));
    assert_eq!(n(&two), 64);
    let e = rejected(&one, "Be1-e2/Te4");
    assert!(e.message.contains("next to e2"), "{}", e.message);
    assert!(resolve(&one, "Be1-e2").is_err());
    assert!(has(&one, "Be1-e2/Te1"));
}

#[test]
fn seed_bear_pushes_into_a_terminal_or_under_the_train() {
    let p = build(Color::White, 12, &[("b3", "B"), ("a4", "t")]);
    assert_eq!(p.train(), (sq("b5"), sq("a5")));
    let q = play(&p, "Bb3-a4/Tz4");
    assert_eq!(at(&q, "z4"), "t^");
    let q = play(&p, "Bb3-a4/Ta5");
    assert!(q.stack(sq("a5")).is_empty());
    assert_eq!(q.last_turn().roadkill.len(), 1);
    assert!(
        q.verify_roadkill(b'T', crate::notation::token::Coord { file: 1, rank: 4 })
            .is_ok()
    );
}

#[test]
fn p13_skunk_pushed_under_the_train_sprays_the_bears_side() {
    let p = build(Color::White, 12, &[("b3", "B"), ("a4", "s"), ("b4", "T")]);
    let q = play(&p, "Bb3-a4/Sa5");
    assert_eq!(at(&q, "a4"), "*-B");
    assert_eq!(at(&q, "b4"), "*T");
}

#[test]
fn seed_displacement_keeps_lunch_and_does_not_make_the_skunk_spray() {
    let p = build(Color::White, 0, &[("e2", "s"), ("d2", "T")]);
    let q = play(&p, "Be1-e2/Sd3");
    assert_eq!(at(&q, "d3"), "s");
    assert_eq!(at(&q, "e2"), "B");
    assert_eq!(at(&q, "d2"), "T");
}

#[test]
fn seed_bear_never_boards_the_train() {
    let p = build(Color::White, 0, &[("a4", "B")]);
    assert!(!has(&p, "Ba4-z4") && !has(&p, "Ba4-z5"));
    assert!(rejected(&p, "Ba4-z4").message.contains("own half"));
}

#[test]
fn seed_others_may_enter_the_bears_square_and_rob_it() {
    let p = build(Color::Black, 0, &[("e3", "B"), ("g4", "d")]);
    let q = play(&p, "Dg4-e3");
    assert_eq!(at(&q, "e3"), "-Bd");
}

#[test]
fn seed_a_dead_bear_ends_the_game_and_gives_the_other_side_20() {
    // The seed's own example: Hunter e2, Bear e5, nothing between.
    let p = build(Color::White, 0, &[("e2", "H"), ("e5", "b")]);
    let q = play(&p, "He2>e5");
    assert_eq!(
        q.score(),
        ByColor {
            white: 20,
            black: 0
        }
    );
    let o = q.outcome().expect("over");
    assert_eq!((o.winner, o.reason), (Some(Color::White), "dead Bear"));
    assert_eq!(
        q.last_turn().scored.as_slice(),
        [ScoreEvent {
            color: Color::White,
            points: 20,
            reason: ScoreReason::DeadBear { at: sq("e5") }
        }]
    );
}

#[test]
fn seed_you_can_lose_your_bear_and_still_win() {
    let mut p = build(Color::Black, 0, &[("e5", "h"), ("e2", "B")]);
    p.score.white = 25;
    let q = play(&p, "He5>e2");
    assert_eq!(
        q.score(),
        ByColor {
            white: 25,
            black: 20
        }
    );
    assert_eq!(q.outcome().map(|o| o.winner), Some(Some(Color::White)));
}

// ----- the Hunter (seed; P8) -----

#[test]
fn seed_hunter_steps_one_square_rookwise_never_onto_occupied_squares() {
    let p = build(Color::White, 0, &[("d3", "H"), ("d4", "T")]);
    let steps: Vec<String> = moves_from(&p, "d3")
        .into_iter()
        .filter(|m| !m.contains('>'))
        .collect();
    assert_eq!(steps, ["Hd3-c3", "Hd3-d2", "Hd3-e3"]);
}

#[test]
fn seed_hunter_shoots_as_far_as_three_squares_rookwise() {
    let p = build(Color::White, 0, &[("e2", "H"), ("e6", "t"), ("b2", "t")]);
    assert!(!has(&p, "He2>e6/T"));
    assert!(has(&p, "He2>b2/T"));
    let e = rejected(&p, "He2>e6");
    assert!(e.message.contains("3 squares"), "{}", e.message);
}

#[test]
fn seed_hunter_cannot_shoot_tiny_critters_and_they_block_his_range() {
    let p = build(Color::White, 0, &[("d1", "H"), ("d2", "p"), ("d3", "t")]);
    assert!(moves_from(&p, "d1").iter().all(|m| !m.contains('>')));
    let e = rejected(&p, "Hd1>d3");
    assert!(
        e.message.contains("blocked by the Black shrew on d2"),
        "{}",
        e.message
    );
    assert!(rejected(&p, "Hd1>d2").message.contains("nothing on d2"));
}

#[test]
fn p8_hunter_picks_one_big_enemy_on_the_first_occupied_square() {
    let mut p = build(Color::White, 0, &[("d1", "H"), ("d3", "p")]);
    p.put(sq("d3"), Critter::new(Color::Black, Kind::Turkey));
    p.put(sq("d3"), Critter::new(Color::Black, Kind::Fox));
    assert!(resolve(&p, "Hd1>d3").is_err(), "two victims: name one");
    let q = play(&p, "Hd1>d3/T");
    assert_eq!(at(&q, "d3"), "pf");
    // A shot gives no points.
    assert_eq!(q.score(), ByColor { white: 0, black: 0 });
}

#[test]
fn seed_hunter_cannot_shoot_friends() {
    let p = build(Color::White, 0, &[("d1", "H"), ("d2", "T"), ("d3", "t")]);
    assert!(moves_from(&p, "d1").iter().all(|m| !m.contains('>')));
}

// ----- the Deer (seed; P7) -----

#[test]
fn seed_deer_rides_like_a_knightrider_leaping_every_critter() {
    let p = build(
        Color::White,
        0,
        &[("b1", "D"), ("b2", "P"), ("c2", "P"), ("a2", "P")],
    );
    for m in ["Db1-c3", "Db1-d5", "Db1-e7", "Db1-a3", "Db1-d2"] {
        assert!(has(&p, m), "{m}");
    }
}

#[test]
fn seed_entering_an_occupied_square_stops_the_deer() {
    let p = build(Color::White, 0, &[("b1", "D"), ("d5", "t")]);
    assert!(has(&p, "Db1-d5") && !has(&p, "Db1-e7"));
}

#[test]
fn seed_deer_squashes_every_shrew_friend_or_foe() {
    let mut p = build(Color::White, 0, &[("b1", "D"), ("d5", "P"), ("d5", "p")]);
    p.put(sq("d5"), Critter::new(Color::Black, Kind::Woodchuck));
    let q = play(&p, "Db1-d5/W");
    assert_eq!(at(&q, "d5"), "-wD");
}

// ----- the Fox (seed; P9) -----

#[test]
fn seed_fox_moves_as_bwzf3() {
    let p = build(Color::White, 0, &[("d4", "F")]);
    let mut to: Vec<String> = moves_from(&p, "d4")
        .iter()
        .map(|m| m[4..6].to_string())
        .collect();
    to.sort();
    assert_eq!(
        to,
        [
            "a3", "a5", "b4", "c1", "c3", "c5", "c7", "d2", "d3", "d6", "e1", "e3", "e5", "e7",
            "f4", "g3", "g5"
        ]
    );
}

#[test]
fn p9_fox_path_must_be_empty_and_may_pass_a_terminal() {
    let p = build(Color::White, 0, &[("a3", "F"), ("b4", "t")]);
    assert!(has(&p, "Fa3-a5"), "through z4");
    let p = build(Color::White, 0, &[("a3", "F"), ("b4", "t"), ("z4", "P^")]);
    assert!(!has(&p, "Fa3-a5"));
}

#[test]
fn seed_fox_devours_a_lunchless_medium_enemy() {
    for victim in ["t", "-w", "-s"] {
        let p = build(Color::White, 0, &[("d4", "F"), ("e5", victim)]);
        let q = play(&p, "Fd4-e5");
        assert!(
            q.stack(sq("e5")).iter().all(|c| c.color == Color::White),
            "{victim}"
        );
    }
    // Not a Fox, a large critter, nor a tiny one.
    for spared in ["-f", "-d", "p", "m"] {
        let p = build(Color::White, 0, &[("d4", "F"), ("e5", spared)]);
        let q = play(&p, "Fd4-e5");
        assert_eq!(at(&q, "e5"), format!("{spared}F"));
    }
}

#[test]
fn seed_fox_steals_a_lunch() {
    let p = build(Color::White, 0, &[("d4", "F"), ("e5", "d")]);
    assert_eq!(at(&play(&p, "Fd4-e5/D"), "e5"), "-dF");
}

#[test]
fn seed_devouring_the_enemy_skunk_is_mutual_annihilation() {
    let p = build(
        Color::White,
        0,
        &[("d4", "F"), ("e5", "-s"), ("f6", "T"), ("e6", "t")],
    );
    let q = play(&p, "Fd4-e5");
    assert!(q.stack(sq("e5")).is_empty());
    assert_eq!(at(&q, "f6"), "*T");
    assert_eq!(at(&q, "e6"), "t");
}

// ----- the Skunk, the Turkey, the Shrew, the Chipmunk -----

#[test]
fn seed_skunk_moves_as_a_rook_enters_occupied_squares_and_steals_nothing() {
    let p = build(Color::White, 0, &[("b3", "S"), ("b6", "d")]);
    let up: Vec<String> = moves_from(&p, "b3")
        .into_iter()
        .filter(|m| m[4..5] == *"b")
        .collect();
    assert_eq!(up, ["Sb3-b1", "Sb3-b2", "Sb3-b4", "Sb3-b5", "Sb3-b6"]);
    assert_eq!(at(&play(&p, "Sb3-b6"), "b6"), "dS");
}

#[test]
fn seed_skunk_sprays_when_shot() {
    let p = build(Color::White, 0, &[("d1", "H"), ("d3", "s"), ("c3", "T")]);
    let q = play(&p, "Hd1>d3");
    assert!(q.stack(sq("d3")).is_empty());
    assert_eq!(at(&q, "c3"), "*T");
    assert_eq!(at(&q, "d1"), "H");
}

#[test]
fn seed_skunk_sprays_when_hit_by_wood() {
    let p = build(Color::White, 0, &[("b1", "W"), ("d3", "s"), ("c3", "T")]);
    let q = play(&p, "Wb1>d3");
    assert_eq!(at(&q, "d3"), "-s");
    assert_eq!(at(&q, "c3"), "*T");
}

#[test]
fn seed_skunk_sprays_when_run_over_by_the_train() {
    let p = build(Color::Black, 1, &[("g4", "s"), ("f3", "T")]);
    let q = play(&p, "Be8-d8");
    assert!(q.stack(sq("g4")).is_empty());
    assert_eq!(at(&q, "f3"), "*T");
}

#[test]
fn seed_lunchless_skunk_still_sprays_when_attacked() {
    let p = build(Color::White, 0, &[("d1", "H"), ("d3", "-s"), ("c3", "T")]);
    assert_eq!(at(&play(&p, "Hd1>d3"), "c3"), "*T");
}

#[test]
fn seed_turkey_moves_r3_and_p5_may_enter_occupied_squares() {
    let p = build(Color::White, 0, &[("a1", "T")]);
    let up: Vec<String> = moves_from(&p, "a1")
        .into_iter()
        .filter(|m| m[4..5] == *"a")
        .collect();
    assert_eq!(up, ["Ta1-a2", "Ta1-a3", "Ta1-a4"]);
    let p = build(Color::White, 0, &[("a1", "T"), ("a3", "p")]);
    let up: Vec<String> = moves_from(&p, "a1")
        .into_iter()
        .filter(|m| m[4..5] == *"a")
        .collect();
    assert_eq!(up, ["Ta1-a2", "Ta1-a3"]);
}

#[test]
fn seed_shrew_steps_diagonally_forward_onto_any_square() {
    let p = build(Color::White, 0, &[("d2", "P"), ("e3", "t")]);
    assert_eq!(moves_from(&p, "d2"), ["Pd2-c3", "Pd2-e3"]);
    let p = build(Color::Black, 0, &[("d7", "p")]);
    assert_eq!(moves_from(&p, "d7"), ["Pd7-c6", "Pd7-e6"]);
}

#[test]
fn seed_shrew_promotes_to_a_chipmunk_on_the_last_rank() {
    let p = build(Color::White, 0, &[("c7", "P")]);
    assert_eq!(at(&play(&p, "Pc7-d8"), "d8"), "M");
}

#[test]
fn seed_chipmunk_steps_diagonally_and_is_too_cute_to_harm() {
    let p = build(
        Color::White,
        0,
        &[("d4", "m"), ("d7", "h"), ("b3", "D"), ("c3", "F")],
    );
    let q = play(&p, "Db3-d4");
    assert_eq!(at(&q, "d4"), "mD");
    assert!(!has(&p, "Fc3-d4/M"));
    let p = build(Color::Black, 0, &[("d4", "m"), ("d1", "H")]);
    assert_eq!(
        moves_from(&p, "d4"),
        ["Md4-c3", "Md4-c5", "Md4-e3", "Md4-e5"]
    );
}

#[test]
fn seed_woodchuck_must_choose_one_of_several_targets() {
    let mut p = build(Color::White, 0, &[("c1", "W"), ("e3", "d")]);
    p.put(sq("e3"), Critter::new(Color::Black, Kind::Fox));
    assert_eq!(rejected(&p, "Wc1>e3").kind, RejectionKind::Ambiguous);
    assert!(has(&p, "Wc1>e3/D") && has(&p, "Wc1>e3/F"));
    assert_eq!(at(&play(&p, "Wc1>e3/F"), "e3"), "d-f");
}

#[test]
fn seed_turkey_chipmunk_and_shrew_have_no_attack() {
    for (from, who, mv) in [
        ("a1", "T", "Ta1-a3"),
        ("b2", "M", "Mb2-a3"),
        ("b2", "P", "Pb2-a3"),
    ] {
        let p = build(Color::White, 0, &[(from, who), ("a3", "s")]);
        assert_eq!(at(&play(&p, mv), "a3"), format!("s{who}"), "{mv}");
    }
}

#[test]
fn reading_boarding_critter_switches_onto_an_occupied_terminal_square() {
    // "whether or not their normal movement power would allow it": even the
    // Hunter, who never enters occupied squares, switches; no harm is done.
    let p = build(Color::White, 5, &[("x4", "H^"), ("x5", "t^")]);
    let q = play(&p, "Hx4-x5");
    assert_eq!(at(&q, "x5"), "t^H^");
}

#[test]
fn reading_deer_entering_a_terminal_square_neither_squashes_nor_steals() {
    let p = build(Color::White, 5, &[("g3", "D"), ("x4", "p^"), ("x4", "w^")]);
    assert_eq!(at(&play(&p, "Dg3-x4"), "x4"), "p^w^D^");
}
