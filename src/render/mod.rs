//! Board pictures: PNG stills and animated GIFs of a position.
//!
//! The module is independent of the rules: callers describe what to draw
//! with the plain-data [`BoardView`] and pick a [`Theme`]. A [`Renderer`]
//! paints every square sprite (square kind + marks + piece) once per theme
//! and square size, maps it to a fixed 127-colour palette, caches it, and
//! then assembles boards by copying indexed pixels (the lila-gif technique).
//! Output is an 8-bit indexed PNG or a GIF whose frames only redraw what
//! changed. See `docs/render.md`.
//!
//! ```
//! use tawlbot::render::{BoardView, Renderer, Theme};
//! let mut view = BoardView::from_rows("3/1K1/3").unwrap();
//! view.caption = "Move 1".into();
//! let png = Renderer::global()
//!     .png(&view, &Theme::light(), &[("tawlbot-position", "3/1K1/3")])
//!     .unwrap();
//! assert_eq!(&png[1..4], b"PNG");
//! ```

mod deflate;
pub mod graph;
mod paint;
mod quant;
mod table;
mod text;
pub mod theme;

pub use table::table_png;

pub use theme::{Rgb, Theme};

use paint::{Mark, SquareKey};
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};

/// What stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceView {
    /// Tafl attacker (assailant): dark.
    Attacker,
    /// Tafl defender (prince): light.
    Defender,
    /// Tafl king: light, larger, gold ring and crown.
    King,
    /// Latrunculi white man.
    WhiteMan,
    /// Latrunculi white dux: a raised, gold-banded white man.
    WhiteDux,
    /// Latrunculi black man.
    BlackMan,
    /// Latrunculi black dux.
    BlackDux,
}

impl PieceView {
    /// The ROWS-format letter of this piece (`a d K w W b B`).
    pub fn letter(self) -> char {
        match self {
            PieceView::Attacker => 'a',
            PieceView::Defender => 'd',
            PieceView::King => 'K',
            PieceView::WhiteMan => 'w',
            PieceView::WhiteDux => 'W',
            PieceView::BlackMan => 'b',
            PieceView::BlackDux => 'B',
        }
    }

    /// Inverse of [`PieceView::letter`].
    pub fn from_letter(c: char) -> Option<PieceView> {
        Some(match c {
            'a' => PieceView::Attacker,
            'd' => PieceView::Defender,
            'K' => PieceView::King,
            'w' => PieceView::WhiteMan,
            'W' => PieceView::WhiteDux,
            'b' => PieceView::BlackMan,
            'B' => PieceView::BlackDux,
            _ => return None,
        })
    }
}

/// What kind of square it is (drawn whether or not a piece stands on it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum SquareKind {
    /// Ordinary square.
    #[default]
    Plain,
    /// The throne: darker wood with a carved square and diamond.
    Throne,
    /// A king-only corner square: carved like the throne.
    Corner,
    /// Another restricted (king-only) square, e.g. goedhboell corner-guard:
    /// faint diagonal hatching.
    Restricted,
}

/// Coordinate labels drawn round the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Labels {
    /// Files `a b c ...` below and above, ranks `1 2 3 ...` left and right.
    #[default]
    Algebraic,
    /// @hv: column numbers `1 2 3 ...` below and above, row numbers left and right.
    AtHv,
}

/// The text of the label under file `i` (0 = leftmost).
pub fn file_label(labels: Labels, i: u8) -> String {
    match labels {
        Labels::Algebraic => ((b'a' + i.min(25)) as char).to_string(),
        Labels::AtHv => (i as u32 + 1).to_string(),
    }
}

/// The text of the label beside rank `i` (0 = bottom).
pub fn rank_label(_labels: Labels, i: u8) -> String {
    (i as u32 + 1).to_string()
}

