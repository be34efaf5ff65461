//! The scheduler: one pass over everything due (losses on time, cancelled
//! games, ends of pauses, reminders, digests, expired challenges), each
//! item on its own, with
//! failed items held back and retried later.

use crate::domain::LeaseKind;
use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

use crate::app::presentation::messages::Part;
use crate::app::use_cases::clock::time::span;
use crate::app::{mention, outcome_msg, App, LoadError, Reply, Response, Target};
use crate::i18n::Msg;
use crate::store::{
    AppendError, ChallengeId, ChallengeState, DueColumn, EndReason, GameId, GameState, StoreError,
    UserId,
};

impl App {
    /// One pass over everything due at `now`: losses on time, cancelled
    /// games, ends of pauses, reminders and digests. Each item is handled on
    /// its own: one that fails or panics is logged once, held back and
    /// retried later (after 1, 2, 4 ... minutes, at most an hour), and never
    /// stops the others.
    pub(crate) fn run_clocks(&self, now: i64) -> (Response, TickReport) {
        let mut out = Response::none();
        let mut rep = TickReport::default();
        self.pass(DueColumn::Deadline, now, &mut rep, &mut out, |id| {
            self.deadline_item(GameId(id), now)
        });
        self.pass(DueColumn::PauseEnd, now, &mut rep, &mut out, |id| {
            self.pause_end_item(GameId(id), now)
        });
        self.pass(DueColumn::RemindAt, now, &mut rep, &mut out, |id| {
            self.reminder_item(GameId(id), now)
        });
        match self.store.players_with_setting("notify", "digest") {
            Ok(players) => {
                for p in players {
                    let item = Item::Digest(p.clone());
                    if self.run_item(item, now, &mut rep, &mut out, || self.digest_item(&p, now)) {
                        rep.aborted = true;
                        break;
                    }
                }
            }
            Err(e) => self.db_failed(&mut rep, &e),
        }
        self.pass(DueColumn::ChallengeExpiry, now, &mut rep, &mut out, |id| {
            self.expiry_item(ChallengeId(id), now)
        });
        if rep.aborted || rep.failed > 0 {
            tracing::debug!(?rep, "scheduler pass with failures");
        } else if self.due.db_down.swap(false, Ordering::SeqCst) {
            tracing::info!("the scheduler reads the database again");
        }
        (out, rep)
    }

    fn db_failed(&self, rep: &mut TickReport, e: &StoreError) {
        rep.aborted = true;
        if !self.due.db_down.swap(true, Ordering::SeqCst) {
            tracing::error!("the scheduler cannot read the database (retrying later): {e}");
        }
    }

    /// Pages through the entries of `col` due by `now` (so that rows held
    /// back never hide the healthy ones behind them), running `handle` on
    /// each (with the entry's row id: see [`crate::store::Clock::due_after`]).
    /// Three store failures in one pass end it (the database is down).
    fn pass(
        &self,
        col: DueColumn,
        now: i64,
        rep: &mut TickReport,
        out: &mut Response,
        handle: impl Fn(i64) -> Result<Response, Fail>,
    ) {
        let mut after = None;
        let mut store_fails = 0;
        let mut seen = 0;
        while seen < MAX_PER_PASS {
            let page = match self.store.due_after(col, now, after, PAGE) {
                Ok(p) => p,
                Err(e) => return self.db_failed(rep, &e),
            };
            if page.is_empty() {
                return;
            }
            for (id, t) in page {
                after = Some((t, id));
                seen += 1;
                // Claimed first: of several processes sharing the database
                // one does the item; the others skip it while its lease runs.
                let others = std::cell::Cell::new(false);
                let claimed = || -> Result<Response, Fail> {
                    let item = format!("{id}@{t}");
                    if !self.claim_work(col.kind(), &item, now, self.process.lease)? {
                        others.set(true);
                        return Ok(Response::none());
                    }
                    handle(id)
                };
                let failed = self.run_item(Item::of(col, id), now, rep, out, claimed);
                if others.get() {
                    rep.handled -= 1;
                    rep.elsewhere += 1;
                }
                if failed {
                    store_fails += 1;
                    if store_fails >= 3 {
                        rep.aborted = true;
                        return;
                    }
                }
            }
        }
    }

