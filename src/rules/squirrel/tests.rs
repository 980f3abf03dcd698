//! One test per rule sentence of seed 004 and per ruling S1–S12, named
//! after it (docs/rules.md maps each rule to its test).

use crate::rules::core::{Color, Ending, Position};
use crate::rules::gast::tests::{has, play, sans, setup};
use crate::rules::perft::perft;
use crate::rules::squirrel::squirrel;

fn s(pieces: &str, rest: &str) -> Position {
    setup(squirrel(), pieces, rest)
}

fn moves_of(p: &Position, prefix: &str) -> Vec<String> {
    sans(p)
        .into_iter()
        .filter(|m| m.starts_with(prefix))
        .collect()
}

// ------------------------------------------------------------ board, setup

#[test]
fn seed004_the_game_is_played_on_a_10x10_board() {
    let geo = &squirrel().geometry;
    assert_eq!((geo.files(), geo.ranks()), (10, 10));
    assert!(has(&s("Ka1 ki10 Rj1", "w - - 0 1"), "Rj9"));
}

#[test]
fn s1_default_array_is_the_provisional_reconstruction() {
    let p = Position::start(squirrel());
    assert_eq!(
        p.fen(),
        "crbgqkgbrc/1n1s2s1n1/pppppppppp/10/10/10/10/PPPPPPPPPP/1N1S2S1N1/CRBGQKGBRC w KQkq - 0 1 0/0"
    );
    assert_eq!(perft(&p, 1), 52);
}

#[test]
fn s1_a_fen_setup_wins_over_the_default_array() {
    let fen = "rcbgqkgbcr/nnss2ssnn/pppppppppp/10/10/10/10/PPPPPPPPPP/NNSS2SSNN/RCBGQKGBCR w KQkq - 0 1 0/0";
    let p = Position::from_fen(squirrel(), fen).expect("another array");
    assert_eq!(p.fen(), fen);
    // castling from that array's corner rooks still lands on h/g and c/d (S2)
    let q = s("Ra1 Kf1 Rj1 kf10", "w KQ - 0 1");
    assert!(has(&q, "O-O") && has(&q, "O-O-O"));
    let short = play(&q, "O-O");
    assert!(
        short
            .fen()
            .starts_with("5k4/10/10/10/10/10/10/10/10/R5RK2 "),
        "{}",
        short.fen()
    );
}

// ----------------------------------------------------------------- pieces

#[test]
fn seed004_camel_is_a_1_3_leaper() {
    let p = s("Ce5 Pe6 Pd6 Pf6 Pd5 Pf5 Pd4 Pe4 Pf4 Ka1 kj10", "w - - 0 1");
    let c = moves_of(&p, "C");
    let mut want = vec!["Cb4", "Cb6", "Cd2", "Cd8", "Cf2", "Cf8", "Ch4", "Ch6"];
    want.sort();
    assert_eq!(c, want);
}

#[test]
fn seed004_squirrel_is_a_0_2_1_2_2_2_leaper() {
    let p = s("Se5 Pe6 Pd6 Pf6 Pd5 Pf5 Pd4 Pe4 Pf4 Ka1 kj10", "w - - 0 1");
    let c = moves_of(&p, "S");
    assert_eq!(c.len(), 16, "{c:?}");
    for t in [
        "Se7", "Sc5", "Sg5", "Se3", "Sd7", "Sf3", "Sc7", "Sg3", "Sc3", "Sg7",
    ] {
        assert!(c.contains(&t.to_string()), "{t}");
    }
    assert!(!c.contains(&"Se8".to_string()) && !c.contains(&"Sb5".to_string()));
}

#[test]
fn seed004_knight_bishop_rook_queen_king_are_standard() {
    let p = s("Ne5 Bc1 Rj2 Qa5 Kf1 kh10", "w - - 0 1");
    for t in ["Nd7", "Ng4", "Bj8", "Rj9", "Ra2", "Qa10", "Qf10", "Ke2"] {
        assert!(has(&p, t), "{t}");
    }
    assert!(!has(&p, "Ne7") && !has(&p, "Bc5") && !has(&p, "Kf3"));
}

#[test]
fn seed004_guard_moves_like_a_king() {
    let p = s("Ge5 Ka1 kj10", "w - - 0 1");
    assert_eq!(moves_of(&p, "G").len(), 8);
    assert!(!has(&p, "Ge7"));
}

// ------------------------------------------------------------- guard zone

