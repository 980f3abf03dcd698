//! The line filler of the export format: tokens go straight into the
//! game's buffer, a line break or a space before each as the width left
//! on the line decides (at most [`MAX_LINE`] columns).

use std::io;

use crate::notation::{CheckMark, CommentStyle};
use crate::record::Comment;

use super::MAX_LINE;

/// Collects tokens into lines of at most [`MAX_LINE`] columns, written
/// into `out` as they come (the game's own buffer: no line buffer to copy).
pub(crate) struct Lines<'w> {
    pub(crate) out: &'w mut Vec<u8>,
    /// Columns on the line being filled.
    len: usize,
    /// `(` waiting to be written with the next token, so that it never
    /// ends a line.
    pub(crate) glue: bool,
    /// The next token must not start a line ([`starts_a_line_badly`]).
    hold: bool,
}

impl<'w> Lines<'w> {
    /// Lines written to `out`.
    pub(crate) fn new(out: &'w mut Vec<u8>) -> Lines<'w> {
        Lines {
            out,
            len: 0,
            glue: false,
            hold: false,
        }
    }

    /// The move number before the move of half-move `half` (0 = White's
    /// first): always before White's move, before Black's when `needed`
    /// (after a comment or a variation), as `12.` or `12...`.
    pub(crate) fn move_number(&mut self, half: u64, needed: bool) -> io::Result<()> {
        if half % 2 == 0 || needed {
            // The digits and the dots put together on the stack: one copy
            // into the output, not two.
            let mut buf = [b'.'; 23];
            let start = digits_at(half / 2 + 1, &mut buf, 20);
            let end = if half % 2 == 0 { 21 } else { 23 };
            let number = buf.get(start..end).unwrap_or_default();
            self.place(number.len(), false);
            self.out.extend_from_slice(number);
        }
        Ok(())
    }

    /// A NAG, `$` and its number.
    pub(crate) fn nag(&mut self, nag: u8) -> io::Result<()> {
        let mut buf = [0; 20];
        let digits = digits(u64::from(nag), &mut buf);
        self.place(digits.len() + 1, false);
        self.out.push(b'$');
        self.out.extend_from_slice(digits);
        Ok(())
    }

    pub(crate) fn token(&mut self, text: &str) -> io::Result<()> {
        self.token_glued(text, false)
    }

    /// Writes a token; `attach` puts it right after the previous one (`)`).
    pub(crate) fn token_glued(&mut self, text: &str, attach: bool) -> io::Result<()> {
        // One piece, one copy (every move goes through here).
        self.place(width(text), attach);
        self.out.extend_from_slice(text.as_bytes());
        Ok(())
    }

    /// Writes a token made of parts (a move and its check mark, a brace and
    /// a word), without putting them together in a new string.
    pub(crate) fn token_parts(
        &mut self,
        [head, text, tail]: [&str; 3],
        attach: bool,
    ) -> io::Result<()> {
        // Heads and tails are ASCII marks (`{`, `}`, `;`, `+`, `#`).
        debug_assert!(head.is_ascii() && tail.is_ascii());
        self.place(head.len() + width(text) + tail.len(), attach);
        self.out.extend_from_slice(head.as_bytes());
        self.out.extend_from_slice(text.as_bytes());
        self.out.extend_from_slice(tail.as_bytes());
        Ok(())
    }

    /// Starts a token of `width` columns: a line break or a space before
    /// it as the line has room, and a glued `(`; the caller then writes
    /// its bytes.
    #[inline]
    fn place(&mut self, width: usize, attach: bool) {
        let width = width + usize::from(self.glue);
        let space = self.len > 0 && !attach;
        if self.len > 0
            && self.len + usize::from(space) + width > MAX_LINE
            && (self.glue || !self.hold)
        {
            self.out.push(b'\n');
            self.len = 0;
        } else if space {
            self.out.push(b' ');
            self.len += 1;
        }
        if self.glue {
            self.out.push(b'(');
        }
        self.len += width;
        self.glue = false;
        self.hold = false;
    }

    /// Text the reader could not read, written back as it was
    /// ([`crate::notation::Event::Unreadable`]). Text that starts with `[`
    /// or `%` must not start a line, where it would start a tag pair or an
    /// escape line: it is never wrapped to a new line, and on a
    /// line still empty (the start of the movetext, after a `;` comment)
    /// an empty comment `{}` goes first, which a second export writes in
    /// the same place.
    pub(crate) fn unreadable(&mut self, text: &str) -> io::Result<()> {
        if starts_a_line_badly(text) {
            if self.len == 0 && !self.glue {
                self.token("{}")?;
            }
            self.hold = true;
        }
        self.token(text)
    }

    /// A move as written, with its check mark (a move the verifier did not
    /// replay); one that starts with `%` is never wrapped to a line's
    /// start, as [`Self::unreadable`] text is not.
    pub(crate) fn written_move(&mut self, written: &str, check: CheckMark) -> io::Result<()> {
        let mark = match check {
            CheckMark::None => "",
            CheckMark::Check => "+",
            CheckMark::Mate => "#",
        };
        self.hold = starts_a_line_badly(written);
        self.token_parts(["", written, mark], false)
    }

    pub(crate) fn comment(&mut self, c: &Comment) -> io::Result<()> {
        self.comment_text(&c.text, c.style)
    }

    /// A comment of this text and style.
    pub(crate) fn comment_text(&mut self, text: &str, style: CommentStyle) -> io::Result<()> {
        if style == CommentStyle::Line && text.contains('}') {
            // Cannot be a brace comment.
            return self.line_comment(text);
        }
        let core = text.as_bytes().trim_ascii();
        if !core.is_empty() && single_spaced(core) {
            self.brace_single_spaced(core);
            return Ok(());
        }
        // Most comments are ASCII, where the ASCII split finds the same
        // words (vertical tab aside) much faster than the Unicode one.
        if text.bytes().all(|b| b.is_ascii() && b != 0x0B) {
            self.brace_ascii(text.as_bytes());
            Ok(())
        } else {
            self.brace_words(text.split_whitespace())
        }
    }

    /// A comment after the result, in the style it was written in: a `;`
    /// comment stays one. Readers that know no `;` comments (pgn-extract)
    /// skip the `;` between games and read on to a brace, which archives
    /// such as TCEC's rely on (`; { Game Nr. 1 ...` and `; ... }`).
    pub(crate) fn comment_after_result(
        &mut self,
        text: &str,
        style: CommentStyle,
    ) -> io::Result<()> {
        match style {
            CommentStyle::Line => self.line_comment(text),
            CommentStyle::Brace => self.comment_text(text, style),
        }
    }

    /// A brace comment the game left open (the reader closed it at the next
    /// tag pair or at the input's end): its words without the closing
    /// brace, `{` alone for none. Written last in the game, it runs to the
    /// next game's tags as it did; a word that starts with `[` is not
    /// wrapped to a line's start, where it could end the comment.
    pub(crate) fn open_comment(&mut self, text: &str) -> io::Result<()> {
        let mut head = "{";
        for w in text.split_whitespace() {
            self.open_comment_word(w, head)?;
            head = "";
        }
        if head.is_empty() {
            Ok(())
        } else {
            self.token("{")
        }
    }

    /// One word of [`Self::open_comment`], after `head` (`{` for the
    /// first).
    pub(crate) fn open_comment_word(&mut self, w: &str, head: &str) -> io::Result<()> {
        self.hold = w.starts_with('[');
        self.token_parts([head, w, ""], false)
    }

    /// `)` held back (`closes`) until the next token: the last ones of a
    /// game may close variations the game left open, which stay open.
    pub(crate) fn closes(&mut self, closes: &mut u32) -> io::Result<()> {
        for _ in 0..*closes {
            self.token_glued(")", true)?;
        }
        *closes = 0;
        Ok(())
    }

    /// The end of the moves: the `)` held back but those of the
    /// `open` variations the game left open, and `(` when the innermost
    /// of them has no move (`open_empty`), so that `check` finds the same
    /// `unterminated-variation` in the export.
    pub(crate) fn end_of_moves(
        &mut self,
        closes: u32,
        open: u32,
        open_empty: bool,
    ) -> io::Result<()> {
        let mut written = closes.saturating_sub(open.saturating_sub(u32::from(open_empty)));
        self.closes(&mut written)?;
        if open_empty {
            self.token("(")?;
        }
        Ok(())
    }

    /// A `;` comment, which runs to the line's end.
    fn line_comment(&mut self, text: &str) -> io::Result<()> {
        self.token_parts([";", text.trim_end(), ""], false)?;
        self.newline();
        Ok(())
    }

    /// A brace comment of these words, `{}` for none.
    fn brace_words<'a>(&mut self, words: impl Iterator<Item = &'a str>) -> io::Result<()> {
        let mut words = words.peekable();
        if words.peek().is_none() {
            return self.token("{}");
        }
        let mut first = true;
        while let Some(w) = words.next() {
            let last = words.peek().is_none();
            let head = if first { "{" } else { "" };
            let tail = if last { "}" } else { "" };
            self.token_parts([head, w, tail], false)?;
            first = false;
        }
        Ok(())
    }

