//! `/move move:e1-e4`: play a move in this channel's game
//! (`App::slash_move`, app/use_cases/games/play.rs); suggests the legal moves while typed.

use super::options::tell;
use super::{command, opt, Command, CommandSpec, OptSpec, Options, Suggest};
use crate::app::{App, Ctx, Response};
use crate::i18n::Msg;

pub(super) const SPEC: CommandSpec = command(
    "move",
    "cmd-move",
    &[OptSpec {
        required: true,
        suggest: Some(Suggest::Move),
        ..opt("move", "cmd-move-move")
    }],
    parse,
);

/// `/move`'s options.
#[derive(Debug)]
pub struct Args {
    /// The move as typed.
    pub text: String,
}

fn parse(o: &Options) -> Result<Command, Response> {
    match o.text("move") {
        Some(text) => Ok(Command::Move(Args { text })),
        None => Err(tell(Msg::new("move-missing"))),
    }
}

impl Args {
    pub(super) fn run(self, app: &App, ctx: &Ctx) -> Response {
        app.slash_move(ctx, &self.text)
    }
}
