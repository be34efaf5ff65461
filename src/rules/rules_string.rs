//! OTN rules strings as rules data: read key by key into a [`Ruleset`] with
//! the OTN defaults (OpenTafl's `RulesSerializer`), written back from one,
//! and two rulesets compared as games ([`same_game`]), not as text.
//!
//! Piece-type lists name `t` (an attacker's man), `T` (a defender's man) and
//! `K` (the king); the other letters of the spec (`c n m g`, `k`, `C N M G`)
//! are pieces no tawlbot game has: a list may name them (they change
//! nothing), a start position may not.

use std::collections::BTreeMap;

use super::board::{Board, Kind, Piece, Side, Square, MAX_SIDE};
use super::variants::{
    tafl_base, Escape, Family, KingCapture, Repetition, Ruleset, Shieldwall, SquareFlags,
};

/// Why an OTN rules string is no game tawlbot plays (the app words it:
/// `otn-rules-*` in `locales/*/notation.ftl`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// An entry that is not `key:value` (its first 30 characters).
    NotKeyValue(String),
    /// No `dim:N`.
    NoSize,
    /// No tafl game of tawlbot's on a board of this size.
    NoGame { dim: String },
    /// A rule no preset of tawlbot's has: the string's value of `key`
    /// (`None`: the string has no such entry), the nearest game and its value.
    Unsupported {
        key: String,
        theirs: Option<String>,
        nearest: &'static str,
        ours: Option<String>,
    },
    /// A rule tawlbot knows but cannot play (berserk moves, king jumps, a
    /// board past 13x13, commanders or knights in the start).
    Unplayable { key: String, value: String },
    /// A key OTN does not have.
    UnknownKey { key: String },
    /// A value the key does not take.
    BadValue { key: String, value: String },
}

/// The keys of a rules string in the order they are written and compared.
pub const KEYS: &[&str] = &[
    "esc", "surf", "tfr", "ka", "ks", "spd", "cor", "corh", "cors", "corp", "corre", "cen", "cenh",
    "cenhe", "cens", "cenp", "cenre", "afor", "aforh", "afors", "aforp", "aforre", "dfor", "dforh",
    "dfors", "dforp", "dforre", "sw", "swf", "efe", "linc",
];

/// Keys that are read and change nothing tawlbot plays: the name, who
/// moves first (a game's own side), and the jumps of pieces it has none of.
const INERT: &[&str] = &[
    "name", "atkf", "nj", "cj", "mj", "gj", "dim", "start", "starti",
];

/// The OTN default of a key (OpenTafl's `RulesSerializer.defaults`).
pub fn default_of(k: &str) -> &'static str {
    match k {
        "esc" => "c",
        "surf" | "atkf" | "ka" | "swf" => "y",
        "tfr" => "d",
        "ks" => "s",
        "kj" | "mj" | "gj" | "sw" | "efe" | "linc" | "ber" => "n",
        "nj" => "c",
        "cj" => "j",
        "spd" => "-1",
        "cor" | "cen" => "default",
        "corh" | "cenhe" | "cenp" | "aforp" | "dforp" | "afors" | "corre" | "cenre" | "aforre"
        | "dforre" => "tcnkmTCNKM",
        "cenh" | "dforh" => "tcnkm",
        "aforh" | "dfors" => "TCNKM",
        "corp" | "cors" | "cens" => "K",
        _ => "",
    }
}

/// A rules string as key/value pairs, in order (keys in lower case).
pub fn rules_pairs(s: &str) -> Result<Vec<(String, String)>, RulesError> {
    let mut out = Vec::new();
    for part in s.split_whitespace() {
        let Some((k, v)) = part.split_once(':') else {
            return Err(RulesError::NotKeyValue(part.chars().take(30).collect()));
        };
        out.push((k.to_ascii_lowercase(), v.to_string()));
    }
    if !out.iter().any(|(k, _)| k == "dim") {
        return Err(RulesError::NoSize);
    }
    Ok(out)
}

/// A rules string read as a game: the rules (with its start position as
/// the ruleset's start), who moves first, and the `name` it gives.
#[derive(Clone, Debug)]
pub struct ReadRules {
    pub rules: Ruleset,
    pub first: Side,
    pub name: Option<String>,
}

fn bad(k: &str, v: &str) -> RulesError {
    RulesError::BadValue {
        key: k.to_string(),
        value: v.chars().take(40).collect(),
    }
}

fn yes_no(k: &str, v: &str) -> Result<bool, RulesError> {
    match v {
        "y" => Ok(true),
        "n" => Ok(false),
        _ => Err(bad(k, v)),
    }
}

