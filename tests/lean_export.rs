//! `convert --to pgn` writes each game as it is read (`export::lean`); the
//! record-based writer (`record::Builder` + `export::pgn::write_game`) is
//! kept as its reference. On generated games (every fixture of every
//! variant family, mutated with comments, `;` comments holding braces,
//! NAGs, marks, nested, empty and leading variations, `%` lines, illegal
//! moves mid-game, unbalanced parentheses, unreadable text such as a stray
//! `}`, `[` or `%`, `$` without a number and `!!!`) both write the same bytes, with
//! every option, and cut the same games under a small size limit.

use std::path::{Path, PathBuf};

use xpgn::export::json;
use xpgn::export::lean::Lean;
use xpgn::export::pgn::{self, MoveStyle, PgnOptions};
use xpgn::export::records::{Collect, Notations, Tee};
use xpgn::notation::Reader;
use xpgn::record::Builder;
use xpgn::verify::Verifier;

fn pgn_files(root: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(root) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| Some(e.ok()?.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            pgn_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "pgn") {
            out.push(p);
        }
    }
}

/// xorshift64: reproducible without a crate.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const INSERTS: &[&str] = &[
    "{a comment}",
    "{}",
    "{ spaced   words\tand\ttabs }",
    "{ünïcödé wörds}",
    ";line comment\n",
    ";holds } a brace\n",
    "$1",
    "$14",
    "!",
    "?!",
    "_Pd4",
    "(",
    ")",
    "( )",
    "( {empty variation comment} )",
    "(1. d4 d5 {in} 2. c4)",
    "(1... c5 $1 (1... e6) 2. Nf3)",
    "( ( Nf3 ) e4 )",
    "\n%escape line\n",
    "Ke9",
    "Qxh8",
    "--",
    "Z0",
    "12.",
    "3...",
    // Unreadable text, kept and written back (issue 20).
    "}",
    "]",
    "[",
    "$",
    "$1,",
    "$300",
    "!!!",
    "Nf3+#",
    "%",
    "1234567890123.",
    "\u{1}",
    "{a very long comment that goes on and on for many words so that the line must wrap at least once or twice}",
];

/// Each game's text with constructs inserted between its tokens.
fn mutate(text: &str, rng: &mut Rng) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    for line in text.lines() {
        if line.starts_with('[') || line.trim().is_empty() || rng.below(4) == 0 {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        for token in line.split(' ') {
            out.push_str(token);
            out.push(' ');
            if rng.below(5) == 0 {
                out.push_str(INSERTS[rng.below(INSERTS.len())]);
                out.push(' ');
            }
        }
        out.push('\n');
    }
    out
}

/// The move styles and the reduced format, then the export choices
/// (`--no-comments`, `--no-nags`, `--no-variations`, `--keep-tag-order`,
/// `--plycount`) in a few combinations.
fn options() -> Vec<PgnOptions> {
    let base = |moves, reduced| PgnOptions {
        moves,
        reduced,
        ..PgnOptions::default()
    };
    vec![
        base(MoveStyle::San, false),
        base(MoveStyle::Lan, false),
        base(MoveStyle::San, true),
        base(MoveStyle::Lan, true),
        base(MoveStyle::Uci, false),
        PgnOptions {
            no_comments: true,
            keep_tag_order: true,
            ..base(MoveStyle::San, false)
        },
        PgnOptions {
            no_nags: true,
            plycount: true,
            ..base(MoveStyle::San, false)
        },
        PgnOptions {
            no_variations: true,
            plycount: true,
            keep_tag_order: true,
            ..base(MoveStyle::Lan, false)
        },
    ]
}

