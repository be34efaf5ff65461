//! `tawlbot match`: an engine-match host. Two engines (OTEP engines in
//! child processes, or tawlbot's own engine in this process) play a number
//! of games of one game of tawlbot's, refereed by tawlbot's rules, with
//! clocks, sides alternated and a seeded opening a pair of games; a line a
//! game with the running score, an OTN record a game, and a result with
//! the Elo difference and its 95% interval; optionally an SPRT stop.
//! See docs/engine.md, "Matches".
//!
//! - [`engine`]: the players (the host's side of OTEP; `tawlbot:L`).
//! - [`referee`]: one game.
//! - [`clock`]: the clocks and the `clock` line.
//! - [`openings`]: the seeded openings.
//! - [`stats`]: score, Elo, interval, SPRT.

pub mod clock;
pub mod engine;
pub mod openings;
pub mod referee;
pub mod stats;

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use crate::notation::otn::{self, Tags};
use crate::rules::{Board, Game, Ruleset, Side};

pub use clock::Control;
pub use engine::{EngineSpec, Kind, Waits};
pub use stats::{Sprt, Tally, Verdict};

pub const USAGE: &str = "usage: tawlbot match (--variant ID [--option OPT]... | --rules OTN-RULES)
                     --engine CMD [--name NAME] --engine CMD [--name NAME] --games N
                     [--movetime MS[,MS2] | --clock MAIN,PERIOD,PERIODS | --nodes N] [--jobs J]
                     [--seed S] [--opening-plies P] [--records DIR] [--sprt ELO0,ELO1]
                     [--margin MS] [--move-timeout S] [--hello-timeout S] [--engine-stderr]
  CMD: a command line that starts an OTEP engine (run by sh), or tawlbot:L (levels 1-5)
  for tawlbot's engine in this process; see docs/engine.md";

/// Where the games start.
#[derive(Clone, Debug)]
pub struct Start {
    pub rules: Ruleset,
    pub board: Board,
    /// The side to move first (`None`: the rules', or a coin toss from the
    /// pair's seed where the rules leave it open).
    pub first: Option<Side>,
}

/// A whole match, as the command line gives it.
#[derive(Clone, Debug)]
pub struct Config {
    pub start: Start,
    pub engines: [EngineSpec; 2],
    pub games: u32,
    pub controls: [Control; 2],
    pub nodes: Option<u64>,
    pub jobs: u32,
    pub seed: u64,
    pub opening_plies: u32,
    pub records: Option<PathBuf>,
    pub sprt: Option<Sprt>,
    pub waits: Waits,
    pub engine_stderr: bool,
}

fn number<T: std::str::FromStr>(flag: &str, v: Option<String>) -> Result<T, String> {
    let v = v.ok_or_else(|| format!("{flag} needs a value"))?;
    v.trim()
        .parse()
        .map_err(|_| format!("{flag} takes a whole number, not {v:?}"))
}

fn millis_list(flag: &str, v: Option<String>) -> Result<Vec<u64>, String> {
    let v = v.ok_or_else(|| format!("{flag} needs a value"))?;
    v.split(',')
        .map(|x| {
            x.trim()
                .parse::<u64>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("{flag} takes milliseconds above 0, not {v:?}"))
        })
        .collect()
}

