//! The PNG's image data compressed band by band, each band compressed once.
//!
//! A move changes one or two ranks of the board (and the caption): the
//! other ranks of its picture are the same as in the picture before it. So
//! a board's scanlines are cut into bands (the margin above the board, each
//! rank, the margin below it, the caption: `Layout::bands`), and each band
//! is compressed as one DEFLATE block on its own, no match reaching back
//! before its first byte. A band's block is then valid anywhere in a
//! stream, and is kept in a process-wide cache under a 128-bit key: the
//! next picture with the same band copies the block instead of drawing and
//! compressing it again. (Letting a band's first row match the row above it
//! saved 0.4 % of bytes, but then a changed rank changed the block of the
//! rank below it too, and a move recompressed twice the bands.) The zlib
//! stream is the blocks in order, an empty final block, and the Adler-32 of
//! the whole, combined from the bands' own.
//!
//! The key is the hash of what is drawn in the band, not of its pixels
//! (`Renderer::bands_in`: the theme's build, the layout, labels and turn,
//! the band's rows, each square's look, the caption), so a cached band is
//! neither drawn nor hashed pixel by pixel. The same description always
//! draws the same pixels, so a hit is always the right block (up to a
//! 128-bit hash collision: about one in 2^128 for a pair of different
//! bands). The cache holds at most about [`BUDGET`] bytes of blocks in two
//! generations: a block used again moves to the new one; when the new one
//! is full, the old one is dropped. Measured in docs/performance.md
//! ("Session 14", "Session 15").

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::{Arc, Mutex, PoisonError};

use super::deflate::{self, Buffers, Piece};

/// Bytes of compressed blocks kept (both generations together).
pub(crate) const BUDGET: usize = 8 << 20;

/// The block cached under `key`, if any.
pub(crate) fn cached(key: u128) -> Option<Arc<Piece>> {
    CACHE.get(key)
}

/// `bytes` (scanlines `stride` bytes long) compressed as one block that
/// stands alone, kept under `key`.
pub(crate) fn compress(b: &mut Buffers, key: u128, bytes: &[u8], stride: usize) -> Arc<Piece> {
    CACHE.compress(b, key, bytes, stride)
}

/// Drops every cached band (benchmarks: a picture none of whose bands
/// was drawn before).
pub(crate) fn forget() {
    let mut g = CACHE.inner.lock().unwrap_or_else(PoisonError::into_inner);
    *g = Generations::default();
}

/// Compressed bands by the hash of their bytes, in two generations.
struct Cache {
    inner: Mutex<Generations>,
    budget: usize,
}

/// The keys are hashes already: the map uses their low bits as they are.
#[derive(Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }
    fn write_u128(&mut self, k: u128) {
        self.0 = k as u64;
    }
}

type Map = HashMap<u128, Arc<Piece>, BuildHasherDefault<KeyHasher>>;

#[derive(Default)]
struct Generations {
    new: Map,
    old: Map,
    /// Bytes of blocks in `new`.
    new_bytes: usize,
}

static CACHE: Cache = Cache::new(BUDGET);

impl Cache {
    const fn new(budget: usize) -> Cache {
        Cache {
            inner: Mutex::new(Generations {
                new: HashMap::with_hasher(BuildHasherDefault::new()),
                old: HashMap::with_hasher(BuildHasherDefault::new()),
                new_bytes: 0,
            }),
            budget,
        }
    }

    fn compress(&self, b: &mut Buffers, key: u128, bytes: &[u8], stride: usize) -> Arc<Piece> {
        let p = Arc::new(deflate::piece_in(b, bytes, stride));
        self.put(key, p.clone());
        p
    }

    fn get(&self, key: u128) -> Option<Arc<Piece>> {
        let mut g = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(p) = g.new.get(&key) {
            return Some(p.clone());
        }
        let p = g.old.remove(&key)?;
        self.insert(&mut g, key, p.clone());
        Some(p)
    }

