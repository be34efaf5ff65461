//! A throwaway PostgreSQL server for tests and benchmarks (feature
//! `test-postgres`; nothing of this exists in a normal build).
//!
//! The first test of a test binary that asks for PostgreSQL starts one
//! server from the machine's PostgreSQL binaries: `initdb` in a fresh
//! temporary folder, a free loopback port, the unix socket in that folder,
//! run as the `postgres` user when the tests run as root (PostgreSQL refuses
//! to run as root). Every test then gets its own database on it
//! ([`Server::database`], `CREATE DATABASE t_<n>`), dropped when the test's
//! [`TestDatabase`] goes. When the test binary exits, however it exits, a
//! small watcher process (it waits for the binary's end of a pipe to close)
//! stops the server and removes the folder.
//!
//! Where no PostgreSQL is installed, [`server`] returns `None` and one line
//! says the PostgreSQL half was skipped and why; with
//! `TAWLBOT_REQUIRE_POSTGRES=1` it panics instead.

use std::io::Write;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

/// The environment variable under which a missing PostgreSQL fails the run.
pub const REQUIRE_VAR: &str = "TAWLBOT_REQUIRE_POSTGRES";

/// The environment variable naming the folder of `initdb`, `pg_ctl` and
/// `postgres` (default: the newest `/usr/lib/postgresql/*/bin`, or PATH).
pub const BIN_VAR: &str = "TAWLBOT_POSTGRES_BIN";

/// How the server keeps its data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Durability {
    /// No fsync at all (`fsync=off`): for tests, where speed matters and a
    /// power cut loses nothing of value.
    Tests,
    /// PostgreSQL's defaults (fsync and synchronous commit on): for
    /// benchmarks that compare with SQLite's durable settings.
    Default,
}

/// A running throwaway server.
pub struct Server {
    port: u16,
    dir: PathBuf,
    next: AtomicU64,
    /// The pipe whose closing (at process exit) stops the server.
    _watch: Mutex<ChildStdin>,
}

/// A database of its own for one test, dropped with this value.
pub struct TestDatabase {
    /// `postgres://postgres@127.0.0.1:<port>/t_<n>`
    pub url: String,
    name: String,
    admin: String,
}

impl Drop for TestDatabase {
    /// Drops the database, on a thread of its own: the blocking client may
    /// not run on an async worker (an async test's end).
    fn drop(&mut self) {
        let (admin, name) = (self.admin.clone(), self.name.clone());
        let _ = std::thread::spawn(move || {
            if let Ok(mut c) = postgres::Client::connect(&admin, postgres::NoTls) {
                let _ = c.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
            }
        })
        .join();
    }
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server")
            .field("port", &self.port)
            .field("dir", &self.dir)
            .finish()
    }
}

impl Server {
    /// The loopback port the server listens on.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The URL of database `name` on this server.
    pub fn url(&self, name: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{name}", self.port)
    }

    /// A new, empty database (no tawlbot schema yet).
    pub fn database(&self) -> TestDatabase {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        let name = format!("t_{n}");
        let admin = self.url("postgres");
        let mut c = postgres::Client::connect(&admin, postgres::NoTls)
            .unwrap_or_else(|e| panic!("the test PostgreSQL refused a connection: {e}"));
        c.batch_execute(&format!("CREATE DATABASE {name}"))
            .unwrap_or_else(|e| panic!("the test PostgreSQL could not create {name}: {e}"));
        TestDatabase {
            url: self.url(&name),
            name,
            admin,
        }
    }
}

/// The shared test server of this process (tests' durability), started on
/// first use; `None` (after one line saying why) when PostgreSQL is not
/// installed and `TAWLBOT_REQUIRE_POSTGRES` is not `1`.
pub fn server() -> Option<&'static Server> {
    static SERVER: OnceLock<Result<Server, String>> = OnceLock::new();
    pick(SERVER.get_or_init(|| start(Durability::Tests)))
}

/// A second shared server with PostgreSQL's default durability (fsync on),
/// for benchmarks.
pub fn durable_server() -> Option<&'static Server> {
    static SERVER: OnceLock<Result<Server, String>> = OnceLock::new();
    pick(SERVER.get_or_init(|| start(Durability::Default)))
}

/// A fresh database on the shared test server, or `None` when the
/// PostgreSQL half is skipped.
pub fn database() -> Option<TestDatabase> {
    server().map(Server::database)
}

fn pick(r: &'static Result<Server, String>) -> Option<&'static Server> {
    match r {
        Ok(s) => Some(s),
        Err(why) => {
            if required() {
                panic!("{REQUIRE_VAR}=1 but the test PostgreSQL could not start: {why}");
            }
            skipped_once(why);
            None
        }
    }
}

fn required() -> bool {
    std::env::var(REQUIRE_VAR).is_ok_and(|v| v.trim() == "1")
}

/// Says once per `cargo test` run (not once per test binary) that the
/// PostgreSQL half was skipped. Written straight to stderr: the test
/// harness does not capture it.
fn skipped_once(why: &str) {
    static SAID: OnceLock<()> = OnceLock::new();
    SAID.get_or_init(|| {
        let marker = std::env::temp_dir().join(format!(
            "tawlbot-postgres-skipped-{}",
            std::os::unix::process::parent_id()
        ));
        let first = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&marker)
            .is_ok();
        if first {
            // One write, so the line is not cut by the tests' own output.
            let line = format!(
                "note: the PostgreSQL half of the tests was skipped: {why} \
                 (install PostgreSQL, or set {REQUIRE_VAR}=1 to make this an error)\n"
            );
            let _ = std::io::stderr().lock().write_all(line.as_bytes());
        }
    });
}

