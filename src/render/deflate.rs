//! A small, fast zlib/DEFLATE compressor for rendered boards.
//!
//! Boards are built from copied sprites, so the scanlines repeat a lot: a
//! row is usually identical to the one above it, or repeats a piece drawn
//! a few squares to the left. Greedy LZ77 with three candidates (the row
//! above, the last distance used, and a one-entry hash of the next four
//! bytes) finds those long matches in one linear pass; one dynamic-Huffman
//! block then codes the tokens. It compresses these images about as well as
//! zlib level 6 at a small fraction of the time.

use std::sync::Arc;

const WINDOW: usize = 32768;
const MAX_MATCH: usize = 258;
const MIN_MATCH: usize = 4;
// 8,192 heads (32 KB): the table stays in the first-level cache; at
// 32,768 its misses were a fifth of the compressor's time.
const HASH_BITS: u32 = 13;
// Two earlier places of the same hash: deeper chains bought 1 % of size
// for 10 % of the time (boards repeat whole sprites, which the row above
// and the last distance find).
const CHAIN: usize = 2;

/// Compress `data` into a zlib stream. `row` is the distance to "the same
/// byte one row up" (scanline length including the filter byte).
pub(crate) fn zlib(data: &[u8], row: usize) -> Vec<u8> {
    zlib_with(data, row, true)
}

/// [`zlib`]; with `allow_stored` false, always one dynamic-Huffman block
/// (so the tests can check the Huffman coder on noise too).
pub(crate) fn zlib_with(data: &[u8], row: usize, allow_stored: bool) -> Vec<u8> {
    zlib_in(&mut Buffers::default(), data, row, allow_stored)
}

/// The compressor's working memory: the hash heads, the chains and the
/// tokens (about 260 KB plus 4 bytes a token), kept between pictures by
/// `scratch`. Each compression starts by resetting them.
#[derive(Default)]
pub(crate) struct Buffers {
    head: Vec<u32>,
    chain: Vec<u32>,
    tokens: Vec<Token>,
    /// The bits of the block being written (copied out at its exact
    /// length: a cached block holds no spare capacity).
    bits: Vec<u8>,
    /// How often each literal/length and distance symbol occurs in
    /// `tokens`, counted as they are made (a second pass over the tokens
    /// to count them was a third of the Huffman coder's time).
    freq: Freq,
    /// Bands' tokens waiting to be coded together.
    held: Held,
}

/// Symbol counts of one block: literals and lengths, distances.
#[derive(Clone)]
struct Freq {
    lit: [u32; 286],
    dist: [u32; 30],
}

impl Default for Freq {
    fn default() -> Freq {
        Freq {
            lit: [0; 286],
            dist: [0; 30],
        }
    }
}

impl Buffers {
    /// The bytes held.
    pub(crate) fn bytes(&self) -> usize {
        (self.head.capacity() + self.chain.capacity()) * 4
            + self.tokens.capacity() * std::mem::size_of::<Token>()
            + self.bits.capacity()
            + self
                .held
                .bands
                .iter()
                .map(|h| h.tokens.capacity() * std::mem::size_of::<Token>())
                .sum::<usize>()
            + self.held.bands.capacity() * std::mem::size_of::<HeldBand>()
    }
}

/// [`zlib_with`] in the buffers `b`.
pub(crate) fn zlib_in(b: &mut Buffers, data: &[u8], row: usize, allow_stored: bool) -> Vec<u8> {
    lz77(data, row, b);
    let mut w = BitWriter::to(std::mem::take(&mut b.bits));
    w.out.extend_from_slice(&[0x78, 0x01]);
    write_block(&mut w, &b.tokens, &b.freq, true);
    w.flush();
    // Data that does not compress (noise, tiny inputs) goes out as stored
    // blocks instead: never more than 5 bytes per 65,535 over its size.
    let out = if allow_stored && w.out.len() - 2 > stored_size(data.len()) {
        let mut out = Vec::with_capacity(stored_size(data.len()) + 6);
        out.extend_from_slice(&w.out[..2]);
        write_stored(&mut out, data);
        out
    } else {
        let mut out = Vec::with_capacity(w.out.len() + 4);
        out.extend_from_slice(&w.out);
        out
    };
    b.bits = w.out;
    let mut out = out;
    out.extend_from_slice(&adler32(data).to_be_bytes());
    out
}

/// Largest payload of a stored block.
const STORED_MAX: usize = 65_535;

/// Bytes that `write_stored` writes for `n` bytes of data.
fn stored_size(n: usize) -> usize {
    n + 5 * n.div_ceil(STORED_MAX).max(1)
}

/// `data` as stored (uncompressed) blocks of at most 65,535 bytes; an
/// empty input is one empty final block.
fn write_stored(out: &mut Vec<u8>, data: &[u8]) {
    let n = data.len().div_ceil(STORED_MAX).max(1);
    for k in 0..n {
        let part = &data[(k * STORED_MAX).min(data.len())..((k + 1) * STORED_MAX).min(data.len())];
        // BFINAL in bit 0, BTYPE 00 in bits 1-2, then padding to the byte.
        out.push((k + 1 == n) as u8);
        let len = part.len() as u16;
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(part);
    }
}

/// A token: literal byte (`len == 0`) or a (len, dist) match.
#[derive(Clone, Copy)]
struct Token {
    len: u16,
    val: u16, // literal byte or distance
}

// Forced inline: only candidates that pass `try_dist!`'s gates (in
// `lz77`) get here, and then usually for a long match.
#[inline(always)]
fn match_len(data: &[u8], a: usize, b: usize) -> usize {
    let max = (data.len() - b).min(MAX_MATCH);
    same_prefix(&data[a..], &data[b..], max)
}

