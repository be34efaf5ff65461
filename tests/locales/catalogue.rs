//! Words live in `locales/` only: every message id the code uses exists in
//! both catalogues, and no player-facing sentence is built in `src/app`.
//!
//! The source is read as text: comments are dropped, string literals are
//! taken out with their positions, and calls are found in what is left.

use fluent_syntax::{ast, parser};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use tawlbot::i18n::{Lang, Localiser, FILES};

/// A source file with its comments blanked and its string literals listed.
struct Source {
    path: String,
    /// The code with comments and the inside of literals replaced by spaces
    /// (same byte offsets as the file).
    code: String,
    /// (offset of the opening quote, value) of every string literal.
    literals: Vec<(usize, String)>,
}

fn scan(path: &Path, root: &Path) -> Source {
    let text = std::fs::read_to_string(path).unwrap();
    // Unit tests inside the file may name ids that do not exist on purpose.
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => text[..i].to_string(),
        None => text,
    };
    let b = text.as_bytes();
    let mut code = b.to_vec();
    let mut literals = Vec::new();
    let mut i = 0;
    let blank = |code: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut code[from..to] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            let end = text[i..].find('\n').map_or(b.len(), |e| i + e);
            blank(&mut code, i, end);
            i = end;
        } else if b[i..].starts_with(b"/*") {
            let end = text[i + 2..].find("*/").map_or(b.len(), |e| i + 2 + e + 2);
            blank(&mut code, i, end);
            i = end;
        } else if b[i] == b'r'
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
            && (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#'))
        {
            // A raw string r"..." or r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&b'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&b'"') {
                i += 1;
                continue;
            }
            let close = format!("\"{}", "#".repeat(hashes));
            let start = j + 1;
            let end = text[start..].find(&close).map_or(b.len(), |e| start + e);
            literals.push((j, text[start..end].to_string()));
            blank(&mut code, start, end);
            i = end + close.len();
        } else if b[i] == b'"' {
            let start = i + 1;
            let mut j = start;
            let mut value = String::new();
            while j < b.len() && b[j] != b'"' {
                if b[j] == b'\\' {
                    j += 1;
                    if b.get(j) == Some(&b'n') {
                        value.push('\n');
                        j += 1;
                        continue;
                    }
                    if b.get(j) == Some(&b'\n') {
                        // A line continuation: skip the next line's indent.
                        j += 1;
                        while j < b.len() && (b[j] == b' ' || b[j] == b'\t') {
                            j += 1;
                        }
                        continue;
                    }
                }
                let ch_len = text[j..].chars().next().map_or(1, char::len_utf8);
                value.push_str(&text[j..j + ch_len]);
                j += ch_len;
            }
            literals.push((i, value));
            blank(&mut code, start, j);
            i = j + 1;
        } else if b[i] == b'\'' {
            // A char literal ('a', '\n', '"') or a lifetime ('static).
            if b.get(i + 1) == Some(&b'\\') {
                let end = text[i + 2..].find('\'').map_or(b.len(), |e| i + 2 + e + 1);
                blank(&mut code, i, end);
                i = end;
            } else {
                let ch_len = text[i + 1..].chars().next().map_or(1, char::len_utf8);
                if b.get(i + 1 + ch_len) == Some(&b'\'') {
                    blank(&mut code, i, i + ch_len + 2);
                    i += ch_len + 2;
                } else {
                    i += 1;
                }
            }
        } else {
            i += 1;
        }
    }
    Source {
        path: path.strip_prefix(root).unwrap().display().to_string(),
        code: String::from_utf8(code).unwrap(),
        literals,
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

fn sources(sub: &str) -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join(sub), &mut files);
    files.sort();
    files.iter().map(|f| scan(f, root)).collect()
}

