//! The PASGL position string (RULINGS N7; documented in docs/formats.md):
//!
//! ```text
//! tsfhbdwt/pppppppp/8/10/10/8/PPPPPPPP/TSFHBDWT w 0 0-0 0
//! ```
//!
//! Fields: the board (ranks from 8 down; ranks 5 and 4 have ten cells
//! `z a ... h x`, the others eight), the side to move, the Train count `k`
//! (0–19) with its riders, the scores `white-black`, and the run of passes.
//!
//! A critter is `[*][-]Letter[^|~][@home]`: `*` stinky, `-` a lunch-carrier
//! without lunch, `^` boarding and `~` leaving (terminal squares only, and
//! required there), `@e4` a home square other than the kind's start
//! square. Several critters on one square are written in parentheses in
//! arrival order: `(Pt)`. Riders follow the count after `:`, head car then
//! tail car: `13:F/dS`.

use super::movegen::MAX_DISPLACEMENT_CHOICES;
use super::{Critter, Kind, MAX_CRITTERS, Position, Stack, Transit, geometry, is_terminal};
use crate::rules::core::{Color, Square};

/// Why a PASGL position string was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseFenError {
    /// Not the five space-separated fields.
    #[error("expected 5 fields (board, side, train, scores, passes), found {0}")]
    FieldCount(usize),
    /// The board field is wrong.
    #[error("board: {0}")]
    Board(String),
    /// The side to move is not `w` or `b`.
    #[error("side to move: expected 'w' or 'b'")]
    Side,
    /// The train field is wrong.
    #[error("train: {0}")]
    Train(String),
    /// The scores are not `white-black` in whole points.
    #[error("scores: expected two numbers joined by '-', as in 0-0")]
    Scores,
    /// The pass count is not a number.
    #[error("passes: expected a number")]
    Passes,
    /// The position breaks a rule of the game.
    #[error("{0}")]
    Invalid(String),
}

fn board_err(s: impl Into<String>) -> ParseFenError {
    ParseFenError::Board(s.into())
}

/// Reads one critter token at `s[*i..]`.
pub(super) fn critter(s: &[u8], i: &mut usize) -> Result<Critter, String> {
    let mut stinky = false;
    let mut lunchless = false;
    if s.get(*i) == Some(&b'*') {
        stinky = true;
        *i += 1;
    }
    if s.get(*i) == Some(&b'-') {
        lunchless = true;
        *i += 1;
    }
    let Some(&l) = s.get(*i) else {
        return Err("expected a critter letter".into());
    };
    let kind = Kind::from_letter(l.to_ascii_uppercase())
        .ok_or_else(|| format!("unknown critter letter '{}'", char::from(l)))?;
    *i += 1;
    let color = if l.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    let mut c = Critter::new(color, kind);
    c.stinky = stinky;
    if lunchless {
        if !kind.carries_lunch() {
            return Err(format!(
                "the {} carries no lunch; drop the '-'",
                kind.name()
            ));
        }
        c.lunch = false;
    }
    match s.get(*i) {
        Some(b'^') => {
            c.transit = Transit::Boarding;
            *i += 1;
        }
        Some(b'~') => {
            c.transit = Transit::Leaving;
            *i += 1;
        }
        _ => {}
    }
    if s.get(*i) == Some(&b'@') {
        let (sq, n) = geometry()
            .parse_square_prefix(&s[*i + 1..])
            .ok_or("expected a home square after '@'")?;
        if !kind.carries_lunch() {
            return Err(format!(
                "the {} carries no lunch and has no home",
                kind.name()
            ));
        }
        if Some(sq) == c.home {
            return Err(format!(
                "{} is the default home; leave it out",
                geometry().square_name(sq)
            ));
        }
        c.home = Some(sq);
        *i += 1 + n;
    }
    Ok(c)
}

pub(super) fn write_critter(c: &Critter, out: &mut String) {
    if c.stinky {
        out.push('*');
    }
    if c.is_lunchless() {
        out.push('-');
    }
    out.push(c.letter());
    match c.transit {
        Transit::Boarding => out.push('^'),
        Transit::Leaving => out.push('~'),
        Transit::None => {}
    }
    if c.home != c.kind.start_square(c.color) {
        if let Some(h) = c.home {
            out.push('@');
            geometry().push_square_name(h, out);
        }
    }
}

