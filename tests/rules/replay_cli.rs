//! `tawlbot replay` as a black box: the real binary, its JSON parsed with
//! serde_json, checked against RULES.md and against the library.

use std::process::Command;

use serde_json::Value;
use tawlbot::domain::EndReason;
use tawlbot::notation::{self, algebraic, board_rows, write_record, Record};
use tawlbot::rules::{Game, Ruleset, Side};

const BIN: &str = env!("CARGO_BIN_EXE_tawlbot");

/// One run of `tawlbot replay ARGS`.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    /// The one JSON object of a run without `--trace`.
    fn json(&self) -> Value {
        let lines: Vec<&str> = self.stdout.lines().collect();
        assert_eq!(
            lines.len(),
            1,
            "one line of JSON expected:\n{}",
            self.stdout
        );
        serde_json::from_str(lines[0]).expect("stdout is JSON")
    }
    /// Every line of a `--trace` run.
    fn lines(&self) -> Vec<Value> {
        self.stdout
            .lines()
            .map(|l| serde_json::from_str(l).expect("each line is JSON"))
            .collect()
    }
}

fn replay(args: &[&str]) -> Run {
    let out = Command::new(BIN)
        .arg("replay")
        .args(args)
        .output()
        .expect("run tawlbot");
    Run {
        code: out.status.code().expect("exit code"),
        stdout: String::from_utf8(out.stdout).expect("utf-8 stdout"),
        stderr: String::from_utf8(out.stderr).expect("utf-8 stderr"),
    }
}

/// A run that must apply every move (exit 0); its JSON.
fn ok(args: &[&str]) -> Value {
    let r = replay(args);
    assert_eq!(
        r.code, 0,
        "{args:?}\nstdout: {}\nstderr: {}",
        r.stdout, r.stderr
    );
    assert!(r.stderr.is_empty(), "stderr: {}", r.stderr);
    let j = r.json();
    assert!(j["error"].is_null(), "{j}");
    j
}

/// A run whose move is refused (exit 1); its JSON.
fn refused(args: &[&str]) -> Value {
    let r = replay(args);
    assert_eq!(
        r.code, 1,
        "{args:?}\nstdout: {}\nstderr: {}",
        r.stdout, r.stderr
    );
    let j = r.json();
    assert!(j["error"].is_object(), "{j}");
    j
}

/// A usage error (exit 2): nothing on stdout, a message on stderr.
fn usage(args: &[&str]) -> String {
    let r = replay(args);
    assert_eq!(r.code, 2, "{args:?}\nstdout: {}", r.stdout);
    assert!(r.stdout.is_empty(), "{args:?} printed {}", r.stdout);
    assert!(!r.stderr.trim().is_empty(), "{args:?}: empty stderr");
    r.stderr
}

fn strs(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap_or_else(|| panic!("not an array: {v}"))
        .iter()
        .map(|x| x.as_str().expect("string").to_string())
        .collect()
}

fn count(board: &[String], c: char) -> usize {
    board
        .iter()
        .map(|r| r.chars().filter(|&x| x == c).count())
        .sum()
}

