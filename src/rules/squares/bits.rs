//! The family's 8x8 board as 64-bit masks: [`Bits`], a set of locations
//! (`rank * 8 + file`), and the attack tables `is_attacked` reads, compiled
//! once from the family's piece table (the only source of how pieces move).
//!
//! The core's [`SquareSet`] spans a 16x16 grid (256 bits); the family's
//! position keeps its holes, owners and occupants in one word each, so a
//! position is small to copy and a line of movement is a mask operation.

use std::sync::OnceLock;

use crate::rules::betza::Vector;
use crate::rules::core::{Color, Role, Square, SquareSet};

/// Roles in the family's piece table ([`super::PIECES`], the FIDE army).
pub(crate) const ROLES: usize = 6;
const _: () = assert!(super::PIECES.len() == ROLES);

/// A set of locations of the 8x8 board, one bit per location.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Bits(pub(crate) u64);

/// The bit of a location; 0 for a grid cell off the 8x8 board.
#[inline]
pub(crate) const fn bit(sq: Square) -> u64 {
    if sq.file() < 8 && sq.rank() < 8 {
        1 << (sq.rank() * 8 + sq.file())
    } else {
        0
    }
}

/// The location of bit `i` (below 64).
#[inline]
pub(crate) const fn square_of(i: u32) -> Square {
    Square::from_index(((i / 8) * 16 + i % 8) as u8)
}

impl Bits {
    pub(crate) const EMPTY: Bits = Bits(0);

    #[inline]
    pub(crate) const fn contains(self, sq: Square) -> bool {
        self.0 & bit(sq) != 0
    }

    #[inline]
    pub(crate) fn insert(&mut self, sq: Square) {
        self.0 |= bit(sq);
    }

    #[inline]
    pub(crate) fn remove(&mut self, sq: Square) {
        self.0 &= !bit(sq);
    }

    #[inline]
    pub(crate) const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The same locations as a core square set.
    pub(crate) fn to_set(self) -> SquareSet {
        self.into_iter().collect()
    }
}

impl IntoIterator for Bits {
    type Item = Square;
    type IntoIter = BitsIter;
    #[inline]
    fn into_iter(self) -> BitsIter {
        BitsIter(self.0)
    }
}

/// The locations of a [`Bits`], lowest (a1, b1, ...) first.
pub(crate) struct BitsIter(u64);

impl Iterator for BitsIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(square_of(i))
    }
}

/// One line of attack looked at backwards: from a target location, the
/// locations an attacker along one vector may stand on, nearest first.
#[derive(Clone)]
pub(crate) struct Ray {
    /// Per target location (bit index), the locations within the vector's
    /// range behind it.
    pub(crate) mask: [u64; 64],
    /// Whether the nearest location has the lowest bit index.
    pub(crate) ascending: bool,
    /// Roles (bit per role index) that attack along it.
    pub(crate) roles: u8,
    /// The backward step and the range, to share one ray among roles.
    vector: (i8, i8, u8),
}

/// Where attackers of one colour stand relative to the location they attack.
pub(crate) struct Attacks {
    /// Single steps and leaps, which nothing blocks: per role, per target,
    /// the locations such an attacker stands on.
    pub(crate) leaps: [[u64; 64]; ROLES],
    /// Longer lines, which stop at the first hole or piece.
    pub(crate) rays: Vec<Ray>,
    /// Per role, per target, every location a piece of this colour could
    /// reach it from along any of its vectors (moves and captures, initial
    /// ones too) were nothing in the way: a superset of where the pieces
    /// that move there stand.
    pub(crate) reach: [[u64; 64]; ROLES],
    /// Per target, the union of the `rays` behind it: every location a
    /// line attack on the target passes or starts from.
    pub(crate) ray_union: [u64; 64],
    /// The `rays` grouped by the roles that attack along them (the FIDE
    /// army: the diagonals of bishop and queen, the orthogonals of rook and
    /// queen), copied from `rays`: the attack test gathers each group's
    /// pieces once and skips a group none of whose pieces is on its lines.
    pub(crate) groups: Vec<RayGroup>,
}

