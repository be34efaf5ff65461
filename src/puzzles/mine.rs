//! Mining: positions of finished games where the winner was to move near
//! the end, proven by the exhaustive search into puzzles.

use std::collections::HashSet;

use crate::notation::otn;
use crate::rules::Game;

use super::prove::{Prover, Step, MAX_LENGTH};
use super::tree::{self, Line};
use super::Puzzle;

/// How many plies before a decided game's end are searched for puzzles
/// (positions with the winner to move).
pub const SCAN_PLIES: usize = 12;

/// A fresh game at the position of `game` (its side to move, no history).
pub fn fresh(game: &Game) -> Option<Game> {
    Game::from_position(game.rules().clone(), game.board().clone(), game.turn(), 0).ok()
}

/// The positions of a finished game worth proving: among the last
/// [`SCAN_PLIES`] plies, those with the eventual winner to move, latest
/// first, each with its ply and as a fresh game.
pub fn candidates(game: &Game) -> Vec<(usize, Game)> {
    let rules = game.rules();
    if rules.dice {
        return Vec::new();
    }
    let Some(winner) = game.outcome().and_then(|o| o.winner) else {
        return Vec::new();
    };
    let Ok(mut replay) = Game::from_position(
        rules.clone(),
        game.start().clone(),
        game.first(),
        game.seed(),
    ) else {
        return Vec::new();
    };
    let n = game.record().len();
    let from = n.saturating_sub(SCAN_PLIES);
    let mut out = Vec::new();
    for (ply, p) in game.record().iter().enumerate() {
        if ply >= from && replay.turn() == winner && !replay.is_over() {
            if let Some(f) = fresh(&replay) {
                out.push((ply, f));
            }
        }
        if replay.play(p.mv).is_err() {
            break;
        }
    }
    out.reverse();
    out
}

/// The starting rating of a puzzle: longer puzzles, and positions with
/// more moves to choose from, start higher. Players' results move it.
pub fn initial_rating(length: u32, choices: usize) -> u32 {
    900 + 350 * length.saturating_sub(1) + (choices.min(200) as u32) * 2
}

/// The main line: the solution against the strongest defence at each turn.
pub fn main_line(p: &mut Prover, line: &Line, length: u32) -> Vec<String> {
    let mut out = vec![tree::move_text(line.mv)];
    let mut played = 1;
    p.play(line.mv);
    let mut cur = line;
    let mut left = length - 1;
    while p.step() == Step::Go && left > 0 {
        let Some((d, _)) = p.strongest_defence(left) else {
            break;
        };
        p.play(d);
        played += 1;
        out.push(tree::move_text(d));
        if p.step() != Step::Go {
            break;
        }
        let Some(a) = cur.answer(d) else { break };
        p.play(a.mv);
        played += 1;
        out.push(tree::move_text(a.mv));
        cur = a;
        left -= 1;
    }
    for _ in 0..played {
        p.undo();
    }
    out
}

/// Proves the position of `game` (fresh, its side to move): a puzzle if the
/// side to move wins within [`MAX_LENGTH`] and only one first move wins that
/// fast; `None` otherwise.
pub fn prove_position(game: &Game, source: &str) -> Option<Puzzle> {
    if game.decided_at_start() {
        return None;
    }
    let mut p = Prover::new(game)?;
    let n = p.shortest_win(MAX_LENGTH)?;
    let wins = p.winning_moves(n, 2);
    if wins.len() != 1 {
        return None;
    }
    let line = tree::build(&mut p, n)?;
    let choices = p.moves().len();
    let rules = game.rules();
    let puzzle = Puzzle {
        variant: rules.spec(),
        position: otn::write_position(game.board()),
        side: rules.side_name(game.turn()).to_string(),
        length: n,
        solution: line.to_string(),
        line: main_line(&mut p, &line, n),
        source: source.to_string(),
        rating: initial_rating(n, choices),
    };
    // The tree is checked on the rules themselves before it is kept.
    tree::verify(game, &line, n).ok()?;
    Some(puzzle)
}

/// Mines puzzles from finished games (each with a name for its source),
/// at most `per_game` from one game, no position twice.
pub fn mine<'a>(
    games: impl IntoIterator<Item = (&'a Game, String)>,
    per_game: usize,
    seen: &mut HashSet<(String, String, String)>,
) -> Vec<Puzzle> {
    let mut out = Vec::new();
    for (game, name) in games {
        let mut found = 0;
        for (ply, cand) in candidates(game) {
            if found >= per_game {
                break;
            }
            let key = (
                cand.rules().spec(),
                otn::write_position(cand.board()),
                cand.rules().side_name(cand.turn()).to_string(),
            );
            if seen.contains(&key) {
                continue;
            }
            if let Some(p) = prove_position(&cand, &format!("{name} ply {}", ply + 1)) {
                seen.insert(key);
                out.push(p);
                found += 1;
            }
        }
    }
    out
}
