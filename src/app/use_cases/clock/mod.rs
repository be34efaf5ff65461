//! Clocks: deadlines, time banks, reminders, pause and resume, and how
//! players hear that it is their turn.
//!
//! - Fixed time per move: the deadline is the move's time plus the period.
//! - Time bank: each side's bank is stored on the game; the deadline is the
//!   start of the turn plus the mover's bank; after a move the mover's bank
//!   becomes what was left plus the increment, never above the cap.
//! - A reminder goes to the player to move when a quarter of their time for
//!   the turn is left, and a game sends at most one reminder a day.
//! - Paused games have no running deadline: what was left is kept with the
//!   game and given back on resume. A pause has an agreed length (at most
//!   30 days); at its end the clock starts again by itself.
//! - The scheduler handles each due item on its own (see [`App::run_clocks`]).
//! - Downtime: see [`App::heartbeat`].

pub(in crate::app) mod notify;
mod scheduler;
pub(in crate::app) mod time;
pub(crate) mod vacation;

use crate::app::use_cases::clock::time::{span_en, TimeControl};
use crate::app::{mention, store_err, App, Ctx, Loaded, Reply, Response};
use crate::i18n::Msg;
use crate::rules::Side;
use crate::store::{AppendError, EndReason, GameRow, StoreError, UserId};

pub(crate) use scheduler::DueState;
pub use scheduler::{scheduler_backoff, TickReport};

pub(crate) const DAY: i64 = 86_400;

/// The clock state after a move or at the start of a turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Turn {
    pub deadline: Option<i64>,
    pub remind_at: Option<i64>,
    pub banks: Option<[Option<i64>; 2]>,
}

pub(crate) fn remind(deadline: i64, period: i64) -> Option<i64> {
    (period >= 4 * 60).then_some(deadline - period / 4)
}

/// The clock of a new game whose first mover is `to_move`.
pub(crate) fn start(tc: TimeControl, to_move: Side, now: i64) -> Turn {
    match tc {
        TimeControl::None => Turn::default(),
        TimeControl::PerMove(p) => Turn {
            deadline: Some(now + p),
            remind_at: remind(now + p, p),
            banks: None,
        },
        TimeControl::Bank { bank, .. } => {
            let _ = to_move;
            Turn {
                deadline: Some(now + bank),
                remind_at: remind(now + bank, bank),
                banks: Some([Some(bank), Some(bank)]),
            }
        }
    }
}

/// The clock after `mover` moved at `now`, with `next` to move.
pub(crate) fn after_move(
    tc: TimeControl,
    row: &GameRow,
    mover: Side,
    next: Side,
    now: i64,
) -> Turn {
    match tc {
        TimeControl::None => Turn::default(),
        TimeControl::PerMove(p) => Turn {
            deadline: Some(now + p),
            remind_at: remind(now + p, p),
            banks: None,
        },
        TimeControl::Bank { bank, inc, cap } => {
            let mut banks = [
                row.bank_first.unwrap_or(bank),
                row.bank_second.unwrap_or(bank),
            ];
            // A clock stopped by a vacation keeps what was left.
            let left = row
                .deadline
                .map(|d| (d - now).max(0))
                .or(row.vacation_left)
                .unwrap_or(banks[mover.index()]);
            banks[mover.index()] = (left + inc).min(cap);
            let b = banks[next.index()];
            Turn {
                deadline: Some(now + b),
                remind_at: remind(now + b, b),
                banks: Some([Some(banks[0]), Some(banks[1])]),
            }
        }
    }
}

impl App {
    /// Stops the clock of a game: `offer_by` asked, the other player
    /// accepted. One store transaction (the offer is consumed with it).
    pub(crate) fn pause_game(
        &self,
        l: &Loaded,
        offer_by: &UserId,
        now: i64,
    ) -> Result<(i64, i64), AppendError> {
        let span = self
            .store
            .pause_offer_span(l.row.id)?
            .unwrap_or(PAUSE_DEFAULT_DAYS * DAY)
            .clamp(DAY, PAUSE_MAX_DAYS * DAY);
        // A clock a vacation stopped: what it held is kept by the pause.
        let left = l
            .row
            .deadline
            .map(|d| (d - now).max(0))
            .or(l.row.vacation_left);
        let until = now + span;
        self.store.pause_clock(
            l.row.id,
            l.game.record().len() as u32,
            offer_by,
            now,
            left,
            until,
        )?;
        Ok((span, until))
    }

    /// Starts the clock again (both players agreed, `offer_by` asked, or
    /// the agreed pause is over): the player to move gets exactly what
    /// they had left when the pause began. One store transaction.
    pub(crate) fn resume_game(
        &self,
        l: &Loaded,
        offer_by: Option<&UserId>,
        now: i64,
    ) -> Result<i64, AppendError> {
        let tc = l.row.time_control;
        // Pauses made before the time left was kept stored it as the bank
        // of the side to move.
        let legacy = l
            .game
            .to_move()
            .and_then(|s| [l.row.bank_first, l.row.bank_second][s.index()]);
        let left =
            self.store
                .resume_clock(l.row.id, now, offer_by, legacy, &|deadline, left| {
                    let period = match tc {
                        TimeControl::PerMove(p) => p,
                        _ => left,
                    };
                    remind(deadline, period)
                })?;
        // The player to move is on vacation: their clock stops again.
        if let Some(left) = left {
            self.hold_away(l, Some(now + left), now);
        }
        Ok(left.unwrap_or(0))
    }

