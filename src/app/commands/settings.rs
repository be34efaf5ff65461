//! `/settings`: how a player sees boards, and a server's archive and
//! organiser role (`App::settings`, app/settings.rs).

use super::BOARD_STYLE_CHOICES;
use super::{command, flag, opt, Command, CommandSpec, OptKind, OptSpec, Options};
use crate::app::{App, Ctx, Response};

pub(super) const SPEC: CommandSpec = command(
    "settings",
    "How you see boards: picture, text or both, the theme, and from which side",
    &[
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
        flag(
            "organiser-role-clear",
            "True: no role gives tournament rights any more (Manage Server)",
        ),
    ],
    parse,
);

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
