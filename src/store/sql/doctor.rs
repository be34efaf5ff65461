//! The doctor's operations: find every stored row this program cannot
//! read, and set such rows aside in the `quarantine` table (migration 7)
//! so that the operator can fix or drop them. `tawlbot doctor` runs them
//! (with the replay of every game, `app/use_cases/doctor.rs`, which needs the rules).
//!
//! A row is unreadable when the store's own reader for its table refuses
//! it (the same readers every other read uses): a word the program does
//! not know, options that are not a JSON list, a value of the wrong type.
//! A tournament whose data is not JSON is unreadable too; so is a game
//! whose move numbers do not run 0..n or whose `move_count` is not the
//! number of its moves, a rating that cannot be read, and any row whose
//! reference leads nowhere (the schema's foreign keys, checked on both
//! databases with one statement per key). Each bad row is named by the row
//! it belongs to (a move by its game, a setting or rating by its player).
//!
//! The statements here name their table at run time (always one of the
//! doctor's own names, never input), so they run once each
//! ([`Conn::query_once`]) instead of being kept prepared.

use super::rows::*;
use super::{
    logic, params, what_is_wrong, Backend, Conn, Doctor, QuarantinedRow, Row, StoreError,
    StoredChoices, UnreadableRow, Value, R,
};

use crate::domain::{GameId, Table};
/// The tables the doctor reads, in the order it reads and quarantines
/// them (a tournament before its matches).
use logic::DOCTOR_TABLES as TABLES;

/// Reads every row of `table` with its reader; the rows it refuses.
fn scan_table(c: &mut dyn Conn, table: Table) -> R<Vec<UnreadableRow>> {
    fn scan<T>(
        c: &mut dyn Conn,
        table: Table,
        sql: &'static str,
        read: fn(&Row) -> R<T>,
        bad: &mut Vec<UnreadableRow>,
    ) -> R<()> {
        for r in c.query(sql, &[])? {
            if let Err(e) = read(&r) {
                let Some(problem) = what_is_wrong(&e) else {
                    return Err(e);
                };
                bad.push(UnreadableRow {
                    table,
                    id: r.id_text(),
                    problem,
                });
            }
        }
        Ok(())
    }
    let mut bad = Vec::new();
    match table {
        Table::Games => scan(
            c,
            table,
            concat!("SELECT ", game_columns!(), " FROM games ORDER BY id"),
            game_from_row,
            &mut bad,
        )?,
        Table::Challenges => scan(
            c,
            table,
            concat!(
                "SELECT ",
                challenge_columns!(),
                " FROM challenges ORDER BY id"
            ),
            challenge_from_row,
            &mut bad,
        )?,
        Table::Tournaments => {
            scan(
                c,
                table,
                concat!(
                    "SELECT ",
                    tournament_columns!(),
                    " FROM tournaments ORDER BY id"
                ),
                tournament_from_row,
                &mut bad,
            )?;
            for r in c.query("SELECT id, data FROM tournaments ORDER BY id", &[])? {
                let id = r.id_text();
                let json = r
                    .get::<String>(1)
                    .is_ok_and(|d| serde_json::from_str::<serde_json::Value>(&d).is_ok());
                if !json && !bad.iter().any(|b| b.id == id) {
                    bad.push(UnreadableRow {
                        table,
                        id,
                        problem: "data: not JSON".into(),
                    });
                }
            }
            bad.sort_by_key(|b| b.id.parse::<i64>().unwrap_or(i64::MAX));
        }
        Table::TournamentMatches => scan(
            c,
            table,
            concat!(
                "SELECT ",
                match_columns!(),
                " FROM tournament_matches ORDER BY id"
            ),
            match_from_row,
            &mut bad,
        )?,
        // Judged by their own scans (ratings, references) and the app's
        // (settings, languages): no reader of a whole row.
        Table::Players | Table::Servers | Table::Channels => {}
    }
    Ok(bad)
}

/// A game whose moves are not numbered 0..n, or whose `move_count` is not
/// the number of its moves (every move would be refused as stale).
const MOVE_COUNTS: &str = "SELECT g.id, g.move_count, count(m.number), min(m.number), \
     max(m.number) FROM games g LEFT JOIN moves m ON m.game_id = g.id \
     GROUP BY g.id, g.move_count \
     HAVING count(m.number) <> g.move_count OR min(m.number) <> 0 \
     OR max(m.number) <> count(m.number) - 1 ORDER BY g.id";

