//! Match games that went missing: a game whose channel or thread was
//! deleted is aborted (no result, unrated) and its match game is played
//! again in the tournament's channel, as a no-show by nobody. The
//! scheduler repairs any running match whose last game ended without a
//! result and that has no game in progress, so a replay that could not
//! start at once (the tournament's channel was busy) starts later.

use super::{
    channel_of, lifecycle, load, start_next_game, App, ChannelId, EndReason, GameState, Msg, Reply,
    Response, ServerId, Target, TournamentPhase, UserId, T,
};
use crate::domain::LeaseKind;

/// Starts again, in the tournament's channel, the games of current-round
/// matches whose last game was aborted and that have nothing in progress.
/// Called by every scheduler pass; cheap when nothing is missing.
pub(crate) fn repair(app: &App, now: i64) -> Response {
    let mut resp = Response::none();
    let running = match app.store.tournaments_in_state(TournamentPhase::Running) {
        Ok(r) => r,
        Err(e) => {
            tracing::error!("reading running tournaments to repair: {e}");
            return resp;
        }
    };
    for row in running {
        let Ok(t) = load(app, row.id) else { continue };
        resp.extend(repair_one(app, &t, now));
    }
    resp
}

fn repair_one(app: &App, t: &T, now: i64) -> Response {
    let mut resp = Response::none();
    let Some(s) = &t.data.state else { return resp };
    let round = s.current_round();
    let Ok(rows) = app.store.tournament_matches(t.row.id) else {
        return resp;
    };
    for row in rows.iter().filter(|r| r.round == round) {
        let Ok(games) = app.store.games_of_match(row.id) else {
            continue;
        };
        let Some(last) = games.last().filter(|g| g.state == GameState::Aborted) else {
            continue;
        };
        // One process replays it; the others skip it while the lease runs
        // (the one-game-per-match index would refuse a second game anyway).
        let item = format!("{}@{}", row.id, last.id);
        match app.claim_work(LeaseKind::MatchRepair, &item, now, app.process().lease) {
            Ok(true) => {}
            Ok(false) => continue,
            Err(e) => {
                tracing::warn!("could not claim the repair of match {}: {e}", row.id);
                continue;
            }
        }
        let r = start_next_game(app, t, row, &channel_of(t), now);
        if !r.replies.is_empty() {
            tracing::info!(
                "tournament {}: match {} game replayed in the tournament's channel",
                t.row.id,
                row.id
            );
        }
        resp.extend(r);
    }
    resp
}

/// Channel `channel` of `server` was deleted (or a thread of it): its game
/// in progress is aborted, unrated. A tournament game is played again in
/// the tournament's channel (now, or by the scheduler once that channel is
/// free); the players of a casual game are told by direct message.
pub(crate) fn channel_deleted(
    app: &App,
    server: &ServerId,
    channel: &ChannelId,
    now: i64,
) -> Response {
    let mut resp = Response::none();
    let row = match app.store.active_game_in_channel(channel) {
        Ok(Some(r)) if r.server_id == *server => r,
        Ok(_) => return resp,
        Err(e) => {
            tracing::error!("reading the game of deleted channel {channel}: {e}");
            return resp;
        }
    };
    if let Err(e) = lifecycle::abort(app, row.id, EndReason::Aborted, now) {
        tracing::warn!("aborting game {} of deleted channel {channel}: {e}", row.id);
        return resp;
    }
    tracing::info!("game {} aborted: its channel {channel} was deleted", row.id);
    match row
        .tournament_match_id
        .and_then(|m| app.store.get_match(m).ok().flatten())
    {
        Some(m) => {
            let Ok(t) = load(app, m.tournament_id) else {
                return resp;
            };
            let lang = app.lang_of(&UserId::default(), &t.row.server_id);
            resp.replies.push(
                Reply::say(
                    Msg::new("tournament-game-channel-deleted")
                        .num("id", row.id)
                        .num("round", m.round)
                        .num("board", m.board),
                )
                .in_lang(lang)
                .to(Target::Channel(channel_of(&t))),
            );
            resp.extend(start_next_game(app, &t, &m, &channel_of(&t), now));
        }
        None => {
            for p in [&row.first_player, &row.second_player] {
                if crate::app::use_cases::bot::is_bot(p) {
                    continue;
                }
                resp.replies.push(
                    Reply::say(Msg::new("game-channel-deleted").num("id", row.id))
                        .for_reader(p)
                        .on_server(server)
                        .to(Target::Dm(p.clone())),
                );
            }
        }
    }
    resp
}
