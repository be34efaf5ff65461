//! Console scripts against the bot: `/challenge opponent:@tawlbot` starts a
//! game at once, every human move is answered by the bot's move (legal,
//! stored, posted with the board), the game can be finished, and
//! `/analysis` then answers with its graph.

use std::sync::atomic::AtomicBool;

use tawlbot::app::App;
use tawlbot::engine::{self, Limits};
use tawlbot::notation::format_move;
use tawlbot::store::{GameId, GameState};

use crate::console_support;
use console_support::Session;

/// A move for alice: the engine at level 1 with a seed of our own.
fn alice_move(l: &tawlbot::app::Loaded, ply: u32) -> String {
    let r = engine::best_move(
        &l.game,
        &Limits::level(1),
        ply as u64 * 7919 + 1,
        &AtomicBool::new(false),
    )
    .expect("alice has a move");
    format_move(l.game.rules(), &r.mv)
}

#[test]
fn challenge_the_bot_and_play_to_the_end_then_analyse() {
    let s = Session::new();
    let out = s.run(&[
        "alice@hall: /challenge opponent:@tawlbot variant:tawlbwrdd level:2 side:defenders",
    ]);
    assert!(
        out.contains("hall> Game 1: Tawlbwrdd — tawlbot (attackers) against @alice (defenders)."),
        "{out}"
    );
    assert!(
        out.contains("I play at level 2 of 5. Games against me are unrated."),
        "{out}"
    );
    // Tawlbwrdd: the attackers move first, so the bot has already moved.
    assert!(out.contains("hall> tawlbot played **"), "{out}");
    assert!(out.contains("@alice to move (defenders), move 1."), "{out}");
    let l = s.latest_game("hall");
    assert_eq!(l.game.record().len(), 1);
    assert!(!l.row.rated);
    // No clock unless one is asked for: nobody loses on time to the bot.
    assert_eq!(l.row.deadline, None);
    assert_eq!(l.row.time_control, tawlbot::app::TimeControl::None);

    // Alice plays until the game ends (or 60 of her moves, then resigns).
    let mut finished = false;
    for i in 0..60 {
        let l = s.latest_game("hall");
        if l.game.is_over() {
            finished = true;
            break;
        }
        let n = l.game.record().len();
        let mv = alice_move(&l, i);
        let out = s.run(&[format!("alice@hall: {mv}")]);
        assert!(
            out.contains(&format!("hall> @alice played **{mv}")),
            "{out}"
        );
        let after = s.latest_game("hall");
        if after.game.is_over() {
            finished = true;
            break;
        }
        // The bot answered at once, in the same script run, after alice's reply.
        assert_eq!(after.game.record().len(), n + 2, "{out}");
        let a = out.find("@alice played").unwrap();
        let b = out.find("hall> tawlbot played **").expect(&out);
        assert!(a < b, "{out}");
        assert_eq!(
            after.game.record().last().unwrap().side,
            tawlbot::rules::Side::First
        );
    }
    if !finished {
        // A long game: /resign asks first, and the button resigns.
        let out = s.run(&["alice@hall: /resign"]);
        let press = out
            .split("(resign:")
            .nth(1)
            .and_then(|r| r.split(')').next())
            .unwrap_or_else(|| panic!("{out}"));
        let out = s.run(&[format!("alice@hall: [press resign:{press}]")]);
        assert!(out.contains("resigned"), "{out}");
    }
    let l = s.latest_game("hall");
    assert_eq!(l.row.state, GameState::Finished);
    // Every stored move replays legally (load replays them through the rules).
    assert!(l.game.is_over());

    let out = s.run(&["alice@hall: /analysis"]);
    assert!(
        out.contains("hall> Game 1 (Tawlbwrdd): the defenders' winning chances"),
        "{out}"
    );
    let file = out
        .lines()
        .find_map(|l| l.strip_prefix("hall> [file: "))
        .expect(&out)
        .trim_end_matches(']');
    assert!(file.ends_with("analysis-1.png"), "{out}");
    let img = image::open(file).unwrap();
    assert!(img.width() >= 600 && img.height() >= 300);
}

#[test]
fn bot_playing_second_waits_for_the_human_and_refusals() {
    let s = Session::new();
    let out = s.run(&[
        "alice@hall: /challenge opponent:@tawlbot variant:tawlbwrdd side:attackers level:9",
        "alice@hall: /challenge opponent:@tawlbot variant:tawlbwrdd side:attackers level:1",
        "alice@hall: /analysis",
        "bob@hall: /analysis game:1",
    ]);
    assert!(
        out.contains("The level is a number from 1 (gentle) to 5 (strongest), not 9."),
        "{out}"
    );
    assert!(out.contains("I play at level 1 of 5."), "{out}");
    assert!(out.contains("@alice to move (attackers), move 1."), "{out}");
    assert!(!out.contains("tawlbot played"), "{out}");
    assert!(
        out.contains("Game 1 is still being played: I analyse games once they are finished."),
        "{out}"
    );
    let l = s.latest_game("hall");
    let mv = alice_move(&l, 0);
    let out = s.run(&[format!("alice@hall: {mv}"), "bob@hall: e5-e6".into()]);
    assert!(out.contains("hall> tawlbot played **"), "{out}");
    // Bob is an onlooker: his move is ignored, the game has two moves.
    assert_eq!(s.latest_game("hall").game.record().len(), 2);
}

