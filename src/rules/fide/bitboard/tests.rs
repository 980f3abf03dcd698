//! The bitboard position against the core: round trips, and a differential
//! test that plays seeded random games through both and compares every
//! observable at every ply. Perft lives in tests/perft.rs.

use super::resolve::role_of_letter;
use super::*;
use crate::notation::token::{Grammar, parse_move};
use crate::rules::fide::{chess, chess960};

/// xorshift64*: a fixed, dependency-free random sequence.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Every position of the FIDE and Chess960 perft data files, with its rules.
fn perft_positions() -> Vec<core::Position> {
    let files = [
        (
            chess(),
            include_str!("../../../../tests/data/perft/fide.perft"),
        ),
        (
            chess(),
            include_str!("../../../../tests/data/perft/fide-random.perft"),
        ),
        (
            chess960(),
            include_str!("../../../../tests/data/perft/chess960.perft"),
        ),
    ];
    let mut out = vec![core::Position::start(chess())];
    for (rules, text) in files {
        for fen in text.lines().filter_map(|l| l.trim().strip_prefix("epd ")) {
            out.push(core::Position::from_fen(rules, fen).expect("perft data is valid"));
        }
    }
    assert!(out.len() > 150, "{}", out.len());
    out
}

/// Every field the core has, compared through its public face.
fn assert_same(b: &BitPosition, c: &core::Position, what: &str) {
    assert_eq!(b.fen(), c.fen(), "{what}: fen");
    assert_eq!(b.is_check(), c.is_check(), "{what}: check");
    assert_eq!(b.repetition_key(), c.repetition_key(), "{what}: key");
    assert_eq!(b.halfmoves(), c.halfmoves(), "{what}: halfmoves");
    assert_eq!(b.fullmoves(), c.fullmoves(), "{what}: fullmoves");
    assert_eq!(b.turn(), c.turn(), "{what}: turn");
    assert_eq!(b.ep_square(), c.ep_square(), "{what}: ep");
    assert_eq!(b.has_legal_ep(), c.has_legal_ep(), "{what}: legal ep");
    assert_eq!(b.ending(), c.ending(), "{what}: ending");
    assert_eq!(b.has_legal_move(), c.has_legal_move(), "{what}: has move");
    assert_eq!(
        b.is_insufficient_material(),
        c.is_insufficient_material(),
        "{what}: insufficient"
    );
    for color in Color::ALL {
        assert_eq!(b.king(color), c.king(color), "{what}: king");
        assert_eq!(
            b.castling_rooks(color),
            c.castling_rooks(color),
            "{what}: castling"
        );
        assert_eq!(
            b.has_insufficient_material(color),
            c.has_insufficient_material(color),
            "{what}: insufficient {color:?}"
        );
        assert_eq!(b.promotions[color.index()], c.promotions(color));
    }
    for i in 0..=255u8 {
        let sq = Square::from_index(i);
        assert_eq!(b.piece_at(sq), c.piece_at(sq), "{what}: piece at {sq:?}");
    }
    assert_eq!(
        GamePosition::outcome(b),
        GamePosition::outcome(c),
        "{what}: outcome"
    );
    assert_eq!(b.variant(), c.variant());
    assert_eq!(
        Some(b.variant()),
        Variant::from_name(c.rules().name),
        "{what}: variant by name"
    );
    // The round trip: back to the core, and from the core again.
    let back = b.to_core();
    assert!(std::ptr::eq(back.rules(), c.rules()), "{what}: rules");
    assert_eq!(back.fen(), c.fen(), "{what}: to_core fen");
    assert_eq!(
        back.repetition_key(),
        c.repetition_key(),
        "{what}: to_core key"
    );
    assert_eq!(back.is_check(), c.is_check(), "{what}: to_core check");
    assert_eq!(back.ep_square(), c.ep_square(), "{what}: to_core ep");
    assert_eq!(back.board_hash, c.board_hash, "{what}: to_core hash");
    let again = BitPosition::from_core(&back).expect("round trip");
    assert_eq!(again.fen(), b.fen());
    assert_eq!(again.board_hash, b.board_hash);
    assert_eq!(b.board_hash, b.piece_hash(), "{what}: hash kept up to date");
    assert_eq!(again.checkers, b.checkers);
}

