//! Offers between the players: draw, takeback, pause and resume.

use crate::app::{
    commands, mention, split_status, store_err, use_cases::bot, use_cases::clock,
    use_cases::clock::time, words, App, AppendError, Button, ButtonStyle, Ctx, Loaded, Msg,
    OfferKind, Reply, Response, Side, TimeControl, User, BOT_ID,
};

impl App {
    /// An offer, or the answer to the opponent's (`answer`: `accept` or
    /// `decline`; left out, the command makes the offer, or agrees to the
    /// opponent's standing one); `span`: the length of a pause asked for
    /// (seconds).
    pub(in crate::app) fn offer_with(
        &self,
        ctx: &Ctx,
        kind: OfferKind,
        answer: Option<&str>,
        span: Option<i64>,
    ) -> Response {
        let mut l = match self.channel_game(ctx, false) {
            Ok(l) => l,
            Err(r) => return r,
        };
        let mut resp = self.offer_on(ctx, &mut l, kind, answer, span);
        // Players who chose not to be mentioned are named.
        self.quiet(&l, &mut resp.replies);
        resp
    }

    /// [`App::offer_with`] in the game `l` of this channel.
    fn offer_on(
        &self,
        ctx: &Ctx,
        l: &mut Loaded,
        kind: OfferKind,
        answer: Option<&str>,
        span: Option<i64>,
    ) -> Response {
        let Some(me) = l.side_of(&ctx.user.id) else {
            return tell(Msg::new("not-playing"));
        };
        let them = l.players[me.other().index()].clone();
        let standing = match self.store.get_offer(l.row.id, kind) {
            Ok(o) => o,
            Err(e) => return store_err(e),
        };
        let k = offer_key(kind);
        match kind {
            OfferKind::Pause if l.row.paused => return tell(Msg::new("pause-already")),
            OfferKind::Pause if l.row.deadline.is_none() => {
                return tell(Msg::new("pause-no-clock"))
            }
            OfferKind::Resume if !l.row.paused => return tell(Msg::new("resume-not-paused")),
            OfferKind::Takeback if l.row.paused => return tell(Msg::new("paused-no-takeback")),
            _ => {}
        }
        let pause_len = span.unwrap_or(clock::PAUSE_DEFAULT_DAYS * clock::DAY);
        // The pause asked for: the standing offer's length when answering it.
        let asked = match (standing.as_ref(), span) {
            (Some(o), None) if kind == OfferKind::Pause && o.by_player == them => self
                .store
                .pause_offer_span(l.row.id)
                .ok()
                .flatten()
                .unwrap_or(pause_len),
            _ => pause_len,
        };
        // An offer message: `id` with the kind (and the pause's length).
        let offer = |id: &'static str| Msg::new(id).str("kind", k).msg("span", time::span(asked));
        let theirs = standing.as_ref().filter(|o| o.by_player == them);
        let mine = standing.as_ref().filter(|o| o.by_player == ctx.user.id);
        let answer = answer.map(str::to_ascii_lowercase);
        match (answer.as_deref(), theirs) {
            (Some("decline"), Some(_)) => {
                if let Err(e) = self.store.clear_offer(l.row.id, kind) {
                    return store_err(e);
                }
                let (status, rest) = split_status(self.status_at(l, ctx.now));
                let said = offer("offer-declined")
                    .str("player", mention(&ctx.user.id))
                    .arg("status", status);
                Response::one(words(said, rest).for_reader(&them))
            }
            (Some("decline"), None) => tell(offer("offer-none-to-decline")),
            (Some("accept") | None, Some(_)) => {
                // Each change consumes the offer in its own transaction
                // (finishing a game, a takeback, a pause, a resume).
                let gone = || tell(Msg::new("offer-gone"));
                match kind {
                    OfferKind::Draw => self.finish(ctx, l, |g| g.agree_draw()),
                    OfferKind::Takeback => self.take_back(ctx, l, &them),
                    OfferKind::Pause => match self.pause_game(l, &them, ctx.now) {
                        Ok((len, until)) => Response::one(Reply::say(
                            Msg::new("pause-agreed")
                                .num("id", l.row.id)
                                .msg("span", time::span(len))
                                .time("until", until),
                        )),
                        Err(AppendError::Paused) => tell(Msg::new("pause-already")),
                        Err(AppendError::Stale { .. } | AppendError::NoOffer) => gone(),
                        Err(AppendError::GameOver) => tell(Msg::new("game-over")),
                        Err(e) => store_err(e),
                    },
                    OfferKind::Resume => match self.resume_game(l, Some(&them), ctx.now) {
                        Ok(left) => {
                            let to_move = &l.players[l.game.turn().index()];
                            Response::one(
                                Reply::say(
                                    Msg::new("resume-agreed")
                                        .num("id", l.row.id)
                                        .str("player", mention(to_move))
                                        .msg("span", time::span(left)),
                                )
                                .for_reader(to_move),
                            )
                        }
                        Err(AppendError::NotPaused) => tell(Msg::new("resume-not-paused")),
                        Err(AppendError::NoOffer) => gone(),
                        Err(AppendError::GameOver) => tell(Msg::new("game-over")),
                        Err(e) => store_err(e),
                    },
                }
            }
            (Some("accept"), None) => tell(offer("offer-none-to-accept")),
            (Some(other), _) => tell(
                Msg::new("offer-bad-answer")
                    .str("answer", other.chars().take(20).collect::<String>()),
            ),
            (None, None) => {
                if mine.is_some() {
                    return tell(offer("offer-already-mine").str("opponent", mention(&them)));
                }
                if kind == OfferKind::Takeback && l.game.record().is_empty() {
                    return tell(Msg::new("takeback-no-move-yet"));
                }
                if kind == OfferKind::Takeback {
                    let moves = self.store.moves(l.row.id).unwrap_or_default();
                    if !moves.iter().any(|m| m.player_id == ctx.user.id) {
                        return tell(Msg::new("takeback-none-of-yours"));
                    }
                }
                // One pending offer of each kind per game: never replaces one.
                let set = if kind == OfferKind::Pause {
                    self.store
                        .set_pause_offer(l.row.id, &ctx.user.id, ctx.now, pause_len)
                } else {
                    self.store
                        .set_offer_once(l.row.id, kind, &ctx.user.id, ctx.now)
                };
                match set {
                    Ok(true) if bot::is_bot(&them) => return self.bot_answers(ctx, kind, l),
                    Ok(true) => {}
                    Ok(false) => return tell(offer("offer-waiting")),
                    Err(AppendError::Paused) => return tell(Msg::new("pause-already")),
                    Err(AppendError::GameOver) => return tell(Msg::new("game-over")),
                    Err(e) => return store_err(e),
                }
                let mut r = Reply::say(
                    offer("offer-made")
                        .str("player", mention(&ctx.user.id))
                        .str("opponent", mention(&them)),
                )
                .for_reader(&them);
                r.buttons = vec![
                    Button::new(
                        commands::button::Press::Answer(kind, commands::button::Answer::Accept)
                            .id(),
                        Msg::new("button-accept"),
                        ButtonStyle::Primary,
                    ),
                    Button::new(
                        commands::button::Press::Answer(kind, commands::button::Answer::Decline)
                            .id(),
                        Msg::new("button-decline"),
                        ButtonStyle::Secondary,
                    ),
                ];
                let mut replies = vec![r];
                let dm = offer("notify-dm-offer")
                    .str("player", self.name_of(&ctx.user.id))
                    .num("id", l.row.id)
                    .str("channel", format!("<#{}>", l.row.channel_id));
                self.notify_event(l, &them, &mut replies, Some(dm));
                Response {
                    replies,
                    effects: Vec::new(),
                }
            }
        }
    }

