//! Sprite painting with `imageproc` on `image` buffers.
//!
//! Every shape (disc, ring, polygon, thick line, rectangle) is drawn with
//! `imageproc::drawing` as a white-on-black mask at [`SS`]x the sprite size,
//! then shrunk with `image::imageops::thumbnail` (area averaging) into an
//! anti-aliased coverage map. Soft shapes (drop shadows, the gloss on a
//! counter, the glass highlight) are blurred with
//! `imageproc::filter::gaussian_blur_f32`. Coverage maps are composited in
//! order ("over") with a colour and an opacity. A piece, with its shadow, is
//! composited once per theme, size and kind into a premultiplied layer and
//! cached; a square sprite is its square layers plus that piece layer.
//! All of this runs once per sprite kind: boards are then assembled by
//! copying palette indices (see `mod.rs`).

use super::theme::{PieceColours, Rgb, Theme};
use super::{PieceView, SquareKind};
use image::{imageops, GrayImage, Luma};
use imageproc::drawing::{draw_filled_circle_mut, draw_filled_rect_mut, draw_polygon_mut};
use imageproc::filter::gaussian_blur_f32;
use imageproc::point::Point;
use imageproc::rect::Rect;
use std::collections::HashMap;
use std::sync::Arc;

/// Supersampling factor of the masks.
const SS: u32 = 4;

type C = [f32; 3];

fn c(rgb: Rgb) -> C {
    [rgb[0] as f32, rgb[1] as f32, rgb[2] as f32]
}

fn lerp(a: C, b: C, t: f32) -> C {
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
    ]
}

const ON: Luma<u8> = Luma([255]);
const OFF: Luma<u8> = Luma([0]);

/// A shape drawn at `SS`x on a mask: coordinates are in sprite pixels
/// (floating point), converted here.
struct Mask {
    img: GrayImage,
}

impl Mask {
    fn new(s: u32) -> Mask {
        Mask {
            img: GrayImage::new(s * SS, s * SS),
        }
    }

    fn p(v: f32) -> i32 {
        (v * SS as f32).round() as i32
    }

    fn disc(&mut self, cx: f32, cy: f32, r: f32, on: bool) -> &mut Self {
        let col = if on { ON } else { OFF };
        let r = (r * SS as f32).round() as i32;
        if r >= 0 {
            draw_filled_circle_mut(&mut self.img, (Self::p(cx), Self::p(cy)), r, col);
        }
        self
    }

    fn ring(&mut self, cx: f32, cy: f32, r_in: f32, r_out: f32) -> &mut Self {
        self.disc(cx, cy, r_out, true).disc(cx, cy, r_in, false)
    }

    fn rect(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, on: bool) -> &mut Self {
        let (a, b) = (Self::p(x0), Self::p(y0));
        let (w, h) = (Self::p(x1) - a, Self::p(y1) - b);
        if w > 0 && h > 0 {
            let col = if on { ON } else { OFF };
            draw_filled_rect_mut(
                &mut self.img,
                Rect::at(a, b).of_size(w as u32, h as u32),
                col,
            );
        }
        self
    }

    fn poly(&mut self, pts: &[(f32, f32)], on: bool) -> &mut Self {
        let mut v: Vec<Point<i32>> = pts
            .iter()
            .map(|&(x, y)| Point::new(Self::p(x), Self::p(y)))
            .collect();
        v.dedup();
        while v.len() > 1 && v.first() == v.last() {
            v.pop();
        }
        if v.len() >= 3 {
            draw_polygon_mut(&mut self.img, &v, if on { ON } else { OFF });
        }
        self
    }

    /// A line of width `w` with round caps.
    fn line(&mut self, a: (f32, f32), b: (f32, f32), w: f32) -> &mut Self {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-3);
        let (nx, ny) = (-dy / len * w / 2.0, dx / len * w / 2.0);
        self.poly(
            &[
                (a.0 + nx, a.1 + ny),
                (b.0 + nx, b.1 + ny),
                (b.0 - nx, b.1 - ny),
                (a.0 - nx, a.1 - ny),
            ],
            true,
        );
        self.disc(a.0, a.1, w / 2.0, true)
            .disc(b.0, b.1, w / 2.0, true)
    }

    /// Shrink to sprite size: anti-aliased coverage in 0..=255.
    fn coverage(&self) -> GrayImage {
        let (w, h) = (self.img.width() / SS, self.img.height() / SS);
        imageops::thumbnail(&self.img, w, h)
    }
}

