//! Playing: moves (typed, /move, autocomplete), the board, legal moves, resigning.

use crate::app::commands::button::Press;
use crate::app::{
    explain_msg, format_square, mention, notation, outcome_msg, parse_move, presentation::escape,
    resolve_square, split_status, store_err, use_cases::games::lifecycle, words, App, AppendError,
    Ctx, Game, GameRow, Loaded, Msg, Outcome, PlayError, Reason, Reply, Response, Target,
};

/// The refusal of a move while the clock is paused.
fn paused_no_move() -> Msg {
    Msg::new("move-while-paused")
}

impl App {
    pub(in crate::app) fn channel_game(
        &self,
        ctx: &Ctx,
        finished_too: bool,
    ) -> Result<Loaded, Response> {
        let found = if finished_too {
            self.store.load_latest_in_channel(&ctx.channel)
        } else {
            self.store.load_active_in_channel(&ctx.channel)
        };
        match found {
            Ok(Some((row, moves))) => {
                let id = row.id;
                self.replay_to_answer(row, &moves)
                    .map_err(|e| e.refusal(id))
            }
            Ok(None) => Err(Response::one(self.no_game_here(ctx, false))),
            Err(e) => Err(store_err(e)),
        }
    }

    /// "No game in this channel" posted for a move typed here, with where
    /// the asker's running games of this server are played in a thread
    /// ("your game 1 is in #gen/alice-vs-bob"); `None` when they have no
    /// such game.
    pub(in crate::app) fn no_game_here_or_thread(&self, ctx: &Ctx) -> Option<Reply> {
        let games = self.threads_of(ctx);
        (!games.is_empty()).then(|| self.no_game_here(ctx, true))
    }

    /// The asker's running games of this server played in a thread.
    fn threads_of(&self, ctx: &Ctx) -> Vec<GameRow> {
        self.store
            .games_of_player_on_server(&ctx.user.id, &ctx.server, true, 10)
            .unwrap_or_default()
            .into_iter()
            .filter(|g| g.settings.thread && g.channel_id != ctx.channel)
            .collect()
    }

    /// "There is no game in this channel", and where the asker's thread
    /// games are; `public`: posted in the channel (a typed move).
    pub(in crate::app) fn no_game_here(&self, ctx: &Ctx, public: bool) -> Reply {
        let mut r = if public {
            Reply::say(Msg::new("no-game-here")).prefix(mention(&ctx.user.id))
        } else {
            Reply::tell(Msg::new("no-game-here"))
        };
        for g in self.threads_of(ctx) {
            r = r.then(
                Msg::new("your-game-in-thread")
                    .num("id", g.id)
                    .str("channel", format!("<#{}>", g.channel_id)),
            );
        }
        r
    }

    pub(in crate::app) fn slash_move(&self, ctx: &Ctx, text: &str) -> Response {
        let (row, moves) = match self.store.load_active_in_channel(&ctx.channel) {
            Ok(Some(found)) => found,
            Ok(None) => {
                return Response::one(match self.store.latest_game_in_channel(&ctx.channel) {
                    Ok(Some(_)) => Reply::tell(Msg::new("game-over-here")),
                    _ => self.no_game_here(ctx, false),
                })
            }
            Err(e) => return store_err(e),
        };
        if row.first_player != ctx.user.id && row.second_player != ctx.user.id {
            return Response::one(Reply::tell(Msg::new("move-not-player")));
        }
        self.play(ctx, row, &moves, text, true)
    }