    /// [`Self::brace_words`] of ASCII text split at ASCII whitespace: a
    /// word's width is its length, the words are found by one scan, and
    /// words that stay on one line with one space between them, as most
    /// do, are copied as one run.
    fn brace_ascii(&mut self, text: &[u8]) {
        let core = text.trim_ascii();
        if !core.is_empty() && single_spaced(core) {
            self.brace_single_spaced(core);
            return;
        }
        let mut at = 0;
        let next_word = |at: &mut usize| {
            while text.get(*at).is_some_and(u8::is_ascii_whitespace) {
                *at += 1;
            }
            let start = *at;
            while text.get(*at).is_some_and(|b| !b.is_ascii_whitespace()) {
                *at += 1;
            }
            (start < *at).then_some((start, *at))
        };
        let Some((start, end)) = next_word(&mut at) else {
            self.place(2, false);
            self.out.extend_from_slice(b"{}");
            return;
        };
        let mut next = next_word(&mut at);
        self.place(end - start + 1 + usize::from(next.is_none()), false);
        self.out.push(b'{');
        // Text placed on the line but not yet copied: `text[run.0..run.1]`.
        let mut run = (start, end);
        while let Some((start, end)) = next {
            next = next_word(&mut at);
            let width = end - start + usize::from(next.is_none());
            // After the first word neither `(` nor a held token is pending:
            // a word goes on this line after a space if it fits.
            if self.len + 1 + width <= MAX_LINE {
                self.len += 1 + width;
                if start == run.1 + 1 && text.get(run.1) == Some(&b' ') {
                    run.1 = end;
                    continue;
                }
                self.out
                    .extend_from_slice(text.get(run.0..run.1).unwrap_or_default());
                self.out.push(b' ');
            } else {
                self.out
                    .extend_from_slice(text.get(run.0..run.1).unwrap_or_default());
                self.out.push(b'\n');
                self.len = width;
            }
            run = (start, end);
        }
        self.out
            .extend_from_slice(text.get(run.0..run.1).unwrap_or_default());
        self.out.push(b'}');
    }

