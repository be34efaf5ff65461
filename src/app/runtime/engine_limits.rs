//! Limits on the engine's work, so one player cannot slow everyone down:
//! a bounded queue of engine jobs (bot turns and `/analysis`), one running
//! `/analysis` per user, and the analyses of finished games kept (a finished
//! game never changes: asking again costs nothing).

use std::collections::{HashSet, VecDeque};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crate::domain::GameId;
use crate::engine::Analysis;

/// Engine jobs waiting or running at most. Past it, `/analysis` and new
/// games against the bot are refused with "busy, try in a minute" rather
/// than queued behind everyone (a bot turn of a running game is always
/// taken: the game needs its move).
pub const ENGINE_QUEUE: usize = 8;
/// Games against the bot one player may have running at once.
pub const BOT_GAMES_PER_PLAYER: usize = 3;
/// Analyses kept.
const KEEP: usize = 32;

/// A kept analysis: (game id, move count) and the analysis.
type Kept = ((GameId, usize), Arc<Analysis>);

#[derive(Default)]
struct Inner {
    /// Users with an analysis running.
    running: Mutex<HashSet<String>>,
    /// (game id, move count) -> analysis, oldest first.
    kept: Mutex<VecDeque<Kept>>,
    /// Engine jobs waiting or running.
    jobs: AtomicUsize,
}

/// The limits; cheap to clone (shared).
#[derive(Clone, Default)]
pub struct EngineLimits {
    inner: Arc<Inner>,
}

/// One engine job in the queue: leaves it when dropped.
pub struct EngineJob {
    inner: Arc<Inner>,
}

impl Drop for EngineJob {
    fn drop(&mut self) {
        self.inner.jobs.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A user's running analysis: they may ask again once it is dropped.
pub struct Running {
    inner: Arc<Inner>,
    user: String,
}

impl Drop for Running {
    fn drop(&mut self) {
        lock(&self.inner.running).remove(&self.user);
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl EngineLimits {
    /// A place in the engine queue, or `None` when it is full.
    pub fn try_job(&self) -> Option<EngineJob> {
        let taken = self
            .inner
            .jobs
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < ENGINE_QUEUE).then_some(n + 1)
            });
        taken.ok().map(|_| EngineJob {
            inner: Arc::clone(&self.inner),
        })
    }

    /// A place in the engine queue even when it is full (a bot turn).
    pub fn job(&self) -> EngineJob {
        self.inner.jobs.fetch_add(1, Ordering::SeqCst);
        EngineJob {
            inner: Arc::clone(&self.inner),
        }
    }

    /// Whether the queue has room for one more job.
    pub fn has_room(&self) -> bool {
        self.inner.jobs.load(Ordering::SeqCst) < ENGINE_QUEUE
    }

    /// Marks `user`'s analysis as running, or `None` if one already is.
    pub fn start_analysis(&self, user: &str) -> Option<Running> {
        lock(&self.inner.running)
            .insert(user.to_string())
            .then(|| Running {
                inner: Arc::clone(&self.inner),
                user: user.to_string(),
            })
    }

    /// The analysis kept for `game` at `moves` moves.
    pub fn kept(&self, game: GameId, moves: usize) -> Option<Arc<Analysis>> {
        lock(&self.inner.kept)
            .iter()
            .find(|(k, _)| *k == (game, moves))
            .map(|(_, a)| Arc::clone(a))
    }

    /// Keeps `a` as the analysis of `game` at `moves` moves.
    pub fn keep(&self, game: GameId, moves: usize, a: Arc<Analysis>) {
        let mut kept = lock(&self.inner.kept);
        kept.retain(|(k, _)| k.0 != game);
        kept.push_back(((game, moves), a));
        while kept.len() > KEEP {
            kept.pop_front();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_queue_is_bounded_and_frees_its_places() {
        let l = EngineLimits::default();
        let jobs: Vec<_> = (0..ENGINE_QUEUE).map(|_| l.try_job().unwrap()).collect();
        assert!(l.try_job().is_none());
        assert!(!l.has_room());
        // A bot turn is still taken.
        let turn = l.job();
        drop(turn);
        drop(jobs);
        assert!(l.has_room());
        assert!(l.try_job().is_some());
    }

    #[test]
    fn one_analysis_per_user() {
        let l = EngineLimits::default();
        let a = l.start_analysis("alice").unwrap();
        assert!(l.start_analysis("alice").is_none());
        assert!(l.start_analysis("bob").is_some());
        drop(a);
        assert!(l.start_analysis("alice").is_some());
    }
}
