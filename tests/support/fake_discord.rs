//! A fake Discord on 127.0.0.1 for driving a real serenity client in tests.
//!
//! REST (axum) and the gateway (tokio-tungstenite) listen on two ports of their own,
//! both bound to `127.0.0.1:0`, so every test can have its own fake. Every REST request
//! is recorded; every dispatch the harness sends is first parsed with serenity's own
//! `GatewayEvent` type and the harness panics if serenity would have dropped it.
//!
//! See `docs/discord-testing.md` for a tour.

#![allow(dead_code)]

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Router;
use futures_util::{SinkExt, StreamExt};
use serde::de::DeserializeOwned;
use serde_json::{json, Value};
use serenity::model::event::{Event, GatewayEvent};
use serenity::model::gateway::GatewayIntents;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, watch};
use tokio::task::AbortHandle;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message as WsMessage;

/// The bot's user id, as sent in READY and `GET /users/@me`.
pub const BOT_USER_ID: u64 = 900_000_000_000_000_001;
/// The application id, as sent in READY.
pub const APPLICATION_ID: u64 = 900_000_000_000_000_002;
/// The bot's username.
pub const BOT_USERNAME: &str = "tawlbot";
/// Default time the `wait_*` helpers and dispatch helpers wait before panicking.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);
/// The timestamp put on everything the fake creates.
pub const TIMESTAMP: &str = "2025-01-01T12:00:00.000000+00:00";
/// The `attachment_size_limit` put on interactions.
pub const ATTACHMENT_SIZE_LIMIT: u64 = 25 * 1024 * 1024;
/// How long after an interaction arrives Discord accepts its first callback.
pub const INTERACTION_DEADLINE: Duration = Duration::from_secs(3);

const API_PREFIX: &str = "/api/v10";

// ---------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------

/// A (non-bot) Discord user, as seen by the bot. `From<u64>` gives `user{id}` as name;
/// `From<(u64, &str)>` sets the name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FakeUser {
    pub id: u64,
    pub username: String,
    /// Permissions of the member in guild interactions, as Discord's bit set.
    /// Defaults to all permissions.
    pub permissions: u64,
    pub roles: Vec<u64>,
}

impl FakeUser {
    pub fn new(id: u64, username: &str) -> Self {
        Self {
            id,
            username: username.to_string(),
            permissions: serenity::model::Permissions::all().bits(),
            roles: Vec::new(),
        }
    }

    /// The same user with the given member permissions (Discord's bit set).
    pub fn with_permissions(mut self, permissions: u64) -> Self {
        self.permissions = permissions;
        self
    }

    /// The user object as Discord sends it.
    pub fn user_json(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.username,
            "avatar": null,
            "bot": false,
            "public_flags": 0,
        })
    }

    /// A full guild member (as in interactions), including `user` and `permissions`.
    pub fn member_json(&self, guild: Option<u64>) -> Value {
        let mut member = self.partial_member_json();
        member["user"] = self.user_json();
        member["permissions"] = json!(self.permissions.to_string());
        if let Some(guild) = guild {
            member["guild_id"] = json!(guild.to_string());
        }
        member
    }

    /// A member without `user`, as in MESSAGE_CREATE.
    pub fn partial_member_json(&self) -> Value {
        json!({
            "nick": null,
            "avatar": null,
            "roles": self.roles.iter().map(u64::to_string).collect::<Vec<_>>(),
            "joined_at": TIMESTAMP,
            "premium_since": null,
            "deaf": false,
            "mute": false,
            "flags": 0,
            "pending": false,
        })
    }
}

impl From<u64> for FakeUser {
    fn from(id: u64) -> Self {
        Self::new(id, &format!("user{id}"))
    }
}

impl From<(u64, &str)> for FakeUser {
    fn from((id, name): (u64, &str)) -> Self {
        Self::new(id, name)
    }
}

impl From<&FakeUser> for FakeUser {
    fn from(user: &FakeUser) -> Self {
        user.clone()
    }
}

fn bot_user_json() -> Value {
    json!({
        "id": BOT_USER_ID.to_string(),
        "username": BOT_USERNAME,
        "discriminator": "0",
        "global_name": null,
        "avatar": null,
        "bot": true,
        "verified": true,
        "mfa_enabled": false,
        "flags": 0,
        "public_flags": 0,
    })
}

// ---------------------------------------------------------------------------------------
// Slash command options
// ---------------------------------------------------------------------------------------

/// Builders for the `options` of [`FakeDiscord::send_slash_command`] and
/// [`FakeDiscord::send_autocomplete`], in Discord's wire format. User options are
/// resolved automatically (`data.resolved.users` / `.members`).
pub mod opt {
    use serde_json::{json, Value};

    use super::FakeUser;

    /// A subcommand (type 1) with its options.
    pub fn sub(name: &str, options: Vec<Value>) -> Value {
        json!({ "name": name, "type": 1, "options": options })
    }

    /// A subcommand group (type 2) holding subcommands.
    pub fn group(name: &str, subcommands: Vec<Value>) -> Value {
        json!({ "name": name, "type": 2, "options": subcommands })
    }

    pub fn string(name: &str, value: &str) -> Value {
        json!({ "name": name, "type": 3, "value": value })
    }

    pub fn integer(name: &str, value: i64) -> Value {
        json!({ "name": name, "type": 4, "value": value })
    }

    pub fn boolean(name: &str, value: bool) -> Value {
        json!({ "name": name, "type": 5, "value": value })
    }

    /// A user option; its user (and member, in a guild) goes into `data.resolved`.
    /// Register the user's name first with [`super::FakeDiscord::add_user`] or pass a
    /// user to any other helper; unknown ids resolve to `user{id}`.
    pub fn user(name: &str, user: impl Into<FakeUser>) -> Value {
        json!({ "name": name, "type": 6, "value": user.into().id.to_string() })
    }

    /// A role option (type 8): the role's id.
    pub fn role(name: &str, role: u64) -> Value {
        json!({ "name": name, "type": 8, "value": role.to_string() })
    }

    pub fn number(name: &str, value: f64) -> Value {
        json!({ "name": name, "type": 10, "value": value })
    }

    /// The focused option of an autocomplete interaction: a partial string value of an
    /// option of type `kind` (3 string, 4 integer, 10 number).
    pub fn focused(name: &str, kind: u8, partial: &str) -> Value {
        json!({ "name": name, "type": kind, "value": partial, "focused": true })
    }
}

// ---------------------------------------------------------------------------------------
// Recorded requests
// ---------------------------------------------------------------------------------------

/// A file part of a multipart request.
#[derive(Clone, Debug)]
pub struct RecordedFile {
    /// The multipart field name, e.g. `files[0]`.
    pub field: String,
    pub filename: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
}

impl RecordedFile {
    /// Whether the bytes start with the PNG signature.
    pub fn is_png(&self) -> bool {
        self.bytes.starts_with(b"\x89PNG\r\n\x1a\n")
    }

    /// Decodes the bytes as a PNG, panicking with the filename if they are not one.
    pub fn png(&self) -> image::RgbaImage {
        decode_png(&self.bytes).unwrap_or_else(|e| {
            panic!(
                "attachment {:?} ({}, {} bytes) is not a valid PNG: {e}",
                self.filename,
                self.content_type,
                self.bytes.len()
            )
        })
    }
}

/// Decodes PNG bytes into an RGBA image.
pub fn decode_png(bytes: &[u8]) -> Result<image::RgbaImage, image::ImageError> {
    Ok(image::load_from_memory_with_format(bytes, image::ImageFormat::Png)?.to_rgba8())
}

/// `v` with U+2068 and U+2069 (Fluent's isolation marks) removed from
/// every string.
fn without_isolation(v: Value) -> Value {
    match v {
        Value::String(s) => Value::String(s.replace(['\u{2068}', '\u{2069}'], "")),
        Value::Array(a) => Value::Array(a.into_iter().map(without_isolation).collect()),
        Value::Object(o) => Value::Object(
            o.into_iter()
                .map(|(k, v)| (k, without_isolation(v)))
                .collect(),
        ),
        other => other,
    }
}

/// One REST request the bot made.
#[derive(Clone, Debug)]
pub struct RecordedRequest {
    /// Position in the order of arrival, from 0.
    pub index: usize,
    pub method: String,
    /// The full path, e.g. `/api/v10/channels/1/messages`.
    pub path: String,
    /// The raw query string, if any (serenity writes `?&key=value`).
    pub query: Option<String>,
    pub content_type: Option<String>,
    pub multipart: bool,
    /// The JSON body, or the `payload_json` part of a multipart body.
    pub json: Option<Value>,
    /// Multipart text fields other than `payload_json`.
    pub fields: Vec<(String, String)>,
    /// Multipart file parts, in order.
    pub files: Vec<RecordedFile>,
    /// Whether an `Authorization: Bot ...` header was present (the token is not kept).
    pub bot_authorized: bool,
    /// The status the fake answered with.
    pub status: u16,
    /// The JSON the fake answered with (e.g. the created message), if any.
    pub response: Option<Value>,
}

impl RecordedRequest {
    /// The path without the `/api/v10` prefix, e.g. `/channels/1/messages`.
    pub fn route(&self) -> &str {
        self.path.strip_prefix(API_PREFIX).unwrap_or(&self.path)
    }

    /// Whether the request has this method and its [`route`](Self::route) matches
    /// `pattern`, where a `*` segment matches any one segment:
    /// `r.is("POST", "/channels/*/messages")`.
    pub fn is(&self, method: &str, pattern: &str) -> bool {
        self.method.eq_ignore_ascii_case(method) && path_matches(pattern, self.route())
    }

    /// The JSON body (or `payload_json`), panicking if there is none.
    pub fn body(&self) -> &Value {
        self.json
            .as_ref()
            .unwrap_or_else(|| panic!("{} {} has no JSON body", self.method, self.path))
    }

    /// The file part with this field name, e.g. `files[0]`.
    pub fn file(&self, field: &str) -> Option<&RecordedFile> {
        self.files.iter().find(|f| f.field == field)
    }

    /// All PNG attachments, decoded.
    pub fn png_files(&self) -> Vec<image::RgbaImage> {
        self.files
            .iter()
            .filter(|f| f.is_png())
            .map(RecordedFile::png)
            .collect()
    }

    /// The link buttons (style 5) of the message sent.
    pub fn link_buttons(&self) -> Vec<Value> {
        self.body()["components"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .filter(|b| b["style"] == 5)
            .collect()
    }

    /// The message content this request carries: `content` of a message body, or
    /// `data.content` of an interaction callback.
    pub fn content(&self) -> Option<&str> {
        let body = self.json.as_ref()?;
        body.get("content")
            .or_else(|| body.get("data").and_then(|d| d.get("content")))
            .and_then(Value::as_str)
    }

    /// The message payload this request carries, if it sends or edits a message:
    /// the body of a message post/edit or follow-up, or `data` of an interaction
    /// callback that answers with a message.
    pub fn message_payload(&self) -> Option<&Value> {
        let body = self.json.as_ref()?;
        if self.is("POST", "/channels/*/messages")
            || self.is("PATCH", "/channels/*/messages/*")
            || self.is("POST", "/webhooks/*/*")
            || self.is("PATCH", "/webhooks/*/*/messages/*")
        {
            return Some(body);
        }
        if self.is("POST", "/interactions/*/*/callback")
            && matches!(body["type"].as_u64(), Some(4 | 7))
        {
            return body.get("data");
        }
        None
    }

    /// The `allowed_mentions` of the message this request sends, if any.
    pub fn allowed_mentions(&self) -> Option<&Value> {
        self.message_payload()?
            .get("allowed_mentions")
            .filter(|v| v.is_object())
    }

    /// Whom the message this request sends would ping on Discord (content and
    /// `allowed_mentions` read as Discord reads them); `None` if it sends none.
    pub fn pings(&self) -> Option<Pings> {
        let payload = self.message_payload()?;
        Some(pings_of(payload))
    }

    /// The `id` of the object the fake answered with (message, thread...), panicking if
    /// there is none.
    pub fn response_id(&self) -> u64 {
        self.response
            .as_ref()
            .and_then(|r| r["id"].as_str())
            .and_then(|id| id.parse().ok())
            .unwrap_or_else(|| {
                panic!(
                    "{} {} was not answered with an object with an id",
                    self.method, self.path
                )
            })
    }

    fn summary(&self) -> String {
        let mut s = format!(
            "#{} {} {} -> {}",
            self.index, self.method, self.path, self.status
        );
        if let Some(json) = &self.json {
            let mut body = json.to_string();
            if body.len() > 300 {
                let mut cut = 300;
                while !body.is_char_boundary(cut) {
                    cut -= 1;
                }
                body.truncate(cut);
                body.push('…');
            }
            let _ = write!(s, " {body}");
        }
        for f in &self.files {
            let _ = write!(
                s,
                " [{}: {} {} {}B]",
                f.field,
                f.filename,
                f.content_type,
                f.bytes.len()
            );
        }
        s
    }
}

fn path_matches(pattern: &str, path: &str) -> bool {
    let pattern = pattern.strip_prefix(API_PREFIX).unwrap_or(pattern);
    let mut p = pattern.split('/').filter(|s| !s.is_empty());
    let mut q = path.split('/').filter(|s| !s.is_empty());
    loop {
        match (p.next(), q.next()) {
            (None, None) => return true,
            (Some(a), Some(b)) if a == "*" || a == b => {}
            _ => return false,
        }
    }
}

/// Whom a message pings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pings {
    /// `@everyone` or `@here`.
    pub everyone: bool,
    pub roles: Vec<u64>,
    pub users: Vec<u64>,
}

