//! Tables compiled once per game from its board and pieces, for the
//! chess-like core's attack tests and written moves: the cells met
//! walking in each direction (a ray's first piece by one bit scan), the
//! plain leaps onto each cell, and where each role's moves onto a cell come
//! from.

use super::color::ByColor;
use super::game::{AttackRay, PieceType};
use super::geometry::Geometry;
use super::piece::RoleSet;
use super::square::{Square, SquareSet};
use crate::rules::betza::Vector;

/// One colour's attacks by a single plain leap, by table: the cells a leap
/// onto a cell may come from, and the roles that leap by each offset.
#[derive(Clone, Debug, Default)]
pub(crate) struct LeapAttacks {
    /// Per grid cell.
    pub sources: Vec<SquareSet>,
    /// Per offset from the attacked cell to the attacker
    /// ([`offset_index`](Self::offset_index)): the roles attacking by it.
    pub roles: Vec<RoleSet>,
}

impl LeapAttacks {
    pub(crate) fn new(geometry: &Geometry, rays: &[AttackRay]) -> LeapAttacks {
        let mut sources = vec![SquareSet::EMPTY; 256];
        let mut roles = vec![RoleSet::default(); 32 * 32];
        for ray in rays.iter().filter(|r| r.reach == 1 && !r.lame) {
            for sq in geometry.cells() {
                if let Some(from) = geometry.offset(sq, -ray.df, -ray.dr) {
                    sources[sq.index()].insert(from);
                }
            }
            for role in ray.leapers.iter() {
                roles[Self::offset_index(-ray.df, -ray.dr)].insert(role);
            }
        }
        LeapAttacks { sources, roles }
    }

    /// The index of the offset (`df`, `dr`), each within ±15, in `roles`.
    #[inline]
    pub fn offset_index(df: i8, dr: i8) -> usize {
        ((df as usize).wrapping_add(16) & 31) * 32 + ((dr as usize).wrapping_add(16) & 31)
    }

    /// The roles that attack `to` by a leap from `from`.
    #[inline]
    pub fn roles_from(&self, from: Square, to: Square) -> RoleSet {
        let df = from.file() as i8 - to.file() as i8;
        let dr = from.rank() as i8 - to.rank() as i8;
        self.roles[Self::offset_index(df, dr)]
    }
}

/// The cells met walking from every cell in one direction (`df`, `dr`),
/// step by step until the board's edge or a hole, in the order of the walk:
/// the first piece met is the lowest or the highest occupied cell of the
/// set, as the direction raises or lowers the cell index.
#[derive(Clone, Debug)]
pub(crate) struct Walk {
    pub df: i8,
    pub dr: i8,
    /// Whether a step raises the cell index (`rank * 16 + file`).
    ascending: bool,
    /// Per grid cell.
    pub cells: Vec<SquareSet>,
}

impl Walk {
    pub(crate) fn new(geometry: &Geometry, df: i8, dr: i8) -> Walk {
        let cells = (0..=255u8)
            .map(|i| {
                let mut set = SquareSet::EMPTY;
                let mut cur = Square::from_index(i);
                if geometry.contains(cur) {
                    while let Some(next) = geometry.offset(cur, df, dr) {
                        set.insert(next);
                        cur = next;
                    }
                }
                set
            })
            .collect();
        Walk {
            df,
            dr,
            ascending: i16::from(dr) * 16 + i16::from(df) > 0,
            cells,
        }
    }

    /// The first cell of `occupied` met walking from `from`, if any.
    #[inline]
    pub fn first_met(&self, from: Square, occupied: SquareSet) -> Option<Square> {
        let met = self.cells[from.index()].intersection(occupied);
        if self.ascending {
            met.lowest()
        } else {
            met.highest()
        }
    }

    /// The cells strictly between `from` and `to`, a cell of this walk from `from`.
    #[inline]
    pub fn between(&self, from: Square, to: Square) -> SquareSet {
        let mut set = self.cells[from.index()].difference(self.cells[to.index()]);
        set.remove(to);
        set
    }

    /// How many steps from `from` to `to`, a cell of this walk from `from`.
    #[inline]
    pub fn steps(&self, from: Square, to: Square) -> u8 {
        if self.df != 0 {
            ((to.file() as i8 - from.file() as i8) / self.df) as u8
        } else {
            ((to.rank() as i8 - from.rank() as i8) / self.dr) as u8
        }
    }
}

/// The index of the direction (`df`, `dr`) in `dirs`, added if new: the
/// index of its walk in [`Tables::walks`].
pub(crate) fn walk_index(dirs: &mut Vec<(i8, i8)>, df: i8, dr: i8) -> u8 {
    let i = match dirs.iter().position(|&d| d == (df, dr)) {
        Some(i) => i,
        None => {
            dirs.push((df, dr));
            dirs.len() - 1
        }
    };
    u8::try_from(i).expect("invariant: fewer than 255 directions")
}

