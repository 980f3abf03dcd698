//! What the verifier-path tests (`verify_paths*.rs`) share: the seeded
//! random numbers, an observer that writes down everything it is told, and
//! the comparison of the shortcut path with the general one on one record.
//! One copy, so that every family's shortcut is held to the general path
//! by the same test.

use xpgn::diag::Diagnostic;
use xpgn::notation::Reader;
use xpgn::rules::family::{AnyPosition, GamePosition};
use xpgn::rules::playout::SplitMix64;
use xpgn::verify::{Counts, GameReport, Observer, Ply, Verifier};

/// The playout generator's seeded random numbers, with the one extra
/// question these tests ask.
pub struct Rng(pub SplitMix64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0.below(n.max(1))
    }

    pub fn one_in(&mut self, n: u64) -> bool {
        self.0.next_u64() % n == 0
    }
}

/// Everything an observer is told, as text. A ply's line ends with its
/// check, mate and recovery flags, in that order.
#[derive(Debug, Default, PartialEq)]
pub struct Told(pub Vec<String>);

impl Observer for Told {
    fn start_position(&mut self, start: &AnyPosition) {
        self.0.push(format!("start {}", start.fen()));
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        let mut san = String::new();
        ply.write_san(&mut san);
        let mut lan = String::new();
        ply.write_lan(&mut lan);
        self.0.push(format!(
            "{} {} {san} {lan} {} {} {} {} {}",
            ply.number,
            ply.mainline,
            ply.before.fen(),
            ply.after.fen(),
            ply.check,
            ply.mate,
            ply.recovered
        ));
    }

    fn end_game(&mut self, report: &GameReport, last: Option<&AnyPosition>) {
        self.0
            .push(format!("end {report:?} {:?}", last.map(AnyPosition::fen)));
    }

    fn wants_plies(&self) -> bool {
        true
    }
}

fn verify(text: &str, shortcut: bool) -> (Vec<Diagnostic>, Counts, Told) {
    let mut v = Verifier::with_observer("random.pgn", Told::default());
    if !shortcut {
        v = v.without_shortcut();
    }
    Reader::new(text.as_bytes())
        .read_all(&mut v)
        .expect("reads memory");
    let diagnostics = v.drain().collect();
    let counts = v.counts();
    (diagnostics, counts, v.into_observer())
}

/// Diagnostics and counts alone, with the observer that asks for nothing
/// (the path `check` takes).
fn verify_plain(text: &str) -> (Vec<Diagnostic>, Counts) {
    let mut v = Verifier::new("random.pgn");
    Reader::new(text.as_bytes())
        .read_all(&mut v)
        .expect("reads memory");
    let diagnostics = v.drain().collect();
    (diagnostics, v.counts())
}

/// Verifies `text` with the shortcuts and without, and with no observer;
/// fails (naming `label`, e.g. the game and seed) unless all three give
/// the same diagnostics and counts and both observers are told the same.
/// Returns the shortcut path's results.
pub fn agree(label: &str, text: &str) -> (Vec<Diagnostic>, Counts, Told) {
    let quick = verify(text, true);
    let general = verify(text, false);
    assert_eq!(
        format!("{:?}", quick.0),
        format!("{:?}", general.0),
        "{label}: diagnostics differ:\n{text}"
    );
    assert_eq!(quick.1, general.1, "{label}: counts differ:\n{text}");
    assert_eq!(quick.2, general.2, "{label}: plies differ:\n{text}");
    let plain = verify_plain(text);
    assert_eq!(
        format!("{plain:?}"),
        format!("{:?}", (&quick.0, quick.1)),
        "{label}: an observer changes the verdict:\n{text}"
    );
    // The observer that asks for nothing skips the end test when no result
    // is checked against it: with a win or a draw written instead of `*`,
    // every ended game's result is checked, one of the two wrongly, and
    // both observers must say so alike.
    for result in ["1-0", "1/2-1/2"] {
        let decided = text.replace("*\n\n", &format!("{result}\n\n"));
        let told = verify(&decided, true);
        assert_eq!(
            format!("{:?}", verify_plain(&decided)),
            format!("{:?}", (&told.0, told.1)),
            "{label}: with {result}, an observer changes the verdict:\n{decided}"
        );
    }
    quick
}
