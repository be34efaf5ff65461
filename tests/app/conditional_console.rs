//! Conditional moves in the console, on both stores, in English
//! and in Welsh: `/conditional add line:...` by the player who waits, the
//! reply played at once in the same commit as the opponent's move, the
//! line kept shortened, the others dropped; an illegal move named and
//! nothing stored; a takeback, a pause and an ended game drop the lines;
//! 10 lines a player and game, 10 pairs a line; the opponent never sees
//! them (the archive shows an ended game's); none against the bot.

use crate::console_support::{direct, king_escapes, say, Session};
use tawlbot::i18n::Lang;
use tawlbot::store::LineState;

/// alice (attackers) against bob, a day per move; alice has played e2-c2
/// and waits for bob. With `cymraeg`, both read Welsh (so does the
/// channel: its players' language).
fn started(cymraeg: bool) -> Vec<String> {
    let mut script = Vec::new();
    if cymraeg {
        script.push(say("alice", "g", "/language choice:cymraeg"));
        script.push(say("bob", "g", "/language choice:cymraeg"));
    }
    script.extend([
        say(
            "alice",
            "g",
            "/challenge opponent:@bob variant:tawlbwrdd side:attackers time:1d",
        ),
        say("bob", "g", "/accept"),
        say("alice", "g", "e2-c2"),
    ]);
    script
}

/// The game's moves as stored.
fn moves_of(s: &Session) -> Vec<String> {
    let l = s.latest_game("g");
    l.game
        .record()
        .iter()
        .map(|p| tawlbot::notation::format_played(l.game.rules(), p))
        .collect()
}

/// What became of the game's lines: `(player, played pairs, state)`.
fn lines_of(s: &Session) -> Vec<(String, u32, LineState)> {
    let store = tawlbot::store::open(&s.db).unwrap();
    let id = s.latest_game("g").row.id;
    store
        .conditional_lines(id)
        .unwrap()
        .into_iter()
        .map(|l| (l.player_id.to_string(), l.played, l.state))
        .collect()
}

#[test]
fn a_line_is_played_shortened_and_dropped() {
    let s = Session::new();
    let mut script = started(false);
    script.extend([
        say(
            "alice",
            "g",
            "/conditional add line:g7-g9 g2-i2 f7-g7 c2-c3",
        ),
        // The opponent sees none of it.
        say("bob", "g", "/conditional list"),
    ]);
    let out = s.run(&script);
    assert!(
        out.contains(
            "g> (to alice) Line 1 stored (at most 10): g7-g9 g2-i2, f7-g7 c2-c3. \
             It is played for you when @bob plays g7-g9; your opponent never sees it."
        ),
        "{out}"
    );
    assert!(
        out.contains("g> (to bob) You have no conditional moves in this game."),
        "{out}"
    );
    assert!(!out.contains("g> f7-g7"), "{out}");
    // bob plays the line's first move: alice's reply follows at once,
    // with the board, and bob is to move.
    let out = s.run(&[say("bob", "g", "g7-g9")]);
    assert!(out.contains("g> @bob played **g7-g9**."), "{out}");
    assert!(
        out.contains("g> @alice played **g2-i2** (a conditional move). @bob to move (defenders)"),
        "{out}"
    );
    assert!(
        out.contains("[file: "),
        "the board follows the reply: {out}"
    );
    assert_eq!(moves_of(&s), ["e2-c2", "g7-g9", "g2-i2"]);
    // The line goes on, one pair shorter, for alice alone.
    let out = s.run(&[
        say("alice", "g", "/conditional list"),
        say("bob", "g", "/conditional list"),
    ]);
    assert!(
        out.contains("g> (to alice) Your conditional moves in game 1, played for you when your opponent plays the first move of a line:"),
        "{out}"
    );
    assert!(out.contains("1. f7-g7 c2-c3"), "{out}");
    assert!(!out.contains("g7-g9 g2-i2"), "{out}");
    assert!(
        out.contains("g> (to bob) You have no conditional moves in this game."),
        "{out}"
    );
    assert_eq!(lines_of(&s), [("alice".to_string(), 1, LineState::Waiting)]);
    // bob leaves the line: no reply, the line is dropped.
    let out = s.run(&[
        say("bob", "g", "f8-h8"),
        say("alice", "g", "/conditional list"),
    ]);
    assert!(
        out.contains("g> @bob played **f8-h8**. @alice to move"),
        "{out}"
    );
    assert!(!out.contains("conditional move)"), "{out}");
    assert!(
        out.contains("g> (to alice) You have no conditional moves in this game."),
        "{out}"
    );
    assert_eq!(moves_of(&s), ["e2-c2", "g7-g9", "g2-i2", "f8-h8"]);
    assert_eq!(lines_of(&s), [("alice".to_string(), 1, LineState::Dropped)]);
}

