//! PostgreSQL errors as [`StoreError`]s naming the database.

use postgres::error::SqlState;

use super::super::StoreError;

/// Turns a PostgreSQL client error into a [`StoreError`] naming the
/// database (its URL without the password).
pub(crate) fn classify(label: &str, e: postgres::Error) -> StoreError {
    let path = label.to_string();
    let detail = match e.as_db_error() {
        Some(db) => db.message().to_string(),
        None => e.to_string(),
    };
    let Some(code) = e.code() else {
        use std::error::Error as _;
        let io = e
            .source()
            .is_some_and(|s| s.downcast_ref::<std::io::Error>().is_some());
        if e.is_closed() || io {
            // The connection could not be made or broke.
            return StoreError::Io { path, detail };
        }
        // The client itself refused: a value of one type for a column of
        // another (its words say which parameter or column), and the like.
        return StoreError::Fault { path, detail };
    };
    if *code == SqlState::DISK_FULL || *code == SqlState::OUT_OF_MEMORY {
        StoreError::DiskFull { path }
    } else if *code == SqlState::LOCK_NOT_AVAILABLE
        || *code == SqlState::T_R_DEADLOCK_DETECTED
        || *code == SqlState::T_R_SERIALIZATION_FAILURE
        || *code == SqlState::QUERY_CANCELED
        || *code == SqlState::TOO_MANY_CONNECTIONS
    {
        StoreError::Busy { path }
    } else if *code == SqlState::READ_ONLY_SQL_TRANSACTION
        || *code == SqlState::INSUFFICIENT_PRIVILEGE
    {
        StoreError::ReadOnly { path }
    } else if *code == SqlState::DATA_CORRUPTED || *code == SqlState::INDEX_CORRUPTED {
        StoreError::Corrupt { path, detail }
    } else if *code == SqlState::IO_ERROR {
        StoreError::Io { path, detail }
    } else if *code == SqlState::INVALID_PASSWORD
        || *code == SqlState::INVALID_AUTHORIZATION_SPECIFICATION
        || *code == SqlState::INVALID_CATALOG_NAME
        || *code == SqlState::CANNOT_CONNECT_NOW
    {
        StoreError::CannotOpen { path, detail }
    } else {
        StoreError::Fault { path, detail }
    }
}

/// Whether the error is a unique-index violation.
pub(crate) fn is_unique_violation(e: &postgres::Error) -> bool {
    e.code() == Some(&SqlState::UNIQUE_VIOLATION)
}

/// Whether a transaction that failed this way may simply be run again.
pub(crate) fn is_retryable(e: &postgres::Error) -> bool {
    matches!(
        e.code(),
        Some(c) if *c == SqlState::T_R_DEADLOCK_DETECTED || *c == SqlState::T_R_SERIALIZATION_FAILURE
    )
}

/// The URL to show in messages and logs: the password replaced by `***`.
pub(crate) fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (auth, host) = match rest.rfind('@') {
        Some(at) => (&rest[..at], &rest[at..]),
        None => return url.to_string(),
    };
    match auth.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***{host}"),
        None => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::redact;

    #[test]
    fn passwords_never_reach_a_message() {
        assert_eq!(
            redact("postgres://bot:s3cret@db.example:5432/tawl"),
            "postgres://bot:***@db.example:5432/tawl"
        );
        assert_eq!(
            redact("postgres://bot@127.0.0.1/tawl"),
            "postgres://bot@127.0.0.1/tawl"
        );
        assert_eq!(redact("postgresql://a:b:c@h/d"), "postgresql://a:***@h/d");
    }
}
