//! Writers for records, positions and statistics, over any `io::Write`.
//!
//! Export writes what it is given and never decides whether a game is valid:
//! that is the verifier's job (STYLE B1). [`replay`] only fills in canonical
//! move notation where the moves can be played.

pub mod json;
pub mod pgn;
pub mod replay;

pub use pgn::{MoveStyle, PgnOptions};