/// One colour's and role's moves onto a target, by table: where a written
/// move's piece may stand, and along which of its vectors it goes there.
/// Resolving a move then asks only the pieces of its role that stand on
/// such a cell (nearly always one), each along that one vector.
#[derive(Clone, Debug, Default)]
pub(crate) struct ReachTo {
    /// Per target cell: the cells from which a move of the role may land
    /// there on an empty board (a superset: a straight quiet move to any
    /// distance, for a pawn's reach past its range, Gast G3).
    pub from: Vec<SquareSet>,
    /// Per offset from the mover to the target
    /// ([`LeapAttacks::offset_index`]): one plus the index of the only
    /// vector whose line holds it; 0 for none, [`ReachTo::SEVERAL`] when
    /// several do (every vector is then asked).
    vector: Vec<u8>,
    /// Per offset, how many steps of that vector it is.
    steps: Vec<u8>,
}

impl ReachTo {
    /// More than one vector reaches the offset.
    pub const SEVERAL: u8 = u8::MAX;

    /// The table of `vectors` (one colour's of one role); crooked vectors
    /// are left out, as the core's generator passes over them.
    pub(crate) fn new(geometry: &Geometry, vectors: &[Vector]) -> ReachTo {
        let mut vector = vec![0u8; 32 * 32];
        let mut steps = vec![0u8; 32 * 32];
        let mut offsets: Vec<(i16, i16)> = Vec::new();
        for (i, v) in vectors.iter().enumerate() {
            if v.crooked {
                continue;
            }
            let mark = u8::try_from(i + 1)
                .ok()
                .filter(|&m| m != Self::SEVERAL)
                .unwrap_or(Self::SEVERAL);
            for (k, df, dr) in step_offsets(v, move_steps(v)) {
                let o = LeapAttacks::offset_index(df as i8, dr as i8);
                steps[o] = k;
                vector[o] = match vector[o] {
                    0 => {
                        offsets.push((df, dr));
                        mark
                    }
                    x if x == mark => x,
                    _ => Self::SEVERAL,
                };
            }
        }
        let mut from = vec![SquareSet::EMPTY; 256];
        for to in geometry.cells() {
            for &(df, dr) in &offsets {
                let f = i16::from(to.file()) - df;
                let r = i16::from(to.rank()) - dr;
                let sq = u8::try_from(f)
                    .ok()
                    .zip(u8::try_from(r).ok())
                    .and_then(|(f, r)| Square::new(f, r))
                    .filter(|&s| geometry.contains(s));
                if let Some(sq) = sq {
                    from[to.index()].insert(sq);
                }
            }
        }
        ReachTo {
            from,
            vector,
            steps,
        }
    }

    /// One plus the index of the only vector along which a move from
    /// `from` may land on `to` (0 for none, [`SEVERAL`](Self::SEVERAL)),
    /// and how many of its steps that is.
    #[inline]
    pub fn vector(&self, from: Square, to: Square) -> (u8, u8) {
        let df = to.file() as i8 - from.file() as i8;
        let dr = to.rank() as i8 - from.rank() as i8;
        let o = LeapAttacks::offset_index(df, dr);
        (self.vector[o], self.steps[o])
    }
}

/// How many steps of `v` a move may take on an empty board, at most 15:
/// its range, but a straight quiet move to any distance (a pawn's reach
/// past its range, Gast G3), so that [`OffsetSet::moves`] and
/// [`ReachTo`] stay supersets of what the generator plays.
fn move_steps(v: &Vector) -> u8 {
    if v.range == 0 || (v.df == 0 && !v.mode.can_capture()) {
        15
    } else {
        v.range.min(15)
    }
}

/// The first `max` steps of `v` as (steps, file offset, rank offset), while
/// both offsets stay within ±15.
fn step_offsets(v: &Vector, max: u8) -> impl Iterator<Item = (u8, i16, i16)> + '_ {
    (1..=max)
        .map(|k| {
            (
                k,
                i16::from(k) * i16::from(v.df),
                i16::from(k) * i16::from(v.dr),
            )
        })
        .take_while(|&(_, df, dr)| df.abs() <= 15 && dr.abs() <= 15)
}

/// The offsets (file, rank) from a piece to the cells its captures reach on
/// an empty board, each within ±15: a bit each, so that "does this piece
/// attack that cell" is answered at once for nearly every cell.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct OffsetSet([u64; 16]);

impl OffsetSet {
    /// The offsets of the capturing vectors among `vectors` (initial-only
    /// and crooked ones never capture in the chess-like games).
    pub(crate) fn captures(vectors: &[Vector]) -> OffsetSet {
        let mut set = OffsetSet::default();
        for v in vectors {
            if !v.mode.can_capture() || v.initial || v.crooked {
                continue;
            }
            let max = if v.range == 0 { 15 } else { v.range.min(15) };
            for (_, df, dr) in step_offsets(v, max) {
                let i = LeapAttacks::offset_index(df as i8, dr as i8);
                set.0[i / 64] |= 1 << (i % 64);
            }
        }
        set
    }

