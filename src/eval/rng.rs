//! A small seeded random number generator (SplitMix64) for the evaluation
//! corpus. Written here rather than taken from a crate so that a seed means
//! the same corpus in every version of tickmark: a generator's algorithm is
//! part of the corpus's definition.

/// SplitMix64 (Steele, Lea and Flood, 2014): 64 bits of state, full period.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator for this seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0), by multiply-shift: unbiased
    /// enough for picking cells, and the same on every platform.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// One element of a slice, `None` when it is empty.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            return None;
        }
        items.get(self.below(items.len()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sequence_of_a_seed_is_fixed() {
        // SplitMix64's published first outputs for seed 0.
        let mut rng = Rng::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn below_stays_below() {
        let mut rng = Rng::new(7);
        for n in [1, 2, 3, 10, 1000] {
            for _ in 0..100 {
                assert!(rng.below(n) < n);
            }
        }
        assert_eq!(rng.below(0), 0);
        assert_eq!(rng.pick::<u8>(&[]), None);
    }
}
