//! Between the rules' outcome of a game and the result and reason the
//! store keeps for it.

use crate::rules::{Game, Side};
use crate::store::{EndReason, GameResult};

/// The side that won a stored result (`None`: a draw).
pub(crate) fn winner(r: GameResult) -> Option<Side> {
    r.winner()
}

/// What the store keeps of a game that is over: its result (the side that
/// won, or a draw) and reason. `None` while it is going on.
pub(crate) fn stored_outcome(game: &Game) -> Option<(GameResult, EndReason)> {
    let o = game.outcome()?;
    let result = match o.winner {
        None => GameResult::Draw,
        Some(side) => GameResult::Won(side),
    };
    Some((result, o.reason.into()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Ruleset, VARIANTS};

    #[test]
    fn stored_results_are_the_winning_sides() {
        for v in VARIANTS {
            let rules = Ruleset::parse_spec(v.id, &[]).unwrap();
            for side in [Side::First, Side::Second] {
                let mut g = Game::new(rules.clone(), 7);
                g.resign(side);
                let (r, why) = stored_outcome(&g).unwrap();
                assert_eq!(r, GameResult::Won(side.other()), "{}", v.id);
                assert_eq!(winner(r), Some(side.other()));
                assert_eq!(why, EndReason::Resignation);
            }
            let mut g = Game::new(rules.clone(), 7);
            g.agree_draw();
            assert_eq!(
                stored_outcome(&g),
                Some((GameResult::Draw, EndReason::DrawAgreed))
            );
        }
    }
}
