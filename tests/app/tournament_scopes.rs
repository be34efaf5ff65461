//! Servers stay apart (point 7), limits against spam (point 9)
//! and ratings that lose no update (point 10), through the app and the store.

use std::sync::{Arc, Barrier};

use tawlbot::app::{dm_scope, App};
use tawlbot::domain::{ChallengeId, GameId};
use tawlbot::store::{OfferKind, Rating};

use crate::backends;
use crate::console_support;
use console_support::direct::{app, ctx, slash, text};

const T0: i64 = 1_767_225_600;

/// alice challenges bob in `channel` of `server` and bob accepts; the game.
fn game(app: &App, server: &str, channel: &str, rated: bool) -> GameId {
    let r = slash(
        app,
        &ctx(server, channel, "alice", T0),
        "challenge",
        &[
            ("opponent", "bob"),
            ("rated", if rated { "true" } else { "false" }),
        ],
    );
    assert!(text(&r).contains("Challenge"), "{r:?}");
    let r = slash(app, &ctx(server, channel, "bob", T0 + 1), "accept", &[]);
    assert!(text(&r).contains("Game "), "{r:?}");
    app.store()
        .active_game_in_channel(&channel.into())
        .unwrap()
        .unwrap()
        .id
}

#[test]
fn accept_by_id_only_on_the_challenges_server() {
    let (_db, app) = app();
    let r = slash(&app, &ctx("one", "c1", "alice", T0), "challenge", &[]);
    assert!(text(&r).contains("Challenge 1"), "{r:?}");
    let r = slash(
        &app,
        &ctx("two", "c2", "bob", T0 + 1),
        "accept",
        &[("id", "1")],
    );
    assert!(text(&r).contains("There is no challenge 1 here."), "{r:?}");
    let r = slash(
        &app,
        &ctx("two", "c2", "bob", T0 + 1),
        "decline",
        &[("id", "1")],
    );
    assert!(text(&r).contains("There is no challenge 1 here."), "{r:?}");
    // From a DM neither.
    let r = slash(
        &app,
        &ctx(&dm_scope("bob"), "dm-bob", "bob", T0 + 1),
        "accept",
        &[("id", "1")],
    );
    assert!(text(&r).contains("There is no challenge 1 here."), "{r:?}");
    assert_eq!(
        app.store()
            .get_challenge(ChallengeId(1))
            .unwrap()
            .unwrap()
            .state,
        tawlbot::store::ChallengeState::Open
    );
    let r = slash(
        &app,
        &ctx("one", "c1", "bob", T0 + 2),
        "accept",
        &[("id", "1")],
    );
    assert!(text(&r).contains("Game 1"), "{r:?}");
}

#[test]
fn game_and_profile_show_only_this_servers_games() {
    let (_db, app) = app();
    let g1 = game(&app, "one", "c1", false);
    let g2 = game(&app, "two", "c2", false);
    let r = slash(
        &app,
        &ctx("two", "c2", "carol", T0 + 5),
        "game",
        &[("id", &g1.to_string())],
    );
    assert!(
        text(&r).contains(&format!("There is no game {g1} here.")),
        "{r:?}"
    );
    let r = slash(
        &app,
        &ctx("two", "c2", "carol", T0 + 5),
        "game",
        &[("id", &g2.to_string())],
    );
    assert!(text(&r).contains(&format!("Game {g2} ")), "{r:?}");

    let r = slash(
        &app,
        &ctx("two", "c2", "carol", T0 + 5),
        "profile",
        &[("player", "alice")],
    );
    let t = text(&r);
    assert!(t.contains(&format!("Game {g2} in <#c2>")), "{t}");
    assert!(!t.contains(&format!("Game {g1} ")), "{t}");
}

#[test]
fn direct_message_games_are_their_players_own() {
    let (_db, app) = app();
    // Each player's DMs are their own scope.
    assert_eq!(dm_scope("123"), "dm:123");
    assert_ne!(dm_scope("123"), dm_scope("456"));
    let scope = dm_scope("alice");
    let g = game(&app, &scope, "dm-alice", false);
    let id = g.to_string();
    // A player sees it; someone else, even in the same scope, does not.
    let r = slash(
        &app,
        &ctx(&scope, "dm-alice", "bob", T0 + 5),
        "game",
        &[("id", &id)],
    );
    assert!(text(&r).contains(&format!("Game {g} ")), "{r:?}");
    let r = slash(
        &app,
        &ctx(&scope, "dm-alice", "carol", T0 + 5),
        "game",
        &[("id", &id)],
    );
    assert!(
        text(&r).contains(&format!("There is no game {g} here.")),
        "{r:?}"
    );
    // Nor from carol's own DMs or a server.
    let r = slash(
        &app,
        &ctx(&dm_scope("carol"), "dm-carol", "carol", T0 + 5),
        "game",
        &[("id", &id)],
    );
    assert!(text(&r).contains("here."), "{r:?}");
    let r = slash(
        &app,
        &ctx("one", "c1", "carol", T0 + 5),
        "game",
        &[("id", &id)],
    );
    assert!(text(&r).contains("here."), "{r:?}");
    let r = slash(
        &app,
        &ctx(&scope, "dm-alice", "carol", T0 + 5),
        "profile",
        &[("player", "alice")],
    );
    assert!(!text(&r).contains(&format!("Game {g} ")), "{r:?}");
}

