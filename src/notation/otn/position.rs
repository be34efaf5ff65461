//! Positions: piece letters, writing, reading and validating a board.

use super::{
    read_ranks, Board, Family, Kind, Letters, Piece, PositionError, Ruleset, Side, Square,
    SquareFlags, MAX_POSITION,
};

/// The OTN letter of a piece.
pub fn piece_letter(p: Piece) -> char {
    let c = match p.kind {
        Kind::Man => 't',
        Kind::King => 'k',
        Kind::Dux => 'c',
    };
    match p.side {
        Side::First => c,
        Side::Second => c.to_ascii_uppercase(),
    }
}

pub(super) fn letter_piece(c: char) -> Option<Piece> {
    let side = if c.is_ascii_uppercase() {
        Side::Second
    } else {
        Side::First
    };
    let kind = match c.to_ascii_lowercase() {
        't' => Kind::Man,
        'k' => Kind::King,
        'c' => Kind::Dux,
        _ => return None,
    };
    Some(Piece::new(side, kind))
}

pub(super) fn algebraic(sq: Square) -> String {
    crate::notation::algebraic(sq)
}

/// A board as an OTN position: `/.../`, rank 1 first.
pub fn write_position(board: &Board) -> String {
    let mut out = String::from("/");
    for r in 0..board.height() {
        let mut empty = 0;
        for f in 0..board.width() {
            match board.get(Square::new(f, r).expect("on board")) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(piece_letter(p));
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        out.push('/');
    }
    out
}

/// Does this text look like an OTN position (`/.../`, `start:/.../`,
/// `starti:/.../`) rather than tawlbot's own rows?
pub fn looks_like_position(text: &str) -> bool {
    let t = text.trim();
    t.starts_with('/') || t.starts_with("start:") || t.starts_with("starti:")
}

/// Reads an OTN position for a board of this ruleset's size: `/.../` (rank 1
/// first), or `start:/.../`, or `starti:/.../` (top rank first). The board
/// is not yet checked against the rules: see [`validate`]. Never panics.
pub fn parse_position(rules: &Ruleset, text: &str) -> Result<Board, PositionError> {
    let mut t = text.trim();
    let mut inverted = false;
    if let Some(rest) = t.strip_prefix("starti:") {
        t = rest;
        inverted = true;
    } else if let Some(rest) = t.strip_prefix("start:") {
        t = rest;
    }
    if t.len() > MAX_POSITION {
        return Err(PositionError::TooLong);
    }
    if !t.starts_with('/') || !t.ends_with('/') || t.len() < 2 {
        return Err(PositionError::NotOtn);
    }
    let mut ranks: Vec<&str> = t[1..t.len() - 1].split('/').collect();
    if inverted {
        ranks.reverse();
    }
    read_ranks(rules, &ranks, Letters::Otn, |c| letter_piece(c).map(Some))
}

/// A problem that keeps a position from being played in a ruleset. Squares
/// are written in the game's home notation. The app words it
/// (`position-*` in `locales/*/notation.ftl`); `Display` gives the English
/// words of the same catalogue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The board is not the game's size.
    Size {
        game: &'static str,
        width: u8,
        height: u8,
        found_width: u8,
        found_height: u8,
    },
    /// A tafl position with no king.
    NoKing { game: &'static str },
    /// A tafl position with more than one king.
    Kings {
        game: &'static str,
        squares: Vec<String>,
    },
    /// A king written in the attackers' letter (`k`).
    AttackerKing { squares: Vec<String> },
    /// A commander (`c`, `C`) in a tafl game.
    TaflDux {
        game: &'static str,
        squares: Vec<String>,
    },
    /// A king in gwyddbwyll.
    LatrunculiKing {
        game: &'static str,
        squares: Vec<String>,
    },
    /// A dux in gwyddbwyll played without the dux option.
    DuxWithoutOption { squares: Vec<String> },
    /// More than one dux on one side (`side`: its catalogue id, `latrunculi-first` or `latrunculi-second`).
    Duxes {
        side: &'static str,
        squares: Vec<String>,
    },
    /// A piece other than the king on a square only the king may stop on.
    /// `piece`: the piece's key (`attacker`, `white-man`...); `role`: the
    /// square's (`throne`, `centre`, `corner`, `guard`, `restricted`).
    Restricted {
        piece: &'static str,
        square: String,
        role: &'static str,
    },
}

/// Every problem that keeps a position from being played in this ruleset
/// (none: the position is fine). Checks the board size, exactly one king in
/// the tafl games (none in gwyddbwyll), the dux (only with the dux option,
/// at most one a side), and that no piece stands on a square it may not
/// stop on.
pub fn validate(rules: &Ruleset, board: &Board) -> Vec<Problem> {
    let mut out = Vec::new();
    if board.width() != rules.width || board.height() != rules.height {
        out.push(Problem::Size {
            game: rules.name,
            width: rules.width,
            height: rules.height,
            found_width: board.width(),
            found_height: board.height(),
        });
        return out;
    }
    let sq = |s: Square| crate::notation::format_square(rules, s);
    let on = |keep: &dyn Fn(Piece) -> bool| -> Vec<String> {
        board
            .pieces()
            .filter(|(_, p)| keep(*p))
            .map(|(s, _)| sq(s))
            .collect()
    };
    let game = rules.name;
    let kings = on(&|p| p.kind == Kind::King);
    match rules.family {
        Family::Tafl => {
            match kings.len() {
                0 => out.push(Problem::NoKing { game }),
                1 => {}
                _ => out.push(Problem::Kings {
                    game,
                    squares: kings,
                }),
            }
            let bad = on(&|p| p.kind == Kind::King && p.side == Side::First);
            if !bad.is_empty() {
                out.push(Problem::AttackerKing { squares: bad });
            }
            let dux = on(&|p| p.kind == Kind::Dux);
            if !dux.is_empty() {
                out.push(Problem::TaflDux { game, squares: dux });
            }
        }
        Family::Latrunculi => {
            if !kings.is_empty() {
                out.push(Problem::LatrunculiKing {
                    game,
                    squares: kings,
                });
            }
            for side in [Side::First, Side::Second] {
                let dux = on(&|p| p.kind == Kind::Dux && p.side == side);
                if !rules.dux && !dux.is_empty() {
                    out.push(Problem::DuxWithoutOption { squares: dux });
                } else if dux.len() > 1 {
                    out.push(Problem::Duxes {
                        side: rules.side_key(side),
                        squares: dux,
                    });
                }
            }
        }
    }
    for (s, p) in board.pieces() {
        let f = rules.flags(s);
        if p.kind != Kind::King && f.has(SquareFlags::RESTRICTED) {
            out.push(Problem::Restricted {
                piece: rules.piece_key(p),
                square: sq(s),
                role: crate::notation::square_role_key(rules, f),
            });
        }
    }
    out
}

/// Why a position given to play from cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadPositionError {
    /// The text cannot be read.
    Unreadable(PositionError),
    /// It reads, but breaks the rules: every problem.
    Problems(Vec<Problem>),
}

impl From<PositionError> for ReadPositionError {
    fn from(e: PositionError) -> Self {
        ReadPositionError::Unreadable(e)
    }
}

/// Reads a position in either notation (OTN `/.../` or tawlbot's rows, top
/// rank first) and checks it with [`validate`].
pub fn read_position(rules: &Ruleset, text: &str) -> Result<Board, ReadPositionError> {
    let board = if looks_like_position(text) {
        parse_position(rules, text)?
    } else {
        crate::notation::parse_position(rules, text)?
    };
    let problems = validate(rules, &board);
    if problems.is_empty() {
        Ok(board)
    } else {
        Err(ReadPositionError::Problems(problems))
    }
}
