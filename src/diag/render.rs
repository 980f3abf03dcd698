//! Rendering diagnostics for people (compiler style) and machines (JSON lines).
//!
//! Both renderers write straight into any [`Write`]; they never re-read the
//! input, because the diagnostic already carries its [`SourceLine`]. Colour is
//! a plain `bool` decided by the caller: this module knows nothing about
//! terminals (STYLE B1). Field names of the JSON shapes are documented in
//! `docs/formats.md` and are never renamed.

use std::borrow::Cow;
use std::io::{self, Write};

use anstyle::{AnsiColor, Style};
use serde::Serialize;

use super::{Code, Diagnostic, GameRef, Severity, SourceLine, Span};

/// Width of a tab in the rendered source line; the caret line uses the same.
const TAB_WIDTH: usize = 4;

const GUTTER: Style = AnsiColor::BrightBlue.on_default().bold();
const BOLD: Style = Style::new().bold();

fn severity_style(severity: Severity) -> Style {
    match severity {
        Severity::Error => AnsiColor::BrightRed.on_default().bold(),
        Severity::Warning => AnsiColor::BrightYellow.on_default().bold(),
        Severity::Note => AnsiColor::BrightGreen.on_default().bold(),
    }
}

/// Writes `text` in `style` when `color` is on, plainly otherwise.
fn paint(out: &mut impl Write, color: bool, style: Style, text: &str) -> io::Result<()> {
    if color {
        write!(out, "{style}{text}{style:#}")
    } else {
        out.write_all(text.as_bytes())
    }
}

/// Whether a character must not reach a terminal as it is: control
/// characters (they can move the cursor or change colours), bidirectional
/// overrides and isolates (they reorder what is shown), and zero-width
/// characters (they hide text).
fn is_unsafe_char(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061C}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{2069}'
                | '\u{FEFF}'
        )
}

/// Makes untrusted text (tags, comments, move text, file names) safe for a
/// terminal: each control, bidi or zero-width character becomes a visible
/// `\u{...}` escape. A tab becomes spaces. Borrows when nothing changes.
///
/// # Examples
///
/// ```
/// use xpgn::diag::render::sanitize;
/// assert_eq!(sanitize("Smith"), "Smith");
/// assert_eq!(sanitize("a\u{1b}[2Jb"), "a\\u{1b}[2Jb");
/// assert_eq!(sanitize("x\u{202e}y"), "x\\u{202e}y");
/// ```
pub fn sanitize(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        push_sanitized(&mut out, c);
    }
    Cow::Owned(out)
}

/// Appends the terminal-safe form of `c`; returns how many columns it takes.
fn push_sanitized(out: &mut String, c: char) -> usize {
    use std::fmt::Write as _;
    if c == '\t' {
        out.extend(std::iter::repeat_n(' ', TAB_WIDTH));
        TAB_WIDTH
    } else if is_unsafe_char(c) {
        let before = out.len();
        // Writing into a String cannot fail.
        let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        out.len() - before
    } else {
        out.push(c);
        1
    }
}

/// The source line made safe, plus where the caret starts and how wide it is,
/// both in display columns of the sanitized text.
fn caret_layout(source: &SourceLine, span: &Span) -> (String, usize, usize) {
    let text = &source.text;
    // Byte offsets of the span inside `text`, clamped to the text.
    let start = (span.column.saturating_sub(source.first_column) as usize).min(text.len());
    let len = span.end.saturating_sub(span.start) as usize;
    let end = start.saturating_add(len).min(text.len());

    let mut shown = String::with_capacity(text.len());
    let mut caret_start = None;
    let mut caret_end = None;
    let mut col = 0;
    for (i, c) in text.char_indices() {
        if caret_start.is_none() && i >= start {
            caret_start = Some(col);
        }
        if caret_end.is_none() && i >= end {
            caret_end = Some(col);
        }
        col += push_sanitized(&mut shown, c);
    }
    let caret_start = caret_start.unwrap_or(col);
    let caret_end = caret_end.unwrap_or(col);
    (
        shown,
        caret_start,
        caret_end.saturating_sub(caret_start).max(1),
    )
}

