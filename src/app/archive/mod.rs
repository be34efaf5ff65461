//! The web archive's use cases: a game at any ply, its downloads, a
//! player's ratings and games, a server's leaderboards. Plain data in the
//! reader's language for the web front end (`src/web`), which only lays it
//! out. Privacy lives here: what is not public answers `None`, exactly as a
//! missing id does.

pub mod analysis;
pub mod balance;
pub mod front;

use crate::app::{
    format_played, outcome_msg, presentation::escape, presentation::picture, rules_spec, store_err,
    use_cases::clock::time, use_cases::games::export, App, Ctx, Game, GameRow, GameState,
    LoadError, Loaded, Msg, Reply, Response, Side, StoreError,
};
use crate::i18n::{Lang, Localiser};
use crate::store::{GameId, Rating, RatingPoint, ServerId, TournamentId, UserId};

/// Games on a player's or server's page.
pub const PAGE_GAMES: u32 = 20;
/// Rows of a leaderboard on a server's page.
pub const LEADERBOARD_ROWS: u32 = 20;
/// The most pages a listing goes to (bounds `?page=`).
pub const MAX_PAGE: u32 = 500;
/// Rated games drawn in a rating-history graph.
pub const HISTORY_POINTS: u32 = 500;

/// One player of a game, as the archive shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetPlayer {
    pub id: UserId,
    pub name: String,
    /// The side's catalogue id (`tafl-first`, `latrunculi-second`...).
    pub side: String,
    /// Seconds in the bank, when the clock has one.
    pub bank: Option<i64>,
    /// When their vacation ends, while one runs (a game being played).
    pub vacation: Option<i64>,
}

/// A game at one ply, in one language.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSheet {
    pub id: GameId,
    pub server: ServerId,
    /// The variant's name (`Tawlbwrdd 11×11`).
    pub variant: String,
    pub variant_id: String,
    pub options: Vec<String>,
    /// By side: first, second.
    pub players: [SheetPlayer; 2],
    /// Every move in notation, in order.
    pub moves: Vec<String>,
    /// The ply shown: 0 (the start) ..= `moves.len()`.
    pub ply: usize,
    pub finished: bool,
    pub aborted: bool,
    /// The result and its reason as a sentence (the whole game's, at any ply).
    pub result: Option<String>,
    /// Whose move it is (or the result) at the shown ply.
    pub caption: String,
    /// The board picture's alt text at the shown ply.
    pub alt: String,
    /// The time control in words.
    pub clock: String,
    /// When the player to move runs out (an active game's deadline).
    pub deadline: Option<i64>,
    pub rated: bool,
    pub created_at: i64,
    pub updated_at: i64,
    pub finished_at: Option<i64>,
    /// `(id, name, round)` of the tournament the game belongs to.
    pub tournament: Option<(TournamentId, String, u32)>,
    /// The players' conditional lines, a sentence each: a
    /// finished or aborted game's only, never a running one's.
    pub conditionals: Vec<String>,
    /// The server's name (its number when Discord never told it).
    pub server_name: String,
    /// The seconds each move took (by ply, from 0), where the game had a
    /// clock; `None` for a move whose time is not known.
    pub times: Vec<Option<i64>>,
    /// The board picture's width and height in pixels.
    pub board_size: (u32, u32),
    /// A finished game's analysis graph: ready or being made.
    pub analysis: Option<crate::app::archive::analysis::AnalysisState>,
}

/// A game in a listing.
#[derive(Clone, Debug, PartialEq)]
pub struct GameLine {
    pub id: GameId,
    pub variant: String,
    pub first: (UserId, String),
    pub second: (UserId, String),
    /// `1-0`, `0-1`, `½-½`, `*` (running), `–` (aborted).
    pub score: String,
    pub moves: u32,
    pub date: String,
}

/// A player's page.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerSheet {
    pub id: UserId,
    pub name: String,
    /// Ratings on public servers: `(server id, server name, rating)`.
    pub ratings: Vec<(ServerId, String, Rating)>,
    pub games: Vec<GameLine>,
    pub page: u32,
    pub more: bool,
    /// When their vacation ends, while one runs.
    pub vacation: Option<i64>,
}

/// A row of a leaderboard: player id, name, rating, games.
pub type LeaderRow = (UserId, String, f64, u32);

