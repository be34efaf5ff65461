//! How many statements a request runs, counted (not timed) on both stores:
//! the move of the move-to-reply bench (`benches/support/moves.rs`), an
//! `/accept`, a `/resign` and a bot move. A request reads what it needs
//! once (the players' settings, the server's language, the game) and
//! passes it down; these tests fail if a second read of the same thing
//! comes back, or if the statements of a move grow. The numbers are in
//! docs/performance.md.

use crate::backends;

#[path = "../../benches/support/moves.rs"]
mod moves;

use std::sync::atomic::AtomicBool;

use tawlbot::app::presentation::rendered::Response;
use tawlbot::app::{App, Effect, Input};
use tawlbot::store::{open_counted, StatementLog};

/// An app on a fresh database of the current backend, its statements
/// counted.
struct Counted {
    app: App,
    log: StatementLog,
    _db: backends::TestDb,
}

fn counted() -> Counted {
    let db = backends::fresh_db();
    let (store, log) = open_counted(&db.target).unwrap();
    Counted {
        app: App::new(store),
        log,
        _db: db,
    }
}

impl Counted {
    /// The statements `f` ran.
    fn during<T>(&self, f: impl FnOnce(&App) -> T) -> (T, Vec<String>) {
        self.log.clear();
        let v = f(&self.app);
        (v, self.log.take())
    }
}

fn backend() -> &'static str {
    match backends::current() {
        backends::Backend::Sqlite => "sqlite",
        backends::Backend::Postgres => "postgres",
    }
}

/// `sqlite` on SQLite, `pg` on PostgreSQL.
fn sqlite_or_pg(sqlite: usize, pg: usize) -> usize {
    match backends::current() {
        backends::Backend::Sqlite => sqlite,
        backends::Backend::Postgres => pg,
    }
}

/// The statements as a numbered list, for a failing assertion.
fn listed(sql: &[String]) -> String {
    sql.iter()
        .enumerate()
        .map(|(i, s)| format!("{:3} {s}\n", i + 1))
        .collect()
}

/// The statements run outside a transaction (the reads around a commit).
fn outside_transactions(sql: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut inside = false;
    for s in sql {
        if s.starts_with("BEGIN") {
            inside = true;
        } else if s == "COMMIT" || s == "ROLLBACK" {
            inside = false;
        } else if !inside {
            out.push(s.clone());
        }
    }
    out
}

/// The statements that read `table` (`SELECT ... FROM table ...`) outside
/// a transaction.
fn reads_of(sql: &[String], table: &str) -> usize {
    let from = format!(" FROM {table} ");
    outside_transactions(sql)
        .iter()
        .filter(|s| s.starts_with("SELECT") && format!("{s} ").contains(&from))
        .count()
}

/// Transactions begun (`BEGIN`, `BEGIN IMMEDIATE`, ...).
fn begins(sql: &[String]) -> usize {
    sql.iter().filter(|s| s.starts_with("BEGIN")).count()
}

/// Fails, with the statements listed, unless `sql` (what `what` ran) has
/// at most `most` statements in at most `transactions` transactions.
/// (`--nocapture` prints every list.)
fn at_most(what: &str, sql: &[String], most: usize, transactions: usize) {
    println!(
        "{} {what}: {} statements, {} transactions\n{}",
        backend(),
        sql.len(),
        begins(sql),
        listed(sql)
    );
    assert!(
        sql.len() <= most && begins(sql) <= transactions,
        "{} {what}: {} statements in {} transactions (at most {most} in {transactions}):\n{}",
        backend(),
        sql.len(),
        begins(sql),
        listed(sql)
    );
}

/// The bench's tenth move, its statements.
fn tenth_move(c: &Counted) -> (Response, Vec<String>) {
    let (ch, now) = moves::game_nine_moves_in(&c.app, 1);
    c.during(|app| moves::tenth_move(app, &ch, now))
}

/// The move of the move-to-reply bench: the mover's name and choices with
/// the server's language (one statement), the game with its moves (one
/// statement), the other player's name and choices (one statement), the
/// commit (`BEGIN`, the game read and locked, its source id recorded, the
/// move, the offers voided, the game's row with its clock, `COMMIT`): 10
/// statements (24 before each was read once, 18 while the game and its
/// moves were two reads, 17 while each player's name and choices and the
/// server's language were read alone, 14 while the commit checked the
/// pause, the source and the mover's row apart and set the reminder in a
/// second UPDATE).
#[test]
fn statements_per_move_stay_few() {
    let c = counted();
    let (_, sql) = tenth_move(&c);
    at_most("tenth move", &sql, 10, 1);
}

