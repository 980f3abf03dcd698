//! The parallel split against one reader going through the input: equal
//! results for every range size, job count and generated input.

use std::fmt::Write as _;

use super::*;

/// Pieces of PGN that make game boundaries hard to find: comments holding
/// tag lines, `%` lines, `;` comments holding braces, unterminated
/// comments, variations and tag pairs, games without blank lines between
/// them, prose and binary bytes.
const PIECES: &[&str] = &[
    "[Event \"e\"]\n",
    "[Site \"s\"]\n",
    "[White \"w\"] [Black \"b\"]\n",
    "\n",
    "\n\n",
    "1. e4 e5 2. Nf3 Nc6 ",
    "3. Bb5 a6 ",
    "1. d4 Nf6\n",
    "1-0\n",
    "*\n",
    "0-1 ",
    "1/2-1/2",
    "{ a comment\n[Event \"inside\"]\n}",
    "{ open\n",
    "}\n",
    "}",
    "{ [%clk 0:01:00] }\n",
    "; line { brace\n",
    "; } close\n",
    ";\n",
    "%escape [Event \"x\"]\n",
    "%\n",
    "(1... d5 ",
    ")",
    "[Event \"no blank\"]\n1. d4 d5 *\n",
    "[Event \"x\"]\n1. e4 {\n[Site \"in\"]\n",
    "some prose before a game\n",
    "\u{1}\u{2}\u{0}bin\n",
    "[Bad\n",
    "[Unclosed \"v\n",
    "2... Qh4# ",
    "  [Indented \"t\"]\n",
    "\r\n",
    "{ a\n%not escape\n; nor this }\n",
];

/// A little generator, so that the test needs no seed file.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        usize::try_from(self.0 >> 33).unwrap_or(0)
    }
}

fn generate(seed: u64, pieces: usize) -> String {
    let mut rng = Lcg(seed);
    let mut text = String::new();
    for _ in 0..pieces {
        text.push_str(PIECES[rng.next() % PIECES.len()]);
    }
    text
}

/// Everything a run gives, as text: the diagnostics in order (which game's
/// list holds a diagnostic found between games depends on where a part
/// ends, and no command shows it), then each game.
fn describe(step: &Step, out: &mut String) {
    match step {
        Step::InputError(e) => {
            let _ = writeln!(out, "input error: {e}");
        }
        Step::Begin(name) => {
            let _ = writeln!(out, "begin {name}");
        }
        Step::Chunk(_, chunk) => {
            let mut stray = chunk.stray.iter().peekable();
            for (i, g) in chunk.games.iter().enumerate() {
                while let Some((_, d)) = stray.next_if(|(before, _)| *before <= i) {
                    let _ = writeln!(out, "{d:?}");
                }
                for d in &g.diagnostics {
                    let _ = writeln!(out, "{d:?}");
                }
                let _ = writeln!(out, "game {:?} {:?} {:?}", g.report, g.moves, g.key);
                if let Some(r) = &g.record {
                    let _ = writeln!(out, "  {r:?}");
                }
            }
            for (_, d) in stray {
                let _ = writeln!(out, "{d:?}");
            }
        }
    }
}

/// Totals do not depend on how the input was cut; the rest is compared as it comes.
fn totals(step: &Step, t: &mut crate::verify::Counts) {
    if let Step::Chunk(_, c) = step {
        t.games += c.counts.games;
        t.moves += c.counts.moves;
        t.errors += c.counts.errors;
        t.warnings += c.counts.warnings;
    }
}

fn one_reader(path: &std::path::Path, records: bool) -> (String, crate::verify::Counts) {
    one_reader_keyed(path, records, false)
}

/// [`one_reader`], giving each game its `dedupe` key when `keys` is set.
fn one_reader_keyed(
    path: &std::path::Path,
    records: bool,
    keys: bool,
) -> (String, crate::verify::Counts) {
    let name: Arc<str> = Arc::from(path.to_string_lossy().as_ref());
    let file = File::open(path).expect("open");
    let mut reader = Reader::new(file);
    let all = Bounds {
        limit: u64::MAX,
        part_end: u64::MAX,
        part_items: usize::MAX,
    };
    let notations = records.then_some(crate::export::records::Notations::BOTH);
    let (out, ended) =
        crate::cli::batch::analyse_keyed(&mut reader, &name, notations, true, keys, all);
    assert!(matches!(ended, Ended::Eof), "{ended:?}");
    let mut text = format!("begin {name}\n");
    let step = Step::Chunk(name, out);
    let mut t = crate::verify::Counts::default();
    describe(&step, &mut text);
    totals(&step, &mut t);
    (text, t)
}

