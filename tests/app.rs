//! The app through the console and through `App` directly: commands,
//! clocks, tournaments, the bot, notifications, wording and the Welsh
//! snapshots, each suite on SQLite and again on PostgreSQL (its
//! `postgres::` twins, see `backends`); `doctor` and `scaling` run the real
//! `tawlbot` program.
//!
//! One test binary of modules: each file of `tests/app/` is a
//! module here, and the helpers (`backends`, `console_support`,
//! `welsh_support`) compile once for all of them. Run one suite with
//! `cargo test --test app clock_console::`.

#[macro_use]
mod backends;
mod console_support;
mod welsh_support;

#[path = "app/abuse_console.rs"]
mod abuse_console;
#[path = "app/bot_console.rs"]
mod bot_console;
#[path = "app/clock_console.rs"]
mod clock_console;
#[path = "app/conditional_console.rs"]
mod conditional_console;
#[path = "app/console.rs"]
mod console;
#[path = "app/dice_console.rs"]
mod dice_console;
#[path = "app/directors_console.rs"]
mod directors_console;
#[path = "app/doctor.rs"]
mod doctor;
#[path = "app/ended_console.rs"]
mod ended_console;
#[path = "app/hygiene.rs"]
mod hygiene;
#[path = "app/notify_console.rs"]
mod notify_console;
#[path = "app/offers_console.rs"]
mod offers_console;
#[path = "app/organiser_console.rs"]
mod organiser_console;
#[path = "app/outbox_console.rs"]
mod outbox_console;
#[path = "app/players_console.rs"]
mod players_console;
#[path = "app/puzzle_console.rs"]
mod puzzle_console;
#[path = "app/readers_console.rs"]
mod readers_console;
#[path = "app/scaling.rs"]
mod scaling;
#[path = "app/snapshots.rs"]
mod snapshots;
#[path = "app/tournament_console.rs"]
mod tournament_console;
#[path = "app/tournament_safety.rs"]
mod tournament_safety;
#[path = "app/tournament_scopes.rs"]
mod tournament_scopes;
#[path = "app/vacation_console.rs"]
mod vacation_console;
#[path = "app/views_console.rs"]
mod views_console;
#[path = "app/welsh_console.rs"]
mod welsh_console;
#[path = "app/wording_console.rs"]
mod wording_console;
