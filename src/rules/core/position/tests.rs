//! Differential tests of the core's fast paths against the plain reading of
//! the rules: the table path to a target against the forward generator,
//! the pin shortcut and the board-only trial against playing every move on a
//! copy of the position, the tracked guard squares
//! against a scan of the board.

use super::super::color::Color;
use super::super::game::GameRules;
use super::super::moves::{Move, MoveList};
use super::super::piece::{Piece, Role};
use super::super::square::{Square, SquareSet};
use super::Position;
use crate::rules::fide::{chess, chess960};
use crate::rules::gast::{gast, gast14};
use crate::rules::playout::SplitMix64;
use crate::rules::squirrel::squirrel;

impl Position {
    /// The legal moves with no shortcut: every pseudo-legal move tried on a
    /// copy of the board, then the castlings.
    fn legal_moves_by_trial(&self, out: &mut MoveList) {
        out.clear();
        self.pseudo_moves(None, None, out);
        out.retain(|m| self.is_safe_by_play(m));
        self.castling_moves(None, out);
    }
}

impl Position {
    /// Whether `by` attacks `sq`, by walking every ray from `sq` a cell at
    /// a time (the guard zones' rules read as S6 states them): the
    /// reference for the walk tables, the leap table and `check_blocks`.
    fn attacked_step_by_step(&self, sq: Square, by: Color) -> bool {
        let geo = &self.rules.geometry;
        let zone = self.zone_of(!by);
        let guard = self.rules.guard.filter(|_| !zone.is_empty());
        let target_is_guard = self
            .piece_at(sq)
            .is_some_and(|p| p.color != by && guard.is_some_and(|g| g.guards.contains(p.role)));
        for ray in &self.rules.rays[by] {
            let mut cur = sq;
            let mut passed_zone = false;
            for k in 1..=ray.reach {
                let Some(next) = geo.offset(cur, -ray.df, -ray.dr) else {
                    break;
                };
                cur = next;
                let Some(p) = Piece::from_code(self.board[cur.index()]) else {
                    passed_zone |= zone.contains(cur);
                    continue;
                };
                let reaches = p.color == by
                    && ((k == 1 && ray.leapers.contains(p.role))
                        || ray.riders.contains(p.role)
                        || ray
                            .limited
                            .iter()
                            .any(|&(set, n)| k <= n && set.contains(p.role)));
                let allowed = match guard {
                    None => true,
                    Some(g) if g.immune.contains(p.role) => true,
                    Some(g) if g.leapers.contains(p.role) => {
                        !zone.contains(cur) && !target_is_guard
                    }
                    Some(_) if zone.contains(cur) => k == 1,
                    Some(_) => !passed_zone,
                };
                if reaches && allowed {
                    return true;
                }
                break;
            }
        }
        false
    }

    /// The cells where a piece of the mover (not royal, not a guard) answers
    /// the check by landing there, found by putting one on every cell but
    /// the mover's own: the reference for `check_blocks`.
    fn check_blocks_by_trial(&self, king: Square) -> SquareSet {
        let them = !self.turn;
        let mut blocks = SquareSet::EMPTY;
        for sq in self.rules.geometry.cells() {
            if sq == king {
                continue;
            }
            if self.piece_at(sq).is_some_and(|x| x.color == self.turn) {
                continue;
            }
            // A non-royal, non-guard piece of the mover lands there.
            let Some(role) = (0..self.rules.pieces.len() as u8)
                .filter_map(Role::new)
                .find(|&r| self.rules.unpinnable(r))
            else {
                continue;
            };
            let mut p = *self;
            p.put(
                sq,
                Piece {
                    color: self.turn,
                    role,
                },
            );
            if !p.is_attacked(king, them) {
                blocks.insert(sq);
            }
        }
        blocks
    }
}

/// Asserts that every cell's attack test and, in check, the check's lines
/// agree with the step-by-step readings; returns whether it was in check.
fn compare_attacks(pos: &Position) -> bool {
    for sq in pos.rules.geometry.cells() {
        for c in Color::ALL {
            assert_eq!(
                pos.is_attacked(sq, c),
                pos.attacked_step_by_step(sq, c),
                "{} {sq:?} by {c:?}",
                pos.fen()
            );
        }
    }
    let Some(king) = pos.kings[pos.turn].filter(|_| pos.checked) else {
        return false;
    };
    let fast = pos
        .check_blocks(king)
        .expect("in check, an attacker is found");
    let slow = pos.check_blocks_by_trial(king);
    assert_eq!(fast, slow, "{}", pos.fen());
    true
}

/// Asserts that the table path to a target finds what the forward
/// generator finds, for every role and every cell of `pos`; returns how
/// many it compared.
fn compare_by_table(pos: &Position) -> usize {
    let rules = pos.rules;
    let mut compared = 0;
    let (mut back, mut forward) = (MoveList::new(), MoveList::new());
    for role in (0..rules.pieces.len() as u8).filter_map(Role::new) {
        for to in rules.geometry.cells() {
            back.clear();
            forward.clear();
            pos.pseudo_moves_to_by_table(role, to, &mut back);
            pos.pseudo_moves(Some(role), Some(to), &mut forward);
            assert_eq!(back, forward, "{} role {role:?} to {to:?}", pos.fen());
            compared += 1;
        }
    }
    compared
}

