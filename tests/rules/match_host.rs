//! `tawlbot match` as a black box: the real binary hosting a scripted OTEP
//! engine (this test binary, run again with `TAWLBOT_SCRIPTED_ENGINE` set:
//! see [`scripted_engine`]) that plays legal moves, then (as told) an
//! illegal one, nothing in time, dies or gives up; and tawlbot's engine at
//! two levels. Checked: the line a game and the result line, that the
//! faults lose and say so, that the sides alternate, and that every
//! record `tawlbot match --records` writes replays with `tawlbot replay
//! --record` to the same result.

use std::io::{BufRead, Write};
use std::path::Path;
use std::process::Command;

use tawlbot::notation::otn;
use tawlbot::notation::play_text;
use tawlbot::rules::{Game, Side};

const BIN: &str = env!("CARGO_BIN_EXE_tawlbot");

/// The scripted engine's mode (unset: this test does nothing).
const MODE: &str = "TAWLBOT_SCRIPTED_ENGINE";
/// How many moves it plays legally before its mode shows.
const AFTER: &str = "TAWLBOT_SCRIPTED_AFTER";

/// The scripted OTEP engine, when this test binary is started as one. It
/// plays legal moves (a seeded choice), and after `TAWLBOT_SCRIPTED_AFTER`
/// of them (default 2), by `TAWLBOT_SCRIPTED_ENGINE`: `legal` plays on,
/// `illegal` answers `move a1-a1`, `slow` answers nothing, `dying` exits
/// with status 3, `critical` sends `error -1`. Lines on standard output
/// that are not OTEP (the test harness's own) the host passes over.
#[test]
fn scripted_engine() {
    let Ok(mode) = std::env::var(MODE) else {
        return;
    };
    let after: usize = std::env::var(AFTER)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2);
    let mut out = std::io::stdout().lock();
    let mut say = |l: &str| {
        writeln!(out, "{l}").unwrap();
        out.flush().unwrap();
    };
    // The harness has written "test ... " without a line break.
    say("");
    say("hello");
    say("scripted engine: not a protocol line");
    let mut game: Option<Game> = None;
    let mut played = 0usize;
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let mut words = line.split_whitespace();
        match words.next() {
            Some("rules") => {
                let s = otn::read_rules(line["rules".len()..].trim()).expect("good rules");
                game = Some(Game::from_position(s.rules, s.start, s.first, 0).unwrap());
                played = 0;
            }
            Some("opponent-move") => {
                let g = game.as_mut().expect("rules first");
                for m in words.next().unwrap_or("").split('|') {
                    play_text(g, m).expect("the host's move plays");
                }
            }
            Some("play") => {
                let g = game.as_mut().expect("rules first");
                if played >= after {
                    match mode.as_str() {
                        "illegal" => {
                            say("move a1-a1");
                            continue;
                        }
                        "slow" => {
                            std::thread::sleep(std::time::Duration::from_secs(60));
                            std::process::exit(0);
                        }
                        "dying" => std::process::exit(3),
                        "critical" => {
                            say("error -1 the scripted engine gives up");
                            continue;
                        }
                        _ => {}
                    }
                }
                let moves = g.legal_moves();
                let m = moves[(played * 7 + 3) % moves.len()];
                g.play(m).unwrap();
                played += 1;
                say(&format!(
                    "move {}-{}",
                    tawlbot::notation::algebraic(m.from),
                    tawlbot::notation::algebraic(m.to)
                ));
                say("status scripted");
            }
            Some("goodbye") => break,
            _ => {}
        }
    }
    std::process::exit(0);
}

