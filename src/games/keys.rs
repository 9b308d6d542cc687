//! Zobrist key generation shared by the games: fixed seeds through splitmix64 at compile
//! time, so every game's hashes are the same on every run and machine.

/// One splitmix64 step: the next state and the key it yields.
pub const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// `N` keys for each of two piece kinds, drawn in order from `seed`.
pub const fn key_table<const N: usize>(seed: u64) -> [[u64; N]; 2] {
    let mut keys = [[0; N]; 2];
    let mut state = seed;
    let mut kind = 0;
    while kind < 2 {
        let mut i = 0;
        while i < N {
            let (s, k) = splitmix(state);
            state = s;
            keys[kind][i] = k;
            i += 1;
        }
        kind += 1;
    }
    keys
}
