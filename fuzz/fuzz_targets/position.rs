//! Feeds arbitrary bytes to the body in `fuzz/check_position.rs` (see its
//! invariants); `tests/fuzz_corpus.rs` runs the same body over the
//! committed seeds in `fuzz/seeds/position/`.
#![no_main]

use libfuzzer_sys::fuzz_target;

include!("../check_position.rs");

fuzz_target!(|data: &[u8]| check_position(data));
