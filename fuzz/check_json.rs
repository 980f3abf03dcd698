// Shared by the JSON fuzz target and `tests/fuzz_corpus.rs`: included, not
// a module, so the fuzz crate needs no library of its own.

/// Reads `data` as JSON or JSON Lines records, as `xpgn convert FILE.jsonl`
/// does. Invariants: no panic; every record's line is inside the input;
/// a record that is a game survives JSON -> game -> JSON -> game.
fn check_json(data: &[u8]) {
    let lines = data.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    let mut records = 0u64;
    xpgn::export::json::read_records(data, |record| {
        records += 1;
        assert!(record.line >= 1 && record.line <= lines, "line {} of {lines}", record.line);
        if let Ok(Ok(game)) = record.game.map(xpgn::export::json::from_json) {
            let json = xpgn::export::json::to_json(&game, None, None);
            let again = xpgn::export::json::from_json(json.clone())
                .expect("a game written as JSON reads back");
            assert_eq!(xpgn::export::json::to_json(&again, None, None), json);
        }
        Ok(())
    })
    .expect("in-memory input cannot fail");
    assert!(records <= data.len() as u64 + 1);
}
