//! `/tournament` and its subcommands: create, join, leave, start,
//! standings, crosstable, info, list, withdraw, cancel. The use cases are
//! in app/tournaments (`tournaments::command` routes them).

use super::options::Options;
use super::{command, int, opt, Command, CommandSpec, OptKind, OptSpec, Runs};
use super::{TIME_OPTION, VARIANT_CHOICES};
use crate::app::{App, Ctx, Response};

const FORMAT_CHOICES: &[(&str, &str)] = &[("round robin", "round-robin"), ("swiss", "swiss")];
const MATCH_CHOICES: &[(&str, &str)] = &[
    ("two games, sides swapped", "two-game"),
    ("single game", "single"),
];

/// The `id` option of the subcommands about one tournament.
const ID: OptSpec = int("id", "Tournament number");

pub(super) const SPEC: CommandSpec = CommandSpec {
    subcommands: TOURNAMENT,
    ..command(
        "tournament",
        "Tournaments: create, join, start, standings...",
        &[],
        commands,
    )
};

/// `/tournament`'s subcommands.
pub const TOURNAMENT: &[CommandSpec] = &[
    command(
        "create",
        "Create a tournament (Manage Server or the organiser role)",
        &[
            OptSpec {
                required: true,
                ..opt("name", "The tournament's name")
            },
            OptSpec {
                required: true,
                choices: VARIANT_CHOICES,
                ..opt("variant", "Which game")
            },
            OptSpec {
                required: true,
                choices: FORMAT_CHOICES,
                ..opt("format", "round-robin or swiss")
            },
            opt("options", "Variant options"),
            int("rounds", "Rounds (swiss)"),
            OptSpec {
                choices: MATCH_CHOICES,
                ..opt("match", "single or two-game (default two-game)")
            },
            TIME_OPTION,
            int("max", "Most players"),
            opt(
                "start",
                "When it starts, e.g. 2d (or start it with /tournament start)",
            ),
            int(
                "late",
                "Swiss: players may still join until round N has been paired",
            ),
        ],
        create,
    ),
    command("join", "Join the tournament of this channel", &[ID], |o| {
        about(o, Action::Join)
    }),
    command("leave", "Leave a tournament before it starts", &[ID], |o| {
        about(o, Action::Leave)
    }),
    CommandSpec {
        runs: Runs::Slow,
        ..command("start", "Start a tournament now (organisers)", &[ID], |o| {
            about(o, Action::Start)
        })
    },
    CommandSpec {
        runs: Runs::Slow,
        ..command("standings", "The table", &[ID], |o| {
            about(o, Action::Standings)
        })
    },
    command(
        "crosstable",
        "Every player against every other, with each result",
        &[ID],
        |o| about(o, Action::Crosstable),
    ),
    command(
        "info",
        "About a tournament; round:N shows that round's pairings and results",
        &[
            ID,
            int(
                "round",
                "A round's pairings and results (default: the current round)",
            ),
        ],
        |o| {
            let round = o.text("round");
            about(o, Action::Info { round })
        },
    ),
    command("list", "Tournaments on this server", &[], |_| {
        Ok(Command::Tournament(Args::List))
    }),
    command(
        "withdraw",
        "Withdraw a player (organisers): remaining games are forfeited",
        &[
            OptSpec {
                kind: OptKind::User,
                required: true,
                ..opt("player", "Who")
            },
            ID,
        ],
        |o| {
            let player = o.text("player");
            about(o, Action::Withdraw { player })
        },
    ),
    command("cancel", "Cancel a tournament (organisers)", &[ID], |o| {
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
    })))
}

impl Args {
    pub(super) fn run(self, app: &App, ctx: &Ctx) -> Response {
        crate::app::tournaments::command(app, ctx, self)
    }
}
