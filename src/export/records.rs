//! Records with the canonical notation of every move, built in the
//! verifier's one pass: a [`Builder`] makes the record from the reader's
//! events while the [`Verifier`] replays them, and [`Tee`] hands each
//! move's SAN and LAN, as the verifier played it, to the record's node.
//! No game is replayed a second time, so a game `check` accepts converts
//! with every move annotated, and one it rejects stops where it does.

pub use super::fide_ply::FidePly;
pub use super::move_counts::MoveCounts;
pub use super::sink::{Annotation, RecordSink};
use crate::diag::Span;
use crate::notation::{CheckMark, Event, Flow, LineContext, Reader, SyntaxProblem, Visitor};
use crate::record::{Builder, Game};
use crate::rules::cells::CellBoard;
use crate::rules::core::Square;
use crate::rules::family::{AnyPosition, GamePosition};
use crate::rules::picture::{ChessBoard, Picture, move_arrow};
use crate::verify::{GameReport, Observer, Ply, Verifier};

/// A move's arrow in a picture: from, to.
pub type Arrow = Option<(Square, Square)>;

/// A position as `xpgn view` draws it: FIDE chess and Chess960 as a
/// [`ChessBoard`] read from the bitboards (compared square by square, no
/// picture built), any other game as a [`Picture`].
#[derive(Debug)]
pub enum Board {
    /// FIDE chess or Chess960 on the bitboards.
    Chess(ChessBoard),
    /// Any other game, as a code per cell.
    Cells(CellBoard),
    /// A game of no family a [`CellBoard`] reads (none now: kept for a
    /// new family until its cells are coded).
    Picture(Picture),
}

impl Board {
    /// The board of `pos`.
    pub fn of(pos: &AnyPosition) -> Board {
        match ChessBoard::of(pos) {
            Some(b) => Board::Chess(b),
            None => {
                let mut cells = CellBoard::empty();
                if cells.fill(pos) {
                    Board::Cells(cells)
                } else {
                    Board::Picture(Picture::of(pos))
                }
            }
        }
    }
}

/// Collects reports and move counts for the verifier, and the notation of
/// each move it plays for the record being built.
#[derive(Debug, Default)]
pub struct Collect {
    moves: MoveCounts,
    reports: Vec<(GameReport, MoveCounts)>,
    /// Whether moves are counted (each move's SAN is then written, which
    /// `check` has no use for).
    count_moves: bool,
    /// Whether records are built, and with which notations: every move
    /// played then gets them, handed to the record's node by [`Tee`].
    records: Option<Notations>,
    /// Whether the last move was annotated with the notations `records`
    /// asks for, until `Tee` hands them to the record (written in
    /// `ann_san`, `ann_lan`: no string per move). A flag, not a copy of
    /// the notations: the Tee reads them in place, once a move.
    annotated: bool,
    ann_san: String,
    ann_lan: String,
    ann_fen: String,
    /// The picture after the last move and its arrow, for `xpgn view`.
    ann_picture: Option<(Picture, Arrow)>,
    /// The same for FIDE chess and Chess960: the move and the bitboards.
    ann_fide: Option<FidePly>,
    /// A picture the record's sink gave back, filled again for the next
    /// move (no allocation a ply).
    spare_picture: Option<Picture>,
    /// The board of codes of the last move played, for `view`, and the
    /// buffer of the one before, filled again.
    ann_cells: Option<(CellBoard, Arrow)>,
    spare_cells: Option<CellBoard>,
    /// The current game's start position as FEN, picture and the number
    /// of its first move, until [`Tee`] hands it to the record.
    start: Option<(String, Board, u32)>,
    ann_uci: String,
    /// The current game's side to move first (black) and first move
    /// number, for a chess-like start, until [`Tee`] hands them to the
    /// record.
    start_number: Option<(bool, u32)>,
    /// SAN written for counting only.
    san: String,
    /// The key of the game being read, for `dedupe` ([`Collect::keyed`]).
    keyer: Option<Box<super::key::Keyer>>,
    /// The keys of the games finished, in order with `reports`.
    keys: Vec<super::key::GameKey>,
    /// Games finished since the last [`take_ended`](Collect::take_ended).
    ended: usize,
}