#[test]
fn seed004_the_zone_is_the_eight_adjacent_squares_and_brakes_opponent_pieces() {
    let p = s("Re4 ge6 Ka1 kj10", "w - - 0 1");
    assert_eq!(p.braking_zone().count(), 8);
    // e5 is in the zone: the rook stops there
    assert!(has(&p, "Re5") && !has(&p, "Rxe6"));
}

#[test]
fn s8_friendly_pieces_are_never_braked() {
    let p = s("Re4 Ge6 Ka1 kj10", "w - - 0 1");
    assert!(has(&p, "Rd4") && has(&p, "Ra4") && has(&p, "Re5"));
    let q = s("Ne5 Ge6 Ka1 kj10", "w - - 0 1");
    assert!(has(&q, "Nd7"));
}

#[test]
fn s3_a_piece_starting_in_the_zone_moves_one_square_of_its_normal_move() {
    let p = s("Rb4 gb5 Ka1 kj10", "w - - 0 1");
    let mut r = moves_of(&p, "R");
    r.sort();
    assert_eq!(r, vec!["Ra4", "Rb3", "Rc4", "Rxb5"]);
    let q = s("Qd5 ge5 Ka1 kj10", "w - - 0 1");
    assert_eq!(moves_of(&q, "Q").len(), 8, "{:?}", moves_of(&q, "Q"));
    // a bishop cannot step orthogonally even there
    let b = s("Bd5 ge5 Ka1 kj10", "w - - 0 1");
    let mut bm = moves_of(&b, "B");
    bm.sort();
    assert_eq!(bm, vec!["Bc4", "Bc6", "Be4", "Be6"]);
}

#[test]
fn s3_leapers_in_the_zone_cannot_move_at_all() {
    for piece in ["N", "C", "S"] {
        let p = s(&format!("{piece}d5 ge5 Ka1 kj10"), "w - - 0 1");
        assert!(moves_of(&p, piece).is_empty(), "{piece}");
    }
}

#[test]
fn s3_king_and_guard_are_unaffected() {
    let p = s("Kd5 ge6 Gf4 kj10", "w - - 0 1");
    // the king steps as usual (not into check from the guard itself)
    assert!(has(&p, "Kc4") && has(&p, "Kc5"));
    let q = s("Gd5 gf5 Ka1 kj10", "w - - 0 1");
    assert!(has(&q, "Ge5") && has(&q, "Ge6") && has(&q, "Gc6"));
}

#[test]
fn s3_a_pawn_in_the_zone_has_no_double_step_but_steps_captures_and_steps_back() {
    let p = s("Pd5 ge6 nc6 Ka1 kj10", "w - - 0 1");
    let pm = sans(&p);
    assert!(has(&p, "d6") && has(&p, "d4") && has(&p, "dxc6"), "{pm:?}");
    assert!(!has(&p, "d7"));
}

#[test]
fn seed004_leapers_can_enter_the_zone_but_cannot_escape() {
    let p = s("Nc3 ge6 Ka1 kj10", "w - - 0 1");
    assert!(has(&p, "Nd5"));
    let q = play(&play(&p, "Nd5"), "Kj9");
    assert!(moves_of(&q, "N").is_empty());
}

#[test]
fn seed004_leapers_cannot_capture_the_guard() {
    for (piece, from) in [("N", "d4"), ("C", "d3"), ("S", "e4")] {
        let p = s(&format!("{piece}{from} ge6 Ka1 kj10"), "w - - 0 1");
        assert!(!sans(&p).iter().any(|m| m.contains("xe6")), "{piece}");
    }
    // they capture other pieces in the zone
    let p = s("Nd4 ge6 re5 Ka1 kj10", "w - - 0 1");
    assert!(!has(&p, "Nxe6"));
    let q = s("Nd3 ge6 re5 Ka1 kj10", "w - - 0 1");
    assert!(has(&q, "Nxe5"));
}

#[test]
fn seed004_example_rook_b3_guard_b5_must_stop_on_b4_then_step() {
    let p = s("Rb3 gb5 Ka1 kj10", "w - - 0 1");
    assert!(!has(&p, "Rxb5"));
    assert!(has(&p, "Rb4"));
    let q = play(&play(&p, "Rb4"), "Kj9");
    let mut r = moves_of(&q, "R");
    r.sort();
    assert_eq!(r, vec!["Ra4", "Rb3", "Rc4", "Rxb5"]);
}

