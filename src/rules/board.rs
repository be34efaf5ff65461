//! Squares, pieces and the board.

/// The largest board side (files or ranks) any variant may use.
pub const MAX_SIDE: u8 = 13;
pub(crate) const STRIDE: usize = MAX_SIDE as usize;
pub(crate) const CELLS: usize = STRIDE * STRIDE;

/// One of the two sides. What the sides are called depends on the game's
/// family: in the tafl games `First` is the attackers and `Second` the
/// defenders (with the king); in gwyddbwyll `First` is white and `Second` black.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    #[default]
    First,
    Second,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
}

/// What a piece is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Man,
    King,
    Dux,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub side: Side,
    pub kind: Kind,
}

impl Piece {
    pub const fn new(side: Side, kind: Kind) -> Piece {
        Piece { side, kind }
    }
    /// A small number for hashing tables: 0..6.
    pub(crate) fn code(self) -> usize {
        let k = match self.kind {
            Kind::Man => 0,
            Kind::King => 1,
            Kind::Dux => 2,
        };
        k * 2 + self.side.index()
    }
}

/// A square, by file (0 = a, left) and rank (0 = rank 1, bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// A square from file and rank, both counted from 0. `None` past 13.
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        (file < MAX_SIDE && rank < MAX_SIDE).then(|| Square(rank * MAX_SIDE + file))
    }
    pub fn file(self) -> u8 {
        self.0 % MAX_SIDE
    }
    pub fn rank(self) -> u8 {
        self.0 / MAX_SIDE
    }
    pub(crate) fn idx(self) -> usize {
        self.0 as usize
    }
    /// The square `d` steps away in direction `dir` (0 north, 1 east, 2 south,
    /// 3 west) on a board of `w` x `h`, if it is on that board.
    #[inline]
    pub fn step(self, dir: usize, w: u8, h: u8) -> Option<Square> {
        let (f, r) = (self.file(), self.rank());
        match dir {
            0 if r + 1 < h => Some(Square(self.0 + MAX_SIDE)),
            1 if f + 1 < w => Some(Square(self.0 + 1)),
            2 if r > 0 => Some(Square(self.0 - MAX_SIDE)),
            3 if f > 0 => Some(Square(self.0 - 1)),
            _ => None,
        }
    }
}

/// The placement of the pieces on a board of `width` files and `height` ranks.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    width: u8,
    height: u8,
    cells: [Option<Piece>; CELLS],
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for r in (0..self.height).rev() {
            for fl in 0..self.width {
                let c = match self.get(Square::new(fl, r).unwrap()) {
                    None => '.',
                    Some(p) => match (p.side, p.kind) {
                        (Side::First, Kind::Man) => '1',
                        (Side::Second, Kind::Man) => '2',
                        (_, Kind::King) => 'K',
                        (Side::First, Kind::Dux) => 'D',
                        (Side::Second, Kind::Dux) => 'd',
                    },
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl Board {
    /// An empty board. Sizes are clamped to 1..=13.
    pub fn empty(width: u8, height: u8) -> Board {
        Board {
            width: width.clamp(1, MAX_SIDE),
            height: height.clamp(1, MAX_SIDE),
            cells: [None; CELLS],
        }
    }
    pub fn width(&self) -> u8 {
        self.width
    }
    pub fn height(&self) -> u8 {
        self.height
    }
    pub fn contains(&self, sq: Square) -> bool {
        sq.file() < self.width && sq.rank() < self.height
    }
    #[inline]
    pub fn get(&self, sq: Square) -> Option<Piece> {
        self.cells[sq.idx()]
    }
    #[inline]
    pub fn set(&mut self, sq: Square, p: Option<Piece>) {
        self.cells[sq.idx()] = p;
    }
    /// Every square of the board, rank 1 first, file a first.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.height).flat_map(move |r| (0..self.width).map(move |f| Square(r * MAX_SIDE + f)))
    }
    /// The occupied squares and their pieces.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.squares().filter_map(|s| self.get(s).map(|p| (s, p)))
    }
    pub fn count(&self, side: Side) -> usize {
        self.pieces().filter(|(_, p)| p.side == side).count()
    }
    pub fn find(&self, piece: Piece) -> Option<Square> {
        self.pieces().find(|&(_, p)| p == piece).map(|(s, _)| s)
    }
    pub fn is_edge(&self, sq: Square) -> bool {
        sq.file() == 0
            || sq.rank() == 0
            || sq.file() + 1 == self.width
            || sq.rank() + 1 == self.height
    }
    pub fn is_corner(&self, sq: Square) -> bool {
        (sq.file() == 0 || sq.file() + 1 == self.width)
            && (sq.rank() == 0 || sq.rank() + 1 == self.height)
    }
}
