//! Discord end to end: the real serenity client (in process, or the
//! `tawlbot` program) against the fake Discord of `tests/support/` on
//! 127.0.0.1, sharded bots, the bot as an opponent, and the web archive
//! served by the bot process.
//!
//! One test binary of modules: each file of `tests/discord/` is
//! a module here, and the fake Discord (`support`, 2,700 lines) compiles
//! once. Run one suite with `cargo test --test discord discord_e2e::`.

#[macro_use]
mod backends;
mod support;

#[path = "discord/back_pressure.rs"]
mod back_pressure;
#[path = "discord/bot_discord_e2e.rs"]
mod bot_discord_e2e;
#[path = "discord/discord_e2e.rs"]
mod discord_e2e;
#[path = "discord/discord_fake_smoke.rs"]
mod discord_fake_smoke;
#[path = "discord/outbox_discord.rs"]
mod outbox_discord;
#[path = "discord/scaling_discord.rs"]
mod scaling_discord;
#[path = "discord/web_beside_the_bot.rs"]
mod web_beside_the_bot;
