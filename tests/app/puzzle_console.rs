//! `/puzzle` in the console, in English and in Welsh, on both
//! stores: the puzzle of the day is shown to the asker alone (title, OTN,
//! board), a wrong move is told and the position stays, the right moves
//! are answered by tawlbot's defence until the win, `/puzzle reveal` shows
//! the solution line, `/puzzle stats` counts the solve; a game running in
//! the channel is not touched.

use tawlbot::app::use_cases::puzzle::daily_number;
use tawlbot::console::{EPOCH, SERVER};
use tawlbot::notation::format_move;
use tawlbot::puzzles::{shipped, Puzzle};

use crate::console_support::{say, Session};

/// The puzzle of the day of the console's server on its first day, with
/// its number.
fn todays() -> (u32, Puzzle) {
    let set = shipped().unwrap();
    let n = daily_number(SERVER, EPOCH + 60, set.len() as u32);
    (n, set[n as usize - 1].clone())
}

/// The moves of the puzzle's main line in the variant's notation, and a
/// legal first move that does not win.
fn moves(p: &Puzzle) -> (Vec<String>, String) {
    let game = p.game().unwrap();
    let rules = game.rules();
    let line: Vec<String> = p
        .main_line()
        .iter()
        .map(|m| format_move(rules, m))
        .collect();
    let first = p.main_line()[0];
    let wrong = game
        .legal_moves()
        .into_iter()
        .find(|m| *m != first)
        .expect("another legal move");
    (line, format_move(rules, &wrong))
}

fn solve_fail_reveal(lang: Option<&str>) -> (String, u32, Puzzle) {
    let (n, p) = todays();
    let (line, wrong) = moves(&p);
    let s = Session::new();
    // A game left running in the channel.
    let mut script: Vec<String> = Vec::new();
    script.push(say(
        "carol",
        "general",
        "/challenge opponent:@dave variant:tawlbwrdd side:attackers",
    ));
    script.push(say("dave", "general", "/accept"));
    if let Some(l) = lang {
        script.push(say("alice", "general", &format!("/language choice:{l}")));
        script.push(say("bob", "general", &format!("/language choice:{l}")));
    }
    script.push(say("alice", "general", "/puzzle"));
    script.push(say("alice", "general", &format!("/puzzle move:{wrong}")));
    for (i, m) in line.iter().enumerate() {
        if i % 2 == 0 {
            script.push(say("alice", "general", &format!("/puzzle move:{m}")));
        }
    }
    script.push(say("alice", "general", "/puzzle stats"));
    script.push(say("bob", "general", "/puzzle"));
    script.push(say("bob", "general", "/puzzle reveal"));
    script.push(say("bob", "general", "/puzzle stats"));
    let out = s.run(&script);
    // The running game has no move from the puzzle.
    let g = s.latest_game("general");
    assert!(g.game.record().is_empty(), "{out}");
    (out, n, p)
}

fn lines_to<'a>(out: &'a str, who: &str) -> Vec<&'a str> {
    let marker = format!("(to {who})");
    out.lines().filter(|l| l.contains(&marker)).collect()
}

#[test]
fn solve_fail_and_reveal_the_puzzle_of_the_day_in_english() {
    let (out, n, p) = solve_fail_reveal(None);
    let (line, wrong) = moves(&p);
    let alice = lines_to(&out, "alice").join("\n");
    assert!(alice.contains(&format!("Puzzle {n}: ")), "{out}");
    assert!(
        alice.contains(&format!("to play and win in {}.", p.length)),
        "{out}"
    );
    assert!(
        out.contains(&format!("Position (OTN): `{}`", p.position)),
        "{out}"
    );
    assert!(
        alice.contains(&format!(
            "{wrong} is not the move that wins: the position stays."
        )),
        "{out}"
    );
    if line.len() > 1 {
        assert!(
            alice.contains(&format!(
                "{} is right. tawlbot defends {}; your move.",
                line[0], line[1]
            )),
            "{out}"
        );
    }
    assert!(
        alice.contains(&format!("{} wins: puzzle solved!", line[line.len() - 1])),
        "{out}"
    );
    assert!(
        alice.contains("Puzzles solved: 1. Streak: 0 (best 0)."),
        "{out}"
    );
    let bob = lines_to(&out, "bob").join("\n");
    assert!(
        bob.contains(&format!("The solution of puzzle {n}: {}.", line.join(", "))),
        "{out}"
    );
    assert!(
        bob.contains("Puzzles solved: 0. Streak: 0 (best 0)."),
        "{out}"
    );
    // Every reply is its asker's alone: a puzzle's title is on a line
    // marked "(to NAME)" or right after one (a reply's second line).
    let all: Vec<&str> = out.lines().collect();
    for (i, l) in all.iter().enumerate() {
        if l.contains("> Puzzle ") {
            assert!(
                i > 0 && all[i - 1].contains("(to "),
                "a public puzzle line: {l}"
            );
        }
    }
}

