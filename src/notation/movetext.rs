//! Moves: read the syntax ([`parse_move`]), resolve it against a game,
//! play it, and write a move back.

use super::{
    format_square, list_squares, resolve_square, Game, Move, MoveError, Played, Ruleset, Square,
    SquareText,
};

/// A move as written: two squares and the captures it claims, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    pub from: SquareText,
    pub to: SquareText,
    pub captures: Option<Vec<SquareText>>,
}

/// Why a text is not a move at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    Empty,
    TooLong,
    /// `@` followed by more than two digits and no comma.
    HvNeedsComma(String),
    /// Not in any notation.
    Unreadable(String),
}

/// Why a written move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    Parse(ParseError),
    /// A square outside the board.
    OffBoard(SquareText),
    Move(MoveError),
    /// The capture suffix does not match what the move captures.
    CaptureMismatch {
        mv: Move,
        claimed: Vec<Square>,
        actual: Vec<Square>,
    },
}

impl From<MoveError> for PlayError {
    fn from(e: MoveError) -> Self {
        PlayError::Move(e)
    }
}

const MAX_MOVE_LEN: usize = 80;

struct Cursor<'a> {
    s: &'a [char],
    i: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<char> {
        self.s.get(self.i).copied()
    }
    fn peek_at(&self, k: usize) -> Option<char> {
        self.s.get(self.i + k).copied()
    }
    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.i += 1;
        }
    }
    fn digits(&mut self) -> Option<String> {
        let start = self.i;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.i += 1;
        }
        (self.i > start).then(|| self.s[start..self.i].iter().collect())
    }
    fn number(&mut self) -> Option<u32> {
        let d = self.digits()?;
        if d.len() > 3 {
            return Some(u32::MAX);
        }
        d.parse().ok()
    }
    fn square(&mut self, text: &str) -> Result<Option<SquareText>, ParseError> {
        match self.peek() {
            Some('@') => {
                self.i += 1;
                let Some(d) = self.digits() else {
                    return Err(ParseError::Unreadable(text.to_string()));
                };
                if self.peek() == Some(',') && self.peek_at(1).is_some_and(|c| c.is_ascii_digit()) {
                    self.i += 1;
                    let h = if d.len() > 3 {
                        u32::MAX
                    } else {
                        d.parse().unwrap_or(u32::MAX)
                    };
                    let v = self.number().unwrap_or(u32::MAX);
                    return Ok(Some(SquareText::AtHv { h, v }));
                }
                let b = d.as_bytes();
                if b.len() != 2 {
                    return Err(ParseError::HvNeedsComma(format!("@{d}")));
                }
                Ok(Some(SquareText::AtHv {
                    h: (b[0] - b'0') as u32,
                    v: (b[1] - b'0') as u32,
                }))
            }
            Some(c) if c.is_ascii_alphabetic() && c.to_ascii_lowercase() <= 'm' => {
                if !self.peek_at(1).is_some_and(|c| c.is_ascii_digit()) {
                    return Ok(None);
                }
                self.i += 1;
                let file = c.to_ascii_lowercase() as u8 - b'a';
                let rank = self.number().unwrap_or(u32::MAX);
                Ok(Some(SquareText::Algebraic { file, rank }))
            }
            _ => Ok(None),
        }
    }
}

/// Reads a move in any accepted form: `e1-e4`, `e1 e4`, `e1e4`, `E1–E4`,
/// `e1→e4`, `@14-@44`, `@14 @44`, `@14@44`, `@11,6-@11,9`, an optional leading
/// piece symbol (`o @14 @44`, `+ @44 @43`, `x @53 @54`), and an optional
/// capture suffix (`xe5`, `xe5/g4`). Never panics, whatever the input.
pub fn parse_move(text: &str) -> Result<MoveText, ParseError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(ParseError::Empty);
    }
    if trimmed.chars().count() > MAX_MOVE_LEN {
        return Err(ParseError::TooLong);
    }
    let chars: Vec<char> = trimmed.chars().collect();
    let mut c = Cursor { s: &chars, i: 0 };
    let bad = || ParseError::Unreadable(trimmed.to_string());
    // A leading piece symbol as the seeds draw them.
    if matches!(
        c.peek(),
        Some('o' | 'O' | 'x' | 'X' | '+' | '●' | '○' | '♔' | '♚')
    ) && (c.peek_at(1).is_some_and(char::is_whitespace) || c.peek_at(1) == Some('@'))
    {
        c.i += 1;
        c.skip_ws();
    }
    let from = c.square(trimmed)?.ok_or_else(bad)?;
    c.skip_ws();
    if let Some('-' | '–' | '—' | '→' | '⟶' | ':') = c.peek() {
        c.i += 1;
        if c.peek() == Some('>') {
            c.i += 1;
        }
    }
    c.skip_ws();
    let to = c.square(trimmed)?.ok_or_else(bad)?;
    c.skip_ws();
    let mut captures = None;
    if matches!(c.peek(), Some('x' | 'X' | '×')) {
        c.i += 1;
        let mut list = Vec::new();
        loop {
            c.skip_ws();
            let sq = c.square(trimmed)?.ok_or_else(bad)?;
            list.push(sq);
            c.skip_ws();
            match c.peek() {
                Some('/' | 'x' | 'X' | '×' | ',') => c.i += 1,
                _ => break,
            }
        }
        captures = Some(list);
    }
    c.skip_ws();
    if c.peek().is_some() {
        return Err(bad());
    }
    Ok(MoveText { from, to, captures })
}

