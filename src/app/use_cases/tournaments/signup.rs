//! A tournament's life: creation, entries, the start, rounds, cancelling, the clock.

use super::{
    channel_of, describe, error_msg, is_organiser, is_state, lifecycle, load, name_of,
    record_finished_games, round_report, slug, start_next_game, state_msg, store_err, sync_apart,
    tell, update, App, Ctx, Data, Effect, EndReason, Format, GameState, JoinOutcome, Lang,
    MatchKind, Msg, NewTournament, Plan, PlayerId, Reply, Response, RoleId, Ruleset, ServerId,
    Target, TimeControl, Tournament, TournamentCreate, TournamentError, TournamentFormat,
    TournamentId, TournamentPhase, UserId, MAX_ENTRANTS, START_RETRY, T,
};
use crate::domain::{GrantRefusal, LeaseKind};

/// `/tournament create` (app/commands/tournament.rs).
pub(super) fn create(app: &App, ctx: &Ctx, args: &TournamentCreate) -> Result<Response, Response> {
    if !app.organiser(ctx) {
        return Err(tell(Msg::new("tournament-create-not-allowed")));
    }
    // A control character (a NUL: refused by PostgreSQL, kept by SQLite)
    // is refused with a sentence, not stored or cut out unseen.
    if args
        .name
        .chars()
        .any(crate::app::presentation::escape::is_control)
    {
        return Err(tell(Msg::new("tournament-name-control")));
    }
    let name: String = crate::app::presentation::escape::strip_bidi(&args.name)
        .chars()
        .take(60)
        .collect();
    if name.is_empty() {
        return Err(tell(Msg::new("tournament-name-missing")));
    }
    let rules = Ruleset::parse_spec(&args.variant, &args.options)
        .map_err(|e| Response::one(Reply::tell(crate::app::spec_msg(&e))))?;
    let format = match args.format.to_ascii_lowercase().as_str() {
        "swiss" => TournamentFormat::Swiss,
        "round-robin" | "roundrobin" | "round robin" | "rr" => TournamentFormat::RoundRobin,
        other => {
            return Err(tell(
                Msg::new("tournament-bad-format")
                    .str("text", other.chars().take(20).collect::<String>()),
            ))
        }
    };
    let rounds = match (format, args.rounds.as_deref()) {
        (TournamentFormat::Swiss, None) => Some(3),
        (TournamentFormat::Swiss, Some(r)) => match r.parse::<u32>() {
            Ok(n) if (1..=20).contains(&n) => Some(n),
            _ => return Err(tell(Msg::new("tournament-bad-rounds"))),
        },
        _ => None,
    };
    let kind = match args.kind.as_deref().map(str::to_ascii_lowercase).as_deref() {
        None | Some("two-game" | "two" | "2") => MatchKind::TwoGame,
        Some("single" | "one" | "1") => MatchKind::Single,
        Some(_) => return Err(tell(Msg::new("tournament-bad-match"))),
    };
    let tc = TimeControl::parse(&args.time).map_err(|m| Response::one(Reply::tell(m)))?;
    let max_players = match args.max.as_deref() {
        None => None,
        Some(m) => match m.parse::<u32>() {
            Ok(n) if (2..=MAX_ENTRANTS).contains(&n) => Some(n),
            _ => {
                return Err(tell(
                    Msg::new("tournament-bad-max").num("max", MAX_ENTRANTS),
                ))
            }
        },
    };
    let start_at = match args.start.as_deref() {
        None => None,
        Some(s) => match crate::app::time_span(s.trim_start_matches('+')) {
            Some(secs) if secs > 0 => Some(ctx.now + secs),
            _ => return Err(tell(Msg::new("tournament-bad-start"))),
        },
    };
    // Late entry: Swiss only (a round robin's schedule is fixed by its
    // players), until a round after the first and no later than the last.
    let late = match args.late.as_deref() {
        None => None,
        Some(_) if format != TournamentFormat::Swiss => {
            return Err(tell(Msg::new("tournament-late-swiss-only")))
        }
        Some(l) => match (l.parse::<u32>(), rounds) {
            (Ok(n), Some(r)) if (2..=r).contains(&n) => Some(n),
            _ => {
                return Err(tell(
                    Msg::new("tournament-bad-late").num("rounds", rounds.unwrap_or(1)),
                ))
            }
        },
    };
    let winner_role: Option<RoleId> = match args.winner_role.as_deref().map(role_of) {
        None => None,
        Some(r) if r.is_empty() || r.chars().any(char::is_whitespace) => {
            return Err(tell(Msg::new("organiser-role-unreadable")))
        }
        Some(r) => Some(r),
    };
    // The bot gives the prize role on the creator's behalf: only someone
    // who could give it by hand may name it (checked again when it is
    // given, in case they have lost that right since).
    if let Some(role) = &winner_role {
        if let Err(why) = ctx.rights.may_grant(role) {
            let key = match why {
                GrantRefusal::NoManageRoles => "tournament-winner-role-needs-manage-roles",
                GrantRefusal::NotBelowTheirs => "tournament-winner-role-above-yours",
            };
            return Err(tell(Msg::new(key).str("role", format!("<@&{role}>"))));
        }
    }
    let data = Data {
        kind,
        rounds,
        time: tc,
        max_players,
        start_at,
        late,
        no_vacation: args.vacation == Some(false),
        winner_role: winner_role.clone(),
        ..Data::default()
    };
    let nt = NewTournament {
        server_id: ctx.server.clone(),
        channel_id: Some(ctx.channel.clone()),
        name: name.clone(),
        variant: rules.variant.to_string(),
        options: rules.options.clone(),
        format,
        data: serde_json::to_string(&data).unwrap_or_default(),
        created_by: Some(ctx.user.id.clone()),
        created_at: ctx.now,
    };
    let id = app.store.create_tournament(&nt).map_err(store_err)?;
    let t = load(app, id)?;
    let when = match start_at {
        Some(at) => Msg::new("tournament-starts-in").msg("span", crate::i18n::span(at - ctx.now)),
        None => Msg::new("tournament-organiser-starts"),
    };
    let max = Msg::new("tournament-max-players").num("n", max_players.unwrap_or(MAX_ENTRANTS));
    let mut r = Reply::say(
        Msg::new("tournament-created")
            .num("id", id)
            .str("name", name_of(&t))
            .msg("description", describe(&t)),
    )
    .then(max)
    .then(when);
    if let Some(role) = winner_role {
        r = r.then(Msg::new("tournament-winner-role").str("role", format!("<@&{role}>")));
    }
    Ok(Response::one(r))
}

