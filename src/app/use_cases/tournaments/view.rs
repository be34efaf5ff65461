//! How a tournament is shown: description, list, info, standings as text and picture.

use super::{
    active_entrants, load, name_of, state_msg, store, store_err, tell, App, Ctx, Lang, Match,
    MatchKind, Msg, Reply, Response, Ruleset, StandingRow, TournamentFormat, TournamentPhase, T,
};

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
    let m = m.msg("time", t.data.time.describe());
    let m = match t.data.late {
        Some(n) => Msg::new("tournament-describe-late")
            .msg("description", m)
            .num("round", n),
        None => m,
    };
    if t.data.no_vacation {
        Msg::new("tournament-describe-no-vacation").msg("description", m)
    } else {
        m
    }
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
                    .str("name", crate::app::presentation::escape::name(&r.name)),
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
                    Msg::new("tournament-info-starts")
                        .str("date", crate::app::use_cases::clock::time::date(at)),
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
                r = r.line(board_line(app, t, m, &rows));
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
    // "After round N": the rounds whose every match is over, and only what
    // was scored in them (a bye of the round being played counts once
    // that round is over).
    let done = s.finished_rounds();
    let table = if t.row.state == TournamentPhase::Finished {
        s.standings()
    } else {
        s.standings_after(done)
    };
    let head = if t.row.state == TournamentPhase::Finished {
        Msg::new("tournament-standings-head-final")
    } else if done == 0 {
        Msg::new("tournament-standings-head-none")
    } else {
        Msg::new("tournament-standings-head")
    };
    let head = head
        .str("name", name_of(t))
        .num("round", done)
        .num("total", s.total_rounds());
    Response::one(
        Reply::say(head)
            .raw_line(standings_text(app, t, &table, lang))
            .line(order_line(t))
            .in_lang(lang)
            .with_png(
                &format!("tournament-{}-standings.png", t.row.id),
                standings_png(app, t, &table, lang),
            )
            .alt(crate::app::presentation::alt_text::alt_of_standings(
                &t.row.name,
                &table_rows(app, t, &table, lang),
                &table.iter().map(|r| r.points).collect::<Vec<_>>(),
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
    let mut rows = vec![headers(lang).to_vec()];
    rows.extend(table_rows(app, t, table, lang).into_iter().map(Vec::from));
    crate::app::presentation::code_block::table(&rows, 1)
}

/// The line under the table: the order of the tie-breaks (with split
/// wins where matches have two games).
pub(super) fn order_line(t: &T) -> Msg {
    match t.data.match_kind() {
        MatchKind::TwoGame => Msg::new("tournament-standings-order-split"),
        MatchKind::Single => Msg::new("tournament-standings-order"),
    }
}

pub(super) fn standings_png(app: &App, t: &T, table: &[StandingRow], lang: Lang) -> Vec<u8> {
    let rows = table_rows(app, t, table, lang);
    // The picture says after which round, like the text.
    let caption = match &t.data.state {
        Some(s) if s.finished_rounds() > 0 => Msg::new("caption-standings-round")
            .str("name", t.row.name.clone())
            .num("round", s.finished_rounds())
            .num("total", s.total_rounds()),
        _ => Msg::new("caption-standings").str("name", t.row.name.clone()),
    };
    let title = crate::i18n::t(lang, &caption);
    let headers = headers(lang);
    let headers: [&str; 6] = [
        &headers[0],
        &headers[1],
        &headers[2],
        &headers[3],
        &headers[4],
        &headers[5],
    ];
    crate::app::presentation::table_png::render(&title, &headers, &rows)
}

/// `/tournament crosstable`: every player against every other (rows and
/// columns in standings order; `1`, `½`, `0` per game, `+`/`-` a forfeit,
/// `*` a game being played), as text and as a picture.
pub(super) fn crosstable(app: &App, t: &T, lang: Lang) -> Response {
    let Some(s) = &t.data.state else {
        return tell(Msg::new("tournament-not-started").str("name", name_of(t)));
    };
    let x = crate::tournament::crosstable(s);
    let (headers, rows) = crosstable_cells(app, t, &x, lang);
    let mut table = vec![headers.clone()];
    table.extend(rows.iter().cloned());
    let text = crate::app::presentation::code_block::table(&table, 1);
    let caption = crate::i18n::t(
        lang,
        &Msg::new("caption-crosstable").str("name", t.row.name.clone()),
    );
    let head_refs: Vec<&str> = headers.iter().map(String::as_str).collect();
    let png = crate::app::presentation::table_png::render_rows(&caption, &head_refs, &rows);
    let mut alt = vec![Msg::new("alt-crosstable").str("name", t.row.name.clone())];
    for (i, r) in x.iter().enumerate() {
        let games: Vec<String> = r
            .cells
            .iter()
            .enumerate()
            .filter_map(|(j, c)| {
                c.as_ref().map(|_| {
                    format!(
                        "{} {}",
                        app.raw_name_of(t.data.player(x[j].player)),
                        crate::tournament::crosstable::cell_text(i, j, c)
                    )
                })
            })
            .collect();
        alt.push(
            Msg::new("alt-crosstable-row")
                .num("place", r.rank)
                .str("player", app.raw_name_of(t.data.player(r.player)))
                .str("points", fmt_points(r.points))
                .num("count", r.points)
                .str("games", games.join(", ")),
        );
    }
    let short = alt[..alt.len().min(11)].to_vec();
    Response::one(
        Reply::say(Msg::new("tournament-crosstable-head").str("name", name_of(t)))
            .raw_line(text)
            .line(Msg::new("tournament-crosstable-key"))
            .in_lang(lang)
            .with_png(&format!("tournament-{}-crosstable.png", t.row.id), png)
            .alt(vec![alt, short]),
    )
}

/// The crosstable's headers (`#`, player, one column per place, points)
/// and rows, as text.
fn crosstable_cells(
    app: &App,
    t: &T,
    x: &[crate::tournament::CrossRow],
    lang: Lang,
) -> (Vec<String>, Vec<Vec<String>>) {
    let mut headers = vec![
        crate::i18n::t(lang, &Msg::new("table-rank")),
        crate::i18n::t(lang, &Msg::new("table-player")),
    ];
    headers.extend((1..=x.len()).map(|n| n.to_string()));
    headers.push(crate::i18n::t(lang, &Msg::new("table-points")));
    let rows = x
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mut name = app.raw_name_of(t.data.player(r.player)).replace('`', "'");
            if r.withdrawn {
                name = crate::i18n::t(
                    lang,
                    &Msg::new("tournament-withdrawn-mark").str("player", name),
                );
            }
            let mut cells = vec![r.rank.to_string(), name];
            cells.extend(
                r.cells
                    .iter()
                    .enumerate()
                    .map(|(j, c)| crate::tournament::crosstable::cell_text(i, j, c)),
            );
            cells.push(fmt_points(r.points));
            cells
        })
        .collect();
    (headers, rows)
}

