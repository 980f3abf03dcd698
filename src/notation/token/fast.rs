//! The fast path of [`parse_move`](super::parse_move): the non-PASGL move
//! grammar of the parent module written as plain code over byte offsets.
//!
//! Each function mirrors the nom rule of the same name and tries the
//! alternatives in the same order, so where it succeeds it makes the same
//! choices. It returns `None` wherever the nom rule fails (recoverably or
//! not), and the caller then asks nom, which also words the error. The
//! differential tests in `tests.rs` compare the two.
//!
//! Everything is inlined into [`single`]: one function body per token,
//! without calls or copies of the intermediate results.

use arrayvec::ArrayVec;

use super::{
    Action, CastleSide, Coord, CritterAction, CritterKind, Grammar, MAX_ACTIONS, PieceMove,
};

/// A byte offset into the token and what was read up to it.
type Step<T> = Option<(usize, T)>;

/// The token's one action, when it is one action the grammar accepts
/// whole; `None` when nom should decide, or when the token is a turn of
/// several actions (see [`turn`]). For PASGL, the critter actions and the
/// pass ([`critter`]).
#[inline(always)]
pub(super) fn single(g: &Grammar, t: &[u8]) -> Option<Action> {
    if g.pasgl {
        return critter(g, t);
    }
    match ordinary(g, t) {
        Some(a) => Some(a),
        None => single_other(g, t),
    }
}

/// [`single`] for the tokens [`ordinary`] does not take: castling, then
/// the whole grammar (out of line: it keeps the ordinary path short).
#[inline(never)]
fn single_other(g: &Grammar, t: &[u8]) -> Option<Action> {
    match t {
        b"O-O" | b"0-0" => return Some(Action::Castle(CastleSide::King)),
        b"O-O-O" | b"0-0-0" => return Some(Action::Castle(CastleSide::Queen)),
        _ => {}
    }
    let (k, a) = action(g, t, 0)?;
    (k == t.len()).then_some(a)
}

/// The ordinary SAN and LAN shapes, read from the end: an optional
/// promotion (`=Q`, `Q`, `q`), the destination square (one-digit rank),
/// and before it an optional piece letter, origin (file, rank, both or
/// neither) and separator. `None` for anything else (castling, two-digit
/// ranks, `(Q)`, squares-family forms, ...), which [`action`] then reads.
///
/// Where it answers it gives [`action`]'s answer: for these shapes each
/// of nom's alternatives that comes first fails (a file letter is never a
/// digit, a separator or a piece letter, and a rank is one digit followed
/// by a letter, a separator or the end), so the tried order does not
/// matter; and no token it takes starts with castling (`O-O...` leaves
/// no origin it accepts). This is the verifier's per-move path: a few
/// byte tests instead of the alternatives tried one after another.
#[inline(always)]
pub(super) fn ordinary(g: &Grammar, t: &[u8]) -> Option<Action> {
    let (body, promotion) = match *t {
        [.., p] if p.is_ascii_digit() => (t, None),
        [.., b'=', p] if g.is_piece(p) => (&t[..t.len() - 2], Some(p)),
        [.., p] if g.is_piece(p) => (&t[..t.len() - 1], Some(p)),
        [.., p] if g.is_lower_piece(p) => (&t[..t.len() - 1], Some(p.to_ascii_uppercase())),
        _ => return None,
    };
    let [head @ .., tf, tr] = body else {
        return None;
    };
    let to = Coord {
        file: g.file_index(*tf)?,
        rank: one_digit_rank(g, *tr)?,
    };
    // Whether a move names its piece and marks a separator is data (a
    // third of the moves are pawn moves, a fifth captures), so both are
    // worked out as values rather than branches. `body` holds at least
    // the destination, so the bytes read exist whatever `head` holds.
    let n = head.len();
    let first = body[0];
    let is_piece = (n > 0) & g.is_piece(first);
    let start = usize::from(is_piece);
    let last = body[n.max(1) - 1];
    let sep = g.separator_class(last) & u8::from(n > start).wrapping_neg();
    let has_sep = sep & super::SEPARATOR != 0;
    let capture = sep & super::CAPTURE_MARK != 0;
    let piece = if is_piece { Some(first) } else { None };
    let head = head.get(start..n - usize::from(has_sep))?;
    let (from_file, from_rank) = match *head {
        [] => (None, None),
        [a] => match g.file_index(a) {
            Some(f) => (Some(f), None),
            None => (None, Some(one_digit_rank(g, a)?)),
        },
        [a, b] => (Some(g.file_index(a)?), Some(one_digit_rank(g, b)?)),
        _ => return None,
    };
    Some(Action::Piece(PieceMove {
        piece,
        from_file,
        from_rank,
        capture,
        to,
        promotion,
    }))
}

