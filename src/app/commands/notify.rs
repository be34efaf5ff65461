//! `/notify how`: how a player hears that it is their turn
//! (`App::set_notify`, app/use_cases/clock/notify.rs).

use super::{command, opt, Command, CommandSpec, OptSpec, Options};
use crate::app::{App, Ctx, Response};

pub(super) const SPEC: CommandSpec = command(
    "notify",
    "cmd-notify",
    &[OptSpec {
        required: true,
        choices: &[
            ("mention in the channel", "mention"),
            ("direct message", "dm"),
            ("both", "both"),
            ("a daily digest by direct message", "digest"),
        ],
        ..opt("how", "cmd-notify-how")
    }],
    parse,
);

/// `/notify`'s options.
#[derive(Debug)]
pub struct Args {
    /// `mention`, `dm`, `both` or `digest` as typed.
    pub how: Option<String>,
}

fn parse(o: &Options) -> Result<Command, Response> {
    Ok(Command::Notify(Args { how: o.text("how") }))
}

impl Args {
    pub(super) fn run(self, app: &App, ctx: &Ctx) -> Response {
        Response::one(app.set_notify(&ctx.user.id, self.how.as_deref()))
    }
}
