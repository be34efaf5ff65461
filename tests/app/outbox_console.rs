//! The outbox in the console: 300 games end together
//! on `:clock +2d`; the `tawlbot console` program writes to a slow reader
//! and is killed (`kill -9`) mid-print; a second console on the same
//! database prints what is left. Every ending is printed exactly once
//! (before the outbox, 85 of 150 were never printed).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::console_support;
use console_support::Session;

const GAMES: usize = 300;
const LOSS: &str = "ran out of time";

/// 300 games with a day per move, one per channel `gN` between players
/// `aN` and `bN` (a player may run 30 games at most), `bN` to move.
fn games(s: &Session) {
    let mut script = Vec::new();
    for g in 1..=GAMES {
        script.push(format!(
            "a{g}@g{g}: /challenge opponent:@b{g} variant:tawlbwrdd side:attackers time:1d"
        ));
        script.push(format!("b{g}@g{g}: /accept"));
        script.push(format!("a{g}@g{g}: e2-c2"));
    }
    let out = s.run(&script);
    assert!(!out.contains(LOSS), "{out}");
}

fn console(s: &Session, lines: &[&str]) -> std::process::Child {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tawlbot"))
        .args(["console", "--db", s.db.as_str(), "--out"])
        .arg(&s.out)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the tawlbot program starts");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(lines.join("\n").as_bytes()).unwrap();
    drop(stdin);
    child
}

/// How many endings each channel got, in `out`.
fn endings(out: &str) -> Vec<usize> {
    let mut n = vec![0; GAMES + 1];
    for l in out.lines().filter(|l| l.contains(LOSS)) {
        let ch = l.split('>').next().unwrap_or("");
        if let Some(g) = ch.strip_prefix('g').and_then(|g| g.parse::<usize>().ok()) {
            if g <= GAMES {
                n[g] += 1;
            }
        }
    }
    n
}

#[test]
fn a_console_killed_mid_print_loses_and_doubles_no_ending() {
    let s = Session::new();
    games(&s);
    // A slow reader: a line every 2 ms; the console waits on the pipe.
    let mut first = console(&s, &[":clock +2d"]);
    let mut reader = BufReader::new(first.stdout.take().unwrap());
    let mut a = String::new();
    let started = Instant::now();
    let mut line = String::new();
    while a.matches(LOSS).count() < 10 {
        line.clear();
        if reader.read_line(&mut line).unwrap() == 0 {
            break;
        }
        a.push_str(&line);
        std::thread::sleep(Duration::from_millis(2));
        assert!(started.elapsed() < Duration::from_secs(120), "{a}");
    }
    first.kill().unwrap();
    let _ = first.wait();
    // What it wrote before it died is still in the pipe.
    let mut rest = String::new();
    let _ = std::io::Read::read_to_string(&mut reader, &mut rest);
    a.push_str(&rest);
    let a = tawlbot::i18n::without_isolation(&a);
    let printed_first = a.matches(LOSS).count();
    // The second console, once the first one's leases on the outbox have
    // ended (wall clock).
    std::thread::sleep(Duration::from_secs(
        tawlbot::console::OUTBOX_LEASE as u64 + 1,
    ));
    let second = console(&s, &[":clock +1m"]);
    let out = second.wait_with_output().unwrap();
    let b = tawlbot::i18n::without_isolation(&String::from_utf8(out.stdout).unwrap());
    let counts = endings(&format!("{a}\n{b}"));
    let lost = counts[1..].iter().filter(|&&n| n == 0).count();
    let doubled: usize = counts[1..].iter().map(|&n| n.saturating_sub(1)).sum();
    eprintln!(
        "outbox e2e (console): {GAMES} endings, first console killed after printing \
         {printed_first}; lost {lost}, doubled {doubled}"
    );
    assert!(
        printed_first < GAMES,
        "the first console was not killed mid-print ({printed_first} printed)"
    );
    assert_eq!(lost, 0, "A:\n{a}\nB:\n{b}");
    // A terminal has no nonce: the one ending being printed when the kill
    // came (written, not yet marked) may be printed again, never more
    // (docs/scaling.md).
    assert!(doubled <= 1, "A:\n{a}\nB:\n{b}");
}