/// The types of a piece-type list: bit `ty` set for each of t, T, K named.
fn types(k: &str, v: &str) -> Result<u8, RulesError> {
    let mut out = 0u8;
    for c in v.chars() {
        match c {
            't' => out |= 1,
            'T' => out |= 2,
            'K' => out |= 4,
            'c' | 'n' | 'k' | 'm' | 'g' | 'C' | 'N' | 'M' | 'G' => {}
            _ => return Err(bad(k, v)),
        }
    }
    Ok(out)
}

fn square_of(dim: u8, s: &str) -> Option<Square> {
    let b = s.as_bytes();
    let file = b.first()?.to_ascii_lowercase().checked_sub(b'a')?;
    let rank: u8 = s.get(1..)?.parse().ok()?;
    (file < dim && rank >= 1 && rank <= dim)
        .then(|| Square::new(file, rank - 1))
        .flatten()
}

fn squares(k: &str, v: &str, dim: u8, default: Vec<Square>) -> Result<Vec<Square>, RulesError> {
    if v == "default" {
        return Ok(default);
    }
    v.split(',')
        .filter(|x| !x.is_empty())
        .map(|x| square_of(dim, x).ok_or_else(|| bad(k, v)))
        .collect()
}

/// An OTN position (rank 1 first; `inverted`: the top rank first).
pub fn board_from_otn(dim: u8, text: &str, inverted: bool) -> Result<Board, RulesError> {
    let key = if inverted { "starti" } else { "start" };
    let err = || bad(key, text);
    let rows: Vec<&str> = text.trim_matches('/').split('/').collect();
    if rows.len() != dim as usize {
        return Err(err());
    }
    let mut b = Board::empty(dim, dim);
    for (i, row) in rows.iter().enumerate() {
        let rank = if inverted { dim as usize - 1 - i } else { i } as u8;
        let mut file = 0u8;
        let mut run = 0u32;
        for c in row.chars().chain(std::iter::once('.')) {
            if let Some(d) = c.to_digit(10) {
                run = run * 10 + d;
                continue;
            }
            file = file
                .checked_add(u8::try_from(run).map_err(|_| err())?)
                .ok_or_else(err)?;
            run = 0;
            if c == '.' {
                break;
            }
            let p = match c {
                't' => Piece::new(Side::First, Kind::Man),
                'T' => Piece::new(Side::Second, Kind::Man),
                'K' => Piece::new(Side::Second, Kind::King),
                'k' | 'c' | 'n' | 'm' | 'g' | 'C' | 'N' | 'M' | 'G' => {
                    return Err(RulesError::Unplayable {
                        key: key.to_string(),
                        value: c.to_string(),
                    })
                }
                _ => return Err(err()),
            };
            if file >= dim {
                return Err(err());
            }
            b.set(Square::new(file, rank).ok_or_else(err)?, Some(p));
            file += 1;
        }
        if file != dim {
            return Err(err());
        }
    }
    Ok(b)
}

