//! The `/analysis` graph: one side's winning chances over a game, as a PNG.
//! Lines and fills are drawn with `imageproc`, text with the bundled DejaVu
//! Sans Bold through `ab_glyph`.

use ab_glyph::{point, Font, FontRef, PxScale, ScaleFont};
use image::{ImageEncoder, Rgb, RgbImage};
use imageproc::drawing::{draw_filled_rect_mut, draw_line_segment_mut};
use imageproc::rect::Rect;

static FONT_BYTES: &[u8] = include_bytes!("../../assets/DejaVuSans-Bold.ttf");

const W: u32 = 900;
const H: u32 = 420;
/// The width and height of a rating-history picture ([`ratings_png`]).
pub const RATINGS_SIZE: (u32, u32) = (W, H);
const LEFT: i32 = 64;
const RIGHT: i32 = 24;
const TOP: i32 = 52;
const BOTTOM: i32 = 48;

const BG: Rgb<u8> = Rgb([250, 248, 242]);
const INK: Rgb<u8> = Rgb([40, 40, 40]);
const GRID: Rgb<u8> = Rgb([214, 210, 200]);
const ABOVE: Rgb<u8> = Rgb([178, 206, 232]);
const BELOW: Rgb<u8> = Rgb([236, 196, 180]);
const LINE: Rgb<u8> = Rgb([24, 70, 140]);
const MARK: Rgb<u8> = Rgb([190, 40, 30]);

fn font() -> FontRef<'static> {
    FontRef::try_from_slice(FONT_BYTES).expect("bundled font parses")
}

fn text(img: &mut RgbImage, x: i32, baseline: i32, px: f32, s: &str, colour: Rgb<u8>) {
    let f = font();
    let sf = f.as_scaled(PxScale::from(px));
    let mut pen = x as f32;
    // A picture lays out no bidirectional text: the isolation marks round
    // a name written right to left are not drawn (the font has no glyph).
    for ch in s
        .chars()
        .filter(|c| !crate::i18n::ISOLATION_MARKS.contains(c))
    {
        let g = sf.scaled_glyph(ch);
        let adv = sf.h_advance(g.id);
        let g = ab_glyph::Glyph {
            position: point(pen, baseline as f32),
            ..g
        };
        if let Some(o) = f.outline_glyph(g) {
            let b = o.px_bounds();
            o.draw(|gx, gy, c| {
                let (x, y) = (b.min.x as i32 + gx as i32, b.min.y as i32 + gy as i32);
                if x >= 0 && y >= 0 && (x as u32) < img.width() && (y as u32) < img.height() {
                    let p = img.get_pixel_mut(x as u32, y as u32);
                    for k in 0..3 {
                        p.0[k] = (p.0[k] as f32 * (1.0 - c) + colour.0[k] as f32 * c).round() as u8;
                    }
                }
            });
        }
        pen += adv;
    }
}

fn text_width(px: f32, s: &str) -> f32 {
    let f = font();
    let sf = f.as_scaled(PxScale::from(px));
    s.chars()
        .filter(|c| !crate::i18n::ISOLATION_MARKS.contains(c))
        .map(|c| sf.h_advance(sf.glyph_id(c)))
        .sum()
}

/// The x axis's ticks for a game of `plies` plies: `(position, move)`,
/// move m at the position where it begins (2(m - 1)), every move or every
/// 2, 5, 10... moves so that at most about a dozen are labelled.
fn move_ticks(plies: usize) -> Vec<(usize, usize)> {
    let moves = plies / 2 + 1;
    let step = [1usize, 2, 5, 10, 20, 25, 50, 100, 200, 500]
        .into_iter()
        .find(|s| moves / s <= 12)
        .unwrap_or(1000);
    let mut out = Vec::new();
    let mut m = 1;
    while 2 * (m - 1) <= plies {
        out.push((2 * (m - 1), m));
        m += if m == 1 && step > 1 { step - 1 } else { step };
    }
    out
}