/// Per game: its export text (`None` when cut), by the record.
fn by_record(bytes: &[u8], options: PgnOptions, fix: bool, limit: u64) -> Vec<Option<String>> {
    let notations = Notations {
        uci: true,
        fix_result: fix,
        ..Notations::BOTH
    };
    let mut v = Verifier::with_observer("f.pgn", Collect::with_notations(Some(notations), false));
    let mut reader = Reader::new(bytes);
    let mut builder = Builder::new(limit);
    let mut out = Vec::new();
    loop {
        let more = {
            let mut tee = Tee::new(Some(&mut builder), &mut v);
            reader.read_game(&mut tee).expect("reads memory")
        };
        if let Some(g) = builder.take() {
            out.push((!g.truncated).then(|| pgn::to_string(&g, &options)));
        }
        if !more {
            break;
        }
    }
    out
}

/// Per game: its export text (`None` when cut), written as read.
fn by_lean(bytes: &[u8], options: PgnOptions, fix: bool, limit: u64) -> Vec<Option<String>> {
    let notations = Notations {
        san: options.moves == MoveStyle::San,
        lan: options.moves == MoveStyle::Lan,
        uci: options.moves == MoveStyle::Uci,
        lean: Some(options),
        fen: false,
        picture: false,
        json: false,
        fix_result: fix,
    };
    let mut v = Verifier::with_observer("f.pgn", Collect::with_notations(Some(notations), false));
    let mut reader = Reader::new(bytes);
    let mut lean = Lean::new(limit, options);
    let mut out = Vec::new();
    loop {
        let more = {
            let mut tee = Tee::new(Some(&mut lean), &mut v);
            reader.read_game(&mut tee).expect("reads memory")
        };
        if let Some(g) = lean.take() {
            out.push((!g.truncated()).then(|| String::from_utf8_lossy(&g.bytes).into_owned()));
        }
        if !more {
            break;
        }
    }
    out
}

/// Per game: its JSON line (`None` when cut), by the record.
fn json_by_record(bytes: &[u8], fix: bool, limit: u64) -> Vec<Option<Vec<u8>>> {
    let notations = Notations {
        fix_result: fix,
        ..Notations::BOTH
    };
    let mut v = Verifier::with_observer("f.pgn", Collect::with_notations(Some(notations), false));
    let mut reader = Reader::new(bytes);
    let mut builder = Builder::new(limit);
    let mut out = Vec::new();
    loop {
        let more = {
            let mut tee = Tee::new(Some(&mut builder), &mut v);
            reader.read_game(&mut tee).expect("reads memory")
        };
        if let Some(g) = builder.take() {
            let index = out.len() as u64 + 1;
            out.push((!g.truncated).then(|| {
                let mut line = Vec::new();
                json::write_line(&g, Some("f.pgn"), Some(index), &mut line).expect("memory");
                line
            }));
        }
        if !more {
            break;
        }
    }
    out
}

/// Per game: its JSON line (`None` when cut), written as read.
fn json_by_lean(bytes: &[u8], fix: bool, limit: u64) -> Vec<Option<Vec<u8>>> {
    let notations = Notations {
        lean: Some(PgnOptions::default()),
        json: true,
        fix_result: fix,
        ..Notations::BOTH
    };
    let mut v = Verifier::with_observer("f.pgn", Collect::with_notations(Some(notations), false));
    let mut reader = Reader::new(bytes);
    let mut lean = Lean::new(limit, PgnOptions::default()).json();
    let mut out = Vec::new();
    loop {
        let more = {
            let mut tee = Tee::new(Some(&mut lean), &mut v);
            reader.read_game(&mut tee).expect("reads memory")
        };
        if let Some(g) = lean.take() {
            let index = out.len() as u64 + 1;
            out.push((!g.truncated()).then(|| {
                let mut line = Vec::new();
                g.write_json("f.pgn", index, &mut line).expect("memory");
                line.push(b'\n');
                line
            }));
        }
        if !more {
            break;
        }
    }
    out
}

fn compare_json(name: &str, bytes: &[u8], limit: u64) -> usize {
    let mut games = 0;
    for fix in [false, true] {
        let want = json_by_record(bytes, fix, limit);
        let got = json_by_lean(bytes, fix, limit);
        assert_eq!(want.len(), got.len(), "{name}: games differ (fix {fix})");
        for (i, (w, g)) in want.iter().zip(&got).enumerate() {
            let text =
                |b: &Option<Vec<u8>>| b.as_ref().map(|b| String::from_utf8_lossy(b).into_owned());
            assert_eq!(text(w), text(g), "{name} game {} JSON (fix {fix})", i + 1);
        }
        games = want.len();
    }
    games
}