/// Everything the renderer needs to draw one position. Plain data.
///
/// Square vectors are indexed `rank * width + file`, rank 0 at the bottom,
/// file 0 on the left. Short vectors are read as "empty / plain / false".
#[derive(Clone, Debug, PartialEq, Default)]
pub struct BoardView {
    /// Number of files (columns), 1..=26.
    pub width: u8,
    /// Number of ranks (rows), 1..=26.
    pub height: u8,
    /// The piece on each square.
    pub cells: Vec<Option<PieceView>>,
    /// The kind of each square.
    pub squares: Vec<SquareKind>,
    /// Squares hostile to pieces (small notches in the corners).
    pub hostile: Vec<bool>,
    /// Every edge square is an escape square (tawlbwrdd): tinted blue-grey.
    pub escape_edges: bool,
    /// The four corners are escape squares (tallfwrdd, goedhboell).
    pub escape_corners: bool,
    /// Coordinate labels.
    pub labels: Labels,
    /// Last move, `((file, rank), (file, rank))` from and to.
    pub last_move: Option<((u8, u8), (u8, u8))>,
    /// Squares emptied by the last move's captures (red cross).
    pub captured: Vec<(u8, u8)>,
    /// Legal destinations of one chosen piece (dots).
    pub dots: Vec<(u8, u8)>,
    /// Caption line under the board, e.g. "Move 12 · defenders to move".
    pub caption: String,
    /// Piece drawn as an icon before the caption (side to move), if any.
    pub caption_piece: Option<PieceView>,
}

impl BoardView {
    /// An empty board of plain squares.
    pub fn empty(width: u8, height: u8) -> BoardView {
        let n = width as usize * height as usize;
        BoardView {
            width,
            height,
            cells: vec![None; n],
            squares: vec![SquareKind::Plain; n],
            hostile: vec![false; n],
            ..BoardView::default()
        }
    }

    /// Parse ROWS: top rank first, ranks separated by `/`, `.` empty,
    /// a number = that many empty squares, letters as in
    /// [`PieceView::from_letter`]. Squares are all plain.
    pub fn from_rows(rows: &str) -> Result<BoardView, String> {
        let mut ranks: Vec<Vec<Option<PieceView>>> = Vec::new();
        for row in rows.trim().split('/') {
            let mut r = Vec::new();
            let mut num = 0usize;
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10) {
                    num = num * 10 + d as usize;
                    continue;
                }
                r.extend(std::iter::repeat_n(None, num));
                num = 0;
                if ch == '.' {
                    r.push(None);
                } else {
                    let p = PieceView::from_letter(ch)
                        .ok_or_else(|| format!("unknown piece letter {ch:?}"))?;
                    r.push(Some(p));
                }
            }
            r.extend(std::iter::repeat_n(None, num));
            ranks.push(r);
        }
        let width = ranks[0].len();
        if ranks.iter().any(|r| r.len() != width) {
            return Err("ranks have different lengths".into());
        }
        if !(1..=26).contains(&width) || !(1..=26).contains(&ranks.len()) {
            return Err("board must be 1..=26 squares each way".into());
        }
        let mut v = BoardView::empty(width as u8, ranks.len() as u8);
        for (i, r) in ranks.iter().rev().enumerate() {
            v.cells[i * width..(i + 1) * width].copy_from_slice(r);
        }
        Ok(v)
    }

    /// Index of (file, rank) in the square vectors.
    pub fn index(&self, file: u8, rank: u8) -> usize {
        rank as usize * self.width as usize + file as usize
    }

    /// The piece at (file, rank).
    pub fn piece(&self, file: u8, rank: u8) -> Option<PieceView> {
        self.cells.get(self.index(file, rank)).copied().flatten()
    }

    /// Set the kind of square (file, rank), growing `squares` if needed.
    pub fn set_kind(&mut self, file: u8, rank: u8, kind: SquareKind) {
        let i = self.index(file, rank);
        if self.squares.len() <= i {
            self.squares.resize(i + 1, SquareKind::Plain);
        }
        self.squares[i] = kind;
    }

    /// Mark (file, rank) hostile, growing `hostile` if needed.
    pub fn set_hostile(&mut self, file: u8, rank: u8) {
        let i = self.index(file, rank);
        if self.hostile.len() <= i {
            self.hostile.resize(i + 1, false);
        }
        self.hostile[i] = true;
    }

    fn dims(&self) -> (u8, u8) {
        (self.width.clamp(1, 26), self.height.clamp(1, 26))
    }

    /// Is (file, rank) an escape square?
    pub fn is_escape(&self, file: u8, rank: u8) -> bool {
        let (w, h) = self.dims();
        let edge_f = file == 0 || file + 1 == w;
        let edge_r = rank == 0 || rank + 1 == h;
        (self.escape_edges && (edge_f || edge_r)) || (self.escape_corners && edge_f && edge_r)
    }

    fn key(&self, file: u8, rank: u8) -> SquareKey {
        let i = self.index(file, rank);
        let sq = (file, rank);
        let mark = match self.last_move {
            Some((_, to)) if to == sq => Mark::To,
            Some((from, _)) if from == sq => Mark::From,
            _ => Mark::None,
        };
        SquareKey {
            kind: self.squares.get(i).copied().unwrap_or_default(),
            escape: self.is_escape(file, rank),
            hostile: self.hostile.get(i).copied().unwrap_or(false),
            mark,
            captured: self.captured.contains(&sq),
            dot: self.dots.contains(&sq),
            piece: self.cells.get(i).copied().flatten(),
        }
    }
}

