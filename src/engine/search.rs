//! Iterative-deepening principal-variation search with a transposition table,
//! quiescence, killers and history. See the module docs of [`super`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::eval::{evaluate, king_escapes, WIN, WIN_BOUND};
use super::pos::{mix, side_of, Mv, Pos, CELLS, EMPTY, KING, OFF};
use super::Limits;
use crate::rules::Family;

const INF: i32 = WIN + 1;
const MAX_PLY: usize = 96;
const QMAX: u32 = 8;

const EXACT: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i32,
    mv: u16,
    depth: i8,
    flag: u8,
}

pub(crate) struct Outcome {
    pub best: Mv,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<Mv>,
}

pub(crate) struct Searcher<'a> {
    pub pos: Pos,
    tt: Vec<Entry>,
    mask: usize,
    pub nodes: u64,
    limits: &'a Limits,
    seed: u64,
    start: Instant,
    stop: &'a AtomicBool,
    aborted: bool,
    can_abort: bool,
    killers: Vec<[Mv; 2]>,
    history: Vec<i32>,
    bufs: Vec<Vec<Mv>>,
    scores: Vec<Vec<u64>>,
    pv: Vec<Vec<Mv>>,
    lines: Vec<u8>,
}

fn to_tt(s: i32, ply: usize) -> i32 {
    if s >= WIN_BOUND {
        s + ply as i32
    } else if s <= -WIN_BOUND {
        s - ply as i32
    } else {
        s
    }
}
fn from_tt(s: i32, ply: usize) -> i32 {
    if s >= WIN_BOUND {
        s - ply as i32
    } else if s <= -WIN_BOUND {
        s + ply as i32
    } else {
        s
    }
}

impl<'a> Searcher<'a> {
    pub fn new(pos: Pos, limits: &'a Limits, seed: u64, stop: &'a AtomicBool) -> Searcher<'a> {
        let want = limits.nodes.unwrap_or(1 << 22).clamp(1 << 12, 1 << 21) as usize;
        let size = want.next_power_of_two();
        Searcher {
            pos,
            tt: vec![Entry::default(); size],
            mask: size - 1,
            nodes: 0,
            limits,
            seed,
            start: Instant::now(),
            stop,
            aborted: false,
            can_abort: false,
            killers: vec![[Mv::default(); 2]; MAX_PLY + 1],
            history: vec![0; CELLS * CELLS],
            bufs: (0..=MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            scores: (0..=MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(16)).collect(),
            lines: Vec::with_capacity(32),
        }
    }

