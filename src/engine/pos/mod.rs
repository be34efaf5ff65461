//! The engine's own position: a padded mailbox board with make/unmake,
//! mirroring `rules::Game` move by move (movement, captures, the order of the
//! end-of-game checks, the repetition rule). `tests/engine.rs` checks the
//! mirror against `Game` on random games of every variant.

use crate::rules::{
    splitmix, Escape, Family, Game, Kind, KingCapture, Move, Piece, Square, SquareFlags,
};

mod make;

/// Padded stride: 13 squares plus a sentinel on each side.
pub(crate) const STR: usize = 15;
pub(crate) const CELLS: usize = STR * STR;
pub(crate) const EMPTY: u8 = 0;
pub(crate) const OFF: u8 = 0xFF;
const DIRS: [isize; 4] = [STR as isize, 1, -(STR as isize), -1];

/// Piece codes: 1 + kind * 2 + side.
pub(crate) const MAN: [u8; 2] = [1, 2];
pub(crate) const KING: u8 = 4;
pub(crate) const DUX: [u8; 2] = [5, 6];

#[inline]
pub(crate) fn side_of(c: u8) -> usize {
    ((c - 1) & 1) as usize
}
#[inline]
pub(crate) fn is_king(c: u8) -> bool {
    c == KING
}

fn code(p: Piece) -> u8 {
    let k = match p.kind {
        Kind::Man => 0,
        Kind::King => 1,
        Kind::Dux => 2,
    };
    1 + k * 2 + p.side.index() as u8
}

pub(crate) fn pad(sq: Square) -> u8 {
    ((sq.rank() as usize + 1) * STR + sq.file() as usize + 1) as u8
}
pub(crate) fn unpad(i: u8) -> Square {
    let i = i as usize;
    Square::new((i % STR - 1) as u8, (i / STR - 1) as u8).expect("padded square")
}

/// A move on the padded board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub(crate) struct Mv {
    pub from: u8,
    pub to: u8,
}

impl Mv {
    pub fn of(m: Move) -> Mv {
        Mv {
            from: pad(m.from),
            to: pad(m.to),
        }
    }
    pub fn to_move(self) -> Move {
        Move::new(unpad(self.from), unpad(self.to))
    }
    pub fn pack(self) -> u16 {
        (self.from as u16) << 8 | self.to as u16
    }
    pub fn unpack(v: u16) -> Mv {
        Mv {
            from: (v >> 8) as u8,
            to: v as u8,
        }
    }
}

/// The engine's own Zobrist keys, on purpose not the rules' table: they
/// are indexed by the engine's padded cells (`pad`) and its own cell codes,
/// so that a move updates the hash straight from `cells` with no
/// conversion to the rules' squares and pieces. Only the generator
/// (`splitmix`) is shared.
const fn zobrist() -> [[u64; 8]; CELLS] {
    let mut t = [[0u64; 8]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut k = 1;
        while k < 7 {
            t[i][k] = splitmix((i * 8 + k) as u64 ^ 0xE461_E000);
            k += 1;
        }
        i += 1;
    }
    t
}
static Z: [[u64; 8]; CELLS] = zobrist();
pub(crate) const SIDE_KEY: u64 = 0x3C6E_F372_FE94_F82B;

pub(crate) fn mix(x: u64) -> u64 {
    splitmix(x)
}

/// The end of a game as the engine sees it: the winner, or `None` for a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct End {
    pub winner: Option<usize>,
}

struct Undo {
    mv: Mv,
    piece: u8,
    stm: u8,
    since: u32,
    hash: u64,
    king: u8,
    att_bb: u128,
    ncap: u8,
    caps: [(u8, u8); 16],
}

