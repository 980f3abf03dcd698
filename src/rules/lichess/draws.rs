//! Draws of the lichess variants beside their goals: insufficient material
//! as each variant defines it, and what the repetition and fifty-move
//! rules compare (issue 15). python-chess's `chess.variant` is the
//! reference, as for the rest of the family; docs/rules.md lists where
//! each rule is tested.

use super::{BISHOP, Bitboard, KING, KNIGHT, LichessPosition, PAWN, QUEEN, ROOK};
use crate::rules::Variant;
use crate::rules::core::Color;
use crate::rules::core::position::mix;

const DARK: Bitboard = 0xAA55_AA55_AA55_AA55;
const LIGHT: Bitboard = !DARK;

/// The repetition key's masks, one per word (any fixed random words:
/// these are SplitMix64's first twelve outputs from seed 0).
const PLACE: [u64; 12] = [
    0xE220_A839_7B1D_CDAF,
    0x6E78_9E6A_A1B9_65F4,
    0x06C4_5D18_8009_454F,
    0xF88B_B8A8_724C_81EC,
    0x1B39_896A_51A8_749B,
    0x53CB_9F0C_747E_A2EA,
    0x2C82_9ABE_1F45_32E1,
    0xC584_133A_C916_AB3C,
    0x3EE5_7890_41C9_8AC3,
    0xF3B8_488C_368C_B0A6,
    0x657E_ECDD_3CB1_3D09,
    0xC2D3_26E0_055B_DEF6,
];

fn count(b: Bitboard) -> u32 {
    b.count_ones()
}

impl LichessPosition {
    /// Whether neither side can ever win by the variant's rules.
    pub fn is_insufficient_material(&self) -> bool {
        // Asked after every move: each variant's answer without asking
        // twice where the sides' answers are one (Crazyhouse) or one is
        // always no (Horde's side with the king, the hill, the race).
        match self.variant {
            Variant::KingOfTheHill | Variant::RacingKings | Variant::Horde => false,
            Variant::Crazyhouse => self.crazyhouse_insufficient(),
            _ => {
                self.has_insufficient_material(Color::White)
                    && self.has_insufficient_material(Color::Black)
            }
        }
    }

