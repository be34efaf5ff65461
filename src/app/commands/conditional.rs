//! `/conditional add line:<their move> <my reply> ...`, `/conditional
//! list`, `/conditional clear`: conditional moves in this channel's game
//! (the use cases in app/use_cases/games/conditional.rs).

use super::options::tell;
use super::{command, opt, Command, CommandSpec, OptSpec, Options};
use crate::app::{App, Ctx, Response};
use crate::i18n::Msg;

pub(super) const SPEC: CommandSpec = CommandSpec {
    subcommands: CONDITIONAL,
    ..command("conditional", "cmd-conditional", &[], |_| {
        Ok(Command::Conditional(Args::Commands))
    })
};

/// `/conditional`'s subcommands.
const CONDITIONAL: &[CommandSpec] = &[
    command(
        "add",
        "cmd-conditional-add",
        &[OptSpec {
            required: true,
            ..opt("line", "cmd-conditional-add-line")
        }],
        add,
    ),
    command("list", "cmd-conditional-list", &[], |_| {
        Ok(Command::Conditional(Args::List))
    }),
    command("clear", "cmd-conditional-clear", &[], |_| {
        Ok(Command::Conditional(Args::Clear))
    }),
];

/// `/conditional`'s subcommands, their options read.
#[derive(Debug)]
pub enum Args {
    /// `/conditional` alone, or with a subcommand it does not have.
    Commands,
    /// The line as typed: their move, my reply, ...
    Add(String),
    List,
    Clear,
}

fn add(o: &Options) -> Result<Command, Response> {
    match o.text("line") {
        Some(line) => Ok(Command::Conditional(Args::Add(line))),
        None => Err(tell(Msg::new("conditional-line-missing"))),
    }
}

impl Args {
    pub(super) fn run(self, app: &App, ctx: &Ctx) -> Response {
        match self {
            Args::Commands => tell(Msg::new("conditional-commands")),
            Args::Add(line) => app.conditional_add(ctx, &line),
            Args::List => app.conditional_list(ctx),
            Args::Clear => app.conditional_clear(ctx),
        }
    }
}
