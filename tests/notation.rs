//! Reader integration tests: inputs turned into event lists (STYLE B7), and
//! hostile inputs generated here.

use std::io::Read;

use xpgn::diag::{Code, Span};
use xpgn::notation::{
    CheckMark, Chunk, CommentStyle, Event, Flow, Grammar, Limits, LineContext, NagForm, Reader,
    SyntaxProblem, Visitor, parse_move,
};

/// Turns events into short strings; problems become `!code`.
#[derive(Default)]
struct CollectEvents {
    events: Vec<String>,
    spans: Vec<(String, Span, String, u32)>,
    skip_variations: bool,
    skip_game_at_tag: Option<&'static str>,
    stop_after_games: Option<usize>,
    games: usize,
}

fn show(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

impl Visitor for CollectEvents {
    fn event(&mut self, e: Event<'_>, span: Span, line: &LineContext<'_>) -> Flow {
        let mut flow = Flow::Continue;
        let s = match e {
            Event::BeginGame => "begin".to_string(),
            Event::Tag { name, value } => {
                if self.skip_game_at_tag.is_some_and(|t| t.as_bytes() == name) {
                    flow = Flow::SkipGame;
                }
                format!("[{} {}]", show(name), show(&value.decode()))
            }
            Event::BeginMovetext => "movetext".into(),
            Event::MoveNumber { number, dots } => format!("{number}{}", ".".repeat(dots.into())),
            Event::Move { text, check } => format!(
                "{}{}",
                show(text),
                match check {
                    CheckMark::None => "",
                    CheckMark::Check => "+",
                    CheckMark::Mate => "#",
                }
            ),
            Event::Nag {
                nag,
                form: NagForm::Dollar,
            } => format!("${nag}"),
            Event::Nag {
                nag,
                form: NagForm::Suffix,
            } => format!("suffix{nag}"),
            Event::Comment { text, style, chunk } => {
                let open = if style == CommentStyle::Brace {
                    "{"
                } else {
                    ";"
                };
                match chunk {
                    Chunk::Whole if style == CommentStyle::Brace => format!("{{{}}}", show(text)),
                    Chunk::Whole => format!("{open}{}", show(text)),
                    c => format!("{open}{c:?}:{}", text.len()),
                }
            }
            Event::BeginVariation => {
                if self.skip_variations {
                    flow = Flow::SkipVariation;
                }
                "(".into()
            }
            Event::EndVariation => ")".into(),
            Event::Result(r) => r.as_str().into(),
            Event::Escape { text } => show(text),
            Event::Unreadable { text } => format!("?{}", show(text)),
            Event::EndGame => {
                self.games += 1;
                if self.stop_after_games == Some(self.games) {
                    flow = Flow::Stop;
                }
                "end".into()
            }
        };
        self.spans
            .push((s.clone(), span, show(line.text()), line.first_column()));
        self.events.push(s);
        flow
    }

    fn problem(&mut self, p: &SyntaxProblem, span: Span, line: &LineContext<'_>) -> Flow {
        let s = format!("!{}", p.code);
        assert!(!p.message.is_empty());
        assert!(span.end >= span.start);
        self.spans
            .push((s.clone(), span, show(line.text()), line.first_column()));
        self.events.push(s);
        Flow::Continue
    }
}

fn collect_with(input: &[u8], limits: Limits) -> CollectEvents {
    let mut c = CollectEvents::default();
    Reader::with_limits(input, limits).read_all(&mut c).unwrap();
    c
}

fn events(input: &str) -> Vec<String> {
    collect_with(input.as_bytes(), Limits::default()).events
}

fn ev(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn problems(c: &CollectEvents) -> Vec<&str> {
    c.events
        .iter()
        .filter_map(|e| e.strip_prefix('!'))
        .collect()
}

#[test]
fn simple_game() {
    let pgn = "[Event \"Casual\"]\n[White \"A \\\"x\\\"\"]\n\n1. e4 e5 2. Nf3 $1 {good} Nc6 1-0\n";
    assert_eq!(
        events(pgn),
        ev(&[
            "begin",
            "[Event Casual]",
            "[White A \"x\"]",
            "movetext",
            "1.",
            "e4",
            "e5",
            "2.",
            "Nf3",
            "$1",
            "{good}",
            "Nc6",
            "1-0",
            "end"
        ])
    );
}

#[test]
fn several_tags_on_one_line_and_whitespace() {
    assert_eq!(
        events("[A \"1\"] [ B   \"2\" ]\t[C \"3\"]\n*"),
        ev(&["begin", "[A 1]", "[B 2]", "[C 3]", "movetext", "*", "end"])
    );
}

#[test]
fn crlf_bom_tabs() {
    let pgn = "\u{feff}[Event \"x\"]\r\n\r\n1.\te4\te5\r\n2. Nf3 ; hi\r\n*\r\n";
    let c = collect_with(pgn.as_bytes(), Limits::default());
    assert_eq!(
        c.events,
        ev(&[
            "begin",
            "[Event x]",
            "movetext",
            "1.",
            "e4",
            "e5",
            "2.",
            "Nf3",
            "; hi",
            "*",
            "end"
        ])
    );
    // Columns count from after the BOM; the CR is not part of the line.
    let (_, span, line, _) = &c.spans[1];
    assert_eq!((span.line, span.column, span.start), (1, 1, 3));
    assert_eq!(line, "[Event \"x\"]");
    let (_, span, line, _) = c.spans.iter().find(|s| s.0 == "Nf3").unwrap();
    assert_eq!((span.line, span.column), (4, 4));
    assert_eq!(line, "2. Nf3 ; hi");
}

#[test]
fn escape_lines() {
    assert_eq!(
        events("% header\n[A \"1\"]\n1. e4\n% inside\ne5 *"),
        ev(&[
            "begin", "% header", "[A 1]", "movetext", "1.", "e4", "% inside", "e5", "*", "end"
        ])
    );
    // `%` not in column 1 is a move token like any other.
    assert_eq!(events("1. e4 %x *")[4], "%x");
}

#[test]
fn text_before_tags_is_prose() {
    let c = collect_with(
        b"This is a collection of games.\nEnjoy!\n[A \"1\"]\n*\n",
        Limits::default(),
    );
    assert_eq!(
        c.events,
        ev(&[
            "!text-before-tags",
            "begin",
            "[A 1]",
            "movetext",
            "*",
            "end"
        ])
    );
    assert_eq!(c.spans[0].1.end, 38);
}

#[test]
fn games_without_tags() {
    assert_eq!(
        events("1. e4 e5 1-0\n\n1. d4 d5 0-1\n"),
        ev(&[
            "begin", "movetext", "1.", "e4", "e5", "1-0", "end", "begin", "movetext", "1.", "d4",
            "d5", "0-1", "end"
        ])
    );
}

#[test]
fn move_numbers_attached() {
    assert_eq!(
        events("1.e4 1...e5 2.Nf3 2... Nc6 3 Bb5 *")[2..],
        ev(&[
            "1.", "e4", "1...", "e5", "2.", "Nf3", "2...", "Nc6", "3", "Bb5", "*", "end"
        ])[..]
    );
}

#[test]
fn move_token_special_cases() {
    assert_eq!(
        events(
            "1. e8(Q) O-O 0-0-0 -- *T-e1-e2 -Be1-e2 Hd1-d2 _Pd4 Ng1-f3,@@e3 @g8-e6 e8=Q+ Qh7# Kxe2++ *"
        )[2..],
        ev(&[
            "1.",
            "e8(Q)",
            "O-O",
            "0-0-0",
            "--",
            "*T-e1-e2",
            "-Be1-e2",
            "Hd1-d2",
            "_Pd4",
            "Ng1-f3,@@e3",
            "@g8-e6",
            "e8=Q+",
            "Qh7#",
            "Kxe2+",
            "*",
            "end"
        ])[..]
    );
    // `(` after a move that is not `(X)` opens a variation.
    assert_eq!(events("e4(e5) *")[2..6], ev(&["e4", "(", "e5", ")"])[..]);
}

#[test]
fn suffix_annotations() {
    assert_eq!(
        events("e4! e5? Nf3!! Nc6?? Bb5!? a6?! Ba4+!? ! $200 *")[2..],
        ev(&[
            "e4", "suffix1", "e5", "suffix2", "Nf3", "suffix3", "Nc6", "suffix4", "Bb5", "suffix5",
            "a6", "suffix6", "Ba4+", "suffix5", "suffix1", "$200", "*", "end"
        ])[..]
    );
    let c = collect_with(b"e4!!! $300 $ *", Limits::default());
    assert_eq!(
        problems(&c),
        ["unexpected-token", "unexpected-token", "unexpected-token"]
    );
}

#[test]
fn results_all_forms() {
    for r in ["1-0", "0-1", "1/2-1/2", "*"] {
        assert_eq!(events(&format!("e4 {r}"))[3], r);
    }
    assert_eq!(events("e4 ½-½")[3], "1/2-1/2");
}

#[test]
fn nested_variations_and_skip() {
    let pgn = "1. e4 (1. d4 d5 (1... Nf6 2. c4)) e5 *";
    assert_eq!(
        events(pgn)[2..],
        ev(&[
            "1.", "e4", "(", "1.", "d4", "d5", "(", "1...", "Nf6", "2.", "c4", ")", ")", "e5", "*",
            "end"
        ])[..]
    );
    let mut c = CollectEvents {
        skip_variations: true,
        ..Default::default()
    };
    Reader::new(pgn.as_bytes()).read_all(&mut c).unwrap();
    assert_eq!(
        c.events[2..],
        ev(&["1.", "e4", "(", ")", "e5", "*", "end"])[..]
    );
}

#[test]
fn skip_game_and_stop() {
    let pgn = "[A \"1\"]\n[Skip \"x\"]\n[B \"2\"]\n1. e4 (e3) { x } *\n[A \"2\"]\n1. d4 *\n[A \"3\"]\n*\n";
    let mut c = CollectEvents {
        skip_game_at_tag: Some("Skip"),
        ..Default::default()
    };
    Reader::new(pgn.as_bytes()).read_all(&mut c).unwrap();
    assert_eq!(
        c.events,
        ev(&[
            "begin", "[A 1]", "[Skip x]", "end", "begin", "[A 2]", "movetext", "1.", "d4", "*",
            "end", "begin", "[A 3]", "movetext", "*", "end"
        ])
    );
    let mut c = CollectEvents {
        stop_after_games: Some(1),
        ..Default::default()
    };
    let mut r = Reader::new(pgn.as_bytes());
    assert!(!r.read_game(&mut c).unwrap());
    assert!(!r.read_game(&mut c).unwrap());
    assert_eq!(c.games, 1);
}

#[test]
fn many_games_and_missing_result() {
    let one = "[Event \"x\"]\n\n1. e4 e5 1/2-1/2\n\n";
    let pgn = one.repeat(1000);
    let c = collect_with(pgn.as_bytes(), Limits::default());
    assert_eq!(c.games, 1000);
    assert!(problems(&c).is_empty());

    let c = collect_with(
        b"[A \"1\"]\n1. e4 e5\n[A \"2\"]\n1. d4\n",
        Limits::default(),
    );
    assert_eq!(
        c.events,
        ev(&[
            "begin",
            "[A 1]",
            "movetext",
            "1.",
            "e4",
            "e5",
            "!missing-result",
            "end",
            "begin",
            "[A 2]",
            "movetext",
            "1.",
            "d4",
            "!missing-result",
            "end"
        ])
    );
    let span = c.spans[6].1;
    assert_eq!((span.line, span.column), (3, 1));
}

#[test]
fn spans_line_and_column() {
    let mut pgn = String::new();
    for t in ["Event", "Site", "Date", "Round", "White", "Black", "Result"] {
        pgn.push_str(&format!("[{t} \"?\"]\n"));
    }
    pgn.push('\n');
    pgn.push_str("1. d4 d5 2. Bc4 Nf6 3. Nf3 *\n");
    let c = collect_with(pgn.as_bytes(), Limits::default());
    let (_, span, line, first_column) = c.spans.iter().find(|s| s.0 == "Bc4").unwrap();
    assert_eq!((span.line, span.column), (9, 13));
    assert_eq!(span.end - span.start, 3);
    assert_eq!(&pgn[span.start as usize..span.end as usize], "Bc4");
    assert_eq!(line, "1. d4 d5 2. Bc4 Nf6 3. Nf3 *");
    assert_eq!(*first_column, 1);
    // A suffix NAG after a move number prefix has its own span.
    let c = collect_with(b"\n  12...Qh4+!?", Limits::default());
    let (_, s, _, _) = c.spans.iter().find(|s| s.0 == "suffix5").unwrap();
    assert_eq!((s.line, s.column, s.end - s.start), (2, 12, 2));
    let (_, s, _, _) = c.spans.iter().find(|s| s.0 == "Qh4+").unwrap();
    assert_eq!((s.line, s.column, s.end - s.start), (2, 8, 4));
}

#[test]
fn comments_before_tags_and_multiline() {
    let c = collect_with(b"{intro}\n[A \"1\"]\n{a\nb} e4 {\n} *", Limits::default());
    assert_eq!(
        c.events,
        ev(&[
            "begin", "{intro}", "[A 1]", "{a\nb}", "movetext", "e4", "{\n}", "*", "end"
        ])
    );
    // After the blank line that ends the tag section, a comment is movetext.
    assert_eq!(
        events("[A \"1\"]\n{between}\n[B \"2\"]\n\n{game} e4 *"),
        ev(&[
            "begin",
            "[A 1]",
            "{between}",
            "[B 2]",
            "movetext",
            "{game}",
            "e4",
            "*",
            "end"
        ])
    );
    let (_, s, _, _) = c.spans.iter().find(|s| s.0 == "e4").unwrap();
    assert_eq!((s.line, s.column), (4, 4));
}

#[test]
fn brace_inside_comment_is_text() {
    assert_eq!(
        events("e4 {a {b} c *")[2..5],
        ev(&["e4", "{a {b}", "c"])[..]
    );
}

// ----- hostile input -----

/// A tiny deterministic generator, so that failures reproduce.
fn lcg(seed: &mut u64) -> u8 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (*seed >> 56) as u8
}

#[test]
fn binary_garbage() {
    let mut seed = 1;
    let garbage: Vec<u8> = (0..200_000).map(|_| lcg(&mut seed)).collect();
    let c = collect_with(&garbage, Limits::default());
    let p = problems(&c);
    assert!(p.contains(&"binary-data"));
    // Not one problem per byte.
    assert!(p.len() < 200, "{} problems", p.len());

    let mut input = b"[A \"1\"]\n1. e4 ".to_vec();
    input.extend_from_slice(&garbage[..5000]);
    input.extend_from_slice(b"\n[A \"2\"]\n1. d4 *\n");
    let c = collect_with(&input, Limits::default());
    assert_eq!(
        problems(&c).iter().filter(|p| **p == "binary-data").count(),
        1
    );
    assert!(
        c.events
            .ends_with(&ev(&["begin", "[A 2]", "movetext", "1.", "d4", "*", "end"]))
    );
}

#[test]
fn nul_byte_is_binary() {
    let c = collect_with(b"1. e4 \0\0 e5 *\n[A \"1\"]\n*", Limits::default());
    assert_eq!(
        c.events,
        ev(&[
            "begin",
            "movetext",
            "1.",
            "e4",
            "!binary-data",
            "end",
            "begin",
            "[A 1]",
            "movetext",
            "*",
            "end"
        ])
    );
}

#[test]
fn stray_control_byte() {
    let c = collect_with(b"1. e4 \x1a e5 *", Limits::default());
    assert_eq!(problems(&c), ["unexpected-token"]);
    assert!(c.events.contains(&"e5".into()));
}

const FIXTURE: &str = "\u{feff}% escape\n[Event \"Cut\"] [Site \"h\u{e9}re\"]\n{pre}\n\n\
1. e4 e5!? 2. Nf3 (2. f4 {gambit} exf4 (2... d5)) 2... Nc6 $14 ; line\r\n\
3. Bb5 a6 4. e8(Q) O-O 5. @@f3 Ng1-f3,@@e3 *T-e1-e2 1/2-1/2\n\
[Event \"Two\"]\n1. d4 d5 2. c4 *\n1.e4 0-1\n";

#[test]
fn fixture_cut_at_every_byte() {
    let bytes = FIXTURE.as_bytes();
    for cut in 0..=bytes.len() {
        for limits in [Limits::default(), tiny_limits()] {
            let c = collect_with(&bytes[..cut], limits);
            let begins = c.events.iter().filter(|e| *e == "begin").count();
            let ends = c.events.iter().filter(|e| *e == "end").count();
            assert_eq!(begins, ends, "cut at {cut}");
        }
    }
}

fn tiny_limits() -> Limits {
    Limits {
        buffer_size: 0,
        max_token_len: 8,
        max_tag_line: 16,
        comment_chunk: 8,
        max_variation_depth: 1,
        ..Limits::default()
    }
}

/// Yields its input a few bytes per `read`, to exercise buffer refills.
struct Trickle<'a>(&'a [u8], usize);

