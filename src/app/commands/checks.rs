//! Discord's rules for commands, checked on the whole table, and the
//! table's own helpers.

use super::{
    command, english, find, opt, time_suggestions, Command, CommandSpec, OptKind, OptSpec, Suggest,
    COMMANDS, TIME_SUGGESTIONS, TOURNAMENT,
};

/// `^[-_\p{L}\p{N}]{1,32}$`, lower case (Discord's rule for command and
/// option names).
fn name_ok(name: &str) -> bool {
    let n = name.chars().count();
    (1..=32).contains(&n)
        && name
            .chars()
            .all(|c| c == '-' || c == '_' || c.is_alphanumeric())
        && name.to_lowercase() == name
}

fn len_ok(s: &str, max: usize) -> bool {
    (1..=max).contains(&s.chars().count())
}

/// Every rule Discord applies to a command, as a list of broken ones.
fn discord_problems(c: &CommandSpec, path: &str, out: &mut Vec<String>) -> usize {
    let here = format!("{path}{}", c.name);
    let description = english(c.description);
    let mut chars = c.name.chars().count() + description.chars().count();
    if !name_ok(c.name) {
        out.push(format!("{here}: bad name"));
    }
    if !len_ok(&description, 100) {
        out.push(format!("{here}: description not 1-100 chars"));
    }
    if !c.subcommands.is_empty() && !c.options.is_empty() {
        out.push(format!("{here}: subcommands mixed with options"));
    }
    if c.options.len() > 25 || c.subcommands.len() > 25 {
        out.push(format!("{here}: more than 25 options"));
    }
    if let Some(i) = c.options.iter().position(|o| !o.required) {
        if c.options[i..].iter().any(|o| o.required) {
            out.push(format!("{here}: a required option after an optional one"));
        }
    }
    let mut seen = std::collections::HashSet::new();
    for o in c.options {
        let at = format!("{here} {}", o.name);
        if !seen.insert(o.name) {
            out.push(format!("{at}: duplicate option name"));
        }
        if !name_ok(o.name) {
            out.push(format!("{at}: bad name"));
        }
        let description = english(o.description);
        if !len_ok(&description, 100) {
            out.push(format!("{at}: description not 1-100 chars"));
        }
        if o.choices.len() > 25 {
            out.push(format!("{at}: more than 25 choices"));
        }
        if !o.choices.is_empty() && o.autocomplete() {
            out.push(format!("{at}: both choices and autocomplete"));
        }
        if !o.choices.is_empty() && o.kind != OptKind::Text {
            out.push(format!("{at}: string choices on a non-string option"));
        }
        if o.autocomplete() && !matches!(o.kind, OptKind::Text | OptKind::Integer) {
            out.push(format!(
                "{at}: autocomplete on an option that cannot have it"
            ));
        }
        chars += o.name.chars().count() + description.chars().count();
        for (label, value) in o.choices {
            if !len_ok(label, 100) || !len_ok(value, 100) {
                out.push(format!("{at}: choice {label:?} not 1-100 chars"));
            }
            chars += label.chars().count() + value.chars().count();
        }
    }
    for sc in c.subcommands {
        if !sc.subcommands.is_empty() {
            out.push(format!("{here} {}: nested too deep", sc.name));
        }
        chars += discord_problems(sc, &format!("{here} "), out);
    }
    if path.is_empty() && chars > 4000 {
        out.push(format!("{here}: {chars} characters, over 4000"));
    }
    chars
}

