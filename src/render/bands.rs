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
//!
//! A rank not in the cache is not searched either ([`compress_ranks`]): it
//! is its left margin, its squares and its right margin, "tiles" whose
//! bytes are fixed by what they show, and each tile's LZ77 tokens are
//! searched once per process (with a partner tile it may copy from) and
//! kept in a second cache; the rank's block is put together from them.
//! Putting a rank together costs about a third of searching it, for
//! blocks about as small ("Session 17").

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::{Arc, Mutex, PoisonError};

use super::deflate::{self, Buffers, Column, Piece, TileTokens};

/// Bytes of compressed blocks kept (both generations together).
pub(crate) const BUDGET: usize = 8 << 20;

/// Bytes of tiles' tokens kept (both generations together): a tile is a
/// few kilobytes, a board in one theme a few dozen tiles with their
/// partners.
pub(crate) const TILE_BUDGET: usize = 4 << 20;

/// The block cached under `key`, if any.
pub(crate) fn cached(key: u128) -> Option<Arc<Piece>> {
    CACHE.get(key)
}

/// `bytes` (scanlines `stride` bytes long) compressed as one block that
/// stands alone, kept under `key`.
pub(crate) fn compress(b: &mut Buffers, key: u128, bytes: &[u8], stride: usize) -> Arc<Piece> {
    CACHE.compress(b, key, bytes, stride)
}

/// One column of a band made of tiles (see [`compress_ranks`]): the hash
/// of what it shows (its bytes in every band of this stride it is drawn
/// in), where it starts in a row, its width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Tile {
    pub key: u128,
    pub off: usize,
    pub width: usize,
}

/// [`compress`] for a picture's bands (`raw[range]`, kept under `key`)
/// whose rows are cut into tiles (left to right, covering each row),
/// without searching a band: each tile's tokens are searched once per
/// process, with the tile it may copy from (its partner), and kept
/// (`TILES`); a band's tokens are put together from them
/// (`deflate::hold_columns`). A board's rank is its two margins and
/// its squares: a rank never drawn before is made of squares' looks drawn
/// before. The picture's ranks share one set of Huffman codes, fitted to
/// them all (`deflate::pieces_of_held`): one header, not one a rank.
///
/// A tile's partner is the earlier column of another look most like it
/// (the same piece on a square of the other colour, a marked square's
/// unmarked self), counted byte by byte once for each pair of looks
/// (`ALIKE`); the right margin's is the left one (the rank's label). A
/// repeated look copies its nearest earlier column instead.
pub(crate) fn compress_ranks(
    b: &mut Buffers,
    raw: &[u8],
    stride: usize,
    bands: &[(u128, std::ops::Range<usize>, &[Tile])],
) -> Vec<Arc<Piece>> {
    for (_, range, tiles) in bands {
        hold_tiles(b, &raw[range.clone()], stride, tiles);
    }
    let pieces = deflate::pieces_of_held(b);
    bands
        .iter()
        .zip(pieces)
        .map(|((key, _, _), p)| {
            let p = Arc::new(p);
            CACHE.put(*key, p.clone());
            p
        })
        .collect()
}

/// The tokens of one band made of `tiles` held in `b` (see
/// [`compress_ranks`]).
fn hold_tiles(b: &mut Buffers, bytes: &[u8], stride: usize, tiles: &[Tile]) {
    let rows = bytes.len() / stride;
    let cut = |t: &Tile| {
        let mut px = Vec::with_capacity(rows * t.width);
        for row in bytes.chunks_exact(stride) {
            px.extend_from_slice(&row[t.off..t.off + t.width]);
        }
        px
    };
    let n = tiles.len();
    let mut same = vec![None; n];
    let mut partner = vec![None; n];
    for i in 0..n {
        let t = &tiles[i];
        let before = &tiles[..i];
        same[i] = before
            .iter()
            .rposition(|e| e.key == t.key && e.width == t.width);
        if same[i].is_some() || i == 0 {
            continue;
        }
        if i + 1 == n {
            partner[i] = Some(0);
            continue;
        }
        // The nearest column of each other look before this one.
        let mut best: Option<(usize, usize)> = None;
        for j in (0..i).rev() {
            let e = &tiles[j];
            if e.key == t.key || before[j + 1..].iter().any(|f| f.key == e.key) {
                continue;
            }
            let score = alike(t, e, bytes, stride);
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, j));
            }
        }
        partner[i] = best.filter(|&(s, _)| s > 0).map(|(_, j)| j);
    }
    // Each column's look's tokens: searched (or cached) for its first
    // column, shared by the columns that repeat it.
    let mut tokens: Vec<Arc<TileTokens>> = Vec::with_capacity(n);
    for i in 0..n {
        let t = &tiles[i];
        if let Some(j) = same[i] {
            tokens.push(tokens[j].clone());
            continue;
        }
        let k = tile_key(t.key, partner[i].map(|j| tiles[j].key));
        tokens.push(TILES.get(k).unwrap_or_else(|| {
            let own = cut(t);
            let with = partner[i].map(|j| (cut(&tiles[j]), tiles[j].width));
            let tt = Arc::new(deflate::tile_tokens(
                &own,
                t.width,
                stride,
                with.as_ref().map(|(p, w)| (&p[..], *w)),
            ));
            TILES.put(k, tt.clone());
            tt
        }));
    }
    let cols: Vec<Column> = (0..n)
        .map(|i| Column {
            off: tiles[i].off,
            tile: &tokens[i],
            same: same[i].map(|j| tiles[j].off),
            partner: partner[i].map(|j| tiles[j].off),
        })
        .collect();
    deflate::hold_columns(b, bytes, stride, &cols);
}

