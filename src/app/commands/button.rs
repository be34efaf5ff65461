//! The buttons under the bot's messages, as one enum with one id format:
//! `{verb}:{argument}` (`accept:12`, `draw:accept`, `tournament-leave:3`).
//! [`Press::id`] writes an id; [`Press::parse`] reads it back, and reads
//! the ids of messages posted by earlier versions as well (they were
//! written in the same form). A press whose id is not understood is stale.

use crate::app::{App, Ctx, Reply, Response};
use crate::domain::{ChallengeId, GameId, OfferKind, TournamentId};
use crate::i18n::Msg;

/// A button pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    /// Accept the challenge (app/use_cases/challenges.rs).
    Accept(ChallengeId),
    /// Decline, or withdraw, the challenge.
    Decline(ChallengeId),
    /// Answer the opponent's offer of this kind (app/use_cases/offers.rs).
    Answer(OfferKind, Answer),
    /// Leave the tournament (app/use_cases/tournaments/withdraw.rs).
    LeaveTournament(TournamentId),
    /// Stay in the tournament after all.
    StayInTournament(TournamentId),
    /// Resign the game (app/use_cases/games/play.rs), asked at its `plies` until `until`
    /// (unix seconds): stale once a move is played or the time is past.
    Resign {
        game: GameId,
        plies: u32,
        until: i64,
    },
    /// Keep playing after all.
    KeepPlaying(GameId),
}

/// An answer to an offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Accept,
    Decline,
}

impl Answer {
    /// The word the offer's `answer:` option takes.
    pub fn word(self) -> &'static str {
        match self {
            Answer::Accept => "accept",
            Answer::Decline => "decline",
        }
    }
}

impl Press {
    /// The button's id: `{verb}:{argument}`.
    pub fn id(self) -> String {
        match self {
            Press::Accept(c) => format!("accept:{c}"),
            Press::Decline(c) => format!("decline:{c}"),
            Press::Answer(k, a) => format!("{}:{}", k.as_str(), a.word()),
            Press::LeaveTournament(t) => format!("tournament-leave:{t}"),
            Press::StayInTournament(t) => format!("tournament-stay:{t}"),
            Press::Resign { game, plies, until } => format!("resign:{game}.{plies}.{until}"),
            Press::KeepPlaying(g) => format!("keep-playing:{g}"),
        }
    }

    /// The press of a button with id `id`; `None`: a stale or unknown one.
    pub fn parse(id: &str) -> Option<Press> {
        let (verb, rest) = id.split_once(':')?;
        let answer = || match rest {
            "accept" => Some(Answer::Accept),
            "decline" => Some(Answer::Decline),
            _ => None,
        };
        match verb {
            "accept" => rest.parse().ok().map(Press::Accept),
            "decline" => rest.parse().ok().map(Press::Decline),
            "tournament-leave" => rest.parse().ok().map(Press::LeaveTournament),
            "tournament-stay" => rest.parse().ok().map(Press::StayInTournament),
            "resign" => {
                let mut parts = rest.split('.');
                let game = parts.next()?.parse().ok()?;
                let plies = parts.next()?.parse().ok()?;
                let until = parts.next()?.parse().ok()?;
                parts
                    .next()
                    .is_none()
                    .then_some(Press::Resign { game, plies, until })
            }
            "keep-playing" => rest.parse().ok().map(Press::KeepPlaying),
            // `draw:accept`, `pause:decline`...: the offer's kind, the answer.
            kind => Some(Press::Answer(OfferKind::parse(kind).ok()?, answer()?)),
        }
    }

    /// Answers the press for `ctx`'s user.
    pub(crate) fn run(self, app: &App, ctx: &Ctx) -> Response {
        use crate::app::use_cases::tournaments::leave_pressed;
        match self {
            Press::Accept(c) => app.accept(ctx, Some(&c.to_string())),
            Press::Decline(c) => app.decline(ctx, Some(&c.to_string())),
            Press::Answer(kind, a) => app.offer_with(ctx, kind, Some(a.word()), None),
            Press::LeaveTournament(t) => leave_pressed(app, ctx, t, false),
            Press::StayInTournament(t) => leave_pressed(app, ctx, t, true),
            Press::Resign { game, plies, until } => app.resign_pressed(ctx, game, plies, until),
            Press::KeepPlaying(_) => Response::one(Reply::tell(Msg::new("resign-kept"))),
        }
    }
}

/// The answer to a button press with id `id`.
pub(crate) fn press(app: &App, ctx: &Ctx, id: &str) -> Response {
    match Press::parse(id) {
        Some(p) => p.run(app, ctx),
        None => Response::one(Reply::tell(Msg::new("button-stale"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_press_reads_back_from_its_id() {
        let all = [
            Press::Accept(ChallengeId(12)),
            Press::Decline(ChallengeId(3)),
            Press::Answer(OfferKind::Draw, Answer::Accept),
            Press::Answer(OfferKind::Takeback, Answer::Decline),
            Press::Answer(OfferKind::Pause, Answer::Accept),
            Press::Answer(OfferKind::Resume, Answer::Decline),
            Press::LeaveTournament(TournamentId(7)),
            Press::StayInTournament(TournamentId(7)),
            Press::Resign {
                game: GameId(9),
                plies: 24,
                until: 1_767_225_600,
            },
            Press::KeepPlaying(GameId(9)),
        ];
        for p in all {
            assert_eq!(Press::parse(&p.id()), Some(p), "{}", p.id());
        }
    }

    #[test]
    fn the_ids_already_posted_are_read() {
        assert_eq!(
            Press::parse("accept:1"),
            Some(Press::Accept(ChallengeId(1)))
        );
        assert_eq!(
            Press::parse("draw:decline"),
            Some(Press::Answer(OfferKind::Draw, Answer::Decline))
        );
        assert_eq!(
            Press::parse("tournament-leave:4"),
            Some(Press::LeaveTournament(TournamentId(4)))
        );
        for stale in [
            "",
            "accept",
            "accept:",
            "accept:x",
            "draw:maybe",
            "nosuch:1",
        ] {
            assert_eq!(Press::parse(stale), None, "{stale:?}");
        }
    }
}
