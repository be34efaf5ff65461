//! A player's view settings and the server's settings: `/settings` (how
//! boards are shown, the theme, flipping; a server's archive and organiser
//! role) and `/board style:`.

use crate::app::{store_err, App, Ctx, Msg, Reply, Response};

/// The player setting: how boards are shown (`picture`, `text`, `both`).
pub(crate) const BOARD_SETTING: &str = "board";
/// The player setting: the picture theme (`light`, `dark`, `contrast`).
pub(crate) const THEME_SETTING: &str = "theme";

/// The replies of `resp` with their boards drawn in `style` (`/board
/// style:`), whatever the reader chose with `/settings board:`.
fn in_style(mut resp: Response, style: crate::app::presentation::messages::BoardStyle) -> Response {
    for r in &mut resp.replies {
        for f in &mut r.files {
            if let crate::app::presentation::messages::FileContent::Board { style: s, .. } =
                &mut f.content
            {
                *s = Some(style);
            }
        }
    }
    resp
}

impl App {
    /// `/board [style:picture|text|both]`: the board of this channel's
    /// game as a picture, a text board in a code block (whose turn, the
    /// clocks, the legend), or both; without a style, as the player chose
    /// with `/settings board:`.
    pub(crate) fn board_view(&self, ctx: &Ctx, style: Option<&str>) -> Response {
        match style {
            None => self.board(ctx),
            Some(s) => match crate::app::presentation::messages::BoardStyle::parse(s) {
                Some(style) => in_style(self.board(ctx), style),
                None => Response::one(Reply::tell(Msg::new("board-style-unknown"))),
            },
        }
    }

    /// `/settings [board:picture|text|both] [theme:light|dark|contrast]`:
    /// how this player sees boards, kept per player; without options, the
    /// settings as they are.
    pub(crate) fn settings(
        &self,
        ctx: &Ctx,
        args: &crate::app::commands::SettingsArgs,
    ) -> Response {
        if let Some(a) = &args.archive {
            // A server's setting, not the player's: answered on its own.
            return self.set_archive(ctx, a);
        }
        if let Some(r) = args.organiser_role.as_deref() {
            // A server's setting too.
            return self.set_organiser_role(ctx, Some(r));
        }
        if args.organiser_role_clear {
            return self.set_organiser_role(ctx, None);
        }
        let board = args.board.as_deref().map(|s| s.trim().to_lowercase());
        let theme = args.theme.as_deref().map(|s| s.trim().to_lowercase());
        let flip = args.flip.as_deref().map(|s| s.trim().to_lowercase());
        if let Some(b) = &board {
            if crate::app::presentation::messages::BoardStyle::parse(b).is_none() {
                return Response::one(Reply::tell(Msg::new("settings-board-unknown")));
            }
        }
        let flip = match flip
            .as_deref()
            .map(crate::app::presentation::reader::Flip::parse)
        {
            Some(None) => return Response::one(Reply::tell(Msg::new("settings-flip-unknown"))),
            Some(Some(f)) => Some(f.name().to_string()),
            None => None,
        };
        if let Some(t) = &theme {
            if crate::render::theme::Theme::by_name(t).is_none() {
                return Response::one(Reply::tell(Msg::new("settings-theme-unknown")));
            }
        }
        let flip_key = crate::app::presentation::reader::FLIP_SETTING;
        for (key, value) in [
            (BOARD_SETTING, &board),
            (THEME_SETTING, &theme),
            (flip_key, &flip),
        ] {
            if let Some(v) = value {
                if let Err(e) = self.set_choice(&ctx.user.id, key, v) {
                    return store_err(e);
                }
            }
        }
        // The settings as stored now, read once.
        let stored = self.store.player_settings(&ctx.user.id).unwrap_or_default();
        let get = |key: &str, default: &str| {
            stored
                .iter()
                .find(|(k, _)| k == key)
                .map_or_else(|| default.to_string(), |(_, v)| v.clone())
        };
        let id = if board.is_some() || theme.is_some() || flip.is_some() {
            "settings-saved"
        } else {
            "settings-now"
        };
        Response::one(Reply::tell(
            Msg::new(id)
                .str("board", get(BOARD_SETTING, "picture"))
                .str("theme", get(THEME_SETTING, &self.theme))
                .str("flip", get(flip_key, "off")),
        ))
    }
}
