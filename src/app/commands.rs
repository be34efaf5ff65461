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

const BOARD_STYLE_CHOICES: &[(&str, &str)] =
    &[("picture", "picture"), ("text", "text"), ("both", "both")];

const SIDE_CHOICES: &[(&str, &str)] = &[
    ("attackers", "attackers"),
    ("defenders", "defenders"),
    ("white", "white"),
    ("black", "black"),
    ("random", "random"),
];

/// The suggestions offered while a player types a `time` option: `(label, value)`.
/// `time` is free text (so any time per move or bank clock can be written), and
/// these are only the common forms.
pub const TIME_SUGGESTIONS: &[(&str, &str)] = &[
    ("3 days per move (default)", "3d"),
    ("1 day per move", "1d"),
    ("7 days per move", "7d"),
    ("12 hours per move", "12h"),
    (
        "a bank of 7 days, 1 day more per move, at most 14",
        "bank:7d inc:1d cap:14d",
    ),
    ("no clock (casual)", "none"),
];

/// The `time` option of `/challenge` and `/tournament create`: free text with
/// suggestions ([`TIME_SUGGESTIONS`], see [`time_suggestions`]).
const TIME_OPTION: OptSpec = OptSpec {
    autocomplete: true,
    ..opt(
        "time",
        "Time per move (1d, 3d, 7d, 12h), a bank (bank:7d inc:1d cap:14d) or none",
    )
};

