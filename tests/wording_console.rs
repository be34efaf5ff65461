//! Wording players meet (issue 21, item 9).

#[macro_use]
mod backends;
mod console_support;
use console_support::Session;

#[test]
fn moves_of_something_that_is_no_square_says_so() {
    let s = Session::new();
    let out = s.run(&[
        "alice@g: /challenge opponent:@bob variant:tawlbwrdd side:defenders",
        "bob@g: /accept",
        "bob@g: /moves square:z5",
        "bob@g: /moves square:e2",
    ]);
    assert!(
        out.contains("(to bob) I can't read z5 as a square: name one like "),
        "{out}"
    );
    assert!(!out.contains("as a move"), "{out}");
    assert!(
        out.contains("(to bob) An attacker on e2 can go to"),
        "{out}"
    );
}

#[test]
fn moves_of_something_that_is_no_square_says_so_in_welsh() {
    let s = Session::new();
    let out = s.run(&[
        "bob@g: /language choice:cymraeg",
        "alice@g: /challenge opponent:@bob variant:tawlbwrdd side:defenders",
        "bob@g: /accept",
        "bob@g: /moves square:z5",
    ]);
    assert!(
        out.contains("(to bob) Ni allaf ddarllen z5 fel sgwâr: enwch un fel "),
        "{out}"
    );
}

/// A reminder with one hour left says "1 hour", never "1 hours" or "1
/// hour are left"; in Welsh "1 awr".
#[test]
fn one_hour_left_is_one_hour_in_both_languages() {
    for (lang, want) in [
        ("english", "you have 1 hour left on your clock."),
        ("cymraeg", "mae 1 awr ar ôl ar eich cloc."),
    ] {
        let s = Session::new();
        let out = s.run(&[
            format!("alice@g: /language choice:{lang}"),
            "bob@g: /challenge opponent:@alice variant:tawlbwrdd side:defenders time:4h".into(),
            "alice@g: /accept".into(),
            ":clock +3h".into(),
        ]);
        assert!(out.contains(want), "{lang}: {out}");
        assert!(
            !out.contains("1 hours") && !out.contains("are left"),
            "{out}"
        );
    }
}

// "marked at move 3" / "marked at moves 3, 7 and 9": the analysis graph's
// alt text, tested where it is built (src/app/alt_text.rs,
// the_graph_marks_use_the_right_plural_in_both_languages): a console game
// cannot be made to have a given number of big swings.

/// `/accept id:1` typed in another channel: the game is played where the
/// challenge was made, and the acceptor is told which channel that is.
#[test]
fn accepting_from_another_channel_names_the_games_channel() {
    for (lang, want) in [
        (
            "english",
            "lobby> (to bob) Challenge 1 accepted: the game is on in #hall.",
        ),
        (
            "cymraeg",
            "lobby> (to bob) Derbyniwyd her 1: mae'r gêm yn mynd rhagddi yn y sianel #hall.",
        ),
    ] {
        let s = Session::new();
        let out = s.run(&[
            format!("bob@lobby: /language choice:{lang}"),
            "alice@hall: /challenge opponent:@bob variant:tawlbwrdd".into(),
            "bob@lobby: /accept id:1".into(),
        ]);
        assert!(out.contains(want), "{out}");
        assert!(
            out.contains("hall> Game 1") || out.contains("hall> Gêm 1"),
            "{out}"
        );
        assert!(!out.contains("lobby> Game 1"), "{out}");
    }
}

/// A game from a position says it is unrated, and `rated:true` with a
/// position is refused with a sentence (never silently dropped).
#[test]
fn positions_say_they_are_unrated_and_refuse_rated() {
    let pos = "position:/11/11/11/3t7/11/5K5/11/11/3t7/11/11/";
    let s = Session::new();
    let out = s.run(&[
        format!("alice@g: /challenge opponent:@bob variant:tawlbwrdd {pos} rated:true"),
        format!("alice@g: /challenge opponent:@bob variant:tawlbwrdd {pos}"),
        // Welsh for bob and for the server (a channel post may follow either).
        "bob@w: /language choice:cymraeg".into(),
        ":admin olga".into(),
        "olga@w: /language choice:cymraeg server:true".into(),
        format!("bob@w: /challenge opponent:@alice variant:tawlbwrdd {pos} rated:true"),
        format!("bob@w: /challenge opponent:@carol variant:tawlbwrdd {pos}"),
    ]);
    assert!(
        out.contains("g> (to alice) A game from a position of its own is never rated (positions are for practice and study): leave out rated:true."),
        "{out}"
    );
    assert!(
        out.contains("challenges @bob to a game (unrated: it starts from a position of its own) of Tawlbwrdd"),
        "{out}"
    );
    assert!(
        out.contains("w> (to bob) Dydy gêm o safle ei hun byth yn cyfrif at y sgôr"),
        "{out}"
    );
    assert!(
        out.contains("(o safle ei hun, felly dydy hi ddim yn cyfrif at y sgôr)"),
        "{out}"
    );
    // Only the unrated challenges were made.
    assert_eq!(out.matches("Challenge 1:").count(), 1, "{out}");
    assert!(
        !out.contains("Challenge 3:") && !out.contains("Her 3:"),
        "{out}"
    );
}

/// A second refused move within a minute gets a short line (not silence);
/// a third gets nothing until the minute is over. In both languages (the
/// player's and the server's language set alike).
#[test]
fn a_second_refused_move_within_a_minute_gets_a_short_reply() {
    for (lang, short) in [
        (
            "english",
            "g> @alice Not played either: see my answer above.",
        ),
        (
            "cymraeg",
            "g> @alice Heb ei chwarae chwaith: gweler fy ateb uchod.",
        ),
    ] {
        let s = Session::new();
        let out = s.run(&[
            ":admin olga".to_string(),
            format!("olga@g: /language choice:{lang} server:true"),
            format!("alice@g: /language choice:{lang}"),
            "alice@g: /challenge opponent:@bob variant:tawlbwrdd side:defenders".into(),
            "bob@g: /accept".into(),
            "alice@g: d6-d8".into(),
            "alice@g: d6-d8".into(),
            "alice@g: d6-d9".into(),
            ":clock +1m".into(),
            "alice@g: d6-d8".into(),
        ]);
        let answers: Vec<&str> = out
            .lines()
            .filter(|l| {
                l.starts_with("g> @alice ") && !l.contains("@bob to a") && !l.contains("yn herio")
            })
            .collect();
        assert_eq!(answers.len(), 3, "{lang}: {out}");
        assert_eq!(answers[1], short, "{lang}: {out}");
        assert_ne!(answers[2], short, "a full answer a minute later: {out}");
    }
}

on_postgres!(
    moves_of_something_that_is_no_square_says_so,
    accepting_from_another_channel_names_the_games_channel,
    positions_say_they_are_unrated_and_refuse_rated,
    a_second_refused_move_within_a_minute_gets_a_short_reply,
);