impl Read for Trickle<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = self.1.min(out.len()).min(self.0.len());
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn trickle_reads_same_events() {
    let whole = collect_with(FIXTURE.as_bytes(), Limits::default());
    assert_eq!(problems(&whole), Vec::<&str>::new());
    for step in [1, 2, 3, 7] {
        let mut c = CollectEvents::default();
        Reader::new(Trickle(FIXTURE.as_bytes(), step))
            .read_all(&mut c)
            .unwrap();
        assert_eq!(c.events, whole.events, "step {step}");
        assert_eq!(c.spans, whole.spans, "step {step}");
    }
}

#[test]
fn tiny_limits_chunk_and_report() {
    let c = collect_with(FIXTURE.as_bytes(), tiny_limits());
    let p = problems(&c);
    // Chunks of at most 8 bytes, never splitting the `é`.
    let long = collect_with("e4 {abcdefgé0123456789} *".as_bytes(), tiny_limits());
    assert_eq!(
        long.events[3..7],
        ev(&["{First:7", "{Middle:8", "{Last:4", "*"])[..]
    );
    assert!(p.contains(&"variation-too-deep"), "{p:?}");
    assert!(p.contains(&"token-too-long"), "{p:?}");
    assert!(c.events.contains(&"[Event Cut]".to_string()));
}

