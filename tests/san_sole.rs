//! The verifier's shortcut SAN and LAN ([`Ply::write_san`],
//! [`Ply::write_lan`]: FIDE chess's moves written straight from the move,
//! a piece move written without an origin taken as the only one of its
//! kind to its target, [`Ply::sole`]) are the general writers' text
//! ([`Ply::write_san_general`], which looks for rivals among the legal
//! moves, and the core's LAN writer) on every move the verifier plays: random
//! games of every variant, FIDE games written every way archives write
//! them (SAN, SAN without its origin, LAN, UCI, a letter for a pawn), the
//! fixtures and the whole corpus. `convert` writes the shortcut's text.

use std::path::{Path, PathBuf};

use xpgn::notation::Reader;
use xpgn::rules::Variant;
use xpgn::rules::core::{Move, MoveList, Position};
use xpgn::rules::family::{AnyMove, AnyPosition, GamePosition};
use xpgn::rules::playout::{PlayoutOptions, SplitMix64, playout};
use xpgn::verify::{Observer, Ply, Verifier};

/// Compares both writers on every ply it is told.
#[derive(Default)]
struct Both {
    plies: u64,
    sole: u64,
    /// Piece moves whose SAN names an origin (the general rival search's
    /// answer; never sole).
    disambiguated: u64,
    differ: Vec<String>,
}

impl Observer for Both {
    fn ply(&mut self, ply: &Ply<'_>) {
        let (mut fast, mut general) = (String::new(), String::new());
        ply.write_san(&mut fast);
        ply.write_san_general(&mut general);
        let (mut fast_lan, mut general_lan) = (String::new(), String::new());
        ply.write_lan(&mut fast_lan);
        // FIDE chess's LAN by the core's writer, which every chess-like
        // game shares; the other games have no shortcut.
        match (ply.before, ply.played) {
            (AnyPosition::Fide(p), Some(AnyMove::Core(m))) => {
                p.rules().write_lan(m, &mut general_lan);
                if ply.mate {
                    general_lan.push('#');
                } else if ply.check {
                    general_lan.push('+');
                }
            }
            _ => ply.write_lan(&mut general_lan),
        }
        self.plies += 1;
        self.sole += u64::from(ply.sole);
        let b = general.as_bytes();
        if b.len() >= 4 && b[0].is_ascii_uppercase() && b[0] != b'O' {
            let core = general.trim_end_matches(['+', '#']).replace('x', "");
            self.disambiguated += u64::from(core.len() > 3);
        }
        if fast != general || fast_lan != general_lan {
            self.differ.push(format!(
                "{} (sole {}): SAN {fast} / {general}, LAN {fast_lan} / {general_lan}",
                ply.before.fen(),
                ply.sole
            ));
        }
    }

    fn wants_plies(&self) -> bool {
        true
    }
}

fn compare(label: &str, bytes: &[u8]) -> Both {
    let mut v = Verifier::with_observer(label, Both::default());
    Reader::new(bytes).read_all(&mut v).expect("reads memory");
    let both = v.into_observer();
    assert!(
        both.differ.is_empty(),
        "{label}: {} of {} plies differ, first: {:?}",
        both.differ.len(),
        both.plies,
        &both.differ[..both.differ.len().min(5)]
    );
    both
}

#[test]
fn random_games_of_every_variant() {
    for variant in Variant::ALL {
        let (games, plies) = match variant {
            Variant::MovingSquares => (3, 10),
            Variant::InfiniteReserves => (4, 16),
            v if v.family() == xpgn::rules::variant::Family::Squares => (6, 60),
            Variant::Pasgl312 => (6, 80),
            _ => (30, 250),
        };
        let mut pgn = String::new();
        for seed in 0..games {
            // A variant that needs a position of its own (Squares Basic)
            // has no default game: the others still run.
            if let Ok(p) = playout(variant, &PlayoutOptions::default(), 7000 + seed, plies) {
                p.write_pgn(variant, None, seed, &mut pgn);
            }
        }
        let both = compare(variant.name(), pgn.as_bytes());
        if matches!(variant, Variant::Chess | Variant::Chess960) {
            assert!(both.sole > both.plies / 4, "{variant}: {} sole", both.sole);
        }
    }
}

/// One random FIDE move written as archives write it: SAN, SAN stripped
/// of its origin (ambiguous unless the rival is pinned: then the verifier
/// rejects it or it is sole), LAN, UCI, or with a `P` for a pawn.
fn written(rng: &mut SplitMix64, pos: &Position, m: &Move) -> String {
    let san = pos.san_plus(m);
    match rng.below(10) {
        0 => pos.lan(m),
        1 => pos.uci(m),
        2 if matches!(m, Move::Normal { .. }) && san.len() > 3 => {
            // `Nbd7` -> `Nd7`, `R1e2` -> `Re2`, `Qh4e1` -> `Qe1`.
            let b = san.as_bytes();
            let last_digit = b.iter().rposition(u8::is_ascii_digit).unwrap_or(0);
            if b[0].is_ascii_uppercase() && b[0] != b'O' && last_digit >= 2 {
                let target = &san[last_digit - 1..=last_digit];
                let tail = &san[last_digit + 1..];
                let x = if san.contains('x') { "x" } else { "" };
                format!("{}{x}{target}{tail}", &san[..1])
            } else {
                san
            }
        }
        3 if san.as_bytes()[0].is_ascii_lowercase() && !san.contains('x') => format!("P{san}"),
        _ => san,
    }
}

#[test]
fn fide_games_written_every_way() {
    let mut pgn = String::new();
    for seed in 0..300u64 {
        let mut rng = SplitMix64::new(seed);
        let mut pos = Position::start(xpgn::rules::fide::chess());
        pgn.push_str(&format!("[Event \"written {seed}\"]\n\n"));
        for _ in 0..rng.below(250) + 10 {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            pgn.push_str(&written(&mut rng, &pos, &m));
            pgn.push(' ');
            pos.play_unchecked(&m);
        }
        pgn.push_str("*\n\n");
    }
    let both = compare("written", pgn.as_bytes());
    assert!(both.sole > 10_000, "{} sole", both.sole);
    assert!(
        both.disambiguated > 50,
        "{} disambiguated",
        both.disambiguated
    );
}

#[test]
fn fixtures_and_corpus() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = std::env::var("XPGN_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|_| root.join("../shared/corpus"));
    assert!(
        corpus.is_dir(),
        "corpus not found at {}: set XPGN_CORPUS to its folder",
        corpus.display()
    );
    let mut files = Vec::new();
    for dir in [root.join("fixtures"), corpus] {
        let mut stack = vec![dir];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).expect("readable dir") {
                let p = e.expect("dir entry").path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|x| x == "pgn") {
                    files.push(p);
                }
            }
        }
    }
    let (mut plies, mut sole, mut disambiguated) = (0, 0, 0);
    for f in &files {
        let bytes = std::fs::read(f).expect("readable file");
        let both = compare(&f.display().to_string(), &bytes);
        plies += both.plies;
        sole += both.sole;
        disambiguated += both.disambiguated;
    }
    assert!(plies > 1_000_000, "{plies} plies");
    assert!(sole > plies / 3, "{sole} sole of {plies}");
    assert!(disambiguated > 1_000, "{disambiguated} disambiguated");
}
