//! `/export`: a game's record (tawlbot's own or OTN) and the GIF of every
//! position. It is the slowest command: its files are kept per game and move
//! count (and result), and each user may ask once a minute.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use crate::domain::GameId;

/// How long a user waits between two exports, in seconds.
pub const EXPORT_EVERY: i64 = 60;
/// How many exports are kept.
const KEEP: usize = 16;

/// The files of one export.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportFiles {
    pub record: Vec<u8>,
    pub gif: Vec<u8>,
}

/// What an export of `game` is made from: its moves (each one, so a
/// takeback followed by another move is a new version) and its outcome.
pub fn version(game: &crate::rules::Game) -> String {
    let rules = game.rules();
    let mut v = String::new();
    for p in game.record() {
        v.push_str(&crate::notation::format_played(rules, p));
        v.push(' ');
    }
    v.push_str(&format!("{:?}", game.outcome()));
    v
}

#[derive(Default)]
struct Inner {
    /// (game id, version) -> files, oldest first.
    files: VecDeque<((GameId, String), Arc<ExportFiles>)>,
    /// user id -> time of their last export.
    last: HashMap<String, i64>,
}

/// The cache and the per-user limit; cheap to clone (shared).
#[derive(Clone, Default)]
pub struct ExportCache {
    inner: Arc<Mutex<Inner>>,
}

impl ExportCache {
    fn inner(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether `user` may export at `now`; if so, counts this export. `Err`
    /// holds the seconds left to wait.
    pub fn allow(&self, user: &str, now: i64) -> Result<(), i64> {
        let mut inner = self.inner();
        if let Some(&last) = inner.last.get(user) {
            let wait = last + EXPORT_EVERY - now;
            if wait > 0 {
                return Err(wait);
            }
        }
        inner.last.retain(|_, t| *t + EXPORT_EVERY > now);
        inner.last.insert(user.to_string(), now);
        Ok(())
    }

    /// The files of game `game` at `version` (its move count, and its result
    /// once it has one), made by `make` unless kept.
    pub fn get_or_make(
        &self,
        game: GameId,
        version: &str,
        make: impl FnOnce() -> ExportFiles,
    ) -> Arc<ExportFiles> {
        let key = (game, version.to_string());
        if let Some((_, f)) = self.inner().files.iter().find(|(k, _)| *k == key) {
            return Arc::clone(f);
        }
        // Made outside the lock: two users may make the same export at once,
        // which is harmless; a lock held while drawing a GIF would not be.
        let made = Arc::new(make());
        let mut inner = self.inner();
        inner.files.retain(|(k, _)| k.0 != game);
        inner.files.push_back((key, Arc::clone(&made)));
        while inner.files.len() > KEEP {
            inner.files.pop_front();
        }
        made
    }
}

use crate::app::presentation::messages::FileDraft;
use crate::app::{
    presentation::picture, use_cases::clock::time, App, Ctx, Loaded, Reply, Response,
};
use crate::i18n::Msg;
use crate::notation;

impl App {
    /// `/export [format:tawlbot|otn]`: `otn` gives the game as an OTN game
    /// record (OpenTafl's format, see docs/otn.md); else the export as before.
    /// `/export [format:] [game:N]`: this channel's game (its latest), or
    /// any game of the server by its number.
    pub(crate) fn export_view(
        &self,
        ctx: &Ctx,
        format: Option<&str>,
        game: Option<&str>,
    ) -> Response {
        let otn = match format.map(|s| s.trim().to_lowercase()) {
            None => false,
            Some(f) if f == "tawlbot" => false,
            Some(f) if f == "otn" => true,
            Some(_) => return Response::one(Reply::tell(Msg::new("export-format-unknown"))),
        };
        let l = match game {
            Some(id) => self.server_game(ctx, id),
            None => self.channel_game(ctx, true),
        };
        let l = match l {
            Ok(l) => l,
            Err(r) => return r,
        };
        if otn {
            self.export_otn(l)
        } else {
            self.export(ctx, l)
        }
    }