/// [`MOVE_COUNTS`]' games, each problem named.
fn scan_move_numbers(c: &mut dyn Conn) -> R<Vec<UnreadableRow>> {
    let mut bad = Vec::new();
    for r in c.query(MOVE_COUNTS, &[])? {
        let Ok(id) = r.get::<i64>(0) else { continue };
        let numbers = c
            .query(
                "SELECT number FROM moves WHERE game_id = $1 ORDER BY number",
                params![id],
            )?
            .iter()
            .map(|m| m.get::<i64>(0))
            .collect::<R<Vec<i64>>>()?;
        let row = |problem: String| UnreadableRow {
            table: Table::Games,
            id: id.to_string(),
            problem,
        };
        if let Some(missing) = logic::first_missing(&numbers) {
            bad.push(row(format!(
                "moves: move {missing} is missing (numbers run 0..{})",
                numbers.last().copied().unwrap_or(0)
            )));
        }
        let count = r.values.get(1).map_or_else(|| "?".into(), |v| v.show());
        if count != numbers.len().to_string() {
            bad.push(row(format!(
                "move_count: {count}, but {} moves are stored",
                numbers.len()
            )));
        }
    }
    Ok(bad)
}

/// Ratings that cannot be read (a value of the wrong type, a rating that
/// is not a number, a deviation that is not above 0), named by player.
fn scan_ratings(c: &mut dyn Conn) -> R<Vec<UnreadableRow>> {
    let mut bad = Vec::new();
    for r in c.query(
        concat!(
            "SELECT ",
            rating_columns!(),
            " FROM ratings ORDER BY player_id, server_id, variant"
        ),
        &[],
    )? {
        let problem = match rating_from_row(&r) {
            Ok(g) => logic::rating_problem(g.rating, g.rd, g.vol),
            Err(e) => match what_is_wrong(&e) {
                Some(p) => Some(p),
                None => return Err(e),
            },
        };
        if let Some(p) = problem {
            let show = |i: usize| r.values.get(i).map_or_else(|| "?".into(), |v| v.show());
            bad.push(UnreadableRow {
                table: Table::Players,
                id: show(2),
                problem: format!("rating on server {} in {}: {p}", show(0), show(1)),
            });
        }
    }
    Ok(bad)
}

/// The schema's foreign keys: (table, column, table referred to, column).
fn foreign_keys(c: &mut dyn Conn) -> R<Vec<[String; 4]>> {
    c.query("{foreign_keys}", &[])?
        .iter()
        .map(|r| Ok([r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?]))
        .collect()
}

/// Every row whose reference leads nowhere (SQLite's `PRAGMA
/// foreign_key_check`, written once for both databases: a foreign key
/// off, or a row copied in by hand, leaves them), named by the row it
/// belongs to ([`logic::owner_of`]). Tables the doctor does not know are
/// left to the database. `migrate-db` runs it on its copy before the
/// commit, to name the rows a deferred check would refuse without a name.
pub(crate) fn scan_references(c: &mut dyn Conn) -> R<Vec<UnreadableRow>> {
    let mut bad = Vec::new();
    for [table, column, parent, to] in foreign_keys(c)? {
        let Some(owner) = logic::owner_of(&table) else {
            continue;
        };
        let detail = owner
            .detail
            .map_or_else(|| "NULL".to_string(), |(col, _)| format!("c.{col}"));
        // Names from the database's own catalogue, and the owner's from
        // the doctor's list: never input.
        let sql = format!(
            "SELECT c.{key}, {detail}, c.{column} FROM {table} c \
             WHERE c.{column} IS NOT NULL AND NOT EXISTS \
             (SELECT 1 FROM {parent} p WHERE p.{to} = c.{column}) ORDER BY 1",
            key = owner.key,
        );
        for r in c.query_once(&sql, &[])? {
            let show = |i: usize| r.values.get(i).map_or_else(|| "?".into(), |v| v.show());
            let within = owner
                .detail
                .map(|(_, word)| format!("{word} {}: ", show(1)))
                .unwrap_or_default();
            bad.push(UnreadableRow {
                table: owner.table,
                id: show(0),
                problem: format!("{within}{column} {:?} is not in {parent}", show(2)),
            });
        }
    }
    Ok(bad)
}

/// A stored value as JSON (as the database's own JSON functions give it).
fn json_of(v: &Value<'_>) -> serde_json::Value {
    match v {
        Value::Null => serde_json::Value::Null,
        Value::Int(i) => (*i).into(),
        Value::Real(f) => (*f).into(),
        Value::Text(t) => t.as_ref().into(),
        Value::Bool(b) => (*b).into(),
    }
}

