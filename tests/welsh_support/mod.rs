//! The Welsh console game shared by `welsh_console.rs` and `snapshots.rs`,
//! and a detector of English sentences built from the English catalogue.
#![allow(dead_code)]

use fluent_syntax::{ast, parser};
use std::collections::BTreeSet;
use tawlbot::i18n::{Lang, FILES};

// The `app` binary (tests/app.rs), whose two Welsh suites use this module,
// declares `console_support` beside it.
use crate::console_support::{king_escapes, say};

/// A line the console answers with a notice naming `name`: it splits the
/// session's output into the replies to each step, whatever the language.
pub fn mark(name: &str) -> String {
    format!(":{MARK}{name}")
}
pub const MARK: &str = "snap-";

/// The match thread of the tournament round.
pub const THREAD: &str = "general/gwanwyn-r1-carol-dave";

/// A tawlbwrdd game from challenge to the result, with refusals, a
/// reminder and a declined draw offer, between players who chose Welsh;
/// then a tournament round (create, join, start, a game in the match
/// thread) between players who read Welsh through the server's default.
/// `lang`: the language everyone chooses (`cymraeg` or `english`).
pub fn script(lang: &str) -> Vec<String> {
    let g = "general";
    let mut s = vec![
        say("alice", g, &format!("/language choice:{lang}")),
        say("bob", g, &format!("/language choice:{lang}")),
        mark("help"),
        say("alice", g, "/help"),
        mark("after-help"),
        mark("challenge"),
        say(
            "alice",
            g,
            "/challenge opponent:@bob variant:tawlbwrdd side:defenders time:1d",
        ),
        mark("opening"),
        say("bob", g, "/accept"),
        mark("refusal"),
        // Not alice's turn: the attackers move first.
        say("alice", g, "g7-g9"),
        // Not a move at all, then a move no rook could make.
        say("bob", g, "/move move:zz9-e4"),
        say("bob", g, "e2-d3"),
        mark("move"),
        say("bob", g, "e2-c2"),
        say("alice", g, "g7-g9"),
        mark("reminder"),
        // Three quarters of bob's day go by: a reminder.
        ":clock +19h".to_string(),
        say("bob", g, "g2-i2"),
        mark("draw-offer"),
        say("alice", g, "/draw"),
        say("bob", g, "/draw answer:decline"),
        mark("then"),
        say("alice", g, "f7-g7"),
        say("bob", g, "c2-c3"),
        say("alice", g, "f8-h8"),
        say("bob", g, "i2-i3"),
        say("alice", g, "f6-f9"),
        // The king has left the throne: no other piece may stop there.
        say("bob", g, "i3-i6"),
        say("alice", g, "f5-f6"),
        say("alice", g, "/move move:f5-f6"),
        mark("win"),
        say("alice", g, "f9-a9"),
        mark("then"),
        // The tournament: the server reads Welsh by default, and carol and
        // dave never choose.
        ":admin olga".to_string(),
        say("olga", g, &format!("/language choice:{lang} server:true")),
        say(
            "olga",
            g,
            "/tournament create name:Gwanwyn variant:tawlbwrdd format:round-robin match:single",
        ),
        say("carol", g, "/tournament join"),
        say("dave", g, "/tournament join"),
        say("carol", g, "/tournament start"),
        mark("tournament-start"),
        say("olga", g, "/tournament start"),
    ];
    s.push(mark("tournament-game"));
    s.extend(king_escapes(THREAD, FIRST, SECOND));
    s.push(mark("standings"));
    s.push(say("carol", g, "/tournament standings"));
    s
}

/// Who plays first (the attackers) in the match thread.
pub const FIRST: &str = "carol";
pub const SECOND: &str = "dave";

/// The words of `text`, in order; `None` where something that is no word
/// (a mention, a move, a number, a command) breaks the sequence.
pub fn words(text: &str) -> Vec<Option<String>> {
    let mut out = Vec::new();
    for tok in text.split_whitespace() {
        let t = tok.trim_matches(|c: char| !c.is_alphanumeric());
        let lead_ok = !tok.starts_with(['@', '#', '/', '<', ':']);
        if lead_ok
            && !t.is_empty()
            && t.chars()
                .all(|c| c.is_alphabetic() || c == '\'' || c == '’' || c == '-')
            && t.chars().any(char::is_alphabetic)
            && !tok.contains("**")
        {
            out.push(Some(t.to_lowercase().replace('’', "'")));
        } else {
            out.push(None);
        }
        // A sentence ends: a sequence does not run across it.
        if tok.ends_with(['.', ':', ';', '!', '?']) {
            out.push(None);
        }
    }
    out
}

