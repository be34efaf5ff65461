//! `/analysis [game:ID]`: the engine evaluates every position of a finished
//! game at a fixed node budget ([`ANALYSIS_NODES`]) and the answer is a PNG
//! graph of the defenders' (tafl) or white's (gwyddbwyll) winning chances,
//! with the three biggest swings named as moves.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::app::runtime::engine_limits::{EngineJob, Running};
use crate::app::{presentation::rendered, store_err, unreadable, App, Ctx, Reply, Response};
use crate::engine::{self, Ending, Limits, SwingKind};
use crate::i18n::{Localiser, Msg};
use crate::notation::format_played;
use crate::store::GameState;

/// Nodes searched per position: a 100-move game stays under 30 s on one
/// core of the project machine (see docs/engine-play.md for the numbers).
pub const ANALYSIS_NODES: u64 = 50_000;

/// Runs `/analysis`. `progress(percent)` is called as positions are done.
pub fn command(
    app: &App,
    ctx: &Ctx,
    game: Option<&str>,
    progress: &mut dyn FnMut(u32),
) -> rendered::Response {
    let app = &app.for_request(&ctx.user.id);
    let resp = drafted(app, ctx, game, progress);
    app.localise(resp, &ctx.user.id, &ctx.server)
}

/// [`command`] before localisation (`/analysis` through [`App::handle`]).
pub(crate) fn drafted(
    app: &App,
    ctx: &Ctx,
    game: Option<&str>,
    progress: &mut dyn FnMut(u32),
) -> Response {
    let _admitted = match admission(app, ctx) {
        Ok(a) => a,
        Err(r) => return r,
    };
    analyse(app, ctx, game, progress, &AtomicBool::new(false))
}

/// A place for one `/analysis` of one user: held while it waits and runs.
pub struct Admitted {
    _running: Running,
    _job: EngineJob,
}

/// Whether `ctx.user` may ask for an analysis now: one running analysis
/// per user, and room in the engine queue ("busy, try in a minute"
/// otherwise). The front end asks before it queues the work.
pub fn admit(app: &App, ctx: &Ctx) -> Result<Admitted, rendered::Response> {
    admission(app, ctx).map_err(|r| app.localise(r, &ctx.user.id, &ctx.server))
}

/// [`admit`], its refusal before localisation.
fn admission(app: &App, ctx: &Ctx) -> Result<Admitted, Response> {
    let refuse = |m: &'static str| Response::one(Reply::tell(Msg::new(m)));
    let Some(running) = app.engine.start_analysis(&ctx.user.id) else {
        return Err(refuse("analysis-running"));
    };
    let Some(job) = app.engine.try_job() else {
        return Err(refuse("engine-busy"));
    };
    Ok(Admitted {
        _running: running,
        _job: job,
    })
}

/// [`command`] with a stop flag, once admitted.
pub fn run(
    app: &App,
    ctx: &Ctx,
    game: Option<&str>,
    progress: &mut dyn FnMut(u32),
    stop: &AtomicBool,
) -> rendered::Response {
    let app = &app.for_request(&ctx.user.id);
    let resp = analyse(app, ctx, game, progress, stop);
    app.localise(resp, &ctx.user.id, &ctx.server)
}

