//! Tournaments and ratings as use cases, over `crate::tournament` (pure)
//! and the store.
//!
//! # How a tournament is kept
//!
//! The store's `tournaments` row holds the name, variant, options, format
//! and state (`signup`, `running`, `finished`, `cancelled`); its JSON `data`
//! is a [`Data`]: the settings, the entrant list fixed at the start, and the
//! pure [`Tournament`] state. A [`PlayerId`] is the index of the player in
//! `entrants` (store player ids: Discord snowflakes, or names in the console).
//! Each pairing is also a `tournament_matches` row, whose id the match's
//! games carry (`games.tournament_match_id`).
//!
//! # Match threads
//!
//! Pairing a round asks the front end to open one thread per match
//! ([`Effect::OpenMatchThread`]); [`start_match_in_thread`] starts the
//! match's first game there. A channel holds one active game at a time, so
//! the second game of a two-game match starts in the same thread when the
//! first ends, with the sides swapped.
//!
//! # Results
//!
//! Whenever a tournament game ends, [`on_game_end`] records every finished
//! game of the round's matches that the tournament state does not know yet
//! (so a result missed by a crash is picked up by the next one), starts the
//! match's next game, and when the round is complete pairs the next round or
//! announces the winner. A withdrawal forfeits the player's remaining games
//! and resigns their game in progress.
//!
//! # Round reports
//!
//! When a round is complete, [`advance`] adds its report (report.rs) before
//! the next pairings, in the same plan. With the outbox, a commit that ends
//! a round writes the plan's channel messages (match over, report,
//! pairings) in its own transaction (`Store::commit_tournament_with`),
//! so the round's end and what it tells are one: see `docs/tournaments.md`.
//! The organiser's tools (`/tournament result`, `forbid`, the winner's
//! role) are in result.rs.
//!
//! # Crashes and concurrency
//!
//! Every change of a tournament goes through [`update`]: read the row (with
//! its version), compute the new state, and write the state, the data and
//! the new or decided pairings in one transaction that checks the version
//! (the store's compare-and-set). A writer that lost the race reads again
//! and retries, so two processes on one database lose nothing, and a crash
//! leaves either the whole round or none of it. Games are started after the
//! commit and idempotently (a match has one game per pair of sides, enforced
//! by a unique index), so a crash between the two is repaired by
//! `/tournament start` or by the next game that ends. Data that cannot be
//! read is never overwritten.

mod archive;
mod matches;
mod ratings;
mod repair;
mod report;
mod result;
mod signup;
mod view;
mod withdraw;

pub use archive::{PairingLine, TournamentSheet};
pub(crate) use matches::*;
pub(crate) use ratings::*;
pub(crate) use repair::*;
use report::*;
pub(crate) use result::*;
pub(crate) use signup::*;
use view::*;
pub(crate) use withdraw::*;

use serde::{Deserialize, Serialize};

use crate::app::commands::tournament::Action;
use crate::app::commands::{TournamentArgs, TournamentCreate};
use crate::app::use_cases::games::lifecycle::{self, NewStart, StartError};
use crate::app::{
    mention, slug, store_err, App, Ctx, Effect, Loaded, Reply, Response, Target, TimeControl,
};
use crate::i18n::{Lang, Msg};
use crate::rules::{Ruleset, Side, VARIANTS};
use crate::store::{
    self, ChannelId, EndReason, GameRow, GameState, JoinOutcome, MatchId, MatchResult, MatchSpec,
    NewTournament, RoleId, ServerId, StoreError, TournamentFormat, TournamentId, TournamentPhase,
    UserId,
};
use crate::tournament::{
    glicko, Format, Match, MatchKind, PlayerId, StandingRow, Tournament, TournamentError,
};

/// The most entrants a tournament takes (and the default `max`).
pub(crate) const MAX_ENTRANTS: u32 = 128;
/// How often [`update`] reads again after losing a race.
const RETRIES: usize = 8;
/// After a scheduled start failed for another reason than too few players,
/// the clock tries again this much later.
const START_RETRY: i64 = 60;

