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

/// One line of a diagram's legend, as data: the app words it in the
/// reader's language (`diagram-*` in `locales/*/notation.ftl`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LegendLine {
    /// The piece letters and `.` empty; `#` only the king stops here, when
    /// `king_only`.
    Pieces {
        family: Family,
        dux: bool,
        king_only: bool,
    },
    /// How the last move is marked: `*` from, `[ ]` to, `x` captured.
    LastMove,
    /// @hv: column a to `last_file` is @1 to @`width`, row 1 to `height` is
    /// @.1 to @.`height`.
    AtHv {
        last_file: char,
        width: u8,
        height: u8,
    },
}

fn legend(rules: &Ruleset, last: bool) -> Vec<LegendLine> {
    let mut out = vec![LegendLine::Pieces {
        family: rules.family,
        dux: rules.dux,
        king_only: rules
            .start
            .squares()
            .any(|s| rules.flags(s).has(SquareFlags::RESTRICTED)),
    }];
    if last {
        out.push(LegendLine::LastMove);
    }
    if rules.notation == Notation::AtHv {
        out.push(LegendLine::AtHv {
            last_file: (b'a' + rules.width - 1) as char,
            width: rules.width,
            height: rules.height,
        });
    }
    out
}

/// A text board and its legend, before the legend is worded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// The board with its labels, one line a rank.
    pub board: String,
    pub legend: Vec<LegendLine>,
}

impl Diagram {
    /// The whole message: a code block with the board and the legend,
    /// each line worded by `words`.
    pub fn render(&self, words: impl Fn(&LegendLine) -> String) -> String {
        let mut out = String::from("```\n");
        out.push_str(&self.board);
        for l in &self.legend {
            out.push_str(&words(l));
            out.push('\n');
        }
        out.push_str("```");
        out
    }
}

/// The diagram of a board, with the last move marked.
pub fn diagram(rules: &Ruleset, board: &Board, last: Option<&Played>) -> Diagram {
    let w = board.width();
    let h = board.height();
    let files: String = (0..w).map(|f| format!(" {}", (b'a' + f) as char)).collect();
    let mut out = format!("  {files}\n");
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
    Diagram {
        board: out,
        legend: legend(rules, last.is_some()),
    }
}

/// The diagram of a game as it stands.
pub fn diagram_of(game: &Game) -> Diagram {
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
        assert_eq!(d.legend.len(), 2);
        assert_eq!(d.legend[1], LegendLine::LastMove);
        let d = d.render(|l| format!("{l:?}"));
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(lines[0], "```");
        assert_eq!(lines[1], "   a b c d e f g h i");
        assert_eq!(lines[2], " 9 # . . a a a . . #  9");
        assert_eq!(lines[9], " 2 . . . . *[a]. . .  2");
        assert_eq!(lines[10], " 1 # . . a a a . . #  1");
        assert_eq!(lines[11], "   a b c d e f g h i");
        assert_eq!(lines[13], "LastMove");
        assert!(d.ends_with("```"));
    }
}
