//! The referee's clocks: a time per move, or main time with overtime
//! periods (byo-yomi: a move that overruns a period uses it up and goes on
//! into the next; the side with no period left loses on time), and the
//! OTEP `clock` line that tells an engine where they stand.

use std::time::Duration;

use crate::otep;
use crate::rules::Side;

/// One engine's time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// No clock: the engine plays at its own pace (`--nodes`, levels), the
    /// host waits up to its move timeout.
    Untimed,
    /// Main time, then `periods` overtime periods of `period_ms` each. A
    /// time per move is `main_ms: 0, periods: 1`.
    Clock {
        main_ms: u64,
        period_ms: u64,
        periods: u32,
    },
}

impl Control {
    /// `--movetime MS`.
    pub fn per_move(ms: u64) -> Control {
        Control::Clock {
            main_ms: 0,
            period_ms: ms,
            periods: 1,
        }
    }

    /// As the match's first line says it.
    pub fn describe(&self) -> String {
        match *self {
            Control::Untimed => "untimed".into(),
            Control::Clock {
                main_ms: 0,
                period_ms,
                periods: 1,
            } => format!("{period_ms} ms a move"),
            Control::Clock {
                main_ms,
                period_ms,
                periods,
            } => format!("{main_ms} ms + {periods} x {period_ms} ms"),
        }
    }
}

/// One side's clock during a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideClock {
    pub control: Control,
    /// Main time left.
    pub main_ms: u64,
    /// Overtime periods left.
    pub periods: u32,
}

impl SideClock {
    pub fn new(control: Control) -> SideClock {
        match control {
            Control::Untimed => SideClock {
                control,
                main_ms: 0,
                periods: 0,
            },
            Control::Clock {
                main_ms, periods, ..
            } => SideClock {
                control,
                main_ms,
                periods,
            },
        }
    }

    fn period_ms(&self) -> u64 {
        match self.control {
            Control::Untimed => 0,
            Control::Clock { period_ms, .. } => period_ms,
        }
    }

    /// The most this move may take: the main time and every period left
    /// (`None`: untimed).
    pub fn allowed(&self) -> Option<Duration> {
        match self.control {
            Control::Untimed => None,
            Control::Clock { .. } => Some(Duration::from_millis(
                self.main_ms
                    .saturating_add(self.period_ms().saturating_mul(self.periods as u64)),
            )),
        }
    }

    /// Takes a move's time off the clock. False: the side ran out of time.
    pub fn charge(&mut self, spent: Duration) -> bool {
        if self.control == Control::Untimed {
            return true;
        }
        let ms = spent.as_millis().min(u64::MAX as u128) as u64;
        if ms <= self.main_ms {
            self.main_ms -= ms;
            return true;
        }
        let over = ms - self.main_ms;
        self.main_ms = 0;
        let period = self.period_ms();
        if period == 0 || self.periods == 0 {
            return false;
        }
        // A move within one period keeps it; each whole period overrun
        // uses one up.
        let used = (over - 1) / period;
        if used >= self.periods as u64 {
            self.periods = 0;
            return false;
        }
        self.periods -= used as u32;
        true
    }

    /// The figure for this side in a `clock` line: the main time, or (`*`)
    /// the current overtime period; -1 without a clock.
    fn figure(&self) -> (i64, bool) {
        match self.control {
            Control::Untimed => (-1, false),
            Control::Clock { .. } if self.main_ms > 0 => (self.main_ms as i64, false),
            Control::Clock { .. } => (self.period_ms() as i64, true),
        }
    }
}

/// The `clock` values for the side to move (`None` when that side has no
/// clock: no line is sent).
pub fn clock_for(clocks: &[SideClock; 2], mover: Side) -> Option<otep::Clock> {
    let me = clocks[mover.index()];
    me.allowed()?;
    let (a, b) = (clocks[0].figure(), clocks[1].figure());
    Some(otep::Clock {
        ms: [a.0, b.0],
        overtime: [a.1, b.1],
        // One length in the line: the mover's.
        period_s: (me.period_ms() / 1000) as i64,
        periods: [clocks[0].periods as i64, clocks[1].periods as i64],
    })
}

/// The `clock` line (without its line break).
pub fn clock_line(c: &otep::Clock) -> String {
    let star = |b: bool| if b { "*" } else { "" };
    format!(
        "clock {}{} {}{} {} {} {}",
        c.ms[0],
        star(c.overtime[0]),
        c.ms[1],
        star(c.overtime[1]),
        c.period_s,
        c.periods[0],
        c.periods[1]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_time_per_move() {
        let mut c = SideClock::new(Control::per_move(200));
        assert_eq!(c.allowed(), Some(ms(200)));
        assert!(c.charge(ms(150)));
        assert!(c.charge(ms(200)));
        assert_eq!(c.allowed(), Some(ms(200)), "every move a fresh period");
        assert!(!c.charge(ms(201)));
    }

    #[test]
    fn main_time_then_overtime() {
        let mut c = SideClock::new(Control::Clock {
            main_ms: 1000,
            period_ms: 100,
            periods: 3,
        });
        assert_eq!(c.allowed(), Some(ms(1300)));
        assert!(c.charge(ms(900)));
        assert_eq!(c.main_ms, 100);
        // 100 of main time, then 150 into overtime: one period used up.
        assert!(c.charge(ms(250)));
        assert_eq!((c.main_ms, c.periods), (0, 2));
        assert!(c.charge(ms(100)));
        assert_eq!(c.periods, 2);
        assert!(!c.charge(ms(201)));
        assert_eq!(c.periods, 0);
    }

    #[test]
    fn the_clock_line() {
        let clocks = [
            SideClock::new(Control::per_move(1500)),
            SideClock::new(Control::Clock {
                main_ms: 60_000,
                period_ms: 5000,
                periods: 3,
            }),
        ];
        let c = clock_for(&clocks, Side::First).unwrap();
        assert_eq!(clock_line(&c), "clock 1500* 60000 1 1 3");
        assert_eq!(otep::Clock::parse("1500* 60000 1 1 3").unwrap(), c);
        let c = clock_for(&clocks, Side::Second).unwrap();
        assert_eq!(clock_line(&c), "clock 1500* 60000 5 1 3");
        let untimed = [SideClock::new(Control::Untimed); 2];
        assert_eq!(clock_for(&untimed, Side::First), None);
    }
}
