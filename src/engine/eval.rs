//! The static evaluation, from the ruleset's data (never the variant's name).
//!
//! Tafl (from the defenders' side, then signed for the side to move):
//! material weighted by the start's ratio of men; the king's escape lines
//! (squares he can reach in one move that win), lines closed only by one of
//! his men, and (a sliding king) his routes in two moves and forks; a flood
//! fill of the room he could walk in with the attackers as walls (his
//! distance in steps to an escape, the escapes and squares in that room, a
//! king sealed in); the attackers guarding the edge lines (edge escape) or
//! the corners' doors, and the threat of corners they have not shut (corner
//! escape); his free neighbours and the attackers next to him; and the
//! attackers' ring (attackers touching each other diagonally, which is how a
//! cordon is built). The weights are in docs/engine.md. Latrunculi:
//! material, mobility (free neighbours of every man) and the dux's freedom.

use super::pos::{side_of, Pos, CELLS, DIRECTIONS, EMPTY, KING, MAN, OFF, STR};
use crate::rules::{Escape, Family};

/// Scores beyond this are wins ("win in N").
pub(crate) const WIN: i32 = 30_000;
pub(crate) const WIN_BOUND: i32 = WIN - 1000;

/// Squares the king can reach in one move that are escape squares, and the
/// squares of the lines that lead there (for the attackers' blocking moves).
pub(crate) fn king_escapes(p: &Pos, line_out: Option<&mut Vec<u8>>) -> u32 {
    if p.king == 0 || p.escape == Escape::None {
        return 0;
    }
    let mut n = 0;
    let mut lines = line_out;
    for d in DIRECTIONS {
        let mut cur = p.king as isize;
        let start = lines.as_ref().map(|l| l.len()).unwrap_or(0);
        loop {
            cur += d;
            let i = cur as usize;
            if p.cells[i] != EMPTY {
                break;
            }
            if let Some(l) = lines.as_deref_mut() {
                l.push(i as u8);
            }
            if p.is_escape(i) {
                n += 1;
                break;
            }
            if p.king_steps {
                break;
            }
        }
        // Keep only lines that reach an escape.
        if let Some(l) = lines.as_deref_mut() {
            let last = l.last().copied();
            if l.len() > start && !last.is_some_and(|s| p.is_escape(s as usize)) {
                l.truncate(start);
            }
        }
    }
    n
}

fn dist_to_escape(p: &Pos, k: usize) -> i32 {
    let f = (k % STR) as i32 - 1;
    let r = (k / STR) as i32 - 1;
    let (w, h) = (p.w as i32 - 1, p.h as i32 - 1);
    match p.escape {
        Escape::Edge => f.min(r).min(w - f).min(h - r),
        Escape::Corners => f.min(w - f) + r.min(h - r),
        Escape::None => 0,
    }
}

/// The evaluation from the side to move's point of view.
pub(crate) fn evaluate(p: &Pos) -> i32 {
    // From side 0's point of view (attackers / white).
    let s = match p.family {
        Family::Tafl => -tafl(p),
        Family::Latrunculi => latrunculi(p),
    };
    let s = if p.stm == 0 { s } else { -s };
    s + 10
}

/// Bit-board masks of the board (bit `rank * w + file`), for the flood fills
/// of the evaluation. Only boards of at most 128 squares (every tafl board)
/// use them (`ok`).
#[derive(Clone, Debug)]
pub(crate) struct Geo {
    pub ok: bool,
    /// The bit of each padded square (255: none).
    ix: [u8; CELLS],
    w: u32,
    all: u128,
    not_first_file: u128,
    not_last_file: u128,
    /// The escape squares.
    escape: u128,
    /// The squares orthogonally next to a corner escape (the corner's doors).
    doors: u128,
    /// The squares diagonally next to a corner escape.
    diagonals: u128,
    /// The edge squares without the corners, one mask per side (bottom, top, left, right).
    edges: [u128; 4],
    /// Corner escapes: (padded square, its doors), `corners` of them.
    corner: [(u8, u128); 4],
    corners: usize,
    /// Per square (by bit): the squares within 0, 1, ..., 7 steps (diamonds).
    diamonds: Vec<[u128; 8]>,
}

