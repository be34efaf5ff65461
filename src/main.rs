//! The `tawlbot` program: the Discord bot by default, plus `console`,
//! `replay` and `render`.

use std::io::Write;

/// mimalloc instead of glibc's malloc: a move allocates and frees many
/// small and middling buffers (the picture's rows, SQL rows, the reply's
/// words), and glibc's bookkeeping for them (consolidating and unlinking
/// free chunks) was about an eighth of the bot's CPU a move; see
/// docs/performance.md, "The allocator".
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

extern "C" {
    /// mimalloc's `mi_option_set` (its C interface, linked in with it).
    fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
}

/// `mi_option_purge_delay` in `mi_option_e` (15 in mimalloc 3, which
/// libmimalloc-sys 0.1.49 builds, as in mimalloc 2; the test below holds
/// it to its default).
const MI_OPTION_PURGE_DELAY: std::ffi::c_int = 15;

/// Memory a thread frees goes back to the system at once, not up to a
/// second later (mimalloc 3's default delay, 1,000 ms): the web archive's GIF builds free tens of megabytes at a time,
/// and with the delay a burst of them (its limits off) held 182 MB at its
/// peak, 131-139 MB without it (104 MB under glibc's malloc, which cost
/// the bot a tenth more CPU a move; the goal is 150 MB).
/// docs/performance.md, "The allocator".
fn purge_freed_memory_at_once() {
    // SAFETY: mi_option_set only stores an option's value (mimalloc reads
    // it at each purge); 15 is mi_option_purge_delay (see above), and 0 a
    // valid value for it.
    unsafe { mi_option_set(MI_OPTION_PURGE_DELAY, 0) }
}

const USAGE: &str = "tawlbot: the Welsh and Celtic tafl games on Discord

usage:
  tawlbot                 run the Discord bot (needs DISCORD_TOKEN in .env)
  tawlbot console [--db PATH|URL] [--out DIR]
                          the same bot in a terminal: lines like `alice@general: /help`
  tawlbot replay --variant ID [--option OPT]... [--position ROWS --to-move SIDE]
                 [--first SIDE] [--seed N] [--record FILE] [--trace] [--legal] [--] [MOVE]...
  tawlbot render --variant ID [--option OPT]... [--position ROWS --to-move SIDE]
                 [--theme NAME] [--show-moves SQUARE] [--gif] --out FILE [MOVE]...
  tawlbot engine --variant ID [--option OPT]... [--position ROWS --to-move SIDE]
                 [--first SIDE] [--seed N] (--level N | --nodes N | --depth N | --time-ms N)
                 [--] [MOVE]...      the engine's move, as one JSON line
  tawlbot otep [--level L | --nodes N]
                          an OpenTafl engine (OTEP) on standard input and output
  tawlbot match (--variant ID [--option OPT]... | --rules OTN-RULES)
                --engine CMD --engine CMD --games N
                [--movetime MS | --nodes N] [--jobs J] [--seed S]
                [--records DIR] [--sprt ELO0,ELO1]
                          an engine match (CMD: an OTEP engine's command line, or tawlbot:L)
  tawlbot web [--db PATH|URL] [--addr 127.0.0.1:8080]
                          the web archive alone (PUBLIC_URL: its public address)
  tawlbot migrate-db --from tawlbot.db --to postgres://USER:PASSWORD@HOST/DB
                          copy an SQLite database into an empty PostgreSQL one
  tawlbot selfplay --variant ID [--option OPT]... --attackers LEVEL --defenders LEVEL
                 (--white/--black in gwyddbwyll) --games N [--seed N] [--alternate]
  tawlbot doctor [--db PATH] [--quarantine]
                          list the stored rows tawlbot cannot read (exit 1 if any);
                          --quarantine moves them to the quarantine table
  tawlbot puzzles mine --db DB [--selfplay N] [--seed S] [--out FILE]
                          mine and prove puzzles (docs/puzzles.md)";

fn main() {
    purge_freed_memory_at_once();
    let mut args = std::env::args().skip(1);
    let cmd = args.next();
    let rest: Vec<String> = args.collect();
    let exit = match cmd.as_deref() {
        Some("console") => tawlbot::console::main(rest),
        Some("render") => tawlbot::cli::render(rest),
        Some("engine") => tawlbot::engine_cli::engine(rest, &mut std::io::stdout().lock()),
        Some("otep") => tawlbot::otep_cli::otep(rest),
        Some("match") => tawlbot::cli::match_engines(rest, &mut std::io::stdout().lock()),
        Some("selfplay") => tawlbot::engine_cli::selfplay(rest, &mut std::io::stdout().lock()),
        Some("web") => tawlbot::web::main(rest),
        Some("doctor") => tawlbot::doctor_cli::doctor(rest, &mut std::io::stdout().lock()),
        Some("migrate-db") => tawlbot::cli::migrate_db(rest, &mut std::io::stdout().lock()),
        Some("puzzles") => tawlbot::puzzles_cli::puzzles(rest, &mut std::io::stdout().lock()),
        Some("replay") => tawlbot::cli::replay(rest, &mut std::io::stdout().lock()),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            std::process::exit(0);
        }
        Some("--version" | "-V") => {
            println!("tawlbot {}", env!("CARGO_PKG_VERSION"));
            std::process::exit(0);
        }
        Some(other) => tawlbot::cli::Exit::Usage(format!("unknown command {other:?}\n\n{USAGE}")),
        None => std::process::exit(tawlbot::discord::run_from_env()),
    };
    let _ = std::io::stdout().flush();
    if let tawlbot::cli::Exit::Usage(msg) = &exit {
        eprintln!("{msg}");
    }
    std::process::exit(exit.code());
}

#[cfg(test)]
mod tests {
    use super::*;

    extern "C" {
        /// mimalloc's `mi_option_get`.
        fn mi_option_get(option: std::ffi::c_int) -> std::ffi::c_long;
    }

    /// Option 15 is the purge delay: 1,000 ms unless set (mimalloc 3's
    /// default), 0 once set.
    #[test]
    fn mimalloc_purges_freed_memory_at_once() {
        if std::env::var_os("MIMALLOC_PURGE_DELAY").is_none() {
            // SAFETY: reads an option's value.
            assert_eq!(unsafe { mi_option_get(MI_OPTION_PURGE_DELAY) }, 1000);
        }
        purge_freed_memory_at_once();
        // SAFETY: as above.
        assert_eq!(unsafe { mi_option_get(MI_OPTION_PURGE_DELAY) }, 0);
    }
}
