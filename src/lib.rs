//! xpgn reads, verifies, converts and analyses recorded games of chess and of
//! chess variants.
//!
//! The pipeline: [`notation`] turns bytes into events, [`verify`] replays the
//! moves against [`rules`] and emits [`diag::Diagnostic`]s, [`export`] writes
//! positions and records. The `xpgn` binary ties it together; its module
//! (`cli`) is not part of the library's API.
//!
//! # Replaying the games of a file
//!
//! [`verify::replay`] reads from any [`std::io::Read`] one game at a time
//! (a [`notation::Reader`] over one fixed buffer, feeding a
//! [`verify::Verifier`]), so a file of any size is replayed in flat memory.
//! An [`verify::Observer`] sees every move as the verifier played it, with
//! the positions before and after; diagnostics are handed out after each
//! game.
//!
//! ```
//! use std::fs::File;
//!
//! use xpgn::rules::family::{AnyPosition, GamePosition};
//! use xpgn::verify::{self, GameReport, Observer, Ply};
//!
//! /// Prints the position after every move of each game's mainline.
//! struct Positions;
//!
//! impl Observer for Positions {
//!     fn start_position(&mut self, start: &AnyPosition) {
//!         println!("start {}", start.fen());
//!     }
//!
//!     fn ply(&mut self, ply: &Ply<'_>) {
//!         if ply.mainline {
//!             println!("{:>3} {:<8} {}", ply.number, ply.san(), ply.after.fen());
//!         }
//!     }
//!
//!     fn end_game(&mut self, report: &GameReport, _last: Option<&AnyPosition>) {
//!         println!("game {}: {} plies, {} errors", report.index, report.plies, report.errors);
//!     }
//!
//!     fn wants_plies(&self) -> bool {
//!         true
//!     }
//! }
//!
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/chess/opera-game.pgn");
//! let (counts, _) = verify::replay(File::open(path)?, path, Positions, |d| {
//!     eprintln!("{}", d.message);
//! })?;
//! assert_eq!(counts.games, 1);
//! assert_eq!(counts.invalid_games, 0);
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! For more control (stopping early, resuming at a byte offset) drive the
//! [`notation::Reader`] yourself: [`notation::Reader::read_game`] reads one
//! game into any [`notation::Visitor`], and [`verify::Verifier::drain`]
//! hands out that game's diagnostics.
//!
//! [`export::records::read_games`] builds whole records (tags, comments,
//! variations) with every move's canonical notation from the same pass.
#![forbid(unsafe_code)]
#![warn(missing_docs, missing_debug_implementations)]
#![cfg_attr(not(test), warn(clippy::unwrap_used))]

// The `xpgn` command line, for the binary (src/main.rs) only: not API, and
// changed without notice; hidden from the docs so that no one takes it for
// an interface. It stays in the library crate for speed: as a module of the
// binary, the verifier's and reader's generic code that `check` instantiates
// lands in the binary crate, away from the library's non-generic hot
// functions, which are then not inlined (no LTO), and `check` is slower.
#[doc(hidden)]
pub mod cli;
pub mod diag;
pub mod export;
pub mod io;
pub mod notation;
pub mod record;
pub mod rules;
pub mod verify;
pub mod written;
