//! Move-token grammars (RULINGS N2 to N6): SAN and LAN piece moves, castling,
//! the squares family (`@@f3`, `@g8-e6`, postal comma turns) and PASGL critter
//! actions. The grammar is picked per game, never guessed from the token
//! (STYLE B6): in PASGL `x` is a file and only `:` marks a capture.
//!
//! Parsers are `complete` nom parsers over `&[u8]`, one per grammar rule,
//! each taking the game's [`Grammar`]. The reader strips check marks and
//! suffix annotations before a token gets here.
//!
//! [`parse_move`] first tries a hand-written fast path (module `fast`),
//! because parsing move tokens through nom's combinators was a large part
//! of checking an archive. It is the same grammar written as plain code
//! over byte offsets, trying the alternatives in nom's order, for every
//! grammar but PASGL; wherever nom would fail it gives up, and the nom
//! parsers decide (and word the error). A differential test keeps it
//! honest: on random tokens from the move alphabet and on every move token
//! of the test fixtures and a corpus sample, [`parse_move`] and
//! [`parse_move_reference`] (nom alone) must agree.

use arrayvec::ArrayVec;
use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::combinator::{cut, opt, value};
use nom::error::context;

use super::error::{NotationError, PResult};
pub use crate::written::{
    Action, CastleSide, Coord, CritterAction, CritterKind, Displaced, Grammar, GrammarError,
    MAX_ACTIONS, MAX_DISPLACED, MoveToken, PieceMove, coord_name,
};
use crate::written::{CAPTURE_MARK, SEPARATOR};
/// Why a move token does not follow the game's notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    /// Nothing to parse.
    #[error("empty move")]
    Empty,
    /// An upper-case letter the game has no piece for.
    #[error("unknown piece letter '{}'", char::from(*.0))]
    UnknownPiece(u8),
    /// More actions than a turn can hold.
    #[error("more than {MAX_ACTIONS} actions in one turn")]
    TooManyActions,
    /// The syntax is wrong at byte `at` of the token.
    #[error("{expected} (at byte {at})")]
    Syntax {
        /// Byte offset into the token.
        at: usize,
        /// What was expected there.
        expected: &'static str,
    },
}

impl ParseMoveError {
    /// The byte offset into the token where it went wrong, if known.
    pub fn offset(&self) -> Option<usize> {
        match self {
            ParseMoveError::Syntax { at, .. } => Some(*at),
            _ => None,
        }
    }
}

/// Parses one move token (as the reader gives it: no check mark, no
/// suffix annotation) with the game's grammar.
///
/// # Errors
///
/// [`ParseMoveError`] naming what is wrong and where.
///
/// # Examples
///
/// ```
/// use xpgn::notation::token::{Action, Grammar, parse_move};
///
/// let m = parse_move(&Grammar::chess(), b"exd5").unwrap();
/// let Some(Action::Piece(p)) = m.first() else { panic!() };
/// assert!(p.capture && p.from_file == Some(4));
/// ```
pub fn parse_move(grammar: &Grammar, token: &[u8]) -> Result<MoveToken, ParseMoveError> {
    let mut out = MoveToken {
        actions: ArrayVec::new(),
    };
    parse_move_into(grammar, token, &mut out)?;
    Ok(out)
}

/// The token as one action when the hand-written fast path reads it whole:
/// what [`parse_move`] would return as a one-action token. `None` means
/// "ask [`parse_move`]" (a turn of several actions, an error, PASGL, any
/// token of the squares family's grammar).
#[inline]
pub fn parse_single_action(grammar: &Grammar, token: &[u8]) -> Option<Action> {
    // The squares family's tokens are mostly comma turns, and no quick
    // resolver reads its actions: `parse_move` reads them once.
    if grammar.squares {
        return None;
    }
    fast::single(grammar, token)
}

/// [`parse_move`] into a token the caller reuses from move to move (a
/// token is a few hundred bytes: the verifier's hot path does not copy it).
///
/// # Errors
///
/// As [`parse_move`]; `out` then holds nothing meaningful.
#[inline]
pub fn parse_move_into(
    grammar: &Grammar,
    token: &[u8],
    out: &mut MoveToken,
) -> Result<(), ParseMoveError> {
    out.actions.clear();
    if grammar.squares {
        // A turn reads a token of one action as `single` does (the tests
        // compare them), so a comma turn, the squares family's usual
        // token, is read once instead of failing `single` first.
        if fast::turn(grammar, token, &mut out.actions) {
            return Ok(());
        }
    } else if let Some(a) = fast::single(grammar, token) {
        out.actions.push(a);
        return Ok(());
    }
    *out = parse_move_reference(grammar, token)?;
    Ok(())
}