/// Reads an OTN rules string into rules data, key by key, every key left
/// out at its OTN default. The start position becomes the ruleset's start.
/// A key tawlbot cannot play, or does not know, is refused by name.
pub fn read_rules_string(text: &str) -> Result<ReadRules, RulesError> {
    let pairs = rules_pairs(text)?;
    let mut m: BTreeMap<&str, &str> = BTreeMap::new();
    for (k, v) in &pairs {
        let known = KEYS.contains(&k.as_str())
            || INERT.contains(&k.as_str())
            || ["kj", "ber"].contains(&k.as_str());
        if !known {
            return Err(RulesError::UnknownKey { key: k.clone() });
        }
        m.insert(k.as_str(), v.as_str());
    }
    let get = |k: &str| m.get(k).copied().unwrap_or_else(|| default_of(k));
    let dim_text = get("dim");
    let dim: u8 = dim_text.parse().map_err(|_| bad("dim", dim_text))?;
    if dim > MAX_SIDE {
        return Err(RulesError::Unplayable {
            key: "dim".into(),
            value: dim_text.into(),
        });
    }
    if dim < 3 {
        return Err(bad("dim", dim_text));
    }
    for k in ["kj", "ber"] {
        match get(k) {
            "n" => {}
            "r" | "j" | "c" | "m" => {
                return Err(RulesError::Unplayable {
                    key: k.into(),
                    value: get(k).into(),
                })
            }
            v => return Err(bad(k, v)),
        }
    }
    for k in ["nj", "cj", "mj", "gj"] {
        if !["n", "r", "j", "c"].contains(&get(k)) {
            return Err(bad(k, get(k)));
        }
    }
    let mut r = tafl_base(dim);
    r.variant = "custom";
    r.name = "OTN";
    r.start = match (m.get("start"), m.get("starti")) {
        (Some(s), _) => board_from_otn(dim, s, false)?,
        (None, Some(s)) => board_from_otn(dim, s, true)?,
        (None, None) => return Err(bad("start", "")),
    };
    let first = if yes_no("atkf", get("atkf"))? {
        Side::First
    } else {
        Side::Second
    };
    r.first = Some(Side::First);
    r.escape = match get("esc") {
        "c" => Escape::Corners,
        "e" => Escape::Edge,
        v => return Err(bad("esc", v)),
    };
    r.surround_loses = yes_no("surf", get("surf"))?;
    r.repetition = match get("tfr") {
        "w" => Repetition::Forbidden,
        "d" => Repetition::Draw,
        "l" => Repetition::MoverWins,
        "i" => Repetition::Ignored,
        v => return Err(bad("tfr", v)),
    };
    (r.king_hammer, r.king_anvil) = match get("ka") {
        "y" => (true, true),
        "n" => (false, false),
        "a" => (false, true),
        "h" => (true, false),
        v => return Err(bad("ka", v)),
    };
    r.king_capture = match get("ks") {
        "s" | "y" => KingCapture::Enclosure { edge_three: false },
        "m" => KingCapture::Enclosure { edge_three: true },
        "w" | "n" => KingCapture::Custodial,
        "c" => KingCapture::StrongAtThrone,
        v => return Err(bad("ks", v)),
    };
    r.speed = read_speed(get("spd"))?;
    r.shieldwall = match get("sw") {
        "n" => Shieldwall::None,
        "w" => Shieldwall::Weak,
        "s" => Shieldwall::Strong,
        v => return Err(bad("sw", v)),
    };
    r.shieldwall_flank = yes_no("swf", get("swf"))?;
    r.edge_fort = yes_no("efe", get("efe"))?;
    r.linnaean = yes_no("linc", get("linc"))?;
    let n = dim - 1;
    let sq = |f: u8, rk: u8| Square::new(f, rk).expect("on the board");
    let groups = [
        (
            "cen",
            "cenh",
            "cenhe",
            SquareFlags::THRONE,
            vec![sq(n / 2, n / 2)],
        ),
        (
            "cor",
            "corh",
            "corh",
            SquareFlags::CORNER,
            vec![sq(0, 0), sq(n, 0), sq(0, n), sq(n, n)],
        ),
        ("afor", "aforh", "aforh", SquareFlags::ATTACKER_FORT, vec![]),
        ("dfor", "dforh", "dforh", SquareFlags::DEFENDER_FORT, vec![]),
    ];
    for (key, hk, hek, kind, default) in groups {
        let list = squares(key, get(key), dim, default)?;
        let stop = types(&format!("{key}s"), get(&format!("{key}s")))?;
        let pass = types(&format!("{key}p"), get(&format!("{key}p")))?;
        let re = types(&format!("{key}re"), get(&format!("{key}re")))?;
        let hostile = types(hk, get(hk))?;
        let hostile_empty = types(hek, get(hek))?;
        for s in list {
            let mut f = kind;
            for ty in 0..3 {
                let bit = 1u8 << ty;
                if stop & bit == 0 {
                    f |= SquareFlags::no_stop(ty);
                }
                if pass & bit == 0 {
                    f |= SquareFlags::no_pass(ty);
                }
                if re & bit == 0 {
                    f |= SquareFlags::no_enter(ty);
                }
                if hostile & bit != 0 {
                    f |= SquareFlags::hostile_occupied(ty);
                }
                if hostile_empty & bit != 0 {
                    f |= SquareFlags::hostile_empty(ty);
                }
            }
            r.flags[s.idx()] = SquareFlags(f);
        }
    }
    r.throne = None;
    let r = canonical(r);
    Ok(ReadRules {
        rules: r,
        first,
        name: m.get("name").map(|n| n.replace('_', " ")),
    })
}

