//! Tournaments, their players and matches.

use super::*;

impl Tournaments for SqliteStore {
    fn create_tournament(&self, t: &NewTournament) -> Result<TournamentId, StoreError> {
        self.write_plain(|c| {
            let players: Vec<&str> = t.created_by.as_deref().into_iter().collect();
            ensure_refs(c, &t.server_id, t.channel_id.as_deref(), &players)?;
            c.prepare_cached(
                "INSERT INTO tournaments (server_id, channel_id, name, variant, options, format, \
                 data, created_by, created_at, updated_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9)",
            )?
            .execute(params![
                t.server_id,
                t.channel_id,
                t.name,
                t.variant,
                opts_to_json(&t.options),
                t.format,
                if t.data.is_empty() { "{}" } else { &t.data },
                t.created_by,
                t.created_at,
            ])?;
            Ok(TournamentId(c.last_insert_rowid()))
        })
    }

    fn commit_tournament(
        &self,
        id: TournamentId,
        expected_version: i64,
        state: TournamentPhase,
        data: &str,
        matches: &[MatchSpec],
        at: i64,
    ) -> Result<bool, StoreError> {
        let mut conn = self.conn();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| self.err(e))?;
        let run = |c: &Connection| -> rusqlite::Result<bool> {
            let n = c
                .prepare_cached(
                    "UPDATE tournaments SET state = ?3, data = ?4, updated_at = ?5, \
                     version = version + 1 WHERE id = ?1 AND version = ?2",
                )?
                .execute(params![id, expected_version, state, data, at])?;
            if n != 1 {
                return Ok(false);
            }
            for m in matches {
                for p in m.first_player.iter().chain(m.second_player.iter()) {
                    ensure_player(c, p)?;
                }
                c.prepare_cached(
                    "INSERT INTO tournament_matches (tournament_id, round, board, first_player, \
                     second_player, result) VALUES (?1, ?2, ?3, ?4, ?5, ?6) \
                     ON CONFLICT (tournament_id, round, board) DO UPDATE SET \
                     result = COALESCE(tournament_matches.result, excluded.result)",
                )?
                .execute(params![
                    id,
                    m.round,
                    m.board,
                    m.first_player,
                    m.second_player,
                    m.result
                ])?;
            }
            Ok(true)
        };
        let done = run(&tx).map_err(|e| self.err(e))?;
        if done {
            tx.commit().map_err(|e| self.err(e))?;
        }
        Ok(done)
    }

    fn get_tournament(&self, id: TournamentId) -> Result<Option<Tournament>, StoreError> {
        let sql = format!("SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?1");
        self.query_row_of("tournaments", &sql, [id], tournament_from_row)
    }

    fn tournaments_on_server(&self, server_id: &ServerId) -> Result<Vec<Tournament>, StoreError> {
        let sql = format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE server_id = ?1 ORDER BY id DESC"
        );
        self.query_rows("tournaments", &sql, [server_id], tournament_from_row)
    }

    fn organiser_role(&self, server_id: &ServerId) -> Result<Option<RoleId>, StoreError> {
        self.conn()
            .prepare_cached("SELECT organiser_role FROM servers WHERE id = ?1")
            .and_then(|mut s| {
                s.query_row([server_id], |r| r.get::<_, Option<RoleId>>(0))
                    .optional()
            })
            .map(Option::flatten)
            .map_err(|e| self.err(e))
    }

    fn set_organiser_role(
        &self,
        server_id: &ServerId,
        role: Option<&RoleId>,
    ) -> Result<(), StoreError> {
        self.write_plain(|c| {
            c.prepare_cached(
                "INSERT INTO servers (id, organiser_role) VALUES (?1, ?2) \
                 ON CONFLICT (id) DO UPDATE SET organiser_role = excluded.organiser_role",
            )?
            .execute(params![server_id, role])?;
            Ok(())
        })
    }

    fn tournaments_in_state(&self, state: TournamentPhase) -> Result<Vec<Tournament>, StoreError> {
        let sql =
            format!("SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE state = ?1 ORDER BY id");
        self.query_rows("tournaments", &sql, [state], tournament_from_row)
    }

    fn join_tournament(
        &self,
        id: TournamentId,
        player_id: &UserId,
        at: i64,
        max: u32,
    ) -> Result<JoinOutcome, StoreError> {
        self.write_plain(|c| logic::join_tournament(&mut Steps(c), id, player_id, at, max))
    }

    fn withdraw_tournament_player(
        &self,
        id: TournamentId,
        player_id: &UserId,
        at: i64,
    ) -> Result<bool, StoreError> {
        self.write_plain(|c| {
            let n = c
                .prepare_cached(
                    "UPDATE tournament_players SET withdrawn_at = ?3 \
                     WHERE tournament_id = ?1 AND player_id = ?2 AND withdrawn_at IS NULL",
                )?
                .execute(params![id, player_id, at])?;
            if n == 1 {
                bump_tournament(c, id)?;
            }
            Ok(n == 1)
        })
    }

    fn tournament_players(&self, id: TournamentId) -> Result<Vec<TournamentPlayer>, StoreError> {
        self.query_list(
            "SELECT player_id, joined_at, withdrawn_at, seed FROM tournament_players \
             WHERE tournament_id = ?1 ORDER BY joined_at, player_id",
            [id],
            |r| {
                Ok(TournamentPlayer {
                    player_id: r.get(0)?,
                    joined_at: r.get(1)?,
                    withdrawn_at: r.get(2)?,
                    seed: r.get(3)?,
                })
            },
        )
    }

    fn get_match(&self, match_id: MatchId) -> Result<Option<TournamentMatch>, StoreError> {
        Ok(self
            .query_list(
                &format!("SELECT {MATCH_COLUMNS} FROM tournament_matches WHERE id = ?1"),
                [match_id],
                match_from_row,
            )?
            .into_iter()
            .next())
    }

    /// A match that cannot be read is [`StoreError::Unreadable`] (not
    /// skipped: a tournament missing a pairing would pair it again).
    fn tournament_matches(&self, id: TournamentId) -> Result<Vec<TournamentMatch>, StoreError> {
        let conn = self.conn();
        self.read_rows_on(
            &conn,
            "tournament_matches",
            &format!(
                "SELECT {MATCH_COLUMNS} FROM tournament_matches \
                 WHERE tournament_id = ?1 ORDER BY round, board"
            ),
            [id],
            match_from_row,
            false,
        )
    }
}