impl Observer for Collect {
    fn start_position(&mut self, start: &AnyPosition) {
        if self.records.is_some_and(|n| n.picture) {
            self.start = Some((start.fen(), Board::of(start), start.fullmoves(0)));
        }
        if self.records.is_some() && start.is_chess_like() {
            let black = start.turn() == crate::rules::core::Color::Black;
            self.start_number = Some((black, start.fullmoves(0)));
        }
        if let Some(k) = &mut self.keyer {
            k.start(start);
        }
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        // A slip's replacement is not what was written: the key takes the
        // move as written (`Tee`).
        if let Some(k) = self
            .keyer
            .as_mut()
            .filter(|_| ply.mainline && !ply.recovered)
        {
            k.ply(ply);
        }
        let count = self.count_moves && ply.mainline;
        // A slip's replacement is not what was written: its node keeps
        // the move as written.
        let annotate = match &self.records {
            Some(n) if !ply.recovered => Some(*n),
            _ => None,
        };
        if let Some(wanted) = annotate {
            if wanted.san || count {
                self.ann_san.clear();
                ply.write_san(&mut self.ann_san);
                if count {
                    self.moves.count(&self.ann_san);
                }
            }
            if wanted.lan {
                self.ann_lan.clear();
                ply.write_lan(&mut self.ann_lan);
            }
            if wanted.uci {
                self.ann_uci.clear();
                ply.write_uci(&mut self.ann_uci);
            }
            let fide = if wanted.picture {
                FidePly::of(ply)
            } else {
                None
            };
            if wanted.fen {
                self.ann_fen.clear();
                // `view` reads a chess FEN's fields from the bitboards,
                // and only those that changed.
                if fide.is_none() {
                    ply.after.write_fen(&mut self.ann_fen);
                }
            }
            if wanted.picture {
                if fide.is_some() {
                    self.ann_fide = fide;
                } else {
                    let arrow = ply.played.and_then(move_arrow);
                    let mut board = self.spare_cells.take().unwrap_or_else(CellBoard::empty);
                    if board.fill(ply.after) {
                        self.ann_cells = Some((board, arrow));
                    } else {
                        self.spare_cells = Some(board);
                        let mut picture = self.spare_picture.take().unwrap_or_else(Picture::empty);
                        picture.fill(ply.after);
                        self.ann_picture = Some((picture, arrow));
                    }
                }
            }
            self.annotated = true;
        } else if count && !self.moves.count_fide(ply) {
            self.san.clear();
            ply.write_san(&mut self.san);
            self.moves.count(&self.san);
        }
    }

    fn end_game(&mut self, report: &GameReport, last: Option<&AnyPosition>) {
        self.ended += 1;
        // `check` reads only the diagnostics and the totals: no report is
        // kept for it (a clone and a vector a game were most of what a
        // parallel `check` cost more than one thread).
        if !self.keeps_reports() {
            return;
        }
        let mut moves = std::mem::take(&mut self.moves);
        moves.points = last
            .and_then(AnyPosition::points)
            .map(|p| (p.white, p.black));
        self.reports.push((report.clone(), moves));
        if let Some(k) = &mut self.keyer {
            self.keys.push(k.finish());
        }
    }

    fn wants_plies(&self) -> bool {
        self.count_moves || self.records.is_some() || self.keyer.is_some()
    }

    // `check` (no records, no counts) uses no tag of a report: they are
    // not decoded for it, as on one thread. Nor for the lean writer
    // (`convert`, `dedupe`): its games carry their own tags, which the
    // filters read ([`super::lean::Rendered::tag`]).
    fn wants_tags(&self) -> bool {
        self.count_moves || self.records.is_some_and(|n| n.lean.is_none())
    }
}

/// Feeds the builder every event and the verifier what it asks for: when it
/// skips a variation or a game, the events it would not have seen are held
/// back from it until the matching end.
#[derive(Debug)]
pub struct Tee<'a, B = Builder> {
    builder: Option<&'a mut B>,
    verifier: &'a mut Verifier<Collect>,
    /// `--fix-result` with a builder: each game's end goes through
    /// [`Tee::end_game_fixing_result`] (asked once, not at every event).
    fix_result: bool,
    /// Open variations the verifier skips (0: none).
    skip_var: u32,
    skip_game: bool,
    /// Whether the verifier's observer keys games: then every event is
    /// read, and the mainline moves it does not play are keyed as written.
    keyed: bool,
    /// Open variations (for the key: only mainline moves count).
    depth: u32,
}

