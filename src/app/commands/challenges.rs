//! `/challenges`: the player's open challenges, sent and received, on
//! every server, with Withdraw or Accept / Decline buttons
//! (`App::my_challenges`, app/use_cases/challenges.rs).

use super::{command, Command, CommandSpec, Options};
use crate::app::{App, Ctx, Response};

pub(super) const SPEC: CommandSpec = command("challenges", "cmd-challenges", &[], parse);

fn parse(_: &Options) -> Result<Command, Response> {
    Ok(Command::Challenges)
}

pub(super) fn run(app: &App, ctx: &Ctx) -> Response {
    app.my_challenges(ctx)
}
