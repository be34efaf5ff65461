//! The outbox end to end: 20 games end together on
//! their clocks, Discord answers each create-message POST after 250 ms,
//! the real `tawlbot` program is killed (`kill -9`) while it sends the
//! endings, and another takes over: every channel is told exactly once.
//!
//! * SQLite: the handover (one bot per file): the second program starts
//!   after the first was killed.
//! * PostgreSQL: two programs on one database, both running; the first is
//!   killed.
//!
//! The games are set up by the console on the same database; their
//! deadlines are then brought to now in one statement, so that they fall
//! due together. Each POST of the sender carries a nonce with
//! `enforce_nonce`, which the fake Discord honours as Discord does: a
//! resend after the kill returns the message already created.

use crate::support;

use std::path::{Path, PathBuf};
use std::time::Duration;

use support::bot::program;
use support::FakeDiscord;

const GAMES: u64 = 20;
/// The games' channels: 801..=820.
const FIRST_CHANNEL: u64 = 801;
const LOSS: &str = "ran out of time";
const WAIT: Duration = Duration::from_secs(90);

fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

/// 20 games with a day per move, one per channel, Bob (702) to move:
/// made by the console on `target` (off the async runtime).
fn twenty_games(target: &str, dir: &Path) {
    games_in(target, dir, FIRST_CHANNEL..FIRST_CHANNEL + GAMES);
}

/// A game with a day per move in each of `channels`, Bob (702) to move.
fn games_in(target: &str, dir: &Path, channels: std::ops::Range<u64>) {
    let (target, dir) = (target.to_string(), dir.to_path_buf());
    std::thread::spawn(move || {
        let store = tawlbot::store::open(&target).unwrap();
        let mut c = tawlbot::console::Console::new(store, dir, Vec::new());
        for ch in channels {
            c.line(&format!(
                "701@{ch}: /challenge opponent:@702 variant:tawlbwrdd side:attackers time:1d"
            ));
            c.line(&format!("702@{ch}: /accept"));
            c.line(&format!("701@{ch}: e2-c2"));
        }
        let out = String::from_utf8(c.into_output()).unwrap();
        assert!(!out.contains(LOSS), "{out}");
    })
    .join()
    .unwrap();
}

/// Every active game's deadline is now: all fall due together.
fn all_due_now(target: &str) -> u64 {
    let target = target.to_string();
    let now = unix_now();
    std::thread::spawn(move || {
        let sql = "UPDATE games SET deadline = $1 WHERE state = 'active'";
        if tawlbot::store::is_postgres_url(&target) {
            let mut c = postgres::Client::connect(&target, postgres::NoTls).unwrap();
            c.execute(sql, &[&now]).unwrap()
        } else {
            let c = rusqlite::Connection::open(&target).unwrap();
            c.busy_timeout(Duration::from_secs(10)).unwrap();
            c.execute(&sql.replace('$', "?"), [now]).unwrap() as u64
        }
    })
    .join()
    .unwrap()
}

/// The real program on `target`, its log in `dir`.
struct Bot {
    child: std::process::Child,
    log: PathBuf,
}

impl Bot {
    fn start(fake: &FakeDiscord, target: &str, dir: &Path, name: &str, shards: &str) -> Bot {
        let log = dir.join(format!("{name}.log"));
        let mut c = program(fake, dir, &log);
        if tawlbot::store::is_postgres_url(target) {
            c.env("DATABASE_URL", target);
        } else {
            c.env("DATABASE_PATH", target);
        }
        if !shards.is_empty() {
            c.env("SHARDS", shards);
        }
        // The log lines go to standard output.
        let out = std::fs::File::create(dir.join(format!("{name}.out"))).unwrap();
        let child = c
            .stdout(out)
            .env("LEASE_SECONDS", "5")
            .env("SCHEDULER_POLL_SECONDS", "1")
            .spawn()
            .expect("the tawlbot program starts");
        Bot { child, log }
    }

    /// `kill -9`.
    fn kill(&mut self) {
        self.child.kill().unwrap();
        let _ = self.child.wait();
    }

    /// Its standard error and output (where the log lines go).
    fn log(&self) -> String {
        let out = self.log.with_extension("out");
        std::fs::read_to_string(&self.log).unwrap_or_default()
            + &std::fs::read_to_string(out).unwrap_or_default()
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if std::thread::panicking() {
            eprintln!("{}:\n{}", self.log.display(), self.log());
        }
    }
}

