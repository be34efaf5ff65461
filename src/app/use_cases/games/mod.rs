//! Games and moves: one lifecycle for every game (start, move, end), what
//! follows a change, playing and resigning, conditional moves, a game's
//! start position and its export.

pub(in crate::app) mod conditional;
pub(in crate::app) mod events;
pub(in crate::app) mod export;
pub(in crate::app) mod lifecycle;
pub(in crate::app) mod outcomes;
pub(in crate::app) mod play;
pub(in crate::app) mod start_position;
