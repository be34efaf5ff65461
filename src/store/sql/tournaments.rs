//! Tournaments, their players and matches.

use super::challenges::returned_id;
use super::rows::*;
use super::{
    ensure_player, ensure_refs, list_of, logic, one_of, opts_to_json, params, Backend, Conn,
    JoinOutcome, MatchId, MatchSpec, NewTournament, RoleId, ServerId, StoreError, Tournament,
    TournamentCommit, TournamentId, TournamentMatch, TournamentPhase, TournamentPlayer,
    Tournaments, UserId, E, R,
};

impl<B: Backend> Tournaments for B {
    fn create_tournament(&self, t: &NewTournament) -> Result<TournamentId, StoreError> {
        self.sql_write_plain(|c| {
            let players: Vec<&str> = t.created_by.as_deref().into_iter().collect();
            ensure_refs(c, &t.server_id, t.channel_id.as_deref(), &players)?;
            let r = c.query_opt(
                "INSERT INTO tournaments (server_id, channel_id, name, variant, options, format, \
                 data, created_by, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id",
                params![
                    &t.server_id,
                    t.channel_id.as_ref(),
                    &t.name,
                    &t.variant,
                    opts_to_json(&t.options),
                    t.format,
                    if t.data.is_empty() { "{}" } else { &t.data },
                    t.created_by.as_ref(),
                    t.created_at,
                ],
            )?;
            returned_id(r)
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
        self.commit_tournament_with(&TournamentCommit {
            id,
            expected_version,
            state,
            data,
            matches,
            corrected: &[],
            out: &[],
            at,
        })
    }

    fn commit_tournament_with(&self, t: &TournamentCommit<'_>) -> Result<bool, StoreError> {
        self.sql_write_plain(|c| {
            // The version check is the UPDATE's own WHERE: of two writers
            // that read one version, the second waits for the first and
            // then finds the version moved on.
            let n = c.exec(
                "UPDATE tournaments SET state = $3, data = $4, updated_at = $5, \
                 version = version + 1 WHERE id = $1 AND version = $2",
                params![t.id, t.expected_version, t.state, t.data, t.at],
            )?;
            if n != 1 {
                return Ok(false);
            }
            for m in t.matches {
                for p in m.first_player.iter().chain(m.second_player.iter()) {
                    ensure_player(c, p)?;
                }
                c.exec(
                    "INSERT INTO tournament_matches (tournament_id, round, board, first_player, \
                     second_player, result) VALUES ($1, $2, $3, $4, $5, $6) \
                     ON CONFLICT (tournament_id, round, board) DO UPDATE SET \
                     result = COALESCE(tournament_matches.result, excluded.result)",
                    params![
                        t.id,
                        m.round,
                        m.board,
                        m.first_player.as_ref(),
                        m.second_player.as_ref(),
                        m.result,
                    ],
                )?;
            }
            for m in t.corrected {
                c.exec(
                    "UPDATE tournament_matches SET result = $4 \
                     WHERE tournament_id = $1 AND round = $2 AND board = $3",
                    params![t.id, m.round, m.board, m.result],
                )?;
            }
            super::outbox::enqueue_in(c, t.out, t.at)?;
            Ok(true)
        })
    }

    fn get_tournament(&self, id: TournamentId) -> Result<Option<Tournament>, StoreError> {
        self.sql_read(|c| {
            let r = c.query_opt(
                concat!(
                    "SELECT ",
                    tournament_columns!(),
                    " FROM tournaments WHERE id = $1"
                ),
                params![id],
            )?;
            one_of(
                self,
                crate::domain::Table::Tournaments,
                r,
                tournament_from_row,
            )
        })
    }

    fn organiser_role(&self, server_id: &ServerId) -> Result<Option<RoleId>, StoreError> {
        self.sql_read(|c| {
            match c.query_opt(
                "SELECT organiser_role FROM servers WHERE id = $1",
                params![server_id],
            )? {
                Some(r) => r.get(0),
                None => Ok(None),
            }
        })
    }

    fn set_organiser_role(
        &self,
        server_id: &ServerId,
        role: Option<&RoleId>,
    ) -> Result<(), StoreError> {
        self.sql_write_plain(|c| {
            c.exec(
                "INSERT INTO servers (id, organiser_role) VALUES ($1, $2) \
                 ON CONFLICT (id) DO UPDATE SET organiser_role = excluded.organiser_role",
                params![server_id, role],
            )?;
            Ok(())
        })
    }

    fn tournaments_on_server(&self, server_id: &ServerId) -> Result<Vec<Tournament>, StoreError> {
        self.sql_read(|c| {
            let r = c.query(
                concat!(
                    "SELECT ",
                    tournament_columns!(),
                    " FROM tournaments WHERE server_id = $1 ORDER BY id DESC"
                ),
                params![server_id],
            )?;
            list_of(
                self,
                crate::domain::Table::Tournaments,
                &r,
                tournament_from_row,
            )
        })
    }

    fn tournaments_in_state(&self, state: TournamentPhase) -> Result<Vec<Tournament>, StoreError> {
        self.sql_read(|c| {
            let r = c.query(
                concat!(
                    "SELECT ",
                    tournament_columns!(),
                    " FROM tournaments WHERE state = $1 ORDER BY id"
                ),
                params![state],
            )?;
            list_of(
                self,
                crate::domain::Table::Tournaments,
                &r,
                tournament_from_row,
            )
        })
    }

    fn join_tournament(
        &self,
        id: TournamentId,
        player_id: &UserId,
        at: i64,
        max: u32,
    ) -> Result<JoinOutcome, StoreError> {
        self.sql_write_plain(|c| logic::join_tournament(&mut Steps(c), id, player_id, at, max))
    }

    fn withdraw_tournament_player(
        &self,
        id: TournamentId,
        player_id: &UserId,
        at: i64,
    ) -> Result<bool, StoreError> {
        self.sql_write_plain(|c| {
            let n = c.exec(
                "UPDATE tournament_players SET withdrawn_at = $3 \
                 WHERE tournament_id = $1 AND player_id = $2 AND withdrawn_at IS NULL",
                params![id, player_id, at],
            )?;
            if n == 1 {
                bump_tournament(c, id)?;
            }
            Ok(n == 1)
        })
    }

    fn tournament_players(&self, id: TournamentId) -> Result<Vec<TournamentPlayer>, StoreError> {
        self.sql_read(|c| {
            c.query(
                "SELECT player_id, joined_at, withdrawn_at, seed FROM tournament_players \
                 WHERE tournament_id = $1 ORDER BY joined_at, player_id{bytewise}",
                params![id],
            )?
            .iter()
            .map(|r| {
                Ok(TournamentPlayer {
                    player_id: r.get(0)?,
                    joined_at: r.get(1)?,
                    withdrawn_at: r.get(2)?,
                    seed: r.get(3)?,
                })
            })
            .collect()
        })
    }

    fn get_match(&self, match_id: MatchId) -> Result<Option<TournamentMatch>, StoreError> {
        self.sql_read(|c| {
            let r = c.query_opt(
                concat!(
                    "SELECT ",
                    match_columns!(),
                    " FROM tournament_matches WHERE id = $1"
                ),
                params![match_id],
            )?;
            one_of(
                self,
                crate::domain::Table::TournamentMatches,
                r,
                match_from_row,
            )
        })
    }

    /// A match that cannot be read is [`StoreError::Unreadable`] (not
    /// skipped: a tournament missing a pairing would pair it again).
    fn tournament_matches(&self, id: TournamentId) -> Result<Vec<TournamentMatch>, StoreError> {
        self.sql_read(|c| {
            c.query(
                concat!(
                    "SELECT ",
                    match_columns!(),
                    " FROM tournament_matches WHERE tournament_id = $1 ORDER BY round, board"
                ),
                params![id],
            )?
            .into_iter()
            .filter_map(|r| {
                one_of(
                    self,
                    crate::domain::Table::TournamentMatches,
                    Some(r),
                    match_from_row,
                )
                .transpose()
            })
            .collect()
        })
    }
}

/// The statements of a join (the rule is [`logic::join_tournament`]'s),
/// inside the caller's transaction.
struct Steps<'c>(&'c mut dyn Conn);

impl logic::JoinSteps for Steps<'_> {
    type Error = E;