/// Resolves a written move against a game: squares on the board, the move
/// legal, the claimed captures true.
pub fn resolve(game: &Game, t: &MoveText) -> Result<Move, PlayError> {
    let rules = game.rules();
    let mv = resolve_squares(rules, t)?;
    let actual = game.captures_of(mv)?;
    if let Some(claimed) = &t.captures {
        let mut claimed = claimed
            .iter()
            .map(|&s| resolve_square(rules, s))
            .collect::<Result<Vec<_>, _>>()?;
        claimed.sort();
        claimed.dedup();
        let mut a = actual.clone();
        a.sort();
        if claimed != a {
            return Err(PlayError::CaptureMismatch {
                mv,
                claimed,
                actual,
            });
        }
    }
    Ok(mv)
}

/// Parses, resolves and plays a written move.
///
/// Only a move with a capture suffix is previewed first (to compare the
/// claim); any other goes straight to [`Game::play`], which checks it.
pub fn play_text(game: &mut Game, text: &str) -> Result<Played, PlayError> {
    let t = parse_move(text).map_err(PlayError::Parse)?;
    let mv = if t.captures.is_some() {
        resolve(game, &t)?
    } else {
        resolve_squares(game.rules(), &t)?
    };
    Ok(game.play(mv)?.clone())
}

/// Plays a move from a trusted record (one this program wrote): the squares
/// are read and the move checked against the rules, but the capture suffix
/// is not compared again.
pub fn replay_text(game: &mut Game, text: &str) -> Result<Played, PlayError> {
    let t = parse_move(text).map_err(PlayError::Parse)?;
    let mv = resolve_squares(game.rules(), &t)?;
    Ok(game.play(mv)?.clone())
}

fn resolve_squares(rules: &Ruleset, t: &MoveText) -> Result<Move, PlayError> {
    Ok(Move::new(
        resolve_square(rules, t.from)?,
        resolve_square(rules, t.to)?,
    ))
}

/// A move in the variant's home notation: `e1-e4`, `@14-@44`.
pub fn format_move(rules: &Ruleset, mv: &Move) -> String {
    format!(
        "{}-{}",
        format_square(rules, mv.from),
        format_square(rules, mv.to)
    )
}

/// A move with its captures in home notation: `e1-e4xe5/d4`.
pub fn format_played(rules: &Ruleset, p: &Played) -> String {
    let mut s = format_move(rules, &p.mv);
    if !p.captures.is_empty() {
        s.push('x');
        s.push_str(&list_squares(rules, &p.captures, "/"));
    }
    s
}

/// For logs and tests: players read the words of
/// `app::presentation::move_words::explain_msg`.
impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParseError::Empty => write!(f, "no move given"),
            ParseError::TooLong => write!(f, "the move is too long"),
            ParseError::HvNeedsComma(t) => write!(f, "{t:?} needs a comma between file and rank"),
            ParseError::Unreadable(t) => write!(f, "{t:?} is not a move in any notation"),
        }
    }
}

impl std::error::Error for ParseError {}

/// For logs and tests (squares by index): players read the words of
/// `app::presentation::move_words::explain_msg`, which knows the board.
impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::Parse(e) => e.fmt(f),
            PlayError::OffBoard(s) => write!(f, "{s} is off the board"),
            PlayError::Move(e) => e.fmt(f),
            PlayError::CaptureMismatch {
                claimed, actual, ..
            } => write!(
                f,
                "the move claims captures {claimed:?}, it captures {actual:?}"
            ),
        }
    }
}

impl std::error::Error for PlayError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PlayError::Parse(e) => Some(e),
            PlayError::Move(e) => Some(e),
            _ => None,
        }
    }
}