/// A line played to its end is done; a line that stops after a move the
/// opponent can make leaves the player to move.
#[test]
fn a_line_played_out_and_clear() {
    let s = Session::new();
    let mut script = started(false);
    script.extend([
        say("alice", "g", "/conditional add line:g7-g9 g2-i2"),
        say("alice", "g", "/conditional add line:f8-h8 c2-c3"),
        say("alice", "g", "/conditional clear"),
        say("alice", "g", "/conditional list"),
        say("alice", "g", "/conditional add line:g7-g9 g2-i2"),
        say("bob", "g", "g7-g9"),
        say("alice", "g", "/conditional list"),
    ]);
    let out = s.run(&script);
    assert!(
        out.contains("g> (to alice) Your 2 conditional lines in this game were dropped."),
        "{out}"
    );
    assert!(
        out.contains("g> @alice played **g2-i2** (a conditional move)."),
        "{out}"
    );
    assert_eq!(
        out.matches("(to alice) You have no conditional moves in this game.")
            .count(),
        2,
        "{out}"
    );
    let states: Vec<LineState> = lines_of(&s).into_iter().map(|l| l.2).collect();
    assert_eq!(
        states,
        [LineState::Dropped, LineState::Dropped, LineState::Played]
    );
}

#[test]
fn an_illegal_move_is_named_and_nothing_is_stored() {
    let s = Session::new();
    let mut script = started(false);
    script.extend([
        // The reply: no piece there.
        say("alice", "g", "/conditional add line:g7-g9 a1-a2"),
        // Their move: blocked.
        say("alice", "g", "/conditional add line:f7-f9 c2-c3"),
        // Their piece moved as alice's reply, in its turn.
        say("alice", "g", "/conditional add line:g7-g9 f8-h8"),
        say("alice", "g", "/conditional add line:g7-g9"),
        say("alice", "g", "/conditional add line:g7-g9 zz-9"),
        // Not while it is your turn; not for someone else's game.
        say("bob", "g", "/conditional add line:c2-c3 g7-g9"),
        say("carol", "g", "/conditional add line:g7-g9 g2-i2"),
        say("alice", "g", "/conditional list"),
    ]);
    let out = s.run(&script);
    for line in [
        "g> (to alice) Move 2 of the line (a1-a2) cannot be played in its turn. \
         There is no piece on a1. Nothing was stored.",
        "g> (to alice) Move 1 of the line (f7-f9) cannot be played in its turn.",
        "g> (to alice) Move 2 of the line (f8-h8) cannot be played in its turn. \
         A defender is on f8, and it is the attackers' turn",
        "g> (to alice) A line is pairs: their move, then your reply, each move written \
         without spaces (like f8-c8 e2-c2 g7-g9 k5-k6); this one has one move. Nothing was stored.",
        "g> (to alice) Move 2 of the line (zz-9) cannot be played in its turn. I can't read",
        "g> (to bob) It is your turn: play your move.",
        "g> (to carol) You are not playing in this game.",
        "g> (to alice) You have no conditional moves in this game.",
    ] {
        assert!(out.contains(line), "missing {line:?} in:\n{out}");
    }
    assert!(lines_of(&s).is_empty());
}

#[test]
fn a_takeback_a_pause_and_the_end_drop_the_lines() {
    let s = Session::new();
    let mut script = started(false);
    script.extend([
        say("bob", "g", "g7-g9"),
        say("alice", "g", "g2-i2"),
        say("alice", "g", "/conditional add line:f7-g7 c2-c3"),
        // alice takes back g2-i2: the position changed, the line goes.
        say("alice", "g", "/takeback"),
        say("bob", "g", "/takeback answer:accept"),
        say("alice", "g", "g2-i2"),
        say("bob", "g", "f7-g7"),
    ]);
    let out = s.run(&script);
    assert!(out.contains("Takeback accepted"), "{out}");
    assert!(!out.contains("(a conditional move)"), "{out}");
    assert_eq!(moves_of(&s), ["e2-c2", "g7-g9", "g2-i2", "f7-g7"], "{out}");
    // A pause drops them too.
    let out = s.run(&[
        say("alice", "g", "c2-c3"),
        say("alice", "g", "/conditional add line:f8-h8 i2-i3"),
        say("alice", "g", "/pause days:2"),
        say("bob", "g", "/pause answer:accept"),
        say("alice", "g", "/conditional list"),
        say("alice", "g", "/conditional add line:f8-h8 i2-i3"),
        say("bob", "g", "/resume"),
        say("alice", "g", "/resume answer:accept"),
        say("bob", "g", "f8-h8"),
    ]);
    assert!(out.contains("Both players agreed"), "{out}");
    assert!(
        out.contains("g> (to alice) You have no conditional moves in this game."),
        "{out}"
    );
    assert!(
        out.contains("g> (to alice) The clock of this game is paused: no conditional moves until it runs again."),
        "{out}"
    );
    assert!(!out.contains("(a conditional move)"), "{out}");
    // The game ends (bob resigns) with a line waiting: it is never played,
    // and the archive shows it once the game is over.
    let out = s.run(&[
        say("alice", "g", "i2-i3"),
        say("alice", "g", "/conditional add line:h8-h7 c3-c4"),
        say("bob", "g", "/resign"),
        say("alice", "g", "/conditional list"),
    ]);
    assert!(out.contains("resign"), "{out}");
    assert!(
        out.contains("g> (to alice) The game in this channel is over")
            || out.contains("g> (to alice) There is no game"),
        "{out}"
    );
    let states: Vec<LineState> = lines_of(&s).into_iter().map(|l| l.2).collect();
    assert_eq!(
        states,
        [LineState::Dropped, LineState::Dropped, LineState::Waiting]
    );
}

