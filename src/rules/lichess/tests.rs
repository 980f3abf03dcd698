//! Each variant's rules, one test per rule (named in docs/rules.md).

use super::*;
use crate::notation::token::parse_move;
use crate::rules::position::RejectionKind;

fn pos(variant: Variant, fen: &str) -> LichessPosition {
    LichessPosition::from_fen(variant, Some(fen)).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn play(p: &LichessPosition, san: &str) -> LichessPosition {
    let token = parse_move(&p.variant.grammar(), san.as_bytes()).expect("parses");
    let m = p
        .resolve_token(&token, &mut Vec::new())
        .unwrap_or_else(|r| panic!("{san}: {}", r.message));
    let mut next = *p;
    next.play_unchecked(&m);
    next
}

fn reject(p: &LichessPosition, san: &str) -> String {
    let token = parse_move(&p.variant.grammar(), san.as_bytes()).expect("parses");
    match p.resolve_token(&token, &mut Vec::new()) {
        Ok(_) => panic!("{san} was accepted in {}", p.fen()),
        Err(r) => {
            assert_eq!(r.kind, RejectionKind::Illegal, "{san}: {}", r.message);
            r.message
        }
    }
}

#[test]
fn lichess_atomic_capture_explodes_neighbours_but_not_pawns() {
    let p = pos(Variant::Atomic, "4k3/8/2n5/3pb3/3N4/8/8/4K3 w - - 0 1");
    let after = play(&p, "Nxc6");
    // The captured knight and the capturer vanish; the d5 pawn stays.
    assert_eq!(after.fen(), "4k3/8/8/3pb3/8/8/8/4K3 b - - 0 1");
}

#[test]
fn lichess_atomic_kings_never_capture_and_an_own_explosion_is_illegal() {
    let p = pos(Variant::Atomic, "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1");
    assert!(reject(&p, "Kxd2").contains("kings cannot capture in Atomic"));
    let p = pos(Variant::Atomic, "4k3/8/8/8/8/8/4n3/3QK3 w - - 0 1");
    assert!(reject(&p, "Qxe2").contains("destroy your own king"));
}

#[test]
fn lichess_atomic_exploding_the_enemy_king_wins() {
    let p = pos(Variant::Atomic, "4k3/2q5/8/8/8/8/8/R3K3 w - - 0 1");
    let after = play(&p, "Ra7");
    assert!(after.outcome().is_none());
    let p = pos(Variant::Atomic, "4k3/3q4/8/8/8/8/8/3RK3 w - - 0 1");
    let after = play(&p, "Rxd7");
    let o = after.outcome().expect("the black king exploded");
    assert_eq!(o.winner, Some(Color::White));
    assert_eq!(o.reason, "king exploded");
}

#[test]
fn lichess_atomic_adjacent_kings_are_not_in_check() {
    let p = pos(Variant::Atomic, "8/8/8/8/8/3k4/3K4/7r w - - 0 1");
    assert!(!p.is_check());
}

#[test]
fn lichess_antichess_captures_are_compulsory() {
    let p = pos(
        Variant::Antichess,
        "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w - - 0 2",
    );
    let msg = reject(&p, "Nf3");
    assert!(
        msg.starts_with("captures are compulsory in Antichess: dxe5 must be played"),
        "{msg}"
    );
    play(&p, "dxe5");
}

#[test]
fn lichess_antichess_king_is_ordinary_and_no_pieces_wins() {
    // The king may be captured; promotion to king is allowed.
    let p = pos(Variant::Antichess, "8/P7/8/8/8/8/8/k7 w - - 0 1");
    let after = play(&p, "a8=K");
    assert_eq!(after.fen(), "K7/8/8/8/8/8/8/k7 b - - 0 1");
    let p = pos(Variant::Antichess, "8/8/8/8/8/8/1k6/K7 w - - 0 1");
    let after = play(&p, "Kxb2");
    let o = after.outcome().expect("Black has nothing left");
    assert_eq!(o.winner, Some(Color::Black));
}

#[test]
fn lichess_crazyhouse_captures_fill_the_pocket_and_promoted_pieces_return_as_pawns() {
    let p = pos(Variant::Crazyhouse, "4k3/8/8/3p4/8/4N3/8/4K3[] w - - 0 1");
    let after = play(&p, "Nxd5");
    assert!(after.fen().contains("[P]"), "{}", after.fen());
    let p = pos(Variant::Crazyhouse, "4k3/8/8/3Q~4/8/4n3/8/4K3[] b - - 0 1");
    let after = play(&p, "Nxd5");
    assert!(after.fen().contains("[p]"), "{}", after.fen());
}

#[test]
fn lichess_crazyhouse_drops_and_pawns_never_on_the_first_or_last_rank() {
    let p = pos(Variant::Crazyhouse, "4k3/8/8/8/8/8/8/4K3[NP] w - - 0 1");
    let after = play(&p, "N@f3");
    assert!(after.fen().starts_with("4k3/8/8/8/8/5N2/8/4K3[P] b"));
    play(&p, "P@e4");
    play(&p, "@e4");
    assert!(reject(&p, "P@e8").contains("cannot be dropped"));
    assert!(reject(&p, "Q@d4").contains("no Q in the pocket"));
}

#[test]
fn lichess_drops_are_crazyhouse_notation_only() {
    let chess = crate::written::Grammar::chess();
    assert!(parse_move(&chess, b"N@f3").is_err());
    let squares = crate::written::Grammar::squares();
    let t = parse_move(&squares, b"@@f3").expect("square placement");
    assert!(matches!(
        t.first(),
        Some(crate::written::Action::PlaceSquare { .. })
    ));
    let zh = crate::written::Grammar::crazyhouse();
    let t = parse_move(&zh, b"@e4").expect("pawn drop");
    assert!(matches!(
        t.first(),
        Some(crate::written::Action::Drop { piece: b'P', .. })
    ));
}

#[test]
fn lichess_king_of_the_hill_king_in_the_centre_wins() {
    let p = pos(Variant::KingOfTheHill, "4k3/8/8/8/8/4K3/8/8 w - - 0 1");
    let after = play(&p, "Ke4");
    let o = after.outcome().expect("on the hill");
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), "king on the hill")
    );
}

