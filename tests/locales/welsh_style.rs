//! The house style of the Welsh catalogue (docs/cymraeg.md, "House style"),
//! as far as a program can check it: no mutating word right before a
//! placeable name, soft mutation after *neu* before an imperative, *chi*
//! throughout, one word for a pause (*saib*).

use fluent_syntax::{ast, parser};
use tawlbot::i18n::FILES;

/// Words that mutate what follows them (soft: *gan, am, o, i, ar, at,
/// dros, drwy, wrth, heb, gyda* in speech; aspirate: *â, a, gyda*; *yn*
/// before a noun or adjective).
const MUTATING: &[&str] = &[
    "gan", "am", "â", "o", "yn", "i", "ar", "at", "dros", "drwy", "trwy", "wrth", "heb", "gyda",
    "a", "dan", "tan", "hyd",
];

/// Placeables that never need a common noun before them: numbers, spans
/// of time and dates (digits do not mutate), and square names (f6, @55),
/// which the glossary keeps unmutated: "i f6".
const NOT_NAMES: &[&str] = &[
    // numbers, counts and spans
    "n",
    "id",
    "count",
    "round",
    "total",
    "max",
    "of",
    "number",
    "board",
    "span",
    "big",
    "small",
    "rounds",
    "bank",
    "inc",
    "cap",
    "width",
    "height",
    "found-width",
    "found-height",
    "nodes",
    "moves",
    "plies",
    "page",
    "pages",
    "level",
    "points",
    "date",
    "until",
    "rank",
    "before",
    "after",
    "place",
    "value",
    // squares and lists of squares
    "square",
    "squares",
    "from",
    "to",
    "dux",
    "last",
];

/// Lists of squares (`$list` names players elsewhere).
const SQUARE_LISTS: &[&str] = &["moves-can-go", "alt-king-open"];

/// Imperatives in their radical form that *neu* softens (b, d, g can be
/// a radical or a mutation of p, t, c: they need the list; p, t, c, m, ll,
/// rh before -wch are always radical).
const RADICAL_IMPERATIVES: &[&str] = &[
    "derbyniwch",
    "dewiswch",
    "defnyddiwch",
    "dechreuwch",
    "darllenwch",
    "dilynwch",
    "gwrthodwch",
    "gadewch",
    "gofynnwch",
    "gorffennwch",
    "gwnewch",
    "gwyliwch",
    "galwch",
    "byddwch",
    "bwriwch",
];

/// One problem: (message id, what is wrong).
type Problems = Vec<(String, String)>;

/// Text before each simple `{ $var }` placeable of `pattern`, recursively
/// (selector variants too), with the variable's name.
fn walk(id: &str, pattern: &ast::Pattern<&str>, out: &mut Problems) {
    let mut before = String::new();
    for el in &pattern.elements {
        match el {
            ast::PatternElement::TextElement { value } => {
                before.push_str(value);
                check_text(id, value, out);
                check_glossary(id, value, out);
            }
            ast::PatternElement::Placeable { expression } => {
                match expression {
                    ast::Expression::Inline(ast::InlineExpression::VariableReference {
                        id: var,
                    }) => {
                        check_before(id, &before, var.name, out);
                    }
                    ast::Expression::Select { variants, .. } => {
                        for v in variants {
                            walk(id, &v.value, out);
                        }
                    }
                    _ => {}
                }
                // What follows a placeable is not the text before the next.
                before.clear();
            }
        }
    }
}

/// Markdown that may stand between a word and the placeable it governs:
/// bold, italics, underline, strike-through, spoilers, a code span.
const MARKDOWN: &[char] = &['*', '_', '~', '|', '`'];

/// The word right before a placeable, lower case, seen through markdown
/// ("ymuno â **{ $name }**" is "â"); `None` when the text is glued to the
/// placeable (`/{ $kind }`, `'{ $x }'`).
fn last_word(text: &str) -> Option<String> {
    let text = text.trim_end_matches(MARKDOWN);
    if text.ends_with(|c: char| !c.is_whitespace()) {
        // Glued to the placeable (`/{ $kind }`, `'{ $x }'`): no word before.
        return None;
    }
    text.split_whitespace()
        .last()
        .map(|w| w.to_lowercase().replace('’', "'"))
}

fn check_before(id: &str, before: &str, var: &str, out: &mut Problems) {
    let Some(w) = last_word(before) else { return };
    if !MUTATING.contains(&w.as_str()) {
        return;
    }
    if NOT_NAMES.contains(&var) || (var == "list" && SQUARE_LISTS.contains(&id)) {
        return;
    }
    out.push((
        id.to_string(),
        format!("\"{w} {{ ${var} }}\": put a common noun between (\"yn y gêm {{ $game }}\")"),
    ));
}

/// Words in order, lower case, punctuation trimmed.
fn words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
                .to_lowercase()
                .replace('’', "'")
        })
        .collect()
}

