//! PGN in the export format of the 1994 standard (section 8.1.1 and 8.2.6).
//!
//! The seven-tag roster comes first, in its order and with its defaults,
//! then the other tags in ASCII order of their names; lines are at most 79
//! columns (a token that must not start a line, `[` or `%` of text the
//! reader could not read, may run past them); move numbers are recomputed from the start position; NAGs are
//! written `$n`; comments are brace comments (a `;` comment that holds a `}`
//! stays a `;` comment, since braces cannot nest); text the reader could
//! not read (a stray `}`, `$` without a number, ...) is written back as it
//! was, where it was, with any options, so that an invalid game's export
//! is as invalid. The reduced export format keeps the roster and the
//! mainline's moves only (and that text on the mainline).
//!
//! The tree is walked with an explicit task stack, never by recursion.

use std::io::{self, Write};

use crate::notation::GameResult;
use crate::record::Game;
use crate::rules::core::Color;
use crate::rules::family::GamePosition;
use crate::rules::setup::{SetupTags, start_position};

mod lines;

pub(crate) use lines::{Lines, digits};

/// The longest line written (the standard asks for fewer than 80 columns).
pub const MAX_LINE: usize = 79;

/// The seven-tag roster and the value each gets when missing.
pub const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// Which notation moves are written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MoveStyle {
    /// Short algebraic (SAN for chess).
    #[default]
    San,
    /// Long algebraic: from and to squares always written (`Ng1-f3`).
    Lan,
    /// UCI as Fairy-Stockfish writes it (`g1f3`, `e7e8q`, `P@e4`), and
    /// xpgn's extension for the squares family and PASGL (docs/formats.md).
    /// A record has it only when it was built with
    /// [`Notations::uci`](super::records::Notations::uci): one read back
    /// from JSON has none, and its moves are then written as written.
    Uci,
}

/// Options of the PGN writer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PgnOptions {
    /// The notation of moves.
    pub moves: MoveStyle,
    /// The reduced export format: roster tags and mainline moves only.
    pub reduced: bool,
    /// Leave out comments.
    pub no_comments: bool,
    /// Leave out NAGs.
    pub no_nags: bool,
    /// Leave out variations.
    pub no_variations: bool,
    /// Write the tags beyond the seven tag roster in source order instead
    /// of by name.
    pub keep_tag_order: bool,
    /// Write a `[PlyCount]` tag with the mainline's plies (in place of one
    /// the game has).
    pub plycount: bool,
}

impl PgnOptions {
    /// Whether comments are written.
    pub fn comments(&self) -> bool {
        !self.reduced && !self.no_comments
    }

    /// Whether NAGs are written.
    pub fn nags(&self) -> bool {
        !self.reduced && !self.no_nags
    }

    /// Whether variations are written.
    pub fn variations(&self) -> bool {
        !self.reduced && !self.no_variations
    }
}

/// The termination marker a game is exported with: as written in the
/// movetext, else as in its `[Result]` tag, else `*`.
pub fn result_of(game: &Game) -> GameResult {
    game.result
        .or_else(|| {
            game.tag("Result")
                .and_then(|r| GameResult::from_ascii(r.trim().as_bytes()))
        })
        .unwrap_or(GameResult::Unknown)
}

/// The side to move and move number of a game's start: from its start
/// position (the one the verifier replays from) when its tags give one,
/// else read from its `[FEN]` tag's second and last fields (every FEN-like
/// notation xpgn knows ends in `<turn> ... <fullmove>`); white and 1
/// without one.
fn start_of(game: &Game) -> (bool, u32) {
    let tags: Vec<(&str, &str)> = game
        .tags
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    start_of_tags(&tags)
}

