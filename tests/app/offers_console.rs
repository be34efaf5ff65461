//! Offers: `/draw`, `/takeback`, `/pause` and `/resume`
//! share one `answer:accept|decline` option; every text names options that
//! exist; an option a command does not have is refused, never read as a
//! default.

use crate::console_support;
use console_support::{direct, Session};
use tawlbot::app::commands;
use tawlbot::i18n::{Lang, Localiser, Msg};

const PAUSE_ASKED: &[&str] = &[
    "alice@g: /challenge opponent:@bob variant:tawlbwrdd side:attackers time:1d",
    "bob@g: /accept",
    "alice@g: e2-c2",
    "bob@g: /pause days:3",
];

#[test]
fn pause_decline_by_command_declines() {
    let s = Session::new();
    let mut script = PAUSE_ASKED.to_vec();
    script.extend([
        "alice@g: /pause answer:decline",
        "alice@g: /board style:text",
    ]);
    let out = s.run(&script);
    assert!(
        out.contains("g> @bob offers to pause the clock for 3 days."),
        "{out}"
    );
    assert!(
        out.contains("g> @alice declined to pause the clock for 3 days. Play on:"),
        "{out}"
    );
    assert!(!out.contains("Both players agreed"), "{out}");
    assert!(!out.contains("paused"), "{out}");
    // The offer is gone: accepting it now finds nothing.
    let out = s.run(&["alice@g: /pause answer:accept"]);
    assert!(
        out.contains("(to alice) There is no request to pause the clock to accept."),
        "{out}"
    );
    // The same for /resume: asked, declined, the clock stays paused.
    let out = s.run(&[
        "bob@g: /pause days:2",
        "alice@g: /pause answer:accept",
        "bob@g: /resume",
        "alice@g: /resume answer:decline",
        "alice@g: /resume answer:accept",
    ]);
    assert!(out.contains("Both players agreed"), "{out}");
    assert!(
        out.contains("g> @alice declined to restart the clock."),
        "{out}"
    );
    assert!(
        out.contains("(to alice) There is no request to restart the clock to accept."),
        "{out}"
    );
}

#[test]
fn unknown_option_is_refused() {
    let s = Session::new();
    let mut script = PAUSE_ASKED.to_vec();
    // The old spelling: once read as an accept.
    script.extend([
        "alice@g: /pause action:decline",
        "alice@g: /pause accept",
        "alice@g: /draw answer:maybe",
        "alice@g: /history please",
    ]);
    let out = s.run(&script);
    assert!(
        out.contains(
            "(to alice) /pause has no option action: it takes days:, answer:. Nothing was done."
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "(to alice) /pause has no option accept: it takes days:, answer:. Nothing was done."
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "(to alice) Answer with accept or decline (answer:accept, answer:decline), not maybe."
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "(to alice) /history takes no options, so please was not used. Nothing was done."
        ),
        "{out}"
    );
    // Nothing was agreed: bob's offer still stands, the clock runs.
    assert!(!out.contains("Both players agreed"), "{out}");
    assert!(!out.contains("offers a draw"), "{out}");
    let out = s.run(&["alice@g: /pause answer:accept"]);
    assert!(out.contains("Both players agreed"), "{out}");
}

/// The app refuses what the front end did not filter (a Discord client
/// with stale command definitions sends an option that no longer exists).
#[test]
fn the_app_refuses_an_unknown_option_from_any_front_end() {
    let (_db, app) = direct::app();
    let r = direct::slash(
        &app,
        &direct::ctx("s", "c", "alice", 1_000),
        "resume",
        &[("action", "accept")],
    );
    let text = tawlbot::i18n::without_isolation(&r.replies[0].text);
    assert_eq!(
        text,
        "/resume has no option action: it takes answer:. Nothing was done."
    );
}

/// Every offer names the options of its own command, and they exist with
/// the choices the text gives, in both languages.
#[test]
fn every_offer_names_options_that_exist() {
    let l = Localiser::global();
    for kind in ["draw", "takeback", "pause", "resume"] {
        let spec = commands::find(kind).expect(kind);
        let answer = spec
            .options
            .iter()
            .find(|o| o.name == "answer")
            .unwrap_or_else(|| panic!("/{kind} has an answer option"));
        let values: Vec<&str> = answer.choices.iter().map(|(_, v)| *v).collect();
        assert_eq!(values, ["accept", "decline"], "/{kind}");
        for lang in Lang::ALL {
            let t = tawlbot::i18n::without_isolation(
                &l.text(
                    lang,
                    &Msg::new("offer-made")
                        .str("kind", kind)
                        .str("player", "<@a>")
                        .str("opponent", "<@b>")
                        .msg("span", Msg::new("time-days").num("n", 3)),
                ),
            );
            for v in &values {
                assert!(
                    t.contains(&format!("/{kind} answer:{v}")),
                    "{} {kind}: {t}",
                    lang.code()
                );
            }
        }
    }
}

// The same tests on PostgreSQL (tests/backends).
on_postgres!(
    pause_decline_by_command_declines,
    unknown_option_is_refused,
    the_app_refuses_an_unknown_option_from_any_front_end,
    every_offer_names_options_that_exist,
);
