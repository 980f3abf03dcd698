//! What the tests that run peer tools share: the repository's root, and a
//! Python virtual environment that a project script installs on first use
//! (never skipped: when the script fails, the test fails).

use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository's root.
pub fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The python of the virtual environment `name` under the target's temp
/// directory, made by `scripts/<script>` (which installs what it pins and
/// exits non-zero when it cannot).
#[allow(dead_code)] // not every test binary that shares this module installs a venv
pub fn venv_python(script: &str, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let out = Command::new("bash")
        .arg(repo().join("scripts").join(script))
        .arg(&dir)
        .output()
        .unwrap_or_else(|e| panic!("running scripts/{script}: {e}"));
    assert!(
        out.status.success(),
        "scripts/{script} could not install what the test needs: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    dir.join("bin/python")
}
