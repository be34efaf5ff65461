//! `/resign`: resign this channel's game (`App::resign`, app/use_cases/games/play.rs).

use super::{command, Command, CommandSpec, Options};
use crate::app::{App, Ctx, Response};

pub(super) const SPEC: CommandSpec = command("resign", "cmd-resign", &[], parse);

fn parse(_: &Options) -> Result<Command, Response> {
    Ok(Command::Resign)
}

pub(super) fn run(app: &App, ctx: &Ctx) -> Response {
    app.resign(ctx)
}
