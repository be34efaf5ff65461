//! Why a game ended, and every name of each reason in one table
//! ([`TABLE`]): the word the database and tawlbot's records keep, the key of
//! the catalogue's reason selectors (`alt-reason`, `caption-reason`), the
//! message that announces the outcome, the word of OTN's `termination` tag,
//! and the rules' own reason it stands for. Everything that names a reason
//! (the store, the app, the notation, the catalogue keys) reads it here.

use std::fmt;

use super::values::BadValue;
use crate::rules::Reason;

/// Why a game ended: the rules' reasons for a finished game, and the
/// reasons a game is aborted without a result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndReason {
    KingEscaped,
    KingCaptured,
    OnePieceLeft,
    DuxImmobile,
    NoLegalMove,
    Repetition,
    MoveLimit,
    Resignation,
    DrawAgreed,
    Timeout,
    /// Aborted by a player before it really began.
    Aborted,
    /// Its tournament was cancelled.
    Cancelled,
    /// The first move never came.
    NoMove,
    /// Its tournament's organiser decided the match (`/tournament result`):
    /// ended without a result, and not rated.
    Decided,
}

/// The names of one end reason (a row of [`TABLE`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReasonNames {
    pub reason: EndReason,
    /// The rules' reason; `None` for the reasons of an aborted game, which
    /// the rules do not know.
    pub rules: Option<Reason>,
    /// The word in the database and in tawlbot's records (`Reason` header,
    /// the command lines' JSON): snake_case.
    pub stored: &'static str,
    /// The key of the catalogue's reason selectors (`alt-reason`,
    /// `caption-reason`): the stored word in kebab-case.
    pub key: &'static str,
    /// The message id that announces the outcome in the channel.
    pub outcome: Option<&'static str>,
    /// The word of OTN's `termination` tag (docs/otn.md).
    pub otn: Option<&'static str>,
}

const fn row(
    reason: EndReason,
    rules: Option<Reason>,
    stored: &'static str,
    key: &'static str,
    outcome: Option<&'static str>,
    otn: Option<&'static str>,
) -> ReasonNames {
    ReasonNames {
        reason,
        rules,
        stored,
        key,
        outcome,
        otn,
    }
}

/// Every end reason with its names, in declaration order (one row each).
#[rustfmt::skip]
pub const TABLE: [ReasonNames; 14] = {
    use EndReason as E;
    use Reason as R;
    [
        row(E::KingEscaped, Some(R::KingEscaped), "king_escaped", "king-escaped", Some("outcome-king-escaped"), Some("king escaped")),
        row(E::KingCaptured, Some(R::KingCaptured), "king_captured", "king-captured", Some("outcome-king-captured"), Some("king captured")),
        row(E::OnePieceLeft, Some(R::OnePieceLeft), "one_piece_left", "one-piece-left", Some("outcome-one-piece-left"), Some("one piece left")),
        row(E::DuxImmobile, Some(R::DuxImmobile), "dux_immobile", "dux-immobile", Some("outcome-dux-immobile"), Some("dux cannot move")),
        row(E::NoLegalMove, Some(R::NoLegalMove), "no_legal_move", "no-legal-move", Some("outcome-no-legal-move"), Some("no legal move")),
        row(E::Repetition, Some(R::Repetition), "repetition", "repetition", Some("outcome-repetition"), Some("repetition")),
        row(E::MoveLimit, Some(R::MoveLimit), "move_limit", "move-limit", Some("outcome-move-limit"), Some("move limit")),
        row(E::Resignation, Some(R::Resignation), "resignation", "resignation", Some("outcome-resignation"), Some("resignation")),
        row(E::DrawAgreed, Some(R::DrawAgreed), "draw_agreed", "draw-agreed", Some("outcome-draw-agreed"), Some("draw agreed")),
        row(E::Timeout, Some(R::Timeout), "timeout", "timeout", Some("outcome-timeout"), Some("time")),
        row(E::Aborted, None, "aborted", "aborted", None, None),
        row(E::Cancelled, None, "cancelled", "cancelled", None, None),
        row(E::NoMove, None, "no_move", "no-move", None, None),
        row(E::Decided, None, "decided", "decided", None, None),
    ]
};