/// [`parse_move`] through the nom grammar alone, without the hand-written
/// fast path: the reference that the fast path is tested against. Gives
/// the same result as [`parse_move`] for every token, only slower.
///
/// # Errors
///
/// [`ParseMoveError`] naming what is wrong and where.
pub fn parse_move_reference(grammar: &Grammar, token: &[u8]) -> Result<MoveToken, ParseMoveError> {
    if token.is_empty() {
        return Err(ParseMoveError::Empty);
    }
    let parsed = if grammar.pasgl {
        pasgl_action(grammar, token).map(|(rest, a)| {
            let mut actions = ArrayVec::new();
            actions.push(a);
            (rest, MoveToken { actions })
        })
    } else {
        postal_turn(grammar, token)
    };
    match parsed {
        Ok((&[], m)) => Ok(m),
        Ok((rest, _)) => Err(ParseMoveError::Syntax {
            at: token.len() - rest.len(),
            expected: "expected the end of the move",
        }),
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => Err(match e.unknown_piece {
            Some(p) => ParseMoveError::UnknownPiece(p),
            None if e.expected == TOO_MANY => ParseMoveError::TooManyActions,
            None => ParseMoveError::Syntax {
                at: e.offset(token),
                expected: e.expected,
            },
        }),
        Err(nom::Err::Incomplete(_)) => Err(ParseMoveError::Syntax {
            at: token.len(),
            expected: "unexpected end of the move",
        }),
    }
}

const TOO_MANY: &str = "too many actions in one turn";

/// A recoverable error; an enclosing `context` names it better.
fn fail<'a, T>(i: &'a [u8], expected: &'static str) -> PResult<'a, T> {
    Err(nom::Err::Error(NotationError::unlabelled(i, expected)))
}

// ----- grammar rules -----

/// A file letter of the grammar.
pub fn file<'a>(g: &Grammar, i: &'a [u8]) -> PResult<'a, u8> {
    match i.first().and_then(|&b| g.file_index(b)) {
        Some(f) => Ok((&i[1..], f)),
        None => fail(i, "expected a file letter"),
    }
}

/// A rank number, 1 or 2 digits, within the grammar's ranks; returns it 0-based.
pub fn rank<'a>(g: &Grammar, i: &'a [u8]) -> PResult<'a, u8> {
    let digit = |k: usize| i.get(k).filter(|b| b.is_ascii_digit()).map(|b| b - b'0');
    let Some(d0) = digit(0).filter(|&d| d > 0) else {
        return fail(i, "expected a rank number");
    };
    // Two digits when they make a rank of this board (`k12`), else one.
    if let Some(d1) = digit(1) {
        let two = d0 * 10 + d1;
        if two <= g.ranks {
            return Ok((&i[2..], two - 1));
        }
        return Err(nom::Err::Error(NotationError::new(i, "rank out of range")));
    }
    if d0 <= g.ranks {
        Ok((&i[1..], d0 - 1))
    } else {
        Err(nom::Err::Error(NotationError::new(i, "rank out of range")))
    }
}

/// A square: file letter and rank (`e4`, `k12`, `z5`).
pub fn square<'a>(g: &Grammar, i: &'a [u8]) -> PResult<'a, Coord> {
    let (i, file) = file(g, i)?;
    let (i, rank) = rank(g, i)?;
    Ok((i, Coord { file, rank }))
}

/// An upper-case piece letter the grammar knows; an unknown upper-case
/// letter is a failure naming it.
pub fn piece_letter<'a>(g: &Grammar, i: &'a [u8]) -> PResult<'a, u8> {
    match i.first() {
        Some(&b) if g.is_piece(b) => Ok((&i[1..], b)),
        Some(&b) if b.is_ascii_uppercase() => {
            let mut e = NotationError::new(i, "unknown piece letter");
            e.unknown_piece = Some(b);
            Err(nom::Err::Failure(e))
        }
        _ => fail(i, "expected a piece letter"),
    }
}

