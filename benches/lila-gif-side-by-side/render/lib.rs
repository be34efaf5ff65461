//! tawlbot's `src/render`, compiled on its own.
#![allow(dead_code)]

#[path = "../../../src/render/mod.rs"]
pub mod render;

/// The one item of the rest of the crate that `src/render` uses.
pub mod i18n {
    pub const ISOLATION_MARKS: [char; 2] = ['\u{2068}', '\u{2069}'];
}
