//! Records as JSON, written and read back: the shape is documented in
//! `docs/formats.md` (`xpgn convert --to json|jsonl`).
//!
//! The move tree is a flat array in source order, each move naming its
//! parent by index, so neither writing nor reading nests (serde_json limits
//! nesting depth, and deep variations would hit it). Reading accepts a JSON
//! array of games or a stream of game objects (JSON Lines), one game at a
//! time, so memory stays bounded by the largest game.

use std::io::{self, Read, Write};

use serde::de::{DeserializeSeed, SeqAccess, Visitor as SerdeVisitor};
use serde::{Deserialize, Deserializer, Serialize};

use crate::diag::Span;
use crate::notation::{CheckMark, CommentStyle, GameResult};
use crate::record::{Comment, Game, Node};

/// A span as JSON: byte offsets and the 1-based line and column of the start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct JsonSpan {
    /// Byte offset of the first byte.
    pub start: u64,
    /// Byte offset one past the last byte.
    pub end: u64,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
}

impl From<Span> for JsonSpan {
    fn from(s: Span) -> JsonSpan {
        JsonSpan {
            start: s.start,
            end: s.end,
            line: s.line,
            column: s.column,
        }
    }
}

impl From<JsonSpan> for Span {
    fn from(s: JsonSpan) -> Span {
        Span {
            start: s.start,
            end: s.end,
            line: s.line,
            column: s.column,
        }
    }
}

/// A comment as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JsonComment {
    /// The text between the delimiters.
    pub text: String,
    /// `"brace"` for `{...}`, `"line"` for `; ...`.
    pub style: String,
}

/// One move as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JsonMove {
    /// Index in `moves` of the move this one follows; `null` for a first move.
    pub parent: Option<usize>,
    /// Plies from the start, 1 for a first move.
    pub ply: u32,
    /// The token as written, without check mark or suffix annotation.
    pub written: String,
    /// The check mark as written: `""`, `"+"` or `"#"`.
    pub check: String,
    /// The canonical short notation with check mark, or `null`.
    pub san: Option<String>,
    /// The canonical long notation with check mark, or `null`.
    pub lan: Option<String>,
    /// Marks written as their own tokens after the move (PASGL `_Pd4`).
    #[serde(default)]
    pub marks: Vec<String>,
    /// Numeric annotation glyphs.
    #[serde(default)]
    pub nags: Vec<u8>,
    /// Comments before the move (at the start of a line only).
    #[serde(default)]
    pub comments_before: Vec<JsonComment>,
    /// Comments after the move.
    #[serde(default)]
    pub comments_after: Vec<JsonComment>,
    /// Text the reader could not read before the move (at the start of a
    /// line): its pieces as written, one space between two (absent when
    /// there is none).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub unreadable_before: String,
    /// Text the reader could not read after the move, likewise.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub unreadable_after: String,
    /// An error was reported at the move (absent when not): the line to it
    /// is what `--reduced` keeps of the variations.
    #[serde(default, skip_serializing_if = "is_false")]
    pub error: bool,
    /// Where the token was in its input.
    pub span: JsonSpan,
}

/// One game as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JsonGame {
    /// The input it came from, as named on the command line.
    pub file: Option<String>,
    /// 1-based index of the game in that input.
    pub index: Option<u64>,
    /// The game's variant, canonical name, or `null` when unknown.
    pub variant: Option<String>,
    /// Tag pairs in source order: `[name, value]`.
    pub tags: Vec<(String, String)>,
    /// Comments before the first move not attached to it.
    #[serde(default)]
    pub comments: Vec<JsonComment>,
    /// Text the reader could not read that no move holds, as
    /// [`JsonMove::unreadable_before`] holds it (absent when there is none).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub unreadable: String,
    /// The moves in source order.
    pub moves: Vec<JsonMove>,
    /// The termination marker as written in the movetext, or `null`.
    pub result: Option<String>,
    /// Comments written after the result (absent when there are none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments_after_result: Vec<JsonComment>,
    /// Variations still open at the game's end (absent when none).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub open_variations: u32,
    /// Whether the innermost open variation has no move (absent when not).
    #[serde(default, skip_serializing_if = "is_false")]
    pub open_variation_empty: bool,
    /// A brace comment still open at the game's end (absent when none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open_comment: Option<JsonComment>,
    /// Where the game started in its input.
    pub span: JsonSpan,
    /// True when the game was larger than the limit and was cut.
    #[serde(default)]
    pub truncated: bool,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn comment_to_json(c: &Comment) -> JsonComment {
    JsonComment {
        text: c.text.clone(),
        style: comment_style(c.style).to_string(),
    }
}

