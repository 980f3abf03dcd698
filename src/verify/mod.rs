//! The verifier: a [`Visitor`] that replays every move of every game (the
//! mainline and each variation from its branch point) against the rules, and
//! reports each problem as a [`Diagnostic`] with its place, the position, the
//! rule broken and, where one is near, the move probably meant.
//!
//! It never builds a game in memory: it keeps one position per open
//! variation, reuses its buffers from game to game, and hands diagnostics out
//! after each game ([`Verifier::drain`]), so memory stays flat.

pub mod suggest;

use std::sync::Arc;

use crate::diag::{Code, Diagnostic, GameRef, Severity, Span};
use crate::notation::token::{self, Action, CastleSide as TokenSide, Grammar, PieceMove};
use crate::notation::{CheckMark, Event, Flow, GameResult, LineContext, SyntaxProblem, Visitor};
use crate::rules::core::{
    CastleSide, Color, Ending, Move, MoveList, Obstacle, Position, Role, Square,
};
use crate::rules::{Variant, variant::Status};

mod rule_text;

/// Longest source line kept in a diagnostic.
const MAX_SOURCE_LINE: usize = 240;

/// Receives what the verifier learns, for subcommands that export it
/// (`fen`, `stats`, `scores`). Every method has a no-op default.
pub trait Observer {
    /// A game's start position, once its tags are read.
    fn start_position(&mut self, start: &Position) {
        let _ = start;
    }

    /// A mainline move was played: its 1-based ply, the move as SAN and the
    /// position after it.
    fn mainline_ply(&mut self, ply: u32, san: &str, after: &Position) {
        let _ = (ply, san, after);
    }

    /// A game is over; `last` is its final mainline position when the game
    /// could be replayed at all.
    fn end_game(&mut self, report: &GameReport, last: Option<&Position>) {
        let _ = (report, last);
    }

    /// Whether [`mainline_ply`](Self::mainline_ply) is wanted (SAN costs time).
    fn wants_plies(&self) -> bool {
        false
    }
}

impl Observer for () {}

