// Shared by the position fuzz target and `tests/fuzz_corpus.rs`: included,
// not a module, so the fuzz crate needs no library of its own. Paths are
// written in full so that it can be included beside the other bodies.

/// Reads `data` as a position of every game, as `--fen` does, and as the
/// `[FEN]` tag of a record the verifier replays. Invariants: no panic; a
/// position that is read lists its moves, and the position string it
/// writes reads back as the same position string; the verifier's totals
/// are consistent.
fn check_position(data: &[u8]) {
    use xpgn::rules::family::GamePosition as _;
    let text = String::from_utf8_lossy(data);
    for variant in xpgn::rules::Variant::ALL {
        if let Ok(pos) = xpgn::rules::family::AnyPosition::setup(variant, Some(&text)) {
            let _ = pos.legal_moves();
            let fen = pos.fen();
            let again = xpgn::rules::family::AnyPosition::setup(variant, Some(&fen))
                .unwrap_or_else(|e| panic!("{variant:?}: {fen:?} does not read back: {e}"));
            assert_eq!(again.fen(), fen, "{variant:?}");
        }
        // The same text as a record's start position, with one move.
        let value: String = text
            .chars()
            .filter(|c| !matches!(c, '"' | '\\' | '\n' | '\r'))
            .collect();
        let pgn = format!(
            "[Variant \"{}\"]\n[SetUp \"1\"]\n[FEN \"{value}\"]\n\n1. e4 *\n",
            variant.name()
        );
        let mut verifier = xpgn::verify::Verifier::new("fuzz.pgn");
        xpgn::notation::Reader::new(pgn.as_bytes())
            .read_all(&mut verifier)
            .expect("in-memory input cannot fail");
        let diagnostics = verifier.drain().count() as u64;
        let c = verifier.counts();
        assert_eq!(c.games, 1, "{pgn:?}");
        assert!(c.errors + c.warnings + c.notes <= diagnostics, "{c:?}");
    }
}
