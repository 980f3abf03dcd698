//! Roles (indices into a game's piece table) and pieces (a role with a colour).

use std::fmt;

use super::color::Color;

/// Most piece kinds one game may define.
pub const MAX_ROLES: usize = 16;

/// A kind of piece: an index into the game's piece table.
///
/// What a role means (its letter, its moves) depends on the game; a `Role` is
/// only meaningful together with the game's [`GameRules`](super::GameRules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Role(u8);

impl Role {
    /// The role with this table index, if it is below [`MAX_ROLES`].
    #[inline]
    pub const fn new(index: u8) -> Option<Role> {
        if (index as usize) < MAX_ROLES {
            Some(Role(index))
        } else {
            None
        }
    }

    /// Its index in the game's piece table.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The bit of this role in a [`RoleSet`].
    #[inline]
    pub const fn bit(self) -> u16 {
        1 << self.0
    }
}

/// A set of roles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct RoleSet(pub u16);

impl RoleSet {
    /// Whether `role` is in the set.
    #[inline]
    pub const fn contains(self, role: Role) -> bool {
        self.0 & role.bit() != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Adds `role`.
    #[inline]
    pub fn insert(&mut self, role: Role) {
        self.0 |= role.bit();
    }

    /// The roles in the set, in table order.
    pub fn iter(self) -> impl Iterator<Item = Role> {
        (0..MAX_ROLES as u8).filter_map(move |i| Role::new(i).filter(|r| self.contains(*r)))
    }
}

/// A piece: a role and a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose it is.
    pub color: Color,
    /// What it is.
    pub role: Role,
}

impl Piece {
    /// The compact board code: never 0, which means an empty cell.
    #[inline]
    pub const fn code(self) -> u8 {
        ((self.role.0 + 1) << 1) | self.color as u8
    }

    /// The piece with this board code, `None` for 0 (empty).
    #[inline]
    pub const fn from_code(code: u8) -> Option<Piece> {
        if code < 2 {
            return None;
        }
        let color = if code & 1 == 0 {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece {
            color,
            role: Role((code >> 1) - 1),
        })
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "role {}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_skip_zero() {
        for i in 0..MAX_ROLES as u8 {
            for c in Color::ALL {
                let p = Piece {
                    color: c,
                    role: Role::new(i).expect("in range"),
                };
                assert_ne!(p.code(), 0);
                assert_eq!(Piece::from_code(p.code()), Some(p));
            }
        }
        assert_eq!(Piece::from_code(0), None);
        assert_eq!(Role::new(16), None);
    }
}