/// The key of a tile's tokens searched with `partner`.
fn tile_key(key: u128, partner: Option<u128>) -> u128 {
    match partner {
        None => key,
        Some(p) => {
            let mut b = [0u8; 32];
            b[..16].copy_from_slice(&key.to_le_bytes());
            b[16..].copy_from_slice(&p.to_le_bytes());
            hash128(&b, TILE_PAIR_SALT)
        }
    }
}

const TILE_PAIR_SALT: u64 = 0x7061_6972_7469_6c65;

/// How many bytes of tile `a` equal those of `b` in the same place (its
/// rows in `bytes`), counted once for each pair of looks.
fn alike(a: &Tile, b: &Tile, bytes: &[u8], stride: usize) -> usize {
    let key = tile_key(a.key, Some(b.key));
    let mut g = ALIKE.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(&n) = g.get(&key) {
        return n;
    }
    let w = a.width.min(b.width);
    let n = bytes
        .chunks_exact(stride)
        .map(|row| {
            let (x, y) = (&row[a.off..a.off + w], &row[b.off..b.off + w]);
            x.iter().zip(y).filter(|(p, q)| p == q).count()
        })
        .sum();
    // Bounded: a few thousand pairs of looks at most in use.
    if g.len() >= 1 << 14 {
        g.clear();
    }
    g.insert(key, n);
    n
}

static ALIKE: Mutex<HashMap<u128, usize, BuildHasherDefault<KeyHasher>>> =
    Mutex::new(HashMap::with_hasher(BuildHasherDefault::new()));

/// Drops every cached band, and with `tiles` every tile's tokens
/// (benchmarks: a picture none of whose bands was drawn before, in a
/// process that drew other boards or none).
pub(crate) fn forget(tiles: bool) {
    CACHE.clear();
    if tiles {
        TILES.clear();
        ALIKE.lock().unwrap_or_else(PoisonError::into_inner).clear();
    }
}

/// What a cache holds, with its size in bytes.
pub(crate) trait Weigh {
    fn weight(&self) -> usize;
}

impl Weigh for Piece {
    /// Its bits, and a shared header's as if it were its own (a picture's
    /// ranks share one).
    fn weight(&self) -> usize {
        self.bits.len() + 64 + self.shared.as_ref().map_or(0, |s| s.bytes())
    }
}

impl Weigh for TileTokens {
    fn weight(&self) -> usize {
        self.bytes()
    }
}

/// Compressed bands (or tiles' tokens) by the hash of what they show, in
/// two generations.
struct Cache<T = Piece> {
    inner: Mutex<Generations<T>>,
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

type Map<T> = HashMap<u128, Arc<T>, BuildHasherDefault<KeyHasher>>;

struct Generations<T> {
    new: Map<T>,
    old: Map<T>,
    /// Bytes of blocks in `new`.
    new_bytes: usize,
}

static CACHE: Cache = Cache::new(BUDGET);
static TILES: Cache<TileTokens> = Cache::new(TILE_BUDGET);

impl Cache {
    fn compress(&self, b: &mut Buffers, key: u128, bytes: &[u8], stride: usize) -> Arc<Piece> {
        let p = Arc::new(deflate::piece_in(b, bytes, stride));
        self.put(key, p.clone());
        p
    }
}

impl<T: Weigh> Cache<T> {
    const fn new(budget: usize) -> Cache<T> {
        Cache {
            inner: Mutex::new(Generations {
                new: HashMap::with_hasher(BuildHasherDefault::new()),
                old: HashMap::with_hasher(BuildHasherDefault::new()),
                new_bytes: 0,
            }),
            budget,
        }
    }

