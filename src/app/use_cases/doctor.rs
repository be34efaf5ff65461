//! `tawlbot doctor`'s judgement of what the store cannot judge alone: every
//! game replayed through the rules, every player setting and server
//! language read as the app reads them. The store finds the rest
//! (`Doctor::unreadable_rows`: rows its readers refuse, move numbers and
//! counts, ratings, references); [`examine`] puts both together.
//!
//! A game is wrong when it could not be shown or played on: its variant or
//! options are unknown, its start position does not read or is decided
//! before the first move, a stored move is not a legal move in turn, or its
//! record says something other than the rules about how it ended (an active
//! game whose moves end it, a finished game whose reason the board decides
//! but whose moves do not, or decide it otherwise).

use crate::app::{
    explain, notation, presentation::reader, rules_spec, use_cases::games::outcomes,
    use_cases::games::start_position, EndReason, GameRow, GameState,
};
use crate::store::{GameId, Store, StoreError, StoredMove, Table, UnreadableRow};

/// Every row the doctor names, table by table in id order: the store's
/// findings, then each game replayed (those the store named already are
/// not replayed), each player setting and each server's language.
pub fn examine(store: &dyn Store) -> Result<Vec<UnreadableRow>, StoreError> {
    let mut rows = store.unreadable_rows()?;
    let named = |rows: &[UnreadableRow], id: GameId| {
        let id = id.to_string();
        rows.iter().any(|r| r.table == Table::Games && r.id == id)
    };
    let mut found = Vec::new();
    for id in store.all_game_ids()? {
        if named(&rows, id) {
            continue;
        }
        // A game gone meanwhile, or unreadable since: the next run says.
        let Ok(Some((row, moves))) = store.load_game(id) else {
            continue;
        };
        if let Some(problem) = game_problem(&row, &moves) {
            found.push(UnreadableRow {
                table: Table::Games,
                id: id.to_string(),
                problem,
            });
        }
    }
    let choices = store.stored_choices()?;
    for (player, key, value) in &choices.settings {
        if let Some(problem) = reader::setting_problem(key, value) {
            found.push(UnreadableRow {
                table: Table::Players,
                id: player.to_string(),
                problem,
            });
        }
    }
    for (server, language) in &choices.languages {
        if crate::i18n::Lang::parse(language).is_none() {
            found.push(UnreadableRow {
                table: Table::Servers,
                id: server.to_string(),
                problem: format!("language: unknown language {language:?}"),
            });
        }
    }
    rows.extend(found);
    UnreadableRow::sort_all(&mut rows);
    Ok(rows)
}

/// Reasons the board decides: a record giving one must agree with the moves.
fn by_the_board(r: EndReason) -> bool {
    matches!(
        r,
        EndReason::KingEscaped
            | EndReason::KingCaptured
            | EndReason::OnePieceLeft
            | EndReason::DuxImmobile
            | EndReason::NoLegalMove
            | EndReason::Repetition
            | EndReason::MoveLimit
    )
}

/// What is wrong with game `row` and its `moves` (numbered 0..n, as the
/// store checked): the first problem met in replaying it, `None` if none.
pub(crate) fn game_problem(row: &GameRow, moves: &[StoredMove]) -> Option<String> {
    let rules = match rules_spec(&row.variant, &row.options) {
        Ok(r) => r,
        Err(e) => return Some(format!("variant/options: {e}")),
    };
    let mut game = match start_position::start_game(
        rules,
        row.settings.position.as_deref(),
        row.seed,
        Some(row.first_side),
    ) {
        Ok(g) => g,
        Err(e) => return Some(format!("start_position: {e}")),
    };
    if row.settings.position.is_some() && game.decided_at_start() {
        return Some("start_position: the game is decided before the first move".into());
    }
    for m in moves {
        if game.is_over() {
            return Some(format!(
                "move {} {}: the game was over before it",
                m.number,
                crate::store::clipped(&m.text)
            ));
        }
        if let Err(e) = notation::replay_text(&mut game, &m.text) {
            return Some(format!(
                "move {} {}: {}",
                m.number,
                crate::store::clipped(&m.text),
                crate::store::clipped(&explain(game.rules(), &e))
            ));
        }
    }
    let stored = (row.state, row.result, row.reason);
    match outcomes::stored_outcome(&game) {
        // The moves end the game: the record must say so, as they do.
        Some((result, reason)) => match stored {
            (GameState::Finished, Some(r), Some(why)) if r == result && why == reason => None,
            // An aborted game keeps its moves, whatever they came to.
            (GameState::Aborted, ..) => None,
            _ => Some(format!(
                "result: the moves end the game ({}, {}), the record says {}",
                result,
                reason,
                said(row)
            )),
        },
        None => match stored {
            (GameState::Finished, _, Some(why)) if by_the_board(why) => Some(format!(
                "result: the record says {}, the moves do not end the game",
                said(row)
            )),
            _ => None,
        },
    }
}

/// A game's record of its end, as the doctor names it: `active`,
/// `finished first king_captured`.
fn said(row: &GameRow) -> String {
    let mut s = row.state.to_string();
    if let Some(r) = row.result {
        s.push_str(&format!(" {r}"));
    }
    if let Some(r) = row.reason {
        s.push_str(&format!(" {r}"));
    }
    s
}
