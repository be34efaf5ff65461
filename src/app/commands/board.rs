//! `/board [style]`: the board of this channel's game (`App::board_view`,
//! app/use_cases/settings.rs).

use super::{command, opt, Command, CommandSpec, OptSpec, Options, BOARD_STYLE_CHOICES};
use crate::app::{App, Ctx, Response};

pub(super) const SPEC: CommandSpec = command(
    "board",
    "cmd-board",
    &[OptSpec {
        choices: BOARD_STYLE_CHOICES,
        ..opt("style", "cmd-board-style")
    }],
    parse,
);

/// `/board`'s options.
#[derive(Debug)]
pub struct Args {
    /// `picture`, `text` or `both` as typed; `None`: as the player chose.
    pub style: Option<String>,
}

fn parse(o: &Options) -> Result<Command, Response> {
    Ok(Command::Board(Args {
        style: o.text("style"),
    }))
}

impl Args {
    pub(super) fn run(self, app: &App, ctx: &Ctx) -> Response {
        app.board_view(ctx, self.style.as_deref())
    }
}
