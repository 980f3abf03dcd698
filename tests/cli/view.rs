//! `xpgn view` (issue 18): the page is self-contained, holds every game's
//! data, puts each ply's board together from fragments that equal `xpgn
//! diagram`'s drawing of that ply, and shows `check`'s findings on their
//! moves. The page's script is run in a real browser by
//! tests/view_browser.rs.

use serde_json::Value;

use crate::util::TestEnv;

/// The JSON of the `<script type="application/json">` element `id`.
fn script_json(page: &str, id: &str) -> Value {
    let open = format!("id=\"{id}\">");
    let start = page.find(&open).map(|i| i + open.len()).expect(id);
    let end = page[start..].find("</script>").expect("closed") + start;
    serde_json::from_str(&page[start..end]).expect("valid JSON")
}

/// The page's SVG fragments: the text of its `xpgn-fragments` element,
/// one a line, as the page's script splits it.
fn fragments(page: &str) -> Value {
    let open = "id=\"xpgn-fragments\">";
    let start = page.find(open).map(|i| i + open.len()).expect("fragments");
    let end = page[start..].find("</script>").expect("closed") + start;
    page[start..end].split('\n').map(Value::from).collect()
}

/// Game `k` of the page, a chess game's nodes rewritten in the general
/// shape as the page's script reads them (`chessNodes` in viewer.js):
/// each node's position string whole (`[-1, fen]`), its cells as (cell,
/// fragment) pairs, its arrow and its facts panel.
fn game_json(page: &str, k: usize) -> Value {
    let mut game = script_json(page, &format!("xpgn-game-{k}"));
    let Some(row) = game["chess"].as_u64() else {
        return game;
    };
    let tables = script_json(page, "xpgn-chess");
    let mut frag = std::collections::HashMap::new();
    for pair in tables["cells"].as_array().expect("cells").chunks(2) {
        frag.insert(pair[0].as_u64().expect("key"), pair[1].clone());
    }
    let parents = parents(&game);
    let mut state: Vec<Option<([u64; 64], Vec<String>)>> = Vec::new();
    let nodes = game["nodes"].as_array_mut().expect("nodes");
    for (i, node) in nodes.iter_mut().enumerate() {
        let r = node.as_array().expect("node").clone();
        if r.len() < 2 {
            state.push(None);
            continue;
        }
        let parent = parents[i].and_then(|p| state[p].clone());
        let mut codes = parent.as_ref().map_or([0; 64], |p| p.0);
        let change = r[1].as_array().expect("change");
        let tail: Vec<String> = if change.first().and_then(Value::as_i64) == Some(-1) {
            let text = change[1].as_str().expect("fields");
            text.split(' ').map(str::to_owned).collect()
        } else {
            let t = &parent.as_ref().expect("a parent").1;
            let num = |s: &str| s.parse::<u64>().expect("a clock");
            let mut tail = vec![
                if t[0] == "w" { "b" } else { "w" }.to_owned(),
                t[1].clone(),
                "-".to_owned(),
                (num(&t[3]) + 1).to_string(),
                (num(&t[4]) + u64::from(t[0] == "b")).to_string(),
            ];
            for pair in change.chunks(2) {
                let k = pair[0].as_u64().expect("field") as usize;
                tail[k] = match &pair[1] {
                    Value::String(s) => s.clone(),
                    v => v.to_string(),
                };
            }
            tail
        };
        let mut cells = Vec::new();
        for key in r[2].as_array().expect("keys") {
            let key = key.as_u64().expect("key");
            codes[(key >> 5) as usize] = (key >> 1) & 15;
            cells.push(Value::from(key >> 5));
            cells.push(frag[&(row * 2048 + key)].clone());
        }
        let mut place = String::new();
        for r in (0..8).rev() {
            let mut empty = 0;
            for f in 0..8 {
                match codes[r * 8 + f] {
                    0 => empty += 1,
                    c => {
                        if empty > 0 {
                            place += &empty.to_string();
                            empty = 0;
                        }
                        place.push(" PNBRQKpnbrqk".as_bytes()[c as usize] as char);
                    }
                }
            }
            if empty > 0 {
                place += &empty.to_string();
            }
            if r > 0 {
                place.push('/');
            }
        }
        let fen = format!("{place} {}", tail.join(" "));
        let facts = tables["facts"][(row * 2 + u64::from(tail[0] == "b")) as usize].clone();
        *node = serde_json::json!([r[0], [-1, fen], cells, r[3], facts]);
        state.push(Some((codes, tail)));
    }
    game
}

