//! The typed values kept in text columns: game states, offer kinds,
//! challenge states, tournament phases, game results, match results and
//! time controls (end reasons have their own table: `end_reason.rs`).
//!
//! Each has its text form (`as_str` or `Display`) and its reader (`parse`)
//! here and nowhere else: the store writes and reads these words, and the
//! text is what the columns always held. A text the program cannot read is
//! a [`BadValue`] (the store turns it into its `BadData` error).

use std::fmt;

/// A stored text that is not a value of its type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadValue {
    /// What was expected ("game state", "time control" ...).
    pub what: &'static str,
    /// The text found.
    pub text: String,
}

impl fmt::Display for BadValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown {} {:?}", self.what, self.text)
    }
}

impl std::error::Error for BadValue {}

fn bad(what: &'static str, text: &str) -> BadValue {
    BadValue {
        what,
        text: text.to_string(),
    }
}

/// State of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameState {
    Active,
    Finished,
    Aborted,
}

/// Kind of offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OfferKind {
    Draw,
    Takeback,
    /// A request to stop the clock.
    Pause,
    /// A request to start it again.
    Resume,
}

/// An enum stored as one fixed word per variant.
macro_rules! text_enum {
    ($name:ident, $what:literal, { $($variant:ident => $text:literal),+ $(,)? }) => {
        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The word stored in the database.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }

            /// Reads the stored word.
            pub fn parse(s: &str) -> Result<$name, BadValue> {
                match s {
                    $($text => Ok($name::$variant),)+
                    other => Err(bad($what, other)),
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

text_enum!(GameState, "game state", {
    Active => "active",
    Finished => "finished",
    Aborted => "aborted",
});

text_enum!(OfferKind, "offer kind", {
    Draw => "draw",
    Takeback => "takeback",
    Pause => "pause",
    Resume => "resume",
});

/// A kind of timed work that processes claim a lease on before doing it
/// (see `docs/scaling.md`); stored as its word in `leases.kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LeaseKind {
    /// A game's deadline passed (a loss on time, or no first move).
    Deadline,
    /// A paused game's clock starts again by itself.
    PauseEnd,
    /// A player is reminded of their turn.
    Reminder,
    /// An open challenge expires.
    ChallengeExpiry,
    /// The bot is to move in a game.
    BotTurn,
    /// An `/analysis` in progress (a job: its payload says whom to answer).
    Analysis,
    /// A tournament match whose game was lost is played again.
    MatchRepair,
    /// A tournament starts at its scheduled time.
    TournamentStart,
}

text_enum!(LeaseKind, "lease kind", {
    Deadline => "deadline",
    PauseEnd => "pause_end",
    Reminder => "reminder",
    ChallengeExpiry => "challenge_expiry",
    BotTurn => "bot_turn",
    Analysis => "analysis",
    MatchRepair => "match_repair",
    TournamentStart => "tournament_start",
});

/// A table whose rows the program reads with its own readers: a row of
/// one that cannot be read is named by it ([`crate::store::StoreError::Unreadable`])
/// and the doctor lists and moves it. The doctor also names the rows that
/// others hang on (a game for its moves, a player for their settings and
/// ratings, a server for its language, a channel for its server).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Table {
    Games,
    Challenges,
    Tournaments,
    TournamentMatches,
    Players,
    Servers,
    Channels,
}

text_enum!(Table, "table", {
    Games => "games",
    Challenges => "challenges",
    Tournaments => "tournaments",
    TournamentMatches => "tournament_matches",
    Players => "players",
    Servers => "servers",
    Channels => "channels",
});

/// Where a challenge stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChallengeState {
    /// Waiting for an answer.
    Open,
    /// Accepted: its game started.
    Accepted,
    /// Refused by the player it was addressed to.
    Declined,
    /// Taken back by the challenger.
    Withdrawn,
    /// Nobody answered in time.
    Expired,
}

text_enum!(ChallengeState, "challenge state", {
    Open => "open",
    Accepted => "accepted",
    Declined => "declined",
    Withdrawn => "withdrawn",
    Expired => "expired",
});

/// The phase of a tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TournamentPhase {
    /// Players may join; not paired yet.
    Signup,
    /// Rounds are being played.
    Running,
    /// All rounds played.
    Finished,
    /// Stopped by an organiser (or never filled).
    Cancelled,
}

