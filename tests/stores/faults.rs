//! Fault injection (feature `fault-injection`, enabled for tests): the Nth
//! write fails, the disk is full, the database is locked past the busy
//! timeout, a row is unreadable, an item panics. In each case nothing is
//! lost, nothing is applied twice, no reply reports a change that was not
//! committed, and nothing floods a channel.

use std::time::Duration;

use crate::backends;
use crate::common;

use tawlbot::app::presentation::rendered::Reply;
use tawlbot::app::{App, Ctx, Input, Target, User};
use tawlbot::store::prelude::*;
use tawlbot::store::{Fault, NewGame, OfferKind, SharedStore, SqliteStore, StoreOptions};

const SORRY: &str =
    "Sorry: the game database failed, so nothing was changed. Try again in a moment.";
const T0: i64 = 1_767_225_600;
const HOUR: i64 = 3600;

struct Bot {
    app: App,
    now: i64,
    n: u64,
    admins: Vec<&'static str>,
}

impl Bot {
    fn new(store: impl Into<SharedStore>) -> Bot {
        Bot {
            app: App::new(store),
            now: T0,
            n: 0,
            admins: Vec::new(),
        }
    }

    fn ctx(&mut self, user: &str, channel: &str) -> Ctx {
        self.n += 1;
        Ctx {
            server: "s".into(),
            channel: channel.into(),
            user: User {
                id: user.into(),
                name: user.into(),
            },
            now: self.now,
            source: format!("src{}", self.n),
            manage_server: self.admins.contains(&user),
            rights: Default::default(),
            roles: Vec::new(),
            mentioned: Vec::new(),
        }
    }

    /// `user` types `line` in `channel`: a slash command or a message.
    fn say(&mut self, user: &str, channel: &str, line: &str) -> Vec<Reply> {
        let ctx = self.ctx(user, channel);
        let input = match line.strip_prefix('/') {
            Some(cmd) => {
                let mut parts = cmd.split_whitespace();
                let mut name = parts.next().unwrap().to_string();
                if name == "tournament" {
                    // `/tournament create ...`: the subcommand is part of the name.
                    name = format!("tournament {}", parts.next().unwrap_or(""));
                }
                let args = parts
                    .map(|p| {
                        let (k, v) = p.split_once(':').unwrap_or(("action", p));
                        (k.to_string(), v.to_string())
                    })
                    .collect();
                Input::Slash { name, args }
            }
            None => Input::Message {
                text: line.into(),
                addressed: false,
            },
        };
        self.app.handle(&ctx, input).replies
    }

    fn tick(&mut self) -> Vec<Reply> {
        self.app.tick(self.now).replies
    }
}

/// A failed write is answered with the short private sentence alone: no
/// reply of the same response reports a change, nothing goes to a channel.
fn check_no_lie(replies: &[Reply]) -> bool {
    let failed = replies.iter().any(|r| r.text == SORRY);
    for r in replies {
        assert!(
            !r.text.to_lowercase().contains("database") || r.text == SORRY,
            "store details in a reply: {r:?}"
        );
        if r.text == SORRY {
            // Privately: to the interaction, or by direct message for a
            // plain message; never to a channel.
            assert!(r.ephemeral, "{r:?}");
            assert!(matches!(r.target, Target::Here | Target::Dm(_)), "{r:?}");
        }
    }
    if failed {
        assert_eq!(replies.len(), 1, "a failure and more: {replies:?}");
    }
    failed
}

const SCRIPT: &[(&str, &str)] = &[
    (
        "alice",
        "/challenge opponent:bob variant:tawlbwrdd side:attackers time:1d",
    ),
    ("bob", "/accept"),
    ("alice", "e2-c2"),
    ("bob", "g7-g9"),
    ("alice", "/draw"),
    ("bob", "/draw answer:decline"),
    ("alice", "g2-i2"),
    ("bob", "/pause days:2"),
    ("alice", "/pause answer:accept"),
    ("bob", "/resume"),
    ("alice", "/resume answer:accept"),
    ("bob", "f7-g7"),
    ("alice", "/takeback"),
    ("bob", "/takeback answer:accept"),
    ("alice", "c2-c3"),
    ("bob", "/notify how:dm"),
];

/// What the game looks like: moves, count, state, clock, offers.
fn snapshot(s: &SqliteStore) -> String {
    let g = s.get_game(GameId(1)).unwrap().unwrap();
    let moves: Vec<String> = s
        .moves(GameId(1))
        .unwrap()
        .into_iter()
        .map(|m| m.text)
        .collect();
    format!(
        "{moves:?} n={} state={:?} paused={} deadline={:?} offers={} notify={:?}",
        g.move_count,
        g.state,
        g.paused,
        g.deadline.map(|d| d - T0),
        OfferKind::ALL
            .iter()
            .filter(|&&k| s.get_offer(GameId(1), k).unwrap().is_some())
            .count(),
        s.player_setting(&"bob".into(), "notify").unwrap(),
    )
}

