//! A small inflate written from RFC 1951 for the tests: a third decoder
//! beside miniz_oxide and the png crate, which also records which parts
//! of DEFLATE a stream used (block types, length and distance codes), so
//! the fuzz tests can show that every path of our encoder was taken.
#![allow(dead_code)]

/// What a stream used.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Used {
    /// Blocks by type: stored, fixed Huffman, dynamic Huffman.
    pub blocks: [usize; 3],
    /// Stored blocks of exactly 65,535 bytes.
    pub full_stored: usize,
    /// Length codes 257..=285 seen (index code - 257).
    pub len_codes: [bool; 29],
    /// Distance codes 0..=29 seen.
    pub dist_codes: [bool; 30],
    /// Longest match, farthest distance.
    pub max_len: usize,
    pub max_dist: usize,
}

impl Used {
    pub fn merge(&mut self, o: &Used) {
        for k in 0..3 {
            self.blocks[k] += o.blocks[k];
        }
        self.full_stored += o.full_stored;
        for k in 0..29 {
            self.len_codes[k] |= o.len_codes[k];
        }
        for k in 0..30 {
            self.dist_codes[k] |= o.dist_codes[k];
        }
        self.max_len = self.max_len.max(o.max_len);
        self.max_dist = self.max_dist.max(o.max_dist);
    }
}

struct Bits<'a> {
    data: &'a [u8],
    pos: usize, // bit position
}

impl Bits<'_> {
    fn bit(&mut self) -> Result<u32, String> {
        let byte = *self.data.get(self.pos / 8).ok_or("stream ends early")?;
        let b = (byte >> (self.pos % 8)) & 1;
        self.pos += 1;
        Ok(b as u32)
    }
    fn bits(&mut self, n: u32) -> Result<u32, String> {
        let mut v = 0;
        for k in 0..n {
            v |= self.bit()? << k;
        }
        Ok(v)
    }
    fn align(&mut self) {
        self.pos = self.pos.div_ceil(8) * 8;
    }
}

/// A canonical Huffman decoder: counts per length and symbols in order.
struct Huff {
    count: [u16; 16],
    symbols: Vec<u16>,
}

impl Huff {
    fn new(lens: &[u8]) -> Result<Huff, String> {
        let mut count = [0u16; 16];
        for &l in lens {
            count[l as usize] += 1;
        }
        count[0] = 0;
        // Over-subscribed codes are an error; incomplete ones only for a
        // single code (RFC 1951 allows one distance code of one bit).
        let mut left = 1i32;
        for &c in &count[1..] {
            left = left * 2 - c as i32;
            if left < 0 {
                return Err("over-subscribed code".into());
            }
        }
        let used = count.iter().map(|&c| c as usize).sum::<usize>();
        if left > 0 && used > 1 {
            return Err("incomplete code".into());
        }
        let mut symbols = Vec::new();
        for l in 1..16u8 {
            for (s, &x) in lens.iter().enumerate() {
                if x == l {
                    symbols.push(s as u16);
                }
            }
        }
        Ok(Huff { count, symbols })
    }
    fn decode(&self, b: &mut Bits) -> Result<u16, String> {
        let (mut code, mut first, mut index) = (0i32, 0i32, 0i32);
        for len in 1..16 {
            code |= b.bit()? as i32;
            let count = self.count[len] as i32;
            if code - count < first {
                return Ok(self.symbols[(index + code - first) as usize]);
            }
            index += count;
            first = (first + count) << 1;
            code <<= 1;
        }
        Err("bad Huffman code".into())
    }
}