/// `spd`: one value for every piece, two (attackers, defenders), or one
/// per piece type in the spec's order (8: `tcnkTCNK`, 10: `tcnkmTCNKM`, 12:
/// `tcnkmgTCNKMG`). `-1` (or 0) is no limit.
fn read_speed(v: &str) -> Result<[u8; 3], RulesError> {
    let vals: Vec<i32> = v
        .split(',')
        .filter(|x| !x.is_empty())
        .map(|x| x.parse::<i32>().map_err(|_| bad("spd", v)))
        .collect::<Result<_, _>>()?;
    let one = |x: i32| -> Result<u8, RulesError> {
        match x {
            -1 | 0 => Ok(0),
            1..=255 => Ok(x as u8),
            _ => Err(bad("spd", v)),
        }
    };
    // Indices of t, T and K in each form.
    let (t, d, k) = match vals.len() {
        1 => (0, 0, 0),
        2 => (0, 1, 1),
        8 => (0, 4, 7),
        10 => (0, 5, 8),
        12 => (0, 6, 9),
        _ => return Err(bad("spd", v)),
    };
    Ok([one(vals[t])?, one(vals[d])?, one(vals[k])?])
}

/// The ruleset in its one form among all that play the same game: bits
/// that cannot matter are cleared, a speed no board can reach is no limit,
/// and the throne is the physical centre when it is a centre square.
pub fn canonical(mut r: Ruleset) -> Ruleset {
    let long = r.width.max(r.height).saturating_sub(1);
    for s in r.speed.iter_mut() {
        if *s >= long {
            *s = 0;
        }
    }
    let squares: Vec<Square> = r.start.squares().collect();
    for &sq in &squares {
        let mut f = r.flags(sq).0;
        for ty in 0..3 {
            // Nobody stops where he may not pass.
            if f & SquareFlags::no_pass(ty) != 0 {
                f |= SquareFlags::no_stop(ty);
                f &= !SquareFlags::no_enter(ty);
            }
            // The re-entry rule speaks of squares of a kind.
            if f & SquareFlags::KINDS == 0 {
                f &= !SquareFlags::no_enter(ty);
            }
        }
        // Who can ever stand here: those who may stop, and whoever starts here.
        let mut occupants = 0u8;
        for ty in 0..3 {
            if f & SquareFlags::no_stop(ty) == 0 {
                occupants |= 1 << ty;
            }
        }
        if let Some(p) = r.start.get(sq) {
            occupants |= 1 << super::variants::piece_type(p);
        }
        if occupants == 0 {
            f &= !(0b111 << 9);
        }
        if occupants == 0b100 {
            // Only the king stands here: he is no neighbour of his own, and
            // as an anvil he closes captures of attackers himself.
            f &= !SquareFlags::hostile_occupied(2);
            if r.king_anvil {
                f &= !SquareFlags::hostile_occupied(0);
            }
        }
        // A corner with no role is a plain square.
        let corner_role = r.escape == Escape::Corners || r.shieldwall == Shieldwall::Strong;
        if f == SquareFlags::CORNER && !corner_role {
            f = 0;
        }
        r.flags[sq.idx()] = SquareFlags(f);
    }
    if r.family == Family::Tafl {
        let centre = Square::new(r.width / 2, r.height / 2);
        r.throne = centre
            .filter(|&c| r.flags(c).has(SquareFlags::THRONE))
            .or_else(|| {
                squares
                    .iter()
                    .copied()
                    .find(|&s| r.flags(s).has(SquareFlags::THRONE))
            });
    }
    if r.king_capture == KingCapture::StrongAtThrone && r.throne.is_none() {
        r.king_capture = KingCapture::Custodial;
    }
    r
}

/// Whether two rulesets play the same game: their rules as data, in
/// canonical form, leaving aside names, notation, words, the start
/// position and who moves first (a game says those itself).
pub fn same_game(a: &Ruleset, b: &Ruleset) -> bool {
    let strip = |r: &Ruleset| {
        let mut r = canonical(r.clone());
        r.variant = "";
        r.name = "";
        r.options = Vec::new();
        r.notation = super::variants::Notation::Algebraic;
        r.words = tafl_base(3).words;
        r.start = Board::empty(r.width, r.height);
        r.first = None;
        r
    };
    strip(a) == strip(b)
}

fn letters(bits: u8) -> String {
    ["t", "T", "K"]
        .iter()
        .enumerate()
        .filter(|(i, _)| bits & (1 << i) != 0)
        .map(|(_, s)| *s)
        .collect()
}

fn algebraic(s: Square) -> String {
    format!("{}{}", (b'a' + s.file()) as char, s.rank() + 1)
}