impl<B: RecordSink> Visitor for Tee<'_, B> {
    fn event(&mut self, event: Event<'_>, span: Span, line: &LineContext<'_>) -> Flow {
        if self.fix_result && matches!(event, Event::EndGame) {
            return self.end_game_fixing_result(span, line);
        }
        if self.builder.is_none() && !self.keyed {
            return self.verifier.event(event, span, line);
        }
        if B::MOVE_AFTER_VERIFIER
            && !self.keyed
            && let Event::Move { text, check } = event
        {
            return self.move_after_verifier(text, check, span, line);
        }
        if let Some(builder) = self.builder.as_deref_mut() {
            builder.event(event, span, line);
        }
        // Mainline plies keyed before the event: none more after a move
        // event means the verifier did not play it.
        let keyed_plies = if self.keyed {
            self.key_event(event)
        } else {
            None
        };
        let forward = match event {
            Event::EndGame => {
                self.skip_game = false;
                self.skip_var = 0;
                true
            }
            _ if self.skip_game => false,
            Event::BeginVariation if self.skip_var > 0 => {
                self.skip_var += 1;
                false
            }
            Event::EndVariation if self.skip_var > 0 => {
                self.skip_var -= 1;
                self.skip_var == 0
            }
            _ => self.skip_var == 0,
        };
        if forward {
            let is_move = matches!(event, Event::Move { .. });
            let errors = self.verifier.counts().errors;
            let flow = self.verifier.event(event, span, line);
            if self.verifier.counts().errors > errors
                && let Some(builder) = self.builder.as_deref_mut()
            {
                builder.mark_error();
            }
            // Asked before taken: a take moves the whole slot, and the start
            // is there once a game.
            let collect = self.verifier.observer_mut();
            if collect.start.is_some()
                && let Some((fen, picture, number)) = collect.start.take()
                && let Some(builder) = self.builder.as_deref_mut()
            {
                builder.annotate_start(fen, picture, number);
            }
            if collect.start_number.is_some()
                && let Some((black, number)) = collect.start_number.take()
                && let Some(builder) = self.builder.as_deref_mut()
            {
                builder.annotate_start_number(black, number);
            }
            match flow {
                Flow::SkipVariation => self.skip_var = 1,
                Flow::SkipGame => self.skip_game = true,
                Flow::Stop => return Flow::Stop,
                Flow::Continue => {}
            }
            if is_move && let Some(builder) = self.builder.as_deref_mut() {
                let collect = self.verifier.observer_mut();
                if collect.annotated
                    && let Some(wanted) = &collect.records
                {
                    collect.annotated = false;
                    let san = wanted.san.then_some(collect.ann_san.as_str());
                    let lan = wanted.lan.then_some(collect.ann_lan.as_str());
                    let fen = wanted.fen.then_some(collect.ann_fen.as_str());
                    let uci = wanted.uci.then_some(collect.ann_uci.as_str());
                    builder.annotate_last(Annotation { san, lan, uci, fen });
                }
                hand_pictures(builder, collect);
            }
        }
        if let (Some(before), Event::Move { text, .. }) = (keyed_plies, event)
            && let Some(k) = self.verifier.observer_mut().keyer.as_mut()
            && k.plies() == before
        {
            k.written(text);
        }
        Flow::Continue
    }

    fn problem(&mut self, problem: &SyntaxProblem, span: Span, line: &LineContext<'_>) -> Flow {
        if let Some(builder) = self.builder.as_deref_mut() {
            builder.problem(problem, span, line);
        }
        let errors = self.verifier.counts().errors;
        let flow = self.verifier.problem(problem, span, line);
        if self.verifier.counts().errors > errors
            && let Some(builder) = self.builder.as_deref_mut()
        {
            builder.mark_error();
        }
        match flow {
            Flow::Stop => Flow::Stop,
            _ => Flow::Continue,
        }
    }
}

impl Collect {
    /// An observer that gives records their notation when `records` is
    /// set and counts captures, checks and the like along each mainline
    /// when `count_moves` is.
    pub fn new(records: bool, count_moves: bool) -> Collect {
        Collect::with_notations(records.then_some(Notations::BOTH), count_moves)
    }

    /// [`new`](Self::new), giving records only the notations asked for
    /// (`None`: no records).
    pub fn with_notations(records: Option<Notations>, count_moves: bool) -> Collect {
        Collect {
            records,
            count_moves,
            ..Collect::default()
        }
    }

    /// Also keys every game ([`super::key`]): read through a [`Tee`], which
    /// hands the key the moves the verifier does not play.
    pub fn keyed(mut self) -> Collect {
        self.keyer = Some(Box::default());
        self
    }

