//! `/analysis [game]`: a finished game analysed by the engine
//! (app/use_cases/analysis.rs). It runs on the engine pool ([`Runs::EnginePool`]):
//! the Discord front end queues it there and reports progress; the console
//! runs it in the request.

use super::{command, int, Command, CommandSpec, Options, Runs};
use crate::app::{App, Ctx, Response};

pub(super) const SPEC: CommandSpec = CommandSpec {
    runs: Runs::EnginePool,
    ..command(
        "analysis",
        "cmd-analysis",
        &[int("game", "cmd-analysis-game")],
        parse,
    )
};

/// `/analysis`'s options.
#[derive(Debug)]
pub struct Args {
    /// The game's number as typed; `None`: the last game of the channel.
    pub game: Option<String>,
}

fn parse(o: &Options) -> Result<Command, Response> {
    Ok(Command::Analysis(Args {
        game: o.text("game"),
    }))
}

impl Args {
    pub(super) fn run(self, app: &App, ctx: &Ctx) -> Response {
        crate::app::use_cases::analysis::drafted(app, ctx, self.game.as_deref(), &mut |_| {})
    }
}
