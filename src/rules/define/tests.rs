//! The definition compiler: built-ins equal to their tables, Fairy-Stockfish
//! defaults, and one clear error per hostile definition.

use super::*;
use crate::rules::core::Position;
use crate::rules::perft::perft;

fn compile_text(name: &str, text: &str) -> Result<&'static GameRules, DefineError> {
    let sections = ini::parse("t.ini", text)?;
    compile::compile_one("t.ini", &sections, name, &[], &[])?.finish()
}

fn error_of(text: &str) -> DefineError {
    let sections = match ini::parse("bad.ini", text) {
        Ok(s) => s,
        Err(e) => return e,
    };
    let name = sections.first().map(|s| s.name.clone()).unwrap_or_default();
    match compile::compile_one("bad.ini", &sections, &name, &[], &[]).and_then(|c| c.finish()) {
        Ok(r) => panic!("{name} compiled: {:?}", r.name),
        Err(e) => e,
    }
}

#[test]
fn built_in_tables_are_the_family_tables() {
    use crate::rules::{gast, squirrel};
    for (rules, decls) in [
        (gast::gast(), gast::PIECES.to_vec()),
        (gast::gast14(), {
            let mut d = gast::PIECES.to_vec();
            d.push(gast::POPE);
            d
        }),
        (squirrel::squirrel(), squirrel::PIECES.to_vec()),
        (
            crate::rules::fide::chess(),
            crate::rules::core::FIDE_ARMY.to_vec(),
        ),
    ] {
        let got: Vec<(u8, &str, &str, u32, bool, bool)> = rules
            .pieces
            .iter()
            .map(|p| (p.letter, p.name, p.betza, p.value, p.royal, p.pawn))
            .collect();
        let want: Vec<(u8, &str, &str, u32, bool, bool)> = decls
            .iter()
            .map(|d| (d.letter, d.name, d.betza, d.value, d.royal, d.pawn))
            .collect();
        assert_eq!(got, want, "{}", rules.name);
    }
    assert_eq!(gast::gast().pawn_reach, Some(gast::REACH));
    assert_eq!(gast::gast().start_fen, gast::START_FEN);
    assert_eq!(gast::gast14().start_fen, gast::START_FEN_14);
    assert_eq!(squirrel::squirrel().start_fen, squirrel::START_FEN);
}

#[test]
fn built_in_definitions_give_todays_perft() {
    let gast = Position::start(crate::rules::gast::gast());
    assert_eq!(perft(&gast, 1), 82);
    assert_eq!(perft(&gast, 2), 6_724);
    assert_eq!(perft(&gast, 3), 599_102);
    let squirrel = Position::start(crate::rules::squirrel::squirrel());
    assert_eq!(perft(&squirrel, 1), 52);
    assert_eq!(perft(&squirrel, 2), 2_704);
    assert_eq!(perft(&squirrel, 3), 145_614);
    let chess = Position::start(crate::rules::fide::chess());
    assert_eq!(perft(&chess, 3), 8_902);
}

#[test]
fn a_child_of_chess_is_chess_with_its_changes() {
    let r = compile_text(
        "capa",
        "[capa:chess]\nmaxFile = j\narchbishop = a\nchancellor = c\npromotionPieceTypes = qrbnac\ncastlingKingsideFile = i\ncastlingQueensideFile = c\nstartFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\n",
    )
    .expect("compiles");
    let p = Position::start(r);
    // Capablanca chess: 28 moves at the start (Fairy-Stockfish's perft).
    assert_eq!(perft(&p, 1), 28);
    assert_eq!(perft(&p, 2), 784);
    assert_eq!(r.castling_king_file, 5);
    assert_eq!(r.castling_rook_files, [0, 9]);
}

#[test]
fn holes_are_stars_in_the_start_and_in_every_fen() {
    let r = compile_text(
        "holes",
        "[holes:chess]\nmaxFile = 4\nmaxRank = 4\ncastling = false\ndoubleStep = false\nstartFen = k3/1*2/2*1/3K w - - 0 1\n",
    )
    .expect("compiles");
    assert!(!r.geometry.contains(Square::new(1, 2).expect("grid")));
    let p = Position::start(r);
    assert_eq!(p.fen(), "k3/1*2/2*1/3K w - - 0 1");
    // The king on d1: c1 and d2; c2 is a hole.
    assert_eq!(perft(&p, 1), 2);
    assert!(Position::from_fen(r, "k3/4/2*1/3K w - - 0 1").is_err());
    assert!(Position::from_fen(r, "k3/1*2/2K1/3* w - - 0 1").is_err());
}

use crate::rules::core::Square;

#[test]
fn hostile_definitions_get_one_error_with_their_line() {
    let cases: &[(&str, usize, &str)] = &[
        ("[a:chess]\nfoo = 1\n", 2, "unknown key 'foo'"),
        ("[a:chess]\ncustomPiece1 = x:Nq\n", 2, "does not parse"),
        (
            "[a:chess]\ncustomPiece1 = x:mRcpR\n",
            2,
            "unknown letter 'p'",
        ),
        (
            "[a:chess]\nmaxFile = 17\nmaxRank = 3\n",
            2,
            "a file from a to p",
        ),
        (
            "[a:chess]\nmaxRank = 17\n",
            2,
            "files and ranks must be 1 to 16",
        ),
        (
            "[a:chess]\ncustomPiece1 = n:W\n",
            2,
            "already the letter of knight",
        ),
        ("[a:chess]\nmaxFile = 10\n", 1, "startFen"),
        ("[a:b]\n[b:a]\n", 1, "inherits from itself"),
        ("[a:nothing]\n", 1, "parent 'nothing' is not defined"),
        ("[a:chess]\ncannon = c\n", 2, "not carried"),
        ("[a:chess]\npieceDrops = true\n", 2, "not carried"),
        ("[a:chess]\nmaxRank 8\n", 2, "expected 'key = value'"),
        (
            "[a:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1\n",
            2,
            "king",
        ),
        ("[a:chess]\ncastling = maybe\n", 2, "true or false"),
        (
            "[a:chess]\npromotionPieceTypes = qz\n",
            2,
            "'z' is not a piece",
        ),
    ];
    for (text, line, needle) in cases {
        let e = error_of(text);
        assert_eq!(e.line, *line, "{text}: {e}");
        assert!(e.to_string().contains(needle), "{text}: {e}");
        assert!(e.to_string().starts_with("bad.ini:"), "{e}");
    }
}

