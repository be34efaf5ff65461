//! How a tournament is shown: description, list, info, standings as text and picture.

use super::*;

/// "Tawlbwrdd, Swiss, 3 rounds, two-game matches (sides swapped), 3 days per move".
pub(super) fn describe(t: &T) -> Msg {
    let rules = Ruleset::from_spec(&t.row.variant, &t.row.options);
    let game = match rules {
        Ok(r) if r.options.is_empty() => r.name.to_string(),
        Ok(r) => format!("{} ({})", r.name, r.options.join(", ")),
        Err(_) => t.row.variant.clone(),
    };
    let format = match (t.row.format, t.data.rounds) {
        (TournamentFormat::Swiss, Some(n)) => Msg::new("tournament-format-swiss").num("rounds", n),
        _ => Msg::new("tournament-format-round-robin"),
    };
    let kind = match t.data.match_kind() {
        MatchKind::Single => Msg::new("tournament-kind-single"),
        MatchKind::TwoGame => Msg::new("tournament-kind-two-game"),
    };
    let m = Msg::new("tournament-describe")
        .str("game", game)
        .msg("format", format)
        .msg("matches", kind);
    m.msg("time", t.data.time.describe())
}

pub(super) fn list(app: &App, ctx: &Ctx) -> Result<Response, Response> {
    let all = app
        .store
        .tournaments_on_server(&ctx.server)
        .map_err(store_err)?;
    if all.is_empty() {
        return Ok(Response::one(Reply::say(Msg::new("tournament-list-none"))));
    }
    let mut lines = Vec::new();
    for r in all.iter().take(20) {
        let Ok(t) = load(app, r.id) else {
            lines.push(
                Msg::new("tournament-list-unreadable")
                    .num("id", r.id)
                    .str("name", crate::app::escape::name(&r.name)),
            );
            continue;
        };
        let n = if t.data.entrants.is_empty() {
            active_entrants(app, r.id)?.len()
        } else {
            t.data.entrants.len()
        };
        let running = t
            .data
            .state
            .as_ref()
            .filter(|_| r.state == TournamentPhase::Running);
        let line = match running {
            Some(s) => Msg::new("tournament-list-line-round")
                .num("round", s.current_round())
                .num("total", s.total_rounds()),
            None => Msg::new("tournament-list-line"),
        };
        lines.push(
            line.num("id", r.id)
                .str("name", name_of(&t))
                .msg("description", describe(&t))
                .msg("state", state_msg(r.state))
                .num("n", n),
        );
    }
    let mut lines = lines.into_iter();
    let mut reply = Reply::say(
        lines
            .next()
            .unwrap_or_else(|| Msg::new("tournament-list-none")),
    );
    for l in lines {
        reply = reply.line(l);
    }
    Ok(Response::one(reply))
}

pub(super) fn info(app: &App, t: &T) -> Response {
    let mut r = Reply::say(
        Msg::new("tournament-info")
            .num("id", t.row.id)
            .str("name", name_of(t))
            .msg("description", describe(t))
            .msg("state", state_msg(t.row.state)),
    );
    if let Some(by) = &t.row.created_by {
        r = r.then(Msg::new("tournament-info-organiser").str("player", app.name_of(by)));
    }
    match &t.data.state {
        None => {
            let players = active_entrants(app, t.row.id).unwrap_or_default();
            r = r.line(if players.is_empty() {
                Msg::new("tournament-info-no-players")
            } else {
                Msg::new("tournament-info-players")
                    .num("n", players.len())
                    .str(
                        "players",
                        players
                            .iter()
                            .map(|p| app.name_of(p))
                            .collect::<Vec<_>>()
                            .join(", "),
                    )
            });
            if let Some(at) = t.data.start_at {
                r = r.line(
                    Msg::new("tournament-info-starts").str("date", crate::app::time::date(at)),
                );
            }
        }
        Some(s) => {
            r = r.line(
                Msg::new("tournament-info-round")
                    .num("round", s.current_round())
                    .num("total", s.total_rounds()),
            );
            let rows = app.store.tournament_matches(t.row.id).unwrap_or_default();
            for m in s.rounds.last().into_iter().flatten() {
                let a = app.name_of(t.data.player(m.pairing.first));
                let line = match m.pairing.second {
                    None => Msg::new("tournament-info-bye").str("player", a),
                    Some(b) => {
                        let b = app.name_of(t.data.player(b));
                        // A score is no sentence; "playing" is.
                        let score = m.outcome().map(|o| {
                            format!(
                                "{}–{}",
                                fmt_points(o.first_game_points),
                                fmt_points(o.second_game_points)
                            )
                        });
                        let thread = rows
                            .iter()
                            .find(|r| r.round == m.pairing.round && r.board == m.pairing.board)
                            .and_then(|r| app.store.games_of_match(r.id).ok())
                            .and_then(|g| g.last().map(|g| format!("<#{}>", g.channel_id)));
                        let line = match thread {
                            Some(th) => Msg::new("tournament-info-board-thread").str("thread", th),
                            None => Msg::new("tournament-info-board"),
                        };
                        let line = line
                            .num("board", m.pairing.board)
                            .str("first", a)
                            .str("second", b);
                        match score {
                            Some(sc) => line.str("score", sc),
                            None => line.msg("score", Msg::new("tournament-info-playing")),
                        }
                    }
                };
                r = r.line(line);
            }
        }
    }
    if let Some(link) = app.tournament_link(&t.row.server_id, t.row.id) {
        r = r.line(Msg::new("web-tournament-link").str("link", link));
    }
    Response::one(r)
}

