//! What comes in and what the use cases answer: the context of an input,
//! the input, and the replies (drafts: words before localisation, boards
//! not drawn yet) and effects the use cases build. What the front ends
//! receive is in app/presentation/rendered.rs. No serenity types.

use crate::domain::{
    ChallengeId, ChannelId, GameId, MatchId, RoleId, RoleRights, ServerId, TournamentId, UserId,
};
use crate::i18n::Msg;

/// A person, by platform id and display name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    pub id: UserId,
    pub name: String,
}

/// Who says what, where and when.
#[derive(Clone, Debug)]
pub struct Ctx {
    pub server: ServerId,
    pub channel: ChannelId,
    pub user: User,
    /// Unix seconds (the console's clock may run ahead of the wall clock).
    pub now: i64,
    /// The id of the message or interaction: a move is applied once per source.
    pub source: String,
    /// The user has the Manage Server permission.
    pub manage_server: bool,
    /// The user's roles on this server (Discord role ids; empty in direct
    /// messages). The server's organiser role among them makes the user an
    /// organiser of tournaments.
    pub roles: Vec<RoleId>,
    /// The user's rights over the server's roles (owner, Manage Roles,
    /// their highest role's position), as far as the front end read them:
    /// a tournament's `winner_role:` is taken only from someone who could
    /// give it by hand. Default: none.
    pub rights: RoleRights,
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

/// A file of a reply not rendered yet: its name, what it holds, and its
/// alt text before localisation. Rendered by
/// [`App::localise`](crate::app::App) into an [`Attachment`](crate::app::presentation::rendered::Attachment).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct FileDraft {
    pub(crate) name: String,
    pub(crate) content: FileContent,
    /// The alt text: versions from the fullest to the shortest, each a
    /// list of sentences; the first that fits is used (none: a file that
    /// is no picture).
    pub(crate) alt: Vec<Vec<Msg>>,
}

/// What a [`FileDraft`] holds.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum FileContent {
    /// A file made already (a record, a picture that is no board).
    Bytes(Vec<u8>),
    /// A board, drawn by [`App::localise`](crate::app::App) for the reader the
    /// reply addresses, as they chose with `/settings` (picture and/or
    /// text board, theme, flip), its words in the reply's language.
    Board {
        board: Box<BoardPicture>,
        /// The board style asked for with `/board style:` (wins over the
        /// reader's `/settings board:`).
        style: Option<BoardStyle>,
    },
}

/// How a board is shown: `/settings board:` and `/board style:`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum BoardStyle {
    #[default]
    Picture,
    Text,
    Both,
}

impl BoardStyle {
    pub(crate) fn parse(s: &str) -> Option<BoardStyle> {
        match s.trim().to_lowercase().as_str() {
            "picture" => Some(BoardStyle::Picture),
            "text" => Some(BoardStyle::Text),
            "both" => Some(BoardStyle::Both),
            _ => None,
        }
    }

    pub(crate) fn picture(self) -> bool {
        self != BoardStyle::Text
    }

    pub(crate) fn text(self) -> bool {
        self != BoardStyle::Picture
    }
}

/// A board to draw once its reader is known (see [`FileContent::Board`]).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct BoardPicture {
    /// The picture, its caption empty and not turned.
    pub view: crate::render::BoardView,
    /// The caption, in the reply's language.
    pub caption: Msg,
    /// The PNG's text chunks (position, record).
    pub chunks: Vec<(&'static str, String)>,
    /// The players by side (`[first, second]`): a reader who plays sees
    /// the board from their side with `/settings flip:auto`.
    pub players: [UserId; 2],
    /// Whether the board is drawn turned round for a reader of each side.
    pub turned_for: [bool; 2],
    /// The same board as a text diagram.
    pub diagram: crate::notation::diagram::Diagram,
    /// Lines under the text board: whose turn, the clocks.
    pub heading: Vec<Msg>,
}

