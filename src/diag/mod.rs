//! Findings about the input: [`Diagnostic`]s with their spans, codes and rules.
//!
//! Findings are data, never errors: they are collected, counted and rendered,
//! and never stop a file (STYLE B4). Rendering lives in [`render`].

pub mod render;

use std::fmt;
use std::sync::Arc;

use serde::Serialize;

/// How serious a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Information, e.g. a claimable draw.
    Note,
    /// Something suspicious that does not make the game invalid.
    Warning,
    /// The game is invalid.
    Error,
}

impl Severity {
    /// `note`, `warning` or `error`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

macro_rules! codes {
    ($( $(#[$doc:meta])* $name:ident = $slug:literal, )*) => {
        /// Stable kebab-case identifier of a kind of finding (docs/diagnostics.md).
        ///
        /// Once released a code is never renamed.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Code {
            $( $(#[$doc])* $name, )*
        }

        impl Code {
            /// Every code, in declaration order.
            pub const ALL: &'static [Code] = &[$(Code::$name),*];

            /// The stable slug, e.g. `illegal-move`.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $( Code::$name => $slug, )*
                }
            }
        }
    };
}

codes! {
    // --- reading (notation) ---
    /// A `{` comment runs to the end of the input.
    UnterminatedComment = "unterminated-comment",
    /// A `[` tag pair is not closed on its line, or its string is not closed.
    UnterminatedTag = "unterminated-tag",
    /// A tag pair that is not `[Name "value"]`.
    MalformedTag = "malformed-tag",
    /// A byte or token that has no meaning in movetext.
    UnexpectedToken = "unexpected-token",
    /// A `)` without an open variation.
    UnmatchedParenthesis = "unmatched-parenthesis",
    /// A variation still open at the end of the game.
    UnterminatedVariation = "unterminated-variation",
    /// Variations nested deeper than the reader's limit.
    VariationTooDeep = "variation-too-deep",
    /// A token or tag line longer than the reader's limit.
    TokenTooLong = "token-too-long",
    /// The input looks like binary data, not text.
    BinaryData = "binary-data",
    /// Bytes that are not UTF-8 (kept, shown lossily).
    InvalidUtf8 = "invalid-utf8",
    /// A game without a termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`).
    MissingResult = "missing-result",
    /// Prose before the first tag pair of a file, ignored.
    TextBeforeTags = "text-before-tags",
    /// A game that is larger than the limit for games held whole.
    GameTooLarge = "game-too-large",
    // --- verifying (rules) ---
    /// A move token that does not follow the game's notation.
    MalformedMove = "malformed-move",
    /// A state mark written on a move (PASGL `*`, `-`, `_`) that the
    /// position contradicts.
    StateMismatch = "state-mismatch",
    /// A move that no legal move matches.
    IllegalMove = "illegal-move",
    /// A move that several legal moves match.
    AmbiguousMove = "ambiguous-move",
    /// A piece letter that this game does not have.
    ImpossiblePiece = "impossible-piece",
    /// A `+` or `#` that does not match the position after the move.
    CheckSuffixMismatch = "check-suffix-mismatch",
    /// The result (tag or marker) disagrees with the final position.
    ResultMismatch = "result-mismatch",
    /// A move after the game has ended (mate, stalemate, automatic draw).
    MoveAfterEnd = "move-after-end",
    /// A null move `--` in a game that has no passes.
    NullMove = "null-move",
    /// A `[Variant]` this tool does not implement; the game is skipped.
    UnsupportedVariant = "unsupported-variant",
    /// Notation of a game whose rules engine is not implemented yet.
    NotYetSupported = "not-yet-supported",
    /// A `[FEN]` or `[SetUp]` that does not give a valid position.
    InvalidSetup = "invalid-setup",
    /// A draw that a player could claim (threefold, fifty moves).
    ClaimableDraw = "claimable-draw",
    /// A draw or end reached automatically (fivefold, 75 moves, dead position).
    AutomaticEnd = "automatic-end",
    /// The `[Result]` tag and the termination marker differ.
    ResultTagMismatch = "result-tag-mismatch",
    /// A move number that does not match the ply it precedes.
    MoveNumberMismatch = "move-number-mismatch",
    /// A record of a JSON or JSON Lines input that is not a game; skipped.
    InvalidRecord = "invalid-record",
    // --- definition files ---
    /// A game definition (`--variants FILE`) that cannot be used.
    BadDefinition = "bad-definition",
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// Where a token is in its input: byte range plus 1-based line and column.
///
/// Columns count bytes from the start of the line, starting at 1, as
/// compilers do for ASCII text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize)]
pub struct Span {
    /// Byte offset of the first byte.
    pub start: u64,
    /// Byte offset one past the last byte.
    pub end: u64,
    /// 1-based line of the first byte.
    pub line: u32,
    /// 1-based column of the first byte.
    pub column: u32,
}

/// A copy of the source line a finding points into, taken while the reader
/// still had it in its buffer (stdin cannot be read twice).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SourceLine {
    /// 1-based line number.
    pub number: u32,
    /// The line's text, lossily decoded, possibly cut short at both ends.
    pub text: String,
    /// 1-based column of the first character of `text` (more than 1 when the
    /// line was cut at its start).
    pub first_column: u32,
}

/// The game a finding belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize)]
pub struct GameRef {
    /// 1-based index of the game in its input.
    pub index: u64,
    /// The White tag, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub white: Option<String>,
    /// The Black tag, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub black: Option<String>,
    /// The Event tag, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
}

/// One finding about the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// How serious it is.
    pub severity: Severity,
    /// Its stable code.
    pub code: Code,
    /// What is wrong, in one sentence without final period.
    pub message: String,
    /// The input's path (`-` for stdin), if known.
    pub file: Option<Arc<str>>,
    /// Where in the input.
    pub span: Option<Span>,
    /// A short label shown under the caret.
    pub label: Option<String>,
    /// The source line, for rendering.
    pub source: Option<SourceLine>,
    /// The game it belongs to.
    pub game: Option<GameRef>,
    /// The 1-based ply of the move, if it is about a move.
    pub ply: Option<u32>,
    /// The move as written.
    pub move_text: Option<String>,
    /// The position before the move, in the game's FEN-like notation.
    pub position: Option<String>,
    /// The rule broken: seed sentence or RULINGS id.
    pub rule: Option<String>,
    /// Suggestions such as "did you mean Bf4?".
    pub help: Vec<String>,
    /// For the last line of a game that had more diagnostics than
    /// [`PER_GAME`]: how many diagnostics of this code and severity were
    /// not shown (this line stands for them and is not one of them).
    pub suppressed: u64,
}

/// Diagnostics shown per game: after this many, each code's further
/// diagnostics in the game are only counted, and one line per code says how
/// many there were (docs/diagnostics.md).
pub const PER_GAME: u32 = 100;

impl Diagnostic {
    /// A finding with only severity, code and message; fill the rest with the
    /// builder methods.
    #[cold]
    pub fn new(severity: Severity, code: Code, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity,
            code,
            message: message.into(),
            file: None,
            span: None,
            label: None,
            source: None,
            game: None,
            ply: None,
            move_text: None,
            position: None,
            rule: None,
            help: Vec::new(),
            suppressed: 0,
        }
    }

