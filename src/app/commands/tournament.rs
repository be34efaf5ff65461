//! `/tournament` and its subcommands.

use super::{opt, sub, CommandSpec, OptKind, OptSpec, TIME_OPTION, VARIANT_CHOICES};

const FORMAT_CHOICES: &[(&str, &str)] = &[("round robin", "round-robin"), ("swiss", "swiss")];
const MATCH_CHOICES: &[(&str, &str)] = &[
    ("two games, sides swapped", "two-game"),
    ("single game", "single"),
];

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
            OptSpec {
                required: true,
                choices: FORMAT_CHOICES,
                ..opt("format", "round-robin or swiss")
            },
            opt("options", "Variant options"),
            OptSpec {
                kind: OptKind::Integer,
                ..opt("rounds", "Rounds (swiss)")
            },
            OptSpec {
                choices: MATCH_CHOICES,
                ..opt("match", "single or two-game (default two-game)")
            },
            TIME_OPTION,
            OptSpec {
                kind: OptKind::Integer,
                ..opt("max", "Most players")
            },
            opt(
                "start",
                "When it starts, e.g. 2d (or start it with /tournament start)",
            ),
            OptSpec {
                kind: OptKind::Integer,
                ..opt(
                    "late",
                    "Swiss: players may still join until round N has been paired",
                )
            },
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
        "crosstable",
        "Every player against every other, with each result",
        &[OptSpec {
            kind: OptKind::Integer,
            ..opt("id", "Tournament number")
        }],
    ),
    sub(
        "info",
        "About a tournament; round:N shows that round's pairings and results",
        &[
            OptSpec {
                kind: OptKind::Integer,
                ..opt("id", "Tournament number")
            },
            OptSpec {
                kind: OptKind::Integer,
                ..opt(
                    "round",
                    "A round's pairings and results (default: the current round)",
                )
            },
        ],
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
