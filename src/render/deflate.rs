//! A small, fast zlib/DEFLATE compressor for rendered boards.
//!
//! Boards are built from copied sprites, so the scanlines repeat a lot: a
//! row is usually identical to the one above it, or repeats a piece drawn
//! a few squares to the left. Greedy LZ77 with a few candidates (the row
//! above, the last distance used, the byte before, and two earlier places
//! with the same next four bytes) finds those long matches in one linear
//! pass; one dynamic-Huffman block then codes the tokens. It compresses
//! these images about as well as zlib level 6 at a small fraction of the
//! time. Every picture is compressed whole: nothing is kept between calls.

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
    let (tokens, freq) = lz77(data, row.max(1));
    let mut w = BitWriter {
        out: Vec::with_capacity(tokens.len() * 2 + 1024),
        acc: 0,
        n: 0,
    };
    w.out.extend_from_slice(&[0x78, 0x01]);
    write_block(&mut w, &tokens, &freq);
    w.flush();
    let mut out = w.out;
    // Data that does not compress (noise, tiny inputs) goes out as stored
    // blocks instead: never more than 5 bytes per 65,535 over its size.
    if allow_stored && out.len() - 2 > stored_size(data.len()) {
        out.truncate(2);
        write_stored(&mut out, data);
    }
    let mut a = simd_adler32::Adler32::new();
    a.write(data);
    out.extend_from_slice(&a.finish().to_be_bytes());
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
    out.reserve(stored_size(data.len()) + 4);
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

/// How often each literal/length and each distance symbol occurs,
/// counted as the tokens are made.
struct Freq {
    lit: [u32; 286],
    dist: [u32; 30],
}

/// How many of the bytes at `a` and at `b` (`a < b`) agree, up to
/// [`MAX_MATCH`] and the end of `data`.
#[inline(always)]
fn match_len(data: &[u8], a: usize, b: usize) -> usize {
    let cap = (data.len() - b).min(MAX_MATCH);
    let (x, y) = (&data[a..a + cap], &data[b..b + cap]);
    let mut n = 0;
    // Sixteen bytes a compare, then one.
    while n + 16 <= cap {
        let p = u128::from_le_bytes(x[n..n + 16].try_into().unwrap_or([0; 16]));
        let q = u128::from_le_bytes(y[n..n + 16].try_into().unwrap_or([0; 16]));
        if p != q {
            return n + ((p ^ q).trailing_zeros() / 8) as usize;
        }
        n += 16;
    }
    while n < cap && x[n] == y[n] {
        n += 1;
    }
    n
}

#[inline(always)]
fn load4(data: &[u8], i: usize) -> u32 {
    u32::from_le_bytes(data[i..i + 4].try_into().unwrap_or([0; 4]))
}

