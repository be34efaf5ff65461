//! Wording players meet.

use crate::console_support;
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
        out.contains("(to bob) Alla i ddim darllen z5 fel sgwâr: enwch un fel "),
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
// alt text, tested where it is built (src/app/presentation/alt_text.rs,
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
        out.contains("w> (to bob) Dydy gêm sy'n dechrau o safle penodol byth yn cael ei graddio"),
        "{out}"
    );
    assert!(
        out.contains("(gêm o safle penodol, felly heb ei graddio)"),
        "{out}"
    );
    // Only the unrated challenges were made.
    assert_eq!(out.matches("Challenge 1:").count(), 1, "{out}");
    assert!(
        !out.contains("Challenge 3:") && !out.contains("Her 3:"),
        "{out}"
    );
}

/// Every refused typed move gets its own reason: the second and third
/// within a minute are shortened (named, not mentioned), never pointed at
/// the answer above, never silent. In both languages (the player's and
/// the server's language set alike).
#[test]
fn a_second_refused_move_within_a_minute_gets_a_short_reply() {
    for (lang, short) in [
        ("english", "g> alice: It is the attackers' turn"),
        ("cymraeg", "g> alice: Tro'r ymosodwyr yw hi"),
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
                (l.starts_with("g> @alice ") || l.starts_with("g> alice: "))
                    && !l.contains("@bob to a")
                    && !l.contains("yn herio")
            })
            .collect();
        assert_eq!(answers.len(), 4, "{lang}: {out}");
        assert!(answers[1].starts_with(short), "{lang}: {out}");
        assert!(answers[2].starts_with(short), "{lang}: {out}");
        assert!(
            answers[3].starts_with("g> @alice "),
            "a full answer a minute later: {out}"
        );
    }
}

/// One numbering: the status line, /history and the OTN record number
/// moves by turn (both sides' moves are one numbered move), so after three
/// moves all three say move 2.
#[test]
fn history_status_and_otn_number_moves_the_same_way() {
    let s = Session::new();
    let out = s.run(&[
        "alice@g: /challenge opponent:@bob variant:tawlbwrdd side:attackers",
        "bob@g: /accept",
        "alice@g: e2-c2",
        "bob@g: g7-g9",
        "alice@g: g2-i2",
        "bob@g: /history",
        "bob@g: /export format:otn",
    ]);
    // The status line after each move.
    assert!(
        out.contains("@alice played **e2-c2**. @bob to move (defenders), move 1."),
        "{out}"
    );
    assert!(
        out.contains("@bob played **g7-g9**. @alice to move (attackers), move 2."),
        "{out}"
    );
    assert!(
        out.contains("@alice played **g2-i2**. @bob to move (defenders), move 2."),
        "{out}"
    );
    // /history: "1. attackers e2-c2", "1… defenders g7-g9", "2. attackers g2-i2".
    for line in [
        "g> 1. attackers e2-c2",
        "g> 1… defenders g7-g9",
        "g> 2. attackers g2-i2",
    ] {
        assert!(out.lines().any(|l| l == line), "{line}: {out}");
    }
    assert!(out.contains("@bob to move (defenders), move 2."), "{out}");
    // OTN: "1. e2-c2 g7-g9" then "2. g2-i2".
    let file = out
        .lines()
        .filter_map(|l| l.strip_prefix("g> [file: "))
        .find(|f| f.ends_with(".otn]"))
        .map(|f| f.trim_end_matches(']').to_string())
        .unwrap_or_else(|| panic!("{out}"));
    let otn = std::fs::read_to_string(&file).unwrap();
    assert!(otn.lines().any(|l| l == "1. e2-c2 g7-g9"), "{otn}");
    assert!(otn.lines().any(|l| l == "2. g2-i2"), "{otn}");
    // Welsh: the same numbers.
    let out = s.run(&["bob@g: /language choice:cymraeg", "bob@g: /history"]);
    assert!(
        out.lines().any(|l| l == "g> 1… amddiffynwyr g7-g9"),
        "{out}"
    );
    assert!(out.contains("symudiad 2"), "{out}");
}

/// goedhboell's sides are the assailants and the princes in every message
/// that names a side (challenge, status, outcome, /history, alt text), in
/// both languages: never attackers or defenders.
#[test]
fn goedhboell_says_assailants_and_princes_everywhere() {
    for (lang, wins, bad) in [
        ("english", "Princes win!", ["attacker", "defender"]),
        (
            "cymraeg",
            "Y tywysogion sy'n ennill!",
            ["amddiffyn", "attacker"],
        ),
    ] {
        let s = Session::new();
        let out = s.run(&[
            ":admin olga".to_string(),
            format!("olga@celtic: /language choice:{lang} server:true"),
            format!("alice@celtic: /language choice:{lang}"),
            format!("bob@celtic: /language choice:{lang}"),
            "alice@celtic: /challenge opponent:@bob variant:goedhboell side:assailants".into(),
            "bob@celtic: /accept".into(),
            "alice@celtic: @41-@21".into(),
            "bob@celtic: @56-@86".into(),
            "bob@celtic: @56-@86".into(),
            "alice@celtic: @61-@81".into(),
            "bob@celtic: /history".into(),
            "bob@celtic: /board".into(),
            "bob@celtic: @57-@87".into(),
            "alice@celtic: @21-@22".into(),
            "bob@celtic: @55-@57".into(),
            "alice@celtic: @81-@82".into(),
            "bob@celtic: @57-@17".into(),
            "alice@celtic: @22-@23".into(),
            "bob@celtic: @17-@19".into(),
            "bob@celtic: /mygames".into(),
        ]);
        assert!(out.contains(wins), "{lang}: {out}");
        let lower = out.to_lowercase();
        for word in bad {
            assert!(!lower.contains(word), "{lang}: '{word}' in {out}");
        }
        let (first, second) = if lang == "english" {
            ("assailants", "princes")
        } else {
            ("ymosodwyr", "tywysogion")
        };
        assert!(lower.contains(first) && lower.contains(second), "{out}");
    }
}

on_postgres!(
    moves_of_something_that_is_no_square_says_so,
    accepting_from_another_channel_names_the_games_channel,
    positions_say_they_are_unrated_and_refuse_rated,
    a_second_refused_move_within_a_minute_gets_a_short_reply,
    history_status_and_otn_number_moves_the_same_way,
    goedhboell_says_assailants_and_princes_everywhere,
);
