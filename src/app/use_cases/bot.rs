//! The bot as an opponent: `/challenge opponent:@tawlbot level:N` starts a
//! game at once, and after every human move the front end runs
//! [`App::bot_turn`] (an [`Effect::BotTurn`]) off its async threads.
//!
//! - The level is stored with the game as the option `bot-level=N` (no
//!   migration); [`crate::app::rules_spec`] leaves it out of the ruleset.
//! - Bot games are unrated. The bot has no clock: while it thinks the game
//!   has no deadline, and the human's clock starts again after its move.
//! - The search seed is `engine::selfplay_seed(game seed, ply)`, so a bot
//!   game replays the same from its seed (the levels are node budgets).
//! - Before the move is stored the game is checked again: the bot only moves
//!   when it is to move and the game has exactly `expected` moves, and the
//!   store's append with the expected number refuses anything stale.

use crate::domain::LeaseKind;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::app::BOT_ID;
use crate::app::{
    mention, presentation::rendered, slug, App, Ctx, Effect, Loaded, Response, Target,
};
use crate::engine::{self, Limits};
use crate::i18n::Msg;
use crate::store::Challenge;
use crate::store::{AppendError, GameId, ServerId, UserId};

pub use crate::domain::DEFAULT_BOT_LEVEL as DEFAULT_LEVEL;

/// The `level:` option of `/challenge`: 1 to 5, default 3.
pub(crate) fn parse_level(v: Option<&str>) -> Result<u8, Msg> {
    match v {
        None => Ok(DEFAULT_LEVEL),
        Some(t) => match t.trim().parse::<u8>() {
            Ok(l @ 1..=5) => Ok(l),
            _ => Err(Msg::new("bot-bad-level").str("text", t.chars().take(20).collect::<String>())),
        },
    }
}

/// The nodes the bot searches to judge a draw offer.
const DRAW_NODES: u64 = 20_000;

/// The move (as `/history` numbers them: a move of each side) before
/// which the bot declines every draw: a game that has only begun is no
/// draw, whatever a short search says of it.
pub(crate) const DRAW_FROM_MOVE: usize = 20;

/// How the bot answers a draw offer, and why (said in its reply).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DrawAnswer {
    /// Declined: before move [`DRAW_FROM_MOVE`].
    Opening,
    /// Declined: its winning chances are better than even.
    Ahead,
    /// Accepted: the game is level by its search.
    Level,
    /// Accepted: the game is going against it.
    Behind,
}

impl DrawAnswer {
    pub(crate) fn accepts(self) -> bool {
        matches!(self, DrawAnswer::Level | DrawAnswer::Behind)
    }

    /// The sentence saying why.
    pub(crate) fn reason(self) -> Msg {
        let why = match self {
            DrawAnswer::Opening => "opening",
            DrawAnswer::Ahead => "ahead",
            DrawAnswer::Level => "level",
            DrawAnswer::Behind => "behind",
        };
        Msg::new("bot-draw-reason")
            .str("why", why)
            .num("from", DRAW_FROM_MOVE as i64)
    }
}

/// How the bot answers a draw offer in `l`, as a player would: never in
/// the opening; later it accepts when its winning chances, by a short
/// search, are even or worse (within a hair of even counts as level).
pub(crate) fn draw_answer(l: &Loaded) -> DrawAnswer {
    let plies = l.game.record().len();
    if plies / 2 + 1 < DRAW_FROM_MOVE {
        return DrawAnswer::Opening;
    }
    let Some(bot_side) = l.players.iter().position(|p| is_bot(p)) else {
        return DrawAnswer::Ahead;
    };
    let Some(to_move) = l.game.to_move() else {
        return DrawAnswer::Ahead;
    };
    let seed = engine::selfplay_seed(l.game.seed(), plies as u32);
    let Some(r) = engine::best_move(
        &l.game,
        &Limits::nodes(DRAW_NODES),
        seed,
        &AtomicBool::new(false),
    ) else {
        return DrawAnswer::Level;
    };
    let mover = r.score.chance();
    let mine = if to_move.index() == bot_side {
        mover
    } else {
        1.0 - mover
    };
    if mine > 0.52 {
        DrawAnswer::Ahead
    } else if mine >= 0.48 {
        DrawAnswer::Level
    } else {
        DrawAnswer::Behind
    }
}

