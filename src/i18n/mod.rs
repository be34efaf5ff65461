//! Words in one place, two languages: the message catalogue and the localiser.
//!
//! Use-case code builds a [`Msg`]: a message id from `locales/*/*.ftl` and
//! named arguments (text, numbers, or another [`Msg`] rendered first in the
//! same language). One shared [`Localiser`] turns it into English or Welsh.
//! The `.ftl` files are embedded at build time.
//!
//! ```
//! use tawlbot::i18n::{Lang, Localiser, Msg};
//! let m = Msg::new("time-days").num("n", 2);
//! assert_eq!(Localiser::global().text(Lang::Cy, &m), "2 ddiwrnod");
//! // Text written right to left stands in an isolate of its own.
//! let m = Msg::new("challenge-declined").str("player", "שרה").num("id", 3);
//! assert!(Localiser::global().text(Lang::En, &m).contains("\u{2068}שרה\u{2069}"));
//! ```
//!
//! **Bidirectional isolation.** A placeable that holds text written right
//! to left (a name in Arabic or Hebrew) is put between U+2068 (first strong
//! isolate) and U+2069 (pop directional isolate), so it cannot reorder the
//! sentence round it. Every other placeable (numbers, squares, moves,
//! command names, Latin names) stands bare: the marks guard nothing there
//! and harm where text is not prose (a copied command carries them, a code
//! block counts them as width, a picture draws them as boxes). Fluent's own
//! isolation, which marks every placeable, is off. Discord reads mentions,
//! channel links, timestamps and markdown inside the marks as usual;
//! pictures draw none of them (the renderer skips them); tests compare
//! text through [`without_isolation`].

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

/// A language the bot speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    Cy,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Cy];

    /// Reads `english` / `cymraeg`, the codes `en` / `cy`, and a few
    /// spellings players type (`welsh`, `saesneg`, `en-GB`, `cy-GB`).
    pub fn parse(s: &str) -> Option<Lang> {
        let s = s.trim().to_lowercase();
        let s = s.split(['-', '_']).next().unwrap_or("");
        match s {
            "en" | "eng" | "english" | "saesneg" => Some(Lang::En),
            "cy" | "cym" | "wel" | "cymraeg" | "welsh" => Some(Lang::Cy),
            _ => None,
        }
    }

    /// The ISO 639-1 code: `en`, `cy`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Cy => "cy",
        }
    }

    /// The name in its own language, as `/language choice:` takes it:
    /// `english`, `cymraeg`.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "english",
            Lang::Cy => "cymraeg",
        }
    }

    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One argument of a message.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// Text shown as it is: a name, a square, a mention, a move.
    Str(String),
    /// A number: chooses plural forms (`zero`, `one`, `two`, `few`, `many`).
    Num(f64),
    /// Another message, rendered in the same language first.
    Msg(Box<Msg>),
    /// A moment (unix seconds): a deadline, the end of a pause. Each front
    /// end writes it its own way (see [`format_times`]): Discord as a
    /// timestamp every reader sees in their own time zone, the console as
    /// the date and time in UTC.
    Time(i64),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Str(s.to_string())
    }
}
impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Str(s)
    }
}
impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Str(s.clone())
    }
}
impl From<Msg> for Arg {
    fn from(m: Msg) -> Arg {
        Arg::Msg(Box::new(m))
    }
}
/// A number type a message argument can take.
pub trait Number: Copy {
    fn to_f64(self) -> f64;
}
macro_rules! num_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Num(n as f64)
            }
        }
        impl Number for $t {
            fn to_f64(self) -> f64 {
                self as f64
            }
        }
    )*};
}
num_arg!(i32, i64, u32, u64, usize, f64);

