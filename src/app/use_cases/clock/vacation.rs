//! Vacations (docs/clocks.md "Vacation"): `/vacation days:N`
//! starts or extends one, `/vacation end` ends it early. While it runs the
//! player's clock is stopped in every game of theirs with a clock: a game
//! whose turn is theirs keeps the time they had (`games.vacation_left`)
//! and has no deadline, so the scheduler never judges it; the opponent
//! still moves, and when the turn comes back to the vacationer their
//! clock stops at once (`lifecycle::commit_move`). At the end each stopped
//! clock starts again with what it held (a per-move clock with its full
//! time). Games against the bot, games paused by agreement and the games
//! of a tournament created with `vacation:false` are not stopped.
//!
//! The vacation's end is also kept as the player's setting
//! [`VACATION_SETTING`], written in the vacation's transactions, so that a
//! request reads it with the player's other choices (a move reads nothing
//! more to know whether the next player is away).

use crate::app::use_cases::clock::time::TimeControl;
use crate::app::use_cases::clock::{remind, DAY};
use crate::app::{
    store_err, use_cases::tournaments, App, Ctx, Loaded, Reply, Response, Target, BOT_ID,
};
use crate::i18n::Msg;
use crate::store::{
    ClockHold, ClockRelease, GameRow, GameState, UserId, VacationPlan, VacationRow,
};

/// The player setting that holds the end of their latest vacation (unix
/// seconds); written by the store with the vacation.
pub(crate) const VACATION_SETTING: &str = "vacation";
/// The longest vacation one `/vacation days:N` asks for.
pub(crate) const MAX_DAYS: i64 = 30;
/// Vacation days allowed in any [`WINDOW`].
pub(crate) const ALLOWANCE: i64 = 30;
/// The rolling window of the allowance: 365 days.
pub(crate) const WINDOW: i64 = 365 * DAY;
/// How many times a grant is decided again when another request changed
/// the player's vacations first.
const TRIES: usize = 3;
/// The most games a vacation looks at.
const MOST_GAMES: u32 = 500;

/// The days of `v` that count at `now`: each day of a vacation counts
/// for [`WINDOW`] from its start (the `i`th day starts `i` days after the
/// vacation).
fn counted_days(v: &[VacationRow], now: i64) -> Vec<i64> {
    let mut days: Vec<i64> = v
        .iter()
        .flat_map(|v| (0..v.days).map(move |i| v.started_at + i * DAY))
        .filter(|&d| d > now - WINDOW)
        .collect();
    days.sort_unstable();
    days
}

/// Days asked for when a vacation ends early at `now`: the days begun.
fn days_used(v: &VacationRow, now: i64) -> i64 {
    let spent = (now - v.started_at).max(0);
    ((spent + DAY - 1) / DAY).min(v.days)
}

/// What `/vacation` was asked.
#[derive(Debug)]
pub(crate) enum Ask {
    /// `days:N`, as typed.
    Days(Option<String>),
    End,
}

impl App {
    /// When `player`'s vacation ends, if one runs at `now`.
    pub(crate) fn vacation_until(&self, player: &UserId, now: i64) -> Option<i64> {
        if player.is_empty() || player == BOT_ID {
            return None;
        }
        self.seen_by(player).vacation.filter(|&u| u > now)
    }

    /// Whether vacations stop the clocks of game `row`: it has a clock, is
    /// not against the bot, and is not in a tournament created with
    /// `vacation:false`.
    pub(crate) fn vacations_stop(&self, row: &GameRow) -> bool {
        if row.time_control == TimeControl::None
            || row.first_player == BOT_ID
            || row.second_player == BOT_ID
        {
            return false;
        }
        match row.tournament_match_id {
            None => true,
            Some(m) => tournaments::vacations_stop_match(self, m),
        }
    }

    /// The end of the vacation that stops the clock of the player to move
    /// in `l` at `now`, if one does.
    pub(crate) fn vacation_holding(&self, l: &Loaded, now: i64) -> Option<i64> {
        let side = l.game.to_move()?;
        let until = self.vacation_until(&l.players[side.index()], now)?;
        self.vacations_stop(&l.row).then_some(until)
    }

