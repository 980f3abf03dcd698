//! The verifier: a [`Visitor`] that replays every move of every game (the
//! mainline and each variation from its branch point) against the rules, and
//! reports each problem as a [`Diagnostic`] with its place, the position, the
//! rule broken and, where one is near, the move probably meant.
//!
//! It never builds a game in memory: it keeps one position per open
//! variation, reuses its buffers from game to game, and hands diagnostics out
//! after each game ([`Verifier::drain`]), so memory stays flat.

use std::io::{self, Read};
use std::sync::Arc;

use crate::diag::{Code, Diagnostic, GameRef, Severity, Span};
use crate::notation::token::{self, Action, Grammar};
use crate::notation::visitor::SOURCE_WIDTH;
use crate::notation::{
    CheckMark, Event, Flow, GameResult, LineContext, Reader, SyntaxProblem, Visitor,
};
use crate::rules::Variant;
use crate::rules::core::{Color, Ending};
use crate::rules::family::{
    AnyMove, AnyPosition, DrawState, GameEnd, GamePosition, Outcome, QuickPly, RejectionKind,
    Scratch,
};
use crate::rules::setup::{self, SetupError, SetupTags};

mod ending;
mod moves;
mod quick;
mod repetition;
mod report;
mod start;
use repetition::Repetitions;

pub use crate::rules::family::grammar as grammar_for;
pub use observer::{Observer, Ply};

mod observer;

/// The column of the excerpt a diagnostic at `span` keeps in view.
fn focus_column(span: Span, line: &LineContext<'_>) -> u32 {
    if span.line == line.number {
        span.column
    } else {
        1
    }
}

/// How a game ended, as verified.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the final position.
    Ending(Ending),
    /// Fivefold repetition (automatic draw).
    FivefoldRepetition,
    /// By a rule of a game outside the chess core (a dead Bear, a points
    /// lead, stalemate in the squares family, ...).
    Rules(Outcome),
}

impl Termination {
    /// A short name: `checkmate`, `stalemate`, ...
    pub fn as_str(self) -> &'static str {
        match self {
            Termination::Ending(Ending::Checkmate { .. }) => "checkmate",
            Termination::Ending(Ending::Stalemate) => "stalemate",
            Termination::Ending(Ending::InsufficientMaterial) => "insufficient material",
            Termination::Ending(Ending::SeventyFiveMoves) => "75-move rule",
            Termination::FivefoldRepetition => "fivefold repetition",
            Termination::Rules(o) => o.reason,
        }
    }

    /// The only result it allows.
    pub fn result(self) -> GameResult {
        match self {
            Termination::Ending(Ending::Checkmate {
                winner: Color::White,
            }) => GameResult::WhiteWins,
            Termination::Ending(Ending::Checkmate {
                winner: Color::Black,
            }) => GameResult::BlackWins,
            Termination::Rules(Outcome {
                winner: Some(Color::White),
                ..
            }) => GameResult::WhiteWins,
            Termination::Rules(Outcome {
                winner: Some(Color::Black),
                ..
            }) => GameResult::BlackWins,
            _ => GameResult::Draw,
        }
    }
}

/// What the verifier found about one game.
#[derive(Clone, Debug, Default)]
pub struct GameReport {
    /// 1-based index in its input.
    pub index: u64,
    /// The game, when known and implemented.
    pub variant: Option<Variant>,
    /// The tags the reports use: Event, Site, Date, Round, White, Black, Result, Variant, FEN
    /// (Event, Site, Date, Round, White and Black when the observer
    /// [wants them](Observer::wants_tags)).
    pub tags: Tags,
    /// Mainline plies replayed.
    pub plies: u32,
    /// The termination marker.
    pub result: Option<GameResult>,
    /// How the game ended by the rules, if it did. An end that only the
    /// last position's search for a legal move finds (a stalemate the
    /// moves' own tests leave for later) is looked for only when the
    /// observer [wants it](Observer::wants_ending) or the game has a win
    /// or draw result to check.
    pub termination: Option<Termination>,
    /// Errors found in this game.
    pub errors: u32,
    /// Warnings found in this game.
    pub warnings: u32,
    /// The first error's message.
    pub first_error: Option<String>,
    /// Why the game was not verified, when it was skipped.
    pub skipped: Option<String>,
    /// The 1-based ply of the first mainline move that could not be played.
    pub mainline_error_ply: Option<u32>,
}

