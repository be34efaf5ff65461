//! One game lifecycle for challenge games and tournament games.
//!
//! * [`start`]: every game starts here: the coin toss, the clock of its time
//!   control (a fixed time per move, or both banks with the deadline of the
//!   first mover's bank), the first-move reminder, and the row in the store
//!   (for a challenge atomically with accepting it).
//! * [`finish`]: a game ended by resignation, agreement, time or forfeit is
//!   stored as finished (if no move arrived meanwhile).
//! * [`commit_move`]: every move, a player's or the bot's, is stored here
//!   with its clock: one rule for the next deadline and reminder (none once
//!   the game is over or while the bot is to move).
//! * [`abort`]: a game stopped without a result (nobody moved in time, a
//!   tournament cancelled).
//!
//! The lifecycle calls nobody back: what a stored change leads to (the
//! game ended, the bot is to move) it says as [`GameEvent`]s, and
//! [`crate::app::use_cases::games::events`] hands them to whoever acts on them (ratings and
//! tournaments, the bot's turn). Tournaments, the bot and the clock call
//! the lifecycle; it calls none of them.

use crate::app::{use_cases::clock, App, LoadError, Loaded, TimeControl, BOT_ID};
use crate::domain::{GameSettings, UserId};
use crate::rules::{Game, Played, Ruleset, Side};
use crate::store::{
    AppendError, ChallengeId, ConditionalLine, ConditionalReply, EndReason, GameId, MatchId,
    NewGame, NewMove, StoreError,
};

/// What a new game needs.
pub(crate) struct NewStart<'a> {
    pub server: &'a str,
    pub channel: &'a str,
    pub rules: &'a Ruleset,
    /// The rules' options as stored with the game.
    pub options: Vec<String>,
    /// Thread, bot level, start position.
    pub settings: GameSettings,
    pub seed: u64,
    /// Players by side: `[first side, second side]`.
    pub players: [UserId; 2],
    pub challenge: Option<ChallengeId>,
    pub tournament_match: Option<MatchId>,
    pub rated: bool,
    pub time: TimeControl,
    pub now: i64,
}

/// Why a game did not start.
#[derive(Debug)]
pub(crate) enum StartError {
    Store(StoreError),
    /// The game was stored but cannot be loaded again: its id, and why.
    Load(GameId, LoadError),
}

/// Starts a game (see the module comment); returns it loaded.
pub(crate) fn start(app: &App, s: NewStart<'_>) -> Result<Loaded, StartError> {
    let first = Game::coin_toss(s.rules, s.seed);
    let mut turn = clock::start(s.time, first, s.now);
    // The bot has no clock: no deadline and no reminder while it is to move.
    if s.players[first.index()] == BOT_ID {
        turn.deadline = None;
        turn.remind_at = None;
    }
    let banks = turn.banks.unwrap_or([None, None]);
    let ng = NewGame {
        server_id: s.server.into(),
        channel_id: s.channel.into(),
        variant: s.rules.variant.to_string(),
        options: s.options,
        settings: s.settings,
        seed: s.seed,
        first_side: first,
        first_player: s.players[0].clone(),
        second_player: s.players[1].clone(),
        challenge_id: s.challenge,
        tournament_match_id: s.tournament_match,
        rated: s.rated,
        time_control: s.time,
        bank_first: banks[0],
        bank_second: banks[1],
        created_at: s.now,
        deadline: turn.deadline,
    };
    let id = match s.challenge {
        Some(c) => app.store.start_game_from_challenge(c, &ng),
        None => app.store.create_game(&ng),
    }
    .map_err(StartError::Store)?;
    if let Err(e) = app.store.set_remind_at(id, turn.remind_at) {
        // The game is on; only its reminder is missing.
        tracing::error!("first-move reminder of game {id}: {e}");
    }
    let row = match app.store.get_game(id) {
        Ok(Some(r)) => r,
        Ok(None) => {
            let gone = LoadError::Unreadable(format!("game {id} vanished once stored"));
            return Err(StartError::Load(id, gone));
        }
        Err(e) => return Err(StartError::Store(e)),
    };
    // A new game: no moves to read.
    let mut l = app.load_new(row).map_err(|e| StartError::Load(id, e))?;
    // A game that starts during its first mover's vacation starts with
    // their clock stopped.
    app.hold_if_away(&mut l, s.now);
    Ok(l)
}

/// Who commits a move: the player's id and the id of the message,
/// interaction or bot turn that made it (a move is applied once per source).
pub(crate) struct Mover<'a> {
    pub id: &'a str,
    pub source: &'a str,
}

/// The deadline and the reminder after a move: none once the game is over
/// or while the bot is to move (the bot has no clock), else the clock's.
pub(crate) fn next_clock(l: &Loaded, turn: &clock::Turn, over: bool) -> (Option<i64>, Option<i64>) {
    let bot_next = l.players[l.game.turn().index()] == BOT_ID;
    if over || bot_next {
        (None, None)
    } else {
        (turn.deadline, turn.remind_at)
    }
}