/// Every key of a tafl ruleset with its value (the keys of [`KEYS`], in
/// canonical form: lists sorted, piece types in `tTK` order), written out
/// whatever the defaults.
pub fn key_map(r: &Ruleset) -> BTreeMap<&'static str, String> {
    let r = canonical(r.clone());
    let mut m = BTreeMap::new();
    m.insert(
        "esc",
        match r.escape {
            Escape::Edge => "e",
            _ => "c",
        }
        .to_string(),
    );
    let yn = |b: bool| if b { "y" } else { "n" }.to_string();
    m.insert("surf", yn(r.surround_loses));
    m.insert(
        "tfr",
        match r.repetition {
            Repetition::Forbidden => "w",
            Repetition::Draw => "d",
            Repetition::MoverWins => "l",
            Repetition::Ignored => "i",
        }
        .into(),
    );
    m.insert(
        "ka",
        match (r.king_hammer, r.king_anvil) {
            (true, true) => "y",
            (false, false) => "n",
            (false, true) => "a",
            (true, false) => "h",
        }
        .into(),
    );
    m.insert(
        "ks",
        match r.king_capture {
            KingCapture::Custodial => "w",
            KingCapture::Enclosure { edge_three: false } => "s",
            KingCapture::Enclosure { edge_three: true } => "m",
            KingCapture::StrongAtThrone => "c",
        }
        .into(),
    );
    let sp = |x: u8| if x == 0 { -1 } else { x as i32 };
    let [t, d, k] = r.speed;
    m.insert(
        "spd",
        if t == d && d == k {
            sp(t).to_string()
        } else {
            // The twelve-entry form, tcnkmgTCNKMG (OpenTafl reads the
            // two-entry form as no limit at all).
            let att = [t, t, t, t, t, t];
            let def = [d, d, d, k, d, d];
            att.iter()
                .chain(def.iter())
                .map(|&x| format!("{},", sp(x)))
                .collect()
        },
    );
    let groups = [
        ("cor", "corh", None, SquareFlags::CORNER),
        ("cen", "cenh", Some("cenhe"), SquareFlags::THRONE),
        ("afor", "aforh", None, SquareFlags::ATTACKER_FORT),
        ("dfor", "dforh", None, SquareFlags::DEFENDER_FORT),
    ];
    for (key, hk, hek, kind) in groups {
        let list: Vec<Square> = r
            .start
            .squares()
            .filter(|&s| r.flags(s).has(kind))
            .collect();
        let mut names: Vec<String> = list.iter().map(|&s| algebraic(s)).collect();
        names.sort();
        m.insert(key, names.iter().map(|n| format!("{n},")).collect());
        let Some(&first) = list.first() else {
            continue;
        };
        let f = r.flags(first);
        let bits = |g: &dyn Fn(usize) -> bool| -> u8 {
            (0..3).filter(|&ty| g(ty)).fold(0, |a, ty| a | (1 << ty))
        };
        let stop = bits(&|ty| f.stops(ty));
        let pass = bits(&|ty| f.passes(ty));
        let re = bits(&|ty| !f.has(SquareFlags::no_enter(ty)));
        let ho = bits(&|ty| f.hostile_to(ty, true));
        let he = bits(&|ty| f.hostile_to(ty, false));
        let short = |s: &str| -> &'static str {
            match s {
                "cor" => "cor",
                "cen" => "cen",
                "afor" => "afor",
                _ => "dfor",
            }
        };
        let k = short(key);
        let name = |suffix: &str| -> &'static str {
            KEYS.iter()
                .find(|x| x.strip_prefix(k) == Some(suffix))
                .copied()
                .unwrap_or("rule")
        };
        m.insert(name("s"), letters(stop));
        m.insert(name("p"), letters(pass));
        m.insert(name("re"), letters(re));
        match hek {
            Some(hek) => {
                m.insert(hk, letters(ho));
                m.insert(hek, letters(he));
            }
            None => {
                m.insert(hk, letters(he | ho));
            }
        }
    }
    m.insert(
        "sw",
        match r.shieldwall {
            Shieldwall::None => "n",
            Shieldwall::Weak => "w",
            Shieldwall::Strong => "s",
        }
        .into(),
    );
    m.insert("swf", yn(r.shieldwall_flank));
    m.insert("efe", yn(r.edge_fort));
    m.insert("linc", yn(r.linnaean));
    m
}

/// The keys of a tafl ruleset's rules string, every one written out (no
/// reliance on defaults), in the order of [`KEYS`], with `dim` first and
/// `atkf` (from `first`) after `esc`; the caller appends the start position.
pub fn write_keys(r: &Ruleset, first: Side) -> String {
    let m = key_map(r);
    let mut out = vec![format!("dim:{}", r.width.max(r.height))];
    for k in KEYS {
        if let Some(v) = m.get(k) {
            out.push(format!("{k}:{v}"));
        }
        if *k == "esc" {
            out.push(format!(
                "atkf:{}",
                if first == Side::First { "y" } else { "n" }
            ));
        }
    }
    out.join(" ")
}
