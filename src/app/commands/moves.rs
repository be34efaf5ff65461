//! `/moves square:f4`: where a piece can go (`App::show_moves`, app/use_cases/games/play.rs).

use super::{command, opt, Command, CommandSpec, OptSpec, Options};
use crate::app::{App, Ctx, Response};

pub(super) const SPEC: CommandSpec = command(
    "moves",
    "cmd-moves",
    &[OptSpec {
        required: true,
        ..opt("square", "cmd-moves-square")
    }],
    parse,
);

/// `/moves`'s options.
#[derive(Debug)]
pub struct Args {
    /// The square as typed (empty when left out).
    pub square: String,
}

fn parse(o: &Options) -> Result<Command, Response> {
    Ok(Command::Moves(Args {
        square: o.text("square").unwrap_or_default(),
    }))
}

impl Args {
    pub(super) fn run(self, app: &App, ctx: &Ctx) -> Response {
        app.show_moves(ctx, &self.square)
    }
}
