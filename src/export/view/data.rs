//! A game's page data, written by hand as JSON into one reused buffer (a
//! page of 10,000 games holds some 800,000 nodes; a value per node to
//! serialise cost more than the replay): the game's tags, comments and
//! diagnostics, and each node as an array.

use super::{ViewSink, json};
use crate::diag::{Diagnostic, Span};
use crate::rules::core::Color;
use crate::verify::GameReport;

/// The root node: the start position.
pub(super) const ROOT: usize = 0;

impl ViewSink {
    /// A game's page data as JSON, written by hand into `out` (no value
    /// per node): an object with `n`, `file`, `variant`, `frame`, `chess`,
    /// `tags`, `result`, `comments`, `after`, `number`, `black_first`,
    /// `skipped`, `nodes`, `up`, `nags`, `cb`, `ca` and `diags`. A node is
    /// an array (the page holds one per ply, so no field names): the move
    /// (canonical, or as written when it was not replayed) and, when it
    /// was replayed, its position string as a change of the parent's
    /// (`fen::write_change`), the cells that differ from the parent's
    /// board (`cell, fragment, ...`), the arrow's fragment and the facts'
    /// fragment. In a FIDE chess or Chess960 game (`chess` is its row in
    /// the page's chess tables, see `ViewSink::write_chess_tables`) a
    /// node is the move, the FEN's fields after the placement that are not
    /// implied by the parent's (`fen::write_tail_change`), the keys of the
    /// cells that differ (each naming the square, piece and check, from
    /// which the script also writes the placement) and the arrow's
    /// fragment. What most nodes lack is listed apart, as flat pairs:
    /// `up` (node, how far back its parent is) for the nodes whose parent
    /// is not the node before, `nags` (node, NAG), `cb` and `ca` (node,
    /// comment before or after the move).
    pub(super) fn write_game_json(&self, out: &mut Vec<u8>, page: &PageGame<'_>) {
        let game = &self.lean;
        out.extend_from_slice(b"{\"n\":");
        json::number(out, page.n);
        out.extend_from_slice(b",\"file\":");
        json::string(out, page.file);
        out.extend_from_slice(b",\"variant\":");
        json::string(out, page.variant);
        out.extend_from_slice(b",\"frame\":");
        json::option(out, page.frame.map(u64::from));
        out.extend_from_slice(b",\"chess\":");
        json::option(out, page.chess.map(u64::from));
        out.extend_from_slice(b",\"tags\":[");
        for (i, (name, value)) in game.view_tags().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            out.push(b'[');
            json::string(out, name);
            out.push(b',');
            json::string(out, value);
            out.push(b']');
        }
        out.extend_from_slice(b"],\"result\":");
        match game.view_result() {
            Some(r) => json::string(out, r.as_str()),
            None => out.extend_from_slice(b"null"),
        }
        out.extend_from_slice(b",\"comments\":");
        json::strings(out, game.view_game_comments());
        out.extend_from_slice(b",\"after\":");
        json::strings(out, game.view_after_result());
        let (number, first) = page.start.unwrap_or((1, Color::White));
        out.extend_from_slice(b",\"number\":");
        json::number(out, u64::from(number));
        out.extend_from_slice(if first == Color::Black {
            b",\"black_first\":true,\"skipped\":"
        } else {
            b",\"black_first\":false,\"skipped\":"
        });
        match page.report.and_then(|r| r.skipped.as_deref()) {
            Some(s) => json::string(out, s),
            None => out.extend_from_slice(b"null"),
        }
        out.extend_from_slice(b",\"nodes\":[");
        let nodes = game.view_nodes();
        // The sparse lists, gathered in the same pass.
        let (mut up, mut nags, mut cb, mut ca) = (
            Vec::<u8>::new(),
            Vec::<u8>::new(),
            Vec::<u8>::new(),
            Vec::<u8>::new(),
        );
        for i in 0..nodes {
            if i > 0 {
                out.push(b',');
            }
            let Some(node) = game.view_node(i) else {
                out.extend_from_slice(b"[\"\"]");
                continue;
            };
            out.push(b'[');
            json::string(out, node.text);
            if let Some(h) = self.shown_at(i)
                && let Some(data) = self.plies.get(h.data.0 as usize..h.data.1 as usize)
            {
                out.push(b',');
                out.extend_from_slice(data);
            }
            out.push(b']');
            if let Some(p) = node.parent
                && p + 1 != i
            {
                pair(&mut up, i, |o| json::number(o, (i - p) as u64));
            }
            for nag in game.view_nags(i) {
                pair(&mut nags, i, |o| json::number(o, u64::from(nag)));
            }
            for c in game.view_comments(i, false) {
                pair(&mut cb, i, |o| json::string(o, c));
            }
            for c in game.view_comments(i, true) {
                pair(&mut ca, i, |o| json::string(o, c));
            }
        }
        for (name, list) in [
            (&b"],\"up\":["[..], &up),
            (b"],\"nags\":[", &nags),
            (b"],\"cb\":[", &cb),
            (b"],\"ca\":[", &ca),
        ] {
            out.extend_from_slice(name);
            out.extend_from_slice(list);
        }
        out.extend_from_slice(b"],\"diags\":[");
        let span_of = |i: usize| game.view_node(i).map_or_else(Span::default, |n| n.span);
        for (i, d) in page.diagnostics.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            let node = d.span.map_or(ROOT, |span| {
                // The moves (nodes 1..) are in source order.
                let k = partition_point(nodes.saturating_sub(1), |j| {
                    span_of(j + 1).start <= span.start
                });
                match k.checked_sub(1).map(|j| span_of(j + 1)) {
                    Some(m) if k < nodes && span.start < m.end.max(m.start + 1) => k,
                    _ => ROOT,
                }
            });
            out.extend_from_slice(b"{\"sev\":");
            json::string(out, d.severity.as_str());
            out.extend_from_slice(b",\"code\":");
            json::string(out, d.code.as_str());
            out.extend_from_slice(b",\"msg\":");
            json::string(out, &d.message);
            out.extend_from_slice(b",\"node\":");
            json::number(out, node as u64);
            out.extend_from_slice(b",\"line\":");
            json::option(out, d.span.map(|s| u64::from(s.line)));
            out.extend_from_slice(b",\"col\":");
            json::option(out, d.span.map(|s| u64::from(s.column)));
            out.extend_from_slice(b",\"label\":");
            match d.label.as_deref() {
                Some(s) => json::string(out, s),
                None => out.extend_from_slice(b"null"),
            }
            out.extend_from_slice(b",\"rule\":");
            match d.rule.as_deref() {
                Some(s) => json::string(out, s),
                None => out.extend_from_slice(b"null"),
            }
            out.extend_from_slice(b",\"help\":[");
            for (j, h) in d.help.iter().enumerate() {
                if j > 0 {
                    out.push(b',');
                }
                json::string(out, h);
            }
            out.extend_from_slice(b"]}");
        }
        out.extend_from_slice(b"]}");
    }
}

/// Appends `node, value` to a flat list of pairs.
fn pair(list: &mut Vec<u8>, node: usize, value: impl FnOnce(&mut Vec<u8>)) {
    if !list.is_empty() {
        list.push(b',');
    }
    json::number(list, node as u64);
    list.push(b',');
    value(list);
}

/// What [`ViewSink::write_game_json`] writes a game from.
pub(super) struct PageGame<'a> {
    pub(super) start: Option<(u32, Color)>,
    pub(super) frame: Option<u32>,
    /// The game's row in the page's chess tables when its nodes are
    /// chess's.
    pub(super) chess: Option<u8>,
    pub(super) n: u64,
    pub(super) file: &'a str,
    pub(super) variant: &'a str,
    pub(super) report: Option<&'a GameReport>,
    pub(super) diagnostics: &'a [Diagnostic],
}

/// The first of `0..n` for which `before` is false, `before` being true
/// for a prefix (a binary search, as `slice::partition_point`).
fn partition_point(n: usize, before: impl Fn(usize) -> bool) -> usize {
    let (mut lo, mut hi) = (0, n);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if before(mid) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}
