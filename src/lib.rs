//! tawlbot: the Welsh and Celtic tafl games and ludus latrunculorum, played by message.
//!
//! Dependency direction: `rules` <- `notation` <- `render`, `store` <- `app` <- `discord`, `console`, `web`.
//! `tournament` is pure and stands beside `rules`.

pub mod app;
pub mod cli;
pub mod console;
pub mod discord;
pub mod doctor_cli;
pub mod domain;
pub mod engine;
pub mod engine_cli;
pub mod i18n;
pub mod matchplay;
pub mod notation;
pub mod otep;
pub mod otep_cli;
pub mod puzzles;
pub mod puzzles_cli;
pub mod render;
pub mod rules;
pub mod store;
pub mod tournament;
pub mod web;
