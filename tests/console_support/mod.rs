//! A console session over a temporary database of the current backend
//! (tests/backends: SQLite, or PostgreSQL in a file's `postgres::` twins),
//! for the console tests.
#![allow(dead_code)]

pub mod direct;

use tawlbot::console::Console;

pub struct Session {
    _dir: tempfile::TempDir,
    _db: crate::backends::TestDb,
    /// What `--db` and `tawlbot::store::open` take: a file path, or a
    /// `postgres://` URL.
    pub db: String,
    pub out: std::path::PathBuf,
}

impl Session {
    pub fn new() -> Session {
        let dir = tempfile::tempdir().unwrap();
        let db = crate::backends::fresh_db();
        let out = dir.path().join("out");
        Session {
            _dir: dir,
            db: db.target.clone(),
            _db: db,
            out,
        }
    }

    /// Runs the lines in a fresh console over the session's database (so
    /// each call is a bot restart); returns everything printed, without
    /// the catalogue's bidirectional isolation marks (the tests compare
    /// words).
    pub fn run<S: AsRef<str>>(&self, lines: &[S]) -> String {
        let store = tawlbot::store::open(&self.db).unwrap();
        let mut c = Console::new(store, self.out.clone(), Vec::new());
        let script: Vec<&str> = lines.iter().map(AsRef::as_ref).collect();
        c.run(script.join("\n").as_bytes());
        tawlbot::i18n::without_isolation(&String::from_utf8(c.into_output()).unwrap())
    }

    /// The newest game in `channel`, replayed (as a new process reads it).
    pub fn latest_game(&self, channel: &str) -> tawlbot::app::Loaded {
        let app = tawlbot::app::App::new(tawlbot::store::open(&self.db).unwrap());
        let row = app
            .store()
            .latest_game_in_channel(&channel.into())
            .unwrap()
            .expect("a game");
        app.load(row).unwrap()
    }
}

/// One console line: `who` says `text` in `channel`.
pub fn say(who: &str, channel: &str, text: &str) -> String {
    format!("{who}@{channel}: {text}")
}

/// The moves of a tawlbwrdd game in `channel` in which the king escapes:
/// `attacker` (who moves first) loses to `defender` in 10 moves.
pub fn king_escapes(channel: &str, attacker: &str, defender: &str) -> Vec<String> {
    let moves = [
        "e2-c2", "g7-g9", "g2-i2", "f7-g7", "c2-c3", "f8-h8", "i2-i3", "f6-f9", "c3-c4", "f9-a9",
    ];
    moves
        .iter()
        .enumerate()
        .map(|(i, m)| say(if i % 2 == 0 { attacker } else { defender }, channel, m))
        .collect()
}

/// The start of a tournament's script in `channel`: olga is made an
/// administrator and creates it with `options` (what follows
/// `/tournament create `), then `players` join, in that order.
pub fn tournament_signup(channel: &str, options: &str, players: &[&str]) -> Vec<String> {
    let mut script = vec![
        ":admin olga".to_string(),
        say("olga", channel, &format!("/tournament create {options}")),
    ];
    script.extend(players.iter().map(|p| say(p, channel, "/tournament join")));
    script
}