/// A server's page.
#[derive(Clone, Debug, PartialEq)]
pub struct ServerSheet {
    pub id: ServerId,
    pub name: String,
    /// `(variant name, variant id, [(player id, player name, rating, games)])`.
    pub leaderboards: Vec<(String, String, Vec<LeaderRow>)>,
    pub tournaments: Vec<(TournamentId, String, String)>,
    pub games: Vec<GameLine>,
    pub page: u32,
    pub more: bool,
}

/// A download of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Download {
    /// OTN game record.
    Otn,
    /// tawlbot's own record.
    Record,
    /// The animated GIF of every position.
    Gif,
}

/// A file to send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArchiveFile {
    pub name: String,
    pub content_type: &'static str,
    pub bytes: Vec<u8>,
}

/// What makes a finished game's page the same page: for `ETag` and
/// `Last-Modified`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stamp {
    /// A weak entity tag (quoted).
    pub etag: String,
    /// Unix seconds: when the game finished (or a name changed... the tag
    /// covers the names).
    pub modified: i64,
}

/// The longest alt text of a board picture on the web (as on Discord).
const MAX_ALT: usize = crate::notation::describe::MAX_ALT;

impl App {
    /// The public URL of the archive (`PUBLIC_URL`), without a trailing `/`.
    pub fn public_url(&self) -> Option<&str> {
        self.public_url.as_deref()
    }

    /// Sets the archive's public URL (`PUBLIC_URL`); empty: none.
    pub fn with_public_url(mut self, url: Option<String>) -> App {
        self.public_url = url
            .map(|u| u.trim().trim_end_matches('/').to_string())
            .filter(|u| u.starts_with("http://") || u.starts_with("https://"));
        self
    }

    /// Discord told us a server's name (on connecting, or a rename): kept
    /// for the archive's pages, which otherwise could show only its number.
    /// A blank name is ignored; a long one is cut to Discord's 100
    /// characters. A failed write is logged and forgotten (the next
    /// connection writes it again).
    pub fn server_named(&self, server: &ServerId, name: &str) {
        // Kept without control characters (a NUL is refused by PostgreSQL)
        // and without bidirectional controls, as players' names are.
        let name: String = escape::clean_name(name).trim().chars().take(100).collect();
        if server.is_dm() || name.is_empty() {
            return;
        }
        if let Err(e) = self.store.set_server_name(server, &name) {
            tracing::warn!("could not keep the name of server {server}: {e}");
        }
    }

    /// Whether a server's archive is public (a store error counts as no).
    pub fn server_public(&self, server: &ServerId) -> bool {
        !server.is_dm() && self.store.archive_public(server).unwrap_or(false)
    }

    /// The link to game `g` on the web, when there is an archive and the
    /// game's server is public.
    pub(crate) fn game_link(&self, g: &GameRow) -> Option<String> {
        let base = self.public_url.as_deref()?;
        self.server_public(&g.server_id)
            .then(|| format!("{base}/g/{}", g.id))
    }

    /// The link to tournament `id` of `server` on the web, when public.
    pub(crate) fn tournament_link(&self, server: &ServerId, id: TournamentId) -> Option<String> {
        let base = self.public_url.as_deref()?;
        self.server_public(server).then(|| format!("{base}/t/{id}"))
    }

    /// A public game's row, loaded; `None` when missing, private, or in DMs.
    pub(crate) fn public_game(&self, id: GameId) -> Result<Option<Loaded>, StoreError> {
        Ok(self.public_game_timed(id)?.map(|(l, _)| l))
    }

    /// [`App::public_game`] with the time (seconds since the epoch) each
    /// move was played.
    fn public_game_timed(&self, id: GameId) -> Result<Option<(Loaded, Vec<i64>)>, StoreError> {
        let Some(row) = self.store.public_game_row(id)? else {
            return Ok(None);
        };
        let moves = self.store.moves(row.id)?;
        let at: Vec<i64> = moves.iter().map(|m| m.at).collect();
        match self.replay(row, &moves) {
            Ok(l) => Ok(Some((l, at))),
            Err(LoadError::Store(e)) => Err(e),
            // A game that is there but cannot be read is no missing game:
            // the page says the archive failed (503), as for a store error.
            Err(LoadError::Unreadable(why)) => Err(StoreError::Unreadable {
                table: crate::domain::Table::Games,
                id: id.to_string(),
                detail: crate::store::clipped(&why).into_owned(),
            }),
        }
    }

