//! Text: DejaVu Sans Bold (shipped in `assets/`, Bitstream Vera licence),
//! embedded once for the whole crate (board labels, captions, the
//! standings table). Each glyph is rasterised by ab_glyph once per size
//! and eighth of a pixel; words are made of them into coverage masks laid
//! out and blended as `imageproc::drawing::draw_text_mut` does (a test
//! holds them to it), cached per (word, size), and then put into the
//! indexed image through a 16-step colour ramp.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use image::GrayImage;
use rustc_hash::FxHashMap;
use std::sync::{Arc, OnceLock};

static FONT_BYTES: &[u8] = include_bytes!("../../assets/DejaVuSans-Bold.ttf");

/// The crate's one font.
pub(crate) fn font() -> &'static FontRef<'static> {
    static F: OnceLock<FontRef<'static>> = OnceLock::new();
    F.get_or_init(|| FontRef::try_from_slice(FONT_BYTES).expect("bundled font parses"))
}

/// Ascent (pixels above the baseline) at `px`: where `draw_text_mut`
/// puts the baseline below the `y` it is given.
pub(crate) fn ascent(px: f32) -> f32 {
    font().as_scaled(PxScale::from(px)).ascent()
}

/// `text` as drawn: without bidirectional isolation marks (the catalogue
/// puts them round every placeable; a picture lays out no bidi text, and
/// the font has no glyph for them).
fn drawn(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains(['\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}']) {
        std::borrow::Cow::Owned(text.replace(['\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}'], ""))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// Width in pixels of `text` at `px`: exactly `imageproc`'s
/// `text_size(..).0` (the sum of the glyphs' advances, kerning added
/// before each glyph that has an outline, rounded up, plus one), without
/// parsing an outline per glyph as `text_size` does: whether a glyph has
/// one is looked up once per glyph ([`outlined`]). Measuring the caption
/// every move through `text_size` was 2.6 % of a move's CPU.
pub(crate) fn measure(text: &str, px: f32) -> f32 {
    let text = drawn(text);
    if text.is_empty() {
        return 0.0;
    }
    (1 + layout(text.as_ref(), px, |_, _| {}).ceil() as u32) as f32
}

/// `imageproc`'s layout of `text` at `px` (`text_size` and `draw_text_mut`
/// both use it): each glyph with an outline is given to `each` with the
/// pen's place, the pen moves on by the glyph's advance, then by the
/// kerning with the glyph with an outline before it (in `imageproc`'s
/// order of the pair). Returns where the pen ends.
fn layout(text: &str, px: f32, mut each: impl FnMut(ab_glyph::GlyphId, f32)) -> f32 {
    let f = font().as_scaled(PxScale::from(px));
    let mut pen = 0.0f32;
    let mut prev = None;
    for c in text.chars() {
        let g = f.glyph_id(c);
        let at = pen;
        pen += f.h_advance(g);
        if !outlined(g) {
            continue;
        }
        if let Some(p) = prev {
            pen += f.kern(g, p);
        }
        prev = Some(g);
        each(g, at);
    }
    pen
}

/// Whether glyph `g` of the font has an outline (a space has none),
/// worked out once per glyph for the life of the process.
fn outlined(g: ab_glyph::GlyphId) -> bool {
    use std::sync::atomic::{AtomicU8, Ordering};
    static KNOWN: OnceLock<Vec<AtomicU8>> = OnceLock::new();
    let known = KNOWN.get_or_init(|| {
        (0..font().glyph_count())
            .map(|_| AtomicU8::new(0))
            .collect()
    });
    let Some(slot) = known.get(g.0 as usize) else {
        return font().outline(g).is_some();
    };
    match slot.load(Ordering::Relaxed) {
        1 => false,
        2 => true,
        _ => {
            let has = font().outline(g).is_some();
            slot.store(1 + has as u8, Ordering::Relaxed);
            has
        }
    }
}

/// Height of capitals above the baseline at `px`.
pub(crate) fn cap_height(px: f32) -> f32 {
    let f = font();
    let g = f.glyph_id('H').with_scale(PxScale::from(px));
    f.outline_glyph(g)
        .map(|o| o.px_bounds().height())
        .unwrap_or(px * 0.73)
}

/// Cache of drawn strings: coverage masks, and the glyphs they are made of
/// (a fast hash: a caption looks up each of its glyphs).
#[derive(Default)]
pub(crate) struct Texts {
    map: FxHashMap<(String, u32), Arc<GrayImage>>,
    glyphs: FxHashMap<(u16, u32, u8), GlyphMask>,
}

/// Steps of a pixel a glyph's horizontal place is rounded to: a glyph is
/// rasterised once per size and step, not once per word it is in.
const STEPS: f32 = 8.0;

/// One glyph's coverage at one size, placed `step / STEPS` of a pixel to
/// the right of a whole pixel and on the ascent line (as `draw_text_mut`
/// places it): `cov` is `w` wide, its top left corner at (`dx`, `dy`) from
/// that whole pixel and the top of the line.
struct GlyphMask {
    dx: i32,
    dy: i32,
    w: usize,
    cov: Vec<f32>,
}

impl GlyphMask {
    fn draw(g: ab_glyph::GlyphId, px: u32, step: u8) -> GlyphMask {
        let scale = PxScale::from(px as f32);
        let f = font();
        let at = ab_glyph::point(step as f32 / STEPS, f.as_scaled(scale).ascent());
        let Some(o) = f.outline_glyph(g.with_scale_and_position(scale, at)) else {
            return GlyphMask {
                dx: 0,
                dy: 0,
                w: 0,
                cov: Vec::new(),
            };
        };
        let bb = o.px_bounds();
        let (w, h) = (bb.width() as usize, bb.height() as usize);
        let mut cov = vec![0f32; w * h];
        o.draw(|x, y, v| {
            if (x as usize) < w && (y as usize) < h {
                cov[y as usize * w + x as usize] = v;
            }
        });
        GlyphMask {
            dx: bb.min.x.round() as i32,
            dy: bb.min.y.round() as i32,
            w,
            cov,
        }
    }
}

impl Texts {
    /// The coverage mask of `text` at `px` (top = ascent line), drawn
    /// [`PAD`] pixels in from its left edge (a glyph may reach left of
    /// its pen position).
    pub fn mask(&mut self, text: &str, px: u32) -> Arc<GrayImage> {
        let drawn = drawn(text);
        let text: &str = &drawn;
        if let Some(m) = self.map.get(&(text.to_string(), px)) {
            return m.clone();
        }
        if self.map.len() >= 512 {
            self.map.clear();
        }
        let m = Arc::new(self.word(text, px));
        self.map.insert((text.to_string(), px), m.clone());
        m
    }

    /// `text` drawn as `draw_text_mut` draws it in white on black (the
    /// same size, the glyphs laid out the same way and blended the same
    /// way), but from glyphs rasterised once each ([`GlyphMask`]), each
    /// placed to the nearest [`STEPS`]th of a pixel instead of exactly.
    fn word(&mut self, text: &str, px: u32) -> GrayImage {
        // Laid out once: the glyphs and their places, and the width
        // (`measure`'s: `text_size`'s) from where the pen ends.
        let mut placed = Vec::new();
        let end = layout(text, px as f32, |g, at| placed.push((g, at)));
        let w = if text.is_empty() {
            0
        } else {
            1 + end.ceil() as u32
        };
        let h = font().as_scaled(PxScale::from(px as f32)).height().ceil() as u32 + px / 3;
        let mut img = GrayImage::new(w.max(1) + PAD as u32, h.max(1));
        let (iw, ih) = (img.width() as i32, img.height() as i32);
        if self.glyphs.len() >= 4096 {
            self.glyphs.clear();
        }
        for (g, at) in placed {
            let mut whole = at.floor() as i32;
            let mut step = ((at - at.floor()) * STEPS).round() as u8;
            if step as f32 >= STEPS {
                whole += 1;
                step = 0;
            }
            let m = self
                .glyphs
                .entry((g.0, px, step))
                .or_insert_with(|| GlyphMask::draw(g, px, step));
            let (x0, y0) = (PAD + whole + m.dx, m.dy);
            for (gy, row) in m.cov.chunks_exact(m.w.max(1)).enumerate() {
                let y = y0 + gy as i32;
                if !(0..ih).contains(&y) {
                    continue;
                }
                for (gx, &v) in row.iter().enumerate() {
                    let x = x0 + gx as i32;
                    if v <= 0.0 || !(0..iw).contains(&x) {
                        continue;
                    }
                    let v = v.min(1.0);
                    let p = img.get_pixel_mut(x as u32, y as u32);
                    // `weighted_sum`, and `Clamp` to u8 (truncating).
                    let b = p.0[0] as f32 * (1.0 - v) + 255.0 * v;
                    p.0[0] = if b >= 255.0 {
                        255
                    } else if b > 0.0 {
                        b as u8
                    } else {
                        0
                    };
                }
            }
        }
        img
    }

    /// Put `text` into `buf` (row stride `stride`), left edge at `x`,
    /// baseline at `baseline`; coverage level k (0..16) maps to `ramp[k]`.
    /// Pixels outside `clip` (x0, y0, x1, y1) are left alone.
    ///
    /// Word by word: each word's mask is cached on its own and put where
    /// the line's layout (advances and kerning) puts it, rounded to the
    /// pixel. A caption that changes with every move ("Move 12 · bob to
    /// play") then draws only its new words: rasterising whole new lines
    /// was a tenth of a move's CPU.
    #[allow(clippy::too_many_arguments)]
    pub fn draw(
        &mut self,
        buf: &mut [u8],
        stride: usize,
        clip: (i32, i32, i32, i32),
        x: f32,
        baseline: i32,
        text: &str,
        px: u32,
        ramp: &[u8; 16],
    ) {
        let text = drawn(text);
        let y0 = baseline - ascent(px as f32).round() as i32;
        for (word, at) in words(&text, px as f32) {
            let m = self.mask(word, px);
            put(
                &m,
                buf,
                stride,
                clip,
                (x + at).round() as i32 - PAD,
                y0,
                ramp,
            );
        }
    }
}

/// Pixels left of a mask's pen start (see [`Texts::mask`]).
const PAD: i32 = 2;

/// The words of `text` (split at spaces) and where each starts, in pixels
/// from the start of the line at `px`, as `draw_text_mut` lays out the
/// whole line: each glyph's advance, and the kerning between neighbours.
fn words(text: &str, px: f32) -> Vec<(&str, f32)> {
    let f = font().as_scaled(PxScale::from(px));
    let mut out = Vec::new();
    let mut pen = 0.0f32;
    let mut last = None;
    let mut start: Option<(usize, f32)> = None;
    for (i, ch) in text.char_indices() {
        let g = f.glyph_id(ch);
        if let Some(l) = last {
            pen += f.kern(l, g);
        }
        if ch == ' ' {
            if let Some((s, at)) = start.take() {
                out.push((&text[s..i], at));
            }
        } else if start.is_none() {
            start = Some((i, pen));
        }
        pen += f.h_advance(g);
        last = Some(g);
    }
    if let Some((s, at)) = start {
        out.push((&text[s..], at));
    }
    out
}

/// Put mask `m` into `buf` with its top left corner at (`x0`, `y0`).
fn put(
    m: &GrayImage,
    buf: &mut [u8],
    stride: usize,
    clip: (i32, i32, i32, i32),
    x0: i32,
    y0: i32,
    ramp: &[u8; 16],
) {
    // Coverage to ramp level: round(cv * 15 / 255); level 0 leaves the
    // pixel as it is.
    const LEVEL: [u8; 256] = {
        let mut t = [0u8; 256];
        let mut cv = 0;
        while cv < 256 {
            t[cv] = ((cv as u32 * 15 + 127) / 255) as u8;
            cv += 1;
        }
        t
    };
    let w = m.width() as i32;
    // The mask's columns inside the clip, worked out once.
    let (xs, xe) = ((clip.0 - x0).clamp(0, w), (clip.2 - x0).clamp(0, w));
    if xs >= xe {
        return;
    }
    for (yy, row) in m.as_raw().chunks_exact(w as usize).enumerate() {
        let py = y0 + yy as i32;
        if py < clip.1 || py >= clip.3 {
            continue;
        }
        let at = py as usize * stride + (x0 + xs) as usize;
        let dst = &mut buf[at..at + (xe - xs) as usize];
        for (d, &cv) in dst.iter_mut().zip(&row[xs as usize..xe as usize]) {
            let level = LEVEL[cv as usize];
            if level > 0 {
                *d = ramp[level as usize];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Luma;
    use imageproc::drawing::{draw_text_mut, text_size};

    /// The cached measure is `text_size`'s width, to the pixel.
    #[test]
    fn render_measure_is_text_size() {
        for text in [
            "Move 12 · bob to play",
            "Symudiad 12 · tro Bob",
            "AV To Ty Wo LT",
            "  two  spaces  ",
            " ",
            "a",
            "ŵŷ âêîôû ‘quoted’ — dash",
            "\u{1F600} emoji and \u{E000} private",
            "Hall\u{2068}x\u{2069}",
        ] {
            for px in [10.0, 13.0, 19.5, 24.0, 28.0] {
                let want = text_size(PxScale::from(px), font(), &drawn(text)).0 as f32;
                assert_eq!(measure(text, px), want, "{text:?} at {px}");
            }
        }
        assert_eq!(measure("", 20.0), 0.0);
    }

    /// A word made of cached glyphs is the word `draw_text_mut` draws, to
    /// within the eighth of a pixel each glyph's place is rounded to.
    #[test]
    fn render_words_from_glyphs_look_as_drawn_whole() {
        let mut t = Texts::default();
        for text in [
            "Move", "12", "·", "bob", "Symudiad", "ŵŷ", "AVAWAY", "p1234", "…",
        ] {
            for px in [13u32, 19, 24, 28] {
                let ours = t.word(text, px);
                let (w, h) = text_size(PxScale::from(px as f32), font(), text);
                let mut want = GrayImage::new(w.max(1) + PAD as u32, (h + px / 3).max(1));
                draw_text_mut(
                    &mut want,
                    Luma([255]),
                    PAD,
                    0,
                    PxScale::from(px as f32),
                    font(),
                    text,
                );
                assert_eq!(ours.dimensions(), want.dimensions(), "{text:?} at {px}");
                let diffs: Vec<i32> = ours
                    .as_raw()
                    .iter()
                    .zip(want.as_raw())
                    .map(|(&a, &b)| (a as i32 - b as i32).abs())
                    .collect();
                let ink: i32 = want.as_raw().iter().map(|&b| b as i32).sum();
                let off: i32 = diffs.iter().sum();
                // Each glyph moves by at most a sixteenth of a pixel: its
                // edges' coverage changes by about as much.
                assert!(off * 8 <= ink, "{text:?} at {px}: {off} of {ink}");
                assert!(diffs.iter().all(|&d| d <= 48), "{text:?} at {px}");
            }
        }
    }
}
