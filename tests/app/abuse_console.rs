//! Abuse and faults (items 10-15) through the console: positions
//! already decided, exports after a takeback, the dice's secret seed.

use crate::backends;
use crate::console_support;
use console_support::direct::{self, slash};
use console_support::{tournament_signup, Session};

use tawlbot::app::presentation::rendered::Response;
use tawlbot::app::{App, Ctx, User};
use tawlbot::domain::GameId;

const T0: i64 = 1_767_225_600;

/// `user` in `channel` of `server` at T0.
fn ctx(server: &str, channel: &str, user: &str) -> Ctx {
    direct::ctx(server, channel, user, T0)
}

/// The contents of the last file printed whose name ends with `ext`.
fn last_file(out: &str, ext: &str) -> String {
    let path = out
        .lines()
        .rev()
        .filter_map(|l| {
            l.split_once("[file: ")
                .map(|(_, p)| p.trim_end_matches(']'))
        })
        .find(|p| p.ends_with(ext))
        .unwrap_or_else(|| panic!("a {ext} file in {out}"));
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn a_won_position_is_refused() {
    let s = Session::new();
    let out = s.run(&[
        // The king already on the edge: the defenders have won.
        "alice@general: /challenge opponent:@bob variant:tawlbwrdd position:/11/11/11/3t7/11/K10/11/11/3t7/11/11/",
        // The king, the defenders' one piece, is hemmed in by four
        // attackers: if the coin gave the defenders the first move, they
        // could not make it.
        "alice@general: /challenge opponent:@bob variant:tawlbwrdd position:/1t9/tKt8/1t9/11/11/11/11/11/11/11/11/",
        // A playable position is still taken.
        "alice@general: /challenge opponent:@bob variant:tawlbwrdd side:defenders position:/11/11/11/3t7/11/5K5/11/11/3t7/11/11/",
    ]);
    assert!(
        out.contains("general> (to alice) That position is already won or lost: a Tawlbwrdd game cannot start from it."),
        "{out}"
    );
    assert_eq!(out.matches("already won or lost").count(), 2, "{out}");
    assert!(out.contains("general> @alice challenges @bob"), "{out}");
    assert_eq!(out.matches("challenges @bob").count(), 1, "{out}");
}

#[test]
fn export_after_takeback_is_fresh() {
    let s = Session::new();
    let out = s.run(&[
        "alice@t: /challenge opponent:@bob variant:tawlbwrdd side:attackers",
        "bob@t: /accept",
        "alice@t: e2-c2",
        "alice@t: /export",
        "alice@t: /takeback",
        "bob@t: /takeback answer:accept",
        "alice@t: e2-d2",
        // Another user (the first one waits a minute between exports).
        "bob@t: /export",
    ]);
    let record = last_file(&out, ".txt");
    assert!(record.contains("1. e2-d2"), "{record}");
    assert!(!record.contains("e2-c2"), "{record}");
}

#[test]
fn the_dice_seed_is_secret_until_the_end() {
    let s = Session::new();
    let out = s.run(&[
        "alice@t: /challenge opponent:@bob variant:tawlbwrdd options:dice side:attackers",
        "bob@t: /accept",
        "alice@t: /export",
        "bob@t: /export format:otn",
    ]);
    let record = last_file(&out, ".txt");
    assert!(!record.contains("[Seed"), "{record}");
    assert!(record.contains("[Variant \"tawlbwrdd\"]"), "{record}");
    let otn = last_file(&out, ".otn");
    assert!(otn.contains("[variant:tawlbwrdd dice]"), "{otn}");
    assert!(!otn.contains("seed="), "{otn}");
    // Once the game is over the seed is shown, and replays every throw.
    let out = s.run(&[
        ":clock +2m",
        "alice@t: /resign",
        "alice@t: /export",
        "bob@t: /export format:otn",
    ]);
    let record = last_file(&out, ".txt");
    assert!(record.contains("[Seed \""), "{record}");
    let otn = last_file(&out, ".otn");
    assert!(otn.contains("seed="), "{otn}");
}

/// New games' seeds come from the operating system: two games started
/// alike (same challenge, time and channel) get different seeds.
#[test]
fn seeds_are_not_derived_outside_the_console() {
    let mut seeds = Vec::new();
    for _ in 0..2 {
        let app = App::new(backends::any_store());
        slash(
            &app,
            &ctx("s", "c", "alice"),
            "challenge",
            &[("opponent", "bob"), ("options", "dice")],
        );
        slash(&app, &ctx("s", "c", "bob"), "accept", &[]);
        seeds.push(app.store().get_game(GameId(1)).unwrap().unwrap().seed);
    }
    assert_ne!(seeds[0], seeds[1]);
}

/// A game with an hour per move; Discord unreachable (or the bot running)
/// for three hours; bob, to move, then plays.
fn three_hours(how: &str) -> String {
    let s = Session::new();
    s.run(&[
        "alice@t: /challenge opponent:@bob variant:tawlbwrdd side:defenders time:1h",
        "bob@t: /accept",
        how,
        "bob@t: e2-c2",
    ])
}

#[test]
fn gateway_outage_counts_as_downtime() {
    let out = three_hours(":outage +3h");
    assert!(
        out.contains("console> Discord was unreachable for 3 hours: every running clock was extended by that time"),
        "{out}"
    );
    assert!(out.contains("t> @bob played **e2-c2**"), "{out}");
    assert!(!out.contains("before the deadline"), "{out}");
    // The same three hours with Discord reachable: the game is cancelled
    // (bob never moved).
    let out = three_hours(":clock +3h");
    assert!(
        out.contains("t> Game 1 is cancelled: no move was made before the deadline."),
        "{out}"
    );
    assert!(!out.contains("played **e2-c2**"), "{out}");
}

/// Someone who calls themselves "tawlbot" is a player like any other.
#[test]
fn the_bot_is_known_by_its_id_not_its_name() {
    let app = App::new(backends::any_store());
    let mut c = ctx("s", "c", "alice");
    c.mentioned.push(User {
        id: "666".into(),
        name: "tawlbot".into(),
    });
    let r = slash(&app, &c, "challenge", &[("opponent", "666")]);
    let text: String = r.replies.iter().map(|r| r.text.clone()).collect();
    let text = tawlbot::i18n::without_isolation(&text);
    assert!(text.contains("challenges <@666>"), "{text}");
    assert!(
        app.store().get_game(GameId(1)).unwrap().is_none(),
        "no game with a bot"
    );
}

/// The replies' words, without the catalogue's isolation marks.
fn said(r: &Response) -> String {
    let text = r
        .replies
        .iter()
        .map(|r| r.text.clone())
        .collect::<Vec<_>>()
        .join("\n");
    tawlbot::i18n::without_isolation(&text)
}

/// A finished game (bob resigns) on server `server`, channel `channel`.
fn finished_game(app: &App, server: &str, channel: &str) -> GameId {
    slash(
        app,
        &ctx(server, channel, "alice"),
        "challenge",
        &[("opponent", "bob")],
    );
    slash(app, &ctx(server, channel, "bob"), "accept", &[]);
    slash(app, &ctx(server, channel, "bob"), "resign", &[]);
    slash(app, &ctx(server, channel, "alice"), "resign", &[]);
    app.store()
        .latest_game_in_channel(&channel.into())
        .unwrap()
        .unwrap()
        .id
}

#[test]
fn analysis_of_another_servers_game_is_refused() {
    let app = App::new(backends::any_store());
    let theirs = finished_game(&app, "one", "c1");
    let ours = finished_game(&app, "two", "c2");
    let here = ctx("two", "c2", "carol");
    let mut progress = |_| {};
    let r = tawlbot::app::use_cases::analysis::command(
        &app,
        &here,
        Some(&theirs.to_string()),
        &mut progress,
    );
    assert_eq!(said(&r), format!("There is no game {theirs} here."));
    assert!(r.replies[0].files.is_empty());
    // A game of this server is analysed, and the second time is served
    // from what was kept (the same graph).
    let r1 = tawlbot::app::use_cases::analysis::command(
        &app,
        &here,
        Some(&ours.to_string()),
        &mut progress,
    );
    assert!(said(&r1).contains(&format!("Game {ours}")), "{}", said(&r1));
    assert_eq!(r1.replies[0].files.len(), 1);
    let r2 = tawlbot::app::use_cases::analysis::command(
        &app,
        &here,
        Some(&ours.to_string()),
        &mut progress,
    );
    assert_eq!(r1.replies[0].files[0].bytes, r2.replies[0].files[0].bytes);
}

#[test]
fn bot_games_are_capped() {
    let s = Session::new();
    let mut lines: Vec<String> = (1..=4)
        .map(|i| format!("alice@hall{i}: /challenge opponent:@tawlbot variant:tawlbwrdd level:1 side:defenders"))
        .collect();
    lines.push(
        "bob@hall5: /challenge opponent:@tawlbot variant:tawlbwrdd level:1 side:defenders".into(),
    );
    let out = s.run(&lines);
    assert_eq!(out.matches("I play at level 1 of 5.").count(), 4, "{out}");
    assert!(
        out.contains("hall4> (to alice) You already have 3 games against me running: finish one before you start another."),
        "{out}"
    );
    // Once one is over, another may start.
    let out = s.run(&[
        "alice@hall1: /resign",
        "alice@hall4: /challenge opponent:@tawlbot variant:tawlbwrdd level:1 side:defenders",
    ]);
    assert!(out.contains("I play at level 1 of 5."), "{out}");
}

/// A full engine queue answers "busy" at once, to an analysis and to a new
/// game against the bot, rather than keeping them waiting behind everyone.
#[test]
fn a_full_engine_queue_answers_busy() {
    let app = App::new(backends::any_store());
    let game = finished_game(&app, "s", "c");
    let jobs: Vec<_> = (0..tawlbot::app::ENGINE_QUEUE)
        .map(|_| app.try_engine_job().expect("room"))
        .collect();
    let here = ctx("s", "c", "carol");
    let r = tawlbot::app::use_cases::analysis::command(
        &app,
        &here,
        Some(&game.to_string()),
        &mut |_| {},
    );
    assert_eq!(
        said(&r),
        "I am busy thinking about other games: try again in a minute."
    );
    let r = slash(
        &app,
        &ctx("s", "d", "carol"),
        "challenge",
        &[("opponent", "tawlbot")],
    );
    assert_eq!(
        said(&r),
        "I am busy thinking about other games: try again in a minute."
    );
    drop(jobs);
    let r = tawlbot::app::use_cases::analysis::command(
        &app,
        &here,
        Some(&game.to_string()),
        &mut |_| {},
    );
    assert_eq!(r.replies[0].files.len(), 1, "{}", said(&r));
}

#[test]
fn a_deleted_thread_aborts_its_game() {
    let s = Session::new();
    let out = s.run(&[
        "alice@general: /challenge opponent:@bob thread:true",
        "bob@general: /accept",
        ":delete general/alice-vs-bob-tawlbwrdd",
        "alice@general: /game id:1",
        // The players may play again.
        "alice@general: /challenge opponent:@bob thread:true",
        "bob@general: /accept",
    ]);
    assert!(
        out.contains(
            "dm:alice> The channel of game 1 was deleted, so the game was ended with no result."
        ),
        "{out}"
    );
    assert!(
        out.contains("dm:bob> The channel of game 1 was deleted"),
        "{out}"
    );
    assert!(out.contains("Game 2:"), "{out}");
    let store = tawlbot::store::open(&s.db).unwrap();
    let g = store.get_game(GameId(1)).unwrap().unwrap();
    assert_eq!(g.state, tawlbot::store::GameState::Aborted);
    assert!(!g.rated || g.result.is_none());
}

/// /abort game:N (Manage Server) ends any game of the server.
#[test]
fn abort_by_game_number() {
    let s = Session::new();
    let out = s.run(&[
        ":admin olga",
        "alice@general: /challenge opponent:@bob thread:true",
        "bob@general: /accept",
        "alice@general: /abort game:1",
        "olga@general: /abort game:1",
        "olga@general: /abort game:1",
    ]);
    assert!(
        out.contains("general> (to alice) Only someone with the Manage Server permission can end a game with /abort (members with the organiser role: tournament games)."),
        "{out}"
    );
    assert!(
        out.contains("general> Game 1 was ended by @olga with no result."),
        "{out}"
    );
    assert!(
        out.contains("general> (to olga) That game is already over."),
        "{out}"
    );
}

#[test]
fn a_missing_match_game_is_repaired() {
    let s = Session::new();
    let mut script = tournament_signup(
        "general",
        "name:Gwanwyn variant:tawlbwrdd format:round-robin",
        &["carol", "dave"],
    );
    script.extend(
        [
            "olga@general: /tournament start",
            // The tournament's channel is busy with a casual game when the
            // match thread is deleted: the match game cannot start there yet.
            "alice@general: /challenge opponent:@bob",
            "bob@general: /accept",
            ":delete general/gwanwyn-r1-carol-dave",
        ]
        .map(String::from),
    );
    let out = s.run(&script);
    assert!(
        out.contains("general> The thread of game 1 (round 1, board 1) was deleted: the game ended with no result and is played again here."),
        "{out}"
    );
    assert!(!out.contains("(game 3)"), "{out}");
    // Once the channel is free, the scheduler starts the game again there
    // (no /tournament start needed).
    let out = s.run(&["alice@general: /resign", ":clock +1m"]);
    assert!(
        out.contains("general> **Gwanwyn**, round 1, board 1, game 1 of 2 (game 3):"),
        "{out}"
    );
    // It counts: once it is over the match goes on to its second game.
    let store = tawlbot::store::open(&s.db).unwrap();
    let g = store.get_game(GameId(3)).unwrap().unwrap();
    assert_eq!(g.channel_id, "general");
    let out = s.run(&[format!("{}@general: /resign", g.first_player)]);
    assert!(
        out.contains("general> **Gwanwyn**, round 1, board 1, game 2 of 2 (game 4):"),
        "{out}"
    );
}

/// A second open challenge to the same opponent in a channel is
/// refused, pointing to the first; a player accepting a challenge whose
/// channel has a game since is told what they can do.
#[test]
fn a_duplicate_challenge_is_refused_and_the_accepter_is_advised() {
    let s = Session::new();
    let out = s.run(&[
        "alice@hall: /challenge opponent:@bob variant:tawlbwrdd",
        "alice@hall: /challenge opponent:@bob variant:tawlbwrdd",
        "alice@hall: /challenge variant:tallfwrdd",
        "alice@hall: /challenge variant:tallfwrdd",
    ]);
    assert_eq!(out.matches("challenges @bob").count(), 1, "{out}");
    assert!(
        out.contains("hall> (to alice) You already challenged @bob here: challenge 1. Wait for their answer, or withdraw it with /decline id:1 before you post another."),
        "{out}"
    );
    assert!(
        out.contains(
            "hall> (to alice) You already have an open challenge to anyone here: challenge 2."
        ),
        "{out}"
    );
    // Carol and Dave start a game in the channel; Bob then accepts.
    let out = s.run(&[
        "carol@hall: /challenge opponent:@dave variant:tawlbwrdd",
        "dave@hall: /accept id:3",
        "bob@hall: /accept id:1",
    ]);
    assert!(
        out.contains("hall> (to bob) A game has started in this channel since challenge 1 was posted, so it cannot start here. Accept it once that game is over, or ask @alice to challenge you again with thread:true."),
        "{out}"
    );
}

/// `/resign` in a game of more than ten moves asks first; the
/// question's Resign button lapses after a move; Keep playing keeps it.
#[test]
fn resign_asks_first_in_a_long_game() {
    use std::sync::atomic::AtomicBool;
    use tawlbot::engine::{self, Limits};
    let s = Session::new();
    s.run(&[
        "alice@long: /challenge opponent:@bob variant:tawlbwrdd side:attackers time:none",
        "bob@long: /accept",
    ]);
    // 22 plies, each side's move found by the engine.
    let play_one = |ply: u64| {
        let l = s.latest_game("long");
        let mover = l.players[l.game.turn().index()].to_string();
        let r = engine::best_move(
            &l.game,
            &Limits::level(1),
            ply * 7919 + 1,
            &AtomicBool::new(false),
        )
        .expect("a move");
        let mv = tawlbot::notation::format_move(l.game.rules(), &r.mv);
        s.run(&[format!("{mover}@long: {mv}")]);
    };
    for ply in 0..22 {
        if s.latest_game("long").game.is_over() {
            return; // (the engine's game ended early: nothing to ask)
        }
        play_one(ply);
    }
    let l = s.latest_game("long");
    let mover = l.players[l.game.turn().index()].to_string();
    let out = s.run(&[format!("{mover}@long: /resign")]);
    assert!(
        out.contains(&format!(
            "long> (to {mover}) Resign game 1? Press Resign to confirm, or Keep playing."
        )),
        "{out}"
    );
    assert!(!s.latest_game("long").game.is_over());
    let id = out
        .split("(resign:")
        .nth(1)
        .and_then(|r| r.split(')').next())
        .unwrap_or_else(|| panic!("{out}"))
        .to_string();
    let out = s.run(&[format!("{mover}@long: [press keep-playing:1]")]);
    assert!(out.contains("Play on, then."), "{out}");
    // A move later, the old button has lapsed.
    play_one(99);
    let l = s.latest_game("long");
    let out = s.run(&[format!("{mover}@long: [press resign:{id}]")]);
    assert!(out.contains("That question has lapsed"), "{out}");
    assert!(!s.latest_game("long").game.is_over());
    // Asked again and pressed: resigned.
    let mover = l.players[l.game.turn().index()].to_string();
    let out = s.run(&[format!("{mover}@long: /resign")]);
    let id = out
        .split("(resign:")
        .nth(1)
        .and_then(|r| r.split(')').next())
        .unwrap_or_else(|| panic!("{out}"))
        .to_string();
    s.run(&[format!("{mover}@long: [press resign:{id}]")]);
    assert!(s.latest_game("long").game.is_over());
}

on_postgres!(
    a_won_position_is_refused,
    resign_asks_first_in_a_long_game,
    a_duplicate_challenge_is_refused_and_the_accepter_is_advised,
    export_after_takeback_is_fresh,
    the_dice_seed_is_secret_until_the_end,
    seeds_are_not_derived_outside_the_console,
    gateway_outage_counts_as_downtime,
    the_bot_is_known_by_its_id_not_its_name,
    analysis_of_another_servers_game_is_refused,
    bot_games_are_capped,
    a_full_engine_queue_answers_busy,
    a_deleted_thread_aborts_its_game,
    abort_by_game_number,
    a_missing_match_game_is_repaired,
    running_games_against_people_are_capped,
    two_consoles_on_one_database_do_not_drop_each_others_moves,
);

/// 500 `/board` from one user made 500 public pictures. Public
/// pictures are rated per player: past the minute's allowance a calm
/// sentence once, then a short line, to them alone; others are not held
/// back, and the next minute the player has pictures again.
#[test]
fn public_pictures_are_rated_per_player() {
    let s = Session::new();
    let mut lines = vec![
        "alice@t: /challenge opponent:@bob variant:tawlbwrdd side:attackers",
        "bob@t: /accept",
    ];
    lines.extend(std::iter::repeat_n("alice@t: /board", 9));
    lines.push("bob@t: /board");
    let out = s.run(&lines);
    let pictures = |out: &str| {
        out.lines()
            .filter(|l| l.contains("[file: ") && l.ends_with(".png]"))
            .count()
    };
    // The game's first board, alice's six, bob's one.
    assert_eq!(pictures(&out), 1 + 6 + 1, "{out}");
    assert_eq!(
        out.matches(
            "t> (to alice) That is a lot of pictures in a short while: you can ask for 6 a minute."
        )
        .count(),
        1,
        "{out}"
    );
    assert_eq!(
        out.matches("t> (to alice) Wait a minute before asking for another picture.")
            .count(),
        2,
        "{out}"
    );
    assert!(!out.contains("(to bob) Wait"), "{out}");
    let later = s.run(&[":clock +2m", "alice@t: /board"]);
    assert_eq!(pictures(&later), 1, "{later}");
}

/// One user held 38 human games at once. A player plays at
/// most 30 running games against people: the 31st challenge is refused,
/// and so is accepting a challenge from a player who is full by then.
#[test]
fn running_games_against_people_are_capped() {
    let s = Session::new();
    // A challenge made while alice still had room.
    let mut lines = vec!["alice@early: /challenge opponent:@zed variant:tawlbwrdd".to_string()];
    for i in 0..30 {
        lines.push(format!(
            "alice@c{i}: /challenge opponent:@p{i} variant:tawlbwrdd"
        ));
        lines.push(format!("p{i}@c{i}: /accept"));
    }
    let out = s.run(&lines);
    assert!(!out.contains("games against people"), "{out}");
    let out = s.run(&[
        "alice@c30: /challenge opponent:@zed variant:tawlbwrdd",
        "zed@early: /accept",
        // Others are not held back.
        "zed@c31: /challenge opponent:@yan variant:tawlbwrdd",
        "yan@c31: /accept",
    ]);
    assert!(
        out.contains("c30> (to alice) You already play 30 games against people: finish one before you start another."),
        "{out}"
    );
    assert!(
        out.contains("early> (to zed) @alice already plays 30 games against people: this challenge can start once one of them has finished."),
        "{out}"
    );
    assert!(!out.contains("(to yan)"), "{out}");
    assert!(!out.contains("(to zed) You already"), "{out}");
}

/// Two consoles on one database made the same source ids
/// (`console:{now}:{line}`), so one console's move was taken as the
/// other's duplicate and dropped. Each console's sources carry its
/// process's id.
#[test]
fn two_consoles_on_one_database_do_not_drop_each_others_moves() {
    let s = Session::new();
    s.run(&[
        "alice@t: /challenge opponent:@bob variant:tawlbwrdd side:attackers",
        "bob@t: /accept",
    ]);
    let console = || {
        tawlbot::console::Console::new(
            tawlbot::store::open(&s.db).unwrap(),
            s.out.clone(),
            Vec::new(),
        )
    };
    // Both open before either plays: their clocks and line numbers agree.
    let mut first = console();
    let mut second = console();
    first.run("alice@t: e2-c2".as_bytes());
    second.run("bob@t: g7-g9".as_bytes());
    let out = tawlbot::i18n::without_isolation(&String::from_utf8(second.into_output()).unwrap());
    assert!(out.contains("g7-g9"), "{out}");
    let game = s.latest_game("t");
    assert_eq!(game.row.move_count, 2, "{out}");
}
