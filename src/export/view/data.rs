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
    /// per node): an object with `n`, `file`, `variant`, `frame`, `tags`,
    /// `result`, `comments`, `after`, `number`, `black_first`, `skipped`,
    /// `nodes` and `diags`. A node is an array (the page holds one per
    /// ply, so no field names): how far back its parent is (0 for the
    /// root), the move (canonical, or as written when it was not
    /// replayed), whether it was replayed, its NAGs, comments before and
    /// after, its position string as a change of the parent's (`[bytes
    /// kept at the start, bytes kept at the end, what is between]`), the
    /// cells that differ from the parent's board (`cell, fragment, cell,
    /// fragment, ...`), the arrow's fragment and the facts' fragment.
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
        for i in 0..nodes {
            if i > 0 {
                out.push(b',');
            }
            self.write_node(out, i);
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

    /// One node's array (see [`write_game_json`](Self::write_game_json)).
    fn write_node(&self, out: &mut Vec<u8>, i: usize) {
        let game = &self.lean;
        let Some(node) = game.view_node(i) else {
            return;
        };
        let parent = node.parent;
        let here = self.shown_at(i);
        let before = parent.and_then(|p| self.shown_at(p));
        out.push(b'[');
        json::number(out, parent.map_or(0, |p| i - p) as u64);
        out.push(b',');
        json::string(out, node.text);
        out.extend_from_slice(if here.is_some() {
            b",true,["
        } else {
            b",false,["
        });
        for (j, nag) in game.view_nags(i).enumerate() {
            if j > 0 {
                out.push(b',');
            }
            json::number(out, u64::from(nag));
        }
        out.extend_from_slice(b"],");
        json::strings(out, game.view_comments(i, false));
        out.push(b',');
        json::strings(out, game.view_comments(i, true));
        out.push(b',');
        let Some(h) = here else {
            out.extend_from_slice(b"null,[],null,null]");
            return;
        };
        let (pre, suf, mid) = fen_change(before.map(|b| self.fen_of(b.fen)), self.fen_of(h.fen));
        out.push(b'[');
        json::number(out, pre as u64);
        out.push(b',');
        json::number(out, suf as u64);
        out.push(b',');
        json::string(out, mid);
        out.extend_from_slice(b"],[");
        let diff = self
            .diffs
            .get(h.diff.0 as usize..h.diff.1 as usize)
            .unwrap_or_default();
        for (j, &v) in diff.iter().enumerate() {
            if j > 0 {
                out.push(b',');
            }
            json::number(out, u64::from(v));
        }
        out.extend_from_slice(b"],");
        json::option(out, h.arrow.map(u64::from));
        out.push(b',');
        json::number(out, u64::from(h.facts));
        out.push(b']');
    }
}

/// What [`ViewSink::write_game_json`] writes a game from.
pub(super) struct PageGame<'a> {
    pub(super) start: Option<(u32, Color)>,
    pub(super) frame: Option<u32>,
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

/// `fen` as a change of `parent`'s: the bytes both start with, the bytes
/// both end with, and what is between in `fen` (the whole string when
/// either is not ASCII, so that offsets are the same in the page's script).
fn fen_change<'a>(parent: Option<&str>, fen: &'a str) -> (usize, usize, &'a str) {
    let Some(parent) = parent.filter(|p| p.is_ascii() && fen.is_ascii()) else {
        return (0, 0, fen);
    };
    let (a, b) = (parent.as_bytes(), fen.as_bytes());
    let pre = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let room = a.len().min(b.len()) - pre;
    let suf = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take(room)
        .take_while(|(x, y)| x == y)
        .count();
    (pre, suf, fen.get(pre..b.len() - suf).unwrap_or(fen))
}
