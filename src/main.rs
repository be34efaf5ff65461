//! The `tawlbot` program: the Discord bot by default, plus `console`,
//! `replay` and `render`.

use std::io::Write;

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
    let mut args = std::env::args().skip(1);
    let cmd = args.next();
    let rest: Vec<String> = args.collect();
    let exit = match cmd.as_deref() {
        Some("console") => tawlbot::console::main(rest),
        Some("render") => tawlbot::cli::render(rest),
        Some("engine") => tawlbot::engine_cli::engine(rest, &mut std::io::stdout().lock()),
        Some("otep") => tawlbot::otep_cli::otep(rest),
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