/// The folder holding `initdb`, `pg_ctl` and `postgres`.
fn bin_dir() -> Result<PathBuf, String> {
    if let Some(d) = std::env::var_os(BIN_VAR).filter(|d| !d.is_empty()) {
        let d = PathBuf::from(d);
        return if d.join("initdb").exists() {
            Ok(d)
        } else {
            Err(format!("{BIN_VAR}={} holds no initdb", d.display()))
        };
    }
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let v: u32 = e.file_name().to_str()?.parse().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").exists().then_some((v, bin))
        })
        .collect();
    found.sort();
    if let Some((_, bin)) = found.pop() {
        return Ok(bin);
    }
    std::env::var_os("PATH")
        .iter()
        .flat_map(std::env::split_paths)
        .find(|d| d.join("initdb").exists() && d.join("pg_ctl").exists())
        .ok_or_else(|| {
            "no PostgreSQL server binaries (initdb, pg_ctl) in /usr/lib/postgresql/*/bin or PATH"
                .to_string()
        })
}

fn running_as_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

/// `program args...`, as the `postgres` user when we are root.
fn command(as_postgres: bool, program: &Path) -> Command {
    if as_postgres {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(program);
        c
    } else {
        Command::new(program)
    }
}

fn run(mut c: Command, what: &str) -> Result<(), String> {
    let out = c
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("{what} could not run: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        let mut text = String::from_utf8_lossy(&out.stderr).trim().to_string();
        if text.is_empty() {
            text = String::from_utf8_lossy(&out.stdout).trim().to_string();
        }
        Err(format!("{what} failed ({}): {text}", out.status))
    }
}

fn free_port() -> Result<u16, String> {
    let l = TcpListener::bind("127.0.0.1:0").map_err(|e| format!("no free loopback port: {e}"))?;
    l.local_addr()
        .map(|a| a.port())
        .map_err(|e| format!("no free loopback port: {e}"))
}

fn start(durability: Durability) -> Result<Server, String> {
    let bin = bin_dir()?;
    let root = running_as_root();
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let dir = std::env::temp_dir().join(format!("tawlbot-pg-{}-{stamp}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    // The watcher first, so the folder goes even if initdb fails half way.
    let data = dir.join("data");
    let pg_ctl = bin.join("pg_ctl");
    let as_pg = if root { "runuser -u postgres -- " } else { "" };
    let script = format!(
        "read _ignored; {as_pg}'{pg_ctl}' -D '{data}' -m immediate stop >/dev/null 2>&1; rm -rf '{dir}'",
        pg_ctl = pg_ctl.display(),
        data = data.display(),
        dir = dir.display(),
    );
    let mut watcher = Command::new("sh")
        .arg("-c")
        .arg(&script)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start the watcher shell: {e}"))?;
    let watch = watcher.stdin.take().ok_or("the watcher has no stdin")?;
    if root {
        run(
            {
                let mut c = Command::new("chown");
                c.arg("postgres:").arg(&dir);
                c
            },
            "chown of the test folder to the postgres user",
        )?;
    }
    let mut initdb = command(root, &bin.join("initdb"));
    initdb.arg("-D").arg(&data).args([
        "-A",
        "trust",
        "-U",
        "postgres",
        "-E",
        "UTF8",
        "--locale=C",
        "--no-sync",
    ]);
    run(initdb, "initdb")?;
    let (fsync, sync_commit) = match durability {
        Durability::Tests => ("off", "off"),
        Durability::Default => ("on", "on"),
    };
    let mut last = String::new();
    for _ in 0..5 {
        let port = free_port()?;
        let opts = format!(
            "-p {port} -k '{dir}' -c listen_addresses=127.0.0.1 -c max_connections=300 \
             -c fsync={fsync} -c synchronous_commit={sync_commit} -c full_page_writes={fsync}",
            dir = dir.display()
        );
        let mut ctl = command(root, &pg_ctl);
        ctl.arg("-D")
            .arg(&data)
            .arg("-l")
            .arg(dir.join("log"))
            .args(["-w", "-t", "60", "-o"])
            .arg(&opts)
            .arg("start");
        match run(ctl, "pg_ctl start") {
            Ok(()) => {
                return Ok(Server {
                    port,
                    dir,
                    next: AtomicU64::new(0),
                    _watch: Mutex::new(watch),
                })
            }
            Err(e) => {
                let log = std::fs::read_to_string(dir.join("log")).unwrap_or_default();
                last = format!("{e}; server log: {}", log.trim());
            }
        }
    }
    Err(last)
}
