//! Unlinked temporary files for one giant game: a comment past
//! [`COMMENT_SPILL`] bytes leaves the arena for the [`Lean`]'s spill file,
//! and a game's output past [`OUT_SPILL`] bytes leaves its buffer for a file
//! of its own that the [`Rendered`] game carries to the writer. Memory
//! then stays flat whatever one game holds (issue 14): the writer needs
//! the whole game before writing (the `[Result]` tag comes from the
//! movetext's end), but not in memory.
//!
//! The files are unlinked from their creation (`tempfile::tempfile`, in
//! the temporary directory, `TMPDIR`), so nothing is left on any exit,
//! signals and `kill -9` included. When no such file can be created or
//! written, the text stays in memory, as it did before: the output is the
//! same either way.
//!
//! [`Lean`]: super::Lean
//! [`Rendered`]: super::Rendered

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::sync::Arc;

use super::{Lean, offset, offset_u64};
use crate::notation::{Chunk, CommentStyle};
use crate::record::Cut;

/// A comment longer than this goes to the spill file as it is read.
pub(super) const COMMENT_SPILL: usize = 1 << 20;

/// A game's output longer than this goes to a file as it is written.
pub(super) const OUT_SPILL: usize = 1 << 20;

/// Bytes read back at a time.
const PIECE: usize = 1 << 16;

/// An unlinked temporary file written from its start, created on first
/// use.
#[derive(Debug, Default)]
pub(super) struct SpillFile {
    file: Option<File>,
    /// Bytes held.
    len: u64,
    /// A file could not be created or written: hold text in memory.
    failed: bool,
}

impl SpillFile {
    /// Bytes held.
    pub(super) fn len(&self) -> u64 {
        self.len
    }

    /// Appends `bytes`; false when they could not be (then the file holds
    /// what it held before, and the caller keeps them).
    pub(super) fn append(&mut self, bytes: &[u8]) -> bool {
        if self.failed {
            return false;
        }
        if self.file.is_none() {
            match tempfile::tempfile() {
                Ok(f) => self.file = Some(f),
                Err(_) => {
                    self.failed = true;
                    return false;
                }
            }
        }
        let Some(mut f) = self.file.as_ref() else {
            return false;
        };
        let written = f
            .seek(SeekFrom::Start(self.len))
            .and_then(|_| f.write_all(bytes));
        if written.is_err() {
            // What was written of them is cut off again.
            let _ = f.set_len(self.len);
            self.failed = true;
            return false;
        }
        self.len += bytes.len() as u64;
        true
    }

    /// Forgets bytes from `len` on.
    pub(super) fn truncate(&mut self, len: u64) {
        if len < self.len {
            self.len = len;
            if let Some(f) = &self.file
                && f.set_len(len).is_err()
            {
                self.failed = true;
            }
        }
    }

    /// Calls `f` with bytes `from..to` of the file, in pieces cut at
    /// UTF-8 boundaries (the file holds text).
    pub(super) fn pieces(
        &self,
        from: u64,
        to: u64,
        f: impl FnMut(&str) -> io::Result<()>,
    ) -> io::Result<()> {
        match &self.file {
            Some(file) => text_pieces(file, from, to.min(self.len), f),
            None => Ok(()),
        }
    }

    /// The file and its length, for a [`super::Rendered`] game; `None`
    /// when nothing was spilled.
    pub(super) fn into_spilled(self) -> Option<Spilled> {
        let file = self.file.filter(|_| self.len > 0)?;
        Some(Spilled {
            file: Arc::new(file),
            len: self.len,
        })
    }
}

/// The first `len` bytes of a game's output, in an unlinked file (shared
/// by clones of the game, which only read it).
#[derive(Clone, Debug)]
pub struct Spilled {
    file: Arc<File>,
    len: u64,
}

impl Spilled {
    /// Bytes held.
    pub(super) fn len(&self) -> u64 {
        self.len
    }

    /// Calls `f` with bytes `from..to`, a piece at a time.
    pub(super) fn bytes(
        &self,
        from: u64,
        to: u64,
        mut f: impl FnMut(&[u8]) -> io::Result<()>,
    ) -> io::Result<()> {
        let to = to.min(self.len);
        if from >= to {
            return Ok(());
        }
        let mut file = &*self.file;
        file.seek(SeekFrom::Start(from))?;
        let mut buf = vec![0; PIECE];
        let mut left = to - from;
        while left > 0 {
            let want = usize::try_from(left).unwrap_or(PIECE).min(PIECE);
            let piece = buf.get_mut(..want).unwrap_or_default();
            file.read_exact(piece)?;
            f(piece)?;
            left -= want as u64;
        }
        Ok(())
    }
}