    /// The stamp of a finished (or aborted) public game's pages: `None`
    /// for a running, private or missing game (those are never cached).
    /// `variant` tells the pages of one game apart (language, ply, kind).
    pub fn archive_stamp(&self, id: GameId, variant: &str) -> Result<Option<Stamp>, StoreError> {
        let Some(row) = self.store.public_game_row(id)? else {
            return Ok(None);
        };
        let (GameState::Finished | GameState::Aborted) = row.state else {
            return Ok(None);
        };
        use std::hash::{Hash, Hasher};
        // FNV-free and stable within a build: the default hasher with fixed
        // keys is SipHash-1-3 with zero keys.
        #[allow(deprecated)]
        let mut h = std::hash::SipHasher::new();
        (
            env!("CARGO_PKG_VERSION"),
            id,
            row.move_count,
            row.finished_at,
            variant,
            self.raw_name_of(&row.first_player),
            self.raw_name_of(&row.second_player),
            self.public_url.as_deref(),
            // A page changes once when its analysis is ready.
            self.analysis_ready(id, row.move_count as usize),
        )
            .hash(&mut h);
        Ok(Some(Stamp {
            etag: format!("W/\"{id}-{:016x}\"", h.finish()),
            modified: row.finished_at.unwrap_or(row.updated_at),
        }))
    }

    /// Game `id` at `ply` (clamped to the last; `None`: the last), in `lang`.
    pub fn archive_game(
        &self,
        id: GameId,
        ply: Option<u64>,
        lang: Lang,
    ) -> Result<Option<GameSheet>, StoreError> {
        let Some((l, at_times)) = self.public_game_timed(id)? else {
            return Ok(None);
        };
        let l10n = Localiser::global();
        let rules = l.game.rules();
        // The time each move took, where a clock ran (a casual game's
        // times say only when players looked in).
        let times: Vec<Option<i64>> = match l.row.time_control {
            crate::domain::TimeControl::None => Vec::new(),
            _ => at_times
                .iter()
                .enumerate()
                .map(|(i, &t)| {
                    let before = if i == 0 {
                        l.row.created_at
                    } else {
                        at_times[i - 1]
                    };
                    (t >= before).then_some(t - before)
                })
                .collect(),
        };
        let server_name = self
            .store
            .server_name(&l.row.server_id)?
            .map(|n| escape::clean_name(&n))
            .unwrap_or_else(|| l.row.server_id.to_string());
        let board = crate::render::Layout::for_board(rules.width, rules.height);
        let moves: Vec<String> = l
            .game
            .record()
            .iter()
            .map(|p| format_played(rules, p))
            .collect();
        let ply = ply.map_or(moves.len(), |p| p.min(moves.len() as u64) as usize);
        let names = self.names_of(&l);
        let at = game_at(&l, ply);
        let caption = picture::caption_in(lang, &at, [&names[0], &names[1]]);
        let result = match (l.row.state, l.game.outcome()) {
            (GameState::Aborted, _) => Some(l10n.text(lang, &Msg::new("web-aborted"))),
            (_, Some(o)) => Some(l10n.text(lang, &outcome_msg(&l.game, o))),
            _ => None,
        };
        let tournament = l
            .row
            .tournament_match_id
            .and_then(|m| self.store.get_match(m).ok().flatten())
            .and_then(|m| {
                let t = self.store.get_tournament(m.tournament_id).ok().flatten()?;
                Some((t.id, escape::clean_name(&t.name), m.round))
            });
        let banks = [l.row.bank_first, l.row.bank_second];
        // The bot with its level ("tawlbot (level 3)").
        let name_of = |i: usize| {
            if crate::app::use_cases::bot::is_bot(&l.players[i]) {
                l10n.text(
                    lang,
                    &Msg::new("web-bot-level")
                        .str("name", names[i].clone())
                        .num("level", i64::from(l.row.settings.level())),
                )
            } else {
                names[i].clone()
            }
        };
        let players = [Side::First, Side::Second].map(|s| SheetPlayer {
            id: l.players[s.index()].clone(),
            name: name_of(s.index()),
            side: rules.side_key(s).to_string(),
            bank: banks[s.index()],
            vacation: (l.row.state == GameState::Active)
                .then(|| self.vacation_until(&l.players[s.index()], wall_clock()))
                .flatten(),
        });
        Ok(Some(GameSheet {
            id,
            server: l.row.server_id.clone(),
            variant: rules.name.to_string(),
            variant_id: rules.variant.to_string(),
            options: rules.options.clone(),
            players,
            ply,
            finished: l.row.state == GameState::Finished,
            aborted: l.row.state == GameState::Aborted,
            result,
            caption,
            alt: alt_text(crate::app::presentation::alt_text::alt_of_game(&at), lang),
            clock: l10n.text(lang, &l.row.time_control.describe()),
            deadline: l.row.deadline.filter(|_| l.row.state == GameState::Active),
            rated: l.row.rated,
            created_at: l.row.created_at,
            updated_at: l.row.updated_at,
            finished_at: l.row.finished_at,
            tournament,
            conditionals: self.archive_conditionals(&l, lang)?,
            server_name,
            times,
            board_size: (board.width, board.height),
            analysis: self.web_analysis(&l, lang),
            moves,
        }))
    }

