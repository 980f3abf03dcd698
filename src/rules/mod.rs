//! The rules engines: a shared board/piece core and one module per game family.
//!
//! `rules` does not use `notation` or `record`, so the engine works alone
//! (perft, moves, library users).

pub mod betza;
pub mod core;
pub mod fide;
pub mod perft;
pub mod variant;

pub use variant::Variant;
