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

use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

use super::time::{span, TimeControl};
use super::{mention, outcome_sentence, store_err, App, Ctx, Loaded, Reply, Response, Target};
use crate::rules::Side;
use crate::store::{AppendError, DueColumn, GameId, GameRow, GameState, ReminderClaim, StoreError};

pub(crate) const DAY: i64 = 86_400;

/// The clock state after a move or at the start of a turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Turn {
    pub deadline: Option<i64>,
    pub remind_at: Option<i64>,
    pub banks: Option<[Option<i64>; 2]>,
}

fn remind(deadline: i64, period: i64) -> Option<i64> {
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
            let left = row
                .deadline
                .map(|d| (d - now).max(0))
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

/// How a player wants to hear about their turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Notify {
    Mention,
    Dm,
    Both,
    Digest,
}

impl Notify {
    pub fn parse(s: &str) -> Option<Notify> {
        match s.trim().to_ascii_lowercase().as_str() {
            "mention" | "mentions" => Some(Notify::Mention),
            "dm" | "dms" | "direct" => Some(Notify::Dm),
            "both" => Some(Notify::Both),
            "digest" | "daily" => Some(Notify::Digest),
            _ => None,
        }
    }
    pub fn mentions(self) -> bool {
        matches!(self, Notify::Mention | Notify::Both)
    }
    pub fn dms(self) -> bool {
        matches!(self, Notify::Dm | Notify::Both)
    }
}

impl App {
    pub(crate) fn notify_of(&self, player: &str) -> Notify {
        self.store
            .player_setting(player, "notify")
            .ok()
            .flatten()
            .and_then(|v| Notify::parse(&v))
            .unwrap_or(Notify::Mention)
    }

    /// Applies a player's notification choice to a turn message: the
    /// channel text names instead of mentioning them if they asked for
    /// DMs only, and a DM is added if they asked for one.
    pub(crate) fn notify_turn(&self, l: &Loaded, replies: &mut Vec<Reply>, summary: &str) {
        let Some(side) = l.game.to_move() else { return };
        let player = &l.players[side.index()];
        let how = self.notify_of(player);
        if !how.mentions() {
            let name = self.name_of(player);
            for r in replies.iter_mut() {
                r.text = r.text.replace(&mention(player), &name);
            }
        }
        if how.dms() {
            replies.push(
                Reply::text(format!(
                    "Your move in game {} (<#{}>): {summary}",
                    l.row.id, l.row.channel_id
                ))
                .to(Target::Dm(player.clone())),
            );
        }
    }

    /// `/notify how`.
    pub(crate) fn set_notify(&self, user: &str, how: Option<&str>) -> Reply {
        match how.and_then(Notify::parse) {
            None => {
                Reply::private("Choose how you hear of your turns: mention, dm, both or digest.")
            }
            Some(n) => {
                let word = match n {
                    Notify::Mention => "mention",
                    Notify::Dm => "dm",
                    Notify::Both => "both",
                    Notify::Digest => "digest",
                };
                if let Err(e) = self.store.set_player_setting(user, "notify", word) {
                    return super::store_err(e).replies.remove(0);
                }
                Reply::private(match n {
                    Notify::Mention => {
                        "You will be mentioned in the game's channel when it is your turn."
                    }
                    Notify::Dm => {
                        "You will get a direct message when it is your turn (and no mention)."
                    }
                    Notify::Both => {
                        "You will be mentioned and get a direct message when it is your turn."
                    }
                    Notify::Digest => {
                        "You will get one direct message a day listing the games waiting for you."
                    }
                })
            }
        }
    }