/// A role option as typed: `<@&123>`, `@name` or the id.
fn role_of(text: &str) -> RoleId {
    text.trim()
        .trim_start_matches("<@&")
        .trim_start_matches('@')
        .trim_end_matches('>')
        .chars()
        .take(64)
        .collect::<String>()
        .into()
}

pub(super) fn active_entrants(app: &App, id: TournamentId) -> Result<Vec<UserId>, Response> {
    Ok(app
        .store
        .tournament_players(id)
        .map_err(store_err)?
        .into_iter()
        .filter(|p| p.withdrawn_at.is_none())
        .map(|p| p.player_id)
        .collect())
}

pub(super) fn join(app: &App, ctx: &Ctx, t: T) -> Result<Response, Response> {
    let too_late = || {
        tell(
            Msg::new("tournament-too-late")
                .str("name", name_of(&t))
                .msg(
                    "state",
                    state_msg(if t.row.state == TournamentPhase::Signup {
                        TournamentPhase::Running
                    } else {
                        t.row.state
                    }),
                ),
        )
    };
    let max = t.data.max_players.unwrap_or(MAX_ENTRANTS).min(MAX_ENTRANTS);
    if t.row.state == TournamentPhase::Running && t.data.late.is_some() {
        let late = too_late();
        return join_late(app, ctx, t, max).map_err(|e| e.unwrap_or(late));
    }
    if t.row.state != TournamentPhase::Signup {
        return Err(too_late());
    }
    // Checked and written in one transaction: two joins racing for the
    // last place cannot both get it.
    match app
        .store
        .join_tournament(t.row.id, &ctx.user.id, ctx.now, max)
        .map_err(store_err)?
    {
        JoinOutcome::Joined(n) => Ok(Response::one(Reply::say(
            Msg::new("tournament-joins")
                .str("player", app.turn_mention(&ctx.user.id))
                .str("name", name_of(&t))
                .num("n", n),
        ))),
        JoinOutcome::Already => Err(tell(
            Msg::new("tournament-already-in").str("name", name_of(&t)),
        )),
        JoinOutcome::Left => Err(tell(
            Msg::new("tournament-left-cannot-rejoin").str("name", name_of(&t)),
        )),
        JoinOutcome::Full => Err(tell(
            Msg::new("tournament-full")
                .str("name", name_of(&t))
                .num("n", max),
        )),
        JoinOutcome::Closed => Err(too_late()),
    }
}

