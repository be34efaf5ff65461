//! Conditional moves: a player's lines of "their move, my
//! reply" pairs, and the move that plays a line's reply in its own
//! transaction.

use super::clock::refuse_paused;
use super::games::{append_one, check_turn, to_u32};
use super::{
    params, AppendError, Backend, ConditionalLine, ConditionalReply, Conditionals, Conn, GameId,
    LineState, NewMove, Row, StoreError, UserId, R,
};

/// A row of `id, player_id, from_move, line, played, state, created_at`.
fn line(r: &Row) -> R<ConditionalLine> {
    let text: String = r.get(3)?;
    let state: String = r.get(5)?;
    Ok(ConditionalLine {
        id: r.get(0)?,
        player_id: r.get(1)?,
        from_move: to_u32(r.get(2)?),
        moves: text.split_whitespace().map(str::to_string).collect(),
        played: to_u32(r.get(4)?),
        // (The table's CHECK allows no other word.)
        state: LineState::parse(&state).unwrap_or(LineState::Dropped),
        created_at: r.get(6)?,
    })
}

/// Drops every waiting line of a game, inside the caller's transaction
/// (a move nobody's line answered, a takeback, a pause).
pub(crate) fn drop_lines_in(c: &mut dyn Conn, game: GameId, at: i64) -> R<usize> {
    c.exec(
        "UPDATE conditional_lines SET state = 'dropped', ended_at = $2 \
         WHERE game_id = $1 AND state = 'waiting'",
        params![game, at],
    )
}

/// Every waiting line of a game, oldest first.
fn waiting_in(c: &mut dyn Conn, game: GameId) -> R<Vec<ConditionalLine>> {
    c.query(
        concat!(
            "SELECT id, player_id, from_move, line, played, state, created_at ",
            "FROM conditional_lines WHERE game_id = $1 AND state = 'waiting' ORDER BY id"
        ),
        params![game],
    )?
    .iter()
    .map(line)
    .collect()
}

impl<B: Backend> Conditionals for B {
    fn append_move_answered(
        &self,
        mv: &NewMove<'_>,
        remind_at: Option<i64>,
        answer: &dyn Fn(&[ConditionalLine]) -> Option<ConditionalReply>,
    ) -> Result<Option<ConditionalReply>, AppendError> {
        self.sql_write(|c| {
            let (count, has_lines) = append_one(c, mv, remind_at)?;
            if !has_lines {
                return Ok(None);
            }
            let lines = waiting_in(c, mv.game_id)?;
            let Some(reply) = answer(&lines) else {
                drop_lines_in(c, mv.game_id, mv.at)?;
                return Ok(None);
            };
            let source = format!("{}+conditional", mv.source_id);
            let next = NewMove {
                game_id: mv.game_id,
                expected_number: count,
                text: &reply.text,
                player_id: &reply.player_id,
                at: mv.at,
                source_id: &source,
                finished: reply.finished,
                deadline: reply.deadline,
                banks: reply.banks,
                vacation_left: reply.vacation_left,
            };
            append_one(c, &next, reply.remind_at)?;
            for l in &lines {
                if !reply.followed.contains(&l.id) {
                    // A line the reply does not follow.
                    c.exec(
                        "UPDATE conditional_lines SET state = 'dropped', ended_at = $2 \
                         WHERE id = $1",
                        params![l.id, mv.at],
                    )?;
                    continue;
                }
                let played = l.played + 1;
                let done = 2 * played as usize >= l.moves.len();
                c.exec(
                    "UPDATE conditional_lines SET played = $2, \
                     state = CASE WHEN $3 THEN 'played' ELSE state END, \
                     ended_at = CASE WHEN $3 THEN $4 ELSE ended_at END WHERE id = $1",
                    params![l.id, played, done, mv.at],
                )?;
            }
            Ok(Some(reply.clone()))
        })
    }

    fn add_conditional_line(
        &self,
        game_id: GameId,
        player: &UserId,
        expected_moves: u32,
        line: &[String],
        max: u32,
        at: i64,
    ) -> Result<bool, AppendError> {
        let text = line.join(" ");
        self.sql_write(|c| {
            refuse_paused(c, game_id, Some(expected_moves))?;
            let n: i64 = match c.query_opt(
                "SELECT count(*) FROM conditional_lines \
                 WHERE game_id = $1 AND player_id = $2 AND state = 'waiting'",
                params![game_id, player],
            )? {
                Some(r) => r.get(0)?,
                None => 0,
            };
            if n >= i64::from(max) {
                return Ok(false);
            }
            c.exec(
                "INSERT INTO conditional_lines (game_id, player_id, from_move, line, created_at) \
                 VALUES ($1, $2, $3, $4, $5)",
                params![game_id, player, expected_moves, text.as_str(), at],
            )?;
            Ok(true)
        })
    }

    fn waiting_lines(
        &self,
        game_id: GameId,
        player: &UserId,
    ) -> Result<Vec<ConditionalLine>, StoreError> {
        self.sql_read(|c| {
            c.query(
                concat!(
                    "SELECT id, player_id, from_move, line, played, state, created_at ",
                    "FROM conditional_lines WHERE game_id = $1 AND player_id = $2 ",
                    "AND state = 'waiting' ORDER BY id"
                ),
                params![game_id, player],
            )?
            .iter()
            .map(line)
            .collect()
        })
    }

    fn conditional_lines(&self, game_id: GameId) -> Result<Vec<ConditionalLine>, StoreError> {
        self.sql_read(|c| {
            c.query(
                concat!(
                    "SELECT id, player_id, from_move, line, played, state, created_at ",
                    "FROM conditional_lines WHERE game_id = $1 ORDER BY id"
                ),
                params![game_id],
            )?
            .iter()
            .map(line)
            .collect()
        })
    }

    fn clear_conditional_lines(
        &self,
        game_id: GameId,
        player: &UserId,
        at: i64,
    ) -> Result<u32, StoreError> {
        self.sql_write_plain(|c| {
            // Locks the game: a move being committed goes first or after.
            check_turn(c, game_id, None)?;
            let n = c.exec(
                "UPDATE conditional_lines SET state = 'dropped', ended_at = $3 \
                 WHERE game_id = $1 AND player_id = $2 AND state = 'waiting'",
                params![game_id, player, at],
            )?;
            Ok(u32::try_from(n).unwrap_or(u32::MAX))
        })
    }
}
