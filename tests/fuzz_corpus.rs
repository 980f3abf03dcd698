//! Runs every fuzz target's body (`fuzz/check_*.rs`) over its committed
//! seeds, as ordinary tests: `fuzz/seeds/<target>/` for the position,
//! JSON and transcript targets, and the PGN fixtures for the reader and
//! the verifier. A finding of a fuzzing run is added to the seeds, so it
//! stays fixed.

use std::fs;
use std::path::{Path, PathBuf};

include!("../fuzz/check_reader.rs");
include!("../fuzz/check_verifier.rs");
include!("../fuzz/check_position.rs");
include!("../fuzz/check_json.rs");
include!("../fuzz/check_transcript.rs");

/// The files under `dir`, recursively, sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(d) = pending.pop() {
        for entry in fs::read_dir(&d).expect("seed directory exists").flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// Runs `body` over every seed of `target` (a folder of `fuzz/seeds/`,
/// or another folder of the repository), and over each seed cut in half.
fn run_seeds(folder: &str, body: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    let seeds = files(&dir);
    assert!(!seeds.is_empty(), "no seeds in {}", dir.display());
    for seed in seeds {
        let data = fs::read(&seed).expect("read seed");
        eprintln!("{}", seed.display());
        body(&data);
        body(&data[..data.len() / 2]);
    }
}

#[test]
fn fuzz_seeds_position() {
    run_seeds("fuzz/seeds/position", check_position);
}

#[test]
fn fuzz_seeds_json() {
    run_seeds("fuzz/seeds/json", check_json);
}

#[test]
fn fuzz_seeds_transcript() {
    run_seeds("fuzz/seeds/transcript", check_transcript);
}

#[test]
fn fuzz_seeds_reader() {
    run_seeds("fixtures", check_reader);
}

#[test]
fn fuzz_seeds_verifier() {
    run_seeds("fixtures", |data| {
        check_verifier(data);
    });
}