/// A rank written as one digit (the byte after it is no digit).
#[inline(always)]
fn one_digit_rank(g: &Grammar, b: u8) -> Option<u8> {
    let d = b.wrapping_sub(b'1');
    (d < g.digit_ranks).then_some(d)
}

/// Reads the whole token as one turn into `actions` (empty on entry), or
/// returns false when nom should decide (always for PASGL); `actions` is
/// then garbage.
pub(super) fn turn(g: &Grammar, t: &[u8], actions: &mut ArrayVec<Action, MAX_ACTIONS>) -> bool {
    if g.pasgl {
        return false;
    }
    if g.squares {
        if squares_turn(g, t, actions) {
            return true;
        }
        // Some shape the short reader does not take: the whole grammar.
        actions.clear();
    }
    let Some((mut k, first)) = action(g, t, 0) else {
        return false;
    };
    actions.push(first);
    while g.squares && t.get(k) == Some(&b',') {
        let Some((next, a)) = action(g, t, k + 1) else {
            return false;
        };
        if actions.try_push(a).is_err() {
            return false;
        }
        k = next;
    }
    k == t.len()
}

/// The squares family's usual turn read in one pass over its bytes: each
/// comma-separated action by its exact shape (`@@f3`, `@g8-e6`, or what
/// [`ordinary`] reads), with [`action`]'s answer; false for anything else
/// (castling, two-digit ranks, a bad byte, ...), which the
/// general loop of [`turn`] then reads. A comma ends an action as the end
/// of the token does (no rule reads one), so a piece move that [`ordinary`]
/// takes whole is what [`action`] reads up to the comma; and no shape
/// `ordinary` takes starts with `@`. Reading by shape saves about a sixth
/// of the general loop's work on a Moving Squares turn of three actions.
#[inline(always)]
fn squares_turn(g: &Grammar, t: &[u8], actions: &mut ArrayVec<Action, MAX_ACTIONS>) -> bool {
    let mut k = 0;
    loop {
        // A square action by its first byte (no scan for its end); a
        // piece move up to the next comma.
        let found = match t.get(k..) {
            Some(rest @ [b'@', ..]) => square_action(g, rest).map(|(n, a)| (a, k + n)),
            Some(rest) => {
                let end = rest
                    .iter()
                    .position(|&b| b == b',')
                    .map_or(t.len(), |i| k + i);
                t.get(k..end)
                    .and_then(|seg| ordinary(g, seg))
                    .map(|a| (a, end))
            }
            None => None,
        };
        let Some((a, end)) = found else {
            return false;
        };
        if actions.try_push(a).is_err() {
            return false;
        }
        match t.get(end) {
            None => return true,
            Some(b',') => k = end + 1,
            Some(_) => return false,
        }
    }
}

/// `@@f3`, `@g8-e6` and `@c7-b8=N` with one-digit ranks at the start of
/// `rest`, and their length, as [`other_action`] reads them when a comma
/// or the end follows (the caller tests that).
#[inline(always)]
fn square_action(g: &Grammar, rest: &[u8]) -> Option<(usize, Action)> {
    let at = |f: u8, r: u8| {
        Some(Coord {
            file: g.file_index(f)?,
            rank: one_digit_rank(g, r)?,
        })
    };
    match *rest {
        [b'@', b'@', f, r, ..] => Some((4, Action::PlaceSquare { to: at(f, r)? })),
        [b'@', f0, r0, b'-', f1, r1, ref tail @ ..] => {
            // A carried pawn's promotion (L17): `@c7-b8=N`.
            let (n, promotion) = match *tail {
                [b'=', p, ..] if g.is_piece(p) => (8, Some(p)),
                [b'=', ..] => return None,
                _ => (6, None),
            };
            let m = Action::MoveSquare {
                from: at(f0, r0)?,
                to: at(f1, r1)?,
                promotion,
            };
            Some((n, m))
        }
        _ => None,
    }
}

#[inline(always)]
fn file(g: &Grammar, t: &[u8], k: usize) -> Step<u8> {
    let f = g.file_index(*t.get(k)?)?;
    Some((k + 1, f))
}

#[inline(always)]
fn digit(t: &[u8], k: usize) -> Option<u8> {
    t.get(k).filter(|b| b.is_ascii_digit()).map(|b| b - b'0')
}

/// One digit, or two when a second follows (then they must make a rank of
/// the board: nom's `rank` does not fall back to one digit).
#[inline(always)]
fn rank(g: &Grammar, t: &[u8], k: usize) -> Step<u8> {
    let d0 = digit(t, k).filter(|&d| d > 0)?;
    match digit(t, k + 1) {
        Some(d1) => {
            let two = d0 * 10 + d1;
            (two <= g.ranks).then_some((k + 2, two - 1))
        }
        None => (d0 <= g.ranks).then_some((k + 1, d0 - 1)),
    }
}

