//! `tawlbot otep` driven as an OpenTafl host drives an engine: the real
//! binary, line by line, through whole games (both sides, an `error` and
//! its recovery, a host position that differs, `analyze`, clocks running
//! low), every engine move played on the host's own `Game` (legal, and by
//! the side whose turn it is). Also: every rules string tawlbot prints,
//! `otep` reads back.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use tawlbot::notation::otn::{rules_string, write_position};
use tawlbot::notation::{algebraic, play_text};
use tawlbot::otep::{Action, Session, Strength};
use tawlbot::rules::{Game, Move, Ruleset, Side};

const BIN: &str = env!("CARGO_BIN_EXE_tawlbot");

/// The first words an engine may write (OTEP's engine-to-host commands).
const ENGINE_WORDS: &[&str] = &[
    "hello",
    "move",
    "analysis",
    "error",
    "status",
    "rules",
    "position",
    "simple-moves",
];

/// One `tawlbot otep` process.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<String>>,
    /// Every line the host sent, for failure messages.
    sent: Vec<String>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(BIN)
            .arg("otep")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("tawlbot otep starts");
        let out = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for l in BufReader::new(out).lines() {
                let Ok(l) = l else { break };
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        let stderr = Arc::new(Mutex::new(String::new()));
        let err = child.stderr.take().unwrap();
        let keep = stderr.clone();
        std::thread::spawn(move || {
            for l in BufReader::new(err).lines() {
                let Ok(l) = l else { break };
                let mut k = keep.lock().unwrap();
                k.push_str(&l);
                k.push('\n');
            }
        });
        let stdin = child.stdin.take();
        let mut e = Engine {
            child,
            stdin,
            lines,
            stderr,
            sent: Vec::new(),
        };
        assert_eq!(e.next(Duration::from_secs(5)), "hello");
        e
    }

    /// Bytes as they are (no line break added).
    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("open");
        stdin.write_all(bytes).expect("the engine reads");
        stdin.flush().unwrap();
    }

    /// Waits up to `within` for the process to end by itself; its status.
    fn exits_within(&mut self, within: Duration) -> Option<std::process::ExitStatus> {
        let t0 = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return Some(status);
            }
            if t0.elapsed() > within {
                return None;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    fn send(&mut self, line: &str) {
        self.sent.push(line.to_string());
        let stdin = self.stdin.as_mut().expect("open");
        writeln!(stdin, "{line}").expect("the engine reads");
        stdin.flush().unwrap();
    }

    fn context(&self) -> String {
        let sent = &self.sent[self.sent.len().saturating_sub(6)..];
        format!(
            "last lines sent:\n{}\nstderr:\n{}",
            sent.join("\n"),
            self.stderr.lock().unwrap()
        )
    }

    /// The next line that is not `status`, checked to be a protocol line.
    fn next(&mut self, within: Duration) -> String {
        loop {
            let l = match self.lines.recv_timeout(within) {
                Ok(l) => l,
                Err(e) => panic!("no line from the engine ({e:?})\n{}", self.context()),
            };
            let word = l.split(' ').next().unwrap_or("");
            assert!(
                ENGINE_WORDS.contains(&word) && l.is_ascii() && !l.ends_with(' '),
                "not a protocol line on stdout: {l:?}\n{}",
                self.context()
            );
            if word != "status" {
                return l;
            }
        }
    }

    /// Nothing more comes within `d` (but `status` lines).
    fn silent(&mut self, d: Duration) {
        while let Ok(l) = self.lines.recv_timeout(d) {
            assert!(
                l.starts_with("status "),
                "unexpected {l:?}\n{}",
                self.context()
            );
        }
    }

    /// `goodbye`, and the process ends by itself with 0.
    fn goodbye(mut self) {
        self.send("goodbye");
        drop(self.stdin.take());
        let t0 = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "exit {status}\n{}", self.context());
                return;
            }
            assert!(
                t0.elapsed() < Duration::from_secs(10),
                "no exit after goodbye"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn rules(id: &str) -> Ruleset {
    Ruleset::from_spec(id, &[]).unwrap()
}

fn rules_line(r: &Ruleset) -> String {
    format!("rules {}", rules_string(r, Side::First, None))
}

fn side_word(s: Side) -> &'static str {
    match s {
        Side::First => "attackers",
        Side::Second => "defenders",
    }
}

fn simple(m: Move) -> String {
    format!("{}-{}", algebraic(m.from), algebraic(m.to))
}

