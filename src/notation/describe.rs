//! Alt text for a board picture (Discord attachment descriptions: at most
//! 1,024 characters), for readers who cannot see the picture.
//!
//! Two steps: [`facts`] turns a [`Scene`] into [`Fact`]s, typed data
//! (sides, pieces, squares, counts, the variant's id; never words), and the
//! app words them through the catalogue (`app::views`). [`en`] holds the
//! English of the command lines and of the tests, one function per fact.

use crate::rules::{
    Board, Escape, Family, Game, Kind, Outcome, Piece, Played, Reason, Ruleset, Side, Square,
    SquareFlags,
};

/// The most characters a Discord attachment description may have.
pub const MAX_ALT: usize = 1024;

/// What a picture shows: a position, whose turn, and the last move.
#[derive(Clone, Copy, Debug)]
pub struct Scene<'a> {
    pub rules: &'a Ruleset,
    pub board: &'a Board,
    /// Moves played so far.
    pub moves_played: usize,
    /// The side to move (`None` once the game is over).
    pub to_move: Option<Side>,
    pub outcome: Option<Outcome>,
    pub last: Option<&'a Played>,
}

impl<'a> Scene<'a> {
    /// The scene of a game as it stands.
    pub fn of(game: &'a Game) -> Scene<'a> {
        Scene {
            rules: game.rules(),
            board: game.board(),
            moves_played: game.record().len(),
            to_move: game.to_move(),
            outcome: game.outcome(),
            last: game.last(),
        }
    }
}

/// A group of squares: one square, or a run along a rank or a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    One(Square),
    Run(Square, Square),
}

/// One piece of the description, as data: the words come from the reader's
/// catalogue (squares are written in the variant's notation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fact {
    /// The variant (its id) and the number of the move to be played.
    Heading {
        variant: &'static str,
        move_no: usize,
    },
    /// The variant (its id) and how many moves the game lasted.
    HeadingOver { variant: &'static str, moves: usize },
    /// Whose turn it is.
    Turn { side: Side },
    /// Who won (`None`: a draw) and why.
    Result {
        winner: Option<Side>,
        reason: Reason,
    },
    /// The last move: the piece, from, to, and the captures (the king's
    /// square is marked).
    LastMove {
        piece: Piece,
        from: Square,
        to: Square,
        captured: Vec<Square>,
        king_captured: Option<Square>,
    },
    /// The king's square, its role (a `square-role` key: throne, centre,
    /// corner, guard) if it has one, and the escape squares he has an open
    /// line to.
    King {
        at: Square,
        role: Option<&'static str>,
        escapes: Vec<Square>,
    },
    /// Where the king stands in a game that is over (no escape lines).
    KingAt {
        at: Square,
        role: Option<&'static str>,
    },
    /// The king is off the board.
    NoKing,
    /// A side's men by square, and its dux if it has one.
    Pieces {
        side: Side,
        count: usize,
        with_king: bool,
        groups: Vec<Group>,
        dux: Option<Square>,
    },
    /// A side's pieces counted, when the squares do not fit.
    Counts {
        side: Side,
        count: usize,
        with_king: bool,
        dux: bool,
    },
}

/// Groups squares into runs of three or more along a file or a rank (the
/// longest first) and single squares, in board order.
pub fn group_squares(rules: &Ruleset, squares: &[Square]) -> Vec<Group> {
    let mut left: Vec<Square> = squares.to_vec();
    left.sort_by_key(|s| (s.file(), s.rank()));
    // Which squares are left, by index: runs are counted by stepping
    // through it (every picture's alt text groups both sides' men).
    let mut inl = [false; 256];
    for s in &left {
        inl[s.idx()] = true;
    }
    let (w, h) = (rules.width, rules.height);
    let run_len = |inl: &[bool; 256], s: Square, dir: usize| {
        let mut n = 1;
        let mut cur = s;
        while let Some(next) = cur.step(dir, w, h) {
            if !inl[next.idx()] {
                break;
            }
            n += 1;
            cur = next;
        }
        n
    };
    let mut groups: Vec<(Square, Group)> = Vec::new();
    loop {
        // The longest run among the squares left, in either direction
        // (the first found of the longest).
        let mut best: Option<(Square, usize, usize)> = None;
        for &s in &left {
            for dir in [0usize, 1] {
                let n = run_len(&inl, s, dir);
                if n >= 3 && best.is_none_or(|b| n > b.2) {
                    best = Some((s, dir, n));
                }
            }
        }
        let Some((start, dir, n)) = best else { break };
        let mut last = start;
        inl[start.idx()] = false;
        for _ in 1..n {
            last = last.step(dir, w, h).expect("a run stays on the board");
            inl[last.idx()] = false;
        }
        left.retain(|s| inl[s.idx()]);
        groups.push((start, Group::Run(start, last)));
    }
    for s in left {
        groups.push((s, Group::One(s)));
    }
    groups.sort_by_key(|(s, _)| (s.file(), s.rank()));
    groups.into_iter().map(|(_, g)| g).collect()
}