    /// [`Self::brace_words`] of ASCII words that one space each
    /// separates (`core`, trimmed, not empty; most comments, from
    /// `[%clk 0:03:00]` to an engine's lines of output): each line's
    /// words are copied as one run, cut at the last space that fits,
    /// found by a scan back from the line's end rather than word by word.
    fn brace_single_spaced(&mut self, core: &[u8]) {
        let first = core.iter().position(|&c| c == b' ').unwrap_or(core.len());
        let only = first == core.len();
        self.place(first + 1 + usize::from(only), false);
        self.out.push(b'{');
        let (word, rest) = core.split_at(first);
        self.out.extend_from_slice(word);
        if only {
            self.out.push(b'}');
            return;
        }
        // The words after the first; the line is not empty.
        let mut rest = rest.get(1..).unwrap_or_default();
        loop {
            let lead = usize::from(self.len > 0);
            let room = MAX_LINE.saturating_sub(self.len + lead);
            if rest.len() < room {
                // The rest and `}` fit.
                if lead > 0 {
                    self.out.push(b' ');
                }
                self.out.extend_from_slice(rest);
                self.out.push(b'}');
                self.len += lead + rest.len() + 1;
                return;
            }
            // The longest run of whole words that fits ends before a space
            // at most `room` bytes in (`rest` ends in a word, not a space).
            let limit = room.min(rest.len() - 1);
            let cut = rest
                .get(..=limit)
                .and_then(|w| w.iter().rposition(|&c| c == b' '));
            let cut = match cut {
                Some(k) => k,
                // The next word does not fit here: it starts the next line.
                None if self.len > 0 => {
                    self.newline();
                    continue;
                }
                // A word longer than a line, alone on its line.
                None => match rest.iter().position(|&c| c == b' ') {
                    Some(k) => k,
                    None => {
                        self.out.extend_from_slice(rest);
                        self.out.push(b'}');
                        self.len = rest.len() + 1;
                        return;
                    }
                },
            };
            if lead > 0 {
                self.out.push(b' ');
            }
            let (run, after) = rest.split_at(cut);
            self.out.extend_from_slice(run);
            self.newline();
            rest = after.get(1..).unwrap_or_default();
        }
    }