#[test]
fn hundred_thousand_nested_parens() {
    let mut input = "1. e4 ".to_string();
    input.push_str(&"(".repeat(100_000));
    input.push_str(" e5");
    let c = collect_with(input.as_bytes(), Limits::default());
    assert_eq!(
        problems(&c),
        [
            "variation-too-deep",
            "unterminated-variation",
            "missing-result"
        ]
    );
    assert_eq!(c.events.iter().filter(|e| *e == "(").count(), 256);
    // Closed again: the game goes on normally.
    input.push_str(&")".repeat(100_000));
    input.push_str(" Nf3 *");
    let c = collect_with(input.as_bytes(), Limits::default());
    assert_eq!(problems(&c), ["variation-too-deep"]);
    assert!(c.events.ends_with(&ev(&[")", "Nf3", "*", "end"])));
}

/// `{`, `len` bytes of comment text (multi-byte UTF-8), `}`, generated lazily.
struct HugeComment {
    len: u64,
    pos: u64,
}

impl Read for HugeComment {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let total = self.len + 2 + 2;
        let mut n = 0;
        while n < out.len() && self.pos < total {
            out[n] = match self.pos {
                0 => b'{',
                p if p == total - 3 => b'}',
                p if p == total - 2 => b' ',
                p if p == total - 1 => b'*',
                p => "é".as_bytes()[((p - 1) % 2) as usize],
            };
            n += 1;
            self.pos += 1;
        }
        Ok(n)
    }
}

