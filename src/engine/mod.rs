//! The computer opponent: a search for every variant, five levels, and
//! post-game analysis. Pure: it depends on `rules` only, does no I/O and
//! starts no threads; a caller stops a search early with an [`AtomicBool`].
//!
//! # API
//!
//! - [`best_move`]`(&game, &limits, seed, &stop) -> Option<SearchResult>`:
//!   the move to play in `game` (`None` when the game is over). The result has
//!   the move, its [`Score`] for the side to move, the depth completed, the
//!   nodes searched and the principal variation. With `limits.time == None`
//!   the answer depends only on the game, the limits and `seed`.
//! - [`Limits::level`]`(1..=5)`: the levels, as node budgets and seeded noise:
//!
//!   | level | nodes | noise (± points) | depth floor | cap |
//!   |---|---|---|---|---|
//!   | 1 | 400 | 250 | 1 | depth 1 |
//!   | 2 | 4 000 | 80 | 1 | |
//!   | 3 | 40 000 | 25 | 2 | |
//!   | 4 | 400 000 | 8 | 2 | |
//!   | 5 | 4 000 000 | 0 | 2 | 5 s |
//!
//!   A man is worth 100 points. The depth floor is searched whatever the
//!   budget: at level 2 and above every immediate win is seen, at level 3
//!   and above every immediate loss that can be stopped is stopped.
//! - [`analyse`]`(&game, &limits, &stop, progress)`: evaluates every position
//!   of a game (the start and after each move) and returns, per position, the
//!   chance that the defenders (tafl) or white (gwyddbwyll) win, plus the
//!   three biggest swings, each with the ply, the move, the chances before
//!   and after, and a [`SwingKind`] (e.g. `Allowed { how: KingCapture, in_moves: 2 }`,
//!   shown in English as "allowed a capture of the king in 2").
//!
//! # Search
//!
//! Iterative deepening, principal-variation search, a transposition table
//! keyed by a Zobrist hash of board and side, moves ordered hash move,
//! escapes, captures, king moves, killers, history; late quiet moves reduced
//! by one ply; a quiescence search over captures and escapes, and, when the
//! king has an open line, over the attackers' moves onto that line. The
//! engine's board mirrors `rules::Game` (captures, the order of the end
//! checks, the 100-move rule, the repetition rule: a move that would make a
//! position occur for the third time is not searched, and a side whose every
//! move does so loses). The quiescence search does not check whether the side
//! to move has no move at all (the full-width plies do).
//!
//! # Dice
//!
//! With the `dice` option the side that moves next is the first to throw
//! even: after a move the opponent moves next with chance 2/3, the mover
//! again with 1/3. The root is an honest expectimax over that throw (each
//! root move's value is 2/3 of the opponent-to-move value plus 1/3 of the
//! mover-again value, both searched to full width); below the root the search
//! assumes the sides alternate (the likelier outcome). That is the documented
//! simplification.

mod eval;
/// The engine's board (make/unmake, mirroring `rules::Game`); the puzzle
/// prover (`crate::puzzles`) searches on it too.
pub(crate) mod pos;
mod search;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::rules::{Family, Game, Kind, Move, Reason, Side};

use eval::{WIN, WIN_BOUND};
use pos::{Mv, Pos};

/// How much to search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Stop after this depth.
    pub depth: Option<u32>,
    /// Stop after this long (the only limit that makes a search depend on the machine).
    pub time: Option<Duration>,
    /// Seeded noise added to every evaluation, ± points (100 = a man).
    pub noise: i32,
    /// This depth is always completed, whatever the node and time budget.
    pub min_depth: u32,
}