/// A message id with its named arguments: what use-case code returns
/// instead of a sentence.
#[derive(Clone, Debug, PartialEq)]
pub struct Msg {
    pub id: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

impl Msg {
    pub fn new(id: &'static str) -> Msg {
        Msg {
            id,
            args: Vec::new(),
        }
    }
    /// Adds any argument (`&str`, `String`, a number or a `Msg`).
    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Msg {
        self.args.push((name, value.into()));
        self
    }
    /// Adds a text argument.
    pub fn str(self, name: &'static str, value: impl Into<String>) -> Msg {
        self.arg(name, Arg::Str(value.into()))
    }
    /// Adds a number argument.
    pub fn num(self, name: &'static str, value: impl Number) -> Msg {
        self.arg(name, Arg::Num(value.to_f64()))
    }
    /// Adds a nested message, rendered in the reader's language.
    pub fn msg(self, name: &'static str, value: Msg) -> Msg {
        self.arg(name, Arg::Msg(Box::new(value)))
    }
    /// Adds a moment (unix seconds), written by the front end.
    pub fn time(self, name: &'static str, secs: i64) -> Msg {
        self.arg(name, Arg::Time(secs))
    }
}

/// The catalogue files, embedded: (area, English, Welsh).
pub const FILES: &[(&str, &str, &str)] = &[
    (
        "front",
        include_str!("../../locales/en/front.ftl"),
        include_str!("../../locales/cy/front.ftl"),
    ),
    (
        "common",
        include_str!("../../locales/en/common.ftl"),
        include_str!("../../locales/cy/common.ftl"),
    ),
    (
        "challenges",
        include_str!("../../locales/en/challenges.ftl"),
        include_str!("../../locales/cy/challenges.ftl"),
    ),
    (
        "play",
        include_str!("../../locales/en/play.ftl"),
        include_str!("../../locales/cy/play.ftl"),
    ),
    (
        "analysis",
        include_str!("../../locales/en/analysis.ftl"),
        include_str!("../../locales/cy/analysis.ftl"),
    ),
    (
        "refusals",
        include_str!("../../locales/en/refusals.ftl"),
        include_str!("../../locales/cy/refusals.ftl"),
    ),
    (
        "offers",
        include_str!("../../locales/en/offers.ftl"),
        include_str!("../../locales/cy/offers.ftl"),
    ),
    (
        "clock",
        include_str!("../../locales/en/clock.ftl"),
        include_str!("../../locales/cy/clock.ftl"),
    ),
    (
        "info",
        include_str!("../../locales/en/info.ftl"),
        include_str!("../../locales/cy/info.ftl"),
    ),
    (
        "help",
        include_str!("../../locales/en/help.ftl"),
        include_str!("../../locales/cy/help.ftl"),
    ),
    (
        "rules",
        include_str!("../../locales/en/rules.ftl"),
        include_str!("../../locales/cy/rules.ftl"),
    ),
    (
        "tournaments",
        include_str!("../../locales/en/tournaments.ftl"),
        include_str!("../../locales/cy/tournaments.ftl"),
    ),
    (
        "ratings",
        include_str!("../../locales/en/ratings.ftl"),
        include_str!("../../locales/cy/ratings.ftl"),
    ),
    (
        "render",
        include_str!("../../locales/en/render.ftl"),
        include_str!("../../locales/cy/render.ftl"),
    ),
    (
        "views",
        include_str!("../../locales/en/views.ftl"),
        include_str!("../../locales/cy/views.ftl"),
    ),
    (
        "notation",
        include_str!("../../locales/en/notation.ftl"),
        include_str!("../../locales/cy/notation.ftl"),
    ),
    (
        "web",
        include_str!("../../locales/en/web.ftl"),
        include_str!("../../locales/cy/web.ftl"),
    ),
    (
        "puzzles",
        include_str!("../../locales/en/puzzles.ftl"),
        include_str!("../../locales/cy/puzzles.ftl"),
    ),
];

/// Turns messages into text. Built once ([`Localiser::global`]), shared
/// across threads.
pub struct Localiser {
    bundles: [FluentBundle<FluentResource>; 2],
    /// Per language, the messages that are only text and `{ $var }`
    /// placeables (`alt-comma = { $first }, { $next }`), written without
    /// Fluent ([`Localiser::try_text`]).
    simple: [HashMap<String, Vec<Part>>; 2],
}

/// A piece of a message that is only text and variables.
#[derive(Debug)]
enum Part {
    Text(String),
    Var(String),
}

/// The messages of `lang`'s catalogue that are only text and `{ $var }`
/// placeables: no selectors, functions, terms or other messages. An alt
/// text is dozens of these (a list of squares is a chain of
/// `alt-comma`), and through Fluent (arguments collected, the pattern
/// resolved) they were most of a move's localising.
fn simple_messages(lang: Lang) -> HashMap<String, Vec<Part>> {
    use fluent_syntax::ast::{Entry, Expression, InlineExpression, PatternElement};
    let mut out = HashMap::new();
    for (_, en, cy) in FILES {
        let src = match lang {
            Lang::En => en,
            Lang::Cy => cy,
        };
        let Ok(res) = fluent_syntax::parser::parse(*src) else {
            continue;
        };
        for e in res.body {
            let Entry::Message(m) = e else { continue };
            let Some(value) = m.value else { continue };
            let parts: Option<Vec<Part>> = value
                .elements
                .into_iter()
                .map(|el| match el {
                    PatternElement::TextElement { value } => Some(Part::Text(value.to_string())),
                    PatternElement::Placeable {
                        expression: Expression::Inline(InlineExpression::VariableReference { id }),
                    } => Some(Part::Var(id.name.to_string())),
                    PatternElement::Placeable { .. } => None,
                })
                .collect();
            if let Some(parts) = parts {
                out.insert(m.id.name.to_string(), parts);
            }
        }
    }
    out
}

impl fmt::Debug for Localiser {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Localiser")
    }
}

