//! The few JSON values a game's page data is made of, written straight
//! into a byte buffer: a page holds hundreds of thousands of nodes, and
//! building a value per node to serialise it cost more than the replay.
//!
//! Strings are escaped as `serde_json` escapes them, and `<` is written as
//! `\u003c` besides, so that no string can close the `<script>` element the
//! data stands in (`</script>`) or open a comment (`<!--`).

/// Appends `n` in decimal (the PGN writer's digits, two at a time).
pub(super) fn number(out: &mut Vec<u8>, n: u64) {
    // Most numbers of a page (cells, fragments, fields) are small.
    if n < 10 {
        out.push(b'0' + n as u8);
    } else if n < 100 {
        out.extend_from_slice(&[b'0' + (n / 10) as u8, b'0' + (n % 10) as u8]);
    } else if n < 10_000 {
        // Fragment ids: a page draws a few thousand.
        let d = [
            b'0' + (n / 1000) as u8,
            b'0' + (n / 100 % 10) as u8,
            b'0' + (n / 10 % 10) as u8,
            b'0' + (n % 10) as u8,
        ];
        out.extend_from_slice(&d[usize::from(n < 1000)..]);
    } else {
        out.extend_from_slice(crate::export::pgn::digits(n, &mut [0; 20]));
    }
}

/// Where a node's bytes go: the page's buffer, or a [`Stack`].
pub(super) trait Bytes {
    /// Appends a byte.
    fn push(&mut self, b: u8);

    /// Appends a few bytes.
    fn extend(&mut self, s: &[u8]);

    /// Appends `n` in decimal.
    #[inline(always)]
    fn decimal(&mut self, n: u32) {
        if n < 10 {
            self.push(b'0' + n as u8);
        } else if n < 100 {
            self.push(b'0' + (n / 10) as u8);
            self.push(b'0' + (n % 10) as u8);
        } else if n < 10_000 {
            // Cell keys and fragment ids: two digits at a time, no loop.
            let (hi, lo) = ((n / 100) as usize, (n % 100) as usize);
            if hi >= 10 {
                self.push(PAIRS[2 * hi]);
            }
            self.push(PAIRS[2 * hi + 1]);
            self.push(PAIRS[2 * lo]);
            self.push(PAIRS[2 * lo + 1]);
        } else {
            let mut d = [0u8; 10];
            let mut i = d.len();
            let mut n = n;
            while n > 0 && i > 0 {
                i -= 1;
                d[i] = b'0' + (n % 10) as u8;
                n /= 10;
            }
            for &b in d.get(i..).unwrap_or_default() {
                self.push(b);
            }
        }
    }
}

/// `00` to `99`, two bytes each.
static PAIRS: [u8; 200] = {
    let mut t = [0u8; 200];
    let mut i = 0;
    while i < 100 {
        t[2 * i] = b'0' + (i / 10) as u8;
        t[2 * i + 1] = b'0' + (i % 10) as u8;
        i += 1;
    }
    t
};

impl Bytes for Vec<u8> {
    #[inline]
    fn push(&mut self, b: u8) {
        Vec::push(self, b);
    }

    #[inline]
    fn extend(&mut self, s: &[u8]) {
        self.extend_from_slice(s);
    }
}

/// A node's bytes gathered on the stack and appended to the page's buffer
/// at once ([`flush`](Self::flush)): a ply writes a few dozen bytes, and a
/// capacity check, a length store a byte and a call to copy each short
/// piece cost more than writing them.
pub(super) struct Stack {
    /// Room for a ply's usual bytes (a few dozen): a larger buffer costs
    /// more to clear and to return than it saves.
    buf: [u8; 96],
    /// Bytes written, counted on past the end when they do not fit.
    n: usize,
}

impl Stack {
    #[inline]
    pub(super) fn new() -> Stack {
        Stack { buf: [0; 96], n: 0 }
    }

    /// Appends what was written to `out`; false, and nothing appended,
    /// when it did not fit (write it to `out` directly then).
    #[inline]
    pub(super) fn flush(&self, out: &mut Vec<u8>) -> bool {
        match self.buf.get(..self.n) {
            Some(b) => {
                out.extend_from_slice(b);
                true
            }
            None => false,
        }
    }
}

impl Bytes for Stack {
    #[inline(always)]
    fn push(&mut self, b: u8) {
        if let Some(x) = self.buf.get_mut(self.n) {
            *x = b;
        }
        self.n += 1;
    }

