//! What the app derives from the variant registry ([`VARIANTS`]): a
//! variant's name and summary in the reader's words (by the catalogue keys
//! the registry makes from its id), the `/rules` replies and the
//! slash-command choices ([`commands::variant_choices`]). Every function
//! here takes the registry as a slice, so a new entry shows everywhere at
//! once.

use crate::app::{
    presentation::picture, spec_msg, Game, Msg, Record, Reply, Response, Ruleset, Side,
};
use crate::i18n::{t, Arg, Lang, Localiser};
use crate::rules::VariantInfo;

/// The catalogue's message `id`, or `english` where the catalogue has none
/// (a variant whose words are not written yet).
fn catalogued(id: &'static str, english: &str) -> Arg {
    if Localiser::global().has(Lang::En, id) {
        Msg::new(id).into()
    } else {
        english.into()
    }
}

/// A variant's name in the reader's words.
pub(crate) fn name(v: &VariantInfo) -> Arg {
    catalogued(v.name_key, v.name)
}

/// A variant's summary in the reader's words.
pub(crate) fn summary(v: &VariantInfo) -> Arg {
    catalogued(v.summary_key, v.summary)
}

/// `/rules` without a variant: one line per variant of the registry.
pub(crate) fn rules_list(registry: &[VariantInfo], lang: Lang) -> Response {
    let list = registry
        .iter()
        .map(|v| {
            let item = Msg::new("rules-list-item")
                .arg("name", name(v))
                // The code span round the value, not round the placeable:
                // the isolation marks stay outside it (copied ids work).
                .str("id", format!("`{}`", v.id))
                .arg("summary", summary(v));
            t(lang, &item)
        })
        .collect::<Vec<_>>()
        .join("\n");
    Response::one(Reply::say(Msg::new("rules-list").str("list", list)))
}