    /// A move typed or sent with `/move` in game `row` (with its `moves`
    /// as read): checked, committed, announced.
    pub(in crate::app) fn play(
        &self,
        ctx: &Ctx,
        row: GameRow,
        moves: &[crate::store::StoredMove],
        text: &str,
        private: bool,
    ) -> Response {
        // `mistyped`: a move the player may type better (not their turn,
        // against the rules), where /move's private answers help.
        let refuse = |t: Msg, mistyped: bool| {
            if private {
                return Response::one(Reply::tell(t));
            }
            // Every refused typed move gets its own reason: in full (with a
            // mention, and once a pointer to /move, which answers
            // privately) the first time in a minute, then shortened (named,
            // not mentioned).
            let full = match self.throttle.refusal(&ctx.server, &ctx.user.id, ctx.now) {
                crate::app::Refusal::Full => true,
                crate::app::Refusal::Short => false,
            };
            if !full {
                return Response::one(
                    Reply::say(t).prefix(format!("{}:", self.name_of(&ctx.user.id))),
                );
            }
            let mut r = Reply::say(t).prefix(mention(&ctx.user.id));
            if mistyped && self.throttle.first_pointer(&ctx.server, &ctx.user.id) {
                r = r.then(Msg::new("refused-try-move"));
            }
            Response::one(r)
        };
        let id = row.id;
        let mut l = match self.replay_to_answer(row, moves) {
            Ok(l) => l,
            Err(e) => return refuse(e.msg(id), false),
        };
        let Some(to_move) = l.game.to_move() else {
            return refuse(Msg::new("game-over"), false);
        };
        if l.row.paused {
            return refuse(paused_no_move(), false);
        }
        let me = l.side_of(&ctx.user.id);
        if me != Some(to_move) {
            return refuse(
                Msg::new("not-your-turn")
                    .str("side", l.game.rules().side_key(to_move))
                    .str("player", mention(&l.players[to_move.index()])),
                true,
            );
        }
        let before = l.game.record().len() as u32;
        let played = match notation::play_text(&mut l.game, text) {
            Ok(p) => p,
            Err(e) => return refuse(explain_msg(l.game.rules(), &e), true),
        };
        let mover = lifecycle::Mover {
            id: &ctx.user.id,
            source: &ctx.source,
        };
        // The move and its clock (deadline, banks, next reminder) in one
        // transaction; the reply below is built only once it is committed.
        let committed = match lifecycle::commit_move(self, &mut l, &played, before, mover, ctx.now)
        {
            Ok(c) => c,
            Err(AppendError::Stale { .. }) => return refuse(Msg::new("position-changed"), false),
            Err(AppendError::Duplicate) => return Response::none(),
            Err(AppendError::GameOver) => return refuse(Msg::new("game-over"), false),
            Err(AppendError::Paused) => return refuse(paused_no_move(), false),
            Err(e) => {
                // Private: a plain message cannot be answered privately in
                // the channel, so the sentence goes by direct message.
                let mut r = store_err(e);
                if !private {
                    for x in &mut r.replies {
                        x.target = Target::Dm(ctx.user.id.clone());
                    }
                }
                return r;
            }
        };
        // Written for the player to move next, whom it addresses.
        let reader = l.game.to_move().map(|s| l.players[s.index()].clone());
        let Some(reply) = committed.reply else {
            let said = crate::app::use_cases::games::events::Announced {
                player: &mention(&ctx.user.id),
                name: &escape::name(&ctx.user.name),
                text: &committed.text,
                conditional: false,
            };
            return self.announce_move(&l, said, reader.as_deref(), ctx.now);
        };
        // A conditional line answered the move in the same commit: the
        // move in a line, then the reply with the board and what follows.
        let owner = reply.player_id.clone();
        let said = crate::app::use_cases::games::events::Announced {
            player: &mention(&owner),
            name: &self.name_of(&owner),
            text: &reply.text,
            conditional: true,
        };
        let mut resp = self.announce_move(&l, said, reader.as_deref(), ctx.now);
        resp.replies.insert(
            0,
            Reply::say(
                Msg::new("played-short")
                    .str("player", mention(&ctx.user.id))
                    .str("move", committed.text),
            ),
        );
        resp
    }

    /// Suggestions for `/move` while the user types.
    pub fn autocomplete(&self, ctx: &Ctx, partial: &str) -> Vec<String> {
        let Ok(Some((row, moves))) = self.store.load_active_in_channel(&ctx.channel) else {
            return Vec::new();
        };
        let Ok(l) = self.replay(row, &moves) else {
            return Vec::new();
        };
        if l.game.to_move().is_none() || l.side_of(&ctx.user.id) != l.game.to_move() {
            return Vec::new();
        }
        let rules = l.game.rules();
        let p = partial.trim().to_ascii_lowercase();
        l.game
            .legal_moves()
            .iter()
            .map(|m| notation::format_move(rules, m))
            .filter(|m| m.starts_with(&p))
            .take(25)
            .collect()
    }

    pub(in crate::app) fn board(&self, ctx: &Ctx) -> Response {
        match self.channel_game(ctx, true) {
            Ok(l) => {
                let (status, rest) = split_status(self.status_at(&l, ctx.now));
                let m = Msg::new("board-status")
                    .num("id", l.row.id)
                    .arg("status", status);
                Response::one(self.with_board(&l, words(m, rest), &[], ctx.now))
            }
            Err(r) => r,
        }
    }

    pub(in crate::app) fn show_moves(&self, ctx: &Ctx, square: &str) -> Response {
        let l = match self.channel_game(ctx, false) {
            Ok(l) => l,
            Err(r) => return r,
        };
        let rules = l.game.rules();
        let t = parse_move(&format!("{square} {square}"));
        let sq = match t
            .map_err(PlayError::Parse)
            .and_then(|t| resolve_square(rules, t.from))
        {
            Ok(s) => s,
            // Not a square at all: say so, not that it is no move.
            Err(PlayError::Parse(_)) => {
                return Response::one(Reply::tell(
                    Msg::new("moves-square-unreadable")
                        .str("text", square.trim().chars().take(20).collect::<String>())
                        .str(
                            "example",
                            rules
                                .start
                                .pieces()
                                .next()
                                .map(|(s, _)| format_square(rules, s))
                                .unwrap_or_default(),
                        ),
                ))
            }
            Err(e) => return Response::one(Reply::tell(explain_msg(rules, &e))),
        };
        let name = format_square(rules, sq);
        let Some(p) = l.game.board().get(sq) else {
            return Response::one(Reply::tell(Msg::new("move-no-piece").str("square", name)));
        };
        let dests: Vec<_> = l.game.reach(sq).iter().map(|m| m.to).collect();
        let list = dests
            .iter()
            .map(|&s| format_square(rules, s))
            .collect::<Vec<_>>()
            .join(", ");
        let text = Msg::new(if dests.is_empty() {
            "moves-cannot-move"
        } else {
            "moves-can-go"
        })
        .msg(
            "piece",
            crate::app::presentation::move_words::piece_capital_msg(rules, p),
        )
        .str("square", name)
        .str("list", list);
        let mut r = self.with_board(&l, Reply::say(text), &dests, ctx.now);
        r.ephemeral = true;
        Response::one(r)
    }

