//! Colour themes and the colour-vision-deficiency (CVD) check.

/// An sRGB colour, 8 bits per channel.
pub type Rgb = [u8; 3];

/// The colours of one piece kind: flat top face, shaded edge, dark rim,
/// and the emblem colour (king's crown, dux band; unused for plain men).
#[derive(Clone, Debug, PartialEq)]
pub struct PieceColours {
    /// Flat centre of the top face (what a viewer "reads" as the piece colour).
    pub face: Rgb,
    /// Colour toward the edge of the face (turned-wood shading).
    pub shade: Rgb,
    /// Thin outer rim.
    pub rim: Rgb,
    /// Light catching the top-left edge.
    pub gloss: Rgb,
}

/// A board theme: every colour the renderer uses. Plain data; build your own
/// or take [`Theme::light`] / [`Theme::dark`] / [`Theme::by_name`].
///
/// The renderer caches palettes and sprites by `name`, so two different
/// themes must not share a name.
#[derive(Clone, Debug, PartialEq)]
pub struct Theme {
    /// Cache key and lookup name.
    pub name: &'static str,
    /// Frame around the board (label margin).
    pub frame: Rgb,
    /// Coordinate label text.
    pub label: Rgb,
    /// Caption strip background.
    pub caption_bg: Rgb,
    /// Caption text.
    pub caption_text: Rgb,
    /// Plain square.
    pub board: Rgb,
    /// Grid lines between squares and the board outline.
    pub line: Rgb,
    /// Throne square.
    pub throne: Rgb,
    /// King-only corner square (walker, tallfwrdd, goedhboell).
    pub corner: Rgb,
    /// Carved ornament on throne / corner / restricted squares.
    pub carving: Rgb,
    /// Restricted square (e.g. goedhboell corner-guard): hatching colour.
    pub restricted: Rgb,
    /// Escape square tint (edge rim in tawlbwrdd, corners elsewhere).
    pub escape: Rgb,
    /// Hostile-square corner notches.
    pub hostile: Rgb,
    /// Last move: the square moved from.
    pub move_from: Rgb,
    /// Last move: the square moved to.
    pub move_to: Rgb,
    /// Inset outline drawn on last-move squares (shape cue, not just hue).
    pub move_edge: Rgb,
    /// Captured-piece cross.
    pub captured: Rgb,
    /// Halo around the captured cross.
    pub captured_halo: Rgb,
    /// Legal-destination dot.
    pub dot: Rgb,
    /// Drop shadow under pieces (blended with alpha 0.35).
    pub shadow: Rgb,
    /// Tafl attackers.
    pub attacker: PieceColours,
    /// Tafl defenders and the king's body.
    pub defender: PieceColours,
    /// Gold of the king's crown and the dux band.
    pub gold: Rgb,
    /// Dark outline of the crown / band.
    pub gold_edge: Rgb,
    /// Latrunculi white men.
    pub white_man: PieceColours,
    /// Latrunculi black men.
    pub black_man: PieceColours,
}

impl Theme {
    /// Warm maple board in a walnut frame.
    pub fn light() -> Theme {
        Theme {
            name: "light",
            frame: [74, 48, 30],
            label: [240, 222, 188],
            caption_bg: [58, 37, 23],
            caption_text: [248, 236, 210],
            board: [228, 196, 146],
            line: [139, 99, 58],
            throne: [170, 122, 70],
            corner: [170, 122, 70],
            carving: [120, 80, 42],
            restricted: [150, 108, 64],
            escape: [180, 192, 199],
            hostile: [138, 34, 22],
            move_from: [250, 232, 170],
            move_to: [232, 180, 40],
            move_edge: [176, 126, 8],
            captured: [178, 32, 24],
            captured_halo: [255, 244, 224],
            dot: [92, 62, 36],
            shadow: [40, 24, 10],
            attacker: PieceColours {
                face: [52, 40, 34],
                shade: [34, 26, 22],
                rim: [16, 11, 8],
                gloss: [120, 104, 92],
            },
            defender: PieceColours {
                face: [246, 236, 214],
                shade: [214, 196, 160],
                rim: [122, 97, 64],
                gloss: [255, 252, 244],
            },
            gold: [214, 160, 36],
            gold_edge: [104, 66, 8],
            white_man: PieceColours {
                face: [250, 250, 244],
                shade: [206, 204, 192],
                rim: [104, 101, 90],
                gloss: [255, 255, 255],
            },
            black_man: PieceColours {
                face: [36, 40, 58],
                shade: [22, 24, 36],
                rim: [8, 8, 14],
                gloss: [110, 124, 156],
            },
        }
    }

