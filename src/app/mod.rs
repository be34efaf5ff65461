//! The use cases: challenge, accept, play a move, resign, draw, takeback...
//! Plain functions over the store and the rules, returning drafts
//! ([`Response`]: messages before localisation, boards not drawn yet) that
//! [`App::localise`] renders into what the front ends receive
//! ([`presentation::rendered::Response`]: text, PNG attachments, buttons), knowing
//! nothing of Discord. The Discord adapter and the console both call
//! [`App::handle`].
//!
//! Mentions in reply text use Discord's markup (`<@USER>`, `<#CHANNEL>`);
//! the console turns them into `@name` / `#channel`.

pub mod archive;
pub mod commands;
mod dispatch;
pub mod presentation;
pub mod runtime;
mod tick;
pub mod use_cases;

pub(crate) use presentation::messages::{Button, Reply, Response};
pub use presentation::messages::{ButtonStyle, Ctx, Effect, Input, Target, User};
use presentation::present::*;
pub use runtime::engine_limits::{EngineJob, BOT_GAMES_PER_PLAYER, ENGINE_QUEUE};
use use_cases::challenges::*;
pub use use_cases::info::help_text;
pub use use_cases::tournaments::{PairingLine, TournamentSheet};

pub use runtime::process::Process;
pub use use_cases::clock::time::{
    parse_span as time_span, span_en as span_words, utc as time_utc, TimeControl,
};
pub use use_cases::clock::{scheduler_backoff, TickReport, OFFLINE_AFTER};

use crate::domain::{
    ChallengeId, EndReason, GameId, GameSettings, MatchId, ServerId, TournamentId, UserId,
};
use crate::i18n::Msg;
use crate::notation::{
    self, explain, format_played, format_square, parse_move, resolve_square, PlayError, Record,
};
use crate::rules::{Game, Outcome, Reason, Ruleset, Side, VARIANTS};
use crate::store::prelude::*;
use crate::store::{
    AppendError, Challenge, ChallengeState, GameRow, GameState, NewChallenge, OfferKind, StoreError,
};
use presentation::move_words::explain_msg;

/// A challenge lasts a day.
pub const CHALLENGE_TTL: i64 = 24 * 3600;
const MAX_TEXT: usize = 2000;

/// The application: the store plus the rules.
#[derive(Clone)]
pub struct App {
    store: std::sync::Arc<dyn Store>,
    theme: String,
    throttle: std::sync::Arc<Throttle>,
    /// The scheduler's items held back after failing.
    due: std::sync::Arc<use_cases::clock::DueState>,
    exports: use_cases::games::export::ExportCache,
    /// The web archive's address (`PUBLIC_URL`), for links.
    public_url: Option<String>,
    /// This process among others on the database.
    process: std::sync::Arc<runtime::process::Process>,
    /// New games' seeds derived, not random (the console; see
    /// [`App::new_seed`]).
    derived_seeds: bool,
    /// Which shards have lost the Discord gateway (app/runtime/gateway.rs).
    gateway: runtime::gateway::Gateway,
    /// The engine queue, running analyses, kept analyses.
    engine: runtime::engine_limits::EngineLimits,
    /// What this request read already (app/presentation/reader.rs); `None` outside one.
    request: Option<std::sync::Arc<presentation::reader::Request>>,
    /// What the clock's changes tell goes through the outbox ([`App::with_outbox`]).
    outbox: bool,
    /// The web archive analyses finished games in the background
    /// ([`App::with_web_analysis`]).
    web_analysis: bool,
}

/// At most this many open challenges per user per server.
pub const MAX_OPEN_CHALLENGES: u32 = 5;
/// Running games against people (outside tournaments) one player may
/// have at once: a new challenge or acceptance past it is refused.
pub const MAX_HUMAN_GAMES: usize = 30;
/// A player's refused plain-message moves get at most one reply this often.
pub const REFUSAL_INTERVAL: i64 = 60;

/// Public pictures (boards, GIFs, graphs, tables) one player may ask for
/// on a server in a minute ([`commands::Command::draws`]).
pub const PICTURES_PER_MINUTE: i64 = 6;

