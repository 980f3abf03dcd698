//! Lunch (RULINGS 5.4, P12), the spray and stinky compulsion (RULINGS 5.6, P11).

use super::*;

// ----- lunch (seed; RULINGS 5.4) -----

#[test]
fn seed_lunchless_hunter_cannot_shoot() {
    let fed = build(Color::White, 0, &[("d2", "H"), ("d4", "t")]);
    assert!(has(&fed, "Hd2>d4/T"));
    let p = build(Color::White, 0, &[("d2", "-H"), ("d4", "t")]);
    assert!(moves_from(&p, "d2").iter().all(|m| !m.contains('>')));
    assert!(!moves_from(&p, "d2").is_empty(), "it can still move");
}

#[test]
fn seed_lunchless_woodchuck_cannot_chuck() {
    let p = build(Color::White, 0, &[("c1", "-W"), ("e3", "d")]);
    assert!(moves_from(&p, "c1").iter().all(|m| !m.contains('>')));
    assert!(!moves_from(&p, "c1").is_empty());
}

#[test]
fn seed_lunchless_deer_and_fox_cannot_steal_nor_enter_occupied_squares() {
    let p = build(
        Color::White,
        0,
        &[("f1", "-D"), ("e3", "w"), ("d4", "-F"), ("c3", "t")],
    );
    let e = rejected(&p, "-Df1-e3");
    assert!(e.message.contains("lunchless"), "{}", e.message);
    assert!(has(&p, "-Df1-g3"));
    assert!(!has(&p, "-Fd4-c3") && has(&p, "-Fd4-e5"));
}

#[test]
fn seed_lunchless_bear_cannot_enter_occupied_squares() {
    let p = build(Color::White, 0, &[("e1", "-B"), ("e2", "t"), ("d2", "p")]);
    assert!(!has(&p, "-Be1-e2/Td3") && !has(&p, "-Be1-d2"));
    assert!(has(&p, "-Be1-f2"));
}

#[test]
fn seed_lunch_regained_by_returning_home() {
    let p = build(Color::White, 0, &[("g3", "-D")]);
    let q = play(&p, "-Dg3-f1");
    assert_eq!(at(&q, "f1"), "D");
    // The home square is the critter's own start square, kept in the string.
    let p = build(Color::White, 0, &[("b3", "-D@a1")]);
    assert_eq!(at(&play(&p, "-Db3-c1"), "c1"), "-D@a1");
    assert_eq!(at(&play(&p, "-Db3-a1"), "a1"), "D@a1");
}

#[test]
fn seed_stealing_takes_one_named_victim_on_a_crowded_square() {
    let p = build(Color::White, 0, &[("f1", "D"), ("e3", "f"), ("e3", "w")]);
    let e = rejected(&p, "Df1-e3");
    assert_eq!(e.kind, RejectionKind::Ambiguous);
    let q = play(&p, "Df1-e3/F");
    assert_eq!(at(&q, "e3"), "-fwD");
}

#[test]
fn seed_skunk_robbed_of_its_lunch_stinks_up_enemies_on_and_next_to_its_square() {
    let p = build(
        Color::White,
        0,
        &[
            ("f1", "D"),
            ("e3", "s"),
            ("d4", "T"),
            ("e2", "P"),
            ("f4", "S"),
            ("e5", "T"),
            ("d3", "t"),
        ],
    );
    let q = play(&p, "Df1-e3/S");
    assert_eq!(at(&q, "e3"), "-s*-D");
    assert_eq!(at(&q, "d4"), "*T");
    assert_eq!(at(&q, "e2"), "*P");
    // Enemy skunks are immune; friends and critters further away untouched.
    assert_eq!(at(&q, "f4"), "S");
    assert_eq!(at(&q, "e5"), "T");
    assert_eq!(at(&q, "d3"), "t");
}

#[test]
fn seed_spray_spares_critters_on_terminals() {
    let p = build(Color::White, 0, &[("b3", "D"), ("a5", "s"), ("z5", "T^")]);
    let q = play(&p, "Db3-a5/S");
    assert_eq!(at(&q, "z5"), "T^");
    assert_eq!(at(&q, "a5"), "-s*-D");
}

#[test]
fn seed_woodchuck_chucks_two_or_three_diagonally_over_anything() {
    let p = build(
        Color::White,
        0,
        &[
            ("c1", "W"),
            ("d2", "h"),
            ("e3", "d"),
            ("f4", "f"),
            ("g5", "t"),
        ],
    );
    let shots: Vec<String> = moves_from(&p, "c1")
        .into_iter()
        .filter(|m| m.contains('>'))
        .collect();
    assert_eq!(shots, ["Wc1>e3/D", "Wc1>f4/F"]);
    let q = play(&p, "Wc1>e3");
    assert_eq!(at(&q, "e3"), "-d");
    assert_eq!(at(&q, "c1"), "W");
}

#[test]
fn p12_wood_needs_a_target_with_lunch() {
    let p = build(Color::White, 0, &[("c1", "W"), ("e3", "-d"), ("f4", "t")]);
    assert!(moves_from(&p, "c1").iter().all(|m| !m.contains('>')));
}

