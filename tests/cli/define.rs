//! Games from definition files (issue 17): `--variants`, `XPGN_VARIANTS`,
//! `variants --show`, records of 14x14 and 16x16 games with holes, and one
//! clear error per hostile definition.

use crate::util::TestEnv;

fn fixture(path: &str) -> String {
    format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))
}

const HOLES: &str = "tests/data/variants/holes.ini";

/// Perft from the start, counted by hand:
///
/// Cross14 (14x14, 3x3 corner holes, holes on e3 and e12): each side has
/// 8 pawns, 7 of which step one or two (the e-pawn is blocked by its hole,
/// also for the double step): 14; each knight has 2 moves (the third
/// square is a corner hole, the fourth its own pawn): 18. Ten ranks lie
/// between the armies, so no first move changes a reply: 18 x 18 = 324.
///
/// Big16 (16x16, holes on d3, m3, d14, m14 and h8, i8, h9, i9): pawns e-l
/// step one or two (16; d and m are blocked by holes); each nightrider
/// rides 5 squares (e1: f3 g5 h7, stopped by the hole on i9, and c2 a3;
/// d3 is a hole, g2 its own pawn); each rook 3 along the empty first rank;
/// chancellor g1 and archbishop j1 2 knight leaps each; bishops, queen and
/// king are blocked: 16 + 10 + 6 + 4 = 36. No first move reaches a square
/// a reply passes: 36 x 36 = 1296.
#[test]
fn perft_of_the_hole_boards_is_the_hand_count() {
    let env = TestEnv::new();
    for (variant, counts) in [("Cross14", ["18", "324"]), ("Big16", ["36", "1296"])] {
        for (depth, count) in ["1", "2"].iter().zip(counts) {
            env.run(&[
                "--variants",
                &fixture(HOLES),
                "perft",
                "--variant",
                variant,
                depth,
            ])
            .code(0)
            .stdout_is(&format!("{count}\n"));
        }
    }
}

#[test]
fn records_of_the_hole_boards_verify_to_their_final_positions() {
    let env = TestEnv::new();
    for game in ["cross14", "big16"] {
        let pgn = fixture(&format!("tests/data/variants/{game}.pgn"));
        env.run(&["--variants", &fixture(HOLES), "check", &pgn])
            .code(0)
            .stderr_has("0 errors");
        let fens = std::fs::read_to_string(fixture(&format!("tests/data/variants/{game}.fens")))
            .expect("fixture");
        env.run(&["--variants", &fixture(HOLES), "fen", &pgn])
            .code(0)
            .stdout_is(&fens);
    }
}

#[test]
fn a_move_into_a_hole_or_through_it_is_illegal_at_its_ply() {
    let env = TestEnv::new();
    // e4 would pass the hole on e3; Nd3?? d3 is fine but the knight on e1
    // cannot reach e3 (hole), nor can anything stand there.
    let pgn = env.write(
        "g.pgn",
        "[Variant \"Cross14\"]\n\n1. f4 f11 2. e4 *\n\n[Variant \"Cross14\"]\n\n1. Nd3 Nd12 2. Ne3 *\n",
    );
    let run = env.run(&[
        "--variants",
        &fixture(HOLES),
        "check",
        pgn.to_str().expect("utf-8"),
    ]);
    run.code(1)
        .stderr_has("2 errors")
        .stderr_has("ply 3")
        .stderr_has("e4");
    assert!(run.stderr().contains("Ne3"), "{}", run.stderr());
}

#[test]
fn the_environment_variable_loads_definitions_too() {
    let env = TestEnv::new();
    let out = env
        .command(&["perft", "--variant", "big16", "1"])
        .env("XPGN_VARIANTS", fixture(HOLES))
        .output()
        .expect("run");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "36\n");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn variants_lists_defined_games_and_shows_definitions() {
    let env = TestEnv::new();
    env.run(&["variants", "--variants", &fixture(HOLES)])
        .code(0)
        .stdout_has("Big16: implemented, from a definition file")
        .stdout_has("  N nightrider NN");
    // A built-in definition, as shipped: copy it, change it, load it.
    let run = env.run(&["variants", "--show", "gast"]);
    run.code(0)
        .stdout_has("[Gast]\n")
        .stdout_has("customPiece3 = a:RNCA");
    let copied = run.stdout().replace("[Gast]", "[MyGast]");
    let file = env.write("mine.ini", copied);
    env.run(&[
        "--variants",
        file.to_str().expect("utf-8"),
        "perft",
        "--variant",
        "mygast",
        "2",
    ])
    .code(0)
    .stdout_is("6724\n");
    // A defined game's definition shows its parents first.
    env.run(&["--variants", &fixture(HOLES), "variants", "--show", "Big16"])
        .code(0)
        .stdout_has("[Chess]\n")
        .stdout_has("[Big16:chess]\n");
    env.run(&["variants", "--show", "Hans38"])
        .code(2)
        .stderr_has("has its own engine");
}

