//! Sprite painting: every square picture is described as a colour function
//! of a point, evaluated once per sprite with 4x4 supersampling. This is
//! slow-ish (tens of microseconds per sprite) but runs once per sprite kind,
//! after which boards are assembled by copying indexed pixels.

use super::theme::{PieceColours, Rgb, Theme};
use super::{PieceView, SquareKind};

type C = [f32; 3];

fn c(rgb: Rgb) -> C {
    [rgb[0] as f32, rgb[1] as f32, rgb[2] as f32]
}

fn over(base: C, top: C, a: f32) -> C {
    let a = a.clamp(0.0, 1.0);
    [
        base[0] + (top[0] - base[0]) * a,
        base[1] + (top[1] - base[1]) * a,
        base[2] + (top[2] - base[2]) * a,
    ]
}

fn smoothstep(e0: f32, e1: f32, x: f32) -> f32 {
    let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
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

/// Render `f` over an `w` x `h` pixel grid with 4x4 supersampling.
pub(crate) fn raster(w: usize, h: usize, f: impl Fn(f32, f32) -> C) -> Vec<Rgb> {
    const N: usize = 4;
    let mut out = Vec::with_capacity(w * h);
    for y in 0..h {
        for x in 0..w {
            let mut acc = [0f32; 3];
            for sy in 0..N {
                for sx in 0..N {
                    let px = x as f32 + (sx as f32 + 0.5) / N as f32;
                    let py = y as f32 + (sy as f32 + 0.5) / N as f32;
                    let v = f(px, py);
                    acc[0] += v[0];
                    acc[1] += v[1];
                    acc[2] += v[2];
                }
            }
            let k = (N * N) as f32;
            out.push([
                (acc[0] / k).round().clamp(0.0, 255.0) as u8,
                (acc[1] / k).round().clamp(0.0, 255.0) as u8,
                (acc[2] / k).round().clamp(0.0, 255.0) as u8,
            ]);
        }
    }
    out
}

/// Paint one square sprite (`s` x `s` pixels).
pub(crate) fn square(theme: &Theme, s: usize, key: SquareKey) -> Vec<Rgb> {
    let t = theme.clone();
    raster(s, s, move |x, y| square_at(&t, s as f32, &key, x, y))
}

/// Paint a piece alone on a flat background (caption icon).
pub(crate) fn piece_icon(theme: &Theme, s: usize, bg: Rgb, piece: PieceView) -> Vec<Rgb> {
    let t = theme.clone();
    let sf = s as f32;
    raster(s, s, move |x, y| draw_piece(&t, sf, piece, c(bg), x, y))
}

fn square_at(t: &Theme, s: f32, k: &SquareKey, x: f32, y: f32) -> C {
    // Base colour of the square.
    let mut base = if k.escape {
        match k.kind {
            SquareKind::Plain | SquareKind::Restricted => c(t.escape),
            _ => over(c(t.corner), c(t.escape), 0.7),
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
        Mark::From => base = over(base, c(t.move_from), 0.85),
        Mark::To => base = over(base, c(t.move_to), 0.85),
    }
    let mut col = base;
    let (cx, cy) = (s / 2.0, s / 2.0);
    let (dx, dy) = (x - cx, y - cy);

    // Carvings and hatching.
    match k.kind {
        SquareKind::Throne | SquareKind::Corner => {
            // Engraved inset square and a diamond; a light line one pixel
            // below-right gives the carved look.
            let engr = |x: f32, y: f32| -> f32 {
                let (dx, dy) = (x - cx, y - cy);
                let sq = dx.abs().max(dy.abs());
                let ring = (sq - s * 0.36).abs();
                let dia = ((dx.abs() + dy.abs()) - s * 0.30).abs();
                let w = (s * 0.018).max(0.7);
                let a1 = 1.0 - smoothstep(w, w + 0.8, ring);
                let a2 = 1.0 - smoothstep(w, w + 0.8, dia);
                a1.max(a2)
            };
            let hl = engr(x - 1.0, y - 1.0);
            col = over(col, over(base, [255.0, 250.0, 235.0], 0.6), hl * 0.6);
            col = over(col, c(t.carving), engr(x, y) * 0.9);
        }
        SquareKind::Restricted => {
            let period = s / 4.0;
            let u = (x + y) / period + 0.5;
            let fr = (u - u.round()).abs() * period / std::f32::consts::SQRT_2;
            let w = (s * 0.02).max(0.6);
            col = over(
                col,
                c(t.restricted),
                (1.0 - smoothstep(w, w + 0.8, fr)) * 0.55,
            );
        }
        SquareKind::Plain => {}
    }

    // Hostile: small notches in the four corners (inside the grid line).
    if k.hostile {
        let ex = x.min(s - x);
        let ey = y.min(s - y);
        let tri = s * 0.2 - (ex + ey);
        col = over(col, c(t.hostile), smoothstep(-0.5, 0.5, tri) * 0.9);
    }

    // Last-move inset frame.
    let edge = x.min(s - x).min(y.min(s - y));
    if k.mark != Mark::None {
        let w = (s * 0.05).max(2.0);
        let a = if k.mark == Mark::To { 0.95 } else { 0.55 };
        let inside = smoothstep(0.5, 1.5, edge) * (1.0 - smoothstep(w, w + 1.0, edge));
        col = over(col, c(t.move_edge), inside * a);
    }

    // Grid line: one pixel on each side of the square.
    if edge < 1.0 {
        col = c(t.line);
    }

    // Dot for a legal destination.
    let d = (dx * dx + dy * dy).sqrt();
    if k.dot {
        let r = s * 0.13;
        col = over(col, c(t.dot), (1.0 - smoothstep(r - 0.6, r + 0.6, d)) * 0.6);
    }

    // Captured: a red cross with a light halo.
    if k.captured {
        let arm = s * 0.2;
        let w = s * 0.045;
        let dist = {
            // Distance to the two diagonal segments through the centre.
            let seg = |ux: f32, uy: f32| {
                let t = ((dx * ux + dy * uy) / (ux * ux + uy * uy)).clamp(-1.0, 1.0);
                let px = dx - t * ux;
                let py = dy - t * uy;
                (px * px + py * py).sqrt()
            };
            seg(arm, arm).min(seg(arm, -arm))
        };
        let halo = w + (s * 0.035).max(1.5);
        col = over(
            col,
            c(t.captured_halo),
            (1.0 - smoothstep(halo - 0.6, halo + 0.6, dist)) * 0.8,
        );
        col = over(col, c(t.captured), 1.0 - smoothstep(w - 0.6, w + 0.6, dist));
    }

    if let Some(p) = k.piece {
        col = draw_piece(t, s, p, col, x, y);
    }
    col
}

fn colours(t: &Theme, p: PieceView) -> &PieceColours {
    match p {
        PieceView::Attacker => &t.attacker,
        PieceView::Defender | PieceView::King => &t.defender,
        PieceView::WhiteMan | PieceView::WhiteDux => &t.white_man,
        PieceView::BlackMan | PieceView::BlackDux => &t.black_man,
    }
}

/// Composite a piece (with its shadow) over `under` at point (x, y) of a
/// square of side `s`.
fn draw_piece(t: &Theme, s: f32, p: PieceView, under: C, x: f32, y: f32) -> C {
    let pc = colours(t, p);
    let (cx, cy) = (s / 2.0, s / 2.0);
    let big = matches!(p, PieceView::King);
    let dux = matches!(p, PieceView::WhiteDux | PieceView::BlackDux);
    let r = if big { s * 0.44 } else { s * 0.39 };
    // Dux: the top disc is raised, a second disc shows beneath it.
    let lift = if dux { s * 0.07 } else { 0.0 };
    let mut col = under;

    // Soft drop shadow, offset down-right.
    {
        let (sx, sy) = (cx + s * 0.035, cy + s * 0.055 + lift * 0.6);
        let d = ((x - sx).powi(2) + (y - sy).powi(2)).sqrt();
        let blur = s * 0.06;
        col = over(
            col,
            c(t.shadow),
            (1.0 - smoothstep(r - blur, r + blur, d)) * 0.38,
        );
    }
    if dux {
        // Lower disc: only its side shows.
        let ly = cy + lift * 0.5;
        let d = ((x - cx).powi(2) + (y - ly).powi(2)).sqrt();
        let a = 1.0 - smoothstep(r - 0.6, r + 0.6, d);
        let side = if d > r - s * 0.035 {
            c(pc.rim)
        } else {
            c(pc.shade)
        };
        col = over(col, side, a);
    }
    let ty = cy - lift * 0.5;
    let (dx, dy) = (x - cx, y - ty);
    let d = (dx * dx + dy * dy).sqrt();
    let cover = 1.0 - smoothstep(r - 0.6, r + 0.6, d);
    if cover <= 0.0 {
        return col;
    }
    let glass = matches!(
        p,
        PieceView::WhiteMan | PieceView::BlackMan | PieceView::WhiteDux | PieceView::BlackDux
    );
    let rim_w = (s * 0.03).max(1.2);
    let mut face;
    if glass {
        // Domed glass counter: darker toward the edge, a specular spot.
        let q = (d / r).min(1.0);
        face = over(c(pc.face), c(pc.shade), smoothstep(0.45, 1.0, q));
        let (hx, hy) = (dx + r * 0.36, dy + r * 0.40);
        let hd = (hx * hx + hy * hy).sqrt();
        face = over(
            face,
            c(pc.gloss),
            (1.0 - smoothstep(r * 0.05, r * 0.22, hd)) * 0.85,
        );
    } else {
        // Turned wooden counter: flat face inside a bevelled ring.
        let rf = r * 0.62;
        face = c(pc.face);
        if d > rf {
            let q = ((d - rf) / (r - rim_w - rf)).clamp(0.0, 1.0);
            face = over(face, c(pc.shade), 0.35 + 0.5 * q);
            // Light from the top-left catches the bevel.
            let lit = ((-dx * 0.6 - dy * 0.8) / d.max(1e-3)).max(0.0);
            face = over(face, c(pc.gloss), lit * lit * 0.55 * (1.0 - q * 0.5));
        }
        // Engraved ring at the edge of the flat face (gold for the king).
        let ring_col = if big { c(t.gold) } else { c(pc.shade) };
        let ring_w = if big {
            (s * 0.025).max(1.2)
        } else {
            (s * 0.012).max(0.7)
        };
        let rd = (d - rf).abs();
        face = over(
            face,
            ring_col,
            1.0 - smoothstep(ring_w - 0.5, ring_w + 0.5, rd),
        );
    }
    if dux {
        // Gold band round the top of a dux.
        let rb = r * 0.72;
        let bw = (s * 0.03).max(1.3);
        let rd = (d - rb).abs();
        face = over(
            face,
            c(t.gold_edge),
            1.0 - smoothstep(bw + 0.2, bw + 1.2, rd),
        );
        face = over(face, c(t.gold), 1.0 - smoothstep(bw - 0.6, bw + 0.4, rd));
    }
    // Outer rim.
    face = over(
        face,
        c(pc.rim),
        smoothstep(r - rim_w - 0.6, r - rim_w + 0.6, d),
    );
    if big {
        face = crown(t, s, face, dx, dy);
    }
    over(col, face, cover)
}

/// The king's crown, centred on the disc.
fn crown(t: &Theme, s: f32, under: C, dx: f32, dy: f32) -> C {
    let k = s * 0.22;
    let pts: [(f32, f32); 7] = [
        (-0.8, 0.55),
        (0.8, 0.55),
        (0.98, -0.45),
        (0.45, 0.0),
        (0.0, -0.7),
        (-0.45, 0.0),
        (-0.98, -0.45),
    ];
    let (u, v) = (dx / k, dy / k);
    let mut inside = false;
    let mut dist = f32::INFINITY;
    for i in 0..pts.len() {
        let (ax, ay) = pts[i];
        let (bx, by) = pts[(i + 1) % pts.len()];
        if (ay > v) != (by > v) && u < (bx - ax) * (v - ay) / (by - ay) + ax {
            inside = !inside;
        }
        let (ex, ey) = (bx - ax, by - ay);
        let tt = (((u - ax) * ex + (v - ay) * ey) / (ex * ex + ey * ey)).clamp(0.0, 1.0);
        let (px, py) = (u - ax - tt * ex, v - ay - tt * ey);
        dist = dist.min((px * px + py * py).sqrt());
    }
    let dist_px = dist * k;
    let ew = (s * 0.022).max(1.0);
    let mut col = under;
    // Jewels on the three points.
    let mut jewel = 0f32;
    for (jx, jy) in [(0.98f32, -0.45f32), (0.0, -0.7), (-0.98, -0.45)] {
        let jd = ((u - jx).powi(2) + (v - jy).powi(2)).sqrt() * k;
        jewel = jewel.max(1.0 - smoothstep(k * 0.17 - 0.6, k * 0.17 + 0.6, jd));
    }
    if inside {
        col = over(col, c(t.gold), 1.0);
        col = over(
            col,
            c(t.gold_edge),
            1.0 - smoothstep(ew - 0.6, ew + 0.6, dist_px),
        );
        // Band line across the base.
        let bl = ((v - 0.3) * k).abs();
        col = over(
            col,
            c(t.gold_edge),
            (1.0 - smoothstep(ew * 0.5, ew * 0.5 + 0.8, bl)) * 0.8,
        );
    } else {
        col = over(col, c(t.gold_edge), 1.0 - smoothstep(0.0, 0.9, dist_px));
    }
    let jcol = over(c(t.gold), [255.0, 255.0, 255.0], 0.35);
    over(col, jcol, jewel)
}