impl FileDraft {
    /// A file made already, with no alt text (a record).
    pub(crate) fn file(name: impl Into<String>, bytes: Vec<u8>) -> FileDraft {
        FileDraft {
            name: name.into(),
            content: FileContent::Bytes(bytes),
            alt: Vec::new(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    Primary,
    Secondary,
    Danger,
    /// A link: opens `Button::url` in the browser (no id, no input back).
    Link,
}

/// A button of a reply not rendered yet: its label a message of the
/// catalogue. Rendered into a [`Button`](crate::app::presentation::rendered::Button).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Button {
    /// The id the press comes back with; empty for a link button.
    pub(crate) id: String,
    /// Where a link button goes (`ButtonStyle::Link`); `None` otherwise.
    pub(crate) url: Option<String>,
    pub(crate) style: ButtonStyle,
    /// The label, before localisation.
    pub(crate) label: Msg,
}

impl Button {
    /// A button whose label is a message of the catalogue.
    pub(crate) fn new(id: impl Into<String>, label: Msg, style: ButtonStyle) -> Button {
        Button {
            id: id.into(),
            url: None,
            style,
            label,
        }
    }

    /// A link button to `url` (the web archive).
    pub(crate) fn link(url: impl Into<String>, label: Msg) -> Button {
        Button {
            id: String::new(),
            url: Some(url.into()),
            style: ButtonStyle::Link,
            label,
        }
    }
}

/// One piece of a reply's words, before localisation.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Part {
    /// A sentence (or more) of the catalogue; parts join with a space.
    Msg(Msg),
    /// Text that is no sentence in any language: a mention, a move, a
    /// board diagram, a record. Never words a player reads as a sentence.
    Raw(String),
    /// A new line.
    Break,
}

/// Where a reply goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// Answer to the input (the interaction, or the channel of the message).
    Here,
    /// A message in another channel.
    Channel(ChannelId),
    /// A direct message to a user.
    Dm(UserId),
}

/// One message to send, as a use case builds it: its words before
/// localisation and whom they are for. [`App::localise`](crate::app::App)
/// renders it into a [`Reply`](crate::app::presentation::rendered::Reply) for the front ends.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Reply {
    pub(crate) target: Target,
    /// The words before localisation.
    pub(crate) body: Vec<Part>,
    pub(crate) files: Vec<FileDraft>,
    pub(crate) buttons: Vec<Button>,
    /// Only the user who asked sees it (slash commands and buttons).
    pub(crate) ephemeral: bool,
    /// The player this reply addresses: its boards follow their settings,
    /// and a private reply is in their language.
    /// `None`: the recipient of a direct message, else the user who asked.
    pub(crate) reader: Option<UserId>,
    /// A language chosen by the use case itself (the answer to `/language`).
    pub(crate) lang: Option<crate::i18n::Lang>,
    /// The server whose default language a reader who chose none reads.
    /// `None`: the server of the input. Set on what the clock sends, which
    /// answers no input ([`Response::on_server`]).
    pub(crate) server: Option<ServerId>,
    /// The game a reply shows (set with its board): whose languages a
    /// message in its channel follows. See app/presentation/reader.rs.
    pub(crate) game: Option<GamePlayers>,
}

/// A game's players as a reply about it needs them.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct GamePlayers {
    pub(crate) players: [UserId; 2],
}

impl GamePlayers {
    /// `reader`, unless it is the bot: then the game's other player (the
    /// bot reads nothing; its opponent reads what it is told).
    pub(crate) fn human_reader<'a>(&'a self, reader: &'a UserId) -> &'a UserId {
        if !crate::app::use_cases::bot::is_bot(reader) {
            return reader;
        }
        self.players
            .iter()
            .find(|p| !crate::app::use_cases::bot::is_bot(p))
            .unwrap_or(reader)
    }
}

