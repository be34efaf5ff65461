//! Information: rules, games, a game, my games, history, export, help.

use super::*;

impl App {
    pub(super) fn rules(&self, variant: Option<&str>) -> Response {
        let Some(v) = variant else {
            let list = VARIANTS
                .iter()
                .map(|v| format!("• **{}** (`{}`): {}", v.name, v.id, v.summary))
                .collect::<Vec<_>>()
                .join("\n");
            return Response::one(Reply::text(format!("The games:\n{list}")));
        };
        let rules = match Ruleset::from_spec(v, &[]) {
            Ok(r) => r,
            Err(e) => return Response::one(Reply::private(e)),
        };
        let info = rules.info();
        let game = Game::with_first(rules.clone(), 0, Some(rules.first.unwrap_or(Side::First)));
        let rec = Record::default();
        let png = view::picture(
            &game,
            &[],
            format!("{} · start", rules.name),
            &rec,
            &self.theme,
        );
        let opts = if info.options.is_empty() {
            String::new()
        } else {
            format!("\nOptions: {}.", info.options.join(", "))
        };
        Response::one(
            Reply::text(format!("**{}**: {}{opts}", info.name, info.summary))
                .with_png(&format!("{}.png", info.id), png)
                .alt(super::views::alt_of_game(&game)),
        )
    }

    pub(super) fn games(&self, ctx: &Ctx) -> Response {
        let rows = match self.store.games_on_server(&ctx.server, true, 25) {
            Ok(r) => r,
            Err(e) => return store_err(e),
        };
        if rows.is_empty() {
            return Response::one(Reply::text(
                "No games are being played on this server. Start one with /challenge.",
            ));
        }
        let lines: Vec<String> = rows
            .iter()
            .take(25)
            .map(|r| {
                format!(
                    "Game {} in <#{}>: {} — {} v {}, {} moves",
                    r.id,
                    r.channel_id,
                    r.variant,
                    self.name_of(&r.first_player),
                    self.name_of(&r.second_player),
                    r.move_count
                )
            })
            .collect();
        Response::one(Reply::text(lines.join("\n")))
    }

    pub(super) fn show_game(&self, ctx: &Ctx, id: Option<&str>) -> Response {
        let now = ctx.now;
        let Some(n) = id.and_then(|i| i.trim().trim_start_matches('#').parse::<i64>().ok()) else {
            return Response::one(Reply::private("Give the game's number, like /game id:12."));
        };
        // Another server's game, or someone else's game in direct messages,
        // is answered as if it did not exist.
        let row = match self.store.get_game(n) {
            Ok(Some(r)) if r.server_id == ctx.server && visible_to(&r, &ctx.user.id) => r,
            Ok(_) => return Response::one(Reply::private(format!("There is no game {n} here."))),
            Err(e) => return store_err(e),
        };
        match self.load(row) {
            Ok(l) => {
                let t = self.history_text(&l, now);
                Response::one(self.board_reply(&l, t, &[]))
            }
            Err(e) => Response::one(Reply::private(e)),
        }
    }

    pub(super) fn my_games(&self, ctx: &Ctx) -> Response {
        let rows = match self.store.games_of_player(&ctx.user.id, true, 25) {
            Ok(r) => r,
            Err(e) => return store_err(e),
        };
        if rows.is_empty() {
            return Response::one(Reply::private("You have no games in progress."));
        }
        let mut lines = Vec::new();
        for r in rows.into_iter().take(25) {
            let (id, channel) = (r.id, r.channel_id.clone());
            if let Ok(l) = self.load(r) {
                let turn = match l.game.to_move() {
                    Some(s) if l.players[s.index()] == ctx.user.id => "your move".to_string(),
                    Some(s) => format!("{} to move", self.name_of(&l.players[s.index()])),
                    None => "over".into(),
                };
                let left = l
                    .row
                    .deadline
                    .map(|d| format!(", {} left", time::span(d - ctx.now)))
                    .unwrap_or_default();
                lines.push(format!(
                    "Game {id} in <#{channel}>: {} — {turn}{left}",
                    l.game.rules().name
                ));
            }
        }
        Response::one(Reply::private(lines.join("\n")))
    }

    pub(super) fn history(&self, ctx: &Ctx) -> Response {
        let l = match self.channel_game(ctx, true) {
            Ok(l) => l,
            Err(r) => return r,
        };
        Response::one(Reply::text(self.history_text(&l, ctx.now)))
    }

    pub(super) fn history_text(&self, l: &Loaded, now: i64) -> String {
        let rules = l.game.rules();
        let mut out = format!(
            "Game {} — {}: {} ({}) v {} ({})\n",
            l.row.id,
            rules.name,
            self.name_of(&l.players[0]),
            rules.side_name(Side::First),
            self.name_of(&l.players[1]),
            rules.side_name(Side::Second)
        );
        if l.game.record().is_empty() {
            out.push_str("No moves yet.\n");
        }
        for (i, p) in l.game.record().iter().enumerate() {
            out.push_str(&format!(
                "{}. {} {}\n",
                i + 1,
                rules.side_name(p.side),
                format_played(rules, p)
            ));
        }
        match l.game.outcome() {
            Some(o) => out.push_str(&outcome_sentence(&l.game, o)),
            None => out.push_str(&self.status_line_at(l, now)),
        }
        if out.len() > MAX_TEXT - 100 {
            let tail: String = out
                .chars()
                .rev()
                .take(MAX_TEXT - 200)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            out = format!("… (use /export for the whole record)\n{tail}");
        }
        out
    }

    pub(super) fn export(&self, ctx: &Ctx) -> Response {
        let l = match self.channel_game(ctx, true) {
            Ok(l) => l,
            Err(r) => return r,
        };
        if let Err(wait) = self.exports.allow(&ctx.user.id, ctx.now) {
            return Response::one(Reply::private(format!(
                "You can export a game once a minute: try again in {wait} s."
            )));
        }
        let version = format!("{}:{:?}", l.game.record().len(), l.game.outcome());
        let files = self
            .exports
            .get_or_make(l.row.id, &version, || export::ExportFiles {
                record: notation::write_record(&self.record_of(&l, &self.names_of(&l)))
                    .into_bytes(),
                gif: view::replay_gif(&l.game, &self.theme),
            });
        let mut r = Reply::text(format!("The record of game {}.", l.row.id));
        r.files.push(Attachment::file(
            format!("game-{}.txt", l.row.id),
            files.record.clone(),
        ));
        if !files.gif.is_empty() {
            r.files.push(Attachment::file(
                format!("game-{}.gif", l.row.id),
                files.gif.clone(),
            ));
            r = r.alt(super::views::alt_of_gif(&l.game));
        }
        Response::one(r)
    }
}

/// The text of `/help`.
pub fn help_text() -> String {
    let mut s = String::from(
        "**tawlbot** keeps the board for the old Welsh and Celtic tafl games and gwyddbwyll.\n\
         Challenge a friend with /challenge, then type moves in the channel as two squares: e1-e4 (or @14-@44 in goedhboell).\n",
    );
    for c in commands::COMMANDS {
        s.push_str(&format!("/{} — {}\n", c.name, c.description));
    }
    s
}
