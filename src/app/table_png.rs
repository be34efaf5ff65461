//! A picture of a table (tournament standings): dark text on light rows,
//! in the project's font (DejaVu Sans Bold, `assets/`), as an RGB PNG.

use ab_glyph::{point, Font, FontRef, PxScale, ScaleFont};

static FONT_BYTES: &[u8] = include_bytes!("../../assets/DejaVuSans-Bold.ttf");

const PX: f32 = 22.0;
const TITLE_PX: f32 = 26.0;
const ROW_H: u32 = 36;
const PAD: u32 = 16;
const GAP: u32 = 24;

const BG: [u8; 3] = [0xf7, 0xf3, 0xea];
const STRIPE: [u8; 3] = [0xec, 0xe6, 0xd8];
const HEAD_BG: [u8; 3] = [0x4a, 0x3b, 0x2a];
const HEAD_FG: [u8; 3] = [0xff, 0xff, 0xff];
const FG: [u8; 3] = [0x22, 0x1c, 0x14];

struct Canvas {
    w: u32,
    h: u32,
    px: Vec<u8>,
}

impl Canvas {
    fn fill(&mut self, x0: u32, y0: u32, x1: u32, y1: u32, c: [u8; 3]) {
        for y in y0..y1.min(self.h) {
            for x in x0..x1.min(self.w) {
                let i = ((y * self.w + x) * 3) as usize;
                self.px[i..i + 3].copy_from_slice(&c);
            }
        }
    }

    fn text(&mut self, font: &FontRef<'_>, px: f32, x: f32, baseline: f32, s: &str, c: [u8; 3]) {
        let sf = font.as_scaled(PxScale::from(px));
        let mut pen = x;
        let mut prev = None;
        for ch in s.chars() {
            let id = sf.glyph_id(ch);
            if let Some(p) = prev {
                pen += sf.kern(p, id);
            }
            prev = Some(id);
            let g = id.with_scale_and_position(PxScale::from(px), point(pen, baseline));
            if let Some(og) = font.outline_glyph(g) {
                let b = og.px_bounds();
                let (w, h) = (self.w as i32, self.h as i32);
                let px_buf = &mut self.px;
                og.draw(|gx, gy, cov| {
                    let x = b.min.x as i32 + gx as i32;
                    let y = b.min.y as i32 + gy as i32;
                    if x < 0 || y < 0 || x >= w || y >= h {
                        return;
                    }
                    let i = ((y * w + x) * 3) as usize;
                    for k in 0..3 {
                        let bg = px_buf[i + k] as f32;
                        px_buf[i + k] = (bg + (c[k] as f32 - bg) * cov.min(1.0)).round() as u8;
                    }
                });
            }
            pen += sf.h_advance(id);
        }
    }
}

fn measure(font: &FontRef<'_>, px: f32, s: &str) -> f32 {
    let sf = font.as_scaled(PxScale::from(px));
    s.chars().map(|c| sf.h_advance(sf.glyph_id(c))).sum()
}

/// Renders `title` above a table of `headers` and `rows` (column 1 is
/// left-aligned, the others right-aligned). Returns PNG bytes, or nothing if
/// encoding fails.
pub(crate) fn render<const N: usize>(
    title: &str,
    headers: &[&str; N],
    rows: &[[String; N]],
) -> Vec<u8> {
    let Ok(font) = FontRef::try_from_slice(FONT_BYTES) else {
        return Vec::new();
    };
    let mut widths = [0f32; N];
    for (i, h) in headers.iter().enumerate() {
        widths[i] = measure(&font, PX, h);
    }
    for r in rows {
        for (i, c) in r.iter().enumerate() {
            widths[i] = widths[i].max(measure(&font, PX, c));
        }
    }
    let table_w: u32 = widths.iter().map(|w| w.ceil() as u32).sum::<u32>() + GAP * (N as u32 - 1);
    let title_w = measure(&font, TITLE_PX, title).ceil() as u32;
    let w = table_w.max(title_w) + 2 * PAD;
    let title_h = TITLE_PX as u32 + PAD;
    let h = PAD + title_h + ROW_H * (rows.len() as u32 + 1) + PAD;
    let mut cv = Canvas {
        w,
        h,
        px: vec![0; (w * h * 3) as usize],
    };
    cv.fill(0, 0, w, h, BG);
    cv.text(
        &font,
        TITLE_PX,
        PAD as f32,
        (PAD as f32) + TITLE_PX * 0.85,
        title,
        FG,
    );
    let top = PAD + title_h;
    let baseline_off = ROW_H as f32 * 0.5 + PX * 0.35;
    let draw_row = |cv: &mut Canvas, y: u32, cells: Vec<&str>, fg: [u8; 3]| {
        let mut x = PAD as f32;
        for (i, c) in cells.iter().enumerate() {
            let cw = measure(&font, PX, c);
            let cx = if i == 1 { x } else { x + widths[i] - cw };
            cv.text(&font, PX, cx, y as f32 + baseline_off, c, fg);
            x += widths[i].ceil() + GAP as f32;
        }
    };
    cv.fill(PAD / 2, top, w - PAD / 2, top + ROW_H, HEAD_BG);
    draw_row(&mut cv, top, headers.to_vec(), HEAD_FG);
    for (n, r) in rows.iter().enumerate() {
        let y = top + ROW_H * (n as u32 + 1);
        if n % 2 == 1 {
            cv.fill(PAD / 2, y, w - PAD / 2, y + ROW_H, STRIPE);
        }
        draw_row(&mut cv, y, r.iter().map(String::as_str).collect(), FG);
    }
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let Ok(mut wr) = enc.write_header() else {
            return Vec::new();
        };
        if wr.write_image_data(&cv.px).is_err() {
            return Vec::new();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn renders_a_png() {
        let rows = vec![["1".to_string(), "alice".to_string(), "3".to_string()]];
        let png = super::render("Spring — standings", &["#", "Player", "Pts"], &rows);
        assert!(png.starts_with(b"\x89PNG"));
        let dec = png::Decoder::new(std::io::Cursor::new(&png));
        let reader = dec.read_info().unwrap();
        assert!(reader.info().width > 100);
    }
}