impl Default for Geo {
    fn default() -> Geo {
        Geo {
            ok: false,
            ix: [255; CELLS],
            w: 0,
            all: 0,
            not_first_file: 0,
            not_last_file: 0,
            escape: 0,
            doors: 0,
            diagonals: 0,
            edges: [0; 4],
            corner: [(0, 0); 4],
            corners: 0,
            diamonds: Vec::new(),
        }
    }
}

/// File and rank (1-based, 0 = padding) of each padded square.
const FILE: [i8; CELLS] = {
    let mut t = [0i8; CELLS];
    let mut i = 0;
    while i < CELLS {
        t[i] = (i % STR) as i8;
        i += 1;
    }
    t
};
const RANK: [i8; CELLS] = {
    let mut t = [0i8; CELLS];
    let mut i = 0;
    while i < CELLS {
        t[i] = (i / STR) as i8;
        i += 1;
    }
    t
};

impl Geo {
    pub fn new(p: &Pos) -> Geo {
        let (w, h) = (p.w as u32, p.h as u32);
        if w * h > 128 || p.family != Family::Tafl {
            return Geo::default();
        }
        let mut g = Geo {
            ok: true,
            w,
            ..Geo::default()
        };
        for &i in &p.squares {
            let (f, r) = (i as u32 % STR as u32 - 1, i as u32 / STR as u32 - 1);
            g.ix[i as usize] = (r * w + f) as u8;
        }
        g.diamonds = vec![[0; 8]; (w * h) as usize];
        for &i in &p.squares {
            let (a, b) = (FILE[i as usize] as i32, RANK[i as usize] as i32);
            let di = &mut g.diamonds[g.ix[i as usize] as usize];
            for &j in &p.squares {
                let d = (FILE[j as usize] as i32 - a).abs() + (RANK[j as usize] as i32 - b).abs();
                for (n, m) in di.iter_mut().enumerate() {
                    if d <= n as i32 {
                        *m |= 1u128 << (g.ix[j as usize] as u32);
                    }
                }
            }
        }
        for &i in &p.squares {
            let b = g.bit(i as usize);
            g.all |= b;
            let f = (i as usize % STR) as u32 - 1;
            if f != 0 {
                g.not_first_file |= b;
            }
            if f != w - 1 {
                g.not_last_file |= b;
            }
            if p.is_escape(i as usize) {
                g.escape |= b;
            }
            let r = (i as usize / STR) as u32 - 1;
            if !p.is_corner(i as usize) {
                for (n, on) in [r == 0, r == h - 1, f == 0, f == w - 1]
                    .into_iter()
                    .enumerate()
                {
                    if on {
                        g.edges[n] |= b;
                    }
                }
            }
        }
        if p.escape == Escape::Corners {
            for &i in &p.squares {
                let i = i as usize;
                if !p.is_corner(i) {
                    continue;
                }
                let mut doors = 0;
                for d in DIRECTIONS {
                    let n = (i as isize + d) as usize;
                    if p.squares.contains(&(n as u8)) {
                        doors |= g.bit(n);
                    }
                }
                g.doors |= doors;
                if g.corners < 4 {
                    g.corner[g.corners] = (i as u8, doors);
                    g.corners += 1;
                }
                for d in [STR as isize + 1, STR as isize - 1] {
                    for n in [i as isize + d, i as isize - d] {
                        let n = n as usize;
                        if p.squares.contains(&(n as u8)) {
                            g.diagonals |= g.bit(n);
                        }
                    }
                }
            }
        }
        g
    }

    #[inline]
    pub fn bit(&self, i: usize) -> u128 {
        match self.ix[i] {
            255 => 0,
            b => 1u128 << b,
        }
    }

    /// Edge lines held by the attackers `att`: edge squares (not corners)
    /// with an attacker on them or on the square inside next to them.
    #[inline]
    fn edge_guards(&self, att: u128) -> i32 {
        let w = self.w;
        let bottom = (att | (att >> w)) & self.edges[0];
        let top = (att | (att << w)) & self.edges[1];
        let left = (att | (att >> 1)) & self.edges[2];
        let right = (att | (att << 1)) & self.edges[3];
        (bottom.count_ones() + top.count_ones() + left.count_ones() + right.count_ones()) as i32
    }

