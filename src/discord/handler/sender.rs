//! The outbox's sender: what committed changes told the
//! players, sent to Discord by whichever live process claims it.
//!
//! * Oldest first, one target's rows in order: only the oldest row of each
//!   channel or DM is claimable (see [`crate::store::Outbox`]), so at most
//!   one message per target is in flight, and up to [`PARALLEL`] targets
//!   are served at once.
//! * A claim is a lease (the process's `LEASE_SECONDS`): a process that
//!   dies holding rows leaves them to another once the lease ends.
//! * Each POST carries a nonce made of the row (its id and creation time,
//!   [`nonce`]) with `enforce_nonce`: Discord returns the message it
//!   already created for that nonce in the last few minutes instead of a
//!   second one, so sending a row again after a crash doubles nothing.
//! * A transient failure (429, 5xx, a dropped connection) puts the row
//!   back, tried again after 1, 2, 4 ... seconds, at most 5 minutes; a
//!   permanent one (403 missing access, 404 unknown channel, 400 invalid
//!   form 50035 ...) drops the row with one log line, and the rows behind
//!   it go on.
//! * Rows older than a day are dropped unsent, with their count in the log.

use std::time::Duration;

use serenity::all::{ChannelId, CreateMessage, Http, UserId};
use serenity::http::HttpError;
use serenity::model::channel::Nonce;
use tokio::task::JoinSet;

use super::{build, unix_now, Arc, Handler};
use crate::store::OutboxRow;

/// At most this many messages in flight at once (each to a target of its
/// own).
pub(crate) const PARALLEL: usize = 32;
/// How often an idle sender looks for new rows.
const IDLE: Duration = Duration::from_millis(200);
/// The longest wait before a row that failed is tried again (seconds).
const MAX_BACKOFF: i64 = 300;
/// Rows older than this (seconds) are dropped unsent.
pub(crate) const MAX_AGE: i64 = 86_400;
/// How often old rows are looked for (seconds).
const PRUNE_EVERY: i64 = 60;
/// Discord's limit on a nonce.
const MAX_NONCE: usize = 25;

/// How one attempt at a row ended.
enum Sent {
    Done,
    /// Worth trying again later.
    Retry(String),
    /// Discord will never take it.
    Refused(String),
}

impl Handler {
    /// Sends the outbox until the process stops.
    pub(super) async fn sender(self, http: Arc<Http>) {
        let mut stop = self.stop_tx.subscribe();
        let owner = self.app.process().id.clone();
        let lease = self.app.process().lease.max(5);
        let mut flying: JoinSet<()> = JoinSet::new();
        let mut pruned_at = 0;
        let mut db_ok = true;
        loop {
            if *stop.borrow() {
                break;
            }
            let now = unix_now();
            if now - pruned_at >= PRUNE_EVERY {
                pruned_at = now;
                match self
                    .call(move |a| a.store().prune_outbox(now - MAX_AGE))
                    .await
                {
                    Some(Ok(0)) | None => {}
                    Some(Ok(n)) => tracing::warn!(
                        "{n} messages older than a day were dropped from the outbox unsent"
                    ),
                    Some(Err(e)) => tracing::debug!("could not prune the outbox: {e}"),
                }
            }
            let room = PARALLEL.saturating_sub(flying.len()) as u32;
            if room > 0 {
                let o = owner.clone();
                match self
                    .call(move |a| a.store().claim_outbox(&o, now, lease, room))
                    .await
                {
                    Some(Ok(rows)) => {
                        if !db_ok {
                            tracing::info!("the outbox can be read again");
                            db_ok = true;
                        }
                        for row in rows {
                            let (me, http) = (self.clone(), Arc::clone(&http));
                            flying.spawn(async move { me.send_row(&http, row).await });
                        }
                    }
                    Some(Err(e)) if db_ok => {
                        tracing::error!("the outbox cannot be read (retrying): {e}");
                        db_ok = false;
                    }
                    Some(Err(_)) | None => {}
                }
            }
            tokio::select! {
                Some(_) = flying.join_next(), if !flying.is_empty() => {}
                _ = tokio::time::sleep(IDLE) => {}
                _ = stop.changed() => break,
            }
        }
        // What is in flight finishes (or its lease ends); the rest is given
        // up at once for the other processes.
        let _ = tokio::time::timeout(Duration::from_secs(5), async {
            while flying.join_next().await.is_some() {}
        })
        .await;
        let o = owner.clone();
        if let Some(Err(e)) = self.call(move |a| a.store().outbox_release(&o)).await {
            tracing::warn!("could not give up this process's claims on the outbox: {e}");
        }
    }

