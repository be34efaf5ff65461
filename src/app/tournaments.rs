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

use serde::{Deserialize, Serialize};

use super::lifecycle::{self, NewStart, StartError};
use super::{
    arg, game_seed, mention, rules_of, slug, store_err, App, Ctx, Effect, Loaded, Reply, Response,
    Target, TimeControl,
};
use crate::rules::{Ruleset, Side, VARIANTS};
use crate::store::{self, GameRow, GameState, JoinOutcome, MatchSpec, NewTournament, StoreError};
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

const SIGNUP: &str = "signup";
const RUNNING: &str = "running";
const FINISHED: &str = "finished";
const CANCELLED: &str = "cancelled";

/// The JSON kept in the store's `tournaments.data`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct Data {
    /// `single` or `two-game`.
    #[serde(default)]
    kind: String,
    /// Swiss rounds.
    #[serde(default)]
    rounds: Option<u32>,
    /// Time control of every game.
    #[serde(default)]
    time: String,
    #[serde(default)]
    max_players: Option<u32>,
    /// Unix seconds at which the clock starts the tournament.
    #[serde(default)]
    start_at: Option<i64>,
    /// Store player ids; `PlayerId(i)` is `entrants[i]`. Set at the start.
    #[serde(default)]
    entrants: Vec<String>,
    /// The pure state, from the start on.
    #[serde(default)]
    state: Option<Tournament>,
}

impl Data {
    fn match_kind(&self) -> MatchKind {
        if self.kind == "single" {
            MatchKind::Single
        } else {
            MatchKind::TwoGame
        }
    }
    fn pid(&self, player: &str) -> Option<PlayerId> {
        self.entrants
            .iter()
            .position(|e| e == player)
            .map(|i| PlayerId(i as u64))
    }
    fn player(&self, p: PlayerId) -> &str {
        self.entrants
            .get(p.0 as usize)
            .map(String::as_str)
            .unwrap_or("?")
    }
}

/// A loaded tournament: its store row and its data.
struct T {
    row: store::Tournament,
    data: Data,
}

fn private(t: impl Into<String>) -> Response {
    Response::one(Reply::private(t))
}

fn load(app: &App, id: i64) -> Result<T, Response> {
    match app.store.get_tournament(id) {
        Ok(Some(row)) => match serde_json::from_str::<Data>(&row.data) {
            Ok(data) => Ok(T { row, data }),
            Err(e) => {
                // Never overwritten: nothing saves a tournament it could not read.
                tracing::error!("tournament {id}: its data cannot be read ({e}); left untouched");
                Err(private(format!(
                    "The records of tournament {id} cannot be read, so I leave it as it is. \
                     The bot's operator can look into it."
                )))
            }
        },
        Ok(None) => Err(private(format!("There is no tournament {id}."))),
        Err(e) => Err(store_err(e)),
    }
}

/// What one attempt of [`update`] answers: replies, and threads to open for
/// pairings `(round, board, thread name)` once they are committed.
#[derive(Default)]
struct Plan {
    resp: Response,
    threads: Vec<(u32, u32, String)>,
}

/// Reads tournament `id`, lets `f` change it, and commits the new state
/// (`Some(state)`; `None`: nothing to write) with the state's new and
/// decided pairings in one compare-and-set transaction; on a lost race reads
/// again and calls `f` again. `f` must not write to the store. Returns the
/// tournament as committed and the plan of the attempt that won, its
/// threads turned into effects.
fn update(
    app: &App,
    id: i64,
    now: i64,
    mut f: impl FnMut(&App, &mut T, &mut Plan) -> Result<Option<&'static str>, Response>,
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
        let done = app
            .store
            .commit_tournament(id, t.row.version, state, &json, &specs, now)
            .map_err(store_err)?;
        if !done {
            tracing::info!("tournament {id} changed meanwhile; reading it again");
            continue;
        }
        t.row.state = state.to_string();
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
    Err(private(
        "The tournament is changing right now: try again in a moment.",
    ))
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
                Some("bye".to_string())
            } else {
                m.outcome().map(|o| {
                    format!(
                        "{}-{}",
                        fmt_points(o.first_game_points),
                        fmt_points(o.second_game_points)
                    )
                })
            };
            match row {
                Some(r) if r.result.is_some() || result.is_none() => None,
                _ => Some(MatchSpec {
                    round: m.pairing.round,
                    board: m.pairing.board,
                    first_player: Some(t.data.player(m.pairing.first).to_string()),
                    second_player: m.pairing.second.map(|b| t.data.player(b).to_string()),
                    result,
                }),
            }
        })
        .collect()
}

fn channel_of(t: &T) -> String {
    t.row.channel_id.clone().unwrap_or_default()
}

fn is_open(state: &str) -> bool {
    state == SIGNUP || state == RUNNING
}

