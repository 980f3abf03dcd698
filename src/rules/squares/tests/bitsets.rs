//! The bitset fast paths against the walks they replaced (issue 16), on
//! seeded random games of every game of the family: the attack test and
//! the piece moves by masks against the step-by-step walks, the role masks
//! against the board, and the early-stopping search for a legal turn
//! against the full list; the square moves looked for where the king is
//! attacked against all of them.

use super::*;
use crate::rules::core::Square;
use crate::rules::playout::{PlayoutOptions, playout};

/// Every position of a few seeded random games of each game of the family
/// (Hans38 also under both Postal options).
fn random_positions() -> Vec<SquaresPosition> {
    let games: [(Variant, Option<Postal>, usize); 7] = [
        (Variant::SquaresBasic, None, 80),
        (Variant::Hans38, None, 120),
        (Variant::Hans38, Some(Postal::Yes), 60),
        (Variant::Hans38, Some(Postal::Plus), 16),
        (Variant::Hans38Neutral, None, 120),
        (Variant::InfiniteReserves, None, 12),
        (Variant::MovingSquares, None, 12),
    ];
    let mut out = Vec::new();
    for (variant, postal, plies) in games {
        let options = PlayoutOptions {
            postal,
            ..PlayoutOptions::default()
        };
        for seed in 0..3 {
            let game = playout(variant, &options, seed, plies).expect("start position");
            out.extend(
                game.positions()
                    .iter()
                    .filter_map(|p| p.as_squares().cloned()),
            );
        }
    }
    out
}

#[test]
fn bitset_is_attacked_agrees_with_the_walk_on_random_games() {
    let positions = random_positions();
    assert!(positions.len() > 500, "{} positions", positions.len());
    let mut attacked = 0;
    for p in &positions {
        for rank in 0..8 {
            for file in 0..8 {
                let sq = Square::new(file, rank).expect("on the grid");
                for by in Color::ALL {
                    let fast = p.is_attacked(sq, by);
                    assert_eq!(
                        fast,
                        p.is_attacked_walk(sq, by),
                        "{sq:?} by {by:?} in {}",
                        p.fen()
                    );
                    attacked += usize::from(fast);
                }
            }
        }
    }
    // The games are not all holes: plenty of locations are attacked.
    assert!(attacked > positions.len() * 10, "{attacked}");
}

#[test]
fn bitset_role_masks_agree_with_the_board_on_random_games() {
    for p in random_positions() {
        for (r, mask) in p.roles.iter().enumerate() {
            for i in 0..64u8 {
                let sq = Square::new(i % 8, i / 8).expect("on the grid");
                let on_board = p.piece_at(sq).is_some_and(|pc| pc.role.index() == r);
                assert_eq!(
                    mask & (1 << i) != 0,
                    on_board,
                    "role {r} {sq:?} in {}",
                    p.fen()
                );
            }
        }
    }
}

/// The role and occupant masks after captures: the random games above
/// are short and capture little, so a capture that left the victim in its
/// masks went unseen there (long Moving Squares games capture often).
#[test]
fn masks_agree_with_the_board_after_the_captures_of_long_games() {
    let mut captures = 0;
    for seed in 0..4 {
        let game = playout(
            Variant::MovingSquares,
            &PlayoutOptions::default(),
            seed,
            160,
        )
        .expect("start position");
        let positions: Vec<SquaresPosition> = game
            .positions()
            .iter()
            .filter_map(|p| p.as_squares().cloned())
            .collect();
        for pair in positions.windows(2) {
            let count =
                |p: &SquaresPosition| (p.occupied.white.0 | p.occupied.black.0).count_ones();
            captures += usize::from(count(&pair[1]) < count(&pair[0]));
        }
        for p in positions {
            for i in 0..64u8 {
                let sq = Square::new(i % 8, i / 8).expect("on the grid");
                let piece = p.piece_at(sq);
                for (r, mask) in p.roles.iter().enumerate() {
                    let want = piece.is_some_and(|pc| pc.role.index() == r);
                    assert_eq!(mask & (1 << i) != 0, want, "role {r} {sq:?} in {}", p.fen());
                }
                for c in Color::ALL {
                    let want = piece.is_some_and(|pc| pc.color == c);
                    assert_eq!(
                        p.occupied[c].contains(sq),
                        want,
                        "{c:?} {sq:?} in {}",
                        p.fen()
                    );
                }
            }
        }
    }
    assert!(
        captures > 10,
        "only {captures} captures: the test sees too few"
    );
}

#[test]
fn has_legal_turn_agrees_with_the_list_of_legal_turns_on_random_games() {
    let mut turns = Vec::new();
    for p in random_positions() {
        p.legal_turns(&mut turns);
        assert_eq!(p.has_legal_turn(), !turns.is_empty(), "{}", p.fen());
    }
}

#[test]
fn bitset_piece_moves_agree_with_the_walk_move_by_move_on_random_games() {
    let (mut fast, mut walk) = (Vec::new(), Vec::new());
    let mut moves = 0;
    for p in random_positions() {
        fast.clear();
        walk.clear();
        p.piece_moves(&mut fast);
        p.piece_moves_walk(&mut walk);
        // The same moves in the same order: seeded games and written
        // suggestions depend on it.
        assert_eq!(fast, walk, "{}", p.fen());
        moves += fast.len();
    }
    assert!(moves > 1_000, "{moves}");
}