/// A late entry into a running Swiss tournament (`late:N`): allowed until
/// round N has been paired; the player is paired from the next round. In
/// one compare-and-set commit of the tournament (two late joins racing for
/// the last place cannot both get it). `Err(None)`: too late.
fn join_late(app: &App, ctx: &Ctx, t: T, max: u32) -> Result<Response, Option<Response>> {
    let me = ctx.user.id.clone();
    let name = name_of(&t);
    let (t, _) = update(app, t.row.id, ctx.now, |_, t, _| {
        let Some(late) = t.data.late else {
            return Err(tell(
                Msg::new("tournament-too-late")
                    .str("name", name_of(t))
                    .msg("state", state_msg(TournamentPhase::Running)),
            ));
        };
        let (round, withdrawn) = match &t.data.state {
            Some(s) => (s.current_round(), s.withdrawn.len()),
            None => return Ok(None),
        };
        if t.row.state != TournamentPhase::Running || round >= late {
            return Err(tell(
                Msg::new("tournament-late-closed")
                    .str("name", name_of(t))
                    .num("round", late),
            ));
        }
        if t.data.entrants.contains(&me) {
            return Err(tell(
                Msg::new("tournament-already-in").str("name", name_of(t)),
            ));
        }
        if (t.data.entrants.len() - withdrawn) as u32 >= max {
            return Err(tell(
                Msg::new("tournament-full")
                    .str("name", name_of(t))
                    .num("n", max),
            ));
        }
        let p = PlayerId(t.data.entrants.len() as u64);
        if let Some(Err(e)) = t.data.state.as_mut().map(|s| s.add_late_player(p)) {
            let reason = error_msg(t, &e);
            return Err(tell(
                Msg::new("tournament-cannot-join").msg("reason", reason),
            ));
        }
        t.data.entrants.push(me.clone());
        Ok(Some(TournamentPhase::Running))
    })
    .map_err(Some)?;
    let round = t.data.state.as_ref().map_or(1, |s| s.current_round() + 1);
    Ok(Response::one(
        Reply::say(
            Msg::new("tournament-joins-late")
                .str("player", app.turn_mention(&ctx.user.id))
                .str("name", name)
                .num("round", round)
                .num("n", t.data.entrants.len()),
        )
        .to(Target::Channel(channel_of(&t))),
    ))
}

pub(super) fn start(app: &App, ctx: &Ctx, t: T) -> Result<Response, Response> {
    if !is_organiser(app, ctx, &t) {
        return Err(tell(Msg::new("tournament-start-not-allowed")));
    }
    match t.row.state {
        TournamentPhase::Signup => begin(app, t.row.id, ctx.now, app.lang(ctx)),
        // Running: open the threads of matches that have no game yet (after
        // a restart that lost the front end's thread opening).
        TournamentPhase::Running => resume(app, t.row.id, ctx.now, app.lang(ctx)),
        _ => Err(is_state(&t)),
    }
}