/// `game 3 (Smith - Jones), ply 3, White to move`, or `None` when nothing is known.
fn game_note(diag: &Diagnostic) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    if let Some(GameRef {
        index,
        white,
        black,
        ..
    }) = &diag.game
    {
        let mut part = format!("game {index}");
        if white.is_some() || black.is_some() {
            let w = sanitize(white.as_deref().unwrap_or("?")).into_owned();
            let b = sanitize(black.as_deref().unwrap_or("?")).into_owned();
            part.push_str(&format!(" ({w} - {b})"));
        }
        parts.push(part);
    }
    if let Some(ply) = diag.ply {
        parts.push(format!("ply {ply}"));
    }
    // The side to move is the FEN-like string's second field in every game.
    match diag
        .position
        .as_deref()
        .and_then(|p| p.split_whitespace().nth(1))
    {
        Some("w") => parts.push("White to move".to_owned()),
        Some("b") => parts.push("Black to move".to_owned()),
        _ => {}
    }
    (!parts.is_empty()).then(|| parts.join(", "))
}

/// Renders one diagnostic in the compiler style of STYLE B4:
///
/// ```text
/// error[illegal-move]: Bc4: the bishop on f1 is blocked by the pawn on e2
///  --> fixtures/broken.pgn:9:13
///   |
/// 9 | 1. d4 d5 2. Bc4 Nf6 3. Nf3
///   |             ^^^ no legal move matches
///   |
///   = note: game 3 (Smith - Jones), ply 3, White to move
///   = note: position rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2
///   = rule: the bishop (B = FF) slides diagonally and cannot jump (seed 002, RULINGS §1)
///   = help: did you mean Bf4?
/// ```
///
/// All text taken from the input is [`sanitize`]d. ANSI styles are written
/// only when `color` is true.
///
/// # Errors
///
/// Any error of `out`.
pub fn render_human(diag: &Diagnostic, color: bool, out: &mut impl Write) -> io::Result<()> {
    let sev_style = severity_style(diag.severity);
    paint(out, color, sev_style, diag.severity.as_str())?;
    paint(out, color, sev_style, &format!("[{}]", diag.code))?;
    paint(out, color, BOLD, &format!(": {}", sanitize(&diag.message)))?;
    writeln!(out)?;

    // The source block is shown only when the copied line is the span's line.
    let source = match (&diag.span, &diag.source) {
        (Some(span), Some(src)) if src.number == span.line => Some((span, src)),
        _ => None,
    };
    let width = match (&diag.span, source) {
        (_, Some((_, src))) => src.number.to_string().len(),
        (Some(span), None) => span.line.to_string().len(),
        (None, None) => 1,
    };
    let pad = " ".repeat(width);

    if diag.file.is_some() || diag.span.is_some() {
        let file = sanitize(diag.file.as_deref().unwrap_or("<input>")).into_owned();
        write!(out, "{pad}")?;
        paint(out, color, GUTTER, "-->")?;
        match &diag.span {
            Some(span) => writeln!(out, " {file}:{}:{}", span.line, span.column)?,
            None => writeln!(out, " {file}")?,
        }
    }

    if let Some((span, src)) = source {
        let (shown, caret_start, caret_width) = caret_layout(src, span);
        write!(out, "{pad} ")?;
        paint(out, color, GUTTER, "|")?;
        writeln!(out)?;
        paint(out, color, GUTTER, &format!("{} |", src.number))?;
        if shown.is_empty() {
            writeln!(out)?;
        } else {
            writeln!(out, " {shown}")?;
        }
        write!(out, "{pad} ")?;
        paint(out, color, GUTTER, "|")?;
        write!(out, " {}", " ".repeat(caret_start))?;
        let mut carets = "^".repeat(caret_width);
        if let Some(label) = &diag.label {
            carets.push(' ');
            carets.push_str(&sanitize(label));
        }
        paint(out, color, sev_style, &carets)?;
        writeln!(out)?;
        write!(out, "{pad} ")?;
        paint(out, color, GUTTER, "|")?;
        writeln!(out)?;
    }

    let mut notes: Vec<(&str, String)> = Vec::new();
    if let Some(note) = game_note(diag) {
        notes.push(("note", note));
    }
    if let Some(position) = &diag.position {
        notes.push(("note", format!("position {}", sanitize(position))));
    }
    if let Some(rule) = &diag.rule {
        notes.push(("rule", sanitize(rule).into_owned()));
    }
    for help in &diag.help {
        notes.push(("help", sanitize(help).into_owned()));
    }
    for (kind, text) in notes {
        write!(out, "{pad} ")?;
        paint(out, color, GUTTER, "=")?;
        write!(out, " ")?;
        paint(out, color, BOLD, &format!("{kind}:"))?;
        writeln!(out, " {text}")?;
    }
    Ok(())
}

