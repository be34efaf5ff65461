//! The players of a match: an OTEP engine in a child process (any command
//! line, run by the shell), or tawlbot's own engine in this process
//! (`tawlbot:L`). The host's side of OTEP lives here: it starts the engine,
//! waits for `hello`, sends `rules`, `opponent-move`, `clock`, `play`,
//! `move`, `finish` and `goodbye`, answers the engine's `rules`,
//! `position`, `side` and `clock` requests, and waits for `move` no longer
//! than the clock allows.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::otep::{self, Job, Strength, Think};
use crate::rules::{Game, Side};

use super::clock::clock_line;

/// Who plays: the command line as given, and its name in the match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    pub name: String,
    pub kind: Kind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `tawlbot:L`: tawlbot's engine at level L, in this process.
    Tawlbot { level: u8 },
    /// A command line that starts an OTEP engine.
    Command(String),
}

impl EngineSpec {
    /// Reads `--engine CMD`: `tawlbot:L` (L from 1 to 5), else a command.
    pub fn parse(cmd: &str) -> Result<EngineSpec, String> {
        let cmd = cmd.trim();
        if cmd.is_empty() {
            return Err("--engine needs a command line or tawlbot:LEVEL".into());
        }
        if let Some(l) = cmd.strip_prefix("tawlbot:") {
            return match l.parse::<u8>() {
                Ok(level @ 1..=5) => Ok(EngineSpec {
                    name: cmd.to_string(),
                    kind: Kind::Tawlbot { level },
                }),
                _ => Err(format!(
                    "tawlbot:LEVEL takes a level from 1 to 5, not {l:?}"
                )),
            };
        }
        Ok(EngineSpec {
            name: default_name(cmd),
            kind: Kind::Command(cmd.to_string()),
        })
    }

    pub fn is_otep(&self) -> bool {
        matches!(self.kind, Kind::Command(_))
    }
}

/// A command's name when `--name` gives none: the command itself when it
/// is short, else its first word's file name.
fn default_name(cmd: &str) -> String {
    if cmd.chars().count() <= 32 {
        return cmd.to_string();
    }
    let first = cmd.split_whitespace().next().unwrap_or(cmd);
    let file = first.rsplit(['/', '\\']).next().unwrap_or(first);
    format!("{file}...")
}

/// How the host waits on an engine.
#[derive(Clone, Copy, Debug)]
pub struct Waits {
    /// For `hello` after the start.
    pub hello: Duration,
    /// For a move of an untimed game.
    pub untimed: Duration,
    /// Kept back beyond the clock for the pipes: a move that comes later
    /// than the time allowed and this is lost on time.
    pub margin: Duration,
}

/// Why an engine lost a game outside the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The command could not be run.
    NoStart(String),
    /// No `hello` in time.
    NoHello(Duration),
    /// The process ended (or closed its output): how.
    Died(String),
    /// `error -1 <message>`.
    Critical(String),
    /// No move within the time allowed (and the margin).
    Time {
        waited: Duration,
        allowed: Option<Duration>,
    },
}

impl Fault {
    /// The words of a game line: "<name> <this>".
    pub fn describe(&self) -> String {
        match self {
            Fault::NoStart(e) => format!("could not be started ({e})"),
            Fault::NoHello(d) => format!("sent no hello within {} s", d.as_secs_f64()),
            Fault::Died(how) => format!("died ({how})"),
            Fault::Critical(m) => format!("gave up (error -1: {m})"),
            Fault::Time { waited, allowed } => match allowed {
                Some(a) => format!(
                    "ran out of time (no move after {} ms, {} ms allowed)",
                    waited.as_millis(),
                    a.as_millis()
                ),
                None => format!("sent no move within {} s", waited.as_secs_f64()),
            },
        }
    }
}

/// A move as an engine answered it.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The move's text (simple notation, or full OTN).
    pub text: String,
    /// From `play` to `move`.
    pub elapsed: Duration,
}