/// A bundle of `lang`'s catalogue files whose area `keep` accepts, without
/// functions.
fn plain_bundle(lang: Lang, keep: impl Fn(&str) -> bool) -> FluentBundle<FluentResource> {
    let id: unic_langid::LanguageIdentifier = lang.code().parse().expect("a valid language code");
    let mut b = FluentBundle::new_concurrent(vec![id]);
    // Only placeables written right to left are isolated, by
    // `Localiser::try_text` (see the module comment).
    b.set_use_isolating(false);
    for (area, en, cy) in FILES.iter().filter(|(area, _, _)| keep(area)) {
        let src = match lang {
            Lang::En => en,
            Lang::Cy => cy,
        };
        let res = FluentResource::try_new(src.to_string()).unwrap_or_else(|(_, e)| {
            panic!("locales/{}/{area}.ftl does not parse: {e:?}", lang.code())
        });
        b.add_resource(res).unwrap_or_else(|e| {
            panic!("locales/{}/{area}.ftl: {e:?}", lang.code());
        });
    }
    b
}

/// `lang`'s whole catalogue, with the function `SIDE`.
fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let mut b = plain_bundle(lang, |_| true);
    let words = plain_bundle(lang, |area| area == "common");
    b.add_function("SIDE", move |positional, named| {
        side_form(&words, positional, named)
    })
    .expect("SIDE is the only function");
    b
}

/// `SIDE($side, form: "the")`: a side named in the form a sentence needs.
/// `$side` is the side's stable id (`tafl-first`, `latrunculi-second`...,
/// [`crate::rules::Ruleset::side_key`]); the words are the entry
/// `side-{id}` of the catalogue's `common.ftl`, written once per side: its
/// value without `form`, else its attribute `form` (the forms are listed
/// there). Fluent terms cannot be given a variable, so the side's entry is
/// found here. An unknown side or form is an error, shown as `{SIDE()}`
/// (the catalogue tests try every side and form).
fn side_form<'a>(
    words: &FluentBundle<FluentResource>,
    positional: &[FluentValue<'a>],
    named: &FluentArgs,
) -> FluentValue<'a> {
    let Some(FluentValue::String(id)) = positional.first() else {
        return FluentValue::Error;
    };
    let Some(entry) = words.get_message(&format!("side-{id}")) else {
        return FluentValue::Error;
    };
    let pattern = match named.get("form") {
        None => entry.value(),
        Some(FluentValue::String(form)) => entry.get_attribute(form).map(|a| a.value()),
        Some(_) => None,
    };
    let Some(pattern) = pattern else {
        return FluentValue::Error;
    };
    let mut errors = Vec::new();
    let text = words.format_pattern(pattern, None, &mut errors);
    if errors.is_empty() {
        FluentValue::String(Cow::Owned(text.into_owned()))
    } else {
        FluentValue::Error
    }
}

impl Localiser {
    /// Parses the embedded catalogues. A catalogue that does not parse is a
    /// build mistake caught by the tests, so this panics.
    pub fn new() -> Localiser {
        Localiser {
            bundles: [bundle(Lang::En), bundle(Lang::Cy)],
            simple: [simple_messages(Lang::En), simple_messages(Lang::Cy)],
        }
    }

