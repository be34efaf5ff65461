//! The differential run: tawlbot's rules against OpenTafl's, ply by ply.
//!
//! A by-hand tool (CI has no OpenTafl): it drives the probe that
//! `../shared/tools/opentafl/build.sh` builds onto OpenTafl's rules engine
//! (`OtProbe`: `rules`, `moves`, `play`, `reps`) over its standard input and
//! output, and plays the same games in tawlbot: random games and
//! capture-biased ones (a capturing move, when there is one, with the
//! chance `--bias`). At every ply it compares the legal moves, then the
//! move's captures, the position after it, the side to move and the result;
//! the first difference ends that game and is reported. See docs/rules.md,
//! "Checked against OpenTafl".
//!
//!     cargo run --example differential -- \
//!         --probe "java -cp $(cat /tmp/opentafl/classpath) com.manywords.softworks.tafl.engine.OtProbe" \
//!         --variant tallfwrdd --games 300 --seed 1 [--bias 0.5] [--max-plies 400] \
//!         [--rules "<OTN rules string>"] [--set tfr:w]... [--show 3]
//!
//! `--variant all` runs every tafl game tawlbot can write as an OTN rules
//! string (none with a rule OTN cannot say). The rules string sent is the
//! one tawlbot writes for the game (`otn::rules_string`), unless `--rules`
//! gives another; `--set key:value` replaces (or adds) one key of it. tawlbot's 100-move rule is switched off (OTN has none);
//! a game stops at `--max-plies` if neither side has won.
//!
//! Output: one line per variant with its counts, then the first `--show`
//! differences of each kind. Exit 0 when every game agreed on every ply, 1
//! when one did not, 2 on a usage error or a probe that fails.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use tawlbot::notation::algebraic;
use tawlbot::notation::otn::{self, rules_string, unsaid, write_position};
use tawlbot::rules::{Family, Game, Move, MoveError, Ruleset, Side, VARIANTS};

const USAGE: &str = "usage: differential --probe CMD --variant ID|all [--games N] [--seed S] [--bias P] [--max-plies N] [--rules STRING] [--set KEY:VALUE]... [--show N]";

struct Args {
    probe: String,
    variant: String,
    games: u32,
    seed: u64,
    bias: f64,
    max_plies: usize,
    rules: Option<String>,
    /// `--set key:value`: that key's value in the rules string written.
    set: Vec<String>,
    show: usize,
}

fn args() -> Result<Args, String> {
    let mut a = Args {
        probe: String::new(),
        variant: String::new(),
        games: 300,
        seed: 1,
        bias: 0.5,
        max_plies: 400,
        rules: None,
        set: Vec::new(),
        show: 3,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut val = || it.next().ok_or(format!("{flag} needs a value"));
        let num = |v: String| v.parse::<u64>().map_err(|_| format!("not a number: {v}"));
        match flag.as_str() {
            "--probe" => a.probe = val()?,
            "--variant" => a.variant = val()?,
            "--games" => a.games = num(val()?)? as u32,
            "--seed" => a.seed = num(val()?)?,
            "--max-plies" => a.max_plies = num(val()?)? as usize,
            "--show" => a.show = num(val()?)? as usize,
            "--rules" => a.rules = Some(val()?),
            "--set" => a.set.push(val()?),
            "--bias" => {
                let v = val()?;
                a.bias = v.parse().map_err(|_| format!("not a number: {v}"))?;
            }
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if a.probe.is_empty() || a.variant.is_empty() {
        return Err("--probe and --variant are needed".into());
    }
    Ok(a)
}

/// The probe, one question and one answer line at a time.
struct Probe {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Probe {
    fn start(cmd: &str) -> Result<Probe, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("exec {cmd}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start the probe: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        Ok(Probe {
            child,
            stdin,
            stdout,
        })
    }

    fn ask(&mut self, line: &str) -> Result<String, String> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("the probe stopped reading: {e}"))?;
        let mut answer = String::new();
        match self.stdout.read_line(&mut answer) {
            Ok(0) | Err(_) => Err(format!("the probe ended after {line:?}")),
            Ok(_) => Ok(answer.trim_end().to_string()),
        }
    }
}

impl Drop for Probe {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}

/// splitmix64: a seeded stream of numbers, the same on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, p: f64) -> bool {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }
}

fn simple(m: Move) -> String {
    format!("{}-{}", algebraic(m.from), algebraic(m.to))
}

/// OpenTafl's result codes as the probe writes them.
fn code(g: &Game) -> u8 {
    match g.outcome().map(|o| o.winner) {
        None => 0,
        Some(Some(Side::First)) => 2,
        Some(Some(Side::Second)) => 3,
        Some(None) => 4,
    }
}

fn side_word(s: Side) -> &'static str {
    match s {
        Side::First => "attackers",
        Side::Second => "defenders",
    }
}

