//! `/decline [id]`: decline (or withdraw) a challenge in this channel
//! (`App::decline`, app/use_cases/challenges.rs). The Decline button does the same.

use super::{command, int, Command, CommandSpec, Options};
use crate::app::{App, Ctx, Response};

pub(super) const SPEC: CommandSpec = command(
    "decline",
    "cmd-decline",
    &[int("id", "cmd-decline-id")],
    parse,
);

/// `/decline`'s options.
#[derive(Debug)]
pub struct Args {
    /// The challenge's number as typed; `None`: the one for this player.
    pub id: Option<String>,
}

fn parse(o: &Options) -> Result<Command, Response> {
    Ok(Command::Decline(Args { id: o.text("id") }))
}

impl Args {
    pub(super) fn run(self, app: &App, ctx: &Ctx) -> Response {
        app.decline(ctx, self.id.as_deref())
    }
}
