//! The tafl world's games through the console: each preset starts a game
//! with a picture, and `/rules` explains it in English and in Welsh.

use crate::console_support;
use console_support::Session;

const PRESETS: &[(&str, &str, &str)] = &[
    ("copenhagen", "Copenhagen Hnefatafl", "Hnefatafl Copenhagen"),
    (
        "copenhagen-relaxed",
        "Copenhagen (relaxed shieldwall)",
        "Copenhagen (mur tarianau llac)",
    ),
    ("fetlar", "Fetlar Hnefatafl", "Hnefatafl Fetlar"),
    (
        "tawlbwrdd-opentafl",
        "Tawlbwrdd (OpenTafl's)",
        "Tawlbwrdd (OpenTafl)",
    ),
    ("sea-battle", "Sea Battle", "Brwydr y Môr"),
    ("tablut", "Tablut", "Tablut"),
    ("foteviken-tablut", "Foteviken Tablut", "Tablut Foteviken"),
    ("brandub", "Brandub", "Brandub"),
    ("magpie", "Magpie", "Pioden"),
];

#[test]
fn each_world_game_starts_with_a_picture() {
    for (id, _, _) in PRESETS {
        let s = Session::new();
        let out = s.run(&[
            &format!("alice@general: /challenge opponent:@bob variant:{id} side:attackers"),
            "bob@general: /accept",
        ]);
        assert!(out.contains(".png]"), "{id}: no picture\n{out}");
        assert!(out.contains("[alt: "), "{id}: no alt text\n{out}");
    }
}

#[test]
fn rules_explain_each_world_game_in_both_languages() {
    for (id, en, cy) in PRESETS {
        let s = Session::new();
        let out = s.run(&[
            &format!("alice@general: /rules variant:{id}"),
            "alice@general: /language choice:cymraeg",
            &format!("alice@general: /rules variant:{id}"),
        ]);
        assert!(out.contains(&format!("**{en}**")), "{id}: {out}");
        assert!(out.contains(&format!("**{cy}")), "{id}: {out}");
        assert!(out.contains("Attackers move first."), "{id}: {out}");
        assert!(
            out.contains("Yr ymosodwyr sy'n symud gyntaf."),
            "{id}: {out}"
        );
    }
    let s = Session::new();
    let out = s.run(&["alice@general: /rules"]);
    for (id, _, _) in PRESETS {
        assert!(out.contains(&format!("({id})")), "{id} not listed: {out}");
    }
}