/// A move between players who chose a language, a theme, a board, direct
/// messages, on a server with a language of its own: each player's
/// choices are read once, the server's language once, each name once, the
/// game and its moves once, however many replies (the channel's, a direct
/// message) and notifications (the status line, the turn, the quiet
/// mentions) use them.
#[test]
fn a_move_reads_each_setting_once() {
    let c = counted();
    let now = 1_800_000_000;
    let ask = |user: &str, name: &str, args: &[(&str, &str)], n: u32| {
        c.app.handle(
            &moves::ctx(user, "c0", now, format!("set{n}")),
            moves::slash(name, args),
        )
    };
    // The players of the bench's game 1 (a pair of its own).
    let (alice, bob) = moves::players("c1");
    ask(&alice, "language", &[("choice", "cymraeg")], 1);
    ask(&alice, "notify", &[("how", "both")], 2);
    ask(&alice, "settings", &[("theme", "dark")], 3);
    ask(&bob, "notify", &[("how", "dm")], 4);
    ask(&bob, "settings", &[("board", "both"), ("flip", "auto")], 5);
    c.app
        .store()
        .set_server_language(&"bench".into(), Some(tawlbot::i18n::Lang::Cy))
        .unwrap();
    let (ch, now) = moves::game_nine_moves_in(&c.app, 1);
    let (r, sql) = c.during(|app| {
        app.handle(
            &moves::ctx(&bob, &ch, now, format!("{ch}-move")),
            Input::Message {
                text: "h8-h9".into(),
                addressed: false,
            },
        )
    });
    // alice, to move, hears by direct message too: her choice was read.
    assert_eq!(r.replies.len(), 2, "{r:?}");
    at_most("tenth move, every choice made", &sql, 10, 1);
    for (table, most) in [
        // alice's and bob's, once each
        ("player_settings", 2),
        ("players", 2),
        ("servers", 1),
        ("games", 1),
        ("moves", 1),
    ] {
        assert!(
            reads_of(&sql, table) <= most,
            "{} reads of {table} outside the commit (at most {most}):\n{}",
            reads_of(&sql, table),
            listed(&sql)
        );
    }
}

/// `/accept`, `/resign` and the bot's move read each thing once too.
#[test]
fn accept_resign_and_bot_move_stay_few() {
    let c = counted();
    let now = 1_800_000_000;
    c.app.handle(
        &moves::ctx("alice", "c1", now, "s1".into()),
        moves::slash(
            "challenge",
            &[
                ("opponent", "bob"),
                ("variant", "tawlbwrdd"),
                ("side", "attackers"),
            ],
        ),
    );
    let (r, accept) = c.during(|app| {
        app.handle(
            &moves::ctx("bob", "c1", now, "s2".into()),
            moves::slash("accept", &[]),
        )
    });
    assert!(!r.replies.is_empty());
    // The game's row once stored, but not its moves: a new game has none.
    // (PostgreSQL: a savepoint round the new game, and its release.) One
    // statement counts both players' running games against people (the
    // cap of app/use_cases/challenges.rs).
    at_most("/accept", &accept, sqlite_or_pg(18, 20), 2);
    assert_eq!(reads_of(&accept, "moves"), 0);
    let (r, resign) = c.during(|app| {
        app.handle(
            &moves::ctx("bob", "c1", now + 2, "s4".into()),
            moves::slash("resign", &[]),
        )
    });
    assert!(!r.replies.is_empty());
    at_most("/resign", &resign, 8, 1);
    let (r, bot) = bot_move(&c);
    assert!(!r.replies.is_empty());
    // The lease on the turn, the move, the lease done: three transactions.
    at_most("bot move", &bot, 15, 3);
}