    /// The tournament's row is the lock: joins (from any process) are
    /// counted one after the other, so none overfills it.
    fn phase(&mut self, id: TournamentId) -> R<Option<TournamentPhase>> {
        self.0
            .query_opt(
                "SELECT state FROM tournaments WHERE id = $1{lock}",
                params![id],
            )?
            .map(|r| r.get(0))
            .transpose()
    }

    fn entry(&mut self, id: TournamentId, player: &UserId) -> R<Option<Option<i64>>> {
        self.0
            .query_opt(
                "SELECT withdrawn_at FROM tournament_players \
                 WHERE tournament_id = $1 AND player_id = $2",
                params![id, player],
            )?
            .map(|r| r.get(0))
            .transpose()
    }

    fn active_entrants(&mut self, id: TournamentId) -> R<i64> {
        match self.0.query_opt(
            "SELECT count(*) FROM tournament_players \
             WHERE tournament_id = $1 AND withdrawn_at IS NULL",
            params![id],
        )? {
            Some(r) => r.get(0),
            None => Ok(0),
        }
    }

    fn enter(&mut self, id: TournamentId, player: &UserId, at: i64, again: bool) -> R<()> {
        let c = &mut *self.0;
        ensure_player(c, player)?;
        let sql = if again {
            "UPDATE tournament_players SET withdrawn_at = NULL, joined_at = $3 \
             WHERE tournament_id = $1 AND player_id = $2"
        } else {
            "INSERT INTO tournament_players (tournament_id, player_id, joined_at) \
             VALUES ($1, $2, $3)"
        };
        c.exec(sql, params![id, player, at])?;
        bump_tournament(c, id)
    }
}

/// Bumps a tournament's compare-and-set version: its entrants changed.
fn bump_tournament(c: &mut dyn Conn, id: TournamentId) -> R<()> {
    c.exec(
        "UPDATE tournaments SET version = version + 1 WHERE id = $1",
        params![id],
    )?;
    Ok(())
}
