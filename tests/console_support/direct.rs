//! Commands straight through `App::handle`, without the console: a `Ctx`
//! for a user, a slash command, the text of a response, an app over a
//! fresh database of the current backend.

use std::sync::atomic::{AtomicU64, Ordering};

use tawlbot::app::presentation::rendered::Response;
use tawlbot::app::{App, Ctx, Input, User};

static SOURCE: AtomicU64 = AtomicU64::new(1);

/// `user` (the same id and name) in `channel` of `server` at `now`: no
/// Manage Server, no roles, nobody mentioned, and a source of its own (so
/// no two contexts are one message).
pub fn ctx(server: &str, channel: &str, user: &str, now: i64) -> Ctx {
    Ctx {
        server: server.into(),
        channel: channel.into(),
        user: User {
            id: user.into(),
            name: user.into(),
        },
        now,
        source: format!("src-{}", SOURCE.fetch_add(1, Ordering::SeqCst)),
        manage_server: false,
        rights: Default::default(),
        roles: Vec::new(),
        mentioned: Vec::new(),
    }
}

/// The slash command `/name` with `args`, as `c` sends it.
pub fn slash(app: &App, c: &Ctx, name: &str, args: &[(&str, &str)]) -> Response {
    app.handle(
        c,
        Input::Slash {
            name: name.into(),
            args: args
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        },
    )
}

/// Every reply's text, a line each, without the catalogue's bidirectional
/// isolation marks (the tests compare words).
pub fn text(r: &Response) -> String {
    r.replies
        .iter()
        .map(|r| tawlbot::i18n::without_isolation(&r.text))
        .collect::<Vec<_>>()
        .join("\n")
}

/// An app over a fresh database of the current backend (tests/backends),
/// and that database, for other handles on it.
pub fn app() -> (crate::backends::TestDb, App) {
    let db = crate::backends::fresh_db();
    let app = App::new(db.open());
    (db, app)
}