/// Reads `from..to` of `file` (UTF-8 text) and calls `f` with it in
/// pieces that end on a character boundary.
fn text_pieces(
    mut file: &File,
    from: u64,
    to: u64,
    mut f: impl FnMut(&str) -> io::Result<()>,
) -> io::Result<()> {
    if from >= to {
        return Ok(());
    }
    file.seek(SeekFrom::Start(from))?;
    let mut buf = vec![0; PIECE + 4];
    // Bytes of a character cut at the end of the last piece, at the start.
    let mut carried = 0;
    let mut left = to - from;
    while left > 0 {
        let want = usize::try_from(left).unwrap_or(PIECE).min(PIECE);
        let end = carried + want;
        file.read_exact(buf.get_mut(carried..end).unwrap_or_default())?;
        left -= want as u64;
        let filled = buf.get(..end).unwrap_or_default();
        let (text, rest) = match std::str::from_utf8(filled) {
            Ok(text) => (text, 0),
            Err(e) if e.error_len().is_none() && left > 0 => {
                let good = e.valid_up_to();
                (
                    std::str::from_utf8(filled.get(..good).unwrap_or_default()).unwrap_or(""),
                    end - good,
                )
            }
            Err(_) => {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    "a spilled comment is not UTF-8",
                ));
            }
        };
        if !text.is_empty() {
            f(text)?;
        }
        buf.copy_within(end - rest..end, 0);
        carried = rest;
    }
    Ok(())
}

/// A game's output as it is written: a buffer that goes to a file each
/// time it passes [`OUT_SPILL`] bytes ([`OutSpill::drain`]).
#[derive(Debug)]
pub(super) struct OutSpill {
    file: SpillFile,
    /// PGN: bytes that were not UTF-8 come back as themselves
    /// ([`crate::notation::text::unescape`]) on their way to the file.
    unescape: bool,
    scratch: Vec<u8>,
}

impl OutSpill {
    pub(super) fn new(unescape: bool) -> OutSpill {
        OutSpill {
            file: SpillFile::default(),
            unescape,
            scratch: Vec::new(),
        }
    }

    /// Bytes already moved to the file: the offset in the game's output
    /// of `out`'s first byte.
    pub(super) fn base(&self) -> u64 {
        self.file.len()
    }

    /// Moves `out` to the file when it holds more than [`OUT_SPILL`]
    /// bytes (whole tokens: a cut between two never splits a character).
    #[inline]
    pub(super) fn drain(&mut self, out: &mut Vec<u8>) {
        if out.len() > OUT_SPILL {
            self.drain_now(out);
        }
    }

    #[cold]
    fn drain_now(&mut self, out: &mut Vec<u8>) {
        let moved = if self.unescape {
            // Unescaped in a copy: `out` stays as it was if the file
            // fails, to be unescaped once with the rest.
            self.scratch.clear();
            self.scratch.extend_from_slice(out);
            crate::notation::text::unescape(&mut self.scratch);
            self.file.append(&self.scratch)
        } else {
            self.file.append(out)
        };
        if moved {
            out.clear();
        }
    }

    pub(super) fn into_spilled(self) -> Option<Spilled> {
        self.file.into_spilled()
    }
}

impl Lean {
    /// A piece of a comment: into the arena, and from there to the spill
    /// file once the comment passes [`COMMENT_SPILL`] bytes.
    pub(super) fn comment_chunk(&mut self, text: &[u8], style: CommentStyle, chunk: Chunk) {
        if !self.grow(text.len()) {
            return;
        }
        let start = *self.comment_start.get_or_insert(offset(self.text.len()));
        self.push_bytes(text);
        if self.comment_spill.is_some() || self.text.len() - start as usize > COMMENT_SPILL {
            self.spill_comment(start, style);
        }
        if matches!(chunk, Chunk::Whole | Chunk::Last) {
            self.comment_start = None;
            match self.comment_spill.take() {
                Some(from) => {
                    let text = (offset_u64(from), offset_u64(self.big.len()));
                    self.add_comment(text, style, true);
                }
                None => {
                    let end = offset(self.text.len());
                    self.add_comment((start, end), style, false);
                }
            }
        }
    }

    /// Moves the text of the brace comment being read (from `start` in
    /// the arena) to the spill file: a giant comment is held once, on
    /// disk, not in the arena and again in the output. A `;` comment, a
    /// game for `xpgn view` and a game whose spill file fails stay in
    /// the arena.
    fn spill_comment(&mut self, start: u32, style: CommentStyle) {
        if style != CommentStyle::Brace || self.view {
            return;
        }
        let from = self.big.len();
        let moved = self
            .text
            .get(start as usize..)
            .is_some_and(|t| self.big.append(t.as_bytes()));
        if moved {
            self.comment_spill.get_or_insert(from);
            self.text.truncate(start as usize);
        } else if let Some(first) = self.comment_spill.take() {
            // The file failed midway: what it holds of the comment comes
            // back before the text just read.
            let mut back = String::new();
            let read = self.big.pieces(first, from, |p| {
                back.push_str(p);
                Ok(())
            });
            if read.is_err() {
                // The comment cannot be had whole: the game is not
                // written as if it were.
                self.cut.get_or_insert(Cut::TooLarge {
                    limit: COMMENT_SPILL as u64,
                });
            }
            self.big.truncate(first);
            let tail = self.text.split_off(start as usize);
            self.text.push_str(&back);
            self.text.push_str(&tail);
        }
    }
}