/// The position, the rules it follows, and the key history the repetition rule needs.
pub(crate) struct Pos {
    pub cells: [u8; CELLS],
    pub flags: [u8; CELLS],
    pub squares: Vec<u8>,
    pub w: u8,
    pub h: u8,
    pub family: Family,
    pub man_steps: bool,
    pub king_steps: bool,
    pub dux_jump: bool,
    pub escape: Escape,
    pub enclosure: Option<bool>,
    pub custodial_king: bool,
    pub max_line: usize,
    pub corner_capture: bool,
    pub king_armed: bool,
    pub one_piece_loses: bool,
    pub dux: bool,
    pub dice: bool,
    pub move_limit: u32,
    pub rep_limit: u8,
    /// Board hash (without the side to move).
    pub hash: u64,
    pub stm: u8,
    pub since: u32,
    pub count: [u32; 2],
    pub king: u8,
    /// Keys of the positions so far (board hash ^ side key of the side after the mover).
    pub keys: Vec<u64>,
    undo: Vec<Undo>,
    /// Pieces of each side at the start of the variant (for material weights).
    pub start_count: [u32; 2],
    /// Bit-board masks for the evaluation's flood fills.
    pub geo: super::eval::Geo,
    /// The attackers' men as a bit board (tafl boards of at most 128 squares).
    pub att_bb: u128,
    /// The escape squares, by padded index.
    esc_sq: [bool; CELLS],
}

impl Pos {
    /// The engine position of a game (its record replayed from its start).
    pub fn from_game(game: &Game) -> Pos {
        let r = game.rules();
        let mut p = Pos {
            cells: [OFF; CELLS],
            flags: [0; CELLS],
            squares: Vec::new(),
            w: r.width,
            h: r.height,
            family: r.family,
            man_steps: r.man_steps,
            king_steps: r.king_steps,
            dux_jump: r.dux_jump,
            escape: r.escape,
            enclosure: match r.king_capture {
                KingCapture::Enclosure { edge_three } => Some(edge_three),
                KingCapture::Custodial => None,
            },
            custodial_king: r.king_capture == KingCapture::Custodial,
            max_line: r.capture.max_line as usize,
            corner_capture: r.capture.corner_capture,
            king_armed: r.king_armed,
            one_piece_loses: r.one_piece_loses,
            dux: r.dux,
            dice: r.dice,
            move_limit: r.move_limit,
            rep_limit: r.repetition_limit,
            hash: 0,
            stm: 0,
            since: 0,
            count: [0; 2],
            king: 0,
            keys: Vec::with_capacity(256),
            undo: Vec::with_capacity(64),
            start_count: [0; 2],
            geo: super::eval::Geo::default(),
            att_bb: 0,
            esc_sq: [false; CELLS],
        };
        for (_, pc) in r.start.pieces() {
            if pc.kind == Kind::Man {
                p.start_count[pc.side.index()] += 1;
            }
        }
        for rank in 0..r.height {
            for file in 0..r.width {
                let sq = Square::new(file, rank).expect("square");
                let i = pad(sq);
                p.squares.push(i);
                p.flags[i as usize] = r.flags(sq).0;
            }
        }
        for &i in &p.squares {
            p.esc_sq[i as usize] = match p.escape {
                Escape::Edge => p.is_edge(i as usize),
                Escape::Corners => p.is_corner(i as usize),
                Escape::None => false,
            };
        }
        p.geo = super::eval::Geo::new(&p);
        p.set_board(game.start());
        p.stm = game.first().index() as u8;
        p.keys.push(p.key_for(p.stm));
        for played in game.record() {
            p.stm = played.side.index() as u8;
            p.make(Mv::of(played.mv));
            p.keys.push(p.key_for(p.stm));
        }
        p.undo.clear();
        p.stm = game.turn().index() as u8;
        p.since = game.since_capture();
        p
    }