/// `/tournament info round:N`: the pairings of round N and their results
/// (any round played or being played).
pub(super) fn round_view(app: &App, t: &T, round: &str) -> Response {
    let Some(s) = &t.data.state else {
        return tell(Msg::new("tournament-not-started").str("name", name_of(t)));
    };
    let n = match round.trim().parse::<u32>() {
        Ok(n) if n >= 1 && n <= s.current_round() => n,
        _ => {
            return tell(
                Msg::new("tournament-no-such-round")
                    .str("text", round.chars().take(20).collect::<String>())
                    .num("played", s.current_round()),
            )
        }
    };
    let mut r = Reply::say(
        Msg::new("tournament-round-view")
            .str("name", name_of(t))
            .num("round", n)
            .num("total", s.total_rounds()),
    );
    let rows = app.store.tournament_matches(t.row.id).unwrap_or_default();
    for m in s.rounds.get(n as usize - 1).into_iter().flatten() {
        r = r.line(board_line(app, t, m, &rows));
    }
    Response::one(r)
}

/// One board of a round: the players and the score (or "playing"), and
/// where its games were played.
pub(super) fn board_line(app: &App, t: &T, m: &Match, rows: &[store::TournamentMatch]) -> Msg {
    let a = app.name_of(t.data.player(m.pairing.first));
    match m.pairing.second {
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
    }
}