/// The mentions in `content` as Discord parses them: `<@id>`/`<@!id>` users,
/// `<@&id>` roles, `@everyone`/`@here`. A backslash before `<` or `@` escapes.
fn parse_mentions(content: &str) -> Pings {
    let mut p = Pings::default();
    let b = content.as_bytes();
    for (i, _) in content.match_indices('@') {
        let escaped = i > 0 && b[i - 1] == b'\\';
        let rest = &content[i + 1..];
        if !escaped && (rest.starts_with("everyone") || rest.starts_with("here")) {
            p.everyone = true;
        }
        if i == 0 || b[i - 1] != b'<' || (i >= 2 && b[i - 2] == b'\\') {
            continue;
        }
        let (role, digits) = match rest.strip_prefix('&') {
            Some(r) => (true, r),
            None => (false, rest.strip_prefix('!').unwrap_or(rest)),
        };
        let end = digits
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(digits.len());
        if end == 0 || !digits[end..].starts_with('>') {
            continue;
        }
        let Ok(id) = digits[..end].parse::<u64>() else {
            continue;
        };
        let list = if role { &mut p.roles } else { &mut p.users };
        if !list.contains(&id) {
            list.push(id);
        }
    }
    p
}

/// The kinds of mention an `allowed_mentions` object lets ping by its
/// `parse` list (`users`, `roles`, `everyone`).
fn parse_kinds(allowed_mentions: &Value) -> Vec<&str> {
    allowed_mentions["parse"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect()
}

/// Whom a message payload pings: the mentions in its content, filtered by its
/// `allowed_mentions` as Discord does (none given: everything in the text pings).
pub fn pings_of(payload: &Value) -> Pings {
    let found = parse_mentions(payload["content"].as_str().unwrap_or(""));
    let Some(am) = payload.get("allowed_mentions").filter(|v| v.is_object()) else {
        return found;
    };
    let parse = parse_kinds(am);
    let listed = |key: &str| -> Vec<u64> {
        am[key]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str().and_then(id_of).or_else(|| v.as_u64()))
            .collect()
    };
    let (users, roles) = (listed("users"), listed("roles"));
    Pings {
        everyone: found.everyone && parse.contains(&"everyone"),
        roles: found
            .roles
            .into_iter()
            .filter(|r| parse.contains(&"roles") || roles.contains(r))
            .collect(),
        users: found
            .users
            .into_iter()
            .filter(|u| parse.contains(&"users") || users.contains(u))
            .collect(),
    }
}

/// What the bot sent in IDENTIFY (token removed).
#[derive(Clone, Debug)]
pub struct Identify {
    pub intents: GatewayIntents,
    /// The `d` of the IDENTIFY frame with `token` replaced by `"<redacted>"`.
    pub payload: Value,
}

// ---------------------------------------------------------------------------------------
// Shared state
// ---------------------------------------------------------------------------------------

#[derive(Default)]
struct Data {
    requests: Vec<RecordedRequest>,
    /// The sender of the current gateway connection, set once READY was sent.
    gateway: Option<mpsc::UnboundedSender<String>>,
    /// Every identified connection: its shard `[id, total]` and sender. With
    /// several, dispatches go where Discord sends them: a server's events to
    /// shard `(guild_id >> 22) % total`, direct messages to shard 0.
    shards: Vec<(u64, u64, mpsc::UnboundedSender<String>)>,
    /// Frames received from the bot over the gateway (tokens redacted).
    gateway_frames: Vec<Value>,
    users: HashMap<u64, FakeUser>,
    /// channel id -> channel object
    channels: HashMap<u64, Value>,
    /// message id -> message object
    messages: HashMap<u64, Value>,
    /// interaction token -> interaction record
    interactions: HashMap<String, InteractionRecord>,
    /// attachment id -> (content type, bytes)
    attachment_files: HashMap<u64, (String, Vec<u8>)>,
    /// guild id (None: global) -> registered commands
    commands: HashMap<Option<u64>, Vec<Value>>,
    /// Problems found by the harness itself (bad responses, unparsable frames).
    errors: Vec<String>,
    /// nonce -> (message id, when it was created): what `enforce_nonce`
    /// checks against.
    nonces: HashMap<String, (u64, Instant)>,
    /// Create-message POSTs answered with an earlier message of their nonce.
    deduplicated: usize,
    /// The guilds' roles: role id -> position (higher is above).
    roles: HashMap<u64, i64>,
    /// The permissions a role carries (Discord's bit set; none if absent).
    role_permissions: HashMap<u64, u64>,
    /// Whether the bot holds Manage Roles, and the position of its highest
    /// role: it may give only roles below that (see [`FakeDiscord::bot_roles`]).
    bot_manage_roles: bool,
    bot_top_role: i64,
    /// (guild, user) -> roles given by the bot.
    member_roles: HashMap<(u64, u64), Vec<u64>>,
}

#[derive(Clone, Debug)]
struct InteractionRecord {
    id: u64,
    channel: u64,
    guild: Option<u64>,
    /// When the interaction was dispatched.
    arrived: Instant,
    /// Whether it has had its callback (a response or a deferral).
    acknowledged: bool,
    /// The message of a component interaction.
    message: Option<u64>,
    /// The message that is the interaction's original response, once there is one.
    original: Option<u64>,
}

struct Shared {
    api_base: String,
    gateway_url: String,
    next_id: AtomicU64,
    seq: AtomicU64,
    data: Mutex<Data>,
    requests_tx: watch::Sender<usize>,
    identify_tx: watch::Sender<Option<Identify>>,
    tasks: Mutex<Vec<AbortHandle>>,
    /// Discord's 3 s for the first callback of an interaction (shorter in tests).
    interaction_deadline: Mutex<Duration>,
    /// The shard count `GET /gateway/bot` recommends.
    recommended_shards: AtomicU64,
    /// How long a create-message POST waits before its answer (the
    /// message is created first, as Discord does under per-channel pacing:
    /// a client that dies meanwhile never hears of it).
    post_delay: Mutex<Duration>,
    /// channel -> the statuses its next create-message POSTs are answered
    /// with (then it works again): see [`FakeDiscord::fail_posts`].
    failing: Mutex<HashMap<u64, std::collections::VecDeque<u16>>>,
}

impl Shared {
    fn new_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    fn data(&self) -> std::sync::MutexGuard<'_, Data> {
        self.data.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn error(&self, message: String) {
        eprintln!("fake discord: {message}");
        self.data().errors.push(message);
    }

    /// Checks that serenity can parse `value` as `T`; records an error otherwise.
    fn check<T: DeserializeOwned>(&self, what: &str, value: &Value) {
        if let Err(e) = serde_json::from_value::<T>(value.clone()) {
            self.error(format!(
                "the fake's {what} does not parse as {}: {e}; payload: {value}",
                std::any::type_name::<T>()
            ));
        }
    }

    fn user(&self, id: u64) -> FakeUser {
        self.data()
            .users
            .get(&id)
            .cloned()
            .unwrap_or_else(|| FakeUser::from(id))
    }
}

// ---------------------------------------------------------------------------------------
// The fake
// ---------------------------------------------------------------------------------------

/// A fake Discord (REST + gateway) on 127.0.0.1. Dropping it stops its servers.
pub struct FakeDiscord {
    shared: Arc<Shared>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        for task in self
            .shared
            .tasks
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .drain(..)
        {
            task.abort();
        }
    }
}

impl FakeDiscord {
    /// Binds REST and gateway listeners on 127.0.0.1:0 and starts serving.
    pub async fn start() -> Self {
        let rest = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind fake REST listener");
        let gateway = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind fake gateway listener");
        let rest_port = rest.local_addr().unwrap().port();
        let gateway_port = gateway.local_addr().unwrap().port();

        let shared = Arc::new(Shared {
            api_base: format!("http://127.0.0.1:{rest_port}"),
            gateway_url: format!("ws://127.0.0.1:{gateway_port}/gateway"),
            next_id: AtomicU64::new(1_000_000_000_000_000_000),
            seq: AtomicU64::new(0),
            data: Mutex::new(Data::default()),
            requests_tx: watch::channel(0).0,
            identify_tx: watch::channel(None).0,
            tasks: Mutex::new(Vec::new()),
            interaction_deadline: Mutex::new(INTERACTION_DEADLINE),
            recommended_shards: AtomicU64::new(1),
            post_delay: Mutex::new(Duration::ZERO),
            failing: Mutex::new(HashMap::new()),
        });

        let app = Router::new()
            .fallback(rest_handler)
            .with_state(Arc::clone(&shared));
        let rest_task = tokio::spawn(async move {
            axum::serve(rest, app).await.expect("fake REST server");
        });
        let gw_shared = Arc::clone(&shared);
        let gateway_task = tokio::spawn(accept_gateway(gateway, gw_shared));
        shared
            .tasks
            .lock()
            .unwrap()
            .extend([rest_task.abort_handle(), gateway_task.abort_handle()]);

        Self { shared }
    }

    /// The origin to hand to `connect::client_builder`, e.g. `http://127.0.0.1:PORT`.
    pub fn api_base(&self) -> &str {
        &self.shared.api_base
    }

    /// The websocket URL handed out by `GET /api/v10/gateway`.
    pub fn gateway_url(&self) -> &str {
        &self.shared.gateway_url
    }

    pub fn bot_user_id(&self) -> u64 {
        BOT_USER_ID
    }

    /// How long after an interaction arrives its first callback is accepted
    /// (default [`INTERACTION_DEADLINE`], 3 s as on Discord). Later callbacks
    /// get Discord's `404 Unknown interaction` (code 10062).
    pub fn set_interaction_deadline(&self, deadline: Duration) {
        *self
            .shared
            .interaction_deadline
            .lock()
            .unwrap_or_else(|e| e.into_inner()) = deadline;
    }

    /// Each create-message POST is answered `delay` after it arrived (the
    /// message created at once): Discord pacing a channel. Default none.
    pub fn set_post_delay(&self, delay: Duration) {
        *self
            .shared
            .post_delay
            .lock()
            .unwrap_or_else(|e| e.into_inner()) = delay;
    }

    /// The next create-message POSTs to `channel` are answered with
    /// `statuses`, one each, as Discord answers them (403 missing access,
    /// 404 unknown channel, 429 rate limited, 5xx), creating nothing.
    pub fn fail_posts(&self, channel: u64, statuses: &[u16]) {
        self.shared
            .failing
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(channel)
            .or_default()
            .extend(statuses.iter().copied());
    }

