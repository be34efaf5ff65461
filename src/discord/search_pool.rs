//! The engine pool: the bot's searches and `/analysis` run on blocking
//! threads, at most `ENGINE_THREADS` at once (default 1), so other games'
//! replies never wait for a search. Shutdown sets the engine's stop flag
//! (searches return at once and nothing is stored) and waits for the
//! threads; a restart resumes the games where the bot is to move
//! ([`App::pending_bot_turns`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use serenity::all::{
    CommandInteraction, CreateInteractionResponse, CreateInteractionResponseMessage,
    EditInteractionResponse, Http,
};
use serenity::builder::Builder as _;
use tokio::sync::Semaphore;

use crate::app::presentation::frontend::{notice_text, Notice};
use crate::app::presentation::rendered::{Reply, Response};
use crate::app::{self, App, Effect, Target};
use crate::domain::{ChannelId, GameId, ServerId, UserId};

/// `ENGINE_THREADS` from the environment: 1 to 64, default 1.
pub(crate) fn threads_from_env() -> u32 {
    std::env::var("ENGINE_THREADS")
        .ok()
        .and_then(|v| v.trim().parse::<u32>().ok())
        .filter(|n| (1..=64).contains(n))
        .unwrap_or(1)
}

fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// The pool; cheap to clone.
#[derive(Clone)]
pub(crate) struct Engine {
    app: App,
    threads: u32,
    permits: Arc<Semaphore>,
    stop: Arc<AtomicBool>,
    http: Arc<OnceLock<Arc<Http>>>,
}

impl Engine {
    pub(crate) fn new(app: App, threads: u32) -> Engine {
        let threads = threads.max(1);
        Engine {
            app,
            threads,
            permits: Arc::new(Semaphore::new(threads as usize)),
            stop: Arc::new(AtomicBool::new(false)),
            http: Arc::new(OnceLock::new()),
        }
    }

    /// Called once connected: remembers the HTTP client and resumes every
    /// game where the bot is to move.
    pub(crate) async fn ready(&self, http: Arc<Http>) {
        if self.http.set(http).is_err() {
            return;
        }
        let app = self.app.clone();
        let pending = tokio::task::spawn_blocking(move || app.pending_bot_turns())
            .await
            .unwrap_or_default();
        if !pending.is_empty() {
            tracing::info!("resuming {} bot turns", pending.len());
        }
        for e in pending {
            self.effect(e);
        }
    }

    /// Runs a bot turn in the background; other effects are not ours.
    pub(crate) fn effect(&self, e: Effect) {
        if let Effect::BotTurn {
            game,
            expected_moves,
        } = e
        {
            let me = self.clone();
            tokio::spawn(async move { me.bot_turn(game, expected_moves).await });
        }
    }

    async fn bot_turn(self, game: GameId, expected: u32) {
        // Counted in the engine queue while it waits (never refused: the
        // game needs its move).
        let _job = self.app.engine_job();
        let Some(resp) = self
            .blocking(move |app, stop| app.bot_turn(game, expected, unix_now(), stop))
            .await
        else {
            return;
        };
        let Some(http) = self.http.get().cloned() else {
            return;
        };
        for r in &resp.replies {
            post(&http, r).await;
        }
        for e in resp.effects {
            self.effect(e);
        }
    }

