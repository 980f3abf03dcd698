//! The verifier's per-move paths: a move that a family's quick resolver
//! found is played on its position directly, with the same steps as
//! [`Verifier::play`] (each path is held to the general one by a
//! `tests/verify_paths*.rs` test).

use super::*;

impl<O: Observer> Verifier<O> {
    /// [`play`](Self::play) for a move of the bitboard position that
    /// [`AnyPosition::resolve_action_quick`] found, the per-move path of
    /// FIDE chess: the same steps, on the bitboard position directly
    /// (`tests/verify_paths.rs` checks that both give the same verdicts).
    #[inline(always)]
    pub(super) fn play_quick(
        &mut self,
        m: crate::rules::core::Move,
        check: CheckMark,
        text: &[u8],
        span: Span,
        line: &LineContext<'_>,
    ) {
        if !self.quick {
            return self.play(AnyMove::from(m), check, text, span, line);
        }
        let mainline = self.stack.is_empty();
        let Some(l) = self.line.as_mut() else { return };
        let Some(judged) = l.pos.play_quick(&m, &mut l.prev) else {
            return self.play(AnyMove::from(m), check, text, span, line);
        };
        self.quick_ply_played(m, mainline, judged, check, text, span, line);
    }

    /// [`play`](Self::play) for a move of a core game with chess's ends
    /// that [`AnyPosition::resolve_core_quick`] found: the same steps, on
    /// the core position directly (`tests/verify_paths_core.rs` checks
    /// that both paths give the same verdicts).
    #[inline(never)]
    pub(super) fn play_core_quick(
        &mut self,
        m: crate::rules::core::Move,
        check: CheckMark,
        text: &[u8],
        span: Span,
        line: &LineContext<'_>,
    ) {
        let mainline = self.stack.is_empty();
        let Some(l) = self.line.as_mut() else { return };
        let Some(judged) = l.pos.play_core_quick(&m, &mut l.prev, &mut self.scratch) else {
            return self.play(AnyMove::from(m), check, text, span, line);
        };
        self.quick_ply_played(m, mainline, judged, check, text, span, line);
    }

    /// [`play`](Self::play) for a PASGL turn that
    /// [`AnyPosition::resolve_turn_quick`] found: the same steps, on the
    /// PASGL position directly (no check or mate in PASGL, no draw rules;
    /// the game's end asked once). `tests/verify_paths_pasgl.rs` checks
    /// that both paths give the same verdicts.
    #[inline(never)]
    pub(super) fn play_turn_quick(
        &mut self,
        m: crate::rules::family::QuickTurn,
        check: CheckMark,
        text: &[u8],
        span: Span,
        line: &LineContext<'_>,
    ) {
        let mainline = self.stack.is_empty();
        let Some(l) = self.line.as_mut() else { return };
        let Some(end) = l.pos.play_turn_quick(&m, &mut l.prev, mainline) else {
            return self.play(AnyMove::from(m), check, text, span, line);
        };
        l.ply += 1;
        let ply = l.ply;
        self.counts.moves += 1;
        if self.observer.wants_plies() {
            self.tell_ply(Some(&AnyMove::from(m)), mainline, false, false);
        }
        if check != CheckMark::None {
            self.check_mark(check, false, false, ply, text, span, line);
        }
        if !mainline {
            return;
        }
        self.report.plies = ply;
        self.stalemate_unasked = true;
        self.draw_rules(end.map(Termination::Rules), None, text, span, line);
    }

    /// What follows a move [`play_quick`](Self::play_quick) or
    /// [`play_core_quick`](Self::play_core_quick) played: the ply counts,
    /// the observer, the check mark and the draw rules.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn quick_ply_played(
        &mut self,
        m: crate::rules::core::Move,
        mainline: bool,
        judged: QuickPly,
        check: CheckMark,
        text: &[u8],
        span: Span,
        line: &LineContext<'_>,
    ) {
        let Some(l) = self.line.as_mut() else { return };
        l.ply += 1;
        let ply = l.ply;
        self.counts.moves += 1;
        let ending = judged.ending.map(Termination::Ending);
        if self.observer.wants_plies() {
            self.tell_ply(
                Some(&AnyMove::from(m)),
                mainline,
                judged.in_check,
                judged.mate,
            );
        }
        if check != CheckMark::None {
            self.check_mark(check, judged.in_check, judged.mate, ply, text, span, line);
        }
        if !mainline {
            return;
        }
        self.report.plies = ply;
        self.draw_rules(ending, judged.draw, text, span, line);
    }

    /// [`play`](Self::play) for a move of an 8x8 variant that
    /// [`AnyPosition::resolve_variant_quick`] found: the same steps, with
    /// check, goal and mate worked out once on the family's position
    /// (`tests/verify_paths_lichess.rs` checks that both paths give the
    /// same verdicts).
    #[inline(never)]
    pub(super) fn play_variant_quick(
        &mut self,
        m: crate::rules::family::VariantMove,
        check: CheckMark,
        text: &[u8],
        span: Span,
        line: &LineContext<'_>,
    ) {
        let mainline = self.stack.is_empty();
        let Some(l) = self.line.as_mut() else { return };
        let Some(judged) = l.pos.play_variant_quick(&m, &mut l.prev) else {
            return self.play(AnyMove::from(m), check, text, span, line);
        };
        l.ply += 1;
        let ply = l.ply;
        self.counts.moves += 1;
        let draw = if mainline { l.pos.draw_state() } else { None };
        if self.observer.wants_plies() {
            self.tell_ply(
                Some(&AnyMove::from(m)),
                mainline,
                judged.in_check,
                judged.mate,
            );
        }
        if check != CheckMark::None {
            let checks = judged.in_check || judged.goal;
            self.check_mark(check, checks, judged.mate, ply, text, span, line);
        }
        if !mainline {
            return;
        }
        self.report.plies = ply;
        self.stalemate_unasked = true;
        let ending = judged.end.map(Termination::Rules);
        self.draw_rules(ending, draw, text, span, line);
    }
}
