use super::*;

fn c(s: &str) -> Coord {
    let g = Grammar::gast14();
    square(&g, s.as_bytes()).unwrap().1
}

fn pc(s: &str) -> Coord {
    square(&Grammar::pasgl(), s.as_bytes()).unwrap().1
}

fn pm(g: &Grammar, s: &str) -> PieceMove {
    match parse_move(g, s.as_bytes()) {
        Ok(m) => match m.first() {
            Some(Action::Piece(p)) => *p,
            other => panic!("{s}: not a piece move: {other:?}"),
        },
        Err(e) => panic!("{s}: {e}"),
    }
}

#[test]
fn file_and_rank() {
    let g = Grammar::chess();
    assert_eq!(file(&g, b"e4"), Ok((&b"4"[..], 4)));
    assert!(file(&g, b"i4").is_err());
    assert_eq!(rank(&g, b"8x"), Ok((&b"x"[..], 7)));
    assert!(rank(&g, b"9").is_err());
    assert!(rank(&g, b"0").is_err());
    assert_eq!(rank(&Grammar::gast(), b"12"), Ok((&b""[..], 11)));
    assert!(rank(&Grammar::gast(), b"13").is_err());
}

#[test]
fn square_rule() {
    let g = Grammar::chess();
    assert_eq!(
        square(&g, b"a1"),
        Ok((&b""[..], Coord { file: 0, rank: 0 }))
    );
    assert_eq!(
        square(&g, b"h8"),
        Ok((&b""[..], Coord { file: 7, rank: 7 }))
    );
    assert!(square(&g, b"f9").is_err());
    let p = Grammar::pasgl();
    assert_eq!(
        square(&p, b"z4"),
        Ok((&b""[..], Coord { file: 0, rank: 3 }))
    );
    assert_eq!(
        square(&p, b"x5"),
        Ok((&b""[..], Coord { file: 9, rank: 4 }))
    );
}

#[test]
fn coord_name_round_trips() {
    for g in [
        Grammar::chess(),
        Grammar::gast14(),
        Grammar::pasgl(),
        Grammar::squirrel(),
    ] {
        for f in 0..g.files().len() as u8 {
            for r in 0..g.ranks() {
                let coord = Coord { file: f, rank: r };
                let name = coord_name(&g, coord);
                assert_eq!(square(&g, name.as_bytes()), Ok((&b""[..], coord)), "{name}");
            }
        }
    }
}

#[test]
fn piece_letter_rule() {
    let g = Grammar::chess();
    assert_eq!(piece_letter(&g, b"Nf3"), Ok((&b"f3"[..], b'N')));
    assert!(matches!(
        piece_letter(&g, b"Zf3"),
        Err(nom::Err::Failure(NotationError {
            unknown_piece: Some(b'Z'),
            ..
        }))
    ));
    assert!(matches!(piece_letter(&g, b"f3"), Err(nom::Err::Error(_))));
}

#[test]
fn castle_rule() {
    assert_eq!(castle(b"O-O"), Ok((&b""[..], CastleSide::King)));
    assert_eq!(castle(b"0-0-0"), Ok((&b""[..], CastleSide::Queen)));
    let g = Grammar::chess();
    assert_eq!(
        parse_move(&g, b"O-O-O").unwrap().first(),
        Some(&Action::Castle(CastleSide::Queen))
    );
    assert_eq!(
        parse_move(&g, b"0-0").unwrap().first(),
        Some(&Action::Castle(CastleSide::King))
    );
}

#[test]
fn pass_rule() {
    assert_eq!(
        parse_move(&Grammar::chess(), b"--").unwrap().first(),
        Some(&Action::Pass)
    );
    assert_eq!(
        parse_move(&Grammar::pasgl(), b"--").unwrap().first(),
        Some(&Action::Pass)
    );
}

