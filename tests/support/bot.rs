//! tawlbot against the fake Discord, for the end-to-end suites: the
//! Discord adapter in this process ([`InProcessBot`]), or the real
//! `tawlbot` program in a process of its own ([`program`]); waiting until
//! it is ready, a challenge, and the checks every suite makes at the end.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::Value;
use tawlbot::app::App;
use tawlbot::discord::Shards;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use super::fake_discord::{opt, FakeDiscord, FakeUser, Identify, RecordedRequest, DEFAULT_TIMEOUT};

/// The bot token every suite gives: made up, and never a secret.
pub const TOKEN: &str = "fake-token-not-a-secret";

/// The Discord adapter (`tawlbot::discord::run`) with an app, in a task of
/// its own against the fake Discord, until [`InProcessBot::stop`] (or until
/// it is dropped, which asks it to stop without waiting).
pub struct InProcessBot {
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<Result<(), String>>>,
}

/// A stop signal: the sender, and the future `run` waits on.
fn stop_signal() -> (
    oneshot::Sender<()>,
    impl std::future::Future<Output = ()> + Send,
) {
    let (tx, rx) = oneshot::channel::<()>();
    (tx, async move {
        let _ = rx.await;
    })
}

impl InProcessBot {
    /// `tawlbot::discord::run` (as many shards as Discord recommends) on
    /// this runtime.
    pub fn start(fake: &FakeDiscord, app: App) -> InProcessBot {
        let (stop, until) = stop_signal();
        let task = tokio::spawn(tawlbot::discord::run(
            TOKEN.to_string(),
            Some(fake.api_base().to_string()),
            None,
            app,
            until,
        ));
        InProcessBot {
            stop: Some(stop),
            task: Some(task),
        }
    }

    /// `tawlbot::discord::run_shards` with `shards`, on `runtime` (a bot
    /// "process" with a runtime of its own, or this one).
    pub fn start_shards(
        runtime: &tokio::runtime::Handle,
        fake: &FakeDiscord,
        shards: Shards,
        app: App,
    ) -> InProcessBot {
        let (stop, until) = stop_signal();
        let task = runtime.spawn(tawlbot::discord::run_shards(
            TOKEN.to_string(),
            Some(fake.api_base().to_string()),
            None,
            shards,
            app,
            until,
        ));
        InProcessBot {
            stop: Some(stop),
            task: Some(task),
        }
    }

    /// Asks the adapter to stop and waits (15 s at most) for `run` to
    /// return; it must return `Ok(())`.
    pub async fn stop(mut self) {
        let _ = self.stop.take().expect("stopped once").send(());
        let task = self.task.take().expect("stopped once");
        let r = tokio::time::timeout(Duration::from_secs(15), task)
            .await
            .expect("run() did not return within 15 s of the stop");
        assert_eq!(r.expect("run() panicked"), Ok(()));
    }
}

/// The real `tawlbot` program, ready to run against `fake` in `dir`: the
/// made-up token, the fake's API base, `RUST_LOG=warn`, no database,
/// `WEB_ADDR`, `DEV_GUILD_ID` or `SHARDS` but what the caller sets; stdin
/// and stdout closed, and stderr written to `log` (a file, not a pipe:
/// nobody reads a pipe until the end, and a full one blocks the program).
/// For tokio, `tokio::process::Command::from` it.
pub fn program(fake: &FakeDiscord, dir: &Path, log: &Path) -> Command {
    program_at(Path::new(env!("CARGO_BIN_EXE_tawlbot")), fake, dir, log)
}

/// [`program`], the program at `exe` (benches/gateway.rs: another build
/// of the bot, to compare two in one sitting).
pub fn program_at(exe: &Path, fake: &FakeDiscord, dir: &Path, log: &Path) -> Command {
    let mut c = Command::new(exe);
    c.current_dir(dir)
        .env("DISCORD_TOKEN", TOKEN)
        .env("DISCORD_API_BASE", fake.api_base())
        .env_remove("DATABASE_PATH")
        .env_remove("DATABASE_URL")
        .env_remove("WEB_ADDR")
        .env_remove("DEV_GUILD_ID")
        .env_remove("SHARDS")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(log).expect("create the program's log"));
    c
}

/// Waits until the bot has identified (and got READY) and registered its
/// commands: globally, or in `dev_guild` only. Returns the IDENTIFY and
/// the registration request.
pub async fn wait_ready(fake: &FakeDiscord, dev_guild: Option<u64>) -> (Identify, RecordedRequest) {
    let identify = fake.wait_identify(DEFAULT_TIMEOUT).await;
    let put = match dev_guild {
        Some(g) => {
            fake.wait_for("PUT", &format!("/applications/*/guilds/{g}/commands"))
                .await
        }
        None => fake.wait_for("PUT", "/applications/*/commands").await,
    };
    (identify, put)
}

/// `from` sends `/challenge opponent:@opponent variant:tawlbwrdd` and
/// `more` options in `channel` of `guild`; the interaction's id.
pub async fn send_challenge(
    fake: &FakeDiscord,
    channel: u64,
    guild: u64,
    from: FakeUser,
    opponent: FakeUser,
    more: Vec<Value>,
) -> u64 {
    let mut options = vec![
        opt::user("opponent", opponent),
        opt::string("variant", "tawlbwrdd"),
    ];
    options.extend(more);
    fake.send_slash_command(channel, guild, from, "challenge", Value::Array(options))
        .await
}

/// What every suite checks at its end: the harness met no error, Discord
/// would have accepted every request, and no message could ping a role,
/// `@everyone` or `@here`.
pub fn assert_discord_had_nothing_to_refuse(fake: &FakeDiscord) {
    let errors = fake.harness_errors();
    assert!(errors.is_empty(), "harness errors: {errors:#?}");
    fake.assert_nothing_refused();
    fake.assert_no_unwanted_pings(None);
}

/// Sends SIGTERM to the program and waits (20 s at most) for it to stop;
/// its exit status.
#[cfg(unix)]
pub async fn terminate(child: &mut tokio::process::Child) -> std::process::ExitStatus {
    let pid = child.id().expect("the program still runs");
    let killed = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .expect("run kill");
    assert!(killed.success());
    tokio::time::timeout(Duration::from_secs(20), child.wait())
        .await
        .expect("the program did not stop within 20 s of SIGTERM")
        .expect("wait for the program")
}
