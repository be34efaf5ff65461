//! The Discord front end: a thin serenity adapter over [`crate::app::App`].
//!
//! [`run_from_env`] is what `tawlbot` without a subcommand runs; [`run`] is the
//! same bot with everything passed in, so tests can start it against a fake
//! Discord and stop it.

pub mod connect;
mod handler;
mod outgoing;
mod search_pool;
pub mod shards;

pub use shards::Shards;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use serenity::all::{GatewayIntents, Permissions};

use crate::app::App;
use crate::store;

/// The intents the bot asks for. MESSAGE_CONTENT and GUILD_MEMBERS are
/// privileged: see `docs/discord-setup.md`.
pub const INTENTS: GatewayIntents = GatewayIntents::GUILDS
    .union(GatewayIntents::GUILD_MESSAGES)
    .union(GatewayIntents::MESSAGE_CONTENT)
    .union(GatewayIntents::DIRECT_MESSAGES)
    .union(GatewayIntents::GUILD_MEMBERS);

/// The permissions the bot needs in a server: View Channels, Send Messages, Send
/// Messages in Threads, Create Public Threads, Attach Files, Read Message History,
/// Use Application Commands (311385230336; see `docs/discord-setup.md`).
pub const BOT_PERMISSIONS: Permissions = Permissions::VIEW_CHANNEL
    .union(Permissions::SEND_MESSAGES)
    .union(Permissions::SEND_MESSAGES_IN_THREADS)
    .union(Permissions::CREATE_PUBLIC_THREADS)
    .union(Permissions::ATTACH_FILES)
    .union(Permissions::READ_MESSAGE_HISTORY)
    .union(Permissions::USE_APPLICATION_COMMANDS);

/// The link that adds the bot to a server, with [`BOT_PERMISSIONS`].
pub fn invite_link(application_id: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={application_id}&scope=bot+applications.commands&permissions={}",
        BOT_PERMISSIONS.bits()
    )
}

const NO_TOKEN: &str = "tawlbot needs a Discord bot token to run. Get one in the Discord \
developer portal (https://discord.com/developers/applications): New Application, then Bot, \
then Reset Token; put it in a file named .env as DISCORD_TOKEN=... (see .env.example and \
docs/discord-setup.md). To try the bot without Discord, run `tawlbot console`: it needs no token.";

/// Runs the bot from `.env` / the environment until Ctrl-C or SIGTERM.
/// Returns the process exit code.
pub fn run_from_env() -> i32 {
    let _ = dotenvy::dotenv();
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt().with_env_filter(filter).try_init();

    let token = std::env::var("DISCORD_TOKEN").unwrap_or_default();
    let token = token.trim().to_string();
    if token.is_empty() {
        eprintln!("{NO_TOKEN}");
        return 2;
    }
    let dev_guild = match std::env::var("DEV_GUILD_ID") {
        Ok(s) if !s.trim().is_empty() => match s.trim().parse::<u64>() {
            Ok(id) if id > 0 => Some(id),
            _ => {
                eprintln!("DEV_GUILD_ID must be a server id (a number), not {s:?}.");
                return 2;
            }
        },
        _ => None,
    };
    let shards = match Shards::from_env() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return 2;
        }
    };
    let api_base = std::env::var("DISCORD_API_BASE")
        .ok()
        .filter(|s| !s.trim().is_empty());

    let target = store::database_target_from_env();
    let store = match store::open_for_bot(&target) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    tracing::info!("game database: {}", store::redact_url(&target));
    // One bot process per SQLite file: a second one is refused here.
    let _bot_lock = match store.lock_for_bot() {
        Ok(l) => l,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    let mut process = crate::app::Process::new(&shards.label());
    match seconds_from_env("LEASE_SECONDS", 5, 3600) {
        Ok(Some(l)) => process.lease = l,
        Ok(None) => {}
        Err(e) => {
            eprintln!("{e}");
            return 2;
        }
    }
    match seconds_from_env("SCHEDULER_POLL_SECONDS", 1, 60) {
        Ok(Some(p)) => process.poll = p,
        Ok(None) => {}
        Err(e) => {
            eprintln!("{e}");
            return 2;
        }
    }
    let app = App::new(store)
        .with_public_url(std::env::var(crate::web::PUBLIC_URL_VAR).ok())
        .with_process(process);
    // The downtime shift comes first, before the bot connects: no command
    // or bot turn ever sees a clock that ran while the bot was away.
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    if let Err(e) = app.heartbeat(now) {
        tracing::error!("the startup heartbeat failed (the scheduler retries it): {e}");
    }

    // Blocking threads: the app calls' workers (handler::WORKERS), the
    // engine's searches, the web archive's pages and a margin; tokio's
    // default (512) let a burst of events become hundreds of threads.
    let blocking = handler::WORKERS + search_pool::threads_from_env() as usize + 16;
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(blocking)
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("could not start the async runtime: {e}");
            return 1;
        }
    };
    let result = runtime.block_on(async move {
        // With WEB_ADDR set, the archive is served beside the bot.
        let _web = crate::web::spawn_from_env(app.clone()).await?;
        run_shards(token, api_base, dev_guild, shards, app, shutdown_signal()).await
    });
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("{e}");
            1
        }
    }
}