    /// Stops the clock of a game: `offer_by` asked, the other player
    /// accepted. One store transaction (the offer is consumed with it).
    pub(crate) fn pause_game(
        &self,
        l: &Loaded,
        offer_by: &str,
        now: i64,
    ) -> Result<(i64, i64), AppendError> {
        let span = self
            .store
            .pause_offer_span(l.row.id)?
            .unwrap_or(PAUSE_DEFAULT_DAYS * DAY)
            .clamp(DAY, PAUSE_MAX_DAYS * DAY);
        let left = l.row.deadline.map(|d| (d - now).max(0));
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
        offer_by: Option<&str>,
        now: i64,
    ) -> Result<i64, AppendError> {
        let tc = TimeControl::parse(&l.row.time_control).unwrap_or_default();
        // Pauses made before the time left was kept stored it as the bank
        // of the side to move.
        let legacy = l
            .game
            .to_move()
            .and_then(|s| [l.row.bank_first, l.row.bank_second][s.index()]);
        let left = self
            .store
            .resume_clock(l.row.id, now, offer_by, legacy, |deadline, left| {
                let period = match tc {
                    TimeControl::PerMove(p) => p,
                    _ => left,
                };
                remind(deadline, period)
            })?;
        Ok(left.unwrap_or(0))
    }

    /// `/abort` (Manage Server): ends the channel's active game with no
    /// result, without reading its moves (a game whose record cannot be
    /// read can still be ended).
    pub(crate) fn abort_command(&self, ctx: &Ctx) -> Response {
        if !ctx.manage_server {
            return Response::one(Reply::private(
                "Only someone with the Manage Server permission can end a game with /abort.",
            ));
        }
        let row = match self.store.active_game_in_channel(&ctx.channel) {
            Ok(Some(r)) => r,
            Ok(None) => {
                return Response::one(Reply::private("There is no game running in this channel."))
            }
            Err(e) => return store_err(e),
        };
        match super::lifecycle::abort(self, row.id, "aborted", ctx.now) {
            Ok(()) => Response::one(Reply::text(format!(
                "Game {} was ended by {} with no result.",
                row.id,
                mention(&ctx.user.id)
            ))),
            Err(AppendError::GameOver) => {
                Response::one(Reply::private("That game is already over."))
            }
            Err(e) => store_err(e),
        }
    }

    /// Records that the bot is alive at `now` (the Discord scheduler calls
    /// this before every tick, and first of all at startup). If the last
    /// heartbeat is older than [`OFFLINE_AFTER`], the bot was away: every
    /// running clock is extended by that time, in the same transaction,
    /// before any timeout is judged. Returns the time it was away.
    pub fn heartbeat(&self, now: i64) -> Result<Option<i64>, StoreError> {
        let gap = self.store.heartbeat(now, OFFLINE_AFTER, true)?;
        if let Some(g) = gap {
            tracing::warn!(
                "the bot was away for {}: every running clock was extended by that time",
                span(g)
            );
        }
        Ok(gap)
    }

    /// Records a heartbeat at `now` without extending any clock (the
    /// console's own clock jumping forward is time passing, not downtime).
    pub fn mark_alive(&self, now: i64) -> Result<(), StoreError> {
        self.store.heartbeat(now, OFFLINE_AFTER, false).map(|_| ())
    }

