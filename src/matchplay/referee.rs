//! One game of a match, refereed by tawlbot's rules: the engines are
//! asked for their moves in turn, each move is played on the referee's own
//! [`Game`] (a move the rules refuse loses the game), each side's clock is
//! charged with the time from `play` to `move`, and an engine that dies,
//! gives up or runs out of time loses.

use std::time::Duration;

use crate::domain::EndReason;
use crate::notation::otn::{self, OtnMove};
use crate::notation::{explain, play_text};
use crate::otep::simple_move;
use crate::rules::{Game, Move, Piece, Reason, Side};

use super::clock::{clock_for, Control, SideClock};
use super::engine::{self, EngineSpec, Fault, Moved, Player, Waits};

/// What a game is: its number, its opening, who plays which side.
#[derive(Clone, Debug)]
pub struct Deal {
    /// From 0.
    pub index: u32,
    /// The opening's number (a pair of games shares it).
    pub pair: u32,
    /// The game before the opening (its seed is the pair's).
    pub start: Game,
    pub opening: Vec<Move>,
    /// The engine (0 or 1) playing each side: `[first, second]`.
    pub seats: [usize; 2],
}

/// How a game ended.
#[derive(Clone, Debug)]
pub struct Report {
    pub deal: Deal,
    pub game: Game,
    /// The engine that won (`None`: a draw).
    pub winner: Option<usize>,
    /// Why, in words: the rules' reason, or the loser's fault.
    pub why: String,
    /// The loser's fault (an illegal move, a death, the clock), if that
    /// ended the game.
    pub forfeit: Option<String>,
}

/// The rules' reason for the end of a game, in words.
fn reason_words(r: Reason) -> String {
    EndReason::from(r).as_str().replace('_', " ")
}

/// OTEP's `finish` code: 1 a draw, 2 the attackers won, 3 the defenders.
fn finish_code(game: &Game) -> i32 {
    match game.outcome() {
        None => 0,
        Some(o) => match o.winner {
            None => 1,
            Some(Side::First) => 2,
            Some(Side::Second) => 3,
        },
    }
}

/// Everything a game needs that is the same for every game.
pub struct Table<'a> {
    pub engines: &'a [EngineSpec; 2],
    /// Each engine's time control.
    pub controls: [Control; 2],
    /// `--nodes` for tawlbot's engines.
    pub nodes: Option<u64>,
    pub waits: Waits,
    /// Engines' standard error shown.
    pub stderr: bool,
}

/// The engines a worker keeps from one game to the next (OpenTafl's JVM
/// stays warm): by engine, `None` until started, and after a game that
/// engine lost by a fault (it is started afresh).
pub type Kept = [Option<Box<dyn Player>>; 2];

