//! A real serenity client, built with `tawlbot::discord::connect`, against the fake Discord.

use crate::support;

use std::io::Cursor;
use std::time::Duration;

use serde_json::{json, Value};
use serenity::all::{
    ButtonStyle, ChannelType, Command, CommandDataOptionValue, CommandOptionType, Context,
    CreateActionRow, CreateAttachment, CreateAutocompleteResponse, CreateButton, CreateCommand,
    CreateCommandOption, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, CreateThread, EditInteractionResponse,
    EventHandler, GatewayIntents, Interaction, Message, Ready,
};
use support::{opt, FakeDiscord, FakeUser, RunningBot, DEFAULT_TIMEOUT};
use tawlbot::discord::connect;

const GUILD: u64 = 500;
const CHANNEL: u64 = 600;
const ALICE: u64 = 701;
const BOB: u64 = 702;

fn tiny_png() -> Vec<u8> {
    let mut img = image::RgbaImage::new(3, 2);
    img.put_pixel(1, 1, image::Rgba([200, 10, 20, 255]));
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png)
        .expect("encode png");
    out.into_inner()
}

/// A test-only bot exercising the serenity calls the real adapter will make.
struct Handler;

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, _ready: Ready) {
        let commands = vec![
            CreateCommand::new("hello").description("Say hello"),
            CreateCommand::new("board").description("Show the board (deferred)"),
            CreateCommand::new("game").description("Games").add_option(
                CreateCommandOption::new(CommandOptionType::SubCommand, "challenge", "Challenge")
                    .add_sub_option(
                        CreateCommandOption::new(CommandOptionType::User, "opponent", "Who")
                            .required(true),
                    )
                    .add_sub_option(
                        CreateCommandOption::new(CommandOptionType::String, "variant", "Which")
                            .set_autocomplete(true),
                    )
                    .add_sub_option(CreateCommandOption::new(
                        CommandOptionType::Integer,
                        "size",
                        "Board size",
                    ))
                    .add_sub_option(CreateCommandOption::new(
                        CommandOptionType::Boolean,
                        "rated",
                        "Rated?",
                    )),
            ),
        ];
        Command::set_global_commands(&ctx.http, commands)
            .await
            .expect("register commands");
    }

    async fn message(&self, ctx: Context, msg: Message) {
        let result = match msg.content.as_str() {
            "ping" => msg
                .channel_id
                .send_message(
                    &ctx.http,
                    CreateMessage::new()
                        .content("pong")
                        .add_file(CreateAttachment::bytes(tiny_png(), "pong.png")),
                )
                .await
                .map(|_| ()),
            "buttons" => msg
                .channel_id
                .send_message(
                    &ctx.http,
                    CreateMessage::new().content("press it").components(vec![
                        CreateActionRow::Buttons(vec![CreateButton::new("again")
                            .label("Again")
                            .style(ButtonStyle::Primary)]),
                    ]),
                )
                .await
                .map(|_| ()),
            "thread" => {
                async {
                    let thread = msg
                        .channel_id
                        .create_thread_from_message(&ctx.http, msg.id, CreateThread::new("game 1"))
                        .await?;
                    thread.id.say(&ctx.http, "first move").await?;
                    let lobby = msg
                        .channel_id
                        .create_thread(
                            &ctx.http,
                            CreateThread::new("lobby").kind(ChannelType::PublicThread),
                        )
                        .await?;
                    lobby.id.say(&ctx.http, "lobby open").await.map(|_| ())
                }
                .await
            }
            "dm me" => msg.reply(&ctx.http, "a reply").await.map(|_| ()),
            _ => Ok(()),
        };
        result.expect("handling a message");
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let result = match interaction {
            Interaction::Command(cmd) if cmd.data.name == "hello" => {
                cmd.create_response(
                    &ctx.http,
                    CreateInteractionResponse::Message(
                        CreateInteractionResponseMessage::new()
                            .content(format!("hello {}", cmd.user.name))
                            .ephemeral(true),
                    ),
                )
                .await
            }
            Interaction::Command(cmd) if cmd.data.name == "board" => {
                async {
                    cmd.defer(&ctx.http).await?;
                    cmd.edit_response(
                        &ctx.http,
                        EditInteractionResponse::new()
                            .content("the board")
                            .new_attachment(CreateAttachment::bytes(tiny_png(), "board.png")),
                    )
                    .await?;
                    cmd.create_followup(
                        &ctx.http,
                        CreateInteractionResponseFollowup::new().content("your move"),
                    )
                    .await
                    .map(|_| ())
                }
                .await
            }
            Interaction::Command(cmd) if cmd.data.name == "game" => {
                let sub = &cmd.data.options[0];
                let CommandDataOptionValue::SubCommand(options) = &sub.value else {
                    panic!("expected a subcommand, got {:?}", sub.value);
                };
                let mut parts = vec![sub.name.clone()];
                for option in options {
                    parts.push(match &option.value {
                        CommandDataOptionValue::User(id) => {
                            let user = cmd.data.resolved.users.get(id).expect("resolved user");
                            assert!(
                                cmd.data.resolved.members.contains_key(id),
                                "resolved member"
                            );
                            user.name.clone()
                        }
                        CommandDataOptionValue::String(s) => s.clone(),
                        CommandDataOptionValue::Integer(i) => i.to_string(),
                        CommandDataOptionValue::Boolean(b) => b.to_string(),
                        other => format!("{other:?}"),
                    });
                }
                let member_ok = cmd
                    .member
                    .as_ref()
                    .and_then(|m| m.permissions)
                    .is_some_and(|p| p.administrator());
                parts.push(format!("member_perms={member_ok}"));
                cmd.create_response(
                    &ctx.http,
                    CreateInteractionResponse::Message(
                        CreateInteractionResponseMessage::new().content(parts.join(" ")),
                    ),
                )
                .await
            }
            Interaction::Autocomplete(ac) => {
                let partial = ac
                    .data
                    .autocomplete()
                    .map(|f| f.value.to_string())
                    .unwrap_or_default();
                ac.create_response(
                    &ctx.http,
                    CreateInteractionResponse::Autocomplete(
                        CreateAutocompleteResponse::new()
                            .add_string_choice(format!("{partial}-tablut"), "tablut")
                            .add_string_choice(format!("{partial}-brandubh"), "brandubh"),
                    ),
                )
                .await
            }
            Interaction::Component(click) if click.data.custom_id == "again" => {
                click
                    .create_response(
                        &ctx.http,
                        CreateInteractionResponse::UpdateMessage(
                            CreateInteractionResponseMessage::new()
                                .content(format!("pressed by {}", click.user.name))
                                .components(vec![]),
                        ),
                    )
                    .await
            }
            _ => Ok(()),
        };
        result.expect("answering an interaction");
    }
}

