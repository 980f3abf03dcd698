//! `xpgn-peers FEN DEPTH`: shakmaty's perft of a chess position, printed as
//! `nodes seconds` (CPU-bound, one thread) for benches/peers.sh.

use std::time::Instant;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(fen), Some(depth)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: xpgn-peers FEN DEPTH");
        std::process::exit(2);
    };
    let depth: u32 = match depth.parse() {
        Ok(d) => d,
        Err(_) => {
            eprintln!("xpgn-peers: bad depth {depth}");
            std::process::exit(2);
        }
    };
    let pos: Chess = match fen
        .parse::<Fen>()
        .map_err(|e| e.to_string())
        .and_then(|f| f.into_position(CastlingMode::Standard).map_err(|e| e.to_string()))
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("xpgn-peers: bad FEN {fen}: {e}");
            std::process::exit(2);
        }
    };
    let t = Instant::now();
    let nodes = shakmaty::perft(&pos, depth);
    println!("{nodes} {:.3}", t.elapsed().as_secs_f64());
}
