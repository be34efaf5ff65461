//! The archive's pages as maud templates: every value is escaped by maud
//! (names and free text come from players), every word comes from the
//! catalogue (`locales/*/web.ftl`), and no page has inline script or style.

use maud::{html, Markup, DOCTYPE};

use super::query::{encode, Query};
use crate::app::archive::analysis::AnalysisState;
use crate::app::archive::balance::{BalanceRow, BalanceSheet, Rate};
use crate::app::archive::front::FrontSheet;
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

/// A link preview (Open Graph and Twitter card tags): what Discord, Slack
/// and the like show when a page's address is pasted. Every URL absolute
/// (from `PUBLIC_URL`).
pub struct Og {
    pub title: String,
    pub description: String,
    /// The page's own absolute address.
    pub url: Option<String>,
    /// The picture's absolute address, width, height and alt text.
    pub image: Option<(String, u32, u32, String)>,
}

fn og_tags(og: &Og, site: &str) -> Markup {
    html! {
        meta name="description" content=(og.description);
        meta property="og:type" content="website";
        meta property="og:site_name" content=(site);
        meta property="og:title" content=(og.title);
        meta property="og:description" content=(og.description);
        @if let Some(u) = &og.url { meta property="og:url" content=(u); }
        @if let Some((src, w, h, alt)) = &og.image {
            meta property="og:image" content=(src);
            meta property="og:image:type" content="image/png";
            meta property="og:image:width" content=(w);
            meta property="og:image:height" content=(h);
            meta property="og:image:alt" content=(alt);
            meta name="twitter:card" content="summary_large_image";
            meta name="twitter:image" content=(src);
            meta name="twitter:image:alt" content=(alt);
        } @else {
            meta name="twitter:card" content="summary";
        }
        meta name="twitter:title" content=(og.title);
        meta name="twitter:description" content=(og.description);
    }
}

/// `path` (with its query) as an absolute address under `public_url`.
pub fn absolute(public_url: Option<&str>, path: &str) -> Option<String> {
    public_url.map(|b| format!("{b}{path}"))
}

/// The frame of every page: `title`, the link preview, the language
/// switch, and `body`.
fn layout(lang: Lang, title: &str, here: &str, body: Markup) -> String {
    layout_og(lang, title, here, None, body)
}

fn layout_og(lang: Lang, title: &str, here: &str, og: Option<&Og>, body: Markup) -> String {
    let other = match lang {
        Lang::En => Lang::Cy,
        Lang::Cy => Lang::En,
    };
    let sep = if here.contains('?') { '&' } else { '?' };
    let switch = format!("{here}{sep}lang={}", other.code());
    let site = t(lang, "web-site");
    let home = if lang == Lang::Cy { "/?lang=cy" } else { "/" };
    html! {
        (DOCTYPE)
        html lang=(lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " · " (site) }
                @if let Some(og) = og { (og_tags(og, &site)) }
                link rel="stylesheet" href="/static/archive.css";
                script src="/static/archive.js" defer {}
            }
            body {
                header {
                    a href=(home) { (site) }
                    " "
                    a href="/stats" { (t(lang, "web-stats")) }
                    " "
                    a href=(switch) lang=(other.code()) hreflang=(other.code()) { (t(lang, "web-language")) }
                }
                main { (body) }
            }
        }
    }
    .into_string()
}

/// A wide table in a box of its own that scrolls sideways (never the page).
fn scroll(label: &str, table: Markup) -> Markup {
    html! { div.scroll role="region" aria-label=(label) tabindex="0" { (table) } }
}

/// A page with one sentence: not found, too many requests, failed.
pub fn message(lang: Lang, id: &'static str) -> String {
    let text = t(lang, id);
    layout(lang, &text, "/", html! { h1 { (text) } })
}

