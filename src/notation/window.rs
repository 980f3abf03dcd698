//! The reader's buffer window and the lazy scan for the end of the current
//! line, shared by the reader (which fills the window) and the
//! [`LineContext`](super::LineContext)s it hands to a visitor (which find
//! the line's end only when a diagnostic shows it). Kept apart from both so
//! that neither `reader` nor `visitor` imports the other.

use std::cell::Cell;

use memchr::memchr;

/// Cached end of the current line, so that a long line is scanned once
/// however many diagnostics show it.
#[derive(Clone, Copy, Debug)]
pub(super) struct LineEnd {
    pub(super) line: u32,
    /// Absolute offset of the newline, once found.
    pub(super) found: Option<u64>,
    /// Absolute offset up to which there is no newline.
    pub(super) scanned_to: u64,
}

/// The reader's buffer and what a [`LineContext`] needs of it, apart from
/// the rest of the reader so that a line context holds one reference to it
/// (every event gets one, and most never look at the line).
#[derive(Debug)]
pub(super) struct Window {
    pub(super) buf: Box<[u8]>,
    /// Absolute offset of `buf[0]`.
    pub(super) buf_abs: u64,
    /// The end of the filled part of `buf`.
    pub(super) end: usize,
    /// Interior mutability: the line contexts handed to the visitor fill it.
    pub(super) line_end: Cell<LineEnd>,
}

/// What a [`LineContext`] needs to find the current line's end when asked:
/// the reader's buffer up to its end, where the line begins and where the
/// reader stands in it.
#[derive(Clone, Copy, Debug)]
pub(super) struct LineScan<'a> {
    pub(super) win: &'a Window,
    /// Absolute offset where the line begins (it may have left the buffer).
    pub(super) line_start_abs: u64,
    /// Where the reader stands in the buffer: no newline lies between the
    /// line's start and here.
    pub(super) pos: usize,
}

impl<'a> LineScan<'a> {
    /// The column of the first byte [`Self::text`] shows: 1 unless the
    /// line's start has left the buffer.
    pub(super) fn first_column(&self) -> u32 {
        let buf_abs = self.win.buf_abs;
        if self.line_start_abs >= buf_abs {
            1
        } else {
            u32::try_from(buf_abs - self.line_start_abs + 1).unwrap_or(u32::MAX)
        }
    }

    /// The bytes of line `line` from its start (or the buffer's) up to its
    /// newline (without a `\r` before it) or the end of the buffer.
    pub(super) fn text(&self, line: u32) -> &'a [u8] {
        let win = self.win;
        let buf = win.buf.get(..win.end).unwrap_or_default();
        let buf_abs = win.buf_abs;
        // Where the line begins in `buf`, or `buf`'s start when it has left.
        let begin = usize::try_from(self.line_start_abs.max(buf_abs) - buf_abs)
            .unwrap_or(usize::MAX)
            .min(self.pos);
        let pos_abs = buf_abs + self.pos as u64;
        let end = buf.len();
        let end_abs = buf_abs + end as u64;
        let mut cached = win.line_end.get();
        if cached.line != line || cached.scanned_to < pos_abs {
            cached = LineEnd {
                line,
                found: None,
                scanned_to: pos_abs,
            };
        }
        if cached.found.is_none() && cached.scanned_to < end_abs {
            let from = usize::try_from(cached.scanned_to - buf_abs).unwrap_or(end);
            match memchr(b'\n', buf.get(from..).unwrap_or_default()) {
                Some(k) => cached.found = Some(buf_abs + (from + k) as u64),
                None => cached.scanned_to = end_abs,
            }
        }
        win.line_end.set(cached);
        let stop = cached.found.map_or(end, |abs| {
            usize::try_from(abs.saturating_sub(buf_abs))
                .unwrap_or(end)
                .min(end)
        });
        let mut stop = stop.max(begin);
        if stop > begin && buf.get(stop - 1) == Some(&b'\r') {
            stop -= 1;
        }
        buf.get(begin..stop).unwrap_or_default()
    }
}
