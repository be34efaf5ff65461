//! The message catalogues: both languages have the same messages with the
//! same arguments, every message formats cleanly with sample arguments
//! (every variant of every selector is tried), and Welsh plural forms and
//! mutations come out right.

use fluent_syntax::{ast, parser};
use std::collections::{BTreeMap, BTreeSet};
use tawlbot::i18n::{span, Arg, Lang, Localiser, Msg, FILES};

/// Text without the catalogue's isolation marks (the tests compare words).
fn plain(s: &str) -> String {
    tawlbot::i18n::without_isolation(s)
}

/// What one message uses.
#[derive(Default, Debug)]
struct Info {
    area: String,
    /// Every variable referenced anywhere (text, selectors, variants).
    vars: BTreeSet<String>,
    /// Variables used as selectors, with the keys of their variants.
    selects: BTreeMap<String, BTreeSet<String>>,
    /// Variables named with `SIDE($var, ...)`: sides, given as stable ids.
    sides: BTreeSet<String>,
    /// The forms of `SIDE(..., form: "...")` the message uses.
    forms: BTreeSet<String>,
    /// The keys of every selector's variants, whatever it selects on.
    all_keys: BTreeSet<String>,
    /// The message's attributes.
    attributes: BTreeSet<String>,
}

fn walk_pattern(p: &ast::Pattern<&str>, info: &mut Info) {
    for e in &p.elements {
        if let ast::PatternElement::Placeable { expression } = e {
            walk_expr(expression, info);
        }
    }
}

fn walk_expr(e: &ast::Expression<&str>, info: &mut Info) {
    match e {
        ast::Expression::Select { selector, variants } => {
            walk_inline(selector, info);
            for v in variants {
                if let ast::VariantKey::Identifier { name } = &v.key {
                    info.all_keys.insert(name.to_string());
                }
            }
            if let ast::InlineExpression::VariableReference { id } = selector {
                let keys = info.selects.entry(id.name.to_string()).or_default();
                for v in variants {
                    keys.insert(match &v.key {
                        ast::VariantKey::Identifier { name } => name.to_string(),
                        ast::VariantKey::NumberLiteral { value } => value.to_string(),
                    });
                }
            }
            for v in variants {
                walk_pattern(&v.value, info);
            }
        }
        ast::Expression::Inline(i) => walk_inline(i, info),
    }
}

