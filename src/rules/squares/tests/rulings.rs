//! Rulings L1–L17 (RULINGS §4); L15–L17 came from independent
//! implementations run against xpgn (issue 13).

use super::*;

#[test]
fn l1_castling_needs_empty_squares_between_king_and_rook() {
    let holed = at(
        Variant::Hans38,
        "....k.../......../......../......../......../......../......../R-.-K.-R w KQ - r3/3",
    );
    let r = rejected(&holed, "O-O");
    assert!(rule_of(&r).contains("L1"), "{r:?}");
    assert!(resolve(&holed, "O-O-O").is_err());
    let whole = at(
        Variant::Hans38,
        "....k.../......../......../......../......../......../......../R---K--R w KQ - r3/3",
    );
    assert!(resolve(&whole, "O-O").is_ok());
    assert!(resolve(&whole, "O-O-O").is_ok());
    assert!(
        resolve(&whole, "Ke1-g1").is_ok(),
        "the king's move names castling"
    );
}

#[test]
fn l2_the_double_step_needs_a_square_on_the_passed_location() {
    let holed = at(
        Variant::Hans38,
        "....k.../......../......../......../....-.../......../....P.../....K... w - - r3/3",
    );
    let r = rejected(&holed, "e2-e4");
    assert!(r.message.contains("e3"), "{r:?}");
    let whole = at(
        Variant::Hans38,
        "....k.../......../......../......../....-.../....-.../....P.../....K... w - - r3/3",
    );
    assert!(resolve(&whole, "e2-e4").is_ok());
}

#[test]
fn l3_a_square_move_keeps_its_owner() {
    let mut p = at(
        Variant::Hans38,
        "....k.../......../......../......../...-..../......../......../....K... w - - r3/3",
    );
    play(&mut p, "@d4-f5");
    assert_eq!(p.owner(sq("f5")), Some(Color::White));
    play(&mut p, "@@f6");
    assert_eq!(p.owner(sq("f6")), Some(Color::Black), "the placer owns it");
}

#[test]
fn l4_en_passant_takes_the_passed_square_and_leaves_the_victims() {
    let mut p = at(
        Variant::Hans38,
        "....k.../...p..../...=..../...=P.../......../......../......../....K... b - - r3/3",
    );
    play(&mut p, "d7-d5");
    play(&mut p, "e5:d6");
    assert_eq!(p.owner(sq("d6")), Some(Color::White));
    assert!(p.has_square(sq("d5")) && p.piece_at(sq("d5")).is_none());
    assert_eq!(p.owner(sq("d5")), Some(Color::Black));
}

#[test]
fn l5_squares_may_move_back_after_the_movers_own_move() {
    let mut p = at(
        Variant::Hans38,
        "....k.../......../......../......../...-..../......../......../....K... w - - r3/3",
    );
    play(&mut p, "@d4-d6");
    play(&mut p, "@@a3");
    play(&mut p, "@d6-d4");
    // The target must be a hole on the board.
    let edge = at(
        Variant::Hans38,
        "....k.../......../......../......../......../......../......../-...K... w - - r0/0",
    );
    assert_eq!(
        legal(&edge)
            .iter()
            .filter(|m| m.starts_with("@a1-"))
            .count(),
        8
    );
}

#[test]
fn l6_any_legal_action_avoids_stalemate() {
    // Only a placement is left: the game goes on.
    let p = at(
        Variant::Hans38,
        "....k.../......../......../......../......../......../P......./K....... w - - r1/0",
    );
    assert!(p.outcome().is_none());
    assert!(legal(&p).iter().all(|m| m.starts_with("@@")));
    let none = at(
        Variant::Hans38,
        "....k.../......../......../......../......../......../P......./K....... w - - r0/0",
    );
    assert_eq!(none.outcome().map(|o| o.reason), Some("stalemate"));
}