    /// One attempt at one row, and what the outbox makes of it.
    async fn send_row(&self, http: &Http, row: OutboxRow) {
        let sent = match crate::app::runtime::outbox::read(&row) {
            Ok(r) => post_once(http, &r, &nonce(&row)).await,
            Err(e) => Sent::Refused(format!("the row cannot be read: {e}")),
        };
        let (id, attempts) = (row.id, row.attempts);
        let result = match sent {
            Sent::Done => {
                self.call(move |a| a.store().outbox_done(id).map(|_| ()))
                    .await
            }
            Sent::Refused(why) => {
                tracing::warn!(
                    "a message to {} was refused by Discord and is dropped from the outbox (row {id}): {why}",
                    row.target
                );
                self.call(move |a| a.store().outbox_done(id).map(|_| ()))
                    .await
            }
            Sent::Retry(why) => {
                let wait = backoff(attempts);
                if attempts == 0 {
                    tracing::warn!(
                        "a message to {} could not be sent, tried again in {wait} s (row {id}): {why}",
                        row.target
                    );
                }
                let owner = self.app.process().id.clone();
                let due = unix_now() + wait;
                self.call(move |a| a.store().outbox_retry(id, &owner, due))
                    .await
            }
        };
        if let Some(Err(e)) = result {
            // The row stays claimed; once its lease ends it is sent again
            // under the same nonce, which Discord does not double.
            tracing::warn!("the outbox could not be updated for row {id}: {e}");
        }
    }
}

/// The wait (seconds) before a row that failed `attempts` times before is
/// tried again: 1, 2, 4 ... seconds, at most 5 minutes.
pub(crate) fn backoff(attempts: u32) -> i64 {
    (1i64 << attempts.min(16)).min(MAX_BACKOFF)
}

/// The row's nonce: its id and creation time in base 36 (an id is never
/// used twice in one database), at most 25 characters as Discord asks.
pub(crate) fn nonce(row: &OutboxRow) -> String {
    let mut n = format!("{}.{}", base36(row.id), base36(row.created_at));
    n.truncate(MAX_NONCE);
    n
}

fn base36(v: i64) -> String {
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut v = v.unsigned_abs();
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(v % 36) as usize]);
        v /= 36;
        if v == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// Posts one reply with `nonce`, enforced.
async fn post_once(
    http: &Http,
    r: &crate::app::presentation::rendered::Reply,
    nonce: &str,
) -> Sent {
    use crate::app::Target;
    let channel = match &r.target {
        Target::Channel(id) => match id.parse::<u64>() {
            Ok(c) if c > 0 => ChannelId::new(c),
            _ => return Sent::Refused(format!("not a channel id: {id:?}")),
        },
        Target::Dm(user) => match user.parse::<u64>() {
            Ok(u) if u > 0 => match UserId::new(u).create_dm_channel(http).await {
                Ok(dm) => dm.id,
                Err(e) => return classify(e),
            },
            _ => return Sent::Refused(format!("not a user id: {user:?}")),
        },
        Target::Here => return Sent::Refused("a reply with no channel".into()),
    };
    let m = build::<CreateMessage>(r)
        .nonce(Nonce::String(nonce.to_string()))
        .enforce_nonce(true);
    match channel.send_message(http, m).await {
        Ok(_) => Sent::Done,
        Err(e) => classify(e),
    }
}

/// Transient (429, 5xx, no answer) or permanent (any other refusal).
fn classify(e: serenity::Error) -> Sent {
    let transient = match &e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => {
            let s = r.status_code.as_u16();
            s == 429 || s >= 500
        }
        serenity::Error::Http(HttpError::Request(_)) | serenity::Error::Io(_) => true,
        _ => false,
    };
    if transient {
        Sent::Retry(e.to_string())
    } else {
        Sent::Refused(e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_up_to_five_minutes() {
        let waits: Vec<i64> = (0..11).map(backoff).collect();
        assert_eq!(waits, [1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300]);
        assert_eq!(backoff(u32::MAX), 300);
    }

    #[test]
    fn a_nonce_fits_discord_and_names_its_row() {
        let row = |id, created_at| OutboxRow {
            id,
            target: String::new(),
            body: String::new(),
            created_at,
            attempts: 0,
        };
        let a = nonce(&row(1, 1_767_225_600));
        let b = nonce(&row(2, 1_767_225_600));
        assert_ne!(a, b);
        assert!(a.len() <= 23, "{a}");
        assert!(nonce(&row(i64::MAX, i64::MAX)).len() <= MAX_NONCE);
        assert_eq!(base36(35), "z");
        assert_eq!(base36(36), "10");
    }
}
