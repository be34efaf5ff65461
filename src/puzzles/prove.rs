//! The exhaustive proof: does the side to move win by force within `n` of
//! its own moves, against every defence? No evaluation, no pruning that
//! could miss a defence: an AND/OR search over every legal move, with the
//! game's own end rules deciding every leaf.
//!
//! The search runs on the engine's board (`engine::pos::Pos`: make/unmake,
//! the rules' captures and end checks in the rules' order, checked move by
//! move against `rules::Game` by the engine's tests); a solution tree it
//! finds is checked again on `rules::Game` itself by [`super::tree`].
//!
//! What makes it fast, without giving up exhaustiveness:
//! - move ordering (escapes, moves next to the king, captures, killers);
//! - an OR node stops at its first winning move, an AND node at its first
//!   defence that holds;
//! - a transposition table keyed by board, side to move and moves left. It
//!   is safe here: a puzzle starts a fresh game, and within five plies of a
//!   fresh start no position can occur a third time (the repetition rule)
//!   and no 100-move count can run out, so a position's value depends on
//!   the board, the side to move and the moves left alone.

use std::collections::HashMap;

use crate::engine::pos::{is_king, side_of, Mv, Pos, STR};
use crate::rules::{splitmix, Family, Game, Move};

/// The longest puzzle: wins in at most this many of the solver's moves.
pub const MAX_LENGTH: u32 = 3;
const MAX_PLY: usize = 2 * MAX_LENGTH as usize + 2;

/// What a move just made did, for the side that made it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum After {
    /// The game goes on.
    Go,
    /// The game ended: `Some(side index)` won, `None` a draw.
    End(Option<usize>),
}

/// What the last move played did, for its mover.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Step {
    /// The game goes on.
    Go,
    MoverWon,
    MoverLost,
    Draw,
}

/// An exhaustive prover over one position (and the moves played from it).
pub struct Prover {
    pos: Pos,
    tt: HashMap<u64, bool>,
    /// Nodes visited (for the numbers in docs/puzzles.md).
    pub nodes: u64,
    bufs: Vec<Vec<Mv>>,
    killers: [[Mv; 2]; MAX_PLY + 2],
}

fn node_key(key: u64, n: u32, or: bool) -> u64 {
    key ^ splitmix(0x5EED_0000 + u64::from(n) * 2 + u64::from(or))
}

