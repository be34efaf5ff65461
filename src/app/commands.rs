//! The commands every front end offers: names, options, help text.
//!
//! The Discord adapter registers these as slash commands; the console parses
//! `/name arg:value ...` against them; `/help` prints them.

/// The type of a command option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptKind {
    Text,
    User,
    Bool,
    Integer,
}

/// One option of a command.
#[derive(Clone, Copy, Debug)]
pub struct OptSpec {
    pub name: &'static str,
    pub description: &'static str,
    pub kind: OptKind,
    pub required: bool,
    /// Fixed choices `(label, value)`; empty for free text.
    pub choices: &'static [(&'static str, &'static str)],
    /// The front end should ask the app for suggestions while typing.
    pub autocomplete: bool,
}

/// One command.
#[derive(Clone, Copy, Debug)]
pub struct CommandSpec {
    pub name: &'static str,
    pub description: &'static str,
    pub options: &'static [OptSpec],
    /// Subcommands (`/tournament create ...`); a command with subcommands
    /// reaches the app as `Input::Slash { name: "tournament create", .. }`.
    pub subcommands: &'static [CommandSpec],
}

const fn opt(name: &'static str, description: &'static str) -> OptSpec {
    OptSpec {
        name,
        description,
        kind: OptKind::Text,
        required: false,
        choices: &[],
        autocomplete: false,
    }
}

const VARIANT_CHOICES: &[(&str, &str)] = &[
    ("Tawlbwrdd (11x11, edge escape)", "tawlbwrdd"),
    ("Tawlbwrdd, Walker's reconstruction", "tawlbwrdd-walker"),
    ("Tallfwrdd (9x9, one step at a time)", "tallfwrdd"),
    ("Goedhboell / Celtic chess (9x9, @hv)", "goedhboell"),
    ("Gwyddbwyll / ludus latrunculorum", "gwyddbwyll"),
];

const SIDE_CHOICES: &[(&str, &str)] = &[
    ("attackers", "attackers"),
    ("defenders", "defenders"),
    ("white", "white"),
    ("black", "black"),
    ("random", "random"),
];

const TIME_CHOICES: &[(&str, &str)] = &[
    ("1 day per move", "1d"),
    ("3 days per move (default)", "3d"),
    ("7 days per move", "7d"),
    ("12 hours per move", "12h"),
    ("no clock (casual)", "none"),
];

const FORMAT_CHOICES: &[(&str, &str)] = &[("round robin", "round-robin"), ("swiss", "swiss")];
const MATCH_CHOICES: &[(&str, &str)] = &[
    ("two games, sides swapped", "two-game"),
    ("single game", "single"),
];

const fn sub(
    name: &'static str,
    description: &'static str,
    options: &'static [OptSpec],
) -> CommandSpec {
    CommandSpec {
        name,
        description,
        options,
        subcommands: &[],
    }
}

/// `/tournament` and its subcommands.
pub const TOURNAMENT: &[CommandSpec] = &[
    sub(
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
            opt("options", "Variant options"),
            OptSpec {
                required: true,
                choices: FORMAT_CHOICES,
                ..opt("format", "round-robin or swiss")
            },
            OptSpec {
                kind: OptKind::Integer,
                ..opt("rounds", "Rounds (swiss)")
            },
            OptSpec {
                choices: MATCH_CHOICES,
                ..opt("match", "single or two-game (default two-game)")
            },
            OptSpec {
                choices: TIME_CHOICES,
                ..opt("time", "Time per move (default 3d)")
            },
            OptSpec {
                kind: OptKind::Integer,
                ..opt("max", "Most players")
            },
            opt(
                "start",
                "When it starts, e.g. 2d (or start it with /tournament start)",
            ),
        ],
    ),
    sub(
        "join",
        "Join the tournament of this channel",
        &[OptSpec {
            kind: OptKind::Integer,
            ..opt("id", "Tournament number")
        }],
    ),
    sub(
        "leave",
        "Leave a tournament before it starts",
        &[OptSpec {
            kind: OptKind::Integer,
            ..opt("id", "Tournament number")
        }],
    ),
    sub(
        "start",
        "Start a tournament now (organisers)",
        &[OptSpec {
            kind: OptKind::Integer,
            ..opt("id", "Tournament number")
        }],
    ),
    sub(
        "standings",
        "The table",
        &[OptSpec {
            kind: OptKind::Integer,
            ..opt("id", "Tournament number")
        }],
    ),
    sub(
        "info",
        "About a tournament",
        &[OptSpec {
            kind: OptKind::Integer,
            ..opt("id", "Tournament number")
        }],
    ),
    sub("list", "Tournaments on this server", &[]),
    sub(
        "withdraw",
        "Withdraw a player (organisers): remaining games are forfeited",
        &[
            OptSpec {
                kind: OptKind::User,
                required: true,
                ..opt("player", "Who")
            },
            OptSpec {
                kind: OptKind::Integer,
                ..opt("id", "Tournament number")
            },
        ],
    ),
    sub(
        "cancel",
        "Cancel a tournament (organisers)",
        &[OptSpec {
            kind: OptKind::Integer,
            ..opt("id", "Tournament number")
        }],
    ),
];