/// The JSON kept in the store's `tournaments.data`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct Data {
    /// Games a match: kept as `single` or `two-game` (missing: two-game).
    #[serde(default = "two_game", with = "kind_text")]
    kind: MatchKind,
    /// Swiss rounds.
    #[serde(default)]
    rounds: Option<u32>,
    /// Time control of every game, kept as its text (`3d`, `bank:7d inc:1d
    /// cap:14d`, `none`; missing: none).
    #[serde(default = "no_clock", with = "time_text")]
    time: TimeControl,
    #[serde(default)]
    max_players: Option<u32>,
    /// Unix seconds at which the clock starts the tournament.
    #[serde(default)]
    start_at: Option<i64>,
    /// Late entry (Swiss only): players may join after the start until
    /// round `late` has been paired (docs/tournaments.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    late: Option<u32>,
    /// `/tournament create vacation:false`: its games' clocks run through
    /// the players' vacations (docs/clocks.md).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    no_vacation: bool,
    /// Store player ids; `PlayerId(i)` is `entrants[i]`. Set at the start.
    #[serde(default)]
    entrants: Vec<UserId>,
    /// The pure state, from the start on.
    #[serde(default)]
    state: Option<Tournament>,
    /// The role given to the winner at the end (`winner_role:`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    winner_role: Option<RoleId>,
    /// Pairs of players kept apart in Swiss rounds (`/tournament forbid`),
    /// by store id: set before the start too, when they have no
    /// [`PlayerId`] yet (the state's `apart` follows, [`sync_apart`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    apart: Vec<(UserId, UserId)>,
    /// The organiser's decisions (`/tournament result`): who set which
    /// result, and when, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    decisions: Vec<Decision>,
}

/// One result set by an organiser (`/tournament result`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Decision {
    round: u32,
    board: u32,
    /// The winner of the match; `None`: drawn.
    winner: Option<UserId>,
    /// Who decided.
    by: UserId,
    /// Unix seconds.
    at: i64,
}

/// The state's pairs kept apart, from the data's (players who are not
/// entrants are left out until they are).
fn sync_apart(t: &mut T) {
    let pairs: Vec<(PlayerId, PlayerId)> = t
        .data
        .apart
        .iter()
        .filter_map(|(a, b)| Some((t.data.pid(a)?, t.data.pid(b)?)))
        .collect();
    if let Some(s) = t.data.state.as_mut() {
        s.apart = pairs;
    }
}

fn no_clock() -> TimeControl {
    TimeControl::None
}

fn two_game() -> MatchKind {
    MatchKind::TwoGame
}

/// A match kind in the JSON of a tournament: `single` or `two-game`; any
/// other word makes the data unreadable (never a silent default).
mod kind_text {
    use super::MatchKind;
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub(in crate::app) fn word(k: MatchKind) -> &'static str {
        match k {
            MatchKind::Single => "single",
            MatchKind::TwoGame => "two-game",
        }
    }

    pub(in crate::app) fn read(s: &str) -> Option<MatchKind> {
        [MatchKind::Single, MatchKind::TwoGame]
            .into_iter()
            .find(|k| word(*k) == s)
    }

    pub(in crate::app) fn serialize<S: Serializer>(k: &MatchKind, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(word(*k))
    }

    pub(in crate::app) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<MatchKind, D::Error> {
        let text = String::deserialize(d)?;
        read(&text).ok_or_else(|| D::Error::custom(format!("unknown match kind {text:?}")))
    }
}

/// A time control in the JSON of a tournament: its stored text, read by the
/// store's reader (a text it cannot read makes the data unreadable).
mod time_text {
    use super::TimeControl;
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub(in crate::app) fn serialize<S: Serializer>(
        tc: &TimeControl,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.collect_str(tc)
    }

    pub(in crate::app) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<TimeControl, D::Error> {
        let text = String::deserialize(d)?;
        TimeControl::from_stored(&text).map_err(D::Error::custom)
    }
}

