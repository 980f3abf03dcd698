//! The family's position notation and written turns: round trips, named
//! errors, hostile input, and every listed turn read back.

use super::*;

#[test]
fn fen_round_trips_every_mark() {
    for fen in [
        "rnbqkbnr/pppppppp/......../......../......../......../PPPPPPPP/RNBQKBNR w KQkq - r3/3 - 0 1",
        "r.bqk..r/pp...ppp/..=.=-../...=P.../..-...../......../PP-..PPP/R...K..R b KQq - r1/0 e5,f6 7 12",
        ".......k/...P..../......../......../......../8/PPPPPPP./R3K2R w KQ - r*/* - 0 5",
    ] {
        let v = if fen.contains('*') {
            Variant::MovingSquares
        } else {
            Variant::Hans38
        };
        let p = at(v, fen);
        assert_eq!(p.fen(), fen);
    }
    // The ruling's short form (no just-moved squares, no counters) reads too.
    let short = at(
        Variant::Hans38,
        "rnbqkbnr/pppppppp/......../......../......../......../PPPPPPPP/RNBQKBNR w KQkq - r3/3",
    );
    assert_eq!(short.fen(), start(Variant::Hans38).fen());
}

#[test]
fn fen_rejections_name_the_field() {
    let cfg = Config::of(Variant::Hans38).expect("squares game");
    let bad = |f: &str| SquaresPosition::from_fen(Variant::Hans38, cfg, f).expect_err(f);
    assert!(matches!(
        bad("8/8/8/8/8/8/8 w"),
        ParseSquaresFenError::RankCount(7)
    ));
    assert!(matches!(
        bad("....k.../......../......../......../......../......../......../....K... w - - x3/3"),
        ParseSquaresFenError::Reserves(_)
    ));
    assert!(matches!(
        bad(
            "....k.../......../......../......../......../......../......../....K... w - - r3/3 e9"
        ),
        ParseSquaresFenError::Barred(_)
    ));
    // A hole is named as such (L16: the squares stand where they are named).
    assert_eq!(
        bad(
            "....k.../......../......../......../......../......../......../....K... w - - r3/3 e4"
        ),
        ParseSquaresFenError::BarredHole("e4".into())
    );
    let neutral = Config::of(Variant::Hans38Neutral).expect("squares game");
    assert!(matches!(
        SquaresPosition::from_fen(
            Variant::Hans38Neutral,
            neutral,
            "....k.../......../......../......../......../......../-......./....K... w"
        ),
        Err(ParseSquaresFenError::OwnedInNeutral)
    ));
}

#[test]
fn fen_hostile_input_gives_errors_not_panics() {
    let cfg = Config::of(Variant::Hans38).expect("squares game");
    for f in [
        "",
        "99999999999999/8/8/8/8/8/8/8 w",
        "8/8/8/8/8/8/8/8 w - - r999/3",
        "....k.../......../......../......../......../......../......../....K... w - - r3/3 - 0 4294967295",
        "....k.../......../......../......../......../......../......../....K... x",
        "....k.../......../......../......../......../......../......../....K... w KQkq",
        "....k.../......../......../......../......../......../......../....K... w - z9",
        "....ké../......../......../......../......../......../......../....K... w",
        "kk....../......../......../......../......../......../......../....K... w",
        "P......./......../......../......../......../......../......../....K... w",
    ] {
        let _ = SquaresPosition::from_fen(Variant::Hans38, cfg, f);
    }
    // A position at the last move number still plays.
    let mut p = at(
        Variant::Hans38,
        "....k.../......../......../......../...-..../......../......../....K... b - - r3/3 - 4294967295 4294967295",
    );
    play(&mut p, "@@a6");
    assert_eq!(p.fullmoves(), u32::MAX);
}

#[test]
fn turns_are_written_in_long_and_short_notation() {
    let mut p = postal(Variant::Hans38, Postal::Plus);
    play_all(&mut p, "1. @@f3 @@f6");
    let t = resolve(&p, "Nf3,@@e3").expect("SAN piece move");
    assert_eq!(p.long_notation(&t), "Ng1-f3,@@e3");
    assert_eq!(p.notation(&t), "Nf3,@@e3");
    assert!(matches!(t.actions()[1], Action::Place(_)));
}

/// Every listed turn is read back from its own long and short notation and
/// its UCI (`convert --moves uci`: a letterless piece move with its whole
/// origin is the move of the piece standing there), on
/// walks through each game (a property of the generator and the resolver
/// together, as shakmaty's `legals_are_legal` fuzz target checks).
#[test]
fn every_listed_turn_reads_back_from_its_notation() {
    let games = [
        (start(Variant::Hans38), 40),
        (start(Variant::Hans38Neutral), 30),
        (start(Variant::Hans38).with_postal(Postal::Plus), 12),
        (start(Variant::InfiniteReserves), 10),
        (at(Variant::MovingSquares, MOVING_FEN), 4),
    ];
    let g = Grammar::squares();
    let mut checked = 0;
    for (mut p, plies) in games {
        let mut turns = Vec::new();
        for ply in 0..plies {
            p.legal_moves(&mut turns);
            if turns.is_empty() {
                break;
            }
            checked += 1;
            let step = (turns.len() / 40).max(1);
            for t in turns.iter().step_by(step) {
                let mut uci = String::new();
                p.write_uci(t, &mut uci);
                for text in [p.long_notation(t), p.notation(t), uci] {
                    let tok = parse_move(&g, text.as_bytes())
                        .unwrap_or_else(|e| panic!("{text}: {e} in {}", p.fen()));
                    match p.resolve(&tok, &mut Vec::new()) {
                        Ok(back) => assert_eq!(&back, t, "{text} in {}", p.fen()),
                        Err(r) => panic!("{text} in {}: {r:?}", p.fen()),
                    }
                }
            }
            // A walk that prefers piece moves, so the games open up.
            let pick = turns
                .iter()
                .enumerate()
                .filter(|(_, t)| t.piece_move().is_some())
                .map(|(i, _)| i)
                .nth(ply * 7 % turns.len().max(1))
                .unwrap_or(ply * 13 % turns.len());
            let t = turns[pick % turns.len()].clone();
            p.play(&t);
        }
    }
    assert!(checked >= 70, "the walks went on: {checked} positions");
}