    /// The bot answers an offer made to it at once: a draw as a player
    /// would (never before move 20; later when its chances are even or
    /// worse, saying why),
    /// a takeback in a casual game, a pause or a resume always.
    fn bot_answers(&self, ctx: &Ctx, kind: OfferKind, l: &Loaded) -> Response {
        let draw = (kind == OfferKind::Draw).then(|| bot::draw_answer(l));
        let accept = match kind {
            OfferKind::Draw => draw.is_some_and(bot::DrawAnswer::accepts),
            OfferKind::Takeback => !l.row.rated,
            OfferKind::Pause | OfferKind::Resume => true,
        };
        let answer = if accept { "accept" } else { "decline" };
        let bot_ctx = Ctx {
            user: User {
                id: BOT_ID.into(),
                name: BOT_ID.to_string(),
            },
            ..ctx.clone()
        };
        let mut resp = self.offer_with(&bot_ctx, kind, Some(answer), None);
        // What the player asked, before the bot's answer.
        let asked = Msg::new("bot-answers")
            .str("player", mention(&ctx.user.id))
            .str("kind", offer_key(kind));
        match resp.replies.first_mut() {
            Some(r) => {
                r.body
                    .insert(0, crate::app::presentation::messages::Part::Msg(asked));
                // Why, as a player would say it.
                if let Some(d) = draw {
                    r.body
                        .push(crate::app::presentation::messages::Part::Msg(d.reason()));
                }
            }
            None => resp.replies.push(Reply::say(asked)),
        }
        // The bot moves again if the answer left it to move.
        if let Ok(Some(row)) = self.store.get_game(l.row.id) {
            if let Ok(l2) = self.load(row) {
                resp.effects.extend(self.bot_effect(&l2));
            }
        }
        resp
    }

