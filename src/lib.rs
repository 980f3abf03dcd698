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
//! A [`notation::Reader`] reads from any [`std::io::Read`] one game at a
//! time, so a file of any size is replayed in flat memory. The
//! [`verify::Verifier`] replays each game, and an [`verify::Observer`]
//! sees every move as the verifier played it, with the positions before and
//! after; diagnostics are handed out after each game.
//!
//! ```
//! use std::fs::File;
//!
//! use xpgn::notation::Reader;
//! use xpgn::rules::family::AnyPosition;
//! use xpgn::verify::{GameReport, Observer, Ply, Verifier};
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
//! let mut reader = Reader::new(File::open(path)?);
//! let mut verifier = Verifier::with_observer(path, Positions);
//! loop {
//!     // One game at a time: `false` once the input is done.
//!     let more = reader.read_game(&mut verifier)?;
//!     for d in verifier.drain() {
//!         eprintln!("{}", d.message);
//!     }
//!     if !more {
//!         break;
//!     }
//! }
//! assert_eq!(verifier.counts().games, 1);
//! assert_eq!(verifier.counts().invalid_games, 0);
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! [`export::records::read_games`] builds whole records (tags, comments,
//! variations) with every move's canonical notation from the same pass.
#![forbid(unsafe_code)]
#![warn(missing_docs, missing_debug_implementations)]
#![cfg_attr(not(test), warn(clippy::unwrap_used))]

// The `xpgn` command line, for the binary (src/main.rs) only: not API, and
// changed without notice. It stays in the library rather than the binary
// because its unit tests and the integration tests share its helpers with
// the library's modules; hidden from the docs so that no one takes it for
// an interface.
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