/// The engine's move line, played on the host's game: it must be a legal
/// move of the side to move.
fn play_engine_move(host: &mut Game, line: &str, engine: &Engine) -> Move {
    let mv = line
        .strip_prefix("move ")
        .unwrap_or_else(|| panic!("expected a move, got {line:?}\n{}", engine.context()));
    assert!(!mv.contains(' '), "{line:?}");
    let side = host.turn();
    let p = play_text(host, mv).unwrap_or_else(|e| {
        panic!(
            "the engine's {mv} is not legal for the {} in {}: {e:?}\n{}",
            side_word(side),
            write_position(host.board()),
            engine.context()
        )
    });
    assert_eq!(p.side, side);
    p.mv
}

fn finish_code(g: &Game) -> u8 {
    match g.outcome().map(|o| o.winner) {
        None => 0,
        Some(None) => 1,
        Some(Some(Side::First)) => 2,
        Some(Some(Side::Second)) => 3,
    }
}

/// How the host plays the side no engine plays: the first legal move of a
/// seeded shuffle.
fn host_move(g: &Game, seed: u64) -> Move {
    let moves = g.legal_moves();
    let k = (seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 33) as usize % moves.len();
    moves[k]
}

/// What the host does in a game.
#[derive(Default)]
struct Script {
    /// Send `clock` before `play` (OpenTafl's order) instead of after.
    clock_first: bool,
    /// A clock: each side's main time in ms (counted down by the host for
    /// the engines), no overtime. `None`: no `clock` lines at all.
    main_ms: Option<u64>,
    /// At this ply, refuse the engine's (legal) move with `error 2`.
    refuse_at: Option<usize>,
    /// At this ply (a host move), tell the engine another move than the one
    /// played, with the true position.
    mislead_at: Option<usize>,
    max_plies: usize,
}

struct Report {
    game: Game,
    engine_moves: usize,
    refused: usize,
    /// The longest time an engine took, and the time it had left then.
    slowest: Vec<(Duration, Duration)>,
}

/// Plays one game: `engines[side]` is an engine for that side or `None`
/// (the host moves). The host keeps the one true game.
fn host_game(variant: &str, mut engines: [Option<Engine>; 2], script: &Script) -> Report {
    let r = rules(variant);
    let mut game = Game::from_position(r.clone(), r.start.clone(), Side::First, 1).unwrap();
    for (i, e) in engines.iter_mut().enumerate() {
        if let Some(e) = e {
            e.send(&rules_line(&r));
            e.send(&format!(
                "side {}",
                side_word(if i == 0 { Side::First } else { Side::Second })
            ));
            e.send("start");
        }
    }
    let mut left = [script.main_ms.unwrap_or(0); 2];
    let mut last: Option<Move> = None;
    let mut refused: Option<Move> = None;
    let mut report = Report {
        game: game.clone(),
        engine_moves: 0,
        refused: 0,
        slowest: Vec::new(),
    };
    while !game.is_over() && game.record().len() < script.max_plies {
        let side = game.turn();
        let ply = game.record().len();
        let Some(e) = engines[side.index()].as_mut() else {
            let mv = host_move(&game, ply as u64 + 7);
            game.play(mv).unwrap();
            last = Some(mv);
            continue;
        };
        let clock = |left: &[u64; 2]| format!("clock {} {} 0 0 0", left[0], left[1]);
        let mut told = last.map(simple);
        if ply > 0 && script.mislead_at == Some(ply - 1) {
            // Another legal move from the position before the real one,
            // with the true position after the real one.
            let real = last.unwrap();
            let other = game_before(&game, &r)
                .legal_moves()
                .into_iter()
                .find(|&m| m != real)
                .unwrap();
            told = Some(simple(other));
        }
        let mut refuse = script.refuse_at == Some(ply);
        loop {
            if let Some(m) = &told {
                e.send(&format!(
                    "opponent-move {m} {}",
                    write_position(game.board())
                ));
            }
            let t0 = Instant::now();
            if script.main_ms.is_some() && script.clock_first {
                e.send(&clock(&left));
            }
            e.send(&format!("play {}", side_word(side)));
            if script.main_ms.is_some() && !script.clock_first {
                e.send(&clock(&left));
            }
            let line = e.next(Duration::from_secs(20));
            let took = t0.elapsed();
            if script.main_ms.is_some() {
                let had = Duration::from_millis(left[side.index()]);
                assert!(
                    took <= had,
                    "the engine took {took:?} with {had:?} left\n{}",
                    e.context()
                );
                report.slowest.push((took, had));
                left[side.index()] -= took.as_millis() as u64;
            }
            if refuse {
                // Legal, but the host says no: `error 2`, then (as OpenTafl
                // does) the previous move and the true position again, and
                // `play` again. The engine must not offer the same move.
                let mut check = game.clone();
                let mv = play_engine_move(&mut check, &line, e);
                e.send("error 2");
                refuse = false;
                refused = Some(mv);
                report.refused += 1;
                continue;
            }
            let mv = play_engine_move(&mut game, &line, e);
            if let Some(r) = refused.take() {
                assert_ne!(mv, r, "the refused move again\n{}", e.context());
            }
            report.engine_moves += 1;
            e.send(&format!("move {}", write_position(game.board())));
            break;
        }
        last = game.last().map(|p| p.mv);
    }
    let code = finish_code(&game);
    for e in engines.iter_mut().flatten() {
        e.send(&format!("finish {code}"));
        e.silent(Duration::from_millis(50));
    }
    for e in engines.into_iter().flatten() {
        e.goodbye();
    }
    report.game = game;
    report
}

