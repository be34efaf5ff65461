//! Information: rules, games, a game, my games, history, help.

use crate::app::presentation::messages::Part;
use crate::app::{
    commands, format_played, outcome_msg, store_err, use_cases::clock::time, visible_to, App, Ctx,
    GameId, GameRow, GameState, Loaded, Msg, Reply, Response, Side, MAX_TEXT, VARIANTS,
};
use crate::i18n::{t, Lang};

impl App {
    /// `/rules [variant]`: the list of games, or one game's summary with a
    /// picture of its starting position.
    pub(in crate::app) fn rules(&self, ctx: &Ctx, variant: Option<&str>) -> Response {
        let lang = self.lang(ctx);
        // In a game's channel, no variant: that game, with its options.
        let here = match variant {
            None => self
                .store
                .load_active_in_channel(&ctx.channel)
                .ok()
                .flatten()
                .map(|(row, _)| row),
            Some(_) => None,
        };
        if let Some(row) = here {
            let mut resp = crate::app::presentation::registry::rules_of(
                VARIANTS,
                &row.variant,
                lang,
                &self.theme(),
            );
            let game = variant_title(&row.variant);
            let this = if row.options.is_empty() {
                Msg::new("rules-this-game").str("game", game)
            } else {
                Msg::new("rules-this-game-options")
                    .str("game", game)
                    .str("options", row.options.join(", "))
            };
            if let Some(r) = resp.replies.first_mut() {
                r.body
                    .insert(0, crate::app::presentation::messages::Part::Break);
                r.body
                    .insert(0, crate::app::presentation::messages::Part::Msg(this));
            }
            return resp;
        }
        match variant {
            None => crate::app::presentation::registry::rules_list(VARIANTS, lang),
            Some(v) => {
                crate::app::presentation::registry::rules_of(VARIANTS, v, lang, &self.theme())
            }
        }
    }

    pub(in crate::app) fn games(&self, ctx: &Ctx) -> Response {
        let rows = match self.store.games_on_server(&ctx.server, true, 25) {
            Ok(r) => r,
            Err(e) => return store_err(e),
        };
        let lines = rows.iter().take(25).map(|r| {
            Msg::new("games-line")
                .num("id", r.id)
                .str("channel", format!("<#{}>", r.channel_id))
                .str("variant", variant_title(&r.variant))
                .str("first", self.name_of(&r.first_player))
                .str("second", self.name_of(&r.second_player))
                .num("moves", crate::notation::turn_count(r.move_count as usize))
        });
        match lines_reply(lines, false) {
            Some(r) => Response::one(r),
            None => Response::one(Reply::say(Msg::new("games-none"))),
        }
    }

    pub(in crate::app) fn show_game(&self, ctx: &Ctx, id: Option<&str>) -> Response {
        if id.is_none_or(|i| i.trim().is_empty()) {
            return Response::one(Reply::tell(Msg::new("game-id-missing")));
        }
        match self.server_game(ctx, id.unwrap_or_default()) {
            Ok(l) => {
                let lang = self.lang(ctx);
                let r = self.history_reply(&l, ctx.now, lang);
                Response::one(self.with_board(&l, r, &[], ctx.now))
            }
            Err(r) => r,
        }
    }

    /// Game `id` (as typed: `12` or `#12`) when the asker may see it: a game
    /// of this server, or their own game in direct messages. Another
    /// server's game, or someone else's direct-message game, is answered as
    /// if it did not exist.
    pub(in crate::app) fn server_game_row(&self, ctx: &Ctx, id: &str) -> Result<GameRow, Response> {
        let Ok(n) = id.parse::<GameId>() else {
            return Err(Response::one(Reply::tell(
                Msg::new("game-not-a-number").str("text", id.chars().take(20).collect::<String>()),
            )));
        };
        match self.store.get_game(n) {
            Ok(Some(r)) if r.server_id == ctx.server && visible_to(&r, &ctx.user.id) => Ok(r),
            Ok(_) => Err(Response::one(Reply::tell(
                Msg::new("game-none").num("id", n),
            ))),
            Err(e) => Err(store_err(e)),
        }
    }

    /// [`App::server_game_row`], loaded.
    pub(in crate::app) fn server_game(&self, ctx: &Ctx, id: &str) -> Result<Loaded, Response> {
        let row = self.server_game_row(ctx, id)?;
        let n = row.id;
        self.load(row).map_err(|e| e.refusal(n))
    }