/// How a game ended, as verified.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the final position.
    Ending(Ending),
    /// Fivefold repetition (automatic draw).
    FivefoldRepetition,
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
    /// The tags the reports use: Event, Site, Date, Round, White, Black, Result, Variant, FEN.
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
    has_fen: bool,
    has_variant: bool,
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
        ] {
            s.clear();
        }
        self.has_fen = false;
        self.has_variant = false;
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
    pos: Position,
    /// The position before the last move, where a variation would branch.
    prev: Option<Position>,
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
    line: Option<Line>,
    stack: Vec<Line>,
    history: Vec<u64>,
    ended: Option<Termination>,
    noted_threefold: bool,
    noted_fifty: bool,
    reported_after_end: bool,
    buf: MoveList,
    san: String,
}

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
            line: None,
            stack: Vec::new(),
            history: Vec::new(),
            ended: None,
            noted_threefold: false,
            noted_fifty: false,
            reported_after_end: false,
            buf: MoveList::with_capacity(256),
            san: String::new(),
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

    /// Ends the verifier and returns its observer.
    pub fn into_observer(self) -> O {
        self.observer
    }

    // ------------------------------------------------------------ reporting

    fn game_ref(&self) -> GameRef {
        let opt = |s: &str| (!s.is_empty()).then(|| s.to_string());
        GameRef {
            index: self.report.index,
            white: opt(&self.report.tags.white),
            black: opt(&self.report.tags.black),
            event: opt(&self.report.tags.event),
        }
    }

    #[cold]
    fn emit(&mut self, mut d: Diagnostic, span: Span, label: &str, line: &LineContext<'_>) {
        d.file = Some(self.file.clone());
        d.span = Some(span);
        d.label = (!label.is_empty()).then(|| label.to_string());
        d.source = Some(line.to_source_line(MAX_SOURCE_LINE));
        if self.report.index > 0 {
            d.game = Some(self.game_ref());
        }
        self.count(&d);
        self.diagnostics.push(d);
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

    // ------------------------------------------------------------ game setup

    fn begin_game(&mut self) {
        self.counts.games += 1;
        let index = self.report.index + 1;
        let mut tags = std::mem::take(&mut self.report.tags);
        tags.clear();
        self.report = GameReport {
            index,
            tags,
            ..GameReport::default()
        };
        self.mode = Mode::Tags;
        self.line = None;
        self.stack.clear();
        self.history.clear();
        self.ended = None;
        self.noted_threefold = false;
        self.noted_fifty = false;
        self.reported_after_end = false;
    }

    fn tag(&mut self, name: &[u8], value: &crate::notation::RawTag<'_>) {
        let tags = &mut self.report.tags;
        let slot = match name {
            b"Event" => &mut tags.event,
            b"Site" => &mut tags.site,
            b"Date" => &mut tags.date,
            b"Round" => &mut tags.round,
            b"White" => &mut tags.white,
            b"Black" => &mut tags.black,
            b"Result" => &mut tags.result,
            b"Variant" => {
                tags.has_variant = true;
                &mut tags.variant
            }
            b"FEN" => {
                tags.has_fen = true;
                &mut tags.fen
            }
            _ => return,
        };
        slot.clear();
        slot.push_str(&value.decode_str());
    }

    fn begin_movetext(&mut self, span: Span, line: &LineContext<'_>) {
        let tags = &self.report.tags;
        let variant = if tags.has_variant && !tags.variant.trim().is_empty() {
            Variant::from_name(tags.variant.trim())
        } else {
            Some(Variant::Chess)
        };
        let Some(variant) = variant else {
            let msg = format!(
                "variant '{}' is not supported; game skipped",
                self.report.tags.variant.trim()
            );
            self.skip(msg.clone());
            let d = Diagnostic::warning(Code::UnsupportedVariant, msg)
                .with_help("xpgn variants lists the games this tool knows");
            self.emit(d, span, "", line);
            return;
        };
        self.report.variant = Some(variant);
        let Some(rules) = variant.rules() else {
            debug_assert_eq!(variant.status(), Status::Planned);
            let msg =
                format!("{variant}: records are read but moves are not verified yet; game skipped");
            self.skip(msg.clone());
            self.emit(
                Diagnostic::warning(Code::NotYetSupported, msg),
                span,
                "",
                line,
            );
            return;
        };
        self.grammar = grammar_for(variant);
        let start = if self.report.tags.has_fen {
            let fen = self.report.tags.fen.trim().to_string();
            // python-chess plays a chess game whose FEN has castling rights
            // only Chess960 can have (rooks off the corners) as Chess960.
            let as_960 = (variant == Variant::Chess)
                .then(|| Position::from_fen(crate::rules::fide::chess960(), &fen).ok())
                .flatten();
            match Position::from_fen(rules, &fen) {
                Ok(p) => match as_960 {
                    Some(q)
                        if Color::ALL
                            .iter()
                            .any(|&c| q.castling_rooks(c) != p.castling_rooks(c)) =>
                    {
                        self.report.variant = Some(Variant::Chess960);
                        q
                    }
                    _ => p,
                },
                Err(e) => {
                    let msg = format!("the FEN tag does not give a valid {variant} position: {e}");
                    self.skip(msg.clone());
                    self.report.errors += 1;
                    self.counts.errors += 1;
                    self.report.first_error = Some(msg.clone());
                    let mut d =
                        Diagnostic::error(Code::InvalidSetup, msg).with_rule("RULINGS N1, N7");
                    d.position = Some(fen);
                    d.file = Some(self.file.clone());
                    d.span = Some(span);
                    d.source = Some(line.to_source_line(MAX_SOURCE_LINE));
                    d.game = Some(self.game_ref());
                    self.diagnostics.push(d);
                    return;
                }
            }
        } else {
            Position::start(rules)
        };
        self.history.push(start.repetition_key());
        self.observer.start_position(&start);
        self.line = Some(Line {
            pos: start,
            prev: None,
            ply: 0,
            broken: false,
        });
        self.mode = Mode::Verify;
    }

    fn skip(&mut self, why: String) {
        self.mode = Mode::Skip;
        self.report.skipped = Some(why);
        self.counts.skipped_games += 1;
    }

    // ----------------------------------------------------------------- moves

    fn on_move(
        &mut self,
        text: &[u8],
        check: CheckMark,
        span: Span,
        line: &LineContext<'_>,
    ) -> Flow {
        match &self.line {
            Some(l) if !l.broken => {}
            _ => return Flow::Continue,
        }
        // Null moves as other tools write them (ChessBase Z0, UCI 0000).
        if matches!(text, b"Z0" | b"0000" | b"@@@@") {
            self.null_move(text, span, line);
            return Flow::Continue;
        }
        let parsed = match token::parse_move(&self.grammar, text) {
            Ok(t) => t,
            Err(token::ParseMoveError::UnknownPiece(letter)) => {
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
                return Flow::Continue;
            }
            Err(e) => {
                let msg = format!("{}: not a move: {e}", String::from_utf8_lossy(text));
                let help = self
                    .current_pos()
                    .map(|p| did_you_mean(p, text))
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
                return Flow::Continue;
            }
        };
        if parsed.is_roadkill() {
            let msg = "a '_' roadkill mark belongs to PASGL 312 records".to_string();
            self.not_a_chess_move(msg, text, span, line);
            return Flow::Continue;
        }
        let action = match parsed.first() {
            Some(a) if parsed.is_single() => a.clone(),
            _ => {
                let msg = format!(
                    "{}: several actions in one turn belong to the Postal rule of the squares family",
                    String::from_utf8_lossy(text)
                );
                self.not_a_chess_move(msg, text, span, line);
                return Flow::Continue;
            }
        };
        let resolved = match action {
            Action::Piece(pm) => self.resolve_piece(&pm, text, span, line),
            Action::Castle(side) => self.resolve_castle(side, text, span, line),
            Action::Pass => {
                self.null_move(text, span, line);
                return Flow::Continue;
            }
            _ => {
                let msg = format!(
                    "{}: this action does not exist in chess",
                    String::from_utf8_lossy(text)
                );
                self.not_a_chess_move(msg, text, span, line);
                return Flow::Continue;
            }
        };
        if let Some(m) = resolved {
            self.play(m, check, text, span, line);
        }
        Flow::Continue
    }

    fn current_pos(&self) -> Option<&Position> {
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
        if let Some(ended) = self.ended.filter(|_| self.stack.is_empty()) {
            let mut message = message;
            message.push_str(&format!(" (the game was already over: {})", ended.as_str()));
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
        } else {
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
        }
        if let Some(l) = &mut self.line {
            l.broken = true;
            if self.stack.is_empty() && self.report.mainline_error_ply.is_none() {
                self.report.mainline_error_ply = Some(l.ply + 1);
            }
        }
    }

    /// A well-formed token of another game's notation (postal turns, roadkill marks, squares).
    #[cold]
    fn not_a_chess_move(&mut self, msg: String, text: &[u8], span: Span, line: &LineContext<'_>) {
        self.fail(
            Code::MalformedMove,
            msg,
            text,
            span,
            "not a chess move",
            None,
            Vec::new(),
            line,
        );
    }

    fn resolve_piece(
        &mut self,
        pm: &PieceMove,
        text: &[u8],
        span: Span,
        line: &LineContext<'_>,
    ) -> Option<Move> {
        let pos = self.line.as_ref()?.pos.clone();
        let rules = pos.rules();
        let geo = &rules.geometry;
        let written = String::from_utf8_lossy(text).into_owned();
        let Some(to) = Square::new(pm.to.file, pm.to.rank).filter(|&s| geo.contains(s)) else {
            let msg = format!("{written}: the target square is not on the board");
            self.fail(
                Code::IllegalMove,
                msg,
                text,
                span,
                "no such square",
                None,
                Vec::new(),
                line,
            );
            return None;
        };
        // A move written with its full origin and no letter may be UCI or
        // long algebraic for any piece (python-chess reads `g1f3`).
        let from_sq = match (pm.from_file, pm.from_rank) {
            (Some(f), Some(r)) => Square::new(f, r).filter(|&s| geo.contains(s)),
            _ => None,
        };
        let letter = pm.piece.unwrap_or(b'P');
        let role = match (pm.piece, from_sq.and_then(|s| pos.piece_at(s))) {
            (None, Some(p)) if p.color == pos.turn() => p.role,
            _ => match rules.role_of_letter(letter) {
                Some(r) => r,
                None => {
                    let msg = format!(
                        "{written}: '{}' is not a piece of {}",
                        letter as char, rules.name
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
                    return None;
                }
            },
        };
        // UCI castling: the king "moves" two files, or onto its own rook.
        if rules.is_royal(role) {
            if let Some(from) = from_sq {
                let df = to.file() as i16 - from.file() as i16;
                let onto_rook = pos
                    .piece_at(to)
                    .is_some_and(|p| p.color == pos.turn() && !rules.is_royal(p.role));
                if pm.piece.is_none() && from.rank() == to.rank() && (df.abs() == 2 || onto_rook) {
                    let mut buf = std::mem::take(&mut self.buf);
                    buf.clear();
                    pos.castling_moves(None, &mut buf);
                    let found = buf.iter().copied().find(|m| match *m {
                        Move::Castle {
                            king,
                            rook,
                            king_to,
                            ..
                        } => king == from && (king_to == to || rook == to),
                        _ => false,
                    });
                    self.buf = buf;
                    if found.is_some() {
                        return found;
                    }
                }
            }
        }
        let mut buf = std::mem::take(&mut self.buf);
        pos.moves_to(role, to, &mut buf);
        let promotion = match pm.promotion {
            Some(l) => match rules.role_of_letter(l) {
                Some(r) => Some(r),
                None => {
                    self.buf = buf;
                    let msg = format!(
                        "{written}: '{}' is not a piece of {}",
                        l as char, rules.name
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
                    return None;
                }
            },
            None => None,
        };
        buf.retain(|m| {
            let f = m.from();
            pm.from_file.is_none_or(|x| x == f.file())
                && pm.from_rank.is_none_or(|x| x == f.rank())
                && m.promotion() == promotion
        });
        let result = match buf.len() {
            1 => Some(buf[0]),
            0 => {
                self.buf = buf;
                self.explain_illegal(&pos, role, to, pm, &written, text, span, line);
                return None;
            }
            _ => {
                let froms: Vec<String> = buf.iter().map(|m| geo.square_name(m.from())).collect();
                let name = rules.piece(role).name;
                let msg = format!(
                    "{written}: {}s on {} can all go there",
                    name,
                    join_and(&froms),
                );
                let help = buf
                    .iter()
                    .map(|m| format!("write {}", pos.san(m)))
                    .collect();
                self.fail(
                    Code::AmbiguousMove,
                    msg,
                    text,
                    span,
                    "ambiguous",
                    Some("PGN 8.2.3 (SAN disambiguation)".into()),
                    help,
                    line,
                );
                None
            }
        };
        self.buf = buf;
        result
    }

    #[cold]
    #[allow(clippy::too_many_arguments)]
    fn explain_illegal(
        &mut self,
        pos: &Position,
        role: Role,
        to: Square,
        pm: &PieceMove,
        written: &str,
        text: &[u8],
        span: Span,
        line: &LineContext<'_>,
    ) {
        let rules = pos.rules();
        let geo = &rules.geometry;
        let piece = rules.piece(role);
        let side = pos.turn().name();
        let sq = |s: Square| geo.square_name(s);
        let what = |s: Square| match pos.piece_at(s) {
            Some(p) => format!("the {} on {}", rules.piece(p.role).name, sq(s)),
            None => sq(s),
        };
        let mut obstacles = pos.obstacles(role, to);
        obstacles.retain(|o| {
            let from = o.from();
            pm.from_file.is_none_or(|x| x == from.file())
                && pm.from_rank.is_none_or(|x| x == from.rank())
        });
        // A piece that could get there but for one obstacle explains more
        // than one that never could.
        if obstacles
            .iter()
            .any(|o| !matches!(o, Obstacle::OutOfReach { .. }))
        {
            obstacles.retain(|o| !matches!(o, Obstacle::OutOfReach { .. }));
        }
        let has_any = pos
            .occupied_by(pos.turn())
            .into_iter()
            .any(|s| pos.piece_at(s).is_some_and(|p| p.role == role));
        let reason = if !has_any {
            format!("{side} has no {}", piece.name)
        } else if let Some(r) = pos.gast_castling_reason_for(role, to) {
            r
        } else if let Some(r) = pos.promotion_reason(role, to, promotion_role(rules, pm)) {
            r
        } else if pm.promotion.is_none()
            && rules.is_pawn(role)
            && rules.promotion_zone[pos.turn()].contains(to)
        {
            "a pawn reaching the last rank must promote (write e.g. =Q)".to_string()
        } else if obstacles.is_empty() {
            format!("no {} of {side} can go to {}", piece.name, sq(to))
        } else {
            let parts: Vec<String> = obstacles
                .iter()
                .take(3)
                .map(|o| match *o {
                    Obstacle::Blocked { from, at } => format!(
                        "the {} on {} is blocked by {}",
                        piece.name,
                        sq(from),
                        what(at)
                    ),
                    Obstacle::OwnPiece { from } => {
                        format!(
                            "the {} on {} cannot take {side}'s own piece on {}",
                            piece.name,
                            sq(from),
                            sq(to)
                        )
                    }
                    Obstacle::NothingToCapture { from } => {
                        format!(
                            "the {} on {} moves there only to capture, and {} is empty",
                            piece.name,
                            sq(from),
                            sq(to)
                        )
                    }
                    Obstacle::CannotCapture { from } => {
                        format!(
                            "the {} on {} cannot capture on {}",
                            piece.name,
                            sq(from),
                            sq(to)
                        )
                    }
                    Obstacle::KingExposed { from } => {
                        if pos.is_check() {
                            format!(
                                "{side} is in check, and the {} on {} going there does not end it",
                                piece.name,
                                sq(from)
                            )
                        } else {
                            format!(
                                "the {} on {} is pinned: moving it would expose the king",
                                piece.name,
                                sq(from)
                            )
                        }
                    }
                    Obstacle::GuardZone { from, kind } => kind.describe(pos, piece.name, from),
                    Obstacle::PawnReach { from, reach } => format!(
                        "the pawn on {} may move at most {reach} squares forward now",
                        sq(from)
                    ),
                    Obstacle::OutOfReach { from } => {
                        format!("the {} on {} cannot reach {}", piece.name, sq(from), sq(to))
                    }
                })
                .collect();
            parts.join("; ")
        };
        let king_exposed = obstacles
            .iter()
            .any(|o| matches!(o, Obstacle::KingExposed { .. }));
        let rule = if pos.gast_castling_reason_for(role, to).is_some() {
            rule_text::castling(rules)
        } else {
            rule_text::for_piece(rules, role, king_exposed)
        };
        let help = did_you_mean(pos, text);
        let msg = format!("{written}: {reason}");
        self.fail(
            Code::IllegalMove,
            msg,
            text,
            span,
            "no legal move matches",
            Some(rule),
            help,
            line,
        );
    }

    fn resolve_castle(
        &mut self,
        side: TokenSide,
        text: &[u8],
        span: Span,
        line: &LineContext<'_>,
    ) -> Option<Move> {
        let pos = self.line.as_ref()?.pos.clone();
        let side = match side {
            TokenSide::King => CastleSide::Short,
            TokenSide::Queen => CastleSide::Long,
        };
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        pos.castling_moves(Some(side), &mut buf);
        let found = buf.first().copied();
        let several = buf.len() > 1;
        self.buf = buf;
        if several {
            // Gast: O-O names the one form legal on that side (N4).
            self.ambiguous_castle(&pos, side, text, span, line);
            return None;
        }
        if found.is_none() {
            let written = String::from_utf8_lossy(text).into_owned();
            let reason = castle_reason(&pos, side);
            let msg = format!("{written}: {reason}");
            let help = did_you_mean(&pos, text);
            self.fail(
                Code::IllegalMove,
                msg,
                text,
                span,
                "castling not allowed",
                Some(rule_text::castling(pos.rules())),
                help,
                line,
            );
        }
        found
    }

    /// `O-O` or `O-O-O` where several castling forms are legal (Gast, N4).
    #[cold]
    fn ambiguous_castle(
        &mut self,
        pos: &Position,
        side: CastleSide,
        text: &[u8],
        span: Span,
        line: &LineContext<'_>,
    ) {
        let mut buf = MoveList::new();
        pos.castling_moves(Some(side), &mut buf);
        let sans: Vec<String> = buf.iter().map(|m| pos.san(m)).collect();
        let written = String::from_utf8_lossy(text).into_owned();
        let msg = format!(
            "{written}: several castling forms are legal on that side: {}",
            join_or(&sans)
        );
        let help = sans.iter().map(|s| format!("write {s}")).collect();
        self.fail(
            Code::AmbiguousMove,
            msg,
            text,
            span,
            "ambiguous castling",
            Some("RULINGS N4: the king's move names the form".into()),
            help,
            line,
        );
    }

    fn null_move(&mut self, text: &[u8], span: Span, line: &LineContext<'_>) {
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
        if let Some(l) = &mut self.line {
            l.prev = Some(l.pos.clone());
            l.pos.play_null();
            l.ply += 1;
        }
        if self.stack.is_empty() {
            self.report.plies += 1;
        }
    }

    fn play(&mut self, m: Move, check: CheckMark, text: &[u8], span: Span, line: &LineContext<'_>) {
        let mainline = self.stack.is_empty();
        let Some(l) = self.line.as_mut() else { return };
        let want_san = mainline && self.observer.wants_plies();
        if want_san {
            self.san.clear();
            l.pos.write_san(&m, &mut self.san);
        }
        let before = l.pos.clone();
        l.pos.play_unchecked(&m);
        l.prev = Some(before);
        l.ply += 1;
        let ply = l.ply;
        self.counts.moves += 1;

        // The check mark written must match the position (warning only).
        let in_check = l.pos.is_check();
        let mate = in_check && !l.pos.has_legal_move_with(&mut self.buf);
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
        if want_san {
            if mate {
                self.san.push('#');
            } else if in_check {
                self.san.push('+');
            }
        }
        if let Some((msg, label)) = problem {
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
        if !mainline {
            return;
        }
        self.report.plies = ply;
        if want_san {
            if let Some(l) = &self.line {
                self.observer.mainline_ply(ply, &self.san, &l.pos);
            }
        }
        self.after_mainline_move(text, span, line, mate);
    }

    /// Draw rules and game ends along the mainline (RULINGS C1).
    fn after_mainline_move(&mut self, text: &[u8], span: Span, line: &LineContext<'_>, mate: bool) {
        let Some(l) = &self.line else { return };
        let pos = &l.pos;
        let was_ended = self.ended;
        // Pawn moves are irreversible only where pawns never step back (S9).
        if pos.halfmoves() == 0 && !pos.rules().pawns_step_back {
            self.history.clear();
        }
        let key = pos.repetition_key();
        self.history.push(key);
        let repeats = self.history.iter().filter(|&&k| k == key).count();
        let ending = if mate {
            Some(Ending::Checkmate {
                winner: !pos.turn(),
            })
        } else {
            pos.ending_with(&mut self.buf)
        };
        let halfmoves = pos.halfmoves();
        if let Some(prior) = was_ended {
            // Report it once; later moves are verified silently.
            if !self.reported_after_end {
                self.reported_after_end = true;
                let written = String::from_utf8_lossy(text).into_owned();
                let msg = format!(
                    "{written}: played after the game had ended ({})",
                    prior.as_str()
                );
                self.move_diag(
                    Severity::Warning,
                    Code::MoveAfterEnd,
                    msg,
                    text,
                    span,
                    "after the end",
                    Some("RULINGS C1 (FIDE Laws 9.6)".into()),
                    Vec::new(),
                    line,
                );
            }
            return;
        }
        if let Some(e) = ending {
            self.ended = Some(Termination::Ending(e));
        } else if repeats >= 5 {
            self.ended = Some(Termination::FivefoldRepetition);
        }
        self.report.termination = self.ended;
        if repeats == 3 && !self.noted_threefold {
            self.noted_threefold = true;
            let d = Diagnostic::note(
                Code::ClaimableDraw,
                "threefold repetition: a draw may be claimed",
            )
            .with_rule("RULINGS C1 (FIDE Laws 9.2)");
            self.emit(d, span, "third repetition", line);
        }
        if halfmoves >= 100 && !self.noted_fifty {
            self.noted_fifty = true;
            let d = Diagnostic::note(
                Code::ClaimableDraw,
                "fifty moves without capture or pawn move: a draw may be claimed",
            )
            .with_rule("RULINGS C1 (FIDE Laws 9.3)");
            self.emit(d, span, "fiftieth move", line);
        }
    }

    // ------------------------------------------------------------- variations

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

    fn end_variation(&mut self) {
        if let Some(parent) = self.stack.pop() {
            self.line = Some(parent);
        }
    }

    // ---------------------------------------------------------------- ending

    fn end_game(&mut self, span: Span, line: &LineContext<'_>) {
        // The mainline is the bottom of the stack when variations were left open.
        if !self.stack.is_empty() {
            let main = self.stack.swap_remove(0);
            self.stack.clear();
            self.line = Some(main);
        }
        if self.mode == Mode::Verify {
            self.check_result(span, line);
        }
        if self.report.errors > 0 {
            self.counts.invalid_games += 1;
        }
        let last = self.line.as_ref().map(|l| &l.pos);
        self.observer.end_game(&self.report, last);
        self.mode = Mode::Tags;
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
            let d =
                Diagnostic::warning(Code::ResultMismatch, msg).with_rule("seed 002, RULINGS C1");
            self.emit(d, span, "", line);
        }
    }
}

impl<O: Observer> Visitor for Verifier<O> {
    fn event(&mut self, event: Event<'_>, span: Span, line: &LineContext<'_>) -> Flow {
        match event {
            Event::BeginGame => {
                self.begin_game();
                Flow::Continue
            }
            Event::Tag { name, value } => {
                self.tag(name, &value);
                Flow::Continue
            }
            Event::BeginMovetext => {
                self.begin_movetext(span, line);
                Flow::Continue
            }
            Event::Move { text, check } => {
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
                self.report.result = Some(r);
                Flow::Continue
            }
            Event::EndGame => {
                self.end_game(span, line);
                Flow::Continue
            }
            Event::MoveNumber { .. }
            | Event::Nag { .. }
            | Event::Comment { .. }
            | Event::Escape { .. } => Flow::Continue,
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
        Flow::Continue
    }
}

/// The move grammar of each game (STYLE B6: never guessed from the token).
pub fn grammar_for(variant: Variant) -> Grammar {
    match variant {
        Variant::Chess | Variant::Chess960 => Grammar::chess(),
        Variant::Gast => Grammar::gast(),
        Variant::Gast14x12 => Grammar::gast14(),
        Variant::Squirrel => Grammar::squirrel(),
        Variant::SquaresBasic
        | Variant::Hans38
        | Variant::Hans38Neutral
        | Variant::InfiniteReserves
        | Variant::MovingSquares => Grammar::squares(),
        Variant::Pasgl312 => Grammar::pasgl(),
    }
}

#[cold]
fn did_you_mean(pos: &Position, text: &[u8]) -> Vec<String> {
    let near = suggest::nearest_moves(pos, &String::from_utf8_lossy(text));
    if near.is_empty() {
        Vec::new()
    } else {
        vec![format!("did you mean {}?", join_or(&near))]
    }
}

#[cold]
fn castle_reason(pos: &Position, side: CastleSide) -> String {
    if let Some(reason) = pos
        .gast_castling_reason(side)
        .or_else(|| pos.zone_castling_reason(side))
    {
        return reason;
    }
    let us = pos.turn();
    let rules = pos.rules();
    let Some(king) = pos.king(us) else {
        return format!("{} has no king", us.name());
    };
    let rooks = pos.castling_rooks(us);
    let has_right = rooks
        .into_iter()
        .any(|r| (r.file() > king.file()) == (side == CastleSide::Short));
    if !has_right {
        return format!(
            "{} has lost the right to castle {} (the king or that rook has moved)",
            us.name(),
            if side == CastleSide::Short {
                "short"
            } else {
                "long"
            }
        );
    }
    if pos.is_check() {
        return format!("{} is in check and cannot castle out of it", us.name());
    }
    let _ = rules;
    "the cells between king and rook must be empty, and the king may not cross or land on an attacked cell".into()
}

/// The promotion piece written on a move, if the game has it.
fn promotion_role(rules: &crate::rules::core::GameRules, pm: &PieceMove) -> Option<Role> {
    pm.promotion.and_then(|l| rules.role_of_letter(l))
}

fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {}", init.join(", "), last),
    }
}

fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}
