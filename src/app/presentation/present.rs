//! How a game is shown: names, the record, the picture, the status line,
//! the outcome.

use crate::app::{
    format_played, format_square, presentation::escape, presentation::picture,
    use_cases::clock::time, App, Button, EndReason, Game, GameState, Loaded, Msg, Outcome, Reason,
    Record, Reply, Side, TimeControl, UserId, BOT_ID,
};

impl App {
    /// A player's name, escaped for message text (see [`escape::name`]).
    pub(in crate::app) fn name_of(&self, id: &UserId) -> String {
        escape::name(&self.raw_name_of(id))
    }

    /// A player's name as it is, for pictures, records and thread names.
    pub(in crate::app) fn raw_name_of(&self, id: &UserId) -> String {
        self.stored_name(id)
            .map(|n| escape::clean_name(&n))
            .unwrap_or_else(|| escape::clean_name(id))
    }

    pub(in crate::app) fn names_of(&self, l: &Loaded) -> [String; 2] {
        [
            self.raw_name_of(&l.players[0]),
            self.raw_name_of(&l.players[1]),
        ]
    }

    /// The game record; `names` are the players' display names by side.
    pub(in crate::app) fn record_of(&self, l: &Loaded, names: &[String; 2]) -> Record {
        let rules = l.game.rules();
        let mut headers = vec![
            ("Variant".to_string(), rules.variant.to_string()),
            ("Options".to_string(), rules.options.join(" ")),
            (
                "First".to_string(),
                rules.side_name(l.game.first()).to_string(),
            ),
            (capitalise(rules.side_name(Side::First)), names[0].clone()),
            (capitalise(rules.side_name(Side::Second)), names[1].clone()),
            ("Game".to_string(), l.row.id.to_string()),
            ("Started".to_string(), time::date(l.row.created_at)),
            ("TimeControl".to_string(), l.row.time_control.to_string()),
            (
                "Rated".to_string(),
                if l.row.rated { "yes" } else { "no" }.to_string(),
            ),
        ];
        // The seed decides the coin toss and every throw of the dice: it is
        // shown once the game is over, never while it can still be used.
        if l.game.is_over() {
            headers.insert(2, ("Seed".to_string(), l.row.seed.to_string()));
        }
        if let Some(f) = l.row.finished_at {
            headers.push(("Ended".into(), time::date(f)));
        }
        headers.push((
            "Result".into(),
            crate::rules::result_word(&l.game).to_string(),
        ));
        if let Some(o) = l.game.outcome() {
            headers.push(("Reason".into(), EndReason::from(o.reason).as_str().into()));
        }
        Record {
            headers,
            moves: l
                .game
                .record()
                .iter()
                .map(|p| format_played(rules, p))
                .collect(),
        }
    }

    /// A player as a channel message names them: a mention, or their name
    /// when they asked not to be mentioned (`/notify how:dm` or `digest`):
    /// the status line, reminders, tournament pairings and results.
    pub(crate) fn turn_mention(&self, player: &UserId) -> String {
        if player == BOT_ID || self.notify_of(player).mentions() {
            mention(player)
        } else {
            self.name_of(player)
        }
    }

    /// The board of `l` as its reader will see it (drawn by
    /// [`App::localise`] once the reader is known), with `dots` on the
    /// squares a piece can reach. `now`: for the clocks of the text board.
    pub(in crate::app) fn board_picture(
        &self,
        l: &Loaded,
        dots: &[crate::rules::Square],
        now: i64,
    ) -> crate::app::presentation::messages::BoardPicture {
        // Display names read once for both the caption and the record.
        let names = self.names_of(l);
        let caption = if l.row.state == GameState::Aborted {
            Msg::new("caption-ended")
                .num("moves", crate::notation::turn_count(l.game.record().len()))
                .str("reason", ended_key(l))
        } else {
            picture::caption_msg(&l.game, [&names[0], &names[1]])
        };
        let mut heading = vec![caption.clone()];
        heading.extend(self.clocks_msg(l, now));
        crate::app::presentation::messages::BoardPicture {
            view: picture::board_view(&l.game, dots, String::new()),
            caption,
            chunks: picture::picture_chunks(&l.game, &self.record_of(l, &names)),
            players: l.players.clone(),
            turned_for: picture::turned_for(l.game.rules()),
            diagram: crate::notation::diagram::diagram_of_with(&l.game, dots),
            heading,
        }
    }