impl Source {
    /// Every call `needle(...)`: (offset, the argument span end).
    fn calls(&self, needle: &str) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let b = self.code.as_bytes();
        let mut from = 0;
        while let Some(k) = self.code[from..].find(needle) {
            let at = from + k;
            from = at + needle.len();
            // `needle` ends with '('; a preceding identifier char means another name.
            if at > 0 && (b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_') {
                continue;
            }
            let mut depth = 1;
            let mut j = from;
            while j < b.len() && depth > 0 {
                match b[j] {
                    b'(' | b'[' | b'{' => depth += 1,
                    b')' | b']' | b'}' => depth -= 1,
                    _ => {}
                }
                j += 1;
            }
            out.push((from, j.saturating_sub(1)));
        }
        out
    }

    fn literals_in(&self, from: usize, to: usize) -> Vec<&str> {
        self.literals
            .iter()
            .filter(|(at, _)| *at >= from && *at < to)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    fn line_of(&self, at: usize) -> usize {
        self.code[..at].matches('\n').count() + 1
    }

    /// The argument's code, comments and literal contents blanked, squeezed.
    fn arg_code(&self, from: usize, to: usize) -> String {
        self.code[from..to]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The ids of the English catalogue (the i18n test checks Welsh has the same).
fn catalogue_ids() -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    for (area, en, _) in FILES {
        let res = parser::parse(*en).unwrap_or_else(|_| panic!("locales/en/{area}.ftl parses"));
        for e in &res.body {
            if let ast::Entry::Message(m) = e {
                ids.insert(m.id.name.to_string());
            }
        }
    }
    ids
}

fn looks_like_id(s: &str) -> bool {
    let mut parts = s.split('-');
    let first = parts.next().unwrap_or("");
    !first.is_empty()
        && first.starts_with(|c: char| c.is_ascii_lowercase())
        && s.contains('-')
        && s.split('-').all(|p| {
            !p.is_empty()
                && p.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        })
}

fn in_both(id: &str) -> bool {
    let l = Localiser::global();
    l.has(Lang::En, id) && l.has(Lang::Cy, id)
}

/// `Msg::new("id")`: every literal id is a message of both catalogues; an
/// id chosen by `if`/`match` inside the call is checked the same way.
#[test]
fn every_message_id_in_the_code_is_in_both_catalogues() {
    let mut missing = Vec::new();
    let mut used = 0;
    for s in sources("src") {
        for (from, to) in s.calls("Msg::new(") {
            // `Msg::new("id")`, or `Msg::new(if .. { "a" } else { "b" })`:
            // every literal inside the call's parentheses is an id.
            for lit in s.literals_in(from, to) {
                used += 1;
                if !in_both(lit) {
                    missing.push(format!("{}:{}: {lit}", s.path, s.line_of(from)));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "ids in no catalogue:\n{}",
        missing.join("\n")
    );
    assert!(used > 100, "only {used} ids found: is the scan broken?");
}

/// Ids that travel through a variable (`Msg::new(id)` with `id` from a
/// closure argument, a table or a `match` elsewhere): every literal in
/// `src` shaped like an id whose first word starts a catalogue id must be
/// in the catalogue, so a misspelt id passed around is caught too. Ids
/// built with `format!` cannot be checked: there must be none.
#[test]
fn ids_passed_around_are_in_the_catalogue_and_none_is_formatted() {
    let ids = catalogue_ids();
    let prefixes: BTreeSet<String> = ids
        .iter()
        .map(|id| format!("{}-", id.split('-').next().unwrap()))
        .collect();
    // Id-shaped literals that are not messages (button ids, slugs, setting
    // keys, option values...).
    let not_ids: BTreeSet<&str> = NOT_MESSAGE_IDS.iter().copied().collect();
    let mut suspects = Vec::new();
    let mut formatted = Vec::new();
    let mut dynamic = Vec::new();
    for s in sources("src") {
        for (at, lit) in &s.literals {
            if looks_like_id(lit)
                && prefixes.iter().any(|p| lit.starts_with(p.as_str()))
                && !ids.contains(lit)
                && !not_ids.contains(lit.as_str())
            {
                suspects.push(format!("{}:{}: {lit}", s.path, s.line_of(*at)));
            }
        }
        for (from, to) in s.calls("Msg::new(") {
            let arg = s.arg_code(from, to);
            if arg.contains("format!") || arg.contains("leak") || arg.contains("concat!") {
                formatted.push(format!("{}:{}: Msg::new({arg})", s.path, s.line_of(from)));
            } else if !arg.starts_with('"') && s.literals_in(from, to).is_empty() {
                dynamic.push(format!("{}:{}: Msg::new({arg})", s.path, s.line_of(from)));
            }
        }
    }
    println!("ids passed through a variable:\n{}", dynamic.join("\n"));
    assert!(
        formatted.is_empty(),
        "ids built at run time:\n{}",
        formatted.join("\n")
    );
    assert!(
        suspects.is_empty(),
        "id-shaped literals in no catalogue (a misspelt id, or add it to NOT_MESSAGE_IDS):\n{}",
        suspects.join("\n")
    );
}

/// Id-shaped string literals in `src` that are no message ids.
const NOT_MESSAGE_IDS: &[&str] = &[
    // The /settings option naming the organiser role (a command option).
    "organiser-role",
    "organiser-role-clear",
    // Button ids of /tournament leave's question (src/app/dispatch.rs).
    "tournament-leave",
    "tournament-stay",
    // HTTP header values of the web archive.
    "no-referrer",
    "no-cache",
    // An OTN record tag (docs/OTN.md), not words.
    "time-control",
    // Keys of the catalogue's `$reason` selectors (src/domain/end_reason.rs), not ids.
    "no-legal-move",
    "move-limit",
    "no-move",
];

/// The legacy constructors build a reply from a ready-made string: once the
/// app is converted there must be none left in `src/app`.
#[test]
fn no_reply_is_built_from_a_ready_made_string() {
    let mut left = Vec::new();
    for s in sources("src/app") {
        for needle in ["Reply::text(", "Reply::private("] {
            for (from, to) in s.calls(needle) {
                left.push(format!(
                    "{}:{}: {needle}{})",
                    s.path,
                    s.line_of(from),
                    s.arg_code(from, to)
                ));
            }
        }
    }
    assert!(
        left.is_empty(),
        "{} replies built from strings:\n{}",
        left.len(),
        left.join("\n")
    );
}

/// Words that are no sentence (`.raw`, `.prefix`) carry no words: a literal
/// in them with two words in a row is a sentence outside the catalogue.
/// `Reply::say` / `Reply::tell` / `.then` / `.line` take a message: a bare
/// string there would not compile, and the id inside is checked above.
#[test]
fn raw_text_in_replies_is_no_sentence() {
    let mut sentences = Vec::new();
    let mut checked = 0;
    for s in sources("src/app") {
        for needle in [".raw(", ".prefix(", "Part::Raw("] {
            for (from, to) in s.calls(needle) {
                checked += 1;
                for lit in s.literals_in(from, to) {
                    if has_words(lit) {
                        sentences.push(format!("{}:{}: {needle}{lit:?}", s.path, s.line_of(from)));
                    }
                }
            }
        }
        for needle in ["Reply::say(", "Reply::tell(", ".then(", ".line("] {
            for (from, _) in s.calls(needle) {
                if s.code[from..].trim_start().starts_with('"') {
                    sentences.push(format!("{}:{}: {needle}\"...\"", s.path, s.line_of(from)));
                }
            }
        }
    }
    assert!(checked > 0, "no raw text found: is the scan broken?");
    assert!(
        sentences.is_empty(),
        "sentences outside the catalogue:\n{}",
        sentences.join("\n")
    );
}

/// Two words of letters in a row, once `{placeholders}` are removed.
fn has_words(lit: &str) -> bool {
    let mut plain = String::new();
    let mut depth = 0;
    for c in lit.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    let words: Vec<bool> = plain
        .split_whitespace()
        .map(|w| {
            let w = w.trim_matches(|c: char| !c.is_alphanumeric());
            w.chars().count() >= 2 && w.chars().all(char::is_alphabetic)
        })
        .collect();
    words.windows(2).any(|p| p[0] && p[1])
}

/// `notation` knows no language and no use case: its errors and the text
/// board's legend are data, worded by `app` from the catalogue.
#[test]
fn notation_uses_neither_app_nor_i18n() {
    let files = sources("src/notation");
    assert!(files.len() > 10, "is the scan broken?");
    let mut found = Vec::new();
    for s in &files {
        for m in ["app", "i18n", "discord", "console"] {
            if let Some(at) = s.code.find(&format!("crate::{m}")) {
                found.push(format!("{}:{}: crate::{m}", s.path, s.line_of(at)));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_scanner_reads_rust() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("x.rs");
    std::fs::write(
        &f,
        "// Msg::new(\"in-a-comment\")\nlet a = 'x'; fn f<'a>() {}\nlet m = Msg::new(if b { \"one-id\" } else { \"two-id\" }).str(\"k\", r#\"v \"q\"\"#);\nReply::text(\"Hello there\");\n#[cfg(test)]\nmod tests { Msg::new(\"test-only\") }\n",
    )
    .unwrap();
    let s = scan(&f, dir.path());
    let calls = s.calls("Msg::new(");
    assert_eq!(calls.len(), 1);
    assert_eq!(s.literals_in(calls[0].0, calls[0].1), ["one-id", "two-id"]);
    assert_eq!(s.calls("Reply::text(").len(), 1);
    assert!(s.literals.iter().any(|(_, v)| v == "v \"q\""));
    assert!(has_words("Hello there {x}"));
    assert!(!has_words("**{mv}**"));
    assert!(!has_words("<@{id}>"));
    assert!(
        looks_like_id("game-opening-coin") && !looks_like_id("Game-x") && !looks_like_id("word")
    );
}