/// A move as [`commit_move`] stored it: its text, and the conditional
/// reply played at once in the same transaction, if a line of the player
/// to move answered it.
pub(crate) struct Committed {
    pub text: String,
    pub reply: Option<ConditionalReply>,
}

/// The one path that stores a move, a player's or the bot's: `played` has
/// just been played in `l.game`, which had `before` moves. The move, the
/// next deadline, both banks and the next reminder go in one transaction;
/// so do the game's conditional lines: the reply a line of the player to
/// move gives to `played` is committed with it, as the next move
/// ([`crate::app::use_cases::games::conditional::answer`] decides it inside the transaction), and
/// every line it does not follow is dropped. `l` (row and game) is brought
/// up to date, the reply played in it.
pub(crate) fn commit_move(
    app: &App,
    l: &mut Loaded,
    played: &Played,
    before: u32,
    mover: Mover<'_>,
    now: i64,
) -> Result<Committed, AppendError> {
    let text = crate::notation::format_played(l.game.rules(), played);
    let finished = crate::app::use_cases::games::outcomes::stored_outcome(&l.game);
    let turn = clock::after_move(l.row.time_control, &l.row, played.side, l.game.turn(), now);
    let (mut deadline, mut remind_at) = next_clock(l, &turn, finished.is_some());
    // The next player is on vacation: their clock stops at once, with the
    // time it would have run from (app/use_cases/clock/vacation.rs).
    let mut vacation_left = None;
    if let Some(d) = deadline {
        if crate::app::use_cases::clock::vacation::away_next(app, l, now) {
            vacation_left = Some((d - now).max(0));
            deadline = None;
            remind_at = None;
        }
    }
    let nm = NewMove {
        game_id: l.row.id,
        expected_number: before,
        text: &text,
        player_id: mover.id,
        at: now,
        source_id: mover.source,
        finished,
        deadline,
        banks: turn.banks,
        vacation_left,
    };
    let mut after = l.row.clone();
    after.updated_at = now;
    after.deadline = deadline;
    after.vacation_left = vacation_left;
    if let Some(b) = turn.banks {
        [after.bank_first, after.bank_second] = b;
    }
    let reply = {
        // The mover is next again after a conditional reply.
        let mover_away = app
            .vacation_until(&l.players[played.side.index()], now)
            .is_some()
            && app.vacations_stop(&l.row);
        let moved = Loaded {
            row: after.clone(),
            game: l.game.clone(),
            players: l.players.clone(),
        };
        let answer = |lines: &[ConditionalLine]| {
            crate::app::use_cases::games::conditional::answer(
                &moved, played, lines, mover_away, now,
            )
        };
        app.store.append_move_answered(&nm, remind_at, &answer)?
    };
    l.row = after;
    if let Some(r) = &reply {
        // Checked inside the transaction, on this very position.
        if let Err(e) = crate::notation::replay_text(&mut l.game, &r.text) {
            tracing::error!("game {}: conditional reply {}: {e:?}", l.row.id, r.text);
        }
        l.row.deadline = r.deadline;
        l.row.vacation_left = r.vacation_left;
        if let Some(b) = r.banks {
            [l.row.bank_first, l.row.bank_second] = b;
        }
    }
    Ok(Committed { text, reply })
}

/// What a stored change to a game leads to, for [`crate::app::use_cases::games::events`] to
/// act on: the lifecycle says it and calls nobody.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum GameEvent {
    /// The game ended with a result (by a move, resignation, agreement,
    /// time or forfeit): ratings, then the tournament, follow.
    Ended,
    /// The bot is to move, with the game at `expected_moves` moves.
    BotToMove { expected_moves: u32 },
}

/// What follows game `l` as it now stands: its end, or the bot's turn.
pub(crate) fn next_event(l: &Loaded) -> Option<GameEvent> {
    if l.game.is_over() {
        return Some(GameEvent::Ended);
    }
    let side = l.game.to_move()?;
    (l.players[side.index()] == BOT_ID && !l.row.paused).then(|| GameEvent::BotToMove {
        expected_moves: l.game.record().len() as u32,
    })
}

/// Stores the end of an active game whose outcome `l.game` now holds, if it
/// still has `before` moves. Returns [`GameEvent::Ended`] once it is
/// stored (`None`: the game holds no outcome, nothing was stored).
pub(crate) fn finish(
    app: &App,
    l: &mut Loaded,
    before: u32,
    now: i64,
) -> Result<Option<GameEvent>, AppendError> {
    let Some((result, reason)) = crate::app::use_cases::games::outcomes::stored_outcome(&l.game)
    else {
        return Ok(None);
    };
    app.store
        .finish_game(l.row.id, Some(before), result, reason, now)?;
    l.row.state = crate::store::GameState::Finished;
    l.row.result = Some(result);
    l.row.reason = Some(reason);
    l.row.finished_at = Some(now);
    Ok(Some(GameEvent::Ended))
}

