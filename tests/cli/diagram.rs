//! `xpgn diagram` (issue 18): the SVG is read back with an XML parser and
//! what it draws is counted: squares, holes, pieces, stacks and the marks
//! of every game.

use crate::util::TestEnv;

/// Elements of `svg` with `class` among their classes.
fn count(svg: &str, class: &str) -> usize {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    doc.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').any(|w| w == class))
        })
        .count()
}

/// The value of `attr` on every element with `class`.
fn attrs(svg: &str, class: &str, attr: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    doc.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').any(|w| w == class))
        })
        .filter_map(|n| n.attribute(attr).map(str::to_owned))
        .collect()
}

fn diagram(env: &TestEnv, args: &[&str]) -> String {
    let mut all = vec!["diagram"];
    all.extend_from_slice(args);
    let run = env.run(&all);
    run.code(0);
    run.stdout()
}

#[test]
fn every_game_s_start_draws_its_board_and_every_piece() {
    let env = TestEnv::new();
    // (variant, squares, holes, pieces): a hole is a place of the board
    // with no square; PASGL's z and x files beyond the terminals are not
    // drawn at all.
    for (variant, squares, holes, pieces) in [
        ("chess", 64, 0, 32),
        ("gast", 144, 0, 48),
        ("gast14x12", 168, 0, 56),
        ("squirrel", 100, 0, 48),
        ("hans38", 32, 32, 32),
        ("pasgl312", 68, 0, 32),
    ] {
        let svg = diagram(&env, &["--variant", variant]);
        assert_eq!(count(&svg, "square"), squares, "{variant} squares");
        assert_eq!(count(&svg, "hole"), holes, "{variant} holes");
        assert_eq!(count(&svg, "piece"), pieces, "{variant} pieces");
        assert_eq!(count(&svg, "arrow"), 0, "{variant}: no move, no arrow");
    }
}

#[test]
fn squares_family_shades_owners_and_shows_reserves() {
    let env = TestEnv::new();
    let svg = diagram(&env, &["--variant", "hans38"]);
    assert_eq!(count(&svg, "owner"), 32);
    assert_eq!(
        attrs(&svg, "owner", "class")
            .iter()
            .filter(|c| c.ends_with("white"))
            .count(),
        16
    );
    assert_eq!(attrs(&svg, "fact", "data-label"), ["turn", "reserve"]);
    assert_eq!(attrs(&svg, "fact", "data-white"), ["3"]);
}

#[test]
fn pasgl_draws_terminals_campfire_train_and_stacks_with_states() {
    let env = TestEnv::new();
    let svg = diagram(&env, &["--variant", "pasgl312"]);
    assert_eq!(count(&svg, "terminal"), 4);
    assert_eq!(count(&svg, "campfire"), 4);
    assert_eq!(count(&svg, "train"), 2);
    assert_eq!(attrs(&svg, "train", "data-square"), ["x4", "x5"]);
    assert_eq!(attrs(&svg, "fact", "data-label"), ["turn", "score"]);
    // Lunch-carriers start with their lunch.
    let states = attrs(&svg, "piece", "data-states");
    assert_eq!(states.iter().filter(|s| s.contains("lunch")).count(), 12);
    // Three critters on one square, one of them without its lunch.
    let svg = diagram(
        &env,
        &[
            "--variant",
            "pasgl312",
            "--fen",
            "4b3/8/8/10/10/8/8/3(HT-D)B3 w 0 0-0 0",
        ],
    );
    assert_eq!(attrs(&svg, "stack", "data-count"), ["3"]);
    assert_eq!(attrs(&svg, "stack", "data-square"), ["d1"]);
    assert_eq!(count(&svg, "piece"), 5);
    assert_eq!(count(&svg, "lunchless"), 1);
}

#[test]
fn a_record_s_position_has_the_last_move_s_arrow_marks_and_flip() {
    let env = TestEnv::new();
    env.write("g.pgn", "1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n");
    let svg = diagram(&env, &["g.pgn", "--ply", "3", "--mark", "e4,d5"]);
    assert_eq!(attrs(&svg, "arrow", "data-from"), ["g1"]);
    assert_eq!(attrs(&svg, "arrow", "data-to"), ["f3"]);
    assert_eq!(attrs(&svg, "highlight", "data-square"), ["e4", "d5"]);
    assert_eq!(count(&svg, "piece"), 32);
    let last = diagram(&env, &["g.pgn", "--no-arrow"]);
    assert_eq!(count(&last, "arrow"), 0);
    let start = diagram(&env, &["g.pgn", "--ply", "0"]);
    assert_eq!(count(&start, "arrow"), 0);
    // Flipped, the first file letter drawn from the left is h.
    let flipped = diagram(&env, &["g.pgn", "--flip"]);
    let doc = roxmltree::Document::parse(&flipped).expect("xml");
    let mut files: Vec<(f64, String)> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("coord file"))
        .map(|n| {
            let x = n.attribute("x").and_then(|x| x.parse().ok()).expect("x");
            (x, n.text().unwrap_or_default().to_owned())
        })
        .collect();
    files.sort_by(|a, b| a.0.total_cmp(&b.0));
    assert_eq!(files.first().map(|f| f.1.as_str()), Some("h"));
}