#[test]
fn hostile_definitions_stop_with_one_diagnostic_at_their_line() {
    let env = TestEnv::new();
    let cases: &[(&str, &str, &str)] = &[
        ("[a:chess]\nfoo = 1\n", ":2:", "unknown key 'foo'"),
        ("[a:chess]\ncustomPiece1 = x:Nq\n", ":2:", "does not parse"),
        (
            "[a:chess]\nmaxFile = 17\nmaxRank = 3\n",
            ":2:",
            "a file from a to p",
        ),
        (
            "[a:chess]\ncustomPiece1 = n:W\n",
            ":2:",
            "already the letter of knight",
        ),
        ("[a:chess]\nmaxFile = j\n", ":1:", "startFen"),
        ("[a:b]\n[b:a]\n", ":1:", "inherits from itself"),
        ("[a:chess]\n[a:chess]\n", ":2:", "already defined"),
        ("[gast]\n", ":1:", "built-in game Gast"),
    ];
    for (i, (text, at, needle)) in cases.iter().enumerate() {
        let name = format!("bad{i}.ini");
        let file = env.write(&name, text);
        let run = env.run(&[
            "--variants",
            file.to_str().expect("utf-8"),
            "check",
            &fixture("tests/data/variants/big16.pgn"),
        ]);
        run.code(2)
            .stderr_has("error[bad-definition]")
            .stderr_has(needle)
            .stderr_has(&format!("{name}{at}"));
        assert_eq!(run.stdout(), "", "{text}");
        assert_eq!(
            run.stderr().matches("error[").count(),
            1,
            "{}",
            run.stderr()
        );
    }
    env.run(&["--variants", "missing.ini", "variants"])
        .code(2)
        .stderr_has("cannot read the file");
}

#[test]
fn the_worked_example_of_the_docs_runs_as_shown() {
    let env = TestEnv::new();
    let doc = std::fs::read_to_string(fixture("docs/definitions.md")).expect("docs");
    let ini = std::fs::read_to_string(fixture("tests/data/variants/example10.ini")).expect("ini");
    assert!(
        doc.contains(&ini),
        "docs/definitions.md must show example10.ini as it is"
    );
    let ini = fixture("tests/data/variants/example10.ini");
    let pgn = fixture("tests/data/variants/lakes.pgn");
    let perft = env.run(&["--variants", &ini, "perft", "--variant", "lakes", "2"]);
    perft.code(0);
    assert!(doc.contains(&format!("perft --variant lakes 2\n{}", perft.stdout())));
    let check = env.run(&["--variants", &ini, "check", &pgn]);
    check.code(0);
    assert!(doc.contains(&format!("check lakes.pgn\n{}", check.stderr())));
    let fen = env.run(&["--variants", &ini, "fen", &pgn]);
    fen.code(0);
    assert!(doc.contains(&format!("fen lakes.pgn\n{}", fen.stdout())));
}

