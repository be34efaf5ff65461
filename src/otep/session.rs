//! The engine's side of an OTEP conversation as a state machine: a host
//! line in, the lines to answer (and the searches to make) out. No I/O and
//! no clock reading here; `tawlbot otep` (src/otep_cli.rs) is the loop
//! around it.

use std::time::Duration;

use super::clock::MAX_THINK;
use super::input::Input;
use super::message::{parse, AnalysisLine, EngineLine, HostMessage, ParseError};
use super::{evaluation, simple_move, Clock};
use crate::engine::{self, Limits, SearchResult};
use crate::notation::otn::{self, Unsaid};
use crate::rules::{Board, Game, Move, Ruleset, Side};

/// How long a `play` waits for its `clock` line when none came before it
/// (the protocol's text puts `clock` right after `play`, OpenTafl's host
/// sends it right before; an untimed game sends none).
pub const CLOCK_GRACE: Duration = Duration::from_millis(50);

/// The seed of the engine's noise (levels 1-4) is this and the ply.
const SEED: u64 = 0x07E9;

/// How strong the engine plays: `tawlbot otep [--level L | --nodes N]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Strength {
    /// No flag: as deep as the clock allows (level 5 in an untimed game).
    #[default]
    Clock,
    /// `--level L`: the level's budget and noise, within the clock.
    Level(u8),
    /// `--nodes N`: at most N nodes a move, within the clock.
    Nodes(u64),
}

impl Strength {
    /// The search limits for a move (or an analysis line) with `time` to
    /// spend (`None`: no clock).
    pub fn limits(self, time: Option<Duration>) -> Limits {
        let mut l = match (self, time) {
            (Strength::Clock, None) => Limits::level(5),
            // The node budget only sizes the hash table (to the time: a
            // few ms of search need no 32 MB table); the time decides.
            (Strength::Clock, Some(t)) => Limits {
                nodes: Some((t.as_millis() as u64).saturating_mul(4_000).max(50_000)),
                depth: None,
                time: None,
                noise: 0,
                min_depth: 2,
            },
            (Strength::Level(n), _) => Limits::level(n),
            (Strength::Nodes(n), _) => Limits::nodes(n),
        };
        if let Some(t) = time {
            l.time = Some(l.time.map_or(t, |own| own.min(t)));
        }
        l
    }
}

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// The move to play (`play`).
    Move,
    /// Up to this many lines (`analyze`).
    Analyze { lines: u32 },
}

/// A search the session asks its caller to make (see [`super::think`]),
/// then to hand back with [`Session::thought`].
#[derive(Clone, Debug)]
pub struct Think {
    pub job: Job,
    pub game: Game,
    /// The moves to choose among (the legal moves less any the host refused).
    pub moves: Vec<Move>,
    /// Per line.
    pub limits: Limits,
    /// Stop whatever the search is doing after this long (from the clock,
    /// or the analysis's seconds).
    pub deadline: Option<Duration>,
    pub seed: u64,
}

/// What the caller does for the session.
#[derive(Clone, Debug)]
pub enum Action {
    /// Write this line to the host.
    Send(EngineLine),
    /// Write this to the log (standard error).
    Log(String),
    /// Search, then call [`Session::thought`].
    Think(Box<Think>),
    /// The host said goodbye.
    Quit,
}

/// The rules the host gave, and where their games start.
#[derive(Clone, Debug)]
struct Setup {
    rules: Ruleset,
    start: Board,
    first: Side,
}

/// The engine's state between host lines.
#[derive(Debug)]
pub struct Session {
    strength: Strength,
    setup: Option<Setup>,
    game: Option<Game>,
    /// The side the last `side` line named: the side to move in analysis.
    side_hint: Option<Side>,
    clock: Option<Clock>,
    /// A `clock` came since the last move of the other side.
    clock_fresh: bool,
    /// A `play` waiting for its clock.
    waiting: Option<Side>,
    /// Our move, sent and not yet confirmed.
    pending: Option<Move>,
    /// Moves the host refused (`error 2`) in this game: never offered
    /// again until the next `rules` or `finish`.
    refused: Vec<Move>,
}

fn critical(message: impl Into<String>) -> Action {
    Action::Send(EngineLine::Error {
        critical: true,
        message: message.into(),
    })
}

fn warn(message: impl Into<String>) -> Action {
    Action::Send(EngineLine::Error {
        critical: false,
        message: message.into(),
    })
}

