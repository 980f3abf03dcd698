//! Properties of every position random play reaches, in every game (issue
//! 13): the position string `fen` prints is read back by `--fen` as the
//! same position, printing the same string and offering the same moves
//! (RULINGS N7: every position string round-trips).

use xpgn::rules::Variant;
use xpgn::rules::family::{AnyPosition, GamePosition};
use xpgn::rules::playout::{PlayoutOptions, playout};
use xpgn::rules::squares::Postal;

/// One game to play out, and how much of it.
struct Spec {
    variant: Variant,
    postal: Option<Postal>,
    /// A start other than the game's own.
    fen: Option<&'static str>,
    /// Playouts go on, seed after seed, until this many positions are seen.
    positions: usize,
    /// The longest playout.
    plies: usize,
    /// The legal moves are compared at every `moves_every`-th position:
    /// Moving Squares has tens of thousands of turns in a middle game.
    moves_every: usize,
}

const fn spec(variant: Variant, positions: usize, plies: usize) -> Spec {
    Spec {
        variant,
        postal: None,
        fen: None,
        positions,
        plies,
        moves_every: 1,
    }
}

/// The Basic Game's own start has no legal move (32 squares, no reserve:
/// RULINGS 4.1); records give it squares with a [FEN], as this one does.
const BASIC_FEN: &str = "rnbqkbnr/pppppppp/8/......../......../8/PPPPPPPP/RNBQKBNR w KQkq - r4/4";

/// Every game, with each Postal option the squares games take (Infinite
/// Reserves and Moving Squares are Postal Plus by definition), sized to
/// keep the test at a few seconds in debug builds.
fn games() -> Vec<Spec> {
    let mut out = vec![
        spec(Variant::Chess, 800, 150),
        spec(Variant::Chess960, 800, 150),
        spec(Variant::Gast, 500, 150),
        spec(Variant::Gast14x12, 500, 150),
        spec(Variant::Squirrel, 500, 150),
        spec(Variant::Pasgl312, 800, 150),
        Spec {
            moves_every: 3,
            ..spec(Variant::InfiniteReserves, 80, 30)
        },
        Spec {
            moves_every: 8,
            ..spec(Variant::MovingSquares, 60, 16)
        },
    ];
    for variant in [
        Variant::SquaresBasic,
        Variant::Hans38,
        Variant::Hans38Neutral,
    ] {
        // The Basic Game from BASIC_FEN has many more turns than Hans38's
        // start: fewer positions, and the moves compared at some.
        let basic = variant == Variant::SquaresBasic;
        let fen = basic.then_some(BASIC_FEN);
        for (postal, positions, plies) in [
            (None, 300, 100),
            (Some(Postal::Yes), 200, 60),
            (Some(Postal::Plus), 100, 30),
        ] {
            let (positions, moves_every) = if basic && postal.is_some() {
                (positions / 4, 4)
            } else {
                (positions, 1)
            };
            out.push(Spec {
                postal,
                fen,
                moves_every,
                ..spec(variant, positions, plies)
            });
        }
    }
    out
}

/// The position as `--fen` reads a printed string, under the same options.
fn read_back(variant: Variant, postal: Option<Postal>, fen: &str) -> Result<AnyPosition, String> {
    let p = AnyPosition::setup(variant, Some(fen)).map_err(|e| e.to_string())?;
    Ok(match postal {
        Some(o) => p.with_postal(o),
        None => p,
    })
}

fn moves_of(p: &AnyPosition) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| p.long_notation(m)).collect();
    v.sort();
    v
}

#[test]
fn n7_every_position_string_reached_in_play_reads_back_as_itself() {
    for s in games() {
        let options = PlayoutOptions {
            postal: s.postal,
            fen: s.fen.map(str::to_string),
            ..PlayoutOptions::default()
        };
        let (variant, postal) = (s.variant, s.postal);
        let mut seen = 0;
        let mut moving = 0;
        let mut seed = 0;
        while seen < s.positions && seed < 1_000 {
            let game = playout(variant, &options, seed, s.plies)
                .unwrap_or_else(|e| panic!("{variant}: {e}"));
            for (ply, pos) in game.positions().iter().enumerate() {
                let fen = pos.fen();
                let what = format!("{variant} {postal:?} seed {seed} ply {ply}: {fen}");
                let back = read_back(variant, postal, &fen)
                    .unwrap_or_else(|e| panic!("{what}: not read back: {e}"));
                assert_eq!(back.fen(), fen, "{what}");
                assert_eq!(back.turn(), pos.turn(), "{what}");
                assert_eq!(back.outcome(), pos.outcome(), "{what}");
                // Nothing the string leaves out: the state repetition
                // compares, and for the squares family the whole position.
                assert_eq!(back.draw_state(), pos.draw_state(), "{what}");
                if let (Some(a), Some(b)) = (back.as_squares(), pos.as_squares()) {
                    assert_eq!(a, b, "{what}");
                }
                if seen % s.moves_every == 0 {
                    assert_eq!(moves_of(&back), moves_of(pos), "{what}");
                }
                seen += 1;
            }
            moving += usize::from(!game.moves.is_empty());
            seed += 1;
        }
        assert!(
            seen >= s.positions && moving > 0,
            "{variant} {postal:?}: the playouts went on ({seen} positions)"
        );
    }
}

/// The verifier asks `has_legal_move` (which stops at the first legal move
/// it finds) where the rules are defined by the legal move list: the two
/// agree on every position random play reaches in every game, the ends
/// included (PASGL has no such question: a player without a move passes).
#[test]
fn has_legal_move_agrees_with_the_legal_move_list() {
    use xpgn::rules::family::Scratch;
    let mut ends = 0;
    for variant in Variant::ALL {
        if variant == Variant::Pasgl312 {
            continue;
        }
        let (games, plies) = match variant {
            Variant::MovingSquares => (3, 10),
            Variant::InfiniteReserves => (4, 16),
            v if v.family() == xpgn::rules::variant::Family::Squares => (10, 60),
            _ => (40, 300),
        };
        let options = PlayoutOptions {
            fen: (variant == Variant::SquaresBasic).then(|| BASIC_FEN.to_string()),
            ..PlayoutOptions::default()
        };
        let mut scratch = Scratch::default();
        for seed in 0..games {
            let game = playout(variant, &options, seed, plies)
                .unwrap_or_else(|e| panic!("{variant}: {e}"));
            for (ply, pos) in game.positions().iter().enumerate() {
                let any = !pos.legal_moves().is_empty();
                ends += usize::from(!any);
                assert_eq!(
                    pos.has_legal_move(&mut scratch),
                    any,
                    "{variant} seed {seed} ply {ply}: {}",
                    pos.fen()
                );
            }
        }
    }
    assert!(ends > 20, "only {ends} positions without a move were seen");
}