/// How many of the first `cap` bytes of `x` and `y` agree (both at least
/// `cap` long).
#[inline(always)]
fn same_prefix(x: &[u8], y: &[u8], cap: usize) -> usize {
    let (x, y) = (&x[..cap], &y[..cap]);
    let mut n = 0;
    // Sixteen bytes a compare, then eight, then one: counting matches was
    // a third of the compressor's instructions at eight.
    while n + 16 <= cap {
        let a = u128::from_le_bytes(x[n..n + 16].try_into().unwrap_or([0; 16]));
        let b = u128::from_le_bytes(y[n..n + 16].try_into().unwrap_or([0; 16]));
        let d = a ^ b;
        if d != 0 {
            return n + (d.trailing_zeros() / 8) as usize;
        }
        n += 16;
    }
    while n + 8 <= cap {
        let a = u64::from_le_bytes(x[n..n + 8].try_into().unwrap_or([0; 8]));
        let b = u64::from_le_bytes(y[n..n + 8].try_into().unwrap_or([0; 8]));
        let d = a ^ b;
        if d != 0 {
            return n + (d.trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    while n < cap && x[n] == y[n] {
        n += 1;
    }
    n
}

#[inline(always)]
fn load4(data: &[u8], i: usize) -> u32 {
    // One unaligned load (four byte loads, each bounds-checked, were the
    // compressor's most executed line).
    u32::from_le_bytes(data[i..i + 4].try_into().unwrap())
}

#[cfg_attr(debug_assertions, inline(always))]
fn hash4(data: &[u8], i: usize) -> usize {
    let v = u32::from_le_bytes(data[i..i + 4].try_into().unwrap());
    (v.wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize
}

/// One piece of a zlib stream's data (see `render/bands.rs`): its bytes
/// as one non-final dynamic-Huffman block, `nbits` bits long (the last
/// byte padded with zeros), and the Adler-32 of its bytes. A piece coded
/// with codes it shares with the other bands of its picture (see
/// [`pieces_of_held`]) is its tokens' codes alone, without the block's
/// header and end: [`zlib_of_pieces`] writes pieces of one [`Shared`]
/// that stand side by side as one block.
pub(crate) struct Piece {
    pub bits: Vec<u8>,
    pub nbits: u64,
    pub adler: u32,
    pub len: usize,
    pub shared: Option<Arc<Shared>>,
}

/// `data` as a [`Piece`]: its matches stay inside `data`, so the block is
/// valid anywhere in a stream.
pub(crate) fn piece_in(b: &mut Buffers, data: &[u8], row: usize) -> Piece {
    lz77(data, row, b);
    block_piece(&mut b.bits, &b.tokens, &b.freq, adler32(data), data.len())
}

/// `tokens`, whose symbols `freq` counts (of `len` bytes whose Adler-32
/// is `adler`), as a [`Piece`] of its own block, written in `scratch`.
fn block_piece(
    scratch: &mut Vec<u8>,
    tokens: &[Token],
    freq: &Freq,
    adler: u32,
    len: usize,
) -> Piece {
    let mut w = BitWriter::to(std::mem::take(scratch));
    write_block(&mut w, tokens, freq, false);
    let (bits, nbits) = w.finish(scratch);
    Piece {
        bits,
        nbits,
        adler,
        len,
        shared: None,
    }
}

/// The tokens of one tile of a band: a column of it whose bytes are fixed
/// by what it shows (a square's look, the margin beside a rank), `width`
/// bytes in each of the band's rows. Every match stays inside one row of
/// the tile's own bytes, or of its partner's (see [`tile_tokens`]), and
/// has the distance it has in the band (rows `stride` bytes apart), so the
/// tokens of row `y` are right wherever the tile stands in a band of that
/// stride, whatever stands beside it. A board's ranks are made of a few
/// dozen such tiles; each is searched once per process (render/bands.rs)
/// and a rank never drawn before is put together from its tiles' tokens
/// (see [`hold_columns`]).
pub(crate) struct TileTokens {
    /// A match into the partner has `val` `PARTNER + 1 + s`: its source is
    /// the same row of the partner, `s` bytes to the right (-1, 0 or 1).
    tokens: Vec<Token>,
    /// Where the tokens of each row start in `tokens`, and the end.
    rows: Vec<u32>,
    width: usize,
    /// Bit `y`: row `y` is one match of the whole width, one row back.
    up: Vec<u64>,
    /// Bit `y`: row `y` has a match into the partner.
    partnered: Vec<u64>,
}

/// Marks a match into the partner (distances are at most 32,768).
const PARTNER: u16 = 0xFFF0;

impl TileTokens {
    /// The bytes held.
    pub(crate) fn bytes(&self) -> usize {
        self.tokens.capacity() * std::mem::size_of::<Token>()
            + self.rows.capacity() * 4
            + (self.up.capacity() + self.partnered.capacity()) * 8
            + 64
    }

    /// Whether row `y` is one match of the whole width, one row back.
    fn is_up(&self, y: usize) -> bool {
        row_bit(&self.up, y)
    }

    /// Whether row `y` has a match into the partner.
    fn partnered(&self, y: usize) -> bool {
        row_bit(&self.partnered, y)
    }
}

/// Bit `y` of a set of rows kept as 64-bit words.
fn row_bit(words: &[u64], y: usize) -> bool {
    words[y / 64] >> (y % 64) & 1 == 1
}

/// Sets bit `y` of a set of rows kept as 64-bit words.
fn set_row_bit(words: &mut [u64], y: usize) {
    words[y / 64] |= 1 << (y % 64);
}

/// Earlier places a tile's search looks at for each position: it runs once
/// for each tile a process meets, so it looks further than [`lz77`] does
/// (8 made blocks as small as 24 did, in a tenth less time).
const TILE_CHAIN: usize = 8;

/// The tokens of `tile` (rows of `width` bytes, one after the other) as it
/// stands in a band whose rows are `stride` bytes apart (see
/// [`TileTokens`]); `partner`, the bytes and width of a tile that stands
/// before it in the bands it is drawn in (the same piece on a square of
/// the other colour, the left margin for the right one), whose rows its
/// own may copy. Greedy, with one step of lazy matching: the candidates
/// are the row above, the last offset used, the byte before, the
/// partner's row level and a byte either side, and every earlier place
/// with the same four bytes (up to [`TILE_CHAIN`]).
pub(crate) fn tile_tokens(
    tile: &[u8],
    width: usize,
    stride: usize,
    partner: Option<(&[u8], usize)>,
) -> TileTokens {
    let w = width.max(1);
    let h = tile.len() / w;
    let tile = &tile[..h * w];
    let mut head = vec![u32::MAX; 1 << HASH_BITS];
    let mut chain = vec![u32::MAX; tile.len()];
    let mut tokens = Vec::new();
    let mut rows = Vec::with_capacity(h + 1);
    // Each position's row and column (worked out once: dividing by the
    // width at every candidate was most of the search's time).
    let at: Vec<(u16, u16)> = (0..h)
        .flat_map(|y| (0..w).map(move |x| (y as u16, x as u16)))
        .collect();
    // The distance in the band from tile position q back to p (q after p).
    let dist = |p: usize, q: usize| {
        let ((py, px), (qy, qx)) = (at[p], at[q]);
        (qy - py) as usize * stride + qx as usize - px as usize
    };
    /// A candidate: its length, and where it copies from (in the tile, or
    /// the partner's shift plus one).
    #[derive(Clone, Copy)]
    enum From {
        Tile(usize),
        Partner(usize),
    }
    let token = |len: usize, q: usize, f: From| Token {
        len: len as u16,
        val: match f {
            From::Tile(p) => dist(p, q) as u16,
            From::Partner(k) => PARTNER + k as u16,
        },
    };
    // The longest match at q among the candidates; `last` the offset in
    // the tile used last.
    let best_at = |q: usize, last: usize, head: &[u32], chain: &[u32]| -> (usize, From) {
        let (y, x) = (at[q].0 as usize, at[q].1 as usize);
        let mut best = (0usize, From::Tile(0));
        // How many of the first `cap` bytes of `a` and `b` agree, given
        // that it must be more than `beat` to matter (a cheap look at the
        // byte that would decide first).
        let count = |a: &[u8], b: &[u8], cap: usize, beat: usize| {
            if cap <= beat || a[beat] != b[beat] {
                return 0;
            }
            same_prefix(a, b, cap)
        };
        let consider = |p: usize, best: &mut (usize, From)| {
            // Inside the tile's rows, no further back than the window.
            if p >= q || dist(p, q) > WINDOW {
                return;
            }
            let cap = (w - x).min(w - at[p].1 as usize).min(MAX_MATCH);
            let n = count(&tile[p..], &tile[q..], cap, best.0);
            if n > best.0 {
                *best = (n, From::Tile(p));
            }
        };
        if q >= w {
            consider(q - w, &mut best);
        }
        if last > 0 && last <= q {
            consider(q - last, &mut best);
        }
        if x > 0 {
            consider(q - 1, &mut best);
        }
        if let Some((b, bw)) = partner {
            for k in 0..3usize {
                // Source column x + k - 1 of the partner's row y.
                let Some(bx) = (x + k).checked_sub(1) else {
                    continue;
                };
                if bx >= bw {
                    continue;
                }
                let cap = (w - x).min(bw - bx).min(MAX_MATCH);
                let n = count(&b[y * bw + bx..], &tile[q..], cap, best.0);
                if n > best.0 {
                    best = (n, From::Partner(k));
                }
            }
        }
        if x + MIN_MATCH <= w {
            let mut cand = head[hash4(tile, q)];
            let mut depth = 0;
            while cand != u32::MAX && depth < TILE_CHAIN && best.0 < w - x {
                consider(cand as usize, &mut best);
                cand = chain[cand as usize];
                depth += 1;
            }
        }
        best
    };
    let index = |q: usize, head: &mut [u32], chain: &mut [u32]| {
        if at[q].1 as usize + MIN_MATCH <= w {
            let hh = hash4(tile, q);
            chain[q] = head[hh];
            head[hh] = q as u32;
        }
    };
    let mut last = 0usize;
    for y in 0..h {
        rows.push(tokens.len() as u32);
        let end = (y + 1) * w;
        let mut q = y * w;
        while q < end {
            let (mut len, mut from) = best_at(q, last, &head, &chain);
            if (MIN_MATCH..32).contains(&len) && q + 1 < end {
                // One step of lazy matching: a longer match one byte on
                // is worth a literal first.
                let (l2, f2) = best_at(q + 1, last, &head, &chain);
                if l2 > len + 1 {
                    index(q, &mut head, &mut chain);
                    tokens.push(Token {
                        len: 0,
                        val: tile[q] as u16,
                    });
                    q += 1;
                    (len, from) = (l2, f2);
                }
            }
            if len >= MIN_MATCH {
                // Positions inside short matches are indexed; long ones
                // are rows copied from above and need no help.
                let indexed = if len < 32 { len } else { 1 };
                for p in q..q + indexed {
                    index(p, &mut head, &mut chain);
                }
                tokens.push(token(len, q, from));
                if let From::Tile(p) = from {
                    last = q - p;
                }
                q += len;
            } else {
                index(q, &mut head, &mut chain);
                tokens.push(Token {
                    len: 0,
                    val: tile[q] as u16,
                });
                q += 1;
            }
        }
    }
    rows.push(tokens.len() as u32);
    let mut up = vec![0u64; h.div_ceil(64)];
    let mut partnered = vec![0u64; h.div_ceil(64)];
    for y in 0..h {
        let r = &tokens[rows[y] as usize..rows[y + 1] as usize];
        if r.len() == 1 && r[0].len as usize == w && r[0].val as usize == stride {
            set_row_bit(&mut up, y);
        }
        if r.iter().any(|t| t.len > 0 && t.val >= PARTNER) {
            set_row_bit(&mut partnered, y);
        }
    }
    TileTokens {
        tokens,
        rows,
        width: w,
        up,
        partnered,
    }
}

/// One column of a band put together from tiles: `tile`'s tokens, its
/// bytes starting `off` bytes into each row; `same`, the offset of the
/// nearest earlier column with the same bytes; `partner`, the offset of
/// the column `tile`'s matches into a partner copy from.
pub(crate) struct Column<'a> {
    pub off: usize,
    pub tile: &'a TileTokens,
    pub same: Option<usize>,
    pub partner: Option<usize>,
}

/// Holds the tokens of `data` (rows `stride` bytes long, cut into `cols`,
/// left to right, which cover each row) in `b` with their symbols counted,
/// until [`pieces_of_held`] codes the bands held together. The tokens are
/// those of the columns' tiles row by row, without a search: a row that
/// is the row above in every column is one match; a row of a column that
/// repeats an earlier column is one match back to it (unless its tile's
/// row is one match already); a match into a partner gets its distance
/// from where the partner stands.
/// Where one column's tokens meet the next's, a literal the match before
/// it would have copied extends it, a match takes the literals before it
/// that it would have copied, and matches of the same distance are joined
/// (the row above across a row of squares). Blocks about the size
/// [`piece_in`]'s search makes (measured in docs/performance.md, "Session
/// 17").
pub(crate) fn hold_columns(b: &mut Buffers, data: &[u8], stride: usize, cols: &[Column]) {
    tokens_of_columns(b, data, stride, cols);
    let n = b.held.len;
    if b.held.bands.len() == n {
        b.held.bands.push(HeldBand::default());
    }
    let h = &mut b.held.bands[n];
    std::mem::swap(&mut h.tokens, &mut b.tokens);
    h.freq = Freq::of(&h.tokens);
    h.adler = adler32(data);
    h.len = data.len();
    b.held.len += 1;
}

/// The bands held in `b` ([`hold_columns`]) as pieces, in the order held,
/// and none held after. Two or more share one set of codes fitted to
/// them all (a [`Shared`]), written in the picture as one block: a band
/// needs no codes built nor header written of its own, and its picture
/// one header for its ranks instead of one each (within 1 % of the same
/// bytes, docs/performance.md "Session 19"). One is a block of its own.
pub(crate) fn pieces_of_held(b: &mut Buffers) -> Vec<Piece> {
    let n = std::mem::take(&mut b.held.len);
    if n == 0 {
        return Vec::new();
    }
    let held = &b.held.bands[..n];
    if let [h] = held {
        return vec![block_piece(&mut b.bits, &h.tokens, &h.freq, h.adler, h.len)];
    }
    let mut freq = Freq::default();
    for h in held {
        freq.add(&h.freq);
    }
    let (ll, dl) = block_lengths(&freq);
    let code = Code::of(&ll, &dl);
    let mut w = BitWriter::to(std::mem::take(&mut b.bits));
    write_header(&mut w, &ll, &dl, false);
    let (header, nbits) = w.finish(&mut b.bits);
    let shared = Arc::new(Shared {
        header,
        nbits,
        eob: code.eob,
    });
    held.iter()
        .map(|h| {
            let mut w = BitWriter::to(std::mem::take(&mut b.bits));
            code.write(&mut w, &h.tokens);
            let (bits, nbits) = w.finish(&mut b.bits);
            Piece {
                bits,
                nbits,
                adler: h.adler,
                len: h.len,
                shared: Some(shared.clone()),
            }
        })
        .collect()
}

/// Bands' tokens held until they are coded together ([`hold_columns`]).
#[derive(Default)]
struct Held {
    bands: Vec<HeldBand>,
    /// How many of `bands` hold a band now.
    len: usize,
}

/// One band held: its tokens, their symbols counted, its bytes' Adler-32
/// and length.
#[derive(Default)]
struct HeldBand {
    tokens: Vec<Token>,
    freq: Freq,
    adler: u32,
    len: usize,
}

/// The header of a block shared by pieces (see [`Piece`]): a non-final
/// dynamic block's header, `nbits` long, and the code of its end.
pub(crate) struct Shared {
    header: Vec<u8>,
    nbits: u64,
    eob: (u32, u32),
}

impl Shared {
    /// The bytes held.
    pub(crate) fn bytes(&self) -> usize {
        self.header.capacity() + std::mem::size_of::<Shared>()
    }
}

/// The tokens of `data` put together from `cols` into `b.tokens` (see
/// [`hold_columns`]).
fn tokens_of_columns(b: &mut Buffers, data: &[u8], stride: usize, cols: &[Column]) {
    debug_assert!(cols.iter().map(|c| c.tile.width).sum::<usize>() == stride);
    let rows = data.len() / stride;
    let mut e = Emit {
        tokens: std::mem::take(&mut b.tokens),
        data,
    };
    e.tokens.clear();
    // Rows that are the row above in every column.
    let mut up = vec![!0u64; rows.div_ceil(64)];
    for c in cols {
        for (u, t) in up.iter_mut().zip(&c.tile.up) {
            *u &= t;
        }
    }
    for y in 0..rows {
        let start = y * stride;
        if row_bit(&up, y) {
            e.matched(start, stride, stride);
            continue;
        }
        for c in cols {
            let t = c.tile;
            let base = start + c.off;
            let w = t.width;
            if t.is_up(y) {
                e.matched(base, w, stride);
                continue;
            }
            if let Some(s) = c.same {
                e.matched(base, w, c.off - s);
                continue;
            }
            let r = &t.tokens[t.rows[y] as usize..t.rows[y + 1] as usize];
            let d_partner = c.partner.map_or(0, |o| c.off - o + 1);
            let placed = |tok: Token| {
                if tok.len > 0 && tok.val >= PARTNER {
                    Token {
                        len: tok.len,
                        val: (d_partner - (tok.val - PARTNER) as usize) as u16,
                    }
                } else {
                    tok
                }
            };
            let Some((&first, rest)) = r.split_first() else {
                continue;
            };
            // Where the column meets the one before it.
            let first = placed(first);
            if first.len == 0 {
                e.literal(base);
            } else {
                e.matched(base, first.len as usize, first.val as usize);
            }
            // The rest as they are (copied whole: one by one, with their
            // symbols counted, was most of a rank's time), their matches
            // into the partner placed.
            if t.partnered(y) {
                e.tokens.extend(rest.iter().map(|&tok| placed(tok)));
            } else {
                e.tokens.extend_from_slice(rest);
            }
        }
    }
    b.tokens = e.tokens;
}

/// The first match of `len` bytes cut into matches of at most 258: all
/// of it, 258, or less when 258 would leave fewer than 3 (no match is
/// shorter).
fn first_part(len: usize) -> usize {
    if len <= MAX_MATCH {
        len
    } else if len - MAX_MATCH >= 3 {
        MAX_MATCH
    } else {
        len - 3
    }
}

impl Freq {
    /// `other`'s counts added.
    fn add(&mut self, other: &Freq) {
        for (x, y) in self.lit.iter_mut().zip(&other.lit) {
            *x += y;
        }
        for (x, y) in self.dist.iter_mut().zip(&other.dist) {
            *x += y;
        }
    }

    /// The symbols of `tokens` counted.
    fn of(tokens: &[Token]) -> Freq {
        #[inline(always)]
        fn count(f: &mut Freq, t: &Token) {
            if t.len == 0 {
                f.lit[t.val as usize & 0xFF] += 1;
            } else {
                f.lit[257 + len_code(t.len)] += 1;
                f.dist[dist_code(t.val)] += 1;
            }
        }
        // Even and odd tokens in two tables, added at the end: in a run of
        // one symbol (a square's colour, the row above) each count no
        // longer waits for the one before it.
        let (mut a, mut b) = (Freq::default(), Freq::default());
        let mut pairs = tokens.chunks_exact(2);
        for p in &mut pairs {
            count(&mut a, &p[0]);
            count(&mut b, &p[1]);
        }
        for t in pairs.remainder() {
            count(&mut a, t);
        }
        a.add(&b);
        a
    }
}

/// Tokens being put together for `data` (their symbols counted after).
struct Emit<'a> {
    tokens: Vec<Token>,
    data: &'a [u8],
}

impl Emit<'_> {
    /// The byte at `p`: the match before it made one longer if it would
    /// copy the same byte.
    fn literal(&mut self, p: usize) {
        let v = self.data[p];
        if let Some(last) = self.tokens.last_mut() {
            if last.len > 0
                && (last.len as usize) < MAX_MATCH
                && v == self.data[p - last.val as usize]
            {
                last.len += 1;
                return;
            }
        }
        self.tokens.push(Token {
            len: 0,
            val: v as u16,
        });
    }

    /// A match of `len` bytes (at least 3) at `p`, distance `d`: it takes
    /// the literals before it that it would copy, and joins the match
    /// before them when that has the same distance.
    fn matched(&mut self, mut p: usize, mut len: usize, d: usize) {
        while let Some(&t) = self.tokens.last() {
            if t.len == 0 && p > d && self.data[p - 1] == self.data[p - 1 - d] {
                self.tokens.pop();
                p -= 1;
                len += 1;
            } else {
                break;
            }
        }
        if let Some(last) = self.tokens.last_mut() {
            if last.len > 0 && last.val as usize == d && (last.len as usize) < MAX_MATCH {
                let total = last.len as usize + len;
                let first = first_part(total);
                last.len = first as u16;
                len = total - first;
            }
        }
        while len > 0 {
            let n = first_part(len);
            self.tokens.push(Token {
                len: n as u16,
                val: d as u16,
            });
            len -= n;
        }
    }
}

/// A zlib stream made of `pieces` in order (each valid after the ones
/// before it, see [`piece_in`]), closed by an empty final block.
pub(crate) fn zlib_of_pieces(pieces: &[Arc<Piece>]) -> Vec<u8> {
    let mut w = BitWriter::default();
    w.out.extend_from_slice(&[0x78, 0x01]);
    let mut adler = 1u32;
    w.out.reserve(
        pieces
            .iter()
            .map(|p| p.bits.len() + p.shared.as_ref().map_or(0, |t| t.header.len()))
            .sum::<usize>()
            + 16,
    );
    // The shared block open: pieces of one side by side are one block,
    // its header before the first, its end after the last.
    let mut open: Option<&Arc<Shared>> = None;
    for p in pieces {
        let same = match (open, &p.shared) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        };
        if !same {
            if let Some(t) = open {
                w.put(t.eob.0, t.eob.1);
            }
            if let Some(t) = &p.shared {
                w.append(&t.header, t.nbits);
            }
            open = p.shared.as_ref();
        }
        w.append(&p.bits, p.nbits);
        adler = adler32_combine(adler, p.adler, p.len);
    }
    if let Some(t) = open {
        w.put(t.eob.0, t.eob.1);
    }
    // An empty final block: BFINAL, fixed Huffman codes, end of block
    // (seven zero bits).
    w.put(1, 1);
    w.put(1, 2);
    w.put(0, 7);
    w.flush();
    w.out.extend_from_slice(&adler.to_be_bytes());
    w.out
}

