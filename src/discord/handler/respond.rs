//! An app call for an interaction, its replies delivered, its effects run.

use super::{
    app, clip_to, commands, notice_reply_in, unix_now, Answer, ChannelId, ChannelType,
    CreateThread, Effect, Handler, Http, Input, Lang, Notice, Origin, Reply, Response, Runs,
    Target, DEFER_AFTER, MAX_THREAD_NAME,
};

use crate::domain::RoleGrant;

impl Handler {
    /// What the front end says itself, in the language of `ctx`'s user
    /// (English when the app cannot be asked); `private`: for them alone.
    async fn notice(&self, ctx: &app::Ctx, notice: Notice, private: bool) -> Reply {
        let c = ctx.clone();
        self.call(move |a| {
            if private {
                a.notice_reply(&c, notice)
            } else {
                a.notice_public(&c, notice)
            }
        })
        .await
        .unwrap_or_else(|| notice_reply_in(Lang::En, notice, private))
    }

    /// Runs `input` on the app for an interaction, deferring the interaction
    /// first when the command's spec says it is slow ([`Runs::Slow`]), or
    /// when the answer is not ready within [`DEFER_AFTER`] (a busy
    /// database, a big picture).
    pub(super) async fn handle_interaction(
        &self,
        http: &Http,
        origin: Origin<'_>,
        ctx: &app::Ctx,
        input: Input,
    ) {
        let slow = matches!(&input, Input::Slash { name, .. }
            if commands::find(name).is_some_and(|c| c.runs == Runs::Slow));
        let mut answer = Answer::Pending;
        if slow {
            self.defer(http, origin, false, &mut answer).await;
        }
        let app = self.app.clone();
        let c = ctx.clone();
        // One of the workers (see `Handler::call`); waiting for it counts
        // towards the deferral below.
        let workers = self.workers.clone();
        let job = async move {
            let worker = workers.acquire_owned().await;
            tokio::task::spawn_blocking(move || {
                let _worker = worker;
                app.handle(&c, input)
            })
            .await
        };
        tokio::pin!(job);
        if answer == Answer::Pending {
            if let Ok(done) = tokio::time::timeout(DEFER_AFTER, &mut job).await {
                return self.finish(http, origin, ctx, done, answer).await;
            }
            self.defer(http, origin, false, &mut answer).await;
        }
        let done = job.await;
        self.finish(http, origin, ctx, done, answer).await;
    }

    pub(super) async fn finish(
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
                let sorry = self.notice(ctx, Notice::Failed, true).await;
                self.send_reply(http, Some(origin), &sorry, &mut answer)
                    .await;
            }
        }
    }

    /// Sends a whole response, then carries out its effects.
    pub(super) async fn deliver(
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
                let ack = self.notice(ctx, notice, true).await;
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
    pub(super) async fn run_effects(
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
                Effect::GrantRole {
                    server,
                    user,
                    role,
                    tournament,
                    creator,
                } => {
                    let grant = Grant {
                        server,
                        user,
                        role,
                        tournament: *tournament,
                        creator: creator.as_ref(),
                    };
                    self.grant_role(http, origin, grant, answered).await;
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
                    let tid = crate::domain::ChannelId::from(thread.id.to_string());
                    let resp = self
                        .call(move |a| match effect {
                            Effect::OpenThread { challenge, .. } => {
                                a.start_in_thread(&ctx2, challenge, &tid)
                            }
                            Effect::OpenMatchThread { match_id, .. } => {
                                a.start_match_in_thread(&ctx2, match_id, &tid)
                            }
                            Effect::BotTurn { .. } | Effect::GrantRole { .. } => {
                                Response::default()
                            }
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
                    let r = self
                        .notice(ctx, Notice::ThreadRefused, false)
                        .await
                        .to_channel(&parent);
                    self.send(http, origin, &r, answered).await;
                }
            }
        }
    }

    /// Gives a tournament's winner its role (`PUT /guilds/{g}/members/{u}/
    /// roles/{r}`), then tells the tournament's channel: the role given, or
    /// (Discord refused: no Manage Roles, or a role above the bot's own)
    /// what the organiser must change.
    #[allow(clippy::too_many_arguments)]
    async fn grant_role(
        &self,
        http: &Http,
        origin: Option<Origin<'_>>,
        grant: Grant<'_>,
        answered: &mut bool,
    ) {
        let Grant {
            server,
            user,
            role,
            tournament,
            creator,
        } = grant;
        let id = |s: &str| s.parse::<u64>().ok().filter(|n| *n != 0);
        let ids = (id(server), id(user), id(role));
        // Given on the creator's behalf: only while they could still give
        // it by hand (they may have lost the right since they set it).
        let creator_may = match (ids.0, creator.and_then(|c| id(c))) {
            (Some(g), Some(c)) => {
                let (g, c) = (
                    serenity::all::GuildId::new(g),
                    serenity::all::UserId::new(c),
                );
                match super::rights::role_rights(http, g, c).await {
                    Ok(rights) => rights.may_grant(role).is_ok(),
                    Err(e) => {
                        tracing::warn!("could not read the roles of {c} on {g}: {e}");
                        false
                    }
                }
            }
            _ => false,
        };
        let outcome = match ids {
            _ if !creator_may => RoleGrant::CreatorMayNot,
            (Some(g), Some(u), Some(r)) => {
                let done = http
                    .add_member_role(
                        serenity::all::GuildId::new(g),
                        serenity::all::UserId::new(u),
                        serenity::all::RoleId::new(r),
                        Some("the winner of a tournament"),
                    )
                    .await;
                match done {
                    Ok(()) => RoleGrant::Given,
                    Err(e) => {
                        tracing::warn!("could not give role {r} to {u} on {g}: {e}");
                        RoleGrant::Refused
                    }
                }
            }
            _ => {
                tracing::warn!("not a role, user or server id: {role:?}, {user:?}, {server:?}");
                RoleGrant::Refused
            }
        };
        let (user, role) = (user.clone(), role.clone());
        let resp = self
            .call(move |a| a.role_given(tournament, &user, &role, outcome))
            .await
            .unwrap_or_default();
        for r in &resp.replies {
            self.send(http, origin, r, answered).await;
        }
    }
}

/// A prize role to give ([`Effect::GrantRole`]), on its creator's behalf.
struct Grant<'a> {
    server: &'a crate::domain::ServerId,
    user: &'a crate::domain::UserId,
    role: &'a crate::domain::RoleId,
    tournament: crate::domain::TournamentId,
    creator: Option<&'a crate::domain::UserId>,
}
