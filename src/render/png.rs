//! PNG encoding with text chunks: the picture's scanlines compressed
//! whole by the module's own DEFLATE (`deflate.rs`), the chunks
//! written by the `png` crate.

use super::{deflate, BoardView, IndexedImage, Layout, RenderError, Renderer, Theme};

impl Renderer {
    /// Render `view` to PNG bytes (8-bit indexed colour), with text chunks
    /// `(keyword, value)`: tEXt for short Latin-1 text, zTXt for long
    /// Latin-1 text, iTXt for anything else. Read them back with
    /// [`read_text_chunks`].
    pub fn png(
        &self,
        view: &BoardView,
        theme: &Theme,
        text_chunks: &[(&str, &str)],
    ) -> Result<Vec<u8>, RenderError> {
        let (w, h) = view.dims();
        self.png_with_layout(view, theme, Layout::for_board(w, h), text_chunks)
    }

    /// [`Renderer::png`] with an explicit layout (e.g. [`Layout::for_phone`]).
    pub fn png_with_layout(
        &self,
        view: &BoardView,
        theme: &Theme,
        layout: Layout,
        text_chunks: &[(&str, &str)],
    ) -> Result<Vec<u8>, RenderError> {
        encode_png(&self.indexed_with(view, theme, layout), text_chunks)
    }
}

/// Latin-1 text longer than this goes into a compressed zTXt chunk (a
/// game record with its headers is 300-2,000 bytes and compresses to
/// about half; shorter text is not worth the zlib overhead).
const ZTXT_OVER: usize = 256;

pub(super) fn latin1(s: &str) -> bool {
    s.chars().all(|c| (c as u32) < 256)
}

pub(super) fn valid_keyword(k: &str) -> bool {
    (1..=79).contains(&k.chars().count())
        && latin1(k)
        && !k.starts_with(' ')
        && !k.ends_with(' ')
        && !k.contains("  ")
        && k.chars().all(|c| c != '\0')
}

/// Encode an indexed image as an 8-bit palette PNG with text chunks.
pub fn encode_png(
    img: &IndexedImage,
    text_chunks: &[(&str, &str)],
) -> Result<Vec<u8>, RenderError> {
    let err = |e: ::png::EncodingError| RenderError::Encode(e.to_string());
    let mut out = Vec::with_capacity(32 * 1024);
    {
        let mut enc = ::png::Encoder::new(&mut out, img.width, img.height);
        enc.set_color(::png::ColorType::Indexed);
        enc.set_depth(::png::BitDepth::Eight);
        enc.set_palette(img.palette.concat());
        // Long Latin-1 text: zTXt chunks, compressed below with our own
        // compressor (the png crate's would set up a zlib compressor of
        // 300 KB for every picture).
        let mut ztxt = Vec::new();
        for &(k, v) in text_chunks {
            if !valid_keyword(k) {
                return Err(RenderError::BadKeyword(k.to_string()));
            }
            let r = if !latin1(v) {
                enc.add_itxt_chunk(k.to_string(), v.to_string())
            } else if v.len() > ZTXT_OVER {
                ztxt.push((k, v));
                Ok(())
            } else {
                enc.add_text_chunk(k.to_string(), v.to_string())
            };
            r.map_err(err)?;
        }
        let mut w = enc.write_header().map_err(err)?;
        for (k, v) in ztxt {
            // Keyword, a null, compression method 0 (zlib), the zlib stream;
            // both texts Latin-1, one byte a character (checked above).
            let mut data: Vec<u8> = k.chars().map(|c| c as u8).collect();
            data.extend_from_slice(&[0, 0]);
            let text: Vec<u8> = v.chars().map(|c| c as u8).collect();
            data.extend_from_slice(&deflate::zlib(&text, 1));
            w.write_chunk(::png::chunk::zTXt, &data).map_err(err)?;
        }
        // The scanlines with filter type 0 (none), which suits palette
        // images (a copied sprite stays the same bytes), then compressed.
        let width = img.width as usize;
        let mut raw = Vec::with_capacity(img.pixels.len() + img.height as usize);
        for row in img.pixels.chunks_exact(width.max(1)) {
            raw.push(0);
            raw.extend_from_slice(row);
        }
        let z = deflate::zlib(&raw, width + 1);
        for part in z.chunks(1 << 20) {
            w.write_chunk(::png::chunk::IDAT, part).map_err(err)?;
        }
        w.finish().map_err(err)?;
    }
    Ok(out)
}

/// Our zlib compressor (the PNG IDAT stream): `row` is the distance to
/// "the same byte one row up" (for a PNG, width + 1); any value works for
/// arbitrary data. Public so the tests can check it against independent
/// decoders.
pub fn zlib(data: &[u8], row: usize) -> Vec<u8> {
    deflate::zlib(data, row)
}

/// [`zlib`] without the stored-block fallback: always one dynamic-Huffman
/// block, even for noise (for the tests of the Huffman coder).
#[doc(hidden)]
pub fn zlib_huffman_only(data: &[u8], row: usize) -> Vec<u8> {
    deflate::zlib_with(data, row, false)
}

/// All tEXt, zTXt and iTXt chunks of a PNG, in file order per kind
/// (tEXt, then zTXt, then iTXt), as `(keyword, text)`. Chunks anywhere in
/// the file are found. Returns an empty list for bytes that are not a PNG.
pub fn read_text_chunks(bytes: &[u8]) -> Vec<(String, String)> {
    let mut dec = ::png::Decoder::new(std::io::Cursor::new(bytes));
    dec.set_ignore_text_chunk(false);
    let Ok(mut reader) = dec.read_info() else {
        return Vec::new();
    };
    // Decode the image too so chunks after IDAT are seen.
    if let Some(n) = reader.output_buffer_size() {
        let mut buf = vec![0; n];
        if reader.next_frame(&mut buf).is_ok() {
            let _ = reader.finish();
        }
    }
    let info = reader.info();
    let mut out = Vec::new();
    for t in &info.uncompressed_latin1_text {
        out.push((t.keyword.clone(), t.text.clone()));
    }
    for t in &info.compressed_latin1_text {
        if let Ok(s) = t.get_text() {
            out.push((t.keyword.clone(), s));
        }
    }
    for t in &info.utf8_text {
        if let Ok(s) = t.get_text() {
            out.push((t.keyword.clone(), s));
        }
    }
    out
}

/// PNG of `view` in the light theme, with text chunks, via the shared renderer.
pub fn png_with_text(view: &BoardView, chunks: &[(&str, &str)]) -> Result<Vec<u8>, RenderError> {
    Renderer::global().png(view, &Theme::light(), chunks)
}