/// What the games of one variant came to.
#[derive(Default)]
struct Counts {
    plies: u64,
    /// Games ended: [unfinished, -, attackers won, defenders won, drawn].
    results: [u64; 5],
    /// Moves into a third repetition: illegal in tawlbot, lost at once in
    /// OpenTafl (the same rule).
    repetition_losses: u64,
}

/// One difference: its kind (to count them) and what was seen.
struct Diff {
    kind: String,
    detail: String,
}

/// Plays one game on both sides. `Ok(None)`: they agreed on every ply;
/// `Ok(Some(diff))`: the first difference; `Err`: the probe failed.
fn one_game(
    probe: &mut Probe,
    rules: &Ruleset,
    text: &str,
    rng: &mut Rng,
    bias: f64,
    max_plies: usize,
    counts: &mut Counts,
) -> Result<Option<Diff>, String> {
    let start = otn::read_rules(text).map_err(|e| format!("tawlbot cannot read {text}: {e}"))?;
    let mut game = Game::from_position(rules.clone(), start.start.clone(), start.first, 1)?;
    let ok = probe.ask(&format!("rules {text}"))?;
    let Some(rest) = ok.strip_prefix("ok ") else {
        return Err(format!("the probe refused the rules: {ok}"));
    };
    let want = format!(
        "{} {}",
        write_position(game.board()),
        side_word(game.turn())
    );
    if rest != want {
        return Ok(Some(Diff {
            kind: "start".into(),
            detail: format!("OpenTafl {rest}, tawlbot {want}"),
        }));
    }
    let mut line: Vec<String> = Vec::new();
    // The last moves before a difference (the seed replays the whole game).
    let at = |line: &[String]| {
        let tail = &line[line.len().saturating_sub(8)..];
        format!("after {} plies (... {})", line.len(), tail.join(" "))
    };
    loop {
        let ours: Vec<Move> = game.legal_moves();
        let mut mine: Vec<String> = ours.iter().map(|&m| simple(m)).collect();
        mine.sort();
        let theirs = probe.ask("moves")?;
        let Some(list) = theirs.strip_prefix("moves") else {
            return Err(format!("the probe's moves: {theirs}"));
        };
        let mut theirs: Vec<String> = list.split_whitespace().map(str::to_string).collect();
        theirs.sort();
        theirs.dedup();
        if game.is_over() {
            counts.results[code(&game) as usize] += 1;
            // OpenTafl offers moves in a finished position; only the
            // result is compared (it was, with the move that ended it).
            return Ok(None);
        }
        if mine != theirs {
            let only_ours: Vec<&String> = mine.iter().filter(|m| !theirs.contains(m)).collect();
            let only_theirs: Vec<&String> = theirs.iter().filter(|m| !mine.contains(m)).collect();
            // What OpenTafl makes of a move only it offers (its result code
            // and its count of the position after it), and why tawlbot
            // refuses it.
            //
            // One kind is the same rule in two forms: a move that makes a
            // position occur the third time is illegal in tawlbot and, under
            // OpenTafl's `tfr:w`, legal but lost at once by the side making
            // it. Those are counted, not reported as differences.
            let mut tried = Vec::new();
            let mut same_rule = 0usize;
            let loss = if game.turn() == Side::First { "3" } else { "2" };
            for m in &only_theirs {
                let answer = probe.ask(&format!("try {m}"))?;
                let code = answer.split(' ').nth(1).unwrap_or("?").to_string();
                let why = tawlbot::notation::play_text(&mut game.clone(), m).err();
                let repetition = matches!(
                    why,
                    Some(tawlbot::notation::PlayError::Move(MoveError::Repetition))
                );
                if repetition && code == loss {
                    same_rule += 1;
                } else {
                    tried.push(format!("{m}: OpenTafl result {code}, tawlbot {why:?}"));
                }
            }
            if only_ours.is_empty() && same_rule == only_theirs.len() {
                counts.repetition_losses += same_rule as u64;
            } else {
                return Ok(Some(Diff {
                    kind: format!(
                        "legal moves ({} to move{})",
                        side_word(game.turn()),
                        if theirs.is_empty() {
                            ", OpenTafl none"
                        } else {
                            ""
                        }
                    ),
                    detail: format!(
                        "{}: only tawlbot {:?}, only OpenTafl {:?} [{}]; position {}",
                        at(&line),
                        only_ours,
                        only_theirs,
                        tried.join("; "),
                        write_position(game.board())
                    ),
                }));
            }
        }
        if game.record().len() >= max_plies {
            counts.results[0] += 1;
            return Ok(None);
        }
        // The move: a capture with the chance `bias` when there is one.
        let mut mv = ours[rng.below(ours.len())];
        if rng.chance(bias) {
            let captures: Vec<Move> = ours
                .iter()
                .copied()
                .filter(|&m| {
                    let mut g = game.clone();
                    g.play(m).is_ok_and(|p| !p.captures.is_empty())
                })
                .collect();
            if !captures.is_empty() {
                mv = captures[rng.below(captures.len())];
            }
        }
        let before = write_position(game.board());
        let played = game
            .play(mv)
            .map_err(|e| format!("tawlbot refused its own legal move {}: {e:?}", simple(mv)))?;
        let mut caps: Vec<String> = played.captures.iter().map(|&s| algebraic(s)).collect();
        caps.sort();
        let caps = if caps.is_empty() {
            "-".to_string()
        } else {
            caps.join(",")
        };
        line.push(simple(mv));
        counts.plies += 1;
        let answer = probe.ask(&format!("play {}", simple(mv)))?;
        let words: Vec<&str> = answer.split(' ').collect();
        if words.first() != Some(&"played") || words.len() != 5 {
            return Ok(Some(Diff {
                kind: "move refused by OpenTafl".into(),
                detail: format!("{}: {answer}", at(&line)),
            }));
        }
        let our_code = code(&game).to_string();
        let pos = write_position(game.board());
        let turn = side_word(game.turn());
        let checks = [
            ("captures", words[2], caps.as_str()),
            ("result", words[1], our_code.as_str()),
            ("position", words[3], pos.as_str()),
            ("side to move", words[4], turn),
        ];
        for (what, theirs, ours) in checks {
            // Once the game is over, the side to move means nothing.
            if what == "side to move" && game.is_over() {
                continue;
            }
            if theirs != ours {
                let why = game
                    .outcome()
                    .map(|o| format!(" ({:?})", o.reason))
                    .unwrap_or_default();
                return Ok(Some(Diff {
                    kind: format!(
                        "{what}{}",
                        if what == "result" {
                            why.clone()
                        } else {
                            String::new()
                        }
                    ),
                    detail: format!(
                        "{}: OpenTafl {theirs}, tawlbot {ours}{why}; position before {before}",
                        at(&line)
                    ),
                }));
            }
        }
    }
}

