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

/// Turns a printed transcript into PGN: `tags` (`[Name "value"]` lines,
/// written as given) first, then the moves with the prose between them as
/// comments, then `*`. Blank lines inside prose are kept as paragraph
/// breaks; a `}` in prose, which would end a PGN comment, is written `)`.
pub fn transcript_to_pgn(grammar: &Grammar, text: &str, tags: &[(&str, &str)]) -> String {
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
        out.push_str("\"]\n");
    }
    if !tags.is_empty() {
        out.push('\n');
    }
    let mut prose: Vec<&str> = Vec::new();
    let flush = |prose: &mut Vec<&str>, out: &mut String| {
        while prose.last().is_some_and(|l| l.trim().is_empty()) {
            prose.pop();
        }
        let start = prose.iter().take_while(|l| l.trim().is_empty()).count();
        if prose.len() > start {
            out.push_str("{ ");
            for (i, l) in prose[start..].iter().enumerate() {
                if i > 0 {
                    out.push('\n');
                }
                out.push_str(&l.trim().replace('}', ")"));
            }
            out.push_str(" }\n");
        }
        prose.clear();
    };
    for line in text.lines() {
        match move_line(grammar, line) {
            Some((n, black_first, tokens)) => {
                flush(&mut prose, &mut out);
                out.push_str(&n.to_string());
                out.push_str(if black_first { "... " } else { ". " });
                out.push_str(&tokens.join(" "));
                out.push('\n');
            }
            None => prose.push(line),
        }
    }
    flush(&mut prose, &mut out);
    out.push_str("*\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "Sample Game of Hans38 Chess\n\n1.  @@f3        @@f6\n2.  Ng1-f3      Ng8-f6\n3.  @@e3        @g8-e6\nIf I merely said \"g8-e6\" it would look like a Pawn move.\n\nWhite's strategy is to place.\n\n23. e4-e5       d6:e5\n24. Bf4:e5\nIs a Knight worth more than a Bishop in this game?\n";

    #[test]
    fn move_lines_become_moves_and_prose_becomes_comments() {
        let g = Grammar::squares();
        let pgn = transcript_to_pgn(&g, SAMPLE, &[("Variant", "Hans38")]);
        assert_eq!(
            pgn,
            "[Variant \"Hans38\"]\n\n{ Sample Game of Hans38 Chess }\n1. @@f3 @@f6\n2. Ng1-f3 Ng8-f6\n3. @@e3 @g8-e6\n{ If I merely said \"g8-e6\" it would look like a Pawn move.\n\nWhite's strategy is to place. }\n23. e4-e5 d6:e5\n24. Bf4:e5\n{ Is a Knight worth more than a Bishop in this game? }\n*\n"
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
}