/// The board sizes a rules string may give (`dim:`): OTN's boards, from
/// 5x5 to 19x19.
const DIMS: std::ops::RangeInclusive<i64> = 5..=19;

/// The sentence for a rules string whose `dim:` is no board size at all
/// (`dim:1000`, `dim:-1`, `dim:x`); `None` when it is one (or missing: the
/// rules reader names that).
fn board_size_out_of_range(text: &str) -> Option<String> {
    let dim = text
        .split_whitespace()
        .find_map(|w| w.strip_prefix("dim:"))?;
    match dim.parse::<i64>() {
        Ok(n) if DIMS.contains(&n) => None,
        _ => Some(format!(
            "tawlbot cannot play these rules: the board size dim:{} is out of range (a board is {} to {} squares a side).",
            dim.chars().take(20).collect::<String>(),
            DIMS.start(),
            DIMS.end()
        )),
    }
}

/// Why tawlbot refuses rules that match one of its games only if a rule OTN
/// cannot say were left out.
fn unsaid_words(u: Unsaid) -> &'static str {
    match u {
        Unsaid::LineCapture => "its capture of up to three men in a line at once",
        Unsaid::CornerGuard => "its squares beside the corners kept for the king",
        Unsaid::KingSteps => "its king that steps while the men slide",
        Unsaid::Dice => "its dice",
        Unsaid::Latrunculi => "its rules (gwyddbwyll is no tafl game)",
    }
}

fn side_word(s: Side) -> &'static str {
    match s {
        Side::First => "attackers",
        Side::Second => "defenders",
    }
}

impl Session {
    pub fn new(strength: Strength) -> Session {
        Session {
            strength,
            setup: None,
            game: None,
            side_hint: None,
            clock: None,
            clock_fresh: false,
            waiting: None,
            pending: None,
            refused: Vec::new(),
        }
    }

    /// The game as the engine sees it (`None` before good rules).
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// What the engine says as soon as it starts.
    pub fn start(&mut self) -> Vec<Action> {
        vec![Action::Send(EngineLine::Hello)]
    }

    /// How long to wait for the next line before calling
    /// [`Session::no_clock`]: `Some` while a `play` waits for its clock.
    pub fn waiting_for_clock(&self) -> Option<Duration> {
        self.waiting.map(|_| CLOCK_GRACE)
    }

    /// No clock came within [`CLOCK_GRACE`] of a `play`: think untimed.
    pub fn no_clock(&mut self) -> Vec<Action> {
        match self.waiting.take() {
            Some(side) => {
                self.clock = None;
                self.play(side)
            }
            None => Vec::new(),
        }
    }

    /// Answers one input of the host: a line, or a line that could not be
    /// taken (too long, not text), which is skipped with an `error 0`.
    pub fn input(&mut self, input: Input) -> Vec<Action> {
        let why = match input {
            Input::Line(l) => return self.handle(&l),
            Input::TooLong { bytes } => format!(
                "tawlbot skipped a line of {bytes} bytes from the host: an OTEP line is at most {} bytes here",
                super::MAX_LINE
            ),
            Input::NotText => {
                "tawlbot skipped a line from the host that is not text: OTEP's lines are US-ASCII"
                    .to_string()
            }
        };
        let mut out = self.no_clock();
        out.push(Action::Log(why.clone()));
        out.push(warn(why));
        out
    }

    /// Answers one host line.
    pub fn handle(&mut self, line: &str) -> Vec<Action> {
        let msg = match parse(line) {
            Ok(m) => m,
            Err(ParseError::Empty) => return Vec::new(),
            Err(e @ ParseError::Unknown(_)) => return vec![Action::Log(format!("ignored: {e}"))],
            Err(e) => {
                return vec![
                    Action::Log(format!("unreadable: {line}")),
                    warn(format!("tawlbot cannot read the host's {e}")),
                ]
            }
        };
        let mut out = Vec::new();
        // A play waiting for its clock thinks untimed if something else comes.
        if self.waiting.is_some() && !matches!(msg, HostMessage::Clock(_)) {
            out.extend(self.no_clock());
        }
        out.extend(self.message(msg));
        out
    }

