//! The archive's GIFs (`/g/{id}/game.gif`), the costliest thing it serves:
//! every position of a game drawn and encoded, tens of megabytes of frames
//! while a long game's GIF is built. So that readers cannot take the
//! memory or the CPU:
//!
//! * **One build per game at a time**: a request for a GIF that is being
//!   built waits for that build and gets its result.
//! * **At most `builds` builds at once** (2; 1 when the archive runs beside
//!   the bot, so the bot's own work keeps a core); more wait their turn. A
//!   build whose readers all gave up is skipped when its turn comes.
//! * **A cache bounded in bytes** (32 MiB), of finished games' GIFs only
//!   (a running game's GIF changes with each move), least recently used
//!   out first.
//! * **A bounded wait**: a reader waits at most [`WAIT`], then gets a 503
//!   with `Retry-After` (the build goes on, and is kept for them).
//!
//! Builds run on a thread of their own at a lower priority ([`build_aside`]),
//! detached from the request: a reader who hangs up does not cancel the
//! build others wait for, and beside the bot a move's reply is not kept
//! waiting by a build that has the other core.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use axum::body::Bytes;
use tokio::sync::{watch, Semaphore};

use crate::domain::GameId;

/// Builds at once when the archive runs alone (`tawlbot web`).
pub const DEFAULT_BUILDS: usize = 2;
/// Builds at once when the archive runs in the bot's process (`WEB_ADDR`):
/// the bot's move replies then keep a core of their own.
pub const BESIDE_THE_BOT_BUILDS: usize = 1;
/// The environment variable overriding the number of builds at once.
pub const BUILDS_VAR: &str = "WEB_GIF_BUILDS";
/// The bytes of GIFs kept.
pub const DEFAULT_CACHE_BYTES: usize = 32 << 20;
/// How long a reader waits for a GIF before a 503.
pub const WAIT: Duration = Duration::from_secs(20);

/// A built GIF: its file name and bytes (shared, never copied per reader).
#[derive(Clone, Debug)]
pub struct Gif {
    pub name: String,
    pub bytes: Bytes,
}

/// What a build gave.
#[derive(Clone, Debug)]
pub enum Built {
    Gif(Gif),
    /// No such public game: a 404.
    Missing,
    /// The store failed: a 503.
    Failed(String),
    /// The build panicked: a 500.
    Panicked,
}

/// What a reader gets: the build's result, or [`Outcome::Busy`] after
/// waiting [`WAIT`].
#[derive(Clone, Debug)]
pub enum Outcome {
    Built(Built),
    Busy,
}

type Key = (GameId, String);

#[derive(Default)]
struct State {
    /// Finished games' GIFs, least recently used first.
    cache: VecDeque<(Key, Gif)>,
    /// The bytes in `cache`.
    bytes: usize,
    /// The build running or waiting for each game; readers subscribe.
    building: HashMap<GameId, Arc<watch::Sender<Option<Built>>>>,
}

struct Inner {
    state: Mutex<State>,
    builds: Arc<Semaphore>,
    cache_bytes: usize,
    wait: Duration,
    /// Builds started, over the archive's life (for tests and logs).
    started: AtomicU64,
}

/// The GIF builder and cache of one archive; cheap to clone (shared).
#[derive(Clone)]
pub struct Gifs {
    inner: Arc<Inner>,
}

impl Default for Gifs {
    fn default() -> Gifs {
        Gifs::new(DEFAULT_BUILDS, DEFAULT_CACHE_BYTES, WAIT)
    }
}

impl Gifs {
    /// At most `builds` builds at once (at least 1), `cache_bytes` kept,
    /// readers waiting at most `wait`.
    pub fn new(builds: usize, cache_bytes: usize, wait: Duration) -> Gifs {
        Gifs {
            inner: Arc::new(Inner {
                state: Mutex::new(State::default()),
                builds: Arc::new(Semaphore::new(builds.max(1))),
                cache_bytes,
                wait,
                started: AtomicU64::new(0),
            }),
        }
    }

    /// `default_builds` at once unless `WEB_GIF_BUILDS` says otherwise.
    pub fn from_env(default_builds: usize) -> Gifs {
        let builds = std::env::var(BUILDS_VAR)
            .ok()
            .and_then(|v| v.trim().parse::<usize>().ok())
            .filter(|&n| n > 0)
            .unwrap_or(default_builds);
        Gifs::new(builds, DEFAULT_CACHE_BYTES, WAIT)
    }

