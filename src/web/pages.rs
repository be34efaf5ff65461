//! The archive's pages as maud templates: every value is escaped by maud
//! (names and free text come from players), every word comes from the
//! catalogue (`locales/*/web.ftl`), and no page has inline script or style.

use maud::{html, Markup, DOCTYPE};

use super::query::{encode, Query};
use crate::app::archive::{GameLine, GameSheet, PlayerSheet, ServerSheet};
use crate::app::TournamentSheet;
use crate::domain::UserId;
use crate::i18n::{Lang, Localiser, Msg};

fn t(lang: Lang, id: &'static str) -> String {
    Localiser::global().text(lang, &Msg::new(id))
}

fn tm(lang: Lang, msg: Msg) -> String {
    Localiser::global().text(lang, &msg)
}

/// Column headers (`th scope="col"`), one per catalogue message.
fn col_heads(lang: Lang, ids: &[&'static str]) -> Markup {
    html! { @for id in ids { th scope="col" { (t(lang, id)) } } }
}

/// A link to the page of player `id`, reading `text`.
fn player_link(q: &Query, id: &str, text: impl maud::Render) -> Markup {
    html! { a href=(q.link(&format!("/p/{}", encode(id)), &[])) { (text) } }
}

/// The frame of every page: `title`, the language switch, and `body`.
fn layout(lang: Lang, title: &str, here: &str, body: Markup) -> String {
    let other = match lang {
        Lang::En => Lang::Cy,
        Lang::Cy => Lang::En,
    };
    let sep = if here.contains('?') { '&' } else { '?' };
    let switch = format!("{here}{sep}lang={}", other.code());
    html! {
        (DOCTYPE)
        html lang=(lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " · " (t(lang, "web-site")) }
                link rel="stylesheet" href="/static/archive.css";
                script src="/static/archive.js" defer {}
            }
            body {
                header {
                    a href="/" { (t(lang, "web-site")) }
                    " "
                    a href=(switch) lang=(other.code()) hreflang=(other.code()) { (t(lang, "web-language")) }
                }
                main { (body) }
            }
        }
    }
    .into_string()
}

/// A page with one sentence: not found, too many requests, failed.
pub fn message(lang: Lang, id: &'static str) -> String {
    let text = t(lang, id);
    layout(lang, &text, "/", html! { h1 { (text) } })
}

/// `/`: the archive's front page.
pub fn home(lang: Lang) -> String {
    let title = t(lang, "web-site");
    layout(lang, &title, "/", html! { h1 { (title) } })
}

fn date(secs: i64) -> String {
    crate::app::archive::date_time(secs)
}

/// Where the shown position is, in the words of its picture's caption
/// (the move in play, numbered by turn as in OTN, and who is to move; or
/// the result), so the page and the picture name the same move.
fn ply_text(s: &GameSheet, lang: Lang) -> String {
    if s.ply == 0 {
        tm(
            lang,
            Msg::new("web-ply-start")
                .num("moves", crate::notation::turn_count(s.moves.len()))
                .str("caption", s.caption.clone()),
        )
    } else {
        s.caption.clone()
    }
}

/// The step links: start, previous, next, end (spans where there is no
/// step to take). The script follows them from the keyboard too.
fn steps(s: &GameSheet, q: &Query, base: &str) -> Markup {
    let lang = q.lang;
    let last = s.moves.len();
    let to = |p: usize| q.link(base, &[("ply", p.to_string())]);
    let step = |id: &'static str, key: &'static str, target: Option<usize>, rel: Option<&str>| {
        html! {
            @match target {
                Some(p) => a.step id=(id) href=(to(p)) rel=[rel] data-key=(key) { (t(lang, id_msg(id))) }
                None => span.step.off id=(id) aria-disabled="true" { (t(lang, id_msg(id))) }
            }
        }
    };
    let back = (s.ply > 0).then_some(());
    let fwd = (s.ply < last).then_some(());
    html! {
        nav.steps aria-label=(t(lang, "web-moves")) {
            (step("first", "Home", back.map(|_| 0), None))
            " "
            (step("prev", "ArrowLeft", back.map(|_| s.ply - 1), Some("prev")))
            " "
            (step("next", "ArrowRight", fwd.map(|_| s.ply + 1), Some("next")))
            " "
            (step("last", "End", fwd.map(|_| last), None))
        }
    }
}

