//! Whose choices a reply follows: one rule for words, pictures and text
//! boards.
//!
//! Every reply has one reader: the player it addresses
//! ([`Reply::for_reader`]: in a channel, the player to move), else the
//! recipient of a direct message, else the user who asked.
//!
//! * **Language.** A reply only its reader sees (a direct message, an
//!   ephemeral answer) is in the reader's language: their own choice, else
//!   the server's default, else English. A message posted in a channel is
//!   for everyone there: it is in the server's language (`/language
//!   server:true`); on a server that chose none, in the reader's own
//!   choice, else English.
//! * **Boards.** A board in a reply (picture or text) is drawn as its
//!   reader chose with `/settings`, in a channel too: `board:` picture, text
//!   or both, `theme:`, and `flip:auto` (drawn from the side the reader
//!   plays). A player who chose `contrast` gets their turn notices in
//!   contrast whoever moved. Its words (caption, legend) are in the reply's
//!   language.

use super::alt_text::{BOARD_SETTING, THEME_SETTING};
use super::messages::{Attachment, BoardStyle};
use super::*;
use crate::i18n::{Lang, Localiser};
use crate::store::LANGUAGE_SETTING;

/// The player setting: boards drawn from the reader's side (`auto`) or
/// always the same way (`off`, the default).
pub(crate) const FLIP_SETTING: &str = "flip";

/// `/settings flip:`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Flip {
    /// Always drawn the same way: the first rank at the bottom.
    #[default]
    Off,
    /// From the side of the player it is addressed to.
    Auto,
}

impl Flip {
    pub(crate) fn parse(s: &str) -> Option<Flip> {
        match s.trim().to_lowercase().as_str() {
            "auto" | "on" => Some(Flip::Auto),
            "off" => Some(Flip::Off),
            _ => None,
        }
    }
    pub(crate) fn name(self) -> &'static str {
        match self {
            Flip::Off => "off",
            Flip::Auto => "auto",
        }
    }
}

/// What a reader chose, read once for a reply.
#[derive(Clone, Debug, Default)]
pub(crate) struct Seen {
    pub lang: Option<Lang>,
    pub theme: Option<String>,
    pub board: BoardStyle,
    pub flip: Flip,
}

impl App {
    /// The choices of `reader` (none for an empty reader or a failed read).
    pub(crate) fn seen_by(&self, reader: &UserId) -> Seen {
        let mut seen = Seen::default();
        if reader.is_empty() {
            return seen;
        }
        for (k, v) in self.store.player_settings(reader).unwrap_or_default() {
            match k.as_str() {
                LANGUAGE_SETTING => seen.lang = Lang::parse(&v),
                THEME_SETTING => seen.theme = crate::render::theme::Theme::by_name(&v).map(|_| v),
                BOARD_SETTING => seen.board = BoardStyle::parse(&v).unwrap_or_default(),
                FLIP_SETTING => seen.flip = Flip::parse(&v).unwrap_or_default(),
                _ => {}
            }
        }
        seen
    }

    /// The default language of `server`, if it chose one.
    pub(crate) fn server_lang(&self, server: &ServerId) -> Option<Lang> {
        if server.is_empty() || server.starts_with("dm:") {
            return None;
        }
        self.store.server_language(server).ok().flatten()
    }

    /// The language of a reply to a reader who chose `seen` (see the
    /// module comment): `private`, seen by the reader alone.
    pub(crate) fn reply_lang(&self, seen: &Seen, server: &ServerId, private: bool) -> Lang {
        let first = if private {
            seen.lang
        } else {
            self.server_lang(server)
        };
        first
            .or_else(|| {
                if private {
                    self.server_lang(server)
                } else {
                    seen.lang
                }
            })
            .unwrap_or(Lang::En)
    }

    /// Draws the boards of `files` for `reader` as they chose (`seen`):
    /// pictures in their theme, text boards appended to `text`, turned to
    /// their side with `flip:auto`; words in `lang`.
    pub(crate) fn draw_boards(
        &self,
        reader: &UserId,
        seen: &Seen,
        lang: Lang,
        text: &mut String,
        files: &mut Vec<Attachment>,
    ) {
        if !files.iter().any(|f| f.board.is_some()) {
            return;
        }
        let l10n = Localiser::global();
        for f in files.iter_mut() {
            let Some(b) = f.board.take() else { continue };
            let style = f.style.unwrap_or(seen.board);
            let side = b.players.iter().position(|p| p == reader);
            let turned = seen.flip == Flip::Auto && side.is_some_and(|s| b.turned_for[s]);
            if style.text() {
                let d = if turned {
                    b.diagram.clone().turned_round()
                } else {
                    b.diagram.clone()
                };
                text.push('\n');
                text.push_str(&super::notation_words::diagram_text_with(
                    &d, lang, &b.heading,
                ));
            }
            if style.picture() {
                let mut view = b.view;
                view.caption = l10n.text(lang, &b.caption);
                view.turned = turned;
                let theme = seen.theme.as_deref().unwrap_or(&self.theme);
                f.bytes = picture::draw(&view, theme, &b.chunks);
            }
        }
        files.retain(|f| !f.bytes.is_empty());
    }
}