/// Chess from a definition file gives every corpus game the verdict that
/// built-in Chess gives it, on the bitboards (a definition with chess's
/// exact rules runs there) and on the chess core (`CoreChess` differs on
/// paper only, by a key chess never reads): the differential test of the
/// two engines a defined game can run on.
#[test]
fn a_definition_of_chess_verifies_the_corpus_as_chess_does() {
    use std::io::Read as _;
    let env = TestEnv::new();
    let corpus = std::env::var_os("XPGN_CORPUS").map_or_else(
        || std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"),
        std::path::PathBuf::from,
    );
    let mut files: Vec<std::path::PathBuf> = walk(&corpus);
    files.sort();
    let (mut orig, mut def, mut core) = (String::new(), String::new(), String::new());
    for f in files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "pgn"))
    {
        // The first 512 KB of each file, cut at a game's start.
        let mut bytes = Vec::new();
        let Ok(file) = std::fs::File::open(f) else {
            continue;
        };
        let _ = file.take(512 * 1024).read_to_end(&mut bytes);
        let text = String::from_utf8_lossy(&bytes);
        let text = match text.rfind("\n[Event ") {
            Some(i) if bytes.len() == 512 * 1024 => &text[..=i],
            _ => &text[..],
        };
        for line in text.lines() {
            orig.push_str(line);
            orig.push('\n');
            let standard = ["Standard", "Chess", "Normal", "From Position", ""]
                .iter()
                .any(|v| line == format!("[Variant \"{v}\"]"));
            if line.starts_with("[Variant \"") && standard {
                continue;
            }
            def.push_str(line);
            def.push('\n');
            core.push_str(line);
            core.push('\n');
            if line.starts_with("[Event ") {
                def.push_str("[Variant \"DefChess\"]\n");
                core.push_str("[Variant \"CoreChess\"]\n");
            }
        }
    }
    env.write("orig.pgn", &orig);
    env.write("def.pgn", &def);
    env.write("core.pgn", &core);
    env.write(
        "def.ini",
        "[DefChess:chess]\n\n[CoreChess:chess]\nxpgnLoneMinors = n\n",
    );
    let rows = |args: &[&str]| -> Vec<String> {
        let run = env.run(args);
        run.stdout()
            .lines()
            .filter(|l| l.contains("\"type\":\"game\""))
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).expect("json");
                let keep = [
                    "game",
                    "valid",
                    "errors",
                    "warnings",
                    "plies",
                    "termination",
                    "result_played",
                    "first_error",
                ];
                keep.iter()
                    .map(|k| v[k].to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    };
    let a = rows(&["stats", "--format", "jsonl", "orig.pgn"]);
    let b = rows(&[
        "--variants",
        "def.ini",
        "stats",
        "--format",
        "jsonl",
        "def.pgn",
    ]);
    let c = rows(&[
        "--variants",
        "def.ini",
        "stats",
        "--format",
        "jsonl",
        "core.pgn",
    ]);
    assert!(a.len() > 1000, "only {} corpus games compared", a.len());
    for (name, other) in [("DefChess", &b), ("CoreChess", &c)] {
        assert_eq!(a.len(), other.len(), "{name}");
        for (x, y) in a.iter().zip(other.iter()) {
            // Games of other variants keep theirs: the first error's text
            // names the game in both.
            assert_eq!(x, y, "{name}");
        }
    }
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out
}

#[test]
fn the_example_in_the_help_and_man_page_works() {
    let env = TestEnv::new();
    let help = env.run(&["variants", "--help"]).stdout();
    let ini: String = help
        .lines()
        .skip_while(|l| !l.contains("[Lakes:chess]"))
        .take_while(|l| !l.trim().is_empty())
        .map(|l| format!("{}\n", l.trim()))
        .collect();
    assert!(ini.contains("startFen"), "{help}");
    let file = env.write("lakes.ini", ini);
    env.run(&[
        "--variants",
        file.to_str().expect("utf-8"),
        "perft",
        "--variant",
        "lakes",
        "2",
    ])
    .code(0)
    .stdout_is("676\n");
}

/// `nMoveRule` is the count of the draw claim the verifier notes: with 2,
/// the note comes after four half-moves without capture or pawn move,
/// where chess notes nothing.
#[test]
fn n_move_rule_sets_when_the_draw_claim_is_noted() {
    let env = TestEnv::new();
    let ini = env.write(
        "short.ini",
        "[Short:chess]\nnMoveRule = 2\n\n[Never:chess]\nnMoveRule = 0\n",
    );
    let ini = ini.to_str().expect("utf-8");
    for (variant, noted) in [("Short", true), ("Never", false), ("Chess", false)] {
        let pgn = env.write(
            &format!("{variant}.pgn"),
            format!("[Variant \"{variant}\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 *\n"),
        );
        let run = env.run(&["--variants", ini, "check", pgn.to_str().expect("utf-8")]);
        run.code(0);
        assert_eq!(
            run.stderr()
                .contains("2 moves without capture or pawn move: a draw may be claimed"),
            noted,
            "{variant}: {}",
            run.stderr()
        );
    }
}
