//! `/abort [game]`: end a game with no result, for members with Manage
//! Server (`App::abort_command`, app/use_cases/clock/mod.rs).

use super::{command, int, Command, CommandSpec, Options};
use crate::app::{App, Ctx, Response};

pub(super) const SPEC: CommandSpec = command(
    "abort",
    "cmd-abort",
    &[int("game", "cmd-abort-game")],
    parse,
);

/// `/abort`'s options.
#[derive(Debug)]
pub struct Args {
    /// The game's number as typed; `None`: this channel's game.
    pub game: Option<String>,
}

fn parse(o: &Options) -> Result<Command, Response> {
    Ok(Command::Abort(Args {
        game: o.text("game"),
    }))
}

impl Args {
    pub(super) fn run(self, app: &App, ctx: &Ctx) -> Response {
        app.abort_command(ctx, self.game.as_deref())
    }
}
