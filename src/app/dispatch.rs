//! Text and options become a use case, once: plain messages, slash
//! commands and buttons.

use super::*;

impl App {
    /// Handles one input.
    pub fn handle(&self, ctx: &Ctx, input: Input) -> Response {
        // What the request reads of players and servers, it reads once.
        let app = self.for_request(&ctx.user.id);
        app.remember(ctx);
        // Text copied from the bot's messages carries the catalogue's
        // isolation marks (a move, a command): read without them.
        let input = match input {
            Input::Message { text, addressed } => Input::Message {
                text: crate::i18n::without_isolation(&text),
                addressed,
            },
            Input::Slash { name, args } => Input::Slash {
                name,
                args: args
                    .into_iter()
                    .map(|(k, v)| (k, crate::i18n::without_isolation(&v)))
                    .collect(),
            },
            other => other,
        };
        let resp = match input {
            Input::Message { text, addressed } => app.message(ctx, &text, addressed),
            Input::Slash { name, args } => app.slash(ctx, &name, &args),
            Input::Button { id } => app.button(ctx, &id),
        };
        app.localise(resp, &ctx.user.id, &ctx.server)
    }

    pub(super) fn message(&self, ctx: &Ctx, text: &str, addressed: bool) -> Response {
        let text = strip_mentions(text);
        if text.len() > MAX_TEXT {
            return Response::none();
        }
        if parse_move(&text).is_err() {
            if addressed
                && self
                    .throttle
                    .allow_refusal(&ctx.server, &ctx.user.id, ctx.now)
            {
                return Response::one(Reply::say(Msg::new("move-hint")));
            }
            return Response::none();
        }
        // The game and its moves in one read (onlookers' moves read them
        // too, and are then ignored).
        let Ok(Some((row, moves))) = self.store.load_active_in_channel(&ctx.channel) else {
            return if addressed
                && self
                    .throttle
                    .allow_refusal(&ctx.server, &ctx.user.id, ctx.now)
            {
                Response::one(Reply::say(Msg::new("no-game-here")))
            } else {
                Response::none()
            };
        };
        // Moves from onlookers are ignored quietly: the channel is theirs to talk in.
        if row.first_player != ctx.user.id && row.second_player != ctx.user.id {
            return Response::none();
        }
        self.play(ctx, row, &moves, &text, false)
    }

    pub(super) fn slash(&self, ctx: &Ctx, name: &str, args: &[(String, String)]) -> Response {
        if let Some(refusal) = refuse_unknown_options(name, args) {
            return refusal;
        }
        match name {
            "challenge" => self.challenge(ctx, args),
            "accept" => self.accept(ctx, arg(args, "id")),
            "decline" => self.decline(ctx, arg(args, "id")),
            "move" => match arg(args, "move") {
                None => Response::one(Reply::tell(Msg::new("move-missing"))),
                Some(m) => self.slash_move(ctx, m),
            },
            "board" => self.board_view(ctx, args),
            "settings" => self.settings(ctx, args),
            "moves" => self.show_moves(ctx, arg(args, "square").unwrap_or("")),
            "history" => self.history(ctx),
            "resign" => self.resign(ctx),
            "draw" => self.offer(ctx, OfferKind::Draw, arg(args, "answer")),
            "takeback" => self.offer(ctx, OfferKind::Takeback, arg(args, "answer")),
            "pause" => match arg(args, "days").map(str::parse::<i64>) {
                None => self.offer(ctx, OfferKind::Pause, arg(args, "answer")),
                Some(Ok(d)) if (1..=clock::PAUSE_MAX_DAYS).contains(&d) => self.offer_with(
                    ctx,
                    OfferKind::Pause,
                    arg(args, "answer"),
                    Some(d * clock::DAY),
                ),
                Some(_) => Response::one(Reply::tell(
                    Msg::new("pause-days-bad").num("max", clock::PAUSE_MAX_DAYS),
                )),
            },
            "resume" => self.offer(ctx, OfferKind::Resume, arg(args, "answer")),
            "abort" => self.abort_command(ctx, arg(args, "game")),
            "notify" => Response::one(self.set_notify(&ctx.user.id, arg(args, "how"))),
            "rules" => self.rules(ctx, arg(args, "variant")),
            "games" => self.games(ctx),
            "game" => self.show_game(ctx, arg(args, "id")),
            "mygames" if truthy(arg(args, "finished")) => {
                self.my_finished_games(ctx, arg(args, "page"))
            }
            "mygames" => self.my_games(ctx),
            "export" => self.export_view(ctx, args),
            "help" => Response::one(info::help()),
            "language" => self.language(ctx, args),
            "analysis" => analysis::command(self, ctx, arg(args, "game"), &mut |_| {}),
            "leaderboard" | "profile" => tournaments::ratings_command(self, ctx, name, args),
            t if t == "tournament" || t.starts_with("tournament ") => {
                tournaments::command(self, ctx, t.trim_start_matches("tournament").trim(), args)
            }
            other => {
                let shown: String = other.chars().take(32).collect();
                Response::one(Reply::tell(Msg::new("unknown-command").str("name", shown)))
            }
        }
    }