/// In-memory limits of one process: when each player last got a reply to a
/// refused plain message, and when failed scheduled tournament starts may
/// be tried again. Losing them on a restart costs at most one extra reply.
#[derive(Default)]
struct Throttle {
    /// Per (server, user): when the last full refusal was sent.
    refusals: std::sync::Mutex<std::collections::HashMap<(String, String), i64>>,
    /// The (server, user) pairs already pointed to `/move` after a
    /// refused typed move (once a process).
    pointed: std::sync::Mutex<std::collections::HashSet<(String, String)>>,
    starts: std::sync::Mutex<std::collections::HashMap<TournamentId, i64>>,
    /// Per (server, user): the start of their picture minute, how many
    /// pictures they asked for in it, and whether they were told to wait.
    pictures: std::sync::Mutex<std::collections::HashMap<(String, String), PictureMinute>>,
    /// Tournaments whose data could not be read, already logged.
    unreadable: std::sync::Mutex<std::collections::HashSet<TournamentId>>,
    /// The games that ended unrated (a crash between the end and the
    /// rating) have been rated: once per process, at its first heartbeat.
    ratings_caught_up: std::sync::atomic::AtomicBool,
}

/// How a refused plain message is answered (see [`Throttle::refusal`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// The whole answer, with a mention: the first refusal of a minute.
    Full,
    /// The reason alone, named rather than mentioned: any more that
    /// minute.
    Short,
}

/// One player's picture minute: when it began, how many pictures they
/// asked for in it, and whether they were told to wait.
type PictureMinute = (i64, i64, bool);

/// Whether a player may have another public picture now
/// ([`Throttle::picture`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PictureRate {
    Allowed,
    /// Over [`PICTURES_PER_MINUTE`]: the first refusal of the minute.
    TooFast,
    /// Refused again within the same minute.
    StillTooFast,
}

impl Throttle {
    /// Counts a public picture `user` asks for on `server` at `now`: at
    /// most [`PICTURES_PER_MINUTE`] in a minute from the first.
    fn picture(&self, server: &str, user: &str, now: i64) -> PictureRate {
        let mut m = self
            .pictures
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if m.len() > 10_000 {
            m.retain(|_, (at, _, _)| now - *at < 60);
        }
        let entry = m
            .entry((server.to_string(), user.to_string()))
            .or_insert((now, 0, false));
        if !(entry.0..entry.0 + 60).contains(&now) {
            *entry = (now, 0, false);
        }
        if entry.1 < PICTURES_PER_MINUTE {
            entry.1 += 1;
            PictureRate::Allowed
        } else if entry.2 {
            PictureRate::StillTooFast
        } else {
            entry.2 = true;
            PictureRate::TooFast
        }
    }

    /// Whether `user` on `server` may get a refusal at `now` (and notes it).
    fn allow_refusal(&self, server: &str, user: &str, now: i64) -> bool {
        self.refusal(server, user, now) == Refusal::Full
    }

    /// How `user`'s refused plain message at `now` is answered: in full
    /// once a minute ([`REFUSAL_INTERVAL`]), shortened after that (every
    /// refused move still gets its own reason, never silence).
    fn refusal(&self, server: &str, user: &str, now: i64) -> Refusal {
        let mut m = self
            .refusals
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if m.len() > 10_000 {
            m.retain(|_, at| now - *at < REFUSAL_INTERVAL);
        }
        let key = (server.to_string(), user.to_string());
        match m.get(&key) {
            Some(at) if now - *at < REFUSAL_INTERVAL && now >= *at => Refusal::Short,
            _ => {
                m.insert(key, now);
                Refusal::Full
            }
        }
    }
    /// `true` the first time `user` on `server` is pointed to `/move`.
    fn first_pointer(&self, server: &str, user: &str) -> bool {
        let mut m = self
            .pointed
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if m.len() > 100_000 {
            m.clear();
        }
        m.insert((server.to_string(), user.to_string()))
    }
    fn retry_start(&self, id: TournamentId, at: i64) {
        self.starts
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(id, at);
    }
    fn start_retry_at(&self, id: TournamentId) -> Option<i64> {
        self.starts
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(&id)
            .copied()
    }
    fn start_blocked(&self, id: TournamentId, now: i64) -> bool {
        self.start_retry_at(id).is_some_and(|at| at > now)
    }
    /// `true` the first time tournament `id` is found unreadable.
    fn first_report(&self, id: TournamentId) -> bool {
        self.unreadable
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(id)
    }
}

