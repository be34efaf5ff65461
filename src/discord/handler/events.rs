//! Serenity events in: messages, slash commands, autocomplete, buttons.

use super::{
    app, app_user, clip_to, commands, unix_now, Answer, ChannelId, CommandDataOptionValue,
    CommandInteraction, ComponentInteraction, Context, CreateAutocompleteResponse,
    CreateInteractionResponse, DUser, GuildId, Handler, Input, Message, Origin, Runs, Suggest,
    MAX_CHOICE,
};

impl Handler {
    pub(super) fn interaction_ctx(
        &self,
        guild: Option<GuildId>,
        channel: ChannelId,
        user: &DUser,
        member: Option<&serenity::all::Member>,
        source: String,
        mentioned: Vec<app::User>,
    ) -> app::Ctx {
        app::Ctx {
            server: guild.map_or_else(
                || app::dm_scope(&user.id.to_string()),
                |g| g.to_string().into(),
            ),
            channel: channel.to_string().into(),
            user: app_user(user, member.and_then(|m| m.nick.as_deref())),
            now: unix_now(),
            source,
            manage_server: member
                .and_then(|m| m.permissions)
                .is_some_and(|p| p.manage_guild()),
            roles: member
                .map(|m| m.roles.iter().map(|r| r.to_string().into()).collect())
                .unwrap_or_default(),
            // Read from Discord only where a command needs it
            // (`/tournament create winner_role:`, see `on_command`).
            rights: Default::default(),
            mentioned,
        }
    }

    pub(super) fn command_ctx(&self, cmd: &CommandInteraction) -> app::Ctx {
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

    pub(super) async fn on_message(&self, ctx: Context, msg: Message) {
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
                |g| g.to_string().into(),
            ),
            channel: msg.channel_id.to_string().into(),
            user: app_user(&msg.author, nick),
            now: unix_now(),
            source: msg.id.to_string(),
            manage_server: msg
                .member
                .as_ref()
                .and_then(|m| m.permissions)
                .is_some_and(|p| p.manage_guild()),
            roles: msg
                .member
                .as_ref()
                .map(|m| m.roles.iter().map(|r| r.to_string().into()).collect())
                .unwrap_or_default(),
            rights: Default::default(),
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

    pub(super) async fn on_command(&self, ctx: Context, cmd: CommandInteraction) {
        let mut actx = self.command_ctx(&cmd);
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
        // A prize role is taken only from someone who could give it by
        // hand: their rights are read from Discord for the app to judge.
        if name == "tournament create" && args.iter().any(|(k, _)| k == "winner_role") {
            if let Some(guild) = cmd.guild_id {
                match super::rights::role_rights(&ctx.http, guild, cmd.user.id).await {
                    Ok(rights) => actx.rights = rights,
                    Err(e) => tracing::warn!(
                        "could not read the roles of {} on {guild}: {e}",
                        cmd.user.id
                    ),
                }
            }
        }
        // A command that runs on the engine pool is queued there (a refusal
        // of its options is the app's to give, as for any command).
        if commands::find(&name).is_some_and(|c| c.runs == Runs::EnginePool) {
            if let Ok(commands::Command::Analysis(a)) = commands::Command::parse(&name, &args) {
                self.engine.analysis(&ctx.http, &cmd, actx, a.game).await;
                return;
            }
        }
        let input = Input::Slash { name, args };
        self.handle_interaction(&ctx.http, Origin::Command(&cmd), &actx, input)
            .await;
    }

    pub(super) async fn on_autocomplete(&self, ctx: Context, cmd: CommandInteraction) {
        let actx = self.command_ctx(&cmd);
        let focused = cmd.data.autocomplete();
        let option = focused
            .as_ref()
            .map(|f| f.name.to_string())
            .unwrap_or_default();
        let partial = focused.map(|f| f.value.to_string()).unwrap_or_default();
        // The command typed, with its subcommand (`tournament create`).
        let mut name = cmd.data.name.clone();
        if let Some(o) = cmd.data.options.first() {
            if let CommandDataOptionValue::SubCommand(_) = &o.value {
                name = format!("{name} {}", o.name);
            }
        }
        let suggest = commands::find_option(&name, &option).and_then(|o| o.suggest);
        let choices: Vec<(String, String)> = if suggest == Some(Suggest::Time) {
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

    pub(super) async fn on_component(&self, ctx: Context, click: ComponentInteraction) {
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