    /// How many builds have started.
    pub fn builds_started(&self) -> u64 {
        self.inner.started.load(Ordering::Relaxed)
    }

    /// The bytes kept in the cache.
    pub fn cached_bytes(&self) -> usize {
        self.inner.lock().bytes
    }

    /// The GIF of game `id`: from the cache when `key` (the finished
    /// game's version; `None` for a running game, never kept) is there,
    /// else from the build of this game already under way, else from a new
    /// build by `build`.
    pub async fn get(
        &self,
        id: GameId,
        key: Option<String>,
        build: impl FnOnce() -> Built + Send + 'static,
    ) -> Outcome {
        let mut rx = {
            let mut s = self.inner.lock();
            if let Some(k) = &key {
                if let Some(gif) = s.take_cached(id, k) {
                    return Outcome::Built(Built::Gif(gif));
                }
            }
            match s.building.get(&id) {
                Some(tx) => tx.subscribe(),
                None => {
                    let (tx, rx) = watch::channel(None);
                    let tx = Arc::new(tx);
                    s.building.insert(id, Arc::clone(&tx));
                    self.spawn_build(id, key, tx, build);
                    rx
                }
            }
        };
        let waited = tokio::time::timeout(self.inner.wait, rx.wait_for(Option::is_some))
            .await
            .map(|r| r.map(|v| v.clone()));
        match waited {
            Ok(Ok(v)) => Outcome::Built(v.unwrap_or(Built::Panicked)),
            // The build's task was dropped (the runtime is stopping).
            Ok(Err(_)) => Outcome::Built(Built::Panicked),
            Err(_) => Outcome::Busy,
        }
    }

    fn spawn_build(
        &self,
        id: GameId,
        key: Option<String>,
        tx: Arc<watch::Sender<Option<Built>>>,
        build: impl FnOnce() -> Built + Send + 'static,
    ) {
        let inner = Arc::clone(&self.inner);
        tokio::spawn(async move {
            // The semaphore is never closed.
            let Ok(permit) = Arc::clone(&inner.builds).acquire_owned().await else {
                return;
            };
            {
                let mut s = inner.lock();
                if tx.receiver_count() == 0 {
                    // Every reader gave up while it waited its turn.
                    s.building.remove(&id);
                    return;
                }
            }
            inner.started.fetch_add(1, Ordering::Relaxed);
            let result = match build_aside(build).await {
                Some(r) => r,
                None => {
                    tracing::error!("web archive: the GIF of game {id} failed (it panicked)");
                    Built::Panicked
                }
            };
            drop(permit);
            let mut s = inner.lock();
            if let (Some(k), Built::Gif(g)) = (key, &result) {
                s.keep((id, k), g.clone(), inner.cache_bytes);
            }
            s.building.remove(&id);
            tx.send_replace(Some(result));
        });
    }
}

impl Inner {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl State {
    /// The kept GIF of `id` at `key`, now the most recently used.
    fn take_cached(&mut self, id: GameId, key: &str) -> Option<Gif> {
        let at = self
            .cache
            .iter()
            .position(|((g, k), _)| *g == id && k == key)?;
        let entry = self.cache.remove(at)?;
        let gif = entry.1.clone();
        self.cache.push_back(entry);
        Some(gif)
    }

    /// Keeps `gif` under `key`, dropping the least recently used until the
    /// cache holds at most `cap` bytes; a GIF bigger than `cap` is not kept.
    fn keep(&mut self, key: Key, gif: Gif, cap: usize) {
        let len = gif.bytes.len();
        if len > cap {
            return;
        }
        if let Some(at) = self.cache.iter().position(|(k, _)| *k == key) {
            if let Some((_, old)) = self.cache.remove(at) {
                self.bytes -= old.bytes.len();
            }
        }
        while self.bytes + len > cap {
            match self.cache.pop_front() {
                Some((_, old)) => self.bytes -= old.bytes.len(),
                None => break,
            }
        }
        self.bytes += len;
        self.cache.push_back((key, gif));
    }
}

/// Runs `build` on a thread of its own at a lower scheduling priority
/// (nice 10 on Linux), its result when it ends (`None` if it panicked).
///
/// A GIF build is seconds of CPU: on tokio's blocking pool at the bot's
/// own priority, beside the bot (`WEB_ADDR`), a move's reply now and then
/// waited tens of milliseconds for a core (docs/performance.md,
/// "The checkpoint and the GIF builds"). A thread of its own, because a thread's priority once lowered
/// cannot be raised again without privileges: a pool thread would keep it
/// for the bot's work after.
async fn build_aside<T: Send + 'static>(build: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    let spawned = std::thread::Builder::new()
        .name("tawlbot-gif".into())
        .spawn(move || {
            lower_priority();
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(build));
            let _ = tx.send(r.ok());
        });
    if let Err(e) = spawned {
        tracing::error!("web archive: no thread for a GIF: {e}");
        return None;
    }
    rx.await.ok().flatten()
}

