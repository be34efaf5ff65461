//! `tawlbot puzzles mine --db DB [--include-private] [--selfplay N] [--seed S]
//! [--out FILE]`: scans the finished public games of DB and N self-play
//! games per variant for
//! puzzles, proves them (`crate::puzzles`), and writes the set (default
//! `assets/puzzles.json`). See docs/puzzles.md.

use std::collections::HashSet;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::cli::Exit;
use crate::puzzles::{mine, Puzzle};
use crate::rules::{splitmix, Game, Ruleset};

pub const PUZZLES_USAGE: &str =
    "usage: tawlbot puzzles mine --db DB [--include-private] [--selfplay N] [--seed S] [--out FILE]
  scans the finished games of DB (a file, or a postgres:// URL; `none` for no
  database) on public servers (--include-private: private servers' and
  direct messages' games too) and N self-play games per variant (tawlbwrdd, tallfwrdd,
  goedhboell, gwyddbwyll; default 0) for positions where the side to move
  wins by force in at most 3 moves with only one first move doing it so
  fast, proves each by an exhaustive search, and writes them as JSON to FILE
  (default assets/puzzles.json). The same DB, N and S (default 1) give the
  same file. A database that cannot be read, or a run that finds nothing,
  leaves FILE as it was (exit 1).";

/// The seed the shipped set was mined with (docs/puzzles.md).
pub const DEFAULT_SEED: u64 = 1;

/// The variants self-play mines, with their options.
pub const SELFPLAY_VARIANTS: &[&str] = &["tawlbwrdd", "tallfwrdd", "goedhboell", "gwyddbwyll"];

/// The engine levels of self-play game `i` of variant `id`: level 2 on both
/// sides (weak enough to blunder) in the tafl games; in gwyddbwyll, where
/// two level-2 sides mostly draw by the 100-move rule, level 2 against level
/// 1, the weaker side changing every game.
pub fn selfplay_levels(id: &str, i: u64) -> [u8; 2] {
    match (id, i % 2) {
        ("gwyddbwyll", 0) => [2, 1],
        ("gwyddbwyll", _) => [1, 2],
        _ => [2, 2],
    }
}

/// At most this many puzzles from one game (they would look alike).
pub const PER_GAME: usize = 2;

/// The longest self-play game.
const MAX_PLIES: u32 = 300;

/// The self-play game seed of game `i` of variant `v` with seed `seed`.
pub fn game_seed(seed: u64, v: usize, i: u64) -> u64 {
    splitmix(seed ^ ((v as u64) << 40) ^ i.wrapping_mul(0x1_0001))
}

/// Puzzles from `n` self-play games of each variant, in a fixed order.
pub fn selfplay_puzzles(
    n: u64,
    seed: u64,
    seen: &mut HashSet<(String, String, String)>,
    log: &mut dyn FnMut(&str),
) -> Vec<Puzzle> {
    let stop = AtomicBool::new(false);
    let mut out = Vec::new();
    for (v, id) in SELFPLAY_VARIANTS.iter().enumerate() {
        let rules = Ruleset::from_spec(id, &[]).expect("a shipped variant");
        let before = out.len();
        for i in 0..n {
            let gs = game_seed(seed, v, i);
            let game =
                crate::engine::play_game(&rules, gs, selfplay_levels(id, i), MAX_PLIES, &stop);
            let name = format!("self-play {id} seed {seed} game {i}");
            out.extend(mine::mine([(&game, name)], PER_GAME, seen));
        }
        log(&format!(
            "{id}: {} puzzles from {n} games",
            out.len() - before
        ));
    }
    out
}

