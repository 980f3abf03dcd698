//! "Did you mean ...": the legal moves nearest to what was written, for any
//! game family.

/// Up to three candidates that look most like `written`, nearest first.
/// Each candidate is a move's (short, long) notation; the short one is
/// offered. Only moves within two edits of either form are offered.
#[cold]
pub fn nearest_moves<I>(written: &str, candidates: I) -> Vec<String>
where
    I: IntoIterator<Item = (String, String)>,
{
    let want = normalize(written);
    let mut scored: Vec<(usize, String)> = candidates
        .into_iter()
        .map(|(short, long)| {
            let d = distance(&want, &normalize(&short)).min(distance(&want, &normalize(&long)));
            (d, short)
        })
        .filter(|(d, _)| *d <= 2)
        .collect();
    scored.sort();
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(3).map(|(_, s)| s).collect()
}

/// The help line "did you mean A, B or C?", or nothing when no candidate
/// is near.
#[cold]
pub fn did_you_mean<I>(written: &str, candidates: I) -> Vec<String>
where
    I: IntoIterator<Item = (String, String)>,
{
    let near = nearest_moves(written, candidates);
    if near.is_empty() {
        Vec::new()
    } else {
        vec![format!("did you mean {}?", join_or(&near))]
    }
}

/// "a", "a or b", "a, b or c".
pub fn join_or(items: &[String]) -> String {
    join(items, "or")
}

/// "a", "a and b", "a, b and c".
pub fn join_and(items: &[String]) -> String {
    join(items, "and")
}

fn join(items: &[String], word: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {word} {}", init.join(", "), last),
    }
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
    use crate::rules::position::GamePosition;
    use crate::rules::{Variant, core::Position};

    #[test]
    fn suggests_the_reachable_square_next_door() {
        let pos = Position::setup(
            Variant::Chess,
            Some("rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2"),
        )
        .expect("valid");
        let s = pos.suggestions("Bc4");
        assert!(s.iter().any(|h| h.contains("Bf4")), "{s:?}");
    }

    #[test]
    fn distance_counts_edits() {
        assert_eq!(distance(b"Nf3", b"Nf3"), 0);
        assert_eq!(distance(b"Nf3", b"Nd3"), 1);
        assert_eq!(distance(b"e4", b"Ne4"), 1);
    }

    #[test]
    fn lists_join_with_commas_and_a_last_word() {
        let v = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(join_or(&v(&["a"])), "a");
        assert_eq!(join_or(&v(&["a", "b", "c"])), "a, b or c");
        assert_eq!(join_and(&v(&["a", "b"])), "a and b");
    }
}
