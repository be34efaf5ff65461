//! Two bots (`SHARDS=0-0/2` and `SHARDS=1-1/2`) on one database through the
//! fake Discord: servers on both shards, games with clocks, a tournament's
//! scheduled start. Every reminder, loss on time and announcement is sent
//! exactly once; when one bot dies without a clean stop, the other does the
//! rest, taking over the dead one's claims when their leases end.
//!
//! Here both bots run in this test process, each with its own tokio runtime,
//! its own store handle and its own process identity, on one SQLite file;
//! "dying" is dropping its runtime without stopping it (no clean stop, no
//! claims given up, its gateway connection cut). The same with real
//! processes and `kill -9` needs a database server (PostgreSQL): one SQLite
//! file serves one bot process.
//!
//! Clocks are brought forward by writing the games' due times in the
//! database; the bots look at least every second (`poll`).

use crate::support;

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::{json, Value};
use support::bot::{program, send_challenge, InProcessBot};
use support::{opt, FakeDiscord, FakeUser, DEFAULT_TIMEOUT};
use tawlbot::app::{App, Process};
use tawlbot::discord::Shards;
use tawlbot::domain::LeaseKind;

/// Server ids on shard 0 and shard 1 of 2 (`(id >> 22) % 2`).
const G0: u64 = 10 << 22;
const G1: u64 = 11 << 22;
/// Channels a and b on each server, and the tournament's on shard 1.
const C0A: u64 = 601;
const C0B: u64 = 602;
const C1A: u64 = 611;
const C1B: u64 = 612;
const T1: u64 = 613;
const ALICE: u64 = 701;
const BOB: u64 = 702;

const LEASE: i64 = 5;
const WAIT: Duration = Duration::from_secs(60);
const REMINDER: &str = "a reminder: it is your move in game";
const LOSS: &str = "ran out of time";

fn user(id: u64) -> FakeUser {
    match id {
        ALICE => FakeUser::new(ALICE, "alice"),
        _ => FakeUser::new(BOB, "bob"),
    }
}

fn guild_of(channel: u64) -> u64 {
    if channel < 610 {
        G0
    } else {
        G1
    }
}

fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

/// One bot "process": its own runtime, store handle and identity.
struct Bot {
    runtime: Option<tokio::runtime::Runtime>,
    adapter: Option<InProcessBot>,
    app: App,
}

impl Bot {
    fn start(fake: &FakeDiscord, db: &Path, shards: &str) -> Bot {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let store = tawlbot::store::open(db.to_str().unwrap()).unwrap();
        let mut process = Process::new(shards);
        process.lease = LEASE;
        process.poll = 1;
        let app = App::new(store).with_process(process);
        let adapter = InProcessBot::start_shards(
            runtime.handle(),
            fake,
            Shards::parse(shards).unwrap(),
            app.clone(),
        );
        Bot {
            runtime: Some(runtime),
            adapter: Some(adapter),
            app,
        }
    }

    /// Dies: the runtime goes without a clean stop (nothing given up).
    fn kill(&mut self) {
        self.adapter.take();
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_background();
        }
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        // Dropping the adapter asks it to stop.
        self.adapter.take();
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_background();
        }
    }
}

/// The test's own hand on the database: bringing clocks forward.
enum Db {
    Sqlite(rusqlite::Connection),
    /// `None` once dropped (see `Drop`).
    Postgres(std::sync::Mutex<Option<postgres::Client>>),
}

impl Drop for Db {
    /// The blocking client owns a runtime, which may not be dropped on an
    /// async worker: it goes on a thread of its own.
    fn drop(&mut self) {
        if let Db::Postgres(c) = self {
            let c = c.get_mut().unwrap_or_else(|e| e.into_inner()).take();
            let _ = std::thread::spawn(move || drop(c)).join();
        }
    }
}

impl Db {
    fn open(path: &Path) -> Db {
        let c = rusqlite::Connection::open(path).unwrap();
        c.busy_timeout(Duration::from_secs(5)).unwrap();
        Db::Sqlite(c)
    }

    fn connect(url: &str) -> Db {
        // The blocking client runs its own runtime: not on a tokio worker.
        let url = url.to_string();
        let c = std::thread::spawn(move || postgres::Client::connect(&url, postgres::NoTls))
            .join()
            .unwrap()
            .unwrap();
        Db::Postgres(std::sync::Mutex::new(Some(c)))
    }

