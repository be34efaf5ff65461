//! Captures, making and unmaking moves, repetition and game ends.

use super::{
    is_king, side_of, End, Family, Mv, Pos, SquareFlags, Undo, DIRS, DUX, EMPTY, KING, MAN, OFF, Z,
};

impl Pos {
    #[inline]
    pub(super) fn closes(&self, i: usize, mover: usize) -> bool {
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
    pub(super) fn capturable(&self, q: u8) -> bool {
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
    pub(super) fn find_captures(
        &self,
        to: u8,
        me: usize,
        caps: &mut [u8; 16],
        first_only: bool,
    ) -> usize {
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
            att_bb: self.att_bb,
            ncap: 0,
            caps: [(0, 0); 16],
        };
        self.cells[mv.from as usize] = EMPTY;
        self.cells[mv.to as usize] = c;
        self.hash ^= Z[mv.from as usize][c as usize] ^ Z[mv.to as usize][c as usize];
        if c == KING {
            self.king = mv.to;
        } else if c == MAN[0] {
            self.att_bb ^= self.geo.bit(mv.from as usize) | self.geo.bit(mv.to as usize);
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
            } else if q == MAN[0] {
                self.att_bb ^= self.geo.bit(s as usize);
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
        self.att_bb = u.att_bb;
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

    pub(super) fn dux_can_move(&self, side: usize) -> bool {
        match self.find(DUX[side]) {
            None => true,
            Some(i) => self.piece_can_move(i),
        }
    }
}