impl GameReport {
    /// Whether the game is valid (skipped games are not invalid).
    pub fn is_valid(&self) -> bool {
        self.errors == 0
    }

    /// The result the rules give the game, when its mainline ended by rule
    /// (checkmate, stalemate, fivefold repetition, a variant's own end...)
    /// and was replayed without error up to its end: the result
    /// `convert --fix-result` writes. The verifier compares the written
    /// result with it under the same conditions (`result-mismatch`).
    pub fn result_by_rule(&self) -> Option<GameResult> {
        self.termination
            .filter(|_| self.mainline_error_ply.is_none() && self.skipped.is_none())
            .map(Termination::result)
    }
}

/// The tags the verifier keeps (reused from game to game).
#[derive(Clone, Debug, Default)]
pub struct Tags {
    /// Event.
    pub event: String,
    /// Site.
    pub site: String,
    /// Date.
    pub date: String,
    /// Round.
    pub round: String,
    /// White.
    pub white: String,
    /// Black.
    pub black: String,
    /// Result.
    pub result: String,
    /// Variant.
    pub variant: String,
    /// FEN.
    pub fen: String,
    /// Postal (squares family: `yes`, `plus` or `no`; RULINGS N1).
    pub postal: String,
    /// Readings: the alternative readings RULINGS keeps as switches
    /// (`G8b`, `G10a`, `P4b`; see `AnyPosition::with_readings`).
    pub readings: String,
    /// SetUp (`1`: the game starts from its FEN).
    pub setup: String,
    has_fen: bool,
    has_variant: bool,
    has_setup: bool,
    /// A setup tag whose line the reader skipped (too long to read).
    unreadable: Option<&'static str>,
}

impl Tags {
    fn clear(&mut self) {
        for s in [
            &mut self.event,
            &mut self.site,
            &mut self.date,
            &mut self.round,
            &mut self.white,
            &mut self.black,
            &mut self.result,
            &mut self.variant,
            &mut self.fen,
            &mut self.postal,
            &mut self.readings,
            &mut self.setup,
        ] {
            s.clear();
        }
        self.has_fen = false;
        self.has_variant = false;
        self.has_setup = false;
        self.unreadable = None;
    }
}

/// Totals over everything verified.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Games read.
    pub games: u64,
    /// Moves replayed (mainlines and variations).
    pub moves: u64,
    /// Error diagnostics.
    pub errors: u64,
    /// Warning diagnostics.
    pub warnings: u64,
    /// Notes.
    pub notes: u64,
    /// Games with at least one error.
    pub invalid_games: u64,
    /// Games not verified (unknown or not yet implemented games).
    pub skipped_games: u64,
}

/// One line of play: the mainline or an open variation.
#[derive(Clone, Debug)]
struct Line {
    pos: AnyPosition,
    /// The position before the last move, where a variation would branch.
    prev: Option<AnyPosition>,
    /// Plies from the game's start to `pos`.
    ply: u32,
    /// An error made the rest of this line unverifiable.
    broken: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Reading tags.
    Tags,
    /// Verifying movetext.
    Verify,
    /// Reading movetext without verifying it.
    Skip,
}