    /// Runs `f` on the PostgreSQL client off the async runtime.
    fn pg<T: Send>(
        c: &std::sync::Mutex<Option<postgres::Client>>,
        f: impl FnOnce(&mut postgres::Client) -> T + Send,
    ) -> T {
        std::thread::scope(|s| {
            s.spawn(|| f(c.lock().unwrap().as_mut().unwrap()))
                .join()
                .unwrap()
        })
    }

    fn game_in(&self, channel: u64) -> Option<i64> {
        let sql = "SELECT id FROM games WHERE channel_id = $1 ORDER BY id DESC LIMIT 1";
        match self {
            Db::Sqlite(c) => c
                .query_row(&sql.replace('$', "?"), [channel.to_string()], |r| r.get(0))
                .ok(),
            Db::Postgres(c) => Db::pg(c, |c| {
                c.query_opt(sql, &[&channel.to_string()])
                    .unwrap()
                    .map(|r| r.get(0))
            }),
        }
    }

    /// The reminder due now, the deadline `in_secs` from now; returns the
    /// deadline.
    fn due(&self, game: i64, in_secs: i64) -> i64 {
        let now = unix_now();
        let sql = "UPDATE games SET remind_at = $2, deadline = $3 WHERE id = $1";
        let n = match self {
            Db::Sqlite(c) => c
                .execute(
                    &sql.replace('$', "?"),
                    rusqlite::params![game, now, now + in_secs],
                )
                .unwrap() as u64,
            Db::Postgres(c) => Db::pg(c, |c| {
                c.execute(sql, &[&game, &now, &(now + in_secs)]).unwrap()
            }),
        };
        assert_eq!(n, 1, "game {game}");
        now + in_secs
    }

    fn state(&self, game: i64) -> (String, i64) {
        let sql = "SELECT state, updated_at FROM games WHERE id = $1";
        match self {
            Db::Sqlite(c) => c
                .query_row(&sql.replace('$', "?"), [game], |r| {
                    Ok((r.get(0)?, r.get(1)?))
                })
                .unwrap(),
            Db::Postgres(c) => Db::pg(c, |c| {
                let r = c.query_one(sql, &[&game]).unwrap();
                (r.get(0), r.get(1))
            }),
        }
    }

    /// The newest tournament's id and data.
    fn tournament(&self) -> (i64, String) {
        let sql = "SELECT id, data FROM tournaments ORDER BY id DESC LIMIT 1";
        match self {
            Db::Sqlite(c) => c
                .query_row(sql, [], |r| Ok((r.get(0)?, r.get(1)?)))
                .unwrap(),
            Db::Postgres(c) => Db::pg(c, |c| {
                let r = c.query_one(sql, &[]).unwrap();
                (r.get(0), r.get(1))
            }),
        }
    }

    fn set_tournament_data(&self, id: i64, data: &str) {
        let sql = "UPDATE tournaments SET data = $2 WHERE id = $1";
        match self {
            Db::Sqlite(c) => {
                c.execute(&sql.replace('$', "?"), rusqlite::params![id, data])
                    .unwrap();
            }
            Db::Postgres(c) => {
                Db::pg(c, |c| c.execute(sql, &[&id, &data]).unwrap());
            }
        }
    }
}

/// Messages posted in `channel` whose payload contains `what`.
fn posts(fake: &FakeDiscord, channel: u64, what: &str) -> usize {
    fake.requests_matching("POST", &format!("/channels/{channel}/messages"))
        .iter()
        .filter(|r| {
            r.message_payload()
                .is_some_and(|p| p.to_string().contains(what))
        })
        .count()
}

