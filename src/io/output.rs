//! Atomic output files: readers never see a half-written file.
//!
//! [`AtomicFile`] writes into a temporary file in the target's directory (so
//! the final rename stays on one file system) and renames it over the target
//! on [`AtomicFile::commit`]. Dropping it without committing, e.g. after an
//! error, removes the temporary file and leaves the target as it was; a
//! signal that ends the process removes it through
//! [`remove_partial_outputs`].

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use tempfile::NamedTempFile;

/// Whether an existing target may be replaced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overwrite {
    /// Refuse when the target exists (the default of every `-o FILE`).
    Refuse,
    /// Replace the target (`--force`).
    Force,
}

/// Why an output file could not be written.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// The target exists and [`Overwrite::Refuse`] was asked for.
    #[error("{path} already exists (--force replaces it)")]
    Exists {
        /// The target.
        path: PathBuf,
    },
    /// The temporary file could not be created next to the target.
    #[error("cannot create a temporary file for {path}")]
    Create {
        /// The target.
        path: PathBuf,
        /// The cause.
        #[source]
        source: io::Error,
    },
    /// Writing, flushing or syncing failed.
    #[error("cannot write {path}")]
    Write {
        /// The target.
        path: PathBuf,
        /// The cause.
        #[source]
        source: io::Error,
    },
    /// The finished file could not be renamed to the target.
    #[error("cannot rename the temporary file to {path}")]
    Persist {
        /// The target.
        path: PathBuf,
        /// The cause.
        #[source]
        source: io::Error,
    },
}

/// A file that appears at its path only once complete. Writes are buffered.
///
/// # Examples
///
/// ```
/// use std::io::Write;
/// use xpgn::io::{AtomicFile, Overwrite};
///
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("out.fen");
/// let mut out = AtomicFile::create(&path, Overwrite::Refuse)?;
/// writeln!(out, "8/8/8/8/8/8/8/K6k w - - 0 1")?;
/// assert!(!path.exists());
/// out.commit()?;
/// assert!(path.exists());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct AtomicFile {
    path: PathBuf,
    overwrite: Overwrite,
    file: BufWriter<NamedTempFile>,
    /// Keeps the temporary file in [`remove_partial_outputs`]'s list.
    _live: Live,
}

/// The temporary files of the [`AtomicFile`]s alive now, for
/// [`remove_partial_outputs`].
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// One temporary file's place in [`LIVE`], given up when dropped.
#[derive(Debug)]
struct Live(PathBuf);

impl Live {
    fn new(path: &Path) -> Live {
        if let Ok(mut live) = LIVE.lock() {
            live.push(path.to_path_buf());
        }
        Live(path.to_path_buf())
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        if let Ok(mut live) = LIVE.lock()
            && let Some(k) = live.iter().position(|p| *p == self.0)
        {
            live.swap_remove(k);
        }
    }
}

/// Removes the temporary file of every [`AtomicFile`] not yet committed:
/// for a signal handler that is about to end the process, which runs no
/// destructor. The targets are left as they were.
pub fn remove_partial_outputs() {
    // A poisoned lock still holds the list.
    let live = match LIVE.lock() {
        Ok(live) => live,
        Err(poisoned) => poisoned.into_inner(),
    };
    for path in live.iter() {
        let _ = std::fs::remove_file(path);
    }
}

impl AtomicFile {
    /// Starts writing `path`.
    ///
    /// # Errors
    ///
    /// [`OutputError::Exists`] when `path` exists and `overwrite` is
    /// [`Overwrite::Refuse`]; [`OutputError::Create`] when no temporary file
    /// can be made in its directory.
    pub fn create(path: impl AsRef<Path>, overwrite: Overwrite) -> Result<AtomicFile, OutputError> {
        let path = path.as_ref().to_path_buf();
        // Checked early so that a long run does not end in a refusal; commit()
        // checks again without a race.
        if overwrite == Overwrite::Refuse && path.symlink_metadata().is_ok() {
            return Err(OutputError::Exists { path });
        }
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let mut builder = tempfile::Builder::new();
        builder.prefix(".xpgn-").suffix(".tmp");
        // Temporary files are created 0600; the output should get the usual
        // permissions (0666 less the umask), like any file the user creates.
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
        let temp = builder
            .tempfile_in(dir)
            .map_err(|source| OutputError::Create {
                path: path.clone(),
                source,
            })?;
        let live = Live::new(temp.path());
        Ok(AtomicFile {
            path,
            overwrite,
            file: BufWriter::new(temp),
            _live: live,
        })
    }