/// Splits a position string into its fields and separators (`/`, ` `),
/// as the page's script does.
fn split_fields(s: &str) -> Vec<String> {
    let mut parts = vec![String::new()];
    for c in s.chars() {
        if c == '/' || c == ' ' {
            parts.push(c.to_string());
            parts.push(String::new());
        } else {
            parts.last_mut().expect("a field").push(c);
        }
    }
    parts
}

/// The parent of each node of a game: the node before, but for the
/// nodes listed in `up` (node, how far back).
fn parents(game: &Value) -> Vec<Option<usize>> {
    let count = game["nodes"].as_array().expect("nodes").len();
    let mut out: Vec<Option<usize>> = (0..count).map(|i| i.checked_sub(1)).collect();
    let up = game["up"].as_array().expect("up");
    for pair in up.chunks(2) {
        let i = pair[0].as_u64().expect("node") as usize;
        out[i] = Some(i - pair[1].as_u64().expect("distance") as usize);
    }
    out
}

/// A node as the page puts it together: its parent, its position string
/// (as fields and separators) and the fragment of each cell.
type Built<F> = (Option<usize>, Option<F>, Vec<u64>);

/// The nodes of a game as `(parent, fen, cells)`, the fen and the cells
/// rebuilt from their changes of the parent's as the page does.
fn nodes(game: &Value) -> Vec<Built<String>> {
    let mut out: Vec<Built<Vec<String>>> = Vec::new();
    let parents = parents(game);
    for (i, n) in game["nodes"].as_array().expect("nodes").iter().enumerate() {
        let parent = parents[i];
        let fen = n.get(1).and_then(Value::as_array).map(|c| {
            let mut parts = parent.and_then(|p| out[p].1.clone()).unwrap_or_default();
            for pair in c.chunks(2) {
                let texts = split_fields(pair[1].as_str().expect("text"));
                let k = pair[0].as_i64().expect("field");
                if k < 0 {
                    parts = texts;
                    continue;
                }
                for (j, t) in texts.into_iter().enumerate() {
                    parts[2 * k as usize + j] = t;
                }
            }
            parts
        });
        let mut cells = parent.map(|p| out[p].2.clone()).unwrap_or_default();
        let d: Vec<u64> = n
            .get(2)
            .and_then(Value::as_array)
            .map(|d| d.iter().map(|v| v.as_u64().unwrap()).collect())
            .unwrap_or_default();
        for pair in d.chunks(2) {
            let c = pair[0] as usize;
            if cells.len() <= c {
                cells.resize(c + 1, u64::MAX);
            }
            cells[c] = pair[1];
        }
        out.push((parent, fen, cells));
    }
    out.into_iter()
        .map(|(p, f, c)| (p, f.map(|f| f.concat()), c))
        .collect()
}

/// The arrow of `code` (`from * cells + to`) put together as the page's
/// script does, from the page's geometry of the game's frame.
fn arrow(geometry: &Value, game: &Value, code: u64) -> String {
    let g = &geometry[game["frame"].as_u64().expect("frame").to_string()];
    let files = g[0].as_u64().expect("files");
    let cells = files * g[1].as_u64().expect("ranks");
    let text = |v: &Value| v.as_str().expect("a string").to_owned();
    let (from, to) = (code / cells, code % cells);
    let (f1, r1, f2, r2) = (from % files, from / files, to % files, to / files);
    let name = |f: u64, r: u64| format!("{}{}", text(&g[2][f as usize]), r + 1);
    let values = [
        name(f1, r1),
        name(f2, r2),
        text(&g[3][f1 as usize]),
        text(&g[4][r1 as usize]),
        text(&g[3][f2 as usize]),
        text(&g[4][r2 as usize]),
    ];
    let pieces = g[5].as_array().expect("pieces");
    assert_eq!(pieces.len(), 7, "the arrow's text around six values");
    let mut s = text(&pieces[0]);
    for (v, piece) in values.iter().zip(&pieces[1..]) {
        s.push_str(v);
        s.push_str(&text(piece));
    }
    s
}

