//! `/games`: the games being played on this server (`App::games`,
//! app/use_cases/info.rs).

use super::{command, Command, CommandSpec, Options};
use crate::app::{App, Ctx, Response};

pub(super) const SPEC: CommandSpec = command("games", "cmd-games", &[], parse);

fn parse(_: &Options) -> Result<Command, Response> {
    Ok(Command::Games)
}

pub(super) fn run(app: &App, ctx: &Ctx) -> Response {
    app.games(ctx)
}
