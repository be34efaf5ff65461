//! `/profile [player]`: a player's ratings and games
//! (`tournaments::profile`, app/use_cases/tournaments/ratings.rs).

use super::{command, opt, Command, CommandSpec, OptKind, OptSpec, Options};
use crate::app::{App, Ctx, Response};

pub(super) const SPEC: CommandSpec = command(
    "profile",
    "cmd-profile",
    &[OptSpec {
        kind: OptKind::User,
        ..opt("player", "cmd-profile-player")
    }],
    parse,
);

/// `/profile`'s options.
#[derive(Debug)]
pub struct Args {
    /// The player (an id or a mention); `None`: the asker.
    pub player: Option<String>,
}

fn parse(o: &Options) -> Result<Command, Response> {
    Ok(Command::Profile(Args {
        player: o.text("player"),
    }))
}

impl Args {
    pub(super) fn run(self, app: &App, ctx: &Ctx) -> Response {
        crate::app::use_cases::tournaments::profile(app, ctx, self.player.as_deref())
    }
}
