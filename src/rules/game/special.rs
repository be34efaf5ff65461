//! The rules of the tafl world's games beyond custodial capture, as
//! functions of a ruleset and a board, so that the rules' game and the
//! engine's board share one implementation: Linnaean capture, shieldwalls,
//! edge forts and encirclement.

use super::{Board, Kind, Piece, Ruleset, Side, Square};
use crate::rules::{Shieldwall, SquareFlags};

/// Linnaean capture: an attacker arrives two squares from the throne, in
/// line with it; the square between holds a defender's man, the king is on
/// the throne and attackers hold the throne's other three neighbours. The
/// defender is taken (against the occupied throne).
pub(crate) fn linnaean(r: &Ruleset, board: &Board, to: Square) -> Option<Square> {
    let t = r.throne?;
    let (w, h) = (r.width, r.height);
    if board.get(t) != Some(Piece::new(Side::Second, Kind::King)) {
        return None;
    }
    for d in 0..4 {
        let Some(mid) = t.step(d, w, h) else { continue };
        if mid.step(d, w, h) != Some(to) {
            continue;
        }
        if board.get(mid) != Some(Piece::new(Side::Second, Kind::Man)) {
            return None;
        }
        let others = (0..4)
            .filter(|&e| e != d)
            .filter(|&e| {
                t.step(e, w, h)
                    .and_then(|s| board.get(s))
                    .is_some_and(|q| q.side == Side::First)
            })
            .count();
        return (others == 3).then_some(mid);
    }
    None
}

/// The squares of one edge in order, and the direction that points inward.
fn edges(w: u8, h: u8) -> [(Vec<Square>, usize); 4] {
    let sq = |f: u8, r: u8| Square::new(f, r).expect("on the board");
    [
        ((0..w).map(|f| sq(f, 0)).collect(), 0),
        ((0..w).map(|f| sq(f, h - 1)).collect(), 2),
        ((0..h).map(|r| sq(0, r)).collect(), 1),
        ((0..h).map(|r| sq(w - 1, r)).collect(), 3),
    ]
}

/// Shieldwall captures made by `me`'s piece that has just arrived on `to`:
/// a row of two or more enemy pieces along an edge, each with one of `me`'s
/// pieces straight in front of it (inward), closed at both ends along the
/// edge by `me`'s pieces (or, with a strong shieldwall, a corner square).
/// With `shieldwall_flank` the arriving piece must close one of the ends;
/// otherwise it must be one of the ends or the front. Every man of the row
/// is taken; a king in the row is not.
pub(crate) fn shieldwall(r: &Ruleset, board: &Board, to: Square, me: Side, out: &mut Vec<Square>) {
    let (w, h) = (r.width, r.height);
    let mine = |s: Square| {
        board
            .get(s)
            .is_some_and(|q| q.side == me && (q.kind != Kind::King || r.king_anvil))
    };
    let corner =
        |s: Square| r.shieldwall == Shieldwall::Strong && r.flags(s).has(SquareFlags::CORNER);
    for (line, inward) in edges(w, h) {
        let n = line.len();
        let mut i = 0;
        while i < n {
            let enemy = |s: Square| board.get(s).is_some_and(|q| q.side != me);
            if !enemy(line[i]) {
                i += 1;
                continue;
            }
            let mut j = i;
            while j + 1 < n && enemy(line[j + 1]) {
                j += 1;
            }
            let run = &line[i..=j];
            let fronted = run
                .iter()
                .all(|&s| s.step(inward, w, h).is_some_and(|f| mine(f)));
            let close = |k: Option<usize>| k.is_some_and(|k| mine(line[k]) || corner(line[k]));
            let (a, b) = (i.checked_sub(1), (j + 1 < n).then_some(j + 1));
            let closed = close(a) && close(b);
            let by_end = a.is_some_and(|k| line[k] == to) || b.is_some_and(|k| line[k] == to);
            let by_front = run.iter().any(|&s| s.step(inward, w, h) == Some(to));
            let moved = by_end || (!r.shieldwall_flank && by_front);
            if run.len() >= 2 && fronted && closed && moved {
                for &s in run {
                    if board.get(s).is_some_and(|q| q.kind == Kind::Man) {
                        out.push(s);
                    }
                }
            }
            i = j + 1;
        }
    }
}

/// An edge fort (OTN `efe`): the king touches the edge, or can reach it
/// over empty squares, and has a move; no attacker borders the squares he
/// can reach; and no defender of the fort's wall can be taken (none has
/// empty squares outside the fort on two opposite sides).
pub(crate) fn edge_fort(r: &Ruleset, board: &Board, king_can_move: bool) -> bool {
    let king = Piece::new(Side::Second, Kind::King);
    let Some(k) = board.find(king) else {
        return false;
    };
    if !king_can_move {
        return false;
    }
    let (w, h) = (r.width, r.height);
    let mut fort = vec![k];
    let mut i = 0;
    while i < fort.len() {
        let s = fort[i];
        i += 1;
        for d in 0..4 {
            if let Some(n) = s.step(d, w, h) {
                if board.get(n).is_none() && r.flags(n).passes(2) && !fort.contains(&n) {
                    fort.push(n);
                }
            }
        }
    }
    if !fort.iter().any(|&s| board.is_edge(s)) {
        return false;
    }
    let mut wall = Vec::new();
    for &s in &fort {
        for d in 0..4 {
            let Some(n) = s.step(d, w, h) else { continue };
            match board.get(n) {
                Some(q) if q.side == Side::First => return false,
                Some(_) if n != k && !wall.contains(&n) => wall.push(n),
                _ => {}
            }
        }
    }
    let open = |s: Option<Square>| s.is_some_and(|s| board.get(s).is_none() && !fort.contains(&s));
    wall.iter().all(|&d| {
        !(open(d.step(0, w, h)) && open(d.step(2, w, h)))
            && !(open(d.step(1, w, h)) && open(d.step(3, w, h)))
    })
}

/// Encirclement (OTN `surf`): no defender can be reached from the edge of
/// the board over empty squares (none stands on the edge either).
pub(crate) fn encircled(r: &Ruleset, board: &Board) -> bool {
    let (w, h) = (r.width, r.height);
    let mut seen = vec![false; crate::rules::board::CELLS];
    let mut stack: Vec<Square> = board.squares().filter(|&s| board.is_edge(s)).collect();
    while let Some(s) = stack.pop() {
        if std::mem::replace(&mut seen[s.idx()], true) {
            continue;
        }
        match board.get(s) {
            Some(q) if q.side == Side::Second => return false,
            Some(_) => {}
            None => {
                for d in 0..4 {
                    if let Some(n) = s.step(d, w, h) {
                        if !seen[n.idx()] {
                            stack.push(n);
                        }
                    }
                }
            }
        }
    }
    true
}
