//! Writers for records, positions and statistics, over any `io::Write`.
//!
//! Export writes what it is given and never decides whether a game is valid:
//! that is the verifier's job (STYLE B1). The canonical notation of every
//! move is the verifier's too: it gives it to a record's moves as it plays
//! them (`Builder::annotate_last`), so export never replays a game.

pub mod diagram;
mod fide_ply;
pub mod json;
mod kept;
pub mod key;
pub mod lean;
mod move_counts;
pub mod pgn;
pub mod records;
mod sink;
pub mod view;

pub use pgn::{MoveStyle, PgnOptions};
