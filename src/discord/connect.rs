//! Building serenity's HTTP client and `ClientBuilder` against a configurable API base.
//!
//! With `api_base = None` everything talks to the real Discord. With
//! `api_base = Some("http://127.0.0.1:PORT")` (a fake Discord in tests, or an HTTP
//! proxy) serenity:
//!
//! - sends every REST request to that origin instead of `https://discord.com`, keeping
//!   the `/api/v10/...` paths (`HttpBuilder::proxy`);
//! - has its own rate limiter switched off (`ratelimiter_disabled(true)`); this is not
//!   optional: with the rate limiter on, serenity 0.12.5 builds requests without the
//!   proxy and they go to the real Discord;
//! - takes the gateway URL from `GET {api_base}/api/v10/gateway` when the client is
//!   built, so the origin also decides which websocket the shards connect to. If that
//!   request fails serenity silently falls back to `wss://gateway.discord.gg`.
//!
//! Do not call `ClientBuilder::token` on the returned builder: it replaces the `Http`
//! built here with a default one and so drops the API base.

use serenity::client::ClientBuilder;
use serenity::http::{Http, HttpBuilder};
use serenity::model::gateway::GatewayIntents;

/// The API base to use, or `None` for the real Discord. An empty or blank string counts
/// as `None`, so an unset-but-present environment variable does no harm; a trailing `/`
/// is dropped.
fn normalise_base(api_base: Option<&str>) -> Option<&str> {
    api_base
        .map(|base| base.trim().trim_end_matches('/'))
        .filter(|base| !base.is_empty())
}

/// Serenity's HTTP client for `token`, talking to `api_base` when one is given (with
/// serenity's rate limiter disabled), to the real Discord otherwise.
pub fn build_http(token: &str, api_base: Option<&str>) -> Http {
    match normalise_base(api_base) {
        Some(base) => HttpBuilder::new(token)
            .proxy(base)
            .ratelimiter_disabled(true)
            .build(),
        None => Http::new(token),
    }
}

/// A serenity `ClientBuilder` using [`build_http`]; add event handlers and await it as
/// usual. Awaiting it performs `GET /api/v10/gateway` on the chosen origin.
pub fn client_builder(
    token: &str,
    api_base: Option<&str>,
    intents: GatewayIntents,
) -> ClientBuilder {
    ClientBuilder::new_with_http(build_http(token, api_base), intents)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_base_uses_real_discord_with_rate_limiter() {
        let http = build_http("not-a-real-token", None);
        assert!(http.proxy.is_none());
        assert!(http.ratelimiter.is_some());
    }

    #[test]
    fn blank_base_counts_as_none() {
        let http = build_http("not-a-real-token", Some("  "));
        assert!(http.proxy.is_none());
        assert!(http.ratelimiter.is_some());
    }

    #[test]
    fn with_base_uses_proxy_and_disables_rate_limiter() {
        let http = build_http("not-a-real-token", Some("http://127.0.0.1:4567/"));
        assert_eq!(http.proxy.as_deref(), Some("http://127.0.0.1:4567"));
        assert!(http.ratelimiter.is_none());
    }

    #[test]
    fn client_builder_keeps_the_http_and_intents() {
        let intents = GatewayIntents::GUILD_MESSAGES | GatewayIntents::MESSAGE_CONTENT;
        let builder = client_builder("not-a-real-token", Some("http://127.0.0.1:4567"), intents);
        assert_eq!(builder.get_intents(), intents);
        assert!(builder.get_token().starts_with("Bot "));
    }
}
