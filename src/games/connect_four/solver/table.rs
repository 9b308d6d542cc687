//! The solver's transposition table: a fixed number of slots (2^bits, chosen by the
//! user, never grown), each one a position's key, its discs and a bound on its score.
//! Two slots a bucket of 16 bytes (one cache line holds four buckets): the first keeps
//! the entry whose search was the largest (the fewest discs), the second takes every
//! other store, so the deep results that save the most work stay while the table
//! churns.

/// What a stored byte means: a lower or an upper bound on the score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is at least this.
    Lower(i32),
    /// The score is at most this.
    Upper(i32),
}

/// Scores range over −21..=21: a bound is stored as a byte above 0, upper bounds in
/// 1..=43, lower bounds in 64..=106.
const LOWER_BASE: i32 = 64;

/// A slot: the key (under 2^49) above bit 14, the discs in bits 8..14, the bound in
/// bits 0..8 (0: empty).
const KEY_SHIFT: u32 = 14;

fn encode(b: Bound) -> u64 {
    match b {
        Bound::Upper(s) => (s + 22) as u64,
        Bound::Lower(s) => (s + 22 + LOWER_BASE) as u64,
    }
}

fn decode(byte: u64) -> Bound {
    let v = byte as i32;
    if v >= LOWER_BASE {
        Bound::Lower(v - LOWER_BASE - 22)
    } else {
        Bound::Upper(v - 22)
    }
}

/// Two slots, aligned so that a bucket never straddles a cache line.
#[derive(Clone, Copy, Default)]
#[repr(align(16))]
struct Bucket([u64; 2]);

/// The transposition table.
pub struct Table {
    buckets: Vec<Bucket>,
    shift: u32,
}

impl Table {
    /// A table of `2^bits` slots (8 bytes each).
    pub fn new(bits: u8) -> Table {
        Table {
            buckets: vec![Bucket::default(); 1 << (bits - 1)],
            shift: 64 - (u32::from(bits) - 1),
        }
    }

    /// Slots in the table.
    pub fn len(&self) -> usize {
        self.buckets.len() * 2
    }

    /// Whether the table has no slot (never: at least two).
    pub fn is_empty(&self) -> bool {
        self.buckets.is_empty()
    }

    /// Empties every slot.
    pub fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// Asks the processor to bring `key`'s bucket into the cache (a search about to
    /// visit the position overlaps the wait with other work).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = &self.buckets[self.bucket(key)] as *const Bucket as *const i8;
            // SAFETY: a prefetch reads nothing and cannot fault; `p` points into the table.
            unsafe { std::arch::x86_64::_mm_prefetch(p, std::arch::x86_64::_MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The bound stored for `key`, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<Bound> {
        let bucket = &self.buckets[self.bucket(key)].0;
        bucket
            .iter()
            .find(|&&slot| slot >> KEY_SHIFT == key && slot & 0xFF != 0)
            .map(|slot| decode(slot & 0xFF))
    }

    /// Stores a bound for `key`, a position with `plies` discs.
    #[inline]
    pub fn put(&mut self, key: u64, plies: u32, bound: Bound) {
        let i = self.bucket(key);
        let bucket = &mut self.buckets[i].0;
        let slot = (key << KEY_SHIFT) | (u64::from(plies) << 8) | encode(bound);
        let first = bucket[0];
        let first_plies = if first == 0 { u32::MAX } else { ((first >> 8) & 0x3F) as u32 };
        if first >> KEY_SHIFT == key || plies <= first_plies {
            bucket[0] = slot;
        } else {
            bucket[1] = slot;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_round_trip() {
        for s in -21..=21 {
            assert_eq!(decode(encode(Bound::Upper(s))), Bound::Upper(s));
            assert_eq!(decode(encode(Bound::Lower(s))), Bound::Lower(s));
        }
    }

    #[test]
    fn a_stored_bound_is_found_and_the_deepest_stays() {
        let mut t = Table::new(4);
        t.put(12345, 3, Bound::Lower(5));
        assert_eq!(t.get(12345), Some(Bound::Lower(5)));
        assert_eq!(t.get(54321), None);
        t.put(12345, 3, Bound::Upper(7));
        assert_eq!(t.get(12345), Some(Bound::Upper(7)));
        // a deeper position goes to the second slot of a full bucket
        let other = (1u64..).find(|&k| k != 12345 && t.bucket(k) == t.bucket(12345)).unwrap();
        t.put(other, 30, Bound::Upper(0));
        assert_eq!(t.get(12345), Some(Bound::Upper(7)));
        assert_eq!(t.get(other), Some(Bound::Upper(0)));
    }
}
