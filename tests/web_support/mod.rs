//! A database for the web archive's tests and benchmark: a finished rated
//! game, a running game and a one-round tournament played through the
//! console, a 100-move game, a game on a private server and one in direct
//! messages; players named like attacks on HTML.
#![allow(dead_code)]

#[path = "../common/mod.rs"]
mod common;

use tawlbot::app::App;
use tawlbot::console::Console;
use tawlbot::store::prelude::*;
use tawlbot::store::{NewGame, NewMove, SharedStore, SqliteStore};

/// The console's server (made public).
pub const PUBLIC: &str = tawlbot::console::SERVER;
/// A server whose archive stays private.
pub const PRIVATE: &str = "guild-private";
/// alice's display name.
pub const SCRIPT_NAME: &str = "<script>alert(1)</script>";
/// bob's display name.
pub const QUOTE_NAME: &str = "\"onmouseover=alert(1) x=\"";

pub struct Fixture {
    pub dir: tempfile::TempDir,
    /// What `--db` takes: the SQLite file `web.db` in `dir`, or (after
    /// [`Fixture::moved_to`]) a `postgres://` URL.
    pub db: String,
    pub store: SharedStore,
    pub app: App,
    /// What keeps a moved fixture's database alive.
    keep: Option<Box<dyn std::any::Any + Send>>,
    /// alice (defenders) beats bob in 10 moves, rated.
    pub finished: GameId,
    /// alice v carol, three moves in.
    pub running: GameId,
    /// 100 moves, finished (bob resigns).
    pub long: GameId,
    pub private: GameId,
    pub dm: GameId,
    pub tournament: TournamentId,
    /// The tournament's game.
    pub tournament_game: GameId,
}

fn console(db: &std::path::Path, out: &std::path::Path, lines: &[String]) -> String {
    let store = SqliteStore::open(db).unwrap();
    let mut c = Console::new(store, out.to_path_buf(), Vec::new());
    c.run(lines.join("\n").as_bytes());
    tawlbot::i18n::without_isolation(&String::from_utf8(c.into_output()).unwrap())
}

fn say(who: &str, channel: &str, text: &str) -> String {
    format!("{who}@{channel}: {text}")
}

/// A game of `moves` moves stored directly (on any server), ended with a
/// resignation when `finish`.
pub fn stored_game(
    store: &dyn Store,
    server: &str,
    channel: &str,
    players: [&str; 2],
    moves: usize,
    finish: bool,
    at: i64,
) -> GameId {
    let id = store
        .create_game(&NewGame {
            server_id: server.into(),
            channel_id: channel.into(),
            variant: common::VARIANT.into(),
            seed: 7,
            first_side: tawlbot::rules::Side::First,
            first_player: players[0].into(),
            second_player: players[1].into(),
            created_at: at,
            ..NewGame::default()
        })
        .unwrap();
    let row = store.get_game(id).unwrap().unwrap();
    let mut played: Vec<String> = Vec::new();
    for i in 0..moves {
        let Some((mv, _)) = common::choose(&row, &played, i as u64, true) else {
            break;
        };
        store
            .append_move_clocked(
                &NewMove {
                    game_id: id,
                    expected_number: i as u32,
                    text: &mv,
                    player_id: players[i % 2],
                    at: at + i as i64 * 60,
                    source_id: &format!("{channel}-{id}-{i}"),
                    ..NewMove::default()
                },
                None,
            )
            .unwrap();
        played.push(mv);
    }
    if finish && !common::position(&row, &played).is_over() {
        store
            .finish_game(
                id,
                None,
                tawlbot::store::GameResult::Won(tawlbot::rules::Side::First),
                tawlbot::store::EndReason::Resignation,
                at + 10_000,
            )
            .unwrap();
    }
    id
}

pub fn fixture() -> Fixture {
    fixture_in(tempfile::tempdir().unwrap())
}

