//! A puzzle's solution tree: the solver's winning move, and against every
//! defence the solver's next winning move, down to the win.
//!
//! A defender node lists the defences that need their own answer and one
//! answer for every other defence (`*`), so the tree stays small and still
//! answers every legal defence. As text (moves in OTN's squares, `a1`..):
//!
//! ```text
//! e10-c10 {g7-g9: c10-c11; *: c10-c1}
//! ```
//!
//! reads "e10-c10; against g7-g9 play c10-c11, against anything else
//! c10-c1". A line with no braces is the winning move itself.
//!
//! [`build`] makes a tree with the prover; [`verify`] checks one on
//! `rules::Game` itself, every legal defence at every defender node.

use crate::rules::{Game, Move, Square};

use super::prove::{Prover, Step};

/// A solver's move and what follows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub mv: Move,
    /// Defences with their own answer.
    pub replies: Vec<(Move, Line)>,
    /// The answer to every defence not in `replies` (`None`: the move wins
    /// at once).
    pub other: Option<Box<Line>>,
}

impl Line {
    fn leaf(mv: Move) -> Line {
        Line {
            mv,
            replies: Vec::new(),
            other: None,
        }
    }

    /// The answer this tree gives to a defence.
    pub fn answer(&self, defence: Move) -> Option<&Line> {
        self.replies
            .iter()
            .find(|(d, _)| *d == defence)
            .map(|(_, l)| l)
            .or(self.other.as_deref())
    }

    /// The number of moves written in the tree.
    pub fn size(&self) -> usize {
        1 + self
            .replies
            .iter()
            .map(|(_, l)| 1 + l.size())
            .sum::<usize>()
            + self.other.as_ref().map_or(0, |o| o.size())
    }
}

fn square_text(sq: Square) -> String {
    format!("{}{}", (b'a' + sq.file()) as char, sq.rank() + 1)
}

/// A move as the tree writes it: `e10-c10`.
pub fn move_text(mv: Move) -> String {
    format!("{}-{}", square_text(mv.from), square_text(mv.to))
}

fn parse_square(s: &str) -> Option<Square> {
    let mut ch = s.chars();
    let f = ch.next()?;
    if !f.is_ascii_lowercase() {
        return None;
    }
    let r: u8 = ch.as_str().parse().ok()?;
    Square::new(f as u8 - b'a', r.checked_sub(1)?)
}

/// Reads a move as the tree writes it.
pub fn parse_move(s: &str) -> Option<Move> {
    let (a, b) = s.trim().split_once('-')?;
    Some(Move::new(parse_square(a)?, parse_square(b)?))
}

impl std::fmt::Display for Line {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", move_text(self.mv))?;
        if self.replies.is_empty() && self.other.is_none() {
            return Ok(());
        }
        write!(f, " {{")?;
        let mut first = true;
        for (d, l) in &self.replies {
            if !first {
                write!(f, "; ")?;
            }
            first = false;
            write!(f, "{}: {l}", move_text(*d))?;
        }
        if let Some(o) = &self.other {
            if !first {
                write!(f, "; ")?;
            }
            write!(f, "*: {o}")?;
        }
        write!(f, "}}")
    }
}

/// Reads a tree written by [`Line`]'s `Display`.
pub fn parse_line(text: &str) -> Result<Line, String> {
    let mut rest = text.trim();
    let line = read_line(&mut rest)?;
    if !rest.trim().is_empty() {
        return Err(format!("unexpected {rest:?} after the solution"));
    }
    Ok(line)
}

fn token<'a>(rest: &mut &'a str) -> &'a str {
    let s = rest.trim_start();
    let end = s
        .find(|c: char| c.is_whitespace() || matches!(c, '{' | '}' | ';' | ':'))
        .unwrap_or(s.len());
    *rest = &s[end..];
    &s[..end]
}

fn read_line(rest: &mut &str) -> Result<Line, String> {
    let t = token(rest);
    let mv = parse_move(t).ok_or_else(|| format!("{t:?} is not a move"))?;
    let mut line = Line::leaf(mv);
    *rest = rest.trim_start();
    if let Some(r) = rest.strip_prefix('{') {
        *rest = r;
        loop {
            let d = token(rest);
            *rest = rest
                .trim_start()
                .strip_prefix(':')
                .ok_or("a defence must be followed by ':'")?;
            let answer = read_line(rest)?;
            if d == "*" {
                line.other = Some(Box::new(answer));
            } else {
                let dm = parse_move(d).ok_or_else(|| format!("{d:?} is not a move"))?;
                line.replies.push((dm, answer));
            }
            *rest = rest.trim_start();
            if let Some(r) = rest.strip_prefix(';') {
                *rest = r;
            } else if let Some(r) = rest.strip_prefix('}') {
                *rest = r;
                break;
            } else {
                return Err("a defender node must end with '}'".into());
            }
        }
    }
    Ok(line)
}

