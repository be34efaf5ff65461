//! Serenity events in, app calls, Discord messages out. No game logic here.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serenity::all::{
    ButtonStyle as DButtonStyle, ChannelId, ChannelType, Command, CommandDataOptionValue,
    CommandInteraction, CommandOptionType, ComponentInteraction, Context, CreateActionRow,
    CreateAllowedMentions, CreateAttachment, CreateAutocompleteResponse, CreateButton,
    CreateCommand, CreateCommandOption, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage,
    CreateThread, EditInteractionResponse, EventHandler, GuildId, Http, Interaction, InteractionId,
    Message, Ready, User as DUser, UserId,
};
use serenity::builder::Builder as _;
use tokio::sync::{watch, Semaphore};

use crate::app::commands::{self, OptKind, COMMANDS};
use crate::app::frontend::{notice_reply_in, Notice};
use crate::app::{self, escape, App, ButtonStyle, Effect, Input, Reply, Response, Target};
use crate::i18n::Lang;

/// More permits than there will ever be handlers running at once.
const PERMITS: u32 = 1 << 20;
/// Discord's limit on message text.
const MAX_CONTENT: usize = 2000;
/// Discord's limits on a button label and a component's custom id.
const MAX_LABEL: usize = 80;
const MAX_CUSTOM_ID: usize = 100;
/// Discord's limit on a thread name.
const MAX_THREAD_NAME: usize = 100;
/// Discord's limit on an autocomplete choice's name and value.
const MAX_CHOICE: usize = 100;
/// An interaction whose answer is not ready after this long is deferred
/// (Discord drops an interaction not answered within 3 s).
const DEFER_AFTER: Duration = Duration::from_millis(1000);
/// Commands deferred at once: they draw pictures or GIFs of whole games.
const SLOW_COMMANDS: &[&str] = &["export", "tournament start", "tournament standings"];

/// The event handler; cheap to clone (everything shared is behind `Arc`s).
#[derive(Clone)]
pub(crate) struct Handler {
    app: App,
    dev_guild: Option<u64>,
    /// Each running handler holds one permit; shutdown waits for all of them.
    inflight: Arc<Semaphore>,
    stopping: Arc<AtomicBool>,
    stop_tx: Arc<watch::Sender<bool>>,
    scheduler_started: Arc<AtomicBool>,
    /// Whether this process runs the clock (the one that runs shard 0).
    runs_scheduler: bool,
    /// Commands are registered once per process, not once per shard.
    commands_registered: Arc<AtomicBool>,
    engine: super::engine::Engine,
}

fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

fn clip(text: &str) -> String {
    clip_to(text, MAX_CONTENT)
}

/// `text` cut to at most `max` characters (the last one an ellipsis if cut).
fn clip_to(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut s: String = text.chars().take(max - 1).collect();
    s.push('…');
    s
}

/// Who a message may ping: exactly the users the app mentions as `<@id>` in
/// `text`; never roles, `@everyone` or `@here`, and not the author of a message
/// replied to (unless mentioned).
pub(crate) fn allowed_mentions(text: &str) -> CreateAllowedMentions {
    CreateAllowedMentions::new()
        .users(
            escape::pinged_users(text)
                .into_iter()
                .filter(|id| *id > 0)
                .map(UserId::new),
        )
        .replied_user(false)
}

fn app_user(u: &DUser, nick: Option<&str>) -> app::User {
    app::User {
        id: u.id.to_string(),
        name: nick.unwrap_or(u.display_name()).to_string(),
    }
}

fn components(reply: &Reply) -> Vec<CreateActionRow> {
    reply
        .buttons
        .chunks(5)
        .take(5)
        .map(|row| {
            CreateActionRow::Buttons(
                row.iter()
                    .filter(|b| {
                        let ok = (1..=MAX_CUSTOM_ID).contains(&b.id.len());
                        if !ok {
                            tracing::warn!("a button id is too long for Discord: {:?}", b.id);
                        }
                        ok
                    })
                    .map(|b| {
                        CreateButton::new(b.id.clone())
                            .label(clip_to(&b.label, MAX_LABEL))
                            .style(match b.style {
                                ButtonStyle::Primary => DButtonStyle::Primary,
                                ButtonStyle::Secondary => DButtonStyle::Secondary,
                                ButtonStyle::Danger => DButtonStyle::Danger,
                            })
                    })
                    .collect(),
            )
        })
        .collect()
}

