//! `tawlbot engine` (one search, one JSON line) and `tawlbot selfplay`
//! (engine against engine). Same option syntax and exit codes as `replay`.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::cli::{result_word, Exit, GameArgs};
use crate::domain::EndReason;
use crate::engine::{self, Limits, Score};
use crate::notation::{self, explain, format_played};
use crate::rules::{Family, Game, Move, Ruleset, Side};

const ENGINE_USAGE: &str =
    "usage: tawlbot engine --variant ID [--option OPT]... [--position ROWS --to-move SIDE]
                      [--first SIDE] [--seed N] (--level N | --nodes N | --depth N | --time-ms N)
                      [--] [MOVE]...";

const SELFPLAY_USAGE: &str =
    "usage: tawlbot selfplay --variant ID [--option OPT]... --attackers LEVEL --defenders LEVEL
                        (--white LEVEL --black LEVEL in gwyddbwyll) --games N [--seed N] [--alternate]";

fn number<T: std::str::FromStr>(flag: &str, v: Option<String>) -> Result<T, String> {
    let v = v.ok_or_else(|| format!("{flag} needs a value"))?;
    v.parse()
        .map_err(|_| format!("{flag} takes a whole number, not {v:?}"))
}

/// The moves of `line` from `game`, in home notation with captures (stops at
/// the first that does not apply, e.g. after a throw of the dice).
fn line_text(game: &Game, line: &[Move]) -> Vec<String> {
    let mut g = game.clone();
    let rules = game.rules();
    let mut out = Vec::new();
    for &m in line {
        match g.play(m) {
            Ok(p) => out.push(format_played(rules, p)),
            Err(_) => break,
        }
    }
    out
}

fn score_json(s: Score) -> Value {
    match s {
        Score::Points(p) => json!(p),
        other => json!(other.to_string()),
    }
}

/// `tawlbot engine`: searches the position after the moves, prints one JSON line.
pub fn engine(args: Vec<String>, out: &mut dyn Write) -> Exit {
    let mut ga = GameArgs::default();
    let mut limits: Vec<Limits> = Vec::new();
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let r: Result<(), String> = match a.as_str() {
            "--" => {
                ga.moves.extend(it.by_ref());
                break;
            }
            "-h" | "--help" => return Exit::Usage(ENGINE_USAGE.into()),
            "--level" => number::<u8>("--level", it.next()).and_then(|l| {
                if (1..=5).contains(&l) {
                    limits.push(Limits::level(l));
                    Ok(())
                } else {
                    Err(format!("--level is 1 to 5, not {l}"))
                }
            }),
            "--nodes" => number("--nodes", it.next()).map(|n| limits.push(Limits::nodes(n))),
            "--depth" => number::<u32>("--depth", it.next()).and_then(|d| {
                if (1..=64).contains(&d) {
                    limits.push(Limits::depth(d));
                    Ok(())
                } else {
                    Err(format!("--depth is 1 to 64, not {d}"))
                }
            }),
            "--time-ms" => number("--time-ms", it.next())
                .map(|ms| limits.push(Limits::time(Duration::from_millis(ms)))),
            f if f.starts_with("--") => match ga.take(f, &mut it) {
                Ok(true) => Ok(()),
                Ok(false) => Err(format!("unknown flag {f}")),
                Err(e) => Err(e),
            },
            _ => {
                ga.moves.push(a);
                Ok(())
            }
        };
        if let Err(e) = r {
            return Exit::Usage(format!("{e}\n{ENGINE_USAGE}"));
        }
    }
    if limits.len() != 1 {
        return Exit::Usage(format!(
            "give exactly one of --level, --nodes, --depth, --time-ms\n{ENGINE_USAGE}"
        ));
    }
    let limits = limits.remove(0);
    let crate::cli::Built {
        mut game,
        moves,
        ending,
    } = match ga.build() {
        Ok(x) => x,
        Err(e) => return e.exit(),
    };
    let fail = |out: &mut dyn Write, msg: String| {
        let _ = writeln!(out, "{}", json!({ "error": msg }));
        Exit::Refused
    };
    for m in &moves {
        if let Err(e) = notation::play_text(&mut game, m) {
            return fail(out, format!("{m}: {}", explain(game.rules(), &e)));
        }
    }
    if let Some(e) = ending.filter(|_| !game.is_over()) {
        e.apply(&mut game);
    }
    let t0 = Instant::now();
    let stop = AtomicBool::new(false);
    let Some(r) = engine::best_move(&game, &limits, game.seed(), &stop) else {
        let why = match game.outcome() {
            Some(o) => format!(
                "The game is over: {} ({}).",
                result_word(&game),
                EndReason::from(o.reason).as_str()
            ),
            None => "There is no move to search.".into(),
        };
        return fail(out, why);
    };
    let ms = t0.elapsed().as_millis() as u64;
    let pv = line_text(&game, &r.pv);
    let mv = line_text(&game, &[r.mv]).pop().unwrap_or_default();
    let line = json!({
        "move": mv,
        "score": score_json(r.score),
        "depth": r.depth,
        "nodes": r.nodes,
        "ms": ms,
        "pv": pv,
    });
    let _ = writeln!(out, "{line}");
    Exit::Ok
}