/// The scope of direct messages with `user` ([`ServerId::dm`]).
pub fn dm_scope(user: &str) -> ServerId {
    ServerId::dm(&user.into())
}

/// Whether `user` may see game `g`: anyone on its server, but a game in
/// direct messages only its players.
fn visible_to(g: &GameRow, user: &str) -> bool {
    !g.server_id.is_dm() || g.first_player == user || g.second_player == user
}

/// What a command answers when the store failed: a row it needed cannot
/// be read (a sentence naming the game, challenge or tournament; the store
/// logged the detail once), or the database failed.
fn store_err(e: impl StoreFailure) -> Response {
    if let Some((table, id)) = e.unreadable_row() {
        return Response::one(Reply::tell(unreadable_row(table, id)));
    }
    tracing::error!("store error: {e}");
    Response::one(Reply::tell(Msg::new("store-failed")))
}

/// The sentence for a stored row that cannot be read (a row whose very
/// id is damaged is a record without a number).
fn unreadable_row(table: crate::domain::Table, id: &str) -> Msg {
    use crate::domain::Table;
    let Ok(n) = id.parse::<i64>() else {
        return Msg::new("record-unreadable");
    };
    match table {
        Table::Games => Msg::new("game-unreadable").num("id", n),
        Table::Challenges => Msg::new("challenge-unreadable").num("id", n),
        Table::Tournaments => Msg::new("tournament-unreadable").num("id", n),
        Table::TournamentMatches | Table::Players | Table::Servers | Table::Channels => {
            Msg::new("record-unreadable")
        }
    }
}

/// An error of the store, as [`store_err`] words it.
trait StoreFailure: std::fmt::Display {
    /// The table and id of the row that cannot be read, if that is what failed.
    fn unreadable_row(&self) -> Option<(crate::domain::Table, &str)>;
}

impl StoreFailure for StoreError {
    fn unreadable_row(&self) -> Option<(crate::domain::Table, &str)> {
        match self {
            StoreError::Unreadable { table, id, .. } => Some((*table, id)),
            _ => None,
        }
    }
}

impl StoreFailure for serde_json::Error {
    fn unreadable_row(&self) -> Option<(crate::domain::Table, &str)> {
        None
    }
}

impl StoreFailure for AppendError {
    fn unreadable_row(&self) -> Option<(crate::domain::Table, &str)> {
        match self {
            AppendError::Store(e) => e.unreadable_row(),
            _ => None,
        }
    }
}

/// A game whose stored record cannot be read: the details go to the log,
/// the player gets a sentence.
fn unreadable(id: GameId, detail: impl std::fmt::Display) -> Msg {
    tracing::error!("game {id} cannot be read: {detail}");
    Msg::new("game-unreadable").num("id", id)
}

/// Why a stored game did not load. `Display` is the detail for the log;
/// players read [`LoadError::refusal`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    /// The database failed while reading the game's moves.
    Store(StoreError),
    /// What is stored cannot be read: the game's rules, its starting
    /// position or one of its moves.
    Unreadable(String),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Store(e) => e.fmt(f),
            LoadError::Unreadable(detail) => f.write_str(&crate::store::clipped(detail)),
        }
    }
}

impl std::error::Error for LoadError {}

impl LoadError {
    /// What the player who asked for game `id` is told (the detail is
    /// logged): the database failed, or the game cannot be read.
    pub(crate) fn msg(&self, id: GameId) -> Msg {
        match self {
            LoadError::Store(e) => match e.unreadable_row() {
                Some((table, row)) => unreadable_row(table, row),
                None => {
                    tracing::error!("store error loading game {id}: {e}");
                    Msg::new("store-failed")
                }
            },
            LoadError::Unreadable(detail) => unreadable(id, detail),
        }
    }
    /// [`LoadError::msg`] for the asker alone.
    pub(crate) fn refusal(&self, id: GameId) -> Response {
        Response::one(Reply::tell(self.msg(id)))
    }
}

