//! Random games of the seven lichess variants made by python-chess
//! (`scripts/lichess_random_games.py`, seeded; committed under
//! `tests/data/lichess/`): `check` accepts every legal move, ends on the
//! position python-chess prints, and rejects the one illegal move planted
//! in every second game at its ply.

use std::path::Path;

use xpgn::notation::reader::Reader;
use xpgn::rules::family::{AnyPosition, GamePosition};
use xpgn::verify::{GameReport, Observer, Verifier};

#[derive(Default)]
struct Finals(Vec<(GameReport, Option<String>)>);

impl Observer for Finals {
    fn end_game(&mut self, report: &GameReport, last: Option<&AnyPosition>) {
        self.0.push((report.clone(), last.map(|p| p.fen())));
    }
}

#[test]
fn lichess_random_games_agree_with_python_chess_and_planted_moves_are_rejected() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/lichess");
    let expected = std::fs::read_to_string(dir.join("random.tsv")).expect("committed");
    let pgn = std::fs::File::open(dir.join("random.pgn")).expect("committed");
    let mut verifier = Verifier::with_observer(String::from("random.pgn"), Finals::default());
    let mut reader = Reader::new(pgn);
    while reader.read_game(&mut verifier).expect("readable") {
        verifier.drain().for_each(drop);
    }
    let ours = &verifier.observer().0;
    let rows: Vec<Vec<&str>> = expected
        .lines()
        .skip(2)
        .map(|l| l.split('\t').collect())
        .collect();
    assert_eq!(ours.len(), rows.len(), "one report per game");
    assert!(rows.len() >= 42, "six games of each of the seven variants");
    let mut planted = 0;
    for ((report, fen), row) in ours.iter().zip(&rows) {
        let (game, variant, plies, planted_ply, want_fen) =
            (row[0], row[1], row[2], row[3], row[4]);
        assert_eq!(report.skipped, None, "game {game} ({variant}) skipped");
        assert_eq!(fen.as_deref(), Some(want_fen), "game {game} ({variant})");
        let want_error = planted_ply.parse::<u32>().ok();
        assert_eq!(
            report.mainline_error_ply, want_error,
            "game {game} ({variant}): {:?}",
            report.first_error
        );
        if want_error.is_some() {
            planted += 1;
            let message = report.first_error.as_deref().unwrap_or_default();
            assert!(
                message.contains(variant),
                "game {game}: the message names the variant's rule: {message}"
            );
        } else {
            assert_eq!(report.plies.to_string(), plies, "game {game} ({variant})");
        }
    }
    assert!(
        planted >= 14,
        "planted moves in at least two games of each variant"
    );
}