impl Limits {
    /// Level 1 (weakest) to 5 (strongest); out-of-range levels are clamped.
    pub fn level(level: u8) -> Limits {
        match level.clamp(1, 5) {
            1 => Limits {
                nodes: Some(400),
                depth: Some(1),
                time: None,
                noise: 250,
                min_depth: 1,
            },
            2 => Limits {
                nodes: Some(4_000),
                depth: None,
                time: None,
                noise: 80,
                min_depth: 1,
            },
            3 => Limits {
                nodes: Some(40_000),
                depth: None,
                time: None,
                noise: 25,
                min_depth: 2,
            },
            4 => Limits {
                nodes: Some(400_000),
                depth: None,
                time: None,
                noise: 8,
                min_depth: 2,
            },
            _ => Limits {
                nodes: Some(4_000_000),
                depth: None,
                time: Some(Duration::from_secs(5)),
                noise: 0,
                min_depth: 2,
            },
        }
    }
    /// A plain node budget, no noise.
    pub fn nodes(n: u64) -> Limits {
        Limits {
            nodes: Some(n.max(1)),
            depth: None,
            time: None,
            noise: 0,
            min_depth: 1,
        }
    }
    /// A fixed depth, no noise.
    pub fn depth(d: u32) -> Limits {
        Limits {
            nodes: None,
            depth: Some(d.max(1)),
            time: None,
            noise: 0,
            min_depth: d.max(1),
        }
    }
    /// A time budget, no noise.
    pub fn time(t: Duration) -> Limits {
        Limits {
            nodes: None,
            depth: None,
            time: Some(t),
            noise: 0,
            min_depth: 1,
        }
    }
}

/// A score for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Points (100 = a man), positive when the side to move stands better.
    Points(i32),
    /// The side to move wins in this many of its own moves.
    WinIn(u32),
    /// The side to move loses in this many of the opponent's moves.
    LossIn(u32),
}

impl Score {
    fn of(raw: i32, dice: bool) -> Score {
        if raw == WIN - 1 {
            // A move that wins at once, dice or not.
            Score::WinIn(1)
        } else if !dice && raw >= WIN_BOUND {
            Score::WinIn(((WIN - raw) as u32).div_ceil(2).max(1))
        } else if !dice && raw <= -WIN_BOUND {
            Score::LossIn(((WIN + raw) as u32).div_ceil(2).max(1))
        } else {
            Score::Points(raw.clamp(-WIN_BOUND + 1, WIN_BOUND - 1))
        }
    }
    /// The chance (0..1) that the side to move wins.
    pub fn chance(self) -> f64 {
        match self {
            Score::WinIn(_) => 1.0,
            Score::LossIn(_) => 0.0,
            Score::Points(p) => 1.0 / (1.0 + (-(p as f64) / 300.0).exp()),
        }
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Points(p) => write!(f, "{p}"),
            Score::WinIn(n) => write!(f, "win in {n}"),
            Score::LossIn(n) => write!(f, "loss in {n}"),
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    pub mv: Move,
    pub score: Score,
    /// The deepest iteration completed.
    pub depth: u32,
    pub nodes: u64,
    /// The principal variation, starting with `mv` (moves as the sides would alternate).
    pub pv: Vec<Move>,
}

/// The move the engine plays in `game`, or `None` if the game is over.
pub fn best_move(
    game: &Game,
    limits: &Limits,
    seed: u64,
    stop: &AtomicBool,
) -> Option<SearchResult> {
    best_move_among(game, &game.legal_moves(), limits, seed, stop)
}

/// [`best_move`] with the root restricted to `moves` (those of them that
/// are legal in `game`, in `game.legal_moves()`'s order): `None` when none
/// is. The OTEP engine uses it to leave out a move the host refused, and
/// for its second, third... analysis lines.
pub fn best_move_among(
    game: &Game,
    moves: &[Move],
    limits: &Limits,
    seed: u64,
    stop: &AtomicBool,
) -> Option<SearchResult> {
    let root: Vec<Mv> = game
        .legal_moves()
        .into_iter()
        .filter(|m| moves.contains(m))
        .map(Mv::of)
        .collect();
    if root.is_empty() {
        return None;
    }
    let pos = Pos::from_game(game);
    let dice = pos.dice;
    let mut s = search::Searcher::new(pos, limits, seed, stop);
    let out = s.run(&root);
    Some(SearchResult {
        mv: out.best.to_move(),
        score: Score::of(out.score, dice),
        depth: out.depth,
        nodes: out.nodes,
        pv: out.pv.into_iter().map(Mv::to_move).collect(),
    })
}

/// Plays one game engine against engine from the variant's start:
/// `levels[side]` is each side's level, `game_seed` the game's seed (coin
/// toss, dice); move `n` is searched with [`selfplay_seed`]`(game_seed, n)`.
/// At most `max_plies` moves are played. `tawlbot selfplay` is this in a loop.
pub fn play_game(
    rules: &crate::rules::Ruleset,
    game_seed: u64,
    levels: [u8; 2],
    max_plies: u32,
    stop: &AtomicBool,
) -> Game {
    let mut game = Game::new(rules.clone(), game_seed);
    let mut plies = 0u32;
    while !game.is_over() && plies < max_plies {
        let side = game.turn();
        let lim = Limits::level(levels[side.index()]);
        let Some(r) = best_move(&game, &lim, selfplay_seed(game_seed, plies), stop) else {
            break;
        };
        if game.play(r.mv).is_err() {
            break;
        }
        plies += 1;
    }
    game
}

/// The engine's seed for move `ply` of a self-play game.
pub fn selfplay_seed(game_seed: u64, ply: u32) -> u64 {
    game_seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(ply as u64)
}

/// One of the biggest changes of fortune in a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Swing {
    /// The move's index in the record (0 = the first move).
    pub ply: usize,
    pub mv: Move,
    pub side: Side,
    /// The subject side's chance (defenders / white) before and after the move.
    pub before: f64,
    pub after: f64,
    /// What the move did (see [`SwingKind`]).
    pub kind: SwingKind,
}