/// The game one ply back.
fn game_before(game: &Game, r: &Ruleset) -> Game {
    let mut g = Game::from_position(r.clone(), game.start().clone(), game.first(), 1).unwrap();
    let n = game.record().len();
    for p in &game.record()[..n - 1] {
        g.play(p.mv).unwrap();
    }
    g
}

#[test]
fn two_engines_play_a_whole_game() {
    for variant in ["tawlbwrdd", "tallfwrdd"] {
        let engines = [
            Some(Engine::start(&["--nodes", "300"])),
            Some(Engine::start(&["--level", "1"])),
        ];
        let rep = host_game(
            variant,
            engines,
            &Script {
                // Ten minutes each: the node budgets decide.
                main_ms: Some(600_000),
                max_plies: 400,
                ..Script::default()
            },
        );
        eprintln!(
            "{variant}: {} plies, {:?}",
            rep.game.record().len(),
            rep.game.outcome()
        );
        assert!(rep.game.record().len() > 4, "{variant}");
        assert_eq!(rep.engine_moves, rep.game.record().len(), "{variant}");
        assert!(
            rep.game.is_over() || rep.game.record().len() == 400,
            "{variant}"
        );
    }
}

#[test]
fn the_engine_plays_either_side_against_the_host() {
    for (variant, side) in [("goedhboell", Side::First), ("tawlbwrdd", Side::Second)] {
        let mut engines = [None, None];
        engines[side.index()] = Some(Engine::start(&["--nodes", "400"]));
        let rep = host_game(
            variant,
            engines,
            // No clock lines at all (an untimed game): each `play` waits
            // a moment for a clock, then thinks.
            &Script {
                max_plies: 120,
                ..Script::default()
            },
        );
        assert!(rep.engine_moves > 2, "{variant}");
    }
}

#[test]
fn an_error_and_a_wrong_view_are_recovered() {
    for side in [Side::First, Side::Second] {
        let mut engines = [None, None];
        engines[side.index()] = Some(Engine::start(&["--nodes", "300"]));
        let rep = host_game(
            "tallfwrdd",
            engines,
            &Script {
                refuse_at: Some(if side == Side::First { 4 } else { 5 }),
                mislead_at: Some(if side == Side::First { 7 } else { 8 }),
                main_ms: Some(600_000),
                // OpenTafl's host sends `clock` before `play`, the
                // protocol's text after: one each.
                clock_first: side == Side::Second,
                max_plies: 40,
            },
        );
        assert_eq!(rep.refused, 1);
        assert!(rep.engine_moves >= 10);
    }
}