/// `x` (unless a file) or `:` marks a capture, `-` a move; returns whether it captures.
pub fn separator<'a>(g: &Grammar, i: &'a [u8]) -> PResult<'a, bool> {
    match i.first() {
        Some(b'-') => Ok((&i[1..], false)),
        Some(b':') => Ok((&i[1..], true)),
        Some(b'x') if g.x_capture => Ok((&i[1..], true)),
        _ => fail(i, "expected '-', 'x' or ':'"),
    }
}

/// `=Q`, `(Q)`, `Q` or UCI `q` after the destination; returns the upper-case letter.
pub fn promotion<'a>(g: &Grammar, i: &'a [u8]) -> PResult<'a, u8> {
    match i.first() {
        Some(b'=') => cut(context("expected a piece letter after '='", |i| {
            piece_letter(g, i)
        }))
        .parse_complete(&i[1..]),
        Some(b'(') => {
            let (i, p) = cut(context("expected a piece letter after '('", |i| {
                piece_letter(g, i)
            }))
            .parse_complete(&i[1..])?;
            let (i, _) = cut(context("expected ')' after the promotion", tag(&b")"[..])))
                .parse_complete(i)?;
            Ok((i, p))
        }
        Some(&b) if b.is_ascii_lowercase() && g.is_piece(b.to_ascii_uppercase()) => {
            Ok((&i[1..], b.to_ascii_uppercase()))
        }
        Some(&b) if b.is_ascii_uppercase() => piece_letter(g, i),
        _ => fail(i, "expected a promotion"),
    }
}

/// `O-O`, `O-O-O`, `0-0`, `0-0-0`.
pub fn castle(i: &[u8]) -> PResult<'_, CastleSide> {
    alt((
        value(CastleSide::Queen, tag(&b"O-O-O"[..])),
        value(CastleSide::Queen, tag(&b"0-0-0"[..])),
        value(CastleSide::King, tag(&b"O-O"[..])),
        value(CastleSide::King, tag(&b"0-0"[..])),
    ))
    .parse_complete(i)
}

/// `--`: a null move or pass.
pub fn pass(i: &[u8]) -> PResult<'_, ()> {
    value((), tag(&b"--"[..])).parse_complete(i)
}

/// The origin and capture mark of a piece move, then its destination.
fn origin_and_target<'a>(
    g: &Grammar,
    i: &'a [u8],
) -> PResult<'a, (Option<u8>, Option<u8>, bool, Coord)> {
    let sep = |i| opt(|i| separator(g, i)).parse_complete(i);
    alt((
        |i| {
            let (i, from) = square(g, i)?;
            let (i, cap) = sep(i)?;
            let (i, to) = square(g, i)?;
            Ok((
                i,
                (Some(from.file), Some(from.rank), cap.unwrap_or(false), to),
            ))
        },
        |i| {
            let (i, f) = file(g, i)?;
            let (i, cap) = sep(i)?;
            let (i, to) = square(g, i)?;
            Ok((i, (Some(f), None, cap.unwrap_or(false), to)))
        },
        |i| {
            let (i, r) = rank(g, i)?;
            let (i, cap) = sep(i)?;
            let (i, to) = square(g, i)?;
            Ok((i, (None, Some(r), cap.unwrap_or(false), to)))
        },
        |i| {
            let (i, cap) = sep(i)?;
            let (i, to) =
                context("expected a destination square", |i| square(g, i)).parse_complete(i)?;
            Ok((i, (None, None, cap.unwrap_or(false), to)))
        },
    ))
    .parse_complete(i)
}

/// A SAN or LAN piece move: `Nf3`, `exd5`, `Nbd2`, `R1a3`, `Qh4e1`,
/// `e8=Q`, `Ng1-f3`, `d6:e5`, `e7e8q`.
pub fn piece_move<'a>(g: &Grammar, i: &'a [u8]) -> PResult<'a, PieceMove> {
    let (i, piece) = opt(|i| piece_letter(g, i)).parse_complete(i)?;
    let (i, (from_file, from_rank, capture, to)) = origin_and_target(g, i)?;
    let (i, promotion) = opt(|i| promotion(g, i)).parse_complete(i)?;
    Ok((
        i,
        PieceMove {
            piece,
            from_file,
            from_rank,
            capture,
            to,
            promotion,
        },
    ))
}

