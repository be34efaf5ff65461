//! The static evaluation, from the ruleset's data (never the variant's name).
//!
//! Tafl (from the defenders' side, then signed for the side to move):
//! material weighted by the start's ratio of men; the king's escape lines
//! (squares he can reach in one move that win), his distance to the nearest
//! escape square, his free neighbours and the attackers next to him; and the
//! attackers' ring (attackers touching each other diagonally, which is how a
//! cordon is built). Latrunculi: material, mobility (free neighbours of every
//! man) and the dux's freedom.

use super::pos::{side_of, Pos, DIRECTIONS, EMPTY, KING, MAN, OFF, STR};
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
    s -= dist_to_escape(p, k) * if p.king_steps { 40 } else { 12 };
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
    let (kf, kr) = ((k % STR) as i32, (k / STR) as i32);
    let mut ring = 0;
    let mut near = 0;
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
        let (f, r) = ((i % STR) as i32, (i / STR) as i32);
        near += ((f - kf).abs() + (r - kr).abs()).min(8);
    }
    s -= ring * 6;
    s += near / 2;
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