#[test]
fn s4_sliders_and_pawn_double_steps_stop_on_the_first_zone_square() {
    let p = s("Ra5 gf6 Ka1 kj10", "w - - 0 1");
    // e5 is the first zone square on the rank: no g5 beyond
    assert!(has(&p, "Re5") && !has(&p, "Rg5") && !has(&p, "Rf5"));
    // a capture on the first zone square is allowed
    let q = s("Ra5 gf6 ne5 Ka1 kj10", "w - - 0 1");
    assert!(has(&q, "Rxe5"));
    // a pawn double step from outside stops on the first zone square
    let r = s("Pe3 ge6 Ka1 kj10", "w - - 0 1");
    assert!(has(&r, "e4") && has(&r, "e5") && !has(&r, "e6"));
    let r = s("Pe3 gf5 Ka1 kj10", "w - - 0 1");
    assert!(has(&r, "e4") && !has(&r, "e5"));
}

#[test]
fn seed004_so_sliding_pieces_cannot_capture_the_guard_without_being_adjacent() {
    let p = s("Qa1 gf6 Kj1 kj10", "w - - 0 1");
    assert!(!has(&p, "Qxf6"));
    let q = s("Qe5 gf6 Kj1 kj10", "w - - 0 1");
    assert!(has(&q, "Qxf6"));
}

#[test]
fn s5_the_zones_of_several_guards_unite() {
    let p = s("Ra5 gc6 gh4 Kj1 kj10", "w - - 0 1");
    // b5 is in c6's zone: the rook stops there
    assert!(has(&p, "Rb5") && !has(&p, "Rc5"));
    // a rook in both zones still makes one step
    let q = s("Rd5 gc6 ge4 Kj1 kj10", "w - - 0 1");
    assert_eq!(moves_of(&q, "R").len(), 4);
}

#[test]
fn s6_check_only_where_the_zone_rules_allow_the_capture() {
    // a rook whose line enters the king's guard zone gives no check
    let q = s("ra5 Kf5 Gf6 kj10", "w - - 0 1");
    assert!(!q.is_check(), "e5 lies in White's guard zone");
    // a knight frozen in a zone gives no check
    let r = s("Kf5 Ge3 nd4 kj10", "w - - 0 1");
    assert!(!r.is_check());
    let r2 = s("Kf5 nd4 kj10", "w - - 0 1");
    assert!(r2.is_check());
    // so the king may step where only a braked piece "attacks"
    let k = s("Kf4 Ge3 nd4 kj10", "w - - 0 1");
    assert!(has(&k, "Kf5"));
}

#[test]
fn s7_no_castling_from_or_through_an_enemy_zone() {
    let base = s("Rb1 Kf1 Ri1 kf10", "w KQ - 0 1");
    assert!(has(&base, "O-O") && has(&base, "O-O-O"));
    // a guard on d2: the king would pass e1 and d1 inside the zone
    let p = s("Rb1 Kf1 Ri1 gd2 kf10", "w KQ - 0 1");
    assert!(has(&p, "O-O") && !has(&p, "O-O-O"));
    // the king starts in a zone
    let p = s("Rb1 Kf1 Ri1 ge2 kf10", "w KQ - 0 1");
    assert!(!has(&p, "O-O") && !has(&p, "O-O-O"));
    // the rook starts in a zone
    let p = s("Rb1 Kf1 Ri1 gj2 kf10", "w KQ - 0 1");
    assert!(!has(&p, "O-O") && has(&p, "O-O-O"));
}

#[test]
fn s2_castling_king_to_the_h_or_c_file_rook_to_g_or_d() {
    let p = Position::from_fen(
        squirrel(),
        "crbgqkgbrc/1n1s2s1n1/pppppppppp/10/10/10/10/PPPPPPPPPP/10/1R3K2R1 w KQkq - 0 1 0/0",
    )
    .expect("valid");
    let q = play(&p, "O-O");
    assert!(q.fen().contains("/1R4RK2 b kq "), "{}", q.fen());
    let q = play(&p, "O-O-O");
    assert!(q.fen().contains("/2KR4R1 b kq "), "{}", q.fen());
    // FIDE conditions: not out of check
    let chk = s("Rb1 Kf1 Ri1 kf10 rf8", "w KQ - 0 1");
    assert!(!has(&chk, "O-O") && !has(&chk, "O-O-O"));
}

// ------------------------------------------------------------------ pawns

#[test]
fn seed004_pawns_always_can_move_one_or_two_squares_forward() {
    let p = s("Pe6 Ka1 kj10", "w - - 0 1");
    assert!(has(&p, "e7") && has(&p, "e8"));
    let blocked = s("Pe6 ne7 Ka1 kj10", "w - - 0 1");
    assert!(!has(&blocked, "e8"));
}

