//! Runs the fuzz target's checks on generated inputs, so that they compile
//! and hold without a nightly toolchain.

include!("../fuzz/check_reader.rs");

fn lcg(seed: &mut u64) -> u8 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (*seed >> 56) as u8
}

#[test]
fn fuzz_checks_hold_on_generated_input() {
    let alphabet = b"[]{}()$;%*-+#!?.=@,:/>_ \n\r\t\"0123456789abcdefghxzKQRBNOPDFHWST\x00\xc3\xa9";
    let mut seed = 7;
    for len in [0, 1, 2, 5, 17, 100, 1000, 5000] {
        for _ in 0..50 {
            let data: Vec<u8> = (0..len)
                .map(|_| alphabet[usize::from(lcg(&mut seed)) % alphabet.len()])
                .collect();
            check_reader(&data);
        }
    }
    check_reader(b"[Event \"x\"]\n1. e4 (1. d4 (1. c4)) e5 {c} 2. Nf3 $1 *\n1.e4 0-1");
}
