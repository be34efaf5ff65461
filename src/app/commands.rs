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
        ],
    },
    CommandSpec {
        name: "accept",
        description: "Accept a challenge in this channel",
        options: &[OptSpec {
            kind: OptKind::Integer,
            ..opt("id", "The challenge number (default: the one for you)")
        }],
    },
    CommandSpec {
        name: "decline",
        description: "Decline (or withdraw) a challenge in this channel",
        options: &[OptSpec {
            kind: OptKind::Integer,
            ..opt("id", "The challenge number")
        }],
    },
    CommandSpec {
        name: "move",
        description: "Play a move, e.g. e1-e4 or @14-@44",
        options: &[OptSpec {
            required: true,
            autocomplete: true,
            ..opt("move", "The move: from-square to-square")
        }],
    },
    CommandSpec {
        name: "board",
        description: "Show the board of this channel's game",
        options: &[],
    },
    CommandSpec {
        name: "moves",
        description: "Show where a piece can go",
        options: &[OptSpec {
            required: true,
            ..opt("square", "The piece's square, e.g. f4 or @54")
        }],
    },
    CommandSpec {
        name: "history",
        description: "The moves of this channel's game so far",
        options: &[],
    },
    CommandSpec {
        name: "resign",
        description: "Resign this channel's game",
        options: &[],
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
    },
    CommandSpec {
        name: "takeback",
        description: "Ask to take back your last move, or answer such a request",
        options: &[OptSpec {
            choices: &[("ask", "ask"), ("accept", "accept"), ("decline", "decline")],
            ..opt("action", "ask, accept or decline")
        }],
    },
    CommandSpec {
        name: "rules",
        description: "A short summary of a game's rules",
        options: &[OptSpec {
            choices: VARIANT_CHOICES,
            ..opt("variant", "Which game")
        }],
    },
    CommandSpec {
        name: "games",
        description: "Games being played on this server",
        options: &[],
    },
    CommandSpec {
        name: "game",
        description: "Show any game by its number",
        options: &[OptSpec {
            kind: OptKind::Integer,
            required: true,
            ..opt("id", "The game number")
        }],
    },
    CommandSpec {
        name: "mygames",
        description: "Your games, everywhere",
        options: &[],
    },
    CommandSpec {
        name: "export",
        description: "The record of this channel's game, as a file",
        options: &[],
    },
    CommandSpec {
        name: "help",
        description: "How to play with tawlbot",
        options: &[],
    },
];

/// A command by name.
pub fn find(name: &str) -> Option<&'static CommandSpec> {
    COMMANDS.iter().find(|c| c.name == name)
}