/// The pure state of a tournament starting with `entrants`.
pub(super) fn new_state(t: &T, entrants: &[UserId]) -> Result<Tournament, TournamentError> {
    let format = match t.data.rounds {
        Some(rounds) if t.row.format == TournamentFormat::Swiss => Format::Swiss { rounds },
        _ => Format::RoundRobin,
    };
    // A Swiss with more rounds than a round robin of its players has would
    // run out of opponents: refused at the start (the players are known
    // only then), and a scheduled start is cancelled.
    if let Format::Swiss { rounds } = format {
        let max = crate::tournament::round_robin_rounds(entrants.len());
        if entrants.len() >= 2 && rounds > max {
            return Err(TournamentError::TooManyRounds { rounds, max });
        }
    }
    let ids = (0..entrants.len() as u64).map(PlayerId).collect();
    Tournament::new(format, t.data.match_kind(), ids)
}

/// Fixes the entrants, builds the state and pairs round 1: all of it one
/// commit. Announcements (with the round's table) are written in `lang`.
pub(super) fn begin(
    app: &App,
    id: TournamentId,
    now: i64,
    lang: Lang,
) -> Result<Response, Response> {
    let (_, plan) = update(app, id, now, |app, t, plan| {
        if t.row.state != TournamentPhase::Signup {
            return Err(is_state(t));
        }
        let entrants = active_entrants(app, t.row.id)?;
        let state = new_state(t, &entrants).map_err(|e| {
            tell(
                Msg::new("tournament-cannot-start")
                    .str("name", name_of(t))
                    .msg("reason", error_msg(t, &e))
                    .num("n", entrants.len()),
            )
        })?;
        t.data.entrants = entrants;
        t.data.state = Some(state);
        plan.resp.replies.push(
            Reply::say(
                Msg::new("tournament-begins")
                    .str("name", name_of(t))
                    .num("n", t.data.entrants.len())
                    .str(
                        "players",
                        t.data
                            .entrants
                            .iter()
                            .map(|e| app.turn_mention(e))
                            .collect::<Vec<_>>()
                            .join(", "),
                    ),
            )
            .in_lang(lang)
            .to(Target::Channel(channel_of(t))),
        );
        advance(app, t, plan, lang).map(Some)
    })?;
    Ok(plan.resp)
}

