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

/// The largest row id players may type: 2^53 - 1. Messages carry numbers
/// as floating point (Fluent's numbers), which hold every whole number up
/// to 2^53 exactly; a larger one would be echoed rounded ("no challenge
/// 9223372036854776000"), so it is not read as a number at all.
pub const MAX_ROW_ID: i64 = (1 << 53) - 1;

/// Reads a row id as players type it: `12`, ` 12 `, `#12` (at most
/// [`MAX_ROW_ID`]).
fn parse_row_id(text: &str) -> Result<i64, NotAnId> {
    let t = text.trim();
    let t = t.strip_prefix('#').unwrap_or(t).trim();
    match t.parse::<i64>() {
        Ok(n) if n > 0 && n <= MAX_ROW_ID && !t.starts_with('+') => Ok(n),
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

/// Ids that front ends give as text: Discord's snowflakes (`"80351110224678912"`),
/// the console's names (`"alice"`), direct-message scopes (`"dm:alice"`).
/// Like twilight's `Id<Marker>`, each kind is its own type; unlike it they
/// wrap the text, since not every front end has numbers. They read as
/// `&str` (`Deref`) wherever text is wanted, and compare with text.
macro_rules! text_id {
    ($($(#[$doc:meta])* $name:ident),+ $(,)?) => {$(
        $(#[$doc])*
        #[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
        pub struct $name(String);

        impl $name {
            /// The id's text.
            pub fn as_str(&self) -> &str {
                &self.0
            }

            /// The id's text, owned.
            pub fn into_string(self) -> String {
                self.0
            }
        }

        /// The text, as before the ids had types.
        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Debug::fmt(&self.0, f)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl std::ops::Deref for $name {
            type Target = str;

            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl std::borrow::Borrow<str> for $name {
            fn borrow(&self) -> &str {
                &self.0
            }
        }

        impl From<String> for $name {
            fn from(s: String) -> $name {
                $name(s)
            }
        }

        impl From<&str> for $name {
            fn from(s: &str) -> $name {
                $name(s.to_string())
            }
        }

        impl From<&String> for $name {
            fn from(s: &String) -> $name {
                $name(s.clone())
            }
        }

        impl From<&$name> for $name {
            fn from(s: &$name) -> $name {
                s.clone()
            }
        }

        impl From<$name> for String {
            fn from(id: $name) -> String {
                id.0
            }
        }

        impl PartialEq<&$name> for $name {
            fn eq(&self, other: &&$name) -> bool {
                self.0 == other.0
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }

        impl PartialEq<String> for $name {
            fn eq(&self, other: &String) -> bool {
                &self.0 == other
            }
        }

        impl PartialEq<$name> for str {
            fn eq(&self, other: &$name) -> bool {
                self == other.0
            }
        }

        impl PartialEq<$name> for &str {
            fn eq(&self, other: &$name) -> bool {
                *self == other.0
            }
        }

        impl PartialEq<$name> for String {
            fn eq(&self, other: &$name) -> bool {
                *self == other.0
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(&self.0)
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$name, D::Error> {
                String::deserialize(d).map($name)
            }
        }
    )+};
}

text_id!(
    /// A user (a player, or the bot itself): a Discord user id, or a console name.
    UserId,
    /// A channel or thread: a Discord channel id, or a console channel name.
    ChannelId,
    /// A server (Discord guild), or a direct-message scope `dm:...`.
    ServerId,
    /// A role on a server (a Discord role id), e.g. the organiser role.
    RoleId,
    /// A running tawlbot process (see `docs/scaling.md`): the owner of
    /// leases on timed work.
    ProcessId,
);

/// The text that opens a direct-message scope's server id.
const DM_PREFIX: &str = "dm:";

impl ServerId {
    /// The scope of direct messages with `user`: each player's DMs are
    /// their own scope, never one shared "server".
    pub fn dm(user: &UserId) -> ServerId {
        ServerId(format!("{DM_PREFIX}{user}"))
    }

    /// Whether this is a direct-message scope ([`ServerId::dm`]) rather
    /// than a server.
    pub fn is_dm(&self) -> bool {
        self.0.starts_with(DM_PREFIX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dm_scope_is_no_server() {
        let scope = ServerId::dm(&UserId::from("alice"));
        assert!(scope.is_dm());
        assert_ne!(scope, ServerId::from("alice"));
        assert!(!ServerId::from("80351110224678912").is_dm());
    }

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
            "9007199254740992",
            "9223372036854775807",
        ] {
            assert!(bad.parse::<MatchId>().is_err(), "{bad:?}");
        }
        let g = GameId(41);
        assert_eq!(g.to_string().parse::<GameId>(), Ok(g));
        // 2^53 - 1 is the last number a message shows exactly.
        assert_eq!(
            "9007199254740991".parse::<ChallengeId>(),
            Ok(ChallengeId(MAX_ROW_ID))
        );
    }

    #[test]
    fn text_ids_read_and_compare_as_their_text() {
        let u = UserId::from("alice");
        assert_eq!(u, "alice");
        assert_eq!(u.as_str(), "alice");
        assert_eq!(format!("{u} {u:?}"), "alice \"alice\"");
        assert_ne!(ServerId::from("dm:alice"), "alice");
        let json = serde_json::to_string(&ChannelId::from("c1")).unwrap();
        assert_eq!(json, "\"c1\"");
        assert_eq!(serde_json::from_str::<ChannelId>(&json).unwrap(), "c1");
    }
}
