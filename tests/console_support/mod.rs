//! A console session over a temporary database, for the console tests.
#![allow(dead_code)]

use tawlbot::console::Console;
use tawlbot::store::SqliteStore;

pub struct Session {
    _dir: tempfile::TempDir,
    pub db: std::path::PathBuf,
    pub out: std::path::PathBuf,
}

impl Session {
    pub fn new() -> Session {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("t.db");
        let out = dir.path().join("out");
        Session { _dir: dir, db, out }
    }

    /// Runs the lines in a fresh console over the session's database (so
    /// each call is a bot restart); returns everything printed.
    pub fn run<S: AsRef<str>>(&self, lines: &[S]) -> String {
        let store = SqliteStore::open(&self.db).unwrap();
        let mut c = Console::new(store, self.out.clone(), Vec::new());
        let script: Vec<&str> = lines.iter().map(AsRef::as_ref).collect();
        c.run(script.join("\n").as_bytes());
        String::from_utf8(c.into_output()).unwrap()
    }
}
