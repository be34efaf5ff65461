//! Between the rules' outcome of a game and the result and reason the
//! store keeps for it.

use crate::rules::{Game, Reason, Side};
use crate::store::{EndReason, GameResult};

impl From<Reason> for EndReason {
    fn from(r: Reason) -> EndReason {
        match r {
            Reason::KingEscaped => EndReason::KingEscaped,
            Reason::KingCaptured => EndReason::KingCaptured,
            Reason::OnePieceLeft => EndReason::OnePieceLeft,
            Reason::DuxImmobile => EndReason::DuxImmobile,
            Reason::NoLegalMove => EndReason::NoLegalMove,
            Reason::Repetition => EndReason::Repetition,
            Reason::MoveLimit => EndReason::MoveLimit,
            Reason::Resignation => EndReason::Resignation,
            Reason::DrawAgreed => EndReason::DrawAgreed,
            Reason::Timeout => EndReason::Timeout,
        }
    }
}

/// The rules' reason for a stored reason; `None` for the reasons of an
/// aborted game, which the rules do not know.
pub(crate) fn rules_reason(r: EndReason) -> Option<Reason> {
    Some(match r {
        EndReason::KingEscaped => Reason::KingEscaped,
        EndReason::KingCaptured => Reason::KingCaptured,
        EndReason::OnePieceLeft => Reason::OnePieceLeft,
        EndReason::DuxImmobile => Reason::DuxImmobile,
        EndReason::NoLegalMove => Reason::NoLegalMove,
        EndReason::Repetition => Reason::Repetition,
        EndReason::MoveLimit => Reason::MoveLimit,
        EndReason::Resignation => Reason::Resignation,
        EndReason::DrawAgreed => Reason::DrawAgreed,
        EndReason::Timeout => Reason::Timeout,
        EndReason::Aborted | EndReason::Cancelled | EndReason::NoMove => return None,
    })
}

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
    fn reasons_go_both_ways_with_the_same_words() {
        for r in EndReason::ALL {
            if let Some(rr) = rules_reason(*r) {
                assert_eq!(EndReason::from(rr), *r);
                assert_eq!(rr.as_str(), r.as_str());
            }
        }
    }

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
