//! Games from definition files in Fairy-Stockfish's `variants.ini` syntax
//! (docs/definitions.md), compiled to the chess-like core.
//!
//! A definition is read once ([`ini`]), its parent chain merged and its
//! keys compiled to a [`GameRules`] (`compile.rs`). The built-in chess-like
//! games (Chess, Chess960, Gast, Gast 14x12, Squirrel) are definitions too,
//! shipped in the binary ([`BUILTIN`]); user definitions are registered
//! once per process ([`register_file`]) and found by name through
//! [`find`], which [`Variant::from_name`](crate::rules::Variant::from_name)
//! asks after the built-in names.
//!
//! A registered game's [`GameRules`] lives for the rest of the process
//! (leaked once per definition): every position refers to its rules by a
//! `'static` reference, and a definition file is read once.

use std::fmt;
use std::sync::RwLock;

use crate::rules::core::GameRules;

mod chain;
mod compile;
pub mod ini;
mod keys;

pub use compile::normalize_name;

/// The definitions of the built-in chess-like games, in this format.
pub const BUILTIN: &str = include_str!("builtin.ini");

/// The name [`BUILTIN`] is read under in errors and listings.
pub const BUILTIN_FILE: &str = "<built-in>";

/// Why a definition cannot be used: where, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {kind}")]
pub struct DefineError {
    /// The file as given (or [`BUILTIN_FILE`]).
    pub file: String,
    /// 1-based line (0: the file as a whole).
    pub line: usize,
    /// What is wrong.
    pub kind: ErrorKind,
}

impl DefineError {
    pub(crate) fn new(file: &str, line: usize, kind: ErrorKind) -> DefineError {
        DefineError {
            file: file.to_string(),
            line,
            kind,
        }
    }
}

/// What is wrong with a definition.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ErrorKind {
    /// The file cannot be read.
    #[error("cannot read the file: {0}")]
    Io(String),
    /// A line longer than the reader takes.
    #[error("line longer than {max} bytes")]
    LineTooLong {
        /// The limit.
        max: usize,
    },
    /// `[name` without `]`.
    #[error("section header without ']'")]
    UnclosedHeader,
    /// `[]`, `[:x]` or `[x:]`.
    #[error("section header with an empty name")]
    EmptyName,
    /// A line that is not `key = value`.
    #[error("expected 'key = value', found '{text}'")]
    NotKeyValue {
        /// The line's start.
        text: String,
    },
    /// A key before any section.
    #[error("key outside any [section]")]
    KeyOutsideSection,
    /// Two sections (or a section and a built-in game) with one name.
    #[error("'{name}' is already defined ({previous})")]
    DuplicateName {
        /// The name.
        name: String,
        /// Where the first one is.
        previous: String,
    },
    /// A parent that is neither a section nor a built-in definition.
    #[error(
        "parent '{parent}' is not defined (a section of this file or a built-in definition: {builtins})"
    )]
    UnknownParent {
        /// The parent as written.
        parent: String,
        /// The built-in definitions.
        builtins: String,
    },
    /// Sections that inherit from each other in a circle.
    #[error("'{name}' inherits from itself: {chain}")]
    ParentCycle {
        /// The section.
        name: String,
        /// The circle, `a -> b -> a`.
        chain: String,
    },
    /// A key neither xpgn nor Fairy-Stockfish knows.
    #[error("unknown key '{key}'")]
    UnknownKey {
        /// The key.
        key: String,
    },
    /// A Fairy-Stockfish key whose rule the core cannot play.
    #[error("key '{key}' is not carried by xpgn: {why}")]
    NotCarried {
        /// The key.
        key: String,
        /// Why (which value, which rule).
        why: String,
    },
    /// A value of the wrong type.
    #[error("{key} = {value}: {why}")]
    BadValue {
        /// The key.
        key: String,
        /// The value as written.
        value: String,
        /// What was expected.
        why: String,
    },
    /// A board outside 1x1..16x16.
    #[error("the board is {files}x{ranks}; files and ranks must be 1 to 16")]
    BoardSize {
        /// Files.
        files: u32,
        /// Ranks.
        ranks: u32,
    },
    /// Betza the core does not read.
    #[error("{key}: Betza '{betza}' does not parse: {why}")]
    BadBetza {
        /// The piece key.
        key: String,
        /// The Betza string.
        betza: String,
        /// The parser's message.
        why: String,
    },
    /// One letter for two pieces.
    #[error("letter '{letter}' of {key} is already the letter of {other}")]
    DuplicateLetter {
        /// The letter.
        letter: char,
        /// The second piece's key.
        key: String,
        /// The first piece's key.
        other: String,
    },
    /// More piece kinds than the core has room for.
    #[error("{count} piece kinds; at most 16")]
    TooManyPieces {
        /// How many.
        count: usize,
    },
    /// A letter in a piece list that is no piece of the game.
    #[error("{key}: '{letter}' is not a piece of this game")]
    UnknownPiece {
        /// The key.
        key: String,
        /// The letter.
        letter: char,
    },
    /// The start position does not fit the board or the pieces.
    #[error("startFen: {why}")]
    BadStart {
        /// What is wrong.
        why: String,
    },
}