#[test]
fn seed_woodchuck_moves_wd_and_never_enters_occupied_squares() {
    let p = build(Color::White, 0, &[("d3", "W"), ("d4", "T")]);
    assert_eq!(
        moves_from(&p, "d3"),
        [
            "Wd3-b3", "Wd3-c3", "Wd3-d1", "Wd3-d2", "Wd3-d5", "Wd3-e3", "Wd3-f3"
        ]
    );
}
// ----- stinky compulsion (seed; RULINGS 5.6, P11) -----

#[test]
fn seed_a_stinky_critter_must_move() {
    let p = build(Color::White, 0, &[("a1", "*T"), ("g1", "D")]);
    let all = moves(&p);
    assert!(
        !all.is_empty() && all.iter().all(|m| m.starts_with("*T")),
        "{all:?}"
    );
    let e = rejected(&p, "Dg1-f3");
    assert!(e.message.contains("stinky"), "{}", e.message);
}

#[test]
fn seed_a_moved_critter_is_no_longer_stinky() {
    let p = build(Color::White, 0, &[("a1", "*T")]);
    let q = play(&p, "*Ta1-a2");
    assert_eq!(at(&q, "a2"), "T");
}

#[test]
fn seed_compulsion_lifted_when_the_enemy_fox_threatens_a_medium_critter() {
    let p = build(
        Color::White,
        0,
        &[("a1", "*T"), ("g1", "D"), ("d5", "T"), ("c6", "f")],
    );
    assert!(has(&p, "Dg1-f3"));
}

#[test]
fn seed_compulsion_lifted_when_the_enemy_hunter_threatens_a_large_critter() {
    let p = build(
        Color::White,
        0,
        &[("a1", "*T"), ("g1", "D"), ("d5", "D"), ("d7", "h")],
    );
    assert!(has(&p, "Dg1-f3"));
    // A tiny critter in the Hunter's sights does not count.
    let p = build(
        Color::White,
        0,
        &[("a1", "*T"), ("g1", "D"), ("d5", "P"), ("d7", "h")],
    );
    assert!(!has(&p, "Dg1-f3"));
}

#[test]
fn seed_compulsion_lifted_when_a_critter_stands_where_the_train_goes_next() {
    let p = build(Color::White, 0, &[("a1", "*T"), ("g1", "D"), ("h4", "P")]);
    assert!(has(&p, "Dg1-f3"));
}

#[test]
fn p11_compulsion_asks_for_a_movement_not_a_shot() {
    let p = build(Color::White, 0, &[("d2", "*H"), ("d4", "t"), ("g1", "D")]);
    let all = moves(&p);
    assert!(
        all.iter().all(|m| m.starts_with("*H") && !m.contains('>')),
        "{all:?}"
    );
}

#[test]
fn p11_free_when_no_stinky_critter_can_move() {
    let p = build(Color::White, 0, &[("a1", "*H"), ("a2", "T"), ("b1", "T")]);
    assert!(has(&p, "Ta2-a3"));
}

#[test]
fn seed_compulsion_stays_when_the_fox_threatens_only_a_large_critter() {
    // "medium to small critters": a Fox after the Deer's lunch does not count.
    let p = build(
        Color::White,
        0,
        &[("a1", "*T"), ("g1", "D"), ("d5", "D"), ("c6", "f")],
    );
    assert!(!has(&p, "Dg1-f3"));
}

#[test]
fn p11_a_lunchless_fox_threatens_nobody() {
    let p = build(
        Color::White,
        0,
        &[("a1", "*T"), ("g1", "D"), ("d5", "T"), ("c6", "-f")],
    );
    assert!(!has(&p, "Dg1-f3"));
}

#[test]
fn seed_compulsion_stays_when_the_trains_next_square_is_a_terminal() {
    // After 9 advances the Train enters z5 next: a critter boarding there
    // is safe, so it lifts nothing ("the non-terminal square").
    let p = build(Color::White, 9, &[("a1", "*T"), ("g1", "D"), ("z5", "T^")]);
    assert_eq!(p.train(), (sq("z4"), sq("a4")));
    assert!(!has(&p, "Dg1-f3"));
    // The same critter on a5 when a5 is next does lift it.
    let p = build(Color::White, 10, &[("a1", "*T"), ("g1", "D"), ("a5", "T")]);
    assert!(has(&p, "Dg1-f3"));
}

#[test]
fn seed_no_stealing_from_a_critter_already_on_your_square() {
    let mut p = build(Color::White, 0, &[("d4", "d")]);
    p.put(sq("d4"), Critter::new(Color::White, Kind::Fox));
    let mut ml = Vec::new();
    p.legal_moves(&mut ml);
    assert!(!ml.is_empty());
    for m in &ml {
        let mut q = p.clone();
        q.play(m);
        assert!(at(&q, "d4").starts_with('d'), "{}", p.long_notation(m));
    }
}

#[test]
fn p11_a_lunchless_hunter_threatens_nobody() {
    let fed = build(
        Color::White,
        0,
        &[("a1", "*T"), ("g1", "D"), ("d5", "D"), ("d7", "h")],
    );
    assert!(has(&fed, "Dg1-f3"));
    let p = build(
        Color::White,
        0,
        &[("a1", "*T"), ("g1", "D"), ("d5", "D"), ("d7", "-h")],
    );
    assert!(!has(&p, "Dg1-f3"));
}