    /// The conditional lines of an ended game `l`, a sentence each in
    /// `lang`: whose, when added, the pairs, what became of them. None
    /// while the game runs: the opponent never sees them.
    fn archive_conditionals(&self, l: &Loaded, lang: Lang) -> Result<Vec<String>, StoreError> {
        if l.row.state == GameState::Active {
            return Ok(Vec::new());
        }
        let l10n = Localiser::global();
        Ok(self
            .store
            .conditional_lines(l.row.id)?
            .iter()
            .map(|c| {
                l10n.text(
                    lang,
                    &Msg::new("web-conditional-line")
                        .str("player", self.raw_name_of(&c.player_id))
                        .num("from", c.from_move)
                        .str(
                            "pairs",
                            crate::app::use_cases::games::conditional::pairs_text(&c.moves),
                        )
                        .num("played", c.played)
                        .num("total", (c.moves.len() / 2) as u32)
                        .str("state", c.state.as_str()),
                )
            })
            .collect())
    }

    /// The board picture (PNG) of public game `id` at `ply` (clamped), its
    /// caption in `lang`.
    pub fn archive_board(
        &self,
        id: GameId,
        ply: Option<u64>,
        lang: Lang,
    ) -> Result<Option<Vec<u8>>, StoreError> {
        self.archive_board_sized(id, ply, lang, false)
    }

    /// [`App::archive_board`], drawn for a phone's screen when `phone`.
    pub fn archive_board_sized(
        &self,
        id: GameId,
        ply: Option<u64>,
        lang: Lang,
        phone: bool,
    ) -> Result<Option<Vec<u8>>, StoreError> {
        let Some(l) = self.public_game(id)? else {
            return Ok(None);
        };
        let n = l.game.record().len();
        let ply = ply.map_or(n, |p| p.min(n as u64) as usize);
        let names = self.names_of(&l);
        let at = game_at(&l, ply);
        let cap = picture::caption_in(lang, &at, [&names[0], &names[1]]);
        if phone {
            return Ok(Some(picture::picture_for_phone(
                &at,
                cap,
                &self.record_of(&l, &names),
                &self.theme(),
            )));
        }
        Ok(Some(picture::picture(
            &at,
            &[],
            cap,
            &self.record_of(&l, &names),
            &self.theme(),
        )))
    }

    /// A download of public game `id`.
    pub fn archive_download(
        &self,
        id: GameId,
        what: Download,
    ) -> Result<Option<ArchiveFile>, StoreError> {
        let Some(l) = self.public_game(id)? else {
            return Ok(None);
        };
        Ok(Some(match what {
            Download::Otn => ArchiveFile {
                name: format!("game-{id}.otn"),
                content_type: "text/plain; charset=utf-8",
                bytes: self.otn_text(&l).into_bytes(),
            },
            Download::Record => ArchiveFile {
                name: format!("game-{id}.txt"),
                content_type: "text/plain; charset=utf-8",
                bytes: self.record_text(&l).into_bytes(),
            },
            Download::Gif => {
                let version = format!("{}:{:?}", l.game.record().len(), l.game.outcome());
                let files = self
                    .exports
                    .get_or_make(id, &version, || export::ExportFiles {
                        record: self.record_text(&l).into_bytes(),
                        gif: picture::replay_gif(&l.game, &self.theme()),
                    });
                ArchiveFile {
                    name: format!("game-{id}.gif"),
                    content_type: "image/gif",
                    bytes: files.gif.clone(),
                }
            }
        }))
    }