fn comment_from_json(c: JsonComment) -> Result<Comment, JsonError> {
    let style = match c.style.as_str() {
        "brace" => CommentStyle::Brace,
        "line" => CommentStyle::Line,
        other => return Err(JsonError::Shape(format!("unknown comment style '{other}'"))),
    };
    Ok(Comment {
        text: c.text,
        style,
    })
}

/// The JSON form of a game; `file` and `index` say where it came from.
pub fn to_json(game: &Game, file: Option<&str>, index: Option<u64>) -> JsonGame {
    let plies = plies_of(game);
    let moves = game.nodes[1.min(game.nodes.len())..]
        .iter()
        .enumerate()
        .map(|(i, n)| JsonMove {
            parent: n.parent.map(|p| p - 1),
            ply: plies.get(i + 1).copied().unwrap_or(1),
            written: n.written.clone(),
            check: check_text(n.check).to_string(),
            san: n.san.clone(),
            lan: n.lan.clone(),
            marks: n.marks.clone(),
            nags: n.nags.clone(),
            comments_before: n.comments_before.iter().map(comment_to_json).collect(),
            comments_after: n.comments_after.iter().map(comment_to_json).collect(),
            unreadable_before: n.unreadable_before.clone(),
            unreadable_after: n.unreadable_after.clone(),
            error: n.error,
            span: n.span.into(),
        })
        .collect();
    JsonGame {
        file: file.map(str::to_string),
        index,
        variant: crate::rules::setup::variant_named(game.tag("Variant"))
            .ok()
            .map(|v| v.name().to_string()),
        tags: game.tags.clone(),
        comments: game.comments.iter().map(comment_to_json).collect(),
        unreadable: game.unreadable.clone(),
        moves,
        result: game.result.map(|r| r.as_str().to_string()),
        comments_after_result: game
            .comments_after_result
            .iter()
            .map(comment_to_json)
            .collect(),
        open_variations: game.open_variations,
        open_variation_empty: game.open_variation_empty,
        open_comment: game.open_comment.as_ref().map(comment_to_json),
        span: game.span.into(),
        truncated: game.truncated,
    }
}