/// Rays attacked along by the same roles.
pub(crate) struct RayGroup {
    /// The roles (bit per role index).
    roles: u8,
    /// Per role index, all ones if the role is one of `roles`, else 0: the
    /// group's pieces gathered without a branch a role.
    pub(crate) role_masks: [u64; ROLES],
    /// Per target, the union of the group's rays behind it.
    pub(crate) union: [u64; 64],
    /// The group's rays.
    pub(crate) rays: Vec<Ray>,
}

/// The attack (and reach) tables of each colour, built from the piece table's capturing
/// vectors (not the initial ones: the pawn's double step never captures),
/// exactly as the step-by-step walk reads them.
pub(crate) fn attacks(by: Color) -> &'static Attacks {
    static TABLES: OnceLock<[Attacks; 2]> = OnceLock::new();
    let t = TABLES.get_or_init(|| [build(Color::White), build(Color::Black)]);
    &t[usize::from(by == Color::Black)]
}

fn build(by: Color) -> Attacks {
    let rules = super::rules();
    let mut out = Attacks {
        leaps: [[0; 64]; ROLES],
        rays: Vec::new(),
        reach: [[0; 64]; ROLES],
        ray_union: [0; 64],
        groups: Vec::new(),
    };
    for (r, reach) in out.reach.iter_mut().enumerate() {
        let Some(role) = Role::new(r as u8) else {
            continue;
        };
        for v in &rules.piece(role).vectors[by] {
            let range = if v.range == 0 { 8 } else { v.range };
            for (t, mask) in reach.iter_mut().enumerate() {
                let mut cur = square_of(t as u32);
                for _ in 0..range {
                    let Some(next) = on_board(cur, -v.df, -v.dr) else {
                        break;
                    };
                    *mask |= bit(next);
                    cur = next;
                }
            }
        }
    }
    for (r, leaps) in out.leaps.iter_mut().enumerate() {
        let Some(role) = Role::new(r as u8) else {
            continue;
        };
        for v in &rules.piece(role).vectors[by] {
            if !v.mode.can_capture() || v.initial {
                continue;
            }
            let range = if v.range == 0 { 8 } else { v.range };
            if range == 1 {
                for (t, mask) in leaps.iter_mut().enumerate() {
                    let target = square_of(t as u32);
                    if let Some(from) = on_board(target, -v.df, -v.dr) {
                        *mask |= bit(from);
                    }
                }
                continue;
            }
            let (df, dr) = (-v.df, -v.dr);
            if let Some(ray) = out
                .rays
                .iter_mut()
                .find(|ray| ray.vector == (df, dr, range))
            {
                ray.roles |= 1 << r;
                continue;
            }
            let mut mask = [0u64; 64];
            for (t, m) in mask.iter_mut().enumerate() {
                let mut cur = square_of(t as u32);
                for _ in 0..range {
                    let Some(next) = on_board(cur, df, dr) else {
                        break;
                    };
                    *m |= bit(next);
                    cur = next;
                }
            }
            out.rays.push(Ray {
                mask,
                ascending: i16::from(dr) * 8 + i16::from(df) > 0,
                roles: 1 << r,
                vector: (df, dr, range),
            });
        }
    }
    for (t, union) in out.ray_union.iter_mut().enumerate() {
        *union = out.rays.iter().fold(0, |acc, ray| acc | ray.mask[t]);
    }
    for ray in &out.rays {
        let at = match out.groups.iter().position(|g| g.roles == ray.roles) {
            Some(at) => at,
            None => {
                out.groups.push(RayGroup {
                    roles: ray.roles,
                    role_masks: std::array::from_fn(|r| {
                        if ray.roles & (1 << r) != 0 {
                            u64::MAX
                        } else {
                            0
                        }
                    }),
                    union: [0; 64],
                    rays: Vec::new(),
                });
                out.groups.len() - 1
            }
        };
        let group = &mut out.groups[at];
        group.rays.push(ray.clone());
        for (u, m) in group.union.iter_mut().zip(&ray.mask) {
            *u |= m;
        }
    }
    out
}

#[inline]
fn on_board(sq: Square, df: i8, dr: i8) -> Option<Square> {
    super::position::step(sq, df, dr)
}

/// One vector of a piece, forward: per location, the locations along it
/// within its range, and the vector itself for its mode and conditions.
pub(crate) struct Line {
    pub(crate) mask: [u64; 64],
    /// Whether the nearest location has the lowest bit index.
    pub(crate) ascending: bool,
    pub(crate) vector: Vector,
}

