// Shared by the fuzz target and `tests/notation_fuzz.rs` (which makes sure
// it compiles and holds on generated input): included, not a module, so the
// fuzz crate needs no library of its own.
use xpgn::diag::Span;
use xpgn::notation::{
    Event, Flow, Grammar, LineContext, Limits, Reader, SyntaxProblem, Visitor, parse_move,
};

struct Check {
    grammars: [Grammar; 4],
    len: u64,
    open_games: i64,
}

impl Check {
    fn span(&self, span: Span) {
        assert!(span.start <= span.end && span.end <= self.len, "{span:?}");
        assert!(span.line >= 1 && span.column >= 1);
    }
}

impl Visitor for Check {
    fn event(&mut self, e: Event<'_>, span: Span, _: &LineContext<'_>) -> Flow {
        self.span(span);
        match e {
            Event::BeginGame => self.open_games += 1,
            Event::EndGame => self.open_games -= 1,
            Event::Move { text, .. } => {
                assert!(!text.is_empty());
                for g in &self.grammars {
                    let _ = parse_move(g, text);
                }
            }
            _ => {}
        }
        assert!((0..=1).contains(&self.open_games));
        Flow::Continue
    }

    fn problem(&mut self, _: &SyntaxProblem, span: Span, _: &LineContext<'_>) -> Flow {
        self.span(span);
        Flow::Continue
    }
}

/// Runs the reader over `data` with default and small limits, checking the invariants.
pub fn check_reader(data: &[u8]) {
    let small = Limits {
        buffer_size: 0,
        max_token_len: 8,
        max_tag_line: 16,
        comment_chunk: 8,
        max_variation_depth: 2,
        ..Limits::default()
    };
    for limits in [Limits::default(), small] {
        let mut check = Check {
            grammars: [Grammar::chess(), Grammar::squares(), Grammar::pasgl(), Grammar::gast14()],
            len: data.len() as u64,
            open_games: 0,
        };
        let mut reader = Reader::with_limits(data, limits);
        reader.read_all(&mut check).expect("reading a slice cannot fail");
        assert_eq!(check.open_games, 0);
        for g in &check.grammars {
            let _ = parse_move(g, data);
        }
    }
}