/// The Adler-32 of `a`'s data followed by `b`'s (`len` bytes), as zlib's
/// `adler32_combine` computes it.
pub(crate) fn adler32_combine(a: u32, b: u32, len: usize) -> u32 {
    const BASE: u64 = 65_521;
    let rem = len as u64 % BASE;
    let (a1, a2) = ((a & 0xffff) as u64, (a >> 16) as u64);
    let (b1, b2) = ((b & 0xffff) as u64, (b >> 16) as u64);
    let s1 = (a1 + b1 + BASE - 1) % BASE;
    let s2 = (rem * a1 % BASE + a2 + b2 + BASE - rem) % BASE;
    (s1 | (s2 << 16)) as u32
}

/// The tokens of `data` into `b.tokens`.
fn lz77(data: &[u8], row: usize, b: &mut Buffers) {
    // Owned locals while the loop runs: through `&mut` the compressor took
    // 15 % more instructions (the vectors' pointers reloaded every token).
    let mut head = std::mem::take(&mut b.head);
    let mut chain = std::mem::take(&mut b.chain);
    let mut tokens = std::mem::take(&mut b.tokens);
    head.clear();
    head.resize(1 << HASH_BITS, u32::MAX);
    // Positions are chained modulo the window: a short input (a record
    // in a text chunk) needs only its own length of chain. Not cleared: a
    // position's entry is written when the position is indexed, and only
    // indexed positions are looked up.
    if chain.len() < WINDOW.min(data.len()) {
        chain.resize(WINDOW.min(data.len()), u32::MAX);
    }
    tokens.clear();
    tokens.reserve(data.len() / 16);
    let mut freq = Freq::default();
    let mut last_dist = 0usize;
    let n = data.len();
    let mut i = 0;
    while i < n {
        let mut best_len = 0;
        let mut best_dist = 0;
        // The next four bytes (when there are four), for the gate below.
        let here4 = if i + MIN_MATCH <= n {
            load4(data, i)
        } else {
            0
        };
        // Keep the match at distance `d` back if it is longer than the best
        // so far. A macro, so that it is pasted in place in every profile
        // (as a closure, release builds stopped inlining it once the gates
        // below were added: a fifth of the compressor's time went to calls).
        macro_rules! try_dist {
            ($d:expr) => {{
                let d: usize = $d;
                // Two cheap gates before counting (most candidates fail
                // them): a match shorter than MIN_MATCH is never used, and
                // one that differs at the best length so far cannot beat
                // it. The tokens are exactly those of the full count.
                if d > 0
                    && d <= i
                    && d <= WINDOW
                    && (i + MIN_MATCH > n || load4(data, i - d) == here4)
                    && (i + best_len >= n || data[i - d + best_len] == data[i + best_len])
                {
                    let l = match_len(data, i - d, i);
                    if l > best_len {
                        best_len = l;
                        best_dist = d;
                    }
                }
            }};
        }
        try_dist!(row);
        if best_len < MAX_MATCH && last_dist != row {
            try_dist!(last_dist);
        }
        if best_len < MAX_MATCH {
            try_dist!(1);
        }
        // (The row above one pixel over, for diagonals and the edges of
        // discs, was tried here: 0.3 % of size for 12 % of the time.)
        if i + 4 <= n {
            let h = hash4(data, i);
            let mut cand = head[h];
            head[h] = i as u32;
            chain[i % WINDOW] = cand;
            let mut depth = 0;
            while best_len < 16 && cand != u32::MAX && depth < CHAIN {
                let d = i - cand as usize;
                if d > WINDOW {
                    break;
                }
                try_dist!(d);
                cand = chain[cand as usize % WINDOW];
                depth += 1;
            }
        }
        if best_len >= MIN_MATCH {
            tokens.push(Token {
                len: best_len as u16,
                val: best_dist as u16,
            });
            freq.lit[257 + len_code(best_len as u16)] += 1;
            freq.dist[dist_code(best_dist as u16)] += 1;
            last_dist = best_dist;
            // Index a few positions inside short matches; long ones are
            // rows copied from above and need no help.
            if best_len < 32 {
                for j in i + 1..(i + best_len).min(n.saturating_sub(4)) {
                    let h = hash4(data, j);
                    chain[j % WINDOW] = head[h];
                    head[h] = j as u32;
                }
            }
            i += best_len;
        } else {
            tokens.push(Token {
                len: 0,
                val: data[i] as u16,
            });
            freq.lit[data[i] as usize] += 1;
            i += 1;
        }
    }
    b.head = head;
    b.chain = chain;
    b.tokens = tokens;
    b.freq = freq;
}

