//! This process among others on one database: its name in leases and
//! heartbeats, what it runs, and how long its claims on timed work last.
//! See `src/store/leases.rs` and `docs/scaling.md`.

use crate::app::App;
use crate::domain::LeaseKind;
use crate::store::{Claim, ProcessId, StoreError};

/// The scheduler's longest sleep between passes unless set otherwise.
pub const DEFAULT_POLL: i64 = 60;

/// How long a claim on timed work lasts unless set otherwise: a process
/// killed while holding one delays that item by at most this long.
pub const DEFAULT_LEASE: i64 = 60;

/// This process's identity on the database.
#[derive(Clone, Debug)]
pub struct Process {
    /// Unique among the processes sharing the database (host, pid, start).
    pub id: ProcessId,
    /// What it runs (`SHARDS`, `console` ...), for operators reading the
    /// `processes` table.
    pub label: String,
    /// How long its claims on timed work last (seconds).
    pub lease: i64,
    /// The longest its scheduler sleeps between two passes (seconds): other
    /// processes add work its timer does not know about.
    pub poll: i64,
}

impl Process {
    /// A fresh identity: the host name, the process id and a number from
    /// the start time, so two processes never share one even on one host.
    pub fn new(label: &str) -> Process {
        let host = std::env::var("HOSTNAME")
            .ok()
            .or_else(|| std::fs::read_to_string("/etc/hostname").ok())
            .map(|h| h.trim().to_string())
            .filter(|h| !h.is_empty())
            .unwrap_or_else(|| "host".to_string());
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        static SEQ: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let seq = SEQ.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Process {
            id: format!("{host}/{}/{:x}-{seq}", std::process::id(), nanos).into(),
            label: label.to_string(),
            lease: DEFAULT_LEASE,
            poll: DEFAULT_POLL,
        }
    }
}

impl Process {
    /// A bot turn's lease, five times the others' (300 s by default): a
    /// search at the top level takes seconds, but the process's engine
    /// threads may be busy with other games first.
    pub fn bot_turn_lease(&self) -> i64 {
        self.lease * 5
    }
}

impl App {
    /// This process's identity on the database.
    pub fn process(&self) -> &Process {
        &self.process
    }

    /// The same app under another process identity (what it runs, how
    /// long its leases last). Call before sharing the app.
    pub fn with_process(mut self, p: Process) -> App {
        self.process = std::sync::Arc::new(p);
        self
    }

    /// Claims one item of timed work for this process (see
    /// [`crate::store::Store::claim`]): `true` if this process is to do it.
    pub(crate) fn claim_work(
        &self,
        kind: LeaseKind,
        item: &str,
        now: i64,
        lease: i64,
    ) -> Result<bool, StoreError> {
        let c = self.store.claim(kind, item, &self.process.id, now, lease)?;
        if let Claim::Held { owner, until } = &c {
            tracing::debug!(
                kind = kind.as_str(),
                item,
                owner = owner.as_str(),
                until,
                "held by another process"
            );
        }
        Ok(c == Claim::Mine)
    }

    /// Claims a job that lives nowhere else for this process (an
    /// `/analysis` in progress), keeping `payload` (what answering it
    /// needs) so that another process can take it over if this one dies.
    /// `false` when another process holds it.
    pub fn claim_job(&self, kind: LeaseKind, item: &str, payload: &str, now: i64) -> bool {
        let p = &self.process;
        match self
            .store
            .claim_job(kind, item, &p.id, now, p.bot_turn_lease(), payload)
        {
            Ok(c) => c == Claim::Mine,
            Err(e) => {
                // Not kept: the job still runs here, it only cannot be
                // taken over.
                tracing::warn!(kind = kind.as_str(), item, "could not record a job: {e}");
                true
            }
        }
    }

    /// Jobs of `kind` whose process died (their lease ended unfinished),
    /// now claimed for this process: `(item, payload)`.
    pub fn take_over_jobs(&self, kind: LeaseKind, now: i64) -> Vec<(String, String)> {
        let p = &self.process;
        let Ok(orphans) = self.store.orphan_jobs(kind, now, 20) else {
            return Vec::new();
        };
        orphans
            .into_iter()
            .filter(|(item, _)| {
                self.store
                    .claim(kind, item, &p.id, now, p.bot_turn_lease())
                    .is_ok_and(|c| c == Claim::Mine)
            })
            .collect()
    }

    /// A job this process held is done (answered, or given up for good).
    pub fn finish_job(&self, kind: LeaseKind, item: &str, now: i64) {
        if let Err(e) = self.store.finish_claim(kind, item, &self.process.id, now) {
            tracing::warn!(kind = kind.as_str(), item, "could not mark a job done: {e}");
        }
    }

    /// This process stops cleanly: its unfinished claims are given up at
    /// once and its heartbeat row goes.
    pub fn process_stopped(&self) -> Result<(), StoreError> {
        self.store.process_stopped(&self.process.id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_processes_never_share_an_identity() {
        let (a, b) = (Process::new("0-0/2"), Process::new("1-1/2"));
        assert_ne!(a.id, b.id);
        assert!(a.id.contains(&format!("/{}/", std::process::id())));
        assert_eq!(a.lease, DEFAULT_LEASE);
    }
}
