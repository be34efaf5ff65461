//! tawlbot's own position text: piece characters, rows top rank first.

use super::*;

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
