//! The web archive's front page: recent public games (running and
//! finished), tournaments and servers, newest first and paged; a search
//! for players by name; and a link to the puzzle of the day
//! (`/puzzles/{n}`). Plain data for `src/web`; privacy as in
//! [`crate::app::archive`]: only public servers' rows are read.

use crate::app::archive::{GameLine, MAX_PAGE, PAGE_GAMES};
use crate::app::{presentation::escape, App, StoreError};
use crate::i18n::Lang;
use crate::store::{ServerId, TournamentId, UserId};

/// Tournaments and servers listed on the front page.
pub const FRONT_LIST: u32 = 10;
/// Players a search finds at most.
pub const SEARCH_RESULTS: u32 = 20;
/// The longest name searched for (characters).
pub const SEARCH_MAX: usize = 64;

/// A link to the puzzle of the day.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleLink {
    /// A path on the archive (`/puzzle/...`) or an absolute URL.
    pub href: String,
    /// The link's words, in the reader's language.
    pub text: String,
}

/// The front page.
#[derive(Clone, Debug, PartialEq)]
pub struct FrontSheet {
    /// Recent games, newest first (page `page`).
    pub games: Vec<GameLine>,
    pub page: u32,
    pub more: bool,
    /// `(id, name, state word, server id, server name)`, newest first.
    pub tournaments: Vec<(TournamentId, String, String, ServerId, String)>,
    /// `(id, name)`, the most recently active first.
    pub servers: Vec<(ServerId, String)>,
    /// The search asked for, cleaned, and the players found.
    pub search: Option<(String, Vec<(UserId, String)>)>,
    /// The puzzle of the day, when there is one.
    pub puzzle: Option<PuzzleLink>,
}

impl App {
    /// The front page at games page `page`, with the players whose name
    /// contains `search` (when asked).
    pub fn archive_front(
        &self,
        page: u32,
        search: Option<&str>,
        lang: Lang,
    ) -> Result<FrontSheet, StoreError> {
        let page = page.min(MAX_PAGE);
        let mut games = self.store.public_games(page * PAGE_GAMES, PAGE_GAMES + 1)?;
        let more = games.len() > PAGE_GAMES as usize;
        games.truncate(PAGE_GAMES as usize);
        let server_name = |id: &ServerId| {
            self.store
                .server_name(id)
                .ok()
                .flatten()
                .map(|n| escape::clean_name(&n))
                .unwrap_or_else(|| id.to_string())
        };
        let l10n = crate::i18n::Localiser::global();
        let tournaments = self
            .store
            .public_tournaments(0, FRONT_LIST)?
            .into_iter()
            .map(|t| {
                let state = l10n.text(
                    lang,
                    &crate::i18n::Msg::new("state-name").str("state", t.state.as_str()),
                );
                let sname = server_name(&t.server_id);
                (t.id, escape::clean_name(&t.name), state, t.server_id, sname)
            })
            .collect();
        let servers = self
            .store
            .public_servers(FRONT_LIST)?
            .into_iter()
            .map(|(id, name)| {
                let name = name
                    .map(|n| escape::clean_name(&n))
                    .filter(|n| !n.trim().is_empty())
                    .unwrap_or_else(|| id.to_string());
                (id, name)
            })
            .collect();
        let search = match search.map(clean_search).filter(|s| !s.is_empty()) {
            Some(s) => {
                let found = self
                    .store
                    .search_public_players(&s, SEARCH_RESULTS)?
                    .into_iter()
                    .map(|(id, name)| (id, escape::clean_name(&name)))
                    .collect();
                Some((s, found))
            }
            None => None,
        };
        Ok(FrontSheet {
            games: games.iter().map(|g| self.game_line(g)).collect(),
            page,
            more,
            tournaments,
            servers,
            search,
            puzzle: self.front_puzzle(lang),
        })
    }

    /// The link to the archive's puzzle of the day (the same for every
    /// reader that day, UTC; the web's own scope, as a server has its
    /// own), in `lang`; `None` when no puzzle is stored.
    pub fn front_puzzle(&self, lang: Lang) -> Option<PuzzleLink> {
        let row = self.puzzle_of_the_day("web", crate::app::archive::wall_clock())?;
        let sheet = self.puzzle_sheet(row.id, lang)?;
        Some(PuzzleLink {
            href: format!("/puzzles/{}", row.id),
            text: crate::i18n::t(
                lang,
                &crate::i18n::Msg::new("web-puzzle-of-the-day").str("title", sheet.title),
            ),
        })
    }
}

/// A searched name: without control characters, trimmed, at most
/// [`SEARCH_MAX`] characters.
fn clean_search(s: &str) -> String {
    escape::clean_name(s)
        .trim()
        .chars()
        .take(SEARCH_MAX)
        .collect()
}
