//! The renderer: per-theme palettes, sprites and frame backgrounds, cached.

use rustc_hash::FxHashMap;

use super::{
    file_label, paint, quant, rank_label, text, theme, Arc, BoardView, HashMap, IndexedImage,
    Labels, Layout, Mark, Mutex, OnceLock, PieceView, Rgb, SquareKey, SquareKind, Theme,
    PALETTE_COLOURS, PALETTE_COLOURS_CONTRAST, RAMP_STEPS,
};

/// Palette and text ramps of one theme.
pub(super) struct ThemeData {
    theme: Theme,
    palette: Vec<Rgb>,
    label_ramp: [u8; 16],
    caption_ramp: [u8; 16],
}

pub(super) type SpriteKey = (&'static str, u32, SquareKey);

pub(super) type FrameKey = (&'static str, u8, u8, u32, Labels, bool);

/// The renderer's caches. Their keys are the program's own (a theme's
/// name, sizes, a square's look), not a player's: hashed with a fast
/// hash, not SipHash (a rank's thirteen sprite lookups hashed each
/// square's key field by field).
#[derive(Default)]
pub(super) struct Cache {
    themes: FxHashMap<&'static str, Arc<ThemeData>>,
    sprites: FxHashMap<SpriteKey, Arc<Vec<u8>>>,
    frames: FxHashMap<FrameKey, Arc<Vec<u8>>>,
    icons: FxHashMap<(&'static str, u32, PieceView), Arc<Vec<u8>>>,
    texts: text::Texts,
    pieces: FxHashMap<&'static str, paint::Pieces>,
}

/// Draws boards. Cheap to share: `Send + Sync`, all methods take `&self`,
/// sprites are cached inside behind a mutex (held only while assembling
/// pixels, not while compressing).
#[derive(Default)]
pub struct Renderer {
    cache: Mutex<Cache>,
}

impl Renderer {
    /// A renderer with empty caches.
    pub fn new() -> Renderer {
        Renderer::default()
    }

    /// A process-wide shared renderer.
    pub fn global() -> &'static Renderer {
        static R: OnceLock<Renderer> = OnceLock::new();
        R.get_or_init(Renderer::new)
    }

    pub(super) fn lock(&self) -> std::sync::MutexGuard<'_, Cache> {
        // A panic while painting leaves only complete cache entries behind.
        self.cache.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The palette used for `theme` (at most [`PALETTE_SIZE`] colours).
    pub fn palette(&self, theme: &Theme) -> Vec<Rgb> {
        let mut c = self.lock();
        theme_data(&mut c, theme).palette.clone()
    }

    /// Render `view` at its default layout into an indexed image.
    pub fn indexed(&self, view: &BoardView, theme: &Theme) -> IndexedImage {
        let (w, h) = view.dims();
        self.indexed_with(view, theme, Layout::for_board(w, h))
    }

    /// Render `view` with an explicit layout (see [`Layout::with_square`]).
    pub fn indexed_with(&self, view: &BoardView, theme: &Theme, layout: Layout) -> IndexedImage {
        self.indexed_in(view, theme, layout, Vec::new())
    }

    /// [`Renderer::indexed_with`], the pixels drawn in `pixels` (whatever
    /// it held is replaced; its memory is reused).
    pub(super) fn indexed_in(
        &self,
        view: &BoardView,
        theme: &Theme,
        layout: Layout,
        mut pixels: Vec<u8>,
    ) -> IndexedImage {
        let mut c = self.lock();
        let td = theme_data(&mut c, theme);
        pixels.clear();
        pixels.extend_from_slice(&frame_bg(&mut c, &td, layout, view.labels, view.turned));
        let (files, ranks) = (layout.files, layout.ranks);
        for rank in 0..ranks {
            for file in 0..files {
                let key = drawn_key(view, layout, file, rank);
                let sprite = sprite(&mut c, &td, layout.square, key);
                blit_square(&mut pixels, &layout, file, rank, &sprite);
            }
        }
        draw_caption(&mut c, &td, &layout, &mut pixels, view);
        IndexedImage {
            width: layout.width,
            height: layout.height,
            palette: td.palette.clone(),
            pixels,
        }
    }
}

/// The look of the square drawn at (`file`, `rank`) of the picture:
/// turned, it is the square opposite.
fn drawn_key(view: &BoardView, l: Layout, file: u8, rank: u8) -> SquareKey {
    match view.turned {
        true => view.key(l.files - 1 - file, l.ranks - 1 - rank),
        false => view.key(file, rank),
    }
}

pub(super) fn theme_data(c: &mut Cache, theme: &Theme) -> Arc<ThemeData> {
    if let Some(td) = c.themes.get(theme.name) {
        if td.theme == *theme {
            return td.clone();
        }
    }
    let td = Arc::new(build_theme(theme));
    c.themes.insert(theme.name, td.clone());
    // A changed theme under the same name invalidates its sprites.
    c.sprites.retain(|k, _| k.0 != theme.name);
    c.frames.retain(|k, _| k.0 != theme.name);
    c.icons.retain(|k, _| k.0 != theme.name);
    c.pieces.remove(theme.name);
    td
}

pub(super) fn ramp_colours(bg: Rgb, fg: Rgb) -> [Rgb; 16] {
    let mut r = [bg; 16];
    for (k, e) in r.iter_mut().enumerate() {
        // Eight distinct steps, each used for two coverage levels: text
        // needs no more, and the palette keeps its room for the pieces.
        let steps = RAMP_STEPS as f32;
        let t = ((k as f32 / 15.0) * (steps - 1.0)).round() / (steps - 1.0);
        *e = theme::mix(bg, fg, t);
    }
    r
}

/// Build the palette for a theme from a training set of sprites.
pub(super) fn build_theme(theme: &Theme) -> ThemeData {
    let mut reserved = theme.key_colours();
    let lr = ramp_colours(theme.frame, theme.label);
    let cr = ramp_colours(theme.caption_bg, theme.caption_text);
    reserved.extend_from_slice(&lr);
    reserved.extend_from_slice(&cr);
    let mut samples: HashMap<Rgb, u32> = HashMap::new();
    let mut painted = paint::Pieces::default();
    let s = 48;
    let mut add = |px: Vec<Rgb>| {
        for p in px {
            *samples.entry(p).or_default() += 1;
        }
    };
    let kinds = [
        SquareKind::Plain,
        SquareKind::Throne,
        SquareKind::Corner,
        SquareKind::Restricted,
    ];
    for kind in kinds {
        for escape in [false, true] {
            for mark in [Mark::None, Mark::From, Mark::To] {
                let k = SquareKey {
                    kind,
                    escape,
                    mark,
                    hostile: kind != SquareKind::Plain,
                    ..SquareKey::plain()
                };
                add(paint::square(theme, s, k, &mut painted));
            }
        }
    }
    for (escape, mark) in [(false, Mark::None), (true, Mark::None), (false, Mark::To)] {
        let k = SquareKey {
            escape,
            mark,
            ..SquareKey::plain()
        };
        add(paint::square(
            theme,
            s,
            SquareKey {
                captured: true,
                ..k
            },
            &mut painted,
        ));
        add(paint::square(
            theme,
            s,
            SquareKey { dot: true, ..k },
            &mut painted,
        ));
    }
    let pieces = [
        PieceView::Attacker,
        PieceView::Defender,
        PieceView::King,
        PieceView::WhiteMan,
        PieceView::WhiteDux,
        PieceView::BlackMan,
        PieceView::BlackDux,
    ];
    for p in pieces {
        for (kind, escape, mark) in [
            (SquareKind::Plain, false, Mark::None),
            (SquareKind::Plain, false, Mark::None),
            (SquareKind::Plain, false, Mark::To),
            (SquareKind::Plain, true, Mark::None),
            (SquareKind::Throne, false, Mark::None),
        ] {
            let k = SquareKey {
                kind,
                escape,
                mark,
                piece: Some(p),
                ..SquareKey::plain()
            };
            add(paint::square(theme, s, k, &mut painted));
        }
        add(paint::piece_icon(
            theme,
            32,
            theme.caption_bg,
            p,
            &mut painted,
        ));
    }
    let colours = if theme.name == "contrast" {
        PALETTE_COLOURS_CONTRAST
    } else {
        PALETTE_COLOURS
    };
    let palette = quant::build(&reserved, &samples, colours);
    let ramp = |r: &[Rgb; 16]| {
        let mut o = [0u8; 16];
        for (k, c) in r.iter().enumerate() {
            o[k] = quant::nearest(&palette, *c);
        }
        o
    };
    ThemeData {
        theme: theme.clone(),
        label_ramp: ramp(&lr),
        caption_ramp: ramp(&cr),
        palette,
    }
}

pub(super) fn sprite(c: &mut Cache, td: &ThemeData, s: u32, key: SquareKey) -> Arc<Vec<u8>> {
    c.sprites
        .entry((td.theme.name, s, key))
        .or_insert_with(|| {
            let pieces = c.pieces.entry(td.theme.name).or_default();
            let px = paint::square(&td.theme, s as usize, key, pieces);
            Arc::new(quant::map(&td.palette, &px))
        })
        .clone()
}

pub(super) fn blit_square(buf: &mut [u8], l: &Layout, file: u8, rank: u8, sprite: &[u8]) {
    let (x, y) = l.square_origin(file, rank);
    let w = l.width as usize;
    put_tile(
        buf,
        w,
        y as usize * w + x as usize,
        l.square as usize,
        sprite,
    );
}

/// Copies `tile`, `s` pixels wide, into `buf` (rows `stride` bytes apart)
/// with its top left corner at `at`.
pub(super) fn put_tile(buf: &mut [u8], stride: usize, at: usize, s: usize, tile: &[u8]) {
    for (row, src) in tile.chunks_exact(s).enumerate() {
        let o = at + row * stride;
        buf[o..o + s].copy_from_slice(src);
    }
}

pub(super) fn fill(buf: &mut [u8], w: usize, r: (usize, usize, usize, usize), v: u8) {
    for y in r.1..r.3 {
        buf[y * w + r.0..y * w + r.2].fill(v);
    }
}

/// The frame, outline, labels and empty caption strip (cached).
pub(super) fn frame_bg(
    c: &mut Cache,
    td: &ThemeData,
    l: Layout,
    labels: Labels,
    turned: bool,
) -> Arc<Vec<u8>> {
    let key = (td.theme.name, l.files, l.ranks, l.square, labels, turned);
    if let Some(f) = c.frames.get(&key) {
        return f.clone();
    }
    let pal = &td.palette;
    let t = &td.theme;
    let (w, h) = (l.width as usize, l.height as usize);
    let mut buf = vec![quant::nearest(pal, t.frame); w * h];
    // Outline: 3 px of line colour round the board, a darker hairline outside.
    let (m, bw, bh) = (
        l.margin as usize,
        l.files as usize * l.square as usize,
        l.ranks as usize * l.square as usize,
    );
    let dark = quant::nearest(pal, theme::mix(t.frame, [0, 0, 0], 0.35));
    let line = quant::nearest(pal, t.line);
    fill(&mut buf, w, (m - 4, m - 4, m + bw + 4, m + bh + 4), dark);
    fill(&mut buf, w, (m - 3, m - 3, m + bw + 3, m + bh + 3), line);
    // Caption strip with a hairline on top.
    let ct = l.caption_top() as usize;
    fill(
        &mut buf,
        w,
        (0, ct, w, h),
        quant::nearest(pal, t.caption_bg),
    );
    fill(&mut buf, w, (0, ct, w, ct + 1), dark);
    // Labels.
    let px = l.label_px();
    let cap = text::cap_height(px as f32).round() as i32;
    let clip = (0, 0, w as i32, ct as i32);
    let s = l.square as f32;
    for f in 0..l.files {
        let txt = file_label(labels, if turned { l.files - 1 - f } else { f });
        let tw = text::measure(&txt, px as f32);
        let x = m as f32 + (f as f32 + 0.5) * s - tw / 2.0;
        for mid in [m as f32 / 2.0 - 1.0, (m + bh) as f32 + m as f32 / 2.0 + 1.0] {
            let base = (mid + cap as f32 / 2.0).round() as i32;
            c.texts
                .draw(&mut buf, w, clip, x, base, &txt, px, &td.label_ramp);
        }
    }
    for r in 0..l.ranks {
        let txt = rank_label(labels, if turned { l.ranks - 1 - r } else { r });
        let tw = text::measure(&txt, px as f32);
        let cy = m as f32 + (l.ranks - 1 - r) as f32 * s + s / 2.0;
        let base = (cy + cap as f32 / 2.0).round() as i32;
        for mid in [m as f32 / 2.0 - 1.0, (m + bw) as f32 + m as f32 / 2.0 + 1.0] {
            c.texts.draw(
                &mut buf,
                w,
                clip,
                mid - tw / 2.0,
                base,
                &txt,
                px,
                &td.label_ramp,
            );
        }
    }
    let f = Arc::new(buf);
    c.frames.insert(key, f.clone());
    f
}

/// Draws the caption strip into `buf`, the whole picture's pixels.
pub(super) fn draw_caption(
    c: &mut Cache,
    td: &ThemeData,
    l: &Layout,
    buf: &mut [u8],
    view: &BoardView,
) {
    let (w, h) = (l.width as usize, l.height as usize);
    let ct = l.caption_top() as usize;
    let bg = quant::nearest(&td.palette, td.theme.caption_bg);
    fill(buf, w, (0, ct + 1, w, h), bg);
    let mut x = l.margin as f32 - 4.0;
    if let Some(p) = view.caption_piece {
        let is = (l.caption * 62 / 100) as usize;
        let icon = c
            .icons
            .entry((td.theme.name, is as u32, p))
            .or_insert_with(|| {
                let pieces = c.pieces.entry(td.theme.name).or_default();
                let px = paint::piece_icon(&td.theme, is, td.theme.caption_bg, p, pieces);
                Arc::new(quant::map(&td.palette, &px))
            })
            .clone();
        let y0 = ct + (l.caption as usize - is) / 2 + 1;
        put_tile(buf, w, y0 * w + x as usize, is, &icon);
        x += is as f32 + 10.0;
    }
    if view.caption.is_empty() {
        return;
    }
    let px = l.caption_px();
    let avail = w as f32 - x - l.margin as f32 / 2.0;
    let mut txt = view.caption.clone();
    if text::measure(&txt, px as f32) > avail {
        let mut chars: Vec<char> = txt.chars().collect();
        while !chars.is_empty() {
            chars.pop();
            let t: String = chars.iter().collect::<String>() + "…";
            if text::measure(&t, px as f32) <= avail {
                break;
            }
        }
        txt = chars.into_iter().collect::<String>() + "…";
    }
    let cap = text::cap_height(px as f32).round() as i32;
    let base = (ct as f32 + 1.0 + (l.caption as f32 + cap as f32) / 2.0).round() as i32;
    let clip = (0, ct as i32 + 1, w as i32, h as i32);
    c.texts
        .draw(buf, w, clip, x, base, &txt, px, &td.caption_ramp);
}
