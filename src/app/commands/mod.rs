//! The slash commands: one file per command, named after it (`/challenge`
//! in `challenge.rs`, `/tournament create` in `tournament.rs`; `/draw`,
//! `/takeback`, `/pause` and `/resume` together in `offers.rs`).
//!
//! Each file holds the command's whole shape: its [`CommandSpec`] (name,
//! options, help text, how its answer comes), its `Args` (the options read
//! once, with their defaults) and its `run`, which calls the use case.
//! [`COMMANDS`] lists them; the Discord adapter registers them from it, the
//! console parses `/name arg:value ...` against it, `/help` prints it.
//! [`Command::parse`] turns a front end's name and options into a
//! [`Command`]; [`Command::run`] answers it. Buttons are in `button.rs`.
//!
//! A new command: a file here (its spec, `Args`, `parse`, `run`), its line
//! in [`COMMANDS`], its variant in [`Command`] and [`Command::run`], and its
//! description in `locales/*/help.ftl`.

mod abort;
mod accept;
pub mod analysis;
mod board;
pub mod button;
mod challenge;
mod challenges;
mod conditional;
mod decline;
mod export;
mod game;
mod games;
mod help;
mod history;
mod language;
mod leaderboard;
mod r#move;
mod moves;
mod mygames;
mod notify;
mod offers;
mod options;
mod profile;
mod puzzle;
mod resign;
mod rules;
mod settings;
mod spec;
pub mod tournament;
mod vacation;

pub use options::Options;
pub use spec::*;
pub use tournament::TOURNAMENT;

pub(crate) use challenge::Args as ChallengeArgs;
pub(crate) use settings::Args as SettingsArgs;
pub(crate) use tournament::{Args as TournamentArgs, Create as TournamentCreate};

use crate::app::{App, Ctx, Response};

/// Every command, in the order `/help` lists them.
pub const COMMANDS: &[CommandSpec] = &[
    challenge::SPEC,
    accept::SPEC,
    decline::SPEC,
    challenges::SPEC,
    r#move::SPEC,
    board::SPEC,
    moves::SPEC,
    history::SPEC,
    resign::SPEC,
    offers::DRAW,
    offers::TAKEBACK,
    conditional::SPEC,
    rules::SPEC,
    games::SPEC,
    game::SPEC,
    analysis::SPEC,
    mygames::SPEC,
    export::SPEC,
    settings::SPEC,
    language::SPEC,
    notify::SPEC,
    offers::PAUSE,
    offers::RESUME,
    vacation::SPEC,
    abort::SPEC,
    tournament::SPEC,
    leaderboard::SPEC,
    profile::SPEC,
    puzzle::SPEC,
    help::SPEC,
];

/// A command, its options read ([`Command::parse`]).
#[derive(Debug)]
pub enum Command {
    Challenge(challenge::Args),
    Accept(accept::Args),
    Decline(decline::Args),
    /// `/challenges`.
    Challenges,
    Move(r#move::Args),
    Board(board::Args),
    Moves(moves::Args),
    History,
    Resign,
    /// `/draw`, `/takeback`, `/pause`, `/resume`.
    Offer(offers::Args),
    /// `/conditional add|list|clear`.
    Conditional(conditional::Args),
    Rules(rules::Args),
    Games,
    Game(game::Args),
    Analysis(analysis::Args),
    MyGames(mygames::Args),
    Export(export::Args),
    Settings(settings::Args),
    Language(language::Args),
    Notify(notify::Args),
    Vacation(vacation::Args),
    Abort(abort::Args),
    Tournament(tournament::Args),
    Leaderboard(leaderboard::Args),
    Profile(profile::Args),
    Puzzle(puzzle::Args),
    /// `/help [command]`.
    Help(Option<String>),
}

impl Command {
    /// Whether its answer is a picture (a board, a GIF, a graph, a
    /// table) posted for everyone: such commands are rated per user
    /// ([`crate::app::PICTURES_PER_MINUTE`]), so that one player cannot
    /// fill a channel with pictures.
    pub(crate) fn draws(&self) -> bool {
        match self {
            Command::Board(_)
            | Command::Game(_)
            | Command::Export(_)
            | Command::Analysis(_)
            | Command::Rules(_) => true,
            Command::Tournament(tournament::Args::About { action, .. }) => matches!(
                action,
                tournament::Action::Standings | tournament::Action::Crosstable
            ),
            _ => false,
        }
    }

    /// Answers the command for `ctx`'s user.
    pub(crate) fn run(self, app: &App, ctx: &Ctx) -> Response {
        match self {
            Command::Challenge(a) => a.run(app, ctx),
            Command::Accept(a) => a.run(app, ctx),
            Command::Decline(a) => a.run(app, ctx),
            Command::Challenges => challenges::run(app, ctx),
            Command::Move(a) => a.run(app, ctx),
            Command::Board(a) => a.run(app, ctx),
            Command::Moves(a) => a.run(app, ctx),
            Command::History => history::run(app, ctx),
            Command::Resign => resign::run(app, ctx),
            Command::Offer(a) => a.run(app, ctx),
            Command::Conditional(a) => a.run(app, ctx),
            Command::Rules(a) => a.run(app, ctx),
            Command::Games => games::run(app, ctx),
            Command::Game(a) => a.run(app, ctx),
            Command::Analysis(a) => a.run(app, ctx),
            Command::MyGames(a) => a.run(app, ctx),
            Command::Export(a) => a.run(app, ctx),
            Command::Settings(a) => a.run(app, ctx),
            Command::Language(a) => a.run(app, ctx),
            Command::Notify(a) => a.run(app, ctx),
            Command::Vacation(a) => a.run(app, ctx),
            Command::Abort(a) => a.run(app, ctx),
            Command::Tournament(a) => a.run(app, ctx),
            Command::Leaderboard(a) => a.run(app, ctx),
            Command::Profile(a) => a.run(app, ctx),
            Command::Puzzle(a) => a.run(app, ctx),
            Command::Help(c) => help::run(c),
        }
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

/// The option `option` of command `command` (`"tournament create"`), if
/// both exist.
pub fn find_option(command: &str, option: &str) -> Option<&'static OptSpec> {
    find(command)?.options.iter().find(|o| o.name == option)
}

#[cfg(test)]
mod checks;
