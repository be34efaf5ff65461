use std::time::Duration;

use super::*;
use crate::notation::otn::{self, rules_string};
use crate::rules::{Ruleset, Side};

fn rules_line(id: &str) -> String {
    let r = Ruleset::from_spec(id, &[]).unwrap();
    format!("rules {}", rules_string(&r, Side::First, None))
}

fn sends(actions: &[Action]) -> Vec<String> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Send(l) => Some(l.to_string()),
            _ => None,
        })
        .collect()
}

fn thinks(actions: Vec<Action>) -> Vec<Think> {
    actions
        .into_iter()
        .filter_map(|a| match a {
            Action::Think(t) => Some(*t),
            _ => None,
        })
        .collect()
}

#[test]
fn host_lines_parse() {
    assert_eq!(parse("hello"), Ok(HostMessage::Hello));
    assert_eq!(parse("goodbye\r"), Ok(HostMessage::Goodbye));
    assert_eq!(parse("play attackers"), Ok(HostMessage::Play(Side::First)));
    assert_eq!(parse("side Defenders"), Ok(HostMessage::Side(Side::Second)));
    assert_eq!(parse("error 2"), Ok(HostMessage::Error(2)));
    assert_eq!(parse("finish 3"), Ok(HostMessage::Finish(3)));
    assert_eq!(
        parse("analyze 3 10"),
        Ok(HostMessage::Analyze {
            lines: 3,
            seconds: 10
        })
    );
    assert_eq!(
        parse("opponent-move e1-e3|e3-e4 /11/11/"),
        Ok(HostMessage::OpponentMove {
            moves: vec!["e1-e3".into(), "e3-e4".into()],
            position: Some("/11/11/".into()),
        })
    );
    assert_eq!(
        parse("rules dim:9 esc:c start:/9/"),
        Ok(HostMessage::Rules("dim:9 esc:c start:/9/".into()))
    );
    assert_eq!(parse("move /9/"), Ok(HostMessage::Move("/9/".into())));
    assert_eq!(parse("   "), Err(ParseError::Empty));
    assert!(matches!(parse("dump 3"), Err(ParseError::Unknown(w)) if w == "dump"));
    for bad in [
        "play",
        "play kings",
        "error x",
        "analyze 3",
        "rules",
        "opponent-move",
        "clock 12",
        "clock a b 0 0 0",
    ] {
        assert!(
            matches!(parse(bad), Err(ParseError::Malformed { .. })),
            "{bad}"
        );
    }
}

#[test]
fn engine_lines_print() {
    assert_eq!(EngineLine::Hello.to_string(), "hello");
    assert_eq!(EngineLine::Move("e2-c2".into()).to_string(), "move e2-c2");
    let a = EngineLine::Analysis(vec![
        AnalysisLine {
            moves: vec!["e2-c2".into(), "f4-d4".into()],
            evaluation: "0.35".into(),
        },
        AnalysisLine {
            moves: vec!["a4-a1".into()],
            evaluation: "-999".into(),
        },
    ]);
    assert_eq!(a.to_string(), "analysis 2 e2-c2|f4-d4 0.35 a4-a1 -999");
    let e = EngineLine::Error {
        critical: true,
        message: "Tawlbwrdd’s\nrules".into(),
    };
    assert_eq!(e.to_string(), "error -1 Tawlbwrdd?s rules");
    assert_eq!(evaluation(crate::engine::Score::WinIn(2)), "998");
    assert_eq!(evaluation(crate::engine::Score::LossIn(1)), "-999");
    assert_eq!(evaluation(crate::engine::Score::Points(-35)), "-0.35");
}

