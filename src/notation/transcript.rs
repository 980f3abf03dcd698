//! Transcripts as rule books print them: numbered move lines with prose
//! between them, as in seed 003's Hans38 sample game:
//!
//! ```text
//! 3.  @@e3        @g8-e6
//! If I merely said "g8-e6" it would look like a Pawn move, ...
//! 4.  e2-e3       e7-e6
//! ```
//!
//! [`transcript_to_pgn`] is a pre-pass that turns such text into PGN
//! movetext: move lines become numbered moves and every run of prose
//! becomes one `{...}` comment, so the ordinary reader and verifier take it
//! from there. A line is a move line when, after its number (`12.` or
//! `12...`), it holds one or two tokens that parse as moves of the game's
//! grammar; anything else is prose.

use super::token::{Grammar, parse_move};

/// Whether `token`, without trailing `!`, `?`, `+` or `#`, is a move of `grammar`.
fn is_move(grammar: &Grammar, token: &str) -> bool {
    let t = token.trim_end_matches(['!', '?', '+', '#']);
    !t.is_empty() && parse_move(grammar, t.as_bytes()).is_ok()
}

/// A move line: its number, whether it starts with Black's move (`12...`),
/// and its one or two move tokens.
fn move_line<'a>(grammar: &Grammar, line: &'a str) -> Option<(u32, bool, Vec<&'a str>)> {
    let line = line.trim();
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let number: u32 = line[..digits].parse().ok()?;
    let rest = line[digits..].strip_prefix('.')?;
    let (black_first, rest) = match rest.strip_prefix("..") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let tokens: Vec<&str> = rest.split_whitespace().collect();
    let max = if black_first { 1 } else { 2 };
    if tokens.is_empty() || tokens.len() > max || !tokens.iter().all(|t| is_move(grammar, t)) {
        return None;
    }
    Some((number, black_first, tokens))
}

/// Whether `text` looks like a printed transcript rather than PGN: no tag
/// pairs, no braces, and at least one numbered move line.
pub fn looks_like_transcript(grammar: &Grammar, text: &str) -> bool {
    let mut moves = false;
    for line in text.lines() {
        let l = line.trim_start();
        if l.starts_with('[') || l.contains('{') {
            return false;
        }
        moves |= move_line(grammar, line).is_some();
    }
    moves
}

/// Turns a printed transcript into PGN: `tags` (`[Name "value"]`, written
/// as given) first, then the moves with the prose between them as
/// comments, then `*`. Line for line: line N of the PGN is line N of the
/// transcript (the tags share the first line), and move lines are kept as
/// printed, so diagnostics point at the printed text. A `}` in prose, which
/// would end a PGN comment, is written `)`. [`TranscriptReader`] does the
/// same as a stream.
pub fn transcript_to_pgn(grammar: &Grammar, text: &str, tags: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    let mut reader = TranscriptReader::new(grammar.clone(), text.as_bytes(), tags);
    std::io::Read::read_to_string(&mut reader, &mut out).expect("invariant: memory reads");
    out
}

/// Longest line looked at whole: a longer one cannot be a move line, so it
/// is prose and goes through in pieces of this size.
pub const LINE_LIMIT: usize = 64 * 1024;

/// [`transcript_to_pgn`] as a stream: reads a transcript from `R` a line
/// at a time and hands out its PGN, so memory stays bounded whatever the
/// transcript's size (a line longer than [`LINE_LIMIT`] is prose and
/// passes in pieces).
#[derive(Debug)]
pub struct TranscriptReader<R> {
    src: R,
    grammar: Grammar,
    /// PGN made and not yet handed out, from `at`.
    out: Vec<u8>,
    at: usize,
    /// The line being read (or the piece of a long one).
    line: Vec<u8>,
    /// A prose comment is open; its last line's newline is not written yet.
    prose: bool,
    /// Blank lines after the open comment's last line: inside the comment
    /// if more prose follows, after it otherwise.
    blanks: usize,
    /// In a line longer than [`LINE_LIMIT`]; its trailing white space so
    /// far is held back, since the end of the line trims it.
    long: bool,
    held_space: Vec<u8>,
    done: bool,
}

impl<R: std::io::BufRead> TranscriptReader<R> {
    /// A reader of the PGN for the transcript in `src`, after `tags`.
    pub fn new(grammar: Grammar, src: R, tags: &[(&str, &str)]) -> TranscriptReader<R> {
        let mut out = Vec::new();
        for (name, value) in tags {
            out.push(b'[');
            out.extend_from_slice(name.as_bytes());
            out.extend_from_slice(b" \"");
            for c in value.chars() {
                if matches!(c, '"' | '\\') {
                    out.push(b'\\');
                }
                let mut utf8 = [0; 4];
                out.extend_from_slice(c.encode_utf8(&mut utf8).as_bytes());
            }
            out.extend_from_slice(b"\"] ");
        }
        TranscriptReader {
            src,
            grammar,
            out,
            at: 0,
            line: Vec::new(),
            prose: false,
            blanks: 0,
            long: false,
            held_space: Vec::new(),
            done: false,
        }
    }

