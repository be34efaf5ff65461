//! A per-address rate limit: a token bucket per client address, refilled
//! at `rate` requests a second up to `burst`. Kept in memory (a restart
//! forgets it) and bounded: when it tracks too many addresses, the ones
//! whose buckets are full again are forgotten.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Addresses tracked before full buckets are dropped.
const MAX_TRACKED: usize = 10_000;

/// The limit; `rate == 0` means none.
#[derive(Debug)]
pub struct RateLimit {
    rate: f64,
    burst: f64,
    buckets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

impl Default for RateLimit {
    /// 20 requests a second per address, 100 at once: a reader stepping
    /// through a game (a page and a picture per step) never meets it.
    fn default() -> RateLimit {
        RateLimit::new(20, 100)
    }
}

impl RateLimit {
    pub fn new(rate: u32, burst: u32) -> RateLimit {
        RateLimit {
            rate: rate as f64,
            burst: burst.max(1) as f64,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// `n` a second, bursts of `5 n`.
    pub fn per_second(n: u32) -> RateLimit {
        RateLimit::new(n, n.saturating_mul(5))
    }

    /// No limit.
    pub fn off() -> RateLimit {
        RateLimit::new(0, 1)
    }

    /// Takes a token for `addr` at `now`; `Err` with how long to wait.
    pub fn check(&self, addr: IpAddr, now: Instant) -> Result<(), Duration> {
        self.charge(addr, now, 1)
    }

    /// Takes `cost` tokens for `addr` at `now` (a request that costs more
    /// than others, as a GIF of a long game); `Err` with how long to wait.
    /// A cost above the burst is charged as one whole burst, so anything
    /// can be asked for by a client that waits.
    pub fn charge(&self, addr: IpAddr, now: Instant, cost: u32) -> Result<(), Duration> {
        if self.rate <= 0.0 || cost == 0 {
            return Ok(());
        }
        let mut b = self
            .buckets
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if b.len() >= MAX_TRACKED && !b.contains_key(&addr) {
            let (rate, burst) = (self.rate, self.burst);
            b.retain(|_, (tokens, at)| {
                *tokens + now.saturating_duration_since(*at).as_secs_f64() * rate < burst
            });
            if b.len() >= MAX_TRACKED {
                // Every tracked address is busy: a flood from many
                // addresses. Newcomers wait their turn.
                return Err(Duration::from_secs(1));
            }
        }
        let (tokens, at) = b.entry(addr).or_insert((self.burst, now));
        let elapsed = now.saturating_duration_since(*at).as_secs_f64();
        *tokens = (*tokens + elapsed * self.rate).min(self.burst);
        *at = now;
        let cost = (cost as f64).min(self.burst);
        if *tokens >= cost {
            *tokens -= cost;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((cost - *tokens) / self.rate))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_the_rate() {
        let l = RateLimit::new(10, 5);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let t = Instant::now();
        for _ in 0..5 {
            assert!(l.check(a, t).is_ok());
        }
        let wait = l.check(a, t).unwrap_err();
        assert!(wait > Duration::ZERO && wait <= Duration::from_millis(100));
        // Another address has its own bucket.
        assert!(l.check(b, t).is_ok());
        // A tenth of a second later, one more.
        let t2 = t + Duration::from_millis(100);
        assert!(l.check(a, t2).is_ok());
        assert!(l.check(a, t2).is_err());
        // An idle address is back to a full burst, not more.
        let t3 = t + Duration::from_secs(60);
        for _ in 0..5 {
            assert!(l.check(a, t3).is_ok());
        }
        assert!(l.check(a, t3).is_err());
    }

    #[test]
    fn a_costly_request_takes_its_cost_and_at_most_a_burst() {
        let l = RateLimit::new(10, 20);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let t = Instant::now();
        assert!(l.charge(a, t, 15).is_ok());
        // 5 left: a request of 6 waits a tenth of a second.
        let wait = l.charge(a, t, 6).unwrap_err();
        assert!(
            wait > Duration::ZERO && wait <= Duration::from_millis(100),
            "{wait:?}"
        );
        for _ in 0..5 {
            assert!(l.check(a, t).is_ok());
        }
        assert!(l.check(a, t).is_err());
        // A cost beyond the burst is one whole burst: a patient client gets it.
        let t2 = t + Duration::from_secs(2);
        assert!(l.charge(a, t2, 1_000).is_ok());
        assert!(l.check(a, t2).is_err());
    }

    #[test]
    fn off_never_refuses_and_memory_is_bounded() {
        let l = RateLimit::off();
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let t = Instant::now();
        for _ in 0..1000 {
            assert!(l.check(a, t).is_ok());
        }
        let l = RateLimit::new(1, 1);
        for i in 0..(MAX_TRACKED as u32 + 10) {
            let _ = l.check(IpAddr::from(i.to_be_bytes()), t);
        }
        assert!(l.buckets.lock().unwrap().len() <= MAX_TRACKED);
        // Later, the full buckets make room.
        let later = t + Duration::from_secs(5);
        assert!(l.check("192.168.0.1".parse().unwrap(), later).is_ok());
    }
}
