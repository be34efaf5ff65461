//! Matches: their threads, their games one after another, their results.

use super::{
    advance, channel_of, fmt_points, lifecycle, load, mention, name_of, store, store_err, tell,
    update, App, ChannelId, Ctx, GameState, Loaded, Match, MatchId, Msg, NewStart, PlayerId, Reply,
    Response, Side, StartError, StoreError, Target, Tournament, TournamentPhase, UserId, T,
};

/// The match of `row` in the state, by round and board.
pub(super) fn state_match<'a>(
    s: &'a Tournament,
    row: &store::TournamentMatch,
) -> Option<&'a Match> {
    s.rounds
        .get(row.round.saturating_sub(1) as usize)?
        .iter()
        .find(|m| m.pairing.board == row.board)
}

/// See [`super::App::start_match_in_thread`].
pub(crate) fn start_match_in_thread(
    app: &App,
    ctx: &Ctx,
    match_id: MatchId,
    thread: &ChannelId,
) -> Response {
    let row = match app.store.get_match(match_id) {
        Ok(Some(r)) => r,
        Ok(None) => return tell(Msg::new("tournament-no-match").num("id", match_id)),
        Err(e) => return store_err(e),
    };
    let t = match load(app, row.tournament_id) {
        Ok(t) => t,
        Err(r) => return r,
    };
    let _ = app
        .store
        .upsert_channel(thread, &t.row.server_id, t.row.channel_id.as_ref());
    let mut resp = start_next_game(app, &t, &row, thread, ctx.now);
    if resp.replies.is_empty() {
        resp.replies.push(
            Reply::say(Msg::new("tournament-match-decided").str("name", name_of(&t)))
                .to(Target::Channel(thread.into())),
        );
    } else {
        let said = Reply::say(
            Msg::new("tournament-match-thread")
                .num("round", row.round)
                .num("board", row.board)
                .str("first", who(app, row.first_player.as_ref()))
                .str("second", who(app, row.second_player.as_ref()))
                .str("thread", format!("<#{thread}>")),
        )
        .to(Target::Channel(channel_of(&t)));
        if app.uses_outbox() {
            // Behind the round's report and pairings in the tournament's
            // channel: the outbox sends one channel's messages in order.
            let told = Response::one(said).on_server(&t.row.server_id);
            resp.extend(app.after_commit(told, ctx.now));
        } else {
            resp.replies.push(said);
        }
    }
    resp
}

