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
//!   server:true`); on a server that chose none, in the language most of
//!   the game's players chose (the bot chooses none), else English, a tie
//!   too ([`App::channel_lang`]). The game: the one the reply is about
//!   (its board, its challenge), else the newest game of the channel it
//!   is posted in ([`App::players_where`]: an offer, a decline, a refusal,
//!   a reminder); a channel with no game: its reader's choice. Decided
//!   once per message, so a channel does not change language line by line
//!   with the mover or the addressee.
//! * **Boards.** A board in a reply (picture or text) is drawn as its
//!   reader chose with `/settings` (in a game against the bot, never the
//!   bot: its opponent), in a channel too: `board:` picture, text
//!   or both, `theme:`, and `flip:auto` (drawn from the side the reader
//!   plays). A player who chose `contrast` gets their turn notices in
//!   contrast whoever moved. Its words (caption, legend) are in the reply's
//!   language.
//!
//! **Read once.** A request (an input, a bot turn, a pass of the clock)
//! reads each player's choices, each display name and each server's
//! language once: the first read is kept in its [`Request`] and everything
//! after (the status line, the notifications, the picture's names, the
//! reply's language and board) takes it from there. A choice the request
//! itself changes (`/settings`, `/language`, `/notify`) is written through
//! [`App::set_choice`] or [`App::set_server_choice`], which forget the old
//! value. Outside a request (the web archive, a front end's notice) every
//! call reads the store, as before.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::app::presentation::messages::{BoardPicture, BoardStyle};
use crate::app::use_cases::clock::notify::{Notify, NOTIFY_SETTING};
use crate::app::use_cases::settings::{BOARD_SETTING, THEME_SETTING};
use crate::app::{presentation::picture, App, Response, ServerId, StoreError, Target, UserId};
use crate::domain::{ChannelId, GameId};
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

/// What a player chose (`/language`, `/settings`, `/notify`), read at once.
#[derive(Clone, Debug, Default)]
pub(crate) struct Seen {
    pub lang: Option<Lang>,
    pub theme: Option<String>,
    pub board: BoardStyle,
    pub flip: Flip,
    /// How they hear about their turns.
    pub notify: Notify,
    /// When their latest vacation ends (or ended): see app/use_cases/clock/vacation.rs.
    pub vacation: Option<i64>,
}

impl Seen {
    /// The choices among a player's stored settings (`(key, value)`).
    fn of(settings: Vec<(String, String)>) -> Seen {
        let mut seen = Seen::default();
        for (k, v) in settings {
            match k.as_str() {
                LANGUAGE_SETTING => seen.lang = Lang::parse(&v),
                THEME_SETTING => seen.theme = crate::render::theme::Theme::by_name(&v).map(|_| v),
                BOARD_SETTING => seen.board = BoardStyle::parse(&v).unwrap_or_default(),
                FLIP_SETTING => seen.flip = Flip::parse(&v).unwrap_or_default(),
                NOTIFY_SETTING => seen.notify = Notify::parse(&v).unwrap_or_default(),
                crate::app::use_cases::clock::vacation::VACATION_SETTING => {
                    seen.vacation = v.parse().ok()
                }
                _ => {}
            }
        }
        seen
    }
}

/// What is wrong with a stored player setting, for the doctor: a value
/// the readers above would not take (they fall back to the default).
/// Settings of other keys are not judged here.
pub(crate) fn setting_problem(key: &str, value: &str) -> Option<String> {
    let known = match key {
        LANGUAGE_SETTING => Lang::parse(value).is_some(),
        THEME_SETTING => crate::render::theme::Theme::by_name(value).is_some(),
        BOARD_SETTING => BoardStyle::parse(value).is_some(),
        FLIP_SETTING => Flip::parse(value).is_some(),
        NOTIFY_SETTING => Notify::parse(value).is_some(),
        _ => true,
    };
    (!known).then(|| format!("setting {key}: unknown value {value:?}"))
}

/// What one request has read already (see the module comment): each
/// player's choices, display names (`None`: no such player) and servers'
/// languages as stored. A failed read is not kept (the next asks again).
#[derive(Debug, Default)]
pub(crate) struct Request {
    /// The user whose input this answers (empty for the clock and the bot).
    asker: UserId,
    seen: Mutex<HashMap<UserId, Seen>>,
    names: Mutex<HashMap<UserId, Option<String>>>,
    langs: Mutex<HashMap<ServerId, Option<Lang>>>,
    /// The channel the input came from (empty for the clock and the bot).
    channel: Mutex<ChannelId>,
    /// Each channel's latest game this request has seen (loaded, or read
    /// for a reply's language): its id and players (`None`: no game).
    channel_games: Mutex<HashMap<ChannelId, Option<ChannelGame>>>,
}

