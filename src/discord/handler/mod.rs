//! Serenity events in, app calls, Discord messages out. No game logic here.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serenity::all::{
    ChannelId, ChannelType, Command, CommandDataOptionValue, CommandInteraction, CommandOptionType,
    ComponentInteraction, Context, CreateAutocompleteResponse, CreateCommand, CreateCommandOption,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateMessage, CreateThread, EditInteractionResponse, EventHandler, GuildChannel, GuildId,
    Http, Interaction, InteractionId, Message, PartialGuildChannel, Ready, ShardStageUpdateEvent,
    User as DUser,
};
use serenity::gateway::ConnectionStage;
use tokio::sync::{watch, Semaphore};

use super::outgoing::{build, clip_to, post};
use crate::app::commands::{self, OptKind, Runs, Suggest, COMMANDS};
use crate::app::presentation::frontend::{notice_reply_in, Notice};
use crate::app::presentation::rendered::{Reply, Response};
use crate::app::{self, App, Effect, Input, Target};
use crate::i18n::Lang;

/// More permits than there will ever be handlers running at once.
const PERMITS: u32 = 1 << 20;
/// App calls running at once (each on a blocking thread, most holding a
/// database connection): PostgreSQL's default pool has 8 connections, and
/// SQLite writes one at a time. More calls only wait for a connection.
pub(crate) const WORKERS: usize = 8;
// Each app call may draw a picture: the renderer keeps that many sets of
// working buffers, or the calls beyond them grow theirs anew each time.
const _: () = assert!(crate::render::KEPT_SCRATCH >= WORKERS);
/// Events admitted (running or waiting for a worker) at once. Past it a
/// command or button is answered "busy, try again" and a plain message is
/// left unanswered (logged): the bot's memory stays flat however many
/// events arrive. About a minute of work at a few milliseconds a call.
pub(crate) const MAX_ADMITTED: usize = 1024;
/// Discord's limit on a thread name.
const MAX_THREAD_NAME: usize = 100;
/// Discord's limit on an autocomplete choice's name and value.
const MAX_CHOICE: usize = 100;
/// An interaction whose answer is not ready after this long is deferred
/// (Discord drops an interaction not answered within 3 s).
const DEFER_AFTER: Duration = Duration::from_millis(1000);

/// The event handler; cheap to clone (everything shared is behind `Arc`s).
#[derive(Clone)]
pub(crate) struct Handler {
    app: App,
    dev_guild: Option<u64>,
    /// Each running handler holds one permit; shutdown waits for all of them.
    inflight: Arc<Semaphore>,
    /// One permit per app call running on a blocking thread ([`WORKERS`]).
    workers: Arc<Semaphore>,
    /// Players' events admitted and not yet done ([`MAX_ADMITTED`]).
    admitted: Arc<std::sync::atomic::AtomicUsize>,
    /// When the last "too busy" was logged (Unix seconds): once a minute.
    busy_logged: Arc<std::sync::atomic::AtomicI64>,
    stopping: Arc<AtomicBool>,
    stop_tx: Arc<watch::Sender<bool>>,
    scheduler_started: Arc<AtomicBool>,
    /// Commands are registered once per process, not once per shard.
    commands_registered: Arc<AtomicBool>,
    engine: super::search_pool::Engine,
}

mod events;
mod register;
mod replies;
mod respond;
mod rights;
mod scheduler;
mod sender;

use replies::{Answer, Origin};

/// One admitted event ([`Handler::admit`]): counted until dropped.
struct Admitted(Arc<std::sync::atomic::AtomicUsize>);

impl Admitted {
    /// Counts one more in `count` unless it is at `max` already.
    fn take(count: &Arc<std::sync::atomic::AtomicUsize>, max: usize) -> Option<Admitted> {
        count
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < max).then_some(n + 1)
            })
            .ok()
            .map(|_| Admitted(count.clone()))
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

fn app_user(u: &DUser, nick: Option<&str>) -> app::User {
    app::User {
        id: u.id.to_string().into(),
        name: nick.unwrap_or(u.display_name()).to_string(),
    }
}

/// The context of clock events (no user, no interaction).
fn clock_ctx(now: i64) -> app::Ctx {
    app::Ctx {
        server: Default::default(),
        channel: Default::default(),
        user: app::User {
            id: Default::default(),
            name: String::new(),
        },
        now,
        source: format!("clock:{now}"),
        manage_server: false,
        rights: Default::default(),
        roles: Vec::new(),
        mentioned: Vec::new(),
    }
}