/// A coverage map blurred by a Gaussian of `sigma` sprite pixels.
fn soft(cov: &GrayImage, sigma: f32) -> GrayImage {
    if sigma <= 0.0 {
        return cov.clone();
    }
    gaussian_blur_f32(cov, sigma)
}

/// A sprite being composited: straight colour, or premultiplied colour plus
/// alpha for a layer that will be put over something else.
struct Layer {
    s: u32,
    col: Vec<C>,
    alpha: Vec<f32>,
}

impl Layer {
    fn opaque(s: u32, bg: C) -> Layer {
        let n = (s * s) as usize;
        Layer {
            s,
            col: vec![bg; n],
            alpha: vec![1.0; n],
        }
    }

    fn clear(s: u32) -> Layer {
        let n = (s * s) as usize;
        Layer {
            s,
            col: vec![[0.0; 3]; n],
            alpha: vec![0.0; n],
        }
    }

    /// Composite `colour` with opacity `a` x coverage over this layer
    /// (premultiplied "over").
    fn paint(&mut self, cov: &GrayImage, colour: Rgb, a: f32) {
        let k = c(colour);
        for (i, v) in cov.as_raw().iter().enumerate() {
            if *v == 0 {
                continue;
            }
            let t = a * *v as f32 / 255.0;
            let p = &mut self.col[i];
            p[0] = p[0] * (1.0 - t) + k[0] * t;
            p[1] = p[1] * (1.0 - t) + k[1] * t;
            p[2] = p[2] * (1.0 - t) + k[2] * t;
            self.alpha[i] = self.alpha[i] * (1.0 - t) + t;
        }
    }

    /// Put `top` (premultiplied) over this layer.
    fn put(&mut self, top: &Layer) {
        for i in 0..self.col.len() {
            let a = top.alpha[i];
            if a <= 0.0 {
                continue;
            }
            let p = &mut self.col[i];
            let q = top.col[i];
            p[0] = p[0] * (1.0 - a) + q[0];
            p[1] = p[1] * (1.0 - a) + q[1];
            p[2] = p[2] * (1.0 - a) + q[2];
            self.alpha[i] = self.alpha[i] * (1.0 - a) + a;
        }
    }

    fn rgb(&self) -> Vec<Rgb> {
        self.col
            .iter()
            .map(|p| {
                [
                    p[0].round().clamp(0.0, 255.0) as u8,
                    p[1].round().clamp(0.0, 255.0) as u8,
                    p[2].round().clamp(0.0, 255.0) as u8,
                ]
            })
            .collect()
    }

    fn mask(&self) -> Mask {
        Mask::new(self.s)
    }
}

/// Last-move marking of a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Mark {
    None,
    From,
    To,
}

/// Everything that determines the look of one square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct SquareKey {
    pub kind: SquareKind,
    pub escape: bool,
    pub hostile: bool,
    pub mark: Mark,
    pub captured: bool,
    pub dot: bool,
    pub piece: Option<PieceView>,
}

impl SquareKey {
    pub fn plain() -> SquareKey {
        SquareKey {
            kind: SquareKind::Plain,
            escape: false,
            hostile: false,
            mark: Mark::None,
            captured: false,
            dot: false,
            piece: None,
        }
    }
}

/// Pieces (with their shadows) already composited, per size and kind, for
/// one theme.
#[derive(Default)]
pub(crate) struct Pieces {
    map: HashMap<(u32, PieceView), Arc<Layer>>,
}

impl Pieces {
    fn get(&mut self, t: &Theme, s: u32, p: PieceView) -> Arc<Layer> {
        self.map
            .entry((s, p))
            .or_insert_with(|| Arc::new(piece_layer(t, s, p)))
            .clone()
    }
}

