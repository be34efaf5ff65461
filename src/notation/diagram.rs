//! A text board for a Discord code block: file letters and rank numbers on
//! all sides, one character per square, a legend, the last move marked.
//!
//! ```text
//!    a b c d e f g h i
//!  9 # . . X X X . . #  9
//!  8 . . . . X . . . .  8
//!  ...
//!  5 X X O O K O O*X[X] 5
//! ```
//!
//! Pieces are signs no one reads as a square: `X` and `O` (tafl: the
//! attackers, or assailants, and the defenders; latrunculi: black and
//! white), `K` the king, `W` and `B` the duxes; the columns are lower-case
//! letters. The destination of the last move is set in `[ ]` (in the gaps
//! between squares, so every square keeps one character), the square it
//! left is `*`, and captured squares are `×`.

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
        /// The first side's catalogue id (`tafl-first`, `goedhboell-first`,
        /// `latrunculi-first`): the legend's words.
        men: &'static str,
    },
    /// How the last move is marked: `*` from, `[ ]` to, `×` captured.
    LastMove,
    /// How the squares a piece can reach are marked (`+`, for `/moves`).
    Targets,
    /// @hv: the columns and rows are numbered (column 1 to `width`, row 1
    /// to `height`), and a square is written `@` column row.
    AtHv { width: u8, height: u8 },
}

/// The mark of a square a piece can reach (`/moves`).
pub const TARGET: char = '+';
/// The mark of a square whose piece the last move captured.
pub const CAPTURED: char = '×';

/// A piece's sign on a text board: never a letter of the columns.
pub fn piece_sign(family: Family, p: crate::rules::Piece) -> char {
    use crate::rules::{Kind, Side};
    match (family, p.side, p.kind) {
        (_, _, Kind::King) => 'K',
        (Family::Tafl, Side::First, _) => 'X',
        (Family::Tafl, Side::Second, _) => 'O',
        (Family::Latrunculi, Side::First, Kind::Dux) => 'W',
        (Family::Latrunculi, Side::First, _) => 'O',
        (Family::Latrunculi, Side::Second, Kind::Dux) => 'B',
        (Family::Latrunculi, Side::Second, _) => 'X',
    }
}

fn legend(rules: &Ruleset, last: bool, targets: bool) -> Vec<LegendLine> {
    let mut out = vec![LegendLine::Pieces {
        family: rules.family,
        dux: rules.dux,
        king_only: rules
            .start
            .squares()
            .any(|s| rules.flags(s).has(SquareFlags::RESTRICTED)),
        men: rules.info().map_or("tafl-first", |v| v.words.side_keys.0),
    }];
    if last {
        out.push(LegendLine::LastMove);
    }
    if targets {
        out.push(LegendLine::Targets);
    }
    if rules.notation == Notation::AtHv {
        out.push(LegendLine::AtHv {
            width: rules.width,
            height: rules.height,
        });
    }
    out
}

/// A text board and its legend, before the legend is worded: one character
/// per square, drawn from either side ([`Diagram::turned_round`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    width: u8,
    height: u8,
    /// The character of each square, `rank * width + file`, rank 0 at the
    /// bottom.
    cells: Vec<char>,
    /// The destination of the last move, set in `[ ]`.
    to: Option<(u8, u8)>,
    /// Columns numbered (@hv), not lettered.
    numbered: bool,
    /// Drawn from the other side: the top rank at the bottom, the last file
    /// on the left.
    turned: bool,
    pub legend: Vec<LegendLine>,
}

impl Diagram {
    /// The same diagram seen from the other side of the board (turned half
    /// round): what `/settings flip:auto` shows the side sitting at the top.
    pub fn turned_round(mut self) -> Diagram {
        self.turned = !self.turned;
        self
    }

    /// Whether it is drawn from the other side.
    pub fn is_turned(&self) -> bool {
        self.turned
    }

    /// The label of column `f` (0 = the board's first file).
    fn column(&self, f: u8) -> char {
        if self.numbered {
            char::from_digit(f as u32 + 1, 10).unwrap_or('?')
        } else {
            (b'a' + f) as char
        }
    }

