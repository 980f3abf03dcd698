//! The direction of imports between the library's modules (issue 12 item 3,
//! STYLE B1), pinned so that it cannot regress unnoticed: each test reads
//! the sources and fails, naming the file and line, where a module reaches
//! one it must not.
//!
//! Only code counts: comments and doc comments may name anything, and unit
//! tests (`tests.rs`, `tests/` folders, everything after a file's
//! `#[cfg(test)]`) may use any module to build their inputs.

use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, sorted.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|x| x == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The code lines (file, line number, text) of the non-test sources under
/// `rel` (a folder or one file, relative to `src/`).
fn code_lines(rel: &str) -> Vec<(String, usize, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(rel);
    let files = if root.is_dir() {
        sources(&root)
    } else {
        vec![root]
    };
    let mut out = Vec::new();
    for path in files {
        let shown = path.display().to_string();
        let is_test_file = path.file_name().is_some_and(|n| n == "tests.rs")
            || path.components().any(|c| c.as_os_str() == "tests");
        if is_test_file {
            continue;
        }
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{shown}: {e}"));
        for (i, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("#[cfg(test)]") {
                break;
            }
            if code.starts_with("//") {
                continue;
            }
            out.push((shown.clone(), i + 1, line.to_string()));
        }
    }
    out
}

/// Fails with every code line under `rel` that contains one of `banned`.
fn assert_none(rel: &str, banned: &[&str], why: &str) {
    let found: Vec<String> = code_lines(rel)
        .into_iter()
        .filter(|(_, _, line)| banned.iter().any(|b| line.contains(b)))
        .map(|(file, n, line)| format!("{file}:{n}: {}", line.trim()))
        .collect();
    assert!(found.is_empty(), "{why}:\n{}", found.join("\n"));
}

#[test]
fn rules_import_neither_notation_nor_the_stages_after_it() {
    assert_none(
        "rules",
        &[
            "crate::notation",
            "crate::record",
            "crate::verify",
            "crate::export",
            "xpgn::",
        ],
        "rules/ works alone: written moves come from crate::written, not notation/",
    );
}

#[test]
fn notation_knows_no_rules() {
    assert_none(
        "notation",
        &[
            "crate::rules",
            "crate::verify",
            "crate::record",
            "crate::export",
        ],
        "notation/ reads tokens and knows no legality (STYLE B1)",
    );
}

#[test]
fn written_moves_depend_on_no_other_module() {
    assert_none(
        "written.rs",
        &["crate::", "super::"],
        "the written-move types sit below both notation/ and rules/",
    );
}

#[test]
fn the_reader_and_its_visitor_do_not_import_each_other() {
    assert_none(
        "notation/visitor.rs",
        &["reader::", "Reader"],
        "visitor.rs must not import the reader (the cycle reader<->visitor)",
    );
}

#[test]
fn families_import_neither_each_other_nor_the_dispatch_over_them() {
    let families = ["fide", "gast", "squirrel", "squares", "pasgl", "lichess"];
    for family in families {
        let mut banned: Vec<String> = vec!["rules::family".into(), "super::family".into()];
        for other in families.iter().filter(|&&o| o != family) {
            banned.push(format!("rules::{other}"));
            banned.push(format!("super::{other}"));
        }
        let banned: Vec<&str> = banned.iter().map(String::as_str).collect();
        assert_none(
            &format!("rules/{family}"),
            &banned,
            "a family uses rules/core, rules/betza and rules/position only (STYLE B1)",
        );
    }
}

#[test]
fn verify_names_no_family() {
    assert_none(
        "verify",
        &[
            "Fide",
            "fide",
            "Gast",
            "gast",
            "Squirrel",
            "squirrel",
            "Squares",
            "squares",
            "Pasgl",
            "pasgl",
            "Lichess",
            "lichess",
            "::Core",
            "is_chess_like",
            "as_core",
            "chess_start",
        ],
        "verify/ treats every game alike through GamePosition's hooks and AnyPosition",
    );
}
