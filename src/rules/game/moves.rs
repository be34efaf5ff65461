//! Move generation, legality and captures.

use super::{
    key, Board, Family, Game, Kind, KingCapture, Move, MoveError, Piece, Side, Square, SquareFlags,
    ZOBRIST,
};

impl Game {
    pub(super) fn steps_only(&self, p: Piece) -> bool {
        match p.kind {
            Kind::King => self.rules.king_steps,
            _ => self.rules.man_steps,
        }
    }

    /// Pushes the destinations of the piece on `from` (movement rules only).
    pub(super) fn piece_moves(&self, board: &Board, from: Square, p: Piece, out: &mut Vec<Move>) {
        self.each_piece_move(board, from, p, |m| {
            out.push(m);
            true
        });
    }

    /// Whether `side` has any move the movement rules allow (repetition
    /// aside): stops at the first one found.
    pub(super) fn has_movement_move(&self, board: &Board, side: Side) -> bool {
        board
            .pieces()
            .any(|(sq, p)| p.side == side && !self.each_piece_move(board, sq, p, |_| false))
    }

    /// Gives `f` each destination of the piece on `from` (movement rules
    /// only) until it answers false; false if it did.
    #[inline(always)]
    fn each_piece_move(
        &self,
        board: &Board,
        from: Square,
        p: Piece,
        mut f: impl FnMut(Move) -> bool,
    ) -> bool {
        let r = &self.rules;
        let (w, h) = (r.width, r.height);
        let king = p.kind == Kind::King;
        let steps = self.steps_only(p);
        let jump = p.kind == Kind::Dux && r.dux_jump;
        for dir in 0..4 {
            let mut cur = from;
            let mut jumped = false;
            while let Some(next) = cur.step(dir, w, h) {
                cur = next;
                if board.get(cur).is_some() {
                    if jump && !jumped {
                        jumped = true;
                        continue;
                    }
                    break;
                }
                let fl = r.flags(cur);
                if !king && fl.has(SquareFlags::NO_PASS) {
                    break;
                }
                if (king || !fl.has(SquareFlags::RESTRICTED)) && !f(Move { from, to: cur }) {
                    return false;
                }
                if steps {
                    break;
                }
            }
        }
        true
    }

    /// The moves the movement rules allow `side`, ignoring repetition.
    pub(super) fn movement_moves(&self, board: &Board, side: Side, out: &mut Vec<Move>) {
        for (sq, p) in board.pieces() {
            if p.side == side {
                self.piece_moves(board, sq, p, out);
            }
        }
    }

