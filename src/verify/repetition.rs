//! The repetition table of one line of play: how often each position key
//! has occurred since the last irreversible move (RULINGS C1).
//!
//! A game's history is usually short (a pawn move or a capture every few
//! plies empties it), and a scan of a short list, guarded by a 128-bit
//! filter, is the cheapest count. A long run of reversible moves (a knight
//! shuffle of a million plies in a hostile archive, or any Crazyhouse game,
//! where no move is irreversible) would make that scan quadratic, so past
//! [`SCAN_LIMIT`] keys the counts move into a hash table and each move
//! costs one lookup, whatever the history's length.

/// Keys kept in the list before the counts move into the table.
pub(crate) const SCAN_LIMIT: usize = 64;

/// Counts of position keys since the last irreversible move.
#[derive(Debug, Default)]
pub(crate) struct Repetitions {
    /// The keys in order, while there are at most [`SCAN_LIMIT`] of them.
    keys: Vec<u64>,
    /// Bit `key % 128` of every key in `keys` (two words: shifts and masks
    /// of one word are cheaper than of a `u128`): a key whose bit is clear
    /// is new, so the scan for its repeats (a loop of varying length, a
    /// mispredicted exit a move) is needed only when it is set.
    bits: [u64; 2],
    /// Every key's count once the history outgrew `keys` (empty before).
    counts: Counts,
}

/// A key's slot in [`Counts`]: the key and how often it occurred (0: a
/// free slot).
type Slot = (u64, u32);

/// An open-addressing table of key counts, linear probing, at most half
/// full. The keys are already hashes, so one multiply by an odd constant
/// (after an XOR with a per-process seed, so that an archive cannot choose
/// keys that collide in the table) spreads them; a general map hashed
/// each key again and cost four times the instructions a lookup (every
/// Crazyhouse move past the 64th looks one up).
#[derive(Debug, Default)]
struct Counts {
    slots: Vec<Slot>,
    /// Keys held.
    len: usize,
    /// `64 - log2(slots.len())`: a key's home slot is the top bits of its
    /// product.
    shift: u32,
    seed: u64,
}

impl Counts {
    /// Slots of a new table: room for [`SCAN_LIMIT`] keys and as many more.
    const FIRST: usize = 4 * SCAN_LIMIT;

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn clear(&mut self) {
        // Kept for the next game up to a few times its first size (a
        // Crazyhouse game of a few hundred plies fills it again: no
        // allocation a game); a table grown by one long history would
        // otherwise cost its whole size at every later clear.
        if self.slots.len() > 4 * Self::FIRST {
            self.slots = Vec::new();
        } else {
            self.slots.fill((0, 0));
        }
        self.len = 0;
    }

    #[inline]
    fn home(&self, key: u64) -> usize {
        ((key ^ self.seed).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> self.shift) as usize
    }

    /// Counts one more occurrence of `key` and returns its count.
    #[inline]
    fn add(&mut self, key: u64) -> u32 {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let slot = &mut self.slots[i];
            if slot.1 == 0 {
                *slot = (key, 1);
                self.len += 1;
                return 1;
            }
            if slot.0 == key {
                slot.1 += 1;
                return slot.1;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the slots (or makes the first ones) and puts every key back.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let size = (2 * self.slots.len()).max(Self::FIRST);
        let old = std::mem::replace(&mut self.slots, vec![(0, 0); size]);
        self.shift = 64 - size.trailing_zeros();
        if self.seed == 0 {
            self.seed = seed() | 1;
        }
        let mask = size - 1;
        for (key, n) in old.into_iter().filter(|s| s.1 != 0) {
            let mut i = self.home(key);
            while self.slots[i].1 != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = (key, n);
        }
    }
}

/// A repetition key's word and bit in [`Repetitions::bits`].
#[inline(always)]
fn filter_bit(key: u64) -> (usize, u64) {
    ((key >> 6) as usize & 1, 1 << (key % 64))
}

impl Repetitions {
    /// Forgets every key (a new game).
    pub(crate) fn clear(&mut self) {
        self.keys.clear();
        self.bits = [0; 2];
        if !self.counts.is_empty() {
            self.counts.clear();
        }
    }

    /// Records `key`, after forgetting every earlier key if `reset` (an
    /// irreversible move), and returns how often `key` has now occurred,
    /// this time included.
    #[inline(always)]
    pub(crate) fn push(&mut self, reset: bool, key: u64) -> usize {
        let len = self.keys.len();
        if len >= SCAN_LIMIT {
            return self.push_counted(reset, key);
        }
        // Written without a branch on `reset`: which moves are
        // irreversible is anyone's guess.
        let keep = usize::from(!reset).wrapping_neg();
        self.keys.truncate(len & keep);
        let keep = u64::from(!reset).wrapping_neg();
        self.bits = self.bits.map(|w| w & keep);
        let (word, bit) = filter_bit(key);
        let seen = self.bits[word] & bit != 0;
        self.bits[word] |= bit;
        self.keys.push(key);
        if seen {
            self.keys.iter().filter(|&&k| k == key).count()
        } else {
            1
        }
    }

