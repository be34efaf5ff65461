//! Puzzles (see [`Puzzles`]): the set, attempts, puzzle ratings.

use super::{
    params, AttemptState, Backend, Conn, PuzzleAttempt, PuzzlePlayer, PuzzleRating, PuzzleRow,
    Puzzles, Row, StoreError, UserId, R,
};

macro_rules! puzzle_columns {
    () => {
        "id, variant, position, side, length, solution, line, source, rating, rd, vol, plays, wins"
    };
}

fn n32(v: i64) -> u32 {
    u32::try_from(v).unwrap_or(u32::MAX)
}

fn puzzle_row(r: &Row) -> R<PuzzleRow> {
    Ok(PuzzleRow {
        id: n32(r.get(0)?),
        variant: r.get(1)?,
        position: r.get(2)?,
        side: r.get(3)?,
        length: n32(r.get(4)?),
        solution: r.get(5)?,
        line: r.get(6)?,
        source: r.get(7)?,
        rating: PuzzleRating {
            rating: r.get(8)?,
            rd: r.get(9)?,
            vol: r.get(10)?,
        },
        plays: n32(r.get(11)?),
        wins: n32(r.get(12)?),
    })
}

fn player_row(r: &Row) -> R<PuzzlePlayer> {
    Ok(PuzzlePlayer {
        player_id: r.get(0)?,
        rating: PuzzleRating {
            rating: r.get(1)?,
            rd: r.get(2)?,
            vol: r.get(3)?,
        },
        solved: n32(r.get(4)?),
        streak: n32(r.get(5)?),
        best_streak: n32(r.get(6)?),
        current: r.get::<Option<i64>>(7)?.map(n32),
    })
}

fn read_player(c: &mut dyn Conn, player: &UserId) -> R<Option<PuzzlePlayer>> {
    c.query_opt(
        "SELECT player_id, rating, rd, vol, solved, streak, best_streak, current \
         FROM puzzle_players WHERE player_id = $1",
        params![player],
    )?
    .map(|r| player_row(&r))
    .transpose()
}

fn read_attempt(c: &mut dyn Conn, player: &UserId, id: u32) -> R<Option<PuzzleAttempt>> {
    c.query_opt(
        "SELECT player_id, puzzle_id, moves, state, missed, rated \
         FROM puzzle_attempts WHERE player_id = $1 AND puzzle_id = $2",
        params![player, id],
    )?
    .map(|r| {
        let moves: String = r.get(2)?;
        let state: String = r.get(3)?;
        Ok(PuzzleAttempt {
            player_id: r.get(0)?,
            puzzle_id: n32(r.get(1)?),
            moves: moves.split_whitespace().map(str::to_string).collect(),
            state: AttemptState::parse(&state),
            missed: r.get(4)?,
            rated: r.get(5)?,
        })
    })
    .transpose()
}

fn ensure_player(c: &mut dyn Conn, player: &UserId, now: i64) -> R<()> {
    c.exec(
        "INSERT INTO puzzle_players (player_id, updated_at) VALUES ($1, $2) \
         ON CONFLICT (player_id) DO NOTHING",
        params![player, now],
    )?;
    Ok(())
}

impl<B: Backend> Puzzles for B {
    fn add_puzzles(&self, puzzles: &[PuzzleRow]) -> Result<u32, StoreError> {
        self.sql_write_plain(|c| {
            let mut added = 0u32;
            for p in puzzles {
                added += c.exec(
                    "INSERT INTO puzzles (id, variant, position, side, length, solution, line, \
                     source, rating, rd, vol) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) \
                     ON CONFLICT (id) DO NOTHING",
                    params![
                        p.id,
                        p.variant.as_str(),
                        p.position.as_str(),
                        p.side.as_str(),
                        p.length,
                        p.solution.as_str(),
                        p.line.as_str(),
                        p.source.as_str(),
                        p.rating.rating,
                        p.rating.rd,
                        p.rating.vol
                    ],
                )? as u32;
            }
            Ok(added)
        })
    }

    fn puzzle(&self, id: u32) -> Result<Option<PuzzleRow>, StoreError> {
        self.sql_read(|c| {
            c.query_opt(
                concat!("SELECT ", puzzle_columns!(), " FROM puzzles WHERE id = $1"),
                params![id],
            )?
            .map(|r| puzzle_row(&r))
            .transpose()
        })
    }

    fn puzzle_count(&self) -> Result<u32, StoreError> {
        self.sql_read(|c| {
            let r = c.query_opt("SELECT COALESCE(MAX(id), 0) FROM puzzles", params![])?;
            Ok(match r {
                Some(r) => n32(r.get(0)?),
                None => 0,
            })
        })
    }

