//! How a game is shown: names, the record, the picture, the status line,
//! the outcome.

use super::*;

impl App {
    /// A player's name, escaped for message text (see [`escape::name`]).
    pub(super) fn name_of(&self, id: &str) -> String {
        escape::name(&self.raw_name_of(id))
    }

    /// A player's name as it is, for pictures, records and thread names.
    pub(super) fn raw_name_of(&self, id: &str) -> String {
        self.store
            .get_player(id)
            .ok()
            .flatten()
            .map(|p| p.display_name)
            .unwrap_or_else(|| id.to_string())
    }

    pub(super) fn names_of(&self, l: &Loaded) -> [String; 2] {
        [
            self.raw_name_of(&l.players[0]),
            self.raw_name_of(&l.players[1]),
        ]
    }

    /// The game record; `names` are the players' display names by side.
    pub(super) fn record_of(&self, l: &Loaded, names: &[String; 2]) -> Record {
        let rules = l.game.rules();
        let mut headers = vec![
            ("Variant".to_string(), rules.variant.to_string()),
            ("Options".to_string(), rules.options.join(" ")),
            ("Seed".to_string(), l.row.seed.to_string()),
            (
                "First".to_string(),
                rules.side_name(l.game.first()).to_string(),
            ),
            (capitalise(rules.side_name(Side::First)), names[0].clone()),
            (capitalise(rules.side_name(Side::Second)), names[1].clone()),
            ("Game".to_string(), l.row.id.to_string()),
            ("Started".to_string(), time::date(l.row.created_at)),
            ("TimeControl".to_string(), l.row.time_control.clone()),
        ];
        if let Some(f) = l.row.finished_at {
            headers.push(("Ended".into(), time::date(f)));
        }
        headers.push((
            "Result".into(),
            crate::cli::result_word(&l.game).to_string(),
        ));
        if let Some(o) = l.game.outcome() {
            headers.push(("Reason".into(), o.reason.as_str().into()));
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

    pub(super) fn picture(&self, l: &Loaded, dots: &[crate::rules::Square]) -> Vec<u8> {
        // Display names read once for both the caption and the record.
        let names = self.names_of(l);
        let cap = view::caption(&l.game, [&names[0], &names[1]]);
        view::picture(&l.game, dots, cap, &self.record_of(l, &names), &self.theme)
    }

    pub(super) fn board_reply(
        &self,
        l: &Loaded,
        text: String,
        dots: &[crate::rules::Square],
    ) -> Reply {
        Reply::text(text).with_png(&format!("game-{}.png", l.row.id), self.picture(l, dots))
    }

    /// The message that opens a game: `title` (with its closing punctuation),
    /// the players by side, the coin
    /// toss where there is one, and whose move it is.
    pub(crate) fn opening_text(&self, l: &Loaded, title: &str) -> String {
        let rules = l.game.rules();
        let mut text = format!(
            "{title} {} ({}) against {} ({}).",
            mention(&l.players[0]),
            rules.side_name(Side::First),
            mention(&l.players[1]),
            rules.side_name(Side::Second),
        );
        if rules.first.is_none() {
            text.push_str(&format!(
                " The coin toss goes to {}.",
                rules.side_name(l.game.first())
            ));
        }
        text.push(' ');
        text.push_str(&self.status_line(l));
        text
    }

    /// Whose move it is (or the result), as of the game's last change.
    pub(crate) fn status_line(&self, l: &Loaded) -> String {
        self.status_line_at(l, l.row.updated_at)
    }

    /// Whose move it is (or the result), with the time left at `now`.
    pub(super) fn status_line_at(&self, l: &Loaded, now: i64) -> String {
        let rules = l.game.rules();
        match (l.game.outcome(), l.game.to_move()) {
            (Some(o), _) => outcome_sentence(&l.game, o),
            (None, Some(s)) => {
                let mut t = format!(
                    "{} to move ({}), move {}.",
                    mention(&l.players[s.index()]),
                    rules.side_name(s),
                    l.game.record().len() + 1
                );
                if rules.dice {
                    if let Some(th) = l.game.throws().last() {
                        t.push_str(&format!(" The die shows {}.", th.value));
                    }
                }
                if l.row.paused {
                    match self.store.pause_info(l.row.id) {
                        Ok(Some((until, _))) => t.push_str(&format!(
                            " The clock is paused until {}.",
                            time::date(until)
                        )),
                        _ => t.push_str(" The clock is paused."),
                    }
                } else if let Some(d) = l.row.deadline {
                    t.push_str(&format!(" Time left: {}.", time::span_en(d - now)));
                }
                t
            }
            (None, None) => String::new(),
        }
    }
}

pub(super) fn mention(id: &str) -> String {
    if id == BOT_ID {
        return "tawlbot".into();
    }
    format!("<@{id}>")
}

pub(super) fn outcome_sentence(game: &Game, o: Outcome) -> String {
    let rules = game.rules();
    let last = game.last();
    let win = |s: Side| {
        let n = rules.side_name(s);
        let n = n[..1].to_uppercase() + &n[1..];
        if n.ends_with('s') {
            format!("{n} win")
        } else {
            format!("{n} wins")
        }
    };
    let at = |f: fn(&crate::rules::Played) -> Option<crate::rules::Square>| {
        last.and_then(f)
            .map(|s| format_square(rules, s))
            .unwrap_or_default()
    };
    match (o.reason, o.winner) {
        (Reason::KingEscaped, Some(s)) => {
            format!("The king escaped to {}. {}!", at(|p| Some(p.mv.to)), win(s))
        }
        (Reason::KingCaptured, Some(s)) => format!("The king is captured. {}!", win(s)),
        (Reason::OnePieceLeft, Some(s)) => {
            format!(
                "{} have one piece left. {}!",
                rules.side_name(s.other()),
                win(s)
            )
        }
        (Reason::DuxImmobile, Some(s)) => format!(
            "The {} dux cannot move. {}!",
            rules.side_name(s.other()),
            win(s)
        ),
        (Reason::NoLegalMove, Some(s)) => format!(
            "The {} have no legal move. {}!",
            rules.side_name(s.other()),
            win(s)
        )
        .replace("The white have", "White has")
        .replace("The black have", "Black has"),
        (Reason::Repetition, Some(s)) => format!(
            "Every move left to {} would repeat a position a third time. {}!",
            rules.side_name(s.other()),
            win(s)
        ),
        (Reason::MoveLimit, _) => "100 moves without a capture: the game is drawn.".into(),
        (Reason::Resignation, Some(s)) => {
            format!("The {} resigned. {}!", rules.side_name(s.other()), win(s))
        }
        (Reason::Timeout, Some(s)) => format!(
            "The {} ran out of time. {}!",
            rules.side_name(s.other()),
            win(s)
        ),
        (Reason::DrawAgreed, _) => "Drawn by agreement.".into(),
        (_, None) => "The game is drawn.".into(),
    }
}

pub(super) fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
