//! Expanding `FILE|DIR|-` arguments into a deterministic list of inputs.
//!
//! Files named explicitly are always read, whatever their extension.
//! Directories are walked recursively in sorted order; there only files ending
//! in `.pgn` or `.txt` (any case), or in those followed by `.gz`, `.bz2` or
//! `.zst`, are taken, and hidden entries (names starting
//! with `.`) are skipped. Symbolic links to files are followed; links to
//! directories are not, so a link cycle cannot make the walk endless. A link
//! the walk does not follow (to a directory, dangling, or part of a loop) is
//! named once, as a [`SkippedLink`], so nothing is left out silently.

use std::ffi::OsStr;
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Extensions (compared without regard to case) taken from directories.
const EXTENSIONS: &[&str] = &["pgn", "txt"];

/// Why an input could not be listed or opened.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// The path named on the command line cannot be examined (often: it does
    /// not exist).
    #[error("cannot access {path}")]
    Access {
        /// The path as given.
        path: PathBuf,
        /// The cause.
        #[source]
        source: io::Error,
    },
    /// A directory cannot be listed.
    #[error("cannot read directory {path}")]
    ReadDir {
        /// The directory.
        path: PathBuf,
        /// The cause.
        #[source]
        source: io::Error,
    },
    /// A file cannot be opened.
    #[error("cannot open {path}")]
    Open {
        /// The file.
        path: PathBuf,
        /// The cause.
        #[source]
        source: io::Error,
    },
    /// An input failed while it was being read.
    #[error("cannot read {name}")]
    Read {
        /// The input's display name (`-` for stdin).
        name: Arc<str>,
        /// The cause.
        #[source]
        source: io::Error,
    },
}

/// Where an input's bytes come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputSource {
    /// Standard input, named `-`.
    Stdin,
    /// A file.
    File(PathBuf),
}

/// One input to read: its name for messages and where its bytes come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    name: Arc<str>,
    source: InputSource,
}

impl Input {
    /// Standard input.
    pub fn stdin() -> Input {
        Input {
            name: Arc::from("-"),
            source: InputSource::Stdin,
        }
    }

    /// A file; its display name is the path as given, lossily decoded.
    pub fn file(path: impl Into<PathBuf>) -> Input {
        let path = path.into();
        Input {
            name: Arc::from(path.to_string_lossy()),
            source: InputSource::File(path),
        }
    }

    /// The name shown in diagnostics and messages (`-` for stdin). Cheap to
    /// clone into every diagnostic.
    pub fn name(&self) -> &Arc<str> {
        &self.name
    }

    /// Where the bytes come from.
    pub fn source(&self) -> &InputSource {
        &self.source
    }

    /// Opens the input for reading, decoding it when it is compressed
    /// (gzip, bzip2 or zstd, told by its first bytes), so every command reads
    /// compressed archives transparently.
    ///
    /// # Errors
    ///
    /// [`InputError::Open`] when the file cannot be opened,
    /// [`InputError::Read`] when its first bytes cannot be read.
    pub fn open(&self) -> Result<Box<dyn Read + Send>, InputError> {
        self.open_decoded()
    }

    /// Opens the input's bytes as they are, compressed or not. The reader is
    /// unbuffered.
    ///
    /// # Errors
    ///
    /// [`InputError::Open`] when the file cannot be opened.
    pub fn open_raw(&self) -> Result<Box<dyn Read + Send>, InputError> {
        match &self.source {
            InputSource::Stdin => Ok(Box::new(io::stdin())),
            InputSource::File(path) => match fs::File::open(path) {
                Ok(file) => Ok(Box::new(file)),
                Err(source) => Err(InputError::Open {
                    path: path.clone(),
                    source,
                }),
            },
        }
    }
}

impl Input {
    /// Opens the input and decodes it when it is compressed (gzip, bzip2 or
    /// zstd, told by its first bytes).
    ///
    /// # Errors
    ///
    /// [`InputError::Open`] when it cannot be opened, [`InputError::Read`]
    /// when its first bytes cannot be read.
    pub fn open_decoded(&self) -> Result<Box<dyn Read + Send>, InputError> {
        let raw = self.open_raw()?;
        super::decompress::decode(raw).map_err(|source| InputError::Read {
            name: Arc::clone(&self.name),
            source,
        })
    }
}

/// A symbolic link met in a directory walk and not followed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkippedLink {
    /// The link's path.
    pub path: PathBuf,
    /// Why it was not followed ("a link to a directory", "a dangling
    /// link"...).
    pub reason: String,
}

impl std::fmt::Display for SkippedLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}, skipped", self.path.display(), self.reason)
    }
}