    fn puzzle_near(&self, player: &UserId, rating: f64) -> Result<Option<PuzzleRow>, StoreError> {
        self.sql_read(|c| {
            c.query_opt(
                concat!(
                    "SELECT ",
                    puzzle_columns!(),
                    " FROM puzzles p WHERE NOT EXISTS (SELECT 1 FROM puzzle_attempts a \
                     WHERE a.player_id = $1 AND a.puzzle_id = p.id) \
                     ORDER BY abs(p.rating - $2), p.id LIMIT 1"
                ),
                params![player, rating],
            )?
            .map(|r| puzzle_row(&r))
            .transpose()
        })
    }

    fn puzzle_player(&self, player: &UserId) -> Result<Option<PuzzlePlayer>, StoreError> {
        self.sql_read(|c| read_player(c, player))
    }

    fn set_current_puzzle(&self, player: &UserId, id: u32, now: i64) -> Result<(), StoreError> {
        self.sql_write_plain(|c| {
            ensure_player(c, player, now)?;
            c.exec(
                "UPDATE puzzle_players SET current = $2, updated_at = $3 WHERE player_id = $1",
                params![player, id, now],
            )?;
            Ok(())
        })
    }

    fn puzzle_attempt(
        &self,
        player: &UserId,
        id: u32,
    ) -> Result<Option<PuzzleAttempt>, StoreError> {
        self.sql_read(|c| read_attempt(c, player, id))
    }

    fn save_puzzle_attempt(
        &self,
        a: &PuzzleAttempt,
        now: i64,
        rate: &dyn Fn(PuzzleRating, PuzzleRating, bool) -> (PuzzleRating, PuzzleRating),
    ) -> Result<(), StoreError> {
        self.sql_write_plain(|c| {
            ensure_player(c, &a.player_id, now)?;
            let before = read_attempt(c, &a.player_id, a.puzzle_id)?;
            let was_rated = before.as_ref().is_some_and(|b| b.rated);
            let was_solved = before
                .as_ref()
                .is_some_and(|b| b.state == AttemptState::Solved);
            let known = a.missed || a.state != AttemptState::Open;
            let rate_now = known && !was_rated;
            c.exec(
                "INSERT INTO puzzle_attempts (player_id, puzzle_id, moves, state, missed, rated, \
                 updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7) \
                 ON CONFLICT (player_id, puzzle_id) DO UPDATE SET moves = excluded.moves, \
                 state = excluded.state, missed = excluded.missed, rated = excluded.rated, \
                 updated_at = excluded.updated_at",
                params![
                    &a.player_id,
                    a.puzzle_id,
                    a.moves.join(" "),
                    a.state.as_str(),
                    a.missed,
                    was_rated || rate_now,
                    now
                ],
            )?;
            if a.state == AttemptState::Solved && !was_solved {
                c.exec(
                    "UPDATE puzzle_players SET solved = solved + 1 WHERE player_id = $1",
                    params![&a.player_id],
                )?;
            }
            if rate_now {
                let won = a.state == AttemptState::Solved && !a.missed;
                let player = read_player(c, &a.player_id)?.map(|p| p.rating);
                let puzzle = c
                    .query_opt(
                        "SELECT rating, rd, vol FROM puzzles WHERE id = $1",
                        params![a.puzzle_id],
                    )?
                    .map(|r| -> R<PuzzleRating> {
                        Ok(PuzzleRating {
                            rating: r.get(0)?,
                            rd: r.get(1)?,
                            vol: r.get(2)?,
                        })
                    })
                    .transpose()?;
                if let (Some(pl), Some(pz)) = (player, puzzle) {
                    let (np, nz) = rate(pl, pz, won);
                    c.exec(
                        "UPDATE puzzle_players SET rating = $2, rd = $3, vol = $4, \
                         streak = CASE WHEN $5 THEN streak + 1 ELSE 0 END, \
                         best_streak = CASE WHEN $5 AND streak + 1 > best_streak \
                         THEN streak + 1 ELSE best_streak END, updated_at = $6 \
                         WHERE player_id = $1",
                        params![&a.player_id, np.rating, np.rd, np.vol, won, now],
                    )?;
                    c.exec(
                        "UPDATE puzzles SET rating = $2, rd = $3, vol = $4, plays = plays + 1, \
                         wins = wins + CASE WHEN $5 THEN 1 ELSE 0 END WHERE id = $1",
                        params![a.puzzle_id, nz.rating, nz.rd, nz.vol, won],
                    )?;
                }
            }
            Ok(())
        })
    }
}