fn id_msg(id: &str) -> &'static str {
    match id {
        "first" => "web-first",
        "prev" => "web-prev",
        "next" => "web-next",
        _ => "web-last",
    }
}

fn board_img(s: &GameSheet, q: &Query) -> Markup {
    let src = q.link(
        &format!("/g/{}/board.png", s.id),
        &[("ply", s.ply.to_string())],
    );
    html! {
        img #board src=(src) alt=(s.alt) width="560";
    }
}

fn title_of(s: &GameSheet, lang: Lang) -> String {
    tm(
        lang,
        Msg::new("web-title-game")
            .num("id", s.id)
            .str("first", s.players[0].name.clone())
            .str("second", s.players[1].name.clone()),
    )
}

/// `/g/{id}`: the game at one ply.
pub fn game(s: &GameSheet, q: &Query, _public_url: Option<&str>) -> String {
    let lang = q.lang;
    let base = format!("/g/{}", s.id);
    let title = title_of(s, lang);
    let here = format!("{base}?ply={}", s.ply);
    let body = html! {
        h1 { (title) }
        div.game {
            section.board aria-labelledby="ply" {
                h2.visually-hidden { (t(lang, "web-board")) }
                p #ply aria-live="polite" { (ply_text(s, lang)) }
                (board_img(s, q))
                (steps(s, q, &base))
                p.keys { (t(lang, "web-keys")) }
            }
            section.facts {
                h2 { (t(lang, "web-players")) }
                ul {
                    @for p in &s.players {
                        li {
                            (player_link(q, &p.id, tm(lang, Msg::new("web-player-side").str("player", p.name.clone()).str("side", p.side.clone()))))
                            @if let Some(u) = p.vacation {
                                " — " (tm(lang, Msg::new("web-on-vacation").str("date", date(u))))
                            }
                        }
                    }
                }
                dl {
                    dt { (t(lang, "web-variant")) }
                    dd { (s.variant) }
                    dt { (t(lang, "web-options")) }
                    dd {
                        @if s.options.is_empty() { (t(lang, "web-no-options")) }
                        @else { (s.options.join(", ")) }
                    }
                    dt { (t(lang, "web-result")) }
                    dd #result {
                        @match &s.result {
                            Some(r) => (r),
                            None => (t(lang, "web-running")),
                        }
                    }
                    dt { (t(lang, "web-clock")) }
                    dd {
                        (s.clock)
                        @for p in &s.players {
                            @if let Some(b) = p.bank {
                                br;
                                (tm(lang, Msg::new("web-bank-left").str("player", p.name.clone()).msg("span", crate::i18n::span(b))))
                            }
                        }
                        @if let Some(d) = s.deadline {
                            br;
                            (tm(lang, Msg::new("web-deadline").str("date", date(d))))
                        }
                    }
                    dt { (t(lang, "web-rated")) }
                    dd { (t(lang, if s.rated { "web-yes" } else { "web-no" })) }
                    dt { (t(lang, "web-started")) }
                    dd { (date(s.created_at)) }
                    @if let Some(f) = s.finished_at {
                        dt { (t(lang, "web-ended")) }
                        dd { (date(f)) }
                    }
                    @if let Some((tid, name, round)) = &s.tournament {
                        dt { (t(lang, "web-tournaments")) }
                        dd {
                            a href=(q.link(&format!("/t/{tid}"), &[])) {
                                (tm(lang, Msg::new("web-tournament-round").str("name", name.clone()).num("round", *round)))
                            }
                        }
                    }
                }
                h2 { (t(lang, "web-downloads")) }
                ul.downloads {
                    li { a href=(format!("{base}/game.otn")) download { (t(lang, "web-download-otn")) } }
                    li { a href=(format!("{base}/record.txt")) download { (t(lang, "web-download-record")) } }
                    li { a href=(format!("{base}/game.gif")) download { (t(lang, "web-download-gif")) } }
                }
            }
        }
        section.moves {
            h2 { (t(lang, "web-moves")) }
            @if s.moves.is_empty() {
                p { (t(lang, "web-no-moves")) }
            } @else {
                // One row per turn, as OTN and lichess number moves:
                // "1. e1-e4 e9-e6"; each move links to the ply after it.
                ol.moves {
                    @for (t, pair) in s.moves.chunks(2).enumerate() {
                        li {
                            span.turn { (t + 1) "." }
                            @for (j, m) in pair.iter().enumerate() {
                                @let ply = 2 * t + j + 1;
                                " "
                                a href=(q.link(&base, &[("ply", ply.to_string())]))
                                    aria-current=[(ply == s.ply).then_some("step")] { (m) }
                            }
                        }
                    }
                }
            }
        }
        // An ended game's conditional lines (issue 31).
        @if !s.conditionals.is_empty() {
            section.conditional {
                h2 { (t(lang, "web-conditional")) }
                ul {
                    @for c in &s.conditionals {
                        li { (c) }
                    }
                }
            }
        }
    };
    layout(lang, &title, &here, body)
}

