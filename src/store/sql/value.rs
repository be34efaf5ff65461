//! The seam's values: what a statement binds and what a row holds, the same
//! on both databases. A backend turns its own column values into a
//! [`Value`] (SQLite's INTEGER 0/1 and PostgreSQL's BOOLEAN both read as a
//! `bool`; PostgreSQL's BIGINT and SQLite's INTEGER as an `i64`), and binds
//! a [`Value`] as the type its statement asks for.
//!
//! A row's getters never guess: a NULL where a value must be, a word the
//! program does not know, a number out of range, is
//! [`StoreError::BadData`] naming the column, which the unreadable-row
//! handling (`list_of` and `one_of` in `sql/mod.rs`) turns into a skipped or refused row.

use std::borrow::Cow;
use std::sync::Arc;

use super::E;
use super::{
    side_of_word, side_word, ChallengeId, ChallengeState, ChannelId, EndReason, GameId, GameResult,
    GameState, LeaseKind, MatchId, MatchResult, OfferKind, ProcessId, RoleId, ServerId, Side,
    StoreError, Table, TimeControl, TournamentFormat, TournamentId, TournamentPhase, UserId,
};

/// One value bound to a statement or read from a row.
#[derive(Debug, Clone, PartialEq)]
pub enum Value<'a> {
    Null,
    Int(i64),
    Real(f64),
    Text(Cow<'a, str>),
    Bool(bool),
}

impl Value<'_> {
    /// The value as text, for messages and row ids.
    pub fn show(&self) -> String {
        match self {
            Value::Null => "NULL".into(),
            Value::Int(i) => i.to_string(),
            Value::Real(f) => f.to_string(),
            Value::Text(t) => t.to_string(),
            Value::Bool(b) => b.to_string(),
        }
    }
}

impl From<i64> for Value<'_> {
    fn from(v: i64) -> Self {
        Value::Int(v)
    }
}

impl From<u32> for Value<'_> {
    fn from(v: u32) -> Self {
        Value::Int(i64::from(v))
    }
}

impl From<u8> for Value<'_> {
    fn from(v: u8) -> Self {
        Value::Int(i64::from(v))
    }
}

impl From<bool> for Value<'_> {
    fn from(v: bool) -> Self {
        Value::Bool(v)
    }
}

impl From<f64> for Value<'_> {
    fn from(v: f64) -> Self {
        Value::Real(v)
    }
}

impl<'a> From<&'a str> for Value<'a> {
    fn from(v: &'a str) -> Self {
        Value::Text(Cow::Borrowed(v))
    }
}

impl<'a> From<&'a String> for Value<'a> {
    fn from(v: &'a String) -> Self {
        Value::Text(Cow::Borrowed(v))
    }
}

impl From<String> for Value<'_> {
    fn from(v: String) -> Self {
        Value::Text(Cow::Owned(v))
    }
}

impl<'a, T: Into<Value<'a>>> From<Option<T>> for Value<'a> {
    fn from(v: Option<T>) -> Self {
        v.map_or(Value::Null, Into::into)
    }
}

macro_rules! row_id_value {
    ($($name:ident),+) => {$(
        impl From<$name> for Value<'_> {
            fn from(v: $name) -> Self {
                Value::Int(v.0)
            }
        }

        impl FromValue for $name {
            fn from_value(v: &Value<'_>) -> Result<Self, String> {
                i64::from_value(v).map($name)
            }
        }
    )+};
}

row_id_value!(GameId, ChallengeId, TournamentId, MatchId);

macro_rules! text_id_value {
    ($($name:ident),+) => {$(
        impl<'a> From<&'a $name> for Value<'a> {
            fn from(v: &'a $name) -> Self {
                Value::Text(Cow::Borrowed(v.as_str()))
            }
        }

        impl FromValue for $name {
            fn from_value(v: &Value<'_>) -> Result<Self, String> {
                String::from_value(v).map($name::from)
            }
        }
    )+};
}

text_id_value!(UserId, ChannelId, ServerId, RoleId, ProcessId);

/// Values stored as their fixed word.
macro_rules! word_value {
    ($($name:ident),+) => {$(
        impl From<$name> for Value<'_> {
            fn from(v: $name) -> Self {
                Value::Text(Cow::Borrowed(v.as_str()))
            }
        }

        impl FromValue for $name {
            fn from_value(v: &Value<'_>) -> Result<Self, String> {
                $name::parse(text_of(v)?).map_err(|e| e.to_string())
            }
        }
    )+};
}