/// A game spec that cannot be read, in the reader's words.
pub(crate) fn spec_msg(e: &crate::rules::SpecError) -> Msg {
    use crate::rules::SpecError;
    match e {
        SpecError::NoSuchGame { name, list } => Msg::new("rules-no-such-game")
            .str("name", name.chars().take(40).collect::<String>())
            .str("list", list.as_str()),
        SpecError::NoSuchOption { game, option, list } => Msg::new("rules-no-such-option")
            .str("game", *game)
            .str("option", option.chars().take(40).collect::<String>())
            .str("list", list.as_str()),
    }
}

/// A game loaded from the store and replayed through the rules.
pub struct Loaded {
    pub row: GameRow,
    pub game: Game,
    /// Player ids by side: `[first, second]`.
    pub players: [UserId; 2],
}

impl Loaded {
    fn side_of(&self, user: &str) -> Option<Side> {
        if self.players[0] == user {
            Some(Side::First)
        } else if self.players[1] == user {
            Some(Side::Second)
        } else {
            None
        }
    }
}

/// A stored game replayed through the rules, with no app around it (the
/// puzzle miner reads the archive with it): a game resigned or lost on time
/// ends so, as [`App::load`] ends it.
pub fn replay_stored(
    row: &crate::store::GameRow,
    moves: &[crate::store::StoredMove],
) -> Result<Game, String> {
    let rules = rules_spec(&row.variant, &row.options).map_err(|e| e.to_string())?;
    let mut game = use_cases::games::start_position::start_game(
        rules,
        row.settings.position.as_deref(),
        row.seed,
        Some(row.first_side),
    )?;
    for m in moves {
        notation::replay_text(&mut game, &m.text)
            .map_err(|e| format!("move {}: {}", m.text, explain(game.rules(), &e)))?;
    }
    if !game.is_over() && row.state == GameState::Finished {
        if let Some(w) = row.result.and_then(use_cases::games::outcomes::winner) {
            match row.reason.and_then(EndReason::rules_reason) {
                Some(Reason::Resignation) => game.resign(w.other()),
                Some(Reason::Timeout) => game.time_out(w.other()),
                _ => {}
            }
        }
    }
    Ok(game)
}

/// The ruleset of stored options, with a typed refusal.
fn rules_spec(variant: &str, options: &[String]) -> Result<Ruleset, crate::rules::SpecError> {
    Ruleset::parse_spec(variant, options)
}

impl App {
    /// The app over a store: an `Arc<dyn Store>` from [`crate::store::open`],
    /// or a [`crate::store::SqliteStore`] itself.
    pub fn new(store: impl Into<std::sync::Arc<dyn Store>>) -> App {
        App {
            store: store.into(),
            theme: "light".into(),
            throttle: Default::default(),
            due: Default::default(),
            exports: use_cases::games::export::ExportCache::default(),
            public_url: None,
            process: std::sync::Arc::new(runtime::process::Process::new("")),
            derived_seeds: false,
            gateway: Default::default(),
            engine: Default::default(),
            request: None,
            outbox: false,
            web_analysis: false,
        }
    }

    pub fn store(&self) -> &dyn Store {
        &*self.store
    }

    /// A place in the engine queue for a bot turn (always given: the game
    /// needs its move); held while the turn waits and runs.
    pub fn engine_job(&self) -> EngineJob {
        self.engine.job()
    }

    /// A place in the engine queue, or `None` when it is full.
    pub fn try_engine_job(&self) -> Option<EngineJob> {
        self.engine.try_job()
    }