/// Whether a player id is the bot.
pub fn is_bot(id: &str) -> bool {
    id == BOT_ID
}

impl App {
    /// The bot accepts a challenge made to it at once (in a new thread when
    /// the challenger asked for one).
    pub(crate) fn accept_for_bot(&self, ctx: &Ctx, c: &Challenge) -> Response {
        if c.settings.thread {
            let name = format!("{} vs tawlbot {}", ctx.user.name, c.variant);
            return Response {
                replies: vec![],
                effects: vec![Effect::OpenThread {
                    parent: c.channel_id.clone(),
                    name: slug(&name),
                    challenge: c.id,
                }],
            };
        }
        self.start_game(ctx, c, &c.channel_id.clone())
    }

    /// A sentence for the opening message of a bot game.
    pub(crate) fn bot_note(&self, l: &Loaded) -> Option<Msg> {
        l.players
            .iter()
            .any(|p| is_bot(p))
            .then(|| Msg::new("bot-note").num("level", l.row.settings.level() as u32))
    }

    /// Every bot turn waiting in an active game: called at startup, so a
    /// restart resumes the games where the bot is to move.
    pub fn pending_bot_turns(&self) -> Vec<Effect> {
        let Ok(rows) = self
            .store
            .games_of_player(&UserId::from(BOT_ID), true, 10_000)
        else {
            return Vec::new();
        };
        rows.into_iter()
            .filter_map(|r| self.load(r).ok())
            .filter_map(|l| self.bot_effect(&l))
            .collect()
    }

    /// Bot turns nobody is working on: no process holds their lease (the
    /// one that held it died, or none claimed it yet). The scheduler of
    /// every process asks at each pass and runs what it finds, so a killed
    /// process's bot turns are taken over when their lease ends.
    pub(crate) fn bot_turns_due(&self, now: i64) -> Vec<Effect> {
        let Ok(rows) = self
            .store
            .games_of_player(&UserId::from(BOT_ID), true, 10_000)
        else {
            return Vec::new();
        };
        let free = |item: String| match self.store.claim_of(LeaseKind::BotTurn, &item) {
            Ok(None) => true,
            Ok(Some((_, until, done))) => done.is_none() && until <= now,
            Err(_) => false,
        };
        let done = |item: String| {
            matches!(
                self.store.claim_of(LeaseKind::BotTurn, &item),
                Ok(Some((_, _, Some(_))))
            )
        };
        rows.into_iter()
            // Paused games wait; a fresh turn is the mover's process's to
            // claim first.
            .filter(|r| !r.paused && r.updated_at < now - 10)
            .filter(|r| free(format!("{}@{}", r.id, r.move_count)))
            // The bot moved last: the other player is to move.
            .filter(|r| r.move_count == 0 || !done(format!("{}@{}", r.id, r.move_count - 1)))
            .filter_map(|r| self.load(r).ok())
            .filter_map(|l| self.bot_effect(&l))
            .collect()
    }

    /// The bot's move in `game`, if it is still to move there with
    /// `expected` moves played: searches (a stop request aborts without
    /// moving), stores the move and answers with the board, posted in the
    /// game's channel. Nothing when the game moved on meanwhile.
    pub fn bot_turn(
        &self,
        game: GameId,
        expected: u32,
        now: i64,
        stop: &AtomicBool,
    ) -> rendered::Response {
        // What the turn reads of players and servers, it reads once.
        let app = self.for_request(&UserId::default());
        let resp = app.bot_turn_once(game, expected, now, stop);
        app.localise(resp, &UserId::default(), &ServerId::default())
    }