    fn message(&mut self, msg: HostMessage) -> Vec<Action> {
        match msg {
            HostMessage::Hello | HostMessage::Start => Vec::new(),
            HostMessage::Goodbye => vec![Action::Quit],
            HostMessage::Rules(text) => self.rules(&text),
            HostMessage::Position(text) => self.position(&text),
            HostMessage::Side(s) => {
                self.side_hint = Some(s);
                Vec::new()
            }
            HostMessage::Clock(c) => {
                self.clock = Some(c);
                self.clock_fresh = true;
                match self.waiting.take() {
                    Some(side) => self.play(side),
                    None => Vec::new(),
                }
            }
            HostMessage::Play(side) => {
                if self.game.is_none() {
                    return vec![critical(
                        "tawlbot has no game to play: the host sent no rules it can play",
                    )];
                }
                if self.clock_fresh {
                    self.play(side)
                } else {
                    self.waiting = Some(side);
                    Vec::new()
                }
            }
            HostMessage::Move(position) => self.confirmed(&position),
            HostMessage::Error(code) => self.refused_move(code),
            HostMessage::OpponentMove { moves, position } => {
                self.clock_fresh = false;
                self.opponent_moved(&moves, position.as_deref())
            }
            HostMessage::Analyze { lines, seconds } => self.analyze(lines, seconds),
            HostMessage::Finish(code) => {
                let how = match code {
                    1 => "a draw",
                    2 => "the attackers won",
                    3 => "the defenders won",
                    _ => "stopped before a result",
                };
                self.pending = None;
                self.waiting = None;
                self.clock = None;
                self.clock_fresh = false;
                self.refused.clear();
                self.game = self.setup.as_ref().map(Self::new_game);
                vec![Action::Log(format!("game over: {how}"))]
            }
        }
    }

    fn new_game(s: &Setup) -> Game {
        Game::from_position(s.rules.clone(), s.start.clone(), s.first, SEED)
            .unwrap_or_else(|_| Game::new(s.rules.clone(), SEED))
    }

    fn rules(&mut self, text: &str) -> Vec<Action> {
        self.setup = None;
        self.game = None;
        self.pending = None;
        self.waiting = None;
        self.refused.clear();
        self.clock_fresh = false;
        if let Some(why) = board_size_out_of_range(text) {
            return vec![critical(why)];
        }
        let mut start = match otn::read_rules(text) {
            Ok(s) => s,
            Err(e) => return vec![critical(e.to_string())],
        };
        // An OTN rules string has no move limit, and the host plays on
        // after tawlbot's own (100 moves without a capture): so does the
        // engine, which would otherwise see every line as a draw near it.
        start.rules.move_limit = u32::MAX;
        if let Some(&u) = otn::unsaid(&start.rules).first() {
            return vec![critical(format!(
                "tawlbot cannot play these rules: they are {}'s without {}, which OTN cannot say, and tawlbot plays {} only with it.",
                start.rules.name,
                unsaid_words(u),
                start.rules.name,
            ))];
        }
        let setup = Setup {
            rules: start.rules,
            start: start.start,
            first: start.first,
        };
        let name = setup.rules.name;
        self.game = Some(Self::new_game(&setup));
        self.setup = Some(setup);
        vec![Action::Log(format!("rules: {name}"))]
    }

    /// Reads a position of the current rules, or the sentence why not.
    fn read_board(&self, text: &str) -> Result<Board, String> {
        let Some(s) = &self.setup else {
            return Err("tawlbot has no rules to read the position with".into());
        };
        otn::read_position(&s.rules, text).map_err(|e| format!("{e}"))
    }

    /// A game from `board` with `to_move` to move (the history is lost).
    fn rebuild(&mut self, board: Board, to_move: Side) -> Result<(), String> {
        let Some(s) = &self.setup else {
            return Err("tawlbot has no rules".into());
        };
        let g = Game::from_position(s.rules.clone(), board, to_move, SEED)?;
        self.game = Some(g);
        Ok(())
    }

    fn position(&mut self, text: &str) -> Vec<Action> {
        self.clock_fresh = false;
        let board = match self.read_board(text) {
            Ok(b) => b,
            Err(why) => return vec![warn(why)],
        };
        let to_move = self
            .side_hint
            .or(self.game.as_ref().map(Game::turn))
            .unwrap_or(Side::First);
        self.pending = None;
        match self.rebuild(board, to_move) {
            Ok(()) => Vec::new(),
            Err(why) => vec![warn(why)],
        }
    }