const LEN_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LEN_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const DIST_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DIST_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];

/// The last index of `base` whose value is at most `v` (a code's base).
const fn code_of(base: &[u16], v: usize) -> u8 {
    let mut c = 0;
    while c + 1 < base.len() && base[c + 1] as usize <= v {
        c += 1;
    }
    c as u8
}

/// The length code of every match length (3..=258), looked up: a search
/// of `LEN_BASE` per token was a twentieth of the compressor's time.
const LEN_CODE: [u8; 259] = {
    let mut t = [0u8; 259];
    let mut len = 3;
    while len <= 258 {
        t[len] = code_of(&LEN_BASE, len);
        len += 1;
    }
    t
};

/// Distance codes as zlib looks them up: distances 1..=256 directly,
/// longer ones by `(d - 1) >> 7` (every code above 256 starts at a
/// multiple of 128, plus 1).
const DIST_CODE: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut d = 1;
    while d <= 256 {
        t[d] = code_of(&DIST_BASE, d);
        d += 1;
    }
    let mut k = 2;
    while k < 256 {
        t[256 + k] = code_of(&DIST_BASE, k * 128 + 1);
        k += 1;
    }
    t
};

#[inline]
fn len_code(len: u16) -> usize {
    LEN_CODE[len as usize] as usize
}