/// Runs the script; a step answered with the failure sentence is typed
/// again once (as a player would). Returns how many steps failed.
fn run_script(bot: &mut Bot) -> usize {
    let mut failures = 0;
    for (i, (user, line)) in SCRIPT.iter().enumerate() {
        bot.now = T0 + i as i64 * HOUR;
        let r = bot.say(user, "g", line);
        if check_no_lie(&r) {
            failures += 1;
            let again = bot.say(user, "g", line);
            assert!(!check_no_lie(&again), "{line}: {again:?}");
        }
        assert!(bot.tick().is_empty());
    }
    failures
}

#[test]
fn the_nth_write_fails() {
    let base = SqliteStore::open_in_memory().unwrap();
    let mut bot = Bot::new(base.clone());
    assert_eq!(run_script(&mut bot), 0);
    let want = snapshot(&base);
    assert!(
        want.starts_with(r#"["e2-c2", "g7-g9", "c2-c3"] n=3"#),
        "{want}"
    );
    let writes = base.fault_writes();
    assert!(writes >= 12, "{writes}");
    let mut visible = 0;
    for n in 1..=writes {
        for fault in [Fault::Io, Fault::DiskFull, Fault::Busy] {
            let s = SqliteStore::open_in_memory().unwrap();
            s.fault_fail_nth_write(n, fault);
            let mut bot = Bot::new(s.clone());
            visible += run_script(&mut bot);
            // Nothing lost, nothing applied twice.
            assert_eq!(snapshot(&s), want, "write {n} failing with {fault:?}");
        }
    }
    // Most failures are reported (a few are names remembered in passing).
    assert!(visible as u64 > writes, "{visible} of {writes}");
}

/// A game of Alice (attackers) and Bob with one day per move, Alice's
/// first move played at T0.
fn one_game(store: &(impl Into<SharedStore> + Clone)) -> Bot {
    let mut bot = Bot::new(store.clone());
    bot.say(
        "alice",
        "g",
        "/challenge opponent:bob variant:tawlbwrdd side:attackers time:1d",
    );
    bot.say("bob", "g", "/accept");
    let r = bot.say("alice", "g", "e2-c2");
    assert!(plain(&r[0].text).contains("played **e2-c2**"), "{r:?}");
    bot
}

/// A reply's words without the catalogue's isolation marks.
fn plain(s: &str) -> String {
    tawlbot::i18n::without_isolation(s)
}

fn texts(r: &[Reply]) -> Vec<String> {
    r.iter().map(|r| plain(&r.text)).collect()
}

#[test]
fn a_broken_database_sends_no_stream_of_reminders_and_judges_nothing() {
    let s = SqliteStore::open_in_memory().unwrap();
    let mut bot = one_game(&s);
    s.fault_fail_writes(Some(Fault::Io));
    // Every ten minutes from the reminder time to just before the deadline.
    let mut sent = Vec::new();
    let mut t = T0 + 18 * HOUR;
    while t < T0 + 23 * HOUR {
        bot.now = t;
        let (resp, rep) = bot.app.tick_report(t);
        assert!(!rep.ok() || rep.held > 0 || resp.replies.is_empty());
        sent.extend(resp.replies);
        t += 600;
    }
    assert!(sent.is_empty(), "{:?}", texts(&sent));
    // A move while the database is broken: a private sentence, no board.
    let r = bot.say("bob", "g", "g7-g9");
    assert_eq!(texts(&r), vec![SORRY.to_string()]);
    // The database comes back: one reminder, once.
    s.fault_fail_writes(None);
    bot.now = T0 + 23 * HOUR + 30 * 60;
    let r = bot.tick();
    assert_eq!(r.len(), 1, "{:?}", texts(&r));
    assert!(plain(&r[0].text).contains("a reminder"), "{:?}", texts(&r));
    for _ in 0..20 {
        bot.now += 60;
        assert!(bot.tick().is_empty());
    }
    // The deadline passes while writes fail: no loss is announced ...
    s.fault_fail_writes(Some(Fault::DiskFull));
    let mut sent = Vec::new();
    for k in 0..30 {
        bot.now = T0 + 24 * HOUR + k * 60;
        sent.extend(bot.tick());
    }
    assert!(sent.is_empty(), "{:?}", texts(&sent));
    assert_eq!(
        snapshot(&s).split(" state=").nth(1).unwrap()[..6].to_string(),
        "Active"
    );
    // ... until it can be written, and then once.
    s.fault_fail_writes(None);
    bot.now += 120;
    let r = bot.tick();
    let losses = r
        .iter()
        .filter(|r| plain(&r.text).contains("ran out of time"))
        .count();
    assert_eq!(losses, 1, "{:?}", texts(&r));
    bot.now += 120;
    assert!(bot.tick().is_empty());
}

#[test]
fn a_locked_database_past_the_busy_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db");
    let opts = StoreOptions {
        busy_timeout: Duration::from_millis(50),
        ..StoreOptions::default()
    };
    let s = SqliteStore::open_with(&path, &opts).unwrap();
    let mut bot = one_game(&s);
    // Another process holds the write lock.
    let other = rusqlite::Connection::open(&path).unwrap();
    other.execute_batch("BEGIN EXCLUSIVE").unwrap();
    bot.now = T0 + HOUR;
    let r = bot.say("bob", "g", "g7-g9");
    assert_eq!(texts(&r), vec![SORRY.to_string()]);
    assert_eq!(r[0].target, Target::Dm("bob".into()));
    let r = bot.say("bob", "g", "/pause days:3");
    assert_eq!(texts(&r), vec![SORRY.to_string()]);
    // Past the deadline: nothing judged while locked.
    bot.now = T0 + 25 * HOUR;
    let (resp, rep) = bot.app.tick_report(bot.now);
    assert!(resp.replies.is_empty() && !rep.ok(), "{rep:?}");
    other.execute_batch("ROLLBACK").unwrap();
    drop(other);
    // Unlocked: the loss on time is judged once; the refused move was
    // never applied.
    bot.now += 120;
    let r = bot.tick();
    assert!(
        r.iter()
            .any(|r| plain(&r.text).contains("@") && plain(&r.text).contains("ran out of time")),
        "{:?}",
        texts(&r)
    );
    assert_eq!(s.moves(GameId(1)).unwrap().len(), 1);
}

