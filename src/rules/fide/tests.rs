//! One test per rule sentence of seed 002 and per ruling C1–C2 that the
//! position engine decides (draw claims are the verifier's and are tested there).

use crate::rules::core::{Color, Ending, Move, MoveList, Position};
use crate::rules::fide::{chess, chess960};
use crate::rules::perft::perft;

fn pos(fen: &str) -> Position {
    Position::from_fen(chess(), fen).expect("valid test FEN")
}

fn sans(p: &Position) -> Vec<String> {
    let mut ml = MoveList::new();
    p.legal_moves(&mut ml);
    let mut v: Vec<String> = ml.iter().map(|m| p.san(m)).collect();
    v.sort();
    v
}

fn has(p: &Position, san: &str) -> bool {
    sans(p).iter().any(|s| s == san)
}

fn play(p: &Position, san: &str) -> Position {
    let mut ml = MoveList::new();
    p.legal_moves(&mut ml);
    let m = ml
        .iter()
        .find(|m| p.san(m) == san)
        .unwrap_or_else(|| panic!("{san} not legal in {}", p.fen()));
    let mut q = *p;
    q.play_unchecked(m);
    q
}

#[test]
fn seed002_white_moves_first() {
    assert_eq!(Position::start(chess()).turn(), Color::White);
}

#[test]
fn seed002_pawn_moves_forward_one_cell() {
    let p = pos("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1");
    assert!(has(&p, "e4"));
    assert!(!has(&p, "e5"));
    let blocked = pos("4k3/8/8/8/4n3/4P3/8/4K3 w - - 0 1");
    assert!(!has(&blocked, "e4"));
}

#[test]
fn seed002_pawn_first_move_may_go_two_cells() {
    let p = Position::start(chess());
    assert!(has(&p, "e4") && has(&p, "e3"));
    let moved = pos("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1");
    assert!(!has(&moved, "e5"));
    // both cells must be empty
    let blocked = pos("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1");
    assert!(!has(&blocked, "e4") && !has(&blocked, "e3"));
}

#[test]
fn seed002_pawn_captures_diagonally_forward_only() {
    let p = pos("4k3/8/8/3p1p2/4P3/3p1p2/8/4K3 w - - 0 1");
    assert!(has(&p, "exd5") && has(&p, "exf5"));
    assert!(!has(&p, "exd3") && !has(&p, "exf3"));
}

