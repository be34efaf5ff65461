//! `tawlbot doctor --db PATH [--quarantine | --show-quarantine]`: lists
//! every stored row this program cannot read or play on (table, id, what
//! is wrong: `games 4: move 1 zz-zz: ...`; see `app::use_cases::doctor`) and, with
//! `--quarantine`, moves them to the `quarantine` table; says
//! how many rows wait there, and `--show-quarantine` lists them. Exit
//! status 0 when there is none, 1 when there is any, 2 for a usage error
//! or a database that cannot be opened.

use std::io::Write;

use crate::cli::Exit;
use crate::store::database_target_from_env;

pub const DOCTOR_USAGE: &str =
    "usage: tawlbot doctor [--db PATH] [--quarantine | --show-quarantine]
  lists every stored row tawlbot cannot read or play on (table, id, what is
  wrong): rows the program's readers refuse, games replayed move by move,
  move numbers and counts, references, ratings, settings, server languages;
  --quarantine moves them to the quarantine table (see docs/storage.md);
  --show-quarantine lists the rows in the quarantine table instead.
  PATH (a file, or a postgres:// URL) defaults to DATABASE_URL, else DATABASE_PATH,
  else tawlbot.db. Exit status 0: none; 1: some.";

pub fn doctor(args: Vec<String>, out: &mut dyn Write) -> Exit {
    let mut db = None;
    let mut quarantine = false;
    let mut show = false;
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--db" => match it.next() {
                Some(p) => db = Some(std::path::PathBuf::from(p)),
                None => return Exit::Usage(format!("--db needs a value\n\n{DOCTOR_USAGE}")),
            },
            "--quarantine" => quarantine = true,
            "--show-quarantine" => show = true,
            "-h" | "--help" => return Exit::Usage(DOCTOR_USAGE.into()),
            other => return Exit::Usage(format!("unknown argument {other:?}\n\n{DOCTOR_USAGE}")),
        }
    }
    if quarantine && show {
        return Exit::Usage(format!(
            "--quarantine and --show-quarantine go one at a time\n\n{DOCTOR_USAGE}"
        ));
    }
    let target = match db {
        Some(p) => p.to_string_lossy().to_string(),
        None => database_target_from_env(),
    };
    let path = std::path::Path::new(&target);
    // Opening would create a missing file: a doctor only looks at one that
    // is there (a database URL is the store's to judge).
    if !target.contains("://") && !path.is_file() {
        return Exit::Usage(format!("there is no database file {}", path.display()));
    }
    // What the report names: the file, or the URL without its password.
    let shown = crate::store::redact_url(&target);
    let store = match crate::store::open(&target) {
        Ok(s) => s,
        Err(e) => return Exit::Usage(e.to_string()),
    };
    if show {
        return show_quarantine(&*store, &shown, out);
    }
    let rows = match crate::app::use_cases::doctor::examine(&*store) {
        Ok(r) => r,
        Err(e) => return Exit::Usage(e.to_string()),
    };
    for r in &rows {
        let _ = writeln!(out, "{r}");
    }
    // Rows, not problems: a row with two problems counts once.
    let mut distinct: Vec<(crate::store::Table, &str)> =
        rows.iter().map(|r| (r.table, r.id.as_str())).collect();
    distinct.dedup();
    let n = distinct.len();
    let _ = match n {
        0 => writeln!(out, "{shown}: every row can be read."),
        1 => writeln!(out, "{shown}: 1 row cannot be read."),
        _ => writeln!(out, "{shown}: {n} rows cannot be read."),
    };
    if quarantine && n > 0 {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        match store.quarantine_rows(&rows, now) {
            Ok(moved) => {
                let _ = writeln!(
                    out,
                    "moved {} to the quarantine table (with the rows that hung on {}).",
                    if moved.len() == 1 {
                        "1 row".to_string()
                    } else {
                        format!("{} rows", moved.len())
                    },
                    if moved.len() == 1 { "it" } else { "them" },
                );
                if moved.len() < n {
                    let _ = writeln!(
                        out,
                        "left {} where {} (a channel still in use stays; see docs/storage.md).",
                        if n - moved.len() == 1 {
                            "1 row".to_string()
                        } else {
                            format!("{} rows", n - moved.len())
                        },
                        if n - moved.len() == 1 {
                            "it is"
                        } else {
                            "they are"
                        },
                    );
                }
            }
            Err(e) => return Exit::Usage(format!("the quarantine failed, nothing was moved: {e}")),
        }
    }
    // Rows set aside earlier wait for the operator: said once, in a line.
    if !(quarantine && n > 0) {
        match store.quarantined() {
            Ok(q) if q.is_empty() => {}
            Ok(q) => {
                let _ = writeln!(
                    out,
                    "{shown}: {} in the quarantine table (tawlbot doctor --show-quarantine lists {}).",
                    rows_wait(q.len()),
                    if q.len() == 1 { "it" } else { "them" },
                );
            }
            Err(e) => return Exit::Usage(format!("the quarantine cannot be read: {e}")),
        }
    }
    if n == 0 {
        Exit::Ok
    } else {
        Exit::Refused
    }
}

/// "1 row waits" / "3 rows wait".
fn rows_wait(n: usize) -> String {
    if n == 1 {
        "1 row waits".into()
    } else {
        format!("{n} rows wait")
    }
}

/// `--show-quarantine`: the rows in the quarantine table, oldest first,
/// each with when it was moved, then a count. Reads only; exit status 0.
fn show_quarantine(store: &dyn crate::store::Store, shown: &str, out: &mut dyn Write) -> Exit {
    let q = match store.quarantined() {
        Ok(q) => q,
        Err(e) => return Exit::Usage(format!("the quarantine cannot be read: {e}")),
    };
    for r in &q {
        let _ = writeln!(
            out,
            "{} {}: {} (quarantined {})",
            r.table,
            r.row_id,
            r.problem,
            crate::app::time_utc(r.at)
        );
    }
    let _ = match q.len() {
        0 => writeln!(out, "{shown}: the quarantine table is empty."),
        n => writeln!(out, "{shown}: {} in the quarantine table.", rows_wait(n)),
    };
    Exit::Ok
}
