use super::{
    detect_format, parse_position, read_move, rules_string, ruleset_from_rules, time_control,
    validate, write_position, OtnMove, Problem, RecordFormat, Ruleset, Side,
};

fn r(id: &str) -> Ruleset {
    Ruleset::from_spec(id, &[]).unwrap()
}

#[test]
fn start_positions_round_trip() {
    for id in ["tawlbwrdd", "tawlbwrdd-walker", "tallfwrdd", "goedhboell"] {
        let rules = r(id);
        let text = write_position(&rules.start);
        assert_eq!(parse_position(&rules, &text).unwrap(), rules.start, "{id}");
        assert!(validate(&rules, &rules.start).is_empty(), "{id}");
    }
}

#[test]
fn each_variant_reads_back_from_its_rules_string() {
    for id in ["tawlbwrdd", "tawlbwrdd-walker", "tallfwrdd", "goedhboell"] {
        let rules = r(id);
        let s = rules_string(&rules, Side::First, None);
        assert_eq!(ruleset_from_rules(&s).unwrap().variant, id, "{s}");
    }
}

#[test]
fn moves_read_in_every_form() {
    let m = |s: &str| read_move(s).unwrap();
    assert_eq!(m("e5-e8"), OtnMove::Move("e5-e8".into()));
    assert_eq!(m("e5e8"), OtnMove::Move("e5e8".into()));
    assert_eq!(m("Ke1-a1--"), OtnMove::Move("e1-a1".into()));
    assert_eq!(m("Ke5-e1-"), OtnMove::Move("e5-e1".into()));
    assert_eq!(m("a3-e3+"), OtnMove::Move("a3-e3".into()));
    assert_eq!(m("e3-e4xKe5++"), OtnMove::Move("e3-e4xe5".into()));
    assert_eq!(m("e5-e8xe9/f8"), OtnMove::Move("e5-e8xe9/f8".into()));
    assert_eq!(m("---"), OtnMove::Resign);
    assert!(read_move("ce6^e8").is_err());
    assert!(read_move("Ne8=e4xe3").is_err());
}

#[test]
fn time_controls_in_seconds() {
    assert_eq!(time_control("3d").as_deref(), Some("0 259200/1 0i"));
    assert_eq!(time_control("12h").as_deref(), Some("0 43200/1 0i"));
    assert_eq!(
        time_control("bank:7d inc:1d cap:14d").as_deref(),
        Some("604800 0/0 86400i")
    );
    assert_eq!(time_control("none"), None);
    assert_eq!(time_control("soon"), None);
}

#[test]
fn formats_are_told_apart() {
    assert_eq!(
        detect_format("[Variant \"x\"]\n1. e1-e2"),
        RecordFormat::Tawlbot
    );
    assert_eq!(
        detect_format("\n[event:x]\n[rules:dim:11 start:/11/]"),
        RecordFormat::Otn
    );
    assert_eq!(detect_format("dim:11 start:/11/\n"), RecordFormat::Otn);
    assert_eq!(detect_format("hello world"), RecordFormat::Neither);
    assert_eq!(detect_format(""), RecordFormat::Neither);
    assert_eq!(detect_format("{\"json\": 1}"), RecordFormat::Neither);
}

#[test]
fn validate_names_each_problem() {
    let rules = r("tallfwrdd");
    let p = |s: &str| parse_position(&rules, s).unwrap();
    // No king, a man on the throne and one in a corner.
    let b = p("/t8/9/9/9/4t4/9/9/9/9/");
    let v = validate(&rules, &b);
    assert_eq!(v.len(), 3, "{v:?}");
    assert_eq!(v[0], Problem::NoKing { game: "Tallfwrdd" });
    let restricted = |square: &str, role: &str| {
        v.iter().any(|p| {
            matches!(p, Problem::Restricted { piece: "attacker", square: s, role: r }
                if s == square && *r == role)
        })
    };
    assert!(restricted("a1", "corner"), "{v:?}");
    assert!(restricted("e5", "throne"), "{v:?}");
    // Two kings.
    let v = validate(&rules, &p("/t8/9/9/9/3KK4/9/9/9/9/"));
    assert_eq!(
        v[0],
        Problem::Kings {
            game: "Tallfwrdd",
            squares: vec!["d5".into(), "e5".into()]
        }
    );
    assert_eq!(
        v[0].to_string(),
        "There are 2 kings (d5 and e5): a Tallfwrdd position needs exactly one."
    );
    // An attacking king.
    let v = validate(&rules, &p("/1t7/9/9/9/4k4/9/9/9/9/"));
    assert!(
        v.contains(&Problem::AttackerKing {
            squares: vec!["e5".into()]
        }),
        "{v:?}"
    );
}