/// The rows of `table` whose `column` is `id`, as a JSON array of objects
/// (one key per column, in the table's order).
fn rows_json(c: &mut dyn Conn, table: &str, column: &str, id: &[Value<'_>]) -> R<String> {
    let rows = c.query_once(
        &format!("SELECT * FROM {table} WHERE {column} = $1 ORDER BY {column}"),
        id,
    )?;
    let objects: Vec<String> = rows
        .iter()
        .map(|r| {
            let pairs: Vec<String> = r
                .columns
                .iter()
                .zip(&r.values)
                .map(|(k, v)| format!("{}: {}", serde_json::json!(k), json_of(v)))
                .collect();
            format!("{{{}}}", pairs.join(", "))
        })
        .collect();
    Ok(format!("[{}]", objects.join(", ")))
}

/// The ids of `table` rows where `column = id`, then that column set to
/// NULL (the link to a quarantined row is cut, and kept in its record).
fn unlink(c: &mut dyn Conn, table: &str, column: &str, id: &[Value<'_>]) -> R<Vec<i64>> {
    let ids = c
        .query_once(
            &format!("SELECT id FROM {table} WHERE {column} = $1 ORDER BY id"),
            id,
        )?
        .iter()
        .map(|r| r.get(0))
        .collect::<R<Vec<i64>>>()?;
    c.exec_once(
        &format!("UPDATE {table} SET {column} = NULL WHERE {column} = $1"),
        id,
    )?;
    Ok(ids)
}

/// Whether any row of `table` has `column = id`.
fn any(c: &mut dyn Conn, table: &str, column: &str, id: &Value<'_>) -> R<bool> {
    Ok(!c
        .query_once(
            &format!("SELECT 1 FROM {table} WHERE {column} = $1 LIMIT 1"),
            std::slice::from_ref(id),
        )?
        .is_empty())
}

/// Moves one row to quarantine with what hangs on it; `false` if it is
/// gone, or (a channel others still use) cannot be moved.
fn quarantine_one(c: &mut dyn Conn, bad: &UnreadableRow, at: i64) -> R<bool> {
    // The row's key: a number for the tables of row ids, text for players,
    // servers and channels.
    let numeric = matches!(
        bad.table,
        Table::Games | Table::Challenges | Table::Tournaments | Table::TournamentMatches
    );
    let key: Value<'_> = if numeric {
        match bad.id.parse::<i64>() {
            Ok(n) => Value::Int(n),
            Err(_) => return Ok(false),
        }
    } else {
        Value::from(bad.id.as_str())
    };
    let id = std::slice::from_ref(&key);
    // Locked, so that two doctors never move one row twice.
    let there = !c
        .query_once(
            &format!("SELECT id FROM {} WHERE id = $1{{lock_update}}", bad.table),
            id,
        )?
        .is_empty();
    // What hangs on the row (a game's moves, a player's settings and
    // ratings) is moved even when the row itself is missing: that is what
    // a reference leading nowhere leaves.
    let hangers: &[(&str, &str)] = match bad.table {
        Table::Games => &[
            ("moves", "game_id"),
            ("offers", "game_id"),
            ("rating_history", "game_id"),
            ("conditional_lines", "game_id"),
        ],
        Table::Tournaments => &[
            ("tournament_matches", "tournament_id"),
            ("tournament_players", "tournament_id"),
        ],
        Table::Players => &[("player_settings", "player_id"), ("ratings", "player_id")],
        _ => &[],
    };
    let mut hanging = false;
    for (table, column) in hangers {
        hanging |= any(c, table, column, &key)?;
    }
    if !there && !hanging {
        return Ok(false);
    }
    // A channel stays while a game, challenge or tournament is played in it.
    if bad.table == Table::Channels {
        for table in ["games", "challenges", "tournaments"] {
            if any(c, table, "channel_id", &key)? {
                return Ok(false);
            }
        }
    }
    let one = rows_json(c, bad.table.as_str(), "id", id)?;
    let mut taken: Vec<(String, String)> = Vec::new();
    let mut take = |c: &mut dyn Conn, table: &str, column: &str| -> R<()> {
        taken.push((table.to_string(), rows_json(c, table, column, id)?));
        c.exec_once(&format!("DELETE FROM {table} WHERE {column} = $1"), id)?;
        Ok(())
    };
    let mut unlinked: Vec<(String, Vec<i64>)> = Vec::new();
    match bad.table {
        Table::Games => {
            take(c, "moves", "game_id")?;
            take(c, "offers", "game_id")?;
            take(c, "rating_history", "game_id")?;
            take(c, "conditional_lines", "game_id")?;
            unlinked.push((
                "challenges.game_id".into(),
                unlink(c, "challenges", "game_id", id)?,
            ));
        }
        Table::Challenges => {
            unlinked.push((
                "games.challenge_id".into(),
                unlink(c, "games", "challenge_id", id)?,
            ));
        }
        Table::Tournaments => {
            let games = c
                .query(
                    "SELECT g.id FROM games g JOIN tournament_matches m \
                     ON g.tournament_match_id = m.id WHERE m.tournament_id = $1 ORDER BY g.id",
                    id,
                )?
                .iter()
                .map(|r| r.get(0))
                .collect::<R<Vec<i64>>>()?;
            c.exec(
                "UPDATE games SET tournament_match_id = NULL WHERE tournament_match_id IN \
                 (SELECT id FROM tournament_matches WHERE tournament_id = $1)",
                id,
            )?;
            unlinked.push(("games.tournament_match_id".into(), games));
            take(c, "tournament_matches", "tournament_id")?;
            take(c, "tournament_players", "tournament_id")?;
        }
        Table::TournamentMatches => {
            unlinked.push((
                "games.tournament_match_id".into(),
                unlink(c, "games", "tournament_match_id", id)?,
            ));
        }
        // A player stays (games name them); their settings and ratings go.
        Table::Players => {
            take(c, "player_settings", "player_id")?;
            take(c, "ratings", "player_id")?;
        }
        // A server stays (everything on it names it); its language goes.
        Table::Servers => {
            c.exec("UPDATE servers SET language = NULL WHERE id = $1", id)?;
        }
        Table::Channels => {}
    }
    let content = logic::quarantine_content(&one, &taken, &unlinked);
    c.exec(
        "INSERT INTO quarantine (table_name, row_id, problem, content, at) \
         VALUES ($1, $2, $3, $4, $5)",
        params![bad.table.as_str(), &bad.id, &bad.problem, content, at],
    )?;
    if matches!(bad.table, Table::Players | Table::Servers) {
        return Ok(true);
    }
    c.exec_once(&format!("DELETE FROM {} WHERE id = $1", bad.table), id)?;
    Ok(true)
}

impl<B: Backend> Doctor for B {
    fn unreadable_rows(&self) -> Result<Vec<UnreadableRow>, StoreError> {
        self.sql_snapshot(|c| {
            let mut all = Vec::new();
            for table in TABLES {
                all.extend(scan_table(c, *table)?);
            }
            all.extend(scan_move_numbers(c)?);
            all.extend(scan_ratings(c)?);
            all.extend(scan_references(c)?);
            UnreadableRow::sort_all(&mut all);
            Ok(all)
        })
    }

    fn all_game_ids(&self) -> Result<Vec<GameId>, StoreError> {
        self.sql_read(|c| {
            c.query("SELECT id FROM games ORDER BY id", &[])?
                .iter()
                .map(|r| r.get(0))
                .collect()
        })
    }

    fn stored_choices(&self) -> Result<StoredChoices, StoreError> {
        self.sql_snapshot(|c| {
            let settings = c
                .query(
                    "SELECT player_id, key, value FROM player_settings ORDER BY player_id, key",
                    &[],
                )?
                .iter()
                .map(|r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
                .collect::<R<Vec<_>>>()?;
            let languages = c
                .query(
                    "SELECT id, language FROM servers WHERE language IS NOT NULL ORDER BY id",
                    &[],
                )?
                .iter()
                .map(|r| Ok((r.get(0)?, r.get(1)?)))
                .collect::<R<Vec<_>>>()?;
            Ok(StoredChoices {
                settings,
                languages,
            })
        })
    }

    // The closures let the connection's `dyn Conn + '_` meet the
    // functions' shorter lifetime (the functions themselves do not).
    #[allow(clippy::redundant_closure)]
    fn quarantine_rows(
        &self,
        rows: &[UnreadableRow],
        at: i64,
    ) -> Result<Vec<UnreadableRow>, StoreError> {
        self.sql_write_plain(|c| {
            logic::quarantine_all(c, rows, at, |c, bad, at| quarantine_one(c, bad, at))
        })
    }

    fn quarantined(&self) -> Result<Vec<QuarantinedRow>, StoreError> {
        self.sql_read(|c| {
            c.query(
                "SELECT id, table_name, row_id, problem, content, at FROM quarantine \
                 ORDER BY id",
                &[],
            )?
            .iter()
            .map(|r| {
                Ok(QuarantinedRow {
                    id: r.get(0)?,
                    table: r.get(1)?,
                    row_id: r.get(2)?,
                    problem: r.get(3)?,
                    content: r.get(4)?,
                    at: r.get(5)?,
                })
            })
            .collect()
        })
    }
}
