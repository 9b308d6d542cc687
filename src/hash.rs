//! The one checksum of weightforge's own files and seeds: 64-bit FNV-1a. Not a
//! defence against a forger (nothing keyed is), but every accidental change of a byte
//! changes it.

/// FNV-1a over `bytes`, continuing from `state` (start with [`FNV_START`]).
pub fn fnv1a_from(state: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(state, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// FNV-1a's offset basis: the state before any byte.
pub const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a over `bytes`.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    fnv1a_from(FNV_START, bytes)
}

#[cfg(test)]
mod tests {
    #[test]
    fn known_values() {
        assert_eq!(super::fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(super::fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
