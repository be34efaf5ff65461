//! What follows a change to a game, told to whoever acts on it.
//!
//! The game lifecycle ([`crate::app::use_cases::games::lifecycle`]) stores moves and ends and says
//! what they lead to as [`GameEvent`]s; it calls nobody back. This module
//! is where the events are consumed:
//!
//! * [`GameEvent::Ended`]: the game is rated (once per game), then its
//!   tournament records the result, starts the match's next game or pairs
//!   the next round ([`crate::app::use_cases::tournaments::on_game_end`]).
//! * [`GameEvent::BotToMove`]: the front end is asked for the bot's move
//!   ([`Effect::BotTurn`], run off the async threads by [`App::bot_turn`]).
//!
//! The dependencies go one way: the use cases (a move, a resignation, the
//! clock's deadline, the bot's own move) call the lifecycle, then
//! [`App::follow_up`]; the lifecycle knows neither tournaments nor the bot.
//! [`App::announce_move`], the answer to every committed move, lives here
//! for the same reason: it ends in the events of the move.

use crate::app::use_cases::games::lifecycle::{self, GameEvent};
use crate::app::{split_status, use_cases::tournaments, words, App, Effect, Loaded, Response};
use crate::i18n::Msg;

/// A committed move as the channel is told it: who played it (`player`, a
/// mention; `name`, for a direct message) and the move as written.
pub(crate) struct Announced<'a> {
    pub player: &'a str,
    pub name: &'a str,
    pub text: &'a str,
    /// Played for the player by a conditional line.
    pub conditional: bool,
}

impl App {
    /// Acts on `event` of game `l` (see the module comment). Replies are
    /// addressed to channels.
    pub(crate) fn follow_up(&self, l: &Loaded, event: Option<GameEvent>, now: i64) -> Response {
        match event {
            None => Response::none(),
            Some(GameEvent::Ended) => {
                let _ = tournaments::rate(self, l, now);
                tournaments::on_game_end(self, l, now)
            }
            Some(GameEvent::BotToMove { expected_moves }) => Response {
                replies: Vec::new(),
                effects: vec![Effect::BotTurn {
                    game: l.row.id,
                    expected_moves,
                }],
            },
        }
    }

    /// The effect that asks the front end for the bot's move, when the bot
    /// is to move in `l` ([`GameEvent::BotToMove`]); nothing else follows.
    pub(crate) fn bot_effect(&self, l: &Loaded) -> Option<Effect> {
        match lifecycle::next_event(l)? {
            bot @ GameEvent::BotToMove { .. } => self.follow_up(l, Some(bot), 0).effects.pop(),
            GameEvent::Ended => None,
        }
    }

    /// The answer to a committed move, a player's or the bot's: the move
    /// and the status with the board, for `reader`; the next player's
    /// notification; then what the move leads to: the end of the game or
    /// the bot's turn ([`App::follow_up`]).
    pub(crate) fn announce_move(
        &self,
        l: &Loaded,
        mv: Announced<'_>,
        reader: Option<&str>,
        now: i64,
    ) -> Response {
        let (status, rest) = split_status(self.status_at(l, l.row.updated_at));
        let said = Msg::new(if mv.conditional {
            "played-conditional"
        } else {
            "played"
        })
        .str("player", mv.player)
        .str("move", mv.text)
        .arg("status", status);
        let mut reply = self.with_board(l, words(said, rest), &[], now);
        if let Some(r) = reader {
            reply = reply.for_reader(r);
        }
        let mut resp = Response::one(reply);
        self.notify_turn(
            l,
            &mut resp.replies,
            Msg::new("played-summary")
                .str("name", mv.name)
                .str("move", mv.text),
        );
        let next = lifecycle::next_event(l);
        resp.extend(self.follow_up(l, next, now));
        if next == Some(GameEvent::Ended) {
            let mover = l.game.last().map(|p| l.players[p.side.index()].clone());
            self.notify_end(l, mover.as_ref(), &mut resp.replies);
        }
        self.quiet(l, &mut resp.replies);
        resp
    }
}