    #[inline]
    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes & 1023 == 0 && self.stop.load(Ordering::Relaxed) {
            self.aborted = true;
        }
        if !self.can_abort {
            return self.aborted;
        }
        if let Some(n) = self.limits.nodes {
            if self.nodes >= n {
                self.aborted = true;
            }
        }
        if self.nodes & 1023 == 0 {
            if let Some(t) = self.limits.time {
                if self.start.elapsed() >= t {
                    self.aborted = true;
                }
            }
        }
        self.aborted
    }

    #[inline]
    fn static_eval(&self) -> i32 {
        let e = evaluate(&self.pos);
        let a = self.limits.noise;
        if a <= 0 {
            return e;
        }
        let r = mix(self.pos.key() ^ self.seed);
        e + (r % (2 * a as u64 + 1)) as i32 - a
    }

    fn end_score(&self, winner: Option<usize>, mover: usize, ply: usize) -> i32 {
        match winner {
            None => 0,
            Some(w) if w == mover => WIN - (ply as i32 + 1),
            Some(_) => -(WIN - (ply as i32 + 1)),
        }
    }

    /// Scores the moves of `bufs[ply]` into `scores[ply]` for `pick`: the
    /// ordering score in the high bits, the move's place in the list (first
    /// is highest) in the low 16, so every key is distinct and picking the
    /// largest each time gives exactly a stable descending sort. Picking
    /// lazily instead of sorting: most nodes cut off after a move or two.
    fn order(&mut self, ply: usize, tt_mv: Option<Mv>) {
        let moves = std::mem::take(&mut self.bufs[ply]);
        let mut sc = std::mem::take(&mut self.scores[ply]);
        sc.clear();
        let killers = self.killers[ply];
        for (i, &m) in moves.iter().enumerate() {
            let s = if Some(m) == tt_mv {
                1 << 28
            } else {
                let c = self.pos.cells[m.from as usize];
                let mut s = self.history[m.from as usize * CELLS + m.to as usize].min(30_000);
                if self.near_enemy(m.to, side_of(c)) && self.pos.is_capture(m) {
                    s += 1 << 22;
                } else if m == killers[0] {
                    s += 1 << 20;
                } else if m == killers[1] {
                    s += (1 << 20) - 1;
                }
                if c == KING {
                    s += if self.pos.is_escape(m.to as usize) {
                        1 << 24
                    } else {
                        1 << 18
                    };
                }
                s
            };
            sc.push(((s.max(0) as u64) << 16) | (0xFFFF - i as u64));
        }
        self.bufs[ply] = moves;
        self.scores[ply] = sc;
    }

    /// Brings the best of the moves `i..` of `bufs[ply]` to place `i`;
    /// returns it and its ordering score.
    #[inline]
    fn pick(&mut self, ply: usize, i: usize) -> (Mv, i32) {
        let sc = &mut self.scores[ply];
        let mut best = i;
        for j in i + 1..sc.len() {
            if sc[j] > sc[best] {
                best = j;
            }
        }
        sc.swap(i, best);
        let moves = &mut self.bufs[ply];
        moves.swap(i, best);
        (moves[i], (sc[i] >> 16) as i32)
    }

    #[inline]
    fn near_enemy(&self, to: u8, me: usize) -> bool {
        super::pos::DIRECTIONS.iter().any(|&d| {
            let q = self.pos.cells[(to as isize + d) as usize];
            q != EMPTY && q != OFF && side_of(q) != me
        })
    }

    fn negamax(&mut self, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv[ply].clear();
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.qsearch(alpha, beta, ply, 0);
        }
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        let key = self.pos.key();
        let slot = key as usize & self.mask;
        let e = self.tt[slot];
        let mut tt_mv = None;
        if e.key == key {
            if e.mv != 0 {
                tt_mv = Some(Mv::unpack(e.mv));
            }
            if ply > 0 && e.depth as i32 >= depth {
                let s = from_tt(e.score, ply);
                let cut = match e.flag {
                    EXACT => true,
                    LOWER => s >= beta,
                    _ => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        self.pos.gen(&mut moves);
        if let Some(t) = tt_mv {
            if !moves.contains(&t) {
                tt_mv = None;
            }
        }
        self.bufs[ply] = moves;
        self.order(ply, tt_mv);
        let n = self.bufs[ply].len();
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_mv = None;
        let mut legal = 0;
        for i in 0..n {
            let (mv, order_score) = self.pick(ply, i);
            let mover = self.pos.stm as usize;
            let caps = self.pos.make(mv);
            if self.pos.repeats() {
                self.pos.unmake();
                continue;
            }
            legal += 1;
            let score = if let Some(end) = self.pos.end_after() {
                self.end_score(end.winner, mover, ply)
            } else {
                self.pos.push_key();
                let quiet = caps == 0 && order_score < (1 << 18);
                let s = if legal == 1 {
                    -self.negamax(depth - 1, -beta, -alpha, ply + 1)
                } else {
                    let r = if depth >= 3 && legal > 4 && quiet {
                        1
                    } else {
                        0
                    };
                    let mut s = -self.negamax(depth - 1 - r, -alpha - 1, -alpha, ply + 1);
                    if s > alpha && r > 0 {
                        s = -self.negamax(depth - 1, -alpha - 1, -alpha, ply + 1);
                    }
                    if s > alpha && s < beta {
                        s = -self.negamax(depth - 1, -beta, -alpha, ply + 1);
                    }
                    s
                };
                self.pos.pop_key();
                s
            };
            self.pos.unmake();
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_mv = Some(mv);
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(mv);
                    head[ply].extend_from_slice(&tail[0]);
                    if score >= beta {
                        if caps == 0 {
                            let k = &mut self.killers[ply];
                            if k[0] != mv {
                                k[1] = k[0];
                                k[0] = mv;
                            }
                            let h = &mut self.history[mv.from as usize * CELLS + mv.to as usize];
                            *h += depth * depth;
                        }
                        break;
                    }
                }
            }
        }
        if legal == 0 {
            // No move (or every move repeats): the side to move loses.
            return -(WIN - ply as i32);
        }
        let flag = if best >= beta {
            LOWER
        } else if best > alpha0 {
            EXACT
        } else {
            UPPER
        };
        self.tt[slot] = Entry {
            key,
            score: to_tt(best, ply),
            mv: best_mv.map(|m| m.pack()).unwrap_or(0),
            depth: depth.min(127) as i8,
            flag,
        };
        best
    }

    fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize, qd: u32) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        let tafl = self.pos.family == Family::Tafl;
        let stm = self.pos.stm as usize;
        if qd == 0 && !self.pos.side_can_move(stm) {
            // The side to move has no move at all: it loses.
            return -(WIN - ply as i32);
        }
        self.lines.clear();
        let threatened = tafl && stm == 0 && self.pos.king != 0 && {
            let mut l = std::mem::take(&mut self.lines);
            let n = king_escapes(&self.pos, Some(&mut l));
            self.lines = l;
            n > 0
        };
        let stand = self.static_eval();
        if !threatened {
            if stand >= beta || qd >= QMAX || ply >= MAX_PLY - 1 {
                return stand;
            }
            if stand > alpha {
                alpha = stand;
            }
        } else if qd >= QMAX || ply >= MAX_PLY - 1 {
            return stand;
        }
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        self.pos.gen(&mut moves);
        let lines = std::mem::take(&mut self.lines);
        let mut keep = 0;
        for i in 0..moves.len() {
            let m = moves[i];
            let c = self.pos.cells[m.from as usize];
            let tactical = (c == KING && self.pos.is_escape(m.to as usize))
                || (threatened && lines.contains(&m.to))
                || (self.near_enemy(m.to, stm) && self.pos.is_capture(m));
            if tactical {
                moves[keep] = m;
                keep += 1;
            }
        }
        moves.truncate(keep);
        self.lines = lines;
        let mut best = if threatened { -INF } else { stand };
        let mut any = false;
        for i in 0..moves.len() {
            let mv = moves[i];
            let mover = self.pos.stm as usize;
            self.pos.make(mv);
            if self.pos.repeats() {
                self.pos.unmake();
                continue;
            }
            any = true;
            let score = if let Some(end) = self.pos.end_after() {
                self.end_score(end.winner, mover, ply)
            } else {
                self.pos.push_key();
                self.bufs[ply] = std::mem::take(&mut moves);
                let s = -self.qsearch(-beta, -alpha, ply + 1, qd + 1);
                moves = std::mem::take(&mut self.bufs[ply]);
                self.pos.pop_key();
                s
            };
            self.pos.unmake();
            if self.aborted {
                self.bufs[ply] = moves;
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.bufs[ply] = moves;
        if threatened && !any {
            // Nothing blocks or captures: the king walks out.
            return -(WIN - ply as i32 - 2);
        }
        best
    }

    /// The whole search from the root, over `root` (the legal moves).
    pub fn run(&mut self, root: &[Mv]) -> Outcome {
        let max_depth = self.limits.depth.unwrap_or(64).clamp(1, 64) as i32;
        let mut order: Vec<(Mv, i32)> = root.iter().map(|&m| (m, 0)).collect();
        // Immediate wins first (they end the search at depth 1 anyway).
        let mut best = Outcome {
            best: root[0],
            score: 0,
            depth: 0,
            nodes: 0,
            pv: vec![root[0]],
        };
        self.can_abort = self.limits.min_depth == 0;
        for depth in 1..=max_depth {
            let mut alpha = -INF;
            let beta = INF;
            let mut iter_best: Option<(Mv, i32, Vec<Mv>)> = None;
            for (i, entry) in order.iter_mut().enumerate() {
                let mv = entry.0;
                let score = self.root_move(mv, depth, alpha, beta, i == 0);
                if self.aborted {
                    break;
                }
                entry.1 = score;
                if score > alpha || iter_best.is_none() {
                    alpha = alpha.max(score);
                    let mut pv = vec![mv];
                    pv.extend_from_slice(&self.pv[1]);
                    iter_best = Some((mv, score, pv));
                }
            }
            if let Some((mv, score, pv)) = iter_best {
                let done = if self.aborted { depth - 1 } else { depth };
                best = Outcome {
                    best: mv,
                    score,
                    depth: done.max(1) as u32,
                    nodes: 0,
                    pv,
                };
            }
            if self.aborted {
                break;
            }
            // best first, the rest by score
            order.sort_by_key(|e| std::cmp::Reverse(e.1));
            if let Some(p) = order.iter().position(|&(m, _)| m == best.best) {
                let e = order.remove(p);
                order.insert(0, e);
            }
            if depth as u32 >= self.limits.min_depth {
                self.can_abort = true;
            }
            let proven = best.score.abs() >= WIN_BOUND && !self.pos.dice;
            if proven && depth as u32 >= self.limits.min_depth {
                break;
            }
            if let Some(n) = self.limits.nodes {
                // The next iteration would not finish: stop here.
                if self.can_abort && self.nodes * 3 >= n * 2 {
                    break;
                }
            }
            if let Some(t) = self.limits.time {
                if self.can_abort && self.start.elapsed() * 3 >= t {
                    break;
                }
            }
        }
        best.nodes = self.nodes;
        best
    }

    fn root_move(&mut self, mv: Mv, depth: i32, alpha: i32, beta: i32, first: bool) -> i32 {
        self.pv[1].clear();
        let mover = self.pos.stm as usize;
        self.pos.make(mv);
        let score = if let Some(end) = self.pos.end_after() {
            self.end_score(end.winner, mover, 0)
        } else {
            self.pos.push_key();
            let s = if self.pos.dice {
                // Expectimax over the throw: the opponent moves next with
                // chance 2/3, the mover again with 1/3.
                let a = -self.negamax(depth - 1, -INF, INF, 1);
                let pv = self.pv[1].clone();
                self.pos.stm = mover as u8;
                let b = self.negamax(depth - 1, -INF, INF, 1);
                self.pos.stm = 1 - mover as u8;
                self.pv[1] = pv;
                (2 * a + b) / 3
            } else if first {
                -self.negamax(depth - 1, -beta, -alpha, 1)
            } else {
                let mut s = -self.negamax(depth - 1, -alpha - 1, -alpha, 1);
                if s > alpha && s < beta && !self.aborted {
                    s = -self.negamax(depth - 1, -beta, -alpha, 1);
                }
                s
            };
            self.pos.pop_key();
            s
        };
        self.pos.unmake();
        score
    }
}