#[test]
fn any_piece_move_agrees_with_the_generator_on_random_games() {
    let (mut moves, mut with, mut without) = (Vec::new(), 0, 0);
    for p in random_positions() {
        // Each position for both sides: the other side's army is as often
        // blocked as not.
        let mut other = p;
        other.turn = !other.turn;
        other.ep = None;
        for q in [p, other] {
            moves.clear();
            q.piece_moves(&mut moves);
            assert_eq!(q.any_piece_move(), !moves.is_empty(), "{}", q.fen());
            if moves.is_empty() {
                without += 1;
            } else {
                with += 1;
            }
        }
    }
    // Both answers are exercised (blocked armies are common in the family).
    assert!(with > 500 && without > 20, "{with} with, {without} without");
}

#[test]
fn every_legal_turn_written_short_or_long_resolves_to_itself_on_random_games() {
    use crate::notation::token::{Grammar, parse_move};
    let mut turns = Vec::new();
    let mut resolved = 0;
    for p in random_positions() {
        p.legal_turns(&mut turns);
        // Postal Plus lists thousands of turns: a spread of at most 40.
        let every = turns.len().div_ceil(40).max(1);
        for t in turns.iter().step_by(every) {
            for text in [p.turn_short(t), p.turn_long(t)] {
                let tok = parse_move(&Grammar::squares(), text.as_bytes())
                    .unwrap_or_else(|e| panic!("{text}: {e}"));
                // The resolver's copy, whatever it held before, ends as
                // the position after the turn (the verifier takes it).
                let mut after = p;
                after.turn = !after.turn;
                match p.resolve_into(&tok, &mut after) {
                    Ok(got) => assert_eq!(&got, t, "{text} in {}", p.fen()),
                    Err(r) => panic!("{text} rejected in {}: {r:?}", p.fen()),
                }
                let mut played = p;
                played.play_unchecked(t);
                assert_eq!(after, played, "{text} in {}", p.fen());
                resolved += 1;
            }
        }
    }
    assert!(resolved > 5_000, "{resolved}");
}

/// Where the king of the side to move is attacked (in the position, or
/// after one of its piece moves, before the square actions), the square
/// moves left out of [`SquaresPosition::shielding_shifts`] all leave it
/// attacked, and the rest come in the order of [`SquaresPosition::shifts`].
#[test]
fn shielding_shifts_leave_out_only_square_moves_that_leave_the_king_attacked() {
    let (mut all, mut kept, mut pieces) = (Vec::new(), Vec::new(), Vec::new());
    let (mut attacked, mut left_out, mut shields) = (0, 0, 0);
    for p in random_positions() {
        let mut bases = vec![p];
        p.piece_moves(&mut pieces);
        for m in &pieces {
            let mut base = p;
            base.apply(&Action::Piece(*m));
            bases.push(base);
        }
        for base in bases {
            all.clear();
            kept.clear();
            base.shifts(&mut all);
            base.shielding_shifts(&mut kept);
            if base.king_safe(base.turn) {
                assert_eq!(all, kept, "{}", base.fen());
                continue;
            }
            attacked += 1;
            let mut rest = kept.iter().peekable();
            for a in &all {
                if rest.peek() == Some(&a) {
                    rest.next();
                    continue;
                }
                let mut after = base;
                after.apply(a);
                assert!(!after.king_safe(base.turn), "{a:?} in {}", base.fen());
                left_out += 1;
            }
            assert!(rest.next().is_none(), "not a subsequence: {}", base.fen());
            shields += kept
                .iter()
                .filter(|&a| {
                    let mut after = base;
                    after.apply(a);
                    after.king_safe(base.turn)
                })
                .count();
        }
    }
    assert!(
        attacked > 200 && left_out > 1_000 && shields > 10,
        "{attacked} {left_out} {shields}"
    );
}

#[test]
fn no_piece_move_by_masks_only_where_the_generator_finds_none() {
    let (mut moves, mut shown, mut missed) = (Vec::new(), 0, 0);
    let mut check = |q: &SquaresPosition| {
        moves.clear();
        q.piece_moves(&mut moves);
        if q.no_piece_move_by_masks() {
            assert!(moves.is_empty(), "{}: {moves:?}", q.fen());
            shown += 1;
        } else if moves.is_empty() {
            missed += 1;
        }
    };
    for p in random_positions() {
        let mut other = p;
        other.turn = !other.turn;
        other.ep = None;
        check(&p);
        check(&other);
    }
    // Positions where one kind of piece alone can move: a knight's leap, a
    // pawn's capture, a king's step, a rook's line, castling (every other
    // location of the back rank a hole or the mover's), en passant.
    for fen in [
        "....k.../......../......../......../......../..1...../......../.N..K... w - - r*/* - 0 1",
        "....k.../......../......../......../......../..p...../.P....../....K... w - - r*/* - 0 1",
        "....k.../......../......../......../......../......../....1.../....K... w - - r*/* - 0 1",
        "....k.../......../......../......../......../......../......../R1..K... w - - r*/* - 0 1",
        "....k.../......../......../......../......../......../PPPPPPPP/R..QK2R w K - r*/* - 0 1",
        "....k.../......../....1.../...Pp.../......../......../......../....K... w - e6 r*/* - 0 1",
    ] {
        let q = at(Variant::InfiniteReserves, fen);
        let mut some = Vec::new();
        q.piece_moves(&mut some);
        assert!(!some.is_empty(), "{fen}: no piece move");
        check(&q);
    }
    // The masks answer most blocked armies (the family's usual first
    // turns), and never a position with a move.
    assert!(
        shown > 20 && shown > 4 * missed,
        "{shown} shown, {missed} missed"
    );
}