word_value!(
    GameState,
    OfferKind,
    ChallengeState,
    TournamentPhase,
    GameResult,
    EndReason,
    TournamentFormat,
    LeaseKind,
    Table
);

impl From<Side> for Value<'_> {
    fn from(v: Side) -> Self {
        Value::Text(Cow::Borrowed(side_word(v)))
    }
}

impl FromValue for Side {
    fn from_value(v: &Value<'_>) -> Result<Self, String> {
        side_of_word(text_of(v)?).map_err(|e| e.to_string())
    }
}

impl From<MatchResult> for Value<'_> {
    fn from(v: MatchResult) -> Self {
        Value::Text(Cow::Owned(v.to_string()))
    }
}

impl FromValue for MatchResult {
    fn from_value(v: &Value<'_>) -> Result<Self, String> {
        MatchResult::parse(text_of(v)?).map_err(|e| e.to_string())
    }
}

impl From<&TimeControl> for Value<'_> {
    fn from(v: &TimeControl) -> Self {
        Value::Text(Cow::Owned(v.to_string()))
    }
}

impl FromValue for TimeControl {
    fn from_value(v: &Value<'_>) -> Result<Self, String> {
        TimeControl::from_stored(text_of(v)?).map_err(|e| e.to_string())
    }
}

fn text_of<'v>(v: &'v Value<'_>) -> Result<&'v str, String> {
    match v {
        Value::Text(t) => Ok(t),
        other => Err(format!("{} where text was expected", other.show())),
    }
}

/// A type a column can be read as. The `Err` says what is wrong, without
/// the column (the row adds it).
pub trait FromValue: Sized {
    fn from_value(v: &Value<'_>) -> Result<Self, String>;
}

impl FromValue for i64 {
    fn from_value(v: &Value<'_>) -> Result<Self, String> {
        match v {
            Value::Int(i) => Ok(*i),
            Value::Bool(b) => Ok(i64::from(*b)),
            other => Err(format!(
                "{} where a whole number was expected",
                other.show()
            )),
        }
    }
}

impl FromValue for f64 {
    fn from_value(v: &Value<'_>) -> Result<Self, String> {
        match v {
            Value::Real(f) => Ok(*f),
            Value::Int(i) => Ok(*i as f64),
            other => Err(format!("{} where a number was expected", other.show())),
        }
    }
}

impl FromValue for bool {
    fn from_value(v: &Value<'_>) -> Result<Self, String> {
        match v {
            Value::Bool(b) => Ok(*b),
            Value::Int(i) => Ok(*i != 0),
            other => Err(format!("{} where true or false was expected", other.show())),
        }
    }
}

impl FromValue for String {
    fn from_value(v: &Value<'_>) -> Result<Self, String> {
        text_of(v).map(str::to_string)
    }
}

impl<T: FromValue> FromValue for Option<T> {
    fn from_value(v: &Value<'_>) -> Result<Self, String> {
        match v {
            Value::Null => Ok(None),
            v => T::from_value(v).map(Some),
        }
    }
}

/// One row of a result: its values, and the names of its columns (shared
/// by the rows of one result).
#[derive(Debug, Clone)]
pub struct Row {
    pub(crate) columns: Arc<[String]>,
    pub(crate) values: Vec<Value<'static>>,
}

impl Row {
    /// Column `i` as a `T`; a value that is not one is
    /// [`StoreError::BadData`] naming the column.
    pub fn get<T: FromValue>(&self, i: usize) -> Result<T, E> {
        let v = self.values.get(i).unwrap_or(&Value::Null);
        T::from_value(v).map_err(|detail| E::Store(self.bad(i, detail)))
    }

    /// The error for column `i`: `time_control: unknown time control "soon"`.
    pub fn bad(&self, i: usize, detail: impl std::fmt::Display) -> StoreError {
        let column = self
            .columns
            .get(i)
            .cloned()
            .unwrap_or_else(|| format!("column {i}"));
        StoreError::BadData {
            detail: format!("{column}: {detail}"),
        }
    }

    /// The number of columns.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// The id of a row whose first column is its id, as text.
    pub fn id_text(&self) -> String {
        match self.values.first() {
            Some(Value::Null) | None => "?".to_string(),
            Some(v) => v.show(),
        }
    }

    /// The JSON list of options in column `i`.
    pub fn options(&self, i: usize) -> Result<Vec<String>, E> {
        let s: String = self.get(i)?;
        serde_json::from_str(&s).map_err(|e| {
            E::Store(self.bad(
                i,
                format!("options that are not a JSON list of words ({e})"),
            ))
        })
    }
}