fn outcome_of(rules: &'static GameRules, fen: &str) -> Option<crate::rules::position::Outcome> {
    use crate::rules::position::GamePosition;
    Position::from_fen(rules, fen).expect("fen").outcome()
}

#[test]
fn mate_and_stalemate_take_the_definitions_values() {
    use crate::rules::core::Color;
    // Misère: the mated side wins. Fool's mate: White is mated, White wins.
    let misere = compile_text("mis", "[mis:chess]\ncheckmateValue = win\n").expect("compiles");
    let o = outcome_of(
        misere,
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    );
    assert_eq!(
        o.map(|o| (o.winner, o.reason)),
        Some((Some(Color::White), "checkmate"))
    );
    // Shatranj-like: the stalemated side loses.
    let loses = compile_text("st", "[st:chess]\nstalemateValue = loss\n").expect("compiles");
    let o = outcome_of(loses, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        o.map(|o| (o.winner, o.reason)),
        Some((Some(Color::White), "stalemate"))
    );
    let chess = crate::rules::fide::chess();
    let o = outcome_of(chess, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(o.map(|o| o.winner), Some(None));
}

#[test]
fn extinction_and_flag_end_the_game() {
    use crate::rules::core::Color;
    // Lose when the last pawn is gone; kings are not royal here.
    let ext = compile_text(
        "ext",
        "[ext:chess]\nking = -\ncommoner = k\ncastling = false\npromotionPieceTypes = q\nextinctionValue = loss\nextinctionPieceTypes = p\n",
    )
    .expect("compiles");
    let o = outcome_of(ext, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    assert_eq!(
        o.map(|o| (o.winner, o.reason)),
        Some((Some(Color::White), "extinction"))
    );
    assert_eq!(outcome_of(ext, "4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1"), None);
    // A king on the eighth rank wins (Racing Kings' flag, without its other rules).
    let flag = compile_text(
        "flag",
        "[flag:chess]\nflagPiece = k\nflagRegionWhite = *8\nflagRegionBlack = *1\n",
    )
    .expect("compiles");
    let o = outcome_of(flag, "K6k/8/8/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        o.map(|o| (o.winner, o.reason)),
        Some((Some(Color::White), "flag"))
    );
    assert_eq!(outcome_of(flag, "7k/K7/8/8/8/8/8/8 b - - 0 1"), None);
}

#[test]
fn n_move_rule_and_promotions_per_side() {
    let r = compile_text(
        "nm",
        "[nm:chess]\nnMoveRule = 70\narchbishop = a\npromotionPieceTypesWhite = a\npromotionPieceTypesBlack = qn\n",
    )
    .expect("compiles");
    assert_eq!(r.ends.claim_halfmoves, 140);
    let white = Position::from_fen(r, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").expect("fen");
    assert_eq!(perft(&white, 1), 5 + 1, "five king moves and b8=A");
    let black = Position::from_fen(r, "4k3/8/8/8/8/8/1p6/4K3 b - - 0 1").expect("fen");
    assert_eq!(perft(&black, 1), 5 + 2, "five king moves, b1=Q and b1=N");
}

/// Mutated definitions (bytes changed, lines dropped or repeated) never
/// panic: each compiles or gets an error with a line in the text.
#[test]
fn mutated_definitions_never_panic() {
    let base = format!(
        "{}\n{}",
        BUILTIN,
        include_str!("../../../tests/data/variants/holes.ini")
    );
    let bytes = base.as_bytes();
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let alphabet = b"*/:=[]-0123456789abcpqrxyzKNQ \n#";
    for round in 0..1500 {
        let mut m = bytes.to_vec();
        for _ in 0..(next() % 4 + 1) {
            let i = (next() as usize) % m.len();
            match next() % 3 {
                0 => m[i] = alphabet[(next() as usize) % alphabet.len()],
                1 => {
                    m.remove(i);
                }
                _ => m.insert(i, alphabet[(next() as usize) % alphabet.len()]),
            }
        }
        let text = String::from_utf8_lossy(&m);
        let lines = text.split('\n').count();
        let sections = match ini::parse("m.ini", &text) {
            Ok(s) => s,
            Err(e) => {
                assert!(e.line <= lines, "{e}");
                continue;
            }
        };
        for s in &sections {
            match compile::compile_one("m.ini", &sections, &s.name, &[], &[]) {
                // The start position is read once the rules are leaked (as
                // the registry does): in one round of ten, to keep the
                // test's memory small.
                Ok(c) if round % 10 == 0 => {
                    let _ = c.finish();
                }
                Ok(_) => {}
                Err(e) => assert!(e.line <= lines, "{e}"),
            }
        }
    }
}
