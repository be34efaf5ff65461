//! What a command is to the front ends: its name, its options, its help
//! text, how its answer comes. Each command's file writes its own
//! [`CommandSpec`]; the table in `mod.rs` lists them.
//!
//! Descriptions are ids of the catalogue (`locales/*/help.ftl`): the
//! English text is what Discord shows (at most 100 characters) and what
//! `/help` prints, the Welsh one what `/help` prints in Welsh.

use super::{Command, Options};
use crate::app::Response;
use crate::i18n::{Lang, Localiser, Msg};

/// The English text of the catalogue's `id` (a description).
pub fn english(id: &'static str) -> String {
    Localiser::global().text(Lang::En, &Msg::new(id))
}

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

/// What the front end suggests while a player types an option's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Suggest {
    /// The common time controls ([`time_suggestions`]).
    Time,
    /// The legal moves of the channel's game (the app's `autocomplete`).
    Move,
}

/// One option of a command.
#[derive(Clone, Copy, Debug)]
pub struct OptSpec {
    pub name: &'static str,
    /// The catalogue id of its description (`cmd-<command>-<option>`).
    pub description: &'static str,
    pub kind: OptKind,
    pub required: bool,
    /// Fixed choices `(label, value)`; empty for free text.
    pub choices: &'static [(&'static str, &'static str)],
    /// The front end asks for suggestions while the player types.
    pub suggest: Option<Suggest>,
}

impl OptSpec {
    /// Whether the front end should ask for suggestions while typing.
    pub fn autocomplete(&self) -> bool {
        self.suggest.is_some()
    }
}

/// How a command's answer comes, for the front ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runs {
    /// Answered in the request (Discord defers it only when the answer is
    /// not ready within a second).
    Quick,
    /// Slow to answer (it draws pictures or GIFs of whole games): Discord
    /// defers it at once.
    Slow,
    /// Queued on the engine pool (`/analysis`): the Discord front end
    /// runs it there, with progress; the console runs it in the request.
    EnginePool,
}

/// One command (or one subcommand).
#[derive(Clone, Copy, Debug)]
pub struct CommandSpec {
    pub name: &'static str,
    /// The catalogue id of its description (`cmd-<command>`).
    pub description: &'static str,
    /// The catalogue id of its `/help` line when that is not its
    /// description.
    pub help: Option<&'static str>,
    pub options: &'static [OptSpec],
    /// Subcommands (`/tournament create ...`); a command with subcommands
    /// reaches the app as `Input::Slash { name: "tournament create", .. }`.
    pub subcommands: &'static [CommandSpec],
    pub runs: Runs,
    /// Reads the options (already checked against [`CommandSpec::options`])
    /// into the [`Command`]; `Err`: a refusal to answer with.
    pub(crate) parse: fn(&Options) -> Result<Command, Response>,
}

/// A command without subcommands, answered quickly.
pub(super) const fn command(
    name: &'static str,
    description: &'static str,
    options: &'static [OptSpec],
    parse: fn(&Options) -> Result<Command, Response>,
) -> CommandSpec {
    CommandSpec {
        name,
        description,
        help: None,
        options,
        subcommands: &[],
        runs: Runs::Quick,
        parse,
    }
}

/// A free-text option, optional, without choices.
pub(super) const fn opt(name: &'static str, description: &'static str) -> OptSpec {
    OptSpec {
        name,
        description,
        kind: OptKind::Text,
        required: false,
        choices: &[],
        suggest: None,
    }
}

/// An optional integer option.
pub(super) const fn int(name: &'static str, description: &'static str) -> OptSpec {
    OptSpec {
        kind: OptKind::Integer,
        ..opt(name, description)
    }
}

/// An optional true/false option.
pub(super) const fn flag(name: &'static str, description: &'static str) -> OptSpec {
    OptSpec {
        kind: OptKind::Bool,
        ..opt(name, description)
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

/// How a board is shown (`/board style:`, `/settings board:`).
pub(super) const BOARD_STYLE_CHOICES: &[(&str, &str)] =
    &[("picture", "picture"), ("text", "text"), ("both", "both")];

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
    suggest: Some(Suggest::Time),
    ..opt("time", "cmd-challenge-time")
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
