//! Fairy-Stockfish's built-in variants as xpgn definitions (issue 17):
//! `tests/data/variants/fairy.ini` against pyffish's own counts and games
//! (made by scripts/pyffish_variants.py with pyffish 0.0.90, which also
//! checks each definition against the built-in inside pyffish).

use std::path::{Path, PathBuf};
use std::process::Command;

use xpgn::rules::Variant;
use xpgn::rules::core::Position;
use xpgn::rules::define;
use xpgn::rules::perft::perft;

fn data(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

const FAIRY: &str = "tests/data/variants/fairy.ini";

/// The built-ins of the perft file that the definition file leaves out,
/// and why (each is a section of `fairy-not-carried.ini`, refused with
/// that reason by `not_carried_built_ins_are_refused_with_their_reason`).
const NOT_CARRIED: &[(&str, &str)] = &[
    ("legan", "pawn on d1"),
    ("extinction", "castlingKingPiece"),
    ("kinglet", "castlingKingPiece"),
    ("threekings", "castlingKingPiece"),
];

fn register_fairy() {
    // Registered once per test process: the tests share it.
    static ONCE: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    ONCE.get_or_init(|| {
        define::register_file(&data(FAIRY))
            .unwrap_or_else(|e| panic!("{e}"))
            .len()
    });
}

/// One block of a perft file: `id`, `epd` and its `perft` lines.
type PerftBlock = (String, String, Vec<(u32, u64)>);

/// `id`, `epd` and `perft` lines, by block.
fn perft_blocks() -> Vec<PerftBlock> {
    let text = std::fs::read_to_string(data("tests/data/perft/pyffish-variants.perft"))
        .expect("perft data is committed");
    let mut out: Vec<PerftBlock> = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(id) = line.strip_prefix("id ") {
            out.push((id.to_string(), String::new(), Vec::new()));
        } else if let Some(epd) = line.strip_prefix("epd ") {
            out.last_mut().expect("id first").1 = epd.to_string();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest.split_whitespace();
            let d = it.next().and_then(|d| d.parse().ok()).expect("depth");
            let n = it.next().and_then(|n| n.parse().ok()).expect("nodes");
            out.last_mut().expect("id first").2.push((d, n));
        }
    }
    out
}

#[test]
fn fairy_stockfish_variants_count_as_pyffish_counts() {
    register_fairy();
    let mut compared = 0;
    for (id, epd, counts) in perft_blocks() {
        let Some(variant) = Variant::from_name(&id) else {
            assert!(
                NOT_CARRIED.iter().any(|(n, _)| *n == id),
                "{id}: neither defined nor listed as not carried"
            );
            continue;
        };
        assert!(matches!(variant, Variant::Defined(_)), "{id}");
        let rules = variant.rules().expect("a defined game has rules");
        let start = Position::start(rules);
        // The same start position: placement and side to move (pyffish's
        // start FENs leave out fields its parser does not need).
        let ours: Vec<String> = start.fen().split(' ').take(2).map(String::from).collect();
        let theirs: Vec<String> = epd.split(' ').take(2).map(String::from).collect();
        assert_eq!(ours, theirs, "{id}: start position");
        for (depth, nodes) in counts {
            assert_eq!(perft(&start, depth), nodes, "{id}: perft {depth}");
        }
        compared += 1;
    }
    assert!(compared >= 20, "only {compared} variants compared");
    eprintln!("{compared} Fairy-Stockfish variants compared");
}

#[test]
fn not_carried_built_ins_are_refused_with_their_reason() {
    let text = std::fs::read_to_string(data("tests/data/variants/fairy-not-carried.ini"))
        .expect("committed");
    for (name, reason) in NOT_CARRIED {
        // Each section alone, with the parent it names where it has one.
        let start = text
            .find(&format!("\n[{name}"))
            .unwrap_or_else(|| panic!("{name} missing"));
        let end = text[start + 1..]
            .find("\n[")
            .map_or(text.len(), |i| start + 1 + i);
        let mut section = text[start..end].to_string();
        if let Some(parent) = section
            .lines()
            .nth(1)
            .and_then(|h| h.split_once(':'))
            .map(|(_, p)| p.trim_end_matches(']').to_string())
            .filter(|p| p != "chess")
        {
            let ps = text.find(&format!("\n[{parent}")).expect("parent");
            let pe = text[ps + 1..]
                .find("\n[")
                .map_or(text.len(), |i| ps + 1 + i);
            section = format!("{}{section}", &text[ps..pe]);
        }
        let err = define::register_text("not-carried.ini", &section)
            .expect_err("a rule xpgn does not carry")
            .to_string();
        assert!(err.contains(reason), "{name}: {err}");
    }
}

/// The SAN moves of each game of a PGN file (move numbers and results
/// left out), with the game's variant.
fn games(pgn: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    for block in pgn.split("\n\n[").filter(|b| !b.trim().is_empty()) {
        let (tags, moves) = block.split_once("\n\n").expect("tags, then moves");
        let variant = tags
            .split("[Variant \"")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .expect("a Variant tag")
            .to_string();
        let sans = moves
            .split_whitespace()
            .filter(|t| !t.ends_with('.') && !matches!(*t, "*" | "1-0" | "0-1" | "1/2-1/2"))
            .map(String::from)
            .collect();
        out.push((variant, sans));
    }
    out
}

fn xpgn(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_xpgn"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("run xpgn")
}