/// `/`: the archive's front page: the puzzle of the day (when there is
/// one), a player search, recent games (paged), tournaments and servers.
pub fn home(f: &FrontSheet, q: &Query, public_url: Option<&str>) -> String {
    let lang = q.lang;
    let title = t(lang, "web-site");
    let og = Og {
        title: title.clone(),
        description: t(lang, "web-front-about"),
        url: absolute(public_url, "/"),
        image: None,
    };
    let body = html! {
        h1 { (title) }
        p { (t(lang, "web-front-about")) }
        @if let Some(p) = &f.puzzle {
            p.puzzle { a href=(p.href) { (p.text) } }
        }
        form.search action="/" method="get" role="search" {
            label for="q" { (t(lang, "web-search-label")) }
            input #q type="search" name="q" maxlength="64" autocomplete="off"
                value=[f.search.as_ref().map(|s| s.0.as_str())];
            @if q.lang_chosen { input type="hidden" name="lang" value=(lang.code()); }
            button type="submit" { (t(lang, "web-search")) }
        }
        @if let Some((asked, found)) = &f.search {
            section aria-labelledby="h-found" {
                h2 #h-found { (tm(lang, Msg::new("web-search-results").str("name", asked.clone()))) }
                @if found.is_empty() {
                    p { (t(lang, "web-search-none")) }
                } @else {
                    ul { @for (id, name) in found { li { (player_link(q, id, name)) } } }
                }
            }
        }
        div.lists {
            section aria-labelledby="h-games" {
                h2 #h-games { (t(lang, "web-recent-games")) }
                @if f.games.is_empty() {
                    p { (t(lang, "web-no-games")) }
                } @else {
                    (games_table(&f.games, q))
                }
                (pager(q, "/", f.page, f.more))
            }
            div {
                section aria-labelledby="h-tournaments" {
                    h2 #h-tournaments { (t(lang, "web-tournaments")) }
                    @if f.tournaments.is_empty() {
                        p { (t(lang, "web-no-tournaments")) }
                    } @else {
                        ul {
                            @for (id, name, state, sid, sname) in &f.tournaments {
                                li {
                                    a href=(q.link(&format!("/t/{id}"), &[])) { (name) }
                                    " (" (state) ", "
                                    a href=(q.link(&format!("/s/{}", encode(sid)), &[])) { (sname) }
                                    ")"
                                }
                            }
                        }
                    }
                }
                section aria-labelledby="h-servers" {
                    h2 #h-servers { (t(lang, "web-servers")) }
                    @if f.servers.is_empty() {
                        p { (t(lang, "web-no-servers")) }
                    } @else {
                        ul {
                            @for (id, name) in &f.servers {
                                li { a href=(q.link(&format!("/s/{}", encode(id)), &[])) { (name) } }
                            }
                        }
                    }
                }
                p { a href=(q.link("/stats", &[])) { (t(lang, "web-stats-link")) } }
            }
        }
    };
    let here = if f.page > 0 {
        format!("/?page={}", f.page)
    } else {
        "/".to_string()
    };
    layout_og(lang, &title, &here, Some(&og), body)
}

/// A rate and its 95% interval: "52.3% (45.1–59.4%)".
fn rate(r: &Rate) -> String {
    format!(
        "{:.1}% ({:.1}–{:.1}%)",
        100.0 * r.rate,
        100.0 * r.low,
        100.0 * r.high
    )
}

fn balance_table(rows: &[BalanceRow], q: &Query, label: &str) -> Markup {
    let lang = q.lang;
    scroll(
        label,
        html! {
            table.balance {
                thead {
                    tr {
                        (col_heads(lang, &["web-col-game", "web-options", "web-col-games", "web-col-first-wins", "web-col-second-wins", "web-col-draws", "web-col-length"]))
                    }
                }
                tbody {
                    @for r in rows {
                        tr {
                            th scope="row" { (r.game) }
                            td {
                                @if r.options.is_empty() { (t(lang, "web-no-options")) }
                                @else { (r.options.join(", ")) }
                            }
                            td.num { (r.games) }
                            td.num { (rate(&r.first)) }
                            td.num { (rate(&r.second)) }
                            td.num { (rate(&r.draws)) }
                            td.num { (format!("{:.1}", r.average_moves)) }
                        }
                    }
                }
            }
        },
    )
}

