//! `/export [format] [game]`: a game's record as a file
//! (`App::export_view`, app/use_cases/games/export.rs). Slow: it draws a GIF of the game.

use super::{command, int, opt, Command, CommandSpec, OptSpec, Options, Runs};
use crate::app::{App, Ctx, Response};

pub(super) const SPEC: CommandSpec = CommandSpec {
    runs: Runs::Slow,
    ..command(
        "export",
        "cmd-export",
        &[
            OptSpec {
                choices: &[
                    ("tawlbot record and GIF", "tawlbot"),
                    ("OTN game record", "otn"),
                ],
                ..opt("format", "cmd-export-format")
            },
            int("game", "cmd-export-game"),
        ],
        parse,
    )
};

/// `/export`'s options.
#[derive(Debug)]
pub struct Args {
    /// `tawlbot` or `otn` as typed; `None`: tawlbot's own.
    pub format: Option<String>,
    /// The game's number as typed; `None`: this channel's game.
    pub game: Option<String>,
}

fn parse(o: &Options) -> Result<Command, Response> {
    Ok(Command::Export(Args {
        format: o.text("format"),
        game: o.text("game"),
    }))
}

impl Args {
    pub(super) fn run(self, app: &App, ctx: &Ctx) -> Response {
        app.export_view(ctx, self.format.as_deref(), self.game.as_deref())
    }
}
