//! Ids of the things tawlbot keeps.
//!
//! Each id is its own type, so a game's id cannot be passed where a
//! challenge's is wanted. The numeric ids are row ids: players see and type
//! them as plain numbers (`/accept id:12`, `game:#7`), hence [`Display`]
//! (the number) and [`FromStr`] (a positive number, a leading `#` allowed).
//! How they sit in a database is the store's business (`src/store`).
//!
//! [`Display`]: std::fmt::Display
//! [`FromStr`]: std::str::FromStr

use std::fmt;
use std::str::FromStr;

/// Why typed text is not an id: it is not a positive whole number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotAnId(pub String);

impl fmt::Display for NotAnId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not an id (a positive number)", self.0)
    }
}

impl std::error::Error for NotAnId {}

/// Reads a row id as players type it: `12`, ` 12 `, `#12`.
fn parse_row_id(text: &str) -> Result<i64, NotAnId> {
    let t = text.trim();
    let t = t.strip_prefix('#').unwrap_or(t).trim();
    match t.parse::<i64>() {
        Ok(n) if n > 0 && !t.starts_with('+') => Ok(n),
        _ => Err(NotAnId(text.to_string())),
    }
}

macro_rules! row_id {
    ($($(#[$doc:meta])* $name:ident),+ $(,)?) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
        pub struct $name(pub i64);

        /// The number, as before the ids had types (logs read `game: 6`).
        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Debug::fmt(&self.0, f)
            }
        }

        impl $name {
            /// The row id as a number (for the store and for messages).
            pub const fn get(self) -> i64 {
                self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }

        impl FromStr for $name {
            type Err = NotAnId;

            fn from_str(s: &str) -> Result<$name, NotAnId> {
                parse_row_id(s).map($name)
            }
        }

        /// Messages show the number (`{ $id }`).
        impl crate::i18n::Number for $name {
            fn to_f64(self) -> f64 {
                self.0 as f64
            }
        }
    )+};
}

row_id!(
    /// Row id of a game.
    GameId,
    /// Row id of a challenge.
    ChallengeId,
    /// Row id of a tournament.
    TournamentId,
    /// Row id of a tournament match.
    MatchId,
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_what_players_type_and_show_the_number() {
        assert_eq!("12".parse::<GameId>(), Ok(GameId(12)));
        assert_eq!(" #7 ".parse::<ChallengeId>(), Ok(ChallengeId(7)));
        assert_eq!(TournamentId(3).to_string(), "3");
        for bad in [
            "",
            "#",
            "0",
            "-4",
            "+4",
            "12a",
            "1.5",
            "99999999999999999999",
        ] {
            assert!(bad.parse::<MatchId>().is_err(), "{bad:?}");
        }
        let g = GameId(41);
        assert_eq!(g.to_string().parse::<GameId>(), Ok(g));
    }
}
