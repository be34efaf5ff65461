//! Ids and rows that cross the store boundary.

use super::{
    ChallengeId, ChallengeState, ChannelId, EndReason, GameId, GameResult, GameSettings, GameState,
    MatchId, MatchResult, OfferKind, ProcessId, ServerId, Side, Table, TimeControl,
    TournamentFormat, TournamentId, TournamentPhase, UserId,
};

/// A new challenge. Missing servers, channels and players are created
/// (named by their ids until `upsert_*` gives them names).
#[derive(Debug, Clone, Default)]
pub struct NewChallenge {
    pub server_id: ServerId,
    pub channel_id: ChannelId,
    pub challenger_id: UserId,
    /// `None`: an open challenge anybody may accept.
    pub opponent_id: Option<UserId>,
    pub variant: String,
    pub options: Vec<String>,
    /// Thread, bot level, start position.
    pub settings: GameSettings,
    /// The side the challenger asked for; `None` = random / either.
    pub challenger_side: Option<Side>,
    pub time_control: TimeControl,
    pub rated: bool,
    pub created_at: i64,
    pub expires_at: Option<i64>,
}

/// A stored challenge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Challenge {
    pub id: ChallengeId,
    pub server_id: ServerId,
    pub channel_id: ChannelId,
    pub challenger_id: UserId,
    pub opponent_id: Option<UserId>,
    pub variant: String,
    pub options: Vec<String>,
    /// Thread, bot level, start position.
    pub settings: GameSettings,
    pub challenger_side: Option<Side>,
    pub time_control: TimeControl,
    pub rated: bool,
    pub state: ChallengeState,
    /// The game started from this challenge.
    pub game_id: Option<GameId>,
    pub created_at: i64,
    pub updated_at: i64,
    pub expires_at: Option<i64>,
}

/// A new game. Missing servers, channels and players are created.
#[derive(Debug, Clone, Default)]
pub struct NewGame {
    pub server_id: ServerId,
    pub channel_id: ChannelId,
    pub variant: String,
    pub options: Vec<String>,
    /// Thread, bot level, start position.
    pub settings: GameSettings,
    pub seed: u64,
    /// The side that moves first.
    pub first_side: Side,
    /// Player of the first side (attackers, white).
    pub first_player: UserId,
    /// Player of the other side.
    pub second_player: UserId,
    pub challenge_id: Option<ChallengeId>,
    pub tournament_match_id: Option<MatchId>,
    pub rated: bool,
    pub time_control: TimeControl,
    /// Seconds in each side's bank, `None` when the control has no bank.
    pub bank_first: Option<i64>,
    pub bank_second: Option<i64>,
    pub created_at: i64,
    pub deadline: Option<i64>,
}

/// A stored game (header only; its moves come from [`Store::moves`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRow {
    pub id: GameId,
    pub server_id: ServerId,
    pub channel_id: ChannelId,
    pub variant: String,
    pub options: Vec<String>,
    /// Thread, bot level, start position.
    pub settings: GameSettings,
    pub seed: u64,
    /// The side that moves first.
    pub first_side: Side,
    pub first_player: UserId,
    pub second_player: UserId,
    pub challenge_id: Option<ChallengeId>,
    pub tournament_match_id: Option<MatchId>,
    pub rated: bool,
    pub time_control: TimeControl,
    pub bank_first: Option<i64>,
    pub bank_second: Option<i64>,
    pub paused: bool,
    pub state: GameState,
    /// Set when the game is finished.
    pub result: Option<GameResult>,
    /// Why it finished or was aborted.
    pub reason: Option<EndReason>,
    /// Number of stored moves: the `expected_number` for the next move.
    pub move_count: u32,
    pub created_at: i64,
    pub updated_at: i64,
    pub finished_at: Option<i64>,
    pub deadline: Option<i64>,
    pub reminders_sent: u32,
    pub last_reminder_at: Option<i64>,
    /// The time the player to move had when a vacation stopped their
    /// clock (their deadline is `None` meanwhile); `None` when no vacation
    /// holds the game (see [`super::Vacations`]).
    pub vacation_left: Option<i64>,
}

/// One move to append; see [`Store::append_move`].
#[derive(Debug, Clone, Default)]
pub struct NewMove<'a> {
    pub game_id: GameId,
    /// The number of moves the caller saw (the new move's 0-based number).
    pub expected_number: u32,
    pub text: &'a str,
    pub player_id: &'a str,
    pub at: i64,
    /// The Discord message or interaction id that made the move; unique.
    pub source_id: &'a str,
    /// `Some((result, reason))` when this move ends the game.
    pub finished: Option<(GameResult, EndReason)>,
    /// The game's deadline after this move (`None`: no deadline). Cleared
    /// anyway when the move ends the game.
    pub deadline: Option<i64>,
    /// `Some([first, second])` sets both banks; `None` leaves them.
    pub banks: Option<[Option<i64>; 2]>,
    /// `Some(left)`: the player to move next is on vacation, so their
    /// clock is stopped with `left` on it (the deadline is then `None`).
    pub vacation_left: Option<i64>,
}

