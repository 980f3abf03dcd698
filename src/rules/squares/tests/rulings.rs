//! Rulings L15–L17 (issue 13): what independent implementations found the
//! rules left open.

use super::*;

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
fn l16_a_square_returned_to_the_reserve_is_no_longer_barred() {
    // From the fourth turn the square a piece leaves returns (L12); a
    // square placed on that location later is a new square.
    let mut p = at(
        Variant::InfiniteReserves,
        "rnbqkbnr/pppppppp/8/......../......../8/PPPPPPPP/RNBQKBNR w KQkq - r*/* - 0 4",
    );
    play(&mut p, "Ng1-f3,@@d5,@d5-d4");
    assert_eq!(p.barred().into_iter().collect::<Vec<_>>(), vec![sq("d4")]);
    assert!(!p.has_square(sq("g1")));
    assert!(!p.has_square(sq("d5")));
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
