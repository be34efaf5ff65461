//! Properties of OTN rules strings read as rules data: what tawlbot writes
//! reads back as the same game; the order of the keys, and keys written at
//! their OTN default, change nothing; a key tawlbot does not know is
//! refused, never ignored.

use proptest::prelude::*;
use tawlbot::rules::{
    default_of, read_rules_string, rules_pairs, same_game, write_keys, RulesError, Side, KEYS,
    WORLD_GAMES,
};

/// The values each key may take, for random rules strings.
fn values(k: &str) -> &'static [&'static str] {
    match k {
        "esc" => &["c", "e"],
        "surf" | "swf" | "efe" | "linc" => &["y", "n"],
        "tfr" => &["w", "d", "l", "i"],
        "ka" => &["y", "n", "a", "h"],
        "ks" => &["s", "w", "m", "c"],
        "spd" => &[
            "-1",
            "1",
            "2",
            "-1,-1,-1,-1,-1,-1,-1,-1,-1,1,-1,-1,",
            "1,1,1,1,1,1,1,1,1,-1,1,1,",
        ],
        "cor" => &["default", "", "a1,g7,"],
        "cen" => &["default", "", "d4,"],
        "afor" => &["", "a4,b4,"],
        "dfor" => &["", "c3,"],
        "sw" => &["n", "w", "s"],
        _ => &[
            "",
            "t",
            "T",
            "K",
            "tT",
            "tK",
            "TK",
            "tTK",
            "tcnkmTCNKM",
            "TCNKM",
        ],
    }
}

const START: &str = "start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";

fn random_string(picks: &[(bool, usize)]) -> String {
    let mut s = String::from("dim:7");
    for (k, (on, i)) in KEYS.iter().zip(picks) {
        if *on {
            let v = values(k);
            s.push_str(&format!(" {k}:{}", v[i % v.len()]));
        }
    }
    s.push(' ');
    s.push_str(START);
    s
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// parse(write(r)) == r, as data.
    #[test]
    fn written_rules_read_back_as_the_same_game(
        picks in proptest::collection::vec((any::<bool>(), 0usize..64), KEYS.len()),
    ) {
        let text = random_string(&picks);
        let read = read_rules_string(&text).expect("a random string of valid values reads");
        let again = format!("{} {START}", write_keys(&read.rules, read.first));
        let back = read_rules_string(&again).expect("what tawlbot writes reads");
        prop_assert!(same_game(&read.rules, &back.rules), "{text}\n{again}");
        prop_assert_eq!(&read.rules.start, &back.rules.start);
    }

    /// The keys in any order, and every key left out written at its
    /// default, describe the same game.
    #[test]
    fn key_order_and_defaults_do_not_matter(
        picks in proptest::collection::vec((any::<bool>(), 0usize..64), KEYS.len()),
        seed in any::<u64>(),
    ) {
        let text = random_string(&picks);
        let read = read_rules_string(&text).unwrap().rules;
        let mut pairs = rules_pairs(&text).unwrap();
        for k in KEYS {
            if !pairs.iter().any(|(p, _)| p == k) {
                pairs.push((k.to_string(), default_of(k).to_string()));
            }
        }
        let start = pairs.iter().position(|(k, _)| k == "start").unwrap();
        let start = pairs.remove(start);
        let dim = pairs.remove(0);
        let mut x = seed;
        for i in (1..pairs.len()).rev() {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            pairs.swap(i, (x >> 33) as usize % (i + 1));
        }
        let shuffled: Vec<String> = std::iter::once(dim)
            .chain(pairs)
            .chain(std::iter::once(start))
            .map(|(k, v)| format!("{k}:{v}"))
            .collect();
        let shuffled = shuffled.join(" ");
        let back = read_rules_string(&shuffled).unwrap().rules;
        prop_assert!(same_game(&read, &back), "{text}\n{shuffled}");
    }

    /// A key tawlbot does not know is refused by name.
    #[test]
    fn unknown_keys_are_refused(key in "[a-z]{2,6}") {
        prop_assume!(!KEYS.contains(&key.as_str())
            && !["dim", "name", "atkf", "nj", "cj", "mj", "gj", "kj", "ber", "start", "starti"].contains(&key.as_str()));
        let text = format!("dim:7 {key}:1 {START}");
        prop_assert_eq!(read_rules_string(&text).unwrap_err(), RulesError::UnknownKey { key });
    }
}

/// Each of the world's strings, written back by tawlbot, reads as the same game.
#[test]
fn world_strings_round_trip() {
    for (id, s) in WORLD_GAMES {
        let read = read_rules_string(s).unwrap();
        assert_eq!(read.first, Side::First, "{id}");
        let start = s.split(" start:").nth(1).unwrap();
        let again = format!("{} start:{start}", write_keys(&read.rules, read.first));
        let back = read_rules_string(&again).unwrap();
        assert!(same_game(&read.rules, &back.rules), "{id}: {again}");
    }
}
