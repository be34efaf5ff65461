//! The ids of `crate::domain` as `postgres` parameters and column values,
//! for code that talks to the server directly (tests): row ids are BIGINT,
//! text ids TEXT. The store itself binds them through `store/sql`'s
//! `Value`, in the same forms.

use bytes::BytesMut;
use postgres::types::{to_sql_checked, FromSql, IsNull, ToSql, Type};

use super::super::{
    ChallengeId, ChannelId, GameId, MatchId, ProcessId, RoleId, ServerId, TournamentId, UserId,
};

type BoxError = Box<dyn std::error::Error + Sync + Send>;

macro_rules! id_column {
    ($($name:ident),+) => {$(
        impl ToSql for $name {
            fn to_sql(&self, ty: &Type, out: &mut BytesMut) -> Result<IsNull, BoxError> {
                self.0.to_sql(ty, out)
            }

            fn accepts(ty: &Type) -> bool {
                <i64 as ToSql>::accepts(ty)
            }

            to_sql_checked!();
        }

        impl<'a> FromSql<'a> for $name {
            fn from_sql(ty: &Type, raw: &'a [u8]) -> Result<Self, BoxError> {
                i64::from_sql(ty, raw).map($name)
            }

            fn accepts(ty: &Type) -> bool {
                <i64 as FromSql>::accepts(ty)
            }
        }
    )+};
}

id_column!(GameId, ChallengeId, TournamentId, MatchId);

/// Users, channels and servers are TEXT columns.
macro_rules! text_id_column {
    ($($name:ident),+) => {$(
        impl ToSql for $name {
            fn to_sql(&self, ty: &Type, out: &mut BytesMut) -> Result<IsNull, BoxError> {
                self.as_str().to_sql(ty, out)
            }

            fn accepts(ty: &Type) -> bool {
                <&str as ToSql>::accepts(ty)
            }

            to_sql_checked!();
        }

        impl<'a> FromSql<'a> for $name {
            fn from_sql(ty: &Type, raw: &'a [u8]) -> Result<Self, BoxError> {
                <&str as FromSql>::from_sql(ty, raw).map($name::from)
            }

            fn accepts(ty: &Type) -> bool {
                <&str as FromSql>::accepts(ty)
            }
        }
    )+};
}

text_id_column!(UserId, ChannelId, ServerId, RoleId, ProcessId);
