//! A picture of a table (tournament standings): dark text on light rows,
//! in the crate's one font (`text.rs`: strings drawn by `imageproc` into
//! coverage masks, the same code as the board labels and captions), put
//! into an indexed image through 8-shade ramps and written by our own PNG
//! encoder like the boards.

use super::png::encode_png;
use super::renderer::ramp_colours;
use super::text::{measure, Texts};
use super::theme::Rgb;
use super::IndexedImage;

const PX: u32 = 22;
const TITLE_PX: u32 = 26;
const ROW_H: u32 = 36;
const PAD: u32 = 16;
const GAP: u32 = 24;

const BG: Rgb = [0xf7, 0xf3, 0xea];
const STRIPE: Rgb = [0xec, 0xe6, 0xd8];
const HEAD_BG: Rgb = [0x4a, 0x3b, 0x2a];
const HEAD_FG: Rgb = [0xff, 0xff, 0xff];
const FG: Rgb = [0x22, 0x1c, 0x14];

/// The table's palette: three backgrounds, each with a ramp of 8 shades
/// to its text colour (anti-aliased text quantised to 8 levels), shared
/// entries merged.
struct Palette {
    colours: Vec<Rgb>,
}

impl Palette {
    fn index(&mut self, c: Rgb) -> u8 {
        match self.colours.iter().position(|&p| p == c) {
            Some(i) => i as u8,
            None => {
                self.colours.push(c);
                (self.colours.len() - 1) as u8
            }
        }
    }

    /// Palette indices of the 16 coverage levels from `bg` to `fg`.
    fn ramp(&mut self, bg: Rgb, fg: Rgb) -> [u8; 16] {
        ramp_colours(bg, fg).map(|c| self.index(c))
    }
}

/// Renders `title` above a table of `headers` and `rows` (column 1 is
/// left-aligned, the others right-aligned) as an 8-bit indexed PNG.
/// Returns the PNG bytes, or nothing if encoding fails.
pub fn table_png<const N: usize>(
    title: &str,
    headers: &[&str; N],
    rows: &[[String; N]],
) -> Vec<u8> {
    let rows: Vec<Vec<String>> = rows.iter().map(|r| r.to_vec()).collect();
    table_png_rows(title, headers, &rows)
}

/// [`table_png`] with any number of columns (a crosstable has one per
/// player): every row has `headers.len()` cells (missing ones are blank).
pub fn table_png_rows(title: &str, headers: &[&str], rows: &[Vec<String>]) -> Vec<u8> {
    let n = headers.len();
    let rows: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            let mut r = r.clone();
            r.resize(n, String::new());
            r
        })
        .collect();
    let (px, title_px) = (PX as f32, TITLE_PX as f32);
    let mut widths = vec![0f32; n];
    for (i, h) in headers.iter().enumerate() {
        widths[i] = measure(h, px);
    }
    for r in &rows {
        for (i, c) in r.iter().enumerate() {
            widths[i] = widths[i].max(measure(c, px));
        }
    }
    let table_w: u32 =
        widths.iter().map(|w| w.ceil() as u32).sum::<u32>() + GAP * (n as u32).saturating_sub(1);
    let title_w = measure(title, title_px).ceil() as u32;
    let w = table_w.max(title_w) + 2 * PAD;
    let title_h = TITLE_PX + PAD;
    let h = PAD + title_h + ROW_H * (rows.len() as u32 + 1) + PAD;

    let mut pal = Palette {
        colours: Vec::with_capacity(24),
    };
    let bg_ramp = pal.ramp(BG, FG);
    let stripe_ramp = pal.ramp(STRIPE, FG);
    let head_ramp = pal.ramp(HEAD_BG, HEAD_FG);
    let (wu, hu) = (w as usize, h as usize);
    let mut buf = vec![bg_ramp[0]; wu * hu];
    let mut texts = Texts::default();
    let full = (0, 0, w as i32, h as i32);
    let title_base = (PAD as f32 + title_px * 0.85).round() as i32;
    if !title.is_empty() {
        texts.draw(
            &mut buf, wu, full, PAD as f32, title_base, title, TITLE_PX, &bg_ramp,
        );
    }
    let top = PAD + title_h;
    let baseline_off = ROW_H as f32 * 0.5 + px * 0.35;
    let (x0, x1) = (PAD / 2, w - PAD / 2);
    let mut row = |buf: &mut Vec<u8>, y: u32, cells: &[&str], ramp: &[u8; 16]| {
        if ramp[0] != bg_ramp[0] {
            for line in buf[y as usize * wu..(y + ROW_H) as usize * wu].chunks_exact_mut(wu) {
                line[x0 as usize..x1 as usize].fill(ramp[0]);
            }
        }
        let clip = (x0 as i32, y as i32, x1 as i32, (y + ROW_H) as i32);
        let base = (y as f32 + baseline_off).round() as i32;
        let mut x = PAD as f32;
        for (i, c) in cells.iter().enumerate() {
            if !c.is_empty() {
                let cw = measure(c, px);
                let cx = if i == 1 { x } else { x + widths[i] - cw };
                texts.draw(buf, wu, clip, cx, base, c, PX, ramp);
            }
            x += widths[i].ceil() + GAP as f32;
        }
    };
    row(&mut buf, top, headers, &head_ramp);
    for (n, r) in rows.iter().enumerate() {
        let y = top + ROW_H * (n as u32 + 1);
        let ramp = if n % 2 == 1 { &stripe_ramp } else { &bg_ramp };
        let cells: Vec<&str> = r.iter().map(String::as_str).collect();
        row(&mut buf, y, &cells, ramp);
    }
    let img = IndexedImage {
        width: w,
        height: h,
        palette: pal.colours,
        pixels: buf,
    };
    encode_png(&img, &[]).unwrap_or_default()
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
        let dec = ::png::Decoder::new(std::io::Cursor::new(&png[..]));
        let info = dec.read_info().unwrap();
        assert_eq!(info.info().color_type, ::png::ColorType::Indexed);
        let colours = info.info().palette.as_ref().unwrap().len() / 3;
        assert!((10..=24).contains(&colours), "{colours} colours");
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
