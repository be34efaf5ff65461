//! Ratings: Glicko-2 per variant per server, /leaderboard and /profile.

use super::{
    glicko, store, store_err, App, Ctx, GameRow, GameState, Loaded, Msg, Reply, Response, Ruleset,
    Side, VARIANTS,
};

/// A stored rating with its deviation grown by the rating periods of
/// [`glicko::PERIOD_SECS`] that passed without a game since it changed.
pub(super) fn rating_now(r: &store::Rating, now: i64) -> glicko::Rating {
    glicko::idle_since(
        glicko::Rating::new(r.rating, r.rd, r.vol),
        r.updated_at,
        now,
    )
}

/// Rates the finished rated games whose ratings were never written (a
/// crash or a failed write fell between the game's end and its rating), in
/// the order they ended, each as of its end. Returns how many were rated.
/// Run once at start (the first heartbeat); rating is once per game, so a
/// game rated meanwhile by another process is left alone.
pub(crate) fn catch_up_ratings(app: &App, now: i64) -> usize {
    let mut rated = 0;
    loop {
        let rows = match app.store.unrated_finished_games(100) {
            Ok(r) => r,
            Err(e) => {
                tracing::error!("reading games whose ratings are missing: {e}");
                return rated;
            }
        };
        let mut progress = false;
        for row in rows {
            let id = row.id;
            match app.load(row) {
                Ok(l) => {
                    if rate(app, &l, l.row.finished_at.unwrap_or(now)) {
                        rated += 1;
                        progress = true;
                    }
                }
                Err(e) => tracing::error!("game {id} ended unrated and cannot be loaded: {e:?}"),
            }
        }
        if !progress {
            return rated;
        }
    }
}

