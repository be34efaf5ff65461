//! `/language choice [server]`: the language tawlbot writes to a player
//! (or a server) in (`App::language`, app/presentation/lang.rs).

use super::{command, flag, opt, Command, CommandSpec, OptSpec, Options};
use crate::app::{App, Ctx, Response};

pub(super) const SPEC: CommandSpec = CommandSpec {
    help: Some("help-language"),
    ..command(
        "language",
        "cmd-language",
        &[
            OptSpec {
                required: true,
                choices: &[("English", "english"), ("Cymraeg", "cymraeg")],
                ..opt("choice", "cmd-language-choice")
            },
            flag("server", "cmd-language-server"),
        ],
        parse,
    )
};

/// `/language`'s options.
#[derive(Debug)]
pub struct Args {
    /// The language as typed.
    pub choice: Option<String>,
    /// The server's default rather than the player's.
    pub server: bool,
}

fn parse(o: &Options) -> Result<Command, Response> {
    Ok(Command::Language(Args {
        choice: o.text("choice"),
        server: o.flag("server"),
    }))
}

impl Args {
    pub(super) fn run(self, app: &App, ctx: &Ctx) -> Response {
        app.language(ctx, self.choice.as_deref(), self.server)
    }
}