/// [`start_of`] from tag pairs in source order (the last of a repeated
/// tag wins).
pub(crate) fn start_of_tags(tags: &[(&str, &str)]) -> (bool, u32) {
    let Some(fen) = last_tag(tags, "FEN") else {
        return (false, 1);
    };
    if let Ok(pos) = start_position(&SetupTags::from_pairs(tags)) {
        if pos.is_chess_like() {
            return (pos.turn() == Color::Black, pos.fullmoves(0));
        }
    }
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let black = fields.get(1).is_some_and(|t| *t == "b");
    let full = fields
        .last()
        .filter(|_| fields.len() >= 6)
        .and_then(|f| f.parse::<u32>().ok())
        .filter(|&n| n > 0)
        .unwrap_or(1);
    (black, full)
}

/// The value of tag `name` among `tags` (the last one wins, as
/// [`Game::tag`] reads).
pub(crate) fn last_tag<'t>(tags: &[(&'t str, &'t str)], name: &str) -> Option<&'t str> {
    tags.iter().rev().find(|(n, _)| *n == name).map(|(_, v)| *v)
}

/// What is left to write while walking the tree.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Task {
    /// Write this move (its ply from the start given), its variations,
    /// then its continuation.
    Line(usize, u32),
    /// `(`
    Open,
    /// `)`
    Close,
}

/// Writes `[name "value"]` and a newline, the value escaped: `\\` and `"`
/// get a backslash, control characters (newlines, tabs: not allowed in tag
/// values) become spaces.
fn put_tag(out: &mut Vec<u8>, name: &str, value: &str) {
    out.push(b'[');
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(b" \"");
    // Most values are printable ASCII with nothing to escape.
    if value
        .bytes()
        .all(|b| (0x20..0x7F).contains(&b) && b != b'"' && b != b'\\')
    {
        out.extend_from_slice(value.as_bytes());
    } else {
        let mut buf = [0; 4];
        for c in value.chars() {
            if c == '\\' || c == '"' {
                out.push(b'\\');
            }
            let c = if c.is_control() { ' ' } else { c };
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        }
    }
    out.extend_from_slice(b"\"]\n");
}

/// Writes the tag section of a game in export format and the blank line
/// after it: the roster (with `result` for `[Result]`), then the other tags
/// in ASCII order of their names; when `reduced`, only those that decide
/// the game's rules and start position
/// ([`SETUP_TAGS`](crate::rules::setup::SETUP_TAGS): Variant, SetUp, FEN,
/// Postal, Readings), without which the moves would be replayed as another
/// game.
pub(crate) fn write_header(
    tags: &[(&str, &str)],
    result: GameResult,
    options: &PgnOptions,
    plies: u32,
    out: &mut Vec<u8>,
) -> io::Result<()> {
    write_header_by(tags.len(), |i| tags[i], result, options, plies, out, |_| {})
}

