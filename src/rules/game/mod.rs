//! A game in progress: move generation, captures, outcomes, repetition, dice.

use std::collections::HashMap;

use super::board::{Board, Kind, Piece, Side, Square, CELLS};
use super::variants::{Escape, Family, KingCapture, Ruleset, SquareFlags};
use super::Move;

mod moves;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    KingEscaped,
    KingCaptured,
    OnePieceLeft,
    DuxImmobile,
    NoLegalMove,
    Repetition,
    MoveLimit,
    Resignation,
    DrawAgreed,
    Timeout,
}

/// The end of a game: the winner (`None` for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub winner: Option<Side>,
    pub reason: Reason,
}

/// A move as it was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub mv: Move,
    pub side: Side,
    pub piece: Piece,
    /// Squares emptied by this move's captures, in a fixed order.
    pub captures: Vec<Square>,
}

/// One throw of the die (`dice` option).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Throw {
    pub side: Side,
    pub value: u8,
}

/// Why a move was refused. [`crate::notation::explain`] turns it into a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    GameOver,
    OffBoard(Square),
    SameSquare(Square),
    NoPiece(Square),
    NotYourPiece {
        at: Square,
        piece: Piece,
        to_move: Side,
    },
    NotStraight {
        from: Square,
        to: Square,
    },
    Occupied {
        at: Square,
        piece: Piece,
    },
    Blocked {
        by: Square,
        piece: Piece,
    },
    /// The piece moves one square at a time.
    OneStep {
        piece: Piece,
    },
    /// Only the king may stop on this square.
    Restricted {
        at: Square,
        flags: SquareFlags,
    },
    /// Only the king may pass across this square.
    NoPass {
        at: Square,
        flags: SquareFlags,
    },
    /// The move would make a position occur for the third time.
    Repetition,
}

/// SplitMix64's step: the game's random numbers (coin toss, dice) and the
/// Zobrist keys, here and in the engine's own tables.
pub(crate) const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn zobrist_table() -> [[u64; 6]; CELLS] {
    let mut t = [[0u64; 6]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut k = 0;
        while k < 6 {
            t[i][k] = splitmix((i * 6 + k) as u64 * 0x1000_0001 + 7);
            k += 1;
        }
        i += 1;
    }
    t
}

static ZOBRIST: [[u64; 6]; CELLS] = zobrist_table();
const SIDE_KEY: u64 = 0x5A5A_1234_9876_F0F0;

fn hash_board(board: &Board) -> u64 {
    board
        .pieces()
        .fold(0, |h, (s, p)| h ^ ZOBRIST[s.idx()][p.code()])
}

fn key(board_hash: u64, side: Side) -> u64 {
    match side {
        Side::First => board_hash,
        Side::Second => board_hash ^ SIDE_KEY,
    }
}

/// A game: the ruleset, the position, the history that the repetition rule
/// needs, the dice, and the record.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Ruleset,
    seed: u64,
    start: Board,
    first: Side,
    board: Board,
    board_hash: u64,
    to_move: Side,
    rng: u64,
    throws: Vec<Throw>,
    seen: HashMap<u64, u8>,
    repeat_possible: bool,
    since_capture: u32,
    record: Vec<Played>,
    outcome: Option<Outcome>,
}

impl Game {
    /// A new game from the variant's start. Who starts is the ruleset's
    /// choice, or a coin toss made from `seed` where the ruleset leaves it open.
    pub fn new(rules: Ruleset, seed: u64) -> Game {
        Game::with_first(rules, seed, None)
    }

    /// The side that moves first in a new game with this seed.
    pub fn coin_toss(rules: &Ruleset, seed: u64) -> Side {
        rules
            .first
            .unwrap_or(if splitmix(seed ^ 0xC0_1A55) & 1 == 0 {
                Side::First
            } else {
                Side::Second
            })
    }

    /// A new game from the variant's start with `first` to move (or the
    /// default / coin toss when `None`).
    pub fn with_first(rules: Ruleset, seed: u64, first: Option<Side>) -> Game {
        let first = first.unwrap_or_else(|| Game::coin_toss(&rules, seed));
        let board = rules.start.clone();
        Game::start_from(rules, board, first, seed)
    }