/// Per role, the lines the pieces of one colour move along, in the piece
/// table's order of vectors (the order moves are listed in).
pub(crate) fn lines(color: Color) -> &'static [Vec<Line>; ROLES] {
    static TABLES: OnceLock<[[Vec<Line>; ROLES]; 2]> = OnceLock::new();
    let t = TABLES.get_or_init(|| [build_lines(Color::White), build_lines(Color::Black)]);
    &t[usize::from(color == Color::Black)]
}

fn build_lines(color: Color) -> [Vec<Line>; ROLES] {
    let rules = super::rules();
    std::array::from_fn(|r| {
        let Some(role) = Role::new(r as u8) else {
            return Vec::new();
        };
        rules.piece(role).vectors[color]
            .iter()
            .map(|v| {
                let range = if v.range == 0 { 8 } else { v.range };
                let mut mask = [0u64; 64];
                for (from, m) in mask.iter_mut().enumerate() {
                    let mut cur = square_of(from as u32);
                    for _ in 0..range {
                        let Some(next) = on_board(cur, v.df, v.dr) else {
                            break;
                        };
                        *m |= bit(next);
                        cur = next;
                    }
                }
                Line {
                    mask,
                    ascending: i16::from(v.dr) * 8 + i16::from(v.df) > 0,
                    vector: *v,
                }
            })
            .collect()
    })
}

/// Per role and origin, the first location along each line a piece of one
/// colour moves on, split by what may end there: whether a piece has any
/// move is whether one of these holds an empty square or an enemy piece
/// (the nearer locations of a line are the first to be reached, and a line
/// stops at the first hole or piece). Built from [`lines`], the initial
/// lines only at origins in the initial zone.
pub(crate) struct FirstSteps {
    /// Lines that move and capture.
    pub(crate) both: [[u64; 64]; ROLES],
    /// Lines that only move.
    pub(crate) quiet: [[u64; 64]; ROLES],
    /// Lines that only capture.
    pub(crate) capture: [[u64; 64]; ROLES],
    /// Roles (bit per role index) with lame lines, which are left out of
    /// the masks and walked (the location passed must hold an empty square).
    pub(crate) lame: u8,
    /// The locations the lame lines pass first: without an empty square
    /// on one of them, no lame move is possible.
    pub(crate) lame_passed: [[u64; 64]; ROLES],
}

/// The [`FirstSteps`] of `color`'s pieces.
pub(crate) fn first_steps(color: Color) -> &'static FirstSteps {
    static TABLES: OnceLock<[FirstSteps; 2]> = OnceLock::new();
    let t = TABLES.get_or_init(|| [build_first(Color::White), build_first(Color::Black)]);
    &t[usize::from(color == Color::Black)]
}

fn build_first(color: Color) -> FirstSteps {
    let zone = &super::rules().initial_zone[color];
    let mut out = FirstSteps {
        both: [[0; 64]; ROLES],
        quiet: [[0; 64]; ROLES],
        capture: [[0; 64]; ROLES],
        lame: 0,
        lame_passed: [[0; 64]; ROLES],
    };
    for (r, role_lines) in lines(color).iter().enumerate() {
        for line in role_lines {
            let v = &line.vector;
            if v.lame {
                out.lame |= 1 << r;
                for (from, passed) in out.lame_passed[r].iter_mut().enumerate() {
                    let sq = square_of(from as u32);
                    if v.initial && !zone.contains(sq) {
                        continue;
                    }
                    if let Some(mid) = on_board(sq, v.df / 2, v.dr / 2) {
                        *passed |= bit(mid);
                    }
                }
                continue;
            }
            let table = match (v.mode.can_move(), v.mode.can_capture()) {
                (true, true) => &mut out.both[r],
                (true, false) => &mut out.quiet[r],
                (false, true) => &mut out.capture[r],
                (false, false) => continue,
            };
            for (from, first) in table.iter_mut().enumerate() {
                let ray = line.mask[from];
                if ray == 0 || (v.initial && !zone.contains(square_of(from as u32))) {
                    continue;
                }
                *first |= if line.ascending {
                    ray & ray.wrapping_neg()
                } else {
                    1 << (63 - ray.leading_zeros())
                };
            }
        }
    }
    out
}