#[test]
fn squirrel_zone_is_drawn_on_request() {
    let env = TestEnv::new();
    let fen =
        "crbgqkgbrc/1n1s2s1n1/pppppppppp/10/10/10/10/PPPPPPPPPP/1N1S2S1N1/CRBGQKGBRC b KQkq - 0 1";
    let plain = diagram(&env, &["--variant", "squirrel", "--fen", fen]);
    assert_eq!(count(&plain, "zone"), 0);
    let svg = diagram(&env, &["--variant", "squirrel", "--fen", fen, "--zone"]);
    // Black to move: the white guards on d1 and g1 brake c1-e2 and f1-h2.
    let mut zone = attrs(&svg, "zone", "data-square");
    zone.sort();
    assert_eq!(
        zone,
        ["c1", "c2", "d2", "e1", "e2", "f1", "f2", "g2", "h1", "h2"]
    );
}

#[test]
fn bad_requests_are_named_with_exit_2() {
    let env = TestEnv::new();
    env.write("g.pgn", "1. e4 e5 *\n");
    env.run(&["diagram", "g.pgn", "--mark", "i9"])
        .code(2)
        .stderr_has("--mark")
        .stderr_has("i9");
    env.run(&["diagram", "g.pgn", "--game", "2"])
        .code(2)
        .stderr_has("holds 1 games");
    env.run(&["diagram", "g.pgn", "--ply", "5"])
        .code(2)
        .stderr_has("no ply 5");
    env.write("bad.pgn", "1. e4 Ke7 2. Qh5 *\n");
    env.run(&["diagram", "bad.pgn", "--ply", "3"])
        .code(2)
        .stderr_has("breaks after ply 1");
}

#[test]
fn output_file_is_written_whole_and_not_replaced_without_force() {
    let env = TestEnv::new();
    env.run(&["diagram", "--variant", "chess", "-o", "d.svg"])
        .code(0);
    let svg = std::fs::read_to_string(env.path().join("d.svg")).expect("written");
    assert_eq!(count(&svg, "piece"), 32);
    env.run(&["diagram", "--variant", "chess", "-o", "d.svg"])
        .code(2)
        .stderr_has("--force");
    env.run(&["diagram", "--variant", "gast", "-o", "d.svg", "--force"])
        .code(0);
    let svg = std::fs::read_to_string(env.path().join("d.svg")).expect("written");
    assert_eq!(count(&svg, "piece"), 48);
}

#[test]
fn lichess_games_draw_their_pieces_pockets_and_checks_to_give() {
    let env = TestEnv::new();
    let svg = diagram(&env, &["--variant", "horde"]);
    assert_eq!(count(&svg, "piece"), 52);
    let svg = diagram(
        &env,
        &[
            "--variant",
            "crazyhouse",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[NNq] w KQkq - 0 1",
        ],
    );
    assert_eq!(attrs(&svg, "fact", "data-label"), ["turn", "pocket"]);
    assert_eq!(attrs(&svg, "fact", "data-white"), ["N2"]);
    assert_eq!(attrs(&svg, "fact", "data-black"), ["Q1"]);
    let svg = diagram(&env, &["--variant", "three-check"]);
    assert_eq!(attrs(&svg, "fact", "data-white"), ["3"]);
}

/// Boards to 16x16 (issue 17's definition files): Big16 has 256 cells,
/// 8 of them holes, and 40 pieces; Cross14 196 cells, 36 corner holes and
/// 2 more, 32 pieces.
#[test]
fn a_16x16_board_with_holes_draws_every_square_hole_and_piece() {
    let env = TestEnv::new();
    let ini = format!(
        "{}/tests/data/variants/holes.ini",
        env!("CARGO_MANIFEST_DIR")
    );
    for (variant, squares, holes, pieces) in [("Big16", 248, 8, 40), ("Cross14", 158, 38, 32)] {
        let svg = diagram(&env, &["--variants", &ini, "--variant", variant]);
        assert_eq!(count(&svg, "square"), squares, "{variant} squares");
        assert_eq!(count(&svg, "hole"), holes, "{variant} holes");
        assert_eq!(count(&svg, "piece"), pieces, "{variant} pieces");
    }
}