impl Config {
    /// Reads the command line (after `match`).
    pub fn from_args(args: Vec<String>) -> Result<Config, String> {
        let mut variant: Option<String> = None;
        let mut options: Vec<String> = Vec::new();
        let mut rules_text: Option<String> = None;
        let mut engines: Vec<EngineSpec> = Vec::new();
        let mut games: Option<u32> = None;
        let mut movetime: Option<Vec<u64>> = None;
        let mut clock: Option<Vec<u64>> = None;
        let mut nodes: Option<u64> = None;
        let mut jobs = 1u32;
        let mut seed = 1u64;
        let mut plies = 2u32;
        let mut records = None;
        let mut sprt = None;
        let mut waits = Waits {
            hello: Duration::from_secs(20),
            untimed: referee::UNTIMED_WAIT,
            margin: Duration::from_millis(200),
        };
        let mut engine_stderr = false;
        let mut it = args.into_iter();
        while let Some(a) = it.next() {
            match a.as_str() {
                "--variant" => variant = Some(it.next().ok_or("--variant needs a value")?),
                "--option" => options.push(it.next().ok_or("--option needs a value")?),
                "--rules" => rules_text = Some(it.next().ok_or("--rules needs a value")?),
                "--engine" => {
                    let cmd = it.next().ok_or("--engine needs a value")?;
                    if engines.len() == 2 {
                        return Err("a match is between two engines: give --engine twice".into());
                    }
                    engines.push(EngineSpec::parse(&cmd)?);
                }
                "--name" => {
                    let n = it.next().ok_or("--name needs a value")?;
                    match engines.last_mut() {
                        Some(e) if !n.trim().is_empty() => e.name = n.trim().to_string(),
                        Some(_) => return Err("--name needs a name".into()),
                        None => return Err("--name names the --engine before it".into()),
                    }
                }
                "--games" => games = Some(number("--games", it.next())?),
                "--movetime" => {
                    let l = millis_list("--movetime", it.next())?;
                    if l.len() > 2 {
                        return Err("--movetime takes MS, or MS,MS2 (one for each engine)".into());
                    }
                    movetime = Some(l);
                }
                "--clock" => {
                    let v = it.next();
                    let text = v.clone().unwrap_or_default();
                    let l: Vec<u64> = text
                        .split(',')
                        .map(|x| x.trim().parse::<u64>())
                        .collect::<Result<_, _>>()
                        .map_err(|_| {
                            format!("--clock takes MAIN_MS,PERIOD_MS,PERIODS, not {text:?}")
                        })?;
                    if l.len() != 3 || l[0] + l[1] * l[2] == 0 || l[2] > u32::MAX as u64 {
                        return Err(format!(
                            "--clock takes MAIN_MS,PERIOD_MS,PERIODS (some time in all), not {text:?}"
                        ));
                    }
                    clock = Some(l);
                }
                "--nodes" => {
                    let n: u64 = number("--nodes", it.next())?;
                    if n == 0 {
                        return Err("--nodes takes a whole number above 0".into());
                    }
                    nodes = Some(n);
                }
                "--jobs" => {
                    jobs = number("--jobs", it.next())?;
                    if jobs == 0 {
                        return Err("--jobs takes a whole number above 0".into());
                    }
                }
                "--seed" => seed = number("--seed", it.next())?,
                "--opening-plies" => plies = number("--opening-plies", it.next())?,
                "--records" => {
                    records = Some(PathBuf::from(it.next().ok_or("--records needs a value")?))
                }
                "--sprt" => sprt = Some(Sprt::parse(&it.next().ok_or("--sprt needs a value")?)?),
                "--margin" => waits.margin = Duration::from_millis(number("--margin", it.next())?),
                "--move-timeout" => {
                    waits.untimed = Duration::from_secs(number("--move-timeout", it.next())?)
                }
                "--hello-timeout" => {
                    waits.hello = Duration::from_secs(number("--hello-timeout", it.next())?)
                }
                "--engine-stderr" => engine_stderr = true,
                other => return Err(format!("unknown argument {other:?}")),
            }
        }
        let start = match (variant, rules_text) {
            (Some(_), Some(_)) => return Err("give --variant or --rules, not both".into()),
            (None, None) => return Err("--variant ID or --rules OTN-RULES is required".into()),
            (Some(v), None) => {
                let rules = Ruleset::from_spec(&v, &options)?;
                Start {
                    board: rules.start.clone(),
                    rules,
                    first: None,
                }
            }
            (None, Some(r)) => {
                if !options.is_empty() {
                    return Err("--option goes with --variant, not --rules".into());
                }
                let s = otn::read_rules(&r).map_err(|e| format!("--rules: {e}"))?;
                Start {
                    rules: s.rules,
                    board: s.start,
                    first: Some(s.first),
                }
            }
        };
        let [a, b]: [EngineSpec; 2] = engines
            .try_into()
            .map_err(|_| "a match is between two engines: give --engine twice".to_string())?;
        let mut engines = [a, b];
        if engines[0].name == engines[1].name {
            engines[0].name.push_str("#1");
            engines[1].name.push_str("#2");
        }
        let games = games.ok_or("--games N is required")?;
        if games == 0 {
            return Err("--games takes a whole number above 0".into());
        }
        if [movetime.is_some(), clock.is_some(), nodes.is_some()]
            .iter()
            .filter(|&&x| x)
            .count()
            > 1
        {
            return Err("give at most one of --movetime, --clock and --nodes".into());
        }
        let controls = match (movetime, clock) {
            (Some(m), _) => [
                Control::per_move(m[0]),
                Control::per_move(*m.last().expect("one at least")),
            ],
            (None, Some(c)) => {
                let c = Control::Clock {
                    main_ms: c[0],
                    period_ms: c[1],
                    periods: c[2] as u32,
                };
                [c, c]
            }
            (None, None) => [Control::Untimed; 2],
        };
        if engines.iter().any(EngineSpec::is_otep) {
            if let Some(u) = otn::unsaid(&start.rules).first() {
                return Err(format!(
                    "{} cannot be told to an OTEP engine: an OTN rules string cannot say {u:?}; only tawlbot:L engines play it",
                    start.rules.name
                ));
            }
            if start.rules.dice {
                return Err(format!(
                    "{} with dice cannot be told to an OTEP engine; only tawlbot:L engines play it",
                    start.rules.name
                ));
            }
        }
        Ok(Config {
            start,
            engines,
            games,
            controls,
            nodes,
            jobs,
            seed,
            opening_plies: plies,
            records,
            sprt,
            waits,
            engine_stderr,
        })
    }