    /// A role of the guilds at `position` (higher is above; `@everyone` is 0).
    pub fn add_role(&self, role: u64, position: i64) {
        self.shared.data().roles.insert(role, position);
    }

    /// A role of the guilds at `position` that carries `permissions`
    /// (Discord's bit set): members holding it have them.
    pub fn add_role_with(&self, role: u64, position: i64, permissions: u64) {
        let mut d = self.shared.data();
        d.roles.insert(role, position);
        d.role_permissions.insert(role, permissions);
    }

    /// The bot's permission to manage roles, and the position of its
    /// highest role. By default it has neither: giving a role is refused
    /// with 403, code 50013 (Missing Permissions), as Discord refuses it.
    pub fn bot_roles(&self, manage_roles: bool, top_position: i64) {
        let mut d = self.shared.data();
        d.bot_manage_roles = manage_roles;
        d.bot_top_role = top_position;
    }

    /// The roles the bot gave `user` in `guild`.
    pub fn member_roles(&self, guild: u64, user: u64) -> Vec<u64> {
        self.shared
            .data()
            .member_roles
            .get(&(guild, user))
            .cloned()
            .unwrap_or_default()
    }

    /// The messages the bot created in `channel` (a POST Discord answered
    /// with an earlier message of its nonce creates none), oldest first.
    pub fn messages_in(&self, channel: u64) -> Vec<Value> {
        let data = self.shared.data();
        let mut list: Vec<(u64, Value)> = data
            .messages
            .iter()
            .filter(|(_, m)| {
                let id = |v: &Value| v.as_str().and_then(|s| s.parse::<u64>().ok());
                id(&m["channel_id"]) == Some(channel) && id(&m["author"]["id"]) == Some(BOT_USER_ID)
            })
            .map(|(id, m)| (*id, m.clone()))
            .collect();
        list.sort_by_key(|(id, _)| *id);
        list.into_iter().map(|(_, m)| m).collect()
    }

    /// How many create-message POSTs were answered with the earlier
    /// message of their nonce (`enforce_nonce`) instead of a new one.
    pub fn deduplicated(&self) -> usize {
        self.shared.data().deduplicated
    }

    /// The shard count `GET /gateway/bot` recommends (default 1).
    pub fn set_recommended_shards(&self, shards: u64) {
        self.shared
            .recommended_shards
            .store(shards, Ordering::SeqCst);
    }

    /// Every IDENTIFY the bot sent (one per shard connection), tokens redacted.
    pub fn identifies(&self) -> Vec<Value> {
        self.gateway_frames()
            .into_iter()
            .filter(|f| f["op"] == 2)
            .map(|f| f["d"].clone())
            .collect()
    }

    /// Requests the fake refused as real Discord would (status 400 or 404 with a
    /// Discord error code).
    pub fn refused(&self) -> Vec<RecordedRequest> {
        self.requests()
            .into_iter()
            .filter(|r| r.status >= 400 && r.response.as_ref().is_some_and(|v| v["code"] != 0))
            .collect()
    }

    /// Panics (listing them) if Discord would have refused any request so far.
    pub fn assert_nothing_refused(&self) {
        let refused = self.refused();
        if !refused.is_empty() {
            let list: Vec<String> = refused
                .iter()
                .map(|r| format!("{} -> {}", r.summary(), r.response.as_ref().unwrap()))
                .collect();
            panic!(
                "fake discord: Discord would have refused {} request(s):\n{}",
                list.len(),
                list.join("\n")
            );
        }
    }

    /// Panics unless every message the bot sent or edited carries
    /// `allowed_mentions` that let it ping no role, no `@everyone`/`@here`, and no
    /// user other than `may_ping` (if given).
    pub fn assert_no_unwanted_pings(&self, may_ping: Option<&[u64]>) {
        for r in self.requests() {
            let Some(p) = r.pings() else { continue };
            assert!(
                r.allowed_mentions().is_some(),
                "a message without allowed_mentions: {}",
                r.summary()
            );
            assert!(
                !p.everyone && p.roles.is_empty(),
                "mass ping in {}: {p:?}",
                r.summary()
            );
            if let Some(ok) = may_ping {
                assert!(
                    p.users.iter().all(|u| ok.contains(u)),
                    "pings {:?} in {}",
                    p.users,
                    r.summary()
                );
            }
        }
    }

    pub fn application_id(&self) -> u64 {
        APPLICATION_ID
    }

    /// A fresh snowflake, unique within this fake.
    pub fn new_id(&self) -> u64 {
        self.shared.new_id()
    }

    /// Makes a user's name (and permissions) known, for REST lookups and resolved options.
    pub fn add_user(&self, user: impl Into<FakeUser>) -> FakeUser {
        let user = user.into();
        self.shared.data().users.insert(user.id, user.clone());
        user
    }

    /// Makes a guild text channel known (for `GET /channels/{id}` and thread parents).
    /// The event helpers do this on their own for the channels they use.
    pub fn add_text_channel(&self, channel: u64, guild: Option<u64>) {
        remember_channel(&self.shared, channel, guild, None);
    }