/// Tokens near a written move that the core may accept or reject: a wrong
/// piece letter, a wrong square, a needless or missing capture mark, no or
/// too much disambiguation, a promotion without '=' or without a piece.
fn corruptions(san: &str, uci: &str, rng: &mut Rng) -> Vec<String> {
    let mut out = Vec::new();
    let bytes = san.as_bytes();
    let letters = b"PNBRQKX";
    if let Some(i) = bytes.iter().position(u8::is_ascii_uppercase) {
        let mut v = bytes.to_vec();
        v[i] = letters[rng.below(letters.len())];
        out.push(String::from_utf8_lossy(&v).into_owned());
    }
    if let Some(i) = bytes.iter().rposition(u8::is_ascii_digit) {
        let mut v = bytes.to_vec();
        v[i] = b'1' + rng.below(8) as u8;
        out.push(String::from_utf8_lossy(&v).into_owned());
        let mut w = bytes.to_vec();
        w[i - 1] = b'a' + rng.below(8) as u8;
        out.push(String::from_utf8_lossy(&w).into_owned());
    }
    if san.contains('x') {
        out.push(san.replacen('x', "", 1));
    } else if bytes.len() >= 2 {
        let at = bytes.len() - 2 - usize::from(san.contains('='));
        let mut s = san.to_string();
        if at <= s.len() && s.is_char_boundary(at) {
            s.insert(at, 'x');
            out.push(s);
        }
    }
    // Without disambiguation, with a full origin, with a pawn letter.
    if bytes.first().is_some_and(u8::is_ascii_uppercase) && san.len() > 3 && !san.starts_with('O') {
        let tail = &san[san.len() - 2..];
        out.push(format!("{}{}", &san[..1], tail));
        out.push(format!("{}{}{}", &san[..1], &uci[..2], tail));
    } else if !san.starts_with('O') {
        out.push(format!("P{san}"));
    }
    if let Some(p) = san.find('=') {
        out.push(san.replacen('=', "", 1));
        out.push(san[..p].to_string());
        out.push(format!("{}=K", &san[..p]));
    }
    out.push(uci.to_string());
    out.push(uci[..4.min(uci.len())].to_string());
    out.push("O-O".into());
    out.push("0-0-0".into());
    out
}

/// Resolves `text` through both positions; both give the same answer.
fn same_resolution(b: &BitPosition, c: &core::Position, text: &str) -> Option<Move> {
    let Ok(token) = parse_move(&Grammar::chess(), text.as_bytes()) else {
        return None;
    };
    let mut s1 = MoveList::new();
    let mut s2 = MoveList::new();
    let from_bits = GamePosition::resolve(b, &token, &mut s1);
    let from_core = c.resolve_token(&token, &mut s2);
    assert_eq!(from_bits, from_core, "{} resolving {text}", c.fen());
    from_bits.ok()
}

fn compare_moves(b: &BitPosition, c: &core::Position, rng: &mut Rng, corrupt: bool) -> MoveList {
    let mut bm = MoveList::new();
    let mut cm = MoveList::new();
    b.legal_moves(&mut bm);
    c.legal_moves(&mut cm);
    assert_eq!(bm, cm, "{}: legal moves, in order", c.fen());
    // Perft's paths: the unordered list holds the same moves, and the
    // count from the target sets is their number.
    let mut unordered = MoveList::new();
    b.legal_moves_unordered(&mut unordered);
    assert_eq!(unordered.len(), bm.len(), "{}: unordered moves", c.fen());
    assert!(
        unordered.iter().all(|m| bm.contains(m)),
        "{}: unordered moves",
        c.fen()
    );
    assert_eq!(
        b.legal_move_count(),
        bm.len() as u64,
        "{}: counted moves",
        c.fen()
    );
    for m in &cm {
        let san = c.san(m);
        assert_eq!(b.san(m), san, "{}: san", c.fen());
        assert_eq!(b.lan(m), c.lan(m), "{}: lan", c.fen());
        assert_eq!(b.uci(m), c.uci(m), "{}: uci", c.fen());
        assert_eq!(GamePosition::notation(b, m), san);
        assert_eq!(same_resolution(b, c, &san), Some(*m), "{san}");
        same_resolution(b, c, &c.lan(m));
        // UCI, king-takes-rook castling in Chess960 among it.
        assert_eq!(same_resolution(b, c, &c.uci(m)), Some(*m), "{}", c.uci(m));
    }
    if corrupt && !cm.is_empty() {
        let m = cm[rng.below(cm.len())];
        for t in corruptions(&c.san(&m), &c.uci(&m), rng) {
            same_resolution(b, c, &t);
        }
    }
    cm
}

/// Plays seeded random games from `start` through both positions, comparing
/// everything at every ply; returns the plies played.
fn random_games(start: &core::Position, games: usize, plies: usize, rng: &mut Rng) -> usize {
    let mut played = 0;
    for g in 0..games {
        let mut c = *start;
        let mut b = BitPosition::from_core(&c).expect("FIDE positions fit");
        for ply in 0..plies {
            let what = format!("game {g} ply {ply} {}", c.fen());
            assert_same(&b, &c, &what);
            let mut nb = b;
            let mut nc = c;
            nb.play_null();
            nc.play_null();
            assert_eq!(nb.fen(), nc.fen(), "{what}: null move");
            assert_eq!(nb.is_check(), nc.is_check(), "{what}: null move check");
            assert_eq!(nb.repetition_key(), nc.repetition_key());
            let moves = compare_moves(&b, &c, rng, ply % 3 == 0);
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            assert_eq!(b.san_plus(&m), c.san_plus(&m), "{what}: san_plus");
            b.play(&m);
            c.play_unchecked(&m);
            played += 1;
        }
    }
    played
}

