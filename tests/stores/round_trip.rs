//! Nothing is written that the reader cannot read back: every value type
//! the store keeps, generated at random, written and read back, is the
//! same value; and every time control a player's text is accepted as
//! reads back as itself.

use proptest::prelude::*;

use tawlbot::app::MAX_OPEN_CHALLENGES;
use tawlbot::domain::GameSettings;
use tawlbot::rules::Side;
use tawlbot::store::prelude::*;
use tawlbot::store::{
    ChallengeState, EndReason, GameResult, MatchResult, MatchSpec, NewChallenge, NewGame,
    NewTournament, OfferKind, SqliteStore, TimeControl, TournamentFormat, TournamentPhase,
};

fn side() -> impl Strategy<Value = Side> {
    prop_oneof![Just(Side::First), Just(Side::Second)]
}

fn time_control() -> impl Strategy<Value = TimeControl> {
    // Whole minutes up to 60 days: what the reader of player text gives.
    let span = (1i64..=60 * 24 * 60).prop_map(|m| m * 60);
    prop_oneof![
        Just(TimeControl::None),
        span.clone().prop_map(TimeControl::PerMove),
        (span.clone(), prop_oneof![Just(0i64), span.clone()], span).prop_map(|(a, inc, b)| {
            TimeControl::Bank {
                bank: a.min(b),
                inc,
                cap: a.max(b),
            }
        }),
    ]
}

fn one_of<T: Copy + std::fmt::Debug + 'static>(all: &'static [T]) -> impl Strategy<Value = T> {
    (0..all.len()).prop_map(move |i| all[i])
}

/// Any text, including what no player would type.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![any::<String>(), "[a-z:= 0-9½-]{0,12}"]
}

/// Texts a player types as tokens of a time control.
fn time_text() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        "-?[0-9]{1,4}[mhdw]?",
        "(bank|inc|cap|increment|x)[:=]-?[0-9]{0,3}(m|h|d|w|min|hours|days)?",
        Just("none".to_string()),
        Just("bank:0".to_string()),
        Just("0".to_string()),
    ];
    prop::collection::vec(token, 1..4).prop_map(|t| t.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn every_stored_value_round_trips(
        tc in time_control(),
        options in prop::collection::vec(text(), 0..4),
        seed in any::<u64>(),
        first_side in side(),
        name in text(),
        side in prop::option::of(side()),
        settings in (any::<bool>(), prop::option::of(1u8..=5), prop::option::of(text()))
            .prop_map(|(thread, bot_level, position)| GameSettings { thread, bot_level, position }),
        variant in text(),
        format in one_of(TournamentFormat::ALL),
        data in text().prop_map(|t| serde_json::json!({ "note": t }).to_string()),
        setting in (text(), text()),
        result in one_of(GameResult::ALL),
        reason in one_of(EndReason::ALL),
        state in one_of(ChallengeState::ALL),
        phase in one_of(TournamentPhase::ALL),
        offer in one_of(OfferKind::ALL),
        score in prop_oneof![
            Just(MatchResult::Bye),
            (any::<u32>(), any::<u32>()).prop_map(|(a, b)| MatchResult::Score {
                first_halves: a / 2,
                second_halves: b / 2,
            }),
        ],
        banks in (prop::option::of(any::<i64>()), prop::option::of(any::<i64>())),
        typed in time_text(),
    ) {
        // The text forms, one by one.
        prop_assert_eq!(TimeControl::from_stored(&tc.to_string()), Ok(tc));
        prop_assert_eq!(MatchResult::parse(&score.to_string()), Ok(score));
        // Whatever a player's text is accepted as reads back as itself.
        if let Ok(t) = TimeControl::parse(&typed) {
            prop_assert_eq!(TimeControl::from_stored(&t.to_string()), Ok(t), "{}", typed);
        }

        // Through the store: written, read back, the same.
        let s = SqliteStore::open_in_memory().unwrap();
        let g = NewGame {
            server_id: "srv".into(),
            channel_id: "ch".into(),
            variant: variant.clone(),
            options: options.clone(),
            seed,
            first_side,
            settings: settings.clone(),
            first_player: "p1".into(),
            second_player: "p2".into(),
            time_control: tc,
            bank_first: banks.0,
            bank_second: banks.1,
            created_at: 1,
            deadline: Some(5),
            ..Default::default()
        };
        let id = s.create_game(&g).unwrap();
        prop_assert!(s.set_offer_once(id, offer, &"p1".into(), 2).unwrap());
        prop_assert_eq!(s.get_offer(id, offer).unwrap().map(|o| o.kind), Some(offer));
        s.finish_game(id, Some(0), result, reason, 3).unwrap();
        let row = s.get_game(id).unwrap().unwrap();
        prop_assert_eq!(&row.variant, &variant);
        prop_assert_eq!(&row.options, &options);
        prop_assert_eq!(row.seed, seed);
        prop_assert_eq!(row.first_side, first_side);
        prop_assert_eq!(&row.settings, &settings);
        prop_assert_eq!(row.time_control, tc);
        prop_assert_eq!((row.bank_first, row.bank_second), banks);
        prop_assert_eq!((row.result, row.reason), (Some(result), Some(reason)));

        let c = s
            .create_challenge_capped(&NewChallenge {
                server_id: "srv".into(),
                channel_id: "ch".into(),
                challenger_id: "p1".into(),
                variant: variant.clone(),
                options: options.clone(),
                challenger_side: side,
                settings: settings.clone(),
                time_control: tc,
                created_at: 1,
                ..Default::default()
            }, MAX_OPEN_CHALLENGES)
            .unwrap()
            .unwrap();
        if state != ChallengeState::Open {
            prop_assert!(s.set_challenge_state(c, ChallengeState::Open, state, 2).unwrap());
        }
        let ch = s.get_challenge(c).unwrap().unwrap();
        prop_assert_eq!(&ch.options, &options);
        prop_assert_eq!(ch.challenger_side, side);
        prop_assert_eq!(&ch.settings, &settings);
        prop_assert_eq!(ch.time_control, tc);
        prop_assert_eq!(ch.state, state);

        let t = s
            .create_tournament(&NewTournament {
                server_id: "srv".into(),
                name: name.clone(),
                variant: variant.clone(),
                options: options.clone(),
                format,
                data: data.clone(),
                created_at: 1,
                ..Default::default()
            })
            .unwrap();
        let v0 = s.get_tournament(t).unwrap().unwrap().version;
        prop_assert!(s.commit_tournament(t, v0, phase, &data, &[], 2).unwrap());
        let tr = s.get_tournament(t).unwrap().unwrap();
        prop_assert_eq!(&tr.name, &name);
        prop_assert_eq!(&tr.options, &options);
        prop_assert_eq!(tr.format, format);
        prop_assert_eq!(&tr.data, &data);
        prop_assert_eq!(tr.state, phase);
        let v = tr.version;
        let spec = MatchSpec {
            round: 1,
            board: 1,
            first_player: Some("p1".into()),
            second_player: Some("p2".into()),
            result: Some(score),
        };
        prop_assert!(s.commit_tournament(t, v, phase, &data, &[spec], 3).unwrap());
        prop_assert_eq!(s.tournament_matches(t).unwrap()[0].result, Some(score));

        s.set_player_setting(&"p1".into(), &setting.0, &setting.1).unwrap();
        prop_assert_eq!(s.player_setting(&"p1".into(), &setting.0).unwrap(), Some(setting.1.clone()));
        // And the doctor finds every row readable.
        prop_assert_eq!(s.unreadable_rows().unwrap(), vec![]);
    }
}