#[inline]
fn dist_code(d: u16) -> usize {
    let d = d as usize;
    if d <= 256 {
        DIST_CODE[d] as usize
    } else {
        DIST_CODE[256 + ((d - 1) >> 7)] as usize
    }
}

/// Huffman code lengths for `freq`, limited to `limit` bits, into `lens`
/// (as long as `freq`, at most 286). Working memory on the stack: a move's
/// picture codes a dozen blocks, three codes each.
fn lengths(freq: &[u32], limit: u8, lens: &mut [u8]) {
    const MAX: usize = 286;
    let n = freq.len();
    debug_assert!(n <= MAX && lens.len() == n);
    lens.fill(0);
    let mut used = [0u16; MAX];
    let mut nu = 0;
    for (i, &f) in freq.iter().enumerate() {
        if f > 0 {
            used[nu] = i as u16;
            nu += 1;
        }
    }
    let used = &used[..nu];
    match nu {
        0 => return,
        1 => {
            lens[used[0] as usize] = 1;
            return;
        }
        _ => {}
    }
    // Classic Huffman with a sorted merge of two queues: leaves [0, nl),
    // internal nodes after them. A node is (weight, left, right); a leaf's
    // left is -1 - its symbol.
    // Sorted by count, then symbol, as one number each (a block's counts
    // are below 2^40: its tokens are in memory).
    let mut leaves = [0u64; MAX];
    for (l, &s) in leaves.iter_mut().zip(used) {
        *l = (freq[s as usize] as u64) << 16 | s as u64;
    }
    let leaves = &mut leaves[..nu];
    leaves.sort_unstable();
    // (A vector of the size needed: zeroing arrays for the largest
    // alphabet cost more than allocating.)
    let mut nodes: Vec<(u64, i32, i32)> = Vec::with_capacity(2 * nu);
    for &l in leaves.iter() {
        nodes.push((l >> 16, -1 - (l & 0xFFFF) as i32, -1));
    }
    let nl = nu;
    let (mut a, mut b) = (0usize, nl);
    for _ in 0..nl - 1 {
        let len = nodes.len();
        let mut take = || {
            if a < nl && (b >= len || nodes[a].0 <= nodes[b].0) {
                a += 1;
                a - 1
            } else {
                b += 1;
                b - 1
            }
        };
        let x = take();
        let y = take();
        nodes.push((nodes[x].0 + nodes[y].0, x as i32, y as i32));
    }
    let len = nodes.len();
    // Depths by walking down from the root.
    let mut depth = [0u8; 2 * MAX];
    for k in (nl..len).rev() {
        let (_, l, r) = nodes[k];
        depth[l as usize] = depth[k] + 1;
        depth[r as usize] = depth[k] + 1;
    }
    for (k, node) in nodes[..nl].iter().enumerate() {
        lens[(-1 - node.1) as usize] = depth[k].min(limit);
    }
    // Restore the Kraft inequality after clamping.
    let cap = 1u64 << limit;
    let mut kraft: u64 = used.iter().map(|&s| cap >> lens[s as usize]).sum();
    while kraft > cap {
        let Some(&s) = used
            .iter()
            .filter(|&&s| lens[s as usize] < limit)
            .max_by_key(|&&s| (lens[s as usize], std::cmp::Reverse(freq[s as usize])))
        else {
            break;
        };
        let s = s as usize;
        kraft -= cap >> (lens[s] + 1);
        lens[s] += 1;
    }
    // The Kraft sum must be exactly one (zlib refuses incomplete codes):
    // give back the slack by shortening the longest codes that fit.
    while kraft < cap {
        let Some(&s) = used
            .iter()
            .filter(|&&s| lens[s as usize] > 1 && (cap >> lens[s as usize]) <= cap - kraft)
            .max_by_key(|&&s| (lens[s as usize], freq[s as usize]))
        else {
            break;
        };
        let s = s as usize;
        kraft += cap >> lens[s];
        lens[s] -= 1;
    }
}