impl Data {
    fn match_kind(&self) -> MatchKind {
        self.kind
    }
    fn pid(&self, player: &str) -> Option<PlayerId> {
        self.entrants
            .iter()
            .position(|e| e == player)
            .map(|i| PlayerId(i as u64))
    }
    fn player(&self, p: PlayerId) -> &UserId {
        static UNKNOWN: std::sync::LazyLock<UserId> =
            std::sync::LazyLock::new(|| UserId::from("?"));
        self.entrants.get(p.0 as usize).unwrap_or(&UNKNOWN)
    }
}

/// A loaded tournament: its store row and its data.
struct T {
    row: store::Tournament,
    data: Data,
}

/// A refusal or notice for the asker alone.
fn tell(m: Msg) -> Response {
    Response::one(Reply::tell(m))
}

/// The tournament's name, escaped for Discord markup.
fn name_of(t: &T) -> String {
    crate::app::presentation::escape::name(&t.row.name)
}

/// A tournament's phase as players read it.
fn state_msg(state: TournamentPhase) -> Msg {
    Msg::new("state-name").str("state", state.as_str())
}

/// "**Spring** is finished."
fn is_state(t: &T) -> Response {
    tell(
        Msg::new("tournament-is-state")
            .str("name", name_of(t))
            .msg("state", state_msg(t.row.state)),
    )
}

/// The words of a refusal of the pure tournament module.
fn error_msg(t: &T, e: &TournamentError) -> Msg {
    let who = |p: &PlayerId| mention(t.data.player(*p));
    match e {
        TournamentError::TooFewPlayers => Msg::new("tournament-error-too-few-players"),
        TournamentError::DuplicatePlayer(p) => {
            Msg::new("tournament-error-duplicate-player").str("player", who(p))
        }
        TournamentError::NoRounds => Msg::new("tournament-error-no-rounds"),
        TournamentError::RoundInProgress => Msg::new("tournament-error-round-in-progress"),
        TournamentError::Finished => Msg::new("tournament-error-finished"),
        TournamentError::UnknownPlayer(p) => {
            Msg::new("tournament-error-unknown-player").str("player", who(p))
        }
        TournamentError::AlreadyWithdrawn(p) => {
            Msg::new("tournament-error-already-withdrawn").str("player", who(p))
        }
        TournamentError::NoSuchGame => Msg::new("tournament-error-no-such-game"),
        TournamentError::NotInGame(p) => {
            Msg::new("tournament-error-not-in-game").str("player", who(p))
        }
        TournamentError::NoSuchMatch { round, board } => Msg::new("tournament-error-no-such-match")
            .num("round", *round)
            .num("board", *board),
        TournamentError::TooManyRounds { rounds, max } => {
            Msg::new("tournament-error-too-many-rounds")
                .num("rounds", *rounds)
                .num("max", *max)
        }
    }
}

/// Whether the players' vacations stop the clocks of the games of match
/// `m` (a tournament created with `vacation:false` keeps them running; a
/// tournament that cannot be read is taken to allow them).
pub(crate) fn vacations_stop_match(app: &App, m: MatchId) -> bool {
    let Ok(Some(tm)) = app.store.get_match(m) else {
        return true;
    };
    match load(app, tm.tournament_id) {
        Ok(t) => !t.data.no_vacation,
        Err(_) => true,
    }
}

/// The name of the tournament of match `m`, escaped, for the list of
/// games a vacation does not stop.
pub(crate) fn match_tournament_name(app: &App, m: MatchId) -> Option<String> {
    let tm = app.store.get_match(m).ok()??;
    load(app, tm.tournament_id).ok().map(|t| name_of(&t))
}

fn load(app: &App, id: TournamentId) -> Result<T, Response> {
    match app.store.get_tournament(id) {
        Ok(Some(row)) => match serde_json::from_str::<Data>(&row.data) {
            Ok(data) => Ok(T { row, data }),
            Err(e) => {
                // Never overwritten: nothing saves a tournament it could not read.
                tracing::error!("tournament {id}: its data cannot be read ({e}); left untouched");
                Err(tell(Msg::new("tournament-unreadable").num("id", id)))
            }
        },
        Ok(None) => Err(tell(Msg::new("tournament-none").num("id", id))),
        Err(e) => Err(store_err(e)),
    }
}

