//! The store's rules with no SQL in them: what a transaction decides from
//! what it read. The statements are in `store/sql` (written once for both
//! databases); here are the decisions between them, as plain functions or
//! as a function over a small trait of "steps" that `store/sql` implements
//! with its statements and the unit tests below with fakes.
//!
//! Nothing here touches a database; the twin tests of `tests/` (every
//! suite runs on both stores) check the statements around these rules.

use std::collections::HashSet;
use std::sync::{Mutex, PoisonError};

use super::{
    AppendError, Claim, GameId, JoinOutcome, ProcessId, Rating, ReminderClaim, ServerId,
    StoreError, Table, TournamentId, TournamentPhase, UnreadableRow, UserId,
};

/// The rating of a player before their first rated game (Glicko-2's 1500).
pub(crate) const FIRST_RATING: f64 = 1500.0;

// -------------------------------------------------------------- readers --

/// The players' half of [`READERS_SQL`] and all of [`PLAYERS_SQL`].
macro_rules! players_sql {
    () => {
        "SELECT p.id, p.display_name, s.key, s.value \
         FROM players p LEFT JOIN player_settings s ON s.player_id = p.id \
         WHERE p.id IN ($1, $2)"
    };
}

/// [`super::Players::readers`]: two players' names and settings and a
/// server's language in one statement. Rows of a player carry its id
/// (one row per setting, one with NULLs for a player without any); the
/// server's row has a NULL id. `$1`..`$3` appear in order, so SQLite binds
/// them by position as PostgreSQL does.
pub(crate) const READERS_SQL: &str = concat!(
    players_sql!(),
    " UNION ALL SELECT NULL, NULL, NULL, language FROM servers WHERE id = $3"
);

/// [`READERS_SQL`] without the server.
pub(crate) const PLAYERS_SQL: &str = players_sql!();

/// Folds the rows of [`READERS_SQL`] (`id, name, key, value`) into
/// [`super::Readers`]: players in the order met, settings sorted by key.
pub(crate) fn readers_from_rows(
    rows: impl IntoIterator<
        Item = (
            Option<UserId>,
            Option<String>,
            Option<String>,
            Option<String>,
        ),
    >,
) -> Result<super::Readers, StoreError> {
    let mut out = super::Readers::default();
    for (id, name, key, value) in rows {
        let Some(id) = id else {
            out.server_language = value;
            continue;
        };
        let i = match out.players.iter().position(|p| p.id == id) {
            Some(i) => i,
            None => {
                let Some(name) = name else {
                    return Err(StoreError::BadData {
                        detail: format!("player {id} has no display name"),
                    });
                };
                out.players.push(super::Reader {
                    id,
                    display_name: name,
                    settings: Vec::new(),
                });
                out.players.len() - 1
            }
        };
        if let (Some(k), Some(v)) = (key, value) {
            out.players[i].settings.push((k, v));
        }
    }
    for p in &mut out.players {
        p.settings.sort();
    }
    Ok(out)
}

// ---------------------------------------------------------------- moves --

/// A game's moves as both stores' `load_game` reads them with its header,
/// in the same statement (one snapshot, one round trip): a JSON array of
/// `[number, text, player_id, at, source_id]`, in move order.
pub(crate) fn moves_from_json(json: &str) -> Result<Vec<super::StoredMove>, StoreError> {
    let rows: Vec<(i64, String, UserId, i64, String)> =
        serde_json::from_str(json).map_err(|e| StoreError::BadData {
            detail: format!("moves: {e}"),
        })?;
    Ok(rows
        .into_iter()
        .map(
            |(number, text, player_id, at, source_id)| super::StoredMove {
                number: u32::try_from(number).unwrap_or(u32::MAX),
                text,
                player_id,
                at,
                source_id,
            },
        )
        .collect())
}