/// A reminder from the clock: the reminded player's choices (how to
/// hear it, the language of the channel line and of the direct message)
/// are read once for the whole pass.
#[test]
fn a_reminder_reads_the_players_settings_once() {
    let c = counted();
    let now = 1_800_000_000;
    let ctx = |user: &str, n: u32| moves::ctx(user, "c1", now, format!("r{n}"));
    c.app
        .handle(&ctx("alice", 1), moves::slash("notify", &[("how", "both")]));
    c.app.handle(
        &ctx("alice", 2),
        moves::slash(
            "challenge",
            &[
                ("opponent", "bob"),
                ("variant", "tawlbwrdd"),
                ("side", "attackers"),
            ],
        ),
    );
    c.app.handle(&ctx("bob", 3), moves::slash("accept", &[]));
    let store = c.app.store();
    let game = store
        .active_game_in_channel(&"c1".into())
        .unwrap()
        .expect("the game is on");
    let at = store
        .remind_at(game.id)
        .unwrap()
        .expect("the first move has a reminder");
    let (r, sql) = c.during(|app| app.tick(at));
    // In the channel and by direct message: her choice was read.
    assert_eq!(r.replies.len(), 2, "{r:?}");
    // (The pass also looks for players who chose the digest: a read by
    // setting, not by player.)
    let by_player = sql
        .iter()
        .filter(|s| s.contains("FROM player_settings WHERE player_id"))
        .count();
    assert!(
        by_player <= 1,
        "{by_player} reads of a player's settings in one pass (at most 1):\n{}",
        listed(&sql)
    );
}

/// A move that a conditional line answers: the move's own 10
/// statements, the lines read, the reply written as a move (its game row
/// read and locked again, its source, the move, the offers, the game's
/// row) and the lines brought up to date, in the one transaction.
#[test]
fn a_move_answered_by_a_conditional_line_is_one_transaction() {
    let c = counted();
    let now = 1_800_000_000;
    let ask = |user: &str, input: Input, n: u32| {
        c.app.handle(
            &moves::ctx(user, "cl", now + n as i64, format!("cl{n}")),
            input,
        )
    };
    let typed = |text: &str| Input::Message {
        text: text.into(),
        addressed: false,
    };
    ask(
        "alice",
        moves::slash(
            "challenge",
            &[
                ("opponent", "bob"),
                ("variant", "tawlbwrdd"),
                ("side", "attackers"),
            ],
        ),
        1,
    );
    ask("bob", moves::slash("accept", &[]), 2);
    ask("alice", typed("e2-c2"), 3);
    let r = ask(
        "alice",
        moves::slash("conditional add", &[("line", "g7-g9 g2-i2 f7-g7 c2-c3")]),
        4,
    );
    assert!(!r.replies.is_empty());
    let (r, sql) = c.during(|app| {
        app.handle(
            &moves::ctx("bob", "cl", now + 5, "cl5".into()),
            typed("g7-g9"),
        )
    });
    assert_eq!(r.replies.len(), 2, "the move, then the reply: {r:?}");
    eprintln!(
        "{} a move answered by a conditional line: {} statements",
        backend(),
        sql.len()
    );
    at_most("a move answered by a conditional line", &sql, 18, 1);
}

/// A bot game (alice attacking the bot, level 1) after alice's first move:
/// the bot's move, its statements.
fn bot_move(c: &Counted) -> (Response, Vec<String>) {
    let now = 1_800_000_100;
    let ctx = |n: u32| moves::ctx("alice", "botch", now, format!("b{n}"));
    c.app.handle(
        &ctx(0),
        moves::slash(
            "challenge",
            &[
                ("opponent", tawlbot::app::BOT_ID),
                ("variant", "tawlbwrdd"),
                ("side", "attackers"),
                ("level", "1"),
            ],
        ),
    );
    let r = c.app.handle(
        &ctx(1),
        Input::Message {
            text: "e2-c2".into(),
            addressed: false,
        },
    );
    let turn = r
        .effects
        .iter()
        .find_map(|e| match e {
            Effect::BotTurn {
                game,
                expected_moves,
            } => Some((*game, *expected_moves)),
            _ => None,
        })
        .unwrap_or_else(|| panic!("the bot is to move: {r:?}"));
    c.during(|app| app.bot_turn(turn.0, turn.1, now + 5, &AtomicBool::new(false)))
}

on_postgres!(
    statements_per_move_stay_few,
    a_move_answered_by_a_conditional_line_is_one_transaction,
    a_move_reads_each_setting_once,
    accept_resign_and_bot_move_stay_few,
    a_reminder_reads_the_players_settings_once
);
