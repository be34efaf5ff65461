//! Errors of the store, worded for the person running the bot.

use std::fmt;

/// Something went wrong opening or using the database.
///
/// `Display` gives a sentence a server admin can act on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreError {
    /// The file exists but is not a database (for SQLite: not an SQLite file). It was not touched.
    NotADatabase { path: String },
    /// The database belongs to some other program. It was not touched.
    ForeignDatabase { path: String },
    /// The file was written by a newer tawlbot. It was not touched.
    NewerSchema {
        path: String,
        found: i64,
        known: i64,
    },
    /// The database file could not be opened or created.
    CannotOpen { path: String, detail: String },
    /// The disk (or the file system quota) is full: the change was not saved.
    DiskFull { path: String },
    /// Another process held the database longer than the busy timeout.
    Busy { path: String },
    /// The file or its folder is read-only.
    ReadOnly { path: String },
    /// The database found its own data damaged.
    Corrupt { path: String, detail: String },
    /// An input/output error from the operating system.
    Io { path: String, detail: String },
    /// Applying migration `version` failed; nothing of it was kept.
    Migration {
        path: String,
        version: i64,
        detail: String,
    },
    /// The channel already has an active game.
    ChannelBusy {
        channel: super::ChannelId,
        game: super::GameId,
    },
    /// The challenge is not in the state the caller expected (someone else
    /// accepted, declined or withdrew it first).
    ChallengeNotOpen {
        challenge: super::ChallengeId,
        state: super::ChallengeState,
    },
    /// No such row (game, challenge, tournament ...).
    NotFound { what: &'static str, id: String },
    /// Stored data that the program cannot read (e.g. options that are not JSON).
    BadData { detail: String },
    /// Another bot process already runs on this SQLite file.
    InUse { path: String },
    /// A row that cannot be read (a value written by hand, by an old bug
    /// or by a disk fault): lists and loops skip it, a read of that one row
    /// fails with this, and `tawlbot doctor` lists it.
    Unreadable {
        table: super::Table,
        id: String,
        detail: String,
    },
    /// Any other failure of the database (the store's words for it in `detail`).
    Fault { path: String, detail: String },
}

/// The most characters of one value a log line or an error's sentence
/// carries (see [`clipped`]).
pub const LOGGED_CHARS: usize = 200;