#[test]
fn seed002_en_passant_only_right_after_the_double_step() {
    let p = pos("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    let after = play(&p, "d5");
    assert!(has(&after, "exd6"));
    assert_eq!(after.fen(), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    let later = play(&play(&after, "Kd2"), "Ke7");
    assert!(!has(&later, "exd6"));
}

#[test]
fn seed002_pawn_on_last_rank_must_promote_to_non_king_non_pawn() {
    let p = pos("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1");
    let s = sans(&p);
    for promo in ["e8=Q", "e8=R", "e8=B", "e8=N"] {
        assert!(s.contains(&promo.to_string()), "{promo}");
    }
    assert!(!s.iter().any(|m| m == "e8" || m == "e8=K" || m == "e8=P"));
}

#[test]
fn seed002_knight_jumps_over_pieces() {
    let p = Position::start(chess());
    assert!(has(&p, "Nf3") && has(&p, "Nc3"));
}

#[test]
fn seed002_bishop_moves_diagonally_and_is_blocked() {
    let p = Position::start(chess());
    assert!(!sans(&p).iter().any(|m| m.starts_with('B')));
    let open = pos("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1");
    assert!(has(&open, "Bh6") && has(&open, "Ba3") && !has(&open, "Bc2"));
}

#[test]
fn seed002_rook_moves_orthogonally() {
    let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert!(has(&p, "Ra8") && has(&p, "Rd1") && !has(&p, "Rb2"));
}

#[test]
fn seed002_queen_moves_orthogonally_or_diagonally() {
    let p = pos("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1");
    assert!(has(&p, "Qa7") && has(&p, "Qg7") && !has(&p, "Qb3"));
}

#[test]
fn seed002_king_moves_one_cell_and_not_into_check() {
    let p = pos("4k3/8/8/8/8/8/r7/4K3 w - - 0 1");
    let s = sans(&p);
    assert!(s.contains(&"Kd1".to_string()) && s.contains(&"Kf1".to_string()));
    assert!(!s.contains(&"Ke2".to_string()) && !s.contains(&"Kd2".to_string()));
    assert!(!s.iter().any(|m| m == "Kc1" || m == "Ke3"));
}

#[test]
fn seed002_castling_moves_king_two_cells_rook_over_it() {
    let p = pos("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let short = play(&p, "O-O");
    assert_eq!(short.fen(), "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1");
    let long = play(&p, "O-O-O");
    assert_eq!(long.fen(), "4k3/8/8/8/8/8/8/2KR3R b - - 1 1");
}

#[test]
fn seed002_castling_needs_unmoved_king_and_rook() {
    let p = pos("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let after_rook = play(&play(&play(&play(&p, "Rh2"), "Kd8"), "Rh1"), "Ke8");
    assert!(!has(&after_rook, "O-O") && has(&after_rook, "O-O-O"));
    let after_king = play(&play(&play(&play(&p, "Kf1"), "Kd8"), "Ke1"), "Ke8");
    assert!(!has(&after_king, "O-O") && !has(&after_king, "O-O-O"));
}

#[test]
fn seed002_castling_needs_empty_cells_between() {
    let p = pos("4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1");
    assert!(!has(&p, "O-O") && !has(&p, "O-O-O"));
}

#[test]
fn seed002_castling_not_out_of_through_or_into_check() {
    assert!(
        !has(&pos("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "O-O"),
        "in check"
    );
    assert!(
        !has(&pos("5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "O-O"),
        "through f1"
    );
    assert!(
        !has(&pos("5kr1/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "O-O"),
        "into g1"
    );
    // b1 may be attacked for O-O-O: the king does not cross it
    assert!(has(&pos("1r4k1/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "O-O-O"));
}

#[test]
fn seed002_checkmate_wins() {
    let p = pos("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
    let mated = play(&p, "Qh4");
    assert_eq!(
        mated.ending(),
        Some(Ending::Checkmate {
            winner: Color::Black
        })
    );
    assert_eq!(p.san_plus(&find(&p, "Qh4")), "Qh4#");
}

fn find(p: &Position, san: &str) -> Move {
    let mut ml = MoveList::new();
    p.legal_moves(&mut ml);
    *ml.iter().find(|m| p.san(m) == san).expect("legal")
}

#[test]
fn seed002_stalemate_is_a_draw() {
    let p = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(p.ending(), Some(Ending::Stalemate));
}

#[test]
fn c1_dead_position_ends_the_game() {
    assert_eq!(
        pos("8/8/4k3/8/8/2K5/8/8 w - - 0 1").ending(),
        Some(Ending::InsufficientMaterial)
    );
    assert_eq!(
        pos("8/8/4k3/8/8/2KN4/8/8 w - - 0 1").ending(),
        Some(Ending::InsufficientMaterial)
    );
    assert_eq!(
        pos("8/8/4k1b1/8/8/2KB4/8/8 w - - 0 1").ending(),
        Some(Ending::InsufficientMaterial)
    );
    assert_eq!(
        pos("8/8/4kb2/8/8/2KB4/8/8 w - - 0 1").ending(),
        None,
        "opposite bishops can mate"
    );
    assert_eq!(pos("8/8/4k3/8/8/2KR4/8/8 w - - 0 1").ending(), None);
}

#[test]
fn c1_seventy_five_moves_end_the_game() {
    assert_eq!(
        pos("8/8/4k3/8/8/2KR4/8/8 w - - 150 100").ending(),
        Some(Ending::SeventyFiveMoves)
    );
    assert_eq!(pos("8/8/4k3/8/8/2KR4/8/8 w - - 149 100").ending(), None);
}

#[test]
fn c2_pawn_betza_is_fmw_ifmnd_fcf() {
    let pawn = chess().piece(chess().role_of_letter(b'P').expect("pawn"));
    assert_eq!(pawn.betza, "fmWfcFifmnD");
}

#[test]
fn fen_round_trips_and_hides_illegal_ep() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ] {
        assert_eq!(pos(fen).fen(), fen);
    }
    // after 1. e4 no black pawn can take en passant: python-chess prints '-'
    let p = play(&Position::start(chess()), "e4");
    assert_eq!(
        p.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}

#[test]
fn fen_rejects_impossible_positions() {
    assert!(Position::from_fen(chess(), "8/8/8/8/8/8/8/8 w - - 0 1").is_err());
    assert!(Position::from_fen(chess(), "4k3/8/8/8/8/8/8/4K2P w - - 0 1").is_err());
    assert!(Position::from_fen(chess(), "4k3/8/8/8/8/8/8/4K3 x - - 0 1").is_err());
    // Text after the last field is refused (issue 14: it was ignored).
    assert!(Position::from_fen(chess(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra").is_err());
    assert!(
        Position::from_fen(chess(), "4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1").is_err(),
        "black in check, white to move"
    );
}

#[test]
fn san_disambiguates_by_file_then_rank_then_square() {
    let p = pos("4k3/8/8/8/8/8/8/N3K1N1 w - - 0 1");
    assert!(has(&p, "Nae2") || has(&p, "Nb3"));
    let p = pos("4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1");
    assert!(has(&p, "Nbc3") && has(&p, "Ndc3"));
    let p = pos("4k3/8/8/8/1N6/8/1N6/4K3 w - - 0 1");
    assert!(has(&p, "N4d3") && has(&p, "N2d3"));
    let p = pos("4k3/8/8/Q1Q5/8/Q7/8/4K3 w - - 0 1");
    assert!(has(&p, "Qa5b4") || has(&p, "Qa3b4"));
}

#[test]
fn chess960_castling_with_x_fen() {
    let p = Position::from_fen(
        chess960(),
        "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1",
    )
    .expect("valid 960 FEN");
    assert_eq!(
        p.fen(),
        "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1"
    );
    let q =
        Position::from_fen(chess960(), "1r2k2r/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1").expect("valid");
    let after = play(&q, "O-O");
    assert_eq!(after.fen(), "1r2k2r/8/8/8/8/8/8/1R3RK1 b kq - 1 1");
}

#[test]
fn perft_start_position_small_depths() {
    let p = Position::start(chess());
    assert_eq!(perft(&p, 1), 20);
    assert_eq!(perft(&p, 2), 400);
    assert_eq!(perft(&p, 3), 8902);
}

#[test]
fn perft_kiwipete_small_depths() {
    let p = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    assert_eq!(perft(&p, 1), 48);
    assert_eq!(perft(&p, 2), 2039);
    assert_eq!(perft(&p, 3), 97862);
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn perft_published_deep() {
    assert_eq!(perft(&Position::start(chess()), 5), 4_865_609);
    let kiwipete = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    assert_eq!(perft(&kiwipete, 4), 4_085_603);
    assert_eq!(
        perft(&pos("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"), 5),
        674_624
    );
    let p4 = pos("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1");
    assert_eq!(perft(&p4, 4), 422_333);
    assert_eq!(
        perft(
            &pos("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"),
            4
        ),
        2_103_487
    );
    let p6 = pos("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10");
    assert_eq!(perft(&p6, 4), 3_894_594);
}

/// Why `text` is refused in `p`.
fn refusal(p: &Position, text: &str) -> String {
    let grammar = crate::notation::token::Grammar::chess();
    let token = crate::notation::token::parse_move(&grammar, text.as_bytes()).expect("parses");
    match p.resolve_token(&token, &mut MoveList::new()) {
        Ok(m) => panic!("{text} accepted as {m:?}"),
        Err(e) => e.message,
    }
}

#[test]
fn issue_13_a_king_stepping_into_check_is_not_called_pinned() {
    let p = pos("4k3/8/8/8/8/8/7r/6K1 w - - 0 1");
    let why = refusal(&p, "Kg2");
    assert_eq!(
        why,
        "the king on g1 cannot go to g2: it would be in check there"
    );
    // A piece that shields its king is pinned.
    let q = pos("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    assert!(refusal(&q, "Nf4").contains("is pinned"));
}

#[test]
fn issue_13_two_pieces_can_both_go_there_three_can_all() {
    let p = pos("4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1");
    assert_eq!(refusal(&p, "Nc3"), "knights on b1 and d1 can both go there");
    let r = pos("4k3/8/8/1N1N4/8/8/8/1N2K3 w - - 0 1");
    assert_eq!(
        refusal(&r, "Nc3"),
        "knights on b1, b5 and d5 can all go there"
    );
}
