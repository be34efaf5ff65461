//! The house style of the Welsh catalogue (docs/cymraeg.md, "House style"),
//! as far as a program can check it: no mutating word right before a
//! placeable name, soft mutation after *neu* before an imperative and after
//! *all / gall / caiff / gaiff* before a verb-noun, *a* / *ac* by the sound
//! of what follows (numbers, and squares by their letters' Welsh names),
//! the numeral's mutation of the noun after it, *chi* throughout, one word
//! for one thing (the glossary), and none of the calques and drifts a
//! review found (`REVIEW_PHRASES`).
//!
//! The catalogue checked is the embedded one; with `WELSH_STYLE_DIR` set
//! to a directory of `.ftl` files (a scratch copy of `locales/cy`), those
//! are checked instead, without a rebuild.

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
    "gwelwch",
    "gosodwch",
    "gwasgwch",
    "dangoswch",
    "dywedwch",
    "daliwch",
    "dewch",
    "dilëwch",
    "diffoddwch",
    "datryswch",
    "gwiriwch",
    "gweithredwch",
    "gyrrwch",
];

/// Words after which a verb-noun takes the soft mutation ("all wneud",
/// "gall osod", "gaiff fynd").
const SOFTENING_MODALS: &[&str] = &[
    "all", "gall", "caiff", "gaiff", "allai", "gallai", "allwn", "gallwn",
];