fn piped(
    path: &std::path::Path,
    records: bool,
    jobs: usize,
    split: Split,
) -> (String, crate::verify::Counts) {
    piped_keyed(path, records, false, jobs, split)
}

/// [`piped`], giving each game its `dedupe` key when `keys` is set.
fn piped_keyed(
    path: &std::path::Path,
    records: bool,
    keys: bool,
    jobs: usize,
    split: Split,
) -> (String, crate::verify::Counts) {
    let config = BatchConfig {
        inputs: vec![path.to_path_buf()],
        jobs: NonZeroUsize::new(jobs).expect("jobs"),
        records,
        notations: crate::export::records::Notations::BOTH,
        count_moves: true,
        progress: false,
        keys,
    };
    let mut text = String::new();
    let mut t = crate::verify::Counts::default();
    run_split(&config, split, |step| {
        describe(&step, &mut text);
        totals(&step, &mut t);
        true
    });
    (text, t)
}

fn counts_eq(a: &crate::verify::Counts, b: &crate::verify::Counts) -> bool {
    (a.games, a.moves, a.errors, a.warnings) == (b.games, b.moves, b.errors, b.warnings)
}

#[test]
fn every_range_size_and_job_count_gives_the_one_reader_results() {
    let dir = tempfile::tempdir().expect("temp dir");
    for seed in 0..24u64 {
        let text = generate(seed, 40 + (seed as usize % 5) * 20);
        let path = dir.path().join(format!("g{seed}.pgn"));
        std::fs::write(&path, &text).expect("write");
        let records = seed % 3 == 0;
        // `dedupe`'s keys too, with and without records.
        let keys = seed % 2 == 1;
        let (want, want_t) = one_reader_keyed(&path, records, keys);
        let len = text.len() as u64;
        // Every byte a range start, then every other size up to the
        // whole input, a few of them with parts smaller than ranges.
        let sizes = (1..=len.min(48)).chain([64, 100, 257, len / 2, len]);
        for (k, range) in sizes.enumerate() {
            let range = range.max(1);
            let part = if k % 3 == 0 { 1 } else { range };
            let jobs = 1 + k % 4;
            let (got, got_t) = piped_keyed(
                &path,
                records,
                keys,
                jobs,
                Split {
                    range,
                    part,
                    items: 1 + k % 5,
                },
            );
            assert!(
                got == want && counts_eq(&got_t, &want_t),
                "seed {seed}, range {range}, part {part}, jobs {jobs}: input\n{text:?}\n\
                 one reader:\n{want}\nsplit:\n{got}"
            );
        }
    }
}

#[test]
fn a_stream_gives_the_one_reader_results() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = generate(7, 200);
    let plain = dir.path().join("g.pgn");
    std::fs::write(&plain, &text).expect("write");
    let (want, _) = one_reader(&plain, false);
    let gz = dir.path().join("g.pgn.gz");
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut enc, text.as_bytes()).expect("compress");
    std::fs::write(&gz, enc.finish().expect("compress")).expect("write");
    let split = Split {
        range: 7,
        part: 5,
        items: 2,
    };
    let (got, _) = piped(&gz, false, 3, split);
    let want = want.replace(&*plain.to_string_lossy(), &gz.to_string_lossy());
    if got != want {
        let _ = std::fs::write("/tmp/split-got.txt", &got);
        let _ = std::fs::write("/tmp/split-want.txt", &want);
    }
    assert!(got == want, "{got}\n----\n{want}");
}

#[test]
fn a_comment_from_the_tag_section_past_a_tag_line_splits_as_on_one_thread() {
    // Issue 12: with chunks cut at the tag line inside the comment, -j2
    // read 3 games and 2 errors where -j1 read 2 games.
    let dir = tempfile::tempdir().expect("temp dir");
    let text = "[Event \"a\"]\n{ opened here\n[Event \"b\"]\n}\n1. e4 e5 *\n\n\
                [Event \"c\"]\n\n1. d4 d5 *\n"
        .repeat(3);
    let path = dir.path().join("c.pgn");
    std::fs::write(&path, &text).expect("write");
    let (want, want_t) = one_reader(&path, false);
    for range in 1..=text.len() as u64 {
        let (got, got_t) = piped(
            &path,
            false,
            2,
            Split {
                range,
                part: range,
                items: PART_ITEMS,
            },
        );
        assert!(got == want && counts_eq(&got_t, &want_t), "range {range}");
    }
}