fn ngrams(ws: &[Option<String>], n: usize) -> Vec<String> {
    ws.windows(n)
        .filter(|w| w.iter().all(Option::is_some))
        .map(|w| {
            w.iter()
                .map(|x| x.as_deref().unwrap())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

fn collect_text(p: &ast::Pattern<&str>, out: &mut Vec<String>, cur: &mut String) {
    for e in &p.elements {
        match e {
            ast::PatternElement::TextElement { value } => cur.push_str(value),
            ast::PatternElement::Placeable { expression } => {
                // A placeable is no word of the sentence: a break.
                out.push(std::mem::take(cur));
                if let ast::Expression::Select { variants, .. } = expression {
                    for v in variants {
                        let mut inner = String::new();
                        collect_text(&v.value, out, &mut inner);
                        out.push(inner);
                    }
                }
            }
        }
    }
}

/// Every piece of fixed text of every message of `lang` (each variant of
/// each selector), split where arguments go.
pub fn fragments(lang: Lang) -> Vec<String> {
    let mut out = Vec::new();
    for (area, en, cy) in FILES {
        let src = if lang == Lang::En { en } else { cy };
        let res = parser::parse(*src).unwrap_or_else(|_| panic!("{area}.ftl parses"));
        for e in &res.body {
            if let ast::Entry::Message(m) = e {
                let mut cur = String::new();
                if let Some(v) = &m.value {
                    collect_text(v, &mut out, &mut cur);
                }
                for a in &m.attributes {
                    out.push(std::mem::take(&mut cur));
                    collect_text(&a.value, &mut out, &mut cur);
                }
                out.push(cur);
            }
        }
    }
    out
}

/// Tells English from Welsh: every sequence of three words of the English
/// catalogue that the Welsh one does not also have, and the words only
/// Welsh uses.
pub struct Detector {
    english: BTreeSet<String>,
    welsh_words: BTreeSet<String>,
}

/// Common English words: one of them in a line is English.
pub const ENGLISH_WORDS: &[&str] = &[
    " the ", " your ", " you ", " is ", " to move", " and ", " with ", " has ", " of ", " game ",
    " wins", " please ", " it ", " are ",
];

impl Detector {
    pub fn new() -> Detector {
        let seqs = |lang| {
            fragments(lang)
                .iter()
                .flat_map(|f| ngrams(&words(f), 3))
                .collect::<BTreeSet<_>>()
        };
        let vocab = |lang| {
            fragments(lang)
                .iter()
                .flat_map(|f| words(f).into_iter().flatten())
                .collect::<BTreeSet<_>>()
        };
        let cy = seqs(Lang::Cy);
        let english = seqs(Lang::En).difference(&cy).cloned().collect();
        let welsh_words = vocab(Lang::Cy)
            .difference(&vocab(Lang::En))
            .cloned()
            .collect();
        Detector {
            english,
            welsh_words,
        }
    }

    pub fn english_sequences(&self) -> usize {
        self.english.len()
    }

    /// What makes `line` English, if anything.
    pub fn english_in(&self, line: &str) -> Option<String> {
        let ws = words(line);
        if let Some(seq) = ngrams(&ws, 3)
            .into_iter()
            .find(|s| self.english.contains(s))
        {
            return Some(format!("the English sequence {seq:?}"));
        }
        let plain = format!(
            " {} ",
            ws.iter()
                .map(|w| w.as_deref().unwrap_or("·"))
                .collect::<Vec<_>>()
                .join(" ")
        );
        ENGLISH_WORDS
            .iter()
            .find(|w| plain.contains(*w))
            .map(|w| format!("the English word {:?}", w.trim()))
    }

    /// `line` has a word only Welsh uses, or no words at all (a name, a
    /// move, a table rule).
    pub fn reads_welsh(&self, line: &str) -> bool {
        let ws: Vec<String> = words(line).into_iter().flatten().collect();
        ws.len() < 2 || ws.iter().any(|w| self.welsh_words.contains(w))
    }
}

impl Default for Detector {
    fn default() -> Detector {
        Detector::new()
    }
}
