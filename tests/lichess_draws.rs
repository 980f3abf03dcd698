//! Insufficient material in the lichess variants (issue 15): xpgn's
//! answer for each side equals python-chess's on positions of seeded
//! random games and on thinned copies of them (pieces taken off at
//! random, so that the endings each variant's rule is about come up).
//!
//! python-chess is installed (pinned) by `scripts/peers.sh` into a virtual
//! environment under the target directory on first use; when that fails,
//! this test fails. It never passes without python-chess.

mod common;

use common::repo;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use xpgn::rules::Variant;
use xpgn::rules::core::Color;
use xpgn::rules::family::{AnyPosition, GamePosition};
use xpgn::rules::playout::{PlayoutOptions, playout};
use xpgn::rules::variant::Family;

fn peers_python() -> PathBuf {
    common::venv_python("peers.sh", "peers-venv")
}

/// A small seeded generator (SplitMix64), so the positions are the same
/// on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// `fen` with all but `keep` of its non-king pieces taken off the board
/// (pockets, if any, are left as they are).
fn thinned(fen: &str, keep: usize, rng: &mut Rng) -> String {
    let (board, rest) = fen.split_once(' ').unwrap_or((fen, ""));
    let (board, pocket) = match board.find('[') {
        Some(i) => board.split_at(i),
        None => (board, ""),
    };
    let mut cells: Vec<Vec<char>> = board
        .split('/')
        .map(|rank| {
            let mut row = Vec::new();
            for c in rank.chars() {
                match c.to_digit(10) {
                    Some(n) => row.extend(std::iter::repeat_n('.', n as usize)),
                    None => row.push(c),
                }
            }
            row
        })
        .collect();
    let mut pieces: Vec<(usize, usize)> = Vec::new();
    for (r, row) in cells.iter().enumerate() {
        for (f, &c) in row.iter().enumerate() {
            if c != '.' && c != 'k' && c != 'K' {
                pieces.push((r, f));
            }
        }
    }
    while pieces.len() > keep {
        let (r, f) = pieces.swap_remove(rng.below(pieces.len()));
        cells[r][f] = '.';
    }
    format!(
        "{}{pocket} {rest}",
        placement(cells.iter().map(|r| r.as_slice()))
    )
}

/// A FEN board from its ranks, top first (`.` an empty square).
fn placement<'a>(ranks: impl Iterator<Item = &'a [char]>) -> String {
    let ranks: Vec<String> = ranks
        .map(|row| {
            let mut s = String::new();
            let mut empty = 0;
            for &c in row {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(c);
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            s
        })
        .collect();
    ranks.join("/")
}

/// Piece kinds for [`horde_material_sets`]: a letter and, for bishops,
/// the colour of their square (`Some(true)`: light).
const KINDS: [(char, Option<bool>); 6] = [
    ('q', None),
    ('r', None),
    ('b', Some(true)),
    ('b', Some(false)),
    ('n', None),
    ('p', None),
];

/// Multisets of `KINDS` indices of each size up to `max`.
fn multisets(max: usize) -> Vec<Vec<usize>> {
    let mut out = vec![vec![]];
    let mut frontier = vec![vec![]];
    for _ in 0..max {
        let mut next = Vec::new();
        for set in &frontier {
            let from = set.last().copied().unwrap_or(0);
            for k in from..KINDS.len() {
                let mut s: Vec<usize> = set.clone();
                s.push(k);
                next.push(s);
            }
        }
        out.extend(next.iter().cloned());
        frontier = next;
    }
    out
}

/// Horde positions of every material set: White's pieces on ranks 2-4,
/// Black's on ranks 5-7, the black king on h8, White to move.
fn horde_material_sets() -> Vec<String> {
    let mut fens = Vec::new();
    for white in multisets(3) {
        if white.is_empty() {
            continue;
        }
        for black in multisets(4) {
            let mut board = [['.'; 8]; 8];
            board[7][7] = 'k';
            let mut place = |kinds: &[usize], ranks: std::ops::Range<usize>, upper: bool| {
                for &k in kinds {
                    let (letter, light) = KINDS[k];
                    let spot = ranks
                        .clone()
                        .flat_map(|r| (0..8).map(move |f| (r, f)))
                        .find(|&(r, f)| {
                            board[r][f] == '.' && light.is_none_or(|l| ((r + f) % 2 == 1) == l)
                        });
                    if let Some((r, f)) = spot {
                        board[r][f] = if upper {
                            letter.to_ascii_uppercase()
                        } else {
                            letter
                        };
                    }
                }
            };
            place(&white, 1..4, true);
            place(&black, 4..7, false);
            let board = placement(board.iter().rev().map(|r| r.as_slice()));
            fens.push(format!("{board} w - - 0 1"));
        }
    }
    fens
}

fn python_name(v: Variant) -> &'static str {
    match v {
        Variant::Atomic => "atomic",
        Variant::Antichess => "antichess",
        Variant::Crazyhouse => "crazyhouse",
        Variant::KingOfTheHill => "kingofthehill",
        Variant::ThreeCheck => "3check",
        Variant::Horde => "horde",
        Variant::RacingKings => "racingkings",
        other => panic!("not a lichess variant: {other}"),
    }
}

