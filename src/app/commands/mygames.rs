//! `/mygames [finished] [page]`: the player's games everywhere, or their
//! finished ones a page at a time (`App::my_games`, `App::my_finished_games`,
//! app/use_cases/info.rs).

use super::{command, flag, int, Command, CommandSpec, Options};
use crate::app::{App, Ctx, Response};

pub(super) const SPEC: CommandSpec = command(
    "mygames",
    "cmd-mygames",
    &[
        flag("finished", "cmd-mygames-finished"),
        int("page", "cmd-mygames-page"),
    ],
    parse,
);

/// `/mygames`'s options.
#[derive(Debug)]
pub struct Args {
    pub finished: bool,
    /// The page of finished games as typed.
    pub page: Option<String>,
}

fn parse(o: &Options) -> Result<Command, Response> {
    Ok(Command::MyGames(Args {
        finished: o.flag("finished"),
        page: o.text("page"),
    }))
}

impl Args {
    pub(super) fn run(self, app: &App, ctx: &Ctx) -> Response {
        if self.finished {
            app.my_finished_games(ctx, self.page.as_deref())
        } else {
            app.my_games(ctx)
        }
    }
}