#[test]
fn ten_lines_ten_pairs_one_answer() {
    let s = Session::new();
    let mut script = started(false);
    let firsts = [
        "f8-a8", "f8-b8", "f8-c8", "f8-d8", "f8-e8", "f8-g8", "f8-i8", "f8-j8", "f8-k8", "f8-f9",
        "f8-h8",
    ];
    for f in firsts {
        script.push(say(
            "alice",
            "g",
            &format!("/conditional add line:{f} c2-c3"),
        ));
    }
    script.extend([
        // One answer to a move; a line stored already adds nothing.
        say("alice", "g", "/conditional add line:f8-a8 c2-c4"),
        say("alice", "g", "/conditional add line:f8-a8 c2-c3"),
        // Eleven pairs.
        say(
            "alice",
            "g",
            &format!("/conditional add line:{}", ["g7-g8 c2-c3"; 11].join(" ")),
        ),
    ]);
    let out = s.run(&script);
    assert!(
        out.contains("g> (to alice) Line 10 stored (at most 10): f8-f9 c2-c3."),
        "{out}"
    );
    assert!(
        out.contains(
            "g> (to alice) You have 10 lines in this game already, the most there can be: \
             /conditional clear to start again. Nothing was stored."
        ),
        "{out}"
    );
    assert!(!out.contains("Line 11 stored"), "{out}");
    assert!(
        out.contains(
            "g> (to alice) Line 1 already answers f8-a8 with c2-c3: a move has one answer. \
             Nothing was stored."
        ),
        "{out}"
    );
    assert!(
        out.contains("g> (to alice) That line is stored already (line 1). Nothing was stored."),
        "{out}"
    );
    assert!(
        out.contains("g> (to alice) A line holds at most 10 pairs of moves. Nothing was stored."),
        "{out}"
    );
    assert_eq!(lines_of(&s).len(), 10);
    // bob plays the 11th move, which no line answers: all ten are dropped.
    let out = s.run(&[say("bob", "g", "f8-h8")]);
    assert!(!out.contains("(a conditional move)"), "{out}");
    assert!(lines_of(&s).iter().all(|l| l.2 == LineState::Dropped));
}

/// A move that ends the game is answered by no line: the game is over, the
/// lines are dropped; a line that goes on after such a move is refused.
#[test]
fn the_move_that_ends_the_game_drops_the_lines() {
    let s = Session::new();
    let mut script = vec![
        say(
            "alice",
            "g",
            "/challenge opponent:@bob variant:tawlbwrdd side:attackers time:1d",
        ),
        say("bob", "g", "/accept"),
    ];
    let mut moves = king_escapes("g", "alice", "bob");
    let last = moves.pop().unwrap();
    script.extend(moves);
    script.extend([
        say("alice", "g", "/conditional add line:f9-a9 c4-c5"),
        say("alice", "g", "/conditional add line:h8-h7 c4-c5"),
        last,
    ]);
    let out = s.run(&script);
    assert!(
        out.contains(
            "g> (to alice) The game is over after f9-a9: move 2 of the line (c4-c5) cannot follow. \
             Nothing was stored."
        ),
        "{out}"
    );
    assert!(out.contains("Line 1 stored"), "{out}");
    assert!(out.contains("The king escaped to a9."), "{out}");
    assert!(!out.contains("(a conditional move)"), "{out}");
    assert_eq!(lines_of(&s), [("alice".to_string(), 0, LineState::Dropped)]);
}

