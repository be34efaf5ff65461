//! How a tournament is shown: description, list, info, standings as text and picture.

use super::*;

pub(super) fn describe(t: &T) -> String {
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

pub(super) fn list(app: &App, ctx: &Ctx) -> Result<Response, Response> {
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
            crate::app::escape::name(&r.name),
            describe(&t),
            r.state
        ));
    }
    Ok(Response::one(Reply::text(lines.join("\n"))))
}

pub(super) fn info(app: &App, t: &T) -> Response {
    let mut out = format!(
        "Tournament {}: **{}** — {}. State: {}.",
        t.row.id,
        crate::app::escape::name(&t.row.name),
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
                out.push_str(&format!("\nStarts {}.", crate::app::time::date(at)));
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

pub(super) fn standings(app: &App, t: &T) -> Response {
    let Some(s) = &t.data.state else {
        return private(format!(
            "**{}** has not started yet.",
            crate::app::escape::name(&t.row.name)
        ));
    };
    let table = s.standings();
    let head = format!(
        "**{}** standings after round {} of {}{}:\n",
        crate::app::escape::name(&t.row.name),
        s.current_round(),
        s.total_rounds(),
        if t.row.state == FINISHED {
            " (final)"
        } else {
            ""
        }
    );
    Response::one(
        Reply::text(head + &standings_text(app, t, &table))
            .with_png(
                &format!("tournament-{}-standings.png", t.row.id),
                standings_png(app, t, &table),
            )
            .alt(crate::app::views::alt_of_standings(
                &t.row.name,
                &table_rows(app, t, &table),
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

pub(super) fn table_rows(app: &App, t: &T, table: &[StandingRow]) -> Vec<[String; 6]> {
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

pub(super) const HEADERS: [&str; 6] = ["#", "Player", "Pts", "SB", "Buch", "W/D/L"];

/// The standings as a fixed-width text table (in a code block).
pub(super) fn standings_text(app: &App, t: &T, table: &[StandingRow]) -> String {
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

pub(super) fn standings_png(app: &App, t: &T, table: &[StandingRow]) -> Vec<u8> {
    let rows = table_rows(app, t, table);
    let title = format!("{} — standings", t.row.name);
    crate::app::table_png::render(&title, &HEADERS, &rows)
}