/// The board of node `i` put together as the page's script does.
fn board(game: &Value, fragments: &Value, geometry: &Value, i: usize) -> String {
    let all = nodes(game);
    let frag = |id: u64| {
        fragments[id as usize]
            .as_str()
            .expect("fragment")
            .to_owned()
    };
    let mut svg = frag(game["frame"].as_u64().expect("frame"));
    for &c in &all[i].2 {
        svg.push_str(&frag(c));
    }
    let node = &game["nodes"][i];
    if let Some(code) = node.get(3).and_then(Value::as_u64) {
        svg.push_str(&arrow(geometry, game, code));
    }
    if let Some(id) = node.get(4).and_then(Value::as_u64) {
        svg.push_str(&frag(id));
    }
    svg + "</svg>"
}

/// The top-level elements of an SVG, each as its source text, sorted: two
/// drawings with the same parts in another order compare equal.
fn parts(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    let mut out: Vec<String> = doc
        .root_element()
        .children()
        .filter(|n| n.is_element())
        .map(|n| svg[n.range()].to_owned())
        .collect();
    out.sort();
    out
}

fn page(env: &TestEnv, args: &[&str]) -> String {
    let mut all = vec!["view", "-o", "page.html"];
    all.extend_from_slice(args);
    env.run(&all).code(0);
    std::fs::read_to_string(env.path().join("page.html")).expect("the page")
}