    pub(in crate::app) fn my_games(&self, ctx: &Ctx) -> Response {
        let rows = match self.store.games_of_player(&ctx.user.id, true, 25) {
            Ok(r) => r,
            Err(e) => return store_err(e),
        };
        let mut lines = Vec::new();
        for r in rows.into_iter().take(25) {
            let (id, channel) = (r.id, r.channel_id.clone());
            if let Ok(l) = self.load(r) {
                let turn = match l.game.to_move() {
                    Some(s) if l.players[s.index()] == ctx.user.id => Msg::new("mygames-your-move"),
                    Some(s) => Msg::new("mygames-to-move")
                        .str("player", self.name_of(&l.players[s.index()])),
                    None => Msg::new("mygames-over"),
                };
                let line = match l.row.deadline {
                    Some(d) => Msg::new("mygames-line-left").msg("span", time::span(d - ctx.now)),
                    None => Msg::new("mygames-line"),
                };
                let line = line
                    .num("id", id)
                    .str("channel", format!("<#{channel}>"))
                    .str("game", l.game.rules().name)
                    .msg("turn", turn);
                // A player of the game on vacation, and until when.
                let away = l
                    .players
                    .iter()
                    .find_map(|p| self.vacation_until(p, ctx.now).map(|u| (p, u)));
                lines.push(match away {
                    Some((p, until)) => Msg::new("mygames-line-vacation")
                        .msg("line", line)
                        .str("player", self.name_of(p))
                        .time("until", until),
                    None => line,
                });
            }
        }
        match lines_reply(lines, true) {
            Some(r) => Response::one(r),
            None => Response::one(Reply::tell(Msg::new("mygames-none"))),
        }
    }

    /// `/mygames finished:true [page:N]`: the asker's finished games, newest
    /// first, [`MYGAMES_PAGE`] a page, with their results (casual games
    /// too; aborted games say so).
    pub(in crate::app) fn my_finished_games(&self, ctx: &Ctx, page: Option<&str>) -> Response {
        let page = match page.map(|p| p.trim().parse::<usize>()) {
            None => 1,
            Some(Ok(n)) if n >= 1 => n,
            Some(_) => {
                return Response::one(Reply::tell(
                    Msg::new("mygames-bad-page").str(
                        "text",
                        page.unwrap_or_default()
                            .chars()
                            .take(20)
                            .collect::<String>(),
                    ),
                ))
            }
        };
        let rows = match self
            .store
            .games_of_player(&ctx.user.id, false, MYGAMES_MOST)
        {
            Ok(r) => r,
            Err(e) => return store_err(e),
        };
        let finished: Vec<GameRow> = rows
            .into_iter()
            .filter(|r| r.state != GameState::Active && visible_to(r, &ctx.user.id))
            .collect();
        let pages = finished.len().div_ceil(MYGAMES_PAGE).max(1);
        if finished.is_empty() {
            return Response::one(Reply::tell(Msg::new("mygames-none-finished")));
        }
        if page > pages {
            return Response::one(Reply::tell(
                Msg::new("mygames-no-such-page")
                    .num("page", page)
                    .num("pages", pages),
            ));
        }
        let mut r = Reply::tell(
            Msg::new("mygames-finished-head")
                .num("page", page)
                .num("pages", pages),
        );
        for row in finished
            .into_iter()
            .skip((page - 1) * MYGAMES_PAGE)
            .take(MYGAMES_PAGE)
        {
            let (id, channel) = (row.id, row.channel_id.clone());
            let aborted = row.state == GameState::Aborted;
            let Ok(l) = self.load(row) else { continue };
            let (result, verdict) = match l.game.outcome() {
                Some(o) if !aborted => (
                    outcome_msg(&l.game, o),
                    match (o.winner, l.side_of(&ctx.user.id)) {
                        (None, _) => "profile-result-drawn",
                        (Some(w), Some(me)) if w == me => "profile-result-won",
                        (Some(_), Some(_)) => "profile-result-lost",
                        // Not theirs (a game of the server shown to an
                        // onlooker): no verdict of theirs.
                        (Some(_), None) => "profile-result-aborted",
                    },
                ),
                _ => (Msg::new("mygames-aborted"), "profile-result-aborted"),
            };
            // Who they played, and whether they won, lost or drew.
            let opponent = l
                .players
                .iter()
                .find(|p| **p != ctx.user.id)
                .cloned()
                .unwrap_or_default();
            r = r.line(
                Msg::new("mygames-finished-against")
                    .num("id", id)
                    .str("channel", format!("<#{channel}>"))
                    .str("game", l.game.rules().name)
                    .str("opponent", self.name_of(&opponent))
                    .msg("verdict", Msg::new(verdict))
                    .msg("result", result),
            );
        }
        if page < pages {
            r = r.line(Msg::new("mygames-next-page").num("page", page + 1));
        }
        Response::one(r)
    }

    pub(in crate::app) fn history(&self, ctx: &Ctx) -> Response {
        let l = match self.channel_game(ctx, true) {
            Ok(l) => l,
            Err(r) => return r,
        };
        Response::one(self.history_reply(&l, ctx.now, self.lang(ctx)))
    }