const LEN_BASE: [usize; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LEN_EXTRA: [u32; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const DIST_BASE: [usize; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DIST_EXTRA: [u32; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];

/// Inflate a zlib stream (header, DEFLATE blocks, Adler-32 not checked
/// here) and report what it used.
pub fn inflate_zlib(z: &[u8]) -> Result<(Vec<u8>, Used), String> {
    if z.len() < 6 || z[0] & 0x0f != 8 || !((z[0] as u16) << 8 | z[1] as u16).is_multiple_of(31) {
        return Err("bad zlib header".into());
    }
    let mut b = Bits {
        data: &z[2..z.len() - 4],
        pos: 0,
    };
    let mut out: Vec<u8> = Vec::new();
    let mut used = Used::default();
    loop {
        let last = b.bit()?;
        let kind = b.bits(2)?;
        match kind {
            0 => {
                b.align();
                let len = b.bits(16)? as usize;
                let nlen = b.bits(16)? as usize;
                if len != !nlen & 0xffff {
                    return Err("stored LEN/NLEN mismatch".into());
                }
                let start = b.pos / 8;
                let part = b.data.get(start..start + len).ok_or("stored block cut")?;
                out.extend_from_slice(part);
                b.pos += 8 * len;
                used.full_stored += (len == 65_535) as usize;
            }
            1 | 2 => {
                let (lit, dist) = if kind == 1 {
                    let mut l = [8u8; 288];
                    l[144..256].fill(9);
                    l[256..280].fill(7);
                    (Huff::new(&l)?, Huff::new(&[5u8; 30])?)
                } else {
                    let hlit = b.bits(5)? as usize + 257;
                    let hdist = b.bits(5)? as usize + 1;
                    let hclen = b.bits(4)? as usize + 4;
                    const ORDER: [usize; 19] = [
                        16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
                    ];
                    let mut cl = [0u8; 19];
                    for &s in &ORDER[..hclen] {
                        cl[s] = b.bits(3)? as u8;
                    }
                    let ch = Huff::new(&cl)?;
                    let mut lens = Vec::with_capacity(hlit + hdist);
                    while lens.len() < hlit + hdist {
                        match ch.decode(&mut b)? {
                            s @ 0..=15 => lens.push(s as u8),
                            16 => {
                                let p = *lens.last().ok_or("repeat with nothing before")?;
                                for _ in 0..3 + b.bits(2)? {
                                    lens.push(p);
                                }
                            }
                            17 => lens.extend(std::iter::repeat_n(0, 3 + b.bits(3)? as usize)),
                            _ => lens.extend(std::iter::repeat_n(0, 11 + b.bits(7)? as usize)),
                        }
                    }
                    if lens.len() != hlit + hdist {
                        return Err("code lengths overrun".into());
                    }
                    if lens[256] == 0 {
                        return Err("no end-of-block code".into());
                    }
                    (Huff::new(&lens[..hlit])?, Huff::new(&lens[hlit..])?)
                };
                loop {
                    let s = lit.decode(&mut b)? as usize;
                    if s < 256 {
                        out.push(s as u8);
                        continue;
                    }
                    if s == 256 {
                        break;
                    }
                    let k = s - 257;
                    if k >= 29 {
                        return Err("bad length code".into());
                    }
                    let len = LEN_BASE[k] + b.bits(LEN_EXTRA[k])? as usize;
                    let d = dist.decode(&mut b)? as usize;
                    if d >= 30 {
                        return Err("bad distance code".into());
                    }
                    let dd = DIST_BASE[d] + b.bits(DIST_EXTRA[d])? as usize;
                    if dd > out.len() || dd > 32_768 {
                        return Err(format!("distance {dd} beyond the data or window"));
                    }
                    used.len_codes[k] = true;
                    used.dist_codes[d] = true;
                    used.max_len = used.max_len.max(len);
                    used.max_dist = used.max_dist.max(dd);
                    for _ in 0..len {
                        out.push(out[out.len() - dd]);
                    }
                }
            }
            _ => return Err("block type 3".into()),
        }
        used.blocks[kind as usize] += 1;
        if last == 1 {
            break;
        }
    }
    if b.pos.div_ceil(8) != b.data.len() {
        return Err("bytes after the final block".into());
    }
    Ok((out, used))
}
