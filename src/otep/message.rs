//! OTEP lines as types: what the host says ([`HostMessage`], read with
//! [`parse`]) and what the engine answers ([`EngineLine`], written with
//! `Display`).

use std::fmt;

use super::Clock;
use crate::rules::Side;

/// One line from the host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HostMessage {
    /// `hello` (the host's answer to ours).
    Hello,
    /// `start` (older hosts: the game has begun).
    Start,
    /// `rules <rules-string>`.
    Rules(String),
    /// `position <position>`.
    Position(String),
    /// `side attackers|defenders`.
    Side(Side),
    /// `play attackers|defenders`.
    Play(Side),
    /// `clock ...`.
    Clock(Clock),
    /// `move <position>`: our move was played; the position after it.
    Move(String),
    /// `error <code>`: our move was refused.
    Error(i32),
    /// `opponent-move <move>[|<move>...] <position>`.
    OpponentMove {
        moves: Vec<String>,
        position: Option<String>,
    },
    /// `analyze <lines> <seconds>`.
    Analyze { lines: u32, seconds: u32 },
    /// `finish <code>`.
    Finish(i32),
    /// `goodbye`.
    Goodbye,
}

/// Why a host line is no message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// A blank line.
    Empty,
    /// A command OTEP does not have (its first word).
    Unknown(String),
    /// A known command whose arguments do not read.
    Malformed { command: &'static str, why: String },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Empty => write!(f, "an empty line"),
            ParseError::Unknown(w) => write!(f, "\"{w}\" is no OTEP command"),
            ParseError::Malformed { command, why } => write!(f, "{command}: {why}"),
        }
    }
}

impl std::error::Error for ParseError {}

fn side(command: &'static str, word: Option<&str>) -> Result<Side, ParseError> {
    match word.map(str::to_ascii_lowercase).as_deref() {
        Some("attackers") => Ok(Side::First),
        Some("defenders") => Ok(Side::Second),
        other => Err(ParseError::Malformed {
            command,
            why: format!(
                "expected attackers or defenders, not {:?}",
                other.unwrap_or("")
            ),
        }),
    }
}

fn number<T: std::str::FromStr>(
    command: &'static str,
    word: Option<&str>,
) -> Result<T, ParseError> {
    let w = word.unwrap_or("");
    w.parse().map_err(|_| ParseError::Malformed {
        command,
        why: format!("expected a number, not {w:?}"),
    })
}

/// Reads one host line (without its line break). Never panics.
pub fn parse(line: &str) -> Result<HostMessage, ParseError> {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    let mut args = rest.split_whitespace();
    let need = |command: &'static str, what: &str| -> Result<String, ParseError> {
        if rest.is_empty() {
            Err(ParseError::Malformed {
                command,
                why: format!("{what} is missing"),
            })
        } else {
            Ok(rest.to_string())
        }
    };
    Ok(match word.to_ascii_lowercase().as_str() {
        "" => return Err(ParseError::Empty),
        "hello" => HostMessage::Hello,
        "start" => HostMessage::Start,
        "goodbye" => HostMessage::Goodbye,
        "rules" => HostMessage::Rules(need("rules", "the rules string")?),
        "position" => HostMessage::Position(need("position", "the position")?),
        "side" => HostMessage::Side(side("side", args.next())?),
        "play" => HostMessage::Play(side("play", args.next())?),
        "clock" => HostMessage::Clock(Clock::parse(rest).map_err(|why| ParseError::Malformed {
            command: "clock",
            why,
        })?),
        "move" => HostMessage::Move(need("move", "the position")?),
        "error" => HostMessage::Error(number("error", args.next())?),
        "finish" => HostMessage::Finish(number("finish", args.next())?),
        "analyze" | "analyse" => HostMessage::Analyze {
            lines: number("analyze", args.next())?,
            seconds: number("analyze", args.next())?,
        },
        "opponent-move" => {
            let moves: Vec<String> = match args.next() {
                Some(m) => m
                    .split('|')
                    .filter(|m| !m.is_empty())
                    .map(str::to_string)
                    .collect(),
                None => Vec::new(),
            };
            if moves.is_empty() {
                return Err(ParseError::Malformed {
                    command: "opponent-move",
                    why: "the move is missing".into(),
                });
            }
            HostMessage::OpponentMove {
                moves,
                position: args.next().map(str::to_string),
            }
        }
        _ => return Err(ParseError::Unknown(word.chars().take(30).collect())),
    })
}

/// One analysis line: the moves (at least the first) and the evaluation of
/// the first, as written (see [`super::evaluation`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisLine {
    pub moves: Vec<String>,
    pub evaluation: String,
}

/// One line to the host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineLine {
    Hello,
    /// `move <from>-<to>`.
    Move(String),
    /// `analysis <n> <line> <evaluation>...`.
    Analysis(Vec<AnalysisLine>),
    /// `error -1 <message>` (critical: the game ends) or `error 0 <message>`.
    Error {
        critical: bool,
        message: String,
    },
    /// `status <text>`.
    Status(String),
}

/// US-ASCII on one line: anything else becomes `?`, breaks become spaces.
pub fn ascii(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\n' | '\r' | '\t' => ' ',
            c if c.is_ascii() && !c.is_ascii_control() => c,
            _ => '?',
        })
        .collect()
}

/// A token with no spaces, in US-ASCII.
fn token(text: &str) -> String {
    ascii(text).replace(' ', "")
}

impl fmt::Display for EngineLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineLine::Hello => write!(f, "hello"),
            EngineLine::Move(m) => write!(f, "move {}", token(m)),
            EngineLine::Analysis(lines) => {
                write!(f, "analysis {}", lines.len())?;
                for l in lines {
                    let moves: Vec<String> = l.moves.iter().map(|m| token(m)).collect();
                    write!(f, " {} {}", moves.join("|"), token(&l.evaluation))?;
                }
                Ok(())
            }
            EngineLine::Error { critical, message } => write!(
                f,
                "error {} {}",
                if *critical { -1 } else { 0 },
                ascii(message).trim()
            ),
            EngineLine::Status(s) => write!(f, "status {}", ascii(s).trim()),
        }
    }
}