#[derive(Default)]
struct ChunkStats {
    chunks: Vec<Chunk>,
    bytes: u64,
    max_chunk: usize,
    all_utf8: bool,
    results: usize,
}

impl Visitor for ChunkStats {
    fn event(&mut self, e: Event<'_>, _: Span, _: &LineContext<'_>) -> Flow {
        match e {
            Event::Comment { text, chunk, .. } => {
                if self.chunks.len() < 3 || chunk == Chunk::Last {
                    self.chunks.push(chunk);
                }
                self.bytes += text.len() as u64;
                self.max_chunk = self.max_chunk.max(text.len());
                if self.chunks.len() == 1 {
                    self.all_utf8 = true;
                }
                self.all_utf8 &= std::str::from_utf8(text).is_ok();
            }
            Event::Result(_) => self.results += 1,
            _ => {}
        }
        Flow::Continue
    }
}

#[test]
fn fifty_megabyte_comment_streams() {
    let len = 50 * 1024 * 1024;
    let mut reader = Reader::new(HugeComment { len, pos: 0 });
    let capacity = reader.buffer_capacity();
    let mut stats = ChunkStats::default();
    reader.read_all(&mut stats).unwrap();
    assert_eq!(reader.buffer_capacity(), capacity);
    assert!(capacity < 1024 * 1024);
    assert_eq!(stats.bytes, len);
    assert_eq!(
        stats.chunks,
        [Chunk::First, Chunk::Middle, Chunk::Middle, Chunk::Last]
    );
    assert!(stats.max_chunk <= reader.limits().comment_chunk);
    assert!(stats.all_utf8, "chunks split a UTF-8 sequence");
    assert_eq!(stats.results, 1);
    assert_eq!(reader.bytes_read(), len + 4);
}