/// The tournament a command is about: `id:`, else the newest open one of
/// this channel (or of the channel a match thread hangs from), else the only
/// open one on the server.
fn find(app: &App, ctx: &Ctx, args: &[(String, String)]) -> Result<T, Response> {
    if let Some(id) = arg(args, "id") {
        let n: i64 = id
            .trim_start_matches('#')
            .parse()
            .map_err(|_| private(format!("{id} is not a tournament number.")))?;
        let t = load(app, n)?;
        if t.row.server_id != ctx.server {
            return Err(private(format!(
                "There is no tournament {n} on this server."
            )));
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
        .find(|r| here(r) && is_open(&r.state))
        .or_else(|| all.iter().find(|r| here(r)))
        .or_else(|| {
            let open: Vec<_> = all.iter().filter(|r| is_open(&r.state)).collect();
            (open.len() == 1).then(|| open[0])
        });
    match pick {
        Some(r) => load(app, r.id),
        None => Err(private(
            "Which tournament? Give its number, like id:1 (see /tournament list).",
        )),
    }
}

fn is_organiser(ctx: &Ctx, t: &T) -> bool {
    ctx.manage_server || t.row.created_by.as_deref() == Some(ctx.user.id.as_str())
}

fn describe(t: &T) -> String {
    let rules = Ruleset::from_spec(&t.row.variant, &t.row.options);
    let game = match rules {
        Ok(r) if r.options.is_empty() => r.name.to_string(),
        Ok(r) => format!("{} ({})", r.name, r.options.join(", ")),
        Err(_) => t.row.variant.clone(),
    };
    let format = match (t.row.format.as_str(), t.data.rounds) {
        ("swiss", Some(n)) => format!("Swiss, {n} round{}", if n == 1 { "" } else { "s" }),
        _ => "round robin".to_string(),
    };
    let kind = match t.data.match_kind() {
        MatchKind::Single => "one-game matches",
        MatchKind::TwoGame => "two-game matches (sides swapped)",
    };
    let tc = TimeControl::parse(&t.data.time)
        .map(|tc| tc.describe())
        .unwrap_or_else(|_| t.data.time.clone());
    format!("{game}, {format}, {kind}, {tc}")
}

/// `/tournament SUB ...`.
pub(crate) fn command(app: &App, ctx: &Ctx, sub: &str, args: &[(String, String)]) -> Response {
    let r = match sub {
        "create" => create(app, ctx, args),
        "list" => list(app, ctx),
        "join" | "leave" | "start" | "standings" | "info" | "withdraw" | "cancel" => {
            let t = match find(app, ctx, args) {
                Ok(t) => t,
                Err(r) => return r,
            };
            match sub {
                "join" => join(app, ctx, t),
                "leave" => {
                    let me = ctx.user.clone();
                    withdraw(app, ctx, t, &me.id, false)
                }
                "start" => start(app, ctx, t),
                "standings" => Ok(standings(app, &t)),
                "info" => Ok(info(app, &t)),
                "withdraw" => match arg(args, "player") {
                    Some(p) => {
                        let p = p.to_string();
                        withdraw(app, ctx, t, &p, true)
                    }
                    None => Err(private(
                        "Name the player: /tournament withdraw player:@someone.",
                    )),
                },
                _ => cancel(app, ctx, t),
            }
        }
        _ => Err(private(
            "Tournament commands: create, join, leave, start, standings, info, list, withdraw, cancel.",
        )),
    };
    r.unwrap_or_else(|r| r)
}

fn create(app: &App, ctx: &Ctx, args: &[(String, String)]) -> Result<Response, Response> {
    if !ctx.manage_server {
        return Err(private(
            "Only members with the Manage Server permission can create tournaments.",
        ));
    }
    let name: String = arg(args, "name").unwrap_or("").chars().take(60).collect();
    if name.is_empty() {
        return Err(private("Give the tournament a name: name:Spring."));
    }
    let variant = arg(args, "variant").unwrap_or("tawlbwrdd");
    let options: Vec<String> = arg(args, "options")
        .map(|o| {
            o.split([',', ' '])
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
    let rules = Ruleset::from_spec(variant, &options).map_err(private)?;
    let format = match arg(args, "format")
        .unwrap_or("swiss")
        .to_ascii_lowercase()
        .as_str()
    {
        "swiss" => "swiss",
        "round-robin" | "roundrobin" | "round robin" | "rr" => "round-robin",
        other => {
            return Err(private(format!(
                "The format is round-robin or swiss, not {}.",
                other.chars().take(20).collect::<String>()
            )))
        }
    };
    let rounds = match (format, arg(args, "rounds")) {
        ("swiss", None) => Some(3),
        ("swiss", Some(r)) => match r.parse::<u32>() {
            Ok(n) if (1..=20).contains(&n) => Some(n),
            _ => return Err(private("A Swiss tournament has 1 to 20 rounds.")),
        },
        _ => None,
    };
    let kind = match arg(args, "match").map(str::to_ascii_lowercase).as_deref() {
        None | Some("two-game" | "two" | "2") => "two-game",
        Some("single" | "one" | "1") => "single",
        Some(_) => return Err(private("A match is single or two-game.")),
    };
    let tc = TimeControl::parse(arg(args, "time").unwrap_or("3d")).map_err(private)?;
    let max_players = match arg(args, "max") {
        None => None,
        Some(m) => match m.parse::<u32>() {
            Ok(n) if (2..=MAX_ENTRANTS).contains(&n) => Some(n),
            _ => {
                return Err(private(format!(
                    "max is the most players, from 2 to {MAX_ENTRANTS}."
                )))
            }
        },
    };
    let start_at = match arg(args, "start") {
        None => None,
        Some(s) => match super::time_span(s.trim_start_matches('+')) {
            Some(secs) if secs > 0 => Some(ctx.now + secs),
            _ => {
                return Err(private(
                    "start is a time from now, like 2d, 12h or 90m (or start it with /tournament start).",
                ))
            }
        },
    };
    let data = Data {
        kind: kind.into(),
        rounds,
        time: tc.to_string(),
        max_players,
        start_at,
        entrants: Vec::new(),
        state: None,
    };
    let nt = NewTournament {
        server_id: ctx.server.clone(),
        channel_id: Some(ctx.channel.clone()),
        name: name.clone(),
        variant: rules.variant.to_string(),
        options: rules.options.clone(),
        format: format.into(),
        data: serde_json::to_string(&data).unwrap_or_default(),
        created_by: Some(ctx.user.id.clone()),
        created_at: ctx.now,
    };
    let id = app.store.create_tournament(&nt).map_err(store_err)?;
    let t = load(app, id)?;
    let when = match start_at {
        Some(at) => format!(" It starts in {}.", super::time::span(at - ctx.now)),
        None => " An organiser starts it with /tournament start.".into(),
    };
    let max = format!(" At most {} players.", max_players.unwrap_or(MAX_ENTRANTS));
    Ok(Response::one(Reply::text(format!(
        "Tournament {id}: **{}** — {}. Join with /tournament join.{max}{when}",
        super::escape::name(&name),
        describe(&t)
    ))))
}

fn list(app: &App, ctx: &Ctx) -> Result<Response, Response> {
    let all = app
        .store
        .tournaments_on_server(&ctx.server)
        .map_err(store_err)?;
    if all.is_empty() {
        return Ok(Response::one(Reply::text(
            "There are no tournaments on this server yet.",
        )));
    }
    let mut lines = Vec::new();
    for r in all.iter().take(20) {
        let Ok(t) = load(app, r.id) else {
            lines.push(format!(
                "{}. **{}** — its records cannot be read",
                r.id, r.name
            ));
            continue;
        };
        let n = if t.data.entrants.is_empty() {
            active_entrants(app, r.id)?.len()
        } else {
            t.data.entrants.len()
        };
        let round = t
            .data
            .state
            .as_ref()
            .filter(|_| r.state == RUNNING)
            .map(|s| format!(", round {} of {}", s.current_round(), s.total_rounds()))
            .unwrap_or_default();
        lines.push(format!(
            "{}. **{}** — {}, {}, {n} players{round}",
            r.id,
            super::escape::name(&r.name),
            describe(&t),
            r.state
        ));
    }
    Ok(Response::one(Reply::text(lines.join("\n"))))
}

fn active_entrants(app: &App, id: i64) -> Result<Vec<String>, Response> {
    Ok(app
        .store
        .tournament_players(id)
        .map_err(store_err)?
        .into_iter()
        .filter(|p| p.withdrawn_at.is_none())
        .map(|p| p.player_id)
        .collect())
}

fn join(app: &App, ctx: &Ctx, t: T) -> Result<Response, Response> {
    let too_late = || {
        private(format!(
            "**{}** is {}: it is too late to join.",
            super::escape::name(&t.row.name),
            if t.row.state == SIGNUP {
                RUNNING
            } else {
                t.row.state.as_str()
            }
        ))
    };
    if t.row.state != SIGNUP {
        return Err(too_late());
    }
    let max = t.data.max_players.unwrap_or(MAX_ENTRANTS).min(MAX_ENTRANTS);
    // Checked and written in one transaction: two joins racing for the
    // last place cannot both get it.
    match app
        .store
        .join_tournament(t.row.id, &ctx.user.id, ctx.now, max)
        .map_err(store_err)?
    {
        JoinOutcome::Joined(n) => Ok(Response::one(Reply::text(format!(
            "{} joins **{}** ({n} player{}).",
            mention(&ctx.user.id),
            super::escape::name(&t.row.name),
            if n == 1 { "" } else { "s" }
        )))),
        JoinOutcome::Already => Err(private(format!(
            "You are already in **{}**.",
            super::escape::name(&t.row.name)
        ))),
        JoinOutcome::Left => Err(private(format!(
            "You left **{}** and cannot join it again.",
            super::escape::name(&t.row.name)
        ))),
        JoinOutcome::Full => Err(private(format!(
            "**{}** is full ({max} players).",
            super::escape::name(&t.row.name)
        ))),
        JoinOutcome::Closed => Err(too_late()),
    }
}

fn start(app: &App, ctx: &Ctx, t: T) -> Result<Response, Response> {
    if !is_organiser(ctx, &t) {
        return Err(private(
            "Only the organiser or members with Manage Server can start a tournament.",
        ));
    }
    match t.row.state.as_str() {
        SIGNUP => begin(app, t.row.id, ctx.now),
        // Running: open the threads of matches that have no game yet (after
        // a restart that lost the front end's thread opening).
        RUNNING => resume(app, t.row.id, ctx.now),
        s => Err(private(format!(
            "**{}** is {s}.",
            super::escape::name(&t.row.name)
        ))),
    }
}

/// The pure state of a tournament starting with `entrants`.
fn new_state(t: &T, entrants: &[String]) -> Result<Tournament, TournamentError> {
    let format = match t.data.rounds {
        Some(rounds) if t.row.format == "swiss" => Format::Swiss { rounds },
        _ => Format::RoundRobin,
    };
    let ids = (0..entrants.len() as u64).map(PlayerId).collect();
    Tournament::new(format, t.data.match_kind(), ids)
}

/// Fixes the entrants, builds the state and pairs round 1: all of it one
/// commit.
fn begin(app: &App, id: i64, now: i64) -> Result<Response, Response> {
    let (_, plan) = update(app, id, now, |app, t, plan| {
        if t.row.state != SIGNUP {
            return Err(private(format!(
                "**{}** is {}.",
                super::escape::name(&t.row.name),
                t.row.state
            )));
        }
        let entrants = active_entrants(app, t.row.id)?;
        let state = new_state(t, &entrants).map_err(|e| {
            private(format!(
                "**{}** cannot start: {e} ({} joined).",
                super::escape::name(&t.row.name),
                entrants.len()
            ))
        })?;
        t.data.entrants = entrants;
        t.data.state = Some(state);
        plan.resp.replies.push(
            Reply::text(format!(
                "**{}** begins with {} players: {}.",
                super::escape::name(&t.row.name),
                t.data.entrants.len(),
                t.data
                    .entrants
                    .iter()
                    .map(|e| mention(e))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
            .to(Target::Channel(channel_of(t))),
        );
        advance(app, t, plan).map(Some)
    })?;
    Ok(plan.resp)
}

/// Pairs rounds while the current one is complete; announces the winner at
/// the end. Returns the tournament's state. Writes nothing: the pairings
/// are committed with the state by [`update`].
fn advance(app: &App, t: &mut T, plan: &mut Plan) -> Result<&'static str, Response> {
    let channel = channel_of(t);
    loop {
        let entrants = t.data.entrants.clone();
        let player = |p: PlayerId| entrants.get(p.0 as usize).cloned().unwrap_or_default();
        let Some(s) = t.data.state.as_mut() else {
            return Ok(SIGNUP);
        };
        if s.is_finished() {
            let winner = s.winner();
            let table = s.standings();
            let w = winner.map(|w| mention(&player(w))).unwrap_or_default();
            let pts = table
                .first()
                .map(|r| fmt_points(r.points))
                .unwrap_or_default();
            let mut r = Reply::text(format!(
                "**{}** is over. The winner is {w} with {pts} points! Congratulations.\n{}",
                super::escape::name(&t.row.name),
                standings_text(app, t, &table)
            ))
            .to(Target::Channel(channel.clone()));
            r = r.with_png(
                &format!("tournament-{}-standings.png", t.row.id),
                standings_png(app, t, &table),
            );
            plan.resp.replies.push(r);
            return Ok(FINISHED);
        }
        if !s.round_complete() {
            return Ok(RUNNING);
        }
        let pairings = match s.next_round() {
            Ok(p) => p,
            Err(e) => {
                tracing::error!("tournament {}: pairing failed: {e}", t.row.id);
                return Err(private(format!("Pairing failed: {e}")));
            }
        };
        let total = s.total_rounds();
        let round = s.current_round();
        let mut lines = vec![format!(
            "**{}**, round {round} of {total}:",
            super::escape::name(&t.row.name)
        )];
        for p in &pairings {
            let a = player(p.first);
            match p.second {
                None => lines.push(format!("Bye: {} (1 point)", mention(&a))),
                Some(b_id) => {
                    let b = player(b_id);
                    let forfeited = s.is_withdrawn(p.first) || s.is_withdrawn(b_id);
                    lines.push(format!(
                        "Board {}: {} v {}{}",
                        p.board,
                        mention(&a),
                        mention(&b),
                        if forfeited { " (forfeited)" } else { "" }
                    ));
                    if !forfeited {
                        plan.threads.push((
                            p.round,
                            p.board,
                            slug(&format!(
                                "{} r{} {} {}",
                                t.row.name,
                                p.round,
                                app.raw_name_of(&a),
                                app.raw_name_of(&b)
                            )),
                        ));
                    }
                }
            }
        }
        plan.resp
            .replies
            .push(Reply::text(lines.join("\n")).to(Target::Channel(channel.clone())));
    }
}

/// Catches up a running tournament after a restart that lost events:
/// records finished games it missed, starts the next game of matches whose
/// game ended, pairs the next round if due, and reopens the threads of
/// matches that never got a game.
fn resume(app: &App, id: i64, now: i64) -> Result<Response, Response> {
    let (t, plan) = update(app, id, now, |app, t, plan| {
        if t.row.state != RUNNING {
            return Ok(None);
        }
        record_finished_games(app, t);
        advance(app, t, plan).map(Some)
    })?;
    let mut resp = plan.resp;
    if t.row.state == RUNNING {
        if let Some(s) = &t.data.state {
            let round = s.current_round();
            for row in app.store.tournament_matches(t.row.id).map_err(store_err)? {
                if row.round != round {
                    continue;
                }
                let games = app.store.games_of_match(row.id).map_err(store_err)?;
                if let Some(last) = games.last() {
                    let channel = last.channel_id.clone();
                    resp.extend(start_next_game(app, &t, &row, &channel, now));
                }
            }
        }
        resp.extend(reopen(app, &t));
    }
    Ok(resp)
}

/// Effects opening the threads of current-round matches with games to play
/// and no game yet.
fn reopen(app: &App, t: &T) -> Response {
    let mut resp = Response::none();
    let Some(s) = &t.data.state else { return resp };
    let rows = app.store.tournament_matches(t.row.id).unwrap_or_default();
    for m in s.rounds.last().into_iter().flatten() {
        if m.is_complete() || m.pairing.is_bye() {
            continue;
        }
        let Some(row) = rows
            .iter()
            .find(|r| r.round == m.pairing.round && r.board == m.pairing.board)
        else {
            continue;
        };
        if !app
            .store
            .games_of_match(row.id)
            .unwrap_or_default()
            .is_empty()
        {
            continue;
        }
        let a = t.data.player(m.pairing.first);
        let b = m.pairing.second.map(|b| t.data.player(b)).unwrap_or("");
        resp.effects.push(Effect::OpenMatchThread {
            parent: channel_of(t),
            name: slug(&format!(
                "{} r{} {} {}",
                t.row.name,
                m.pairing.round,
                app.raw_name_of(a),
                app.raw_name_of(b)
            )),
            match_id: row.id,
        });
    }
    let n = resp.effects.len();
    resp.replies.push(Reply::private(format!(
        "**{}** is running (round {} of {}). {}",
        super::escape::name(&t.row.name),
        s.current_round(),
        s.total_rounds(),
        if n == 0 {
            "Every match of the round has its games.".to_string()
        } else {
            format!(
                "Opening {n} match thread{} again.",
                if n == 1 { "" } else { "s" }
            )
        }
    )));
    resp
}

/// The match of `row` in the state, by round and board.
fn state_match<'a>(s: &'a Tournament, row: &store::TournamentMatch) -> Option<&'a Match> {
    s.rounds
        .get(row.round.saturating_sub(1) as usize)?
        .iter()
        .find(|m| m.pairing.board == row.board)
}

/// See [`super::App::start_match_in_thread`].
pub(crate) fn start_match_in_thread(app: &App, ctx: &Ctx, match_id: i64, thread: &str) -> Response {
    let row = match app.store.get_match(match_id) {
        Ok(Some(r)) => r,
        Ok(None) => return private(format!("There is no match {match_id}.")),
        Err(e) => return store_err(e),
    };
    let t = match load(app, row.tournament_id) {
        Ok(t) => t,
        Err(r) => return r,
    };
    let _ = app
        .store
        .upsert_channel(thread, &t.row.server_id, t.row.channel_id.as_deref());
    let mut resp = start_next_game(app, &t, &row, thread, ctx.now);
    if resp.replies.is_empty() {
        resp.replies.push(
            Reply::text(format!(
                "Nothing to play in this match of **{}**: its games are decided.",
                super::escape::name(&t.row.name)
            ))
            .to(Target::Channel(thread.to_string())),
        );
    } else {
        resp.replies.push(
            Reply::text(format!(
                "Round {}, board {}: {} v {} in <#{thread}>.",
                row.round,
                row.board,
                mention(row.first_player.as_deref().unwrap_or("")),
                mention(row.second_player.as_deref().unwrap_or(""))
            ))
            .to(Target::Channel(channel_of(&t))),
        );
    }
    resp
}

/// Starts the next unplayed game of a match in `channel`, if it has one and
/// no game of the match is in progress. Replies go to `channel`.
fn start_next_game(
    app: &App,
    t: &T,
    row: &store::TournamentMatch,
    channel: &str,
    now: i64,
) -> Response {
    if t.row.state != RUNNING {
        return Response::none();
    }
    let Some(s) = &t.data.state else {
        return Response::none();
    };
    let Some(m) = state_match(s, row) else {
        return Response::none();
    };
    let games = app.store.games_of_match(row.id).unwrap_or_default();
    if games.iter().any(|g| g.state == GameState::Active) {
        return Response::none();
    }
    // The first game with no result and no game row with its sides.
    let next = m.pairing.games.iter().enumerate().find(|(i, sides)| {
        m.results[*i].is_none()
            && !games.iter().any(|g| {
                g.first_player == t.data.player(sides.first_side)
                    && g.second_player == t.data.player(sides.second_side)
            })
    });
    let Some((index, sides)) = next else {
        return Response::none();
    };
    let rules = match rules_of(&t.row.variant, &t.row.options) {
        Ok(r) => r,
        Err(e) => return private(e),
    };
    let seed = game_seed(row.id * 2 + index as i64, now, channel);
    let start = NewStart {
        server: &t.row.server_id,
        channel,
        rules: &rules,
        options: t.row.options.clone(),
        seed,
        players: [
            t.data.player(sides.first_side).to_string(),
            t.data.player(sides.second_side).to_string(),
        ],
        challenge: None,
        tournament_match: Some(row.id),
        rated: true,
        time: TimeControl::parse(&t.data.time).unwrap_or_default(),
        now,
    };
    let l = match lifecycle::start(app, start) {
        Ok(l) => l,
        // The channel is busy, or another process started this game first
        // (the unique index on match and sides).
        Err(StartError::Store(StoreError::ChannelBusy { .. })) => return Response::none(),
        Err(StartError::Store(e)) => return store_err(e),
        Err(StartError::Load(e)) => return private(e),
    };
    let id = l.row.id;
    let of = m.pairing.games.len();
    let title = format!(
        "**{}**, round {}, board {}, game {} of {of} (game {id}):",
        super::escape::name(&t.row.name),
        row.round,
        row.board,
        index + 1,
    );
    let text = app.opening_text(&l, &title);
    Response::one(
        app.board_reply(&l, text, &[])
            .to(Target::Channel(channel.to_string())),
    )
}

/// Records the finished games of the state's incomplete matches that it does
/// not know yet. Returns whether anything changed.
fn record_finished_games(app: &App, t: &mut T) -> bool {
    let Some(s) = t.data.state.as_mut() else {
        return false;
    };
    let rows = app.store.tournament_matches(t.row.id).unwrap_or_default();
    let rules = rules_of(&t.row.variant, &t.row.options).ok();
    let mut changed = false;
    let entrants = t.data.entrants.clone();
    let pid = |p: &str| {
        entrants
            .iter()
            .position(|e| e == p)
            .map(|i| PlayerId(i as u64))
    };
    for row in &rows {
        let Some(m) = state_match(s, row) else {
            continue;
        };
        if m.is_complete() {
            continue;
        }
        let pending: Vec<_> = m
            .pairing
            .games
            .iter()
            .zip(&m.results)
            .filter(|(_, r)| r.is_none())
            .map(|(g, _)| *g)
            .collect();
        for g in app.store.games_of_match(row.id).unwrap_or_default() {
            if g.state != GameState::Finished {
                continue;
            }
            let (Some(a), Some(b)) = (pid(&g.first_player), pid(&g.second_player)) else {
                continue;
            };
            if !pending
                .iter()
                .any(|p| p.first_side == a && p.second_side == b)
            {
                continue;
            }
            let winner = g
                .result
                .as_deref()
                .and_then(|r| rules.as_ref()?.parse_side(r))
                .map(|side| if side == Side::First { a } else { b });
            if s.record_game(a, b, winner, g.move_count).is_ok() {
                changed = true;
            }
        }
    }
    changed
}

/// Called once whenever a game ends (by a move, resignation, agreement or
/// time): updates ratings, records tournament results, starts the match's
/// next game, pairs the next round. Replies are addressed to channels.
pub(crate) fn on_game_end(app: &App, l: &Loaded, now: i64) -> Response {
    let Some(mid) = l.row.tournament_match_id else {
        return Response::none();
    };
    after_game(app, mid, &l.row.channel_id, now).unwrap_or_else(|r| r)
}

fn after_game(app: &App, mid: i64, channel: &str, now: i64) -> Result<Response, Response> {
    let Some(row) = app.store.get_match(mid).map_err(store_err)? else {
        return Ok(Response::none());
    };
    let (t, plan) = update(app, row.tournament_id, now, |app, t, plan| {
        if t.row.state != RUNNING {
            return Ok(None);
        }
        let was_complete = t
            .data
            .state
            .as_ref()
            .and_then(|s| state_match(s, &row))
            .is_some_and(|m| m.is_complete());
        record_finished_games(app, t);
        // Announce a match completed by this game in its thread.
        if let Some(m) = t.data.state.as_ref().and_then(|s| state_match(s, &row)) {
            if let (false, Some(o)) = (was_complete, m.outcome()) {
                let a = t.data.player(m.pairing.first).to_string();
                let b = m.pairing.second.map(|b| t.data.player(b)).unwrap_or("");
                plan.resp.replies.push(
                    Reply::text(format!(
                        "Match over: {} {}–{} {}.",
                        mention(&a),
                        fmt_points(o.first_game_points),
                        fmt_points(o.second_game_points),
                        mention(b)
                    ))
                    .to(Target::Channel(channel.to_string())),
                );
            }
        }
        advance(app, t, plan).map(Some)
    })?;
    let mut resp = plan.resp;
    // After the commit: the match's next game (idempotent).
    resp.extend(start_next_game(app, &t, &row, channel, now));
    Ok(resp)
}

/// `/tournament leave` (`by_organiser` false) and `/tournament withdraw`.
fn withdraw(
    app: &App,
    ctx: &Ctx,
    t: T,
    player: &str,
    by_organiser: bool,
) -> Result<Response, Response> {
    if by_organiser && !is_organiser(ctx, &t) {
        return Err(private(
            "Only the organiser or members with Manage Server can withdraw a player.",
        ));
    }
    let name = &super::escape::name(&t.row.name);
    match t.row.state.as_str() {
        SIGNUP => {
            let done = app
                .store
                .withdraw_tournament_player(t.row.id, player, ctx.now)
                .map_err(store_err)?;
            if !done {
                return Err(private(format!(
                    "{} is not in **{name}**.",
                    mention(player)
                )));
            }
            Ok(Response::one(Reply::text(format!(
                "{} leaves **{name}**.",
                mention(player)
            ))))
        }
        RUNNING => {
            let id = t.row.id;
            let (t, plan) = update(app, id, ctx.now, |app, t, plan| {
                if t.row.state != RUNNING {
                    return Err(private(format!("**{name}** is {}.", t.row.state)));
                }
                let Some(p) = t.data.pid(player) else {
                    return Err(private(format!(
                        "{} is not in **{name}**.",
                        mention(player)
                    )));
                };
                // Games already finished count as played before the withdrawal.
                record_finished_games(app, t);
                let Some(s) = t.data.state.as_mut() else {
                    return Err(private(format!("**{name}** has no pairings.")));
                };
                if let Err(e) = s.withdraw(p) {
                    return Err(private(format!("Cannot withdraw: {e}.")));
                }
                plan.resp.extend(announce_forfeited_matches(app, t, p));
                advance(app, t, plan).map(Some)
            })?;
            if let Err(e) = app
                .store
                .withdraw_tournament_player(t.row.id, player, ctx.now)
            {
                tracing::error!("marking {player} withdrawn from tournament {id}: {e}");
            }
            let mut resp = Response::one(
                Reply::text(format!(
                    "{} {} **{name}**: their remaining games are forfeited.",
                    mention(player),
                    if by_organiser {
                        "is withdrawn from"
                    } else {
                        "withdraws from"
                    }
                ))
                .to(Target::Channel(channel_of(&t))),
            );
            // End their game in progress as a loss (the state has already
            // scored it as a forfeit), through the one end of a game.
            for g in active_games(app, &t, player) {
                resp.extend(forfeit_game(app, g, player, ctx.now));
            }
            resp.extend(plan.resp);
            Ok(resp)
        }
        s => Err(private(format!("**{name}** is {s}."))),
    }
}

/// A member left the server: they withdraw from every tournament of that
/// server they are playing in (or signed up for), and the tournaments go on.
pub(crate) fn member_left(app: &App, server: &str, user: &str, now: i64) -> Response {
    let mut resp = Response::none();
    let Ok(all) = app.store.tournaments_on_server(server) else {
        return resp;
    };
    let ctx = Ctx {
        server: server.to_string(),
        channel: String::new(),
        user: super::User {
            id: user.to_string(),
            name: user.to_string(),
        },
        now,
        source: format!("left:{server}:{user}:{now}"),
        manage_server: false,
        mentioned: Vec::new(),
    };
    for row in all.into_iter().filter(|r| is_open(&r.state)) {
        let Ok(t) = load(app, row.id) else { continue };
        let entered = match t.row.state.as_str() {
            RUNNING => t
                .data
                .pid(user)
                .is_some_and(|p| t.data.state.as_ref().is_some_and(|s| !s.is_withdrawn(p))),
            _ => active_entrants(app, row.id).is_ok_and(|e| e.iter().any(|p| p == user)),
        };
        if !entered {
            continue;
        }
        let channel = channel_of(&t);
        match withdraw(app, &ctx, t, user, false) {
            Ok(r) => resp.extend(retarget(r, &channel)),
            Err(e) => tracing::warn!("withdrawing {user} who left {server}: {:?}", e.replies),
        }
    }
    resp
}

/// Replies addressed to `Here` go to `channel` instead (no one asked).
fn retarget(mut r: Response, channel: &str) -> Response {
    for reply in &mut r.replies {
        if reply.target == Target::Here {
            reply.target = Target::Channel(channel.to_string());
            reply.ephemeral = false;
        }
    }
    r
}

/// "Match over" for the current-round matches of withdrawn player `p`,
/// in the match's thread (or the tournament's channel if it has no game).
fn announce_forfeited_matches(app: &App, t: &T, p: PlayerId) -> Response {
    let mut resp = Response::none();
    let Some(s) = &t.data.state else { return resp };
    let rows = app.store.tournament_matches(t.row.id).unwrap_or_default();
    for m in s.rounds.last().into_iter().flatten() {
        let (Some(o), Some(b)) = (m.outcome(), m.pairing.second) else {
            continue;
        };
        if !m.pairing.involves(p) {
            continue;
        }
        let channel = rows
            .iter()
            .find(|r| r.round == m.pairing.round && r.board == m.pairing.board)
            .and_then(|r| app.store.games_of_match(r.id).ok())
            .and_then(|g| g.last().map(|g| g.channel_id.clone()))
            .unwrap_or_else(|| channel_of(t));
        resp.replies.push(
            Reply::text(format!(
                "Match over: {} {}–{} {} (forfeit).",
                mention(t.data.player(m.pairing.first)),
                fmt_points(o.first_game_points),
                fmt_points(o.second_game_points),
                mention(t.data.player(b))
            ))
            .to(Target::Channel(channel)),
        );
    }
    resp
}

/// Active games of `player` in the tournament.
fn active_games(app: &App, t: &T, player: &str) -> Vec<GameRow> {
    app.store
        .tournament_matches(t.row.id)
        .unwrap_or_default()
        .into_iter()
        .filter(|m| {
            m.first_player.as_deref() == Some(player) || m.second_player.as_deref() == Some(player)
        })
        .flat_map(|m| app.store.games_of_match(m.id).unwrap_or_default())
        .filter(|g| {
            g.state == GameState::Active && (g.first_player == player || g.second_player == player)
        })
        .collect()
}

/// Ends `g` as a loss for `player` (by resignation), through the one end
/// of a game (rating it).
fn forfeit_game(app: &App, g: GameRow, player: &str, now: i64) -> Response {
    let channel = g.channel_id.clone();
    let Ok(mut l) = app.load(g) else {
        return Response::none();
    };
    let Some(side) = l.side_of(player) else {
        return Response::none();
    };
    let before = l.game.record().len() as u32;
    l.game.resign(side);
    let Some(o) = l.game.outcome() else {
        return Response::none();
    };
    let after = match lifecycle::finish(app, &mut l, before, now) {
        Ok(r) => r,
        Err(e) => {
            tracing::warn!("forfeiting game {} of {player}: {e}", l.row.id);
            return Response::none();
        }
    };
    let text = format!(
        "{} withdrew from the tournament. {}",
        mention(player),
        super::outcome_sentence(&l.game, o)
    );
    let mut resp = Response::one(app.board_reply(&l, text, &[]).to(Target::Channel(channel)));
    resp.extend(after);
    resp
}

fn cancel(app: &App, ctx: &Ctx, t: T) -> Result<Response, Response> {
    if !is_organiser(ctx, &t) {
        return Err(private(
            "Only the organiser or members with Manage Server can cancel a tournament.",
        ));
    }
    let (t, _) = update(app, t.row.id, ctx.now, |_, t, _| {
        if !is_open(&t.row.state) {
            return Err(private(format!(
                "**{}** is {}.",
                super::escape::name(&t.row.name),
                t.row.state
            )));
        }
        Ok(Some(CANCELLED))
    })?;
    let mut aborted = 0;
    for m in app.store.tournament_matches(t.row.id).unwrap_or_default() {
        for g in app.store.games_of_match(m.id).unwrap_or_default() {
            if g.state == GameState::Active
                && lifecycle::abort(app, g.id, "cancelled", ctx.now).is_ok()
            {
                aborted += 1;
            }
        }
    }
    Ok(Response::one(Reply::text(format!(
        "**{}** is cancelled{}.",
        super::escape::name(&t.row.name),
        if aborted > 0 {
            format!(
                " ({aborted} game{} stopped)",
                if aborted == 1 { "" } else { "s" }
            )
        } else {
            String::new()
        }
    ))))
}

fn info(app: &App, t: &T) -> Response {
    let mut out = format!(
        "Tournament {}: **{}** — {}. State: {}.",
        t.row.id,
        super::escape::name(&t.row.name),
        describe(t),
        t.row.state
    );
    if let Some(by) = &t.row.created_by {
        out.push_str(&format!(" Organiser: {}.", app.name_of(by)));
    }
    match &t.data.state {
        None => {
            let players = active_entrants(app, t.row.id).unwrap_or_default();
            out.push_str(&format!(
                "\nPlayers ({}): {}",
                players.len(),
                if players.is_empty() {
                    "none yet".to_string()
                } else {
                    players
                        .iter()
                        .map(|p| app.name_of(p))
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            ));
            if let Some(at) = t.data.start_at {
                out.push_str(&format!("\nStarts {}.", super::time::date(at)));
            }
        }
        Some(s) => {
            out.push_str(&format!(
                "\nRound {} of {}.",
                s.current_round(),
                s.total_rounds()
            ));
            let rows = app.store.tournament_matches(t.row.id).unwrap_or_default();
            for m in s.rounds.last().into_iter().flatten() {
                let a = app.name_of(t.data.player(m.pairing.first));
                let line = match m.pairing.second {
                    None => format!("Bye: {a}"),
                    Some(b) => {
                        let b = app.name_of(t.data.player(b));
                        let score = m
                            .outcome()
                            .map(|o| {
                                format!(
                                    "{}–{}",
                                    fmt_points(o.first_game_points),
                                    fmt_points(o.second_game_points)
                                )
                            })
                            .unwrap_or_else(|| "playing".into());
                        let thread = rows
                            .iter()
                            .find(|r| r.round == m.pairing.round && r.board == m.pairing.board)
                            .and_then(|r| app.store.games_of_match(r.id).ok())
                            .and_then(|g| g.last().map(|g| format!(" in <#{}>", g.channel_id)))
                            .unwrap_or_default();
                        format!("Board {}: {a} v {b}, {score}{thread}", m.pairing.board)
                    }
                };
                out.push('\n');
                out.push_str(&line);
            }
        }
    }
    Response::one(Reply::text(out))
}

fn standings(app: &App, t: &T) -> Response {
    let Some(s) = &t.data.state else {
        return private(format!(
            "**{}** has not started yet.",
            super::escape::name(&t.row.name)
        ));
    };
    let table = s.standings();
    let head = format!(
        "**{}** standings after round {} of {}{}:\n",
        super::escape::name(&t.row.name),
        s.current_round(),
        s.total_rounds(),
        if t.row.state == FINISHED {
            " (final)"
        } else {
            ""
        }
    );
    Response::one(
        Reply::text(head + &standings_text(app, t, &table)).with_png(
            &format!("tournament-{}-standings.png", t.row.id),
            standings_png(app, t, &table),
        ),
    )
}

/// Points with vulgar fractions: `1.5` → `1½`, `2.0` → `2`, `0.75` → `¾`
/// (Sonneborn-Berger can have quarters); anything else with two decimals.
fn fmt_points(p: f64) -> String {
    let quarters = (p * 4.0).round();
    if (p * 4.0 - quarters).abs() > 1e-9 || p < 0.0 {
        return format!("{p:.2}");
    }
    let q = quarters as i64;
    let (whole, frac) = (q / 4, ["", "¼", "½", "¾"][(q % 4) as usize]);
    match (whole, frac) {
        (0, "") => "0".into(),
        (0, f) => f.into(),
        (w, f) => format!("{w}{f}"),
    }
}

fn table_rows(app: &App, t: &T, table: &[StandingRow]) -> Vec<[String; 6]> {
    table
        .iter()
        .map(|r| {
            let mut name = app.raw_name_of(t.data.player(r.player)).replace('`', "'");
            if r.withdrawn {
                name.push_str(" (withdrawn)");
            }
            [
                r.rank.to_string(),
                name,
                fmt_points(r.points),
                fmt_points(r.sonneborn_berger),
                fmt_points(r.buchholz),
                format!("{}/{}/{}", r.won, r.drawn, r.lost),
            ]
        })
        .collect()
}

const HEADERS: [&str; 6] = ["#", "Player", "Pts", "SB", "Buch", "W/D/L"];

/// The standings as a fixed-width text table (in a code block).
fn standings_text(app: &App, t: &T, table: &[StandingRow]) -> String {
    let rows = table_rows(app, t, table);
    let mut width = HEADERS.map(|h| h.chars().count());
    for r in &rows {
        for (w, c) in width.iter_mut().zip(r) {
            *w = (*w).max(c.chars().count());
        }
    }
    let line = |cells: [&str; 6]| {
        let mut s = String::new();
        for (i, c) in cells.iter().enumerate() {
            let pad = width[i] - c.chars().count();
            if i == 1 {
                s.push_str(c);
                s.push_str(&" ".repeat(pad));
            } else {
                s.push_str(&" ".repeat(pad));
                s.push_str(c);
            }
            s.push_str("  ");
        }
        s.trim_end().to_string()
    };
    let mut out = String::from("```\n");
    out.push_str(&line(HEADERS));
    out.push('\n');
    for r in &rows {
        out.push_str(&line([&r[0], &r[1], &r[2], &r[3], &r[4], &r[5]]));
        out.push('\n');
    }
    out.push_str("```\nOrder: points, then Sonneborn-Berger (SB), then Buchholz.");
    out
}

fn standings_png(app: &App, t: &T, table: &[StandingRow]) -> Vec<u8> {
    let rows = table_rows(app, t, table);
    let title = format!("{} — standings", t.row.name);
    super::table_png::render(&title, &HEADERS, &rows)
}

// ---------------------------------------------------------------- ratings

/// A stored rating with its deviation grown by the rating periods of
/// [`glicko::PERIOD_SECS`] that passed without a game since it changed.
fn rating_now(r: &store::Rating, now: i64) -> glicko::Rating {
    glicko::idle_since(
        glicko::Rating::new(r.rating, r.rd, r.vol),
        r.updated_at,
        now,
    )
}

/// Updates both players' ratings after a finished rated game (once per game:
/// the store ignores a second application). Read and written in one store
/// transaction, so two games ending at once lose no update.
pub(crate) fn rate(app: &App, l: &Loaded, now: i64) {
    if !l.row.rated {
        return;
    }
    let Some(o) = l.game.outcome() else { return };
    let (server, variant) = (&l.row.server_id, &l.row.variant);
    let fresh = |p: &str| store::Rating {
        server_id: server.clone(),
        variant: variant.clone(),
        player_id: p.to_string(),
        rating: glicko::DEFAULT_RATING,
        rd: glicko::DEFAULT_RD,
        vol: glicko::DEFAULT_VOL,
        games: 0,
        wins_first: 0,
        wins_second: 0,
        losses: 0,
        draws: 0,
        updated_at: now,
    };
    let compute = |[a, b]: [Option<store::Rating>; 2]| {
        let mut a = a.unwrap_or_else(|| fresh(&l.players[0]));
        let mut b = b.unwrap_or_else(|| fresh(&l.players[1]));
        let score_a = match o.winner {
            Some(Side::First) => 1.0,
            Some(Side::Second) => 0.0,
            None => 0.5,
        };
        // Deviation first grows over the idle periods, then the game counts.
        let (na, nb) = glicko::update_game(rating_now(&a, now), rating_now(&b, now), score_a);
        for (r, n) in [(&mut a, na), (&mut b, nb)] {
            r.rating = n.rating;
            r.rd = n.rd;
            r.vol = n.vol;
            r.games += 1;
            r.updated_at = now;
        }
        match o.winner {
            Some(Side::First) => {
                a.wins_first += 1;
                b.losses += 1;
            }
            Some(Side::Second) => {
                b.wins_second += 1;
                a.losses += 1;
            }
            None => {
                a.draws += 1;
                b.draws += 1;
            }
        }
        [a, b]
    };
    if let Err(e) = app.store.rate_game(
        l.row.id,
        server,
        variant,
        [&l.players[0], &l.players[1]],
        now,
        compute,
    ) {
        tracing::error!("ratings of game {}: {e}", l.row.id);
    }
}

/// `/leaderboard` and `/profile`.
pub(crate) fn ratings_command(
    app: &App,
    ctx: &Ctx,
    name: &str,
    args: &[(String, String)],
) -> Response {
    if name == "leaderboard" {
        let variant = arg(args, "variant").unwrap_or("tawlbwrdd");
        let rules = match Ruleset::from_spec(variant, &[]) {
            Ok(r) => r,
            Err(e) => return private(e),
        };
        let rows = match app.store.leaderboard(&ctx.server, rules.variant, 20) {
            Ok(r) => r,
            Err(e) => return store_err(e),
        };
        if rows.is_empty() {
            return Response::one(Reply::text(format!(
                "No rated {} games on this server yet.",
                rules.name
            )));
        }
        let mut out = format!("**{}** ratings (Glicko-2):", rules.name);
        for (i, r) in rows.iter().enumerate() {
            out.push_str(&format!(
                "\n{}. {} — {:.0} ±{:.0}, {} game{} ({} won, {} lost, {} drawn)",
                i + 1,
                app.name_of(&r.player_id),
                r.rating,
                rating_now(r, ctx.now).rd,
                r.games,
                if r.games == 1 { "" } else { "s" },
                r.wins_first + r.wins_second,
                r.losses,
                r.draws
            ));
        }
        return Response::one(Reply::text(out));
    }
    let who = arg(args, "player")
        .map(|p| {
            p.trim_start_matches("<@")
                .trim_start_matches('@')
                .trim_end_matches('>')
                .to_string()
        })
        .unwrap_or_else(|| ctx.user.id.clone());
    let mut out = format!("**{}**", app.name_of(&who));
    let mut any = false;
    for v in VARIANTS {
        let Ok(Some(r)) = app.store.get_rating(&ctx.server, v.id, &who) else {
            continue;
        };
        let Ok(rules) = Ruleset::from_spec(v.id, &[]) else {
            continue;
        };
        any = true;
        out.push_str(&format!(
            "\n{}: {:.0} ±{:.0} — {} game{}: {} won as {}, {} won as {}, {} lost, {} drawn",
            v.name,
            r.rating,
            rating_now(&r, ctx.now).rd,
            r.games,
            if r.games == 1 { "" } else { "s" },
            r.wins_first,
            rules.side_name(Side::First),
            r.wins_second,
            rules.side_name(Side::Second),
            r.losses,
            r.draws
        ));
    }
    if !any {
        out.push_str("\nNo rated games yet.");
    }
    // This server's games only; in direct messages, only games the asker plays.
    let current: Vec<GameRow> = app
        .store
        .games_of_player_on_server(&who, &ctx.server, true, 10)
        .unwrap_or_default()
        .into_iter()
        .filter(|g| super::visible_to(g, &ctx.user.id))
        .collect();
    if current.is_empty() {
        out.push_str("\nNo games in progress.");
    } else {
        out.push_str("\nGames in progress:");
        for g in current {
            let opp = if g.first_player == who {
                &g.second_player
            } else {
                &g.first_player
            };
            out.push_str(&format!(
                "\n• Game {} in <#{}>: {} against {}, {} moves",
                g.id,
                g.channel_id,
                g.variant,
                app.name_of(opp),
                g.move_count
            ));
        }
    }
    Response::one(Reply::text(out))
}

// ------------------------------------------------------------------ clock

/// Starts the tournaments whose start time has passed. A scheduled start
/// is cancelled only when too few players joined; any other failure is
/// logged and tried again [`START_RETRY`] seconds later.
pub(crate) fn tick(app: &App, now: i64) -> Response {
    let mut resp = Response::none();
    let signups = match app.store.tournaments_in_state(SIGNUP) {
        Ok(s) => s,
        Err(e) => {
            tracing::error!("reading tournaments to start: {e}");
            return resp;
        }
    };
    for row in signups {
        let Ok(t) = load(app, row.id) else { continue };
        if t.row.state != SIGNUP || t.data.start_at.is_none_or(|at| at > now) {
            continue;
        }
        if app.throttle.start_blocked(row.id, now) {
            continue;
        }
        let entrants = match active_entrants(app, row.id) {
            Ok(e) => e,
            Err(_) => {
                app.throttle.retry_start(row.id, now + START_RETRY);
                continue;
            }
        };
        if let Err(TournamentError::TooFewPlayers) = new_state(&t, &entrants) {
            let cancelled = update(app, row.id, now, |_, t, _| {
                Ok((t.row.state == SIGNUP).then_some(CANCELLED))
            });
            match cancelled {
                Ok((t, _)) if t.row.state == CANCELLED => resp.replies.push(
                    Reply::text(format!(
                        "**{}** cannot start: {} ({} joined). It is cancelled.",
                        super::escape::name(&t.row.name),
                        TournamentError::TooFewPlayers,
                        entrants.len()
                    ))
                    .to(Target::Channel(channel_of(&t))),
                ),
                Ok(_) => {}
                Err(_) => app.throttle.retry_start(row.id, now + START_RETRY),
            }
            continue;
        }
        match begin(app, row.id, now) {
            Ok(r) => resp.extend(r),
            Err(r) => {
                let why: Vec<&str> = r.replies.iter().map(|r| r.text.as_str()).collect();
                tracing::error!(
                    "scheduled start of tournament {} failed, trying again in {START_RETRY}s: {why:?}",
                    row.id
                );
                app.throttle.retry_start(row.id, now + START_RETRY);
            }
        }
    }
    resp
}

/// The earliest scheduled start of a tournament in signup (or its retry).
pub(crate) fn next_start(app: &App) -> Option<i64> {
    app.store
        .tournaments_in_state(SIGNUP)
        .ok()?
        .iter()
        .filter_map(|r| {
            let at = serde_json::from_str::<Data>(&r.data).ok()?.start_at?;
            Some(app.throttle.start_retry_at(r.id).map_or(at, |x| x.max(at)))
        })
        .min()
}

/// The front end could not open the thread of match `match_id`: the game
/// is played in the tournament's channel, if that channel is free.
pub(crate) fn match_thread_failed(app: &App, ctx: &Ctx, match_id: i64) -> Response {
    let row = match app.store.get_match(match_id) {
        Ok(Some(r)) => r,
        Ok(None) => return private(format!("There is no match {match_id}.")),
        Err(e) => return store_err(e),
    };
    let t = match load(app, row.tournament_id) {
        Ok(t) => t,
        Err(r) => return r,
    };
    let channel = channel_of(&t);
    let who = format!(
        "{} v {}",
        mention(row.first_player.as_deref().unwrap_or("")),
        mention(row.second_player.as_deref().unwrap_or(""))
    );
    let games = start_next_game(app, &t, &row, &channel, ctx.now);
    let mut resp = Response::none();
    if games.replies.is_empty() {
        let started = app
            .store
            .games_of_match(row.id)
            .is_ok_and(|g| !g.is_empty());
        if !started {
            resp.replies.push(
                Reply::text(format!(
                    "I could not open a thread for round {}, board {} ({who}), and this channel has a game in progress. An organiser can try again with /tournament start.",
                    row.round, row.board
                ))
                .to(Target::Channel(channel)),
            );
        }
        return resp;
    }
    resp.replies.push(
        Reply::text(format!(
            "I could not open a thread for round {}, board {} ({who}): the game is played here.",
            row.round, row.board
        ))
        .to(Target::Channel(channel)),
    );
    resp.extend(games);
    resp
}

#[cfg(test)]
mod tests {
    use super::*;

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

    fn two_handles() -> (tempfile::TempDir, App, store::Store, i64) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.db");
        let app = App::new(store::Store::open(&path).unwrap());
        let other = store::Store::open(&path).unwrap();
        let id = app
            .store
            .create_tournament(&NewTournament {
                server_id: "srv".into(),
                channel_id: Some("general".into()),
                name: "Spring".into(),
                variant: "tawlbwrdd".into(),
                format: "swiss".into(),
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
                    other.join_tournament(id, "zed", 2, 128).unwrap(),
                    JoinOutcome::Joined(1)
                );
            }
            t.data.max_players = Some(64);
            Ok(Some(SIGNUP))
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
                .join_tournament(id, &format!("p{calls}"), 2, 128)
                .unwrap();
            t.data.max_players = Some(64);
            Ok(Some(SIGNUP))
        });
        let Err(resp) = r else { panic!("committed") };
        assert_eq!(calls, RETRIES);
        assert!(resp.replies[0].text.contains("try again in a moment"));
        let row = app.store.get_tournament(id).unwrap().unwrap();
        assert!(!row.data.contains("64"));
    }

    #[test]
    fn data_round_trips_and_maps_players() {
        let mut d = Data {
            kind: "two-game".into(),
            rounds: Some(3),
            time: "3d".into(),
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
        // Old or empty data still loads.
        let empty: Data = serde_json::from_str("{}").unwrap();
        assert!(empty.state.is_none());
    }
}
