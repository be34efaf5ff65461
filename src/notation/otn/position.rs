//! Positions: piece letters, writing, reading and validating a board.

use super::*;

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
pub fn parse_position(rules: &Ruleset, text: &str) -> Result<Board, String> {
    let mut t = text.trim();
    let mut inverted = false;
    if let Some(rest) = t.strip_prefix("starti:") {
        t = rest;
        inverted = true;
    } else if let Some(rest) = t.strip_prefix("start:") {
        t = rest;
    }
    if t.len() > 1000 {
        return Err("That position is far too long.".into());
    }
    if !t.starts_with('/') || !t.ends_with('/') || t.len() < 2 {
        return Err(
            "An OTN position starts and ends with a slash, rank 1 first: /row/row/.../.".into(),
        );
    }
    let mut rows: Vec<&str> = t[1..t.len() - 1].split('/').collect();
    if rows.len() != rules.height as usize {
        return Err(format!(
            "A {} board has {} ranks, but that position has {}.",
            rules.name,
            rules.height,
            rows.len()
        ));
    }
    if inverted {
        rows.reverse();
    }
    let mut board = Board::empty(rules.width, rules.height);
    for (rank, row) in rows.iter().enumerate() {
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
                    return Err(format!("Rank {} has a run of 0 empty squares.", rank + 1));
                }
                file = file.saturating_add(n);
                continue;
            }
            let p = letter_piece(c).ok_or_else(|| {
                format!(
                    "Rank {} has '{}', which is no piece tawlbot knows: OTN writes t (attacker), T (defender), K (king), c/C (dux) and numbers for empty squares.",
                    rank + 1,
                    c.escape_default()
                )
            })?;
            if file < rules.width as usize {
                board.set(
                    Square::new(file as u8, rank as u8).expect("on board"),
                    Some(p),
                );
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

/// Every problem that keeps a position from being played in this ruleset,
/// one sentence each (none: the position is fine). Checks the board size,
/// exactly one king in the tafl games (none in gwyddbwyll), the dux (only
/// with the dux option, at most one a side), and that no piece stands on a
/// square it may not stop on.
pub fn validate(rules: &Ruleset, board: &Board) -> Vec<String> {
    let mut out = Vec::new();
    if board.width() != rules.width || board.height() != rules.height {
        out.push(format!(
            "A {} board is {}x{}, but that position is {}x{}.",
            rules.name,
            rules.width,
            rules.height,
            board.width(),
            board.height()
        ));
        return out;
    }
    let sq = |s: Square| crate::notation::format_square(rules, s);
    let list = |v: &[Square]| v.iter().map(|&s| sq(s)).collect::<Vec<_>>().join(", ");
    let kings: Vec<Square> = board
        .pieces()
        .filter(|(_, p)| p.kind == Kind::King)
        .map(|(s, _)| s)
        .collect();
    match rules.family {
        Family::Tafl => {
            if kings.is_empty() {
                out.push(format!(
                    "There is no king: a {} position needs exactly one (K).",
                    rules.name
                ));
            } else if kings.len() > 1 {
                out.push(format!(
                    "There are {} kings ({}): a {} position needs exactly one.",
                    kings.len(),
                    list(&kings),
                    rules.name
                ));
            }
            let bad: Vec<Square> = board
                .pieces()
                .filter(|(_, p)| p.kind == Kind::King && p.side == Side::First)
                .map(|(s, _)| s)
                .collect();
            if !bad.is_empty() {
                out.push(format!(
                    "The king on {} is written as an attacker (k): the king belongs to the defenders (K).",
                    list(&bad)
                ));
            }
            let dux: Vec<Square> = board
                .pieces()
                .filter(|(_, p)| p.kind == Kind::Dux)
                .map(|(s, _)| s)
                .collect();
            if !dux.is_empty() {
                out.push(format!(
                    "{} has no commanders (c, C), but there is one on {}.",
                    rules.name,
                    list(&dux)
                ));
            }
        }
        Family::Latrunculi => {
            if !kings.is_empty() {
                out.push(format!(
                    "{} has no king, but there is one on {}.",
                    rules.name,
                    list(&kings)
                ));
            }
            for side in [Side::First, Side::Second] {
                let dux: Vec<Square> = board
                    .pieces()
                    .filter(|(_, p)| p.kind == Kind::Dux && p.side == side)
                    .map(|(s, _)| s)
                    .collect();
                if !rules.dux && !dux.is_empty() {
                    out.push(format!(
                        "There is a dux on {}, but this game is played without the dux option.",
                        list(&dux)
                    ));
                } else if dux.len() > 1 {
                    out.push(format!(
                        "{} has {} duxes ({}): a side has one at most.",
                        cap(rules.side_name(side)),
                        dux.len(),
                        list(&dux)
                    ));
                }
            }
        }
    }
    for (s, p) in board.pieces() {
        let f = rules.flags(s);
        if p.kind != Kind::King && f.has(SquareFlags::RESTRICTED) {
            out.push(format!(
                "{} stands on {}, which is {}: only the king may stand there.",
                cap(rules.piece_name(p)),
                sq(s),
                crate::notation::square_role(rules, f)
            ));
        }
    }
    out
}

pub(super) fn cap(s: &str) -> String {
    crate::notation::cap(s.to_string())
}

/// Reads a position in either notation (OTN `/.../` or tawlbot's rows, top
/// rank first) and checks it with [`validate`]. The error is every problem,
/// one sentence each, joined by spaces.
pub fn read_position(rules: &Ruleset, text: &str) -> Result<Board, String> {
    let board = if looks_like_position(text) {
        parse_position(rules, text)?
    } else {
        crate::notation::parse_position(rules, text)?
    };
    let problems = validate(rules, &board);
    if problems.is_empty() {
        Ok(board)
    } else {
        Err(problems.join(" "))
    }
}
