//! The commands every front end offers: names, options, help text.
//!
//! The Discord adapter registers these as slash commands; the console parses
//! `/name arg:value ...` against them; `/help` prints them.

mod table;
mod tournament;

pub use table::COMMANDS;
pub use tournament::TOURNAMENT;

/// The type of a command option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptKind {
    Text,
    User,
    /// A role of the server (its id).
    Role,
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

pub(super) const fn opt(name: &'static str, description: &'static str) -> OptSpec {
    OptSpec {
        name,
        description,
        kind: OptKind::Text,
        required: false,
        choices: &[],
        autocomplete: false,
    }
}

/// The choices of a `variant` option, `(label, id)`, one per variant of
/// `registry` in its order (`N`: its length).
pub const fn variant_choices<const N: usize>(
    registry: &[crate::rules::VariantInfo],
) -> [(&'static str, &'static str); N] {
    let mut out = [("", ""); N];
    let mut i = 0;
    while i < N {
        out[i] = (registry[i].choice, registry[i].id);
        i += 1;
    }
    out
}

const VARIANT_CHOICE_LIST: [(&str, &str); crate::rules::VARIANTS.len()] =
    variant_choices(crate::rules::VARIANTS);

/// The choices of every `variant` option: the registry's variants.
pub const VARIANT_CHOICES: &[(&str, &str)] = &VARIANT_CHOICE_LIST;

/// The `answer` option of `/draw`, `/takeback`, `/pause` and `/resume`:
/// left out, the command makes the offer (or agrees to the opponent's).
pub(super) const ANSWER_OPTION: OptSpec = OptSpec {
    choices: &[("accept", "accept"), ("decline", "decline")],
    ..opt(
        "answer",
        "accept or decline your opponent's offer (leave out to make one)",
    )
};

pub(super) const BOARD_STYLE_CHOICES: &[(&str, &str)] =
    &[("picture", "picture"), ("text", "text"), ("both", "both")];

pub(super) const SIDE_CHOICES: &[(&str, &str)] = &[
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
pub(super) const TIME_OPTION: OptSpec = OptSpec {
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

pub(super) const fn sub(
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
mod checks;
