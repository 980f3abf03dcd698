//! Atomic output files: readers never see a half-written file.
//!
//! [`AtomicFile`] writes into a temporary file in the target's directory (so
//! the final rename stays on one file system) and renames it over the target
//! on [`AtomicFile::commit`]. Dropping it without committing, e.g. after an
//! error, removes the temporary file and leaves the target as it was; a
//! signal that ends the process removes it through
//! [`remove_partial_outputs`]. [`AtomicSet`] does the same for several
//! files that appear together or not at all (`convert --split`).

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

impl Drop for Live {
    fn drop(&mut self) {
        if let Ok(mut live) = LIVE.lock()
            && let Some(k) = live.iter().position(|p| *p == self.0)
        {
            live.swap_remove(k);
        }
    }
}

/// The files of an [`AtomicSet`] renamed into place while the set's
/// commit is under way: a signal then removes them too. Locked before
/// [`LIVE`] wherever both are (the set holds it over each rename, which
/// takes `LIVE` when the temporary file's entry goes away).
static PLACED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// A lock that a panic elsewhere left poisoned still holds the list.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    match m.lock() {
        Ok(g) => g,
        Err(poisoned) => poisoned.into_inner(),
    }
}

/// A test's hook: with `XPGN_TEST_PAUSE_BEFORE_LISTING=MS` set, waits MS
/// milliseconds (at most 10 s) between creating a temporary output file
/// and listing it, so that a test can send a signal in that window and
/// check that the file is still removed (tests/cli/pipeline.rs). Costs one
/// look-up an output file.
fn pause_before_listing() {
    let ms = std::env::var_os("XPGN_TEST_PAUSE_BEFORE_LISTING")
        .and_then(|v| v.to_str().and_then(|v| v.parse::<u64>().ok()));
    if let Some(ms) = ms {
        std::thread::sleep(std::time::Duration::from_millis(ms.min(10_000)));
    }
}

/// Removes the temporary file of every [`AtomicFile`] not yet committed,
/// and the files an [`AtomicSet`] committing now has put in place: for a
/// signal handler that is about to end the process, which runs no
/// destructor. Other targets are left as they were.
pub fn remove_partial_outputs() {
    // Held until the process ends: a set's commit cannot put another file
    // in place meanwhile.
    let placed = lock(&PLACED);
    let live = lock(&LIVE);
    for path in live.iter().chain(placed.iter()) {
        let _ = std::fs::remove_file(path);
    }
    // Both held until the process ends: no temporary file is created and
    // listed after this cleanup (a thread creating one waits for ever).
    std::mem::forget(placed);
    std::mem::forget(live);
}

/// Files that appear together or not at all (`convert --split`): each
/// member is an [`AtomicFile`] written whole and handed to the set with
/// [`AtomicSet::push`]; [`AtomicSet::commit`] syncs them all, then renames
/// them into place one by one, and if one fails, removes those already in
/// place. Dropping the set removes every temporary file, and a signal
/// during the commit removes what it has put in place
/// ([`remove_partial_outputs`]).
///
/// # Examples
///
/// ```
/// use std::io::Write;
/// use xpgn::io::{AtomicFile, AtomicSet, Overwrite};
///
/// let dir = tempfile::tempdir()?;
/// let mut set = AtomicSet::default();
/// for name in ["a.pgn", "b.pgn"] {
///     let mut f = AtomicFile::create(dir.path().join(name), Overwrite::Refuse)?;
///     writeln!(f, "*")?;
///     set.push(f);
/// }
/// assert!(!dir.path().join("a.pgn").exists());
/// set.commit()?;
/// assert!(dir.path().join("a.pgn").exists() && dir.path().join("b.pgn").exists());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct AtomicSet {
    files: Vec<AtomicFile>,
}

impl AtomicSet {
    /// Adds a finished member.
    pub fn push(&mut self, file: AtomicFile) {
        self.files.push(file);
    }