    /// All legal moves of the side to move (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(128);
        if self.outcome.is_none() {
            self.movement_moves(&self.board, self.to_move, &mut out);
            if self.repeat_possible {
                out.retain(|&m| !self.repeats(m));
            }
        }
        out
    }

    /// The legal destinations of the piece on `from`.
    pub fn moves_from(&self, from: Square) -> Vec<Move> {
        let mut out = Vec::new();
        if self.outcome.is_some() {
            return out;
        }
        if let Some(p) = self.board.get(from).filter(|p| p.side == self.to_move) {
            self.piece_moves(&self.board, from, p, &mut out);
            if self.repeat_possible {
                out.retain(|&m| !self.repeats(m));
            }
        }
        out
    }

    /// Where the piece on `from` could go, whichever side it belongs to (for
    /// showing a piece's reach; only the side to move has its repetition
    /// refusals filtered out).
    pub fn reach(&self, from: Square) -> Vec<Move> {
        let Some(p) = self.board.get(from) else {
            return Vec::new();
        };
        if p.side == self.to_move {
            return self.moves_from(from);
        }
        let mut out = Vec::new();
        self.piece_moves(&self.board, from, p, &mut out);
        out
    }

    /// Would this (movement-legal) move make a position occur for the third time?
    pub(super) fn repeats(&self, mv: Move) -> bool {
        let mut b = self.board.clone();
        let p = b.get(mv.from).expect("moving piece");
        let caps = self.apply(&mut b, mv, p);
        let mut h =
            self.board_hash ^ ZOBRIST[mv.from.idx()][p.code()] ^ ZOBRIST[mv.to.idx()][p.code()];
        for c in &caps {
            if let Some(cp) = self.board.get(*c) {
                h ^= ZOBRIST[c.idx()][cp.code()];
            }
        }
        let k = key(h, p.side.other());
        self.seen.get(&k).copied().unwrap_or(0) + 1 >= self.rules.repetition_limit
    }

    /// Checks a move against the rules; `Ok` means [`Game::play`] will accept it.
    pub fn check(&self, mv: Move) -> Result<(), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        let (from, to) = (mv.from, mv.to);
        for s in [from, to] {
            if !self.board.contains(s) {
                return Err(MoveError::OffBoard(s));
            }
        }
        if from == to {
            return Err(MoveError::SameSquare(from));
        }
        let p = self.board.get(from).ok_or(MoveError::NoPiece(from))?;
        if p.side != self.to_move {
            return Err(MoveError::NotYourPiece {
                at: from,
                piece: p,
                to_move: self.to_move,
            });
        }
        if from.file() != to.file() && from.rank() != to.rank() {
            return Err(MoveError::NotStraight { from, to });
        }
        if let Some(q) = self.board.get(to) {
            return Err(MoveError::Occupied { at: to, piece: q });
        }
        let dist = from.file().abs_diff(to.file()) + from.rank().abs_diff(to.rank());
        if dist > 1 && self.steps_only(p) {
            return Err(MoveError::OneStep { piece: p });
        }
        // Walk the path.
        let dir = if to.rank() > from.rank() {
            0
        } else if to.file() > from.file() {
            1
        } else if to.rank() < from.rank() {
            2
        } else {
            3
        };
        let (w, h) = (self.rules.width, self.rules.height);
        let king = p.kind == Kind::King;
        let jump = p.kind == Kind::Dux && self.rules.dux_jump;
        let mut jumped = false;
        let mut cur = from;
        while let Some(next) = cur.step(dir, w, h) {
            cur = next;
            if cur == to {
                break;
            }
            if let Some(q) = self.board.get(cur) {
                if jump && !jumped {
                    jumped = true;
                    continue;
                }
                return Err(MoveError::Blocked { by: cur, piece: q });
            }
            let f = self.rules.flags(cur);
            if !king && f.has(SquareFlags::NO_PASS) {
                return Err(MoveError::NoPass { at: cur, flags: f });
            }
        }
        let f = self.rules.flags(to);
        if !king && f.has(SquareFlags::RESTRICTED) {
            return Err(MoveError::Restricted { at: to, flags: f });
        }
        if self.repeat_possible && self.repeats(mv) {
            return Err(MoveError::Repetition);
        }
        Ok(())
    }

    /// What a move would capture, if it is legal; the game is unchanged.
    pub fn captures_of(&self, mv: Move) -> Result<Vec<Square>, MoveError> {
        self.check(mv)?;
        let p = self.board.get(mv.from).expect("checked");
        let mut b = self.board.clone();
        Ok(self.apply(&mut b, mv, p))
    }

    /// Does `closer` (the square beyond a line of enemies of `mover`) close a capture?
    #[inline]
    pub(super) fn closes(&self, board: &Board, sq: Square, mover: Side) -> bool {
        let f = self.rules.flags(sq);
        match board.get(sq) {
            None => f.has(SquareFlags::HOSTILE_EMPTY),
            Some(q) if q.side == mover => q.kind != Kind::King || self.rules.king_armed,
            Some(q) => q.kind == Kind::King && f.has(SquareFlags::HOSTILE_ALWAYS),
        }
    }

    #[inline]
    pub(super) fn capturable(&self, q: Piece) -> bool {
        match q.kind {
            Kind::Man => true,
            Kind::Dux => false,
            Kind::King => self.rules.king_capture == KingCapture::Custodial,
        }
    }

    /// Moves `p` along `mv` on `board`, makes the captures, and returns them.
    pub(super) fn apply(&self, board: &mut Board, mv: Move, p: Piece) -> Vec<Square> {
        board.set(mv.from, None);
        board.set(mv.to, Some(p));
        let r = &self.rules;
        let (w, h) = (r.width, r.height);
        let me = p.side;
        let mut caps = Vec::new();
        for dir in 0..4 {
            let mut line = [mv.to; 3];
            let mut n = 0usize;
            let mut cur = mv.to;
            while let Some(next) = cur.step(dir, w, h) {
                cur = next;
                if n > 0 && self.closes(board, cur, me) {
                    caps.extend_from_slice(&line[..n]);
                    break;
                }
                match board.get(cur) {
                    Some(q)
                        if q.side != me
                            && self.capturable(q)
                            && n < r.capture.max_line as usize =>
                    {
                        line[n] = cur;
                        n += 1;
                    }
                    _ => break,
                }
            }
        }
        if r.capture.corner_capture {
            for dir in 0..4 {
                let Some(c) = mv.to.step(dir, w, h) else {
                    continue;
                };
                if !board.is_corner(c) {
                    continue;
                }
                let Some(q) = board.get(c) else { continue };
                if q.side == me || q.kind != Kind::Man {
                    continue;
                }
                let other = (0..4).filter_map(|d| c.step(d, w, h)).find(|&s| s != mv.to);
                if other
                    .and_then(|s| board.get(s))
                    .is_some_and(|o| o.side == me)
                {
                    caps.push(c);
                }
            }
        }
        if let KingCapture::Enclosure { edge_three } = r.king_capture {
            if r.family == Family::Tafl && me == Side::First {
                for dir in 0..4 {
                    let Some(k) = mv.to.step(dir, w, h) else {
                        continue;
                    };
                    if board.get(k) != Some(Piece::new(Side::Second, Kind::King)) {
                        continue;
                    }
                    let enclosed = (0..4).all(|d| match k.step(d, w, h) {
                        None => edge_three,
                        Some(s) => match board.get(s) {
                            Some(q) => q.side == Side::First,
                            None => r.flags(s).has(SquareFlags::THRONE),
                        },
                    });
                    if enclosed {
                        caps.push(k);
                    }
                }
            }
        }
        for c in &caps {
            board.set(*c, None);
        }
        caps
    }

    /// Can the dux of `side` move, by its movement rules?
    pub(super) fn dux_can_move(&self, side: Side) -> bool {
        let dux = Piece::new(side, Kind::Dux);
        match self.board.find(dux) {
            None => true,
            Some(sq) => {
                let mut v = Vec::new();
                self.piece_moves(&self.board, sq, dux, &mut v);
                !v.is_empty()
            }
        }
    }
}
