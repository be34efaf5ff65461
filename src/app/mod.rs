//! The use cases: challenge, accept, play a move, resign, draw, takeback...
//! Plain functions over the store and the rules, returning [`Response`]s
//! (text, PNG attachments, buttons) that know nothing of Discord. The
//! Discord adapter and the console both call [`App::handle`].
//!
//! Mentions in reply text use Discord's markup (`<@USER>`, `<#CHANNEL>`);
//! the console turns them into `@name` / `#channel`.

pub mod analysis;
pub mod bot;
mod clock;
pub mod commands;
mod table_png;
mod time;
mod tournaments;
pub mod view;

pub use time::{parse_span as time_span, TimeControl};

use crate::notation::{
    self, explain, format_played, format_square, parse_move, resolve_square, turn_of, PlayError,
    Record,
};
use crate::rules::{Game, Outcome, Reason, Ruleset, Side, VARIANTS};
use crate::store::{
    AppendError, Challenge, GameRow, GameState, NewChallenge, NewGame, NewMove, OfferKind, Store,
    StoreError,
};

/// A person, by platform id and display name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    pub id: String,
    pub name: String,
}

/// Who says what, where and when.
#[derive(Clone, Debug)]
pub struct Ctx {
    pub server: String,
    pub channel: String,
    pub user: User,
    /// Unix seconds (the console's clock may run ahead of the wall clock).
    pub now: i64,
    /// The id of the message or interaction: a move is applied once per source.
    pub source: String,
    /// The user has the Manage Server permission.
    pub manage_server: bool,
    /// Users named by mentions or user options, with their display names.
    pub mentioned: Vec<User>,
}

/// What came in.
#[derive(Clone, Debug)]
pub enum Input {
    /// A plain message. `addressed`: it mentions the bot or replies to it.
    Message { text: String, addressed: bool },
    /// A slash command with its options as text (user options as user ids).
    Slash {
        name: String,
        args: Vec<(String, String)>,
    },
    /// A button press, by the button's id.
    Button { id: String },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    pub name: String,
    pub bytes: Vec<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    Primary,
    Secondary,
    Danger,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    pub id: String,
    pub label: String,
    pub style: ButtonStyle,
}

/// Where a reply goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// Answer to the input (the interaction, or the channel of the message).
    Here,
    /// A message in another channel.
    Channel(String),
    /// A direct message to a user.
    Dm(String),
}

/// One message to send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub target: Target,
    pub text: String,
    pub files: Vec<Attachment>,
    pub buttons: Vec<Button>,
    /// Only the user who asked sees it (slash commands and buttons).
    pub ephemeral: bool,
}

impl Reply {
    pub fn text(text: impl Into<String>) -> Reply {
        Reply {
            target: Target::Here,
            text: text.into(),
            files: Vec::new(),
            buttons: Vec::new(),
            ephemeral: false,
        }
    }
    /// A refusal or notice for the user alone.
    pub fn private(text: impl Into<String>) -> Reply {
        Reply {
            ephemeral: true,
            ..Reply::text(text)
        }
    }
    fn with_png(mut self, name: &str, bytes: Vec<u8>) -> Reply {
        if !bytes.is_empty() {
            self.files.push(Attachment {
                name: name.into(),
                bytes,
            });
        }
        self
    }
    /// The same reply, posted in `channel`.
    pub fn to_channel(self, channel: &str) -> Reply {
        self.to(Target::Channel(channel.to_string()))
    }
    fn to(mut self, target: Target) -> Reply {
        self.target = target;
        self
    }
}

/// Something the front end must do and report back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Open a thread under `parent` named `name`, then call
    /// [`App::start_in_thread`] with its channel id.
    OpenThread {
        parent: String,
        name: String,
        challenge: i64,
    },
    /// Open a thread under `parent` named `name` for a tournament match,
    /// then call [`App::start_match_in_thread`] with its channel id.
    OpenMatchThread {
        parent: String,
        name: String,
        match_id: i64,
    },
    /// Run [`App::bot_turn`]`(game, expected_moves)` off the async threads
    /// (on the engine pool) and post its response.
    BotTurn { game: i64, expected_moves: u32 },
}

/// Everything the app answers to one input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Response {
    pub replies: Vec<Reply>,
    pub effects: Vec<Effect>,
}

impl Response {
    fn one(r: Reply) -> Response {
        Response {
            replies: vec![r],
            effects: Vec::new(),
        }
    }
    fn none() -> Response {
        Response::default()
    }
    /// Appends another response's replies and effects.
    fn extend(&mut self, other: Response) {
        self.replies.extend(other.replies);
        self.effects.extend(other.effects);
    }
}

/// A challenge lasts a day.
pub const CHALLENGE_TTL: i64 = 24 * 3600;
const MAX_TEXT: usize = 2000;
/// The pseudo-option stored with a challenge that asks for a thread.
const THREAD_FLAG: &str = "thread";

/// The application: the store plus the rules.
#[derive(Clone)]
pub struct App {
    store: Store,
    theme: String,
}

fn mention(id: &str) -> String {
    if id == BOT_ID {
        return "tawlbot".into();
    }
    format!("<@{id}>")
}

fn store_err(e: impl std::fmt::Display) -> Response {
    tracing::error!("store error: {e}");
    Response::one(Reply::private(
        "Sorry: the game database failed, so nothing was changed. Try again in a moment.",
    ))
}

fn outcome_sentence(game: &Game, o: Outcome) -> String {
    let rules = game.rules();
    let last = game.last();
    let win = |s: Side| {
        let n = rules.side_name(s);
        let n = n[..1].to_uppercase() + &n[1..];
        if n.ends_with('s') {
            format!("{n} win")
        } else {
            format!("{n} wins")
        }
    };
    let at = |f: fn(&crate::rules::Played) -> Option<crate::rules::Square>| {
        last.and_then(f)
            .map(|s| format_square(rules, s))
            .unwrap_or_default()
    };
    match (o.reason, o.winner) {
        (Reason::KingEscaped, Some(s)) => {
            format!("The king escaped to {}. {}!", at(|p| Some(p.mv.to)), win(s))
        }
        (Reason::KingCaptured, Some(s)) => format!("The king is captured. {}!", win(s)),
        (Reason::OnePieceLeft, Some(s)) => {
            format!(
                "{} have one piece left. {}!",
                rules.side_name(s.other()),
                win(s)
            )
        }
        (Reason::DuxImmobile, Some(s)) => format!(
            "The {} dux cannot move. {}!",
            rules.side_name(s.other()),
            win(s)
        ),
        (Reason::NoLegalMove, Some(s)) => format!(
            "The {} have no legal move. {}!",
            rules.side_name(s.other()),
            win(s)
        )
        .replace("The white have", "White has")
        .replace("The black have", "Black has"),
        (Reason::Repetition, Some(s)) => format!(
            "Every move left to {} would repeat a position a third time. {}!",
            rules.side_name(s.other()),
            win(s)
        ),
        (Reason::MoveLimit, _) => "100 moves without a capture: the game is drawn.".into(),
        (Reason::Resignation, Some(s)) => {
            format!("The {} resigned. {}!", rules.side_name(s.other()), win(s))
        }
        (Reason::Timeout, Some(s)) => format!(
            "The {} ran out of time. {}!",
            rules.side_name(s.other()),
            win(s)
        ),
        (Reason::DrawAgreed, _) => "Drawn by agreement.".into(),
        (_, None) => "The game is drawn.".into(),
    }
}

