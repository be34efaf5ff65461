//! Languages: which language a reply is written in, the one place where
//! message ids become text and drafts become rendered replies
//! ([`App::localise`]), and `/language`.
//!
//! A reply only its reader sees (a direct message, an ephemeral answer) is
//! in the reader's own choice (`/language choice:cymraeg`), else the
//! server's default (`/language choice:cymraeg server:true`, Manage
//! Server), else English. A message posted in a channel is in the server's
//! default, else the language most of its game's players chose, else
//! English (a tie too). The reader (whose boards a reply follows): the
//! player a reply addresses ([`Reply::for_reader`]), else the recipient of
//! a direct message, else the user who asked. See
//! app/presentation/reader.rs.

use crate::app::presentation::messages::{FileContent, Part};
use crate::app::{
    presentation::rendered, store_err, App, Ctx, Reply, Response, ServerId, Target, UserId,
};
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

    /// Renders every reply: its messages and button labels become text
    /// in its reader's language, its files are made (its boards drawn as
    /// the reader chose, once) with their alt text: the one place where
    /// ids become words (the rule: app/presentation/reader.rs). `asker` is the user
    /// whose input this answers (empty for the clock); `server` the server
    /// it came from, for replies that name none.
    pub(crate) fn localise(
        &self,
        resp: Response,
        asker: &UserId,
        server: &ServerId,
    ) -> rendered::Response {
        rendered::Response {
            replies: resp
                .replies
                .into_iter()
                .map(|r| self.render(r, asker, server))
                .collect(),
            effects: resp.effects,
        }
    }

    /// One reply rendered (see [`App::localise`]).
    fn render(&self, r: Reply, asker: &UserId, server: &ServerId) -> rendered::Reply {
        let needs_words = !r.body.is_empty()
            || !r.buttons.is_empty()
            || r.files
                .iter()
                .any(|f| !f.alt.is_empty() || matches!(f.content, FileContent::Board { .. }));
        if !needs_words {
            // Nothing to say in any language: no reader to look up.
            return rendered::Reply {
                target: r.target,
                text: String::new(),
                files: r
                    .files
                    .into_iter()
                    .filter_map(|f| match f.content {
                        FileContent::Bytes(bytes) => Some(rendered::Attachment {
                            name: f.name,
                            bytes,
                            description: String::new(),
                        }),
                        FileContent::Board { .. } => None,
                    })
                    .collect(),
                buttons: Vec::new(),
                ephemeral: r.ephemeral,
            };
        }
        let l10n = Localiser::global();
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
                // The game it is about, else the newest game of the
                // channel it is posted in: one language a channel.
                let players = match &r.game {
                    Some(g) => g.players.to_vec(),
                    None => match self.players_where(&r.target) {
                        Some(p) => p.to_vec(),
                        None => vec![reader.clone()],
                    },
                };
                self.channel_lang(server, &players)
            }
        });
        let mut text = String::new();
        for part in r.body {
            match part {
                Part::Break => text.push('\n'),
                Part::Msg(m) => join(&mut text, &l10n.text(lang, &m)),
                Part::Raw(s) => join(&mut text, &s),
            }
        }
        let mut files = Vec::new();
        for f in r.files {
            let bytes = match f.content {
                FileContent::Bytes(bytes) => bytes,
                FileContent::Board { board, style } => {
                    let style = style.unwrap_or(seen.board);
                    match self.draw_board(reader, &seen, lang, style, *board, &mut text) {
                        Some(png) => png,
                        // Shown as a text board alone.
                        None => continue,
                    }
                }
            };
            files.push(rendered::Attachment {
                name: f.name,
                bytes,
                description: crate::app::presentation::alt_text::alt_text(&f.alt, lang),
            });
        }
        let buttons = r
            .buttons
            .into_iter()
            .map(|b| rendered::Button {
                id: b.id,
                url: b.url,
                label: l10n.text(lang, &b.label),
                style: b.style,
            })
            .collect();
        rendered::Reply {
            target: r.target,
            text,
            files,
            buttons,
            ephemeral: r.ephemeral,
        }
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
