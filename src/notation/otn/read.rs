//! Reading an OTN game record: its tags and move records, the game it
//! starts from, and the whole game replayed.

use super::{
    parse_position, read_move, reason_of, rules_pairs, ruleset_from_rules, validate, Game,
    MoveRecordError, OtnMove, PositionError, Problem, Reason, RulesError, Ruleset, Side, Tags,
};

/// An OTN game record as read: its tags in order and its move records.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OtnRecord {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
}

impl OtnRecord {
    /// A tag's value by name (case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

pub(super) fn as_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (k, v) = inner.split_once(':')?;
    let ok = !k.is_empty()
        && k.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    ok.then(|| (k.to_ascii_lowercase(), v.trim().to_string()))
}

/// Why an OTN game record cannot be read. The app words it
/// (`otn-record-*` in `locales/*/notation.ftl`); `Display` is that English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameRecordError {
    /// A token of over 40 characters on this line: `start` is its first 20.
    NotAMove { line: usize, start: String },
}

/// Reads an OTN game record: tags (and a bare rules string or position line,
/// which the spec also allows), then numbered move lines; comments in `[ ]`
/// are skipped. Errors name the line.
pub fn parse_game(text: &str) -> Result<OtnRecord, GameRecordError> {
    let mut rec = OtnRecord::default();
    let text = text.trim_start_matches('\u{feff}');
    let mut lines = text.lines().enumerate().peekable();
    while let Some(&(_, line)) = lines.peek() {
        let line = line.trim();
        if line.is_empty() {
            lines.next();
            continue;
        }
        if let Some(t) = as_tag(line) {
            rec.tags.push(t);
        } else if line.starts_with("dim:") {
            rec.tags.push(("rules".into(), line.to_string()));
        } else if line.starts_with('/') {
            rec.tags.push(("position".into(), line.to_string()));
        } else {
            break;
        }
        lines.next();
    }
    let mut depth = 0usize;
    for (n, line) in lines {
        let mut plain = String::new();
        for c in line.chars() {
            match c {
                '[' => depth += 1,
                ']' => depth = depth.saturating_sub(1),
                c if depth == 0 => plain.push(c),
                _ => {}
            }
        }
        for tok in plain.split_whitespace() {
            let tok = tok.trim_start_matches(|c: char| c.is_ascii_digit());
            let tok = tok.strip_prefix('.').unwrap_or(tok).trim_start_matches('.');
            if tok.is_empty() {
                continue;
            }
            if tok.len() > 40 {
                return Err(GameRecordError::NotAMove {
                    line: n + 1,
                    start: tok.chars().take(20).collect(),
                });
            }
            rec.moves.push(tok.to_string());
        }
    }
    Ok(rec)
}

/// How a game ended that its moves do not show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// This side resigned (`None`: the side to move, from `---`).
    Resign(Option<Side>),
    /// This side ran out of time.
    Timeout(Side),
    Draw,
}

impl Ending {
    /// Ends the game this way, if it is not over already.
    pub fn apply(self, game: &mut Game) {
        match self {
            Ending::Resign(Some(s)) => game.resign(s),
            Ending::Resign(None) => game.resign(game.turn()),
            Ending::Timeout(s) => game.time_out(s),
            Ending::Draw => game.agree_draw(),
        }
    }
}

/// An OTN record ready to play: the game at its start, the moves in
/// tawlbot's notation, and how it ended when the moves do not say.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub game: Game,
    pub moves: Vec<String>,
    pub ending: Option<Ending>,
    pub tags: Tags,
}

/// Why a read OTN record is no game to replay. The app words it (`Display`:
/// the English of `locales/en/notation.ftl`; `Variant` and `Start` carry
/// the rules' own sentence).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// The variant tag names a game with options it does not have.
    Variant(String),
    /// The seed in the variant tag is not a number.
    Seed(String),
    /// Neither a rules tag nor a variant tag.
    NoRules,
    Rules(RulesError),
    Position(PositionError),
    Problems(Vec<Problem>),
    /// The start position cannot be played from.
    Start(String),
    /// A move after `---`.
    AfterResign(String),
    Move(MoveRecordError),
}

impl From<RulesError> for LoadError {
    fn from(e: RulesError) -> Self {
        LoadError::Rules(e)
    }
}

impl From<PositionError> for LoadError {
    fn from(e: PositionError) -> Self {
        LoadError::Position(e)
    }
}

impl From<MoveRecordError> for LoadError {
    fn from(e: MoveRecordError) -> Self {
        LoadError::Move(e)
    }
}