impl Handler {
    pub(crate) fn new(app: App, dev_guild: Option<u64>) -> Handler {
        let (stop_tx, _) = watch::channel(false);
        let engine =
            super::search_pool::Engine::new(app.clone(), super::search_pool::threads_from_env());
        Handler {
            app,
            engine,
            dev_guild,
            inflight: Arc::new(Semaphore::new(PERMITS as usize)),
            workers: Arc::new(Semaphore::new(WORKERS)),
            admitted: Default::default(),
            busy_logged: Default::default(),
            stopping: Arc::new(AtomicBool::new(false)),
            stop_tx: Arc::new(stop_tx),
            scheduler_started: Arc::new(AtomicBool::new(false)),
            commands_registered: Arc::new(AtomicBool::new(false)),
        }
    }

    /// New events are ignored from now on; the scheduler stops.
    pub(crate) fn stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
        self.engine.request_stop();
        let _ = self.stop_tx.send(true);
    }

    /// Waits until no handler is running (or `limit` passes).
    pub(crate) async fn wait_idle(&self, limit: Duration) {
        self.engine.stop(limit).await;
        match tokio::time::timeout(limit, self.inflight.acquire_many(PERMITS)).await {
            Ok(Ok(permits)) => drop(permits),
            _ => tracing::warn!("some handlers were still running at shutdown"),
        }
    }

    /// A permit for one handler, or `None` once shutting down.
    fn begin(&self) -> Option<tokio::sync::SemaphorePermit<'_>> {
        if self.stopping.load(Ordering::SeqCst) {
            return None;
        }
        self.inflight.try_acquire().ok()
    }

    /// Admits a player's event ([`MAX_ADMITTED`]): `None` when too many
    /// are running or waiting already (logged once a minute).
    fn admit(&self) -> Option<Admitted> {
        let admitted = Admitted::take(&self.admitted, MAX_ADMITTED);
        if admitted.is_none() {
            let now = unix_now();
            let last = self.busy_logged.load(Ordering::Relaxed);
            if now - last >= 60
                && self
                    .busy_logged
                    .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                    .is_ok()
            {
                tracing::warn!(
                    "{MAX_ADMITTED} events are waiting already: new ones are answered \"busy\" (commands) or not at all (messages) until some are done"
                );
            }
        }
        admitted
    }

    /// Runs `f` on the app off the async threads (the store is synchronous),
    /// once one of the [`WORKERS`] is free: however many events wait, at
    /// most that many blocking threads run app calls.
    async fn call<T: Send + 'static>(
        &self,
        f: impl FnOnce(&App) -> T + Send + 'static,
    ) -> Option<T> {
        let app = self.app.clone();
        let worker = self.workers.clone().acquire_owned().await.ok()?;
        match tokio::task::spawn_blocking(move || {
            let _worker = worker;
            f(&app)
        })
        .await
        {
            Ok(t) => Some(t),
            Err(e) => {
                tracing::error!("app call failed: {e}");
                None
            }
        }
    }
}

impl Handler {
    /// Answers an interaction that was not admitted ([`Handler::admit`]):
    /// "busy, try again", to the player alone, without an app call (in
    /// English where Discord's locale for them is not Welsh: their own
    /// choice of language would be a read of the store).
    async fn too_busy(&self, ctx: &Context, interaction: Interaction) {
        let lang = |locale: &str| Lang::parse(locale).unwrap_or(Lang::En);
        let mut answer = Answer::Pending;
        match &interaction {
            Interaction::Command(cmd) => {
                let busy = notice_reply_in(lang(&cmd.locale), Notice::Busy, true);
                self.send_reply(&ctx.http, Some(Origin::Command(cmd)), &busy, &mut answer)
                    .await;
            }
            Interaction::Component(click) => {
                let busy = notice_reply_in(lang(&click.locale), Notice::Busy, true);
                self.send_reply(
                    &ctx.http,
                    Some(Origin::Component(click)),
                    &busy,
                    &mut answer,
                )
                .await;
            }
            Interaction::Autocomplete(cmd) => {
                let none =
                    CreateInteractionResponse::Autocomplete(CreateAutocompleteResponse::new());
                if let Err(e) = cmd.create_response(&ctx.http, none).await {
                    tracing::warn!("could not answer autocomplete: {e}");
                }
            }
            _ => {}
        }
    }

