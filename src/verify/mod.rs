//! The verifier: a [`Visitor`] that replays every move of every game (the
//! mainline and each variation from its branch point) against the rules, and
//! reports each problem as a [`Diagnostic`] with its place, the position, the
//! rule broken and, where one is near, the move probably meant.
//!
//! It never builds a game in memory: it keeps one position per open
//! variation, reuses its buffers from game to game, and hands diagnostics out
//! after each game ([`Verifier::drain`]), so memory stays flat.

use std::sync::Arc;

use crate::diag::{Code, Diagnostic, GameRef, Severity, Span};
use crate::notation::token::{self, Action, Grammar};
use crate::notation::visitor::SOURCE_WIDTH;
use crate::notation::{CheckMark, Event, Flow, GameResult, LineContext, SyntaxProblem, Visitor};
use crate::rules::Variant;
use crate::rules::core::{Color, Ending};
use crate::rules::family::{AnyMove, AnyPosition, DrawState, Outcome, RejectionKind, Scratch};
use crate::rules::setup::{self, SetupError, SetupTags};

mod repetition;
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
    /// How the game ended by the rules, if it did.
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
            line: None,
            stack: Vec::new(),
            history: Repetitions::default(),
            ended: None,
            noted_threefold: false,
            noted_fifty: false,
            reported_after_end: false,
            reported_number: false,
            shown: 0,
            suppressed: Vec::new(),
            raw_names: Default::default(),
            has_content: false,
            in_game: false,
            scratch: Scratch::default(),
            recovering: false,
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

    // ------------------------------------------------------------ reporting

    fn game_ref(&self) -> GameRef {
        let opt = |s: &str| (!s.is_empty()).then(|| s.to_string());
        if !self.observer.wants_tags() {
            let [event, white, black] = &self.raw_names;
            let decoded = |raw: &Vec<u8>| opt(&crate::notation::RawTag(raw).decode_str());
            return GameRef {
                index: self.report.index,
                white: decoded(white),
                black: decoded(black),
                event: decoded(event),
            };
        }
        GameRef {
            index: self.report.index,
            white: opt(&self.report.tags.white),
            black: opt(&self.report.tags.black),
            event: opt(&self.report.tags.event),
        }
    }

    #[cold]
    fn emit(&mut self, mut d: Diagnostic, span: Span, label: &str, line: &LineContext<'_>) {
        if self.shown >= crate::diag::PER_GAME {
            self.count(&d);
            return self.suppress(&d);
        }
        d.file = Some(self.file.clone());
        d.span = Some(span);
        d.label = (!label.is_empty()).then(|| label.to_string());
        d.source = Some(line.to_source_line(SOURCE_WIDTH, focus_column(span, line)));
        // Between games (prose, binary data) there is no game to name: not
        // the one before, which a reader that started later would not know.
        if self.report.index > 0 && self.in_game {
            d.game = Some(self.game_ref());
        }
        self.count(&d);
        self.keep(d);
    }

    /// Keeps `d` for [`drain`](Self::drain), or only counts it past the
    /// game's cap, so that one game's diagnostics take bounded memory.
    fn keep(&mut self, d: Diagnostic) {
        if self.shown < crate::diag::PER_GAME {
            self.shown += 1;
            self.diagnostics.push(d);
        } else {
            self.suppress(&d);
        }
    }

    #[cold]
    fn suppress(&mut self, d: &Diagnostic) {
        match self
            .suppressed
            .iter_mut()
            .find(|(code, severity, _)| *code == d.code && *severity == d.severity)
        {
            Some((_, _, n)) => *n += 1,
            None => self.suppressed.push((d.code, d.severity, 1)),
        }
    }

    /// One line per code whose diagnostics the cap held back, at the
    /// game's end, saying how many there were; the next game starts with
    /// none shown.
    fn report_suppressed(&mut self, span: Span, line: &LineContext<'_>) {
        self.shown = 0;
        if self.suppressed.is_empty() {
            return;
        }
        self.report_suppressed_lines(span, line);
    }

    #[cold]
    fn report_suppressed_lines(&mut self, span: Span, line: &LineContext<'_>) {
        let game = (self.report.index > 0).then(|| self.game_ref());
        for (code, severity, n) in std::mem::take(&mut self.suppressed) {
            let mut d = Diagnostic::new(
                severity,
                code,
                format!(
                    "{n} more {code} diagnostic{} in this game not shown (at most {} a game)",
                    if n == 1 { "" } else { "s" },
                    crate::diag::PER_GAME
                ),
            );
            d.suppressed = n;
            d.file = Some(self.file.clone());
            d.span = Some(span);
            d.source = Some(line.to_source_line(SOURCE_WIDTH, focus_column(span, line)));
            d.game = game.clone();
            self.diagnostics.push(d);
        }
    }

    fn count(&mut self, d: &Diagnostic) {
        match d.severity {
            Severity::Error => {
                self.counts.errors += 1;
                if self.report.errors == 0 {
                    self.report.first_error = Some(d.message.clone());
                }
                self.report.errors += 1;
            }
            Severity::Warning => {
                self.counts.warnings += 1;
                self.report.warnings += 1;
            }
            Severity::Note => self.counts.notes += 1,
        }
    }

    /// A diagnostic about the move at `span` in the current line.
    #[cold]
    #[allow(clippy::too_many_arguments)]
    fn move_diag(
        &mut self,
        severity: Severity,
        code: Code,
        message: String,
        text: &[u8],
        span: Span,
        label: &str,
        rule: Option<String>,
        help: Vec<String>,
        line: &LineContext<'_>,
    ) {
        let mut d = Diagnostic::new(severity, code, message);
        if let Some(l) = &self.line {
            d.ply = Some(l.ply + 1);
            d.position = Some(l.pos.fen());
        }
        d.move_text = Some(String::from_utf8_lossy(text).into_owned());
        d.rule = rule;
        d.help = help;
        self.emit(d, span, label, line);
    }

    /// A diagnostic about what the move just played did (a `_` mark after
    /// it, a move after the end): `ply` is that move and `position` the one
    /// before it (docs/formats.md), not the next move's.
    #[cold]
    #[allow(clippy::too_many_arguments)]
    fn played_move_diag(
        &mut self,
        severity: Severity,
        code: Code,
        message: String,
        text: &[u8],
        span: Span,
        label: &str,
        rule: Option<String>,
        line: &LineContext<'_>,
    ) {
        let mut d = Diagnostic::new(severity, code, message);
        if let Some(l) = &self.line {
            match &l.prev {
                Some(prev) => {
                    d.ply = Some(l.ply);
                    d.position = Some(prev.fen());
                }
                // Nothing played yet: the mark stands before the first move.
                None => {
                    d.ply = Some(l.ply + 1);
                    d.position = Some(l.pos.fen());
                }
            }
        }
        d.move_text = Some(String::from_utf8_lossy(text).into_owned());
        d.rule = rule;
        self.emit(d, span, label, line);
    }

    // ------------------------------------------------------------ game setup

    #[inline(never)]
    fn begin_game(&mut self) {
        self.counts.games += 1;
        // Each field reset in place (the tags keep their buffers): naming
        // every field makes a new one a compile error here.
        let GameReport {
            index,
            variant,
            tags,
            plies,
            result,
            termination,
            errors,
            warnings,
            first_error,
            skipped,
            mainline_error_ply,
        } = &mut self.report;
        *index += 1;
        *variant = None;
        tags.clear();
        *plies = 0;
        *result = None;
        *termination = None;
        *errors = 0;
        *warnings = 0;
        *first_error = None;
        *skipped = None;
        *mainline_error_ply = None;
        self.mode = Mode::Tags;
        self.line = None;
        self.stack.clear();
        self.history.clear();
        self.ended = None;
        self.noted_threefold = false;
        self.noted_fifty = false;
        self.reported_after_end = false;
        self.reported_number = false;
        self.shown = 0;
        self.suppressed.clear();
        for raw in &mut self.raw_names {
            raw.clear();
        }
        self.has_content = false;
    }

    #[inline(never)]
    fn tag(&mut self, name: &[u8], value: &crate::notation::RawTag<'_>) {
        let all = self.observer.wants_tags();
        let tags = &mut self.report.tags;
        let raw_names = &mut self.raw_names;
        let mut keep_raw = |i: usize| {
            let raw = &mut raw_names[i];
            raw.clear();
            raw.extend_from_slice(value.0);
        };
        // Dispatched on a sparse key (length, first and last byte), which
        // compiles to compares: a match on the names themselves switches on
        // their length through one indirect jump, mispredicted at most
        // tags as the roster's lengths go 5, 4, 4, 5, 5, 5, 6.
        let slot = match tag_name_key(name) {
            EVENT if name == b"Event" => {
                if !all {
                    return keep_raw(0);
                }
                &mut tags.event
            }
            SITE if all && name == b"Site" => &mut tags.site,
            DATE if all && name == b"Date" => &mut tags.date,
            ROUND if all && name == b"Round" => &mut tags.round,
            WHITE if name == b"White" => {
                if !all {
                    return keep_raw(1);
                }
                &mut tags.white
            }
            BLACK if name == b"Black" => {
                if !all {
                    return keep_raw(2);
                }
                &mut tags.black
            }
            RESULT if name == b"Result" => &mut tags.result,
            VARIANT if name == b"Variant" => {
                tags.has_variant = true;
                &mut tags.variant
            }
            FEN if name == b"FEN" => {
                tags.has_fen = true;
                &mut tags.fen
            }
            POSTAL if name == b"Postal" => &mut tags.postal,
            READINGS if name == b"Readings" => &mut tags.readings,
            SETUP if name == b"SetUp" => {
                tags.has_setup = true;
                &mut tags.setup
            }
            _ => return,
        };
        slot.clear();
        // Most values have no escape and are UTF-8: `decode_str` returns
        // them as they are, and finding that is cheaper than its decoding.
        match std::str::from_utf8(value.0) {
            Ok(text) if !value.0.contains(&b'\\') => slot.push_str(text),
            _ => slot.push_str(&value.decode_str()),
        }
    }

    #[inline(never)]
    fn begin_movetext(&mut self, span: Span, line: &LineContext<'_>) {
        let tags = &self.report.tags;
        let name = tags.variant.trim();
        let variant = if tags.has_variant && !name.is_empty() {
            match &self.variant_named {
                Some((last, v)) if last == name => v.clone(),
                _ => {
                    let v = setup::variant_named(Some(name));
                    self.variant_named = Some((name.to_string(), v.clone()));
                    v
                }
            }
        } else {
            Ok(Variant::Chess)
        };
        self.report.variant = variant.as_ref().ok().copied();
        // The standard array without tags that change it: written in place.
        let plain = variant == Ok(Variant::Chess)
            && !tags.has_fen
            && !tags.has_setup
            && tags.unreadable.is_none()
            && tags.postal.trim().is_empty()
            && tags.readings.trim().is_empty();
        let start = match AnyPosition::chess_start().filter(|_| plain) {
            Some(b) => Ok(AnyPosition::Fide(*b)),
            None => variant.and_then(|v| setup::start_of(v, &self.setup_tags())),
        };
        let start = match start {
            Ok(start) => start,
            Err(e) => return self.invalid_setup(e, span, line),
        };
        let start = &self
            .line
            .insert(Line {
                pos: start,
                prev: None,
                ply: 0,
                broken: false,
            })
            .pos;
        // A chess FEN with Chess960 castling rights is played as Chess960.
        let variant = start.variant();
        self.report.variant = Some(variant);
        if self.grammar_of != Some(variant) {
            self.grammar = grammar_for(variant);
            self.grammar_of = Some(variant);
        }
        if let Some(key) = start.repetition_key() {
            self.history.push(false, key);
        }
        self.observer.start_position(start);
        self.mode = Mode::Verify;
    }

    /// The game's setup tags, for [`setup::start_of`].
    fn setup_tags(&self) -> SetupTags<'_> {
        let tags = &self.report.tags;
        fn some(has: bool, s: &str) -> Option<&str> {
            has.then_some(s)
        }
        SetupTags {
            variant: some(tags.has_variant, &tags.variant),
            setup: some(tags.has_setup, &tags.setup),
            fen: some(tags.has_fen, &tags.fen),
            postal: Some(tags.postal.as_str()),
            readings: Some(tags.readings.as_str()),
            unreadable: tags.unreadable,
        }
    }

    /// Reports a start position the tags do not give and skips the game:
    /// a warning for a game xpgn cannot replay, an error for tags that do
    /// not give a position.
    #[cold]
    #[inline(never)]
    fn invalid_setup(&mut self, e: SetupError, span: Span, line: &LineContext<'_>) {
        let msg = match &e {
            SetupError::UnknownVariant { .. } | SetupError::NotImplemented { .. } => {
                format!("{e}; game skipped")
            }
            _ => format!("{e}; game not verified"),
        };
        self.skip(msg.clone());
        let d = match e {
            SetupError::UnknownVariant { .. } => Diagnostic::warning(Code::UnsupportedVariant, msg)
                .with_help("xpgn variants lists the games this tool knows"),
            SetupError::NotImplemented { .. } => Diagnostic::warning(Code::NotYetSupported, msg),
            // Reported at the tag when the reader skipped it.
            SetupError::UnreadableTag { .. } => return,
            _ => {
                let tags = &self.report.tags;
                let mut d = Diagnostic::error(Code::InvalidSetup, msg).with_rule("RULINGS N1, N7");
                d.position = tags.has_fen.then(|| tags.fen.trim().to_string());
                d
            }
        };
        self.emit(d, span, "", line);
    }

    /// A problem of the reader; a setup tag whose line was too long to be
    /// read leaves the start position unknown, which is said at the tag.
    #[cold]
    #[inline(never)]
    fn unreadable_tag(&mut self, span: Span, line: &LineContext<'_>) {
        let text = line.text();
        let at = (span.column as usize).saturating_sub(line.first_column() as usize);
        let rest = text.get(at..).unwrap_or_default();
        let rest = rest
            .trim_ascii_start()
            .strip_prefix(b"[")
            .unwrap_or_default();
        let name_len = rest
            .iter()
            .position(|b| b.is_ascii_whitespace() || *b == b'"')
            .unwrap_or(rest.len());
        let Some(&tag) = setup::SETUP_TAGS
            .iter()
            .find(|t| t.as_bytes() == &rest[..name_len])
        else {
            return;
        };
        self.report.tags.unreadable = Some(tag);
        let e = SetupError::UnreadableTag { tag };
        let d = Diagnostic::error(Code::InvalidSetup, format!("{e}; game not verified"))
            .with_rule("RULINGS N1, N7");
        self.emit(d, span, "", line);
    }

    fn skip(&mut self, why: String) {
        self.mode = Mode::Skip;
        self.report.skipped = Some(why);
        self.counts.skipped_games += 1;
    }

    // ----------------------------------------------------------------- moves

    /// Kept out of [`Visitor::event`]: every event would pay for the frame
    /// the move path needs.
    #[inline(never)]
    fn on_move(
        &mut self,
        text: &[u8],
        check: CheckMark,
        span: Span,
        line: &LineContext<'_>,
    ) -> Flow {
        let Some(l) = self.line.as_ref().filter(|l| !l.broken) else {
            return Flow::Continue;
        };
        // The common case first: one ordinary move that the position can
        // resolve without the full token (the same answer as below; no
        // null move below reads as one action: `Z0` and `0000` have no
        // rank 0, `@@@@` no square).
        if let Some(m) = token::parse_single_action(&self.grammar, text)
            .and_then(|a| l.pos.resolve_action_quick(&a))
        {
            self.play_quick(m, check, text, span, line);
            return Flow::Continue;
        }
        self.on_other_move(text, check, span, line);
        Flow::Continue
    }

    /// [`on_move`](Self::on_move) for the tokens its quick path leaves
    /// (out of line: the visitor's every event would pay for its frame).
    #[inline(never)]
    fn on_other_move(&mut self, text: &[u8], check: CheckMark, span: Span, line: &LineContext<'_>) {
        // Null moves as other tools write them (ChessBase Z0, UCI 0000).
        if matches!(text, b"Z0" | b"0000" | b"@@@@") {
            self.null_move(text, span, line);
            return;
        }
        // Parsed in place: a token is a few hundred bytes.
        let mut parsed = token::MoveToken {
            actions: arrayvec::ArrayVec::new(),
        };
        match token::parse_move_into(&self.grammar, text, &mut parsed) {
            Ok(()) => {}
            Err(e) => {
                self.unparsable(e, text, span, line);
                return;
            }
        };
        // PASGL `_Pd4` marks annotate the move before them (N6): checked,
        // not played.
        if let Some(Action::Roadkill { critter, at }) = parsed.first() {
            let Some(l) = &self.line else {
                return;
            };
            if let Err(r) = l.pos.verify_roadkill(*critter, *at) {
                let msg = format!("{}: {}", String::from_utf8_lossy(text), r.message);
                let label = "contradicts the position";
                // The mark is about the move before it.
                self.played_move_diag(
                    Severity::Error,
                    Code::StateMismatch,
                    msg,
                    text,
                    span,
                    label,
                    r.rule,
                    line,
                );
                self.break_line();
            }
            return;
        }
        // In the chess core a pass is a null move (a warning); in the
        // families that know passing it is an ordinary move.
        let is_core = self.current_pos().is_some_and(AnyPosition::is_chess_like);
        if is_core && parsed.is_single() && matches!(parsed.first(), Some(Action::Pass)) {
            self.null_move(text, span, line);
            return;
        }
        let Some(l) = &self.line else {
            return;
        };
        match l.pos.resolve(&parsed, &mut self.scratch) {
            Ok(m) => self.play(m, check, text, span, line),
            Err(r) => self.rejected(r, &parsed, check, text, span, line),
        }
    }

    /// Reports a token that is not a move (cold: out of the hot path).
    #[cold]
    #[inline(never)]
    fn unparsable(
        &mut self,
        error: token::ParseMoveError,
        text: &[u8],
        span: Span,
        line: &LineContext<'_>,
    ) {
        match error {
            token::ParseMoveError::UnknownPiece(letter) => {
                let name = self.report.variant.map_or("this game", Variant::name);
                let msg = format!(
                    "{}: '{}' is not a piece of {name}",
                    String::from_utf8_lossy(text),
                    letter as char
                );
                self.fail(
                    Code::ImpossiblePiece,
                    msg,
                    text,
                    span,
                    "unknown piece",
                    None,
                    Vec::new(),
                    line,
                );
            }
            e => {
                let msg = format!("{}: not a move: {e}", String::from_utf8_lossy(text));
                let help = self
                    .current_pos()
                    .map(|p| p.suggestions(&String::from_utf8_lossy(text)))
                    .unwrap_or_default();
                self.fail(
                    Code::MalformedMove,
                    msg,
                    text,
                    span,
                    "not a move",
                    None,
                    help,
                    line,
                );
            }
        }
    }

    /// Reports a move the position refuses (cold: out of the hot path).
    #[cold]
    #[inline(never)]
    fn rejected(
        &mut self,
        r: crate::rules::family::Rejection,
        parsed: &token::MoveToken,
        check: CheckMark,
        text: &[u8],
        span: Span,
        line: &LineContext<'_>,
    ) {
        let Some(l) = &self.line else { return };
        let (code, label) = match r.kind {
            RejectionKind::Illegal => (Code::IllegalMove, "no legal move matches"),
            RejectionKind::Ambiguous => (Code::AmbiguousMove, "ambiguous"),
            RejectionKind::ImpossiblePiece => (Code::ImpossiblePiece, "unknown piece"),
            RejectionKind::Malformed => (Code::MalformedMove, "not a move of this game"),
            RejectionKind::StateMismatch => (Code::StateMismatch, "contradicts the position"),
        };
        // Squares family: Betza's own records hold slips ("I had
        // written down several illegal moves"); when one legal turn
        // over the same squares is plainly meant, the replay goes on
        // with it, so every later half-move still gets a verdict.
        let recover = l.pos.as_squares().and_then(|p| p.likely_turn(parsed));
        let msg = format!("{}: {}", String::from_utf8_lossy(text), r.message);
        let mut help = r.suggestions;
        if let Some(t) = &recover {
            if let Some(p) = l.pos.as_squares() {
                help.push(format!(
                    "the replay goes on as if {} were written",
                    p.turn_long(t)
                ));
            }
        }
        self.fail(code, msg, text, span, label, r.rule, help, line);
        if let Some(t) = recover {
            if let Some(l) = &mut self.line {
                l.broken = false;
            }
            self.recovering = true;
            self.play(AnyMove::Squares(t), check, text, span, line);
            self.recovering = false;
        }
    }

    fn current_pos(&self) -> Option<&AnyPosition> {
        self.line.as_ref().map(|l| &l.pos)
    }

    /// Reports an error on the current line and marks the line broken.
    #[cold]
    #[allow(clippy::too_many_arguments)]
    fn fail(
        &mut self,
        code: Code,
        message: String,
        text: &[u8],
        span: Span,
        label: &str,
        rule: Option<String>,
        help: Vec<String>,
        line: &LineContext<'_>,
    ) {
        if self.stack.is_empty() {
            self.note_stalemate();
        }
        let message = match self.ended.filter(|_| self.stack.is_empty()) {
            Some(ended) => format!("{message} (the game was already over: {})", ended.as_str()),
            None => message,
        };
        self.move_diag(
            Severity::Error,
            code,
            message,
            text,
            span,
            label,
            rule,
            help,
            line,
        );
        self.break_line();
    }

    /// Stops verifying the current line after an error.
    fn break_line(&mut self) {
        if let Some(l) = &mut self.line {
            l.broken = true;
            if self.stack.is_empty() && self.report.mainline_error_ply.is_none() {
                self.report.mainline_error_ply = Some(l.ply + 1);
            }
        }
    }

    fn null_move(&mut self, text: &[u8], span: Span, line: &LineContext<'_>) {
        // A pass in check leaves a king that the opponent can take: no rule
        // set has that position, and the move generators assume it never
        // arises (they track checks incrementally from the last move).
        if self.line.as_ref().is_some_and(|l| l.pos.is_check()) {
            self.fail(
                Code::IllegalMove,
                "null move '--' in check: passing would leave the king in check".to_string(),
                text,
                span,
                "null move in check",
                Some("a move may not leave the mover's king in check".into()),
                Vec::new(),
                line,
            );
            return;
        }
        let msg = "null move '--': the side to move passes, which chess does not allow".to_string();
        self.move_diag(
            Severity::Warning,
            Code::NullMove,
            msg,
            text,
            span,
            "null move",
            Some("seed 002: players take turns moving one of their pieces".into()),
            Vec::new(),
            line,
        );
        let mainline = self.stack.is_empty();
        if let Some(l) = &mut self.line {
            match &mut l.prev {
                Some(prev) => prev.clone_from(&l.pos),
                None => l.prev = Some(l.pos.clone()),
            }
            l.pos.play_null();
            l.ply += 1;
        }
        if mainline {
            self.report.plies += 1;
        }
        if self.observer.wants_plies() {
            if let Some(l) = &self.line {
                let check = l.pos.is_check();
                let mate = check && !l.pos.has_legal_move(&mut self.scratch);
                self.tell_ply(None, mainline, check, mate);
            }
        }
    }

    /// Tells the observer about the move just played on the current line
    /// (its `prev` is the position before it); `played` is `None` for a
    /// null move.
    fn tell_ply(&mut self, played: Option<&AnyMove>, mainline: bool, check: bool, mate: bool) {
        let Some(l) = &self.line else { return };
        let Some(before) = &l.prev else { return };
        self.observer.ply(&Ply {
            number: l.ply,
            mainline,
            recovered: self.recovering,
            played,
            before,
            after: &l.pos,
            check,
            mate,
        });
    }

    fn play(
        &mut self,
        m: AnyMove,
        check: CheckMark,
        text: &[u8],
        span: Span,
        line: &LineContext<'_>,
    ) {
        let mainline = self.stack.is_empty();
        let Some(l) = self.line.as_mut() else { return };
        // One copy into the slot kept for variations, not a clone and a move.
        match &mut l.prev {
            Some(prev) => prev.clone_from(&l.pos),
            None => l.prev = Some(l.pos.clone()),
        }
        l.pos.play(&m);
        l.ply += 1;
        let ply = l.ply;
        self.counts.moves += 1;

        let in_check = l.pos.is_check();
        let mate = in_check && !l.pos.has_legal_move(&mut self.scratch);
        if self.observer.wants_plies() {
            self.tell_ply(Some(&m), mainline, in_check, mate);
        }
        if check != CheckMark::None {
            self.check_mark(check, in_check, mate, ply, text, span, line);
        }
        if !mainline {
            return;
        }
        self.report.plies = ply;
        self.after_mainline_move(text, span, line, mate);
    }

    /// [`play`](Self::play) for a move of the bitboard position that
    /// [`AnyPosition::resolve_action_quick`] found, the per-move path of
    /// FIDE chess: the same steps, on the bitboard position directly
    /// (`tests/verify_paths.rs` checks that both give the same verdicts).
    #[inline(always)]
    fn play_quick(
        &mut self,
        m: crate::rules::core::Move,
        check: CheckMark,
        text: &[u8],
        span: Span,
        line: &LineContext<'_>,
    ) {
        if !self.quick {
            return self.play(AnyMove::Core(m), check, text, span, line);
        }
        let mainline = self.stack.is_empty();
        let Some(l) = self.line.as_mut() else { return };
        let AnyPosition::Fide(p) = &mut l.pos else {
            return self.play(AnyMove::Core(m), check, text, span, line);
        };
        match &mut l.prev {
            Some(AnyPosition::Fide(prev)) => *prev = *p,
            prev => *prev = Some(AnyPosition::Fide(*p)),
        }
        p.play_unchecked(&m);
        l.ply += 1;
        let ply = l.ply;
        self.counts.moves += 1;
        let in_check = p.is_check();
        let mate = in_check && !p.has_legal_move();
        let ending = AnyPosition::fide_ending_after_move(p, mate).map(Termination::Ending);
        let draw = AnyPosition::fide_draw_state(p);
        if self.observer.wants_plies() {
            self.tell_ply(Some(&AnyMove::Core(m)), mainline, in_check, mate);
        }
        if check != CheckMark::None {
            self.check_mark(check, in_check, mate, ply, text, span, line);
        }
        if !mainline {
            return;
        }
        self.report.plies = ply;
        self.draw_rules(ending, Some(draw), text, span, line);
    }

    /// The check mark written must match the position (warning only).
    #[allow(clippy::too_many_arguments)]
    fn check_mark(
        &mut self,
        check: CheckMark,
        in_check: bool,
        mate: bool,
        ply: u32,
        text: &[u8],
        span: Span,
        line: &LineContext<'_>,
    ) {
        let problem = match (check, in_check, mate) {
            (CheckMark::Check, false, _) => {
                Some(("'+' written, but the move gives no check", "no check"))
            }
            (CheckMark::Mate, false, _) => {
                Some(("'#' written, but the move gives no check", "no mate"))
            }
            (CheckMark::Mate, true, false) => Some((
                "'#' written, but the move gives check, not mate",
                "not mate",
            )),
            _ => None,
        };
        if let Some((msg, label)) = problem {
            self.check_mark_mismatch(msg, label, ply, text, span, line);
        }
    }

    #[cold]
    #[inline(never)]
    fn check_mark_mismatch(
        &mut self,
        msg: &str,
        label: &str,
        ply: u32,
        text: &[u8],
        span: Span,
        line: &LineContext<'_>,
    ) {
        let written = String::from_utf8_lossy(text).into_owned();
        let mut d = Diagnostic::warning(Code::CheckSuffixMismatch, format!("{written}: {msg}"))
            .with_rule("PGN 8.2.3.5 (check and mate indicators)");
        d.ply = Some(ply);
        d.move_text = Some(written);
        if let Some(prev) = self.line.as_ref().and_then(|l| l.prev.as_ref()) {
            d.position = Some(prev.fen());
        }
        self.emit(d, span, label, line);
    }

    /// Draw rules and game ends along the mainline (RULINGS C1; L9 for the
    /// squares family, over its whole state).
    fn after_mainline_move(&mut self, text: &[u8], span: Span, line: &LineContext<'_>, mate: bool) {
        let Some(l) = &self.line else { return };
        // Each family's own end, and for the families with FIDE's
        // repetition and fifty-move rules: the state's key, the half-move
        // clock, whether a reset of that clock makes earlier positions
        // unrepeatable, and the ruling that applies them.
        let ending = if let Some(sq) = l.pos.as_squares() {
            sq.ending().map(Termination::Rules)
        } else if l.pos.is_chess_like() {
            // Stalemate is not looked for here: the next move, if legal,
            // proves there was one; the game's end and an illegal next move
            // look (see `note_stalemate`). Only when a draw rule ends the
            // game anyway does stalemate, which comes first, need asking.
            l.pos
                .chess_ending_after_move(mate, &mut self.scratch)
                .map(Termination::Ending)
        } else {
            // Games outside these families end by their own rules only.
            l.pos.outcome().map(Termination::Rules)
        };
        let draw = l.pos.draw_state();
        self.draw_rules(ending, draw, text, span, line);
    }

    /// The rest of [`after_mainline_move`](Self::after_mainline_move), given
    /// the game's end by its rules and its draw state after the move.
    #[inline(always)]
    fn draw_rules(
        &mut self,
        ending: Option<Termination>,
        draw: Option<DrawState>,
        text: &[u8],
        span: Span,
        line: &LineContext<'_>,
    ) {
        let was_ended = self.ended;
        let repeats_and_clock = match draw {
            // After the game's end the counts are no longer read.
            Some(d) if was_ended.is_none() => {
                // A reset of the clock by an irreversible move empties the
                // history.
                let reset = (d.halfmoves == 0) & d.irreversible;
                let repeats = self.history.push(reset, d.key);
                Some((repeats, d.halfmoves, d.ruling))
            }
            _ => None,
        };
        if was_ended.is_some() {
            self.report_move_after_end(text, span, line);
            return;
        }
        let Some((repeats, halfmoves, ruling)) = repeats_and_clock else {
            self.ended = ending;
            self.report.termination = ending;
            return;
        };
        // Both fields are `None` here (an ended game returned above): they
        // are written only when the game ends, from the local value.
        let ended = ending.or((repeats >= 5).then_some(Termination::FivefoldRepetition));
        if ended.is_some() {
            self.ended = ended;
            self.report.termination = ended;
        }
        if repeats == 3 && !self.noted_threefold {
            self.noted_threefold = true;
            self.note_draw_claim(
                "threefold repetition: a draw may be claimed",
                format!("{ruling} (FIDE Laws 9.2)"),
                "third repetition",
                span,
                line,
            );
        }
        if halfmoves >= 100 && !self.noted_fifty {
            self.noted_fifty = true;
            self.note_draw_claim(
                "fifty moves without capture or pawn move: a draw may be claimed",
                format!("{ruling} (FIDE Laws 9.3)"),
                "fiftieth move",
                span,
                line,
            );
        }
    }

    #[cold]
    #[inline(never)]
    fn note_draw_claim(
        &mut self,
        message: &str,
        rule: String,
        label: &str,
        span: Span,
        line: &LineContext<'_>,
    ) {
        let d = Diagnostic::note(Code::ClaimableDraw, message).with_rule(rule);
        self.emit(d, span, label, line);
    }

    /// Warns once about moves played after the game ended by the rules;
    /// later moves are verified silently.
    fn report_move_after_end(&mut self, text: &[u8], span: Span, line: &LineContext<'_>) {
        let Some(prior) = self.ended else { return };
        if self.reported_after_end {
            return;
        }
        self.reported_after_end = true;
        let written = String::from_utf8_lossy(text).into_owned();
        let msg = format!(
            "{written}: played after the game had ended ({})",
            prior.as_str()
        );
        self.played_move_diag(
            Severity::Warning,
            Code::MoveAfterEnd,
            msg,
            text,
            span,
            "after the end",
            self.line.as_ref().map(|l| l.pos.end_rule().to_string()),
            line,
        );
    }

    /// Compares a written move number (`12.`, `12...`) with the move it
    /// precedes; a mismatch is a warning, reported once a game.
    #[inline(never)]
    fn move_number(&mut self, number: u32, dots: u8, span: Span, line: &LineContext<'_>) -> Flow {
        if self.reported_number {
            return Flow::Continue;
        }
        let Some(l) = self.line.as_ref().filter(|l| !l.broken) else {
            return Flow::Continue;
        };
        let (turn, expected) = match &l.pos {
            AnyPosition::Fide(p) => (p.turn(), p.fullmoves()),
            pos => (pos.turn(), pos.fullmoves(l.ply)),
        };
        // `12...` announces Black's move; `12.` may stand before either.
        let black_dots = dots >= 3;
        if number != expected || (black_dots && turn == Color::White) {
            self.wrong_move_number(number, expected, turn, span, line);
        }
        Flow::Continue
    }

    #[cold]
    #[inline(never)]
    fn wrong_move_number(
        &mut self,
        number: u32,
        expected: u32,
        turn: Color,
        span: Span,
        line: &LineContext<'_>,
    ) {
        let Some(l) = self.line.as_ref() else { return };
        let msg = if number != expected {
            format!(
                "move number {number}, but this is move {expected} ({} to move)",
                turn.name()
            )
        } else {
            format!("'{number}...' announces Black's move, but White is to move")
        };
        self.reported_number = true;
        let mut d = Diagnostic::warning(Code::MoveNumberMismatch, msg)
            .with_rule("PGN 8.2.2 (move number indications)");
        d.ply = Some(l.ply + 1);
        d.position = Some(l.pos.fen());
        self.emit(d, span, "wrong number", line);
    }

    // ------------------------------------------------------------- variations

    #[inline(never)]
    fn begin_variation(&mut self, span: Span, line: &LineContext<'_>) -> Flow {
        if self.mode != Mode::Verify {
            return Flow::SkipVariation;
        }
        let Some(cur) = self.line.take() else {
            return Flow::SkipVariation;
        };
        if cur.broken {
            self.line = Some(cur);
            return Flow::SkipVariation;
        }
        let Some(prev) = cur.prev.clone() else {
            self.line = Some(cur);
            let d = Diagnostic::warning(
                Code::UnexpectedToken,
                "a variation before any move has nothing to replace; skipped",
            );
            self.emit(d, span, "no move before it", line);
            return Flow::SkipVariation;
        };
        let branch = Line {
            pos: prev,
            prev: None,
            ply: cur.ply.saturating_sub(1),
            broken: false,
        };
        self.stack.push(cur);
        self.line = Some(branch);
        Flow::Continue
    }

    #[inline(never)]
    fn end_variation(&mut self) {
        if let Some(parent) = self.stack.pop() {
            self.line = Some(parent);
        }
    }

    // ---------------------------------------------------------------- ending

    #[inline(never)]
    fn end_game(&mut self, span: Span, line: &LineContext<'_>) {
        if !self.has_content {
            self.report_suppressed(span, line);
            // Comments alone, after the last game or between two: not a game.
            self.counts.games -= 1;
            self.report.index -= 1;
            self.mode = Mode::Tags;
            return;
        }
        // The mainline is the bottom of the stack when variations were left open.
        if !self.stack.is_empty() {
            let main = self.stack.swap_remove(0);
            self.stack.clear();
            self.line = Some(main);
        }
        if self.mode == Mode::Verify {
            self.note_stalemate();
            self.check_result(span, line);
        }
        self.report_suppressed(span, line);
        if self.report.errors > 0 {
            self.counts.invalid_games += 1;
        }
        let last = self.line.as_ref().map(|l| &l.pos);
        self.observer.end_game(&self.report, last);
        self.mode = Mode::Tags;
    }

    /// Records a stalemate on the mainline's current position, if it is
    /// one and the game has not ended before (cold: at a game's end, or
    /// when a move cannot be played).
    #[cold]
    fn note_stalemate(&mut self) {
        if self.ended.is_some() {
            return;
        }
        let Some(l) = self.line.as_ref().filter(|l| !l.broken) else {
            return;
        };
        if l.pos.is_stalemate(&mut self.scratch) {
            self.ended = Some(Termination::Ending(Ending::Stalemate));
            self.report.termination = self.ended;
        }
    }

    fn check_result(&mut self, span: Span, line: &LineContext<'_>) {
        let marker = self.report.result;
        let tag = GameResult::from_ascii(self.report.tags.result.trim().as_bytes());
        if let (Some(m), Some(t)) = (marker, tag) {
            if m != t {
                let msg = format!(
                    "the Result tag says {} but the game ends with {}",
                    t.as_str(),
                    m.as_str()
                );
                let d = Diagnostic::warning(Code::ResultTagMismatch, msg)
                    .with_rule("PGN 8.2.6 (game termination marker)");
                self.emit(d, span, "", line);
            }
        }
        let broken = self.line.as_ref().is_none_or(|l| l.broken);
        let Some(result) = marker.or(tag) else { return };
        let Some(term) = self.report.termination.filter(|_| !broken) else {
            return;
        };
        if result != GameResult::Unknown && result != term.result() {
            let msg = format!(
                "the game ends by {} ({}), but the result is {}",
                term.as_str(),
                term.result().as_str(),
                result.as_str()
            );
            let d = Diagnostic::warning(Code::ResultMismatch, msg).with_rule(
                self.line
                    .as_ref()
                    .map_or("RULINGS C1", |l| l.pos.end_rule()),
            );
            self.emit(d, span, "", line);
        }
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
            Event::Nag { .. } | Event::Comment { .. } | Event::Escape { .. } => Flow::Continue,
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