/// Pixel geometry of a rendered board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Files and ranks.
    pub files: u8,
    /// Ranks.
    pub ranks: u8,
    /// Side of one square in pixels.
    pub square: u32,
    /// Width of the label frame on each side of the board.
    pub margin: u32,
    /// Height of the caption strip under the frame.
    pub caption: u32,
    /// Image width.
    pub width: u32,
    /// Image height.
    pub height: u32,
}

/// Target image width; the square size is chosen to land near it.
pub const TARGET_WIDTH: u32 = 712;
/// Colours per theme palette. 127 rather than 255: fewer shades make
/// smaller files (about 12% for the tawlbwrdd start) with no visible loss.
/// 127 leaves index 127 for GIF transparency, so GIF frames need only
/// 7-bit LZW codes at the start.
pub const PALETTE_SIZE: usize = 127;
const TRANSPARENT: u8 = PALETTE_SIZE as u8;
/// Colours a theme really uses (of the [`PALETTE_SIZE`] it may): fewer
/// shades make smaller files; 72 keeps every board at 25 KB or less with
/// no visible banding.
const PALETTE_COLOURS: usize = 72;
/// Distinct shades in each text ramp.
const RAMP_STEPS: usize = 8;
/// Target width of animated GIFs.
pub const GIF_TARGET_WIDTH: u32 = 540;

impl Layout {
    /// Default layout for a board: square size chosen so the image is about
    /// 720-780 px across its longer side.
    pub fn for_board(files: u8, ranks: u8) -> Layout {
        let margin = 36;
        let long = files.max(ranks).clamp(1, 26) as u32;
        let mut square = ((TARGET_WIDTH - 2 * margin) / long).clamp(20, 120);
        // At least 700 pixels along the long side, whatever the margins.
        while square < 120 && {
            let l = Layout::with_square(files, ranks, square);
            l.width.max(l.height - l.caption) < 700
        } {
            square += 1;
        }
        Layout::with_square(files, ranks, square)
    }

    /// Smaller default layout for animated GIFs (about 540 px across):
    /// GIF's LZW costs grow with the pixels that change each move.
    pub fn for_gif(files: u8, ranks: u8) -> Layout {
        let long = files.max(ranks).clamp(1, 26) as u32;
        Layout::with_square(
            files,
            ranks,
            ((GIF_TARGET_WIDTH - 52) / long).clamp(16, 120),
        )
    }

