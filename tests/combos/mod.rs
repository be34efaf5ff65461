//! Every variant and option combination, shared by the property tests.
#![allow(dead_code)]

use tawlbot::rules::Ruleset;

/// Every variant and option combination.
pub const COMBOS: &[(&str, &[&str])] = &[
    ("tawlbwrdd", &[]),
    ("tawlbwrdd", &["dice"]),
    ("tawlbwrdd-walker", &[]),
    ("tawlbwrdd-walker", &["dice"]),
    ("tallfwrdd", &[]),
    ("tallfwrdd", &["dice"]),
    ("goedhboell", &[]),
    ("goedhboell", &["king-steps"]),
    ("goedhboell", &["corner-guard"]),
    ("goedhboell", &["king-steps", "corner-guard"]),
    ("goedhboell", &["dice"]),
    ("goedhboell", &["dice", "king-steps", "corner-guard"]),
    ("gwyddbwyll", &[]),
    ("gwyddbwyll", &["dux"]),
    ("gwyddbwyll", &["dux-jump"]),
    ("gwyddbwyll", &["size=12x8"]),
    ("gwyddbwyll", &["size=12x8", "dux"]),
    ("gwyddbwyll", &["size=12x8", "dux-jump"]),
    ("gwyddbwyll", &["size=10x8"]),
    ("gwyddbwyll", &["size=10x8", "dux"]),
    ("gwyddbwyll", &["size=10x8", "dux-jump"]),
    ("gwyddbwyll", &["size=8x8"]),
    ("gwyddbwyll", &["size=8x8", "dux"]),
    ("gwyddbwyll", &["size=8x8", "dux-jump"]),
];

/// The ruleset of one combination.
pub fn rules(variant: &str, opts: &[&str]) -> Ruleset {
    Ruleset::from_spec(
        variant,
        &opts.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
    )
    .expect("ruleset")
}

/// A xorshift64 generator for the property tests' random games: the same
/// seed, the same game.
pub struct Rng(u64);

impl Rng {
    /// Seeded with `seed` (made odd: xorshift never leaves 0).
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