fn analyse(
    app: &App,
    ctx: &Ctx,
    game: Option<&str>,
    progress: &mut dyn FnMut(u32),
    stop: &AtomicBool,
) -> Response {
    let row = match game {
        Some(id) => {
            // Only a game of this server (or the asker's own in direct
            // messages): another server's game is as if it did not exist.
            match app.server_game_row(ctx, id) {
                Ok(r) => r,
                Err(r) => return r,
            }
        }
        None => match app.store.latest_game_in_channel(&ctx.channel) {
            Ok(Some(r)) => r,
            Ok(None) => return Response::one(Reply::tell(Msg::new("analysis-no-game-here"))),
            Err(e) => return store_err(e),
        },
    };
    if row.state == GameState::Active {
        return Response::one(Reply::tell(
            Msg::new("analysis-still-playing").num("id", row.id),
        ));
    }
    let id = row.id;
    let l = match app.load(row) {
        Ok(l) => l,
        Err(e) => return Response::one(Reply::tell(unreadable(id, &e))),
    };
    let mut last = u32::MAX;
    let mut report = |done: usize, total: usize| {
        let pct = (done * 100 / total.max(1)) as u32;
        if pct != last {
            last = pct;
            progress(pct);
        }
    };
    // A finished game never changes: its analysis is made once.
    let moves = l.game.record().len();
    let a = match app.engine.kept(l.row.id, moves) {
        Some(a) => a,
        None => {
            let a = engine::analyse(&l.game, &Limits::nodes(ANALYSIS_NODES), stop, &mut report);
            if stop.load(Ordering::SeqCst) {
                return Response::none();
            }
            let a = std::sync::Arc::new(a);
            app.engine.keep(l.row.id, moves, std::sync::Arc::clone(&a));
            a
        }
    };
    let rules = l.game.rules();
    let subject = rules.side_key(a.subject);
    let marks: Vec<usize> = a.swings.iter().map(|s| s.ply + 1).collect();
    let lang = app.lang(ctx);
    let title = Localiser::global().text(
        lang,
        &Msg::new("analysis-title")
            .num("id", l.row.id)
            .str("game", rules.name)
            .str("side", subject),
    );
    let png = crate::render::graph::chances_png(&a.chances, &title, &axis_label(lang), &marks);
    let mut reply = Reply::say(
        Msg::new("analysis-head")
            .num("id", l.row.id)
            .str("game", rules.name)
            .str("side", subject)
            .num("nodes", ANALYSIS_NODES),
    );
    if a.swings.is_empty() {
        reply = reply.then(Msg::new("analysis-no-swings"));
    } else {
        reply = reply.then(Msg::new("analysis-swings"));
        for s in &a.swings {
            let Some(p) = l.game.record().get(s.ply) else {
                continue;
            };
            reply = reply.line(swing_msg(rules, &format_played(rules, p), s));
        }
    }
    Response::one(
        reply
            .with_png(&format!("analysis-{}.png", l.row.id), png)
            .alt(crate::app::presentation::alt_text::alt_of_graph(
                &l.game, subject, &marks,
            )),
    )
}

/// The label of the graph's x axis, from the catalogue ("move",
/// "symudiad").
pub(crate) fn axis_label(lang: crate::i18n::Lang) -> String {
    crate::i18n::without_isolation(
        &Localiser::global().text(lang, &Msg::new("analysis-graph-axis")),
    )
}

/// The words of a swing's kind: a message id with its number.
fn kind_msg(kind: SwingKind) -> Msg {
    match kind {
        SwingKind::Allowed { how, in_moves } => Msg::new(match how {
            Ending::Escape => "analysis-allowed-escape",
            Ending::KingCapture => "analysis-allowed-king-capture",
            Ending::LastCapture => "analysis-allowed-last-capture",
            Ending::DuxBlockade => "analysis-allowed-dux-blockade",
            Ending::Blockade => "analysis-allowed-blockade",
            Ending::Win => "analysis-allowed-win",
        })
        .num("n", in_moves),
        SwingKind::MissedWin { in_moves } => Msg::new("analysis-missed-win").num("n", in_moves),
        SwingKind::LostMen { n } => Msg::new("analysis-lost-men").num("n", n),
        SwingKind::Blunder => Msg::new("analysis-blunder"),
        SwingKind::Mistake => Msg::new("analysis-mistake"),
    }
}

