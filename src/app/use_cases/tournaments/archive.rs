//! A tournament on the web archive: standings, crosstable, every round's
//! pairings with their games. Plain data for `src/web`.

use super::view::{fmt_points, headers, standings_png, table_rows};
use super::{
    active_entrants, state_msg, view, App, Data, GameState, Lang, PlayerId, StoreError,
    TournamentId, T,
};
use crate::store::{GameId, ServerId, UserId};

/// One pairing of a round on the web.
#[derive(Clone, Debug, PartialEq)]
pub struct PairingLine {
    pub board: u32,
    /// `(player id, name)`.
    pub first: (UserId, String),
    /// `None`: a bye.
    pub second: Option<(UserId, String)>,
    /// `1½–½`, or empty while the match is on.
    pub score: String,
    /// The games of the match: `(game id, score of that game)`.
    pub games: Vec<(GameId, String)>,
}

/// A crosstable cell on the web: its text and the game it links to.
pub type CrossCell = (String, Option<GameId>);

/// A tournament's page.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentSheet {
    pub id: TournamentId,
    pub server: ServerId,
    pub name: String,
    /// "Tawlbwrdd, Swiss, 3 rounds, ..." in the reader's language.
    pub description: String,
    /// "signing up", "running", "finished" in the reader's language.
    pub state: String,
    /// The standings table's column headers.
    pub headers: [String; 6],
    /// Rows of the standings: the player's id, then the six cells.
    pub standings: Vec<(String, [String; 6])>,
    /// The crosstable: row player's results against each column player, in
    /// standings order, as Discord writes them (`1`, `½`, `0`, `+`/`-` a
    /// forfeit, `*` being played; empty where they did not meet; `×` on the
    /// diagonal), each with the game it links to; then the row's points.
    pub crosstable: Vec<(Vec<CrossCell>, String)>,
    /// The rounds the tournament will have in all (0 before the start).
    pub total_rounds: u32,
    /// Once finished: the first three places, `(place, player id, name)`.
    pub podium: Vec<(u32, UserId, String)>,
    /// Each round's pairings.
    pub rounds: Vec<Vec<PairingLine>>,
    /// Entrants before the start: `(player id, name)`.
    pub entrants: Vec<(UserId, String)>,
}

impl App {
    /// The standings picture of public tournament `id` (as `/tournament
    /// standings` draws it on Discord), in `lang`; `None` when missing,
    /// private or not started.
    pub fn archive_standings_png(
        &self,
        id: TournamentId,
        lang: Lang,
    ) -> Result<Option<Vec<u8>>, StoreError> {
        let Some(row) = self.store.get_tournament(id)? else {
            return Ok(None);
        };
        if !self.server_public(&row.server_id) {
            return Ok(None);
        }
        let Ok(data) = serde_json::from_str::<Data>(&row.data) else {
            return Ok(None);
        };
        let t = T { row, data };
        let Some(s) = &t.data.state else {
            return Ok(None);
        };
        let table = s.standings();
        Ok(Some(standings_png(self, &t, &table, lang)))
    }

