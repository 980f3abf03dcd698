//! A fast hasher for repetition keys. Positions are hashed after every
//! move; the standard library's SipHash is keyed against hash flooding,
//! which a key compared only with the keys of one game's positions does not
//! need, and it costs several times more per word.

use std::hash::Hasher;

use super::position::mix;

/// Folds each 64-bit word of the input into the state with the SplitMix64
/// finaliser (`mix` in the core position), a bijection that spreads every input bit over the
/// whole word. Deterministic: the same input gives the same key in every
/// run, on every machine. Not for maps that hold untrusted keys.
#[derive(Clone, Copy, Debug, Default)]
pub struct KeyHasher {
    state: u64,
}

impl KeyHasher {
    /// An empty hasher (the same as [`Default`]).
    pub const fn new() -> KeyHasher {
        KeyHasher { state: 0 }
    }

    #[inline]
    fn add(&mut self, word: u64) {
        self.state = mix(self.state.rotate_left(23) ^ word);
    }
}

impl Hasher for KeyHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            let mut b = [0u8; 8];
            b.copy_from_slice(w);
            self.add(u64::from_le_bytes(b));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            // The tail's length goes in with it, so that trailing zero
            // bytes still count.
            let mut b = [0u8; 8];
            b[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(b) ^ ((rest.len() as u64) << 60));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        mix(self.state)
    }
}

/// The [`KeyHasher`] key of `value`.
pub fn key_of<T: std::hash::Hash + ?Sized>(value: &T) -> u64 {
    let mut h = KeyHasher::new();
    value.hash(&mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// Inputs of one type that differ in one byte, one small field, their
    /// order or their length get different keys; the same input the same
    /// key.
    #[test]
    fn key_hasher_separates_nearby_inputs() {
        let mut keys = HashSet::new();
        let mut n = 0;
        let board = [0u8; 64];
        for at in 0..64 {
            for v in 1..=12u8 {
                let mut b = board;
                b[at] = v;
                assert_eq!(key_of(&(b, 3u8)), key_of(&(b, 3u8)));
                assert!(keys.insert(key_of(&(b, 3u8))), "byte {at} = {v}");
                n += 1;
            }
        }
        for a in 0..40u16 {
            for b in 0..40u8 {
                assert!(keys.insert(key_of(&(a, b, true))), "({a}, {b})");
                assert!(keys.insert(key_of(&(b, a, false))), "({b}, {a})");
                n += 2;
            }
        }
        assert_eq!(keys.len(), n);
        // Keys of one type are compared (a game's positions), so only
        // inputs of one type need to differ: words of any width go in as
        // one word each.
        let zeros: HashSet<u64> = (0..20).map(|len| key_of(&vec![0u8; len][..])).collect();
        assert_eq!(zeros.len(), 20);
        assert_ne!(key_of(&[1u8, 0][..]), key_of(&[1u8][..]));
    }

    /// Each input bit changes about half the key's bits (the finaliser's
    /// avalanche), so that nearby positions do not get nearby keys.
    #[test]
    fn key_hasher_avalanches() {
        let base = [0x5Au8; 16];
        let k0 = key_of(&base);
        let mut total = 0u32;
        for bit in 0..128 {
            let mut b = base;
            b[bit / 8] ^= 1 << (bit % 8);
            let d = (key_of(&b) ^ k0).count_ones();
            assert!((12..=52).contains(&d), "bit {bit}: {d} bits changed");
            total += d;
        }
        let mean = f64::from(total) / 128.0;
        assert!((28.0..=36.0).contains(&mean), "mean {mean}");
    }
}
