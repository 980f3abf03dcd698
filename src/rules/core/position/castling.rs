//! Castling: FIDE's and Chess960's, with Squirrel's guard zones (S7),
//! and Gast's four forms (G9–G13).

use super::super::game::{CastlingRule, GastCastling};
use super::super::moves::{CastleForm, CastleSide, Move, MoveList};
use super::super::square::{Square, SquareSet};
use super::Position;

impl Position {
    pub(super) fn gen_castling(&self, side: Option<CastleSide>, out: &mut MoveList) {
        let files = match self.rules.castling {
            CastlingRule::None => return,
            CastlingRule::Gast(g) => return self.gen_gast_castling(g, side, out),
            CastlingRule::Standard(files) => files,
        };
        let us = self.turn;
        let Some(king) = self.kings[us] else { return };
        let back = self.rules.back_rank(us);
        if king.rank() != back || self.castling[us].is_empty() {
            return;
        }
        if self.is_attacked(king, !us) {
            return;
        }
        for rook in self.castling[us] {
            let s = if rook.file() > king.file() {
                CastleSide::Short
            } else {
                CastleSide::Long
            };
            if side.is_some_and(|x| x != s) {
                continue;
            }
            let (kf, rf) = match s {
                CastleSide::Short => (files.short_king, files.short_rook),
                CastleSide::Long => (files.long_king, files.long_rook),
            };
            let (Some(king_to), Some(rook_to)) = (Square::new(kf, back), Square::new(rf, back))
            else {
                continue;
            };
            let mut others = self.occupied();
            others.remove(king);
            others.remove(rook);
            let mut ok = true;
            for (a, b) in [(king, king_to), (rook, rook_to)] {
                let (lo, hi) = (a.file().min(b.file()), a.file().max(b.file()));
                for f in lo..=hi {
                    match Square::new(f, back) {
                        Some(sq) if self.rules.geometry.contains(sq) && !others.contains(sq) => {}
                        _ => ok = false,
                    }
                }
            }
            if !ok || !self.castling_clear_of_zones(king, king_to, rook, rook_to) {
                continue;
            }
            // The king may not pass an attacked square; test with the king lifted off.
            let mut board = self.board;
            board[king.index()] = 0;
            let mut occupied = self.occupied();
            occupied.remove(king);
            let (lo, hi) = (
                king.file().min(king_to.file()),
                king.file().max(king_to.file()),
            );
            for f in lo..=hi {
                if let Some(sq) = Square::new(f, back) {
                    if sq != king_to && self.attacked_with(sq, !us, &board, occupied) {
                        ok = false;
                    }
                }
            }
            if ok {
                out.push(Move::Castle {
                    side: s,
                    form: CastleForm::Rook,
                    king,
                    rook,
                    king_to,
                    rook_to,
                });
            }
        }
    }

    /// S7: no castling when king or rook starts in an enemy guard zone, or
    /// when either passes a zone square before its destination (S3, S4).
    pub(super) fn castling_clear_of_zones(
        &self,
        king: Square,
        king_to: Square,
        rook: Square,
        rook_to: Square,
    ) -> bool {
        if self.rules.guard.is_none() {
            return true;
        }
        let zone = self.braking_zone();
        if zone.is_empty() {
            return true;
        }
        if zone.contains(king) || zone.contains(rook) {
            return false;
        }
        [(king, king_to), (rook, rook_to)]
            .into_iter()
            .all(|(a, b)| {
                let dir = (b.file() as i8 - a.file() as i8).signum();
                let mut cur = a;
                while let Some(next) = cur.offset(dir, 0).filter(|&n| n != b && dir != 0) {
                    if zone.contains(next) {
                        return false;
                    }
                    cur = next;
                }
                true
            })
    }

    /// Gast's castlings (seed 001, RULINGS 2.3, G9–G13, G15).
    pub(super) fn gen_gast_castling(
        &self,
        g: GastCastling,
        side: Option<CastleSide>,
        out: &mut MoveList,
    ) {
        let us = self.turn;
        let rights = self.castling[us];
        let Some(king) = self.kings[us] else { return };
        let back = self.rules.back_rank(us);
        let Some(home) = Square::new(g.king, back) else {
            return;
        };
        if !rights.contains(king) || king.rank() != back || self.is_attacked(king, !us) {
            return;
        }
        let occupied = self.occupied();
        for (i, s) in [(0usize, CastleSide::Long), (1, CastleSide::Short)] {
            if side.is_some_and(|x| x != s) {
                continue;
            }
            let dir: i8 = if i == 0 { -1 } else { 1 };
            let at = |n: i8| self.rules.geometry.offset(home, dir * n, 0);
            let (Some(archer), Some(rook)) = (
                Square::new(g.archers[i], back),
                Square::new(g.rooks[i], back),
            ) else {
                continue;
            };
            // The pieces strictly between the king and a square on its rank.
            let between = |to: Square| {
                let mut set = SquareSet::EMPTY;
                let mut cur = king;
                while let Some(next) = cur.offset(dir, 0).filter(|&n| n != to) {
                    if occupied.contains(next) {
                        set.insert(next);
                    }
                    cur = next;
                }
                set
            };
            let mut candidates: [Option<(CastleForm, Square, Square, Square)>; 2] = [None, None];
            if king == home {
                if rights.contains(archer) && between(archer).is_empty() {
                    if let (Some(k2), Some(a1)) = (at(2), at(1)) {
                        candidates[0] = Some((CastleForm::Archer, archer, k2, a1));
                    }
                }
                if rights.contains(rook) {
                    let inside = between(rook);
                    let form = if inside.is_empty() {
                        Some(CastleForm::Rook)
                    } else if rights.contains(archer) && inside == SquareSet::from_iter([archer]) {
                        Some(CastleForm::Both)
                    } else {
                        None
                    };
                    if let (Some(form), Some(k4), Some(r3)) = (form, at(4), at(3)) {
                        candidates[1] = Some((form, rook, k4, r3));
                    }
                }
            } else if Some(king) == at(2) && rights.contains(rook) && between(rook).is_empty() {
                if let (Some(k4), Some(r3)) = (at(4), at(3)) {
                    candidates[1] = Some((CastleForm::ThenRook, rook, k4, r3));
                }
            }
            for (form, partner, king_to, partner_to) in candidates.into_iter().flatten() {
                // G11: no square the king passes or lands on may be attacked.
                let mut board = self.board;
                board[king.index()] = 0;
                let mut occupied = self.occupied();
                occupied.remove(king);
                let mut safe = true;
                let mut cur = king;
                while cur != king_to {
                    match cur.offset(dir, 0) {
                        Some(next) => cur = next,
                        None => {
                            safe = false;
                            break;
                        }
                    }
                    if self.attacked_with(cur, !us, &board, occupied) {
                        safe = false;
                        break;
                    }
                }
                if safe {
                    out.push(Move::Castle {
                        side: s,
                        form,
                        king,
                        rook: partner,
                        king_to,
                        rook_to: partner_to,
                    });
                }
            }
        }
    }
}
