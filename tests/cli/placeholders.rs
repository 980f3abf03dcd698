//! Subcommands whose engine is not plugged in yet on this branch fail
//! clearly, with status 2, instead of printing wrong results.
//!
//! PLACEHOLDER (branch `cli` only): replace each test by the real
//! subcommand's tests when its body lands.

use crate::util::TestEnv;

#[test]
fn unbuilt_subcommands_say_so() {
    let env = TestEnv::new();
    env.write("a.pgn", "1. e4 e5 *\n");
    for (args, name) in [
        (&["fen", "a.pgn"][..], "fen"),
        (&["perft", "1"][..], "perft"),
        (&["moves"][..], "moves"),
        (&["variants"][..], "variants"),
        (&["check", "a.pgn"][..], "check"),
    ] {
        env.run(args)
            .code(2)
            .stdout_is("")
            .stderr_is(&format!("xpgn: error: xpgn {name}: not built yet\n"));
    }
}
