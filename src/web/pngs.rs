//! A cache of drawn pictures (board PNGs at a ply), bounded in bytes,
//! least recently used out first. A finished game's board never changes,
//! and its picture is what every link preview (Discord's unfurl) fetches:
//! from here it answers without drawing.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The bytes kept by default (a board picture is 10-25 KB: about a
/// thousand of them).
pub const DEFAULT_BYTES: usize = 16 * 1024 * 1024;

/// The cache, shared by the handlers.
#[derive(Clone)]
pub struct Pngs {
    inner: Arc<Mutex<Inner>>,
}

struct Inner {
    max: usize,
    bytes: usize,
    tick: u64,
    map: HashMap<String, (u64, Arc<[u8]>)>,
}

impl Default for Pngs {
    fn default() -> Self {
        Pngs::with_bytes(DEFAULT_BYTES)
    }
}

impl Pngs {
    /// A cache keeping at most `max` bytes.
    pub fn with_bytes(max: usize) -> Pngs {
        Pngs {
            inner: Arc::new(Mutex::new(Inner {
                max,
                bytes: 0,
                tick: 0,
                map: HashMap::new(),
            })),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The picture kept under `key`, if any.
    pub fn get(&self, key: &str) -> Option<Arc<[u8]>> {
        let mut g = self.lock();
        g.tick += 1;
        let tick = g.tick;
        let e = g.map.get_mut(key)?;
        e.0 = tick;
        Some(Arc::clone(&e.1))
    }

    /// Keeps `png` under `key`, dropping the least recently used beyond
    /// the bound (a picture bigger than the whole bound is not kept).
    pub fn put(&self, key: String, png: Arc<[u8]>) {
        let mut g = self.lock();
        if png.len() > g.max {
            return;
        }
        g.tick += 1;
        let tick = g.tick;
        g.bytes += png.len();
        if let Some((_, old)) = g.map.insert(key, (tick, png)) {
            g.bytes -= old.len();
        }
        while g.bytes > g.max {
            let Some(oldest) = g
                .map
                .iter()
                .min_by_key(|(_, (t, _))| *t)
                .map(|(k, _)| k.clone())
            else {
                break;
            };
            if let Some((_, v)) = g.map.remove(&oldest) {
                g.bytes -= v.len();
            }
        }
    }

    /// The pictures kept and their bytes.
    pub fn size(&self) -> (usize, usize) {
        let g = self.lock();
        (g.map.len(), g.bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_least_recently_used_goes_first() {
        let c = Pngs::with_bytes(10);
        c.put("a".into(), vec![0u8; 4].into());
        c.put("b".into(), vec![0u8; 4].into());
        assert!(c.get("a").is_some());
        c.put("c".into(), vec![0u8; 4].into());
        assert!(c.get("b").is_none());
        assert!(c.get("a").is_some() && c.get("c").is_some());
        assert_eq!(c.size(), (2, 8));
        c.put("huge".into(), vec![0u8; 11].into());
        assert!(c.get("huge").is_none());
    }
}
