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

use std::io::Write as _;
use std::process::ExitCode;

use xpgn::rules::Variant;
use xpgn::rules::playout::{PlayoutOptions, playout};

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
        p.write_pgn(variant, None, seed, &mut out);
    }
    if std::io::stdout().lock().write_all(out.as_bytes()).is_err() {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
