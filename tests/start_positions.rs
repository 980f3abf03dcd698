//! The verifier's start positions against `setup::start_position`, game by
//! game: the verifier keeps the last start position it read and copies it
//! while the setup tags stay the same, so a file whose tags change from
//! game to game (back and forth, one tag at a time) must still start each
//! game where its own tags say, on every path.

use xpgn::notation::Reader;
use xpgn::rules::family::{AnyPosition, GamePosition};
use xpgn::rules::setup::{SetupTags, start_position};
use xpgn::verify::{GameReport, Observer, Verifier};

/// Each game's start position as text (none for a skipped game), with
/// what only the position's rules hold (the squares family's Postal rule).
#[derive(Debug, Default, PartialEq)]
struct Starts {
    pending: Option<String>,
    games: Vec<Option<String>>,
}

fn describe(p: &AnyPosition) -> String {
    format!("{p:?} {} {:?}", p.fen(), p.as_squares().map(|s| s.config()))
}

impl Observer for Starts {
    fn start_position(&mut self, start: &AnyPosition) {
        self.pending = Some(describe(start));
    }

    fn end_game(&mut self, _: &GameReport, _: Option<&AnyPosition>) {
        let start = self.pending.take();
        self.games.push(start);
    }
}

const FEN_A: &str = "8/8/8/8/8/8/8/K1k5 w - - 0 1";
const FEN_B: &str = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";

/// Setup tags of the games, in file order: repeats, and neighbours that
/// differ in one tag only.
fn games() -> Vec<Vec<(&'static str, &'static str)>> {
    vec![
        vec![],
        vec![("Variant", "Infinite Reserves")],
        vec![("Variant", "Infinite Reserves")],
        vec![("Variant", "Hans38"), ("Postal", "yes")],
        vec![("Variant", "Hans38")],
        vec![("Variant", "Hans38"), ("Postal", "yes")],
        vec![("Variant", "Hans38"), ("Postal", "plus")],
        vec![("Variant", "Hans38"), ("Postal", "maybe")],
        vec![("Variant", "Hans38"), ("Postal", "plus")],
        vec![("FEN", FEN_A)],
        vec![("FEN", FEN_A)],
        vec![("SetUp", "1"), ("FEN", FEN_A)],
        vec![("SetUp", "1"), ("FEN", FEN_B)],
        vec![("SetUp", "1")],
        vec![("FEN", FEN_B)],
        vec![("Variant", "Chess960"), ("FEN", FEN_B)],
        vec![("Variant", "Gast"), ("Readings", "G8b")],
        vec![("Variant", "Gast")],
        vec![("Variant", "Gast"), ("Readings", "G8b")],
        vec![("Variant", "Gast"), ("Readings", "P4b")],
        vec![("Variant", "Nonesuch")],
        vec![("Variant", "Infinite Reserves")],
        vec![("Variant", "Squirrel")],
        vec![("Variant", "Squirrel")],
        vec![("Variant", "PASGL312"), ("Readings", "P4b")],
        vec![("Variant", "PASGL312")],
        vec![("Variant", "Atomic"), ("FEN", FEN_B)],
        vec![("Variant", "Atomic"), ("FEN", FEN_A)],
        vec![("Variant", "Moving Squares")],
        vec![("Variant", "Infinite Reserves")],
        vec![],
    ]
}

fn file(games: &[Vec<(&str, &str)>]) -> String {
    let mut out = String::new();
    for (i, tags) in games.iter().enumerate() {
        out.push_str(&format!("[Event \"{i}\"]\n"));
        for (name, value) in tags {
            out.push_str(&format!("[{name} \"{value}\"]\n"));
        }
        out.push_str("\n*\n\n");
    }
    out
}

fn verify(text: &str, general: bool) -> Starts {
    let mut v = Verifier::with_observer("starts.pgn", Starts::default());
    if general {
        v = v.without_shortcut();
    }
    Reader::new(text.as_bytes())
        .read_all(&mut v)
        .expect("reads memory");
    v.into_observer()
}

#[test]
fn every_game_starts_where_its_own_tags_say() {
    let games = games();
    // Twice over: the second round starts with the first round's last
    // position kept.
    let all: Vec<_> = games.iter().chain(games.iter()).cloned().collect();
    let text = file(&all);
    let expected: Vec<Option<String>> = all
        .iter()
        .map(|tags| {
            let pairs: Vec<(String, String)> = tags
                .iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect();
            start_position(&SetupTags::from_pairs(&pairs))
                .ok()
                .map(|p| describe(&p))
        })
        .collect();
    assert!(
        expected.iter().filter(|s| s.is_none()).count() >= 4,
        "the list has games whose tags give no position"
    );
    let kept = verify(&text, false);
    let general = verify(&text, true);
    assert_eq!(kept.games.len(), all.len());
    for (i, want) in expected.iter().enumerate() {
        assert_eq!(&kept.games[i], want, "game {i} ({:?})", all[i]);
        assert_eq!(&general.games[i], want, "game {i} ({:?}), general", all[i]);
    }
}

#[test]
fn the_postal_rule_is_part_of_the_start() {
    // The same board with and without the Postal rule: a kept Hans38 start
    // without it must not serve a game with it.
    let text = file(&[
        vec![("Variant", "Hans38")],
        vec![("Variant", "Hans38"), ("Postal", "yes")],
    ]);
    let starts = verify(&text, false);
    assert_eq!(starts.games.len(), 2);
    assert_ne!(starts.games[0], starts.games[1]);
}