/// The other side's moves, as OTEP tells them.
#[derive(Clone, Debug)]
pub struct Moved {
    /// Simple notation (`e2-c2`), `|`-separated when one side moved twice.
    pub simple: String,
    /// Full OTN move records (`te2-c2xc3`), the same way.
    pub full: String,
    /// The OTN position after them.
    pub position: String,
}

/// One seat of a game.
pub trait Player {
    /// A new game: the OTN rules string of its start, and the game itself.
    fn new_game(&mut self, rules: &str, game: &Game) -> Result<(), Fault>;
    /// The other side moved.
    fn opponent_moved(&mut self, moved: &Moved) -> Result<(), Fault>;
    /// Think for `side` in `game` and answer within `wait`. `clock`: the
    /// clock to send (none in an untimed game).
    fn think(
        &mut self,
        game: &Game,
        side: Side,
        clock: Option<&otep::Clock>,
        wait: Duration,
    ) -> Result<Answer, Fault>;
    /// The engine's move was played: the position after it.
    fn played(&mut self, position: &str);
    /// The game is over: OTEP's `finish` code.
    fn finish(&mut self, code: i32);
}

/// Starts a player for one game.
pub fn start(
    spec: &EngineSpec,
    nodes: Option<u64>,
    waits: Waits,
    stderr: bool,
) -> Result<Box<dyn Player>, Fault> {
    match &spec.kind {
        Kind::Tawlbot { level } => Ok(Box::new(InProcess {
            level: *level,
            nodes,
        })),
        Kind::Command(cmd) => Ok(Box::new(OtepProcess::start(cmd, waits, stderr)?)),
    }
}

/// tawlbot's engine, searched on the match's thread: the level's limits
/// (its node budget replaced by `--nodes`), within the clock as `tawlbot
/// otep --level L` keeps it (`otep::Clock::budget`).
struct InProcess {
    level: u8,
    nodes: Option<u64>,
}

impl Player for InProcess {
    fn new_game(&mut self, _rules: &str, _game: &Game) -> Result<(), Fault> {
        Ok(())
    }

    fn opponent_moved(&mut self, _moved: &Moved) -> Result<(), Fault> {
        Ok(())
    }

    fn think(
        &mut self,
        game: &Game,
        side: Side,
        clock: Option<&otep::Clock>,
        _wait: Duration,
    ) -> Result<Answer, Fault> {
        let t0 = Instant::now();
        let budget = clock.and_then(|c| c.budget(side));
        // Level 5 on a clock is `tawlbot otep` without a level: as deep as
        // the time allows, its hash table sized to the time (level 5's
        // table, sized for 4 000 000 nodes, takes longer to clear than a
        // short move lasts).
        let strength = match (self.level, budget) {
            (5, Some(_)) => Strength::Clock,
            (l, _) => Strength::Level(l),
        };
        let mut limits = strength.limits(budget.map(|b| b.soft));
        if let Some(n) = self.nodes {
            limits.nodes = Some(n.max(1));
        }
        let think = Think {
            job: Job::Move,
            game: game.clone(),
            moves: game.legal_moves(),
            limits,
            deadline: budget.map(|b| b.hard),
            seed: crate::engine::selfplay_seed(game.seed(), game.record().len() as u32),
        };
        let found = otep::think(&think);
        let Some(r) = found.first() else {
            return Err(Fault::Critical("tawlbot found no move".into()));
        };
        Ok(Answer {
            text: otep::simple_move(r.mv),
            elapsed: t0.elapsed(),
        })
    }

    fn played(&mut self, _position: &str) {}

    fn finish(&mut self, _code: i32) {}
}

/// What the engine's reader thread passes on.
enum Line {
    Text(String),
    /// The engine closed its output.
    End,
}

/// An OTEP engine in a child process.
struct OtepProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    /// The engine sent `simple-moves off`.
    full_moves: bool,
    /// What the engine may ask for again.
    rules: String,
    position: String,
    clock: Option<String>,
    side: Side,
    ended: bool,
}