#[test]
fn a_bot_turn_is_only_played_once_and_only_when_due() {
    let s = Session::new();
    s.run(&["alice@hall: /challenge opponent:@tawlbot variant:tallfwrdd side:attackers level:1"]);
    let l = s.latest_game("hall");
    let mv = alice_move(&l, 0);
    s.run(&[format!("alice@hall: {mv}")]);
    let app = App::new(tawlbot::store::open(&s.db).unwrap());
    let stop = AtomicBool::new(false);
    // Two moves are on the board: a stale request (expected 1) does nothing,
    // and so does a repeat of the one already played.
    assert!(app.bot_turn(GameId(1), 1, 0, &stop).replies.is_empty());
    assert!(app.bot_turn(GameId(1), 2, 0, &stop).replies.is_empty());
    assert!(app.pending_bot_turns().is_empty());
    assert_eq!(s.latest_game("hall").game.record().len(), 2);
}

#[test]
fn bot_moves_are_reproducible_from_the_seed() {
    let s = Session::new();
    s.run(&["alice@hall: /challenge opponent:@tawlbot variant:tawlbwrdd side:defenders level:2"]);
    let l = s.latest_game("hall");
    let start = tawlbot::rules::Game::from_position(
        l.game.rules().clone(),
        l.game.start().clone(),
        l.game.first(),
        l.game.seed(),
    )
    .unwrap();
    let again = engine::best_move(
        &start,
        &Limits::level(2),
        engine::selfplay_seed(l.row.seed, 0),
        &AtomicBool::new(false),
    )
    .unwrap();
    assert_eq!(l.game.record()[0].mv, again.mv);
}

/// Every offer to the bot is answered at once, by the
/// bot: a takeback accepted (bot games are casual), a pause and a resume
/// agreed, a draw accepted or declined by its evaluation.
#[test]
fn the_bot_answers_every_offer() {
    let s = Session::new();
    let out = s.run(&[
        "alice@hall: /challenge opponent:@tawlbot variant:tawlbwrdd level:1 side:defenders time:1d",
    ]);
    assert!(out.contains("hall> tawlbot played **"), "{out}");
    let l = s.latest_game("hall");
    let mv = alice_move(&l, 0);
    let out = s.run(&[format!("alice@hall: {mv}")]);
    assert!(out.contains("hall> tawlbot played **"), "{out}");
    assert_eq!(s.latest_game("hall").game.record().len(), 3);

    let out = s.run(&["alice@hall: /takeback"]);
    assert!(
        out.contains("hall> @alice asks tawlbot for a takeback. Takeback accepted: 2 moves taken back. @alice to move (defenders), move 1."),
        "{out}"
    );
    assert_eq!(s.latest_game("hall").game.record().len(), 1);

    let out = s.run(&["alice@hall: /pause days:2"]);
    assert!(
        out.contains("hall> @alice asks tawlbot to pause the clock. Both players agreed: the clock of game 1 is paused for 2 days"),
        "{out}"
    );
    assert!(s.latest_game("hall").row.paused);
    let out = s.run(&["alice@hall: /resume"]);
    assert!(
        out.contains(
            "hall> @alice asks tawlbot to restart the clock. The clock of game 1 runs again"
        ),
        "{out}"
    );
    assert!(!s.latest_game("hall").row.paused);

    let out = s.run(&["alice@hall: /draw"]);
    assert!(out.contains("hall> @alice offers tawlbot a draw."), "{out}");
    // As a player would, never in the opening, and it says why
    // (it used to accept on move 2 when its short search saw no edge).
    let l = s.latest_game("hall");
    assert!(!l.game.is_over());
    assert!(out.contains("tawlbot declined a draw. Play on:"), "{out}");
    assert!(
        out.contains("It is too early for a draw: the game has only begun (tawlbot considers draws from move 20)."),
        "{out}"
    );
    // Never left waiting: no offer stands, no button to press.
    for kind in [
        tawlbot::store::OfferKind::Draw,
        tawlbot::store::OfferKind::Takeback,
        tawlbot::store::OfferKind::Pause,
        tawlbot::store::OfferKind::Resume,
    ] {
        let app = App::new(tawlbot::store::open(&s.db).unwrap());
        assert_eq!(app.store().get_offer(l.row.id, kind).unwrap(), None);
    }
    assert!(!out.contains("answer:accept"), "{out}");
}

// The same tests on PostgreSQL (tests/backends).
on_postgres!(
    challenge_the_bot_and_play_to_the_end_then_analyse,
    bot_playing_second_waits_for_the_human_and_refusals,
    a_bot_turn_is_only_played_once_and_only_when_due,
    bot_moves_are_reproducible_from_the_seed,
);