    #[inline(always)]
    fn extend(&mut self, s: &[u8]) {
        for &b in s {
            self.push(b);
        }
    }
}

/// Appends `n`, or `null`.
pub(super) fn option(out: &mut Vec<u8>, n: Option<u64>) {
    match n {
        Some(n) => number(out, n),
        None => out.extend_from_slice(b"null"),
    }
}

/// The bytes a string escapes: controls, `"`, `\\` and `<`.
pub(super) static ESCAPED: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 0x20 {
        t[i] = true;
        i += 1;
    }
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t[b'<' as usize] = true;
    t
};

/// Appends `s` as a JSON string.
pub(super) fn string(out: &mut Vec<u8>, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push(b'"');
    let bytes = s.as_bytes();
    // A move is a few bytes: copied as it is checked.
    if bytes.len() <= 8 && !bytes.iter().any(|&b| ESCAPED[usize::from(b)]) {
        for &b in bytes {
            out.push(b);
        }
        out.push(b'"');
        return;
    }
    // Moves and position strings never need an escape: one pass to see.
    if !bytes.iter().any(|&b| ESCAPED[usize::from(b)]) {
        out.extend_from_slice(bytes);
        out.push(b'"');
        return;
    }
    let mut from = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let escape: &[u8] = match b {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0x08 => b"\\b",
            0x0c => b"\\f",
            b'<' => b"\\u003c",
            0..=0x1f => b"",
            _ => continue,
        };
        out.extend_from_slice(bytes.get(from..i).unwrap_or_default());
        from = i + 1;
        if escape.is_empty() {
            out.extend_from_slice(b"\\u00");
            out.push(HEX[usize::from(b >> 4)]);
            out.push(HEX[usize::from(b & 15)]);
        } else {
            out.extend_from_slice(escape);
        }
    }
    out.extend_from_slice(bytes.get(from..).unwrap_or_default());
    out.push(b'"');
}

/// Appends `texts` as an array of strings.
pub(super) fn strings<'a>(out: &mut Vec<u8>, texts: impl Iterator<Item = &'a str>) {
    out.push(b'[');
    for (i, t) in texts.enumerate() {
        if i > 0 {
            out.push(b',');
        }
        string(out, t);
    }
    out.push(b']');
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every string reads back as itself, and holds no `<`.
    #[test]
    fn strings_read_back_and_cannot_close_a_script() {
        for s in [
            "",
            "plain",
            "quote \" backslash \\ slash /",
            "</script><!-- x -->",
            "tab\tnew\nline\r\u{8}\u{c}\u{1}\u{1f}",
            "Müller, Karsten \u{2013} ½",
        ] {
            let mut out = Vec::new();
            string(&mut out, s);
            let text = std::str::from_utf8(&out).expect("UTF-8");
            assert!(!text.contains('<'), "{text}");
            let back: String = serde_json::from_str(text).expect("valid JSON");
            assert_eq!(back, s);
            // Byte for byte serde_json's, but for `<`.
            let serde = serde_json::to_string(s).expect("a string");
            assert_eq!(text, serde.replace('<', "\\u003c"));
        }
    }

    /// The stack's bytes are the buffer's, and one that does not fit
    /// appends nothing.
    #[test]
    fn the_stack_writes_as_the_buffer() {
        for n in [
            0u32,
            9,
            10,
            99,
            100,
            101,
            909,
            999,
            1000,
            1009,
            2047,
            9999,
            10_000,
            65_535,
            u32::MAX,
        ] {
            let (mut st, mut v) = (Stack::new(), Vec::new());
            for o in [&mut st as &mut dyn Bytes, &mut v] {
                o.push(b'[');
                o.decimal(n);
                o.extend(b",\"x\"");
            }
            let mut out = Vec::new();
            assert!(st.flush(&mut out));
            assert_eq!(out, v);
            assert_eq!(out, format!("[{n},\"x\"").as_bytes());
        }
        let mut st = Stack::new();
        st.extend(&[b'a'; 97]);
        let mut out = vec![b'x'];
        assert!(!st.flush(&mut out));
        assert_eq!(out, b"x");
    }

    #[test]
    fn numbers_are_decimal() {
        for n in [
            0,
            7,
            10,
            99,
            100,
            999,
            1000,
            9999,
            10_000,
            1234567,
            u64::MAX,
        ] {
            let mut out = Vec::new();
            number(&mut out, n);
            assert_eq!(out, n.to_string().as_bytes());
        }
    }
}