    /// Tournament `id`'s page in `lang`; `None` when missing, unreadable or
    /// on a private server.
    pub fn archive_tournament(
        &self,
        id: TournamentId,
        lang: Lang,
    ) -> Result<Option<TournamentSheet>, StoreError> {
        let Some(row) = self.store.get_tournament(id)? else {
            return Ok(None);
        };
        if !self.server_public(&row.server_id) {
            return Ok(None);
        }
        let Ok(data) = serde_json::from_str::<Data>(&row.data) else {
            tracing::warn!("archive: tournament {id} cannot be read");
            return Ok(None);
        };
        let t = T { row, data };
        let l10n = crate::i18n::Localiser::global();
        let mut sheet = TournamentSheet {
            id,
            server: t.row.server_id.clone(),
            name: t.row.name.clone(),
            description: l10n.text(lang, &view::describe(&t)),
            state: l10n.text(lang, &state_msg(t.row.state)),
            headers: headers(lang),
            standings: Vec::new(),
            crosstable: Vec::new(),
            podium: Vec::new(),
            total_rounds: 0,
            rounds: Vec::new(),
            entrants: Vec::new(),
        };
        let Some(s) = &t.data.state else {
            sheet.entrants = active_entrants(self, id)
                .unwrap_or_default()
                .into_iter()
                .map(|p| {
                    let n = self.raw_name_of(&p);
                    (p, n)
                })
                .collect();
            return Ok(Some(sheet));
        };
        let table = s.standings();
        sheet.standings = table
            .iter()
            .zip(table_rows(self, &t, &table, lang))
            .map(|(r, cells)| (t.data.player(r.player).to_string(), cells))
            .collect();
        let rows = self.store.tournament_matches(id)?;
        let who = |p: PlayerId| {
            let pid = UserId::from(t.data.player(p));
            let n = self.raw_name_of(&pid);
            (pid, n)
        };
        sheet.total_rounds = s.total_rounds();
        if t.row.state == crate::domain::TournamentPhase::Finished {
            sheet.podium = table
                .iter()
                .filter(|r| r.rank <= 3)
                .map(|r| {
                    let pid = UserId::from(t.data.player(r.player));
                    let n = self.raw_name_of(&pid);
                    (r.rank, pid, n)
                })
                .collect();
        }
        // The game each pair's crosstable cell links to (the match's last).
        let mut met: std::collections::HashMap<(PlayerId, PlayerId), GameId> =
            std::collections::HashMap::new();
        for m in s.matches() {
            let Some(b) = m.pairing.second else { continue };
            let Some(r) = rows
                .iter()
                .find(|r| r.round == m.pairing.round && r.board == m.pairing.board)
            else {
                continue;
            };
            if let Some(g) = self.store.games_of_match(r.id)?.last() {
                met.insert((m.pairing.first, b), g.id);
                met.insert((b, m.pairing.first), g.id);
            }
        }
        let x = crate::tournament::crosstable(s);
        let order: Vec<PlayerId> = x.iter().map(|r| r.player).collect();
        sheet.crosstable = x
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let cells = r
                    .cells
                    .iter()
                    .enumerate()
                    .map(|(j, c)| {
                        let text = crate::tournament::crosstable::cell_text(i, j, c);
                        let link = (i != j && c.is_some())
                            .then(|| met.get(&(r.player, order[j])).copied())
                            .flatten();
                        (text, link)
                    })
                    .collect();
                (cells, fmt_points(r.points))
            })
            .collect();
        for round in &s.rounds {
            let mut lines = Vec::new();
            for m in round {
                let games = rows
                    .iter()
                    .find(|r| r.round == m.pairing.round && r.board == m.pairing.board)
                    .map(|r| self.store.games_of_match(r.id))
                    .transpose()?
                    .unwrap_or_default()
                    .into_iter()
                    .map(|g| {
                        let score = match (g.state, g.result.and_then(|r| r.winner_index())) {
                            (GameState::Finished, Some(0)) => "1–0",
                            (GameState::Finished, Some(_)) => "0–1",
                            (GameState::Finished, None) => "½–½",
                            (GameState::Aborted, _) => "–",
                            (GameState::Active, _) => "*",
                        };
                        (g.id, score.to_string())
                    })
                    .collect();
                lines.push(PairingLine {
                    board: m.pairing.board,
                    first: who(m.pairing.first),
                    second: m.pairing.second.map(who),
                    score: m
                        .outcome()
                        .filter(|_| m.pairing.second.is_some())
                        .map(|o| {
                            format!(
                                "{}–{}",
                                fmt_points(o.first_game_points),
                                fmt_points(o.second_game_points)
                            )
                        })
                        .unwrap_or_default(),
                    games,
                });
            }
            sheet.rounds.push(lines);
        }
        Ok(Some(sheet))
    }
}