#[test]
fn s9_a_pawn_steps_one_square_back_without_capturing_onto_any_rank() {
    let p = s("Pe2 Ka1 kj10", "w - - 0 1");
    assert!(has(&p, "e1"));
    let q = play(&p, "e1");
    // and moves 1 or 2 again
    let r = play(&q, "Kj9");
    assert!(has(&r, "e2") && has(&r, "e3"));
    // never a capture backwards, never onto an occupied square
    let c = s("Pe5 nd4 ne4 Ka1 kj10", "w - - 0 1");
    assert!(!has(&c, "exd4") && !has(&c, "e4") && !has(&c, "exe4"));
}

#[test]
fn s9_san_tells_apart_pawns_that_reach_one_square() {
    // Issue 13: e2-e3 and e4-e3 were both written `e3`, which reads back
    // as ambiguous.
    let fen = "5k4/10/10/10/10/10/4P5/10/4P5/5K4 w - - 0 1 0/0";
    let p = Position::from_fen(squirrel(), fen).expect("issue 13 position");
    let pawn = moves_of(&p, "e");
    assert_eq!(pawn, ["e1", "e2e3", "e4e3", "e5", "e6"]);
    let grammar = crate::notation::token::Grammar::squirrel();
    let mut ml = Vec::new();
    p.legal_moves(&mut ml);
    let mut scratch = crate::rules::core::MoveList::new();
    for m in &ml {
        for text in [p.san(m), p.lan(m)] {
            let token = crate::notation::token::parse_move(&grammar, text.as_bytes())
                .unwrap_or_else(|e| panic!("{text}: {e:?}"));
            let back = p
                .resolve_token(&token, &mut scratch)
                .unwrap_or_else(|e| panic!("{text}: {}", e.message));
            assert_eq!(&back, m, "{text}");
        }
    }
}

#[test]
fn seed004_each_two_square_move_can_be_captured_en_passant() {
    let p = s("pe8 Pd6 Ka1 kj10", "b - - 0 1");
    let q = play(&p, "e6");
    assert!(has(&q, "dxe7"));
    let r = play(&q, "dxe7");
    assert!(r.fen().starts_with("9k/10/10/4P5/10/"), "{}", r.fen());
    // not after a single step
    let p = s("pe8 Pd6 Ka1 kj10", "b - - 0 1");
    assert!(!has(&play(&p, "e7"), "dxe8"));
}

#[test]
fn s13_a_double_step_that_promotes_gives_no_en_passant() {
    let fen = "3p1k4/10/4P5/10/10/10/10/10/10/5K4 w - - 0 1 3/3";
    let p = Position::from_fen(squirrel(), fen).expect("issue 13 position");
    let q = play(&p, "e10=Q");
    assert!(!has(&q, "dxe9"), "{:?}", sans(&q));
    assert_eq!(q.fen(), "3pQk4/10/10/10/10/10/10/10/10/5K4 b - - 0 1 4/3");
    // Nor may a position string name e.p. with no pawn behind the square.
    let named = "3pQk4/10/10/10/10/10/10/10/10/5K4 b - e9 0 1 4/3";
    let r = Position::from_fen(squirrel(), named).expect("e.p. field is read");
    assert!(!has(&r, "dxe9"), "{:?}", sans(&r));
    // A double step that does not promote still allows it (S9).
    let t = play(&s("pe8 Pd6 Ka1 kj10", "b - - 0 1"), "e6");
    assert!(has(&t, "dxe7"));
}

#[test]
fn s10_pawns_capture_one_square_diagonally_forward_only() {
    let p = s("Pe5 nd6 nf4 Ka1 kj10", "w - - 0 1");
    assert!(has(&p, "exd6") && !has(&p, "exf4"));
}

// ------------------------------------------------------------- promotion

#[test]
fn s11_first_promotion_knight_guard_or_camel() {
    let p = s("Pc9 Ka1 kj10", "w - - 0 1 0/0");
    let mut pm = moves_of(&p, "c10");
    pm.sort();
    assert_eq!(pm, vec!["c10=C", "c10=G", "c10=N"]);
    let q = play(&p, "c10=N");
    assert!(q.fen().ends_with(" 1/0"), "{}", q.fen());
}

