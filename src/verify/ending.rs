//! Variations and the end of a game: the result against the final
//! position.

use super::*;

impl<O: Observer> Verifier<O> {
    #[inline(never)]
    pub(super) fn begin_variation(&mut self, span: Span, line: &LineContext<'_>) -> Flow {
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
    pub(super) fn end_variation(&mut self) {
        if let Some(parent) = self.stack.pop() {
            self.line = Some(parent);
        }
    }

    // ---------------------------------------------------------------- ending

    #[inline(never)]
    pub(super) fn end_game(&mut self, span: Span, line: &LineContext<'_>) {
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
            // The end test looks for a legal move in the last position, and
            // in a blocked one (the usual end of a squares-family game)
            // must walk every piece to find none: asked only when its
            // answer is read, by the observer or against a known result.
            if self.observer.wants_ending() || self.known_result().is_some() {
                self.note_stalemate();
            }
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
    pub(super) fn note_stalemate(&mut self) {
        if self.ended.is_some() {
            return;
        }
        let Some(l) = self.line.as_ref().filter(|l| !l.broken) else {
            return;
        };
        // Some games ask only of a position a move led to (their start
        // position and the one after a pass were never judged).
        if l.pos.stalemate_after_moves_only() && !self.stalemate_unasked {
            return;
        }
        if let Some(end) = l.pos.deferred_end(&mut self.scratch) {
            self.ended = Some(match end {
                GameEnd::Ending(e) => Termination::Ending(e),
                GameEnd::Rules(o) => Termination::Rules(o),
            });
            self.report.termination = self.ended;
        }
    }

    /// The game's result, from its termination marker or else its Result
    /// tag, when it is a win or a draw (not `*`).
    fn known_result(&self) -> Option<GameResult> {
        let tag = GameResult::from_ascii(self.report.tags.result.trim().as_bytes());
        self.report
            .result
            .or(tag)
            .filter(|r| *r != GameResult::Unknown)
    }

    pub(super) fn check_result(&mut self, span: Span, line: &LineContext<'_>) {
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