#[test]
fn clock_budgets() {
    let c = Clock::parse("60000 45000* 10 0 2").unwrap();
    assert_eq!(c.ms, [60000, 45000]);
    assert_eq!(c.overtime, [false, true]);
    assert_eq!((c.period_s, c.periods), (10, [0, 2]));
    // Attackers: no periods left: a thirtieth of a minute.
    let b = c.budget(Side::First).unwrap();
    assert_eq!(b.soft, Duration::from_millis(2000));
    assert_eq!(b.hard, Duration::from_millis(57000));
    // Defenders in overtime: the current period, less the margin (a tenth,
    // at most 3 s).
    let b = c.budget(Side::Second).unwrap();
    assert_eq!(b.hard, Duration::from_millis(45000 - 3000));
    assert_eq!(b.soft, b.hard);
    // Main time and a period to come: a thirtieth plus the period.
    let c = Clock::parse("30000 30000 5 3 3").unwrap();
    let b = c.budget(Side::First).unwrap();
    assert_eq!(b.soft, Duration::from_millis(1000 + 5000));
    assert_eq!(b.hard, Duration::from_millis(35000 - 3000));
    // Running low: never past what is left.
    let c = Clock::parse("300 120 0 0 0").unwrap();
    let b = c.budget(Side::First).unwrap();
    assert_eq!(b.soft, Duration::from_millis(10));
    assert_eq!(b.hard, Duration::from_millis(150));
    let b = c.budget(Side::Second).unwrap();
    assert_eq!((b.soft, b.hard), (Duration::ZERO, Duration::ZERO));
    let c = Clock::parse("0 30 0 0 0").unwrap();
    assert_eq!(c.budget(Side::First).unwrap().hard, Duration::ZERO);
    assert_eq!(c.budget(Side::Second).unwrap().hard, Duration::ZERO);
    // No clock.
    assert_eq!(
        Clock::parse("-1 -1 0 0 0").unwrap().budget(Side::First),
        None
    );
}

#[test]
fn rules_are_taken_or_refused() {
    for id in ["tawlbwrdd", "tallfwrdd", "goedhboell"] {
        let mut s = Session::new(Strength::Nodes(100));
        let out = s.handle(&rules_line(id));
        assert!(sends(&out).is_empty(), "{id}: {:?}", sends(&out));
        assert_eq!(s.game().unwrap().rules().variant, id);
    }
    let mut s = Session::new(Strength::Nodes(100));
    let out = sends(&s.handle(&rules_line("tawlbwrdd-walker")));
    assert_eq!(out.len(), 1);
    assert!(out[0].starts_with("error -1 "), "{}", out[0]);
    assert!(out[0].contains("line"), "{}", out[0]);
    assert!(s.game().is_none());
    for bad in [
        "rules dim:13 start:/13/",
        "rules esc:c",
        "rules dim:11 esc:c",
    ] {
        let out = sends(&s.handle(bad));
        assert!(
            out.len() == 1 && out[0].starts_with("error -1 "),
            "{bad}: {out:?}"
        );
    }
    // No game: a play is refused.
    let out = sends(&s.handle("play attackers"));
    assert!(out[0].starts_with("error -1 "), "{out:?}");
}

#[test]
fn a_play_waits_for_its_clock() {
    let mut s = Session::new(Strength::Nodes(200));
    s.handle(&rules_line("tallfwrdd"));
    // The protocol's order: play, then clock.
    assert!(s.handle("play attackers").is_empty());
    assert_eq!(s.waiting_for_clock(), Some(CLOCK_GRACE));
    let t = thinks(s.handle("clock 60000 60000 0 0 0"));
    assert_eq!(t.len(), 1);
    assert_eq!(t[0].deadline, Some(Duration::from_millis(57000)));
    assert_eq!(t[0].limits.time, Some(Duration::from_millis(2000)));
    assert_eq!(t[0].limits.nodes, Some(200));
    assert_eq!(s.waiting_for_clock(), None);
    // OpenTafl's order: clock, then play.
    let mut s = Session::new(Strength::Level(3));
    s.handle(&rules_line("tallfwrdd"));
    assert!(s.handle("clock 3000 3000 0 0 0").is_empty());
    let t = thinks(s.handle("play attackers"));
    assert_eq!(t[0].deadline, Some(Duration::from_millis(2700)));
    assert_eq!(t[0].limits.time, Some(Duration::from_millis(100)));
    // No clock at all: think untimed after the grace.
    let mut s = Session::new(Strength::Clock);
    s.handle(&rules_line("tallfwrdd"));
    assert!(s.handle("play attackers").is_empty());
    let t = thinks(s.no_clock());
    assert_eq!(t[0].deadline, None);
    assert_eq!(t[0].limits, crate::engine::Limits::level(5));
}