text_enum!(TournamentPhase, "tournament phase", {
    Signup => "signup",
    Running => "running",
    Finished => "finished",
    Cancelled => "cancelled",
});

impl TournamentPhase {
    /// Sign-up or running: the tournament still takes players' actions.
    pub fn is_open(self) -> bool {
        matches!(self, TournamentPhase::Signup | TournamentPhase::Running)
    }
}

/// How a tournament pairs its players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TournamentFormat {
    /// A fixed number of Swiss rounds (the number is in the tournament's data).
    #[default]
    Swiss,
    /// Everyone meets everyone once.
    RoundRobin,
}

text_enum!(TournamentFormat, "tournament format", {
    Swiss => "swiss",
    RoundRobin => "round-robin",
});

/// The side of a game: the first (attackers in the tafl games, white in
/// gwyddbwyll) or the second. The rules' own type; stored as `first` or
/// `second` ([`side_word`], [`side_of_word`]), whatever the game calls it.
pub use crate::rules::Side;

/// The stored word of a side: `first` or `second`.
pub fn side_word(side: Side) -> &'static str {
    match side {
        Side::First => "first",
        Side::Second => "second",
    }
}

/// Reads a stored side word.
pub fn side_of_word(s: &str) -> Result<Side, BadValue> {
    match s {
        "first" => Ok(Side::First),
        "second" => Ok(Side::Second),
        other => Err(bad("side", other)),
    }
}

/// The result of a finished game: a side won, or a draw. Stored as
/// `first`, `second` or `draw`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    Won(Side),
    Draw,
}

impl GameResult {
    /// Every value.
    pub const ALL: &'static [GameResult] = &[
        GameResult::Won(Side::First),
        GameResult::Won(Side::Second),
        GameResult::Draw,
    ];

    /// The word stored in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::Won(s) => side_word(s),
            GameResult::Draw => "draw",
        }
    }

    /// Reads the stored word.
    pub fn parse(s: &str) -> Result<GameResult, BadValue> {
        match s {
            "draw" => Ok(GameResult::Draw),
            other => side_of_word(other)
                .map(GameResult::Won)
                .map_err(|_| bad("game result", other)),
        }
    }

    /// The side that won; `None` for a draw.
    pub fn winner(self) -> Option<Side> {
        match self {
            GameResult::Won(s) => Some(s),
            GameResult::Draw => None,
        }
    }

    /// [`GameResult::winner`] as `Side::index`: 0 the first side (the
    /// player in `first_player`), 1 the second; `None` for a draw.
    pub fn winner_index(self) -> Option<usize> {
        self.winner().map(Side::index)
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The result of a tournament match: a bye, or the game points of the
/// players, counted in half points. Stored as `bye` or like `1½-½`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MatchResult {
    Bye,
    Score {
        /// Game points of the match's first player, times two.
        first_halves: u32,
        /// Game points of the second player, times two.
        second_halves: u32,
    },
}

impl MatchResult {
    /// A score from game points (1, ½ or 0 a game), rounded to half points.
    pub fn score(first: f64, second: f64) -> MatchResult {
        let halves = |p: f64| (p * 2.0).round().max(0.0) as u32;
        MatchResult::Score {
            first_halves: halves(first),
            second_halves: halves(second),
        }
    }

    /// Reads `bye` or a score like `2-0`, `1½-½`, `½-½`.
    pub fn parse(s: &str) -> Result<MatchResult, BadValue> {
        if s == "bye" {
            return Ok(MatchResult::Bye);
        }
        let points = |p: &str| -> Option<u32> {
            let (whole, half) = match p.strip_suffix('½') {
                Some(w) => (w, 1),
                None => (p, 0),
            };
            let whole: u32 = match whole {
                "" if half == 1 => 0,
                w if !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()) => w.parse().ok()?,
                _ => return None,
            };
            whole.checked_mul(2)?.checked_add(half)
        };
        s.split_once('-')
            .and_then(|(a, b)| Some((points(a)?, points(b)?)))
            .map(|(first_halves, second_halves)| MatchResult::Score {
                first_halves,
                second_halves,
            })
            .ok_or_else(|| bad("match result", s))
    }
}

