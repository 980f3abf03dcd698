//! The tables [`GameRules`](super::game::GameRules) builds from its pieces'
//! moves when a game is set up: attack rays.

use super::color::Color;
use super::game::{AttackRay, PieceType};
use super::piece::{Role, RoleSet};
use crate::rules::betza::Vector;

/// Whether two vectors can land on one square (from the same start), so
/// that a piece with both would generate that move twice.
pub(super) fn reaches_same(a: &Vector, b: &Vector) -> bool {
    let steps = |v: Vector| {
        let n = if v.range == 0 { 15 } else { v.range.min(15) };
        (1..=n as i8).map(move |k| (v.df * k, v.dr * k))
    };
    steps(*a).any(|x| steps(*b).any(|y| x == y))
}

pub(super) fn build_rays(pieces: &[PieceType], color: Color) -> Vec<AttackRay> {
    let mut rays: Vec<AttackRay> = Vec::new();
    for (i, p) in pieces.iter().enumerate() {
        let role = Role::new(i as u8).expect("invariant: at most 16 piece kinds");
        for v in &p.vectors[color] {
            // Initial-only and crooked vectors never capture in chess-like games.
            if !v.mode.can_capture() || v.initial || v.crooked {
                continue;
            }
            let idx = match rays
                .iter()
                .position(|r| r.df == v.df && r.dr == v.dr && r.lame == v.lame)
            {
                Some(i) => i,
                None => {
                    rays.push(AttackRay {
                        df: v.df,
                        dr: v.dr,
                        leapers: RoleSet::default(),
                        riders: RoleSet::default(),
                        limited: Vec::new(),
                        lame: v.lame,
                        reach: 1,
                        walk: u8::MAX,
                    });
                    rays.len() - 1
                }
            };
            let ray = &mut rays[idx];
            match v.range {
                1 => ray.leapers.insert(role),
                0 => ray.riders.insert(role),
                n => match ray.limited.iter_mut().find(|(_, r)| *r == n) {
                    Some((set, _)) => set.insert(role),
                    None => {
                        let mut set = RoleSet::default();
                        set.insert(role);
                        ray.limited.push((set, n));
                    }
                },
            }
        }
    }
    for ray in &mut rays {
        ray.reach = if !ray.riders.is_empty() {
            u8::MAX
        } else {
            ray.limited.iter().map(|&(_, n)| n).max().unwrap_or(1)
        };
    }
    rays
}
