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

/// How many moves a game of `plies` plies counts, in the same numbering:
/// the turns begun (as lichess counts "34 moves"). 3 plies are 2 moves
/// (the second one half played), 4 plies 2 moves.
pub fn turn_count(plies: usize) -> usize {
    plies.div_ceil(2)
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
