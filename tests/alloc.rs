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
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
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
