//! The verifier's hot path does not allocate per move: verifying a long
//! game costs no more heap allocations than verifying a short one with the
//! same tags (issue 2: "keep the move generator's hot path free of heap
//! work"). A counting global allocator measures it.

use std::alloc::{GlobalAlloc, Layout, System};

use xpgn::notation::Reader;
use xpgn::rules::core::{MoveList, Position};
use xpgn::rules::fide::chess;
use xpgn::verify::Verifier;

struct Counting;

thread_local! {
    /// Allocations made by the current thread: the test harness runs this
    /// file's tests on parallel threads, and a count shared by all would
    /// charge one test with another's allocations. Const-initialised, so
    /// counting never allocates.
    static THREAD_ALLOCATIONS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// Bytes the current thread holds (allocated less freed by it), and
    /// the most it held since [`reset_peak`].
    static THREAD_BYTES: std::cell::Cell<(i64, i64)> = const { std::cell::Cell::new((0, 0)) };
}

fn count_bytes(delta: i64) {
    let _ = THREAD_BYTES.try_with(|c| {
        let (now, peak) = c.get();
        let now = now + delta;
        c.set((now, peak.max(now)));
    });
}

/// Starts a new peak from the bytes held now; returns them.
fn reset_peak() -> i64 {
    THREAD_BYTES.with(|c| {
        let (now, _) = c.get();
        c.set((now, now));
        now
    })
}

/// The most bytes held since [`reset_peak`].
fn peak() -> i64 {
    THREAD_BYTES.with(|c| c.get().1)
}

