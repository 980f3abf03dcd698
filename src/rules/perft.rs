//! Perft: counting the leaf nodes of the legal move tree, the standard check
//! of a move generator.

use crate::rules::core::{Move, MoveList, Position};

/// The deepest perft the command line accepts. Every game here has
/// hundreds of moves at most, so counts past depth 13 exceed a `u64` in
/// chess and no walk deeper than a dozen plies ends in a lifetime; the
/// limit keeps the walk's memory (one move list per ply) and its recursion
/// bounded whatever the depth asked.
pub const MAX_DEPTH: u32 = 32;

/// Counts the positions reached after exactly `depth` legal moves.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    count_nodes(pos, depth)
}

/// What the perft walk needs of a position that lists its legal moves in
/// the core's move list: the core position and the FIDE bitboard.
pub(crate) trait PerftPosition: Clone {
    fn legal_moves(&self, out: &mut MoveList);
    fn play_unchecked(&mut self, m: &Move);
    /// The number of legal moves (the nodes of the last ply); the FIDE
    /// bitboard counts them without listing them.
    fn leaf_count(&self, out: &mut MoveList) -> u64 {
        self.legal_moves(out);
        out.len() as u64
    }
}

impl PerftPosition for Position {
    fn legal_moves(&self, out: &mut MoveList) {
        Position::legal_moves(self, out);
    }
    fn play_unchecked(&mut self, m: &Move) {
        Position::play_unchecked(self, m);
    }
}

/// [`perft`] for any [`PerftPosition`], with one reused move list per depth.
pub(crate) fn count_nodes<P: PerftPosition>(pos: &P, depth: u32) -> u64 {
    let mut stack: Vec<MoveList> = (0..depth).map(|_| MoveList::with_capacity(64)).collect();
    count(pos, depth, &mut stack)
}

fn count<P: PerftPosition>(pos: &P, depth: u32, stack: &mut [MoveList]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some((moves, rest)) = stack.split_first_mut() else {
        return 1;
    };
    if depth == 1 {
        return pos.leaf_count(moves);
    }
    pos.legal_moves(moves);
    let mut total = 0;
    for m in moves.iter() {
        let mut next = pos.clone();
        next.play_unchecked(m);
        total += count(&next, depth - 1, rest);
    }
    total
}

/// Perft split by first move: each legal move with its count, in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|m| {
            let mut next = *pos;
            next.play_unchecked(m);
            (
                *m,
                if depth <= 1 {
                    1
                } else {
                    perft(&next, depth - 1)
                },
            )
        })
        .collect()
}
