//! Ratings per server and variant.

use super::rows::*;
use super::*;
use crate::store::*;

impl Ratings for PostgresStore {
    fn get_rating(
        &self,
        server_id: &ServerId,
        variant: &str,
        player_id: &UserId,
    ) -> Result<Option<Rating>, StoreError> {
        self.read(|c| read_rating(c, server_id, variant, player_id))
    }

    fn leaderboard(
        &self,
        server_id: &ServerId,
        variant: &str,
        limit: u32,
    ) -> Result<Vec<Rating>, StoreError> {
        self.read(|c| {
            rows(
                c,
                concat!(
                    "SELECT ",
                    rating_columns!(),
                    " FROM ratings WHERE server_id = $1 AND variant = $2 \
                     ORDER BY rating DESC, player_id COLLATE \"C\" LIMIT $3"
                ),
                &[&server_id, &variant, &i64::from(limit)],
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
        self.write_plain(|c| {
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
            &[&i64::from(limit)],
        )
    }
}

/// The statements of a rating (the rule is [`logic::rate_game`]'s), inside
/// the caller's transaction.
struct Steps<'c>(&'c mut PgConn);

impl logic::RatingSteps for Steps<'_> {
    type Error = E;

    /// Both players' rows made and locked (in one order, so two games
    /// cannot deadlock): two games of one player ending at once, in two
    /// processes too, are rated one after the other.
    fn lock(&mut self, server: &ServerId, players: [&UserId; 2]) -> R<()> {
        let players = players.map(UserId::as_str);
        ensure_refs(self.0, server, None, &players)?;
        lock_players(self.0, &players)
    }

    fn rated(&mut self, game: GameId) -> R<bool> {
        already_rated(self.0, game)
    }

    fn rating(&mut self, server: &ServerId, variant: &str, player: &UserId) -> R<Option<Rating>> {
        read_rating(self.0, server, variant, player)
    }

    fn write(&mut self, r: &Rating, game: GameId, before: f64, at: i64) -> R<()> {
        ensure_refs(self.0, &r.server_id, None, &[&r.player_id])?;
        write_rating(self.0, r, r.updated_at, game, before, at)
    }
}

fn lock_players(c: &mut PgConn, players: &[&str]) -> R<()> {
    let players: Vec<String> = players.iter().map(|p| p.to_string()).collect();
    exec(
        c,
        "SELECT 1 FROM players WHERE id = ANY($1) ORDER BY id COLLATE \"C\" FOR NO KEY UPDATE",
        &[&players],
    )?;
    Ok(())
}

fn already_rated(c: &mut PgConn, game_id: GameId) -> R<bool> {
    Ok(row(
        c,
        "SELECT 1 FROM rating_history WHERE game_id = $1 LIMIT 1",
        &[&game_id],
    )?
    .is_some())
}

fn read_rating(
    c: &mut PgConn,
    server_id: &str,
    variant: &str,
    player_id: &str,
) -> R<Option<Rating>> {
    row(
        c,
        concat!(
            "SELECT ",
            rating_columns!(),
            " FROM ratings WHERE server_id = $1 AND variant = $2 AND player_id = $3"
        ),
        &[&server_id, &variant, &player_id],
    )?
    .map(|r| rating_from_row(&r))
    .transpose()
}

/// Writes one player's rating row (stamped `updated_at`) and the game's line
/// in their rating history (`before` -> the new rating, at `at`).
fn write_rating(
    c: &mut PgConn,
    r: &Rating,
    updated_at: i64,
    game_id: GameId,
    before: f64,
    at: i64,
) -> R<()> {
    exec(
        c,
        "INSERT INTO ratings (server_id, variant, player_id, rating, rd, \
         vol, games, wins_first, wins_second, losses, draws, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) \
         ON CONFLICT (server_id, variant, player_id) DO UPDATE SET \
         rating = excluded.rating, rd = excluded.rd, vol = excluded.vol, \
         games = excluded.games, wins_first = excluded.wins_first, \
         wins_second = excluded.wins_second, losses = excluded.losses, \
         draws = excluded.draws, updated_at = excluded.updated_at",
        &[
            &r.server_id,
            &r.variant,
            &r.player_id,
            &r.rating,
            &r.rd,
            &r.vol,
            &i64::from(r.games),
            &i64::from(r.wins_first),
            &i64::from(r.wins_second),
            &i64::from(r.losses),
            &i64::from(r.draws),
            &updated_at,
        ],
    )?;
    exec(
        c,
        "INSERT INTO rating_history (game_id, player_id, rating_before, \
         rating_after, at) VALUES ($1, $2, $3, $4, $5)",
        &[&game_id, &r.player_id, &before, &r.rating, &at],
    )?;
    Ok(())
}