    /// Whether `color` can never win, by the variant's rules.
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        match self.variant {
            Variant::Antichess => self.antichess_insufficient(color),
            Variant::Atomic => self.atomic_insufficient(color),
            // The king can always walk to the hill, or race.
            Variant::KingOfTheHill | Variant::RacingKings => false,
            Variant::Horde => self.horde_insufficient(color),
            // Any piece but the king can give check.
            Variant::ThreeCheck => self.by_color[color.index()] & !self.by_role[KING] == 0,
            Variant::Crazyhouse => self.crazyhouse_insufficient(),
            _ => false,
        }
    }

    fn role(&self, role: usize) -> Bitboard {
        self.by_role[role]
    }

    fn antichess_insufficient(&self, color: Color) -> bool {
        let us = self.by_color[color.index()];
        let them = self.by_color[(!color).index()];
        let occ = us | them;
        if us == 0 {
            return false;
        }
        if them == 0 {
            return true;
        }
        if occ == self.role(BISHOP) {
            // Only bishops: can all of ours be captured?
            let we_light = us & LIGHT != 0;
            let we_dark = us & DARK != 0;
            let they_all_dark = them & LIGHT == 0;
            let they_all_light = them & DARK == 0;
            return (we_light && they_all_dark) || (we_dark && they_all_light);
        }
        if occ == self.role(KNIGHT) && count(self.role(KNIGHT)) == 2 {
            let white_light = self.by_color[0] & LIGHT != 0;
            let black_dark = self.by_color[1] & DARK != 0;
            return (self.turn == color) ^ white_light ^ black_dark;
        }
        false
    }

    fn atomic_insufficient(&self, color: Color) -> bool {
        let us = self.by_color[color.index()];
        let them = self.by_color[(!color).index()];
        let kings = self.role(KING);
        // Nothing matters once the opponent's king is gone.
        if them & kings == 0 {
            return false;
        }
        // A bare king cannot win.
        if us & !kings == 0 {
            return true;
        }
        // While the opponent has pieces, they may explode next to their king,
        if them & !kings != 0 {
            // unless only bishops that cannot explode each other are left.
            if self.occupied() == self.role(BISHOP) | kings {
                let b = self.role(BISHOP);
                let (white, black) = (self.by_color[0], self.by_color[1]);
                if b & white & DARK == 0 {
                    return b & black & LIGHT == 0;
                }
                if b & white & LIGHT == 0 {
                    return b & black & DARK == 0;
                }
            }
            return false;
        }
        // A queen or a pawn (a future queen) mates a bare king.
        if self.role(QUEEN) | self.role(PAWN) != 0 {
            return false;
        }
        // A single knight, bishop or rook cannot.
        if count(self.role(KNIGHT) | self.role(BISHOP) | self.role(ROOK)) == 1 {
            return true;
        }
        // Nor can two knights.
        if self.occupied() == self.role(KNIGHT) | kings {
            return count(self.role(KNIGHT)) <= 2;
        }
        false
    }

    fn crazyhouse_insufficient(&self) -> bool {
        // Asked after every move: most positions fail the first test,
        // more than three pieces (three lowest squares cleared, without a
        // population count).
        let occ = self.occupied();
        let past_three = occ & occ.wrapping_sub(1);
        let past_three = past_three & past_three.wrapping_sub(1);
        if past_three & past_three.wrapping_sub(1) != 0 {
            return false;
        }
        let pocket_total: u32 = self.pockets.iter().flatten().map(|&n| u32::from(n)).sum();
        let in_pockets = |role: usize| self.pockets.iter().any(|p| p[role] > 0);
        count(self.occupied()) + pocket_total <= 3
            && self.promoted & !self.role(KING) & !self.role(PAWN) == 0
            && self.role(PAWN) | self.role(ROOK) | self.role(QUEEN) == 0
            && !in_pockets(PAWN)
            && !in_pockets(ROOK)
            && !in_pockets(QUEEN)
    }

    /// python-chess's reading of Horde (derived in
    /// stevepapazis/horde-insufficient-material-tests): the side with the
    /// king can always win by taking the horde; the horde can win unless
    /// its material cannot mate with the pieces the king's side has left.
    // The conditions keep python-chess's shape, negations and all, so that
    // the two can be read side by side.
    #[allow(clippy::nonminimal_bool)]
    fn horde_insufficient(&self, color: Color) -> bool {
        if color == Color::Black {
            return false;
        }
        let white = self.by_color[0];
        let black = self.by_color[1];
        let w = |role: usize| count(white & self.role(role));
        let b = |role: usize| count(black & self.role(role));
        let (queens, pawns, rooks, bishops, knights) =
            (w(QUEEN), w(PAWN), w(ROOK), w(BISHOP), w(KNIGHT));
        let horde_darkb = count(DARK & white & self.role(BISHOP));
        let horde_lightb = count(LIGHT & white & self.role(BISHOP));
        // The colour of the squares of the horde's bishops (light if any).
        let horde_bishop_light = horde_lightb >= 1;
        let horde_num = pawns + knights + rooks + queens + horde_darkb.min(2) + horde_lightb.min(2);

        let (pieces_pawns, pieces_bishops, pieces_knights, pieces_rooks, pieces_queens) =
            (b(PAWN), b(BISHOP), b(KNIGHT), b(ROOK), b(QUEEN));
        let pieces_darkb = count(DARK & black & self.role(BISHOP));
        let pieces_lightb = count(LIGHT & black & self.role(BISHOP));
        let pieces_num = count(black);
        // Black's bishops on the other colour than the horde's, and on the same.
        let pieces_oppositeb = if horde_bishop_light {
            pieces_darkb
        } else {
            pieces_lightb
        };
        let pieces_sameb = if horde_bishop_light {
            pieces_lightb
        } else {
            pieces_darkb
        };
        let not_of = |n: u32| pieces_num - n;
        let white_pair = horde_lightb >= 1 && horde_darkb >= 1;
        let black_pair = pieces_lightb >= 1 && pieces_darkb >= 1;

        if horde_num == 0 {
            return true;
        }
        if horde_num >= 4 {
            return false;
        }
        if (pawns >= 1 || queens >= 1) && horde_num >= 2 {
            return false;
        }
        if rooks >= 1
            && horde_num >= 2
            && !(horde_num == 2 && rooks == 1 && bishops == 1 && not_of(pieces_sameb) == 1)
        {
            return false;
        }
        match horde_num {
            1 => {
                if pieces_num == 1 {
                    true
                } else if queens == 1 {
                    !(pieces_pawns >= 1
                        || pieces_rooks >= 1
                        || pieces_lightb >= 2
                        || pieces_darkb >= 2)
                } else if pawns == 1 {
                    // Promoted to a queen or to a knight: can either mate?
                    let pawn = white & self.role(PAWN);
                    let mut as_queen = *self;
                    as_queen.by_role[PAWN] &= !pawn;
                    as_queen.by_role[QUEEN] |= pawn;
                    let mut as_knight = *self;
                    as_knight.by_role[PAWN] &= !pawn;
                    as_knight.by_role[KNIGHT] |= pawn;
                    as_queen.horde_insufficient(Color::White)
                        && as_knight.horde_insufficient(Color::White)
                } else if rooks == 1 {
                    !(pieces_pawns >= 2
                        || (pieces_rooks >= 1 && pieces_pawns >= 1)
                        || (pieces_rooks >= 1 && pieces_knights >= 1)
                        || (pieces_pawns >= 1 && pieces_knights >= 1))
                } else if bishops == 1 {
                    !(pieces_oppositeb >= 2
                        || (pieces_oppositeb >= 1 && pieces_pawns >= 1)
                        || pieces_pawns >= 2)
                } else if knights == 1 {
                    !(pieces_num >= 4
                        && (pieces_knights >= 2
                            || pieces_pawns >= 2
                            || (pieces_rooks >= 1 && pieces_knights >= 1)
                            || (pieces_rooks >= 1 && pieces_bishops >= 1)
                            || (pieces_knights >= 1 && pieces_bishops >= 1)
                            || (pieces_rooks >= 1 && pieces_pawns >= 1)
                            || (pieces_knights >= 1 && pieces_pawns >= 1)
                            || (pieces_bishops >= 1 && pieces_pawns >= 1)
                            || (black_pair && pieces_pawns >= 1))
                        && (pieces_darkb < 2 || not_of(pieces_darkb) >= 3)
                        && (pieces_lightb < 2 || not_of(pieces_lightb) >= 3))
                } else {
                    true
                }
            }
            2 => {
                if pieces_num == 1 {
                    true
                } else if knights == 2 {
                    pieces_pawns + pieces_bishops + pieces_knights < 1
                } else if white_pair {
                    !(pieces_pawns >= 1
                        || pieces_bishops >= 1
                        || (pieces_knights >= 1 && pieces_rooks + pieces_queens >= 1))
                } else if bishops >= 1 && knights >= 1 {
                    !(pieces_pawns >= 1 || pieces_oppositeb >= 1 || not_of(pieces_sameb) >= 3)
                } else {
                    !((pieces_pawns >= 1 && pieces_oppositeb >= 1)
                        || (pieces_pawns >= 1 && pieces_knights >= 1)
                        || (pieces_oppositeb >= 1 && pieces_knights >= 1)
                        || pieces_oppositeb >= 2
                        || pieces_knights >= 2
                        || pieces_pawns >= 2)
                }
            }
            3 => {
                if (knights == 2 && bishops == 1) || knights == 3 || white_pair {
                    false
                } else {
                    pieces_num == 1
                }
            }
            _ => true,
        }
    }

    /// Equal for positions that count as the same for repetition: the
    /// pieces, promoted pieces where the variant tells them apart, the side
    /// to move, castling, an en passant capture that can be made, the
    /// Crazyhouse pockets and the Three-check counters (python-chess's
    /// transposition key of each variant).
    pub(super) fn repetition_key(&self) -> u64 {
        let promoted = match self.variant {
            Variant::Crazyhouse => self.promoted & !self.role(KING) & !self.role(PAWN),
            Variant::Antichess if self.castling != 0 => self.promoted & self.role(KING),
            _ => 0,
        };
        // The small fields packed into two words, a byte each: the
        // pockets (White's five, Black's first three; always empty outside
        // Crazyhouse), then Black's last two, the side to move, the en
        // passant square a capture can use and the Three-check counters.
        let byte = |b: u8, at: u32| u64::from(b) << (8 * at);
        let [white, black] = self.pockets;
        let pocket_word = if self.variant == Variant::Crazyhouse {
            (0..5).fold(0, |w, i| w | byte(white[i], i as u32))
                | byte(black[0], 5)
                | byte(black[1], 6)
                | byte(black[2], 7)
        } else {
            0
        };
        let rest = byte(black[3], 0)
            | byte(black[4], 1)
            | byte(u8::from(self.turn == Color::Black), 2)
            | byte(self.legal_ep().unwrap_or(255), 3)
            | byte(self.checks_left[0], 4)
            | byte(self.checks_left[1], 5);
        // Black's pieces are the others (every piece has a colour and a
        // role).
        let words = [
            self.by_color[0],
            self.by_role[0],
            self.by_role[1],
            self.by_role[2],
            self.by_role[3],
            self.by_role[4],
            self.by_role[5],
            promoted,
            self.castling,
            pocket_word,
            rest,
            0,
        ];
        // Two words at a time, each masked by a constant of its place, in
        // one wide multiply folded to 64 bits (wyhash's step: a third of
        // the work of mixing each word alone); the products summed side by
        // side, then the sum mixed once so that every bit of the key
        // depends on every word.
        let fold = |a: u64, b: u64| {
            let r = u128::from(a) * u128::from(b);
            (r as u64) ^ ((r >> 64) as u64)
        };
        let mut sum = 0u64;
        for i in (0..12).step_by(2) {
            sum = sum.wrapping_add(fold(words[i] ^ PLACE[i], words[i + 1] ^ PLACE[i + 1]));
        }
        mix(sum)
    }

    /// Whether the fifty- and seventy-five-move rules apply: not in
    /// Crazyhouse, where dropped pieces come back (python-chess).
    pub(super) fn has_move_clock_rules(&self) -> bool {
        self.variant != Variant::Crazyhouse
    }
}
