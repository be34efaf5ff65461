//! Moves in OTN: written with captures and markers, read in every form.

use super::{
    algebraic, piece_letter, Board, Escape, Family, Game, Kind, Piece, Played, Ruleset, Side,
};

pub(super) fn threatens(game_after: &Board, rules: &Ruleset, mover: Side) -> bool {
    if rules.family != Family::Tafl {
        return false;
    }
    let mut r = rules.clone();
    r.dice = false;
    let Ok(g) = Game::from_position(r, game_after.clone(), mover, 0) else {
        return false;
    };
    if g.is_over() {
        return false;
    }
    let Some(king) = g.board().find(Piece::new(Side::Second, Kind::King)) else {
        return false;
    };
    match mover {
        Side::First => g
            .legal_moves()
            .into_iter()
            .any(|m| g.captures_of(m).is_ok_and(|c| c.contains(&king))),
        Side::Second => g.moves_from(king).into_iter().any(|m| match rules.escape {
            Escape::Edge => g.board().is_edge(m.to),
            Escape::Corners => g.board().is_corner(m.to),
            Escape::None => false,
        }),
    }
}

/// One move in OTN: `Ke5-e1`, `e5-e8xe9/f8`, with the king (or dux) letter
/// before special pieces, and `marker` (`+`, `-`, `++`, `--` or nothing)
/// after.
pub fn write_move(p: &Played, captured: &[Piece], marker: &str) -> String {
    let mut s = String::new();
    if p.piece.kind != Kind::Man {
        s.push(piece_letter(p.piece));
    }
    s.push_str(&algebraic(p.mv.from));
    s.push('-');
    s.push_str(&algebraic(p.mv.to));
    for (i, c) in p.captures.iter().enumerate() {
        s.push(if i == 0 { 'x' } else { '/' });
        if let Some(q) = captured.get(i).filter(|q| q.kind != Kind::Man) {
            s.push(piece_letter(*q));
        }
        s.push_str(&algebraic(*c));
    }
    s.push_str(marker);
    s
}

/// One move record read from OTN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OtnMove {
    /// A move, rewritten in tawlbot's notation (`e5-e8xe9/f8`).
    Move(String),
    /// `---`: the side to move resigns.
    Resign,
}

/// Why an OTN move record cannot be read. The app words it
/// (`otn-move-*` in `locales/*/notation.ftl`); `Display` is that English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveRecordError {
    /// A jump (`^`) or berserk (`=`) move, which no tawlbot game has.
    Jump(String),
    /// Nothing that reads as a move.
    NotAMove(String),
}

/// Reads one OTN move record: `e5-e8`, `e5e8`, `Ke1-a1--`, `e5-e8xe9/Kf8+`.
/// The markers are accepted and not checked; the captures are checked when
/// the move is played.
pub fn read_move(tok: &str) -> Result<OtnMove, MoveRecordError> {
    let t = tok.trim();
    if t == "---" {
        return Ok(OtnMove::Resign);
    }
    if t.contains('^') || t.contains('=') {
        return Err(MoveRecordError::Jump(t.to_string()));
    }
    let t = t.trim_end_matches(['+', '-']);
    let strip = |part: &str| -> String {
        let b: Vec<char> = part.chars().collect();
        if b.len() > 1 && b[0].is_ascii_alphabetic() && b[1].is_ascii_alphabetic() {
            b[1..].iter().collect()
        } else {
            part.to_string()
        }
    };
    let (head, caps) = match t.split_once(['x', 'X']) {
        Some((h, c)) => (h, Some(c)),
        None => (t, None),
    };
    let mut s = strip(head);
    if let Some(c) = caps {
        s.push('x');
        s.push_str(&c.split('/').map(strip).collect::<Vec<_>>().join("/"));
    }
    if s.is_empty() {
        return Err(MoveRecordError::NotAMove(tok.to_string()));
    }
    Ok(OtnMove::Move(s))
}
