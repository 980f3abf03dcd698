//! [`AnyPosition`]: a position of whichever family a record names, for
//! code that learns the game only at run time.

use crate::rules::Variant;
use crate::rules::core::{self, ByColor, Color, Ending};
use crate::rules::position::{DrawState, GamePosition, Outcome, Rejection, divide};
use crate::rules::setup::SetupError;
use crate::written::{Coord, Grammar, MoveToken};

/// A position of any family, for code that learns the game only at run
/// time (a record's `[Variant]` tag). Each family adds one variant here.
#[derive(Debug)]
// The core position stays inline (the chess hot path clones it every move);
// the far larger PASGL one is boxed.
#[allow(clippy::large_enum_variant)]
pub enum AnyPosition {
    /// FIDE chess and Chess960 on 8x8 bitboards: the same rules as the
    /// core, cross-checked against it, and several times faster.
    Fide(crate::rules::fide::BitPosition),
    /// Gast, Squirrel (and FIDE positions the bitboards do not take): the
    /// shared chess core.
    Core(core::Position),
    /// PASGL 312 (boxed: its stacks make it far larger than the others).
    Pasgl(Box<crate::rules::pasgl::Position>),
    /// The Limited Supply of Squares games (Hans38 and its relatives);
    /// boxed so that the verifier takes the position the resolver reached
    /// by swapping boxes instead of copying the position twice a turn
    /// (`family/squares.rs`).
    Squares(Box<crate::rules::squares::SquaresPosition>),
    /// The lichess variants (Atomic, Antichess, Crazyhouse, ...).
    Lichess(crate::rules::lichess::LichessPosition),
}

impl Clone for AnyPosition {
    fn clone(&self) -> AnyPosition {
        match self {
            AnyPosition::Fide(p) => AnyPosition::Fide(*p),
            AnyPosition::Core(p) => AnyPosition::Core(*p),
            AnyPosition::Pasgl(p) => AnyPosition::Pasgl(p.clone()),
            AnyPosition::Squares(p) => AnyPosition::Squares(p.clone()),
            AnyPosition::Lichess(p) => AnyPosition::Lichess(*p),
        }
    }

    /// Copies only the family's own position when both are of one family:
    /// the verifier keeps the position before each move this way, and the
    /// enum is as large as its largest member.
    #[inline]
    fn clone_from(&mut self, source: &AnyPosition) {
        match (self, source) {
            (AnyPosition::Fide(a), AnyPosition::Fide(b)) => *a = *b,
            (this, source) => this.clone_from_other(source),
        }
    }
}

impl AnyPosition {
    /// [`Clone::clone_from`] for every pair but two bitboard positions
    /// (kept out of line: the verifier calls `clone_from` on every move).
    #[inline(never)]
    fn clone_from_other(&mut self, source: &AnyPosition) {
        match (self, source) {
            (AnyPosition::Core(a), AnyPosition::Core(b)) => a.clone_from(b),
            (AnyPosition::Pasgl(a), AnyPosition::Pasgl(b)) => a.as_mut().clone_from(b),
            (AnyPosition::Squares(a), AnyPosition::Squares(b)) => **a = **b,
            (AnyPosition::Lichess(a), AnyPosition::Lichess(b)) => *a = *b,
            (this, source) => *this = source.clone(),
        }
    }
}

/// A move of some family, matching the [`AnyPosition`] it was made in.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyMove {
    /// A move of a core game (the bitboard position uses the same moves).
    Core(core::Move),
    /// A PASGL 312 turn.
    Pasgl(crate::rules::pasgl::Move),
    /// A turn of the squares family (under the Postal rules, several actions).
    Squares(crate::rules::squares::Turn),
    /// A move of a lichess variant.
    Lichess(crate::rules::lichess::Move),
}

/// Reusable move buffers, one per family, so that resolving moves through
/// [`AnyPosition`] does not allocate.
#[derive(Debug, Default)]
pub struct Scratch {
    pub(super) core: core::MoveList,
    pub(super) pasgl: Vec<crate::rules::pasgl::Move>,
    /// The squares family's last resolved turn (`family/squares.rs`).
    pub(super) squares_resolved: super::squares::Resolved,
    pub(super) lichess: Vec<crate::rules::lichess::Move>,
}