    /// A snapshot of every REST request so far, in order.
    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.shared.data().requests.clone()
    }

    /// How many requests have arrived so far (without copying them).
    pub fn request_count(&self) -> usize {
        self.shared.data().requests.len()
    }

    /// How many of the requests from number `from` on `keep` accepts
    /// (without copying them: a load test polls this often).
    pub fn count_requests_since(
        &self,
        from: usize,
        keep: impl Fn(&RecordedRequest) -> bool,
    ) -> usize {
        let data = self.shared.data();
        data.requests
            .get(from..)
            .map_or(0, |r| r.iter().filter(|r| keep(r)).count())
    }

    /// The requests matching `method` and `pattern` (see [`RecordedRequest::is`]).
    pub fn requests_matching(&self, method: &str, pattern: &str) -> Vec<RecordedRequest> {
        self.requests()
            .into_iter()
            .filter(|r| r.is(method, pattern))
            .collect()
    }

    /// Frames the bot sent over the gateway (IDENTIFY, heartbeats, presence updates...),
    /// tokens redacted.
    pub fn gateway_frames(&self) -> Vec<Value> {
        self.shared.data().gateway_frames.clone()
    }

    /// Problems the harness found in its own payloads (should be empty).
    pub fn harness_errors(&self) -> Vec<String> {
        self.shared.data().errors.clone()
    }

    /// The current stored state of a message (as posted, edited or dispatched).
    pub fn message(&self, id: u64) -> Option<Value> {
        self.shared.data().messages.get(&id).cloned()
    }

    /// A stored channel (threads created by the bot included).
    pub fn channel(&self, id: u64) -> Option<Value> {
        self.shared.data().channels.get(&id).cloned()
    }

    /// The commands registered by the bot: `None` for global ones, `Some(guild)` else.
    pub fn registered_commands(&self, guild: Option<u64>) -> Vec<Value> {
        self.shared
            .data()
            .commands
            .get(&guild)
            .cloned()
            .unwrap_or_default()
    }

    /// The token of an interaction sent with one of the helpers.
    pub fn interaction_token(&self, interaction_id: u64) -> String {
        interaction_token(interaction_id)
    }

    /// A description of all recorded requests and harness errors, for panic messages.
    pub fn describe(&self) -> String {
        let data = self.shared.data();
        let mut s = format!("{} REST request(s) recorded:\n", data.requests.len());
        for r in &data.requests {
            let _ = writeln!(s, "  {}", r.summary());
        }
        let identified = self.shared.identify_tx.borrow().is_some();
        let _ = writeln!(
            s,
            "gateway: {}",
            if identified {
                "identified"
            } else {
                "no IDENTIFY received"
            }
        );
        if !data.errors.is_empty() {
            let _ = writeln!(s, "harness errors:");
            for e in &data.errors {
                let _ = writeln!(s, "  {e}");
            }
        }
        s
    }

    // ------------------------------------------------------------------ waiting

    /// Waits for the first request (already recorded or still to come) matching `pred`.
    /// Panics after `timeout`, listing everything recorded.
    pub async fn wait_for_request(
        &self,
        pred: impl Fn(&RecordedRequest) -> bool,
        timeout: Duration,
    ) -> RecordedRequest {
        self.wait_for_request_after(0, pred, timeout).await
    }

    /// Like [`wait_for_request`](Self::wait_for_request), but only requests with
    /// `index >= from` count. Use `fake.requests().len()` before acting to see only
    /// what follows.
    pub async fn wait_for_request_after(
        &self,
        from: usize,
        pred: impl Fn(&RecordedRequest) -> bool,
        timeout: Duration,
    ) -> RecordedRequest {
        let mut rx = self.shared.requests_tx.subscribe();
        let deadline = Instant::now() + timeout;
        loop {
            let found = self
                .shared
                .data()
                .requests
                .iter()
                .skip(from)
                .find(|r| pred(r))
                .cloned();
            if let Some(r) = found {
                return r;
            }
            match tokio::time::timeout_at(deadline, rx.changed()).await {
                Ok(Ok(())) => {}
                _ => panic!(
                    "fake discord: no matching REST request within {timeout:?}\n{}",
                    self.describe()
                ),
            }
        }
    }

    /// Waits for a request with this method and route pattern (see [`RecordedRequest::is`]),
    /// within [`DEFAULT_TIMEOUT`].
    pub async fn wait_for(&self, method: &str, pattern: &str) -> RecordedRequest {
        let (m, p) = (method.to_string(), pattern.to_string());
        self.wait_for_request(move |r| r.is(&m, &p), DEFAULT_TIMEOUT)
            .await
    }

    /// Waits for the bot's callback to this interaction.
    pub async fn wait_for_interaction_callback(&self, interaction_id: u64) -> RecordedRequest {
        self.wait_for(
            "POST",
            &format!("/interactions/{interaction_id}/*/callback"),
        )
        .await
    }

    /// Waits for a message the bot posts to `channel` (`POST /channels/{channel}/messages`).
    pub async fn wait_for_message_in(&self, channel: u64) -> RecordedRequest {
        self.wait_for("POST", &format!("/channels/{channel}/messages"))
            .await
    }

    /// Asserts that no matching request arrives during `window` (this one has to sleep).
    pub async fn assert_no_request(
        &self,
        pred: impl Fn(&RecordedRequest) -> bool,
        window: Duration,
    ) {
        tokio::time::sleep(window).await;
        if let Some(r) = self.requests().iter().find(|r| pred(r)) {
            panic!(
                "fake discord: unexpected request {}\n{}",
                r.summary(),
                self.describe()
            );
        }
    }

    /// Waits until the bot has sent IDENTIFY and got READY; returns the intents.
    pub async fn wait_identified(&self) -> GatewayIntents {
        self.wait_identify(DEFAULT_TIMEOUT).await.intents
    }

    /// Waits until `n` shard connections are identified (one per shard, from
    /// one process or several); returns their `[id, total]`, sorted.
    pub async fn wait_shards(&self, n: usize, timeout: Duration) -> Vec<(u64, u64)> {
        let until = tokio::time::Instant::now() + timeout;
        loop {
            let mut up = self.connected_shards();
            up.dedup();
            if up.len() >= n {
                return up;
            }
            if tokio::time::Instant::now() > until {
                panic!(
                    "fake discord: {} of {n} shards connected within {timeout:?}\n{}",
                    up.len(),
                    self.describe()
                );
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// The shards connected now, as `[id, total]`, sorted.
    pub fn connected_shards(&self) -> Vec<(u64, u64)> {
        let mut up: Vec<(u64, u64)> = self
            .shared
            .data()
            .shards
            .iter()
            .map(|s| (s.0, s.1))
            .collect();
        up.sort();
        up
    }

    /// Waits for IDENTIFY, returning the whole (redacted) payload.
    pub async fn wait_identify(&self, timeout: Duration) -> Identify {
        let mut rx = self.shared.identify_tx.subscribe();
        let result = tokio::time::timeout(timeout, rx.wait_for(Option::is_some)).await;
        match result {
            Ok(Ok(identify)) => identify.clone().expect("checked by wait_for"),
            _ => panic!(
                "fake discord: the bot did not IDENTIFY within {timeout:?} (is the client \
                 built with the fake's api_base and started?)\n{}",
                self.describe()
            ),
        }
    }

    // ------------------------------------------------------------------ dispatching

    /// Sends a dispatch `{op:0, s, t, d}` to the bot, after checking that serenity
    /// parses it into a known event. Waits for the bot to be identified first.
    /// Panics if serenity would reject the payload.
    pub async fn dispatch(&self, event_type: &str, d: Value) {
        self.wait_identify(DEFAULT_TIMEOUT).await;
        let data = self.shared.data();
        let seq = self.shared.seq.fetch_add(1, Ordering::SeqCst) + 1;
        let guild = d["guild_id"].as_str().and_then(|g| g.parse::<u64>().ok());
        let frame = json!({ "op": 0, "s": seq, "t": event_type, "d": d }).to_string();
        validate_dispatch(&frame);
        let sender = match data.shards.first().map(|s| s.1) {
            // Several shards: the one Discord would use, which must be connected.
            Some(total) if total > 1 => {
                let shard = guild.map_or(0, |g| (g >> 22) % total);
                match data.shards.iter().find(|s| s.0 == shard) {
                    Some(s) => &s.2,
                    None => {
                        drop(data);
                        panic!(
                            "fake discord: {event_type} belongs to shard {shard} of {total}, \
                             which no process has connected\n{}",
                            self.describe()
                        );
                    }
                }
            }
            _ => data
                .gateway
                .as_ref()
                .expect("identified, so there is a gateway connection"),
        };
        if sender.send(frame).is_err() {
            drop(data);
            panic!(
                "fake discord: the gateway connection closed before {event_type} could be sent\n{}",
                self.describe()
            );
        }
    }

    /// GUILD_CREATE for a guild with these text channels (ids and names); the bot is a
    /// member. Only needed when the code under test reads the cache.
    pub async fn send_guild_create(&self, guild: u64, name: &str, channels: &[(u64, &str)]) {
        let channel_values: Vec<Value> = channels
            .iter()
            .enumerate()
            .map(|(i, (id, channel_name))| {
                let mut c = text_channel_json(*id, Some(guild));
                c["name"] = json!(channel_name);
                c["position"] = json!(i);
                c
            })
            .collect();
        {
            let mut data = self.shared.data();
            for c in &channel_values {
                let id = c["id"].as_str().unwrap().parse::<u64>().unwrap();
                data.channels.insert(id, c.clone());
            }
        }
        let bot_member = json!({
            "user": bot_user_json(),
            "nick": null,
            "roles": [],
            "joined_at": TIMESTAMP,
            "deaf": false,
            "mute": false,
            "flags": 0,
        });
        let mut d = guild_json(
            guild,
            name,
            vec![role_json(
                guild,
                "@everyone",
                0,
                serenity::model::Permissions::all().bits(),
            )],
        );
        for (k, v) in [
            ("joined_at", json!(TIMESTAMP)),
            ("large", json!(false)),
            ("unavailable", json!(false)),
            ("member_count", json!(2)),
            ("voice_states", json!([])),
            ("members", json!([bot_member])),
            ("channels", json!(channel_values)),
            ("threads", json!([])),
            ("presences", json!([])),
            ("stage_instances", json!([])),
            ("guild_scheduled_events", json!([])),
        ] {
            d[k] = v;
        }
        self.dispatch("GUILD_CREATE", d).await;
    }

    /// MESSAGE_CREATE from `author` in `channel` (guild channel if `guild` is given, a DM
    /// otherwise). Returns the message id.
    pub async fn send_message_create(
        &self,
        channel: u64,
        guild: impl Into<Option<u64>>,
        author: impl Into<FakeUser>,
        content: &str,
    ) -> u64 {
        let guild = guild.into();
        let author = self.add_user(author);
        remember_channel(&self.shared, channel, guild, Some(&author));
        let id = self.new_id();
        let mut message = message_json(id, channel, guild, author.user_json(), content);
        if guild.is_some() {
            message["member"] = author.partial_member_json();
        }
        self.shared.data().messages.insert(id, message.clone());
        self.dispatch("MESSAGE_CREATE", message).await;
        id
    }

    /// INTERACTION_CREATE for a slash command `/name` (type 2) with `options` in Discord's
    /// format: an array, best built with [`opt`]. Returns the interaction id.
    pub async fn send_slash_command(
        &self,
        channel: u64,
        guild: impl Into<Option<u64>>,
        user: impl Into<FakeUser>,
        name: &str,
        options: Value,
    ) -> u64 {
        let guild = guild.into();
        let data = self.command_data(name, options, guild);
        self.send_interaction(2, channel, guild, user.into(), data, None)
            .await
    }

    /// INTERACTION_CREATE of type 4 (autocomplete) for `/name`; `options` must contain one
    /// focused option (see [`opt::focused`]). Returns the interaction id.
    pub async fn send_autocomplete(
        &self,
        channel: u64,
        guild: impl Into<Option<u64>>,
        user: impl Into<FakeUser>,
        name: &str,
        options: Value,
    ) -> u64 {
        let guild = guild.into();
        let data = self.command_data(name, options, guild);
        self.send_interaction(4, channel, guild, user.into(), data, None)
            .await
    }

    /// INTERACTION_CREATE of type 3 for a click on the button `custom_id` of message
    /// `message_id` (the stored message if the fake knows it, e.g. one the bot posted).
    /// Returns the interaction id.
    pub async fn send_button_click(
        &self,
        channel: u64,
        guild: impl Into<Option<u64>>,
        user: impl Into<FakeUser>,
        custom_id: &str,
        message_id: u64,
    ) -> u64 {
        let guild = guild.into();
        let data = json!({ "custom_id": custom_id, "component_type": 2 });
        self.send_interaction(3, channel, guild, user.into(), data, Some(message_id))
            .await
    }

    /// INTERACTION_CREATE of type 3 for a string select menu with the chosen `values`.
    pub async fn send_select(
        &self,
        channel: u64,
        guild: impl Into<Option<u64>>,
        user: impl Into<FakeUser>,
        custom_id: &str,
        message_id: u64,
        values: &[&str],
    ) -> u64 {
        let guild = guild.into();
        let data = json!({ "custom_id": custom_id, "component_type": 3, "values": values });
        self.send_interaction(3, channel, guild, user.into(), data, Some(message_id))
            .await
    }

    fn command_data(&self, name: &str, options: Value, guild: Option<u64>) -> Value {
        let options = match options {
            Value::Null => json!([]),
            Value::Array(_) => options,
            other => panic!("slash command options must be a JSON array, got {other}"),
        };
        let command_id = {
            let data = self.shared.data();
            [guild, None]
                .iter()
                .filter_map(|g| data.commands.get(g))
                .flatten()
                .find(|c| c["name"] == name)
                .and_then(|c| c["id"].as_str().map(str::to_string))
        }
        .unwrap_or_else(|| self.new_id().to_string());

        let mut user_ids = Vec::new();
        collect_user_options(&options, &mut user_ids);
        let mut users = serde_json::Map::new();
        let mut members = serde_json::Map::new();
        for id in user_ids {
            let user = self.shared.user(id);
            users.insert(id.to_string(), user.user_json());
            if guild.is_some() {
                let mut member = user.partial_member_json();
                member["permissions"] = json!(user.permissions.to_string());
                members.insert(id.to_string(), member);
            }
        }
        let mut resolved = json!({});
        if !users.is_empty() {
            resolved["users"] = Value::Object(users);
        }
        if !members.is_empty() {
            resolved["members"] = Value::Object(members);
        }
        let mut data = json!({
            "id": command_id,
            "name": name,
            "type": 1,
            "options": options,
            "resolved": resolved,
        });
        if let Some(guild) = guild {
            data["guild_id"] = json!(guild.to_string());
        }
        data
    }

    async fn send_interaction(
        &self,
        kind: u8,
        channel: u64,
        guild: Option<u64>,
        user: FakeUser,
        data: Value,
        message_id: Option<u64>,
    ) -> u64 {
        let user = self.add_user(user);
        remember_channel(&self.shared, channel, guild, Some(&user));
        let id = self.new_id();
        let token = interaction_token(id);
        let mut interaction = json!({
            "id": id.to_string(),
            "application_id": APPLICATION_ID.to_string(),
            "type": kind,
            "data": data,
            "channel_id": channel.to_string(),
            "channel": {
                "id": channel.to_string(),
                "type": if guild.is_some() { 0 } else { 1 },
            },
            "token": token,
            "version": 1,
            "locale": "en-US",
            "app_permissions": serenity::model::Permissions::all().bits().to_string(),
            "entitlements": [],
                        "context": if guild.is_some() { 0 } else { 1 },
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        });
        match guild {
            Some(g) => {
                interaction["guild_id"] = json!(g.to_string());
                interaction["guild_locale"] = json!("en-US");
                interaction["member"] = user.member_json(Some(g));
                interaction["authorizing_integration_owners"] = json!({ "0": g.to_string() });
            }
            None => interaction["user"] = user.user_json(),
        }
        if let Some(message_id) = message_id {
            let stored = self.shared.data().messages.get(&message_id).cloned();
            let message = stored.unwrap_or_else(|| {
                let m = message_json(message_id, channel, guild, bot_user_json(), "");
                self.shared.data().messages.insert(message_id, m.clone());
                m
            });
            interaction["message"] = message;
        }
        self.shared.data().interactions.insert(
            token,
            InteractionRecord {
                id,
                channel,
                guild,
                arrived: Instant::now(),
                acknowledged: false,
                message: message_id,
                original: None,
            },
        );
        self.dispatch("INTERACTION_CREATE", interaction).await;
        id
    }
}

fn interaction_token(id: u64) -> String {
    format!("fake-interaction-token-{id}")
}

fn collect_user_options(options: &Value, out: &mut Vec<u64>) {
    for option in options.as_array().into_iter().flatten() {
        if option["type"] == 6 {
            if let Some(id) = option["value"].as_str().and_then(|v| v.parse().ok()) {
                out.push(id);
            }
        }
        if let Some(nested) = option.get("options") {
            collect_user_options(nested, out);
        }
    }
}

/// Whether serenity parses `d` as a known dispatch event of type `event_type`, exactly
/// as its shard does with a frame from the gateway. `Err` says why not.
pub fn check_dispatch(event_type: &str, d: &Value) -> Result<(), String> {
    let frame = json!({ "op": 0, "s": 1, "t": event_type, "d": d }).to_string();
    check_frame(&frame)
}

fn check_frame(frame: &str) -> Result<(), String> {
    match serde_json::from_str::<GatewayEvent>(frame) {
        // Serenity parses a payload it cannot read into `Event::Unknown` (an untagged
        // fallback), which its client then drops: find out why for the usual types.
        Ok(GatewayEvent::Dispatch(_, Event::Unknown(unknown))) => {
            Err(match typed_parse_error(&unknown.kind, &unknown.value) {
                Some(e) => format!(
                    "serenity would drop it: `d` does not parse as {}: {e}",
                    unknown.kind
                ),
                None => format!(
                    "serenity would drop it: it does not know the event type {:?}, or `d` \
                     does not parse as that event",
                    unknown.kind
                ),
            })
        }
        Ok(GatewayEvent::Dispatch(..)) => Ok(()),
        Ok(other) => Err(format!("parsed as {other:?}, not as a dispatch")),
        Err(e) => Err(format!("serenity would drop it, it does not parse: {e}")),
    }
}

/// The error from parsing `d` with the serenity type of event `t`, for common events.
fn typed_parse_error(t: &str, d: &Value) -> Option<String> {
    use serenity::model::event as ev;
    fn parse<T: DeserializeOwned>(d: &Value) -> Option<String> {
        serde_json::from_value::<T>(d.clone())
            .err()
            .map(|e| format!("{} ({e})", std::any::type_name::<T>()))
    }
    match t {
        "READY" => parse::<serenity::model::gateway::Ready>(d),
        "MESSAGE_CREATE" => parse::<serenity::model::channel::Message>(d),
        "MESSAGE_UPDATE" => parse::<ev::MessageUpdateEvent>(d),
        "INTERACTION_CREATE" => parse::<serenity::model::application::Interaction>(d),
        "GUILD_CREATE" => parse::<serenity::model::guild::Guild>(d),
        "CHANNEL_CREATE" | "CHANNEL_UPDATE" => parse::<serenity::model::channel::Channel>(d),
        "THREAD_CREATE" | "THREAD_UPDATE" => parse::<serenity::model::channel::GuildChannel>(d),
        "GUILD_MEMBER_ADD" => parse::<serenity::model::guild::Member>(d),
        _ => None,
    }
}

/// Panics unless serenity parses `frame` into a known dispatch event.
fn validate_dispatch(frame: &str) {
    if let Err(e) = check_frame(frame) {
        panic!("fake discord: bad dispatch: {e}\nframe: {frame}");
    }
}

/// Remembers a channel: a guild text channel, or a DM with `user` if `guild` is `None`.
fn remember_channel(shared: &Shared, channel: u64, guild: Option<u64>, user: Option<&FakeUser>) {
    let mut data = shared.data();
    data.channels.entry(channel).or_insert_with(|| match guild {
        Some(g) => text_channel_json(channel, Some(g)),
        None => json!({
            "id": channel.to_string(),
            "type": 1,
            "last_message_id": null,
            "recipients": [user.map_or_else(|| FakeUser::from(1).user_json(), FakeUser::user_json)],
        }),
    });
}

fn text_channel_json(id: u64, guild: Option<u64>) -> Value {
    let mut c = json!({
        "id": id.to_string(),
        "type": 0,
        "name": format!("channel-{id}"),
        "position": 0,
        "permission_overwrites": [],
        "parent_id": null,
        "topic": null,
        "nsfw": false,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "flags": 0,
    });
    if let Some(g) = guild {
        c["guild_id"] = json!(g.to_string());
    }
    c
}

fn message_json(id: u64, channel: u64, guild: Option<u64>, author: Value, content: &str) -> Value {
    let mut m = json!({
        "id": id.to_string(),
        "channel_id": channel.to_string(),
        "author": author,
        "content": content,
        "timestamp": TIMESTAMP,
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "components": [],
        "pinned": false,
        "type": 0,
        "flags": 0,
    });
    if let Some(g) = guild {
        m["guild_id"] = json!(g.to_string());
    }
    m
}

// ---------------------------------------------------------------------------------------
// Gateway
// ---------------------------------------------------------------------------------------

async fn accept_gateway(listener: TcpListener, shared: Arc<Shared>) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let task = tokio::spawn(gateway_connection(stream, Arc::clone(&shared)));
        shared
            .tasks
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(task.abort_handle());
    }
}

