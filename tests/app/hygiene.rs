//! Input hygiene at the edge: names as Discord gives
//! them are kept without control characters (a NUL is stored by SQLite and
//! refused by PostgreSQL) and without bidirectional controls, the server's
//! too; pages read names stored before that cleaned; a tournament name with
//! a control character is refused with a sentence; ids of 2^53 and more are
//! not numbers (they were echoed rounded). On both stores.

use crate::backends;
use crate::console_support::direct::{self, slash, text};

use tawlbot::app::{Ctx, User};

const T0: i64 = 1_767_225_600;

fn ctx(channel: &str, user: &str) -> Ctx {
    direct::ctx("s1", channel, user, T0)
}

#[test]
fn names_from_discord_are_kept_without_control_characters() {
    let (_db, app) = direct::app();
    let mut c = ctx("c1", "alice");
    c.user.name = "Al\0ice\u{202E}\u{85}".into();
    c.mentioned.push(User {
        id: "bob".into(),
        name: "B\u{1}ob\u{2066}\tJones".into(),
    });
    let r = slash(&app, &c, "challenge", &[("opponent", "bob")]);
    assert!(text(&r).contains("challenges"), "{}", text(&r));
    let s = app.store();
    let name = |id: &str| s.get_player(&id.into()).unwrap().unwrap().display_name;
    assert_eq!(name("alice"), "Alice");
    assert_eq!(name("bob"), "Bob Jones");
    // The server's name, as Discord gives it on connecting.
    app.server_named(&"s1".into(), "Hall\u{202E}\0 of\u{7} fame");
    assert_eq!(
        s.server_name(&"s1".into()).unwrap().as_deref(),
        Some("Hall of fame")
    );
}

#[test]
fn pages_read_names_stored_before_they_were_cleaned() {
    let (db, app) = direct::app();
    slash(
        &app,
        &ctx("c1", "alice"),
        "challenge",
        &[("opponent", "bob")],
    );
    slash(&app, &ctx("c1", "bob"), "accept", &[]);
    slash(&app, &ctx("c1", "bob"), "resign", &[]);
    app.server_named(&"s1".into(), "Hall");
    app.store().set_archive_public(&"s1".into(), true).unwrap();
    // Written by an older program: a right-to-left override and a bell.
    let chr = match backends::current() {
        backends::Backend::Sqlite => "char",
        backends::Backend::Postgres => "chr",
    };
    backends::raw_sql(
        &db.target,
        &format!(
            "UPDATE servers SET name = 'Hall' || {chr}(8238) || {chr}(7) WHERE id = 's1';
             UPDATE players SET display_name = 'Bob' || {chr}(8238) WHERE id = 'bob';"
        ),
    );
    let sheet = app.archive_server(&"s1".into(), 0).unwrap().unwrap();
    assert_eq!(sheet.name, "Hall");
    let g = &sheet.games[0];
    let bob = if g.first.0 == "bob" {
        &g.first.1
    } else {
        &g.second.1
    };
    assert_eq!(bob, "Bob");
    let page = app.archive_player(&"bob".into(), 0).unwrap().unwrap();
    assert_eq!(page.name, "Bob");
}

#[test]
fn a_tournament_name_with_a_control_character_is_refused() {
    let (_db, app) = direct::app();
    let mut c = ctx("c1", "alice");
    c.manage_server = true;
    for bad in ["Spring\0", "Two\nlines", "Bell\u{7}", "C1\u{85}x"] {
        let r = slash(
            &app,
            &c,
            "tournament create",
            &[
                ("name", bad),
                ("variant", "tawlbwrdd"),
                ("format", "round-robin"),
            ],
        );
        assert_eq!(
            text(&r),
            "A tournament name is plain text: no line breaks, tabs or other control characters.",
            "{bad:?}"
        );
    }
    assert!(app
        .store()
        .tournaments_on_server(&"s1".into())
        .unwrap()
        .is_empty());
    // Bidirectional controls are removed, as before.
    let r = slash(
        &app,
        &c,
        "tournament create",
        &[
            ("name", "Spring\u{202E}"),
            ("variant", "tawlbwrdd"),
            ("format", "round-robin"),
        ],
    );
    assert!(text(&r).contains("Spring"), "{}", text(&r));
    let t = app.store().tournaments_on_server(&"s1".into()).unwrap();
    assert_eq!(t[0].name, "Spring");
}

#[test]
fn ids_of_two_to_the_53_and_more_are_not_numbers() {
    let (_db, app) = direct::app();
    let c = ctx("c1", "bob");
    for (big, shown) in [
        ("9223372036854775807", "9223372036854775807"),
        ("9007199254740992", "9007199254740992"),
    ] {
        let r = slash(&app, &c, "accept", &[("id", big)]);
        assert_eq!(
            text(&r),
            format!("{shown} is not a challenge number."),
            "{big}"
        );
        let r = slash(&app, &c, "game", &[("id", big)]);
        assert!(
            text(&r).contains(&format!("{shown} is not a game number")),
            "{}",
            text(&r)
        );
    }
    // The largest exact one is a number (of no challenge).
    let r = slash(&app, &c, "accept", &[("id", "9007199254740991")]);
    assert!(
        text(&r).contains("9007199254740991") && !text(&r).contains("not a challenge number"),
        "{}",
        text(&r)
    );
}

on_postgres!(
    names_from_discord_are_kept_without_control_characters,
    pages_read_names_stored_before_they_were_cleaned,
    a_tournament_name_with_a_control_character_is_refused,
    ids_of_two_to_the_53_and_more_are_not_numbers,
);