/// What one attempt of [`update`] answers: replies, and threads to open for
/// pairings `(round, board, thread name)` once they are committed.
#[derive(Default)]
struct Plan {
    resp: Response,
    threads: Vec<(u32, u32, String)>,
    /// A round ended: its report is among the replies. With the outbox,
    /// the replies addressed to channels are written in the commit.
    round_ended: bool,
}

/// Reads tournament `id`, lets `f` change it, and commits the new state
/// (`Some(state)`; `None`: nothing to write) with the state's new and
/// decided pairings in one compare-and-set transaction; on a lost race reads
/// again and calls `f` again. `f` must not write to the store. Returns the
/// tournament as committed and the plan of the attempt that won, its
/// threads turned into effects.
fn update(
    app: &App,
    id: TournamentId,
    now: i64,
    mut f: impl FnMut(&App, &mut T, &mut Plan) -> Result<Option<TournamentPhase>, Response>,
) -> Result<(T, Plan), Response> {
    for _ in 0..RETRIES {
        let mut t = load(app, id)?;
        let mut plan = Plan::default();
        let Some(state) = f(app, &mut t, &mut plan)? else {
            return Ok((t, plan));
        };
        let json = serde_json::to_string(&t.data).map_err(store_err)?;
        let rows = app.store.tournament_matches(id).map_err(store_err)?;
        let specs = match_specs(&t, &rows);
        let corrected = corrected_specs(&t, &rows);
        // The end of a round is told in its own transaction (the outbox):
        // the report, then the pairings, never one without the other.
        let out = if plan.round_ended && app.uses_outbox() {
            let (told, rest) = told_in_commit(std::mem::take(&mut plan.resp.replies));
            let told = Response {
                replies: told,
                effects: Vec::new(),
            };
            // Readers who chose no language read the server's.
            let (out, kept) = app.outbound(told.on_server(&t.row.server_id));
            plan.resp.replies = kept.replies.into_iter().chain(rest).collect();
            out
        } else {
            Vec::new()
        };
        let done = app
            .store
            .commit_tournament_with(&store::TournamentCommit {
                id,
                expected_version: t.row.version,
                state,
                data: &json,
                matches: &specs,
                corrected: &corrected,
                out: &out,
                at: now,
            })
            .map_err(store_err)?;
        if !done {
            tracing::info!("tournament {id} changed meanwhile; reading it again");
            continue;
        }
        t.row.state = state;
        t.row.version += 1;
        t.row.data = json;
        if !plan.threads.is_empty() {
            let rows = app.store.tournament_matches(id).map_err(store_err)?;
            for (round, board, name) in std::mem::take(&mut plan.threads) {
                if let Some(r) = rows.iter().find(|r| r.round == round && r.board == board) {
                    plan.resp.effects.push(Effect::OpenMatchThread {
                        parent: channel_of(&t),
                        name,
                        match_id: r.id,
                    });
                }
            }
        }
        return Ok((t, plan));
    }
    tracing::warn!("tournament {id}: still changing after {RETRIES} attempts");
    Err(tell(Msg::new("tournament-busy")))
}

/// The pairings of the state that the store lacks, and the decided ones
/// whose row has no result yet.
fn match_specs(t: &T, rows: &[store::TournamentMatch]) -> Vec<MatchSpec> {
    let Some(s) = &t.data.state else {
        return Vec::new();
    };
    s.matches()
        .filter_map(|m| {
            let row = rows
                .iter()
                .find(|r| r.round == m.pairing.round && r.board == m.pairing.board);
            let result = if m.pairing.is_bye() {
                Some(MatchResult::Bye)
            } else {
                m.outcome()
                    .map(|o| MatchResult::score(o.first_game_points, o.second_game_points))
            };
            match row {
                Some(r) if r.result.is_some() || result.is_none() => None,
                _ => Some(MatchSpec {
                    round: m.pairing.round,
                    board: m.pairing.board,
                    first_player: Some(t.data.player(m.pairing.first).into()),
                    second_player: m.pairing.second.map(|b| t.data.player(b).into()),
                    result,
                }),
            }
        })
        .collect()
}

