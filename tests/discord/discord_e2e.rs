//! The real Discord adapter (`tawlbot::discord::run`), a real serenity client and the
//! fake Discord: a whole game from challenge to a win, and a game in a thread.

use crate::support;

use std::time::Duration;

use serde_json::{json, Value};
use serenity::all::GatewayIntents;
use support::bot::{
    assert_discord_had_nothing_to_refuse, program, send_challenge, terminate, wait_ready,
    InProcessBot,
};
use support::{opt, FakeDiscord, FakeUser, RecordedRequest, DEFAULT_TIMEOUT};
use tawlbot::app::App;
use tawlbot::notation::format_move;
use tawlbot::rules::{Game, Kind, Move, Side, Square};
use tawlbot::store::SqliteStore;

const GUILD: u64 = 500;
const CHANNEL: u64 = 600;
const ALICE: u64 = 701;
const BOB: u64 = 702;
const CAROL: u64 = 703;

struct Bot {
    fake: FakeDiscord,
    app: App,
    adapter: InProcessBot,
    _dir: tempfile::TempDir,
}

impl Bot {
    async fn start() -> Bot {
        Bot::start_with(|a| a).await
    }

    /// [`Bot::start`] with the app set up by `setup` first.
    async fn start_with(setup: impl FnOnce(App) -> App) -> Bot {
        support::init_tracing();
        let fake = FakeDiscord::start().await;
        fake.add_user((ALICE, "alice"));
        fake.add_user((BOB, "bob"));
        fake.add_user((CAROL, "carol"));
        let dir = tempfile::tempdir().expect("temp dir");
        let store = SqliteStore::open(dir.path().join("tawlbot.db")).expect("open store");
        let app = setup(App::new(store));
        let adapter = InProcessBot::start(&fake, app.clone());
        let (identify, put) = wait_ready(&fake, None).await;
        assert!(
            identify.intents.contains(GatewayIntents::MESSAGE_CONTENT),
            "IDENTIFY lacks MESSAGE_CONTENT: {:?}",
            identify.intents
        );
        assert!(identify.intents.contains(
            GatewayIntents::GUILDS
                | GatewayIntents::GUILD_MESSAGES
                | GatewayIntents::DIRECT_MESSAGES
        ));
        assert!(put.bot_authorized);
        // Discord refuses a bulk overwrite whole when one command breaks a rule.
        assert_eq!(put.status, 200, "{}", fake.describe());
        let registered = fake.registered_commands(None);
        let names: Vec<&str> = registered
            .iter()
            .filter_map(|c| c["name"].as_str())
            .collect();
        for c in tawlbot::app::commands::COMMANDS {
            assert!(
                names.contains(&c.name),
                "/{} not registered: {names:?}",
                c.name
            );
        }
        let mv = registered.iter().find(|c| c["name"] == "move").unwrap();
        assert_eq!(mv["options"][0]["autocomplete"], true);
        assert_eq!(mv["options"][0]["required"], true);
        let ch = registered
            .iter()
            .find(|c| c["name"] == "challenge")
            .unwrap();
        let opponent = ch["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == "opponent")
            .unwrap();
        assert_eq!(opponent["type"], 6, "opponent is a user option");
        let variant = ch["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == "variant")
            .unwrap();
        assert!(variant["choices"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["value"] == "tawlbwrdd"));
        Bot {
            fake,
            app,
            adapter,
            _dir: dir,
        }
    }

    async fn shutdown(self) {
        self.adapter.stop().await;
        assert_discord_had_nothing_to_refuse(&self.fake);
    }

    fn mark(&self) -> usize {
        self.fake.requests().len()
    }

    /// The first `POST /channels/{channel}/messages` after `mark`.
    async fn message_after(&self, mark: usize, channel: u64) -> RecordedRequest {
        let path = format!("/channels/{channel}/messages");
        self.fake
            .wait_for_request_after(mark, |r| r.is("POST", &path), DEFAULT_TIMEOUT)
            .await
    }

    /// The game in `channel`, as the bot's store has it.
    fn game(&self, channel: u64) -> (Game, [String; 2]) {
        let row = self
            .app
            .store()
            .active_game_in_channel(&channel.to_string().into())
            .expect("store")
            .expect("an active game");
        let l = self.app.load(row).expect("load game");
        (l.game, l.players.map(String::from))
    }
}

fn user(id: u64) -> FakeUser {
    let name = match id {
        ALICE => "alice",
        BOB => "bob",
        _ => "carol",
    };
    FakeUser::new(id, name)
}

fn interaction_data(r: &RecordedRequest) -> &Value {
    &r.body()["data"]
}

fn assert_png_message(r: &RecordedRequest) -> image::RgbaImage {
    assert!(r.multipart, "expected multipart, got {r:?}");
    assert!(
        r.fields.iter().any(|(n, _)| n == "payload_json") || r.json.is_some(),
        "no payload_json"
    );
    let f = r.file("files[0]").expect("files[0]");
    assert_eq!(f.content_type, "image/png");
    let img = f.png();
    assert!(
        img.width() >= 100 && img.height() >= 100,
        "board image too small"
    );
    img
}

// ------------------------------------------------------------- choosing moves

fn king(g: &Game) -> (Square, Side) {
    g.board()
        .pieces()
        .find(|(_, p)| p.kind == Kind::King)
        .map(|(s, p)| (s, p.side))
        .expect("a king")
}

fn wins_for(g: &Game, side: Side) -> bool {
    g.outcome().is_some_and(|o| o.winner == Some(side))
}

fn after(g: &Game, m: Move) -> Option<Game> {
    let mut h = g.clone();
    h.play(m).ok()?;
    Some(h)
}

/// An attackers' move that keeps away from the king and captures nothing.
fn harmless(g: &Game) -> Move {
    let (k, ks) = king(g);
    let before = g.board().count(ks);
    let away = |s: Square| {
        s.file() != k.file()
            && s.rank() != k.rank()
            && (s.file().abs_diff(k.file()) > 2 || s.rank().abs_diff(k.rank()) > 2)
    };
    let moves = g.legal_moves();
    moves
        .iter()
        .copied()
        .find(|&m| {
            away(m.from)
                && away(m.to)
                && after(g, m)
                    .is_some_and(|h| h.board().count(ks) == before && h.outcome().is_none())
        })
        .unwrap_or(moves[0])
}

/// The defenders' move: a win if there is one, else the move after which (and the
/// attackers' harmless reply) the king has the most ways out, then the most moves.
fn defenders_move(g: &Game) -> Move {
    let (_, ks) = king(g);
    let moves = g.legal_moves();
    if let Some(&m) = moves
        .iter()
        .find(|&&m| after(g, m).is_some_and(|h| wins_for(&h, ks)))
    {
        return m;
    }
    let score = |m: Move| -> (usize, usize) {
        let Some(h) = after(g, m) else { return (0, 0) };
        if h.outcome().is_some() {
            return (0, 0);
        }
        let Some(h) = after(&h, harmless(&h)) else {
            return (0, 0);
        };
        if h.outcome().is_some() {
            return (0, 0);
        }
        let (k, _) = king(&h);
        let next = h.legal_moves();
        let wins = next
            .iter()
            .filter(|&&m2| m2.from == k && after(&h, m2).is_some_and(|x| wins_for(&x, ks)))
            .count();
        let king_moves = next.iter().filter(|m2| m2.from == k).count();
        (wins, king_moves)
    };
    moves.iter().copied().max_by_key(|&m| score(m)).unwrap()
}

/// The next move in a line where the defenders' king escapes.
fn next_move(g: &Game) -> String {
    let (_, ks) = king(g);
    let side = g.to_move().expect("game not over");
    let m = if side == ks {
        defenders_move(g)
    } else {
        harmless(g)
    };
    format_move(g.rules(), &m)
}

// ------------------------------------------------------------------- the tests

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_from_challenge_to_a_win() {
    let bot = Bot::start().await;
    let fake = &bot.fake;

    // Alice challenges Bob, taking the defenders (the king's side).
    let id = send_challenge(
        fake,
        CHANNEL,
        GUILD,
        user(ALICE),
        user(BOB),
        vec![opt::string("side", "defenders")],
    )
    .await;
    let cb = fake.wait_for_interaction_callback(id).await;
    assert_eq!(cb.body()["type"], 4);
    let data = interaction_data(&cb);
    let text = data["content"].as_str().unwrap();
    assert!(
        text.contains(&format!("<@{ALICE}>")) && text.contains(&format!("<@{BOB}>")),
        "{text}"
    );
    assert_eq!(
        data["flags"].as_u64().unwrap_or(0) & 64,
        0,
        "a challenge is public"
    );
    let buttons = data["components"][0]["components"]
        .as_array()
        .expect("buttons");
    let ids: Vec<&str> = buttons
        .iter()
        .map(|b| b["custom_id"].as_str().unwrap())
        .collect();
    let labels: Vec<&str> = buttons
        .iter()
        .map(|b| b["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["Accept", "Decline"]);
    let accept = ids[0].to_string();
    assert!(accept.starts_with("accept:"));

    // Carol may not accept a challenge meant for Bob.
    let click = fake
        .send_button_click(CHANNEL, GUILD, user(CAROL), &accept, fake.new_id())
        .await;
    let cb = fake.wait_for_interaction_callback(click).await;
    assert_eq!(interaction_data(&cb)["flags"].as_u64().unwrap() & 64, 64);

    // Bob accepts with the button: the game message carries the board.
    let click = fake
        .send_button_click(CHANNEL, GUILD, user(BOB), &accept, fake.new_id())
        .await;
    let cb = fake.wait_for_interaction_callback(click).await;
    assert_png_message(&cb);
    let text = cb.content().unwrap().to_string();
    assert!(text.starts_with("Game "), "{text}");

    let (game, players) = bot.game(CHANNEL);
    assert_eq!(players[1], ALICE.to_string(), "alice plays the defenders");
    assert_eq!(game.to_move(), Some(Side::First), "attackers move first");

    // A spectator's move is ignored: no reply at all.
    let mark = bot.mark();
    let mv = next_move(&game);
    fake.send_message_create(CHANNEL, GUILD, user(CAROL), &mv)
        .await;
    // ... and a move from the player not to move is refused in the channel.
    fake.send_message_create(CHANNEL, GUILD, user(ALICE), "f4-f3")
        .await;
    let r = bot.message_after(mark, CHANNEL).await;
    let t = r.content().unwrap();
    assert!(
        t.starts_with(&format!("<@{ALICE}>")) && t.contains("turn"),
        "{t}"
    );
    assert!(r.files.is_empty());
    fake.assert_no_request(
        |x| x.index > r.index && x.is("POST", "/channels/*/messages"),
        Duration::from_millis(500),
    )
    .await;
    // A spectator's /move gets an ephemeral refusal.
    let i = fake
        .send_slash_command(
            CHANNEL,
            GUILD,
            user(CAROL),
            "move",
            json!([opt::string("move", &mv)]),
        )
        .await;
    let cb = fake.wait_for_interaction_callback(i).await;
    assert_eq!(interaction_data(&cb)["flags"].as_u64().unwrap() & 64, 64);

    // An illegal /move: a short ephemeral refusal.
    let i = fake
        .send_slash_command(
            CHANNEL,
            GUILD,
            user(BOB),
            "move",
            json!([opt::string("move", "a1-a2")]),
        )
        .await;
    let cb = fake.wait_for_interaction_callback(i).await;
    let d = interaction_data(&cb);
    assert_eq!(d["flags"].as_u64().unwrap() & 64, 64, "{d}");
    assert!(d["content"].as_str().unwrap().len() < 200);
    assert!(cb.files.is_empty());
    // An illegal plain-message move: refused in the channel.
    let mark = bot.mark();
    fake.send_message_create(CHANNEL, GUILD, user(BOB), "f6-f7")
        .await;
    let r = bot.message_after(mark, CHANNEL).await;
    assert!(r.content().unwrap().starts_with(&format!("<@{BOB}>")));
    assert!(r.files.is_empty());
    assert!(
        r.body()["message_reference"]["message_id"]
            .as_str()
            .is_some(),
        "a refusal answers the message"
    );

    // Autocomplete for /move lists Bob's legal moves.
    let i = fake
        .send_autocomplete(
            CHANNEL,
            GUILD,
            user(BOB),
            "move",
            json!([opt::focused("move", 3, "")]),
        )
        .await;
    let cb = fake.wait_for_interaction_callback(i).await;
    assert_eq!(cb.body()["type"], 8);
    let choices = cb.body()["data"]["choices"].as_array().unwrap();
    assert!(!choices.is_empty() && choices.len() <= 25);

    // Now play: plain messages and /move by turns, until the king escapes.
    let mut last = String::new();
    for ply in 0..80 {
        let (game, players) = bot.game(CHANNEL);
        let side = game.to_move().unwrap();
        let who: u64 = players[side.index()].parse().unwrap();
        let mv = next_move(&game);
        let mark = bot.mark();
        let req = if ply % 2 == 0 {
            fake.send_message_create(CHANNEL, GUILD, user(who), &mv)
                .await;
            bot.message_after(mark, CHANNEL).await
        } else {
            let i = fake
                .send_slash_command(
                    CHANNEL,
                    GUILD,
                    user(who),
                    "move",
                    json!([opt::string("move", &mv)]),
                )
                .await;
            fake.wait_for_interaction_callback(i).await
        };
        assert_png_message(&req);
        last = req.content().unwrap().to_string();
        eprintln!("ply {ply}: {mv} -> {last}");
        assert!(last.contains(&format!("<@{who}> played")), "{last}");
        if bot
            .app
            .store()
            .active_game_in_channel(&CHANNEL.to_string().into())
            .unwrap()
            .is_none()
        {
            break;
        }
    }
    assert!(
        last.to_lowercase().contains("win"),
        "the last move did not win: {last}"
    );
    assert!(last.contains("escaped"), "{last}");

    // After the game a move message is ignored (it is not addressed to the bot).
    let mark = bot.mark();
    fake.send_message_create(CHANNEL, GUILD, user(BOB), "a4-a5")
        .await;
    fake.assert_no_request(
        |x| x.index >= mark && x.is("POST", "/channels/*/messages"),
        Duration::from_millis(300),
    )
    .await;

    // The request log: every bot request was authorised, none went unanswered.
    for r in fake.requests() {
        assert!(
            r.bot_authorized
                || r.route().starts_with("/interactions/")
                || r.route().starts_with("/webhooks/"),
            "{} {}",
            r.method,
            r.path
        );
        assert!(r.status < 400, "{} {} -> {}", r.method, r.path, r.status);
    }
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_challenge_opens_a_thread_for_the_game() {
    let bot = Bot::start().await;
    let fake = &bot.fake;
    let id = send_challenge(
        fake,
        CHANNEL,
        GUILD,
        user(ALICE),
        user(BOB),
        vec![opt::boolean("thread", true)],
    )
    .await;
    let cb = fake.wait_for_interaction_callback(id).await;
    let accept = interaction_data(&cb)["components"][0]["components"][0]["custom_id"]
        .as_str()
        .unwrap()
        .to_string();

    let mark = bot.mark();
    let click = fake
        .send_button_click(CHANNEL, GUILD, user(BOB), &accept, fake.new_id())
        .await;
    let cb = fake.wait_for_interaction_callback(click).await;
    assert_eq!(cb.body()["type"], 4);
    let thread_req = fake
        .wait_for_request_after(
            mark,
            |r| r.is("POST", &format!("/channels/{CHANNEL}/threads")),
            DEFAULT_TIMEOUT,
        )
        .await;
    assert_eq!(thread_req.body()["type"], 11, "a public thread");
    let name = thread_req.body()["name"].as_str().unwrap();
    assert!(name.contains("alice") && name.contains("bob"), "{name}");
    let thread = thread_req.response_id();

    let game_msg = bot.message_after(mark, thread).await;
    assert_png_message(&game_msg);
    assert!(game_msg.content().unwrap().starts_with("Game "));
    let notice = bot.message_after(mark, CHANNEL).await;
    assert!(
        notice.content().unwrap().contains(&format!("<#{thread}>")),
        "{:?}",
        notice.content()
    );

    // The first move, in the thread.
    let (game, players) = bot.game(thread);
    let who: u64 = players[game.to_move().unwrap().index()].parse().unwrap();
    let mark = bot.mark();
    fake.send_message_create(thread, GUILD, user(who), &next_move(&game))
        .await;
    let r = bot.message_after(mark, thread).await;
    assert_png_message(&r);
    bot.shutdown().await;
}

// --------------------------------------------------------------- the program

#[test]
fn without_a_token_the_program_says_how_to_get_one() {
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tawlbot"))
        .current_dir(dir.path())
        .env_remove("DISCORD_TOKEN")
        .env("DATABASE_PATH", dir.path().join("t.db"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("Reset Token") && err.contains("DISCORD_TOKEN="),
        "{err}"
    );
    assert!(err.contains("tawlbot console"), "{err}");
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_program_runs_against_the_fake_and_stops_on_sigterm() {
    support::init_tracing();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let token = "e2e-token-must-never-be-logged";
    let mut cmd = program(&fake, dir.path(), &dir.path().join("stderr.log"));
    cmd.env("DISCORD_TOKEN", token)
        .env("DATABASE_PATH", dir.path().join("t.db"))
        .env("DEV_GUILD_ID", GUILD.to_string())
        .env("RUST_LOG", "debug")
        // A file, not a pipe: debug logging would fill a pipe nobody reads
        // until the end and block the program.
        .stdout(std::fs::File::create(dir.path().join("stdout.log")).unwrap());
    let mut child = tokio::process::Command::from(cmd)
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    // DEV_GUILD_ID: the commands go to that server only.
    let (identify, _) = wait_ready(&fake, Some(GUILD)).await;
    assert!(identify.intents.contains(GatewayIntents::MESSAGE_CONTENT));
    assert!(fake
        .requests_matching("PUT", "/applications/*/commands")
        .is_empty());
    let i = fake
        .send_slash_command(CHANNEL, GUILD, user(ALICE), "help", Value::Null)
        .await;
    let cb = fake.wait_for_interaction_callback(i).await;
    assert_eq!(interaction_data(&cb)["flags"].as_u64().unwrap() & 64, 64);

    let status = terminate(&mut child).await;
    let text = format!(
        "{}{}",
        std::fs::read_to_string(dir.path().join("stdout.log")).unwrap_or_default(),
        std::fs::read_to_string(dir.path().join("stderr.log")).unwrap_or_default()
    );
    assert_eq!(status.code(), Some(0), "{text}");
    assert!(!text.contains(token), "the token was printed");
    // The program starts as many shards as Discord recommends.
    assert!(!fake.requests_matching("GET", "/gateway/bot").is_empty());
    assert!(
        text.contains("invite link: https://discord.com/oauth2/authorize?client_id="),
        "{text}"
    );
    assert_discord_had_nothing_to_refuse(&fake);
}

// ------------------------------------------------------------ tournaments

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_round_opens_a_thread_per_match() {
    const DAVE: u64 = 704;
    let bot = Bot::start().await;
    let fake = &bot.fake;
    fake.add_user((DAVE, "dave"));
    let players = [
        user(ALICE),
        user(BOB),
        user(CAROL),
        FakeUser::new(DAVE, "dave"),
    ];
    let create = fake
        .send_slash_command(
            CHANNEL,
            GUILD,
            players[0].clone(),
            "tournament",
            json!([opt::sub(
                "create",
                vec![
                    opt::string("name", "Cup"),
                    opt::string("variant", "tawlbwrdd"),
                    opt::string("format", "swiss"),
                    opt::integer("rounds", 1),
                    opt::string("match", "single"),
                ]
            )]),
        )
        .await;
    let cb = fake.wait_for_interaction_callback(create).await;
    let text = interaction_data(&cb)["content"]
        .as_str()
        .unwrap_or_default();
    assert!(text.contains("Cup"), "{text}");
    for p in &players {
        let join = fake
            .send_slash_command(
                CHANNEL,
                GUILD,
                p.clone(),
                "tournament",
                json!([opt::sub("join", vec![])]),
            )
            .await;
        fake.wait_for_interaction_callback(join).await;
    }
    let mark = bot.mark();
    let start = fake
        .send_slash_command(
            CHANNEL,
            GUILD,
            players[0].clone(),
            "tournament",
            json!([opt::sub("start", vec![])]),
        )
        .await;
    fake.wait_for_interaction_callback(start).await;
    // Four players, one round: two matches, each in its own thread under the
    // tournament's channel, each thread with its game's board.
    let path = format!("/channels/{CHANNEL}/threads");
    let first = fake
        .wait_for_request_after(mark, |r| r.is("POST", &path), DEFAULT_TIMEOUT)
        .await;
    let second = fake
        .wait_for_request_after(first.index + 1, |r| r.is("POST", &path), DEFAULT_TIMEOUT)
        .await;
    let threads = [first.response_id(), second.response_id()];
    assert_ne!(threads[0], threads[1]);
    for t in threads {
        let msg = bot.message_after(mark, t).await;
        assert_png_message(&msg);
        let content = msg.content().unwrap();
        // Both players of the match are mentioned in its thread.
        assert!(content.matches("<@").count() >= 2, "{content}");
    }
    bot.shutdown().await;
}

/// A role alice holds in the duels below: Manage Roles, above the prize.
const HELPERS: u64 = 879;

/// alice, holding [`HELPERS`] (Manage Roles, position 4): she may give
/// any role below position 4 by hand.
fn alice_with_manage_roles(bot: &Bot) -> FakeUser {
    bot.fake.add_role_with(
        HELPERS,
        4,
        serenity::model::Permissions::MANAGE_ROLES.bits(),
    );
    let mut alice = user(ALICE);
    alice.roles = vec![HELPERS];
    alice
}

/// A two-player tournament with `winner_role:` created by alice (who may
/// give the role by hand); alice (first side) wins its one game. Returns
/// the mark before the game's last move.
async fn a_duel_with_a_winner_role(bot: &Bot, role: u64) -> usize {
    let fake = &bot.fake;
    let alice = alice_with_manage_roles(bot);
    let create = fake
        .send_slash_command(
            CHANNEL,
            GUILD,
            alice.clone(),
            "tournament",
            json!([opt::sub(
                "create",
                vec![
                    opt::string("name", "Duel"),
                    opt::string("variant", "tawlbwrdd"),
                    opt::string("format", "round-robin"),
                    opt::string("match", "single"),
                    opt::role("winner_role", role),
                ]
            )]),
        )
        .await;
    let cb = fake.wait_for_interaction_callback(create).await;
    let text = interaction_data(&cb)["content"]
        .as_str()
        .unwrap_or_default();
    assert!(text.contains(&format!("<@&{role}>")), "{text}");
    for p in [alice.clone(), user(BOB)] {
        let join = fake
            .send_slash_command(
                CHANNEL,
                GUILD,
                p,
                "tournament",
                json!([opt::sub("join", vec![])]),
            )
            .await;
        fake.wait_for_interaction_callback(join).await;
    }
    let mark = bot.mark();
    let start = fake
        .send_slash_command(
            CHANNEL,
            GUILD,
            alice.clone(),
            "tournament",
            json!([opt::sub("start", vec![])]),
        )
        .await;
    fake.wait_for_interaction_callback(start).await;
    let path = format!("/channels/{CHANNEL}/threads");
    let thread = fake
        .wait_for_request_after(mark, |r| r.is("POST", &path), DEFAULT_TIMEOUT)
        .await
        .response_id();
    bot.message_after(mark, thread).await;
    // Alice (the first side) moves; bob resigns.
    let mark = bot.mark();
    fake.send_message_create(thread, GUILD, alice.clone(), "e2-c2")
        .await;
    bot.message_after(mark, thread).await;
    let mark = bot.mark();
    let resign = fake
        .send_slash_command(thread, GUILD, user(BOB), "resign", Value::Null)
        .await;
    fake.wait_for_interaction_callback(resign).await;
    mark
}

/// The text of the bot's first message in `channel` after `mark` holding
/// `words`.
async fn said_after(bot: &Bot, mark: usize, channel: u64, words: &str) -> String {
    let path = format!("/channels/{channel}/messages");
    let r = bot
        .fake
        .wait_for_request_after(
            mark,
            |r| r.is("POST", &path) && r.content().is_some_and(|c| c.contains(words)),
            DEFAULT_TIMEOUT,
        )
        .await;
    r.content().unwrap_or_default().to_string()
}

/// `winner_role:` without Manage Roles: Discord refuses (403, 50013), the
/// organiser is told what to change, and the tournament is over anyway.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_winner_role_discord_refuses_is_explained_to_the_organiser() {
    const CHAMPIONS: u64 = 880;
    let bot = Bot::start().await;
    bot.fake.add_role(CHAMPIONS, 3);
    let mark = a_duel_with_a_winner_role(&bot, CHAMPIONS).await;
    let path = format!("/guilds/{GUILD}/members/{ALICE}/roles/{CHAMPIONS}");
    let put = bot
        .fake
        .wait_for_request_after(mark, |r| r.is("PUT", &path), DEFAULT_TIMEOUT)
        .await;
    assert_eq!(put.status, 403, "{}", bot.fake.describe());
    assert_eq!(put.response.as_ref().unwrap()["code"], 50013);
    let told = said_after(&bot, mark, CHANNEL, "Manage Roles").await;
    assert!(told.starts_with(&format!("<@{ALICE}>")), "{told}");
    assert!(told.contains(&format!("<@&{CHAMPIONS}>")), "{told}");
    let row = bot
        .app
        .store()
        .get_tournament(tawlbot::store::TournamentId(1))
        .unwrap()
        .unwrap();
    assert_eq!(row.state, tawlbot::store::TournamentPhase::Finished);
    assert!(bot.fake.member_roles(GUILD, ALICE).is_empty());
    // The one refusal is the role's (shutting down checks for none).
    let refused = bot.fake.refused();
    assert_eq!(refused.len(), 1, "{}", bot.fake.describe());
    bot.adapter.stop().await;
}

/// With Manage Roles and a role below the bot's own, the winner gets it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_winner_role_is_given_with_manage_roles() {
    const CHAMPIONS: u64 = 881;
    let bot = Bot::start().await;
    bot.fake.add_role(CHAMPIONS, 3);
    bot.fake.bot_roles(true, 5);
    let mark = a_duel_with_a_winner_role(&bot, CHAMPIONS).await;
    let told = said_after(&bot, mark, CHANNEL, "receives the role").await;
    assert!(told.contains(&format!("<@&{CHAMPIONS}>")), "{told}");
    assert_eq!(bot.fake.member_roles(GUILD, ALICE), vec![CHAMPIONS]);
    bot.shutdown().await;
}

/// A prize role its creator could not give by hand is refused when the
/// tournament is created (Manage Server, every permission in the
/// interaction, but no role above the prize), and nothing is given.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_winner_role_above_its_creators_own_is_refused() {
    const MODERATORS: u64 = 882;
    let bot = Bot::start().await;
    bot.fake.add_role(MODERATORS, 6);
    bot.fake.bot_roles(true, 9);
    let alice = alice_with_manage_roles(&bot);
    let create = bot
        .fake
        .send_slash_command(
            CHANNEL,
            GUILD,
            alice,
            "tournament",
            json!([opt::sub(
                "create",
                vec![
                    opt::string("name", "Coup"),
                    opt::string("variant", "tawlbwrdd"),
                    opt::string("format", "round-robin"),
                    opt::role("winner_role", MODERATORS),
                ]
            )]),
        )
        .await;
    let cb = bot.fake.wait_for_interaction_callback(create).await;
    let text = interaction_data(&cb)["content"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        text.contains(&format!("You cannot give <@&{MODERATORS}> by hand")),
        "{text}"
    );
    assert!(bot
        .app
        .store()
        .get_tournament(tawlbot::store::TournamentId(1))
        .unwrap()
        .is_none());
    bot.shutdown().await;
}

// ------------------------------------------------------------ Discord's rules

/// A challenge from `a` to `b` in `channel`, accepted with `/accept`.
async fn start_game(bot: &Bot, channel: u64, a: FakeUser, b: FakeUser) {
    let fake = &bot.fake;
    let id = send_challenge(
        fake,
        channel,
        GUILD,
        a,
        b.clone(),
        vec![opt::string("side", "defenders")],
    )
    .await;
    let cb = fake.wait_for_interaction_callback(id).await;
    assert_eq!(cb.status, 204, "{}", fake.describe());
    let mark = bot.mark();
    let id = fake
        .send_slash_command(channel, GUILD, b, "accept", Value::Null)
        .await;
    fake.wait_for_interaction_callback(id).await;
    let _ = mark;
    // The game is in the store once the accept is answered.
    for _ in 0..100 {
        if bot
            .app
            .store()
            .active_game_in_channel(&channel.to_string().into())
            .ok()
            .flatten()
            .is_some()
        {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no game started\n{}", fake.describe());
}

/// Plays the next move of the game in `channel` as a plain message.
async fn play_one(bot: &Bot, channel: u64, players: &[FakeUser]) {
    let (g, ids) = bot.game(channel);
    let mv = next_move(&g);
    let who = ids[g.to_move().unwrap().index()].clone();
    let player = players
        .iter()
        .find(|p| p.id.to_string() == who)
        .unwrap()
        .clone();
    let mark = bot.mark();
    bot.fake
        .send_message_create(channel, GUILD, player, &mv)
        .await;
    bot.message_after(mark, channel).await;
}

/// With PUBLIC_URL set and the server's archive public, a move's board
/// carries a "View game" link button (a url, no custom id: Discord refuses
/// anything else, and so does the fake); while private, none.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_messages_link_to_the_public_archive() {
    let bot = Bot::start_with(|a| a.with_public_url(Some("https://archive.example/".into()))).await;
    let players = [user(ALICE), user(BOB)];
    start_game(&bot, CHANNEL, user(ALICE), user(BOB)).await;
    // Private (the default): no link.
    let mark = bot.mark();
    play_one(&bot, CHANNEL, &players).await;
    let r = bot.message_after(mark, CHANNEL).await;
    assert!(r.link_buttons().is_empty(), "{}", r.body());
    // Public: the link to the game.
    bot.app
        .store()
        .set_archive_public(&GUILD.to_string().into(), true)
        .unwrap();
    let id = bot
        .app
        .store()
        .active_game_in_channel(&CHANNEL.to_string().into())
        .unwrap()
        .unwrap()
        .id;
    let mark = bot.mark();
    play_one(&bot, CHANNEL, &players).await;
    let r = bot.message_after(mark, CHANNEL).await;
    let l = r.link_buttons();
    assert_eq!(l.len(), 1, "{}", r.body());
    assert_eq!(l[0]["url"], format!("https://archive.example/g/{id}"));
    assert_eq!(l[0]["label"], "View game");
    assert!(l[0].get("custom_id").is_none_or(Value::is_null));
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_that_look_like_mentions_ping_nobody() {
    const EVE: u64 = 801;
    const ROLE: u64 = 802;
    let bot = Bot::start().await;
    let fake = &bot.fake;
    let eve = fake.add_user((EVE, "@everyone"));
    let role = fake.add_user((ROLE, "<@&123>"));
    let players = [eve.clone(), role.clone()];
    start_game(&bot, CHANNEL, eve.clone(), role.clone()).await;
    play_one(&bot, CHANNEL, &players).await;
    play_one(&bot, CHANNEL, &players).await;
    for (who, name, options) in [
        (eve.clone(), "history", Value::Null),
        (role.clone(), "games", Value::Null),
        (eve.clone(), "board", Value::Null),
        (
            eve.clone(),
            "tournament",
            json!([opt::sub(
                "create",
                vec![
                    opt::string("name", "@here"),
                    opt::string("variant", "tawlbwrdd"),
                    opt::string("format", "round-robin"),
                ]
            )]),
        ),
        (eve.clone(), "tournament", json!([opt::sub("join", vec![])])),
        (
            role.clone(),
            "tournament",
            json!([opt::sub("join", vec![])]),
        ),
        (
            role.clone(),
            "tournament",
            json!([opt::sub("info", vec![])]),
        ),
        (
            role.clone(),
            "tournament",
            json!([opt::sub("list", vec![])]),
        ),
    ] {
        let i = fake
            .send_slash_command(CHANNEL, GUILD, who, name, options)
            .await;
        fake.wait_for_interaction_callback(i).await;
    }
    // Every message pings at most the two players (by <@id>), never a role,
    // @everyone or @here...
    fake.assert_no_unwanted_pings(Some(&[EVE, ROLE]));
    // ...and the names are shown, escaped.
    let contents: Vec<String> = fake
        .requests()
        .iter()
        .filter_map(|r| r.message_payload()?["content"].as_str().map(str::to_string))
        .collect();
    let all = contents.join("\n");
    for raw in ["@everyone", "@here", "<@&123>"] {
        assert!(!all.contains(raw), "{raw} shown unescaped in:\n{all}");
    }
    assert!(all.contains("@\u{200B}everyone"), "{all}");
    assert!(all.contains("@\u{200B}here"), "{all}");
    assert!(all.contains("\\<@\u{200B}&123\\>"), "{all}");
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn export_is_deferred_then_edited_cached_and_limited() {
    let bot = Bot::start().await;
    let fake = &bot.fake;
    let players = [user(ALICE), user(BOB)];
    start_game(&bot, CHANNEL, user(ALICE), user(BOB)).await;
    play_one(&bot, CHANNEL, &players).await;
    play_one(&bot, CHANNEL, &players).await;

    let export =
        |who: FakeUser| fake.send_slash_command(CHANNEL, GUILD, who, "export", Value::Null);
    let i = export(user(ALICE)).await;
    let cb = fake.wait_for_interaction_callback(i).await;
    assert_eq!(cb.body()["type"], 5, "/export is deferred at once");
    let token = fake.interaction_token(i);
    let edit = fake
        .wait_for("PATCH", &format!("/webhooks/*/{token}/messages/@original"))
        .await;
    assert_eq!(edit.status, 200);
    let names: Vec<&str> = edit.files.iter().map(|f| f.filename.as_str()).collect();
    assert!(names.iter().any(|n| n.ends_with(".txt")), "{names:?}");
    assert!(names.iter().any(|n| n.ends_with(".gif")), "{names:?}");
    let gif = edit
        .files
        .iter()
        .find(|f| f.filename.ends_with(".gif"))
        .unwrap()
        .bytes
        .clone();

    // Again within the minute: a polite private refusal in place of the
    // public "thinking…".
    let again = export(user(ALICE)).await;
    fake.wait_for_interaction_callback(again).await;
    let token = fake.interaction_token(again);
    let follow = fake.wait_for("POST", &format!("/webhooks/*/{token}")).await;
    assert_eq!(follow.body()["flags"].as_u64().unwrap_or(0) & 64, 64);
    assert!(
        follow.content().unwrap().contains("once a minute"),
        "{:?}",
        follow.content()
    );
    assert!(!fake
        .requests_matching("DELETE", &format!("/webhooks/*/{token}/messages/@original"))
        .is_empty());

    // Bob's export of the same position is served from the cache.
    let bob = export(user(BOB)).await;
    fake.wait_for_interaction_callback(bob).await;
    let token = fake.interaction_token(bob);
    let edit = fake
        .wait_for("PATCH", &format!("/webhooks/*/{token}/messages/@original"))
        .await;
    let gif2 = &edit
        .files
        .iter()
        .find(|f| f.filename.ends_with(".gif"))
        .unwrap()
        .bytes;
    assert_eq!(&gif, gif2);
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn time_is_free_text_with_suggestions_and_a_helpful_refusal() {
    let bot = Bot::start().await;
    let fake = &bot.fake;
    let registered = fake.registered_commands(None);
    let ch = registered
        .iter()
        .find(|c| c["name"] == "challenge")
        .unwrap();
    let time = ch["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "time")
        .unwrap();
    assert_eq!(time["autocomplete"], true);
    assert!(time
        .get("choices")
        .is_none_or(|c| c.as_array().is_none_or(Vec::is_empty)));

    let ac = fake
        .send_autocomplete(
            CHANNEL,
            GUILD,
            user(ALICE),
            "challenge",
            json!([opt::focused("time", 3, "bank")]),
        )
        .await;
    let cb = fake.wait_for_interaction_callback(ac).await;
    assert_eq!(cb.body()["type"], 8);
    let values: Vec<&str> = cb.body()["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["value"].as_str())
        .collect();
    assert!(values.contains(&"bank:7d inc:1d cap:14d"), "{values:?}");

    let bad = fake
        .send_slash_command(
            CHANNEL,
            GUILD,
            user(ALICE),
            "challenge",
            json!([opt::string("time", "two weeks")]),
        )
        .await;
    let cb = fake.wait_for_interaction_callback(bad).await;
    let data = interaction_data(&cb);
    assert_eq!(
        data["flags"].as_u64().unwrap_or(0) & 64,
        64,
        "a private refusal"
    );
    let text = data["content"].as_str().unwrap();
    assert!(
        text.contains("bank:7d inc:1d cap:14d") && text.contains("3d"),
        "{text}"
    );

    let good = fake
        .send_slash_command(
            CHANNEL,
            GUILD,
            user(ALICE),
            "challenge",
            json!([
                opt::user("opponent", user(BOB)),
                opt::string("time", "bank:7d inc:1d cap:14d")
            ]),
        )
        .await;
    let cb = fake.wait_for_interaction_callback(good).await;
    assert_eq!(
        interaction_data(&cb)["flags"].as_u64().unwrap_or(0) & 64,
        0,
        "{}",
        fake.describe()
    );
    bot.shutdown().await;
}

// ------------------------------------------------------------ shards

/// Runs the bot with `shards` against `fake`, on a database in `dir`.
fn run_with_shards(
    fake: &FakeDiscord,
    shards: tawlbot::discord::Shards,
    dir: &tempfile::TempDir,
) -> InProcessBot {
    let store = SqliteStore::open(dir.path().join("tawlbot.db")).expect("open store");
    let runtime = tokio::runtime::Handle::current();
    InProcessBot::start_shards(&runtime, fake, shards, App::new(store))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_starts_the_shard_count_discord_recommends() {
    support::init_tracing();
    let fake = FakeDiscord::start().await;
    fake.set_recommended_shards(4);
    let dir = tempfile::tempdir().unwrap();
    let bot = run_with_shards(&fake, tawlbot::discord::Shards::Auto, &dir);
    let identify = fake.wait_identify(DEFAULT_TIMEOUT).await;
    assert_eq!(identify.payload["shard"], json!([0, 4]));
    assert!(!fake.requests_matching("GET", "/gateway/bot").is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shards_runs_the_range_it_is_given() {
    support::init_tracing();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let shards = tawlbot::discord::Shards::parse("3-3/8").unwrap();
    let bot = run_with_shards(&fake, shards, &dir);
    let identify = fake.wait_identify(DEFAULT_TIMEOUT).await;
    assert_eq!(identify.payload["shard"], json!([3, 8]));
    // The commands are registered by whichever process starts.
    let put = fake.wait_for("PUT", "/applications/*/commands").await;
    assert_eq!(put.status, 200);
    bot.stop().await;
    assert_eq!(fake.identifies().len(), 1);
}

/// Every picture the bot sends carries alt text (the attachment
/// description), and `/board style:text` answers with a code block that
/// fits a message on the largest board.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_picture_has_alt_text_and_the_board_comes_as_text() {
    let bot = Bot::start().await;
    let fake = &bot.fake;
    let players = [user(ALICE), user(BOB)];
    start_game(&bot, CHANNEL, user(ALICE), user(BOB)).await;
    play_one(&bot, CHANNEL, &players).await;
    play_one(&bot, CHANNEL, &players).await;
    for (name, args) in [
        ("board", Value::Null),
        ("moves", json!([opt::string("square", "f4")])),
        ("rules", json!([opt::string("variant", "gwyddbwyll")])),
    ] {
        let i = fake
            .send_slash_command(CHANNEL, GUILD, user(ALICE), name, args)
            .await;
        fake.wait_for_interaction_callback(i).await;
    }
    let i = fake
        .send_slash_command(
            CHANNEL,
            GUILD,
            user(ALICE),
            "board",
            json!([opt::string("style", "text")]),
        )
        .await;
    let cb = fake.wait_for_interaction_callback(i).await;
    let text = cb.content().expect("a text board").to_string();
    assert!(text.contains("\n```\n") && text.ends_with("```"), "{text}");
    assert!(text.chars().count() <= 2000, "{text}");
    assert!(
        text.contains(" a b c d e f g h i j k"),
        "tawlbwrdd is 11x11: {text}"
    );
    assert!(cb.files.is_empty());

    let mut pngs = 0;
    for r in fake.requests() {
        if !r.files.iter().any(|f| f.is_png()) {
            continue;
        }
        let payload = r.message_payload().expect("a message with files");
        let listed = payload["attachments"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        for f in r.files.iter().filter(|f| f.is_png()) {
            pngs += 1;
            let entry = listed
                .iter()
                .find(|a| a["filename"] == f.filename.as_str())
                .unwrap_or_else(|| panic!("{} not listed: {payload}", f.filename));
            let alt = entry["description"].as_str().unwrap_or("");
            assert!(
                !alt.trim().is_empty(),
                "no alt text on {}: {payload}",
                f.filename
            );
            assert!(alt.chars().count() <= 1024, "{alt}");
        }
    }
    // The accept, two moves, /board, /moves, /rules.
    assert!(pngs >= 6, "{pngs} pictures\n{}", fake.describe());
    bot.shutdown().await;
}
