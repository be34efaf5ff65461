//! Independent checks of our PNG encoder and DEFLATE: the `png` crate's
//! decoder and `miniz_oxide`'s inflate, byte-exact.
#![allow(dead_code)]

use tawlbot::render::IndexedImage;

/// Adler-32 written out plainly (independent of simd-adler32).
pub fn adler32_plain(data: &[u8]) -> u32 {
    let (mut a, mut b) = (1u64, 0u64);
    for &x in data {
        a = (a + x as u64) % 65521;
        b = (b + a) % 65521;
    }
    ((b << 16) | a) as u32
}

/// Inflate a zlib stream with miniz_oxide and check it against `data`,
/// and its trailer against a plain Adler-32.
pub fn check_zlib(z: &[u8], data: &[u8], what: &str) {
    check_zlib_adler(z, data, adler32_plain(data), what);
}

/// [`check_zlib`] with the Adler-32 of `data` given (the fuzz tests keep
/// the running sums of their streams, one value per prefix length).
pub fn check_zlib_adler(z: &[u8], data: &[u8], adler: u32, what: &str) {
    check_zlib_adler_any_size(z, data, adler, what);
    // Never larger than stored blocks: 5 bytes per 65,535 (at least one
    // block), plus the 2-byte header and the 4-byte trailer.
    let stored = data.len() + 5 * data.len().div_ceil(65_535).max(1);
    assert!(z.len() <= 6 + stored, "{what}: {} bytes", z.len());
}

/// [`check_zlib_adler`] without the size bound.
pub fn check_zlib_adler_any_size(z: &[u8], data: &[u8], adler: u32, what: &str) {
    let back = miniz_oxide::inflate::decompress_to_vec_zlib(z)
        .unwrap_or_else(|e| panic!("{what}: miniz_oxide refuses the stream: {e:?}"));
    assert!(back == data, "{what}: inflated bytes differ");
    assert!(z.len() >= 6, "{what}: too short");
    let trailer = u32::from_be_bytes(z[z.len() - 4..].try_into().unwrap());
    assert_eq!(trailer, adler, "{what}: Adler-32");
    assert_eq!(
        ((z[0] as u16) << 8 | z[1] as u16) % 31,
        0,
        "{what}: zlib header"
    );
}

/// The concatenated IDAT payload of a PNG (chunks walked by hand).
pub fn idat(png: &[u8]) -> Vec<u8> {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let mut i = 8;
    let mut out = Vec::new();
    while i + 12 <= png.len() {
        let len = u32::from_be_bytes(png[i..i + 4].try_into().unwrap()) as usize;
        let kind = &png[i + 4..i + 8];
        if kind == b"IDAT" {
            out.extend_from_slice(&png[i + 8..i + 8 + len]);
        }
        i += 12 + len;
    }
    assert_eq!(i, png.len(), "chunks end at the end of the file");
    out
}

/// Decode `png` with the `png` crate (no transformations: palette indices
/// as stored) and with miniz_oxide (raw scanlines), and check both against
/// `img` byte for byte.
pub fn check_png(png: &[u8], img: &IndexedImage, what: &str) {
    let mut dec = png::Decoder::new(std::io::Cursor::new(png));
    dec.set_transformations(png::Transformations::IDENTITY);
    let mut r = dec.read_info().unwrap_or_else(|e| panic!("{what}: {e}"));
    let info = r.info();
    assert_eq!(info.color_type, png::ColorType::Indexed, "{what}");
    assert_eq!(info.bit_depth, png::BitDepth::Eight, "{what}");
    assert_eq!((info.width, info.height), (img.width, img.height), "{what}");
    let pal: Vec<u8> = img.palette.iter().flatten().copied().collect();
    assert_eq!(info.palette.as_deref(), Some(&pal[..]), "{what}: palette");
    let mut buf = vec![0; r.output_buffer_size().unwrap()];
    let f = r
        .next_frame(&mut buf)
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(f.line_size, img.width as usize, "{what}");
    assert!(
        buf[..f.buffer_size()] == img.pixels[..],
        "{what}: png decoder pixels differ"
    );
    r.finish().unwrap();
    let mut raw = Vec::with_capacity(img.pixels.len() + img.height as usize);
    for row in img.pixels.chunks_exact(img.width as usize) {
        raw.push(0);
        raw.extend_from_slice(row);
    }
    check_zlib(&idat(png), &raw, what);
}