    /// Both clocks of a game being played at `now`: each side's bank (the
    /// running one as it stands), or the time left for this move; `None`
    /// for a game without a running clock.
    pub(crate) fn clocks_msg(&self, l: &Loaded, now: i64) -> Option<Msg> {
        let side = l.game.to_move()?;
        if l.row.paused || l.row.state != GameState::Active {
            return None;
        }
        let deadline = l.row.deadline?;
        let rules = l.game.rules();
        match l.row.time_control {
            TimeControl::Bank { bank, .. } => {
                let stored = [l.row.bank_first, l.row.bank_second];
                let left = |s: Side| {
                    if s == side {
                        deadline - now
                    } else {
                        stored[s.index()].unwrap_or(bank)
                    }
                };
                Some(
                    Msg::new("clocks-bank")
                        .str("first", self.name_of(&l.players[0]))
                        .str("first-side", rules.side_key(Side::First))
                        .msg("first-left", crate::i18n::span(left(Side::First)))
                        .str("second", self.name_of(&l.players[1]))
                        .str("second-side", rules.side_key(Side::Second))
                        .msg("second-left", crate::i18n::span(left(Side::Second)))
                        .str("running", rules.side_key(side)),
                )
            }
            TimeControl::PerMove(p) => Some(
                Msg::new("clocks-move")
                    .msg("left", crate::i18n::span(deadline - now))
                    .msg("per", crate::i18n::span(p)),
            ),
            TimeControl::None => None,
        }
    }

    /// `reply` with the board of `l` (see [`App::board_picture`]): a
    /// picture and/or a text board, as its reader chose.
    pub(in crate::app) fn with_board(
        &self,
        l: &Loaded,
        reply: Reply,
        dots: &[crate::rules::Square],
        now: i64,
    ) -> Reply {
        let file = crate::app::presentation::messages::FileDraft {
            name: format!("game-{}.png", l.row.id),
            content: crate::app::presentation::messages::FileContent::Board {
                board: Box::new(self.board_picture(l, dots, now)),
                style: None,
            },
            alt: crate::app::presentation::alt_text::alt_of_game(&l.game),
        };
        let mut reply = reply;
        reply.files.push(file);
        reply.game = Some(crate::app::presentation::messages::GamePlayers {
            players: l.players.clone(),
        });
        // The game on the web archive, when the server made it public.
        if let Some(link) = self.game_link(&l.row) {
            if !reply
                .buttons
                .iter()
                .any(|b| b.url.as_deref() == Some(&link))
            {
                reply
                    .buttons
                    .push(Button::link(link, Msg::new("web-view-game")));
            }
        }
        reply
    }

    /// The message that opens a game: `title` (a `game-title` or
    /// `tournament-game-title` message), the players by side, the coin toss
    /// where there is one, and whose move it is.
    pub(crate) fn opening(&self, l: &Loaded, title: Msg) -> Reply {
        let rules = l.game.rules();
        let (status, rest) = split_status(self.status_at(l, l.row.updated_at));
        let m = Msg::new(if rules.first.is_none() {
            "game-opening-coin"
        } else {
            "game-opening"
        })
        .msg("title", title)
        .str("first", mention(&l.players[0]))
        .str("first-side", rules.side_key(Side::First))
        .str("second", mention(&l.players[1]))
        .str("second-side", rules.side_key(Side::Second))
        .str("coin", rules.side_key(l.game.first()))
        .arg("status", status);
        words(m, rest)
    }