// The families, listed once for every method below: adding a family means
// adding its arm to these two macros (and to `AnyPosition`, `AnyMove` and
// `family_setup`), not to each method.

/// Runs `$body` with `$p` bound to the family position inside `$pos`
/// (`mut` for a mutable one).
macro_rules! each_family {
    ($pos:expr, $p:ident => $body:expr) => {
        match $pos {
            AnyPosition::Fide($p) => $body,
            AnyPosition::Core($p) => $body,
            AnyPosition::Pasgl(boxed) => {
                let $p = boxed.as_ref();
                $body
            }
            AnyPosition::Squares(boxed) => {
                let $p = boxed.as_ref();
                $body
            }
            AnyPosition::Lichess($p) => $body,
        }
    };
    (mut $pos:expr, $p:ident => $body:expr) => {
        match $pos {
            AnyPosition::Fide($p) => $body,
            AnyPosition::Core($p) => $body,
            AnyPosition::Pasgl(boxed) => {
                let $p = boxed.as_mut();
                $body
            }
            AnyPosition::Squares(boxed) => {
                let $p = boxed.as_mut();
                $body
            }
            AnyPosition::Lichess($p) => $body,
        }
    };
}

/// Runs `$body` with `$p` bound to the family position inside `$pos` and
/// `$m` to the family move inside `$move`, when the move is of the
/// position's family; `$other` when it is not (a caller bug).
macro_rules! each_move {
    ($pos:expr, $move:expr, ($p:ident, $m:ident) => $body:expr, _ => $other:expr) => {
        match ($pos, $move) {
            (AnyPosition::Fide($p), AnyMove::Core($m)) => $body,
            (AnyPosition::Core($p), AnyMove::Core($m)) => $body,
            (AnyPosition::Pasgl(boxed), AnyMove::Pasgl($m)) => {
                let $p = boxed.as_ref();
                $body
            }
            (AnyPosition::Squares(boxed), AnyMove::Squares($m)) => {
                let $p = boxed.as_ref();
                $body
            }
            (AnyPosition::Lichess($p), AnyMove::Lichess($m)) => $body,
            _ => $other,
        }
    };
}

impl From<core::Move> for AnyMove {
    fn from(m: core::Move) -> AnyMove {
        AnyMove::Core(m)
    }
}

impl From<crate::rules::pasgl::Move> for AnyMove {
    fn from(m: crate::rules::pasgl::Move) -> AnyMove {
        AnyMove::Pasgl(m)
    }
}

impl From<crate::rules::lichess::Move> for AnyMove {
    fn from(m: crate::rules::lichess::Move) -> AnyMove {
        AnyMove::Lichess(m)
    }
}

impl From<crate::rules::squares::Turn> for AnyMove {
    fn from(m: crate::rules::squares::Turn) -> AnyMove {
        AnyMove::Squares(m)
    }
}

/// Every family's answer through one dispatch (STYLE A1.3, like
/// shakmaty's `VariantPosition`). The verifier's hot path uses the
/// inherent methods that take a [`Scratch`] instead of allocating.
impl GamePosition for AnyPosition {
    type Move = AnyMove;

    fn setup(variant: Variant, fen: Option<&str>) -> Result<AnyPosition, String> {
        Self::family_setup(variant, fen)
    }

    fn variant(&self) -> Variant {
        each_family!(self, p => GamePosition::variant(p))
    }

    fn fen(&self) -> String {
        each_family!(self, p => GamePosition::fen(p))
    }

    #[inline]
    fn turn(&self) -> Color {
        each_family!(self, p => GamePosition::turn(p))
    }

    fn legal_moves(&self, out: &mut Vec<AnyMove>) {
        out.clear();
        each_family!(self, p => {
            let mut moves = Vec::new();
            GamePosition::legal_moves(p, &mut moves);
            out.extend(moves.into_iter().map(AnyMove::from));
        });
    }

    fn resolve(&self, token: &MoveToken, _: &mut Vec<AnyMove>) -> Result<AnyMove, Rejection> {
        AnyPosition::resolve(self, token, &mut Scratch::default())
    }