/// Puzzles from the finished games of a database, oldest game first: the
/// games of public servers only, unless `private` (private servers' and
/// direct messages' games, whose positions would then show on the web). A
/// game the database cannot give is an error (a damaged database mines
/// nothing rather than part of itself); a stored game the rules cannot
/// replay is skipped and counted in `log`.
pub fn archive_puzzles(
    db: &str,
    private: bool,
    seen: &mut HashSet<(String, String, String)>,
    log: &mut dyn FnMut(&str),
) -> Result<Vec<Puzzle>, String> {
    let store = crate::store::open(db).map_err(|e| format!("{db}: {e}"))?;
    let damaged = |e: crate::store::StoreError| {
        format!("{db}: the games cannot be read, so nothing was mined ({e})")
    };
    let mut ids = store.all_game_ids().map_err(damaged)?;
    ids.sort();
    let mut out = Vec::new();
    let (mut unplayable, mut left_private) = (0u32, 0u32);
    let mut public = std::collections::HashMap::new();
    for id in ids {
        let (row, moves) = match store.load_game(id) {
            Ok(Some(g)) => g,
            Ok(None) => continue,
            Err(e) => return Err(damaged(e)),
        };
        if !private {
            let open = match public.get(&row.server_id) {
                Some(&open) => open,
                None => {
                    let open = !row.server_id.is_dm()
                        && store.archive_public(&row.server_id).map_err(damaged)?;
                    public.insert(row.server_id.clone(), open);
                    open
                }
            };
            if !open {
                left_private += 1;
                continue;
            }
        }
        let Ok(game): Result<Game, String> = crate::app::replay_stored(&row, &moves) else {
            unplayable += 1;
            continue;
        };
        let name = format!("game {}", id.0);
        out.extend(mine::mine([(&game, name)], PER_GAME, seen));
    }
    if left_private > 0 {
        log(&format!(
            "archive: {left_private} games of private servers and direct messages left out \
             (--include-private mines them too)"
        ));
    }
    if unplayable > 0 {
        log(&format!(
            "archive: {unplayable} stored games cannot be replayed and were skipped \
             (tawlbot doctor --db {db} lists them)"
        ));
    }
    Ok(out)
}

/// The set as the file keeps it: one puzzle a line.
pub fn to_json(puzzles: &[Puzzle]) -> String {
    let lines: Vec<String> = puzzles
        .iter()
        .map(|p| serde_json::to_string(p).expect("a puzzle serialises"))
        .collect();
    format!("[\n{}\n]\n", lines.join(",\n"))
}

/// The set mined from a database (or none; its private games too when
/// `private`) and self-play.
pub fn mine_set(
    db: Option<&str>,
    private: bool,
    selfplay: u64,
    seed: u64,
    log: &mut dyn FnMut(&str),
) -> Result<Vec<Puzzle>, String> {
    let mut seen = HashSet::new();
    let mut all = match db {
        Some(db) => archive_puzzles(db, private, &mut seen, log)?,
        None => Vec::new(),
    };
    log(&format!("archive: {} puzzles", all.len()));
    all.extend(selfplay_puzzles(selfplay, seed, &mut seen, log));
    Ok(all)
}

/// `tawlbot puzzles ...`.
pub fn puzzles(args: Vec<String>, out: &mut dyn Write) -> Exit {
    let mut it = args.into_iter();
    match it.next().as_deref() {
        Some("mine") => {}
        _ => return Exit::Usage(PUZZLES_USAGE.into()),
    }
    let mut db: Option<String> = None;
    let mut selfplay = 0u64;
    let mut seed = DEFAULT_SEED;
    let mut file = "assets/puzzles.json".to_string();
    let mut private = false;
    while let Some(a) = it.next() {
        if a == "--include-private" {
            private = true;
            continue;
        }
        let value = it.next();
        let bad = |what: &str| Exit::Usage(format!("{a} {what}\n\n{PUZZLES_USAGE}"));
        match (a.as_str(), value) {
            ("--db", Some(v)) => db = Some(v),
            ("--selfplay", Some(v)) => match v.parse() {
                Ok(n) => selfplay = n,
                Err(_) => return bad("takes a whole number"),
            },
            ("--seed", Some(v)) => match v.parse() {
                Ok(n) => seed = n,
                Err(_) => return bad("takes a whole number"),
            },
            ("--out", Some(v)) => file = v,
            ("--db" | "--selfplay" | "--seed" | "--out", None) => return bad("needs a value"),
            _ => return Exit::Usage(format!("unknown argument {a:?}\n\n{PUZZLES_USAGE}")),
        }
    }
    let Some(db) = db else {
        return Exit::Usage(format!("--db is required\n\n{PUZZLES_USAGE}"));
    };
    let db = (db != "none").then_some(db);
    let t = Instant::now();
    let mut log = |s: &str| eprintln!("{s}");
    let set = match mine_set(db.as_deref(), private, selfplay, seed, &mut log) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}; {file} was left as it was");
            return Exit::Refused;
        }
    };
    // Nothing mined never replaces a set already there.
    if set.is_empty() && std::fs::metadata(&file).is_ok_and(|m| m.len() > 0) {
        eprintln!(
            "no puzzle was found, so {file} was left as it was (remove it first to write an empty set)"
        );
        return Exit::Refused;
    }
    if let Err(e) = std::fs::write(&file, to_json(&set)) {
        eprintln!("{file}: {e}");
        return Exit::Refused;
    }
    let _ = writeln!(
        out,
        "{} puzzles written to {file} in {:.1} s",
        set.len(),
        t.elapsed().as_secs_f64()
    );
    Exit::Ok
}