/// `/embed/g/{id}`: the board, the steps and a link to the full page.
pub fn embed(s: &GameSheet, q: &Query) -> String {
    let lang = q.lang;
    let base = format!("/embed/g/{}", s.id);
    let title = title_of(s, lang);
    html! {
        (DOCTYPE)
        html lang=(lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) }
                link rel="stylesheet" href="/static/archive.css";
                script src="/static/archive.js" defer {}
            }
            body.embed {
                main {
                    h1 { (title) }
                    p #ply aria-live="polite" { (ply_text(s, lang)) }
                    (board_img(s, q))
                    (steps(s, q, &base))
                    p {
                        @if let Some(r) = &s.result { (r) " " }
                        a href=(q.link(&format!("/g/{}", s.id), &[("ply", s.ply.to_string())])) target="_blank" rel="noopener" {
                            (t(lang, "web-embed-open"))
                        }
                    }
                }
            }
        }
    }
    .into_string()
}

/// A table of games.
fn games_table(games: &[GameLine], q: &Query) -> Markup {
    let lang = q.lang;
    html! {
        table {
            thead {
                tr { (col_heads(lang, &["web-col-date", "web-col-game", "web-col-players", "web-col-result", "web-col-moves"])) }
            }
            tbody {
                @for g in games {
                    tr {
                        td { (g.date) }
                        td { a href=(q.link(&format!("/g/{}", g.id), &[])) { (g.variant) " #" (g.id) } }
                        td {
                            (player_link(q, &g.first.0, &g.first.1)) " – " (player_link(q, &g.second.0, &g.second.1))
                        }
                        td { (g.score) }
                        td { (g.moves) }
                    }
                }
            }
        }
    }
}

/// Older / newer links of a paged list.
fn pager(q: &Query, base: &str, page: u32, more: bool) -> Markup {
    let lang = q.lang;
    html! {
        @if page > 0 || more {
            nav.pager aria-label=(t(lang, "web-games")) {
                @if page > 0 {
                    a href=(q.link(base, &[("page", (page - 1).to_string())])) rel="prev" { (t(lang, "web-newer")) }
                    " "
                }
                @if more {
                    a href=(q.link(base, &[("page", (page + 1).to_string())])) rel="next" { (t(lang, "web-older")) }
                }
            }
        }
    }
}