    /// Whose move it is (or the result), with the time left at `now`: the
    /// sentences in order (empty for a game neither on nor over).
    pub(crate) fn status_at(&self, l: &Loaded, now: i64) -> Vec<Msg> {
        if l.row.state == GameState::Aborted {
            return vec![Msg::new("status-ended").str("reason", ended_key(l))];
        }
        let rules = l.game.rules();
        match (l.game.outcome(), l.game.to_move()) {
            (Some(o), _) => vec![outcome_msg(&l.game, o)],
            (None, Some(s)) => {
                let mut t = vec![Msg::new("status-to-move")
                    .str("player", self.turn_mention(&l.players[s.index()]))
                    .str("side", rules.side_key(s))
                    .num(
                        "number",
                        crate::notation::turn_number(l.game.record().len()),
                    )];
                if rules.dice {
                    t.extend(self.dice_words(l));
                }
                if l.row.paused {
                    match self.store.pause_info(l.row.id) {
                        Ok(Some((until, _))) => {
                            t.push(Msg::new("status-paused-until").time("date", until))
                        }
                        _ => t.push(Msg::new("clock-paused")),
                    }
                } else if let Some(d) = l.row.deadline {
                    t.push(
                        Msg::new("time-left")
                            .msg("span", crate::i18n::span(d - now))
                            .time("until", d),
                    );
                    // A time-bank game shows both clocks.
                    if matches!(l.row.time_control, TimeControl::Bank { .. }) {
                        t.extend(self.clocks_msg(l, now));
                    }
                }
                if !l.row.paused {
                    t.extend(self.vacation_status(l, now));
                }
                t
            }
            (None, None) => Vec::new(),
        }
    }
}

impl App {
    /// The throws of this turn, with who threw: each odd throw passed the
    /// turn to the other side, the last (even) one gave the move.
    fn dice_words(&self, l: &Loaded) -> Vec<Msg> {
        let throws = l.game.throws();
        let Some(last) = throws.last() else {
            return Vec::new();
        };
        // The odd throws right before the last one are this turn's passes.
        let passes = throws[..throws.len() - 1]
            .iter()
            .rev()
            .take_while(|t| t.value % 2 == 1)
            .count();
        let start = throws.len() - 1 - passes;
        let name = |side: crate::rules::Side| self.name_of(&l.players[side.index()]);
        let mut out: Vec<Msg> = throws[start..throws.len() - 1]
            .iter()
            .map(|t| {
                Msg::new("status-die-passed")
                    .str("player", name(t.side))
                    .num("value", t.value as u32)
                    .str("next", name(t.side.other()))
            })
            .collect();
        out.push(
            Msg::new("status-die")
                .str("player", name(last.side))
                .num("value", last.value as u32),
        );
        out
    }
}

/// The first sentence of a status (an argument of `played`, `game-opening`,
/// `board-status`...) and the sentences after it.
pub(in crate::app) fn split_status(mut v: Vec<Msg>) -> (crate::i18n::Arg, Vec<Msg>) {
    if v.is_empty() {
        return (crate::i18n::Arg::Str(String::new()), v);
    }
    let first = v.remove(0);
    (first.into(), v)
}

/// A public reply: `first`, then `rest`, each after a space.
pub(in crate::app) fn words(first: Msg, rest: Vec<Msg>) -> Reply {
    rest.into_iter().fold(Reply::say(first), Reply::then)
}

pub(in crate::app) fn mention(id: &str) -> String {
    if id == BOT_ID {
        return "tawlbot".into();
    }
    format!("<@{id}>")
}

/// Why a game ended without a result: `cancelled` (nobody moved in time,
/// or cancelled with its tournament), `decided` (its tournament's organiser
/// decided the match) or `aborted`.
pub(crate) fn ended_key(l: &Loaded) -> &'static str {
    match l.row.reason {
        Some(crate::store::EndReason::NoMove | crate::store::EndReason::Cancelled) => "cancelled",
        Some(crate::store::EndReason::Decided) => "decided",
        _ => "aborted",
    }
}

/// How the game ended, as a message.
pub(crate) fn outcome_msg(game: &Game, o: Outcome) -> Msg {
    let rules = game.rules();
    let last = game.last();
    let side = |s: Side| rules.side_key(s);
    let win = |s: Side| Msg::new("side-wins").str("side", side(s));
    let with = |id: &'static str, s: Side| {
        Msg::new(id)
            .str("loser", side(s.other()))
            .str("winner", side(s))
            .msg("win", win(s))
    };
    // The message of each reason is in the one table of reason names.
    let id = EndReason::from(o.reason)
        .outcome_id()
        .unwrap_or("outcome-drawn");
    match (o.reason, o.winner) {
        (Reason::KingEscaped, Some(s)) => with(id, s).str(
            "square",
            last.map(|p| format_square(rules, p.mv.to))
                .unwrap_or_default(),
        ),
        (Reason::MoveLimit | Reason::DrawAgreed, _) => Msg::new(id),
        (_, Some(s)) => with(id, s),
        (_, None) => Msg::new("outcome-drawn"),
    }
}

pub(in crate::app) fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