    /// After a change that started the clock of the player to move (a new
    /// game, a takeback): if that player is on vacation, their clock is
    /// stopped again with what it held. `l` is the game as it now stands.
    pub(crate) fn hold_if_away(&self, l: &mut Loaded, now: i64) {
        if l.row.paused {
            return;
        }
        if let Some(left) = self.hold_away(l, l.row.deadline, now) {
            l.row.deadline = None;
            l.row.vacation_left = Some(left);
        }
    }

    /// Stops the clock of the player to move in `l`, whose deadline is
    /// now `deadline`, if they are on vacation: the time it held, once
    /// stopped.
    pub(crate) fn hold_away(&self, l: &Loaded, deadline: Option<i64>, now: i64) -> Option<i64> {
        let deadline = deadline?;
        self.vacation_holding(l, now)?;
        let hold = ClockHold {
            game: l.row.id,
            moves: l.game.record().len() as u32,
            left: (deadline - now).max(0),
        };
        match self.store.hold_clock(&hold) {
            Ok(true) => Some(hold.left),
            Ok(false) => None,
            Err(e) => {
                tracing::error!(
                    "game {}: a vacation could not stop its clock: {e}",
                    hold.game
                );
                None
            }
        }
    }

    /// `/vacation days:N` or `/vacation end`.
    pub(crate) fn vacation_command(&self, ctx: &Ctx, ask: Ask) -> Response {
        // A grant is decided on the vacations read; if another request
        // changed them before it was written, it is decided again on
        // what that request left.
        for _ in 0..TRIES {
            if let Some(r) = self.vacation_once(ctx, &ask) {
                return r;
            }
        }
        store_err(crate::store::StoreError::Busy {
            path: "vacations".into(),
        })
    }

    /// [`App::vacation_command`] once: `None` when the vacations read
    /// changed before the grant was written.
    fn vacation_once(&self, ctx: &Ctx, ask: &Ask) -> Option<Response> {
        let player = &ctx.user.id;
        let now = ctx.now;
        let past = match self.store.vacations_of(player, now - WINDOW) {
            Ok(v) => v,
            Err(e) => return Some(store_err(e)),
        };
        let running = past
            .iter()
            .find(|v| !v.closed && v.started_at <= now && v.ends_at > now)
            .cloned();
        let days = match ask {
            Ask::End => {
                let Some(v) = running else {
                    return Some(Response::one(Reply::tell(Msg::new("vacation-none"))));
                };
                return Some(self.end_early(ctx, &v));
            }
            Ask::Days(None) => {
                return Some(Response::one(Reply::tell(
                    Msg::new("vacation-bad-days").num("max", MAX_DAYS),
                )))
            }
            Ask::Days(Some(t)) => match t.trim().parse::<i64>() {
                Ok(n) if (1..=MAX_DAYS).contains(&n) => n,
                _ => {
                    return Some(Response::one(Reply::tell(
                        Msg::new("vacation-bad-days").num("max", MAX_DAYS),
                    )))
                }
            },
        };
        let counted = counted_days(&past, now);
        let left = ALLOWANCE - counted.len() as i64;
        if days > left {
            // The first counted day comes back a year after it began.
            let back = counted.first().map_or(now, |first| first + WINDOW);
            return Some(Response::one(Reply::tell(
                Msg::new("vacation-refused")
                    .num("left", left.max(0))
                    .time("date", back),
            )));
        }
        let (extend, started_at, ends_at, total) = match &running {
            Some(v) => (
                Some(v.id),
                v.started_at,
                v.ends_at + days * DAY,
                v.days + days,
            ),
            None => (None, now, now + days * DAY, days),
        };
        let plan = VacationPlan {
            player: player.clone(),
            extend,
            started_at,
            ends_at,
            days: total,
            seen: past,
            seen_since: now - WINDOW,
        };
        self.start(ctx, plan, left - days)
    }