#[test]
fn l7_squares_give_check_and_may_not_expose_the_own_king() {
    let mut gives = at(
        Variant::Hans38Neutral,
        "....k.../....1.../....1.../......../....1.../....1.../....R.../K....... w - - r3/3",
    );
    play(&mut gives, "@@e5");
    assert!(gives.is_check());
    let exposes = at(
        Variant::Hans38Neutral,
        "k...r.../....1.../....1.../....1.../......../....1.../....1.../....K... w - - r3/3",
    );
    let r = rejected(&exposes, "@@e4");
    assert!(r.message.contains("check"), "{r:?}");
    assert!(rule_of(&r).contains("L7"));
}

#[test]
fn l8_pawns_promote_on_the_last_rank_to_q_r_b_or_n() {
    let p = at(
        Variant::Hans38,
        "....-..k/....P.../......../......../......../......../......../K....... w - - r0/0",
    );
    let mut promos: Vec<String> = legal(&p)
        .into_iter()
        .filter(|m| m.starts_with("e7"))
        .collect();
    promos.sort();
    assert_eq!(promos, ["e7-e8=B", "e7-e8=N", "e7-e8=Q", "e7-e8=R"]);
    assert!(resolve(&p, "e7-e8=N").is_ok());
    let r = rejected(&p, "e7-e8");
    assert!(r.message.contains("must promote"), "{r:?}");
    assert!(rule_of(&r).contains("L8"));
}

#[test]
fn l9_only_pawn_moves_and_piece_captures_reset_the_fifty_move_count() {
    let mut p = at(
        Variant::Hans38,
        "....k.../......../....=.../......../......../......../....P.../...NK... w - - r3/3 - 10 20",
    );
    play(&mut p, "@@e3");
    assert_eq!(p.halfmoves(), 11);
    play(&mut p, "@e6-f5");
    assert_eq!(p.halfmoves(), 12);
    play(&mut p, "Nd1-e3");
    play(&mut p, "@@a6");
    assert_eq!(p.halfmoves(), 14);
    play(&mut p, "Ne3-f5");
    assert_eq!(p.halfmoves(), 15, "capturing a square does not reset");
    play(&mut p, "@@b6");
    play(&mut p, "e2-e3");
    assert_eq!(p.halfmoves(), 0);
}

#[test]
fn l9_repetition_counts_squares_owners_and_reserves() {
    let fen = |board: &str, res: &str| {
        at(Variant::Hans38, &format!("{board} w - - {res} - 0 1")).repetition_key()
    };
    let a = "....k.../......../......../......../...-..../......../......../....K...";
    let b = "....k.../......../......../......../...=..../......../......../....K...";
    let c = "....k.../......../......../......../......../...-..../......../....K...";
    assert_eq!(fen(a, "r3/3"), fen(a, "r3/3"));
    assert_ne!(fen(a, "r3/3"), fen(b, "r3/3"), "owner");
    assert_ne!(fen(a, "r3/3"), fen(c, "r3/3"), "square");
    assert_ne!(fen(a, "r3/3"), fen(a, "r2/3"), "reserve");
    // The move counters do not count.
    let p = at(Variant::Hans38, &format!("{a} w - - r3/3 - 7 30"));
    assert_eq!(p.repetition_key(), fen(a, "r3/3"));
}

#[test]
fn l10_postal_first_move_exception_covers_both_players() {
    let mut p = postal(Variant::Hans38, Postal::Yes);
    play(&mut p, "@@a3");
    // Black cannot move a piece either and may place.
    assert!(p.outcome().is_none());
    play(&mut p, "@@h6");
    assert_eq!(p.fullmoves(), 2);
}

#[test]
fn l11_postal_plus_square_actions_in_either_order_after_the_piece() {
    let mut p = postal(Variant::Hans38, Postal::Plus);
    play_all(&mut p, "1. @@f3 @@f6");
    assert!(resolve(&p, "Ng1-f3,@@e3,@g1-h3").is_ok());
    assert!(resolve(&p, "Ng1-f3,@g1-h3,@@e3").is_ok());
    let r = rejected(&p, "@@e3,Ng1-f3,@g1-h3");
    assert!(r.message.contains("first"), "{r:?}");
    // Placing, then moving the placed square on, is its own turn.
    assert!(resolve(&p, "Ng1-f3,@@e3,@e3-d5").is_ok());
}