    /// A game as a line of a listing.
    pub(crate) fn game_line(&self, g: &GameRow) -> GameLine {
        let score = match (g.state, g.result.and_then(|r| r.winner_index())) {
            (GameState::Aborted, _) => "–",
            (GameState::Active, _) => "*",
            (GameState::Finished, Some(0)) => "1–0",
            (GameState::Finished, Some(_)) => "0–1",
            (GameState::Finished, None) => "½–½",
        };
        let variant = rules_spec(&g.variant, &g.options)
            .map(|r| r.name.to_string())
            .unwrap_or_else(|_| g.variant.clone());
        GameLine {
            id: g.id,
            variant,
            first: (g.first_player.clone(), self.raw_name_of(&g.first_player)),
            second: (g.second_player.clone(), self.raw_name_of(&g.second_player)),
            score: score.to_string(),
            moves: crate::notation::turn_count(g.move_count as usize) as u32,
            date: time::date(g.created_at).chars().take(10).collect(),
        }
    }

    /// Player `id`'s page: ratings and games on public servers (page
    /// `page`, from 0). `None`: no such player, or none of their games and
    /// ratings is public.
    pub fn archive_player(
        &self,
        id: &UserId,
        page: u32,
    ) -> Result<Option<PlayerSheet>, StoreError> {
        let page = page.min(MAX_PAGE);
        // The public rows first, the player's own row only when some are
        // public: an id that never played and one that plays only in
        // private run the same statements, each finding nothing public.
        let ratings = self.store.public_ratings_of_player(id)?;
        let mut games = self
            .store
            .public_games_of_player(id, page * PAGE_GAMES, PAGE_GAMES + 1)?;
        if ratings.is_empty()
            && games.is_empty()
            && (page == 0 || self.store.public_games_of_player(id, 0, 1)?.is_empty())
        {
            return Ok(None);
        }
        let Some(p) = self.store.get_player(id)? else {
            return Ok(None);
        };
        let more = games.len() > PAGE_GAMES as usize;
        games.truncate(PAGE_GAMES as usize);
        let ratings = ratings
            .into_iter()
            .map(|r| {
                let name = self
                    .store
                    .server_name(&r.server_id)
                    .ok()
                    .flatten()
                    .map(|n| escape::clean_name(&n))
                    .unwrap_or_else(|| r.server_id.to_string());
                (r.server_id.clone(), name, r)
            })
            .collect();
        Ok(Some(PlayerSheet {
            id: p.id,
            name: escape::clean_name(&p.display_name),
            ratings,
            games: games.iter().map(|g| self.game_line(g)).collect(),
            page,
            more,
            vacation: self.vacation_until(id, wall_clock()),
        }))
    }

    /// Player `id`'s rating-history graph (PNG) on a public server and
    /// variant; `None` when private or without rated games.
    pub fn archive_rating_graph(
        &self,
        id: &UserId,
        server: &ServerId,
        variant: &str,
        lang: Lang,
    ) -> Result<Option<Vec<u8>>, StoreError> {
        if !self.server_public(server) {
            return Ok(None);
        }
        let points: Vec<RatingPoint> =
            self.store
                .rating_history(id, server, variant, HISTORY_POINTS)?;
        if points.is_empty() {
            return Ok(None);
        }
        let name = self.raw_name_of(id);
        let variant_name = rules_spec(variant, &[])
            .map(|r| r.name.to_string())
            .unwrap_or_else(|_| variant.to_string());
        let title = Localiser::global().text(
            lang,
            &Msg::new("web-rating-graph-title")
                .str("player", name)
                .str("game", variant_name),
        );
        let ratings: Vec<f64> = points.iter().map(|p| p.rating).collect();
        Ok(Some(crate::render::graph::ratings_png(&ratings, &title)))
    }

    /// The alt text of a rating graph, in `lang`.
    pub fn archive_rating_alt(
        &self,
        id: &UserId,
        server: &ServerId,
        variant: &str,
        lang: Lang,
    ) -> Result<String, StoreError> {
        let points = self
            .store
            .rating_history(id, server, variant, HISTORY_POINTS)?;
        let (lo, hi, last) = points
            .iter()
            .fold((f64::MAX, f64::MIN, 0.0), |(lo, hi, _), p| {
                (lo.min(p.rating), hi.max(p.rating), p.rating)
            });
        Ok(Localiser::global().text(
            lang,
            &Msg::new("web-rating-graph-alt")
                .num("games", points.len())
                .num("low", lo.round() as i64)
                .num("high", hi.round() as i64)
                .num("now", last.round() as i64),
        ))
    }