/// The replies told in a tournament's commit (those addressed to a
/// channel) and the rest.
fn told_in_commit(replies: Vec<Reply>) -> (Vec<Reply>, Vec<Reply>) {
    replies
        .into_iter()
        .partition(|r| matches!(r.target, Target::Channel(_)))
}

/// The decided pairings whose stored result is not the state's any more
/// (an organiser corrected it): their rows get the new result.
fn corrected_specs(t: &T, rows: &[store::TournamentMatch]) -> Vec<MatchSpec> {
    let Some(s) = &t.data.state else {
        return Vec::new();
    };
    s.matches()
        .filter(|m| !m.pairing.is_bye())
        .filter_map(|m| {
            let o = m.outcome()?;
            let result = MatchResult::score(o.first_game_points, o.second_game_points);
            let row = rows
                .iter()
                .find(|r| r.round == m.pairing.round && r.board == m.pairing.board)?;
            (row.result.is_some() && row.result != Some(result)).then(|| MatchSpec {
                round: m.pairing.round,
                board: m.pairing.board,
                first_player: Some(t.data.player(m.pairing.first).into()),
                second_player: m.pairing.second.map(|b| t.data.player(b).into()),
                result: Some(result),
            })
        })
        .collect()
}

fn channel_of(t: &T) -> ChannelId {
    t.row.channel_id.clone().unwrap_or_default()
}

/// The tournament a command is about: `id:`, else the newest open one of
/// this channel (or of the channel a match thread hangs from), else the only
/// open one on the server.
fn find(app: &App, ctx: &Ctx, id: Option<&str>) -> Result<T, Response> {
    if let Some(id) = id {
        let n: TournamentId = id.parse().map_err(|_| {
            tell(
                Msg::new("tournament-not-a-number")
                    .str("text", id.chars().take(20).collect::<String>()),
            )
        })?;
        let t = load(app, n)?;
        if t.row.server_id != ctx.server {
            return Err(tell(Msg::new("tournament-not-on-server").num("id", n)));
        }
        return Ok(t);
    }
    let all = app
        .store
        .tournaments_on_server(&ctx.server)
        .map_err(store_err)?;
    let parent = app.store.channel_parent(&ctx.channel).ok().flatten();
    let here = |r: &store::Tournament| {
        r.channel_id.as_deref() == Some(ctx.channel.as_str())
            || (parent.is_some() && r.channel_id == parent)
    };
    let pick = all
        .iter()
        .find(|r| here(r) && r.state.is_open())
        .or_else(|| all.iter().find(|r| here(r)))
        .or_else(|| {
            let open: Vec<_> = all.iter().filter(|r| r.state.is_open()).collect();
            (open.len() == 1).then(|| open[0])
        });
    match pick {
        Some(r) => load(app, r.id),
        None => Err(tell(Msg::new("tournament-which"))),
    }
}

/// Who runs tournament `t`: its creator, a member with Manage Server, or
/// one holding the server's organiser role.
fn is_organiser(app: &App, ctx: &Ctx, t: &T) -> bool {
    app.organiser(ctx) || t.row.created_by.as_deref() == Some(ctx.user.id.as_str())
}

impl App {
    /// Whether the user may create and run tournaments on this server: they
    /// have Manage Server, or hold the server's organiser role
    /// (`/settings organiser-role:`).
    pub(crate) fn organiser(&self, ctx: &Ctx) -> bool {
        if ctx.manage_server {
            return true;
        }
        if ctx.roles.is_empty() {
            return false;
        }
        match self.store.organiser_role(&ctx.server) {
            Ok(Some(role)) => ctx.roles.contains(&role),
            Ok(None) => false,
            Err(e) => {
                tracing::warn!("reading the organiser role of {}: {e}", ctx.server);
                false
            }
        }
    }