/// Verb-nouns in their radical form that a modal softens (the subject
/// after a modal keeps its radical: "Gall trefnydd", "Caiff llinell").
const RADICAL_VERB_NOUNS: &[&str] = &[
    "gwneud",
    "gosod",
    "dechrau",
    "canslo",
    "cynnig",
    "defnyddio",
    "derbyn",
    "dewis",
    "gwrthod",
    "gweld",
    "gadael",
    "galw",
    "bod",
    "mynd",
    "tynnu",
    "cipio",
    "pasio",
    "penderfynu",
    "trefnu",
    "darllen",
    "dal",
    "dod",
    "cael",
    "rhoi",
    "llwytho",
    "postio",
    "gofyn",
    "gorffen",
    "gwylio",
    "torri",
    "talu",
    "gwybod",
    "creu",
    "cadw",
    "colli",
    "paru",
    "dileu",
    "gwahodd",
    "rhedeg",
    "taflu",
    "cyrraedd",
    "mentro",
    "dianc",
    "newid",
    "gorfod",
    "bwrw",
    "dangos",
    "gweithio",
    "pwyso",
    "teipio",
    "dilyn",
    "cychwyn",
    "cysylltu",
    "cofio",
    "cymryd",
    "dweud",
    "meddwl",
    "llithro",
    "neidio",
    "trechu",
    "gwasgu",
    "diffodd",
    "datrys",
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

/// A square written in the text ("f4", "c2-c5"): a file letter, then a
/// rank number.
fn is_square(w: &str) -> bool {
    let mut c = w.chars();
    c.next().is_some_and(|f| f.is_ascii_lowercase()) && c.next().is_some_and(|r| r.is_ascii_digit())
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
    // vowel (un, wyth, un deg ...), as `i18n::span` joins two units; before
    // a square, by its letter's Welsh name ("c2 ac f4", "a b2"), as
    // `i18n::welsh_vowel_start` chooses `list-and-vowel`.
    for pair in ws.windows(2) {
        let vowel = match pair[1].parse::<i64>() {
            Ok(n) => tawlbot::i18n::read_with_a_vowel(n),
            Err(_) if is_square(&pair[1]) => tawlbot::i18n::welsh_vowel_start(&pair[1]),
            Err(_) => continue,
        };
        if (pair[0] == "a" && vowel) || (pair[0] == "ac" && !vowel) {
            out.push((
                id.to_string(),
                format!(
                    "\"{} {}\": a before a consonant, ac before a vowel (letters by their \
                     Welsh names: èc, èf, èg, aets)",
                    pair[0], pair[1]
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
            let patterns = m.value.iter().chain(m.attributes.iter().map(|a| &a.value));
            for p in patterns {
                walk(m.id.name, p, &mut out);
                check_numerals(m.id.name, p, None, &mut out);
                let mut seen = Vec::new();
                for line in flat_lines(p) {
                    check_line(m.id.name, &line, &mut seen);
                }
                out.extend(seen);
            }
        }
    }
    out
}

/// Every way `pattern` can read, one line per choice of its selectors'
/// variants: text as written, `{$var}` for a variable, `{side:FORM}` for
/// `SIDE($x, form: "FORM")` (`{side}` without a form), `{msg}` for another
/// message, a string literal's text.
fn flat_lines(pattern: &ast::Pattern<&str>) -> Vec<String> {
    const MAX_LINES: usize = 4096;
    let mut lines = vec![String::new()];
    for el in &pattern.elements {
        match el {
            ast::PatternElement::TextElement { value } => {
                lines.iter_mut().for_each(|l| l.push_str(value));
            }
            ast::PatternElement::Placeable { expression } => {
                let parts = match expression {
                    ast::Expression::Select { variants, .. } => {
                        variants.iter().flat_map(|v| flat_lines(&v.value)).collect()
                    }
                    ast::Expression::Inline(i) => vec![flat_inline(i)],
                };
                let mut next = Vec::with_capacity(lines.len() * parts.len());
                for l in &lines {
                    for part in &parts {
                        if next.len() < MAX_LINES {
                            next.push(format!("{l}{part}"));
                        }
                    }
                }
                lines = next;
            }
        }
    }
    lines
}

fn flat_inline(i: &ast::InlineExpression<&str>) -> String {
    match i {
        ast::InlineExpression::StringLiteral { value } => value.to_string(),
        ast::InlineExpression::NumberLiteral { value } => value.to_string(),
        ast::InlineExpression::VariableReference { id } => format!("{{${}}}", id.name),
        ast::InlineExpression::FunctionReference { id, arguments } if id.name == "SIDE" => {
            let form = arguments
                .named
                .iter()
                .find(|a| a.name.name == "form")
                .and_then(|a| match &a.value {
                    ast::InlineExpression::StringLiteral { value } => Some(*value),
                    _ => None,
                });
            match form {
                Some(f) => format!("{{side:{f}}}"),
                None => "{side}".to_string(),
            }
        }
        ast::InlineExpression::Placeable { expression } => match &**expression {
            ast::Expression::Inline(i) => flat_inline(i),
            ast::Expression::Select { .. } => "{select}".to_string(),
        },
        _ => "{msg}".to_string(),
    }
}

/// A word of a flat line as the phrase checks compare it: lower case,
/// punctuation and markdown trimmed from its ends (a placeable's braces
/// kept: `**{$name}**` is `{$name}`); punctuation alone is an empty word,
/// which no phrase matches ("1 = buddugoliaeth" is not "1 buddugoliaeth").
fn flat_word(w: &str) -> String {
    w.to_lowercase()
        .replace('’', "'")
        .trim_matches(|c: char| !(c.is_alphanumeric() || "{}$".contains(c)))
        .to_string()
}

/// Whether `pattern` (words of `REVIEW_PHRASES`, `{}` for any placeable,
/// `^` for the start of the line) occurs in `words`.
fn has_phrase(words: &[String], pattern: &str) -> bool {
    let (anchored, pattern) = match pattern.strip_prefix("^ ") {
        Some(p) => (true, p),
        None => (false, pattern),
    };
    let want: Vec<&str> = pattern.split_whitespace().collect();
    let fits = |at: &[String]| {
        at.len() >= want.len()
            && want.iter().zip(at).all(|(p, w)| match *p {
                "{}" => w.starts_with('{'),
                p => p == w,
            })
    };
    if anchored {
        return fits(words);
    }
    (0..words.len()).any(|i| fits(&words[i..]))
}

/// The variable a flat word starts with (`{$to}-...` is `to`).
fn placeable_var(w: &str) -> Option<&str> {
    w.strip_prefix("{$")?.split('}').next()
}

/// Phrases the review of the Welsh (December 2026) found, with what the
/// catalogue says instead: calques of English idioms, glossary drifts,
/// literary forms beside the spoken register. Words as `flat_word` gives
/// them; `{}` is any placeable, `^` the start of a line.
const REVIEW_PHRASES: &[(&str, &str)] = &[
    // Wrong or misleading meaning.
    (
        "amddiffynwyr gael eu caethiwo",
        "a blockade: gadawodd i'r ymosodwyr gau pob llwybr (goedhboell has no amddiffynwyr)",
    ),
    (
        "daeth y dadansoddiad i ben",
        "an interrupted analysis: mae'r dadansoddiad wedi'i stopio",
    ),
    (
        "neu draw",
        "the option value draw reads as \"yonder\": neu'r gwerth draw am gêm gyfartal",
    ),
    (
        "o'i safle ei hun",
        "a position of its own: gêm o safle penodol",
    ),
    // Grammar.
    ("ddim mewn llinell", "not in line: ddim ar hyd llinell syth"),
    (
        "fforffed wedi'i hennill",
        "fforffed is masculine: gêm wedi'i hennill ... drwy fforffed",
    ),
    (
        "hwn otn heb ei graddio",
        "heb ei graddio after safle (m.): gêm heb ei graddio",
    ),
    // Calques.
    (
        "hoffi ei siawns",
        "likes its chances: yn credu y gall ennill",
    ),
    (
        "mewn unrhyw 365",
        "in any 365: ym mhob cyfnod o 365 diwrnod",
    ),
    ("stopio eich", "after a vowel: Stopio'ch"),
    (
        "cloc {$player} wedi stopio",
        "a name repeated for a pronoun: cloc y chwaraewr",
    ),
    (
        "{$game} {side:on-side}",
        "who plays the side: a'r heriwr ar ochr ...",
    ),
    ("bob yn bâr", "pair after pair: fesul pâr"),
    ("ar sonneborn-berger", "ahead on SB: o ran Sonneborn-Berger"),
    ("ar buchholz", "ahead on Buchholz: o ran Buchholz"),
    (
        "buddugoliaethau hollt",
        "split wins: y gornestau 1–1 a enillwyd mewn llai o symudiadau",
    ),
    (
        "torwyr-clwm",
        "tie-breaks: the measures that separate players on the same points",
    ),
    (
        "thorwyr-clwm",
        "tie-breaks: the measures that separate players on the same points",
    ),
    (
        "canol llawn",
        "an occupied centre: y canol pan fydd darn arno",
    ),
    ("edrych arno", "look into it: ymchwilio iddo"),
    ("edrych arni", "look into it: ymchwilio iddi"),
    ("ail-luniad", "a reconstruction: adluniad"),
    ("cadw'r bwrdd", "keeps the board: gofalu am y bwrdd"),
    (
        "penderfynodd trefnydd",
        "decided the match: pennodd ... ganlyniad yr ornest",
    ),
    (
        "mae'r chwaraewr {$player}",
        "the subject after Mae never mutates: Mae { $player }",
    ),
    (
        "gadewch allan i",
        "leave out to offer: gadewch yn wag i wneud cynnig",
    ),
    (
        "mae'r safle yn aros",
        "the position stays: dydy'r safle ddim wedi newid",
    ),
    ("ar {} nod", "at N nodes: gyda N nod i bob safle"),
    ("1 buddugoliaeth", "a key needs =: 1 = buddugoliaeth"),
    ("ei baru", "every entrant male: bydd yn cael gwrthwynebydd"),
    ("symudiad yn hon", "elliptical: yn yr un hon"),
    (
        "i symud ac ennill",
        "the puzzle formula: i chwarae ac ennill",
    ),
    (
        "diwrnod yn ôl i chi",
        "the participle: diwrnod wedi'u rhoi'n ôl i chi",
    ),
    (
        "ddim yn stopio {}",
        "the count after the verb: clociau'r { $n } gêm hyn",
    ),
    ("rhifau o 1 yw", "numbers from 1: rhifau o 1 i fyny"),
    ("{} gorau {}", "(best N): (y gorau: N)"),
    ("wrth ei enw", "by name: yn ôl ei enw"),
    // The glossary.
    ("banc", "a time bank is cronfa amser"),
    (
        "cyfeiriad",
        "a mention is crybwyll (cyfeiriad is an address)",
    ),
    ("un dewis", "an option is opsiwn"),
    ("cyfrif at y graddiad", "rated is wedi'i graddio"),
    ("cyfrif at y graddiadau", "rated is wedi'i graddio"),
    ("ddim yn ddiofyn", "a default is (yn ddiofyn: na)"),
    ("celtic chess", "goedhboell's gloss is gwyddbwyll Geltaidd"),
    (
        "cyfrif fel colled",
        "forfeited is cael ei cholli drwy fforffed",
    ),
    ("dirwyn i ben", "/abort is dod â ... i ben"),
    ("^ dadansoddi {}", "progress: Yn dadansoddi…"),
    ("dim symudiad eto", "Dim symudiadau eto"),
    ("dim gêm wedi'i graddio eto", "Dim gemau wedi'u graddio eto"),
    (
        "cofnod rheolau",
        "a record is a game's: an entry is eitem yn y llinyn rheolau",
    ),
    ("arnaf", "the register is arna i"),
    ("ef", "the register is e (or name the thing)"),
    ("a yw", "the register is ydy"),
    ("a yw'r", "the register is ydy'r"),
    ("rydw", "the register is Rwy'n"),
    ("latrunculi", "the Roman game is gwyddbwyll in Welsh prose"),
    ("dux c c", "OTN's c/C are cadlywyddion"),
    ("yr archif ar y we", "the archive is archif y we"),
    ("dim symud nes", "one wording: dim symudiad nes"),
    (
        "ateb tawlbot",
        "ateb is a puzzle's solution: symudiad tawlbot",
    ),
];

/// Phrases where case matters: a piece's colour is an adjective (*dux
/// gwyn*, like *milwr gwyn*), not the side's name.
const REVIEW_CASED: &[(&str, &str)] = &[
    ("dux Gwyn", "the white dux is dux gwyn"),
    ("dux Du", "the black dux is dux du"),
    ("Dux Gwyn", "the white dux is Dux gwyn"),
    ("Dux Du", "the black dux is Dux du"),
];

/// Messages with "a" or "ac" before a placeable that the program chooses
/// by the placeable's value (`i18n::welsh_vowel_start`,
/// `i18n::read_with_a_vowel`).
const CHOSEN_BY_VALUE: &[&str] = &[
    "list-and",
    "list-and-vowel",
    "time-two-units",
    "time-two-units-vowel",
];

/// Words the catalogue writes unmutated (the bot's name, the games'):
/// never after a mutating word.
const LITERAL_NAMES: &[&str] = &["tawlbot"];

/// A label that is a finite verb ("Statws: canslwyd", "Dechreuwyd"): an
/// impersonal preterite (-wyd, "tynnwyd yn ôl") or "daeth i ben"
/// standing alone.
fn finite_label(line: &str) -> bool {
    let ws: Vec<String> = line.split_whitespace().map(flat_word).collect();
    match ws.as_slice() {
        [w] => w.ends_with("wyd"),
        [w, yn, ol] => {
            (w.ends_with("wyd") && yn == "yn" && ol == "ôl")
                || (w == "daeth" && yn == "i" && ol == "ben")
        }
        _ => false,
    }
}

/// Checks of one way a message reads (`flat_lines`), into `seen` (each
/// problem once per message).
fn check_line(id: &str, line: &str, seen: &mut Problems) {
    let mut push = |what: String| {
        if !seen.iter().any(|(_, w)| *w == what) {
            seen.push((id.to_string(), what));
        }
    };
    let ws: Vec<String> = line.split_whitespace().map(flat_word).collect();
    for (phrase, instead) in REVIEW_PHRASES {
        if has_phrase(&ws, phrase) {
            push(format!("\"{phrase}\": {instead}"));
        }
    }
    for (phrase, instead) in REVIEW_CASED {
        let at = line
            .match_indices(phrase)
            .any(|(i, _)| !line[i + phrase.len()..].starts_with(|c: char| c.is_alphabetic()));
        if at {
            push(format!("\"{phrase}\": {instead}"));
        }
    }
    if finite_label(line) {
        push(format!(
            "\"{}\": a label is a noun or wedi'i ..., not a finite verb",
            line.trim()
        ));
    }
    for pair in ws.windows(2) {
        // "a" / "ac" written before a number or a square that only the
        // program knows: the value decides ("2 a 11" needs "ac"), except in
        // the messages the program chooses by that value.
        if (pair[0] == "a" || pair[0] == "ac") && !CHOSEN_BY_VALUE.contains(&id) {
            if let Some(var) = placeable_var(&pair[1]) {
                if NOT_NAMES.contains(&var) {
                    push(format!(
                        "\"{} {{ ${var} }}\": a or ac depends on the value (ac 11, ac f4): \
                         join with list-and or say o ... i",
                        pair[0]
                    ));
                }
            }
        }
        // The soft mutation of a verb-noun after all / gall / caiff.
        if SOFTENING_MODALS.contains(&pair[0].as_str())
            && RADICAL_VERB_NOUNS.contains(&pair[1].as_str())
        {
            push(format!(
                "\"{} {}\": soft mutation after {}",
                pair[0], pair[1], pair[0]
            ));
        }
        if MUTATING.contains(&pair[0].as_str()) && LITERAL_NAMES.contains(&pair[1].as_str()) {
            push(format!(
                "\"{} {}\": a name is never mutated: reword",
                pair[0], pair[1]
            ));
        }
    }
    // The fixed phrase is "rhowch gynnig arall arni".
    for (i, w) in ws.windows(3).enumerate() {
        if w == ["rhowch", "gynnig", "arall"] && ws.get(i + 3).is_none_or(|n| n != "arni") {
            push("\"rhowch gynnig arall\": the phrase is rhowch gynnig arall arni".into());
        }
    }
}

/// Nouns a numeral mutates, as (radical, after 1 (un: a feminine noun
/// softens), after 2 (dau/dwy soften), after 3 (tri aspirates; a feminine
/// noun after tair keeps its radical), after 6 (chwe aspirates)).
const NUMBERED_NOUNS: &[[&str; 5]] = &[
    ["pâr", "pâr", "bâr", "phâr", "phâr"],
    ["pwynt", "pwynt", "bwynt", "phwynt", "phwynt"],
    ["diwrnod", "diwrnod", "ddiwrnod", "diwrnod", "diwrnod"],
    ["munud", "munud", "funud", "munud", "munud"],
    ["darn", "darn", "ddarn", "darn", "darn"],
    ["brenin", "brenin", "frenin", "brenin", "brenin"],
    ["llinell", "llinell", "linell", "llinell", "llinell"],
    ["tudalen", "dudalen", "dudalen", "tudalen", "thudalen"],
    ["rhes", "rhes", "res", "rhes", "rhes"],
    ["bwrdd", "bwrdd", "fwrdd", "bwrdd", "bwrdd"],
    ["tro", "tro", "dro", "thro", "thro"],
    ["cynnig", "cynnig", "gynnig", "chynnig", "chynnig"],
    ["cais", "cais", "gais", "chais", "chais"],
    ["pos", "pos", "bos", "phos", "phos"],
    [
        "twrnamaint",
        "twrnamaint",
        "dwrnamaint",
        "thwrnamaint",
        "thwrnamaint",
    ],
    ["gornest", "ornest", "ornest", "gornest", "gornest"],
    ["colofn", "golofn", "golofn", "colofn", "cholofn"],
    ["cornel", "gornel", "gornel", "cornel", "chornel"],
    ["dux", "dux", "ddux", "dux", "dux"],
    ["tywysog", "tywysog", "dywysog", "thywysog", "thywysog"],
    ["milwr", "milwr", "filwr", "milwr", "milwr"],
    ["cloc", "cloc", "gloc", "chloc", "chloc"],
    ["tafliad", "tafliad", "dafliad", "thafliad", "thafliad"],
    ["cofnod", "cofnod", "gofnod", "chofnod", "chofnod"],
    ["gelyn", "gelyn", "elyn", "gelyn", "gelyn"],
    [
        "gwrthwynebydd",
        "gwrthwynebydd",
        "wrthwynebydd",
        "gwrthwynebydd",
        "gwrthwynebydd",
    ],
];

/// The plural category a selector's variant key stands for, if the
/// selector is a count's.
fn plural_key(key: &ast::VariantKey<&str>) -> Option<String> {
    match key {
        ast::VariantKey::Identifier { name } => Some(name.to_string()),
        ast::VariantKey::NumberLiteral { value } => Some(match *value {
            "0" => "zero".into(),
            "1" => "one".into(),
            "2" => "two".into(),
            "3" => "few".into(),
            "6" => "many".into(),
            _ => "other".into(),
        }),
    }
}

fn is_count_selector(variants: &[ast::Variant<&str>]) -> bool {
    const KEYS: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];
    variants.iter().all(|v| match &v.key {
        ast::VariantKey::Identifier { name } => KEYS.contains(name),
        ast::VariantKey::NumberLiteral { .. } => true,
    }) && variants
        .iter()
        .any(|v| matches!(&v.key, ast::VariantKey::Identifier { name } if KEYS[..5].contains(name)))
}

/// A placeable followed by a noun of `NUMBERED_NOUNS` ("{ $total } pâr") is
/// a numeral before it: it must stand in a count's selector, in the form
/// of that variant ("[two] { $total } bâr").
fn check_numerals(id: &str, pattern: &ast::Pattern<&str>, key: Option<&str>, out: &mut Problems) {
    let els = &pattern.elements;
    for (i, el) in els.iter().enumerate() {
        let ast::PatternElement::Placeable { expression } = el else {
            continue;
        };
        match expression {
            ast::Expression::Select { variants, .. } => {
                let count = is_count_selector(variants);
                for v in variants {
                    let k = if count { plural_key(&v.key) } else { None };
                    check_numerals(id, &v.value, k.as_deref().or(key), out);
                }
            }
            ast::Expression::Inline(ast::InlineExpression::VariableReference { id: var }) => {
                let Some(ast::PatternElement::TextElement { value }) = els.get(i + 1) else {
                    continue;
                };
                if !value.starts_with(' ') {
                    continue;
                }
                let Some(word) = value.split_whitespace().next().map(flat_word) else {
                    continue;
                };
                let Some(forms) = NUMBERED_NOUNS.iter().find(|f| f.contains(&word.as_str())) else {
                    continue;
                };
                let name = var.name;
                let Some(k) = key else {
                    out.push((
                        id.to_string(),
                        format!(
                            "\"{{ ${name} }} {word}\": a numeral mutates {} (2 {}, 3 {}): \
                             select on the count with [two], [few], [many]",
                            forms[0], forms[2], forms[3]
                        ),
                    ));
                    continue;
                };
                let want = match k {
                    "one" => forms[1],
                    "two" => forms[2],
                    "few" => forms[3],
                    "many" => forms[4],
                    _ => forms[0],
                };
                if word != want {
                    out.push((
                        id.to_string(),
                        format!("\"[{k}] {{ ${name} }} {word}\": the {k} form is {want}"),
                    ));
                }
            }
            _ => {}
        }
    }
}

#[test]
fn welsh_house_style() {
    let mut all = Vec::new();
    let dir = std::env::var("WELSH_STYLE_DIR").ok();
    for (area, _, cy) in FILES {
        let source = match &dir {
            Some(d) => std::fs::read_to_string(format!("{d}/{area}.ftl"))
                .unwrap_or_else(|e| panic!("{d}/{area}.ftl: {e}")),
            None => cy.to_string(),
        };
        for (id, what) in problems_of(&source) {
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

/// The Welsh of every row of the review (December 2026) as it stood, under
/// the row's name (`w1` meaning, `g1` grammar, `u1` calques, `i1`
/// inconsistencies; a row whose message has two faults gets a message of
/// its own): what the checks must refuse, with a word of the reason each
/// gives. G9 (ordinals) is `welsh_ordinals_take_their_suffixes`.
const REVIEW_ROWS: &str = r#"w1 = gadawodd i'r amddiffynwyr gael eu caethiwo mewn { $n ->
    [zero] { $n } symudiad
    [one] { $n } symudiad
    [two] { $n } symudiad
    [few] { $n } symudiad
    [many] { $n } symudiad
   *[other] { $n } symudiad
}
w2 = Daeth y dadansoddiad i ben: rwy'n ailgychwyn. Gofynnwch eto ymhen munud.
w3 = Enillydd yr ornest (cyfeiriad @), neu draw
w4 = Rhowch chwaraewr o'r ornest (cyfeiriad @) neu draw yn winner:.
w5 = Mae { $challenger } yn herio { $opponent } i chwarae { $game }{ $rated ->
    [yes] {" "}(gêm wedi'i graddio)
    [position] {" "}(o'i safle ei hun, felly heb ei graddio)
   *[no] {""}
}{ $side ->
    [none] {""}
   *[other] , { SIDE($side, form: "on-side") }
}, { $time }. Her { $id }: pwyswch Derbyn neu deipiwch /accept (daw'r her i ben ymhen diwrnod).
w6 = Mae { $challenger } yn cynnig her agored i unrhyw un ei derbyn: { $game }{ $rated ->
    [yes] {" "}(gêm wedi'i graddio)
    [position] {" "}(o'i safle ei hun, felly heb ei graddio)
   *[no] {""}
}{ $side ->
    [none] {""}
   *[other] , { SIDE($side, form: "on-side") }
}, { $time }. Her { $id }: pwyswch Derbyn neu deipiwch /accept (daw'r her i ben ymhen diwrnod).
g1 = Dim ond rhywun â'r caniatâd Manage Server all gwneud gemau'r gweinydd hwn yn gyhoeddus neu'n breifat.
g2 = Nid { $move } yw'r symudiad sy'n ennill: mae'r safle yn aros. Rhowch gynnig arall arni, neu gwelwch yr ateb gyda /puzzle reveal.
g3 = Mae darnau'n symud ar hyd rhes neu golofn, byth ar groeslin: dydy { $from } a { $to } ddim mewn llinell.
g4 = Mae late: yn nodi'r rownd y gellir ymuno nes ei pharu: rhif rhwng 2 a { $rounds } (rowndiau'r twrnamaint).
g5 = { $player }, ar ôl { $from } symudiad: { $pairs } ({ $state ->
    [played] wedi'i chwarae i gyd
    [dropped] { $played } o { $total } pâr wedi'u chwarae, yna wedi'i dileu
   *[waiting] { $played } o { $total } pâr wedi'u chwarae pan ddaeth y gêm i ben
})
g6 = 1 buddugoliaeth, ½ gêm gyfartal, 0 colled, + a - fforffed wedi'i hennill neu ei cholli, * gêm sy'n cael ei chwarae; mae pob canlyniad yn ddolen i'w gêm.
g7 = Dechrau o'r safle hwn (OTN), heb ei graddio
g10 = Mae gan fwrdd { $game } { $ranks } rhes, ond mae gan y safle hwnnw { $found }.
u1 = { $why ->
    [opening] Mae'n rhy gynnar am gêm gyfartal: dim ond newydd ddechrau mae'r gêm (mae tawlbot yn ystyried gêm gyfartal o symudiad { $from } ymlaen).
    [ahead] Mae tawlbot yn hoffi ei siawns.
    [level] Mae tawlbot yn gweld y gêm yn gyfartal.
   *[behind] Mae tawlbot yn gweld y gêm yn mynd yn ei erbyn.
}
u2 = Dydy gêm sy'n dechrau o'i safle ei hun byth yn cael ei graddio (mae safleoedd ar gyfer ymarfer ac astudio): gadewch rated:true allan.
u5 = Mae gennych { $left ->
    [zero] { $left } diwrnod
    [one] { $left } diwrnod
    [two] { $left } ddiwrnod
    [few] { $left } diwrnod
    [many] { $left } diwrnod
   *[other] { $left } diwrnod
} o wyliau ar ôl tan { $date }: 30 diwrnod mewn unrhyw 365 yw'r mwyaf.
u6 = Stopio eich cloc yn eich holl gemau tra byddwch chi i ffwrdd (30 diwrnod mewn unrhyw 365)
u7 = Mae { $player } ar wyliau tan { $until }: mae cloc { $player } wedi stopio.
u8 = Mae { $player } ar wyliau tan { $until }: mae cloc { $player } wedi stopio.
u9 = Eu symudiad nhw, yna'ch ateb chi, bob yn bâr, e.e. f8-c8 e2-c2
u10 = Symudiadau amodol: /conditional add line:f8-c8 e2-c2 (eu symudiad nhw, yna'ch ateb chi, bob yn bâr), /conditional list, /conditional clear.
u11 = Ysgrifennwch y llinell: eu symudiad nhw, yna'ch ateb chi, bob yn bâr, fel /conditional add line:f8-c8 e2-c2.
u12 = Mae { $other } hefyd ar { $count ->
    [two] { $points } bwynt
    [few] { $points } phwynt
    [many] { $points } phwynt
   *[other] { $points } pwynt
}; { $winner } sydd ar y blaen { $by ->
    [sb] ar Sonneborn-Berger ({ $first } – { $second }).
    [buchholz] ar Buchholz ({ $first } – { $second }).
    [split] ar y buddugoliaethau hollt ({ $first } – { $second }).
   *[seeding] yn ôl trefn ymuno, gan fod popeth arall yn gyfartal hefyd.
}
u13 = Trefn: pwyntiau, yna Sonneborn-Berger (SB), yna Buchholz, yna buddugoliaethau hollt (gornest 1–1 a enillwyd mewn llai o symudiadau).
u15 = Tabl y twrnamaint { $name }: safle, pwyntiau a thorwyr-clwm pob chwaraewr.
u16 = { $key ->
    [dim] maint y bwrdd
    [esc] lle mae'r brenin yn dianc
    [ka] a yw'r brenin yn helpu i gipio
    [ks] sut mae dal y brenin
    [spd] pa mor bell mae darnau'n symud
    [cor] sgwariau'r corneli
    [cen] y sgwâr canol
    [corh] i bwy mae'r corneli'n elyniaethus
    [cenh] i bwy mae'r canol llawn yn elyniaethus
    [cenhe] i bwy mae'r canol gwag yn elyniaethus
    [cors] pwy gaiff aros ar gornel
    [cens] pwy gaiff aros ar y canol
    [corp] pwy gaiff fynd heibio i gornel
    [cenp] pwy gaiff fynd heibio i'r canol
    [sw] cipio mur tarianau
    [efe] dianc o gaer ar yr ymyl
    [ber] symudiadau berserk
    [linc] cipio Linnaeus
    [kj] neidiau'r brenin
    [nj] marchogion a chadlywyddion
    [cj] marchogion a chadlywyddion
   *[rule] rheol
}
u17 = Does dim modd darllen cofnod sydd ei angen ar gyfer hyn, felly does dim wedi newid. Gall gweithredwr y bot edrych arno (tawlbot doctor).
u18 = Does dim modd darllen her { $id }, felly rwy'n ei gadael fel y mae. Gall gweithredwr y bot edrych arni (tawlbot doctor).
u19 = Does dim modd darllen cofnodion twrnamaint { $id }, felly rwy'n ei adael fel y mae. Gall gweithredwr y bot edrych arno.
u20 = Tawlbwrdd, ail-luniad Walker
u21 = 11x11, ail-luniad Damian Walker: 24 ymosodwr yn erbyn 12 amddiffynnwr a brenin. Mae pob darn yn llithro; mae'r orsedd a'r corneli i'r brenin yn unig, ac yn elyniaethus i bawb. Caiff llinell o hyd at dri gelyn ei chipio ar unwaith; caiff y brenin ei ddal fel unrhyw ddarn arall. Mae'r brenin yn ennill ar unrhyw sgwâr ar yr ymyl. Yr ymosodwyr sy'n symud gyntaf.
u22 = Mae **tawlbot** yn cadw'r bwrdd ar gyfer hen gemau tafl Cymreig a Cheltaidd, a gwyddbwyll.
    Heriwch ffrind gyda /challenge, yna teipiwch symudiadau yn y sianel fel dau sgwâr: e1-e4 (neu @14-@44 wrth chwarae goedhboell).
u23 = Diolch, ond dydw i ddim yn chwarae eto: fi sy'n cadw'r bwrdd a'r rheolau. Heriwch ffrind, neu gynigiwch her agored i bawb.
u24 = Mae'r gêm ar ben: { $reason ->
    [cancelled] cafodd ei chanslo, heb ganlyniad.
    [decided] penderfynodd trefnydd y twrnamaint yr ornest; does gan y gêm hon ddim canlyniad, a dydy hi ddim yn cyfrif at y graddiad.
   *[aborted] daeth i ben heb ganlyniad.
}
u25 = Mae gêm { $id } ar ben: penderfynodd trefnydd y twrnamaint **{ $name }** yr ornest. Dydy hi ddim yn cyfrif at y graddiad.
u26 = Mae'r chwaraewr { $player } yn cael y rôl { $role } am ennill y twrnamaint **{ $name }**.
u27 = Dechreuwyd
u28 = Daeth i ben
u29 = { $state ->
    [signup] yn derbyn chwaraewyr
    [running] ar waith
    [finished] wedi gorffen
    [open] ar agor
    [accepted] derbyniwyd
    [declined] gwrthodwyd
    [withdrawn] tynnwyd yn ôl
    [expired] daeth i ben
   *[cancelled] canslwyd
}
u30 = derbyn neu wrthod cynnig eich gwrthwynebydd (gadewch allan i gynnig)
u32 = Gêm { $id } ({ $game }): siawns { SIDE($side, form: "the") } o ennill ar ôl pob symudiad, ar { $nodes } nod y safle.
u33 = Pob gêm: 1 buddugoliaeth, ½ gêm gyfartal, 0 colled, + neu - fforffed, * wrthi'n cael ei chwarae. Y colofnau yw'r safleoedd yn y tabl.
u34 = Mae { $player } yn ymuno â'r twrnamaint **{ $name }** yn hwyr, a chaiff ei baru o rownd { $round } ymlaen ({ $n } chwaraewr).
u35 = Parau yw llinell: eu symudiad nhw, yna'ch ateb chi, pob symudiad heb fylchau (fel f8-c8 e2-c2 g7-g9 k5-k6); mae { $n } symudiad yn hon. Does dim wedi'i gadw.
u36 = Pos { $number }: { SIDE($side, form: "the") } i symud, ac ennill mewn { $moves }.
u37 = Mae'ch gwyliau ar ben ac mae'ch clociau'n rhedeg eto: { $used ->
    [zero] { $used } diwrnod wedi'u cyfrif
    [one] { $used } diwrnod wedi'i gyfrif
    [two] { $used } ddiwrnod wedi'u cyfrif
    [few] { $used } diwrnod wedi'u cyfrif
    [many] { $used } diwrnod wedi'u cyfrif
   *[other] { $used } diwrnod wedi'u cyfrif
}, { $back ->
    [zero] { $back } diwrnod yn ôl i chi
    [one] { $back } diwrnod yn ôl i chi
    [two] { $back } ddiwrnod yn ôl i chi
    [few] { $back } diwrnod yn ôl i chi
    [many] { $back } diwrnod yn ôl i chi
   *[other] { $back } diwrnod yn ôl i chi
}.
u38 = { $n ->
    [one] Dydy cloc y gêm hon ddim yn stopio: cafodd ei thwrnamaint ei greu gyda vacation:false.
   *[other] Dydy clociau'r gemau hyn ddim yn stopio ({ $n }): cafodd eu twrnameintiau eu creu gyda vacation:false.
}
u39 = Rhifau o 1 yw round: a board:, sef rownd a bwrdd yr ornest, fel y mae `/tournament info round:N` yn eu dangos.
u40 = Posau wedi'u datrys: { $solved }. Rhediad: { $streak } (gorau { $best }). Graddiad posau: { $rating }.
u41 = Chwilio am chwaraewr wrth ei enw
i1 = Amser i bob symudiad (1d, 3d, 7d, 12h), banc (bank:7d inc:1d cap:14d) neu none
i4 = Rhowch un dewis i /puzzle ar y tro.
i7 = Graddio'r gêm, fel ei bod yn cyfrif at y graddiadau (ddim yn ddiofyn)
i8 = Goedhboell / "Celtic chess" (9x9, @hv)
i9 = Gadael y twrnamaint **{ $name }**? Mae wedi dechrau, felly mae gadael yn golygu tynnu allan: bydd pob gêm sy'n weddill yn cyfrif fel colled. Pwyswch y botwm Gadael i gadarnhau, neu Aros.
i10 = Tynnu chwaraewr allan (trefnwyr): bydd pob gêm sy'n weddill yn cyfrif fel colled
i11 = { $piece ->
    [king] y brenin
    [attacker] ymosodwr
    [defender] amddiffynnwr
    [assailant] ymosodwr
    [prince] tywysog
    [white-dux] dux Gwyn
    [black-dux] dux Du
    [white-man] milwr gwyn
   *[black-man] milwr du
}
i12 = Does dim modd darllen cofnod gêm { $id }. Gall rhywun â'r caniatâd Manage Server ei dirwyn i ben gyda /abort.
i13 = dadansoddi… { $percent }%
i14 = Gallwch allforio gêm unwaith y funud: rhowch gynnig arall ymhen { $seconds } eiliad.
i15 = Dim symudiad eto.
i16 = Dim gêm wedi'i graddio eto.
i17 = Does gan tawlbot ddim gêm tafl ar fwrdd { $dim }x{ $dim }: mae'n chwarae 11x11 (tawlbwrdd) a 9x9 (tallfwrdd, goedhboell).
i18 = All tawlbot ddim chwarae'r rheolau hyn: dydy { $theirs } ({ $meaning }) ddim yn yr un o'i gemau; mae gan yr agosaf, { $game }, { $ours }. Mae cofnod gan tawlbot yn enwi ei gêm mewn tag amrywiad.
i19 = Dydy'r cofnod rheolau "{ $entry }" ddim ar y ffurf allwedd:gwerth.
i20 = Allwn i ddim agor edefyn yma: mae angen y caniatâd Create Public Threads a'r caniatâd Send Messages in Threads arnaf.
i21 = All amser ddim bod yn llai na dim ("{ $text }"): ysgrifennwch ef fel 3d, 12h neu bank:7d inc:1d cap:14d.
i22 = Yn "{ $text }" mae'r uchafswm (cap:) yn llai na'r gronfa: yr uchafswm yw'r mwyaf y caiff cronfa dyfu iddo, felly rhowch o leiaf { $bank }, neu adewch ef allan.
i23 = Pryd mae'n dechrau, e.e. 2d (neu ddechreuwch ef gyda /tournament start)
i25 = Rydw i'n brysur yn meddwl am gemau eraill: rhowch gynnig arall arni ymhen munud.
i26 = Ymosodwyr: yr ochr sy'n symud gyntaf (Gwyn yn y gêm latrunculi); amddiffynwyr: yr ochr arall (tywysogion, Du).
i27 = Does dim dux (c, C) yn y gêm { $game }, ond mae un ar { $squares }.
i28 = Gemau'r gweinydd hwn ar yr archif ar y we: public neu private (Manage Server)
i29 = Mae saib ar gloc y gêm hon: dim symud nes iddo redeg eto (/resume, neu ar ddiwedd y saib y cytunwyd arno).
i30 = Cywir: { $move }. Ateb tawlbot yw { $defence }; eich tro chi yw hi.
u3 = Mae { $challenger } yn herio { $opponent } i chwarae { $game }{ $side ->
    [none] {""}
   *[other] , { SIDE($side, form: "on-side") }
}, { $time }.
u4 = Her agored: { $game }{ $side ->
    [none] {""}
   *[other] , { SIDE($side, form: "on-side") }
}, { $time }.
u14 = { $winner } sydd ar y blaen ar y buddugoliaethau hollt ({ $first } – { $second }).
u31 = Nid { $move } yw'r symudiad sy'n ennill: mae'r safle yn aros.
g8 = Rhwng c2 a f4, neu e5, d4 a h6.
i2 = Enillydd yr ornest (cyfeiriad @)
i3 = Rhowch chwaraewr o'r ornest (cyfeiriad @).
i5 = Does gan y gêm hon ddim canlyniad, a dydy hi ddim yn cyfrif at y graddiad.
i6 = Dydy hi ddim yn cyfrif at y graddiad.
i11c = { $piece ->
    [white-dux] Dux Gwyn
   *[black-dux] Dux Du
}
i24 = a yw'r brenin yn helpu i gipio
"#;

const REVIEW_REFUSALS: &[(&str, &str)] = &[
    ("w1", "caethiwo"),
    ("w2", "daeth y dadansoddiad"),
    ("w3", "neu draw"),
    ("w4", "neu draw"),
    ("w5", "o'i safle ei hun"),
    ("w6", "o'i safle ei hun"),
    ("g1", "all gwneud"),
    ("g2", "neu gwelwch"),
    ("g3", "a { $to }"),
    ("g4", "a { $rounds }"),
    ("g5", "pâr"),
    ("g6", "fforffed wedi'i hennill"),
    ("g7", "heb ei graddio"),
    ("g8", "a f4"),
    ("g8", "a h6"),
    ("g10", "rhes"),
    ("u1", "hoffi ei siawns"),
    ("u2", "o'i safle ei hun"),
    ("u3", "on-side"),
    ("u4", "on-side"),
    ("u5", "mewn unrhyw 365"),
    ("u6", "stopio eich"),
    ("u6", "mewn unrhyw 365"),
    ("u7", "cloc {$player}"),
    ("u8", "cloc {$player}"),
    ("u9", "bob yn bâr"),
    ("u10", "bob yn bâr"),
    ("u11", "bob yn bâr"),
    ("u12", "ar sonneborn-berger"),
    ("u12", "ar buchholz"),
    ("u13", "buddugoliaethau hollt"),
    ("u14", "buddugoliaethau hollt"),
    ("u15", "orwyr-clwm"),
    ("u16", "canol llawn"),
    ("u17", "edrych arno"),
    ("u18", "edrych arni"),
    ("u19", "edrych arno"),
    ("u20", "ail-luniad"),
    ("u21", "ail-luniad"),
    ("u22", "cadw'r bwrdd"),
    ("u23", "cadw'r bwrdd"),
    ("u24", "penderfynodd"),
    ("u25", "penderfynodd"),
    ("u26", "mae'r chwaraewr"),
    ("u27", "dechreuwyd"),
    ("u28", "daeth i ben"),
    ("u29", "canslwyd"),
    ("u29", "derbyniwyd"),
    ("u29", "tynnwyd yn ôl"),
    ("u30", "gadewch allan i"),
    ("u31", "mae'r safle yn aros"),
    ("u32", "ar {} nod"),
    ("u33", "1 buddugoliaeth"),
    ("u34", "ei baru"),
    ("u35", "symudiad yn hon"),
    ("u36", "i symud ac ennill"),
    ("u37", "diwrnod yn ôl i chi"),
    ("u38", "ddim yn stopio"),
    ("u39", "rhifau o 1 yw"),
    ("u40", "gorau"),
    ("u41", "wrth ei enw"),
    ("i1", "banc"),
    ("i2", "cyfeiriad"),
    ("i3", "cyfeiriad"),
    ("i4", "un dewis"),
    ("i5", "cyfrif at y graddiad"),
    ("i6", "cyfrif at y graddiad"),
    ("i7", "cyfrif at y graddiadau"),
    ("i7", "ddim yn ddiofyn"),
    ("i8", "celtic chess"),
    ("i9", "cyfrif fel colled"),
    ("i10", "cyfrif fel colled"),
    ("i11", "dux gwyn"),
    ("i11", "dux du"),
    ("i11c", "dux gwyn"),
    ("i11c", "dux du"),
    ("i12", "dirwyn i ben"),
    ("i13", "dadansoddi"),
    ("i14", "rhowch gynnig arall"),
    ("i15", "dim symudiad eto"),
    ("i16", "dim gêm wedi'i graddio eto"),
    ("i17", "gan tawlbot"),
    ("i18", "gan tawlbot"),
    ("i19", "cofnod rheolau"),
    ("i20", "arnaf"),
    ("i21", "\"ef\""),
    ("i22", "\"ef\""),
    ("i23", "\"ef\""),
    ("i24", "a yw'r"),
    ("i25", "rydw"),
    ("i26", "latrunculi"),
    ("i27", "dux c c"),
    ("i28", "yr archif ar y we"),
    ("i29", "dim symud nes"),
    ("i30", "ateb tawlbot"),
];

/// Each pattern of the review fails the style test when it is put back:
/// every row's old Welsh is refused, for the row's own reason.
#[test]
fn every_review_row_is_refused() {
    let found = problems_of(REVIEW_ROWS);
    let mut missed = Vec::new();
    for (row, needle) in REVIEW_REFUSALS {
        let hit = found
            .iter()
            .any(|(id, what)| id == row && what.to_lowercase().contains(&needle.to_lowercase()));
        if !hit {
            missed.push(format!("{row}: no problem naming {needle:?}"));
        }
    }
    assert!(
        missed.is_empty(),
        "{}\nfound: {found:#?}",
        missed.join("\n")
    );
    // Every row of the text is named in the table, and each is refused.
    let rows: Vec<&str> = REVIEW_ROWS
        .lines()
        .filter_map(|l| l.split_once(" = ").map(|(id, _)| id))
        .filter(|id| !id.starts_with(' '))
        .collect();
    for row in rows {
        assert!(
            REVIEW_REFUSALS.iter().any(|(r, _)| *r == row),
            "{row} has no expected refusal"
        );
    }
}

/// The checks added for the review refuse their faults in new words too,
/// and pass the right forms.
#[test]
fn the_new_checks_refuse_new_faults() {
    let bad = "a = Dim ond y trefnydd all dechrau, all canslo, caiff pasio.\n\
               b = Pwyswch neu gosodwch, neu dangoswch.\n\
               c = Rhwng a2 ac b3, g4 a h5.\n\
               d = Rhwng { $big } a { $max }, neu ac { $square }.\n\
               e = Mae { $n } pwynt ar ôl.\n\
               f = { $n ->\n    [two] { $n } pwynt\n    [few] { $n } pwynt\n   *[other] { $n } pwynt\n}\n\
               g = { $n ->\n    [one] { $n } tudalen\n    [few] { $n } thudalen\n   *[other] { $n } tudalen\n}\n\
               h = Canslwyd\n\
               i = Mae gan tawlbot gêm; rhowch gynnig arall ymhen munud.\n";
    let found: Vec<String> = problems_of(bad).into_iter().map(|(id, _)| id).collect();
    assert_eq!(
        found,
        ["a", "a", "a", "b", "b", "c", "c", "d", "d", "e", "f", "f", "g", "g", "h", "i", "i"],
        "{:#?}",
        problems_of(bad)
    );
    let good = "a = Gall trefnydd ddechrau; caiff llinell ei chipio; all neb osod.\n\
                b = Pwyswch neu osodwch, neu welwch.\n\
                c = Rhwng a2 a b3, g4 ac h5, c2 ac f4, d4 a k7.\n\
                d = Rhwng { $big } ac un, o 2 i { $max }.\n\
                e = { $n ->\n    [two] { $n } bwynt\n    [few] { $n } phwynt\n    [many] { $n } phwynt\n   *[other] { $n } pwynt\n}\n\
                f = { $n ->\n    [one] { $n } dudalen\n    [two] { $n } dudalen\n    [few] { $n } tudalen\n    [many] { $n } thudalen\n   *[other] { $n } tudalen\n}\n\
                g = Dyddiad dechrau; wedi'i ganslo\n\
                h = Dydy tawlbot ddim yn chwarae; rhowch gynnig arall arni ymhen munud.\n";
    assert!(problems_of(good).is_empty(), "{:#?}", problems_of(good));
}

/// The podium's places in Welsh: 1af, 2il, 3ydd, 4ydd, 5ed, 6ed, 7fed ...
/// 11eg, 12fed, 13eg ... 20fed, 21ain ... 39ain, 40fed.
#[test]
fn welsh_ordinals_take_their_suffixes() {
    use tawlbot::i18n::{without_isolation, Lang, Localiser, Msg};
    let suffix = |n: u32| match n {
        1 => "af",
        2 => "il",
        3 | 4 => "ydd",
        5 | 6 => "ed",
        11 | 13 | 14 | 16 | 17 | 19 => "eg",
        21..=39 => "ain",
        _ => "fed",
    };
    for n in 1..=45u32 {
        let text = Localiser::global().text(Lang::Cy, &Msg::new("web-place").num("place", n));
        assert_eq!(without_isolation(&text), format!("{n}{}", suffix(n)), "{n}");
    }
}