/// POSTs of endings that reached the fake so far (answered or not).
fn loss_posts(fake: &FakeDiscord) -> usize {
    fake.requests_matching("POST", "/channels/*/messages")
        .iter()
        .filter(|r| {
            r.message_payload()
                .is_some_and(|p| p.to_string().contains(LOSS))
        })
        .count()
}

/// Messages telling of the loss on time in each game's channel.
fn told(fake: &FakeDiscord) -> Vec<usize> {
    (0..GAMES)
        .map(|g| {
            fake.messages_in(FIRST_CHANNEL + g)
                .iter()
                .filter(|m| m["content"].as_str().is_some_and(|c| c.contains(LOSS)))
                .count()
        })
        .collect()
}

/// Waits until the first ending POSTs arrive (the sender is mid-send:
/// each waits 250 ms for its answer), then returns.
async fn wait_mid_send(fake: &FakeDiscord) {
    let until = tokio::time::Instant::now() + WAIT;
    while loss_posts(fake) < 3 {
        assert!(
            tokio::time::Instant::now() < until,
            "no ending was sent within {WAIT:?}\n{}",
            fake.describe()
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// How many rows wait in the outbox of `target` (off the async runtime).
fn outbox_len(target: &str) -> u64 {
    let target = target.to_string();
    std::thread::spawn(move || tawlbot::store::open(&target).unwrap().outbox_len().unwrap())
        .join()
        .unwrap()
}

/// Waits until every channel was told and the outbox is empty (the rows
/// the killed bot held are sent again once their leases end), or the time
/// is up, then a little longer for any double; returns how many messages
/// each channel got.
async fn wait_all_told(fake: &FakeDiscord, target: &str) -> Vec<usize> {
    let until = tokio::time::Instant::now() + WAIT;
    while (told(fake).contains(&0) || outbox_len(target) > 0) && tokio::time::Instant::now() < until
    {
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    told(fake)
}

/// The figures of one run, printed for docs/scaling.md.
fn report(what: &str, counts: &[usize], fake: &FakeDiscord, killed_after: usize) {
    let lost = counts.iter().filter(|&&n| n == 0).count();
    let doubled: usize = counts.iter().map(|&n| n.saturating_sub(1)).sum();
    eprintln!(
        "outbox e2e ({what}): {GAMES} endings, first bot killed after {killed_after} ending POSTs \
         had arrived; lost {lost}, doubled {doubled}; {} resends answered by their nonce",
        fake.deduplicated()
    );
    assert_eq!(
        lost,
        0,
        "channels never told: {counts:?}\n{}",
        fake.describe()
    );
    assert_eq!(
        doubled,
        0,
        "channels told twice: {counts:?}\n{}",
        fake.describe()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_handover_after_kill_tells_every_channel_once() {
    support::init_tracing();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tawlbot.db");
    let db = db.to_str().unwrap().to_string();
    twenty_games(&db, dir.path());
    let fake = FakeDiscord::start().await;
    let mut first = Bot::start(&fake, &db, dir.path(), "first", "");
    fake.wait_identify(Duration::from_secs(30)).await;
    // Its start-up heartbeat is written before it connects: the clocks are
    // set after it.
    fake.set_post_delay(Duration::from_millis(250));
    assert_eq!(all_due_now(&db), GAMES);
    wait_mid_send(&fake).await;
    first.kill();
    let killed_after = loss_posts(&fake);
    let _second = Bot::start(&fake, &db, dir.path(), "second", "");
    let counts = wait_all_told(&fake, &db).await;
    report("SQLite, handover", &counts, &fake, killed_after);
    assert_eq!(outbox_len(&db), 0, "the outbox is empty at the end");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_bots_on_postgres_one_killed_tell_every_channel_once() {
    support::init_tracing();
    let Some(pg) = std::thread::spawn(tawlbot::store::pg::throwaway::database)
        .join()
        .unwrap()
    else {
        return;
    };
    let url = pg.url.clone();
    let _pg = OffRuntime(Some(pg));
    let dir = tempfile::tempdir().unwrap();
    twenty_games(&url, dir.path());
    let fake = FakeDiscord::start().await;
    let mut first = Bot::start(&fake, &url, dir.path(), "first", "0-0/2");
    let _second = Bot::start(&fake, &url, dir.path(), "second", "1-1/2");
    fake.wait_shards(2, Duration::from_secs(30)).await;
    fake.set_post_delay(Duration::from_millis(250));
    assert_eq!(all_due_now(&url), GAMES);
    wait_mid_send(&fake).await;
    first.kill();
    let killed_after = loss_posts(&fake);
    let counts = wait_all_told(&fake, &url).await;
    report("PostgreSQL, two bots", &counts, &fake, killed_after);
    assert_eq!(outbox_len(&url), 0, "the outbox is empty at the end");
}

/// Failures as Discord gives them: a channel the bot may not post in
/// (403) gets one attempt and its row is dropped, with one log line; a
/// server error (5xx) and a rate limit (429) are tried again after 1, 2 ...
/// seconds until they go through, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_are_dropped_and_transient_failures_retried() {
    support::init_tracing();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tawlbot.db");
    let db = db.to_str().unwrap().to_string();
    const FORBIDDEN: u64 = 901;
    const FLAKY: u64 = 902;
    const LIMITED: u64 = 903;
    games_in(&db, dir.path(), FORBIDDEN..LIMITED + 1);
    let fake = FakeDiscord::start().await;
    let bot = Bot::start(&fake, &db, dir.path(), "bot", "");
    fake.wait_identify(Duration::from_secs(30)).await;
    fake.fail_posts(FORBIDDEN, &[403; 10]);
    fake.fail_posts(FLAKY, &[500, 502]);
    fake.fail_posts(LIMITED, &[429]);
    assert_eq!(all_due_now(&db), 3);
    let until = tokio::time::Instant::now() + WAIT;
    let endings = |ch: u64| {
        fake.messages_in(ch)
            .iter()
            .filter(|m| m["content"].as_str().is_some_and(|c| c.contains(LOSS)))
            .count()
    };
    let posts = |ch: u64| {
        fake.requests_matching("POST", &format!("/channels/{ch}/messages"))
            .len()
    };
    while (endings(FLAKY) == 0 || endings(LIMITED) == 0 || outbox_len(&db) > 0)
        && tokio::time::Instant::now() < until
    {
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(endings(FLAKY), 1, "{}", fake.describe());
    assert_eq!(endings(LIMITED), 1, "{}", fake.describe());
    assert_eq!(endings(FORBIDDEN), 0);
    assert_eq!(posts(FLAKY), 3, "two failures, then the message");
    assert_eq!(posts(LIMITED), 2, "one rate limit, then the message");
    assert_eq!(posts(FORBIDDEN), 1, "a refusal is not tried again");
    assert_eq!(outbox_len(&db), 0, "the outbox is empty at the end");
    let log = bot.log();
    assert_eq!(
        log.matches("was refused by Discord and is dropped from the outbox")
            .count(),
        1,
        "{log}"
    );
}

/// Drops its value on a thread of its own, off the async runtime (the
/// throwaway database's drop uses the blocking client).
struct OffRuntime<T: Send + 'static>(Option<T>);

impl<T: Send + 'static> Drop for OffRuntime<T> {
    fn drop(&mut self) {
        let v = self.0.take();
        let _ = std::thread::spawn(move || drop(v)).join();
    }
}

/// The fake Discord keeps Discord's rules on nonces: with `enforce_nonce`
/// a nonce seen from the bot in the last few minutes returns the message
/// it created, and a nonce longer than 25 characters is refused (400,
/// 50035 Invalid Form Body).
#[tokio::test]
async fn the_fake_discord_honours_enforce_nonce() {
    use serenity::all::{ChannelId, CreateMessage, HttpBuilder};
    use serenity::model::channel::Nonce;
    let fake = FakeDiscord::start().await;
    let http = HttpBuilder::new(support::bot::TOKEN)
        .proxy(fake.api_base())
        .ratelimiter_disabled(true)
        .build();
    let send = |nonce: &str, enforce: bool| {
        ChannelId::new(42).send_message(
            &http,
            CreateMessage::new()
                .content("hello")
                .nonce(Nonce::String(nonce.to_string()))
                .enforce_nonce(enforce),
        )
    };
    let a = send("n1", true).await.unwrap();
    let again = send("n1", true).await.unwrap();
    assert_eq!(a.id, again.id, "the same nonce returns the same message");
    let other = send("n2", true).await.unwrap();
    assert_ne!(a.id, other.id);
    let unenforced = send("n1", false).await.unwrap();
    assert_ne!(a.id, unenforced.id, "without enforce_nonce: a new message");
    assert_eq!(fake.messages_in(42).len(), 3);
    assert_eq!(fake.deduplicated(), 1);
    let long = send(&"x".repeat(26), true).await.unwrap_err();
    assert!(long.to_string().contains("Invalid Form Body"), "{long}");
    let r = fake.requests();
    let last = r.last().unwrap();
    assert_eq!(last.status, 400);
    assert_eq!(last.response.as_ref().unwrap()["code"], 50035);
    send(&"x".repeat(25), true).await.unwrap();
}