/// Why JSON could not be read as records.
#[derive(Debug, thiserror::Error)]
pub enum JsonError {
    /// Not JSON, or not the documented shape.
    #[error("invalid JSON record")]
    Syntax(#[from] serde_json::Error),
    /// JSON of the right types whose content does not fit together.
    #[error("invalid JSON record: {0}")]
    Shape(String),
}

/// The game a JSON record describes.
///
/// # Errors
///
/// [`JsonError::Shape`] when a move names a parent that does not come
/// before it, or a field has a value outside its documented set.
pub fn from_json(json: JsonGame) -> Result<Game, JsonError> {
    let mut game = Game::new();
    game.tags = json.tags;
    game.comments = json
        .comments
        .into_iter()
        .map(comment_from_json)
        .collect::<Result<_, _>>()?;
    game.unreadable = json.unreadable;
    game.result = match json.result {
        None => None,
        Some(r) => Some(
            GameResult::from_ascii(r.as_bytes())
                .ok_or_else(|| JsonError::Shape(format!("unknown result '{r}'")))?,
        ),
    };
    game.comments_after_result = json
        .comments_after_result
        .into_iter()
        .map(comment_from_json)
        .collect::<Result<_, _>>()?;
    game.open_variations = json.open_variations;
    game.open_variation_empty = json.open_variation_empty;
    game.open_comment = json.open_comment.map(comment_from_json).transpose()?;
    game.span = json.span.into();
    game.truncated = json.truncated;
    for (i, m) in json.moves.into_iter().enumerate() {
        let parent = match m.parent {
            None => Game::ROOT,
            Some(p) if p < i => p + 1,
            Some(p) => {
                return Err(JsonError::Shape(format!(
                    "move {i} names move {p} as its parent, which does not come before it"
                )));
            }
        };
        let check = match m.check.as_str() {
            "" => CheckMark::None,
            "+" => CheckMark::Check,
            "#" => CheckMark::Mate,
            other => return Err(JsonError::Shape(format!("unknown check mark '{other}'"))),
        };
        let node = Node {
            parent: None,
            children: Vec::new(),
            written: m.written,
            check,
            san: m.san,
            lan: m.lan,
            uci: None,
            marks: m.marks,
            nags: m.nags,
            comments_before: m
                .comments_before
                .into_iter()
                .map(comment_from_json)
                .collect::<Result<_, _>>()?,
            comments_after: m
                .comments_after
                .into_iter()
                .map(comment_from_json)
                .collect::<Result<_, _>>()?,
            unreadable_before: m.unreadable_before,
            unreadable_after: m.unreadable_after,
            span: m.span.into(),
            error: m.error,
        };
        game.push(parent, node);
    }
    // An open variation is an error even where the JSON marks none
    // (written by hand): the last move read is in the innermost, and the
    // line to it is what `--reduced` must keep.
    let moves = game.nodes.len().saturating_sub(1);
    if game.open_variations > 0
        && moves > 0
        && let Some(last) = game.nodes.last_mut()
    {
        last.error = true;
    }
    Ok(game)
}

/// Writes one game as one line of JSON.
///
/// # Errors
///
/// Any error of `out`.
pub fn write_line(
    game: &Game,
    file: Option<&str>,
    index: Option<u64>,
    out: &mut impl Write,
) -> io::Result<()> {
    write_game(game, file, index, &mut *out)?;
    out.write_all(b"\n")
}

/// Writes the JSON object of a game (the shape of [`JsonGame`], the same
/// text as serializing [`to_json`]) straight from the record, without
/// copying its strings into a [`JsonGame`] first.
///
/// # Errors
///
/// Any error of `out`.
pub fn write_game(
    game: &Game,
    file: Option<&str>,
    index: Option<u64>,
    out: &mut impl Write,
) -> io::Result<()> {
    let view = GameView {
        file,
        index,
        variant: crate::rules::setup::variant_named(game.tag("Variant"))
            .ok()
            .map(|v| v.name()),
        tags: &game.tags,
        comments: CommentsView(&game.comments),
        unreadable: &game.unreadable,
        moves: MovesView(game),
        result: game.result.map(|r| r.as_str()),
        comments_after_result: CommentsView(&game.comments_after_result),
        open_variations: game.open_variations,
        open_variation_empty: game.open_variation_empty,
        open_comment: game.open_comment.as_ref().map(|c| CommentView {
            text: &c.text,
            style: comment_style(c.style),
        }),
        span: game.span.into(),
        truncated: game.truncated,
    };
    serde_json::to_writer(out, &view).map_err(io::Error::from)
}

/// [`JsonGame`] borrowed from a record; fields in the same order.
#[derive(Serialize)]
struct GameView<'a> {
    file: Option<&'a str>,
    index: Option<u64>,
    variant: Option<&'static str>,
    tags: &'a [(String, String)],
    comments: CommentsView<'a>,
    #[serde(skip_serializing_if = "str::is_empty")]
    unreadable: &'a str,
    moves: MovesView<'a>,
    result: Option<&'static str>,
    #[serde(skip_serializing_if = "CommentsView::is_empty")]
    comments_after_result: CommentsView<'a>,
    #[serde(skip_serializing_if = "is_zero")]
    open_variations: u32,
    #[serde(skip_serializing_if = "is_false")]
    open_variation_empty: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    open_comment: Option<CommentView<'a>>,
    span: JsonSpan,
    truncated: bool,
}

