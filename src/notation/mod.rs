//! Squares, moves, positions and records: parse and print.
//!
//! Parsing is two steps, as in shakmaty's `San` / `SanError`: [`parse_move`]
//! reads the syntax alone (no board needed) into a [`MoveText`]; [`resolve`]
//! then checks it against a game and yields a [`Move`]. Every error turns into
//! a sentence a player understands with [`explain`].

pub mod describe;
pub mod diagram;
pub mod otn;
mod record;

pub use record::{parse_record, write_record, Record, RecordHeader};

use std::fmt;

use crate::i18n::{Arg, Lang, Localiser, Msg};

use crate::rules::{
    Board, Family, Game, Kind, Move, MoveError, Notation, Piece, Played, Ruleset, Side, Square,
    SquareFlags, MAX_SIDE,
};

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

fn list_squares(rules: &Ruleset, sqs: &[Square], sep: &str) -> String {
    sqs.iter()
        .map(|&s| format_square(rules, s))
        .collect::<Vec<_>>()
        .join(sep)
}

/// "the attackers'" / "white's": whose turn it is, in words.
pub fn turn_of(rules: &Ruleset, side: Side) -> String {
    let n = rules.side_name(side);
    if n.ends_with('s') {
        format!("the {n}'")
    } else {
        format!("{n}'s")
    }
}

fn square_role(rules: &Ruleset, f: SquareFlags) -> &'static str {
    match square_role_key(rules, f) {
        "centre" => "the centre",
        "throne" => "the throne",
        "corner" => "a corner",
        "guard" => "next to a corner",
        _ => "a restricted square",
    }
}

/// The `$role` key of `move-restricted` / `move-no-pass`.
fn square_role_key(rules: &Ruleset, f: SquareFlags) -> &'static str {
    if f.has(SquareFlags::THRONE) {
        if rules.variant == "goedhboell" {
            "centre"
        } else {
            "throne"
        }
    } else if f.has(SquareFlags::CORNER) {
        "corner"
    } else if f.has(SquareFlags::GUARD) {
        "guard"
    } else {
        "restricted"
    }
}

/// The example move of `rules`' notation, as a message.
pub fn example_msg(rules: &Ruleset) -> Msg {
    Msg::new("move-example").str(
        "notation",
        match rules.notation {
            Notation::AtHv => "hv",
            Notation::Algebraic => "algebraic",
        },
    )
}

/// "e5, d4 and f6" as a message argument (one square is itself).
pub fn and_list_arg(rules: &Ruleset, sqs: &[Square]) -> Arg {
    let v: Vec<String> = sqs.iter().map(|&s| format_square(rules, s)).collect();
    list_and(&v)
}

/// Items joined as "a, b and c", in the reader's language: a message
/// argument (one item is itself).
pub fn list_and(v: &[String]) -> Arg {
    match v.len() {
        0 => Arg::Str(String::new()),
        1 => Arg::Str(v[0].clone()),
        n => Msg::new("list-and")
            .str("init", v[..n - 1].join(", "))
            .str("last", v[n - 1].clone())
            .into(),
    }
}

pub(crate) fn cap(s: String) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => s,
    }
}

/// A piece's name ("the king", "an attacker") as a message.
pub fn piece_msg(rules: &Ruleset, p: Piece) -> Msg {
    Msg::new("piece-name").str("piece", rules.piece_key(p))
}

/// A piece's name starting a sentence ("The king").
pub fn piece_capital_msg(rules: &Ruleset, p: Piece) -> Msg {
    Msg::new("piece-name-capital").str("piece", rules.piece_key(p))
}

/// The sentence a player is shown when a move cannot be played, in English
/// (the command lines print it). The app uses [`explain_msg`].
pub fn explain(rules: &Ruleset, e: &PlayError) -> String {
    Localiser::global().text(Lang::En, &explain_msg(rules, e))
}

