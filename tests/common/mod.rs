//! Helpers shared by the store tests and benchmark: how a test player picks
//! its next move (a legal move from the rules, written in the notation),
//! and replaying stored moves through the rules.
#![allow(dead_code)]

use tawlbot::notation::{format_move, play_text};
use tawlbot::rules::{Game, Ruleset};
use tawlbot::store::{GameRow, StoredMove};

pub const VARIANT: &str = "tawlbwrdd";

/// The position after `moves`, replayed through the rules.
pub fn position<S: AsRef<str>>(row: &GameRow, moves: &[S]) -> Game {
    let rules = Ruleset::from_spec(&row.variant, &row.options).expect("stored ruleset");
    let mut game = Game::new(rules, row.seed);
    for (i, m) in moves.iter().enumerate() {
        if let Err(e) = play_text(&mut game, m.as_ref()) {
            panic!("stored move {i} {:?} is not legal: {e:?}", m.as_ref());
        }
    }
    game
}

/// A legal next move for a player who sees `row` with `moves` already
/// played; `None` when the game is over. `pick` varies the choice.
pub fn next_move(row: &GameRow, moves: &[String], pick: u64) -> Option<String> {
    choose(row, moves, pick, false).map(|(text, _)| text)
}

/// Like [`next_move`], also telling whether the move ends the game. With
/// `keep_going`, prefers moves that do not end it (for long games).
pub fn choose(
    row: &GameRow,
    moves: &[String],
    pick: u64,
    keep_going: bool,
) -> Option<(String, bool)> {
    let game = position(row, moves);
    if game.is_over() {
        return None;
    }
    let legal = game.legal_moves();
    if legal.is_empty() {
        return None;
    }
    let start = (pick.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 33) as usize % legal.len();
    let mut fallback = None;
    for k in 0..legal.len() {
        let mv = legal[(start + k) % legal.len()];
        let mut after = game.clone();
        after.play(mv).expect("legal move");
        let text = format_move(game.rules(), &mv);
        let ends = after.is_over();
        if !keep_going || !ends {
            return Some((text, ends));
        }
        fallback.get_or_insert((text, ends));
    }
    fallback
}

/// Replays stored moves through the rules; panics if one is not legal.
/// Returns whether the game is over after them.
pub fn replay(row: &GameRow, moves: &[StoredMove]) -> bool {
    let texts: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
    position(row, &texts).is_over()
}