#[test]
fn lichess_three_check_third_check_wins_and_both_fen_counters_read() {
    let p = pos(
        Variant::ThreeCheck,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 2",
    );
    let after = play(&p, "Bb5");
    assert!(after.outcome().is_none());
    let after = play(&p, "Qh5");
    assert!(after.outcome().is_none());
    let lichess = pos(
        Variant::ThreeCheck,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 +2+0",
    );
    assert_eq!(lichess.fen(), p.fen());
    let q = pos(Variant::ThreeCheck, "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1");
    let after = play(&q, "Ra8");
    let o = after.outcome().expect("third check");
    assert_eq!((o.winner, o.reason), (Some(Color::White), "third check"));
}

#[test]
fn lichess_horde_first_rank_pawns_double_step_and_white_loses_without_pieces() {
    let p = LichessPosition::from_fen(Variant::Horde, None).expect("start");
    assert_eq!(p.perft(1), 8, "python-chess's horde.perft");
    let p = pos(Variant::Horde, "4k3/8/8/8/8/8/8/P7 w - - 0 1");
    // No en passant square after a double step from the first rank.
    assert_eq!(play(&p, "a3").fen(), "4k3/8/8/8/8/P7/8/8 b - - 0 1");
    let p = pos(Variant::Horde, "4k3/8/8/8/8/8/1r6/P7 w - - 0 1");
    let p = play(&p, "a2");
    let after = play(&p, "Rxa2");
    let o = after.outcome().expect("the horde is gone");
    assert_eq!(o.winner, Some(Color::Black));
}

#[test]
fn lichess_racing_kings_no_checks_and_black_may_draw_after_white_arrives() {
    let p = LichessPosition::from_fen(Variant::RacingKings, None).expect("start");
    let msg = reject(&p, "Nc3");
    assert!(
        msg.contains("giving check is not allowed in Racing Kings"),
        "{msg}"
    );
    let p = pos(Variant::RacingKings, "8/K5k1/8/8/8/8/8/8 w - - 0 1");
    let after = play(&p, "Kb8");
    assert!(after.outcome().is_none());
    let after = play(&after, "Kg8");
    let o = after.outcome().expect("both arrived");
    assert_eq!(o.winner, None);
    let p = pos(Variant::RacingKings, "8/K7/8/8/8/8/6k1/8 w - - 0 1");
    let after = play(&p, "Kb8");
    let o = after.outcome().expect("Black cannot reach the eighth rank");
    assert_eq!(o.winner, Some(Color::White));
}

