//! What a picture shows: pieces, square kinds, labels and the board view.

use super::{Mark, SquareKey};

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
    /// Drawn from the other side (turned half round): the top rank at the
    /// bottom, the last file on the left, the labels with them. The square
    /// vectors stay as they are.
    pub turned: bool,
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

    pub(super) fn dims(&self) -> (u8, u8) {
        (self.width.clamp(1, 26), self.height.clamp(1, 26))
    }

    /// Is (file, rank) an escape square?
    pub fn is_escape(&self, file: u8, rank: u8) -> bool {
        let (w, h) = self.dims();
        let edge_f = file == 0 || file + 1 == w;
        let edge_r = rank == 0 || rank + 1 == h;
        (self.escape_edges && (edge_f || edge_r)) || (self.escape_corners && edge_f && edge_r)
    }

    pub(super) fn key(&self, file: u8, rank: u8) -> SquareKey {
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
