//! Animated GIFs of a game, one frame per move.

use super::{
    blit_square, draw_caption, sprite, theme_data, BoardView, Layout, RenderError, Renderer,
    SquareKey, Theme, PALETTE_SIZE, TRANSPARENT,
};

impl Renderer {
    /// Animated GIF of `frames` (one per move), `delay_cs` hundredths of a
    /// second per frame (the last frame holds three times as long). Frames
    /// after the first only carry the rectangle that changed, with
    /// unchanged pixels transparent.
    pub fn gif(
        &self,
        frames: &[BoardView],
        theme: &Theme,
        delay_cs: u16,
    ) -> Result<Vec<u8>, RenderError> {
        let first = frames
            .first()
            .ok_or_else(|| RenderError::BadFrames("no frames".into()))?;
        let (w, h) = first.dims();
        self.gif_with(frames, theme, delay_cs, Layout::for_gif(w, h))
    }

    /// [`Renderer::gif`] with an explicit layout (e.g. [`Layout::for_board`]
    /// for full-size frames).
    pub fn gif_with(
        &self,
        frames: &[BoardView],
        theme: &Theme,
        delay_cs: u16,
        layout: Layout,
    ) -> Result<Vec<u8>, RenderError> {
        let first = frames
            .first()
            .ok_or_else(|| RenderError::BadFrames("no frames".into()))?;
        let dims = first.dims();
        if frames.iter().any(|f| f.dims() != dims) || (layout.files, layout.ranks) != dims {
            return Err(RenderError::BadFrames("frames differ in board size".into()));
        }
        let first_img = self.indexed_with(first, theme, layout);
        let (w, h) = (layout.width as usize, layout.height as usize);
        let mut pal_bytes = Vec::with_capacity(768);
        for c in &first_img.palette {
            pal_bytes.extend_from_slice(c);
        }
        pal_bytes.resize(3 * (PALETTE_SIZE + 1), 0);
        let err = |e: ::gif::EncodingError| RenderError::Encode(e.to_string());
        let mut out = Vec::new();
        {
            let mut enc =
                ::gif::Encoder::new(&mut out, w as u16, h as u16, &pal_bytes).map_err(err)?;
            enc.set_repeat(::gif::Repeat::Infinite).map_err(err)?;
            let last_delay = delay_cs.saturating_mul(3);
            let delay_of = |i: usize| {
                if i + 1 == frames.len() {
                    last_delay
                } else {
                    delay_cs
                }
            };
            let f0 = ::gif::Frame {
                width: w as u16,
                height: h as u16,
                delay: delay_of(0),
                buffer: std::borrow::Cow::Borrowed(&first_img.pixels),
                ..::gif::Frame::default()
            };
            enc.write_frame(&f0).map_err(err)?;

            let mut shown = first_img.pixels.clone();
            let mut work = first_img.pixels;
            let mut keys: Vec<SquareKey> = (0..dims.1)
                .flat_map(|r| (0..dims.0).map(move |f| (f, r)))
                .map(|(f, r)| first.key(f, r))
                .collect();
            let mut caption = (first.caption.clone(), first.caption_piece);
            let td = theme_data(&mut self.lock(), theme);
            let mut sub = Vec::new();
            for (i, view) in frames.iter().enumerate().skip(1) {
                // The cache lock is held while redrawing, not while encoding.
                let mut c = self.lock();
                // Redraw only the squares whose look changed.
                let mut dirty: Option<(usize, usize, usize, usize)> = None;
                let mut grow = |x0: usize, y0: usize, x1: usize, y1: usize| {
                    dirty = Some(match dirty {
                        None => (x0, y0, x1, y1),
                        Some((a, b, c, d)) => (a.min(x0), b.min(y0), c.max(x1), d.max(y1)),
                    });
                };
                for rank in 0..dims.1 {
                    for file in 0..dims.0 {
                        let k = view.key(file, rank);
                        let idx = rank as usize * dims.0 as usize + file as usize;
                        if keys[idx] != k {
                            keys[idx] = k;
                            let sp = sprite(&mut c, &td, layout.square, k);
                            blit_square(&mut work, &layout, file, rank, &sp);
                            let (x, y) = layout.square_origin(file, rank);
                            let s = layout.square as usize;
                            grow(x as usize, y as usize, x as usize + s, y as usize + s);
                        }
                    }
                }
                if (view.caption.as_str(), view.caption_piece) != (caption.0.as_str(), caption.1) {
                    caption = (view.caption.clone(), view.caption_piece);
                    draw_caption(&mut c, &td, &layout, &mut work, view);
                    grow(0, layout.caption_top() as usize, w, h);
                }
                drop(c);
                // Shrink to the pixels that really differ.
                let rect = dirty
                    .and_then(|(x0, y0, x1, y1)| diff_bounds(&shown, &work, w, (x0, y0, x1, y1)));
                let frame = match rect {
                    None => ::gif::Frame {
                        width: 1,
                        height: 1,
                        delay: delay_of(i),
                        transparent: Some(TRANSPARENT),
                        buffer: std::borrow::Cow::Borrowed(&[TRANSPARENT][..]),
                        ..::gif::Frame::default()
                    },
                    Some((x0, y0, x1, y1)) => {
                        sub.clear();
                        for y in y0..y1 {
                            let row = y * w;
                            for x in x0..x1 {
                                let n = work[row + x];
                                sub.push(if n == shown[row + x] { TRANSPARENT } else { n });
                            }
                            shown[row + x0..row + x1].copy_from_slice(&work[row + x0..row + x1]);
                        }
                        ::gif::Frame {
                            left: x0 as u16,
                            top: y0 as u16,
                            width: (x1 - x0) as u16,
                            height: (y1 - y0) as u16,
                            delay: delay_of(i),
                            transparent: Some(TRANSPARENT),
                            buffer: std::borrow::Cow::Borrowed(&sub),
                            ..::gif::Frame::default()
                        }
                    }
                };
                enc.write_frame(&frame).map_err(err)?;
            }
        }
        Ok(out)
    }
}

/// Bounding box (x0, y0, x1, y1), exclusive ends, of the pixels inside
/// `r` where `a` and `b` differ.
pub(super) fn diff_bounds(
    a: &[u8],
    b: &[u8],
    w: usize,
    r: (usize, usize, usize, usize),
) -> Option<(usize, usize, usize, usize)> {
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for y in r.1..r.3 {
        let ra = &a[y * w + r.0..y * w + r.2];
        let rb = &b[y * w + r.0..y * w + r.2];
        if ra == rb {
            continue;
        }
        let first = ra.iter().zip(rb).position(|(p, q)| p != q).unwrap();
        let last = ra.iter().zip(rb).rposition(|(p, q)| p != q).unwrap();
        x0 = x0.min(r.0 + first);
        x1 = x1.max(r.0 + last + 1);
        y0 = y0.min(y);
        y1 = y + 1;
    }
    (x1 > 0).then_some((x0, y0, x1, y1))
}

/// Animated GIF of `frames` in the light theme via the shared renderer.
pub fn gif(frames: &[BoardView], delay_cs: u16) -> Result<Vec<u8>, RenderError> {
    Renderer::global().gif(frames, &Theme::light(), delay_cs)
}