/// Expands command-line arguments into inputs, in argument order, each
/// directory's files in sorted order. `-` is stdin.
///
/// A problem with one argument or directory is returned in its place in the
/// list and does not stop the others, so the caller can report it and go on.
/// A symbolic link the walk does not follow is named on stderr, once, as
/// `xpgn: warning: PATH: REASON, skipped` (see [`expand_with`] to handle
/// them otherwise).
///
/// # Examples
///
/// ```no_run
/// for item in xpgn::io::expand(["games/", "-"]) {
///     match item {
///         Ok(input) => println!("{}", input.name()),
///         Err(err) => eprintln!("{err}"),
///     }
/// }
/// ```
pub fn expand<I, P>(args: I) -> Vec<Result<Input, InputError>>
where
    I: IntoIterator<Item = P>,
    P: AsRef<Path>,
{
    expand_with(args, |link| {
        // Written whole, so that lines of parallel runs do not mix.
        let line = format!("xpgn: warning: {link}\n");
        let _ = io::Write::write_all(&mut io::stderr().lock(), line.as_bytes());
    })
}

/// [`expand`], handing each symbolic link the walk does not follow to
/// `skipped` instead of naming it on stderr.
pub fn expand_with<I, P>(
    args: I,
    mut skipped: impl FnMut(SkippedLink),
) -> Vec<Result<Input, InputError>>
where
    I: IntoIterator<Item = P>,
    P: AsRef<Path>,
{
    let mut out = Vec::new();
    for arg in args {
        let path = arg.as_ref();
        if path.as_os_str() == "-" {
            out.push(Ok(Input::stdin()));
            continue;
        }
        match fs::metadata(path) {
            Ok(meta) if meta.is_dir() => walk(path, &mut out, &mut skipped),
            Ok(_) => out.push(Ok(Input::file(path))),
            Err(source) => out.push(Err(InputError::Access {
                path: path.to_path_buf(),
                source,
            })),
        }
    }
    out
}

/// Extensions of compressed files, taken when the name before them ends in
/// one of [`EXTENSIONS`].
const COMPRESSED: &[&str] = &["gz", "bz2", "zst"];

/// Whether a file found in a directory is taken.
fn has_record_extension(path: &Path) -> bool {
    let is = |p: &Path, list: &[&str]| {
        p.extension()
            .and_then(OsStr::to_str)
            .is_some_and(|ext| list.iter().any(|e| ext.eq_ignore_ascii_case(e)))
    };
    is(path, EXTENSIONS) || (is(path, COMPRESSED) && is(&path.with_extension(""), EXTENSIONS))
}

fn is_hidden(name: &OsStr) -> bool {
    name.as_encoded_bytes().first() == Some(&b'.')
}

