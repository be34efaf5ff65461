//! The message catalogues: both languages carry the same messages with the
//! same arguments and format cleanly (`i18n`), every message id the code
//! uses exists (`catalogue`), and the Welsh house style (`welsh_style`).
//!
//! One test binary of modules: each file of `tests/locales/` is
//! a module here.

#[path = "locales/catalogue.rs"]
mod catalogue;
#[path = "locales/i18n.rs"]
mod i18n;
#[path = "locales/welsh_style.rs"]
mod welsh_style;