    /// A game from an arbitrary position. The board must have the ruleset's size.
    pub fn from_position(
        rules: Ruleset,
        board: Board,
        to_move: Side,
        seed: u64,
    ) -> Result<Game, String> {
        if board.width() != rules.width || board.height() != rules.height {
            return Err(format!(
                "A {} board is {}x{}, but that position is {}x{}.",
                rules.name,
                rules.width,
                rules.height,
                board.width(),
                board.height()
            ));
        }
        for (_, p) in board.pieces() {
            let ok = match (rules.family, p.kind) {
                (Family::Tafl, Kind::Man) => true,
                (Family::Tafl, Kind::King) => p.side == Side::Second,
                (Family::Tafl, Kind::Dux) => false,
                (Family::Latrunculi, Kind::Man) => true,
                (Family::Latrunculi, Kind::Dux) => rules.dux,
                (Family::Latrunculi, Kind::King) => false,
            };
            if !ok {
                return Err(format!(
                    "{} has no place in {}.",
                    rules.piece_name(p),
                    rules.name
                ));
            }
        }
        Ok(Game::start_from(rules, board, to_move, seed))
    }

    fn start_from(rules: Ruleset, board: Board, first: Side, seed: u64) -> Game {
        let board_hash = hash_board(&board);
        let mut g = Game {
            rules,
            seed,
            start: board.clone(),
            first,
            board,
            board_hash,
            to_move: first,
            rng: seed,
            throws: Vec::new(),
            seen: HashMap::new(),
            repeat_possible: false,
            since_capture: 0,
            record: Vec::new(),
            outcome: None,
        };
        g.seen.insert(key(board_hash, first), 1);
        g.throw_dice();
        g.check_can_move();
        g
    }

    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The position the game started from.
    pub fn start(&self) -> &Board {
        &self.start
    }
    /// The side that started (before any dice).
    pub fn first(&self) -> Side {
        self.first
    }
    /// The side to move, or `None` once the game is over.
    pub fn to_move(&self) -> Option<Side> {
        self.outcome.is_none().then_some(self.to_move)
    }
    /// The side whose turn it is (or was, when the game ended).
    pub fn turn(&self) -> Side {
        self.to_move
    }
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }
    pub fn record(&self) -> &[Played] {
        &self.record
    }
    pub fn last(&self) -> Option<&Played> {
        self.record.last()
    }
    pub fn throws(&self) -> &[Throw] {
        &self.throws
    }
    /// Moves in a row without a capture.
    pub fn since_capture(&self) -> u32 {
        self.since_capture
    }

    /// Ends the game: `side` resigns.
    pub fn resign(&mut self, side: Side) {
        self.finish(Some(side.other()), Reason::Resignation);
    }
    /// Ends the game: drawn by agreement.
    pub fn agree_draw(&mut self) {
        self.finish(None, Reason::DrawAgreed);
    }
    /// Ends the game: `side` ran out of time.
    pub fn time_out(&mut self, side: Side) {
        self.finish(Some(side.other()), Reason::Timeout);
    }
    fn finish(&mut self, winner: Option<Side>, reason: Reason) {
        if self.outcome.is_none() {
            self.outcome = Some(Outcome { winner, reason });
        }
    }

    fn next_throw(&mut self) -> u8 {
        self.rng = splitmix(self.rng);
        (self.rng % 6) as u8 + 1
    }

    /// With the `dice` option: throw until a side throws even; that side moves.
    fn throw_dice(&mut self) {
        if !self.rules.dice {
            return;
        }
        loop {
            let value = self.next_throw();
            self.throws.push(Throw {
                side: self.to_move,
                value,
            });
            if value.is_multiple_of(2) {
                break;
            }
            self.to_move = self.to_move.other();
        }
    }

    /// Plays a move, or says why not (and changes nothing).
    pub fn play(&mut self, mv: Move) -> Result<&Played, MoveError> {
        self.check(mv)?;
        let p = self.board.get(mv.from).expect("checked");
        let mut b = self.board.clone();
        let captures = self.apply(&mut b, mv, p);
        let mut h =
            self.board_hash ^ ZOBRIST[mv.from.idx()][p.code()] ^ ZOBRIST[mv.to.idx()][p.code()];
        for c in &captures {
            if let Some(cp) = self.board.get(*c) {
                h ^= ZOBRIST[c.idx()][cp.code()];
            }
        }
        let king_taken = captures
            .iter()
            .any(|c| self.board.get(*c).is_some_and(|q| q.kind == Kind::King));
        self.board = b;
        self.board_hash = h;
        let mover = p.side;
        let count = self.seen.entry(key(h, mover.other())).or_insert(0);
        *count += 1;
        if *count + 1 >= self.rules.repetition_limit {
            self.repeat_possible = true;
        }
        if captures.is_empty() {
            self.since_capture += 1;
        } else {
            self.since_capture = 0;
        }
        self.record.push(Played {
            mv,
            side: mover,
            piece: p,
            captures,
        });
        self.to_move = mover.other();
        self.after_move(mv, p, king_taken);
        Ok(self.record.last().expect("just pushed"))
    }

    /// The order of checks after a move (RULES.md).
    fn after_move(&mut self, mv: Move, p: Piece, king_taken: bool) {
        let r = &self.rules;
        let mover = p.side;
        let escaped = p.kind == Kind::King
            && match r.escape {
                Escape::Edge => self.board.is_edge(mv.to),
                Escape::Corners => self.board.is_corner(mv.to),
                Escape::None => false,
            };
        if escaped {
            return self.finish(Some(mover), Reason::KingEscaped);
        }
        if king_taken {
            return self.finish(Some(Side::First), Reason::KingCaptured);
        }
        if r.one_piece_loses && self.board.count(mover.other()) <= 1 {
            return self.finish(Some(mover), Reason::OnePieceLeft);
        }
        if r.dux {
            if !self.dux_can_move(mover.other()) {
                return self.finish(Some(mover), Reason::DuxImmobile);
            }
            if !self.dux_can_move(mover) {
                return self.finish(Some(mover.other()), Reason::DuxImmobile);
            }
        }
        if self.since_capture >= r.move_limit {
            return self.finish(None, Reason::MoveLimit);
        }
        self.throw_dice();
        self.check_can_move();
    }

    /// Whether the game is decided before anyone moves: it is over already
    /// (the side to move cannot move), the king stands on a square it
    /// escapes to, a side is down to the one piece that loses, or a dux is
    /// shut in. Such a position is no game to start (`/challenge position:`).
    pub fn decided_at_start(&self) -> bool {
        if self.is_over() {
            return true;
        }
        let r = &self.rules;
        let king_out = self.board.pieces().any(|(sq, p)| {
            p.kind == Kind::King
                && match r.escape {
                    Escape::Edge => self.board.is_edge(sq),
                    Escape::Corners => self.board.is_corner(sq),
                    Escape::None => false,
                }
        });
        if king_out {
            return true;
        }
        if r.one_piece_loses
            && [Side::First, Side::Second]
                .iter()
                .any(|&s| self.board.count(s) <= 1)
        {
            return true;
        }
        r.dux
            && [Side::First, Side::Second]
                .iter()
                .any(|&s| !self.dux_can_move(s))
    }

    /// Step 7: the side now to move has no legal move.
    fn check_can_move(&mut self) {
        if self.outcome.is_some() {
            return;
        }
        let loser = self.to_move;
        // Most positions: no repetition to weigh, so one move found is
        // enough (replaying a stored game asks this after every move).
        if !self.repeat_possible {
            if !self.has_movement_move(&self.board, loser) {
                self.finish(Some(loser.other()), Reason::NoLegalMove);
            }
            return;
        }
        let mut moves = Vec::new();
        self.movement_moves(&self.board, self.to_move, &mut moves);
        if moves.is_empty() {
            self.finish(Some(loser.other()), Reason::NoLegalMove);
        } else if self.repeat_possible && moves.iter().all(|&m| self.repeats(m)) {
            self.finish(Some(loser.other()), Reason::Repetition);
        }
    }
}