    /// The one shared localiser.
    pub fn global() -> &'static Localiser {
        static L: OnceLock<Localiser> = OnceLock::new();
        L.get_or_init(Localiser::new)
    }

    /// Whether `id` is a message of `lang`'s catalogue.
    pub fn has(&self, lang: Lang, id: &str) -> bool {
        self.bundles[lang.index()].has_message(id)
    }

    /// The message in `lang`. Never fails: a missing id (which the
    /// catalogue tests rule out) shows as the id itself, and a missing
    /// argument as its name, so a player never sees an empty reply.
    pub fn text(&self, lang: Lang, msg: &Msg) -> String {
        self.try_text(lang, msg).unwrap_or_else(|e| {
            tracing::error!("localising {} in {}: {e}", msg.id, lang.code());
            msg.id.to_string()
        })
    }

    /// The message in `lang`, or what went wrong (unknown id, a missing
    /// or wrong argument).
    pub fn try_text(&self, lang: Lang, msg: &Msg) -> Result<String, String> {
        if let Some(parts) = self.simple[lang.index()].get(msg.id) {
            if let Some(text) = self.simple_text(lang, parts, msg)? {
                return Ok(text);
            }
        }
        self.fluent_text(lang, msg)
    }

    /// A message of text and `{ $var }` placeables, written as Fluent
    /// writes it: the text as it is, each variable's value (isolated as
    /// [`Localiser::fluent_text`] isolates it). `None` where Fluent must
    /// do it: a number (its plural and digits are Fluent's), a variable
    /// not given (Fluent names the error).
    fn simple_text(&self, lang: Lang, parts: &[Part], msg: &Msg) -> Result<Option<String>, String> {
        let mut out = String::new();
        for p in parts {
            match p {
                Part::Text(t) => out.push_str(t),
                // The last value given for a name, as `FluentArgs::set` keeps.
                Part::Var(v) => match msg.args.iter().rev().find(|(k, _)| k == v) {
                    Some((_, Arg::Str(s))) => out.push_str(&isolated(Cow::Borrowed(s.as_str()))),
                    Some((_, Arg::Msg(m))) => {
                        out.push_str(&isolated(Cow::Owned(self.try_text(lang, m)?)))
                    }
                    Some((_, Arg::Time(t))) => out.push_str(&time_token(*t, lang)),
                    Some((_, Arg::Num(_))) | None => return Ok(None),
                },
            }
        }
        Ok(Some(out))
    }

    /// [`Localiser::try_text`] through Fluent.
    fn fluent_text(&self, lang: Lang, msg: &Msg) -> Result<String, String> {
        let b = &self.bundles[lang.index()];
        let pattern = b
            .get_message(msg.id)
            .and_then(|m| m.value())
            .ok_or_else(|| format!("no message {}", msg.id))?;
        let mut args = FluentArgs::with_capacity(msg.args.len());
        for (name, a) in &msg.args {
            let v: FluentValue = match a {
                Arg::Str(s) => FluentValue::String(isolated(Cow::Borrowed(s.as_str()))),
                Arg::Num(n) => FluentValue::from(*n),
                Arg::Msg(m) => FluentValue::String(isolated(Cow::Owned(self.try_text(lang, m)?))),
                Arg::Time(t) => FluentValue::String(Cow::Owned(time_token(*t, lang))),
            };
            args.set(*name, v);
        }
        let mut errors = Vec::new();
        let out = b.format_pattern(pattern, Some(&args), &mut errors);
        if errors.is_empty() {
            Ok(out.into_owned())
        } else {
            Err(format!("{}: {errors:?}", msg.id))
        }
    }
}

impl Default for Localiser {
    fn default() -> Localiser {
        Localiser::new()
    }
}

/// A moment in localised text, until the front end writes it: U+FFF9
/// (interlinear annotation anchor), the unix seconds, U+FFFB; in Welsh
/// text the seconds are followed by U+FFFA (annotation separator) and
/// `cy`, so a front end can write the date in the sentence's language.
fn time_token(secs: i64, lang: Lang) -> String {
    match lang {
        Lang::En => format!("\u{FFF9}{secs}\u{FFFB}"),
        Lang::Cy => format!("\u{FFF9}{secs}\u{FFFA}cy\u{FFFB}"),
    }
}

/// The inside of a moment's token: its seconds and the language of the
/// sentence it stands in.
fn read_token(inside: &str) -> Option<(i64, Lang)> {
    match inside.split_once('\u{FFFA}') {
        None => Some((inside.parse().ok()?, Lang::En)),
        Some((secs, lang)) => Some((secs.parse().ok()?, Lang::parse(lang)?)),
    }
}