/// Games against the bot take no conditional moves: the bot answers at
/// once, nobody waits for it (README, docs/rules.md).
#[test]
fn games_against_the_bot_take_none() {
    let s = Session::new();
    let out = s.run(&[
        say(
            "alice",
            "b",
            "/challenge opponent:@tawlbot variant:tawlbwrdd side:defenders level:1",
        ),
        say("alice", "b", "/conditional add line:e2-c2 g7-g9"),
    ]);
    assert!(
        out.contains(
            "b> (to alice) Conditional moves are for games between players: tawlbot answers at once, \
             so nobody waits for it."
        ),
        "{out}"
    );
}

#[test]
fn in_welsh() {
    let s = Session::new();
    let mut script = started(true);
    script.extend([
        say(
            "alice",
            "g",
            "/conditional add line:g7-g9 g2-i2 f7-g7 c2-c3",
        ),
        say("alice", "g", "/conditional add line:f8-h8 a1-a2"),
        say("bob", "g", "/conditional list"),
        say("bob", "g", "g7-g9"),
        say("alice", "g", "/conditional list"),
        say("bob", "g", "f8-h8"),
        say("alice", "g", "/conditional clear"),
    ]);
    let out = s.run(&script);
    for line in [
        "g> (to alice) Llinell 1 wedi'i chadw (hyd at 10): g7-g9 g2-i2, f7-g7 c2-c3. \
         Caiff ei chwarae drosoch chi pan fydd @bob yn chwarae g7-g9; \
         fydd eich gwrthwynebydd byth yn ei gweld.",
        "g> (to alice) All symudiad 2 y llinell (a1-a2) ddim cael ei chwarae yn ei dro. \
         Does dim darn ar a1. Does dim wedi'i gadw.",
        "g> (to bob) Does gennych chi ddim symudiadau amodol yn y gêm hon.",
        "g> Chwaraeodd @bob **g7-g9**.",
        "g> Chwaraeodd @alice **g2-i2** (symudiad amodol).",
        "g> (to alice) Eich symudiadau amodol yng ngêm 1",
        "1. f7-g7 c2-c3",
        "g> (to alice) Does gennych chi ddim symudiadau amodol yn y gêm hon.",
    ] {
        assert!(out.contains(line), "missing {line:?} in:\n{out}");
    }
    assert!(!out.contains("conditional move"), "{out}");
}

/// The web archive shows an ended game's lines, never a running one's.
#[test]
fn the_archive_shows_them_once_the_game_is_over() {
    let (_db, app) = direct::app();
    let ctx = |user: &str, n: i64| direct::ctx("s", "g", user, 1_000 + n);
    let mut admin = ctx("alice", 1);
    admin.manage_server = true;
    let r = direct::slash(&app, &admin, "settings", &[("archive", "public")]);
    assert!(!r.replies.is_empty());
    direct::slash(
        &app,
        &ctx("alice", 2),
        "challenge",
        &[
            ("opponent", "bob"),
            ("variant", "tawlbwrdd"),
            ("side", "attackers"),
        ],
    );
    direct::slash(&app, &ctx("bob", 3), "accept", &[]);
    direct::slash(&app, &ctx("alice", 4), "move", &[("move", "e2-c2")]);
    let r = direct::slash(
        &app,
        &ctx("alice", 5),
        "conditional add",
        &[("line", "g7-g9 g2-i2 f7-g7 c2-c3")],
    );
    assert!(direct::text(&r).contains("Line 1 stored"), "{r:?}");
    direct::slash(&app, &ctx("bob", 6), "move", &[("move", "g7-g9")]);
    let id = app
        .store()
        .latest_game_in_channel(&"g".into())
        .unwrap()
        .unwrap()
        .id;
    let running = app.archive_game(id, None, Lang::En).unwrap().unwrap();
    assert!(
        running.conditionals.is_empty(),
        "{:?}",
        running.conditionals
    );
    direct::slash(&app, &ctx("bob", 7), "resign", &[]);
    let ended = app.archive_game(id, None, Lang::En).unwrap().unwrap();
    assert_eq!(
        ended.conditionals,
        ["alice, after 1 move: g7-g9 g2-i2, f7-g7 c2-c3 (1 of 2 pairs played when the game ended)"]
    );
    let cy = app.archive_game(id, None, Lang::Cy).unwrap().unwrap();
    assert_eq!(
        cy.conditionals,
        ["alice, ar ôl 1 symudiad: g7-g9 g2-i2, f7-g7 c2-c3 (1 o 2 bâr wedi'u chwarae pan ddaeth y gêm i ben)"]
    );
}

on_postgres!(
    a_line_is_played_shortened_and_dropped,
    a_line_played_out_and_clear,
    an_illegal_move_is_named_and_nothing_is_stored,
    a_takeback_a_pause_and_the_end_drop_the_lines,
    ten_lines_ten_pairs_one_answer,
    games_against_the_bot_take_none,
    in_welsh,
    the_archive_shows_them_once_the_game_is_over,
    the_move_that_ends_the_game_drops_the_lines,
);