async fn wait_posts(fake: &FakeDiscord, channel: u64, what: &str) {
    let until = tokio::time::Instant::now() + WAIT;
    while posts(fake, channel, what) == 0 {
        assert!(
            tokio::time::Instant::now() < until,
            "no {what:?} in channel {channel} within {WAIT:?}\n{}",
            fake.describe()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A game with a day per move in `channel`; Alice (attackers) has moved,
/// Bob is to move. Answered by the bot of the channel's shard.
async fn start_game(fake: &FakeDiscord, db: &Db, channel: u64) -> i64 {
    let guild = guild_of(channel);
    let id = send_challenge(
        fake,
        channel,
        guild,
        user(ALICE),
        user(BOB),
        vec![opt::string("side", "attackers"), opt::string("time", "1d")],
    )
    .await;
    assert_eq!(fake.wait_for_interaction_callback(id).await.status, 204);
    let id = fake
        .send_slash_command(channel, guild, user(BOB), "accept", Value::Null)
        .await;
    fake.wait_for_interaction_callback(id).await;
    let game = db.game_in(channel).expect("the game is stored");
    let before = fake.requests().len();
    fake.send_message_create(channel, guild, user(ALICE), "e2-c2")
        .await;
    let path = format!("/channels/{channel}/messages");
    fake.wait_for_request_after(before, |r| r.is("POST", &path), DEFAULT_TIMEOUT)
        .await;
    game
}

fn tournament(sub: &str, options: Vec<Value>) -> Value {
    json!([opt::sub(sub, options)])
}

/// A bot that can die without a clean stop.
trait Mortal {
    /// Its process identity on the database.
    fn id(&self) -> String;
    /// Dies: no clean stop, no claims given up.
    fn kill(&mut self);
}

impl Mortal for Bot {
    fn id(&self) -> String {
        self.app.process().id.to_string()
    }

    fn kill(&mut self) {
        Bot::kill(self)
    }
}

/// The scenario both tests play: two bots started by `start` (shard 0's,
/// then shard 1's) on the database `target` (`db` is the test's own hand
/// on it), servers on both shards, games with clocks, a tournament round;
/// everything sent once, and the work of shard 0's bot, killed holding a
/// claim, done by the other once the claim's lease has ended.
async fn everything_once_and_a_dead_bot_s_work_taken_over<B: Mortal>(
    fake: &FakeDiscord,
    target: &str,
    db: &Db,
    start: impl Fn(&FakeDiscord, &str) -> B,
) {
    fake.add_user(user(ALICE));
    fake.add_user(user(BOB));
    for c in [C0A, C0B, C1A, C1B, T1] {
        fake.add_text_channel(c, Some(guild_of(c)));
    }
    // Shard 0's bot first, then shard 1's (one identify at a time).
    let mut a = start(fake, "0-0/2");
    fake.wait_shards(1, WAIT).await;
    let b = start(fake, "1-1/2");
    assert_eq!(fake.wait_shards(2, WAIT).await, [(0, 2), (1, 2)]);

    // Games on both shards, each answered by its own shard's bot.
    let mut games = Vec::new();
    for c in [C0A, C0B, C1A, C1B] {
        games.push((c, start_game(fake, db, c).await));
    }
    // A direct message arrives on shard 0 and is answered there.
    let dm = fake
        .send_slash_command(900, None, user(BOB), "help", Value::Null)
        .await;
    assert_eq!(fake.wait_for_interaction_callback(dm).await.status, 204);

    // A tournament on shard 1's server, starting when the clock says so.
    let id = fake
        .send_slash_command(
            T1,
            G1,
            user(ALICE),
            "tournament",
            tournament(
                "create",
                vec![
                    opt::string("name", "Cup"),
                    opt::string("variant", "tawlbwrdd"),
                    opt::string("format", "round-robin"),
                    opt::string("match", "single"),
                    opt::string("start", "1d"),
                ],
            ),
        )
        .await;
    fake.wait_for_interaction_callback(id).await;
    for p in [ALICE, BOB] {
        let id = fake
            .send_slash_command(T1, G1, user(p), "tournament", tournament("join", vec![]))
            .await;
        fake.wait_for_interaction_callback(id).await;
    }
    let (tid, data) = db.tournament();
    let mut data: Value = serde_json::from_str(&data).unwrap();
    assert!(data["start_at"].is_i64(), "{data}");
    data["start_at"] = json!(unix_now());

    // Both bots running: the first games' reminders and losses on time,
    // and the tournament's start, fall due at once.
    let (c0a, g0a) = games[0];
    let (c1a, g1a) = games[2];
    db.due(g0a, 2);
    db.due(g1a, 2);
    db.set_tournament_data(tid, &data.to_string());
    for c in [c0a, c1a] {
        wait_posts(fake, c, REMINDER).await;
        wait_posts(fake, c, LOSS).await;
    }
    wait_posts(fake, T1, "begins").await;
    let threads = || fake.requests_matching("POST", "/channels/*/threads").len();
    let until = tokio::time::Instant::now() + WAIT;
    while threads() == 0 {
        assert!(tokio::time::Instant::now() < until, "{}", fake.describe());
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // Shard 0's bot dies holding a claim: game 0b's loss on time, which it
    // claimed and did not do.
    let (c0b, g0b) = games[1];
    let (c1b, g1b) = games[3];
    let dead = a.id();
    a.kill();
    // The claim first, then the game falls due (the other way round, the
    // living bot could claim it first).
    let deadline = unix_now();
    let held_until = deadline + LEASE;
    let target = target.to_string();
    let item = format!("{g0b}@{deadline}");
    // The store's blocking calls, off the async runtime.
    let claim = std::thread::spawn(move || {
        tawlbot::store::open(&target)
            .unwrap()
            .claim(
                LeaseKind::Deadline,
                &item,
                &dead.as_str().into(),
                held_until - LEASE,
                LEASE,
            )
            .unwrap()
    })
    .join()
    .unwrap();
    assert_eq!(claim, tawlbot::store::Claim::Mine);
    assert_eq!(db.due(g0b, deadline - unix_now()), deadline);
    db.due(g1b, 2);
    // The living bot does everything: shard 0's server's reminder at once,
    // its loss on time once the dead bot's lease has ended.
    for c in [c0b, c1b] {
        wait_posts(fake, c, REMINDER).await;
        wait_posts(fake, c, LOSS).await;
    }
    let (state, ended) = db.state(g0b);
    assert_ne!(state, "active");
    assert!(
        ended >= held_until,
        "ended at {ended}, the dead bot's lease ran to {held_until}"
    );

    // More passes of the living bot: nothing is sent again.
    tokio::time::sleep(Duration::from_secs(3)).await;
    for (c, _) in &games {
        assert_eq!(
            posts(fake, *c, REMINDER),
            1,
            "reminders in {c}\n{}",
            fake.describe()
        );
        assert_eq!(
            posts(fake, *c, LOSS),
            1,
            "losses in {c}\n{}",
            fake.describe()
        );
    }
    assert_eq!(posts(fake, T1, "begins"), 1, "{}", fake.describe());
    assert_eq!(threads(), 1, "one match, one thread\n{}", fake.describe());
    fake.assert_nothing_refused();
    drop(b);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_bots_on_one_database_send_everything_once_and_a_dead_one_s_work_is_taken_over() {
    support::init_tracing();
    let dir = tempfile::tempdir().unwrap();
    let path: PathBuf = dir.path().join("tawlbot.db");
    let fake = FakeDiscord::start().await;
    // The file exists (with its schema) before the test's hand opens it.
    drop(tawlbot::store::open(path.to_str().unwrap()).unwrap());
    let db = Db::open(&path);
    everything_once_and_a_dead_bot_s_work_taken_over(
        &fake,
        path.to_str().unwrap(),
        &db,
        |fake, shards| Bot::start(fake, &path, shards),
    )
    .await;
}

/// A real `tawlbot` bot process on PostgreSQL, killed (`kill -9`) when
/// dropped.
struct BotProcess {
    child: std::process::Child,
    url: String,
    shards: String,
    log: PathBuf,
}

impl BotProcess {
    fn start(fake: &FakeDiscord, url: &str, shards: &str, dir: &Path) -> BotProcess {
        let log = dir.join(format!("bot-{}.log", shards.replace('/', "-of-")));
        let child = program(fake, dir, &log)
            .env("DATABASE_URL", url)
            .env("SHARDS", shards)
            .env("LEASE_SECONDS", LEASE.to_string())
            .env("SCHEDULER_POLL_SECONDS", "1")
            .spawn()
            .expect("the tawlbot program starts");
        BotProcess {
            child,
            url: url.to_string(),
            shards: shards.to_string(),
            log,
        }
    }

    fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Mortal for BotProcess {
    /// The process's row in `processes` (written by its start-up
    /// heartbeat, before it connects to Discord).
    fn id(&self) -> String {
        let (url, shards) = (self.url.clone(), self.shards.clone());
        std::thread::spawn(move || {
            let mut c = postgres::Client::connect(&url, postgres::NoTls).unwrap();
            let rows = c
                .query(
                    "SELECT id FROM processes WHERE shards = $1 ORDER BY beat_at DESC",
                    &[&shards],
                )
                .unwrap();
            assert_eq!(rows.len(), 1, "one process runs {shards}");
            rows[0].get::<_, String>(0)
        })
        .join()
        .unwrap()
    }

    /// `kill -9`.
    fn kill(&mut self) {
        self.child.kill().unwrap();
        let status = self.child.wait().unwrap();
        assert!(!status.success(), "{status}: {}", self.log());
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The same with two real `tawlbot` processes (`SHARDS=0-0/2` and
/// `SHARDS=1-1/2`) on one throwaway PostgreSQL database, and `kill -9`.
/// Skipped (one line) where PostgreSQL is not installed; fails under
/// `TAWLBOT_REQUIRE_POSTGRES=1`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_process_loses_nothing_and_doubles_nothing() {
    support::init_tracing();
    let Some(pg) = std::thread::spawn(tawlbot::store::pg::throwaway::database)
        .join()
        .unwrap()
    else {
        return;
    };
    let url = pg.url.clone();
    let _pg = OffRuntime(Some(pg));
    // The schema, before the test's hand and both processes use it.
    let u = url.clone();
    std::thread::spawn(move || drop(tawlbot::store::open(&u).unwrap()))
        .join()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let db = Db::connect(&url);
    let logs = Logs(std::sync::Mutex::new(Vec::new()));
    everything_once_and_a_dead_bot_s_work_taken_over(&fake, &url, &db, |fake, shards| {
        let p = BotProcess::start(fake, &url, shards, dir.path());
        logs.0.lock().unwrap().push(p.log.clone());
        p
    })
    .await;
}

/// Drops its value on a thread of its own, off the async runtime:
/// dropping a throwaway database connects to the server with the blocking
/// client, which must not run on an async worker.
struct OffRuntime<T: Send + 'static>(Option<T>);

impl<T: Send + 'static> Drop for OffRuntime<T> {
    fn drop(&mut self) {
        let v = self.0.take();
        let _ = std::thread::spawn(move || drop(v)).join();
    }
}

/// The bot processes' logs, printed if the test fails.
struct Logs(std::sync::Mutex<Vec<PathBuf>>);

impl Drop for Logs {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            return;
        }
        for log in self.0.lock().unwrap_or_else(|e| e.into_inner()).iter() {
            eprintln!(
                "{}:\n{}",
                log.display(),
                std::fs::read_to_string(log).unwrap_or_default()
            );
        }
    }
}

/// An `/analysis` whose bot died before answering is answered by the other
/// bot: the job (with what answering needs) was kept with its claim.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_of_a_dead_bot_is_answered_by_the_other() {
    support::init_tracing();
    let dir = tempfile::tempdir().unwrap();
    let path: PathBuf = dir.path().join("tawlbot.db");
    let fake = FakeDiscord::start().await;
    fake.add_user(user(ALICE));
    fake.add_user(user(BOB));
    fake.add_text_channel(C0A, Some(G0));
    let mut a = Bot::start(&fake, &path, "0-0/2");
    fake.wait_shards(1, WAIT).await;
    let _b = Bot::start(&fake, &path, "1-1/2");
    fake.wait_shards(2, WAIT).await;
    let db = Db::open(&path);
    start_game(&fake, &db, C0A).await;
    let Db::Sqlite(sql) = &db else { unreachable!() };
    let id = fake
        .send_slash_command(C0A, G0, user(BOB), "resign", Value::Null)
        .await;
    fake.wait_for_interaction_callback(id).await;

    // Shard 0's bot answers the /analysis...
    let id = fake
        .send_slash_command(C0A, G0, user(ALICE), "analysis", json!([]))
        .await;
    assert_eq!(
        fake.wait_for_interaction_callback(id).await.body()["type"],
        5,
        "deferred"
    );
    let answered = |r: &support::RecordedRequest| {
        r.is("PATCH", "/webhooks/*/*/messages/@original")
            && r.content().is_some_and(|c| c.contains("winning chances"))
    };
    fake.wait_for_request(answered, WAIT).await;
    // It marks the job done just after its answer is sent: waited for, or
    // that write could land after the reset below (it did under load) and
    // leave nothing to take over.
    let marked = std::time::Instant::now();
    while sql
        .query_row(
            "SELECT done_at FROM leases WHERE kind = 'analysis' AND item = ?1",
            [id.to_string()],
            |r| r.get::<_, Option<i64>>(0),
        )
        .ok()
        .flatten()
        .is_none()
    {
        assert!(marked.elapsed() < WAIT, "the job was never marked done");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // ...and dies. Its job as the database held it while it was running:
    // claimed by it, not done, the lease over.
    let dead = a.app.process().id.clone();
    a.kill();
    let n = sql
        .execute(
            "UPDATE leases SET done_at = NULL, until = ?2 \
             WHERE kind = 'analysis' AND item = ?1 AND owner = ?3",
            rusqlite::params![id.to_string(), unix_now(), dead],
        )
        .unwrap();
    assert_eq!(n, 1, "the job was recorded with its claim");
    let mark = fake.requests().len();
    let again = fake.wait_for_request_after(mark, answered, WAIT).await;
    assert_eq!(again.png_files().len(), 1, "{again:?}");
    // Taken over once: marked done, and not answered a third time.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let edits = fake.requests()[mark..]
        .iter()
        .filter(|r| answered(r))
        .count();
    assert_eq!(edits, 1, "{}", fake.describe());
    let done: Option<i64> = sql
        .query_row(
            "SELECT done_at FROM leases WHERE kind = 'analysis' AND item = ?1",
            [id.to_string()],
            |r| r.get(0),
        )
        .unwrap();
    assert!(done.is_some());
    fake.assert_nothing_refused();
}