#[inline(always)]
fn square(g: &Grammar, t: &[u8], k: usize) -> Step<Coord> {
    let (k, file) = file(g, t, k)?;
    let (k, rank) = rank(g, t, k)?;
    Some((k, Coord { file, rank }))
}

/// An optional separator: where the destination starts and whether a
/// capture was marked.
#[inline(always)]
fn separator(g: &Grammar, t: &[u8], k: usize) -> (usize, bool) {
    match t.get(k) {
        Some(b'-') => (k + 1, false),
        Some(b':') => (k + 1, true),
        Some(b'x') if g.x_capture => (k + 1, true),
        _ => (k, false),
    }
}

/// Origin (file, rank), capture mark and destination.
type Target = (Option<u8>, Option<u8>, bool, Coord);

#[inline(always)]
fn origin_and_target(g: &Grammar, t: &[u8], k: usize) -> Step<Target> {
    // nom tries: square, separator, square; file, separator, square; rank,
    // separator, square; separator, square. Each fails only recoverably,
    // so the first that succeeds is nom's choice. Shared steps are done
    // once: a file letter is never a digit nor a separator (`x` is a
    // separator only when it is no file), so after a file only the first,
    // second and last alternatives can succeed, and the last is then a
    // square at `k` without a separator.
    match file(g, t, k) {
        Some((k1, f)) => {
            let from_rank = rank(g, t, k1);
            if let Some((k2, r)) = from_rank {
                let (k3, cap) = separator(g, t, k2);
                if let Some((k4, to)) = square(g, t, k3) {
                    return Some((k4, (Some(f), Some(r), cap, to)));
                }
            }
            let (k2, cap) = separator(g, t, k1);
            if let Some((k3, to)) = square(g, t, k2) {
                return Some((k3, (Some(f), None, cap, to)));
            }
            let (k2, rank) = from_rank?;
            Some((k2, (None, None, false, Coord { file: f, rank })))
        }
        None => {
            if let Some((k1, r)) = rank(g, t, k) {
                let (k2, cap) = separator(g, t, k1);
                if let Some((k3, to)) = square(g, t, k2) {
                    return Some((k3, (None, Some(r), cap, to)));
                }
            }
            let (k1, cap) = separator(g, t, k);
            let (k2, to) = square(g, t, k1)?;
            Some((k2, (None, None, cap, to)))
        }
    }
}

/// The optional promotion: `Some((k, None))` when there is none, `None`
/// where nom fails without recovery (`=` or `(` without a piece letter,
/// an unknown upper-case letter).
#[inline(always)]
fn promotion(g: &Grammar, t: &[u8], k: usize) -> Step<Option<u8>> {
    match t.get(k) {
        Some(b'=') => {
            let p = *t.get(k + 1)?;
            g.is_piece(p).then_some((k + 2, Some(p)))
        }
        Some(b'(') => {
            let p = *t.get(k + 1)?;
            (g.is_piece(p) && t.get(k + 2) == Some(&b')')).then_some((k + 3, Some(p)))
        }
        Some(&b) if b.is_ascii_lowercase() && g.is_piece(b.to_ascii_uppercase()) => {
            Some((k + 1, Some(b.to_ascii_uppercase())))
        }
        Some(&b) if b.is_ascii_uppercase() => g.is_piece(b).then_some((k + 1, Some(b))),
        _ => Some((k, None)),
    }
}