    /// The moves of a game so far, one a line, then its status. A record too
    /// long for one message keeps its end (measured in `lang`, the reader's).
    pub(in crate::app) fn history_reply(&self, l: &Loaded, now: i64, lang: Lang) -> Reply {
        let rules = l.game.rules();
        let head = Msg::new("history-head")
            .num("id", l.row.id)
            .str("game", rules.name)
            .str("first", self.name_of(&l.players[0]))
            .str("first-side", rules.side_key(Side::First))
            .str("second", self.name_of(&l.players[1]))
            .str("second-side", rules.side_key(Side::Second));
        let mut lines: Vec<Msg> = l
            .game
            .record()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                // Numbered by turn as OTN and the status line number them:
                // "1. attackers e2-c2", "1… defenders g7-g9".
                Msg::new(if i % 2 == 0 {
                    "history-line"
                } else {
                    "history-line-second"
                })
                .num("number", crate::notation::turn_number(i))
                .str("side", rules.side_key(p.side))
                .str("move", format_played(rules, p))
            })
            .collect();
        if lines.is_empty() {
            lines.push(Msg::new("history-no-moves"));
        }
        let status_msgs = self.status_at(l, now);
        let status: String = status_msgs
            .iter()
            .map(|m| t(lang, m))
            .collect::<Vec<_>>()
            .join(" ");
        // Keep the last lines that fit, the head and the status included.
        let mut room = (MAX_TEXT - 100).saturating_sub(t(lang, &head).len() + status.len() + 2);
        let mut keep = 0;
        for m in lines.iter().rev() {
            let n = t(lang, m).len() + 1;
            if n > room {
                break;
            }
            room -= n;
            keep += 1;
        }
        let cut = lines.len() - keep;
        let mut r = if cut > 0 {
            Reply::say(Msg::new("history-truncated"))
        } else {
            Reply::say(head)
        };
        for m in lines.into_iter().skip(cut) {
            r = r.line(m);
        }
        let mut status_msgs = status_msgs.into_iter();
        if let Some(first) = status_msgs.next() {
            r = r.line(first);
        }
        status_msgs.fold(r, Reply::then)
    }
}

/// Finished games a page of `/mygames finished:true`.
pub const MYGAMES_PAGE: usize = 10;
/// Finished games `/mygames` looks through at most (the newest).
const MYGAMES_MOST: u32 = 500;

/// Messages one a line: `None` if there are none; `private`: for the asker.
fn lines_reply(lines: impl IntoIterator<Item = Msg>, private: bool) -> Option<Reply> {
    let mut lines = lines.into_iter();
    let first = lines.next()?;
    let r = if private {
        Reply::tell(first)
    } else {
        Reply::say(first)
    };
    Some(lines.fold(r, Reply::line))
}

/// `/help`, for the asker alone, in their language.
pub(crate) fn help() -> Reply {
    let mut r = Reply::tell(Msg::new("help-intro"));
    for c in commands::COMMANDS {
        r = r.line(
            Msg::new("help-line")
                .str("name", c.name)
                .msg("description", Msg::new(c.help.unwrap_or(c.description))),
        );
    }
    r
}

/// `/help command:NAME`: the command's description, then each of its
/// options (or subcommands) with theirs.
pub(crate) fn help_command(name: &str) -> Reply {
    let wanted = name.trim().trim_start_matches('/').to_ascii_lowercase();
    let Some(c) = commands::find(&wanted) else {
        let shown: String = wanted.chars().take(32).collect();
        return Reply::tell(Msg::new("help-no-command").str("name", shown));
    };
    let mut r = Reply::tell(
        Msg::new("help-line")
            .str("name", wanted.clone())
            .msg("description", Msg::new(c.help.unwrap_or(c.description))),
    );
    if c.options.is_empty() && c.subcommands.is_empty() {
        return r.line(Msg::new("help-no-options"));
    }
    for o in c.options {
        r = r.line(
            Msg::new(if o.required {
                "help-option-required"
            } else {
                "help-option"
            })
            .str("name", o.name)
            .msg("description", Msg::new(o.description)),
        );
    }
    for sub in c.subcommands {
        r = r.line(
            Msg::new("help-line")
                .str("name", format!("{wanted} {}", sub.name))
                .msg("description", Msg::new(sub.help.unwrap_or(sub.description))),
        );
    }
    r
}

/// The text of `/help` in `lang`.
pub fn help_text(lang: Lang) -> String {
    let r = help();
    let l10n = crate::i18n::Localiser::global();
    let mut out = String::new();
    for part in &r.body {
        match part {
            Part::Msg(m) => out.push_str(&l10n.text(lang, m)),
            Part::Raw(s) => out.push_str(s),
            Part::Break => out.push('\n'),
        }
    }
    out
}

/// A stored variant id as game messages name the game ("Tawlbwrdd"); an id
/// the bot no longer knows as it is stored.
pub(crate) fn variant_title(id: &str) -> String {
    crate::rules::lookup(id).map_or_else(|| id.to_string(), |v| v.short.to_string())
}