#[test]
fn lichess_insufficient_material_agrees_with_python_chess() {
    let variants: Vec<Variant> = Variant::ALL
        .into_iter()
        .filter(|v| v.family() == Family::Lichess)
        .collect();
    assert_eq!(variants.len(), 7);
    let mut rng = Rng(15);
    let mut cases: Vec<(Variant, String, [bool; 2])> = Vec::new();
    for &variant in &variants {
        for seed in 0..30 {
            let p = playout(variant, &PlayoutOptions::default(), seed, 300).expect("playout");
            let mut fens = Vec::new();
            let mut ply = 0;
            p.for_each_move(|pos, _| {
                if ply % 7 == 0 {
                    fens.push(pos.fen());
                }
                ply += 1;
            });
            fens.push(p.end.fen());
            for fen in fens {
                let mut all = vec![fen.clone()];
                for keep in [0, 1, 2, 3, 4] {
                    all.push(thinned(&fen, keep, &mut rng));
                }
                for f in all {
                    let Ok(pos) = AnyPosition::setup(variant, Some(&f)) else {
                        continue;
                    };
                    let l = pos.as_lichess().expect("a lichess position");
                    let ours = [
                        l.has_insufficient_material(Color::White),
                        l.has_insufficient_material(Color::Black),
                    ];
                    cases.push((variant, f, ours));
                }
            }
        }
    }
    // Horde's rule turns on the exact material of both sides, which random
    // games seldom thin out to: every set of up to three white pieces
    // against a king and up to four black pieces, bishops on either colour.
    for fen in horde_material_sets() {
        if let Ok(pos) = AnyPosition::setup(Variant::Horde, Some(&fen)) {
            let l = pos.as_lichess().expect("a lichess position");
            let ours = [
                l.has_insufficient_material(Color::White),
                l.has_insufficient_material(Color::Black),
            ];
            cases.push((Variant::Horde, fen, ours));
        }
    }
    // Through a file: a pipe both ways would fill up and wait forever.
    let input = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lichess_material.tsv");
    let mut text = String::new();
    for (v, fen, _) in &cases {
        text.push_str(&format!("{}\t{fen}\n", python_name(*v)));
    }
    std::fs::write(&input, text).expect("write positions");
    let out = Command::new(peers_python())
        .arg(repo().join("scripts/lichess_material.py"))
        .stdin(std::fs::File::open(&input).expect("positions"))
        .stderr(Stdio::inherit())
        .output()
        .expect("python output");
    assert!(out.status.success(), "lichess_material.py failed");
    let answers = String::from_utf8(out.stdout).expect("utf-8");
    let answers: Vec<&str> = answers.lines().collect();
    assert_eq!(answers.len(), cases.len());
    let mut compared = 0;
    let mut insufficient = [0usize; 7];
    for ((v, fen, ours), theirs) in cases.iter().zip(answers) {
        if theirs == "invalid" {
            continue;
        }
        let want = [theirs.starts_with('1'), theirs.ends_with('1')];
        assert_eq!(*ours, want, "{v} {fen}: (white, black) insufficient");
        compared += 1;
        if want[0] || want[1] {
            let i = variants.iter().position(|x| x == v).unwrap_or(0);
            insufficient[i] += 1;
        }
    }
    assert!(compared > 5000, "only {compared} positions compared");
    // Every variant whose rule can say yes said yes somewhere, so each
    // branch was exercised (King of the Hill and Racing Kings never do).
    for (i, v) in variants.iter().enumerate() {
        if !matches!(v, Variant::KingOfTheHill | Variant::RacingKings) {
            assert!(insufficient[i] > 0, "{v}: no insufficient position came up");
        }
    }
}