#[test]
fn piece_move_san() {
    let g = Grammar::chess();
    let m = pm(&g, "Nf3");
    assert_eq!((m.piece, m.to, m.capture), (Some(b'N'), c("f3"), false));
    let m = pm(&g, "exd5");
    assert_eq!(
        (m.piece, m.from_file, m.capture, m.to),
        (None, Some(4), true, c("d5"))
    );
    let m = pm(&g, "Nbd2");
    assert_eq!((m.from_file, m.from_rank), (Some(1), None));
    let m = pm(&g, "R1a3");
    assert_eq!((m.from_file, m.from_rank, m.to), (None, Some(0), c("a3")));
    let m = pm(&g, "Qh4e1");
    assert_eq!(
        (m.from_file, m.from_rank, m.to),
        (Some(7), Some(3), c("e1"))
    );
    let m = pm(&g, "Nxd5");
    assert!(m.capture && m.from_file.is_none());
    for p in ["e8=Q", "e8Q", "e8(Q)"] {
        assert_eq!(pm(&g, p).promotion, Some(b'Q'), "{p}");
    }
    let m = pm(&g, "exd8=N");
    assert_eq!((m.capture, m.promotion, m.to), (true, Some(b'N'), c("d8")));
    assert_eq!(pm(&Grammar::gast(), "Kk12").to, c("k12"));
}

#[test]
fn piece_move_lan() {
    let g = Grammar::chess();
    let m = pm(&g, "e2-e4");
    assert_eq!(
        (m.from_file, m.from_rank, m.to, m.capture),
        (Some(4), Some(1), c("e4"), false)
    );
    let m = pm(&g, "Ng1-f3");
    assert_eq!(
        (m.piece, m.from_file, m.from_rank),
        (Some(b'N'), Some(6), Some(0))
    );
    assert!(pm(&g, "d6:e5").capture);
    assert!(pm(&g, "d6xe5").capture);
    assert_eq!(pm(&g, "Nb1c3").to, c("c3"));
    assert_eq!(pm(&g, "e7e8q").promotion, Some(b'Q'));
    assert_eq!(pm(&Grammar::gast(), "Ad1-d5").piece, Some(b'A'));
}

#[test]
fn piece_move_rejects() {
    let g = Grammar::chess();
    assert!(matches!(
        parse_move(&g, b"Nf9"),
        Err(ParseMoveError::Syntax { .. })
    ));
    assert_eq!(
        parse_move(&g, b"Zf3"),
        Err(ParseMoveError::UnknownPiece(b'Z'))
    );
    assert_eq!(
        parse_move(&g, b"Af3"),
        Err(ParseMoveError::UnknownPiece(b'A'))
    );
    assert_eq!(
        parse_move(&g, b"e8=Z"),
        Err(ParseMoveError::UnknownPiece(b'Z'))
    );
    assert!(matches!(
        parse_move(&g, b"e8="),
        Err(ParseMoveError::Syntax {
            at: 3,
            expected: "expected a piece letter after '='"
        })
    ));
    assert!(parse_move(&g, b"e4e").is_err());
    assert!(parse_move(&g, b"").is_err());
    assert!(parse_move(&g, b"@@e3").is_err(), "no squares in chess");
    assert!(parse_move(&g, b"e4,@@e3").is_err());
}

#[test]
fn place_square_rule() {
    let g = Grammar::squares();
    assert_eq!(place_square(&g, b"@@f3"), Ok((&b""[..], c("f3"))));
    assert_eq!(
        parse_move(&g, b"@@z3"),
        Err(ParseMoveError::Syntax {
            at: 2,
            expected: "expected a square after '@@'"
        })
    );
}

#[test]
fn move_square_rule() {
    let g = Grammar::squares();
    assert_eq!(
        move_square(&g, b"@g8-e6"),
        Ok((&b""[..], (c("g8"), c("e6"), None)))
    );
    // A carried pawn's promotion (RULINGS L17), alone and in a turn.
    assert_eq!(
        move_square(&g, b"@c7-b8=N"),
        Ok((&b""[..], (c("c7"), c("b8"), Some(b'N'))))
    );
    let m = parse_move(&g, b"Ke1-d1,@c7-b8=N,@@h5").expect("a postal turn");
    assert_eq!(
        m.actions[1],
        Action::MoveSquare {
            from: c("c7"),
            to: c("b8"),
            promotion: Some(b'N'),
        }
    );
    assert_eq!(
        parse_move(&g, b"@c7-b8=N"),
        parse_move_reference(&g, b"@c7-b8=N")
    );
    assert!(parse_move(&g, b"@c7-b8=").is_err());
    assert_eq!(
        parse_move(&g, b"@g8e6"),
        Err(ParseMoveError::Syntax {
            at: 3,
            expected: "expected '-' between the squares"
        })
    );
}