async fn gateway_connection(stream: TcpStream, shared: Arc<Shared>) {
    let ws = match tokio_tungstenite::accept_async(stream).await {
        Ok(ws) => ws,
        Err(e) => {
            shared.error(format!("gateway handshake failed: {e}"));
            return;
        }
    };
    let (mut sink, mut incoming) = ws.split();
    let (tx, mut rx) = mpsc::unbounded_channel::<String>();
    let _ = tx.send(json!({ "op": 10, "d": { "heartbeat_interval": 41_250 } }).to_string());

    loop {
        tokio::select! {
            out = rx.recv() => match out {
                Some(text) => {
                    if sink.send(WsMessage::Text(text)).await.is_err() {
                        break;
                    }
                }
                None => break,
            },
            frame = incoming.next() => match frame {
                Some(Ok(WsMessage::Text(text))) => handle_gateway_frame(&shared, &tx, &text),
                Some(Ok(WsMessage::Binary(_))) => {
                    shared.error("the bot sent a binary gateway frame".into());
                }
                Some(Ok(WsMessage::Close(_))) => {
                    // tungstenite queued the close reply; flush it so the bot's
                    // shutdown sees a clean close.
                    let _ = sink.close().await;
                    break;
                }
                Some(Err(_)) | None => break,
                Some(Ok(_)) => {}
            },
        }
    }

    let mut data = shared.data();
    if data.gateway.as_ref().is_some_and(|g| g.same_channel(&tx)) {
        data.gateway = None;
    }
    data.shards.retain(|s| !s.2.same_channel(&tx));
}

fn handle_gateway_frame(shared: &Shared, tx: &mpsc::UnboundedSender<String>, text: &str) {
    let mut frame: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            shared.error(format!("unparsable gateway frame from the bot: {e}"));
            return;
        }
    };
    if frame["d"].get("token").is_some() {
        frame["d"]["token"] = json!("<redacted>");
    }
    let op = frame["op"].as_u64();
    shared.data().gateway_frames.push(frame.clone());
    match op {
        // heartbeat
        Some(1) => {
            let _ = tx.send(json!({ "op": 11 }).to_string());
        }
        // identify
        Some(2) => {
            let intents = frame["d"]["intents"].as_u64().unwrap_or(0);
            let ready = json!({
                "v": 10,
                "user": bot_user_json(),
                "guilds": [],
                "session_id": "fake-session",
                "resume_gateway_url": shared.gateway_url,
                "shard": frame["d"].get("shard").cloned().unwrap_or(json!([0, 1])),
                "application": { "id": APPLICATION_ID.to_string(), "flags": 0 },
            });
            {
                let mut data = shared.data();
                let seq = shared.seq.fetch_add(1, Ordering::SeqCst) + 1;
                let frame = json!({ "op": 0, "s": seq, "t": "READY", "d": &ready }).to_string();
                validate_dispatch(&frame);
                let _ = tx.send(frame);
                data.gateway = Some(tx.clone());
                let shard = &ready["shard"];
                let (id, total) = (
                    shard[0].as_u64().unwrap_or(0),
                    shard[1].as_u64().unwrap_or(1),
                );
                data.shards.retain(|s| s.0 != id && !s.2.same_channel(tx));
                data.shards.push((id, total.max(1), tx.clone()));
            }
            shared.identify_tx.send_replace(Some(Identify {
                intents: GatewayIntents::from_bits_truncate(intents),
                payload: frame["d"].clone(),
            }));
        }
        // resume: not supported, make the bot identify again
        Some(6) => {
            let _ = tx.send(json!({ "op": 9, "d": false }).to_string());
        }
        // presence update, voice state, request guild members...: recorded only
        _ => {}
    }
}

// ---------------------------------------------------------------------------------------
// REST
// ---------------------------------------------------------------------------------------

enum Reply {
    Json(StatusCode, Value),
    NoContent,
    Bytes(String, Vec<u8>),
}

fn not_found(method: &str, path: &str) -> Reply {
    Reply::Json(
        StatusCode::NOT_FOUND,
        json!({ "message": format!("404: fake Discord has no route for {method} {path}"), "code": 0 }),
    )
}

struct ParsedBody {
    json: Option<Value>,
    fields: Vec<(String, String)>,
    files: Vec<RecordedFile>,
}

async fn read_body(shared: &Shared, req: Request, multipart: bool) -> ParsedBody {
    let mut body = ParsedBody {
        json: None,
        fields: Vec::new(),
        files: Vec::new(),
    };
    if multipart {
        let mut form = match Multipart::from_request(req, &()).await {
            Ok(form) => form,
            Err(e) => {
                shared.error(format!("bad multipart request: {e}"));
                return body;
            }
        };
        loop {
            match form.next_field().await {
                Ok(Some(field)) => {
                    let name = field.name().unwrap_or_default().to_string();
                    let filename = field.file_name().map(str::to_string);
                    let content_type = field.content_type().unwrap_or_default().to_string();
                    let bytes = match field.bytes().await {
                        Ok(b) => b.to_vec(),
                        Err(e) => {
                            shared.error(format!("bad multipart field {name}: {e}"));
                            break;
                        }
                    };
                    if name == "payload_json" {
                        body.json = parse_json(shared, &bytes);
                    } else if let Some(filename) = filename {
                        body.files.push(RecordedFile {
                            field: name,
                            filename,
                            content_type,
                            bytes,
                        });
                    } else {
                        body.fields
                            .push((name, String::from_utf8_lossy(&bytes).into_owned()));
                    }
                }
                Ok(None) => break,
                Err(e) => {
                    shared.error(format!("bad multipart body: {e}"));
                    break;
                }
            }
        }
    } else {
        match axum::body::to_bytes(req.into_body(), usize::MAX).await {
            Ok(bytes) if !bytes.is_empty() => body.json = parse_json(shared, &bytes),
            Ok(_) => {}
            Err(e) => shared.error(format!("could not read request body: {e}")),
        }
    }
    body
}

fn parse_json(shared: &Shared, bytes: &[u8]) -> Option<Value> {
    match serde_json::from_slice(bytes) {
        Ok(v) => Some(v),
        Err(e) => {
            shared.error(format!(
                "request body is not JSON ({e}): {}",
                String::from_utf8_lossy(bytes)
            ));
            Some(Value::String(String::from_utf8_lossy(bytes).into_owned()))
        }
    }
}

async fn rest_handler(State(shared): State<Arc<Shared>>, req: Request) -> Response {
    let method = req.method().as_str().to_string();
    let path = req.uri().path().to_string();
    let query = req.uri().query().map(str::to_string);
    let content_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let bot_authorized = req
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("Bot "));
    let multipart = content_type
        .as_deref()
        .is_some_and(|c| c.starts_with("multipart/form-data"));

    let body = read_body(&shared, req, multipart).await;
    let reply = route(&shared, &method, &path, &body);
    let delay = if method == "POST"
        && path_matches(
            "/channels/*/messages",
            path.strip_prefix(API_PREFIX).unwrap_or(&path),
        ) {
        *shared.post_delay.lock().unwrap_or_else(|e| e.into_inner())
    } else {
        Duration::ZERO
    };

    let (status, response) = match &reply {
        Reply::Json(status, value) => (status.as_u16(), Some(value.clone())),
        Reply::NoContent => (204, None),
        Reply::Bytes(..) => (200, None),
    };
    {
        let mut data = shared.data();
        let index = data.requests.len();
        data.requests.push(RecordedRequest {
            index,
            method,
            path,
            query,
            content_type,
            multipart,
            // The recorded copy, for tests that compare words: without the
            // catalogue's bidirectional isolation marks (routing above saw
            // the body as sent).
            json: body.json.map(without_isolation),
            fields: body.fields,
            files: body.files,
            bot_authorized,
            status,
            response,
        });
    }
    shared.requests_tx.send_modify(|n| *n += 1);
    if !delay.is_zero() {
        tokio::time::sleep(delay).await;
    }

    match reply {
        Reply::Json(status, value) => {
            let mut response = Response::new(Body::from(value.to_string()));
            *response.status_mut() = status;
            response.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            );
            response
        }
        Reply::NoContent => StatusCode::NO_CONTENT.into_response(),
        Reply::Bytes(content_type, bytes) => {
            let mut response = Response::new(Body::from(bytes));
            if let Ok(v) = HeaderValue::from_str(&content_type) {
                response.headers_mut().insert(header::CONTENT_TYPE, v);
            }
            response
        }
    }
}

/// Discord's answer with `status` to a create-message POST it refuses.
fn failure(status: u16) -> Reply {
    let body = match status {
        403 => json!({ "code": 50001, "message": "Missing Access" }),
        404 => json!({ "code": 10003, "message": "Unknown Channel" }),
        429 => json!({
            "code": 0, "message": "You are being rate limited.",
            "retry_after": 0.05, "global": false
        }),
        _ => json!({ "code": 0, "message": "Internal Server Error" }),
    };
    Reply::Json(
        StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
        body,
    )
}