/// Canonical codes (bit-reversed for LSB-first output) of `lens`, into
/// `out` (as long as `lens`).
fn codes(lens: &[u8], out: &mut [u16]) {
    let mut bl_count = [0u16; 16];
    for &l in lens {
        if l > 0 {
            bl_count[l as usize] += 1;
        }
    }
    let mut next = [0u16; 16];
    let mut code = 0u16;
    for bits in 1..16 {
        code = (code + bl_count[bits - 1]) << 1;
        next[bits] = code;
    }
    for (o, &l) in out.iter_mut().zip(lens) {
        *o = if l == 0 {
            0
        } else {
            let c = next[l as usize];
            next[l as usize] += 1;
            c.reverse_bits() >> (16 - l)
        };
    }
}

#[derive(Default)]
struct BitWriter {
    out: Vec<u8>,
    acc: u64,
    n: u32,
}

impl BitWriter {
    /// A writer into `out`, emptied first (its memory reused).
    fn to(mut out: Vec<u8>) -> BitWriter {
        out.clear();
        BitWriter { out, acc: 0, n: 0 }
    }

    #[inline]
    fn put(&mut self, bits: u32, count: u32) {
        self.acc |= (bits as u64) << self.n;
        self.n += count;
        if self.n >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.n -= 32;
        }
    }
    /// Appends the first `nbits` bits of `bits` (as [`BitWriter`] wrote
    /// them: least significant bit first).
    fn append(&mut self, bits: &[u8], nbits: u64) {
        // The accumulator's whole bytes out first: fewer than 8 bits wait.
        while self.n >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n -= 8;
        }
        // Then eight bytes a step, shifted past the bits waiting (a board
        // is mostly cached blocks appended: 32 bits a put was a twelfth of
        // a move's instructions).
        let words = (nbits / 64) as usize;
        let n = self.n;
        let mut acc = self.acc;
        self.out.reserve(words * 8 + 16);
        for c in bits[..words * 8].chunks_exact(8) {
            let v = u64::from_le_bytes(c.try_into().unwrap_or([0; 8]));
            self.out.extend_from_slice(&(acc | (v << n)).to_le_bytes());
            acc = if n == 0 { 0 } else { v >> (64 - n) };
        }
        self.acc = acc;
        let mut left = nbits - words as u64 * 64;
        let mut rest = &bits[words * 8..];
        while left >= 32 {
            self.put(u32::from_le_bytes([rest[0], rest[1], rest[2], rest[3]]), 32);
            rest = &rest[4..];
            left -= 32;
        }
        for &byte in rest {
            if left == 0 {
                break;
            }
            let k = left.min(8) as u32;
            self.put(byte as u32 & ((1 << k) - 1), k);
            left -= k as u64;
        }
    }

    fn flush(&mut self) {
        while self.n > 0 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n = self.n.saturating_sub(8);
        }
        self.acc = 0;
    }

    /// The bits written (copied at their exact length: a cached piece
    /// holds no spare capacity) and how many there are; the writer's
    /// buffer goes back to `keep` for the next.
    fn finish(mut self, keep: &mut Vec<u8>) -> (Vec<u8>, u64) {
        let nbits = self.out.len() as u64 * 8 + self.n as u64;
        self.flush();
        let bits = self.out.to_vec();
        *keep = self.out;
        (bits, nbits)
    }
}