    /// Ends the line being filled.
    fn newline(&mut self) {
        self.out.push(b'\n');
        self.len = 0;
    }

    pub(crate) fn end(&mut self) -> io::Result<()> {
        if self.len > 0 {
            self.newline();
        }
        Ok(())
    }
}

/// Whether a token must not start a line: `[` there starts a tag pair
/// (a new game), `%` an escape line. Such a token is text the reader
/// could not read, or a move written as written (`%` is no move, but the
/// reader takes it for one); the writer lets its line run past
/// [`MAX_LINE`] rather than change what it means.
fn starts_a_line_badly(token: &str) -> bool {
    token.starts_with(['[', '%'])
}

/// Eight copies of byte `b`.
const fn splat(b: u8) -> u64 {
    0x0101_0101_0101_0101 * b as u64
}

/// Whether `text` is ASCII of no control byte with no two spaces in a row:
/// words that one space each separates (the caller trims the ends).
/// Eight bytes at a time: each test is exact, as no byte is above 0x7F
/// once the first one passes, so no sum carries into the next byte.
fn single_spaced(text: &[u8]) -> bool {
    const HIGH: u64 = splat(0x80);
    const LOW7: u64 = splat(0x7F);
    let mut chunks = text.chunks_exact(8);
    let mut after_space = false;
    for chunk in &mut chunks {
        let Ok(bytes) = <[u8; 8]>::try_from(chunk) else {
            return false;
        };
        let x = u64::from_le_bytes(bytes);
        // Non-ASCII, or a byte below 0x20 (its sum stays below 0x80).
        if x & HIGH != 0 || x.wrapping_add(splat(0x60)) & HIGH != HIGH {
            return false;
        }
        // The high bit of each byte that is a space.
        let y = x ^ splat(b' ');
        let spaces = !(((y & LOW7) + LOW7) | y | LOW7);
        if spaces & (spaces << 8) != 0 || (after_space && spaces & 0x80 != 0) {
            return false;
        }
        after_space = spaces >> 63 != 0;
    }
    for &c in chunks.remainder() {
        if !(0x20..0x80).contains(&c) || (after_space && c == b' ') {
            return false;
        }
        after_space = c == b' ';
    }
    true
}