fn variants(which: &str) -> Result<Vec<Ruleset>, String> {
    if which != "all" {
        return Ok(vec![Ruleset::from_spec(which, &[])?]);
    }
    Ok(VARIANTS
        .iter()
        .filter_map(|v| Ruleset::from_spec(v.id, &[]).ok())
        .filter(|r| r.family == Family::Tafl && unsaid(r).is_empty())
        .collect())
}

fn main() {
    let a = match args() {
        Ok(a) => a,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("{e}");
            }
            eprintln!("{USAGE}");
            std::process::exit(2);
        }
    };
    let vs = match variants(&a.variant) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let mut all_agree = true;
    for mut rules in vs {
        rules.move_limit = u32::MAX;
        let mut text = a
            .rules
            .clone()
            .unwrap_or_else(|| rules_string(&rules, Side::First, None));
        for kv in &a.set {
            let key = kv.split(':').next().unwrap_or("");
            let mut words: Vec<String> = text
                .split_whitespace()
                .filter(|w| w.split(':').next() != Some(key))
                .map(str::to_string)
                .collect();
            let at = words
                .iter()
                .position(|w| w.starts_with("start"))
                .unwrap_or(words.len());
            words.insert(at, kv.clone());
            text = words.join(" ");
        }
        let mut probe = match Probe::start(&a.probe) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        };
        let mut rng = Rng(a.seed);
        let mut counts = Counts::default();
        let mut agreed = 0u32;
        let mut kinds: BTreeMap<String, Vec<(u32, String)>> = BTreeMap::new();
        let t0 = std::time::Instant::now();
        for n in 0..a.games {
            match one_game(
                &mut probe,
                &rules,
                &text,
                &mut rng,
                a.bias,
                a.max_plies,
                &mut counts,
            ) {
                Ok(None) => agreed += 1,
                Ok(Some(d)) => kinds.entry(d.kind).or_default().push((n, d.detail)),
                Err(e) => {
                    eprintln!("{}: game {n}: {e}", rules.variant);
                    std::process::exit(2);
                }
            }
        }
        println!(
            "{}: {} games, seed {}, bias {}: {} agreed on every ply, {} differed; {} plies; ended: {} attackers won, {} defenders won, {} drawn, {} unfinished at {} plies; {} moves into a third repetition (tawlbot: illegal, OpenTafl: lost at once); {:.1} s",
            rules.variant,
            a.games,
            a.seed,
            a.bias,
            agreed,
            a.games - agreed,
            counts.plies,
            counts.results[2],
            counts.results[3],
            counts.results[4],
            counts.results[0],
            a.max_plies,
            counts.repetition_losses,
            t0.elapsed().as_secs_f64()
        );
        println!("  rules {text}");
        for (kind, seen) in &kinds {
            println!("  {} games differ first in {kind}", seen.len());
            for (n, d) in seen.iter().take(a.show) {
                println!("    game {n}: {d}");
            }
        }
        if agreed < a.games {
            all_agree = false;
        }
    }
    std::process::exit(if all_agree { 0 } else { 1 });
}