/// Why a move cannot be played, as a message of the catalogue.
pub fn explain_msg(rules: &Ruleset, e: &PlayError) -> Msg {
    let sq = |s: Square| format_square(rules, s);
    match e {
        PlayError::Parse(ParseError::Empty) => {
            Msg::new("move-empty").msg("example", example_msg(rules))
        }
        PlayError::Parse(ParseError::TooLong) => Msg::new("move-too-long"),
        PlayError::Parse(ParseError::HvNeedsComma(t)) => {
            Msg::new("move-hv-needs-comma").str("text", t.as_str())
        }
        PlayError::Parse(ParseError::Unreadable(t)) => {
            let t: String = t.chars().take(24).collect();
            Msg::new("move-unreadable")
                .str("text", t)
                .msg("example", example_msg(rules))
        }
        PlayError::OffBoard(t) => {
            let last_file = (b'a' + rules.width - 1) as char;
            Msg::new("move-text-off-board")
                .str("text", t.to_string())
                .str("game", rules.name)
                .num("width", rules.width as u32)
                .num("height", rules.height as u32)
                .str("last-file", last_file.to_string())
        }
        PlayError::CaptureMismatch {
            mv,
            claimed,
            actual,
        } => {
            let m = format_move(rules, mv);
            if actual.is_empty() {
                Msg::new("move-captures-nothing")
                    .str("move", m)
                    .arg("claimed", and_list_arg(rules, claimed))
            } else {
                Msg::new("move-captures-other")
                    .str("move", m)
                    .arg("actual", and_list_arg(rules, actual))
                    .arg("claimed", and_list_arg(rules, claimed))
            }
        }
        PlayError::Move(m) => match m {
            MoveError::GameOver => Msg::new("move-game-over"),
            MoveError::OffBoard(s) => Msg::new("move-off-board").str("square", sq(*s)),
            MoveError::SameSquare(s) => Msg::new("move-same-square").str("square", sq(*s)),
            MoveError::NoPiece(s) => Msg::new("move-no-piece").str("square", sq(*s)),
            MoveError::NotYourPiece { at, piece, to_move } => Msg::new("move-not-your-piece")
                .str("square", sq(*at))
                .msg("piece", piece_msg(rules, *piece))
                .str("side", rules.side_name(*to_move)),
            MoveError::NotStraight { from, to } => Msg::new("move-not-straight")
                .str("from", sq(*from))
                .str("to", sq(*to)),
            MoveError::Occupied { at, piece } => Msg::new("move-occupied")
                .str("square", sq(*at))
                .msg("piece", piece_msg(rules, *piece)),
            MoveError::Blocked { by, piece } => Msg::new(if rules.dux_jump {
                "move-blocked-dux-jump"
            } else {
                "move-blocked"
            })
            .msg("piece", piece_capital_msg(rules, *piece))
            .str("square", sq(*by)),
            MoveError::OneStep { piece } => {
                if piece.kind == Kind::King && !rules.man_steps {
                    Msg::new("move-king-steps")
                } else {
                    Msg::new("move-one-step").str("game", rules.name)
                }
            }
            MoveError::Restricted { at, flags } => Msg::new("move-restricted")
                .str("square", sq(*at))
                .str("role", square_role_key(rules, *flags)),
            MoveError::NoPass { at, flags } => Msg::new("move-no-pass")
                .str("square", sq(*at))
                .str("role", square_role_key(rules, *flags)),
            MoveError::Repetition => Msg::new("move-repetition"),
        },
    }
}

/// The character a piece has in position text.
pub fn piece_char(family: Family, p: Piece) -> char {
    match (family, p.side, p.kind) {
        (_, _, Kind::King) => 'K',
        (Family::Tafl, Side::First, _) => 'a',
        (Family::Tafl, Side::Second, _) => 'd',
        (Family::Latrunculi, Side::First, Kind::Dux) => 'W',
        (Family::Latrunculi, Side::First, _) => 'w',
        (Family::Latrunculi, Side::Second, Kind::Dux) => 'B',
        (Family::Latrunculi, Side::Second, _) => 'b',
    }
}

