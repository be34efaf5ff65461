//! `/puzzle [move:M] [reveal] [next] [number:N] [stats]`: the server's
//! puzzle of the day and the player's own attempt at a puzzle
//! (`App::puzzle`, app/use_cases/puzzle.rs; docs/puzzles.md).
//!
//! On Discord the five are options of one command (a command with
//! subcommands could not be run bare, as `/puzzle` is): `move` and `number`
//! take a value, `reveal`, `next` and `stats` are true/false. The console
//! takes the bare words too: `/puzzle reveal`, `/puzzle next`,
//! `/puzzle stats`. At most one is given.

use super::{command, flag, int, opt, Command, CommandSpec, Options};
use crate::app::use_cases::puzzle::PuzzleAction;
use crate::app::{App, Ctx, Reply, Response};
use crate::i18n::Msg;

pub(super) const SPEC: CommandSpec = command(
    "puzzle",
    "cmd-puzzle",
    &[
        opt("move", "cmd-puzzle-move"),
        flag("reveal", "cmd-puzzle-reveal"),
        flag("next", "cmd-puzzle-next"),
        int("number", "cmd-puzzle-number"),
        flag("stats", "cmd-puzzle-stats"),
    ],
    parse,
);

/// `/puzzle`'s options, read.
#[derive(Debug)]
pub struct Args {
    pub action: PuzzleAction,
}

fn parse(o: &Options) -> Result<Command, Response> {
    let mut chosen: Vec<PuzzleAction> = Vec::new();
    if let Some(m) = o.text("move") {
        chosen.push(PuzzleAction::Move(m));
    }
    if o.flag("reveal") {
        chosen.push(PuzzleAction::Reveal);
    }
    if o.flag("next") {
        chosen.push(PuzzleAction::Next);
    }
    if let Some(n) = o.text("number") {
        match n.parse::<i64>() {
            Ok(n) => chosen.push(PuzzleAction::Number(n)),
            Err(_) => {
                return Err(Response::one(Reply::tell(
                    Msg::new("puzzle-number-bad")
                        .str("given", n.chars().take(16).collect::<String>()),
                )))
            }
        }
    }
    if o.flag("stats") {
        chosen.push(PuzzleAction::Stats);
    }
    if chosen.len() > 1 {
        return Err(Response::one(Reply::tell(Msg::new("puzzle-one-option"))));
    }
    Ok(Command::Puzzle(Args {
        action: chosen.pop().unwrap_or(PuzzleAction::Today),
    }))
}

impl Args {
    pub(super) fn run(self, app: &App, ctx: &Ctx) -> Response {
        app.puzzle(ctx, self.action)
    }
}
