//! The OTN rules string: written from a ruleset, read back into one. The
//! keys are read as rules data by [`crate::rules::read_rules_string`]; a
//! string is one of tawlbot's games when its rules are that game's, as data.

use super::{write_position, Board, Family, Ruleset, Side, SquareFlags};
use crate::rules::{key_map, read_rules_string, same_game, KEYS};
pub use crate::rules::{rules_pairs, RulesError};

/// The OTN rules string of a ruleset with `first` to move first, its start
/// position the given board (`None`: the variant's start). Every key is
/// written out (no reliance on defaults).
pub fn rules_string(rules: &Ruleset, first: Side, start: Option<&Board>) -> String {
    format!(
        "{} start:{}",
        crate::rules::write_keys(rules, first),
        write_position(start.unwrap_or(&rules.start))
    )
}

/// The tawlbot game whose rules an OTN rules string describes (the tafl
/// games without options), or the rule tawlbot lacks.
pub fn ruleset_from_rules(rules: &str) -> Result<Ruleset, RulesError> {
    ruleset_from_rules_in(crate::rules::VARIANTS, rules)
}

/// [`ruleset_from_rules`] among the tafl games of a registry of variants:
/// the string is read as rules data, and matched to the game with the same
/// rules (the one with the same start, if two share them).
pub fn ruleset_from_rules_in(
    registry: &[crate::rules::VariantInfo],
    rules: &str,
) -> Result<Ruleset, RulesError> {
    let read = read_rules_string(rules)?.rules;
    let dim = read.width;
    let tafl: Vec<Ruleset> = registry
        .iter()
        .filter_map(|v| Ruleset::parse_spec_in(registry, v.id, &[]).ok())
        .filter(|r| r.family == Family::Tafl && r.width == dim && r.height == dim)
        .collect();
    if let Some(r) = tafl
        .iter()
        .filter(|r| same_game(r, &read))
        .min_by_key(|r| r.start != read.start)
    {
        return Ok(r.clone());
    }
    let theirs = key_map(&read);
    // A game whose every OTN rule is the string's, but with a rule OTN
    // cannot say (tawlbwrdd-walker's line capture): the caller weighs
    // `unsaid`.
    if let Some(r) = tafl
        .iter()
        .filter(|r| key_map(r) == theirs)
        .min_by_key(|r| r.start != read.start)
    {
        return Ok(r.clone());
    }
    let mut best: Option<(usize, &Ruleset, &'static str)> = None;
    for r in &tafl {
        let ours = key_map(r);
        let diffs: Vec<&'static str> = KEYS
            .iter()
            .copied()
            .filter(|k| ours.get(k) != theirs.get(k))
            .collect();
        if best.as_ref().is_none_or(|(n, _, _)| diffs.len() < *n) {
            best = Some((diffs.len(), r, diffs.first().copied().unwrap_or("rule")));
        }
    }
    match best {
        None => Err(RulesError::NoGame {
            dim: dim.to_string(),
        }),
        Some((_, r, key)) => Err(RulesError::Unsupported {
            theirs: theirs.get(key).cloned(),
            ours: key_map(r).get(key).cloned(),
            nearest: r.name,
            key: key.to_string(),
        }),
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
    /// The king steps while the men slide (goedhboell `king-steps`): no
    /// longer unsaid (the rules string's `spd` carries it); kept for the
    /// callers that name it.
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
    if rules.dice {
        out.push(Unsaid::Dice);
    }
    out
}