    fn set_board(&mut self, b: &crate::rules::Board) {
        for &i in &self.squares {
            self.cells[i as usize] = EMPTY;
        }
        self.hash = 0;
        self.count = [0; 2];
        self.king = 0;
        self.att_bb = 0;
        for (sq, pc) in b.pieces() {
            let i = pad(sq) as usize;
            let c = code(pc);
            self.cells[i] = c;
            self.hash ^= Z[i][c as usize];
            self.count[pc.side.index()] += 1;
            if c == KING {
                self.king = i as u8;
            }
            if c == MAN[0] {
                self.att_bb |= self.geo.bit(i);
            }
        }
    }

    #[inline]
    pub fn key_for(&self, side: u8) -> u64 {
        if side == 0 {
            self.hash
        } else {
            self.hash ^ SIDE_KEY
        }
    }
    /// The transposition key: board and side to move.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key_for(self.stm)
    }

    #[inline]
    fn has(&self, i: usize, f: u8) -> bool {
        self.flags[i] & f != 0
    }

    #[inline]
    fn steps_only(&self, c: u8) -> bool {
        if is_king(c) {
            self.king_steps
        } else {
            self.man_steps
        }
    }

    /// Pushes the movement moves of the piece `c` on `from`.
    #[inline]
    pub fn piece_moves(&self, from: u8, c: u8, out: &mut Vec<Mv>) {
        self.each_target(from, c, |to| {
            out.push(Mv { from, to });
            false
        });
    }

    /// Does the piece on `from` have any movement move?
    pub fn piece_can_move(&self, from: u8) -> bool {
        self.each_target(from, self.cells[from as usize], |_| true)
    }

    /// Calls `f` with every square the piece `c` on `from` may move to, until
    /// `f` returns `true`; says whether it did.
    #[inline(always)]
    fn each_target(&self, from: u8, c: u8, mut f: impl FnMut(u8) -> bool) -> bool {
        let king = is_king(c);
        let steps = self.steps_only(c);
        let jump = self.dux_jump && (c == DUX[0] || c == DUX[1]);
        for d in DIRS {
            let mut cur = from as isize;
            let mut jumped = false;
            loop {
                cur += d;
                let i = cur as usize;
                let q = self.cells[i];
                if q == OFF {
                    break;
                }
                if q != EMPTY {
                    if jump && !jumped {
                        jumped = true;
                        continue;
                    }
                    break;
                }
                if !king && self.has(i, SquareFlags::NO_PASS) {
                    break;
                }
                if (king || !self.has(i, SquareFlags::RESTRICTED)) && f(i as u8) {
                    return true;
                }
                if steps {
                    break;
                }
            }
        }
        false
    }

    /// The movement moves of the side to move (repetition not filtered).
    pub fn gen(&self, out: &mut Vec<Mv>) {
        out.clear();
        let s = self.stm as usize;
        for &i in &self.squares {
            let c = self.cells[i as usize];
            if c != EMPTY && side_of(c) == s {
                self.piece_moves(i, c, out);
            }
        }
    }

    /// Has `side` any movement move at all?
    pub fn side_can_move(&self, side: usize) -> bool {
        self.squares.iter().any(|&i| {
            let c = self.cells[i as usize];
            c != EMPTY && side_of(c) == side && self.piece_can_move(i)
        })
    }

    #[inline]
    pub fn is_corner(&self, i: usize) -> bool {
        let f = i % STR;
        let r = i / STR;
        (f == 1 || f == self.w as usize) && (r == 1 || r == self.h as usize)
    }
    #[inline]
    pub fn is_edge(&self, i: usize) -> bool {
        let f = i % STR;
        let r = i / STR;
        f == 1 || r == 1 || f == self.w as usize || r == self.h as usize
    }
    #[inline]
    pub fn is_escape(&self, i: usize) -> bool {
        self.esc_sq[i]
    }

    pub fn find(&self, c: u8) -> Option<u8> {
        self.squares
            .iter()
            .copied()
            .find(|&i| self.cells[i as usize] == c)
    }
}

pub(crate) const DIRECTIONS: [isize; 4] = DIRS;
