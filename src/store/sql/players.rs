//! Servers, channels, players, their settings and languages: a player's
//! language is the player setting `language`, a server's default a column
//! of `servers`.

use super::{
    ensure_player, ensure_refs, params, Backend, ChannelId, Language, Player, Players, Readers,
    ServerId, StoreError, UserId, E,
};
use crate::i18n::Lang;

impl<B: Backend> Players for B {
    fn upsert_channel(
        &self,
        channel_id: &ChannelId,
        server_id: &ServerId,
        parent_channel_id: Option<&ChannelId>,
    ) -> Result<(), StoreError> {
        self.sql_write_plain(|c| {
            ensure_refs(c, server_id, None, &[])?;
            c.exec(
                "INSERT INTO channels (id, server_id, parent_id) VALUES ($1, $2, $3) \
                 ON CONFLICT (id) DO UPDATE SET server_id = excluded.server_id, \
                 parent_id = excluded.parent_id",
                params![channel_id, server_id, parent_channel_id],
            )?;
            Ok(())
        })
    }

    fn channel_parent(&self, channel_id: &ChannelId) -> Result<Option<ChannelId>, StoreError> {
        self.sql_read(|c| {
            match c.query_opt(
                "SELECT parent_id FROM channels WHERE id = $1",
                params![channel_id],
            )? {
                Some(r) => r.get(0),
                None => Ok(None),
            }
        })
    }

    fn upsert_player(&self, player_id: &UserId, display_name: &str) -> Result<(), StoreError> {
        self.sql_write_plain(|c| {
            c.exec(
                "INSERT INTO players (id, display_name) VALUES ($1, $2) \
                 ON CONFLICT (id) DO UPDATE SET display_name = excluded.display_name",
                params![player_id, display_name],
            )?;
            Ok(())
        })
    }

    fn get_player(&self, player_id: &UserId) -> Result<Option<Player>, StoreError> {
        self.sql_read(|c| {
            c.query_opt(
                "SELECT id, display_name FROM players WHERE id = $1",
                params![player_id],
            )?
            .map(|r| {
                Ok(Player {
                    id: r.get(0)?,
                    display_name: r.get(1)?,
                })
            })
            .transpose()
        })
    }

    fn set_player_setting(
        &self,
        player_id: &UserId,
        key: &str,
        value: &str,
    ) -> Result<(), StoreError> {
        self.sql_write_plain(|c| {
            ensure_player(c, player_id)?;
            c.exec(
                "INSERT INTO player_settings (player_id, key, value) VALUES ($1, $2, $3) \
                 ON CONFLICT (player_id, key) DO UPDATE SET value = excluded.value",
                params![player_id, key, value],
            )?;
            Ok(())
        })
    }

    fn player_setting(&self, player_id: &UserId, key: &str) -> Result<Option<String>, StoreError> {
        self.sql_read(|c| {
            c.query_opt(
                "SELECT value FROM player_settings WHERE player_id = $1 AND key = $2",
                params![player_id, key],
            )?
            .map(|r| r.get(0))
            .transpose()
        })
    }

    fn player_settings(&self, player_id: &UserId) -> Result<Vec<(String, String)>, StoreError> {
        // REPREPARE_NOTE: the bundled SQLite (built with STAT4) compiles a
        // cached `WHERE col = ?1 ORDER BY ...` again each time ?1 changes
        // (sqlite3_stmt_status REPREPARE; 40-60k instructions each, about
        // 1 % of a move); with `?1 COLLATE BINARY` (`{binary}`) it does
        // not, and the plan (the primary key, no sort) is the same.
        self.sql_read(|c| {
            c.query(
                "SELECT key, value FROM player_settings \
                 WHERE player_id = $1{binary} ORDER BY key",
                params![player_id],
            )?
            .iter()
            .map(|r| Ok((r.get(0)?, r.get(1)?)))
            .collect()
        })
    }

    fn readers(
        &self,
        players: [&UserId; 2],
        server: Option<&ServerId>,
    ) -> Result<Readers, StoreError> {
        self.sql_read(|c| {
            let rows = match server {
                Some(s) => c.query(
                    crate::store::logic::READERS_SQL,
                    params![players[0], players[1], s],
                )?,
                None => c.query(
                    crate::store::logic::PLAYERS_SQL,
                    params![players[0], players[1]],
                )?,
            };
            let rows = rows
                .iter()
                .map(|r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
                .collect::<Result<Vec<_>, E>>()?;
            Ok(crate::store::logic::readers_from_rows(rows)?)
        })
    }
}

impl<B: Backend> Language for B {
    fn server_language(&self, server_id: &ServerId) -> Result<Option<Lang>, StoreError> {
        self.sql_read(|c| {
            let code: Option<String> = match c.query_opt(
                "SELECT language FROM servers WHERE id = $1",
                params![server_id],
            )? {
                Some(r) => r.get(0)?,
                None => None,
            };
            Ok(code.and_then(|c| Lang::parse(&c)))
        })
    }

    fn set_server_language(
        &self,
        server_id: &ServerId,
        lang: Option<Lang>,
    ) -> Result<(), StoreError> {
        self.sql_write_plain(|c| {
            c.exec(
                "INSERT INTO servers (id, language) VALUES ($1, $2) \
                 ON CONFLICT (id) DO UPDATE SET language = excluded.language",
                params![server_id, lang.map(Lang::code)],
            )?;
            Ok(())
        })
    }
}
