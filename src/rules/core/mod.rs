//! The shared board and piece core every game family builds on.

pub mod color;
pub mod geometry;
pub mod square;

pub use color::{ByColor, Color};
pub use geometry::Geometry;
pub use square::{MAX_FILES, MAX_RANKS, Square, SquareSet};