fn attachments(reply: &Reply) -> Vec<CreateAttachment> {
    reply
        .files
        .iter()
        .map(|f| {
            let a = CreateAttachment::bytes(f.bytes.clone(), f.name.clone());
            if f.description.is_empty() {
                a
            } else {
                a.description(f.description.clone())
            }
        })
        .collect()
}

pub(super) fn channel_message(reply: &Reply) -> CreateMessage {
    let text = clip(&reply.text);
    let mut m = CreateMessage::new()
        .components(components(reply))
        .add_files(attachments(reply))
        .allowed_mentions(allowed_mentions(&text));
    if !text.is_empty() {
        m = m.content(text);
    }
    m
}

fn response_message(r: &Reply) -> CreateInteractionResponseMessage {
    let text = clip(&r.text);
    let mut m = CreateInteractionResponseMessage::new()
        .ephemeral(r.ephemeral)
        .components(components(r))
        .add_files(attachments(r))
        .allowed_mentions(allowed_mentions(&text));
    if !text.is_empty() {
        m = m.content(text);
    }
    m
}

fn followup_message(r: &Reply) -> CreateInteractionResponseFollowup {
    let text = clip(&r.text);
    let mut m = CreateInteractionResponseFollowup::new()
        .ephemeral(r.ephemeral)
        .components(components(r))
        .add_files(attachments(r))
        .allowed_mentions(allowed_mentions(&text));
    if !text.is_empty() {
        m = m.content(text);
    }
    m
}

/// The edit that turns a deferred response into the reply.
fn edit_message(r: &Reply) -> EditInteractionResponse {
    let text = clip(&r.text);
    let mut m = EditInteractionResponse::new()
        .components(components(r))
        .allowed_mentions(allowed_mentions(&text));
    for a in attachments(r) {
        m = m.new_attachment(a);
    }
    if !text.is_empty() {
        m = m.content(text);
    }
    m
}

/// The context of clock events (no user, no interaction).
fn clock_ctx(now: i64) -> app::Ctx {
    app::Ctx {
        server: String::new(),
        channel: String::new(),
        user: app::User {
            id: String::new(),
            name: String::new(),
        },
        now,
        source: format!("clock:{now}"),
        manage_server: false,
        mentioned: Vec::new(),
    }
}

/// The slash commands to register, from the app's command table.
pub(crate) fn create_commands() -> Vec<CreateCommand> {
    COMMANDS
        .iter()
        .map(|c| {
            let mut options = command_options(c);
            for sc in c.subcommands {
                let mut sub = CreateCommandOption::new(
                    CommandOptionType::SubCommand,
                    sc.name,
                    sc.description,
                );
                for o in command_options(sc) {
                    sub = sub.add_sub_option(o);
                }
                options.push(sub);
            }
            CreateCommand::new(c.name)
                .description(c.description)
                .set_options(options)
        })
        .collect()
}

fn command_options(c: &crate::app::commands::CommandSpec) -> Vec<CreateCommandOption> {
    c.options
        .iter()
        .map(|o| {
            let kind = match o.kind {
                OptKind::Text => CommandOptionType::String,
                OptKind::User => CommandOptionType::User,
                OptKind::Bool => CommandOptionType::Boolean,
                OptKind::Integer => CommandOptionType::Integer,
            };
            let mut opt =
                CreateCommandOption::new(kind, o.name, o.description).required(o.required);
            if o.autocomplete {
                opt = opt.set_autocomplete(true);
            }
            for (label, value) in o.choices {
                opt = opt.add_string_choice(*label, *value);
            }
            opt
        })
        .collect()
}

