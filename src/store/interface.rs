//! The store interface: every operation the app, the scheduler and the
//! front ends use, one trait per area. [`Store`] is all of them together;
//! the app holds an `Arc<dyn Store>`. The SQLite implementation is
//! [`super::SqliteStore`]; a second database implements the same traits.
//!
//! Import [`super::prelude`] to call the methods.

use super::{
    AppendError, BotLock, Challenge, ChallengeId, ChallengeState, ChannelId, Claim, DueColumn,
    EndReason, GameId, GameResult, GameRow, JoinOutcome, LeaseKind, MatchId, MatchSpec,
    NewChallenge, NewGame, NewMove, NewTournament, Offer, OfferKind, Player, ProcessId,
    PuzzleAttempt, PuzzlePlayer, PuzzleRating, PuzzleRow, QuarantinedRow, Rating, RatingPoint,
    Readers, ReminderClaim, RoleId, ServerId, StoreError, StoredChoices, StoredMove, Tournament,
    TournamentCommit, TournamentId, TournamentMatch, TournamentPhase, TournamentPlayer,
    UnreadableRow, UserId,
};
use super::{ClockHold, ClockRelease, VacationPlan, VacationRow};
use super::{ConditionalLine, ConditionalReply, OutMessage, OutboxRow};
use crate::i18n::Lang;

/// The whole store: every area, shareable between threads.
pub trait Store:
    Games
    + Challenges
    + Tournaments
    + Clock
    + Players
    + Ratings
    + Offers
    + Language
    + Archive
    + Leases
    + Doctor
    + Outbox
    + Vacations
    + Conditionals
    + Puzzles
    + std::fmt::Debug
    + Send
    + Sync
{
}

impl<T> Store for T where
    T: Games
        + Challenges
        + Tournaments
        + Clock
        + Players
        + Ratings
        + Offers
        + Language
        + Archive
        + Leases
        + Doctor
        + Outbox
        + Vacations
        + Conditionals
        + Puzzles
        + std::fmt::Debug
        + Send
        + Sync
{
}

/// Games and their moves.
pub trait Games {
    /// Starts a game. Fails with [`StoreError::ChannelBusy`] when the
    /// channel already has an active game (enforced by a unique index).
    fn create_game(&self, game: &NewGame) -> Result<GameId, StoreError>;

    fn get_game(&self, id: GameId) -> Result<Option<GameRow>, StoreError>;

    /// A game's header and all its moves, read in one consistent snapshot.
    /// This is what the app replays through `rules` to load a game.
    fn load_game(&self, id: GameId) -> Result<Option<(GameRow, Vec<StoredMove>)>, StoreError>;

    /// The active game in a channel, if any.
    fn active_game_in_channel(&self, channel_id: &ChannelId)
        -> Result<Option<GameRow>, StoreError>;

    /// The active game in a channel with all its moves, read as
    /// [`Games::load_game`] reads a game (one statement, one snapshot):
    /// what a move loads.
    fn load_active_in_channel(
        &self,
        channel_id: &ChannelId,
    ) -> Result<Option<(GameRow, Vec<StoredMove>)>, StoreError>;

    /// The most recent game in a channel, finished or not.
    fn latest_game_in_channel(&self, channel_id: &ChannelId)
        -> Result<Option<GameRow>, StoreError>;

    /// The most recent game in a channel with all its moves, read as
    /// [`Games::load_active_in_channel`] reads the active one.
    fn load_latest_in_channel(
        &self,
        channel_id: &ChannelId,
    ) -> Result<Option<(GameRow, Vec<StoredMove>)>, StoreError>;