    /// Members so far.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// Whether the set has no member.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// Puts every member in place, or none.
    ///
    /// # Errors
    ///
    /// The first member that cannot be flushed, synced or renamed (see
    /// [`AtomicFile::commit`]); then no member is left in place and every
    /// temporary file is removed.
    pub fn commit(self) -> Result<(), OutputError> {
        // Every write error shows before any file is in place.
        let mut ready = Vec::with_capacity(self.files.len());
        for f in self.files {
            ready.push(f.sync()?);
        }
        let mut placed = lock(&PLACED);
        let first = placed.len();
        let mut result = Ok(());
        for f in ready {
            let path = f.path.clone();
            // Listed before the rename: a signal that comes between the two
            // waits for this lock, and then finds the file in place.
            placed.push(path);
            if let Err(e) = f.persist() {
                placed.pop();
                result = Err(e);
                break;
            }
        }
        // Removed under the lock, so that a signal finds each file either
        // listed or gone.
        for path in placed.split_off(first) {
            if result.is_err() {
                let _ = std::fs::remove_file(path);
            }
        }
        // The rest of `ready` was dropped: their temporary files are gone.
        result
    }
}

/// An [`AtomicFile`] flushed and synced, waiting to be renamed.
#[derive(Debug)]
struct Synced {
    path: PathBuf,
    overwrite: Overwrite,
    temp: NamedTempFile,
    _live: Live,
}

impl Synced {
    fn persist(self) -> Result<(), OutputError> {
        let Synced {
            path,
            overwrite,
            temp,
            _live,
        } = self;
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
        // Created and listed under the list's lock: a signal's cleanup
        // (which takes the lock for good) comes wholly before the file
        // exists or after it is listed, never between.
        let mut listed = lock(&LIVE);
        let temp = builder
            .tempfile_in(dir)
            .map_err(|source| OutputError::Create {
                path: path.clone(),
                source,
            })?;
        pause_before_listing();
        listed.push(temp.path().to_path_buf());
        drop(listed);
        let live = Live(temp.path().to_path_buf());
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
        self.sync()?.persist()
    }

    /// Flushes and syncs the temporary file.
    fn sync(self) -> Result<Synced, OutputError> {
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
        Ok(Synced {
            path,
            overwrite,
            temp,
            _live,
        })
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

    fn member(dir: &Path, name: &str, text: &str) -> AtomicFile {
        let mut f = AtomicFile::create(dir.join(name), Overwrite::Refuse).expect("create");
        f.write_all(text.as_bytes()).expect("write");
        f
    }

    #[test]
    fn a_set_appears_whole() {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut set = AtomicSet::default();
        for name in ["a-001.pgn", "a-002.pgn", "a-003.pgn"] {
            set.push(member(dir.path(), name, name));
        }
        assert_eq!(set.len(), 3);
        assert_eq!(entries(dir.path()).len(), 3, "three temporary files");
        assert!(entries(dir.path()).iter().all(|n| n.ends_with(".tmp")));
        set.commit().expect("commit");
        assert_eq!(entries(dir.path()), ["a-001.pgn", "a-002.pgn", "a-003.pgn"]);
        assert_eq!(
            fs::read(dir.path().join("a-002.pgn")).expect("read"),
            b"a-002.pgn"
        );
        assert_eq!(listed(dir.path()), 0);
    }

    /// One member that cannot be put in place (its target appeared
    /// meanwhile): the members renamed before it are removed, the others'
    /// temporary files too, and the file in the way is left alone.
    #[test]
    fn a_set_that_fails_leaves_no_member() {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut set = AtomicSet::default();
        for name in ["a-001.pgn", "a-002.pgn", "a-003.pgn"] {
            set.push(member(dir.path(), name, "new"));
        }
        fs::write(dir.path().join("a-002.pgn"), "theirs").expect("write");
        let err = set.commit().expect_err("a-002 is in the way");
        assert!(matches!(err, OutputError::Exists { .. }), "{err:?}");
        assert_eq!(entries(dir.path()), ["a-002.pgn"]);
        assert_eq!(
            fs::read(dir.path().join("a-002.pgn")).expect("read"),
            b"theirs"
        );
        assert_eq!(listed(dir.path()), 0);
        assert!(
            PLACED
                .lock()
                .expect("lock")
                .iter()
                .all(|p| p.parent() != Some(dir.path())),
            "nothing of this set stays listed"
        );
    }

    #[test]
    fn a_dropped_set_leaves_nothing() {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut set = AtomicSet::default();
        set.push(member(dir.path(), "a-001.pgn", "x"));
        drop(set);
        assert!(entries(dir.path()).is_empty());
    }
}