/// The command line that starts this test binary as the scripted engine.
fn scripted(mode: &str, after: usize) -> String {
    let exe = std::env::current_exe().expect("the test binary");
    let exe = exe.to_string_lossy().replace('\'', r"'\''");
    format!(
        "{MODE}={mode} {AFTER}={after} '{exe}' --exact match_host::scripted_engine --nocapture --test-threads 1"
    )
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run_match(args: &[&str]) -> Run {
    let o = Command::new(BIN)
        .arg("match")
        .args(args)
        .output()
        .expect("tawlbot runs");
    Run {
        code: o.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
    }
}

/// A game line: number, the engine playing each side, the outcome and why.
#[derive(Debug)]
struct GameLine {
    index: u32,
    attackers: String,
    defenders: String,
    outcome: String,
    rest: String,
}

/// Reads the game lines, and checks the output's shape: a `match:` line,
/// a line a game (with the running score), `sides:`, maybe `sprt:`, and
/// last the result line. Returns the game lines and the result's W-D-L.
fn read(run: &Run, names: [&str; 2], games: usize) -> (Vec<GameLine>, [u32; 3]) {
    assert_eq!(
        run.code, 0,
        "stdout:\n{}\nstderr:\n{}",
        run.stdout, run.stderr
    );
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(lines[0].starts_with("match: "), "{}", run.stdout);
    let mut out = Vec::new();
    let mut tally = [0u32; 3];
    for l in lines.iter().filter(|l| l.starts_with("game ")) {
        let (head, rest) = l.split_once(": ").unwrap();
        let index: u32 = head["game ".len()..]
            .split('/')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let (who, rest) = rest.split_once("): ").unwrap();
        let (a, d) = who.split_once(" v ").unwrap();
        let a = a
            .strip_suffix(" (attackers)")
            .unwrap_or_else(|| panic!("{l}"));
        let d = d
            .strip_suffix(" (defenders")
            .unwrap_or_else(|| panic!("{l}"));
        let (outcome, rest) = rest.split_once(", ").unwrap();
        let winner = match outcome {
            "attackers win" => Some(a),
            "defenders win" => Some(d),
            "draw" => None,
            o => panic!("outcome {o:?} in {l}"),
        };
        match winner {
            Some(w) if w == names[0] => tally[0] += 1,
            Some(_) => tally[2] += 1,
            None => tally[1] += 1,
        }
        // The running score carries every game so far.
        let running = format!(
            "; score {} {}-{}-{} {} (",
            names[0], tally[0], tally[1], tally[2], names[1]
        );
        assert!(l.contains(&running), "{l} lacks {running}");
        out.push(GameLine {
            index,
            attackers: a.to_string(),
            defenders: d.to_string(),
            outcome: outcome.to_string(),
            rest: rest.to_string(),
        });
    }
    assert_eq!(out.len(), games, "{}", run.stdout);
    let last = lines.last().unwrap();
    let want = format!(
        "result: {} {}-{}-{} {} (score ",
        names[0], tally[0], tally[1], tally[2], names[1]
    );
    assert!(last.starts_with(&want), "{last:?} is not {want}...");
    // (score S%, Elo D ± E)
    let tail = &last[want.len()..];
    let (score, elo) = tail.split_once("%, Elo ").unwrap();
    let score: f64 = score.parse().unwrap();
    let n = (tally[0] + tally[1] + tally[2]) as f64;
    let want_score = (tally[0] as f64 + tally[1] as f64 / 2.0) / n * 100.0;
    assert!((score - want_score).abs() < 0.051, "{last}");
    let (d, e) = elo.strip_suffix(')').unwrap().split_once(" ± ").unwrap();
    assert!(
        d == "+inf" || d == "-inf" || d.parse::<f64>().is_ok(),
        "{last}"
    );
    assert!(e == "inf" || e.parse::<f64>().is_ok(), "{last}");
    assert!(lines
        .iter()
        .any(|l| l.starts_with(&format!("sides: {} as attackers ", names[0]))));
    out.sort_by_key(|g| g.index);
    (out, tally)
}

/// Every record in `dir` replays with `tawlbot replay --record` to the
/// outcome its game line gave.
fn records_replay(dir: &Path, games: &[GameLine]) {
    for g in games {
        let path = dir.join(format!("game-{:04}.otn", g.index));
        let o = Command::new(BIN)
            .args(["replay", "--record"])
            .arg(&path)
            .output()
            .expect("replay runs");
        assert!(
            o.status.success(),
            "{}: {}{}",
            path.display(),
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let want = match g.outcome.as_str() {
            "attackers win" => "attackers",
            "defenders win" => "defenders",
            _ => "draw",
        };
        assert_eq!(v["result"], want, "{}: {v}", path.display());
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.contains(&format!("[attackers:{}]", g.attackers)),
            "{text}"
        );
        assert!(
            text.contains(&format!("[defenders:{}]", g.defenders)),
            "{text}"
        );
    }
}

/// A game line's reason (before the plies and the running score).
fn why(g: &GameLine) -> &str {
    g.rest.split(" plies; score").next().unwrap()
}

fn sides_alternate(games: &[GameLine], names: [&str; 2]) {
    for g in games {
        let first = if g.index % 2 == 1 { names[0] } else { names[1] };
        assert_eq!(g.attackers, first, "game {}: {g:?}", g.index);
        assert_ne!(g.attackers, g.defenders);
    }
}

#[test]
fn a_legal_engine_plays_whole_games_and_the_records_replay() {
    let dir = tempfile::tempdir().unwrap();
    let cmd = scripted("legal", 0);
    let rec = dir.path().to_string_lossy().into_owned();
    let run = run_match(&[
        "--variant",
        "tallfwrdd",
        "--engine",
        &cmd,
        "--name",
        "scripted",
        "--engine",
        "tawlbot:1",
        "--games",
        "2",
        "--movetime",
        "400",
        "--margin",
        "3000",
        "--seed",
        "5",
        "--records",
        &rec,
    ]);
    let names = ["scripted", "tawlbot:1"];
    let (games, _) = read(&run, names, 2);
    sides_alternate(&games, names);
    for g in &games {
        assert!(
            !why(g).contains("scripted"),
            "a legal engine loses only by the rules: {g:?}"
        );
    }
    records_replay(dir.path(), &games);
}

/// The faulty modes: each loses both its games (as either side), and its
/// line says how.
#[test]
fn illegal_slow_dying_and_critical_engines_lose() {
    for (mode, says) in [
        ("illegal", "scripted played an illegal move, \"a1-a1\""),
        ("slow", "scripted ran out of time (no move after"),
        ("dying", "scripted died (exit status 3)"),
        (
            "critical",
            "scripted gave up (error -1: the scripted engine gives up)",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let rec = dir.path().to_string_lossy().into_owned();
        let cmd = scripted(mode, 2);
        let run = run_match(&[
            "--variant",
            "tallfwrdd",
            "--engine",
            &cmd,
            "--name",
            "scripted",
            "--engine",
            "tawlbot:1",
            "--games",
            "2",
            "--movetime",
            "300",
            "--margin",
            "300",
            "--records",
            &rec,
            "--jobs",
            "2",
            "--opening-plies",
            "0",
        ]);
        let names = ["scripted", "tawlbot:1"];
        let (games, tally) = read(&run, names, 2);
        assert_eq!(tally, [0, 0, 2], "{mode}:\n{}", run.stdout);
        sides_alternate(&games, names);
        for g in &games {
            assert!(g.rest.starts_with(says), "{mode}: {g:?}");
            // Its two moves, the other side's, and the fault.
            let scripted_first = g.attackers == "scripted";
            let plies = if scripted_first { 4 } else { 5 };
            assert!(
                g.rest.contains(&format!(", {plies} plies; score")),
                "{mode}: {g:?}"
            );
        }
        assert!(run
            .stdout
            .lines()
            .last()
            .unwrap()
            .contains("(score 0.0%, Elo -inf ± inf)"));
        records_replay(dir.path(), &games);
        let text = std::fs::read_to_string(dir.path().join("game-0001.otn")).unwrap();
        assert!(text.contains("[match-ending:scripted "), "{text}");
    }
}

/// Two faulty engines: the one whose fault comes first loses, and that
/// turns with the sides (the dying engine faults at its third move, the
/// illegal one at its third: the attackers' third move comes first).
#[test]
fn the_sides_swap_in_each_pair() {
    let (a, b) = (scripted("dying", 2), scripted("illegal", 2));
    let run = run_match(&[
        "--variant",
        "tawlbwrdd",
        "--engine",
        &a,
        "--name",
        "dies",
        "--engine",
        &b,
        "--name",
        "cheats",
        "--games",
        "4",
        "--movetime",
        "500",
        "--margin",
        "3000",
        "--seed",
        "9",
    ]);
    let names = ["dies", "cheats"];
    let (games, tally) = read(&run, names, 4);
    sides_alternate(&games, names);
    assert_eq!(tally, [2, 0, 2], "{}", run.stdout);
    for g in &games {
        let loser = if g.outcome == "attackers win" {
            &g.defenders
        } else {
            &g.attackers
        };
        assert_eq!(loser, &g.attackers, "the attackers fault first: {g:?}");
    }
}

/// tawlbot's own engine at two levels, in the same process, two games at
/// once and a small time a move.
#[test]
fn tawlbot_levels_play_a_match() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().to_string_lossy().into_owned();
    let run = run_match(&[
        "--variant",
        "tallfwrdd",
        "--engine",
        "tawlbot:1",
        "--engine",
        "tawlbot:3",
        "--games",
        "4",
        "--movetime",
        "60",
        "--margin",
        "3000",
        "--jobs",
        "2",
        "--seed",
        "2",
        "--records",
        &rec,
    ]);
    let names = ["tawlbot:1", "tawlbot:3"];
    let (games, _) = read(&run, names, 4);
    sides_alternate(&games, names);
    for g in &games {
        assert!(
            !why(g).contains("tawlbot:"),
            "lost by the rules only: {g:?}"
        );
    }
    records_replay(dir.path(), &games);
    // The pair's two games start from the same opening.
    let opening = |i: u32| -> Vec<String> {
        let text = std::fs::read_to_string(dir.path().join(format!("game-{i:04}.otn"))).unwrap();
        text.lines()
            .find(|l| l.starts_with("1. "))
            .unwrap()
            .split_whitespace()
            .skip(1)
            .map(|m| m.trim_end_matches(['+', '-']).to_string())
            .collect()
    };
    assert_eq!(opening(1), opening(2));
    assert_eq!(opening(3), opening(4));
}

/// With `--sprt` the match stops once the log-likelihood ratio leaves its
/// bounds, and says so; untimed levels play the same games every time.
#[test]
fn sprt_stops_the_match() {
    let run = run_match(&[
        "--variant",
        "tallfwrdd",
        "--engine",
        "tawlbot:2",
        "--engine",
        "tawlbot:1",
        "--games",
        "40",
        "--sprt",
        "-400,400",
        "--seed",
        "4",
        "--opening-plies",
        "4",
    ]);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let sprt = lines
        .iter()
        .find(|l| l.starts_with("sprt: "))
        .unwrap_or_else(|| panic!("{}", run.stdout));
    assert!(sprt.starts_with("sprt: stopped after "), "{}", run.stdout);
    assert!(sprt.contains("accepted (H0: Elo -400 against H1: Elo 400, alpha = beta = 0.05, LLR bounds -2.94 and 2.94)"), "{sprt}");
    let games = lines.iter().filter(|l| l.starts_with("game ")).count();
    assert!(games < 40, "{}", run.stdout);
    let stopped: usize = sprt["sprt: stopped after ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(stopped, games, "one game at a time: none after the stop");
    assert!(lines.last().unwrap().starts_with("result: tawlbot:2 "));
}

#[test]
fn usage_errors() {
    for args in [
        &[
            "--variant",
            "tallfwrdd",
            "--engine",
            "tawlbot:1",
            "--games",
            "2",
        ][..],
        &[
            "--variant",
            "nosuch",
            "--engine",
            "tawlbot:1",
            "--engine",
            "tawlbot:2",
            "--games",
            "2",
        ][..],
        &[
            "--variant",
            "tallfwrdd",
            "--engine",
            "tawlbot:7",
            "--engine",
            "tawlbot:2",
            "--games",
            "2",
        ][..],
        &[
            "--variant",
            "tallfwrdd",
            "--engine",
            "tawlbot:1",
            "--engine",
            "tawlbot:2",
            "--games",
            "2",
            "--sprt",
            "5,1",
        ][..],
        &[
            "--rules",
            "dim:11 esc:q",
            "--engine",
            "tawlbot:1",
            "--engine",
            "tawlbot:2",
            "--games",
            "2",
        ][..],
    ] {
        let run = run_match(args);
        assert_eq!(run.code, 2, "{args:?}: {}{}", run.stdout, run.stderr);
        assert!(
            run.stderr.contains("usage: tawlbot match"),
            "{}",
            run.stderr
        );
        assert!(run.stdout.is_empty());
    }
}

/// `--rules` takes an OTN rules string (here tallfwrdd's own, with the
/// defenders to move first).
#[test]
fn a_match_from_a_rules_string() {
    let rules = tawlbot::rules::Ruleset::from_spec("tallfwrdd", &[]).unwrap();
    let text = otn::rules_string(&rules, Side::Second, None);
    let run = run_match(&[
        "--rules",
        &text,
        "--engine",
        "tawlbot:1",
        "--engine",
        "tawlbot:2",
        "--games",
        "2",
        "--nodes",
        "300",
        "--opening-plies",
        "0",
    ]);
    read(&run, ["tawlbot:1", "tawlbot:2"], 2);
}