/// A stored move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredMove {
    /// 0-based.
    pub number: u32,
    pub text: String,
    pub player_id: UserId,
    pub at: i64,
    pub source_id: String,
}

/// A standing offer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    pub kind: OfferKind,
    pub by_player: UserId,
    pub at: i64,
    /// The game's move count when the offer was made.
    pub move_count: u32,
}

/// A player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub id: UserId,
    pub display_name: String,
}

/// A player with their settings, as [`Readers`] holds them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reader {
    pub id: UserId,
    pub display_name: String,
    /// `(key, value)`, sorted by key.
    pub settings: Vec<(String, String)>,
}

/// What a request reads of its readers at once ([`super::Players::readers`]):
/// the players that exist, each with their name and settings (sorted by
/// key), and the server's language code as stored.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Readers {
    /// Each player asked for that exists.
    pub players: Vec<Reader>,
    /// The server's language code, if the server exists and chose one.
    pub server_language: Option<String>,
}

/// A new tournament.
#[derive(Debug, Clone, Default)]
pub struct NewTournament {
    pub server_id: ServerId,
    pub channel_id: Option<ChannelId>,
    pub name: String,
    pub variant: String,
    pub options: Vec<String>,
    pub format: TournamentFormat,
    pub data: String,
    pub created_by: Option<UserId>,
    pub created_at: i64,
}

/// A stored tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tournament {
    pub id: TournamentId,
    pub server_id: ServerId,
    pub channel_id: Option<ChannelId>,
    pub name: String,
    pub variant: String,
    pub options: Vec<String>,
    pub format: TournamentFormat,
    pub state: TournamentPhase,
    /// JSON owned by the tournament module.
    pub data: String,
    pub created_by: Option<UserId>,
    pub created_at: i64,
    pub updated_at: i64,
    /// The compare-and-set counter: bumped by every change of the row.
    pub version: i64,
}

/// One pairing to write with [`Store::commit_tournament`]: inserted if the
/// tournament has no match at `(round, board)`, otherwise only its result
/// is filled in (a result once stored is never changed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchSpec {
    pub round: u32,
    pub board: u32,
    pub first_player: Option<UserId>,
    pub second_player: Option<UserId>,
    pub result: Option<MatchResult>,
}

/// One commit of a tournament ([`Store::commit_tournament_with`]).
#[derive(Debug, Clone, Copy)]
pub struct TournamentCommit<'a> {
    pub id: TournamentId,
    /// The version read: the commit is refused if it moved on.
    pub expected_version: i64,
    pub state: TournamentPhase,
    /// The tournament's JSON data.
    pub data: &'a str,
    /// New or decided pairings (a stored result is kept).
    pub matches: &'a [MatchSpec],
    /// Pairings whose stored result is replaced (an organiser's correction).
    pub corrected: &'a [MatchSpec],
    /// Messages put in the outbox with the commit.
    pub out: &'a [OutMessage],
    pub at: i64,
}

/// What [`Store::join_tournament`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JoinOutcome {
    /// Entered; the number of active entrants now.
    Joined(u32),
    /// Already entered.
    Already,
    /// Entered once and left: cannot come back.
    Left,
    /// `max` active entrants already.
    Full,
    /// The tournament is not in sign-up (or does not exist).
    Closed,
}

/// A tournament entrant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentPlayer {
    pub player_id: UserId,
    pub joined_at: i64,
    pub withdrawn_at: Option<i64>,
    pub seed: Option<i64>,
}

/// A tournament pairing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentMatch {
    pub id: MatchId,
    pub tournament_id: TournamentId,
    pub round: u32,
    pub board: u32,
    pub first_player: Option<UserId>,
    /// `None`: a bye.
    pub second_player: Option<UserId>,
    pub result: Option<MatchResult>,
}

/// A rating row (per server, variant and player).
#[derive(Debug, Clone, PartialEq)]
pub struct Rating {
    pub server_id: ServerId,
    pub variant: String,
    pub player_id: UserId,
    pub rating: f64,
    pub rd: f64,
    pub vol: f64,
    pub games: u32,
    pub wins_first: u32,
    pub wins_second: u32,
    pub losses: u32,
    pub draws: u32,
    pub updated_at: i64,
}

