//! A game's start: the variant's own position, or the one a challenge gave
//! (`/challenge ... position:`), read and checked once and kept with the
//! challenge and its game as OTN.

use crate::app::{Reply, Response};
use crate::i18n::Msg;
use crate::rules::{Game, Ruleset, Side};

/// `/challenge ... position:`: the position read (OTN, or tawlbot's rows
/// separated by `/`) and checked, as the OTN position to store with the
/// challenge; a refusal with every problem otherwise.
pub(crate) fn position_option(
    rules: &Ruleset,
    text: Option<&str>,
) -> Result<Option<String>, Response> {
    let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    match crate::notation::otn::read_position(rules, text) {
        Ok(board) => {
            // Whoever moves first (the coin may give it to either side), a
            // position already won or lost is no game.
            let decided = [Side::First, Side::Second].into_iter().any(|side| {
                Game::from_position(rules.clone(), board.clone(), side, 0)
                    .is_ok_and(|g| g.decided_at_start())
            });
            if decided {
                return Err(Response::one(Reply::tell(
                    Msg::new("position-decided").str("game", rules.name),
                )));
            }
            Ok(Some(crate::notation::otn::write_position(&board)))
        }
        Err(e) => {
            let mut r = Reply::tell(Msg::new("position-refused").str("game", rules.name));
            for m in crate::app::presentation::notation_words::read_position_msgs(&e) {
                r = r.then(m);
            }
            Err(Response::one(r))
        }
    }
}

/// A game at its start: the variant's start position, or the position the
/// challenge gave (`position`, OTN).
pub(crate) fn start_game(
    rules: Ruleset,
    position: Option<&str>,
    seed: u64,
    first: Option<Side>,
) -> Result<Game, String> {
    let Some(pos) = position else {
        return Ok(Game::with_first(rules, seed, first));
    };
    let board = crate::notation::otn::read_position(&rules, pos).map_err(|e| e.to_string())?;
    let to_move = first.or(rules.first).unwrap_or(Side::First);
    Game::from_position(rules, board, to_move, seed)
}
