//! Abuse and faults (issue 21, items 10-15) through the console: positions
//! already decided, exports after a takeback, the dice's secret seed.

mod console_support;
use console_support::Session;

use std::sync::atomic::{AtomicU64, Ordering};
use tawlbot::app::{App, Ctx, Input, Response, User};
use tawlbot::store::Store;

static SOURCE: AtomicU64 = AtomicU64::new(1);
const T0: i64 = 1_767_225_600;

fn ctx(server: &str, channel: &str, user: &str) -> Ctx {
    Ctx {
        server: server.into(),
        channel: channel.into(),
        user: User {
            id: user.into(),
            name: user.into(),
        },
        now: T0,
        source: format!("src-{}", SOURCE.fetch_add(1, Ordering::SeqCst)),
        manage_server: false,
        mentioned: Vec::new(),
    }
}

fn slash(app: &App, c: &Ctx, name: &str, args: &[(&str, &str)]) -> Response {
    app.handle(
        c,
        Input::Slash {
            name: name.into(),
            args: args
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        },
    )
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
        "bob@t: /takeback action:accept",
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
        let app = App::new(Store::open_in_memory().unwrap());
        slash(
            &app,
            &ctx("s", "c", "alice"),
            "challenge",
            &[("opponent", "bob"), ("options", "dice")],
        );
        slash(&app, &ctx("s", "c", "bob"), "accept", &[]);
        seeds.push(app.store().get_game(1).unwrap().unwrap().seed);
    }
    assert_ne!(seeds[0], seeds[1]);
}