#[test]
fn pyffish_games_verify_to_pyffish_final_positions() {
    let pgn = data("tests/data/variants/fairy-games.pgn");
    let ini = data(FAIRY);
    let (pgn, ini) = (pgn.to_str().expect("utf-8"), ini.to_str().expect("utf-8"));
    let check = xpgn(&["--variants", ini, "check", pgn]);
    let stderr = String::from_utf8_lossy(&check.stderr);
    assert_eq!(check.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains(" 0 errors, 0 warnings"), "{stderr}");
    let fen = xpgn(&["--variants", ini, "fen", pgn]);
    let ours = String::from_utf8_lossy(&fen.stdout).into_owned();
    let theirs =
        std::fs::read_to_string(data("tests/data/variants/fairy-games.fens")).expect("committed");
    let text = std::fs::read_to_string(pgn).expect("committed");
    let list = games(&text);
    assert!(list.len() >= 100, "{} games", list.len());
    assert_eq!(ours.lines().count(), list.len());
    assert_eq!(theirs.lines().count(), list.len());
    for (((variant, _), o), t) in list.iter().zip(ours.lines()).zip(theirs.lines()) {
        let o: Vec<&str> = o.split(' ').collect();
        let t: Vec<&str> = t.split(' ').collect();
        // Placement, side to move and both clocks; castling rights too but
        // in Capablanca random chess, whose rights pyffish writes by file
        // (`JAja`) and xpgn as python-chess does (`KQkq` for outer rooks).
        // The e.p. field differs by design: pyffish names the square after
        // every double step that an enemy pawn attacks, xpgn (as
        // python-chess) only when the capture is legal.
        assert_eq!(o[..2], t[..2], "{variant}");
        assert_eq!(o[o.len() - 2..], t[t.len() - 2..], "{variant}");
        if variant != "caparandom" {
            assert_eq!(o[2], t[2], "{variant}: castling");
        }
    }
}

#[test]
fn a_planted_illegal_move_is_refused_at_its_ply() {
    let ini = data(FAIRY);
    let ini = ini.to_str().expect("utf-8");
    let text =
        std::fs::read_to_string(data("tests/data/variants/fairy-games.pgn")).expect("committed");
    let dir = tempfile::tempdir().expect("temp dir");
    let mut planted = 0;
    let mut seen = std::collections::HashSet::new();
    for (variant, sans) in games(&text) {
        if !seen.insert(variant.clone()) {
            continue;
        }
        // A pawn's step, played again by the same side at its next turn:
        // its destination now holds that pawn (or, if the reply took it,
        // an enemy piece that a step cannot take). Never legal.
        let is_step = |s: &str| {
            let s = s.trim_end_matches(['+', '#']);
            s.len() >= 2
                && s.as_bytes()[0].is_ascii_lowercase()
                && s[1..].bytes().all(|b| b.is_ascii_digit())
        };
        let Some(j) = (0..sans.len().saturating_sub(2)).find(|&j| is_step(&sans[j])) else {
            continue;
        };
        let mut moves = sans[..j + 2].to_vec();
        moves.push(sans[j].trim_end_matches(['+', '#']).to_string());
        let mut movetext = String::new();
        for (i, m) in moves.iter().enumerate() {
            if i % 2 == 0 {
                movetext.push_str(&format!("{}. ", i / 2 + 1));
            }
            movetext.push_str(m);
            movetext.push(' ');
        }
        let pgn = format!("[Variant \"{variant}\"]\n[Result \"*\"]\n\n{movetext}*\n");
        let path = dir.path().join(format!("{variant}.pgn"));
        std::fs::write(&path, pgn).expect("write");
        let out = xpgn(&["--variants", ini, "check", path.to_str().expect("utf-8")]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{variant}: {stderr}");
        assert!(
            stderr.contains(&format!("ply {},", j + 3)) && stderr.contains("1 error,"),
            "{variant}: the planted move is ply {}: {stderr}",
            j + 3
        );
        planted += 1;
    }
    assert!(planted >= 20, "only {planted} variants with a planted move");
}

/// pyffish's own illegal moves: one game of each defined variant ending in
/// a move that pyffish's `legal_moves` does not have (often one that
/// ignores a check), at a known ply (`fairy-planted.tsv`).
#[test]
fn moves_pyffish_calls_illegal_are_refused_at_their_ply() {
    let ini = data(FAIRY);
    let pgn = data("tests/data/variants/fairy-planted.pgn");
    let (ini, pgn) = (ini.to_str().expect("utf-8"), pgn.to_str().expect("utf-8"));
    let table =
        std::fs::read_to_string(data("tests/data/variants/fairy-planted.tsv")).expect("committed");
    let rows: Vec<Vec<&str>> = table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("game\t"))
        .map(|l| l.split('\t').collect())
        .collect();
    assert!(rows.len() >= 20, "{} planted games", rows.len());
    let out = xpgn(&["--variants", ini, "check", "--format", "json", pgn]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut errors: Vec<(u64, u64)> = Vec::new();
    for line in stdout.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("json line");
        if v["severity"] == "error" {
            errors.push((
                v["game"]["index"].as_u64().unwrap_or(0),
                v["ply"].as_u64().unwrap_or(0),
            ));
        }
    }
    let want: Vec<(u64, u64)> = rows
        .iter()
        .map(|r| (r[0].parse().expect("game"), r[3].parse().expect("ply")))
        .collect();
    assert_eq!(errors, want, "one error per game, at its planted ply");
}
