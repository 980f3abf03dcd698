//! Feeds arbitrary bytes to the body in `fuzz/check_json.rs` (see its
//! invariants); `tests/fuzz_corpus.rs` runs the same body over the
//! committed seeds in `fuzz/seeds/json/`.
#![no_main]

use libfuzzer_sys::fuzz_target;

include!("../check_json.rs");

fuzz_target!(|data: &[u8]| check_json(data));