/// [`JsonComment`] borrowed.
#[derive(Serialize)]
struct CommentView<'a> {
    text: &'a str,
    style: &'static str,
}

struct CommentsView<'a>(&'a [Comment]);

impl CommentsView<'_> {
    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Serialize for CommentsView<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|c| CommentView {
            text: &c.text,
            style: comment_style(c.style),
        }))
    }
}

/// [`JsonMove`] borrowed.
#[derive(Serialize)]
struct MoveView<'a> {
    parent: Option<usize>,
    ply: u32,
    written: &'a str,
    check: &'static str,
    san: Option<&'a str>,
    lan: Option<&'a str>,
    marks: &'a [String],
    nags: &'a [u8],
    comments_before: CommentsView<'a>,
    comments_after: CommentsView<'a>,
    #[serde(skip_serializing_if = "str::is_empty")]
    unreadable_before: &'a str,
    #[serde(skip_serializing_if = "str::is_empty")]
    unreadable_after: &'a str,
    #[serde(skip_serializing_if = "is_false")]
    error: bool,
    span: JsonSpan,
}

struct MovesView<'a>(&'a Game);

impl Serialize for MovesView<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let game = self.0;
        let plies = plies_of(game);
        let nodes = game.nodes.get(1..).unwrap_or_default();
        s.collect_seq(nodes.iter().enumerate().map(|(i, n)| MoveView {
            parent: n.parent.map(|p| p - 1),
            ply: plies.get(i + 1).copied().unwrap_or(1),
            written: &n.written,
            check: check_text(n.check),
            san: n.san.as_deref(),
            lan: n.lan.as_deref(),
            marks: &n.marks,
            nags: &n.nags,
            comments_before: CommentsView(&n.comments_before),
            comments_after: CommentsView(&n.comments_after),
            unreadable_before: &n.unreadable_before,
            unreadable_after: &n.unreadable_after,
            error: n.error,
            span: n.span.into(),
        }))
    }
}

pub(crate) fn comment_style(style: CommentStyle) -> &'static str {
    match style {
        CommentStyle::Brace => "brace",
        CommentStyle::Line => "line",
    }
}

pub(crate) fn check_text(check: CheckMark) -> &'static str {
    match check {
        CheckMark::None => "",
        CheckMark::Check => "+",
        CheckMark::Mate => "#",
    }
}

/// Every node's ply, in one pass: a parent comes before its children in
/// the arena (asking the tree, `ply_of`, walks to the root: quadratic).
fn plies_of(game: &Game) -> Vec<u32> {
    let mut plies: Vec<u32> = Vec::with_capacity(game.nodes.len());
    for n in &game.nodes {
        let ply = match n.parent {
            Some(p) => plies.get(p).map_or(1, |&q| q + 1),
            None if plies.is_empty() => 0,
            None => 1,
        };
        plies.push(ply);
    }
    plies
}

/// One record of a JSON input: the line it starts on and its game, or why
/// it is not one.
#[derive(Debug)]
pub struct JsonRecord {
    /// 1-based line of the input where the record starts.
    pub line: u64,
    /// The game, or why the record is not one.
    pub game: Result<JsonGame, JsonError>,
}

/// Calls `each` with every game of a JSON input: an array of game objects,
/// or game objects one after the other (JSON Lines). Stops at the first
/// record that is not a game and at the first error `each` returns; see
/// [`read_records`] to go on past bad records.
///
/// # Errors
///
/// [`JsonError`] for input that is not records; errors of `each`
/// converted into it.
pub fn read_games<R: Read>(
    read: R,
    mut each: impl FnMut(JsonGame) -> Result<(), JsonError>,
) -> Result<(), JsonError> {
    read_records(read, |r| each(r.game?))
}