#[test]
fn lichess_repetition_counts_pockets_and_checks_left() {
    use crate::rules::position::GamePosition;
    let key = |v, fen| {
        GamePosition::draw_state(&pos(v, fen))
            .expect("lichess games have draw rules")
            .key
    };
    let zh = "r3k3/8/8/8/8/8/8/4K2R[Nn] w - - 0 1";
    assert_eq!(key(Variant::Crazyhouse, zh), key(Variant::Crazyhouse, zh));
    assert_ne!(
        key(Variant::Crazyhouse, zh),
        key(Variant::Crazyhouse, "r3k3/8/8/8/8/8/8/4K2R[NN] w - - 0 1"),
        "pockets"
    );
    let three = "4k3/8/8/8/8/8/8/4K2R w - - 3+3 0 1";
    assert_ne!(
        key(Variant::ThreeCheck, three),
        key(Variant::ThreeCheck, "4k3/8/8/8/8/8/8/4K2R w - - 2+3 0 1"),
        "checks left"
    );
    // The side to move and castling count, as in chess.
    assert_ne!(
        key(Variant::Atomic, "4k3/8/8/8/8/8/8/4K2R w K - 0 1"),
        key(Variant::Atomic, "4k3/8/8/8/8/8/8/4K2R w - - 0 1")
    );
}

#[test]
fn lichess_crazyhouse_has_no_move_count_rules() {
    use crate::rules::position::GamePosition;
    let zh = pos(Variant::Crazyhouse, "r3k3/8/8/8/8/8/8/4K2R[] w - - 160 100");
    let d = GamePosition::draw_state(&zh).expect("draw rules");
    assert_eq!((d.halfmoves, d.irreversible), (0, false));
    assert_eq!(zh.outcome(), None);
    let atomic = pos(Variant::Atomic, "r3k3/8/8/8/8/8/8/4K2R w - - 160 100");
    assert_eq!(
        atomic.outcome().map(|o| o.reason),
        Some("75-move rule"),
        "the other variants keep python-chess's seventy-five-move rule"
    );
}