/// The JSON shape of a diagnostic (docs/formats.md). Every field is always
/// present, `null` when unknown, so consumers see one fixed shape.
#[derive(Serialize)]
struct JsonDiagnostic<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    severity: Severity,
    code: Code,
    file: Option<&'a str>,
    line: Option<u32>,
    column: Option<u32>,
    end_line: Option<u32>,
    end_column: Option<u32>,
    game: Option<&'a GameRef>,
    ply: Option<u32>,
    #[serde(rename = "move")]
    move_text: Option<&'a str>,
    message: &'a str,
    label: Option<&'a str>,
    position: Option<&'a str>,
    rule: Option<&'a str>,
    help: &'a [String],
    #[serde(skip_serializing_if = "is_zero")]
    suppressed: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// Where the span ends (line, column one past its last byte), when that is
/// known to be on its first line: spans of tokens never cross a line, but a
/// comment's may, and then the end is left unknown rather than guessed.
fn span_end(span: &Span, source: Option<&SourceLine>) -> (Option<u32>, Option<u32>) {
    let len = span.end.saturating_sub(span.start);
    let end_column = u64::from(span.column).saturating_add(len);
    if let Some(src) = source.filter(|s| s.number == span.line) {
        let line_end = u64::from(src.first_column).saturating_add(src.text.len() as u64);
        if end_column > line_end {
            return (None, None);
        }
    }
    match u32::try_from(end_column) {
        Ok(col) => (Some(span.line), Some(col)),
        Err(_) => (None, None),
    }
}

/// Renders one diagnostic as one line of JSON (`"type":"diagnostic"`) followed
/// by a newline, serialized straight into `out`. The fields are those of
/// STYLE B4, documented in `docs/formats.md`.
///
/// # Errors
///
/// Any error of `out`.
pub fn render_json(diag: &Diagnostic, out: &mut impl Write) -> io::Result<()> {
    let (end_line, end_column) = match &diag.span {
        Some(span) => span_end(span, diag.source.as_ref()),
        None => (None, None),
    };
    let json = JsonDiagnostic {
        kind: "diagnostic",
        severity: diag.severity,
        code: diag.code,
        file: diag.file.as_deref(),
        line: diag.span.map(|s| s.line),
        column: diag.span.map(|s| s.column),
        end_line,
        end_column,
        game: diag.game.as_ref(),
        ply: diag.ply,
        move_text: diag.move_text.as_deref(),
        message: &diag.message,
        label: diag.label.as_deref(),
        position: diag.position.as_deref(),
        rule: diag.rule.as_deref(),
        help: &diag.help,
        suppressed: diag.suppressed,
    };
    serde_json::to_writer(&mut *out, &json).map_err(io::Error::from)?;
    out.write_all(b"\n")
}

/// The totals of a run, printed last.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Inputs named or found in directories, unreadable ones included.
    pub inputs: u64,
    /// Inputs that could not be opened or read to their end.
    pub unreadable_inputs: u64,
    /// Games read.
    pub games: u64,
    /// Games not verified (e.g. an unsupported variant); included in `games`.
    pub skipped_games: u64,
    /// Moves replayed.
    pub moves: u64,
    /// Findings of severity error.
    pub errors: u64,
    /// Findings of severity warning.
    pub warnings: u64,
    /// Findings of severity note.
    pub notes: u64,
    /// Warnings and notes hidden by `check --allow`, counted here only.
    pub hidden: u64,
}