#[test]
fn every_command_keeps_discords_limits() {
    let mut problems = Vec::new();
    let mut names = std::collections::HashSet::new();
    for c in COMMANDS {
        assert!(names.insert(c.name), "two commands named {}", c.name);
        discord_problems(c, "", &mut problems);
    }
    assert!(COMMANDS.len() <= 100, "over Discord's 100 slash commands");
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn the_checker_catches_what_discord_refuses() {
    const BAD_OPTS: &[OptSpec] = &[
        opt("Options", "upper case"),
        OptSpec {
            required: true,
            choices: &[("a", "a")],
            suggest: Some(Suggest::Time),
            ..opt("format", "")
        },
    ];
    const BAD: CommandSpec = CommandSpec {
        subcommands: TOURNAMENT,
        ..command("bad name", "x", BAD_OPTS, |_| Ok(Command::Help(None)))
    };
    let mut p = Vec::new();
    discord_problems(&BAD, "", &mut p);
    let all = p.join("\n");
    for needle in [
        "bad name: bad name",
        "Options: bad name",
        "required option after an optional",
        "both choices and autocomplete",
        "description not 1-100",
        "subcommands mixed",
    ] {
        assert!(all.contains(needle), "missing {needle:?} in {all}");
    }
}

#[test]
fn tournament_create_lists_required_options_first() {
    let c = find("tournament create").unwrap();
    let names: Vec<_> = c.options.iter().map(|o| o.name).collect();
    assert_eq!(&names[..3], ["name", "variant", "format"]);
}

#[test]
fn time_is_free_text_with_suggestions() {
    for c in [find("challenge"), find("tournament create")] {
        let t = c
            .unwrap()
            .options
            .iter()
            .find(|o| o.name == "time")
            .unwrap();
        assert!(t.autocomplete() && t.choices.is_empty() && t.kind == OptKind::Text);
    }
    let all = time_suggestions("");
    assert!(all.iter().any(|(_, v)| v == "bank:7d inc:1d cap:14d"));
    assert!(all.iter().any(|(_, v)| v == "3d"));
    let bank = time_suggestions("bank:3d");
    assert_eq!(bank[0].1, "bank:3d", "what was typed comes first");
    assert!(bank.iter().any(|(_, v)| v == "bank:7d inc:1d cap:14d"));
    assert_eq!(time_suggestions("12h")[0].1, "12h");
    assert_eq!(time_suggestions("12h").len(), 1);
    for (l, v) in time_suggestions(&"x".repeat(300)) {
        assert!(l.chars().count() <= 100 && v.chars().count() <= 100);
    }
    // Every suggestion is a time the app reads.
    for (_, v) in TIME_SUGGESTIONS {
        assert!(
            crate::app::use_cases::clock::time::TimeControl::parse(v).is_ok(),
            "{v}"
        );
    }
}

#[test]
fn find_reads_commands_and_subcommands() {
    assert_eq!(find("challenge").map(|c| c.name), Some("challenge"));
    assert_eq!(find("profile").map(|c| c.name), Some("profile"));
    assert_eq!(find("tournament create").map(|c| c.name), Some("create"));
    assert_eq!(find("tournament list").map(|c| c.name), Some("list"));
    assert!(find("tournament nosuch").is_none());
    assert!(find("nosuch").is_none());
}

/// `/name` with `args`, parsed: the command's `Debug`, or the refusal's.
fn parsed(name: &str, args: &[(&str, &str)]) -> String {
    let args: Vec<(String, String)> = args
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    match Command::parse(name, &args) {
        Ok(c) => format!("{c:?}"),
        Err(r) => format!("refused: {r:?}"),
    }
}

/// Every option a command declares is read by its `parse` (given, it
/// changes the command), and reading one it does not declare is caught
/// by `Options::text` in debug builds, which this walk exercises.
#[test]
fn every_declared_option_is_read() {
    let mut all: Vec<String> = Vec::new();
    for c in COMMANDS {
        if c.subcommands.is_empty() {
            all.push(c.name.to_string());
        }
        for s in c.subcommands {
            all.push(format!("{} {}", c.name, s.name));
        }
    }
    for name in &all {
        let spec = find(name).unwrap();
        let bare = parsed(name, &[]);
        for o in spec.options {
            let value = match o.kind {
                OptKind::Bool => "true",
                OptKind::Integer => "2",
                _ => "x",
            };
            let with = parsed(name, &[(o.name, value)]);
            assert_ne!(with, bare, "/{name} ignores its option {}:", o.name);
        }
    }
}

#[test]
fn the_parser_refuses_as_before() {
    let unknown = parsed("nosuch", &[]);
    assert!(unknown.contains("unknown-command"), "{unknown}");
    let option = parsed("accept", &[("colour", "red")]);
    assert!(option.contains("option-unknown"), "{option}");
    let none = parsed("history", &[("game", "2")]);
    assert!(none.contains("option-none"), "{none}");
    assert!(parsed("move", &[]).contains("move-missing"));
    assert!(parsed("pause", &[("days", "31")]).contains("pause-days-bad"));
    // A subcommand /tournament does not have lists the ones it has.
    assert_eq!(
        parsed("tournament nosuch", &[("x", "1")]),
        parsed("tournament", &[])
    );
    assert!(parsed("tournament", &[]).contains("Commands"));
}
