//! Servers, channels, players and their settings.

use super::*;

impl Players for SqliteStore {
    fn upsert_channel(
        &self,
        channel_id: &ChannelId,
        server_id: &ServerId,
        parent_channel_id: Option<&ChannelId>,
    ) -> Result<(), StoreError> {
        self.write_plain(|c| {
            ensure_refs(c, server_id, None, &[])?;
            c.prepare_cached(
                "INSERT INTO channels (id, server_id, parent_id) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (id) DO UPDATE SET server_id = excluded.server_id, \
                 parent_id = excluded.parent_id",
            )?
            .execute(params![channel_id, server_id, parent_channel_id])?;
            Ok(())
        })
    }

    fn channel_parent(&self, channel_id: &ChannelId) -> Result<Option<ChannelId>, StoreError> {
        self.conn()
            .prepare_cached("SELECT parent_id FROM channels WHERE id = ?1")
            .and_then(|mut s| s.query_row([channel_id], |r| r.get(0)).optional())
            .map(Option::flatten)
            .map_err(|e| self.err(e))
    }

    fn upsert_player(&self, player_id: &UserId, display_name: &str) -> Result<(), StoreError> {
        self.write_plain(|c| {
            c.prepare_cached(
                "INSERT INTO players (id, display_name) VALUES (?1, ?2) \
                 ON CONFLICT (id) DO UPDATE SET display_name = excluded.display_name",
            )?
            .execute([player_id, display_name])?;
            Ok(())
        })
    }

    fn get_player(&self, player_id: &UserId) -> Result<Option<Player>, StoreError> {
        self.conn()
            .prepare_cached("SELECT id, display_name FROM players WHERE id = ?1")
            .and_then(|mut s| {
                s.query_row([player_id], |r| {
                    Ok(Player {
                        id: r.get(0)?,
                        display_name: r.get(1)?,
                    })
                })
                .optional()
            })
            .map_err(|e| self.err(e))
    }

    fn set_player_setting(
        &self,
        player_id: &UserId,
        key: &str,
        value: &str,
    ) -> Result<(), StoreError> {
        self.write_plain(|c| {
            ensure_player(c, player_id)?;
            c.prepare_cached(
                "INSERT INTO player_settings (player_id, key, value) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (player_id, key) DO UPDATE SET value = excluded.value",
            )?
            .execute([player_id, key, value])?;
            Ok(())
        })
    }

    fn player_setting(&self, player_id: &UserId, key: &str) -> Result<Option<String>, StoreError> {
        self.conn()
            .prepare_cached("SELECT value FROM player_settings WHERE player_id = ?1 AND key = ?2")
            .and_then(|mut s| s.query_row([player_id, key], |r| r.get(0)).optional())
            .map_err(|e| self.err(e))
    }

    fn player_settings(&self, player_id: &UserId) -> Result<Vec<(String, String)>, StoreError> {
        // REPREPARE_NOTE: the bundled SQLite (built with STAT4) compiles a
        // cached `WHERE col = ?1 ORDER BY ...` again each time ?1 changes
        // (sqlite3_stmt_status REPREPARE; 40-60k instructions each, about
        // 1 % of a move); with `?1 COLLATE BINARY` it does not, and the
        // plan (the primary key, no sort) is the same.
        self.conn()
            .prepare_cached(
                "SELECT key, value FROM player_settings \
                 WHERE player_id = ?1 COLLATE BINARY ORDER BY key",
            )
            .and_then(|mut s| {
                s.query_map([player_id], |r| Ok((r.get(0)?, r.get(1)?)))?
                    .collect()
            })
            .map_err(|e| self.err(e))
    }

    fn readers(
        &self,
        players: [&UserId; 2],
        server: Option<&ServerId>,
    ) -> Result<Readers, StoreError> {
        let (sql, p): (_, &[&dyn rusqlite::ToSql]) = match &server {
            Some(s) => (
                crate::store::logic::READERS_SQL,
                &[players[0], players[1], s],
            ),
            None => (crate::store::logic::PLAYERS_SQL, &[players[0], players[1]]),
        };
        let rows: Vec<_> = self
            .conn()
            .prepare_cached(sql)
            .and_then(|mut s| {
                s.query_map(p, |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
                    .collect()
            })
            .map_err(|e| self.err(e))?;
        crate::store::logic::readers_from_rows(rows)
    }
}
