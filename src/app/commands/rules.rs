//! `/rules [variant]`: a short summary of a game's rules, or the list of
//! games (`App::rules`, app/use_cases/info.rs).

use super::{command, opt, Command, CommandSpec, OptSpec, Options, VARIANT_CHOICES};
use crate::app::{App, Ctx, Response};

pub(super) const SPEC: CommandSpec = command(
    "rules",
    "cmd-rules",
    &[OptSpec {
        choices: VARIANT_CHOICES,
        ..opt("variant", "cmd-rules-variant")
    }],
    parse,
);

/// `/rules`'s options.
#[derive(Debug)]
pub struct Args {
    /// The variant as typed; `None`: the list of games.
    pub variant: Option<String>,
}

fn parse(o: &Options) -> Result<Command, Response> {
    Ok(Command::Rules(Args {
        variant: o.text("variant"),
    }))
}

impl Args {
    pub(super) fn run(self, app: &App, ctx: &Ctx) -> Response {
        app.rules(ctx, self.variant.as_deref())
    }
}
