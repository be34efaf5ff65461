//! `/leaderboard [variant]`: the ratings on this server
//! (`tournaments::leaderboard`, app/use_cases/tournaments/ratings.rs).

use super::{command, opt, Command, CommandSpec, OptSpec, Options, VARIANT_CHOICES};
use crate::app::{App, Ctx, Response};

pub(super) const SPEC: CommandSpec = command(
    "leaderboard",
    "cmd-leaderboard",
    &[OptSpec {
        choices: VARIANT_CHOICES,
        ..opt("variant", "cmd-leaderboard-variant")
    }],
    parse,
);

/// `/leaderboard`'s options.
#[derive(Debug)]
pub struct Args {
    /// The variant as typed (default `tawlbwrdd`).
    pub variant: String,
}

fn parse(o: &Options) -> Result<Command, Response> {
    Ok(Command::Leaderboard(Args {
        variant: o.text("variant").unwrap_or_else(|| "tawlbwrdd".into()),
    }))
}

impl Args {
    pub(super) fn run(self, app: &App, ctx: &Ctx) -> Response {
        crate::app::use_cases::tournaments::leaderboard(app, ctx, &self.variant)
    }
}