/// For logs and tests, in the rules' own terms (squares by index): players
/// read the words of `app::presentation::move_words::explain_msg`, which
/// name squares on their board.
impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveError::GameOver => write!(f, "the game is over"),
            MoveError::OffBoard(s) => write!(f, "{s:?} is off the board"),
            MoveError::SameSquare(s) => write!(f, "a move from {s:?} to itself"),
            MoveError::NoPiece(s) => write!(f, "no piece on {s:?}"),
            MoveError::NotYourPiece { at, piece, to_move } => {
                write!(f, "the {piece:?} on {at:?} is not {to_move:?}'s")
            }
            MoveError::NotStraight { from, to } => {
                write!(f, "{from:?} to {to:?} is not a straight line")
            }
            MoveError::Occupied { at, piece } => write!(f, "{at:?} holds a {piece:?}"),
            MoveError::Blocked { by, piece } => {
                write!(f, "the way is blocked by a {piece:?} on {by:?}")
            }
            MoveError::OneStep { piece } => write!(f, "a {piece:?} moves one square at a time"),
            MoveError::Restricted { at, .. } => write!(f, "only the king may stop on {at:?}"),
            MoveError::NoPass { at, .. } => write!(f, "only the king may pass across {at:?}"),
            MoveError::Repetition => write!(f, "the position would occur a third time"),
        }
    }
}

impl std::error::Error for MoveError {}