fn escapes(rules: &Ruleset, board: &Board, king: Square) -> Vec<Square> {
    let mut out = Vec::new();
    for dir in 0..4 {
        let mut cur = king;
        let mut moved = false;
        while let Some(n) = cur.step(dir, rules.width, rules.height) {
            if board.get(n).is_some() {
                break;
            }
            cur = n;
            moved = true;
        }
        let escape = match rules.escape {
            Escape::Edge => board.is_edge(cur),
            Escape::Corners => board.is_corner(cur),
            Escape::None => false,
        };
        if moved && escape {
            out.push(cur);
        }
    }
    out.sort();
    out
}

fn role(rules: &Ruleset, sq: Square) -> Option<&'static str> {
    let f = rules.flags(sq);
    (f.has(SquareFlags::THRONE) || f.has(SquareFlags::CORNER) || f.has(SquareFlags::GUARD))
        .then(|| super::square_role_key(rules, f))
}

/// The facts of a scene; `squares` false gives counts instead of squares.
pub fn facts(scene: &Scene, squares: bool) -> Vec<Fact> {
    let r = scene.rules;
    let b = scene.board;
    let mut out = Vec::new();
    match scene.outcome {
        Some(o) => {
            out.push(Fact::HeadingOver {
                variant: r.variant,
                moves: super::turn_count(scene.moves_played),
            });
            out.push(Fact::Result {
                winner: o.winner,
                reason: o.reason,
            });
        }
        None => {
            out.push(Fact::Heading {
                variant: r.variant,
                move_no: super::turn_number(scene.moves_played),
            });
            if let Some(side) = scene.to_move {
                out.push(Fact::Turn { side });
            }
        }
    }
    if let Some(p) = scene.last {
        // The engine adds an enclosure capture of the king last; in walker's
        // custodial capture the king may be anywhere in the list, and the
        // last square is named as his (a scene does not keep captured kinds).
        let mut captured: Vec<Square> = p.captures.clone();
        let king_captured = if scene
            .outcome
            .is_some_and(|o| o.reason == Reason::KingCaptured)
        {
            captured.pop()
        } else {
            None
        };
        out.push(Fact::LastMove {
            piece: p.piece,
            from: p.mv.from,
            to: p.mv.to,
            captured,
            king_captured,
        });
    }
    let king = Piece::new(Side::Second, Kind::King);
    if r.family == Family::Tafl {
        match b.find(king) {
            // Once the game is over, no line is open to anyone.
            Some(k) if scene.outcome.is_some() => out.push(Fact::KingAt {
                at: k,
                role: role(r, k),
            }),
            Some(k) => out.push(Fact::King {
                at: k,
                role: role(r, k),
                escapes: escapes(r, b, k),
            }),
            None => out.push(Fact::NoKing),
        }
    }
    for side in [Side::First, Side::Second] {
        let men: Vec<Square> = b
            .pieces()
            .filter(|(_, p)| p.side == side && p.kind == Kind::Man)
            .map(|(s, _)| s)
            .collect();
        let dux = b.find(Piece::new(side, Kind::Dux));
        let with_king = r.family == Family::Tafl && side == Side::Second && b.find(king).is_some();
        if squares {
            out.push(Fact::Pieces {
                side,
                count: men.len(),
                with_king,
                groups: group_squares(r, &men),
                dux,
            });
        } else {
            out.push(Fact::Counts {
                side,
                count: men.len(),
                with_king,
                dux: dux.is_some(),
            });
        }
    }
    out
}

/// The English words of each fact (the command lines' and the tests'; the
/// app words facts through its catalogue).
pub mod en {
    use super::{Fact, Group};
    use crate::notation::{format_square, role_words};
    use crate::rules::{Reason, Ruleset};

    fn cap(s: &str) -> String {
        let mut c = s.chars();
        match c.next() {
            Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
            None => String::new(),
        }
    }

    fn and(v: &[String]) -> String {
        match v.len() {
            0 => String::new(),
            1 => v[0].clone(),
            n => format!("{} and {}", v[..n - 1].join(", "), v[n - 1]),
        }
    }