    /// Plays a move made in this position; a move of another family is a
    /// caller bug and is ignored.
    #[inline]
    fn play(&mut self, m: &AnyMove) {
        match (self, m) {
            (AnyPosition::Fide(p), AnyMove::Core(m)) => p.play_unchecked(m),
            (AnyPosition::Core(p), AnyMove::Core(m)) => p.play_unchecked(m),
            (AnyPosition::Pasgl(p), AnyMove::Pasgl(m)) => GamePosition::play(p.as_mut(), m),
            (AnyPosition::Squares(p), AnyMove::Squares(m)) => p.play_unchecked(m),
            (AnyPosition::Lichess(p), AnyMove::Lichess(m)) => p.play_unchecked(m),
            _ => {}
        }
    }

    fn notation(&self, m: &AnyMove) -> String {
        let mut s = String::new();
        self.write_notation(m, &mut s);
        s
    }

    fn long_notation(&self, m: &AnyMove) -> String {
        each_move!(self, m, (p, m) => GamePosition::long_notation(p, m), _ => String::new())
    }

    fn write_long_notation(&self, m: &AnyMove, out: &mut String) {
        each_move!(self, m, (p, m) => GamePosition::write_long_notation(p, m, out), _ => {})
    }

    fn grammar(&self) -> Grammar {
        each_family!(self, p => GamePosition::grammar(p))
    }

    fn write_uci(&self, m: &AnyMove, out: &mut String) {
        each_move!(self, m, (p, m) => GamePosition::write_uci(p, m, out), _ => {})
    }

    #[inline]
    fn is_check(&self) -> bool {
        each_family!(self, p => GamePosition::is_check(p))
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        each_family!(self, p => GamePosition::outcome(p))
    }

    fn points(&self) -> Option<ByColor<i32>> {
        each_family!(self, p => GamePosition::points(p))
    }

    /// Appends the move's canonical short notation (SAN for the core
    /// games, without allocating).
    #[inline]
    fn write_notation(&self, m: &AnyMove, out: &mut String) {
        each_move!(self, m, (p, m) => GamePosition::write_notation(p, m, out), _ => {})
    }

    fn write_fen(&self, out: &mut String) {
        each_family!(self, p => GamePosition::write_fen(p, out))
    }

    fn perft(&self, depth: u32) -> u64 {
        each_family!(self, p => GamePosition::perft(p, depth))
    }

    #[inline]
    fn fullmoves(&self, plies_played: u32) -> u32 {
        each_family!(self, p => GamePosition::fullmoves(p, plies_played))
    }

    #[inline]
    fn draw_state(&self) -> Option<DrawState> {
        each_family!(self, p => GamePosition::draw_state(p))
    }

    fn end_rule(&self) -> &'static str {
        each_family!(self, p => GamePosition::end_rule(p))
    }

    #[inline]
    fn won_by_goal(&self) -> bool {
        each_family!(self, p => GamePosition::won_by_goal(p))
    }

    #[inline]
    fn passes_are_null_moves(&self) -> bool {
        each_family!(self, p => GamePosition::passes_are_null_moves(p))
    }

    fn play_null(&mut self) {
        each_family!(mut self, p => GamePosition::play_null(p))
    }

    fn likely_move(&self, token: &MoveToken) -> Option<AnyMove> {
        each_family!(self, p => GamePosition::likely_move(p, token).map(AnyMove::from))
    }

    fn verify_roadkill(&self, critter: u8, at: Coord) -> Result<(), Rejection> {
        each_family!(self, p => GamePosition::verify_roadkill(p, critter, at))
    }

    #[cold]
    fn suggestions(&self, written: &str) -> Vec<String> {
        each_family!(self, p => GamePosition::suggestions(p, written))
    }
}

/// How a game ended by its rules after a move: a chess-like game's
/// [`Ending`] (checkmate, a dead position, the 75-move rule), or another
/// family's [`Outcome`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// A chess-like game's ending.
    Ending(Ending),
    /// Any other game's end by its own rules.
    Rules(Outcome),
}

/// What playing a move on [`AnyPosition::play_quick`]'s path found.
#[derive(Clone, Copy, Debug)]
pub struct QuickPly {
    /// Whether the move gives check.
    pub in_check: bool,
    /// Whether it mates.
    pub mate: bool,
    /// The game's end after it ([`AnyPosition::end_after_move`]).
    pub ending: Option<Ending>,
    /// The draw rules' state after it ([`GamePosition::draw_state`]).
    pub draw: Option<DrawState>,
}