    /// [`push`](Self::push) for a long history: counted in the table, which
    /// holds every key once `keys` is full (and `keys` then stays as it is).
    #[inline(never)]
    fn push_counted(&mut self, reset: bool, key: u64) -> usize {
        if reset {
            self.clear();
            return self.push(false, key);
        }
        if self.counts.is_empty() {
            for &k in &self.keys {
                self.counts.add(k);
            }
        }
        self.counts.add(key) as usize
    }
}

/// A per-process random seed for [`Counts`].
fn seed() -> u64 {
    use std::hash::BuildHasher;
    use std::sync::OnceLock;
    static SEED: OnceLock<u64> = OnceLock::new();
    *SEED.get_or_init(|| std::collections::hash_map::RandomState::new().hash_one(0u64))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The reference: every key's count over the whole history since the
    /// last clear, by a scan.
    fn naive(history: &[u64], key: u64) -> usize {
        history.iter().filter(|&&k| k == key).count()
    }

    proptest! {
        /// c1_repetition_counts_match_a_full_scan: random shuffles over a
        /// few positions, long enough to cross into the map, with clears
        /// (irreversible moves) among them, count as a scan of the history
        /// would.
        #[test]
        fn c1_repetition_counts_match_a_full_scan(
            steps in proptest::collection::vec((0u64..12, 0u32..200), 0..600)
        ) {
            let mut table = Repetitions::default();
            let mut history = Vec::new();
            for (pos, roll) in steps {
                if roll == 0 {
                    history.clear();
                }
                // Spread the keys as a Zobrist key would be.
                let key = pos.wrapping_mul(0x2545_f491_4f6c_dd1d);
                history.push(key);
                prop_assert_eq!(table.push(roll == 0, key), naive(&history, key));
            }
        }
    }

    #[test]
    fn c1_counts_survive_the_move_into_the_map_and_a_clear_after_it() {
        let mut table = Repetitions::default();
        let mut history = Vec::new();
        for round in 0..3 {
            for i in 0..(3 * SCAN_LIMIT as u64) {
                let key = (i % 5 + round).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                history.push(key);
                assert_eq!(table.push(i == 0, key), naive(&history, key));
            }
            history.clear();
        }
    }

    /// A game of `moves` (White's and Black's in turn, from move 1) after
    /// `tags`, and the byte offset of each ply's move.
    fn game(tags: &str, moves: impl Iterator<Item = String>) -> (String, Vec<u64>) {
        let mut pgn = format!("{tags}\n");
        let mut offsets = Vec::new();
        for (i, m) in moves.enumerate() {
            if i % 2 == 0 {
                pgn += &format!("{}. ", i / 2 + 1);
            }
            offsets.push(pgn.len() as u64);
            pgn += &m;
            pgn.push(' ');
        }
        pgn += "*\n";
        (pgn, offsets)
    }

    /// Verifies `pgn` and returns each diagnostic's code and the ply of the
    /// move it points at (0 when it points at no move).
    fn diagnostics(pgn: &str, offsets: &[u64]) -> Vec<(&'static str, usize)> {
        let mut v = crate::verify::Verifier::new("t.pgn");
        crate::notation::Reader::new(pgn.as_bytes())
            .read_all(&mut v)
            .expect("reads memory");
        v.drain()
            .map(|d| {
                let at = d.span.map(|s| s.start);
                let ply = offsets
                    .iter()
                    .position(|&o| Some(o) == at)
                    .map_or(0, |i| i + 1);
                (d.code.as_str(), ply)
            })
            .collect()
    }

    /// c1_fivefold_in_a_200k_ply_shuffle: the fivefold repetition of a
    /// 200,000-ply knight shuffle is found at its ply and the rest is read
    /// in linear time (the scan of the whole history at every move took
    /// seconds per 100k plies, growing with the square).
    #[test]
    fn c1_fivefold_in_a_200k_ply_shuffle() {
        let moves = ["Nf3", "Nf6", "Ng1", "Ng8"];
        let (pgn, offsets) = game(
            "[Event \"x\"]\n",
            (0..200_000).map(|i| moves[i % 4].to_string()),
        );
        // The start position comes back after plies 4, 8 (the third time:
        // claimable), 12 and 16 (the fifth: the game ends); ply 17 is the
        // first move after the end.
        assert_eq!(
            diagnostics(&pgn, &offsets),
            [("claimable-draw", 8), ("move-after-end", 17)]
        );
    }

    /// c1_threefold_after_a_long_history: 70 distinct positions (past the
    /// scan list, so counted in the map), played twice more: the threefold
    /// repetition is found at ply 140, where a full scan finds it.
    #[test]
    fn c1_threefold_after_a_long_history() {
        // The white king walks a 7-square ring and the black rook a
        // 5-square one behind a wall of pawns: a position comes back only
        // after lcm(7, 5) = 35 moves.
        let king = ["Kc1", "Kd1", "Kd2", "Kc3", "Kb3", "Kb2", "Kb1"];
        let rook = ["Rb8", "Rc8", "Rd8", "Re8", "Ra8"];
        let (pgn, offsets) = game(
            "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"r6k/8/8/8/PPPPP3/8/8/1K6 w - - 0 1\"]\n",
            (0..140).map(|i| {
                let m = if i % 2 == 0 {
                    king[i / 2 % 7]
                } else {
                    rook[i / 2 % 5]
                };
                m.to_string()
            }),
        );
        assert_eq!(
            diagnostics(&pgn, &offsets),
            [("claimable-draw", 100), ("claimable-draw", 140)]
        );
    }
}