    fn reason(r: Reason) -> &'static str {
        match r {
            Reason::KingEscaped => "the king escaped",
            Reason::KingCaptured => "the king was captured",
            Reason::OnePieceLeft => "one side has a single piece left",
            Reason::DuxImmobile => "a dux cannot move",
            Reason::NoLegalMove => "a side has no move",
            Reason::Repetition => "every move would repeat a position a third time",
            Reason::MoveLimit => "100 moves without a capture",
            Reason::Resignation => "resignation",
            Reason::DrawAgreed => "agreed draw",
            Reason::Timeout => "time ran out",
        }
    }

    fn men(n: usize) -> String {
        match n {
            0 => "no men".into(),
            1 => "1 man".into(),
            n => format!("{n} men"),
        }
    }

    /// One fact in words.
    pub fn fact(rules: &Ruleset, f: &Fact) -> String {
        let sq = |s| format_square(rules, s);
        let group = |g: &Group| match *g {
            Group::One(s) => sq(s),
            Group::Run(a, b) => format!("{} to {}", sq(a), sq(b)),
        };
        let name = rules.name;
        match f {
            Fact::Heading { move_no, .. } => format!("{name}, move {move_no}."),
            Fact::HeadingOver { moves, .. } => {
                format!("{name}, game over after {moves} moves.")
            }
            Fact::Turn { side } => format!("{} to play.", cap(rules.side_word(*side))),
            Fact::Result {
                winner: Some(w),
                reason: r,
            } => format!("{} won: {}.", cap(rules.side_word(*w)), reason(*r)),
            Fact::Result {
                winner: None,
                reason: r,
            } => format!("Drawn: {}.", reason(*r)),
            Fact::LastMove {
                piece,
                from,
                to,
                captured,
                king_captured,
            } => {
                let mut caps: Vec<String> = captured.iter().map(|&c| sq(c)).collect();
                if let Some(k) = king_captured {
                    caps.push(format!("the king on {}", sq(*k)));
                }
                let (piece, from, to) = (rules.piece_name(*piece), sq(*from), sq(*to));
                if caps.is_empty() {
                    format!("Last move: {piece}, {from} to {to}.")
                } else {
                    format!(
                        "Last move: {piece}, {from} to {to}, capturing {}.",
                        and(&caps)
                    )
                }
            }
            Fact::King {
                at,
                role: r,
                escapes,
            } => {
                let at = sq(*at);
                let on = match r {
                    Some(r) => format!("The king is on {at} ({})", role_words(r)),
                    None => format!("The king is on {at}"),
                };
                if escapes.is_empty() {
                    format!("{on}, with no open line to escape.")
                } else {
                    let e: Vec<String> = escapes.iter().map(|&s| sq(s)).collect();
                    format!("{on}, with an open line to escape to {}.", and(&e))
                }
            }
            Fact::KingAt { at, role: r } => {
                let at = sq(*at);
                match r {
                    Some(r) => format!("The king is on {at} ({}).", role_words(r)),
                    None => format!("The king is on {at}."),
                }
            }
            Fact::NoKing => "The king is off the board.".into(),
            Fact::Pieces {
                side,
                count,
                with_king,
                groups,
                dux,
            } => {
                let mut s = cap(rules.side_word(*side));
                s.push_str(&format!(", {}", men(*count)));
                if *with_king {
                    s.push_str(" and the king");
                }
                if let Some(d) = dux {
                    s.push_str(&format!(" and the dux on {}", sq(*d)));
                }
                if !groups.is_empty() {
                    let g: Vec<String> = groups.iter().map(group).collect();
                    s.push_str(&format!(": {}", g.join(", ")));
                }
                s.push('.');
                s
            }
            Fact::Counts {
                side,
                count,
                with_king,
                dux,
            } => {
                let mut s = format!("{}: {}", cap(rules.side_word(*side)), men(*count));
                if *with_king {
                    s.push_str(" and the king");
                }
                if *dux {
                    s.push_str(" and the dux");
                }
                s.push('.');
                s
            }
        }
    }

    /// All the facts in words.
    pub fn words(rules: &Ruleset, facts: &[Fact]) -> String {
        facts
            .iter()
            .map(|f| fact(rules, f))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The alt text of a scene, at most `limit` characters: the full list of
/// squares if it fits, else counts, else cut.
pub fn describe_within(scene: &Scene, limit: usize) -> String {
    let full = en::words(scene.rules, &facts(scene, true));
    if full.chars().count() <= limit {
        return full;
    }
    let short = en::words(scene.rules, &facts(scene, false));
    if short.chars().count() <= limit {
        return short;
    }
    let mut s: String = short.chars().take(limit.saturating_sub(1)).collect();
    s.push('…');
    s
}

/// The alt text of a scene (at most [`MAX_ALT`] characters).
pub fn describe(scene: &Scene) -> String {
    describe_within(scene, MAX_ALT)
}

/// The alt text of a game as it stands.
pub fn describe_game(game: &Game) -> String {
    describe(&Scene::of(game))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::play_text;

    fn game(id: &str) -> Game {
        Game::new(Ruleset::from_spec(id, &[]).unwrap(), 1)
    }

    #[test]
    fn start_of_tawlbwrdd() {
        let g = game("tawlbwrdd");
        let s = describe_game(&g);
        assert!(
            s.starts_with("Tawlbwrdd, move 1. Attackers to play."),
            "{s}"
        );
        assert!(
            s.contains("The king is on f6 (the throne), with no open line to escape."),
            "{s}"
        );
        assert!(s.contains("Attackers, 24 men: a5 to a7, b5 to b7, e1 to g1, e2 to g2, e10 to g10, e11 to g11, j5 to j7, k5 to k7."), "{s}");
        assert!(s.contains("Defenders, 12 men and the king: "), "{s}");
    }

    #[test]
    fn last_move_captures_and_open_lines() {
        let rules = Ruleset::from_spec("tawlbwrdd", &[]).unwrap();
        let b =
            crate::notation::otn::parse_position(&rules, "/11/11/11/3t7/11/5K5/11/11/11/11/11/")
                .unwrap();
        let mut b2 = b.clone();
        b2.set(
            Square::new(4, 3).unwrap(),
            Some(Piece::new(Side::Second, Kind::Man)),
        );
        b2.set(
            Square::new(6, 2).unwrap(),
            Some(Piece::new(Side::First, Kind::Man)),
        );
        let mut g = Game::from_position(rules, b2, Side::First, 1).unwrap();
        play_text(&mut g, "g3-g4").unwrap();
        play_text(&mut g, "f6-f5").unwrap();
        play_text(&mut g, "g4-f4").unwrap();
        let s = describe_game(&g);
        assert!(
            s.contains("Last move: an attacker, g4 to f4, capturing e4."),
            "{s}"
        );
        assert!(
            s.contains("The king is on f5, with an open line to escape to a5, k5 and f11."),
            "{s}"
        );
        assert!(s.contains("Defenders, no men and the king."), "{s}");
    }

    #[test]
    fn counts_when_the_squares_do_not_fit() {
        let g = game("tawlbwrdd");
        let scene = Scene::of(&g);
        let s = describe_within(&scene, 200);
        assert!(s.contains("Attackers: 24 men."), "{s}");
        assert!(s.contains("Defenders: 12 men and the king."), "{s}");
        assert!(s.chars().count() <= 200);
    }

    #[test]
    fn groups_prefer_long_runs() {
        let rules = Ruleset::from_spec("tawlbwrdd", &[]).unwrap();
        let sq = |f, r| Square::new(f, r).unwrap();
        let g = group_squares(
            &rules,
            &[sq(0, 3), sq(0, 4), sq(0, 5), sq(0, 6), sq(0, 7), sq(1, 5)],
        );
        assert_eq!(
            g,
            vec![Group::Run(sq(0, 3), sq(0, 7)), Group::One(sq(1, 5))]
        );
    }

    /// The grouping as first written (a run built square by square, the
    /// squares left searched), kept to check the faster one against.
    fn group_squares_as_written(rules: &Ruleset, squares: &[Square]) -> Vec<Group> {
        let mut left: Vec<Square> = squares.to_vec();
        left.sort_by_key(|s| (s.file(), s.rank()));
        let mut groups: Vec<(Square, Group)> = Vec::new();
        loop {
            let mut best: Option<Vec<Square>> = None;
            for &s in &left {
                for dir in [0usize, 1] {
                    let mut run = vec![s];
                    let mut cur = s;
                    while let Some(n) = cur.step(dir, rules.width, rules.height) {
                        if !left.contains(&n) {
                            break;
                        }
                        run.push(n);
                        cur = n;
                    }
                    if run.len() >= 3 && best.as_ref().is_none_or(|b| run.len() > b.len()) {
                        best = Some(run);
                    }
                }
            }
            let Some(run) = best else { break };
            left.retain(|s| !run.contains(s));
            groups.push((run[0], Group::Run(run[0], *run.last().expect("run"))));
        }
        for s in left {
            groups.push((s, Group::One(s)));
        }
        groups.sort_by_key(|(s, _)| (s.file(), s.rank()));
        groups.into_iter().map(|(_, g)| g).collect()
    }

    proptest::proptest! {
        /// Any set of squares (repeats too) on every size of board groups
        /// as the first version grouped it.
        #[test]
        fn groups_as_first_written(
            variant in proptest::sample::select(vec!["tawlbwrdd", "tallfwrdd", "goedhboell", "gwyddbwyll", "walker"]),
            picks in proptest::collection::vec((0u8..13, 0u8..13), 0..60),
        ) {
            let rules = Ruleset::from_spec(variant, &[]).unwrap();
            let squares: Vec<Square> = picks
                .iter()
                .filter(|(f, r)| *f < rules.width && *r < rules.height)
                .filter_map(|&(f, r)| Square::new(f, r))
                .collect();
            proptest::prop_assert_eq!(
                group_squares(&rules, &squares),
                group_squares_as_written(&rules, &squares)
            );
        }
    }
}