    /// Floods from the king over `pass`: the region he could walk to if
    /// nothing moved, and the number of steps to its nearest escape square.
    #[inline]
    fn flood(&self, king: u128, pass: u128) -> (u128, Option<i32>) {
        let mut reg = king;
        let mut layer = 0;
        let mut hit = None;
        loop {
            if hit.is_none() && reg & self.escape != 0 {
                hit = Some(layer);
            }
            let grow = (reg
                | ((reg << 1) & self.not_first_file)
                | ((reg >> 1) & self.not_last_file)
                | (reg << self.w)
                | (reg >> self.w))
                & pass;
            if grow == reg {
                return (reg, hit);
            }
            reg = grow;
            layer += 1;
        }
    }
}

/// For a sliding king: the squares he reaches in one move from which he has
/// an open line to an escape square (escape in two), and how many of them
/// have two or more such lines (a fork one move can not stop).
fn routes_in_two(p: &Pos, k: usize) -> (i32, i32) {
    let (mut routes, mut forks) = (0, 0);
    for (n, d) in DIRECTIONS.into_iter().enumerate() {
        let mut cur = k as isize;
        loop {
            cur += d;
            let i = cur as usize;
            if p.cells[i] != EMPTY || p.is_escape(i) {
                break;
            }
            let mut lines = 0;
            for e in [DIRECTIONS[(n + 1) % 4], DIRECTIONS[(n + 3) % 4]] {
                let mut c = cur;
                loop {
                    c += e;
                    let j = c as usize;
                    if p.cells[j] != EMPTY {
                        break;
                    }
                    if p.is_escape(j) {
                        lines += 1;
                        break;
                    }
                }
            }
            if lines > 0 {
                routes += 1;
            }
            if lines > 1 {
                forks += 1;
            }
        }
    }
    (routes, forks)
}

/// A sliding king's lines to an escape square blocked only by one defender.
fn hidden_lines(p: &Pos, k: usize) -> i32 {
    if p.king_steps {
        return 0;
    }
    let mut n = 0;
    for d in DIRECTIONS {
        let mut cur = k as isize;
        let mut blockers = 0;
        loop {
            cur += d;
            let i = cur as usize;
            let c = p.cells[i];
            if c == OFF {
                break;
            }
            if c != EMPTY {
                if side_of(c) == 0 || blockers == 1 || p.is_escape(i) {
                    break;
                }
                blockers += 1;
            } else if p.is_escape(i) {
                n += blockers;
                break;
            }
        }
    }
    n
}