#[test]
fn postal_turn_rule() {
    let g = Grammar::squares();
    let m = parse_move(&g, b"Ng1-f3,@@e3").unwrap();
    assert_eq!(m.actions.len(), 2);
    assert!(matches!(
        m.actions[0],
        Action::Piece(PieceMove {
            piece: Some(b'N'),
            ..
        })
    ));
    assert_eq!(m.actions[1], Action::PlaceSquare { to: c("e3") });
    let m = parse_move(&g, b"e2-e4,@d2-d4,@@c3").unwrap();
    assert_eq!(m.actions.len(), 3);
    assert_eq!(
        m.actions[1],
        Action::MoveSquare {
            from: c("d2"),
            to: c("d4"),
            promotion: None,
        }
    );
    assert!(!m.is_single());
    assert_eq!(
        parse_move(&g, b"e4,@@a3,@@b3,@@c3,@@d3"),
        Err(ParseMoveError::TooManyActions)
    );
    assert!(matches!(
        parse_move(&g, b"e4,"),
        Err(ParseMoveError::Syntax { at: 3, .. })
    ));
}

#[test]
fn critter_action_rule() {
    let g = Grammar::pasgl();
    let crit = |s: &str| match parse_move(&g, s.as_bytes()) {
        Ok(m) => match m.first() {
            Some(Action::Critter(a)) => a.clone(),
            other => panic!("{s}: {other:?}"),
        },
        Err(e) => panic!("{s}: {e}"),
    };
    let a = crit("Df1-e3");
    assert_eq!(
        (a.critter, a.from, a.kind),
        (b'D', pc("f1"), CritterKind::Move { to: pc("e3") })
    );
    let a = crit("*-Te1-e2");
    assert!(a.stinky && a.lunchless && a.critter == b'T');
    let a = crit("-Be1-e2");
    assert!(!a.stinky && a.lunchless);
    assert_eq!(crit("Df1-e3/F").victim, Some(b'F'));
    let a = crit("Hd2>d5");
    assert_eq!(a.kind, CritterKind::Shot { to: pc("d5") });
    assert_eq!(crit("Hd2>d5/F").victim, Some(b'F'));
    assert_eq!(crit("Wg1>e3/S").victim, Some(b'S'));
    let a = crit("Bd3-d4/Tc5/Fe5");
    assert_eq!(a.victim, None);
    assert_eq!(
        a.displaced.as_slice(),
        &[(b'T', pc("c5")), (b'F', pc("e5"))]
    );
    let a = crit("Fz4-z5");
    assert_eq!(
        (a.from.file, a.kind),
        (
            0,
            CritterKind::Move {
                to: Coord { file: 0, rank: 4 }
            }
        )
    );
    assert!(crit("Dd4:e5").capture);
    // `x` is a file in PASGL, never a capture.
    let a = crit("Fh4-x4");
    assert_eq!(
        a.kind,
        CritterKind::Move {
            to: Coord { file: 9, rank: 3 }
        }
    );
    assert!(parse_move(&g, b"Dd4xe5").is_err());
    assert_eq!(
        parse_move(&g, b"Kd4-e5"),
        Err(ParseMoveError::UnknownPiece(b'K'))
    );
    assert!(matches!(
        parse_move(&g, b"Dd4"),
        Err(ParseMoveError::Syntax { at: 3, .. })
    ));
    assert!(parse_move(&g, b"Bd3-d4/Tc5/F").is_err());
}

#[test]
fn roadkill_rule() {
    let g = Grammar::pasgl();
    let m = parse_move(&g, b"_Pd4").unwrap();
    assert!(m.is_roadkill());
    assert_eq!(
        m.first(),
        Some(&Action::Roadkill {
            critter: b'P',
            at: pc("d4")
        })
    );
    assert!(matches!(
        parse_move(&g, b"_P"),
        Err(ParseMoveError::Syntax { at: 2, .. })
    ));
}

#[test]
fn action_size_is_small() {
    assert!(
        std::mem::size_of::<Action>() <= 48,
        "{}",
        std::mem::size_of::<Action>()
    );
}

// ----- the fast path against the nom grammar -----

/// Every grammar the fast path serves, plus one where `x` is a file.
fn fast_grammars() -> Vec<Grammar> {
    vec![
        Grammar::chess(),
        Grammar::crazyhouse(),
        Grammar::gast(),
        Grammar::gast14(),
        Grammar::squirrel(),
        Grammar::squares(),
        Grammar::new(b"abcdefghijklmnop", 16, b"KQRBNPZ").expect("valid grammar"),
        Grammar::new(b"wxyz", 3, b"KX").expect("valid grammar"),
    ]
}