/// `tawlbot selfplay`: engine against engine, one JSON line per game and a summary.
pub fn selfplay(args: Vec<String>, out: &mut dyn Write) -> Exit {
    let mut ga = GameArgs::default();
    let mut levels: [Option<u8>; 2] = [None, None];
    let mut games: Option<u32> = None;
    let mut alternate = false;
    let mut it = args.into_iter();
    let mut side_flags: Vec<String> = Vec::new();
    while let Some(a) = it.next() {
        let r: Result<(), String> = match a.as_str() {
            "-h" | "--help" => return Exit::Usage(SELFPLAY_USAGE.into()),
            "--alternate" => {
                alternate = true;
                Ok(())
            }
            "--attackers" | "--white" | "--defenders" | "--black" => {
                let i = usize::from(matches!(a.as_str(), "--defenders" | "--black"));
                side_flags.push(a.clone());
                number::<u8>(&a, it.next()).and_then(|l| {
                    if (1..=5).contains(&l) {
                        levels[i] = Some(l);
                        Ok(())
                    } else {
                        Err(format!("{a} takes a level from 1 to 5, not {l}"))
                    }
                })
            }
            "--games" => number("--games", it.next()).map(|n| games = Some(n)),
            f if f.starts_with("--") => match ga.take(f, &mut it) {
                Ok(true) => Ok(()),
                Ok(false) => Err(format!("unknown flag {f}")),
                Err(e) => Err(e),
            },
            other => Err(format!("selfplay takes no moves ({other:?})")),
        };
        if let Err(e) = r {
            return Exit::Usage(format!("{e}\n{SELFPLAY_USAGE}"));
        }
    }
    let Some(variant) = ga.variant.clone() else {
        return Exit::Usage(format!("--variant is required\n{SELFPLAY_USAGE}"));
    };
    let rules = match Ruleset::from_spec(&variant, &ga.options) {
        Ok(r) => r,
        Err(e) => return Exit::Usage(e),
    };
    let tafl = rules.family == Family::Tafl;
    for f in &side_flags {
        let ok = if tafl {
            matches!(f.as_str(), "--attackers" | "--defenders")
        } else {
            matches!(f.as_str(), "--white" | "--black")
        };
        if !ok {
            let want = if tafl {
                "--attackers and --defenders"
            } else {
                "--white and --black"
            };
            return Exit::Usage(format!("{} uses {want}\n{SELFPLAY_USAGE}", rules.name));
        }
    }
    let (Some(l0), Some(l1)) = (levels[0], levels[1]) else {
        return Exit::Usage(format!(
            "a level for each side is required\n{SELFPLAY_USAGE}"
        ));
    };
    let Some(games) = games.filter(|&g| g > 0) else {
        return Exit::Usage(format!(
            "--games N (at least 1) is required\n{SELFPLAY_USAGE}"
        ));
    };
    let seed = ga.seed.unwrap_or(1);
    let mut wins = [0u32; 2];
    let mut draws = 0u32;
    // Points of the level first given (--attackers / --white) when sides alternate.
    let mut level_points = [0.0f64; 2];
    let stop = AtomicBool::new(false);
    for i in 0..games {
        let gseed = seed.wrapping_add(i as u64);
        let swap = alternate && i % 2 == 1;
        let lv = if swap { [l1, l0] } else { [l0, l1] };
        let game = engine::play_game(&rules, gseed, lv, 2000, &stop);
        let outcome = game.outcome();
        match outcome.and_then(|o| o.winner) {
            Some(w) => {
                wins[w.index()] += 1;
                // which entry of `levels` played side w in this game
                let k = if swap { 1 - w.index() } else { w.index() };
                level_points[k] += 1.0;
            }
            None => {
                draws += 1;
                level_points[0] += 0.5;
                level_points[1] += 0.5;
            }
        }
        let moves: Vec<String> = game
            .record()
            .iter()
            .map(|p| format_played(game.rules(), p))
            .collect();
        let line = json!({
            "game": i + 1,
            "seed": gseed,
            "first": rules.side_name(game.first()),
            rules.side_name(Side::First): lv[0],
            rules.side_name(Side::Second): lv[1],
            "result": result_word(&game),
            "reason": outcome.map(|o| EndReason::from(o.reason).as_str()).unwrap_or("unfinished"),
            "plies": game.record().len(),
            "moves": moves,
        });
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }
    let summary = json!({
        "summary": true,
        "variant": rules.spec(),
        "games": games,
        "seed": seed,
        "alternate": alternate,
        rules.side_name(Side::First): wins[0],
        rules.side_name(Side::Second): wins[1],
        "draws": draws,
        "level_scores": {
            format!("level {l0} ({})", if alternate { "first given".to_string() } else { rules.side_name(Side::First).to_string() }): level_points[0],
            format!("level {l1} ({})", if alternate { "second given".to_string() } else { rules.side_name(Side::Second).to_string() }): level_points[1],
        },
    });
    let _ = writeln!(out, "{summary}");
    Exit::Ok
}