impl fmt::Display for MatchResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let points = |h: u32| match (h / 2, h % 2) {
            (w, 0) => w.to_string(),
            (0, _) => "½".to_string(),
            (w, _) => format!("{w}½"),
        };
        match *self {
            MatchResult::Bye => f.write_str("bye"),
            MatchResult::Score {
                first_halves,
                second_halves,
            } => write!(f, "{}-{}", points(first_halves), points(second_halves)),
        }
    }
}

const MIN: i64 = 60;
const HOUR: i64 = 3600;
const DAY: i64 = 86400;
/// How far above its starting bank a bank with an increment may grow
/// when no `cap:` is given.
pub const DEFAULT_CAP_ABOVE_BANK: i64 = 7 * DAY;

/// How long a player has to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// Casual: no clock.
    None,
    /// A fixed time per move, in seconds.
    PerMove(i64),
    /// A time bank per player, topped up by `inc` after each of their
    /// moves and never above `cap`.
    Bank { bank: i64, inc: i64, cap: i64 },
}

impl Default for TimeControl {
    fn default() -> Self {
        TimeControl::PerMove(3 * DAY)
    }
}

/// Reads a duration like `3d`, `12h`, `90m` (at most 60 days).
pub fn parse_span(s: &str) -> Option<i64> {
    let s = s.trim().to_ascii_lowercase();
    let (num, unit) = s.split_at(s.find(|c: char| !c.is_ascii_digit())?);
    let n: i64 = num.parse().ok()?;
    let mult = match unit.trim() {
        "m" | "min" | "mins" | "minutes" => MIN,
        "h" | "hour" | "hours" => HOUR,
        "d" | "day" | "days" => DAY,
        "w" | "week" | "weeks" => 7 * DAY,
        _ => return None,
    };
    n.checked_mul(mult).filter(|&v| v > 0 && v <= 60 * DAY)
}

/// `0`, or nought of a unit (`0m`, `00d`): a time of nothing.
fn is_zero_span(v: &str) -> bool {
    let unit = v.trim_start_matches('0');
    unit.len() < v.len() && (unit.is_empty() || parse_span(&format!("1{unit}")).is_some())
}

impl TimeControl {
    /// Reads the text of a time control: `none` (also `casual`, `off` and
    /// the empty text), a time per move like `1d`, `3d`, `12h`, or a bank
    /// like `bank:7d inc:1d cap:14d`. The stored text is what `Display`
    /// writes; players may type the looser forms.
    pub fn read(s: &str) -> Option<TimeControl> {
        let t = s.trim().to_ascii_lowercase();
        if matches!(t.as_str(), "none" | "casual" | "off" | "") {
            return Some(TimeControl::None);
        }
        if !t.contains("bank") {
            return parse_span(&t).map(TimeControl::PerMove);
        }
        let mut bank = None;
        let mut inc = 0;
        let mut cap = None;
        for part in t.split_whitespace() {
            let (k, v) = part
                .split_once(':')
                .or_else(|| part.split_once('='))
                .unwrap_or(("", part));
            // Every part must be read: one that is not is never dropped
            // silently (a cap that cannot be read is no cap of the bank's).
            let v = if is_zero_span(v) { 0 } else { parse_span(v)? };
            match k {
                "bank" => bank = Some(v),
                "inc" | "increment" => inc = v,
                "cap" => cap = Some(v),
                _ => return None,
            }
        }
        // A bank of no time, or a cap below the bank, would be written as
        // a control that reads back as something else (or not at all).
        let bank = bank.filter(|&b| b > 0)?;
        // Unless asked, the increment can add a week above the starting
        // bank (a cap at the bank itself made `bank:7d inc:1d` add nothing
        // until a player had spent a day).
        let cap = cap.unwrap_or(if inc > 0 {
            bank + DEFAULT_CAP_ABOVE_BANK
        } else {
            bank
        });
        (cap >= bank).then_some(TimeControl::Bank { bank, inc, cap })
    }

    /// Reads a stored time control.
    pub fn from_stored(s: &str) -> Result<TimeControl, BadValue> {
        TimeControl::read(s).ok_or_else(|| bad("time control", s))
    }

