//! P1: the board and the position string (N7).

use super::*;

// ----- P1, the board and the position string -----

#[test]
fn p1_start_array_and_position_string() {
    let p = Position::start();
    assert_eq!(
        p.to_fen(),
        "tsfhbdwt/pppppppp/8/10/10/8/PPPPPPPP/TSFHBDWT w 0 0-0 0"
    );
    assert_eq!(p.train(), (sq("x4"), sq("x5")));
    assert_eq!(p.score(), ByColor { white: 0, black: 0 });
    assert!(
        p.occupied()
            .flat_map(|(_, s)| s.iter())
            .all(|c| c.lunch == c.kind.carries_lunch() && !c.stinky)
    );
}

#[test]
fn seed_board_is_8x8_plus_terminals_z4_z5_x4_x5() {
    let g = geometry();
    assert_eq!(g.cells().count(), 68);
    for t in ["z4", "z5", "x4", "x5"] {
        assert!(is_terminal(sq(t)), "{t}");
    }
    assert_eq!(g.parse_square(b"z3"), None);
    assert_eq!(g.parse_square(b"x6"), None);
    // 5.1: z4 touches z5 and a4 orthogonally, a3 and a5 diagonally.
    let mut n: Vec<String> = movegen::neighbours(sq("z4"))
        .map(|s| g.square_name(s))
        .collect();
    n.sort();
    assert_eq!(n, ["a3", "a4", "a5", "z5"]);
}

#[test]
fn n7_position_string_round_trips_stacks_states_and_riders() {
    for fen in [
        "tsfhbdwt/pppppppp/8/10/10/8/PPPPPPPP/TSFHBDWT w 0 0-0 0",
        "t1f1b1wt/pp1p1ppp/2(Pp)5/S^3*-H5/F~4(T*M)4/8/PP3PPP/T3B2T b 13:-DW/s 12-7 0",
        "4b3/8/8/10/*W^@e49/8/8/4B3 w 3:P/ 0-0 5",
    ] {
        assert_eq!(pos(fen).to_fen(), fen);
    }
}

#[test]
fn n7_position_string_rejects_what_cannot_be() {
    for bad in [
        "tsfhbdwt/pppppppp/8/10/10/8/PPPPPPPP/TSFHBDWT w 0 0-0",
        "tsfhbdwt/pppppppp/8/8/10/8/PPPPPPPP/TSFHBDWT w 0 0-0 0",
        "tsfhbdwt/pppppppp/8/10/10/8/PPPPPPPP/TSFHBDWT w 20 0-0 0",
        "tsfhbdwt/pppppppp/8/10/10/8/PPPPPPPP/TSFHBDWT x 0 0-0 0",
        "tsfhbdwt/pppppppp/8/10/10/8/PPPPPPPP/TSFHBDWT w 0 0:0 0",
        // a Turkey carries no lunch, so '-' cannot be said of it
        "-tsfhbdwt/pppppppp/8/10/10/8/PPPPPPPP/TSFHBDWT w 0 0-0 0",
        // critters on a terminal must be boarding or leaving
        "4b3/8/8/F9/10/8/8/4B3 w 0 0-0 0",
        // nothing stands under the Train off the terminals
        "4b3/8/8/10/8F1/8/8/4B3 w 1 0-0 0",
        // a Bear stays in its own half
        "8/8/8/10/4b5/8/8/4B3 w 0 0-0 0",
        // a Shrew on its last rank is a Chipmunk
        "3Pb3/8/8/10/10/8/8/4B3 w 0 0-0 0",
        // the default home is not written
        "4b3/8/8/10/10/8/8/4B@e13 w 0 0-0 0",
        "(T)3b3/8/8/10/10/8/8/4B3 w 0 0-0 0",
        "4b3/8/8/10/10/8/8/4B3Q w 0 0-0 0",
    ] {
        assert!(Position::from_fen(bad).is_err(), "{bad}");
    }
}