    /// `/export` in tawlbot's own format: the record and the GIF of every
    /// position, made once per game and move count, once a minute per user.
    pub(in crate::app) fn export(&self, ctx: &Ctx, l: Loaded) -> Response {
        if let Err(wait) = self.exports.allow(&ctx.user.id, ctx.now) {
            return Response::one(Reply::tell(Msg::new("export-wait").num("seconds", wait)));
        }
        let version = version(&l.game);
        let files = self
            .exports
            .get_or_make(l.row.id, &version, || ExportFiles {
                record: notation::write_record(&self.record_of(&l, &self.names_of(&l)))
                    .into_bytes(),
                gif: picture::replay_gif(&l.game, &self.theme()),
            });
        let mut r = Reply::say(Msg::new("export-record").num("id", l.row.id));
        r.files.push(FileDraft::file(
            format!("game-{}.txt", l.row.id),
            files.record.clone(),
        ));
        if !files.gif.is_empty() {
            r.files.push(FileDraft::file(
                format!("game-{}.gif", l.row.id),
                files.gif.clone(),
            ));
            r = r.alt(crate::app::presentation::alt_text::alt_of_gif(&l.game));
        }
        if let Some(link) = self.game_link(&l.row) {
            r = r.line(Msg::new("web-game-link").str("link", link));
        }
        Response::one(r)
    }

    /// The game as an OTN game record (what `/export format:otn` sends).
    /// The dice's seed stays secret while the game is played.
    pub(crate) fn otn_text(&self, l: &Loaded) -> String {
        let names = [
            self.raw_name_of(&l.players[0]),
            self.raw_name_of(&l.players[1]),
        ];
        // A tournament game names its tournament (event) and round.
        let (event, round) = match l
            .row
            .tournament_match_id
            .and_then(|m| self.store.get_match(m).ok().flatten())
        {
            Some(m) => (
                self.store
                    .get_tournament(m.tournament_id)
                    .ok()
                    .flatten()
                    .map(|t| t.name),
                Some(m.round.to_string()),
            ),
            None => (None, None),
        };
        let mut extra = vec![("game".to_string(), l.row.id.to_string())];
        extra.push((
            "rated".to_string(),
            if l.row.rated { "yes" } else { "no" }.to_string(),
        ));
        let tags = crate::notation::otn::Tags {
            event,
            round,
            site: Some("Discord, tawlbot".into()),
            date: Some(time::date(l.row.created_at).chars().take(10).collect()),
            players: [Some(names[0].clone()), Some(names[1].clone())],
            time_control: crate::notation::otn::time_control(&l.row.time_control.to_string()),
            extra,
        };
        crate::notation::otn::write_game_with(&l.game, &tags, l.game.is_over())
    }

    fn export_otn(&self, l: Loaded) -> Response {
        let text = self.otn_text(&l);
        let mut r = Reply::say(Msg::new("export-otn").num("id", l.row.id));
        r.files.push(FileDraft::file(
            format!("game-{}.otn", l.row.id),
            text.into_bytes(),
        ));
        if let Some(link) = self.game_link(&l.row) {
            r = r.line(Msg::new("web-game-link").str("link", link));
        }
        Response::one(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_export_a_minute_per_user() {
        let c = ExportCache::default();
        assert_eq!(c.allow("a", 1000), Ok(()));
        assert_eq!(c.allow("a", 1010), Err(50));
        assert_eq!(c.allow("b", 1010), Ok(()));
        assert_eq!(c.allow("a", 1059), Err(1));
        assert_eq!(c.allow("a", 1060), Ok(()));
    }

    #[test]
    fn files_are_made_once_per_game_and_move_count() {
        let c = ExportCache::default();
        let made = std::cell::Cell::new(0);
        let make = |n: u8| {
            made.set(made.get() + 1);
            ExportFiles {
                record: vec![n],
                gif: vec![],
            }
        };
        assert_eq!(c.get_or_make(GameId(1), "10", || make(1)).record, [1]);
        assert_eq!(c.get_or_make(GameId(1), "10", || make(2)).record, [1]);
        assert_eq!(c.get_or_make(GameId(1), "11", || make(3)).record, [3]);
        assert_eq!(c.get_or_make(GameId(2), "11", || make(4)).record, [4]);
        assert_eq!(c.get_or_make(GameId(1), "11", || make(5)).record, [3]);
        assert_eq!(made.get(), 3);
        // The old position of game 1 was dropped when it moved on.
        assert_eq!(c.inner().files.len(), 2);
        for g in 10..40 {
            c.get_or_make(GameId(g), "1", || make(0));
        }
        assert_eq!(c.inner().files.len(), KEEP);
    }
}