/// How a game can be won, as a swing names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The king reaches an escape square.
    Escape,
    /// The king is captured.
    KingCapture,
    /// A capture leaves the other side one piece (gwyddbwyll).
    LastCapture,
    /// A dux can not move (gwyddbwyll with a dux).
    DuxBlockade,
    /// The defenders have no move left.
    Blockade,
    /// Any other win.
    Win,
}

/// What a swing's move did, with its numbers (the app turns it into words).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwingKind {
    /// The opponent now wins by force, by `how`, in `in_moves` of its moves.
    Allowed { how: Ending, in_moves: u32 },
    /// The mover had a forced win in `in_moves` and did not play it.
    MissedWin { in_moves: u32 },
    /// The line after the move costs the mover `n` men.
    LostMen { n: u32 },
    /// A big drop of the chances (more than 30 points) with no simpler name.
    Blunder,
    /// A smaller drop.
    Mistake,
}

impl std::fmt::Display for SwingKind {
    /// English, for logs and tests (players see the catalogue's words).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            SwingKind::Allowed { how, in_moves } => {
                let how = match how {
                    Ending::Escape => "an escape of the king",
                    Ending::KingCapture => "a capture of the king",
                    Ending::LastCapture => "the last capture",
                    Ending::DuxBlockade => "a blockade of the dux",
                    Ending::Blockade => "a blockade",
                    Ending::Win => "a win",
                };
                write!(f, "allowed {how} in {in_moves}")
            }
            SwingKind::MissedWin { in_moves } => write!(f, "missed a win in {in_moves}"),
            SwingKind::LostMen { n: 1 } => write!(f, "lost a man"),
            SwingKind::LostMen { n } => write!(f, "lost {n} men"),
            SwingKind::Blunder => write!(f, "a blunder"),
            SwingKind::Mistake => write!(f, "a mistake"),
        }
    }
}

/// A whole game, evaluated.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The side whose chances are given: the defenders in tafl, white in gwyddbwyll.
    pub subject: Side,
    /// The subject's winning chance (0..1) at the start and after every move.
    pub chances: Vec<f64>,
    /// The (up to) three biggest swings against the side that moved, biggest first.
    pub swings: Vec<Swing>,
}

/// The side whose chances an analysis gives.
pub fn subject(game: &Game) -> Side {
    match game.rules().family {
        Family::Tafl => Side::Second,
        Family::Latrunculi => Side::First,
    }
}

fn ending(reason: Reason, winner: Side, game: &Game) -> Ending {
    let tafl = game.rules().family == Family::Tafl;
    match reason {
        Reason::KingEscaped => Ending::Escape,
        Reason::KingCaptured => Ending::KingCapture,
        Reason::OnePieceLeft => Ending::LastCapture,
        Reason::DuxImmobile => Ending::DuxBlockade,
        Reason::NoLegalMove if tafl && winner == Side::First => Ending::Blockade,
        _ => Ending::Win,
    }
}

