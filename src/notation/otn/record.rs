//! Game records out: tags, writing a game, a tawlbot record; and telling the
//! two record formats apart (reading is in `read.rs`).

use super::{
    as_tag, rules_string, threatens, write_move, write_position, EndReason, Game, Piece, Reason,
    Record, Side,
};

/// What an OTN record says besides the rules and the moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags {
    /// The tournament, if any.
    pub event: Option<String>,
    pub site: Option<String>,
    /// `YYYY.MM.DD` (a `YYYY-MM-DD` date is rewritten).
    pub date: Option<String>,
    pub round: Option<String>,
    /// The players by side (`[First, Second]`: attackers/white, defenders/black).
    pub players: [Option<String>; 2],
    /// OTN time control, in seconds: see [`time_control`].
    pub time_control: Option<String>,
    /// Further tags written as they are (e.g. `("rated", "no")`).
    pub extra: Vec<(String, String)>,
}

pub(super) fn clean(v: &str) -> String {
    v.chars()
        .map(|c| match c {
            '[' => '(',
            ']' => ')',
            '\n' | '\r' | '\t' => ' ',
            c => c,
        })
        .collect::<String>()
        .trim()
        .to_string()
}

/// The termination tag of an outcome (from the one table of reason names,
/// [`EndReason`]).
pub fn termination(reason: Reason) -> &'static str {
    EndReason::from(reason).otn_word().unwrap_or_default()
}

/// The reason a termination tag gives: its word, or tawlbot's stored word
/// (with spaces or underscores), else a guess from the words in it.
pub(super) fn reason_of(text: &str) -> Option<Reason> {
    let t = text.trim().to_ascii_lowercase().replace('_', " ");
    let known = EndReason::of_otn_word(&t)
        .or_else(|| EndReason::parse(&t.replace(' ', "_")).ok())
        .and_then(EndReason::rules_reason);
    if let Some(r) = known {
        return Some(r);
    }
    if t.contains("resign") {
        Some(Reason::Resignation)
    } else if t.contains("time") || t.contains("flag") {
        Some(Reason::Timeout)
    } else if t.contains("draw") || t.contains("agree") {
        Some(Reason::DrawAgreed)
    } else {
        None
    }
}

/// A date as OTN writes it: `2026-11-30` becomes `2026.11.30`.
pub fn otn_date(date: &str) -> String {
    date.trim().replace('-', ".")
}

pub(super) fn span_seconds(s: &str) -> Option<u64> {
    let s = s.trim();
    let cut = s.find(|c: char| !c.is_ascii_digit())?;
    let n: u64 = s[..cut].parse().ok()?;
    let unit = match &s[cut..] {
        "m" => 60,
        "h" => 3600,
        "d" => 86_400,
        "w" => 7 * 86_400,
        _ => return None,
    };
    n.checked_mul(unit)
}

/// A tawlbot time control (`3d`, `12h`, `bank:7d inc:1d cap:14d`, `none`)
/// as OpenTafl writes one, in seconds: `main overtime/periods increment` +
/// `i`. A time per move is one overtime period renewed each move
/// (`0 259200/1 0i`); a bank is main time plus increment (`604800 0/0
/// 86400i`; its cap has no place in OTN). `None` for no clock or a text it
/// cannot read.
pub fn time_control(tc: &str) -> Option<String> {
    let t = tc.trim().to_ascii_lowercase();
    if t.contains("bank") {
        let mut bank = None;
        let mut inc = Some(0);
        for part in t.split_whitespace() {
            let (k, v) = part.split_once([':', '=']).unwrap_or(("", part));
            let v = if v == "0" { Some(0) } else { span_seconds(v) };
            match k {
                "bank" => bank = v,
                "inc" | "increment" => inc = v,
                _ => {}
            }
        }
        return Some(format!("{} 0/0 {}i", bank?, inc?));
    }
    span_seconds(&t).map(|p| format!("0 {p}/1 0i"))
}

/// The `variant` tag of a game: tawlbot's id and options, and the seed when
/// the dice need it.
pub fn variant_tag(game: &Game) -> String {
    variant_tag_with(game, true)
}

/// [`variant_tag`], with the seed left out unless `seed` (a game still
/// played keeps its dice secret).
fn variant_tag_with(game: &Game, seed: bool) -> String {
    let r = game.rules();
    let mut s = r.spec();
    if r.dice && seed {
        s.push_str(&format!(" seed={}", game.seed()));
    }
    s
}

/// The whole game as an OTN game record.
pub fn write_game(game: &Game, tags: &Tags) -> String {
    write_game_with(game, tags, true)
}