/// Position text from placements like `"a: c3 e2; d: d3; K: h8"` (squares
/// algebraic), dots for empty squares.
fn rows(w: usize, h: usize, placements: &str) -> String {
    let mut grid = vec![vec!['.'; w]; h];
    for group in placements.split(';').filter(|g| !g.trim().is_empty()) {
        let (letter, squares) = group.split_once(':').expect("letter: squares");
        let ch = letter.trim().chars().next().expect("letter");
        for s in squares.split_whitespace() {
            let f = (s.as_bytes()[0] - b'a') as usize;
            let r: usize = s[1..].parse().expect("rank");
            grid[h - r][f] = ch;
        }
    }
    grid.iter()
        .map(|r| r.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

fn rules(variant: &str, opts: &[&str]) -> Ruleset {
    Ruleset::from_spec(
        variant,
        &opts.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
    )
    .expect("ruleset")
}

/// `--variant V --option O...` as arguments.
fn variant_args<'a>(variant: &'a str, opts: &[&'a str]) -> Vec<&'a str> {
    let mut a = vec!["--variant", variant];
    for o in opts {
        a.push("--option");
        a.push(o);
    }
    a
}

fn with<'a>(mut a: Vec<&'a str>, more: &[&'a str]) -> Vec<&'a str> {
    a.extend_from_slice(more);
    a
}

/// `--variant V --position P --to-move S` and then `more` (moves or flags).
fn at<'a>(variant: &'a str, position: &'a str, to_move: &'a str, more: &[&'a str]) -> Vec<&'a str> {
    let a = vec![
        "--variant",
        variant,
        "--position",
        position,
        "--to-move",
        to_move,
    ];
    with(a, more)
}

// ------------------------------------------------------------ start positions

#[test]
fn tawlbwrdd_start_position() {
    let j = ok(&["--variant", "tawlbwrdd", "--seed", "1"]);
    assert_eq!(j["variant"], "tawlbwrdd");
    assert_eq!(
        strs(&j["board"]),
        [
            "....aaa....",
            "....aaa....",
            "...........",
            ".....d.....",
            "aa..ddd..aa",
            "aa.ddKdd.aa",
            "aa..ddd..aa",
            ".....d.....",
            "...........",
            "....aaa....",
            "....aaa....",
        ]
    );
    assert_eq!(j["to_move"], "attackers");
    assert_eq!(j["result"], "ongoing");
    assert!(j["reason"].is_null());
    assert!(j["last"].is_null());
    assert_eq!(j["captured"], serde_json::json!([]));
    assert!(j.get("legal").is_none(), "legal only with --legal");
    assert!(j["error"].is_null());
}

#[test]
fn walker_tallfwrdd_goedhboell_start_positions() {
    let j = ok(&["--variant", "tawlbwrdd-walker"]);
    assert_eq!(
        strs(&j["board"]),
        [
            "...aaaaa...",
            ".....a.....",
            "...........",
            "a....d....a",
            "a...ddd...a",
            "aa.ddKdd.aa",
            "a...ddd...a",
            "a....d....a",
            "...........",
            ".....a.....",
            "...aaaaa...",
        ]
    );
    assert_eq!(j["to_move"], "attackers");
    let nine = [
        "...aaa...",
        "....a....",
        "....d....",
        "a...d...a",
        "aaddKddaa",
        "a...d...a",
        "....d....",
        "....a....",
        "...aaa...",
    ];
    for (v, opts) in [
        ("tallfwrdd", vec![]),
        ("tallfwrdd", vec!["dice"]),
        ("goedhboell", vec![]),
        ("celtic-chess", vec![]),
        ("goedhboell", vec!["king-steps"]),
        ("goedhboell", vec!["corner-guard"]),
        ("goedhboell", vec!["king-steps", "corner-guard", "dice"]),
        ("walker", vec!["dice"]),
        ("tawlbwrdd", vec!["dice"]),
    ] {
        let j = ok(&with(variant_args(v, &opts), &["--seed", "7"]));
        let board = strs(&j["board"]);
        if v.starts_with("t") && v != "tallfwrdd" || v == "walker" {
            assert_eq!(board.len(), 11, "{v}");
            assert_eq!(count(&board, 'a'), 24, "{v}");
            assert_eq!(count(&board, 'd'), 12, "{v}");
        } else {
            assert_eq!(board, nine, "{v} {opts:?}");
            assert_eq!(count(&board, 'a'), 16);
            assert_eq!(count(&board, 'd'), 8);
        }
        assert_eq!(count(&board, 'K'), 1);
        let expected_variant = match v {
            "celtic-chess" => "goedhboell",
            "walker" => "tawlbwrdd-walker",
            v => v,
        };
        assert_eq!(j["variant"], expected_variant);
        if opts.contains(&"dice") {
            // The dice decide who moves first; the library agrees.
            let g = Game::new(rules(v, &opts), 7);
            let side = g.rules().side_name(g.to_move().unwrap());
            assert_eq!(j["to_move"], side, "{v} {opts:?}");
        } else {
            assert_eq!(j["to_move"], "attackers", "{v} {opts:?}");
        }
    }
}

#[test]
fn gwyddbwyll_start_positions_every_size_and_dux() {
    for (size, w, dux_file) in [
        (None, 13, 6),
        (Some("size=13x8"), 13, 6),
        (Some("size=12x8"), 12, 5),
        (Some("size=10x8"), 10, 4),
        (Some("size=8x8"), 8, 3),
    ] {
        for extra in [
            vec![],
            vec!["dux"],
            vec!["dux-jump"],
            vec!["dux", "dux-jump"],
        ] {
            let mut opts: Vec<&str> = size.into_iter().collect();
            opts.extend(extra.iter().copied());
            let j = ok(&with(variant_args("gwyddbwyll", &opts), &["--seed", "3"]));
            assert_eq!(j["variant"], "gwyddbwyll");
            let board = strs(&j["board"]);
            assert_eq!(board.len(), 8, "{opts:?}");
            assert!(board.iter().all(|r| r.chars().count() == w), "{opts:?}");
            assert_eq!(board[0], "b".repeat(w));
            assert_eq!(board[7], "w".repeat(w));
            let has_dux = !extra.is_empty();
            let mut second = vec!['.'; w];
            if has_dux {
                second[dux_file] = 'W';
            }
            assert_eq!(board[6], second.iter().collect::<String>(), "{opts:?}");
            second.iter_mut().for_each(|c| {
                if *c == 'W' {
                    *c = 'B'
                }
            });
            assert_eq!(board[1], second.iter().collect::<String>(), "{opts:?}");
            assert_eq!(count(&board, 'w'), w);
            assert_eq!(count(&board, 'b'), w);
            assert_eq!(count(&board, 'W'), has_dux as usize);
            assert_eq!(count(&board, 'B'), has_dux as usize);
            // The coin toss comes from the seed, as in the library.
            let toss = Game::coin_toss(&rules("gwyddbwyll", &opts), 3);
            let side = if toss == Side::First {
                "white"
            } else {
                "black"
            };
            assert_eq!(j["to_move"], side);
        }
    }
}

#[test]
fn first_side_can_be_chosen() {
    for seed in ["0", "1", "2", "3"] {
        let j = ok(&[
            "--variant",
            "gwyddbwyll",
            "--first",
            "black",
            "--seed",
            seed,
        ]);
        assert_eq!(j["to_move"], "black");
        let j = ok(&[
            "--variant",
            "latrunculi",
            "--first",
            "white",
            "--seed",
            seed,
        ]);
        assert_eq!(j["to_move"], "white");
    }
    // Black starts, so a black man moves first.
    let j = ok(&["--variant", "gwyddbwyll", "--first", "black", "a8-a5"]);
    assert_eq!(j["to_move"], "white");
    assert_eq!(j["last"], "a8-a5");
    // The coin toss: both sides win it for some seed.
    let sides: std::collections::HashSet<String> = (0..12)
        .map(|s| {
            ok(&["--variant", "gwyddbwyll", "--seed", &s.to_string()])["to_move"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(sides.len(), 2, "{sides:?}");
}

// ------------------------------------------------------------ moves and output

#[test]
fn capture_sets_last_and_captured() {
    let p = rows(11, 11, "a: c3 e2; d: d3; K: h8");
    let j = ok(&at("tawlbwrdd", &p, "attackers", &["e2-e3"]));
    assert_eq!(j["last"], "e2-e3xd3");
    assert_eq!(strs(&j["captured"]), ["d3"]);
    assert_eq!(j["to_move"], "defenders");
    assert_eq!(j["board"][8], "..a.a......");
    // Several captures at once; the suffix is checked in any order.
    let p = rows(11, 11, "a: c5 e7 g5 e2; d: d5 f5 e6; K: h9");
    let j = ok(&at("tawlbwrdd", &p, "a", &["e2-e5xd5/f5/e6"]));
    let mut caps = strs(&j["captured"]);
    caps.sort();
    assert_eq!(caps, ["d5", "e6", "f5"]);
    assert!(j["last"].as_str().unwrap().starts_with("e2-e5x"));
    // Home notation for goedhboell captures.
    let p = rows(9, 9, "a: d4 i4; d: e4; K: a9");
    let j = ok(&at("goedhboell", &p, "attackers", &["o @94 @64"]));
    assert_eq!(j["last"], "@94-@64x@54");
    assert_eq!(strs(&j["captured"]), ["@54"]);
    // The next move has no capture: captured is empty again.
    let j = ok(&at("goedhboell", &p, "attackers", &["@94-@64", "@19-@18"]));
    assert_eq!(j["last"], "@19-@18");
    assert_eq!(j["captured"], serde_json::json!([]));
}

#[test]
fn trace_prints_start_and_one_line_per_move() {
    let moves = ["e2-e3", "f4-f3", "k7-k10", "e5-e4"];
    let mut args = vec!["--variant", "tawlbwrdd", "--trace"];
    args.extend(moves);
    let r = replay(&args);
    assert_eq!(r.code, 0);
    let lines = r.lines();
    assert_eq!(lines.len(), moves.len() + 1);
    assert!(lines[0]["last"].is_null());
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(lines[i + 1]["last"], *m);
    }
    // The last trace line is the plain output.
    let plain = ok(&with(vec!["--variant", "tawlbwrdd"], &moves));
    assert_eq!(lines.last().unwrap(), &plain);
    // A refused move adds a final line with the error, showing the position before it.
    let r = replay(&[
        "--variant",
        "tawlbwrdd",
        "--trace",
        "e2-e3",
        "f6-f1",
        "g2-g3",
    ]);
    assert_eq!(r.code, 1);
    let lines = r.lines();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[2]["error"]["index"], 1);
    assert_eq!(lines[2]["board"], lines[1]["board"]);
    // --trace with no moves: just the start.
    let r = replay(&["--variant", "goedhboell", "--trace"]);
    assert_eq!(r.lines().len(), 1);
}

/// One of `moves`, chosen by the xorshift generator whose state is `x`
/// (the games below are the same on every run).
fn pick<'a, T>(moves: &'a [T], x: &mut u64) -> &'a T {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    &moves[(*x % moves.len() as u64) as usize]
}

fn library_legal(g: &Game) -> Vec<String> {
    let mut v: Vec<String> = g
        .legal_moves()
        .iter()
        .map(|m| format!("{}-{}", algebraic(m.from), algebraic(m.to)))
        .collect();
    v.sort();
    v
}

#[test]
fn legal_is_sorted_algebraic_and_matches_library() {
    for (v, opts) in [
        ("tawlbwrdd", vec![]),
        ("tawlbwrdd-walker", vec![]),
        ("tallfwrdd", vec![]),
        ("goedhboell", vec![]),
        ("goedhboell", vec!["king-steps", "corner-guard"]),
        ("gwyddbwyll", vec![]),
        ("gwyddbwyll", vec!["size=8x8", "dux-jump"]),
    ] {
        let j = ok(&with(variant_args(v, &opts), &["--seed", "5", "--legal"]));
        let legal = strs(&j["legal"]);
        let mut sorted = legal.clone();
        sorted.sort();
        assert_eq!(legal, sorted, "{v}");
        assert!(legal
            .iter()
            .all(|m| !m.contains('@') && m == &m.to_lowercase()));
        let g = Game::new(rules(v, &opts), 5);
        assert_eq!(legal, library_legal(&g), "{v} {opts:?}");
    }
    // After some moves too, and empty once the game is over.
    let j = ok(&["--variant", "goedhboell", "--legal", "@14-@44", "@35-@33"]);
    let mut g = Game::new(rules("goedhboell", &[]), 0);
    notation::play_text(&mut g, "@14-@44").unwrap();
    notation::play_text(&mut g, "@35-@33").unwrap();
    assert_eq!(strs(&j["legal"]), library_legal(&g));
    let p = rows(11, 11, "a: j9; K: f3");
    let j = ok(&at("tawlbwrdd", &p, "defenders", &["--legal", "f3-f1"]));
    assert_eq!(j["legal"], serde_json::json!([]));
    // Every legal move is accepted by the CLI.
    let j = ok(&["--variant", "tallfwrdd", "--legal"]);
    for m in strs(&j["legal"]) {
        ok(&["--variant", "tallfwrdd", &m]);
    }
}

#[test]
fn refused_move_exit_1_position_before_and_a_sentence() {
    // A defender onto the empty throne in tawlbwrdd.
    let p = rows(11, 11, "d: f7; K: a1; a: j9");
    let j = refused(&at("tawlbwrdd", &p, "defenders", &["f7-f6"]));
    assert_eq!(
        j["error"]["message"],
        "f6 is the throne: only the king may stop there."
    );
    assert_eq!(j["error"]["index"], 0, "the index is 0-based");
    assert_eq!(j["error"]["move"], "f7-f6");
    assert_eq!(j["board"].as_array().unwrap().len(), 11);
    assert_eq!(j["board"][4], ".....d.....");
    assert_eq!(j["to_move"], "defenders");
    // The position before the refused move; later moves are not tried.
    let before = ok(&["--variant", "tawlbwrdd", "e2-e3", "f4-f3"]);
    let j = refused(&["--variant", "tawlbwrdd", "e2-e3", "f4-f3", "f6-f1", "g2-g3"]);
    assert_eq!(j["error"]["index"], 2);
    assert_eq!(j["error"]["move"], "f6-f1");
    assert_eq!(j["board"], before["board"]);
    assert_eq!(j["last"], before["last"]);
    assert_eq!(j["to_move"], "attackers");
    let msg = j["error"]["message"].as_str().unwrap();
    assert_eq!(msg, "The king is on f6, and it is the attackers' turn.");
    // More sentences a player understands.
    for (args, expected) in [
        (vec!["--variant", "tawlbwrdd", "e1-e3"], "An attacker on e2 is in the way: pieces never jump."),
        (vec!["--variant", "tawlbwrdd", "e2-f3"], "Pieces move along a rank or a file, never diagonally: e2 and f3 are not in line."),
        (vec!["--variant", "tawlbwrdd", "c3-c4"], "There is no piece on c3."),
        (vec!["--variant", "tawlbwrdd", "e2-e2"], "A move has to go somewhere: e2 to e2 stays put."),
        (vec!["--variant", "tawlbwrdd", "e2-z9"], "I can't read \"e2-z9\" as a move. Write the square a piece leaves and the square it stops on, like e1-e4."),
        (vec!["--variant", "tawlbwrdd", "e2-e12"], "e12 is not on the board: Tawlbwrdd is 11x11 (files a-k, ranks 1-11)."),
        (vec!["--variant", "tallfwrdd", "d1-d3"], "In Tallfwrdd every piece moves one square at a time."),
        (vec!["--variant", "tawlbwrdd", "e2-e3", "e5-e3"], "An attacker is already on e3: a piece stops only on an empty square."),
        (vec!["--variant", "goedhboell", "@123-@44"], "I can't read @123: @hv takes one digit for the column and one for the row, and on boards wider than 9 a comma between them (@11,6)."),
    ] {
        let j = refused(&args);
        assert_eq!(j["error"]["message"], expected, "{args:?}");
    }
}

#[test]
fn usage_errors_exit_2() {
    usage(&[]);
    usage(&["e2-e3"]);
    usage(&["--variant"]);
    usage(&["--variant", "chess"]);
    assert!(usage(&["--variant", "tawlbwrdd", "--frobnicate"]).contains("unknown flag"));
    assert!(usage(&["--variant", "tawlbwrdd", "--option", "dux"]).contains("no option"));
    assert!(usage(&["--variant", "gwyddbwyll", "--option", "dice"]).contains("no option"));
    assert!(usage(&["--variant", "gwyddbwyll", "--option", "size=9x9"]).contains("no option"));
    assert!(usage(&["--variant", "tawlbwrdd", "--seed", "x"]).contains("--seed"));
    assert!(usage(&["--variant", "tawlbwrdd", "--seed", "-1"]).contains("--seed"));
    assert!(usage(&[
        "--variant",
        "tawlbwrdd",
        "--position",
        "11/11/11/11/11/11/11/11/11/11/11"
    ])
    .contains("--to-move"));
    usage(&["--variant", "tawlbwrdd", "--to-move", "attackers"]);
    usage(&at("tawlbwrdd", "9/9/9/9/9/9/9/9/9", "a", &[]));
    usage(&at(
        "tawlbwrdd",
        "11/11/11/11/11/11/11/11/11/11/10x",
        "a",
        &[],
    ));
    usage(&at(
        "tawlbwrdd",
        "11/11/11/11/11/11/11/11/11/11/10w",
        "a",
        &[],
    ));
    usage(&at(
        "tawlbwrdd",
        "11/11/11/11/11/11/11/11/11/11/11",
        "white",
        &[],
    ));
    usage(&at(
        "gwyddbwyll",
        &rows(13, 8, "w: a1; W: b1; b: a8"),
        "white",
        &[],
    ));
    usage(&["--variant", "gwyddbwyll", "--first", "attackers"]);
    usage(&[
        "--variant",
        "tawlbwrdd",
        "--record",
        "/nonexistent/dir/x.rec",
    ]);
    usage(&["--variant", "tawlbwrdd", "--help"]);
    // Not a replay subcommand at all.
    let out = Command::new(BIN).arg("frobnicate").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn position_and_to_move() {
    let p = "3aaa3/4a4/4d4/a3d3a/aaddKddaa/a3d3a/4d4/4a4/3aaa3";
    let j = ok(&at("tallfwrdd", p, "defenders", &[]));
    assert_eq!(j["to_move"], "defenders");
    assert_eq!(j["board"], ok(&["--variant", "tallfwrdd"])["board"]);
    // Dots and numbers mix; synonyms for the side.
    let j = ok(&[
        "--variant",
        "gwyddbwyll",
        "--option",
        "size=8x8",
        "--position",
        "b..b4/8/8/8/8/8/8/wW6",
        "--to-move",
        "black",
        "--option",
        "dux",
    ]);
    assert_eq!(strs(&j["board"])[0], "b..b....");
    assert_eq!(strs(&j["board"])[7], "wW......");
    assert_eq!(j["to_move"], "black");
    let j = ok(&at("goedhboell", &rows(9, 9, "a: a2; K: e5"), "king", &[]));
    assert_eq!(j["to_move"], "defenders");
    let j = ok(&at(
        "goedhboell",
        &rows(9, 9, "a: b2; K: e5"),
        "d",
        &["e5-e2"],
    ));
    assert_eq!(j["last"], "@55-@52");
    // --first does not override --to-move.
    let j = ok(&at(
        "tawlbwrdd",
        &rows(11, 11, "a: b2; K: e5"),
        "attackers",
        &["--first", "defenders"],
    ));
    assert_eq!(j["to_move"], "attackers");
}

#[test]
fn seed_makes_dice_reproducible() {
    let moves_for = |seed: &str| {
        let r = replay(&with(
            variant_args("tawlbwrdd", &["dice"]),
            &["--seed", seed, "--trace", "--legal"],
        ));
        assert_eq!(r.code, 0);
        r.stdout
    };
    assert_eq!(moves_for("42"), moves_for("42"));
    // Different seeds let different sides start.
    let sides: std::collections::HashSet<String> = (0..16)
        .map(|s| {
            ok(&with(
                variant_args("tawlbwrdd", &["dice"]),
                &["--seed", &s.to_string()],
            ))["to_move"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(sides.len(), 2);
    // A whole dice game, move by move, the same as the library with that seed.
    let r = rules("goedhboell", &["dice"]);
    let mut g = Game::new(r.clone(), 1234);
    let mut moves = Vec::new();
    let mut x = 99u64;
    while !g.is_over() && moves.len() < 40 {
        let m = *pick(&g.legal_moves(), &mut x);
        let played = g.play(m).unwrap().clone();
        moves.push(notation::format_played(&r, &played));
    }
    let mut args = with(
        variant_args("goedhboell", &["dice"]),
        &["--seed", "1234", "--"],
    );
    args.extend(moves.iter().map(String::as_str));
    let j = ok(&args);
    assert_eq!(strs(&j["board"]), board_rows(&r, g.board()));
    let side = g.to_move().map(|s| r.side_name(s));
    assert_eq!(j["to_move"].as_str(), side);
}

// ------------------------------------------------------------ outcome reasons

fn outcome(j: &Value, result: &str, reason: &str) {
    assert_eq!(j["result"], result, "{j}");
    assert_eq!(j["reason"], reason, "{j}");
    assert!(j["to_move"].is_null(), "nobody moves after the end: {j}");
}

#[test]
fn reason_king_escaped() {
    let p = rows(11, 11, "a: j9; K: f3");
    outcome(
        &ok(&at("tawlbwrdd", &p, "defenders", &["f3-f1"])),
        "defenders",
        "king_escaped",
    );
    let p = rows(9, 9, "a: h8; K: b1");
    outcome(
        &ok(&at("tallfwrdd", &p, "defenders", &["b1-a1"])),
        "defenders",
        "king_escaped",
    );
    let p = rows(9, 9, "a: h8; K: a4");
    outcome(
        &ok(&at("goedhboell", &p, "defenders", &["@14-@11"])),
        "defenders",
        "king_escaped",
    );
    // A refused move after the end: the game is over.
    let j = refused(&at("goedhboell", &p, "defenders", &["@14-@11", "@88-@87"]));
    assert_eq!(j["error"]["message"], "This game is over: no more moves.");
    assert_eq!(j["error"]["index"], 1);
}

#[test]
fn reason_king_captured() {
    let p = rows(11, 11, "a: c5 d6 e5 d2; K: d5");
    let j = ok(&at("tawlbwrdd", &p, "attackers", &["d2-d4"]));
    outcome(&j, "attackers", "king_captured");
    assert_eq!(j["last"], "d2-d4xd5");
    assert_eq!(strs(&j["captured"]), ["d5"]);
    assert_eq!(
        count(&strs(&j["board"]), 'K'),
        0,
        "the captured king leaves the board"
    );
    // Walker: the king's throne is hostile to defenders too, so the very first
    // move f2-f3 takes the line f4, f5 closed by the occupied throne.
    let j = ok(&["--variant", "walker", "f2-f3"]);
    assert_eq!(j["last"], "f2-f3xf4/f5");
    assert_eq!(strs(&j["captured"]), ["f4", "f5"]);
    // Walker: like any piece, against the empty throne.
    let p = rows(11, 11, "a: h3; K: g6");
    let j = ok(&at("walker", &p, "attackers", &["h3-h6"]));
    outcome(&j, "attackers", "king_captured");
    assert_eq!(j["last"], "h3-h6xg6");
    // Goedhboell: three on the edge.
    let p = rows(9, 9, "a: b1 d1 c7; K: c1");
    let j = ok(&at("goedhboell", &p, "attackers", &["@37-@32"]));
    outcome(&j, "attackers", "king_captured");
    assert_eq!(strs(&j["captured"]), ["@31"]);
}

#[test]
fn reason_one_piece_left() {
    let p = rows(13, 8, "w: a3 c4 m1; b: b4 h8");
    let j = ok(&at("gwyddbwyll", &p, "white", &["a3-a4"]));
    outcome(&j, "white", "one_piece_left");
    assert_eq!(j["last"], "a3-a4xb4");
    // A side left with none also loses (a double capture of its last two).
    let p = rows(13, 8, "w: a3 d4 m1; b: b4 c4");
    let j = ok(&at("gwyddbwyll", &p, "white", &["a3-a4xb4/c4"]));
    outcome(&j, "white", "one_piece_left");
}

#[test]
fn reason_dux_immobile() {
    let p = rows(13, 8, "w: b1 a3 m5; W: m3; b: h8 g8; B: a1");
    let j = ok(&with(
        variant_args("gwyddbwyll", &["dux"]),
        &["--position", &p, "--to-move", "white", "a3-a2"],
    ));
    outcome(&j, "white", "dux_immobile");
    // The mover blocking his own dux loses.
    let p = rows(13, 8, "w: l2 f5; W: m1; b: m2 h8 b8; B: a5");
    let j = ok(&with(
        variant_args("gwyddbwyll", &["dux"]),
        &["--position", &p, "--to-move", "white", "l2-l1"],
    ));
    outcome(&j, "black", "dux_immobile");
}

#[test]
fn reason_no_legal_move() {
    let p = rows(11, 11, "a: b1 a2 j9 j11 k10; d: a1; K: k11");
    let j = ok(&at("tawlbwrdd", &p, "attackers", &["j9-j8"]));
    outcome(&j, "attackers", "no_legal_move");
    let p = rows(13, 8, "w: c1 b2 k3 m6; b: a1 a2 b1");
    let j = ok(&at("gwyddbwyll", &p, "white", &["k3-a3"]));
    outcome(&j, "white", "no_legal_move");
    // A position given with the side to move already stuck is over at once.
    let p = rows(11, 11, "a: b1 a2 j9 j11 k10; d: a1; K: k11");
    let j = ok(&at("tawlbwrdd", &p, "defenders", &[]));
    outcome(&j, "attackers", "no_legal_move");
}

#[test]
fn reason_repetition() {
    let p = rows(11, 11, "a: b1 b2 a3 k9 j11 k10; d: a1; K: k11");
    let moves = [
        "k9-k8", "a1-a2", "k8-k9", "a2-a1", "k9-k8", "a1-a2", "k8-k9",
    ];
    let j = ok(&at("tawlbwrdd", &p, "attackers", &moves));
    outcome(&j, "attackers", "repetition");
    // The third occurrence itself is refused with a sentence.
    let p = rows(11, 11, "a: b2 j9; K: f6");
    let j = refused(&at(
        "tawlbwrdd",
        &p,
        "attackers",
        &[
            "b2-b3", "f6-f5", "b3-b2", "f5-f6", "b2-b3", "f6-f5", "b3-b2", "f5-f6",
        ],
    ));
    assert_eq!(j["error"]["index"], 7);
    assert_eq!(
        j["error"]["message"],
        "That move would bring the same position about a third time, which the rules forbid: play something else."
    );
}

#[test]
fn reason_move_limit() {
    // 100 moves without a capture, chosen with the library; the CLI agrees.
    let p = rows(13, 8, "w: a1 m1; b: a8 m8");
    let r = rules("gwyddbwyll", &[]);
    let board = notation::parse_position(&r, &p).unwrap();
    let mut g = Game::from_position(r.clone(), board, Side::First, 0).unwrap();
    let mut moves = Vec::new();
    let mut x = 0x2545F4914F6CDD1Du64;
    while !g.is_over() {
        let quiet: Vec<_> = g
            .legal_moves()
            .into_iter()
            .filter(|&m| g.captures_of(m).unwrap().is_empty())
            .collect();
        let m = *pick(&quiet, &mut x);
        moves.push(notation::format_move(&r, &m));
        g.play(m).unwrap();
    }
    assert_eq!(moves.len(), 100);
    let mut args = at("gwyddbwyll", &p, "white", &["--"]);
    args.extend(moves.iter().map(String::as_str));
    outcome(&ok(&args), "draw", "move_limit");
    // One move fewer: still going.
    args.pop();
    assert_eq!(ok(&args)["result"], "ongoing");
}

// ------------------------------------------------------------ move forms

#[test]
fn every_move_form_is_accepted() {
    let reference = ok(&["--variant", "tawlbwrdd", "e2-e4"]);
    assert_eq!(reference["last"], "e2-e4");
    for form in [
        "e2 e4",
        "e2e4",
        "E2–E4",
        "e2→e4",
        "E2-e4",
        " e2 - e4 ",
        "e2—e4",
        "e2->e4",
    ] {
        let j = ok(&["--variant", "tawlbwrdd", form]);
        assert_eq!(j["board"], reference["board"], "{form}");
        assert_eq!(j["last"], "e2-e4", "{form}");
    }
    // The forms exactly as the issue writes them.
    let p = rows(11, 11, "a: e1; K: a9");
    let reference = ok(&at("tawlbwrdd", &p, "attackers", &["e1-e4"]));
    assert_eq!(reference["last"], "e1-e4");
    for form in ["e1 e4", "e1e4", "E1–E4", "e1→e4"] {
        let j = ok(&at("tawlbwrdd", &p, "attackers", &[form]));
        assert_eq!(j["board"], reference["board"], "{form}");
        assert_eq!(j["last"], "e1-e4", "{form}");
    }
    // @hv on goedhboell, and algebraic there too.
    let reference = ok(&["--variant", "goedhboell", "@14-@44"]);
    assert_eq!(reference["last"], "@14-@44");
    for form in [
        "@14 @44",
        "@14@44",
        "o @14 @44",
        "a4-d4",
        "A4 D4",
        "@14–@44",
        "@14→@44",
        "@1,4-@4,4",
    ] {
        let j = ok(&["--variant", "goedhboell", form]);
        assert_eq!(j["board"], reference["board"], "{form}");
        assert_eq!(j["last"], "@14-@44", "{form}");
    }
    // @h,v on a board wider than 9: k8-k5 is @11,8-@11,5.
    let j = ok(&["--variant", "gwyddbwyll", "--first", "black", "@11,8-@11,5"]);
    assert_eq!(j["last"], "k8-k5");
}

#[test]
fn capture_suffix_is_checked_not_trusted() {
    let p = rows(11, 11, "a: c3 e2; d: d3; K: h8");
    let base = at("tawlbwrdd", &p, "attackers", &[]);
    for form in ["e2-e3xd3", "e2e3xd3", "e2 e3 x d3", "E2–E3XD3"] {
        let j = ok(&with(base.clone(), &[form]));
        assert_eq!(j["last"], "e2-e3xd3", "{form}");
    }
    let j = refused(&with(base.clone(), &["e2-e3xd4"]));
    assert_eq!(
        j["error"]["message"],
        "e2-e3 captures d3, not d4. Leave the x part off, or check the board."
    );
    assert_eq!(j["board"][8], "..ad.......", "nothing changed");
    let j = refused(&with(base.clone(), &["e2-e3xd3/c3"]));
    assert!(j["error"]["message"]
        .as_str()
        .unwrap()
        .contains("captures d3, not c3 and d3"));
    // Claiming a capture on a quiet move.
    let j = refused(&["--variant", "tawlbwrdd", "e2-e4xe5"]);
    assert_eq!(
        j["error"]["message"],
        "e2-e4 captures nothing, not e5. Leave the x part off, or check the board."
    );
    // The `xe5/g4` form is read, and checked.
    let j = refused(&["--variant", "tawlbwrdd", "e2-e4xe5/g4"]);
    assert_eq!(
        j["error"]["message"],
        "e2-e4 captures nothing, not g4 and e5. Leave the x part off, or check the board."
    );
    // Two captures, the `xe5/g4` form.
    let p = rows(11, 11, "a: c5 e7 g5 e2; d: d5 f5 e6; K: h9");
    let base = at("tawlbwrdd", &p, "attackers", &[]);
    ok(&with(base.clone(), &["e2-e5xd5/e6/f5"]));
    ok(&with(base.clone(), &["e2-e5xf5xe6xd5"]));
    let j = refused(&with(base.clone(), &["e2-e5xe6/f5"]));
    assert!(j["error"]["message"]
        .as_str()
        .unwrap()
        .starts_with("e2-e5 captures "));
    let p = rows(13, 8, "w: a3 d4 m1; b: b4 c4 m8");
    let j = ok(&at("gwyddbwyll", &p, "white", &["a3-a4xb4/c4"]));
    assert_eq!(j["last"], "a3-a4xb4/c4");
    // Home notation in the suffix for goedhboell, or algebraic.
    let p = rows(9, 9, "a: d4 i4; d: e4; K: a9");
    for form in ["@94-@64x@54", "i4-f4xe4", "@94 @64 x @54"] {
        ok(&at("goedhboell", &p, "attackers", &[form]));
    }
    refused(&at("goedhboell", &p, "attackers", &["@94-@64x@55"]));
}

// ------------------------------------------------------------ records

#[test]
fn record_file_is_read_back() {
    let dir = tempfile::tempdir().unwrap();
    // A game with captures and dice, written with the library's writer.
    let r = rules("tawlbwrdd", &["dice"]);
    let mut g = Game::new(r.clone(), 77);
    let mut x = 12345u64;
    while !g.is_over() && g.record().len() < 60 {
        g.play(*pick(&g.legal_moves(), &mut x)).unwrap();
    }
    let moves: Vec<String> = g
        .record()
        .iter()
        .map(|p| notation::format_played(&r, p))
        .collect();
    let rec = Record {
        headers: vec![
            ("Variant".into(), "tawlbwrdd".into()),
            ("Options".into(), "dice".into()),
            ("Seed".into(), "77".into()),
            ("Attackers".into(), "al \"the\" one".into()),
        ],
        moves: moves.clone(),
    };
    let path = dir.path().join("game.rec");
    std::fs::write(&path, write_record(&rec)).unwrap();
    let path = path.to_str().unwrap();
    let j = ok(&["--record", path]);
    assert_eq!(strs(&j["board"]), board_rows(&r, g.board()));
    assert_eq!(j["last"].as_str(), moves.last().map(String::as_str));
    let mut args = with(
        variant_args("tawlbwrdd", &["dice"]),
        &["--seed", "77", "--"],
    );
    args.extend(moves.iter().map(String::as_str));
    assert_eq!(j, ok(&args));
    // --trace over a record: one line per recorded move, plus the start.
    let r2 = replay(&["--record", path, "--trace"]);
    assert_eq!(r2.lines().len(), moves.len() + 1);

    // A record with a position and extra moves on the command line.
    let rg = rules("goedhboell", &["corner-guard"]);
    let rec = Record {
        headers: vec![
            ("Variant".into(), "goedhboell".into()),
            ("Options".into(), "corner-guard".into()),
            ("Seed".into(), "1".into()),
            ("Position".into(), rows(9, 9, "a: d4 i4 b3; d: e4; K: e7")),
            ("ToMove".into(), "attackers".into()),
        ],
        moves: vec!["@94-@64x@54".into()],
    };
    let path = dir.path().join("pos.rec");
    std::fs::write(&path, write_record(&rec)).unwrap();
    let path = path.to_str().unwrap();
    let j = ok(&["--record", path, "@57-@58"]);
    assert_eq!(j["last"], "@57-@58");
    let j = refused(&["--record", path, "@57-@58", "@23-@21"]);
    assert_eq!(j["error"]["index"], 2);
    assert_eq!(
        j["error"]["message"],
        "@21 is next to a corner: only the king may stop there."
    );
    assert_eq!(rg.variant, "goedhboell");
    // A record whose move is refused: exit 1, index into the record.
    let rec = Record {
        headers: vec![("Variant".into(), "tallfwrdd".into())],
        moves: vec!["d1-d2".into(), "e3-e2".into()],
    };
    let path = dir.path().join("bad.rec");
    std::fs::write(&path, write_record(&rec)).unwrap();
    let j = refused(&["--record", path.to_str().unwrap()]);
    assert_eq!(j["error"]["index"], 1);
    // A malformed record is a usage error.
    let path = dir.path().join("broken.rec");
    std::fs::write(&path, "[Variant tawlbwrdd]\n").unwrap();
    usage(&["--record", path.to_str().unwrap()]);
}

// ------------------------------------------------------------ OTN

/// The same game through a tawlbot record and through an OTN record gives
/// the same JSON, for every variant; a resignation in the OTN record ends
/// the game the same way.
#[test]
fn otn_record_replays_like_the_tawlbot_record() {
    use tawlbot::notation::otn;
    let dir = tempfile::tempdir().unwrap();
    for (v, opts) in [
        ("tawlbwrdd", &["dice"][..]),
        ("tawlbwrdd-walker", &[][..]),
        ("tallfwrdd", &[][..]),
        ("goedhboell", &["king-steps", "corner-guard"][..]),
        ("gwyddbwyll", &["size=10x8", "dux-jump"][..]),
    ] {
        let r = rules(v, opts);
        let mut g = Game::new(r.clone(), 91);
        let mut x = 777u64;
        while !g.is_over() && g.record().len() < 40 {
            g.play(*pick(&g.legal_moves(), &mut x)).unwrap();
        }
        if !g.is_over() {
            g.resign(g.turn());
        }
        let players = [Some("alice".to_string()), Some("bob".to_string())];
        let own = dir.path().join(format!("{v}.rec"));
        std::fs::write(&own, write_record(&otn::tawlbot_record(&g, &players))).unwrap();
        let theirs = dir.path().join(format!("{v}.otn"));
        let tags = otn::Tags {
            players,
            ..otn::Tags::default()
        };
        std::fs::write(&theirs, otn::write_game(&g, &tags)).unwrap();
        let a = ok(&["--record", own.to_str().unwrap()]);
        let b = ok(&["--record", theirs.to_str().unwrap()]);
        assert_eq!(a, b, "{v}");
        assert_eq!(a["board"], serde_json::json!(board_rows(&r, g.board())));
        let reason = EndReason::from(g.outcome().unwrap().reason);
        assert_eq!(a["reason"], reason.as_str(), "{v}");
    }
}

#[test]
fn a_file_in_neither_format_is_refused_with_a_sentence() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notes.txt");
    std::fs::write(&path, "Dear diary, today I played tafl.\n").unwrap();
    let r = replay(&["--record", path.to_str().unwrap()]);
    assert_eq!(r.code, 1, "stderr: {}", r.stderr);
    assert!(r.stdout.is_empty(), "{}", r.stdout);
    assert!(
        r.stderr.contains("is neither a tawlbot record")
            && r.stderr.contains("nor an OTN game record"),
        "{}",
        r.stderr
    );
    // An OTN record whose rules tawlbot cannot play names the rule.
    let path = dir.path().join("fetlar.otn");
    std::fs::write(
        &path,
        "[rules:dim:11 atkf:n start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/]\n\n1. d1-d4\n",
    )
    .unwrap();
    let r = replay(&["--record", path.to_str().unwrap()]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.contains("esc:c (where the king escapes)"),
        "{}",
        r.stderr
    );
    // An OTN record takes its game from the file, not from flags.
    let err = usage(&["--record", path.to_str().unwrap(), "--variant", "tallfwrdd"]);
    assert!(err.contains("is an OTN record"), "{err}");
}

#[test]
fn position_in_otn_reads_like_rows() {
    // Rank 1 first in OTN, the top rank first in tawlbot's rows.
    let otn_pos = "/t10/11/11/11/11/5K5/11/11/11/10t/11/";
    let rows_pos = rows(11, 11, "a: a1 k10; K: f6");
    let a = ok(&at("tawlbwrdd", otn_pos, "attackers", &[]));
    let b = ok(&at("tawlbwrdd", &rows_pos, "attackers", &[]));
    assert_eq!(a, b);
    assert_eq!(a["board"][10], "a..........");
    assert_eq!(a["board"][1], "..........a");
    // The inverted form too.
    let inv = "starti:/11/10t/11/11/11/5K5/11/11/11/11/t10/";
    assert_eq!(ok(&at("tawlbwrdd", inv, "attackers", &[])), a);
    // Gwyddbwyll: t white, T black, c/C the dux.
    let j = ok(&[
        "--variant",
        "gwyddbwyll",
        "--option",
        "dux",
        "--position",
        "/t1c10/13/13/13/13/13/13/12T/",
        "--to-move",
        "white",
    ]);
    assert_eq!(j["board"][7], "w.W..........");
    assert_eq!(j["board"][0], "............b");
}

#[test]
fn positions_are_checked_with_a_sentence_per_problem() {
    // Two kings and a man on the throne (tawlbot's rows).
    let p = rows(11, 11, "a: f6 a1; K: b2 c3");
    let err = usage(&at("tawlbwrdd", &p, "attackers", &[]));
    assert!(err.contains("There are 2 kings (b2 and c3)"), "{err}");
    assert!(
        err.contains("There is an attacker on f6, which is the throne"),
        "{err}"
    );
    // No king (OTN).
    let err = usage(&at("tallfwrdd", "/t8/9/9/9/9/9/9/9/8T/", "attackers", &[]));
    assert!(err.contains("There is no king"), "{err}");
    // A man in a goedhboell corner guard square.
    let err = usage(&[
        "--variant",
        "goedhboell",
        "--option",
        "corner-guard",
        "--position",
        "/1t7/9/9/9/4K4/9/9/9/9/",
        "--to-move",
        "attackers",
    ]);
    assert!(
        err.contains("next to a corner: only the king may stand there"),
        "{err}"
    );
    // The wrong size, in OTN.
    let err = usage(&at(
        "tawlbwrdd",
        "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
        "attackers",
        &[],
    ));
    assert!(
        err.contains("A Tawlbwrdd board has 11 ranks, but that position has 7."),
        "{err}"
    );
    // A dux without the dux option.
    let err = usage(&at(
        "gwyddbwyll",
        "/t1c10/13/13/13/13/13/13/12T/",
        "white",
        &[],
    ));
    assert!(err.contains("without the dux option"), "{err}");
}