fn radical_imperative(w: &str) -> bool {
    if RADICAL_IMPERATIVES.contains(&w) {
        return true;
    }
    let always_radical = ["p", "t", "c", "m", "ll", "rh"];
    w.ends_with("wch")
        && always_radical.iter().any(|r| w.starts_with(r))
        && !w.starts_with("ch")
        && !w.starts_with("th")
        && !w.starts_with("ph")
}

fn check_text(id: &str, text: &str, out: &mut Problems) {
    let ws = words(text);
    for pair in ws.windows(2) {
        if pair[0] == "neu" && radical_imperative(&pair[1]) {
            out.push((
                id.to_string(),
                format!("\"neu {}\": soft mutation after neu", pair[1]),
            ));
        }
    }
    // "a" before a number read with a consonant, "ac" before one read with a
    // vowel (un, wyth, un deg ...), as `i18n::span` joins two units.
    for pair in ws.windows(2) {
        let Ok(n) = pair[1].parse::<i64>() else {
            continue;
        };
        let vowel = tawlbot::i18n::read_with_a_vowel(n);
        if (pair[0] == "a" && vowel) || (pair[0] == "ac" && !vowel) {
            out.push((
                id.to_string(),
                format!(
                    "\"{} {n}\": a before a consonant, ac before a vowel",
                    pair[0]
                ),
            ));
        }
    }
    for w in &ws {
        // *chi* throughout: no *ti* forms.
        if ["ti", "dy", "wyt", "di"].contains(&w.as_str()) {
            out.push((
                id.to_string(),
                format!("\"{w}\": players are addressed with chi"),
            ));
        }
        // One word for a pause: *saib* (never *atal*, *egwyl*).
        if ["atal", "egwyl", "hatal"].contains(&w.as_str()) {
            out.push((id.to_string(), format!("\"{w}\": a pause is saib")));
        }
    }
}

/// The glossary's one word for each thing (docs/cymraeg.md, "Glossary"):
/// phrases (lower case, as `words` gives them) that the catalogue does not
/// use, and what it says instead.
const NOT_THE_GLOSSARY: &[(&[&str], &str)] = &[
    (&["sgôr"], "a rating is graddiad; rated is wedi'i graddio"),
    (&["sgoriau"], "ratings are graddiadau"),
    (&["sgorio"], "rated is wedi'i graddio"),
    (&["hawl"], "a permission is caniatâd"),
    (&["hawliau"], "a permission is caniatâd"),
    (&["round", "robin"], "a round robin is pawb yn erbyn pawb"),
    (&["rownd-robin"], "a round robin is pawb yn erbyn pawb"),
    (&["dewisiadau"], "options are opsiynau"),
    (&["dafl"], "a throw is tafliad"),
    (&["thafl"], "a throw is tafliad"),
    (&["mewn", "munud"], "in a moment is ymhen munud"),
    (
        &["rôl", "y", "trefnydd"],
        "the organiser role is rôl y trefnwyr",
    ),
    (&["tabl", "croes"], "the crosstable is croestabl"),
    (&["lawrlwytho"], "download is llwytho i lawr"),
    (&["ymgeiswyr"], "entrants are cystadleuwyr"),
    (&["cyflwr"], "a state is statws"),
    (&["drwy", "ildio"], "forfeit is fforffed (ildio is resign)"),
    (&["drws", "nesaf"], "next to a square is wrth ymyl"),
    // The register: "Dydy ... ddim", not the literary negative.
    (&["nid", "yw"], "the register is Dydy ... ddim"),
    (&["nid", "ydy"], "the register is Dydy ... ddim"),
    (&["nid", "oes"], "the register is Does dim"),
    (&["ni", "all"], "the register is All ... ddim"),
    (&["ni", "allaf"], "the register is Alla i ddim"),
    (&["ni", "ellir"], "the register is All neb ..."),
    (&["ni", "wnaed"], "the register is Does dim wedi'i wneud"),
];

/// Glossary terms: no phrase of `NOT_THE_GLOSSARY`, and "Swiss" only as
/// the option value `swiss` (in prose: system y Swistir).
fn check_glossary(id: &str, text: &str, out: &mut Problems) {
    let ws = words(text);
    for (phrase, instead) in NOT_THE_GLOSSARY {
        if ws.windows(phrase.len()).any(|w| w == *phrase) {
            out.push((
                id.to_string(),
                format!("\"{}\": {instead}", phrase.join(" ")),
            ));
        }
    }
    for (i, w) in text.split_whitespace().enumerate() {
        let bare = w.trim_matches(|c: char| !c.is_alphanumeric());
        if bare == "Swiss" {
            out.push((id.to_string(), "\"Swiss\": system y Swistir".to_string()));
        }
        if bare == "Swistir" {
            let before: Vec<&str> = text
                .split_whitespace()
                .take(i)
                .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
                .collect();
            let system = before.len() >= 2
                && before[before.len() - 2].eq_ignore_ascii_case("system")
                && before[before.len() - 1] == "y";
            if !system {
                out.push((id.to_string(), "\"Swistir\": system y Swistir".to_string()));
            }
        }
    }
}

