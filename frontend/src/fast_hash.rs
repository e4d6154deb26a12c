//! A small, fast, non-cryptographic hasher (the Fx hash of rustc and Firefox) for the front
//! end's maps keyed by identifiers. std's default SipHash defends against hash flooding, which
//! a compiler reading its own input does not need, at several times the cost per short key.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// `HashMap` with [`FxHasher`].
pub type FxHashMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;
/// `HashSet` with [`FxHasher`].
pub type FxHashSet<K> = HashSet<K, BuildHasherDefault<FxHasher>>;

/// The Fx hash: rotate, xor a word, multiply.
#[derive(Clone, Copy, Default)]
pub struct FxHasher {
    hash: u64,
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().expect("8-byte chunk")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut buf = [0u8; 8];
            buf[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(buf));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }

    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }

    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    fn finish(&self) -> u64 {
        self.hash
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_keyed_by_strings_work() {
        let mut m: FxHashMap<String, usize> = FxHashMap::default();
        for (i, k) in ["a", "ab", "abcdefgh", "abcdefghi", ""].iter().enumerate() {
            m.insert(k.to_string(), i);
        }
        assert_eq!(m.get("abcdefghi"), Some(&3));
        assert_eq!(m.get(""), Some(&4));
        assert_eq!(m.get("abcdefg"), None);
    }

    #[test]
    fn different_short_keys_hash_differently() {
        let h = |s: &str| {
            let mut x = FxHasher::default();
            x.write(s.as_bytes());
            x.finish()
        };
        assert_ne!(h("ab"), h("ba"));
        assert_ne!(h("x"), h("y"));
    }
}