/// Plays the session's move through `think` at a tiny budget and returns it.
fn move_of(s: &mut Session, actions: Vec<Action>) -> String {
    let t = thinks(actions).pop().expect("a search");
    let r = think(&t);
    let out = sends(&s.thought(&t, &r));
    let mv = out[0]
        .strip_prefix("move ")
        .expect("a move line")
        .to_string();
    assert!(out[1].starts_with("status "), "{out:?}");
    mv
}

#[test]
fn a_refused_move_is_not_played_again() {
    let mut s = Session::new(Strength::Nodes(300));
    s.handle(&rules_line("tallfwrdd"));
    s.handle("clock -1 -1 0 0 0");
    let play = s.handle("play attackers");
    let first = move_of(&mut s, play);
    let before = otn::write_position(s.game().unwrap().board());
    assert!(s
        .handle("error 2")
        .iter()
        .all(|a| matches!(a, Action::Log(_))));
    // The host repeats the previous move (none here: the engine opens) and
    // the position; a made-up opponent move cannot be followed, the
    // position can.
    s.handle(&format!("opponent-move a1-a1 {before}"));
    assert!(s.handle("play attackers").is_empty(), "waits for a clock");
    let t = thinks(s.no_clock()).pop().unwrap();
    assert!(t.moves.iter().all(|&m| simple_move(m) != first));
    assert_eq!(t.moves.len(), s.game().unwrap().legal_moves().len() - 1);
}

#[test]
fn the_host_position_wins() {
    let mut s = Session::new(Strength::Nodes(300));
    s.handle(&rules_line("tallfwrdd"));
    s.handle("clock -1 -1 0 0 0");
    let play = s.handle("play attackers");
    let mv = move_of(&mut s, play);
    // The host confirms with a position in which an attacker also vanished
    // from a1... (a1 is a corner: take one from the start instead).
    let mut g = s.game().unwrap().clone();
    crate::notation::play_text(&mut g, &mv).unwrap();
    let mut board = g.board().clone();
    let (sq, _) = board.pieces().find(|(_, p)| p.side == Side::First).unwrap();
    board.set(sq, None);
    let pos = otn::write_position(&board);
    s.handle(&format!("move {pos}"));
    assert_eq!(*s.game().unwrap().board(), board);
    assert_eq!(s.game().unwrap().turn(), Side::Second);
    // The opponent's move is applied to it.
    let reply = g.legal_moves()[0];
    let mut after = s.game().unwrap().clone();
    after.play(reply).unwrap();
    let line = format!(
        "opponent-move {} {}",
        simple_move(reply),
        otn::write_position(after.board())
    );
    assert!(s.handle(&line).is_empty());
    assert_eq!(s.game().unwrap().record().len(), 1, "kept its history");
}

#[test]
fn analysis_lines() {
    let mut s = Session::new(Strength::Nodes(300));
    s.handle(&rules_line("tawlbwrdd"));
    let start = otn::write_position(&Ruleset::from_spec("tawlbwrdd", &[]).unwrap().start);
    s.handle(&format!("position {start}"));
    s.handle("side defenders");
    let t = thinks(s.handle("analyze 3 2")).pop().unwrap();
    assert_eq!(t.game.turn(), Side::Second);
    assert_eq!(t.deadline, Some(Duration::from_millis(1800)));
    let r = think(&t);
    let out = sends(&s.thought(&t, &r));
    let words: Vec<&str> = out[0].split(' ').collect();
    assert_eq!(words[0], "analysis");
    assert_eq!(words[1], "3");
    assert_eq!(words.len(), 2 + 2 * 3, "{}", out[0]);
    let firsts: Vec<&str> = (0..3)
        .map(|i| words[2 + 2 * i].split('|').next().unwrap())
        .collect();
    assert_ne!(firsts[0], firsts[1]);
    assert_ne!(firsts[1], firsts[2]);
    for i in 0..3 {
        words[3 + 2 * i].parse::<f64>().expect("a number");
    }
}

#[test]
fn an_opponent_move_that_does_not_lead_to_the_position() {
    let mut s = Session::new(Strength::Nodes(300));
    s.handle(&rules_line("tallfwrdd"));
    s.handle("side defenders");
    // The host played one move and names another: the position wins, with
    // the defenders (the engine) to move.
    let mut host = s.game().unwrap().clone();
    let legal = host.legal_moves();
    host.play(legal[0]).unwrap();
    let line = format!(
        "opponent-move {} {}",
        simple_move(legal[1]),
        otn::write_position(host.board())
    );
    let out = s.handle(&line);
    assert!(sends(&out).is_empty(), "{:?}", sends(&out));
    assert_eq!(s.game().unwrap().board(), host.board());
    assert_eq!(s.game().unwrap().turn(), Side::Second);
    // Nothing it can read: an error 0, and the game stays.
    let out = sends(&s.handle("opponent-move e1-e2 /9/9/"));
    assert!(out[0].starts_with("error 0 "), "{out:?}");
    assert_eq!(s.game().unwrap().board(), host.board());
}

