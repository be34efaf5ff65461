//! Tournaments, their players and matches.

use super::rows::*;
use super::*;
use crate::store::*;

impl Tournaments for PostgresStore {
    fn create_tournament(&self, t: &NewTournament) -> Result<TournamentId, StoreError> {
        self.write_plain(|c| {
            let players: Vec<&str> = t.created_by.as_deref().into_iter().collect();
            ensure_refs(c, &t.server_id, t.channel_id.as_deref(), &players)?;
            let r = row(
                c,
                "INSERT INTO tournaments (server_id, channel_id, name, variant, options, format, \
                 data, created_by, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id",
                &[
                    &t.server_id,
                    &t.channel_id,
                    &t.name,
                    &t.variant,
                    &opts_to_json(&t.options),
                    &t.format.as_str(),
                    &if t.data.is_empty() {
                        "{}"
                    } else {
                        t.data.as_str()
                    },
                    &t.created_by,
                    &t.created_at,
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
        self.write_plain(|c| {
            // The version check is the UPDATE's own WHERE: of two writers
            // that read one version, the second waits for the first and
            // then finds the version moved on.
            let n = exec(
                c,
                "UPDATE tournaments SET state = $3, data = $4, updated_at = $5, \
                 version = version + 1 WHERE id = $1 AND version = $2",
                &[&id, &expected_version, &state.as_str(), &data, &at],
            )?;
            if n != 1 {
                return Ok(false);
            }
            for m in matches {
                for p in m.first_player.iter().chain(m.second_player.iter()) {
                    ensure_player(c, p)?;
                }
                exec(
                    c,
                    "INSERT INTO tournament_matches (tournament_id, round, board, first_player, \
                     second_player, result) VALUES ($1, $2, $3, $4, $5, $6) \
                     ON CONFLICT (tournament_id, round, board) DO UPDATE SET \
                     result = COALESCE(tournament_matches.result, excluded.result)",
                    &[
                        &id,
                        &i64::from(m.round),
                        &i64::from(m.board),
                        &m.first_player,
                        &m.second_player,
                        &m.result.map(|r| r.to_string()),
                    ],
                )?;
            }
            Ok(true)
        })
    }

    fn get_tournament(&self, id: TournamentId) -> Result<Option<Tournament>, StoreError> {
        self.read(|c| {
            let r = row(
                c,
                concat!(
                    "SELECT ",
                    tournament_columns!(),
                    " FROM tournaments WHERE id = $1"
                ),
                &[&id],
            )?;
            self.one_of("tournaments", r, tournament_from_row)
        })
    }

    fn organiser_role(&self, server_id: &ServerId) -> Result<Option<RoleId>, StoreError> {
        self.read(|c| {
            Ok(row(
                c,
                "SELECT organiser_role FROM servers WHERE id = $1",
                &[&server_id],
            )?
            .and_then(|r| r.get(0)))
        })
    }

    fn set_organiser_role(
        &self,
        server_id: &ServerId,
        role: Option<&RoleId>,
    ) -> Result<(), StoreError> {
        self.write_plain(|c| {
            exec(
                c,
                "INSERT INTO servers (id, organiser_role) VALUES ($1, $2) \
                 ON CONFLICT (id) DO UPDATE SET organiser_role = excluded.organiser_role",
                &[&server_id, &role],
            )?;
            Ok(())
        })
    }

    fn tournaments_on_server(&self, server_id: &ServerId) -> Result<Vec<Tournament>, StoreError> {
        self.read(|c| {
            let r = rows(
                c,
                concat!(
                    "SELECT ",
                    tournament_columns!(),
                    " FROM tournaments WHERE server_id = $1 ORDER BY id DESC"
                ),
                &[&server_id],
            )?;
            self.list_of("tournaments", &r, tournament_from_row)
        })
    }

    fn tournaments_in_state(&self, state: TournamentPhase) -> Result<Vec<Tournament>, StoreError> {
        self.read(|c| {
            let r = rows(
                c,
                concat!(
                    "SELECT ",
                    tournament_columns!(),
                    " FROM tournaments WHERE state = $1 ORDER BY id"
                ),
                &[&state.as_str()],
            )?;
            self.list_of("tournaments", &r, tournament_from_row)
        })
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
            let n = exec(
                c,
                "UPDATE tournament_players SET withdrawn_at = $3 \
                 WHERE tournament_id = $1 AND player_id = $2 AND withdrawn_at IS NULL",
                &[&id, &player_id, &at],
            )?;
            if n == 1 {
                bump_tournament(c, id)?;
            }
            Ok(n == 1)
        })
    }

    fn tournament_players(&self, id: TournamentId) -> Result<Vec<TournamentPlayer>, StoreError> {
        self.read(|c| {
            rows(
                c,
                "SELECT player_id, joined_at, withdrawn_at, seed FROM tournament_players \
                 WHERE tournament_id = $1 ORDER BY joined_at, player_id COLLATE \"C\"",
                &[&id],
            )?
            .iter()
            .map(|r| {
                Ok(TournamentPlayer {
                    player_id: r.try_get(0)?,
                    joined_at: r.try_get(1)?,
                    withdrawn_at: r.try_get(2)?,
                    seed: r.try_get(3)?,
                })
            })
            .collect()
        })
    }

    fn get_match(&self, match_id: MatchId) -> Result<Option<TournamentMatch>, StoreError> {
        self.read(|c| {
            let r = row(
                c,
                concat!(
                    "SELECT ",
                    match_columns!(),
                    " FROM tournament_matches WHERE id = $1"
                ),
                &[&match_id],
            )?;
            self.one_of("tournament_matches", r, match_from_row)
        })
    }

    fn tournament_matches(&self, id: TournamentId) -> Result<Vec<TournamentMatch>, StoreError> {
        self.read(|c| {
            rows(
                c,
                concat!(
                    "SELECT ",
                    match_columns!(),
                    " FROM tournament_matches WHERE tournament_id = $1 ORDER BY round, board"
                ),
                &[&id],
            )?
            // A match that cannot be read is an error naming it (not
            // skipped: a tournament missing a pairing would pair it again).
            .into_iter()
            .filter_map(|r| {
                self.one_of("tournament_matches", Some(r), match_from_row)
                    .transpose()
            })
            .collect()
        })
    }
}

/// Bumps a tournament's compare-and-set version: its entrants changed.
/// The statements of a join (the rule is [`logic::join_tournament`]'s),
/// inside the caller's transaction.
struct Steps<'c>(&'c mut PgConn);

impl logic::JoinSteps for Steps<'_> {
    type Error = E;