    /// Runs one item unless it is held back; `true` if it failed on a
    /// store error.
    fn run_item(
        &self,
        item: Item,
        now: i64,
        rep: &mut TickReport,
        out: &mut Response,
        f: impl FnOnce() -> Result<Response, Fail>,
    ) -> bool {
        if self.due.held().get(&item).is_some_and(|h| h.retry_at > now) {
            rep.held += 1;
            return false;
        }
        let (detail, store) = match catch_unwind(AssertUnwindSafe(f)) {
            Ok(Ok(r)) => {
                if self.due.held().remove(&item).is_some_and(|h| h.fails > 0) {
                    tracing::info!(?item, "a scheduler item that failed before went through");
                }
                rep.handled += 1;
                out.extend(r);
                return false;
            }
            Ok(Err(fail)) => (fail.detail, fail.store),
            Err(p) => {
                let msg = p
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| p.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                (format!("panicked: {msg}"), false)
            }
        };
        rep.failed += 1;
        let mut held = self.due.held();
        let h = held.entry(item.clone()).or_insert(Held {
            fails: 0,
            retry_at: now,
        });
        if store {
            // The database failed, most likely not because of this item:
            // retried on a pass a minute later (no doubling), logged once
            // for the whole database rather than once per item.
            h.retry_at = now + RETRY_FIRST;
            drop(held);
            if !self.due.db_down.swap(true, Ordering::SeqCst) {
                tracing::error!(
                    ?item,
                    "the scheduler cannot write to the database (retrying later): {detail}"
                );
            }
            return true;
        }
        if h.fails == 0 {
            tracing::error!(
                ?item,
                "a scheduler item failed; it is held back and retried later: {detail}"
            );
        }
        h.fails += 1;
        h.retry_at = now + (RETRY_FIRST << (h.fails - 1).min(6)).min(RETRY_MAX);
        store
    }

    /// The earliest time something of `col` falls due, items held back
    /// counting from their retry time.
    pub(crate) fn next_due_of(&self, col: DueColumn) -> Option<i64> {
        let held: Vec<(Item, i64)> = self
            .due
            .held()
            .iter()
            .map(|(k, h)| (k.clone(), h.retry_at))
            .collect();
        let n = held.iter().filter(|(k, _)| k.column() == Some(col)).count() as u32 + 1;
        let page = self.store.due_after(col, i64::MAX, None, n).ok()?;
        page.into_iter()
            .map(|(id, t)| {
                let item = Item::of(col, id);
                held.iter()
                    .find(|(k, _)| *k == item)
                    .map_or(t, |&(_, r)| r.max(t))
            })
            .min()
    }

    /// A deadline passed: the player to move loses on time, or the game is
    /// cancelled if nobody has moved (except in tournaments).
    fn deadline_item(&self, id: GameId, now: i64) -> Result<Response, Fail> {
        let Some(mut l) = self.load_id(id)? else {
            return Ok(Response::none());
        };
        let row = &l.row;
        if row.state != GameState::Active || row.paused || row.deadline.is_none_or(|d| d > now) {
            return Ok(Response::none());
        }
        let channel = row.channel_id.clone();
        let server = row.server_id.clone();
        if l.game.record().is_empty() && l.row.tournament_match_id.is_none() {
            let to_move = l.game.to_move().map(|s| l.players[s.index()].clone());
            let mut r = Reply::say(Msg::new("game-cancelled-no-move").num("id", id))
                .to(Target::Channel(channel));
            if let Some(p) = to_move {
                r = r.for_reader(&p);
            }
            // Told in the transaction that cancels it (the outbox).
            let (out, told) = self.outbound(Response::one(r).on_server(&server));
            return match self.store.abort_game_with(id, EndReason::NoMove, now, &out) {
                Ok(()) => Ok(told),
                Err(AppendError::GameOver) => Ok(Response::none()),
                Err(e) => Err(e.into()),
            };
        }
        let Some(side) = l.game.to_move() else {
            return Ok(Response::none());
        };
        // Never a loss on time for a player on vacation (a move that raced
        // with the vacation's start left their clock running): the clock
        // stops now, with the time of a fresh turn (app/use_cases/clock/vacation.rs).
        if self.vacation_holding(&l, now).is_some() {
            let left = match l.row.time_control {
                crate::app::TimeControl::PerMove(p) => p,
                crate::app::TimeControl::Bank { bank, .. } => {
                    [l.row.bank_first, l.row.bank_second][side.index()].unwrap_or(bank)
                }
                crate::app::TimeControl::None => 0,
            };
            let hold = crate::store::ClockHold {
                game: id,
                moves: l.game.record().len() as u32,
                left,
            };
            self.store.hold_clock(&hold)?;
            return Ok(Response::none());
        }
        let before = l.game.record().len() as u32;
        l.game.time_out(side);
        if l.game.outcome().is_none() {
            return Ok(Response::none());
        }
        let loser = l.players[side.index()].clone();
        // The ending and the players' notices are written in the
        // transaction that ends the game (the outbox); what follows from
        // it (ratings, a tournament's next round) is told just after.
        let mut ending = Response::none();
        let mut notes = Vec::new();
        let result = crate::app::use_cases::games::lifecycle::finish_telling(
            self,
            &mut l,
            before,
            now,
            |l| {
                let Some(o) = l.game.outcome() else {
                    return Vec::new();
                };
                ending = Response::one(self.with_board(
                    l,
                    Reply::say(outcome_msg(&l.game, o)),
                    &[],
                    now,
                ));
                address_loser(&mut ending, &loser, &channel);
                // A player who chose not to be mentioned is named instead.
                self.quiet(l, &mut ending.replies);
                self.notify_end(l, None, &mut notes);
                if self.uses_outbox() {
                    let told = Response {
                        replies: std::mem::take(&mut ending.replies)
                            .into_iter()
                            .chain(std::mem::take(&mut notes))
                            .collect(),
                        effects: Vec::new(),
                    };
                    let (o, rest) = self.outbound(told.on_server(&server));
                    ending = rest;
                    return o;
                }
                Vec::new()
            },
        );
        let mut after = match result {
            Ok(ended) => self.follow_up(&l, ended, now),
            // A move or another pass came first: nothing to do.
            Err(AppendError::Stale { .. } | AppendError::GameOver) => return Ok(Response::none()),
            Err(e) => return Err(e.into()),
        };
        address_loser(&mut after, &loser, &channel);
        let mut resp = ending;
        if self.uses_outbox() {
            resp.extend(self.after_commit(after.on_server(&server), now));
        } else {
            resp.extend(after);
            resp.replies.extend(notes);
        }
        Ok(resp.on_server(&server))
    }