    /// The host played our move: `position` is the board after it.
    fn confirmed(&mut self, position: &str) -> Vec<Action> {
        self.clock_fresh = false;
        let mut out = Vec::new();
        let Some(game) = self.game.as_mut() else {
            return out;
        };
        if let Some(mv) = self.pending.take() {
            if let Err(e) = game.play(mv) {
                out.push(Action::Log(format!(
                    "our move {} no longer plays: {e:?}",
                    simple_move(mv)
                )));
            }
        }
        out.extend(self.sync(position, "after our move"));
        out
    }

    /// Makes the board match the host's `position` (the side to move kept).
    fn sync(&mut self, position: &str, when: &str) -> Vec<Action> {
        let board = match self.read_board(position) {
            Ok(b) => b,
            Err(why) => return vec![Action::Log(format!("unreadable position {when}: {why}"))],
        };
        let Some(game) = &self.game else {
            return Vec::new();
        };
        if *game.board() == board {
            return Vec::new();
        }
        let turn = game.turn();
        let mut out = vec![Action::Log(format!(
            "the host's position {when} differs from tawlbot's: taking the host's"
        ))];
        if let Err(why) = self.rebuild(board, turn) {
            out.push(warn(why));
        }
        out
    }

    fn refused_move(&mut self, code: i32) -> Vec<Action> {
        let what = match code {
            1 => "wrong side",
            2 => "illegal move",
            3 | 4 => "berserk move refused",
            _ => "refused",
        };
        let Some(mv) = self.pending.take() else {
            return vec![Action::Log(format!(
                "error {code} ({what}) with no move of ours pending"
            ))];
        };
        // A wrong side is no fault of the move; any other refusal is the
        // host's rules against this move, wherever it is played.
        if code != 1 && !self.refused.contains(&mv) {
            self.refused.push(mv);
        }
        vec![Action::Log(format!(
            "the host refused {} (error {code}: {what}); not offered again in this game; waiting for the position",
            simple_move(mv)
        ))]
    }

    /// The other side moved. Tries, in turn: our pending move (if the host
    /// never confirmed it) then theirs; theirs alone; nothing (the repeat
    /// after an error); and whichever gives the host's position is kept.
    /// Otherwise the host's position is taken as it is.
    fn opponent_moved(&mut self, moves: &[String], position: Option<&str>) -> Vec<Action> {
        let Some(game) = self.game.clone() else {
            return vec![Action::Log("a move before any rules: ignored".into())];
        };
        let pending = self.pending.take();
        let apply = |g: &Game, ours: Option<Move>| -> Option<Game> {
            let mut g = g.clone();
            if let Some(m) = ours {
                g.play(m).ok()?;
            }
            for m in moves {
                let otn::OtnMove::Move(text) = otn::read_move(m).ok()? else {
                    return None;
                };
                crate::notation::play_text(&mut g, &text).ok()?;
            }
            Some(g)
        };
        let board = match position {
            Some(p) => match self.read_board(p) {
                Ok(b) => Some(b),
                Err(why) => {
                    return vec![warn(format!(
                        "tawlbot cannot read the host's position: {why}"
                    ))]
                }
            },
            None => None,
        };
        let mut tries: Vec<Game> = Vec::new();
        if pending.is_some() {
            tries.extend(apply(&game, pending));
        }
        tries.extend(apply(&game, None));
        if board.is_some() {
            tries.push(game.clone());
        }
        let fits = |g: &Game| board.as_ref().is_none_or(|b| g.board() == b);
        if let Some(g) = tries.into_iter().find(fits) {
            self.game = Some(g);
            return Vec::new();
        }
        let Some(board) = board else {
            return vec![warn(format!(
                "tawlbot cannot follow the move {}",
                moves.join("|")
            ))];
        };
        // The side that moved is the owner of the piece on the last move's
        // end square; the other side is to move.
        let mover = moves
            .last()
            .and_then(|m| match otn::read_move(m).ok()? {
                otn::OtnMove::Move(t) => crate::notation::parse_move(&t).ok(),
                otn::OtnMove::Resign => None,
            })
            .and_then(|t| crate::notation::resolve_square(game.rules(), t.to).ok())
            .and_then(|sq| board.get(sq))
            .map(|p| p.side)
            .unwrap_or(game.turn());
        let mut out = vec![Action::Log(format!(
            "tawlbot's game does not lead to the host's position after {}: taking the host's",
            moves.join("|")
        ))];
        if let Err(why) = self.rebuild(board, mover.other()) {
            out.push(warn(why));
        }
        out
    }

