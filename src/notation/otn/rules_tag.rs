//! The OTN rules string: written from a ruleset, read back into one.

use super::{
    algebraic, write_position, BTreeMap, Board, Escape, Family, KingCapture, Ruleset, Side, Square,
    SquareFlags,
};

pub(super) fn pieces_list(king_only: bool) -> &'static str {
    if king_only {
        "K"
    } else {
        "tTK"
    }
}

pub(super) fn square_list(v: &[Square]) -> String {
    v.iter().map(|&s| algebraic(s) + ",").collect()
}

/// The OTN rules string of a ruleset with `first` to move first, its start
/// position the given board (`None`: the variant's start). Every key is
/// written out (no reliance on defaults).
pub fn rules_string(rules: &Ruleset, first: Side, start: Option<&Board>) -> String {
    let mut out: Vec<String> = Vec::new();
    out.push(format!("dim:{}", rules.width.max(rules.height)));
    if rules.family == Family::Tafl {
        out.push(format!(
            "esc:{}",
            if rules.escape == Escape::Edge {
                "e"
            } else {
                "c"
            }
        ));
    }
    out.push(format!(
        "atkf:{}",
        if first == Side::First { "y" } else { "n" }
    ));
    out.push("tfr:l".into());
    if rules.family == Family::Tafl {
        out.push(format!("ka:{}", if rules.king_armed { "y" } else { "n" }));
        out.push(format!(
            "ks:{}",
            match rules.king_capture {
                KingCapture::Custodial => "w",
                KingCapture::Enclosure { edge_three: false } => "s",
                KingCapture::Enclosure { edge_three: true } => "m",
            }
        ));
    }
    out.push(format!(
        "spd:{}",
        if rules.man_steps && rules.king_steps {
            "1"
        } else if rules.man_steps {
            "1,1"
        } else {
            "-1"
        }
    ));
    out.push("surf:n".into());
    // Corners.
    let corners: Vec<Square> = rules
        .start
        .squares()
        .filter(|&s| rules.flags(s).has(SquareFlags::CORNER))
        .collect();
    out.push(format!("cor:{}", square_list(&corners)));
    if let Some(&c) = corners.first() {
        let f = rules.flags(c);
        let hostile = f.has(SquareFlags::HOSTILE_EMPTY) || f.has(SquareFlags::HOSTILE_ALWAYS);
        out.push(format!("corh:{}", if hostile { "tTK" } else { "" }));
        out.push(format!(
            "cors:{}",
            pieces_list(f.has(SquareFlags::RESTRICTED))
        ));
        out.push(format!("corp:{}", pieces_list(f.has(SquareFlags::NO_PASS))));
    }
    // The centre.
    match rules.throne {
        Some(t) if rules.family == Family::Tafl => {
            let f = rules.flags(t);
            out.push(format!("cen:{},", algebraic(t)));
            out.push(format!(
                "cenh:{}",
                if f.has(SquareFlags::HOSTILE_ALWAYS) {
                    "tT"
                } else {
                    ""
                }
            ));
            let mut he = String::new();
            if f.has(SquareFlags::HOSTILE_EMPTY) {
                he.push_str("tT");
            }
            if f.has(SquareFlags::HOSTILE_EMPTY)
                || matches!(rules.king_capture, KingCapture::Enclosure { .. })
            {
                he.push('K');
            }
            out.push(format!("cenhe:{he}"));
            out.push(format!(
                "cens:{}",
                pieces_list(f.has(SquareFlags::RESTRICTED))
            ));
            out.push(format!("cenp:{}", pieces_list(f.has(SquareFlags::NO_PASS))));
        }
        _ => out.push("cen:".into()),
    }
    out.push(format!(
        "start:{}",
        write_position(start.unwrap_or(&rules.start))
    ));
    out.join(" ")
}

/// Why an OTN rules string is no tawlbot game. The app words it
/// (`otn-rules-*` in `locales/*/notation.ftl`); `Display` is that English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// An entry that is not `key:value` (its first 30 characters).
    NotKeyValue(String),
    /// No `dim:N`.
    NoSize,
    /// No tafl game of tawlbot's on a board of this size.
    NoGame { dim: String },
    /// A rule no tawlbot game has: the record's value of `key` (`None`: the
    /// record has no such entry), the nearest game and its value.
    Unsupported {
        key: String,
        theirs: Option<String>,
        nearest: &'static str,
        ours: Option<String>,
    },
}

/// A rules string as key/value pairs, in order.
pub(super) fn rules_pairs(s: &str) -> Result<Vec<(String, String)>, RulesError> {
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

/// Keys compared when a record's rules are matched to a tawlbot game.
pub(super) const DECIDING: &[&str] = &[
    "esc", "ka", "ks", "spd", "cor", "cen", "corh", "cenh", "cenhe", "cors", "cens", "corp",
    "cenp", "sw", "efe", "ber", "linc", "kj",
];

pub(super) fn default_of(k: &str) -> &'static str {
    match k {
        "esc" => "c",
        "ka" => "y",
        "ks" => "s",
        "spd" => "-1",
        "sw" | "efe" | "ber" | "linc" | "kj" => "n",
        "cor" | "cen" => "default",
        "corh" | "cenhe" | "cenp" => "tTK",
        "cenh" => "t",
        "corp" | "cors" | "cens" => "K",
        _ => "",
    }
}