/// Evaluates every position of `game` (its start, then after each move) at
/// `limits`; `progress(done, total)` is called after each position. Stops
/// early (with the positions done so far) when `stop` is set.
pub fn analyse(
    game: &Game,
    limits: &Limits,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize, usize),
) -> Analysis {
    let subj = subject(game);
    let mut replay = Game::from_position(
        game.rules().clone(),
        game.start().clone(),
        game.first(),
        game.seed(),
    )
    .expect("a game's own start is a valid position");
    let total = game.record().len() + 1;
    let mut chances = Vec::with_capacity(total);
    // Per position: the search's score and PV (for naming swings).
    let mut found: Vec<Option<SearchResult>> = Vec::with_capacity(total);
    for i in 0..total {
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            break;
        }
        let (chance, res) = match replay.outcome() {
            Some(o) => (
                match o.winner {
                    Some(w) if w == subj => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                },
                None,
            ),
            None => {
                let tm = replay.turn();
                match best_move(&replay, limits, 1, stop) {
                    Some(r) => {
                        let c = r.score.chance();
                        (if tm == subj { c } else { 1.0 - c }, Some(r))
                    }
                    None => (0.5, None),
                }
            }
        };
        chances.push(chance);
        found.push(res);
        progress(i + 1, total);
        if i + 1 < total {
            let p = &game.record()[i];
            if replay.play(p.mv).is_err() {
                break;
            }
        }
    }
    let mut swings: Vec<Swing> = Vec::new();
    let mut replay = Game::from_position(
        game.rules().clone(),
        game.start().clone(),
        game.first(),
        game.seed(),
    )
    .expect("a game's own start is a valid position");
    for (ply, p) in game.record().iter().enumerate() {
        if ply + 1 >= chances.len() {
            break;
        }
        let (b, a) = (chances[ply], chances[ply + 1]);
        let loss = if p.side == subj { b - a } else { a - b };
        if replay.play(p.mv).is_err() {
            break;
        }
        if loss <= 0.05 {
            continue;
        }
        let kind = describe(
            &replay,
            found[ply].as_ref(),
            found[ply + 1].as_ref(),
            p.side,
            loss,
        );
        swings.push(Swing {
            ply,
            mv: p.mv,
            side: p.side,
            before: b,
            after: a,
            kind,
        });
    }
    swings.sort_by(|x, y| {
        let lx = (x.before - x.after).abs();
        let ly = (y.before - y.after).abs();
        ly.partial_cmp(&lx).unwrap_or(std::cmp::Ordering::Equal)
    });
    swings.truncate(3);
    Analysis {
        subject: subj,
        chances,
        swings,
    }
}

/// Names a bad move: what it allowed (from the search after it), what it
/// missed (from the search before it), or what it cost.
fn describe(
    after: &Game,
    res_before: Option<&SearchResult>,
    res_after: Option<&SearchResult>,
    mover: Side,
    loss: f64,
) -> SwingKind {
    if let Some(r) = res_after.filter(|_| after.turn() != mover) {
        if let Score::WinIn(n) = r.score {
            // The opponent now wins by force: say how, from the line.
            let mut g = after.clone();
            for m in &r.pv {
                if g.play(*m).is_err() {
                    break;
                }
            }
            let how = match g.outcome() {
                Some(o) if o.winner == Some(mover.other()) => {
                    ending(o.reason, mover.other(), after)
                }
                _ => Ending::Win,
            };
            return SwingKind::Allowed { how, in_moves: n };
        }
    }
    if let Some(r) = res_before {
        if let Score::WinIn(n) = r.score {
            return SwingKind::MissedWin { in_moves: n };
        }
    }
    let men = |g: &Game, s: Side| {
        g.board()
            .pieces()
            .filter(|(_, p)| p.side == s && p.kind == Kind::Man)
            .count()
    };
    // Material the line after the move costs the mover.
    if let Some(r) = res_after {
        let mut g = after.clone();
        for m in r.pv.iter().take(2) {
            if g.play(*m).is_err() {
                break;
            }
        }
        let lost = men(after, mover).saturating_sub(men(&g, mover));
        if lost > 0 {
            return SwingKind::LostMen { n: lost as u32 };
        }
    }
    if loss > 0.3 {
        SwingKind::Blunder
    } else {
        SwingKind::Mistake
    }
}

#[cfg(test)]
mod tests;