    /// Dark walnut board for dark-mode chats.
    pub fn dark() -> Theme {
        Theme {
            name: "dark",
            frame: [26, 20, 16],
            label: [214, 192, 156],
            caption_bg: [18, 14, 11],
            caption_text: [236, 220, 190],
            board: [128, 90, 56],
            line: [66, 44, 26],
            throne: [96, 64, 38],
            corner: [96, 64, 38],
            carving: [54, 34, 18],
            restricted: [84, 56, 32],
            escape: [84, 110, 132],
            hostile: [40, 14, 8],
            move_from: [164, 138, 58],
            move_to: [206, 166, 40],
            move_edge: [250, 210, 90],
            captured: [255, 120, 90],
            captured_halo: [30, 16, 8],
            dot: [36, 22, 12],
            shadow: [8, 4, 0],
            attacker: PieceColours {
                face: [30, 24, 20],
                shade: [20, 15, 12],
                // A light rim: dark pieces stand out from dark squares.
                rim: [202, 183, 151],
                gloss: [104, 90, 80],
            },
            defender: PieceColours {
                face: [240, 226, 196],
                shade: [204, 184, 146],
                rim: [78, 62, 39],
                gloss: [255, 250, 238],
            },
            gold: [222, 168, 40],
            gold_edge: [96, 60, 6],
            white_man: PieceColours {
                face: [246, 246, 240],
                shade: [200, 198, 188],
                rim: [91, 88, 80],
                gloss: [255, 255, 255],
            },
            black_man: PieceColours {
                face: [20, 22, 34],
                shade: [12, 13, 22],
                rim: [177, 184, 204],
                gloss: [104, 118, 150],
            },
        }
    }

    /// High contrast for low vision: near-white squares with black lines,
    /// black attackers, white defenders with a black rim, strong marks.
    pub fn contrast() -> Theme {
        // The latrunculi men wear the tafl pieces' colours.
        let black = PieceColours {
            face: [0, 0, 0],
            shade: [20, 20, 20],
            rim: [255, 255, 255],
            gloss: [90, 90, 90],
        };
        let white = PieceColours {
            face: [255, 255, 255],
            shade: [235, 235, 235],
            rim: [0, 0, 0],
            gloss: [255, 255, 255],
        };
        Theme {
            name: "contrast",
            frame: [0, 0, 0],
            label: [255, 255, 255],
            caption_bg: [0, 0, 0],
            caption_text: [255, 255, 0],
            board: [200, 200, 190],
            line: [0, 0, 0],
            throne: [120, 120, 110],
            corner: [120, 120, 110],
            carving: [0, 0, 0],
            restricted: [90, 90, 80],
            escape: [90, 170, 255],
            hostile: [140, 0, 0],
            move_from: [255, 245, 120],
            move_to: [255, 200, 0],
            move_edge: [0, 0, 0],
            captured: [200, 0, 0],
            captured_halo: [255, 255, 255],
            dot: [0, 0, 0],
            shadow: [0, 0, 0],
            attacker: black.clone(),
            defender: white.clone(),
            gold: [255, 200, 0],
            gold_edge: [0, 0, 0],
            white_man: white,
            black_man: black,
        }
    }

    /// A built-in theme by name (`"light"`, `"dark"` or `"contrast"`), case-insensitive.
    pub fn by_name(name: &str) -> Option<Theme> {
        match name.to_ascii_lowercase().as_str() {
            "light" => Some(Theme::light()),
            "dark" => Some(Theme::dark()),
            "contrast" => Some(Theme::contrast()),
            _ => None,
        }
    }

    /// Names of the built-in themes.
    pub fn names() -> &'static [&'static str] {
        &["light", "dark", "contrast"]
    }

    /// Colours that must appear exactly in the palette (reserved entries).
    pub(crate) fn key_colours(&self) -> Vec<Rgb> {
        let mut v = vec![
            self.frame,
            self.label,
            self.caption_bg,
            self.caption_text,
            self.board,
            self.line,
            self.throne,
            self.corner,
            self.carving,
            self.restricted,
            self.escape,
            self.hostile,
            self.move_from,
            self.move_to,
            self.move_edge,
            self.captured,
            self.captured_halo,
            self.dot,
            self.gold,
            self.gold_edge,
        ];
        for p in [
            &self.attacker,
            &self.defender,
            &self.white_man,
            &self.black_man,
        ] {
            v.extend([p.face, p.shade, p.rim, p.gloss]);
        }
        v
    }
}