    pub(in crate::app) fn finish(
        &self,
        ctx: &Ctx,
        l: &mut Loaded,
        end: impl FnOnce(&mut Game),
    ) -> Response {
        let before = l.game.record().len() as u32;
        end(&mut l.game);
        let Some(o) = l.game.outcome() else {
            return Response::none();
        };
        let after = match lifecycle::finish(self, l, before, ctx.now) {
            Ok(ended) => self.follow_up(l, ended, ctx.now),
            Err(AppendError::Stale { .. }) => {
                return Response::one(Reply::tell(Msg::new("position-changed-meanwhile")))
            }
            Err(AppendError::GameOver) => return Response::one(Reply::tell(Msg::new("game-over"))),
            Err(e) => return store_err(e),
        };
        let mut resp =
            Response::one(self.with_board(l, Reply::say(self.end_msg(l, o)), &[], ctx.now));
        resp.extend(after);
        self.notify_end(l, Some(&ctx.user.id), &mut resp.replies);
        self.quiet(l, &mut resp.replies);
        resp
    }

    /// How a game just ended, as its channel is told: a resignation names
    /// both players (the winner mentioned), anything else as
    /// [`outcome_msg`] says it.
    fn end_msg(&self, l: &Loaded, o: Outcome) -> Msg {
        match (o.reason, o.winner) {
            (Reason::Resignation, Some(w)) => {
                let rules = l.game.rules();
                let loser = w.other();
                Msg::new("outcome-resigned-named")
                    .str("player", self.name_of(&l.players[loser.index()]))
                    .str("side", rules.side_key(loser))
                    .str("winner", mention(&l.players[w.index()]))
                    .str("winner-side", rules.side_key(w))
            }
            _ => outcome_msg(&l.game, o),
        }
    }

    pub(in crate::app) fn resign(&self, ctx: &Ctx) -> Response {
        let mut l = match self.channel_game(ctx, false) {
            Ok(l) => l,
            Err(r) => return r,
        };
        let Some(me) = l.side_of(&ctx.user.id) else {
            return Response::one(Reply::tell(Msg::new("not-playing")));
        };
        // A long game is not thrown away by a slip: asked first, with a
        // Resign and a Keep playing button, stale after a move or
        // RESIGN_ASK_SECONDS.
        let plies = l.game.record().len();
        if plies > RESIGN_ASK_AFTER_PLIES {
            let until = ctx.now + RESIGN_ASK_SECONDS;
            let mut r = Reply::tell(Msg::new("resign-confirm").num("id", l.row.id));
            r.buttons = vec![
                crate::app::Button::new(
                    Press::Resign {
                        game: l.row.id,
                        plies: plies as u32,
                        until,
                    }
                    .id(),
                    Msg::new("button-resign"),
                    crate::app::ButtonStyle::Danger,
                ),
                crate::app::Button::new(
                    Press::KeepPlaying(l.row.id).id(),
                    Msg::new("button-keep-playing"),
                    crate::app::ButtonStyle::Secondary,
                ),
            ];
            return Response::one(r);
        }
        self.finish(ctx, &mut l, |g| g.resign(me))
    }

    /// The Resign button of [`App::resign`]'s question: resigns `game` if
    /// it is still at `plies` and the question has not expired.
    pub(crate) fn resign_pressed(
        &self,
        ctx: &Ctx,
        game: crate::domain::GameId,
        plies: u32,
        until: i64,
    ) -> Response {
        let stale = || Response::one(Reply::tell(Msg::new("resign-stale")));
        if ctx.now > until {
            return stale();
        }
        let mut l = match self.load_id(game) {
            Ok(Some(l)) => l,
            Ok(None) => return stale(),
            Err(e) => return e.refusal(game),
        };
        if l.row.server_id != ctx.server
            || l.game.is_over()
            || l.game.record().len() != plies as usize
        {
            return stale();
        }
        let Some(me) = l.side_of(&ctx.user.id) else {
            return Response::one(Reply::tell(Msg::new("not-playing")));
        };
        self.finish(ctx, &mut l, |g| g.resign(me))
    }
}

/// `/resign` asks first in a game past this many plies (ten moves each).
const RESIGN_ASK_AFTER_PLIES: usize = 20;
/// How long the question's Resign button works.
const RESIGN_ASK_SECONDS: i64 = 5 * 60;
