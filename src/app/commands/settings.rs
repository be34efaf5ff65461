//! `/settings`: how a player sees boards, and a server's archive and
//! organiser role (`App::settings`, app/use_cases/settings.rs).

use super::BOARD_STYLE_CHOICES;
use super::{command, flag, opt, Command, CommandSpec, OptKind, OptSpec, Options};
use crate::app::{App, Ctx, Response};

pub(super) const SPEC: CommandSpec = CommandSpec {
    help: Some("help-settings"),
    ..command(
        "settings",
        "cmd-settings",
        &[
            OptSpec {
                choices: BOARD_STYLE_CHOICES,
                ..opt("board", "cmd-settings-board")
            },
            OptSpec {
                choices: &[
                    ("light", "light"),
                    ("dark", "dark"),
                    ("high contrast", "contrast"),
                ],
                ..opt("theme", "cmd-settings-theme")
            },
            OptSpec {
                choices: &[("from my side", "auto"), ("always the same way", "off")],
                ..opt("flip", "cmd-settings-flip")
            },
            OptSpec {
                choices: &[("public", "public"), ("private", "private")],
                ..opt("archive", "cmd-settings-archive")
            },
            OptSpec {
                kind: OptKind::Role,
                ..opt("organiser-role", "cmd-settings-organiser-role")
            },
            flag("organiser-role-clear", "cmd-settings-organiser-role-clear"),
        ],
        parse,
    )
};

/// `/settings`'s options, as typed (the use case refuses values it does
/// not know, in its own words).
#[derive(Debug)]
pub struct Args {
    pub board: Option<String>,
    pub theme: Option<String>,
    pub flip: Option<String>,
    /// The server's archive: `public` or `private`.
    pub archive: Option<String>,
    /// The server's organiser role (its id or mention).
    pub organiser_role: Option<String>,
    pub organiser_role_clear: bool,
}

fn parse(o: &Options) -> Result<Command, Response> {
    Ok(Command::Settings(Args {
        board: o.text("board"),
        theme: o.text("theme"),
        flip: o.text("flip"),
        archive: o.text("archive"),
        organiser_role: o.text("organiser-role"),
        organiser_role_clear: o.flag("organiser-role-clear"),
    }))
}

impl Args {
    pub(super) fn run(self, app: &App, ctx: &Ctx) -> Response {
        app.settings(ctx, &self)
    }
}