/// The fast path's answer as a token.
fn fast_turn(g: &Grammar, t: &[u8]) -> Option<MoveToken> {
    let mut actions = ArrayVec::new();
    let whole = fast::turn(g, t, &mut actions).then_some(MoveToken { actions });
    // `single` takes exactly the turns of one action.
    let one = whole
        .as_ref()
        .filter(|m| m.is_single())
        .and_then(|m| m.first());
    assert_eq!(
        fast::single(g, t).as_ref(),
        one,
        "{}",
        String::from_utf8_lossy(t)
    );
    whole
}

/// The fast path accepts exactly what nom accepts, with the same token,
/// and `parse_move` answers as nom alone does.
fn agree(g: &Grammar, t: &[u8]) {
    let reference = parse_move_reference(g, t);
    let shown = String::from_utf8_lossy(t);
    if g.is_pasgl() {
        // PASGL's fast path is `single` alone; it may leave a token to nom.
        match (&reference, fast::single(g, t)) {
            (_, None) => {}
            (Ok(m), Some(a)) => {
                assert!(m.is_single(), "{shown}");
                assert_eq!(m.first(), Some(&a), "{shown}");
            }
            (Err(e), Some(a)) => panic!("{shown}: fast path reads {a:?}, nom says {e:?}"),
        }
        let mut actions = ArrayVec::new();
        assert!(!fast::turn(g, t, &mut actions), "{shown}");
        assert_eq!(parse_move(g, t), reference, "{shown}");
        return;
    }
    let quick = fast_turn(g, t);
    match &reference {
        Ok(m) => assert_eq!(quick.as_ref(), Some(m), "{shown} in {g:?}"),
        Err(_) => assert_eq!(
            quick, None,
            "{shown} in {g:?}: fast path accepts what nom rejects"
        ),
    }
    assert_eq!(parse_move(g, t), reference, "{shown}");
}

#[test]
fn fast_path_takes_ordinary_tokens() {
    let g = Grammar::chess();
    for t in [
        "e4", "exd5", "Nf3", "Nbd2", "R1a3", "Qh4e1", "e8=Q", "e7e8q", "e8(Q)", "O-O", "0-0-0",
        "--", "Ng1-f3", "d6:e5", "bxa8=N",
    ] {
        assert!(fast_turn(&g, t.as_bytes()).is_some(), "{t}");
        agree(&g, t.as_bytes());
    }
    let s = Grammar::squares();
    for t in ["@@f3", "@g8-e6", "Ng1-f3,@@e3", "e2-e4,@d2-d4,@@c3"] {
        assert!(fast_turn(&s, t.as_bytes()).is_some(), "{t}");
        agree(&s, t.as_bytes());
    }
    assert!(fast_turn(&Grammar::gast(), b"Ok12").is_some());
    assert!(fast_turn(&Grammar::gast(), b"a10xb11=O").is_some());
}

#[test]
fn fast_path_declines_what_nom_rejects() {
    let g = Grammar::chess();
    for t in [
        "", "e9", "a10", "Xe4", "e8=", "e8=X", "e8(Q", "e8Z", "O-O+", "@@e3", "e4,e5", "0-0-0-0",
        "Nf3x",
    ] {
        assert_eq!(fast_turn(&g, t.as_bytes()), None, "{t}");
        agree(&g, t.as_bytes());
    }
    let s = Grammar::squares();
    for t in ["@@", "@g8e6", "@g8-", "e4,", "e4,e5,e6,e7,e8", "@@e3,"] {
        assert_eq!(fast_turn(&s, t.as_bytes()), None, "{t}");
        agree(&s, t.as_bytes());
    }
}

/// Crazyhouse drops take the fast path, with nom's answer.
#[test]
fn fast_path_reads_crazyhouse_drops() {
    let g = Grammar::crazyhouse();
    for t in ["N@f3", "@e4", "P@e4", "Q@h8", "K@e1"] {
        assert!(fast::single(&g, t.as_bytes()).is_some(), "{t}");
        agree(&g, t.as_bytes());
    }
    for t in ["@e9", "N@", "@", "N@e4x", "@@e4", "X@e4", "N@e4,e5"] {
        agree(&g, t.as_bytes());
    }
}