/// Does `line` win within `k` moves in the prover's position (solver to move)?
fn holds(p: &mut Prover, line: &Line, k: u32) -> bool {
    if k == 0 || !p.play(line.mv) {
        return false;
    }
    let ok = match p.step() {
        Step::MoverWon => true,
        Step::Go if k > 1 => p.moves().into_iter().all(|d| {
            p.play(d);
            let ok = match p.step() {
                Step::MoverLost => true,
                Step::Go => line.answer(d).is_some_and(|a| holds(p, a, k - 1)),
                _ => false,
            };
            p.undo();
            ok
        }),
        _ => false,
    };
    p.undo();
    ok
}

/// A solution tree for the side to move, which wins within `n` (proved by
/// the caller): at every solver node the move that wins fastest, first in
/// the search's order.
pub fn build(p: &mut Prover, n: u32) -> Option<Line> {
    let k = p.shortest_win(n)?;
    let mv = *p.winning_moves(k, 1).first()?;
    p.play(mv);
    let mut line = Line::leaf(mv);
    if p.step() == Step::Go {
        // Every defence's answer; the most common answer becomes `*`.
        let mut answers: Vec<(Move, Line)> = Vec::new();
        for d in p.moves() {
            p.play(d);
            if p.step() == Step::Go {
                let covered = answers
                    .iter()
                    .rev()
                    .take(4)
                    .find_map(|(_, a)| holds(p, a, k - 1).then(|| a.clone()));
                let a = match covered {
                    Some(a) => a,
                    None => build(p, k - 1)?,
                };
                answers.push((d, a));
            }
            p.undo();
        }
        // The answer that holds against the most defences becomes `*`
        // (tried among the few most frequent answers); the rest keep their own.
        let mut freq: Vec<(usize, Line)> = Vec::new();
        for (_, a) in &answers {
            match freq.iter_mut().find(|(_, b)| b == a) {
                Some(f) => f.0 += 1,
                None => freq.push((1, a.clone())),
            }
        }
        freq.sort_by_key(|x| std::cmp::Reverse(x.0));
        let mut best: Option<(usize, Line)> = None;
        for (_, cand) in freq.into_iter().take(4) {
            let covers = answers
                .iter()
                .filter(|(d, a)| {
                    *a == cand || {
                        p.play(*d);
                        let ok = holds(p, &cand, k - 1);
                        p.undo();
                        ok
                    }
                })
                .count();
            if best.as_ref().is_none_or(|(c, _)| covers > *c) {
                best = Some((covers, cand));
            }
        }
        if let Some((_, other)) = best {
            let mut replies = Vec::new();
            for (d, a) in answers {
                if a == other {
                    continue;
                }
                p.play(d);
                let covered = holds(p, &other, k - 1);
                p.undo();
                if !covered {
                    replies.push((d, a));
                }
            }
            line.replies = replies;
            line.other = Some(Box::new(other));
        }
    }
    p.undo();
    Some(line)
}

/// Checks on `rules::Game` itself that `line` wins for the side to move in
/// `game` within `k` of its moves against every legal defence. The error
/// names the first line that fails.
pub fn verify(game: &Game, line: &Line, k: u32) -> Result<(), String> {
    let solver = game.turn();
    let fail = |what: &str| Err(format!("{} {what}", move_text(line.mv)));
    if k == 0 {
        return fail("is one move too many");
    }
    let mut g = game.clone();
    if g.play(line.mv).is_err() {
        return fail("is not a legal move");
    }
    match g.outcome() {
        Some(o) if o.winner == Some(solver) => return Ok(()),
        Some(_) => return fail("ends the game without winning it"),
        None if k == 1 => return fail("does not win"),
        None => {}
    }
    for d in g.legal_moves() {
        let mut h = g.clone();
        h.play(d).map_err(|e| format!("{e:?}"))?;
        match h.outcome() {
            Some(o) if o.winner == Some(solver) => {}
            Some(_) => {
                return fail(&format!("is met by {}, which saves the game", move_text(d)));
            }
            None => {
                let a = line
                    .answer(d)
                    .ok_or_else(|| format!("no answer to {}", move_text(d)))?;
                verify(&h, a, k - 1)
                    .map_err(|e| format!("{} {}: {e}", move_text(line.mv), move_text(d)))?;
            }
        }
    }
    Ok(())
}