const INTENTS: GatewayIntents = GatewayIntents::GUILDS
    .union(GatewayIntents::GUILD_MESSAGES)
    .union(GatewayIntents::DIRECT_MESSAGES)
    .union(GatewayIntents::MESSAGE_CONTENT);

async fn start(intents: GatewayIntents) -> (FakeDiscord, RunningBot) {
    support::init_tracing();
    let fake = FakeDiscord::start().await;
    let builder = connect::client_builder("fake-token", Some(fake.api_base()), intents)
        .event_handler(Handler);
    let bot = RunningBot::start(builder).await;
    let got = fake.wait_identified().await;
    assert_eq!(got, intents, "IDENTIFY carried other intents");
    (fake, bot)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn identify_carries_message_content_when_asked() {
    let (fake, bot) = start(INTENTS).await;
    let intents = fake.wait_identified().await;
    assert!(intents.contains(GatewayIntents::MESSAGE_CONTENT));
    assert_eq!(intents.bits() & (1 << 15), 1 << 15);
    let identify = fake.wait_identify(DEFAULT_TIMEOUT).await;
    assert_eq!(identify.payload["token"], "<redacted>");
    // The gateway URL came from the fake's REST API, with the token as a bot token.
    let gateway = fake.wait_for("GET", "/gateway").await;
    assert!(gateway.bot_authorized);
    bot.shutdown().await;

    let (fake, bot) = start(GatewayIntents::GUILD_MESSAGES).await;
    assert!(!fake
        .wait_identified()
        .await
        .contains(GatewayIntents::MESSAGE_CONTENT));
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ping_is_answered_with_pong_and_a_png() {
    let (fake, bot) = start(INTENTS).await;
    fake.send_message_create(CHANNEL, GUILD, (ALICE, "alice"), "ping")
        .await;

    let req = fake.wait_for_message_in(CHANNEL).await;
    assert!(req.multipart, "a message with a file is multipart");
    assert_eq!(req.body()["content"], "pong");
    assert_eq!(req.content(), Some("pong"));
    let file = req.file("files[0]").expect("a files[0] part");
    assert_eq!(file.content_type, "image/png");
    assert_eq!(file.filename, "pong.png");
    let png = file.png();
    assert_eq!((png.width(), png.height()), (3, 2));
    assert_eq!(png.get_pixel(1, 1).0, [200, 10, 20, 255]);
    assert_eq!(req.png_files().len(), 1);
    assert_eq!(req.body()["attachments"][0]["filename"], "pong.png");

    // The fake answered with a message carrying a downloadable attachment.
    let response = req.response.as_ref().expect("message response");
    let attachment = &response["attachments"][0];
    assert_eq!(attachment["filename"], "pong.png");
    assert_eq!(attachment["size"], file.bytes.len());
    let stored = fake.message(req.response_id()).expect("stored message");
    assert_eq!(stored["content"], "pong");

    assert!(fake.harness_errors().is_empty(), "{}", fake.describe());
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slash_hello_gets_an_ephemeral_response() {
    let (fake, bot) = start(INTENTS).await;
    // Commands are registered on READY, under the application id from READY.
    let put = fake
        .wait_for(
            "PUT",
            &format!("/applications/{}/commands", fake.application_id()),
        )
        .await;
    assert_eq!(put.body()[0]["name"], "hello");
    assert_eq!(fake.registered_commands(None).len(), 3);

    let id = fake
        .send_slash_command(CHANNEL, GUILD, (ALICE, "alice"), "hello", json!([]))
        .await;
    let callback = fake.wait_for_interaction_callback(id).await;
    assert_eq!(callback.status, 204);
    assert_eq!(callback.body()["type"], 4);
    assert_eq!(callback.body()["data"]["flags"].as_u64().unwrap() & 64, 64);
    assert_eq!(callback.content(), Some("hello alice"));

    // In a DM too (user instead of member).
    let id = fake
        .send_slash_command(CHANNEL + 1, None, (BOB, "bob"), "hello", Value::Null)
        .await;
    let callback = fake.wait_for_interaction_callback(id).await;
    assert_eq!(callback.content(), Some("hello bob"));

    assert!(fake.harness_errors().is_empty(), "{}", fake.describe());
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deferred_response_is_edited_with_a_png_and_followed_up() {
    let (fake, bot) = start(INTENTS).await;
    fake.wait_for("PUT", "/applications/*/commands").await;
    let id = fake
        .send_slash_command(CHANNEL, GUILD, ALICE, "board", json!([]))
        .await;
    let token = fake.interaction_token(id);
    let callback = fake.wait_for_interaction_callback(id).await;
    assert_eq!(
        callback.body()["type"],
        5,
        "DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE"
    );

    let app = fake.application_id();
    let edit = fake
        .wait_for(
            "PATCH",
            &format!("/webhooks/{app}/{token}/messages/@original"),
        )
        .await;
    assert!(edit.multipart);
    assert_eq!(edit.content(), Some("the board"));
    assert_eq!(edit.file("files[0]").unwrap().content_type, "image/png");
    let original = edit.response_id();
    let stored = fake.message(original).unwrap();
    assert_eq!(stored["attachments"][0]["filename"], "board.png");

    let followup = fake
        .wait_for("POST", &format!("/webhooks/{app}/{token}"))
        .await;
    assert_eq!(followup.content(), Some("your move"));
    assert_ne!(followup.response_id(), original);
    assert!(fake.harness_errors().is_empty(), "{}", fake.describe());
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn direct_message_gets_a_reply() {
    let (fake, bot) = start(INTENTS).await;
    let dm = 650;
    let before = fake.requests().len();
    let message = fake
        .send_message_create(dm, None, (BOB, "bob"), "dm me")
        .await;
    let req = fake
        .wait_for_request_after(
            before,
            |r| r.is("POST", "/channels/650/messages"),
            DEFAULT_TIMEOUT,
        )
        .await;
    assert_eq!(req.content(), Some("a reply"));
    assert_eq!(
        req.body()["message_reference"]["message_id"],
        message.to_string()
    );
    assert_eq!(req.response.as_ref().unwrap()["type"], 19);
    assert!(fake.harness_errors().is_empty(), "{}", fake.describe());
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slash_subcommand_options_are_resolved() {
    let (fake, bot) = start(INTENTS).await;
    fake.add_user((BOB, "bob"));
    let options = json!([opt::sub(
        "challenge",
        vec![
            opt::user("opponent", BOB),
            opt::string("variant", "tablut"),
            opt::integer("size", 9),
            opt::boolean("rated", true),
        ]
    )]);
    let id = fake
        .send_slash_command(CHANNEL, GUILD, (ALICE, "alice"), "game", options)
        .await;
    let callback = fake.wait_for_interaction_callback(id).await;
    assert_eq!(
        callback.content(),
        Some("challenge bob tablut 9 true member_perms=true")
    );
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_gets_choices() {
    let (fake, bot) = start(INTENTS).await;
    let options = json!([opt::sub(
        "challenge",
        vec![opt::focused("variant", 3, "ta")]
    )]);
    let id = fake
        .send_autocomplete(CHANNEL, GUILD, ALICE, "game", options)
        .await;
    let callback = fake.wait_for_interaction_callback(id).await;
    assert_eq!(callback.body()["type"], 8);
    assert_eq!(callback.body()["data"]["choices"][0]["name"], "ta-tablut");
    assert_eq!(callback.body()["data"]["choices"][1]["value"], "brandubh");
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn button_click_updates_the_message() {
    let (fake, bot) = start(INTENTS).await;
    fake.send_message_create(CHANNEL, GUILD, ALICE, "buttons")
        .await;
    let posted = fake.wait_for_message_in(CHANNEL).await;
    assert_eq!(
        posted.body()["components"][0]["components"][0]["custom_id"],
        "again"
    );
    let message_id = posted.response_id();

    let id = fake
        .send_button_click(CHANNEL, GUILD, (BOB, "bob"), "again", message_id)
        .await;
    let callback = fake.wait_for_interaction_callback(id).await;
    assert_eq!(callback.body()["type"], 7, "UPDATE_MESSAGE");
    assert_eq!(callback.content(), Some("pressed by bob"));
    let updated = fake.message(message_id).expect("stored message");
    assert_eq!(updated["content"], "pressed by bob");
    assert_eq!(updated["components"], json!([]));
    assert!(fake.harness_errors().is_empty(), "{}", fake.describe());
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn threads_are_created_and_used() {
    let (fake, bot) = start(INTENTS).await;
    let message = fake
        .send_message_create(CHANNEL, GUILD, ALICE, "thread")
        .await;

    let from_message = fake
        .wait_for(
            "POST",
            &format!("/channels/{CHANNEL}/messages/{message}/threads"),
        )
        .await;
    assert_eq!(from_message.body()["name"], "game 1");
    let thread = from_message.response_id();
    assert_eq!(
        thread, message,
        "like Discord, a thread from a message takes its id"
    );
    let first = fake.wait_for_message_in(thread).await;
    assert_eq!(first.content(), Some("first move"));

    let standalone = fake
        .wait_for("POST", &format!("/channels/{CHANNEL}/threads"))
        .await;
    assert_eq!(standalone.body()["name"], "lobby");
    assert_eq!(standalone.body()["type"], 11);
    let lobby = standalone.response_id();
    let channel = fake.channel(lobby).expect("stored thread");
    assert_eq!(channel["type"], 11);
    assert_eq!(channel["parent_id"], CHANNEL.to_string());
    assert_eq!(channel["guild_id"], GUILD.to_string());
    let said = fake.wait_for_message_in(lobby).await;
    assert_eq!(said.content(), Some("lobby open"));

    assert!(fake.harness_errors().is_empty(), "{}", fake.describe());
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guild_create_fills_the_cache() {
    let (fake, bot) = start(INTENTS).await;
    fake.send_guild_create(GUILD, "Tafl club", &[(CHANNEL, "tafl")])
        .await;
    let deadline = tokio::time::Instant::now() + DEFAULT_TIMEOUT;
    loop {
        if let Some(guild) = bot.cache.guild(GUILD) {
            assert_eq!(guild.name, "Tafl club");
            assert!(guild.channels.contains_key(&CHANNEL.into()));
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "GUILD_CREATE did not reach the cache"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    bot.shutdown().await;
}

#[tokio::test]
async fn connect_http_talks_to_the_fake() {
    let fake = FakeDiscord::start().await;
    let http = connect::build_http("fake-token", Some(fake.api_base()));
    let gateway = http.get_gateway().await.expect("GET /gateway");
    assert_eq!(gateway.url, fake.gateway_url());
    let me = http.get_current_user().await.expect("GET /users/@me");
    assert_eq!(me.id.get(), fake.bot_user_id());
    let req = fake.wait_for("GET", "/gateway").await;
    assert_eq!(req.path, "/api/v10/gateway");
    assert!(req.bot_authorized);

    // Unknown routes are recorded and answered with a 404, not left hanging.
    let err = http
        .get_guild_roles(1.into())
        .await
        .expect_err("no such route in the fake");
    assert!(
        err.to_string().contains("404") || format!("{err:?}").contains("404"),
        "{err:?}"
    );
    let req = fake.wait_for("GET", "/guilds/1/roles").await;
    assert_eq!(req.status, 404);
}

/// Giving a role, as Discord answers it: 403 with code 50013 (Missing
/// Permissions) without Manage Roles or for a role not below the bot's
/// highest; 404 (10011) for an unknown role; 204 otherwise.
#[tokio::test]
async fn the_fake_gives_roles_as_discord_does() {
    use serenity::all::{GuildId, RoleId, UserId};
    let fake = FakeDiscord::start().await;
    let http = connect::build_http("fake-token", Some(fake.api_base()));
    fake.add_role(10, 3);
    fake.add_role(11, 7);
    let give = |role: u64| {
        let http = &http;
        async move {
            http.add_member_role(GuildId::new(1), UserId::new(2), RoleId::new(role), None)
                .await
        }
    };
    let code = |e: serenity::Error| match e {
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(r)) => {
            (r.status_code.as_u16(), r.error.code)
        }
        other => panic!("{other:?}"),
    };
    // No Manage Roles.
    assert_eq!(code(give(10).await.unwrap_err()), (403, 50013));
    // Manage Roles, the bot's highest role at 5: role 10 (3) yes, 11 (7) no.
    fake.bot_roles(true, 5);
    give(10).await.expect("a role below the bot's");
    assert_eq!(code(give(11).await.unwrap_err()), (403, 50013));
    assert_eq!(code(give(12).await.unwrap_err()), (404, 10011));
    assert_eq!(fake.member_roles(1, 2), vec![10]);
}

#[test]
fn harness_rejects_payloads_serenity_would_drop() {
    let bad = json!({ "id": "1", "content": "no author" });
    let err = support::check_dispatch("MESSAGE_CREATE", &bad).unwrap_err();
    assert!(err.contains("does not parse as MESSAGE_CREATE"), "{err}");
    assert!(err.contains("missing field"), "{err}");
    let err = support::check_dispatch("NOT_AN_EVENT", &json!({})).unwrap_err();
    assert!(err.contains("does not know"), "{err}");

    let user = FakeUser::new(ALICE, "alice");
    assert!(support::check_dispatch(
        "MESSAGE_CREATE",
        &json!({
            "id": "2", "channel_id": "3", "author": user.user_json(), "content": "x",
            "timestamp": support::TIMESTAMP, "edited_timestamp": null, "tts": false,
            "mention_everyone": false, "mentions": [], "mention_roles": [],
            "attachments": [], "embeds": [], "pinned": false, "type": 0
        })
    )
    .is_ok());
}

#[tokio::test]
#[should_panic(expected = "no matching REST request within")]
async fn waits_time_out_with_a_clear_panic() {
    let fake = FakeDiscord::start().await;
    fake.wait_for_request(
        |r| r.is("POST", "/channels/*/messages"),
        std::time::Duration::from_millis(100),
    )
    .await;
}

// ------------------------------------------------------------ what Discord refuses

/// The status, Discord error code and error paths of a refused request.
fn refusal<T: std::fmt::Debug>(r: serenity::Result<T>) -> (u16, isize, Vec<String>) {
    match r {
        Err(serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(e))) => (
            e.status_code.as_u16(),
            e.error.code,
            e.error.errors.iter().map(|x| x.path.clone()).collect(),
        ),
        other => panic!("expected Discord to refuse, got {other:?}"),
    }
}

/// Asserts a 400 Invalid Form Body naming `path`.
fn assert_invalid<T: std::fmt::Debug>(r: serenity::Result<T>, path: &str) {
    let (status, code, paths) = refusal(r);
    assert_eq!((status, code), (400, 50035), "{paths:?}");
    assert!(paths.iter().any(|p| p == path), "{path} not in {paths:?}");
}

fn command(name: &str, options: Vec<Value>) -> Value {
    json!({ "name": name, "type": 1, "description": "A command", "options": options })
}

fn string_option(name: &str, required: bool) -> Value {
    json!({ "name": name, "type": 3, "description": "An option", "required": required })
}

#[tokio::test]
async fn the_fake_refuses_commands_discord_refuses() {
    let fake = FakeDiscord::start().await;
    let http = connect::build_http("fake-token", Some(fake.api_base()));
    http.set_application_id(fake.application_id().into());
    let good = command(
        "good",
        vec![string_option("a", true), string_option("b", false)],
    );
    http.create_global_commands(&json!([good.clone()]))
        .await
        .expect("a good command is accepted");
    let with_choices = |n: usize, len: usize| {
        let mut o = string_option("pick", false);
        o["choices"] = json!((0..n)
            .map(|i| json!({ "name": format!("{i}{}", "x".repeat(len)), "value": format!("{i}") }))
            .collect::<Vec<_>>());
        o
    };
    let mut both = with_choices(2, 1);
    both["autocomplete"] = json!(true);
    let sub = json!({ "name": "sub", "type": 1, "description": "A subcommand" });
    let long = |n: usize| "d".repeat(n);
    let cases: Vec<(Value, &str)> = vec![
        (command("Upper", vec![]), "1.name"),
        (command("two words", vec![]), "1.name"),
        (command(&"n".repeat(33), vec![]), "1.name"),
        (
            json!({ "name": "d", "type": 1, "description": long(101) }),
            "1.description",
        ),
        (
            json!({ "name": "d", "type": 1, "description": "" }),
            "1.description",
        ),
        (
            command(
                "order",
                vec![string_option("a", false), string_option("b", true)],
            ),
            "1.options.1.required",
        ),
        (
            command(
                "many",
                (0..26)
                    .map(|i| string_option(&format!("o{i}"), false))
                    .collect(),
            ),
            "1.options",
        ),
        (
            command("choices", vec![with_choices(26, 1)]),
            "1.options.0.choices",
        ),
        (
            command("longchoice", vec![with_choices(1, 100)]),
            "1.options.0.choices.0.name",
        ),
        (command("both", vec![both]), "1.options.0.autocomplete"),
        (
            command("mixed", vec![sub, string_option("a", false)]),
            "1.options",
        ),
        (
            command(
                "big",
                (0..25)
                    .map(|i| {
                        let mut o = with_choices(25, 5);
                        o["name"] = json!(format!("o{i}"));
                        o
                    })
                    .collect(),
            ),
            "1",
        ),
    ];
    for (bad, path) in cases {
        let before = fake.registered_commands(None);
        assert_invalid(
            http.create_global_commands(&json!([good.clone(), bad.clone()]))
                .await,
            path,
        );
        // A bulk overwrite is refused whole.
        assert_eq!(fake.registered_commands(None).len(), before.len(), "{bad}");
    }
    let put = fake.requests_matching("PUT", "/applications/*/commands");
    assert_eq!(
        put.last().unwrap().response.as_ref().unwrap()["message"],
        "Invalid Form Body"
    );
    assert_eq!(fake.refused().len(), 12);
}

#[tokio::test]
async fn the_fake_refuses_messages_discord_refuses() {
    let fake = FakeDiscord::start().await;
    fake.add_text_channel(CHANNEL, Some(GUILD));
    let http = connect::build_http("fake-token", Some(fake.api_base()));
    let ch = serenity::all::ChannelId::new(CHANNEL);
    let send = |v: Value| {
        let http = &http;
        async move { http.send_message(ch, vec![], &v).await }
    };
    send(json!({ "content": "x".repeat(2000) }))
        .await
        .expect("2000 characters are fine");
    assert_invalid(
        send(json!({ "content": "x".repeat(2001) })).await,
        "content",
    );
    assert_invalid(send(json!({ "content": "" })).await, "content");
    let button =
        |id: &str, label: &str| json!({ "type": 2, "style": 1, "custom_id": id, "label": label });
    let row = |n: usize| json!({ "type": 1, "components": (0..n).map(|i| button(&format!("b{i}"), "ok")).collect::<Vec<_>>() });
    send(json!({ "content": "x", "components": (0..5).map(|_| row(5)).collect::<Vec<_>>() }))
        .await
        .expect("5 rows of 5 buttons are fine");
    assert_invalid(
        send(json!({ "content": "x", "components": (0..6).map(|_| row(1)).collect::<Vec<_>>() }))
            .await,
        "components",
    );
    assert_invalid(
        send(json!({ "content": "x", "components": [row(6)] })).await,
        "components.0.components",
    );
    assert_invalid(
        send(json!({ "content": "x", "components": [{ "type": 1, "components": [button(&"i".repeat(101), "ok")] }] }))
            .await,
        "components.0.components.0.custom_id",
    );
    assert_invalid(
        send(json!({ "content": "x", "components": [{ "type": 1, "components": [button("id", &"l".repeat(81))] }] }))
            .await,
        "components.0.components.0.label",
    );
    // Link buttons: a url and no custom id; other buttons the other way.
    let one =
        |b: Value| json!({ "content": "x", "components": [{ "type": 1, "components": [b] }] });
    send(one(
        json!({ "type": 2, "style": 5, "url": "https://archive.example/g/1", "label": "View game" }),
    ))
    .await
    .expect("a link button is fine");
    assert_invalid(
        send(one(json!({ "type": 2, "style": 5, "label": "View game" }))).await,
        "components.0.components.0.url",
    );
    assert_invalid(
        send(one(json!({ "type": 2, "style": 5, "url": "https://a.example/", "custom_id": "v", "label": "x" })))
            .await,
        "components.0.components.0.custom_id",
    );
    assert_invalid(
        send(one(
            json!({ "type": 2, "style": 5, "url": "javascript:alert(1)", "label": "x" }),
        ))
        .await,
        "components.0.components.0.url",
    );
    assert_invalid(
        send(one(
            json!({ "type": 2, "style": 1, "url": "https://a.example/", "label": "x" }),
        ))
        .await,
        "components.0.components.0.custom_id",
    );
    assert_invalid(
        send(json!({ "content": "<@1>", "allowed_mentions": { "parse": ["users"], "users": ["1"] } }))
            .await,
        "allowed_mentions.users",
    );
    // An attachment description travels in payload_json.
    let file = || vec![CreateAttachment::bytes(tiny_png(), "a.png")];
    let with_description =
        |d: &str| json!({ "attachments": [{ "id": 0, "filename": "a.png", "description": d }] });
    http.send_message(ch, file(), &with_description(&"d".repeat(1024)))
        .await
        .expect("1024 characters of description are fine");
    assert_invalid(
        http.send_message(ch, file(), &with_description(&"d".repeat(1025)))
            .await,
        "attachments.0.description",
    );
    // Thread names.
    let thread = |n: usize| json!({ "name": "t".repeat(n), "type": 11 });
    http.create_thread(ch, &thread(100), None)
        .await
        .expect("100 characters are fine");
    assert_invalid(http.create_thread(ch, &thread(101), None).await, "name");
    assert_invalid(http.create_thread(ch, &thread(0), None).await, "name");
    assert_eq!(fake.refused().len(), 14, "{}", fake.describe());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_refuses_late_repeated_and_oversized_interaction_answers() {
    let (fake, bot) = start(INTENTS).await;
    let http = connect::build_http("fake-token", Some(fake.api_base()));
    http.set_application_id(fake.application_id().into());
    let answer = |kind: u8, data: Value| json!({ "type": kind, "data": data });
    let quiet = || fake.send_slash_command(CHANNEL, GUILD, (ALICE, "alice"), "quiet", json!([]));
    let token_of = |id: u64| fake.interaction_token(id);
    let respond = |id: u64, v: Value| {
        let http = &http;
        let token = token_of(id);
        async move {
            http.create_interaction_response(id.into(), &token, &v, vec![])
                .await
        }
    };

    // Past the deadline with no deferral: Discord has forgotten the interaction.
    fake.set_interaction_deadline(Duration::ZERO);
    let late = quiet().await;
    let (status, code, _) = refusal(respond(late, answer(4, json!({ "content": "late" }))).await);
    assert_eq!((status, code), (404, 10062));

    fake.set_interaction_deadline(Duration::from_secs(60));
    let i = quiet().await;
    assert_invalid(
        respond(i, answer(4, json!({ "content": "x".repeat(2001) }))).await,
        "data.content",
    );
    respond(i, answer(4, json!({ "content": "in time" })))
        .await
        .expect("an answer in time is accepted");
    let (status, code, _) = refusal(respond(i, answer(4, json!({ "content": "again" }))).await);
    assert_eq!((status, code), (400, 40060), "a second answer is refused");

    // A deferral keeps the interaction alive for follow-ups.
    fake.set_interaction_deadline(Duration::from_secs(60));
    let d = quiet().await;
    respond(d, json!({ "type": 5 })).await.expect("defer");
    fake.set_interaction_deadline(Duration::ZERO);
    http.edit_original_interaction_response(&token_of(d), &json!({ "content": "done" }), vec![])
        .await
        .expect("a deferred answer can be edited later");

    // Autocomplete: at most 25 choices.
    fake.set_interaction_deadline(Duration::from_secs(60));
    let choices = |n: usize| json!({ "choices": (0..n).map(|i| json!({ "name": format!("c{i}"), "value": format!("c{i}") })).collect::<Vec<_>>() });
    let a = quiet().await;
    assert_invalid(respond(a, answer(8, choices(26))).await, "data.choices");
    respond(a, answer(8, choices(25)))
        .await
        .expect("25 choices are fine");
    bot.shutdown().await;
}

#[test]
fn pings_are_read_as_discord_reads_them() {
    let p = support::pings_of(&json!({ "content": "<@1> <@!2> <@&3> @everyone \\<@4>" }));
    assert_eq!((p.everyone, p.roles, p.users), (true, vec![3], vec![1, 2]));
    let p = support::pings_of(&json!({
        "content": "<@1> <@2> <@&3> @here",
        "allowed_mentions": { "parse": [], "users": ["2"] }
    }));
    assert_eq!((p.everyone, p.roles, p.users), (false, vec![], vec![2]));
    let p = support::pings_of(&json!({
        "content": "<@1> <@&3> @here",
        "allowed_mentions": { "parse": ["users", "roles", "everyone"] }
    }));
    assert_eq!((p.everyone, p.roles, p.users), (true, vec![3], vec![1]));
    let body = support::invalid_form_body(&[("0.options.1.required".into(), "X", "m".into())]);
    assert_eq!(
        body["errors"]["0"]["options"]["1"]["required"]["_errors"][0]["code"],
        "X"
    );
}