/// Paint one square sprite (`s` x `s` pixels).
pub(crate) fn square(theme: &Theme, s: usize, key: SquareKey, pieces: &mut Pieces) -> Vec<Rgb> {
    let s = s as u32;
    let mut l = square_layer(theme, s, &key);
    if let Some(p) = key.piece {
        l.put(&pieces.get(theme, s, p));
    }
    l.rgb()
}

/// Paint a piece alone on a flat background (caption icon).
pub(crate) fn piece_icon(
    theme: &Theme,
    s: usize,
    bg: Rgb,
    piece: PieceView,
    pieces: &mut Pieces,
) -> Vec<Rgb> {
    let s = s as u32;
    let mut l = Layer::opaque(s, c(bg));
    l.put(&pieces.get(theme, s, piece));
    l.rgb()
}

fn square_layer(t: &Theme, s: u32, k: &SquareKey) -> Layer {
    let mut base = if k.escape {
        match k.kind {
            SquareKind::Plain | SquareKind::Restricted => c(t.escape),
            _ => lerp(c(t.corner), c(t.escape), 0.7),
        }
    } else {
        match k.kind {
            SquareKind::Plain | SquareKind::Restricted => c(t.board),
            SquareKind::Throne => c(t.throne),
            SquareKind::Corner => c(t.corner),
        }
    };
    match k.mark {
        Mark::None => {}
        Mark::From => base = lerp(base, c(t.move_from), 0.85),
        Mark::To => base = lerp(base, c(t.move_to), 0.85),
    }
    let mut l = Layer::opaque(s, base);
    let sf = s as f32;
    let (cx, cy) = (sf / 2.0, sf / 2.0);

    match k.kind {
        SquareKind::Throne | SquareKind::Corner => {
            // Carved inset square and diamond, with a light line one pixel
            // below-right for the engraved look.
            let w = (sf * 0.018).max(0.7);
            let carve = |m: &mut Mask, off: f32| {
                let (x, y) = (cx + off, cy + off);
                let (a, b) = (sf * 0.36 + w, sf * 0.36 - w);
                m.rect(x - a, y - a, x + a, y + a, true)
                    .rect(x - b, y - b, x + b, y + b, false);
                let (a, b) = (sf * 0.30 + w * 1.4, sf * 0.30 - w * 1.4);
                m.poly(&[(x, y - a), (x + a, y), (x, y + a), (x - a, y)], true)
                    .poly(&[(x, y - b), (x + b, y), (x, y + b), (x - b, y)], false);
            };
            let mut hl = l.mask();
            carve(&mut hl, 1.0);
            let light = super::theme::mix(
                [base[0] as u8, base[1] as u8, base[2] as u8],
                [255, 250, 235],
                0.6,
            );
            l.paint(&hl.coverage(), light, 0.6);
            let mut m = l.mask();
            carve(&mut m, 0.0);
            l.paint(&m.coverage(), t.carving, 0.9);
        }
        SquareKind::Restricted => {
            // Vertical hatching: every row repeats the one above, which
            // costs almost nothing in the PNG.
            let mut m = l.mask();
            let w = (sf * 0.035).max(1.2);
            let n = 5;
            for i in 1..n {
                let x = sf * i as f32 / n as f32;
                m.rect(x - w / 2.0, 1.0, x + w / 2.0, sf - 1.0, true);
            }
            l.paint(&m.coverage(), t.restricted, 0.55);
        }
        SquareKind::Plain => {}
    }

    if k.hostile {
        let n = sf * 0.2;
        let mut m = l.mask();
        m.poly(&[(0.0, 0.0), (n, 0.0), (0.0, n)], true)
            .poly(&[(sf, 0.0), (sf, n), (sf - n, 0.0)], true)
            .poly(&[(0.0, sf), (0.0, sf - n), (n, sf)], true)
            .poly(&[(sf, sf), (sf - n, sf), (sf, sf - n)], true);
        l.paint(&m.coverage(), t.hostile, 0.9);
    }

    if k.mark != Mark::None {
        let w = (sf * 0.05).max(2.0);
        let a = if k.mark == Mark::To { 0.95 } else { 0.55 };
        let mut m = l.mask();
        m.rect(1.0, 1.0, sf - 1.0, sf - 1.0, true).rect(
            1.0 + w,
            1.0 + w,
            sf - 1.0 - w,
            sf - 1.0 - w,
            false,
        );
        l.paint(&m.coverage(), t.move_edge, a);
    }

    // Grid line: one pixel on each side of the square.
    let mut m = l.mask();
    m.rect(0.0, 0.0, sf, sf, true)
        .rect(1.0, 1.0, sf - 1.0, sf - 1.0, false);
    l.paint(&m.coverage(), t.line, 1.0);

    if k.dot {
        let mut m = l.mask();
        m.disc(cx, cy, sf * 0.13, true);
        l.paint(&m.coverage(), t.dot, 0.6);
    }

    if k.captured {
        let arm = sf * 0.2;
        let w = sf * 0.09;
        let halo = w + 2.0 * (sf * 0.035).max(1.5);
        let cross = |w: f32| {
            let mut m = Mask::new(s);
            m.line((cx - arm, cy - arm), (cx + arm, cy + arm), w).line(
                (cx - arm, cy + arm),
                (cx + arm, cy - arm),
                w,
            );
            m.coverage()
        };
        l.paint(&cross(halo), t.captured_halo, 0.8);
        l.paint(&cross(w), t.captured, 1.0);
    }
    l
}

