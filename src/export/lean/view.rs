//! The game [`Lean`] holds, read by `xpgn view`'s page writer
//! ([`crate::export::view`]) in place of a record: the same tree, tags and
//! comments a [`crate::record::Game`] would hold (node `i` is the record's
//! node `i`), read straight from the flat buffers. A page of many games
//! then allocates nothing per move.

use super::{Kind, Lean, NONE};
use crate::diag::Span;
use crate::notation::GameResult;

/// A move of the game held (index 0: the root, no move).
#[derive(Clone, Copy, Debug)]
pub struct ViewNode<'a> {
    /// The parent (`None` for the root).
    pub parent: Option<usize>,
    /// The canonical notation, or the move as written when it was not
    /// replayed (empty for the root).
    pub text: &'a str,
    /// Where the token is in its input.
    pub span: Span,
}

impl Lean {
    /// A builder for `xpgn view`: it holds each game at its end until the
    /// next begins, to be read through [`view_node`](Self::view_node) and
    /// the like, and writes nothing ([`take`](Self::take) gives nothing).
    pub fn for_view(max_size: u64) -> Lean {
        let mut lean = Lean::new(max_size, super::PgnOptions::default());
        lean.view = true;
        lean
    }

    /// Whether a game ended since the last call (for [`for_view`](Self::for_view)).
    pub fn take_finished(&mut self) -> bool {
        std::mem::take(&mut self.finished)
    }

    /// The last move pushed and its parent, as
    /// [`crate::record::Builder::last_node`] gives them.
    pub fn last_node(&self) -> Option<(usize, usize)> {
        self.last_pushed
            .map(|id| (id as usize, self.parent_of(id) as usize))
    }

    /// The tags in order, names and values.
    pub fn view_tags(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        self.tags
            .iter()
            .map(|&(n, v)| (self.str_of(n), self.str_of(v)))
    }

    /// The value of tag `name` (the last one wins, as in a record).
    pub fn view_tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .rev()
            .find(|&&(n, _)| self.str_of(n) == name)
            .map(|&(_, v)| self.str_of(v))
    }

    /// The termination marker read or set, if any.
    pub fn view_result(&self) -> Option<GameResult> {
        self.result
    }

    /// The comments of the game itself (a record's `Game::comments`).
    pub fn view_game_comments(&self) -> impl Iterator<Item = &str> + '_ {
        self.game_level(Kind::Before)
            .map(|a| self.attachment_text(a))
    }

    /// The comments after the result.
    pub fn view_after_result(&self) -> impl Iterator<Item = &str> + '_ {
        self.after_result.iter().map(|&a| self.attachment_text(a))
    }

    /// Nodes held, the root included.
    pub fn view_nodes(&self) -> usize {
        self.nodes.len()
    }

    /// Node `i`.
    pub fn view_node(&self, i: usize) -> Option<ViewNode<'_>> {
        let n = self.nodes.get(i)?;
        Some(ViewNode {
            parent: (i != 0).then_some(n.parent as usize),
            text: self.str_of(n.san.unwrap_or(n.written)),
            span: self.node_spans.get(i).copied().unwrap_or_default(),
        })
    }

    /// The NAGs of node `i`, in order.
    pub fn view_nags(&self, i: usize) -> impl Iterator<Item = u8> + '_ {
        self.attached(offset_of(i), |k| matches!(k, Kind::Nag(_)))
            .filter_map(|a| match self.attachments.get(a as usize)?.kind {
                Kind::Nag(n) => Some(n),
                _ => None,
            })
    }

    /// The comments of node `i` written before it (`after` false) or after
    /// it (`after` true).
    pub fn view_comments(&self, i: usize, after: bool) -> impl Iterator<Item = &str> + '_ {
        let want: fn(Kind) -> bool = if after {
            |k| k == Kind::After
        } else {
            |k| k == Kind::Before
        };
        self.attached(offset_of(i), want)
            .map(|a| self.attachment_text(a))
    }

    fn attachment_text(&self, a: u32) -> &str {
        self.attachments
            .get(a as usize)
            .map_or("", |x| self.str_of(x.text))
    }
}

fn offset_of(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(NONE)
}
