//! Clocks: deadlines, time banks, reminders, pause and resume, and how
//! players hear that it is their turn.
//!
//! - Fixed time per move: the deadline is the move's time plus the period.
//! - Time bank: each side's bank is stored on the game; the deadline is the
//!   start of the turn plus the mover's bank; after a move the mover's bank
//!   becomes what was left plus the increment, never above the cap.
//! - A reminder goes to the player to move when a quarter of their time for
//!   the turn is left, and a game sends at most one reminder a day.
//! - Paused games have no running deadline: what was left is kept in the
//!   bank column of the side to move and given back on resume.

use super::time::{span, TimeControl};
use super::{mention, App, Loaded, Reply, Target};
use crate::rules::Side;
use crate::store::GameRow;

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

    /// Stops the clock of a game (both players agreed).
    pub(crate) fn pause_game(&self, l: &Loaded, now: i64) -> Result<(), String> {
        let side = l.game.to_move().ok_or("This game is over.")?;
        let left = l.row.deadline.map(|d| (d - now).max(0));
        let mut banks = [l.row.bank_first, l.row.bank_second];
        banks[side.index()] = left;
        self.store
            .set_banks(l.row.id, banks[0], banks[1])
            .and_then(|_| self.store.set_paused(l.row.id, true, now))
            .map_err(|e| e.to_string())
    }

    /// Starts the clock again: the player to move gets what they had left.
    pub(crate) fn resume_game(&self, l: &Loaded, now: i64) -> Result<i64, String> {
        let side = l.game.to_move().ok_or("This game is over.")?;
        let tc = TimeControl::parse(&l.row.time_control).unwrap_or_default();
        let banks = [l.row.bank_first, l.row.bank_second];
        let left = banks[side.index()].unwrap_or(0);
        let deadline = now + left;
        let period = match tc {
            TimeControl::PerMove(p) => p,
            _ => left,
        };
        let s = &self.store;
        let keep = match tc {
            TimeControl::Bank { .. } => banks,
            _ => [None, None],
        };
        s.set_banks(l.row.id, keep[0], keep[1])
            .and_then(|_| s.set_deadline(l.row.id, Some(deadline)))
            .and_then(|_| s.set_remind_at(l.row.id, remind(deadline, period)))
            .and_then(|_| s.set_paused(l.row.id, false, now))
            .map_err(|e| e.to_string())?;
        Ok(left)
    }

    /// Reminders that have fallen due by `now`.
    pub(crate) fn due_reminders(&self, now: i64) -> Vec<Reply> {
        let mut out = Vec::new();
        for (id, _) in self.store.reminders_due(now, 100).unwrap_or_default() {
            let Ok(Some(row)) = self.store.get_game(id) else {
                continue;
            };
            // At most one reminder a day per game.
            if let Some(last) = row.last_reminder_at {
                if now - last < DAY {
                    let next = last + DAY;
                    let later = row.deadline.filter(|&d| next < d).map(|_| next);
                    let _ = self.store.set_remind_at(id, later);
                    continue;
                }
            }
            let _ = self.store.set_remind_at(id, None);
            let Ok(l) = self.load(row) else { continue };
            let Some(side) = l.game.to_move() else {
                continue;
            };
            let player = l.players[side.index()].clone();
            let left = l.row.deadline.map(|d| span(d - now)).unwrap_or_default();
            let _ = self.store.record_reminder(id, now);
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
        }
        out
    }

    /// Once-a-day digests for players who chose them.
    pub(crate) fn digests(&self, now: i64) -> Vec<Reply> {
        let mut out = Vec::new();
        for p in self
            .store
            .players_with_setting("notify", "digest")
            .unwrap_or_default()
        {
            let last: i64 = self
                .store
                .player_setting(&p, "digest_at")
                .ok()
                .flatten()
                .and_then(|v| v.parse().ok())
                .unwrap_or(i64::MIN / 2);
            if now - last < DAY {
                continue;
            }
            let mut waiting = Vec::new();
            for row in self.store.games_of_player(&p, true, 50).unwrap_or_default() {
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
            let _ = self
                .store
                .set_player_setting(&p, "digest_at", &now.to_string());
            if !waiting.is_empty() {
                out.push(
                    Reply::text(format!(
                        "Your daily digest: {} game{} waiting for your move: {}.",
                        waiting.len(),
                        if waiting.len() == 1 { " is" } else { "s are" },
                        waiting.join("; ")
                    ))
                    .to(Target::Dm(p)),
                );
            }
        }
        out
    }
}
