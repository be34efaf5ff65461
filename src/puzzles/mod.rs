//! Puzzles: positions from real games where the side to move wins by force
//! in at most three of its own moves, and only one first move does it that
//! fast. Pure: no I/O (the shipped set is compiled in; `tawlbot puzzles
//! mine` in `crate::puzzles_cli` writes it).
//!
//! - [`prove`]: the exhaustive AND/OR search (every defence, no evaluation).
//! - [`tree`]: the solution tree, its text, and its check on `rules::Game`.
//! - [`mine`]: candidates from games, proven into [`Puzzle`]s.
//!
//! See docs/puzzles.md.

pub mod mine;
pub mod prove;
pub mod tree;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use crate::notation::otn;
use crate::rules::{Game, Move, Ruleset, Side};

pub use prove::{Prover, Step, MAX_LENGTH};
pub use tree::Line;

/// The shipped set (made by `tawlbot puzzles mine`, see docs/puzzles.md).
pub const SHIPPED: &str = include_str!("../../assets/puzzles.json");

/// One puzzle, as the shipped set and the store keep it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Puzzle {
    /// The variant and its options, as records write them: `goedhboell`,
    /// `gwyddbwyll size=8x8 dux`.
    pub variant: String,
    /// The position in OTN (`/row/.../`, rank 1 first).
    pub position: String,
    /// The side to play and win: the rules' name (attackers, defenders,
    /// white, black).
    pub side: String,
    /// The solver's moves to the win.
    pub length: u32,
    /// The solution tree ([`tree`]'s text).
    pub solution: String,
    /// The main line: the solution against the strongest defence.
    pub line: Vec<String>,
    /// Where the position came from.
    pub source: String,
    /// The puzzle's starting rating (Glicko-2 scale).
    pub rating: u32,
}

/// The shipped set, numbered from 1 in file order.
pub fn shipped() -> Result<Vec<Puzzle>, String> {
    serde_json::from_str(SHIPPED).map_err(|e| format!("assets/puzzles.json: {e}"))
}

impl Puzzle {
    /// The ruleset of the puzzle's variant and options.
    pub fn rules(&self) -> Result<Ruleset, String> {
        let mut words = self.variant.split_whitespace();
        let v = words.next().ok_or("a puzzle with no variant")?;
        let opts: Vec<String> = words.map(str::to_string).collect();
        Ruleset::from_spec(v, &opts)
    }

    /// A fresh game at the puzzle's position, the solver to move.
    pub fn game(&self) -> Result<Game, String> {
        let rules = self.rules()?;
        let side = rules
            .side_named(&self.side)
            .ok_or_else(|| format!("no side {:?} in {}", self.side, self.variant))?;
        let board = otn::parse_position(&rules, &self.position).map_err(|e| format!("{e:?}"))?;
        Game::from_position(rules, board, side, 0)
    }

    /// The solver's side.
    pub fn solver(&self) -> Result<Side, String> {
        Ok(self.game()?.turn())
    }

    /// The solution tree.
    pub fn tree(&self) -> Result<Line, String> {
        tree::parse_line(&self.solution)
    }

    /// The main line as moves.
    pub fn main_line(&self) -> Vec<Move> {
        self.line
            .iter()
            .filter_map(|m| tree::parse_move(m))
            .collect()
    }

    /// The whole proof, again: the solution tree wins within `length`
    /// against every defence (checked on `rules::Game`), the solver has no
    /// faster win, and no other first move wins within `length` (the
    /// exhaustive prover).
    pub fn prove(&self) -> Result<(), String> {
        let game = self.game()?;
        let line = self.tree()?;
        tree::verify(&game, &line, self.length)?;
        let mut p = Prover::new(&game).ok_or("the position is no puzzle (over, or dice)")?;
        if self.length > 1 && p.wins_within(self.length - 1) {
            return Err(format!("there is a win in {}", self.length - 1));
        }
        let wins = p.winning_moves(self.length, 2);
        if wins != vec![line.mv] {
            return Err(format!(
                "the winning first moves are {:?}, not only {}",
                wins.iter().map(|m| tree::move_text(*m)).collect::<Vec<_>>(),
                tree::move_text(line.mv)
            ));
        }
        Ok(())
    }
}
