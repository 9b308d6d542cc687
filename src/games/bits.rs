//! The set bits of a bitboard, lowest first: one iterator for every game's board word
//! (`u32` Wolves & Sheep, `u64` War of Life, `u128` Abalone), so the loop that peels off
//! the lowest bit is written once.

/// A board word whose set bits can be listed.
pub trait BitSet: Copy {
    /// Whether no bit is set.
    fn is_empty(self) -> bool;
    /// The index of the lowest set bit (the word is not empty).
    fn lowest(self) -> usize;
    /// The word without its lowest set bit (the word is not empty).
    fn without_lowest(self) -> Self;
}

macro_rules! bit_set {
    ($($t:ty),*) => {$(
        impl BitSet for $t {
            #[inline]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline]
            fn without_lowest(self) -> Self {
                self & (self - 1)
            }
        }
    )*};
}

bit_set!(u32, u64, u128);

/// Iterator over the indices of the set bits of a word, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct SetBits<B>(B);

impl<B: BitSet> Iterator for SetBits<B> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0.is_empty() {
            None
        } else {
            let i = self.0.lowest();
            self.0 = self.0.without_lowest();
            Some(i)
        }
    }
}

/// The indices of the set bits of `set`, lowest first.
#[inline]
pub fn set_bits<B: BitSet>(set: B) -> SetBits<B> {
    SetBits(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_set_bits_lowest_first_for_every_width() {
        assert_eq!(set_bits(0u32).count(), 0);
        assert_eq!(set_bits(0b1010_0001u32).collect::<Vec<_>>(), vec![0, 5, 7]);
        assert_eq!(set_bits((1u64 << 63) | 2).collect::<Vec<_>>(), vec![1, 63]);
        assert_eq!(
            set_bits((1u128 << 127) | (1 << 64) | 8).collect::<Vec<_>>(),
            vec![3, 64, 127]
        );
        assert_eq!(set_bits(u64::MAX).count(), 64);
    }
}