    /// Reads the next line, or the next piece of a long one, into `line`.
    /// Returns whether the line ended (a newline or the input's end) and
    /// whether the input ended.
    fn next_line(&mut self) -> std::io::Result<(bool, bool)> {
        loop {
            let buf = self.src.fill_buf()?;
            if buf.is_empty() {
                return Ok((true, true));
            }
            let room = LINE_LIMIT.saturating_sub(self.line.len());
            let look = &buf[..buf.len().min(room)];
            if let Some(i) = memchr::memchr(b'\n', look) {
                self.line.extend_from_slice(&look[..i]);
                self.src.consume(i + 1);
                return Ok((true, false));
            }
            let n = look.len();
            self.line.extend_from_slice(look);
            self.src.consume(n);
            if self.line.len() >= LINE_LIMIT {
                return Ok((false, false));
            }
        }
    }

    /// Closes an open prose comment, then writes the blank lines after it.
    fn close_prose(&mut self) {
        if self.prose {
            self.out.extend_from_slice(b" }\n");
            self.prose = false;
        }
        for _ in 0..self.blanks {
            self.out.push(b'\n');
        }
        self.blanks = 0;
    }

    /// Starts a prose line: opens a comment, or goes on with the open one.
    fn start_prose(&mut self) {
        if self.prose {
            self.out.push(b'\n');
            for _ in 0..self.blanks {
                self.out.push(b'\n');
            }
        } else {
            self.out.extend_from_slice(b"{ ");
            self.prose = true;
        }
        self.blanks = 0;
    }

    /// Writes prose text, a `}` as `)`.
    fn push_prose(&mut self, text: &str) {
        for b in text.bytes() {
            self.out.push(if b == b'}' { b')' } else { b });
        }
    }

    /// Makes the PGN of the next line (or piece); false at the end.
    fn step(&mut self) -> std::io::Result<bool> {
        if self.done {
            return Ok(false);
        }
        let (ended, eof) = self.next_line()?;
        if !self.long && !ended {
            // Too long for a move line: prose, in pieces.
            self.start_prose();
            self.long = true;
        }
        if self.long {
            // A piece of a long prose line: complete characters only.
            let cut = if ended {
                self.line.len()
            } else {
                utf8_cut(&self.line)
            };
            let mut text =
                String::from_utf8_lossy(&std::mem::take(&mut self.held_space)).into_owned();
            text.push_str(&String::from_utf8_lossy(&self.line[..cut]));
            self.line.drain(..cut);
            let kept = text.trim_end().len();
            self.push_prose(&text[..kept]);
            if ended {
                self.long = false;
            } else if text.len() - kept > LINE_LIMIT {
                // Only the line's end trims; a run of spaces this long is
                // written rather than held without bound.
                self.push_prose(&text[kept..]);
            } else {
                self.held_space = text.as_bytes()[kept..].to_vec();
            }
            if eof {
                self.line.clear();
            }
        } else if eof && self.line.is_empty() {
            self.close_prose();
            self.out.extend_from_slice(b"*\n");
            self.done = true;
        } else {
            let line = std::mem::take(&mut self.line);
            let text = String::from_utf8_lossy(&line);
            if move_line(&self.grammar, &text).is_some() {
                self.close_prose();
                self.out.extend_from_slice(text.trim_end().as_bytes());
                self.out.push(b'\n');
            } else if text.trim().is_empty() {
                if self.prose {
                    self.blanks += 1;
                } else {
                    self.out.push(b'\n');
                }
            } else {
                self.start_prose();
                self.push_prose(text.trim_end());
            }
            self.line = line;
            self.line.clear();
        }
        Ok(true)
    }
}

/// How much of `bytes` to decode now: all but an incomplete UTF-8
/// character at its end, which the next piece completes.
fn utf8_cut(bytes: &[u8]) -> usize {
    let len = bytes.len();
    for back in 1..=len.min(3) {
        let b = bytes[len - back];
        if b & 0xC0 == 0x80 {
            continue;
        }
        let need = match b {
            0xF0.. => 4,
            0xE0.. => 3,
            0xC0.. => 2,
            _ => 1,
        };
        return if need > back { len - back } else { len };
    }
    len
}

