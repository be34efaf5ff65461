//! The offline front end: the same bot in a terminal.
//!
//! Reads lines from standard input:
//!
//! - `NAME@CHANNEL: TEXT`: user NAME posts TEXT in CHANNEL. TEXT is a plain
//!   message or a slash command written `/name arg:value ...`.
//! - `:clock +3d`: moves the console's clock forward (units m, h, d) and runs
//!   whatever falls due. The bot was running all that time: players lose on
//!   time as they would.
//! - `:down +3d`: the bot was offline for that long (its clock moves on, no
//!   heartbeat): at "startup" every running clock is extended by the time it
//!   was away, before anything is judged.
//! - `:outage +2h`: Discord's gateway was unreachable for that long while
//!   the process ran: nothing is judged meanwhile, and when it is back the
//!   time counts as downtime (clocks extended) as after `:down`.
//! - `:delete CHANNEL`: the channel or thread is deleted (its game is
//!   aborted; a tournament game is played again in the tournament's channel).
//! - `:admin NAME`: gives NAME the Manage Server permission (kept in the
//!   database, for the next run too).
//! - `:owner NAME`: NAME owns the server (above every role: may give any).
//! - `:manage-roles NAME` / `:manage-roles NAME off`: NAME holds Manage
//!   Roles, or no longer does. With it NAME may give (and make a
//!   tournament's `winner_role:`) any role below their own highest role.
//! - `:position ROLE N`: ROLE's place in the server's list of roles
//!   (higher is above; a role not placed sits at 1, `@everyone` at 0).
//! - `:leave NAME`: NAME leaves the server (withdrawing from tournaments).
//! - `:roles fail` / `:roles ok`: giving a role (a tournament's
//!   `winner_role:`) fails as Discord refuses it without Manage Roles, or
//!   works again; a role given is printed `console> [role: @ROLE given to
//!   @NAME]`.
//!
//! Prints each reply as `CHANNEL> TEXT`, an attachment (saved under the
//! output folder) as `CHANNEL> [file: PATH]` (a picture's alt text on the
//! next line as `CHANNEL> [alt: TEXT]`), a reply only the user sees as
//! `CHANNEL> (to NAME) TEXT`, and a direct message as `dm:NAME> TEXT`.
//! Threads the bot opens are channels named `PARENT/SLUG`.

use std::collections::{HashMap, HashSet};
use std::io::{BufRead, Write};
use std::path::PathBuf;

use crate::app::commands::{self, OptKind};
use crate::app::presentation::rendered::{Reply, Response};
use crate::app::{App, Ctx, Effect, Input, Target, User};
use crate::cli::Exit;
use crate::domain::{ChannelId, RoleGrant, RoleId, RoleRights, UserId};
use crate::store::Store;
use std::sync::Arc;

/// The player setting that keeps `:admin NAME` (Manage Server) in the
/// console's database.
const ADMIN_SETTING: &str = "console-admin";

/// The console's one server.
pub const SERVER: &str = "console";
/// Where the console's clock starts on a new database: 2026-01-01 00:00 UTC.
pub const EPOCH: i64 = 1_767_225_600;

/// How long a console's claim on an outbox row lasts (seconds of the wall
/// clock): printing a row takes far less, unless the reader stalls.
pub const OUTBOX_LEASE: i64 = 5;

/// A console session over a store, writing to `out`.
pub struct Console<W: Write> {
    app: App,
    out: W,
    dir: PathBuf,
    now: i64,
    admins: HashSet<String>,
    /// `:role NAME ROLE`: the roles each console user holds.
    roles: HashMap<String, Vec<RoleId>>,
    /// `:owner NAME`: the server's owners.
    owners: HashSet<String>,
    /// `:manage-roles NAME`: who holds Manage Roles.
    role_managers: HashSet<String>,
    /// `:position ROLE N`: where roles sit in the list (default 1).
    role_positions: HashMap<RoleId, i64>,
    channels: HashSet<String>,
    files: usize,
    line: usize,
    /// `:threads fail`: opening a match thread fails (as when the bot lacks
    /// the permission), so the app plays the match in the channel.
    fail_threads: bool,
    /// `:roles fail`: giving a role fails (as when the bot lacks Manage
    /// Roles, or the role is above its own).
    fail_roles: bool,
}