#[test]
fn clocks_running_low() {
    // 1.5 s each for a whole game, the strength the clock gives (no node
    // budget): every move within the time left, and the game played out.
    let engines = [Some(Engine::start(&[])), Some(Engine::start(&[]))];
    let rep = host_game(
        "tallfwrdd",
        engines,
        &Script {
            main_ms: Some(1500),
            max_plies: 60,
            ..Script::default()
        },
    );
    assert_eq!(rep.engine_moves, rep.game.record().len());
    let spent: Duration = rep.slowest.iter().map(|(t, _)| *t).sum();
    let longest = rep.slowest.iter().map(|(t, _)| *t).max().unwrap();
    eprintln!(
        "clocks: {} moves in {spent:?} (longest {longest:?}); the last took {:?} of {:?}",
        rep.slowest.len(),
        rep.slowest.last().unwrap().0,
        rep.slowest.last().unwrap().1
    );
    assert!(spent < Duration::from_millis(3000), "{spent:?}");
    // The last moves, with little left, still take less than what is left.
    let (t, had) = *rep.slowest.last().unwrap();
    assert!(t < had, "{t:?} of {had:?}");
    // Almost nothing left: the engine still answers, in time.
    let mut e = Engine::start(&[]);
    let r = rules("tawlbwrdd");
    e.send(&rules_line(&r));
    for (ms, overtime) in [(120u64, ""), (40, ""), (300, "*")] {
        let t0 = Instant::now();
        e.send("play attackers");
        e.send(&format!("clock {ms}{overtime} 60000 0 0 0"));
        let line = e.next(Duration::from_secs(5));
        let took = t0.elapsed();
        assert!(line.starts_with("move "), "{line}");
        eprintln!("clocks: {ms}{overtime} ms left, answered in {took:?}");
        // The engine keeps a margin (a twentieth, at least 50 ms) for the
        // pipes; on a loaded test machine the pipes and process switches
        // take some of it, so 50 ms of slack here.
        assert!(
            took < Duration::from_millis(ms + 50),
            "{took:?} of {ms} ms\n{}",
            e.context()
        );
        // Not played: the host refuses nothing and asks again from the start.
        e.send(&format!("position {}", write_position(&r.start)));
    }
    e.goodbye();
}

#[test]
fn analysis_gives_lines_of_legal_moves() {
    let mut e = Engine::start(&["--nodes", "2000"]);
    let r = rules("tawlbwrdd");
    e.send(&rules_line(&r));
    // A position after a few moves, defenders to move.
    let mut g = Game::from_position(r.clone(), r.start.clone(), Side::First, 1).unwrap();
    for i in 0..3 {
        let m = host_move(&g, i);
        g.play(m).unwrap();
    }
    assert_eq!(g.turn(), Side::Second);
    e.send(&format!("position {}", write_position(g.board())));
    e.send("side defenders");
    e.send("clock 60000 60000 0 0 0");
    let t0 = Instant::now();
    e.send("analyze 3 2");
    let line = e.next(Duration::from_secs(5));
    assert!(t0.elapsed() < Duration::from_secs(2), "{:?}", t0.elapsed());
    let words: Vec<&str> = line.split(' ').collect();
    assert_eq!(words[0], "analysis", "{line}");
    let n: usize = words[1].parse().unwrap();
    assert!((1..=3).contains(&n), "{line}");
    assert_eq!(words.len(), 2 + 2 * n, "{line}");
    let mut firsts = Vec::new();
    for i in 0..n {
        let moves = words[2 + 2 * i];
        words[3 + 2 * i]
            .parse::<f64>()
            .unwrap_or_else(|_| panic!("evaluation {:?}", words[3 + 2 * i]));
        let mut line_game = g.clone();
        for m in moves.split('|') {
            play_text(&mut line_game, m).unwrap_or_else(|e| panic!("{m} in {moves}: {e:?}"));
        }
        firsts.push(moves.split('|').next().unwrap().to_string());
    }
    firsts.sort();
    firsts.dedup();
    assert_eq!(firsts.len(), n, "{line}");
    e.goodbye();
}