impl<R: std::io::BufRead> std::io::Read for TranscriptReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        while self.at == self.out.len() {
            self.out.clear();
            self.at = 0;
            if !self.step()? {
                return Ok(0);
            }
        }
        let n = buf.len().min(self.out.len() - self.at);
        buf[..n].copy_from_slice(&self.out[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The conversion of a whole text at once, as it was before the
    /// stream: the reference the stream is checked against.
    /// Turns a printed transcript into PGN: `tags` (`[Name "value"]`, written
    /// as given) first, then the moves with the prose between them as
    /// comments, then `*`. Line for line: line N of the PGN is line N of the
    /// transcript (the tags share the first line), and move lines are kept as
    /// printed, so diagnostics point at the printed text. A `}` in prose, which
    /// would end a PGN comment, is written `)`.
    fn transcript_to_pgn_whole(grammar: &Grammar, text: &str, tags: &[(&str, &str)]) -> String {
        let mut out = String::with_capacity(text.len() + 64);
        for (name, value) in tags {
            out.push('[');
            out.push_str(name);
            out.push_str(" \"");
            for c in value.chars() {
                if matches!(c, '"' | '\\') {
                    out.push('\\');
                }
                out.push(c);
            }
            out.push_str("\"] ");
        }
        let lines: Vec<&str> = text.lines().collect();
        let is_move: Vec<bool> = lines
            .iter()
            .map(|l| move_line(grammar, l).is_some())
            .collect();
        let blank = |i: usize| lines[i].trim().is_empty();
        let mut i = 0;
        while i < lines.len() {
            if is_move[i] || blank(i) {
                out.push_str(lines[i].trim_end());
                out.push('\n');
                i += 1;
                continue;
            }
            // A run of prose up to the next move line; blank lines at its end
            // stay outside the comment.
            let mut end = i;
            while end < lines.len() && !is_move[end] {
                end += 1;
            }
            while end > i && blank(end - 1) {
                end -= 1;
            }
            for (k, line) in lines[i..end].iter().enumerate() {
                if k == 0 {
                    out.push_str("{ ");
                }
                out.push_str(&line.trim_end().replace('}', ")"));
                if i + k + 1 == end {
                    out.push_str(" }");
                }
                out.push('\n');
            }
            i = end;
        }
        out.push_str("*\n");
        out
    }

    const SAMPLE: &str = "Sample Game of Hans38 Chess\n\n1.  @@f3        @@f6\n2.  Ng1-f3      Ng8-f6\n3.  @@e3        @g8-e6\nIf I merely said \"g8-e6\" it would look like a Pawn move.\n\nWhite's strategy is to place.\n\n23. e4-e5       d6:e5\n24. Bf4:e5\nIs a Knight worth more than a Bishop in this game?\n";

    #[test]
    fn move_lines_become_moves_and_prose_becomes_comments() {
        let g = Grammar::squares();
        let pgn = transcript_to_pgn(&g, SAMPLE, &[("Variant", "Hans38")]);
        assert_eq!(
            pgn,
            "[Variant \"Hans38\"] { Sample Game of Hans38 Chess }\n\n1.  @@f3        @@f6\n2.  Ng1-f3      Ng8-f6\n3.  @@e3        @g8-e6\n{ If I merely said \"g8-e6\" it would look like a Pawn move.\n\nWhite's strategy is to place. }\n\n23. e4-e5       d6:e5\n24. Bf4:e5\n{ Is a Knight worth more than a Bishop in this game? }\n*\n"
        );
        assert_eq!(
            pgn.lines().count(),
            SAMPLE.lines().count() + 1,
            "line for line, then '*'"
        );
    }

    #[test]
    fn prose_with_numbers_is_not_a_move_line() {
        let g = Grammar::squares();
        let line = "Next, (email removed) e5? would be met with 21. e4-e5! and so";
        assert!(move_line(&g, line).is_none());
        assert!(move_line(&g, "21. e4-e5! and so Black needs").is_none());
        assert!(move_line(&g, "20... @@h6").is_some());
        assert!(move_line(&g, "1.  @@f3        @@f6").is_some());
    }

    #[test]
    fn detection_refuses_pgn() {
        let g = Grammar::squares();
        assert!(looks_like_transcript(&g, SAMPLE));
        assert!(!looks_like_transcript(&g, "[Event \"x\"]\n1. e4 e5 *\n"));
        assert!(!looks_like_transcript(&g, "1. e4 { a comment } e5 *\n"));
    }

    #[test]
    fn a_closing_brace_in_prose_cannot_end_the_comment() {
        let g = Grammar::chess();
        let pgn = transcript_to_pgn(&g, "1. e4 e5\nodd } brace\n", &[]);
        assert_eq!(pgn, "1. e4 e5\n{ odd ) brace }\n*\n");
    }

    /// issue_14_transcript_stream_matches_the_whole_text: the stream gives
    /// the PGN the whole-text conversion gave, on transcripts made of move
    /// lines, prose (with braces and non-ASCII text), blank lines and white
    /// space, read back in pieces of every size.
    #[test]
    fn issue_14_transcript_stream_matches_the_whole_text() {
        use proptest::prelude::*;
        let line = prop_oneof![
            Just("1. e4 e5".to_string()),
            Just("2.  Nf3   Nc6  ".to_string()),
            Just("3... a6".to_string()),
            Just("".to_string()),
            Just("   \t".to_string()),
            Just("prose } with a brace".to_string()),
            Just("élan vital, 4. d4 and so on ".to_string()),
            Just("\r".to_string()),
        ];
        let lines = proptest::collection::vec(line, 0..20);
        proptest!(|(lines in lines, newline_at_end: bool, piece in 1usize..50)| {
            let g = Grammar::chess();
            let mut text = lines.join("\n");
            if newline_at_end {
                text.push('\n');
            }
            let want = transcript_to_pgn_whole(&g, &text, &[("Variant", "Chess")]);
            let mut reader = TranscriptReader::new(g, text.as_bytes(), &[("Variant", "Chess")]);
            let mut got = Vec::new();
            let mut buf = vec![0; piece];
            loop {
                let n = std::io::Read::read(&mut reader, &mut buf).expect("memory reads");
                if n == 0 {
                    break;
                }
                got.extend_from_slice(&buf[..n]);
            }
            prop_assert_eq!(String::from_utf8_lossy(&got), want);
        });
    }

    /// An endless source of transcript text: move lines and prose, and
    /// every 1000th line a long one.
    struct Endless {
        line: Vec<u8>,
        at: usize,
        n: u64,
        left: u64,
    }

    impl std::io::Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.left == 0 {
                return Ok(0);
            }
            if self.at == self.line.len() {
                self.n += 1;
                self.at = 0;
                self.line = match self.n % 1000 {
                    0 => format!("{}\n", "a long line of prose ".repeat(10_000)).into_bytes(),
                    k if k % 2 == 0 => b"Some prose between the moves.\n".to_vec(),
                    _ => b"1. Nf3 Nf6\n".to_vec(),
                };
            }
            let n = buf
                .len()
                .min(self.line.len() - self.at)
                .min(self.left as usize);
            buf[..n].copy_from_slice(&self.line[self.at..self.at + n]);
            self.at += n;
            self.left -= n as u64;
            Ok(n)
        }
    }

    /// issue_14_transcript_is_streamed: 50 MB of transcript go through in
    /// bounded memory (the whole input was read first: 50 MB took 214 MB).
    /// The reader's buffers never outgrow a long line's piece.
    #[test]
    fn issue_14_transcript_is_streamed() {
        let source = Endless {
            line: Vec::new(),
            at: 0,
            n: 0,
            left: 50_000_000,
        };
        let mut reader = TranscriptReader::new(
            Grammar::chess(),
            std::io::BufReader::new(source),
            &[("Variant", "Chess")],
        );
        let mut buf = vec![0; 8192];
        let mut total = 0u64;
        let mut comments = 0u64;
        loop {
            let n = std::io::Read::read(&mut reader, &mut buf).expect("memory reads");
            if n == 0 {
                break;
            }
            total += n as u64;
            comments += buf[..n].iter().filter(|&&b| b == b'{').count() as u64;
            let held =
                reader.out.capacity() + reader.line.capacity() + reader.held_space.capacity();
            assert!(held <= 4 * LINE_LIMIT, "{held} bytes held after {total}");
        }
        assert!(total > 50_000_000, "{total}");
        assert!(comments > 100_000, "{comments}");
    }

    /// A line longer than the limit passes in pieces and comes out as the
    /// whole-text conversion wrote it: characters cut at a piece's end,
    /// braces and trailing white space included.
    #[test]
    fn issue_14_a_long_prose_line_passes_in_pieces() {
        let g = Grammar::chess();
        for pad in 0..4 {
            let long = format!("{}{}", "x".repeat(pad), "é} ".repeat(50_000));
            for text in [
                format!("1. e4 e5\n{long}\n2. d4 d5\n"),
                format!("{long}   \t\n\n{long}"),
                format!("1. e4\n{long}{}", " ".repeat(LINE_LIMIT / 2)),
            ] {
                assert_eq!(
                    transcript_to_pgn(&g, &text, &[]),
                    transcript_to_pgn_whole(&g, &text, &[]),
                    "pad {pad}"
                );
            }
        }
    }
}
