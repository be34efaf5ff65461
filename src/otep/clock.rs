//! The host's `clock` line and the time a move may take from it.

use std::time::Duration;

use crate::rules::Side;

/// What a `clock` line says, per side (`[attackers, defenders]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Milliseconds left: of the main time, or (`overtime`) of the current
    /// overtime period. Negative: no clock for that side.
    pub ms: [i64; 2],
    /// The figure is the current overtime period (`*`).
    pub overtime: [bool; 2],
    /// The length of an overtime period, in seconds.
    pub period_s: i64,
    /// Overtime periods left.
    pub periods: [i64; 2],
}

/// The time one move may take: `soft` is what the search plans to use (no
/// new iteration after a third of it), `hard` where it is stopped whatever
/// it is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub soft: Duration,
    pub hard: Duration,
}

/// The longest a move or an analysis may take, whatever the host says: ten
/// minutes. A clock beyond that is no time control a host means for one move
/// (`clock 9223372036854775807 ...` is 292 million years), and the search
/// gains next to nothing from it: its depth stops at 64.
pub const MAX_THINK: Duration = Duration::from_secs(600);

/// Kept back from the hard limit for the pipes, a slow turn of the host and
/// the search's own stopping: a tenth of the time that can be spent, at
/// least 150 ms, at most 3 s (never more than there is).
fn margin(spendable: u64) -> u64 {
    (spendable / 10).clamp(150, 3000).min(spendable)
}

impl Clock {
    /// Reads the arguments of a `clock` line: `<attacker-ms>[*]
    /// <defender-ms>[*] <overtime-s> <attacker-overtimes>
    /// <defender-overtimes>` (the last three may be missing: 0).
    pub fn parse(args: &str) -> Result<Clock, String> {
        let words: Vec<&str> = args.split_whitespace().collect();
        if words.len() < 2 {
            return Err("expected the attackers' and the defenders' time".into());
        }
        let mut c = Clock {
            ms: [0; 2],
            overtime: [false; 2],
            period_s: 0,
            periods: [0; 2],
        };
        for (i, &w) in words.iter().take(2).enumerate() {
            let (n, star) = match w.strip_suffix('*') {
                Some(n) => (n, true),
                None => (w, false),
            };
            c.ms[i] = n
                .parse()
                .map_err(|_| format!("expected milliseconds, not {w:?}"))?;
            c.overtime[i] = star;
        }
        let num = |i: usize| -> Result<i64, String> {
            match words.get(i) {
                None => Ok(0),
                Some(w) => w
                    .parse()
                    .map_err(|_| format!("expected a number, not {w:?}")),
            }
        };
        c.period_s = num(2)?;
        c.periods = [num(3)?, num(4)?];
        Ok(c)
    }

    /// The time `side` may spend on its move: about a thirtieth of its main
    /// time plus one overtime period (while it has periods left), never
    /// more than it can spend without losing on time (main time and the
    /// current period), less a margin. `None`: no clock for that side.
    pub fn budget(&self, side: Side) -> Option<Budget> {
        let i = side.index();
        if self.ms[i] < 0 {
            return None;
        }
        let ms = self.ms[i] as u64;
        let period = (self.period_s.max(0) as u64).saturating_mul(1000);
        let (main, current) = if self.overtime[i] {
            (0, ms)
        } else if self.periods[i] > 0 {
            (ms, period)
        } else {
            (ms, 0)
        };
        let spendable = main.saturating_add(current);
        let cap = MAX_THINK.as_millis() as u64;
        let hard = (spendable - margin(spendable)).min(cap);
        let want = main / 30 + current;
        Some(Budget {
            soft: Duration::from_millis(want.min(hard)),
            hard: Duration::from_millis(hard),
        })
    }
}