    /// A channel or thread was deleted: its game is aborted (app/use_cases/tournaments/repair.rs).
    async fn on_channel_deleted(&self, ctx: Context, guild: GuildId, channel: ChannelId) {
        let Some(_permit) = self.begin() else { return };
        let server = crate::domain::ServerId::from(guild.to_string());
        let channel = crate::domain::ChannelId::from(channel.to_string());
        let now = unix_now();
        let resp = self
            .call(move |a| a.channel_deleted(&server, &channel, now))
            .await
            .unwrap_or_default();
        for r in &resp.replies {
            self.send(&ctx.http, None, r, &mut true).await;
        }
        let c = clock_ctx(now);
        self.run_effects(&ctx.http, None, &c, resp.effects, &mut true)
            .await;
    }
}

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        let Some(_permit) = self.begin() else { return };
        tracing::info!(
            "connected to Discord as {} ({} servers)",
            ready.user.name,
            ready.guilds.len()
        );
        tracing::info!(
            "invite link: {}",
            super::invite_link(ready.application.id.get())
        );
        if !self.commands_registered.swap(true, Ordering::SeqCst) {
            self.register_commands(&ctx.http).await;
        }
        self.engine.ready(Arc::clone(&ctx.http)).await;
        // Every process runs the clock: each due item is claimed by one of
        // them (see src/store/leases.rs), so none is done twice.
        if !self.scheduler_started.swap(true, Ordering::SeqCst) {
            tokio::spawn(self.clone().scheduler(Arc::clone(&ctx.http)));
            tokio::spawn(self.clone().sender(Arc::clone(&ctx.http)));
        }
    }

    /// A shard's connection changed: while one is lost the clocks wait,
    /// and when all are back the outage is made up as downtime
    /// (app/runtime/gateway.rs).
    async fn shard_stage_update(&self, _ctx: Context, e: ShardStageUpdateEvent) {
        let (shard, now) = (e.shard_id.0, unix_now());
        if e.new == ConnectionStage::Connected {
            if let Some(Err(err)) = self.call(move |a| a.gateway_back(shard, now)).await {
                tracing::error!("heartbeat after the gateway came back: {err}");
            }
        } else if e.old == ConnectionStage::Connected {
            self.app.gateway_lost(shard, now);
        }
    }

    async fn channel_delete(
        &self,
        ctx: Context,
        channel: GuildChannel,
        _messages: Option<Vec<Message>>,
    ) {
        self.on_channel_deleted(ctx, channel.guild_id, channel.id)
            .await;
    }

    async fn thread_delete(
        &self,
        ctx: Context,
        thread: PartialGuildChannel,
        _full: Option<GuildChannel>,
    ) {
        self.on_channel_deleted(ctx, thread.guild_id, thread.id)
            .await;
    }

    /// A server the bot is in (sent for each on connecting, and when it
    /// joins one): its name is kept for the web archive.
    async fn guild_create(&self, _ctx: Context, guild: serenity::all::Guild, _new: Option<bool>) {
        let Some(_permit) = self.begin() else { return };
        let (server, name) = (
            crate::domain::ServerId::from(guild.id.to_string()),
            guild.name,
        );
        self.call(move |a| a.server_named(&server, &name)).await;
    }

    /// A server was renamed (or changed otherwise).
    async fn guild_update(
        &self,
        _ctx: Context,
        _old: Option<serenity::all::Guild>,
        new: serenity::all::PartialGuild,
    ) {
        let Some(_permit) = self.begin() else { return };
        let (server, name) = (crate::domain::ServerId::from(new.id.to_string()), new.name);
        self.call(move |a| a.server_named(&server, &name)).await;
    }

    async fn message(&self, ctx: Context, msg: Message) {
        let Some(_permit) = self.begin() else { return };
        // The bot's own messages and other bots' are no work.
        if msg.author.bot {
            return;
        }
        let Some(_admitted) = self.admit() else {
            return;
        };
        self.on_message(ctx, msg).await;
    }
    async fn guild_member_removal(
        &self,
        ctx: Context,
        guild_id: GuildId,
        user: DUser,
        _member: Option<serenity::all::Member>,
    ) {
        let Some(_permit) = self.begin() else { return };
        let server = crate::domain::ServerId::from(guild_id.to_string());
        let id = crate::domain::UserId::from(user.id.to_string());
        let now = unix_now();
        let resp = self
            .call(move |a| a.member_left(&server, &id, now))
            .await
            .unwrap_or_default();
        for r in &resp.replies {
            self.send(&ctx.http, None, r, &mut true).await;
        }
        let c = clock_ctx(now);
        self.run_effects(&ctx.http, None, &c, resp.effects, &mut true)
            .await;
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let Some(_permit) = self.begin() else { return };
        let Some(_admitted) = self.admit() else {
            return self.too_busy(&ctx, interaction).await;
        };
        match interaction {
            Interaction::Command(cmd) => self.on_command(ctx, cmd).await,
            Interaction::Autocomplete(cmd) => self.on_autocomplete(ctx, cmd).await,
            Interaction::Component(click) => self.on_component(ctx, click).await,
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn admission_stops_at_its_bound_and_frees_on_drop() {
        let count = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let held: Vec<_> = (0..3).map(|_| Admitted::take(&count, 3)).collect();
        assert!(held.iter().all(Option::is_some));
        assert!(Admitted::take(&count, 3).is_none(), "a fourth is refused");
        drop(held);
        assert_eq!(count.load(Ordering::Acquire), 0);
        assert!(Admitted::take(&count, 3).is_some());
    }
}