impl EndReason {
    /// Every value, in declaration order.
    pub const ALL: &'static [EndReason] = &{
        let mut all = [EndReason::Aborted; TABLE.len()];
        let mut i = 0;
        while i < TABLE.len() {
            all[i] = TABLE[i].reason;
            i += 1;
        }
        all
    };

    /// This reason's row of [`TABLE`].
    pub fn names(self) -> &'static ReasonNames {
        &TABLE[self as usize]
    }

    /// The word stored in the database.
    pub fn as_str(self) -> &'static str {
        self.names().stored
    }

    /// Reads the stored word.
    pub fn parse(s: &str) -> Result<EndReason, BadValue> {
        TABLE
            .iter()
            .find(|n| n.stored == s)
            .map(|n| n.reason)
            .ok_or_else(|| BadValue {
                what: "end reason",
                text: s.to_string(),
            })
    }

    /// The key of the catalogue's reason selectors.
    pub fn key(self) -> &'static str {
        self.names().key
    }

    /// The reason of a key of the catalogue's selectors.
    pub fn of_key(key: &str) -> Option<EndReason> {
        TABLE.iter().find(|n| n.key == key).map(|n| n.reason)
    }

    /// The rules' reason; `None` for an aborted game's.
    pub fn rules_reason(self) -> Option<Reason> {
        self.names().rules
    }

    /// The word of OTN's `termination` tag; `None` for an aborted game's.
    pub fn otn_word(self) -> Option<&'static str> {
        self.names().otn
    }

    /// The reason an OTN `termination` word names (exactly).
    pub fn of_otn_word(word: &str) -> Option<EndReason> {
        TABLE.iter().find(|n| n.otn == Some(word)).map(|n| n.reason)
    }

    /// The message id announcing a game that ended for this reason.
    pub fn outcome_id(self) -> Option<&'static str> {
        self.names().outcome
    }
}

impl From<Reason> for EndReason {
    fn from(r: Reason) -> EndReason {
        TABLE
            .iter()
            .find(|n| n.rules == Some(r))
            .map(|n| n.reason)
            // Every rules' reason has its row (tested below).
            .unwrap_or(EndReason::Aborted)
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_round_trips_through_its_names() {
        assert_eq!(EndReason::ALL.len(), TABLE.len());
        for (i, n) in TABLE.iter().enumerate() {
            let r = n.reason;
            assert_eq!(r as usize, i, "{r:?}: the table is in declaration order");
            assert_eq!(r.names(), n);
            assert_eq!(EndReason::parse(r.as_str()), Ok(r));
            assert_eq!(EndReason::of_key(r.key()), Some(r));
            assert_eq!(r.key(), r.as_str().replace('_', "-"), "{r:?}");
            assert_eq!(r.to_string(), r.as_str());
            match r.rules_reason() {
                Some(rr) => {
                    assert_eq!(EndReason::from(rr), r);
                    let word = r
                        .otn_word()
                        .expect("a finished game's reason has an OTN word");
                    assert_eq!(EndReason::of_otn_word(word), Some(r));
                    let id = r.outcome_id().expect("and an outcome message");
                    assert_eq!(id, format!("outcome-{}", r.key()));
                }
                None => {
                    assert_eq!(r.otn_word(), None);
                    assert_eq!(r.outcome_id(), None);
                }
            }
        }
        // Names are unique, column by column.
        for (i, a) in TABLE.iter().enumerate() {
            for b in &TABLE[i + 1..] {
                assert_ne!(a.stored, b.stored);
                assert_ne!(a.key, b.key);
                assert!(a.otn.is_none() || a.otn != b.otn);
                assert!(a.rules.is_none() || a.rules != b.rules);
            }
        }
        // Every rules' reason has its row: a new one fails to compile in
        // `rules_reasons` until it is added there, and here until it has one.
        let rules_reasons = |r: Reason| match r {
            Reason::KingEscaped
            | Reason::KingCaptured
            | Reason::OnePieceLeft
            | Reason::DuxImmobile
            | Reason::NoLegalMove
            | Reason::Repetition
            | Reason::MoveLimit
            | Reason::Resignation
            | Reason::DrawAgreed
            | Reason::Timeout => 10,
        };
        let with_rules: Vec<Reason> = TABLE.iter().filter_map(|n| n.rules).collect();
        assert_eq!(with_rules.len(), rules_reasons(Reason::Timeout));
        assert!(EndReason::parse("king captured").is_err());
        assert!(EndReason::parse("").is_err());
    }
}
