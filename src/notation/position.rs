//! tawlbot's own position text: piece characters, rows top rank first.

use super::{Board, Family, Kind, Piece, Ruleset, Side, Square};

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

/// The piece letters a position text is written with, named when a
/// character is no piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Letters {
    /// tawlbot's rows for the tafl games: `a`, `d`, `K`.
    Tafl,
    /// tawlbot's rows for gwyddbwyll: `w`, `b`.
    Latrunculi,
    /// tawlbot's rows for gwyddbwyll with the dux: `w`, `b`, `W`, `B`.
    LatrunculiDux,
    /// OTN: `t`, `T`, `K`, `c`, `C`.
    Otn,
}

/// Why a position text cannot be read (tawlbot's rows or OTN). The app
/// words it (`position-*` in `locales/*/notation.ftl`); `Display` gives
/// the English words of the same catalogue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// Over 1,000 characters.
    TooLong,
    /// OTN that does not start and end with a slash.
    NotOtn,
    /// The board of `game` has `ranks` ranks, the text `found`.
    RankCount {
        game: &'static str,
        ranks: u8,
        found: usize,
    },
    /// A number 0 for a run of empty squares.
    ZeroRun { rank: usize },
    /// A character that is no piece in these letters.
    UnknownPiece {
        rank: usize,
        found: char,
        game: &'static str,
        letters: Letters,
    },
    /// A rank of `found` squares on a board `width` wide.
    RankWidth {
        rank: usize,
        found: usize,
        game: &'static str,
        width: u8,
    },
}

/// The longest position text read.
pub(crate) const MAX_POSITION: usize = 1000;

/// Reads ranks of position text for a board of this ruleset's size:
/// `ranks[0]` is rank 1, each rank from file a; a number is a run of empty
/// squares; `piece` reads any other character (`Some(None)`: an empty
/// square, `None`: no piece in `letters`). The one reader of both formats.
pub(crate) fn read_ranks(
    rules: &Ruleset,
    ranks: &[&str],
    letters: Letters,
    piece: impl Fn(char) -> Option<Option<Piece>>,
) -> Result<Board, PositionError> {
    if ranks.len() != rules.height as usize {
        return Err(PositionError::RankCount {
            game: rules.name,
            ranks: rules.height,
            found: ranks.len(),
        });
    }
    let mut board = Board::empty(rules.width, rules.height);
    for (rank, row) in ranks.iter().enumerate() {
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
                    9999
                } else {
                    run.parse().unwrap_or(0)
                };
                if n == 0 {
                    return Err(PositionError::ZeroRun { rank: rank + 1 });
                }
                file = file.saturating_add(n);
                continue;
            }
            let p = piece(c).ok_or(PositionError::UnknownPiece {
                rank: rank + 1,
                found: c,
                game: rules.name,
                letters,
            })?;
            if let (Some(p), true) = (p, file < rules.width as usize) {
                board.set(
                    Square::new(file as u8, rank as u8).expect("on board"),
                    Some(p),
                );
            }
            file += 1;
            j += 1;
        }
        if file != rules.width as usize {
            return Err(PositionError::RankWidth {
                rank: rank + 1,
                found: file.min(9999),
                game: rules.name,
                width: rules.width,
            });
        }
    }
    Ok(board)
}

/// Reads position text (`ROWS`: top rank first, `/` between ranks, `.` or a
/// number for empty squares, piece letters of the game's family) for a board
/// of this ruleset's size. Never panics.
pub fn parse_position(rules: &Ruleset, text: &str) -> Result<Board, PositionError> {
    let text = text.trim();
    if text.len() > MAX_POSITION {
        return Err(PositionError::TooLong);
    }
    let mut ranks: Vec<&str> = text.split('/').collect();
    ranks.reverse();
    let letters = match rules.family {
        Family::Tafl => Letters::Tafl,
        Family::Latrunculi if rules.dux => Letters::LatrunculiDux,
        Family::Latrunculi => Letters::Latrunculi,
    };
    read_ranks(rules, &ranks, letters, |c| match c {
        '.' => Some(None),
        c => char_piece(rules.family, c).map(Some),
    })
}
