//! Round reports: when the last game of a round ends, the tournament's
//! channel gets one message before the next pairings: every board's result
//! with a link to its games, then the standings after that round (a text
//! table and a picture). The last round's report names the winner and,
//! when the top two have as many points, how the tie was broken.
//!
//! The report is built by [`super::advance`] in the update that completes
//! the round, so it is committed with the round's end: with the outbox it
//! is written in that very transaction ([`super::update`]).

use super::{
    fmt_points, name_of, order_line, standings_png, standings_text, store, table_rows, App, Lang,
    Match, Msg, PlayerId, Reply, StandingRow, T,
};

/// The report of round `round` (complete); `last`: the tournament is over.
pub(super) fn round_report(app: &App, t: &T, round: u32, last: bool, lang: Lang) -> Reply {
    let Some(s) = &t.data.state else {
        return Reply::say(Msg::new("tournament-not-started").str("name", name_of(t)));
    };
    let total = s.total_rounds();
    let mut r = Reply::say(
        Msg::new("tournament-report-head")
            .str("name", name_of(t))
            .num("round", round)
            .num("total", total),
    );
    let rows = app.store.tournament_matches(t.row.id).unwrap_or_default();
    for m in s.rounds.get(round as usize - 1).into_iter().flatten() {
        r = r.line(board_result(app, t, m, &rows));
    }
    let table = if last {
        s.standings()
    } else {
        s.standings_after(round)
    };
    let head = if last {
        Msg::new("tournament-report-final")
    } else {
        Msg::new("tournament-report-standings")
            .num("round", round)
            .num("total", total)
    };
    r = r
        .line(head)
        .raw_line(standings_text(app, t, &table, lang))
        .line(order_line(t));
    if last {
        let winner = table
            .first()
            .map(|w| app.turn_mention(t.data.player(w.player)))
            .unwrap_or_default();
        let pts = table.first().map_or(0.0, |w| w.points);
        r = r.line(
            Msg::new("tournament-over")
                .str("name", name_of(t))
                .str("winner", winner)
                .str("points", fmt_points(pts))
                .num("count", pts),
        );
        if let Some(m) = tie_at_the_top(app, t, &table) {
            r = r.then(m);
        }
    }
    r.in_lang(lang)
        .with_png(
            &format!("tournament-{}-round-{round}.png", t.row.id),
            standings_png(app, t, &table, lang),
        )
        .alt(crate::app::presentation::alt_text::alt_of_standings(
            &t.row.name,
            &table_rows(app, t, &table, lang),
            &table.iter().map(|r| r.points).collect::<Vec<_>>(),
        ))
}

/// One board of the report: the players, the score, and where its games
/// are (the web archive's page of each game when the server is public,
/// else the thread they were played in).
fn board_result(app: &App, t: &T, m: &Match, rows: &[store::TournamentMatch]) -> Msg {
    let name = |p: PlayerId| app.name_of(t.data.player(p));
    let Some(second) = m.pairing.second else {
        return Msg::new("tournament-report-bye").str("player", name(m.pairing.first));
    };
    let score = m
        .outcome()
        .map(|o| {
            format!(
                "{}–{}",
                fmt_points(o.first_game_points),
                fmt_points(o.second_game_points)
            )
        })
        .unwrap_or_default();
    let games = rows
        .iter()
        .find(|r| r.round == m.pairing.round && r.board == m.pairing.board)
        .and_then(|r| app.store.games_of_match(r.id).ok())
        .unwrap_or_default();
    let links: Vec<String> = games
        .iter()
        .filter(|g| g.state != store::GameState::Aborted || decided(t, m))
        .filter_map(|g| app.game_link(g))
        .collect();
    let place = if !links.is_empty() {
        Some(links.join(" "))
    } else {
        games.last().map(|g| format!("<#{}>", g.channel_id))
    };
    let how = if decided(t, m) {
        "decided"
    } else if m.results.iter().flatten().any(|g| g.forfeit) {
        "forfeit"
    } else {
        "played"
    };
    let line = match place {
        Some(p) => Msg::new("tournament-report-board-link").str("link", p),
        None => Msg::new("tournament-report-board"),
    };
    line.num("board", m.pairing.board)
        .str("first", name(m.pairing.first))
        .str("second", name(second))
        .str("score", score)
        .str("how", how)
}

/// Whether the organiser decided this match's result (`/tournament result`).
fn decided(t: &T, m: &Match) -> bool {
    t.data
        .decisions
        .iter()
        .any(|d| d.round == m.pairing.round && d.board == m.pairing.board)
}

/// When the winner has no more points than the next player: "Carol also
/// has 3½ points; Alice is ahead on Sonneborn-Berger, 12¼ to 10½."
pub(super) fn tie_at_the_top(app: &App, t: &T, table: &[StandingRow]) -> Option<Msg> {
    let (a, b) = (table.first()?, table.get(1)?);
    let tb = crate::tournament::tie_break(a, b)?;
    use crate::tournament::TieBreak as B;
    let (by, first, second) = match tb {
        B::SonnebornBerger(x, y) => ("sb", fmt_points(x), fmt_points(y)),
        B::Buchholz(x, y) => ("buchholz", fmt_points(x), fmt_points(y)),
        B::SplitWins(x, y) => ("split", x.to_string(), y.to_string()),
        B::Seeding => ("seeding", String::new(), String::new()),
    };
    Some(
        Msg::new("tournament-tie-broken")
            .str("other", app.name_of(t.data.player(b.player)))
            .str("winner", app.name_of(t.data.player(a.player)))
            .str("points", fmt_points(b.points))
            .num("count", b.points)
            .str("by", by)
            .str("first", first)
            .str("second", second),
    )
}