    /// The keys of the games finished since the last call, one per report,
    /// when [`keyed`](Self::keyed).
    pub fn take_keys(&mut self) -> Vec<super::key::GameKey> {
        std::mem::take(&mut self.keys)
    }

    /// The reports of the games finished since the last call, with their
    /// move counts; none when [`keeps_reports`](Self::keeps_reports) is false.
    pub fn take_reports(&mut self) -> Vec<(GameReport, MoveCounts)> {
        std::mem::take(&mut self.reports)
    }

    /// Whether games' reports are kept: not for a run that neither builds
    /// records, counts moves nor keys games (`check`), which only counts
    /// them ([`take_ended`](Self::take_ended)).
    pub fn keeps_reports(&self) -> bool {
        self.records.is_some() || self.count_moves || self.keyer.is_some()
    }

    /// [`take_reports`](Self::take_reports) as a drain: the list keeps
    /// its room for the next game (no allocation a game).
    pub fn drain_reports(&mut self) -> std::vec::Drain<'_, (GameReport, MoveCounts)> {
        self.reports.drain(..)
    }

    /// The number of games finished since the last call.
    pub fn take_ended(&mut self) -> usize {
        std::mem::take(&mut self.ended)
    }
}

/// Which canonical notations the moves of a record get: the PGN writer
/// needs one, JSON both; each costs its writing and a string per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Notations {
    /// The short notation (SAN for chess), [`crate::record::Node::san`].
    pub san: bool,
    /// The long notation, [`crate::record::Node::lan`].
    pub lan: bool,
    /// The UCI form, [`crate::record::Node::uci`] (`--moves uci`).
    pub uci: bool,
    /// Write each game in PGN export format with these options as it is
    /// read ([`super::lean::Lean`]) instead of building its record.
    pub lean: Option<super::pgn::PgnOptions>,
    /// The position after each move, for the lean writer's
    /// `--fen-comments`.
    pub fen: bool,
    /// The picture of the start position and of the position after each
    /// move, for `xpgn view`. A move of FIDE chess or Chess960 gets no
    /// picture and no FEN: the sink is handed the move and the bitboards
    /// ([`FidePly`], [`RecordSink::annotate_fide`]) and reads from them
    /// what the move changed.
    pub picture: bool,
    /// With [`lean`](Self::lean): write each game as JSON
    /// ([`super::lean::Lean::json`]) instead of PGN.
    pub json: bool,
    /// Give each game the result its final position implies when it ended
    /// by rule (`--fix-result`): the verifier's report is read before the
    /// record or the lean writer closes the game.
    pub fix_result: bool,
}

impl Notations {
    /// Both.
    pub const BOTH: Notations = Notations {
        san: true,
        lan: true,
        uci: false,
        lean: None,
        fen: false,
        picture: false,
        json: false,
        fix_result: false,
    };
}

impl Default for Notations {
    fn default() -> Notations {
        Notations::BOTH
    }
}

impl<B: RecordSink> Tee<'_, B> {
    /// `EndGame` for `--fix-result`: the verifier ends the game first, so
    /// that its report (how the game ended by rule, if it did) reaches the
    /// builder before the builder closes the game. The builder's end does
    /// not depend on the verifier's, nor the other way round.
    #[cold]
    fn end_game_fixing_result(&mut self, span: Span, line: &LineContext<'_>) -> Flow {
        self.skip_game = false;
        self.skip_var = 0;
        let before = self.verifier.observer_mut().reports.len();
        let flow = self.verifier.event(Event::EndGame, span, line);
        // A game of comments alone has no report.
        let result = self
            .verifier
            .observer_mut()
            .reports
            .get(before)
            .and_then(|(report, _)| report.result_by_rule());
        if let Some(builder) = self.builder.as_deref_mut() {
            if let Some(result) = result {
                builder.set_result(result);
            }
            builder.event(Event::EndGame, span, line);
        }
        match flow {
            Flow::Stop => Flow::Stop,
            _ => Flow::Continue,
        }
    }
}

