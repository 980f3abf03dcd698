//! `xpgn view` in a real browser (issue 18): headless Chromium, installed
//! with playwright-core by scripts/browser_setup.sh (never skipped: when
//! the setup fails, this test fails), opens the page of a game of every
//! variant, steps through each game with the keyboard and reads the
//! position string of every ply from the DOM; it must equal `xpgn fen
//! --all`; at each game's last ply the board's arrow (drawn by the script
//! from two cell numbers) and its count of squares, holes, pieces, stacks
//! and checks must be `xpgn diagram`'s. A screenshot of each game's start is taken and checked to be a
//! PNG (scripts/view_screenshots.sh keeps them in docs/pictures/).

mod common;

use std::path::Path;
use std::process::Command;

use serde_json::Value;

fn xpgn(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_xpgn"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("run xpgn")
}

/// What the browser run compares of a board: the arrow's attributes (or
/// null) and the count of each part, as tests/browser/view.cjs reads them
/// from the DOM.
fn drawn(svg: &str) -> Value {
    let doc = roxmltree::Document::parse(svg).expect("the diagram is XML");
    let has = |n: &roxmltree::Node, class: &str| {
        n.attribute("class")
            .is_some_and(|c| c.split(' ').any(|w| w == class))
    };
    let count = |tag: &str, class: &str| {
        doc.descendants()
            .filter(|n| n.tag_name().name() == tag && has(n, class))
            .count()
    };
    let arrow = doc
        .descendants()
        .find(|n| n.tag_name().name() == "line" && has(n, "arrow"))
        .map(|n| {
            let mut attrs = serde_json::Map::new();
            for a in n.attributes() {
                attrs.insert(a.name().to_owned(), Value::from(a.value()));
            }
            Value::Object(attrs)
        });
    serde_json::json!({
        "arrow": arrow,
        "squares": count("rect", "square"),
        "holes": count("rect", "hole"),
        "pieces": count("g", "piece"),
        "stacks": count("g", "stack"),
        "checks": count("circle", "check"),
    })
}

#[test]
fn chromium_steps_through_every_variant_and_shows_fen_all() {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join("view-browser");
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(tmp.join("shots")).expect("temp dir");
    let tools = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser-tools");
    let setup = Command::new("bash")
        .arg(common::repo().join("scripts/browser_setup.sh"))
        .arg(&tools)
        .output()
        .expect("run scripts/browser_setup.sh");
    assert!(
        setup.status.success(),
        "scripts/browser_setup.sh could not install the browser: {}{}",
        String::from_utf8_lossy(&setup.stdout),
        String::from_utf8_lossy(&setup.stderr)
    );

    let fixture = common::repo().join("fixtures/view/every-variant.pgn");
    let fixture = fixture.to_str().expect("utf-8 path");
    let page = tmp.join("page.html");
    let out = xpgn(&["view", "-q", "-o", page.to_str().expect("path"), fixture]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // Each game's positions, ply 0 first, as `fen --all` gives them.
    let out = xpgn(&["fen", "--all", "--format", "json", fixture]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut expected: Vec<Vec<String>> = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let row: Value = serde_json::from_str(line).expect("a JSON row");
        let game = usize::try_from(row["game"].as_u64().expect("game")).expect("small");
        if expected.len() < game {
            expected.resize(game, Vec::new());
        }
        expected[game - 1].push(row["position"].as_str().expect("position").to_owned());
    }
    assert_eq!(expected.len(), 19);
    // Each game's last board as `xpgn diagram` draws it: the arrow's
    // attributes and how many of each part.
    let mut boards = Vec::new();
    for (g, fens) in expected.iter().enumerate() {
        let ply = (fens.len() - 1).to_string();
        let game = (g + 1).to_string();
        let out = xpgn(&[
            "diagram", fixture, "--game", &game, "--ply", &ply, "--size", "440",
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        boards.push(drawn(&String::from_utf8_lossy(&out.stdout)));
    }
    let boards_path = tmp.join("boards.json");
    std::fs::write(&boards_path, serde_json::to_string(&boards).expect("json"))
        .expect("write boards");
    let expected_path = tmp.join("expected.json");
    std::fs::write(
        &expected_path,
        serde_json::to_string(&expected).expect("json"),
    )
    .expect("write expected");

    let run = Command::new("node")
        .arg(common::repo().join("tests/browser/view.cjs"))
        .arg(&page)
        .arg(&expected_path)
        .arg(tmp.join("shots"))
        .arg(&boards_path)
        .env("NODE_PATH", tools.join("node_modules"))
        .output()
        .expect("run node");
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "the browser run failed: {stdout}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let report: Value = serde_json::from_str(stdout.trim()).expect("the run's JSON report");
    let games = report["games"].as_array().expect("games");
    assert_eq!(games.len(), expected.len());
    let mut variants = Vec::new();
    for (g, want) in games.iter().zip(&expected) {
        assert_eq!(g["plies"].as_u64(), Some(want.len() as u64 - 1), "{g}");
        assert!(g["squares"].as_u64().unwrap_or(0) >= 32, "{g}");
        assert!(g["pieces"].as_u64().unwrap_or(0) >= 16, "{g}");
        let shot = std::fs::read(g["shot"].as_str().expect("shot")).expect("the screenshot");
        assert!(
            shot.starts_with(b"\x89PNG\r\n\x1a\n") && shot.len() > 2000,
            "{g}"
        );
        variants.push(g["variant"].as_str().expect("variant").to_owned());
    }
    // One game of each variant xpgn knows (and the annotated chess game).
    for v in xpgn::rules::Variant::ALL {
        assert!(variants.iter().any(|n| n == v.name()), "{}", v.name());
    }
}
