//! The moves of a game: resolving, playing, check marks, move numbers and
//! the draw rules.

use super::*;

impl<O: Observer> Verifier<O> {
    /// Kept out of [`Visitor::event`]: every event would pay for the frame
    /// the move path needs.
    #[inline(never)]
    pub(super) fn on_move(
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
        let single = token::parse_single_action(&self.grammar, text);
        if let Some(a) = &single {
            if let Some(m) = l.pos.resolve_action_quick(a) {
                // No origin written: the resolver saw every candidate of the
                // kind and kept this one, so its SAN needs no origin
                // ([`Ply::sole`]).
                self.sole = matches!(a, Action::Piece(pm) if pm.from_file.is_none() && pm.from_rank.is_none());
                self.play_quick(m, check, text, span, line);
                self.sole = false;
                return Flow::Continue;
            }
            // The 8x8 variants' own path (off with the shortcut, so that
            // the general path can be held to it).
            if self.quick {
                // PASGL's (critter actions only: a `_` mark, read by the
                // token reader's quick path too, is checked by
                // `on_other_move` on both paths).
                if let Some(m) = l.pos.resolve_turn_quick(a, &mut self.scratch) {
                    self.play_turn_quick(m, check, text, span, line);
                    return Flow::Continue;
                }
                if let Some(m) = l.pos.resolve_variant_quick(a, &mut self.scratch) {
                    self.play_variant_quick(m, check, text, span, line);
                    return Flow::Continue;
                }
                // The chess-like core games' (Gast, Squirrel, ...).
                if let Some(m) = l.pos.resolve_core_quick(a, &mut self.scratch) {
                    self.play_core_quick(m, check, text, span, line);
                    return Flow::Continue;
                }
            }
        }
        self.on_other_move(text, single, check, span, line);
        Flow::Continue
    }