fn colours(t: &Theme, p: PieceView) -> &PieceColours {
    match p {
        PieceView::Attacker => &t.attacker,
        PieceView::Defender | PieceView::King => &t.defender,
        PieceView::WhiteMan | PieceView::WhiteDux => &t.white_man,
        PieceView::BlackMan | PieceView::BlackDux => &t.black_man,
    }
}

/// A piece and its shadow on a transparent layer.
fn piece_layer(t: &Theme, s: u32, p: PieceView) -> Layer {
    let pc = colours(t, p);
    let sf = s as f32;
    let (cx, cy) = (sf / 2.0, sf / 2.0);
    let big = matches!(p, PieceView::King);
    let dux = matches!(p, PieceView::WhiteDux | PieceView::BlackDux);
    let glass = !matches!(
        p,
        PieceView::Attacker | PieceView::Defender | PieceView::King
    );
    let r = if big { sf * 0.44 } else { sf * 0.39 };
    // A dux stands on a second disc: its top is raised.
    let lift = if dux { sf * 0.07 } else { 0.0 };
    let mut l = Layer::clear(s);
    let disc = |x: f32, y: f32, r: f32| {
        let mut m = Mask::new(s);
        m.disc(x, y, r, true);
        m.coverage()
    };

    // Soft drop shadow, down and to the right.
    let sh = disc(cx + sf * 0.035, cy + sf * 0.055 + lift * 0.6, r);
    l.paint(&soft(&sh, sf * 0.025), t.shadow, 0.36);

    if dux {
        // Lower disc: only its side shows.
        let ly = cy + lift * 0.5;
        l.paint(&disc(cx, ly, r), pc.rim, 1.0);
        l.paint(&disc(cx, ly, r - sf * 0.035), pc.shade, 1.0);
    }
    let ty = cy - lift * 0.5;
    let rim_w = (sf * 0.03).max(1.2);
    l.paint(&disc(cx, ty, r), pc.rim, 1.0);
    let inner = r - rim_w;
    if glass {
        // Domed glass: darker towards the edge, a specular spot.
        let steps = 8;
        for i in 0..=steps {
            let q = 1.0 - i as f32 / steps as f32 * 0.55;
            let sm = ((q - 0.45) / 0.55).clamp(0.0, 1.0);
            let tone = sm * sm * (3.0 - 2.0 * sm);
            let col = super::theme::mix(pc.face, pc.shade, tone);
            l.paint(&disc(cx, ty, inner * q), col, 1.0);
        }
        let spot = disc(cx - r * 0.36, ty - r * 0.40, r * 0.16);
        l.paint(&soft(&spot, r * 0.05), pc.gloss, 0.9);
    } else {
        // Turned wood: a bevelled ring round a flat face, lit from the
        // top left.
        let rf = r * 0.62;
        let steps = 6;
        for i in 0..steps {
            let q = 1.0 - i as f32 / steps as f32;
            let rad = rf + (inner - rf) * q;
            let col = super::theme::mix(pc.face, pc.shade, 0.35 + 0.5 * q);
            l.paint(&disc(cx, ty, rad), col, 1.0);
        }
        // Gloss: the bevel minus the same disc moved down-right, softened.
        let mut m = Mask::new(s);
        m.disc(cx, ty, inner, true)
            .disc(cx + r * 0.22, ty + r * 0.3, inner, false)
            .disc(cx, ty, rf, false);
        l.paint(&soft(&m.coverage(), sf * 0.025), pc.gloss, 0.4);
        l.paint(&disc(cx, ty, rf), pc.face, 1.0);
        // Engraved ring at the edge of the face (gold for the king).
        let (ring_col, ring_w) = if big {
            (t.gold, (sf * 0.05).max(2.0))
        } else {
            (pc.shade, (sf * 0.024).max(1.2))
        };
        let mut m = Mask::new(s);
        m.ring(cx, ty, rf - ring_w / 2.0, rf + ring_w / 2.0);
        l.paint(&m.coverage(), ring_col, 1.0);
    }
    if dux {
        // Gold band round the top of a dux.
        let rb = r * 0.72;
        let bw = (sf * 0.03).max(1.3);
        let mut m = Mask::new(s);
        m.ring(cx, ty, rb - bw - 0.8, rb + bw + 0.8);
        l.paint(&m.coverage(), t.gold_edge, 1.0);
        let mut m = Mask::new(s);
        m.ring(cx, ty, rb - bw * 0.7, rb + bw * 0.7);
        l.paint(&m.coverage(), t.gold, 1.0);
    }
    if big {
        crown(t, s, cx, ty, &mut l);
    }
    l
}