/// Lowers the calling thread's scheduling priority (nice 10), where the
/// system has per-thread nice values (Linux); elsewhere nothing.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: setpriority and gettid only read their arguments and
        // change the calling thread's nice value; no memory is shared.
        let r = unsafe { libc::setpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t, 10) };
        if r != 0 {
            tracing::debug!("web archive: a GIF build's priority stays as it was");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gif(n: usize) -> Built {
        Built::Gif(Gif {
            name: "g.gif".into(),
            bytes: Bytes::from(vec![0u8; n]),
        })
    }

    #[tokio::test]
    async fn readers_of_one_game_share_one_build() {
        let gifs = Gifs::new(2, 1 << 20, Duration::from_secs(5));
        let (go, wait) = std::sync::mpsc::channel::<()>();
        let first = tokio::spawn({
            let gifs = gifs.clone();
            async move {
                gifs.get(GameId(1), Some("v".into()), move || {
                    let _ = wait.recv();
                    gif(10)
                })
                .await
            }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        let mut others = Vec::new();
        for _ in 0..10 {
            let gifs = gifs.clone();
            others.push(tokio::spawn(async move {
                gifs.get(GameId(1), Some("v".into()), || panic!("a second build"))
                    .await
            }));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        go.send(()).unwrap();
        for o in others {
            assert!(matches!(o.await.unwrap(), Outcome::Built(Built::Gif(_))));
        }
        assert!(matches!(
            first.await.unwrap(),
            Outcome::Built(Built::Gif(_))
        ));
        assert_eq!(gifs.builds_started(), 1);
        // Kept: the next reader builds nothing.
        let again = gifs
            .get(GameId(1), Some("v".into()), || panic!("rebuilt"))
            .await;
        assert!(matches!(again, Outcome::Built(Built::Gif(_))));
    }

    #[tokio::test]
    async fn the_cache_is_bounded_in_bytes_and_running_games_are_not_kept() {
        let gifs = Gifs::new(1, 100, Duration::from_secs(5));
        for g in 1..=5 {
            gifs.get(GameId(g), Some("v".into()), || gif(30)).await;
        }
        assert_eq!(gifs.cached_bytes(), 90);
        // Too big to keep; a running game (no key) is not kept either.
        gifs.get(GameId(9), Some("v".into()), || gif(101)).await;
        gifs.get(GameId(10), None, || gif(10)).await;
        assert_eq!(gifs.cached_bytes(), 90);
        // The oldest went first.
        let built = gifs.builds_started();
        gifs.get(GameId(5), Some("v".into()), || gif(30)).await;
        assert_eq!(gifs.builds_started(), built);
        gifs.get(GameId(1), Some("v".into()), || gif(30)).await;
        assert_eq!(gifs.builds_started(), built + 1);
    }

    #[tokio::test]
    async fn a_reader_waits_a_bounded_time() {
        let gifs = Gifs::new(1, 100, Duration::from_millis(100));
        let (go, wait) = std::sync::mpsc::channel::<()>();
        let slow = gifs.get(GameId(1), None, move || {
            let _ = wait.recv();
            gif(1)
        });
        assert!(matches!(slow.await, Outcome::Busy));
        // Waiting for the one build slot, game 2 is busy too; its build is
        // then skipped (no one waits for it any more).
        assert!(matches!(
            gifs.get(GameId(2), None, || gif(1)).await,
            Outcome::Busy
        ));
        go.send(()).unwrap();
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert_eq!(gifs.builds_started(), 1);
    }
}