impl AnyPosition {
    /// [`GamePosition::write_notation`], told whether no other legal move
    /// of the mover's kind reaches its target (the verifier's `Ply::sole`):
    /// FIDE chess then writes it without looking for rivals.
    pub fn write_notation_sole(&self, m: &AnyMove, sole: bool, out: &mut String) {
        match (self, m) {
            (AnyPosition::Fide(p), AnyMove::Core(m)) => p.write_san_sole(m, sole, out),
            _ => self.write_notation(m, out),
        }
    }

    /// The start position of `variant`, or the position of its `[FEN]`
    /// (a game's setup tags all together: [`crate::rules::setup::start_position`]).
    ///
    /// # Errors
    /// [`SetupError::InvalidFen`] for a FEN the family cannot read,
    /// [`SetupError::NoStart`] for a game without a start array of its own.
    pub fn setup(variant: Variant, fen: Option<&str>) -> Result<AnyPosition, SetupError> {
        // The family readers explain themselves in words; the kind of
        // failure is decided here, once.
        let typed = |reason: String| match fen {
            Some(_) => SetupError::InvalidFen { variant, reason },
            None => SetupError::NoStart { variant, reason },
        };
        Self::family_setup(variant, fen).map_err(typed)
    }

    fn family_setup(variant: Variant, fen: Option<&str>) -> Result<AnyPosition, String> {
        use crate::rules::variant::Family;
        match variant.family() {
            Family::Fide => {
                if fen.is_none() && variant == Variant::Chess {
                    if let Some(b) = Self::chess_start() {
                        return Ok(AnyPosition::Fide(*b));
                    }
                }
                core::Position::setup(variant, fen).map(|p| {
                    match crate::rules::fide::BitPosition::from_core(&p) {
                        Some(b) => AnyPosition::Fide(b),
                        None => AnyPosition::Core(p),
                    }
                })
            }
            Family::Gast | Family::Squirrel => {
                core::Position::setup(variant, fen).map(AnyPosition::Core)
            }
            // A definition with the rules of chess plays on the bitboards.
            Family::Defined => core::Position::setup(variant, fen).map(|p| {
                match crate::rules::fide::BitPosition::from_core(&p) {
                    Some(b) => AnyPosition::Fide(b),
                    None => AnyPosition::Core(p),
                }
            }),
            Family::Pasgl => crate::rules::pasgl::Position::setup(variant, fen)
                .map(|p| AnyPosition::Pasgl(Box::new(p))),
            Family::Squares => crate::rules::squares::SquaresPosition::setup(variant, fen)
                .map(|p| AnyPosition::Squares(Box::new(p))),
            Family::Lichess => crate::rules::lichess::LichessPosition::from_fen(variant, fen)
                .map(AnyPosition::Lichess),
        }
    }

