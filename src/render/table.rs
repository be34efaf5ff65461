//! A picture of a table (tournament standings): dark text on light rows,
//! drawn with `imageproc` in the crate's one font (see `text.rs`) and
//! written as an RGB PNG.

use super::text::{ascent, font, measure};
use image::{Rgb, RgbImage};
use imageproc::drawing::{draw_filled_rect_mut, draw_text_mut};
use imageproc::rect::Rect;

const PX: f32 = 22.0;
const TITLE_PX: f32 = 26.0;
const ROW_H: u32 = 36;
const PAD: u32 = 16;
const GAP: u32 = 24;

const BG: Rgb<u8> = Rgb([0xf7, 0xf3, 0xea]);
const STRIPE: Rgb<u8> = Rgb([0xec, 0xe6, 0xd8]);
const HEAD_BG: Rgb<u8> = Rgb([0x4a, 0x3b, 0x2a]);
const HEAD_FG: Rgb<u8> = Rgb([0xff, 0xff, 0xff]);
const FG: Rgb<u8> = Rgb([0x22, 0x1c, 0x14]);

fn text(img: &mut RgbImage, px: f32, x: f32, baseline: f32, s: &str, c: Rgb<u8>) {
    if s.is_empty() {
        return;
    }
    let top = (baseline - ascent(px)).round() as i32;
    draw_text_mut(img, c, x.round() as i32, top, px, font(), s);
}

fn fill(img: &mut RgbImage, x0: u32, y0: u32, x1: u32, y1: u32, c: Rgb<u8>) {
    if x1 > x0 && y1 > y0 {
        draw_filled_rect_mut(
            img,
            Rect::at(x0 as i32, y0 as i32).of_size(x1 - x0, y1 - y0),
            c,
        );
    }
}

/// Renders `title` above a table of `headers` and `rows` (column 1 is
/// left-aligned, the others right-aligned). Returns PNG bytes, or nothing if
/// encoding fails.
pub fn table_png<const N: usize>(
    title: &str,
    headers: &[&str; N],
    rows: &[[String; N]],
) -> Vec<u8> {
    let mut widths = [0f32; N];
    for (i, h) in headers.iter().enumerate() {
        widths[i] = measure(h, PX);
    }
    for r in rows {
        for (i, c) in r.iter().enumerate() {
            widths[i] = widths[i].max(measure(c, PX));
        }
    }
    let table_w: u32 =
        widths.iter().map(|w| w.ceil() as u32).sum::<u32>() + GAP * (N as u32).saturating_sub(1);
    let title_w = measure(title, TITLE_PX).ceil() as u32;
    let w = table_w.max(title_w) + 2 * PAD;
    let title_h = TITLE_PX as u32 + PAD;
    let h = PAD + title_h + ROW_H * (rows.len() as u32 + 1) + PAD;
    let mut img = RgbImage::from_pixel(w, h, BG);
    text(
        &mut img,
        TITLE_PX,
        PAD as f32,
        (PAD as f32) + TITLE_PX * 0.85,
        title,
        FG,
    );
    let top = PAD + title_h;
    let baseline_off = ROW_H as f32 * 0.5 + PX * 0.35;
    let draw_row = |img: &mut RgbImage, y: u32, cells: Vec<&str>, fg: Rgb<u8>| {
        let mut x = PAD as f32;
        for (i, c) in cells.iter().enumerate() {
            let cw = measure(c, PX);
            let cx = if i == 1 { x } else { x + widths[i] - cw };
            text(img, PX, cx, y as f32 + baseline_off, c, fg);
            x += widths[i].ceil() + GAP as f32;
        }
    };
    fill(&mut img, PAD / 2, top, w - PAD / 2, top + ROW_H, HEAD_BG);
    draw_row(&mut img, top, headers.to_vec(), HEAD_FG);
    for (n, r) in rows.iter().enumerate() {
        let y = top + ROW_H * (n as u32 + 1);
        if n % 2 == 1 {
            fill(&mut img, PAD / 2, y, w - PAD / 2, y + ROW_H, STRIPE);
        }
        draw_row(&mut img, y, r.iter().map(String::as_str).collect(), FG);
    }
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let Ok(mut wr) = enc.write_header() else {
            return Vec::new();
        };
        if wr.write_image_data(img.as_raw()).is_err() {
            return Vec::new();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn render_table_png_shows_text() {
        let rows = vec![
            ["1".to_string(), "alice".to_string(), "3".to_string()],
            ["2".to_string(), "bob".to_string(), "1".to_string()],
        ];
        let png = super::table_png("Spring — standings", &["#", "Player", "Pts"], &rows);
        assert!(png.starts_with(b"\x89PNG"));
        let img = image::load_from_memory_with_format(&png, image::ImageFormat::Png)
            .unwrap()
            .to_rgb8();
        assert!(img.width() > 100);
        // Text was drawn: dark pixels in the title and the rows, white ones in
        // the header.
        let dark = img
            .enumerate_pixels()
            .filter(|(_, y, p)| *y < 58 && p.0.iter().all(|&c| c < 0x60))
            .count();
        let white = img.pixels().filter(|p| p.0 == [255, 255, 255]).count();
        assert!(dark > 200, "{dark}");
        assert!(white > 50, "{white}");
    }
}