/// One dynamic-Huffman block of `tokens`, whose symbols occur as `freq`
/// counts them (end of block aside).
fn write_block(w: &mut BitWriter, tokens: &[Token], freq: &Freq, last: bool) {
    let (ll, dl) = block_lengths(freq);
    write_header(w, &ll, &dl, last);
    let code = Code::of(&ll, &dl);
    code.write(w, tokens);
    w.put(code.eob.0, code.eob.1);
}

/// The code lengths of a block whose symbols occur as `freq` counts them
/// (the end of block once; one distance code at least).
fn block_lengths(freq: &Freq) -> ([u8; 286], [u8; 30]) {
    let mut lf = freq.lit;
    let mut df = freq.dist;
    lf[256] = 1;
    if df.iter().all(|&f| f == 0) {
        df[0] = 1;
    }
    let (mut ll, mut dl) = ([0u8; 286], [0u8; 30]);
    lengths(&lf, 15, &mut ll);
    lengths(&df, 15, &mut dl);
    (ll, dl)
}

/// A dynamic block's header for code lengths `ll` and `dl`.
fn write_header(w: &mut BitWriter, ll: &[u8; 286], dl: &[u8; 30], last: bool) {
    let hlit = 257.max(ll.iter().rposition(|&l| l > 0).map_or(0, |p| p + 1));
    let hdist = 1.max(dl.iter().rposition(|&l| l > 0).map_or(1, |p| p + 1));
    // Run-length code the concatenated code lengths.
    let mut all = [0u8; 286 + 30];
    all[..hlit].copy_from_slice(&ll[..hlit]);
    all[hlit..hlit + hdist].copy_from_slice(&dl[..hdist]);
    let all = &all[..hlit + hdist];
    let mut rle = [(0u8, 0u8); 286 + 30]; // (symbol, extra value)
    let mut nrle = 0;
    let mut i = 0;
    let mut push = |e: (u8, u8)| {
        rle[nrle] = e;
        nrle += 1;
    };
    while i < all.len() {
        let v = all[i];
        let mut run = 1;
        while i + run < all.len() && all[i + run] == v {
            run += 1;
        }
        if v == 0 && run >= 3 {
            let r = run.min(138);
            if r >= 11 {
                push((18, (r - 11) as u8));
            } else {
                push((17, (r - 3) as u8));
            }
            i += r;
        } else if v != 0 && run >= 4 {
            push((v, 0));
            let r = (run - 1).min(6);
            push((16, (r - 3) as u8));
            i += 1 + r;
        } else {
            push((v, 0));
            i += 1;
        }
    }
    let rle = &rle[..nrle];
    let mut cf = [0u32; 19];
    for &(s, _) in rle {
        cf[s as usize] += 1;
    }
    // A one-symbol code-length code would be incomplete: add a dummy.
    if cf.iter().filter(|&&f| f > 0).count() < 2 {
        let spare = if cf[0] == 0 { 0 } else { 1 };
        cf[spare] = 1;
    }
    let (mut cl, mut cc) = ([0u8; 19], [0u16; 19]);
    lengths(&cf, 7, &mut cl);
    codes(&cl, &mut cc);
    const ORDER: [usize; 19] = [
        16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
    ];
    let hclen = 4.max(ORDER.iter().rposition(|&s| cl[s] > 0).map_or(0, |p| p + 1));

    w.put(last as u32, 1); // final block?
    w.put(2, 2); // dynamic Huffman
    w.put((hlit - 257) as u32, 5);
    w.put((hdist - 1) as u32, 5);
    w.put((hclen - 4) as u32, 4);
    for &s in &ORDER[..hclen] {
        w.put(cl[s] as u32, 3);
    }
    for &(s, e) in rle {
        w.put(cc[s as usize] as u32, cl[s as usize] as u32);
        match s {
            16 => w.put(e as u32, 2),
            17 => w.put(e as u32, 3),
            18 => w.put(e as u32, 7),
            _ => {}
        }
    }
}

/// A block's codes ready for its tokens: each literal's code and length
/// as one word (the length in the top byte), each match length's with its
/// extra bits (at most 20 bits), each distance's code and length, and the
/// end of block's code and length: a literal is one lookup, a match two
/// and one put of at most 48 bits.
struct Code {
    lit_put: [u32; 256],
    /// (512 long: a length masked to 9 bits needs no bounds check.)
    len_put: [u32; 512],
    dc: [u16; 30],
    dl: [u8; 30],
    eob: (u32, u32),
}

impl Code {
    /// The codes of literal/length code lengths `ll` and distance code
    /// lengths `dl`.
    fn of(ll: &[u8; 286], dl: &[u8; 30]) -> Code {
        let (mut lc, mut dc) = ([0u16; 286], [0u16; 30]);
        codes(ll, &mut lc);
        codes(dl, &mut dc);
        let mut lit_put = [0u32; 256];
        for (s, e) in lit_put.iter_mut().enumerate() {
            *e = pack(lc[s] as u32, ll[s] as u32);
        }
        let mut len_put = [0u32; 512];
        for (len, e) in len_put.iter_mut().enumerate().take(MAX_MATCH + 1).skip(3) {
            let k = len_code(len as u16);
            let sym = 257 + k;
            *e = pack(
                lc[sym] as u32 | ((len as u32 - LEN_BASE[k] as u32) << ll[sym]),
                ll[sym] as u32 + LEN_EXTRA[k] as u32,
            );
        }
        Code {
            lit_put,
            len_put,
            dc,
            dl: *dl,
            eob: (lc[256] as u32, ll[256] as u32),
        }
    }

