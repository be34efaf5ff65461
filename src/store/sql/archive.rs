//! The web archive's reads: which servers are public, a player's games and
//! ratings on public servers, paged, and rating histories.

use super::games::GameReads;
use super::rows::*;
use super::{
    list_of, params, Archive, Backend, BalanceCount, GameId, GameRow, Rating, RatingPoint,
    ServerId, StoreError, Tournament, UserId,
};

/// The condition "server is public": never a direct-message scope.
macro_rules! public_server {
    () => {
        "SELECT id FROM servers WHERE archive_public AND id NOT LIKE 'dm:%'"
    };
}

impl<B: Backend> Archive for B {
    fn archive_public(&self, server_id: &ServerId) -> Result<bool, StoreError> {
        if server_id.starts_with("dm:") {
            return Ok(false);
        }
        self.sql_read(|c| {
            match c.query_opt(
                "SELECT archive_public FROM servers WHERE id = $1",
                params![server_id],
            )? {
                Some(r) => r.get(0),
                None => Ok(false),
            }
        })
    }

    fn set_archive_public(&self, server_id: &ServerId, public: bool) -> Result<(), StoreError> {
        self.sql_write_plain(|c| {
            c.exec(
                "INSERT INTO servers (id, archive_public) VALUES ($1, $2) \
                 ON CONFLICT (id) DO UPDATE SET archive_public = excluded.archive_public",
                params![server_id, public],
            )?;
            Ok(())
        })
    }

    fn set_server_name(&self, server_id: &ServerId, name: &str) -> Result<(), StoreError> {
        self.sql_write_plain(|c| {
            c.exec(
                "INSERT INTO servers (id, name) VALUES ($1, $2) \
                 ON CONFLICT (id) DO UPDATE SET name = excluded.name \
                 WHERE servers.name IS DISTINCT FROM excluded.name",
                params![server_id, name],
            )?;
            Ok(())
        })
    }

    fn server_name(&self, server_id: &ServerId) -> Result<Option<String>, StoreError> {
        self.sql_read(|c| {
            match c.query_opt("SELECT name FROM servers WHERE id = $1", params![server_id])? {
                Some(r) => r.get(0),
                None => Ok(None),
            }
        })
    }

    fn public_game_row(&self, id: GameId) -> Result<Option<GameRow>, StoreError> {
        self.on_read_game(id);
        self.one_game(
            concat!(
                "SELECT ",
                game_columns!(),
                " FROM games WHERE id = $1 AND server_id IN (",
                public_server!(),
                ")"
            ),
            params![id],
        )
    }

