//! Feeds arbitrary bytes to the reader and the verifier together.
//! Invariants: no panic, diagnostics point inside the input, totals agree.
#![no_main]

use libfuzzer_sys::fuzz_target;

include!("../check_verifier.rs");

fuzz_target!(|data: &[u8]| {
    check_verifier(data);
});