/// Calls `each` with every record of a JSON input, game or not, with the
/// line it starts on, so that one bad record costs only itself. In JSON
/// Lines every line is read on its own; in an array, an element that is
/// JSON but not a game is skipped, and JSON that is broken ends the array
/// (one last record says so). Stops at the first error `each` returns.
///
/// # Errors
///
/// An input that cannot be read; errors of `each`.
pub fn read_records<R: Read>(
    read: R,
    mut each: impl FnMut(JsonRecord) -> Result<(), JsonError>,
) -> Result<(), JsonError> {
    let mut read = io::BufReader::new(read);
    let mut line = 1u64;
    // Look at the first byte that is not white space.
    let first = loop {
        let buf = io::BufRead::fill_buf(&mut read).map_err(serde_json::Error::io)?;
        let n = match buf.iter().position(|b| !b.is_ascii_whitespace()) {
            Some(i) => i,
            None => buf.len(),
        };
        line += memchr::memchr_iter(b'\n', &buf[..n]).count() as u64;
        let found = buf.get(n).copied();
        let empty = buf.is_empty();
        io::BufRead::consume(&mut read, n);
        if found.is_some() || empty {
            break found;
        }
    };
    match first {
        None => Ok(()),
        Some(b'[') => read_array(read, line, &mut each),
        Some(_) => read_lines(read, line, &mut each),
    }
}

/// JSON Lines: each line holds its records, and a bad one costs its line.
fn read_lines<R: io::BufRead>(
    mut read: R,
    mut line: u64,
    each: &mut impl FnMut(JsonRecord) -> Result<(), JsonError>,
) -> Result<(), JsonError> {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if read
            .read_until(b'\n', &mut buf)
            .map_err(serde_json::Error::io)?
            == 0
        {
            return Ok(());
        }
        let at = line;
        line += 1;
        for game in serde_json::Deserializer::from_slice(&buf).into_iter::<JsonGame>() {
            let bad = game.is_err();
            each(JsonRecord {
                line: at,
                game: game.map_err(JsonError::from),
            })?;
            if bad {
                break;
            }
        }
    }
}

/// A reader that counts the newlines it has handed out, so that an array
/// element read from it can be placed on its line.
struct CountLines<R> {
    inner: R,
    newlines: std::rc::Rc<std::cell::Cell<u64>>,
}

impl<R: Read> Read for CountLines<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        let seen = memchr::memchr_iter(b'\n', &buf[..n]).count() as u64;
        self.newlines.set(self.newlines.get() + seen);
        Ok(n)
    }
}

/// A JSON array, from its opening `[` on line `line`.
fn read_array<R: io::BufRead>(
    read: R,
    line: u64,
    each: &mut impl FnMut(JsonRecord) -> Result<(), JsonError>,
) -> Result<(), JsonError> {
    let newlines = std::rc::Rc::new(std::cell::Cell::new(0));
    let counted = CountLines {
        inner: read,
        newlines: newlines.clone(),
    };
    // serde_json takes one byte at a time, from the buffer below the
    // counter, so the count is exact when an element ends.
    let mut de = serde_json::Deserializer::from_reader(counted);
    let mut failed = None;
    let seed = EachGame {
        each,
        failed: &mut failed,
        base: line,
        newlines,
    };
    let result = seed.deserialize(&mut de);
    if let Some(e) = failed {
        return Err(e);
    }
    let broken = match result.and_then(|()| de.end()) {
        Ok(()) => return Ok(()),
        Err(e) => e,
    };
    let at = line + broken.line().saturating_sub(1) as u64;
    each(JsonRecord {
        line: at,
        game: Err(JsonError::Shape(format!(
            "{}; the rest of the array is not read",
            message_of(&broken)
        ))),
    })
}

/// A serde_json error's message without its "at line L column C", for a
/// place given otherwise.
pub fn message_of(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.rsplit_once(" at line ") {
        Some((message, _)) => message.to_string(),
        None => text,
    }
}

/// Reads a JSON array one element at a time.
struct EachGame<'a, F> {
    each: &'a mut F,
    failed: &'a mut Option<JsonError>,
    /// The line the array's `[` is on.
    base: u64,
    /// Newlines read so far, up to the end of the last element.
    newlines: std::rc::Rc<std::cell::Cell<u64>>,
}

