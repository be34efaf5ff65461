//! Snapshots of the key replies in both languages: the same console session
//! (`welsh_support::script`) played once by players who chose English and
//! once by players who chose Welsh, cut at its marks, each piece compared
//! with `tests/snapshots/<step>.<en|cy>.txt`.
//!
//! After a deliberate change of wording, `UPDATE_SNAPSHOTS=1 cargo test
//! --test snapshots` rewrites the files; read the diff before committing.

use crate::console_support;
use crate::welsh_support;
use console_support::Session;
use std::collections::BTreeMap;
use std::path::PathBuf;
use welsh_support::MARK;

/// The steps kept, and how many of their lines (`/help` is long: its head).
const STEPS: &[(&str, usize)] = &[
    ("help", 4),
    ("challenge", usize::MAX),
    ("opening", usize::MAX),
    ("refusal", usize::MAX),
    ("move", usize::MAX),
    ("reminder", usize::MAX),
    ("draw-offer", usize::MAX),
    ("win", usize::MAX),
    ("tournament-start", usize::MAX),
];

/// The session's output in `lang`, by step: the lines after each mark.
fn steps(lang: &str) -> BTreeMap<String, String> {
    let s = Session::new();
    let out = s.run(&welsh_support::script(lang));
    let dir = s.out.display().to_string();
    let mut by_step = BTreeMap::new();
    let mut current: Option<String> = None;
    for l in out.lines() {
        if let Some(rest) = l.split_once(&format!(":{MARK}")).map(|(_, r)| r) {
            if l.starts_with("console> ") {
                let name = rest.split_whitespace().next().unwrap_or("").to_string();
                by_step.insert(name.clone(), String::new());
                current = Some(name);
                continue;
            }
        }
        if let Some(c) = &current {
            let text = by_step.get_mut(c).unwrap();
            text.push_str(&l.replace(&dir, "out"));
            text.push('\n');
        }
    }
    by_step
}

fn file(step: &str, lang: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(format!("{step}.{}.txt", short(lang)))
}

fn check(lang: &str) {
    let got = steps(lang);
    let update = std::env::var_os("UPDATE_SNAPSHOTS").is_some();
    let mut diffs = Vec::new();
    for (step, keep) in STEPS {
        let text = got
            .get(*step)
            .unwrap_or_else(|| panic!("no step {step} in the {lang} session"));
        let text: String = text.lines().take(*keep).map(|l| format!("{l}\n")).collect();
        assert!(!text.trim().is_empty(), "{step}.{lang}: no reply");
        // No message left unformatted, no id instead of words.
        assert!(!text.contains(['{', '}']), "{step}.{lang}: {text}");
        let path = file(step, lang);
        if update {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &text).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_default();
        if want != text {
            diffs.push(format!(
                "{}:\n--- want\n{want}--- got\n{text}",
                path.display()
            ));
        }
    }
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
}

#[test]
fn key_replies_in_english() {
    check("english");
}

#[test]
fn key_replies_in_welsh() {
    check("cymraeg");
}

/// The two languages say different things at every step (a step that
/// reads the same in both was left untranslated).
#[test]
fn every_step_differs_between_the_languages() {
    let en = steps("english");
    let cy = steps("cymraeg");
    let same: Vec<&str> = STEPS
        .iter()
        .map(|(step, _)| *step)
        .filter(|step| en.get(*step) == cy.get(*step))
        .collect();
    assert!(
        same.is_empty(),
        "these steps read the same in both: {same:?}"
    );
}

fn short(lang: &str) -> &'static str {
    if lang == "cymraeg" {
        "cy"
    } else {
        "en"
    }
}

// The same tests on PostgreSQL (tests/backends).
on_postgres!(
    key_replies_in_english,
    key_replies_in_welsh,
    every_step_differs_between_the_languages,
);
