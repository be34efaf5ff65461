//! Ratings per server and variant.

use super::games::GameReads;
use super::rows::*;
use super::{
    ensure_refs, logic, params, Backend, Conn, GameId, GameRow, Rating, Ratings, ServerId,
    StoreError, UserId, E, R,
};

impl<B: Backend> Ratings for B {
    fn get_rating(
        &self,
        server_id: &ServerId,
        variant: &str,
        player_id: &UserId,
    ) -> Result<Option<Rating>, StoreError> {
        self.sql_read(|c| read_rating(c, server_id, variant, player_id))
    }

    fn leaderboard(
        &self,
        server_id: &ServerId,
        variant: &str,
        limit: u32,
    ) -> Result<Vec<Rating>, StoreError> {
        self.sql_read(|c| {
            c.query(
                concat!(
                    "SELECT ",
                    rating_columns!(),
                    " FROM ratings WHERE server_id = $1 AND variant = $2 \
                     ORDER BY rating DESC, player_id{bytewise} LIMIT $3"
                ),
                params![server_id, variant, limit],
            )?
            .iter()
            .map(rating_from_row)
            .collect()
        })
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
        self.sql_write_plain(|c| {
            let steps = &mut Steps(c);
            logic::rate_game(steps, game_id, server_id, variant, players, at, f)
        })
    }

    fn unrated_finished_games(&self, limit: u32) -> Result<Vec<GameRow>, StoreError> {
        self.games(
            concat!(
                "SELECT ",
                game_columns!(),
                " FROM games WHERE state = 'finished' AND rated AND result IS NOT NULL \
                 AND NOT EXISTS (SELECT 1 FROM rating_history h WHERE h.game_id = games.id) \
                 ORDER BY finished_at, id LIMIT $1"
            ),
            params![limit],
        )
    }
}

/// The statements of a rating (the rule is [`logic::rate_game`]'s), inside
/// the caller's transaction.
struct Steps<'c>(&'c mut dyn Conn);

impl logic::RatingSteps for Steps<'_> {
    type Error = E;

    /// Both players' rows made and locked (in one order, so two games
    /// cannot deadlock): two games of one player ending at once, in two
    /// processes, are rated one after the other. SQLite's one writer needs
    /// no row locks.
    fn lock(&mut self, server: &ServerId, players: [&UserId; 2]) -> R<()> {
        if self.0.guards() {
            let players = players.map(UserId::as_str);
            ensure_refs(self.0, server, None, &players)?;
            self.0.guard(
                "SELECT 1 FROM players WHERE id IN ($1, $2) ORDER BY id{bytewise} \
                 FOR NO KEY UPDATE",
                params![players[0], players[1]],
            )?;
        }
        Ok(())
    }

    fn rated(&mut self, game: GameId) -> R<bool> {
        Ok(self
            .0
            .query_opt(
                "SELECT 1 FROM rating_history WHERE game_id = $1 LIMIT 1",
                params![game],
            )?
            .is_some())
    }

    fn rating(&mut self, server: &ServerId, variant: &str, player: &UserId) -> R<Option<Rating>> {
        read_rating(self.0, server, variant, player)
    }

    fn write(&mut self, r: &Rating, game: GameId, before: f64, at: i64) -> R<()> {
        ensure_refs(self.0, &r.server_id, None, &[&r.player_id])?;
        write_rating(self.0, r, game, before, at)
    }
}

fn read_rating(
    c: &mut dyn Conn,
    server_id: &str,
    variant: &str,
    player_id: &str,
) -> R<Option<Rating>> {
    c.query_opt(
        concat!(
            "SELECT ",
            rating_columns!(),
            " FROM ratings WHERE server_id = $1 AND variant = $2 AND player_id = $3"
        ),
        params![server_id, variant, player_id],
    )?
    .map(|r| rating_from_row(&r))
    .transpose()
}

/// Writes one player's rating row (stamped `updated_at`) and the game's line
/// in their rating history (`before` -> the new rating, at `at`).
fn write_rating(c: &mut dyn Conn, r: &Rating, game_id: GameId, before: f64, at: i64) -> R<()> {
    c.exec(
        "INSERT INTO ratings (server_id, variant, player_id, rating, rd, \
         vol, games, wins_first, wins_second, losses, draws, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) \
         ON CONFLICT (server_id, variant, player_id) DO UPDATE SET \
         rating = excluded.rating, rd = excluded.rd, vol = excluded.vol, \
         games = excluded.games, wins_first = excluded.wins_first, \
         wins_second = excluded.wins_second, losses = excluded.losses, \
         draws = excluded.draws, updated_at = excluded.updated_at",
        params![
            &r.server_id,
            &r.variant,
            &r.player_id,
            r.rating,
            r.rd,
            r.vol,
            r.games,
            r.wins_first,
            r.wins_second,
            r.losses,
            r.draws,
            r.updated_at,
        ],
    )?;
    c.exec(
        "INSERT INTO rating_history (game_id, player_id, rating_before, \
         rating_after, at) VALUES ($1, $2, $3, $4, $5)",
        params![game_id, &r.player_id, before, r.rating, at],
    )?;
    Ok(())
}
