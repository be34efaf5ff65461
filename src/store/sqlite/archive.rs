//! The web archive's reads: which servers are public, a player's games and
//! ratings on public servers, paged, and rating histories.

use super::*;

/// The condition "server `?` is public": never a direct-message scope.
const PUBLIC_SERVER: &str =
    "SELECT id FROM servers WHERE archive_public = 1 AND id NOT LIKE 'dm:%'";

impl Archive for SqliteStore {
    fn archive_public(&self, server_id: &ServerId) -> Result<bool, StoreError> {
        if server_id.starts_with("dm:") {
            return Ok(false);
        }
        self.conn()
            .prepare_cached("SELECT archive_public FROM servers WHERE id = ?1")
            .and_then(|mut s| s.query_row([server_id], |r| r.get::<_, bool>(0)).optional())
            .map(|v| v.unwrap_or(false))
            .map_err(|e| self.err(e))
    }

    fn set_archive_public(&self, server_id: &ServerId, public: bool) -> Result<(), StoreError> {
        self.write_plain(|c| {
            c.prepare_cached(
                "INSERT INTO servers (id, archive_public) VALUES (?1, ?2) \
                 ON CONFLICT (id) DO UPDATE SET archive_public = excluded.archive_public",
            )?
            .execute(params![server_id, public])?;
            Ok(())
        })
    }

    fn set_server_name(&self, server_id: &ServerId, name: &str) -> Result<(), StoreError> {
        self.write_plain(|c| {
            c.prepare_cached(
                "INSERT INTO servers (id, name) VALUES (?1, ?2) \
                 ON CONFLICT (id) DO UPDATE SET name = excluded.name \
                 WHERE servers.name IS NOT excluded.name",
            )?
            .execute(params![server_id.as_str(), name])?;
            Ok(())
        })
    }

    fn server_name(&self, server_id: &ServerId) -> Result<Option<String>, StoreError> {
        self.conn()
            .prepare_cached("SELECT name FROM servers WHERE id = ?1")
            .and_then(|mut s| {
                s.query_row([server_id], |r| r.get::<_, Option<String>>(0))
                    .optional()
            })
            .map(Option::flatten)
            .map_err(|e| self.err(e))
    }

    fn public_games_of_player(
        &self,
        player_id: &UserId,
        offset: u32,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE id IN ( \
               SELECT id FROM games WHERE first_player = ?1 \
               UNION SELECT id FROM games WHERE second_player = ?1) \
             AND server_id IN ({PUBLIC_SERVER}) ORDER BY id DESC LIMIT ?2 OFFSET ?3"
        );
        self.query_games(&sql, params![player_id, limit, offset])
    }

    fn public_ratings_of_player(&self, player_id: &UserId) -> Result<Vec<Rating>, StoreError> {
        let sql = format!(
            "SELECT {RATING_COLUMNS} FROM ratings WHERE player_id = ?1 \
             AND server_id IN ({PUBLIC_SERVER}) ORDER BY server_id, variant"
        );
        self.query_list(&sql, params![player_id], rating_from_row)
    }

    fn rating_history(
        &self,
        player_id: &UserId,
        server_id: &ServerId,
        variant: &str,
        limit: u32,
    ) -> Result<Vec<RatingPoint>, StoreError> {
        let mut v = self.query_list(
            "SELECT h.game_id, h.at, h.rating_after FROM rating_history h \
             JOIN games g ON g.id = h.game_id \
             WHERE h.player_id = ?1 AND g.server_id = ?2 AND g.variant = ?3 \
             ORDER BY h.at DESC, h.game_id DESC LIMIT ?4",
            params![player_id, server_id, variant, limit],
            |r| {
                Ok(RatingPoint {
                    game_id: r.get(0)?,
                    at: r.get(1)?,
                    rating: r.get(2)?,
                })
            },
        )?;
        v.reverse();
        Ok(v)
    }

    fn games_on_server_paged(
        &self,
        server_id: &ServerId,
        offset: u32,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE server_id = ?1 \
             ORDER BY id DESC LIMIT ?2 OFFSET ?3"
        );
        self.query_games(&sql, params![server_id, limit, offset])
    }

    fn rated_variants(&self, server_id: &ServerId) -> Result<Vec<String>, StoreError> {
        self.query_list(
            "SELECT DISTINCT variant FROM ratings WHERE server_id = ?1 ORDER BY variant",
            params![server_id],
            |r| r.get(0),
        )
    }
}
