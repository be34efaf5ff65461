//! Every command, in the order `/help` lists them.

use super::{
    opt, CommandSpec, OptKind, OptSpec, ANSWER_OPTION, BOARD_STYLE_CHOICES, SIDE_CHOICES,
    TIME_OPTION, TOURNAMENT, VARIANT_CHOICES,
};

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
            TIME_OPTION,
            OptSpec {
                kind: OptKind::Bool,
                ..opt("thread", "Play in a new thread")
            },
            OptSpec {
                kind: OptKind::Bool,
                ..opt("rated", "Count the game for ratings (default no)")
            },
            OptSpec {
                ..opt("position", "Start from this position (OTN), unrated")
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
        options: &[OptSpec {
            choices: BOARD_STYLE_CHOICES,
            ..opt("style", "picture, text (a diagram in a code block) or both")
        }],
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
        description: "Offer a draw, or answer your opponent's offer",
        options: &[ANSWER_OPTION],
        subcommands: &[],
    },
    CommandSpec {
        name: "takeback",
        description: "Ask to take back your last move, or answer such a request",
        options: &[ANSWER_OPTION],
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
        options: &[
            OptSpec {
                kind: OptKind::Bool,
                ..opt(
                    "finished",
                    "Your finished games instead, with their results",
                )
            },
            OptSpec {
                kind: OptKind::Integer,
                ..opt("page", "Which page of finished games (10 a page)")
            },
        ],
        subcommands: &[],
    },
    CommandSpec {
        name: "export",
        description: "The record of this channel's game, or any game of the server, as a file",
        options: &[
            OptSpec {
                choices: &[
                    ("tawlbot record and GIF", "tawlbot"),
                    ("OTN game record", "otn"),
                ],
                ..opt(
                    "format",
                    "tawlbot (the record and an animation, default) or otn",
                )
            },
            OptSpec {
                kind: OptKind::Integer,
                ..opt("game", "The game number (default: this channel's game)")
            },
        ],
        subcommands: &[],
    },
    CommandSpec {
        name: "settings",
        description: "How you see boards: picture, text or both, the theme, and from which side",
        options: &[
            OptSpec {
                choices: BOARD_STYLE_CHOICES,
                ..opt("board", "picture, text or both")
            },
            OptSpec {
                choices: &[
                    ("light", "light"),
                    ("dark", "dark"),
                    ("high contrast", "contrast"),
                ],
                ..opt("theme", "light, dark or contrast")
            },
            OptSpec {
                choices: &[("from my side", "auto"), ("always the same way", "off")],
                ..opt(
                    "flip",
                    "auto: boards addressed to you are drawn from your side; off: never turned",
                )
            },
            OptSpec {
                choices: &[("public", "public"), ("private", "private")],
                ..opt(
                    "archive",
                    "This server's games on the web archive: public or private (Manage Server)",
                )
            },
            OptSpec {
                kind: OptKind::Role,
                ..opt(
                    "organiser-role",
                    "Members with this role may create and run tournaments (Manage Server)",
                )
            },
            OptSpec {
                kind: OptKind::Bool,
                ..opt(
                    "organiser-role-clear",
                    "True: no role gives tournament rights any more (Manage Server)",
                )
            },
        ],
        subcommands: &[],
    },
    CommandSpec {
        name: "language",
        description: "The language I write to you in: english or cymraeg",
        options: &[
            OptSpec {
                required: true,
                choices: &[("English", "english"), ("Cymraeg", "cymraeg")],
                ..opt("choice", "english or cymraeg")
            },
            OptSpec {
                kind: OptKind::Bool,
                ..opt("server", "Set the server's default instead (Manage Server)")
            },
        ],
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
        options: &[
            OptSpec {
                kind: OptKind::Integer,
                ..opt("days", "How long, 1 to 30 days (default 7)")
            },
            ANSWER_OPTION,
        ],
        subcommands: &[],
    },
    CommandSpec {
        name: "resume",
        description: "Ask to start the clock again",
        options: &[ANSWER_OPTION],
        subcommands: &[],
    },
    CommandSpec {
        name: "abort",
        description: "End this channel's game with no result (Manage Server)",
        options: &[OptSpec {
            kind: OptKind::Integer,
            ..opt(
                "game",
                "Any game of the server by its number (default: this channel's)",
            )
        }],
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
