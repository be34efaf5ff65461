//! Text and options become a use case, once: plain messages, slash
//! commands and buttons.

use super::{
    commands, parse_move, store_err, App, Ctx, Input, Msg, PictureRate, Reply, Response, Target,
    MAX_TEXT, PICTURES_PER_MINUTE,
};

impl App {
    /// Handles one input.
    pub fn handle(&self, ctx: &Ctx, input: Input) -> super::presentation::rendered::Response {
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
            Input::Button { id } => commands::button::press(&app, ctx, &id),
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
        let (row, moves) = match self.store.load_active_in_channel(&ctx.channel) {
            Ok(Some(found)) => found,
            Ok(None) => {
                // A move typed here by a player whose game is in a thread
                // is pointed there (once a minute); otherwise only a
                // message addressed to the bot is answered.
                if !self.throttle_allows_no_game(ctx, addressed) {
                    return Response::none();
                }
                return match self.no_game_here_or_thread(ctx) {
                    Some(r) => Response::one(r),
                    None if addressed => Response::one(Reply::say(Msg::new("no-game-here"))),
                    None => Response::none(),
                };
            }
            // The database failed, or the game's row cannot be read: the
            // mover is told so (never silence, never "no game here"), by
            // direct message as a failed commit is, at most once a minute.
            Err(e) => {
                if !self
                    .throttle
                    .allow_refusal(&ctx.server, &ctx.user.id, ctx.now)
                {
                    return Response::none();
                }
                let mut r = store_err(e);
                for x in &mut r.replies {
                    x.target = Target::Dm(ctx.user.id.clone());
                }
                return r;
            }
        };
        // Moves from onlookers are ignored quietly: the channel is theirs to talk in.
        if row.first_player != ctx.user.id && row.second_player != ctx.user.id {
            return Response::none();
        }
        self.play(ctx, row, &moves, &text, false)
    }

    /// A slash command: parsed once into a [`commands::Command`] (or
    /// refused there), then answered by its own file in app/commands.
    pub(super) fn slash(&self, ctx: &Ctx, name: &str, args: &[(String, String)]) -> Response {
        match commands::Command::parse(name, args) {
            Ok(command) if command.draws() => {
                match self.throttle.picture(&ctx.server, &ctx.user.id, ctx.now) {
                    PictureRate::Allowed => command.run(self, ctx),
                    PictureRate::TooFast => Response::one(Reply::tell(
                        Msg::new("pictures-too-fast").num("per", PICTURES_PER_MINUTE),
                    )),
                    // Asked again within the minute: a short line, to them
                    // alone (an interaction is always answered).
                    PictureRate::StillTooFast => {
                        Response::one(Reply::tell(Msg::new("pictures-wait")))
                    }
                }
            }
            Ok(command) => command.run(self, ctx),
            Err(refusal) => refusal,
        }
    }
}

impl App {
    /// Whether a move typed in a channel with no game may be answered: a
    /// refusal once a minute, to a message addressed to the bot or from a
    /// player with a game in a thread of this server.
    fn throttle_allows_no_game(&self, ctx: &Ctx, addressed: bool) -> bool {
        let worth = addressed
            || self
                .store
                .games_of_player_on_server(&ctx.user.id, &ctx.server, true, 10)
                .is_ok_and(|g| g.iter().any(|g| g.settings.thread));
        worth
            && self
                .throttle
                .allow_refusal(&ctx.server, &ctx.user.id, ctx.now)
    }
}

fn strip_mentions(text: &str) -> String {
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