    /// The game made ready for `side` to move: turned to that side, or
    /// started afresh from its board when tawlbot's rules say it is over
    /// (the 100-move rule, repetition) but the host plays on.
    fn ready(&mut self, side: Side) -> Vec<Action> {
        let mut out = Vec::new();
        let Some(game) = &self.game else {
            return out;
        };
        if game.turn() != side || game.is_over() {
            let why = if game.is_over() {
                "tawlbot's rules end the game here; the host plays on"
            } else {
                "the host gives the move to the other side"
            };
            out.push(Action::Log(format!(
                "{why}: playing on from the position with the {} to move",
                side_word(side)
            )));
            let board = game.board().clone();
            if let Err(why) = self.rebuild(board, side) {
                out.push(critical(why));
            }
        }
        out
    }

    fn candidates(&self, game: &Game) -> Vec<Move> {
        game.legal_moves()
            .into_iter()
            .filter(|m| !self.refused.contains(m))
            .collect()
    }

    fn play(&mut self, side: Side) -> Vec<Action> {
        let mut out = self.ready(side);
        let Some(game) = self.game.clone() else {
            out.push(critical("tawlbot has no game to play"));
            return out;
        };
        let moves = self.candidates(&game);
        if moves.is_empty() {
            out.push(critical(if game.legal_moves().is_empty() {
                format!("the {} have no legal move", side_word(side))
            } else {
                "the host refused every legal move tawlbot has".to_string()
            }));
            return out;
        }
        let budget = self
            .clock
            .filter(|_| self.clock_fresh)
            .and_then(|c| c.budget(side));
        let limits = self.strength.limits(budget.map(|b| b.soft));
        out.push(Action::Think(Box::new(Think {
            job: Job::Move,
            seed: engine::selfplay_seed(SEED, game.record().len() as u32),
            game,
            moves,
            limits,
            deadline: budget.map(|b| b.hard),
        })));
        out
    }

    fn analyze(&mut self, lines: u32, seconds: u32) -> Vec<Action> {
        let Some(game) = &self.game else {
            return vec![warn(
                "tawlbot has no position to analyse: the host sent no rules it can play",
            )];
        };
        let side = self.side_hint.unwrap_or(game.turn());
        let mut out = self.ready(side);
        let Some(game) = self.game.clone() else {
            return out;
        };
        let lines = lines.clamp(1, 32);
        let total = Duration::from_secs(seconds.max(1) as u64);
        let hard = total
            .saturating_sub((total / 10).clamp(Duration::from_millis(150), Duration::from_secs(3)))
            .min(MAX_THINK);
        let limits = self.strength.limits(Some(hard / lines));
        out.push(Action::Think(Box::new(Think {
            job: Job::Analyze { lines },
            seed: SEED,
            moves: game.legal_moves(),
            game,
            limits,
            deadline: Some(hard),
        })));
        out
    }

    /// The search's results (for a move: the first is played; for an
    /// analysis: one a line, best first) turned into lines to the host.
    pub fn thought(&mut self, think: &Think, results: &[SearchResult]) -> Vec<Action> {
        match think.job {
            Job::Move => {
                let Some(r) = results.first() else {
                    return vec![critical("tawlbot found no move")];
                };
                self.pending = Some(r.mv);
                vec![
                    Action::Send(EngineLine::Move(simple_move(r.mv))),
                    Action::Send(EngineLine::Status(format!(
                        "tawlbot: {} depth {}, {} nodes, evaluation {}",
                        simple_move(r.mv),
                        r.depth,
                        r.nodes,
                        evaluation(r.score)
                    ))),
                ]
            }
            Job::Analyze { .. } => {
                let lines = results
                    .iter()
                    .map(|r| AnalysisLine {
                        moves: line_moves(&think.game, &r.pv, r.mv),
                        evaluation: evaluation(r.score),
                    })
                    .collect();
                vec![Action::Send(EngineLine::Analysis(lines))]
            }
        }
    }
}

/// A principal variation as simple moves, as far as it plays (at least the
/// first move).
fn line_moves(game: &Game, pv: &[Move], first: Move) -> Vec<String> {
    let mut g = game.clone();
    let mut out = Vec::new();
    for &m in pv {
        if g.play(m).is_err() {
            break;
        }
        out.push(simple_move(m));
    }
    if out.is_empty() {
        out.push(simple_move(first));
    }
    out
}