/// The moments in `text` (the deadlines a reply states), in order.
pub fn times_in(text: &str) -> Vec<i64> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find('\u{FFF9}') {
        rest = &rest[i + '\u{FFF9}'.len_utf8()..];
        let Some(j) = rest.find('\u{FFFB}') else {
            break;
        };
        if let Some((t, _)) = read_token(&rest[..j]) {
            out.push(t);
        }
        rest = &rest[j..];
    }
    out
}

/// `text` with each moment written by `write`, whatever the sentence's
/// language (the console: the date and time in UTC, `2026-01-08 06:00
/// UTC`, which reads the same in both).
pub fn format_times(text: &str, write: impl Fn(i64) -> String) -> String {
    format_times_in(text, |t, _| write(t))
}

/// `text` with each moment written by `write` from its seconds and the
/// language of the sentence round it (Discord: [`discord_time`]).
pub fn format_times_in(text: &str, write: impl Fn(i64, Lang) -> String) -> String {
    if !text.contains('\u{FFF9}') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('\u{FFF9}') {
        out.push_str(&rest[..i]);
        let after = &rest[i + '\u{FFF9}'.len_utf8()..];
        match after.find('\u{FFFB}') {
            Some(j) => {
                match read_token(&after[..j]) {
                    Some((t, lang)) => out.push_str(&write(t, lang)),
                    None => out.push_str(&after[..j]),
                }
                rest = &after[j + '\u{FFFB}'.len_utf8()..];
            }
            None => {
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A moment as Discord shows it: a timestamp each reader's client draws
/// in their own time zone and language, the moment and how far off it is
/// ("8 January 2026 06:00 (in 2 days)"). Discord has no Welsh, so in a
/// Welsh sentence the date comes first in Welsh, in UTC ([`welsh_date`]),
/// and the timestamp follows in brackets: "8 Ionawr 2026 06:00 UTC
/// (<t:…:f>, <t:…:R>)".
pub fn discord_time(secs: i64, lang: Lang) -> String {
    match lang {
        Lang::En => format!("<t:{secs}:f> (<t:{secs}:R>)"),
        Lang::Cy => format!("{} (<t:{secs}:f>, <t:{secs}:R>)", welsh_date(secs)),
    }
}

/// The Welsh months, January first.
const WELSH_MONTHS: [&str; 12] = [
    "Ionawr",
    "Chwefror",
    "Mawrth",
    "Ebrill",
    "Mai",
    "Mehefin",
    "Gorffennaf",
    "Awst",
    "Medi",
    "Hydref",
    "Tachwedd",
    "Rhagfyr",
];

/// A moment (unix seconds) as a Welsh date and time in UTC: "8 Ionawr
/// 2026 06:00 UTC". The day is a numeral, so nothing before it mutates it
/// ("tan 8 Ionawr").
pub fn welsh_date(secs: i64) -> String {
    const DAY: i64 = 86_400;
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = secs.div_euclid(DAY) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    let s = secs.rem_euclid(DAY);
    format!(
        "{d} {} {y} {:02}:{:02} UTC",
        WELSH_MONTHS[(m - 1) as usize],
        s / 3600,
        s % 3600 / 60
    )
}

/// The marks round a placeable written right to left: first strong
/// isolate and pop directional isolate.
pub const ISOLATION_MARKS: [char; 2] = ['\u{2068}', '\u{2069}'];

/// Whether `c` is written right to left (Hebrew, Arabic, Syriac, Thaana,
/// N'Ko and their presentation forms, and the RTL scripts above U+10800).
pub fn is_rtl(c: char) -> bool {
    matches!(c, '\u{0590}'..='\u{08FF}' | '\u{FB1D}'..='\u{FDFF}' | '\u{FE70}'..='\u{FEFF}' | '\u{10800}'..='\u{10FFF}' | '\u{1E800}'..='\u{1EFFF}')
}

/// A placeable's text as it goes into a sentence: in an isolate of its own
/// when it holds text written right to left (and is not one already).
fn isolated(text: Cow<'_, str>) -> Cow<'_, str> {
    let whole = text.starts_with(ISOLATION_MARKS[0])
        && text.ends_with(ISOLATION_MARKS[1])
        && text.matches(ISOLATION_MARKS[0]).count() == 1;
    if whole || !text.chars().any(is_rtl) {
        return text;
    }
    Cow::Owned(format!("\u{2068}{text}\u{2069}"))
}

/// `text` without Fluent's isolation marks: what a test compares, and what
/// the renderer draws (a picture lays out no bidirectional text).
pub fn without_isolation(text: &str) -> String {
    text.replace(ISOLATION_MARKS, "")
}

/// Shorthand for `Localiser::global().text(lang, msg)`.
pub fn t(lang: Lang, msg: &Msg) -> String {
    Localiser::global().text(lang, msg)
}

/// A span of time in words, to the two largest units, as the app's
/// `time::span` does ("2 days 18 hours", "3 hours 59 minutes"), as a
/// message. Rounded down, never below a minute.
pub fn span(secs: i64) -> Msg {
    const MIN: i64 = 60;
    const HOUR: i64 = 3600;
    const DAY: i64 = 86_400;
    let s = secs.max(0);
    let (big, small) = if s >= DAY {
        (("time-days", s / DAY), ("time-hours", s % DAY / HOUR))
    } else if s >= HOUR {
        (("time-hours", s / HOUR), ("time-minutes", s % HOUR / MIN))
    } else {
        (("time-minutes", (s / MIN).max(1)), ("", 0))
    };
    let one = |(id, n): (&'static str, i64)| Msg::new(id).num("n", n);
    if small.1 == 0 {
        one(big)
    } else {
        let join = if read_with_a_vowel(small.1) {
            "time-two-units-vowel"
        } else {
            "time-two-units"
        };
        Msg::new(join).msg("big", one(big)).msg("small", one(small))
    }
}

/// Whether `n` (below 100), read aloud in Welsh, begins with a vowel: *un*
/// (1), *wyth* (8), *un deg ...* (11-19), *wyth deg ...* (80-89). Before such
/// a number "and" is *ac*, not *a* ("2 ddiwrnod ac 11 awr"), so a span of two
/// units joins with `time-two-units-vowel` (the same words in English).
pub fn read_with_a_vowel(n: i64) -> bool {
    matches!(n, 1 | 8 | 11..=19 | 80..=89)
}

/// Whether `text` (a square, a number, a word) is read starting with a
/// vowel in Welsh, so that "and" before it is `ac`, not `a`: a leading
/// number as [`read_with_a_vowel`] says; a square (or a lone letter) by
/// the name of its file letter, as "BBC ac S4C" goes by the sound: c, f,
/// g, h are *èc*, *èf*, *èg*, *aets*, and l, m, n, r, s, x are *èl*, *èm*,
/// *èn*, *èr*, *ès*, *ecs* ("c2 ac f4", "e5 ac h6", but "a b2", "a d4",
/// "a k7"); else a word's first letter (a, e, i, o, u, w, y, with or
/// without a to bach).
pub fn welsh_vowel_start(text: &str) -> bool {
    let text = text.trim_start_matches(|c: char| !c.is_alphanumeric());
    let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
    if !digits.is_empty() {
        return digits.parse().is_ok_and(read_with_a_vowel);
    }
    let mut chars = text.chars();
    let Some(first) = chars.next().and_then(|c| c.to_lowercase().next()) else {
        return false;
    };
    // A letter read by its name: a square ("f4") or the letter alone.
    let named = first.is_ascii_alphabetic() && chars.next().is_none_or(|c| !c.is_alphabetic());
    if named {
        return "acefghilmnorsuwxy".contains(first);
    }
    "aeiouwyâêîôûŵŷáéíóúẃýàèìòùẁỳäëïöüẅÿ".contains(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every message written without Fluent reads exactly as Fluent writes
    /// it, in both languages: with plain words, right-to-left names (which
    /// are isolated), another message and a moment as its values; and a
    /// number or a missing value is left to Fluent.
    #[test]
    fn simple_messages_read_as_fluent_writes_them() {
        let l = Localiser::global();
        let mut seen = 0;
        for lang in [Lang::En, Lang::Cy] {
            for (id, parts) in &l.simple[lang.index()] {
                let id: &'static str = Box::leak(id.clone().into_boxed_str());
                let vars: Vec<&'static str> = parts
                    .iter()
                    .filter_map(|p| match p {
                        Part::Var(v) => Some(&*Box::leak(v.clone().into_boxed_str())),
                        Part::Text(_) => None,
                    })
                    .collect();
                let values = [
                    |_: usize| Arg::Str("Bob".into()),
                    |k: usize| Arg::Str(format!("שלום {k}")),
                    |_: usize| {
                        Arg::Msg(Box::new(
                            Msg::new("list-and").str("init", "e5").str("last", "f6"),
                        ))
                    },
                    |k: usize| Arg::Time(1_800_000_000 + k as i64),
                ];
                for value in values {
                    let msg = Msg {
                        id,
                        args: vars
                            .iter()
                            .enumerate()
                            .map(|(k, v)| (*v, value(k)))
                            .collect(),
                    };
                    assert_eq!(
                        l.try_text(lang, &msg),
                        l.fluent_text(lang, &msg),
                        "{id} in {}",
                        lang.code()
                    );
                    seen += 1;
                }
                if let Some(first) = vars.first() {
                    let numbered = Msg::new(id).num(first, 3.0);
                    assert_eq!(l.simple_text(lang, parts, &numbered), Ok(None), "{id}");
                    let missing = Msg::new(id);
                    assert_eq!(l.simple_text(lang, parts, &missing), Ok(None), "{id}");
                }
            }
        }
        // The alt text's list messages are among them.
        for id in ["alt-comma", "alt-text", "list-and"] {
            assert!(l.simple[Lang::En.index()].contains_key(id), "{id}");
        }
        assert!(seen > 100, "{seen} messages checked");
    }

    #[test]
    fn and_before_a_vowel_is_ac() {
        for (text, ac) in [
            ("e5", true),
            ("a1", true),
            ("i9", true),
            // Letters by their Welsh names: èc, èf, èg, aets, èl.
            ("c2", true),
            ("f4", true),
            ("g7", true),
            ("h6", true),
            ("l1", true),
            ("b2", false),
            ("d4", false),
            ("j3", false),
            ("k7", false),
            ("f", true),
            ("@55", false),
            // A word by its first letter.
            ("ffenest", false),
            ("cornel", false),
            ("ochr", true),
            ("11…", true),
            ("8", true),
            ("20", false),
            ("ŵy", true),
        ] {
            assert_eq!(welsh_vowel_start(text), ac, "{text}");
        }
    }

    #[test]
    fn lang_parses_and_prints() {
        assert_eq!(Lang::parse("cymraeg"), Some(Lang::Cy));
        assert_eq!(Lang::parse(" Cymraeg "), Some(Lang::Cy));
        assert_eq!(Lang::parse("cy"), Some(Lang::Cy));
        assert_eq!(Lang::parse("cy-GB"), Some(Lang::Cy));
        assert_eq!(Lang::parse("english"), Some(Lang::En));
        assert_eq!(Lang::parse("en"), Some(Lang::En));
        assert_eq!(Lang::parse("klingon"), None);
        for l in Lang::ALL {
            assert_eq!(Lang::parse(l.name()), Some(l));
            assert_eq!(Lang::parse(l.code()), Some(l));
            assert_eq!(l.to_string(), l.name());
        }
    }

    #[test]
    fn nested_messages_render_in_the_same_language() {
        let m = Msg::new("time-left")
            .msg("span", span(2 * 86_400 + 3 * 3600))
            .time("until", 1_767_830_400);
        let l = Localiser::global();
        let plain = |lang| without_isolation(&l.text(lang, &m));
        assert!(plain(Lang::En).starts_with("Time left: 2 days 3 hours, until "));
        assert!(plain(Lang::Cy).starts_with("Amser ar ôl: 2 ddiwrnod a 3 awr, tan "));
        // A command name stands bare: copied, it carries nothing hidden.
        let help = Msg::new("help-line")
            .str("name", "challenge")
            .str("description", "x");
        assert_eq!(l.text(Lang::En, &help), "/challenge — x");
        // Numbers and spans stand bare: no marks to copy or to count.
        assert!(l
            .text(Lang::En, &m)
            .starts_with("Time left: 2 days 3 hours, until \u{FFF9}"));
        // Text written right to left is isolated, nested or not, once.
        let rtl = Msg::new("challenge-declined")
            .msg(
                "player",
                Msg::new("tournament-withdrawn-mark").str("player", "سارة"),
            )
            .num("id", 3);
        let text = l.text(Lang::En, &rtl);
        assert!(
            text.starts_with("\u{2068}\u{2068}سارة\u{2069} "),
            "{text:?}"
        );
        assert_eq!(text.matches('\u{2068}').count(), 2, "{text:?}");
        // The deadline is a moment each front end writes in its own way.
        assert_eq!(times_in(&l.text(Lang::En, &m)), [1_767_830_400]);
    }

    #[test]
    fn a_missing_id_or_argument_is_an_error_not_a_panic() {
        let l = Localiser::global();
        assert!(l.try_text(Lang::En, &Msg::new("no-such-id")).is_err());
        assert!(!l.has(Lang::Cy, "no-such-id"));
        assert!(l.has(Lang::Cy, "time-days") && l.has(Lang::En, "time-days"));
        assert_eq!(l.text(Lang::Cy, &Msg::new("no-such-id")), "no-such-id");
        assert!(l.try_text(Lang::En, &Msg::new("time-days")).is_err());
    }

    #[test]
    fn moments_are_typed_and_written_by_the_front_end() {
        let m = Msg::new("status-paused-until").time("date", 1_767_830_400);
        let text = Localiser::global().text(Lang::Cy, &m);
        assert_eq!(times_in(&text), [1_767_830_400]);
        let written = format_times(&text, |t| format!("<t:{t}:R>"));
        assert!(written.contains("<t:1767830400:R>"), "{written}");
        assert!(times_in(&written).is_empty());
        assert_eq!(format_times("no moment", |_| unreachable!()), "no moment");
    }

    /// A deadline in a Welsh sentence is also written in Welsh for
    /// Discord (which draws timestamps in English for a Welsh reader); in
    /// an English one, and on the console, it is written as before.
    #[test]
    fn welsh_deadlines_carry_a_welsh_date_on_discord() {
        let l = Localiser::global();
        let m = Msg::new("time-left")
            .msg("span", span(2 * 86_400))
            .time("until", 1_767_852_000);
        let cy = l.text(Lang::Cy, &m);
        let en = l.text(Lang::En, &m);
        assert_eq!(times_in(&cy), [1_767_852_000]);
        assert_eq!(
            without_isolation(&format_times_in(&cy, discord_time)),
            "Amser ar ôl: 2 ddiwrnod, tan 8 Ionawr 2026 06:00 UTC \
             (<t:1767852000:f>, <t:1767852000:R>)."
        );
        assert_eq!(
            without_isolation(&format_times_in(&en, discord_time)),
            "Time left: 2 days, until <t:1767852000:f> (<t:1767852000:R>)."
        );
        // The console writes the same in both languages.
        let utc = |t: i64| format!("@{t}");
        assert!(format_times(&cy, utc).ends_with("tan @1767852000."));
        assert!(format_times(&en, utc).ends_with("until @1767852000."));
        // Moments nested in another message are in its language too.
        let nested = Msg::new("status-paused-until").time("date", 1_767_852_000);
        let outer = Msg::new("alt-text").msg("text", nested);
        assert!(format_times_in(&l.text(Lang::Cy, &outer), discord_time)
            .contains("8 Ionawr 2026 06:00 UTC (<t:"));
    }

    #[test]
    fn welsh_dates_name_the_month_in_welsh() {
        assert_eq!(welsh_date(0), "1 Ionawr 1970 00:00 UTC");
        assert_eq!(welsh_date(1_767_852_000), "8 Ionawr 2026 06:00 UTC");
        // 29 February 2028, 23:59; the last day of a year; before 1970.
        assert_eq!(welsh_date(1_835_481_540), "29 Chwefror 2028 23:59 UTC");
        assert_eq!(welsh_date(1_798_761_599), "31 Rhagfyr 2026 23:59 UTC");
        assert_eq!(welsh_date(-86_400), "31 Rhagfyr 1969 00:00 UTC");
        let months: Vec<String> = (0..12)
            .map(|m| {
                // The 15th of each month of 2026.
                let days = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334][m] + 14;
                welsh_date(1_767_225_600 + days * 86_400)
            })
            .collect();
        assert_eq!(months[5], "15 Mehefin 2026 00:00 UTC");
        for (m, name) in months.iter().zip(WELSH_MONTHS) {
            assert_eq!(*m, format!("15 {name} 2026 00:00 UTC"));
        }
    }

    #[test]
    fn spans_match_the_app_rounding() {
        let l = Localiser::global();
        let en = |s| without_isolation(&l.text(Lang::En, &span(s)));
        assert_eq!(en(3 * 86_400), "3 days");
        assert_eq!(en(86_400), "1 day");
        assert_eq!(en(66 * 3600), "2 days 18 hours");
        assert_eq!(en(4 * 3600 - 3), "3 hours 59 minutes");
        assert_eq!(en(12 * 3600), "12 hours");
        assert_eq!(en(5), "1 minute");
        assert_eq!(en(-5), "1 minute");
    }
}