#[test]
fn the_disk_is_really_full() {
    let dir = tempfile::tempdir().unwrap();
    let s = SqliteStore::open(dir.path().join("t.db")).unwrap();
    let mut bot = one_game(&s);
    // The file may not grow by a single page: moves fill what is left.
    let pages = s.debug_limit_pages(None).unwrap();
    s.debug_limit_pages(Some(pages)).unwrap();
    let mut moves: Vec<String> = s
        .moves(GameId(1))
        .unwrap()
        .into_iter()
        .map(|m| m.text)
        .collect();
    let mut failed = false;
    for k in 0..600u64 {
        let row = s.get_game(GameId(1)).unwrap().unwrap();
        let Some((m, _)) = common::choose(&row, &moves, k, true) else {
            break;
        };
        let user = if moves.len().is_multiple_of(2) {
            "alice"
        } else {
            "bob"
        };
        let r = bot.say(user, "g", &m);
        if check_no_lie(&r) {
            failed = true;
            // Nothing of the refused move was kept.
            assert_eq!(s.moves(GameId(1)).unwrap().len(), moves.len());
            // Space comes back; the player types the move again: once.
            s.debug_limit_pages(Some(1 << 30)).unwrap();
            let r = bot.say(user, "g", &m);
            assert!(plain(&r[0].text).contains("played"), "{:?}", texts(&r));
            moves.push(m);
            assert_eq!(s.moves(GameId(1)).unwrap().len(), moves.len());
            break;
        }
        assert!(plain(&r[0].text).contains("played"), "{:?}", texts(&r));
        moves.push(m);
    }
    assert!(failed, "the page limit never bit ({} moves)", moves.len());
    s.integrity_check().unwrap();
}

/// A store of the current backend (tests/backends: SQLite in memory, or a
/// PostgreSQL database of its own) that the test can also write into by
/// hand, under the store's back.
struct Db {
    store: SharedStore,
    sqlite: Option<SqliteStore>,
    pg: Option<backends::TestDb>,
}

impl Db {
    fn new() -> Db {
        match backends::current() {
            backends::Backend::Sqlite => {
                let s = SqliteStore::open_in_memory().unwrap();
                Db {
                    store: std::sync::Arc::new(s.clone()),
                    sqlite: Some(s),
                    pg: None,
                }
            }
            backends::Backend::Postgres => {
                let pg = backends::fresh_db();
                Db {
                    store: pg.open(),
                    sqlite: None,
                    pg: Some(pg),
                }
            }
        }
    }

    /// Runs `sql` as an operator's own client would.
    fn execute(&self, sql: &str) {
        match (&self.sqlite, &self.pg) {
            (Some(s), _) => s.fault_execute(sql).unwrap(),
            (None, Some(pg)) => backends::raw_sql(&pg.target, sql),
            (None, None) => unreachable!(),
        }
    }
}

/// `count` games whose stored variant cannot be read, all past their
/// deadline, in channels b0, b1 ...
fn broken_games(s: &dyn Store, count: usize) {
    for i in 0..count {
        s.create_game(&NewGame {
            server_id: "s".into(),
            channel_id: format!("b{i}").into(),
            variant: "no-such-game".into(),
            options: vec![],
            settings: Default::default(),
            seed: 1,
            first_side: tawlbot::rules::Side::First,
            first_player: "carol".into(),
            second_player: "dave".into(),
            challenge_id: None,
            tournament_match_id: None,
            rated: false,
            time_control: tawlbot::store::TimeControl::PerMove(86_400),
            bank_first: None,
            bank_second: None,
            created_at: T0 - 2 * 86_400,
            deadline: Some(T0 - 86_400 + i as i64),
        })
        .unwrap();
    }
}

