//! Where the parallel split guesses that a game starts.
//!
//! A plain file is cut into byte ranges of a fixed size. The worker of a
//! range starts reading at the range's *candidate*: the first line in it
//! that starts a tag pair ([`starts_tag_line`], the boundary rule the reader
//! itself uses to end a runaway comment) after a line that does not, moved
//! back over the `;` and `%` lines right before it that the reader gives to
//! the game that follows: `;` lines right after movetext, with no blank line
//! between, belong to the game they follow (comments after its result). A candidate is only a guess: whether a
//! game really starts there depends on everything before it (a comment
//! opened earlier, a tag section going on). The reader of the range before
//! decides, by reading on past its range's end to the start of the next
//! game it finds; the scheduler (`cli::pipeline`) keeps a speculative
//! worker's results only when that start is the worker's candidate.
//!
//! Candidates are always line starts, so a reader started there is in the
//! state the reader of the whole file is in when a game begins there.

use std::io::{self, Read};

use memchr::memchr;

use crate::notation::tag::{TAG_LINE_PREFIX, starts_tag_line};

/// What a line is, for the guess.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    Blank,
    /// A `;` line (from its first byte): it goes with the next game unless
    /// it follows movetext directly.
    Semicolon,
    /// A `%` line: it goes with the next game.
    Escape,
    Tag,
    Other,
}

fn classify(head: &[u8], complete: bool) -> Line {
    if starts_tag_line(head) {
        return Line::Tag;
    }
    match head.first() {
        Some(b';') => Line::Semicolon,
        Some(b'%') => Line::Escape,
        _ if complete && head.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r')) => Line::Blank,
        _ => Line::Other,
    }
}

/// The guess's state between lines.
#[derive(Clone, Copy, Debug, Default)]
struct Guess {
    /// Whether the last line that was neither blank nor a lead line was a
    /// tag line (`None`: none seen yet).
    after_tag: Option<bool>,
    /// Start of the run of lead lines right before this line.
    lead: Option<u64>,
    /// Whether this line follows movetext, and the `;` lines after it,
    /// with no blank or `%` line between.
    after_movetext: bool,
}

impl Guess {
    /// Takes the line starting at `at`; the candidate if it is one.
    fn line(&mut self, at: u64, kind: Line) -> Option<u64> {
        match kind {
            Line::Blank => {
                self.after_movetext = false;
                None
            }
            Line::Semicolon if self.after_movetext => None,
            Line::Semicolon | Line::Escape => {
                self.after_movetext = false;
                self.lead.get_or_insert(at);
                None
            }
            Line::Tag => {
                self.after_movetext = false;
                let start = self.lead.take().unwrap_or(at);
                let found = self.after_tag == Some(false);
                self.after_tag = Some(true);
                found.then_some(start)
            }
            Line::Other => {
                self.after_movetext = true;
                self.after_tag = Some(false);
                self.lead = None;
                None
            }
        }
    }
}

/// The candidate of the range `lo..hi` of an input: `read` gives the
/// input's bytes from `lo - 1` (from `0` when `lo` is `0`). Only lines that
/// start in the range count, and the candidate's tag line is in it too.
///
/// # Errors
///
/// Errors of `read`.
pub fn candidate(mut read: impl Read, lo: u64, hi: u64) -> io::Result<Option<u64>> {
    // Small reads: the candidate is mostly near the range's start.
    let mut buf = vec![0u8; 8 * 1024];
    // The first bytes of the current line, and where it starts.
    let mut head: Vec<u8> = Vec::with_capacity(TAG_LINE_PREFIX);
    // Offset of buf[0]; the byte before `lo` decides whether a line starts there.
    let mut pos = lo.saturating_sub(1);
    let mut line_start: Option<u64> = (lo == 0).then_some(0);
    let mut guess = Guess::default();
    loop {
        let n = match read.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let mut i = 0;
        while i < n {
            let rest = &buf[i..n];
            let nl = memchr(b'\n', rest);
            let part = &rest[..nl.unwrap_or(rest.len())];
            if line_start.is_some() && head.len() < TAG_LINE_PREFIX {
                let take = part.len().min(TAG_LINE_PREFIX - head.len());
                head.extend_from_slice(&part[..take]);
            }
            let Some(k) = nl else {
                pos += rest.len() as u64;
                break;
            };
            if let Some(at) = line_start.take()
                && let Some(found) = guess.line(at, classify(&head, true))
            {
                return Ok(Some(found));
            }
            head.clear();
            pos += k as u64 + 1;
            i += k + 1;
            if pos >= hi {
                return Ok(None);
            }
            line_start = Some(pos);
        }
    }
    // The last line, without a newline.
    Ok(line_start
        .filter(|&at| at < hi)
        .and_then(|at| guess.line(at, classify(&head, false))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cand(text: &str, lo: u64, hi: u64) -> Option<u64> {
        let from = usize::try_from(lo.saturating_sub(1)).expect("small");
        candidate(&text.as_bytes()[from..], lo, hi).expect("reads")
    }

    #[test]
    fn a_tag_section_after_movetext_is_a_candidate() {
        let text = "[A \"1\"]\n\n1. e4 *\n\n[A \"2\"]\n[B \"3\"]\n\n1. d4 *\n";
        let second = text.find("[A \"2\"]").expect("there") as u64;
        // The first tag line of a range is not known to follow movetext.
        assert_eq!(cand(text, 0, 1000), Some(second));
        assert_eq!(cand(text, 1, 1000), Some(second));
        assert_eq!(cand(text, second, 1000), None);
        // Only lines that start in the range count.
        assert_eq!(cand(text, 0, second), None);
        assert_eq!(cand(text, 0, second + 1), Some(second));
    }

    #[test]
    fn lead_lines_go_with_the_game_that_follows() {
        let text = "1. e4 *\n\n; about game 2\n%escape\n[A \"2\"]\n1. d4 *\n";
        let lead = text.find(';').expect("there") as u64;
        assert_eq!(cand(text, 0, 1000), Some(lead));
        let text = "1. e4 *\n%escape\n; about game 2\n[A \"2\"]\n1. d4 *\n";
        let lead = text.find('%').expect("there") as u64;
        assert_eq!(cand(text, 0, 1000), Some(lead));
        let text = "1. e4 *\n[A \"1\"]\n; c\n[B \"2\"]\n";
        assert_eq!(cand(text, 0, 1000), Some(8));
    }

    #[test]
    fn semicolon_lines_right_after_movetext_go_with_the_game_before() {
        // TCEC's summary after each result.
        let text = "1. e4 *\n; { Game Nr. 1\n; ends }\n\n[A \"2\"]\n1. d4 *\n";
        let tag = text.find('[').expect("there") as u64;
        assert_eq!(cand(text, 0, 1000), Some(tag));
        let text = "1. e4 * ; one\n; two\n[A \"2\"]\n1. d4 *\n";
        let tag = text.find('[').expect("there") as u64;
        assert_eq!(cand(text, 0, 1000), Some(tag));
    }

    #[test]
    fn a_range_starting_inside_a_line_skips_it() {
        let text = "1. e4 *\n[A \"2\"]\n1. d4 *\n[A \"3\"]\n";
        let third = text.rfind('[').expect("there") as u64;
        // From byte 9 the first line seen is "1. d4 *".
        assert_eq!(cand(text, 9, 1000), Some(third));
    }
}