/// Turns `<@id>` into `@id` and `<#id>` into `#id`.
pub fn plain_mentions(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('<') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let sigil = tail.chars().nth(1);
        match (sigil, tail.find('>')) {
            (Some(c @ ('@' | '#')), Some(j)) if !tail[2..j].contains(char::is_whitespace) => {
                out.push(c);
                // A role mention `<@&id>` reads `@id` too.
                out.push_str(tail[2..j].trim_start_matches('&'));
                rest = &tail[j + 1..];
            }
            _ => {
                out.push('<');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Splits `/name a:1 b:two words` into the name and its arguments, using the
/// command's option names to know where a value ends.
pub fn parse_slash(text: &str) -> (String, Vec<(String, String)>) {
    let body = text.trim().trim_start_matches('/');
    let mut words = body.split_whitespace().peekable();
    let mut name = words.next().unwrap_or("").to_ascii_lowercase();
    // `/tournament create ...`: the subcommand joins the name.
    if let Some(top) = commands::find(&name) {
        if let Some(next) = words.peek() {
            let next = next.to_ascii_lowercase();
            if top.subcommands.iter().any(|c| c.name == next) {
                name = format!("{name} {next}");
                words.next();
            }
        }
    }
    let spec = commands::find(&name);
    let mut args: Vec<(String, String)> = Vec::new();
    // `/help challenge`: the command asked about (`command:` on Discord).
    if name == "help" {
        let rest: Vec<&str> = words.clone().collect();
        if !rest.is_empty() && !rest[0].contains(':') {
            args.push(("command".into(), rest.join(" ")));
            return (name, args);
        }
    }
    for w in words {
        let key = w.split_once(':').map(|(k, v)| (k.to_ascii_lowercase(), v));
        match key {
            Some((k, v)) if spec.is_none_or(|s| s.options.iter().any(|o| o.name == k)) => {
                args.push((k, v.to_string()))
            }
            // `foo:bar` where no option is called `foo`: an option of its
            // own, which the command refuses by name (never merged into
            // the value before it).
            // (`inc:` and `cap:` belong to a time bank's value:
            // `time:bank:7d inc:1d cap:14d`.)
            Some((k, v))
                if !v.is_empty()
                    && !k.is_empty()
                    && !matches!(k.as_str(), "inc" | "cap")
                    && k.chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') =>
            {
                args.push((k, v.to_string()))
            }
            // `/vacation end`: the bare name of a true/false option is
            // that option set (Discord's `end:True`).
            _ if args.is_empty()
                && spec.is_some_and(|s| {
                    s.options
                        .iter()
                        .any(|o| o.kind == OptKind::Bool && o.name == w.to_ascii_lowercase())
                }) =>
            {
                args.push((w.to_ascii_lowercase(), "true".into()))
            }
            _ => match args.last_mut() {
                Some((_, v)) => {
                    v.push(' ');
                    v.push_str(w);
                }
                None => args.push((String::new(), w.to_string())),
            },
        }
    }
    // User options: `@bob` / `<@bob>` are the user id `bob`; role
    // options: `@organisers` / `<@&organisers>` are the role `organisers`.
    if let Some(spec) = spec {
        for (k, v) in args.iter_mut() {
            if spec
                .options
                .iter()
                .any(|o| o.name == k && matches!(o.kind, OptKind::User | OptKind::Role))
            {
                *v = v
                    .trim()
                    .trim_start_matches("<@")
                    .trim_start_matches('&')
                    .trim_start_matches('@')
                    .trim_end_matches('>')
                    .to_string();
            }
        }
    }
    (name, args)
}

/// Reads `+3d`, `+90m`, `2h` as seconds.
fn parse_advance(s: &str) -> Option<i64> {
    crate::app::time_span(s.trim().trim_start_matches('+'))
}

impl<W: Write> Console<W> {
    pub fn new(store: impl Into<Arc<dyn Store>>, dir: PathBuf, out: W) -> Console<W> {
        Console::with_app(App::new(store), dir, out)
    }

    /// A console over an app already set up (e.g. with a public URL).
    pub fn with_app(app: App, dir: PathBuf, out: W) -> Console<W> {
        let app = if app.process().label.is_empty() {
            let mut p = app.process().clone();
            p.label = "console".to_string();
            app.with_process(p)
        } else {
            app
        };
        // A script plays the same each time: the console's seeds are derived.
        // What the clock tells goes through the outbox, printed as it is
        // drained.
        let mut app = app.with_outbox();
        app.derive_seeds();
        let now = app.console_clock().unwrap_or(EPOCH);
        // Pictures are numbered after those already in the folder (an
        // earlier run's are never overwritten).
        let files = numbered_files(&dir);
        Console {
            app,
            out,
            dir,
            now,
            admins: HashSet::new(),
            roles: HashMap::new(),
            owners: HashSet::new(),
            role_managers: HashSet::new(),
            role_positions: HashMap::new(),
            channels: HashSet::new(),
            files,
            line: 0,
            fail_threads: false,
            fail_roles: false,
        }
    }

    /// Whether `name` was given Manage Server (`:admin`), in this run or
    /// an earlier one over the same database.
    fn is_admin(&mut self, name: &str) -> bool {
        if self.admins.contains(name) {
            return true;
        }
        let kept = self
            .app
            .store()
            .player_settings(&name.into())
            .is_ok_and(|s| s.iter().any(|(k, v)| k == ADMIN_SETTING && v == "true"));
        if kept {
            self.admins.insert(name.to_string());
        }
        kept
    }

    /// Ends the session and hands back the output.
    pub fn into_output(self) -> W {
        self.out
    }

    pub fn now(&self) -> i64 {
        self.now
    }

    fn save_clock(&self) {
        let _ = self.app.save_console_clock(self.now);
    }

    fn emit(&mut self, prefix: &str, text: &str) {
        // Deadlines: the date and time in UTC.
        let text = crate::i18n::format_times(text, crate::app::time_utc);
        for l in plain_mentions(&text).lines() {
            let _ = writeln!(self.out, "{prefix}> {l}");
        }
    }

    fn print_reply(&mut self, here: &str, user: &str, r: &Reply) {
        let prefix = match &r.target {
            Target::Here => here.to_string(),
            Target::Channel(c) => c.to_string(),
            Target::Dm(u) => format!("dm:{u}"),
        };
        if r.ephemeral && matches!(r.target, Target::Here) {
            let t = format!("(to {user}) {}", r.text);
            self.emit(&prefix, &t);
        } else if !r.text.is_empty() {
            self.emit(&prefix, &r.text);
        }
        // Buttons, as one line: `[buttons: Accept (accept:1) · Decline
        // (decline:1)]`; `[press accept:1]` presses one. Links show their
        // address.
        if !r.buttons.is_empty() {
            let shown: Vec<String> = r
                .buttons
                .iter()
                .map(|b| match &b.url {
                    Some(url) => format!("{} <{url}>", b.label),
                    None => format!("{} ({})", b.label, b.id),
                })
                .collect();
            let _ = writeln!(self.out, "{prefix}> [buttons: {}]", shown.join(" · "));
        }
        for f in &r.files {
            self.files += 1;
            let _ = std::fs::create_dir_all(&self.dir);
            let path = self.dir.join(format!("{:04}-{}", self.files, f.name));
            match std::fs::write(&path, &f.bytes) {
                Ok(()) => {
                    let _ = writeln!(self.out, "{prefix}> [file: {}]", path.display());
                    if !f.description.is_empty() {
                        let _ = writeln!(self.out, "{prefix}> [alt: {}]", f.description);
                    }
                }
                Err(e) => {
                    let _ = writeln!(self.out, "{prefix}> [file not saved: {e}]");
                }
            }
        }
    }

    fn tick(&mut self) {
        // The console's clock moving on is time passing while the bot runs:
        // a heartbeat without any extension.
        let _ = self.app.mark_alive(self.now);
        let resp = self.app.tick(self.now);
        self.drain_outbox();
        self.system_response("clock", "", resp);
    }

    /// Prints what waits in the outbox (what the clock's changes told),
    /// oldest first. Each row is claimed (a lease, as the Discord sender
    /// claims it: of two consoles on one database one prints it), printed
    /// and flushed in one write (on a pipe, one message of up to 4 KiB goes
    /// in whole or not at all), and only then deleted: a console killed
    /// while it waits on a slow reader leaves the row to the next one,
    /// which prints it once its lease has ended ([`OUTBOX_LEASE`], wall
    /// clock). Killed in
    /// the instant between the write and the delete, the next console
    /// prints that message again. See "What players are told" in
    /// `docs/scaling.md`.
    fn drain_outbox(&mut self) {
        let _ = self.out.flush();
        let owner = self.app.process().id.clone();
        // The leases run on the wall clock: consoles on one database move
        // their own clocks, so console time cannot tell one console's lease
        // from another's.
        let wall = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        let at = self.now.max(wall);
        loop {
            let rows = match self.app.store().claim_outbox(&owner, at, OUTBOX_LEASE, 100) {
                Ok(rows) if !rows.is_empty() => rows,
                Ok(_) => return,
                Err(e) => {
                    let _ = writeln!(self.out, "console> the outbox cannot be read: {e}");
                    return;
                }
            };
            for row in rows {
                match crate::app::runtime::outbox::read(&row) {
                    Ok(r) => self.print_reply("", "", &r),
                    Err(e) => {
                        let _ =
                            writeln!(self.out, "console> an unreadable message was dropped: {e}");
                    }
                }
                if self.out.flush().is_err() {
                    // Nobody reads any more: the rest stays for the next console.
                    return;
                }
                if let Err(e) = self.app.store().outbox_done(row.id) {
                    let _ = writeln!(self.out, "console> the outbox cannot be written: {e}");
                    return;
                }
            }
        }
    }

    /// Prints what the bot says on its own (the clock, a deleted channel, a
    /// member who left) and carries out its effects, as done for `user` (or
    /// nobody) in the server, with no channel.
    fn system_response(&mut self, what: &str, user: &str, resp: Response) {
        for r in &resp.replies {
            self.print_reply("", "", r);
        }
        self.drain_outbox();
        let ctx = Ctx {
            server: SERVER.into(),
            channel: Default::default(),
            user: User {
                id: user.into(),
                name: user.to_string(),
            },
            now: self.now,
            source: format!("console:{}:{what}:{}", self.app.process().id, self.now),
            manage_server: false,
            rights: Default::default(),
            roles: Vec::new(),
            mentioned: Vec::new(),
        };
        self.effects(&ctx, "", "", resp.effects);
    }

    /// `name`'s rights over the console server's roles, with the places of
    /// the roles they hold, of every placed role and of `named`.
    fn rights_of(&self, name: &str, named: &[RoleId]) -> RoleRights {
        let place = |r: &RoleId| self.role_positions.get(r).copied().unwrap_or(1);
        let held = self.roles.get(name).map(Vec::as_slice).unwrap_or_default();
        let mut positions: Vec<(RoleId, i64)> = self
            .role_positions
            .iter()
            .map(|(r, p)| (r.clone(), *p))
            .collect();
        for r in held.iter().chain(named) {
            if !positions.iter().any(|(known, _)| known == r) {
                positions.push((r.clone(), place(r)));
            }
        }
        RoleRights {
            owner: self.owners.contains(name),
            manage_roles: self.role_managers.contains(name),
            top_position: held.iter().map(place).max().unwrap_or(0),
            positions,
        }
    }

    /// A fresh thread name `PARENT/SLUG` (`-2`, `-3`... when taken).
    fn thread_name(&mut self, parent: &str, name: &str) -> String {
        let mut thread = format!("{parent}/{name}");
        let mut n = 2;
        while self.channels.contains(&thread) {
            thread = format!("{parent}/{name}-{n}");
            n += 1;
        }
        self.channels.insert(thread.clone());
        thread
    }

    /// Carries out the app's effects: opens threads and reports back.
    fn effects(&mut self, ctx: &Ctx, here: &str, user: &str, effects: Vec<Effect>) {
        let mut queue: std::collections::VecDeque<Effect> = effects.into();
        while let Some(e) = queue.pop_front() {
            let r = match e {
                Effect::OpenThread {
                    parent,
                    name,
                    challenge,
                } => {
                    let thread = self.thread_name(&parent, &name).into();
                    self.app.start_in_thread(ctx, challenge, &thread)
                }
                Effect::OpenMatchThread { match_id, .. } if self.fail_threads => {
                    self.app.match_thread_failed(ctx, match_id)
                }
                Effect::OpenMatchThread {
                    parent,
                    name,
                    match_id,
                } => {
                    let thread = self.thread_name(&parent, &name).into();
                    self.app.start_match_in_thread(ctx, match_id, &thread)
                }
                // The console runs the bot's search at once, in line.
                Effect::BotTurn {
                    game,
                    expected_moves,
                } => self.app.bot_turn(
                    game,
                    expected_moves,
                    self.now,
                    &std::sync::atomic::AtomicBool::new(false),
                ),
                // The role is given, or refused (`:roles fail`); a given
                // role is recorded as a line: `[role: @ROLE given to @NAME]`.
                // The role is given on its creator's behalf: only if they
                // could still give it by hand.
                Effect::GrantRole {
                    user,
                    role,
                    tournament,
                    creator,
                    ..
                } => {
                    let may = creator.as_ref().is_some_and(|c| {
                        self.rights_of(c.as_str(), std::slice::from_ref(&role))
                            .may_grant(&role)
                            .is_ok()
                    });
                    let outcome = if !may {
                        RoleGrant::CreatorMayNot
                    } else if self.fail_roles {
                        RoleGrant::Refused
                    } else {
                        let _ = writeln!(self.out, "console> [role: @{role} given to @{user}]");
                        RoleGrant::Given
                    };
                    self.app.role_given(tournament, &user, &role, outcome)
                }
            };
            for rep in &r.replies {
                self.print_reply(here, user, rep);
            }
            queue.extend(r.effects);
        }
        // What the effects put in the outbox (a match's thread announced
        // in the tournament's channel, behind the round's report).
        self.drain_outbox();
    }

    /// Handles one input line.
    pub fn line(&mut self, raw: &str) {
        self.line += 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            return;
        }
        if let Some(cmd) = line.strip_prefix(':') {
            let (verb, rest) = cmd.split_once(char::is_whitespace).unwrap_or((cmd, ""));
            match verb {
                "clock" => match parse_advance(rest) {
                    Some(secs) => {
                        self.now += secs;
                        self.save_clock();
                        self.tick();
                    }
                    None => {
                        let _ = writeln!(
                            self.out,
                            "console> :clock takes a time like +3d, +12h or +30m"
                        );
                    }
                },
                "down" => match parse_advance(rest) {
                    Some(secs) => {
                        self.now += secs;
                        self.save_clock();
                        self.startup();
                    }
                    None => {
                        let _ = writeln!(
                            self.out,
                            "console> :down takes a time like +3d, +12h or +30m"
                        );
                    }
                },
                "outage" => match parse_advance(rest) {
                    Some(secs) => {
                        // The process runs but Discord is unreachable: the
                        // clock moves on, ticks judge nothing, then the
                        // gateway is back and the time is made up.
                        self.app.gateway_lost(0, self.now);
                        self.now += secs;
                        self.save_clock();
                        self.tick();
                        match self.app.gateway_back(0, self.now) {
                            Ok(Some(gap)) => {
                                let _ = writeln!(
                                    self.out,
                                    "console> Discord was unreachable for {}: every running clock was extended by that time",
                                    crate::app::span_words(gap)
                                );
                            }
                            Ok(None) => {}
                            Err(e) => {
                                let _ = writeln!(self.out, "console> heartbeat failed: {e}");
                            }
                        }
                        self.tick();
                    }
                    None => {
                        let _ = writeln!(
                            self.out,
                            "console> :outage takes a time like +3d, +12h or +30m"
                        );
                    }
                },
                "delete" if !rest.trim().is_empty() => {
                    // The channel (or thread) is deleted.
                    let channel = ChannelId::from(rest.trim().trim_start_matches('#'));
                    self.now += 1;
                    self.save_clock();
                    let resp = self.app.channel_deleted(&SERVER.into(), &channel, self.now);
                    self.system_response("delete", "", resp);
                    self.tick();
                }
                "leave" if !rest.trim().is_empty() => {
                    let who = UserId::from(rest.trim().trim_start_matches('@'));
                    self.now += 1;
                    self.save_clock();
                    let resp = self.app.member_left(&SERVER.into(), &who, self.now);
                    self.system_response("leave", &who, resp);
                    self.tick();
                }
                "threads" if matches!(rest.trim(), "fail" | "ok") => {
                    self.fail_threads = rest.trim() == "fail";
                }
                "roles" if matches!(rest.trim(), "fail" | "ok") => {
                    self.fail_roles = rest.trim() == "fail";
                }
                "role" if rest.split_whitespace().count() == 2 => {
                    // `:role olga organisers`: olga holds the role `organisers`.
                    let mut w = rest.split_whitespace();
                    let who = w.next().unwrap_or("").trim_start_matches('@').to_string();
                    let role = RoleId::from(w.next().unwrap_or("").trim_start_matches('@'));
                    self.roles.entry(who).or_default().push(role);
                }
                "owner" if !rest.trim().is_empty() => {
                    self.owners
                        .insert(rest.trim().trim_start_matches('@').to_string());
                }
                "manage-roles" if matches!(rest.split_whitespace().count(), 1 | 2) => {
                    let mut w = rest.split_whitespace();
                    let who = w.next().unwrap_or("").trim_start_matches('@').to_string();
                    match w.next() {
                        None => {
                            self.role_managers.insert(who);
                        }
                        Some("off") => {
                            self.role_managers.remove(&who);
                        }
                        Some(other) => {
                            let _ = writeln!(
                                self.out,
                                "console> write :manage-roles NAME or :manage-roles NAME off, not {other}"
                            );
                        }
                    }
                }
                "position" if rest.split_whitespace().count() == 2 => {
                    let mut w = rest.split_whitespace();
                    let role = RoleId::from(w.next().unwrap_or("").trim_start_matches('@'));
                    match w.next().unwrap_or("").parse::<i64>() {
                        Ok(n) if n >= 1 => {
                            self.role_positions.insert(role, n);
                        }
                        _ => {
                            let _ = writeln!(
                                self.out,
                                "console> a role's position is a whole number from 1: :position ROLE N"
                            );
                        }
                    }
                }
                "admin" if !rest.trim().is_empty() => {
                    let name = rest.trim().trim_start_matches('@').to_string();
                    // Kept in the database (a player setting), so the next
                    // run knows it too.
                    let store = self.app.store();
                    let kept = store
                        .upsert_player(&name.as_str().into(), &name)
                        .and_then(|()| {
                            store.set_player_setting(&name.as_str().into(), ADMIN_SETTING, "true")
                        });
                    if let Err(e) = kept {
                        let _ = writeln!(self.out, "console> :admin {name} not kept: {e}");
                    }
                    self.admins.insert(name);
                }
                _ => {
                    let _ = writeln!(
                        self.out,
                        "console> unknown console command :{verb} (try :clock +1d, :down +1d, :outage +1h, :delete CHANNEL, :admin NAME, :owner NAME, :manage-roles NAME [off], :role NAME ROLE, :position ROLE N, :leave NAME, :threads fail|ok or :roles fail|ok)"
                    );
                }
            }
            return;
        }
        let Some((who, text)) = line.split_once(": ").or_else(|| line.split_once(':')) else {
            let _ = writeln!(
                self.out,
                "console> cannot read line {}: write NAME@CHANNEL: TEXT",
                self.line
            );
            return;
        };
        let Some((name, channel)) = who.split_once('@') else {
            let _ = writeln!(
                self.out,
                "console> cannot read line {}: write NAME@CHANNEL: TEXT",
                self.line
            );
            return;
        };
        let (name, channel) = (name.trim().to_string(), channel.trim().to_string());
        if name.is_empty() || channel.is_empty() {
            let _ = writeln!(
                self.out,
                "console> cannot read line {}: write NAME@CHANNEL: TEXT",
                self.line
            );
            return;
        }
        self.now += 1;
        self.save_clock();
        self.channels.insert(channel.clone());
        let text = text.trim();
        let mut ctx = Ctx {
            server: SERVER.into(),
            channel: channel.clone().into(),
            user: User {
                id: name.clone().into(),
                name: name.clone(),
            },
            now: self.now,
            // The process's own id: two consoles on one database never
            // make the same source (a move is applied once per source).
            source: format!(
                "console:{}:{}:{}",
                self.app.process().id,
                self.now,
                self.line
            ),
            manage_server: self.is_admin(&name),
            roles: self.roles.get(&name).cloned().unwrap_or_default(),
            rights: self.rights_of(&name, &[]),
            mentioned: Vec::new(),
        };
        let input = if let Some(id) = text
            .strip_prefix("[press ")
            .and_then(|t| t.strip_suffix(']'))
        {
            // `[press ID]`: the user presses the button whose id is ID (the
            // console prints a reply's buttons as `[buttons: Label (ID) ...]`).
            Input::Button {
                id: id.trim().to_string(),
            }
        } else if text.starts_with('/') {
            let (cmd, args) = parse_slash(text);
            if let Some(spec) = commands::find(&cmd) {
                for (k, v) in &args {
                    if spec
                        .options
                        .iter()
                        .any(|o| o.name == k && o.kind == OptKind::User)
                    {
                        ctx.mentioned.push(User {
                            id: v.clone().into(),
                            name: v.clone(),
                        });
                    }
                }
                // Role options: their places in the list, as Discord
                // resolves a role option with its position.
                let named: Vec<RoleId> = args
                    .iter()
                    .filter(|(k, _)| {
                        spec.options
                            .iter()
                            .any(|o| o.name == k && o.kind == OptKind::Role)
                    })
                    .map(|(_, v)| RoleId::from(v.as_str()))
                    .collect();
                ctx.rights = self.rights_of(&name, &named);
            }
            Input::Slash { name: cmd, args }
        } else {
            let addressed = text.contains("@tawlbot") || text.contains("<@tawlbot>");
            let cleaned = text.replace("<@tawlbot>", "").replace("@tawlbot", "");
            Input::Message {
                text: cleaned.trim().to_string(),
                addressed,
            }
        };
        let resp = self.app.handle(&ctx, input);
        for r in &resp.replies {
            self.print_reply(&channel, &name, r);
        }
        // What the input's own transactions put in the outbox (a round's
        // report and pairings) comes before what its effects do.
        self.drain_outbox();
        self.effects(&ctx, &channel, &name, resp.effects);
        self.tick();
        let _ = self.out.flush();
    }

    /// What the bot does when it starts: the heartbeat (making up for any
    /// downtime) before the first tick.
    fn startup(&mut self) {
        match self.app.heartbeat(self.now) {
            Ok(Some(gap)) => {
                let _ = writeln!(
                    self.out,
                    "console> the bot was offline for {}: every running clock was extended by that time",
                    crate::app::span_words(gap)
                );
            }
            Ok(None) => {}
            Err(e) => {
                let _ = writeln!(self.out, "console> heartbeat failed: {e}");
                return;
            }
        }
        self.tick();
    }

    /// Runs lines from a reader until it ends.
    pub fn run(&mut self, input: impl BufRead) {
        self.startup();
        for line in input.lines() {
            match line {
                Ok(l) => self.line(&l),
                Err(_) => break,
            }
        }
        let _ = self.out.flush();
    }
}

const USAGE: &str = "usage: tawlbot console [--db PATH|URL] [--out DIR]";

/// `tawlbot console [--db PATH|URL] [--out DIR]`.
pub fn main(args: Vec<String>) -> Exit {
    let mut db: Option<PathBuf> = None;
    let mut dir = PathBuf::from("out");
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--db" => match it.next() {
                Some(p) => db = Some(p.into()),
                None => return Exit::Usage(format!("--db needs a path\n{USAGE}")),
            },
            "--out" => match it.next() {
                Some(p) => dir = p.into(),
                None => return Exit::Usage(format!("--out needs a folder\n{USAGE}")),
            },
            "-h" | "--help" => return Exit::Usage(USAGE.into()),
            other => return Exit::Usage(format!("unknown argument {other:?}\n{USAGE}")),
        }
    }
    let _ = dotenvy::dotenv();
    let target = db
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_else(crate::store::database_target_from_env);
    let store = match crate::store::open(&target) {
        Ok(s) => s,
        Err(e) => return Exit::Usage(e.to_string()),
    };
    let stdout = std::io::stdout();
    let app = App::new(store).with_public_url(std::env::var(crate::web::PUBLIC_URL_VAR).ok());
    // Buffered: each message of the outbox goes out in one write (see
    // `drain_outbox`); every input line's answers are flushed.
    let out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut c = Console::with_app(app, dir, out);
    c.run(std::io::stdin().lock());
    Exit::Ok
}

/// The highest number `NNNN-` that starts a file's name in `dir` (0: none,
/// or no such folder).
fn numbered_files(dir: &std::path::Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            let (n, _) = name.split_once('-')?;
            n.parse::<usize>().ok()
        })
        .max()
        .unwrap_or(0)
}
