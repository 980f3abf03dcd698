//! One test per rule sentence of seed 001 and per ruling G1–G15, named
//! after it (docs/rules.md maps each rule to its test).

use crate::rules::core::{
    CastleForm, Color, Ending, GameRules, Move, MoveList, Piece, Position, Square,
};
use crate::rules::gast::{GastOptions, gast, gast_with, gast14};
use crate::rules::perft::perft;

/// A position from a piece list like `"Kg1 ka12 Pe5 pd7"` (upper case
/// White) and the FEN fields after the placement.
pub(crate) fn setup(rules: &'static GameRules, pieces: &str, rest: &str) -> Position {
    let geo = &rules.geometry;
    let mut grid = vec![vec![None; geo.files() as usize]; geo.ranks() as usize];
    for item in pieces.split_whitespace() {
        let (letter, sq) = item.split_at(1);
        let sq = geo.parse_square(sq.as_bytes()).expect("test square");
        grid[sq.rank() as usize][sq.file() as usize] = letter.chars().next();
    }
    let mut fen = String::new();
    for r in (0..geo.ranks() as usize).rev() {
        let mut empty = 0;
        for cell in &grid[r] {
            match *cell {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(c);
                }
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if r > 0 {
            fen.push('/');
        }
    }
    fen.push(' ');
    fen.push_str(rest);
    Position::from_fen(rules, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn g(pieces: &str, rest: &str) -> Position {
    setup(gast(), pieces, rest)
}

pub(crate) fn sans(p: &Position) -> Vec<String> {
    let mut ml = MoveList::new();
    p.legal_moves(&mut ml);
    let mut v: Vec<String> = ml.iter().map(|m| p.san(m)).collect();
    v.sort();
    v
}

pub(crate) fn has(p: &Position, san: &str) -> bool {
    sans(p).iter().any(|s| s == san)
}

pub(crate) fn find(p: &Position, san: &str) -> Move {
    let mut ml = MoveList::new();
    p.legal_moves(&mut ml);
    ml.into_iter()
        .find(|m| p.san(m) == san)
        .unwrap_or_else(|| panic!("{san} not legal in {}: {:?}", p.fen(), sans(p)))
}

pub(crate) fn play(p: &Position, san: &str) -> Position {
    let m = find(p, san);
    let mut q = *p;
    q.play_unchecked(&m);
    q
}

fn sq(p: &Position, name: &str) -> Square {
    p.rules()
        .geometry
        .parse_square(name.as_bytes())
        .expect("test square")
}

fn letter_at(p: &Position, name: &str) -> Option<char> {
    p.piece_at(sq(p, name))
        .map(|pc: Piece| p.rules().letter(pc.role, pc.color))
}

// ------------------------------------------------------------------ setup

#[test]
fn seed001_board_is_twelve_by_twelve_with_a_light_square_on_the_right() {
    let geo = &gast().geometry;
    assert_eq!((geo.files(), geo.ranks()), (12, 12));
    // a1 dark (RULINGS 0): l1 and a12 are then light, each player's right.
    let light = |f: u8, r: u8| (f + r) % 2 == 1;
    assert!(light(11, 0) && light(0, 11));
}

#[test]
fn seed001_white_first_rank_rook_knight_guard_archer_bishop_queen_king_bishop_archer_guard_knight_rook()
 {
    let p = Position::start(gast());
    let rank1: String = "abcdefghijkl"
        .chars()
        .map(|f| letter_at(&p, &format!("{f}1")).expect("occupied"))
        .collect();
    assert_eq!(rank1, "RNGABQKBAGNR");
}

#[test]
fn seed001_second_rank_is_full_of_pawns() {
    let p = Position::start(gast());
    for f in "abcdefghijkl".chars() {
        assert_eq!(letter_at(&p, &format!("{f}2")), Some('P'));
        assert_eq!(letter_at(&p, &format!("{f}11")), Some('p'));
    }
}

#[test]
fn g2_black_mirrors_white_by_reflection_king_on_g12() {
    let p = Position::start(gast());
    assert_eq!(letter_at(&p, "g12"), Some('k'));
    assert_eq!(letter_at(&p, "f12"), Some('q'));
    assert_eq!(p.turn(), Color::White);
}

// ----------------------------------------------------------------- pieces

#[test]
fn g1_knight_leaps_as_knight_camel_and_alfil() {
    let p = g("Nf6 Ka1 ka12", "w - - 0 1");
    let s = sans(&p);
    for t in ["Ne8", "Ng4", "Nd5", "Nh7"] {
        assert!(s.contains(&t.to_string()), "knight {t}");
    }
    for t in ["Ne9", "Ng3", "Nc5", "Ni7"] {
        assert!(s.contains(&t.to_string()), "camel (1,3) {t}");
    }
    for t in ["Nd8", "Nh4", "Nd4", "Nh8"] {
        assert!(s.contains(&t.to_string()), "alfil (2,2) {t}");
    }
    // not the (4,2) or (3,3) reading (G1 option b), nor a slide
    for t in ["Nb5", "Nc9", "Ni9", "Nf7", "Ne7"] {
        assert!(!s.contains(&t.to_string()), "{t}");
    }
    // it leaps: surrounded, it still reaches every target
    let boxed = g("Nf6 Pe5 Pf5 Pg5 Pe6 Pg6 Pe7 Pf7 Pg7 Ka1 ka12", "w - - 0 1");
    assert!(has(&boxed, "Nd4") && has(&boxed, "Ne9"));
}

#[test]
fn seed001_guard_moves_as_bishop_or_enhanced_knight() {
    let p = g("Gf6 Ka1 kc12", "w - - 0 1");
    let s = sans(&p);
    for t in ["Gb10", "Gk1", "Ge8", "Ge9", "Gd8", "Gh4"] {
        assert!(s.contains(&t.to_string()), "{t}");
    }
    assert!(!s.contains(&"Gf9".to_string()) && !s.contains(&"Gc6".to_string()));
}

#[test]
fn seed001_archer_moves_as_rook_or_enhanced_knight() {
    let p = g("Af6 Ka1 kl12", "w - - 0 1");
    let s = sans(&p);
    for t in ["Af12", "Aa6", "Af1", "Ae8", "Ae9", "Ad8"] {
        assert!(s.contains(&t.to_string()), "{t}");
    }
    assert!(!s.contains(&"Ab10".to_string()) && !s.contains(&"Ag7".to_string()));
}

#[test]
fn seed001_rules_of_standard_chess_for_bishop_rook_queen_king() {
    let p = g("Bf6 Rc3 Qj9 Ka1 kl2", "w - - 0 1");
    let s = sans(&p);
    for t in ["Ba11", "Bk1", "Rc12", "Rl3", "Qj1", "Qb1", "Kb2"] {
        assert!(s.contains(&t.to_string()), "{t}");
    }
    assert!(!s.contains(&"Kc3".to_string()) && !s.contains(&"Bf7".to_string()));
}

// ------------------------------------------------------------------ pawns

#[test]
fn seed001_pawn_first_move_one_two_three_or_four_squares() {
    let p = Position::start(gast());
    for t in ["e3", "e4", "e5", "e6"] {
        assert!(has(&p, t), "{t}");
    }
    assert!(!has(&p, "e7"));
    let black = play(&p, "a3");
    for t in ["e10", "e9", "e8", "e7"] {
        assert!(has(&black, t), "{t}");
    }
    assert!(!has(&black, "e6"));
}

#[test]
fn g14_pawns_start_on_ranks_2_and_11_and_reach_rank_6_or_7() {
    let p = Position::start(gast());
    assert!(has(&p, "a6"));
    let q = play(&p, "a6");
    assert!(has(&q, "a7"));
}

#[test]
fn g3_after_a_first_move_of_one_the_second_may_be_one_two_or_three() {
    let p = play(&play(&Position::start(gast()), "e3"), "a10");
    for t in ["e4", "e5", "e6"] {
        assert!(has(&p, t), "{t}");
    }
    assert!(!has(&p, "e7"));
    // the third move is 1 or 2 again
    let q = play(&play(&p, "e6"), "a9");
    assert!(has(&q, "e7") && has(&q, "e8") && !has(&q, "e9"));
}

#[test]
fn g3_a_first_capture_of_one_square_counts_as_a_first_move_of_one() {
    let p = g("Pe2 nf3 Ka1 kl12", "w - - 0 1");
    let q = play(&play(&p, "exf3"), "Kl11");
    assert!(has(&q, "f6") && !has(&q, "f7"));
}

#[test]
fn seed001_thereafter_a_pawn_moves_one_or_two_squares() {
    // first move of two: from then on 1 or 2 (G3)
    let p = play(&play(&Position::start(gast()), "e4"), "a10");
    assert!(has(&p, "e5") && has(&p, "e6") && !has(&p, "e7"));
    let later = g("Pe7 Ka1 kl12", "w - - 0 1");
    assert!(has(&later, "e8") && has(&later, "e9") && !has(&later, "e10"));
}

#[test]
fn g4_long_pawn_moves_slide_and_cannot_jump() {
    let p = g("Pe2 ne4 Ka1 kl12", "w - - 0 1");
    assert!(has(&p, "e3"));
    assert!(!has(&p, "e5") && !has(&p, "e6") && !has(&p, "e4"));
}

#[test]
fn seed001_pawn_captures_one_or_two_squares_diagonally_forward() {
    let p = g("Pe5 nd6 ng7 nd4 Ka1 kl12", "w - - 0 1");
    assert!(has(&p, "exd6") && has(&p, "exg7"));
    assert!(!has(&p, "exd4"));
    // never straight ahead, never onto an empty square
    let q = g("Pe5 ne6 Ka1 kl12", "w - - 0 1");
    assert!(!sans(&q).iter().any(|m| m.starts_with("ex")));
}

#[test]
fn g4_two_square_diagonal_capture_slides_over_an_empty_square() {
    let blocked = g("Pe5 Pf6 ng7 Ka1 kl12", "w - - 0 1");
    assert!(!has(&blocked, "exg7"));
    let blocked_by_enemy = g("Pe5 nf6 ng7 Ka1 kl12", "w - - 0 1");
    assert!(has(&blocked_by_enemy, "exf6") && !has(&blocked_by_enemy, "exg7"));
}

#[test]
fn g6_en_passant_on_the_last_step_of_a_four_square_move() {
    let p = g("Pd2 pe6 Ka1 kl12", "w - - 0 1");
    let q = play(&p, "d6");
    // the e.p. square is the third square passed, next to the destination
    assert_eq!(q.ep_square(), Some(sq(&q, "d5")));
    assert!(has(&q, "exd5"));
    let r = play(&q, "exd5");
    assert!(r.piece_at(sq(&r, "d6")).is_none(), "the pawn is taken");
    assert_eq!(letter_at(&r, "d5"), Some('p'));
}

#[test]
fn g6_en_passant_by_a_two_square_diagonal_capture() {
    let p = g("Pd2 pf7 Ka1 kl12", "w - - 0 1");
    let q = play(&p, "d6");
    assert!(has(&q, "fxd5"));
    let r = play(&q, "fxd5");
    assert!(r.piece_at(sq(&r, "d6")).is_none());
    // the square passed by the diagonal capture must be empty
    let blocked = play(&g("Pd2 pf7 Pe6 Ka1 kl12", "w - - 0 1"), "d6");
    assert!(!has(&blocked, "fxd5"));
}

#[test]
fn g6_en_passant_only_immediately_after_the_move() {
    let q = play(&g("Pd2 pe6 Ka1 kl12", "w - - 0 1"), "d6");
    let later = play(&play(&q, "Kl11"), "Kb1");
    assert!(!has(&later, "exd5"));
}

#[test]
fn g7_no_en_passant_after_moves_of_two_or_three() {
    for (mv, sqname) in [("d5", "d4"), ("d4", "d3")] {
        let p = play(&g("Pd2 pe5 pe4 Ka1 kl12", "w - - 0 1"), mv);
        assert_eq!(p.ep_square(), None, "{mv}");
        assert!(!has(&p, &format!("exd{}", &sqname[1..])), "{mv}");
    }
    // 1 then 3 is not a four-square move either
    let p = play(
        &play(&play(&g("Pd2 pe7 Ka1 kl12", "w - - 0 1"), "d3"), "Kl11"),
        "d6",
    );
    assert_eq!(p.ep_square(), None);
    assert!(!has(&p, "exd5"));
}

#[test]
fn g5_g8_promotion_on_the_last_rank_to_any_non_royal_piece() {
    let p = g("Pc11 Ka1 kl1", "w - - 0 1");
    let s = sans(&p);
    for promo in ["Q", "A", "G", "R", "B", "N"] {
        assert!(s.contains(&format!("c12={promo}")), "{promo}");
    }
    assert!(
        !s.iter()
            .any(|m| m == "c12" || m == "c12=K" || m == "c12=P" || m == "c12=O")
    );
    // a two-square diagonal capture onto the last rank promotes (G5)
    let q = g("Pc10 re12 Ka1 kl1", "w - - 0 1");
    assert!(has(&q, "cxe12=A") && !has(&q, "cxe12"));
    // a long first move never reaches the last rank: pawns on 11 promote from one step
}

// --------------------------------------------------------------- castling

const CASTLE_RANK: &str = "Ra1 Ad1 Kg1 Ai1 Rl1 kf12";

#[test]
fn g9_king_side_archer_castling_puts_the_king_on_the_archer_square() {
    let p = g(CASTLE_RANK, "w ADGIL - 0 1");
    let q = play(&p, "Ki1");
    assert_eq!(letter_at(&q, "i1"), Some('K'));
    assert_eq!(letter_at(&q, "h1"), Some('A'));
    assert!(q.fen().contains(" b IL "), "{}", q.fen());
}

#[test]
fn seed001_castle_with_the_archer_king_two_squares_archer_to_the_square_overleapt() {
    let p = g(CASTLE_RANK, "w ADGIL - 0 1");
    let q = play(&p, "Ke1");
    assert_eq!(letter_at(&q, "e1"), Some('K'));
    assert_eq!(letter_at(&q, "f1"), Some('A'));
    assert!(q.piece_at(sq(&q, "d1")).is_none());
    assert!(matches!(
        find(&p, "Ke1"),
        Move::Castle {
            form: CastleForm::Archer,
            ..
        }
    ));
    // the squares between king and archer must be empty
    let blocked = g("Ra1 Ad1 Be1 Kg1 Ai1 Rl1 kf12", "w ADGIL - 0 1");
    assert!(!has(&blocked, "Ke1"));
}

#[test]
fn seed001_thereafter_the_king_may_castle_again_with_the_rook_on_that_side() {
    let p = play(&play(&g(CASTLE_RANK, "w ADGIL - 0 1"), "Ki1"), "Ke12");
    let q = play(&p, "Kk1");
    assert_eq!(letter_at(&q, "k1"), Some('K'));
    assert_eq!(letter_at(&q, "j1"), Some('R'));
    assert!(matches!(
        find(&p, "Kk1"),
        Move::Castle {
            form: CastleForm::ThenRook,
            ..
        }
    ));
    assert!(q.fen().contains(" b - "), "{}", q.fen());
    // queen side too
    let p = play(&play(&g(CASTLE_RANK, "w ADGIL - 0 1"), "Ke1"), "Ke12");
    let q = play(&p, "Kc1");
    assert_eq!(letter_at(&q, "c1"), Some('K'));
    assert_eq!(letter_at(&q, "d1"), Some('R'));
}

#[test]
fn g12_second_castling_only_on_the_same_side_and_only_if_the_king_has_not_otherwise_moved() {
    let p = play(&play(&g(CASTLE_RANK, "w ADGIL - 0 1"), "Ki1"), "Ke12");
    // the queen-side rights are gone
    assert!(!has(&p, "Kc1") && !has(&p, "Ke1"));
    // an ordinary king move forfeits the rest
    let q = play(&play(&play(&play(&p, "Kj2"), "Kf12"), "Ki1"), "Ke12");
    assert!(!has(&q, "Kk1"));
    assert!(q.fen().contains(" w - "), "{}", q.fen());
}

#[test]
fn seed001_castle_directly_with_the_rook_king_four_squares_rook_just_inboard() {
    let p = g("Ra1 Kg1 Rl1 kf12", "w AGL - 0 1");
    let q = play(&p, "Kk1");
    assert_eq!(letter_at(&q, "k1"), Some('K'));
    assert_eq!(letter_at(&q, "j1"), Some('R'));
    let q = play(&p, "Kc1");
    assert_eq!(letter_at(&q, "c1"), Some('K'));
    assert_eq!(letter_at(&q, "d1"), Some('R'));
    assert!(matches!(
        find(&p, "Kc1"),
        Move::Castle {
            form: CastleForm::Rook,
            ..
        }
    ));
    // no piece may intervene
    let blocked = g("Ra1 Nb1 Kg1 Rl1 kf12", "w AGL - 0 1");
    assert!(!has(&blocked, "Kc1") && has(&blocked, "Kk1"));
}

#[test]
fn g10_castling_with_both_at_once_leaves_what_archer_then_rook_castling_leaves() {
    let p = g(CASTLE_RANK, "w ADGIL - 0 1");
    let both = play(&p, "Kk1");
    assert!(matches!(
        find(&p, "Kk1"),
        Move::Castle {
            form: CastleForm::Both,
            ..
        }
    ));
    assert_eq!(letter_at(&both, "k1"), Some('K'));
    assert_eq!(letter_at(&both, "j1"), Some('R'));
    assert_eq!(letter_at(&both, "h1"), Some('A'), "archer to h1, not g1");
    let staged = play(&play(&play(&p, "Ki1"), "Ke12"), "Kk1");
    let placement = |p: &Position| p.fen().split(' ').next().map(str::to_string);
    assert_eq!(placement(&play(&both, "Ke12")), placement(&staged));
    // queen side: king c1, rook d1, archer f1
    let q = play(&p, "Kc1");
    assert_eq!(letter_at(&q, "c1"), Some('K'));
    assert_eq!(letter_at(&q, "d1"), Some('R'));
    assert_eq!(letter_at(&q, "f1"), Some('A'));
}

#[test]
fn seed001_both_at_once_only_when_nothing_but_the_unmoved_archer_intervenes() {
    let p = g("Ra1 Ad1 Kg1 Bh1 Ai1 Rl1 kf12", "w ADGIL - 0 1");
    assert!(!has(&p, "Kk1") && !has(&p, "Ki1"));
    // an archer that moved and came back has no right
    let q = g(CASTLE_RANK, "w AGIL - 0 1");
    assert!(!has(&q, "Kc1") && !has(&q, "Ke1") && has(&q, "Kk1"));
}

#[test]
fn g11_the_castling_king_may_not_leave_pass_or_land_on_an_attacked_square() {
    // in check
    let p = g("Ra1 Ad1 Kg1 Ai1 Rl1 kf12 rg8", "w ADGIL - 0 1");
    assert!(
        !sans(&p)
            .iter()
            .any(|m| m == "Ki1" || m == "Kk1" || m == "Ke1" || m == "Kc1")
    );
    // a square passed (j1) attacked: no Kk1, but Ki1 still
    let p = g("Ra1 Ad1 Kg1 Ai1 Rl1 kf12 rj8", "w ADGIL - 0 1");
    assert!(!has(&p, "Kk1") && has(&p, "Ki1"));
    // the landing square attacked
    let p = g("Ra1 Ad1 Kg1 Ai1 Rl1 kf12 rk8", "w ADGIL - 0 1");
    assert!(!has(&p, "Kk1") && has(&p, "Ki1"));
    // h1 attacked: every king-side form passes it
    let p = g("Ra1 Ad1 Kg1 Ai1 Rl1 kf12 rh8", "w ADGIL - 0 1");
    assert!(!has(&p, "Kk1") && !has(&p, "Ki1") && has(&p, "Ke1"));
    // the rook's and archer's squares need not be safe
    let p = g("Ra1 Ad1 Kg1 Ai1 Rl1 kf12 nl5", "w ADGIL - 0 1");
    assert!(has(&p, "Kk1"));
}

#[test]
fn g13_only_the_original_unmoved_rook_or_archer_may_castle() {
    let p = g("Ra1 Ad1 Kg1 Ai1 Rl1 kf12", "w ADGIL - 0 1");
    // the rook leaves and returns: its right is gone
    let q = play(&play(&play(&play(&p, "Rl5"), "Ke12"), "Rl1"), "Kf12");
    assert!(!has(&q, "Kk1") && has(&q, "Ki1"));
    // a rook standing on l1 in a setup without the right cannot castle
    let r = g("Ra1 Ad1 Kg1 Ai1 Rl1 kf12", "w ADGI - 0 1");
    assert!(!has(&r, "Kk1"));
    // a captured archer's right goes with it
    let s = play(&g("Ra1 Ad1 Kg1 Ai1 Rl1 kf12 bf3", "b ADGIL - 0 1"), "Bxd1");
    assert!(s.fen().contains(" w AGIL "), "{}", s.fen());
}

#[test]
fn n4_castling_is_written_as_the_king_move() {
    let p = g(CASTLE_RANK, "w ADGIL - 0 1");
    let m = find(&p, "Ki1");
    assert_eq!(p.lan(&m), "Kg1-i1");
    assert_eq!(p.uci(&m), "g1i1");
    let mut ml = MoveList::new();
    p.moves_to(m_role(&p, "g1"), sq(&p, "k1"), &mut ml);
    assert_eq!(
        ml.len(),
        1,
        "moves_to finds the castling by the king's target"
    );
}

fn m_role(p: &Position, name: &str) -> crate::rules::core::Role {
    p.piece_at(sq(p, name)).expect("piece").role
}

#[test]
fn black_castles_the_same_on_rank_12() {
    let p = g("ra12 ad12 kg12 ai12 rl12 Kf1", "b adgil - 0 1");
    let q = play(&p, "Kk12");
    assert_eq!(letter_at(&q, "k12"), Some('k'));
    assert_eq!(letter_at(&q, "j12"), Some('r'));
    assert_eq!(letter_at(&q, "h12"), Some('a'));
}

// --------------------------------------------------------------- the rest

#[test]
fn seed001_checkmate_wins_and_stalemate_draws() {
    let mate = g("ka12 Qb11 Kc10", "b - - 0 1");
    assert_eq!(
        mate.ending(),
        Some(Ending::Checkmate {
            winner: Color::White
        })
    );
    let stale = g("ka12 Qb10 Kc10", "b - - 0 1");
    assert_eq!(stale.ending(), Some(Ending::Stalemate));
    // a king and one bishop is dead; a king and the enhanced knight is not
    assert_eq!(
        g("ka12 Bb2 Kc10", "b - - 0 1").ending(),
        Some(Ending::InsufficientMaterial)
    );
    assert_eq!(g("ka12 Nb2 Kc10", "b - - 0 1").ending(), None);
}

#[test]
fn fen_round_trips_and_carries_castling_stages_and_en_passant() {
    for fen in [
        "rngabqkbagnr/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/RNGABQKBAGNR w ADGILadgil - 0 1",
        "4k7/12/12/12/12/12/2pP8/12/12/12/12/6K5 b - d5 0 4",
        "4k7/12/12/12/12/12/12/12/12/12/12/6K5 w - - 99 200",
    ] {
        match Position::from_fen(gast(), fen) {
            Ok(p) => assert_eq!(p.fen(), fen),
            Err(e) => assert!(fen.contains("laglh"), "{fen}: {e}"),
        }
    }
    let p = Position::from_fen(
        gast(),
        "r4k5r/12/12/12/12/12/12/12/12/12/12/R6AK2R w IL - 3 9",
    )
    .expect("archer-castled king");
    assert_eq!(
        p.fen(),
        "r4k5r/12/12/12/12/12/12/12/12/12/12/R6AK2R w IL - 3 9"
    );
    assert!(has(&p, "Kk1"));
}

#[test]
fn fen_rejects_castling_rights_the_position_cannot_have() {
    for bad in [
        // a rook right without the king's
        "4k7/12/12/12/12/12/12/12/12/12/12/R5K4R w A - 0 1",
        // a right for a piece that is not there
        "4k7/12/12/12/12/12/12/12/12/12/12/6K4R w GD - 0 1",
        // a king off its start and not archer-castled
        "4k7/12/12/12/12/12/12/12/12/12/12/R4K5R w FL - 0 1",
        // after archer castling, only that side's rook
        "4k7/12/12/12/12/12/12/12/12/12/12/R7K2R w AIL - 0 1",
        // a letter twice
        "4k7/12/12/12/12/12/12/12/12/12/12/6K4R w GLL - 0 1",
    ] {
        assert!(Position::from_fen(gast(), bad).is_err(), "{bad}");
    }
}

#[test]
fn san_disambiguates_on_the_big_board_with_two_digit_ranks() {
    // two knights reach k12, from i11 and from l10: the file tells
    let p = g("Ni11 Nl10 Ka1 kb12", "w - - 0 1");
    assert!(has(&p, "Nik12") && has(&p, "Nlk12"), "{:?}", sans(&p));
    // same file: the rank, two digits
    let p = g("Nc4 Nc10 Ka1 kl12", "w - - 0 1");
    assert!(has(&p, "N10b7") && has(&p, "N4b7"), "{:?}", sans(&p));
    let p = g("Ad1 Ad11 Ka1 kl12", "w - - 0 1");
    assert!(has(&p, "A1d5") && has(&p, "A11d5"), "{:?}", sans(&p));
    // file and rank both clash: the full square
    let p = g("Nb1 Nb5 Nf1 Ka12 kl12", "w - - 0 1");
    assert!(
        has(&p, "Nb1d3") && has(&p, "Nfd3") && has(&p, "N5d3"),
        "{:?}",
        sans(&p)
    );
}

#[test]
fn start_position_perft() {
    let p = Position::start(gast());
    assert_eq!(perft(&p, 1), 82);
    assert_eq!(perft(&p, 2), 6724);
}

// ------------------------------------------------------------ Gast 14x12

fn g14(pieces: &str, rest: &str) -> Position {
    setup(gast14(), pieces, rest)
}

#[test]
fn g15_gast14_board_and_setup_with_the_pope() {
    let p = Position::start(gast14());
    let geo = &gast14().geometry;
    assert_eq!((geo.files(), geo.ranks()), (14, 12));
    let rank1: String = "abcdefghijklmn"
        .chars()
        .map(|f| letter_at(&p, &format!("{f}1")).expect("occupied"))
        .collect();
    assert_eq!(rank1, "RNGABQKOQBAGNR");
    assert_eq!(letter_at(&p, "g12"), Some('k'));
    assert_eq!(perft(&p, 1), 92);
}

#[test]
fn g15_pope_moves_as_rook_bishop_or_plain_knight() {
    let p = g14("Og6 Ka1 kn12", "w - - 0 1");
    let s = sans(&p);
    for t in ["Og12", "Oa6", "Oa12", "Om12", "Oh8", "Oe5"] {
        assert!(s.contains(&t.to_string()), "{t}");
    }
    let boxed = g14("Og6 Pf5 Pg5 Ph5 Pf6 Ph6 Pf7 Pg7 Ph7 Ka1 kn12", "w - - 0 1");
    let s = sans(&boxed);
    assert!(s.contains(&"Oh8".to_string()) && !s.contains(&"Oh9".to_string()));
    assert!(!s.contains(&"Oe8".to_string()), "no alfil leap");
    // promotion may choose the pope
    assert!(has(&g14("Pc11 Ka1 kn1", "w - - 0 1"), "c12=O"));
}

#[test]
fn g15_gast14_castling_applies_the_text_literally_on_each_side() {
    let rank = "Ra1 Ad1 Kg1 Ak1 Rn1 kf12";
    let p = g14(rank, "w ADGKN - 0 1");
    // king side with the archer: K g1-i1, A k1-h1
    let q = play(&p, "Ki1");
    assert_eq!(letter_at(&q, "i1"), Some('K'));
    assert_eq!(letter_at(&q, "h1"), Some('A'));
    // then with the rook: K i1-k1, R n1-j1
    let r = play(&play(&q, "Ke12"), "Kk1");
    assert_eq!(letter_at(&r, "k1"), Some('K'));
    assert_eq!(letter_at(&r, "j1"), Some('R'));
    // both at once: the same result
    let both = play(&p, "Kk1");
    let placement = |p: &Position| p.fen().split(' ').next().map(str::to_string);
    assert_eq!(placement(&play(&both, "Ke12")), placement(&r));
    assert_eq!(letter_at(&both, "k1"), Some('K'));
    assert_eq!(letter_at(&both, "j1"), Some('R'));
    assert_eq!(letter_at(&both, "h1"), Some('A'));
    // queen side as on 12x12
    let q = play(&p, "Ke1");
    assert_eq!(letter_at(&q, "f1"), Some('A'));
    let q = play(&p, "Kc1");
    assert_eq!(letter_at(&q, "d1"), Some('R'));
    assert_eq!(letter_at(&q, "f1"), Some('A'));
    // archer castling needs h1, i1 and j1 empty
    let blocked = g14("Ra1 Ad1 Kg1 Bj1 Ak1 Rn1 kf12", "w ADGKN - 0 1");
    assert!(!has(&blocked, "Ki1"));
}

/// Every position reached from `p` within `depth` plies prints a FEN that
/// reads back to a position with the same FEN and the same moves.
pub(crate) fn assert_fen_round_trips_in_tree(p: &Position, depth: u32) {
    let fen = p.fen();
    let back = Position::from_fen(p.rules(), &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(back.fen(), fen);
    let (mut ml, mut back_ml) = (MoveList::new(), MoveList::new());
    p.legal_moves(&mut ml);
    back.legal_moves(&mut back_ml);
    assert_eq!(ml, back_ml, "{fen}");
    if depth == 0 {
        return;
    }
    for m in &ml {
        let mut q = *p;
        q.play_unchecked(m);
        assert_fen_round_trips_in_tree(&q, depth - 1);
    }
}

#[test]
fn fen_round_trips_for_every_position_near_the_special_rules() {
    for (rules, fen) in [
        (
            gast(),
            "r2a2k1a2r/12/12/12/12/12/12/12/12/12/12/R2A2K1A2R w ADGILadgil - 0 1",
        ),
        (gast(), "6k5/12/12/12/12/2p9/5p6/12/12/12/4P7/6K5 w - - 0 1"),
        (
            gast14(),
            "r2a2k3a2r/14/14/14/14/14/14/14/14/14/14/R2A2K3A2R w ADGKNadgkn - 0 1",
        ),
    ] {
        let p = Position::from_fen(rules, fen).expect("valid");
        assert_fen_round_trips_in_tree(&p, 2);
    }
}

#[test]
fn g8_option_b_promotes_to_fide_pieces_only() {
    let rules = gast_with(GastOptions {
        fide_promotion: true,
        ..GastOptions::default()
    });
    let p = setup(rules, "Pc11 Ka1 kl1", "w - - 0 1");
    let mut s: Vec<String> = sans(&p)
        .into_iter()
        .filter(|m| m.starts_with("c12"))
        .collect();
    s.sort();
    assert_eq!(s, vec!["c12=B", "c12=N", "c12=Q", "c12=R"]);
}

#[test]
fn g10_option_a_shifts_the_archer_two_squares_toward_the_centre() {
    let rules = gast_with(GastOptions {
        both_archer_two_toward_centre: true,
        ..GastOptions::default()
    });
    let p = setup(rules, CASTLE_RANK, "w ADGIL - 0 1");
    let q = play(&p, "Kk1");
    assert_eq!(letter_at(&q, "g1"), Some('A'));
    assert!(q.piece_at(sq(&q, "h1")).is_none());
    // on the queen side both readings give f1
    let q = play(&p, "Kc1");
    assert_eq!(letter_at(&q, "f1"), Some('A'));
}

#[test]
fn n7_a_castling_right_without_its_rook_or_archer_is_dropped() {
    // The last partner captured: the king's right alone allows nothing.
    let taken = play(&g("Ra1 Kg1 kg12 bh8", "b AG - 0 1"), "Bxa1");
    let never = g("ba1 Kg1 kg12", "w - - 0 2");
    assert_eq!(taken.fen(), never.fen());
    assert_eq!(taken.repetition_key(), never.repetition_key());
    // After archer castling (G12) the king keeps a right beside its rook's;
    // the rook moving away ends both.
    let p = play(&g("Ra1 Ad1 Kg1 kg12", "w ADG - 0 1"), "Ke1");
    assert!(p.fen().contains(" b AE "), "{}", p.fen());
    let q = play(&play(&p, "Kh12"), "Ra5");
    assert!(q.fen().contains(" b - "), "{}", q.fen());
    let reread = Position::from_fen(gast(), &q.fen()).expect("read back");
    assert_eq!(reread.repetition_key(), q.repetition_key());
    // A position string naming the king's right alone reads as no right.
    let lone = Position::from_fen(gast(), "6k5/12/12/12/12/12/12/12/12/12/12/6K5 w G - 0 1")
        .expect("read");
    assert!(lone.fen().contains(" w - "), "{}", lone.fen());
}