/// `/p/{id}`: ratings with their graphs, and games, paged. `alts`: the
/// graphs' alt texts, one per rating.
pub fn player(s: &PlayerSheet, alts: &[String], q: &Query) -> String {
    let lang = q.lang;
    let base = format!("/p/{}", encode(&s.id));
    let title = tm(
        lang,
        Msg::new("web-title-player").str("name", s.name.clone()),
    );
    let body = html! {
        h1 { (title) }
        @if let Some(u) = s.vacation {
            p.vacation { (tm(lang, Msg::new("web-on-vacation").str("date", date(u)))) }
        }
        section {
            h2 { (t(lang, "web-ratings")) }
            @if s.ratings.is_empty() {
                p { (t(lang, "web-no-ratings")) }
            } @else {
                table {
                    thead {
                        tr { (col_heads(lang, &["web-col-server", "web-col-game", "web-col-rating", "web-col-games"])) }
                    }
                    tbody {
                        @for (server, name, r) in &s.ratings {
                            tr {
                                td { a href=(q.link(&format!("/s/{}", encode(server)), &[])) { (name) } }
                                td { (variant_name(&r.variant)) }
                                td { (format!("{:.0}", r.rating)) }
                                td { (r.games) }
                            }
                        }
                    }
                }
                h2 { (t(lang, "web-rating-history")) }
                @for ((server, _, r), alt) in s.ratings.iter().zip(alts) {
                    @if r.games > 0 {
                        figure {
                            img.graph src=(q.link(&format!("{base}/rating.png"), &[("server", server.to_string()), ("variant", r.variant.clone())])) alt=(alt) width="900";
                        }
                    }
                }
            }
        }
        section {
            h2 { (t(lang, "web-games")) }
            @if s.games.is_empty() {
                p { (t(lang, "web-no-games")) }
            } @else {
                (games_table(&s.games, q))
            }
            (pager(q, &base, s.page, s.more))
        }
    };
    layout(lang, &title, &base, body)
}

fn variant_name(id: &str) -> String {
    crate::rules::Ruleset::from_spec(id, &[])
        .map(|r| r.name.to_string())
        .unwrap_or_else(|_| id.to_string())
}

/// `/s/{id}`: leaderboards, tournaments and games.
pub fn server(s: &ServerSheet, q: &Query) -> String {
    let lang = q.lang;
    let base = format!("/s/{}", encode(&s.id));
    let title = tm(
        lang,
        Msg::new("web-title-server").str("name", s.name.clone()),
    );
    let body = html! {
        h1 { (title) }
        section {
            h2 { (t(lang, "web-leaderboards")) }
            @if s.leaderboards.is_empty() {
                p { (t(lang, "web-no-ratings")) }
            }
            @for (vname, _, rows) in &s.leaderboards {
                h3 { (vname) }
                table {
                    thead {
                        tr {
                            th scope="col" { "#" }
                            (col_heads(lang, &["web-col-player", "web-col-rating", "web-col-games"]))
                        }
                    }
                    tbody {
                        @for (i, (id, name, rating, games)) in rows.iter().enumerate() {
                            tr {
                                td { (i + 1) }
                                td { (player_link(q, id, name)) }
                                td { (format!("{rating:.0}")) }
                                td { (games) }
                            }
                        }
                    }
                }
            }
        }
        section {
            h2 { (t(lang, "web-tournaments")) }
            @if s.tournaments.is_empty() {
                p { (t(lang, "web-no-tournaments")) }
            } @else {
                ul {
                    @for (id, name, _) in &s.tournaments {
                        li { a href=(q.link(&format!("/t/{id}"), &[])) { (name) } }
                    }
                }
            }
        }
        section {
            h2 { (t(lang, "web-recent-games")) }
            @if s.games.is_empty() {
                p { (t(lang, "web-no-games")) }
            } @else {
                (games_table(&s.games, q))
            }
            (pager(q, &base, s.page, s.more))
        }
    };
    layout(lang, &title, &base, body)
}

