//! Each table's columns, as its statements list them, and the row
//! mapping that reads them in that order.

use super::games::to_u32;
use super::{
    Challenge, GameRow, GameSettings, Rating, Row, Tournament, TournamentMatch, BOT_LEVELS, E, R,
};

/// The columns [`game_from_row`] reads, in its order.
macro_rules! game_columns {
    () => {
        "id, server_id, channel_id, variant, options, seed, first_side, \
         first_player, second_player, challenge_id, tournament_match_id, rated, time_control, \
         bank_first, bank_second, paused, state, result, reason, move_count, created_at, \
         updated_at, finished_at, deadline, reminders_sent, last_reminder_at, thread, bot_level, \
         start_position, vacation_left"
    };
}
pub(crate) use game_columns;

pub fn game_from_row(r: &Row) -> R<GameRow> {
    Ok(GameRow {
        id: r.get(0)?,
        server_id: r.get(1)?,
        channel_id: r.get(2)?,
        variant: r.get(3)?,
        options: r.options(4)?,
        seed: r.get::<i64>(5)? as u64,
        first_side: r.get(6)?,
        first_player: r.get(7)?,
        second_player: r.get(8)?,
        challenge_id: r.get(9)?,
        tournament_match_id: r.get(10)?,
        rated: r.get(11)?,
        time_control: r.get(12)?,
        bank_first: r.get(13)?,
        bank_second: r.get(14)?,
        paused: r.get(15)?,
        state: r.get(16)?,
        result: r.get(17)?,
        reason: r.get(18)?,
        move_count: to_u32(r.get(19)?),
        created_at: r.get(20)?,
        updated_at: r.get(21)?,
        finished_at: r.get(22)?,
        deadline: r.get(23)?,
        reminders_sent: to_u32(r.get(24)?),
        last_reminder_at: r.get(25)?,
        settings: settings_from_row(r, 26)?,
        vacation_left: r.get(29)?,
    })
}

/// A player's games (the player is `$1`), as [`game_from_row`] reads
/// them, before the rest of the `WHERE`: the ids as the union of the two
/// player columns' indexes (an `OR` of the two would scan the table).
macro_rules! games_of_player {
    () => {
        concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE id IN ( \
               SELECT id FROM games WHERE first_player = $1 \
               UNION SELECT id FROM games WHERE second_player = $1) "
        )
    };
}
pub(crate) use games_of_player;

/// The columns [`challenge_from_row`] reads, in its order.
macro_rules! challenge_columns {
    () => {
        "id, server_id, channel_id, challenger_id, opponent_id, variant, \
         options, challenger_side, time_control, rated, state, game_id, created_at, updated_at, \
         expires_at, thread, bot_level, start_position"
    };
}
pub(crate) use challenge_columns;

pub fn challenge_from_row(r: &Row) -> R<Challenge> {
    Ok(Challenge {
        id: r.get(0)?,
        server_id: r.get(1)?,
        channel_id: r.get(2)?,
        challenger_id: r.get(3)?,
        opponent_id: r.get(4)?,
        variant: r.get(5)?,
        options: r.options(6)?,
        challenger_side: r.get(7)?,
        time_control: r.get(8)?,
        rated: r.get(9)?,
        state: r.get(10)?,
        game_id: r.get(11)?,
        created_at: r.get(12)?,
        updated_at: r.get(13)?,
        expires_at: r.get(14)?,
        settings: settings_from_row(r, 15)?,
    })
}

/// The columns `thread, bot_level, start_position` from `first` on.
fn settings_from_row(r: &Row, first: usize) -> R<GameSettings> {
    let bot_level = match r.get::<Option<i64>>(first + 1)? {
        None => None,
        Some(l) => match u8::try_from(l).ok().filter(|l| BOT_LEVELS.contains(l)) {
            Some(l) => Some(l),
            None => {
                return Err(E::Store(
                    r.bad(first + 1, format!("bot level {l} is not 1 to 5")),
                ))
            }
        },
    };
    Ok(GameSettings {
        thread: r.get(first)?,
        bot_level,
        position: r.get(first + 2)?,
    })
}

/// The columns [`tournament_from_row`] reads, in its order.
macro_rules! tournament_columns {
    () => {
        "id, server_id, channel_id, name, variant, options, format, \
         state, data, created_by, created_at, updated_at, version"
    };
}
pub(crate) use tournament_columns;

pub fn tournament_from_row(r: &Row) -> R<Tournament> {
    Ok(Tournament {
        id: r.get(0)?,
        server_id: r.get(1)?,
        channel_id: r.get(2)?,
        name: r.get(3)?,
        variant: r.get(4)?,
        options: r.options(5)?,
        format: r.get(6)?,
        state: r.get(7)?,
        data: r.get(8)?,
        created_by: r.get(9)?,
        created_at: r.get(10)?,
        updated_at: r.get(11)?,
        version: r.get(12)?,
    })
}

/// The columns [`rating_from_row`] reads, in its order.
macro_rules! rating_columns {
    () => {
        "server_id, variant, player_id, rating, rd, vol, games, wins_first, \
         wins_second, losses, draws, updated_at"
    };
}
pub(crate) use rating_columns;

pub fn rating_from_row(r: &Row) -> R<Rating> {
    Ok(Rating {
        server_id: r.get(0)?,
        variant: r.get(1)?,
        player_id: r.get(2)?,
        rating: r.get(3)?,
        rd: r.get(4)?,
        vol: r.get(5)?,
        games: to_u32(r.get(6)?),
        wins_first: to_u32(r.get(7)?),
        wins_second: to_u32(r.get(8)?),
        losses: to_u32(r.get(9)?),
        draws: to_u32(r.get(10)?),
        updated_at: r.get(11)?,
    })
}

/// The columns [`match_from_row`] reads, in its order.
macro_rules! match_columns {
    () => {
        "id, tournament_id, round, board, first_player, second_player, result"
    };
}
pub(crate) use match_columns;

pub fn match_from_row(r: &Row) -> R<TournamentMatch> {
    Ok(TournamentMatch {
        id: r.get(0)?,
        tournament_id: r.get(1)?,
        round: to_u32(r.get(2)?),
        board: to_u32(r.get(3)?),
        first_player: r.get(4)?,
        second_player: r.get(5)?,
        result: r.get(6)?,
    })
}
