//! A temporary directory per test and a command aimed at the built `xpgn`.
//!
//! Every run sets `NO_COLOR=1` and runs inside the test's directory; every
//! failed expectation prints the command, its directory listing, stdout and
//! stderr, so a CI log is enough to see what went wrong (STYLE B7).

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use tempfile::TempDir;

/// One test's private directory.
pub struct TestEnv {
    dir: TempDir,
}

impl TestEnv {
    /// A fresh, empty directory.
    pub fn new() -> TestEnv {
        TestEnv {
            dir: tempfile::tempdir().expect("create a temporary directory"),
        }
    }

    /// The directory's path.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Writes `contents` to `name` (relative, parent directories created).
    pub fn write(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.path().join(name);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).expect("create parent directories");
        }
        fs::write(&path, contents).expect("write test input");
        path
    }

    /// `xpgn ARGS...` in this directory, with `NO_COLOR=1`.
    pub fn command(&self, args: &[&str]) -> assert_cmd::Command {
        let mut cmd = assert_cmd::Command::new(env!("CARGO_BIN_EXE_xpgn"));
        cmd.args(args)
            .current_dir(self.path())
            .env("NO_COLOR", "1")
            .env_remove("TERM");
        cmd
    }

    /// Runs `xpgn ARGS...` to completion (stdin empty).
    pub fn run(&self, args: &[&str]) -> Run<'_> {
        let output = self
            .command(args)
            .write_stdin(Vec::new())
            .output()
            .expect("start xpgn");
        Run {
            env: self,
            args: args.iter().map(|a| a.to_string()).collect(),
            output,
        }
    }
}

/// A finished run, with assertions that explain themselves.
pub struct Run<'a> {
    env: &'a TestEnv,
    args: Vec<String>,
    output: Output,
}

impl Run<'_> {
    /// Its stdout, lossily decoded.
    pub fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.output.stdout).into_owned()
    }

    /// Its stdout as bytes.
    pub fn stdout_bytes(&self) -> Vec<u8> {
        self.output.stdout.clone()
    }

    /// Its stderr, lossily decoded.
    pub fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.output.stderr).into_owned()
    }

    /// Everything about the run, for failure messages.
    fn report(&self) -> String {
        let mut listing = String::new();
        let mut stack = vec![self.env.path().to_path_buf()];
        while let Some(dir) = stack.pop() {
            for entry in fs::read_dir(&dir).into_iter().flatten().flatten() {
                let path = entry.path();
                let rel = path.strip_prefix(self.env.path()).unwrap_or(&path);
                let _ = writeln!(listing, "  {}", rel.display());
                if path.is_dir() {
                    stack.push(path);
                }
            }
        }
        format!(
            "\ncommand: xpgn {}\ncwd: {}\nfiles:\n{listing}status: {:?}\n\
             --- stdout ---\n{}\n--- stderr ---\n{}\n--------------\n",
            self.args.join(" "),
            self.env.path().display(),
            self.output.status.code(),
            self.stdout(),
            self.stderr(),
        )
    }

    /// Asserts the exit code.
    pub fn code(&self, expected: i32) -> &Self {
        assert_eq!(
            self.output.status.code(),
            Some(expected),
            "unexpected exit status{}",
            self.report()
        );
        self
    }

    /// Asserts that stdout is exactly `expected`.
    pub fn stdout_is(&self, expected: &str) -> &Self {
        assert_eq!(
            self.stdout(),
            expected,
            "unexpected stdout{}",
            self.report()
        );
        self
    }

    /// Asserts that stdout contains `needle`.
    pub fn stdout_has(&self, needle: &str) -> &Self {
        assert!(
            self.stdout().contains(needle),
            "stdout lacks {needle:?}{}",
            self.report()
        );
        self
    }

    /// Asserts that stderr is exactly `expected`.
    pub fn stderr_is(&self, expected: &str) -> &Self {
        assert_eq!(
            self.stderr(),
            expected,
            "unexpected stderr{}",
            self.report()
        );
        self
    }

    /// Asserts that stderr contains `needle`.
    pub fn stderr_has(&self, needle: &str) -> &Self {
        assert!(
            self.stderr().contains(needle),
            "stderr lacks {needle:?}{}",
            self.report()
        );
        self
    }
}

/// The `file` field of each JSON line of `stdout`, in order.
pub fn json_files(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("json");
            v["file"].as_str().expect("file").to_owned()
        })
        .collect()
}
