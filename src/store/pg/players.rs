//! Servers, channels, players, their settings and languages.

use super::rows::*;
use super::*;
use crate::i18n::Lang;
use crate::store::*;

impl Players for PostgresStore {
    fn upsert_channel(
        &self,
        channel_id: &ChannelId,
        server_id: &ServerId,
        parent_channel_id: Option<&ChannelId>,
    ) -> Result<(), StoreError> {
        self.write_plain(|c| {
            ensure_refs(c, server_id, None, &[])?;
            exec(
                c,
                "INSERT INTO channels (id, server_id, parent_id) VALUES ($1, $2, $3) \
                 ON CONFLICT (id) DO UPDATE SET server_id = excluded.server_id, \
                 parent_id = excluded.parent_id",
                &[&channel_id, &server_id, &parent_channel_id],
            )?;
            Ok(())
        })
    }

    fn channel_parent(&self, channel_id: &ChannelId) -> Result<Option<ChannelId>, StoreError> {
        self.read(|c| {
            Ok(row(
                c,
                "SELECT parent_id FROM channels WHERE id = $1",
                &[&channel_id],
            )?
            .and_then(|r| r.get(0)))
        })
    }

    fn upsert_player(&self, player_id: &UserId, display_name: &str) -> Result<(), StoreError> {
        self.write_plain(|c| {
            exec(
                c,
                "INSERT INTO players (id, display_name) VALUES ($1, $2) \
                 ON CONFLICT (id) DO UPDATE SET display_name = excluded.display_name",
                &[&player_id, &display_name],
            )?;
            Ok(())
        })
    }

    fn get_player(&self, player_id: &UserId) -> Result<Option<Player>, StoreError> {
        self.read(|c| {
            Ok(row(
                c,
                "SELECT id, display_name FROM players WHERE id = $1",
                &[&player_id],
            )?
            .map(|r| Player {
                id: r.get(0),
                display_name: r.get(1),
            }))
        })
    }

    fn set_player_setting(
        &self,
        player_id: &UserId,
        key: &str,
        value: &str,
    ) -> Result<(), StoreError> {
        self.write_plain(|c| {
            ensure_player(c, player_id)?;
            exec(
                c,
                "INSERT INTO player_settings (player_id, key, value) VALUES ($1, $2, $3) \
                 ON CONFLICT (player_id, key) DO UPDATE SET value = excluded.value",
                &[&player_id, &key, &value],
            )?;
            Ok(())
        })
    }

    fn player_setting(&self, player_id: &UserId, key: &str) -> Result<Option<String>, StoreError> {
        self.read(|c| {
            Ok(row(
                c,
                "SELECT value FROM player_settings WHERE player_id = $1 AND key = $2",
                &[&player_id, &key],
            )?
            .map(|r| r.get(0)))
        })
    }

    fn player_settings(&self, player_id: &UserId) -> Result<Vec<(String, String)>, StoreError> {
        self.read(|c| {
            Ok(rows(
                c,
                "SELECT key, value FROM player_settings WHERE player_id = $1 ORDER BY key",
                &[&player_id],
            )?
            .iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect())
        })
    }

    fn readers(
        &self,
        players: [&UserId; 2],
        server: Option<&ServerId>,
    ) -> Result<Readers, StoreError> {
        self.read(|c| {
            let rows = match server {
                Some(s) => rows(
                    c,
                    crate::store::logic::READERS_SQL,
                    &[&players[0], &players[1], &s],
                )?,
                None => rows(
                    c,
                    crate::store::logic::PLAYERS_SQL,
                    &[&players[0], &players[1]],
                )?,
            };
            Ok(rows
                .iter()
                .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)))
                .collect::<Vec<_>>())
        })
        .and_then(crate::store::logic::readers_from_rows)
    }
}

impl Language for PostgresStore {
    fn server_language(&self, server_id: &ServerId) -> Result<Option<Lang>, StoreError> {
        self.read(|c| {
            Ok(row(
                c,
                "SELECT language FROM servers WHERE id = $1",
                &[&server_id],
            )?
            .and_then(|r| r.get::<_, Option<String>>(0))
            .and_then(|c| Lang::parse(&c)))
        })
    }

    fn set_server_language(
        &self,
        server_id: &ServerId,
        lang: Option<Lang>,
    ) -> Result<(), StoreError> {
        self.write_plain(|c| {
            exec(
                c,
                "INSERT INTO servers (id, language) VALUES ($1, $2) \
                 ON CONFLICT (id) DO UPDATE SET language = excluded.language",
                &[&server_id, &lang.map(Lang::code)],
            )?;
            Ok(())
        })
    }
}
