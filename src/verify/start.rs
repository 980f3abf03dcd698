//! The start of a game: its tags, its setup and the start position.

use super::*;

impl<O: Observer> Verifier<O> {
    #[inline(never)]
    pub(super) fn begin_game(&mut self) {
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
        self.stalemate_unasked = false;
        self.noted_threefold = false;
        self.noted_fifty = false;
        self.reported_after_end = false;
        self.reported_number = false;
        self.fen_at = None;
        self.shown = 0;
        self.suppressed.clear();
        for raw in &mut self.raw_names {
            raw.clear();
        }
        self.has_content = false;
    }

    #[inline(never)]
    pub(super) fn tag(&mut self, name: &[u8], value: &crate::notation::RawTag<'_>) {
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
    pub(super) fn begin_movetext(&mut self, span: Span, line: &LineContext<'_>) {
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
        let start = match plain.then(AnyPosition::standard_start).flatten() {
            Some(p) => Ok(p),
            None => variant.and_then(|v| self.start_of(v)),
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

    /// [`setup::start_of`] of this game's tags: a copy of the last start
    /// position when the tags are the same as its game's (an archive of
    /// one game repeats them, and a copy costs less than reading them
    /// again). The general path (`without_shortcut`) reads every game's.
    /// Out of line, as `setup::start_of` was: inlined, it made the chess
    /// start's way into the line a call to `memcpy` (140 instructions a
    /// game).
    #[inline(never)]
    fn start_of(&mut self, variant: Variant) -> Result<AnyPosition, SetupError> {
        let tags = setup_tags(&self.report.tags);
        if !self.quick {
            return setup::start_of(variant, &tags);
        }
        if let Some(pos) = self.start_cache.get(variant, &tags) {
            return Ok(pos.clone());
        }
        let start = setup::start_of(variant, &tags)?;
        self.start_cache.put(variant, &tags, &start);
        Ok(start)
    }

    /// Reports a start position the tags do not give and skips the game:
    /// a warning for a game xpgn cannot replay, an error for tags that do
    /// not give a position.
    #[cold]
    #[inline(never)]
    pub(super) fn invalid_setup(&mut self, e: SetupError, span: Span, line: &LineContext<'_>) {
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
            SetupError::InvalidFen { .. }
                if self.fen_at.is_some() && self.shown < crate::diag::PER_GAME =>
            {
                // Said at the `[FEN]` tag, whose value is the problem.
                let mut d = Diagnostic::error(Code::InvalidSetup, msg).with_rule("RULINGS N1, N7");
                if let Some((at, source)) = self.fen_at.take() {
                    d.file = Some(self.file.clone());
                    d.span = Some(at);
                    d.source = Some(source);
                    d.label = Some("not a position of this game".to_owned());
                    d.game = Some(self.game_ref());
                }
                self.count(&d);
                self.keep(d);
                return;
            }
            _ => {
                let tags = &self.report.tags;
                let mut d = Diagnostic::error(Code::InvalidSetup, msg).with_rule("RULINGS N1, N7");
                let fen = tags.fen.trim();
                d.position = (tags.has_fen && !fen.is_empty()).then(|| fen.to_string());
                d
            }
        };
        self.emit(d, span, "", line);
    }

    /// A problem of the reader; a setup tag whose line was too long to be
    /// read leaves the start position unknown, which is said at the tag.
    #[cold]
    #[inline(never)]
    pub(super) fn unreadable_tag(&mut self, span: Span, line: &LineContext<'_>) {
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

    pub(super) fn skip(&mut self, why: String) {
        self.mode = Mode::Skip;
        self.report.skipped = Some(why);
        self.counts.skipped_games += 1;
    }
}

/// The game's setup tags among the kept ones, for [`setup::start_of`].
fn setup_tags(tags: &Tags) -> SetupTags<'_> {
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

/// The last start position [`setup::start_of`] gave, with what it was
/// given: the game and every setup tag it reads (the `[Variant]` name only
/// through the game it names). Its buffers are reused from game to game.
#[derive(Debug, Default)]
pub(super) struct StartCache {
    key: Option<Variant>,
    setup: Option<String>,
    fen: Option<String>,
    postal: Option<String>,
    readings: Option<String>,
    pos: Option<AnyPosition>,
}

impl StartCache {
    /// The start position of `variant` under `tags`, if it is the one kept.
    /// A setup tag the reader could not read is never matched (its value
    /// is unknown).
    #[inline]
    fn get(&self, variant: Variant, tags: &SetupTags<'_>) -> Option<&AnyPosition> {
        (self.key == Some(variant)
            && tags.unreadable.is_none()
            && self.setup.as_deref() == tags.setup
            && self.fen.as_deref() == tags.fen
            && self.postal.as_deref() == tags.postal
            && self.readings.as_deref() == tags.readings)
            .then_some(self.pos.as_ref())
            .flatten()
    }

    /// Keeps `pos` as the start position of `variant` under `tags`.
    fn put(&mut self, variant: Variant, tags: &SetupTags<'_>, pos: &AnyPosition) {
        fn keep(slot: &mut Option<String>, value: Option<&str>) {
            match value {
                Some(v) => {
                    let s = slot.get_or_insert_with(String::new);
                    s.clear();
                    s.push_str(v);
                }
                None => *slot = None,
            }
        }
        if tags.unreadable.is_some() {
            return;
        }
        self.key = Some(variant);
        keep(&mut self.setup, tags.setup);
        keep(&mut self.fen, tags.fen);
        keep(&mut self.postal, tags.postal);
        keep(&mut self.readings, tags.readings);
        match &mut self.pos {
            Some(kept) => kept.clone_from(pos),
            None => self.pos = Some(pos.clone()),
        }
    }
}