/// [`fixture`] with its database `web.db` in `dir`.
pub fn fixture_in(dir: tempfile::TempDir) -> Fixture {
    let db = dir.path().join("web.db");
    let out = dir.path().join("out");
    let g = "general";
    // A rated game the defender wins by the king's escape.
    let escape = [
        "e2-c2", "g7-g9", "g2-i2", "f7-g7", "c2-c3", "f8-h8", "i2-i3", "f6-f9", "c3-c4", "f9-a9",
    ];
    let mut lines = vec![
        ":admin olga".to_string(),
        say(
            "alice",
            g,
            "/challenge opponent:@bob variant:tawlbwrdd side:defenders rated:true",
        ),
        say("bob", g, "/accept"),
    ];
    for (i, m) in escape.iter().enumerate() {
        lines.push(say(if i % 2 == 0 { "bob" } else { "alice" }, g, m));
    }
    // A running game.
    lines.push(say(
        "alice",
        "hall",
        "/challenge opponent:@carol variant:tawlbwrdd side:defenders",
    ));
    lines.push(say("carol", "hall", "/accept"));
    for (i, m) in escape[..3].iter().enumerate() {
        lines.push(say(if i % 2 == 0 { "carol" } else { "alice" }, "hall", m));
    }
    // A tournament of two.
    lines.push(say(
        "olga",
        g,
        "/tournament create name:Spring <b>Cup</b> variant:tawlbwrdd format:round-robin match:single",
    ));
    lines.push(say("alice", g, "/tournament join"));
    lines.push(say("carol", g, "/tournament join"));
    lines.push(say("olga", g, "/tournament start"));
    let log = console(&db, &out, &lines);
    let store = SqliteStore::open(&db).unwrap();
    let finished = store
        .latest_game_in_channel(&g.into())
        .unwrap()
        .expect(&log)
        .id;
    let running = store
        .active_game_in_channel(&"hall".into())
        .unwrap()
        .expect(&log)
        .id;
    let tournament = store.tournaments_on_server(&PUBLIC.into()).unwrap()[0].id;
    let m = store.tournament_matches(tournament).unwrap()[0].clone();
    let tg = store.games_of_match(m.id).unwrap()[0].clone();
    // carol resigns the tournament game.
    let log2 = console(&db, &out, &[say("carol", &tg.channel_id, "/resign")]);
    assert!(
        store
            .get_game(tg.id)
            .unwrap()
            .unwrap()
            .finished_at
            .is_some(),
        "{log}\n{log2}"
    );
    let long = stored_game(
        &store,
        PUBLIC,
        "long",
        ["bob", "carol"],
        100,
        true,
        1_767_300_000,
    );
    let private = stored_game(
        &store,
        PRIVATE,
        "p1",
        ["alice", "bob"],
        6,
        true,
        1_767_300_000,
    );
    let dm = stored_game(
        &store,
        "dm:alice",
        "dm-alice",
        ["alice", "bot"],
        4,
        false,
        1_767_300_000,
    );
    store.set_archive_public(&PUBLIC.into(), true).unwrap();
    // The server's name as Discord gives it (GUILD_CREATE), with markup
    // the pages must escape.
    store
        .set_server_name(&PUBLIC.into(), "The <i>Tafl</i> Hall")
        .unwrap();
    store.upsert_player(&"alice".into(), SCRIPT_NAME).unwrap();
    store.upsert_player(&"bob".into(), QUOTE_NAME).unwrap();
    let store: SharedStore = std::sync::Arc::new(store);
    let app = App::new(store.clone()).with_public_url(Some("https://archive.example".into()));
    Fixture {
        db: db.to_string_lossy().into_owned(),
        dir,
        store,
        app,
        keep: None,
        finished,
        running,
        long,
        private,
        dm,
        tournament,
        tournament_game: tg.id,
    }
}

impl Fixture {
    /// The same archive on the PostgreSQL database `url` (empty): copied
    /// there by `tawlbot migrate-db` (every id kept), the store and the app
    /// over it. `keep` (the database's guard) lives as long as the fixture.
    /// Blocking: call it off the async runtime.
    pub fn moved_to(mut self, url: &str, keep: Box<dyn std::any::Any + Send>) -> Fixture {
        let sqlite = self.db.clone();
        tawlbot::store::dump::migrate_db(&sqlite, url).unwrap();
        self.store = tawlbot::store::open(url).unwrap();
        self.app =
            App::new(self.store.clone()).with_public_url(Some("https://archive.example".into()));
        self.db = url.to_string();
        self.keep = Some(keep);
        self
    }
}