    /// The start position of FIDE chess on bitboards: `setup(Chess, None)`
    /// when it is a bitboard position. Most games of an archive start from
    /// it: it is made once.
    #[inline]
    pub fn chess_start() -> Option<&'static crate::rules::fide::BitPosition> {
        static START: std::sync::OnceLock<Option<crate::rules::fide::BitPosition>> =
            std::sync::OnceLock::new();
        START
            .get_or_init(|| {
                crate::rules::fide::BitPosition::from_core(&core::Position::start(
                    crate::rules::fide::chess(),
                ))
            })
            .as_ref()
    }

    /// The start position of FIDE chess (`setup(Chess, None)`), made
    /// once: most games of an archive start from it.
    #[inline]
    pub fn standard_start() -> Option<AnyPosition> {
        Self::chess_start().map(|b| AnyPosition::Fide(*b))
    }

    /// The squares-family position, for Hans38 and its relatives.
    #[inline]
    pub fn as_squares(&self) -> Option<&crate::rules::squares::SquaresPosition> {
        match self {
            AnyPosition::Squares(p) => Some(p),
            _ => None,
        }
    }

    /// The same position under the alternative readings that RULINGS keeps
    /// as switches, named by ruling and option and separated by commas or
    /// spaces (a record's `[Readings]` tag, `--readings`): `G8b` (Gast
    /// 12x12 promotes to Q, R, B or N only), `G10a` (Gast 12x12: castling
    /// with both at once puts the archer on g1/g12), `P4b` (PASGL 312:
    /// campfire points counted before the Train moves).
    ///
    /// # Errors
    /// A reading xpgn does not know, or one for another game.
    pub fn with_readings(self, readings: &str) -> Result<AnyPosition, SetupError> {
        let mut gast = crate::rules::gast::GastOptions::default();
        let mut before_train = false;
        for word in readings
            .split([',', ' '])
            .map(str::trim)
            .filter(|w| !w.is_empty())
        {
            let game = match word.to_ascii_uppercase().as_str() {
                "G8B" => {
                    gast.fide_promotion = true;
                    Variant::Gast
                }
                "G10A" => {
                    gast.both_archer_two_toward_centre = true;
                    Variant::Gast
                }
                "P4B" => {
                    before_train = true;
                    Variant::Pasgl312
                }
                _ => {
                    return Err(SetupError::UnknownReading {
                        word: word.to_string(),
                    });
                }
            };
            if game != self.variant() {
                return Err(SetupError::ReadingOfAnotherGame {
                    word: word.to_string(),
                    game,
                    variant: self.variant(),
                });
            }
        }
        match self {
            AnyPosition::Core(p) if gast != crate::rules::gast::GastOptions::default() => {
                let rules = crate::rules::gast::gast_with(gast);
                core::Position::from_fen(rules, &p.fen())
                    .map(AnyPosition::Core)
                    .map_err(|e| SetupError::InvalidFen {
                        variant: p.variant(),
                        reason: e.to_string(),
                    })
            }
            AnyPosition::Pasgl(p) if before_train => Ok(AnyPosition::Pasgl(Box::new(
                p.with_score_timing(crate::rules::pasgl::ScoreTiming::BeforeTrain),
            ))),
            other => Ok(other),
        }
    }

    /// The same position under a `[Postal]` tag's option (squares family
    /// only; other games are returned unchanged).
    pub fn with_postal(self, postal: crate::rules::squares::Postal) -> AnyPosition {
        match self {
            AnyPosition::Squares(p) => AnyPosition::Squares(Box::new(p.with_postal(postal))),
            other => other,
        }
    }

    /// The core position, for the chess-like games.
    pub fn as_core(&self) -> Option<&core::Position> {
        match self {
            AnyPosition::Core(p) => Some(p),
            _ => None,
        }
    }

    /// The position on the general chess core, for the chess-like games
    /// (a copy; cold paths such as `moves`, `perft --divide` and material
    /// counts use the core's full API).
    pub fn to_core(&self) -> Option<core::Position> {
        match self {
            AnyPosition::Fide(p) => Some(p.to_core()),
            AnyPosition::Core(p) => Some(*p),
            _ => None,
        }
    }

    /// The lichess-variant position, if it is one.
    pub fn as_lichess(&self) -> Option<&crate::rules::lichess::LichessPosition> {
        match self {
            AnyPosition::Lichess(p) => Some(p),
            _ => None,
        }
    }

    /// The PASGL position, for PASGL 312.
    pub fn as_pasgl(&self) -> Option<&crate::rules::pasgl::Position> {
        match self {
            AnyPosition::Pasgl(p) => Some(p),
            _ => None,
        }
    }

    /// Mutable access to the core position.
    pub fn as_core_mut(&mut self) -> Option<&mut core::Position> {
        match self {
            AnyPosition::Core(p) => Some(p),
            _ => None,
        }
    }

    /// Every legal move ([`GamePosition::legal_moves`] into a new vector).
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        let mut moves = Vec::new();
        GamePosition::legal_moves(self, &mut moves);
        moves
    }

    /// Whether the side to move has any legal move.
    #[inline]
    pub fn has_legal_move(&self, scratch: &mut Scratch) -> bool {
        match self {
            AnyPosition::Fide(p) => p.has_legal_move(),
            AnyPosition::Core(p) => p.has_legal_move_with(&mut scratch.core),
            // A player without a move passes, so there is always one.
            AnyPosition::Pasgl(p) => p.outcome().is_none(),
            AnyPosition::Squares(p) => p.has_legal_turn(),
            AnyPosition::Lichess(p) => p.has_legal_move(),
        }
    }

    /// The legal move a token of one action names when a family can tell
    /// it cheaply (the bitboard position: ordinary piece moves and
    /// castling), small enough to come back in a register; `None` means
    /// "ask [`resolve`](Self::resolve)", which also explains refusals.
    #[inline]
    pub fn resolve_action_quick(&self, action: &crate::written::Action) -> Option<core::Move> {
        match self {
            AnyPosition::Fide(p) => p.resolve_action_quick(action),
            _ => None,
        }
    }

    /// The legal move a token names, or why there is none.
    #[inline]
    pub fn resolve(&self, token: &MoveToken, scratch: &mut Scratch) -> Result<AnyMove, Rejection> {
        match self {
            AnyPosition::Fide(p) => p.resolve_token(token, &mut scratch.core).map(AnyMove::Core),
            AnyPosition::Core(p) => p.resolve_token(token, &mut scratch.core).map(AnyMove::Core),
            AnyPosition::Pasgl(p) => p.resolve(token, &mut scratch.pasgl).map(AnyMove::Pasgl),
            AnyPosition::Squares(p) => scratch
                .squares_resolved
                .resolve(p, token)
                .map(AnyMove::Squares),
            AnyPosition::Lichess(p) => p
                .resolve_token(token, &mut scratch.lichess)
                .map(AnyMove::Lichess),
        }
    }

    /// Whether the game is played on the chess core's rules of check,
    /// mate, repetition and the move clocks (FIDE, Chess960, Gast,
    /// Squirrel).
    #[inline]
    pub fn is_chess_like(&self) -> bool {
        match self {
            AnyPosition::Fide(_) => true,
            // A definition's own ends (mate or stalemate at other values,
            // extinction, flags) are asked in full after every move.
            AnyPosition::Core(p) => p.rules().ends.is_chess(),
            _ => false,
        }
    }

    /// How the game has ended by its rules after a mainline move: for the
    /// chess-like games, [`chess_ending_after_move`](Self::chess_ending_after_move)
    /// (`mate` is known to the caller already); for the others, their
    /// [`outcome`](GamePosition::outcome).
    #[inline]
    pub fn end_after_move(&self, mate: bool, scratch: &mut Scratch) -> Option<GameEnd> {
        if self.is_chess_like() {
            self.chess_ending_after_move(mate, scratch)
                .map(GameEnd::Ending)
        } else if let AnyPosition::Squares(p) = self {
            // As in chess, a stalemate (a loss here, L6) is not looked for
            // after every turn: a legal next turn proves there was one, and
            // the game's end or an illegal next turn asks
            // ([`deferred_end`](Self::deferred_end)). A known mate and the
            // 75-move rule ask in full (stalemate comes first).
            (mate || p.halfmoves() >= 150)
                .then(|| p.ending())
                .flatten()
                .map(GameEnd::Rules)
        } else if let AnyPosition::Lichess(p) = self {
            // Stalemate left for later, as in chess.
            p.end_after_move(mate, p.variant_end()).map(GameEnd::Rules)
        } else {
            GamePosition::outcome(self).map(GameEnd::Rules)
        }
    }

    /// The end that [`end_after_move`](Self::end_after_move) leaves for
    /// later: a stalemate of a chess-like game (a draw) or of the squares
    /// family (a loss); asked at the game's end and before an illegal move.
    pub fn deferred_end(&self, scratch: &mut Scratch) -> Option<GameEnd> {
        match self {
            // Its end in full: any end other than stalemate was found
            // after the turn that made it.
            AnyPosition::Squares(p) => p.ending().map(GameEnd::Rules),
            AnyPosition::Core(p) if !p.rules().ends.is_chess() => {
                p.rule_outcome(&mut scratch.core).map(GameEnd::Rules)
            }
            AnyPosition::Lichess(p) => p.stalemate().map(GameEnd::Rules),
            _ => self
                .is_stalemate(scratch)
                .then_some(GameEnd::Ending(Ending::Stalemate)),
        }
    }

    /// Plays `m`, a move [`resolve_action_quick`](Self::resolve_action_quick)
    /// found, on the bitboard position directly, keeping the position
    /// before it in `prev`: FIDE chess's per-move path. `None` (nothing
    /// played) for a position of another family; the caller then plays
    /// the move through [`play`](GamePosition::play). The verdicts are
    /// those of the general path (`tests/verify_paths.rs`).
    #[inline(always)]
    pub fn play_quick(
        &mut self,
        m: &core::Move,
        prev: &mut Option<AnyPosition>,
    ) -> Option<QuickPly> {
        let AnyPosition::Fide(p) = self else {
            return None;
        };
        match prev {
            Some(AnyPosition::Fide(before)) => *before = *p,
            prev => *prev = Some(AnyPosition::Fide(*p)),
        }
        p.play_unchecked(m);
        let in_check = p.is_check();
        let mate = in_check && !p.has_legal_move();
        Some(QuickPly {
            in_check,
            mate,
            ending: Self::fide_ending_after_move(p, mate),
            draw: GamePosition::draw_state(p),
        })
    }

    /// How a chess-like game has ended after a mainline move: checkmate
    /// when `mate` (the caller knows it already), a dead position or the
    /// 75-move rule. Stalemate is not looked for here unless a draw rule
    /// ends the game anyway (see [`is_stalemate`](Self::is_stalemate)).
    /// Other families: `None`.
    #[inline]
    pub fn chess_ending_after_move(&self, mate: bool, scratch: &mut Scratch) -> Option<Ending> {
        if let AnyPosition::Fide(p) = self {
            return Self::fide_ending_after_move(p, mate);
        }
        self.chess_ending_after_move_out_of_line(mate, scratch)
    }

    /// [`chess_ending_after_move`](Self::chess_ending_after_move) of a
    /// bitboard position.
    #[inline]
    pub fn fide_ending_after_move(
        p: &crate::rules::fide::BitPosition,
        mate: bool,
    ) -> Option<Ending> {
        // The answer after almost every move, worked out inline.
        if !mate && p.halfmoves() < 150 && !p.is_insufficient_material() {
            return None;
        }
        Self::fide_ending_out_of_line(p, mate)
    }

    #[inline(never)]
    fn fide_ending_out_of_line(p: &crate::rules::fide::BitPosition, mate: bool) -> Option<Ending> {
        if mate {
            Some(Ending::Checkmate { winner: !p.turn() })
        } else if p.halfmoves() >= 150 || p.is_insufficient_material() {
            p.ending()
        } else {
            None
        }
    }

    #[inline(never)]
    fn chess_ending_after_move_out_of_line(
        &self,
        mate: bool,
        scratch: &mut Scratch,
    ) -> Option<Ending> {
        let (turn, may_end) = match self {
            AnyPosition::Fide(p) => return Self::fide_ending_out_of_line(p, mate),
            AnyPosition::Core(p) => (
                p.turn(),
                p.halfmoves() >= 150 || p.is_insufficient_material(),
            ),
            _ => return None,
        };
        if mate {
            Some(Ending::Checkmate { winner: !turn })
        } else if may_end {
            self.chess_ending(scratch)
        } else {
            None
        }
    }

    /// The position's ending, looked for in full.
    fn chess_ending(&self, scratch: &mut Scratch) -> Option<Ending> {
        match self {
            AnyPosition::Fide(p) => p.ending(),
            AnyPosition::Core(p) => p.ending_with(&mut scratch.core),
            _ => None,
        }
    }

    /// Whether a chess-like game's side to move is stalemated (other
    /// families: `false`).
    pub fn is_stalemate(&self, scratch: &mut Scratch) -> bool {
        match self {
            AnyPosition::Fide(p) => !p.is_check() && !p.has_legal_move(),
            AnyPosition::Core(p) => !p.is_check() && !p.has_legal_move_with(&mut scratch.core),
            _ => false,
        }
    }

    /// The repetition key of the start position, for the games with a
    /// repetition rule.
    #[inline]
    pub fn repetition_key(&self) -> Option<u64> {
        self.draw_state().map(|d| d.key)
    }

    /// Perft split by first move (long notation, count).
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        each_family!(self, p => divide(p, depth))
    }
}

#[cfg(test)]
mod tests;