/// The king's crown, centred on the disc.
fn crown(t: &Theme, s: u32, cx: f32, cy: f32, l: &mut Layer) {
    let sf = s as f32;
    let k = sf * 0.22;
    let pts: [(f32, f32); 7] = [
        (-0.8, 0.55),
        (0.8, 0.55),
        (0.98, -0.45),
        (0.45, 0.0),
        (0.0, -0.7),
        (-0.45, 0.0),
        (-0.98, -0.45),
    ];
    let at = |grow: f32| -> Vec<(f32, f32)> {
        pts.iter()
            .map(|&(u, v)| {
                (
                    cx + u * k * grow,
                    cy + v * k * grow + (1.0 - grow) * k * 0.1,
                )
            })
            .collect()
    };
    let ew = (sf * 0.022).max(1.0);
    let mut m = Mask::new(s);
    m.poly(&at(1.0 + ew / k), true);
    l.paint(&m.coverage(), t.gold_edge, 1.0);
    let mut m = Mask::new(s);
    m.poly(&at(1.0 - ew / k), true);
    l.paint(&m.coverage(), t.gold, 1.0);
    // Band across the base.
    let mut m = Mask::new(s);
    m.line(
        (cx - 0.72 * k, cy + 0.3 * k),
        (cx + 0.72 * k, cy + 0.3 * k),
        ew * 0.9,
    );
    l.paint(&m.coverage(), t.gold_edge, 0.8);
    // Jewels on the three points.
    let jewel = super::theme::mix(t.gold, [255, 255, 255], 0.35);
    let mut m = Mask::new(s);
    for (jx, jy) in [(0.98f32, -0.45f32), (0.0, -0.7), (-0.98, -0.45)] {
        m.disc(cx + jx * k, cy + jy * k, k * 0.17, true);
    }
    l.paint(&m.coverage(), jewel, 1.0);
}
