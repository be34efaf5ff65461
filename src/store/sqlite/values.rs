//! The typed values of `crate::domain` as rusqlite parameters and column
//! values, for code that talks to an SQLite file directly (the tests that
//! damage rows by hand): each is written as its text form and read back
//! with its `parse`. The store itself binds them through `store/sql`'s
//! `Value`, in the same forms.

use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};

use super::{
    side_of_word, side_word, BadValue, ChallengeId, ChallengeState, ChannelId, EndReason, GameId,
    GameResult, GameState, MatchId, MatchResult, OfferKind, ProcessId, RoleId, ServerId, Side,
    StoreError, TimeControl, TournamentFormat, TournamentId, TournamentPhase, UserId,
};

fn read_text<T>(v: ValueRef<'_>, parse: impl Fn(&str) -> Result<T, BadValue>) -> FromSqlResult<T> {
    parse(v.as_str()?).map_err(|e| FromSqlError::Other(Box::new(StoreError::from(e))))
}

/// A value stored as its fixed word (`as_str`, read with `parse`).
macro_rules! word_column {
    ($($name:ident),+) => {$(
        impl FromSql for $name {
            fn column_result(v: ValueRef<'_>) -> FromSqlResult<Self> {
                read_text(v, $name::parse)
            }
        }

        impl ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                Ok(ToSqlOutput::from(self.as_str()))
            }
        }
    )+};
}

word_column!(
    GameState,
    OfferKind,
    ChallengeState,
    TournamentPhase,
    GameResult,
    EndReason,
    TournamentFormat
);

impl FromSql for Side {
    fn column_result(v: ValueRef<'_>) -> FromSqlResult<Self> {
        read_text(v, side_of_word)
    }
}

impl ToSql for Side {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(side_word(*self)))
    }
}

impl FromSql for MatchResult {
    fn column_result(v: ValueRef<'_>) -> FromSqlResult<Self> {
        read_text(v, MatchResult::parse)
    }
}

impl ToSql for MatchResult {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.to_string()))
    }
}

impl FromSql for TimeControl {
    fn column_result(v: ValueRef<'_>) -> FromSqlResult<Self> {
        read_text(v, TimeControl::from_stored)
    }
}

impl ToSql for TimeControl {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.to_string()))
    }
}

/// Row ids are INTEGER columns.
macro_rules! id_column {
    ($($name:ident),+) => {$(
        impl FromSql for $name {
            fn column_result(v: ValueRef<'_>) -> FromSqlResult<Self> {
                i64::column_result(v).map($name)
            }
        }

        impl ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                Ok(ToSqlOutput::from(self.0))
            }
        }
    )+};
}

id_column!(GameId, ChallengeId, TournamentId, MatchId);

/// Users, channels and servers are TEXT columns.
macro_rules! text_id_column {
    ($($name:ident),+) => {$(
        impl FromSql for $name {
            fn column_result(v: ValueRef<'_>) -> FromSqlResult<Self> {
                Ok($name::from(v.as_str()?))
            }
        }

        impl ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                Ok(ToSqlOutput::from(self.as_str()))
            }
        }
    )+};
}

text_id_column!(UserId, ChannelId, ServerId, RoleId, ProcessId);
