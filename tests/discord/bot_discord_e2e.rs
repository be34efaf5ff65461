//! End to end through the fake Discord: a whole game against the bot
//! (`/challenge opponent:@tawlbot level:1`), the bot's moves posted by the
//! engine pool, the game finished, then `/analysis` deferred, edited with
//! its progress and answered with its PNG graph. The `postgres::` twins
//! play the same on PostgreSQL (tests/backends); the test's own reads of
//! the store are blocking calls, made in `block_in_place`.

use crate::backends;
use crate::support;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use serde_json::json;
use support::bot::{
    assert_discord_had_nothing_to_refuse, send_challenge, wait_ready, InProcessBot,
};
use support::{opt, FakeDiscord, FakeUser, RecordedRequest, BOT_USERNAME};
use tawlbot::app::{App, Loaded};
use tawlbot::engine::{self, Limits};
use tawlbot::notation::format_move;
use tawlbot::store::GameState;
use tokio::task::block_in_place;

const GUILD: u64 = 500;
const CHANNEL: u64 = 600;
const ALICE: u64 = 701;

fn latest(app: &App) -> Option<Loaded> {
    block_in_place(|| {
        let row = app
            .store()
            .latest_game_in_channel(&CHANNEL.to_string().into())
            .ok()??;
        app.load(row).ok()
    })
}

/// How long a test waits for the engine (a search or a whole `/analysis`)
/// before it fails. Not a speed goal (those are benches): under a loaded CI
/// machine and an unoptimised build, an analysis can take several seconds.
const ENGINE_TIMEOUT: Duration = Duration::from_secs(90);