/// Pairs rounds while the current one is complete, each after its round's
/// report ([`round_report`]); the last report names the winner, whose
/// role (`winner_role:`) the front end is asked to give. Returns the tournament's state. Writes nothing: the pairings
/// are committed with the state by [`update`]. The announcements are
/// written in `lang` (the asker's, or the server's when no one asked).
pub(super) fn advance(
    app: &App,
    t: &mut T,
    plan: &mut Plan,
    lang: Lang,
) -> Result<TournamentPhase, Response> {
    let channel = channel_of(t);
    loop {
        sync_apart(t);
        let entrants = t.data.entrants.clone();
        let player = |p: PlayerId| entrants.get(p.0 as usize).cloned().unwrap_or_default();
        let Some(s) = t.data.state.as_ref() else {
            return Ok(TournamentPhase::Signup);
        };
        let (complete, finished, round) = (s.round_complete(), s.is_finished(), s.current_round());
        // The round just ended (a complete round is paired on in the very
        // commit that completes it): its report comes before the pairings.
        if complete && round >= 1 {
            plan.resp.replies.push(
                round_report(app, t, round, finished, lang).to(Target::Channel(channel.clone())),
            );
            plan.round_ended = true;
        }
        if finished {
            let winner = t.data.state.as_ref().and_then(Tournament::winner);
            if let (Some(role), Some(w)) = (t.data.winner_role.clone(), winner) {
                plan.resp.effects.push(Effect::GrantRole {
                    server: t.row.server_id.clone(),
                    user: player(w),
                    role,
                    tournament: t.row.id,
                    creator: t.row.created_by.clone(),
                });
            }
            return Ok(TournamentPhase::Finished);
        }
        let Some(s) = t.data.state.as_mut() else {
            return Ok(TournamentPhase::Signup);
        };
        if !s.round_complete() {
            return Ok(TournamentPhase::Running);
        }
        let pairings = match s.next_round() {
            Ok(p) => p,
            Err(e) => {
                tracing::error!("tournament {}: pairing failed: {e}", t.row.id);
                let reason = error_msg(t, &e);
                return Err(tell(
                    Msg::new("tournament-pairing-failed").msg("reason", reason),
                ));
            }
        };
        let total = s.total_rounds();
        let round = s.current_round();
        let mut r = Reply::say(
            Msg::new("tournament-round-head")
                .str("name", crate::app::presentation::escape::name(&t.row.name))
                .num("round", round)
                .num("total", total),
        );
        for p in &pairings {
            let a = player(p.first);
            match p.second {
                None => r = r.line(Msg::new("tournament-bye").str("player", app.turn_mention(&a))),
                Some(b_id) => {
                    let b = player(b_id);
                    let forfeited = s.is_withdrawn(p.first) || s.is_withdrawn(b_id);
                    let line = if forfeited {
                        Msg::new("tournament-board-forfeited")
                    } else {
                        Msg::new("tournament-board")
                    };
                    r = r.line(
                        line.num("board", p.board)
                            .str("first", app.turn_mention(&a))
                            .str("second", app.turn_mention(&b)),
                    );
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
            .push(r.in_lang(lang).to(Target::Channel(channel.clone())));
    }
}

/// Catches up a running tournament after a restart that lost events:
/// records finished games it missed, starts the next game of matches whose
/// game ended, pairs the next round if due, and reopens the threads of
/// matches that never got a game.
pub(super) fn resume(
    app: &App,
    id: TournamentId,
    now: i64,
    lang: Lang,
) -> Result<Response, Response> {
    let (t, plan) = update(app, id, now, |app, t, plan| {
        if t.row.state != TournamentPhase::Running {
            return Ok(None);
        }
        record_finished_games(app, t);
        advance(app, t, plan, lang).map(Some)
    })?;
    let mut resp = plan.resp;
    if t.row.state == TournamentPhase::Running {
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
pub(super) fn reopen(app: &App, t: &T) -> Response {
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
        let b = m.pairing.second.map(|b| t.data.player(b));
        resp.effects.push(Effect::OpenMatchThread {
            parent: channel_of(t),
            name: slug(&format!(
                "{} r{} {} {}",
                t.row.name,
                m.pairing.round,
                app.raw_name_of(a),
                b.map(|b| app.raw_name_of(b)).unwrap_or_default()
            )),
            match_id: row.id,
        });
    }
    let n = resp.effects.len();
    resp.replies.push(Reply::tell(
        Msg::new("tournament-running")
            .str("name", name_of(t))
            .num("round", s.current_round())
            .num("total", s.total_rounds())
            .num("n", n),
    ));
    resp
}

pub(super) fn cancel(app: &App, ctx: &Ctx, t: T) -> Result<Response, Response> {
    if !is_organiser(app, ctx, &t) {
        return Err(tell(Msg::new("tournament-cancel-not-allowed")));
    }
    let (t, _) = update(app, t.row.id, ctx.now, |_, t, _| {
        if !t.row.state.is_open() {
            return Err(is_state(t));
        }
        Ok(Some(TournamentPhase::Cancelled))
    })?;
    let mut aborted = 0;
    for m in app.store.tournament_matches(t.row.id).unwrap_or_default() {
        for g in app.store.games_of_match(m.id).unwrap_or_default() {
            if g.state == GameState::Active
                && lifecycle::abort(app, g.id, EndReason::Cancelled, ctx.now).is_ok()
            {
                aborted += 1;
            }
        }
    }
    let m = if aborted > 0 {
        Msg::new("tournament-cancelled-games").num("n", aborted)
    } else {
        Msg::new("tournament-cancelled")
    };
    Ok(Response::one(Reply::say(m.str("name", name_of(&t)))))
}

/// Starts the tournaments whose start time has passed. A scheduled start
/// is cancelled only when too few players joined; any other failure is
/// logged and tried again [`START_RETRY`] seconds later.
pub(crate) fn tick(app: &App, now: i64) -> Response {
    let mut resp = Response::none();
    let signups = match app.store.tournaments_in_state(TournamentPhase::Signup) {
        Ok(s) => s,
        Err(e) => {
            tracing::error!("reading tournaments to start: {e}");
            return resp;
        }
    };
    for row in signups {
        // A tournament whose data cannot be read is skipped (logged once),
        // and never stops the others.
        let start_at = match serde_json::from_str::<Data>(&row.data) {
            Ok(d) => d.start_at,
            Err(e) => {
                if app.throttle.first_report(row.id) {
                    tracing::error!(
                        "tournament {}: its data cannot be read ({e}); it is skipped \
                         (tawlbot doctor lists such rows)",
                        row.id
                    );
                }
                continue;
            }
        };
        if start_at.is_none_or(|at| at > now) || app.throttle.start_blocked(row.id, now) {
            continue;
        }
        let Ok(t) = load(app, row.id) else {
            app.throttle.retry_start(row.id, now + START_RETRY);
            continue;
        };
        if t.row.state != TournamentPhase::Signup {
            continue;
        }
        // One process starts it (or cancels it); the others skip it while
        // the lease runs, and take it over if that process dies.
        let item = format!("{}@{}", row.id, t.data.start_at.unwrap_or(0));
        match app.claim_work(LeaseKind::TournamentStart, &item, now, app.process().lease) {
            Ok(true) => {}
            Ok(false) => continue,
            Err(e) => {
                tracing::warn!("could not claim the start of tournament {}: {e}", row.id);
                app.throttle.retry_start(row.id, now + START_RETRY);
                continue;
            }
        }
        let entrants = match active_entrants(app, row.id) {
            Ok(e) => e,
            Err(_) => {
                app.throttle.retry_start(row.id, now + START_RETRY);
                continue;
            }
        };
        if let Err(e @ (TournamentError::TooFewPlayers | TournamentError::TooManyRounds { .. })) =
            new_state(&t, &entrants)
        {
            let cancelled = update(app, row.id, now, |_, t, _| {
                Ok((t.row.state == TournamentPhase::Signup).then_some(TournamentPhase::Cancelled))
            });
            match cancelled {
                Ok((t, _)) if t.row.state == TournamentPhase::Cancelled => resp.replies.push(
                    Reply::say(
                        Msg::new("tournament-auto-cancelled").msg(
                            "reason",
                            Msg::new("tournament-cannot-start")
                                .str("name", name_of(&t))
                                .msg("reason", error_msg(&t, &e))
                                .num("n", entrants.len()),
                        ),
                    )
                    .in_lang(app.lang_of(&UserId::default(), &t.row.server_id))
                    .to(Target::Channel(channel_of(&t))),
                ),
                Ok(_) => {}
                Err(_) => app.throttle.retry_start(row.id, now + START_RETRY),
            }
            continue;
        }
        match begin(
            app,
            row.id,
            now,
            app.lang_of(&UserId::default(), &row.server_id),
        ) {
            Ok(r) => resp.extend(r.on_server(&row.server_id)),
            Err(r) => {
                // For the log: in English.
                let r = app.localise(r, &UserId::default(), &ServerId::default());
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
        .tournaments_in_state(TournamentPhase::Signup)
        .ok()?
        .iter()
        .filter_map(|r| {
            let at = serde_json::from_str::<Data>(&r.data).ok()?.start_at?;
            Some(app.throttle.start_retry_at(r.id).map_or(at, |x| x.max(at)))
        })
        .min()
}
