//! Betza's funny notation, parsed once when a game is built into move vectors.
//!
//! Supported: atoms `W F D N A C Z H G` (and `K`, `Q`, `R`, `B` as shorthands),
//! riders by doubling (`NN`, `WW`) or by a number (`R3`, `F3`), and the
//! modifiers `f b l r v s` (directions), `m` (move only), `c` (capture only),
//! `i` (initial move only), `n` (lame: the path must be empty) and `z`
//! (crooked). Every built-in piece is compiled by a unit test, so a malformed
//! built-in string is a bug caught at test time.

use std::fmt;

/// What a vector may do when it arrives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Move to an empty square or capture.
    Both,
    /// Move to an empty square only (`m`).
    Move,
    /// Capture only (`c`).
    Capture,
}

impl Mode {
    /// Whether this mode allows a quiet move.
    #[inline]
    pub const fn can_move(self) -> bool {
        matches!(self, Mode::Both | Mode::Move)
    }

    /// Whether this mode allows a capture.
    #[inline]
    pub const fn can_capture(self) -> bool {
        matches!(self, Mode::Both | Mode::Capture)
    }
}

/// One direction a piece moves in, for White (Black's vectors are mirrored
/// rank-wise when a game is built).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Vector {
    /// File step.
    pub df: i8,
    /// Rank step (positive is forward for White).
    pub dr: i8,
    /// How many steps it may repeat: 1 for a leap, 0 for unlimited.
    pub range: u8,
    /// Quiet move, capture, or both.
    pub mode: Mode,
    /// Only as the piece's initial move (`i`).
    pub initial: bool,
    /// Lame (`n`): every cell on the straight path to the first landing must be empty.
    pub lame: bool,
    /// Crooked (`z`): a rider that alternates between this vector and its mirror.
    pub crooked: bool,
}

impl Vector {
    /// The same vector for the other side: forward becomes backward.
    pub const fn mirrored(self) -> Vector {
        Vector {
            dr: -self.dr,
            ..self
        }
    }

    /// Whether it may go more than one step.
    pub const fn is_rider(self) -> bool {
        self.range != 1
    }
}

/// A Betza string that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseBetzaError {
    /// A letter that is neither an atom nor a modifier.
    #[error("unknown letter '{letter}' at column {column}")]
    UnknownLetter {
        /// The letter.
        letter: char,
        /// 1-based column in the string.
        column: usize,
    },
    /// Modifiers with no atom after them.
    #[error("modifiers at column {column} have no atom")]
    DanglingModifiers {
        /// 1-based column in the string.
        column: usize,
    },
    /// The string has no atom at all.
    #[error("empty piece description")]
    Empty,
}

/// A piece's moves: the vectors from one Betza string.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct MoveSpec {
    /// Every vector, deduplicated, for White.
    pub vectors: Vec<Vector>,
}

impl fmt::Display for MoveSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} vectors", self.vectors.len())
    }
}

/// The base step of an atom letter, and whether it is a slider shorthand.
fn atom(letter: u8) -> Option<((i8, i8), u8)> {
    // (step, implicit range): 1 = leap, 0 = unlimited rider
    Some(match letter {
        b'W' => ((1, 0), 1),
        b'F' => ((1, 1), 1),
        b'D' => ((2, 0), 1),
        b'N' => ((1, 2), 1),
        b'A' => ((2, 2), 1),
        b'C' => ((1, 3), 1),
        b'Z' => ((2, 3), 1),
        b'H' => ((3, 0), 1),
        b'G' => ((3, 3), 1),
        b'R' => ((1, 0), 0),
        b'B' => ((1, 1), 0),
        _ => return None,
    })
}

/// The eight (or four) symmetric images of a step.
fn images(dx: i8, dy: i8) -> Vec<(i8, i8)> {
    let mut v = Vec::with_capacity(8);
    for (a, b) in [(dx, dy), (dy, dx)] {
        for sa in [1, -1] {
            for sb in [1, -1] {
                let p = (a * sa, b * sb);
                if !v.contains(&p) {
                    v.push(p);
                }
            }
        }
    }
    v
}