/// Every (role, target) of every position in the perft data of the core's
/// games, and every position reached one ply later: the table path finds
/// exactly what the forward generator finds, in the same order (guard zones
/// and Gast pawns' reach included).
#[test]
fn table_path_finds_what_the_forward_generator_finds() {
    let files: [(&'static GameRules, &str); 6] = [
        (
            chess(),
            include_str!("../../../../tests/data/perft/fide.perft"),
        ),
        (
            chess(),
            include_str!("../../../../tests/data/perft/fide-random.perft"),
        ),
        (
            chess960(),
            include_str!("../../../../tests/data/perft/chess960.perft"),
        ),
        (
            gast(),
            include_str!("../../../../tests/data/perft/gast.perft"),
        ),
        (
            gast14(),
            include_str!("../../../../tests/data/perft/gast14.perft"),
        ),
        (
            squirrel(),
            include_str!("../../../../tests/data/perft/squirrel.perft"),
        ),
    ];
    let mut compared = 0;
    let mut moves = MoveList::new();
    for (rules, text) in files {
        let mut here = 0;
        for fen in text.lines().filter_map(|l| l.trim().strip_prefix("epd ")) {
            let start = Position::from_fen(rules, fen).expect("perft data is valid");
            start.legal_moves(&mut moves);
            here += compare_by_table(&start);
            for m in moves.iter().take(8) {
                let mut p = start;
                p.play_unchecked(m);
                here += compare_by_table(&p);
            }
        }
        assert!(here > 10_000, "{}: {here}", rules.name);
        compared += here;
    }
    assert!(compared > 500_000, "{compared}");
}

/// Seeded random games of Squirrel, Gast and Gast 14x12 (and chess on the
/// core): at every position the fast legal-move list (pin shortcut, guard
/// zones from the tracked guard squares) equals the list found by trying
/// every move, in the same order; the table path agrees with the forward
/// generator; the tracked zones and count of pieces that are not royal
/// equal a scan of the board; and the check
/// flag worked out when the move was played equals a fresh attack test.
#[test]
fn fast_paths_agree_with_the_reference_on_random_games() {
    let games: [(&'static GameRules, u64); 4] =
        [(squirrel(), 12), (gast(), 8), (gast14(), 4), (chess(), 4)];
    let (mut fast, mut slow) = (MoveList::new(), MoveList::new());
    let mut guarded = 0;
    let mut checks = 0;
    let mut en_passant = 0;
    for (rules, count) in games {
        let mut positions = 0;
        for seed in 0..count {
            let mut rng = SplitMix64::new(seed);
            let mut pos = Position::start(rules);
            for _ in 0..160 {
                for c in Color::ALL {
                    assert_eq!(pos.zone_of(c), pos.zone_by_scan(c), "{}", pos.fen());
                }
                assert_eq!(pos.non_royal, pos.non_royal_by_scan(), "{}", pos.fen());
                guarded += usize::from(!pos.braking_zone().is_empty());
                let fresh = pos.kings[pos.turn].is_some_and(|k| pos.is_attacked(k, !pos.turn));
                assert_eq!(pos.is_check(), fresh, "{}", pos.fen());
                pos.legal_moves(&mut fast);
                pos.legal_moves_by_trial(&mut slow);
                assert_eq!(fast, slow, "{}", pos.fen());
                assert_eq!(pos.has_legal_move(), !slow.is_empty(), "{}", pos.fen());
                // The mate test passes over pieces by their move offsets
                // (a superset of where they go), the repetition key's en
                // passant test over pawns not next to the passed cell.
                for m in &slow {
                    if let Move::Normal { role, from, to, .. } = *m {
                        let reach = &rules.move_offsets[pos.turn][role.index()];
                        assert!(reach.reaches(from, to), "{} {m:?}", pos.fen());
                    }
                }
                let ep = slow.iter().any(|m| matches!(m, Move::EnPassant { .. }));
                assert_eq!(pos.has_legal_ep(), ep, "{}", pos.fen());
                en_passant += usize::from(ep);
                if positions % 4 == 0 {
                    compare_by_table(&pos);
                }
                if positions % 4 == 0 || pos.checked {
                    checks += usize::from(compare_attacks(&pos));
                }
                positions += 1;
                if slow.is_empty() {
                    break;
                }
                let m = slow[rng.below(slow.len())];
                pos.play_unchecked(&m);
            }
        }
        assert!(
            positions > 100 * count as usize,
            "{}: {positions}",
            rules.name
        );
    }
    // The Squirrel games reach positions under guard zones, and the games
    // positions in check.
    assert!(guarded > 500, "{guarded}");
    assert!(checks > 50, "{checks}");
    assert!(en_passant > 5, "{en_passant}");
}