/// The rules as a normalised map: defaults filled in, lists sorted.
pub(super) fn normalise(pairs: &[(String, String)]) -> BTreeMap<String, String> {
    let mut m: BTreeMap<String, String> = BTreeMap::new();
    for (k, v) in pairs {
        m.insert(k.clone(), v.clone());
    }
    let dim: u8 = m
        .get("dim")
        .and_then(|d| d.parse().ok())
        .unwrap_or(0)
        .min(26);
    let mut out = BTreeMap::new();
    out.insert("dim".to_string(), dim.to_string());
    for &k in DECIDING {
        let v = m.get(k).cloned().unwrap_or_else(|| default_of(k).into());
        let v = match k {
            "cor" | "cen" => {
                let mut list: Vec<String> = if v == "default" {
                    let n = dim.max(1);
                    let s = |f: u8, r: u8| format!("{}{}", (b'a' + f) as char, r + 1);
                    if k == "cor" {
                        vec![s(0, 0), s(0, n - 1), s(n - 1, 0), s(n - 1, n - 1)]
                    } else {
                        vec![s(n / 2, n / 2)]
                    }
                } else {
                    v.split(',')
                        .filter(|x| !x.is_empty())
                        .map(|x| x.to_ascii_lowercase())
                        .collect()
                };
                list.sort();
                list.dedup();
                list.join(",")
            }
            "corh" | "cenh" | "cenhe" | "cors" | "cens" | "corp" | "cenp" => {
                let mut c: Vec<char> = v.chars().filter(|c| "tTK".contains(*c)).collect();
                c.sort();
                c.dedup();
                c.into_iter().collect()
            }
            "ks" => match v.as_str() {
                "y" => "s".into(),
                "n" => "w".into(),
                _ => v,
            },
            _ => v,
        };
        out.insert(k.to_string(), v);
    }
    if out.get("cor").is_some_and(|v| v.is_empty()) {
        for k in ["corh", "cors", "corp"] {
            out.remove(k);
        }
    }
    if out.get("cen").is_some_and(|v| v.is_empty()) {
        for k in ["cenh", "cenhe", "cens", "cenp"] {
            out.remove(k);
        }
    }
    out
}

/// The tawlbot game whose rules an OTN rules string describes (the tafl
/// games without options), or the rule tawlbot lacks.
pub fn ruleset_from_rules(rules: &str) -> Result<Ruleset, RulesError> {
    ruleset_from_rules_in(crate::rules::VARIANTS, rules)
}

/// [`ruleset_from_rules`] among the tafl games of a registry of variants.
pub fn ruleset_from_rules_in(
    registry: &[crate::rules::VariantInfo],
    rules: &str,
) -> Result<Ruleset, RulesError> {
    let pairs = rules_pairs(rules)?;
    let theirs = normalise(&pairs);
    let mut best: Option<(usize, Ruleset, String)> = None;
    let tafl = registry
        .iter()
        .filter_map(|v| Ruleset::parse_spec_in(registry, v.id, &[]).ok())
        .filter(|r| r.family == Family::Tafl);
    for r in tafl {
        let ours = normalise(&rules_pairs(&rules_string(&r, Side::First, None))?);
        if ours.get("dim") != theirs.get("dim") {
            continue;
        }
        // In the order of DECIDING, so the most telling rule is named first.
        let diffs: Vec<String> = DECIDING
            .iter()
            .filter(|k| ours.get(**k) != theirs.get(**k))
            .map(|k| k.to_string())
            .collect();
        if best.as_ref().is_none_or(|(n, _, _)| diffs.len() < *n) {
            let first = diffs.first().cloned().unwrap_or_default();
            best = Some((diffs.len(), r, first));
        }
    }
    let dim = theirs.get("dim").cloned().unwrap_or_default();
    match best {
        None => Err(RulesError::NoGame { dim }),
        Some((0, r, _)) => Ok(r),
        Some((_, r, key)) => {
            let ours = normalise(&rules_pairs(&rules_string(&r, Side::First, None))?);
            Err(RulesError::Unsupported {
                theirs: theirs.get(&key).cloned(),
                ours: ours.get(&key).cloned(),
                nearest: r.name,
                key,
            })
        }
    }
}

/// A rule of a tawlbot game that no OTN rules string can say (see
/// `docs/otn.md`, "What OTN cannot carry"): a program that knows only the
/// rules string plays another game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unsaid {
    /// Lines of more than one enemy captured at once (tawlbwrdd-walker).
    LineCapture,
    /// Squares next to the corners only the king may stop on (goedhboell `corner-guard`).
    CornerGuard,
    /// The king steps while the men slide (goedhboell `king-steps`).
    KingSteps,
    /// A throw of the dice before each move.
    Dice,
    /// Gwyddbwyll: no king, its own captures and endings.
    Latrunculi,
}

/// The rules of `rules` that its OTN rules string cannot say (none: the
/// rules string is the whole game).
pub fn unsaid(rules: &Ruleset) -> Vec<Unsaid> {
    if rules.family != Family::Tafl {
        return vec![Unsaid::Latrunculi];
    }
    let mut out = Vec::new();
    if rules.capture.max_line > 1 {
        out.push(Unsaid::LineCapture);
    }
    if rules
        .start
        .squares()
        .any(|s| rules.flags(s).has(SquareFlags::GUARD))
    {
        out.push(Unsaid::CornerGuard);
    }
    if rules.king_steps && !rules.man_steps {
        out.push(Unsaid::KingSteps);
    }
    if rules.dice {
        out.push(Unsaid::Dice);
    }
    out
}
