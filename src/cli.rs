//! Command-line doors into the rules: `tawlbot replay` (and `tawlbot render`).

use std::io::Write;

use serde::Serialize;

use crate::domain::EndReason;
use crate::notation::otn::{self, Ending, RecordFormat};
use crate::notation::{
    self, algebraic, board_rows, explain, format_played, format_square, parse_record, PlayError,
    Record,
};
use crate::rules::{Game, Reason, Ruleset, Side};

/// What a command-line run ended with.
pub enum Exit {
    Ok,
    Refused,
    Usage(String),
}

impl Exit {
    pub fn code(&self) -> i32 {
        match self {
            Exit::Ok => 0,
            Exit::Refused => 1,
            Exit::Usage(_) => 2,
        }
    }
}

/// The game options shared by `replay` and `render`.
#[derive(Default)]
pub struct GameArgs {
    pub variant: Option<String>,
    pub options: Vec<String>,
    pub position: Option<String>,
    pub to_move: Option<String>,
    pub first: Option<String>,
    pub seed: Option<u64>,
    pub record: Option<String>,
    pub moves: Vec<String>,
}

impl GameArgs {
    /// Takes one flag (and its value) if it is a game flag. Returns false if not.
    pub fn take(
        &mut self,
        flag: &str,
        it: &mut dyn Iterator<Item = String>,
    ) -> Result<bool, String> {
        let mut val = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
        match flag {
            "--variant" => self.variant = Some(val("--variant")?),
            "--option" => self.options.push(val("--option")?),
            "--position" => self.position = Some(val("--position")?),
            "--to-move" => self.to_move = Some(val("--to-move")?),
            "--first" => self.first = Some(val("--first")?),
            "--record" => self.record = Some(val("--record")?),
            "--seed" => {
                let v = val("--seed")?;
                self.seed = Some(
                    v.parse()
                        .map_err(|_| format!("--seed takes a whole number, not {v:?}"))?,
                );
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Builds the game (before the moves), the full move list, and how the
    /// record says the game ended when its moves do not show it.
    pub fn build(&self) -> Result<Built, BuildError> {
        let mut variant = self.variant.clone();
        let mut options = self.options.clone();
        let mut seed = self.seed;
        let mut first = self.first.clone();
        let mut position = self.position.clone();
        let mut to_move = self.to_move.clone();
        let mut moves = Vec::new();
        let mut ending = None;
        let usage = BuildError::Usage;
        if let Some(path) = &self.record {
            let text = std::fs::read_to_string(path)
                .map_err(|e| usage(format!("cannot read {path}: {e}")))?;
            match otn::detect_format(&text) {
                RecordFormat::Neither => {
                    return Err(BuildError::Unreadable(format!(
                        "{path} is neither a tawlbot record (header lines like [Variant \"tawlbwrdd\"]) nor an OTN game record (tag lines like [rules:dim:11 ...])."
                    )))
                }
                RecordFormat::Otn => {
                    if variant.is_some()
                        || !options.is_empty()
                        || position.is_some()
                        || to_move.is_some()
                        || first.is_some()
                    {
                        return Err(usage(format!(
                            "{path} is an OTN record: it gives the variant, the start and who moves first, so leave out --variant, --option, --position, --to-move and --first"
                        )));
                    }
                    let rec = otn::parse_game(&text)
                        .map_err(|e| BuildError::Unreadable(format!("{path}: {e}")))?;
                    let loaded = otn::load(&rec, seed.unwrap_or_else(clock_seed))
                        .map_err(|e| BuildError::Unreadable(format!("{path}: {e}")))?;
                    let mut moves = loaded.moves;
                    moves.extend(self.moves.iter().cloned());
                    return Ok(Built {
                        game: loaded.game,
                        moves,
                        ending: loaded.ending,
                    });
                }
                RecordFormat::Tawlbot => {}
            }
            let rec = parse_record(&text).map_err(|e| usage(format!("{path}: {e}")))?;
            variant = variant.or(rec.header("Variant").map(str::to_string));
            if options.is_empty() {
                if let Some(o) = rec.header("Options") {
                    options = o.split_whitespace().map(str::to_string).collect();
                }
            }
            if seed.is_none() {
                if let Some(s) = rec.header("Seed") {
                    seed =
                        Some(s.parse().map_err(|_| {
                            usage(format!("{path}: the Seed header is not a number"))
                        })?);
                }
            }
            first = first.or(rec.header("First").map(str::to_string));
            position = position.or(rec.header("Position").map(str::to_string));
            to_move = to_move.or(rec.header("ToMove").map(str::to_string));
            moves = rec.moves.clone();
            ending = record_ending(&rec, variant.as_deref(), &options);
        }
        moves.extend(self.moves.iter().cloned());
        let variant = variant.ok_or(usage("--variant is required (or --record)".into()))?;
        let rules = Ruleset::from_spec(&variant, &options).map_err(usage)?;
        let seed = seed.unwrap_or_else(clock_seed);
        let side = |s: &str| {
            rules.side_named(s).ok_or_else(|| {
                format!(
                    "{s:?} is not a side in {}: use {} or {}",
                    rules.name,
                    rules.side_name(Side::First),
                    rules.side_name(Side::Second)
                )
            })
        };
        let game = match position {
            Some(p) => {
                let tm = to_move.ok_or(usage("--position needs --to-move".into()))?;
                let tm = side(&tm).map_err(usage)?;
                let board = otn::read_position(&rules, &p).map_err(|e| usage(e.to_string()))?;
                Game::from_position(rules.clone(), board, tm, seed).map_err(usage)?
            }
            None => {
                if to_move.is_some() {
                    return Err(usage("--to-move needs --position".into()));
                }
                let f = first.as_deref().map(side).transpose().map_err(usage)?;
                Game::with_first(rules.clone(), seed, f)
            }
        };
        Ok(Built {
            game,
            moves,
            ending,
        })
    }
}

/// A game built from the command line, before its moves are played.
pub struct Built {
    pub game: Game,
    pub moves: Vec<String>,
    /// How the record says the game ended when the moves do not show it
    /// (a resignation, a loss on time, an agreed draw).
    pub ending: Option<Ending>,
}

/// Why the command line could not build a game.
pub enum BuildError {
    /// A usage error (exit 2).
    Usage(String),
    /// A record file that cannot be read as a record (exit 1).
    Unreadable(String),
}

impl BuildError {
    pub(crate) fn exit(self) -> Exit {
        match self {
            BuildError::Usage(m) => Exit::Usage(m),
            BuildError::Unreadable(m) => {
                eprintln!("{m}");
                Exit::Refused
            }
        }
    }
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

/// The ending a tawlbot record's Result and Reason headers give, when the
/// moves cannot show it.
fn record_ending(rec: &Record, variant: Option<&str>, options: &[String]) -> Option<Ending> {
    let rules = Ruleset::from_spec(variant?, options).ok()?;
    let winner = rec.header("Result").and_then(|r| rules.side_named(r));
    let reason = rec
        .header("Reason")
        .and_then(|r| EndReason::parse(r).ok())?;
    match (reason.rules_reason()?, winner) {
        (Reason::Resignation, Some(w)) => Some(Ending::Resign(Some(w.other()))),
        (Reason::Timeout, Some(w)) => Some(Ending::Timeout(w.other())),
        (Reason::DrawAgreed, _) => Some(Ending::Draw),
        _ => None,
    }
}

#[derive(Serialize)]
struct ErrorJson {
    index: usize,
    #[serde(rename = "move")]
    mv: String,
    message: String,
}

#[derive(Serialize)]
struct StateJson {
    variant: &'static str,
    board: Vec<String>,
    to_move: Option<&'static str>,
    result: &'static str,
    reason: Option<&'static str>,
    last: Option<String>,
    captured: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    legal: Option<Vec<String>>,
    error: Option<ErrorJson>,
}

pub use crate::rules::result_word;

fn state(game: &Game, legal: bool, error: Option<ErrorJson>) -> String {
    let rules = game.rules();
    let last = game.last();
    let mut legal_moves = legal.then(|| {
        game.legal_moves()
            .iter()
            .map(|m| format!("{}-{}", algebraic(m.from), algebraic(m.to)))
            .collect::<Vec<_>>()
    });
    if let Some(l) = legal_moves.as_mut() {
        l.sort();
    }
    let s = StateJson {
        variant: rules.variant,
        board: board_rows(rules, game.board()),
        to_move: game.to_move().map(|s| rules.side_name(s)),
        result: result_word(game),
        reason: game.outcome().map(|o| EndReason::from(o.reason).as_str()),
        last: last.map(|p| format_played(rules, p)),
        captured: last
            .map(|p| {
                p.captures
                    .iter()
                    .map(|&c| format_square(rules, c))
                    .collect()
            })
            .unwrap_or_default(),
        legal: legal_moves,
        error,
    };
    serde_json::to_string(&s).expect("plain data serializes")
}

const REPLAY_USAGE: &str =
    "usage: tawlbot replay --variant ID [--option OPT]... [--position ROWS|OTN --to-move SIDE]
                      [--first SIDE] [--seed N] [--record FILE] [--trace] [--legal] [--] [MOVE]...
       --record reads a tawlbot record (/export) or an OTN game record; --position takes
       tawlbot's rows (top rank first) or an OTN position (/rank1/rank2/.../)";

/// `tawlbot replay`: plays moves through the rules and prints JSON.
pub fn replay(args: Vec<String>, out: &mut dyn Write) -> Exit {
    let mut ga = GameArgs::default();
    let (mut trace, mut legal) = (false, false);
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--" => {
                ga.moves.extend(it.by_ref());
                break;
            }
            "--trace" => trace = true,
            "--legal" => legal = true,
            "-h" | "--help" => return Exit::Usage(REPLAY_USAGE.into()),
            f if f.starts_with("--") => match ga.take(f, &mut it) {
                Ok(true) => {}
                Ok(false) => return Exit::Usage(format!("unknown flag {f}\n{REPLAY_USAGE}")),
                Err(e) => return Exit::Usage(format!("{e}\n{REPLAY_USAGE}")),
            },
            _ => ga.moves.push(a),
        }
    }
    let Built {
        mut game,
        moves,
        ending,
    } = match ga.build() {
        Ok(x) => x,
        Err(e) => return e.exit(),
    };
    let mut emit = |line: String| {
        let _ = writeln!(out, "{line}");
    };
    if trace {
        emit(state(&game, legal, None));
    }
    for (i, m) in moves.iter().enumerate() {
        if let Err(e) = notation::play_text(&mut game, m) {
            let err = ErrorJson {
                index: i,
                mv: m.clone(),
                message: explain(game.rules(), &e),
            };
            emit(state(&game, legal, Some(err)));
            return Exit::Refused;
        }
        if trace {
            emit(state(&game, legal, None));
        }
    }
    if let Some(e) = ending.filter(|_| !game.is_over()) {
        e.apply(&mut game);
        if trace {
            emit(state(&game, legal, None));
        }
    }
    if !trace {
        emit(state(&game, legal, None));
    }
    Exit::Ok
}

const RENDER_USAGE: &str =
    "usage: tawlbot render --variant ID [--option OPT]... [--position ROWS|OTN --to-move SIDE]
                      [--theme NAME] [--show-moves SQUARE] [--gif] --out FILE [MOVE]...";

/// `tawlbot render`: writes the picture after the moves (or the GIF of them).
pub fn render(args: Vec<String>) -> Exit {
    let mut ga = GameArgs::default();
    let (mut theme, mut show, mut gif, mut out) = (String::from("light"), None, false, None);
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--" => {
                ga.moves.extend(it.by_ref());
                break;
            }
            "--gif" => gif = true,
            "--theme" | "--show-moves" | "--out" => {
                let Some(v) = it.next() else {
                    return Exit::Usage(format!("{a} needs a value\n{RENDER_USAGE}"));
                };
                match a.as_str() {
                    "--theme" => theme = v,
                    "--show-moves" => show = Some(v),
                    _ => out = Some(v),
                }
            }
            "-h" | "--help" => return Exit::Usage(RENDER_USAGE.into()),
            f if f.starts_with("--") => match ga.take(f, &mut it) {
                Ok(true) => {}
                Ok(false) => return Exit::Usage(format!("unknown flag {f}\n{RENDER_USAGE}")),
                Err(e) => return Exit::Usage(format!("{e}\n{RENDER_USAGE}")),
            },
            _ => ga.moves.push(a),
        }
    }
    let Some(out) = out else {
        return Exit::Usage(format!("--out FILE is required\n{RENDER_USAGE}"));
    };
    if crate::render::Theme::by_name(&theme).is_none() {
        return Exit::Usage(format!(
            "there is no theme {theme:?}: use one of {}",
            crate::render::Theme::names().join(", ")
        ));
    }
    let Built {
        mut game,
        moves,
        ending,
    } = match ga.build() {
        Ok(x) => x,
        Err(e) => return e.exit(),
    };
    let mut refused = None;
    for m in &moves {
        if let Err(e) = notation::play_text(&mut game, m) {
            refused = Some(format!("{m}: {}", explain(game.rules(), &e)));
            break;
        }
    }
    if let Some(e) = ending.filter(|_| refused.is_none()) {
        e.apply(&mut game);
    }
    let bytes = if gif {
        crate::app::presentation::picture::replay_gif(&game, &theme)
    } else {
        let dots: Vec<_> = match show.as_deref().map(|s| {
            notation::parse_move(&format!("{s} {s}"))
                .map_err(PlayError::Parse)
                .and_then(|t| notation::resolve_square(game.rules(), t.from))
        }) {
            None => Vec::new(),
            Some(Ok(sq)) => game.reach(sq).iter().map(|m| m.to).collect(),
            Some(Err(e)) => return Exit::Usage(explain(game.rules(), &e)),
        };
        let caption = crate::app::presentation::picture::caption(&game, ["", ""]);
        let rec = crate::notation::Record {
            headers: vec![
                ("Variant".into(), game.rules().variant.into()),
                ("Options".into(), game.rules().options.join(" ")),
                ("Seed".into(), game.seed().to_string()),
                ("First".into(), game.rules().side_name(game.first()).into()),
            ],
            moves: game
                .record()
                .iter()
                .map(|p| format_played(game.rules(), p))
                .collect(),
        };
        crate::app::presentation::picture::picture(&game, &dots, caption, &rec, &theme)
    };
    if let Err(e) = std::fs::write(&out, &bytes) {
        return Exit::Usage(format!("cannot write {out}: {e}"));
    }
    match refused {
        Some(r) => {
            eprintln!("refused {r}");
            Exit::Refused
        }
        None => Exit::Ok,
    }
}