#[test]
fn solve_fail_and_reveal_the_puzzle_of_the_day_in_welsh() {
    let (out, n, p) = solve_fail_reveal(Some("cymraeg"));
    let (line, wrong) = moves(&p);
    let alice = lines_to(&out, "alice").join("\n");
    assert!(alice.contains(&format!("Pos {n}: ")), "{out}");
    assert!(
        alice.contains(&format!("i chwarae ac ennill mewn {}.", p.length)),
        "{out}"
    );
    assert!(
        out.contains(&format!("Safle (OTN): `{}`", p.position)),
        "{out}"
    );
    assert!(
        alice.contains(&format!(
            "Nid {wrong} yw'r symudiad sy'n ennill: dydy'r safle ddim wedi newid."
        )),
        "{out}"
    );
    if line.len() > 1 {
        assert!(
            alice.contains(&format!(
                "Cywir: {}. Symudiad tawlbot yw {}; eich tro chi yw hi.",
                line[0], line[1]
            )),
            "{out}"
        );
    }
    assert!(
        alice.contains(&format!(
            "Mae {} yn ennill: pos wedi'i ddatrys!",
            line[line.len() - 1]
        )),
        "{out}"
    );
    assert!(
        alice.contains("Posau wedi'u datrys: 1. Rhediad: 0 (y gorau: 0)."),
        "{out}"
    );
    let bob = lines_to(&out, "bob").join("\n");
    assert!(
        bob.contains(&format!("Ateb pos {n}: {}.", line.join(", "))),
        "{out}"
    );
    assert!(!alice.contains("Puzzle "), "{out}");
}

#[test]
fn puzzle_number_next_and_refusals() {
    let s = Session::new();
    let out = s.run(&[
        say("alice", "general", "/puzzle number:3"),
        say("alice", "general", "/puzzle number:100000"),
        say("alice", "general", "/puzzle next"),
        say("alice", "general", "/puzzle reveal:true next:true"),
    ]);
    assert!(out.contains("(to alice) Puzzle 3: "), "{out}");
    assert!(
        out.contains("There is no puzzle 100000: the puzzles are numbered from 1 to "),
        "{out}"
    );
    assert!(
        out.contains("(to alice) Give /puzzle one option at a time."),
        "{out}"
    );
}

/// `tawlbot puzzles mine --db`: a finished game of the archive gives its
/// puzzle (the king's escape, the one winning move), proven again.
#[test]
fn mining_reads_the_finished_games_of_a_database() {
    let s = Session::new();
    let mut script = vec![
        say(
            "alice",
            "general",
            "/challenge opponent:@bob variant:tawlbwrdd side:attackers",
        ),
        say("bob", "general", "/accept"),
    ];
    script.extend(crate::console_support::king_escapes(
        "general", "alice", "bob",
    ));
    s.run(&script);
    // The console's server is not public: its games are mined only when
    // asked (`--include-private`).
    let public = tawlbot::puzzles_cli::mine_set(Some(&s.db), false, 0, 1, &mut |_| {}).unwrap();
    assert!(public.is_empty(), "{public:?}");
    let set = tawlbot::puzzles_cli::mine_set(Some(&s.db), true, 0, 1, &mut |_| {}).unwrap();
    assert_eq!(set.len(), 1, "{set:?}");
    assert_eq!(set[0].source, "game 1 ply 10");
    assert_eq!(set[0].solution, "f9-a9");
    set[0].prove().unwrap();
}

on_postgres!(
    mining_reads_the_finished_games_of_a_database,
    solve_fail_and_reveal_the_puzzle_of_the_day_in_english,
    solve_fail_and_reveal_the_puzzle_of_the_day_in_welsh,
    puzzle_number_next_and_refusals
);
