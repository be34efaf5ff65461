//! OpenTafl Notation (OTN): positions, rules strings, moves and game records,
//! out and in. See `docs/otn.md` and `../shared/OTN.md`.
//!
//! - A position is `/row/row/.../`, **rank 1 first**, each row from file a;
//!   `t` attacker, `T` defender, `K` king, a number for a run of empty squares.
//!   In gwyddbwyll white is written as the attackers (`t`), black as the
//!   defenders (`T`) and the dux as a commander (`c` / `C`).
//! - A game record is `[tag:value]` lines (the rules tag last), a blank line,
//!   then `N. move move` lines.
//!
//! Rules OTN has no key for (the walker line capture, the corner guard,
//! king-steps, dice, all of gwyddbwyll) travel in the `variant` tag, which
//! names tawlbot's variant and options; the rules string is kept as close to
//! the game as OTN allows.

use std::collections::BTreeMap;

use super::{read_ranks, Letters, PositionError, Record, MAX_POSITION};
use crate::domain::EndReason;
use crate::rules::{
    Board, Escape, Family, Game, Kind, KingCapture, Piece, Played, Reason, Ruleset, Side, Square,
    SquareFlags,
};

mod moves;
mod position;
mod read;
mod record;
mod rules_tag;

pub use moves::*;
pub use position::*;
pub use read::*;
pub use record::*;
pub use rules_tag::*;

#[cfg(test)]
mod tests;
