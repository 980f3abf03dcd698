//! Between games: whitespace, prose and binary data up to the next game's
//! first tag or move.

use super::*;

impl<R: Read> Reader<R> {
    /// Skips whitespace, prose and binary data up to the start of the next
    /// game. Returns false at the end of input.
    pub(super) fn find_game_start<V: Visitor>(&mut self, v: &mut V) -> io::Result<bool> {
        loop {
            if self.stopped {
                return Ok(false);
            }
            self.skip_space()?;
            self.ensure(1)?;
            let Some(&b) = self.avail().first() else {
                return Ok(false);
            };
            match b {
                b'[' | b'{' | b';' => return Ok(true),
                b'%' if self.at_line_start() => return Ok(true),
                _ => {}
            }
            self.ensure(SNIFF)?;
            let window = &self.avail()[..self.avail().len().min(SNIFF)];
            // Text with a NUL further on starts a game; the game reports the NUL.
            let head = &window[..window.len().min(BINARY_WINDOW)];
            if many_controls(head) || (is_control(b) && head.contains(&0)) {
                if !self.region_binary_reported {
                    self.region_binary_reported = true;
                    let span = self.span(0, 1);
                    self.problem(
                        v,
                        Code::BinaryData,
                        "the input looks like binary data, skipped to the next tag line".into(),
                        span,
                    );
                }
                self.skip_to_tag_line()?;
                continue;
            }
            if is_control(b) {
                let span = self.span(0, 1);
                self.problem(
                    v,
                    Code::UnexpectedToken,
                    format!("unexpected control byte 0x{b:02x}"),
                    span,
                );
                self.consume(1);
                continue;
            }
            let region = find_tag_line(window).unwrap_or(window.len());
            if looks_like_movetext(&window[..region]) {
                return Ok(true);
            }
            if !self.prose_reported {
                self.prose_reported = true;
                let span = self.span(0, region);
                self.problem(
                    v,
                    Code::TextBeforeTags,
                    "text before the first tag pair is ignored".into(),
                    span,
                );
            }
            self.consume(region.max(1));
        }
    }

    #[inline(always)]
    pub(super) fn skip_space(&mut self) -> io::Result<()> {
        // Mostly one space between two words, or one line break (after a tag).
        let n = match *self.avail() {
            [b' ', next, ..] if !is_space(next) => {
                self.start += 1;
                return Ok(());
            }
            [b'\n', next, ..] if !is_space(next) => 1,
            [b'\r', b'\n', next, ..] if !is_space(next) => 2,
            _ => return self.skip_space_run(),
        };
        self.line = self.line.saturating_add(1);
        self.start += n;
        self.line_start_abs = self.win.buf_abs + self.start as u64;
        Ok(())
    }

    #[inline(never)]
    pub(super) fn skip_space_run(&mut self) -> io::Result<()> {
        loop {
            self.space_in_buffer();
            if self.start < self.win.end || !self.fill()? {
                return Ok(());
            }
        }
    }

    /// Skips the whitespace in the buffer, counting lines, without filling it.
    /// Counts the newlines on the way, rather than scanning the run again in
    /// `consume`: runs of whitespace are short and many.
    #[inline]
    pub(super) fn space_in_buffer(&mut self) {
        let avail = self.avail();
        let mut n = 0;
        let mut newlines = 0u32;
        let mut last_newline = 0;
        while let Some(&b) = avail.get(n) {
            if !is_space(b) {
                break;
            }
            if b == b'\n' {
                newlines = newlines.saturating_add(1);
                last_newline = n;
            }
            n += 1;
        }
        if newlines > 0 {
            self.line = self.line.saturating_add(newlines);
            self.line_start_abs = self.win.buf_abs + (self.start + last_newline + 1) as u64;
        }
        self.start += n;
    }

    pub(super) fn at_line_start(&self) -> bool {
        self.pos_abs() == self.line_start_abs
    }

    /// Whether only whitespace precedes the current position on its line.
    pub(super) fn first_on_line(&self) -> bool {
        match self.line_start_abs.checked_sub(self.win.buf_abs) {
            Some(d) => {
                let from = usize::try_from(d).unwrap_or(usize::MAX);
                // At most 64 bytes back, so that a line full of `[` stays linear.
                from.saturating_add(64) >= self.start
                    && self
                        .win
                        .buf
                        .get(from..self.start)
                        .is_some_and(|s| s.iter().all(|&b| is_space(b)))
            }
            None => false,
        }
    }

    /// Skips to the next line that starts with `[`, or to the end of input.
    pub(super) fn skip_to_tag_line(&mut self) -> io::Result<()> {
        loop {
            let avail = self.avail();
            match memchr(b'\n', avail) {
                Some(k) if k + 1 < avail.len() => {
                    let tag = avail[k + 1] == b'[';
                    self.consume(k + 1);
                    if tag {
                        return Ok(());
                    }
                }
                Some(k) => {
                    // Keep the newline: the next byte decides.
                    self.consume(k);
                    if !self.fill()? {
                        let n = self.win.end - self.start;
                        self.consume(n);
                        return Ok(());
                    }
                }
                None => {
                    let n = avail.len();
                    self.consume(n);
                    if !self.fill()? {
                        return Ok(());
                    }
                }
            }
        }
    }

    /// Skips bytes while `keep` holds (streaming), e.g. the rest of a too long token.
    pub(super) fn skip_while(&mut self, keep: impl Fn(u8) -> bool) -> io::Result<()> {
        loop {
            let n = self.avail().iter().take_while(|&&b| keep(b)).count();
            self.consume(n);
            if self.start < self.win.end || !self.fill()? {
                return Ok(());
            }
        }
    }
}