/// Waits until the stored game has `n` moves or is over.
async fn until_moves(app: &App, n: usize) -> Loaded {
    let deadline = tokio::time::Instant::now() + ENGINE_TIMEOUT;
    loop {
        if let Some(l) = latest(app) {
            if l.game.record().len() >= n || l.row.state != GameState::Active {
                return l;
            }
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the bot did not move in time"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn bot_moved_after(
    fake: &FakeDiscord,
    mark: usize,
) -> impl std::future::Future<Output = RecordedRequest> + '_ {
    let path = format!("/channels/{CHANNEL}/messages");
    fake.wait_for_request_after(
        mark,
        move |r| {
            r.is("POST", &path)
                && r.content()
                    .is_some_and(|c| c.starts_with("tawlbot played **"))
        },
        ENGINE_TIMEOUT,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_against_the_bot_then_analysis() {
    support::init_tracing();
    let fake = FakeDiscord::start().await;
    let alice = fake.add_user((ALICE, "alice"));
    let db = block_in_place(backends::fresh_db);
    let app = App::new(block_in_place(|| db.open()));
    let bot = InProcessBot::start(&fake, app.clone());
    wait_ready(&fake, None).await;
    let registered = fake.registered_commands(None);
    assert!(registered.iter().any(|c| c["name"] == "analysis"));

    // Alice challenges the bot itself; it accepts at once and, with the
    // attackers, moves first.
    let me = FakeUser::new(fake.bot_user_id(), BOT_USERNAME);
    let mark = fake.requests().len();
    let id = send_challenge(
        &fake,
        CHANNEL,
        GUILD,
        alice.clone(),
        me,
        vec![opt::string("side", "defenders"), opt::integer("level", 1)],
    )
    .await;
    let cb = fake.wait_for_interaction_callback(id).await;
    let text = cb.content().unwrap().to_string();
    assert!(
        text.contains("tawlbot (attackers) against <@701> (defenders)"),
        "{text}"
    );
    assert!(text.contains("Games against me are unrated."), "{text}");
    assert!(!cb.png_files().is_empty());
    let posted = bot_moved_after(&fake, mark).await;
    assert!(
        !posted.png_files().is_empty(),
        "the bot's move comes with the board"
    );
    assert!(posted.content().unwrap().contains("<@701> to move"));

    // Alice plays (the engine at level 1 chooses for her) until the game ends
    // or 40 of her moves are played, then resigns.
    let mut plies = 1;
    for i in 0..40u64 {
        let l = until_moves(&app, plies).await;
        if l.game.is_over() {
            break;
        }
        let r =
            engine::best_move(&l.game, &Limits::level(1), i + 11, &AtomicBool::new(false)).unwrap();
        let mv = format_move(l.game.rules(), &r.mv);
        let mark = fake.requests().len();
        fake.send_message_create(CHANNEL, GUILD, alice.clone(), &mv)
            .await;
        let l = until_moves(&app, plies + 1).await;
        if l.game.is_over() {
            break;
        }
        let posted = bot_moved_after(&fake, mark).await;
        assert_eq!(posted.png_files().len(), 1);
        plies += 2;
        let l = until_moves(&app, plies).await;
        // Every move replays legally from the store, the bot's are the bot's.
        assert_eq!(l.players[0], "tawlbot");
        if l.game.is_over() {
            break;
        }
    }
    let l = latest(&app).unwrap();
    if !l.game.is_over() {
        let id = fake
            .send_slash_command(CHANNEL, GUILD, alice.clone(), "resign", json!([]))
            .await;
        let cb = fake.wait_for_interaction_callback(id).await;
        // A long game: /resign asks first; the Resign button
        // resigns.
        let resign = cb.body()["data"]["components"][0]["components"][0]["custom_id"]
            .as_str()
            .unwrap_or_else(|| panic!("{cb:?}"))
            .to_string();
        assert!(resign.starts_with("resign:"), "{cb:?}");
        let click = fake
            .send_button_click(CHANNEL, GUILD, alice.clone(), &resign, fake.new_id())
            .await;
        let cb = fake.wait_for_interaction_callback(click).await;
        assert!(cb.content().unwrap().contains("resigned"), "{cb:?}");
    }
    let l = latest(&app).unwrap();
    assert_eq!(l.row.state, GameState::Finished);
    assert!(!l.row.rated);

    // /analysis: deferred, then the answer edits the deferred message.
    let id = fake
        .send_slash_command(CHANNEL, GUILD, alice.clone(), "analysis", json!([]))
        .await;
    let cb = fake.wait_for_interaction_callback(id).await;
    assert_eq!(cb.body()["type"], 5, "deferred");
    let edit = fake
        .wait_for_request(
            |r| {
                r.is("PATCH", "/webhooks/*/*/messages/@original")
                    && r.content().is_some_and(|c| c.contains("winning chances"))
            },
            ENGINE_TIMEOUT,
        )
        .await;
    let text = edit.content().unwrap();
    assert!(
        text.starts_with(&format!(
            "Game {} (Tawlbwrdd): the defenders' winning chances",
            l.row.id
        )),
        "{text}"
    );
    let graphs = edit.png_files();
    assert_eq!(graphs.len(), 1, "{edit:?}");
    assert!(graphs[0].width() >= 600 && graphs[0].height() >= 300);

    bot.stop().await;
    assert_discord_had_nothing_to_refuse(&fake);
}

/// A game left with the bot to move (as after a crash) is resumed when the
/// bot connects.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_resumes_the_bots_turn() {
    support::init_tracing();
    let db = block_in_place(backends::fresh_db);
    // Start the game in the console's way but without running the bot's turn:
    // the challenge's response carries the BotTurn effect, which we drop.
    let app = App::new(block_in_place(|| db.open()));
    let ctx = tawlbot::app::Ctx {
        server: GUILD.to_string().into(),
        channel: CHANNEL.to_string().into(),
        user: tawlbot::app::User {
            id: ALICE.to_string().into(),
            name: "alice".into(),
        },
        now: 1_700_000_000,
        source: "s1".into(),
        manage_server: false,
        rights: Default::default(),
        roles: Vec::new(),
        mentioned: vec![],
    };
    let resp = block_in_place(|| {
        app.handle(
            &ctx,
            tawlbot::app::Input::Slash {
                name: "challenge".into(),
                args: vec![
                    ("opponent".into(), "tawlbot".into()),
                    ("side".into(), "defenders".into()),
                    ("level".into(), "1".into()),
                ],
            },
        )
    });
    assert!(matches!(
        resp.effects.as_slice(),
        [tawlbot::app::Effect::BotTurn {
            expected_moves: 0,
            ..
        }]
    ));
    assert_eq!(block_in_place(|| app.pending_bot_turns()), resp.effects);

    let fake = FakeDiscord::start().await;
    fake.add_text_channel(CHANNEL, Some(GUILD));
    let bot = InProcessBot::start(&fake, app.clone());
    let posted = bot_moved_after(&fake, 0).await;
    assert!(posted.content().unwrap().contains("<@701> to move"));
    assert_eq!(latest(&app).unwrap().game.record().len(), 1);
    assert!(block_in_place(|| app.pending_bot_turns()).is_empty());
    bot.stop().await;
}

on_postgres!(
    a_whole_game_against_the_bot_then_analysis,
    a_restart_resumes_the_bots_turn,
);