#[test]
fn rules_it_cannot_play_are_refused() {
    let mut e = Engine::start(&[]);
    let walker = rules("tawlbwrdd-walker");
    e.send(&rules_line(&walker));
    let l = e.next(Duration::from_secs(5));
    assert!(l.starts_with("error -1 ") && l.contains("line"), "{l}");
    e.send("rules dim:13 esc:e start:/13/13/13/13/13/13/13/13/13/13/13/13/13/");
    let l = e.next(Duration::from_secs(5));
    assert!(l.starts_with("error -1 ") && l.contains("13x13"), "{l}");
    e.send("play attackers");
    let l = e.next(Duration::from_secs(5));
    assert!(l.starts_with("error -1 "), "{l}");
    // Then good rules, and a game goes on.
    e.send(&rules_line(&rules("tallfwrdd")));
    e.send("play attackers");
    let l = e.next(Duration::from_secs(10));
    assert!(l.starts_with("move "), "{l}");
    e.goodbye();
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        vec!["--level", "9"],
        vec!["--nodes", "0"],
        vec!["--level", "2", "--nodes", "5"],
        vec!["--depth", "3"],
    ] {
        let out = Command::new(BIN)
            .arg("otep")
            .args(&args)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// A clock no host means (2^63 ms): the search is capped, and `goodbye`
/// during it ends the process at once. The bound is generous: this is a
/// liveness test (without the fix the search ran for good), not a speed one.
#[test]
fn goodbye_ends_a_long_search() {
    let absurd = "clock 9223372036854775807 9223372036854775807 0 0 0";
    for (setup, go) in [
        (absurd, "play attackers"),
        ("side attackers", "analyze 1 4294967295"),
    ] {
        let mut e = Engine::start(&[]);
        e.send(&rules_line(&rules("tawlbwrdd")));
        e.send(setup);
        e.send(go);
        // Let the search get going, then say goodbye (stdin stays open).
        std::thread::sleep(Duration::from_millis(300));
        e.send("goodbye");
        let t0 = Instant::now();
        let status = e.exits_within(Duration::from_secs(5));
        assert!(
            status.is_some_and(|s| s.success()),
            "{go}: no exit 5 s after goodbye ({status:?}, {:?})\n{}",
            t0.elapsed(),
            e.context()
        );
        // What it wrote: only protocol lines, and no answer to the search.
        while let Ok(l) = e.lines.try_recv() {
            assert!(l.starts_with("status "), "{go}: {l:?}");
        }
    }
}

/// A line of 200 KB (no line is that long in OTEP) is answered with an
/// `error 0` and skipped; the game goes on.
#[test]
fn an_overlong_line_is_skipped() {
    let mut e = Engine::start(&["--nodes", "200"]);
    let mut long = vec![b'a'; 200 * 1024];
    long.push(b'\n');
    e.send_bytes(&long);
    let l = e.next(Duration::from_secs(5));
    assert!(
        l.starts_with("error 0 ") && l.contains("204800 bytes"),
        "{l}\n{}",
        e.context()
    );
    let r = rules("tallfwrdd");
    e.send(&rules_line(&r));
    e.send("play attackers");
    let mut host = Game::new(r, 1);
    let l = e.next(Duration::from_secs(10));
    play_engine_move(&mut host, &l, &e);
    e.goodbye();
}

/// A line that is not UTF-8 is answered with an `error 0` and skipped; it
/// is not taken for the end of the input.
#[test]
fn a_line_that_is_not_text_is_answered() {
    let mut e = Engine::start(&["--nodes", "200"]);
    e.send_bytes(b"\xff\xfe\n");
    let l = e.next(Duration::from_secs(5));
    assert!(l.starts_with("error 0 ") && l.contains("not text"), "{l}");
    let r = rules("tallfwrdd");
    e.send(&rules_line(&r));
    e.send("play attackers");
    let mut host = Game::new(r, 1);
    let l = e.next(Duration::from_secs(10));
    play_engine_move(&mut host, &l, &e);
    e.goodbye();
}

#[test]
fn a_board_size_out_of_range_is_named() {
    let mut e = Engine::start(&[]);
    for dim in ["1000", "-1"] {
        e.send(&format!("rules dim:{dim} start:/9/9/9/9/9/9/9/9/9/"));
        let l = e.next(Duration::from_secs(5));
        assert!(
            l.starts_with("error -1 ") && l.contains("out of range") && l.contains(dim),
            "{l}"
        );
    }
    e.goodbye();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any rules string tawlbot prints for a game it plays over OTEP (any
    /// start reached by legal moves, either side first), `otep` reads back:
    /// the same game, start and first side.
    #[test]
    fn printed_rules_strings_read_back(v in 0usize..3, first_second in any::<bool>(), plies in 0usize..40, seed in any::<u64>()) {
        let id = ["tawlbwrdd", "tallfwrdd", "goedhboell"][v];
        let r = rules(id);
        let first = if first_second { Side::Second } else { Side::First };
        let mut g = Game::from_position(r.clone(), r.start.clone(), first, 1).unwrap();
        for i in 0..plies {
            // Stop short of a move that ends the game (no king, no start).
            let mut next = g.clone();
            next.play(host_move(&g, seed.wrapping_add(i as u64))).unwrap();
            if next.is_over() {
                break;
            }
            g = next;
        }
        let text = rules_string(&r, first, Some(g.board()));
        let mut s = Session::new(Strength::Nodes(10));
        let out = s.handle(&format!("rules {text}"));
        prop_assert!(out.iter().all(|a| matches!(a, Action::Log(_))), "{text}: {out:?}");
        let got = s.game().unwrap();
        prop_assert_eq!(got.rules().variant, id);
        prop_assert_eq!(got.board(), g.board());
        prop_assert_eq!(got.turn(), first);
    }
}
