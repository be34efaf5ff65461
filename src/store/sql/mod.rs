//! The store's SQL, written once for both databases.
//!
//! Each area (`players.rs`, `offers.rs`, ...) implements its trait of
//! `interface.rs` once, for every [`Backend`]: [`super::SqliteStore`] and
//! [`super::PostgresStore`] are the two. What really differs between the
//! two databases stays behind this small seam:
//!
//! * **Connections and transactions** ([`Backend`]): SQLite runs
//!   everything on one connection behind a mutex, a change in `BEGIN
//!   IMMEDIATE`; PostgreSQL takes a connection from its pool, runs a change
//!   in a read-committed transaction and retries it on a deadlock.
//! * **Values** ([`Value`], [`Row`]): a statement binds the seam's own
//!   values and a row holds them; each backend converts to and from its
//!   client's types (PostgreSQL's BOOLEAN and SQLite's 0/1 both read as a
//!   `bool`).
//! * **Dialect pieces**: statements are written with PostgreSQL's `$1`
//!   parameters (SQLite reads them as `?1`, rewritten once per statement),
//!   and the few words that differ are named in braces, each backend
//!   putting in its own text ([`piece`]): `{lock}` and `{lock_update}`
//!   (PostgreSQL's `FOR NO KEY UPDATE` / `FOR UPDATE`, nothing on SQLite,
//!   whose writer holds the whole database), `{binary}` (SQLite's `COLLATE
//!   BINARY`, see REPREPARE_NOTE in `players.rs`), `{bytewise}`
//!   (PostgreSQL's `COLLATE "C"`: SQLite's order already), `{paused}` and
//!   `{not_paused}` (as each database's partial indexes say it),
//!   `{greatest}`, `{json_agg}` and `{json_array}`; and one whole
//!   statement, `{foreign_keys}` (the schema's foreign keys, read from
//!   each database's catalogue, for the doctor).
//! * **Errors**: each backend classifies its client's errors into
//!   [`StoreError`]s ([`DbError`]), noting the two facts the shared code
//!   asks about: a unique-index violation, and a transaction worth running
//!   again.
//!
//! docs/storage.md ("One SQL store") says why this road and not a query
//! builder.

mod archive;
mod challenges;
pub(crate) mod clock;
mod conditional;
mod doctor;
mod games;
mod leases;
mod offers;
mod outbox;
mod players;
mod puzzles;
mod ratings;
mod rows;
mod tournaments;
mod vacations;
pub(crate) mod value;

pub(crate) use doctor::scan_references;
#[cfg(feature = "fault-injection")]
pub use games::to_u32;
pub use value::{FromValue, Row, Value};

use super::*;

/// What goes wrong inside one of the store's calls: the database failed,
/// a row could not be read, or a rule of the operation refused.
#[derive(Debug)]
pub enum E {
    Db(DbError),
    Store(StoreError),
    App(AppendError),
}

/// An error of the database, in the store's words.
#[derive(Debug)]
pub struct DbError {
    pub error: StoreError,
    /// A unique index refused the row.
    pub unique: bool,
    /// The transaction may simply be run again (a deadlock).
    pub retry: bool,
}

impl From<StoreError> for E {
    fn from(e: StoreError) -> Self {
        E::Store(e)
    }
}

impl From<AppendError> for E {
    fn from(e: AppendError) -> Self {
        E::App(e)
    }
}

impl From<BadValue> for E {
    fn from(e: BadValue) -> Self {
        E::Store(e.into())
    }
}

impl E {
    /// Whether this is a unique index refusing a row.
    pub fn is_unique_violation(&self) -> bool {
        matches!(self, E::Db(DbError { unique: true, .. }))
    }

    /// The error as the store's interface gives it, for calls whose only
    /// refusals are errors of the store.
    pub fn into_store(self, label: &str) -> StoreError {
        match self {
            E::Db(d) => d.error,
            E::Store(s) | E::App(AppendError::Store(s)) => s,
            E::App(other) => StoreError::Fault {
                path: label.to_string(),
                detail: other.to_string(),
            },
        }
    }

    /// The error as a compare-and-set call gives it.
    pub fn into_append(self) -> AppendError {
        match self {
            E::Db(d) => AppendError::Store(d.error),
            E::Store(s) => AppendError::Store(s),
            E::App(a) => a,
        }
    }
}

pub type R<T> = Result<T, E>;

/// The values of a statement: `params![a, b]` is `&[Value::from(a), ...]`.
macro_rules! params {
    ($($v:expr),* $(,)?) => {
        &[$($crate::store::sql::Value::from($v)),*]
    };
}
pub(crate) use params;

