//! The rules engines: a shared board/piece core and one module per game family.
//!
//! `rules` does not use `notation` or `record`, so the engine works alone
//! (perft, moves, library users).

pub mod core;