    pub(super) fn button(&self, ctx: &Ctx, id: &str) -> Response {
        let (verb, rest) = id.split_once(':').unwrap_or((id, ""));
        match verb {
            "accept" => self.accept(ctx, Some(rest)),
            "decline" => self.decline(ctx, Some(rest)),
            "draw" => self.offer(ctx, OfferKind::Draw, Some(rest)),
            "takeback" => self.offer(ctx, OfferKind::Takeback, Some(rest)),
            "pause" => self.offer(ctx, OfferKind::Pause, Some(rest)),
            "resume" => self.offer(ctx, OfferKind::Resume, Some(rest)),
            "tournament-leave" => super::tournaments::leave_pressed(self, ctx, rest, false),
            "tournament-stay" => super::tournaments::leave_pressed(self, ctx, rest, true),
            _ => Response::one(Reply::tell(Msg::new("button-stale"))),
        }
    }
}

/// A command given an option it does not have is refused (never read as a
/// default): the console and the app refuse what Discord would refuse.
fn refuse_unknown_options(name: &str, args: &[(String, String)]) -> Option<Response> {
    let spec = commands::find(name)?;
    let names = |spec: &commands::CommandSpec| {
        let list: Vec<String> = spec
            .options
            .iter()
            .map(|o| format!("{}:", o.name))
            .collect();
        list.join(", ")
    };
    for (k, v) in args {
        // A value outside an option's choices is for the use case to refuse
        // in its own words (the console also takes aliases, such as
        // variant:latrunculi).
        if !spec.options.iter().any(|o| o.name == k) {
            let given = if k.is_empty() { v.as_str() } else { k.as_str() };
            let given: String = given
                .split(':')
                .next()
                .unwrap_or("")
                .chars()
                .take(32)
                .collect();
            let msg = if spec.options.is_empty() {
                Msg::new("option-none").str("command", name)
            } else {
                Msg::new("option-unknown")
                    .str("command", name)
                    .str("known", names(spec))
            };
            return Some(Response::one(Reply::tell(msg.str("option", given))));
        }
    }
    None
}

pub(super) fn arg<'a>(args: &'a [(String, String)], name: &str) -> Option<&'a str> {
    args.iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.trim())
        .filter(|v| !v.is_empty())
}

pub(super) fn truthy(v: Option<&str>) -> bool {
    matches!(
        v.map(str::to_ascii_lowercase).as_deref(),
        Some("true" | "yes" | "1" | "on")
    )
}

pub(super) fn strip_mentions(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("<@") {
        out.push_str(&rest[..i]);
        match rest[i..].find('>') {
            Some(j) => rest = &rest[i + j + 1..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out.trim().to_string()
}