    /// The offsets of every move of `vectors`, quiet or capturing (a
    /// superset: a straight quiet move to any distance, for a pawn's reach
    /// past its range, Gast G3); every offset when one is crooked.
    pub(crate) fn moves(vectors: &[Vector]) -> OffsetSet {
        if vectors.iter().any(|v| v.crooked) {
            return OffsetSet([u64::MAX; 16]);
        }
        let mut set = OffsetSet::default();
        for v in vectors {
            for (_, df, dr) in step_offsets(v, move_steps(v)) {
                let i = LeapAttacks::offset_index(df as i8, dr as i8);
                set.0[i / 64] |= 1 << (i % 64);
            }
        }
        set
    }

    /// Whether the offset from `from` to `to` is in the set.
    #[inline]
    pub fn reaches(&self, from: Square, to: Square) -> bool {
        let df = to.file() as i8 - from.file() as i8;
        let dr = to.rank() as i8 - from.rank() as i8;
        let i = LeapAttacks::offset_index(df, dr);
        self.0[i / 64] & (1 << (i % 64)) != 0
    }
}

/// The tables of one game that take room (a few kilobytes per direction):
/// built on first use, so that the games a run never plays cost nothing.
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    /// Per direction of `GameRules::walk_dirs`, in that order.
    pub walks: Vec<Walk>,
    /// Per attacking colour, the attacks by one plain leap (the rays with
    /// a reach of one step, not lame).
    pub leap_attacks: ByColor<LeapAttacks>,
    /// Per attacking colour, per grid cell: the cells of the walks from it
    /// of the rays that attack from afar (where a piece that pins to it, or
    /// checks it by discovery, may stand).
    pub far_lines: ByColor<Vec<SquareSet>>,
    /// Per attacking colour, per offset from a cell toward an attacker
    /// ([`LeapAttacks::offset_index`]): a bit for each of the first 64
    /// rays that attack from afar (`GameRules::far_rays`, in that order)
    /// along which that offset lies, so that a pin test walks only those.
    pub far_by_offset: ByColor<Vec<u64>>,
    /// Per colour, per role: its moves onto a target ([`ReachTo`]).
    pub reach_to: ByColor<Vec<ReachTo>>,
}

impl Tables {
    pub(crate) fn build(
        geometry: &Geometry,
        dirs: &[(i8, i8)],
        rays: &ByColor<Vec<AttackRay>>,
        far_rays: &ByColor<Vec<AttackRay>>,
        pieces: &[PieceType],
    ) -> Tables {
        let walks: Vec<Walk> = dirs
            .iter()
            .map(|&(df, dr)| Walk::new(geometry, df, dr))
            .collect();
        let leap_attacks = ByColor::new_with(|c| LeapAttacks::new(geometry, &rays[c]));
        let far_lines = ByColor::new_with(|c| {
            (0..256)
                .map(|i| {
                    far_rays[c]
                        .iter()
                        .filter_map(|r| walks.get(usize::from(r.walk)))
                        .fold(SquareSet::EMPTY, |acc, w| acc.union(w.cells[i]))
                })
                .collect()
        });
        let far_by_offset = ByColor::new_with(|c| {
            let mut masks = vec![0u64; 32 * 32];
            for (i, ray) in far_rays[c].iter().enumerate() {
                if i >= 64 {
                    break; // tried on every offset
                }
                for k in 1..=15i16 {
                    // A ray's attacker stands against its move's direction.
                    let (df, dr) = (-k * i16::from(ray.df), -k * i16::from(ray.dr));
                    if df.abs() > 15 || dr.abs() > 15 {
                        break;
                    }
                    masks[LeapAttacks::offset_index(df as i8, dr as i8)] |= 1 << i;
                }
            }
            masks
        });
        let reach_to = ByColor::new_with(|c| {
            pieces
                .iter()
                .map(|p| ReachTo::new(geometry, &p.vectors[c]))
                .collect()
        });
        Tables {
            walks,
            leap_attacks,
            far_lines,
            far_by_offset,
            reach_to,
        }
    }
}

/// `GameRules::role_by_letter`: per letter `A`..`Z`, the first role with
/// it, plus one; 0 for none.
pub(crate) fn role_by_letter(pieces: &[super::game::PieceType]) -> [u8; 26] {
    let mut table = [0u8; 26];
    for (i, p) in pieces.iter().enumerate().rev() {
        if p.letter.is_ascii_uppercase() && i < super::piece::MAX_ROLES {
            table[usize::from(p.letter - b'A')] = i as u8 + 1;
        }
    }
    table
}

/// `GameRules::ep_from_next_cell`: every pawn's capture-only vectors, of
/// either colour, are one king step.
pub(crate) fn ep_from_next_cell(pieces: &[super::game::PieceType]) -> bool {
    pieces.iter().filter(|p| p.pawn).all(|p| {
        [&p.vectors.white, &p.vectors.black].iter().all(|vs| {
            vs.iter()
                .filter(|v| v.mode.can_capture() && !v.mode.can_move())
                .all(|v| v.range == 1 && !v.crooked && v.df.abs() <= 1 && v.dr.abs() <= 1)
        })
    })
}