    /// `/settings organiser-role:@role` (Manage Server): members holding
    /// `role` may create and run tournaments. With `None`
    /// (`organiser-role-clear:true`), no role gives those rights any more.
    pub(crate) fn set_organiser_role(&self, ctx: &Ctx, role: Option<&str>) -> Response {
        if ctx.server.is_dm() {
            return Response::one(Reply::tell(Msg::new("organiser-role-dm")));
        }
        if !ctx.manage_server {
            return Response::one(Reply::tell(Msg::new("organiser-role-not-allowed")));
        }
        let Some(role) = role else {
            if let Err(e) = self.store.set_organiser_role(&ctx.server, None) {
                return store_err(e);
            }
            // Said in the channel, as the role's choice was.
            return Response::one(Reply::say(Msg::new("organiser-role-cleared")));
        };
        let role: RoleId = role
            .trim()
            .trim_start_matches("<@&")
            .trim_end_matches('>')
            .chars()
            .take(64)
            .collect::<String>()
            .into();
        if role.is_empty() || role.chars().any(char::is_whitespace) {
            return Response::one(Reply::tell(Msg::new("organiser-role-unreadable")));
        }
        if let Err(e) = self.store.set_organiser_role(&ctx.server, Some(&role)) {
            return store_err(e);
        }
        // Said in the channel: members should know who runs tournaments.
        Response::one(Reply::say(
            Msg::new("organiser-role-set").str("role", format!("<@&{role}>")),
        ))
    }
}

/// `/tournament SUB ...` (app/commands/tournament.rs).
pub(crate) fn command(app: &App, ctx: &Ctx, args: TournamentArgs) -> Response {
    let (id, action) = match args {
        TournamentArgs::Create(c) => return create(app, ctx, &c).unwrap_or_else(|r| r),
        TournamentArgs::List => return list(app, ctx).unwrap_or_else(|r| r),
        TournamentArgs::Commands => return tell(Msg::new("tournament-commands")),
        TournamentArgs::About { id, action } => (id, action),
    };
    let t = match find(app, ctx, id.as_deref()) {
        Ok(t) => t,
        Err(r) => return r,
    };
    let r = match action {
        Action::Join => join(app, ctx, t),
        // Asks first: the button `tournament-leave:ID` leaves.
        Action::Leave => ask_to_leave(app, ctx, t),
        Action::Start => start(app, ctx, t),
        Action::Standings => Ok(standings(app, &t, app.lang(ctx))),
        Action::Crosstable => Ok(crosstable(app, &t, app.lang(ctx))),
        Action::Info { round: Some(n) } => Ok(round_view(app, &t, &n)),
        Action::Info { round: None } => Ok(info(app, &t)),
        Action::Withdraw { player: Some(p) } => withdraw(app, ctx, t, &UserId::from(p), true),
        Action::Withdraw { player: None } => Err(tell(Msg::new("tournament-name-the-player"))),
        Action::Result {
            round,
            board,
            winner,
        } => set_result(app, ctx, t, &round, &board, &winner),
        Action::Forbid {
            player,
            other,
            remove,
        } => forbid(app, ctx, t, &player, &other, remove),
        Action::Cancel => cancel(app, ctx, t),
    };
    r.unwrap_or_else(|r| r)
}

// ---------------------------------------------------------------- ratings