/// The checks of every move-count-guarded change, on a game that is
/// `active` (or not) with `count` moves: the game must be active and, with
/// `expected`, have exactly that many moves. Returns the count.
pub(crate) fn check_turn(
    active: bool,
    count: u32,
    expected: Option<u32>,
) -> Result<u32, AppendError> {
    if !active {
        return Err(AppendError::GameOver);
    }
    match expected {
        Some(e) if e != count => Err(AppendError::Stale { now: count }),
        _ => Ok(count),
    }
}

// ---------------------------------------------------------------- clock --

/// The downtime the shared heartbeat makes up for: with the last beat of
/// any process at `last`, a beat at `now` finds the bot was away for
/// `now - last` seconds, which counts when it is more than
/// `offline_after` (and the caller asked to `extend` the clocks).
pub(crate) fn downtime(
    last: Option<i64>,
    now: i64,
    offline_after: i64,
    extend: bool,
) -> Option<i64> {
    last.map(|l| now - l)
        .filter(|&g| extend && g > offline_after)
}

/// The reminder of a game whose reminder is due at `remind_at` (`None`:
/// none set), the last one sent at `last`, the deadline at `deadline`: at
/// `now` it is sent unless one went out in the last `gap` seconds; then it
/// moves to a `gap` after that one, if that is still before the deadline.
/// The store writes what this decides ([`ReminderClaim::Deferred`]: the
/// new `remind_at`; [`ReminderClaim::Send`]: cleared, the send counted).
pub(crate) fn reminder_claim(
    remind_at: Option<i64>,
    last: Option<i64>,
    deadline: Option<i64>,
    now: i64,
    gap: i64,
) -> ReminderClaim {
    let Some(at) = remind_at else {
        return ReminderClaim::NotDue;
    };
    if at > now {
        return ReminderClaim::NotDue;
    }
    match last.filter(|&l| now - l < gap) {
        Some(last) => {
            ReminderClaim::Deferred(Some(last + gap).filter(|&n| deadline.is_some_and(|d| n < d)))
        }
        None => ReminderClaim::Send,
    }
}

/// Whether a player's digest may go out at `now`: the setting holding the
/// last one (`last`, unix seconds as text) is missing, unreadable, or at
/// least `gap` seconds old.
pub(crate) fn digest_due(last: Option<&str>, now: i64, gap: i64) -> bool {
    last.and_then(|v| v.parse::<i64>().ok())
        .is_none_or(|l| now - l >= gap)
}

// --------------------------------------------------------------- leases --

/// A claim the caller did not win: the item's lease row as it stands.
pub(crate) fn lost_claim(owner: ProcessId, until: i64, done_at: Option<i64>) -> Claim {
    match done_at {
        Some(_) => Claim::Done,
        None => Claim::Held { owner, until },
    }
}

// ---------------------------------------------------------- tournaments --

/// The statements of [`join_tournament`] (`store/sql`, or a fake), inside one
/// transaction.
pub(crate) trait JoinSteps {
    type Error;
    /// The tournament's phase (`None`: no such tournament). A dialect that
    /// locks rows locks the tournament's here, so joins are counted one
    /// after the other.
    fn phase(&mut self, id: TournamentId) -> Result<Option<TournamentPhase>, Self::Error>;
    /// The player's entry: `None` if never entered, else when they
    /// withdrew (`Some(None)`: entered and still in).
    fn entry(
        &mut self,
        id: TournamentId,
        player: &UserId,
    ) -> Result<Option<Option<i64>>, Self::Error>;
    /// How many entrants have not withdrawn.
    fn active_entrants(&mut self, id: TournamentId) -> Result<i64, Self::Error>;
    /// Enters the player (a new entry, or `again` after withdrawing: at the
    /// end of the seed order, as a new entry would be), and bumps the
    /// tournament's version so a start that read the entrants reads again.
    fn enter(
        &mut self,
        id: TournamentId,
        player: &UserId,
        at: i64,
        again: bool,
    ) -> Result<(), Self::Error>;
}

