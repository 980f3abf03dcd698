//! The variants.ini syntax: `[name]` or `[name:parent]` sections of
//! `key = value` lines, `#` and `;` comment lines, as Fairy-Stockfish reads
//! them. Lines are read by hand rather than with nom: every construct is
//! one line, and each error needs its line number, which a line loop has.

use super::{DefineError, ErrorKind};

/// Longest line read; a longer one is an error, not a slow path.
const MAX_LINE: usize = 4096;

/// One `key = value` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The key, trimmed.
    pub key: String,
    /// The value, trimmed.
    pub value: String,
    /// 1-based line number.
    pub line: usize,
}

/// One `[name]` or `[name:parent]` section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// The variant's name.
    pub name: String,
    /// The parent it inherits from, if any.
    pub parent: Option<String>,
    /// The line of its header.
    pub line: usize,
    /// Its entries in file order.
    pub entries: Vec<Entry>,
    /// The section's text as written (header to the line before the next
    /// header), for `xpgn variants --show`.
    pub text: String,
}

/// Reads every section of `text`; `file` names the source in errors.
///
/// # Errors
/// The first line that is neither a section header, a `key = value`
/// line, a comment nor blank; a section header without its `]` or with an
/// empty name; a line over 4,096 bytes; text before the first
/// section that is not a comment.
pub fn parse(file: &str, text: &str) -> Result<Vec<Section>, DefineError> {
    let mut sections: Vec<Section> = Vec::new();
    let err = |line: usize, kind: ErrorKind| DefineError::new(file, line, kind);
    for (i, raw) in text.split('\n').enumerate() {
        let line = i + 1;
        if raw.len() > MAX_LINE {
            return Err(err(line, ErrorKind::LineTooLong { max: MAX_LINE }));
        }
        let trimmed = raw.trim();
        if let Some(s) = sections.last_mut() {
            if !trimmed.starts_with('[') {
                s.text.push_str(raw.trim_end_matches('\r'));
                s.text.push('\n');
            }
        }
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with(';') {
            continue;
        }
        if let Some(rest) = trimmed.strip_prefix('[') {
            let Some(inner) = rest.strip_suffix(']') else {
                return Err(err(line, ErrorKind::UnclosedHeader));
            };
            let (name, parent) = match inner.split_once(':') {
                Some((n, p)) => (n.trim(), Some(p.trim())),
                None => (inner.trim(), None),
            };
            if name.is_empty() || parent.is_some_and(str::is_empty) {
                return Err(err(line, ErrorKind::EmptyName));
            }
            sections.push(Section {
                name: name.to_string(),
                parent: parent.map(str::to_string),
                line,
                entries: Vec::new(),
                text: format!("{}\n", raw.trim_end_matches('\r')),
            });
            continue;
        }
        let Some((key, value)) = trimmed.split_once('=') else {
            return Err(err(
                line,
                ErrorKind::NotKeyValue {
                    text: trimmed.chars().take(60).collect(),
                },
            ));
        };
        let Some(section) = sections.last_mut() else {
            return Err(err(line, ErrorKind::KeyOutsideSection));
        };
        let key = key.trim();
        if key.is_empty() {
            return Err(err(
                line,
                ErrorKind::NotKeyValue {
                    text: trimmed.chars().take(60).collect(),
                },
            ));
        }
        section.entries.push(Entry {
            key: key.to_string(),
            value: value.trim().to_string(),
            line,
        });
    }
    // Trailing blank and comment lines belong to no section's text.
    for s in &mut sections {
        while s.text.ends_with("\n\n") {
            s.text.pop();
        }
    }
    Ok(sections)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_keys_comments_and_parents() {
        let text = "# a comment\n[a]\nmaxRank = 10\n; other\n\n[b:a]\nmaxFile=j\n";
        let s = parse("t.ini", text).expect("valid");
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].name, "a");
        assert_eq!(s[0].parent, None);
        assert_eq!(s[0].entries[0].key, "maxRank");
        assert_eq!(s[0].entries[0].value, "10");
        assert_eq!(s[0].entries[0].line, 3);
        assert_eq!(s[1].parent.as_deref(), Some("a"));
        assert_eq!(s[1].entries[0].value, "j");
        assert_eq!(s[1].text, "[b:a]\nmaxFile=j\n");
    }

    #[test]
    fn bad_lines_name_their_line() {
        let e = parse("t.ini", "[a]\nmaxRank 10\n").expect_err("no =");
        assert_eq!(e.line, 2);
        let e = parse("t.ini", "maxRank = 10\n").expect_err("no section");
        assert_eq!(e.line, 1);
        let e = parse("t.ini", "[a\n").expect_err("unclosed");
        assert_eq!(e.line, 1);
        let e = parse("t.ini", "[:x]\n").expect_err("empty name");
        assert_eq!(e.line, 1);
        let long = format!("[a]\nstartFen = {}\n", "8/".repeat(3000));
        let e = parse("t.ini", &long).expect_err("long");
        assert_eq!(e.line, 2);
    }
}
