//! `/vacation days:N` (1 to 30) starts a vacation or extends the running
//! one; `/vacation end` (on Discord `end:True`) ends it early
//! (`App::vacation_command`, app/use_cases/clock/vacation.rs).

use super::{command, flag, int, Command, CommandSpec, Options};
use crate::app::use_cases::clock::vacation::Ask;
use crate::app::{App, Ctx, Response};

pub(super) const SPEC: CommandSpec = command(
    "vacation",
    "cmd-vacation",
    &[
        int("days", "cmd-vacation-days"),
        flag("end", "cmd-vacation-end"),
    ],
    parse,
);

/// `/vacation`'s options.
#[derive(Debug)]
pub struct Args {
    ask: Ask,
}

fn parse(o: &Options) -> Result<Command, Response> {
    let ask = if o.flag("end") {
        Ask::End
    } else {
        Ask::Days(o.text("days"))
    };
    Ok(Command::Vacation(Args { ask }))
}

impl Args {
    pub(super) fn run(self, app: &App, ctx: &Ctx) -> Response {
        app.vacation_command(ctx, self.ask)
    }
}
