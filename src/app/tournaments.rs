//! Tournaments and ratings as use cases, over `crate::tournament` (pure)
//! and the store.

use super::{App, Ctx, Loaded, Reply, Response};

/// `/tournament SUB ...`.
pub(crate) fn command(_app: &App, _ctx: &Ctx, _sub: &str, _args: &[(String, String)]) -> Response {
    Response::one(Reply::private("Tournaments are not open yet."))
}

/// `/leaderboard` and `/profile`.
pub(crate) fn ratings_command(
    _app: &App,
    _ctx: &Ctx,
    _name: &str,
    _args: &[(String, String)],
) -> Response {
    Response::one(Reply::private("Ratings are not open yet."))
}

/// Called once whenever a game ends (by a move, resignation, agreement or
/// time): updates ratings, records tournament results, pairs the next round.
/// Returns messages to post (addressed to channels).
pub(crate) fn on_game_end(_app: &App, _l: &Loaded, _now: i64) -> Vec<Reply> {
    Vec::new()
}
