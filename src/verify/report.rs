//! Building, keeping and counting the verifier's diagnostics.

use super::*;

impl<O: Observer> Verifier<O> {
    pub(super) fn game_ref(&self) -> GameRef {
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
    pub(super) fn emit(
        &mut self,
        mut d: Diagnostic,
        span: Span,
        label: &str,
        line: &LineContext<'_>,
    ) {
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
    pub(super) fn keep(&mut self, d: Diagnostic) {
        if self.shown < crate::diag::PER_GAME {
            self.shown += 1;
            self.diagnostics.push(d);
        } else {
            self.suppress(&d);
        }
    }

    #[cold]
    pub(super) fn suppress(&mut self, d: &Diagnostic) {
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
    pub(super) fn report_suppressed(&mut self, span: Span, line: &LineContext<'_>) {
        self.shown = 0;
        if self.suppressed.is_empty() {
            return;
        }
        self.report_suppressed_lines(span, line);
    }

    #[cold]
    pub(super) fn report_suppressed_lines(&mut self, span: Span, line: &LineContext<'_>) {
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

    pub(super) fn count(&mut self, d: &Diagnostic) {
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
    pub(super) fn move_diag(
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
    pub(super) fn played_move_diag(
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
}
