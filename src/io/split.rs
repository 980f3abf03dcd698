//! Splitting an input into chunks of whole games, so that worker threads can
//! read them in parallel while the output stays in input order.
//!
//! A chunk ends right before a line that starts a tag section: a line whose
//! first non-blank byte is `[`, outside any brace comment, after a line that
//! was neither blank-only-so-far nor a tag line. The scan tracks `{...}`
//! comments, `;` comments and `%` escape lines, so a `[` inside a comment
//! never splits a game. Chunks carry their offset and first line, so spans
//! found in them can be moved back to the input's coordinates.

use std::io::{self, Read};

use memchr::{memchr, memchr2};

/// One piece of an input holding whole games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chunk {
    /// The bytes.
    pub data: Vec<u8>,
    /// Offset of `data[0]` in the input.
    pub offset: u64,
    /// 1-based line of `data[0]` in the input.
    pub line: u32,
}

/// The line scanner's state between lines.
#[derive(Clone, Copy, Debug, Default)]
struct Scan {
    /// Inside a `{...}` comment.
    brace: bool,
    /// The last non-blank line was a tag line.
    after_tag: bool,
    /// A tag or a movetext token has been seen in this chunk.
    content: bool,
    /// The last line held movetext or a tag, not only comments: comment
    /// lines after it belong to the next game (the reader gives comments
    /// between games to the game that follows).
    comment_only: bool,
}

impl Scan {
    /// Reads one line (without its newline); true when a game starts here
    /// and the chunk may end before it.
    fn line(&mut self, line: &[u8]) -> bool {
        let first = line.iter().position(|b| !b.is_ascii_whitespace());
        let Some(first) = first else {
            return false;
        };
        if !self.brace {
            match line[first] {
                b'[' => {
                    let boundary = self.content && !self.after_tag;
                    self.after_tag = true;
                    self.content = true;
                    self.comment_only = false;
                    return boundary;
                }
                b'%' if first == 0 => return false,
                _ => {}
            }
        }
        let mut i = first;
        let mut tokens = false;
        while i < line.len() {
            if self.brace {
                match memchr(b'}', &line[i..]) {
                    Some(j) => {
                        self.brace = false;
                        i += j + 1;
                    }
                    None => break,
                }
            } else if tokens {
                // Only a comment's start matters now: jump to it.
                match memchr2(b'{', b';', &line[i..]) {
                    Some(j) if line[i + j] == b'{' => {
                        self.brace = true;
                        i += j + 1;
                    }
                    _ => break,
                }
            } else {
                match line[i] {
                    b'{' => self.brace = true,
                    b';' => break,
                    b if !b.is_ascii_whitespace() => tokens = true,
                    _ => {}
                }
                i += 1;
            }
        }
        self.comment_only = !tokens;
        if tokens {
            self.content = true;
        }
        // A comment between tag lines does not end the tag section.
        if tokens || !self.after_tag {
            self.after_tag = false;
        }
        false
    }
}

