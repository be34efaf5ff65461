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
