//! `/challenge`: challenge someone (or anyone, or tawlbot) to a game. The
//! use case is `App::challenge` (app/use_cases/challenges.rs).

use super::{command, flag, int, opt, Command, CommandSpec, OptKind, OptSpec, Options};
use super::{TIME_OPTION, VARIANT_CHOICES};
use crate::app::{App, Ctx, Response};

const SIDE_CHOICES: &[(&str, &str)] = &[
    ("attackers", "attackers"),
    ("defenders", "defenders"),
    ("white", "white"),
    ("black", "black"),
    ("random", "random"),
];

pub(super) const SPEC: CommandSpec = command(
    "challenge",
    "cmd-challenge",
    &[
        OptSpec {
            kind: OptKind::User,
            ..opt("opponent", "cmd-challenge-opponent")
        },
        OptSpec {
            choices: VARIANT_CHOICES,
            ..opt("variant", "cmd-challenge-variant")
        },
        opt("options", "cmd-challenge-options"),
        OptSpec {
            choices: SIDE_CHOICES,
            ..opt("side", "cmd-challenge-side")
        },
        TIME_OPTION,
        flag("thread", "cmd-challenge-thread"),
        flag("rated", "cmd-challenge-rated"),
        opt("position", "cmd-challenge-position"),
        int("level", "cmd-challenge-level"),
    ],
    parse,
);

/// `/challenge`'s options.
#[derive(Debug)]
pub struct Args {
    /// The user challenged (an id, or a mention); `None`: an open challenge.
    pub opponent: Option<String>,
    /// The variant as typed (default `tawlbwrdd`).
    pub variant: String,
    /// The variant options, split at commas and spaces.
    pub options: Vec<String>,
    /// The side asked for, as typed; `None`: left to chance.
    pub side: Option<String>,
    /// The time control as typed; `None`: the default (none against the bot).
    pub time: Option<String>,
    pub thread: bool,
    pub rated: bool,
    /// A start position (OTN).
    pub position: Option<String>,
    /// The bot's level as typed.
    pub level: Option<String>,
}

fn parse(o: &Options) -> Result<Command, Response> {
    Ok(Command::Challenge(Args {
        opponent: o.text("opponent"),
        variant: o.text("variant").unwrap_or_else(|| "tawlbwrdd".into()),
        options: o.text("options").map(|t| words(&t)).unwrap_or_default(),
        side: o.text("side"),
        time: o.text("time"),
        thread: o.flag("thread"),
        rated: o.flag("rated"),
        position: o.text("position"),
        level: o.text("level"),
    }))
}

/// Variant options as typed (`dice, king-steps size=8x8`), one a word.
pub(super) fn words(text: &str) -> Vec<String> {
    text.split([',', ' '])
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

impl Args {
    pub(super) fn run(self, app: &App, ctx: &Ctx) -> Response {
        app.challenge(ctx, &self)
    }
}