    /// The game of pair `pair` before its opening.
    fn pair_start(&self, pair: u32) -> Game {
        let seed = openings::pair_seed(self.seed, pair);
        let s = &self.start;
        let first = s.first.unwrap_or_else(|| Game::coin_toss(&s.rules, seed));
        Game::from_position(s.rules.clone(), s.board.clone(), first, seed)
            .unwrap_or_else(|_| Game::with_first(s.rules.clone(), seed, Some(first)))
    }

    /// Game `index`: pair `index / 2`, engine 0 on the first side in the
    /// pair's first game and on the second side in its second.
    fn deal(&self, index: u32) -> referee::Deal {
        let pair = index / 2;
        let start = self.pair_start(pair);
        let opening = openings::opening(
            &start,
            self.opening_plies,
            openings::pair_seed(self.seed, pair) ^ 0x09E4,
        );
        referee::Deal {
            index,
            pair,
            start,
            opening,
            seats: if index.is_multiple_of(2) {
                [0, 1]
            } else {
                [1, 0]
            },
        }
    }
}

/// How a match ended.
#[derive(Clone, Debug)]
pub struct Summary {
    /// The first engine's wins, draws and losses.
    pub tally: Tally,
    /// The SPRT's decision, if it stopped the match.
    pub verdict: Option<Verdict>,
}

/// A record's file name: `game-0007.otn`, numbered from 1.
pub fn record_name(index: u32) -> String {
    format!("game-{:04}.otn", index + 1)
}

fn record_text(cfg: &Config, r: &referee::Report) -> String {
    let name = |side: Side| cfg.engines[r.deal.seats[side.index()]].name.clone();
    let mut extra = vec![
        ("opening".to_string(), (r.deal.pair + 1).to_string()),
        (
            "match-time".to_string(),
            format!(
                "{}: {}; {}: {}",
                cfg.engines[0].name,
                cfg.controls[0].describe(),
                cfg.engines[1].name,
                cfg.controls[1].describe()
            ),
        ),
    ];
    if let Some(f) = &r.forfeit {
        extra.push(("match-ending".to_string(), f.clone()));
    }
    let tags = Tags {
        event: Some("tawlbot match".into()),
        round: Some((r.deal.index + 1).to_string()),
        players: [Some(name(Side::First)), Some(name(Side::Second))],
        extra,
        ..Tags::default()
    };
    otn::write_game(&r.game, &tags)
}