#[test]
fn random_games_from_the_start_agree_with_the_core() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let start = core::Position::start(chess());
    let plies = random_games(&start, 100, 150, &mut rng);
    assert!(plies > 10_000, "{plies}");
}

#[test]
fn random_games_from_every_perft_position_agree_with_the_core() {
    let mut rng = Rng(20_240_601);
    let mut plies = 0;
    for p in perft_positions() {
        plies += random_games(&p, 3, 50, &mut rng);
    }
    assert!(plies > 15_000, "{plies}");
}

#[test]
fn round_trip_of_every_perft_position_and_its_successors() {
    let mut moves = MoveList::new();
    let mut checked = 0;
    for p in perft_positions() {
        let b = BitPosition::from_core(&p).expect("FIDE positions fit");
        assert_same(&b, &p, &p.fen());
        p.legal_moves(&mut moves);
        for m in &moves {
            let mut next = p;
            next.play_unchecked(m);
            let mut nb = b;
            nb.play_unchecked(m);
            assert_eq!(nb.fen(), next.fen());
            let back = BitPosition::from_core(&next).expect("fits");
            assert_eq!(back.board_hash, nb.board_hash);
            assert_eq!(back.to_core().fen(), next.fen());
            checked += 1;
        }
    }
    assert!(checked > 3_000, "{checked}");
}

#[test]
fn other_games_and_unreachable_en_passant_squares_stay_on_the_core() {
    let gast = core::Position::start(crate::rules::gast::gast());
    assert!(BitPosition::from_core(&gast).is_none());
    // A white pawn could take "en passant" on e3: no double step leaves that.
    let odd = core::Position::from_fen(chess(), "4k3/8/8/8/8/8/3P4/4K3 w - e3 0 1")
        .expect("the core reads it");
    assert!(BitPosition::from_core(&odd).is_none());
    // An inert en-passant square is kept as the core keeps it.
    let inert = core::Position::from_fen(chess(), "4k3/8/8/8/8/8/8/4K3 w - e6 0 1")
        .expect("the core reads it");
    let b = BitPosition::from_core(&inert).expect("fits");
    assert_eq!(b.ep_square(), inert.ep_square());
    assert_eq!(b.to_core().ep_square(), inert.ep_square());
}

#[test]
fn setup_goes_through_the_core_including_the_chess960_reading() {
    let p = BitPosition::setup(Variant::Chess, None).expect("start");
    assert_eq!(p.fen(), crate::rules::fide::START_FEN);
    // Castling rights only Chess960 can have: python-chess plays it as Chess960.
    let fen = "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1";
    let p = BitPosition::setup(Variant::Chess, Some(fen)).expect("valid");
    let c = core::Position::setup(Variant::Chess, Some(fen)).expect("valid");
    assert!(std::ptr::eq(p.rules(), c.rules()));
    assert_eq!(p.variant(), Variant::Chess960);
    assert!(BitPosition::setup(Variant::Chess, Some("8/8 w")).is_err());
}

#[test]
fn position_is_small() {
    let size = std::mem::size_of::<BitPosition>();
    println!("BitPosition: {size} bytes");
    assert!(size <= 128, "{size}");
}