/// Every command, in the order `/help` lists them.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        name: "challenge",
        description: "Challenge someone (or anyone) to a game",
        options: &[
            OptSpec {
                kind: OptKind::User,
                ..opt(
                    "opponent",
                    "Who you challenge; leave out for an open challenge",
                )
            },
            OptSpec {
                choices: VARIANT_CHOICES,
                ..opt("variant", "Which game (default tawlbwrdd)")
            },
            opt(
                "options",
                "Variant options, e.g. dice, king-steps, size=8x8 dux",
            ),
            OptSpec {
                choices: SIDE_CHOICES,
                ..opt("side", "The side you take (default random)")
            },
            OptSpec {
                choices: TIME_CHOICES,
                ..opt("time", "Time per move (default 3d)")
            },
            OptSpec {
                kind: OptKind::Bool,
                ..opt("thread", "Play in a new thread")
            },
            OptSpec {
                kind: OptKind::Bool,
                ..opt("rated", "Count the game for ratings (default no)")
            },
            OptSpec {
                kind: OptKind::Integer,
                ..opt(
                    "level",
                    "When you challenge tawlbot: its level, 1 to 5 (default 3)",
                )
            },
        ],
        subcommands: &[],
    },
    CommandSpec {
        name: "accept",
        description: "Accept a challenge in this channel",
        options: &[OptSpec {
            kind: OptKind::Integer,
            ..opt("id", "The challenge number (default: the one for you)")
        }],
        subcommands: &[],
    },
    CommandSpec {
        name: "decline",
        description: "Decline (or withdraw) a challenge in this channel",
        options: &[OptSpec {
            kind: OptKind::Integer,
            ..opt("id", "The challenge number")
        }],
        subcommands: &[],
    },
    CommandSpec {
        name: "move",
        description: "Play a move, e.g. e1-e4 or @14-@44",
        options: &[OptSpec {
            required: true,
            autocomplete: true,
            ..opt("move", "The move: from-square to-square")
        }],
        subcommands: &[],
    },
    CommandSpec {
        name: "board",
        description: "Show the board of this channel's game",
        options: &[],
        subcommands: &[],
    },
    CommandSpec {
        name: "moves",
        description: "Show where a piece can go",
        options: &[OptSpec {
            required: true,
            ..opt("square", "The piece's square, e.g. f4 or @54")
        }],
        subcommands: &[],
    },
    CommandSpec {
        name: "history",
        description: "The moves of this channel's game so far",
        options: &[],
        subcommands: &[],
    },
    CommandSpec {
        name: "resign",
        description: "Resign this channel's game",
        options: &[],
        subcommands: &[],
    },
    CommandSpec {
        name: "draw",
        description: "Offer a draw, or accept or decline one",
        options: &[OptSpec {
            choices: &[
                ("offer", "offer"),
                ("accept", "accept"),
                ("decline", "decline"),
            ],
            ..opt(
                "action",
                "offer, accept or decline (default: accept a standing offer, else offer)",
            )
        }],
        subcommands: &[],
    },
    CommandSpec {
        name: "takeback",
        description: "Ask to take back your last move, or answer such a request",
        options: &[OptSpec {
            choices: &[("ask", "ask"), ("accept", "accept"), ("decline", "decline")],
            ..opt("action", "ask, accept or decline")
        }],
        subcommands: &[],
    },
    CommandSpec {
        name: "rules",
        description: "A short summary of a game's rules",
        options: &[OptSpec {
            choices: VARIANT_CHOICES,
            ..opt("variant", "Which game")
        }],
        subcommands: &[],
    },
    CommandSpec {
        name: "games",
        description: "Games being played on this server",
        options: &[],
        subcommands: &[],
    },
    CommandSpec {
        name: "game",
        description: "Show any game by its number",
        options: &[OptSpec {
            kind: OptKind::Integer,
            required: true,
            ..opt("id", "The game number")
        }],
        subcommands: &[],
    },
    CommandSpec {
        name: "analysis",
        description: "Analyse a finished game: a graph of the chances and the biggest swings",
        options: &[OptSpec {
            kind: OptKind::Integer,
            ..opt("game", "The game number (default: the last game here)")
        }],
        subcommands: &[],
    },
    CommandSpec {
        name: "mygames",
        description: "Your games, everywhere",
        options: &[],
        subcommands: &[],
    },
    CommandSpec {
        name: "export",
        description: "The record of this channel's game, as a file",
        options: &[],
        subcommands: &[],
    },
    CommandSpec {
        name: "notify",
        description: "How you hear that it is your turn",
        options: &[OptSpec {
            required: true,
            choices: &[
                ("mention in the channel", "mention"),
                ("direct message", "dm"),
                ("both", "both"),
                ("a daily digest by direct message", "digest"),
            ],
            ..opt("how", "mention, dm, both or digest")
        }],
        subcommands: &[],
    },
    CommandSpec {
        name: "pause",
        description: "Ask to stop the clock (both players must agree)",
        options: &[],
        subcommands: &[],
    },
    CommandSpec {
        name: "resume",
        description: "Ask to start the clock again",
        options: &[],
        subcommands: &[],
    },
    CommandSpec {
        name: "tournament",
        description: "Tournaments: create, join, start, standings...",
        options: &[],
        subcommands: TOURNAMENT,
    },
    CommandSpec {
        name: "leaderboard",
        description: "Ratings on this server",
        options: &[OptSpec {
            choices: VARIANT_CHOICES,
            ..opt("variant", "Which game (default tawlbwrdd)")
        }],
        subcommands: &[],
    },
    CommandSpec {
        name: "profile",
        description: "A player's rating and games",
        options: &[OptSpec {
            kind: OptKind::User,
            ..opt("player", "Who (default you)")
        }],
        subcommands: &[],
    },
    CommandSpec {
        name: "help",
        description: "How to play with tawlbot",
        options: &[],
        subcommands: &[],
    },
];

/// A command by name; `"tournament create"` finds the subcommand.
pub fn find(name: &str) -> Option<&'static CommandSpec> {
    let mut words = name.split_whitespace();
    // (Read the first word once: `find` calls its closure per command.)
    let first = words.next()?;
    let top = COMMANDS.iter().find(|c| c.name == first)?;
    match words.next() {
        None => Some(top),
        Some(s) => top.subcommands.iter().find(|c| c.name == s),
    }
}

#[cfg(test)]
mod tests {
    use super::find;

    #[test]
    fn find_reads_commands_and_subcommands() {
        assert_eq!(find("challenge").map(|c| c.name), Some("challenge"));
        assert_eq!(find("profile").map(|c| c.name), Some("profile"));
        assert_eq!(find("tournament create").map(|c| c.name), Some("create"));
        assert_eq!(find("tournament list").map(|c| c.name), Some("list"));
        assert!(find("tournament nosuch").is_none());
        assert!(find("nosuch").is_none());
    }
}