    /// Layout with an explicit square size (pixels).
    pub fn with_square(files: u8, ranks: u8, square: u32) -> Layout {
        let (files, ranks) = (files.clamp(1, 26), ranks.clamp(1, 26));
        let square = square.clamp(8, 400);
        let margin = (square * 6 / 10).clamp(22, 36);
        let caption = (margin * 3 / 2).max(36);
        Layout {
            files,
            ranks,
            square,
            margin,
            caption,
            width: 2 * margin + files as u32 * square,
            height: 2 * margin + ranks as u32 * square + caption,
        }
    }

    /// Top-left pixel of square (file, rank).
    pub fn square_origin(&self, file: u8, rank: u8) -> (u32, u32) {
        (
            self.margin + file as u32 * self.square,
            self.margin + (self.ranks - 1 - rank) as u32 * self.square,
        )
    }

    /// Centre pixel of square (file, rank).
    pub fn square_centre(&self, file: u8, rank: u8) -> (u32, u32) {
        let (x, y) = self.square_origin(file, rank);
        (x + self.square / 2, y + self.square / 2)
    }

    /// Top of the caption strip.
    pub fn caption_top(&self) -> u32 {
        self.height - self.caption
    }

    fn label_px(&self) -> u32 {
        (self.margin * 55 / 100).clamp(10, 22)
    }

    fn caption_px(&self) -> u32 {
        (self.caption * 45 / 100).clamp(12, 28)
    }
}

/// An indexed-colour picture: one palette index per pixel.
#[derive(Clone, Debug, PartialEq)]
pub struct IndexedImage {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Palette (at most [`PALETTE_SIZE`] colours, so index 127 is free for
    /// GIF transparency).
    pub palette: Vec<Rgb>,
    /// Row-major palette indices.
    pub pixels: Vec<u8>,
}

impl IndexedImage {
    /// Colour of pixel (x, y).
    pub fn rgb(&self, x: u32, y: u32) -> Rgb {
        self.palette[self.pixels[(y * self.width + x) as usize] as usize]
    }
}

/// Errors from the encoders.
#[derive(Debug)]
pub enum RenderError {
    /// A text-chunk keyword is not 1-79 Latin-1 characters without
    /// leading/trailing spaces.
    BadKeyword(String),
    /// A GIF needs at least one frame, all with the same board size.
    BadFrames(String),
    /// The PNG or GIF encoder failed.
    Encode(String),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::BadKeyword(k) => write!(f, "bad PNG text keyword {k:?}"),
            RenderError::BadFrames(m) => write!(f, "bad GIF frames: {m}"),
            RenderError::Encode(m) => write!(f, "encoding failed: {m}"),
        }
    }
}

impl std::error::Error for RenderError {}

/// Palette and text ramps of one theme.
struct ThemeData {
    theme: Theme,
    palette: Vec<Rgb>,
    label_ramp: [u8; 16],
    caption_ramp: [u8; 16],
}