/// How long Discord remembers a nonce for `enforce_nonce` ("the past few
/// minutes").
const NONCE_WINDOW: Duration = Duration::from_secs(5 * 60);
/// Discord's limit on a nonce's length.
const MAX_NONCE: usize = 25;

/// A message's nonce as text (Discord takes a string or an integer).
fn nonce_of(json: &Value) -> Option<String> {
    match &json["nonce"] {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn id_of(segment: &str) -> Option<u64> {
    segment.parse().ok()
}

fn route(shared: &Shared, method: &str, path: &str, body: &ParsedBody) -> Reply {
    let Some(rest) = path.strip_prefix(API_PREFIX) else {
        // attachment downloads: /attachments/{channel}/{id}/{filename}
        let segs: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
        if let ("GET", ["attachments", _, id, _]) = (method, segs.as_slice()) {
            if let Some((ct, bytes)) =
                id_of(id).and_then(|id| shared.data().attachment_files.get(&id).cloned())
            {
                return Reply::Bytes(ct, bytes);
            }
        }
        return not_found(method, path);
    };
    let segs: Vec<&str> = rest.split('/').filter(|s| !s.is_empty()).collect();
    let json = body.json.clone().unwrap_or(Value::Null);
    if let Some(refusal) = refusal(shared, method, &segs, &json, body) {
        return refusal;
    }

    match (method, segs.as_slice()) {
        ("GET", ["gateway"]) => {
            let v = json!({ "url": shared.gateway_url });
            shared.check::<serenity::model::gateway::Gateway>("gateway", &v);
            Reply::Json(StatusCode::OK, v)
        }
        ("GET", ["gateway", "bot"]) => {
            let v = json!({
                "url": shared.gateway_url,
                "shards": shared.recommended_shards.load(Ordering::SeqCst),
                "session_start_limit": {
                    "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1
                },
            });
            shared.check::<serenity::model::gateway::BotGateway>("gateway/bot", &v);
            Reply::Json(StatusCode::OK, v)
        }
        ("GET", ["users", "@me"]) => {
            let v = bot_user_json();
            shared.check::<serenity::model::user::CurrentUser>("users/@me", &v);
            Reply::Json(StatusCode::OK, v)
        }
        ("GET", ["users", id]) => match id_of(id) {
            Some(BOT_USER_ID) => Reply::Json(StatusCode::OK, bot_user_json()),
            Some(id) => Reply::Json(StatusCode::OK, shared.user(id).user_json()),
            None => not_found(method, path),
        },
        ("POST", ["users", "@me", "channels"]) => {
            let recipient = json["recipient_id"]
                .as_str()
                .and_then(id_of)
                .unwrap_or_default();
            let id = shared.new_id();
            let v = json!({
                "id": id.to_string(),
                "type": 1,
                "last_message_id": null,
                "recipients": [shared.user(recipient).user_json()],
            });
            shared.check::<serenity::model::channel::PrivateChannel>("DM channel", &v);
            shared.data().channels.insert(id, v.clone());
            Reply::Json(StatusCode::OK, v)
        }
        ("GET", ["oauth2", "applications", "@me"]) | ("GET", ["applications", "@me"]) => {
            let v = json!({
                "id": APPLICATION_ID.to_string(),
                "name": BOT_USERNAME,
                "icon": null,
                "description": "",
                "bot_public": false,
                "bot_require_code_grant": false,
                "owner": FakeUser::new(1, "owner").user_json(),
                "verify_key": "0000",
                "team": null,
                "flags": 0,
            });
            shared.check::<serenity::model::application::CurrentApplicationInfo>(
                "application info",
                &v,
            );
            Reply::Json(StatusCode::OK, v)
        }

        // ---- commands
        ("PUT", ["applications", _, "commands"]) => put_commands(shared, None, &json),
        ("PUT", ["applications", _, "guilds", g, "commands"]) => {
            put_commands(shared, id_of(g), &json)
        }
        ("POST", ["applications", _, "commands"]) => post_command(shared, None, &json),
        ("POST", ["applications", _, "guilds", g, "commands"]) => {
            post_command(shared, id_of(g), &json)
        }
        ("GET", ["applications", _, "commands"]) => Reply::Json(
            StatusCode::OK,
            json!(shared
                .data()
                .commands
                .get(&None)
                .cloned()
                .unwrap_or_default()),
        ),
        ("GET", ["applications", _, "guilds", g, "commands"]) => Reply::Json(
            StatusCode::OK,
            json!(shared
                .data()
                .commands
                .get(&id_of(g))
                .cloned()
                .unwrap_or_default()),
        ),

        // ---- channels and messages
        ("GET", ["channels", c]) => {
            match id_of(c).and_then(|c| shared.data().channels.get(&c).cloned()) {
                Some(v) => {
                    shared.check::<serenity::model::channel::Channel>("channel", &v);
                    Reply::Json(StatusCode::OK, v)
                }
                None => not_found(method, path),
            }
        }
        ("POST", ["channels", c, "messages"]) => match id_of(c) {
            Some(channel) => {
                let failing = shared
                    .failing
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .get_mut(&channel)
                    .and_then(|q| q.pop_front());
                if let Some(status) = failing {
                    return failure(status);
                }
                // Discord: with `enforce_nonce`, a nonce this author used
                // in the last few minutes returns that message, and no new
                // one is created.
                let nonce = nonce_of(&json);
                if json["enforce_nonce"] == true {
                    if let Some(n) = &nonce {
                        let mut data = shared.data();
                        let earlier = data
                            .nonces
                            .get(n)
                            .filter(|(_, at)| at.elapsed() < NONCE_WINDOW)
                            .and_then(|(id, _)| data.messages.get(id).cloned());
                        if let Some(m) = earlier {
                            data.deduplicated += 1;
                            return Reply::Json(StatusCode::OK, m);
                        }
                    }
                }
                let guild = channel_guild(shared, channel);
                let id = shared.new_id();
                let m = new_message(shared, id, channel, guild, &json, &body.files);
                let mut data = shared.data();
                data.messages.insert(id, m.clone());
                if let Some(n) = nonce {
                    data.nonces.insert(n, (id, Instant::now()));
                }
                Reply::Json(StatusCode::OK, m)
            }
            None => not_found(method, path),
        },
        ("GET", ["channels", _, "messages", m]) => {
            match id_of(m).and_then(|m| shared.data().messages.get(&m).cloned()) {
                Some(v) => Reply::Json(StatusCode::OK, v),
                None => not_found(method, path),
            }
        }
        ("PATCH", ["channels", c, "messages", m]) => match (id_of(c), id_of(m)) {
            (Some(channel), Some(id)) => Reply::Json(
                StatusCode::OK,
                edit_message(shared, id, channel, &json, &body.files),
            ),
            _ => not_found(method, path),
        },
        ("DELETE", ["channels", _, "messages", m]) => {
            if let Some(id) = id_of(m) {
                shared.data().messages.remove(&id);
            }
            Reply::NoContent
        }
        ("POST", ["channels", _, "typing"]) => Reply::NoContent,
        ("PUT" | "DELETE", ["channels", _, "messages", _, "reactions", ..]) => Reply::NoContent,
        ("PUT" | "DELETE", ["channels", _, "thread-members", ..]) => Reply::NoContent,
        ("POST", ["channels", c, "threads"]) => match id_of(c) {
            Some(parent) => {
                let id = shared.new_id();
                let kind = json["type"].as_u64().unwrap_or(11);
                create_thread(shared, id, parent, kind, &json)
            }
            None => not_found(method, path),
        },
        ("POST", ["channels", c, "messages", m, "threads"]) => match (id_of(c), id_of(m)) {
            // Like Discord: a thread started from a message has the message's id.
            (Some(parent), Some(message)) => create_thread(shared, message, parent, 11, &json),
            _ => not_found(method, path),
        },

        // ---- guilds
        // The guild with its roles (positions and permissions) and its
        // owner, as `GET /guilds/{id}` answers. `@everyone` carries the
        // permissions Discord gives a new server's members: not Manage
        // Roles nor Administrator.
        ("GET", ["guilds", g]) => match id_of(g) {
            Some(g) => {
                let d = shared.data();
                let everyone = serenity::model::Permissions::VIEW_CHANNEL
                    | serenity::model::Permissions::SEND_MESSAGES
                    | serenity::model::Permissions::READ_MESSAGE_HISTORY
                    | serenity::model::Permissions::USE_APPLICATION_COMMANDS;
                let mut roles = vec![role_json(g, "@everyone", 0, everyone.bits())];
                let mut ids: Vec<&u64> = d.roles.keys().collect();
                ids.sort();
                for id in ids {
                    let perms = d.role_permissions.get(id).copied().unwrap_or(0);
                    roles.push(role_json(*id, &format!("role{id}"), d.roles[id], perms));
                }
                let guild = guild_json(g, &format!("guild{g}"), roles);
                drop(d);
                shared.check::<serenity::model::guild::PartialGuild>("guild", &guild);
                Reply::Json(StatusCode::OK, guild)
            }
            _ => not_found(method, path),
        },
        ("GET", ["guilds", g, "members", u]) => match (id_of(g), id_of(u)) {
            (Some(g), Some(u)) => {
                let member = if u == BOT_USER_ID {
                    let mut m = FakeUser::new(BOT_USER_ID, BOT_USERNAME).member_json(Some(g));
                    m["user"] = bot_user_json();
                    m
                } else {
                    shared.user(u).member_json(Some(g))
                };
                shared.check::<serenity::model::guild::Member>("member", &member);
                Reply::Json(StatusCode::OK, member)
            }
            _ => not_found(method, path),
        },
        // Discord gives a role only with Manage Roles, and only one below
        // the bot's highest role; otherwise 403, code 50013.
        ("PUT", ["guilds", g, "members", u, "roles", r]) => match (id_of(g), id_of(u), id_of(r)) {
            (Some(g), Some(u), Some(r)) => {
                let mut d = shared.data();
                match d.roles.get(&r).copied() {
                    None => Reply::Json(
                        StatusCode::NOT_FOUND,
                        json!({ "code": 10011, "message": "Unknown Role" }),
                    ),
                    Some(position) if !d.bot_manage_roles || position >= d.bot_top_role => {
                        Reply::Json(
                            StatusCode::FORBIDDEN,
                            json!({ "code": 50013, "message": "Missing Permissions" }),
                        )
                    }
                    Some(_) => {
                        let held = d.member_roles.entry((g, u)).or_default();
                        if !held.contains(&r) {
                            held.push(r);
                        }
                        Reply::NoContent
                    }
                }
            }
            _ => not_found(method, path),
        },
        ("GET", ["guilds", g, "channels"]) => {
            let g = id_of(g);
            let channels: Vec<Value> = shared
                .data()
                .channels
                .values()
                .filter(|c| c["guild_id"].as_str().and_then(id_of) == g && g.is_some())
                .cloned()
                .collect();
            Reply::Json(StatusCode::OK, json!(channels))
        }

        // ---- interactions
        ("POST", ["interactions", _, token, "callback"]) => {
            interaction_callback(shared, token, &json, &body.files);
            Reply::NoContent
        }
        ("GET" | "PATCH" | "DELETE", ["webhooks", _, token, "messages", which]) => {
            webhook_message(shared, method, token, which, &json, &body.files)
                .unwrap_or_else(|| not_found(method, path))
        }
        ("POST", ["webhooks", _, token]) => {
            let record = shared.data().interactions.get(*token).cloned();
            match record {
                Some(record) => {
                    let id = shared.new_id();
                    let m =
                        new_message(shared, id, record.channel, record.guild, &json, &body.files);
                    shared.data().messages.insert(id, m.clone());
                    Reply::Json(StatusCode::OK, m)
                }
                None => not_found(method, path),
            }
        }

        _ => not_found(method, path),
    }
}

fn channel_guild(shared: &Shared, channel: u64) -> Option<u64> {
    shared
        .data()
        .channels
        .get(&channel)
        .and_then(|c| c["guild_id"].as_str())
        .and_then(id_of)
}

fn put_commands(shared: &Shared, guild: Option<u64>, json: &Value) -> Reply {
    let commands: Vec<Value> = json
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| command_with_id(shared, guild, c))
        .collect();
    let v = json!(commands);
    shared.check::<Vec<serenity::model::application::Command>>("registered commands", &v);
    shared.data().commands.insert(guild, commands);
    Reply::Json(StatusCode::OK, v)
}

fn post_command(shared: &Shared, guild: Option<u64>, json: &Value) -> Reply {
    let command = command_with_id(shared, guild, json);
    shared.check::<serenity::model::application::Command>("registered command", &command);
    let mut data = shared.data();
    let list = data.commands.entry(guild).or_default();
    list.retain(|c| c["name"] != command["name"]);
    list.push(command.clone());
    Reply::Json(StatusCode::OK, command)
}

fn command_with_id(shared: &Shared, guild: Option<u64>, command: &Value) -> Value {
    let mut c = command.clone();
    if !c.is_object() {
        c = json!({});
    }
    c["id"] = json!(shared.new_id().to_string());
    c["application_id"] = json!(APPLICATION_ID.to_string());
    c["version"] = json!(shared.new_id().to_string());
    if c.get("type").is_none() {
        c["type"] = json!(1);
    }
    if c.get("description").is_none() {
        c["description"] = json!("");
    }
    if c.get("default_member_permissions").is_none() {
        c["default_member_permissions"] = Value::Null;
    }
    if let Some(g) = guild {
        c["guild_id"] = json!(g.to_string());
    }
    c
}

fn create_thread(shared: &Shared, id: u64, parent: u64, kind: u64, json: &Value) -> Reply {
    let guild = channel_guild(shared, parent);
    let mut thread = json!({
        "id": id.to_string(),
        "type": kind,
        "parent_id": parent.to_string(),
        "name": json["name"].as_str().unwrap_or("thread"),
        "owner_id": BOT_USER_ID.to_string(),
        "last_message_id": null,
        "rate_limit_per_user": json["rate_limit_per_user"].as_u64().unwrap_or(0),
        "message_count": 0,
        "member_count": 1,
        "total_message_sent": 0,
        "flags": 0,
        "thread_metadata": {
            "archived": false,
            "auto_archive_duration": json["auto_archive_duration"].as_u64().unwrap_or(1440),
            "archive_timestamp": TIMESTAMP,
            "locked": false,
            "create_timestamp": TIMESTAMP,
            "invitable": json["invitable"].as_bool().unwrap_or(true),
        },
    });
    if let Some(g) = guild {
        thread["guild_id"] = json!(g.to_string());
    }
    shared.check::<serenity::model::channel::GuildChannel>("thread", &thread);
    shared.data().channels.insert(id, thread.clone());
    Reply::Json(StatusCode::CREATED, thread)
}

/// Builds the attachments of a message from a create/edit payload and uploaded files.
/// Payload entries whose id names an uploaded `files[N]` become new attachments; other
/// ids keep the existing attachment with that id.
fn attachments(
    shared: &Shared,
    channel: u64,
    payload: &Value,
    files: &[RecordedFile],
    existing: &[Value],
) -> Option<Vec<Value>> {
    let new_attachment = |file: &RecordedFile, filename: &str, description: &Value| {
        let id = shared.new_id();
        let url = format!("{}/attachments/{channel}/{id}/{filename}", shared.api_base);
        shared
            .data()
            .attachment_files
            .insert(id, (file.content_type.clone(), file.bytes.clone()));
        let mut a = json!({
            "id": id.to_string(),
            "filename": filename,
            "size": file.bytes.len(),
            "url": url,
            "proxy_url": url,
            "content_type": file.content_type,
        });
        if !description.is_null() {
            a["description"] = description.clone();
        }
        if let Ok(img) = decode_png(&file.bytes) {
            a["width"] = json!(img.width());
            a["height"] = json!(img.height());
        }
        a
    };
    let file_index = |f: &RecordedFile| {
        f.field
            .strip_prefix("files[")
            .and_then(|s| s.strip_suffix(']'))
            .map(str::to_string)
    };

    match payload.get("attachments").and_then(Value::as_array) {
        Some(entries) => Some(
            entries
                .iter()
                .filter_map(|entry| {
                    let id = match &entry["id"] {
                        Value::String(s) => s.clone(),
                        Value::Number(n) => n.to_string(),
                        _ => return None,
                    };
                    if let Some(file) = files.iter().find(|f| file_index(f).as_deref() == Some(&id))
                    {
                        let filename = entry["filename"].as_str().unwrap_or(&file.filename);
                        Some(new_attachment(file, filename, &entry["description"]))
                    } else {
                        existing
                            .iter()
                            .find(|a| a["id"].as_str() == Some(&id))
                            .cloned()
                    }
                })
                .collect(),
        ),
        None if !files.is_empty() => Some(
            files
                .iter()
                .map(|f| new_attachment(f, &f.filename, &Value::Null))
                .collect(),
        ),
        None => None,
    }
}

fn new_message(
    shared: &Shared,
    id: u64,
    channel: u64,
    guild: Option<u64>,
    payload: &Value,
    files: &[RecordedFile],
) -> Value {
    let mut m = message_json(
        id,
        channel,
        guild,
        bot_user_json(),
        payload["content"].as_str().unwrap_or(""),
    );
    apply_payload(shared, &mut m, channel, payload, files);
    if let Some(reference) = payload.get("message_reference").filter(|r| r.is_object()) {
        m["type"] = json!(19);
        m["message_reference"] = reference.clone();
    }
    m["application_id"] = json!(APPLICATION_ID.to_string());
    shared.check::<serenity::model::channel::Message>("message", &m);
    m
}

fn apply_payload(
    shared: &Shared,
    m: &mut Value,
    channel: u64,
    payload: &Value,
    files: &[RecordedFile],
) {
    for key in ["content", "embeds", "components", "tts"] {
        if let Some(v) = payload.get(key).filter(|v| !v.is_null()) {
            m[key] = v.clone();
        }
    }
    if let Some(flags) = payload.get("flags").and_then(Value::as_u64) {
        m["flags"] = json!(flags);
    }
    let existing = m["attachments"].as_array().cloned().unwrap_or_default();
    if let Some(list) = attachments(shared, channel, payload, files, &existing) {
        m["attachments"] = json!(list);
    }
}

fn edit_message(
    shared: &Shared,
    id: u64,
    channel: u64,
    payload: &Value,
    files: &[RecordedFile],
) -> Value {
    let stored = shared.data().messages.get(&id).cloned();
    let mut m = stored.unwrap_or_else(|| {
        let guild = channel_guild(shared, channel);
        message_json(id, channel, guild, bot_user_json(), "")
    });
    apply_payload(shared, &mut m, channel, payload, files);
    m["edited_timestamp"] = json!(TIMESTAMP);
    shared.check::<serenity::model::channel::Message>("edited message", &m);
    shared.data().messages.insert(id, m.clone());
    m
}

/// Records the effect of an interaction callback on the fake's messages.
fn interaction_callback(shared: &Shared, token: &str, json: &Value, files: &[RecordedFile]) {
    let Some(record) = shared.data().interactions.get(token).cloned() else {
        shared.error(format!(
            "callback for an interaction the fake did not send (token {token:?})"
        ));
        return;
    };
    if let Some(rec) = shared.data().interactions.get_mut(token) {
        rec.acknowledged = true;
    }
    let data = json.get("data").cloned().unwrap_or(json!({}));
    let original = match json["type"].as_u64() {
        // CHANNEL_MESSAGE_WITH_SOURCE, DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE
        Some(4) | Some(5) => {
            let id = shared.new_id();
            let mut m = new_message(shared, id, record.channel, record.guild, &data, files);
            m["type"] = json!(20);
            m["interaction"] = json!({ "id": record.id.to_string(), "type": 2, "name": "", "user": bot_user_json() });
            if json["type"] == 5 {
                m["flags"] = json!(m["flags"].as_u64().unwrap_or(0) | 128);
            }
            shared.data().messages.insert(id, m);
            Some(id)
        }
        // DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE
        Some(6) | Some(7) => {
            if let Some(message) = record.message {
                if json["type"] == 7 {
                    edit_message(shared, message, record.channel, &data, files);
                }
            }
            record.message
        }
        _ => None,
    };
    if let Some(rec) = shared.data().interactions.get_mut(token) {
        rec.original = original.or(rec.original);
    }
}

fn webhook_message(
    shared: &Shared,
    method: &str,
    token: &str,
    which: &str,
    json: &Value,
    files: &[RecordedFile],
) -> Option<Reply> {
    let record = shared.data().interactions.get(token).cloned()?;
    let id = if which == "@original" {
        record.original?
    } else {
        id_of(which)?
    };
    match method {
        "GET" => shared
            .data()
            .messages
            .get(&id)
            .cloned()
            .map(|m| Reply::Json(StatusCode::OK, m)),
        "PATCH" => {
            let m = edit_message(shared, id, record.channel, json, files);
            Some(Reply::Json(StatusCode::OK, m))
        }
        _ => {
            shared.data().messages.remove(&id);
            Some(Reply::NoContent)
        }
    }
}

// ---------------------------------------------------------------------------------------
// What real Discord refuses
// ---------------------------------------------------------------------------------------

/// One broken rule: where (a dotted path into the form, as in Discord's `errors`),
/// Discord's error code, and its message.
type Problem = (String, &'static str, String);

/// Discord's answer to a form it refuses: `400 {"code":50035,"errors":{...},
/// "message":"Invalid Form Body"}`, `errors` nested by field path down to
/// `{"_errors":[{"code","message"}]}`.
pub fn invalid_form_body(problems: &[Problem]) -> Value {
    let mut errors = json!({});
    for (path, code, message) in problems {
        let mut at = &mut errors;
        for part in path.split('.').filter(|p| !p.is_empty()) {
            if at.get(part).is_none() {
                at[part] = json!({});
            }
            at = &mut at[part];
        }
        if at.get("_errors").is_none() {
            at["_errors"] = json!([]);
        }
        at["_errors"]
            .as_array_mut()
            .expect("_errors is an array")
            .push(json!({ "code": code, "message": message }));
    }
    json!({ "code": 50035, "errors": errors, "message": "Invalid Form Body" })
}

fn max_len(problems: &mut Vec<Problem>, path: String, value: &str, min: usize, max: usize) {
    let n = value.chars().count();
    if n < min || n > max {
        problems.push((
            path,
            "BASE_TYPE_BAD_LENGTH",
            format!("Must be between {min} and {max} in length."),
        ));
    }
}

fn join(path: &str, key: impl std::fmt::Display) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// `^[-_\p{L}\p{N}]{1,32}$` and lower case.
fn command_name_ok(name: &str) -> bool {
    (1..=32).contains(&name.chars().count())
        && name
            .chars()
            .all(|c| c == '-' || c == '_' || c.is_alphabetic() || c.is_numeric())
        && name.to_lowercase() == name
}

/// The rules of a slash command (or an option, recursively); returns the
/// characters counted towards the 4,000 of a command.
fn check_command_part(
    v: &Value,
    path: &str,
    is_option: bool,
    problems: &mut Vec<Problem>,
) -> usize {
    let name = v["name"].as_str().unwrap_or("");
    let description = v["description"].as_str().unwrap_or("");
    let kind = v["type"].as_u64().unwrap_or(1);
    if !command_name_ok(name) {
        problems.push((
            join(path, "name"),
            "APPLICATION_COMMAND_INVALID_NAME",
            format!("Command name is invalid: {name:?}"),
        ));
    }
    // Descriptions: chat input commands and every option.
    if is_option || kind == 1 {
        max_len(problems, join(path, "description"), description, 1, 100);
    }
    let mut chars = name.chars().count() + description.chars().count();
    if let Some(choices) = v.get("choices").and_then(Value::as_array) {
        if choices.len() > 25 {
            problems.push((
                join(path, "choices"),
                "BASE_TYPE_MAX_LENGTH",
                "Must be 25 or fewer in length.".into(),
            ));
        }
        if !choices.is_empty() && v["autocomplete"] == true {
            problems.push((
                join(path, "autocomplete"),
                "APPLICATION_COMMAND_OPTION_CHOICES_AND_AUTOCOMPLETE",
                "Autocomplete cannot be enabled on an option with choices.".into(),
            ));
        }
        for (i, c) in choices.iter().enumerate() {
            let at = join(&join(path, "choices"), i);
            let cname = c["name"].as_str().unwrap_or("");
            max_len(problems, join(&at, "name"), cname, 1, 100);
            chars += cname.chars().count();
            if let Some(value) = c["value"].as_str() {
                max_len(problems, join(&at, "value"), value, 1, 100);
                chars += value.chars().count();
            }
        }
    }
    if let Some(options) = v.get("options").and_then(Value::as_array) {
        let at = join(path, "options");
        if options.len() > 25 {
            problems.push((
                at.clone(),
                "BASE_TYPE_MAX_LENGTH",
                "Must be 25 or fewer in length.".into(),
            ));
        }
        let subs = options
            .iter()
            .filter(|o| matches!(o["type"].as_u64(), Some(1 | 2)))
            .count();
        if subs > 0 && subs < options.len() {
            problems.push((
                at.clone(),
                "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                "Sub-command and sub-command group option types are mutually exclusive to all other types".into(),
            ));
        }
        let mut seen_optional = false;
        let mut names = std::collections::HashSet::new();
        for (i, o) in options.iter().enumerate() {
            let here = join(&at, i);
            let required = o["required"] == true;
            if required && seen_optional {
                problems.push((
                    join(&here, "required"),
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options".into(),
                ));
            }
            seen_optional |= !required;
            if !names.insert(o["name"].as_str().unwrap_or("").to_string()) {
                problems.push((
                    join(&here, "name"),
                    "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                    "Option name already exists".into(),
                ));
            }
            chars += check_command_part(o, &here, true, problems);
        }
    }
    if !is_option && chars > 4000 {
        problems.push((
            path.to_string(),
            "APPLICATION_COMMAND_TOO_LARGE",
            format!("Command exceeds maximum size (4000): {chars}"),
        ));
    }
    chars
}

/// Discord's rules for the commands of a bulk overwrite (`PUT .../commands`).
pub fn command_problems(commands: &Value) -> Vec<Problem> {
    let mut problems = Vec::new();
    let Some(list) = commands.as_array() else {
        problems.push((String::new(), "BASE_TYPE_ARRAY", "Must be an array.".into()));
        return problems;
    };
    if list.len() > 100 {
        problems.push((
            String::new(),
            "BASE_TYPE_MAX_LENGTH",
            "Must be 100 or fewer in length.".into(),
        ));
    }
    for (i, c) in list.iter().enumerate() {
        check_command_part(c, &i.to_string(), false, &mut problems);
    }
    problems
}

/// Discord's rules for one button: a link button (style 5) has a url (http,
/// https or discord, at most 512 characters) and no custom id; every other
/// style has a custom id and no url.
fn button_problems(c: &Value, at: &str, problems: &mut Vec<Problem>) {
    let has_id = c.get("custom_id").is_some_and(|v| !v.is_null());
    let url = c.get("url").filter(|v| !v.is_null());
    if c["style"] == 5 {
        match url.and_then(Value::as_str) {
            None => problems.push((
                format!("{at}.url"),
                "BUTTON_COMPONENT_URL_REQUIRED",
                "A url is required".into(),
            )),
            Some(u) => {
                max_len(problems, format!("{at}.url"), u, 1, 512);
                if !["http://", "https://", "discord://"]
                    .iter()
                    .any(|s| u.starts_with(s))
                {
                    problems.push((
                        format!("{at}.url"),
                        "URL_TYPE_INVALID_URL",
                        "Not a well formed URL.".into(),
                    ));
                }
            }
        }
        if has_id {
            problems.push((
                format!("{at}.custom_id"),
                "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
                "A custom id cannot be set on a link button".into(),
            ));
        }
    } else {
        if !has_id {
            problems.push((
                format!("{at}.custom_id"),
                "BUTTON_COMPONENT_CUSTOM_ID_REQUIRED",
                "A custom id is required".into(),
            ));
        }
        if url.is_some() {
            problems.push((
                format!("{at}.url"),
                "BUTTON_COMPONENT_URL_NOT_ALLOWED",
                "A url can only be set on a link button".into(),
            ));
        }
    }
}

/// Discord's rules for a message payload (create, edit, follow-up, interaction
/// response). `files`: how many files come with it.
pub fn message_problems(m: &Value, files: usize, creating: bool) -> Vec<Problem> {
    let mut problems = Vec::new();
    let content = m["content"].as_str().unwrap_or("");
    if content.chars().count() > 2000 {
        problems.push((
            "content".into(),
            "BASE_TYPE_MAX_LENGTH",
            "Must be 2000 or fewer in length.".into(),
        ));
    }
    let rows = m["components"].as_array().map_or(&[][..], Vec::as_slice);
    if rows.len() > 5 {
        problems.push((
            "components".into(),
            "BASE_TYPE_MAX_LENGTH",
            "Must be 5 or fewer in length.".into(),
        ));
    }
    for (i, row) in rows.iter().enumerate() {
        let at = format!("components.{i}.components");
        let inner = row["components"].as_array().map_or(&[][..], Vec::as_slice);
        if inner.len() > 5 {
            problems.push((
                at.clone(),
                "BASE_TYPE_MAX_LENGTH",
                "Must be 5 or fewer in length.".into(),
            ));
        }
        for (j, c) in inner.iter().enumerate() {
            if let Some(id) = c["custom_id"].as_str() {
                max_len(&mut problems, format!("{at}.{j}.custom_id"), id, 1, 100);
            }
            if c["type"] == 2 {
                button_problems(c, &format!("{at}.{j}"), &mut problems);
            }
            if let Some(label) = c["label"].as_str() {
                max_len(&mut problems, format!("{at}.{j}.label"), label, 0, 80);
            }
        }
    }
    for (i, a) in m["attachments"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
    {
        if let Some(d) = a["description"].as_str() {
            max_len(
                &mut problems,
                format!("attachments.{i}.description"),
                d,
                0,
                1024,
            );
        }
    }
    if let Some(am) = m.get("allowed_mentions").filter(|v| v.is_object()) {
        let parse = parse_kinds(am);
        for (key, kind) in [("users", "users"), ("roles", "roles")] {
            if parse.contains(&kind) && am[key].as_array().is_some_and(|l| !l.is_empty()) {
                problems.push((
                    format!("allowed_mentions.{key}"),
                    "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                    format!("parse:[\"{kind}\"] and {key}: [ids] are mutually exclusive."),
                ));
            }
        }
    }
    if let Some(n) = m["nonce"].as_str() {
        max_len(&mut problems, "nonce".into(), n, 0, MAX_NONCE);
    }
    let has_body = !content.is_empty()
        || files > 0
        || !rows.is_empty()
        || m["embeds"].as_array().is_some_and(|e| !e.is_empty())
        || m["sticker_ids"].as_array().is_some_and(|e| !e.is_empty());
    if creating && !has_body {
        problems.push((
            "content".into(),
            "BASE_TYPE_REQUIRED",
            "Cannot send an empty message".into(),
        ));
    }
    problems
}

fn refuse(problems: Vec<Problem>) -> Option<Reply> {
    (!problems.is_empty())
        .then(|| Reply::Json(StatusCode::BAD_REQUEST, invalid_form_body(&problems)))
}

/// What real Discord refuses that the routes above would accept: `Some(answer)`.
fn refusal(
    shared: &Shared,
    method: &str,
    segs: &[&str],
    json: &Value,
    body: &ParsedBody,
) -> Option<Reply> {
    let files = body.files.len();
    match (method, segs) {
        ("PUT", ["applications", _, "commands"])
        | ("PUT", ["applications", _, "guilds", _, "commands"]) => refuse(command_problems(json)),
        ("POST", ["applications", _, "commands"])
        | ("POST", ["applications", _, "guilds", _, "commands"]) => {
            refuse(command_problems(&json!([json])))
        }
        ("POST", ["channels", _, "messages"]) | ("POST", ["webhooks", _, _]) => {
            refuse(message_problems(json, files, true))
        }
        ("PATCH", ["channels", _, "messages", _])
        | ("PATCH", ["webhooks", _, _, "messages", _]) => {
            refuse(message_problems(json, files, false))
        }
        ("POST", ["channels", _, "threads"])
        | ("POST", ["channels", _, "messages", _, "threads"]) => {
            let mut problems = Vec::new();
            max_len(
                &mut problems,
                "name".into(),
                json["name"].as_str().unwrap_or(""),
                1,
                100,
            );
            refuse(problems)
        }
        ("POST", ["interactions", _, token, "callback"]) => {
            let (record, deadline) = {
                let data = shared.data();
                (
                    data.interactions.get(*token).cloned(),
                    *shared
                        .interaction_deadline
                        .lock()
                        .unwrap_or_else(|e| e.into_inner()),
                )
            };
            let record = record?;
            if record.acknowledged {
                return Some(Reply::Json(
                    StatusCode::BAD_REQUEST,
                    json!({ "message": "Interaction has already been acknowledged.", "code": 40060 }),
                ));
            }
            if record.arrived.elapsed() > deadline {
                return Some(Reply::Json(
                    StatusCode::NOT_FOUND,
                    json!({ "message": "Unknown interaction", "code": 10062 }),
                ));
            }
            let data = json.get("data").cloned().unwrap_or(json!({}));
            let mut problems = match json["type"].as_u64() {
                Some(4) => message_problems(&data, files, true),
                Some(7) => message_problems(&data, files, false),
                Some(8) => {
                    let mut p = Vec::new();
                    let choices = data["choices"].as_array().map_or(&[][..], Vec::as_slice);
                    if choices.len() > 25 {
                        p.push((
                            "data.choices".into(),
                            "BASE_TYPE_MAX_LENGTH",
                            "Must be 25 or fewer in length.".into(),
                        ));
                    }
                    for (i, c) in choices.iter().enumerate() {
                        max_len(
                            &mut p,
                            format!("data.choices.{i}.name"),
                            c["name"].as_str().unwrap_or(""),
                            1,
                            100,
                        );
                        if let Some(v) = c["value"].as_str() {
                            max_len(&mut p, format!("data.choices.{i}.value"), v, 1, 100);
                        }
                    }
                    return refuse(p);
                }
                _ => Vec::new(),
            };
            for p in &mut problems {
                p.0 = format!("data.{}", p.0);
            }
            refuse(problems)
        }
        _ => None,
    }
}

/// A guild object as Discord sends it (the fields GUILD_CREATE and
/// `GET /guilds/{id}` share), owned by user 1.
fn guild_json(guild: u64, name: &str, roles: Vec<Value>) -> Value {
    json!({
        "id": guild.to_string(),
        "name": name,
        "icon": null,
        "splash": null,
        "discovery_splash": null,
        "owner_id": "1",
        "afk_channel_id": null,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": roles,
        "emojis": [],
        "features": [],
        "mfa_level": 0,
        "application_id": null,
        "system_channel_id": null,
        "system_channel_flags": 0,
        "rules_channel_id": null,
        "vanity_url_code": null,
        "description": null,
        "banner": null,
        "premium_tier": 0,
        "preferred_locale": "en-US",
        "public_updates_channel_id": null,
        "nsfw_level": 0,
        "premium_progress_bar_enabled": false,
        "stickers": [],
    })
}

/// A role object as Discord sends it.
fn role_json(id: u64, name: &str, position: i64, permissions: u64) -> Value {
    json!({
        "id": id.to_string(),
        "name": name,
        "color": 0,
        "colors": { "primary_color": 0, "secondary_color": null, "tertiary_color": null },
        "hoist": false,
        "icon": null,
        "unicode_emoji": null,
        "position": position,
        "permissions": permissions.to_string(),
        "managed": false,
        "mentionable": false,
        "flags": 0,
    })
}
