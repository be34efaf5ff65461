//! Ratings per server and variant.

use super::*;

impl Ratings for SqliteStore {
    fn get_rating(
        &self,
        server_id: &ServerId,
        variant: &str,
        player_id: &UserId,
    ) -> Result<Option<Rating>, StoreError> {
        let sql = format!(
            "SELECT {RATING_COLUMNS} FROM ratings \
             WHERE server_id = ?1 AND variant = ?2 AND player_id = ?3"
        );
        self.conn()
            .prepare_cached(&sql)
            .and_then(|mut s| {
                s.query_row([server_id, variant, player_id], rating_from_row)
                    .optional()
            })
            .map_err(|e| self.err(e))
    }

    fn leaderboard(
        &self,
        server_id: &ServerId,
        variant: &str,
        limit: u32,
    ) -> Result<Vec<Rating>, StoreError> {
        let sql = format!(
            "SELECT {RATING_COLUMNS} FROM ratings WHERE server_id = ?1 AND variant = ?2 \
             ORDER BY rating DESC, player_id LIMIT ?3"
        );
        self.query_list(&sql, params![server_id, variant, limit], rating_from_row)
    }

    fn rate_game(
        &self,
        game_id: GameId,
        server_id: &ServerId,
        variant: &str,
        players: [&UserId; 2],
        at: i64,
        f: &dyn Fn([Option<Rating>; 2]) -> [Rating; 2],
    ) -> Result<bool, StoreError> {
        self.write_plain(|c| {
            let steps = &mut Steps(c);
            logic::rate_game(steps, game_id, server_id, variant, players, at, f)
        })
    }

    fn unrated_finished_games(&self, limit: u32) -> Result<Vec<GameRow>, StoreError> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE state = 'finished' AND rated = 1 \
             AND result IS NOT NULL \
             AND NOT EXISTS (SELECT 1 FROM rating_history h WHERE h.game_id = games.id) \
             ORDER BY finished_at, id LIMIT ?1"
        );
        self.query_games(&sql, params![limit])
    }
}

/// The statements of a rating (the rule is [`logic::rate_game`]'s), inside
/// the caller's transaction: SQLite's one writer needs no row locks.
struct Steps<'c>(&'c rusqlite::Connection);

impl logic::RatingSteps for Steps<'_> {
    type Error = rusqlite::Error;

    fn lock(&mut self, _: &ServerId, _: [&UserId; 2]) -> rusqlite::Result<()> {
        Ok(())
    }

    fn rated(&mut self, game: GameId) -> rusqlite::Result<bool> {
        self.0
            .prepare_cached("SELECT 1 FROM rating_history WHERE game_id = ?1")?
            .exists([game])
    }

    fn rating(
        &mut self,
        server: &ServerId,
        variant: &str,
        player: &UserId,
    ) -> rusqlite::Result<Option<Rating>> {
        let sql = format!(
            "SELECT {RATING_COLUMNS} FROM ratings \
             WHERE server_id = ?1 AND variant = ?2 AND player_id = ?3"
        );
        self.0
            .prepare_cached(&sql)?
            .query_row(params![server, variant, player], rating_from_row)
            .optional()
    }

    fn write(&mut self, r: &Rating, game: GameId, before: f64, at: i64) -> rusqlite::Result<()> {
        ensure_refs(self.0, &r.server_id, None, &[&r.player_id])?;
        write_rating(self.0, r, r.updated_at, game, before, at)
    }
}

/// Writes one player's rating row (stamped `updated_at`) and the game's line
/// in their rating history (`before` -> the new rating, at `at`).
fn write_rating(
    c: &rusqlite::Connection,
    r: &Rating,
    updated_at: i64,
    game_id: GameId,
    before: f64,
    at: i64,
) -> rusqlite::Result<()> {
    c.prepare_cached(
        "INSERT OR REPLACE INTO ratings (server_id, variant, player_id, rating, rd, \
         vol, games, wins_first, wins_second, losses, draws, updated_at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
    )?
    .execute(params![
        r.server_id,
        r.variant,
        r.player_id,
        r.rating,
        r.rd,
        r.vol,
        r.games,
        r.wins_first,
        r.wins_second,
        r.losses,
        r.draws,
        updated_at,
    ])?;
    c.prepare_cached(
        "INSERT INTO rating_history (game_id, player_id, rating_before, \
         rating_after, at) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![game_id, r.player_id, before, r.rating, at])?;
    Ok(())
}
