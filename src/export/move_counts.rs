//! What the mainline of a game did: captures, checks, promotions and the
//! other counts `stats` reports, from the canonical moves.

use crate::rules::family::{AnyMove, AnyPosition};
use crate::verify::Ply;

/// What the mainline of a game did, counted from its canonical moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveCounts {
    /// Moves that capture (`x` or `:` in the canonical notation).
    pub captures: u32,
    /// Moves that give check or mate.
    pub checks: u32,
    /// Promotions.
    pub promotions: u32,
    /// Castlings.
    pub castlings: u32,
    /// Squares placed from reserve (`@@`).
    pub placements: u32,
    /// Squares moved (`@a-b`).
    pub square_moves: u32,
    /// Passes and null moves.
    pub passes: u32,
    /// White's and Black's points at the end, for games that count them.
    pub points: Option<(i32, i32)>,
}

impl MoveCounts {
    /// Counts one move of FIDE chess from the move itself, as
    /// [`count`](Self::count) counts its SAN (a test checks they agree),
    /// without writing the SAN; false for a move of another game, left to
    /// `count`.
    pub fn count_fide(&mut self, ply: &Ply<'_>) -> bool {
        use crate::rules::core::Move;
        let (AnyPosition::Fide(_), Some(AnyMove::Core(m))) = (ply.before, ply.played) else {
            return false;
        };
        let (capture, promotion, castle) = match *m {
            Move::Normal {
                capture, promotion, ..
            } => (capture.is_some(), promotion.is_some(), false),
            Move::EnPassant { .. } => (true, false, false),
            Move::Castle { .. } => (false, false, true),
        };
        self.captures += u32::from(capture);
        self.promotions += u32::from(promotion);
        self.castlings += u32::from(castle);
        self.checks += u32::from(ply.check || ply.mate);
        true
    }

    /// Counts one move from its canonical text.
    pub fn count(&mut self, text: &str) {
        let b = text.as_bytes();
        if b.contains(&b'x') || b.contains(&b':') {
            self.captures += 1;
        }
        if b.ends_with(b"+") || b.ends_with(b"#") {
            self.checks += 1;
        }
        if b.contains(&b'=') {
            self.promotions += 1;
        }
        if text.starts_with("O-O") || text.starts_with("0-0") {
            self.castlings += 1;
        }
        if text.contains("@@") {
            self.placements += 1;
        } else if b.first() == Some(&b'@') || text.contains(",@") {
            self.square_moves += 1;
        }
        if matches!(text, "--" | "Z0" | "0000") {
            self.passes += 1;
        }
    }
}