fn problems_of(source: &str) -> Problems {
    let res = parser::parse(source).expect("the catalogue parses");
    let mut out = Vec::new();
    for e in &res.body {
        if let ast::Entry::Message(m) = e {
            if let Some(p) = &m.value {
                walk(m.id.name, p, &mut out);
            }
            for a in &m.attributes {
                walk(m.id.name, &a.value, &mut out);
            }
        }
    }
    out
}

#[test]
fn welsh_house_style() {
    let mut all = Vec::new();
    for (area, _, cy) in FILES {
        for (id, what) in problems_of(cy) {
            all.push(format!("locales/cy/{area}.ftl {id}: {what}"));
        }
    }
    assert!(
        all.is_empty(),
        "{} problems:\n{}",
        all.len(),
        all.join("\n")
    );
}

/// The checker finds what it is meant to find (else the test above could
/// not fail).
#[test]
fn the_house_style_checker_finds_each_fault() {
    let bad = "a = Mae'r gêm yn { $channel }.\n\
               b = Derbyniwch neu gwrthodwch.\n\
               c = Pwyswch Derbyn neu teipiwch /accept.\n\
               d = Mae'r cloc wedi'i atal.\n\
               e = Mae { $player } yn { $kind ->\n    [x] aros gan { $player }\n   *[y] dim\n}.\n\
               f = Dy dro.\n\
               g = Mae { $player } yn ymuno â **{ $name }**.\n\
               h = Tynnwyd { $player } allan o *{ $name }*.\n\
               i = Chwaraewch gyda { $player } a { $second }.\n\
               j = Pwyswch ar __{ $player }__, drwy { $channel } wrth { $thread }.\n\
               k = Rhwng 1 ac 20, neu 2 a 11.\n";
    let found: Vec<String> = problems_of(bad).into_iter().map(|(id, _)| id).collect();
    assert_eq!(
        found,
        ["a", "b", "c", "d", "e", "f", "g", "h", "i", "i", "j", "j", "j", "k", "k"],
        "{found:?}"
    );
    let good = "a = Mae'r gêm yn y sianel { $channel }.\n\
                b = Derbyniwch neu wrthodwch.\n\
                c = Pwyswch Derbyn neu deipiwch /accept.\n\
                d = Mae saib ar y cloc am { $span }.\n\
                e = Symudwch i { $square }, gêm { $id }: /{ $kind } answer:accept.\n\
                f = Mae { $player } yn ymuno â'r twrnamaint **{ $name }** ar { $square }.\n\
                g = Tynnwyd { $player } allan o'r twrnamaint **{ $name }**: '**{ $x }**'.\n\
                h = Rhwng 1 a 20, 2 ddiwrnod ac 11 awr, 3 awr ac 8 munud.\n";
    assert!(problems_of(good).is_empty(), "{:?}", problems_of(good));
}

/// The glossary check finds each term that is not the glossary's, and
/// passes the glossary's own.
#[test]
fn the_glossary_checker_finds_each_other_term() {
    let bad = "a = Cyfrif at y sgôr.\n\
               b = Dim ond rhywun â'r hawl Manage Server.\n\
               c = Twrnamaint Swiss, 3 rownd Swistir.\n\
               d = Y dafl gyntaf.\n\
               e = Rhowch gynnig arall arni mewn munud.\n\
               f = Tabl croes.\n\
               g = Lawrlwytho\n\
               h = Nid yw { $text } yn rhif.\n\
               i = Gornest ar ben (drwy ildio).\n";
    let found: Vec<String> = problems_of(bad).into_iter().map(|(id, _)| id).collect();
    assert_eq!(
        found,
        ["a", "b", "c", "c", "d", "e", "f", "g", "h", "i"],
        "{found:?}"
    );
    let good = "a = Gêm wedi'i graddio; graddiad.\n\
                b = Dim ond rhywun â'r caniatâd Manage Server.\n\
                c = Twrnamaint system y Swistir, 3 rownd (system y Swistir). System y Swistir.\n\
                d = Y tafliad cyntaf; gemau tafl.\n\
                e = Rhowch gynnig arall arni ymhen munud.\n\
                f = Croestabl.\n\
                g = Llwytho i lawr\n\
                h = Dydy { $text } ddim yn rhif, nid { $other }.\n\
                i = Gornest ar ben (drwy fforffed). Ildiodd Gwyn.\n";
    assert!(problems_of(good).is_empty(), "{:?}", problems_of(good));
}
