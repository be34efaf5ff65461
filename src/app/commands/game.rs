//! `/game id:N`: any game of the server by its number (`App::show_game`,
//! app/use_cases/info.rs).

use super::{command, int, Command, CommandSpec, OptSpec, Options};
use crate::app::{App, Ctx, Response};

pub(super) const SPEC: CommandSpec = command(
    "game",
    "cmd-game",
    &[OptSpec {
        required: true,
        ..int("id", "cmd-game-id")
    }],
    parse,
);

/// `/game`'s options.
#[derive(Debug)]
pub struct Args {
    /// The game's number as typed.
    pub id: Option<String>,
}

fn parse(o: &Options) -> Result<Command, Response> {
    Ok(Command::Game(Args { id: o.text("id") }))
}

impl Args {
    pub(super) fn run(self, app: &App, ctx: &Ctx) -> Response {
        app.show_game(ctx, self.id.as_deref())
    }
}