#[test]
fn at_most_five_open_challenges_per_user_per_server() {
    let (_db, app) = app();
    for i in 1..=5 {
        let r = slash(
            &app,
            &ctx("one", &format!("c{i}"), "alice", T0 + i),
            "challenge",
            &[],
        );
        assert!(text(&r).contains(&format!("Challenge {i}:")), "{r:?}");
    }
    let r = slash(&app, &ctx("one", "c6", "alice", T0 + 6), "challenge", &[]);
    assert!(
        text(&r).contains("You already have 5 open challenges on this server"),
        "{r:?}"
    );
    // Another server is another count; another user too.
    let r = slash(&app, &ctx("two", "d1", "alice", T0 + 7), "challenge", &[]);
    assert!(text(&r).contains("Challenge 6:"), "{r:?}");
    let r = slash(&app, &ctx("one", "c6", "bob", T0 + 7), "challenge", &[]);
    assert!(text(&r).contains("Challenge 7:"), "{r:?}");
    // Withdrawing one frees a place; so does expiry.
    let r = slash(
        &app,
        &ctx("one", "c1", "alice", T0 + 8),
        "decline",
        &[("id", "1")],
    );
    assert!(text(&r).contains("withdrew"), "{r:?}");
    let r = slash(&app, &ctx("one", "c6", "alice", T0 + 9), "challenge", &[]);
    assert!(text(&r).contains("Challenge 8:"), "{r:?}");
    let r = slash(
        &app,
        &ctx("one", "c7", "alice", T0 + 2 * 86_400),
        "challenge",
        &[],
    );
    assert!(
        text(&r).contains("Challenge 9:"),
        "expired ones do not count: {r:?}"
    );
}

#[test]
fn one_pending_offer_of_each_kind_per_game() {
    let (db, app) = app();
    let g = game(&app, "one", "c1", false);
    let r = slash(&app, &ctx("one", "c1", "alice", T0 + 5), "draw", &[]);
    assert!(text(&r).contains("offers a draw"), "{r:?}");
    let r = slash(&app, &ctx("one", "c1", "alice", T0 + 6), "draw", &[]);
    assert!(text(&r).contains("already offered"), "{r:?}");
    // A takeback offer is another kind: allowed alongside.
    let other = db.open();
    assert!(other
        .set_offer_once(g, OfferKind::Takeback, &"bob".into(), T0 + 7)
        .unwrap());
    // Racing offers (two processes): the second never replaces the first.
    assert!(!other
        .set_offer_once(g, OfferKind::Draw, &"bob".into(), T0 + 8)
        .unwrap());
    assert!(!app
        .store()
        .set_offer_once(g, OfferKind::Takeback, &"alice".into(), T0 + 8)
        .unwrap());
    let by = |kind| other.get_offer(g, kind).unwrap().map(|o| o.by_player);
    assert_eq!(by(OfferKind::Draw).as_deref(), Some("alice"));
    assert_eq!(by(OfferKind::Takeback).as_deref(), Some("bob"));
    assert_eq!(by(OfferKind::Pause), None);
    assert_eq!(by(OfferKind::Resume), None);
}

/// Two rated games ending at the same moment, in two processes, both with
/// alice: both updates are kept.
#[test]
fn two_games_ending_at_once_lose_no_rating_update() {
    let (db, app) = app();
    let g1 = game(&app, "one", "c1", true);
    // alice's second game, against carol.
    slash(
        &app,
        &ctx("one", "c2", "alice", T0),
        "challenge",
        &[("opponent", "carol"), ("rated", "true")],
    );
    slash(&app, &ctx("one", "c2", "carol", T0 + 1), "accept", &[]);
    let g2 = app
        .store()
        .active_game_in_channel(&"c2".into())
        .unwrap()
        .unwrap()
        .id;
    let two = App::new(db.open());
    let barrier = Arc::new(Barrier::new(2));
    let hs: Vec<_> = [(app.clone(), "c1", "bob"), (two, "c2", "carol")]
        .into_iter()
        .map(|(a, ch, who)| {
            let b = barrier.clone();
            std::thread::spawn(move || {
                let c = ctx("one", ch, who, T0 + 100);
                b.wait();
                slash(&a, &c, "resign", &[])
            })
        })
        .collect();
    for h in hs {
        let r = h.join().unwrap();
        assert!(text(&r).contains("resigned"), "{r:?}");
    }
    let a = app
        .store()
        .get_rating(&"one".into(), "tawlbwrdd", &"alice".into())
        .unwrap()
        .unwrap();
    assert_eq!(
        (a.games, a.wins_first + a.wins_second, a.losses),
        (2, 2, 0),
        "{a:?}"
    );
    assert!(app
        .store()
        .get_rating(&"one".into(), "tawlbwrdd", &"bob".into())
        .unwrap()
        .is_some());
    assert!(app
        .store()
        .get_rating(&"one".into(), "tawlbwrdd", &"carol".into())
        .unwrap()
        .is_some());
    let _ = (g1, g2);
}