/// Whether step `(x, y)` is selected by the direction modifiers `dirs`.
///
/// Orthogonal atoms: `f b l r` pick one direction, `v` = `fb`, `s` = `lr`.
/// Diagonal atoms: each letter picks the two diagonals on that side, and a
/// pair (`fl`) picks one. Oblique atoms: a letter picks the moves with a
/// component that way, a doubled letter (`ff`) the moves mainly that way, and
/// a pair (`fl`) the moves with both components.
fn selected(dirs: &[u8], x: i8, y: i8) -> bool {
    if dirs.is_empty() {
        return true;
    }
    let has = |c: u8, x: i8, y: i8| match c {
        b'f' => y > 0,
        b'b' => y < 0,
        b'l' => x < 0,
        b'r' => x > 0,
        _ => false,
    };
    let oblique = x != 0 && y != 0 && x.abs() != y.abs();
    let diagonal = x != 0 && x.abs() == y.abs();
    // Group the modifiers: a doubled letter or a vertical+horizontal pair is one selector.
    let mut i = 0;
    while i < dirs.len() {
        let c = dirs[i];
        let next = dirs.get(i + 1).copied();
        let pair = match next {
            Some(n) if n == c && oblique => Some((c, n)),
            Some(n)
                if matches!(c, b'f' | b'b')
                    && matches!(n, b'l' | b'r')
                    && (oblique || diagonal) =>
            {
                Some((c, n))
            }
            _ => None,
        };
        if let Some((a, b)) = pair {
            let ok = if a == b {
                // doubled: mainly in that direction
                has(a, x, y)
                    && match a {
                        b'f' | b'b' => y.abs() > x.abs(),
                        _ => x.abs() > y.abs(),
                    }
            } else {
                has(a, x, y) && has(b, x, y)
            };
            if ok {
                return true;
            }
            i += 2;
        } else {
            let ok = match c {
                b'v' if !oblique => x == 0 || diagonal,
                b's' if !oblique => y == 0 || diagonal,
                b'v' => y.abs() > x.abs(),
                b's' => x.abs() > y.abs(),
                _ => has(c, x, y),
            };
            if ok {
                return true;
            }
            i += 1;
        }
    }
    false
}

/// Parses a Betza string into a [`MoveSpec`].
///
/// # Errors
/// [`ParseBetzaError`] for an unknown letter, modifiers without an atom, or an
/// empty string.
///
/// # Examples
/// ```
/// use xpgn::rules::betza::parse;
/// assert_eq!(parse("N").unwrap().vectors.len(), 8);
/// assert_eq!(parse("fmWfcF").unwrap().vectors.len(), 3);
/// ```
pub fn parse(s: &str) -> Result<MoveSpec, ParseBetzaError> {
    let bytes = s.as_bytes();
    let mut spec = MoveSpec::default();
    let mut mods: Vec<u8> = Vec::new();
    let mut mods_start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_lowercase() {
            // Hoppers (p, g), j, o and e are Betza the core cannot play:
            // refused rather than read as a plain move.
            if !matches!(
                c,
                b'f' | b'b' | b'l' | b'r' | b'v' | b's' | b'm' | b'c' | b'i' | b'n' | b'z'
            ) {
                return Err(ParseBetzaError::UnknownLetter {
                    letter: c as char,
                    column: i + 1,
                });
            }
            if mods.is_empty() {
                mods_start = i;
            }
            mods.push(c);
            i += 1;
            continue;
        }
        // Shorthands expand to their atoms with the same modifiers.
        let expansion: &[u8] = match c {
            b'K' => b"WF",
            b'Q' => b"RB",
            _ => std::slice::from_ref(&bytes[i]),
        };
        let mut j = i + 1;
        // A doubled atom is a rider (NN, WW, FF); a number limits the range.
        let mut range_override: Option<u8> = None;
        if j < bytes.len() && bytes[j] == c && atom(c).is_some_and(|(_, r)| r == 1) {
            range_override = Some(0);
            j += 1;
        }
        let digits_start = j;
        while j < bytes.len() && bytes[j].is_ascii_digit() {
            j += 1;
        }
        if j > digits_start {
            let n: u8 = s[digits_start..j].parse().unwrap_or(0);
            range_override = Some(n);
        }
        for &a in expansion {
            let Some(((dx, dy), implicit)) = atom(a) else {
                return Err(ParseBetzaError::UnknownLetter {
                    letter: c as char,
                    column: i + 1,
                });
            };
            let range = range_override.unwrap_or(implicit);
            push_atom(&mut spec, &mods, dx, dy, range);
        }
        mods.clear();
        i = j;
    }
    if !mods.is_empty() {
        return Err(ParseBetzaError::DanglingModifiers {
            column: mods_start + 1,
        });
    }
    if spec.vectors.is_empty() {
        return Err(ParseBetzaError::Empty);
    }
    Ok(spec)
}

