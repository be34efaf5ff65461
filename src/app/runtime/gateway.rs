//! The Discord gateway's state, as far as the clocks care: while it is
//! disconnected (the process runs, Discord is unreachable) no player can
//! move, so that time is downtime like a stopped process. The scheduler
//! writes no heartbeat and judges no clock then; when the gateway is back
//! the heartbeat finds the gap and every running clock is extended by it
//! (when it is longer than [`OFFLINE_AFTER`](crate::app::OFFLINE_AFTER), the same
//! rule as a restart).

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use crate::app::App;
use crate::store::StoreError;

/// Which shards of this process have lost the gateway.
#[derive(Clone, Default)]
pub(crate) struct Gateway {
    down: Arc<Mutex<HashSet<u32>>>,
}

impl Gateway {
    fn down(&self) -> std::sync::MutexGuard<'_, HashSet<u32>> {
        self.down.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl App {
    /// Whether every shard of this process is connected to the gateway
    /// (always, in the console).
    pub fn gateway_up(&self) -> bool {
        self.gateway.down().is_empty()
    }

    /// Shard `shard` lost the gateway at `now`: from now on no heartbeat is
    /// written and no clock judged until it is back.
    pub fn gateway_lost(&self, shard: u32, now: i64) {
        if self.gateway.down().insert(shard) {
            tracing::warn!(
                "shard {shard} lost the Discord gateway at {now}: clocks wait until it is back"
            );
        }
    }

    /// Shard `shard` is connected again at `now`. When no shard is down any
    /// more, the heartbeat runs at once: an outage longer than
    /// [`OFFLINE_AFTER`](crate::app::OFFLINE_AFTER) extends every running clock
    /// by its length, before any clock is judged. Returns that length.
    pub fn gateway_back(&self, shard: u32, now: i64) -> Result<Option<i64>, StoreError> {
        let was_down = {
            let mut down = self.gateway.down();
            let was = down.remove(&shard);
            if !down.is_empty() {
                return Ok(None);
            }
            was
        };
        if was_down {
            tracing::info!("the Discord gateway is back at {now}");
        }
        self.heartbeat(now)
    }
}
