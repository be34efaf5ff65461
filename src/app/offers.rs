//! Offers between the players: draw, takeback, pause and resume.

use super::*;

impl App {
    pub(super) fn offer(&self, ctx: &Ctx, kind: OfferKind, action: Option<&str>) -> Response {
        self.offer_with(ctx, kind, action, None)
    }

    /// An offer; `span`: the length of a pause asked for (seconds).
    pub(super) fn offer_with(
        &self,
        ctx: &Ctx,
        kind: OfferKind,
        action: Option<&str>,
        span: Option<i64>,
    ) -> Response {
        let mut l = match self.channel_game(ctx, false) {
            Ok(l) => l,
            Err(r) => return r,
        };
        let Some(me) = l.side_of(&ctx.user.id) else {
            return Response::one(Reply::private("You are not playing in this game."));
        };
        let them = l.players[me.other().index()].clone();
        let standing = match self.store.get_offer(l.row.id, kind) {
            Ok(o) => o,
            Err(e) => return store_err(e),
        };
        let what = match kind {
            OfferKind::Draw => "a draw",
            OfferKind::Takeback => "a takeback",
            OfferKind::Pause => "to pause the clock",
            OfferKind::Resume => "to restart the clock",
        };
        match kind {
            OfferKind::Pause if l.row.paused => {
                return Response::one(Reply::private(
                    "The clock is already paused: use /resume to start it again.",
                ))
            }
            OfferKind::Pause if l.row.deadline.is_none() => {
                return Response::one(Reply::private("This game has no clock to pause."))
            }
            OfferKind::Resume if !l.row.paused => {
                return Response::one(Reply::private("The clock is running: it is not paused."))
            }
            OfferKind::Takeback if l.row.paused => {
                return Response::one(Reply::private(PAUSED_NO_TAKEBACK))
            }
            _ => {}
        }
        let pause_len = span.unwrap_or(clock::PAUSE_DEFAULT_DAYS * clock::DAY);
        let what_owned;
        let what = if kind == OfferKind::Pause {
            let asked = match (standing.as_ref(), span) {
                (Some(o), None) if o.by_player == them => self
                    .store
                    .pause_offer_span(l.row.id)
                    .ok()
                    .flatten()
                    .unwrap_or(pause_len),
                _ => pause_len,
            };
            what_owned = format!("to pause the clock for {}", time::span(asked));
            what_owned.as_str()
        } else {
            what
        };
        let theirs = standing.as_ref().filter(|o| o.by_player == them);
        let mine = standing.as_ref().filter(|o| o.by_player == ctx.user.id);
        let action = action.map(str::to_ascii_lowercase);
        match (action.as_deref(), theirs) {
            (Some("decline"), Some(_)) => {
                if let Err(e) = self.store.clear_offer(l.row.id, kind) {
                    return store_err(e);
                }
                Response::one(Reply::text(format!(
                    "{} declined {what}. Play on: {}",
                    mention(&ctx.user.id),
                    self.status_line(&l)
                )))
            }
            (Some("decline"), None) => Response::one(Reply::private(format!(
                "There is no offer of {what} to decline."
            ))),
            (Some("accept") | None, Some(_)) => {
                // Each change consumes the offer in its own transaction
                // (finishing a game, a takeback, a pause, a resume).
                let gone = || {
                    Response::one(Reply::private(
                        "That offer is no longer standing: look at the board again.",
                    ))
                };
                match kind {
                    OfferKind::Draw => self.finish(ctx, &mut l, |g| g.agree_draw()),
                    OfferKind::Takeback => self.take_back(ctx, &l, &them),
                    OfferKind::Pause => match self.pause_game(&l, &them, ctx.now) {
                        Ok((len, until)) => Response::one(Reply::text(format!(
                            "Both players agreed: the clock of game {} is paused for {}, until {}, when it starts again by itself. /resume starts it sooner.",
                            l.row.id,
                            time::span(len),
                            time::date(until)
                        ))),
                        Err(AppendError::Paused) => Response::one(Reply::private(
                            "The clock is already paused: use /resume to start it again.",
                        )),
                        Err(AppendError::Stale { .. } | AppendError::NoOffer) => gone(),
                        Err(AppendError::GameOver) => {
                            Response::one(Reply::private("This game is over."))
                        }
                        Err(e) => store_err(e),
                    },
                    OfferKind::Resume => match self.resume_game(&l, Some(&them), ctx.now) {
                        Ok(left) => Response::one(Reply::text(format!(
                            "The clock of game {} runs again: {} has {} left.",
                            l.row.id,
                            mention(&l.players[l.game.turn().index()]),
                            time::span(left)
                        ))),
                        Err(AppendError::NotPaused) => Response::one(Reply::private(
                            "The clock is running: it is not paused.",
                        )),
                        Err(AppendError::NoOffer) => gone(),
                        Err(AppendError::GameOver) => {
                            Response::one(Reply::private("This game is over."))
                        }
                        Err(e) => store_err(e),
                    },
                }
            }
            (Some("accept"), None) => Response::one(Reply::private(format!(
                "There is no offer of {what} to accept."
            ))),
            (Some(other), Some(_)) if !matches!(other, "offer" | "ask") => {
                Response::one(Reply::private(format!(
                    "Answer with accept or decline, not {}.",
                    other.chars().take(20).collect::<String>()
                )))
            }
            (_, Some(_)) => Response::one(Reply::private(format!(
                "{} has already offered {what}: accept or decline it.",
                mention(&them)
            ))),
            (_, None) => {
                if mine.is_some() {
                    return Response::one(Reply::private(format!(
                        "You have already offered {what}; waiting for {}.",
                        mention(&them)
                    )));
                }
                if kind == OfferKind::Takeback && !l.game.record().iter().any(|_| true) {
                    return Response::one(Reply::private("There is no move to take back yet."));
                }
                if kind == OfferKind::Takeback {
                    let moves = self.store.moves(l.row.id).unwrap_or_default();
                    if !moves.iter().any(|m| m.player_id == ctx.user.id) {
                        return Response::one(Reply::private(
                            "You have made no move to take back.",
                        ));
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
                    Ok(true) => {}
                    Ok(false) => {
                        return Response::one(Reply::private(format!(
                            "An offer of {what} is already waiting for an answer."
                        )))
                    }
                    Err(AppendError::Paused) => {
                        return Response::one(Reply::private(
                            "The clock is already paused: use /resume to start it again.",
                        ))
                    }
                    Err(AppendError::GameOver) => {
                        return Response::one(Reply::private("This game is over."))
                    }
                    Err(e) => return store_err(e),
                }
                let k = match kind {
                    OfferKind::Draw => "draw",
                    OfferKind::Takeback => "takeback",
                    OfferKind::Pause => "pause",
                    OfferKind::Resume => "resume",
                };
                let mut r = Reply::text(format!(
                    "{} offers {what}. {}: accept or decline (/{k} accept, /{k} decline).",
                    mention(&ctx.user.id),
                    mention(&them)
                ));
                r.buttons = vec![
                    Button::new(
                        format!("{k}:accept"),
                        Msg::new("button-accept"),
                        ButtonStyle::Primary,
                    ),
                    Button::new(
                        format!("{k}:decline"),
                        Msg::new("button-decline"),
                        ButtonStyle::Secondary,
                    ),
                ];
                Response::one(r)
            }
        }
    }

    /// Takes back the asker's last move and any after it.
    pub(super) fn take_back(&self, ctx: &Ctx, l: &Loaded, asker: &str) -> Response {
        let moves = match self.store.moves(l.row.id) {
            Ok(m) => m,
            Err(e) => return store_err(e),
        };
        let Some(idx) = moves.iter().rposition(|m| m.player_id == asker) else {
            return Response::one(Reply::private("There is no move to take back."));
        };
        let n = (moves.len() - idx) as u32;
        let tc = TimeControl::parse(&l.row.time_control).unwrap_or_default();
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
            Err(AppendError::Stale { .. }) => {
                return Response::one(Reply::private(
                    "The position changed meanwhile: look at the board again.",
                ))
            }
            Err(AppendError::Paused) => return Response::one(Reply::private(PAUSED_NO_TAKEBACK)),
            Err(e) => return store_err(e),
        }
        let row = match self.store.get_game(l.row.id) {
            Ok(Some(r)) => r,
            _ => return Response::none(),
        };
        match self.load(row) {
            Ok(l2) => {
                let t = format!(
                    "Takeback accepted: {} move{} taken back. {}",
                    n,
                    if n == 1 { "" } else { "s" },
                    self.status_line(&l2)
                );
                Response::one(self.board_reply(&l2, t, &[]))
            }
            Err(e) => Response::one(Reply::private(e)),
        }
    }
}

#[allow(dead_code)]
pub(super) const PAUSED_NO_MOVE: &str =
    "The clock of this game is paused: no move until it runs again (/resume, or at the end of the agreed pause).";

pub(super) const PAUSED_NO_TAKEBACK: &str =
    "The clock of this game is paused: no takeback until it runs again.";