/// Positions for the incremental paths (pin tests instead of attack tests,
/// checkers found after a move without a full scan): every legal move of
/// each is played through both positions and compared, and a few random
/// games continue from each.
#[test]
fn pins_discovered_and_double_checks_en_passant_and_promotions_agree_with_the_core() {
    let cases = [
        // A knight pinned by a bishop, a bishop pinned by a rook.
        (chess(), "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1"),
        (chess(), "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1"),
        // A pinned rook may move along the pin, onto the pinner among it.
        (chess(), "4k3/4q3/8/8/8/8/4R3/4K3 w - - 0 1"),
        // A knight before a rook: discovered checks, and double checks.
        (chess(), "4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1"),
        // A knight before a queen on a diagonal, a pawn before a rook.
        (chess(), "7k/8/8/8/3N4/8/1Q6/K7 w - - 0 1"),
        (chess(), "4k3/8/8/8/8/4P3/8/4RK2 w - - 0 1"),
        // In double check only the king moves; in single check, blocks and captures.
        (chess(), "4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1"),
        (chess(), "4k3/8/8/8/8/8/3n4/R3K2r w - - 0 1"),
        // En passant: refused by a pin along the rank, giving a discovered
        // check on a diagonal and on the capturing pawn's file.
        (chess(), "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1"),
        (chess(), "6k1/8/8/3pP3/8/8/B7/4K3 w - d6 0 1"),
        (chess(), "4k3/8/8/3pP3/8/8/8/4RK2 w - d6 0 1"),
        // Promotions giving check, by a capture among them.
        (chess(), "r2k4/1P6/8/8/8/8/8/4K3 w - - 0 1"),
        (chess(), "4k3/8/8/8/8/8/6p1/3K3R b - - 0 1"),
        // Castling that gives check with the rook, both sides, and Chess960.
        (chess(), "5k2/8/8/8/8/8/8/4K2R w K - 0 1"),
        (chess(), "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1"),
        (chess960(), "3k4/8/8/8/8/8/8/1R3K1R w HB - 0 1"),
        (chess960(), "5k2/8/8/8/8/8/8/5KR1 w G - 0 1"),
    ];
    let mut rng = Rng(0x5EED_B175);
    let (mut double, mut discovered, mut refused_ep) = (0, 0, 0);
    let mut moves = MoveList::new();
    for (rules, fen) in cases {
        let c = core::Position::from_fen(rules, fen).expect(fen);
        let b = BitPosition::from_core(&c).expect("FIDE positions fit");
        assert_same(&b, &c, fen);
        compare_moves(&b, &c, &mut rng, true);
        if c.ep_square().is_some() && !c.has_legal_ep() {
            refused_ep += 1;
        }
        c.legal_moves(&mut moves);
        for m in &moves {
            let mut nc = c;
            nc.play_unchecked(m);
            let mut nb = b;
            nb.play_unchecked(m);
            let what = format!("{fen} after {}", c.san(m));
            assert_same(&nb, &nc, &what);
            compare_moves(&nb, &nc, &mut rng, false);
            match nb.checkers.count_ones() {
                2 => double += 1,
                1 if nb.checkers & bit(idx(m.to())) == 0 => discovered += 1,
                _ => {}
            }
        }
        random_games(&c, 3, 12, &mut rng);
    }
    // The cases do exercise what they are for.
    assert!(double >= 2, "{double}");
    assert!(discovered >= 5, "{discovered}");
    assert!(refused_ep >= 1, "{refused_ep}");
}

#[test]
fn piece_letters_of_either_case_and_nothing_else_name_roles() {
    for l in 0..=255u8 {
        let up = l.to_ascii_uppercase();
        let expected = LETTERS.iter().position(|&x| x == up);
        assert_eq!(role_of_letter(l), expected, "{l}");
    }
}

#[test]
fn square_tables_convert_every_square_both_ways() {
    for i in 0..=255u8 {
        let s = Square::from_index(i);
        assert_eq!(
            idx(s),
            ((i as usize >> 4) & 7) * 8 + (i as usize & 7),
            "{i}"
        );
    }
    for s in 0..64 {
        assert_eq!(idx(sq16(s)), s);
        assert_eq!(sq64(sq16(s)), Some(s));
    }
}

/// The role read from the role sets' bits, and the slider test by the
/// squares between, against the search and the ray walk they replace: on
/// every square of every perft position, with random squares emptied.
#[test]
fn role_bits_and_the_attack_test_agree_with_the_search_and_the_ray_walk() {
    let mut rng = Rng(0x5EED_B17B_0A2D);
    for c in perft_positions() {
        let b = BitPosition::from_core(&c).expect("a FIDE position");
        for s in squares(b.occupied()) {
            assert_eq!(Some(b.role_at(s)), b.role_on(s), "{b:?} {s}");
        }
        for _ in 0..4 {
            let occ = b.occupied() & rng.next();
            for s in 0..64 {
                for by in [b.by_color[0], b.by_color[1], rng.next()] {
                    assert_eq!(
                        b.attacked(s, occ, by),
                        b.attackers_to(s, occ) & by != 0,
                        "{b:?} {s} {occ:#x} {by:#x}"
                    );
                }
            }
        }
    }
}

/// The one direct-check table against the per-role tests it replaced:
/// pawn captures, empty-board moves for the others, nothing for the king,
/// and no leaper target with squares between.
#[test]
fn the_direct_check_table_is_each_roles_attacks() {
    for c in [0, 1] {
        for s in 0..64 {
            assert_eq!(attacks::CHECKS[c][PAWN][s], attacks::PAWN[c][s]);
            assert_eq!(attacks::CHECKS[c][KING][s], 0);
            for role in [KNIGHT, BISHOP, ROOK, QUEEN] {
                assert_eq!(attacks::CHECKS[c][role][s], attacks::EMPTY_BOARD[role][s]);
            }
            let leapers = attacks::PAWN[c][s] | attacks::KNIGHT[s] | attacks::KING[s];
            for t in squares(leapers) {
                assert_eq!(attacks::between(s, t), 0, "{s} {t}");
            }
        }
    }
}