/// One line of the biggest swings: `played` is the move in notation.
fn swing_msg(rules: &crate::rules::Ruleset, played: &str, s: &engine::Swing) -> Msg {
    let drop = (s.before - s.after).abs();
    let marks = if drop > 0.3 { "??" } else { "?" };
    Msg::new("analysis-swing")
        // By turn, as /history: "9." / "9…".
        .num("number", crate::notation::turn_number(s.ply))
        .str(
            "half",
            if s.ply.is_multiple_of(2) {
                "first"
            } else {
                "second"
            },
        )
        .str("move", format!("{played}{marks}"))
        .str("side", rules.side_key(s.side))
        .msg("kind", kind_msg(s.kind))
        .str("before", format!("{:.0}", s.before * 100.0))
        .str("after", format!("{:.0}", s.after * 100.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    fn text(lang: Lang, kind: SwingKind) -> String {
        crate::i18n::without_isolation(&Localiser::global().text(lang, &kind_msg(kind)))
    }

    /// A swing is numbered by turn as /history numbers moves: ply 16 (the
    /// 17th move, the first side's) is "9.", ply 17 "9…".
    #[test]
    fn swings_are_numbered_by_turn() {
        let g = crate::rules::Game::new(
            crate::rules::Ruleset::from_spec("tawlbwrdd", &[]).unwrap(),
            1,
        );
        let mv = g.legal_moves()[0];
        let line = |ply: usize, side: crate::rules::Side, lang: Lang| {
            let s = engine::Swing {
                ply,
                mv,
                side,
                before: 0.5,
                after: 0.4,
                kind: SwingKind::Mistake,
            };
            crate::i18n::without_isolation(
                &Localiser::global().text(lang, &swing_msg(g.rules(), "e2-c2", &s)),
            )
        };
        use crate::rules::Side::{First, Second};
        assert_eq!(
            line(16, First, Lang::En),
            "9. e2-c2? (attackers) a mistake (50% → 40%)"
        );
        assert!(
            line(17, Second, Lang::En).starts_with("9… e2-c2? (defenders)"),
            "{}",
            line(17, Second, Lang::En)
        );
        assert!(
            line(17, Second, Lang::Cy).starts_with("9… e2-c2? ("),
            "{}",
            line(17, Second, Lang::Cy)
        );
        assert!(
            line(0, First, Lang::Cy).starts_with("1. e2-c2? ("),
            "{}",
            line(0, First, Lang::Cy)
        );
    }

    /// The graph's x axis is labelled from the catalogue, in the reader's
    /// language (it was the English "move" in every picture).
    #[test]
    fn the_graph_axis_is_labelled_in_the_readers_language() {
        assert_eq!(axis_label(Lang::En), "move");
        assert_eq!(axis_label(Lang::Cy), "symudiad");
    }

    #[test]
    fn swing_kinds_are_words_in_both_languages() {
        let capture = SwingKind::Allowed {
            how: Ending::KingCapture,
            in_moves: 2,
        };
        assert_eq!(
            text(Lang::En, capture),
            "allowed a capture of the king in 2 moves"
        );
        assert_eq!(
            text(Lang::Cy, capture),
            "gadawodd i'r brenin gael ei ddal mewn 2 symudiad"
        );
        let escape = SwingKind::Allowed {
            how: Ending::Escape,
            in_moves: 1,
        };
        assert_eq!(
            text(Lang::En, escape),
            "allowed an escape of the king in 1 move"
        );
        assert_eq!(text(Lang::En, SwingKind::LostMen { n: 1 }), "lost a man");
        assert_eq!(text(Lang::En, SwingKind::LostMen { n: 3 }), "lost 3 men");
        assert_eq!(
            text(Lang::Cy, SwingKind::LostMen { n: 1 }),
            "collodd un darn"
        );
        assert_eq!(
            text(Lang::Cy, SwingKind::LostMen { n: 2 }),
            "collodd 2 ddarn"
        );
        assert_eq!(
            text(Lang::Cy, SwingKind::LostMen { n: 3 }),
            "collodd 3 darn"
        );
        assert_eq!(
            text(Lang::Cy, SwingKind::MissedWin { in_moves: 1 }),
            "collodd gyfle i ennill mewn 1 symudiad"
        );
        assert_eq!(text(Lang::Cy, SwingKind::Blunder), "camgymeriad mawr");
        assert_eq!(text(Lang::En, SwingKind::Mistake), "a mistake");
    }
}