fn shell(cmd: &str) -> Command {
    #[cfg(unix)]
    {
        let mut c = Command::new("sh");
        c.arg("-c").arg(cmd);
        // Its own process group, so that the engine and whatever the
        // shell started for it end together.
        std::os::unix::process::CommandExt::process_group(&mut c, 0);
        c
    }
    #[cfg(not(unix))]
    {
        let mut c = Command::new("cmd");
        c.arg("/C").arg(cmd);
        c
    }
}

impl OtepProcess {
    fn start(cmd: &str, waits: Waits, stderr: bool) -> Result<OtepProcess, Fault> {
        let mut child = shell(cmd)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if stderr {
                Stdio::inherit()
            } else {
                Stdio::null()
            })
            .spawn()
            .map_err(|e| Fault::NoStart(e.to_string()))?;
        let out = child.stdout.take().expect("piped");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(out);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match r.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let text = String::from_utf8_lossy(&buf).trim().to_string();
                        if tx.send(Line::Text(text)).is_err() {
                            return;
                        }
                    }
                }
            }
            let _ = tx.send(Line::End);
        });
        let stdin = child.stdin.take();
        let mut p = OtepProcess {
            child,
            stdin,
            lines,
            full_moves: false,
            rules: String::new(),
            position: String::new(),
            clock: None,
            side: Side::First,
            ended: false,
        };
        // Anything before `hello` (a log line) is passed over.
        let until = Instant::now() + waits.hello;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            match p.lines.recv_timeout(left) {
                Ok(Line::Text(l)) if word(&l) == "hello" => return Ok(p),
                Ok(Line::Text(l)) => p.note(&l),
                Ok(Line::End) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(Fault::Died(p.how_it_ended()))
                }
                Err(RecvTimeoutError::Timeout) => return Err(Fault::NoHello(waits.hello)),
            }
        }
    }

    fn send(&mut self, line: &str) -> Result<(), Fault> {
        let ok = match self.stdin.as_mut() {
            Some(s) => writeln!(s, "{line}").and_then(|_| s.flush()).is_ok(),
            None => false,
        };
        if ok {
            Ok(())
        } else {
            Err(Fault::Died(self.how_it_ended()))
        }
    }

    /// A line that is not the move waited for: requests answered, the
    /// protocol's `simple-moves` kept, everything else passed over.
    fn note(&mut self, line: &str) {
        let rest = line.split_once(' ').map(|(_, r)| r.trim()).unwrap_or("");
        match word(line).as_str() {
            "simple-moves" => self.full_moves = rest.eq_ignore_ascii_case("off"),
            "rules" if !self.rules.is_empty() => {
                let l = format!("rules {}", self.rules);
                let _ = self.send(&l);
            }
            "position" if !self.position.is_empty() => {
                let l = format!("position {}", self.position);
                let _ = self.send(&l);
            }
            "side" => {
                let l = format!("side {}", side_word(self.side));
                let _ = self.send(&l);
            }
            "clock" => {
                if let Some(c) = self.clock.clone() {
                    let _ = self.send(&c);
                }
            }
            _ => {}
        }
    }

    /// The exit status (after a moment's wait for it), in words.
    fn how_it_ended(&mut self) -> String {
        let until = Instant::now() + Duration::from_millis(500);
        loop {
            match self.child.try_wait() {
                Ok(Some(st)) => {
                    self.ended = true;
                    return match st.code() {
                        Some(c) => format!("exit status {c}"),
                        None => exit_signal(&st),
                    };
                }
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(10)),
                _ => return "it closed its output".into(),
            }
        }
    }

    fn kill(&mut self) {
        if self.ended {
            return;
        }
        #[cfg(unix)]
        {
            let pid = self.child.id() as i32;
            // SAFETY: kill(2) with a negative pid signals the process group
            // that this child leads (it was spawned with process_group(0)),
            // i.e. only processes this host started.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.ended = true;
    }
}

#[cfg(unix)]
fn exit_signal(st: &std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match st.signal() {
        Some(s) => format!("killed by signal {s}"),
        None => "no exit status".into(),
    }
}

#[cfg(not(unix))]
fn exit_signal(_st: &std::process::ExitStatus) -> String {
    "no exit status".into()
}

