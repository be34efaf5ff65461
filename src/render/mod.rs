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
mod gif;
pub mod graph;
mod layout;
mod paint;
mod png;
mod quant;
mod renderer;
mod scene;
mod table;
mod text;
pub mod theme;

pub use self::gif::*;
pub use layout::*;
pub use png::*;
pub use renderer::*;
pub use scene::*;

pub use table::{table_png, table_png_rows};

pub use theme::{Rgb, Theme};

use paint::{Mark, SquareKey};
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};

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
    fn a_turned_view_draws_each_square_where_its_opposite_was() {
        let mut v = BoardView::from_rows("K8/9/9/9/9/9/9/9/8a").unwrap();
        v.last_move = Some(((0, 1), (0, 8)));
        let r = Renderer::global();
        let theme = Theme::light();
        let plain = r.indexed(&v, &theme);
        v.turned = true;
        let turned = r.indexed(&v, &theme);
        let l = Layout::for_board(9, 9);
        let square = |img: &IndexedImage, f: u8, rk: u8| {
            let (x, y) = l.square_origin(f, rk);
            (0..l.square)
                .flat_map(|dy| {
                    let row = ((y + dy) * img.width + x) as usize;
                    img.pixels[row..row + l.square as usize].to_vec()
                })
                .collect::<Vec<u8>>()
        };
        // The king on a9 is drawn on i1's place, the attacker on i1 on a9's.
        assert_eq!(square(&plain, 0, 8), square(&turned, 8, 0));
        assert_eq!(square(&plain, 8, 0), square(&turned, 0, 8));
        assert_ne!(square(&plain, 0, 8), square(&turned, 0, 8));
    }

    #[test]
    fn isolation_marks_are_not_drawn() {
        let px = 20.0;
        assert_eq!(
            text::measure("Move \u{2068}3\u{2069} · \u{2068}bob\u{2069}", px),
            text::measure("Move 3 · bob", px)
        );
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
