//! `/help [command]`: how to play, and every command of the table with its
//! description; with `command:`, that command's options (`info::help`,
//! app/use_cases/info.rs).

use super::{command, opt, Command, CommandSpec, Options};
use crate::app::Response;

pub(super) const SPEC: CommandSpec = command(
    "help",
    "cmd-help",
    &[opt("command", "cmd-help-command")],
    parse,
);

fn parse(o: &Options) -> Result<Command, Response> {
    Ok(Command::Help(o.text("command")))
}

pub(super) fn run(command: Option<String>) -> Response {
    Response::one(match command {
        Some(name) => crate::app::use_cases::info::help_command(&name),
        None => crate::app::use_cases::info::help(),
    })
}
