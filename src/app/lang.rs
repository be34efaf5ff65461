//! Languages: which language a reply is written in, the one place where
//! message ids become text ([`App::localise`]), and `/language`.
//!
//! A reply only its reader sees (a direct message, an ephemeral answer) is
//! in the reader's own choice (`/language choice:cymraeg`), else the
//! server's default (`/language choice:cymraeg server:true`, Manage
//! Server), else English. A message posted in a channel is in the server's
//! default, else its reader's choice, else English. The reader: the player
//! a reply addresses ([`Reply::for_reader`]), else the recipient of a
//! direct message, else the user who asked. See app/reader.rs.

use super::messages::Part;
use super::{store_err, App, Ctx, Reply, Response, ServerId, Target, UserId};
use crate::i18n::{Lang, Localiser, Msg};
use crate::store::LANGUAGE_SETTING;

impl App {
    /// The language `user` reads on `server`: their choice, else the
    /// server's, else English.
    pub(crate) fn lang_of(&self, user: &UserId, server: &ServerId) -> Lang {
        self.seen_by(user)
            .lang
            .or_else(|| self.stored_server_lang(server))
            .unwrap_or(Lang::En)
    }

    /// The language of a reply to `ctx`'s user.
    pub(crate) fn lang(&self, ctx: &Ctx) -> Lang {
        self.lang_of(&ctx.user.id, &ctx.server)
    }

    /// Turns every reply's messages (and button labels) into text in its
    /// reader's language, and draws its boards as the reader chose: the
    /// one place where ids become words (the rule: app/reader.rs). `asker`
    /// is the user whose input this answers (empty for the clock); `server`
    /// the server it came from, for replies that name none.
    pub(crate) fn localise(
        &self,
        mut resp: Response,
        asker: &UserId,
        server: &ServerId,
    ) -> Response {
        let l10n = Localiser::global();
        for r in &mut resp.replies {
            let needs_words = !r.body.is_empty()
                || r.buttons.iter().any(|b| b.label_msg.is_some())
                || r.files
                    .iter()
                    .any(|f| !f.alt.is_empty() || f.board.is_some());
            if !needs_words {
                continue;
            }
            let reader = match (&r.reader, &r.target) {
                (Some(u), _) => u,
                (None, Target::Dm(u)) => u,
                _ => asker,
            };
            let server = r.server.as_ref().unwrap_or(server);
            let private = r.ephemeral || matches!(r.target, Target::Dm(_));
            // Never the bot: in its games, the human player reads.
            let reader = match &r.game {
                Some(g) => g.human_reader(reader),
                None => reader,
            };
            let seen = self.seen_by(reader);
            let lang = r.lang.unwrap_or_else(|| {
                if private {
                    self.reply_lang(&seen, server, true)
                } else {
                    let players = match &r.game {
                        Some(g) => g.players.to_vec(),
                        None => vec![reader.clone()],
                    };
                    self.channel_lang(server, &players)
                }
            });
            let mut text = std::mem::take(&mut r.text);
            for part in r.body.drain(..) {
                match part {
                    Part::Break => text.push('\n'),
                    Part::Msg(m) => join(&mut text, &l10n.text(lang, &m)),
                    Part::Raw(s) => join(&mut text, &s),
                }
            }
            self.draw_boards(reader, &seen, lang, &mut text, &mut r.files);
            r.text = text;
            for b in &mut r.buttons {
                if let Some(m) = b.label_msg.take() {
                    b.label = l10n.text(lang, &m);
                }
            }
            super::alt_text::fill_alt(&mut r.files, lang);
        }
        resp
    }

    /// `/language choice:english|cymraeg [server:true]`. The answer is
    /// written in the language chosen.
    pub(crate) fn language(&self, ctx: &Ctx, choice: Option<&str>, server: bool) -> Response {
        let Some(lang) = choice.and_then(Lang::parse) else {
            return Response::one(Reply::tell(Msg::new("language-choose")));
        };
        if server {
            if !ctx.manage_server {
                return Response::one(Reply::tell(Msg::new("language-server-not-allowed")));
            }
            if let Err(e) = self.set_server_choice(&ctx.server, Some(lang)) {
                return store_err(e);
            }
            return Response::one(Reply::say(Msg::new("language-set-server")).in_lang(lang));
        }
        if let Err(e) = self.set_choice(&ctx.user.id, LANGUAGE_SETTING, lang.code()) {
            return store_err(e);
        }
        Response::one(Reply::tell(Msg::new("language-set")).in_lang(lang))
    }
}

/// Appends `s` to `text` after a space (none at the start of a line).
fn join(text: &mut String, s: &str) {
    if s.is_empty() {
        return;
    }
    if !text.is_empty() && !text.ends_with('\n') && !text.ends_with(' ') {
        text.push(' ');
    }
    text.push_str(s);
}