#[test]
fn lichess_insufficient_material_ends_the_game_as_each_variant_defines_it() {
    let draw = |v, fen| pos(v, fen).outcome().map(|o| (o.winner, o.reason));
    // Atomic: a lone knight cannot win against a bare king.
    assert_eq!(
        draw(Variant::Atomic, "4k3/8/8/8/8/8/8/4KN2 w - - 0 1"),
        Some((None, "insufficient material"))
    );
    // Three-check: any piece can still give check.
    assert_eq!(
        draw(Variant::ThreeCheck, "4k3/8/8/8/8/8/8/4KN2 w - - 3+3 0 1"),
        None
    );
    assert_eq!(
        draw(Variant::ThreeCheck, "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1"),
        Some((None, "insufficient material"))
    );
    // King of the Hill: the king can always walk to the centre.
    assert_eq!(
        draw(Variant::KingOfTheHill, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        None
    );
    // Horde: a lone white bishop cannot mate a bare king, but the king's
    // side can always win by taking the horde: no draw.
    let horde = pos(Variant::Horde, "4k3/8/8/8/8/8/8/2B5 w - - 0 1");
    assert!(horde.has_insufficient_material(Color::White));
    assert!(!horde.has_insufficient_material(Color::Black));
    assert_eq!(horde.outcome(), None);
}

/// The resolver tests legality only for the moves that fit what is
/// written: a second path beside `legal_moves`. For every pseudo-legal move
/// of positions of random games of each variant, its long notation resolves
/// to it exactly when `legal_moves` holds it.
#[test]
fn lichess_resolving_a_move_agrees_with_the_legal_move_list() {
    use crate::rules::playout::{PlayoutOptions, playout};
    let lichess = Variant::ALL
        .into_iter()
        .filter(|v| v.family() == crate::rules::variant::Family::Lichess);
    for v in lichess {
        let mut checked = 0;
        for seed in 0..6 {
            let game = playout(v, &PlayoutOptions::default(), seed, 120).expect("playout");
            game.for_each_move(|any, _| {
                let p = any.as_lichess().expect("lichess");
                let (mut legal, mut pseudo, mut scratch) = (Vec::new(), Vec::new(), Vec::new());
                p.legal_moves(&mut legal);
                p.pseudo_moves(&mut pseudo);
                for m in &pseudo {
                    let text = p.lan(m);
                    let Ok(token) = parse_move(&v.grammar(), text.as_bytes()) else {
                        panic!("{v}: {text} does not parse");
                    };
                    let got = p.resolve_token(&token, &mut scratch).ok();
                    assert_eq!(
                        got == Some(*m),
                        legal.contains(m),
                        "{v} {}: {text}",
                        p.fen()
                    );
                    assert_quick_resolves_alike(p, &token, got, &text);
                    checked += 1;
                }
            });
        }
        assert!(checked > 1000, "{v}: only {checked} moves");
    }
}

#[test]
fn lichess_an_illegal_move_gets_the_nearest_legal_moves_as_help() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let p = play(&play(&pos(Variant::Atomic, start), "e4"), "e5");
    let token = parse_move(&p.variant.grammar(), b"Nf4").expect("parses");
    let r = p
        .resolve_token(&token, &mut Vec::new())
        .expect_err("no knight reaches f4");
    assert_eq!(r.suggestions, ["did you mean Nf3, f4 or Bc4?"]);
    let zh = pos(Variant::Crazyhouse, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1");
    let token = parse_move(&zh.variant.grammar(), b"B@e4").expect("parses");
    let r = zh
        .resolve_token(&token, &mut Vec::new())
        .expect_err("no bishop in the pocket");
    assert!(r.suggestions[0].contains("N@e4"), "{:?}", r.suggestions);
}

/// The reference legal-move list: every pseudo-legal move played on a copy
/// and judged by the variant's rule, then Antichess's compulsory capture.
fn legal_moves_played(p: &LichessPosition) -> Vec<Move> {
    let mut out = Vec::new();
    if p.variant_end() {
        return out;
    }
    p.pseudo_moves(&mut out);
    out.retain(|m| p.is_legal_played(m));
    if p.variant == Variant::Antichess && out.iter().any(|m| m.capture) {
        out.retain(|m| m.capture);
    }
    out
}

/// Compares the fast legality test with playing the move on every
/// pseudo-legal move of `p`, and the resolver's shortcuts with the full
/// lists (`san`: also resolve each legal move's SAN, which is slow);
/// returns the number of moves compared.
fn compare_legality(p: &LichessPosition, san: bool) -> usize {
    // What the move that made it found (play_judged) is the truth.
    if let Some(end) = p.known.end() {
        assert_eq!(end, p.variant_end(), "{} {}: known end", p.variant, p.fen());
        assert_eq!(
            p.known.not_in_check(),
            !p.is_check(),
            "{} {}: known check",
            p.variant,
            p.fen()
        );
    }
    let mut pseudo = Vec::new();
    p.pseudo_moves(&mut pseudo);
    let legality = p.legality();
    for m in &pseudo {
        let played = p.is_legal_played(m);
        assert_eq!(
            p.is_legal_with(&legality, m),
            played,
            "{} {}: {}",
            p.variant,
            p.fen(),
            p.lan(m)
        );
        assert_eq!(
            p.is_legal_alone(m),
            played,
            "{} {}: {} alone",
            p.variant,
            p.fen(),
            p.lan(m)
        );
    }
    // The shortcuts of the resolver: captures seen from the attack sets,
    // pawn moves generated for one target square.
    let mut board = Vec::new();
    p.board_moves(&mut board);
    assert_eq!(
        p.has_capture(),
        board.iter().any(|m| m.capture),
        "{} {}",
        p.variant,
        p.fen()
    );
    assert_eq!(
        p.variant_end(),
        p.variant_outcome().is_some(),
        "{}",
        p.fen()
    );
    // The en passant square the key and FEN keep: a legal capture there.
    let ep = p.ep.filter(|_| {
        !p.variant_end()
            && board
                .iter()
                .any(|m| m.kind == MoveKind::EnPassant && p.is_legal_played(m))
    });
    assert_eq!(p.legal_ep(), ep, "{} {}", p.variant, p.fen());
    for to in 0..64 {
        let mut pawn = Vec::new();
        p.pawn_moves_to(to, &mut pawn);
        let want: Vec<Move> = board
            .iter()
            .filter(|m| usize::from(m.role) == PAWN && m.kind != MoveKind::Castle)
            .filter(|m| usize::from(m.to) == to)
            .copied()
            .collect();
        assert_eq!(pawn, want, "{} {}: pawn moves to {to}", p.variant, p.fen());
    }
    let mut fast = Vec::new();
    p.legal_moves(&mut fast);
    let slow = legal_moves_played(p);
    // Each legal move in SAN resolves to itself (pawn moves by their
    // target square alone).
    let mut scratch = Vec::new();
    for m in slow.iter().filter(|_| san) {
        let text = p.san(m);
        let token = parse_move(&p.variant.grammar(), text.as_bytes()).expect("SAN parses");
        let got = p.resolve_token(&token, &mut scratch).ok();
        assert_eq!(got, Some(*m), "{} {}: {text}", p.variant, p.fen());
        assert_quick_resolves_alike(p, &token, got, &text);
    }
    assert_eq!(fast, slow, "{} {}", p.variant, p.fen());
    assert_eq!(
        p.has_legal_move(),
        !slow.is_empty(),
        "{} {}",
        p.variant,
        p.fen()
    );
    pseudo.len()
}

/// The verifier's quick resolver names the move the full one does, and
/// finds every move the full one resolves (a written action of one move).
fn assert_quick_resolves_alike(
    p: &LichessPosition,
    token: &crate::written::MoveToken,
    full: Option<Move>,
    text: &str,
) {
    let Some(action) = token.first().filter(|_| token.is_single()) else {
        return;
    };
    let quick = p.resolve_action_quick(action, &mut Vec::new());
    assert_eq!(quick, full, "{} {}: {text} quick", p.variant, p.fen());
    let Some(m) = full else { return };
    let mut judged = *p;
    let j = judged.play_judged(&m);
    let mut after = *p;
    after.play_unchecked(&m);
    assert_eq!(judged, after);
    let goal = after.is_won();
    let mate = goal || (after.is_check() && !after.has_legal_move());
    let end = after.end_after_move(mate, after.variant_end());
    assert_eq!(
        (j.in_check, j.goal, j.mate, j.end),
        (after.is_check(), goal, mate, end),
        "{} {}: {text} judged",
        p.variant,
        p.fen()
    );
    // The end left for later is the stalemate the full outcome finds.
    let full_end = after.outcome();
    match end {
        Some(e) => assert_eq!(Some(e), full_end),
        None => assert_eq!(after.stalemate(), full_end, "{} {text}", after.fen()),
    }
}

/// Positions made to catch a legality shortcut: pins along every line, a
/// pinned piece taking its pinner, double check, en passant out of check and
/// into a discovered one, drops that block or do not, Atomic kings side by
/// side, Racing Kings' discovered checks, a Horde side without a king and
/// several kings of a side.
const LEGALITY_POSITIONS: &[(Variant, &str)] = &[
    (
        Variant::KingOfTheHill,
        "4k3/4r3/8/8/1b6/8/3N4/4K3 w - - 0 1",
    ),
    (Variant::KingOfTheHill, "4k3/8/8/8/1b6/8/3B4/4K3 w - - 0 1"),
    (Variant::ThreeCheck, "4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1 3+3"),
    (Variant::ThreeCheck, "4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2 3+3"),
    (Variant::ThreeCheck, "8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 1 3+3"),
    (Variant::KingOfTheHill, "8/8/3k4/8/2pP4/8/B7/4K3 b - d3 0 1"),
    (Variant::KingOfTheHill, "8/8/8/1k6/2pP4/8/8/4K3 b - d3 0 1"),
    (Variant::Crazyhouse, "4k3/8/8/8/8/8/8/r3K3[NPnp] w - - 0 1"),
    (Variant::Crazyhouse, "4k3/8/8/8/1b6/8/8/4K3[Q] w - - 0 1"),
    (Variant::Crazyhouse, "4k3/8/8/8/8/3n4/8/r3K3[Q] w - - 0 1"),
    (
        Variant::Crazyhouse,
        "r3k2r/8/8/8/8/8/8/R3K2R[Bb] w KQkq - 0 1",
    ),
    (Variant::Atomic, "8/8/8/8/8/3k4/3K4/7r w - - 0 1"),
    (Variant::Atomic, "8/8/8/8/3k4/8/3K4/3r4 w - - 0 1"),
    (Variant::Atomic, "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1"),
    (Variant::Atomic, "4k3/4q3/8/8/8/8/4B3/4K3 w - - 0 1"),
    (Variant::Atomic, "8/8/8/3k4/3pP3/8/8/3KR3 b - e3 0 1"),
    (
        Variant::RacingKings,
        "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
    ),
    (Variant::RacingKings, "8/8/8/8/k7/8/1R6/K6q w - - 0 1"),
    (Variant::RacingKings, "8/8/8/8/k1K4R/8/8/8 w - - 0 1"),
    (Variant::Horde, "4k3/8/8/8/8/8/PPPPPPPP/PPPPPPPP w - - 0 1"),
    (Variant::Horde, "4k3/8/8/1b6/8/8/3P4/PPPPPPPP b - - 0 1"),
    (Variant::Antichess, "4k3/8/8/8/8/8/3q4/K3K3 w - - 0 1"),
    (Variant::Atomic, "8/8/8/8/8/2k5/2KR3r/8 w - - 0 1"),
];

/// The fast legality test (checkers and pins, once per position) against
/// the reference that plays each move on a copy: on every pseudo-legal move
/// of positions made to catch it, of every position of python-chess's perft
/// suites and their children, and of random games of each variant.
#[test]
fn lichess_fast_legality_agrees_with_playing_the_move() {
    let mut compared = 0;
    for (v, fen) in LEGALITY_POSITIONS {
        let p = pos(*v, fen);
        compared += compare_legality(&p, true);
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        for m in &moves {
            // Both ways of playing: the verifier's keeps what it found.
            let mut next = p;
            next.play_unchecked(m);
            compared += compare_legality(&next, true);
            next = p;
            next.play_judged(m);
            compared += compare_legality(&next, true);
        }
    }
    let suite = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/perft/lichess.perft"
    ))
    .expect("committed");
    let mut variant = None;
    let mut positions = 0;
    for line in suite.lines() {
        if let Some(name) = line.strip_prefix("variant ") {
            variant = Some(Variant::from_name(name.trim()).expect("a lichess variant"));
        } else if let Some(fen) = line.strip_prefix("epd ") {
            let p = pos(variant.expect("variant line first"), fen.trim());
            positions += 1;
            // The position, its children and grandchildren.
            let mut moves = Vec::new();
            compared += compare_legality(&p, true);
            p.legal_moves(&mut moves);
            for m in &moves {
                // The children as the verifier plays them (the check and
                // end it found kept), the grandchildren as perft does.
                let mut child = p;
                child.play_judged(m);
                compared += compare_legality(&child, true);
                let mut grand = Vec::new();
                child.legal_moves(&mut grand);
                for g in &grand {
                    let mut next = child;
                    next.play_unchecked(g);
                    compared += compare_legality(&next, false);
                }
            }
        }
    }
    assert!(positions >= 20, "only {positions} perft positions");
    use crate::rules::playout::{PlayoutOptions, playout};
    for v in Variant::ALL
        .into_iter()
        .filter(|v| v.family() == crate::rules::variant::Family::Lichess)
    {
        for seed in 0..40 {
            let game = playout(v, &PlayoutOptions::default(), seed, 200).expect("playout");
            for any in game.positions() {
                let p = any.as_lichess().expect("lichess");
                compared += compare_legality(p, seed < 10);
                // A child as the verifier makes it.
                let mut moves = Vec::new();
                p.legal_moves(&mut moves);
                if let Some(m) = moves.get(seed as usize % moves.len().max(1)) {
                    let mut child = *p;
                    child.play_judged(m);
                    compared += compare_legality(&child, false);
                }
            }
        }
    }
    assert!(compared > 1_000_000, "only {compared} moves compared");
}