/// [`crate::store::Tournaments::join_tournament`]: a player joins a
/// tournament in sign-up unless they are in already or `max` entrants are.
pub(crate) fn join_tournament<S: JoinSteps>(
    s: &mut S,
    id: TournamentId,
    player: &UserId,
    at: i64,
    max: u32,
) -> Result<JoinOutcome, S::Error> {
    if s.phase(id)? != Some(TournamentPhase::Signup) {
        return Ok(JoinOutcome::Closed);
    }
    // A player who left during sign-up may join again.
    let again = match s.entry(id, player)? {
        Some(None) => return Ok(JoinOutcome::Already),
        Some(Some(_)) => true,
        None => false,
    };
    let n = s.active_entrants(id)?;
    if n >= i64::from(max) {
        return Ok(JoinOutcome::Full);
    }
    s.enter(id, player, at, again)?;
    Ok(JoinOutcome::Joined(
        u32::try_from(n + 1).unwrap_or(u32::MAX),
    ))
}

// -------------------------------------------------------------- ratings --

/// The statements of [`rate_game`] (`store/sql`), inside one transaction.
pub(crate) trait RatingSteps {
    type Error;
    /// Before anything is read: a dialect that locks rows makes sure the
    /// players' rows exist and locks them (in one order), so two games of
    /// one player are rated one after the other.
    fn lock(&mut self, server: &ServerId, players: [&UserId; 2]) -> Result<(), Self::Error>;
    /// Whether the game's ratings were written already.
    fn rated(&mut self, game: GameId) -> Result<bool, Self::Error>;
    /// A player's rating row, if they have one.
    fn rating(
        &mut self,
        server: &ServerId,
        variant: &str,
        player: &UserId,
    ) -> Result<Option<Rating>, Self::Error>;
    /// Writes a player's new rating row and the game's line in their
    /// history (`before` -> the new rating, at `at`).
    fn write(&mut self, r: &Rating, game: GameId, before: f64, at: i64) -> Result<(), Self::Error>;
}

/// [`crate::store::Ratings::rate_game`]: once per game, both players'
/// ratings read, their new rows computed by `f` and written with the game's
/// history.
pub(crate) fn rate_game<S: RatingSteps>(
    s: &mut S,
    game: GameId,
    server: &ServerId,
    variant: &str,
    players: [&UserId; 2],
    at: i64,
    f: &dyn Fn([Option<Rating>; 2]) -> [Rating; 2],
) -> Result<bool, S::Error> {
    s.lock(server, players)?;
    if s.rated(game)? {
        return Ok(false);
    }
    let before = [
        s.rating(server, variant, players[0])?,
        s.rating(server, variant, players[1])?,
    ];
    let old = [
        before[0].as_ref().map_or(FIRST_RATING, |r| r.rating),
        before[1].as_ref().map_or(FIRST_RATING, |r| r.rating),
    ];
    let new = f(before);
    for (r, old) in new.iter().zip(old) {
        s.write(r, game, old, at)?;
    }
    Ok(true)
}

// ------------------------------------------------------ unreadable rows --

/// The rows a store has already reported in the log as unreadable: each is
/// logged once per process, however often a loop meets it.
#[derive(Debug, Default)]
pub struct Reported(Mutex<HashSet<(Table, String)>>);

impl Reported {
    /// The error for row `id` of `table` (what is wrong: `detail`), logged
    /// the first time; `target` names the database as `tawlbot doctor
    /// --db` takes it (`PATH`, `URL`).
    pub(crate) fn unreadable(
        &self,
        table: Table,
        id: String,
        detail: String,
        target: &str,
    ) -> StoreError {
        let first = self
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert((table, id.clone()));
        if first {
            tracing::warn!(
                table = table.as_str(),
                id = id.as_str(),
                "a row that cannot be read is skipped ({detail}); \
                 `tawlbot doctor --db {target}` lists such rows"
            );
        }
        StoreError::Unreadable { table, id, detail }
    }
}

// --------------------------------------------------------------- doctor --

/// The tables whose rows the doctor reads with the program's readers, in
/// the order it lists and moves them.
pub(crate) const DOCTOR_TABLES: &[Table] = &[
    Table::Games,
    Table::Challenges,
    Table::Tournaments,
    Table::TournamentMatches,
];

