//! A text board for a Discord code block: file letters and rank numbers on
//! all sides, one character per square, a legend, the last move marked.
//!
//! ```text
//!    a b c d e f g h i
//!  9 # . . a a a . . #  9
//!  8 . . . . a . . . .  8
//!  ...
//!  5 a a d d K d d*a[a] 5
//! ```
//!
//! The destination of the last move is set in `[ ]` (in the gaps between
//! squares, so every square keeps one character), the square it left is
//! `*`, and captured squares are `x`.

use crate::rules::{Board, Family, Game, Notation, Played, Ruleset, Square, SquareFlags};

/// The most characters a Discord message may have.
pub const MAX_MESSAGE: usize = 2000;

fn legend(rules: &Ruleset, last: bool) -> Vec<String> {
    let mut out = Vec::new();
    let pieces = match rules.family {
        Family::Tafl => "a attacker, d defender, K king".to_string(),
        Family::Latrunculi if rules.dux => "w white, b black, W white dux, B black dux".to_string(),
        Family::Latrunculi => "w white, b black".to_string(),
    };
    let special = rules
        .start
        .squares()
        .any(|s| rules.flags(s).has(SquareFlags::RESTRICTED));
    if special {
        out.push(format!("{pieces}, . empty, # only the king stops here"));
    } else {
        out.push(format!("{pieces}, . empty"));
    }
    if last {
        out.push("last move: * from, [ ] to, x captured".into());
    }
    if rules.notation == Notation::AtHv {
        out.push(format!(
            "@hv: column a-{} is @1-@{}, row 1-{} is @.1-@.{}",
            (b'a' + rules.width - 1) as char,
            rules.width,
            rules.height,
            rules.height
        ));
    }
    out
}

/// The diagram of a board, with the last move marked, as a whole message:
/// a code block with the legend inside it.
pub fn diagram(rules: &Ruleset, board: &Board, last: Option<&Played>) -> String {
    let w = board.width();
    let h = board.height();
    let files: String = (0..w).map(|f| format!(" {}", (b'a' + f) as char)).collect();
    let mut out = String::from("```\n");
    out.push_str(&format!("  {files}\n"));
    for r in (0..h).rev() {
        let mut line = format!("{:>2}", r + 1);
        let to = last.map(|p| p.mv.to).filter(|t| t.rank() == r);
        for f in 0..=w {
            let sep = match to {
                Some(t) if t.file() == f => '[',
                Some(t) if t.file() + 1 == f => ']',
                _ => ' ',
            };
            line.push(sep);
            if f == w {
                break;
            }
            let sq = Square::new(f, r).expect("on board");
            let ch = match board.get(sq) {
                Some(p) => super::piece_char(rules.family, p),
                None if last.is_some_and(|p| p.captures.contains(&sq)) => 'x',
                None if last.is_some_and(|p| p.mv.from == sq) => '*',
                None if rules.flags(sq).has(SquareFlags::RESTRICTED) => '#',
                None => '.',
            };
            line.push(ch);
        }
        line.push_str(&format!("{:>2}", r + 1));
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str(&format!("  {files}\n"));
    for l in legend(rules, last.is_some()) {
        out.push_str(&l);
        out.push('\n');
    }
    out.push_str("```");
    out
}

/// The diagram of a game as it stands.
pub fn diagram_of(game: &Game) -> String {
    diagram(game.rules(), game.board(), game.last())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::play_text;

    #[test]
    fn marks_the_last_move() {
        let mut g = Game::new(Ruleset::from_spec("tallfwrdd", &[]).unwrap(), 1);
        play_text(&mut g, "e2-f2").unwrap();
        let d = diagram_of(&g);
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(lines[0], "```");
        assert_eq!(lines[1], "   a b c d e f g h i");
        assert_eq!(lines[2], " 9 # . . a a a . . #  9");
        assert_eq!(lines[9], " 2 . . . . *[a]. . .  2");
        assert_eq!(lines[10], " 1 # . . a a a . . #  1");
        assert_eq!(lines[11], "   a b c d e f g h i");
        assert!(d.contains("last move: * from, [ ] to, x captured"));
        assert!(d.ends_with("```"));
    }
}