/// `/t/{id}`: standings, crosstable, rounds.
pub fn tournament(s: &TournamentSheet, q: &Query) -> String {
    let lang = q.lang;
    let base = format!("/t/{}", s.id);
    let title = tm(
        lang,
        Msg::new("web-title-tournament").str("name", s.name.clone()),
    );
    let entrant = |(id, name): &(UserId, String)| player_link(q, id, name);
    let body = html! {
        h1 { (title) }
        p { (s.description) }
        p { (s.state) }
        @if s.standings.is_empty() {
            section {
                h2 { (t(lang, "web-entrants")) }
                p { (t(lang, "web-not-started")) }
                @if s.entrants.is_empty() {
                    p { (t(lang, "web-no-entrants")) }
                } @else {
                    ul { @for e in &s.entrants { li { (entrant(e)) } } }
                }
            }
        } @else {
            section {
                h2 { (t(lang, "web-standings")) }
                table {
                    thead { tr { @for h in &s.headers { th scope="col" { (h) } } } }
                    tbody {
                        @for (id, cells) in &s.standings {
                            tr {
                                td { (cells[0]) }
                                th scope="row" { (player_link(q, id, &cells[1])) }
                                @for c in &cells[2..] { td { (c) } }
                            }
                        }
                    }
                }
            }
            section {
                h2 { (t(lang, "web-crosstable")) }
                table.cross {
                    thead {
                        tr {
                            th scope="col" { "#" }
                            th scope="col" { (t(lang, "web-col-player")) }
                            @for i in 1..=s.crosstable.len() { th scope="col" { (i) } }
                        }
                    }
                    tbody {
                        @for (i, row) in s.crosstable.iter().enumerate() {
                            tr {
                                td { (i + 1) }
                                th scope="row" { (s.standings.get(i).map(|r| r.1[1].as_str()).unwrap_or("")) }
                                @for c in row { td { (c) } }
                            }
                        }
                    }
                }
            }
            @for (i, round) in s.rounds.iter().enumerate() {
                section {
                    h2 { (tm(lang, Msg::new("web-round").num("round", i + 1))) }
                    table {
                        thead {
                            tr { (col_heads(lang, &["web-col-board", "web-col-players", "web-col-result", "web-games"])) }
                        }
                        tbody {
                            @for p in round {
                                tr {
                                    td { (p.board) }
                                    td {
                                        @match &p.second {
                                            Some(b) => { (entrant(&p.first)) " – " (entrant(b)) }
                                            None => (tm(lang, Msg::new("web-bye").str("player", p.first.1.clone()))),
                                        }
                                    }
                                    td { (p.score) }
                                    td {
                                        @for (j, (gid, score)) in p.games.iter().enumerate() {
                                            @if j > 0 { ", " }
                                            a href=(q.link(&format!("/g/{gid}"), &[])) { "#" (gid) " " (score) }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    };
    layout(lang, &title, &base, body)
}

/// `/puzzles/{n}`: the puzzle's title, OTN and board; its solution once
/// asked (`?solution=1`, a plain link: no script).
pub fn puzzle(s: &crate::app::puzzle::PuzzleSheet, q: &Query) -> String {
    let lang = q.lang;
    let base = format!("/puzzles/{}", s.number);
    let here = q.link(&base, &[]);
    let body = html! {
        h1 { (s.title) }
        p { (tm(lang, Msg::new("puzzle-otn").str("otn", s.otn.clone()))) }
        img src=(q.link(&format!("{base}/board.png"), &[])) alt=(s.alt);
        @if q.solution {
            h2 { (t(lang, "web-puzzle-solution")) }
            ol { @for m in &s.solution { li { (m) } } }
        } @else {
            p { a href=(q.link(&base, &[("solution", "1".to_string())])) { (t(lang, "web-puzzle-show")) } }
        }
    };
    layout(lang, &s.title, &here, body)
}