/// Turns a read OTN record into a game to replay. `seed` is used where the
/// record has none (only dice games need one).
pub fn load(rec: &OtnRecord, seed: u64) -> Result<Loaded, LoadError> {
    let rules_text = rec.tag("rules");
    let mut seed = seed;
    let rules = match rec.tag("variant").and_then(|v| {
        let mut words = v.split_whitespace();
        let id = words.next()?;
        crate::rules::lookup(id).is_some().then(|| {
            (
                id.to_string(),
                words.map(str::to_string).collect::<Vec<_>>(),
            )
        })
    }) {
        Some((id, words)) => {
            let mut opts = Vec::new();
            for w in words {
                match w.strip_prefix("seed=") {
                    Some(s) => seed = s.parse().map_err(|_| LoadError::Seed(s.to_string()))?,
                    None => opts.push(w),
                }
            }
            Ruleset::from_spec(&id, &opts).map_err(LoadError::Variant)?
        }
        None => {
            let r = rules_text.ok_or(LoadError::NoRules)?;
            // Another program's record (no tawlbot variant tag) was played
            // by its rules string alone, and OTN has no move limit.
            let mut rules = ruleset_from_rules(r)?;
            rules.move_limit = u32::MAX;
            rules
        }
    };
    let pairs = match rules_text {
        Some(r) => rules_pairs(r)?,
        None => Vec::new(),
    };
    let get = |k: &str| pair(&pairs, k);
    let first = first_side(&pairs);
    let start = if let Some(p) = rec.tag("position") {
        Some(parse_position(&rules, p)?)
    } else if let Some(p) = get("start") {
        Some(parse_position(&rules, p)?)
    } else if let Some(p) = get("starti") {
        Some(parse_position(&rules, &format!("starti:{p}"))?)
    } else {
        None
    };
    let board = start.unwrap_or_else(|| rules.start.clone());
    let problems = validate(&rules, &board);
    if !problems.is_empty() {
        return Err(LoadError::Problems(problems));
    }
    let game = Game::from_position(rules.clone(), board, first, seed).map_err(LoadError::Start)?;
    let mut moves = Vec::new();
    let mut ending = None;
    for tok in &rec.moves {
        if ending.is_some() {
            return Err(LoadError::AfterResign(tok.clone()));
        }
        match read_move(tok)? {
            OtnMove::Move(m) => moves.push(m),
            OtnMove::Resign => ending = Some(Ending::Resign(None)),
        }
    }
    let winner = match rec.tag("result").map(str::trim) {
        Some("1") => Some(Side::First),
        Some("-1") => Some(Side::Second),
        _ => None,
    };
    if ending.is_none() {
        ending = match (rec.tag("termination").and_then(reason_of), winner) {
            (Some(Reason::Resignation), Some(w)) => Some(Ending::Resign(Some(w.other()))),
            (Some(Reason::Timeout), Some(w)) => Some(Ending::Timeout(w.other())),
            (Some(Reason::DrawAgreed), _) => Some(Ending::Draw),
            _ => None,
        };
    }
    let tag = |k: &str| rec.tag(k).map(str::to_string);
    let known = [
        "event",
        "site",
        "date",
        "round",
        "attackers",
        "defenders",
        "time-control",
        "result",
        "termination",
        "variant",
        "position",
        "rules",
    ];
    let tags = Tags {
        event: tag("event"),
        site: tag("site"),
        date: tag("date"),
        round: tag("round"),
        players: [tag("attackers"), tag("defenders")],
        time_control: tag("time-control"),
        extra: rec
            .tags
            .iter()
            .filter(|(k, _)| !known.contains(&k.as_str()))
            .cloned()
            .collect(),
    };
    Ok(Loaded {
        game,
        moves,
        ending,
        tags,
    })
}

/// Why an OTN game record cannot be replayed. `Display`: the English of
/// `locales/en/notation.ftl`.
#[derive(Clone, Debug)]
pub enum ReadGameError {
    Record(GameRecordError),
    Load(LoadError),
    /// Move `number` (from 1), written `text`, refused in this game.
    Move {
        number: usize,
        text: String,
        rules: Box<Ruleset>,
        error: crate::notation::PlayError,
    },
}

/// Reads an OTN game record and plays it through: the finished (or
/// current) game and its tags. The error names the move that failed.
pub fn read_game(text: &str, seed: u64) -> Result<(Game, Tags), ReadGameError> {
    let rec = parse_game(text).map_err(ReadGameError::Record)?;
    let l = load(&rec, seed).map_err(ReadGameError::Load)?;
    let mut game = l.game;
    for (i, m) in l.moves.iter().enumerate() {
        if let Err(e) = crate::notation::play_text(&mut game, m) {
            return Err(ReadGameError::Move {
                number: i + 1,
                text: m.clone(),
                rules: Box::new(game.rules().clone()),
                error: e,
            });
        }
    }
    if let Some(e) = l.ending {
        e.apply(&mut game);
    }
    Ok((game, l.tags))
}

/// A game as an OTN rules string alone sets it up (an OTEP host's `rules`
/// line): the tawlbot game it describes, its start (`start:` or `starti:`,
/// else the game's own) and who moves first (`atkf`).
#[derive(Clone, Debug)]
pub struct RulesStart {
    pub rules: Ruleset,
    pub start: crate::rules::Board,
    pub first: Side,
}

/// The value of key `k` in a rules string's pairs.
fn pair<'a>(pairs: &'a [(String, String)], k: &str) -> Option<&'a str> {
    pairs
        .iter()
        .find(|(key, _)| key == k)
        .map(|(_, v)| v.as_str())
}

/// Who moves first by a rules string's `atkf` (attackers first unless
/// `atkf:n`).
fn first_side(pairs: &[(String, String)]) -> Side {
    match pair(pairs, "atkf") {
        Some("n") => Side::Second,
        _ => Side::First,
    }
}

/// Reads an OTN rules string into the game it starts: the rules matched as
/// [`ruleset_from_rules`] does, the start position read and checked with
/// [`validate`].
pub fn read_rules(text: &str) -> Result<RulesStart, LoadError> {
    let rules = ruleset_from_rules(text)?;
    let pairs = rules_pairs(text)?;
    let get = |k: &str| pair(&pairs, k);
    let first = first_side(&pairs);
    let start = if let Some(p) = get("start") {
        parse_position(&rules, p)?
    } else if let Some(p) = get("starti") {
        parse_position(&rules, &format!("starti:{p}"))?
    } else {
        rules.start.clone()
    };
    let problems = validate(&rules, &start);
    if !problems.is_empty() {
        return Err(LoadError::Problems(problems));
    }
    Ok(RulesStart {
        rules,
        start,
        first,
    })
}