#[inline(always)]
fn piece_move(g: &Grammar, t: &[u8], k: usize) -> Step<PieceMove> {
    let (k, piece) = match t.get(k) {
        Some(&b) if g.is_piece(b) => (k + 1, Some(b)),
        // nom fails without recovery on an unknown piece letter.
        Some(&b) if b.is_ascii_uppercase() => return None,
        _ => (k, None),
    };
    let (k, (from_file, from_rank, capture, to)) = origin_and_target(g, t, k)?;
    let (k, promotion) = promotion(g, t, k)?;
    Some((
        k,
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

#[inline(always)]
fn castle(rest: &[u8]) -> Option<(usize, CastleSide)> {
    if rest.starts_with(b"O-O-O") || rest.starts_with(b"0-0-0") {
        Some((5, CastleSide::Queen))
    } else if rest.starts_with(b"O-O") || rest.starts_with(b"0-0") {
        Some((3, CastleSide::King))
    } else {
        None
    }
}

/// One action at `k` and where it ends, or `None` when nom should decide.
#[inline(always)]
fn action(g: &Grammar, t: &[u8], k: usize) -> Step<Action> {
    match other_action(g, t, k)? {
        Some(found) => Some(found),
        None => {
            let (k, m) = piece_move(g, t, k)?;
            Some((k, Action::Piece(m)))
        }
    }
}

/// An action that is not a piece move (squares, castling, pass): `None`
/// when nom fails without recovery, `Some(None)` when the piece move
/// grammar is to be tried (nom tries them in this order).
#[inline(always)]
fn other_action(g: &Grammar, t: &[u8], k: usize) -> Option<Step<Action>> {
    let rest = t.get(k..)?;
    // Crazyhouse drops, tried first as nom's `action` does: `N@f3`, `@e4`
    // (a pawn); a bad square after `@` fails for good, as nom's `cut`.
    if g.drops {
        let at = match *rest {
            [b'@', ..] => Some((b'P', k + 1)),
            [p, b'@', ..] if g.is_piece(p) => Some((p, k + 2)),
            _ => None,
        };
        if let Some((piece, k)) = at {
            let (k, to) = square(g, t, k)?;
            return Some(Some((k, Action::Drop { piece, to })));
        }
    }
    if g.squares {
        if rest.starts_with(b"@@") {
            let (k, to) = square(g, t, k + 2)?;
            return Some(Some((k, Action::PlaceSquare { to })));
        }
        if rest.starts_with(b"@") {
            let (k, from) = square(g, t, k + 1)?;
            if t.get(k) != Some(&b'-') {
                return None;
            }
            let (k, to) = square(g, t, k + 1)?;
            // `=N` after it: a carried pawn's promotion (L17); anything but
            // a piece letter after `=` fails for good, as nom's `cut`.
            let (k, promotion) = match t.get(k) {
                Some(b'=') => {
                    let p = *t.get(k + 1).filter(|&&p| g.is_piece(p))?;
                    (k + 2, Some(p))
                }
                _ => (k, None),
            };
            return Some(Some((
                k,
                Action::MoveSquare {
                    from,
                    to,
                    promotion,
                },
            )));
        }
    }
    Some(match rest.first() {
        Some(b'O' | b'0') => castle(rest).map(|(n, side)| (k + n, Action::Castle(side))),
        Some(b'-') if rest.starts_with(b"--") => Some((k + 2, Action::Pass)),
        _ => None,
    })
}

/// A PASGL token as nom's `pasgl_action` reads it: `--`, a roadkill mark
/// `_Lsq`, or a critter action `[*][-]Lsq(-|:|>)sq` with an optional
/// victim `/L` or a Bear's displacement list `/Lsq/Lsq...`. `None` for
/// whatever nom rejects (nom then words the error). Every PASGL move of a
/// record goes through here, where nom's combinators cost several times
/// the resolver's work.
#[inline(never)]
fn critter(g: &Grammar, t: &[u8]) -> Option<Action> {
    if t == b"--" {
        return Some(Action::Pass);
    }
    if t.first() == Some(&b'_') {
        return roadkill(g, t);
    }
    let mut k = 0;
    let stinky = t.first() == Some(&b'*');
    k += usize::from(stinky);
    let lunchless = t.get(k) == Some(&b'-');
    k += usize::from(lunchless);
    let critter = *t.get(k).filter(|&&b| g.is_piece(b))?;
    let (k, from) = square(g, t, k + 1)?;
    let mark = *t.get(k)?;
    if !matches!(mark, b'-' | b':' | b'>') {
        return None;
    }
    let (mut k, to) = square(g, t, k + 1)?;
    let mut victim = None;
    let mut displaced = ArrayVec::new();
    while t.get(k) == Some(&b'/') {
        let c = t
            .get(k + 1)
            .map(u8::to_ascii_uppercase)
            .filter(|&c| g.is_piece(c))?;
        match square(g, t, k + 2) {
            Some((next, at)) => {
                displaced.try_push((c, at)).ok()?;
                k = next;
            }
            // A victim ends the token (nom stops there).
            None if displaced.is_empty() => {
                victim = Some(c);
                k += 2;
                break;
            }
            None => return None,
        }
    }
    if k != t.len() {
        return None;
    }
    let kind = if mark == b'>' {
        CritterKind::Shot { to }
    } else {
        CritterKind::Move { to }
    };
    Some(Action::Critter(CritterAction {
        stinky,
        lunchless,
        critter,
        from,
        kind,
        capture: mark == b':',
        victim,
        displaced,
    }))
}

/// `_Pd4`, a critter the Train ran over (N6), as nom's `roadkill` reads
/// it: the mark is checked against the position by the verifier, as the
/// general path checks it; read here, it is not parsed by nom between two
/// moves of the per-move path.
#[inline(never)]
fn roadkill(g: &Grammar, t: &[u8]) -> Option<Action> {
    let critter = *t.get(1).filter(|&&b| g.is_piece(b))?;
    let (k, at) = square(g, t, 2)?;
    (k == t.len()).then_some(Action::Roadkill { critter, at })
}
