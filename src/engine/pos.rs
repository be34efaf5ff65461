//! The engine's own position: a padded mailbox board with make/unmake,
//! mirroring `rules::Game` move by move (movement, captures, the order of the
//! end-of-game checks, the repetition rule). `tests/engine.rs` checks the
//! mirror against `Game` on random games of every variant.

use crate::rules::{Escape, Family, Game, Kind, KingCapture, Move, Piece, Square, SquareFlags};

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

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

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
        for (sq, pc) in b.pieces() {
            let i = pad(sq) as usize;
            let c = code(pc);
            self.cells[i] = c;
            self.hash ^= Z[i][c as usize];
            self.count[pc.side.index()] += 1;
            if c == KING {
                self.king = i as u8;
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
                if king || !self.has(i, SquareFlags::RESTRICTED) {
                    out.push(Mv { from, to: i as u8 });
                }
                if steps {
                    break;
                }
            }
        }
    }

    /// Does the piece on `from` have any movement move?
    pub fn piece_can_move(&self, from: u8) -> bool {
        let c = self.cells[from as usize];
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
                if king || !self.has(i, SquareFlags::RESTRICTED) {
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
    fn closes(&self, i: usize, mover: usize) -> bool {
        let q = self.cells[i];
        if q == OFF {
            return false;
        }
        if q == EMPTY {
            return self.has(i, SquareFlags::HOSTILE_EMPTY);
        }
        if side_of(q) == mover {
            !is_king(q) || self.king_armed
        } else {
            is_king(q) && self.has(i, SquareFlags::HOSTILE_ALWAYS)
        }
    }

    #[inline]
    fn capturable(&self, q: u8) -> bool {
        if q == DUX[0] || q == DUX[1] {
            false
        } else if is_king(q) {
            self.custodial_king
        } else {
            true
        }
    }

    /// The captures the piece just placed on `to` makes (board unchanged).
    /// With `first_only`, stops at the first one.
    fn find_captures(&self, to: u8, me: usize, caps: &mut [u8; 16], first_only: bool) -> usize {
        let mut n = 0usize;
        for d in DIRS {
            let mut line = [0u8; 3];
            let mut k = 0usize;
            let mut cur = to as isize;
            loop {
                cur += d;
                let i = cur as usize;
                if self.cells[i] == OFF {
                    break;
                }
                if k > 0 && self.closes(i, me) {
                    caps[n..n + k].copy_from_slice(&line[..k]);
                    n += k;
                    break;
                }
                let q = self.cells[i];
                if q != EMPTY && side_of(q) != me && self.capturable(q) && k < self.max_line {
                    line[k] = i as u8;
                    k += 1;
                } else {
                    break;
                }
            }
            if first_only && n > 0 {
                return n;
            }
        }
        if self.corner_capture {
            for d in DIRS {
                let c = (to as isize + d) as usize;
                if self.cells[c] == OFF || !self.is_corner(c) {
                    continue;
                }
                let q = self.cells[c];
                if q == EMPTY || side_of(q) == me || q != MAN[side_of(q)] {
                    continue;
                }
                // The corner's other on-board neighbour (rules: first in dir order that is not `to`).
                let other = DIRS
                    .iter()
                    .map(|&e| (c as isize + e) as usize)
                    .find(|&s| self.cells[s] != OFF && s != to as usize);
                if let Some(o) = other {
                    let oq = self.cells[o];
                    if oq != EMPTY && side_of(oq) == me {
                        caps[n] = c as u8;
                        n += 1;
                        if first_only {
                            return n;
                        }
                    }
                }
            }
        }
        if let Some(edge_three) = self.enclosure {
            if self.family == Family::Tafl && me == 0 {
                for d in DIRS {
                    let k = (to as isize + d) as usize;
                    if self.cells[k] != KING {
                        continue;
                    }
                    let enclosed = DIRS.iter().all(|&e| {
                        let s = (k as isize + e) as usize;
                        match self.cells[s] {
                            OFF => edge_three,
                            EMPTY => self.has(s, SquareFlags::THRONE),
                            q => side_of(q) == 0,
                        }
                    });
                    if enclosed {
                        caps[n] = k as u8;
                        n += 1;
                        if first_only {
                            return n;
                        }
                    }
                }
            }
        }
        n
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
        match self.escape {
            Escape::Edge => self.is_edge(i),
            Escape::Corners => self.is_corner(i),
            Escape::None => false,
        }
    }

    /// Would this move capture anything?
    pub fn is_capture(&mut self, mv: Mv) -> bool {
        let c = self.cells[mv.from as usize];
        self.cells[mv.from as usize] = EMPTY;
        self.cells[mv.to as usize] = c;
        let mut caps = [0u8; 16];
        let n = self.find_captures(mv.to, side_of(c), &mut caps, true);
        self.cells[mv.to as usize] = EMPTY;
        self.cells[mv.from as usize] = c;
        n > 0
    }

    /// Plays a movement-legal move for its piece's side; returns the number of captures.
    /// The side to move becomes the mover's opponent.
    pub fn make(&mut self, mv: Mv) -> usize {
        let c = self.cells[mv.from as usize];
        let me = side_of(c);
        let mut u = Undo {
            mv,
            piece: c,
            stm: self.stm,
            since: self.since,
            hash: self.hash,
            king: self.king,
            ncap: 0,
            caps: [(0, 0); 16],
        };
        self.cells[mv.from as usize] = EMPTY;
        self.cells[mv.to as usize] = c;
        self.hash ^= Z[mv.from as usize][c as usize] ^ Z[mv.to as usize][c as usize];
        if c == KING {
            self.king = mv.to;
        }
        let mut caps = [0u8; 16];
        let n = self.find_captures(mv.to, me, &mut caps, false);
        let mut real = 0;
        for &s in &caps[..n] {
            let q = self.cells[s as usize];
            if q == EMPTY {
                continue; // listed twice
            }
            self.cells[s as usize] = EMPTY;
            self.hash ^= Z[s as usize][q as usize];
            self.count[1 - me] -= 1;
            if q == KING {
                self.king = 0;
            }
            u.caps[real] = (s, q);
            real += 1;
        }
        u.ncap = real as u8;
        if real > 0 {
            self.since = 0;
        } else {
            self.since += 1;
        }
        self.stm = 1 - me as u8;
        self.undo.push(u);
        real
    }

    pub fn unmake(&mut self) {
        let u = self.undo.pop().expect("a move to take back");
        for &(s, q) in &u.caps[..u.ncap as usize] {
            self.cells[s as usize] = q;
            self.count[side_of(q)] += 1;
        }
        self.cells[u.mv.to as usize] = EMPTY;
        self.cells[u.mv.from as usize] = u.piece;
        self.stm = u.stm;
        self.since = u.since;
        self.hash = u.hash;
        self.king = u.king;
    }

    /// Would the position after the last `make` occur for the limit-th time?
    /// (the rules refuse such a move). Call right after `make`.
    pub fn repeats(&self) -> bool {
        let Some(u) = self.undo.last() else {
            return false;
        };
        if u.ncap > 0 {
            return false;
        }
        let k = self.key_for(1 - side_of(u.piece) as u8);
        let back = (u.since as usize + 1).min(self.keys.len());
        let seen = self.keys[self.keys.len() - back..]
            .iter()
            .filter(|&&x| x == k)
            .count();
        seen + 1 >= self.rep_limit as usize
    }

    /// Records the key of the position after the last `make` (for repetition).
    #[inline]
    pub fn push_key(&mut self) {
        let u = self.undo.last().expect("after make");
        let k = self.key_for(1 - side_of(u.piece) as u8);
        self.keys.push(k);
    }
    #[inline]
    pub fn pop_key(&mut self) {
        self.keys.pop();
    }

    /// The end-of-game checks after the last `make`, in the rules' order
    /// (the "no legal move" check of the side to move is left to the caller).
    pub fn end_after(&self) -> Option<End> {
        let u = self.undo.last()?;
        let mover = side_of(u.piece);
        let opp = 1 - mover;
        if u.piece == KING && self.is_escape(u.mv.to as usize) {
            return Some(End {
                winner: Some(mover),
            });
        }
        if u.caps[..u.ncap as usize].iter().any(|&(_, q)| q == KING) {
            return Some(End { winner: Some(0) });
        }
        if self.one_piece_loses && self.count[opp] <= 1 {
            return Some(End {
                winner: Some(mover),
            });
        }
        if self.dux {
            if !self.dux_can_move(opp) {
                return Some(End {
                    winner: Some(mover),
                });
            }
            if !self.dux_can_move(mover) {
                return Some(End { winner: Some(opp) });
            }
        }
        if self.since >= self.move_limit {
            return Some(End { winner: None });
        }
        None
    }

    fn dux_can_move(&self, side: usize) -> bool {
        match self.find(DUX[side]) {
            None => true,
            Some(i) => self.piece_can_move(i),
        }
    }

    pub fn find(&self, c: u8) -> Option<u8> {
        self.squares
            .iter()
            .copied()
            .find(|&i| self.cells[i as usize] == c)
    }
}

pub(crate) const DIRECTIONS: [isize; 4] = DIRS;