/// A PNG of `chances` (0..1, one per position: the start, then after each
/// move), titled `title`, with red marks at the positions in `marks`
/// (position indices, i.e. after move n); `axis` names the x axis, in the
/// reader's language ("move", "symudiad").
pub fn chances_png(chances: &[f64], title: &str, axis: &str, marks: &[usize]) -> Vec<u8> {
    let mut img = RgbImage::from_pixel(W, H, BG);
    let (x0, x1) = (LEFT, W as i32 - RIGHT);
    let (y0, y1) = (TOP, H as i32 - BOTTOM);
    let n = chances.len().max(2) - 1;
    let xs = |i: usize| x0 as f32 + (x1 - x0) as f32 * i as f32 / n as f32;
    let ys = |c: f64| y1 as f32 - (y1 - y0) as f32 * c.clamp(0.0, 1.0) as f32;
    // Fill between the curve and the 50 % line.
    let mid = ys(0.5);
    for x in x0..x1 {
        let t = (x - x0) as f32 / (x1 - x0) as f32 * n as f32;
        let i = (t.floor() as usize).min(chances.len().saturating_sub(1));
        let j = (i + 1).min(chances.len().saturating_sub(1));
        let (a, b) = (
            chances.get(i).copied().unwrap_or(0.5),
            chances.get(j).copied().unwrap_or(0.5),
        );
        let c = a + (b - a) * (t - i as f32) as f64;
        let y = ys(c);
        let (top, bot, col) = if y < mid {
            (y, mid, ABOVE)
        } else {
            (mid, y, BELOW)
        };
        let h = (bot - top).round() as u32;
        if h > 0 {
            draw_filled_rect_mut(&mut img, Rect::at(x, top.round() as i32).of_size(1, h), col);
        }
    }
    // Grid: 0, 25, 50, 75, 100 %.
    for k in 0..=4 {
        let c = k as f64 / 4.0;
        let y = ys(c);
        draw_line_segment_mut(&mut img, (x0 as f32, y), (x1 as f32, y), GRID);
        let label = format!("{}%", k * 25);
        let w = text_width(14.0, &label);
        text(&mut img, x0 - 8 - w as i32, y as i32 + 5, 14.0, &label, INK);
    }
    // Move numbers along the bottom, as `/history` numbers moves (a move
    // of each side): move m begins at position 2(m - 1), so a swing listed
    // as "2. e2-e4" (position 3) is drawn within move 2.
    for (p, m) in move_ticks(n) {
        let x = xs(p);
        draw_line_segment_mut(&mut img, (x, y1 as f32), (x, y1 as f32 + 5.0), INK);
        let label = m.to_string();
        let w = text_width(13.0, &label);
        text(&mut img, (x - w / 2.0) as i32, y1 + 20, 13.0, &label, INK);
    }
    let w = text_width(13.0, axis);
    text(
        &mut img,
        (W as i32 - w as i32) / 2,
        H as i32 - 8,
        13.0,
        axis,
        INK,
    );
    // Swings.
    for &p in marks {
        if p <= n {
            let x = xs(p);
            draw_line_segment_mut(&mut img, (x, y0 as f32), (x, y1 as f32), MARK);
        }
    }
    // The curve, two pixels thick.
    for i in 1..chances.len() {
        let (a, b) = ((xs(i - 1), ys(chances[i - 1])), (xs(i), ys(chances[i])));
        for d in [0.0, 1.0] {
            draw_line_segment_mut(&mut img, (a.0, a.1 + d), (b.0, b.1 + d), LINE);
        }
    }
    axes_title_png(img, (x0, y0, x1, y1), title)
}

/// A PNG of a player's `ratings` after each rated game, oldest first,
/// titled `title`: the rating history of the web archive's player page.
/// The scale fits the ratings (whole fifties, at least 100 points high).
pub fn ratings_png(ratings: &[f64], title: &str) -> Vec<u8> {
    let mut img = RgbImage::from_pixel(W, H, BG);
    let (x0, x1) = (LEFT, W as i32 - RIGHT);
    let (y0, y1) = (TOP, H as i32 - BOTTOM);
    let finite: Vec<f64> = ratings.iter().copied().filter(|r| r.is_finite()).collect();
    let lo = finite.iter().copied().fold(f64::MAX, f64::min);
    let hi = finite.iter().copied().fold(f64::MIN, f64::max);
    let (lo, hi) = if finite.is_empty() {
        (1450.0, 1550.0)
    } else {
        (lo, hi)
    };
    let mut bottom = (lo / 50.0).floor() * 50.0;
    let mut top = (hi / 50.0).ceil() * 50.0;
    if top - bottom < 100.0 {
        let pad = ((100.0 - (top - bottom)) / 100.0).ceil() * 50.0;
        bottom -= pad;
        top += pad;
    }
    let n = finite.len().max(2) - 1;
    let xs = |i: usize| x0 as f32 + (x1 - x0) as f32 * i as f32 / n as f32;
    let ys = |r: f64| y1 as f32 - (y1 - y0) as f32 * ((r - bottom) / (top - bottom)) as f32;
    // Grid: at most about eight lines, on round ratings.
    let step = [50.0, 100.0, 200.0, 250.0, 500.0, 1000.0]
        .into_iter()
        .find(|s| (top - bottom) / s <= 8.0)
        .unwrap_or(2000.0);
    let mut r = (bottom / step).ceil() * step;
    while r <= top {
        let y = ys(r);
        draw_line_segment_mut(&mut img, (x0 as f32, y), (x1 as f32, y), GRID);
        let label = format!("{r:.0}");
        let w = text_width(14.0, &label);
        text(&mut img, x0 - 8 - w as i32, y as i32 + 5, 14.0, &label, INK);
        r += step;
    }
    // Game numbers along the bottom.
    let gstep = [1usize, 2, 5, 10, 20, 25, 50, 100, 200, 500]
        .into_iter()
        .find(|s| n / s <= 12)
        .unwrap_or(1000);
    let mut m = 0;
    while m <= n {
        let x = xs(m);
        draw_line_segment_mut(&mut img, (x, y1 as f32), (x, y1 as f32 + 5.0), INK);
        let label = (m + 1).to_string();
        let w = text_width(13.0, &label);
        text(&mut img, (x - w / 2.0) as i32, y1 + 20, 13.0, &label, INK);
        m += gstep;
    }
    for i in 1..finite.len() {
        let (a, b) = ((xs(i - 1), ys(finite[i - 1])), (xs(i), ys(finite[i])));
        for d in [0.0, 1.0] {
            draw_line_segment_mut(&mut img, (a.0, a.1 + d), (b.0, b.1 + d), LINE);
        }
    }
    if let [only] = finite[..] {
        let y = ys(only);
        draw_filled_rect_mut(&mut img, Rect::at(x0 - 3, y as i32 - 3).of_size(7, 7), LINE);
    }
    axes_title_png(img, (x0, y0, x1, y1), title)
}

