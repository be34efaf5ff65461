//! The organiser's tools: `/tournament result` (set or correct a match's
//! result), `/tournament forbid` (keep two players apart), and the winner's
//! role (`winner_role:`) once the front end has tried to give it.

use super::{
    advance, channel_of, error_msg, fmt_points, is_organiser, is_state, lifecycle, load, mention,
    name_of, record_finished_games, tell, update, App, Ctx, Decision, EndReason, GameState, Msg,
    Reply, Response, RoleId, Target, TournamentId, TournamentPhase, UserId, T,
};

/// A user option as typed: `<@123>`, `<@!123>`, `@alice` or `alice`.
fn user_of(text: &str) -> UserId {
    text.trim()
        .trim_start_matches("<@")
        .trim_start_matches('!')
        .trim_start_matches('@')
        .trim_end_matches('>')
        .chars()
        .take(64)
        .collect::<String>()
        .into()
}

/// `/tournament result round:R board:B winner:@player|draw`: the organiser
/// sets or corrects the result of a match. The decision is kept with who
/// made it, announced in the tournament's channel, and the standings follow
/// from it; a game of the match still running is ended without a result
/// ("decided by the organiser"), and is not rated.
pub(super) fn set_result(
    app: &App,
    ctx: &Ctx,
    t: T,
    round: &str,
    board: &str,
    winner: &str,
) -> Result<Response, Response> {
    if !is_organiser(app, ctx, &t) {
        return Err(tell(Msg::new("tournament-result-not-allowed")));
    }
    if t.row.state != TournamentPhase::Running {
        return Err(is_state(&t));
    }
    let number = |text: &str| text.trim().parse::<u32>().ok().filter(|n| *n >= 1);
    let (Some(round), Some(board)) = (number(round), number(board)) else {
        return Err(tell(Msg::new("tournament-result-bad-board")));
    };
    let winner = winner.trim();
    let winner: Option<UserId> = match winner.to_lowercase().as_str() {
        "draw" | "drawn" | "cyfartal" => None,
        "" => return Err(tell(Msg::new("tournament-result-bad-winner"))),
        _ => Some(user_of(winner)),
    };
    let lang = app.lang(ctx);
    let me = ctx.user.id.clone();
    let (t, plan) = update(app, t.row.id, ctx.now, |app, t, plan| {
        if t.row.state != TournamentPhase::Running {
            return Err(is_state(t));
        }
        // Games that ended meanwhile count, unless the decision replaces them.
        record_finished_games(app, t);
        let w = match &winner {
            Some(u) => match t.data.pid(u) {
                Some(p) => Some(p),
                None => {
                    return Err(tell(
                        Msg::new("tournament-not-in")
                            .str("player", mention(u))
                            .str("name", name_of(t)),
                    ))
                }
            },
            None => None,
        };
        let Some(s) = t.data.state.as_mut() else {
            return Err(tell(
                Msg::new("tournament-not-started").str("name", name_of(t)),
            ));
        };
        let before = s
            .rounds
            .get(round as usize - 1)
            .and_then(|r| r.iter().find(|m| m.pairing.board == board))
            .and_then(|m| m.outcome())
            .map(|o| {
                format!(
                    "{}–{}",
                    fmt_points(o.first_game_points),
                    fmt_points(o.second_game_points)
                )
            })
            .unwrap_or_default();
        if let Err(e) = s.decide(round, board, w) {
            let reason = error_msg(t, &e);
            return Err(tell(
                Msg::new("tournament-result-refused").msg("reason", reason),
            ));
        }
        t.data.decisions.push(Decision {
            round,
            board,
            winner: winner.clone(),
            by: me.clone(),
            at: ctx.now,
        });
        tracing::info!(
            "tournament {}: round {round}, board {board} decided by {me}: {}",
            t.row.id,
            winner.as_deref().unwrap_or("draw")
        );
        let result = match &winner {
            Some(u) => Msg::new("tournament-result-winner").str("player", app.turn_mention(u)),
            None => Msg::new("tournament-result-draw"),
        };
        let said = if before.is_empty() {
            Msg::new("tournament-result-set")
        } else {
            Msg::new("tournament-result-corrected").str("before", before)
        };
        plan.resp.replies.push(
            Reply::say(
                said.str("by", app.turn_mention(&me))
                    .str("name", name_of(t))
                    .num("round", round)
                    .num("board", board),
            )
            .then(result)
            .in_lang(lang)
            .to(Target::Channel(channel_of(t))),
        );
        advance(app, t, plan, lang).map(Some)
    })?;
    let mut resp = end_running_games(app, &t, round, board, ctx.now);
    resp.extend(plan.resp);
    Ok(resp)
}