    /// One pass over everything due at `now`: losses on time, cancelled
    /// games, ends of pauses, reminders and digests. Each item is handled on
    /// its own: one that fails or panics is logged once, held back and
    /// retried later (after 1, 2, 4 ... minutes, at most an hour), and never
    /// stops the others.
    pub(crate) fn run_clocks(&self, now: i64) -> (Response, TickReport) {
        let mut out = Response::none();
        let mut rep = TickReport::default();
        self.pass(DueColumn::Deadline, now, &mut rep, &mut out, |id| {
            self.deadline_item(id, now)
        });
        self.pass(DueColumn::PauseEnd, now, &mut rep, &mut out, |id| {
            self.pause_end_item(id, now)
        });
        self.pass(DueColumn::RemindAt, now, &mut rep, &mut out, |id| {
            self.reminder_item(id, now)
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
    /// each. Three store failures in one pass end it (the database is down).
    fn pass(
        &self,
        col: DueColumn,
        now: i64,
        rep: &mut TickReport,
        out: &mut Response,
        handle: impl Fn(GameId) -> Result<Response, Fail>,
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
                if self.run_item(Item::of(col, id), now, rep, out, || handle(id)) {
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
        let Some(row) = self.store.get_game(id)? else {
            return Ok(Response::none());
        };
        if row.state != GameState::Active || row.paused || row.deadline.is_none_or(|d| d > now) {
            return Ok(Response::none());
        }
        let channel = row.channel_id.clone();
        let mut l = self.load(row).map_err(Fail::item)?;
        if l.game.record().is_empty() && l.row.tournament_match_id.is_none() {
            return match super::lifecycle::abort(self, id, "no_move", now) {
                Ok(()) => Ok(Response::one(
                    Reply::text(format!(
                        "Game {id} is cancelled: no move was made before the deadline."
                    ))
                    .to(Target::Channel(channel)),
                )),
                Err(AppendError::GameOver) => Ok(Response::none()),
                Err(e) => Err(e.into()),
            };
        }
        let Some(side) = l.game.to_move() else {
            return Ok(Response::none());
        };
        let before = l.game.record().len() as u32;
        l.game.time_out(side);
        let Some(o) = l.game.outcome() else {
            return Ok(Response::none());
        };
        let after = match super::lifecycle::finish(self, &mut l, before, now) {
            Ok(r) => r,
            // A move or another pass came first: nothing to do.
            Err(AppendError::Stale { .. } | AppendError::GameOver) => return Ok(Response::none()),
            Err(e) => return Err(e.into()),
        };
        let mut resp = Response::one(self.board_reply(&l, outcome_sentence(&l.game, o), &[]));
        resp.extend(after);
        let who = mention(&l.players[side.index()]);
        for r in resp.replies.iter_mut() {
            if r.target == Target::Here {
                r.text = format!("{who} {}", r.text);
                r.target = Target::Channel(channel.clone());
            }
        }
        Ok(resp)
    }

    /// The agreed length of a pause is over: the clock starts by itself.
    fn pause_end_item(&self, id: GameId, now: i64) -> Result<Response, Fail> {
        let Some(row) = self.store.get_game(id)? else {
            return Ok(Response::none());
        };
        if row.state != GameState::Active || !row.paused {
            return Ok(Response::none());
        }
        let l = self.load(row).map_err(Fail::item)?;
        let left = match self.resume_game(&l, None, now) {
            Ok(left) => left,
            Err(AppendError::NotPaused | AppendError::GameOver) => return Ok(Response::none()),
            Err(e) => return Err(e.into()),
        };
        let who = l
            .game
            .to_move()
            .map(|s| mention(&l.players[s.index()]))
            .unwrap_or_default();
        Ok(Response::one(
            Reply::text(format!(
                "The agreed pause of game {id} is over: the clock runs again. {who} has {} left.",
                span(left)
            ))
            .to(Target::Channel(l.row.channel_id.clone())),
        ))
    }

    /// A reminder fell due. It is recorded as sent first (with the next
    /// reminder computed in the same transaction), then sent: a broken
    /// database means a lost reminder, never a stream of them.
    fn reminder_item(&self, id: GameId, now: i64) -> Result<Response, Fail> {
        if self.store.claim_reminder(id, now, DAY)? != ReminderClaim::Send {
            return Ok(Response::none());
        }
        let Some(row) = self.store.get_game(id)? else {
            return Ok(Response::none());
        };
        let l = self.load(row).map_err(Fail::item)?;
        let Some(side) = l.game.to_move() else {
            return Ok(Response::none());
        };
        let mut out = Vec::new();
        let player = l.players[side.index()].clone();
        let left = l.row.deadline.map(|d| span(d - now)).unwrap_or_default();
        let how = self.notify_of(&player);
        let who = if how.mentions() || how == Notify::Digest {
            mention(&player)
        } else {
            self.name_of(&player)
        };
        out.push(
            Reply::text(format!(
                "{who}, a reminder: it is your move in game {id}, and {left} are left on your clock."
            ))
            .to(Target::Channel(l.row.channel_id.clone())),
        );
        if how.dms() {
            out.push(
                Reply::text(format!(
                    "Reminder: your move in game {id} (<#{}>), {left} left.",
                    l.row.channel_id
                ))
                .to(Target::Dm(player)),
            );
        }
        Ok(Response {
            replies: out,
            effects: Vec::new(),
        })
    }

    /// A player's daily digest, recorded as sent before it is built.
    fn digest_item(&self, p: &str, now: i64) -> Result<Response, Fail> {
        if !self.store.claim_digest(p, "digest_at", now, DAY)? {
            return Ok(Response::none());
        }
        let mut waiting = Vec::new();
        for row in self.store.games_of_player(p, true, 50)? {
            let (id, ch, deadline) = (row.id, row.channel_id.clone(), row.deadline);
            if let Ok(l) = self.load(row) {
                if l.game.to_move().map(|s| l.players[s.index()] == p) == Some(true) {
                    let left = deadline
                        .map(|d| format!(", {} left", span(d - now)))
                        .unwrap_or_default();
                    waiting.push(format!("game {id} in <#{ch}>{left}"));
                }
            }
        }
        if waiting.is_empty() {
            return Ok(Response::none());
        }
        Ok(Response::one(
            Reply::text(format!(
                "Your daily digest: {} game{} waiting for your move: {}.",
                waiting.len(),
                if waiting.len() == 1 { " is" } else { "s are" },
                waiting.join("; ")
            ))
            .to(Target::Dm(p.to_string())),
        ))
    }
}

/// The first retry of a failed scheduler item comes after a minute, then
/// 2, 4, 8 ... minutes, at most an hour.
const RETRY_FIRST: i64 = 60;
const RETRY_MAX: i64 = 3600;
/// Entries read per page, and at most per column and pass.
const PAGE: u32 = 100;
const MAX_PER_PASS: u32 = 2000;

/// A pause lasts this many days unless asked otherwise, at most
/// [`PAUSE_MAX_DAYS`].
pub(crate) const PAUSE_DEFAULT_DAYS: i64 = 7;
pub(crate) const PAUSE_MAX_DAYS: i64 = 30;

/// How long the scheduler waits at least before its next pass, given the
/// wait before (`prev`, seconds) and whether the last pass went well: 0
/// when it did, else doubling from 5 seconds up to 5 minutes.
pub fn scheduler_backoff(prev: u64, ok: bool) -> u64 {
    if ok {
        0
    } else {
        (prev * 2).clamp(5, 300)
    }
}

/// A gap between heartbeats longer than this is downtime.
pub const OFFLINE_AFTER: i64 = 5 * 60;

/// One thing the scheduler handles.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Item {
    Deadline(GameId),
    PauseEnd(GameId),
    Reminder(GameId),
    Digest(String),
}

impl Item {
    fn of(col: DueColumn, id: GameId) -> Item {
        match col {
            DueColumn::Deadline => Item::Deadline(id),
            DueColumn::PauseEnd => Item::PauseEnd(id),
            DueColumn::RemindAt => Item::Reminder(id),
        }
    }
    fn column(&self) -> Option<DueColumn> {
        match self {
            Item::Deadline(_) => Some(DueColumn::Deadline),
            Item::PauseEnd(_) => Some(DueColumn::PauseEnd),
            Item::Reminder(_) => Some(DueColumn::RemindAt),
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
    fn item(detail: String) -> Fail {
        Fail {
            detail,
            store: false,
        }
    }
}

impl From<StoreError> for Fail {
    fn from(e: StoreError) -> Fail {
        Fail {
            detail: e.to_string(),
            store: true,
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
    fn backoff_doubles_up_to_five_minutes_and_resets() {
        let mut b = 0;
        let mut seen = Vec::new();
        for _ in 0..9 {
            b = scheduler_backoff(b, false);
            seen.push(b);
        }
        assert_eq!(seen, [5, 10, 20, 40, 80, 160, 300, 300, 300]);
        assert_eq!(scheduler_backoff(b, true), 0);
    }

    #[test]
    fn held_items_retry_later_and_later_up_to_an_hour() {
        let waits: Vec<i64> = (1..=9u32)
            .map(|f| (RETRY_FIRST << (f - 1).min(6)).min(RETRY_MAX))
            .collect();
        assert_eq!(waits, [60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]);
    }

    #[test]
    fn per_move_and_bank_turns() {
        let t = start(TimeControl::PerMove(DAY), Side::First, 100);
        assert_eq!(t.deadline, Some(100 + DAY));
        assert_eq!(t.remind_at, Some(100 + DAY - DAY / 4));
        assert_eq!(remind(1000, 60), None);
    }
}
