// Shared by the verifier fuzz target and `tests/verifier_fuzz.rs` (which
// makes sure it compiles and holds on generated input): included, not a
// module, so the fuzz crate needs no library of its own.
use xpgn::notation::Reader as VerifyReader;
use xpgn::verify::Verifier;

/// Verifies `data` as a PGN file. Invariants: no panic; every diagnostic
/// with a place points inside the input; the totals are consistent.
/// Returns the totals.
fn check_verifier(data: &[u8]) -> xpgn::verify::Counts {
    let mut verifier = Verifier::new("fuzz.pgn");
    let mut reader = VerifyReader::new(data);
    let len = data.len() as u64;
    let mut diagnostics = 0u64;
    let mut more = true;
    while more {
        more = reader
            .read_game(&mut verifier)
            .expect("in-memory input cannot fail");
        for d in verifier.drain() {
            // A line saying how many were not shown stands for them.
            diagnostics += d.suppressed.max(1);
            assert!(d.suppressed == 0 || d.message.contains("not shown"));
            if let Some(span) = d.span {
                assert!(span.start <= span.end && span.end <= len, "{span:?}");
                assert!(span.line >= 1 && span.column >= 1, "{span:?}");
            }
            assert!(!d.message.is_empty());
        }
    }
    let c = verifier.counts();
    assert!(c.invalid_games <= c.games && c.skipped_games <= c.games, "{c:?}");
    assert!(c.errors + c.warnings + c.notes <= diagnostics, "{c:?}");
    c
}