    /// Runs `f` on a blocking thread once a pool permit is free; `None`
    /// when stopping.
    async fn blocking<T: Send + 'static>(
        &self,
        f: impl FnOnce(&App, &AtomicBool) -> T + Send + 'static,
    ) -> Option<T> {
        let permit = Arc::clone(&self.permits).acquire_owned().await.ok()?;
        if self.stop.load(Ordering::SeqCst) {
            return None;
        }
        let (app, stop) = (self.app.clone(), Arc::clone(&self.stop));
        let out = tokio::task::spawn_blocking(move || f(&app, &stop)).await;
        drop(permit);
        match out {
            Ok(t) if !self.stop.load(Ordering::SeqCst) => Some(t),
            Ok(_) => None,
            Err(e) => {
                tracing::error!("engine task failed: {e}");
                None
            }
        }
    }

    /// `/analysis`: recorded as a job this process holds (so that another
    /// process answers it if this one dies), then the interaction is
    /// deferred and edited with the progress, then with the answer and its
    /// graph.
    pub(crate) async fn analysis(
        &self,
        http: &Http,
        cmd: &CommandInteraction,
        ctx: app::Ctx,
        game: Option<String>,
    ) {
        // One running analysis per user and a bounded queue: a refusal is
        // answered at once, before anything waits.
        let admitted = match app::use_cases::analysis::admit(&self.app, &ctx) {
            Ok(a) => a,
            Err(resp) => {
                if let Some(r) = resp.replies.first() {
                    let m = super::outgoing::build::<CreateInteractionResponseMessage>(r);
                    if let Err(e) = cmd
                        .create_response(http, CreateInteractionResponse::Message(m))
                        .await
                    {
                        tracing::warn!("could not refuse /analysis: {e}");
                    }
                }
                return;
            }
        };
        let job = AnalysisJob {
            token: cmd.token.clone(),
            game,
            server: ctx.server.clone(),
            channel: ctx.channel.clone(),
            user_id: ctx.user.id.clone(),
            user_name: ctx.user.name.clone(),
            manage_server: ctx.manage_server,
            at: ctx.now,
        };
        let item = cmd.id.to_string();
        let payload = serde_json::to_string(&job).unwrap_or_default();
        let (app, it, now) = (self.app.clone(), item.clone(), ctx.now);
        let _ =
            tokio::task::spawn_blocking(move || app.claim_job(ANALYSIS, &it, &payload, now)).await;
        let defer = CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new());
        if let Err(e) = cmd.create_response(http, defer).await {
            tracing::warn!("could not defer /analysis: {e}");
            self.finish(&item).await;
            return;
        }
        self.answer_analysis(http, &item, job, Some(admitted)).await;
    }

    /// Answers the `/analysis` jobs of processes that died, by editing
    /// their interactions' answers (an interaction can be answered for 15
    /// minutes; older ones are given up).
    pub(crate) async fn take_over_analyses(&self) {
        let Some(http) = self.http.get().cloned() else {
            return;
        };
        let app = self.app.clone();
        let now = unix_now();
        let jobs = tokio::task::spawn_blocking(move || app.take_over_jobs(ANALYSIS, now))
            .await
            .unwrap_or_default();
        for (item, payload) in jobs {
            match serde_json::from_str::<AnalysisJob>(&payload) {
                Ok(job) if now - job.at < ANSWER_WITHIN => {
                    tracing::info!("answering /analysis {item} of a process that stopped");
                    let (me, http) = (self.clone(), Arc::clone(&http));
                    // Counted in the engine queue while it waits, never
                    // refused: its user was admitted by the process that died.
                    let queued = self.app.engine_job();
                    tokio::spawn(async move {
                        me.answer_analysis(&http, &item, job, None).await;
                        drop(queued);
                    });
                }
                Ok(_) => self.finish(&item).await,
                Err(e) => {
                    tracing::warn!("an /analysis job cannot be read ({e}); dropped");
                    self.finish(&item).await;
                }
            }
        }
    }

    async fn finish(&self, item: &str) {
        let (app, item) = (self.app.clone(), item.to_string());
        let _ =
            tokio::task::spawn_blocking(move || app.finish_job(ANALYSIS, &item, unix_now())).await;
    }

    /// Runs an `/analysis` job (its interaction already deferred) and edits
    /// the interaction's answer with the progress, then the result.
    /// `admitted` is this user's place (one analysis each, bounded queue),
    /// held until the search is over; `None` for a job taken over.
    async fn answer_analysis(
        &self,
        http: &Http,
        item: &str,
        job: AnalysisJob,
        admitted: Option<app::use_cases::analysis::Admitted>,
    ) {
        let ctx = app::Ctx {
            server: job.server.clone(),
            channel: job.channel.clone(),
            user: app::User {
                id: job.user_id.clone(),
                name: job.user_name.clone(),
            },
            now: job.at,
            source: format!("analysis:{item}"),
            manage_server: job.manage_server,
            rights: Default::default(),
            roles: Vec::new(),
            mentioned: Vec::new(),
        };
        let token = job.token.as_str();
        // A store read: off the async runtime, as every other (PostgreSQL's
        // blocking client panics on an async worker).
        let (app, user, server) = (self.app.clone(), ctx.user.id.clone(), ctx.server.clone());
        let lang = tokio::task::spawn_blocking(move || app.reader_lang(&user, &server))
            .await
            .unwrap_or_default();
        let (tx, mut rx) = tokio::sync::watch::channel(0u32);
        let game = job.game.clone();
        let run = self.blocking(move |app, stop| {
            let mut progress = |p: u32| {
                let _ = tx.send(p);
            };
            let out =
                app::use_cases::analysis::run(app, &ctx, game.as_deref(), &mut progress, stop);
            drop(admitted);
            out
        });
        tokio::pin!(run);
        let mut shown = 0u32;
        let resp: Option<Response> = loop {
            tokio::select! {
                r = &mut run => break r,
                changed = rx.changed() => {
                    if changed.is_err() {
                        break (&mut run).await;
                    }
                    let p = *rx.borrow_and_update();
                    // An edit per tenth: Discord limits how often a message is edited.
                    if p / 10 > shown / 10 && p < 100 {
                        shown = p;
                        let e = notice_edit(notice_text(lang, Notice::Analysing(p)));
                        let _ = e.execute(http, token).await;
                    }
                }
            }
        };
        let Some(resp) = resp else {
            // Stopping: the job stays unfinished, for another process.
            let e = notice_edit(notice_text(lang, Notice::AnalysisStopped));
            let _ = e.execute(http, token).await;
            return;
        };
        let mut first = true;
        for r in &resp.replies {
            if first && r.target == Target::Here {
                first = false;
                let e = super::outgoing::build::<EditInteractionResponse>(r);
                if let Err(err) = e.execute(http, token).await {
                    tracing::warn!("could not post the analysis: {err}");
                }
            } else {
                post(http, r).await;
            }
        }
        self.finish(item).await;
    }

    /// Shutdown: searches stop at once; waits for the threads (up to `limit`).
    pub(crate) async fn stop(&self, limit: Duration) {
        self.stop.store(true, Ordering::SeqCst);
        match tokio::time::timeout(limit, self.permits.acquire_many(self.threads)).await {
            Ok(Ok(p)) => drop(p),
            _ => tracing::warn!("an engine search was still running at shutdown"),
        }
    }

    /// Sets the stop flag without waiting.
    pub(crate) fn request_stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