#[test]
fn a_margin_survives_a_slow_turn() {
    // 1.5 s overtime periods: 150 ms are kept back (a tenth, at least
    // 150 ms), against 75 ms before.
    let c = Clock::parse("0* 0* 1 3 3").unwrap();
    assert_eq!(c.budget(Side::First).unwrap().hard, Duration::ZERO);
    let c = Clock::parse("1500* 1500* 1 3 3").unwrap();
    assert_eq!(
        c.budget(Side::First).unwrap().hard,
        Duration::from_millis(1350)
    );
    let c = Clock::parse("10000 10000 0 0 0").unwrap();
    assert_eq!(
        c.budget(Side::Second).unwrap().hard,
        Duration::from_millis(9000)
    );
}

#[test]
fn an_absurd_clock_or_analysis_is_capped() {
    let c = Clock::parse("9223372036854775807 9223372036854775807 0 0 0").unwrap();
    for side in [Side::First, Side::Second] {
        let b = c.budget(side).unwrap();
        assert!(b.hard <= MAX_THINK && b.soft <= b.hard, "{b:?}");
    }
    let c = Clock::parse("9223372036854775807* 5 9223372036854775807 9 9").unwrap();
    assert!(c.budget(Side::First).unwrap().hard <= MAX_THINK);
    assert!(c.budget(Side::Second).unwrap().hard <= MAX_THINK);
    // Through the session: the search it asks for is capped.
    let mut s = Session::new(Strength::Clock);
    s.handle(&rules_line("tallfwrdd"));
    s.handle("clock 9223372036854775807 9223372036854775807 0 0 0");
    let t = thinks(s.handle("play attackers")).pop().unwrap();
    assert!(t.deadline.unwrap() <= MAX_THINK);
    assert!(t.limits.time.unwrap() <= MAX_THINK);
    let t = thinks(s.handle("analyze 1 4294967295")).pop().unwrap();
    assert!(t.deadline.unwrap() <= MAX_THINK, "{:?}", t.deadline);
    assert!(t.limits.time.unwrap() <= MAX_THINK);
}

#[test]
fn a_search_stops_when_aborted() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let mut s = Session::new(Strength::Clock);
    s.handle(&rules_line("tawlbwrdd"));
    s.handle("clock 9223372036854775807 9223372036854775807 0 0 0");
    let t = thinks(s.handle("play attackers")).pop().unwrap();
    let abort = AtomicBool::new(false);
    let t0 = std::time::Instant::now();
    let r = std::thread::scope(|sc| {
        sc.spawn(|| {
            std::thread::sleep(Duration::from_millis(200));
            abort.store(true, Ordering::Relaxed);
        });
        think_until(&t, &abort)
    });
    // A liveness bound, not a speed claim: without the abort this search
    // runs for ten minutes.
    assert!(t0.elapsed() < Duration::from_secs(5), "{:?}", t0.elapsed());
    assert_eq!(r.len(), 1, "what it had by then");
    assert!(t.moves.contains(&r[0].mv));
}