    /// An open challenge nobody answered in time expires.
    fn expiry_item(&self, id: ChallengeId, now: i64) -> Result<Response, Fail> {
        let Some(c) = self.store.get_challenge(id)? else {
            return Ok(Response::none());
        };
        if c.state != ChallengeState::Open || c.expires_at.is_none_or(|t| t > now) {
            return Ok(Response::none());
        }
        let told = Response::one(
            Reply::say(
                Msg::new("challenge-expired")
                    .num("id", id)
                    .str("player", mention(&c.challenger_id)),
            )
            .for_reader(&c.challenger_id)
            .on_server(&c.server_id)
            .to(Target::Channel(c.channel_id)),
        );
        // Told in the transaction that expires it (the outbox).
        let (out, told) = self.outbound(told);
        if !self.store.set_challenge_state_with(
            id,
            ChallengeState::Open,
            ChallengeState::Expired,
            now,
            &out,
        )? {
            // Accepted, declined or withdrawn a moment earlier.
            return Ok(Response::none());
        }
        Ok(told)
    }

    /// The agreed length of a pause is over: the clock starts by itself.
    fn pause_end_item(&self, id: GameId, now: i64) -> Result<Response, Fail> {
        let Some(l) = self.load_id(id)? else {
            return Ok(Response::none());
        };
        if l.row.state != GameState::Active || !l.row.paused {
            return Ok(Response::none());
        }
        let left = match self.resume_game(&l, None, now) {
            Ok(left) => left,
            Err(AppendError::NotPaused | AppendError::GameOver) => return Ok(Response::none()),
            Err(e) => return Err(e.into()),
        };
        let Some(to_move) = l.game.to_move().map(|s| l.players[s.index()].clone()) else {
            return Ok(Response::none());
        };
        // The time left is known once the clock runs again: told just
        // after (not in the transaction that starts it).
        Ok(self.after_commit(
            Response::one(
                Reply::say(
                    Msg::new("pause-ended")
                        .num("id", id)
                        .str("player", mention(&to_move))
                        .msg("span", span(left)),
                )
                .for_reader(&to_move)
                .on_server(&l.row.server_id)
                .to(Target::Channel(l.row.channel_id.clone())),
            ),
            now,
        ))
    }
}

/// The replies of a loss on time that answer nothing (`Target::Here`) go
/// to the game's channel, addressed to the loser: a mention first, in
/// their language.
fn address_loser(resp: &mut Response, loser: &UserId, channel: &crate::store::ChannelId) {
    let who = mention(loser);
    for r in resp.replies.iter_mut() {
        if r.target == Target::Here {
            r.body.insert(0, Part::Raw(who.clone()));
            if r.reader.is_none() {
                r.reader = Some(loser.clone());
            }
            r.target = Target::Channel(channel.clone());
        }
    }
}

/// The first retry of a failed scheduler item comes after a minute, then
/// 2, 4, 8 ... minutes, at most an hour.
const RETRY_FIRST: i64 = 60;
const RETRY_MAX: i64 = 3600;
/// Entries read per page, and at most per column and pass.
const PAGE: u32 = 100;
const MAX_PER_PASS: u32 = 2000;

/// How long the scheduler waits at least before its next pass, given the
/// wait before (`prev`, seconds) and whether the last pass went well: 0
/// when it did, else doubling from 5 seconds up to [`MAX_BACKOFF`] (4
/// minutes).
pub fn scheduler_backoff(prev: u64, ok: bool) -> u64 {
    if ok {
        0
    } else {
        (prev * 2).clamp(5, MAX_BACKOFF)
    }
}