impl Default for Theme {
    fn default() -> Self {
        Theme::light()
    }
}

/// Kinds of colour-vision deficiency simulated by [`simulate`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cvd {
    /// Normal trichromatic vision (identity).
    Normal,
    /// Red-blind.
    Protanopia,
    /// Green-blind (the most common).
    Deuteranopia,
    /// Blue-blind (rare).
    Tritanopia,
}

fn srgb_to_linear(c: u8) -> f64 {
    let c = c as f64 / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

fn linear_to_srgb(c: f64) -> u8 {
    let c = c.clamp(0.0, 1.0);
    let s = if c <= 0.003_130_8 {
        c * 12.92
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    };
    (s * 255.0).round() as u8
}

/// Simulate how a colour looks with a full (severity 1.0) deficiency, using
/// the Machado, Oliveira & Fernandes (2009) matrices in linear RGB.
pub fn simulate(c: Rgb, cvd: Cvd) -> Rgb {
    let m: [[f64; 3]; 3] = match cvd {
        Cvd::Normal => return c,
        Cvd::Protanopia => [
            [0.152286, 1.052583, -0.204868],
            [0.114503, 0.786281, 0.099216],
            [-0.003882, -0.048116, 1.051998],
        ],
        Cvd::Deuteranopia => [
            [0.367322, 0.860646, -0.227968],
            [0.280085, 0.672501, 0.047413],
            [-0.011820, 0.042940, 0.968881],
        ],
        Cvd::Tritanopia => [
            [1.255528, -0.076749, -0.178779],
            [-0.078411, 0.930809, 0.147602],
            [0.004733, 0.691367, 0.303900],
        ],
    };
    let l = c.map(srgb_to_linear);
    let mut out = [0u8; 3];
    for (i, row) in m.iter().enumerate() {
        out[i] = linear_to_srgb(row[0] * l[0] + row[1] * l[1] + row[2] * l[2]);
    }
    out
}

/// CIE L*a*b* (D65) of an sRGB colour.
pub fn lab(c: Rgb) -> [f64; 3] {
    let [r, g, b] = c.map(srgb_to_linear);
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f64| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// CIE76 colour difference (Euclidean distance in L*a*b*). About 2.3 is a
/// just-noticeable difference; 10+ is clearly different at a glance.
pub fn delta_e(a: Rgb, b: Rgb) -> f64 {
    let (p, q) = (lab(a), lab(b));
    ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt()
}

/// Smallest ΔE between `a` and `b` over normal vision, protanopia,
/// deuteranopia and tritanopia.
pub fn min_delta_e_cvd(a: Rgb, b: Rgb) -> f64 {
    [
        Cvd::Normal,
        Cvd::Protanopia,
        Cvd::Deuteranopia,
        Cvd::Tritanopia,
    ]
    .iter()
    .map(|&k| delta_e(simulate(a, k), simulate(b, k)))
    .fold(f64::INFINITY, f64::min)
}

/// WCAG relative luminance of an sRGB colour (0 black to 1 white).
pub fn luminance(c: Rgb) -> f64 {
    let [r, g, b] = c.map(srgb_to_linear);
    0.2126 * r + 0.7152 * g + 0.0722 * b
}

/// WCAG contrast ratio of two colours, 1 (the same) to 21 (black on white).
pub fn contrast_ratio(a: Rgb, b: Rgb) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// The contrast a graphic needs to be seen against what is next to it
/// (WCAG 2.1, 1.4.11 non-text contrast).
pub const MIN_PIECE_CONTRAST: f64 = 3.0;

/// Every square colour a piece can stand on: (name, colour).
pub fn square_colours(t: &Theme) -> Vec<(&'static str, Rgb)> {
    vec![
        ("board", t.board),
        ("throne", t.throne),
        ("corner", t.corner),
        ("restricted", t.restricted),
        ("escape", t.escape),
        ("last move from", t.move_from),
        ("last move to", t.move_to),
    ]
}

/// Every piece's colours: (name, colours).
pub fn piece_colours(t: &Theme) -> Vec<(&'static str, &PieceColours)> {
    vec![
        ("attacker", &t.attacker),
        ("defender", &t.defender),
        ("white man", &t.white_man),
        ("black man", &t.black_man),
    ]
}

/// How well a piece stands out from a square: the better of its face and
/// its rim (a light piece on a light square is seen by its dark rim).
pub fn piece_contrast(p: &PieceColours, square: Rgb) -> f64 {
    contrast_ratio(p.face, square).max(contrast_ratio(p.rim, square))
}

/// Blend `b` over `a` with weight `t` (0 = a, 1 = b), in sRGB space.
pub fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    let mut o = [0u8; 3];
    for i in 0..3 {
        o[i] = (a[i] as f32 + (b[i] as f32 - a[i] as f32) * t).round() as u8;
    }
    o
}

/// Pairs of colours a player must be able to tell apart, with the minimum
/// ΔE (under every simulated deficiency) each pair must keep.
pub fn must_differ(t: &Theme) -> Vec<(&'static str, Rgb, Rgb, f64)> {
    vec![
        ("attacker/defender", t.attacker.face, t.defender.face, 50.0),
        ("attacker/board", t.attacker.face, t.board, 30.0),
        ("defender/board", t.defender.face, t.board, 8.0),
        ("king-crown/defender", t.gold, t.defender.face, 20.0),
        ("king-crown/attacker", t.gold, t.attacker.face, 30.0),
        ("white/black man", t.white_man.face, t.black_man.face, 50.0),
        ("white man/board", t.white_man.face, t.board, 8.0),
        ("black man/board", t.black_man.face, t.board, 30.0),
        ("move-to/board", t.move_to, t.board, 10.0),
        ("move-from/board", t.move_from, t.board, 6.0),
        ("move-to/move-from", t.move_to, t.move_from, 5.0),
        ("move-edge/board", t.move_edge, t.board, 15.0),
        ("escape/board", t.escape, t.board, 10.0),
        ("throne/board", t.throne, t.board, 10.0),
        ("escape/throne", t.escape, t.throne, 10.0),
        ("hostile/board", t.hostile, t.board, 25.0),
        ("captured/board", t.captured, t.board, 20.0),
        ("captured/escape", t.captured, t.escape, 20.0),
        ("dot/board", t.dot, t.board, 25.0),
        ("label/frame", t.label, t.frame, 40.0),
        ("caption/caption-bg", t.caption_text, t.caption_bg, 40.0),
        ("escape/move-to", t.escape, t.move_to, 10.0),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn render_palette_survives_cvd_simulation() {
        let mut failures = Vec::new();
        for theme in [Theme::light(), Theme::dark(), Theme::contrast()] {
            for (what, a, b, min) in must_differ(&theme) {
                let d = min_delta_e_cvd(a, b);
                if d < min {
                    failures.push(format!("{} {what}: {d:.1} < {min}", theme.name));
                }
            }
        }
        assert!(failures.is_empty(), "{failures:#?}");
    }

    #[test]
    fn every_piece_stands_out_on_every_square() {
        let mut failures = Vec::new();
        for theme in [Theme::light(), Theme::dark(), Theme::contrast()] {
            for (piece, pc) in piece_colours(&theme) {
                for (square, c) in square_colours(&theme) {
                    let r = piece_contrast(pc, c);
                    if r < MIN_PIECE_CONTRAST {
                        failures.push(format!("{} {piece} on {square}: {r:.2}:1", theme.name));
                    }
                }
            }
        }
        assert!(failures.is_empty(), "{failures:#?}");
        // The measure itself: black on white is 21:1, a colour on itself 1:1.
        assert!((contrast_ratio([0, 0, 0], [255, 255, 255]) - 21.0).abs() < 1e-9);
        assert!((contrast_ratio([128, 90, 56], [128, 90, 56]) - 1.0).abs() < 1e-9);
        // The dark theme's black pieces of before (no light rim) failed.
        let old = PieceColours {
            face: [30, 34, 50],
            shade: [18, 20, 30],
            rim: [4, 4, 8],
            gloss: [104, 118, 150],
        };
        assert!(piece_contrast(&old, Theme::dark().throne) < MIN_PIECE_CONTRAST);
    }

    #[test]
    fn render_cvd_simulation_sanity() {
        // Grey stays grey; pure red and green collapse under deuteranopia.
        let g = simulate([128, 128, 128], Cvd::Deuteranopia);
        assert!(g.iter().all(|&c| (126..=130).contains(&c)), "{g:?}");
        let red = [200, 60, 40];
        let green = [90, 140, 40];
        assert!(delta_e(red, green) > 50.0);
        assert!(
            delta_e(
                simulate(red, Cvd::Deuteranopia),
                simulate(green, Cvd::Deuteranopia)
            ) < 25.0
        );
    }

    #[test]
    fn render_theme_by_name() {
        assert_eq!(Theme::by_name("DARK").unwrap().name, "dark");
        assert_eq!(Theme::by_name("light").unwrap(), Theme::light());
        assert!(Theme::by_name("neon").is_none());
    }
}