/// The pictures of the last move played, only for `view`: asked before
/// taken (a take moves the whole slot).
fn hand_pictures<B: RecordSink>(builder: &mut B, collect: &mut Collect) {
    if collect.ann_picture.is_some()
        && let Some((picture, arrow)) = collect.ann_picture.take()
    {
        collect.spare_picture = builder.annotate_picture(picture, arrow);
    }
    if collect.ann_cells.is_some()
        && let Some((board, arrow)) = collect.ann_cells.take()
    {
        builder.annotate_cells(&board, arrow);
        collect.spare_cells = Some(board);
    }
    if collect.ann_fide.is_some()
        && let Some(ply) = collect.ann_fide.take()
    {
        builder.annotate_fide(&ply);
    }
}

impl<B: RecordSink> Tee<'_, B> {
    /// A move event for a sink that takes it after the verifier
    /// ([`RecordSink::MOVE_AFTER_VERIFIER`]): the same calls as
    /// [`Visitor::event`] makes, the move handed over with its notations
    /// (a verifier's error at it marked after it, where the event's order
    /// marks it too: the sink's last move is the same).
    fn move_after_verifier(
        &mut self,
        text: &[u8],
        check: CheckMark,
        span: Span,
        line: &LineContext<'_>,
    ) -> Flow {
        let Some(builder) = self.builder.as_deref_mut() else {
            return self.verifier.event(Event::Move { text, check }, span, line);
        };
        if self.skip_game || self.skip_var > 0 {
            builder.event(Event::Move { text, check }, span, line);
            return Flow::Continue;
        }
        let errors = self.verifier.counts().errors;
        let flow = self.verifier.event(Event::Move { text, check }, span, line);
        let erred = self.verifier.counts().errors > errors;
        let collect = self.verifier.observer_mut();
        if collect.start.is_some()
            && let Some((fen, picture, number)) = collect.start.take()
        {
            builder.annotate_start(fen, picture, number);
        }
        if collect.start_number.is_some()
            && let Some((black, number)) = collect.start_number.take()
        {
            builder.annotate_start_number(black, number);
        }
        // Not annotated when the run stops at it, as by the event.
        let notation = match &collect.records {
            Some(wanted) if collect.annotated && flow != Flow::Stop => {
                collect.annotated = false;
                Some(Annotation {
                    san: wanted.san.then_some(collect.ann_san.as_str()),
                    lan: wanted.lan.then_some(collect.ann_lan.as_str()),
                    uci: wanted.uci.then_some(collect.ann_uci.as_str()),
                    fen: wanted.fen.then_some(collect.ann_fen.as_str()),
                })
            }
            _ => None,
        };
        builder.played_move(text, check, span, line, notation);
        if erred {
            builder.mark_error();
        }
        if flow != Flow::Stop {
            hand_pictures(builder, collect);
        }
        match flow {
            Flow::SkipVariation => self.skip_var = 1,
            Flow::SkipGame => self.skip_game = true,
            Flow::Stop => return Flow::Stop,
            Flow::Continue => {}
        }
        Flow::Continue
    }
}

impl<'a, B: RecordSink> Tee<'a, B> {
    /// Feeds `builder` (when there is one) and `verifier`; when the
    /// verifier's observer is [keyed](Collect::keyed), also what its key
    /// needs besides the plies.
    pub fn new(builder: Option<&'a mut B>, verifier: &'a mut Verifier<Collect>) -> Tee<'a, B> {
        let keyed = verifier.observer().keyer.is_some();
        let fix_result =
            builder.is_some() && verifier.observer().records.is_some_and(|n| n.fix_result);
        Tee {
            builder,
            verifier,
            fix_result,
            skip_var: 0,
            skip_game: false,
            keyed,
            depth: 0,
        }
    }

    /// What the key takes from an event besides the verifier's plies; for
    /// a mainline move, the plies keyed before it.
    fn key_event(&mut self, event: Event<'_>) -> Option<u32> {
        let keyer = self.verifier.observer_mut().keyer.as_mut()?;
        match event {
            Event::BeginGame => {
                keyer.reset();
                self.depth = 0;
            }
            Event::Tag { name, value } => keyer.tag(name, value.0),
            Event::BeginVariation => self.depth += 1,
            Event::EndVariation => self.depth = self.depth.saturating_sub(1),
            Event::Move { .. } if self.depth == 0 => return Some(keyer.plies()),
            _ => {}
        }
        None
    }
}

