//! Withdrawals and members leaving: forfeits, announced in the matches' channels.

use super::{
    active_entrants, advance, channel_of, error_msg, fmt_points, is_organiser, is_state, lifecycle,
    load, mention, name_of, record_finished_games, store_err, tell, update, App, Ctx, GameRow,
    GameState, Msg, PlayerId, Reply, Response, ServerId, Target, TournamentId, TournamentPhase,
    UserId, T,
};
use crate::store::StoreError;

/// `/tournament leave` (`by_organiser` false) and `/tournament withdraw`.
pub(super) fn withdraw(
    app: &App,
    ctx: &Ctx,
    t: T,
    player: &UserId,
    by_organiser: bool,
) -> Result<Response, Response> {
    if by_organiser && !is_organiser(app, ctx, &t) {
        return Err(tell(Msg::new("tournament-withdraw-not-allowed")));
    }
    let name = &name_of(&t);
    let not_in = || {
        tell(
            Msg::new("tournament-not-in")
                .str("player", mention(player))
                .str("name", name.clone()),
        )
    };
    match t.row.state {
        TournamentPhase::Signup => {
            let done = app
                .store
                .withdraw_tournament_player(t.row.id, player, ctx.now)
                .map_err(store_err)?;
            if !done {
                return Err(not_in());
            }
            Ok(Response::one(Reply::say(
                Msg::new("tournament-leaves")
                    .str("player", mention(player))
                    .str("name", name.clone()),
            )))
        }
        TournamentPhase::Running => {
            let id = t.row.id;
            let lang = app.lang(ctx);
            // Their games in progress, read before the withdrawal: a read
            // that fails refuses it (withdrawn with their games left
            // running, nothing would end them).
            let games = active_games(app, &t, player).map_err(store_err)?;
            let (t, plan) = update(app, id, ctx.now, |app, t, plan| {
                if t.row.state != TournamentPhase::Running {
                    return Err(is_state(t));
                }
                let Some(p) = t.data.pid(player) else {
                    return Err(not_in());
                };
                // Games already finished count as played before the withdrawal.
                record_finished_games(app, t)?;
                let Some(s) = t.data.state.as_mut() else {
                    return Err(tell(
                        Msg::new("tournament-no-pairings").str("name", name.clone()),
                    ));
                };
                // Their matches of this round already decided: not forfeits.
                let decided: Vec<(u32, u32)> = s
                    .rounds
                    .last()
                    .into_iter()
                    .flatten()
                    .filter(|m| m.pairing.involves(p) && m.outcome().is_some())
                    .map(|m| (m.pairing.round, m.pairing.board))
                    .collect();
                if let Err(e) = s.withdraw(p) {
                    let reason = error_msg(t, &e);
                    return Err(tell(
                        Msg::new("tournament-cannot-withdraw").msg("reason", reason),
                    ));
                }
                plan.resp
                    .extend(announce_forfeited_matches(app, t, p, &decided)?);
                advance(app, t, plan, lang).map(Some)
            })?;
            if let Err(e) = app
                .store
                .withdraw_tournament_player(t.row.id, player, ctx.now)
            {
                tracing::error!("marking {player} withdrawn from tournament {id}: {e}");
            }
            let mut resp = Response::one(
                Reply::say(
                    Msg::new(if by_organiser {
                        "tournament-withdrawn"
                    } else {
                        "tournament-withdraws"
                    })
                    .str("player", mention(player))
                    .str("name", name.clone()),
                )
                .to(Target::Channel(channel_of(&t))),
            );
            // End their game in progress as a loss (the state has already
            // scored it as a forfeit), through the one end of a game.
            for g in games {
                resp.extend(forfeit_game(app, g, player, ctx.now));
            }
            resp.extend(plan.resp);
            Ok(resp)
        }
        _ => Err(is_state(&t)),
    }
}

/// `/tournament leave`: asks for confirmation with two buttons, Leave
/// (`tournament-leave:ID`, which [`leave_pressed`] carries out) and Stay.
/// Nothing changes until Leave is pressed.
pub(super) fn ask_to_leave(app: &App, ctx: &Ctx, t: T) -> Result<Response, Response> {
    let me = ctx.user.id.as_str();
    let entered = match t.row.state {
        TournamentPhase::Signup => active_entrants(app, t.row.id)?.iter().any(|p| p == me),
        TournamentPhase::Running => t
            .data
            .pid(me)
            .is_some_and(|p| t.data.state.as_ref().is_some_and(|s| !s.is_withdrawn(p))),
        _ => return Err(is_state(&t)),
    };
    if !entered {
        return Err(tell(
            Msg::new("tournament-not-in")
                .str("player", mention(me))
                .str("name", name_of(&t)),
        ));
    }
    let id = if t.row.state == TournamentPhase::Signup {
        "tournament-leave-confirm"
    } else {
        "tournament-leave-confirm-running"
    };
    let mut r = Reply::tell(Msg::new(id).str("name", name_of(&t)));
    r.buttons = vec![
        crate::app::Button::new(
            crate::app::commands::button::Press::LeaveTournament(t.row.id).id(),
            Msg::new("button-leave"),
            crate::app::ButtonStyle::Danger,
        ),
        crate::app::Button::new(
            crate::app::commands::button::Press::StayInTournament(t.row.id).id(),
            Msg::new("button-stay"),
            crate::app::ButtonStyle::Secondary,
        ),
    ];
    Ok(Response::one(r))
}