fn size(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

fn count_one() {
    // During thread teardown the slot may be gone; such allocations are
    // not the tests'.
    let _ = THREAD_ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

/// Allocations made so far by the calling thread.
fn allocations() -> u64 {
    THREAD_ALLOCATIONS.with(std::cell::Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        count_bytes(size(layout.size()));
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count_bytes(-size(layout.size()));
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        count_bytes(size(new_size) - size(layout.size()));
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// A legal game of up to `plies` half-moves, chosen by a fixed
/// pseudo-random sequence, in SAN with move numbers; it stops early at
/// mate, stalemate or a dead position.
fn game(plies: usize) -> String {
    let mut pos = Position::start(chess());
    let mut moves = MoveList::new();
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut text = String::new();
    for ply in 0..plies {
        if pos.ending().is_some() {
            break;
        }
        pos.legal_moves(&mut moves);
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let m = moves[(seed >> 33) as usize % moves.len()];
        if ply % 2 == 0 {
            text.push_str(&format!("{}. ", ply / 2 + 1));
        }
        text.push_str(&pos.san_plus(&m));
        text.push(' ');
        pos.play_unchecked(&m);
    }
    format!("[Event \"alloc\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n{text}*\n")
}

/// Allocations made while verifying `pgn` (reader and verifier set up
/// first), and the number of moves verified.
fn allocations_to_verify(pgn: &str) -> (u64, u64) {
    let mut verifier = Verifier::new("alloc.pgn");
    let mut reader = Reader::new(pgn.as_bytes());
    let before = allocations();
    while reader.read_game(&mut verifier).expect("in-memory input") {}
    let after = allocations();
    let diagnostics: Vec<_> = verifier.drain().collect();
    assert!(
        diagnostics
            .iter()
            .all(|d| d.severity != xpgn::diag::Severity::Error),
        "{diagnostics:?}"
    );
    (after - before, verifier.counts().moves)
}

#[test]
fn verifying_more_moves_allocates_nothing_more() {
    let short = game(20);
    let long = game(300);
    // Warm up lazily built statics (the game definitions) outside the count.
    allocations_to_verify(&short);
    let (a_short, n_short) = allocations_to_verify(&short);
    let (a_long, n_long) = allocations_to_verify(&long);
    eprintln!("{a_short} allocations for {n_short} moves, {a_long} for {n_long}");
    assert!(n_long >= n_short + 100, "{n_short} vs {n_long} moves");
    // Notes (a threefold repetition) may allocate a few times per game,
    // never once per move.
    assert!(
        a_long <= a_short + 16,
        "{a_short} allocations for {n_short} moves, {a_long} for {n_long}"
    );
}

/// Allocations made while converting `pgn` to PGN as `convert --to pgn`
/// does (the verifier and the lean writer fed by one reader, the writer
/// warmed up on `warm` first), and the bytes written.
fn allocations_to_convert(warm: &str, pgn: &str) -> (u64, usize) {
    use xpgn::export::lean::Lean;
    use xpgn::export::pgn::PgnOptions;
    use xpgn::export::records::{Collect, Notations, Tee};
    let options = PgnOptions::default();
    let notations = Notations {
        san: true,
        lan: false,
        uci: false,
        lean: Some(options),
        fen: false,
        picture: false,
        json: false,
        fix_result: false,
    };
    let mut verifier =
        Verifier::with_observer("alloc.pgn", Collect::with_notations(Some(notations), false));
    let mut lean = Lean::new(1 << 30, options);
    let mut run = |text: &str, lean: &mut Lean| {
        let mut reader = Reader::new(text.as_bytes());
        let mut written = 0;
        loop {
            let more = {
                let mut tee = Tee::new(Some(&mut *lean), &mut verifier);
                reader.read_game(&mut tee).expect("in-memory input")
            };
            written += lean.take().map_or(0, |g| g.bytes.len());
            verifier.observer_mut().take_reports();
            if !more {
                break;
            }
        }
        written
    };
    run(warm, &mut lean);
    let before = allocations();
    let written = run(pgn, &mut lean);
    (allocations() - before, written)
}

/// `convert --to pgn` holds no string or vector per move (the record it
/// built before held several): a game ten times longer costs only the
/// few more allocations of its output growing (doubling), so its memory
/// is its text, not a tree of allocations.
#[test]
fn converting_more_moves_allocates_nothing_more_per_move() {
    let short = game(30);
    let long = game(300);
    allocations_to_verify(&short);
    let (a_short, w_short) = allocations_to_convert(&long, &short);
    let (a_long, w_long) = allocations_to_convert(&long, &long);
    eprintln!("{a_short} allocations for {w_short} bytes, {a_long} for {w_long}");
    assert!(w_long > w_short * 4, "{w_short} vs {w_long} bytes");
    assert!(
        a_long <= a_short + 12,
        "{a_short} allocations for {w_short} bytes, {a_long} for {w_long}"
    );
}

/// Bytes held at most while converting a game with a comment of
/// `words` words (27 bytes each) as `convert` does (PGN, or JSON), and the
/// bytes written.
fn held_to_convert(words: usize, json: bool) -> (i64, u64) {
    let comment = "lorem ipsum dolor sit amet ".repeat(words);
    let pgn = format!("[Event \"giant\"]\n\n1. e4 {{ {comment} }} e5 *\n");
    drop(comment);
    held_to_convert_text(&pgn, json)
}

/// Bytes held at most while converting the one game `pgn` as `convert`
/// does (PGN, or JSON), and the bytes written.
fn held_to_convert_text(pgn: &str, json: bool) -> (i64, u64) {
    use xpgn::export::lean::Lean;
    use xpgn::export::pgn::PgnOptions;
    use xpgn::export::records::{Collect, Notations, Tee};
    let options = PgnOptions::default();
    let notations = Notations {
        san: true,
        lan: false,
        uci: false,
        lean: Some(options),
        fen: false,
        picture: false,
        json,
        fix_result: false,
    };
    let mut verifier =
        Verifier::with_observer("giant.pgn", Collect::with_notations(Some(notations), false));
    let lean = Lean::new(1 << 30, options);
    let mut lean = if json { lean.json() } else { lean };
    let before = reset_peak();
    let mut reader = Reader::new(pgn.as_bytes());
    {
        let mut tee = Tee::new(Some(&mut lean), &mut verifier);
        while reader.read_game(&mut tee).expect("in-memory input") {}
    }
    let game = lean.take().expect("one game");
    assert!(!game.truncated());
    let mut written = 0u64;
    let mut count = |b: &[u8]| written += b.len() as u64;
    let mut sink = Counter(&mut count);
    if json {
        game.write_json("giant.pgn", 0, &mut sink).expect("writes");
    } else {
        game.write_pgn(&mut sink).expect("writes");
    }
    (peak() - before, written)
}

/// A knight shuffle of `plies` half-moves (`1. Nf3 Nf6 2. Ng1 Ng8 ...`).
fn shuffle(plies: usize) -> String {
    let moves = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let mut text = String::from("[Event \"shuffle\"]\n\n");
    for i in 0..plies {
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        text.push_str(moves[i % 4]);
        text.push(' ');
    }
    text.push_str("*\n");
    text
}

/// Issue 14: a long game is held as a tree until it ends (its export
/// order is not its source order), so what a move costs is what its
/// length costs: 68 bytes a node, its text, and for JSON its span (24
/// bytes, handed to the written game, not copied) and offset. Before, a
/// node took 112 bytes and JSON copied each span into a second array of
/// 32: 160 000 plies held 210 bytes a ply more than 20 000 to PGN (138
/// now, 164 to JSON; growing arrays' room included).
#[test]
fn converting_a_long_game_holds_a_small_node_a_move() {
    let (short, long) = (shuffle(20_000), shuffle(160_000));
    for json in [false, true] {
        let (small, w_small) = held_to_convert_text(&short, json);
        let (large, w_large) = held_to_convert_text(&long, json);
        let per_ply = (large - small) / 140_000;
        eprintln!(
            "json {json}: {small} bytes held for {w_small} written, {large} for {w_large}: {per_ply} a ply"
        );
        assert!(
            w_large > w_small * 7,
            "json {json}: {w_small} vs {w_large} bytes written"
        );
        let most = if json { 200 } else { 160 };
        assert!(
            per_ply <= most,
            "json {json}: {per_ply} bytes held a ply ({small} for 20k plies, {large} for 160k)"
        );
    }
}

/// Issue 14: a giant tag section is written in export order (the roster,
/// then the others by name) from the tags as the game holds them, through
/// indices sorted in place and the output's spill, so it costs its text
/// and some 20 bytes a tag besides. Before, the tags were copied three
/// times as pairs of strings (32 bytes each) to be sorted: 180 bytes a
/// tag to PGN, 81 now (53 to JSON).
#[test]
fn converting_a_giant_tag_section_holds_no_copy_of_it() {
    let tags = |n: usize| {
        let mut t: String = (0..n)
            .map(|i| format!("[Tag{} \"value {i}\"]\n", (i * 7919) % n))
            .collect();
        t.push_str("\n1. e4 *\n");
        t
    };
    let (short, long) = (tags(20_000), tags(160_000));
    for json in [false, true] {
        let (small, w_small) = held_to_convert_text(&short, json);
        let (large, w_large) = held_to_convert_text(&long, json);
        let per_tag = (large - small) / 140_000;
        eprintln!(
            "json {json}: {small} bytes held for {w_small} written, {large} for {w_large}: {per_tag} a tag"
        );
        assert!(
            w_large > w_small * 7,
            "json {json}: {w_small} vs {w_large} bytes written"
        );
        assert!(
            per_tag <= 110,
            "json {json}: {per_tag} bytes held a tag ({small} for 20k tags, {large} for 160k)"
        );
    }
}

/// Issue 14: `convert` holds a giant comment neither in its arena nor in
/// the game's output: both go to unlinked temporary files past 1 MiB
/// (`export::lean::spill`). A comment of 9 MiB and one of 18 MiB, to PGN
/// and to JSON, are converted whole while the memory held stays the same
/// and under the comment's size (it held the comment twice before).
#[test]
fn converting_a_giant_comment_holds_no_more_for_a_larger_one() {
    for json in [false, true] {
        let (small, w_small) = held_to_convert(350_000, json);
        let (large, w_large) = held_to_convert(700_000, json);
        eprintln!("json {json}: {small} bytes held for {w_small} written, {large} for {w_large}");
        assert!(w_small > 9_000_000 && w_large > 18_000_000, "json {json}");
        assert!(
            large < small + (1 << 20) && large < 9_000_000,
            "json {json}: {small} bytes held for {w_small} written, {large} for {w_large}"
        );
    }
}

/// A writer that counts what it is given.
struct Counter<'a>(&'a mut dyn FnMut(&[u8]));

impl std::io::Write for Counter<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        (self.0)(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