/// Reads every game of `bytes` into records whose moves carry the notation
/// the verifier gave them, each with the verifier's report.
///
/// # Examples
///
/// ```
/// let games = xpgn::export::records::read_games(b"1. e2e4 e5 2. Qh5 Ke7 3. Qxe5 *");
/// let (game, report) = &games[0];
/// assert!(report.is_valid());
/// let san: Vec<_> = game.nodes[1..].iter().map(|n| n.san.as_deref()).collect();
/// assert_eq!(san, [Some("e4"), Some("e5"), Some("Qh5"), Some("Ke7"), Some("Qxe5#")]);
/// ```
pub fn read_games(bytes: &[u8]) -> Vec<(Game, GameReport)> {
    let mut verifier = Verifier::with_observer("-", Collect::new(true, false));
    let mut reader = Reader::new(bytes);
    let mut builder = Builder::new(reader.limits().max_game_size);
    let mut out = Vec::new();
    loop {
        let more = {
            let mut tee = Tee::new(Some(&mut builder), &mut verifier);
            // Reading from memory cannot fail.
            reader.read_game(&mut tee).unwrap_or(false)
        };
        let reports = verifier.observer_mut().take_reports();
        if let (Some(game), Some((report, _))) = (builder.take(), reports.into_iter().next()) {
            out.push((game, report));
        }
        if !more {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(pgn: &str) -> Vec<Option<String>> {
        let (g, _) = read_games(pgn.as_bytes()).pop().expect("a game");
        g.nodes[1..].iter().map(|n| n.san.clone()).collect()
    }

    #[test]
    fn move_counts_read_canonical_notation() {
        let mut c = MoveCounts::default();
        for m in [
            "exd5", "Qxf7#", "e8=Q+", "O-O-O", "@@f3", "@g8-e6", "--", "Nf3",
        ] {
            c.count(m);
        }
        assert_eq!(
            c,
            MoveCounts {
                captures: 2,
                checks: 2,
                promotions: 1,
                castlings: 1,
                placements: 1,
                square_moves: 1,
                passes: 1,
                points: None,
            }
        );
    }

    /// Counting a FIDE move from the move and from its SAN agree, on
    /// every move of the chess fixtures (checks, mates, castlings, en
    /// passant, promotions).
    #[test]
    fn fide_counts_from_the_move_agree_with_counts_from_its_san() {
        struct Both(MoveCounts, MoveCounts, u32);
        impl Observer for Both {
            fn ply(&mut self, ply: &Ply<'_>) {
                let mut san = String::new();
                ply.write_san(&mut san);
                self.0.count(&san);
                self.2 += u32::from(self.1.count_fide(ply));
            }
            fn wants_plies(&self) -> bool {
                true
            }
        }
        let mut total = MoveCounts::default();
        for name in ["opera-game.pgn", "special-moves.pgn"] {
            let path = format!("{}/fixtures/chess/{name}", env!("CARGO_MANIFEST_DIR"));
            let bytes = std::fs::read(path).expect("fixture");
            let mut v =
                Verifier::with_observer("f", Both(MoveCounts::default(), MoveCounts::default(), 0));
            Reader::new(&bytes[..])
                .read_all(&mut v)
                .expect("reads memory");
            let Both(from_san, from_move, fide) = v.into_observer();
            assert!(fide > 0);
            assert_eq!(from_san, from_move, "{name}");
            total.captures += from_move.captures;
            total.checks += from_move.checks;
            total.promotions += from_move.promotions;
            total.castlings += from_move.castlings;
        }
        assert!(
            total.captures > 0 && total.checks > 0 && total.promotions > 0 && total.castlings > 0,
            "{total:?}"
        );
    }

    #[test]
    fn canonical_san_has_least_disambiguation_and_marks() {
        let got = canon("1. e2e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7 *");
        let want = ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"];
        assert_eq!(got, want.map(|s| Some(s.to_string())));
    }

    #[test]
    fn variations_replay_from_their_branch_point() {
        let got = canon("1. e4 (1. Nf3 d5) e5 *");
        // Arena order is source order: e4, Nf3, d5, e5.
        let want = ["e4", "Nf3", "d5", "e5"];
        assert_eq!(got, want.map(|s| Some(s.to_string())));
    }

    #[test]
    fn an_illegal_move_ends_the_canonical_line() {
        let got = canon("1. e4 Ke3 2. Nf3 *");
        assert_eq!(got, [Some("e4".to_string()), None, None]);
    }

    #[test]
    fn null_moves_are_annotated_as_the_verifier_played_them() {
        let got = canon("1. e4 -- 2. d4 Z0 *");
        let want = ["e4", "--", "d4", "--"];
        assert_eq!(got, want.map(|s| Some(s.to_string())));
    }
}