    /// Server `id`'s page; `None` when missing or private.
    pub fn archive_server(
        &self,
        id: &ServerId,
        page: u32,
    ) -> Result<Option<ServerSheet>, StoreError> {
        let page = page.min(MAX_PAGE);
        if !self.server_public(id) {
            return Ok(None);
        }
        let name = self
            .store
            .server_name(id)?
            .map(|n| escape::clean_name(&n))
            .unwrap_or_else(|| id.to_string());
        let mut leaderboards = Vec::new();
        for v in self.store.rated_variants(id)? {
            let rows = self
                .store
                .leaderboard(id, &v, LEADERBOARD_ROWS)?
                .into_iter()
                .map(|r| {
                    let n = self.raw_name_of(&r.player_id);
                    (r.player_id, n, r.rating, r.games)
                })
                .collect();
            let vname = rules_spec(&v, &[])
                .map(|r| r.name.to_string())
                .unwrap_or_else(|_| v.clone());
            leaderboards.push((vname, v, rows));
        }
        let tournaments = self
            .store
            .tournaments_on_server(id)?
            .into_iter()
            .map(|t| {
                (
                    t.id,
                    escape::clean_name(&t.name),
                    t.state.as_str().to_string(),
                )
            })
            .collect();
        let mut games = self
            .store
            .games_on_server_paged(id, page * PAGE_GAMES, PAGE_GAMES + 1)?;
        let more = games.len() > PAGE_GAMES as usize;
        games.truncate(PAGE_GAMES as usize);
        Ok(Some(ServerSheet {
            id: id.clone(),
            name,
            leaderboards,
            tournaments,
            games: games.iter().map(|g| self.game_line(g)).collect(),
            page,
            more,
        }))
    }

    /// `/settings archive:public|private`: whether this server's games,
    /// tournaments and players are on the web (Manage Server only).
    pub(crate) fn set_archive(&self, ctx: &Ctx, value: &str) -> Response {
        let public = match value.trim().to_lowercase().as_str() {
            "public" => true,
            "private" => false,
            _ => return Response::one(Reply::tell(Msg::new("archive-unknown"))),
        };
        if ctx.server.is_dm() {
            return Response::one(Reply::tell(Msg::new("archive-dm")));
        }
        if !ctx.manage_server {
            return Response::one(Reply::tell(Msg::new("archive-not-allowed")));
        }
        if let Err(e) = self.store.set_archive_public(&ctx.server, public) {
            return store_err(e);
        }
        let msg = match (public, self.public_url.as_deref()) {
            (true, Some(base)) => {
                Msg::new("archive-public-link").str("link", format!("{base}/s/{}", ctx.server))
            }
            (true, None) => Msg::new("archive-public"),
            (false, _) => Msg::new("archive-private"),
        };
        // Said in the channel: everyone should know their games are public.
        Response::one(Reply::say(msg))
    }
}

/// The game of `l` after its first `ply` moves (the game itself at the end,
/// with its outcome by resignation or time).
pub(crate) fn game_at(l: &Loaded, ply: usize) -> Game {
    if ply >= l.game.record().len() {
        return l.game.clone();
    }
    let rules = l.game.rules().clone();
    let mut g = if l.game.start() != &rules.start {
        Game::from_position(
            rules.clone(),
            l.game.start().clone(),
            l.game.first(),
            l.game.seed(),
        )
        .unwrap_or_else(|_| Game::with_first(rules, l.game.seed(), Some(l.game.first())))
    } else {
        Game::with_first(rules, l.game.seed(), Some(l.game.first()))
    };
    for p in &l.game.record()[..ply] {
        if g.play(p.mv).is_err() {
            break;
        }
    }
    g
}

/// Alt text from its versions: the first that fits, else the last, cut.
pub(crate) fn alt_text(versions: Vec<Vec<Msg>>, lang: Lang) -> String {
    let a = crate::app::presentation::alt_text::alt_text(&versions, lang);
    debug_assert!(a.chars().count() <= MAX_ALT);
    a
}

/// A date and time (UTC) for the web: `2026-11-29 14:05`.
pub fn date_time(secs: i64) -> String {
    let d = time::date(secs);
    let m = secs.rem_euclid(86_400) / 60;
    format!("{} {:02}:{:02}", &d[..d.len().min(10)], m / 60, m % 60)
}

/// The time now (unix seconds), for what the web pages show as running.
pub(crate) fn wall_clock() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}