    /// Takes back the asker's last move and any after it.
    pub(in crate::app) fn take_back(&self, ctx: &Ctx, l: &Loaded, asker: &str) -> Response {
        let moves = match self.store.moves(l.row.id) {
            Ok(m) => m,
            Err(e) => return store_err(e),
        };
        let Some(idx) = moves.iter().rposition(|m| m.player_id == asker) else {
            return tell(Msg::new("takeback-nothing"));
        };
        let n = (moves.len() - idx) as u32;
        let tc = l.row.time_control;
        let mover = if moves[idx].player_id == l.players[0] {
            Side::First
        } else {
            Side::Second
        };
        let banks = [l.row.bank_first, l.row.bank_second];
        let (deadline, period) = match tc {
            TimeControl::None => (None, 0),
            TimeControl::PerMove(p) => (Some(ctx.now + p), p),
            TimeControl::Bank { bank, .. } => {
                let b = banks[mover.index()].unwrap_or(bank);
                (Some(ctx.now + b), b)
            }
        };
        let remind_at = deadline.filter(|_| period >= 240).map(|d| d - period / 4);
        match self.store.take_back_clocked(
            l.row.id,
            moves.len() as u32,
            n,
            ctx.now,
            deadline,
            remind_at,
        ) {
            Ok(_) => {}
            Err(AppendError::Stale { .. }) => return tell(Msg::new("position-changed-meanwhile")),
            Err(AppendError::Paused) => return tell(Msg::new("paused-no-takeback")),
            Err(e) => return store_err(e),
        }
        match self.load_id(l.row.id) {
            Ok(None) => Response::none(),
            Ok(Some(mut l2)) => {
                // The player to move again is on vacation: their clock stops.
                self.hold_if_away(&mut l2, ctx.now);
                let (status, rest) = split_status(self.status_at(&l2, ctx.now));
                let said = Msg::new("takeback-done").num("n", n).arg("status", status);
                // Addressed to the player to move after it, as every
                // message of a running game in its channel is.
                let reply = self.with_board(&l2, words(said, rest), &[], ctx.now);
                Response::one(match l2.game.to_move() {
                    Some(side) => reply.for_reader(&l2.players[side.index()]),
                    None => reply,
                })
            }
            Err(e) => e.refusal(l.row.id),
        }
    }
}

/// The offer's name: its command and its `$kind` in the catalogue.
fn offer_key(kind: OfferKind) -> &'static str {
    match kind {
        OfferKind::Draw => "draw",
        OfferKind::Takeback => "takeback",
        OfferKind::Pause => "pause",
        OfferKind::Resume => "resume",
    }
}

/// A refusal for the asker alone.
fn tell(msg: Msg) -> Response {
    Response::one(Reply::tell(msg))
}

#[allow(dead_code)]
pub(in crate::app) const PAUSED_NO_MOVE: &str =
    "The clock of this game is paused: no move until it runs again (/resume, or at the end of the agreed pause).";
