// Shared by the transcript fuzz target and `tests/fuzz_corpus.rs`:
// included, not a module, so the fuzz crate needs no library of its own.

/// Converts `data` as a printed transcript, as `--transcript` does, with
/// several games' move grammars, read back in small pieces. Invariants: no
/// panic; the PGN keeps the transcript line for line and ends with `*`;
/// the reader and the verifier take it.
fn check_transcript(data: &[u8]) {
    let input_lines = match data.last() {
        None => 0,
        Some(b'\n') => data.iter().filter(|&&b| b == b'\n').count(),
        Some(_) => data.iter().filter(|&&b| b == b'\n').count() + 1,
    };
    for (variant, grammar) in [
        ("Chess", xpgn::notation::Grammar::chess()),
        ("Hans38", xpgn::notation::Grammar::squares()),
        ("PASGL 312", xpgn::notation::Grammar::pasgl()),
    ] {
        let mut reader = xpgn::notation::transcript::TranscriptReader::new(
            grammar,
            data,
            &[("Variant", variant)],
        );
        let mut pgn = Vec::new();
        let mut piece = [0u8; 7];
        loop {
            let n = std::io::Read::read(&mut reader, &mut piece).expect("memory reads");
            if n == 0 {
                break;
            }
            pgn.extend_from_slice(&piece[..n]);
        }
        assert!(pgn.ends_with(b"*\n"), "{pgn:?}");
        let newlines = pgn.iter().filter(|&&b| b == b'\n').count();
        assert_eq!(newlines, input_lines + 1, "line for line, then '*'");
        let mut verifier = xpgn::verify::Verifier::new("fuzz.txt");
        xpgn::notation::Reader::new(&pgn[..])
            .read_all(&mut verifier)
            .expect("in-memory input cannot fail");
        let _ = verifier.drain().count();
    }
}