/// xorshift32.
pub struct Rng(pub u32);

impl Rng {
    pub fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0
    }
    pub fn below(&mut self, n: u32) -> u32 {
        self.next() % n.max(1)
    }
}

/// A byte stream of `n` bytes of one of four kinds: uniform noise, a
/// small alphabet, runs, and copies from random distances (some beyond
/// the 32 KiB window), mixed with noise.
pub fn stream(kind: u32, n: usize, seed: u32) -> Vec<u8> {
    let mut r = Rng(seed | 1);
    let mut v = Vec::with_capacity(n);
    while v.len() < n {
        match kind % 4 {
            0 => v.push(r.next() as u8),
            1 => v.push(b"ab\0\xff"[r.below(4) as usize]),
            2 => {
                let b = r.next() as u8;
                let k = 1 + r.below(600) as usize;
                v.extend(std::iter::repeat_n(b, k));
            }
            _ => {
                if v.len() > 8 && r.below(3) > 0 {
                    let d = 1 + r.below(v.len().min(40_000) as u32) as usize;
                    let k = 3 + r.below(300) as usize;
                    for _ in 0..k {
                        let b = v[v.len() - d];
                        v.push(b);
                    }
                } else {
                    for _ in 0..1 + r.below(20) {
                        v.push(r.next() as u8);
                    }
                }
            }
        }
    }
    v.truncate(n);
    v
}

/// Row distances the compressor is tried with: tiny, a PNG-like row, the
/// window exactly, and beyond the window.
pub const ROWS: [usize; 6] = [1, 2, 101, 713, 32_768, 40_000];

/// Adler-32 of every prefix of `data`: `out[n]` is the checksum of
/// `data[..n]` (the plain running sums, computed once).
pub fn prefix_adlers(data: &[u8]) -> Vec<u32> {
    let (mut a, mut b) = (1u32, 0u32);
    let mut out = Vec::with_capacity(data.len() + 1);
    out.push(1);
    for &x in data {
        a = (a + x as u32) % 65521;
        b = (b + a) % 65521;
        out.push((b << 16) | a);
    }
    out
}

/// The four fuzz streams of `max` bytes and their prefix checksums, made
/// once per test binary.
pub fn fuzz_streams(max: usize) -> &'static [(Vec<u8>, Vec<u32>)] {
    type Streams = (usize, Vec<(Vec<u8>, Vec<u32>)>);
    static S: std::sync::OnceLock<Streams> = std::sync::OnceLock::new();
    let s = S.get_or_init(|| {
        let v = (0..4)
            .map(|k| {
                let d = stream(k, max, 0x5eed + k);
                let a = prefix_adlers(&d);
                (d, a)
            })
            .collect();
        (max, v)
    });
    assert!(s.0 >= max);
    &s.1
}

/// Compress every prefix length in `lengths` of the four stream kinds
/// (one kind and row distance per length, in turn) and inflate it with
/// miniz_oxide, byte-exact, checking the Adler-32 trailer.
pub fn check_lengths(lengths: impl Iterator<Item = usize>, max: usize) {
    let streams = fuzz_streams(max);
    for n in lengths {
        let kind = n % 4;
        let row = ROWS[n % ROWS.len()];
        let (data, adlers) = &streams[kind];
        let data = &data[..n];
        let what = format!("kind {kind}, length {n}, row {row}");
        // Noise mostly goes out as stored blocks; every other noise length
        // is forced through the Huffman coder instead.
        if kind == 0 && n % 8 == 4 {
            let z = tawlbot::render::zlib_huffman_only(data, row);
            check_zlib_adler_any_size(&z, data, adlers[n], &what);
        } else {
            let z = tawlbot::render::zlib(data, row);
            check_zlib_adler(&z, data, adlers[n], &what);
        }
    }
}
