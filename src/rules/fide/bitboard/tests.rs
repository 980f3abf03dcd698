//! The bitboard position against the core: perft, round trips and a
//! differential test over random games.

use super::*;
use crate::rules::fide::{chess, chess960};

#[test]
fn start_position_perft_4() {
    let core = core::Position::start(chess());
    let b = BitPosition::from_core(&core).expect("FIDE fits");
    assert_eq!(family::perft(&b, 4), 197_281);
}