/// Updates both players' ratings after a finished rated game (once per game:
/// the store ignores a second application). Read and written in one store
/// transaction, so two games ending at once lose no update. Returns whether
/// this call wrote them.
pub(crate) fn rate(app: &App, l: &Loaded, now: i64) -> bool {
    if !l.row.rated {
        return false;
    }
    // The game's own outcome, or the stored result (a game ended by
    // resignation or time, read back from the store).
    let winner = match (l.game.outcome(), l.row.result) {
        (Some(o), _) => o.winner,
        (None, Some(crate::domain::GameResult::Won(s))) => Some(s),
        (None, Some(crate::domain::GameResult::Draw)) => None,
        (None, None) => return false,
    };
    let (server, variant) = (&l.row.server_id, &l.row.variant);
    let fresh = |p: &str| store::Rating {
        server_id: server.clone(),
        variant: variant.clone(),
        player_id: p.into(),
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
        let score_a = match winner {
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
        match winner {
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
    match app.store.rate_game(
        l.row.id,
        server,
        variant,
        [&l.players[0], &l.players[1]],
        now,
        &compute,
    ) {
        Ok(done) => done,
        Err(e) => {
            tracing::error!(
                "ratings of game {}: {e} (rated at the next start)",
                l.row.id
            );
            false
        }
    }
}

/// `/leaderboard [variant]` (app/commands/leaderboard.rs).
pub(crate) fn leaderboard(app: &App, ctx: &Ctx, variant: &str) -> Response {
    let rules = match Ruleset::parse_spec(variant, &[]) {
        Ok(r) => r,
        Err(e) => return Response::one(Reply::tell(crate::app::spec_msg(&e))),
    };
    let rows = match app.store.leaderboard(&ctx.server, rules.variant, 20) {
        Ok(r) => r,
        Err(e) => return store_err(e),
    };
    if rows.is_empty() {
        return Response::one(Reply::say(
            Msg::new("leaderboard-none").str("game", rules.name),
        ));
    }
    let mut out = Reply::say(Msg::new("leaderboard-head").str("game", rules.name));
    for (i, r) in rows.iter().enumerate() {
        out = out.line(
            Msg::new("leaderboard-line")
                .num("rank", i + 1)
                .str("player", app.name_of(&r.player_id))
                .str("rating", format!("{:.0}", r.rating))
                .str("rd", format!("{:.0}", rating_now(r, ctx.now).rd))
                .num("games", r.games)
                .num("won", r.wins_first + r.wins_second)
                .num("lost", r.losses)
                .num("drawn", r.draws),
        );
    }
    Response::one(out)
}

/// `/profile [player]` (app/commands/profile.rs).
pub(crate) fn profile(app: &App, ctx: &Ctx, player: Option<&str>) -> Response {
    let who = player
        .map(|p| {
            p.trim_start_matches("<@")
                .trim_start_matches('@')
                .trim_end_matches('>')
                .into()
        })
        .unwrap_or_else(|| ctx.user.id.clone());
    let mut out = Reply::say(Msg::new("profile-head").str("player", app.name_of(&who)));
    let mut any = false;
    for v in VARIANTS {
        let Ok(Some(r)) = app.store.get_rating(&ctx.server, v.id, &who) else {
            continue;
        };
        let Ok(rules) = Ruleset::from_spec(v.id, &[]) else {
            continue;
        };
        any = true;
        out = out.line(
            Msg::new("profile-line")
                .str("game", v.name)
                .str("rating", format!("{:.0}", r.rating))
                .str("rd", format!("{:.0}", rating_now(&r, ctx.now).rd))
                .num("games", r.games)
                .num("won-first", r.wins_first)
                .str("first-side", rules.side_key(Side::First))
                .num("won-second", r.wins_second)
                .str("second-side", rules.side_key(Side::Second))
                .num("lost", r.losses)
                .num("drawn", r.draws),
        );
    }
    if !any {
        out = out.line(Msg::new("profile-no-rated"));
    }
    // This server's games only; in direct messages, only games the asker plays.
    let current: Vec<GameRow> = app
        .store
        .games_of_player_on_server(&who, &ctx.server, true, 10)
        .unwrap_or_default()
        .into_iter()
        .filter(|g| crate::app::visible_to(g, &ctx.user.id))
        .collect();
    if current.is_empty() {
        out = out.line(Msg::new("profile-no-games"));
    } else {
        out = out.line(Msg::new("profile-games-head"));
        for g in current {
            let opp = if g.first_player == who {
                &g.second_player
            } else {
                &g.first_player
            };
            out = out.line(
                Msg::new("profile-game")
                    .num("id", g.id)
                    .str("channel", format!("<#{}>", g.channel_id))
                    .str(
                        "variant",
                        crate::app::use_cases::info::variant_title(&g.variant),
                    )
                    .str("opponent", app.name_of(opp))
                    .num("moves", crate::notation::turn_count(g.move_count as usize)),
            );
        }
    }
    // The last games over on this server, rated or casual, with the result
    // for this player.
    let recent: Vec<GameRow> = app
        .store
        .games_of_player_on_server(&who, &ctx.server, false, 40)
        .unwrap_or_default()
        .into_iter()
        .filter(|g| g.state != GameState::Active && crate::app::visible_to(g, &ctx.user.id))
        .take(PROFILE_RECENT)
        .collect();
    if !recent.is_empty() {
        out = out.line(Msg::new("profile-recent-head"));
        for g in recent {
            let (opp, mine) = if g.first_player == who {
                (&g.second_player, Side::First)
            } else {
                (&g.first_player, Side::Second)
            };
            let result = match (
                g.state,
                g.result.map(crate::app::use_cases::games::outcomes::winner),
            ) {
                (GameState::Finished, Some(Some(w))) if w == mine => "profile-result-won",
                (GameState::Finished, Some(Some(_))) => "profile-result-lost",
                (GameState::Finished, _) => "profile-result-drawn",
                _ => "profile-result-aborted",
            };
            out = out.line(
                Msg::new("profile-recent")
                    .num("id", g.id)
                    .str(
                        "variant",
                        crate::app::use_cases::info::variant_title(&g.variant),
                    )
                    .str("opponent", app.name_of(opp))
                    .str("rated", if g.rated { "yes" } else { "no" })
                    .msg("result", Msg::new(result)),
            );
        }
    }
    Response::one(out)
}

/// Finished games `/profile` shows.
const PROFILE_RECENT: usize = 5;