    /// The target path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Flushes, syncs and renames the temporary file to the target.
    ///
    /// # Errors
    ///
    /// [`OutputError::Write`] when flushing or syncing fails,
    /// [`OutputError::Exists`] when the target appeared meanwhile and
    /// overwriting is refused, [`OutputError::Persist`] when the rename fails.
    /// The temporary file is removed in every case.
    pub fn commit(self) -> Result<(), OutputError> {
        let AtomicFile {
            path,
            overwrite,
            file,
            _live,
        } = self;
        let temp = match file.into_inner() {
            Ok(temp) => temp,
            Err(err) => {
                return Err(OutputError::Write {
                    path,
                    source: err.into_error(),
                });
            }
        };
        if let Err(source) = temp.as_file().sync_all() {
            return Err(OutputError::Write { path, source });
        }
        let result = match overwrite {
            Overwrite::Force => temp.persist(&path),
            Overwrite::Refuse => temp.persist_noclobber(&path),
        };
        // On failure, the PersistError holds the temporary file; dropping it
        // deletes it.
        match result {
            Ok(_) => Ok(()),
            Err(err) if err.error.kind() == io::ErrorKind::AlreadyExists => {
                Err(OutputError::Exists { path })
            }
            Err(err) => Err(OutputError::Persist {
                path,
                source: err.error,
            }),
        }
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.file.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .expect("list dir")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn commit_renames_into_place() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("out.pgn");
        let mut out = AtomicFile::create(&path, Overwrite::Refuse).expect("create");
        out.write_all(b"1. e4 *\n").expect("write");
        assert!(!path.exists(), "target appears only on commit");
        assert_eq!(entries(dir.path()).len(), 1, "one temporary file");
        out.commit().expect("commit");
        assert_eq!(fs::read(&path).expect("read"), b"1. e4 *\n");
        assert_eq!(entries(dir.path()), ["out.pgn"]);
    }

    #[test]
    fn drop_without_commit_removes_the_temporary_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("out.pgn");
        {
            let mut out = AtomicFile::create(&path, Overwrite::Refuse).expect("create");
            out.write_all(b"partial").expect("write");
        }
        assert!(entries(dir.path()).is_empty());
    }

    #[test]
    fn existing_target_needs_force() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("out.pgn");
        fs::write(&path, "old").expect("write");
        let err = AtomicFile::create(&path, Overwrite::Refuse).expect_err("refused");
        assert_eq!(
            err.to_string(),
            format!("{} already exists (--force replaces it)", path.display())
        );
        assert_eq!(fs::read(&path).expect("read"), b"old");

        let mut out = AtomicFile::create(&path, Overwrite::Force).expect("create");
        out.write_all(b"new").expect("write");
        out.commit().expect("commit");
        assert_eq!(fs::read(&path).expect("read"), b"new");
        assert_eq!(entries(dir.path()), ["out.pgn"]);
    }

    #[test]
    fn target_appearing_meanwhile_is_not_clobbered() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("out.pgn");
        let mut out = AtomicFile::create(&path, Overwrite::Refuse).expect("create");
        out.write_all(b"mine").expect("write");
        fs::write(&path, "theirs").expect("write");
        assert!(matches!(out.commit(), Err(OutputError::Exists { .. })));
        assert_eq!(fs::read(&path).expect("read"), b"theirs");
        assert_eq!(entries(dir.path()), ["out.pgn"]);
    }

    /// Whether a temporary file of `dir` is listed (other tests run at
    /// the same time, so only this test's directory is looked at).
    fn listed(dir: &Path) -> usize {
        LIVE.lock()
            .expect("lock")
            .iter()
            .filter(|p| p.parent() == Some(dir))
            .count()
    }

    #[test]
    fn partial_outputs_are_listed_until_committed_or_dropped() {
        let dir = tempfile::tempdir().expect("temp dir");
        let a = AtomicFile::create(dir.path().join("a.pgn"), Overwrite::Refuse).expect("create");
        let b = AtomicFile::create(dir.path().join("b.pgn"), Overwrite::Refuse).expect("create");
        assert_eq!(listed(dir.path()), 2);
        drop(a);
        assert_eq!(listed(dir.path()), 1);
        b.commit().expect("commit");
        assert_eq!(listed(dir.path()), 0);
        assert_eq!(entries(dir.path()), ["b.pgn"]);
    }

    #[test]
    fn missing_directory_is_a_create_error() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("no/such/dir/out.pgn");
        let err = AtomicFile::create(&path, Overwrite::Refuse).expect_err("no directory");
        assert!(matches!(err, OutputError::Create { .. }), "{err:?}");
    }
}
