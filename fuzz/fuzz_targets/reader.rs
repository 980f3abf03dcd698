//! Feeds arbitrary bytes to the reader, with small and default limits, and
//! parses every move token with several grammars. Invariants: no panic,
//! every `BeginGame` has its `EndGame`, spans lie inside the input.
#![no_main]

use libfuzzer_sys::fuzz_target;

include!("../check_reader.rs");

fuzz_target!(|data: &[u8]| check_reader(data));