/// `s` as a log line may carry it: whole if it is short, else its first
/// [`LOGGED_CHARS`] characters and how many more there were. A stored value
/// (a damaged move, an option) can be megabytes long, and a page that
/// fails on it may be asked for many times a second.
pub fn clipped(s: &str) -> std::borrow::Cow<'_, str> {
    match s.char_indices().nth(LOGGED_CHARS) {
        None => s.into(),
        Some((end, _)) => {
            let more = s[end..].chars().count();
            format!("{}… ({more} more characters)", &s[..end]).into()
        }
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Details quote what the database said, which may quote a value.
        let clip = |d: &String| clipped(d).into_owned();
        match self {
            StoreError::NotADatabase { path } => write!(
                f,
                "{path} is not a tawlbot database (it is not an SQLite file at all); \
                 it was left untouched: move it away or set DATABASE_PATH to another file"
            ),
            StoreError::ForeignDatabase { path } => write!(
                f,
                "{path} is an SQLite database of another program; it was left untouched: \
                 set DATABASE_PATH to another file"
            ),
            StoreError::NewerSchema { path, found, known } => write!(
                f,
                "{path} was written by a newer tawlbot (schema {found}, this program knows {known}); \
                 it was left untouched: upgrade tawlbot or use another DATABASE_PATH"
            ),
            StoreError::CannotOpen { path, detail } if path.contains("://") => write!(
                f,
                "cannot connect to the database {path} ({}): check that the server runs and \
                 that the URL's host, port, user, password and database are right, or set \
                 DATABASE_URL",
                clip(detail)
            ),
            StoreError::CannotOpen { path, detail } => write!(
                f,
                "cannot open or create the database {path} ({}): check that the folder \
                 exists and is writable, or set DATABASE_PATH",
                clip(detail)
            ),
            StoreError::DiskFull { path } => write!(
                f,
                "the disk holding {path} is full, so the change was not saved; \
                 free some space and try again"
            ),
            StoreError::Busy { path } => write!(
                f,
                "the database {path} stayed locked by another process for too long; \
                 the change was not saved, try again"
            ),
            StoreError::ReadOnly { path } => write!(
                f,
                "the database {path} (or its folder) is read-only, so nothing can be saved; \
                 check the file permissions"
            ),
            StoreError::Corrupt { path, detail } => write!(
                f,
                "the database {path} is damaged ({}); stop the bot and restore it from a backup",
                clip(detail)
            ),
            StoreError::Io { path, detail } => write!(
                f,
                "the operating system reported an input/output error on {path} ({}); \
                 the change was not saved",
                clip(detail)
            ),
            StoreError::Migration { path, version, detail } => write!(
                f,
                "upgrading {path} to schema {version} failed ({}); the file was left as it was",
                clip(detail)
            ),
            StoreError::ChannelBusy { channel, game } => write!(
                f,
                "channel {channel} already has an active game (game {game}); \
                 finish it or play in another channel"
            ),
            StoreError::ChallengeNotOpen { challenge, state } => write!(
                f,
                "challenge {challenge} is no longer open (it is {state})"
            ),
            StoreError::NotFound { what, id } => write!(f, "there is no {what} {id}"),
            StoreError::BadData { detail } => {
                write!(
                    f,
                    "the database holds data this program cannot read: {}",
                    clip(detail)
                )
            }
            StoreError::InUse { path } => write!(
                f,
                "another tawlbot bot process is already running on {path}, and one SQLite file \
                 serves one bot process; stop the other one, or, to run several processes \
                 (shards split across processes or machines), move the games to PostgreSQL \
                 with `tawlbot migrate-db` and set DATABASE_URL=postgres://... for every \
                 process (see docs/scaling.md)"
            ),
            StoreError::Unreadable { table, id, detail } => write!(
                f,
                "row {id} of table {table} cannot be read ({}); \
                 `tawlbot doctor --db PATH` lists such rows and can quarantine them",
                clip(detail)
            ),
            StoreError::Fault { path, detail } => {
                write!(f, "database error on {path}: {}", clip(detail))
            }
        }
    }
}

impl std::error::Error for StoreError {}

impl From<crate::domain::BadValue> for StoreError {
    fn from(e: crate::domain::BadValue) -> Self {
        StoreError::BadData {
            detail: e.to_string(),
        }
    }
}

/// Why `append_move` (or another move-count-checked change) was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AppendError {
    /// The game has `now` moves, not the number the caller expected:
    /// somebody else moved first. Reload the game and look again.
    Stale { now: u32 },
    /// A move from this Discord message or interaction was already applied.
    Duplicate,
    /// The game is finished or aborted.
    GameOver,
    /// There is no such game.
    NoSuchGame,
    /// The game's clock is paused: no move, takeback or second pause.
    Paused,
    /// The game's clock is not paused (a resume came twice).
    NotPaused,
    /// The offer being accepted is no longer standing (withdrawn, declined
    /// or accepted by someone else first).
    NoOffer,
    /// The database failed; nothing was saved.
    Store(StoreError),
}

impl fmt::Display for AppendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AppendError::Stale { now } => write!(
                f,
                "the position changed (the game now has {now} moves), look again"
            ),
            AppendError::Duplicate => write!(f, "this message was already applied"),
            AppendError::GameOver => write!(f, "the game is over"),
            AppendError::NoSuchGame => write!(f, "there is no such game"),
            AppendError::Paused => write!(f, "the game's clock is paused"),
            AppendError::NotPaused => write!(f, "the game's clock is not paused"),
            AppendError::NoOffer => write!(f, "the offer is no longer standing"),
            AppendError::Store(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for AppendError {}

impl From<StoreError> for AppendError {
    fn from(e: StoreError) -> Self {
        AppendError::Store(e)
    }
}