fn walk_inline(i: &ast::InlineExpression<&str>, info: &mut Info) {
    match i {
        ast::InlineExpression::VariableReference { id } => {
            info.vars.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => walk_expr(expression, info),
        ast::InlineExpression::FunctionReference { id, arguments } => {
            if id.name == "SIDE" {
                for a in &arguments.positional {
                    if let ast::InlineExpression::VariableReference { id } = a {
                        info.sides.insert(id.name.to_string());
                    }
                }
                for a in &arguments.named {
                    if let ast::InlineExpression::StringLiteral { value } = &a.value {
                        info.forms.insert(value.to_string());
                    }
                }
            }
            for a in &arguments.positional {
                walk_inline(a, info);
            }
            for a in &arguments.named {
                walk_inline(&a.value, info);
            }
        }
        ast::InlineExpression::MessageReference { id, .. } => {
            panic!("message reference to {}: pass it as an argument", id.name)
        }
        ast::InlineExpression::TermReference { id, .. } => {
            panic!("term -{}: terms are not used in this catalogue", id.name)
        }
        _ => {}
    }
}

/// Every message of a language, by id.
fn catalogue(lang: Lang) -> BTreeMap<String, Info> {
    let mut out = BTreeMap::new();
    for (area, en, cy) in FILES {
        let src = match lang {
            Lang::En => en,
            Lang::Cy => cy,
        };
        let res = parser::parse(*src)
            .unwrap_or_else(|(_, errs)| panic!("locales/{}/{area}.ftl: {errs:?}", lang.code()));
        for entry in &res.body {
            match entry {
                ast::Entry::Message(m) => {
                    let mut info = Info {
                        area: area.to_string(),
                        ..Info::default()
                    };
                    let value = m.value.as_ref().unwrap_or_else(|| {
                        panic!("{} in {}/{area} has no value", m.id.name, lang.code())
                    });
                    walk_pattern(value, &mut info);
                    for a in &m.attributes {
                        walk_pattern(&a.value, &mut info);
                        info.attributes.insert(a.id.name.to_string());
                    }
                    let prev = out.insert(m.id.name.to_string(), info);
                    assert!(prev.is_none(), "{} twice in {}", m.id.name, lang.code());
                }
                ast::Entry::Junk { content } => {
                    panic!("junk in {}/{area}: {content}", lang.code())
                }
                ast::Entry::Term(t) => panic!("term -{} in {}", t.id.name, lang.code()),
                _ => {}
            }
        }
    }
    out
}

const PLURAL_KEYS: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

fn is_plural(keys: &BTreeSet<String>) -> bool {
    keys.iter()
        .all(|k| PLURAL_KEYS.contains(&k.as_str()) || k.parse::<f64>().is_ok())
}

fn leak(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

/// Every side's stable id, as the variants name their sides.
fn side_ids() -> Vec<&'static str> {
    let mut ids: Vec<&'static str> = tawlbot::rules::VARIANTS
        .iter()
        .flat_map(|v| [v.words.side_keys.0, v.words.side_keys.1])
        .collect();
    ids.sort();
    ids.dedup();
    ids
}

/// The values to try for each variable of a message: every side's id for
/// a side (and the keys a selector on it knows besides its default, such
/// as `none`), every key of a string selector (and one unknown value, for
/// the default), the numbers that reach every plural category, sample
/// text otherwise.
fn samples(en: &Info, cy: &Info) -> BTreeMap<String, Vec<Arg>> {
    let mut out = BTreeMap::new();
    for v in en.vars.union(&cy.vars) {
        let mut keys = BTreeSet::new();
        for i in [en, cy] {
            if let Some(k) = i.selects.get(v) {
                keys.extend(k.iter().cloned());
            }
        }
        let values = if en.sides.contains(v) || cy.sides.contains(v) {
            side_ids()
                .into_iter()
                .map(str::to_string)
                .chain(keys.into_iter().filter(|k| k != "other"))
                .map(Arg::Str)
                .collect()
        } else if keys.is_empty() {
            vec![Arg::Str(format!("<{v}>"))]
        } else if is_plural(&keys) {
            [0, 1, 2, 3, 6, 11, 100]
                .into_iter()
                .map(|n| Arg::Num(n as f64))
                .collect()
        } else {
            keys.iter()
                .cloned()
                .chain(["something-else".to_string()])
                .map(Arg::Str)
                .collect()
        };
        out.insert(v.clone(), values);
    }
    out
}

#[test]
fn every_locale_file_is_embedded() {
    for lang in Lang::ALL {
        let dir = format!("{}/locales/{}", env!("CARGO_MANIFEST_DIR"), lang.code());
        let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
            .expect("locale folder")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        on_disk.sort();
        let mut embedded: Vec<String> = FILES.iter().map(|(a, _, _)| format!("{a}.ftl")).collect();
        embedded.sort();
        assert_eq!(on_disk, embedded, "locales/{} and i18n::FILES", lang.code());
    }
}

#[test]
fn both_locales_have_the_same_messages_with_the_same_arguments() {
    let en = catalogue(Lang::En);
    let cy = catalogue(Lang::Cy);
    let en_ids: BTreeSet<_> = en.keys().collect();
    let cy_ids: BTreeSet<_> = cy.keys().collect();
    assert_eq!(
        en_ids.symmetric_difference(&cy_ids).collect::<Vec<_>>(),
        Vec::<&&String>::new(),
        "ids in one locale only"
    );
    assert!(en.len() > 300, "the catalogue has {} messages", en.len());
    let mut problems = Vec::new();
    for (id, e) in &en {
        let c = &cy[id];
        if e.area != c.area {
            problems.push(format!("{id}: in {}.ftl and cy/{}.ftl", e.area, c.area));
        }
        if e.vars != c.vars {
            problems.push(format!("{id}: en uses {:?}, cy uses {:?}", e.vars, c.vars));
        }
        // A selector over a word (a side, a kind of offer...) must know the
        // same words in both languages; plural selectors differ by design.
        for (v, ek) in &e.selects {
            if let Some(ck) = c.selects.get(v) {
                if !is_plural(ek) && !is_plural(ck) && ek != ck {
                    problems.push(format!("{id}: ${v} keys en {ek:?}, cy {ck:?}"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A side's words are written once, in its `side-{id}` entry of
/// `common.ftl`; a message names it with `SIDE($side, form: ...)` on the
/// side's stable id, and never selects on a side's English name.
#[test]
fn no_message_selects_on_a_side_name() {
    const NAMES: [&str; 6] = [
        "attackers",
        "defenders",
        "assailants",
        "princes",
        "white",
        "black",
    ];
    let mut problems = Vec::new();
    for lang in Lang::ALL {
        for (id, info) in catalogue(lang) {
            let found: Vec<&String> = info
                .all_keys
                .iter()
                .filter(|k| NAMES.contains(&k.as_str()))
                .collect();
            if !found.is_empty() {
                problems.push(format!(
                    "{} {id} selects on {found:?}: name the side with SIDE($side, form: ...)",
                    lang.code()
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every side has an entry with the same forms as every other side of its
/// language, and every form a message asks for is one of them.
#[test]
fn every_side_has_every_form_its_messages_use() {
    let ids = side_ids();
    assert_eq!(ids.len(), 6, "{ids:?}");
    let mut problems = Vec::new();
    for lang in Lang::ALL {
        let cat = catalogue(lang);
        let entry = |id: &str| cat.get(&format!("side-{id}"));
        let Some(first) = entry(ids[0]) else {
            panic!("{}: no side-{}", lang.code(), ids[0]);
        };
        for id in &ids {
            match entry(id) {
                None => problems.push(format!("{}: no side-{id}", lang.code())),
                Some(e) if e.attributes != first.attributes => problems.push(format!(
                    "{}: side-{id} has the forms {:?}, side-{} {:?}",
                    lang.code(),
                    e.attributes,
                    ids[0],
                    first.attributes
                )),
                Some(e) if !e.vars.is_empty() || !e.sides.is_empty() => {
                    problems.push(format!("{}: side-{id} takes arguments", lang.code()))
                }
                Some(_) => {}
            }
        }
        for (id, info) in &cat {
            for f in info.forms.difference(&first.attributes) {
                problems.push(format!("{} {id}: no side has the form {f:?}", lang.code()));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_message_formats_in_both_languages_with_every_variant() {
    let en = catalogue(Lang::En);
    let cy = catalogue(Lang::Cy);
    let l = Localiser::global();
    let mut problems = Vec::new();
    let mut formatted = 0;
    for (id, e) in &en {
        let s = samples(e, &cy[id]);
        let rounds = s.values().map(Vec::len).max().unwrap_or(1);
        for r in 0..rounds {
            let mut m = Msg::new(leak(id));
            for (v, values) in &s {
                m = m.arg(leak(v), values[r % values.len()].clone());
            }
            for lang in Lang::ALL {
                match l.try_text(lang, &m) {
                    Err(err) => problems.push(format!("{} {id}: {err}", lang.code())),
                    Ok(t) => {
                        formatted += 1;
                        // Every placeable isolated: the marks come in pairs.
                        if t.matches('\u{2068}').count() != t.matches('\u{2069}').count() {
                            problems
                                .push(format!("{} {id}: unpaired isolation in {t:?}", lang.code()));
                        }
                        let t = plain(&t);
                        if t.contains(['{', '}', '$']) || t.trim().is_empty() {
                            problems.push(format!("{} {id}: {t:?}", lang.code()));
                        }
                        if t.contains("  ") || t.contains(" .") || t.contains(" ,") {
                            problems.push(format!("{} {id}: spacing in {t:?}", lang.code()));
                        }
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(formatted > 1000, "{formatted} texts formatted");
}

/// Welsh that reads exactly like the English is a message left untranslated.
#[test]
fn welsh_is_not_english() {
    let same_in_both = [
        "help-line",
        "rules-list-item",
        "rules-variant",
        "time-two-units",
        "profile-head",
        "table-rank",
        "table-sb",
        "table-buchholz",
        "choice-language-english",
        "choice-language-cymraeg",
        "tournament-describe",
        "board-status",
        // An option's name and its description: no words of its own.
        "help-option",
        // Proper names and notation.
        "choice-variant-gwyddbwyll",
        "variant-name-tawlbwrdd",
        "variant-name-tawlbwrdd-walker",
        "variant-name-tallfwrdd",
        "variant-name-gwyddbwyll",
        "move-example",
        // Alt text glue: squares and punctuation only.
        "alt-square-role",
        "alt-comma",
        "alt-text",
    ];
    let en = catalogue(Lang::En);
    let cy = catalogue(Lang::Cy);
    let l = Localiser::global();
    let mut same = Vec::new();
    for (id, e) in &en {
        let s = samples(e, &cy[id]);
        let mut m = Msg::new(leak(id));
        for (v, values) in &s {
            m = m.arg(leak(v), values[0].clone());
        }
        if l.text(Lang::En, &m) == l.text(Lang::Cy, &m) && !same_in_both.contains(&id.as_str()) {
            same.push(id.clone());
        }
    }
    assert!(same.is_empty(), "untranslated: {same:?}");
}

#[test]
fn welsh_day_counts_take_the_right_forms() {
    let l = Localiser::global();
    let days = |n: i64| plain(&l.text(Lang::Cy, &Msg::new("time-days").num("n", n)));
    assert_eq!(days(0), "0 diwrnod");
    assert_eq!(days(1), "1 diwrnod");
    assert_eq!(days(2), "2 ddiwrnod");
    assert_eq!(days(3), "3 diwrnod");
    assert_eq!(days(6), "6 diwrnod");
    assert_eq!(days(11), "11 diwrnod");
    let minutes = |n: i64| plain(&l.text(Lang::Cy, &Msg::new("time-minutes").num("n", n)));
    assert_eq!(minutes(2), "2 funud");
    assert_eq!(minutes(3), "3 munud");
    let en = |n: i64| plain(&l.text(Lang::En, &Msg::new("time-days").num("n", n)));
    assert_eq!(en(1), "1 day");
    assert_eq!(en(2), "2 days");
    assert_eq!(en(0), "0 days");
    // Through a nested span, as the app uses it.
    let tc = Msg::new("tc-per-move").msg("span", span(2 * 86_400));
    assert_eq!(plain(&l.text(Lang::Cy, &tc)), "2 ddiwrnod y symudiad");
    assert_eq!(plain(&l.text(Lang::En, &tc)), "2 days per move");
}

/// Two units of time are joined with "a", and with "ac" before a number
/// Welsh reads with a vowel (un, wyth, un deg ...): "2 ddiwrnod ac 11 awr".
#[test]
fn welsh_spans_join_with_ac_before_a_vowel() {
    let l = Localiser::global();
    let cy = |secs: i64| plain(&l.text(Lang::Cy, &span(secs)));
    let en = |secs: i64| plain(&l.text(Lang::En, &span(secs)));
    const H: i64 = 3600;
    const D: i64 = 86_400;
    assert_eq!(cy(2 * D + 11 * H), "2 ddiwrnod ac 11 awr");
    assert_eq!(cy(2 * D + H), "2 ddiwrnod ac 1 awr");
    assert_eq!(cy(D + 8 * H), "1 diwrnod ac 8 awr");
    assert_eq!(cy(3 * D + 18 * H), "3 diwrnod ac 18 awr");
    assert_eq!(cy(2 * D + 3 * H), "2 ddiwrnod a 3 awr");
    assert_eq!(cy(2 * D + 10 * H), "2 ddiwrnod a 10 awr");
    assert_eq!(cy(2 * D + 20 * H), "2 ddiwrnod a 20 awr");
    assert_eq!(cy(5 * H + 15 * 60), "5 awr ac 15 munud");
    assert_eq!(cy(5 * H + 2 * 60), "5 awr a 2 funud");
    assert_eq!(en(2 * D + 11 * H), "2 days 11 hours");
    assert_eq!(en(2 * D + 3 * H), "2 days 3 hours");
}

/// Points after a number: the singular, mutated by the numeral ("2 bwynt",
/// "3 phwynt", "6 phwynt"), and "1 point" in English; pages: "2 dudalen",
/// "chwe thudalen", "tudalen 2 o 6".
#[test]
fn welsh_points_and_pages_take_the_numerals_mutations() {
    let l = Localiser::global();
    let row = |lang: Lang, n: f64, written: &str| {
        plain(
            &l.text(
                lang,
                &Msg::new("alt-standings-row")
                    .str("place", "1")
                    .str("player", "erin")
                    .str("points", written)
                    .num("count", n)
                    .str("record", "1/0/0"),
            ),
        )
    };
    assert_eq!(row(Lang::Cy, 1.0, "1"), "1. erin, 1 pwynt (1/0/0).");
    assert_eq!(row(Lang::Cy, 2.0, "2"), "1. erin, 2 bwynt (1/0/0).");
    assert_eq!(row(Lang::Cy, 3.0, "3"), "1. erin, 3 phwynt (1/0/0).");
    assert_eq!(row(Lang::Cy, 6.0, "6"), "1. erin, 6 phwynt (1/0/0).");
    assert_eq!(row(Lang::Cy, 11.0, "11"), "1. erin, 11 pwynt (1/0/0).");
    assert_eq!(row(Lang::Cy, 2.5, "2½"), "1. erin, 2½ pwynt (1/0/0).");
    assert_eq!(row(Lang::En, 1.0, "1"), "1. erin, 1 point (1/0/0).");
    assert_eq!(row(Lang::En, 2.5, "2½"), "1. erin, 2½ points (1/0/0).");
    let over = |lang: Lang, n: f64, written: &str| {
        plain(
            &l.text(
                lang,
                &Msg::new("tournament-over")
                    .str("name", "Gwanwyn")
                    .str("winner", "@alice")
                    .str("points", written)
                    .num("count", n),
            ),
        )
    };
    assert!(
        over(Lang::Cy, 3.0, "3").contains("gyda 3 phwynt!"),
        "{}",
        over(Lang::Cy, 3.0, "3")
    );
    assert!(over(Lang::Cy, 2.0, "2").contains("gyda 2 bwynt!"));
    assert!(over(Lang::En, 1.0, "1").contains("with 1 point!"));
    let pages = |n: i64| {
        plain(
            &l.text(
                Lang::Cy,
                &Msg::new("mygames-no-such-page")
                    .num("page", 9)
                    .num("pages", n),
            ),
        )
    };
    assert!(pages(2).ends_with("yn llenwi 2 dudalen."), "{}", pages(2));
    assert!(
        pages(6).ends_with("yn llenwi chwe thudalen."),
        "{}",
        pages(6)
    );
    assert!(pages(3).ends_with("yn llenwi 3 tudalen."), "{}", pages(3));
    let head = plain(
        &l.text(
            Lang::Cy,
            &Msg::new("mygames-finished-head")
                .num("page", 2)
                .num("pages", 6),
        ),
    );
    assert_eq!(head, "Eich gemau sydd wedi gorffen, tudalen 2 o 6:");
}

/// The bundle's Welsh plural rules are CLDR's six categories (a bundle
/// of its own, so every category shows by name).
#[test]
fn welsh_plural_categories_are_cldr() {
    use fluent_bundle::{FluentArgs, FluentBundle, FluentResource};
    let res = FluentResource::try_new(
        "c = { $n ->\n [zero] zero\n [one] one\n [two] two\n [few] few\n [many] many\n*[other] other\n}\n"
            .to_string(),
    )
    .expect("parses");
    let mut b = FluentBundle::new(vec!["cy".parse().expect("langid")]);
    b.add_resource(res).expect("adds");
    let pattern = b.get_message("c").and_then(|m| m.value()).expect("message");
    let cat = |n: i64| {
        let mut args = FluentArgs::new();
        args.set("n", n);
        let mut errs = vec![];
        b.format_pattern(pattern, Some(&args), &mut errs)
            .to_string()
    };
    let got: Vec<String> = [0, 1, 2, 3, 6, 11, 4, 5, 100].map(cat).to_vec();
    assert_eq!(
        got,
        ["zero", "one", "two", "few", "many", "other", "other", "other", "other"]
    );
}

/// A few key replies, written out in both languages.
#[test]
fn key_replies_in_both_languages() {
    let l = Localiser::global();
    let both = |m: &Msg| (plain(&l.text(Lang::En, m)), plain(&l.text(Lang::Cy, m)));
    let status = Msg::new("status-to-move")
        .str("player", "<@bob>")
        .str("side", "tafl-second")
        .num("number", 2);
    let played = Msg::new("played")
        .str("player", "<@alice>")
        .str("move", "e1-e4")
        .msg("status", status);
    assert_eq!(
        both(&played),
        (
            "<@alice> played **e1-e4**. <@bob> to move (defenders), move 2.".into(),
            "Chwaraeodd <@alice> **e1-e4**. <@bob> i symud (amddiffynwyr), symudiad 2.".into()
        )
    );
    let win = Msg::new("side-wins").str("side", "tafl-first");
    let out = Msg::new("outcome-timeout")
        .str("loser", "tafl-second")
        .msg("win", win);
    assert_eq!(
        both(&out),
        (
            "The defenders ran out of time. Attackers win!".into(),
            "Daeth amser yr amddiffynwyr i ben. Yr ymosodwyr sy'n ennill!".into()
        )
    );
    let turn = Msg::new("not-your-turn")
        .str("side", "latrunculi-first")
        .str("player", "<@carol>");
    assert_eq!(
        both(&turn),
        (
            "It is white's turn: <@carol> to move.".into(),
            "Tro Gwyn yw hi: <@carol> i symud.".into()
        )
    );
    let ch = Msg::new("challenge-posted")
        .str("challenger", "<@alice>")
        .str("opponent", "<@bob>")
        .str("rated", "no")
        .str("game", "Tawlbwrdd")
        .str("side", "tafl-second")
        .msg(
            "time",
            Msg::new("tc-per-move").msg("span", span(3 * 86_400)),
        )
        .num("id", 4);
    assert_eq!(
        both(&ch),
        (
            "<@alice> challenges <@bob> to a game of Tawlbwrdd, playing the defenders, 3 days per move. Challenge 4: press Accept or type /accept (it expires in a day).".into(),
            "Mae <@alice> yn herio <@bob> i chwarae Tawlbwrdd, a'r heriwr ar ochr yr amddiffynwyr, 3 diwrnod y symudiad. Her 4: pwyswch Derbyn neu deipiwch /accept (daw'r her i ben ymhen diwrnod).".into()
        )
    );
    let restricted = Msg::new("move-restricted")
        .str("square", "f6")
        .str("role", "throne");
    assert_eq!(
        both(&restricted),
        (
            "f6 is the throne: only the king may stop there.".into(),
            "f6 yw'r orsedd: dim ond y brenin gaiff aros yno.".into()
        )
    );
}

#[test]
fn the_localiser_is_shared_across_threads() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Localiser>();
    let handles: Vec<_> = (0..4)
        .map(|i| {
            std::thread::spawn(move || {
                let lang = if i % 2 == 0 { Lang::En } else { Lang::Cy };
                tawlbot::i18n::t(lang, &Msg::new("time-hours").num("n", i))
            })
        })
        .collect();
    let got: Vec<String> = handles
        .into_iter()
        .map(|h| plain(&h.join().expect("thread")))
        .collect();
    assert_eq!(got, ["0 hours", "1 awr", "2 hours", "3 awr"]);
}

/// Discord refuses command and option descriptions and choice labels
/// longer than 100 characters.
#[test]
fn command_descriptions_fit_discord() {
    let l = Localiser::global();
    let mut long = Vec::new();
    for id in catalogue(Lang::En).keys() {
        if !(id.starts_with("cmd-") || id.starts_with("choice-")) {
            continue;
        }
        for lang in Lang::ALL {
            let t = l.text(lang, &Msg::new(leak(id)));
            if t.is_empty() || t.chars().count() > 100 {
                long.push(format!("{} {id}: {t}", lang.code()));
            }
        }
    }
    assert!(long.is_empty(), "{}", long.join("\n"));
}