/// PASGL's critter actions take the fast path, with nom's answer; the
/// rest is left to nom.
#[test]
fn fast_path_reads_pasgl_critter_actions() {
    let g = Grammar::pasgl();
    for t in [
        "Df1-e3",
        "*-Te1-e2",
        "Hd2>d5/F",
        "Bd3-d4/Tc5/Fe5",
        "Bd3-d4/tc5",
        "Pz5-a6",
        "Sx4-x5",
        "Wf3>d1",
        "Dg1:e2",
        "--",
        "Fc3-b4/w",
        "*Pd3-e4",
        "_Pd4",
        "_Bx4",
        "_Tz5",
    ] {
        assert!(fast::single(&g, t.as_bytes()).is_some(), "{t}");
        agree(&g, t.as_bytes());
    }
    // The roadkill mark as nom reads it, square and letter included.
    assert_eq!(
        fast::single(&g, b"_Pd4"),
        Some(Action::Roadkill {
            critter: b'P',
            at: pc("d4"),
        })
    );
    for t in [
        "_",
        "_P",
        "_Pd",
        "_pd4",
        "_Xd4",
        "_Pd4x",
        "_Pd44",
        "__Pd4",
        "_Pi4",
        "Df1-e9",
        "Xf1-e3",
        "Df1e3",
        "Hd2>d5/",
        "Hd2>d5/Fx",
        "Bd3-d4/Tc5/F",
        "Df1-e3 ",
        "**Df1-e3",
        "Bd3-d4/Ta1/Ta2/Ta3/Ta4/Ta5/Ta6/Ta7/Ta8/Tb1",
        "---",
        "-",
        "",
        "Df1-e3/F/F",
        "Df10-e3",
    ] {
        agree(&g, t.as_bytes());
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

    /// PASGL tokens shaped like critter actions, so that most parse.
    #[test]
    fn fast_path_agrees_on_pasgl_shapes(
        t in "[*]?-?[BHDFWSTMPXb]?[zabcdefghxi][0-9]{1,2}[-:>x]?[zabcdefghx][0-9]{1,2}(/[BHDFWSTMPbhdfwstmpKX]([a-hxz][0-9])?){0,3}",
    ) {
        agree(&Grammar::pasgl(), t.as_bytes());
    }

    /// PASGL tokens shaped like roadkill marks.
    #[test]
    fn fast_path_agrees_on_pasgl_marks(
        t in "_{1,2}[BHDFWSTMPXbp]?[zabcdefghxi]?[0-9]{0,2}[a-z0-9/]?",
    ) {
        agree(&Grammar::pasgl(), t.as_bytes());
    }

    /// Random bytes of the move alphabet.
    #[test]
    fn fast_path_agrees_on_random_bytes(
        t in proptest::collection::vec(
            proptest::sample::select(
                b"abcdefghijklmnopwxyz0123456789KQRBNPOAGCSXZqrbnoz=()-:@,_*/>".to_vec(),
            ),
            0..12,
        ),
    ) {
        for g in fast_grammars() {
            agree(&g, &t);
        }
        agree(&Grammar::pasgl(), &t);
    }

    /// Turns of the squares family as records write them, and with one
    /// byte changed or added: the short reader of comma turns against nom.
    #[test]
    fn fast_path_agrees_on_squares_turns(
        first in "([KQRBNP]?[a-h]?[1-8]?[-x:]?[a-h][1-8](=?[QRBN])?|O-O|O-O-O|@@[a-h][1-8]|@[a-h][1-8]-[a-h][1-8](=[QRBN])?)",
        tail in "(,(@@[a-i][0-9]|@[a-h][1-9]-[a-h][0-9](=[QRBNX])?|[NP]?[a-h][1-8]|O-O))*",
        at in 0usize..24,
        byte in proptest::sample::select(b"abhi0189@-,=xNQ:O ".to_vec()),
    ) {
        let g = Grammar::squares();
        let t = format!("{first}{tail}");
        agree(&g, t.as_bytes());
        let mut b = t.into_bytes();
        match b.get_mut(at) {
            Some(x) => *x = byte,
            None => b.push(byte),
        }
        agree(&g, &b);
    }

    /// Tokens shaped like moves, so that most parse.
    #[test]
    fn fast_path_agrees_on_move_shapes(
        t in "[KQRBNPOAGZX]?[a-px]?[0-9]{0,2}[-x:]?[a-px][0-9]{1,2}(=?[QRBNOZqrbnoz]|\\([QNXZ]\\)|=)?",
        tail in "(,(@@[a-h][1-8]|@[a-h][1-8]-[a-h][1-8]|[NP]?[a-h][1-8]|O-O))*",
        castle in "(O-O|0-0|O-O-O|0-0-0|--)[-O0+]?",
    ) {
        for g in fast_grammars() {
            agree(&g, t.as_bytes());
            agree(&g, format!("{t}{tail}").as_bytes());
            agree(&g, castle.as_bytes());
            agree(&g, format!("{castle}{tail}").as_bytes());
        }
    }
}

/// Every move token of the repository's PGN files and of the first 64 KiB
/// of each corpus file, in every grammar.
#[test]
fn fast_path_agrees_on_fixture_and_corpus_tokens() {
    use std::collections::BTreeSet;
    use std::io::Read;
    use std::path::{Path, PathBuf};

    use crate::diag::Span;
    use crate::notation::{Event, Flow, LineContext, Reader, Visitor};

    struct Tokens(BTreeSet<Vec<u8>>);
    impl Visitor for Tokens {
        fn event(&mut self, e: Event<'_>, _: Span, _: &LineContext<'_>) -> Flow {
            if let Event::Move { text, .. } = e {
                self.0.insert(text.to_vec());
            }
            Flow::Continue
        }
    }
    fn pgn_files(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                pgn_files(&p, out);
            } else if p.extension().is_some_and(|x| x == "pgn") {
                out.push(p);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = std::env::var_os("XPGN_CORPUS")
        .map_or_else(|| root.join("../shared/corpus"), PathBuf::from);
    let mut files = Vec::new();
    for dir in [
        root.join("fixtures"),
        root.join("tests/data"),
        corpus.clone(),
    ] {
        pgn_files(&dir, &mut files);
    }
    let in_corpus = files.iter().filter(|p| p.starts_with(&corpus)).count();
    // The corpus sits beside every checkout and CI's clone; without it this
    // test would compare only the fixtures and must fail instead.
    assert!(
        in_corpus > 10,
        "the corpus is missing at {}",
        corpus.display()
    );
    let mut tokens = Tokens(BTreeSet::new());
    for path in &files {
        let file = std::fs::File::open(path).expect("listed file opens");
        let mut head = Vec::new();
        file.take(64 * 1024)
            .read_to_end(&mut head)
            .expect("listed file reads");
        Reader::new(&head[..])
            .read_all(&mut tokens)
            .expect("reading memory cannot fail");
    }
    let least = if in_corpus > 10 { 1000 } else { 200 };
    assert!(tokens.0.len() > least, "{} tokens", tokens.0.len());
    let mut grammars = fast_grammars();
    grammars.push(Grammar::pasgl());
    for t in &tokens.0 {
        for g in &grammars {
            agree(g, t);
        }
    }
}

/// The short path for ordinary SAN and LAN answers for the shapes it is
/// written for, and then as nom does (the tests above compare `single`,
/// which tries it first, on random tokens).
#[test]
fn ordinary_shapes_take_the_short_path() {
    for g in fast_grammars() {
        for t in [
            "e4", "exd5", "Nf3", "Nbd2", "R1a3", "Qh4e1", "e8=Q", "e7e8q", "e8Q", "Ng1-f3",
            "d6:e5", "bxa8=N", "Kxb2", "R1xa3", "Bc1xg5",
        ] {
            let t = t.as_bytes();
            let Some(a) = fast::ordinary(&g, t) else {
                // Only the grammar where `x` is a file and has three ranks
                // refuses some of them.
                assert!(!g.x_is_capture(), "{} in {g:?}", String::from_utf8_lossy(t));
                continue;
            };
            let reference = parse_move_reference(&g, t).expect("nom reads it too");
            assert_eq!(
                reference.first(),
                Some(&a),
                "{}",
                String::from_utf8_lossy(t)
            );
        }
    }
    let g = Grammar::chess();
    for t in [
        "O-O", "0-0-0", "e10", "--", "e8(Q)", "Nb1c3d", "e9", "a0", "Xe4", "N0e5", "@@e3",
    ] {
        assert_eq!(fast::ordinary(&g, t.as_bytes()), None, "{t}");
    }
}