/// The Leave (`stay` false) or Stay button of [`ask_to_leave`] for
/// tournament `id`, pressed by `ctx.user`.
pub(crate) fn leave_pressed(app: &App, ctx: &Ctx, n: TournamentId, stay: bool) -> Response {
    let r = (|| {
        let t = load(app, n)?;
        if t.row.server_id != ctx.server {
            return Err(tell(Msg::new("tournament-not-on-server").num("id", n)));
        }
        if stay {
            return Ok(tell(Msg::new("tournament-stays").str("name", name_of(&t))));
        }
        withdraw(app, ctx, t, &ctx.user.id, false)
    })();
    r.unwrap_or_else(|r| r)
}

/// A member left the server: they withdraw from every tournament of that
/// server they are playing in (or signed up for), and the tournaments go on.
pub(crate) fn member_left(app: &App, server: &ServerId, user: &UserId, now: i64) -> Response {
    let mut resp = Response::none();
    let Ok(all) = app.store.tournaments_on_server(server) else {
        return resp;
    };
    let ctx = Ctx {
        server: server.into(),
        channel: Default::default(),
        user: crate::app::User {
            id: user.into(),
            name: user.to_string(),
        },
        now,
        source: format!("left:{server}:{user}:{now}"),
        manage_server: false,
        rights: Default::default(),
        roles: Vec::new(),
        mentioned: Vec::new(),
    };
    for row in all.into_iter().filter(|r| r.state.is_open()) {
        let Ok(t) = load(app, row.id) else { continue };
        let entered = match t.row.state {
            TournamentPhase::Running => t
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
pub(super) fn retarget(mut r: Response, channel: &str) -> Response {
    for reply in &mut r.replies {
        if reply.target == Target::Here {
            reply.target = Target::Channel(channel.into());
            reply.ephemeral = false;
        }
    }
    r
}

/// "Match over" for the current-round matches of withdrawn player `p`
/// that the withdrawal decided (not those in `decided`, over before it),
/// in the match's thread (or the tournament's channel if it has no game).
pub(super) fn announce_forfeited_matches(
    app: &App,
    t: &T,
    p: PlayerId,
    decided: &[(u32, u32)],
) -> Result<Response, Response> {
    let mut resp = Response::none();
    let Some(s) = &t.data.state else {
        return Ok(resp);
    };
    let rows = app.store.tournament_matches(t.row.id).map_err(store_err)?;
    for m in s.rounds.last().into_iter().flatten() {
        let (Some(o), Some(b)) = (m.outcome(), m.pairing.second) else {
            continue;
        };
        if !m.pairing.involves(p) || decided.contains(&(m.pairing.round, m.pairing.board)) {
            continue;
        }
        let games = match rows
            .iter()
            .find(|r| r.round == m.pairing.round && r.board == m.pairing.board)
        {
            Some(r) => app.store.games_of_match(r.id).map_err(store_err)?,
            None => Vec::new(),
        };
        let channel = games
            .last()
            .map_or_else(|| channel_of(t), |g| g.channel_id.clone());
        resp.replies.push(
            Reply::say(
                Msg::new("tournament-match-over-forfeit")
                    .str("first", mention(t.data.player(m.pairing.first)))
                    .str("first-points", fmt_points(o.first_game_points))
                    .str("second-points", fmt_points(o.second_game_points))
                    .str("second", mention(t.data.player(b))),
            )
            .to(Target::Channel(channel)),
        );
    }
    Ok(resp)
}

/// Active games of `player` in the tournament.
pub(super) fn active_games(app: &App, t: &T, player: &UserId) -> Result<Vec<GameRow>, StoreError> {
    let mut games = Vec::new();
    for m in app.store.tournament_matches(t.row.id)? {
        if m.first_player.as_deref() != Some(player) && m.second_player.as_deref() != Some(player) {
            continue;
        }
        for g in app.store.games_of_match(m.id)? {
            if g.state == GameState::Active
                && (g.first_player == player || g.second_player == player)
            {
                games.push(g);
            }
        }
    }
    Ok(games)
}

/// Ends `g` as a loss for `player` (by resignation), through the one end
/// of a game (rating it).
pub(super) fn forfeit_game(app: &App, g: GameRow, player: &UserId, now: i64) -> Response {
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
        Ok(ended) => app.follow_up(&l, ended, now),
        Err(e) => {
            tracing::warn!("forfeiting game {} of {player}: {e}", l.row.id);
            return Response::none();
        }
    };
    // The game's channel: the words are for the opponent who stays.
    let reader = l
        .players
        .iter()
        .find(|p| *p != player)
        .unwrap_or(&l.players[0]);
    let said = Msg::new("tournament-withdrew-game")
        .str("player", mention(player))
        .msg("outcome", crate::app::outcome_msg(&l.game, o));
    let mut resp = Response::one(
        app.with_board(&l, Reply::say(said).for_reader(reader), &[], now)
            .to(Target::Channel(channel)),
    );
    resp.extend(after);
    resp
}