fn push_atom(spec: &mut MoveSpec, mods: &[u8], dx: i8, dy: i8, range: u8) {
    let mode = match (mods.contains(&b'm'), mods.contains(&b'c')) {
        (true, false) => Mode::Move,
        (false, true) => Mode::Capture,
        _ => Mode::Both,
    };
    let initial = mods.contains(&b'i');
    let lame = mods.contains(&b'n');
    let crooked = mods.contains(&b'z');
    let dirs: Vec<u8> = mods
        .iter()
        .copied()
        .filter(|c| matches!(c, b'f' | b'b' | b'l' | b'r' | b'v' | b's'))
        .collect();
    for (x, y) in images(dx, dy) {
        if !selected(&dirs, x, y) {
            continue;
        }
        let v = Vector {
            df: x,
            dr: y,
            range,
            mode,
            initial,
            lame,
            crooked,
        };
        if !spec.vectors.contains(&v) {
            spec.vectors.push(v);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dirs(s: &str) -> Vec<(i8, i8, u8)> {
        let mut v: Vec<_> = parse(s)
            .expect("valid betza")
            .vectors
            .iter()
            .map(|v| (v.df, v.dr, v.range))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn atoms_have_their_symmetry() {
        assert_eq!(dirs("W").len(), 4);
        assert_eq!(dirs("F").len(), 4);
        assert_eq!(dirs("N").len(), 8);
        assert_eq!(dirs("C").len(), 8);
        assert_eq!(dirs("NCA").len(), 20);
        assert_eq!(dirs("K").len(), 8);
        assert_eq!(dirs("Q").len(), 8);
        assert!(dirs("Q").iter().all(|&(_, _, r)| r == 0));
    }

    #[test]
    fn riders_by_doubling_and_number() {
        assert!(dirs("NN").iter().all(|&(_, _, r)| r == 0));
        assert!(dirs("WW").iter().all(|&(_, _, r)| r == 0));
        assert!(dirs("R3").iter().all(|&(_, _, r)| r == 3));
        assert_eq!(dirs("WW"), dirs("R"));
        assert_eq!(dirs("FF"), dirs("B"));
    }

    #[test]
    fn fide_pawn_modifiers() {
        let spec = parse("fmWfcFifmnD").expect("valid");
        let v = &spec.vectors;
        assert_eq!(v.len(), 4);
        assert!(v.contains(&Vector {
            df: 0,
            dr: 1,
            range: 1,
            mode: Mode::Move,
            initial: false,
            lame: false,
            crooked: false
        }));
        assert!(v.contains(&Vector {
            df: 1,
            dr: 1,
            range: 1,
            mode: Mode::Capture,
            initial: false,
            lame: false,
            crooked: false
        }));
        assert!(v.contains(&Vector {
            df: 0,
            dr: 2,
            range: 1,
            mode: Mode::Move,
            initial: true,
            lame: true,
            crooked: false
        }));
    }

    #[test]
    fn direction_modifiers_on_each_atom_kind() {
        assert_eq!(dirs("fF"), vec![(-1, 1, 1), (1, 1, 1)]);
        assert_eq!(dirs("bW"), vec![(0, -1, 1)]);
        assert_eq!(dirs("sW"), vec![(-1, 0, 1), (1, 0, 1)]);
        assert_eq!(dirs("vW"), vec![(0, -1, 1), (0, 1, 1)]);
        assert_eq!(dirs("flF"), vec![(-1, 1, 1)]);
        assert_eq!(dirs("fN").len(), 4);
        assert_eq!(dirs("ffN"), vec![(-1, 2, 1), (1, 2, 1)]);
    }

    #[test]
    fn crooked_fox_compiles() {
        let spec = parse("bWzF3").expect("valid");
        assert!(spec.vectors.iter().any(|v| v.crooked && v.range == 3));
        assert!(spec.vectors.iter().any(|v| (v.df, v.dr) == (0, -1)));
    }

    #[test]
    fn errors_name_the_column() {
        assert_eq!(
            parse("fX"),
            Err(ParseBetzaError::UnknownLetter {
                letter: 'X',
                column: 2
            })
        );
        assert_eq!(
            parse("Nfm"),
            Err(ParseBetzaError::DanglingModifiers { column: 2 })
        );
        assert_eq!(parse(""), Err(ParseBetzaError::Empty));
    }
}