    /// The tournament's row is the lock: joins (from any process) are
    /// counted one after the other, so none overfills it.
    fn phase(&mut self, id: TournamentId) -> R<Option<TournamentPhase>> {
        row(
            self.0,
            "SELECT state FROM tournaments WHERE id = $1 FOR NO KEY UPDATE",
            &[&id],
        )?
        .map(|r| Ok(TournamentPhase::parse(r.try_get::<_, &str>(0)?).ok()))
        .transpose()
        .map(Option::flatten)
    }

    fn entry(&mut self, id: TournamentId, player: &UserId) -> R<Option<Option<i64>>> {
        row(
            self.0,
            "SELECT withdrawn_at FROM tournament_players \
             WHERE tournament_id = $1 AND player_id = $2",
            &[&id, &player],
        )?
        .map(|r| Ok(r.try_get(0)?))
        .transpose()
    }

    fn active_entrants(&mut self, id: TournamentId) -> R<i64> {
        Ok(row(
            self.0,
            "SELECT count(*) FROM tournament_players \
             WHERE tournament_id = $1 AND withdrawn_at IS NULL",
            &[&id],
        )?
        .map_or(0, |r| r.get(0)))
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
        exec(c, sql, &[&id, &player, &at])?;
        bump_tournament(c, id)
    }
}

fn bump_tournament(c: &mut PgConn, id: TournamentId) -> R<()> {
    exec(
        c,
        "UPDATE tournaments SET version = version + 1 WHERE id = $1",
        &[&id],
    )?;
    Ok(())
}