#[test]
fn a_hundred_unreadable_rows_do_not_starve_the_healthy_game() {
    let db = Db::new();
    let s = db.store.clone();
    let mut bot = one_game(&s);
    broken_games(&*s, 150);
    // The healthy game's deadline comes after all the broken ones.
    bot.now = T0 + 24 * HOUR + 1;
    let (resp, rep) = bot.app.tick_report(bot.now);
    assert_eq!(rep.failed, 150, "{rep:?}");
    let r = resp.replies;
    assert_eq!(r.len(), 1, "{:?}", texts(&r));
    assert!(
        plain(&r[0].text).contains("ran out of time"),
        "{:?}",
        texts(&r)
    );
    assert_eq!(r[0].target, Target::Channel("g".into()));
    // Held back: not retried (nor logged) on the next pass, and the
    // scheduler is not woken up for them.
    bot.now += 30;
    let (resp, rep) = bot.app.tick_report(bot.now);
    assert!(resp.replies.is_empty());
    assert_eq!((rep.failed, rep.held), (0, 150), "{rep:?}");
    assert!(bot.app.next_due().is_none_or(|t| t > bot.now), "spins");
    // Retried later (after a minute, then 2, 4 ...), still never a reply.
    bot.now += 60;
    let (resp, rep) = bot.app.tick_report(bot.now);
    assert!(resp.replies.is_empty());
    assert_eq!(rep.failed, 150, "{rep:?}");
    // An admin ends one stuck game: the channel is free again.
    bot.admins.push("mod");
    // The players of a stuck game hear what to do, not the details.
    let r = bot.say("carol", "b7", "e2-c2");
    assert_eq!(
        texts(&r),
        vec!["<@carol> The record of game 9 cannot be read. Someone with the Manage Server permission can end it with /abort."]
    );
    let r = bot.say("mod", "b7", "/abort");
    assert_eq!(
        texts(&r),
        vec!["Game 9 was ended by <@mod> with no result."]
    );
    // (Carol and Dave still play 149 stuck games, past the cap of running
    // games: two other players take the channel.)
    let r = bot.say("erin", "b7", "/challenge opponent:frank variant:tallfwrdd");
    assert!(plain(&r[0].text).contains("challenges"), "{:?}", texts(&r));
}