    /// The board with its labels, one line a rank, as seen from its side.
    pub fn board(&self) -> String {
        let (w, h) = (self.width, self.height);
        let files: Vec<u8> = if self.turned {
            (0..w).rev().collect()
        } else {
            (0..w).collect()
        };
        let ranks: Vec<u8> = if self.turned {
            (0..h).collect()
        } else {
            (0..h).rev().collect()
        };
        let labels: String = files
            .iter()
            .map(|&f| format!(" {}", self.column(f)))
            .collect();
        let mut out = format!("  {labels}\n");
        for &r in &ranks {
            let mut line = format!("{:>2}", r + 1);
            // The column (0 = leftmost as drawn) of the last move's destination.
            let to = self
                .to
                .filter(|t| t.1 == r)
                .and_then(|t| files.iter().position(|&f| f == t.0));
            for (i, f) in files.iter().map(|&f| Some(f)).chain([None]).enumerate() {
                let sep = match to {
                    Some(t) if t == i => '[',
                    Some(t) if t + 1 == i => ']',
                    _ => ' ',
                };
                line.push(sep);
                let Some(f) = f else { break };
                line.push(self.cells[r as usize * w as usize + f as usize]);
            }
            line.push_str(&format!("{:>2}", r + 1));
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out.push_str(&format!("  {labels}\n"));
        out
    }

    /// The whole message: a code block with the board, the `heading` lines
    /// (whose turn, the clocks) and the legend, each legend line worded by
    /// `words`.
    pub fn render_with(&self, heading: &[String], words: impl Fn(&LegendLine) -> String) -> String {
        let mut out = String::from("```\n");
        out.push_str(&self.board());
        for l in heading {
            out.push_str(l);
            out.push('\n');
        }
        for l in &self.legend {
            out.push_str(&words(l));
            out.push('\n');
        }
        out.push_str("```");
        out
    }

    /// [`Diagram::render_with`] without heading lines.
    pub fn render(&self, words: impl Fn(&LegendLine) -> String) -> String {
        self.render_with(&[], words)
    }
}

/// The diagram of a board, with the last move marked.
pub fn diagram(rules: &Ruleset, board: &Board, last: Option<&Played>) -> Diagram {
    diagram_with(rules, board, last, &[])
}

/// The diagram of a board, with the last move marked and the squares
/// `targets` marked `o` (where a piece can go, for `/moves`).
pub fn diagram_with(
    rules: &Ruleset,
    board: &Board,
    last: Option<&Played>,
    targets: &[Square],
) -> Diagram {
    let (w, h) = (board.width(), board.height());
    let mut cells = Vec::with_capacity(w as usize * h as usize);
    for r in 0..h {
        for f in 0..w {
            let sq = Square::new(f, r).expect("on board");
            cells.push(match board.get(sq) {
                Some(p) => piece_sign(rules.family, p),
                None if targets.contains(&sq) => TARGET,
                None if last.is_some_and(|p| p.captures.contains(&sq)) => CAPTURED,
                None if last.is_some_and(|p| p.mv.from == sq) => '*',
                None if rules.flags(sq).has(SquareFlags::RESTRICTED) => '#',
                None => '.',
            });
        }
    }
    Diagram {
        width: w,
        height: h,
        cells,
        to: last.map(|p| (p.mv.to.file(), p.mv.to.rank())),
        // Column numbers fit one character up to 9 columns.
        numbered: rules.notation == Notation::AtHv && w <= 9,
        turned: false,
        legend: legend(rules, last.is_some(), !targets.is_empty()),
    }
}

/// The diagram of a game as it stands.
pub fn diagram_of(game: &Game) -> Diagram {
    diagram(game.rules(), game.board(), game.last())
}

/// The diagram of a game with the squares `targets` marked (`/moves`).
pub fn diagram_of_with(game: &Game, targets: &[Square]) -> Diagram {
    diagram_with(game.rules(), game.board(), game.last(), targets)
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
        assert_eq!(lines[2], " 9 # . . X X X . . #  9");
        assert_eq!(lines[9], " 2 . . . . *[X]. . .  2");
        assert_eq!(lines[10], " 1 # . . X X X . . #  1");
        assert_eq!(lines[11], "   a b c d e f g h i");
        assert_eq!(lines[13], "LastMove");
        assert!(d.ends_with("```"));
    }

    #[test]
    fn a_turned_diagram_is_drawn_from_the_other_side() {
        let mut g = Game::new(Ruleset::from_spec("tallfwrdd", &[]).unwrap(), 1);
        play_text(&mut g, "e2-f2").unwrap();
        let d = diagram_of(&g).turned_round();
        let b = d.board();
        let lines: Vec<&str> = b.lines().collect();
        assert_eq!(lines[0], "   i h g f e d c b a");
        // Rank 1 at the top, the files from i to a: f2 is the fourth square.
        assert_eq!(lines[1], " 1 # . . X X X . . #  1");
        assert_eq!(lines[2], " 2 . . .[X]* . . . .  2");
        assert_eq!(lines[9], " 9 # . . X X X . . #  9");
        assert!(d.is_turned() && !d.clone().turned_round().is_turned());
    }

    #[test]
    fn targets_are_marked_and_explained() {
        let g = Game::new(Ruleset::from_spec("tallfwrdd", &[]).unwrap(), 1);
        let rules = g.rules();
        let sq = |f, r| Square::new(f, r).unwrap();
        let d = diagram_of_with(&g, &[sq(5, 1), sq(6, 1)]);
        assert!(d.legend.contains(&LegendLine::Targets));
        let b = d.board();
        assert_eq!(b.lines().nth(8), Some(" 2 . . . . X + + . .  2"), "{b}");
        assert!(!diagram_of(&g).legend.contains(&LegendLine::Targets));
        assert_eq!(rules.notation, Notation::Algebraic);
    }

    #[test]
    fn goedhboell_numbers_its_columns_as_at_hv_does() {
        let g = Game::new(Ruleset::from_spec("goedhboell", &[]).unwrap(), 1);
        let d = diagram_of(&g);
        let b = d.board();
        assert_eq!(b.lines().next(), Some("   1 2 3 4 5 6 7 8 9"), "{b}");
        assert!(d.legend.contains(&LegendLine::AtHv {
            width: 9,
            height: 9
        }));
    }
}