pub(super) fn standings(app: &App, t: &T, lang: Lang) -> Response {
    let Some(s) = &t.data.state else {
        return tell(Msg::new("tournament-not-started").str("name", name_of(t)));
    };
    let table = s.standings();
    let head = if t.row.state == TournamentPhase::Finished {
        Msg::new("tournament-standings-head-final")
    } else {
        Msg::new("tournament-standings-head")
    };
    let head = head
        .str("name", name_of(t))
        .num("round", s.current_round())
        .num("total", s.total_rounds());
    Response::one(
        Reply::say(head)
            .raw_line(standings_text(app, t, &table, lang))
            .line(Msg::new("tournament-standings-order"))
            .in_lang(lang)
            .with_png(
                &format!("tournament-{}-standings.png", t.row.id),
                standings_png(app, t, &table, lang),
            )
            .alt(crate::app::views::alt_of_standings(
                &t.row.name,
                &table_rows(app, t, &table, lang),
            )),
    )
}

/// Points with vulgar fractions: `1.5` → `1½`, `2.0` → `2`, `0.75` → `¾`
/// (Sonneborn-Berger can have quarters); anything else with two decimals.
pub(super) fn fmt_points(p: f64) -> String {
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

pub(super) fn table_rows(app: &App, t: &T, table: &[StandingRow], lang: Lang) -> Vec<[String; 6]> {
    table
        .iter()
        .map(|r| {
            let mut name = app.raw_name_of(t.data.player(r.player)).replace('`', "'");
            if r.withdrawn {
                name = crate::i18n::t(
                    lang,
                    &Msg::new("tournament-withdrawn-mark").str("player", name),
                );
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

/// The standings table's column headers.
pub(super) const HEADERS: [&str; 6] = [
    "table-rank",
    "table-player",
    "table-points",
    "table-sb",
    "table-buchholz",
    "table-wdl",
];

/// The column headers in `lang`.
pub(super) fn headers(lang: Lang) -> [String; 6] {
    HEADERS.map(|id| crate::i18n::t(lang, &Msg::new(id)))
}

/// The standings as a fixed-width text table in a code block, headers in
/// `lang` (no sentence: the order of the table follows as a message).
pub(super) fn standings_text(app: &App, t: &T, table: &[StandingRow], lang: Lang) -> String {
    let rows = table_rows(app, t, table, lang);
    let headers = headers(lang);
    let mut width = headers.clone().map(|h| h.chars().count());
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
    out.push_str(&line([
        &headers[0],
        &headers[1],
        &headers[2],
        &headers[3],
        &headers[4],
        &headers[5],
    ]));
    out.push('\n');
    for r in &rows {
        out.push_str(&line([&r[0], &r[1], &r[2], &r[3], &r[4], &r[5]]));
        out.push('\n');
    }
    out.push_str("```");
    out
}

pub(super) fn standings_png(app: &App, t: &T, table: &[StandingRow], lang: Lang) -> Vec<u8> {
    let rows = table_rows(app, t, table, lang);
    let title = crate::i18n::t(
        lang,
        &Msg::new("caption-standings").str("name", t.row.name.clone()),
    );
    let headers = headers(lang);
    let headers: [&str; 6] = [
        &headers[0],
        &headers[1],
        &headers[2],
        &headers[3],
        &headers[4],
        &headers[5],
    ];
    crate::app::table_png::render(&title, &headers, &rows)
}