/// Where an input came from, and so where `Target::Here` replies go.
#[derive(Clone, Copy)]
enum Origin<'a> {
    Message(&'a Message),
    Command(&'a CommandInteraction),
    Component(&'a ComponentInteraction),
}

impl Origin<'_> {
    fn is_interaction(&self) -> bool {
        !matches!(self, Origin::Message(_))
    }
    /// The interaction's id and token.
    fn interaction(&self) -> Option<(InteractionId, &str)> {
        match self {
            Origin::Message(_) => None,
            Origin::Command(i) => Some((i.id, i.token.as_str())),
            Origin::Component(i) => Some((i.id, i.token.as_str())),
        }
    }
}

/// Where the answer to an interaction stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    /// Nothing sent yet: the first reply is the interaction's response.
    Pending,
    /// Deferred ("tawlbot is thinking…"): the first reply edits that response.
    Deferred { ephemeral: bool },
    /// Answered (or not an interaction): replies are follow-ups.
    Done,
}

impl Handler {
    pub(crate) fn new(app: App, dev_guild: Option<u64>, runs_scheduler: bool) -> Handler {
        let (stop_tx, _) = watch::channel(false);
        let engine = super::engine::Engine::new(app.clone(), super::engine::threads_from_env());
        Handler {
            app,
            engine,
            dev_guild,
            inflight: Arc::new(Semaphore::new(PERMITS as usize)),
            stopping: Arc::new(AtomicBool::new(false)),
            stop_tx: Arc::new(stop_tx),
            scheduler_started: Arc::new(AtomicBool::new(false)),
            runs_scheduler,
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

    /// Runs `f` on the app off the async threads (the store is synchronous).
    async fn call<T: Send + 'static>(
        &self,
        f: impl FnOnce(&App) -> T + Send + 'static,
    ) -> Option<T> {
        let app = self.app.clone();
        match tokio::task::spawn_blocking(move || f(&app)).await {
            Ok(t) => Some(t),
            Err(e) => {
                tracing::error!("app call failed: {e}");
                None
            }
        }
    }

    async fn register_commands(&self, http: &Http) {
        let commands = create_commands();
        let n = commands.len();
        let result = match self.dev_guild {
            Some(g) => GuildId::new(g)
                .set_commands(http, commands)
                .await
                .map(|_| ()),
            None => Command::set_global_commands(http, commands)
                .await
                .map(|_| ()),
        };
        match (result, self.dev_guild) {
            (Ok(()), Some(g)) => tracing::info!("registered {n} commands on server {g}"),
            (Ok(()), None) => tracing::info!("registered {n} commands globally"),
            (Err(e), _) => tracing::error!("could not register the slash commands: {e}"),
        }
    }

    /// Clock ticks: time-outs, expired challenges, reminders.
    async fn scheduler(self, http: Arc<Http>) {
        let mut stop = self.stop_tx.subscribe();
        // Seconds to wait at least before the next pass: 0 while all is
        // well, doubling from 5 s up to 5 minutes while passes fail.
        let mut backoff: u64 = 0;
        let mut db_ok = true;
        let mut first = true;
        loop {
            if !first {
                let now = unix_now();
                let due = self.call(|a| a.next_due()).await.flatten();
                let wake = due.map_or(now + 60, |d| d.min(now + 60));
                let wait = ((wake - now).max(1) as u64).max(backoff);
                tokio::select! {
                    _ = tokio::time::sleep(Duration::from_secs(wait)) => {}
                    _ = stop.changed() => return,
                }
            }
            first = false;
            let Some(_permit) = self.begin() else { return };
            let now = unix_now();
            // The heartbeat comes first (at startup too): after downtime
            // every running clock is extended before any timeout is judged.
            let beat = self.call(move |a| a.heartbeat(now)).await;
            let report = match beat {
                Some(Ok(_)) => {
                    let (resp, report) = self
                        .call(move |a| a.tick_report(now))
                        .await
                        .unwrap_or_else(|| {
                            let failed = app::TickReport {
                                aborted: true,
                                ..Default::default()
                            };
                            (Response::default(), failed)
                        });
                    for r in &resp.replies {
                        if r.target == Target::Here {
                            tracing::warn!("a clock reply had no channel: {:?}", r.text);
                            continue;
                        }
                        self.send(&http, None, r, &mut true).await;
                    }
                    let ctx = clock_ctx(now);
                    self.run_effects(&http, None, &ctx, resp.effects, &mut true)
                        .await;
                    report
                }
                other => {
                    // No tick without a heartbeat: a timeout must never be
                    // judged before downtime was made up for.
                    if db_ok {
                        match other {
                            Some(Err(e)) => tracing::error!(
                                "the scheduler cannot record its heartbeat, so it judges no clock until it can: {e}"
                            ),
                            _ => tracing::error!("the scheduler's heartbeat failed"),
                        }
                    }
                    app::TickReport {
                        aborted: true,
                        ..Default::default()
                    }
                }
            };
            if report.ok() {
                if !db_ok {
                    tracing::info!("the scheduler runs normally again");
                }
                db_ok = true;
            } else {
                db_ok = !report.aborted && db_ok;
            }
            backoff = app::scheduler_backoff(backoff, report.ok());
        }
    }

    /// Sends one reply. `answered`: the interaction already has its response
    /// (always `true` outside interactions, as for the scheduler).
    async fn send(&self, http: &Http, origin: Option<Origin<'_>>, r: &Reply, answered: &mut bool) {
        let mut answer = if *answered {
            Answer::Done
        } else {
            Answer::Pending
        };
        self.send_reply(http, origin, r, &mut answer).await;
        *answered = answer == Answer::Done;
    }

    /// Answers an interaction with "thinking…" (public unless `ephemeral`).
    async fn defer(&self, http: &Http, origin: Origin<'_>, ephemeral: bool, answer: &mut Answer) {
        let Some((id, token)) = origin.interaction() else {
            return;
        };
        if *answer != Answer::Pending {
            return;
        }
        let resp = CreateInteractionResponse::Defer(
            CreateInteractionResponseMessage::new().ephemeral(ephemeral),
        );
        match resp.execute(http, (id, token)).await {
            Ok(()) => *answer = Answer::Deferred { ephemeral },
            Err(e) => tracing::warn!("could not defer an interaction: {e}"),
        }
    }

    /// Sends one reply; `answer` says where the interaction's answer stands.
    async fn send_reply(
        &self,
        http: &Http,
        origin: Option<Origin<'_>>,
        r: &Reply,
        answer: &mut Answer,
    ) {
        let result = match (&r.target, origin) {
            (Target::Here, Some(Origin::Message(msg))) => msg
                .channel_id
                .send_message(http, channel_message(r).reference_message(msg))
                .await
                .map(|_| ()),
            (Target::Here, Some(o)) => {
                let Some((id, token)) = o.interaction() else {
                    return;
                };
                match *answer {
                    Answer::Pending => {
                        *answer = Answer::Done;
                        CreateInteractionResponse::Message(response_message(r))
                            .execute(http, (id, token))
                            .await
                    }
                    Answer::Deferred { ephemeral } if ephemeral == r.ephemeral => {
                        *answer = Answer::Done;
                        edit_message(r).execute(http, token).await.map(|_| ())
                    }
                    Answer::Deferred { .. } => {
                        // The "thinking…" message cannot change between private
                        // and public: replace it with a follow-up.
                        *answer = Answer::Done;
                        if let Err(e) = http.delete_original_interaction_response(token).await {
                            tracing::warn!("could not remove a deferred response: {e}");
                        }
                        followup_message(r)
                            .execute(http, (None, token))
                            .await
                            .map(|_| ())
                    }
                    Answer::Done => followup_message(r)
                        .execute(http, (None, token))
                        .await
                        .map(|_| ()),
                }
            }
            (Target::Here, None) => Ok(()),
            (Target::Channel(id), _) => match id.parse::<u64>() {
                Ok(c) if c > 0 => ChannelId::new(c)
                    .send_message(http, channel_message(r))
                    .await
                    .map(|_| ()),
                _ => {
                    tracing::warn!("not a channel id: {id:?}");
                    Ok(())
                }
            },
            (Target::Dm(user), _) => match user.parse::<u64>() {
                Ok(u) if u > 0 => match UserId::new(u).create_dm_channel(http).await {
                    Ok(dm) => dm
                        .id
                        .send_message(http, channel_message(r))
                        .await
                        .map(|_| ()),
                    Err(e) => Err(e),
                },
                _ => {
                    tracing::warn!("not a user id: {user:?}");
                    Ok(())
                }
            },
        };
        if let Err(e) = result {
            tracing::warn!("could not send a reply to {:?}: {e}", r.target);
        }
    }

    /// Runs `input` on the app for an interaction, deferring the interaction
    /// first when the command is known to be slow, or when the answer is not
    /// ready within [`DEFER_AFTER`] (a busy database, a big picture).
    async fn handle_interaction(
        &self,
        http: &Http,
        origin: Origin<'_>,
        ctx: &app::Ctx,
        input: Input,
    ) {
        let slow =
            matches!(&input, Input::Slash { name, .. } if SLOW_COMMANDS.contains(&name.as_str()));
        let mut answer = Answer::Pending;
        if slow {
            self.defer(http, origin, false, &mut answer).await;
        }
        let app = self.app.clone();
        let c = ctx.clone();
        let mut job = tokio::task::spawn_blocking(move || app.handle(&c, input));
        if answer == Answer::Pending {
            if let Ok(done) = tokio::time::timeout(DEFER_AFTER, &mut job).await {
                return self.finish(http, origin, ctx, done, answer).await;
            }
            self.defer(http, origin, false, &mut answer).await;
        }
        let done = job.await;
        self.finish(http, origin, ctx, done, answer).await;
    }

    async fn finish(
        &self,
        http: &Http,
        origin: Origin<'_>,
        ctx: &app::Ctx,
        done: Result<Response, tokio::task::JoinError>,
        answer: Answer,
    ) {
        match done {
            Ok(resp) => self.deliver(http, origin, ctx, resp, answer).await,
            Err(e) => {
                tracing::error!("app call failed: {e}");
                let mut answer = answer;
                let c = ctx.clone();
                let sorry = self
                    .call(move |a| a.notice_reply(&c, Notice::Failed))
                    .await
                    .unwrap_or_else(|| notice_reply_in(Lang::En, Notice::Failed, true));
                self.send_reply(http, Some(origin), &sorry, &mut answer)
                    .await;
            }
        }
    }

    /// Sends a whole response, then carries out its effects.
    async fn deliver(
        &self,
        http: &Http,
        origin: Origin<'_>,
        ctx: &app::Ctx,
        resp: Response,
        mut answer: Answer,
    ) {
        let Response {
            mut replies,
            effects,
        } = resp;
        if !origin.is_interaction() {
            answer = Answer::Done;
        }
        if answer != Answer::Done {
            // Answer the interaction first: Discord gives it three seconds.
            if let Some(i) = replies.iter().position(|r| r.target == Target::Here) {
                let first = replies.remove(i);
                self.send_reply(http, Some(origin), &first, &mut answer)
                    .await;
            } else {
                let notice = if effects.is_empty() {
                    Notice::Done
                } else {
                    Notice::OpeningThread
                };
                let c = ctx.clone();
                let ack = self
                    .call(move |a| a.notice_reply(&c, notice))
                    .await
                    .unwrap_or_else(|| notice_reply_in(Lang::En, notice, true));
                self.send_reply(http, Some(origin), &ack, &mut answer).await;
            }
        }
        for r in &replies {
            self.send_reply(http, Some(origin), r, &mut answer).await;
        }
        let mut answered = answer == Answer::Done;
        self.run_effects(http, Some(origin), ctx, effects, &mut answered)
            .await;
    }

    /// Opens the threads the app asked for and starts their games.
    async fn run_effects(
        &self,
        http: &Http,
        origin: Option<Origin<'_>>,
        ctx: &app::Ctx,
        effects: Vec<Effect>,
        answered: &mut bool,
    ) {
        for effect in effects {
            let (parent, name) = match &effect {
                Effect::BotTurn { .. } => {
                    self.engine.effect(effect);
                    continue;
                }
                Effect::OpenThread { parent, name, .. } => (parent.clone(), name.clone()),
                Effect::OpenMatchThread { parent, name, .. } => (parent.clone(), name.clone()),
            };
            let Ok(parent_id) = parent.parse::<u64>() else {
                tracing::warn!("not a channel id: {parent:?}");
                continue;
            };
            let mut name = clip_to(name.trim(), MAX_THREAD_NAME);
            if name.is_empty() {
                name = "game".to_string();
            }
            let thread = ChannelId::new(parent_id)
                .create_thread(
                    http,
                    CreateThread::new(name).kind(ChannelType::PublicThread),
                )
                .await;
            match thread {
                Ok(thread) => {
                    let mut ctx2 = ctx.clone();
                    ctx2.now = ctx2.now.max(unix_now());
                    let tid = thread.id.to_string();
                    let resp = self
                        .call(move |a| match effect {
                            Effect::OpenThread { challenge, .. } => {
                                a.start_in_thread(&ctx2, challenge, &tid)
                            }
                            Effect::OpenMatchThread { match_id, .. } => {
                                a.start_match_in_thread(&ctx2, match_id, &tid)
                            }
                            Effect::BotTurn { .. } => Response::default(),
                        })
                        .await
                        .unwrap_or_default();
                    for r in &resp.replies {
                        self.send(http, origin, r, answered).await;
                    }
                    for e in resp.effects {
                        self.engine.effect(e);
                    }
                }
                Err(e) if matches!(effect, Effect::OpenMatchThread { .. }) => {
                    // The match is played in the tournament's channel.
                    tracing::warn!("could not open a match thread in {parent}: {e}");
                    let Effect::OpenMatchThread { match_id, .. } = effect else {
                        continue;
                    };
                    let mut ctx2 = ctx.clone();
                    ctx2.now = ctx2.now.max(unix_now());
                    let resp = self
                        .call(move |a| a.match_thread_failed(&ctx2, match_id))
                        .await
                        .unwrap_or_default();
                    for r in &resp.replies {
                        self.send(http, origin, r, answered).await;
                    }
                }
                Err(e) => {
                    tracing::warn!("could not open a thread in {parent}: {e}");
                    let c = ctx.clone();
                    let r = self
                        .call(move |a| a.notice_public(&c, Notice::ThreadRefused))
                        .await
                        .unwrap_or_else(|| notice_reply_in(Lang::En, Notice::ThreadRefused, false))
                        .to_channel(&parent);
                    self.send(http, origin, &r, answered).await;
                }
            }
        }
    }

    fn interaction_ctx(
        &self,
        guild: Option<GuildId>,
        channel: ChannelId,
        user: &DUser,
        member: Option<&serenity::all::Member>,
        source: String,
        mentioned: Vec<app::User>,
    ) -> app::Ctx {
        app::Ctx {
            server: guild.map_or_else(|| app::dm_scope(&user.id.to_string()), |g| g.to_string()),
            channel: channel.to_string(),
            user: app_user(user, member.and_then(|m| m.nick.as_deref())),
            now: unix_now(),
            source,
            manage_server: member
                .and_then(|m| m.permissions)
                .is_some_and(|p| p.manage_guild()),
            mentioned,
        }
    }

    fn command_ctx(&self, cmd: &CommandInteraction) -> app::Ctx {
        let mentioned = cmd
            .data
            .resolved
            .users
            .values()
            .map(|u| {
                let nick = cmd
                    .data
                    .resolved
                    .members
                    .get(&u.id)
                    .and_then(|m| m.nick.as_deref());
                app_user(u, nick)
            })
            .collect();
        self.interaction_ctx(
            cmd.guild_id,
            cmd.channel_id,
            &cmd.user,
            cmd.member.as_deref(),
            cmd.id.to_string(),
            mentioned,
        )
    }

    async fn on_message(&self, ctx: Context, msg: Message) {
        if msg.author.bot {
            return;
        }
        let me = ctx.cache.current_user().id;
        let addressed = msg.mentions.iter().any(|u| u.id == me)
            || msg
                .referenced_message
                .as_ref()
                .is_some_and(|m| m.author.id == me);
        let nick = msg.member.as_ref().and_then(|m| m.nick.as_deref());
        let actx = app::Ctx {
            server: msg.guild_id.map_or_else(
                || app::dm_scope(&msg.author.id.to_string()),
                |g| g.to_string(),
            ),
            channel: msg.channel_id.to_string(),
            user: app_user(&msg.author, nick),
            now: unix_now(),
            source: msg.id.to_string(),
            manage_server: msg
                .member
                .as_ref()
                .and_then(|m| m.permissions)
                .is_some_and(|p| p.manage_guild()),
            mentioned: msg.mentions.iter().map(|u| app_user(u, None)).collect(),
        };
        let input = Input::Message {
            text: msg.content.clone(),
            addressed,
        };
        let c = actx.clone();
        let Some(resp) = self.call(move |a| a.handle(&c, input)).await else {
            return;
        };
        self.deliver(&ctx.http, Origin::Message(&msg), &actx, resp, Answer::Done)
            .await;
    }

    async fn on_command(&self, ctx: Context, cmd: CommandInteraction) {
        let actx = self.command_ctx(&cmd);
        let mut name = cmd.data.name.clone();
        let mut options = &cmd.data.options;
        if let Some(o) = cmd.data.options.first() {
            if let CommandDataOptionValue::SubCommand(inner) = &o.value {
                name = format!("{name} {}", o.name);
                options = inner;
            }
        }
        let me = ctx.cache.current_user().id;
        let args: Vec<(String, String)> = options
            .iter()
            .filter_map(|o| {
                let v = match &o.value {
                    CommandDataOptionValue::String(s) => s.clone(),
                    CommandDataOptionValue::Integer(i) => i.to_string(),
                    CommandDataOptionValue::Boolean(b) => b.to_string(),
                    CommandDataOptionValue::Number(n) => n.to_string(),
                    // The bot itself is the app's BOT_ID (a challenge to it).
                    CommandDataOptionValue::User(u) if *u == me => app::BOT_ID.to_string(),
                    CommandDataOptionValue::User(u) => u.to_string(),
                    CommandDataOptionValue::Channel(c) => c.to_string(),
                    CommandDataOptionValue::Role(r) => r.to_string(),
                    CommandDataOptionValue::Mentionable(m) => m.to_string(),
                    _ => return None,
                };
                Some((o.name.clone(), v))
            })
            .collect();
        if name == "analysis" {
            let game = args
                .iter()
                .find(|(k, _)| k == "game")
                .map(|(_, v)| v.clone());
            self.engine.analysis(&ctx.http, &cmd, actx, game).await;
            return;
        }
        let input = Input::Slash { name, args };
        self.handle_interaction(&ctx.http, Origin::Command(&cmd), &actx, input)
            .await;
    }

    async fn on_autocomplete(&self, ctx: Context, cmd: CommandInteraction) {
        let actx = self.command_ctx(&cmd);
        let focused = cmd.data.autocomplete();
        let option = focused
            .as_ref()
            .map(|f| f.name.to_string())
            .unwrap_or_default();
        let partial = focused.map(|f| f.value.to_string()).unwrap_or_default();
        let choices: Vec<(String, String)> = if option == "time" {
            commands::time_suggestions(&partial)
        } else {
            self.call(move |a| a.autocomplete(&actx, &partial))
                .await
                .unwrap_or_default()
                .into_iter()
                .map(|m| (m.clone(), m))
                .collect()
        };
        let mut r = CreateAutocompleteResponse::new();
        for (label, value) in choices.into_iter().take(25) {
            if value.is_empty() || value.chars().count() > MAX_CHOICE {
                continue;
            }
            r = r.add_string_choice(clip_to(&label, MAX_CHOICE), value);
        }
        if let Err(e) = cmd
            .create_response(&ctx.http, CreateInteractionResponse::Autocomplete(r))
            .await
        {
            tracing::warn!("could not answer autocomplete: {e}");
        }
    }

    async fn on_component(&self, ctx: Context, click: ComponentInteraction) {
        let actx = self.interaction_ctx(
            click.guild_id,
            click.channel_id,
            &click.user,
            click.member.as_ref(),
            click.id.to_string(),
            Vec::new(),
        );
        let input = Input::Button {
            id: click.data.custom_id.clone(),
        };
        self.handle_interaction(&ctx.http, Origin::Component(&click), &actx, input)
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
        if self.runs_scheduler && !self.scheduler_started.swap(true, Ordering::SeqCst) {
            tokio::spawn(self.clone().scheduler(Arc::clone(&ctx.http)));
        }
    }

    async fn message(&self, ctx: Context, msg: Message) {
        let Some(_permit) = self.begin() else { return };
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
        let (server, id, now) = (guild_id.to_string(), user.id.to_string(), unix_now());
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
        match interaction {
            Interaction::Command(cmd) => self.on_command(ctx, cmd).await,
            Interaction::Autocomplete(cmd) => self.on_autocomplete(ctx, cmd).await,
            Interaction::Component(click) => self.on_component(ctx, click).await,
            _ => {}
        }
    }
}