fn char_piece(family: Family, c: char) -> Option<Piece> {
    let p = |side, kind| Some(Piece::new(side, kind));
    match (family, c) {
        (Family::Tafl, 'a') => p(Side::First, Kind::Man),
        (Family::Tafl, 'd') => p(Side::Second, Kind::Man),
        (Family::Tafl, 'K') => p(Side::Second, Kind::King),
        (Family::Latrunculi, 'w') => p(Side::First, Kind::Man),
        (Family::Latrunculi, 'W') => p(Side::First, Kind::Dux),
        (Family::Latrunculi, 'b') => p(Side::Second, Kind::Man),
        (Family::Latrunculi, 'B') => p(Side::Second, Kind::Dux),
        _ => None,
    }
}

/// The board as rows of characters, top rank first, no digits.
pub fn board_rows(rules: &Ruleset, board: &Board) -> Vec<String> {
    (0..board.height())
        .rev()
        .map(|r| {
            (0..board.width())
                .map(|f| match board.get(Square::new(f, r).expect("on board")) {
                    None => '.',
                    Some(p) => piece_char(rules.family, p),
                })
                .collect()
        })
        .collect()
}

/// The board as compact position text: `4aaa4/...`, numbers for runs of empties.
pub fn position_text(rules: &Ruleset, board: &Board) -> String {
    board_rows(rules, board)
        .iter()
        .map(|row| {
            let mut out = String::new();
            let mut empty = 0;
            for ch in row.chars() {
                if ch == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(ch);
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Reads position text (`ROWS`: top rank first, `/` between ranks, `.` or a
/// number for empty squares, piece letters of the game's family) for a board
/// of this ruleset's size. Never panics.
pub fn parse_position(rules: &Ruleset, text: &str) -> Result<Board, String> {
    let text = text.trim();
    if text.len() > 1000 {
        return Err("That position is far too long.".into());
    }
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != rules.height as usize {
        return Err(format!(
            "A {} board has {} ranks, but that position has {}.",
            rules.name,
            rules.height,
            rows.len()
        ));
    }
    let letters = match rules.family {
        Family::Tafl => "a (attacker), d (defender), K (king)",
        Family::Latrunculi if rules.dux => "w, b (men), W, B (dux)",
        Family::Latrunculi => "w (white), b (black)",
    };
    let mut board = Board::empty(rules.width, rules.height);
    for (i, row) in rows.iter().enumerate() {
        let rank = rules.height as usize - 1 - i;
        let mut file = 0usize;
        let chars: Vec<char> = row.chars().collect();
        let mut j = 0;
        while j < chars.len() {
            let c = chars[j];
            if c.is_ascii_digit() {
                let start = j;
                while j < chars.len() && chars[j].is_ascii_digit() {
                    j += 1;
                }
                let run: String = chars[start..j].iter().collect();
                let n: usize = if run.len() > 3 {
                    usize::MAX / 2
                } else {
                    run.parse().unwrap_or(0)
                };
                if n == 0 {
                    return Err(format!("Rank {} has a run of 0 empty squares.", rank + 1));
                }
                file = file.saturating_add(n);
                continue;
            }
            if c != '.' {
                let p = char_piece(rules.family, c).ok_or_else(|| {
                    format!(
                        "Rank {} has '{}', which is no piece of {}: use . or a number for empty squares and {letters}.",
                        rank + 1,
                        c,
                        rules.name
                    )
                })?;
                if file < rules.width as usize {
                    board.set(
                        Square::new(file as u8, rank as u8).expect("on board"),
                        Some(p),
                    );
                }
            }
            file += 1;
            j += 1;
        }
        if file != rules.width as usize {
            return Err(format!(
                "Rank {} has {} squares, but a {} board is {} squares wide.",
                rank + 1,
                file.min(9999),
                rules.name,
                rules.width
            ));
        }
    }
    Ok(board)
}
