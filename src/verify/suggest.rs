//! "Did you mean ...": the legal moves nearest to what was written.

use crate::rules::core::{MoveList, Position};

/// Up to three legal moves (SAN) that look most like `written`, nearest first.
/// Only moves within two edits of it are offered.
#[cold]
pub fn nearest_moves(pos: &Position, written: &str) -> Vec<String> {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let want = normalize(written);
    let mut scored: Vec<(usize, String)> = moves
        .iter()
        .map(|m| {
            let san = pos.san(m);
            let lan = pos.lan(m);
            let d = distance(&want, &normalize(&san)).min(distance(&want, &normalize(&lan)));
            (d, san)
        })
        .filter(|(d, _)| *d <= 2)
        .collect();
    scored.sort();
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(3).map(|(_, s)| s).collect()
}

/// Drops the marks that do not identify a move (captures, checks, `=`, `-`).
fn normalize(s: &str) -> Vec<u8> {
    s.bytes()
        .filter(|b| !matches!(b, b'x' | b':' | b'+' | b'#' | b'=' | b'-' | b'!' | b'?'))
        .map(|b| if b == b'0' { b'O' } else { b })
        .collect()
}

/// Levenshtein distance between two short byte strings.
fn distance(a: &[u8], b: &[u8]) -> usize {
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, &ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::fide::chess;

    #[test]
    fn suggests_the_reachable_square_next_door() {
        let pos = Position::from_fen(
            chess(),
            "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2",
        )
        .expect("valid");
        let s = nearest_moves(&pos, "Bc4");
        assert!(s.contains(&"Bf4".to_string()), "{s:?}");
    }

    #[test]
    fn distance_counts_edits() {
        assert_eq!(distance(b"Nf3", b"Nf3"), 0);
        assert_eq!(distance(b"Nf3", b"Nd3"), 1);
        assert_eq!(distance(b"e4", b"Ne4"), 1);
    }
}
