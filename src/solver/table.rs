//! The table of positions seen: open addressing with linear probing, each key beside its
//! value, so that a question mostly reads one cache line. (A general hash map keeps a byte per
//! slot apart from the slots: two lines per question; the searches that decide the hardest
//! deals, with tables far bigger than the cache, spend much of their time waiting on memory.)
//! Keys of 64 bits (every
//! Klondike deal) or 128 (Double Solitaire, where this table was no faster than the standard
//! map, but one table for every key is simpler and its code smaller).
//!
//! Keys that differ only in their low `tag_bits` start their probe at the same slot, so they lie
//! side by side: the search asks after such keys one after another (`Seen` says why).

use crate::engine::deal::splitmix;

/// Filled to seven eighths at most, as the standard map is: then it doubles. (Emptier, it is
/// no faster and takes more memory.)
const FULL_NUM: usize = 7;
const FULL_DEN: usize = 8;
const SMALLEST: usize = 64;

/// A key the table can hold: 0 is kept apart (it marks an empty slot).
pub trait Key: Copy + Eq + Default {
    /// A hash of all but the low `tag_bits` bits.
    fn home_hash(self, tag_bits: u32) -> u64;
}

impl Key for u64 {
    #[inline]
    fn home_hash(self, tag_bits: u32) -> u64 {
        splitmix(self & !((1u64 << tag_bits) - 1))
    }
}

impl Key for u128 {
    #[inline]
    fn home_hash(self, tag_bits: u32) -> u64 {
        let low = self as u64 & !((1u64 << tag_bits) - 1);
        splitmix((self >> 64) as u64 ^ splitmix(low))
    }
}

pub struct Flat<K, V> {
    /// Key 0 marks an empty slot; key 0 itself is kept in `zero`.
    slots: Vec<(K, V)>,
    zero: Option<V>,
    len: usize,
    /// 64 − log2 of the number of slots: the hash's top bits pick the slot.
    shift: u32,
    tag_bits: u32,
}

impl<K: Key, V: Copy + Default> Flat<K, V> {
    pub fn new(tag_bits: u32) -> Flat<K, V> {
        Flat {
            slots: Vec::new(),
            zero: None,
            len: 0,
            shift: 64,
            tag_bits,
        }
    }

    /// Where the probe for `key` starts: from all but its tag bits.
    #[inline]
    fn home(&self, key: K) -> usize {
        (key.home_hash(self.tag_bits) >> self.shift) as usize
    }

    /// The value kept for `key`, if any.
    #[inline]
    pub fn get(&self, key: K) -> Option<V> {
        if key == K::default() {
            return self.zero;
        }
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let (k, v) = self.slots[i];
            if k == key {
                return Some(v);
            }
            if k == K::default() {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// Sets the value of `key` to `f` of its value (of the default if it had none); returns
    /// its value before, if it had one.
    #[inline]
    pub fn update(&mut self, key: K, f: impl FnOnce(V) -> V) -> Option<V> {
        if key == K::default() {
            let before = self.zero;
            self.zero = Some(f(before.unwrap_or_default()));
            return before;
        }
        if (self.len + 1) * FULL_DEN > self.slots.len() * FULL_NUM {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let (k, v) = self.slots[i];
            if k == key {
                self.slots[i].1 = f(v);
                return Some(v);
            }
            if k == K::default() {
                self.slots[i] = (key, f(V::default()));
                self.len += 1;
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// Twice the slots, every key put again.
    #[cold]
    fn grow(&mut self) {
        let n = (self.slots.len() * 2).max(SMALLEST);
        let old = std::mem::replace(&mut self.slots, vec![(K::default(), V::default()); n]);
        self.shift = 64 - n.trailing_zeros();
        let mask = n - 1;
        for (k, v) in old {
            if k != K::default() {
                let mut i = self.home(k);
                while self.slots[i].0 != K::default() {
                    i = (i + 1) & mask;
                }
                self.slots[i] = (k, v);
            }
        }
    }

    /// Empties it, keeping its slots.
    pub fn clear(&mut self) {
        self.slots.fill((K::default(), V::default()));
        self.zero = None;
        self.len = 0;
    }

    /// How many keys it holds.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.len + usize::from(self.zero.is_some())
    }

    /// Bytes its slots take.
    pub fn memory(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<(K, V)>()
    }
}

impl<K: Key> Flat<K, ()> {
    /// Adds a key; false if it was there.
    #[inline]
    pub fn insert(&mut self, key: K) -> bool {
        self.update(key, |v| v).is_none()
    }

    #[inline]
    pub fn contains(&self, key: K) -> bool {
        self.get(key).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;
    use std::fmt::Debug;
    use std::hash::Hash;

    /// 60,000 operations on crowding keys, through growth and clearing, against the standard
    /// map, step by step; keys of type `K` made from 64-bit ones by `make`, which keeps the
    /// tag bits and 0.
    fn answers_as_a_map<K: Key + Hash + Debug>(tag_bits: u32, make: impl Fn(u64) -> K) {
        // Keys from a few "rests" with many tags each (they probe from the same slot), key 0,
        // and keys that collide in the low bits.
        let mut flat: Flat<K, u64> = Flat::new(tag_bits);
        let mut map: HashMap<K, u64> = HashMap::new();
        let mut rng = 0x1234_5678u64 + u64::from(tag_bits);
        for round in 0..3 {
            for step in 0..20_000u64 {
                rng = splitmix(rng);
                let key = make(match rng % 4 {
                    0 => 0,
                    1 => (((rng >> 8) % 50) << tag_bits) | ((rng >> 40) % (1 << tag_bits)),
                    2 => rng >> 20 << 20,
                    _ => rng >> 3,
                });
                if step % 3 == 0 {
                    assert_eq!(flat.get(key), map.get(&key).copied(), "{key:?}");
                } else {
                    let before = flat.update(key, |v| v | step);
                    let want = map.get(&key).copied();
                    *map.entry(key).or_default() |= step;
                    assert_eq!(before, want, "{key:?}");
                }
            }
            assert_eq!(flat.len + usize::from(flat.zero.is_some()), map.len());
            for (&k, &v) in &map {
                assert_eq!(flat.get(k), Some(v));
            }
            if round == 1 {
                flat.clear();
                map.clear();
                assert_eq!(flat.get(K::default()), None);
            }
        }
    }

    #[test]
    fn the_table_answers_as_a_map_does_through_growth_and_clearing() {
        for tag_bits in [0, 3, 9] {
            answers_as_a_map(tag_bits, |k| k);
            // 128-bit keys: the top half from the rest alone, so keys that differ only in their
            // tag bits still start at the same slot; and keys alike in one half.
            answers_as_a_map(tag_bits, |k| {
                let rest = k >> tag_bits;
                let top = if rest == 0 { 0 } else { splitmix(rest) };
                (u128::from(top) << 64) | u128::from(k)
            });
            answers_as_a_map(tag_bits, |k| u128::from(k) << 64 | u128::from(k & 7));
        }
        let mut set: Flat<u64, ()> = Flat::new(2);
        assert!(set.insert(5) && !set.insert(5) && set.contains(5) && !set.contains(6));
        let mut big: Flat<u128, ()> = Flat::new(2);
        assert!(big.insert(5 << 64) && !big.insert(5 << 64) && !big.contains(5));
    }
}