/// Ends the games of match `round`/`board` still running, without a
/// result and unrated: the organiser decided the match.
fn end_running_games(app: &App, t: &T, round: u32, board: u32, now: i64) -> Response {
    let mut resp = Response::none();
    let rows = app.store.tournament_matches(t.row.id).unwrap_or_default();
    let Some(row) = rows.iter().find(|r| r.round == round && r.board == board) else {
        return resp;
    };
    for g in app.store.games_of_match(row.id).unwrap_or_default() {
        if g.state != GameState::Active {
            continue;
        }
        if lifecycle::abort(app, g.id, EndReason::Decided, now).is_ok() {
            resp.replies.push(
                Reply::say(
                    Msg::new("tournament-game-decided")
                        .num("id", g.id)
                        .str("name", name_of(t)),
                )
                .to(Target::Channel(g.channel_id.clone())),
            );
        }
    }
    resp
}

/// `/tournament forbid player:@a other:@b [remove:true]`: Swiss rounds do
/// not pair the two while another pairing is possible (or again may).
/// Told to the organiser alone.
pub(super) fn forbid(
    app: &App,
    ctx: &Ctx,
    t: T,
    a: &str,
    b: &str,
    remove: bool,
) -> Result<Response, Response> {
    if !is_organiser(app, ctx, &t) {
        return Err(tell(Msg::new("tournament-forbid-not-allowed")));
    }
    if !t.row.state.is_open() {
        return Err(is_state(&t));
    }
    let (a, b) = (user_of(a), user_of(b));
    if a.is_empty() || b.is_empty() || a == b {
        return Err(tell(Msg::new("tournament-forbid-two")));
    }
    let state = t.row.state;
    let mut changed = false;
    let (t, _) = update(app, t.row.id, ctx.now, |_, t, _| {
        if !t.row.state.is_open() {
            return Err(is_state(t));
        }
        let same = |(x, y): &(UserId, UserId)| (x == &a && y == &b) || (x == &b && y == &a);
        let there = t.data.apart.iter().any(same);
        changed = there == remove;
        if !changed {
            return Ok(None);
        }
        if remove {
            t.data.apart.retain(|p| !same(p));
        } else {
            t.data.apart.push((a.clone(), b.clone()));
        }
        super::sync_apart(t);
        Ok(Some(state))
    })?;
    let id = match (remove, changed) {
        (false, true) => "tournament-forbid-set",
        (false, false) => "tournament-forbid-already",
        (true, true) => "tournament-forbid-removed",
        (true, false) => "tournament-forbid-none",
    };
    let swiss = t.row.format == crate::store::TournamentFormat::Swiss;
    let mut r = Reply::tell(
        Msg::new(id)
            .str("player", mention(&a))
            .str("other", mention(&b))
            .str("name", name_of(&t)),
    );
    if !swiss && !remove {
        r = r.then(Msg::new("tournament-forbid-round-robin"));
    }
    Ok(Response::one(r))
}

/// See [`App::role_given`].
pub(crate) fn role_given(
    app: &App,
    id: TournamentId,
    user: &UserId,
    role: &RoleId,
    outcome: crate::domain::RoleGrant,
) -> Response {
    let t = match load(app, id) {
        Ok(t) => t,
        Err(r) => return r,
    };
    let lang = app.lang_of(&UserId::default(), &t.row.server_id);
    let role_text = format!("<@&{role}>");
    let organiser = || {
        t.row
            .created_by
            .as_ref()
            .map(|c| mention(c))
            .unwrap_or_default()
    };
    let m = match outcome {
        crate::domain::RoleGrant::Given => {
            tracing::info!("tournament {id}: role {role} given to {user}");
            Msg::new("tournament-role-given")
                .str("player", app.turn_mention(user))
                .str("role", role_text)
                .str("name", name_of(&t))
        }
        crate::domain::RoleGrant::Refused => {
            tracing::warn!("tournament {id}: Discord refused to give role {role} to {user}");
            Msg::new("tournament-role-refused")
                .str("organiser", organiser())
                .str("player", app.turn_mention(user))
                .str("role", role_text)
                .str("name", name_of(&t))
        }
        crate::domain::RoleGrant::CreatorMayNot => {
            tracing::warn!(
                "tournament {id}: role {role} not given to {user}: its creator can no longer give it"
            );
            Msg::new("tournament-role-creator-may-not")
                .str("organiser", organiser())
                .str("player", app.turn_mention(user))
                .str("role", role_text)
                .str("name", name_of(&t))
        }
    };
    Response::one(
        Reply::say(m)
            .in_lang(lang)
            .to(Target::Channel(channel_of(&t))),
    )
    .on_server(&t.row.server_id)
}
