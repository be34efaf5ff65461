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
}

/// One console line: `who` says `text` in `channel`.
pub fn say(who: &str, channel: &str, text: &str) -> String {
    format!("{who}@{channel}: {text}")
}