    /// Starts or extends the vacation (see [`App::vacation_command`]):
    /// the clocks stopped, the games' channels told, in one transaction.
    /// `None` when the vacations `plan` was made from changed meanwhile.
    fn start(&self, ctx: &Ctx, plan: VacationPlan, left: i64) -> Option<Response> {
        let player = &ctx.user.id;
        let now = ctx.now;
        let (extend, ends_at) = (plan.extend, plan.ends_at);
        let rows = match self.store.games_of_player(player, true, MOST_GAMES) {
            Ok(r) => r,
            Err(e) => return Some(store_err(e)),
        };
        let mut holds = Vec::new();
        let mut told = Vec::new();
        let mut running_on = Vec::new();
        let mut stopped = 0u32;
        for row in rows {
            if row.state != GameState::Active || row.paused {
                continue;
            }
            if !self.vacations_stop(&row) {
                // A tournament game whose clock runs through vacations.
                if let (Some(m), true) = (
                    row.tournament_match_id,
                    row.time_control != TimeControl::None,
                ) {
                    if row.first_player != BOT_ID && row.second_player != BOT_ID {
                        let name = tournaments::match_tournament_name(self, m).unwrap_or_default();
                        running_on.push(
                            Msg::new("vacation-game-runs")
                                .num("id", row.id)
                                .str("channel", format!("<#{}>", row.channel_id))
                                .str("tournament", name),
                        );
                    }
                }
                continue;
            }
            let (id, channel, server) = (row.id, row.channel_id.clone(), row.server_id.clone());
            let Ok(l) = self.load(row) else { continue };
            let theirs = l.game.to_move().map(|s| l.players[s.index()] == *player) == Some(true);
            if theirs {
                if let Some(d) = l.row.deadline {
                    holds.push(ClockHold {
                        game: id,
                        moves: l.game.record().len() as u32,
                        left: (d - now).max(0),
                    });
                }
            }
            stopped += 1;
            let mut r = Reply::say(
                Msg::new("vacation-channel")
                    .str("player", self.turn_mention(player))
                    .time("until", ends_at),
            )
            .to(Target::Channel(channel))
            .on_server(&server);
            // In the game's language, as its other messages.
            r.game = Some(crate::app::presentation::messages::GamePlayers {
                players: l.players.clone(),
            });
            told.push(r);
        }
        let (out, told) = self.outbound(Response {
            replies: told,
            effects: Vec::new(),
        });
        match self.store.start_vacation(&plan, &holds, &out, now) {
            Ok(Some(_)) => {}
            Ok(None) => return None,
            Err(e) => return Some(store_err(e)),
        }
        self.forget_choices(player);
        let mut reply = Reply::tell(
            Msg::new(if extend.is_some() {
                "vacation-extended"
            } else {
                "vacation-started"
            })
            .time("until", ends_at)
            .num("games", stopped)
            .num("left", left),
        );
        if !running_on.is_empty() {
            reply = reply.line(Msg::new("vacation-not-stopped").num("n", running_on.len()));
            for m in running_on {
                reply = reply.line(m);
            }
        }
        let mut resp = Response::one(reply);
        resp.extend(told);
        Some(resp)
    }

    /// `/vacation end`: the vacation ends now; the days not begun go back.
    fn end_early(&self, ctx: &Ctx, v: &VacationRow) -> Response {
        let used = days_used(v, ctx.now);
        match self.close(v, ctx.now, used, ctx.now) {
            Ok(_) => {
                self.forget_choices(&ctx.user.id);
                let back = v.days - used;
                Response::one(Reply::tell(
                    Msg::new("vacation-ended")
                        .num("used", used)
                        .num("back", back),
                ))
            }
            Err(e) => store_err(e),
        }
    }