/// [`finish`], with what the ending tells written in the same transaction
/// (the outbox): `tell` is given the game as it is once ended and returns
/// the rendered messages (see [`App::outbound`]).
pub(crate) fn finish_telling(
    app: &App,
    l: &mut Loaded,
    before: u32,
    now: i64,
    tell: impl FnOnce(&Loaded) -> Vec<crate::store::OutMessage>,
) -> Result<Option<GameEvent>, AppendError> {
    let Some((result, reason)) = crate::app::use_cases::games::outcomes::stored_outcome(&l.game)
    else {
        return Ok(None);
    };
    let row = l.row.clone();
    l.row.state = crate::store::GameState::Finished;
    l.row.result = Some(result);
    l.row.reason = Some(reason);
    l.row.finished_at = Some(now);
    let out = tell(l);
    if let Err(e) = app
        .store
        .finish_game_with(l.row.id, Some(before), result, reason, now, &out)
    {
        l.row = row;
        return Err(e);
    }
    Ok(Some(GameEvent::Ended))
}

/// Ends an active game without a result.
pub(crate) fn abort(app: &App, id: GameId, reason: EndReason, now: i64) -> Result<(), AppendError> {
    app.store.abort_game(id, reason, now)
}

/// The players of a new game by side, from the side `first_player` asked
/// for (or a fair coin from the seed when `None`).
pub(crate) fn seat(a: &str, b: &str, a_side: Option<Side>, seed: u64) -> [UserId; 2] {
    let a_first = match a_side {
        Some(s) => s == Side::First,
        None => (seed >> 17) & 1 == 0,
    };
    if a_first {
        [a.into(), b.into()]
    } else {
        [b.into(), a.into()]
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::app::{Ctx, User, BOT_ID};
    use crate::store::SqliteStore;

    const DAY: i64 = 86_400;

    /// A tawlbwrdd game stored with `players` (first side first), the bot
    /// at level 1.
    fn game(app: &App, channel: &str, players: [&str; 2], time: TimeControl) -> Loaded {
        let rules = Ruleset::from_spec("tawlbwrdd", &[]).unwrap();
        let settings = GameSettings {
            bot_level: Some(1),
            ..Default::default()
        };
        start(
            app,
            NewStart {
                server: "srv",
                channel,
                rules: &rules,
                options: vec![],
                settings,
                seed: 7,
                players: players.map(UserId::from),
                challenge: None,
                tournament_match: None,
                rated: false,
                time,
                now: 1000,
            },
        )
        .map_err(|e| format!("{e:?}"))
        .unwrap()
    }

    fn ctx(user: &str, channel: &str, now: i64) -> Ctx {
        Ctx {
            server: "srv".into(),
            channel: channel.into(),
            user: User {
                id: user.into(),
                name: user.into(),
            },
            now,
            source: format!("m-{user}-{channel}-{now}"),
            manage_server: false,
            rights: Default::default(),
            roles: Vec::new(),
            mentioned: vec![],
        }
    }

    /// The game's clock as stored: deadline, next reminder, both banks.
    fn clock_of(app: &App, id: GameId) -> (Option<i64>, Option<i64>, [Option<i64>; 2]) {
        let row = app.store.get_game(id).unwrap().unwrap();
        let remind = app.store.remind_at(id).unwrap();
        (row.deadline, remind, [row.bank_first, row.bank_second])
    }

    /// The bot's move and a player's move, at the same moment in the same
    /// kind of game, leave the same deadline, reminder and bank for the
    /// player to move next.
    #[test]
    fn human_and_bot_moves_share_one_commit_path() {
        let app = App::new(SqliteStore::open_in_memory().unwrap());
        let bank = TimeControl::Bank {
            bank: 2 * DAY,
            inc: DAY / 2,
            cap: 3 * DAY,
        };
        for (i, time) in [TimeControl::PerMove(DAY), bank].into_iter().enumerate() {
            let human = game(&app, &format!("h{i}"), ["alice", "bob"], time);
            let bot = game(&app, &format!("b{i}"), [BOT_ID, "bob"], time);
            let at = 1000 + 3600;
            // alice plays a legal first move; the bot plays its own.
            let mv = {
                let l = app
                    .load(app.store.get_game(bot.row.id).unwrap().unwrap())
                    .unwrap();
                crate::notation::format_move(l.game.rules(), &l.game.legal_moves()[0])
            };
            let (row, moves) = app.store.load_game(human.row.id).unwrap().unwrap();
            let c = ctx("alice", &row.channel_id, at);
            let out = app.play(&c, row, &moves, &mv, false);
            assert!(!out.replies.is_empty(), "{out:?}");
            let r = app.bot_turn(bot.row.id, 0, at, &AtomicBool::new(false));
            assert!(!r.replies.is_empty(), "the bot moved");
            let (h, b) = (clock_of(&app, human.row.id), clock_of(&app, bot.row.id));
            // Deadline, reminder and the bank of bob, to move next (the bot's
            // own bank differs: it has no clock while it thinks).
            assert_eq!((h.0, h.1, h.2[1]), (b.0, b.1, b.2[1]), "{time:?}");
            let period = if time == bank { 2 * DAY } else { DAY };
            assert_eq!(h.0, Some(at + period), "{time:?}");
            assert_eq!(h.1, Some(at + period - period / 4), "{time:?}");
        }
    }
}