/// A channel's latest game: its id and its two players.
type ChannelGame = (GameId, [UserId; 2]);

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// `key`'s value in `memo`, else `read` (kept when it worked).
fn once<K: std::hash::Hash + Eq + Clone, T: Clone, E>(
    memo: Option<&Mutex<HashMap<K, T>>>,
    key: &K,
    read: impl FnOnce() -> Result<T, E>,
) -> Result<T, E> {
    if let Some(v) = memo.and_then(|m| lock(m).get(key).cloned()) {
        return Ok(v);
    }
    let v = read()?;
    if let Some(m) = memo {
        lock(m).insert(key.clone(), v.clone());
    }
    Ok(v)
}

impl App {
    /// This app for one request answering `asker` (empty for the clock or
    /// the bot): what it reads of players and servers is read once.
    pub(crate) fn for_request(&self, asker: &UserId) -> App {
        App {
            request: Some(Arc::new(Request {
                asker: asker.clone(),
                ..Default::default()
            })),
            ..self.clone()
        }
    }

    /// Runs `f` as one request answering `asker` (see [`App::for_request`])
    /// and localises what it answers: the entry points a front end calls
    /// besides [`App::handle`] (members leaving, threads opened, ...).
    pub(crate) fn as_request(
        &self,
        asker: &UserId,
        server: &ServerId,
        f: impl FnOnce(&App) -> Response,
    ) -> crate::app::presentation::rendered::Response {
        let app = self.for_request(asker);
        let resp = f(&app);
        app.localise(resp, asker, server)
    }

    /// Reads at once, in one statement, what this request has not read yet
    /// of `players` (their names and choices) and of `server` (its
    /// language): the first thing a request does for its asker, and what a
    /// loaded game does for its players. Outside a request, or with
    /// everything read already, it reads nothing; a failed read is not
    /// kept (each value is then read alone, when it is needed).
    pub(crate) fn prefetch(&self, players: [&UserId; 2], server: &ServerId) {
        let Some(r) = self.request.as_deref() else {
            return;
        };
        let known = |p: &UserId| {
            p.is_empty() || (lock(&r.seen).contains_key(p) && lock(&r.names).contains_key(p))
        };
        let want: Vec<&UserId> = players.into_iter().filter(|p| !known(p)).collect();
        let want_server = !server.is_empty() && !lock(&r.langs).contains_key(server);
        let (first, second) = match want.as_slice() {
            [] if !want_server => return,
            [] => (&r.asker, &r.asker),
            [one] => (*one, *one),
            [a, b, ..] => (*a, *b),
        };
        let Ok(read) = self
            .store
            .readers([first, second], want_server.then_some(server))
        else {
            return;
        };
        let mut seen = lock(&r.seen);
        let mut names = lock(&r.names);
        for p in want {
            let found = read.players.iter().find(|r| r.id == *p);
            names.insert(p.clone(), found.map(|r| r.display_name.clone()));
            let choices = match found {
                Some(r) => Seen::of(r.settings.clone()),
                // No such player: no choices.
                None => Seen::default(),
            };
            seen.insert(p.clone(), choices);
        }
        if want_server {
            let lang = read.server_language.as_deref().and_then(Lang::parse);
            lock(&r.langs).insert(server.clone(), lang);
        }
    }

    /// Notes the channel the request's input came from: where a reply
    /// `Target::Here` is posted.
    pub(crate) fn note_channel(&self, channel: &ChannelId) {
        if let Some(r) = &self.request {
            *lock(&r.channel) = channel.clone();
        }
    }

    /// Notes that game `id` of `players` is in `channel` (a game this
    /// request loaded): the newest game of a channel is the one whose
    /// players a message posted there follows.
    pub(crate) fn note_game(&self, channel: &ChannelId, id: GameId, players: &[UserId; 2]) {
        let Some(r) = &self.request else { return };
        let mut games = lock(&r.channel_games);
        let newer = match games.get(channel) {
            Some(Some((known, _))) => id >= *known,
            _ => true,
        };
        if newer {
            games.insert(channel.clone(), Some((id, players.clone())));
        }
    }

    /// The players of the newest game in the channel a public reply
    /// aimed at `target` is posted in (`None`: no game there, a direct
    /// message, or a failed read).
    pub(crate) fn players_where(&self, target: &Target) -> Option<[UserId; 2]> {
        let channel = match target {
            Target::Channel(c) => c.clone(),
            Target::Here => lock(&self.request.as_deref()?.channel).clone(),
            Target::Dm(_) => return None,
        };
        if channel.is_empty() {
            return None;
        }
        let memo = self.request.as_deref().map(|r| &r.channel_games);
        once(memo, &channel, || {
            self.store
                .latest_game_in_channel(&channel)
                .map(|g| g.map(|g| (g.id, [g.first_player, g.second_player])))
        })
        .ok()
        .flatten()
        .map(|(_, p)| p)
    }

    /// The choices of `reader` (none for an empty reader; the defaults, logged,
    /// for a failed read).
    pub(crate) fn seen_by(&self, reader: &UserId) -> Seen {
        if reader.is_empty() {
            return Seen::default();
        }
        let memo = self.request.as_deref().map(|r| &r.seen);
        // A reply whose reader's choices cannot be read still goes out,
        // with the defaults; the failure is logged, not taken for "no
        // choices" silently.
        once(memo, reader, || {
            self.store.player_settings(reader).map(Seen::of)
        })
        .unwrap_or_else(|e| {
            tracing::error!("reading the choices of {reader}: {e}; the defaults are used");
            Seen::default()
        })
    }