/// [`crate::store::Doctor::quarantine_rows`]: each of `rows` moved by
/// `move_one` (`false`: it was gone meanwhile, moved already for another
/// of its problems, or cannot be moved). Returns the rows moved, each once.
pub(crate) fn quarantine_all<C: ?Sized, Er>(
    c: &mut C,
    rows: &[UnreadableRow],
    at: i64,
    mut move_one: impl FnMut(&mut C, &UnreadableRow, i64) -> Result<bool, Er>,
) -> Result<Vec<UnreadableRow>, Er> {
    let mut moved: Vec<UnreadableRow> = Vec::new();
    for bad in rows {
        if moved.iter().any(|m| m.table == bad.table && m.id == bad.id) {
            continue;
        }
        if move_one(c, bad, at)? {
            moved.push(bad.clone());
        }
    }
    Ok(moved)
}

/// The first number missing from `numbers` (sorted, distinct) for them
/// to run 0..n; `None` when none is.
pub(crate) fn first_missing(numbers: &[i64]) -> Option<i64> {
    numbers
        .iter()
        .zip(0..)
        .find(|(n, i)| **n != *i)
        .map(|(_, i)| i)
}

/// What is wrong with a rating read as numbers: a rating, deviation or
/// volatility that is not a finite number, or a deviation not above 0.
pub(crate) fn rating_problem(rating: f64, rd: f64, vol: f64) -> Option<String> {
    if !rating.is_finite() {
        return Some(format!("rating: {rating} is not a rating"));
    }
    if !(rd.is_finite() && rd > 0.0) {
        return Some(format!("rd: {rd} is not a rating deviation"));
    }
    if !(vol.is_finite() && vol > 0.0) {
        return Some(format!("vol: {vol} is not a volatility"));
    }
    None
}

/// Whose a row of a table is, for the doctor: the row it is named by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Owner {
    /// The table of the owning row.
    pub table: Table,
    /// The column of the row that holds the owner's id.
    pub key: &'static str,
    /// For a row that is part of its owner (a move of a game): the column
    /// that tells it from the owner's other such rows, and the word that
    /// names it (`move 2`).
    pub detail: Option<(&'static str, &'static str)>,
}

/// The owner of the rows of `table` ([`Owner`]); `None` for a table the
/// doctor does not know.
pub(crate) fn owner_of(table: &str) -> Option<Owner> {
    let own = |table, key, detail| Some(Owner { table, key, detail });
    match table {
        "games" => own(Table::Games, "id", None),
        "moves" => own(Table::Games, "game_id", Some(("number", "move"))),
        "offers" => own(Table::Games, "game_id", Some(("kind", "offer"))),
        "rating_history" => own(Table::Games, "game_id", Some(("player_id", "rating of"))),
        "conditional_lines" => own(Table::Games, "game_id", Some(("id", "conditional line"))),
        "challenges" => own(Table::Challenges, "id", None),
        "tournaments" => own(Table::Tournaments, "id", None),
        "tournament_players" => own(
            Table::Tournaments,
            "tournament_id",
            Some(("player_id", "entrant")),
        ),
        "tournament_matches" => own(Table::TournamentMatches, "id", None),
        "player_settings" => own(Table::Players, "player_id", Some(("key", "setting"))),
        "ratings" => own(Table::Players, "player_id", Some(("variant", "rating in"))),
        "channels" => own(Table::Channels, "id", None),
        _ => None,
    }
}

