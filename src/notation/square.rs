//! Squares as written (`e4`, `@54`) and in a variant's home notation.

use super::{fmt, Notation, PlayError, Ruleset, Square, MAX_SIDE};

/// A square as written, before it is checked against a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareText {
    /// `e4`: file index from 0, rank number from 1.
    Algebraic { file: u8, rank: u32 },
    /// `@54` / `@5,4`: column and row numbers from 1.
    AtHv { h: u32, v: u32 },
}

impl fmt::Display for SquareText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SquareText::Algebraic { file, rank } => write!(f, "{}{}", (b'a' + file) as char, rank),
            SquareText::AtHv { h, v } if h < 10 && v < 10 => write!(f, "@{h}{v}"),
            SquareText::AtHv { h, v } => write!(f, "@{h},{v}"),
        }
    }
}

/// The square a written square names on this game's board.
pub fn resolve_square(rules: &Ruleset, t: SquareText) -> Result<Square, PlayError> {
    let (f, r) = match t {
        SquareText::Algebraic { file, rank } => (file as u32, rank.wrapping_sub(1)),
        SquareText::AtHv { h, v } => (h.wrapping_sub(1), v.wrapping_sub(1)),
    };
    if f < rules.width as u32 && r < rules.height as u32 && f < MAX_SIDE as u32 {
        Ok(Square::new(f as u8, r as u8).expect("checked bounds"))
    } else {
        Err(PlayError::OffBoard(t))
    }
}

/// A square in the variant's home notation.
pub fn format_square(rules: &Ruleset, sq: Square) -> String {
    match rules.notation {
        Notation::Algebraic => algebraic(sq),
        Notation::AtHv => SquareText::AtHv {
            h: sq.file() as u32 + 1,
            v: sq.rank() as u32 + 1,
        }
        .to_string(),
    }
}

/// A square in lowercase algebraic notation, whatever the variant.
pub fn algebraic(sq: Square) -> String {
    format!("{}{}", (b'a' + sq.file()) as char, sq.rank() + 1)
}

pub(super) fn list_squares(rules: &Ruleset, sqs: &[Square], sep: &str) -> String {
    sqs.iter()
        .map(|&s| format_square(rules, s))
        .collect::<Vec<_>>()
        .join(sep)
}