/// `@@f3`: place a square from reserve.
pub fn place_square<'a>(g: &Grammar, i: &'a [u8]) -> PResult<'a, Coord> {
    let (i, _) = tag(&b"@@"[..]).parse_complete(i)?;
    cut(context("expected a square after '@@'", |i| square(g, i))).parse_complete(i)
}

/// `@g8-e6`: move a square; `@c7-b8=N`: and promote the pawn it carries
/// (only the `=` form: a square move is never written in SAN).
pub fn move_square<'a>(g: &Grammar, i: &'a [u8]) -> PResult<'a, (Coord, Coord, Option<u8>)> {
    let (i, _) = tag(&b"@"[..]).parse_complete(i)?;
    cut(|i| {
        let (i, from) =
            context("expected a square after '@'", |i| square(g, i)).parse_complete(i)?;
        let (i, _) =
            context("expected '-' between the squares", tag(&b"-"[..])).parse_complete(i)?;
        let (i, to) =
            context("expected the destination square", |i| square(g, i)).parse_complete(i)?;
        let (i, promotion) = match i.first() {
            Some(b'=') => {
                let (i, p) = context("expected a piece letter after '='", |i| piece_letter(g, i))
                    .parse_complete(&i[1..])?;
                (i, Some(p))
            }
            _ => (i, None),
        };
        Ok((i, (from, to, promotion)))
    })
    .parse_complete(i)
}

/// One action of a (non-PASGL) turn.
pub fn action<'a>(g: &Grammar, i: &'a [u8]) -> PResult<'a, Action> {
    if g.drops {
        if let Some(parsed) = drop_piece(g, i) {
            return parsed;
        }
    }
    if g.squares {
        if i.starts_with(b"@@") {
            return place_square(g, i).map(|(i, to)| (i, Action::PlaceSquare { to }));
        }
        if i.starts_with(b"@") {
            return move_square(g, i).map(|(i, (from, to, promotion))| {
                (
                    i,
                    Action::MoveSquare {
                        from,
                        to,
                        promotion,
                    },
                )
            });
        }
    }
    let piece = |i| piece_move(g, i).map(|(i, m)| (i, Action::Piece(m)));
    // Dispatch on the first byte: nearly every token is a piece move, and
    // trying castling and passes first costs a failed parse each time.
    match i.first() {
        Some(b'O' | b'0') => {
            alt((|i| castle(i).map(|(i, c)| (i, Action::Castle(c))), piece)).parse_complete(i)
        }
        Some(b'-') => alt((|i| pass(i).map(|(i, ())| (i, Action::Pass)), piece)).parse_complete(i),
        _ => piece(i),
    }
}

/// `N@f3`, `P@e4`, `@e4`: a Crazyhouse drop (a missing letter is a
/// pawn); `None` when the token is no drop.
pub fn drop_piece<'a>(g: &Grammar, i: &'a [u8]) -> Option<PResult<'a, Action>> {
    let (piece, rest) = match i {
        [b'@', ..] => (b'P', i),
        [p, b'@', ..] if g.is_piece(*p) => (*p, &i[1..]),
        _ => return None,
    };
    let rest = &rest[1..];
    Some(
        cut(context("expected a square after '@'", |i| square(g, i)))
            .parse_complete(rest)
            .map(|(i, to)| (i, Action::Drop { piece, to })),
    )
}

/// A whole turn: one action, or in the squares family several joined by
/// commas (`Ng1-f3,@@e3`, `e2-e4,@d2-d4,@@c3`).
pub fn postal_turn<'a>(g: &Grammar, i: &'a [u8]) -> PResult<'a, MoveToken> {
    let (mut i, first) = action(g, i)?;
    let mut actions = ArrayVec::new();
    actions.push(first);
    while g.squares && i.first() == Some(&b',') {
        let (rest, a) = cut(context("expected an action after ','", |i| action(g, i)))
            .parse_complete(&i[1..])?;
        if actions.try_push(a).is_err() {
            return Err(nom::Err::Failure(NotationError::new(i, TOO_MANY)));
        }
        i = rest;
    }
    Ok((i, MoveToken { actions }))
}