impl Reply {
    fn empty() -> Reply {
        Reply {
            target: Target::Here,
            body: Vec::new(),
            files: Vec::new(),
            buttons: Vec::new(),
            ephemeral: false,
            reader: None,
            lang: None,
            server: None,
            game: None,
        }
    }
    /// A public reply saying `msg`.
    pub(crate) fn say(msg: Msg) -> Reply {
        let mut r = Reply::empty();
        r.body.push(Part::Msg(msg));
        r
    }
    /// A reply for the user who asked alone (a refusal, a notice).
    pub(crate) fn tell(msg: Msg) -> Reply {
        Reply {
            ephemeral: true,
            ..Reply::say(msg)
        }
    }
    /// The next sentence, after a space.
    pub(crate) fn then(mut self, msg: Msg) -> Reply {
        self.body.push(Part::Msg(msg));
        self
    }
    /// `msg` on a new line.
    pub(crate) fn line(mut self, msg: Msg) -> Reply {
        self.body.push(Part::Break);
        self.body.push(Part::Msg(msg));
        self
    }
    /// Text that is no sentence (a table, a diagram) on a new line.
    pub(crate) fn raw_line(mut self, text: impl Into<String>) -> Reply {
        self.body.push(Part::Break);
        self.body.push(Part::Raw(text.into()));
        self
    }
    /// Puts `text` (a mention) before the words.
    pub(crate) fn prefix(mut self, text: impl Into<String>) -> Reply {
        self.body.insert(0, Part::Raw(text.into()));
        self
    }
    /// Written in the language of `user`, the player it addresses.
    pub(crate) fn for_reader(mut self, user: &str) -> Reply {
        self.reader = Some(user.into());
        self
    }
    /// About a game or tournament of `server`: see [`Response::on_server`].
    pub(crate) fn on_server(mut self, server: &ServerId) -> Reply {
        self.server = Some(server.clone());
        self
    }
    /// Written in `lang`, whoever reads it.
    pub(crate) fn in_lang(mut self, lang: crate::i18n::Lang) -> Reply {
        self.lang = Some(lang);
        self
    }
    pub(crate) fn with_png(mut self, name: &str, bytes: Vec<u8>) -> Reply {
        if !bytes.is_empty() {
            self.files.push(FileDraft::file(name, bytes));
        }
        self
    }
    /// Alt text for the last file attached: versions from the fullest to
    /// the shortest (see [`FileDraft::alt`]).
    pub(crate) fn alt(mut self, versions: Vec<Vec<Msg>>) -> Reply {
        if let Some(f) = self.files.last_mut() {
            f.alt = versions;
        }
        self
    }
    pub(crate) fn to(mut self, target: Target) -> Reply {
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
        parent: ChannelId,
        name: String,
        challenge: ChallengeId,
    },
    /// Open a thread under `parent` named `name` for a tournament match,
    /// then call [`App::start_match_in_thread`] with its channel id.
    OpenMatchThread {
        parent: ChannelId,
        name: String,
        match_id: MatchId,
    },
    /// Run [`App::bot_turn`]`(game, expected_moves)` off the async threads
    /// (on the engine pool) and post its response.
    BotTurn { game: GameId, expected_moves: u32 },
    /// Give `role` to `user` on `server` (the winner of tournament
    /// `tournament`, `winner_role:`), then call [`App::role_given`] with
    /// what came of it. The role is given on `creator`'s behalf: the front
    /// end first checks that they could still give it by hand
    /// ([`RoleRights::may_grant`]), and gives nothing if not (or if there
    /// is no creator on record).
    GrantRole {
        server: ServerId,
        user: UserId,
        role: RoleId,
        tournament: TournamentId,
        creator: Option<UserId>,
    },
}

/// Everything a use case answers to one input, before localisation (see
/// [`Reply`]); rendered by [`App::localise`](crate::app::App) into a
/// [`Response`](crate::app::presentation::rendered::Response).
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Response {
    pub(crate) replies: Vec<Reply>,
    pub(crate) effects: Vec<Effect>,
}

impl Response {
    pub(crate) fn one(r: Reply) -> Response {
        Response {
            replies: vec![r],
            effects: Vec::new(),
        }
    }
    pub(crate) fn none() -> Response {
        Response::default()
    }
    /// Its replies concern a game or tournament of `server`: readers who
    /// chose no language read that server's default (unless a reply
    /// already names its server).
    pub(crate) fn on_server(mut self, server: &ServerId) -> Response {
        for r in &mut self.replies {
            r.server.get_or_insert_with(|| server.clone());
        }
        self
    }
    /// Appends another response's replies and effects.
    pub(crate) fn extend(&mut self, other: Response) {
        self.replies.extend(other.replies);
        self.effects.extend(other.effects);
    }
}