#[test]
fn l12_each_players_fourth_turn_starts_the_returns() {
    let mut p = start(Variant::InfiniteReserves);
    let turns = [
        "@@f3",
        "@@f6",
        "Ng1-f3,@@g3",
        "Ng8-f6,@@g6",
        "Nf3-g1,@@e3",
        "Nf6-g8,@@e6",
    ];
    for t in turns {
        play(&mut p, t);
    }
    assert_eq!(p.fullmoves(), 4);
    play(&mut p, "Ng1-f3,@@d3");
    assert!(!p.has_square(sq("g1")), "White's 4th turn returns g1");
    play(&mut p, "Ng8-f6,@@d6");
    assert!(!p.has_square(sq("g8")), "Black's 4th turn returns g8");
}

#[test]
fn l13_the_square_placed_and_the_square_moved_are_both_barred() {
    let mut p = at(
        Variant::InfiniteReserves,
        "rnbqkbnr/pppppppp/8/......../......../8/PPPPPPPP/RNBQKBNR w KQkq - r*/* - 0 2",
    );
    play(&mut p, "a2-a3,@@d5,@a2-b4");
    assert!(p.barred().contains(sq("b4")) && p.barred().contains(sq("d5")));
    // Hans38 Neutral bars only the moved square: Betza's 3...@e3-d5 moves
    // the square White has just placed.
    let mut n = start(Variant::Hans38Neutral);
    play_all(&mut n, "1. @@f3 @@f6 2. Ng1-f3 Ng8-f6 3. @@e3");
    assert!(n.barred().is_empty());
}

#[test]
fn rejections_say_which_rule_and_suggest_the_likely_move() {
    let mut p = start(Variant::Hans38);
    play_all(&mut p, "1. @@f3 @@f6");
    let r = rejected(&p, "Ng1-h3");
    assert_eq!(r.kind, RejectionKind::Illegal);
    assert!(r.message.contains("h3 is a hole"), "{r:?}");
    assert!(r.suggestions[0].contains("@@h3"), "{r:?}");
    let tok = parse_move(&Grammar::squares(), b"Ng1-h3").expect("parses");
    assert_eq!(p.likely_turn(&tok), None, "nothing over the same squares");
}

// ------------------------------------------------ rulings L15-L17 (issue 13)

/// The record of L16: White places a square on a3 and moves it on to a4.
const L16_OPENING: &str = "@@a3,@a3-a4";

#[test]
fn l15_king_safety_in_a_postal_turn_is_judged_at_its_end() {
    // The rook on e8 checks down the e-file. Ke1-e2 stays on the file; the
    // square move after it takes e3 out of the line, so the turn is legal.
    let p = at(
        Variant::Hans38,
        "....r..k/....-.../....-.../....-.../....-.../-...-.../P...-.../....K... w - - r0/0 - 0 5",
    )
    .with_postal(Postal::Yes);
    let turns = legal(&p);
    assert_eq!(turns.len(), 208);
    assert!(turns.iter().any(|t| t == "Ke1-e2,@e3-c1"), "{turns:?}");
    assert!(resolve(&p, "Ke1-e2,@e3-c1").is_ok());
    // The king move alone leaves the king attacked at the end of the turn.
    assert!(!turns.iter().any(|t| t == "Ke1-e2"));
    assert_eq!(perft(&p, 1), 208);
}

#[test]
fn l16_the_touched_squares_are_barred_where_they_stand_now() {
    let mut p = start(Variant::InfiniteReserves);
    play(&mut p, L16_OPENING);
    // The square placed on a3 now stands on a4: only a4 is barred, and a3
    // is a hole again.
    assert_eq!(p.barred().into_iter().collect::<Vec<_>>(), vec![sq("a4")]);
    assert!(!p.has_square(sq("a3")));
    let r = rejected(&p, "@@h6,@a4-b5");
    assert!(rule_of(&r).contains("rule 7"), "{r:?}");
    // Black's square placed on a3 is Black's own new square: it moves at once.
    play(&mut p, "@@a3,@a3-b3");
    assert!(p.has_square(sq("b3")) && !p.has_square(sq("a3")));
    assert_eq!(p.barred().into_iter().collect::<Vec<_>>(), vec![sq("b3")]);
}