    fn clear(&self) {
        let mut g = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        g.new.clear();
        g.old.clear();
        g.new_bytes = 0;
    }

    fn get(&self, key: u128) -> Option<Arc<T>> {
        let mut g = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(p) = g.new.get(&key) {
            return Some(p.clone());
        }
        let p = g.old.remove(&key)?;
        self.insert(&mut g, key, p.clone());
        Some(p)
    }

    fn put(&self, key: u128, p: Arc<T>) {
        let mut g = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        self.insert(&mut g, key, p);
    }

    fn insert(&self, g: &mut Generations<T>, key: u128, p: Arc<T>) {
        let size = p.weight();
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

    /// A band made of tiles (render/bands.rs `compress_ranks`) inflates to
    /// its bytes whatever its tiles: looks repeated or not, alike (a
    /// partner to copy from) or not, narrow or wider than a match, rows
    /// the same as the row above or not, with the tiles' tokens searched
    /// for this band or cached from another; coded on its own and under a
    /// table fitted to another band.
    #[test]
    fn render_bands_put_together_from_tiles_inflate_to_their_bytes() {
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move |n: u64| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng % n.max(1)
        };
        let mut b = Buffers::default();
        for case in 0..300u64 {
            let width = [4, 9, 30, 60, 300][next(5) as usize];
            let rows = 1 + next(40) as usize;
            let ncols = 1 + next(12) as usize;
            // A few looks, each a picture of its own: stripes, a disc on one
            // of two backgrounds, noise; rows often the same as above.
            let nlooks = 1 + next(4);
            let looks: Vec<(u64, Vec<u8>)> = (0..nlooks)
                .map(|l| {
                    let kind = next(3);
                    let bg = next(2) as u8;
                    let mut px = Vec::with_capacity(rows * width);
                    for y in 0..rows {
                        let same_as_above = y > 0 && next(3) == 0;
                        for x in 0..width {
                            let v = if same_as_above {
                                px[(y - 1) * width + x]
                            } else {
                                match kind {
                                    0 => ((x / 3) as u8) ^ (l as u8),
                                    1 => {
                                        let (dx, dy) = (x as i64 - 15, y as i64 - 10);
                                        if dx * dx + dy * dy < 80 {
                                            9
                                        } else {
                                            bg
                                        }
                                    }
                                    _ => next(4) as u8,
                                }
                            };
                            px.push(v);
                        }
                    }
                    (l + 100 * case, px)
                })
                .collect();
            let cols: Vec<usize> = (0..ncols).map(|_| next(nlooks) as usize).collect();
            let stride = 1 + width * ncols;
            let mut raw = Vec::with_capacity(rows * stride);
            for y in 0..rows {
                raw.push(0);
                for &c in &cols {
                    raw.extend_from_slice(&looks[c].1[y * width..(y + 1) * width]);
                }
            }
            // The filter byte is a tile of its own, one byte wide. (A
            // tile's key names its bytes: its height too.)
            let mut tiles = vec![Tile {
                key: 7 + 1000 * rows as u128,
                off: 0,
                width: 1,
            }];
            tiles.extend(cols.iter().enumerate().map(|(i, &c)| Tile {
                key: looks[c].0 as u128 * 1000 + width as u128,
                off: 1 + i * width,
                width,
            }));
            for again in [false, true] {
                let one = [(case as u128, 0..raw.len(), &tiles[..])];
                let p = compress_ranks(&mut b, &raw, stride, &one).remove(0);
                let z = deflate::zlib_of_pieces(std::slice::from_ref(&p));
                assert_eq!(inflate(&z), raw, "case {case}, again {again}");
                // Twice over, the two sharing their codes: pieces of one
                // shared block side by side, beside a block of its own
                // (and the shared block opened again).
                let n = raw.len();
                let two = [
                    (case as u128 + 1000, 0..n, &tiles[..]),
                    (case as u128 + 2000, n..2 * n, &tiles[..]),
                ];
                let q = compress_ranks(&mut b, &raw.repeat(2), stride, &two);
                assert!(q[0].shared.is_some() && p.shared.is_none());
                let pieces = [q[0].clone(), q[1].clone(), p, q[1].clone()];
                let z = deflate::zlib_of_pieces(&pieces);
                assert_eq!(inflate(&z), raw.repeat(4), "case {case}, again {again}");
            }
        }
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
