//! What [`Tee`](super::records::Tee) feeds besides the verifier: the sinks that take the
//! reader's events and the notations of each move the verifier played (a
//! record's [`Builder`], the lean writer [`Lean`]).

use crate::diag::Span;
use crate::export::lean::Lean;
use crate::export::records::{Arrow, Board, FidePly};
use crate::notation::{CheckMark, Event, GameResult, LineContext, Visitor};
use crate::record::Builder;
use crate::rules::cells::CellBoard;
use crate::rules::picture::Picture;

/// The notations of one move the verifier played, and the position after
/// it, as far as they were asked for ([`Notations`](super::records::Notations)).
#[derive(Clone, Copy, Debug, Default)]
pub struct Annotation<'a> {
    /// The short notation with its check mark.
    pub san: Option<&'a str>,
    /// The long notation with its check mark.
    pub lan: Option<&'a str>,
    /// The UCI form (`convert --moves uci`).
    pub uci: Option<&'a str>,
    /// The position after the move (`--fen-comments`).
    pub fen: Option<&'a str>,
}

/// What [`Tee`](super::records::Tee) feeds besides the verifier: a record's builder
/// ([`Builder`]) or the lean PGN writer ([`Lean`]).
pub trait RecordSink: Visitor {
    /// Gives the move of the last move event its canonical notations, and
    /// the position after it when asked (`--fen-comments`).
    fn annotate_last(&mut self, notation: Annotation<'_>);

    /// Gives the game being read this result, in its `[Result]` tag and
    /// its termination marker (`--fix-result`), before its `EndGame`.
    fn set_result(&mut self, result: GameResult);

    /// Gives the move of the last move event the picture of the position
    /// after it and its arrow, when asked ([`Notations::picture`](super::records::Notations::picture)); called
    /// after [`annotate_last`](Self::annotate_last). A picture it returns
    /// is filled again for a later move.
    fn annotate_picture(&mut self, picture: Picture, arrow: Arrow) -> Option<Picture> {
        let _ = arrow;
        Some(picture)
    }

    /// The same as [`annotate_picture`](Self::annotate_picture) for FIDE
    /// chess and Chess960: the move and the bitboards after it.
    fn annotate_fide(&mut self, ply: &FidePly) {
        let _ = ply;
    }

    /// The same as [`annotate_picture`](Self::annotate_picture) for every
    /// game but chess, as a code per cell.
    fn annotate_cells(&mut self, board: &CellBoard, arrow: Arrow) {
        let _ = (board, arrow);
    }

    /// Gives the game being read its start position, as FEN, board and
    /// the number of its first move, when pictures are asked for.
    fn annotate_start(&mut self, fen: String, board: Board, number: u32) {
        let _ = (fen, board, number);
    }

    /// Gives the game being read the side to move first (black) and the
    /// number of its first move, from a chess-like start position.
    fn annotate_start_number(&mut self, black_first: bool, number: u32) {
        let _ = (black_first, number);
    }

    /// The verifier reported an error at the move being read (the last of
    /// its line, or the next at a line's start): an export that leaves
    /// variations out keeps the line to it.
    fn mark_error(&mut self) {}

    /// Whether [`Tee`](super::records::Tee) hands this sink a move the verifier reads only once
    /// the verifier played it, through [`played_move`](Self::played_move),
    /// instead of as an event before it: the sink then sees the move as
    /// written and its notations together (the lean writer keeps one copy
    /// of both when the notation starts with the move as written). Only
    /// for a sink whose other calls do not depend on the move being there
    /// first (a start position, a picture).
    const MOVE_AFTER_VERIFIER: bool = false;

    /// The move `text` of a move event, after the verifier played it, with
    /// its notations when they were written; then, if the verifier reported
    /// an error at it, [`mark_error`](Self::mark_error). The same as the
    /// move event followed by [`annotate_last`](Self::annotate_last).
    fn played_move(
        &mut self,
        text: &[u8],
        check: CheckMark,
        span: Span,
        line: &LineContext<'_>,
        notation: Option<Annotation<'_>>,
    ) {
        self.event(Event::Move { text, check }, span, line);
        if let Some(a) = notation {
            self.annotate_last(a);
        }
    }
}

impl RecordSink for Builder {
    // Records carry no positions: `--fen-comments` is the lean writer's.
    fn annotate_last(&mut self, a: Annotation<'_>) {
        Builder::annotate_last(
            self,
            a.san.map(str::to_owned),
            a.lan.map(str::to_owned),
            a.uci.map(str::to_owned),
        );
    }

    fn set_result(&mut self, result: GameResult) {
        Builder::set_result(self, result);
    }

    fn mark_error(&mut self) {
        Builder::mark_error(self);
    }
}

impl RecordSink for Lean {
    fn annotate_last(&mut self, a: Annotation<'_>) {
        Lean::annotate_last(self, a);
    }

    fn set_result(&mut self, result: GameResult) {
        Lean::set_result(self, result);
    }

    fn annotate_start_number(&mut self, black_first: bool, number: u32) {
        self.set_start_number(black_first, number);
    }

    fn mark_error(&mut self) {
        Lean::mark_error(self);
    }

    const MOVE_AFTER_VERIFIER: bool = true;

    fn played_move(
        &mut self,
        text: &[u8],
        check: CheckMark,
        span: Span,
        line: &LineContext<'_>,
        notation: Option<Annotation<'_>>,
    ) {
        Lean::played_move(self, text, check, span, line, notation);
    }
}
