//! The analysis graph of a finished public game on the web archive: made
//! once, in the background, within the engine's limits (a place in the
//! engine queue, and one web analysis at a time, so a crawler cannot keep
//! the engine from the bot's own turns), and kept with `/analysis`'s own
//! (`EngineLimits::keep`): a game page shows the graph when it is ready,
//! and says it is being made until then.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::app::use_cases::analysis::ANALYSIS_NODES;
use crate::app::{presentation::alt_text, App, Loaded};
use crate::engine::{self, Limits};
use crate::i18n::{Lang, Localiser, Msg};
use crate::store::{GameId, GameState, StoreError};

/// One analysis for the web at a time, whatever the number of readers.
static WEB_ANALYSIS: AtomicBool = AtomicBool::new(false);

/// What a finished game's page says of its analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisState {
    /// Ready: the graph's alt text.
    Ready(String),
    /// Being made (or waiting for room in the engine).
    Pending,
}

/// Frees the web's analysis place when the background work ends.
struct Place;

impl Drop for Place {
    fn drop(&mut self) {
        WEB_ANALYSIS.store(false, Ordering::SeqCst);
    }
}

impl App {
    /// Lets the web archive analyse finished games in the background (the
    /// archive's servers turn it on; off, a page only shows analyses
    /// `/analysis` made).
    pub fn with_web_analysis(mut self, on: bool) -> App {
        self.web_analysis = on;
        self
    }

    /// Whether game `id` at `moves` moves has its analysis kept.
    pub fn analysis_ready(&self, id: GameId, moves: usize) -> bool {
        self.engine.kept(id, moves).is_some()
    }

    /// The analysis of finished game `l` for its page: ready (with its alt
    /// text in `lang`), or pending, and then started in the background when
    /// the engine has room. `None` for a game that is not finished, or has
    /// fewer than two moves (nothing to draw).
    pub(crate) fn web_analysis(&self, l: &Loaded, lang: Lang) -> Option<AnalysisState> {
        let moves = l.game.record().len();
        if l.row.state != GameState::Finished || moves < 2 {
            return None;
        }
        if let Some(a) = self.engine.kept(l.row.id, moves) {
            let rules = l.game.rules();
            let marks: Vec<usize> = a.swings.iter().map(|s| s.ply + 1).collect();
            let alt = alt_text::alt_of_graph(&l.game, rules.side_key(a.subject), &marks);
            return Some(AnalysisState::Ready(crate::app::archive::alt_text(
                alt, lang,
            )));
        }
        if !self.web_analysis {
            return None;
        }
        self.start_web_analysis(l);
        Some(AnalysisState::Pending)
    }

    /// Starts the analysis of `l` on a thread of its own, if the web has
    /// no other running and the engine queue has room (else a later
    /// reader starts it).
    fn start_web_analysis(&self, l: &Loaded) {
        if WEB_ANALYSIS
            .compare_exchange(false, true, Ordering::SeqCst, Ordering::SeqCst)
            .is_err()
        {
            return;
        }
        let place = Place;
        let Some(job) = self.engine.try_job() else {
            return;
        };
        let (app, game, id) = (self.clone(), l.game.clone(), l.row.id);
        let spawned = std::thread::Builder::new()
            .name(format!("web-analysis-{id}"))
            .spawn(move || {
                let _place = place;
                let _job = job;
                let moves = game.record().len();
                let a = engine::analyse(
                    &game,
                    &Limits::nodes(ANALYSIS_NODES),
                    &AtomicBool::new(false),
                    &mut |_, _| {},
                );
                app.engine.keep(id, moves, Arc::new(a));
                tracing::info!("web archive: game {id} analysed");
            });
        if let Err(e) = spawned {
            tracing::warn!("web archive: could not start an analysis: {e}");
        }
    }

    /// The analysis graph (PNG) of public game `id`, in `lang`, when it is
    /// ready; `None` otherwise (missing, private, running, not analysed).
    pub fn archive_analysis_png(
        &self,
        id: GameId,
        lang: Lang,
    ) -> Result<Option<Vec<u8>>, StoreError> {
        let Some(l) = self.public_game(id)? else {
            return Ok(None);
        };
        let moves = l.game.record().len();
        let Some(a) = self.engine.kept(id, moves) else {
            return Ok(None);
        };
        let rules = l.game.rules();
        let marks: Vec<usize> = a.swings.iter().map(|s| s.ply + 1).collect();
        let title = Localiser::global().text(
            lang,
            &Msg::new("analysis-title")
                .num("id", id)
                .str("game", rules.name)
                .str("side", rules.side_key(a.subject)),
        );
        let axis = crate::app::use_cases::analysis::axis_label(lang);
        Ok(Some(crate::render::graph::chances_png(
            &a.chances, &title, &axis, &marks,
        )))
    }
}
