//! Helpers shared by the store tests: how a test player picks its next
//! move, and replaying stored moves.
//!
//! Until the rules land, moves are plain text ("m0", "m1", ...) and a game
//! never ends by itself; replay checks the texts are those.
#![allow(dead_code)]

use tawlbot::store::{GameRow, StoredMove};

pub const VARIANT: &str = "tablut";

/// The next move for a player who sees `row` with `moves` already played;
/// `None` when the game is over. `pick` varies the choice between players.
pub fn next_move(row: &GameRow, moves: &[String], pick: u64) -> Option<String> {
    let _ = (row, pick);
    Some(format!("m{}", moves.len()))
}

/// Replays stored moves; panics if one is not allowed. Returns whether the
/// game is over after them.
pub fn replay(row: &GameRow, moves: &[StoredMove]) -> bool {
    let _ = row;
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(m.text, format!("m{i}"), "move {i} is not what was played");
    }
    false
}