/// Replays games and reports problems; see the module docs.
#[derive(Debug)]
pub struct Verifier<O: Observer = ()> {
    file: Arc<str>,
    observer: O,
    diagnostics: Vec<Diagnostic>,
    counts: Counts,
    // per game, reused
    mode: Mode,
    report: GameReport,
    grammar: Grammar,
    /// The game `grammar` is for (games of one archive share it).
    grammar_of: Option<Variant>,
    /// The last `[Variant]` value looked up and its game (an archive
    /// repeats one value).
    variant_named: Option<(String, Result<Variant, SetupError>)>,
    /// The last start position read from setup tags, and those tags.
    start_cache: start::StartCache,
    line: Option<Line>,
    stack: Vec<Line>,
    /// The mainline's positions since its last irreversible move.
    history: Repetitions,
    ended: Option<Termination>,
    noted_threefold: bool,
    noted_fifty: bool,
    reported_after_end: bool,
    /// A wrong move number was reported (once a game is enough).
    reported_number: bool,
    /// Where this game's `[FEN]` tag is, with its line, so that a start
    /// position it does not give is reported there.
    fen_at: Option<(Span, crate::diag::SourceLine)>,
    /// Diagnostics of this game kept in `diagnostics`, at most
    /// [`diag::PER_GAME`](crate::diag::PER_GAME).
    shown: u32,
    /// The diagnostics of this game past the cap, counted by code and
    /// severity, for the lines that say how many were not shown.
    suppressed: Vec<(Code, Severity, u64)>,
    /// Event, White and Black as written, when the observer does not
    /// [want the tags](Observer::wants_tags): only a diagnostic's game
    /// reference reads them, so they are decoded then.
    raw_names: [Vec<u8>; 3],
    /// Whether the game has a tag, a move or a result: text made only of
    /// comments (an engine's trailing "; Game Nr. 30 ..." lines) is no game.
    has_content: bool,
    /// Between a game's `BeginGame` and its `EndGame`.
    in_game: bool,
    scratch: Scratch,
    /// A slip's plainly meant turn is being played (see [`Ply::recovered`]).
    recovering: bool,
    /// The move being played was written without an origin and resolved
    /// by the bitboard resolver alone ([`Ply::sole`]).
    sole: bool,
    /// The mainline's position was reached by a move whose end test left
    /// stalemate for later ([`note_stalemate`](Self::note_stalemate)).
    stalemate_unasked: bool,
    /// Whether FIDE chess moves take the bitboard path
    /// ([`play_quick`](Self::play_quick)); off only to test it against
    /// the general one.
    quick: bool,
}

/// A tag name's length, first and last byte in one number (0 for names
/// under two bytes), the key [`Verifier::tag`] dispatches on; the names it
/// knows all differ in it.
const fn tag_name_key(name: &[u8]) -> u32 {
    match name {
        [first, .., last] => {
            let len = if name.len() > 255 {
                255
            } else {
                name.len() as u32
            };
            len | (*first as u32) << 8 | (*last as u32) << 16
        }
        _ => 0,
    }
}

const EVENT: u32 = tag_name_key(b"Event");
const SITE: u32 = tag_name_key(b"Site");
const DATE: u32 = tag_name_key(b"Date");
const ROUND: u32 = tag_name_key(b"Round");
const WHITE: u32 = tag_name_key(b"White");
const BLACK: u32 = tag_name_key(b"Black");
const RESULT: u32 = tag_name_key(b"Result");
const VARIANT: u32 = tag_name_key(b"Variant");
const FEN: u32 = tag_name_key(b"FEN");
const POSTAL: u32 = tag_name_key(b"Postal");
const READINGS: u32 = tag_name_key(b"Readings");
const SETUP: u32 = tag_name_key(b"SetUp");

impl Verifier<()> {
    /// A verifier for the input named `file` (its path, or `-`).
    pub fn new(file: impl Into<Arc<str>>) -> Verifier<()> {
        Verifier::with_observer(file, ())
    }
}