    /// Keeps players' display names current. A read first: most inputs come
    /// from known players under the same name, and a write (a commit) per
    /// input would double the cost of a move.
    fn remember(&self, ctx: &Ctx) {
        // The asker's name and choices, and the server's language, in one
        // read (with the first user the input mentions, say an opponent).
        self.note_channel(&ctx.channel);
        let other = ctx.mentioned.first().map_or(&ctx.user.id, |u| &u.id);
        self.prefetch([&ctx.user.id, other], &ctx.server);
        for u in std::iter::once(&ctx.user).chain(&ctx.mentioned) {
            if u.id.is_empty() {
                continue;
            }
            // Stored without control characters (a NUL is refused by
            // PostgreSQL) and bidirectional controls: presentation::escape::clean_name.
            let name = presentation::escape::clean_name(&u.name);
            if self.stored_name(&u.id).is_none_or(|known| known != name)
                && self.store.upsert_player(&u.id, &name).is_ok()
            {
                self.renamed(&u.id, &name);
            }
        }
    }

    /// Loads a game by replaying its stored moves through the rules.
    pub fn load(&self, row: GameRow) -> Result<Loaded, LoadError> {
        let moves = self.store.moves(row.id).map_err(LoadError::Store)?;
        self.replay(row, &moves)
    }

    /// Loads game `id`: its header and moves in one read (one statement,
    /// so one snapshot), replayed through the rules. `None` when there is
    /// no such game.
    pub fn load_id(&self, id: GameId) -> Result<Option<Loaded>, LoadError> {
        match self.store.load_game(id).map_err(LoadError::Store)? {
            Some((row, moves)) => self.replay_to_answer(row, &moves).map(Some),
            None => Ok(None),
        }
    }

    /// A game just stored, which has no moves yet (nothing to read).
    pub(crate) fn load_new(&self, row: GameRow) -> Result<Loaded, LoadError> {
        self.replay_to_answer(row, &[])
    }

    /// [`App::replay`] for a game the request answers about (a move, a
    /// command on the channel's game, the bot's turn, a deadline): both
    /// players' names and choices and the server's language are read first,
    /// in one statement ([`App::prefetch`]). Lists and loops that only look
    /// at games ([`App::load`]) read none of it.
    fn replay_to_answer(
        &self,
        row: GameRow,
        moves: &[crate::store::StoredMove],
    ) -> Result<Loaded, LoadError> {
        self.prefetch([&row.first_player, &row.second_player], &row.server_id);
        self.replay(row, moves)
    }

    /// Game `row` with `moves` replayed through the rules.
    fn replay(
        &self,
        row: GameRow,
        moves: &[crate::store::StoredMove],
    ) -> Result<Loaded, LoadError> {
        // (The details name no game: whoever logs them does.)
        let rules = rules_spec(&row.variant, &row.options)
            .map_err(|e| LoadError::Unreadable(e.to_string()))?;
        let first = Some(row.first_side);
        let mut game = use_cases::games::start_position::start_game(
            rules,
            row.settings.position.as_deref(),
            row.seed,
            first,
        )
        .map_err(LoadError::Unreadable)?;
        for m in moves {
            notation::replay_text(&mut game, &m.text).map_err(|e| {
                LoadError::Unreadable(format!(
                    "stored move {}: {}",
                    crate::store::clipped(&m.text),
                    crate::store::clipped(&explain(game.rules(), &e))
                ))
            })?;
        }
        match (row.state, row.reason.and_then(EndReason::rules_reason)) {
            (GameState::Finished, Some(reason)) if !game.is_over() => {
                let winner = row.result.and_then(use_cases::games::outcomes::winner);
                match (reason, winner) {
                    (Reason::Resignation, Some(w)) => game.resign(w.other()),
                    (Reason::Timeout, Some(w)) => game.time_out(w.other()),
                    _ => game.agree_draw(),
                }
            }
            _ => {}
        }
        let players = [row.first_player.clone(), row.second_player.clone()];
        self.note_game(&row.channel_id, row.id, &players);
        Ok(Loaded { row, game, players })
    }

    // ------------------------------------------------------------ challenges

    // ----------------------------------------------------------------- moves

    // ------------------------------------------------------------------ info

    // ----------------------------------------------------------------- clock
}

/// The user id the front ends give the bot itself.
pub const BOT_ID: &str = "tawlbot";
