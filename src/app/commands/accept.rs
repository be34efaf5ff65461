//! `/accept [id]`: accept a challenge in this channel (`App::accept`,
//! app/use_cases/challenges.rs). The Accept button of a challenge does the same.

use super::{command, int, Command, CommandSpec, Options};
use crate::app::{App, Ctx, Response};

pub(super) const SPEC: CommandSpec =
    command("accept", "cmd-accept", &[int("id", "cmd-accept-id")], parse);

/// `/accept`'s options.
#[derive(Debug)]
pub struct Args {
    /// The challenge's number as typed; `None`: the one for this player.
    pub id: Option<String>,
}

fn parse(o: &Options) -> Result<Command, Response> {
    Ok(Command::Accept(Args { id: o.text("id") }))
}

impl Args {
    pub(super) fn run(self, app: &App, ctx: &Ctx) -> Response {
        app.accept(ctx, self.id.as_deref())
    }
}