/// Replays every game read from `read` (a file, stdin, a decompressor: any
/// [`Read`]) one at a time, in flat memory: the reader keeps one fixed
/// buffer and the verifier one position per open variation, so the whole
/// input is never held. `observer` sees every game and, if it
/// [wants plies](Observer::wants_plies), every move; `diagnostic` gets
/// each finding after the game it belongs to.
///
/// Returns the totals and the observer.
///
/// # Errors
///
/// Only a failure to read `read`; findings about the games are
/// diagnostics.
///
/// # Examples
///
/// ```
/// let pgn = "1. e4 e5 2. Nf3 Nf6 3. Bb5 Ne4 4. Ke3 *\n\n1. d4 *\n";
/// let mut found = Vec::new();
/// let (counts, ()) = xpgn::verify::replay(pgn.as_bytes(), "two.pgn", (), |d| found.push(d))?;
/// assert_eq!((counts.games, counts.invalid_games), (2, 1));
/// assert_eq!(found[0].code, xpgn::diag::Code::IllegalMove);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn replay<R: Read, O: Observer>(
    read: R,
    file: impl Into<Arc<str>>,
    observer: O,
    mut diagnostic: impl FnMut(Diagnostic),
) -> io::Result<(Counts, O)> {
    let mut reader = Reader::new(read);
    let mut verifier = Verifier::with_observer(file, observer);
    loop {
        // One game at a time: `false` once the input is done.
        let more = reader.read_game(&mut verifier)?;
        verifier.drain().for_each(&mut diagnostic);
        if !more {
            break;
        }
    }
    Ok((verifier.counts(), verifier.into_observer()))
}

impl<O: Observer> Verifier<O> {
    /// A verifier that also tells `observer` what it learns.
    pub fn with_observer(file: impl Into<Arc<str>>, observer: O) -> Verifier<O> {
        Verifier {
            file: file.into(),
            observer,
            diagnostics: Vec::new(),
            counts: Counts::default(),
            mode: Mode::Tags,
            report: GameReport::default(),
            grammar: Grammar::chess(),
            grammar_of: None,
            variant_named: None,
            start_cache: start::StartCache::default(),
            line: None,
            stack: Vec::new(),
            history: Repetitions::default(),
            ended: None,
            noted_threefold: false,
            noted_fifty: false,
            reported_after_end: false,
            reported_number: false,
            fen_at: None,
            shown: 0,
            suppressed: Vec::new(),
            raw_names: Default::default(),
            has_content: false,
            in_game: false,
            scratch: Scratch::default(),
            recovering: false,
            sole: false,
            stalemate_unasked: false,
            quick: true,
        }
    }

    /// Diagnostics found since the last call, in source order.
    pub fn drain(&mut self) -> std::vec::Drain<'_, Diagnostic> {
        self.diagnostics.drain(..)
    }

    /// Totals so far.
    pub fn counts(&self) -> Counts {
        self.counts
    }

    /// The observer, to read what it collected.
    pub fn observer(&self) -> &O {
        &self.observer
    }

    /// The observer, mutably (to flush what it collected).
    pub fn observer_mut(&mut self) -> &mut O {
        &mut self.observer
    }

    /// Sends every move through the general path instead of the FIDE
    /// chess shortcut, for tests that compare the two (the verdicts are
    /// the same; only the speed differs).
    #[doc(hidden)]
    pub fn without_shortcut(mut self) -> Self {
        self.quick = false;
        self
    }

    /// Ends the verifier and returns its observer.
    pub fn into_observer(self) -> O {
        self.observer
    }
}

impl<O: Observer> Visitor for Verifier<O> {
    /// Inlined into the reader's few calls: where the reader knows the
    /// event (a move, a move number, a tag) the dispatch folds away, and
    /// one indirect jump over all events, which mispredicts at every change
    /// of kind (number, move, move, ...), is left only for the rest.
    #[inline(always)]
    fn event(&mut self, event: Event<'_>, span: Span, line: &LineContext<'_>) -> Flow {
        match event {
            Event::BeginGame => {
                self.begin_game();
                self.in_game = true;
                Flow::Continue
            }
            Event::Tag { name, value } => {
                self.has_content = true;
                if name == b"FEN" {
                    self.fen_at = Some((
                        span,
                        line.to_source_line(SOURCE_WIDTH, focus_column(span, line)),
                    ));
                }
                self.tag(name, &value);
                Flow::Continue
            }
            Event::BeginMovetext => {
                self.begin_movetext(span, line);
                Flow::Continue
            }
            Event::Move { text, check } => {
                self.has_content = true;
                if self.mode == Mode::Verify {
                    self.on_move(text, check, span, line)
                } else {
                    Flow::Continue
                }
            }
            Event::BeginVariation => self.begin_variation(span, line),
            Event::EndVariation => {
                self.end_variation();
                Flow::Continue
            }
            Event::Result(r) => {
                self.has_content = true;
                self.report.result = Some(r);
                Flow::Continue
            }
            Event::EndGame => {
                self.end_game(span, line);
                self.in_game = false;
                Flow::Continue
            }
            Event::MoveNumber { number, dots } => {
                self.has_content = true;
                if self.mode == Mode::Verify {
                    self.move_number(number, dots, span, line)
                } else {
                    Flow::Continue
                }
            }
            Event::Nag { .. }
            | Event::Comment { .. }
            | Event::Escape { .. }
            | Event::Unreadable { .. } => Flow::Continue,
        }
    }