fn pct(score: f64) -> String {
    format!("{:.1}%", score * 100.0)
}

/// The closing line: `result: NAME1 W-D-L NAME2 (score S%, Elo D ± E)`.
pub fn result_line(names: [&str; 2], t: &Tally) -> String {
    let (score, elo) = match (t.score(), t.elo()) {
        (Some(s), Some((e, m))) => (
            pct(s),
            format!("{} ± {}", stats::elo_text(e), stats::margin_text(m)),
        ),
        _ => ("-".into(), "-".into()),
    };
    format!(
        "result: {} {}-{}-{} {} (score {score}, Elo {elo})",
        names[0], t.wins, t.draws, t.losses, names[1]
    )
}

/// Plays the match, printing a line a game as it ends, then the closing
/// lines. Err: a record could not be written (the match stops).
pub fn run(cfg: &Config, out: &mut dyn Write) -> Result<Summary, String> {
    if let Some(dir) = &cfg.records {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot make the records folder {}: {e}", dir.display()))?;
    }
    let names = [cfg.engines[0].name.as_str(), cfg.engines[1].name.as_str()];
    let time = if cfg.controls[0] == cfg.controls[1] {
        cfg.controls[0].describe()
    } else {
        format!(
            "{} {}, {} {}",
            names[0],
            cfg.controls[0].describe(),
            names[1],
            cfg.controls[1].describe()
        )
    };
    let nodes = cfg
        .nodes
        .map(|n| format!(", {n} nodes a move for tawlbot's engines"))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "match: {} v {}, {}, {} games ({} openings of {} random plies, seed {}), {time}{nodes}, {} at once",
        names[0],
        names[1],
        cfg.start.rules.name,
        cfg.games,
        cfg.games.div_ceil(2),
        cfg.opening_plies,
        cfg.seed,
        cfg.jobs
    );
    let _ = out.flush();
    let table = referee::Table {
        engines: &cfg.engines,
        controls: cfg.controls,
        nodes: cfg.nodes,
        waits: cfg.waits,
        stderr: cfg.engine_stderr,
    };
    let next = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    // Each report carries a way back: a worker deals itself its next game
    // only once its last one is counted (and the SPRT has looked at it).
    let (tx, rx) = mpsc::channel::<(referee::Report, mpsc::Sender<()>)>();
    let mut tally = Tally::default();
    // By engine 0's side: [as first side, as second side].
    let mut by_side = [Tally::default(); 2];
    let mut verdict: Option<(Verdict, u32)> = None;
    let mut failure: Option<String> = None;
    std::thread::scope(|s| {
        for _ in 0..cfg.jobs.min(cfg.games) {
            let tx = tx.clone();
            let (next, stop, table) = (&next, &stop, &table);
            s.spawn(move || {
                let mut kept: referee::Kept = [None, None];
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= cfg.games {
                        break;
                    }
                    let report = referee::play(table, cfg.deal(i), &mut kept);
                    let (ack_tx, ack_rx) = mpsc::channel();
                    if tx.send((report, ack_tx)).is_err() || ack_rx.recv().is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut done = 0u32;
        for (r, ack) in rx {
            done += 1;
            let points = match r.winner {
                Some(0) => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            tally.add(points);
            let zero_side = if r.deal.seats[0] == 0 { 0 } else { 1 };
            by_side[zero_side].add(points);
            let rules = r.game.rules();
            let side_name = |side: Side| rules.side_name(side);
            let outcome = match r.game.outcome().and_then(|o| o.winner) {
                Some(w) => format!("{} win", side_name(w)),
                None => "draw".into(),
            };
            let score = tally.score().unwrap_or(0.5);
            let _ = writeln!(
                out,
                "game {}/{}: {} ({}) v {} ({}): {outcome}, {}, {} plies; score {} {}-{}-{} {} ({})",
                r.deal.index + 1,
                cfg.games,
                names[r.deal.seats[0]],
                side_name(Side::First),
                names[r.deal.seats[1]],
                side_name(Side::Second),
                r.why,
                r.game.record().len(),
                names[0],
                tally.wins,
                tally.draws,
                tally.losses,
                names[1],
                pct(score)
            );
            let _ = out.flush();
            if let Some(dir) = &cfg.records {
                let path = dir.join(record_name(r.deal.index));
                if let Err(e) = std::fs::write(&path, record_text(cfg, &r)) {
                    failure.get_or_insert(format!("cannot write {}: {e}", path.display()));
                    stop.store(true, Ordering::Relaxed);
                }
            }
            if let (Some(sprt), None) = (cfg.sprt, verdict) {
                let v = sprt.verdict(&tally);
                if !matches!(v, Verdict::Continue(_)) {
                    verdict = Some((v, done));
                    stop.store(true, Ordering::Relaxed);
                }
            }
            let _ = ack.send(());
        }
    });
    let side_names = [
        cfg.start.rules.side_name(Side::First),
        cfg.start.rules.side_name(Side::Second),
    ];
    let _ = writeln!(
        out,
        "sides: {} as {} {}-{}-{}, as {} {}-{}-{}",
        names[0],
        side_names[0],
        by_side[0].wins,
        by_side[0].draws,
        by_side[0].losses,
        side_names[1],
        by_side[1].wins,
        by_side[1].draws,
        by_side[1].losses
    );
    if let Some(sprt) = cfg.sprt {
        let (lo, hi) = sprt.bounds();
        let h = format!(
            "H0: Elo {} against H1: Elo {}, alpha = beta = 0.05, LLR bounds {lo:.2} and {hi:.2}",
            sprt.elo0, sprt.elo1
        );
        let line = match verdict {
            Some((Verdict::H1(l), n)) => format!(
                "sprt: stopped after {n} games: LLR {l:.2} reached {hi:.2}, H1 accepted ({h})"
            ),
            Some((Verdict::H0(l), n)) => format!(
                "sprt: stopped after {n} games: LLR {l:.2} reached {lo:.2}, H0 accepted ({h})"
            ),
            _ => {
                let l = tally
                    .llr(sprt.elo0, sprt.elo1)
                    .map_or("-".to_string(), |l| format!("{l:.2}"));
                format!(
                    "sprt: no decision after {} games: LLR {l} ({h})",
                    tally.games()
                )
            }
        };
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(out, "{}", result_line(names, &tally));
    let _ = out.flush();
    match failure {
        Some(f) => Err(f),
        None => Ok(Summary {
            tally,
            verdict: verdict.map(|(v, _)| v),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &[&str]) -> Vec<String> {
        s.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn the_result_line() {
        let t = Tally {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        assert_eq!(
            result_line(["a", "b"], &t),
            "result: a 60-20-20 b (score 70.0%, Elo +147.2 ± 66.0)"
        );
    }

    #[test]
    fn command_lines() {
        let c = Config::from_args(args(&[
            "--variant",
            "tallfwrdd",
            "--engine",
            "tawlbot:1",
            "--engine",
            "tawlbot:1",
            "--games",
            "4",
            "--movetime",
            "100,300",
        ]))
        .unwrap();
        assert_eq!(c.engines[0].name, "tawlbot:1#1");
        assert_eq!(c.controls, [Control::per_move(100), Control::per_move(300)]);
        // Pairs share their start and opening, sides swapped.
        let (a, b, d) = (c.deal(0), c.deal(1), c.deal(2));
        assert_eq!(a.opening, b.opening);
        assert_eq!(a.seats, [0, 1]);
        assert_eq!(b.seats, [1, 0]);
        assert_ne!(a.opening, d.opening);
        for bad in [
            &[
                "--variant",
                "tallfwrdd",
                "--engine",
                "tawlbot:1",
                "--games",
                "2",
            ][..],
            &[
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
                "tawlbot:1",
                "--engine",
                "tawlbot:2",
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
                "--movetime",
                "10",
                "--nodes",
                "5",
            ][..],
            &[
                "--variant",
                "gwyddbwyll",
                "--engine",
                "tawlbot:1",
                "--engine",
                "./x otep",
                "--games",
                "2",
            ][..],
        ] {
            assert!(Config::from_args(args(bad)).is_err(), "{bad:?}");
        }
    }
}