/// The log lines written while `f` runs (on this thread).
fn logs_of(f: impl FnOnce()) -> String {
    #[derive(Clone, Default)]
    struct Buf(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);
    impl std::io::Write for Buf {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let buf = Buf::default();
    let w = buf.clone();
    let sub = tracing_subscriber::fmt()
        .with_writer(move || w.clone())
        .with_ansi(false)
        .finish();
    tracing::subscriber::with_default(sub, f);
    let out = buf.0.lock().unwrap().clone();
    String::from_utf8(out).unwrap()
}

#[test]
fn a_broken_row_is_logged_once_and_never_reaches_a_channel() {
    let s = SqliteStore::open_in_memory().unwrap();
    let mut bot = one_game(&s);
    broken_games(&s, 3);
    let mut replies = Vec::new();
    let logs = logs_of(|| {
        // A pass every minute for a day.
        for k in 0..1440 {
            bot.now = T0 + 2 * HOUR + k * 60;
            replies.extend(bot.tick());
        }
    });
    // The healthy game goes on (its reminder, then its loss on time), the
    // broken ones never say anything.
    assert_eq!(replies.len(), 2, "{:?}", texts(&replies));
    assert!(replies
        .iter()
        .all(|r| r.target == Target::Channel("g".into())));
    replies.clear();
    let lines: Vec<&str> = logs.lines().filter(|l| l.contains("ERROR")).collect();
    assert_eq!(lines.len(), 3, "{logs}");
    assert!(lines.iter().all(|l| l.contains("held back")), "{logs}");
    // A database that stays locked is logged once too, not once a pass,
    // while another game's reminder and deadline fall due.
    bot.now = T0 + 30 * HOUR;
    bot.say(
        "carol",
        "k",
        "/challenge opponent:dave variant:tawlbwrdd side:attackers time:1d",
    );
    bot.say("dave", "k", "/accept");
    let r = bot.say("carol", "k", "e2-c2");
    assert!(plain(&r[0].text).contains("played"), "{:?}", texts(&r));
    s.fault_fail_writes(Some(Fault::Busy));
    let logs = logs_of(|| {
        for k in 0..288 {
            bot.now = T0 + 31 * HOUR + k * 600;
            replies.extend(bot.tick());
        }
    });
    assert!(replies.is_empty(), "{:?}", texts(&replies));
    let errors = logs.lines().filter(|l| l.contains("ERROR")).count();
    assert_eq!(errors, 1, "{logs}");
}

/// A reminder is read before it is recorded as sent: a game that cannot
/// be read at that moment (here: reading it panics; in real life a busy
/// database) holds the reminder back, and it comes on a later pass, once.
/// It used to be recorded first and then lost.
#[test]
fn a_reminder_whose_game_cannot_be_read_comes_late_not_never() {
    let s = SqliteStore::open_in_memory().unwrap();
    let mut bot = one_game(&s);
    s.fault_panic_on_game(Some(GameId(1)));
    bot.now = T0 + 18 * HOUR + 1;
    let (resp, rep) = bot.app.tick_report(bot.now);
    assert_eq!(rep.failed, 1, "{rep:?}");
    assert!(resp.replies.is_empty(), "{:?}", texts(&resp.replies));
    s.fault_panic_on_game(None);
    bot.now += 120;
    let r = bot.tick();
    assert_eq!(r.len(), 1, "{:?}", texts(&r));
    assert!(plain(&r[0].text).contains("a reminder"), "{:?}", texts(&r));
    for _ in 0..10 {
        bot.now += 600;
        assert!(bot.tick().is_empty());
    }
}

#[test]
fn a_panicking_item_is_caught_and_blocks_nothing() {
    let s = SqliteStore::open_in_memory().unwrap();
    let mut bot = one_game(&s);
    bot.say(
        "carol",
        "h",
        "/challenge opponent:dave variant:tawlbwrdd side:attackers time:1d",
    );
    bot.say("dave", "h", "/accept");
    bot.say("carol", "h", "e2-c2");
    // Game 1 panics whenever it is read.
    s.fault_panic_on_game(Some(GameId(1)));
    bot.now = T0 + 24 * HOUR + 1;
    let (resp, rep) = bot.app.tick_report(bot.now);
    // Its deadline and its reminder both panic.
    assert_eq!(rep.failed, 2, "{rep:?}");
    let r = resp.replies;
    assert_eq!(r.len(), 1, "{:?}", texts(&r));
    assert_eq!(r[0].target, Target::Channel("h".into()));
    assert!(plain(&r[0].text).contains("ran out of time"));
    // Fixed: game 1 is judged on a later pass, once.
    s.fault_panic_on_game(None);
    bot.now += 120;
    let r = bot.tick();
    assert_eq!(r.len(), 1, "{:?}", texts(&r));
    assert_eq!(r[0].target, Target::Channel("g".into()));
    bot.now += 3600;
    assert!(bot.tick().is_empty());
}

#[test]
fn a_stored_value_that_cannot_be_read_is_the_rows_fault_not_the_databases() {
    let db = Db::new();
    let mut bot = one_game(&db.store);
    // Four games whose time control is no time control, all due before
    // the healthy game: were they taken for a database failure, the third
    // would end the pass and the healthy game would wait.
    broken_games(&*db.store, 4);
    db.execute(
        "UPDATE games SET variant = 'tawlbwrdd', time_control = 'soon' \
         WHERE variant = 'no-such-game'",
    );
    bot.now = T0 + 24 * HOUR + 1;
    let (resp, rep) = bot.app.tick_report(bot.now);
    assert_eq!((rep.failed, rep.aborted), (4, false), "{rep:?}");
    let r = resp.replies;
    assert_eq!(r.len(), 1, "{:?}", texts(&r));
    assert!(
        plain(&r[0].text).contains("ran out of time"),
        "{:?}",
        texts(&r)
    );
    // A player of such a game hears no detail of it.
    let r = bot.say("carol", "b1", "/move move:e2-c2");
    assert_eq!(r.len(), 1, "{:?}", texts(&r));
    for detail in ["soon", "unknown", "time control", "database holds"] {
        assert!(!plain(&r[0].text).contains(detail), "{:?}", texts(&r));
    }
}

/// One row that cannot be read in each table a loop reads (a challenge
/// due to expire, games due for a loss on time, a reminder and the end of
/// an agreed pause, a game in a player's digest, a tournament due to
/// start, a game where the bot is to move), each beside a healthy one:
/// every healthy item still happens, exactly once; the poisoned rows are
/// skipped, logged once each with their table and id, and a command that
/// meets one answers with a sentence.
#[test]
fn a_row_that_cannot_be_read_never_stops_expiry_reminders_or_timeouts() {
    let db = Db::new();
    let s = db.store.clone();
    let mut bot = Bot::new(s.clone());
    let say = |bot: &mut Bot, user: &str, ch: &str, line: &str| {
        let r = texts(&bot.say(user, ch, line));
        assert!(!r.is_empty(), "{user}@{ch}: {line}: no answer");
        r
    };
    // Challenges due to expire: 1 is poisoned, 2 healthy.
    say(
        &mut bot,
        "alice",
        "c1",
        "/challenge opponent:bob variant:tawlbwrdd time:1d",
    );
    say(
        &mut bot,
        "alice",
        "c2",
        "/challenge opponent:carol variant:tawlbwrdd time:1d",
    );
    // Games with a deadline and a reminder: game 1 (d1) poisoned, game 2
    // (d2) healthy; gina is to move in both and reads a daily digest.
    for (ch, first) in [("d1", "dave"), ("d2", "frank")] {
        say(
            &mut bot,
            first,
            ch,
            "/challenge opponent:gina variant:tawlbwrdd side:attackers time:1d",
        );
        say(&mut bot, "gina", ch, "/accept");
        say(&mut bot, first, ch, "e2-c2");
    }
    say(&mut bot, "gina", "x", "/notify how:digest");
    // Agreed pauses of a day: game 3 (p1) poisoned, game 4 (p2) healthy.
    for ch in ["p1", "p2"] {
        say(
            &mut bot,
            "hana",
            ch,
            "/challenge opponent:ivan variant:tawlbwrdd side:attackers time:3d",
        );
        say(&mut bot, "ivan", ch, "/accept");
        say(&mut bot, "hana", ch, "e2-c2");
        say(&mut bot, "ivan", ch, "/pause days:1");
        say(&mut bot, "hana", ch, "/pause answer:accept");
    }
    // The bot to move: game 5 (b1) poisoned, game 6 (b2) healthy.
    for ch in ["b1", "b2"] {
        say(
            &mut bot,
            "jo",
            ch,
            "/challenge opponent:tawlbot variant:tawlbwrdd side:defenders level:1 time:3d",
        );
    }
    // Tournaments due to start in a day: 1 poisoned, 2 healthy (nobody
    // joins, so it is cancelled at its start).
    bot.admins.push("kim");
    let r = say(
        &mut bot,
        "kim",
        "t1",
        "/tournament create name:T1 variant:tawlbwrdd start:1d",
    );
    assert!(r[0].contains("T1"), "{r:?}");
    say(
        &mut bot,
        "kim",
        "t2",
        "/tournament create name:T2 variant:tawlbwrdd start:1d",
    );
    assert!(s.unreadable_rows().unwrap().is_empty());
    assert_eq!(bot.app.pending_bot_turns().len(), 2);
    // The poison: the clock that once poisoned a game (`time:bank:0` as it was
    // once stored), an unknown state word, options that are not JSON.
    db.execute(
        "UPDATE challenges SET time_control = 'bank:0d inc:0 cap:0d' WHERE id = 1;
         UPDATE games SET time_control = 'bank:0d inc:0 cap:0d' WHERE id = 1;
         UPDATE games SET result = 'maybe' WHERE id = 3;
         UPDATE games SET options = 'tawlbwrdd' WHERE id = 5;
         UPDATE tournaments SET state = 'signup', options = '{' WHERE id = 1;",
    );
    let poisoned = [
        ("challenges", 1),
        ("games", 1),
        ("games", 3),
        ("games", 5),
        ("tournaments", 1),
    ];
    let mut found: Vec<(&str, i64)> = s
        .unreadable_rows()
        .unwrap()
        .iter()
        .map(|r| (r.table.as_str(), r.id.parse().unwrap()))
        .collect();
    found.sort();
    let mut want = poisoned.to_vec();
    want.sort();
    assert_eq!(found, want);

    let mut replies = Vec::new();
    let mut turns = Vec::new();
    let logs = logs_of(|| {
        // The bot's turns at a restart.
        turns = bot.app.pending_bot_turns();
        // A pass every ten minutes for two days.
        for k in 1..=288 {
            bot.now = T0 + k * 600;
            replies.extend(texts(&bot.tick()));
        }
    });
    // The bot moves in the healthy game.
    assert_eq!(turns.len(), 1, "{turns:?}");
    assert!(format!("{turns:?}").contains("game: 6"), "{turns:?}");
    let count = |needle: &str| replies.iter().filter(|r| r.contains(needle)).count();
    assert_eq!(
        count("Challenge 2 from <@alice> expired."),
        1,
        "{replies:#?}"
    );
    assert_eq!(
        count("a reminder: it is your move in game 2,"),
        1,
        "{replies:#?}"
    );
    assert_eq!(count("ran out of time"), 1, "{replies:#?}");
    assert_eq!(
        count("The agreed pause of game 4 is over"),
        1,
        "{replies:#?}"
    );
    assert_eq!(count("Your daily digest"), 1, "{replies:#?}");
    assert_eq!(count("**T2** cannot start"), 1, "{replies:#?}");
    // Nothing of the poisoned rows, nor any store detail, reaches a player.
    for r in &replies {
        for bad in [
            "Challenge 1 ",
            "game 1",
            "game 3",
            "game 5",
            "**T1**",
            "database",
            "bank:0",
        ] {
            assert!(!r.contains(bad), "{bad}: {r}");
        }
    }
    let digest = replies.iter().find(|r| r.contains("digest")).unwrap();
    assert!(
        digest.contains("game 2") && !digest.contains("game 1"),
        "{digest}"
    );
    // Each poisoned row is logged once, with its table and id.
    for (table, id) in poisoned {
        let lines = logs
            .lines()
            .filter(|l| l.contains("cannot be read is skipped"))
            .filter(|l| {
                l.contains(&format!("table=\"{table}\"")) && l.contains(&format!("id=\"{id}\""))
            })
            .count();
        assert_eq!(lines, 1, "{table} {id}:\n{logs}");
    }

    // Commands that meet a poisoned row answer with a sentence.
    let r = say(&mut bot, "bob", "c1", "/accept");
    assert!(!r[0].contains("database"), "{r:?}");
    let r = say(&mut bot, "bob", "c1", "/accept id:1");
    assert_eq!(
        r,
        vec!["Challenge 1 cannot be read, so I leave it as it is. The bot's operator can look into it (tawlbot doctor)."]
    );
    let r = say(&mut bot, "gina", "d1", "/board");
    assert_eq!(
        r,
        vec!["The record of game 1 cannot be read. Someone with the Manage Server permission can end it with /abort."]
    );
    // A typed move there is answered too, by direct message:
    // never silence, never "no game here".
    let r = bot.say("zed", "d1", "e1-e4");
    assert_eq!(
        texts(&r),
        vec!["The record of game 1 cannot be read. Someone with the Manage Server permission can end it with /abort."]
    );
    assert!(
        r.iter().all(|x| x.target == Target::Dm("zed".into())),
        "{r:?}"
    );
    let r = say(&mut bot, "kim", "t1", "/tournament info id:1");
    assert!(r[0].contains("tournament 1 cannot be read"), "{r:?}");
    // Lists skip it: the digest reader's games, the channel's challenges.
    let r = say(&mut bot, "gina", "x", "/games");
    assert!(!r.join(" ").contains("database"), "{r:?}");
    // A moderator can still end the poisoned game of d1.
    bot.admins.push("mod");
    let r = say(&mut bot, "mod", "d1", "/abort");
    assert_eq!(r, vec!["Game 1 was ended by <@mod> with no result."]);
}

/// The end of a rated game and its rating are two
/// writes. Whichever write of a resignation fails, a finished rated game
/// has its ratings once the bot starts again (the first heartbeat rates the
/// games that ended unrated), and never twice.
#[test]
fn a_rating_lost_between_the_end_and_the_rating_is_written_at_start() {
    // Play to the resignation and count the writes it makes.
    let play = |s: &SqliteStore| {
        let mut bot = Bot::new(s.clone());
        bot.say(
            "alice",
            "g",
            "/challenge opponent:bob variant:tawlbwrdd side:attackers rated:true",
        );
        bot.say("bob", "g", "/accept");
        bot.say("alice", "g", "e2-c2");
        bot
    };
    let s = SqliteStore::open_in_memory().unwrap();
    let mut bot = play(&s);
    let before = s.fault_writes();
    bot.say("bob", "g", "/resign");
    let writes = s.fault_writes() - before;
    assert!(writes >= 2, "the end and the rating: {writes} writes");
    let games_of = |s: &SqliteStore, p: &str| {
        s.get_rating(&"s".into(), "tawlbwrdd", &p.into())
            .unwrap()
            .map_or(0, |r| r.games)
    };
    assert_eq!(games_of(&s, "alice"), 1);
    let mut gaps = 0;
    for k in 1..=writes {
        let s = SqliteStore::open_in_memory().unwrap();
        let mut bot = play(&s);
        s.fault_fail_nth_write(k, Fault::Io);
        bot.say("bob", "g", "/resign");
        let ended =
            s.get_game(GameId(1)).unwrap().unwrap().state == tawlbot::store::GameState::Finished;
        if !ended {
            continue;
        }
        if games_of(&s, "alice") == 0 {
            gaps += 1;
            // The bot starts again: its first heartbeat rates the game.
            let restarted = App::new(s.clone());
            restarted.heartbeat(T0 + 2 * HOUR).unwrap();
        }
        for p in ["alice", "bob"] {
            assert_eq!(games_of(&s, p), 1, "write {k} failing: {p}'s rating");
        }
        assert!(s.unrated_finished_games(10).unwrap().is_empty());
        // Another start rates nothing twice.
        App::new(s.clone()).heartbeat(T0 + 3 * HOUR).unwrap();
        assert_eq!(games_of(&s, "bob"), 1, "write {k}: rated twice");
    }
    assert!(gaps >= 1, "no write fell between the end and the rating");
}

/// `user` runs slash command `name` with `args` in `channel`: the whole
/// response (its replies and effects).
fn slash(
    bot: &mut Bot,
    user: &str,
    channel: &str,
    name: &str,
    args: &[(&str, &str)],
) -> tawlbot::app::presentation::rendered::Response {
    let ctx = bot.ctx(user, channel);
    let args = args
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    bot.app.handle(
        &ctx,
        Input::Slash {
            name: name.into(),
            args,
        },
    )
}

/// A round-robin tournament of alice and bob, started by kim (Manage
/// Server) in `t`, its one match's game running in the thread the start
/// asked for.
fn running_tournament(s: &SqliteStore) -> Bot {
    let mut bot = Bot::new(s.clone());
    bot.admins.push("kim");
    let args = [
        ("name", "Spring"),
        ("variant", "tawlbwrdd"),
        ("format", "round-robin"),
        ("match", "single"),
    ];
    slash(&mut bot, "kim", "t", "tournament create", &args);
    for p in ["alice", "bob"] {
        slash(&mut bot, p, "t", "tournament join", &[]);
    }
    let r = slash(&mut bot, "kim", "t", "tournament start", &[]);
    let threads = thread_requests(&r);
    assert_eq!(threads.len(), 1, "{:?}", texts(&r.replies));
    let ctx = bot.ctx("kim", "t");
    bot.app
        .start_match_in_thread(&ctx, threads[0], &"t-thread".into());
    assert_eq!(active_games(s), 1);
    bot
}

fn thread_requests(r: &tawlbot::app::presentation::rendered::Response) -> Vec<MatchId> {
    r.effects
        .iter()
        .filter_map(|e| match e {
            tawlbot::app::Effect::OpenMatchThread { match_id, .. } => Some(*match_id),
            _ => None,
        })
        .collect()
}

fn active_games(s: &SqliteStore) -> usize {
    s.tournament_matches(TournamentId(1))
        .unwrap()
        .iter()
        .flat_map(|m| s.games_of_match(m.id).unwrap())
        .filter(|g| g.state == tawlbot::store::GameState::Active)
        .count()
}

/// `/tournament start` again on a running tournament catches it up and
/// reopens the threads of matches with no game yet. Whichever of its reads
/// fails, a match whose game is running never gets a second thread.
#[test]
fn a_failed_read_never_opens_a_matchs_thread_twice() {
    let s = SqliteStore::open_in_memory().unwrap();
    let mut bot = running_tournament(&s);
    let before = s.fault_reads();
    let r = slash(&mut bot, "kim", "t", "tournament start", &[]);
    assert!(thread_requests(&r).is_empty(), "{:?}", texts(&r.replies));
    let reads = s.fault_reads() - before;
    assert!(reads > 2, "{reads} reads");
    for n in 1..=reads {
        s.fault_fail_nth_read(n, Fault::Busy);
        let r = slash(&mut bot, "kim", "t", "tournament start", &[]);
        assert!(
            thread_requests(&r).is_empty(),
            "read {n} of {reads} failed: {:?}",
            texts(&r.replies)
        );
        s.fault_reads_work();
        assert_eq!(active_games(&s), 1);
    }
}

/// `/tournament cancel` whose reads fail, each in turn: the tournament is
/// either cancelled with no game left running, or not cancelled and the
/// organiser told that the database failed.
#[test]
fn a_cancel_with_a_failing_read_leaves_no_game_running() {
    let s = SqliteStore::open_in_memory().unwrap();
    let mut bot = running_tournament(&s);
    let before = s.fault_reads();
    let r = slash(&mut bot, "kim", "t", "tournament cancel", &[]);
    assert!(
        texts(&r.replies)[0].contains("Spring** is cancelled (1 game stopped)"),
        "{:?}",
        texts(&r.replies)
    );
    assert_eq!(active_games(&s), 0);
    let reads = s.fault_reads() - before;
    for n in 1..=reads {
        let s = SqliteStore::open_in_memory().unwrap();
        let mut bot = running_tournament(&s);
        s.fault_fail_nth_read(n, Fault::Busy);
        let r = slash(&mut bot, "kim", "t", "tournament cancel", &[]);
        s.fault_reads_work();
        let said = texts(&r.replies).join("\n");
        let state = s.get_tournament(TournamentId(1)).unwrap().unwrap().state;
        if state == tawlbot::store::TournamentPhase::Cancelled {
            assert_eq!(active_games(&s), 0, "read {n} of {reads} failed: {said}");
        } else {
            assert!(said.contains(SORRY), "read {n} of {reads} failed: {said}");
            assert_eq!(active_games(&s), 1, "read {n} of {reads} failed: {said}");
        }
    }
}

// The fault hooks (failing writes, a full disk, a locked file, a panicking
// read) are the SQLite store's own: those tests stay SQLite-only. Rows
// that cannot be read are every store's business.
on_postgres!(
    a_hundred_unreadable_rows_do_not_starve_the_healthy_game,
    a_stored_value_that_cannot_be_read_is_the_rows_fault_not_the_databases,
    a_row_that_cannot_be_read_never_stops_expiry_reminders_or_timeouts,
);