#[test]
fn lines_are_bounded_and_checked() {
    use std::io::Cursor;
    let mut bytes = b"hello\r\n".to_vec();
    bytes.extend_from_slice(&[b'x'; 100]);
    // Then half a character (not UTF-8), and a last line with no break.
    bytes.extend_from_slice(b"\n\xc3\xa9t\xc3\nplay attackers");
    let mut r = LineReader::with_limit(Cursor::new(bytes), 16);
    assert_eq!(r.next(), Some(Input::Line("hello".into())));
    assert_eq!(r.next(), Some(Input::TooLong { bytes: 100 }));
    assert_eq!(r.next(), Some(Input::NotText));
    assert_eq!(r.next(), Some(Input::Line("play attackers".into())));
    assert_eq!(r.next(), None);
    // A line exactly at the bound is kept, also with \r\n.
    let mut r = LineReader::with_limit(
        Cursor::new(b"0123456789abcdef\r\n0123456789abcdefg\n".to_vec()),
        16,
    );
    assert_eq!(r.next(), Some(Input::Line("0123456789abcdef".into())));
    assert_eq!(r.next(), Some(Input::TooLong { bytes: 17 }));
    // 200 MB without a line break: read through with only the bound held.
    struct Endless(u64);
    impl std::io::Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = (buf.len() as u64).min(self.0) as usize;
            buf[..n].fill(b'a');
            self.0 -= n as u64;
            Ok(n)
        }
    }
    let big = 200 << 20;
    let mut r = LineReader::new(std::io::BufReader::new(Endless(big)));
    assert_eq!(r.next(), Some(Input::TooLong { bytes: big }));
    assert_eq!(r.held(), MAX_LINE + 1);
    assert_eq!(r.next(), None);
}

#[test]
fn unreadable_lines_are_answered() {
    let mut s = Session::new(Strength::Nodes(100));
    let out = sends(&s.input(Input::TooLong { bytes: 200 << 20 }));
    assert_eq!(out.len(), 1);
    assert!(
        out[0].starts_with("error 0 ") && out[0].contains("209715200 bytes"),
        "{out:?}"
    );
    let out = sends(&s.input(Input::NotText));
    assert!(
        out[0].starts_with("error 0 ") && out[0].contains("not text"),
        "{out:?}"
    );
    // And the session goes on.
    assert!(sends(&s.input(Input::Line(rules_line("tallfwrdd")))).is_empty());
    assert!(s.game().is_some());
}

#[test]
fn board_sizes_out_of_range_are_named() {
    let mut s = Session::new(Strength::Nodes(100));
    for dim in ["1000", "-1", "0", "x", "99999999999999999999"] {
        let out = sends(&s.handle(&format!("rules dim:{dim} start:/9/")));
        assert_eq!(out.len(), 1, "{dim}");
        assert!(
            out[0].starts_with("error -1 ")
                && out[0].contains("out of range")
                && out[0].contains(&format!("dim:{dim}")),
            "{dim}: {}",
            out[0]
        );
    }
}

#[test]
fn a_refused_move_is_not_offered_again_in_the_game() {
    let mut s = Session::new(Strength::Nodes(300));
    s.handle(&rules_line("tallfwrdd"));
    s.handle("clock -1 -1 0 0 0");
    let play = s.handle("play attackers");
    let first = move_of(&mut s, play);
    let start = otn::write_position(s.game().unwrap().board());
    s.handle("error 2");
    s.handle(&format!("opponent-move a1-a1 {start}"));
    s.handle("clock -1 -1 0 0 0");
    let play = s.handle("play attackers");
    let second = move_of(&mut s, play);
    assert_ne!(first, second);
    // The host plays it; the defenders answer; the refused move, legal
    // again in the new position, is still not offered.
    let mut g = s.game().unwrap().clone();
    crate::notation::play_text(&mut g, &second).unwrap();
    s.handle(&format!("move {}", otn::write_position(g.board())));
    let reply = g
        .legal_moves()
        .into_iter()
        .find(|&m| {
            let mut h = g.clone();
            h.play(m).is_ok() && h.legal_moves().iter().any(|&n| simple_move(n) == first)
        })
        .expect("a reply that leaves the refused move legal");
    g.play(reply).unwrap();
    s.handle(&format!(
        "opponent-move {} {}",
        simple_move(reply),
        otn::write_position(g.board())
    ));
    s.handle("clock -1 -1 0 0 0");
    let t = thinks(s.handle("play attackers")).pop().unwrap();
    assert!(t.moves.iter().all(|&m| simple_move(m) != first));
    // A new game forgets it.
    s.handle("finish 0");
    s.handle("clock -1 -1 0 0 0");
    let t = thinks(s.handle("play attackers")).pop().unwrap();
    assert!(t.moves.iter().any(|&m| simple_move(m) == first));
}

#[test]
fn the_host_has_no_move_limit() {
    let mut s = Session::new(Strength::Nodes(100));
    s.handle(&rules_line("tawlbwrdd"));
    assert_eq!(s.game().unwrap().rules().move_limit, u32::MAX);
}