/// `/rules variant`: the variant's summary and its options, with a picture
/// of its starting position.
pub(crate) fn rules_of(
    registry: &[VariantInfo],
    variant: &str,
    lang: Lang,
    theme: &str,
) -> Response {
    let rules = match Ruleset::parse_spec_in(registry, variant, &[]) {
        Ok(r) => r,
        Err(e) => return Response::one(Reply::tell(spec_msg(&e))),
    };
    let Some(info) = crate::rules::lookup_in(registry, rules.variant) else {
        return Response::one(Reply::tell(spec_msg(
            &crate::rules::SpecError::NoSuchGame {
                name: variant.to_string(),
                list: String::new(),
            },
        )));
    };
    let game = Game::with_first(rules.clone(), 0, Some(rules.first.unwrap_or(Side::First)));
    let caption = t(
        lang,
        &Msg::new("caption-rules-start").str("game", rules.name),
    );
    let png = picture::picture(&game, &[], caption, &Record::default(), theme);
    let msg = if info.options.is_empty() {
        Msg::new("rules-variant")
    } else {
        Msg::new("rules-variant-options").str("options", info.options.join(", "))
    };
    let mut reply = Reply::say(msg.arg("name", name(info)).arg("summary", summary(info)));
    // Each option of the game explained (size= once).
    for (option, id) in [
        ("dice", "rules-dice"),
        ("king-steps", "rules-king-steps"),
        ("corner-guard", "rules-corner-guard"),
        ("size=", "rules-size"),
        ("dux", "rules-dux"),
        ("dux-jump", "rules-dux-jump"),
    ] {
        let has = match option.strip_suffix('=') {
            Some(prefix) => info.options.iter().any(|o| o.starts_with(prefix)),
            None => info.options.contains(&option),
        };
        if has {
            reply = reply.line(Msg::new(id));
        }
    }
    Response::one(
        reply
            .with_png(&format!("{}.png", info.id), png)
            .alt(crate::app::presentation::alt_text::alt_of_game(&game)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::commands;
    use crate::rules::{Kind, Notation, Opts, Piece, SquareFlags, Words, VARIANTS};

    fn at(s: &str) -> crate::rules::Square {
        let file = s.as_bytes()[0] - b'a';
        crate::rules::Square::new(file, s[1..].parse::<u8>().unwrap() - 1).unwrap()
    }

    /// Brandubh, 7x7: a game tawlbot does not have, built as a preset.
    fn brandubh(_: &Opts) -> Ruleset {
        let mut r = crate::rules::tafl_base(7);
        let t = r.throne.unwrap();
        r.flags[t.idx()].0 |= SquareFlags::THRONE | SquareFlags::RESTRICTED;
        for c in ["a1", "g1", "a7", "g7"] {
            r.flags[at(c).idx()].0 |= SquareFlags::CORNER | SquareFlags::RESTRICTED;
        }
        r.escape = crate::rules::Escape::Corners;
        r.king_capture = crate::rules::KingCapture::Custodial;
        let mut put = |sq: &str, p: Piece| {
            r.start.set(at(sq), Some(p));
        };
        for s in ["d1", "d2", "d6", "d7", "a4", "b4", "f4", "g4"] {
            put(s, Piece::new(Side::First, Kind::Man));
        }
        for s in ["d3", "d5", "c4", "e4"] {
            put(s, Piece::new(Side::Second, Kind::Man));
        }
        put("d4", Piece::new(Side::Second, Kind::King));
        r
    }

    /// The registry with one more entry, added in this one place.
    fn with_brandubh() -> Vec<VariantInfo> {
        let mut reg: Vec<VariantInfo> = VARIANTS.iter().map(|v| VariantInfo { ..*v }).collect();
        reg.push(crate::rules::variant!("brandubh" {
            aliases: &["bran"],
            name: "Brandubh (Irish tafl)",
            short: "Brandubh",
            choice: "Brandubh (7x7, corners)",
            options: &["dice"],
            implies: &[],
            summary: "7x7, 8 attackers against 4 defenders and a king.",
            notation: Notation::Algebraic,
            words: Words {
                first: ("attacker", "an attacker"),
                second: ("defender", "a defender"),
                centre: "throne",
                sides: ("attackers", "defenders"),
                side_keys: ("tafl-first", "tafl-second"),
            },
            build: brandubh,
        }));
        reg
    }

    #[test]
    fn a_variant_added_in_one_place_appears_in_choices_rules_and_otn() {
        let reg = with_brandubh();
        // The slash-command choices.
        let n = VARIANTS.len();
        let choices: [(&str, &str); VARIANTS.len() + 1] = commands::variant_choices(&reg);
        assert_eq!(choices[n], ("Brandubh (7x7, corners)", "brandubh"));
        assert_eq!(choices[..n], *commands::VARIANT_CHOICES);
        // `/rules`: listed, and described with its picture.
        let text = |r: &Response| {
            r.replies
                .iter()
                .flat_map(|r| &r.body)
                .map(|p| match p {
                    crate::app::presentation::messages::Part::Msg(m) => {
                        crate::i18n::without_isolation(&t(Lang::En, m))
                    }
                    crate::app::presentation::messages::Part::Raw(s) => s.clone(),
                    crate::app::presentation::messages::Part::Break => "\n".into(),
                })
                .collect::<String>()
        };
        let list = text(&rules_list(&reg, Lang::En));
        assert!(
            list.contains("**Brandubh (Irish tafl)** (`brandubh`): 7x7, 8 attackers"),
            "{list}"
        );
        assert!(list.contains("(`gwyddbwyll`)"), "{list}");
        let one = rules_of(&reg, "bran", Lang::En, "light");
        let said = text(&one);
        assert!(said.starts_with("**Brandubh (Irish tafl)**: 7x7"), "{said}");
        assert_eq!(one.replies[0].files[0].name, "brandubh.png");
        // Without the entry there is no such game.
        let none = text(&rules_of(VARIANTS, "brandubh", Lang::En, "light"));
        assert!(none.contains("There is no game called"), "{none}");
        // The catalogue keys.
        let b = &reg[n];
        assert_eq!(
            (b.name_key, b.summary_key, b.choice_key),
            (
                "variant-name-brandubh",
                "variant-summary-brandubh",
                "choice-variant-brandubh"
            )
        );
        // The OTN rules tag: written from the new preset, read back to it.
        let rules = Ruleset::parse_spec_in(&reg, "brandubh", &[]).unwrap();
        assert_eq!((rules.variant, rules.name), ("brandubh", "Brandubh"));
        let tag = crate::notation::otn::rules_string(&rules, Side::First, None);
        assert!(tag.starts_with("dim:7 esc:c"), "{tag}");
        let back = crate::notation::otn::ruleset_from_rules_in(&reg, &tag).unwrap();
        assert_eq!(back.variant, "brandubh");
        assert!(crate::notation::otn::ruleset_from_rules(&tag).is_err());
    }

    #[test]
    fn every_variant_has_its_name_summary_and_choice_in_both_catalogues() {
        let l10n = Localiser::global();
        for v in VARIANTS {
            for lang in Lang::ALL {
                for k in [v.name_key, v.summary_key, v.choice_key] {
                    assert!(l10n.has(lang, k), "{k} in {lang:?}");
                }
            }
            let choice = crate::i18n::without_isolation(&t(Lang::En, &Msg::new(v.choice_key)));
            assert_eq!(choice, v.choice);
        }
    }
}