    /// An error finding.
    #[cold]
    pub fn error(code: Code, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Error, code, message)
    }

    /// A warning finding.
    #[cold]
    pub fn warning(code: Code, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Warning, code, message)
    }

    /// A note.
    #[cold]
    pub fn note(code: Code, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Note, code, message)
    }

    /// Sets the span and its label.
    pub fn with_span(mut self, span: Span, label: impl Into<String>) -> Diagnostic {
        self.span = Some(span);
        let label = label.into();
        self.label = (!label.is_empty()).then_some(label);
        self
    }

    /// Sets the source line.
    pub fn with_source(mut self, source: SourceLine) -> Diagnostic {
        self.source = Some(source);
        self
    }

    /// Sets the rule.
    pub fn with_rule(mut self, rule: impl Into<String>) -> Diagnostic {
        self.rule = Some(rule.into());
        self
    }

    /// Adds a help line.
    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help.push(help.into());
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_slugs_are_unique_kebab_case() {
        let mut seen = std::collections::HashSet::new();
        for c in Code::ALL {
            let s = c.as_str();
            assert!(seen.insert(s), "duplicate slug {s}");
            assert!(
                s.bytes()
                    .all(|b| b.is_ascii_lowercase() || b == b'-' || b.is_ascii_digit()),
                "{s}"
            );
        }
    }

    #[test]
    fn every_code_is_documented() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/diagnostics.md");
        let doc = std::fs::read_to_string(path).expect("docs/diagnostics.md exists");
        let missing: Vec<&str> = Code::ALL
            .iter()
            .map(|c| c.as_str())
            .filter(|slug| !doc.contains(&format!("| `{slug}` |")))
            .collect();
        assert!(
            missing.is_empty(),
            "add these codes to docs/diagnostics.md, one table row each: {missing:?}"
        );
    }
}