/// One registered game.
struct Entry {
    key: String,
    rules: &'static GameRules,
    origin: String,
    /// Its sections, parents first, with their files: a later definition
    /// may inherit from it.
    chain: compile::Chain,
}

static REGISTRY: RwLock<Vec<Entry>> = RwLock::new(Vec::new());

/// Compiles every section of `text` (named `file` in errors) and registers
/// the games for this process. Parents may be sections of this text,
/// games registered before, or built-in definitions.
///
/// # Errors
/// The first problem found, with its file and line; nothing of `text` is
/// registered then.
pub fn register_text(file: &str, text: &str) -> Result<Vec<&'static GameRules>, DefineError> {
    let sections = ini::parse(file, text)?;
    let mut registry = REGISTRY.write().unwrap_or_else(|e| e.into_inner());
    for s in &sections {
        let key = normalize_name(&s.name);
        if let Some(v) = crate::rules::Variant::builtin_from_name(&s.name) {
            return Err(DefineError::new(
                file,
                s.line,
                ErrorKind::DuplicateName {
                    name: s.name.clone(),
                    previous: format!("the built-in game {}", v.name()),
                },
            ));
        }
        if let Some(e) = registry.iter().find(|e| e.key == key) {
            return Err(DefineError::new(
                file,
                s.line,
                ErrorKind::DuplicateName {
                    name: s.name.clone(),
                    previous: e.origin.clone(),
                },
            ));
        }
    }
    for (i, s) in sections.iter().enumerate() {
        let key = normalize_name(&s.name);
        if let Some(first) = sections[..i]
            .iter()
            .find(|x| normalize_name(&x.name) == key)
        {
            return Err(DefineError::new(
                file,
                s.line,
                ErrorKind::DuplicateName {
                    name: s.name.clone(),
                    previous: format!("{file}:{}", first.line),
                },
            ));
        }
    }
    let others: Vec<(String, compile::Chain)> = registry
        .iter()
        .map(|e| (e.key.clone(), e.chain.clone()))
        .collect();
    let compiled = compile::compile_all(file, &sections, &others)?;
    let mut games = Vec::with_capacity(compiled.len());
    for (s, (c, chain)) in sections.iter().zip(compiled) {
        games.push((s, c.finish()?, chain));
    }
    let mut out = Vec::with_capacity(games.len());
    for (s, rules, chain) in games {
        registry.push(Entry {
            key: normalize_name(&s.name),
            rules,
            origin: format!("{file}:{}", s.line),
            chain,
        });
        out.push(rules);
    }
    Ok(out)
}

/// Reads and registers a definition file.
///
/// # Errors
/// The file cannot be read, or see [`register_text`].
pub fn register_file(path: &std::path::Path) -> Result<Vec<&'static GameRules>, DefineError> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path)
        .map_err(|e| DefineError::new(&name, 0, ErrorKind::Io(e.to_string())))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| DefineError::new(&name, 0, ErrorKind::Io("not UTF-8 text".into())))?;
    register_text(&name, &text)
}

/// A registered game by name (RULINGS N1 matching: case, spaces, `-` and
/// `_` do not matter).
pub fn find(name: &str) -> Option<&'static GameRules> {
    let key = normalize_name(name);
    let registry = REGISTRY.read().unwrap_or_else(|e| e.into_inner());
    registry.iter().find(|e| e.key == key).map(|e| e.rules)
}

/// Every registered game, in registration order.
pub fn registered() -> Vec<&'static GameRules> {
    let registry = REGISTRY.read().unwrap_or_else(|e| e.into_inner());
    registry.iter().map(|e| e.rules).collect()
}

/// Compiles one built-in definition (by its section name).
///
/// # Panics
/// If the built-in text does not compile: a bug caught by the unit tests
/// that build every game.
pub(crate) fn builtin(name: &str, extra: &[(&str, &str)]) -> GameRules {
    compile::compile_one(BUILTIN_FILE, chain::builtin_sections(), name, extra, &[])
        .unwrap_or_else(|e| panic!("invariant: built-in definition {name} compiles: {e}"))
        .rules
}

/// Chess and Chess960 as this module compiles them, to compare a
/// definition with (`GameRules::plays_as`) without asking the FIDE family,
/// which is itself compiled here.
fn fide_rules() -> &'static [GameRules; 2] {
    static RULES: std::sync::OnceLock<[GameRules; 2]> = std::sync::OnceLock::new();
    RULES.get_or_init(|| [builtin("Chess", &[]), builtin("Chess960", &[])])
}

/// The definition text of a built-in or registered game, as written (the
/// game's own section and those it inherits from, parents first).
pub fn source(rules: &GameRules) -> Option<&str> {
    rules.source.as_deref()
}

/// A registered game, compared by identity (its rules are made once).
#[derive(Clone, Copy)]
pub struct DefinedGame(pub &'static GameRules);

impl PartialEq for DefinedGame {
    fn eq(&self, other: &DefinedGame) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for DefinedGame {}

impl std::hash::Hash for DefinedGame {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        std::ptr::hash(self.0, state);
    }
}

impl fmt::Debug for DefinedGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DefinedGame({:?})", self.0.name)
    }
}

#[cfg(test)]
mod tests;
