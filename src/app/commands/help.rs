//! `/help`: how to play, and every command of the table with its
//! description (`info::help`, app/use_cases/info.rs).

use super::{command, Command, CommandSpec, Options};
use crate::app::Response;

pub(super) const SPEC: CommandSpec = command("help", "cmd-help", &[], parse);

fn parse(_: &Options) -> Result<Command, Response> {
    Ok(Command::Help)
}

pub(super) fn run() -> Response {
    Response::one(crate::app::use_cases::info::help())
}
