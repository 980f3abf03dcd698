//! Writing turns of the squares family back: long notation (`Ng1-f3`,
//! `@@f3`, `@g8-e6`, `@c7-b8=N`, as Betza writes) and short notation (SAN
//! for the piece move), actions joined by commas.

use super::Postal;
use super::position::{Action, PAWN, SquaresPosition, Turn};
use super::resolve::sq_name;
use crate::rules::core::{CastleSide, Move, Square};

impl SquaresPosition {
    /// One action in long notation: `Ng1-f3`, `d6:e5`, `O-O`, `@@f3`,
    /// `@g8-e6`, `@c7-b8=N`.
    pub fn action_long(&self, a: &Action) -> String {
        match *a {
            Action::Place(to) => format!("@@{}", sq_name(to)),
            Action::Shift {
                from,
                to,
                promotion,
            } => {
                let mut s = format!("@{}-{}", sq_name(from), sq_name(to));
                if let Some(p) = promotion {
                    s.push('=');
                    s.push(self.rules().piece(p).letter as char);
                }
                s
            }
            Action::Piece(m) => self.move_long(&m),
        }
    }

    fn move_long(&self, m: &Move) -> String {
        let rules = self.rules();
        match *m {
            Move::Castle { side, .. } => match side {
                CastleSide::Short => "O-O".into(),
                CastleSide::Long => "O-O-O".into(),
            },
            Move::EnPassant { from, to, .. } => format!("{}:{}", sq_name(from), sq_name(to)),
            Move::Normal {
                role,
                from,
                to,
                capture,
                promotion,
            } => {
                let mut s = String::new();
                if role != PAWN {
                    s.push(rules.piece(role).letter as char);
                }
                s.push_str(&sq_name(from));
                s.push(if capture.is_some() { ':' } else { '-' });
                s.push_str(&sq_name(to));
                if let Some(p) = promotion {
                    s.push('=');
                    s.push(rules.piece(p).letter as char);
                }
                s
            }
        }
    }

    /// One action in short notation (SAN for piece moves).
    fn action_short(&self, a: &Action, pieces: &[Move]) -> String {
        let rules = self.rules();
        let Action::Piece(m) = a else {
            return self.action_long(a);
        };
        match *m {
            Move::Castle { .. } => self.move_long(m),
            Move::EnPassant { from, to, .. } => {
                format!("{}x{}", (b'a' + from.file()) as char, sq_name(to))
            }
            Move::Normal {
                role,
                from,
                to,
                capture,
                promotion,
            } => {
                let mut s = String::new();
                if role == PAWN {
                    if capture.is_some() {
                        s.push((b'a' + from.file()) as char);
                    }
                } else {
                    s.push(rules.piece(role).letter as char);
                    let rivals: Vec<Square> = pieces
                        .iter()
                        .filter_map(|o| match *o {
                            Move::Normal {
                                role: r,
                                from: f,
                                to: t,
                                ..
                            } if r == role && t == to && f != from => Some(f),
                            _ => None,
                        })
                        .collect();
                    if !rivals.is_empty() {
                        if rivals.iter().all(|f| f.file() != from.file()) {
                            s.push((b'a' + from.file()) as char);
                        } else if rivals.iter().all(|f| f.rank() != from.rank()) {
                            s.push((b'1' + from.rank()) as char);
                        } else {
                            s.push_str(&sq_name(from));
                        }
                    }
                }
                if capture.is_some() {
                    s.push('x');
                }
                s.push_str(&sq_name(to));
                if let Some(p) = promotion {
                    s.push('=');
                    s.push(rules.piece(p).letter as char);
                }
                s
            }
        }
    }

    /// A turn in xpgn's UCI form for the family (docs/formats.md): the
    /// piece move as UCI writes it (`g1f3`, `e7e8q`, castling as the king's
    /// move `e1g1`), the square actions in the family's own notation, which
    /// UCI has no form for (`@@f3`, `@g8-e6`, `@c7-b8=N`), actions joined
    /// by commas as in the long notation; xpgn reads it back.
    pub fn write_turn_uci(&self, t: &Turn, out: &mut String) {
        let mut scratch = *self;
        for (k, a) in t.actions.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            match a {
                Action::Piece(m) => self.rules().write_uci(m, out),
                other => out.push_str(&scratch.action_long(other)),
            }
            scratch.apply(a);
        }
    }

    /// A turn in long notation, actions joined by commas.
    pub fn turn_long(&self, t: &Turn) -> String {
        let mut scratch = *self;
        let mut parts = Vec::with_capacity(t.actions.len());
        for a in &t.actions {
            parts.push(scratch.action_long(a));
            scratch.apply(a);
        }
        parts.join(",")
    }

    /// A turn in short notation, actions joined by commas.
    pub fn turn_short(&self, t: &Turn) -> String {
        let mut pieces = Vec::new();
        self.piece_moves(&mut pieces);
        pieces.retain(|m| {
            let mut p = *self;
            p.apply(&Action::Piece(*m));
            p.king_safe(self.turn) || self.config.postal != Postal::Off
        });
        let mut scratch = *self;
        let mut parts = Vec::with_capacity(t.actions.len());
        for a in &t.actions {
            parts.push(scratch.action_short(a, &pieces));
            scratch.apply(a);
        }
        parts.join(",")
    }
}