/// `/stats`: the balance of each game and option set.
pub fn stats(s: &BalanceSheet, q: &Query) -> String {
    let lang = q.lang;
    let title = t(lang, "web-stats");
    let body = html! {
        h1 { (title) }
        p { (t(lang, "web-stats-about")) }
        p.note { (t(lang, "web-stats-sides")) }
        section aria-labelledby="h-whole" {
            h2 #h-whole { (t(lang, "web-stats-whole")) }
            @if s.whole.is_empty() {
                p { (t(lang, "web-stats-none")) }
            } @else {
                (balance_table(&s.whole, q, &t(lang, "web-stats-whole")))
            }
        }
        @for (id, name, rows) in &s.servers {
            section {
                h2 { a href=(q.link(&format!("/s/{}", encode(id)), &[])) { (name) } }
                (balance_table(rows, q, name))
            }
        }
    };
    layout(lang, &title, "/stats", body)
}

/// The time a move took, as a clock shows it: `0:12`, `3:05`, `2:03:00`,
/// `4d 02:03` (numbers only: the same in both languages).
fn move_time(secs: i64) -> String {
    let s = secs.max(0);
    let (d, h, m, sec) = (s / 86_400, s % 86_400 / 3600, s % 3600 / 60, s % 60);
    if d > 0 {
        format!("{d}d {h:02}:{m:02}")
    } else if h > 0 {
        format!("{h}:{m:02}:{sec:02}")
    } else {
        format!("{m}:{sec:02}")
    }
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
    // A phone gets the picture drawn for its screen (coordinates legible).
    let small = q.link(
        &format!("/g/{}/board.png", s.id),
        &[("ply", s.ply.to_string()), ("size", "s".to_string())],
    );
    html! {
        picture {
            source #board-small media="(max-width: 600px)" srcset=(small);
            img #board src=(src) alt=(s.alt) width=(s.board_size.0) height=(s.board_size.1);
        }
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

/// The link preview of a game at its ply: "alice v bob · Tawlbwrdd", the
/// position in words, the board picture at that ply.
fn game_og(s: &GameSheet, q: &Query, public_url: Option<&str>) -> Og {
    let lang = q.lang;
    let title = tm(
        lang,
        Msg::new("web-og-game")
            .str("first", s.players[0].name.clone())
            .str("second", s.players[1].name.clone())
            .str("game", s.variant.clone()),
    );
    let mut description = ply_text(s, lang);
    if s.ply == s.moves.len() {
        if let Some(r) = &s.result {
            if !description.contains(r.as_str()) {
                description = format!("{description} · {r}");
            }
        }
    }
    let png = format!("/g/{}/board.png?ply={}&lang={}", s.id, s.ply, lang.code());
    Og {
        title,
        description,
        url: absolute(public_url, &format!("/g/{}?ply={}", s.id, s.ply)),
        image: absolute(public_url, &png)
            .map(|u| (u, s.board_size.0, s.board_size.1, s.alt.clone())),
    }
}

/// `/g/{id}`: the game at one ply. Laid out as lichess lays a game out:
/// the board, the moves beside it (under it on a phone), the facts.
pub fn game(s: &GameSheet, q: &Query, public_url: Option<&str>) -> String {
    let lang = q.lang;
    let base = format!("/g/{}", s.id);
    let title = title_of(s, lang);
    let here = format!("{base}?ply={}", s.ply);
    let og = game_og(s, q, public_url);
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
            section.moves aria-labelledby="h-moves" {
                h2 #h-moves { (t(lang, "web-moves")) }
                @if s.moves.is_empty() {
                    p { (t(lang, "web-no-moves")) }
                } @else {
                    // One row per turn, as OTN and lichess number moves:
                    // "1. e1-e4 e9-e6"; each move links to the ply after it.
                    div.movelist {
                        ol.moves {
                            @for (t, pair) in s.moves.chunks(2).enumerate() {
                                li {
                                    span.turn { (t + 1) "." }
                                    @for (j, m) in pair.iter().enumerate() {
                                        @let ply = 2 * t + j + 1;
                                        " "
                                        a href=(q.link(&base, &[("ply", ply.to_string())]))
                                            aria-current=[(ply == s.ply).then_some("step")] {
                                            (m)
                                            @if let Some(Some(secs)) = s.times.get(ply - 1) {
                                                " " span.time { (move_time(*secs)) }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
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
                    dt { (t(lang, "web-result")) }
                    dd #result {
                        @match &s.result {
                            Some(r) => (r),
                            None => (t(lang, "web-running")),
                        }
                    }
                    dt { (t(lang, "web-variant")) }
                    dd { (s.variant) }
                    dt { (t(lang, "web-options")) }
                    dd {
                        @if s.options.is_empty() { (t(lang, "web-no-options")) }
                        @else { (s.options.join(", ")) }
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
                    dt { (t(lang, "web-server")) }
                    dd { a href=(q.link(&format!("/s/{}", encode(&s.server)), &[])) { (s.server_name) } }
                    @if let Some((tid, name, round)) = &s.tournament {
                        dt { (t(lang, "web-tournaments")) }
                        dd {
                            a href=(q.link(&format!("/t/{tid}"), &[])) {
                                (tm(lang, Msg::new("web-tournament-round").str("name", name.clone()).num("round", *round)))
                            }
                        }
                    }
                    dt { (t(lang, "web-started")) }
                    dd { (date(s.created_at)) }
                    @if let Some(f) = s.finished_at {
                        dt { (t(lang, "web-ended")) }
                        dd { (date(f)) }
                    }
                }
                @match &s.analysis {
                    Some(AnalysisState::Ready(alt)) => {
                        h2 { (t(lang, "web-analysis")) }
                        figure.analysis {
                            img.graph src=(q.link(&format!("{base}/analysis.png"), &[])) alt=(alt) width="900";
                        }
                    }
                    Some(AnalysisState::Pending) => {
                        h2 { (t(lang, "web-analysis")) }
                        p.note { (t(lang, "web-analysis-pending")) }
                    }
                    None => {}
                }
                // An ended game's conditional lines.
                @if !s.conditionals.is_empty() {
                    h2 { (t(lang, "web-conditional")) }
                    ul.conditional {
                        @for c in &s.conditionals {
                            li { (c) }
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
    };
    layout_og(lang, &title, &here, Some(&og), body)
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
    scroll(
        &t(lang, "web-games"),
        html! {
            table {
                thead {
                    tr { (col_heads(lang, &["web-col-date", "web-col-game", "web-col-players", "web-col-result", "web-col-moves"])) }
                }
                tbody {
                    @for g in games {
                        tr {
                            td.date { (g.date) }
                            td { a href=(q.link(&format!("/g/{}", g.id), &[])) { (g.variant) " #" (g.id) } }
                            td {
                                (player_link(q, &g.first.0, &g.first.1)) " – " (player_link(q, &g.second.0, &g.second.1))
                            }
                            td.score { (g.score) }
                            td.num { (g.moves) }
                        }
                    }
                }
            }
        },
    )
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
pub fn player(s: &PlayerSheet, alts: &[String], q: &Query, public_url: Option<&str>) -> String {
    let lang = q.lang;
    let base = format!("/p/{}", encode(&s.id));
    let title = tm(
        lang,
        Msg::new("web-title-player").str("name", s.name.clone()),
    );
    let ratings: Vec<String> = s
        .ratings
        .iter()
        .map(|(_, server, r)| format!("{} {:.0} ({server})", variant_name(&r.variant), r.rating))
        .collect();
    let graph = s
        .ratings
        .iter()
        .zip(alts)
        .find(|((_, _, r), _)| r.games > 0);
    let og = Og {
        title: s.name.clone(),
        description: if ratings.is_empty() {
            t(lang, "web-no-ratings")
        } else {
            tm(
                lang,
                Msg::new("web-og-ratings").str("ratings", ratings.join(", ")),
            )
        },
        url: absolute(public_url, &base),
        image: graph.and_then(|((server, _, r), alt)| {
            let path = format!(
                "{base}/rating.png?server={}&variant={}&lang={}",
                encode(server),
                encode(&r.variant),
                lang.code()
            );
            let (w, h) = crate::render::graph::RATINGS_SIZE;
            absolute(public_url, &path).map(|u| (u, w, h, alt.clone()))
        }),
    };
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
                (scroll(&t(lang, "web-ratings"), html! {
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
                }))
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
    layout_og(lang, &title, &base, Some(&og), body)
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
                (scroll(vname, html! {
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
                }))
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

/// `/t/{id}`: the winner and podium, standings, crosstable, rounds.
/// `image`: the standings picture's width and height, for the preview.
pub fn tournament(
    s: &TournamentSheet,
    q: &Query,
    public_url: Option<&str>,
    image: Option<(u32, u32)>,
) -> String {
    let lang = q.lang;
    let base = format!("/t/{}", s.id);
    let title = tm(
        lang,
        Msg::new("web-title-tournament").str("name", s.name.clone()),
    );
    let entrant = |(id, name): &(UserId, String)| player_link(q, id, name);
    let mut description = format!("{} · {}", s.description, s.state);
    if let Some((_, _, winner)) = s.podium.first() {
        description = format!(
            "{} · {description}",
            tm(
                lang,
                Msg::new("web-winner-is").str("player", winner.clone())
            )
        );
    }
    let og = Og {
        title: tm(
            lang,
            Msg::new("web-title-tournament").str("name", s.name.clone()),
        ),
        description,
        url: absolute(public_url, &base),
        image: image.and_then(|(w, h)| {
            absolute(
                public_url,
                &format!("{base}/standings.png?lang={}", lang.code()),
            )
            .map(|u| {
                (
                    u,
                    w,
                    h,
                    tm(
                        lang,
                        Msg::new("web-standings-alt").str("name", s.name.clone()),
                    ),
                )
            })
        }),
    };
    let body = html! {
        h1 { (title) }
        p { (s.description) }
        p { (s.state) " · " a href=(q.link(&format!("/s/{}", encode(&s.server)), &[])) { (t(lang, "web-server-page")) } }
        @if !s.podium.is_empty() {
            section aria-labelledby="h-podium" {
                h2 #h-podium { (t(lang, "web-podium")) }
                ol.podium {
                    @for (place, id, name) in &s.podium {
                        li {
                            (tm(lang, Msg::new("web-place").num("place", *place)))
                            " " (player_link(q, id, name))
                        }
                    }
                }
            }
        }
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
                (scroll(&t(lang, "web-standings"), html! {
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
                }))
            }
            section {
                h2 { (t(lang, "web-crosstable")) }
                p.note { (t(lang, "web-crosstable-key")) }
                (scroll(&t(lang, "web-crosstable"), html! {
                table.cross {
                    thead {
                        tr {
                            th scope="col" { "#" }
                            th scope="col" { (t(lang, "web-col-player")) }
                            @for i in 1..=s.crosstable.len() { th scope="col" { (i) } }
                            th scope="col" { (t(lang, "web-col-points")) }
                        }
                    }
                    tbody {
                        @for (i, (row, points)) in s.crosstable.iter().enumerate() {
                            tr {
                                td { (i + 1) }
                                th scope="row" { (s.standings.get(i).map(|r| r.1[1].as_str()).unwrap_or("")) }
                                @for (j, (c, link)) in row.iter().enumerate() {
                                    @if i == j {
                                        td.self { (c) }
                                    } @else {
                                        td {
                                            @match link {
                                                Some(g) => a href=(q.link(&format!("/g/{g}"), &[])) { (c) },
                                                None => (c),
                                            }
                                        }
                                    }
                                }
                                td.pts { (points) }
                            }
                        }
                    }
                }
                }))
            }
            @for (i, round) in s.rounds.iter().enumerate() {
                section {
                    // As Discord reports a round: "Round 1 of 3".
                    h2 { (tm(lang, Msg::new("web-round-of").num("round", i + 1).num("total", s.total_rounds.max(s.rounds.len() as u32)))) }
                    (scroll(&tm(lang, Msg::new("web-round").num("round", i + 1)), html! {
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
                    }))
                }
            }
        }
    };
    layout_og(lang, &title, &base, Some(&og), body)
}

/// `/puzzles/{n}`: the puzzle's title, OTN and board; its solution once
/// asked (`?solution=1`, a plain link: no script).
pub fn puzzle(s: &crate::app::use_cases::puzzle::PuzzleSheet, q: &Query) -> String {
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