/// Reads `read` to its end and hands out chunks of whole games of about
/// `target` bytes (larger only when one game is larger). `each` returns
/// `false` to stop early.
///
/// # Errors
///
/// Errors of `read`; chunks before the failure have been handed out.
pub fn split(
    mut read: impl Read,
    target: usize,
    mut each: impl FnMut(Chunk) -> bool,
) -> io::Result<()> {
    let target = target.max(1);
    let mut data: Vec<u8> = Vec::with_capacity(target + 64 * 1024);
    let mut offset = 0u64;
    let mut line_no = 1u32;
    // Where scanning resumes (always a line start) and lines scanned so far.
    let mut scanned = 0usize;
    let mut lines_in_chunk = 0u32;
    let mut scan = Scan::default();
    // Start (and line count) of the run of comment-only lines since the
    // last line with tokens, if any.
    let mut region: Option<(usize, u32)> = None;
    let mut eof = false;
    let mut block = vec![0u8; 256 * 1024];
    loop {
        if !eof {
            let n = loop {
                match read.read(&mut block) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                }
            };
            if n == 0 {
                eof = true;
            } else {
                data.extend_from_slice(&block[..n]);
            }
        }
        // Scan whole lines; look for a boundary past the target size.
        let mut cut = None;
        while let Some(nl) = memchr(b'\n', &data[scanned..]) {
            let start = scanned;
            let line = &data[start..start + nl];
            let in_brace = scan.brace;
            let boundary = scan.line(line);
            if boundary && start >= target {
                // Comment lines right before the tags go with the new game.
                let (at, lines) = match region {
                    Some((at, lines)) if at > 0 => (at, lines),
                    _ => (start, lines_in_chunk),
                };
                cut = Some((at, lines));
                break;
            }
            let blank = line.iter().all(u8::is_ascii_whitespace);
            if boundary || !(scan.comment_only || blank) || in_brace && region.is_none() {
                region = None;
            } else if region.is_none() && !in_brace && !blank {
                region = Some((start, lines_in_chunk));
            }
            scanned = start + nl + 1;
            lines_in_chunk += 1;
        }
        if let Some((cut, lines_before)) = cut {
            let rest = data.split_off(cut);
            let chunk = Chunk {
                data: std::mem::replace(&mut data, rest),
                offset,
                line: line_no,
            };
            offset += cut as u64;
            line_no = line_no.saturating_add(lines_before);
            lines_in_chunk = 0;
            scanned = 0;
            region = None;
            // The new chunk starts with the lines that made the cut.
            scan = Scan::default();
            if !each(chunk) {
                return Ok(());
            }
            continue;
        }
        if eof {
            if !data.is_empty() {
                each(Chunk {
                    data,
                    offset,
                    line: line_no,
                });
            }
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunks(text: &str, target: usize) -> Vec<Chunk> {
        let mut out = Vec::new();
        split(text.as_bytes(), target, |c| {
            out.push(c);
            true
        })
        .expect("reads");
        out
    }

    #[test]
    fn chunks_hold_whole_games_with_their_coordinates() {
        let game = "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 e5 *\n\n";
        let text = game.repeat(5);
        let got = chunks(&text, 1);
        assert_eq!(got.len(), 5);
        for (i, c) in got.iter().enumerate() {
            assert_eq!(c.data, game.as_bytes());
            assert_eq!(c.offset, (i * game.len()) as u64);
            assert_eq!(c.line, 1 + 5 * i as u32);
        }
        let got = chunks(&text, 2 * game.len());
        assert_eq!(got.len(), 3);
        let joined: Vec<u8> = got.iter().flat_map(|c| c.data.clone()).collect();
        assert_eq!(joined, text.as_bytes());
    }

    #[test]
    fn a_tag_line_inside_a_comment_does_not_split() {
        let text =
            "[Event \"a\"]\n\n1. e4 {see\n[Event \"x\"]\n} e5 ; [\n*\n[Event \"b\"]\n\n1. d4 *\n";
        let got = chunks(text, 1);
        assert_eq!(got.len(), 2, "{got:?}");
        assert!(got[1].data.starts_with(b"[Event \"b\"]"));
        assert_eq!(got[1].line, 7);
    }

    #[test]
    fn comments_between_games_go_with_the_next_game() {
        let text =
            "[A \"1\"]\n\n1. e4 *\n{ about\nthe next }\n; and this\n\n[A \"2\"]\n\n1. d4 *\n";
        let got = chunks(text, 1);
        assert_eq!(got.len(), 2, "{got:?}");
        assert!(got[1].data.starts_with(b"{ about"), "{got:?}");
        assert_eq!(got[1].line, 4);
    }

    #[test]
    fn after_a_token_only_comment_starts_are_looked_for() {
        // A brace after a `;` opens nothing: the next tag line splits.
        let got = chunks("[A \"1\"]\n1. e4 ; {no brace\n[A \"2\"]\n1. d4 *\n", 1);
        assert_eq!(got.len(), 2, "{got:?}");
        // The second brace on a line still opens a comment that hides a tag line.
        let text = "[A \"1\"]\n1. e4 {a} e5 {b\n[A \"x\"]\n} *\n[A \"2\"]\n1. d4 *\n";
        let got = chunks(text, 1);
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!(got[1].line, 5);
    }

    #[test]
    fn games_without_blank_lines_split_too() {
        let got = chunks("[A \"1\"]\n1. e4 *\n[A \"2\"]\n1. d4 *\n", 1);
        assert_eq!(got.len(), 2);
    }
}