    fn put(&self, key: u128, p: Arc<Piece>) {
        let mut g = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        self.insert(&mut g, key, p);
    }

    fn insert(&self, g: &mut Generations, key: u128, p: Arc<Piece>) {
        let size = p.bits.len() + 64;
        if g.new_bytes + size > self.budget / 2 {
            g.old = std::mem::take(&mut g.new);
            g.new_bytes = 0;
        }
        if g.new.insert(key, p).is_none() {
            g.new_bytes += size;
        }
    }

    #[cfg(test)]
    fn len(&self) -> (usize, usize) {
        let g = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        (g.new.len(), g.old.len())
    }
}

const P1: u64 = 0x9E37_79B1_85EB_CA87;
const P2: u64 = 0xC2B2_AE3D_27D4_EB4F;
const P3: u64 = 0x1656_67B1_9E37_79F9;
const P4: u64 = 0x85EB_CA77_C2B2_AE63;

#[inline(always)]
fn round(acc: u64, w: u64) -> u64 {
    acc.wrapping_add(w.wrapping_mul(P2))
        .rotate_left(31)
        .wrapping_mul(P1)
}

fn avalanche(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(P2);
    h ^= h >> 29;
    h = h.wrapping_mul(P3);
    h ^ (h >> 32)
}

/// A 128-bit hash of `data` (and `salt`): four lanes of xxHash64's round
/// over 32 bytes a step, folded into two 64-bit halves.
pub(crate) fn hash128(data: &[u8], salt: u64) -> u128 {
    let mut l = [
        P1.wrapping_add(P2) ^ salt,
        P2,
        salt.wrapping_mul(P3),
        P1.wrapping_neg(),
    ];
    let mut chunks = data.chunks_exact(32);
    for c in &mut chunks {
        for (k, lane) in l.iter_mut().enumerate() {
            let w = u64::from_le_bytes(c[8 * k..8 * k + 8].try_into().unwrap_or([0; 8]));
            *lane = round(*lane, w);
        }
    }
    let mut tail = [0u8; 32];
    let rest = chunks.remainder();
    tail[..rest.len()].copy_from_slice(rest);
    for (k, lane) in l.iter_mut().enumerate() {
        let w = u64::from_le_bytes(tail[8 * k..8 * k + 8].try_into().unwrap_or([0; 8]));
        *lane = round(*lane, w ^ data.len() as u64);
    }
    let lo = avalanche(
        l[0].rotate_left(1)
            .wrapping_add(l[1].rotate_left(7))
            .wrapping_add(l[2].rotate_left(12))
            .wrapping_add(l[3].rotate_left(18)),
    );
    let hi = avalanche(
        (l[0] ^ l[2].rotate_left(23))
            .wrapping_mul(P4)
            .wrapping_add(l[1] ^ l[3].rotate_left(41))
            .wrapping_add(data.len() as u64),
    );
    ((hi as u128) << 64) | lo as u128
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `raw` cut into bands at the rows `starts`, each keyed by the hash
    /// of its bytes, as one zlib stream.
    fn zlib_banded_in(
        cache: &Cache,
        b: &mut Buffers,
        raw: &[u8],
        stride: usize,
        starts: &[u32],
    ) -> Vec<u8> {
        let rows = raw.len() / stride;
        let mut cuts: Vec<usize> = starts
            .iter()
            .map(|&r| r as usize)
            .filter(|&r| r > 0 && r < rows)
            .collect();
        cuts.sort_unstable();
        cuts.dedup();
        cuts.insert(0, 0);
        cuts.push(rows);
        let pieces: Vec<_> = cuts
            .windows(2)
            .map(|w| {
                let bytes = &raw[w[0] * stride..w[1] * stride];
                let key = hash128(bytes, stride as u64);
                cache
                    .get(key)
                    .unwrap_or_else(|| cache.compress(b, key, bytes, stride))
            })
            .collect();
        deflate::zlib_of_pieces(&pieces)
    }

    fn inflate(z: &[u8]) -> Vec<u8> {
        miniz_oxide::inflate::decompress_to_vec_zlib(z).expect("a valid zlib stream")
    }

    /// Scanlines of a striped picture with a few odd pixels.
    fn picture(seed: u8, rows: usize, stride: usize) -> Vec<u8> {
        let mut v = Vec::with_capacity(rows * stride);
        for r in 0..rows {
            for c in 0..stride {
                let odd = (r * 31 + c * 7 + seed as usize).is_multiple_of(97);
                v.push(if c == 0 {
                    0
                } else {
                    ((c / 9) as u8 ^ seed) | odd as u8
                });
            }
        }
        v
    }

    /// The banded stream is a valid zlib stream of the same bytes, whatever
    /// the cuts; a second picture sharing bands with the first reuses their
    /// blocks and is still right.
    #[test]
    fn render_bands_round_trip_and_reuse_blocks() {
        let cache = Cache::new(1 << 20);
        let mut b = Buffers::default();
        let stride = 101;
        let a = picture(3, 60, stride);
        for starts in [
            &[][..],
            &[10, 20, 30, 40][..],
            &[0, 59, 60, 200][..],
            &[1, 2, 3, 4][..],
        ] {
            let z = zlib_banded_in(&cache, &mut b, &a, stride, starts);
            assert_eq!(inflate(&z), a, "cuts {starts:?}");
        }
        // The same picture with rows 25..35 changed: the other bands come
        // from the cache.
        let mut c = a.clone();
        for x in &mut c[25 * stride..35 * stride] {
            *x ^= 0x55;
        }
        let before = cache.len().0 + cache.len().1;
        let z = zlib_banded_in(&cache, &mut b, &c, stride, &[10, 20, 30, 40]);
        assert_eq!(inflate(&z), c);
        let after = cache.len().0 + cache.len().1;
        // Only the bands at 20 and 30 (the changed rows) are new.
        assert_eq!(after - before, 2);
    }

    /// The cache stays within its budget: old blocks are dropped.
    #[test]
    fn render_bands_cache_is_bounded() {
        let cache = Cache::new(64 * 1024);
        let mut b = Buffers::default();
        let stride = 64;
        for seed in 0..200u8 {
            let p = picture(seed, 40, stride);
            let z = zlib_banded_in(&cache, &mut b, &p, stride, &[10, 20, 30]);
            assert_eq!(inflate(&z), p);
        }
        let g = cache.inner.lock().unwrap();
        let held: usize = g
            .new
            .values()
            .chain(g.old.values())
            .map(|p| p.bits.len() + 64)
            .sum();
        assert!(held <= 64 * 1024, "{held} bytes held");
    }

    #[test]
    fn render_bands_adler_combines_as_whole() {
        let data: Vec<u8> = (0..70_000u32).map(|i| (i * 7 % 251) as u8).collect();
        for cut in [0, 1, 5_000, 65_521, 69_999, 70_000] {
            let (x, y) = data.split_at(cut);
            let mut a = simd_adler32::Adler32::new();
            a.write(x);
            let mut b = simd_adler32::Adler32::new();
            b.write(y);
            let mut w = simd_adler32::Adler32::new();
            w.write(&data);
            assert_eq!(
                deflate::adler32_combine(a.finish(), b.finish(), y.len()),
                w.finish(),
                "cut {cut}"
            );
        }
    }

    #[test]
    fn render_bands_hash_tells_near_bands_apart() {
        let a = vec![7u8; 1000];
        let mut seen = std::collections::HashSet::new();
        for i in 0..1000 {
            let mut b = a.clone();
            b[i] = 8;
            assert!(seen.insert(hash128(&b, 0)));
        }
        assert!(seen.insert(hash128(&a, 0)));
        assert!(seen.insert(hash128(&a, 1)));
        assert!(seen.insert(hash128(&a[..999], 0)));
    }
}