#[test]
fn s11_second_promotion_squirrel_rook_or_bishop() {
    let p = s("Pc9 Ka1 kj10", "w - - 0 1 1/0");
    let mut pm = moves_of(&p, "c10");
    pm.sort();
    assert_eq!(pm, vec!["c10=B", "c10=R", "c10=S"]);
}

#[test]
fn s11_third_promotion_must_be_a_queen() {
    let p = s("Pc9 Ka1 kj10", "w - - 0 1 2/0");
    assert_eq!(moves_of(&p, "c10"), vec!["c10=Q"]);
}

#[test]
fn s11_after_the_third_any_piece_except_the_king() {
    let p = s("Pc9 Ka1 kj10", "w - - 0 1 3/0");
    let pm = moves_of(&p, "c10");
    assert_eq!(pm.len(), 7, "{pm:?}");
    assert!(!pm.iter().any(|m| m.ends_with("=K") || m.ends_with("=P")));
}

#[test]
fn s11_promotions_are_counted_per_player() {
    let p = s("Pc9 pd2 Ka1 kj10", "b - - 0 1 2/0");
    let mut pm = moves_of(&p, "d1");
    pm.sort();
    assert_eq!(pm, vec!["d1=C", "d1=G", "d1=N"], "black's first promotion");
    let q = play(&p, "d1=G");
    assert!(q.fen().ends_with(" 2/1"), "{}", q.fen());
    assert_eq!(moves_of(&q, "c10"), vec!["c10=Q"]);
}

// ------------------------------------------------------------------ rest

#[test]
fn s12_squirrel_and_camel_are_pure_leapers() {
    // they jump over pieces in their way
    let p = s("Sa1 Pa2 Pb2 Pb1 Ca3 Pa4 Pb4 Pb3 Kj1 kj10", "w - - 0 1");
    assert!(has(&p, "Sc3") && !has(&p, "Sa3") && has(&p, "Sc1"));
    assert!(has(&p, "Cb6") && has(&p, "Cd4"));
}

#[test]
fn seed004_other_rules_like_classic_chess_checkmate_and_stalemate() {
    let mate = s("ka10 Qb9 Kc8", "b - - 0 1");
    assert_eq!(
        mate.ending(),
        Some(Ending::Checkmate {
            winner: Color::White
        })
    );
    let stale = s("ka10 Qb8 Kc8", "b - - 0 1");
    assert_eq!(stale.ending(), Some(Ending::Stalemate));
    assert_eq!(
        s("ka10 Nb2 Kc8", "b - - 0 1").ending(),
        Some(Ending::InsufficientMaterial)
    );
    assert_eq!(s("ka10 Gb2 Kc8", "b - - 0 1").ending(), None);
}

#[test]
fn fen_round_trips_with_promotion_counts() {
    for fen in [
        "crbgqkgbrc/1n1s2s1n1/pppppppppp/10/10/10/10/PPPPPPPPPP/1N1S2S1N1/CRBGQKGBRC w KQkq - 0 1 0/0",
        "9k/10/10/4pP4/10/10/10/10/10/K9 w - e8 0 30 3/2",
    ] {
        let p = Position::from_fen(squirrel(), fen).expect("valid");
        assert_eq!(p.fen(), fen);
    }
    assert!(Position::from_fen(squirrel(), "9k/10/10/10/10/10/10/10/10/K9 w - - 0 1 x/1").is_err());
}

#[test]
fn fen_round_trips_for_every_position_near_the_special_rules() {
    for fen in [
        "5k4/PP8/10/10/10/10/10/10/8pp/5K4 w - - 0 1 1/0",
        "1r3k2r1/10/10/10/10/10/10/10/3g6/1R3K2R1 w KQkq - 0 1 0/0",
        "5k4/10/10/4p5/10/3P6/10/10/10/5K4 b - - 0 1 0/0",
    ] {
        let p = Position::from_fen(squirrel(), fen).expect("valid");
        crate::rules::gast::tests::assert_fen_round_trips_in_tree(&p, 2);
    }
}

#[test]
fn n7_the_right_of_a_captured_rook_is_dropped() {
    // Squirrel (like chess and Chess960) keeps rights as rook squares,
    // dropped when the rook moves or is taken: no lone right is left over.
    let p = s("Rb1 Kf1 Ri1 kf10 bg6", "b KQ - 0 1");
    let q = play(&p, "Bxb1");
    assert!(q.fen().contains(" w K - "), "{}", q.fen());
    let reread = Position::from_fen(squirrel(), &q.fen()).expect("read back");
    assert_eq!(reread.repetition_key(), q.repetition_key());
}