    fn bot_turn_once(&self, game: GameId, expected: u32, now: i64, stop: &AtomicBool) -> Response {
        let mut l = match self.load_id(game) {
            Ok(Some(l)) => l,
            Ok(None) => return Response::none(),
            Err(e) => {
                tracing::error!("bot: game {game} does not load: {e}");
                return Response::none();
            }
        };
        let Some(side) = l.game.to_move() else {
            return Response::none();
        };
        if !is_bot(&l.players[side.index()])
            || l.game.record().len() as u32 != expected
            || l.row.paused
        {
            return Response::none();
        }
        // One process searches: of several sharing the database, the
        // others skip this turn while the lease runs and take it over if
        // this one dies (see `bot_turns_due`).
        let item = format!("{game}@{expected}");
        match self.claim_work(
            LeaseKind::BotTurn,
            &item,
            now,
            self.process().bot_turn_lease(),
        ) {
            Ok(true) => {}
            Ok(false) => return Response::none(),
            Err(e) => {
                tracing::error!("bot: could not claim the turn in game {game}: {e}");
                return Response::none();
            }
        }
        let level = l.row.settings.level();
        let seed = engine::selfplay_seed(l.row.seed, expected);
        let Some(found) = engine::best_move(&l.game, &Limits::level(level), seed, stop) else {
            return Response::none();
        };
        if stop.load(Ordering::SeqCst) {
            return Response::none();
        }
        let played = match l.game.play(found.mv) {
            Ok(p) => p.clone(),
            Err(e) => {
                tracing::error!("bot: the engine's move in game {game} is illegal: {e:?}");
                return Response::none();
            }
        };
        let source = format!("bot:{game}:{expected}");
        let mover = crate::app::use_cases::games::lifecycle::Mover {
            id: BOT_ID,
            source: &source,
        };
        // The move, its clock and the human's next reminder in one
        // transaction: the same path as a player's move.
        let stored = crate::app::use_cases::games::lifecycle::commit_move(
            self, &mut l, &played, expected, mover, now,
        );
        if !matches!(stored, Err(AppendError::Store(_))) {
            // Played, or the game moved on: either way the turn is done.
            let _ = self
                .store
                .finish_claim(LeaseKind::BotTurn, &item, &self.process().id, now);
        }
        let mv_text = match stored {
            Ok(t) => t.text,
            Err(AppendError::Stale { .. } | AppendError::Duplicate | AppendError::GameOver) => {
                return Response::none()
            }
            Err(e) => {
                tracing::error!("bot: storing a move in game {game}: {e}");
                return Response::none();
            }
        };
        // Written for the player: the one to move next, or the bot's opponent.
        let reader = l
            .players
            .iter()
            .find(|p| !is_bot(p))
            .cloned()
            .unwrap_or_default();
        let said = crate::app::use_cases::games::events::Announced {
            player: &mention(BOT_ID),
            name: "tawlbot",
            text: &mv_text,
            conditional: false,
        };
        let mut resp = self.announce_move(&l, said, Some(&reader), now);
        if let Some(r) = resp.replies.first_mut() {
            r.target = Target::Channel(l.row.channel_id.clone());
        }
        // Readers who chose no language read the game's server's.
        resp.on_server(&l.row.server_id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse_and_default() {
        assert_eq!(parse_level(None), Ok(3));
        assert_eq!(parse_level(Some("5")), Ok(5));
        assert!(parse_level(Some("6")).is_err());
        assert!(parse_level(Some("x")).is_err());
        let two = crate::domain::GameSettings {
            bot_level: Some(2),
            ..Default::default()
        };
        assert_eq!(two.level(), 2);
        assert_eq!(crate::domain::GameSettings::default().level(), 3);
    }
}