/// The store's read-modify-write of ratings: many concurrent games of one
/// player on two handles, each counted exactly once.
#[test]
fn rate_game_reads_and_writes_in_one_transaction() {
    let db = backends::fresh_db();
    let stores = [db.open(), db.open()];
    let fresh = |p: &str| Rating {
        server_id: "s".into(),
        variant: "tawlbwrdd".into(),
        player_id: p.into(),
        rating: 1500.0,
        rd: 350.0,
        vol: 0.06,
        games: 0,
        wins_first: 0,
        wins_second: 0,
        losses: 0,
        draws: 0,
        updated_at: 0,
    };
    // Games need rows (rating_history refers to them).
    for i in 0..20 {
        stores[0]
            .create_game(&tawlbot::store::NewGame {
                server_id: "s".into(),
                channel_id: format!("c{i}").into(),
                variant: "tawlbwrdd".into(),
                first_side: tawlbot::rules::Side::First,
                first_player: "alice".into(),
                second_player: format!("p{i}").into(),
                created_at: 1,
                ..Default::default()
            })
            .unwrap();
    }
    let barrier = Arc::new(Barrier::new(20));
    let hs: Vec<_> = (0..20)
        .map(|i| {
            let s = stores[i % 2].clone();
            let b = barrier.clone();
            std::thread::spawn(move || {
                b.wait();
                let opp = format!("p{i}");
                s.rate_game(
                    GameId(i as i64 + 1),
                    &"s".into(),
                    "tawlbwrdd",
                    [&"alice".into(), &opp.as_str().into()],
                    10,
                    &|[a, o]: [Option<Rating>; 2]| {
                        let mut a = a.unwrap_or_else(|| fresh("alice"));
                        let mut o = o.unwrap_or_else(|| fresh(&opp));
                        a.games += 1;
                        a.rating += 1.0;
                        o.games += 1;
                        [a, o]
                    },
                )
                .unwrap()
            })
        })
        .collect();
    assert!(hs.into_iter().all(|h| h.join().unwrap()));
    let a = stores[1]
        .get_rating(&"s".into(), "tawlbwrdd", &"alice".into())
        .unwrap()
        .unwrap();
    assert_eq!(a.games, 20);
    assert_eq!(a.rating, 1520.0);
    // Once per game.
    assert!(!stores[0]
        .rate_game(
            GameId(1),
            &"s".into(),
            "tawlbwrdd",
            [&"alice".into(), &"p0".into()],
            11,
            &|_| unreachable!()
        )
        .unwrap());
}

/// A rating's deviation grows over idle weeks: what /profile shows.
#[test]
fn profile_shows_deviation_grown_over_idle_weeks() {
    let (_db, app) = app();
    game(&app, "one", "c1", true);
    slash(&app, &ctx("one", "c1", "bob", T0 + 10), "resign", &[]);
    let rd = app
        .store()
        .get_rating(&"one".into(), "tawlbwrdd", &"alice".into())
        .unwrap()
        .unwrap()
        .rd;
    let shown = |now: i64| {
        let r = slash(
            &app,
            &ctx("one", "c1", "carol", now),
            "profile",
            &[("player", "alice")],
        );
        let t = text(&r);
        let pm = t.split('±').nth(1).unwrap();
        pm.split_whitespace()
            .next()
            .unwrap()
            .parse::<f64>()
            .unwrap()
    };
    assert_eq!(shown(T0 + 20), rd.round());
    let later = shown(T0 + 10 + 30 * 7 * 86_400);
    assert!(later > rd.round(), "{later} > {rd}");
}

on_postgres!(
    accept_by_id_only_on_the_challenges_server,
    game_and_profile_show_only_this_servers_games,
    direct_message_games_are_their_players_own,
    at_most_five_open_challenges_per_user_per_server,
    one_pending_offer_of_each_kind_per_game,
    two_games_ending_at_once_lose_no_rating_update,
    rate_game_reads_and_writes_in_one_transaction,
    profile_shows_deviation_grown_over_idle_weeks,
);