/// A number of seconds from `min` to `max` in the environment variable
/// `var` (unset or empty: `None`): `LEASE_SECONDS`, how long a process's
/// claim on an item of timed work lasts, and `SCHEDULER_POLL_SECONDS`, the
/// scheduler's longest sleep. See `docs/scaling.md`.
fn seconds_from_env(var: &str, min: i64, max: i64) -> Result<Option<i64>, String> {
    match std::env::var(var) {
        Ok(v) if !v.trim().is_empty() => match v.trim().parse::<i64>() {
            Ok(n) if (min..=max).contains(&n) => Ok(Some(n)),
            _ => Err(format!(
                "{var} must be a number of seconds from {min} to {max}, not {:?}.",
                v.chars().take(20).collect::<String>()
            )),
        },
        _ => Ok(None),
    }
}

/// Resolves on Ctrl-C or (on Unix) SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = term => {}
    }
    tracing::info!("shutting down");
}

/// Runs the bot until `shutdown` resolves (or the client stops by itself).
///
/// `api_base`: `None` for the real Discord, or an origin such as
/// `http://127.0.0.1:PORT` (see [`connect`]). `dev_guild`: register the
/// commands on that server only (instant updates) instead of globally.
///
/// On shutdown the shards are stopped, then handlers still running are
/// waited for (up to 10 s) before returning.
pub async fn run(
    token: String,
    api_base: Option<String>,
    dev_guild: Option<u64>,
    app: App,
    shutdown: impl Future<Output = ()> + Send,
) -> Result<(), String> {
    run_shards(token, api_base, dev_guild, Shards::Auto, app, shutdown).await
}

/// [`run`] with a choice of shards: [`Shards::Auto`] starts as many as
/// Discord recommends (`GET /gateway/bot`); a range starts those. Every
/// process runs the clock, claiming each due item so that one of them does
/// it; the process that runs shard 0 gets the direct messages (see
/// `docs/scaling.md`).
pub async fn run_shards(
    token: String,
    api_base: Option<String>,
    dev_guild: Option<u64>,
    shards: Shards,
    app: App,
    shutdown: impl Future<Output = ()> + Send,
) -> Result<(), String> {
    if shards.has_shard_zero() {
        tracing::info!("this process runs shard 0: direct messages to the bot arrive here");
    }
    let app = if app.process().label.is_empty() {
        let mut p = app.process().clone();
        p.label = shards.label();
        app.with_process(p)
    } else {
        app
    };
    // What the clock tells goes through the outbox (handler/sender.rs).
    let app = app.with_outbox();
    let handler = Arc::new(handler::Handler::new(app.clone(), dev_guild));
    let mut client = connect::client_builder(&token, api_base.as_deref(), INTENTS)
        .event_handler_arc(Arc::clone(&handler))
        .await
        .map_err(|e| format!("could not start the Discord client: {e}"))?;
    drop(token);
    let shard_manager = Arc::clone(&client.shard_manager);
    let mut task = tokio::spawn(async move {
        match shards {
            Shards::Auto => client.start_autosharded().await,
            // serenity 0.12 reads the range's end as the last shard, included.
            Shards::Range { first, last, total } => {
                client.start_shard_range(first..last, total).await
            }
        }
    });

    tokio::select! {
        r = &mut task => {
            handler.stop();
            handler.wait_idle(Duration::from_secs(10)).await;
            stopped(app).await;
            return match r {
                Ok(Ok(())) => Ok(()),
                Ok(Err(serenity::Error::Gateway(serenity::gateway::GatewayError::DisallowedGatewayIntents))) => Err(
                    "Discord refused the MESSAGE CONTENT intent: switch on \"Message Content Intent\" \
                     on the Bot page of the developer portal (see docs/discord-setup.md)."
                        .to_string(),
                ),
                Ok(Err(serenity::Error::Gateway(serenity::gateway::GatewayError::InvalidAuthentication))) => Err(
                    "Discord refused the token: reset it on the Bot page of the developer portal \
                     and put the new one in .env as DISCORD_TOKEN=..."
                        .to_string(),
                ),
                Ok(Err(e)) => Err(format!("the Discord connection ended: {e}")),
                Err(e) => Err(format!("the Discord client failed: {e}")),
            };
        }
        _ = shutdown => {}
    }
    handler.stop();
    shard_manager.shutdown_all().await;
    let ended = tokio::time::timeout(Duration::from_secs(10), &mut task).await;
    if ended.is_err() {
        task.abort();
        tracing::warn!("the Discord client did not stop within 10 s");
    }
    handler.wait_idle(Duration::from_secs(10)).await;
    stopped(app).await;
    Ok(())
}

/// A clean stop: this process's unfinished claims on timed work are given
/// up at once, so other processes on the database need not wait for their
/// leases to end.
async fn stopped(app: App) {
    let done = tokio::task::spawn_blocking(move || app.process_stopped()).await;
    if let Ok(Err(e)) = done {
        tracing::warn!("could not give up this process's claims: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permissions_number_matches_the_docs() {
        assert_eq!(BOT_PERMISSIONS.bits(), 311_385_230_336);
        assert!(invite_link(42)
            .ends_with("client_id=42&scope=bot+applications.commands&permissions=311385230336"));
    }

    #[test]
    fn intents_include_message_content() {
        assert!(INTENTS.contains(GatewayIntents::MESSAGE_CONTENT));
    }
}