fn word(line: &str) -> String {
    line.split_whitespace()
        .next()
        .unwrap_or("")
        .to_ascii_lowercase()
}

fn side_word(s: Side) -> &'static str {
    match s {
        Side::First => "attackers",
        Side::Second => "defenders",
    }
}

impl Player for OtepProcess {
    fn new_game(&mut self, rules: &str, game: &Game) -> Result<(), Fault> {
        self.rules = rules.to_string();
        self.position = crate::notation::otn::write_position(game.board());
        let l = format!("rules {rules}");
        self.send(&l)
    }

    fn opponent_moved(&mut self, moved: &Moved) -> Result<(), Fault> {
        self.position = moved.position.clone();
        let mv = if self.full_moves {
            &moved.full
        } else {
            &moved.simple
        };
        let l = format!("opponent-move {mv} {}", moved.position);
        self.send(&l)
    }

    fn think(
        &mut self,
        _game: &Game,
        side: Side,
        clock: Option<&otep::Clock>,
        wait: Duration,
    ) -> Result<Answer, Fault> {
        self.side = side;
        // Lines left over from the last move (status, a late error 0).
        while let Ok(l) = self.lines.try_recv() {
            match l {
                Line::Text(t) => self.note(&t),
                Line::End => return Err(Fault::Died(self.how_it_ended())),
            }
        }
        // OpenTafl's host order: the clock, then play.
        self.clock = clock.map(clock_line);
        if let Some(c) = self.clock.clone() {
            self.send(&c)?;
        }
        let l = format!("play {}", side_word(side));
        self.send(&l)?;
        let t0 = Instant::now();
        let until = t0 + wait;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Line::Text(l)) => match word(&l).as_str() {
                    "move" => {
                        let text = l.split_whitespace().nth(1).unwrap_or("").to_string();
                        return Ok(Answer {
                            text,
                            elapsed: t0.elapsed(),
                        });
                    }
                    "error" => {
                        let mut w = l.split_whitespace().skip(1);
                        if w.next() == Some("-1") {
                            return Err(Fault::Critical(w.collect::<Vec<_>>().join(" ")));
                        }
                    }
                    _ => self.note(&l),
                },
                Ok(Line::End) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(Fault::Died(self.how_it_ended()))
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(Fault::Time {
                        waited: t0.elapsed(),
                        allowed: None,
                    })
                }
            }
        }
    }

    fn played(&mut self, position: &str) {
        self.position = position.to_string();
        let l = format!("move {position}");
        let _ = self.send(&l);
    }

    fn finish(&mut self, code: i32) {
        let _ = self.send(&format!("finish {code}"));
    }
}

impl Drop for OtepProcess {
    /// `goodbye`, then a moment to exit; then the process group is ended.
    fn drop(&mut self) {
        if !self.ended {
            let _ = self.send("goodbye");
            self.stdin = None;
            let until = Instant::now() + Duration::from_millis(1000);
            while Instant::now() < until {
                match self.child.try_wait() {
                    Ok(Some(_)) => {
                        self.ended = true;
                        break;
                    }
                    Ok(None) => std::thread::sleep(Duration::from_millis(10)),
                    Err(_) => break,
                }
            }
        }
        // Not gone by itself: the engine and whatever the shell started
        // for it are ended.
        self.kill();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_specs() {
        assert_eq!(
            EngineSpec::parse("tawlbot:3").unwrap().kind,
            Kind::Tawlbot { level: 3 }
        );
        assert!(EngineSpec::parse("tawlbot:9").is_err());
        assert!(EngineSpec::parse(" ").is_err());
        let e = EngineSpec::parse("./tawlbot otep --level 2").unwrap();
        assert_eq!(e.name, "./tawlbot otep --level 2");
        assert!(e.is_otep());
        let e = EngineSpec::parse(
            "java -cp /tmp/opentafl/build com.manywords.softworks.tafl.OpenTafl --engine",
        )
        .unwrap();
        assert_eq!(e.name, "java...");
    }
}