#[inline(always)]
fn hash4(data: &[u8], i: usize) -> usize {
    (load4(data, i).wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize
}

/// The tokens of `data` and how often each symbol occurs in them.
fn lz77(data: &[u8], row: usize) -> (Vec<Token>, Freq) {
    let n = data.len();
    let mut head = vec![u32::MAX; 1 << HASH_BITS];
    // Positions are chained modulo the window: a short input (a record in
    // a text chunk) needs only its own length of chain.
    let mut chain = vec![u32::MAX; WINDOW.min(n)];
    let mut tokens = Vec::with_capacity(n / 16);
    let mut freq = Freq {
        lit: [0; 286],
        dist: [0; 30],
    };
    let mut last_dist = 0usize;
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
        // Keep the match at distance `d` back if it is longer than the
        // best so far. Two cheap gates before counting (most candidates
        // fail them): a match shorter than MIN_MATCH is never used, and
        // one that differs at the best length so far cannot beat it. A
        // macro, so that it is pasted in place in every profile.
        macro_rules! try_dist {
            ($d:expr) => {{
                let d: usize = $d;
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
            freq.lit[257 + len_code(best_len)] += 1;
            freq.dist[dist_code(best_dist)] += 1;
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
    (tokens, freq)
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

/// The length code of every match length (3..=258).
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
fn len_code(len: usize) -> usize {
    LEN_CODE[len] as usize
}

#[inline]
fn dist_code(d: usize) -> usize {
    if d <= 256 {
        DIST_CODE[d] as usize
    } else {
        DIST_CODE[256 + ((d - 1) >> 7)] as usize
    }
}

/// Huffman code lengths for `freq`, limited to `limit` bits.
fn lengths(freq: &[u32], limit: u8) -> Vec<u8> {
    let mut lens = vec![0u8; freq.len()];
    let used: Vec<usize> = (0..freq.len()).filter(|&i| freq[i] > 0).collect();
    match used.len() {
        0 => return lens,
        1 => {
            lens[used[0]] = 1;
            return lens;
        }
        _ => {}
    }
    // Classic Huffman with a sorted merge of two queues: leaves [0, nl),
    // internal nodes after them. A node is (weight, left, right); a
    // leaf's left is -1 - its symbol.
    let mut leaves = used.clone();
    leaves.sort_by_key(|&s| (freq[s], s));
    let mut nodes: Vec<(u64, i32, i32)> = Vec::with_capacity(2 * leaves.len());
    for &s in &leaves {
        nodes.push((freq[s] as u64, -1 - s as i32, -1));
    }
    let nl = leaves.len();
    let (mut a, mut b) = (0usize, nl);
    for _ in 0..nl - 1 {
        let mut take = |nodes: &Vec<(u64, i32, i32)>| {
            if a < nl && (b >= nodes.len() || nodes[a].0 <= nodes[b].0) {
                a += 1;
                a - 1
            } else {
                b += 1;
                b - 1
            }
        };
        let x = take(&nodes);
        let y = take(&nodes);
        nodes.push((nodes[x].0 + nodes[y].0, x as i32, y as i32));
    }
    // Depths by walking down from the root.
    let mut depth = vec![0u8; nodes.len()];
    for k in (nl..nodes.len()).rev() {
        let (_, l, r) = nodes[k];
        depth[l as usize] = depth[k] + 1;
        depth[r as usize] = depth[k] + 1;
    }
    for (k, node) in nodes.iter().enumerate().take(nl) {
        lens[(-1 - node.1) as usize] = depth[k].min(limit);
    }
    // Restore the Kraft inequality after clamping.
    let cap = 1u64 << limit;
    let mut kraft: u64 = used.iter().map(|&s| cap >> lens[s]).sum();
    while kraft > cap {
        let Some(&s) = used
            .iter()
            .filter(|&&s| lens[s] < limit)
            .max_by_key(|&&s| (lens[s], std::cmp::Reverse(freq[s])))
        else {
            break;
        };
        kraft -= cap >> (lens[s] + 1);
        lens[s] += 1;
    }
    // The Kraft sum must be exactly one (zlib refuses incomplete codes):
    // give back the slack by shortening the longest codes that fit.
    while kraft < cap {
        let Some(&s) = used
            .iter()
            .filter(|&&s| lens[s] > 1 && (cap >> lens[s]) <= cap - kraft)
            .max_by_key(|&&s| (lens[s], freq[s]))
        else {
            break;
        };
        kraft += cap >> lens[s];
        lens[s] -= 1;
    }
    lens
}

/// Canonical codes (bit-reversed for LSB-first output).
fn codes(lens: &[u8]) -> Vec<u16> {
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
    lens.iter()
        .map(|&l| {
            if l == 0 {
                return 0;
            }
            let c = next[l as usize];
            next[l as usize] += 1;
            c.reverse_bits() >> (16 - l)
        })
        .collect()
}

struct BitWriter {
    out: Vec<u8>,
    acc: u64,
    /// Bits waiting in `acc`: fewer than 32 between puts.
    n: u32,
}

impl BitWriter {
    /// Appends the low `count` bits of `bits` (at most 32).
    #[inline(always)]
    fn put(&mut self, bits: u32, count: u32) {
        self.acc |= (bits as u64) << self.n;
        self.n += count;
        if self.n >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.n -= 32;
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
}

/// The one (final) dynamic-Huffman block of `tokens`, whose symbols occur
/// as `freq` counts them (end of block aside).
fn write_block(w: &mut BitWriter, tokens: &[Token], freq: &Freq) {
    let mut lf = freq.lit;
    let mut df = freq.dist;
    lf[256] = 1;
    if df.iter().all(|&f| f == 0) {
        df[0] = 1;
    }
    let ll = lengths(&lf, 15);
    let dl = lengths(&df, 15);
    let hlit = 257.max(ll.iter().rposition(|&l| l > 0).map_or(0, |p| p + 1));
    let hdist = 1.max(dl.iter().rposition(|&l| l > 0).map_or(1, |p| p + 1));
    // Run-length code the concatenated code lengths.
    let all: Vec<u8> = ll[..hlit].iter().chain(&dl[..hdist]).copied().collect();
    let mut rle: Vec<(u8, u8)> = Vec::new(); // (symbol, extra value)
    let mut i = 0;
    while i < all.len() {
        let v = all[i];
        let mut run = 1;
        while i + run < all.len() && all[i + run] == v {
            run += 1;
        }
        if v == 0 && run >= 3 {
            let r = run.min(138);
            if r >= 11 {
                rle.push((18, (r - 11) as u8));
            } else {
                rle.push((17, (r - 3) as u8));
            }
            i += r;
        } else if v != 0 && run >= 4 {
            rle.push((v, 0));
            let r = (run - 1).min(6);
            rle.push((16, (r - 3) as u8));
            i += 1 + r;
        } else {
            rle.push((v, 0));
            i += 1;
        }
    }
    let mut cf = [0u32; 19];
    for &(s, _) in &rle {
        cf[s as usize] += 1;
    }
    // A one-symbol code-length code would be incomplete: add a dummy.
    if cf.iter().filter(|&&f| f > 0).count() < 2 {
        let spare = if cf[0] == 0 { 0 } else { 1 };
        cf[spare] = 1;
    }
    let cl = lengths(&cf, 7);
    let cc = codes(&cl);
    const ORDER: [usize; 19] = [
        16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
    ];
    let hclen = 4.max(ORDER.iter().rposition(|&s| cl[s] > 0).map_or(0, |p| p + 1));

    w.put(1, 1); // final block
    w.put(2, 2); // dynamic Huffman
    w.put((hlit - 257) as u32, 5);
    w.put((hdist - 1) as u32, 5);
    w.put((hclen - 4) as u32, 4);
    for &s in &ORDER[..hclen] {
        w.put(cl[s] as u32, 3);
    }
    for &(s, e) in &rle {
        w.put(cc[s as usize] as u32, cl[s as usize] as u32);
        match s {
            16 => w.put(e as u32, 2),
            17 => w.put(e as u32, 3),
            18 => w.put(e as u32, 7),
            _ => {}
        }
    }
    // Each match length's code with its extra bits as one put (at most 20
    // bits), and each distance's likewise (at most 28).
    let lc = codes(&ll);
    let dc = codes(&dl);
    let mut len_put = [(0u32, 0u32); MAX_MATCH + 1];
    for (len, e) in len_put.iter_mut().enumerate().skip(3) {
        let k = len_code(len);
        let sym = 257 + k;
        let extra = (len as u32 - LEN_BASE[k] as u32) << ll[sym];
        *e = (lc[sym] as u32 | extra, (ll[sym] + LEN_EXTRA[k]) as u32);
    }
    for t in tokens {
        if t.len == 0 {
            let s = t.val as usize;
            w.put(lc[s] as u32, ll[s] as u32);
        } else {
            let (bits, count) = len_put[t.len as usize];
            w.put(bits, count);
            let d = dist_code(t.val as usize);
            let extra = ((t.val - DIST_BASE[d]) as u32) << dl[d];
            w.put(dc[d] as u32 | extra, (dl[d] + DIST_EXTRA[d]) as u32);
        }
    }
    w.put(lc[256] as u32, ll[256] as u32);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn render_deflate_code_tables_agree_with_the_bases() {
        for len in 3u16..=258 {
            assert_eq!(
                len_code(len as usize),
                LEN_BASE.partition_point(|&b| b <= len) - 1,
                "length {len}"
            );
        }
        for d in 1u16..=32768 {
            assert_eq!(
                dist_code(d as usize),
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
