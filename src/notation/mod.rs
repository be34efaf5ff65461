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

/// The number of the turn that holds ply `ply` (counted from 0): plies 0
/// and 1 are turn 1, plies 2 and 3 turn 2. OTN numbers its move lines by
/// turn; the status line ("move 2"), /history and the alt text's heading
/// number moves the same way.
pub fn turn_number(ply: usize) -> usize {
    ply / 2 + 1
}

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