/// The two axes and the title, then the PNG (empty if encoding fails):
/// the last steps of every graph.
fn axes_title_png(
    mut img: RgbImage,
    (x0, y0, x1, y1): (i32, i32, i32, i32),
    title: &str,
) -> Vec<u8> {
    draw_line_segment_mut(
        &mut img,
        (x0 as f32, y0 as f32),
        (x0 as f32, y1 as f32),
        INK,
    );
    draw_line_segment_mut(
        &mut img,
        (x0 as f32, y1 as f32),
        (x1 as f32, y1 as f32),
        INK,
    );
    text(&mut img, x0, 32, 20.0, title, INK);
    let mut out = Vec::new();
    let enc = image::codecs::png::PngEncoder::new(&mut out);
    if enc
        .write_image(img.as_raw(), W, H, image::ExtendedColorType::Rgb8)
        .is_err()
    {
        return Vec::new();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn isolation_marks_take_no_room_in_a_title() {
        // A title with a name written right to left carries the marks; a
        // picture draws none of them (they were boxes).
        assert_eq!(
            text_width(14.0, "\u{2068}سارة\u{2069}: x"),
            text_width(14.0, "سارة: x")
        );
    }

    #[test]
    fn the_axis_counts_moves_as_history_does() {
        // 8 moves each (16 plies): moves 1..=9 begin at positions 0, 2...
        assert_eq!(
            move_ticks(16),
            (1..=9).map(|m| (2 * (m - 1), m)).collect::<Vec<_>>()
        );
        // "2. e2-e4" (position 3) lies within move 2: between ticks 2 and 3.
        let t = move_ticks(16);
        assert!(t[1] == (2, 2) && t[2] == (4, 3));
        // A long game: 1, 5, 10, ... at most about a dozen labels.
        let t = move_ticks(120);
        assert_eq!(&t[..3], &[(0, 1), (8, 5), (18, 10)]);
        assert!(t.len() <= 14, "{t:?}");
    }

    #[test]
    fn graph_decodes_and_shows_the_curve() {
        let chances: Vec<f64> = (0..=40).map(|i| (i as f64 / 40.0).powi(2)).collect();
        let png = chances_png(&chances, "Game 1: Tawlbwrdd", "move", &[20]);
        let img = image::load_from_memory(&png).unwrap().to_rgb8();
        assert_eq!((img.width(), img.height()), (W, H));
        // The curve's colour is there, and so is the swing mark.
        assert!(img.pixels().any(|p| *p == LINE));
        assert!(img.pixels().any(|p| *p == MARK));
        // At the start the chance is 0: the curve is at the bottom left.
        let y = ys_for(0.0);
        assert!((y - 2..=y + 2).any(|yy| *img.get_pixel(LEFT as u32 + 1, yy as u32) == LINE));
    }

    fn ys_for(c: f64) -> i32 {
        ((H as i32 - BOTTOM) as f32 - (H as i32 - BOTTOM - TOP) as f32 * c as f32) as i32
    }

    #[test]
    fn rating_graph_draws_the_line_within_its_scale() {
        let png = ratings_png(&[1500.0, 1540.0, 1490.0, 1620.0], "Rating");
        let img = image::load_from_memory(&png).unwrap().to_rgb8();
        assert_eq!((img.width(), img.height()), (W, H));
        assert!(img.pixels().any(|p| *p == LINE));
        // One game, none, and nonsense still give a picture.
        for r in [&[1500.0][..], &[], &[f64::NAN, 1500.0]] {
            assert!(!ratings_png(r, "x").is_empty());
        }
    }

    #[test]
    fn a_game_without_moves_still_draws() {
        assert!(!chances_png(&[0.5], "x", "move", &[]).is_empty());
        assert!(!chances_png(&[], "x", "symudiad", &[0, 5]).is_empty());
    }
}
