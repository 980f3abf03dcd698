//! Perft tables kept as data (`tests/data/perft/*.perft`, shakmaty's line
//! format: `id`, `epd`, `perft DEPTH NODES`), run under a node limit so the
//! suite stays fast; deeper counts run with `--ignored` in release mode.

use std::path::Path;
use std::sync::OnceLock;

use xpgn::rules::Variant;
use xpgn::rules::core::{ByColor, CastlingRule, GameRules, Geometry, Position, SquareSet};
use xpgn::rules::family::{self, AnyPosition, GamePosition};
use xpgn::rules::fide::BitPosition;
use xpgn::rules::perft::perft;
use xpgn::rules::squares::Postal;
use xpgn::rules::{fide, gast, squirrel};

/// Counts above this are left to the ignored deep test.
const NODE_LIMIT: u64 = 300_000;

/// Which engine a perft file runs on: the general core, or for FIDE chess
/// and Chess960 also the 8x8 bitboard position.
#[derive(Clone, Copy, PartialEq)]
enum Engine {
    Core,
    Bitboard,
}

fn run_file(name: &str, rules: &'static GameRules, limit: u64) -> usize {
    run_file_on(name, rules, limit, Engine::Core)
}

fn run_file_on(name: &str, rules: &'static GameRules, limit: u64, engine: Engine) -> usize {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/perft")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("perft data is committed");
    let mut pos: Option<(String, Position)> = None;
    let mut checked = 0;
    for line in text.lines() {
        let line = line.trim();
        if let Some(fen) = line.strip_prefix("epd ") {
            let p = Position::from_fen(rules, fen).unwrap_or_else(|e| panic!("{name}: {fen}: {e}"));
            pos = Some((fen.to_string(), p));
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest.split_whitespace();
            let depth: u32 = it.next().and_then(|d| d.parse().ok()).expect("depth");
            let nodes: u64 = it.next().and_then(|n| n.parse().ok()).expect("nodes");
            if nodes > limit {
                continue;
            }
            let (fen, p) = pos.as_ref().expect("perft line after an epd line");
            let counted = match engine {
                Engine::Core => perft(p, depth),
                Engine::Bitboard => {
                    let b = BitPosition::from_core(p).expect("FIDE positions fit the bitboard");
                    assert_eq!(b.fen(), p.fen(), "{name}: {fen}");
                    let n = b.perft(depth);
                    if depth <= 3 {
                        assert_eq!(family::perft(&b, depth), n, "{name}: {fen}");
                    }
                    n
                }
            };
            assert_eq!(counted, nodes, "{name}: {fen} depth {depth}");
            checked += 1;
        }
    }
    checked
}

