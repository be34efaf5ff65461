//! `/history`: the moves of this channel's game so far (`App::history`,
//! app/use_cases/info.rs).

use super::{command, Command, CommandSpec, Options};
use crate::app::{App, Ctx, Response};

pub(super) const SPEC: CommandSpec = command("history", "cmd-history", &[], parse);

fn parse(_: &Options) -> Result<Command, Response> {
    Ok(Command::History)
}

pub(super) fn run(app: &App, ctx: &Ctx) -> Response {
    app.history(ctx)
}
