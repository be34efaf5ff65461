//! `/tournament` and its subcommands: create, join, leave, start,
//! standings, crosstable, info, list, withdraw, result, forbid, cancel. The use cases are
//! in app/use_cases/tournaments (`tournaments::command` routes them).

use super::options::Options;
use super::{command, flag, int, opt, Command, CommandSpec, OptKind, OptSpec, Runs};
use super::{TIME_OPTION, VARIANT_CHOICES};
use crate::app::{App, Ctx, Response};

const FORMAT_CHOICES: &[(&str, &str)] = &[("round robin", "round-robin"), ("swiss", "swiss")];
const MATCH_CHOICES: &[(&str, &str)] = &[
    ("two games, sides swapped", "two-game"),
    ("single game", "single"),
];

/// The `id` option of the subcommands about one tournament.
const ID: OptSpec = int("id", "cmd-tournament-id");

pub(super) const SPEC: CommandSpec = CommandSpec {
    subcommands: TOURNAMENT,
    ..command("tournament", "cmd-tournament", &[], commands)
};

/// `/tournament`'s subcommands.
pub const TOURNAMENT: &[CommandSpec] = &[
    command(
        "create",
        "cmd-tournament-create",
        &[
            OptSpec {
                required: true,
                ..opt("name", "cmd-tournament-create-name")
            },
            OptSpec {
                required: true,
                choices: VARIANT_CHOICES,
                ..opt("variant", "cmd-tournament-create-variant")
            },
            OptSpec {
                required: true,
                choices: FORMAT_CHOICES,
                ..opt("format", "cmd-tournament-create-format")
            },
            opt("options", "cmd-tournament-create-options"),
            int("rounds", "cmd-tournament-create-rounds"),
            OptSpec {
                choices: MATCH_CHOICES,
                ..opt("match", "cmd-tournament-create-match")
            },
            TIME_OPTION,
            int("max", "cmd-tournament-create-max"),
            opt("start", "cmd-tournament-create-start"),
            int("late", "cmd-tournament-create-late"),
            super::flag("vacation", "cmd-tournament-create-vacation"),
            OptSpec {
                kind: OptKind::Role,
                ..opt("winner_role", "cmd-tournament-create-winner_role")
            },
        ],
        create,
    ),
    command("join", "cmd-tournament-join", &[ID], |o| {
        about(o, Action::Join)
    }),
    command("leave", "cmd-tournament-leave", &[ID], |o| {
        about(o, Action::Leave)
    }),
    CommandSpec {
        runs: Runs::Slow,
        ..command("start", "cmd-tournament-start", &[ID], |o| {
            about(o, Action::Start)
        })
    },
    CommandSpec {
        runs: Runs::Slow,
        ..command("standings", "cmd-tournament-standings", &[ID], |o| {
            about(o, Action::Standings)
        })
    },
    command("crosstable", "cmd-tournament-crosstable", &[ID], |o| {
        about(o, Action::Crosstable)
    }),
    command(
        "info",
        "cmd-tournament-info",
        &[ID, int("round", "cmd-tournament-info-round")],
        |o| {
            let round = o.text("round");
            about(o, Action::Info { round })
        },
    ),
    command("list", "cmd-tournament-list", &[], |_| {
        Ok(Command::Tournament(Args::List))
    }),
    command(
        "withdraw",
        "cmd-tournament-withdraw",
        &[
            OptSpec {
                kind: OptKind::User,
                required: true,
                ..opt("player", "cmd-tournament-withdraw-player")
            },
            ID,
        ],
        |o| {
            let player = o.text("player");
            about(o, Action::Withdraw { player })
        },
    ),
    command(
        "result",
        "cmd-tournament-result",
        &[
            OptSpec {
                required: true,
                ..int("round", "cmd-tournament-result-round")
            },
            OptSpec {
                required: true,
                ..int("board", "cmd-tournament-result-board")
            },
            OptSpec {
                required: true,
                ..opt("winner", "cmd-tournament-result-winner")
            },
            ID,
        ],
        |o| {
            let action = Action::Result {
                round: o.text("round").unwrap_or_default(),
                board: o.text("board").unwrap_or_default(),
                winner: o.text("winner").unwrap_or_default(),
            };
            about(o, action)
        },
    ),
    command(
        "forbid",
        "cmd-tournament-forbid",
        &[
            OptSpec {
                kind: OptKind::User,
                required: true,
                ..opt("player", "cmd-tournament-forbid-player")
            },
            OptSpec {
                kind: OptKind::User,
                required: true,
                ..opt("other", "cmd-tournament-forbid-other")
            },
            flag("remove", "cmd-tournament-forbid-remove"),
            ID,
        ],
        |o| {
            let action = Action::Forbid {
                player: o.text("player").unwrap_or_default(),
                other: o.text("other").unwrap_or_default(),
                remove: o.flag("remove"),
            };
            about(o, action)
        },
    ),
    command("cancel", "cmd-tournament-cancel", &[ID], |o| {
        about(o, Action::Cancel)
    }),
];