/// The scheduler's longest wait between passes while they fail: below
/// [`OFFLINE_AFTER`](super::OFFLINE_AFTER) (5 minutes), so a process that is
/// running but backing off is never taken for one that was down.
pub const MAX_BACKOFF: u64 = 240;

/// One thing the scheduler handles.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Item {
    Deadline(GameId),
    PauseEnd(GameId),
    Reminder(GameId),
    Digest(UserId),
    Expiry(ChallengeId),
}

impl DueColumn {
    /// The kind of work in leases (see [`App::claim_work`]).
    fn kind(self) -> LeaseKind {
        match self {
            DueColumn::Deadline => LeaseKind::Deadline,
            DueColumn::PauseEnd => LeaseKind::PauseEnd,
            DueColumn::RemindAt => LeaseKind::Reminder,
            DueColumn::ChallengeExpiry => LeaseKind::ChallengeExpiry,
        }
    }
}

impl Item {
    /// The item of a row `col` lists (a game's or a challenge's row id).
    fn of(col: DueColumn, id: i64) -> Item {
        match col {
            DueColumn::Deadline => Item::Deadline(GameId(id)),
            DueColumn::PauseEnd => Item::PauseEnd(GameId(id)),
            DueColumn::RemindAt => Item::Reminder(GameId(id)),
            DueColumn::ChallengeExpiry => Item::Expiry(ChallengeId(id)),
        }
    }
    fn column(&self) -> Option<DueColumn> {
        match self {
            Item::Deadline(_) => Some(DueColumn::Deadline),
            Item::PauseEnd(_) => Some(DueColumn::PauseEnd),
            Item::Reminder(_) => Some(DueColumn::RemindAt),
            Item::Expiry(_) => Some(DueColumn::ChallengeExpiry),
            Item::Digest(_) => None,
        }
    }
}

struct Held {
    fails: u32,
    retry_at: i64,
}

/// The scheduler's memory between passes: items held back after failing.
#[derive(Default)]
pub(crate) struct DueState {
    held: Mutex<HashMap<Item, Held>>,
    db_down: AtomicBool,
}

impl DueState {
    fn held(&self) -> std::sync::MutexGuard<'_, HashMap<Item, Held>> {
        self.held.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// What one scheduler pass did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TickReport {
    /// Items handled (including those with nothing to do).
    pub handled: u32,
    /// Items that failed or panicked this pass (held back for later).
    pub failed: u32,
    /// Items skipped because they are held back after failing.
    pub held: u32,
    /// Items skipped because another process sharing the database holds
    /// them (see `src/store/leases.rs`).
    pub elsewhere: u32,
    /// The database failed: the pass stopped early.
    pub aborted: bool,
}

impl TickReport {
    /// Nothing failed.
    pub fn ok(&self) -> bool {
        self.failed == 0 && !self.aborted
    }
}

/// Why an item failed: the store (the database may be down) or the item
/// itself (a row that cannot be read).
pub(crate) struct Fail {
    detail: String,
    store: bool,
}

impl Fail {
    pub(super) fn item(detail: String) -> Fail {
        Fail {
            detail,
            store: false,
        }
    }
}

impl From<StoreError> for Fail {
    fn from(e: StoreError) -> Fail {
        Fail {
            // A row this program cannot read is the item's fault, not the
            // database's.
            store: !matches!(
                e,
                StoreError::BadData { .. } | StoreError::Unreadable { .. }
            ),
            detail: e.to_string(),
        }
    }
}

impl From<LoadError> for Fail {
    fn from(e: LoadError) -> Fail {
        match e {
            LoadError::Store(e) => e.into(),
            LoadError::Unreadable(detail) => Fail::item(detail),
        }
    }
}

impl From<AppendError> for Fail {
    fn from(e: AppendError) -> Fail {
        let store = matches!(e, AppendError::Store(_));
        Fail {
            detail: e.to_string(),
            store,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_up_to_four_minutes_and_resets() {
        let mut b = 0;
        let mut seen = Vec::new();
        for _ in 0..9 {
            b = scheduler_backoff(b, false);
            seen.push(b);
        }
        assert_eq!(seen, [5, 10, 20, 40, 80, 160, 240, 240, 240]);
        // Never as long as the gap that counts as downtime.
        assert!((MAX_BACKOFF as i64) < crate::app::OFFLINE_AFTER);
        assert_eq!(scheduler_backoff(b, true), 0);
    }

    #[test]
    fn held_items_retry_later_and_later_up_to_an_hour() {
        let waits: Vec<i64> = (1..=9u32)
            .map(|f| (RETRY_FIRST << (f - 1).min(6)).min(RETRY_MAX))
            .collect();
        assert_eq!(waits, [60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]);
    }
}