/// Appends the record files under `dir`, depth first, sorted by name at each
/// level. An explicit stack keeps deep trees off the call stack.
fn walk(
    dir: &Path,
    out: &mut Vec<Result<Input, InputError>>,
    skipped: &mut impl FnMut(SkippedLink),
) {
    // Directories still to list, in reverse order so that pop() yields the
    // smallest name first.
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let entries = match fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(source) => {
                out.push(Err(InputError::ReadDir { path: dir, source }));
                continue;
            }
        };
        let mut names = Vec::new();
        for entry in entries {
            match entry {
                Ok(entry) if !is_hidden(&entry.file_name()) => names.push(entry.path()),
                Ok(_) => {}
                Err(source) => out.push(Err(InputError::ReadDir {
                    path: dir.clone(),
                    source,
                })),
            }
        }
        names.sort();
        let mut subdirs = Vec::new();
        for path in names {
            // symlink_metadata: a link to a directory is not walked into.
            let meta = match fs::symlink_metadata(&path) {
                Ok(meta) => meta,
                Err(source) => {
                    out.push(Err(InputError::Access { path, source }));
                    continue;
                }
            };
            if meta.is_dir() {
                subdirs.push(path);
            } else if meta.is_file() {
                if has_record_extension(&path) {
                    out.push(Ok(Input::file(path)));
                }
            } else if meta.is_symlink() {
                match fs::metadata(&path) {
                    Ok(target) if target.is_file() => {
                        if has_record_extension(&path) {
                            out.push(Ok(Input::file(path)));
                        }
                    }
                    Ok(target) if target.is_dir() => skipped(SkippedLink {
                        path,
                        reason: "a link to a directory, not followed".into(),
                    }),
                    Ok(_) => {}
                    // Only a link the walk would have read is worth a word.
                    Err(_) if !has_record_extension(&path) => {}
                    Err(e) if e.kind() == io::ErrorKind::NotFound => skipped(SkippedLink {
                        path,
                        reason: "a dangling link".into(),
                    }),
                    Err(e) => skipped(SkippedLink {
                        path,
                        reason: format!("a link that cannot be followed ({e})"),
                    }),
                }
            }
        }
        // Files of a directory come before its subdirectories' files, and
        // subdirectories in sorted order.
        pending.extend(subdirs.into_iter().rev());
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use super::*;

    fn names(items: &[Result<Input, InputError>]) -> Vec<String> {
        items
            .iter()
            .map(|item| match item {
                Ok(input) => input.name().to_string(),
                Err(err) => format!("error: {err}"),
            })
            .collect()
    }

    fn touch(path: &Path) {
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).expect("create test directory");
        }
        fs::write(path, "[Event \"?\"]\n\n*\n").expect("write test file");
    }

    #[test]
    fn directories_are_walked_sorted_and_filtered() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let root = tmp.path();
        for name in [
            "b.pgn",
            "a.PGN",
            "notes.txt",
            "image.png",
            ".hidden.pgn",
            ".git/x.pgn",
            "sub/z.pgn",
            "sub/deeper/y.pgn",
            "a_dir/w.pgn",
            "c.pgn.zst",
            "d.tar.gz",
        ] {
            touch(&root.join(name));
        }
        let items = expand([root]);
        let rel: Vec<String> = items
            .iter()
            .map(|item| {
                let input = item.as_ref().expect("all readable");
                match input.source() {
                    InputSource::File(p) => p
                        .strip_prefix(root)
                        .expect("under root")
                        .to_string_lossy()
                        .into_owned(),
                    InputSource::Stdin => "-".to_owned(),
                }
            })
            .collect();
        assert_eq!(
            rel,
            [
                "a.PGN",
                "b.pgn",
                "c.pgn.zst",
                "notes.txt",
                "a_dir/w.pgn",
                "sub/z.pgn",
                "sub/deeper/y.pgn"
            ]
        );
    }

    #[test]
    fn explicit_files_stdin_and_missing_keep_argument_order() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let png = tmp.path().join("game.png");
        touch(&png);
        let missing = tmp.path().join("missing.pgn");
        let items = expand([png.as_path(), Path::new("-"), missing.as_path()]);
        let got = names(&items);
        assert_eq!(got[0], png.to_string_lossy());
        assert_eq!(got[1], "-");
        assert_eq!(
            got[2],
            format!("error: cannot access {}", missing.display())
        );
        assert!(matches!(
            items[1].as_ref().map(Input::source),
            Ok(InputSource::Stdin)
        ));
    }

    #[test]
    fn open_reads_the_file_and_reports_missing_ones() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let path = tmp.path().join("g.pgn");
        touch(&path);
        let mut text = String::new();
        Input::file(&path)
            .open()
            .expect("open")
            .read_to_string(&mut text)
            .expect("read");
        assert!(text.starts_with("[Event"));

        fs::remove_file(&path).expect("remove");
        let err = match Input::file(&path).open() {
            Ok(_) => panic!("opened a removed file"),
            Err(err) => err,
        };
        assert_eq!(err.to_string(), format!("cannot open {}", path.display()));
        assert!(std::error::Error::source(&err).is_some());
    }

    #[cfg(unix)]
    #[test]
    fn directory_symlinks_are_not_followed() {
        let tmp = tempfile::tempdir().expect("temp dir");
        touch(&tmp.path().join("d/a.pgn"));
        std::os::unix::fs::symlink(tmp.path().join("d"), tmp.path().join("d/loop"))
            .expect("symlink");
        std::os::unix::fs::symlink(tmp.path().join("d/a.pgn"), tmp.path().join("d/b.pgn"))
            .expect("symlink");
        let got = names(&expand([tmp.path()]));
        assert_eq!(got.len(), 2, "{got:?}");
        assert!(got[1].ends_with("b.pgn"));
    }

    /// issue_14_skipped_links_are_named_once: a link to a directory (a loop
    /// back to its parent), a dangling link and a pair of links pointing at
    /// each other are each named once, and the walk ends.
    #[cfg(unix)]
    #[test]
    fn issue_14_skipped_links_are_named_once() {
        use std::os::unix::fs::symlink;
        let tmp = tempfile::tempdir().expect("temp dir");
        let d = tmp.path().join("d");
        touch(&d.join("a.pgn"));
        symlink(&d, d.join("loop")).expect("symlink");
        symlink(d.join("gone.pgn"), d.join("dangling.pgn")).expect("symlink");
        symlink(d.join("y.pgn"), d.join("x.pgn")).expect("symlink");
        symlink(d.join("x.pgn"), d.join("y.pgn")).expect("symlink");
        // Not a record name: not read, so not worth a word.
        symlink(d.join("gone.png"), d.join("image.png")).expect("symlink");
        let mut links = Vec::new();
        let got = names(&expand_with([tmp.path()], |l| links.push(l)));
        assert_eq!(got.len(), 1, "{got:?}");
        let reasons: Vec<(String, &str)> = links
            .iter()
            .map(|l| {
                let name = l.path.file_name().map(|n| n.to_string_lossy().into_owned());
                let reason = l.reason.split(' ').take(3).collect::<Vec<_>>().join(" ");
                (
                    name.unwrap_or_default(),
                    if reason.starts_with("a link that") {
                        "loop"
                    } else if reason.starts_with("a dangling") {
                        "dangling"
                    } else {
                        "dir"
                    },
                )
            })
            .collect();
        assert_eq!(
            reasons,
            [
                ("dangling.pgn".to_string(), "dangling"),
                ("loop".to_string(), "dir"),
                ("x.pgn".to_string(), "loop"),
                ("y.pgn".to_string(), "loop"),
            ]
        );
        assert_eq!(
            links[0].to_string(),
            format!(
                "{}: a dangling link, skipped",
                d.join("dangling.pgn").display()
            )
        );
    }
}