    /// Ends vacation `v` (at `ends_at`, counting `days`): the clocks it
    /// stopped start again at `now` with what they held (a per-move clock
    /// with its full time). `false` if it was ended already.
    fn close(
        &self,
        v: &VacationRow,
        ends_at: i64,
        days: i64,
        now: i64,
    ) -> Result<bool, crate::store::StoreError> {
        let rows = self.store.games_of_player(&v.player_id, true, MOST_GAMES)?;
        let releases: Vec<ClockRelease> = rows
            .iter()
            .filter(|r| r.state == GameState::Active && !r.paused)
            .filter_map(|r| {
                let left = r.vacation_left?;
                let period = match r.time_control {
                    TimeControl::PerMove(p) => p,
                    TimeControl::Bank { .. } => left,
                    TimeControl::None => return None,
                };
                Some(ClockRelease {
                    game: r.id,
                    deadline: now + period,
                    remind_at: remind(now + period, period),
                })
            })
            .collect();
        self.store
            .end_vacation(v.id, ends_at, days, &releases, &[], now)
    }

    /// The scheduler's part: vacations whose end has come are closed,
    /// their clocks started again. Each on its own; a failure is logged
    /// and retried on the next pass.
    pub(crate) fn vacation_ends(&self, now: i64) {
        let due = match self.store.vacations_due(now, 100) {
            Ok(d) => d,
            Err(e) => {
                tracing::error!("the vacations that end cannot be read: {e}");
                return;
            }
        };
        for (id, _) in due {
            let v = match self.store.get_vacation(id) {
                Ok(Some(v)) => v,
                Ok(None) => continue,
                Err(e) => {
                    tracing::error!("vacation {id} cannot be read: {e}");
                    continue;
                }
            };
            if let Err(e) = self.close(&v, v.ends_at, v.days, now) {
                tracing::error!("vacation {id} could not end (retried later): {e}");
            }
        }
    }

    /// When the next running vacation ends (for the scheduler's timer).
    pub(crate) fn next_vacation_end(&self) -> Option<i64> {
        self.store
            .vacations_due(i64::MAX, 1)
            .ok()?
            .first()
            .map(|&(_, at)| at)
    }

    /// "alice is on vacation until ...", for the status of a game whose
    /// player to move is away, or `None`.
    pub(crate) fn vacation_status(&self, l: &Loaded, now: i64) -> Option<Msg> {
        let side = l.game.to_move()?;
        let p = &l.players[side.index()];
        let until = self.vacation_until(p, now)?;
        let stops = l.row.vacation_left.is_some();
        Some(
            Msg::new(if stops {
                "status-vacation"
            } else {
                "status-vacation-running"
            })
            .str("player", self.name_of(p))
            .time("until", until),
        )
    }
}

/// Hidden for the lifecycle: whether `l`'s next player is away (see
/// `lifecycle::commit_move`).
pub(crate) fn away_next(app: &App, l: &Loaded, now: i64) -> bool {
    let next = &l.players[l.game.turn().index()];
    app.vacation_until(next, now).is_some() && app.vacations_stop(&l.row)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(started_at: i64, days: i64) -> VacationRow {
        VacationRow {
            id: 1,
            player_id: "a".into(),
            started_at,
            ends_at: started_at + days * DAY,
            days,
            closed: true,
        }
    }

    #[test]
    fn days_count_for_a_year_from_their_start() {
        let now = 400 * DAY;
        // 10 days from day 30 (counted up to day 39 + 365 = 404: days
        // 35..39 still count at day 400), and 5 days from day 100.
        let c = counted_days(&[v(30 * DAY, 10), v(100 * DAY, 5)], now);
        assert_eq!(c.len(), 9, "{c:?}");
        assert_eq!(c[0], 36 * DAY);
    }

    #[test]
    fn ending_early_counts_the_days_begun() {
        let x = v(0, 5);
        assert_eq!(days_used(&x, 0), 0);
        assert_eq!(days_used(&x, 1), 1);
        assert_eq!(days_used(&x, DAY), 1);
        assert_eq!(days_used(&x, 2 * DAY + 5), 3);
        assert_eq!(days_used(&x, 9 * DAY), 5);
    }
}
