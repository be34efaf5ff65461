//! The games themselves: boards, pieces, variants as data, move generation,
//! captures and outcomes. Pure: no I/O, no Discord, no SQL.
//!
//! Every variant is a [`Ruleset`] value built by a preset in [`variants`];
//! there is one move generator and one capture routine, driven by that data.

mod board;
mod game;
mod variants;

#[cfg(test)]
mod tests;

pub use board::{Board, Kind, Piece, Side, Square, MAX_SIDE};
pub(crate) use game::splitmix;
pub use game::{Game, MoveError, Outcome, Played, Reason, Throw};
#[cfg(test)]
pub(crate) use variants::variant;
pub use variants::{
    lookup, lookup_in, tafl_base, Capture, Escape, Family, KingCapture, Notation, Opts, Ruleset,
    SpecError, SquareFlags, VariantInfo, Words, VARIANTS,
};

/// A move: one piece from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl Move {
    pub fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}

/// The result of a game in one word: `ongoing`, a side's name, or `draw`.
pub fn result_word(game: &Game) -> &'static str {
    match game.outcome() {
        None => "ongoing",
        Some(o) => match o.winner {
            Some(s) => game.rules().side_name(s),
            None => "draw",
        },
    }
}