/// SAN's rival search is skipped when no other piece of the kind reaches
/// the target ([`LichessPosition::may_have_rival`]): for every legal move
/// of positions of random games of each variant, a move with a rival among
/// the legal moves is always one the shortcut searches, and some moves
/// (with and without rivals) are searched.
#[test]
fn lichess_san_skips_the_rival_search_only_without_rivals() {
    use crate::rules::playout::{PlayoutOptions, playout};
    let (mut searched, mut rivalled, mut skipped) = (0, 0, 0);
    for v in Variant::ALL
        .into_iter()
        .filter(|v| v.family() == crate::rules::variant::Family::Lichess)
    {
        for seed in 0..8 {
            let game = playout(v, &PlayoutOptions::default(), seed, 160).expect("playout");
            for any in game.positions() {
                let p = any.as_lichess().expect("lichess");
                let mut legal = Vec::new();
                p.legal_moves(&mut legal);
                for m in legal
                    .iter()
                    .filter(|m| m.kind == MoveKind::Normal && usize::from(m.role) != PAWN)
                {
                    let rivals = p.rivals(m);
                    if p.may_have_rival(m) {
                        searched += 1;
                    } else {
                        skipped += 1;
                        assert_eq!(rivals, 0, "{v} {}: {}", p.fen(), p.lan(m));
                    }
                    rivalled += u32::from(rivals != 0);
                }
            }
        }
    }
    assert!(rivalled > 100 && searched > rivalled && skipped > 1000);
}

