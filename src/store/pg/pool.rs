//! A small pool of PostgreSQL connections.
//!
//! The store's calls are short and synchronous and run off the async
//! runtime (in `spawn_blocking` or plain threads), so a pool of blocking
//! `postgres::Client`s is all it needs: a checkout takes an idle connection,
//! or opens a new one while fewer than `max` are open, or waits (up to the
//! busy timeout) for one to come back. A connection that broke (the server
//! restarted, the network dropped) is not returned to the pool; the next
//! checkout opens a fresh one. Each connection keeps its prepared statements.

use std::collections::HashMap;
use std::ops::{Deref, DerefMut};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use postgres::{Client, NoTls, Statement};

use super::super::StoreError;
use super::error::classify;

/// One open connection and its prepared statements.
pub(crate) struct PgConn {
    pub(crate) client: Client,
    statements: HashMap<&'static str, Statement>,
    /// The last statement of [`PgConn::prep_once`].
    last_once: Option<(String, Statement)>,
    /// A transaction was begun and not yet ended (a panic inside it, say):
    /// the pool rolls it back before the connection is used again.
    pub(crate) in_tx: bool,
    /// The pool's statement count (feature `fault-injection`).
    #[cfg(feature = "fault-injection")]
    log: crate::store::StatementLog,
}

impl PgConn {
    /// The prepared statement for `sql` on this connection (prepared on
    /// first use; PostgreSQL then skips parsing and planning it again).
    /// Each is run once after this call.
    /// A statement of the shared SQL (`store/sql`) is read in
    /// PostgreSQL's dialect first.
    pub(crate) fn prep(&mut self, sql: &'static str) -> Result<Statement, postgres::Error> {
        #[cfg(feature = "fault-injection")]
        if self.log.is_on() {
            self.log.note(&crate::store::sql::dialect(sql, false));
        }
        if let Some(s) = self.statements.get(sql) {
            return Ok(s.clone());
        }
        let s = self
            .client
            .prepare(&crate::store::sql::dialect(sql, false))?;
        self.statements.insert(sql, s.clone());
        Ok(s)
    }

    /// A statement built at run time, prepared for its run: only the last
    /// one is kept (a copy inserts row after row with one statement).
    pub(crate) fn prep_once(&mut self, sql: &str) -> Result<Statement, postgres::Error> {
        let sql = crate::store::sql::dialect(sql, false);
        #[cfg(feature = "fault-injection")]
        self.log.note(&sql);
        if let Some((text, s)) = &self.last_once {
            if *text == sql {
                return Ok(s.clone());
            }
        }
        let s = self.client.prepare(&sql)?;
        self.last_once = Some((sql, s.clone()));
        Ok(s)
    }

    /// Runs `sql` without parameters (`BEGIN`, `COMMIT`, savepoints).
    pub(crate) fn batch(&mut self, sql: &str) -> Result<(), postgres::Error> {
        #[cfg(feature = "fault-injection")]
        self.log.note(sql);
        self.client.batch_execute(sql)
    }
}

struct State {
    idle: Vec<PgConn>,
    open: usize,
}

/// The pool. Connections are opened lazily, at most `max` at once.
pub(crate) struct Pool {
    config: postgres::Config,
    label: String,
    max: usize,
    wait: Duration,
    state: Mutex<State>,
    returned: Condvar,
    /// The statements counted on every connection (feature `fault-injection`).
    #[cfg(feature = "fault-injection")]
    pub(crate) log: crate::store::StatementLog,
}

impl Pool {
    pub(crate) fn new(config: postgres::Config, label: String, max: usize, wait: Duration) -> Pool {
        Pool {
            config,
            label,
            max: max.max(1),
            wait,
            state: Mutex::new(State {
                idle: Vec::new(),
                open: 0,
            }),
            returned: Condvar::new(),
            #[cfg(feature = "fault-injection")]
            log: Default::default(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Opens one connection outside the pool's accounting.
    pub(crate) fn connect(&self) -> Result<PgConn, StoreError> {
        let client = self.config.connect(NoTls).map_err(|e| {
            let detail = e.to_string();
            match classify(&self.label, e) {
                busy @ StoreError::Busy { .. } => busy,
                _ => StoreError::CannotOpen {
                    path: self.label.clone(),
                    detail,
                },
            }
        })?;
        Ok(PgConn {
            client,
            statements: HashMap::new(),
            last_once: None,
            in_tx: false,
            #[cfg(feature = "fault-injection")]
            log: self.log.clone(),
        })
    }

    /// A connection for one call; it goes back to the pool when dropped.
    pub(crate) fn get(&self) -> Result<Pooled<'_>, StoreError> {
        let deadline = Instant::now() + self.wait;
        let mut st = self.lock();
        loop {
            while let Some(c) = st.idle.pop() {
                if c.client.is_closed() {
                    st.open -= 1;
                    continue;
                }
                return Ok(Pooled {
                    conn: Some(c),
                    pool: self,
                });
            }
            if st.open < self.max {
                st.open += 1;
                drop(st);
                return match self.connect() {
                    Ok(c) => Ok(Pooled {
                        conn: Some(c),
                        pool: self,
                    }),
                    Err(e) => {
                        self.lock().open -= 1;
                        self.returned.notify_one();
                        Err(e)
                    }
                };
            }
            let now = Instant::now();
            if now >= deadline {
                return Err(StoreError::Busy {
                    path: self.label.clone(),
                });
            }
            st = self
                .returned
                .wait_timeout(st, deadline - now)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }

    fn put_back(&self, mut c: PgConn) {
        if c.in_tx && !c.client.is_closed() && c.client.batch_execute("ROLLBACK").is_ok() {
            c.in_tx = false;
        }
        let mut st = self.lock();
        if c.client.is_closed() || c.in_tx {
            st.open -= 1;
        } else {
            st.idle.push(c);
        }
        drop(st);
        self.returned.notify_one();
    }
}

impl Drop for Pool {
    /// Each blocking client owns a small runtime of its own, which may not
    /// be dropped on an async worker (tokio panics): a store dropped there
    /// (a web server or bot shutting down, a test's end) closes its
    /// connections on a thread of its own.
    fn drop(&mut self) {
        let idle = std::mem::take(&mut self.lock().idle);
        if idle.is_empty() {
            return;
        }
        if let Ok(t) = std::thread::Builder::new()
            .name("tawlbot-pg-close".into())
            .spawn(move || drop(idle))
        {
            let _ = t.join();
        }
    }
}

/// A checked-out connection.
pub(crate) struct Pooled<'a> {
    conn: Option<PgConn>,
    pool: &'a Pool,
}

impl Deref for Pooled<'_> {
    type Target = PgConn;
    fn deref(&self) -> &PgConn {
        self.conn
            .as_ref()
            .expect("a pooled connection is present until dropped")
    }
}

impl DerefMut for Pooled<'_> {
    fn deref_mut(&mut self) -> &mut PgConn {
        self.conn
            .as_mut()
            .expect("a pooled connection is present until dropped")
    }
}

impl Drop for Pooled<'_> {
    fn drop(&mut self) {
        if let Some(c) = self.conn.take() {
            self.pool.put_back(c);
        }
    }
}