/// Reads a list of critters up to the end of `s`.
fn critter_list(s: &[u8]) -> Result<Stack, String> {
    let mut stack = Stack::new();
    let mut i = 0;
    while i < s.len() {
        let c = critter(s, &mut i)?;
        stack
            .try_push(c)
            .map_err(|_| format!("more than {MAX_CRITTERS} critters"))?;
    }
    Ok(stack)
}

impl Position {
    /// Reads a position string.
    ///
    /// # Errors
    ///
    /// [`ParseFenError`] naming the field that is wrong, or the rule the
    /// position breaks.
    ///
    /// # Examples
    ///
    /// ```
    /// use xpgn::rules::pasgl::Position;
    ///
    /// let fen = "tsfhbdwt/pppppppp/8/10/10/8/PPPPPPPP/TSFHBDWT w 0 0-0 0";
    /// assert_eq!(Position::from_fen(fen).unwrap().to_fen(), fen);
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, ParseFenError> {
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        if fields.len() != 5 {
            return Err(ParseFenError::FieldCount(fields.len()));
        }
        let mut p = Position::empty();
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(board_err(format!(
                "expected 8 ranks, found {}",
                ranks.len()
            )));
        }
        let mut count = 0usize;
        for (row, text) in ranks.iter().enumerate() {
            let rank = 7 - row as u8;
            let wide = matches!(rank, 3 | 4);
            let (first, width) = if wide { (0u8, 10u8) } else { (1, 8) };
            let s = text.as_bytes();
            let mut file = first;
            let mut i = 0;
            let name = rank + 1;
            while i < s.len() {
                if s[i].is_ascii_digit() {
                    let start = i;
                    while i < s.len() && s[i].is_ascii_digit() {
                        i += 1;
                    }
                    let n: u8 = text[start..i]
                        .parse()
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or_else(|| board_err(format!("rank {name}: bad empty count")))?;
                    file = file.saturating_add(n);
                    continue;
                }
                let mut group = Stack::new();
                if s[i] == b'(' {
                    let end = text[i..]
                        .find(')')
                        .map(|e| i + e)
                        .ok_or_else(|| board_err(format!("rank {name}: unclosed '('")))?;
                    group = critter_list(&s[i + 1..end])
                        .map_err(|e| board_err(format!("rank {name}: {e}")))?;
                    if group.len() < 2 {
                        return Err(board_err(format!(
                            "rank {name}: parentheses hold two or more critters"
                        )));
                    }
                    i = end + 1;
                } else {
                    let c =
                        critter(s, &mut i).map_err(|e| board_err(format!("rank {name}: {e}")))?;
                    group.push(c);
                }
                if file >= first + width {
                    return Err(board_err(format!("rank {name} has too many cells")));
                }
                let sq = Square::new(file, rank).expect("invariant: file < 10, rank < 8");
                for c in group {
                    count += 1;
                    if count > MAX_CRITTERS {
                        return Err(board_err(format!("more than {MAX_CRITTERS} critters")));
                    }
                    p.put(sq, c);
                }
                file += 1;
            }
            if file != first + width {
                return Err(board_err(format!(
                    "rank {name} has {} cells, expected {width}",
                    file.saturating_sub(first)
                )));
            }
        }
        p.turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(ParseFenError::Side),
        };
        let (k, rest) = match fields[2].split_once(':') {
            Some((k, r)) => (k, Some(r)),
            None => (fields[2], None),
        };
        p.train = match k.parse::<u8>() {
            Ok(n) if n < 20 && n.to_string() == k => n,
            _ => return Err(ParseFenError::Train("expected a count from 0 to 19".into())),
        };
        if let Some(r) = rest {
            let (h, t) = r.split_once('/').ok_or_else(|| {
                ParseFenError::Train("expected head and tail riders joined by '/'".into())
            })?;
            for (car, list) in [(0, h), (1, t)] {
                for mut c in critter_list(list.as_bytes()).map_err(ParseFenError::Train)? {
                    if c.transit != Transit::None {
                        return Err(ParseFenError::Train("riders carry no '^' or '~'".into()));
                    }
                    count += 1;
                    if count > MAX_CRITTERS {
                        return Err(ParseFenError::Train(format!(
                            "more than {MAX_CRITTERS} critters"
                        )));
                    }
                    c.transit = Transit::Boarding;
                    c.id = p.next_id;
                    p.next_id += 1;
                    p.stinky_seen |= c.stinky;
                    let _ = p.board.push(super::car_slot(car), c);
                }
            }
            if p.riders().iter().all(|r| r.is_empty()) {
                return Err(ParseFenError::Train("no riders after ':'".into()));
            }
        }
        let (w, b) = fields[3].split_once('-').ok_or(ParseFenError::Scores)?;
        let num = |s: &str| -> Result<i32, ParseFenError> {
            match s.parse::<i32>() {
                Ok(n) if n >= 0 && n.to_string() == s => Ok(n),
                _ => Err(ParseFenError::Scores),
            }
        };
        p.score.white = num(w)?;
        p.score.black = num(b)?;
        p.passes = match fields[4].parse::<u16>() {
            Ok(n) if n.to_string() == fields[4] => n,
            _ => return Err(ParseFenError::Passes),
        };
        p.validate()?;
        p.count_bears();
        Ok(p)
    }

    fn validate(&self) -> Result<(), ParseFenError> {
        let g = geometry();
        let invalid = |s: String| Err(ParseFenError::Invalid(s));
        for color in Color::ALL {
            let bears = self
                .occupied()
                .flat_map(|(_, s)| s.iter())
                .chain(self.riders().into_iter().flatten())
                .filter(|c| c.kind == Kind::Bear && c.color == color)
                .count();
            if bears > 1 {
                return invalid(format!("{} has more than one Bear", color.name()));
            }
        }
        for (sq, stack) in self.occupied() {
            let name = g.square_name(sq);
            if self.is_train(sq) && !is_terminal(sq) {
                return invalid(format!("critters on {name}, under the Train"));
            }
            for c in stack {
                if is_terminal(sq) != (c.transit != Transit::None) {
                    return invalid(format!(
                        "{name}: critters on terminals are boarding (^) or leaving (~), others neither"
                    ));
                }
                if c.kind == Kind::Bear
                    && (is_terminal(sq) || !super::movegen::in_own_half(c.color, sq))
                {
                    return invalid(format!("{name}: a Bear stays in its own half"));
                }
                let last = if c.color == Color::White { 7 } else { 0 };
                if c.kind == Kind::Shrew && sq.rank() == last {
                    return invalid(format!("{name}: a Shrew on its last rank is a Chipmunk"));
                }
            }
        }
        if self
            .riders()
            .into_iter()
            .flatten()
            .any(|c| c.kind == Kind::Bear)
        {
            return invalid("a Bear never rides the Train".into());
        }
        // Each displacement choice is a move (P20): bound them so that
        // listing the moves cannot exhaust memory.
        if let Some((to, n)) = self
            .widest_displacement()
            .filter(|&(_, n)| n > MAX_DISPLACEMENT_CHOICES)
        {
            return invalid(format!(
                "a Bear entering {} would have {n} displacement choices, each a move (P20); \
                 xpgn lists at most {MAX_DISPLACEMENT_CHOICES}",
                g.square_name(to)
            ));
        }
        Ok(())
    }

    /// The position string; [`from_fen`](Self::from_fen) reads it back.
    pub fn to_fen(&self) -> String {
        let mut out = String::with_capacity(80);
        for rank in (0..8u8).rev() {
            let (first, width) = if matches!(rank, 3 | 4) {
                (0u8, 10u8)
            } else {
                (1, 8)
            };
            let mut empty = 0;
            for file in first..first + width {
                let sq = Square::new(file, rank).expect("invariant: grid cell");
                let stack = self.stack(sq);
                if stack.is_empty() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                if stack.len() > 1 {
                    out.push('(');
                }
                for c in stack {
                    write_critter(c, &mut out);
                }
                if stack.len() > 1 {
                    out.push(')');
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(self.turn.char());
        out.push(' ');
        out.push_str(&self.train.to_string());
        if self.riders().iter().any(|r| !r.is_empty()) {
            out.push(':');
            for (i, car) in self.riders().into_iter().enumerate() {
                if i == 1 {
                    out.push('/');
                }
                for c in car {
                    write_critter(
                        &Critter {
                            transit: Transit::None,
                            ..*c
                        },
                        &mut out,
                    );
                }
            }
        }
        out.push_str(&format!(
            " {}-{} {}",
            self.score.white, self.score.black, self.passes
        ));
        out
    }
}
