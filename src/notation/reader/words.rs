//! The words of movetext: move numbers, moves, NAGs, results and stray
//! bytes.

use std::io::{self, Read};

use super::bytes::{BINARY_WINDOW, is_delimiter, looks_binary};
use super::{Ev, Reader};
use crate::diag::Code;
use crate::notation::movetext::{self, MoveTail};
use crate::notation::visitor::{GameResult, NagForm, Visitor};

impl<R: Read> Reader<R> {
    /// A control byte in a game: binary data (skip to the next tag line and
    /// end the game, returns true) or one stray byte (skipped).
    pub(super) fn control_byte<V: Visitor>(&mut self, v: &mut V) -> io::Result<bool> {
        self.ensure(BINARY_WINDOW)?;
        let avail = self.avail();
        let window = &avail[..avail.len().min(BINARY_WINDOW)];
        if looks_binary(window) {
            if !self.game.binary_reported {
                self.game.binary_reported = true;
                let span = self.span(0, 1);
                self.problem(
                    v,
                    Code::BinaryData,
                    "the input looks like binary data, skipped to the next tag line".into(),
                    span,
                );
            }
            self.skip_to_tag_line()?;
            self.end_game_at(v, false);
            return Ok(true);
        }
        let b = window.first().copied().unwrap_or(0);
        self.unreadable(
            v,
            Code::UnexpectedToken,
            format!("unexpected control byte 0x{b:02x}"),
            0,
            1,
        );
        self.consume(1);
        Ok(false)
    }

    /// A token delimited by whitespace and `{ } ( ) ; [ ] $`: a result, move
    /// number, NAG, suffix annotation or move. Returns true when the game ended.
    pub(super) fn word<V: Visitor>(&mut self, v: &mut V) -> io::Result<bool> {
        let limit = self.limits.max_token_len;
        self.ensure(limit + 4)?;
        let avail = self.avail();
        let mut i = usize::from(avail.first() == Some(&b'$'));
        // The run up to a delimiter or past the limit, without the checks below.
        let scan = &avail[..avail.len().min(limit + 1)];
        while scan.get(i).is_some_and(|&c| !is_delimiter(c)) {
            i += 1;
        }
        while let Some(&c) = avail.get(i) {
            if i > limit {
                break;
            }
            if is_delimiter(c) {
                // `e8(Q)`: a promotion written in parentheses belongs to the move.
                let promo = c == b'('
                    && i > 0
                    && avail.get(i + 1).is_some_and(u8::is_ascii_alphabetic)
                    && avail.get(i + 2) == Some(&b')');
                if !promo {
                    break;
                }
                i += 3;
                continue;
            }
            i += 1;
        }
        self.game.has_content = true;
        if i > limit {
            let span = self.span(0, i);
            self.problem(
                v,
                Code::TokenTooLong,
                format!("token longer than {limit} bytes, skipped"),
                span,
            );
            self.consume(1);
            self.skip_while(|b| !is_delimiter(b))?;
            return Ok(false);
        }
        let ended = self.token(v, 0, i);
        self.advance(i);
        Ok(ended)
    }

    /// The rest of a token after its move number (`1.e4`): a token of its
    /// own. Not inlined, so that [`Self::token`] can be inlined into its callers.
    #[inline(never)]
    pub(super) fn token_after_number<V: Visitor>(
        &mut self,
        v: &mut V,
        off: usize,
        len: usize,
    ) -> bool {
        self.token(v, off, len)
    }

    /// Classifies the token at `off..off + len` from the current position.
    /// Inlined: it is the reader's hottest path.
    #[inline(always)]
    pub(super) fn token<V: Visitor>(&mut self, v: &mut V, off: usize, len: usize) -> bool {
        let s = self.start + off;
        let tok = self.win.buf.get(s..s + len).unwrap_or_default();
        let Some(&first) = tok.first() else {
            return false;
        };
        // Every result marker starts with one of these (`½` with 0xc2).
        if matches!(first, b'0' | b'1' | b'*' | 0xc2)
            && let Some(result) = GameResult::from_ascii(tok)
        {
            let span = self.span(off, len);
            if self.game.depth > 0 || self.game.skip_var > 0 {
                let end = self.span(off, 0);
                self.problem(
                    v,
                    Code::UnterminatedVariation,
                    "a variation is not closed before the result".into(),
                    end,
                );
            }
            self.game.skip_var = 0;
            self.emit(v, Ev::Result(result), span);
            // The game ends after the comments that follow its result
            // (`Reader::after_result`).
            self.game.result_read = true;
            return true;
        }
        if first == b'$' {
            let span = self.span(off, len);
            match movetext::nag(tok) {
                Ok((_, nag)) => {
                    self.emit(
                        v,
                        Ev::Nag {
                            nag,
                            form: NagForm::Dollar,
                        },
                        span,
                    );
                }
                Err(_) => self.unreadable(
                    v,
                    Code::UnexpectedToken,
                    "expected a number from 0 to 255 after '$'".into(),
                    off,
                    len,
                ),
            }
            return false;
        }
        if first.is_ascii_digit() {
            if let Ok((rest, (number, dots))) = movetext::move_number(tok) {
                // `0-0`, `1-0x` and the like are not move numbers.
                if rest.is_empty() || dots > 0 {
                    let rest_len = rest.len();
                    let used = len - rest_len;
                    let span = self.span(off, used);
                    self.emit(v, Ev::MoveNumber { number, dots }, span);
                    return rest_len > 0 && self.token_after_number(v, off + used, rest_len);
                }
            } else if tok.iter().take_while(|b| b.is_ascii_digit()).count() > 9 {
                self.unreadable(
                    v,
                    Code::UnexpectedToken,
                    "move number out of range".into(),
                    off,
                    len,
                );
                return false;
            }
        }
        // Only a token starting with `!` or `?` can be one: ask no other.
        if matches!(first, b'!' | b'?')
            && let Ok((_, nag)) = movetext::suffix_annotation(tok)
        {
            let span = self.span(off, len);
            self.emit(
                v,
                Ev::Nag {
                    nag,
                    form: NagForm::Suffix,
                },
                span,
            );
            return false;
        }
        let MoveTail {
            body,
            check,
            suffix,
            bad_tail,
        } = movetext::move_tail(tok);
        if body == 0 {
            let text = String::from_utf8_lossy(tok).into_owned();
            self.unreadable(
                v,
                Code::UnexpectedToken,
                format!("unexpected '{text}' in movetext"),
                off,
                len,
            );
            return false;
        }
        // The move's span holds its check mark; a final suffix has its own.
        let move_len = match suffix {
            Some((_, a, b)) if b == len => a,
            _ => len,
        };
        let span = self.span(off, move_len);
        self.emit(
            v,
            Ev::Move {
                text: s..s + body,
                check,
            },
            span,
        );
        if let Some((nag, a, b)) = suffix {
            let span = self.span(off + a, b - a);
            self.emit(
                v,
                Ev::Nag {
                    nag,
                    form: NagForm::Suffix,
                },
                span,
            );
        }
        if bad_tail {
            self.unreadable(
                v,
                Code::UnexpectedToken,
                "unknown check mark or annotation after the move".into(),
                off + body,
                len - body,
            );
        }
        false
    }
}