#[test]
fn results_waiting_for_a_slow_writer_stay_within_the_budget() {
    // Issue 14: games without blank lines are ~25 bytes each and their
    // results some 25 times that; the writer kept every part of the ranges
    // in flight, 53-97 MiB on 3.7 MB. Now a worker ahead of the writer
    // waits once the results waiting fill the budget.
    let dir = tempfile::tempdir().expect("temp dir");
    let text = "[Event \"x\"]\n1. e4 e5 *\n".repeat(20_000);
    let path = dir.path().join("tiny.pgn");
    std::fs::write(&path, &text).expect("write");
    let (want, _) = one_reader(&path, false);
    let split = Split {
        range: 64 * 1024,
        part: 64 * 1024,
        items: 64,
    };
    for jobs in [1, 2, 4] {
        let config = BatchConfig {
            inputs: vec![path.clone()],
            jobs: NonZeroUsize::new(jobs).expect("jobs"),
            records: false,
            notations: crate::export::records::Notations::BOTH,
            count_moves: true,
            progress: false,
            keys: false,
        };
        let mut got = String::new();
        let mut steps = 0u32;
        let stats = run_split(&config, split, |step| {
            // A slow consumer at first, so that the workers run ahead.
            steps += 1;
            if steps < 40 {
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
            describe(&step, &mut got);
            true
        });
        assert!(got == want, "jobs {jobs}: the output differs");
        assert!(
            stats.peak_items <= stats.budget + 2 * split.items,
            "jobs {jobs}: {} games and diagnostics waited, budget {}",
            stats.peak_items,
            stats.budget
        );
    }
}

#[test]
fn written_games_waiting_for_a_slow_writer_stay_within_the_budget_in_bytes() {
    // A game's JSON weighs by its size (`ChunkOut::items`): counted as one
    // item each, 64 long annotated games (some 40 KB of JSON each) could
    // wait at once; weighed, the bytes waiting stay near the budget's worth.
    let dir = tempfile::tempdir().expect("temp dir");
    // Knights out and back: the game's legality does not matter here,
    // only the size of what is written for it.
    let moves: String = (0..80)
        .map(|i| {
            format!(
                "{}. Nf3 {{a comment}} Nf6 {}. Ng1 {{another}} Ng8 ",
                2 * i + 1,
                2 * i + 2
            )
        })
        .collect();
    let game = format!("[Event \"x\"]\n\n{moves}*\n\n");
    let path = dir.path().join("long.pgn");
    std::fs::write(&path, game.repeat(400)).expect("write");
    let split = Split {
        range: 64 * 1024,
        part: 16 * 1024,
        items: 8,
    };
    let config = BatchConfig {
        inputs: vec![path.clone()],
        jobs: NonZeroUsize::new(2).expect("jobs"),
        records: true,
        notations: crate::export::records::Notations {
            lean: Some(crate::export::pgn::PgnOptions::default()),
            json: true,
            ..crate::export::records::Notations::BOTH
        },
        count_moves: false,
        progress: false,
        keys: false,
    };
    let mut steps = 0u32;
    let mut biggest = 0usize;
    let mut games = 0usize;
    let stats = run_split(&config, split, |step| {
        steps += 1;
        if steps < 40 {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        if let Step::Chunk(_, out) = &step {
            for g in &out.games {
                games += 1;
                biggest = biggest.max(g.rendered.as_ref().map_or(0, |r| r.bytes.len()));
            }
        }
        true
    });
    assert_eq!(games, 400);
    assert!(
        biggest > 2 * crate::cli::batch::ITEM_BYTES,
        "games of {biggest} bytes"
    );
    // A game of b bytes weighs at least 1 + b / ITEM_BYTES > b / ITEM_BYTES.
    let bound = (stats.budget + 2 * split.items) * crate::cli::batch::ITEM_BYTES;
    assert!(
        stats.peak_bytes <= bound,
        "{} bytes of written games waited, bound {bound}",
        stats.peak_bytes
    );
}

fn gzip(text: &str, path: &std::path::Path) {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut enc, text.as_bytes()).expect("compress");
    std::fs::write(path, enc.finish().expect("compress")).expect("write");
}

#[test]
fn a_stream_spread_over_the_workers_gives_the_one_reader_results_whatever_the_cut() {
    // Issue 12: a compressed input is decoded onto a spool and read by
    // ranges as a plain file is; tiny ranges make tiny spool segments, so
    // segments are dropped while the run goes on.
    let dir = tempfile::tempdir().expect("temp dir");
    for seed in 100..112u64 {
        let text = generate(seed, 40 + (seed as usize % 4) * 25);
        let plain = dir.path().join(format!("s{seed}.pgn"));
        std::fs::write(&plain, &text).expect("write");
        let gz = dir.path().join(format!("s{seed}.pgn.gz"));
        gzip(&text, &gz);
        let records = seed % 3 == 0;
        let keys = seed % 2 == 1;
        let (want, want_t) = one_reader_keyed(&plain, records, keys);
        let want = want.replace(&*plain.to_string_lossy(), &gz.to_string_lossy());
        let len = text.len() as u64;
        for (k, range) in (1..=len.min(24))
            .chain([37, 64, 257, len / 2, len])
            .enumerate()
        {
            let range = range.max(1);
            let jobs = 2 + k % 3;
            let split = Split {
                range,
                part: if k % 3 == 0 { 1 } else { range },
                items: 1 + k % 5,
            };
            let (got, got_t) = piped_keyed(&gz, records, keys, jobs, split);
            assert!(
                got == want && counts_eq(&got_t, &want_t),
                "seed {seed}, range {range}, jobs {jobs}: input\n{text:?}\n\
                 one reader:\n{want}\nsplit:\n{got}"
            );
        }
    }
}

#[test]
fn a_stream_with_a_game_longer_than_the_ranges_in_flight_gives_the_one_reader_results() {
    // One game runs across many ranges while the dispatcher waits for
    // room: its reader pulls the decoder on by itself.
    let dir = tempfile::tempdir().expect("temp dir");
    let mut text = String::from("[Event \"a\"]\n1. e4 e5 *\n\n[Event \"long\"]\n1. e4 {");
    text.push_str(&"[Event \"in a comment\"]\n".repeat(400));
    text.push_str("} e5 2. Nf3 *\n\n[Event \"c\"]\n1. d4 d5 *\n");
    let plain = dir.path().join("long.pgn");
    std::fs::write(&plain, &text).expect("write");
    let gz = dir.path().join("long.pgn.gz");
    gzip(&text, &gz);
    let (want, _) = one_reader(&plain, false);
    let want = want.replace(&*plain.to_string_lossy(), &gz.to_string_lossy());
    for jobs in [2, 3] {
        let split = Split {
            range: 100,
            part: 100,
            items: 4,
        };
        let (got, _) = piped(&gz, false, jobs, split);
        assert!(got == want, "jobs {jobs}:\n{got}\n----\n{want}");
    }
}

/// [`piped`] as `check` runs it: no records, no counts, no keys, so no
/// game's report is kept, only the diagnostics in order and the totals.
fn piped_check(
    path: &std::path::Path,
    jobs: usize,
    split: Split,
) -> (String, crate::verify::Counts, u64) {
    let config = BatchConfig {
        inputs: vec![path.to_path_buf()],
        jobs: NonZeroUsize::new(jobs).expect("jobs"),
        records: false,
        notations: crate::export::records::Notations::BOTH,
        count_moves: false,
        progress: false,
        keys: false,
    };
    let mut text = String::new();
    let mut t = crate::verify::Counts::default();
    let mut games = 0;
    run_split(&config, split, |step| {
        if let Step::Chunk(_, c) = &step {
            assert!(c.games.is_empty(), "a check run kept a game's report");
            games += c.game_count;
        }
        describe(&step, &mut text);
        totals(&step, &mut t);
        true
    });
    (text, t, games)
}

#[test]
fn a_check_run_keeps_no_report_and_gives_the_diagnostics_of_a_full_run() {
    // Issue 12: `check -j2` kept a report a game that nothing read; now it
    // keeps the diagnostics only. They must be the full run's, game
    // numbers included, however the input is cut.
    let dir = tempfile::tempdir().expect("temp dir");
    for seed in 200..208u64 {
        let text = generate(seed, 120);
        let path = dir.path().join(format!("k{seed}.pgn"));
        std::fs::write(&path, &text).expect("write");
        let (full, full_t) = one_reader(&path, false);
        let want: String = full
            .lines()
            .filter(|l| !l.starts_with("game ") && !l.starts_with("  "))
            .map(|l| format!("{l}\n"))
            .collect();
        for (k, range) in [1u64, 3, 17, 64, 1000].into_iter().enumerate() {
            let jobs = 1 + k % 3;
            let split = Split {
                range,
                part: range,
                items: 1 + k % 4,
            };
            let (got, got_t, games) = piped_check(&path, jobs, split);
            assert!(
                got == want && counts_eq(&got_t, &full_t) && games == full_t.games,
                "seed {seed}, range {range}, jobs {jobs}:\n{got}\n----\n{want}"
            );
        }
    }
}
