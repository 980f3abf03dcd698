//! The rules engines: a shared board/piece core and one module per game family.
//!
//! `rules` uses nothing of `notation` but its move-token types (what a
//! written move says), so the engine works alone (perft, moves, library
//! users). [`family::GamePosition`] is what every family offers the rest.

pub mod betza;
pub mod cells;
pub mod core;
pub mod define;
pub mod family;
pub mod fide;
pub mod gast;
pub mod lichess;
pub mod pasgl;
pub mod perft;
pub mod picture;
pub mod playout;
pub mod position;
pub mod setup;
pub mod squares;
pub mod squirrel;
pub mod suggest;
pub mod variant;

pub use variant::Variant;