impl<'de, F: FnMut(JsonRecord) -> Result<(), JsonError>> DeserializeSeed<'de> for EachGame<'_, F> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<(), D::Error> {
        de.deserialize_seq(self)
    }
}

impl<'de, F: FnMut(JsonRecord) -> Result<(), JsonError>> SerdeVisitor<'de> for EachGame<'_, F> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an array of games")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        // Each element is kept as its JSON text first, so that one that is
        // JSON but not a game is reported and skipped, not the end of the
        // array; it starts as many lines before the count as it holds.
        while let Some(raw) = seq.next_element::<Box<serde_json::value::RawValue>>()? {
            let text = raw.get();
            let inside = memchr::memchr_iter(b'\n', text.as_bytes()).count() as u64;
            let start = self.base + self.newlines.get().saturating_sub(inside);
            let game = serde_json::from_str::<JsonGame>(text).map_err(|e| {
                let at = e.line().saturating_sub(1);
                JsonError::Shape(format!(
                    "{}{}",
                    message_of(&e),
                    if at > 0 {
                        format!(" ({at} lines into the record)")
                    } else {
                        String::new()
                    }
                ))
            });
            if let Err(e) = (self.each)(JsonRecord { line: start, game }) {
                *self.failed = Some(e);
                return Err(serde::de::Error::custom("stopped"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::pgn::{PgnOptions, to_string};
    use crate::export::records;

    const PGN: &str = "[Event \"E\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n\
        {start} 1. e4 $1 {a} e5 (1... c5 ; line } comment\n 2. Nf3) (1... e6 (1... d6)) 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";

    #[test]
    fn pgn_json_pgn_keeps_the_export_text() {
        let games = records::read_games(PGN.as_bytes());
        let mut text = Vec::new();
        for (i, (g, _)) in games.into_iter().enumerate() {
            write_line(&g, Some("a.pgn"), Some(i as u64 + 1), &mut text).expect("writes");
        }
        let mut back = Vec::new();
        read_games(&text[..], |j| {
            back.push(from_json(j)?);
            Ok(())
        })
        .expect("reads back");
        let original: Vec<_> = records::read_games(PGN.as_bytes())
            .into_iter()
            .map(|(g, _)| g)
            .collect();
        assert_eq!(back.len(), 1);
        assert_eq!(back[0], original[0]);
        let opts = PgnOptions::default();
        assert_eq!(to_string(&back[0], &opts), to_string(&original[0], &opts));
        assert!(to_string(&back[0], &opts).contains("4. Qxf7# 1-0"));
    }

    #[test]
    fn arrays_are_read_one_game_at_a_time() {
        let g = crate::record::read_games(b"1. d4 *")
            .expect("reads")
            .remove(0);
        let one = serde_json::to_string(&to_json(&g, None, None)).expect("json");
        let text = format!("[{one},\n{one}]");
        let mut n = 0;
        read_games(text.as_bytes(), |_| {
            n += 1;
            Ok(())
        })
        .expect("reads");
        assert_eq!(n, 2);
    }

    #[test]
    fn a_forward_parent_is_refused() {
        let g = crate::record::read_games(b"1. d4 d5 *")
            .expect("reads")
            .remove(0);
        let mut j = to_json(&g, None, None);
        j.moves[0].parent = Some(1);
        assert!(matches!(from_json(j), Err(JsonError::Shape(_))));
    }

    /// The borrowing writer and the owned shape give the same text.
    #[test]
    fn write_game_writes_what_to_json_serializes() {
        let pgn = format!("{PGN}\n[Variant \"Nonesuch\"]\n\n1. a b {{c}} *\n");
        for (g, _) in records::read_games(pgn.as_bytes()) {
            let mut borrowed = Vec::new();
            write_game(&g, Some("f"), Some(3), &mut borrowed).expect("writes");
            let owned = serde_json::to_vec(&to_json(&g, Some("f"), Some(3))).expect("writes");
            assert_eq!(
                String::from_utf8_lossy(&borrowed),
                String::from_utf8_lossy(&owned)
            );
        }
    }
}
