//! Runs the verifier fuzz target's checks on generated records made of
//! plausible tokens (moves, castling, numbers, comments, variations, tags
//! of every game the tool knows), so that deep paths are reached without a
//! nightly toolchain.

include!("../fuzz/check_verifier.rs");

const TOKENS: &[&str] = &[
    "e4",
    "e5",
    "d4",
    "d5",
    "Nf3",
    "Nc6",
    "Bb5",
    "a6",
    "Bxc6",
    "dxc6",
    "O-O",
    "O-O-O",
    "exd5",
    "Qh5",
    "Qxf7#",
    "Ke2",
    "e8=Q",
    "exd6",
    "Nbd2",
    "f3",
    "g4",
    "Qh4#",
    "Kf8",
    "Z0",
    "--",
    "0000",
    "@@f3",
    "@g8-e6",
    "Ng1-f3,@@e3",
    "_",
    "*Tc5",
    "-Bd4",
    "Fe5/S",
    "Hd2>d6",
    "(",
    ")",
    "{c}",
    "; line\n",
    "$1",
    "!?",
    "1.",
    "2...",
    "12.",
    "*",
    "1-0",
    "0-1",
    "1/2-1/2",
    "\n\n",
    "[Variant \"Chess960\"]\n",
    "[Variant \"Gast\"]\n",
    "[Variant \"Squirrel\"]\n",
    "[Variant \"Hans38\"]\n",
    "[Variant \"PASGL312\"]\n",
    "[Variant \"Atomic\"]\n",
    "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n",
    "[FEN \"bad\"]\n",
    "[Event \"x\"]\n",
    "[SetUp \"1\"]\n",
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7",
    "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O",
    "1. f3 e5 2. g4 Qh4#",
];

fn lcg(seed: &mut u64) -> usize {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (*seed >> 33) as usize
}

#[test]
fn verifier_fuzz_checks_hold_on_generated_records() {
    let mut seed = 11;
    let (mut games, mut moves) = (0, 0);
    for len in [0, 1, 3, 10, 40, 200] {
        for _ in 0..60 {
            let mut text = String::new();
            for _ in 0..len {
                text.push_str(TOKENS[lcg(&mut seed) % TOKENS.len()]);
                text.push(' ');
            }
            let c = check_verifier(text.as_bytes());
            games += c.games;
            moves += c.moves;
        }
    }
    // The generator reaches the verifier, not only the reader.
    assert!(games > 1000 && moves > 200, "{games} games, {moves} moves");
    let c = check_verifier(b"1. e4 e5 2. Nf3 (2. f4 exf4 (2... d5)) Nc6 3. Bb5 a6 *");
    assert_eq!(c.moves, 9, "six mainline moves and three in variations");
    check_verifier(&[0xff, 0x00, b'[', b'{', b'(', 0xc3]);
}
