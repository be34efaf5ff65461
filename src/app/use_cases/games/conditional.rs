//! Conditional moves: `/conditional add line:...`, `list`,
//! `clear`, and the reply a stored line gives when the opponent plays its
//! next move.
//!
//! A line is pairs of "their move, my reply", added by the player who
//! waits for the opponent's move; every move is checked in its turn on a
//! copy of the game when the line is added, and stored as the game writes
//! it (`f8-c8`, `@14-@44`). The reply is decided by [`answer`] inside the
//! transaction that stores the opponent's move
//! ([`crate::store::Conditionals::append_move_answered`], called by
//! [`crate::app::use_cases::games::lifecycle::commit_move`]): both moves are committed together
//! or not at all, so a crash cannot leave the opponent's move stored and
//! the reply forgotten, and no takeback, pause or end of the game can come
//! between them. Lines the reply follows are kept, one pair shorter;
//! every other line is dropped. Games against the bot take none (the bot
//! answers at once: nobody waits), nor games with the dice (the die, not
//! the players, decides whose turn follows a move).

use crate::app::use_cases::games::lifecycle::next_clock;
use crate::app::{
    mention, store_err, use_cases::bot, use_cases::clock, use_cases::games::outcomes, App,
    AppendError, Ctx, Loaded, Msg,
};
use crate::app::{Reply, Response};
use crate::notation;
use crate::rules::{Played, Side};
use crate::store::{ConditionalLine, ConditionalReply};

/// Lines one player may keep in one game.
pub const MAX_LINES: u32 = 10;
/// Pairs (their move, my reply) in one line.
pub const MAX_PAIRS: usize = 10;

/// The reply the waiting player's lines give to `played`, just played in
/// `l` (whose row holds the clock after it), or `None`: no line follows
/// it, or its reply breaks a rule of the moment (the game is over, the
/// move is no longer legal). `mover_away`: the player who played
/// `played`, to move again after the reply, is on vacation with this
/// game's clock stopped. Pure: called inside the move's transaction.
pub(crate) fn answer(
    l: &Loaded,
    played: &Played,
    lines: &[ConditionalLine],
    mover_away: bool,
    now: i64,
) -> Option<ConditionalReply> {
    let side = l.game.to_move()?;
    if side == played.side || l.row.paused {
        return None;
    }
    let owner = &l.players[side.index()];
    if bot::is_bot(owner) {
        return None;
    }
    let rules = l.game.rules();
    let theirs = notation::format_move(rules, &played.mv);
    let follows = |c: &&ConditionalLine| {
        c.player_id == *owner && c.rest().first() == Some(&theirs) && c.rest().len() >= 2
    };
    let reply = lines.iter().find(follows)?.rest()[1].clone();
    let mut game = l.game.clone();
    let p = notation::play_text(&mut game, &reply).ok()?;
    let finished = outcomes::stored_outcome(&game);
    let turn = clock::after_move(l.row.time_control, &l.row, p.side, game.turn(), now);
    let after = Loaded {
        row: l.row.clone(),
        game,
        players: l.players.clone(),
    };
    let (mut deadline, mut remind_at) = next_clock(&after, &turn, finished.is_some());
    let mut vacation_left = None;
    if let (true, Some(d)) = (mover_away, deadline) {
        vacation_left = Some((d - now).max(0));
        deadline = None;
        remind_at = None;
    }
    Some(ConditionalReply {
        player_id: owner.clone(),
        text: notation::format_played(rules, &p),
        finished,
        deadline,
        banks: turn.banks,
        remind_at,
        vacation_left,
        followed: lines
            .iter()
            .filter(follows)
            .filter(|c| c.rest()[1] == reply)
            .map(|c| c.id)
            .collect(),
    })
}