/// The lease kind of `/analysis` jobs.
const ANALYSIS: crate::domain::LeaseKind = crate::domain::LeaseKind::Analysis;

/// Discord accepts edits of an interaction's answer for 15 minutes.
const ANSWER_WITHIN: i64 = 14 * 60;

/// What answering an `/analysis` needs, kept with its claim so that another
/// process can answer it (the interaction token is valid for 15 minutes).
#[derive(serde::Serialize, serde::Deserialize)]
struct AnalysisJob {
    token: String,
    game: Option<String>,
    server: ServerId,
    channel: ChannelId,
    user_id: UserId,
    user_name: String,
    manage_server: bool,
    at: i64,
}

/// Posts a reply that names its channel (or DM).
async fn post(http: &Http, r: &Reply) {
    if let Err(e) = super::outgoing::post(http, r).await {
        tracing::warn!("could not post the bot's reply to {:?}: {e}", r.target);
    }
}

/// An edit of a deferred answer with a notice (the search's progress, its
/// stop): like every message the bot sends, it says whom it may ping, so a
/// name in the text never pings anybody it does not mention.
fn notice_edit(text: String) -> EditInteractionResponse {
    EditInteractionResponse::new()
        .allowed_mentions(super::outgoing::allowed_mentions(&text))
        .content(text)
}