    /// The theme of pictures drawn for the asker: their choice, else the
    /// app's.
    pub(crate) fn theme(&self) -> String {
        let Some(r) = self.request.as_deref() else {
            return self.theme.clone();
        };
        self.seen_by(&r.asker)
            .theme
            .unwrap_or_else(|| self.theme.clone())
    }

    /// A player's display name as stored (`None`: no such player, or the
    /// read failed).
    pub(crate) fn stored_name(&self, id: &UserId) -> Option<String> {
        let memo = self.request.as_deref().map(|r| &r.names);
        once(memo, id, || {
            self.store.get_player(id).map(|p| p.map(|p| p.display_name))
        })
        .ok()
        .flatten()
    }

    /// Notes that `id` is now called `name` in the store.
    pub(crate) fn renamed(&self, id: &UserId, name: &str) {
        if let Some(r) = &self.request {
            lock(&r.names).insert(id.clone(), Some(name.to_string()));
        }
    }

    /// Forgets what this request read of `player`'s choices (a change
    /// written by other means than [`App::set_choice`]: a vacation).
    pub(crate) fn forget_choices(&self, player: &UserId) {
        if let Some(r) = &self.request {
            lock(&r.seen).remove(player);
        }
    }

    /// Sets one of `player`'s settings; this request reads it again.
    pub(crate) fn set_choice(
        &self,
        player: &UserId,
        key: &str,
        value: &str,
    ) -> Result<(), StoreError> {
        let done = self.store.set_player_setting(player, key, value);
        if let Some(r) = &self.request {
            lock(&r.seen).remove(player);
        }
        done
    }

    /// Sets (or clears) `server`'s language; this request reads it again.
    pub(crate) fn set_server_choice(
        &self,
        server: &ServerId,
        lang: Option<Lang>,
    ) -> Result<(), StoreError> {
        let done = self.store.set_server_language(server, lang);
        if let Some(r) = &self.request {
            lock(&r.langs).remove(server);
        }
        done
    }

    /// The language `server` chose, as stored (a direct-message scope
    /// too), if any.
    pub(crate) fn stored_server_lang(&self, server: &ServerId) -> Option<Lang> {
        if server.is_empty() {
            return None;
        }
        let memo = self.request.as_deref().map(|r| &r.langs);
        once(memo, server, || self.store.server_language(server))
            .ok()
            .flatten()
    }

    /// The default language of `server`, if it chose one.
    pub(crate) fn server_lang(&self, server: &ServerId) -> Option<Lang> {
        if server.is_dm() {
            return None;
        }
        self.stored_server_lang(server)
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

    /// The language of a message posted in a channel: the server's, else
    /// the one most of `players` (a game's two, or the reader of a message
    /// about no game) chose, else English (a tie too). The bot chooses
    /// nothing. Decided once per message, the same for every reply.
    pub(crate) fn channel_lang(&self, server: &ServerId, players: &[UserId]) -> Lang {
        if let Some(l) = self.server_lang(server) {
            return l;
        }
        let mut counts = [0usize; Lang::ALL.len()];
        for p in players
            .iter()
            .filter(|p| !crate::app::use_cases::bot::is_bot(p))
        {
            if let Some(l) = self.seen_by(p).lang {
                counts[l.index()] += 1;
            }
        }
        let most = counts.iter().copied().max().unwrap_or(0);
        match Lang::ALL
            .iter()
            .filter(|l| counts[l.index()] == most)
            .count()
        {
            1 if most > 0 => Lang::ALL
                .into_iter()
                .find(|l| counts[l.index()] == most)
                .unwrap_or(Lang::En),
            _ => Lang::En,
        }
    }

    /// Draws `board` for `reader` as they chose (`seen`) in `style`: a
    /// text board appended to `text`, and the picture (returned, in their
    /// theme) unless they want the text board alone; turned to their side
    /// with `flip:auto`; words in `lang`.
    pub(crate) fn draw_board(
        &self,
        reader: &UserId,
        seen: &Seen,
        lang: Lang,
        style: BoardStyle,
        board: BoardPicture,
        text: &mut String,
    ) -> Option<Vec<u8>> {
        let b = board;
        let side = b.players.iter().position(|p| p == reader);
        let turned = seen.flip == Flip::Auto && side.is_some_and(|s| b.turned_for[s]);
        if style.text() {
            let d = if turned {
                b.diagram.turned_round()
            } else {
                b.diagram
            };
            text.push('\n');
            text.push_str(
                &crate::app::presentation::notation_words::diagram_text_with(&d, lang, &b.heading),
            );
        }
        if !style.picture() {
            return None;
        }
        let mut view = b.view;
        view.caption = Localiser::global().text(lang, &b.caption);
        view.turned = turned;
        let theme = seen.theme.as_deref().unwrap_or(&self.theme);
        Some(picture::draw(&view, theme, &b.chunks)).filter(|png| !png.is_empty())
    }
}
