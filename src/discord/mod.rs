//! discord

pub mod connect;

/// Runs the bot from `.env` / the environment until Ctrl-C or SIGTERM.
/// Returns the process exit code.
pub fn run_from_env() -> i32 {
    eprintln!("The Discord front end is not wired yet.");
    2
}
