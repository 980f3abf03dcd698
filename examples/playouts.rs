//! Writes random legal games of one game as PGN, for benchmarks
//! (benches/variants.sh); not part of the command-line surface.
//!
//! ```text
//! cargo run --release --example playouts -- VARIANT GAMES MAX_PLIES [SEED]
//! ```
//!
//! Game `i` is the library's seeded playout with seed `SEED + i`, so the
//! same arguments give the same file on every machine. Each move is written
//! in the game's canonical short notation with its check or mate mark.

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

use xpgn::rules::Variant;
use xpgn::rules::family::AnyPosition;
use xpgn::rules::playout::{Playout, PlayoutOptions, playout};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: playouts VARIANT GAMES MAX_PLIES [SEED]";
    let (Some(name), Some(games), Some(plies)) = (args.first(), args.get(1), args.get(2)) else {
        eprintln!("{usage}");
        return ExitCode::from(2);
    };
    let Some(variant) = Variant::from_name(name) else {
        eprintln!("playouts: unknown game {name:?}");
        return ExitCode::from(2);
    };
    let parse = |s: &str, what: &str| {
        s.parse::<u64>()
            .map_err(|e| eprintln!("playouts: {what} {s:?}: {e}"))
    };
    let (Ok(games), Ok(plies), Ok(seed)) = (
        parse(games, "GAMES"),
        parse(plies, "MAX_PLIES"),
        parse(args.get(3).map_or("0", String::as_str), "SEED"),
    ) else {
        return ExitCode::from(2);
    };
    let mut out = String::new();
    for i in 0..games {
        let seed = seed.wrapping_add(i);
        let p = match playout(variant, &PlayoutOptions::default(), seed, plies as usize) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("playouts: {variant} seed {seed}: {e}");
                return ExitCode::FAILURE;
            }
        };
        record(&mut out, variant, seed, &p);
    }
    if std::io::stdout().lock().write_all(out.as_bytes()).is_err() {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// Appends the record of a playout: tags, moves with their marks, `*`.
fn record(s: &mut String, variant: Variant, seed: u64, p: &Playout) {
    let _ = writeln!(s, "[Event \"playout {seed}\"]");
    let _ = writeln!(s, "[Variant \"{}\"]", variant.name());
    let start = p.start.fen();
    let default = AnyPosition::setup(variant, None).map(|d| d.fen());
    if default.as_deref() != Ok(start.as_str()) {
        let _ = writeln!(s, "[SetUp \"1\"]\n[FEN \"{start}\"]");
    }
    s.push('\n');
    let mut n = 0;
    p.for_each_move(|pos, m| {
        if n % 2 == 0 {
            let _ = write!(s, "{}. ", n / 2 + 1);
        }
        s.push_str(&pos.notation(m));
        let mut after = pos.clone();
        after.play(m);
        if after.is_check() {
            s.push(if after.legal_moves().is_empty() {
                '#'
            } else {
                '+'
            });
        }
        s.push(' ');
        n += 1;
    });
    s.push_str("*\n\n");
}