impl Prover {
    /// A prover for the position of `game` with its side to move. `None`
    /// when the game is over or is played with dice (no forced lines there).
    pub fn new(game: &Game) -> Option<Prover> {
        if game.is_over() || game.rules().dice {
            return None;
        }
        Some(Prover {
            pos: Pos::from_game(game),
            tt: HashMap::new(),
            nodes: 0,
            bufs: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(160)).collect(),
            killers: [[Mv::default(); 2]; MAX_PLY + 2],
        })
    }

    /// The index (0 first, 1 second) of the side to move.
    fn stm(&self) -> usize {
        self.pos.stm as usize
    }

    fn after(&self) -> After {
        match self.pos.end_after() {
            Some(e) => After::End(e.winner),
            None if !self.pos.side_can_move(self.stm()) => {
                // The side now to move has no move: the mover wins.
                After::End(Some(1 - self.stm()))
            }
            None => After::Go,
        }
    }

    /// The legal moves of the side to move, in the rules' order.
    pub fn moves(&self) -> Vec<Move> {
        let mut v = Vec::new();
        self.pos.gen(&mut v);
        v.into_iter().map(Mv::to_move).collect()
    }

    /// Plays a legal move. `false` (and nothing changes) if it is not one.
    pub fn play(&mut self, mv: Move) -> bool {
        let m = Mv::of(mv);
        let mut v = Vec::new();
        self.pos.gen(&mut v);
        if !v.contains(&m) {
            return false;
        }
        self.pos.make(m);
        true
    }

    /// Takes back the last [`Prover::play`].
    pub fn undo(&mut self) {
        self.pos.unmake();
    }

    /// What the last move played did.
    pub fn step(&self) -> Step {
        match self.after() {
            After::Go => Step::Go,
            After::End(None) => Step::Draw,
            After::End(Some(w)) if w == self.stm() => Step::MoverLost,
            After::End(Some(_)) => Step::MoverWon,
        }
    }

    fn score(&mut self, m: Mv, ply: usize) -> i32 {
        let c = self.pos.cells[m.from as usize];
        let mut s = 0;
        if self.killers[ply][0] == m {
            s += 4000;
        } else if self.killers[ply][1] == m {
            s += 3000;
        }
        let tafl = self.pos.family == Family::Tafl;
        if tafl && is_king(c) {
            s += 200;
            if self.pos.is_escape(m.to as usize) {
                s += 1000;
            }
        }
        if tafl && side_of(c) == 0 && self.pos.king != 0 {
            let k = self.pos.king as isize;
            let t = m.to as isize;
            let d = (k - t).abs();
            if d == 1 || d == STR as isize {
                s += 500;
            }
        }
        if self.pos.is_capture(m) {
            s += 300;
        }
        s
    }

    fn order(&mut self, moves: &mut [Mv], ply: usize) {
        let mut scored: Vec<(i32, Mv)> = moves.iter().map(|&m| (-self.score(m, ply), m)).collect();
        scored.sort_by_key(|&(s, m)| (s, m.from, m.to));
        for (slot, (_, m)) in moves.iter_mut().zip(scored) {
            *slot = m;
        }
    }

    fn killer(&mut self, ply: usize, m: Mv) {
        if self.killers[ply][0] != m {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = m;
        }
    }

    /// Does the side to move win within `n` of its moves, whatever the
    /// other side does?
    pub fn wins_within(&mut self, n: u32) -> bool {
        n > 0 && self.or(n, 0)
    }

    /// The fewest moves (1..=`max`) in which the side to move wins by
    /// force, if it does.
    pub fn shortest_win(&mut self, max: u32) -> Option<u32> {
        (1..=max.min(MAX_LENGTH)).find(|&k| self.wins_within(k))
    }

    /// The solver wins within `n` of its own moves from here, the solver
    /// to move (`solver`: an OR node, one winning move is enough) or the
    /// defender (an AND node: every defence must lose). One node of either
    /// kind stops at its first move that decides it (the killer).
    fn node(&mut self, n: u32, ply: usize, solver: bool) -> bool {
        self.nodes += 1;
        let key = node_key(self.pos.key(), n, solver);
        if let Some(&v) = self.tt.get(&key) {
            return v;
        }
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        self.pos.gen(&mut moves);
        self.order(&mut moves, ply);
        let me = self.stm();
        let winner = if solver { me } else { 1 - me };
        // What this node is unless a move decides it otherwise.
        let mut value = !solver;
        for &m in &moves {
            self.pos.make(m);
            let solver_wins = match self.after() {
                After::End(w) => w == Some(winner),
                After::Go if solver => n > 1 && self.node(n - 1, ply + 1, false),
                After::Go => self.node(n, ply + 1, true),
            };
            self.pos.unmake();
            if solver_wins == solver {
                self.killer(ply, m);
                value = solver;
                break;
            }
        }
        self.bufs[ply] = moves;
        self.tt.insert(key, value);
        value
    }

    /// OR node: the side to move (the solver) wins within `n` of its moves.
    fn or(&mut self, n: u32, ply: usize) -> bool {
        self.node(n, ply, true)
    }

    /// AND node: the side to move loses within `n` moves of the other side
    /// whatever it plays.
    fn and(&mut self, n: u32, ply: usize) -> bool {
        self.node(n, ply, false)
    }

    /// After a move of the solver: does the solver now win within `n` more
    /// of its moves whatever the defender plays (0 = the move itself won)?
    pub fn holds_after_move(&mut self, n: u32) -> bool {
        match self.after() {
            After::End(w) => w == Some(1 - self.stm()),
            After::Go => n > 0 && self.and(n, 1),
        }
    }

    /// The moves of the side to move that win within `n`, in the search's
    /// order, stopping once `limit` are found.
    pub fn winning_moves(&mut self, n: u32, limit: usize) -> Vec<Move> {
        let mut out = Vec::new();
        let me = self.stm();
        let mut moves = Vec::new();
        self.pos.gen(&mut moves);
        self.order(&mut moves, 0);
        for m in moves {
            if out.len() >= limit {
                break;
            }
            self.pos.make(m);
            let ok = match self.after() {
                After::End(w) => w == Some(me),
                After::Go => n > 1 && self.and(n - 1, 1),
            };
            self.pos.unmake();
            if ok {
                out.push(m.to_move());
            }
        }
        out
    }

    /// The strongest defence for the side to move, which loses within `n`
    /// moves of the solver: the defence after which the solver's win takes
    /// the longest (ties: the fewest winning answers, then the rules'
    /// order). With the solver's fewest moves after it. `None` if the side
    /// to move has no move.
    pub fn strongest_defence(&mut self, n: u32) -> Option<(Move, u32)> {
        let mut best: Option<(Move, u32, usize)> = None;
        for d in self.moves() {
            self.pos.make(Mv::of(d));
            let (len, answers) = match self.after() {
                After::End(_) => (0, 0),
                After::Go => match self.shortest_win(n) {
                    Some(k) => (k, self.winning_moves(k, usize::MAX).len()),
                    // Not a loss within n after all: the strongest there is.
                    None => (n + 1, usize::MAX),
                },
            };
            self.pos.unmake();
            let better = match best {
                None => true,
                Some((_, bl, ba)) => len > bl || (len == bl && answers < ba),
            };
            if better {
                best = Some((d, len, answers));
            }
        }
        best.map(|(m, l, _)| (m, l))
    }
}