/// PASGL victims after `/`: one letter (`/F`), or a Bear's displacement
/// list (`/Tc5/Fe5`).
pub fn victims<'a>(g: &Grammar, i: &'a [u8]) -> PResult<'a, (Option<u8>, Displaced)> {
    let critter = |i: &'a [u8]| match i.first() {
        Some(&b) if g.is_piece(b.to_ascii_uppercase()) => Ok((&i[1..], b.to_ascii_uppercase())),
        Some(&b) if b.is_ascii_alphabetic() => {
            let mut e = NotationError::new(i, "unknown critter letter");
            e.unknown_piece = Some(b.to_ascii_uppercase());
            Err(nom::Err::Failure(e))
        }
        _ => Err(nom::Err::Failure(NotationError::new(
            i,
            "expected a critter letter after '/'",
        ))),
    };
    let mut displaced = ArrayVec::new();
    let mut i = i;
    while i.first() == Some(&b'/') {
        let (rest, c) = critter(&i[1..])?;
        match square(g, rest) {
            Ok((rest, at)) => {
                if displaced.try_push((c, at)).is_err() {
                    return Err(nom::Err::Failure(NotationError::new(
                        i,
                        "more than 8 displaced critters",
                    )));
                }
                i = rest;
            }
            Err(_) if displaced.is_empty() => return Ok((rest, (Some(c), displaced))),
            Err(_) => {
                return Err(nom::Err::Failure(NotationError::new(
                    rest,
                    "expected the displaced critter's square",
                )));
            }
        }
    }
    Ok((i, (None, displaced)))
}

/// A PASGL critter action: `Df1-e3`, `*-Te1-e2`, `Hd2>d5/F`, `Bd3-d4/Tc5/Fe5`.
pub fn critter_action<'a>(g: &Grammar, i: &'a [u8]) -> PResult<'a, CritterAction> {
    let (i, stinky) = opt(tag(&b"*"[..])).parse_complete(i)?;
    let (i, lunchless) = opt(tag(&b"-"[..])).parse_complete(i)?;
    let (i, critter) =
        context("expected a critter letter", |i| piece_letter(g, i)).parse_complete(i)?;
    cut(|i| {
        let (i, from) =
            context("expected the critter's square", |i| square(g, i)).parse_complete(i)?;
        let (i, (mark, to)) = context(
            "expected '-', ':' or '>' and a square",
            (alt((tag(&b"-"[..]), tag(&b":"[..]), tag(&b">"[..]))), |i| {
                square(g, i)
            }),
        )
        .parse_complete(i)?;
        let kind = if mark == b">" {
            CritterKind::Shot { to }
        } else {
            CritterKind::Move { to }
        };
        let (i, (victim, displaced)) = victims(g, i)?;
        Ok((
            i,
            CritterAction {
                stinky: stinky.is_some(),
                lunchless: lunchless.is_some(),
                critter,
                from,
                kind,
                capture: mark == b":",
                victim,
                displaced,
            },
        ))
    })
    .parse_complete(i)
}

/// `_Pd4`: a critter run over by the Train.
pub fn roadkill<'a>(g: &Grammar, i: &'a [u8]) -> PResult<'a, (u8, Coord)> {
    let (i, _) = tag(&b"_"[..]).parse_complete(i)?;
    cut(|i| {
        let (i, c) = context("expected a critter letter after '_'", |i| {
            piece_letter(g, i)
        })
        .parse_complete(i)?;
        let (i, at) =
            context("expected a square after the critter", |i| square(g, i)).parse_complete(i)?;
        Ok((i, (c, at)))
    })
    .parse_complete(i)
}

/// One PASGL token: a pass, a roadkill annotation or a critter action.
pub fn pasgl_action<'a>(g: &Grammar, i: &'a [u8]) -> PResult<'a, Action> {
    if i == b"--" {
        return Ok((&i[2..], Action::Pass));
    }
    if i.first() == Some(&b'_') {
        return roadkill(g, i).map(|(i, (critter, at))| (i, Action::Roadkill { critter, at }));
    }
    critter_action(g, i).map(|(i, a)| (i, Action::Critter(a)))
}

mod fast;

#[cfg(test)]
mod tests;
