//! Captures, making and unmaking moves, repetition and game ends.

use super::{
    is_king, pad, side_of, ty, End, Family, Mv, Pos, Repetition, Undo, DIRS, DUX, EMPTY, KING, MAN,
    OFF, Z,
};
use crate::rules::special;

impl Pos {
    /// Does cell `i` close a capture of the piece `victim` next to it?
    #[inline]
    pub(super) fn closes(&self, i: usize, victim: u8) -> bool {
        let q = self.cells[i];
        if q == OFF {
            return false;
        }
        let fl = self.sq_flags(i);
        let vt = ty(victim);
        if q == EMPTY {
            return fl.hostile_to(vt, false);
        }
        if side_of(q) != side_of(victim) {
            if is_king(q) && !self.king_anvil {
                fl.hostile_to(vt, true)
            } else {
                true
            }
        } else {
            fl.hostile_to(vt, true)
        }
    }

    #[inline]
    pub(super) fn capturable(&self, q: u8, at: usize) -> bool {
        if q == DUX[0] || q == DUX[1] {
            false
        } else if is_king(q) {
            self.custodial_king || (self.strong_at_throne && !self.near_throne(at))
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
        caps: &mut [u8; 32],
        first_only: bool,
    ) -> usize {
        let mut n = 0usize;
        let hammer = !is_king(self.cells[to as usize]) || self.king_hammer;
        for d in DIRS {
            if !hammer {
                break;
            }
            let mut line = [0u8; 3];
            let mut k = 0usize;
            let mut cur = to as isize;
            loop {
                cur += d;
                let i = cur as usize;
                if self.cells[i] == OFF {
                    break;
                }
                if k > 0 && self.closes(i, self.cells[line[k - 1] as usize]) {
                    caps[n..n + k].copy_from_slice(&line[..k]);
                    n += k;
                    break;
                }
                let q = self.cells[i];
                if q != EMPTY && side_of(q) != me && self.capturable(q, i) && k < self.max_line {
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
        if self.family == Family::Tafl && me == 0 {
            for d in DIRS {
                let k = (to as isize + d) as usize;
                if self.cells[k] != KING {
                    continue;
                }
                let edge_three = match self.enclosure {
                    Some(e) => e,
                    None if self.strong_at_throne && self.near_throne(k) => false,
                    None => continue,
                };
                let enclosed = DIRS.iter().all(|&e| {
                    let s = (k as isize + e) as usize;
                    match self.cells[s] {
                        OFF => edge_three,
                        EMPTY => self.sq_flags(s).hostile_to(2, false),
                        q => side_of(q) == 0 || self.sq_flags(s).hostile_to(2, true),
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
        if self.board_captures() {
            // Linnaean capture and shieldwalls are judged by the rules
            // themselves, on a rules board.
            let board = self.board();
            let mut more = Vec::new();
            let r = self.ruleset();
            let to_sq = super::unpad(to);
            if r.linnaean && me == 0 {
                more.extend(special::linnaean(r, &board, to_sq));
            }
            let c = self.cells[to as usize];
            if r.shieldwall != crate::rules::Shieldwall::None && (!is_king(c) || self.king_hammer) {
                let side = if me == 0 {
                    crate::rules::Side::First
                } else {
                    crate::rules::Side::Second
                };
                special::shieldwall(r, &board, to_sq, side, &mut more);
            }
            for s in more {
                let i = pad(s);
                if !caps[..n].contains(&i) && n < caps.len() {
                    caps[n] = i;
                    n += 1;
                    if first_only {
                        return n;
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
        let mut caps = [0u8; 32];
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
            caps: [(0, 0); 32],
        };
        self.cells[mv.from as usize] = EMPTY;
        self.cells[mv.to as usize] = c;
        self.hash ^= Z[mv.from as usize][c as usize] ^ Z[mv.to as usize][c as usize];
        if c == KING {
            self.king = mv.to;
        } else if c == MAN[0] {
            self.att_bb ^= self.geo.bit(mv.from as usize) | self.geo.bit(mv.to as usize);
        }
        let mut caps = [0u8; 32];
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
        if u.ncap > 0 || self.repetition != Repetition::Forbidden {
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
        if self.edge_fort && self.king != 0 && self.piece_can_move(self.king) {
            let board = self.board();
            if special::edge_fort(self.ruleset(), &board, true) {
                return Some(End { winner: Some(1) });
            }
        }
        if u.caps[..u.ncap as usize].iter().any(|&(_, q)| q == KING) {
            return Some(End { winner: Some(0) });
        }
        if self.surround_loses && special::encircled(self.ruleset(), &self.board()) {
            return Some(End { winner: Some(0) });
        }
        if u.ncap == 0 && matches!(self.repetition, Repetition::Draw | Repetition::MoverWins) {
            let k = self.key_for(opp as u8);
            let back = (u.since as usize + 1).min(self.keys.len());
            let seen = self.keys[self.keys.len() - back..]
                .iter()
                .filter(|&&x| x == k)
                .count();
            if seen + 1 >= self.rep_limit as usize {
                let winner = (self.repetition == Repetition::MoverWins).then_some(mover);
                return Some(End { winner });
            }
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