    /// Games on a server, newest first; `active_only` keeps only active ones.
    fn games_on_server(
        &self,
        server_id: &ServerId,
        active_only: bool,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError>;

    /// Games a player plays or played, newest first.
    fn games_of_player(
        &self,
        player_id: &UserId,
        active_only: bool,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError>;

    /// How many games each of two players now plays against people
    /// outside tournaments (games with `bot` and tournament games do not
    /// count), in one statement: the cap `/challenge` and `/accept` check.
    fn running_games_against_people(
        &self,
        a: &UserId,
        b: &UserId,
        bot: &UserId,
    ) -> Result<(u32, u32), StoreError>;

    /// Games a player plays or played on one server (or direct-message
    /// scope), newest first.
    fn games_of_player_on_server(
        &self,
        player_id: &UserId,
        server_id: &ServerId,
        active_only: bool,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError>;

    /// Games played for a tournament match, oldest first.
    fn games_of_match(&self, match_id: MatchId) -> Result<Vec<GameRow>, StoreError>;

    /// Ends an active game (resignation, timeout, agreed draw, a result the
    /// app decided). With `expected_moves`, refuses with `Stale` if a move
    /// arrived meanwhile (e.g. a timeout racing the last-second move).
    /// Clears the deadline and standing offers.
    fn finish_game(
        &self,
        id: GameId,
        expected_moves: Option<u32>,
        result: GameResult,
        reason: EndReason,
        at: i64,
    ) -> Result<(), AppendError>;

    /// Ends an active game without a result.
    fn abort_game(&self, id: GameId, reason: EndReason, at: i64) -> Result<(), AppendError>;

    /// All moves of a game, in order.
    fn moves(&self, game_id: GameId) -> Result<Vec<StoredMove>, StoreError>;
}

/// Challenges.
pub trait Challenges {
    /// Creates a challenge unless its challenger already has `max_open`
    /// open, unexpired challenges on its server (counted and written in one
    /// transaction). `None` when the limit is reached.
    fn create_challenge_capped(
        &self,
        ch: &NewChallenge,
        max_open: u32,
    ) -> Result<Option<ChallengeId>, StoreError>;

    fn get_challenge(&self, id: ChallengeId) -> Result<Option<Challenge>, StoreError>;

    /// Open challenges in a channel, oldest first.
    fn open_challenges_in_channel(
        &self,
        channel_id: &ChannelId,
    ) -> Result<Vec<Challenge>, StoreError>;

    /// The open challenges `player` sent or received (named as the
    /// opponent), on every server, oldest first, at most `limit`.
    fn open_challenges_of_player(
        &self,
        player: &UserId,
        limit: u32,
    ) -> Result<Vec<Challenge>, StoreError>;

    /// Compare-and-set of a challenge's state: `true` if it was `from` and
    /// is now `to`; `false` if it was in another state (someone else won).
    fn set_challenge_state(
        &self,
        id: ChallengeId,
        from: ChallengeState,
        to: ChallengeState,
        at: i64,
    ) -> Result<bool, StoreError>;

    /// Accepts an open challenge and starts its game, atomically: the
    /// challenge goes from `open` to `accepted` and points at the new game.
    /// Fails with [`StoreError::ChallengeNotOpen`] if it was not open (two
    /// accepts cannot both win) and [`StoreError::ChannelBusy`] if the
    /// channel already has an active game (then nothing changes).
    fn start_game_from_challenge(
        &self,
        challenge: ChallengeId,
        game: &NewGame,
    ) -> Result<GameId, StoreError>;
}

/// Tournaments, their entrants and matches.
pub trait Tournaments {
    fn create_tournament(&self, t: &NewTournament) -> Result<TournamentId, StoreError>;

    /// Writes a tournament's new state and data together with its new or
    /// decided pairings, in one transaction, if its version is still
    /// `expected_version` (compare-and-set). Returns `false` (and writes
    /// nothing) when another writer changed the tournament since it was
    /// read: the caller reads it again and retries.
    fn commit_tournament(
        &self,
        id: TournamentId,
        expected_version: i64,
        state: TournamentPhase,
        data: &str,
        matches: &[MatchSpec],
        at: i64,
    ) -> Result<bool, StoreError>;

    /// [`Tournaments::commit_tournament`] with more in the same
    /// transaction: pairings whose stored result an organiser corrected
    /// (`corrected`: their result is replaced), and messages put in the
    /// outbox (`out`, see [`Outbox`]). Nothing is written on a lost race.
    fn commit_tournament_with(&self, c: &TournamentCommit<'_>) -> Result<bool, StoreError>;

    fn get_tournament(&self, id: TournamentId) -> Result<Option<Tournament>, StoreError>;

    /// Tournaments of a server, newest first.
    fn tournaments_on_server(&self, server_id: &ServerId) -> Result<Vec<Tournament>, StoreError>;

    /// The server's organiser role (a role id), if one was set: its members
    /// may create and run tournaments as Manage Server can.
    fn organiser_role(&self, server_id: &ServerId) -> Result<Option<RoleId>, StoreError>;

    /// Sets (or with `None` clears) the server's organiser role.
    fn set_organiser_role(
        &self,
        server_id: &ServerId,
        role: Option<&RoleId>,
    ) -> Result<(), StoreError>;

    /// Tournaments in a phase (e.g. sign-up, for the clock's scheduled
    /// starts), oldest first. The tournaments table is small (a few rows per
    /// server), so this reads it whole rather than through an index.
    fn tournaments_in_state(&self, state: TournamentPhase) -> Result<Vec<Tournament>, StoreError>;

    /// Enters a player in a tournament in sign-up, unless `max` active
    /// entrants are in already; checked and written in one transaction, so
    /// two processes cannot overfill it.
    fn join_tournament(
        &self,
        id: TournamentId,
        player_id: &UserId,
        at: i64,
        max: u32,
    ) -> Result<JoinOutcome, StoreError>;

    /// Marks a player withdrawn; `false` if not entered or already withdrawn.
    fn withdraw_tournament_player(
        &self,
        id: TournamentId,
        player_id: &UserId,
        at: i64,
    ) -> Result<bool, StoreError>;

    /// Entrants in order of entry.
    fn tournament_players(&self, id: TournamentId) -> Result<Vec<TournamentPlayer>, StoreError>;

    /// One tournament pairing by id (the app finds a game's tournament
    /// through its `tournament_match_id`).
    fn get_match(&self, match_id: MatchId) -> Result<Option<TournamentMatch>, StoreError>;

    /// A tournament's pairings by round and board.
    fn tournament_matches(&self, id: TournamentId) -> Result<Vec<TournamentMatch>, StoreError>;
}

/// The clock: moves and takebacks with their deadlines, reminders, pauses,
/// and what the scheduler finds due.
pub trait Clock {
    /// Sets when the player to move of `game_id` is reminded (`None`: never).
    fn set_remind_at(&self, game_id: GameId, at: Option<i64>) -> Result<(), StoreError>;

    /// Players whose setting `key` has `value` (indexed by key and value).
    fn players_with_setting(&self, key: &str, value: &str) -> Result<Vec<UserId>, StoreError>;

    /// The reminder time of a game.
    fn remind_at(&self, game_id: GameId) -> Result<Option<i64>, StoreError>;

    /// Appends one move, atomically with the game's new `updated_at`,
    /// deadline, banks, next reminder time (`remind_at`, unless the move
    /// ends the game) and (if the move ends the game) result.
    ///
    /// Refused with [`AppendError::Duplicate`] if `source_id` was ever
    /// applied (even if that move was later taken back), `GameOver` if the
    /// game is not active, `Paused` while its clock is stopped, and
    /// `Stale { now }` if the game does not have exactly `expected_number`
    /// moves. Returns the new move count. Standing offers are voided by the
    /// move.
    fn append_move_clocked(
        &self,
        mv: &NewMove<'_>,
        remind_at: Option<i64>,
    ) -> Result<u32, AppendError>;

    /// Takes back the last `n` moves of an active game that has exactly
    /// `expected_count` moves (else `Stale`), refused while the clock is
    /// paused. Their source ids stay used. In the same transaction offers
    /// are cleared, the reminder count reset and the deadline and the next
    /// reminder set. Returns the new count.
    fn take_back_clocked(
        &self,
        game_id: GameId,
        expected_count: u32,
        n: u32,
        at: i64,
        deadline: Option<i64>,
        remind_at: Option<i64>,
    ) -> Result<u32, AppendError>;

    /// Records an offer to pause for `span` seconds; `false` when one is
    /// already waiting (one pending offer of each kind per game).
    fn set_pause_offer(
        &self,
        game_id: GameId,
        by_player: &UserId,
        at: i64,
        span: i64,
    ) -> Result<bool, AppendError>;

    /// The length (seconds) asked for by the standing pause offer.
    fn pause_offer_span(&self, game_id: GameId) -> Result<Option<i64>, StoreError>;

    /// Stops the clock of an active game that has `expected_moves` moves,
    /// accepting the pause offer `offer_by` made: in one transaction the
    /// offer is consumed, `left` (the time of the player to move) kept and
    /// the end of the pause set to `until`.
    fn pause_clock(
        &self,
        game_id: GameId,
        expected_moves: u32,
        offer_by: &UserId,
        at: i64,
        left: Option<i64>,
        until: i64,
    ) -> Result<(), AppendError>;

    /// Starts the clock of a paused game again at `at`, in one transaction:
    /// the player to move gets the time kept at the pause (`legacy_left` for
    /// pauses made before that was kept), the deadline and the reminder
    /// (`remind(deadline, left)`) are set, and the pause and resume offers
    /// are cleared. With `offer_by`, the resume offer that player made must
    /// still stand. Returns the time left.
    fn resume_clock(
        &self,
        game_id: GameId,
        at: i64,
        offer_by: Option<&UserId>,
        legacy_left: Option<i64>,
        remind: &dyn Fn(i64, i64) -> Option<i64>,
    ) -> Result<Option<i64>, AppendError>;

    /// When a paused game's clock starts again by itself, and the time
    /// kept for the player to move.
    fn pause_info(&self, game_id: GameId) -> Result<Option<(i64, Option<i64>)>, StoreError>;

    /// Records a reminder as sent before it is sent, in one transaction with
    /// computing the next one: if the reminder of `game_id` is due at `now`
    /// and none went out in the last `gap` seconds, it is marked sent and
    /// cleared ([`ReminderClaim::Send`]); otherwise it is moved to a day
    /// after the last one (if that is before the deadline).
    fn claim_reminder(
        &self,
        game_id: GameId,
        now: i64,
        gap: i64,
    ) -> Result<ReminderClaim, StoreError>;

    /// Records a player's daily digest as sent before it is sent: `true`
    /// (and `key` set to `now`) if none was sent in the last `gap` seconds.
    fn claim_digest(
        &self,
        player: &UserId,
        key: &str,
        now: i64,
        gap: i64,
    ) -> Result<bool, StoreError>;

    /// Entries of a time column due by `now`, after `after` (`(time, id)`,
    /// exclusive) in `(time, id)` order: the scheduler pages through them so
    /// that rows it cannot handle never hide the ones behind them. The ids
    /// are row ids of the column's table: [`GameId`]s, or [`ChallengeId`]s
    /// for [`DueColumn::ChallengeExpiry`].
    fn due_after(
        &self,
        col: DueColumn,
        now: i64,
        after: Option<(i64, i64)>,
        limit: u32,
    ) -> Result<Vec<(i64, i64)>, StoreError>;
}

/// Servers, channels, players and player settings.
pub trait Players {
    /// Creates or updates a channel (and its server, if missing).
    /// `parent_channel_id` is the channel a thread hangs off.
    fn upsert_channel(
        &self,
        channel_id: &ChannelId,
        server_id: &ServerId,
        parent_channel_id: Option<&ChannelId>,
    ) -> Result<(), StoreError>;

    /// The parent channel of a thread, if it has one.
    fn channel_parent(&self, channel_id: &ChannelId) -> Result<Option<ChannelId>, StoreError>;

    /// Creates a player or updates their display name.
    fn upsert_player(&self, player_id: &UserId, display_name: &str) -> Result<(), StoreError>;

    fn get_player(&self, player_id: &UserId) -> Result<Option<Player>, StoreError>;

    /// Sets a per-player setting (notification preferences and the like).
    fn set_player_setting(
        &self,
        player_id: &UserId,
        key: &str,
        value: &str,
    ) -> Result<(), StoreError>;

    fn player_setting(&self, player_id: &UserId, key: &str) -> Result<Option<String>, StoreError>;

    /// All settings of a player, sorted by key.
    fn player_settings(&self, player_id: &UserId) -> Result<Vec<(String, String)>, StoreError>;

    /// What a request reads of its readers, in one statement: the names
    /// and settings of `players` (the same id twice for one player) and,
    /// with `server`, its language. A player or server that does not exist
    /// is left out.
    fn readers(
        &self,
        players: [&UserId; 2],
        server: Option<&ServerId>,
    ) -> Result<Readers, StoreError>;
}

/// Ratings and leaderboards.
pub trait Ratings {
    fn get_rating(
        &self,
        server_id: &ServerId,
        variant: &str,
        player_id: &UserId,
    ) -> Result<Option<Rating>, StoreError>;

    /// The ratings of a server and variant, best first.
    fn leaderboard(
        &self,
        server_id: &ServerId,
        variant: &str,
        limit: u32,
    ) -> Result<Vec<Rating>, StoreError>;

    /// Rates a finished game: reads both players' ratings (`None` for a
    /// player not yet rated), lets `f` compute their new rows, and writes
    /// them with the game's history, all in one `BEGIN IMMEDIATE`
    /// transaction. Two games ending at once (in two processes, too) are
    /// rated one after the other and neither update is lost. Once per game:
    /// `false` (and `f` not called) if the game was already rated.
    fn rate_game(
        &self,
        game_id: GameId,
        server_id: &ServerId,
        variant: &str,
        players: [&UserId; 2],
        at: i64,
        f: &dyn Fn([Option<Rating>; 2]) -> [Rating; 2],
    ) -> Result<bool, StoreError>;

    /// Finished rated games whose ratings were never written (a crash or a
    /// failed write fell between the game's end and its rating), the
    /// earliest end first, at most `limit`. The app rates them at start.
    fn unrated_finished_games(&self, limit: u32) -> Result<Vec<GameRow>, StoreError>;
}

/// Draw, takeback and pause offers.
pub trait Offers {
    /// Records an offer on an active game only if no offer of that kind is
    /// pending (by either player): `false` when one is; a standing offer is
    /// never replaced. Stamped with the current move count: the next move,
    /// takeback or end of game voids it.
    fn set_offer_once(
        &self,
        game_id: GameId,
        kind: OfferKind,
        by_player: &UserId,
        at: i64,
    ) -> Result<bool, AppendError>;

    fn get_offer(&self, game_id: GameId, kind: OfferKind) -> Result<Option<Offer>, StoreError>;

    /// Withdraws or declines an offer; `true` if there was one.
    fn clear_offer(&self, game_id: GameId, kind: OfferKind) -> Result<bool, StoreError>;
}

/// Server languages.
pub trait Language {
    /// A server's default language code, if one was set.
    fn server_language(&self, server_id: &ServerId) -> Result<Option<Lang>, StoreError>;

    /// Sets (or with `None` clears) a server's default language code.
    fn set_server_language(
        &self,
        server_id: &ServerId,
        lang: Option<Lang>,
    ) -> Result<(), StoreError>;
}

/// The web archive: public servers, a player's public games and ratings, rating histories.
pub trait Archive {
    /// Whether a server's archive is public. Direct-message scopes never are.
    fn archive_public(&self, server_id: &ServerId) -> Result<bool, StoreError>;

    /// Makes a server's archive public or private (creating the server row
    /// if needed).
    fn set_archive_public(&self, server_id: &ServerId, public: bool) -> Result<(), StoreError>;

    /// A server's name, if it has one.
    fn server_name(&self, server_id: &ServerId) -> Result<Option<String>, StoreError>;

    /// Records a server's name as Discord gives it (the archive's pages
    /// show it), creating the server row if needed. Writes nothing when the
    /// name is already that.
    fn set_server_name(&self, server_id: &ServerId, name: &str) -> Result<(), StoreError>;

    /// Game `id`, if it was played on a public server: one statement,
    /// whether the game is missing, private or public, so that the answer's
    /// cost tells a private game from a missing one no more than its words.
    fn public_game_row(&self, id: GameId) -> Result<Option<GameRow>, StoreError>;

    /// A player's games on public servers, newest first: `limit` games
    /// after skipping `offset`.
    fn public_games_of_player(
        &self,
        player_id: &UserId,
        offset: u32,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError>;

    /// A player's ratings on public servers, by server and variant.
    fn public_ratings_of_player(&self, player_id: &UserId) -> Result<Vec<Rating>, StoreError>;

    /// A player's rating after each rated game of one server and variant,
    /// oldest first (at most the last `limit` games).
    fn rating_history(
        &self,
        player_id: &UserId,
        server_id: &ServerId,
        variant: &str,
        limit: u32,
    ) -> Result<Vec<RatingPoint>, StoreError>;

    /// Games on a server, newest first, paged.
    fn games_on_server_paged(
        &self,
        server_id: &ServerId,
        offset: u32,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError>;

    /// The variants a server has ratings in, alphabetically.
    fn rated_variants(&self, server_id: &ServerId) -> Result<Vec<String>, StoreError>;

    /// Games on every public server, running and finished (not aborted),
    /// newest first, paged: the archive's front page.
    fn public_games(&self, offset: u32, limit: u32) -> Result<Vec<GameRow>, StoreError>;

    /// Tournaments on every public server, newest first, paged.
    fn public_tournaments(&self, offset: u32, limit: u32) -> Result<Vec<Tournament>, StoreError>;

    /// Public servers `(id, name)`, the most recently active first.
    fn public_servers(&self, limit: u32) -> Result<Vec<(ServerId, Option<String>)>, StoreError>;

    /// Players with a game on a public server whose name contains `part`
    /// (any case; `%` and `_` match themselves), by name: `(id, name)`.
    fn search_public_players(
        &self,
        part: &str,
        limit: u32,
    ) -> Result<Vec<(UserId, String)>, StoreError>;

    /// The finished rated games of public servers, counted by server,
    /// variant, options and result, with their plies in all: the balance
    /// page's figures.
    fn balance_counts(&self) -> Result<Vec<BalanceCount>, StoreError>;
}

/// One group of [`Archive::balance_counts`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BalanceCount {
    pub server_id: ServerId,
    pub variant: String,
    pub options: Vec<String>,
    /// `None`: a finished game with no result written (not counted).
    pub result: Option<GameResult>,
    pub games: u64,
    /// Single moves (plies) of these games in all.
    pub plies: u64,
}

/// Several processes on one database: leases on timed work and a
/// heartbeat per process (see `docs/scaling.md`).
///
/// Before a process does one item of timed work (a loss on time, a
/// reminder, a tournament's start, a bot turn ...) it claims it with
/// [`Leases::claim`]: the claim succeeds only when nobody holds the item,
/// its lease has ended, or the caller already holds it. While the lease
/// runs, every other process skips the item; when a process dies its
/// leases end by themselves and the item is taken over. What makes the work
/// happen once is the effect's own transaction (each effect is a
/// compare-and-set on the state it changes), so an item whose effect is
/// committed is no longer due for anybody; work that leaves no such trace
/// is marked done with [`Leases::finish_claim`].
pub trait Leases {
    /// Claims `kind`/`item` for `owner` until `now + lease`: taken if nobody
    /// holds it, if its lease ended by `now`, or if `owner` holds it already
    /// (the lease is extended). Atomic across processes.
    fn claim(
        &self,
        kind: LeaseKind,
        item: &str,
        owner: &ProcessId,
        now: i64,
        lease: i64,
    ) -> Result<Claim, StoreError>;

    /// [`Leases::claim`] for a job that lives nowhere else: `payload` is
    /// kept with the claim, for [`Leases::orphan_jobs`].
    fn claim_job(
        &self,
        kind: LeaseKind,
        item: &str,
        owner: &ProcessId,
        now: i64,
        lease: i64,
        payload: &str,
    ) -> Result<Claim, StoreError>;

    /// Jobs of `kind` whose lease ended by `now` unfinished (their process
    /// died): `(item, payload)`, oldest lease first, at most `limit`.
    fn orphan_jobs(
        &self,
        kind: LeaseKind,
        now: i64,
        limit: u32,
    ) -> Result<Vec<(String, String)>, StoreError>;

    /// Marks an item `owner` holds as done at `now`: nobody claims it again.
    /// `false` when `owner` no longer held it.
    fn finish_claim(
        &self,
        kind: LeaseKind,
        item: &str,
        owner: &ProcessId,
        now: i64,
    ) -> Result<bool, StoreError>;

    /// Forgets every lease that ended before `before` (done or not).
    fn prune_claims(&self, before: i64) -> Result<usize, StoreError>;

    /// Who holds `kind`/`item`, until when, and when it was done.
    fn claim_of(
        &self,
        kind: LeaseKind,
        item: &str,
    ) -> Result<Option<(ProcessId, i64, Option<i64>)>, StoreError>;

    /// Records that process `id` (running `shards`) is alive at `now`, and
    /// the shared heartbeat with it, in one transaction. The downtime gap
    /// is measured from the latest beat of any process: time counts as
    /// downtime only when no process was running the clock. If that beat
    /// is more than `offline_after` seconds old, the bot was away: in the
    /// same transaction every running clock (deadlines, reminders, ends of
    /// pauses of active games) is pushed back by the time it was away.
    /// Returns that time, or `None` when there was no gap (or no earlier
    /// heartbeat). With `extend` false only the heartbeats are recorded.
    /// The shared heartbeat never moves back.
    fn process_heartbeat(
        &self,
        id: &ProcessId,
        shards: &str,
        now: i64,
        offline_after: i64,
        extend: bool,
    ) -> Result<Option<i64>, StoreError>;

    /// A process stopped cleanly: its row goes, and its unfinished claims
    /// end now, to be taken at once by another process (a job keeps its
    /// payload for whoever takes it over, see [`Leases::orphan_jobs`]).
    fn process_stopped(&self, id: &ProcessId) -> Result<(), StoreError>;

    /// Forgets processes whose last beat is older than `before`.
    fn prune_processes(&self, before: i64) -> Result<usize, StoreError>;

    /// Makes this process the only bot on the database, where the database
    /// serves one bot process only (an SQLite file): a second one is
    /// refused with [`StoreError::InUse`]. The lock lasts as long as the
    /// returned value (or the process). A database server needs none.
    fn lock_for_bot(&self) -> Result<BotLock, StoreError>;
}

/// The doctor's operations (`tawlbot doctor`): rows this program cannot
/// read or play on. See "Rows that cannot be read" in `docs/storage.md`.
pub trait Doctor {
    /// Every row that the store itself finds wrong, in one snapshot: rows
    /// of the games, challenges, tournaments and tournament matches that
    /// the readers refuse (a tournament whose data is not JSON too), games
    /// whose moves are not numbered 0..n or whose `move_count` is not their
    /// number, ratings that cannot be read, and every reference that leads
    /// nowhere (each foreign key of the schema), each named by the row it
    /// belongs to. Table by table, in id order. Reads only. (The replay of
    /// every game is the app's: `app::use_cases::doctor`.)
    fn unreadable_rows(&self) -> Result<Vec<UnreadableRow>, StoreError>;

    /// The id of every game, in order.
    fn all_game_ids(&self) -> Result<Vec<GameId>, StoreError>;

    /// Every player setting and every server language, as stored, for the
    /// doctor to judge.
    fn stored_choices(&self) -> Result<StoredChoices, StoreError>;

    /// Moves `rows` (found by [`Doctor::unreadable_rows`] and the app's
    /// replay) to the `quarantine` table, in one transaction: each with its
    /// problem and its content as JSON, together with the rows that hang
    /// on it (a game's moves, offers and rating history; a tournament's
    /// entrants and pairings; a player's settings and ratings), which are
    /// deleted with it, even when the row itself is missing. Links to it
    /// from rows that stay (a challenge's game, a game's challenge or
    /// tournament match) are set to NULL and noted in the record. A player
    /// and a server stay (a server loses its language); a channel that a
    /// game, challenge or tournament names stays where it is. Returns the
    /// rows moved, each once.
    fn quarantine_rows(
        &self,
        rows: &[UnreadableRow],
        at: i64,
    ) -> Result<Vec<UnreadableRow>, StoreError>;

    /// The rows in quarantine, oldest first.
    fn quarantined(&self) -> Result<Vec<QuarantinedRow>, StoreError>;
}

/// The outbox: every message a committed change produces is written in
/// the same transaction as the change (the `*_with` variants of the
/// clock's changes below), and any live process sends what is due (see
/// "What players are told" in `docs/scaling.md`).
///
/// A row is sent by the process that claims it ([`Outbox::claim_outbox`]):
/// only the oldest row of each target is ever claimable, so one target's
/// messages go out in order, one at a time; a claim is a lease, taken over
/// when it ends (the process died). A sent row is deleted; a transient
/// failure puts the row back with a later `due_at`; a permanent one
/// deletes it.
pub trait Outbox {
    /// [`Games::finish_game`], with `out` in the outbox in the same
    /// transaction (written only if the game is ended).
    #[allow(clippy::too_many_arguments)]
    fn finish_game_with(
        &self,
        id: GameId,
        expected_moves: Option<u32>,
        result: GameResult,
        reason: EndReason,
        at: i64,
        out: &[OutMessage],
    ) -> Result<(), AppendError>;

    /// [`Games::abort_game`], with `out` in the outbox in the same
    /// transaction.
    fn abort_game_with(
        &self,
        id: GameId,
        reason: EndReason,
        at: i64,
        out: &[OutMessage],
    ) -> Result<(), AppendError>;

    /// [`Clock::claim_reminder`], with `out` in the outbox in the same
    /// transaction when the reminder is recorded as sent
    /// ([`ReminderClaim::Send`]).
    fn claim_reminder_with(
        &self,
        game_id: GameId,
        now: i64,
        gap: i64,
        out: &[OutMessage],
    ) -> Result<ReminderClaim, StoreError>;

    /// [`Clock::claim_digest`], with `out` in the outbox in the same
    /// transaction when the digest is due.
    fn claim_digest_with(
        &self,
        player: &UserId,
        key: &str,
        now: i64,
        gap: i64,
        out: &[OutMessage],
    ) -> Result<bool, StoreError>;

    /// [`Challenges::set_challenge_state`], with `out` in the outbox in the
    /// same transaction when the state changed.
    fn set_challenge_state_with(
        &self,
        id: ChallengeId,
        from: ChallengeState,
        to: ChallengeState,
        at: i64,
        out: &[OutMessage],
    ) -> Result<bool, StoreError>;

    /// Puts messages in the outbox on their own (a change whose
    /// transaction could not carry them), due at once, in order.
    fn enqueue(&self, out: &[OutMessage], now: i64) -> Result<(), StoreError>;

    /// Claims for `owner` until `now + lease` at most `limit` rows to send:
    /// of each target its oldest row, if it is due by `now` and nobody's
    /// lease on it runs; oldest first. Atomic across processes.
    fn claim_outbox(
        &self,
        owner: &ProcessId,
        now: i64,
        lease: i64,
        limit: u32,
    ) -> Result<Vec<OutboxRow>, StoreError>;

    /// The oldest rows, at most `limit`, claiming nothing (what waits, for
    /// tests and operators).
    fn outbox_peek(&self, limit: u32) -> Result<Vec<OutboxRow>, StoreError>;

    /// A row was sent (or refused for good): it goes. `false` if it was
    /// gone already.
    fn outbox_done(&self, id: i64) -> Result<bool, StoreError>;

    /// A row failed for now: tried again at `due_at`, its lease given up.
    fn outbox_retry(&self, id: i64, owner: &ProcessId, due_at: i64) -> Result<(), StoreError>;

    /// Gives up every lease `owner` holds on the outbox (a clean stop).
    fn outbox_release(&self, owner: &ProcessId) -> Result<(), StoreError>;

    /// Drops every row made before `before`, sent or not; how many.
    fn prune_outbox(&self, before: i64) -> Result<usize, StoreError>;

    /// How many rows wait in the outbox.
    fn outbox_len(&self) -> Result<u64, StoreError>;
}

/// Vacations (docs/clocks.md): while one runs, the player's
/// clock is stopped in their games with a clock. Each change is one
/// transaction with the games it stops or starts and what it tells (the
/// outbox).
pub trait Vacations {
    /// The player's vacations that ended after `since` or still run,
    /// oldest first.
    fn vacations_of(&self, player: &UserId, since: i64) -> Result<Vec<VacationRow>, StoreError>;

    /// Starts a vacation (`plan.extend: None`) or extends the running one
    /// (its id) to `plan.ends_at`, counting `plan.days`, at `now`; sets the player's
    /// `vacation` setting to `ends_at`; stops the clocks of `holds`
    /// (each only if the game is active, not paused, has a running deadline
    /// and still has the moves it was seen with); puts `out` in the outbox.
    /// Returns the vacation's id; `None`, and nothing done, when the
    /// player's vacations are no longer `plan.seen` (another request
    /// changed them meanwhile: read them again and decide again).
    fn start_vacation(
        &self,
        plan: &VacationPlan,
        holds: &[ClockHold],
        out: &[OutMessage],
        now: i64,
    ) -> Result<Option<i64>, StoreError>;

    /// Ends vacation `id` (if it is not closed yet: `false` otherwise, and
    /// nothing is done): its end becomes `ends_at` and its days `days`, and
    /// the clocks of `releases` start again (each only if a vacation still
    /// holds it), and the player's `vacation` setting becomes `ends_at`.
    /// `out` goes in the outbox.
    fn end_vacation(
        &self,
        id: i64,
        ends_at: i64,
        days: i64,
        releases: &[ClockRelease],
        out: &[OutMessage],
        now: i64,
    ) -> Result<bool, StoreError>;

    /// Stops one game's clock for a vacation (a game that starts, a pause
    /// that ends, a takeback, during a vacation): as `start_vacation` does
    /// for each of its holds. `true` if it was stopped.
    fn hold_clock(&self, hold: &ClockHold) -> Result<bool, StoreError>;

    /// Vacations due to end by `now` that are not closed: `(id, ends_at)`,
    /// earliest first, at most `limit`.
    fn vacations_due(&self, now: i64, limit: u32) -> Result<Vec<(i64, i64)>, StoreError>;

    /// One vacation by id.
    fn get_vacation(&self, id: i64) -> Result<Option<VacationRow>, StoreError>;
}

/// Conditional moves: lines of "their move, my reply" pairs,
/// and the move that plays a line's reply in its own transaction.
pub trait Conditionals {
    /// [`Clock::append_move_clocked`], and in the same transaction the
    /// game's waiting conditional lines answered: when the game has any,
    /// `answer` is given them (read after the move is written, the game
    /// locked) and says which reply to play, if any. The reply is written
    /// as the next move (its source id the move's, with `+conditional`),
    /// the lines it follows get one more pair played, and every other
    /// waiting line is dropped. Returns the reply played. (`answer` may be
    /// called again if the transaction is retried.)
    fn append_move_answered(
        &self,
        mv: &NewMove<'_>,
        remind_at: Option<i64>,
        answer: &dyn Fn(&[ConditionalLine]) -> Option<ConditionalReply>,
    ) -> Result<Option<ConditionalReply>, AppendError>;

    /// Adds a waiting line for `player` in an active game that has
    /// exactly `expected_moves` moves (else `Stale`; `Paused` while its
    /// clock is stopped). `false`: the player has `max` waiting lines
    /// there already, nothing stored.
    #[allow(clippy::too_many_arguments)]
    fn add_conditional_line(
        &self,
        game_id: GameId,
        player: &UserId,
        expected_moves: u32,
        line: &[String],
        max: u32,
        at: i64,
    ) -> Result<bool, AppendError>;

    /// `player`'s waiting lines in a game, oldest first.
    fn waiting_lines(
        &self,
        game_id: GameId,
        player: &UserId,
    ) -> Result<Vec<ConditionalLine>, StoreError>;

    /// Every line of a game, whatever became of it, oldest first (the
    /// archive's).
    fn conditional_lines(&self, game_id: GameId) -> Result<Vec<ConditionalLine>, StoreError>;

    /// Drops `player`'s waiting lines in a game; how many.
    fn clear_conditional_lines(
        &self,
        game_id: GameId,
        player: &UserId,
        at: i64,
    ) -> Result<u32, StoreError>;
}

/// Puzzles: the set, players' attempts and puzzle ratings (docs/puzzles.md).
pub trait Puzzles {
    /// Puts in the puzzles whose number is not stored yet; returns how many
    /// were added (a stored puzzle keeps its rating).
    fn add_puzzles(&self, puzzles: &[PuzzleRow]) -> Result<u32, StoreError>;

    fn puzzle(&self, id: u32) -> Result<Option<PuzzleRow>, StoreError>;

    /// The highest puzzle number (0 with none).
    fn puzzle_count(&self) -> Result<u32, StoreError>;

    /// The puzzle rated nearest `rating` that the player has never tried
    /// (the lowest number among equals); `None` once all are tried.
    fn puzzle_near(&self, player: &UserId, rating: f64) -> Result<Option<PuzzleRow>, StoreError>;

    fn puzzle_player(&self, player: &UserId) -> Result<Option<PuzzlePlayer>, StoreError>;

    /// Puts the player on puzzle `id`.
    fn set_current_puzzle(&self, player: &UserId, id: u32, now: i64) -> Result<(), StoreError>;

    fn puzzle_attempt(&self, player: &UserId, id: u32)
        -> Result<Option<PuzzleAttempt>, StoreError>;

    /// Writes an attempt. The first time an attempt's result is known (a
    /// wrong move or a reveal: missed; solved with no wrong move: solved),
    /// and only for the player's first attempt at that puzzle, `rate`
    /// (player's rating, puzzle's rating, solved) gives both new ratings,
    /// written with the streak in the same transaction; a puzzle solved for
    /// the first time counts in the player's solved count.
    fn save_puzzle_attempt(
        &self,
        attempt: &PuzzleAttempt,
        now: i64,
        rate: &dyn Fn(PuzzleRating, PuzzleRating, bool) -> (PuzzleRating, PuzzleRating),
    ) -> Result<(), StoreError>;
}
