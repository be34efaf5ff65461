//! OTEP, the OpenTafl Engine Protocol: tawlbot as an engine that OpenTafl
//! (or any host speaking the protocol) runs as a child process, talking over
//! its standard input and output. See `docs/engine.md` ("OpenTafl") and
//! `../shared/OTEP.md`.
//!
//! - [`message`]: host lines read into [`HostMessage`]s, engine lines
//!   ([`EngineLine`]) written.
//! - [`Clock`]: the `clock` line, and the time a move may take from it.
//! - [`Session`]: the protocol as a state machine: a host line in, the
//!   [`Action`]s out (lines to send, lines to log, a search to make).
//! - [`LineReader`]: the host's lines from a byte stream, each at most
//!   [`MAX_LINE`] bytes, a line that is not text reported as such.
//! - [`think_until`]: makes a search a session asks for (the engine of
//!   `src/engine`, stopped at the session's deadline or when told to).
//!
//! `tawlbot otep` (`src/otep_cli.rs`) is only the loop around these.

mod clock;
mod input;
pub mod message;
mod session;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

pub use clock::{Budget, Clock, MAX_THINK};
pub use input::{Input, LineReader, MAX_LINE};
pub use message::{parse, AnalysisLine, EngineLine, HostMessage, ParseError};
pub use session::{Action, Job, Session, Strength, Think, CLOCK_GRACE};

use crate::engine::{self, Score, SearchResult};
use crate::notation::algebraic;
use crate::rules::Move;

/// A move in OTEP's simple notation: `e2-c2` (algebraic in every variant).
pub fn simple_move(m: Move) -> String {
    format!("{}-{}", algebraic(m.from), algebraic(m.to))
}

/// An evaluation as `analysis` writes it, for the side to move: men (a man
/// is 1.00), or `1000 - n` for a win in n of its moves (`-(1000 - n)` for a
/// loss).
pub fn evaluation(s: Score) -> String {
    match s {
        Score::Points(p) => format!("{:.2}", p as f64 / 100.0),
        Score::WinIn(n) => format!("{}", 1000 - n.min(999) as i64),
        Score::LossIn(n) => format!("{}", -(1000 - n.min(999) as i64)),
    }
}

/// Makes the search `t` asks for: one result for a move, up to the asked
/// number of lines for an analysis (best first, each among the moves the
/// lines before it left). A search still running at the deadline is
/// stopped and gives what it has (at least its first move).
pub fn think(t: &Think) -> Vec<SearchResult> {
    think_until(t, &AtomicBool::new(false))
}

/// How often a running search looks at its deadline and at `abort`.
const WATCH: Duration = Duration::from_millis(10);

/// As [`think`], also stopped within a few milliseconds once `abort` is
/// set (the host said `goodbye`): what it has by then is returned.
pub fn think_until(t: &Think, abort: &AtomicBool) -> Vec<SearchResult> {
    let stop = AtomicBool::new(false);
    let (done, wait) = mpsc::channel::<()>();
    let started = Instant::now();
    std::thread::scope(|s| {
        let stop = &stop;
        s.spawn(move || loop {
            if abort.load(Ordering::Relaxed) {
                stop.store(true, Ordering::Relaxed);
                return;
            }
            let mut nap = WATCH;
            if let Some(d) = t.deadline {
                let left = d.saturating_sub(started.elapsed());
                if left.is_zero() {
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
                nap = nap.min(left);
            }
            match wait.recv_timeout(nap) {
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                _ => return,
            }
        });
        let lines = match t.job {
            Job::Move => 1,
            Job::Analyze { lines } => lines.max(1),
        };
        let mut left = t.moves.clone();
        let mut out = Vec::new();
        for _ in 0..lines {
            if left.is_empty() || (!out.is_empty() && stop.load(Ordering::Relaxed)) {
                break;
            }
            let Some(r) = engine::best_move_among(&t.game, &left, &t.limits, t.seed, stop) else {
                break;
            };
            left.retain(|m| *m != r.mv);
            out.push(r);
        }
        drop(done);
        out
    })
}

#[cfg(test)]
mod tests;