/// Columns a token takes: its characters (bytes for ASCII, most tokens).
fn width(text: &str) -> usize {
    if text.is_ascii() {
        text.len()
    } else {
        text.chars().count()
    }
}

/// A number's decimal digits, written into the end of `buf` two at a
/// time (no formatter, no UTF-8 check on the hot path).
#[inline]
pub(crate) fn digits(n: u64, buf: &mut [u8; 20]) -> &[u8] {
    let start = digits_at(n, buf, 20);
    buf.get(start..).unwrap_or_default()
}

/// [`digits`] written to end at `buf[end]` (at most 20 digits before it);
/// where they start.
#[inline]
fn digits_at<const N: usize>(n: u64, buf: &mut [u8; N], end: usize) -> usize {
    const PAIRS: &[u8; 200] = b"00010203040506070809101112131415161718192021222324\
        25262728293031323334353637383940414243444546474849\
        50515253545556575859606162636465666768697071727374\
        75767778798081828384858687888990919293949596979899";
    let pair = |k: usize| [PAIRS[2 * k], PAIRS[2 * k + 1]];
    // A u64 has at most 20 digits: `end` of 20 or more leaves room.
    let mut i = end.clamp(20, N);
    let mut n = n;
    while n >= 100 {
        let k = (n % 100) as usize;
        n /= 100;
        i -= 2;
        buf[i..i + 2].copy_from_slice(&pair(k));
    }
    if n >= 10 {
        i -= 2;
        buf[i..i + 2].copy_from_slice(&pair(n as usize));
    } else {
        i -= 1;
        buf[i] = b'0' + n as u8;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    fn comment(text: &str) -> String {
        let mut got = Vec::new();
        let mut lines = Lines::new(&mut got);
        let c = Comment {
            text: text.to_string(),
            style: CommentStyle::Brace,
        };
        lines.comment(&c).expect("writes");
        lines.end().expect("writes");
        String::from_utf8_lossy(&got).into_owned()
    }

    /// The ASCII fast path of comment words gives what the Unicode split
    /// gives, and a vertical tab or a non-ASCII space still separates.
    #[test]
    fn comment_words_split_alike_on_both_paths() {
        for text in [
            " a  b\tc\r\nd ",
            "a\x0Bb",
            "a\u{a0}b c",
            "",
            "   ",
            "\u{3000}x",
            "x",
            " x\x0C",
        ] {
            let words: Vec<&str> = text.split_whitespace().collect();
            let want = format!("{{{}}}\n", words.join(" "));
            assert_eq!(comment(text), want, "{text:?}");
        }
    }

    /// A long ASCII comment wraps where the word-by-word filler wraps it.
    #[test]
    fn ascii_comment_wraps_as_the_unicode_path_does() {
        let text = "d=35, sd=49, pd=O-O-O, mt=90724, tl=6310981, s=54696345, \
                    n=4962271260, pv=Ng4 Kb1 Nd7 e5 d5 Re1 Nxe3 Qxe3 Nb6 Bd3 Be6 \
                    Nd2 Qe7 Qe2 O-O-O Nb3 averyveryveryveryveryveryveryveryveryvery\
                    veryveryveryveryveryveryveryveryveryveryveryverylongword x";
        let mut slow = Vec::new();
        let mut lines = Lines::new(&mut slow);
        lines.token("1.").expect("writes");
        lines.brace_words(text.split_whitespace()).expect("writes");
        lines.end().expect("writes");
        let mut fast = Vec::new();
        let mut lines = Lines::new(&mut fast);
        lines.token("1.").expect("writes");
        lines.brace_ascii(text.as_bytes());
        lines.end().expect("writes");
        assert_eq!(
            String::from_utf8_lossy(&fast),
            String::from_utf8_lossy(&slow)
        );
    }

    /// Random words, spaces, tabs and newlines after a token of any
    /// width: the run-copying ASCII filler breaks lines where the filler
    /// of one token a word does.
    #[test]
    fn ascii_comments_of_any_shape_wrap_as_word_by_word() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for _ in 0..6000 {
            let mut text = String::new();
            // One text in three of single spaces between words: the
            // single-spaced filler's input.
            let gaps = if next(3) == 0 { 1 } else { 7 };
            for _ in 0..next(40) {
                let gap = [" ", " ", " ", "  ", "\t", "\n ", "\r\n"][next(gaps) as usize];
                text.push_str(gap);
                let len = [1, 2, 3, 5, 8, 13, 30, 90][next(8) as usize];
                text.extend((0..len).map(|k| char::from(b'a' + (k % 26) as u8)));
            }
            if next(8) == 0 {
                // A control byte, which the one-run copy leaves to the
                // word-by-word filler.
                text.push('\x01');
            }
            let lead = "x".repeat(next(85) as usize);
            let glue = next(3) == 0;
            let hold = next(3) == 0;
            let run = |fast: bool| {
                let mut out = Vec::new();
                let mut lines = Lines::new(&mut out);
                if !lead.is_empty() {
                    lines.token(&lead).expect("writes");
                }
                lines.glue = glue;
                lines.hold = hold;
                if fast {
                    lines.brace_ascii(text.as_bytes());
                } else {
                    lines.brace_words(text.split_whitespace()).expect("writes");
                }
                lines.token("1-0").expect("writes");
                lines.end().expect("writes");
                String::from_utf8_lossy(&out).into_owned()
            };
            assert_eq!(run(true), run(false), "{lead:?} {text:?}");
        }
    }

    /// The eight-bytes-at-a-time test of single spacing against a byte
    /// at a time, on every length and place of a space pair, a tab, a
    /// control byte and a non-ASCII byte.
    #[test]
    fn single_spacing_is_found_as_byte_by_byte() {
        let slow = |t: &[u8]| {
            t.iter().all(|c| (0x20..0x80).contains(c)) && !t.windows(2).any(|w| w == b"  ")
        };
        for len in 0..40 {
            let base: Vec<u8> = (0..len)
                .map(|k| {
                    if k % 3 == 2 {
                        b' '
                    } else {
                        b'a' + (k % 26) as u8
                    }
                })
                .collect();
            assert_eq!(single_spaced(&base), slow(&base), "{base:?}");
            for at in 0..len {
                for b in [b' ', b'\t', 0x01, 0x7F, 0x80, 0xC3, b'x'] {
                    let mut t = base.clone();
                    t[at] = b;
                    assert_eq!(single_spaced(&t), slow(&t), "{t:?}");
                }
            }
        }
    }

    #[test]
    fn numbers_are_written_in_decimal() {
        for n in [0u64, 7, 10, 99, 100, 101, 1000, 12345, 9_999_999, u64::MAX] {
            assert_eq!(digits(n, &mut [0; 20]), n.to_string().as_bytes());
        }
    }

    #[test]
    fn move_numbers_are_the_formatters() {
        for half in [
            0u64,
            1,
            2,
            17,
            198,
            199,
            200,
            12_345,
            u64::MAX - 1,
            u64::MAX,
        ] {
            for needed in [false, true] {
                let mut got = Vec::new();
                let mut lines = Lines::new(&mut got);
                lines.move_number(half, needed).expect("a Vec");
                let want = match (half % 2, needed) {
                    (0, _) => format!("{}.", half / 2 + 1),
                    (_, true) => format!("{}...", half / 2 + 1),
                    _ => String::new(),
                };
                assert_eq!(String::from_utf8_lossy(&got), want, "{half} {needed}");
            }
        }
    }
}
