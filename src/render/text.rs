//! Text: DejaVu Sans Bold (shipped in `assets/`, Bitstream Vera licence),
//! glyphs rasterised once per (char, pixel size) into coverage bitmaps and
//! then blended into the indexed image through a 16-step colour ramp.

use ab_glyph::{point, Font, FontRef, PxScale, ScaleFont};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

static FONT_BYTES: &[u8] = include_bytes!("../../assets/DejaVuSans-Bold.ttf");

fn font() -> &'static FontRef<'static> {
    static F: OnceLock<FontRef<'static>> = OnceLock::new();
    F.get_or_init(|| FontRef::try_from_slice(FONT_BYTES).expect("bundled font parses"))
}

/// A rasterised glyph: coverage bitmap positioned relative to the pen.
pub(crate) struct Glyph {
    pub w: usize,
    pub h: usize,
    /// Offset of the bitmap's left edge from the pen x.
    pub left: i32,
    /// Offset of the bitmap's top edge from the baseline (negative = above).
    pub top: i32,
    pub advance: f32,
    pub cov: Vec<u8>,
}

/// Cache of rasterised glyphs.
#[derive(Default)]
pub(crate) struct Glyphs {
    map: HashMap<(char, u32), Arc<Glyph>>,
}

impl Glyphs {
    pub fn get(&mut self, ch: char, px: u32) -> Arc<Glyph> {
        self.map
            .entry((ch, px))
            .or_insert_with(|| Arc::new(rasterise(ch, px)))
            .clone()
    }

    /// Width in pixels of `text` at `px`.
    pub fn measure(&mut self, text: &str, px: u32) -> f32 {
        let sf = font().as_scaled(PxScale::from(px as f32));
        let mut w = 0.0;
        let mut prev = None;
        for ch in text.chars() {
            let id = sf.glyph_id(ch);
            if let Some(p) = prev {
                w += sf.kern(p, id);
            }
            w += self.get(ch, px).advance;
            prev = Some(id);
        }
        w
    }

    /// Blend `text` into `buf` (row stride `stride`), pen starting at `x`,
    /// baseline at `baseline`; coverage level k (0..16) maps to `ramp[k]`.
    /// Pixels outside `clip` (x0, y0, x1, y1) are left alone.
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
        let sf = font().as_scaled(PxScale::from(px as f32));
        let mut pen = x;
        let mut prev = None;
        for ch in text.chars() {
            let id = sf.glyph_id(ch);
            if let Some(p) = prev {
                pen += sf.kern(p, id);
            }
            prev = Some(id);
            let g = self.get(ch, px);
            let gx = pen.round() as i32 + g.left;
            let gy = baseline + g.top;
            for yy in 0..g.h as i32 {
                let py = gy + yy;
                if py < clip.1 || py >= clip.3 {
                    continue;
                }
                for xx in 0..g.w as i32 {
                    let pxl = gx + xx;
                    if pxl < clip.0 || pxl >= clip.2 {
                        continue;
                    }
                    let cv = g.cov[yy as usize * g.w + xx as usize];
                    if cv == 0 {
                        continue;
                    }
                    let level = ((cv as u32 * 15 + 127) / 255) as usize;
                    if level > 0 {
                        buf[py as usize * stride + pxl as usize] = ramp[level];
                    }
                }
            }
            pen += g.advance;
        }
    }

    /// Ascent (pixels above the baseline) of capitals at `px`.
    pub fn cap_height(&mut self, px: u32) -> i32 {
        let g = self.get('H', px);
        -g.top
    }
}

fn rasterise(ch: char, px: u32) -> Glyph {
    let f = font();
    let scale = PxScale::from(px as f32);
    let sf = f.as_scaled(scale);
    let id = sf.glyph_id(ch);
    let advance = sf.h_advance(id);
    let glyph = id.with_scale_and_position(scale, point(0.0, 0.0));
    match f.outline_glyph(glyph) {
        Some(og) => {
            let b = og.px_bounds();
            let w = (b.max.x - b.min.x).max(0.0) as usize;
            let h = (b.max.y - b.min.y).max(0.0) as usize;
            let mut cov = vec![0u8; w * h];
            og.draw(|x, y, c| {
                let (x, y) = (x as usize, y as usize);
                if x < w && y < h {
                    cov[y * w + x] = (c.clamp(0.0, 1.0) * 255.0).round() as u8;
                }
            });
            Glyph {
                w,
                h,
                left: b.min.x as i32,
                top: b.min.y as i32,
                advance,
                cov,
            }
        }
        None => Glyph {
            w: 0,
            h: 0,
            left: 0,
            top: 0,
            advance,
            cov: Vec::new(),
        },
    }
}