#[test]
fn invalid_utf8_passes_through_with_one_warning_per_game() {
    // Both the tag and the comment are not UTF-8: one report is enough.
    let c = collect_with(b"[A \"\xff\xfe\"]\n{\xc3(} e4 *", Limits::default());
    assert_eq!(problems(&c), ["invalid-utf8"]);
    let again = collect_with(
        b"[A \"ok\"]\n{\xe9t\xe9} e4 *\n\n[A \"\xe9\"]\n e4 *",
        Limits::default(),
    );
    assert_eq!(problems(&again), ["invalid-utf8", "invalid-utf8"]);
    let clean = collect_with("[A \"é\"]\n{naïve} e4 *".as_bytes(), Limits::default());
    assert!(problems(&clean).is_empty());
    assert_eq!(c.events[2], "[A \u{fffd}\u{fffd}]");
    assert_eq!(xpgn::notation::first_invalid_utf8(b"ab\xffc"), Some(2));
    assert_eq!(xpgn::notation::first_invalid_utf8("é".as_bytes()), None);
}

#[test]
fn unterminated_comment_and_tag() {
    let c = collect_with(b"[A \"1\"]\n1. e4 {never closed\n\nmore", Limits::default());
    assert_eq!(problems(&c), ["unterminated-comment", "missing-result"]);
    let (_, span, line, _) = c
        .spans
        .iter()
        .find(|s| s.0 == "!unterminated-comment")
        .unwrap();
    assert_eq!((span.line, span.column, span.end), (2, 7, 33));
    assert_eq!(line, "1. e4 {never closed");

    let c = collect_with(b"[A \"1\n[B \"2\"]\n[C \"x\"\n*", Limits::default());
    assert_eq!(problems(&c), ["unterminated-tag", "unterminated-tag"]);
    assert!(c.events.contains(&"[B 2]".to_string()));
}