/// [`write_game`]; the dice's seed is written only when `seed`.
pub fn write_game_with(game: &Game, tags: &Tags, seed: bool) -> String {
    let rules = game.rules();
    let mut out = String::new();
    let mut tag = |k: &str, v: &str| out.push_str(&format!("[{k}:{}]\n", clean(v)));
    for (k, v) in [
        ("event", &tags.event),
        ("site", &tags.site),
        ("date", &tags.date.as_deref().map(otn_date)),
        ("round", &tags.round),
        ("attackers", &tags.players[0]),
        ("defenders", &tags.players[1]),
        ("time-control", &tags.time_control),
    ] {
        if let Some(v) = v {
            tag(k, v);
        }
    }
    let result = match game.outcome() {
        None => "?",
        Some(o) => match o.winner {
            Some(Side::First) => "1",
            Some(Side::Second) => "-1",
            None => "0",
        },
    };
    tag("result", result);
    if let Some(o) = game.outcome() {
        tag("termination", termination(o.reason));
    }
    for (k, v) in &tags.extra {
        tag(&clean(k).replace([':', ' '], "-"), v);
    }
    tag("variant", &variant_tag_with(game, seed));
    if game.start() != &rules.start {
        tag("position", &write_position(game.start()));
    }
    tag(
        "rules",
        &rules_string(rules, game.first(), Some(game.start())),
    );
    out.push('\n');
    // The moves, with markers, replayed to know the board after each.
    let mut r = rules.clone();
    r.dice = false;
    let mut board = game.start().clone();
    let mut tokens: Vec<String> = Vec::new();
    let n = game.record().len();
    for (i, p) in game.record().iter().enumerate() {
        let captured: Vec<Piece> = p.captures.iter().filter_map(|&c| board.get(c)).collect();
        board.set(p.mv.from, None);
        board.set(p.mv.to, Some(p.piece));
        for c in &p.captures {
            board.set(*c, None);
        }
        let last = i + 1 == n;
        let marker = match game.outcome() {
            Some(o) if last && o.reason == Reason::KingCaptured => "++",
            Some(o) if last && o.reason == Reason::KingEscaped => "--",
            Some(_) if last => "",
            _ if threatens(&board, &r, p.side) => {
                if p.side == Side::First {
                    "+"
                } else {
                    "-"
                }
            }
            _ => "",
        };
        tokens.push(write_move(p, &captured, marker));
    }
    if let Some(o) = game.outcome() {
        if o.reason == Reason::Resignation && o.winner == Some(game.turn().other()) {
            tokens.push("---".into());
        }
    }
    for (i, pair) in tokens.chunks(2).enumerate() {
        out.push_str(&format!("{}. {}\n", i + 1, pair.join(" ")));
    }
    out
}

/// Which record format a text is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordFormat {
    /// tawlbot's own (`[Variant "tawlbwrdd"]`).
    Tawlbot,
    /// OTN (`[rules:dim:11 ...]`).
    Otn,
    Neither,
}

/// Tells tawlbot's records and OTN records apart by their first line that
/// is not empty or a `#` comment.
pub fn detect_format(text: &str) -> RecordFormat {
    let Some(line) = text
        .trim_start_matches('\u{feff}')
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
    else {
        return RecordFormat::Neither;
    };
    if as_tag(line).is_some() || line.starts_with("dim:") {
        return RecordFormat::Otn;
    }
    // `[Name "value"]`, or a broken header of that shape (which the
    // tawlbot reader then explains).
    if let Some((k, _)) = line
        .strip_prefix('[')
        .and_then(|l| l.split_once(char::is_whitespace))
    {
        if !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric()) {
            return RecordFormat::Tawlbot;
        }
    }
    RecordFormat::Neither
}

/// A tawlbot record (the headers `/export` writes: Variant, Options, Seed,
/// First, the players, Result, Reason) of a game, for tools and tests.
pub fn tawlbot_record(game: &Game, players: &[Option<String>; 2]) -> Record {
    let rules = game.rules();
    let mut headers = vec![
        ("Variant".to_string(), rules.variant.to_string()),
        ("Options".to_string(), rules.options.join(" ")),
        ("Seed".to_string(), game.seed().to_string()),
        (
            "First".to_string(),
            rules.side_name(game.first()).to_string(),
        ),
    ];
    for side in [Side::First, Side::Second] {
        if let Some(p) = &players[side.index()] {
            headers.push((
                crate::notation::cap(rules.side_name(side).into()),
                p.clone(),
            ));
        }
    }
    if game.start() != &rules.start {
        headers.push((
            "Position".into(),
            crate::notation::position_text(rules, game.start()),
        ));
    }
    let result = match game.outcome() {
        None => "ongoing",
        Some(o) => match o.winner {
            Some(s) => rules.side_name(s),
            None => "draw",
        },
    };
    headers.push(("Result".into(), result.into()));
    if let Some(o) = game.outcome() {
        headers.push(("Reason".into(), EndReason::from(o.reason).as_str().into()));
    }
    Record {
        headers,
        moves: game
            .record()
            .iter()
            .map(|p| crate::notation::format_played(rules, p))
            .collect(),
    }
}