/// Plays one game to its end, with the engines in `kept` (started when
/// missing), and keeps them there for the next.
pub fn play(table: &Table, deal: Deal, kept: &mut Kept) -> Report {
    let mut game = deal.start.clone();
    for &m in &deal.opening {
        // The opening was drawn from this same start: every move plays.
        let _ = game.play(m);
    }
    let names = |e: usize| table.engines[e].name.as_str();
    let rules_text = otn::rules_string(game.rules(), game.turn(), Some(game.board()));
    // Both engines are started; one that cannot be loses.
    let mut players: Vec<Option<Box<dyn Player>>> = Vec::new();
    let mut faults: [Option<Fault>; 2] = [None, None];
    for e in 0..2 {
        let p = match kept[e].take() {
            Some(p) => Ok(p),
            None => engine::start(&table.engines[e], table.nodes, table.waits, table.stderr),
        };
        match p.and_then(|mut p| p.new_game(&rules_text, &game).map(|_| p)) {
            Ok(p) => players.push(Some(p)),
            Err(f) => {
                faults[e] = Some(f);
                players.push(None);
            }
        }
    }
    let seat_of = |side: Side| deal.seats[side.index()];
    match (&faults[0], &faults[1]) {
        (Some(a), Some(b)) => {
            let why = format!(
                "no game: {} {}, {} {}",
                names(0),
                a.describe(),
                names(1),
                b.describe()
            );
            game.agree_draw();
            return Report {
                deal,
                game,
                winner: None,
                forfeit: Some(why.clone()),
                why,
            };
        }
        (Some(f), None) | (None, Some(f)) => {
            let e = if faults[0].is_some() { 0 } else { 1 };
            let side = if seat_of(Side::First) == e {
                Side::First
            } else {
                Side::Second
            };
            let text = format!("{} {}", names(e), f.describe());
            return end(players, kept, deal, game, side, text, false);
        }
        (None, None) => {}
    }
    let mut clocks = [
        SideClock::new(table.controls[seat_of(Side::First)]),
        SideClock::new(table.controls[seat_of(Side::Second)]),
    ];
    // The moves each engine has not yet been told of.
    let mut untold: [Vec<(String, String)>; 2] = [Vec::new(), Vec::new()];
    while !game.is_over() {
        let side = game.turn();
        let e = seat_of(side);
        let player = players[e].as_mut().expect("started");
        if !untold[e].is_empty() {
            let (simple, full): (Vec<String>, Vec<String>) = untold[e].drain(..).unzip();
            let moved = Moved {
                simple: simple.join("|"),
                full: full.join("|"),
                position: otn::write_position(game.board()),
            };
            if let Err(f) = player.opponent_moved(&moved) {
                let text = format!("{} {}", names(e), f.describe());
                return end(players, kept, deal, game, side, text, false);
            }
        }
        let allowed = clocks[side.index()].allowed();
        let wait = allowed.map_or(table.waits.untimed, |a| a + table.waits.margin);
        let clock = clock_for(&clocks, side);
        let answer = match player.think(&game, side, clock.as_ref(), wait) {
            Ok(a) => a,
            Err(f) => {
                let f = match f {
                    Fault::Time { waited, .. } => Fault::Time { waited, allowed },
                    other => other,
                };
                let timeout = matches!(f, Fault::Time { .. });
                let text = format!("{} {}", names(e), f.describe());
                return end(players, kept, deal, game, side, text, timeout);
            }
        };
        if answer.elapsed > wait {
            let f = Fault::Time {
                waited: answer.elapsed,
                allowed,
            };
            let text = format!("{} {}", names(e), f.describe());
            return end(players, kept, deal, game, side, text, true);
        }
        let before = game.board().clone();
        let played = match otn::read_move(&answer.text) {
            Ok(OtnMove::Resign) => {
                let text = format!("{} resigned", names(e));
                return end(players, kept, deal, game, side, text, false);
            }
            Ok(OtnMove::Move(t)) => {
                play_text(&mut game, &t).map_err(|err| explain(game.rules(), &err))
            }
            Err(err) => Err(err.to_string()),
        };
        let played = match played {
            Ok(p) => p,
            Err(why) => {
                let text = format!(
                    "{} played an illegal move, {:?}: {why}",
                    names(e),
                    answer.text
                );
                return end(players, kept, deal, game, side, text, false);
            }
        };
        // A move over the time allowed but within the margin costs the
        // time allowed.
        let spent = allowed.map_or(answer.elapsed, |a| answer.elapsed.min(a));
        clocks[side.index()].charge(spent);
        let captured: Vec<Piece> = played
            .captures
            .iter()
            .filter_map(|&c| before.get(c))
            .collect();
        let full = otn::write_move(&played, &captured, "");
        let position = otn::write_position(game.board());
        players[e].as_mut().expect("started").played(&position);
        untold[1 - e].push((simple_move(played.mv), full));
    }
    let code = finish_code(&game);
    for p in players.iter_mut().flatten() {
        p.finish(code);
    }
    for (e, p) in players.into_iter().enumerate() {
        kept[e] = p;
    }
    let o = game.outcome().expect("over");
    let winner = o.winner.map(seat_of);
    Report {
        why: reason_words(o.reason),
        deal,
        game,
        winner,
        forfeit: None,
    }
}

/// Ends the game with `side`'s loss for a fault outside the rules (on time
/// when `timeout`, else as a resignation), tells the engines, and reports.
fn end(
    mut players: Vec<Option<Box<dyn Player>>>,
    kept: &mut Kept,
    deal: Deal,
    mut game: Game,
    side: Side,
    text: String,
    timeout: bool,
) -> Report {
    if timeout {
        game.time_out(side);
    } else {
        game.resign(side);
    }
    let code = finish_code(&game);
    for p in players.iter_mut().flatten() {
        p.finish(code);
    }
    // The loser's engine is ended; the winner's is kept.
    let loser = deal.seats[side.index()];
    for (e, p) in players.into_iter().enumerate() {
        if e != loser {
            kept[e] = p;
        }
    }
    let winner = Some(deal.seats[side.other().index()]);
    Report {
        deal,
        game,
        winner,
        why: text.clone(),
        forfeit: Some(text),
    }
}

/// How long an engine that never answers is waited for, at most, by
/// default in an untimed game.
pub const UNTIMED_WAIT: Duration = Duration::from_secs(300);
