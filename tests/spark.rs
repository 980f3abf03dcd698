//! The Spark job of contrib/spark (issue 19), run in Spark's local mode with
//! two workers, against `xpgn stats` run locally on the same inputs: the
//! Parquet rows are identical after sorting, each column of the type the
//! schema gives.
//!
//! `scripts/spark_setup.sh` installs pyspark and pyarrow (pinned) into a
//! virtual environment under the target directory, and a Java runtime from
//! the Debian packages when there is none; when that fails, this test
//! fails. It never passes without Spark.

mod common;

use common::repo;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

fn corpus_root() -> PathBuf {
    let root = match std::env::var_os("XPGN_CORPUS") {
        Some(dir) => PathBuf::from(dir),
        None => repo().join("../shared/corpus"),
    };
    assert!(
        root.is_dir(),
        "corpus not found at {}: set XPGN_CORPUS to its folder",
        root.display()
    );
    root.canonicalize().expect("corpus path")
}

fn spark_python() -> PathBuf {
    common::venv_python("spark_setup.sh", "spark-venv")
}

fn run(python: &Path, script: &str, args: &[&str]) -> String {
    let out = Command::new(python)
        .arg(repo().join("contrib/spark").join(script))
        .args(args)
        .output()
        .expect("running python");
    assert!(
        out.status.success(),
        "{script} {args:?} failed: {}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
            .lines()
            .filter(|l| !l.contains("WARN") && !l.starts_with("[Stage"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn pgn_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("readable dir")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            pgn_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "pgn") {
            out.push(p);
        }
    }
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    enc.write_all(bytes).expect("gzip");
    enc.finish().expect("gzip")
}

#[test]
fn spark_job_writes_what_xpgn_stats_reads() {
    let python = spark_python();
    let xpgn = env!("CARGO_BIN_EXE_xpgn");
    let corpus = corpus_root();
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("spark-test");
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).expect("work dir");

    // The corpus as it is (a task per file), the corpus concatenated into
    // one large plain file (cut into 8 MiB ranges), and a compressed file.
    let mut files = Vec::new();
    pgn_files(&corpus, &mut files);
    let mut big = Vec::new();
    for f in &files {
        big.extend(std::fs::read(f).expect("corpus file"));
        big.push(b'\n');
    }
    let big_path = work.join("big.pgn");
    std::fs::write(&big_path, &big).expect("big file");
    let gz_path = work.join("some.pgn.gz");
    std::fs::write(&gz_path, gzip(&std::fs::read(&files[0]).expect("file"))).expect("gz");
    let out = work.join("out");
    let inputs = [
        corpus.to_str().expect("utf-8 path"),
        big_path.to_str().expect("utf-8 path"),
        gz_path.to_str().expect("utf-8 path"),
    ];
    let mut args = vec![
        "--master",
        "local[2]",
        "--xpgn",
        xpgn,
        "--range-size",
        "8MiB",
        "--output",
        out.to_str().expect("utf-8 path"),
    ];
    args.extend(inputs);
    let job = run(&python, "xpgn_spark.py", &args);
    assert!(job.contains("\"unreadable_inputs\": 0"), "{job}");
    let mut cmp = vec![xpgn, out.to_str().expect("utf-8 path")];
    cmp.extend(inputs);
    let counts = run(&python, "compare.py", &cmp);
    assert!(counts.contains("\"rows\": "), "{counts}");

    // Games whose tag sections hold two long comment lines: a 64 KiB cut
    // in the first makes the tag line after the second look like a game's
    // start, xpgn refuses the range's end, and the job merges ranges until
    // none is refused. Beside it, a truncated .gz and a missing file: the
    // job finishes and names both. `--stage always` reads every input
    // through the staging copy used for remote file systems.
    let mut odd = String::new();
    for i in 0..60 {
        odd.push_str(&format!(
            "[Event \"{i}\"]\n{{{}}}\n{{{}}}\n[Site \"s\"]\n\n1. e4 e5 2. Nf3 *\n\n",
            "x ".repeat(2500),
            "y ".repeat(100)
        ));
    }
    let odd_path = work.join("odd.pgn");
    std::fs::write(&odd_path, odd).expect("odd file");
    let bad_path = work.join("cut.pgn.gz");
    let whole = gzip(&big[..2_000_000]);
    std::fs::write(&bad_path, &whole[..whole.len() / 2]).expect("cut gz");
    let missing = work.join("missing.pgn");
    let out2 = work.join("out2");
    let inputs2 = [
        odd_path.to_str().expect("utf-8 path"),
        bad_path.to_str().expect("utf-8 path"),
        missing.to_str().expect("utf-8 path"),
    ];
    let mut args = vec![
        "--master",
        "local[2]",
        "--xpgn",
        xpgn,
        "--range-size",
        "64KiB",
        "--stage",
        "always",
        "--output",
        out2.to_str().expect("utf-8 path"),
    ];
    args.extend(inputs2);
    let job = run(&python, "xpgn_spark.py", &args);
    assert!(job.contains("\"unreadable_inputs\": 2"), "{job}");
    assert!(
        !job.contains("\"rounds\": 1,"),
        "no range was merged: {job}"
    );
    let mut cmp = vec![
        xpgn,
        out2.to_str().expect("utf-8 path"),
        "--unreadable",
        inputs2[1],
        "--unreadable",
        inputs2[2],
    ];
    cmp.extend(inputs2);
    run(&python, "compare.py", &cmp);
}