/// A line as the player reads it: the pairs left, `f8-c8 e2-c2, g7-g9 k5-k6`.
pub(crate) fn pairs_text(moves: &[String]) -> String {
    moves
        .chunks(2)
        .map(|p| p.join(" "))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A refusal for the asker alone.
fn tell(msg: Msg) -> Response {
    Response::one(Reply::tell(msg))
}

impl App {
    /// The game of this channel, for a conditional command by one of its
    /// players: the game and the asker's side, or the refusal.
    fn conditional_game(&self, ctx: &Ctx) -> Result<(Loaded, Side), Response> {
        let l = self.channel_game(ctx, false)?;
        let Some(me) = l.side_of(&ctx.user.id) else {
            return Err(tell(Msg::new("not-playing")));
        };
        Ok((l, me))
    }

    /// `/conditional add line:...`.
    pub(crate) fn conditional_add(&self, ctx: &Ctx, line: &str) -> Response {
        let (l, me) = match self.conditional_game(ctx) {
            Ok(found) => found,
            Err(r) => return r,
        };
        let rules = l.game.rules();
        if l.players.iter().any(|p| bot::is_bot(p)) {
            return tell(Msg::new("conditional-bot"));
        }
        if rules.dice {
            return tell(Msg::new("conditional-dice"));
        }
        if l.row.paused {
            return tell(Msg::new("conditional-paused"));
        }
        let Some(to_move) = l.game.to_move() else {
            return tell(Msg::new("game-over"));
        };
        if to_move == me {
            return tell(Msg::new("conditional-your-turn"));
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.is_empty() || !words.len().is_multiple_of(2) {
            return tell(Msg::new("conditional-pairs").num("n", words.len() as u32));
        }
        if words.len() > 2 * MAX_PAIRS {
            return tell(Msg::new("conditional-too-long").num("max", MAX_PAIRS as u32));
        }
        // Each move in its turn, on a copy of the game.
        let mut game = l.game.clone();
        let mut moves: Vec<String> = Vec::with_capacity(words.len());
        for (i, w) in words.iter().enumerate() {
            let whose = if i.is_multiple_of(2) { me.other() } else { me };
            let named = |m: Msg| {
                let text: String = w.chars().take(24).collect();
                m.num("n", i as u32 + 1).str("move", text)
            };
            if game.to_move() != Some(whose) {
                let after = moves.last().cloned().unwrap_or_default();
                return tell(named(Msg::new("conditional-after-end")).str("after", after));
            }
            match notation::play_text(&mut game, w) {
                Ok(p) => moves.push(notation::format_move(rules, &p.mv)),
                Err(e) => {
                    let why = crate::app::explain_msg(rules, &e);
                    return tell(named(Msg::new("conditional-illegal")).msg("reason", why));
                }
            }
        }
        let mine = match self.store.waiting_lines(l.row.id, &ctx.user.id) {
            Ok(v) => v,
            Err(e) => return store_err(e),
        };
        // One answer to a move: a line that answers a move of another
        // line another way is refused; one already stored adds nothing.
        for (n, old) in mine.iter().enumerate() {
            let rest = old.rest();
            if rest.starts_with(&moves) {
                return tell(Msg::new("conditional-duplicate").num("line", n as u32 + 1));
            }
            for (a, b) in rest.chunks(2).zip(moves.chunks(2)) {
                if a[0] != b[0] {
                    break;
                }
                if a.get(1) != b.get(1) {
                    return tell(
                        Msg::new("conditional-conflict")
                            .str("move", a[0].clone())
                            .str("reply", a.get(1).cloned().unwrap_or_default())
                            .num("line", n as u32 + 1),
                    );
                }
            }
        }
        let expected = l.game.record().len() as u32;
        match self.store.add_conditional_line(
            l.row.id,
            &ctx.user.id,
            expected,
            &moves,
            MAX_LINES,
            ctx.now,
        ) {
            Ok(true) => tell(
                Msg::new("conditional-added")
                    .num("line", mine.len() as u32 + 1)
                    .num("max", MAX_LINES)
                    .str("pairs", pairs_text(&moves))
                    .str("opponent", mention(&l.players[me.other().index()]))
                    .str("move", moves[0].clone()),
            ),
            Ok(false) => tell(Msg::new("conditional-full").num("max", MAX_LINES)),
            Err(AppendError::Stale { .. }) => tell(Msg::new("position-changed")),
            Err(AppendError::Paused) => tell(Msg::new("conditional-paused")),
            Err(AppendError::GameOver) => tell(Msg::new("game-over")),
            Err(e) => store_err(e),
        }
    }

    /// `/conditional list`: the asker's own lines, to them alone.
    pub(crate) fn conditional_list(&self, ctx: &Ctx) -> Response {
        let (l, _) = match self.conditional_game(ctx) {
            Ok(found) => found,
            Err(r) => return r,
        };
        let mine = match self.store.waiting_lines(l.row.id, &ctx.user.id) {
            Ok(v) => v,
            Err(e) => return store_err(e),
        };
        if mine.is_empty() {
            return tell(Msg::new("conditional-none"));
        }
        let list = mine
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{}. {}", i + 1, pairs_text(c.rest())))
            .collect::<Vec<_>>()
            .join("\n");
        tell(
            Msg::new("conditional-list")
                .num("id", l.row.id)
                .num("n", mine.len() as u32)
                .str("list", list),
        )
    }

    /// `/conditional clear`: drops the asker's lines.
    pub(crate) fn conditional_clear(&self, ctx: &Ctx) -> Response {
        let (l, _) = match self.conditional_game(ctx) {
            Ok(found) => found,
            Err(r) => return r,
        };
        match self
            .store
            .clear_conditional_lines(l.row.id, &ctx.user.id, ctx.now)
        {
            Ok(0) => tell(Msg::new("conditional-none")),
            Ok(n) => tell(Msg::new("conditional-cleared").num("n", n)),
            Err(e) => store_err(e),
        }
    }
}