/// A game loaded from the store and replayed through the rules.
pub struct Loaded {
    pub row: GameRow,
    pub game: Game,
    /// Player ids by side: `[first, second]`.
    pub players: [String; 2],
}

impl Loaded {
    fn side_of(&self, user: &str) -> Option<Side> {
        if self.players[0] == user {
            Some(Side::First)
        } else if self.players[1] == user {
            Some(Side::Second)
        } else {
            None
        }
    }
}

fn rules_of(variant: &str, options: &[String]) -> Result<Ruleset, String> {
    let opts: Vec<String> = options
        .iter()
        .filter(|o| *o != THREAD_FLAG && !o.starts_with(bot::LEVEL_PREFIX))
        .cloned()
        .collect();
    Ruleset::from_spec(variant, &opts)
}

fn arg<'a>(args: &'a [(String, String)], name: &str) -> Option<&'a str> {
    args.iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.trim())
        .filter(|v| !v.is_empty())
}

fn truthy(v: Option<&str>) -> bool {
    matches!(
        v.map(str::to_ascii_lowercase).as_deref(),
        Some("true" | "yes" | "1" | "on")
    )
}

fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').chars().take(60).collect()
}

impl App {
    pub fn new(store: Store) -> App {
        App {
            store,
            theme: "light".into(),
        }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    fn name_of(&self, id: &str) -> String {
        self.store
            .get_player(id)
            .ok()
            .flatten()
            .map(|p| p.display_name)
            .unwrap_or_else(|| id.to_string())
    }
    /// Keeps players' display names current. A read first: most inputs come
    /// from known players under the same name, and a write (a commit) per
    /// input would double the cost of a move.
    fn remember(&self, ctx: &Ctx) {
        for u in std::iter::once(&ctx.user).chain(&ctx.mentioned) {
            if u.id.is_empty() {
                continue;
            }
            let known = self.store.get_player(&u.id).ok().flatten();
            if known.is_none_or(|p| p.display_name != u.name) {
                let _ = self.store.upsert_player(&u.id, &u.name);
            }
        }
    }

    /// Loads a game by replaying its stored moves through the rules.
    pub fn load(&self, row: GameRow) -> Result<Loaded, String> {
        let rules = rules_of(&row.variant, &row.options)?;
        let first = rules.parse_side(&row.first_side);
        let mut game = Game::with_first(rules, row.seed, first);
        let moves = self.store.moves(row.id).map_err(|e| e.to_string())?;
        for m in &moves {
            notation::replay_text(&mut game, &m.text).map_err(|e| {
                format!(
                    "stored move {} of game {}: {}",
                    m.text,
                    row.id,
                    explain(game.rules(), &e)
                )
            })?;
        }
        match (row.state, row.reason.as_deref().and_then(Reason::parse)) {
            (GameState::Finished, Some(reason)) if !game.is_over() => {
                let winner = row
                    .result
                    .as_deref()
                    .and_then(|r| game.rules().parse_side(r));
                match (reason, winner) {
                    (Reason::Resignation, Some(w)) => game.resign(w.other()),
                    (Reason::Timeout, Some(w)) => game.time_out(w.other()),
                    _ => game.agree_draw(),
                }
            }
            _ => {}
        }
        let players = [row.first_player.clone(), row.second_player.clone()];
        Ok(Loaded { row, game, players })
    }

    fn names_of(&self, l: &Loaded) -> [String; 2] {
        [self.name_of(&l.players[0]), self.name_of(&l.players[1])]
    }

    /// The game record; `names` are the players' display names by side.
    fn record_of(&self, l: &Loaded, names: &[String; 2]) -> Record {
        let rules = l.game.rules();
        let mut headers = vec![
            ("Variant".to_string(), rules.variant.to_string()),
            ("Options".to_string(), rules.options.join(" ")),
            ("Seed".to_string(), l.row.seed.to_string()),
            (
                "First".to_string(),
                rules.side_name(l.game.first()).to_string(),
            ),
            (capitalise(rules.side_name(Side::First)), names[0].clone()),
            (capitalise(rules.side_name(Side::Second)), names[1].clone()),
            ("Game".to_string(), l.row.id.to_string()),
            ("Started".to_string(), time::date(l.row.created_at)),
            ("TimeControl".to_string(), l.row.time_control.clone()),
        ];
        if let Some(f) = l.row.finished_at {
            headers.push(("Ended".into(), time::date(f)));
        }
        headers.push((
            "Result".into(),
            crate::cli::result_word(&l.game).to_string(),
        ));
        if let Some(o) = l.game.outcome() {
            headers.push(("Reason".into(), o.reason.as_str().into()));
        }
        Record {
            headers,
            moves: l
                .game
                .record()
                .iter()
                .map(|p| format_played(rules, p))
                .collect(),
        }
    }

    fn picture(&self, l: &Loaded, dots: &[crate::rules::Square]) -> Vec<u8> {
        // Display names read once for both the caption and the record.
        let names = self.names_of(l);
        let cap = view::caption(&l.game, [&names[0], &names[1]]);
        view::picture(&l.game, dots, cap, &self.record_of(l, &names), &self.theme)
    }

    fn board_reply(&self, l: &Loaded, text: String, dots: &[crate::rules::Square]) -> Reply {
        Reply::text(text).with_png(&format!("game-{}.png", l.row.id), self.picture(l, dots))
    }
    /// The message that opens a game: `title` (with its closing punctuation),
    /// the players by side, the coin
    /// toss where there is one, and whose move it is.
    pub(crate) fn opening_text(&self, l: &Loaded, title: &str) -> String {
        let rules = l.game.rules();
        let mut text = format!(
            "{title} {} ({}) against {} ({}).",
            mention(&l.players[0]),
            rules.side_name(Side::First),
            mention(&l.players[1]),
            rules.side_name(Side::Second),
        );
        if rules.first.is_none() {
            text.push_str(&format!(
                " The coin toss goes to {}.",
                rules.side_name(l.game.first())
            ));
        }
        text.push(' ');
        text.push_str(&self.status_line(l));
        text
    }

    /// Whose move it is (or the result), as of the game's last change.
    pub(crate) fn status_line(&self, l: &Loaded) -> String {
        self.status_line_at(l, l.row.updated_at)
    }

    /// Whose move it is (or the result), with the time left at `now`.
    fn status_line_at(&self, l: &Loaded, now: i64) -> String {
        let rules = l.game.rules();
        match (l.game.outcome(), l.game.to_move()) {
            (Some(o), _) => outcome_sentence(&l.game, o),
            (None, Some(s)) => {
                let mut t = format!(
                    "{} to move ({}), move {}.",
                    mention(&l.players[s.index()]),
                    rules.side_name(s),
                    l.game.record().len() + 1
                );
                if rules.dice {
                    if let Some(th) = l.game.throws().last() {
                        t.push_str(&format!(" The die shows {}.", th.value));
                    }
                }
                if l.row.paused {
                    t.push_str(" The clock is paused.");
                } else if let Some(d) = l.row.deadline {
                    t.push_str(&format!(" Time left: {}.", time::span(d - now)));
                }
                t
            }
            (None, None) => String::new(),
        }
    }

    /// Handles one input.
    pub fn handle(&self, ctx: &Ctx, input: Input) -> Response {
        self.remember(ctx);
        match input {
            Input::Message { text, addressed } => self.message(ctx, &text, addressed),
            Input::Slash { name, args } => self.slash(ctx, &name, &args),
            Input::Button { id } => self.button(ctx, &id),
        }
    }

    fn message(&self, ctx: &Ctx, text: &str, addressed: bool) -> Response {
        let text = strip_mentions(text);
        if text.len() > MAX_TEXT {
            return Response::none();
        }
        if parse_move(&text).is_err() {
            if addressed {
                return Response::one(Reply::text(
                    "I read moves like e1-e4 (or @14-@44 in goedhboell). Type /help for everything else.",
                ));
            }
            return Response::none();
        }
        let Ok(Some(row)) = self.store.active_game_in_channel(&ctx.channel) else {
            return if addressed {
                Response::one(Reply::text(
                    "There is no game in this channel. Start one with /challenge.",
                ))
            } else {
                Response::none()
            };
        };
        // Moves from onlookers are ignored quietly: the channel is theirs to talk in.
        if row.first_player != ctx.user.id && row.second_player != ctx.user.id {
            return Response::none();
        }
        self.play(ctx, row, &text, false)
    }

    fn slash(&self, ctx: &Ctx, name: &str, args: &[(String, String)]) -> Response {
        match name {
            "challenge" => self.challenge(ctx, args),
            "accept" => self.accept(ctx, arg(args, "id")),
            "decline" => self.decline(ctx, arg(args, "id")),
            "move" => match arg(args, "move") {
                None => Response::one(Reply::private("Write the move, like /move move:e1-e4.")),
                Some(m) => self.slash_move(ctx, m),
            },
            "board" => self.board(ctx),
            "moves" => self.show_moves(ctx, arg(args, "square").unwrap_or("")),
            "history" => self.history(ctx),
            "resign" => self.resign(ctx),
            "draw" => self.offer(ctx, OfferKind::Draw, arg(args, "action")),
            "takeback" => self.offer(ctx, OfferKind::Takeback, arg(args, "action")),
            "pause" => self.offer(ctx, OfferKind::Pause, arg(args, "action")),
            "resume" => self.offer(ctx, OfferKind::Resume, arg(args, "action")),
            "notify" => Response::one(self.set_notify(&ctx.user.id, arg(args, "how"))),
            "rules" => self.rules(arg(args, "variant")),
            "games" => self.games(ctx),
            "game" => self.show_game(arg(args, "id"), ctx.now),
            "mygames" => self.my_games(ctx),
            "export" => self.export(ctx),
            "help" => Response::one(Reply::private(help_text())),
            "analysis" => analysis::command(self, ctx, arg(args, "game"), &mut |_| {}),
            "leaderboard" | "profile" => tournaments::ratings_command(self, ctx, name, args),
            t if t == "tournament" || t.starts_with("tournament ") => {
                tournaments::command(self, ctx, t.trim_start_matches("tournament").trim(), args)
            }
            other => {
                let shown: String = other.chars().take(32).collect();
                Response::one(Reply::private(format!(
                    "There is no /{shown} command. Type /help to see them all."
                )))
            }
        }
    }

    fn button(&self, ctx: &Ctx, id: &str) -> Response {
        let (verb, rest) = id.split_once(':').unwrap_or((id, ""));
        match verb {
            "accept" => self.accept(ctx, Some(rest)),
            "decline" => self.decline(ctx, Some(rest)),
            "draw" => self.offer(ctx, OfferKind::Draw, Some(rest)),
            "takeback" => self.offer(ctx, OfferKind::Takeback, Some(rest)),
            "pause" => self.offer(ctx, OfferKind::Pause, Some(rest)),
            "resume" => self.offer(ctx, OfferKind::Resume, Some(rest)),
            _ => Response::one(Reply::private("That button no longer does anything.")),
        }
    }

    // ------------------------------------------------------------ challenges

    fn challenge(&self, ctx: &Ctx, args: &[(String, String)]) -> Response {
        let variant = arg(args, "variant").unwrap_or("tawlbwrdd");
        let mut options: Vec<String> = arg(args, "options")
            .map(|o| {
                o.split([',', ' '])
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default();
        let rules = match Ruleset::from_spec(variant, &options) {
            Ok(r) => r,
            Err(e) => return Response::one(Reply::private(e)),
        };
        let opponent = arg(args, "opponent").map(|o| {
            o.trim_start_matches("<@")
                .trim_start_matches('@')
                .trim_end_matches('>')
                .to_string()
        });
        if opponent.as_deref() == Some(ctx.user.id.as_str()) {
            return Response::one(Reply::private("You cannot challenge yourself: challenge a friend, or leave the opponent out for an open challenge."));
        }
        let against_bot = opponent.as_deref() == Some(BOT_ID)
            || ctx.mentioned.iter().any(|u| {
                Some(&u.id) == opponent.as_ref() && u.name.eq_ignore_ascii_case("tawlbot")
            });
        let opponent = if against_bot {
            Some(BOT_ID.to_string())
        } else {
            opponent
        };
        let level = match bot::parse_level(arg(args, "level")) {
            Ok(l) => l,
            Err(e) => return Response::one(Reply::private(e)),
        };
        let side = match arg(args, "side").map(str::to_ascii_lowercase) {
            None => None,
            Some(s) if s == "random" => None,
            Some(s) => match rules.parse_side(&s) {
                Some(side) => Some(rules.side_name(side).to_string()),
                None => {
                    return Response::one(Reply::private(format!(
                        "In {} the sides are {} and {}.",
                        rules.name,
                        rules.side_name(Side::First),
                        rules.side_name(Side::Second)
                    )))
                }
            },
        };
        let tc = match TimeControl::parse(arg(args, "time").unwrap_or("3d")) {
            Ok(t) => t,
            Err(e) => return Response::one(Reply::private(e)),
        };
        if let Ok(Some(g)) = self.store.active_game_in_channel(&ctx.channel) {
            if !truthy(arg(args, "thread")) {
                return Response::one(Reply::private(format!(
                    "This channel already has a game (game {}). Finish it first, or add thread:true to play in a thread.",
                    g.id
                )));
            }
        }
        options = rules.options.clone();
        if truthy(arg(args, "thread")) {
            options.push(THREAD_FLAG.into());
        }
        if against_bot {
            options.push(format!("{}{level}", bot::LEVEL_PREFIX));
        }
        let ch = NewChallenge {
            server_id: ctx.server.clone(),
            channel_id: ctx.channel.clone(),
            challenger_id: ctx.user.id.clone(),
            opponent_id: opponent.clone(),
            variant: rules.variant.to_string(),
            options,
            challenger_side: side.clone(),
            time_control: tc.to_string(),
            rated: truthy(arg(args, "rated")) && !against_bot,
            created_at: ctx.now,
            expires_at: Some(ctx.now + CHALLENGE_TTL),
        };
        let id = match self.store.create_challenge(&ch) {
            Ok(id) => id,
            Err(e) => return store_err(e),
        };
        if against_bot {
            // The bot accepts at once.
            return match self.store.get_challenge(id) {
                Ok(Some(c)) => self.accept_for_bot(ctx, &c),
                Ok(None) => Response::none(),
                Err(e) => store_err(e),
            };
        }
        let who = match &opponent {
            Some(o) => format!("{} challenges {}", mention(&ctx.user.id), mention(o)),
            None => format!(
                "{} posts an open challenge: anyone may take it",
                mention(&ctx.user.id)
            ),
        };
        let spec = if rules.options.is_empty() {
            rules.name.to_string()
        } else {
            format!("{} ({})", rules.name, rules.options.join(", "))
        };
        let side_txt = side
            .map(|s| format!(", playing the {s}"))
            .unwrap_or_default();
        let text = format!(
            "{who} to a{} game of {spec}{side_txt}, {}. Challenge {id}: press Accept or type /accept (it expires in a day).",
            if ch.rated { " rated" } else { "" },
            tc.describe()
        );
        let mut r = Reply::text(text);
        r.buttons = vec![
            Button {
                id: format!("accept:{id}"),
                label: "Accept".into(),
                style: ButtonStyle::Primary,
            },
            Button {
                id: format!("decline:{id}"),
                label: "Decline".into(),
                style: ButtonStyle::Secondary,
            },
        ];
        Response::one(r)
    }

    fn find_challenge(&self, ctx: &Ctx, id: Option<&str>) -> Result<Challenge, Response> {
        if let Some(id) = id {
            let n: i64 = id.trim().parse().map_err(|_| {
                Response::one(Reply::private(format!("{id} is not a challenge number.")))
            })?;
            return match self.store.get_challenge(n) {
                Ok(Some(c)) => Ok(c),
                Ok(None) => Err(Response::one(Reply::private(format!(
                    "There is no challenge {n}."
                )))),
                Err(e) => Err(store_err(e)),
            };
        }
        let open = self
            .store
            .open_challenges_in_channel(&ctx.channel)
            .map_err(store_err)?;
        open.iter()
            .rev()
            .find(|c| c.opponent_id.as_deref() == Some(ctx.user.id.as_str()))
            .or_else(|| {
                open.iter()
                    .rev()
                    .find(|c| c.opponent_id.is_none() && c.challenger_id != ctx.user.id)
            })
            .or_else(|| open.iter().rev().find(|c| c.challenger_id == ctx.user.id))
            .cloned()
            .ok_or_else(|| {
                Response::one(Reply::private("There is no open challenge here for you."))
            })
    }

    fn accept(&self, ctx: &Ctx, id: Option<&str>) -> Response {
        let c = match self.find_challenge(ctx, id) {
            Ok(c) => c,
            Err(r) => return r,
        };
        if c.state != "open" || c.expires_at.is_some_and(|e| e <= ctx.now) {
            return Response::one(Reply::private(format!(
                "Challenge {} is no longer open.",
                c.id
            )));
        }
        if c.challenger_id == ctx.user.id {
            return Response::one(Reply::private(
                "That is your own challenge: wait for someone to accept it.",
            ));
        }
        if c.opponent_id.as_ref().is_some_and(|o| *o != ctx.user.id) {
            return Response::one(Reply::private("That challenge is for someone else."));
        }
        if c.options.iter().any(|o| o == THREAD_FLAG) {
            let name = format!(
                "{} vs {} {}",
                self.name_of(&c.challenger_id),
                ctx.user.name,
                c.variant
            );
            return Response {
                replies: vec![],
                effects: vec![Effect::OpenThread {
                    parent: c.channel_id.clone(),
                    name: slug(&name),
                    challenge: c.id,
                }],
            };
        }
        self.start_game(ctx, &c, &c.channel_id.clone())
    }

    /// The second half of a thread challenge: the front end opened the
    /// thread `channel`; start the game there.
    pub fn start_in_thread(&self, ctx: &Ctx, challenge: i64, channel: &str) -> Response {
        let _ = self
            .store
            .upsert_channel(channel, &ctx.server, Some(&ctx.channel));
        match self.store.get_challenge(challenge) {
            Ok(Some(c)) => self.start_game(ctx, &c, channel),
            Ok(None) => Response::one(Reply::private(format!(
                "There is no challenge {challenge}."
            ))),
            Err(e) => store_err(e),
        }
    }

    fn start_game(&self, ctx: &Ctx, c: &Challenge, channel: &str) -> Response {
        let rules = match rules_of(&c.variant, &c.options) {
            Ok(r) => r,
            Err(e) => return Response::one(Reply::private(e)),
        };
        let seed = game_seed(c.id, ctx.now, channel);
        // Sides: the challenger's choice, or a fair coin from the seed.
        let challenger_first = match c
            .challenger_side
            .as_deref()
            .and_then(|s| rules.parse_side(s))
        {
            Some(s) => s == Side::First,
            None => (seed >> 17) & 1 == 0,
        };
        let acceptor = match c.opponent_id.as_deref() {
            Some(BOT_ID) => BOT_ID.to_string(),
            _ => ctx.user.id.clone(),
        };
        let (p1, p2) = if challenger_first {
            (c.challenger_id.clone(), acceptor)
        } else {
            (acceptor, c.challenger_id.clone())
        };
        let first = Game::coin_toss(&rules, seed);
        let tc = TimeControl::parse(&c.time_control).unwrap_or_default();
        let turn = clock::start(tc, first, ctx.now);
        let banks = turn.banks.unwrap_or([None, None]);
        let ng = NewGame {
            server_id: c.server_id.clone(),
            channel_id: channel.to_string(),
            variant: rules.variant.to_string(),
            options: c.options.clone(),
            seed,
            first_side: rules.side_name(first).to_string(),
            first_player: p1.clone(),
            second_player: p2.clone(),
            challenge_id: Some(c.id),
            tournament_match_id: None,
            rated: c.rated,
            time_control: c.time_control.clone(),
            bank_first: banks[0],
            bank_second: banks[1],
            created_at: ctx.now,
            deadline: turn.deadline,
        };
        let id = match self.store.start_game_from_challenge(c.id, &ng) {
            Ok(id) => id,
            Err(StoreError::ChannelBusy { .. }) => return Response::one(Reply::private(
                "This channel already has a game: finish it first, or challenge with thread:true.",
            )),
            Err(StoreError::ChallengeNotOpen { .. }) => {
                return Response::one(Reply::private(format!(
                    "Challenge {} is no longer open.",
                    c.id
                )))
            }
            Err(e) => return store_err(e),
        };
        let _ = self.store.set_remind_at(id, turn.remind_at);
        let row = match self.store.get_game(id) {
            Ok(Some(r)) => r,
            Ok(None) => return Response::none(),
            Err(e) => return store_err(e),
        };
        let l = match self.load(row) {
            Ok(l) => l,
            Err(e) => return Response::one(Reply::private(e)),
        };
        let mut text = self.opening_text(&l, &format!("Game {id}: {} —", l.game.rules().name));
        if let Some(note) = self.bot_note(&l) {
            text.push(' ');
            text.push_str(&note);
        }
        let mut reply = self.board_reply(&l, text, &[]);
        if channel != ctx.channel {
            reply = reply.to(Target::Channel(channel.to_string()));
        }
        let mut resp = Response::one(reply);
        if channel != c.channel_id {
            resp.replies.push(
                Reply::text(format!(
                    "Challenge {} accepted: the game is on in <#{channel}>.",
                    c.id
                ))
                .to(Target::Channel(c.channel_id.clone())),
            );
        }
        resp.effects.extend(self.bot_effect(&l));
        resp
    }

    fn decline(&self, ctx: &Ctx, id: Option<&str>) -> Response {
        let c = match self.find_challenge(ctx, id) {
            Ok(c) => c,
            Err(r) => return r,
        };
        if c.state != "open" {
            return Response::one(Reply::private(format!(
                "Challenge {} is no longer open.",
                c.id
            )));
        }
        let (state, text) = if c.challenger_id == ctx.user.id {
            (
                "withdrawn",
                format!("{} withdrew challenge {}.", mention(&ctx.user.id), c.id),
            )
        } else if c.opponent_id.as_deref() == Some(ctx.user.id.as_str()) {
            (
                "declined",
                format!("{} declined challenge {}.", mention(&ctx.user.id), c.id),
            )
        } else {
            return Response::one(Reply::private(
                "Only the challenger or the one challenged can decline a challenge.",
            ));
        };
        match self.store.set_challenge_state(c.id, "open", state, ctx.now) {
            Ok(true) => Response::one(Reply::text(text)),
            Ok(false) => Response::one(Reply::private(format!(
                "Challenge {} is no longer open.",
                c.id
            ))),
            Err(e) => store_err(e),
        }
    }

    // ----------------------------------------------------------------- moves

    fn channel_game(&self, ctx: &Ctx, finished_too: bool) -> Result<Loaded, Response> {
        let row = if finished_too {
            self.store.latest_game_in_channel(&ctx.channel)
        } else {
            self.store.active_game_in_channel(&ctx.channel)
        };
        match row {
            Ok(Some(r)) => self.load(r).map_err(|e| Response::one(Reply::private(e))),
            Ok(None) => Err(Response::one(Reply::private(
                "There is no game in this channel. Start one with /challenge.",
            ))),
            Err(e) => Err(store_err(e)),
        }
    }

    fn slash_move(&self, ctx: &Ctx, text: &str) -> Response {
        let row = match self.store.active_game_in_channel(&ctx.channel) {
            Ok(Some(r)) => r,
            Ok(None) => {
                return Response::one(Reply::private(
                    match self.store.latest_game_in_channel(&ctx.channel) {
                        Ok(Some(_)) => {
                            "The game in this channel is over. Start a new one with /challenge."
                        }
                        _ => "There is no game in this channel. Start one with /challenge.",
                    },
                ))
            }
            Err(e) => return store_err(e),
        };
        if row.first_player != ctx.user.id && row.second_player != ctx.user.id {
            return Response::one(Reply::private(
                "You are not playing in this game: only its two players can move.",
            ));
        }
        self.play(ctx, row, text, true)
    }

    fn play(&self, ctx: &Ctx, row: GameRow, text: &str, private: bool) -> Response {
        let refuse = |t: String| {
            if private {
                Response::one(Reply::private(t))
            } else {
                Response::one(Reply::text(format!("{} {t}", mention(&ctx.user.id))))
            }
        };
        let mut l = match self.load(row) {
            Ok(l) => l,
            Err(e) => return refuse(e),
        };
        let Some(to_move) = l.game.to_move() else {
            return refuse("This game is over.".into());
        };
        let me = l.side_of(&ctx.user.id);
        if me != Some(to_move) {
            return refuse(format!(
                "It is {} turn: {} to move.",
                turn_of(l.game.rules(), to_move),
                mention(&l.players[to_move.index()])
            ));
        }
        let before = l.game.record().len() as u32;
        let played = match notation::play_text(&mut l.game, text) {
            Ok(p) => p,
            Err(e) => return refuse(explain(l.game.rules(), &e)),
        };
        let rules = l.game.rules();
        let mv_text = format_played(rules, &played);
        let tc = TimeControl::parse(&l.row.time_control).unwrap_or_default();
        let finished = l
            .game
            .outcome()
            .map(|o| (crate::cli::result_word(&l.game), o.reason.as_str()));
        let turn = clock::after_move(tc, &l.row, played.side, l.game.turn(), ctx.now);
        // The bot has no clock.
        let bot_next = l.players[l.game.turn().index()] == BOT_ID;
        let nm = NewMove {
            game_id: l.row.id,
            expected_number: before,
            text: &mv_text,
            player_id: &ctx.user.id,
            at: ctx.now,
            source_id: &ctx.source,
            finished,
            deadline: if finished.is_some() || bot_next {
                None
            } else {
                turn.deadline
            },
            banks: turn.banks,
        };
        match self.store.append_move(&nm) {
            Ok(_) => {}
            Err(AppendError::Stale { .. }) => {
                return refuse(
                    "The position changed while you were moving: look at the board again.".into(),
                )
            }
            Err(AppendError::Duplicate) => return Response::none(),
            Err(AppendError::GameOver) => return refuse("This game is over.".into()),
            Err(e) => return store_err(e),
        }
        if finished.is_none() && !bot_next {
            let _ = self.store.set_remind_at(l.row.id, turn.remind_at);
        }
        l.row.updated_at = ctx.now;
        l.row.deadline = nm.deadline;
        let text = format!(
            "{} played **{}**. {}",
            mention(&ctx.user.id),
            mv_text,
            self.status_line(&l)
        );
        let mut resp = Response::one(self.board_reply(&l, text, &[]));
        self.notify_turn(
            &l,
            &mut resp.replies,
            &format!("{} played {}.", ctx.user.name, mv_text),
        );
        if l.game.is_over() {
            resp.extend(tournaments::on_game_end(self, &l, ctx.now));
        }
        resp.effects.extend(self.bot_effect(&l));
        resp
    }

    /// Suggestions for `/move` while the user types.
    pub fn autocomplete(&self, ctx: &Ctx, partial: &str) -> Vec<String> {
        let Ok(Some(row)) = self.store.active_game_in_channel(&ctx.channel) else {
            return Vec::new();
        };
        let Ok(l) = self.load(row) else {
            return Vec::new();
        };
        if l.game.to_move().is_none() || l.side_of(&ctx.user.id) != l.game.to_move() {
            return Vec::new();
        }
        let rules = l.game.rules();
        let p = partial.trim().to_ascii_lowercase();
        l.game
            .legal_moves()
            .iter()
            .map(|m| notation::format_move(rules, m))
            .filter(|m| m.starts_with(&p))
            .take(25)
            .collect()
    }

    fn board(&self, ctx: &Ctx) -> Response {
        match self.channel_game(ctx, true) {
            Ok(l) => {
                let t = format!("Game {}. {}", l.row.id, self.status_line_at(&l, ctx.now));
                Response::one(self.board_reply(&l, t, &[]))
            }
            Err(r) => r,
        }
    }

    fn show_moves(&self, ctx: &Ctx, square: &str) -> Response {
        let l = match self.channel_game(ctx, false) {
            Ok(l) => l,
            Err(r) => return r,
        };
        let rules = l.game.rules();
        let t = parse_move(&format!("{square} {square}"));
        let sq = match t
            .map_err(PlayError::Parse)
            .and_then(|t| resolve_square(rules, t.from))
        {
            Ok(s) => s,
            Err(e) => return Response::one(Reply::private(explain(rules, &e))),
        };
        let name = format_square(rules, sq);
        let Some(p) = l.game.board().get(sq) else {
            return Response::one(Reply::private(format!("There is no piece on {name}.")));
        };
        let dests: Vec<_> = l.game.reach(sq).iter().map(|m| m.to).collect();
        let list = dests
            .iter()
            .map(|&s| format_square(rules, s))
            .collect::<Vec<_>>()
            .join(", ");
        let text = if dests.is_empty() {
            format!("{} on {name} cannot move.", capitalise(rules.piece_name(p)))
        } else {
            format!(
                "{} on {name} can go to {list}.",
                capitalise(rules.piece_name(p))
            )
        };
        let mut r = self.board_reply(&l, text, &dests);
        r.ephemeral = true;
        Response::one(r)
    }

    fn history(&self, ctx: &Ctx) -> Response {
        let l = match self.channel_game(ctx, true) {
            Ok(l) => l,
            Err(r) => return r,
        };
        Response::one(Reply::text(self.history_text(&l, ctx.now)))
    }

    fn history_text(&self, l: &Loaded, now: i64) -> String {
        let rules = l.game.rules();
        let mut out = format!(
            "Game {} — {}: {} ({}) v {} ({})\n",
            l.row.id,
            rules.name,
            self.name_of(&l.players[0]),
            rules.side_name(Side::First),
            self.name_of(&l.players[1]),
            rules.side_name(Side::Second)
        );
        if l.game.record().is_empty() {
            out.push_str("No moves yet.\n");
        }
        for (i, p) in l.game.record().iter().enumerate() {
            out.push_str(&format!(
                "{}. {} {}\n",
                i + 1,
                rules.side_name(p.side),
                format_played(rules, p)
            ));
        }
        match l.game.outcome() {
            Some(o) => out.push_str(&outcome_sentence(&l.game, o)),
            None => out.push_str(&self.status_line_at(l, now)),
        }
        if out.len() > MAX_TEXT - 100 {
            let tail: String = out
                .chars()
                .rev()
                .take(MAX_TEXT - 200)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            out = format!("… (use /export for the whole record)\n{tail}");
        }
        out
    }

    fn finish(&self, ctx: &Ctx, l: &mut Loaded, end: impl FnOnce(&mut Game)) -> Response {
        let before = l.game.record().len() as u32;
        end(&mut l.game);
        let Some(o) = l.game.outcome() else {
            return Response::none();
        };
        let result = crate::cli::result_word(&l.game);
        match self
            .store
            .finish_game(l.row.id, Some(before), result, o.reason.as_str(), ctx.now)
        {
            Ok(()) => {}
            Err(AppendError::Stale { .. }) => {
                return Response::one(Reply::private(
                    "The position changed meanwhile: look at the board again.",
                ))
            }
            Err(AppendError::GameOver) => {
                return Response::one(Reply::private("This game is over."))
            }
            Err(e) => return store_err(e),
        }
        let text = outcome_sentence(&l.game, o);
        let mut resp = Response::one(self.board_reply(l, text, &[]));
        resp.extend(tournaments::on_game_end(self, l, ctx.now));
        resp
    }

    fn resign(&self, ctx: &Ctx) -> Response {
        let mut l = match self.channel_game(ctx, false) {
            Ok(l) => l,
            Err(r) => return r,
        };
        let Some(me) = l.side_of(&ctx.user.id) else {
            return Response::one(Reply::private("You are not playing in this game."));
        };
        self.finish(ctx, &mut l, |g| g.resign(me))
    }

    fn offer(&self, ctx: &Ctx, kind: OfferKind, action: Option<&str>) -> Response {
        let mut l = match self.channel_game(ctx, false) {
            Ok(l) => l,
            Err(r) => return r,
        };
        let Some(me) = l.side_of(&ctx.user.id) else {
            return Response::one(Reply::private("You are not playing in this game."));
        };
        let them = l.players[me.other().index()].clone();
        let standing = match self.store.get_offer(l.row.id, kind) {
            Ok(o) => o,
            Err(e) => return store_err(e),
        };
        let what = match kind {
            OfferKind::Draw => "a draw",
            OfferKind::Takeback => "a takeback",
            OfferKind::Pause => "to pause the clock",
            OfferKind::Resume => "to restart the clock",
        };
        match kind {
            OfferKind::Pause if l.row.paused => {
                return Response::one(Reply::private(
                    "The clock is already paused: use /resume to start it again.",
                ))
            }
            OfferKind::Pause if l.row.deadline.is_none() => {
                return Response::one(Reply::private("This game has no clock to pause."))
            }
            OfferKind::Resume if !l.row.paused => {
                return Response::one(Reply::private("The clock is running: it is not paused."))
            }
            _ => {}
        }
        let theirs = standing.as_ref().filter(|o| o.by_player == them);
        let mine = standing.as_ref().filter(|o| o.by_player == ctx.user.id);
        let action = action.map(str::to_ascii_lowercase);
        match (action.as_deref(), theirs) {
            (Some("decline"), Some(_)) => {
                let _ = self.store.clear_offer(l.row.id, kind);
                Response::one(Reply::text(format!(
                    "{} declined {what}. Play on: {}",
                    mention(&ctx.user.id),
                    self.status_line(&l)
                )))
            }
            (Some("decline"), None) => Response::one(Reply::private(format!(
                "There is no offer of {what} to decline."
            ))),
            (Some("accept") | None, Some(_)) => {
                let _ = self.store.clear_offer(l.row.id, kind);
                match kind {
                    OfferKind::Draw => self.finish(ctx, &mut l, |g| g.agree_draw()),
                    OfferKind::Takeback => self.take_back(ctx, &l, &them),
                    OfferKind::Pause => match self.pause_game(&l, ctx.now) {
                        Ok(()) => Response::one(Reply::text(format!(
                            "Both players agreed: the clock of game {} is paused. /resume starts it again.",
                            l.row.id
                        ))),
                        Err(e) => Response::one(Reply::private(e)),
                    },
                    OfferKind::Resume => match self.resume_game(&l, ctx.now) {
                        Ok(left) => Response::one(Reply::text(format!(
                            "The clock of game {} runs again: {} has {} left.",
                            l.row.id,
                            mention(&l.players[l.game.turn().index()]),
                            time::span(left)
                        ))),
                        Err(e) => Response::one(Reply::private(e)),
                    },
                }
            }
            (Some("accept"), None) => Response::one(Reply::private(format!(
                "There is no offer of {what} to accept."
            ))),
            (Some(other), Some(_)) if !matches!(other, "offer" | "ask") => {
                Response::one(Reply::private(format!(
                    "Answer with accept or decline, not {}.",
                    other.chars().take(20).collect::<String>()
                )))
            }
            (_, Some(_)) => Response::one(Reply::private(format!(
                "{} has already offered {what}: accept or decline it.",
                mention(&them)
            ))),
            (_, None) => {
                if mine.is_some() {
                    return Response::one(Reply::private(format!(
                        "You have already offered {what}; waiting for {}.",
                        mention(&them)
                    )));
                }
                if kind == OfferKind::Takeback && !l.game.record().iter().any(|_| true) {
                    return Response::one(Reply::private("There is no move to take back yet."));
                }
                if kind == OfferKind::Takeback {
                    let moves = self.store.moves(l.row.id).unwrap_or_default();
                    if !moves.iter().any(|m| m.player_id == ctx.user.id) {
                        return Response::one(Reply::private(
                            "You have made no move to take back.",
                        ));
                    }
                }
                if let Err(e) = self.store.set_offer(l.row.id, kind, &ctx.user.id, ctx.now) {
                    return store_err(e);
                }
                let k = match kind {
                    OfferKind::Draw => "draw",
                    OfferKind::Takeback => "takeback",
                    OfferKind::Pause => "pause",
                    OfferKind::Resume => "resume",
                };
                let mut r = Reply::text(format!(
                    "{} offers {what}. {}: accept or decline (/{k} accept, /{k} decline).",
                    mention(&ctx.user.id),
                    mention(&them)
                ));
                r.buttons = vec![
                    Button {
                        id: format!("{k}:accept"),
                        label: "Accept".into(),
                        style: ButtonStyle::Primary,
                    },
                    Button {
                        id: format!("{k}:decline"),
                        label: "Decline".into(),
                        style: ButtonStyle::Secondary,
                    },
                ];
                Response::one(r)
            }
        }
    }

    /// Takes back the asker's last move and any after it.
    fn take_back(&self, ctx: &Ctx, l: &Loaded, asker: &str) -> Response {
        let moves = match self.store.moves(l.row.id) {
            Ok(m) => m,
            Err(e) => return store_err(e),
        };
        let Some(idx) = moves.iter().rposition(|m| m.player_id == asker) else {
            return Response::one(Reply::private("There is no move to take back."));
        };
        let n = (moves.len() - idx) as u32;
        let tc = TimeControl::parse(&l.row.time_control).unwrap_or_default();
        let mover = if moves[idx].player_id == l.players[0] {
            Side::First
        } else {
            Side::Second
        };
        let banks = [l.row.bank_first, l.row.bank_second];
        let (deadline, period) = match tc {
            TimeControl::None => (None, 0),
            TimeControl::PerMove(p) => (Some(ctx.now + p), p),
            TimeControl::Bank { bank, .. } => {
                let b = banks[mover.index()].unwrap_or(bank);
                (Some(ctx.now + b), b)
            }
        };
        match self
            .store
            .delete_last_moves(l.row.id, moves.len() as u32, n, ctx.now, deadline)
        {
            Ok(_) => {}
            Err(AppendError::Stale { .. }) => {
                return Response::one(Reply::private(
                    "The position changed meanwhile: look at the board again.",
                ))
            }
            Err(e) => return store_err(e),
        }
        let _ = self.store.set_remind_at(
            l.row.id,
            deadline.filter(|_| period >= 240).map(|d| d - period / 4),
        );
        let row = match self.store.get_game(l.row.id) {
            Ok(Some(r)) => r,
            _ => return Response::none(),
        };
        match self.load(row) {
            Ok(l2) => {
                let t = format!(
                    "Takeback accepted: {} move{} taken back. {}",
                    n,
                    if n == 1 { "" } else { "s" },
                    self.status_line(&l2)
                );
                Response::one(self.board_reply(&l2, t, &[]))
            }
            Err(e) => Response::one(Reply::private(e)),
        }
    }

    // ------------------------------------------------------------------ info

    fn rules(&self, variant: Option<&str>) -> Response {
        let Some(v) = variant else {
            let list = VARIANTS
                .iter()
                .map(|v| format!("• **{}** (`{}`): {}", v.name, v.id, v.summary))
                .collect::<Vec<_>>()
                .join("\n");
            return Response::one(Reply::text(format!("The games:\n{list}")));
        };
        let rules = match Ruleset::from_spec(v, &[]) {
            Ok(r) => r,
            Err(e) => return Response::one(Reply::private(e)),
        };
        let info = rules.info();
        let game = Game::with_first(rules.clone(), 0, Some(rules.first.unwrap_or(Side::First)));
        let rec = Record::default();
        let png = view::picture(
            &game,
            &[],
            format!("{} · start", rules.name),
            &rec,
            &self.theme,
        );
        let opts = if info.options.is_empty() {
            String::new()
        } else {
            format!("\nOptions: {}.", info.options.join(", "))
        };
        Response::one(
            Reply::text(format!("**{}**: {}{opts}", info.name, info.summary))
                .with_png(&format!("{}.png", info.id), png),
        )
    }

    fn games(&self, ctx: &Ctx) -> Response {
        let rows = match self.store.games_on_server(&ctx.server, true, 25) {
            Ok(r) => r,
            Err(e) => return store_err(e),
        };
        if rows.is_empty() {
            return Response::one(Reply::text(
                "No games are being played on this server. Start one with /challenge.",
            ));
        }
        let lines: Vec<String> = rows
            .iter()
            .take(25)
            .map(|r| {
                format!(
                    "Game {} in <#{}>: {} — {} v {}, {} moves",
                    r.id,
                    r.channel_id,
                    r.variant,
                    self.name_of(&r.first_player),
                    self.name_of(&r.second_player),
                    r.move_count
                )
            })
            .collect();
        Response::one(Reply::text(lines.join("\n")))
    }

    fn show_game(&self, id: Option<&str>, now: i64) -> Response {
        let Some(n) = id.and_then(|i| i.trim().trim_start_matches('#').parse::<i64>().ok()) else {
            return Response::one(Reply::private("Give the game's number, like /game id:12."));
        };
        let row = match self.store.get_game(n) {
            Ok(Some(r)) => r,
            Ok(None) => return Response::one(Reply::private(format!("There is no game {n}."))),
            Err(e) => return store_err(e),
        };
        match self.load(row) {
            Ok(l) => {
                let t = self.history_text(&l, now);
                Response::one(self.board_reply(&l, t, &[]))
            }
            Err(e) => Response::one(Reply::private(e)),
        }
    }

    fn my_games(&self, ctx: &Ctx) -> Response {
        let rows = match self.store.games_of_player(&ctx.user.id, true, 25) {
            Ok(r) => r,
            Err(e) => return store_err(e),
        };
        if rows.is_empty() {
            return Response::one(Reply::private("You have no games in progress."));
        }
        let mut lines = Vec::new();
        for r in rows.into_iter().take(25) {
            let (id, channel) = (r.id, r.channel_id.clone());
            if let Ok(l) = self.load(r) {
                let turn = match l.game.to_move() {
                    Some(s) if l.players[s.index()] == ctx.user.id => "your move".to_string(),
                    Some(s) => format!("{} to move", self.name_of(&l.players[s.index()])),
                    None => "over".into(),
                };
                let left = l
                    .row
                    .deadline
                    .map(|d| format!(", {} left", time::span(d - ctx.now)))
                    .unwrap_or_default();
                lines.push(format!(
                    "Game {id} in <#{channel}>: {} — {turn}{left}",
                    l.game.rules().name
                ));
            }
        }
        Response::one(Reply::private(lines.join("\n")))
    }

    fn export(&self, ctx: &Ctx) -> Response {
        let l = match self.channel_game(ctx, true) {
            Ok(l) => l,
            Err(r) => return r,
        };
        let rec = notation::write_record(&self.record_of(&l, &self.names_of(&l)));
        let gif = view::replay_gif(&l.game, &self.theme);
        let mut r = Reply::text(format!("The record of game {}.", l.row.id));
        r.files.push(Attachment {
            name: format!("game-{}.txt", l.row.id),
            bytes: rec.into_bytes(),
        });
        if !gif.is_empty() {
            r.files.push(Attachment {
                name: format!("game-{}.gif", l.row.id),
                bytes: gif,
            });
        }
        Response::one(r)
    }

    // ----------------------------------------------------------------- clock

    /// Runs whatever has fallen due by `now`: losses on time, cancelled
    /// games, expired challenges, scheduled tournament starts. Replies are
    /// addressed to channels; effects (match threads to open) as for
    /// [`App::handle`].
    pub fn tick(&self, now: i64) -> Response {
        let mut resp = Response::none();
        let mut out = Vec::new();
        let due = self.store.games_due(now, 100).unwrap_or_default();
        for (id, _) in due {
            let Ok(Some(row)) = self.store.get_game(id) else {
                continue;
            };
            if row.state != GameState::Active || row.paused {
                continue;
            }
            let channel = row.channel_id.clone();
            let Ok(mut l) = self.load(row) else { continue };
            let ctx = Ctx {
                server: l.row.server_id.clone(),
                channel: channel.clone(),
                user: User {
                    id: String::new(),
                    name: String::new(),
                },
                now,
                source: format!("clock:{id}:{now}"),
                manage_server: false,
                mentioned: vec![],
            };
            // A tournament game with no move is lost on time, not cancelled.
            if l.game.record().is_empty() && l.row.tournament_match_id.is_none() {
                if self.store.abort_game(id, "no_move", now).is_ok() {
                    out.push(
                        Reply::text(format!(
                            "Game {id} is cancelled: no move was made before the deadline."
                        ))
                        .to(Target::Channel(channel)),
                    );
                }
                continue;
            }
            let Some(side) = l.game.to_move() else {
                continue;
            };
            let r = self.finish(&ctx, &mut l, |g| g.time_out(side));
            resp.effects.extend(r.effects);
            out.extend(r.replies.into_iter().map(|r| {
                if r.target != Target::Here {
                    return r;
                }
                let t = format!("{} {}", mention(&l.players[side.index()]), r.text);
                Reply { text: t, ..r }.to(Target::Channel(channel.clone()))
            }));
        }
        out.extend(self.due_reminders(now));
        out.extend(self.digests(now));
        while let Ok(Some((cid, at))) = self.store.next_challenge_expiry() {
            if at > now {
                break;
            }
            let Ok(Some(c)) = self.store.get_challenge(cid) else {
                break;
            };
            if !matches!(
                self.store.set_challenge_state(cid, "open", "expired", now),
                Ok(true)
            ) {
                break;
            }
            out.push(
                Reply::text(format!(
                    "Challenge {cid} from {} expired.",
                    mention(&c.challenger_id)
                ))
                .to(Target::Channel(c.channel_id)),
            );
        }
        let starts = tournaments::tick(self, now);
        out.extend(starts.replies);
        resp.replies = out;
        resp.effects.extend(starts.effects);
        resp
    }

    /// A member left the server (the Discord adapter calls this on a
    /// member-remove event): they withdraw from that server's tournaments,
    /// forfeiting their remaining games. Replies are addressed to channels.
    pub fn member_left(&self, server: &str, user: &str, now: i64) -> Response {
        tournaments::member_left(self, server, user, now)
    }

    /// The second half of pairing a tournament round: the front end opened
    /// the thread `thread` for match `match_id` (see
    /// [`Effect::OpenMatchThread`]); start the match's game there.
    pub fn start_match_in_thread(&self, ctx: &Ctx, match_id: i64, thread: &str) -> Response {
        tournaments::start_match_in_thread(self, ctx, match_id, thread)
    }

    /// When the next clock event is due (for the front end's timer).
    pub fn next_due(&self) -> Option<i64> {
        [
            self.store.next_deadline().ok().flatten(),
            self.store.next_reminder().ok().flatten(),
            self.store.next_challenge_expiry().ok().flatten(),
        ]
        .into_iter()
        .flatten()
        .map(|(_, t)| t)
        .chain(tournaments::next_start(self))
        .min()
    }
}

/// The user id the front ends give the bot itself.
pub const BOT_ID: &str = "tawlbot";

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

fn strip_mentions(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("<@") {
        out.push_str(&rest[..i]);
        match rest[i..].find('>') {
            Some(j) => rest = &rest[i + j + 1..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out.trim().to_string()
}

fn game_seed(challenge: i64, now: i64, channel: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in channel
        .bytes()
        .chain(challenge.to_le_bytes())
        .chain(now.to_le_bytes())
    {
        h ^= b as u64;
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    h >> 1
}

/// The text of `/help`.
pub fn help_text() -> String {
    let mut s = String::from(
        "**tawlbot** keeps the board for the old Welsh and Celtic tafl games and gwyddbwyll.\n\
         Challenge a friend with /challenge, then type moves in the channel as two squares: e1-e4 (or @14-@44 in goedhboell).\n",
    );
    for c in commands::COMMANDS {
        s.push_str(&format!("/{} — {}\n", c.name, c.description));
    }
    s
}