    fn public_games_of_player(
        &self,
        player_id: &UserId,
        offset: u32,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError> {
        self.games(
            concat!(
                games_of_player!(),
                "AND server_id IN (",
                public_server!(),
                ") ORDER BY id DESC LIMIT $2 OFFSET $3"
            ),
            params![player_id, limit, offset],
        )
    }

    fn public_ratings_of_player(&self, player_id: &UserId) -> Result<Vec<Rating>, StoreError> {
        self.sql_read(|c| {
            c.query(
                concat!(
                    "SELECT ",
                    rating_columns!(),
                    " FROM ratings WHERE player_id = $1 AND server_id IN (",
                    public_server!(),
                    ") ORDER BY server_id{bytewise}, variant{bytewise}"
                ),
                params![player_id],
            )?
            .iter()
            .map(rating_from_row)
            .collect()
        })
    }

    fn rating_history(
        &self,
        player_id: &UserId,
        server_id: &ServerId,
        variant: &str,
        limit: u32,
    ) -> Result<Vec<RatingPoint>, StoreError> {
        let mut v: Vec<RatingPoint> = self.sql_read(|c| {
            c.query(
                "SELECT h.game_id, h.at, h.rating_after FROM rating_history h \
                 JOIN games g ON g.id = h.game_id \
                 WHERE h.player_id = $1 AND g.server_id = $2 AND g.variant = $3 \
                 ORDER BY h.at DESC, h.game_id DESC LIMIT $4",
                params![player_id, server_id, variant, limit],
            )?
            .iter()
            .map(|r| {
                Ok(RatingPoint {
                    game_id: r.get(0)?,
                    at: r.get(1)?,
                    rating: r.get(2)?,
                })
            })
            .collect()
        })?;
        v.reverse();
        Ok(v)
    }

    fn games_on_server_paged(
        &self,
        server_id: &ServerId,
        offset: u32,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError> {
        self.games(
            concat!(
                "SELECT ",
                game_columns!(),
                " FROM games WHERE server_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3"
            ),
            params![server_id, limit, offset],
        )
    }

    fn rated_variants(&self, server_id: &ServerId) -> Result<Vec<String>, StoreError> {
        self.sql_read(|c| {
            c.query(
                "SELECT DISTINCT variant{bytewise} AS v FROM ratings WHERE server_id = $1 \
                 ORDER BY v",
                params![server_id],
            )?
            .iter()
            .map(|r| r.get(0))
            .collect()
        })
    }

    fn public_games(&self, offset: u32, limit: u32) -> Result<Vec<GameRow>, StoreError> {
        self.games(
            concat!(
                "SELECT ",
                game_columns!(),
                " FROM games WHERE state <> 'aborted' AND server_id IN (",
                public_server!(),
                ") ORDER BY id DESC LIMIT $1 OFFSET $2"
            ),
            params![limit, offset],
        )
    }

    fn public_tournaments(&self, offset: u32, limit: u32) -> Result<Vec<Tournament>, StoreError> {
        self.sql_read(|c| {
            let r = c.query(
                concat!(
                    "SELECT ",
                    tournament_columns!(),
                    " FROM tournaments WHERE server_id IN (",
                    public_server!(),
                    ") ORDER BY id DESC LIMIT $1 OFFSET $2"
                ),
                params![limit, offset],
            )?;
            list_of(
                self,
                crate::domain::Table::Tournaments,
                &r,
                tournament_from_row,
            )
        })
    }

    fn public_servers(&self, limit: u32) -> Result<Vec<(ServerId, Option<String>)>, StoreError> {
        self.sql_read(|c| {
            c.query(
                "SELECT s.id, s.name FROM servers s \
                 WHERE s.archive_public AND s.id NOT LIKE 'dm:%' \
                 ORDER BY (SELECT MAX(g.id) FROM games g WHERE g.server_id = s.id) DESC NULLS LAST, \
                 s.id{bytewise} LIMIT $1",
                params![limit],
            )?
            .iter()
            .map(|r| Ok((r.get(0)?, r.get(1)?)))
            .collect()
        })
    }

    fn search_public_players(
        &self,
        part: &str,
        limit: u32,
    ) -> Result<Vec<(UserId, String)>, StoreError> {
        // Case is folded here, not by the database: SQLite's LOWER folds
        // ASCII only (and PostgreSQL's by its locale), so "ΣΊΣΥΦΟΣ" would
        // not find itself. The names are read once, matched and ordered
        // in Rust, and the matches asked, in order, whether they played
        // on a public server until `limit` did.
        let want = fold_case(part);
        let names: Vec<(UserId, String)> = self.sql_read(|c| {
            c.query("SELECT id, display_name FROM players", params![])?
                .iter()
                .map(|r| Ok((r.get(0)?, r.get(1)?)))
                .collect()
        })?;
        let mut hits: Vec<(String, UserId, String)> = names
            .into_iter()
            .filter_map(|(id, name)| {
                let folded = fold_case(&name);
                folded.contains(&want).then_some((folded, id, name))
            })
            .collect();
        hits.sort_by(|a, b| (&a.0, a.1.as_bytes()).cmp(&(&b.0, b.1.as_bytes())));
        let mut out = Vec::new();
        for (_, id, name) in hits {
            if out.len() >= limit as usize {
                break;
            }
            let public = self.sql_read(|c| {
                c.query_opt(
                    concat!(
                        // Two EXISTS, one per player column: each uses its
                        // index (an OR of the two would scan the games).
                        "SELECT 1 WHERE EXISTS (SELECT 1 FROM games g WHERE g.first_player = $1 \
                         AND g.server_id IN (",
                        public_server!(),
                        ")) OR EXISTS (SELECT 1 FROM games g WHERE g.second_player = $1 \
                         AND g.server_id IN (",
                        public_server!(),
                        "))"
                    ),
                    params![&id],
                )
                .map(|r| r.is_some())
            })?;
            if public {
                out.push((id, name));
            }
        }
        Ok(out)
    }

    fn balance_counts(&self) -> Result<Vec<BalanceCount>, StoreError> {
        self.sql_read(|c| {
            c.query(
                concat!(
                    "SELECT server_id, variant, options, result, COUNT(*), CAST(SUM(move_count) AS BIGINT) \
                     FROM games WHERE state = 'finished' AND rated AND server_id IN (",
                    public_server!(),
                    ") GROUP BY server_id, variant, options, result \
                     ORDER BY server_id{bytewise}, variant{bytewise}, options{bytewise}"
                ),
                params![],
            )?
            .iter()
            .map(|r| {
                Ok(BalanceCount {
                    server_id: r.get(0)?,
                    variant: r.get(1)?,
                    options: r.options(2)?,
                    result: r.get(3)?,
                    games: r.get::<i64>(4)?.max(0) as u64,
                    plies: r.get::<Option<i64>>(5)?.unwrap_or(0).max(0) as u64,
                })
            })
            .collect()
        })
    }
}

/// `s` with its case folded as Unicode's simple folding does for names:
/// each character lowercased by itself (so a final sigma is a sigma).
pub(crate) fn fold_case(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            'ς' => out.push('σ'),
            c => out.extend(c.to_lowercase()),
        }
    }
    out
}

#[cfg(test)]
mod fold_tests {
    use super::fold_case;

    #[test]
    fn case_folds_beyond_ascii() {
        assert_eq!(fold_case("Ünïcödé"), fold_case("üNÏCÖDÉ"));
        assert_eq!(fold_case("ΣΊΣΥΦΟΣ"), "σίσυφοσ");
        assert_eq!(fold_case("σίσυφος"), "σίσυφοσ");
        assert_eq!(fold_case("ǅemal"), fold_case("ǆEMAL"));
        assert_eq!(fold_case("%_\\"), "%_\\");
    }
}