/// Starts the next unplayed game of a match in `channel`, if it has one and
/// no game of the match is in progress. Replies go to `channel`.
pub(super) fn start_next_game(
    app: &App,
    t: &T,
    row: &store::TournamentMatch,
    channel: &ChannelId,
    now: i64,
) -> Response {
    if t.row.state != TournamentPhase::Running {
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
    // The first game with no result and no game row with its sides (an
    // aborted game, whose channel was deleted, is played again).
    let next = m.pairing.games.iter().enumerate().find(|(i, sides)| {
        m.results[*i].is_none()
            && !games.iter().any(|g| {
                g.state != GameState::Aborted
                    && g.first_player == *t.data.player(sides.first_side)
                    && g.second_player == *t.data.player(sides.second_side)
            })
    });
    let Some((index, sides)) = next else {
        return Response::none();
    };
    let rules = match crate::app::rules_spec(&t.row.variant, &t.row.options) {
        Ok(r) => r,
        Err(e) => return Response::one(Reply::tell(crate::app::spec_msg(&e))),
    };
    let seed = app.new_seed(row.id.get() * 2 + index as i64, now, channel);
    let start = NewStart {
        server: &t.row.server_id,
        channel,
        rules: &rules,
        options: t.row.options.clone(),
        settings: Default::default(),
        seed,
        players: [
            t.data.player(sides.first_side).into(),
            t.data.player(sides.second_side).into(),
        ],
        challenge: None,
        tournament_match: Some(row.id),
        rated: true,
        time: t.data.time,
        now,
    };
    let l = match lifecycle::start(app, start) {
        Ok(l) => l,
        // The channel is busy, or another process started this game first
        // (the unique index on match and sides).
        Err(StartError::Store(StoreError::ChannelBusy { .. })) => return Response::none(),
        Err(StartError::Store(e)) => return store_err(e),
        Err(StartError::Load(id, e)) => return e.refusal(id),
    };
    let id = l.row.id;
    let of = m.pairing.games.len();
    // The opening addresses the player to move: the title is in their language.
    let reader = l
        .game
        .to_move()
        .map_or(l.players[0].as_str(), |s| l.players[s.index()].as_str());
    let title = Msg::new("tournament-game-title")
        .str("name", name_of(t))
        .num("round", row.round)
        .num("board", row.board)
        .num("number", index + 1)
        .num("of", of)
        .num("id", id);
    let mut resp = Response::one(
        app.with_board(&l, app.opening(&l, title).for_reader(reader), &[], now)
            .to(Target::Channel(channel.into())),
    );
    // As any game's opening: a player who chose quiet is named, and told
    // by direct message if they asked for one.
    app.notify_opening(&l, &mut resp.replies);
    resp
}

/// Records the finished games of the state's incomplete matches that it does
/// not know yet. Returns whether anything changed.
pub(super) fn record_finished_games(app: &App, t: &mut T) -> bool {
    let Some(s) = t.data.state.as_mut() else {
        return false;
    };
    let rows = app.store.tournament_matches(t.row.id).unwrap_or_default();
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
                .and_then(crate::app::use_cases::games::outcomes::winner)
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

pub(super) fn after_game(
    app: &App,
    mid: MatchId,
    channel: &ChannelId,
    now: i64,
) -> Result<Response, Response> {
    let Some(row) = app.store.get_match(mid).map_err(store_err)? else {
        return Ok(Response::none());
    };
    let (t, plan) = update(app, row.tournament_id, now, |app, t, plan| {
        if t.row.state != TournamentPhase::Running {
            return Ok(None);
        }
        // No one asked: announcements are in the server's language.
        let lang = app.lang_of(&UserId::default(), &t.row.server_id);
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
                let b = m
                    .pairing
                    .second
                    .map(|b| t.data.player(b).as_str())
                    .unwrap_or("");
                plan.resp.replies.push(
                    Reply::say(
                        Msg::new("tournament-match-over")
                            .str("first", app.turn_mention(&a.as_str().into()))
                            .str("first-points", fmt_points(o.first_game_points))
                            .str("second-points", fmt_points(o.second_game_points))
                            .str("second", app.turn_mention(&b.into())),
                    )
                    .in_lang(lang)
                    .to(Target::Channel(channel.into())),
                );
            }
        }
        advance(app, t, plan, lang).map(Some)
    })?;
    let mut resp = plan.resp;
    // After the commit: the match's next game (idempotent).
    resp.extend(start_next_game(app, &t, &row, channel, now));
    Ok(resp)
}

/// The front end could not open the thread of match `match_id`: the game
/// is played in the tournament's channel, if that channel is free.
pub(crate) fn match_thread_failed(app: &App, ctx: &Ctx, match_id: MatchId) -> Response {
    let row = match app.store.get_match(match_id) {
        Ok(Some(r)) => r,
        Ok(None) => return tell(Msg::new("tournament-no-match").num("id", match_id)),
        Err(e) => return store_err(e),
    };
    let t = match load(app, row.tournament_id) {
        Ok(t) => t,
        Err(r) => return r,
    };
    let channel = channel_of(&t);
    let words = |id: &'static str| {
        Msg::new(id)
            .num("round", row.round)
            .num("board", row.board)
            .str("first", mention(row.first_player.as_deref().unwrap_or("")))
            .str(
                "second",
                mention(row.second_player.as_deref().unwrap_or("")),
            )
    };
    let games = start_next_game(app, &t, &row, &channel, ctx.now);
    let mut resp = Response::none();
    if games.replies.is_empty() {
        let started = app
            .store
            .games_of_match(row.id)
            .is_ok_and(|g| !g.is_empty());
        if !started {
            resp.replies.push(
                Reply::say(words("tournament-thread-failed-busy")).to(Target::Channel(channel)),
            );
        }
        return resp;
    }
    resp.replies
        .push(Reply::say(words("tournament-thread-failed-here")).to(Target::Channel(channel)));
    resp.extend(games);
    resp
}

/// A match's player as its channel messages name them (a mention, or the
/// name of one who asked not to be mentioned).
fn who(app: &App, player: Option<&UserId>) -> String {
    player.map(|p| app.turn_mention(p)).unwrap_or_default()
}