/// Bumps a tournament's compare-and-set version: its entrants changed.
/// The statements of a join (the rule is [`logic::join_tournament`]'s),
/// inside the caller's transaction (SQLite's one writer: no row locks).
struct Steps<'c>(&'c Connection);

impl logic::JoinSteps for Steps<'_> {
    type Error = rusqlite::Error;

    fn phase(&mut self, id: TournamentId) -> rusqlite::Result<Option<TournamentPhase>> {
        self.0
            .prepare_cached("SELECT state FROM tournaments WHERE id = ?1")?
            .query_row([id], |r| r.get(0))
            .optional()
    }

    fn entry(
        &mut self,
        id: TournamentId,
        player: &UserId,
    ) -> rusqlite::Result<Option<Option<i64>>> {
        self.0
            .prepare_cached(
                "SELECT withdrawn_at FROM tournament_players \
                 WHERE tournament_id = ?1 AND player_id = ?2",
            )?
            .query_row(params![id, player], |r| r.get(0))
            .optional()
    }

    fn active_entrants(&mut self, id: TournamentId) -> rusqlite::Result<i64> {
        self.0
            .prepare_cached(
                "SELECT count(*) FROM tournament_players \
                 WHERE tournament_id = ?1 AND withdrawn_at IS NULL",
            )?
            .query_row([id], |r| r.get(0))
    }

    fn enter(
        &mut self,
        id: TournamentId,
        player: &UserId,
        at: i64,
        again: bool,
    ) -> rusqlite::Result<()> {
        let c = self.0;
        ensure_player(c, player)?;
        let sql = if again {
            "UPDATE tournament_players SET withdrawn_at = NULL, joined_at = ?3 \
             WHERE tournament_id = ?1 AND player_id = ?2"
        } else {
            "INSERT INTO tournament_players (tournament_id, player_id, joined_at) \
             VALUES (?1, ?2, ?3)"
        };
        c.prepare_cached(sql)?.execute(params![id, player, at])?;
        bump_tournament(c, id)
    }
}

pub(super) fn bump_tournament(c: &Connection, id: TournamentId) -> rusqlite::Result<()> {
    c.prepare_cached("UPDATE tournaments SET version = version + 1 WHERE id = ?1")?
        .execute([id])?;
    Ok(())
}

/// The columns [`match_from_row`] reads, in its order.
pub(super) const MATCH_COLUMNS: &str =
    "id, tournament_id, round, board, first_player, second_player, result";

/// One `tournament_matches` row, selected as [`MATCH_COLUMNS`].
pub(super) fn match_from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<TournamentMatch> {
    Ok(TournamentMatch {
        id: r.get(0)?,
        tournament_id: r.get(1)?,
        round: r.get(2)?,
        board: r.get(3)?,
        first_player: r.get(4)?,
        second_player: r.get(5)?,
        result: r.get(6)?,
    })
}
