//! Shared test support: the fake Discord and a running serenity client.
//!
//! Declared once by the `discord` test binary (`tests/discord.rs`); its
//! suites use it as `crate::support`.

#![allow(dead_code)]

pub mod bot;
pub mod fake_discord;
pub mod load;

use std::sync::Arc;
use std::time::Duration;

use serenity::all::{Cache, ClientBuilder, Http, ShardManager};
use tokio::task::JoinHandle;

pub use fake_discord::*;

/// A serenity client started in the background (`client.start()` on one shard).
pub struct RunningBot {
    pub shard_manager: Arc<ShardManager>,
    pub http: Arc<Http>,
    pub cache: Arc<Cache>,
    task: Option<JoinHandle<serenity::Result<()>>>,
}

impl RunningBot {
    /// Builds the client (which asks the fake for the gateway URL) and starts it.
    pub async fn start(builder: ClientBuilder) -> Self {
        let mut client = tokio::time::timeout(DEFAULT_TIMEOUT, builder)
            .await
            .expect("building the serenity client timed out")
            .expect("building the serenity client failed");
        let shard_manager = Arc::clone(&client.shard_manager);
        let http = Arc::clone(&client.http);
        let cache = Arc::clone(&client.cache);
        let task = tokio::spawn(async move { client.start().await });
        Self {
            shard_manager,
            http,
            cache,
            task: Some(task),
        }
    }

    /// Stops all shards and waits (a few seconds at most) for `client.start()` to return.
    pub async fn shutdown(mut self) {
        self.shard_manager.shutdown_all().await;
        if let Some(task) = self.task.take() {
            match tokio::time::timeout(Duration::from_secs(5), task).await {
                Ok(Ok(Ok(()))) => {}
                Ok(Ok(Err(e))) => panic!("the serenity client ended with an error: {e}"),
                Ok(Err(e)) => panic!("the serenity client task failed: {e}"),
                Err(_) => panic!("the serenity client did not stop within 5s of shutdown_all"),
            }
        }
    }
}

impl Drop for RunningBot {
    fn drop(&mut self) {
        if let Some(task) = self.task.take() {
            task.abort();
        }
    }
}

/// Sends serenity's and the harness's logs to the test output (shown for failing
/// tests). Filter with `RUST_LOG`, default `warn`. Safe to call more than once.
pub fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_test_writer()
        .try_init();
}
