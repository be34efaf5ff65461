//! `tawlbot otep [--level L | --nodes N]`: an OTEP engine on standard input
//! and output (see `src/otep`). Only protocol lines go to standard output;
//! the log goes to standard error.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};

use crate::cli::Exit;
use crate::otep::{self, Action, HostMessage, Input, LineReader, Session, Strength};

const USAGE: &str = "usage: tawlbot otep [--level L | --nodes N]
  an OpenTafl engine (OTEP) on standard input and output; see docs/engine.md";

fn strength(args: Vec<String>) -> Result<Strength, String> {
    let mut it = args.into_iter();
    let mut chosen: Option<Strength> = None;
    while let Some(a) = it.next() {
        let s = match a.as_str() {
            "--level" => {
                let v = it.next().ok_or("--level needs a value")?;
                match v.parse::<u8>() {
                    Ok(l @ 1..=5) => Strength::Level(l),
                    _ => return Err(format!("--level is 1 to 5, not {v:?}")),
                }
            }
            "--nodes" => {
                let v = it.next().ok_or("--nodes needs a value")?;
                match v.parse::<u64>() {
                    Ok(n) if n > 0 => Strength::Nodes(n),
                    _ => return Err(format!("--nodes takes a whole number above 0, not {v:?}")),
                }
            }
            other => return Err(format!("unknown argument {other:?}")),
        };
        if chosen.replace(s).is_some() {
            return Err("give at most one of --level and --nodes".into());
        }
    }
    Ok(chosen.unwrap_or_default())
}

/// Runs the engine until `goodbye` or the end of standard input.
pub fn otep(args: Vec<String>) -> Exit {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        return Exit::Usage(USAGE.into());
    }
    let strength = match strength(args) {
        Ok(s) => s,
        Err(e) => return Exit::Usage(format!("{e}\n{USAGE}")),
    };
    // Lines are read on their own thread, so that a `play` can wait a
    // moment for its clock and a `goodbye` stops a search at once: the
    // reader raises `abort` as soon as it reads one. Each line is held to
    // otep::MAX_LINE bytes.
    let (tx, rx) = mpsc::channel::<Input>();
    let abort = Arc::new(AtomicBool::new(false));
    let raised = abort.clone();
    std::thread::spawn(move || {
        let mut lines = LineReader::new(std::io::stdin().lock());
        while let Ok(Some(input)) = lines.next_input() {
            if matches!(&input, Input::Line(l) if otep::parse(l) == Ok(HostMessage::Goodbye)) {
                raised.store(true, Ordering::Relaxed);
            }
            if tx.send(input).is_err() {
                break;
            }
        }
    });
    let mut session = Session::new(strength);
    let first = session.start();
    if !perform(&mut session, first, &abort) {
        return Exit::Ok;
    }
    loop {
        let actions = match session.waiting_for_clock() {
            Some(grace) => match rx.recv_timeout(grace) {
                Ok(l) => session.input(l),
                Err(mpsc::RecvTimeoutError::Timeout) => session.no_clock(),
                Err(mpsc::RecvTimeoutError::Disconnected) => return Exit::Ok,
            },
            None => match rx.recv() {
                Ok(l) => session.input(l),
                Err(_) => return Exit::Ok,
            },
        };
        if !perform(&mut session, actions, &abort) {
            return Exit::Ok;
        }
    }
}

/// Does what the session asks, in order (a search's answer before the
/// actions after it). False: time to stop (the host said `goodbye`, even
/// while a search ran: its answer is not sent).
fn perform(session: &mut Session, actions: Vec<Action>, abort: &AtomicBool) -> bool {
    for a in actions {
        match a {
            Action::Send(line) => {
                let mut out = std::io::stdout().lock();
                if writeln!(out, "{line}").and_then(|_| out.flush()).is_err() {
                    return false;
                }
            }
            Action::Log(text) => eprintln!("tawlbot otep: {text}"),
            Action::Think(t) => {
                if abort.load(Ordering::Relaxed) {
                    return false;
                }
                let results = otep::think_until(&t, abort);
                if abort.load(Ordering::Relaxed) {
                    eprintln!("tawlbot otep: goodbye during a search: stopped");
                    return false;
                }
                let answer = session.thought(&t, &results);
                if !perform(session, answer, abort) {
                    return false;
                }
            }
            Action::Quit => return false,
        }
    }
    true
}