/// The same runner for families with a position of their own (PASGL, the
/// squares family), through [`AnyPosition`] and the generic perft.
/// `variant NAME` lines switch the game, and `postal yes|plus` lines the
/// `[Postal]` option, for the positions that follow.
fn run_family(name: &str, mut variant: Variant, limit: u64) -> usize {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/perft")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("perft data is committed");
    let mut postal = Postal::Off;
    let mut pos: Option<(String, AnyPosition)> = None;
    let mut checked = 0;
    for line in text.lines() {
        let line = line.trim();
        if let Some(v) = line.strip_prefix("variant ") {
            variant =
                Variant::from_name(v).unwrap_or_else(|| panic!("{name}: unknown variant {v}"));
        } else if let Some(v) = line.strip_prefix("postal ") {
            postal = Postal::from_tag(v).unwrap_or_else(|| panic!("{name}: postal {v}"));
        } else if let Some(fen) = line.strip_prefix("epd ") {
            let p = AnyPosition::setup(variant, Some(fen))
                .unwrap_or_else(|e| panic!("{name}: {fen}: {e}"))
                .with_postal(postal);
            assert_eq!(p.fen(), fen, "{name}: the position string round-trips");
            pos = Some((fen.to_string(), p));
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest.split_whitespace();
            let depth: u32 = it.next().and_then(|d| d.parse().ok()).expect("depth");
            let nodes: u64 = it.next().and_then(|n| n.parse().ok()).expect("nodes");
            if nodes > limit {
                continue;
            }
            let (fen, p) = pos.as_ref().expect("perft line after an epd line");
            assert_eq!(p.perft(depth), nodes, "{name}: {fen} depth {depth}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn squares_postal_infinite_and_moving_agree_with_the_python_model() {
    assert!(run_family("squares.perft", Variant::Hans38, NODE_LIMIT) >= 11);
}

#[test]
fn pasgl_start_and_crowded_positions() {
    // Depth 3 is left to the deep test: its clones are slow in debug builds.
    assert!(run_family("pasgl.perft", Variant::Pasgl312, 2_000) >= 4);
}

#[test]
fn hans38_start_and_middle_games_agree_with_the_python_model() {
    assert!(run_family("hans38.perft", Variant::Hans38, NODE_LIMIT) >= 18);
}

#[test]
fn fide_published_positions() {
    assert!(run_file("fide.perft", fide::chess(), NODE_LIMIT) >= 15);
}

#[test]
fn fide_random_corpus_positions_agree_with_python_chess() {
    assert!(run_file("fide-random.perft", fide::chess(), NODE_LIMIT) >= 400);
}

#[test]
fn chess960_positions_agree_with_python_chess() {
    assert!(run_file("chess960.perft", fide::chess960(), NODE_LIMIT) >= 40);
}

#[test]
fn fide_published_positions_on_the_bitboard() {
    // Deeper here than on the core: the bitboard is fast enough in debug
    // builds for the start position at depth 5 (4,865,609) and Kiwipete at 4.
    assert!(run_file_on("fide.perft", fide::chess(), 5_000_000, Engine::Bitboard) >= 22);
}

#[test]
fn fide_random_corpus_positions_on_the_bitboard() {
    assert!(
        run_file_on(
            "fide-random.perft",
            fide::chess(),
            NODE_LIMIT,
            Engine::Bitboard
        ) >= 400
    );
}

#[test]
fn chess960_positions_on_the_bitboard() {
    assert!(
        run_file_on(
            "chess960.perft",
            fide::chess960(),
            NODE_LIMIT,
            Engine::Bitboard
        ) >= 40
    );
}

#[test]
fn gast_positions() {
    assert!(run_file("gast.perft", gast::gast(), NODE_LIMIT) >= 15);
}

#[test]
fn gast14_positions() {
    assert!(run_file("gast14.perft", gast::gast14(), NODE_LIMIT) >= 5);
}

#[test]
fn squirrel_positions() {
    assert!(run_file("squirrel.perft", squirrel::squirrel(), NODE_LIMIT) >= 15);
}

/// The Gast pieces on the 12x10 board Fairy-Stockfish can play (no pawns,
/// no castling): the same core and piece tables as Gast itself.
fn gast_pieces_12x10() -> &'static GameRules {
    static RULES: OnceLock<GameRules> = OnceLock::new();
    RULES.get_or_init(|| {
        GameRules::build(
            "Gast pieces 12x10",
            Geometry::rectangle(12, 10),
            gast::PIECES,
            "rngabqkbagnr/12/12/12/12/12/12/12/12/RNGABQKBAGNR w - - 0 1",
            ByColor::<SquareSet>::default(),
            b"",
            ByColor::<SquareSet>::default(),
            0,
            CastlingRule::None,
            false,
        )
    })
}

#[test]
fn gast_pieces_agree_with_fairy_stockfish() {
    assert!(run_file("pyffish-gast-pieces.perft", gast_pieces_12x10(), NODE_LIMIT) >= 10);
}

#[test]
fn squirrel_pieces_and_castling_agree_with_fairy_stockfish() {
    assert!(
        run_file(
            "pyffish-squirrel-pieces.perft",
            squirrel::squirrel(),
            NODE_LIMIT
        ) >= 8
    );
}

#[test]
#[ignore = "deep perft: cargo test --release --test perft -- --ignored"]
fn all_positions_deep() {
    run_file("gast.perft", gast::gast(), u64::MAX);
    run_file("gast14.perft", gast::gast14(), u64::MAX);
    run_file("squirrel.perft", squirrel::squirrel(), u64::MAX);
    run_file("pyffish-gast-pieces.perft", gast_pieces_12x10(), u64::MAX);
    run_file(
        "pyffish-squirrel-pieces.perft",
        squirrel::squirrel(),
        u64::MAX,
    );
    run_file("fide.perft", fide::chess(), 200_000_000);
    run_file("fide-random.perft", fide::chess(), u64::MAX);
    run_file("chess960.perft", fide::chess960(), 200_000_000);
    run_file_on("fide.perft", fide::chess(), u64::MAX, Engine::Bitboard);
    run_file_on(
        "fide-random.perft",
        fide::chess(),
        u64::MAX,
        Engine::Bitboard,
    );
    run_file_on(
        "chess960.perft",
        fide::chess960(),
        u64::MAX,
        Engine::Bitboard,
    );
    run_family("pasgl.perft", Variant::Pasgl312, u64::MAX);
    run_family("hans38.perft", Variant::Hans38, u64::MAX);
    run_family("squares.perft", Variant::Hans38, u64::MAX);
    run_family("lichess.perft", Variant::Atomic, u64::MAX);
}

/// The squares family's deep counts alone (its bitset generator is guarded
/// by them): `cargo test --release --test perft -- --ignored squares_family_deep`.
#[test]
#[ignore = "deep perft: cargo test --release --test perft -- --ignored squares_family_deep"]
fn squares_family_deep() {
    assert!(run_family("hans38.perft", Variant::Hans38, u64::MAX) >= 22);
    assert!(run_family("squares.perft", Variant::Hans38, u64::MAX) >= 13);
}

#[test]
#[ignore = "timing: cargo test --release --test perft -- --ignored --nocapture speed"]
fn perft_speed_of_the_core_and_the_bitboard() {
    use std::time::Instant;
    let core = Position::start(fide::chess());
    let bits = BitPosition::from_core(&core).expect("FIDE fits the bitboard");
    let t = Instant::now();
    let on_core = perft(&core, 5);
    let core_time = t.elapsed();
    let t = Instant::now();
    let on_bits = bits.perft(5);
    let bits_time = t.elapsed();
    let t = Instant::now();
    let generic = family::perft(&bits, 5);
    let generic_time = t.elapsed();
    assert_eq!(on_core, 4_865_609);
    assert_eq!(on_bits, on_core);
    assert_eq!(generic, on_core);
    println!(
        "perft 5 from the start: core {core_time:?}, bitboard {bits_time:?} (through the generic perft {generic_time:?})"
    );
}

/// What the verifier does per move, on both engines: resolve the written
/// SAN, clone, play, ask for check, mate when in check, the repetition key,
/// the clock and dead positions.
#[test]
#[ignore = "timing: cargo test --release --test perft -- --ignored --nocapture speed"]
fn replay_speed_of_the_core_and_the_bitboard() {
    use std::time::Instant;
    use xpgn::notation::token::{Grammar, MoveToken, parse_move};
    use xpgn::rules::core::MoveList;
    use xpgn::rules::family::GamePosition;

    // Seeded random games, written as SAN tokens.
    let start = Position::start(fide::chess());
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut games: Vec<Vec<MoveToken>> = Vec::new();
    let mut moves = MoveList::new();
    for _ in 0..2_000 {
        let mut p = start;
        let mut game = Vec::new();
        for _ in 0..120 {
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let m = moves[(seed % moves.len() as u64) as usize];
            let san = p.san(&m);
            game.push(parse_move(&Grammar::chess(), san.as_bytes()).expect("SAN parses"));
            p.play_unchecked(&m);
        }
        games.push(game);
    }
    fn replay<P: GamePosition<Move = xpgn::rules::core::Move>>(
        start: &P,
        games: &[Vec<MoveToken>],
        extra: impl Fn(&P) -> u64,
    ) -> u64 {
        let mut scratch = Vec::new();
        let mut sum = 0u64;
        for game in games {
            let mut pos = start.clone();
            for token in game {
                let m = pos.resolve(token, &mut scratch).expect("legal");
                let mut next = pos.clone();
                next.play(&m);
                sum = sum.wrapping_add(extra(&next));
                pos = next;
            }
        }
        sum
    }
    let bits = BitPosition::from_core(&start).expect("fits");
    let plies: usize = games.iter().map(Vec::len).sum();
    let t = Instant::now();
    let a = replay(&start, &games, |p| {
        let mate = p.is_check() && !p.has_legal_move();
        p.repetition_key()
            ^ u64::from(p.halfmoves())
            ^ u64::from(mate)
            ^ u64::from(p.is_insufficient_material())
    });
    let core_time = t.elapsed();
    let t = Instant::now();
    let b = replay(&bits, &games, |p| {
        let mate = p.is_check() && !p.has_legal_move();
        p.repetition_key()
            ^ u64::from(p.halfmoves())
            ^ u64::from(mate)
            ^ u64::from(p.is_insufficient_material())
    });
    let bits_time = t.elapsed();
    assert_eq!(a, b);
    println!("replaying {plies} random plies: core {core_time:?}, bitboard {bits_time:?}");
}

#[test]
fn lichess_variants_agree_with_python_chess_suites() {
    assert!(run_family("lichess.perft", Variant::Atomic, 100_000) >= 50);
}