/// Tafl, from the defenders' (side 1) point of view.
fn tafl(p: &Pos) -> i32 {
    let att_w = 100;
    let def_w = 100 * p.start_count[0].max(1) as i32 / p.start_count[1].max(1) as i32;
    let def_men = p.count[1] as i32 - i32::from(p.king != 0);
    let mut s = def_men * def_w - p.count[0] as i32 * att_w;
    if p.king == 0 {
        return s - 5000;
    }
    let k = p.king as usize;
    let esc = king_escapes(p, None) as i32;
    if esc > 0 {
        if p.stm == 1 {
            // He walks out next move (the search finds it; this is for the leaves).
            s += 5000;
        } else if esc >= 2 {
            s += 2500;
        } else {
            s += 250;
        }
    }
    // Lines to an escape square closed only by one of his own men: a
    // defender's move opens them.
    s += hidden_lines(p, k) * 120;
    if !p.king_steps && p.escape != Escape::None {
        let (routes, forks) = routes_in_two(p, k);
        s += routes * 40;
        if forks > 0 {
            s += if p.stm == 1 { 1500 } else { 150 * forks };
        }
    }
    // Neighbours of the king.
    let mut att = 0;
    let mut free = 0;
    for d in DIRECTIONS {
        let i = (k as isize + d) as usize;
        match p.cells[i] {
            EMPTY => free += 1,
            OFF => {}
            q if side_of(q) == 0 => att += 1,
            _ => {}
        }
    }
    s += free * 8;
    s -= att * 30 + if att >= 3 { 60 } else { 0 };
    // The ring: attackers touching attackers diagonally, and attackers' nearness to the king.
    let g = &p.geo;
    let (kf, kr) = (FILE[k] as i32, RANK[k] as i32);
    let mut ring = 0;
    let mut near = 0;
    let att_bb = p.att_bb;
    if g.ok {
        let w = g.w;
        ring += (att_bb & (att_bb << (w + 1)) & g.not_first_file).count_ones() as i32;
        ring += (att_bb & (att_bb << (w - 1)) & g.not_last_file).count_ones() as i32;
        // The sum over attackers of min(distance to the king, 8).
        let n = att_bb.count_ones() as i32;
        for m in &g.diamonds[g.ix[k] as usize] {
            near += n - (att_bb & m).count_ones() as i32;
        }
    } else {
        for &i in &p.squares {
            let i = i as usize;
            if p.cells[i] != MAN[0] {
                continue;
            }
            for d in [STR + 1, STR - 1] {
                if p.cells[i + d] == MAN[0] {
                    ring += 1;
                }
            }
            let (f, r) = (FILE[i] as i32, RANK[i] as i32);
            near += ((f - kf).abs() + (r - kr).abs()).min(8);
        }
    }
    s -= ring * 6;
    s += near / 2;
    let step_w = if p.king_steps { 40 } else { 12 };
    if g.ok && p.escape != Escape::None {
        // Where the king could walk if nothing moved (attackers are walls).
        let (region, dist) = g.flood(g.bit(k), g.all & !att_bb);
        let open = (region & g.escape).count_ones() as i32;
        match dist {
            Some(d) => {
                s -= d * step_w;
                if p.king_steps {
                    // A stepping king near an escape: the last steps are the hard ones to stop.
                    s += [0, 600, 300, 120, 40].get(d as usize).copied().unwrap_or(0);
                }
            }
            // Sealed in: he can only get out through a capture.
            None => s -= 300 + 8 * step_w,
        }
        s += open * if p.escape == Escape::Corners { 40 } else { 4 };
        // The room he has: the attackers close the ring by shrinking it.
        s += region.count_ones() as i32 * 2;
        if p.escape == Escape::Edge {
            s -= g.edge_guards(att_bb) * 20;
        }
        // Corners near the king that the attackers have not shut (both doors held).
        for &(c, doors) in &g.corner[..g.corners] {
            let shut = match (att_bb & doors).count_ones() {
                0 => 0,
                1 => 1,
                _ => 2,
            };
            let (cf, cr) = (FILE[c as usize] as i32, RANK[c as usize] as i32);
            let md = ((cf - kf).abs() + (cr - kr).abs()) as usize;
            let threat = [0, 0, 0, 240, 140, 80, 45, 25, 12, 6]
                .get(md)
                .copied()
                .unwrap_or(0);
            s += threat * (2 - shut);
        }
        // Attackers at the corners' doors and diagonals.
        s -= (att_bb & g.doors).count_ones() as i32 * 30;
        s -= (att_bb & g.diagonals).count_ones() as i32 * 12;
    } else {
        s -= dist_to_escape(p, k) * step_w;
    }
    s
}

/// Latrunculi, from white's (side 0) point of view.
fn latrunculi(p: &Pos) -> i32 {
    let mut s = (p.count[0] as i32 - p.count[1] as i32) * 100;
    let mut mob = [0i32; 2];
    for &i in &p.squares {
        let i = i as usize;
        let c = p.cells[i];
        if c == EMPTY {
            continue;
        }
        let side = side_of(c);
        let mut free = 0;
        for d in DIRECTIONS {
            if p.cells[(i as isize + d) as usize] == EMPTY {
                free += 1;
            }
        }
        if c != MAN[side] && c != KING {
            // the dux: freedom matters most
            mob[side] += free * 12 - if free == 0 { 80 } else { 0 };
        } else {
            mob[side] += free * 2;
        }
    }
    s += mob[0] - mob[1];
    s
}
