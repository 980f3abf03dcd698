//! Which variations an export that leaves them out (`--reduced`,
//! `--no-variations`) keeps anyway: those that lead to a move where an
//! error was reported. Leaving them out would make an invalid game valid,
//! and `check` must give the export the original's verdict (issue 20).
//! Both PGN writers (the record's and the lean one) ask it, over their own
//! trees.

/// A move tree as the writers hold it: node 0 is the root (no move),
/// every other node has a parent (0 for a first move) and children, the
/// main continuation first.
pub(crate) trait Tree {
    /// Nodes, the root included.
    fn len(&self) -> usize;
    /// The parent of node `id` (0 for a first move and for the root).
    fn parent(&self, id: usize) -> usize;
    /// The main continuation of node `id`.
    fn first_child(&self, id: usize) -> Option<usize>;
    /// Whether an error was reported at node `id`.
    fn error(&self, id: usize) -> bool;
}

/// Fills `keep` with the nodes to write when variations are left out: the
/// mainline, and for each move where an error was reported the line that
/// leads to it from the mainline (cut after it: the verifier replays
/// nothing after an error in its line), with the main continuation of each
/// branch point on the way, which carries the variation when written.
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
    let mut any = false;
    for id in 1..tree.len() {
        if !tree.error(id) || keep.get(id).copied().unwrap_or(true) {
            continue;
        }
        any = true;
        let mut x = id;
        // Each step marks a node not yet kept, so the walk ends.
        while let Some(k) = keep.get_mut(x).filter(|k| !**k) {
            *k = true;
            let p = tree.parent(x);
            if let Some(main) = tree.first_child(p).and_then(|f| keep.get_mut(f)) {
                *main = true;
            }
            x = p;
        }
    }
    any
}

impl Tree for crate::record::Game {
    fn len(&self) -> usize {
        self.nodes.len()
    }
    fn parent(&self, id: usize) -> usize {
        self.parent_of(id)
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
    fn the_line_to_an_error_is_kept_and_cut_after_it() {
        // In node order: e4 e5 c5 Nf3 (the variation's) d6 d4 Nf3; d4,
        // after the error, is left out.
        let got = kept_moves("1. e4 e5 (1... c5 2. Nf3 d6 3. d4) 2. Nf3 *", &["d6"]);
        let want = ["e4", "e5", "c5", "Nf3", "d6", "Nf3"];
        assert_eq!(got, Some(want.map(String::from).to_vec()));
    }

    #[test]
    fn a_nested_variation_keeps_the_main_continuation_it_hangs_on() {
        // Error at Bb5 in a variation of a variation: c5's line to Nc3
        // (whose sibling is Bb5's line), and the mainline.
        let got = kept_moves(
            "1. e4 e5 (1... c5 2. Nc3 (2. Bb5 a6) 2... Nc6 3. f4) 2. Nf3 *",
            &["Bb5"],
        );
        assert_eq!(
            got,
            Some(
                ["e4", "e5", "c5", "Nc3", "Bb5", "Nf3"]
                    .map(String::from)
                    .to_vec()
            )
        );
    }
}
