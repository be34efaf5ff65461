//! The rules and what is written about them: property tests of random
//! games in every variant, the notation and OTN, the text board and alt
//! text, the engine, the pure tournament module, and `tawlbot replay` as a
//! black box.
//!
//! One test binary of modules: each file of `tests/rules/` is a
//! module here, and `combos` compiles once. Run one suite with
//! `cargo test --test rules rules_props::`.

mod combos;

#[path = "rules/engine.rs"]
mod engine;
#[path = "rules/match_host.rs"]
mod match_host;
#[path = "rules/otep.rs"]
mod otep;
#[path = "rules/otn.rs"]
mod otn;
#[path = "rules/otn_views.rs"]
mod otn_views;
#[path = "rules/replay_cli.rs"]
mod replay_cli;
#[path = "rules/rules_props.rs"]
mod rules_props;
#[path = "rules/tournament.rs"]
mod tournament;