/// The suggestions for a partly typed `time` value: the presets whose value or
/// label contains what was typed (all of them for nothing typed), and what was
/// typed itself first when it is not one of them, so it can still be chosen.
pub fn time_suggestions(partial: &str) -> Vec<(String, String)> {
    let p = partial.trim().to_lowercase();
    let mut out: Vec<(String, String)> = Vec::new();
    if !p.is_empty() && !TIME_SUGGESTIONS.iter().any(|(_, v)| *v == p) {
        let typed: String = partial.trim().chars().take(100).collect();
        out.push((typed.clone(), typed));
    }
    out.extend(
        TIME_SUGGESTIONS
            .iter()
            .filter(|(l, v)| {
                p.is_empty()
                    || v.contains(&p)
                    || l.contains(&p)
                    || (p.starts_with("bank") && v.starts_with("bank"))
            })
            .map(|(l, v)| (l.to_string(), v.to_string())),
    );
    out.truncate(25);
    out
}

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
        options: &[OptSpec {
            choices: &[
                ("tawlbot record and GIF", "tawlbot"),
                ("OTN game record", "otn"),
            ],
            ..opt(
                "format",
                "tawlbot (the record and an animation, default) or otn",
            )
        }],
        subcommands: &[],
    },
    CommandSpec {
        name: "settings",
        description: "How you see boards: as a picture, as text, or both, and the picture theme",
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
        options: &[OptSpec {
            kind: OptKind::Integer,
            ..opt("days", "How long, 1 to 30 days (default 7)")
        }],
        subcommands: &[],
    },
    CommandSpec {
        name: "resume",
        description: "Ask to start the clock again",
        options: &[],
        subcommands: &[],
    },
    CommandSpec {
        name: "abort",
        description: "End this channel's game with no result (Manage Server)",
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
    use super::*;

    /// `^[-_\p{L}\p{N}]{1,32}$`, lower case (Discord's rule for command and
    /// option names).
    fn name_ok(name: &str) -> bool {
        let n = name.chars().count();
        (1..=32).contains(&n)
            && name
                .chars()
                .all(|c| c == '-' || c == '_' || c.is_alphanumeric())
            && name.to_lowercase() == name
    }

    fn len_ok(s: &str, max: usize) -> bool {
        (1..=max).contains(&s.chars().count())
    }

    /// Every rule Discord applies to a command, as a list of broken ones.
    fn discord_problems(c: &CommandSpec, path: &str, out: &mut Vec<String>) -> usize {
        let here = format!("{path}{}", c.name);
        let mut chars = c.name.chars().count() + c.description.chars().count();
        if !name_ok(c.name) {
            out.push(format!("{here}: bad name"));
        }
        if !len_ok(c.description, 100) {
            out.push(format!("{here}: description not 1-100 chars"));
        }
        if !c.subcommands.is_empty() && !c.options.is_empty() {
            out.push(format!("{here}: subcommands mixed with options"));
        }
        if c.options.len() > 25 || c.subcommands.len() > 25 {
            out.push(format!("{here}: more than 25 options"));
        }
        if let Some(i) = c.options.iter().position(|o| !o.required) {
            if c.options[i..].iter().any(|o| o.required) {
                out.push(format!("{here}: a required option after an optional one"));
            }
        }
        let mut seen = std::collections::HashSet::new();
        for o in c.options {
            let at = format!("{here} {}", o.name);
            if !seen.insert(o.name) {
                out.push(format!("{at}: duplicate option name"));
            }
            if !name_ok(o.name) {
                out.push(format!("{at}: bad name"));
            }
            if !len_ok(o.description, 100) {
                out.push(format!("{at}: description not 1-100 chars"));
            }
            if o.choices.len() > 25 {
                out.push(format!("{at}: more than 25 choices"));
            }
            if !o.choices.is_empty() && o.autocomplete {
                out.push(format!("{at}: both choices and autocomplete"));
            }
            if !o.choices.is_empty() && o.kind != OptKind::Text {
                out.push(format!("{at}: string choices on a non-string option"));
            }
            if o.autocomplete && !matches!(o.kind, OptKind::Text | OptKind::Integer) {
                out.push(format!(
                    "{at}: autocomplete on an option that cannot have it"
                ));
            }
            chars += o.name.chars().count() + o.description.chars().count();
            for (label, value) in o.choices {
                if !len_ok(label, 100) || !len_ok(value, 100) {
                    out.push(format!("{at}: choice {label:?} not 1-100 chars"));
                }
                chars += label.chars().count() + value.chars().count();
            }
        }
        for sc in c.subcommands {
            if !sc.subcommands.is_empty() {
                out.push(format!("{here} {}: nested too deep", sc.name));
            }
            chars += discord_problems(sc, &format!("{here} "), out);
        }
        if path.is_empty() && chars > 4000 {
            out.push(format!("{here}: {chars} characters, over 4000"));
        }
        chars
    }

    #[test]
    fn every_command_keeps_discords_limits() {
        let mut problems = Vec::new();
        let mut names = std::collections::HashSet::new();
        for c in COMMANDS {
            assert!(names.insert(c.name), "two commands named {}", c.name);
            discord_problems(c, "", &mut problems);
        }
        assert!(COMMANDS.len() <= 100, "over Discord's 100 slash commands");
        assert!(problems.is_empty(), "{problems:#?}");
    }

    #[test]
    fn the_checker_catches_what_discord_refuses() {
        const BAD_OPTS: &[OptSpec] = &[
            opt("Options", "upper case"),
            OptSpec {
                required: true,
                choices: &[("a", "a")],
                autocomplete: true,
                ..opt("format", "")
            },
        ];
        const BAD: CommandSpec = CommandSpec {
            name: "bad name",
            description: "x",
            options: BAD_OPTS,
            subcommands: TOURNAMENT,
        };
        let mut p = Vec::new();
        discord_problems(&BAD, "", &mut p);
        let all = p.join("\n");
        for needle in [
            "bad name: bad name",
            "Options: bad name",
            "required option after an optional",
            "both choices and autocomplete",
            "description not 1-100",
            "subcommands mixed",
        ] {
            assert!(all.contains(needle), "missing {needle:?} in {all}");
        }
    }

    #[test]
    fn tournament_create_lists_required_options_first() {
        let c = find("tournament create").unwrap();
        let names: Vec<_> = c.options.iter().map(|o| o.name).collect();
        assert_eq!(&names[..3], ["name", "variant", "format"]);
    }

    #[test]
    fn time_is_free_text_with_suggestions() {
        for c in [find("challenge"), find("tournament create")] {
            let t = c
                .unwrap()
                .options
                .iter()
                .find(|o| o.name == "time")
                .unwrap();
            assert!(t.autocomplete && t.choices.is_empty() && t.kind == OptKind::Text);
        }
        let all = time_suggestions("");
        assert!(all.iter().any(|(_, v)| v == "bank:7d inc:1d cap:14d"));
        assert!(all.iter().any(|(_, v)| v == "3d"));
        let bank = time_suggestions("bank:3d");
        assert_eq!(bank[0].1, "bank:3d", "what was typed comes first");
        assert!(bank.iter().any(|(_, v)| v == "bank:7d inc:1d cap:14d"));
        assert_eq!(time_suggestions("12h")[0].1, "12h");
        assert_eq!(time_suggestions("12h").len(), 1);
        for (l, v) in time_suggestions(&"x".repeat(300)) {
            assert!(l.chars().count() <= 100 && v.chars().count() <= 100);
        }
        // Every suggestion is a time the app reads.
        for (_, v) in TIME_SUGGESTIONS {
            assert!(crate::app::time::TimeControl::parse(v).is_ok(), "{v}");
        }
    }

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
