//! The web archive: its pages through axum's `oneshot` and through the
//! real `tawlbot web` (`archive`, with `postgres::` twins), and in a real
//! browser (`web_browser`: headless Chromium and axe-core; it skips with
//! one line where they are missing).
//!
//! One test binary of modules: each file of `tests/web/` is a
//! module here, and `web_support` compiles once.

#[macro_use]
mod backends;
mod support;
mod web_support;

#[path = "web/archive.rs"]
mod archive;
#[path = "web/gif_burst.rs"]
mod gif_burst;
#[path = "web/limits.rs"]
mod limits;
#[path = "web/web_browser.rs"]
mod web_browser;
