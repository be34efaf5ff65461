//! Sizes: where squares, labels and the caption go in a picture.

use super::Rgb;

/// Pixel geometry of a rendered board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

pub(super) const TRANSPARENT: u8 = PALETTE_SIZE as u8;

/// Colours a theme really uses (of the [`PALETTE_SIZE`] it may): fewer
/// shades make smaller files; 72 keeps every board at 25 KB or less with
/// no visible banding.
pub(super) const PALETTE_COLOURS: usize = 72;

/// Colours of the high-contrast theme: its board and pieces are flat
/// black, white and grey, so 48 look the same as 72 (compared at 3x) and
/// keep its goedhboell, tallfwrdd and walker starts under 25 KB (25.8 KB
/// with 72).
pub(super) const PALETTE_COLOURS_CONTRAST: usize = 48;

/// Distinct shades in each text ramp.
pub(super) const RAMP_STEPS: usize = 8;

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

    /// A smaller picture for a phone's screen (about 480-520 px across,
    /// shown about 370 px wide): squares of about 40 px but the full
    /// 36 px label frame, so the coordinates stay about 13 px high on
    /// the screen (the default picture, shrunk as much, gives about 10).
    pub fn for_phone(files: u8, ranks: u8) -> Layout {
        let long = files.max(ranks).clamp(1, 26) as u32;
        let square = (440 / long).clamp(16, 60);
        let mut l = Layout::with_square(files, ranks, square);
        let margin = 36;
        l.margin = margin;
        l.caption = (margin * 3 / 2).max(36);
        l.width = 2 * margin + l.files as u32 * square;
        l.height = 2 * margin + l.ranks as u32 * square + l.caption;
        l
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

    pub(super) fn label_px(&self) -> u32 {
        (self.margin * 55 / 100).clamp(10, 22)
    }

    pub(super) fn caption_px(&self) -> u32 {
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