    /// `/abort` (Manage Server): ends the channel's active game with no
    /// result, without reading its moves (a game whose record cannot be
    /// read can still be ended).
    /// Holders of the organiser role may end tournament games only.
    pub(crate) fn abort_command(&self, ctx: &Ctx, game: Option<&str>) -> Response {
        let organiser_only = !ctx.manage_server;
        if organiser_only && !self.organiser(ctx) {
            return Response::one(Reply::tell(Msg::new("abort-not-allowed")));
        }
        let id = match game {
            // `game:N`: any game of this server, wherever it is played.
            Some(id) => match self.server_game_row(ctx, id) {
                Ok(r) if r.state == crate::store::GameState::Active => r.id,
                Ok(_) => return Response::one(Reply::tell(Msg::new("abort-already-over"))),
                Err(r) => return r,
            },
            None => match self.store.active_game_in_channel(&ctx.channel) {
                Ok(Some(r)) => r.id,
                Ok(None) => return Response::one(Reply::tell(Msg::new("abort-no-game"))),
                // A game whose row cannot be read can be ended too.
                Err(StoreError::Unreadable {
                    table: crate::domain::Table::Games,
                    id,
                    ..
                }) if id.parse::<i64>().is_ok() => id.parse().unwrap_or_default(),
                Err(e) => return store_err(e),
            },
        };
        if organiser_only {
            let in_tournament = matches!(
                self.store.get_game(id),
                Ok(Some(g)) if g.tournament_match_id.is_some()
            );
            if !in_tournament {
                return Response::one(Reply::tell(Msg::new("abort-not-allowed")));
            }
        }
        match crate::app::use_cases::games::lifecycle::abort(self, id, EndReason::Aborted, ctx.now)
        {
            Ok(()) => Response::one(Reply::say(
                Msg::new("abort-done")
                    .num("id", id)
                    .str("player", mention(&ctx.user.id)),
            )),
            Err(AppendError::GameOver) => {
                Response::one(Reply::tell(Msg::new("abort-already-over")))
            }
            Err(e) => store_err(e),
        }
    }

    /// Records that the bot is alive at `now` (the Discord scheduler calls
    /// this before every tick, and first of all at startup). If the last
    /// heartbeat of every process sharing the database is older than
    /// [`OFFLINE_AFTER`], the bot was away (no process ran the clock): every
    /// running clock is extended by that time, in the same transaction,
    /// before any timeout is judged. Returns the time it was away.
    pub fn heartbeat(&self, now: i64) -> Result<Option<i64>, StoreError> {
        // While the gateway is down no player can move: no heartbeat, so
        // the outage counts as downtime once it is back (app/runtime/gateway.rs).
        if !self.gateway_up() {
            return Ok(None);
        }
        let p = &self.process;
        let gap = self
            .store
            .process_heartbeat(&p.id, &p.label, now, OFFLINE_AFTER, true)?;
        // Old leases and the rows of processes long gone: a cheap delete on
        // small tables (a failure here is only untidiness).
        if let Err(e) = self
            .store
            .prune_claims(now - DAY)
            .and_then(|_| self.store.prune_processes(now - 7 * DAY))
        {
            tracing::debug!("could not prune old leases: {e}");
        }
        if let Some(g) = gap {
            tracing::warn!(
                "the bot was away for {}: every running clock was extended by that time",
                span_en(g)
            );
        }
        // At start: rate the games whose end was written but whose rating
        // was not (a crash or a failed write between the two).
        if !self
            .throttle
            .ratings_caught_up
            .swap(true, std::sync::atomic::Ordering::SeqCst)
        {
            let n = crate::app::use_cases::tournaments::catch_up_ratings(self, now);
            if n > 0 {
                tracing::warn!("rated {n} finished games whose ratings were missing");
            }
        }
        Ok(gap)
    }

    /// Records a heartbeat at `now` without extending any clock (the
    /// console's own clock jumping forward is time passing, not downtime).
    pub fn mark_alive(&self, now: i64) -> Result<(), StoreError> {
        if !self.gateway_up() {
            return Ok(());
        }
        let p = &self.process;
        self.store
            .process_heartbeat(&p.id, &p.label, now, OFFLINE_AFTER, false)
            .map(|_| ())
    }
}

/// A pause lasts this many days unless asked otherwise, at most
/// [`PAUSE_MAX_DAYS`].
pub(crate) const PAUSE_DEFAULT_DAYS: i64 = 7;
pub(crate) const PAUSE_MAX_DAYS: i64 = 30;

/// A gap between heartbeats longer than this is downtime.
pub const OFFLINE_AFTER: i64 = 5 * 60;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_move_and_bank_turns() {
        let t = start(TimeControl::PerMove(DAY), Side::First, 100);
        assert_eq!(t.deadline, Some(100 + DAY));
        assert_eq!(t.remind_at, Some(100 + DAY - DAY / 4));
        assert_eq!(remind(1000, 60), None);
    }
}