    fn problem(&mut self, problem: &SyntaxProblem, span: Span, line: &LineContext<'_>) -> Flow {
        let severity = match problem.code {
            Code::TextBeforeTags => Severity::Note,
            Code::MissingResult | Code::InvalidUtf8 => Severity::Warning,
            _ => Severity::Error,
        };
        let d = Diagnostic::new(severity, problem.code, problem.message.clone());
        self.emit(d, span, "", line);
        if problem.code == Code::TokenTooLong && self.mode == Mode::Tags {
            self.unreadable_tag(span, line);
        }
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Reader;

    /// [`replay`] reads from any `Read` as it goes: a source that makes
    /// 10,000 games on the fly (no buffer ever holds them all) is replayed
    /// whole, and each game's diagnostics are handed out.
    #[test]
    fn replay_streams_games_from_a_reader_and_hands_out_each_diagnostic() {
        struct Games {
            left: u32,
            game: &'static [u8],
        }
        impl Read for Games {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if self.game.is_empty() {
                    if self.left == 0 {
                        return Ok(0);
                    }
                    self.left -= 1;
                    // Every other game has an illegal king move.
                    self.game = if self.left % 2 == 0 {
                        b"1. e4 e5 2. Ke3 *\n\n"
                    } else {
                        b"1. d4 d5 *\n\n"
                    };
                }
                let n = buf.len().min(self.game.len());
                buf[..n].copy_from_slice(&self.game[..n]);
                self.game = &self.game[n..];
                Ok(n)
            }
        }
        let games = Games {
            left: 10_000,
            game: b"",
        };
        let mut illegal = 0;
        let (counts, ()) = replay(games, "made.pgn", (), |d| {
            illegal += u32::from(d.code == Code::IllegalMove);
        })
        .expect("nothing fails to read");
        assert_eq!(counts.games, 10_000);
        assert_eq!((counts.invalid_games, counts.errors), (5_000, 5_000));
        assert_eq!(illegal, 5_000);
    }

    /// A diagnostic names its game by the tags as decoded, whether the
    /// observer keeps the tags or the verifier decodes them only then.
    #[test]
    fn game_reference_decodes_the_tags_with_or_without_an_observer() {
        struct Keeps;
        impl Observer for Keeps {}
        let pgn = br#"[Event "The \"Cup\""]
[White "A \\ B"]
[Black ""]

1. e4 e5 2. Ke3 *
"#;
        let refs = |diagnostics: Vec<Diagnostic>| {
            diagnostics
                .into_iter()
                .filter_map(|d| d.game)
                .map(|g| (g.event, g.white, g.black))
                .collect::<Vec<_>>()
        };
        let mut plain = Verifier::new("t.pgn");
        Reader::new(&pgn[..])
            .read_all(&mut plain)
            .expect("reads memory");
        let mut keeping = Verifier::with_observer("t.pgn", Keeps);
        Reader::new(&pgn[..])
            .read_all(&mut keeping)
            .expect("reads memory");
        let want = vec![(
            Some("The \"Cup\"".to_string()),
            Some("A \\ B".to_string()),
            None,
        )];
        assert_eq!(refs(plain.drain().collect()), want);
        assert_eq!(refs(keeping.drain().collect()), want);
    }
}