#[test]
fn l16_the_position_string_names_only_squares_that_stand() {
    // It printed "a3,a4", naming a hole, and could not be read back.
    let mut p = start(Variant::InfiniteReserves);
    play(&mut p, L16_OPENING);
    let fen = p.fen();
    assert!(fen.ends_with(" r*/* a4 1 1"), "{fen}");
    let back = at(Variant::InfiniteReserves, &fen);
    assert_eq!(back.fen(), fen);
    assert_eq!(back, p);
}

#[test]
fn l16_on_a_returning_turn_the_placed_square_is_barred_where_it_went() {
    // From the fourth turn the square a piece leaves returns (L12): g1
    // goes, d5 was placed and moved on to d4.
    let mut p = at(
        Variant::InfiniteReserves,
        "rnbqkbnr/pppppppp/8/......../......../8/PPPPPPPP/RNBQKBNR w KQkq - r*/* - 0 4",
    );
    play(&mut p, "Ng1-f3,@@d5,@d5-d4");
    assert_eq!(p.barred().into_iter().collect::<Vec<_>>(), vec![sq("d4")]);
    assert!(!p.has_square(sq("g1")));
    assert!(!p.has_square(sq("d5")));
}

#[test]
fn l16_a_square_returned_to_the_reserve_is_no_longer_barred() {
    // A position string may bar a square a piece of the side to move
    // stands on (g8). The knight leaves it on the fourth turn, so the
    // square returns to the reserve (L12); the square then placed on g8 is
    // a new one and may move at once.
    let mut p = at(
        Variant::InfiniteReserves,
        "rnbqkbnr/pppppppp/.....1../8/8/8/PPPPPPPP/RNBQKBNR b KQkq - r*/* g8 0 4",
    );
    play(&mut p, "Ng8-f6,@@g8,@g8-h6");
    assert!(!p.has_square(sq("g8")));
    assert_eq!(p.barred().into_iter().collect::<Vec<_>>(), vec![sq("h6")]);
}

/// Moving Occupied Squares, a white pawn on c7 whose square can step to b8,
/// c8 or d8.
const L17_FEN: &str = "....k.../..P...../8/8/8/8/8/4K3 w - - r*/* - 0 10";

#[test]
fn l17_a_carried_pawn_promotes_by_the_players_choice() {
    let mut p = at(Variant::MovingSquares, L17_FEN);
    play(&mut p, "Ke1-d1,@c7-b8=N,@@a7");
    let knight = p.piece_at(sq("b8")).expect("the carried piece");
    assert_eq!(p.rules().piece(knight.role).letter, b'N');
    assert_eq!(knight.color, Color::White);
    assert!(p.fen().starts_with(".N..k.../"), "{}", p.fen());

    // Every choice is a legal turn of its own, written with its letter.
    let q = at(Variant::MovingSquares, L17_FEN);
    let turns = legal(&q);
    for letter in ["Q", "R", "B", "N"] {
        let t = format!("Ke1-d1,@c7-b8={letter},@@a7");
        assert!(turns.contains(&t), "{t} missing");
        let turn = resolve(&q, &t).expect("legal");
        assert_eq!(q.long_notation(&turn), t);
        assert_eq!(q.notation(&turn), format!("Kd1,@c7-b8={letter},@@a7"));
    }
    assert!(!turns.iter().any(|t| t.contains("@c7-b8,")));
}

#[test]
fn l17_the_choice_must_be_written_and_only_a_carried_pawn_promotes() {
    let p = at(Variant::MovingSquares, L17_FEN);
    for (text, says) in [
        ("Ke1-d1,@c7-b8,@@a7", "must promote"),
        ("Ke1-d1,@c7-b8=K,@@a7", "not 'K'"),
        ("Ke1-d1,@c7-b7=Q,@@a7", "only a pawn carried"),
    ] {
        let r = rejected(&p, text);
        assert!(r.message.contains(says), "{text}: {r:?}");
        assert!(rule_of(&r).contains("L17"), "{text}: {r:?}");
    }
}
