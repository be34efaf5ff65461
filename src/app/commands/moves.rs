//! `/moves square:f4`: where a piece can go (`App::show_moves`, app/play.rs).

use super::{command, opt, Command, CommandSpec, OptSpec, Options};
use crate::app::{App, Ctx, Response};

pub(super) const SPEC: CommandSpec = command(
    "moves",
    "Show where a piece can go",
    &[OptSpec {
        required: true,
        ..opt("square", "The piece's square, e.g. f4 or @54")
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