/// One connection, inside or outside a transaction (the backend decides,
/// see [`Backend`]). Statements are `&'static str` so that each backend
/// can prepare them once and keep them.
pub trait Conn {
    /// Runs one statement; the number of rows it changed.
    fn exec(&mut self, sql: &'static str, params: &[Value<'_>]) -> R<usize>;

    /// Runs one statement; its rows.
    fn query(&mut self, sql: &'static str, params: &[Value<'_>]) -> R<Vec<Row>>;

    /// Runs one statement; its first row, if any.
    fn query_opt(&mut self, sql: &'static str, params: &[Value<'_>]) -> R<Option<Row>> {
        Ok(self.query(sql, params)?.into_iter().next())
    }

    /// Runs a statement built at run time (the doctor's, which name their
    /// table), prepared for this one run; the number of rows it changed.
    fn exec_once(&mut self, sql: &str, params: &[Value<'_>]) -> R<usize>;

    /// [`Conn::exec_once`] for a query; its rows.
    fn query_once(&mut self, sql: &str, params: &[Value<'_>]) -> R<Vec<Row>>;

    /// Whether this database needs the statements of [`Conn::guard`].
    fn guards(&self) -> bool;

    /// Runs a statement that only guards a transaction against other
    /// connections' writers meanwhile: a row lock (`SELECT ... FOR NO KEY
    /// UPDATE`) or a savepoint, needed where writers run side by side and
    /// a failed statement spoils the transaction (PostgreSQL). SQLite,
    /// whose writer holds the whole database, runs nothing.
    fn guard(&mut self, sql: &'static str, params: &[Value<'_>]) -> R<()> {
        if self.guards() {
            self.exec(sql, params)?;
        }
        Ok(())
    }
}

/// A database the shared SQL runs on: how it hands out connections and
/// runs transactions, and how it reports unreadable rows.
pub trait Backend: Send + Sync {
    /// The database as it may be shown (a file, or a URL without password).
    fn label(&self) -> &str;

    /// Runs `f` on a connection outside any transaction (one statement, or
    /// reads that need no common snapshot).
    fn sql_read<T>(&self, f: impl FnOnce(&mut dyn Conn) -> R<T>) -> Result<T, StoreError>;

    /// Runs `f` in one read-only transaction that sees one snapshot
    /// (SQLite: on its one connection, which no writer changes meanwhile).
    fn sql_snapshot<T>(&self, f: impl FnOnce(&mut dyn Conn) -> R<T>) -> Result<T, StoreError>;

    /// Runs `f` in one transaction, committing on `Ok` and rolling back on
    /// `Err`; `f` may be run again from the start (PostgreSQL, after a
    /// deadlock).
    fn sql_write<T>(&self, f: impl FnMut(&mut dyn Conn) -> R<T>) -> Result<T, AppendError>;

    /// [`Backend::sql_write`] for changes whose only refusals are errors of
    /// the store.
    fn sql_write_plain<T>(&self, f: impl FnMut(&mut dyn Conn) -> R<T>) -> Result<T, StoreError> {
        self.sql_write(f)
            .map_err(|e| E::App(e).into_store(self.label()))
    }

    /// The lock a bot process takes on the database (see
    /// [`Leases::lock_for_bot`]).
    fn bot_lock(&self) -> Result<BotLock, StoreError>;

    /// Called as a game is read (SQLite's fault hooks panic here on
    /// demand, feature `fault-injection`).
    fn on_read_game(&self, _id: GameId) {}

    /// The unreadable rows this store has logged, and how `tawlbot doctor
    /// --db` names the database in the log line (`PATH`, `URL`).
    fn reported(&self) -> (&logic::Reported, &'static str);

    /// The error for row `id` of `table`, logged the first time this
    /// store meets that row.
    fn unreadable_row(
        &self,
        table: crate::domain::Table,
        id: String,
        detail: String,
    ) -> StoreError {
        let (reported, target) = self.reported();
        reported.unreadable(table, id, detail, target)
    }
}

/// The text a backend puts for a dialect piece `{name}`; `None` for a
/// name that is not a piece (the braces stay as they are).
pub fn piece(sqlite: bool, name: &str) -> Option<&'static str> {
    Some(match (name, sqlite) {
        ("lock", true) => "",
        ("lock", false) => " FOR NO KEY UPDATE",
        ("lock_update", true) => "",
        ("lock_update", false) => " FOR UPDATE",
        ("paused", true) => "paused = 1",
        ("paused", false) => "paused",
        ("not_paused", true) => "paused = 0",
        ("not_paused", false) => "NOT paused",
        ("greatest", true) => "max",
        ("greatest", false) => "GREATEST",
        ("bytewise", true) => "",
        ("bytewise", false) => " COLLATE \"C\"",
        ("binary", true) => " COLLATE BINARY",
        ("binary", false) => "",
        ("json_agg", true) => "json_group_array",
        ("json_agg", false) => "json_agg",
        ("json_array", true) => "json_array",
        ("json_array", false) => "json_build_array",
        // The schema's foreign keys, one row per column: (table, column,
        // the table it refers to, the column there). The doctor's.
        ("foreign_keys", true) => {
            "SELECT m.name, f.\"from\", f.\"table\", coalesce(f.\"to\", 'id') \
             FROM sqlite_schema m JOIN pragma_foreign_key_list(m.name) f \
             WHERE m.type = 'table' ORDER BY m.name, f.id, f.seq"
        }
        ("foreign_keys", false) => {
            "SELECT c.conrelid::regclass::text, a.attname::text, \
             c.confrelid::regclass::text, af.attname::text \
             FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace \
             CROSS JOIN LATERAL unnest(c.conkey, c.confkey) AS k(col, fcol) \
             JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.col \
             JOIN pg_attribute af ON af.attrelid = c.confrelid AND af.attnum = k.fcol \
             WHERE c.contype = 'f' AND n.nspname = current_schema() \
             ORDER BY 1, c.conname, 2"
        }
        _ => return None,
    })
}

/// A statement in one backend's dialect: the pieces put in, and on SQLite
/// `$1` read as `?1`. Run once per statement (the backends keep the
/// result).
pub fn dialect(sql: &str, sqlite: bool) -> String {
    let mut out = String::with_capacity(sql.len() + 16);
    let mut rest = sql;
    while let Some(i) = rest.find(['{', '$']) {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        if let Some(inner) = tail.strip_prefix('{') {
            if let Some((name, after)) = inner.split_once('}') {
                if let Some(p) = piece(sqlite, name) {
                    out.push_str(p);
                    rest = after;
                    continue;
                }
            }
            out.push('{');
            rest = inner;
        } else {
            let digits = tail[1..].bytes().take_while(u8::is_ascii_digit).count();
            out.push(if sqlite && digits > 0 { '?' } else { '$' });
            rest = &tail[1..];
        }
    }
    out.push_str(rest);
    out
}

/// What is wrong with a row, if a reader's error is the row's fault (a
/// value it cannot read) rather than the database's.
fn what_is_wrong(e: &E) -> Option<String> {
    match e {
        E::Store(StoreError::BadData { detail }) => Some(detail.clone()),
        E::Store(StoreError::Unreadable { detail, .. }) => Some(detail.clone()),
        _ => None,
    }
}

/// The rows of a query of `table` (first column: the row id), each read
/// with `f`; a row that cannot be read is skipped (and logged once).
pub fn list_of<B: Backend + ?Sized, T>(
    b: &B,
    table: crate::domain::Table,
    rows: &[Row],
    f: impl Fn(&Row) -> R<T>,
) -> R<Vec<T>> {
    let mut out = Vec::with_capacity(rows.len());
    for r in rows {
        match f(r) {
            Ok(v) => out.push(v),
            Err(e) => match what_is_wrong(&e) {
                Some(detail) => {
                    b.unreadable_row(table, r.id_text(), detail);
                }
                None => return Err(e),
            },
        }
    }
    Ok(out)
}

/// The one row of a query of `table` by id or unique key, read with `f`:
/// a row that cannot be read is [`StoreError::Unreadable`] (and logged
/// once), so the caller can say which.
pub fn one_of<B: Backend + ?Sized, T>(
    b: &B,
    table: crate::domain::Table,
    row: Option<Row>,
    f: impl Fn(&Row) -> R<T>,
) -> R<Option<T>> {
    let Some(r) = row else { return Ok(None) };
    match f(&r) {
        Ok(v) => Ok(Some(v)),
        Err(e) => match what_is_wrong(&e) {
            Some(detail) => Err(E::Store(b.unreadable_row(table, r.id_text(), detail))),
            None => Err(e),
        },
    }
}

/// A list of options as stored: a JSON list of words.
pub fn opts_to_json(options: &[String]) -> String {
    serde_json::to_string(options).unwrap_or_else(|_| "[]".to_string())
}

/// Creates the server, channel and player rows a new game or challenge
/// refers to, if they are missing (named by their ids).
pub fn ensure_refs(
    c: &mut dyn Conn,
    server: &str,
    channel: Option<&str>,
    players: &[&str],
) -> R<()> {
    c.exec(
        "INSERT INTO servers (id) VALUES ($1) ON CONFLICT DO NOTHING",
        params![server],
    )?;
    if let Some(ch) = channel {
        c.exec(
            "INSERT INTO channels (id, server_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
            params![ch, server],
        )?;
    }
    for p in players {
        ensure_player(c, p)?;
    }
    Ok(())
}

/// Creates a player row named by its id, if missing.
pub fn ensure_player(c: &mut dyn Conn, p: &str) -> R<()> {
    c.exec(
        "INSERT INTO players (id, display_name) VALUES ($1, $1) ON CONFLICT DO NOTHING",
        params![p],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod dialect_tests {
    use super::dialect;

    #[test]
    fn statements_are_written_once_and_read_in_each_dialect() {
        let sql = "SELECT a FROM t WHERE id = $1{binary} AND b = $12 AND c = '{x}' {lock}";
        assert_eq!(
            dialect(sql, true),
            "SELECT a FROM t WHERE id = ?1 COLLATE BINARY AND b = ?12 AND c = '{x}' "
        );
        assert_eq!(
            dialect(sql, false),
            "SELECT a FROM t WHERE id = $1 AND b = $12 AND c = '{x}'  FOR NO KEY UPDATE"
        );
        assert_eq!(
            dialect("json_extract(x, '$.a')", true),
            "json_extract(x, '$.a')"
        );
    }
}