/// `/tournament`'s subcommands, their options read.
#[derive(Debug)]
pub enum Args {
    /// `/tournament` alone, or with a subcommand it does not have: the
    /// list of subcommands.
    Commands,
    Create(Create),
    List,
    /// A subcommand about one tournament.
    About {
        /// The tournament's number as typed; `None`: this channel's (see
        /// `tournaments::find`).
        id: Option<String>,
        action: Action,
    },
}

/// What a subcommand about one tournament does.
#[derive(Debug)]
pub enum Action {
    Join,
    /// Asks first: the button `tournament-leave:ID` leaves.
    Leave,
    Start,
    Standings,
    Crosstable,
    /// `round`: a round's pairings and results, as typed.
    Info {
        round: Option<String>,
    },
    /// `player`: who is withdrawn (an id or a mention).
    Withdraw {
        player: Option<String>,
    },
    /// The organiser sets a match's result: round and board as typed, the
    /// winner a mention or `draw`.
    Result {
        round: String,
        board: String,
        winner: String,
    },
    /// Keep two players apart in Swiss pairings (`remove`: no longer).
    Forbid {
        player: String,
        other: String,
        remove: bool,
    },
    Cancel,
}

/// `/tournament create`'s options, as typed (the use case refuses what it
/// cannot read, in its own words and order).
#[derive(Debug)]
pub struct Create {
    /// The name (empty when left out).
    pub name: String,
    /// The variant (default `tawlbwrdd`).
    pub variant: String,
    /// The variant options, one a word.
    pub options: Vec<String>,
    /// `swiss` or `round-robin` (default `swiss`).
    pub format: String,
    pub rounds: Option<String>,
    /// `single` or `two-game`.
    pub kind: Option<String>,
    /// The time control (default `3d`).
    pub time: String,
    pub max: Option<String>,
    pub start: Option<String>,
    pub late: Option<String>,
    /// `vacation:false`: the games' clocks run through vacations (`None`:
    /// left out, they stop).
    pub vacation: Option<bool>,
    /// The role given to the winner (a role id).
    pub winner_role: Option<String>,
}

fn commands(_: &Options) -> Result<Command, Response> {
    Ok(Command::Tournament(Args::Commands))
}

fn about(o: &Options, action: Action) -> Result<Command, Response> {
    Ok(Command::Tournament(Args::About {
        id: o.text("id"),
        action,
    }))
}

fn create(o: &Options) -> Result<Command, Response> {
    Ok(Command::Tournament(Args::Create(Create {
        name: o.text("name").unwrap_or_default(),
        variant: o.text("variant").unwrap_or_else(|| "tawlbwrdd".into()),
        options: o
            .text("options")
            .map(|t| super::challenge::words(&t))
            .unwrap_or_default(),
        format: o.text("format").unwrap_or_else(|| "swiss".into()),
        rounds: o.text("rounds"),
        kind: o.text("match"),
        time: o.text("time").unwrap_or_else(|| "3d".into()),
        max: o.text("max"),
        start: o.text("start"),
        late: o.text("late"),
        vacation: o.text("vacation").map(|_| o.flag("vacation")),
        winner_role: o.text("winner_role"),
    })))
}

impl Args {
    pub(super) fn run(self, app: &App, ctx: &Ctx) -> Response {
        crate::app::use_cases::tournaments::command(app, ctx, self)
    }
}
