//! Which variations an export that leaves them out (`--reduced`,
//! `--no-variations`) keeps anyway. A game with an error in a variation
//! keeps all its variations, whole: leaving them out would make an invalid
//! game valid, and `check` must give the export the original's verdict
//! (issue 20). Whole, not cut after the error: a cut line is text the
//! original never had, and readers that recover from an error by where it
//! stands read other games from it (pgn-extract ends a game at a character
//! it cannot read and starts another after it, so the number of games it
//! counts follows every such character of every variation, reported or
//! not). Both PGN writers (the record's and the lean one) ask it, over
//! their own trees.

/// A move tree as the writers hold it: node 0 is the root (no move),
/// every node has children, the main continuation first.
pub(crate) trait Tree {
    /// Nodes, the root included.
    fn len(&self) -> usize;
    /// The main continuation of node `id`.
    fn first_child(&self, id: usize) -> Option<usize>;
    /// Whether an error was reported at node `id`.
    fn error(&self, id: usize) -> bool;
}

/// Fills `keep` with the nodes to write when variations are left out: the
/// mainline, and every node when an error was reported off the mainline.
/// Returns whether some variation is kept (when not, `keep` means the
/// mainline alone and the writer need not ask it).
pub(crate) fn kept(tree: &impl Tree, keep: &mut Vec<bool>) -> bool {
    keep.clear();
    keep.resize(tree.len(), false);
    let Some(root) = keep.first_mut() else {
        return false;
    };
    *root = true;
    let mut at = 0;
    while let Some(c) = tree.first_child(at) {
        match keep.get_mut(c) {
            Some(k) if !*k => *k = true,
            // A loop would be a bug of the tree; stop rather than spin.
            _ => break,
        }
        at = c;
    }
    let off_mainline =
        (1..tree.len()).any(|id| tree.error(id) && !keep.get(id).copied().unwrap_or(true));
    if !off_mainline {
        return false;
    }
    keep.iter_mut().for_each(|k| *k = true);
    true
}

impl Tree for crate::record::Game {
    fn len(&self) -> usize {
        self.nodes.len()
    }
    fn first_child(&self, id: usize) -> Option<usize> {
        self.nodes.get(id).and_then(|n| n.children.first().copied())
    }
    fn error(&self, id: usize) -> bool {
        self.nodes.get(id).is_some_and(|n| n.error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::read_games;

    /// The written moves of the kept nodes, in node order.
    fn kept_moves(pgn: &str, errors: &[&str]) -> Option<Vec<String>> {
        let mut games = read_games(pgn.as_bytes()).expect("reads");
        let mut g = games.remove(0);
        for n in &mut g.nodes {
            n.error = errors.contains(&n.written.as_str());
        }
        let mut keep = Vec::new();
        kept(&g, &mut keep).then(|| {
            (1..g.nodes.len())
                .filter(|&i| keep[i])
                .map(|i| g.nodes[i].written.clone())
                .collect()
        })
    }

    #[test]
    fn no_error_in_a_variation_keeps_none() {
        assert_eq!(kept_moves("1. e4 (1. d4 d5) e5 *", &["e5"]), None);
        assert_eq!(kept_moves("1. e4 (1. d4 d5) e5 *", &[]), None);
    }

    #[test]
    fn an_error_in_a_variation_keeps_every_variation_whole() {
        let all = |pgn: &str| -> Vec<String> {
            let games = read_games(pgn.as_bytes()).expect("reads");
            games[0].nodes[1..]
                .iter()
                .map(|n| n.written.clone())
                .collect()
        };
        // d6's line whole (d4 after it too), and the variation without an
        // error.
        let pgn = "1. e4 e5 (1... c5 2. Nf3 d6 3. d4) (1... e6 2. d4) 2. Nf3 *";
        assert_eq!(kept_moves(pgn, &["d6"]), Some(all(pgn)));
        // An error in a variation of a variation.
        let pgn = "1. e4 e5 (1... c5 2. Nc3 (2. Bb5 a6) 2... Nc6 3. f4) 2. Nf3 *";
        assert_eq!(kept_moves(pgn, &["Bb5"]), Some(all(pgn)));
    }

    #[test]
    fn an_error_on_the_mainline_keeps_no_variation() {
        let pgn = "1. e4 e5 (1... c5 2. Nf3 d6 3. d4) 2. Nf3 Nc6 *";
        assert_eq!(kept_moves(pgn, &["e5", "Nc6"]), None);
    }
}
