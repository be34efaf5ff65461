//! Counting the statements this store runs (feature `fault-injection`, see
//! `store/statements.rs`): SQLite calls [`on_statement`] as each statement
//! starts (`sqlite3_trace_v2`, `SQLITE_TRACE_STMT`).

use std::ffi::{c_char, c_int, c_uint, c_void, CStr};

use rusqlite::ffi;

use crate::store::statements::LogInner;
use crate::store::StatementLog;

impl super::SqliteStore {
    /// Counts every statement this store runs from now on (statements of
    /// triggers are not counted apart: they run inside their statement).
    pub fn count_statements(&self) -> StatementLog {
        let log = self.inner.statements.clone();
        log.start();
        let conn = self.conn();
        // SAFETY: the context is the log inside `self.inner`, which lives
        // as long as the connection (it is dropped after it, see `Inner`);
        // the callback only reads the text SQLite hands it for the call.
        unsafe {
            ffi::sqlite3_trace_v2(
                conn.handle(),
                ffi::SQLITE_TRACE_STMT,
                Some(on_statement),
                log.inner_ptr() as *mut c_void,
            );
        }
        log
    }
}

/// SQLite's trace callback: `x` is the statement's text as prepared (or a
/// `--` comment for a statement of a trigger).
unsafe extern "C" fn on_statement(
    kind: c_uint,
    ctx: *mut c_void,
    _stmt: *mut c_void,
    x: *mut c_void,
) -> c_int {
    if kind != ffi::SQLITE_TRACE_STMT || ctx.is_null() || x.is_null() {
        return 0;
    }
    // SAFETY: see `count_statements`: `ctx` is a live `LogInner`, `x` a
    // NUL-terminated string valid for this call.
    let (log, sql) = unsafe {
        (
            &*(ctx as *const LogInner),
            CStr::from_ptr(x as *const c_char),
        )
    };
    let sql = sql.to_string_lossy();
    if !sql.starts_with("--") {
        log.note(&sql);
    }
    0
}