fn fixture(path: &str) -> String {
    format!("{}/fixtures/{path}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_ply_s_board_is_the_diagram_of_that_ply() {
    let env = TestEnv::new();
    let file = fixture("view/every-variant.pgn");
    let html = page(&env, &[&file]);
    let fragments = fragments(&html);
    let geometry = script_json(&html, "xpgn-boards");
    let index = script_json(&html, "xpgn-index");
    let games = index.as_array().expect("index").len();
    assert_eq!(games, 19, "the annotated game and one of each variant");
    for k in 0..games {
        let game = game_json(&html, k);
        let n = game["n"].as_u64().expect("n");
        // The mainline: first children from the root.
        let all = nodes(&game);
        let mut main = vec![0];
        while let Some(next) = (0..all.len()).find(|&j| all[j].0 == main.last().copied()) {
            main.push(next);
        }
        let last = main.len() - 1;
        for ply in [0, 1, last / 2, last] {
            let Some(&node) = main.get(ply) else { continue };
            let run = env.run(&[
                "diagram",
                &file,
                "--game",
                &n.to_string(),
                "--ply",
                &ply.to_string(),
                "--size",
                "440",
            ]);
            run.code(0);
            let want = run.stdout();
            assert_eq!(
                parts(&board(&game, &fragments, &geometry, node)),
                parts(&want),
                "game {n} ply {ply}"
            );
        }
    }
}

#[test]
fn position_strings_are_those_of_fen_all() {
    let env = TestEnv::new();
    let file = fixture("view/every-variant.pgn");
    let html = page(&env, &[&file]);
    assert_fen_all(&env, &html, &file);
}

/// Random games of every variant (each game's shortcut: chess boards from
/// the bitboards, other games as a code per cell, PASGL as pictures): the
/// page's position string of every ply is `fen --all`'s, and its board at
/// every fifth ply and the last is `diagram`'s of that ply.
#[test]
fn random_games_of_every_variant_are_fen_all_and_diagram() {
    use xpgn::rules::Variant;
    use xpgn::rules::playout::{PlayoutOptions, playout};
    let env = TestEnv::new();
    let mut pgn = String::new();
    for variant in Variant::ALL {
        for seed in [7, 8] {
            let game = playout(variant, &PlayoutOptions::default(), seed, 60).expect("playout");
            game.write_pgn(variant, None, seed, &mut pgn);
        }
    }
    let file = env.write("random.pgn", &pgn);
    let file = file.to_str().expect("a UTF-8 path");
    let html = page(&env, &[file]);
    assert_fen_all(&env, &html, file);
    let fragments = fragments(&html);
    let geometry = script_json(&html, "xpgn-boards");
    let games = script_json(&html, "xpgn-index")
        .as_array()
        .expect("index")
        .len();
    assert_eq!(games, 2 * Variant::ALL.len());
    let mut compared = 0;
    for k in 0..games {
        let game = game_json(&html, k);
        let all = nodes(&game);
        let last = all.len() - 1;
        for ply in (0..last).step_by(5).chain([last]) {
            let run = env.run(&[
                "diagram",
                file,
                "--game",
                &(k + 1).to_string(),
                "--ply",
                &ply.to_string(),
                "--size",
                "440",
            ]);
            run.code(0);
            assert_eq!(
                parts(&board(&game, &fragments, &geometry, ply)),
                parts(&run.stdout()),
                "game {} ({}) ply {ply}",
                k + 1,
                game["variant"]
            );
            compared += 1;
        }
    }
    assert!(compared > 200, "{compared} boards");
}

/// Every game's mainline position strings on the page of `file` are
/// `fen --all`'s.
fn assert_fen_all(env: &TestEnv, html: &str, file: &str) {
    let run = env.run(&["fen", "--all", "--format", "json", file]);
    run.code(0);
    let mut want: Vec<Vec<String>> = Vec::new();
    for line in run.stdout().lines() {
        let row: Value = serde_json::from_str(line).expect("json row");
        let g = row["game"].as_u64().expect("game") as usize;
        if want.len() < g {
            want.resize(g, Vec::new());
        }
        want[g - 1].push(row["position"].as_str().expect("position").to_owned());
    }
    for (k, positions) in want.iter().enumerate() {
        let game = game_json(html, k);
        let all = nodes(&game);
        let mut node = 0;
        let mut got = vec![all[0].1.clone().expect("start")];
        while let Some(next) = (0..all.len()).find(|&j| all[j].0 == Some(node)) {
            node = next;
            got.push(all[node].1.clone().expect("replayed"));
        }
        assert_eq!(&got, positions, "game {}", k + 1);
    }
}

#[test]
fn the_page_is_self_contained() {
    let env = TestEnv::new();
    let html = page(&env, &[&fixture("view/every-variant.pgn")]);
    assert!(html.starts_with("<!DOCTYPE html>"));
    // No address but the SVG namespace, no external script, style or image.
    let addresses = html.matches("http://").count() + html.matches("https://").count();
    let namespaces = html.matches("http://www.w3.org/2000/svg").count();
    assert_eq!(addresses, namespaces);
    for external in ["<link", " src=", "@import", "url(http"] {
        assert!(!html.contains(external), "{external}");
    }
}

#[test]
fn findings_of_check_are_on_their_moves() {
    let env = TestEnv::new();
    // The Hans38 sample has one error, on 15...@b7-b6 (see the README).
    let out = env.run(&[
        "view",
        "-o",
        "page.html",
        &fixture("squares/hans38-sample.pgn"),
    ]);
    out.code(1);
    let html = std::fs::read_to_string(env.path().join("page.html")).expect("page");
    let game = script_json(&html, "xpgn-game-0");
    let errors: Vec<&Value> = game["diags"]
        .as_array()
        .expect("diags")
        .iter()
        .filter(|d| d["sev"] == "error")
        .collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    let node = errors[0]["node"].as_u64().expect("node") as usize;
    let moved = game["nodes"][node][0].as_str().expect("move");
    assert!(moved.contains("b7-b6"), "the error is on {moved}");
}

#[test]
fn comments_variations_and_nags_are_on_the_page_and_cannot_close_its_script() {
    let env = TestEnv::new();
    env.write(
        "g.pgn",
        "[White \"</script><script>alert(1)</script>\"]\n\n\
         1. e4 {<!-- a comment </script>} e5 $1 (1... c5 $2) 2. Nf3 *\n",
    );
    let html = page(&env, &["g.pgn"]);
    // The game, the index, the chess tables, the fragments, the boards'
    // geometry and the viewer: no more.
    assert_eq!(html.matches("</script>").count(), 6);
    let game = script_json(&html, "xpgn-game-0");
    assert_eq!(game["tags"][0][1], "</script><script>alert(1)</script>");
    let n = &game["nodes"];
    assert_eq!(n[1][0], "e4");
    assert_eq!(
        game["ca"],
        serde_json::json!([1, "<!-- a comment </script>"])
    );
    assert_eq!(n[2][0], "e5");
    assert_eq!(game["nags"], serde_json::json!([2, 1, 3, 2]));
    // The variation's move hangs from e4 beside e5.
    assert_eq!(n[3][0], "c5");
    // c5's parent is e4, two nodes back; Nf3's is e5, two back.
    assert_eq!(game["up"], serde_json::json!([3, 2, 4, 2]));
}

#[test]
fn games_chooses_games_and_the_output_is_not_replaced_without_force() {
    let env = TestEnv::new();
    let file = fixture("view/every-variant.pgn");
    let html = page(&env, &["--games", "2-3", &file]);
    let index = script_json(&html, "xpgn-index");
    let numbers: Vec<u64> = index
        .as_array()
        .expect("index")
        .iter()
        .map(|g| g["n"].as_u64().expect("n"))
        .collect();
    assert_eq!(numbers, [2, 3]);
    let again = env.run(&["view", "-o", "page.html", &file]);
    again.code(2);
    assert!(again.stderr().contains("--force"), "{}", again.stderr());
    env.run(&["view", "-o", "page.html", "--force", &file])
        .code(0);
}

#[test]
fn a_game_from_a_position_numbers_its_moves_from_there() {
    let env = TestEnv::new();
    env.write(
        "g.pgn",
        "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 12\"]\n\n12... Nc6 *\n",
    );
    let html = page(&env, &["g.pgn"]);
    let game = script_json(&html, "xpgn-game-0");
    assert_eq!(game["number"], 12);
    assert_eq!(game["black_first"], true);
}

/// Boards of definition-file games, up to 16x16 with holes: each sampled
/// ply's board is the diagram of that ply.
#[test]
fn a_16x16_game_with_holes_is_drawn_ply_by_ply() {
    let env = TestEnv::new();
    let root = env!("CARGO_MANIFEST_DIR");
    let ini = format!("{root}/tests/data/variants/holes.ini");
    let file = format!("{root}/tests/data/variants/big16.pgn");
    let html = page(&env, &["--variants", &ini, &file]);
    let fragments = fragments(&html);
    let geometry = script_json(&html, "xpgn-boards");
    let game = script_json(&html, "xpgn-game-0");
    let all = nodes(&game);
    let mut main = vec![0];
    while let Some(next) = (0..all.len()).find(|&j| all[j].0 == main.last().copied()) {
        main.push(next);
    }
    assert!(main.len() > 50, "the whole mainline");
    for ply in [0, 1, 17, main.len() - 1] {
        let run = env.run(&[
            "--variants",
            &ini,
            "diagram",
            &file,
            "--game",
            "1",
            "--ply",
            &ply.to_string(),
            "--size",
            "440",
        ]);
        run.code(0);
        let svg = run.stdout();
        assert!(svg.contains("class=\"hole"), "holes drawn");
        assert_eq!(
            parts(&board(&game, &fragments, &geometry, main[ply])),
            parts(&svg),
            "ply {ply}"
        );
    }
}