#[test]
fn malformed_tags_and_parens() {
    let c = collect_with(
        b"[A x] [B \"2\"]\n[ \"v\"]\n1. e4 ) e5 ] *",
        Limits::default(),
    );
    assert_eq!(
        problems(&c),
        [
            "malformed-tag",
            "malformed-tag",
            "unmatched-parenthesis",
            "unexpected-token"
        ]
    );
    assert!(c.events.contains(&"[B 2]".to_string()));
}

#[test]
fn token_too_long() {
    let mut input = "1. e4 ".to_string();
    input.push_str(&"a".repeat(100_000));
    input.push_str(" e5 *");
    let c = collect_with(input.as_bytes(), Limits::default());
    assert_eq!(problems(&c), ["token-too-long"]);
    assert!(c.events.ends_with(&ev(&["e5", "*", "end"])));
}

#[test]
fn long_line_of_moves_is_linear() {
    // One line of 2 MB: the line context must not be rescanned per token.
    let input = "1. ".to_string() + &"e4 e5 ".repeat(350_000) + "*";
    struct Count(usize, usize);
    impl Visitor for Count {
        fn event(&mut self, _: Event<'_>, _: Span, line: &LineContext<'_>) -> Flow {
            self.0 += 1;
            self.1 = self.1.max(line.text().len());
            Flow::Continue
        }
    }
    let start = std::time::Instant::now();
    let mut c = Count(0, 0);
    Reader::new(input.as_bytes()).read_all(&mut c).unwrap();
    assert_eq!(c.0, 700_000 + 5);
    assert!(c.1 > 1000, "the line context shows the long line");
    assert!(start.elapsed().as_secs() < 30);
}

#[test]
fn reader_tokens_parse_with_grammars() {
    #[derive(Default)]
    struct Moves(Vec<Vec<u8>>);
    impl Visitor for Moves {
        fn event(&mut self, e: Event<'_>, _: Span, _: &LineContext<'_>) -> Flow {
            if let Event::Move { text, .. } = e {
                self.0.push(text.to_vec());
            }
            Flow::Continue
        }
    }
    let mut m = Moves::default();
    Reader::new(&b"1. e4+ e5 2. Nf3!? Nc6 3. Bxc6# dxc6 4. e8(Q) exd1=N *"[..])
        .read_all(&mut m)
        .unwrap();
    for t in &m.0 {
        assert!(parse_move(&Grammar::chess(), t).is_ok(), "{}", show(t));
    }
    let mut m = Moves::default();
    Reader::new(&b"1. Df1-e3/F _Pd4 *-Te1-e2 2. Hd2>d5 -- *"[..])
        .read_all(&mut m)
        .unwrap();
    for t in &m.0 {
        assert!(parse_move(&Grammar::pasgl(), t).is_ok(), "{}", show(t));
    }
}

#[test]
fn codes_used_exist() {
    for code in [
        Code::BinaryData,
        Code::TextBeforeTags,
        Code::VariationTooDeep,
    ] {
        assert!(!code.as_str().is_empty());
    }
}