    /// [`on_move`](Self::on_move) for the tokens its quick path leaves
    /// (out of line: the visitor's every event would pay for its frame).
    #[inline(never)]
    pub(super) fn on_other_move(
        &mut self,
        text: &[u8],
        single: Option<Action>,
        check: CheckMark,
        span: Span,
        line: &LineContext<'_>,
    ) {
        // Null moves as other tools write them (ChessBase Z0, UCI 0000).
        if matches!(text, b"Z0" | b"0000" | b"@@@@") {
            self.null_move(text, span, line);
            return;
        }
        // Parsed in place: a token is a few hundred bytes. A token of one
        // action was read already (the same answer as parsing it again).
        let mut parsed = token::MoveToken {
            actions: arrayvec::ArrayVec::new(),
        };
        if let Some(a) = single {
            parsed.actions.push(a);
        } else if let Err(e) = token::parse_move_into(&self.grammar, text, &mut parsed) {
            self.unparsable(e, text, span, line);
            return;
        }
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
        let null_moves = self
            .current_pos()
            .is_some_and(GamePosition::passes_are_null_moves);
        if null_moves && parsed.is_single() && matches!(parsed.first(), Some(Action::Pass)) {
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
    pub(super) fn unparsable(
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
    pub(super) fn rejected(
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
        // Some families recover from slips (the squares family: Betza's
        // own records hold some, "I had written down several illegal
        // moves"); when one legal move is plainly meant, the replay goes
        // on with it, so every later half-move still gets a verdict.
        let recover = l.pos.likely_move(parsed);
        let msg = format!("{}: {}", String::from_utf8_lossy(text), r.message);
        let mut help = r.suggestions;
        // `6.f3` as a game's first move, with no `[FEN]`: the record most
        // likely lost its start position, which no suggestion can mend.
        if l.ply == 0 && self.stack.is_empty() && self.reported_number && !self.report.tags.has_fen
        {
            help.insert(
                0,
                "the game's first move number is not 1 and it has no [FEN] tag: its start \
                 position is probably missing ([SetUp \"1\"] and [FEN \"...\"] give it)"
                    .to_owned(),
            );
        }
        if let Some(t) = &recover {
            help.push(format!(
                "the replay goes on as if {} were written",
                l.pos.long_notation(t)
            ));
        }
        self.fail(code, msg, text, span, label, r.rule, help, line);
        if let Some(t) = recover {
            if let Some(l) = &mut self.line {
                l.broken = false;
            }
            self.recovering = true;
            self.play(t, check, text, span, line);
            self.recovering = false;
        }
    }

    pub(super) fn current_pos(&self) -> Option<&AnyPosition> {
        self.line.as_ref().map(|l| &l.pos)
    }

    /// Reports an error on the current line and marks the line broken.
    #[cold]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn fail(
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
    pub(super) fn break_line(&mut self) {
        if let Some(l) = &mut self.line {
            l.broken = true;
            if self.stack.is_empty() && self.report.mainline_error_ply.is_none() {
                self.report.mainline_error_ply = Some(l.ply + 1);
            }
        }
    }

    pub(super) fn null_move(&mut self, text: &[u8], span: Span, line: &LineContext<'_>) {
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
        if mainline
            && self
                .current_pos()
                .is_some_and(|p| p.stalemate_after_moves_only())
        {
            // A stalemate the move before left for later: asked now, or the
            // pass would hide it.
            self.note_stalemate();
            self.stalemate_unasked = false;
        }
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
    pub(super) fn tell_ply(
        &mut self,
        played: Option<&AnyMove>,
        mainline: bool,
        check: bool,
        mate: bool,
    ) {
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
            sole: self.sole,
        });
    }

    pub(super) fn play(
        &mut self,
        m: AnyMove,
        check: CheckMark,
        text: &[u8],
        span: Span,
        line: &LineContext<'_>,
    ) {
        let mainline = self.stack.is_empty();
        let Some(l) = self.line.as_mut() else { return };
        if self.quick {
            // A turn the resolver played already is taken, not replayed.
            l.pos.play_resolved(&m, &mut l.prev, &mut self.scratch);
        } else {
            // One copy into the slot kept for variations, not a clone and a move.
            match &mut l.prev {
                Some(prev) => prev.clone_from(&l.pos),
                None => l.prev = Some(l.pos.clone()),
            }
            l.pos.play(&m);
        }
        l.ply += 1;
        let ply = l.ply;
        self.counts.moves += 1;

        let in_check = l.pos.is_check();
        // A win by the game's own goal takes '#' as mate does (lichess).
        let goal = l.pos.won_by_goal();
        let mate = goal || (in_check && !l.pos.has_legal_move(&mut self.scratch));
        if self.observer.wants_plies() {
            self.tell_ply(Some(&m), mainline, in_check, mate);
        }
        if check != CheckMark::None {
            self.check_mark(check, in_check || goal, mate, ply, text, span, line);
        }
        if !mainline {
            return;
        }
        self.report.plies = ply;
        self.after_mainline_move(text, span, line, mate);
    }

    /// The check mark written must match the position (warning only).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn check_mark(
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
    pub(super) fn check_mark_mismatch(
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
    pub(super) fn after_mainline_move(
        &mut self,
        text: &[u8],
        span: Span,
        line: &LineContext<'_>,
        mate: bool,
    ) {
        let Some(l) = &self.line else { return };
        // Each family's own end, and for the families with FIDE's
        // repetition and fifty-move rules: the state's key, the half-move
        // clock, whether a reset of that clock makes earlier positions
        // unrepeatable, and the ruling that applies them.
        // Stalemate is not looked for here: the next move, if legal,
        // proves there was one; the game's end and an illegal next move
        // look (see `note_stalemate`). Only when a draw rule ends the game
        // anyway does stalemate, which comes first, need asking.
        let ending = l
            .pos
            .end_after_move(mate, &mut self.scratch)
            .map(|end| match end {
                GameEnd::Ending(e) => Termination::Ending(e),
                GameEnd::Rules(o) => Termination::Rules(o),
            });
        let draw = l.pos.draw_state();
        self.stalemate_unasked = true;
        self.draw_rules(ending, draw, text, span, line);
    }

    /// The rest of [`after_mainline_move`](Self::after_mainline_move), given
    /// the game's end by its rules and its draw state after the move.
    #[inline(always)]
    pub(super) fn draw_rules(
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
                Some((repeats, d.halfmoves, d.ruling, d.claim_halfmoves))
            }
            _ => None,
        };
        if was_ended.is_some() {
            self.report_move_after_end(text, span, line);
            return;
        }
        let Some((repeats, halfmoves, ruling, claim_halfmoves)) = repeats_and_clock else {
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
        if halfmoves >= claim_halfmoves && claim_halfmoves > 0 && !self.noted_fifty {
            self.noted_fifty = true;
            let message = if claim_halfmoves == 100 {
                std::borrow::Cow::Borrowed(
                    "fifty moves without capture or pawn move: a draw may be claimed",
                )
            } else {
                std::borrow::Cow::Owned(format!(
                    "{} moves without capture or pawn move: a draw may be claimed",
                    claim_halfmoves / 2
                ))
            };
            self.note_draw_claim(
                &message,
                format!("{ruling} (FIDE Laws 9.3)"),
                "fiftieth move",
                span,
                line,
            );
        }
    }

    #[cold]
    #[inline(never)]
    pub(super) fn note_draw_claim(
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
    pub(super) fn report_move_after_end(
        &mut self,
        text: &[u8],
        span: Span,
        line: &LineContext<'_>,
    ) {
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
    pub(super) fn move_number(
        &mut self,
        number: u32,
        dots: u8,
        span: Span,
        line: &LineContext<'_>,
    ) -> Flow {
        if self.reported_number {
            return Flow::Continue;
        }
        let Some(l) = self.line.as_ref().filter(|l| !l.broken) else {
            return Flow::Continue;
        };
        let (turn, expected) = (l.pos.turn(), l.pos.fullmoves(l.ply));
        // `12...` announces Black's move; `12.` may stand before either.
        let black_dots = dots >= 3;
        if number != expected || (black_dots && turn == Color::White) {
            self.wrong_move_number(number, expected, turn, span, line);
        }
        Flow::Continue
    }

    #[cold]
    #[inline(never)]
    pub(super) fn wrong_move_number(
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
}