    /// `tokens` coded onto `w`'s bits (through a [`FastBits`] with room
    /// for 6 bytes a token: a put is at most 48 bits, and fewer than 8
    /// wait between puts).
    fn write(&self, w: &mut BitWriter, tokens: &[Token]) {
        let mut f = FastBits::from(std::mem::take(w), tokens.len() * 6);
        // The last distance's code and extra bits: most matches copy the
        // row above, or from as far as the match before.
        let (mut last, mut dbits, mut dcount) = (0u16, 0u64, 0u32);
        // The writer's state in locals while the loop runs (through `f`
        // each put stored it back before its bounds check: a third of the
        // loop's instructions).
        let (mut acc, mut n, mut pos) = (f.acc, f.n, f.pos);
        let out = &mut f.out[..];
        let mut put = |bits: u64, count: u32| {
            debug_assert!(n + count <= 63);
            acc |= bits << n;
            n += count;
            out[pos..pos + 8].copy_from_slice(&acc.to_le_bytes());
            // At most 7 whole bytes (63 bits): the shift stays under 64.
            let k = n / 8;
            pos += k as usize;
            acc >>= k * 8;
            n -= k * 8;
        };
        for t in tokens {
            if t.len == 0 {
                let (bits, count) = unpack(self.lit_put[t.val as usize & 0xFF]);
                put(bits, count);
            } else {
                let (lbits, lcount) = unpack(self.len_put[t.len as usize & 0x1FF]);
                if t.val != last {
                    last = t.val;
                    let d = dist_code(t.val);
                    dbits = self.dc[d] as u64 | (((t.val - DIST_BASE[d]) as u64) << self.dl[d]);
                    dcount = self.dl[d] as u32 + DIST_EXTRA[d] as u32;
                }
                put(lbits | dbits << lcount, lcount + dcount);
            }
        }
        (f.acc, f.n, f.pos) = (acc, n, pos);
        *w = f.done();
    }
}

/// A code's bits (at most 24) and its length as one word, the length in
/// the top byte.
fn pack(bits: u32, count: u32) -> u32 {
    bits | count << 24
}

/// A [`pack`]ed word's bits and length.
#[inline(always)]
fn unpack(e: u32) -> (u64, u32) {
    ((e & 0xFF_FFFF) as u64, e >> 24)
}

/// A [`BitWriter`]'s bytes written eight at a time into room made ahead
/// (by [`Code::write`]): each put stores the whole accumulator and moves
/// on by its whole bytes, without a test or a grown vector (the token
/// loop's puts were a third of the Huffman coder's instructions).
struct FastBits {
    out: Vec<u8>,
    pos: usize,
    acc: u64,
    /// Bits waiting in `acc`: fewer than 8 between puts.
    n: u32,
}

impl FastBits {
    /// Writing on after `w`'s bits, with room for `room` more bytes.
    fn from(mut w: BitWriter, room: usize) -> FastBits {
        while w.n >= 8 {
            w.out.push(w.acc as u8);
            w.acc >>= 8;
            w.n -= 8;
        }
        let pos = w.out.len();
        w.out.resize(pos + room + 8, 0);
        FastBits {
            out: w.out,
            pos,
            acc: w.acc,
            n: w.n,
        }
    }

    /// Back to a [`BitWriter`], the room not used given back.
    fn done(mut self) -> BitWriter {
        self.out.truncate(self.pos);
        BitWriter {
            out: self.out,
            acc: self.acc,
            n: self.n,
        }
    }
}

fn adler32(data: &[u8]) -> u32 {
    let mut a = simd_adler32::Adler32::new();
    a.write(data);
    a.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn render_deflate_code_tables_agree_with_the_bases() {
        for len in 3u16..=258 {
            assert_eq!(
                len_code(len),
                LEN_BASE.partition_point(|&b| b <= len) - 1,
                "length {len}"
            );
        }
        for d in 1u16..=32768 {
            assert_eq!(
                dist_code(d),
                DIST_BASE.partition_point(|&b| b <= d) - 1,
                "distance {d}"
            );
        }
    }

    #[test]
    fn render_deflate_stores_what_does_not_compress() {
        // Empty input: one empty final stored block, Adler-32 of nothing.
        assert_eq!(zlib(&[], 1), [0x78, 0x01, 1, 0, 0, 0xff, 0xff, 0, 0, 0, 1]);
        // Noise: two stored blocks (65,535 + 34,465 bytes), 10 bytes of
        // block headers, nothing else.
        let mut seed = 99u32;
        let noise: Vec<u8> = (0..100_000)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 17;
                seed ^= seed << 5;
                seed as u8
            })
            .collect();
        let z = zlib(&noise, 101);
        assert_eq!(z.len(), 2 + 100_000 + 10 + 4);
        assert_eq!(&z[2..7], &[0, 0xff, 0xff, 0, 0]);
        assert_eq!(
            miniz_oxide::inflate::decompress_to_vec_zlib(&z).unwrap(),
            noise
        );
        // The Huffman-only path still codes it, a little larger.
        let h = zlib_with(&noise, 101, false);
        assert!(h.len() > z.len());
        assert_eq!(
            miniz_oxide::inflate::decompress_to_vec_zlib(&h).unwrap(),
            noise
        );
    }

    #[test]
    fn render_deflate_round_trips_through_png_decoder() {
        // Rows with repetition, runs and noise.
        let (w, h) = (300usize, 120usize);
        let mut raw = Vec::new();
        let mut seed = 7u32;
        for y in 0..h {
            raw.push(0u8);
            for x in 0..w {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                let v = if (x / 17 + y / 9) % 3 == 0 {
                    (seed >> 24) as u8
                } else {
                    ((x % 40) as u8).wrapping_mul(3) ^ (y / 30) as u8
                };
                raw.push(v);
            }
        }
        let z = zlib(&raw, w + 1);
        let mut png = Vec::new();
        {
            let mut e = png::Encoder::new(&mut png, w as u32, h as u32);
            e.set_color(png::ColorType::Grayscale);
            e.set_depth(png::BitDepth::Eight);
            let mut wr = e.write_header().unwrap();
            wr.write_chunk(png::chunk::IDAT, &z).unwrap();
            wr.finish().unwrap();
        }
        let dec = png::Decoder::new(std::io::Cursor::new(&png[..]));
        let mut r = dec.read_info().unwrap();
        let mut buf = vec![0; r.output_buffer_size().unwrap()];
        r.next_frame(&mut buf).unwrap();
        let expect: Vec<u8> = raw
            .chunks(w + 1)
            .flat_map(|row| row[1..].to_vec())
            .collect();
        assert_eq!(buf, expect);
        assert!(z.len() < raw.len());
    }
}