/// [`write_header`] for the `count` tags that `tag` gives by index: a
/// giant tag section is ordered as indices (4 bytes a tag, sorted in
/// place), not copied; `drain` is given `out` after each tag, to move
/// what it holds elsewhere.
#[allow(clippy::too_many_arguments)]
pub(crate) fn write_header_by<'t>(
    count: usize,
    tag: impl Fn(usize) -> (&'t str, &'t str),
    result: GameResult,
    options: &PgnOptions,
    plies: u32,
    out: &mut Vec<u8>,
    mut drain: impl FnMut(&mut Vec<u8>),
) -> io::Result<()> {
    // One pass over the tags: the roster's values (the last of each
    // name), the others' indices, and for a usual tag section each name,
    // so that the sort compares cached slices instead of looking each
    // name up twice a comparison (the roster was seven scans of every
    // tag, the filter two more).
    let mut roster: [Option<&'t str>; 7] = [None; 7];
    let mut names: [&'t str; NAMES_CACHED] = [""; NAMES_CACHED];
    let cached = count <= NAMES_CACHED;
    let plycount = options.plycount.then(|| plies.to_string());
    // `PLYCOUNT` stands for the tag `--plycount` writes.
    const PLYCOUNT: u32 = u32::MAX;
    let mut others: Vec<u32> = Vec::with_capacity(count.min(NAMES_CACHED));
    // Where the first `[PlyCount]` among the others stood.
    let mut first_plycount = None;
    for i in 0..count {
        let (n, v) = tag(i);
        if let Some(k) = roster_index(n) {
            if let Some(r) = roster.get_mut(k) {
                *r = Some(v);
            }
            continue;
        }
        if options.reduced && !crate::rules::setup::SETUP_TAGS.contains(&n) {
            continue;
        }
        if plycount.is_some() && n == "PlyCount" {
            first_plycount.get_or_insert(others.len());
            continue;
        }
        if let Some(slot) = names.get_mut(i) {
            *slot = n;
        }
        others.push(u32::try_from(i).unwrap_or(PLYCOUNT - 1));
    }
    for (k, (name, default)) in SEVEN_TAG_ROSTER.into_iter().enumerate() {
        let value = match name {
            "Result" => result.as_str(),
            _ => roster.get(k).copied().flatten().unwrap_or(default),
        };
        put_tag(out, name, value);
    }
    if plycount.is_some() {
        // In place of the first `[PlyCount]`, else last.
        let at = first_plycount.unwrap_or(others.len());
        others.insert(at.min(others.len()), PLYCOUNT);
    }
    let name_of = |i: u32| match i {
        PLYCOUNT => "PlyCount",
        _ if cached => names.get(i as usize).copied().unwrap_or(""),
        _ => tag(i as usize).0,
    };
    if !options.keep_tag_order {
        // Stable, without a buffer: repeated tags keep their order, which
        // is their indices' (the `--plycount` tag's name is the only one
        // of its kind).
        others.sort_unstable_by(|&a, &b| {
            name_of(a)
                .as_bytes()
                .cmp(name_of(b).as_bytes())
                .then(a.cmp(&b))
        });
    }
    for i in others {
        let (name, value) = match (i, &plycount) {
            (PLYCOUNT, Some(count)) => ("PlyCount", count.as_str()),
            _ => tag(i as usize),
        };
        put_tag(out, name, value);
        drain(out);
    }
    out.push(b'\n');
    Ok(())
}

/// Tag sections of at most this many tags (nearly all) have their names
/// cached for the sort, on the stack; a giant one is sorted as indices
/// alone, its names looked up again.
const NAMES_CACHED: usize = 64;

/// The place of `name` in [`SEVEN_TAG_ROSTER`].
fn roster_index(name: &str) -> Option<usize> {
    match name {
        "Event" => Some(0),
        "Site" => Some(1),
        "Date" => Some(2),
        "Round" => Some(3),
        "White" => Some(4),
        "Black" => Some(5),
        "Result" => Some(6),
        _ => None,
    }
}

/// Writes one game in export format, followed by a blank line.
///
/// # Errors
///
/// Any error of `out`.
pub fn write_game(game: &Game, options: &PgnOptions, out: &mut impl Write) -> io::Result<()> {
    // Bytes that were not UTF-8 come back as themselves (`--encoding`).
    let mut text = Vec::new();
    write_game_text(game, options, &mut text)?;
    crate::notation::text::unescape(&mut text);
    out.write_all(&text)
}

fn write_game_text(game: &Game, options: &PgnOptions, out: &mut Vec<u8>) -> io::Result<()> {
    let result = result_of(game);
    let tags: Vec<(&str, &str)> = game
        .tags
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    write_header(&tags, result, options, game.mainline_plies(), out)?;

    let (black_first, first_number) = start_of(game);
    let base = u64::from(first_number.saturating_sub(1)) * 2 + u64::from(black_first);
    let mut lines = Lines::new(out);
    if options.comments() {
        for c in &game.comments {
            lines.comment(c)?;
        }
    }
    // Unreadable text is written with any options: it is what makes the
    // game invalid, and leaving it out would make the export valid.
    for u in crate::record::unreadable_pieces(&game.unreadable) {
        lines.unreadable(u)?;
    }
    // With variations left out, a game with an error in one keeps them all.
    let mut keep = Vec::new();
    let kept = !options.variations() && super::kept::kept(game, &mut keep);
    let kept = kept.then_some(keep.as_slice());
    let mut need_number = true;
    let mut tasks: Vec<Task> = Vec::new();
    let mut closes = 0u32;
    if let Some(&first) = game.nodes.first().and_then(|r| r.children.first()) {
        tasks.push(Task::Line(first, 1));
    }
    while let Some(task) = tasks.pop() {
        let (id, ply) = match task {
            Task::Open => {
                lines.closes(&mut closes)?;
                lines.glue = true;
                need_number = true;
                continue;
            }
            Task::Close => {
                closes += 1;
                need_number = true;
                continue;
            }
            Task::Line(id, ply) => (id, ply),
        };
        lines.closes(&mut closes)?;
        let Some(node) = game.nodes.get(id) else {
            continue;
        };
        if options.comments() {
            for c in &node.comments_before {
                lines.comment(c)?;
                need_number = true;
            }
        }
        for u in crate::record::unreadable_pieces(&node.unreadable_before) {
            lines.unreadable(u)?;
        }
        // The ply travels with the task: asking the tree (`ply_of`) walks
        // to the root, quadratic over a long game.
        let half = base + u64::from(ply) - 1;
        lines.move_number(half, need_number)?;
        need_number = false;
        let canonical = match options.moves {
            MoveStyle::San => node.san.as_deref(),
            MoveStyle::Lan => node.lan.as_deref(),
            MoveStyle::Uci => node.uci.as_deref(),
        };
        match canonical {
            Some(text) => lines.token(text)?,
            None => lines.written_move(&node.written, node.check)?,
        }
        for mark in &node.marks {
            lines.token(mark)?;
        }
        if options.nags() {
            for nag in &node.nags {
                lines.nag(*nag)?;
            }
        }
        for u in crate::record::unreadable_pieces(&node.unreadable_after) {
            lines.unreadable(u)?;
        }
        if options.comments() {
            for c in &node.comments_after {
                lines.comment(c)?;
                need_number = true;
            }
        }
        let kept_node = |n: usize| kept.is_none_or(|k| k.get(n).copied().unwrap_or(false));
        if let Some(&next) = node.children.first().filter(|&&n| kept_node(n)) {
            tasks.push(Task::Line(next, ply + 1));
        }
        if !options.variations() && kept.is_none() {
            continue;
        }
        // Only the main continuation carries the variations that replace it.
        let parent = game.parent_of(id);
        let siblings = game
            .nodes
            .get(parent)
            .map_or(&[][..], |p| p.children.as_slice());
        if siblings.first() == Some(&id) {
            for &alt in siblings[1..].iter().rev().filter(|&&n| kept_node(n)) {
                tasks.push(Task::Close);
                tasks.push(Task::Line(alt, ply));
                tasks.push(Task::Open);
            }
        }
    }
    lines.end_of_moves(closes, game.open_variations, game.open_variation_empty)?;
    // A game without a termination marker is written without one, as
    // pgn-extract and `check` then read it as the original (`missing-result`).
    if game.result.is_some() {
        lines.token(result.as_str())?;
        if options.comments() {
            for c in &game.comments_after_result {
                lines.comment_after_result(&c.text, c.style)?;
            }
        }
    }
    if let Some(c) = &game.open_comment {
        lines.open_comment(if options.comments() { &c.text } else { "" })?;
    }
    lines.end()?;
    writeln!(lines.out)?;
    Ok(())
}

/// The export text of one game as a string (for tests and comparisons).
pub fn to_string(game: &Game, options: &PgnOptions) -> String {
    let mut out = Vec::new();
    // Writing to a Vec cannot fail.
    let _ = write_game(game, options, &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::records::read_games;

    fn export(pgn: &str, options: PgnOptions) -> String {
        let (g, _) = read_games(pgn.as_bytes()).pop().expect("a game");
        to_string(&g, &options)
    }

    #[test]
    fn roster_first_then_others_sorted_with_defaults() {
        let text = export(
            "[White \"A \\\"B\\\"\"]\n[ECO \"C20\"]\n[Annotator \"x\"]\n\n1. e4 1-0\n",
            PgnOptions::default(),
        );
        assert_eq!(
            text,
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
             [White \"A \\\"B\\\"\"]\n[Black \"?\"]\n[Result \"1-0\"]\n[Annotator \"x\"]\n\
             [ECO \"C20\"]\n\n1. e4 1-0\n\n"
        );
    }

    #[test]
    fn variations_comments_nags_and_black_numbers() {
        let text = export(
            "1.e4 e5 {main} (1...c5! 2.Nf3) 2.Nf3 $14 Nc6 *",
            PgnOptions::default(),
        );
        let movetext = text.split("\n\n").nth(1).expect("movetext");
        assert_eq!(
            movetext,
            "1. e4 e5 {main} (1... c5 $1 2. Nf3) 2. Nf3 $14 Nc6 *"
        );
    }

    #[test]
    fn reduced_keeps_roster_and_mainline_only() {
        let text = export(
            "[ECO \"C20\"]\n\n1.e4 {c} e5 (1...c5) 2.Nf3 $1 *",
            PgnOptions {
                reduced: true,
                ..PgnOptions::default()
            },
        );
        assert!(!text.contains("ECO"));
        assert!(text.ends_with("\n\n1. e4 e5 2. Nf3 *\n\n"), "{text}");
    }

    #[test]
    fn reduced_keeps_the_tags_that_decide_the_rules_and_the_start() {
        let text = export(
            "[Variant \"Hans38\"]\n[Postal \"yes\"]\n[Readings \"G8b\"]\n[ECO \"C20\"]\n\
             [SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*",
            PgnOptions {
                reduced: true,
                ..PgnOptions::default()
            },
        );
        assert!(!text.contains("ECO"), "{text}");
        for tag in ["[FEN ", "[Postal ", "[Readings ", "[SetUp ", "[Variant "] {
            assert!(text.contains(tag), "{tag} missing: {text}");
        }
    }

    #[test]
    fn lines_stay_under_80_columns() {
        let long = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 {a rather long comment that goes on and on and on for many words} *";
        let text = export(long, PgnOptions::default());
        assert!(text.lines().all(|l| l.len() < 80), "{text}");
        assert!(text.contains("O-O"));
    }

    #[test]
    fn lan_and_fen_start_with_black() {
        let text = export(
            "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\n1... e5 2. Nf3 *",
            PgnOptions {
                moves: MoveStyle::Lan,
                reduced: false,
                ..PgnOptions::default()
            },
        );
        assert!(text.ends_with("\n\n1... e7-e5 2. Ng1-f3 *\n\n"), "{text}");
    }

    /// Issue 14 item 3: the writer asked `ply_of` for every move, which
    /// walks to the root: 40k tokens took seconds. Now it walks no tree
    /// path at all, and the work per move is the same at 10k and 40k.
    #[test]
    fn export_of_a_long_game_walks_no_path_to_the_root() {
        use crate::record::PLY_OF_STEPS;
        let mut sizes = Vec::new();
        for n in [10_000, 40_000] {
            let pgn = format!("[Event \"x\"]\n\n{}*\n", "Qh5 ".repeat(n));
            let game = crate::record::read_games(pgn.as_bytes())
                .expect("reads")
                .pop()
                .expect("a game");
            assert_eq!(game.move_count(), n);
            PLY_OF_STEPS.with(|s| s.set(0));
            let text = to_string(&game, &PgnOptions::default());
            let json = crate::export::json::to_json(&game, None, None);
            assert_eq!(json.moves.last().map(|m| m.ply), Some(n as u32));
            assert_eq!(PLY_OF_STEPS.with(|s| s.get()), 0, "{n} tokens");
            sizes.push(text.len());
        }
        // Proportional output: four times the tokens, about four times the text.
        assert!(sizes[1] < sizes[0] * 5, "{sizes:?}");
    }

    /// The header as it was written before the one-pass classification
    /// (seven scans for the roster, names looked up at each comparison):
    /// the reference the new one is held to.
    fn header_reference(
        tags: &[(&str, &str)],
        result: GameResult,
        options: &PgnOptions,
    ) -> Vec<u8> {
        let mut out = Vec::new();
        let last = |name: &str| tags.iter().rev().find(|(n, _)| *n == name);
        for (name, default) in SEVEN_TAG_ROSTER {
            let value = match name {
                "Result" => result.as_str(),
                _ => last(name).map_or(default, |(_, v)| v),
            };
            put_tag(&mut out, name, value);
        }
        let plycount = options.plycount.then(|| "7".to_owned());
        let other = |i: &usize| {
            let n = tags[*i].0;
            !SEVEN_TAG_ROSTER.iter().any(|(r, _)| *r == n)
                && (!options.reduced || crate::rules::setup::SETUP_TAGS.contains(&n))
        };
        let mut others: Vec<Option<usize>> = (0..tags.len())
            .filter(other)
            .filter(|&i| plycount.is_none() || tags[i].0 != "PlyCount")
            .map(Some)
            .collect();
        if plycount.is_some() {
            let at = (0..tags.len())
                .filter(other)
                .position(|i| tags[i].0 == "PlyCount")
                .unwrap_or(others.len());
            others.insert(at.min(others.len()), None);
        }
        let name_value = |i: Option<usize>| match i {
            None => ("PlyCount", "7"),
            Some(i) => tags[i],
        };
        if !options.keep_tag_order {
            others.sort_by(|&a, &b| {
                name_value(a)
                    .0
                    .cmp(name_value(b).0)
                    .then(a.unwrap_or(usize::MAX).cmp(&b.unwrap_or(usize::MAX)))
            });
        }
        for i in others {
            let (n, v) = name_value(i);
            put_tag(&mut out, n, v);
        }
        out.push(b'\n');
        out
    }

    #[test]
    fn header_is_the_reference_on_random_tag_sections() {
        const NAMES: [&str; 14] = [
            "Event",
            "Site",
            "Date",
            "Round",
            "White",
            "Black",
            "Result",
            "PlyCount",
            "FEN",
            "SetUp",
            "Variant",
            "ECO",
            "Annotator",
            "Z",
        ];
        const VALUES: [&str; 4] = ["", "x", "a \"b\" \\ c", "1-0"];
        let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for round in 0..3000 {
            // Around the cache's size: cached, not cached, both ways.
            let count = match round % 3 {
                0 => next(12),
                1 => NAMES_CACHED - 2 + next(5),
                _ => next(150),
            };
            let tags: Vec<(&str, &str)> = (0..count)
                .map(|_| (NAMES[next(NAMES.len())], VALUES[next(VALUES.len())]))
                .collect();
            let options = PgnOptions {
                reduced: next(2) == 0,
                keep_tag_order: next(2) == 0,
                plycount: next(2) == 0,
                ..PgnOptions::default()
            };
            let result = [GameResult::WhiteWins, GameResult::Unknown][next(2)];
            let mut out = Vec::new();
            write_header(&tags, result, &options, 7, &mut out).expect("a Vec");
            assert_eq!(
                String::from_utf8_lossy(&out),
                String::from_utf8_lossy(&header_reference(&tags, result, &options)),
                "{tags:?} {options:?}"
            );
        }
    }
}