/// What [`Clock::claim_reminder`](super::Clock::claim_reminder) decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReminderClaim {
    /// Recorded as sent: send it now (at most once: the record came first).
    Send,
    /// A reminder went out less than a day ago: moved to `Some(next)` (or
    /// dropped for this turn).
    Deferred(Option<i64>),
    /// Not due (any more): nothing to do.
    NotDue,
}

/// The scheduler's due columns: three of games, and when open challenges
/// expire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DueColumn {
    Deadline,
    RemindAt,
    PauseEnd,
    ChallengeExpiry,
}

/// A row that cannot be read: where it is and what is wrong with it (see
/// [`super::Doctor`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnreadableRow {
    pub table: Table,
    /// The row's id, as text.
    pub id: String,
    /// What is wrong, naming the column: `time_control: unknown time
    /// control "soon"`.
    pub problem: String,
}

impl UnreadableRow {
    /// The doctor's order: table by table ([`Table`]'s order), then by id
    /// (numbers as numbers), each row's problems in the order found.
    pub fn sort_all(rows: &mut [UnreadableRow]) {
        rows.sort_by(|a, b| {
            let key = |r: &UnreadableRow| (r.table, r.id.parse::<i64>().ok(), r.id.clone());
            key(a).cmp(&key(b))
        });
    }
}

impl std::fmt::Display for UnreadableRow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}: {}", self.table, self.id, self.problem)
    }
}

/// Every player setting and server language as stored (see
/// [`super::Doctor::stored_choices`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StoredChoices {
    /// `(player, key, value)`, by player and key.
    pub settings: Vec<(UserId, String, String)>,
    /// `(server, language)` of the servers that chose one.
    pub languages: Vec<(ServerId, String)>,
}

/// One point of a rating history: when, and the rating after that game.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingPoint {
    pub game_id: GameId,
    pub at: i64,
    pub rating: f64,
}

/// What [`crate::store::Leases::claim`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The caller holds the item until the lease ends: do the work.
    Mine,
    /// Another process holds it (its lease runs until `until`): skip it.
    Held { owner: ProcessId, until: i64 },
    /// The work was marked done: skip it.
    Done,
}

/// Held by the one bot process of a database that serves one (an SQLite
/// file); dropping it, or the process ending however it ends, lets another
/// bot start.
#[derive(Debug)]
pub struct BotLock {
    _file: Option<std::fs::File>,
}

impl BotLock {
    /// No lock (a database server, or a private in-memory database).
    pub fn none() -> BotLock {
        BotLock { _file: None }
    }

    /// The lock held through an open file.
    pub fn file(f: std::fs::File) -> BotLock {
        BotLock { _file: Some(f) }
    }
}

/// A row in quarantine (see [`super::Doctor::quarantine_rows`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuarantinedRow {
    /// The quarantine row's own id.
    pub id: i64,
    pub table: String,
    pub row_id: String,
    pub problem: String,
    /// JSON: `{"row": {...}, ...}` with the rows that hung on it (see
    /// `docs/storage.md`).
    pub content: String,
    pub at: i64,
}

/// A message for the outbox: where it goes (`channel:ID`, `dm:USER`) and
/// what it says, rendered (JSON, written and read by the app).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutMessage {
    pub target: String,
    pub body: String,
}

/// A row of the outbox, claimed to be sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboxRow {
    pub id: i64,
    pub target: String,
    pub body: String,
    /// When the change that made it was committed (unix seconds).
    pub created_at: i64,
    /// Failed attempts so far.
    pub attempts: u32,
}

/// A vacation (see [`super::Vacations`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VacationRow {
    pub id: i64,
    pub player_id: UserId,
    pub started_at: i64,
    /// When it ends (or ended, if ended early).
    pub ends_at: i64,
    /// The days it counts against the allowance.
    pub days: i64,
    /// Its end was handled: the clocks it stopped run again.
    pub closed: bool,
}

/// A vacation to start or extend ([`super::Vacations::start_vacation`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VacationPlan {
    pub player: UserId,
    /// The running vacation it extends; `None`: a new one.
    pub extend: Option<i64>,
    pub started_at: i64,
    pub ends_at: i64,
    /// The days it counts against the allowance.
    pub days: i64,
    /// What the plan was made from: the player's vacations as
    /// `vacations_of(player, seen_since)` read them. The store grants the
    /// plan only if the same read, inside its transaction, still gives
    /// these rows (two requests at once: one is granted, the other is
    /// told to look again).
    pub seen: Vec<VacationRow>,
    pub seen_since: i64,
}

/// A game's clock stopped by a vacation: the game, the move count it was
/// seen with (the stop is skipped if a move came meanwhile), and the time
/// the player to move had left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockHold {
    pub game: GameId,
    pub moves: u32,
    pub left: i64,
}

