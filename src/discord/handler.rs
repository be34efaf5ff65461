//! Serenity events in, app calls, Discord messages out. No game logic here.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serenity::all::{
    ButtonStyle as DButtonStyle, ChannelId, ChannelType, Command, CommandDataOptionValue,
    CommandInteraction, CommandOptionType, ComponentInteraction, Context, CreateActionRow,
    CreateAttachment, CreateAutocompleteResponse, CreateButton, CreateCommand, CreateCommandOption,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateMessage, CreateThread, EventHandler, GuildId, Http, Interaction, Message, Ready,
    User as DUser, UserId,
};
use tokio::sync::{watch, Semaphore};

use crate::app::commands::{OptKind, COMMANDS};
use crate::app::{self, App, ButtonStyle, Effect, Input, Reply, Response, Target};

/// More permits than there will ever be handlers running at once.
const PERMITS: u32 = 1 << 20;
/// Discord's limit on message text.
const MAX_CONTENT: usize = 2000;

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
    engine: super::engine::Engine,
}

fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

fn clip(text: &str) -> String {
    if text.chars().count() <= MAX_CONTENT {
        return text.to_string();
    }
    let mut s: String = text.chars().take(MAX_CONTENT - 1).collect();
    s.push('…');
    s
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
                    .map(|b| {
                        CreateButton::new(b.id.clone())
                            .label(b.label.clone())
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
        .map(|f| CreateAttachment::bytes(f.bytes.clone(), f.name.clone()))
        .collect()
}

pub(super) fn channel_message(reply: &Reply) -> CreateMessage {
    let mut m = CreateMessage::new()
        .components(components(reply))
        .add_files(attachments(reply));
    if !reply.text.is_empty() {
        m = m.content(clip(&reply.text));
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
}

impl Handler {
    pub(crate) fn new(app: App, dev_guild: Option<u64>) -> Handler {
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
        loop {
            let now = unix_now();
            let due = self.call(|a| a.next_due()).await.flatten();
            let wake = due.map_or(now + 60, |d| d.min(now + 60));
            let wait = (wake - now).max(1) as u64;
            tokio::select! {
                _ = tokio::time::sleep(Duration::from_secs(wait)) => {}
                _ = stop.changed() => return,
            }
            let Some(_permit) = self.begin() else { return };
            let now = unix_now();
            let resp = self.call(move |a| a.tick(now)).await.unwrap_or_default();
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
        }
    }

    /// Sends one reply. `answered`: the interaction already has its response.
    async fn send(&self, http: &Http, origin: Option<Origin<'_>>, r: &Reply, answered: &mut bool) {
        let result = match (&r.target, origin) {
            (Target::Here, Some(Origin::Message(msg))) => msg
                .channel_id
                .send_message(http, channel_message(r).reference_message(msg))
                .await
                .map(|_| ()),
            (Target::Here, Some(o @ (Origin::Command(_) | Origin::Component(_)))) => {
                if !*answered {
                    *answered = true;
                    let mut m = CreateInteractionResponseMessage::new()
                        .ephemeral(r.ephemeral)
                        .components(components(r))
                        .add_files(attachments(r));
                    if !r.text.is_empty() {
                        m = m.content(clip(&r.text));
                    }
                    let resp = CreateInteractionResponse::Message(m);
                    match o {
                        Origin::Command(i) => i.create_response(http, resp).await,
                        Origin::Component(i) => i.create_response(http, resp).await,
                        Origin::Message(_) => unreachable!(),
                    }
                } else {
                    let mut m = CreateInteractionResponseFollowup::new()
                        .ephemeral(r.ephemeral)
                        .components(components(r))
                        .add_files(attachments(r));
                    if !r.text.is_empty() {
                        m = m.content(clip(&r.text));
                    }
                    match o {
                        Origin::Command(i) => i.create_followup(http, m).await.map(|_| ()),
                        Origin::Component(i) => i.create_followup(http, m).await.map(|_| ()),
                        Origin::Message(_) => unreachable!(),
                    }
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

    /// Sends a whole response, then carries out its effects.
    async fn deliver(&self, http: &Http, origin: Origin<'_>, ctx: &app::Ctx, resp: Response) {
        let Response {
            mut replies,
            effects,
        } = resp;
        let mut answered = !origin.is_interaction();
        if origin.is_interaction() {
            // Answer the interaction first: Discord gives it three seconds.
            if let Some(i) = replies.iter().position(|r| r.target == Target::Here) {
                let first = replies.remove(i);
                self.send(http, Some(origin), &first, &mut answered).await;
            } else {
                let ack = if effects.is_empty() {
                    "Done."
                } else {
                    "Opening a thread…"
                };
                self.send(http, Some(origin), &Reply::private(ack), &mut answered)
                    .await;
            }
        }
        for r in &replies {
            self.send(http, Some(origin), r, &mut answered).await;
        }
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
                Err(e) => {
                    tracing::warn!("could not open a thread in {parent}: {e}");
                    let r = Reply::text(
                        "I could not open a thread here: I need the Create Public Threads and Send Messages in Threads permissions.",
                    )
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
            server: guild.map_or_else(|| "dm".to_string(), |g| g.to_string()),
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
            server: msg
                .guild_id
                .map_or_else(|| "dm".to_string(), |g| g.to_string()),
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
        self.deliver(&ctx.http, Origin::Message(&msg), &actx, resp)
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
        let c = actx.clone();
        let Some(resp) = self.call(move |a| a.handle(&c, input)).await else {
            return;
        };
        self.deliver(&ctx.http, Origin::Command(&cmd), &actx, resp)
            .await;
    }

    async fn on_autocomplete(&self, ctx: Context, cmd: CommandInteraction) {
        let actx = self.command_ctx(&cmd);
        let partial = cmd
            .data
            .autocomplete()
            .map(|f| f.value.to_string())
            .unwrap_or_default();
        let choices = self
            .call(move |a| a.autocomplete(&actx, &partial))
            .await
            .unwrap_or_default();
        let mut r = CreateAutocompleteResponse::new();
        for m in choices.into_iter().take(25) {
            r = r.add_string_choice(m.clone(), m);
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
        let c = actx.clone();
        let Some(resp) = self.call(move |a| a.handle(&c, input)).await else {
            return;
        };
        self.deliver(&ctx.http, Origin::Component(&click), &actx, resp)
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
        self.register_commands(&ctx.http).await;
        self.engine.ready(Arc::clone(&ctx.http)).await;
        if !self.scheduler_started.swap(true, Ordering::SeqCst) {
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