    /// The fixed time per move, if this is such a control.
    pub fn per_move(self) -> Option<i64> {
        match self {
            TimeControl::PerMove(p) => Some(p),
            _ => None,
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::None => write!(f, "none"),
            TimeControl::PerMove(p) if p % DAY == 0 => write!(f, "{}d", p / DAY),
            TimeControl::PerMove(p) if p % HOUR == 0 => write!(f, "{}h", p / HOUR),
            TimeControl::PerMove(p) => write!(f, "{}m", p / MIN),
            TimeControl::Bank { bank, inc, cap } => write!(
                f,
                "bank:{} inc:{} cap:{}",
                TimeControl::PerMove(bank),
                if inc == 0 {
                    "0".to_string()
                } else {
                    TimeControl::PerMove(inc).to_string()
                },
                TimeControl::PerMove(cap)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip_and_strangers_are_bad_data() {
        for s in GameState::ALL {
            assert_eq!(GameState::parse(s.as_str()), Ok(*s));
        }
        for s in OfferKind::ALL {
            assert_eq!(OfferKind::parse(s.as_str()), Ok(*s));
        }
        for s in ChallengeState::ALL {
            assert_eq!(ChallengeState::parse(s.as_str()), Ok(*s));
        }
        for s in TournamentPhase::ALL {
            assert_eq!(TournamentPhase::parse(s.as_str()), Ok(*s));
        }
        for s in GameResult::ALL {
            assert_eq!(GameResult::parse(s.as_str()), Ok(*s));
        }
        assert_eq!(
            ChallengeState::parse("Open"),
            Err(BadValue {
                what: "challenge state",
                text: "Open".into()
            })
        );
        assert!(TournamentPhase::parse("").is_err());
        assert!(GameResult::parse("ongoing").is_err());
        assert_eq!(GameResult::Won(Side::First).winner(), Some(Side::First));
        assert_eq!(
            GameResult::parse("second"),
            Ok(GameResult::Won(Side::Second))
        );
        assert_eq!(GameResult::Draw.winner(), None);
        assert!(GameResult::parse("attackers").is_err());
        for s in [Side::First, Side::Second] {
            assert_eq!(side_of_word(side_word(s)), Ok(s));
        }
        assert!(side_of_word("white").is_err());
    }

    #[test]
    fn match_results_read_what_they_write() {
        for (text, r) in [
            ("bye", MatchResult::Bye),
            ("1-0", MatchResult::score(1.0, 0.0)),
            ("½-½", MatchResult::score(0.5, 0.5)),
            ("1½-½", MatchResult::score(1.5, 0.5)),
            ("0-2", MatchResult::score(0.0, 2.0)),
            ("0-0", MatchResult::score(0.0, 0.0)),
        ] {
            assert_eq!(r.to_string(), text);
            assert_eq!(MatchResult::parse(text), Ok(r));
        }
        for bad in ["", "1", "1-", "-1", "a-b", "1.5-0.5", "½½-0", "1 - 0"] {
            assert!(MatchResult::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn time_controls_read_what_they_write() {
        for tc in [
            TimeControl::None,
            TimeControl::PerMove(DAY),
            TimeControl::PerMove(12 * HOUR),
            TimeControl::PerMove(90 * MIN),
            TimeControl::Bank {
                bank: 7 * DAY,
                inc: 0,
                cap: 7 * DAY,
            },
            TimeControl::Bank {
                bank: 2 * DAY,
                inc: 12 * HOUR,
                cap: 3 * DAY,
            },
        ] {
            assert_eq!(TimeControl::from_stored(&tc.to_string()), Ok(tc));
        }
        assert_eq!(TimeControl::from_stored(""), Ok(TimeControl::None));
        assert!(TimeControl::from_stored("soon").is_err());
        assert!(TimeControl::from_stored("bank:soon").is_err());
        assert_eq!(parse_span("90m"), Some(90 * MIN));
        assert_eq!(parse_span("61d"), None);
    }

    #[test]
    fn an_increment_without_a_cap_may_add_a_week() {
        let bank = |bank, inc, cap| Some(TimeControl::Bank { bank, inc, cap });
        assert_eq!(
            TimeControl::read("bank:7d inc:1d"),
            bank(7 * DAY, DAY, 14 * DAY)
        );
        assert_eq!(TimeControl::read("bank:7d"), bank(7 * DAY, 0, 7 * DAY));
        assert_eq!(
            TimeControl::read("bank:7d inc:1d cap:7d"),
            bank(7 * DAY, DAY, 7 * DAY)
        );
    }
}
