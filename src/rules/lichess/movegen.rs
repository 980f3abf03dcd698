//! Moves of the lichess variants: pseudo-legal generation, each variant's
//! legality rule in one place ([`LichessPosition::is_legal_after`]),
//! playing a move, and how a game ends.

use super::{
    BISHOP, CENTER, KING, KNIGHT, Known, LichessPosition, Move, MoveKind, PAWN, QUEEN, RANK_1,
    RANK_8, ROOK, bit, squares,
};
use crate::rules::Variant;
use crate::rules::core::Color;
use crate::rules::core::bitboard::{self as attacks, Bitboard};
use crate::rules::position::Outcome;

const fn back_rank(c: Color) -> Bitboard {
    match c {
        Color::White => RANK_1,
        Color::Black => RANK_8,
    }
}

impl LichessPosition {
    /// Every legal move, appended to `out` after clearing it.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.variant_end() {
            return;
        }
        self.pseudo_moves(out);
        let legality = self.legality();
        out.retain(|m| self.is_legal_with(&legality, m));
        // Antichess: capturing is compulsory.
        if self.variant == Variant::Antichess && out.iter().any(|m| m.capture) {
            out.retain(|m| m.capture);
        }
    }

    /// Whether the side to move has a legal move: the first one found
    /// answers (Antichess's compulsory capture leaves a move whenever there
    /// is one).
    pub fn has_legal_move(&self) -> bool {
        !self.variant_end() && self.has_legal_move_before_end()
    }

    /// [`has_legal_move`](Self::has_legal_move) where the variant's goal is
    /// known not to be reached.
    pub(super) fn has_legal_move_before_end(&self) -> bool {
        // The pieces' moves one at a time, stopping at the first legal one
        // (mostly among the first few), then pawns, castling and drops.
        let legality = self.legality();
        if self.has_free_piece_move(&legality)
            || self.piece_moves(|m| self.is_legal_with(&legality, &m))
        {
            return true;
        }
        let mut v = Vec::with_capacity(64);
        self.pawn_moves(&mut v);
        self.castling_moves(&mut v);
        if v.iter().any(|m| self.is_legal_with(&legality, m)) {
            return true;
        }
        v.clear();
        self.drop_moves(&mut v);
        v.iter().any(|m| self.is_legal_with(&legality, m))
    }

    /// The variant's rule on a pseudo-legal move `m`, given the position
    /// `after` it (the one place where the variants differ on legality;
    /// Antichess's compulsory capture is a rule over all moves and is
    /// applied in [`legal_moves`](Self::legal_moves)).
    pub(super) fn is_legal_after(&self, _m: &Move, after: &LichessPosition) -> bool {
        let us = self.turn;
        match self.variant {
            Variant::Antichess => true,
            Variant::Atomic => {
                if after.pieces(us, KING) == 0 {
                    return false; // own king exploded
                }
                after.pieces(!us, KING) == 0 || !after.king_attacked(us)
            }
            Variant::RacingKings => !after.king_attacked(us) && !after.king_attacked(!us),
            _ => !after.king_attacked(us),
        }
    }

    /// Why a pseudo-legal move is not legal, in the variant's words (for
    /// rejections; `None` when it is legal).
    pub(super) fn illegal_reason(&self, m: &Move) -> Option<String> {
        let mut after = *self;
        after.play_unchecked(m);
        let us = self.turn;
        if !self.is_legal_after(m, &after) {
            return Some(match self.variant {
                Variant::Atomic if m.capture && m.role as usize == KING => {
                    "kings cannot capture in Atomic (the king would explode)".into()
                }
                Variant::Atomic if after.pieces(us, KING) == 0 => {
                    "the explosion would destroy your own king in Atomic".into()
                }
                Variant::RacingKings if after.king_attacked(!us) => {
                    "giving check is not allowed in Racing Kings".into()
                }
                v => format!("your king would be in check, illegal in {v} as in chess"),
            });
        }
        if self.variant == Variant::Antichess && !m.capture {
            let mut all = Vec::new();
            self.legal_moves(&mut all);
            if let Some(c) = all.iter().find(|c| c.capture) {
                return Some(format!(
                    "captures are compulsory in Antichess: {} must be played or another capture",
                    self.san(c)
                ));
            }
        }
        None
    }

    /// Moves that follow each piece's way of moving, before the variant's
    /// legality rule.
    pub(super) fn pseudo_moves(&self, out: &mut Vec<Move>) {
        self.board_moves(out);
        self.drop_moves(out);
    }

    /// [`pseudo_moves`](Self::pseudo_moves) of the pieces on the board.
    pub(super) fn board_moves(&self, out: &mut Vec<Move>) {
        self.piece_moves(|m| {
            out.push(m);
            false
        });
        self.pawn_moves(out);
        self.castling_moves(out);
    }

    /// Hands each move of the pieces but pawns (castling aside) to `f`
    /// until it answers true; returns whether it did.
    fn piece_moves(&self, mut f: impl FnMut(Move) -> bool) -> bool {
        let us = self.turn;
        let occ = self.occupied();
        let own = self.by_color[us.index()];
        let them = self.by_color[(!us).index()];
        for role in KNIGHT..=KING {
            for from in squares(self.pieces(us, role)) {
                for to in squares(Self::attacks_from(role, us, from, occ) & !own) {
                    if f(normal(role, from, to, them & bit(to) != 0, None)) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// [`pseudo_moves`](Self::pseudo_moves) from the pocket (Crazyhouse).
    pub(super) fn drop_moves(&self, out: &mut Vec<Move>) {
        let us = self.turn;
        let occ = self.occupied();
        if self.variant == Variant::Crazyhouse {
            for role in PAWN..KING {
                if self.pockets[us.index()][role] == 0 {
                    continue;
                }
                let mut targets = !occ;
                if role == PAWN {
                    targets &= !(RANK_1 | RANK_8);
                }
                for to in squares(targets) {
                    out.push(Move {
                        kind: MoveKind::Drop,
                        role: role as u8,
                        from: to as u8,
                        to: to as u8,
                        promotion: None,
                        capture: false,
                    });
                }
            }
        }
    }

    fn pawn_moves(&self, out: &mut Vec<Move>) {
        self.pawn_moves_from(self.pieces(self.turn, PAWN), out);
    }

    /// The pawn moves that land on `to`, appended to `out`: the ones
    /// [`pawn_moves_from`](Self::pawn_moves_from) lists, in its order,
    /// made for the one square (the verifier resolves every pawn move
    /// this way).
    pub(super) fn pawn_moves_to(&self, to: usize, out: &mut Vec<Move>) {
        let us = self.turn;
        let target = bit(to);
        let occ = self.occupied();
        let pawns = self.pieces(us, PAWN);
        if occ & target == 0 {
            // A step or a double step onto an empty square (from rank 1
            // too in Horde); no pawn can also take en passant there (the
            // pawn that passed stands before it).
            let (one, two, double_ranks) = match us {
                Color::White => (target >> 8, target >> 16, 0x0000_0000_FFFF_0000u64),
                Color::Black => (target << 8, target << 16, 0x0000_FFFF_0000_0000u64),
            };
            if pawns & one != 0 {
                self.push_pawn_move(out, one.trailing_zeros() as usize, to, false);
            } else if pawns & two != 0 && occ & one == 0 && target & double_ranks != 0 {
                out.push(normal(PAWN, two.trailing_zeros() as usize, to, false, None));
            }
        }
        let them = self.by_color[(!us).index()];
        let takers = pawns & attacks::PAWN[(!us).index()][to];
        if takers == 0 {
            return;
        }
        if them & target != 0 {
            for from in squares(takers) {
                self.push_pawn_move(out, from, to, true);
            }
        } else if self.ep == Some(to as u8) && occ & target == 0 {
            let victim = match us {
                Color::White => to.wrapping_sub(8),
                Color::Black => to + 8,
            };
            if victim < 64 && self.pieces(!us, PAWN) & bit(victim) != 0 {
                // `pawn_moves_from`'s pawns: none on the last rank.
                let start = !back_rank(!us);
                for from in squares(takers & start) {
                    out.push(Move {
                        kind: MoveKind::EnPassant,
                        role: PAWN as u8,
                        from: from as u8,
                        to: to as u8,
                        promotion: None,
                        capture: true,
                    });
                }
            }
        }
    }

    /// A pawn's move from `from` to `to`: one move, or one per piece it
    /// may promote to on the last rank.
    #[inline]
    fn push_pawn_move(&self, out: &mut Vec<Move>, from: usize, to: usize, capture: bool) {
        if bit(to) & back_rank(!self.turn) != 0 {
            let promos: &[usize] = if self.variant == Variant::Antichess {
                &[QUEEN, ROOK, BISHOP, KNIGHT, KING]
            } else {
                &[QUEEN, ROOK, BISHOP, KNIGHT]
            };
            for &p in promos {
                out.push(normal(PAWN, from, to, capture, Some(p)));
            }
        } else {
            out.push(normal(PAWN, from, to, capture, None));
        }
    }

    /// Whether the side to move has a pseudo-legal capture (Antichess's
    /// compulsory capture, where every such capture is legal): the captures
    /// [`board_moves`](Self::board_moves) would list, from the attack sets.
    pub(super) fn has_capture(&self) -> bool {
        let us = self.turn;
        let occ = self.occupied();
        let them = self.by_color[(!us).index()];
        // The pawns' captures all at once (the attack tables' squares,
        // shifted: no pawn attacks off the board's edge files).
        const FILE_A: Bitboard = 0x0101_0101_0101_0101;
        const FILE_H: Bitboard = FILE_A << 7;
        let pawns = self.pieces(us, PAWN);
        let (west, east) = (pawns & !FILE_A, pawns & !FILE_H);
        let pawn_attacks = match us {
            Color::White => (west << 7) | (east << 9),
            Color::Black => (west >> 9) | (east >> 7),
        };
        if pawn_attacks & them != 0 {
            return true;
        }
        // Each kind of piece by its own table, the sliders' rays walked
        // only when an enemy piece stands on one.
        let own = |role: usize| self.pieces(us, role);
        let leaps = squares(own(KNIGHT)).any(|s| attacks::KNIGHT[s] & them != 0)
            || squares(own(KING)).any(|s| attacks::KING[s] & them != 0);
        let diag = own(BISHOP) | own(QUEEN);
        let orth = own(ROOK) | own(QUEEN);
        if leaps
            || squares(diag).any(|s| {
                attacks::BISHOP_EMPTY[s] & them != 0 && attacks::bishop(s, occ) & them != 0
            })
            || squares(orth)
                .any(|s| attacks::ROOK_EMPTY[s] & them != 0 && attacks::rook(s, occ) & them != 0)
        {
            return true;
        }
        // En passant, as `pawn_moves_from` finds it.
        let Some(e) = self.ep.map(usize::from) else {
            return false;
        };
        let start = match us {
            Color::White => !RANK_8,
            Color::Black => !RANK_1,
        };
        let pawns = self.pieces(us, PAWN) & start & attacks::PAWN[(!us).index()][e & 63];
        let mut v = Vec::new();
        pawns != 0 && {
            self.pawn_moves_from(pawns, &mut v);
            v.iter().any(|m| m.kind == MoveKind::EnPassant)
        }
    }

    fn pawn_moves_from(&self, pawns: Bitboard, out: &mut Vec<Move>) {
        let us = self.turn;
        let occ = self.occupied();
        let them = self.by_color[(!us).index()];
        let last = back_rank(!us);
        let mut promos: &[usize] = &[QUEEN, ROOK, BISHOP, KNIGHT];
        if self.variant == Variant::Antichess {
            promos = &[QUEEN, ROOK, BISHOP, KNIGHT, KING];
        }
        let push = |out: &mut Vec<Move>, from: usize, to: usize, capture: bool| {
            if bit(to) & last != 0 {
                for &p in promos {
                    out.push(normal(PAWN, from, to, capture, Some(p)));
                }
            } else {
                out.push(normal(PAWN, from, to, capture, None));
            }
        };
        for from in squares(pawns) {
            let (one, double_ranks) = match us {
                Color::White if from < 56 => (from + 8, 0x0000_0000_FFFF_0000u64),
                Color::Black if from >= 8 => (from - 8, 0x0000_FFFF_0000_0000u64),
                _ => continue,
            };
            if occ & bit(one) == 0 {
                push(out, from, one, false);
                let two = if us == Color::White {
                    one + 8
                } else {
                    one.wrapping_sub(8)
                };
                if two < 64 && bit(two) & double_ranks & !occ != 0 {
                    out.push(normal(PAWN, from, two, false, None));
                }
            }
            for to in squares(attacks::PAWN[us.index()][from] & them) {
                push(out, from, to, true);
            }
            if let Some(e) = self.ep.map(usize::from) {
                let victim = if us == Color::White {
                    e.wrapping_sub(8)
                } else {
                    e + 8
                };
                if attacks::PAWN[us.index()][from] & bit(e) & !occ != 0
                    && victim < 64
                    && self.pieces(!us, PAWN) & bit(victim) != 0
                {
                    out.push(Move {
                        kind: MoveKind::EnPassant,
                        role: PAWN as u8,
                        from: from as u8,
                        to: e as u8,
                        promotion: None,
                        capture: true,
                    });
                }
            }
        }
    }

    pub(super) fn castling_moves(&self, out: &mut Vec<Move>) {
        let us = self.turn;
        let back = back_rank(us);
        let king = self.pieces(us, KING) & !self.promoted & back;
        if king == 0 {
            return;
        }
        let k = king.trailing_zeros() as usize;
        let occ = self.occupied();
        for rook in squares(self.clean_castling() & back) {
            let a_side = rook < k;
            let rank = k & !7;
            let (king_to, rook_to) = if a_side {
                (rank + 2, rank + 3)
            } else {
                (rank + 6, rank + 5)
            };
            let king_path = attacks::between(k, king_to);
            let rook_path = attacks::between(rook, rook_to);
            let others = occ ^ bit(k) ^ bit(rook);
            if others & (king_path | rook_path | bit(king_to) | bit(rook_to)) != 0 {
                continue;
            }
            if self.attacked_for_king(king_path | bit(k), occ ^ bit(k))
                || self.attacked_for_king(bit(king_to), occ ^ bit(k) ^ bit(rook) ^ bit(rook_to))
            {
                continue;
            }
            out.push(Move {
                kind: MoveKind::Castle,
                role: KING as u8,
                from: k as u8,
                to: rook as u8,
                promotion: None,
                capture: false,
            });
        }
    }

    /// Whether the enemy attacks a square of `path` the king crosses when
    /// castling (Antichess: never; Atomic: not next to the enemy king).
    fn attacked_for_king(&self, mut path: Bitboard, occ: Bitboard) -> bool {
        let them = !self.turn;
        match self.variant {
            Variant::Antichess => return false,
            Variant::Atomic => {
                for k in squares(self.pieces(them, KING)) {
                    path &= !attacks::KING[k];
                }
            }
            _ => {}
        }
        squares(path).any(|s| self.attackers(s, them, occ) != 0)
    }

    /// Plays a pseudo-legal move (as python-chess's `Board.push`).
    pub fn play_unchecked(&mut self, m: &Move) {
        self.play_board(m);
        if self.variant == Variant::ThreeCheck {
            self.count_check(self.is_check());
        }
    }

    /// Three-check: counts the check the move just played gives, if it
    /// gives one (`gives`: whether the side to move is now in check).
    #[inline]
    pub(super) fn count_check(&mut self, gives: bool) {
        if gives {
            let left = &mut self.checks_left[(!self.turn).index()];
            *left = left.saturating_sub(1);
        }
    }

    /// [`play_unchecked`](Self::play_unchecked) but for Three-check's
    /// counter, which [`count_check`](Self::count_check) keeps (the
    /// verifier's path knows whether the move checks: it asks once).
    #[inline]
    pub(super) fn play_board(&mut self, m: &Move) {
        let us = self.turn;
        self.known = Known::default();
        let (from, to) = (usize::from(m.from), usize::from(m.to));
        // Most of a game is played without castling rights left.
        if self.castling != 0 {
            self.castling = self.clean_castling();
        }
        self.ep = None;
        self.halfmoves += 1;
        if us == Color::Black {
            self.fullmoves += 1;
        }
        match m.kind {
            MoveKind::Drop => {
                let role = usize::from(m.role);
                self.put(to, us, role);
                let held = &mut self.pockets[us.index()][role.min(QUEEN)];
                *held = held.saturating_sub(1);
            }
            MoveKind::Castle => {
                let king_to = m.king_to();
                let rook_to = if king_to & 7 == 2 {
                    king_to + 1
                } else {
                    king_to - 1
                };
                self.remove(from);
                self.remove(to);
                self.put(king_to, us, KING);
                self.put(rook_to, us, ROOK);
                self.castling &= !back_rank(us);
            }
            MoveKind::Normal | MoveKind::EnPassant => self.play_piece(m, from, to),
        }
        self.turn = !us;
    }

    fn play_piece(&mut self, m: &Move, from: usize, to: usize) {
        let us = self.turn;
        let role = usize::from(m.role);
        if role == PAWN || m.capture {
            self.halfmoves = 0;
        }
        let was_promoted = self.promoted & bit(from) != 0;
        // The mover's colour and role are known: no search for them.
        self.by_color[us.index()] &= !bit(from);
        self.by_role[role] &= !bit(from);
        self.promoted &= !bit(from);
        self.castling &= !(bit(from) | bit(to));
        if role == KING && !was_promoted {
            self.castling &= !back_rank(us);
        }
        let mut captured = None;
        if m.kind == MoveKind::EnPassant {
            let victim = if us == Color::White { to - 8 } else { to + 8 };
            captured = self.remove(victim).map(|(_, r)| (r, false));
        } else if m.capture {
            let promoted_victim = self.promoted & bit(to) != 0;
            captured = self.remove(to).map(|(_, r)| (r, promoted_victim));
        }
        if role == PAWN {
            if to == from + 16 && from / 8 == 1 {
                self.ep = Some((from + 8) as u8);
            } else if from >= 16 && to == from - 16 && from / 8 == 6 {
                self.ep = Some((from - 8) as u8);
            }
        }
        let placed = m.promotion.map_or(role, usize::from);
        self.put(to, us, placed);
        if was_promoted || m.promotion.is_some() {
            self.promoted |= bit(to);
        }
        let Some((victim, victim_promoted)) = captured else {
            return;
        };
        match self.variant {
            Variant::Crazyhouse => {
                let back = if victim_promoted {
                    PAWN
                } else {
                    victim.min(QUEEN)
                };
                let held = &mut self.pockets[us.index()][back];
                *held = held.saturating_add(1);
            }
            Variant::Atomic => self.explode(to),
            _ => {}
        }
    }

    /// Atomic: a capture explodes the capturer and every piece but pawns
    /// on the eight squares around `at`.
    fn explode(&mut self, at: usize) {
        let radius = attacks::KING[at] & !self.by_role[PAWN];
        self.castling &= !radius;
        for c in Color::ALL {
            if radius & self.pieces(c, KING) & !self.promoted != 0 {
                self.castling &= !back_rank(c);
            }
        }
        self.remove(at);
        for s in squares(radius) {
            self.remove(s);
        }
    }

    /// Whether the game is over by the variant's own goal (python-chess's
    /// `is_variant_end`): no move is legal after it.
    /// (asked before every move: the same answer as the outcome by the
    /// variant's goal, without making one).
    pub fn variant_end(&self) -> bool {
        let kings = |c: Color| self.pieces(c, KING) != 0;
        let has = |c: Color| self.by_color[c.index()] != 0;
        match self.variant {
            Variant::Atomic => kings(Color::White) != kings(Color::Black),
            Variant::Antichess | Variant::Horde => !has(Color::White) || !has(Color::Black),
            Variant::KingOfTheHill => self.by_role[KING] & CENTER != 0,
            Variant::ThreeCheck => self.checks_left.contains(&0),
            Variant::RacingKings => self.race_outcome().is_some(),
            _ => false,
        }
    }

    /// The end by the variant's own goal, if reached.
    pub(super) fn variant_outcome(&self) -> Option<Outcome> {
        let win = |c: Color, reason| {
            Some(Outcome {
                winner: Some(c),
                reason,
            })
        };
        let kings = |c: Color| self.pieces(c, KING);
        let has = |c: Color| self.by_color[c.index()] != 0;
        match self.variant {
            Variant::Atomic => match (kings(Color::White) != 0, kings(Color::Black) != 0) {
                (true, false) => win(Color::White, "king exploded"),
                (false, true) => win(Color::Black, "king exploded"),
                _ => None,
            },
            Variant::Antichess => {
                for c in [self.turn, !self.turn] {
                    if !has(c) {
                        return win(c, "no pieces left");
                    }
                }
                None
            }
            Variant::KingOfTheHill => {
                for c in Color::ALL {
                    if kings(c) & CENTER != 0 {
                        return win(c, "king on the hill");
                    }
                }
                None
            }
            Variant::ThreeCheck => match (self.checks_left[0] == 0, self.checks_left[1] == 0) {
                (true, false) => win(Color::White, "third check"),
                (false, true) => win(Color::Black, "third check"),
                (true, true) => Some(Outcome {
                    winner: None,
                    reason: "third check",
                }),
                _ => None,
            },
            Variant::Horde => match (has(Color::White), has(Color::Black)) {
                (true, false) => win(Color::White, "no pieces left"),
                (false, true) => win(Color::Black, "no pieces left"),
                (false, false) => Some(Outcome {
                    winner: None,
                    reason: "no pieces left",
                }),
                _ => None,
            },
            Variant::RacingKings => self.race_outcome(),
            _ => None,
        }
    }

    /// Racing Kings: the first king on the eighth rank wins; when White
    /// gets there first, Black has one move to draw by arriving too.
    fn race_outcome(&self) -> Option<Outcome> {
        let goal = |c: Color| self.pieces(c, KING) & RANK_8 != 0;
        let (white, black) = (goal(Color::White), goal(Color::Black));
        let black_kings = self.pieces(Color::Black, KING);
        if !white && !black {
            return None;
        }
        if self.turn == Color::Black && white && !black && black_kings != 0 {
            // Black may still reach a safe square of the eighth rank.
            let k = 63 - black_kings.leading_zeros() as usize;
            let targets = attacks::KING[k] & RANK_8 & !self.by_color[1];
            let occ = self.occupied();
            if squares(targets).any(|t| self.attackers(t, Color::White, occ) == 0) {
                return None;
            }
        }
        Some(match (white, black) {
            (true, true) => Outcome {
                winner: None,
                reason: "both kings reached the eighth rank",
            },
            (true, false) => Outcome {
                winner: Some(Color::White),
                reason: "king reached the eighth rank",
            },
            _ => Outcome {
                winner: Some(Color::Black),
                reason: "king reached the eighth rank",
            },
        })
    }

    /// How the game has ended by the rules, if it has: the variant's goal,
    /// then checkmate and stalemate (Antichess: a player without a move
    /// wins), then insufficient material as the variant defines it and the
    /// seventy-five-move rule (not in Crazyhouse), as python-chess ends a
    /// game.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.variant_outcome() {
            return Some(o);
        }
        if self.has_legal_move_before_end() {
            // python-chess's order: stalemate, then these.
            if self.is_insufficient_material() {
                return Some(Outcome {
                    winner: None,
                    reason: "insufficient material",
                });
            }
            if self.halfmoves >= 150 && self.has_move_clock_rules() {
                return Some(Outcome {
                    winner: None,
                    reason: "75-move rule",
                });
            }
            return None;
        }
        Some(if self.variant == Variant::Antichess {
            Outcome {
                winner: Some(self.turn),
                reason: "no legal moves",
            }
        } else if self.is_check() {
            Outcome {
                winner: Some(!self.turn),
                reason: "checkmate",
            }
        } else {
            Outcome {
                winner: None,
                reason: "stalemate",
            }
        })
    }

    /// Whether the game is won, by the variant's goal or by the side to
    /// move having no move (mate; in Antichess a win): whether
    /// [`outcome`](Self::outcome) names a winner, without looking for a
    /// legal move where none can decide it.
    pub fn is_won(&self) -> bool {
        match self.variant_outcome() {
            Some(o) => o.winner.is_some(),
            None => {
                (self.variant == Variant::Antichess || self.is_check())
                    && !self.has_legal_move_before_end()
            }
        }
    }

    /// Perft by this family's generator.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = Vec::with_capacity(64);
        self.legal_moves(&mut moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|m| {
                let mut next = *self;
                next.play_unchecked(m);
                next.perft(depth - 1)
            })
            .sum()
    }
}

fn normal(role: usize, from: usize, to: usize, capture: bool, promotion: Option<usize>) -> Move {
    Move {
        kind: MoveKind::Normal,
        role: role as u8,
        from: from as u8,
        to: to as u8,
        promotion: promotion.map(|p| p as u8),
        capture,
    }
}