/// `tawlbot migrate-db --from FILE --to postgres://...`: copies every
/// table of an SQLite database into an empty PostgreSQL database, then
/// compares the two table by table. Prints one line per table and a
/// closing line; exit 1 (with the reason) when anything fails.
pub fn migrate_db(args: Vec<String>, out: &mut dyn Write) -> Exit {
    let mut from = None;
    let mut to = None;
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--from" => from = it.next(),
            "--to" => to = it.next(),
            other => {
                return Exit::Usage(format!(
                    "migrate-db: unknown argument {other:?}\n\n{MIGRATE_DB_USAGE}"
                ))
            }
        }
    }
    let (Some(from), Some(to)) = (from, to) else {
        return Exit::Usage(format!(
            "migrate-db needs --from and --to\n\n{MIGRATE_DB_USAGE}"
        ));
    };
    if crate::store::is_postgres_url(&from) {
        return Exit::Usage(format!(
            "migrate-db copies from an SQLite file (--from) into PostgreSQL (--to); \
             {from:?} is a PostgreSQL URL\n\n{MIGRATE_DB_USAGE}"
        ));
    }
    if !crate::store::is_postgres_url(&to) {
        return Exit::Usage(format!(
            "migrate-db: --to must be a postgres:// URL\n\n{MIGRATE_DB_USAGE}"
        ));
    }
    if !std::path::Path::new(&from).exists() {
        eprintln!("migrate-db: there is no file {from}");
        return Exit::Refused;
    }
    match crate::store::dump::migrate_db(&from, &to) {
        Ok(report) => {
            for (table, n) in &report.tables {
                let _ = writeln!(out, "{table}: {n} rows");
            }
            for note in &report.notes {
                let _ = writeln!(out, "{note}");
            }
            let _ = writeln!(
                out,
                "copied {} rows in {} tables from {from} to {}; every table compared equal",
                report.rows(),
                report.tables.len(),
                crate::store::redact_url(&to)
            );
            Exit::Ok
        }
        Err(e) => {
            eprintln!("migrate-db: {e}");
            Exit::Refused
        }
    }
}

pub const MIGRATE_DB_USAGE: &str =
    "usage: tawlbot migrate-db --from tawlbot.db --to postgres://USER:PASSWORD@HOST:PORT/DATABASE";