/// A game's clock started again at the end of a vacation: the game, its
/// new deadline and next reminder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockRelease {
    pub game: GameId,
    pub deadline: i64,
    pub remind_at: Option<i64>,
}

/// What became of a conditional line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineState {
    /// Live: played when the opponent plays its next move.
    Waiting,
    /// Every pair of it was played.
    Played,
    /// Left by the opponent, or dropped by a takeback, a pause or a clear.
    Dropped,
}

impl LineState {
    pub fn as_str(self) -> &'static str {
        match self {
            LineState::Waiting => "waiting",
            LineState::Played => "played",
            LineState::Dropped => "dropped",
        }
    }

    pub fn parse(s: &str) -> Option<LineState> {
        match s {
            "waiting" => Some(LineState::Waiting),
            "played" => Some(LineState::Played),
            "dropped" => Some(LineState::Dropped),
            _ => None,
        }
    }
}

/// A stored conditional line: "their move, my reply" pairs a player who
/// waits for the opponent's move keeps in a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConditionalLine {
    pub id: i64,
    pub player_id: UserId,
    /// The game's move count when it was added.
    pub from_move: u32,
    /// Their move, my reply, their move, my reply... as the game writes
    /// them (the whole line as added).
    pub moves: Vec<String>,
    /// Pairs of it played so far.
    pub played: u32,
    pub state: LineState,
    pub created_at: i64,
}

impl ConditionalLine {
    /// The pairs not played yet.
    pub fn rest(&self) -> &[String] {
        let from = (2 * self.played as usize).min(self.moves.len());
        &self.moves[from..]
    }
}

/// The reply a conditional line gives to the move being committed,
/// decided by the app inside that move's transaction
/// ([`crate::store::Conditionals::append_move_answered`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConditionalReply {
    /// Who replies (the line's owner).
    pub player_id: UserId,
    /// The reply as written.
    pub text: String,
    /// `Some((result, reason))` when the reply ends the game.
    pub finished: Option<(GameResult, EndReason)>,
    /// The deadline, banks and next reminder after the reply.
    pub deadline: Option<i64>,
    pub banks: Option<[Option<i64>; 2]>,
    pub remind_at: Option<i64>,
    /// The time left to the player to move after the reply when they are
    /// on vacation (their clock stopped: `deadline` and `remind_at` are
    /// then `None`; see `app/use_cases/clock/vacation.rs`).
    pub vacation_left: Option<i64>,
    /// The lines it follows: each has one more pair played (kept,
    /// shortened, or played out); every other waiting line is dropped.
    pub followed: Vec<i64>,
}

/// A Glicko-2 rating as the puzzle tables keep it (the arithmetic is
/// `tournament::glicko`'s).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuzzleRating {
    pub rating: f64,
    pub rd: f64,
    pub vol: f64,
}

/// A stored puzzle (`crate::puzzles::Puzzle` with its number and rating).
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRow {
    /// The puzzle's number.
    pub id: u32,
    pub variant: String,
    pub position: String,
    pub side: String,
    pub length: u32,
    pub solution: String,
    /// The main line, space separated.
    pub line: String,
    pub source: String,
    pub rating: PuzzleRating,
    /// Rated first attempts, and how many were solved.
    pub plays: u32,
    pub wins: u32,
}

/// A player's puzzle record.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzlePlayer {
    pub player_id: UserId,
    pub rating: PuzzleRating,
    /// Puzzles solved (once each).
    pub solved: u32,
    /// Puzzles solved in a row at the first try with no wrong move.
    pub streak: u32,
    pub best_streak: u32,
    /// The puzzle the player is on.
    pub current: Option<u32>,
}

/// Where a player's attempt at a puzzle stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttemptState {
    Open,
    Solved,
    Revealed,
}

impl AttemptState {
    pub fn as_str(self) -> &'static str {
        match self {
            AttemptState::Open => "open",
            AttemptState::Solved => "solved",
            AttemptState::Revealed => "revealed",
        }
    }
    pub fn parse(s: &str) -> AttemptState {
        match s {
            "solved" => AttemptState::Solved,
            "revealed" => AttemptState::Revealed,
            _ => AttemptState::Open,
        }
    }
}

/// A player's attempt at one puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleAttempt {
    pub player_id: UserId,
    pub puzzle_id: u32,
    /// The moves so far (the solver's and tawlbot's), as the tree writes them.
    pub moves: Vec<String>,
    pub state: AttemptState,
    /// A wrong move was played.
    pub missed: bool,
    /// The attempt's result went into both ratings.
    pub rated: bool,
}
