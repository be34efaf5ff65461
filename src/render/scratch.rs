//! The buffers a picture needs while it is drawn and encoded, kept between
//! pictures.
//!
//! A board picture needs about 1.5 MB of short-lived buffers: its pixels,
//! the PNG scanlines, the compressor's tables and tokens. Allocated afresh
//! for every picture, glibc handed them back to the kernel after each reply
//! and the next reply faulted them in again page by page: about 250 page
//! faults a move, more of the move's time than the SQL (docs/performance.md).
//! A few sets are kept here instead, one for each picture being drawn at the
//! same moment.

use std::sync::{Mutex, PoisonError};

/// One picture's working buffers; each user clears what it takes.
#[derive(Default)]
pub(super) struct Scratch {
    /// The indexed pixels of the picture being drawn.
    pub pixels: Vec<u8>,
    /// The PNG scanlines (a filter byte before each row).
    pub raw: Vec<u8>,
    /// The compressor's hash tables and tokens.
    pub lz: super::deflate::Buffers,
}

impl Scratch {
    fn bytes(&self) -> usize {
        self.pixels.capacity() + self.raw.capacity() + self.lz.bytes()
    }
}

/// At most this many sets are kept (pictures drawn at the same moment):
/// as many as the bot runs app calls at once (`discord::handler::WORKERS`).
/// With 4, a burst of moves drew up to 8 pictures at once and the other 4
/// grew their buffers from nothing and dropped them, every time (a
/// fiftieth of a move's CPU in reallocations and fresh pages).
pub(crate) const KEPT: usize = 8;
/// A set that grew past this (a very large table) is dropped, not kept.
const KEEP_UNDER: usize = 16 << 20;

/// Sets of buffers waiting for the next picture.
pub(super) struct Pool {
    sets: Mutex<Vec<Scratch>>,
}

/// The process's pool.
static POOL: Pool = Pool::new();

/// Runs `f` with a set of buffers from the process's pool.
pub(super) fn with<T>(f: impl FnOnce(&mut Scratch) -> T) -> T {
    POOL.with(f)
}

impl Pool {
    const fn new() -> Pool {
        Pool {
            sets: Mutex::new(Vec::new()),
        }
    }

    /// Runs `f` with a set of buffers: a kept one if there is one free;
    /// then keeps it for the next picture, unless enough are kept already
    /// or it grew too large.
    fn with<T>(&self, f: impl FnOnce(&mut Scratch) -> T) -> T {
        let taken = self
            .sets
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pop();
        let mut s = taken.unwrap_or_default();
        let v = f(&mut s);
        if s.bytes() < KEEP_UNDER {
            let mut sets = self.sets.lock().unwrap_or_else(PoisonError::into_inner);
            if sets.len() < KEPT {
                sets.push(s);
            }
        }
        v
    }

    #[cfg(test)]
    fn kept(&self) -> usize {
        self.sets
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The buffers come back for the next picture, as they were left (every
    /// user clears what it takes); at most [`KEPT`] sets are kept, and a set
    /// grown too large is dropped.
    #[test]
    fn render_scratch_buffers_are_kept_for_the_next_picture() {
        let pool = Pool::new();
        let first = pool.with(|s| {
            s.raw.extend_from_slice(&[7; 1234]);
            s.raw.as_ptr()
        });
        assert_eq!(pool.kept(), 1);
        pool.with(|s| {
            assert_eq!((s.raw.as_ptr(), s.raw.len()), (first, 1234));
            // Pictures drawn at the same moment each get their own set.
            pool.with(|inner| assert!(inner.raw.is_empty()));
        });
        assert_eq!(pool.kept(), 2);
        // KEPT pictures at once, and one more: KEPT sets stay.
        fn nest(pool: &Pool, depth: usize) {
            if depth > 0 {
                pool.with(|_| nest(pool, depth - 1));
            }
        }
        nest(&pool, KEPT + 1);
        assert_eq!(pool.kept(), KEPT);
        let before = pool.kept();
        pool.with(|s| s.pixels = vec![0; KEEP_UNDER]);
        assert_eq!(pool.kept(), before - 1, "the large set is dropped");
    }
}