/// The content of a quarantine record, as JSON text: the row (`row`, the
/// JSON array of one object the database gave), the rows taken with it
/// (`taken`: table and JSON array) and the links to it that were cleared
/// (`unlinked`: `table.column` and the ids of the rows that pointed at it).
pub(crate) fn quarantine_content(
    row: &str,
    taken: &[(String, String)],
    unlinked: &[(String, Vec<i64>)],
) -> String {
    let row = row
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .unwrap_or(row);
    // The row itself may be missing (moves whose game is gone).
    let row = if row.trim().is_empty() { "null" } else { row };
    let unlinked = unlinked
        .iter()
        .map(|(k, v)| format!("{}: {}", serde_json::json!(k), serde_json::json!(v)))
        .collect::<Vec<_>>()
        .join(", ");
    let unlinked = format!("{{{unlinked}}}");
    let parts = std::iter::once(("row", row))
        .chain(taken.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .chain(std::iter::once(("unlinked", unlinked.as_str())));
    format!(
        "{{{}}}",
        parts
            .map(|(k, v)| format!("{}: {v}", serde_json::json!(k)))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_is_checked_for_the_game_being_on_and_the_count() {
        assert_eq!(check_turn(true, 4, Some(4)), Ok(4));
        assert_eq!(check_turn(true, 4, None), Ok(4));
        assert_eq!(
            check_turn(true, 5, Some(4)),
            Err(AppendError::Stale { now: 5 })
        );
        assert_eq!(check_turn(false, 4, Some(4)), Err(AppendError::GameOver));
    }

    #[test]
    fn downtime_counts_only_past_the_threshold_and_when_asked() {
        assert_eq!(downtime(None, 1000, 300, true), None);
        assert_eq!(downtime(Some(800), 1000, 300, true), None);
        assert_eq!(downtime(Some(700), 1000, 300, true), None);
        assert_eq!(downtime(Some(600), 1000, 300, true), Some(400));
        assert_eq!(downtime(Some(600), 1000, 300, false), None);
    }

    #[test]
    fn a_reminder_goes_once_per_gap_and_never_past_the_deadline() {
        assert_eq!(
            reminder_claim(None, None, Some(900), 500, 100),
            ReminderClaim::NotDue
        );
        assert_eq!(
            reminder_claim(Some(501), None, Some(900), 500, 100),
            ReminderClaim::NotDue
        );
        assert_eq!(
            reminder_claim(Some(500), None, Some(900), 500, 100),
            ReminderClaim::Send
        );
        assert_eq!(
            reminder_claim(Some(500), Some(399), Some(900), 500, 100),
            ReminderClaim::Send
        );
        assert_eq!(
            reminder_claim(Some(500), Some(450), Some(900), 500, 100),
            ReminderClaim::Deferred(Some(550))
        );
        assert_eq!(
            reminder_claim(Some(500), Some(450), Some(550), 500, 100),
            ReminderClaim::Deferred(None)
        );
        assert_eq!(
            reminder_claim(Some(500), Some(450), None, 500, 100),
            ReminderClaim::Deferred(None)
        );
    }

    #[test]
    fn a_digest_waits_a_gap_after_the_last_one() {
        assert!(digest_due(None, 1000, 100));
        assert!(digest_due(Some("not a time"), 1000, 100));
        assert!(digest_due(Some("900"), 1000, 100));
        assert!(!digest_due(Some("901"), 1000, 100));
    }

    #[test]
    fn a_lost_claim_is_held_or_done() {
        assert_eq!(
            lost_claim("p".into(), 70, None),
            Claim::Held {
                owner: "p".into(),
                until: 70
            }
        );
        assert_eq!(lost_claim("p".into(), 70, Some(60)), Claim::Done);
    }

    #[test]
    fn the_doctor_finds_gaps_and_bad_ratings_and_owns_rows() {
        assert_eq!(first_missing(&[]), None);
        assert_eq!(first_missing(&[0, 1, 2]), None);
        assert_eq!(first_missing(&[0, 1, 3]), Some(2));
        assert_eq!(first_missing(&[1, 2]), Some(0));
        assert_eq!(rating_problem(1500.0, 350.0, 0.06), None);
        assert!(rating_problem(f64::NAN, 350.0, 0.06).is_some());
        assert!(rating_problem(1500.0, 0.0, 0.06).is_some());
        assert!(rating_problem(1500.0, 350.0, f64::INFINITY).is_some());
        assert_eq!(owner_of("moves").map(|o| o.table), Some(Table::Games));
        assert_eq!(owner_of("ratings").map(|o| o.key), Some("player_id"));
        assert_eq!(owner_of("leases"), None);
        let row = |table, id: &str| UnreadableRow {
            table,
            id: id.into(),
            problem: String::new(),
        };
        let mut rows = vec![
            row(Table::Players, "bob"),
            row(Table::Games, "10"),
            row(Table::Games, "9"),
            row(Table::Challenges, "1"),
        ];
        UnreadableRow::sort_all(&mut rows);
        let ids: Vec<&str> = rows.iter().map(|r| r.id.as_str()).collect();
        assert_eq!(ids, ["9", "10", "1", "bob"]);
    }

    #[test]
    fn a_quarantine_record_holds_the_row_what_went_with_it_and_the_cleared_links() {
        let c = quarantine_content(
            r#"[{"id":3,"state":"odd"}]"#,
            &[("moves".into(), r#"[{"n":0}]"#.into())],
            &[("challenges.game_id".into(), vec![5, 6])],
        );
        assert_eq!(
            c,
            r#"{"row": {"id":3,"state":"odd"}, "moves": [{"n":0}], "unlinked": {"challenges.game_id": [5,6]}}"#
        );
        let v: serde_json::Value = serde_json::from_str(&c).unwrap();
        assert_eq!(v["unlinked"]["challenges.game_id"][1], 6);
        let gone = quarantine_content("[]", &[("moves".into(), "[]".into())], &[]);
        let v: serde_json::Value = serde_json::from_str(&gone).unwrap();
        assert!(v["row"].is_null());
    }

    /// A tournament in memory, for the join rule.
    struct Fake {
        phase: Option<TournamentPhase>,
        entries: Vec<(UserId, Option<i64>)>,
        bumped: u32,
    }

    impl JoinSteps for Fake {
        type Error = ();
        fn phase(&mut self, _: TournamentId) -> Result<Option<TournamentPhase>, ()> {
            Ok(self.phase)
        }
        fn entry(&mut self, _: TournamentId, p: &UserId) -> Result<Option<Option<i64>>, ()> {
            Ok(self.entries.iter().find(|e| e.0 == *p).map(|e| e.1))
        }
        fn active_entrants(&mut self, _: TournamentId) -> Result<i64, ()> {
            Ok(self.entries.iter().filter(|e| e.1.is_none()).count() as i64)
        }
        fn enter(&mut self, _: TournamentId, p: &UserId, _: i64, again: bool) -> Result<(), ()> {
            if again {
                self.entries.retain(|e| e.0 != *p);
            }
            self.entries.push((p.clone(), None));
            self.bumped += 1;
            Ok(())
        }
    }

    #[test]
    fn joining_is_refused_when_closed_in_or_full_and_a_leaver_may_come_back() {
        let t = TournamentId(1);
        let mut f = Fake {
            phase: Some(TournamentPhase::Signup),
            entries: vec![("a".into(), None), ("b".into(), Some(5))],
            bumped: 0,
        };
        assert_eq!(
            join_tournament(&mut f, t, &"a".into(), 9, 3),
            Ok(JoinOutcome::Already)
        );
        assert_eq!(
            join_tournament(&mut f, t, &"b".into(), 9, 3),
            Ok(JoinOutcome::Joined(2))
        );
        assert_eq!(
            join_tournament(&mut f, t, &"c".into(), 9, 3),
            Ok(JoinOutcome::Joined(3))
        );
        assert_eq!(
            join_tournament(&mut f, t, &"d".into(), 9, 3),
            Ok(JoinOutcome::Full)
        );
        assert_eq!(f.bumped, 2);
        f.phase = Some(TournamentPhase::Running);
        assert_eq!(
            join_tournament(&mut f, t, &"e".into(), 9, 9),
            Ok(JoinOutcome::Closed)
        );
        f.phase = None;
        assert_eq!(
            join_tournament(&mut f, t, &"e".into(), 9, 9),
            Ok(JoinOutcome::Closed)
        );
    }
}