/// `1 game` / `2 games`.
fn plural(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

impl Summary {
    /// Counts one finding by its severity.
    pub fn count(&mut self, severity: Severity) {
        match severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Note => self.notes += 1,
        }
    }

    /// Counts one diagnostic by its severity, with the diagnostics it
    /// stands for when it says how many were not shown.
    pub fn count_diagnostic(&mut self, d: &Diagnostic) {
        let n = if d.suppressed > 0 { d.suppressed } else { 1 };
        match d.severity {
            Severity::Error => self.errors += n,
            Severity::Warning => self.warnings += n,
            Severity::Note => self.notes += n,
        }
    }

    /// Counts one finding that `check --allow` hides.
    pub fn count_hidden(&mut self, d: &Diagnostic) {
        self.hidden += if d.suppressed > 0 { d.suppressed } else { 1 };
    }

    /// Adds another summary's counts to this one (parallel runs merge theirs).
    pub fn merge(&mut self, other: &Summary) {
        self.inputs += other.inputs;
        self.unreadable_inputs += other.unreadable_inputs;
        self.games += other.games;
        self.skipped_games += other.skipped_games;
        self.moves += other.moves;
        self.errors += other.errors;
        self.warnings += other.warnings;
        self.notes += other.notes;
        self.hidden += other.hidden;
    }

    /// One line for people, e.g.
    /// `checked 12 games (845 moves) in 3 files: 2 errors, 1 warning`.
    /// Errors and warnings are always shown; notes, skipped games and
    /// unreadable inputs only when there are any.
    ///
    /// # Errors
    ///
    /// Any error of `out`.
    pub fn render_human(&self, out: &mut impl Write) -> io::Result<()> {
        write!(
            out,
            "checked {} ({}) in {}: {}, {}",
            plural(self.games, "game", "games"),
            plural(self.moves, "move", "moves"),
            plural(self.inputs, "file", "files"),
            plural(self.errors, "error", "errors"),
            plural(self.warnings, "warning", "warnings"),
        )?;
        if self.notes > 0 {
            write!(out, ", {}", plural(self.notes, "note", "notes"))?;
        }
        if self.hidden > 0 {
            write!(out, ", {} hidden", self.hidden)?;
        }
        if self.skipped_games > 0 {
            write!(
                out,
                ", {} skipped",
                plural(self.skipped_games, "game", "games")
            )?;
        }
        if self.unreadable_inputs > 0 {
            write!(
                out,
                ", {} unreadable",
                plural(self.unreadable_inputs, "file", "files")
            )?;
        }
        writeln!(out)
    }

    /// One JSON line, `{"type":"summary",...}`, with every count as a field
    /// named as in this struct (docs/formats.md).
    ///
    /// # Errors
    ///
    /// Any error of `out`.
    pub fn render_json(&self, out: &mut impl Write) -> io::Result<()> {
        #[derive(Serialize)]
        struct JsonSummary<'a> {
            #[serde(rename = "type")]
            kind: &'static str,
            #[serde(flatten)]
            summary: &'a Summary,
        }
        let json = JsonSummary {
            kind: "summary",
            summary: self,
        };
        serde_json::to_writer(&mut *out, &json).map_err(io::Error::from)?;
        out.write_all(b"\n")
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    fn example() -> Diagnostic {
        let mut d = Diagnostic::error(
            Code::IllegalMove,
            "Bc4: the bishop on f1 is blocked by the pawn on e2",
        )
        .with_span(
            Span {
                start: 200,
                end: 203,
                line: 9,
                column: 13,
            },
            "no legal move matches",
        )
        .with_source(SourceLine {
            number: 9,
            text: "1. d4 d5 2. Bc4 Nf6 3. Nf3".to_owned(),
            first_column: 1,
        })
        .with_rule("the bishop (B = FF) slides diagonally and cannot jump (seed 002, RULINGS §1)")
        .with_help("did you mean Bf4?");
        d.file = Some(Arc::from("fixtures/broken.pgn"));
        d.game = Some(GameRef {
            index: 3,
            white: Some("Smith".to_owned()),
            black: Some("Jones".to_owned()),
            event: None,
        });
        d.ply = Some(3);
        d.move_text = Some("Bc4".to_owned());
        d.position =
            Some("rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2".to_owned());
        d
    }

    fn human(d: &Diagnostic, color: bool) -> String {
        let mut out = Vec::new();
        render_human(d, color, &mut out).expect("writing to a Vec");
        String::from_utf8(out).expect("renderer writes UTF-8")
    }

    fn json(d: &Diagnostic) -> String {
        let mut out = Vec::new();
        render_json(d, &mut out).expect("writing to a Vec");
        String::from_utf8(out).expect("renderer writes UTF-8")
    }

    #[test]
    fn human_matches_style_b4() {
        let expected = "\
error[illegal-move]: Bc4: the bishop on f1 is blocked by the pawn on e2
 --> fixtures/broken.pgn:9:13
  |
9 | 1. d4 d5 2. Bc4 Nf6 3. Nf3
  |             ^^^ no legal move matches
  |
  = note: game 3 (Smith - Jones), ply 3, White to move
  = note: position rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2
  = rule: the bishop (B = FF) slides diagonally and cannot jump (seed 002, RULINGS §1)
  = help: did you mean Bf4?
";
        assert_eq!(human(&example(), false), expected);
    }

    #[test]
    fn human_gutter_grows_with_line_number() {
        let mut d = Diagnostic::warning(Code::CheckSuffixMismatch, "Nf3+ does not give check")
            .with_span(
                Span {
                    start: 0,
                    end: 4,
                    line: 120,
                    column: 3,
                },
                "no check here",
            )
            .with_source(SourceLine {
                number: 120,
                text: "1.Nf3+ Nf6".to_owned(),
                first_column: 1,
            });
        d.file = Some(Arc::from("a.pgn"));
        let expected = "\
warning[check-suffix-mismatch]: Nf3+ does not give check
   --> a.pgn:120:3
    |
120 | 1.Nf3+ Nf6
    |   ^^^^ no check here
    |
";
        assert_eq!(human(&d, false), expected);
    }

    #[test]
    fn human_without_source_or_span() {
        let d = Diagnostic::note(Code::ClaimableDraw, "threefold repetition can be claimed");
        assert_eq!(
            human(&d, false),
            "note[claimable-draw]: threefold repetition can be claimed\n"
        );
        let mut d = d;
        d.file = Some(Arc::from("-"));
        d.ply = Some(40);
        assert_eq!(
            human(&d, false),
            "note[claimable-draw]: threefold repetition can be claimed\n --> -\n  = note: ply 40\n"
        );
    }

    #[test]
    fn caret_is_at_least_one_wide_and_stays_on_the_line() {
        let src = SourceLine {
            number: 1,
            text: "1. e4 {".to_owned(),
            first_column: 1,
        };
        // An empty span.
        let span = Span {
            start: 3,
            end: 3,
            line: 1,
            column: 4,
        };
        let (_, start, width) = caret_layout(&src, &span);
        assert_eq!((start, width), (3, 1));
        // A comment running past the end of the line: clamped to the line.
        let span = Span {
            start: 6,
            end: 500,
            line: 1,
            column: 7,
        };
        let (_, start, width) = caret_layout(&src, &span);
        assert_eq!((start, width), (6, 1));
    }

    #[test]
    fn caret_follows_tabs_and_truncated_lines() {
        let src = SourceLine {
            number: 1,
            text: "\tNf3".to_owned(),
            first_column: 1,
        };
        let span = Span {
            start: 1,
            end: 4,
            line: 1,
            column: 2,
        };
        assert_eq!(caret_layout(&src, &span), ("    Nf3".to_owned(), 4, 3));
        // The line was cut at its start: column 101 is text[0].
        let src = SourceLine {
            number: 1,
            text: "xx Qh5".to_owned(),
            first_column: 101,
        };
        let span = Span {
            start: 1000,
            end: 1003,
            line: 1,
            column: 104,
        };
        assert_eq!(caret_layout(&src, &span).1, 3);
    }

    #[test]
    fn human_sanitizes_input_text() {
        let mut d = example();
        d.game = Some(GameRef {
            index: 1,
            white: Some("Evil\u{1b}[31m".to_owned()),
            black: Some("\u{202e}kcalB".to_owned()),
            event: None,
        });
        d.source = Some(SourceLine {
            number: 9,
            text: "{\u{7}} 2. Bc4".to_owned(),
            first_column: 6,
        });
        let out = human(&d, false);
        assert!(!out.contains('\u{1b}') && !out.contains('\u{202e}') && !out.contains('\u{7}'));
        assert!(
            out.contains("game 1 (Evil\\u{1b}[31m - \\u{202e}kcalB)"),
            "{out}"
        );
        // The escaped bell widens the line, and the caret moves with it.
        assert!(
            out.contains("9 | {\\u{7}} 2. Bc4\n  |            ^^^ no legal move matches\n"),
            "{out}"
        );
    }

    #[test]
    fn human_colors_only_when_asked() {
        let plain = human(&example(), false);
        assert!(!plain.contains('\u{1b}'));
        let colored = human(&example(), true);
        assert!(colored.starts_with("\u{1b}["), "{colored:?}");
        // Stripping the escapes gives back the plain text.
        let mut stripped = String::new();
        let mut chars = colored.chars();
        while let Some(c) = chars.next() {
            if c == '\u{1b}' {
                for c in chars.by_ref() {
                    if c == 'm' {
                        break;
                    }
                }
            } else {
                stripped.push(c);
            }
        }
        assert_eq!(stripped, plain);
    }

    #[test]
    fn json_has_the_b4_fields() {
        let expected = concat!(
            r#"{"type":"diagnostic","severity":"error","code":"illegal-move","#,
            r#""file":"fixtures/broken.pgn","line":9,"column":13,"end_line":9,"end_column":16,"#,
            r#""game":{"index":3,"white":"Smith","black":"Jones"},"ply":3,"move":"Bc4","#,
            r#""message":"Bc4: the bishop on f1 is blocked by the pawn on e2","#,
            r#""label":"no legal move matches","#,
            r#""position":"rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2","#,
            r#""rule":"the bishop (B = FF) slides diagonally and cannot jump (seed 002, RULINGS §1)","#,
            r#""help":["did you mean Bf4?"]}"#,
            "\n"
        );
        assert_eq!(json(&example()), expected);
    }

    #[test]
    fn json_unknowns_are_null() {
        let d = Diagnostic::warning(Code::MissingResult, "the game has no result");
        let expected = concat!(
            r#"{"type":"diagnostic","severity":"warning","code":"missing-result","#,
            r#""file":null,"line":null,"column":null,"end_line":null,"end_column":null,"#,
            r#""game":null,"ply":null,"move":null,"message":"the game has no result","#,
            r#""label":null,"position":null,"rule":null,"help":[]}"#,
            "\n"
        );
        assert_eq!(json(&d), expected);
    }

    #[test]
    fn json_end_is_unknown_for_spans_leaving_the_line() {
        let mut d = example();
        d.span = Some(Span {
            start: 0,
            end: 400,
            line: 9,
            column: 7,
        });
        assert!(json(&d).contains(r#""end_line":null,"end_column":null"#));
    }

    #[test]
    fn summary_human() {
        let s = Summary {
            inputs: 3,
            games: 12,
            moves: 845,
            errors: 2,
            warnings: 1,
            ..Summary::default()
        };
        let mut out = Vec::new();
        s.render_human(&mut out).expect("writing to a Vec");
        assert_eq!(
            String::from_utf8_lossy(&out),
            "checked 12 games (845 moves) in 3 files: 2 errors, 1 warning\n"
        );

        let s = Summary {
            inputs: 1,
            unreadable_inputs: 1,
            games: 1,
            skipped_games: 1,
            moves: 1,
            notes: 2,
            ..Summary::default()
        };
        let mut out = Vec::new();
        s.render_human(&mut out).expect("writing to a Vec");
        assert_eq!(
            String::from_utf8_lossy(&out),
            "checked 1 game (1 move) in 1 file: 0 errors, 0 warnings, 2 notes, \
             1 game skipped, 1 file unreadable\n"
        );
    }

    #[test]
    fn summary_json() {
        let mut s = Summary {
            inputs: 3,
            games: 12,
            moves: 845,
            ..Summary::default()
        };
        s.count(Severity::Error);
        s.count(Severity::Warning);
        s.merge(&Summary {
            errors: 1,
            ..Summary::default()
        });
        let mut out = Vec::new();
        s.render_json(&mut out).expect("writing to a Vec");
        assert_eq!(
            String::from_utf8_lossy(&out),
            concat!(
                r#"{"type":"summary","inputs":3,"unreadable_inputs":0,"games":12,"#,
                r#""skipped_games":0,"moves":845,"errors":2,"warnings":1,"notes":0,"hidden":0}"#,
                "\n"
            )
        );
    }
}