// ------------------------------------------------------------------ clock

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::prelude::*;

    #[test]
    fn points_are_written_with_halves() {
        assert_eq!(fmt_points(0.0), "0");
        assert_eq!(fmt_points(0.5), "½");
        assert_eq!(fmt_points(2.0), "2");
        assert_eq!(fmt_points(2.5), "2½");
        assert_eq!(fmt_points(2.75), "2¾");
        assert_eq!(fmt_points(0.25), "¼");
        assert_eq!(fmt_points(1.1), "1.10");
    }

    fn two_handles() -> (tempfile::TempDir, App, store::SqliteStore, TournamentId) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.db");
        let app = App::new(store::SqliteStore::open(&path).unwrap());
        let other = store::SqliteStore::open(&path).unwrap();
        let id = app
            .store
            .create_tournament(&NewTournament {
                server_id: "srv".into(),
                channel_id: Some("general".into()),
                name: "Spring".into(),
                variant: "tawlbwrdd".into(),
                format: TournamentFormat::Swiss,
                data: "{\"time\":\"3d\"}".into(),
                created_at: 1,
                ..NewTournament::default()
            })
            .unwrap();
        (dir, app, other, id)
    }

    /// Another process commits between our read and our write: the
    /// compare-and-set refuses ours, and `update` reads again and redoes it
    /// on the new version, so neither change is lost.
    #[test]
    fn update_reads_again_after_losing_a_race() {
        let (_dir, app, other, id) = two_handles();
        let v0 = app.store.get_tournament(id).unwrap().unwrap().version;
        let mut calls = 0;
        let (t, _) = update(&app, id, 5, |_, t, _| {
            calls += 1;
            if calls == 1 {
                // The other process enters a player meanwhile.
                assert_eq!(
                    other.join_tournament(id, &"zed".into(), 2, 128).unwrap(),
                    JoinOutcome::Joined(1)
                );
            }
            t.data.max_players = Some(64);
            Ok(Some(TournamentPhase::Signup))
        })
        .unwrap();
        assert_eq!(calls, 2);
        assert_eq!(t.row.version, v0 + 2);
        let row = app.store.get_tournament(id).unwrap().unwrap();
        assert_eq!(row.version, v0 + 2);
        let data: Data = serde_json::from_str(&row.data).unwrap();
        assert_eq!(data.max_players, Some(64));
        assert_eq!(app.store.tournament_players(id).unwrap().len(), 1);
    }

    /// A tournament that changes under every attempt: `update` gives up
    /// with a sentence after a few tries and writes nothing of its own.
    #[test]
    fn update_gives_up_politely() {
        let (_dir, app, other, id) = two_handles();
        let mut calls = 0;
        let r = update(&app, id, 5, |_, t, _| {
            calls += 1;
            other
                .join_tournament(id, &format!("p{calls}").into(), 2, 128)
                .unwrap();
            t.data.max_players = Some(64);
            Ok(Some(TournamentPhase::Signup))
        });
        let Err(resp) = r else { panic!("committed") };
        assert_eq!(calls, RETRIES);
        let resp = app.localise(resp, &"".into(), &"srv".into());
        assert!(resp.replies[0].text.contains("try again in a moment"));
        let row = app.store.get_tournament(id).unwrap().unwrap();
        assert!(!row.data.contains("64"));
    }

    #[test]
    fn data_round_trips_and_maps_players() {
        let mut d = Data {
            kind: MatchKind::TwoGame,
            rounds: Some(3),
            time: TimeControl::PerMove(3 * 86_400),
            entrants: vec!["alice".into(), "bob".into()],
            ..Data::default()
        };
        d.state = Some(
            Tournament::new(
                Format::Swiss { rounds: 3 },
                d.match_kind(),
                vec![PlayerId(0), PlayerId(1)],
            )
            .unwrap(),
        );
        let json = serde_json::to_string(&d).unwrap();
        let back: Data = serde_json::from_str(&json).unwrap();
        assert_eq!(back.pid("bob"), Some(PlayerId(1)));
        assert_eq!(back.player(PlayerId(0)), "alice");
        assert_eq!(back.match_kind(), MatchKind::TwoGame);
        assert_eq!(back.state, d.state);
        // The time control is kept as its text.
        assert!(json.contains(r#""time":"3d""#), "{json}");
        assert_eq!(back.time, d.time);
        // Old or empty data still loads.
        let empty: Data = serde_json::from_str("{}").unwrap();
        assert!(empty.state.is_none());
        assert_eq!(empty.time, TimeControl::None);
        assert!(serde_json::from_str::<Data>(r#"{"time":"soon"}"#).is_err());
    }
}
