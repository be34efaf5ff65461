//! The text board and the alt text, on every variant and option: within
//! Discord's limits (a message of 2,000 characters, an attachment
//! description of 1,024), and saying what the brief asks.

use tawlbot::app::presentation::notation_words::diagram_text;
use tawlbot::i18n::Lang;
use tawlbot::notation::describe::{self, describe_game, Scene, MAX_ALT};
use tawlbot::notation::diagram::{diagram_of, MAX_MESSAGE};
use tawlbot::notation::otn;
use tawlbot::rules::{Game, Ruleset, Side, VARIANTS};

fn all_rulesets() -> Vec<Ruleset> {
    let mut out = Vec::new();
    for v in VARIANTS {
        out.push(Ruleset::from_spec(v.id, &[]).unwrap());
        for o in v.options {
            out.push(Ruleset::from_spec(v.id, &[o.to_string()]).unwrap());
        }
    }
    out.push(Ruleset::from_spec("gwyddbwyll", &["dux-jump".into()]).unwrap());
    out
}

/// Random games, sampled every few moves, for every ruleset.
fn scenes(mut f: impl FnMut(&Game)) {
    for (i, r) in all_rulesets().into_iter().enumerate() {
        for seed in 0..4u64 {
            let mut g = Game::new(r.clone(), seed * 31 + i as u64);
            let mut x = seed.wrapping_mul(0x9E37_79B9) | 1;
            f(&g);
            while !g.is_over() && g.record().len() < 300 {
                let legal = g.legal_moves();
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                g.play(legal[(x % legal.len() as u64) as usize]).unwrap();
                if g.record().len().is_multiple_of(7) || g.is_over() {
                    f(&g);
                }
            }
        }
    }
}

#[test]
fn diagram_fits_a_message_and_has_labels_on_all_sides() {
    let mut n = 0;
    scenes(|g| {
        n += 1;
        let [en, d] = [Lang::En, Lang::Cy].map(|l| diagram_text(&diagram_of(g), l));
        for d in [&en, &d] {
            assert!(
                d.chars().count() <= MAX_MESSAGE,
                "{} chars:\n{d}",
                d.chars().count()
            );
        }
        assert!(d.starts_with("```\n") && d.ends_with("\n```"));
        let r = g.rules();
        let lines: Vec<&str> = d.lines().collect();
        // Columns lettered, or numbered in @hv (goedhboell).
        let files: String = (0..r.width)
            .map(|f| match r.notation {
                tawlbot::rules::Notation::AtHv => format!(" {}", f + 1),
                _ => format!(" {}", (b'a' + f) as char),
            })
            .collect();
        assert_eq!(lines[1], format!("  {files}"));
        assert_eq!(lines[2 + r.height as usize], format!("  {files}"));
        for (i, rank) in (1..=r.height).rev().enumerate() {
            let line = lines[2 + i];
            assert!(line.starts_with(&format!("{rank:>2}")), "{line}");
            assert!(line.ends_with(&format!("{rank:>2}")), "{line}");
            // One character per square, at the odd columns.
            let row: String = line
                .chars()
                .skip(3)
                .step_by(2)
                .take(r.width as usize)
                .collect();
            let expected: String = tawlbot::notation::board_rows(r, g.board())[i]
                .chars()
                .zip(row.chars())
                // Position text writes a/d (w/b); the diagram signs that
                // are no column letters: X/O.
                .map(|(e, got)| match e {
                    '.' => got,
                    'a' | 'b' => 'X',
                    'd' | 'w' => 'O',
                    e => e,
                })
                .collect();
            assert_eq!(row, expected, "{line}");
        }
        if let Some(p) = g.last() {
            let board: String = lines[2..2 + r.height as usize].join("\n");
            assert_eq!(board.matches('[').count(), 1, "{d}");
            assert_eq!(board.matches('*').count(), 1, "{d}");
            let to = p.mv.to;
            let line = lines[2 + (r.height - 1 - to.rank()) as usize];
            let col = 2 + 2 * to.file() as usize;
            assert_eq!(line.chars().nth(col), Some('['), "{line}");
            assert_eq!(line.chars().nth(col + 2), Some(']'), "{line}");
            assert_eq!(board.matches('×').count(), p.captures.len(), "{d}");
        }
    });
    assert!(n > 100);
}

#[test]
fn largest_boards_fit_with_room_to_spare() {
    for (v, o) in [
        ("gwyddbwyll", vec![]),
        ("tawlbwrdd", vec![]),
        ("tawlbwrdd-walker", vec![]),
    ] {
        let r = Ruleset::from_spec(v, &o).unwrap();
        let g = Game::new(r, 1);
        for lang in Lang::ALL {
            let d = diagram_text(&diagram_of(&g), lang);
            assert!(d.chars().count() <= MAX_MESSAGE);
            assert!(d.chars().count() < 700, "{v}: {}", d.chars().count());
        }
    }
}

#[test]
fn alt_text_fits_and_says_what_is_asked() {
    scenes(|g| {
        let s = describe_game(g);
        assert!(!s.is_empty());
        assert!(
            s.chars().count() <= MAX_ALT,
            "{} chars: {s}",
            s.chars().count()
        );
        let r = g.rules();
        assert!(s.starts_with(r.name), "{s}");
        match g.to_move() {
            Some(side) => {
                let n = tawlbot::notation::turn_number(g.record().len());
                assert!(s.contains(&format!("move {n}.")), "{s}");
                let who = r.side_word(side);
                let mut c = who.chars();
                let who = c.next().unwrap().to_uppercase().collect::<String>() + c.as_str();
                assert!(s.contains(&format!("{who} to play.")), "{s}");
            }
            None => assert!(s.contains("game over"), "{s}"),
        }
        if let Some(p) = g.last() {
            assert!(s.contains("Last move: "), "{s}");
            let to = tawlbot::notation::format_square(r, p.mv.to);
            assert!(s.contains(&format!(" to {to}")), "{s}");
        }
        if r.family == tawlbot::rules::Family::Tafl {
            assert!(
                s.contains("The king is on ") || s.contains("The king is off the board"),
                "{s}"
            );
        }
        // The squares always fit on tawlbot's boards: no counts needed.
        assert!(!s.contains(" men.") || s.contains("no men"), "{s}");
    });
}

#[test]
fn every_square_is_named_in_some_group() {
    // The groups of a crowded gwyddbwyll board cover every man exactly.
    let r = Ruleset::from_spec("gwyddbwyll", &[]).unwrap();
    let g = Game::new(r.clone(), 3);
    let scene = Scene::of(&g);
    let facts = describe::facts(&scene, true);
    let text = describe::en::words(&r, &facts);
    assert!(text.contains("White, 13 men: a1 to m1."), "{text}");
    assert!(text.contains("Black, 13 men: a8 to m8."), "{text}");
    // A position of scattered pieces: every square listed.
    let b = otn::parse_position(&r, "/t1t1t1t1t1t1t/1T1T1T1T1T1T1/t1t1t1t1t1t1t/13/13/1T1T1T1T1T1T1/t1t1t1t1t1t1t/1T1T1T1T1T1T1/").unwrap();
    let g = Game::from_position(r.clone(), b.clone(), Side::First, 1).unwrap();
    let s = describe_game(&g);
    for (sq, _) in b.pieces() {
        let name = tawlbot::notation::algebraic(sq);
        assert!(
            s.split([' ', ',', ':', '.']).any(|w| w == name),
            "{name} missing: {s}"
        );
    }
    assert!(s.chars().count() <= MAX_ALT);
}
