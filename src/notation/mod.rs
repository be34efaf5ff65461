//! Squares, moves, positions and records: parse and print.
//!
//! Parsing is two steps, as in shakmaty's `San` / `SanError`: [`parse_move`]
//! reads the syntax alone (no board needed) into a [`MoveText`]; [`resolve`]
//! then checks it against a game and yields a [`Move`]. Every error turns into
//! a sentence a player understands with [`explain`].

pub mod describe;
pub mod diagram;
pub mod otn;
mod record;

pub use record::{parse_record, write_record, Record, RecordError, RecordHeader};

use std::fmt;

use crate::rules::{
    Board, Family, Game, Kind, Move, MoveError, Notation, Piece, Played, Ruleset, Side, Square,
    SquareFlags, MAX_SIDE,
};

mod explain;
mod movetext;
mod position;
mod square;

pub use explain::*;
pub use movetext::*;
pub use position::*;
pub use square::*;

#[cfg(test)]
mod tests {
    fn rust_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                rust_files(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }

    /// `notation` knows no language and no use case: its errors and legend
    /// lines are data, worded by `app` from the catalogue.
    #[test]
    fn notation_uses_neither_app_nor_i18n() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/notation");
        let mut files = Vec::new();
        rust_files(&root, &mut files);
        assert!(files.len() > 10);
        let mut found = Vec::new();
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            for (n, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                let needles = ["app", "i18n", "discord", "console"].map(|m| format!("crate::{m}"));
                if needles.iter().any(|w| code.contains(w.as_str())) {
                    found.push(format!("{}:{}: {line}", f.display(), n + 1));
                }
            }
        }
        assert!(found.is_empty(), "{}", found.join("\n"));
    }
}