type SpriteKey = (&'static str, u32, SquareKey);
type FrameKey = (&'static str, u8, u8, u32, Labels);

#[derive(Default)]
struct Cache {
    themes: HashMap<&'static str, Arc<ThemeData>>,
    sprites: HashMap<SpriteKey, Arc<Vec<u8>>>,
    frames: HashMap<FrameKey, Arc<Vec<u8>>>,
    icons: HashMap<(&'static str, u32, PieceView), Arc<Vec<u8>>>,
    texts: text::Texts,
    pieces: HashMap<&'static str, paint::Pieces>,
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

    fn lock(&self) -> std::sync::MutexGuard<'_, Cache> {
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
        let mut c = self.lock();
        let td = theme_data(&mut c, theme);
        let mut pixels = frame_bg(&mut c, &td, layout, view.labels).as_ref().clone();
        for rank in 0..layout.ranks {
            for file in 0..layout.files {
                let sprite = sprite(&mut c, &td, layout.square, view.key(file, rank));
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

    /// Render `view` to PNG bytes (8-bit indexed colour), with text chunks
    /// `(keyword, value)`: tEXt for short Latin-1 text, zTXt for long
    /// Latin-1 text, iTXt for anything else. Read them back with
    /// [`read_text_chunks`].
    pub fn png(
        &self,
        view: &BoardView,
        theme: &Theme,
        text_chunks: &[(&str, &str)],
    ) -> Result<Vec<u8>, RenderError> {
        let img = self.indexed(view, theme);
        encode_png(&img, text_chunks)
    }

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
        let err = |e: gif::EncodingError| RenderError::Encode(e.to_string());
        let mut out = Vec::new();
        {
            let mut enc =
                gif::Encoder::new(&mut out, w as u16, h as u16, &pal_bytes).map_err(err)?;
            enc.set_repeat(gif::Repeat::Infinite).map_err(err)?;
            let last_delay = delay_cs.saturating_mul(3);
            let delay_of = |i: usize| {
                if i + 1 == frames.len() {
                    last_delay
                } else {
                    delay_cs
                }
            };
            let f0 = gif::Frame {
                width: w as u16,
                height: h as u16,
                delay: delay_of(0),
                buffer: std::borrow::Cow::Borrowed(&first_img.pixels),
                ..gif::Frame::default()
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
                    None => gif::Frame {
                        width: 1,
                        height: 1,
                        delay: delay_of(i),
                        transparent: Some(TRANSPARENT),
                        buffer: std::borrow::Cow::Borrowed(&[TRANSPARENT][..]),
                        ..gif::Frame::default()
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
                        gif::Frame {
                            left: x0 as u16,
                            top: y0 as u16,
                            width: (x1 - x0) as u16,
                            height: (y1 - y0) as u16,
                            delay: delay_of(i),
                            transparent: Some(TRANSPARENT),
                            buffer: std::borrow::Cow::Borrowed(&sub),
                            ..gif::Frame::default()
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
fn diff_bounds(
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

fn theme_data(c: &mut Cache, theme: &Theme) -> Arc<ThemeData> {
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

fn ramp_colours(bg: Rgb, fg: Rgb) -> [Rgb; 16] {
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
fn build_theme(theme: &Theme) -> ThemeData {
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
    let palette = quant::build(&reserved, &samples, PALETTE_COLOURS);
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

fn sprite(c: &mut Cache, td: &ThemeData, s: u32, key: SquareKey) -> Arc<Vec<u8>> {
    c.sprites
        .entry((td.theme.name, s, key))
        .or_insert_with(|| {
            let pieces = c.pieces.entry(td.theme.name).or_default();
            let px = paint::square(&td.theme, s as usize, key, pieces);
            Arc::new(quant::map(&td.palette, &px))
        })
        .clone()
}

fn blit_square(buf: &mut [u8], l: &Layout, file: u8, rank: u8, sprite: &[u8]) {
    let (x, y) = l.square_origin(file, rank);
    let (x, y, s, w) = (x as usize, y as usize, l.square as usize, l.width as usize);
    for (row, src) in sprite.chunks_exact(s).enumerate() {
        let o = (y + row) * w + x;
        buf[o..o + s].copy_from_slice(src);
    }
}

fn fill(buf: &mut [u8], w: usize, r: (usize, usize, usize, usize), v: u8) {
    for y in r.1..r.3 {
        buf[y * w + r.0..y * w + r.2].fill(v);
    }
}

/// The frame, outline, labels and empty caption strip (cached).
fn frame_bg(c: &mut Cache, td: &ThemeData, l: Layout, labels: Labels) -> Arc<Vec<u8>> {
    let key = (td.theme.name, l.files, l.ranks, l.square, labels);
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
        let txt = file_label(labels, f);
        let tw = text::measure(&txt, px as f32);
        let x = m as f32 + (f as f32 + 0.5) * s - tw / 2.0;
        for mid in [m as f32 / 2.0 - 1.0, (m + bh) as f32 + m as f32 / 2.0 + 1.0] {
            let base = (mid + cap as f32 / 2.0).round() as i32;
            c.texts
                .draw(&mut buf, w, clip, x, base, &txt, px, &td.label_ramp);
        }
    }
    for r in 0..l.ranks {
        let txt = rank_label(labels, r);
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

fn draw_caption(c: &mut Cache, td: &ThemeData, l: &Layout, buf: &mut [u8], view: &BoardView) {
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
        let x0 = x as usize;
        for (row, src) in icon.chunks_exact(is).enumerate() {
            let o = (y0 + row) * w + x0;
            buf[o..o + is].copy_from_slice(src);
        }
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

fn latin1(s: &str) -> bool {
    s.chars().all(|c| (c as u32) < 256)
}

fn valid_keyword(k: &str) -> bool {
    (1..=79).contains(&k.chars().count())
        && latin1(k)
        && !k.starts_with(' ')
        && !k.ends_with(' ')
        && !k.contains("  ")
        && k.chars().all(|c| c != '\0')
}

/// Encode an indexed image as an 8-bit palette PNG with text chunks.
pub fn encode_png(
    img: &IndexedImage,
    text_chunks: &[(&str, &str)],
) -> Result<Vec<u8>, RenderError> {
    let err = |e: png::EncodingError| RenderError::Encode(e.to_string());
    let mut out = Vec::with_capacity(32 * 1024);
    {
        let mut enc = png::Encoder::new(&mut out, img.width, img.height);
        enc.set_color(png::ColorType::Indexed);
        enc.set_depth(png::BitDepth::Eight);
        let mut pal = Vec::with_capacity(img.palette.len() * 3);
        for c in &img.palette {
            pal.extend_from_slice(c);
        }
        enc.set_palette(pal);
        for &(k, v) in text_chunks {
            if !valid_keyword(k) {
                return Err(RenderError::BadKeyword(k.to_string()));
            }
            let r = if !latin1(v) {
                enc.add_itxt_chunk(k.to_string(), v.to_string())
            } else if v.len() > 1024 {
                enc.add_ztxt_chunk(k.to_string(), v.to_string())
            } else {
                enc.add_text_chunk(k.to_string(), v.to_string())
            };
            r.map_err(err)?;
        }
        let mut w = enc.write_header().map_err(err)?;
        // Our own compressor: scanlines with filter type 0 (none), which
        // suits palette images, and LZ77 tuned to repeated sprites.
        let stride = img.width as usize + 1;
        let mut raw = Vec::with_capacity(stride * img.height as usize);
        for row in img.pixels.chunks_exact(img.width as usize) {
            raw.push(0);
            raw.extend_from_slice(row);
        }
        let z = deflate::zlib(&raw, stride);
        for part in z.chunks(1 << 20) {
            w.write_chunk(png::chunk::IDAT, part).map_err(err)?;
        }
        w.finish().map_err(err)?;
    }
    Ok(out)
}

/// Our zlib compressor (the PNG IDAT stream): `row` is the distance to
/// "the same byte one row up" (for a PNG, width + 1); any value works for
/// arbitrary data. Public so the tests can check it against independent
/// decoders.
pub fn zlib(data: &[u8], row: usize) -> Vec<u8> {
    deflate::zlib(data, row.max(1))
}

/// All tEXt, zTXt and iTXt chunks of a PNG, in file order per kind
/// (tEXt, then zTXt, then iTXt), as `(keyword, text)`. Chunks anywhere in
/// the file are found. Returns an empty list for bytes that are not a PNG.
pub fn read_text_chunks(bytes: &[u8]) -> Vec<(String, String)> {
    let mut dec = png::Decoder::new(std::io::Cursor::new(bytes));
    dec.set_ignore_text_chunk(false);
    let Ok(mut reader) = dec.read_info() else {
        return Vec::new();
    };
    // Decode the image too so chunks after IDAT are seen.
    if let Some(n) = reader.output_buffer_size() {
        let mut buf = vec![0; n];
        if reader.next_frame(&mut buf).is_ok() {
            let _ = reader.finish();
        }
    }
    let info = reader.info();
    let mut out = Vec::new();
    for t in &info.uncompressed_latin1_text {
        out.push((t.keyword.clone(), t.text.clone()));
    }
    for t in &info.compressed_latin1_text {
        if let Ok(s) = t.get_text() {
            out.push((t.keyword.clone(), s));
        }
    }
    for t in &info.utf8_text {
        if let Ok(s) = t.get_text() {
            out.push((t.keyword.clone(), s));
        }
    }
    out
}

/// PNG of `view` in the light theme, with text chunks, via the shared renderer.
pub fn png_with_text(view: &BoardView, chunks: &[(&str, &str)]) -> Result<Vec<u8>, RenderError> {
    Renderer::global().png(view, &Theme::light(), chunks)
}

/// Animated GIF of `frames` in the light theme via the shared renderer.
pub fn gif(frames: &[BoardView], delay_cs: u16) -> Result<Vec<u8>, RenderError> {
    Renderer::global().gif(frames, &Theme::light(), delay_cs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn render_labels_per_notation() {
        assert_eq!(file_label(Labels::Algebraic, 0), "a");
        assert_eq!(file_label(Labels::Algebraic, 10), "k");
        assert_eq!(file_label(Labels::Algebraic, 12), "m");
        assert_eq!(rank_label(Labels::Algebraic, 10), "11");
        assert_eq!(file_label(Labels::AtHv, 0), "1");
        assert_eq!(file_label(Labels::AtHv, 8), "9");
        assert_eq!(rank_label(Labels::AtHv, 4), "5");
    }

    #[test]
    fn render_rows_parse() {
        let v = BoardView::from_rows("3aaa3/9/4K4").unwrap();
        assert_eq!((v.width, v.height), (9, 3));
        assert_eq!(v.piece(4, 0), Some(PieceView::King));
        assert_eq!(v.piece(3, 2), Some(PieceView::Attacker));
        assert_eq!(v.piece(0, 2), None);
        let g = BoardView::from_rows("bbbbbbbbbbbbb/13/wwwwwwwwwwwww").unwrap();
        assert_eq!((g.width, g.height), (13, 3));
        assert!(BoardView::from_rows("3/4").is_err());
        assert!(BoardView::from_rows("3/2x").is_err());
    }

    #[test]
    fn render_layout_sizes() {
        for (w, h) in [(11, 11), (9, 9), (13, 8), (10, 8), (8, 8), (12, 8)] {
            let l = Layout::for_board(w, h);
            assert!(
                (700..=790).contains(&l.width.max(l.height - l.caption)),
                "{w}x{h}: {l:?}"
            );
        }
        let l = Layout::for_board(13, 8);
        assert!(l.width > l.height);
    }

    #[test]
    fn render_escape_squares() {
        let mut v = BoardView::empty(9, 9);
        v.escape_corners = true;
        assert!(v.is_escape(0, 0) && v.is_escape(8, 8) && !v.is_escape(0, 4));
        v.escape_corners = false;
        v.escape_edges = true;
        assert!(v.is_escape(0, 4) && v.is_escape(4, 8) && !v.is_escape(4, 4));
    }

    #[test]
    fn render_renderer_is_send_sync() {
        fn check<T: Send + Sync>() {}
        check::<Renderer>();
    }

    #[test]
    fn render_bad_keyword_is_refused() {
        let v = BoardView::from_rows("2/2").unwrap();
        let r = Renderer::new().png(&v, &Theme::light(), &[("", "x")]);
        assert!(matches!(r, Err(RenderError::BadKeyword(_))));
    }
}