/// The FEN as it was written square by square (each square's colour and
/// role looked up, the formatter for the numbers): what the bitboard
/// writer ([`LichessPosition::write_fen`]) is held to.
fn fen_square_by_square(p: &LichessPosition) -> String {
    let mut out = String::new();
    for r in (0..8).rev() {
        let mut empty = 0;
        for f in 0..8 {
            let s = r * 8 + f;
            match (p.color_on(s), p.role_on(s)) {
                (Some(c), Some(role)) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let l = LETTERS[role] as char;
                    out.push(if c == Color::White {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    });
                    if p.variant == Variant::Crazyhouse && p.promoted & bit(s) != 0 {
                        out.push('~');
                    }
                }
                _ => empty += 1,
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if r > 0 {
            out.push('/');
        }
    }
    if p.variant == Variant::Crazyhouse {
        out.push('[');
        for c in 0..2 {
            for role in (0..5).rev() {
                for _ in 0..p.pockets[c][role] {
                    let l = LETTERS[role] as char;
                    out.push(if c == 0 { l } else { l.to_ascii_lowercase() });
                }
            }
        }
        out.push(']');
    }
    out.push_str(if p.turn == Color::White { " w " } else { " b " });
    let rights = p.clean_castling();
    let mut any = false;
    for (sq, l) in [(7, 'K'), (0, 'Q'), (63, 'k'), (56, 'q')] {
        if rights & bit(sq) != 0 {
            out.push(l);
            any = true;
        }
    }
    if !any {
        out.push('-');
    }
    out.push(' ');
    match p.legal_ep() {
        Some(e) => {
            out.push((b'a' + e % 8) as char);
            out.push((b'1' + e / 8) as char);
        }
        None => out.push('-'),
    }
    if p.variant == Variant::ThreeCheck {
        out.push_str(&format!(" {}+{}", p.checks_left[0], p.checks_left[1]));
    }
    out.push_str(&format!(" {} {}", p.halfmoves, p.fullmoves));
    out
}

/// The bitboard FEN writer against the square-by-square one at every
/// position of random games of each variant (promoted pieces, pockets,
/// checks left and clocks included), and at a few set-up positions.
#[test]
fn lichess_fen_from_bitboards_is_the_square_by_square_fen() {
    use crate::rules::playout::{PlayoutOptions, playout};
    let mut compared = 0;
    for v in Variant::ALL
        .into_iter()
        .filter(|v| v.family() == crate::rules::variant::Family::Lichess)
    {
        for seed in 0..12 {
            let game = playout(v, &PlayoutOptions::default(), seed, 200).expect("playout");
            for any in game.positions() {
                let p = any.as_lichess().expect("lichess");
                assert_eq!(p.fen(), fen_square_by_square(p), "{v}");
                compared += 1;
            }
        }
    }
    for (v, fen) in [
        (
            Variant::Crazyhouse,
            "r1b1k2r/ppp2ppp/8/8/8/8/PPP2PPP/R3K2R[QRbbnp] w KQkq - 12 40",
        ),
        (Variant::Crazyhouse, "4k3/6Q~1/8/8/8/8/8/3K3q~[] w - - 0 1"),
        (Variant::ThreeCheck, "4k3/8/8/8/8/8/8/4K3 w - - 3+1 99 123"),
    ] {
        let p = pos(v, fen);
        assert_eq!(p.fen(), fen_square_by_square(&p), "{v} {fen}");
        compared += 1;
    }
    assert!(compared > 5000, "only {compared} positions");
}