fn compare(name: &str, bytes: &[u8], limit: u64) -> usize {
    compare_json(name, bytes, limit);
    let mut games = 0;
    // `--fix-result` with two of the option sets.
    let runs = options()
        .into_iter()
        .map(|o| (o, false))
        .chain(options().into_iter().take(2).map(|o| (o, true)));
    for (options, fix) in runs {
        let want = by_record(bytes, options, fix, limit);
        let got = by_lean(bytes, options, fix, limit);
        assert_eq!(
            want.len(),
            got.len(),
            "{name}: games differ ({options:?}, fix {fix})"
        );
        for (i, (w, g)) in want.iter().zip(&got).enumerate() {
            assert_eq!(w, g, "{name} game {} ({options:?}, fix {fix})", i + 1);
        }
        games = want.len();
    }
    games
}

#[test]
fn lean_export_writes_what_the_record_writes_on_mutated_fixtures() {
    let mut files = Vec::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    pgn_files(&root.join("fixtures"), &mut files);
    pgn_files(&root.join("tests/data"), &mut files);
    assert!(files.len() > 10, "fixtures found: {}", files.len());
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut games = 0;
    for path in &files {
        let text = String::from_utf8_lossy(&std::fs::read(path).expect("readable")).into_owned();
        let name = path.display().to_string();
        games += compare(&name, text.as_bytes(), 1 << 30);
        for round in 0..3 {
            let mutated = mutate(&text, &mut rng);
            games += compare(
                &format!("{name} (mutated {round})"),
                mutated.as_bytes(),
                1 << 30,
            );
        }
    }
    assert!(games > 100, "{games} games compared");
}

/// Under a small size limit both cut the same games (never written).
#[test]
fn lean_export_cuts_what_the_record_cuts() {
    let mut rng = Rng(7);
    let base = "[Event \"x\"]\n[White \"a\"]\n\n1. e4 {c} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 3. Bb5 a6 *\n\n";
    let mut text = String::new();
    for _ in 0..40 {
        text.push_str(&mutate(base, &mut rng));
        text.push('\n');
    }
    let mut cut = 0;
    for limit in [300, 600, 1200] {
        compare("small limit", text.as_bytes(), limit);
        cut += by_lean(text.as_bytes(), options()[0], false, limit)
            .iter()
            .filter(|g| g.is_none())
            .count();
    }
    assert!(cut > 0, "no game was cut");
}

/// The same on real archives: the first megabyte of each corpus file
/// (../shared/corpus, or `XPGN_CORPUS`; it fails when there is none).
#[test]
fn lean_export_writes_what_the_record_writes_on_the_corpus() {
    let root = std::env::var_os("XPGN_CORPUS").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"),
        PathBuf::from,
    );
    let mut files = Vec::new();
    pgn_files(&root, &mut files);
    let mut games = 0;
    for path in &files {
        let bytes = std::fs::read(path).expect("readable");
        let mut cut = bytes.len().min(1 << 20);
        // End at a blank line, so the last game is whole.
        while cut < bytes.len() && !bytes[..cut].ends_with(b"\n\n") {
            cut += 1;
        }
        let part = &bytes[..cut];
        let options = options()[0];
        compare_json(&path.display().to_string(), part, 1 << 30);
        let want = by_record(part, options, false, 1 << 30);
        let got = by_lean(part, options, false, 1 << 30);
        assert_eq!(want.len(), got.len(), "{}", path.display());
        for (i, (w, g)) in want.iter().zip(&got).enumerate() {
            assert_eq!(w, g, "{} game {}", path.display(), i + 1);
        }
        games += want.len();
    }
    // Never passes without comparing: CI has the corpus beside the repo.
    assert!(games > 1000, "only {games} corpus games compared");
    eprintln!("{games} corpus games compared");
}
