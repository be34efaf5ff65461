//! Property and scenario tests of the pure tournament module.

use std::collections::{HashMap, HashSet};

use proptest::prelude::*;
use tawlbot::tournament::glicko::{self, Rating};
use tawlbot::tournament::{
    round_robin, round_robin_rounds, Format, MatchKind, Pairing, PendingGame, PlayerId, Tournament,
};

/// A game's result from a die: the first side wins, the second wins, or a
/// draw.
fn thrown_result(die: u8, g: &PendingGame) -> Option<PlayerId> {
    match die % 3 {
        0 => Some(g.first_side),
        1 => Some(g.second_side),
        _ => None,
    }
}

fn ids(n: usize) -> Vec<PlayerId> {
    (1..=n as u64).map(|i| PlayerId(i * 10)).collect()
}

fn kind_strategy() -> impl Strategy<Value = MatchKind> {
    prop_oneof![Just(MatchKind::Single), Just(MatchKind::TwoGame)]
}

/// Every player of `expected` appears exactly once in the round.
fn assert_valid_round(round: &[Pairing], expected: &[PlayerId]) {
    let mut seen = HashSet::new();
    for p in round {
        assert!(seen.insert(p.first), "{:?} twice in {round:?}", p.first);
        if let Some(s) = p.second {
            assert!(seen.insert(s), "{s:?} twice in {round:?}");
            assert_ne!(p.first, s);
        }
    }
    let want: HashSet<PlayerId> = expected.iter().copied().collect();
    assert_eq!(seen, want, "round {round:?}");
    assert!(round.iter().filter(|p| p.is_bye()).count() <= 1);
}

/// Checks the games of a pairing against its kind.
fn assert_games(p: &Pairing, kind: MatchKind) {
    let Some(s) = p.second else {
        assert!(p.games.is_empty());
        return;
    };
    assert_eq!(p.games.len(), kind.games());
    assert_eq!(p.games[0].first_side, p.first);
    assert_eq!(p.games[0].second_side, s);
    if kind == MatchKind::TwoGame {
        assert_eq!(p.games[1].first_side, s);
        assert_eq!(p.games[1].second_side, p.first);
    }
}

proptest! {
    #[test]
    fn round_robin_meets_every_pair_once(n in 2usize..=16, kind in kind_strategy()) {
        let players = ids(n);
        let schedule = round_robin(&players, kind);
        prop_assert_eq!(schedule.len() as u32, round_robin_rounds(n));
        let mut pairs: HashMap<(PlayerId, PlayerId), u32> = HashMap::new();
        let mut sides: HashMap<(PlayerId, PlayerId), u32> = HashMap::new();
        let mut byes: HashMap<PlayerId, u32> = HashMap::new();
        let mut firsts: HashMap<PlayerId, i64> = HashMap::new();
        for (r, round) in schedule.iter().enumerate() {
            assert_valid_round(round, &players);
            for p in round {
                prop_assert_eq!(p.round as usize, r + 1);
                assert_games(p, kind);
                match p.second {
                    None => *byes.entry(p.first).or_default() += 1,
                    Some(s) => {
                        let key = (p.first.min(s), p.first.max(s));
                        *pairs.entry(key).or_default() += 1;
                    }
                }
                for g in &p.games {
                    *sides.entry((g.first_side, g.second_side)).or_default() += 1;
                    *firsts.entry(g.first_side).or_default() += 1;
                    *firsts.entry(g.second_side).or_default() -= 1;
                }
            }
        }
        prop_assert_eq!(pairs.len(), n * (n - 1) / 2);
        prop_assert!(pairs.values().all(|&c| c == 1));
        if kind == MatchKind::TwoGame {
            // Twice per pair, once each way.
            prop_assert_eq!(sides.len(), n * (n - 1));
            prop_assert!(sides.values().all(|&c| c == 1));
            prop_assert!(firsts.values().all(|&b| b == 0));
        } else {
            prop_assert!(firsts.values().all(|&b| b.abs() <= 1), "{:?}", firsts);
        }
        if n % 2 == 1 {
            prop_assert_eq!(byes.len(), n);
            prop_assert!(byes.values().all(|&c| c == 1));
        } else {
            prop_assert!(byes.is_empty());
        }
    }
}

/// A set of pairs.
type Pairs = [(PlayerId, PlayerId)];

/// Calls `f` with every way of splitting `pool` into pairs.
fn each_matching(pool: &[PlayerId], f: &mut dyn FnMut(&Pairs)) {
    fn go(
        rest: &mut Vec<PlayerId>,
        acc: &mut Vec<(PlayerId, PlayerId)>,
        f: &mut dyn FnMut(&Pairs),
    ) {
        if rest.is_empty() {
            f(acc);
            return;
        }
        let a = rest.remove(0);
        for i in 0..rest.len() {
            let b = rest.remove(i);
            acc.push((a, b));
            go(rest, acc, f);
            acc.pop();
            rest.insert(i, b);
        }
        rest.insert(0, a);
    }
    go(&mut pool.to_vec(), &mut Vec::new(), f);
}

/// Least total score difference over pairings of `pool` without a repeat,
/// or `None` if every pairing repeats.
fn best_non_repeating(
    pool: &[PlayerId],
    met: &HashSet<(PlayerId, PlayerId)>,
    score: &HashMap<PlayerId, f64>,
) -> Option<f64> {
    let mut best: Option<f64> = None;
    each_matching(pool, &mut |m| {
        if m.iter().any(|&(a, b)| met.contains(&(a, b))) {
            return;
        }
        let d: f64 = m.iter().map(|(a, b)| (score[a] - score[b]).abs()).sum();
        if best.is_none_or(|x| d < x) {
            best = Some(d);
        }
    });
    best
}

fn without(pool: &[PlayerId], p: PlayerId) -> Vec<PlayerId> {
    pool.iter().copied().filter(|&x| x != p).collect()
}

/// Plays a Swiss tournament with results and withdrawals drawn from `dice`,
/// checking each round's pairing against brute force.
fn check_swiss(
    n: usize,
    rounds: u32,
    kind: MatchKind,
    dice: &[u8],
    withdraw_at: Option<(u32, usize)>,
) {
    let players = ids(n);
    let mut t = Tournament::new(Format::Swiss { rounds }, kind, players.clone()).unwrap();
    let mut dice = dice.iter().cycle();
    let mut byes: HashMap<PlayerId, u32> = HashMap::new();
    for r in 1..=rounds {
        if let Some((wr, who)) = withdraw_at {
            if wr == r {
                t.withdraw(players[who % n]).unwrap();
            }
        }
        // Facts before pairing.
        let table = t.standings();
        let ranked: Vec<PlayerId> = table
            .iter()
            .filter(|row| !t.is_withdrawn(row.player))
            .map(|row| row.player)
            .collect();
        let score: HashMap<PlayerId, f64> =
            table.iter().map(|row| (row.player, row.points)).collect();
        let mut met = HashSet::new();
        let mut balance: HashMap<PlayerId, i64> = HashMap::new();
        for m in t.matches() {
            if let Some(s) = m.pairing.second {
                met.insert((m.pairing.first, s));
                met.insert((s, m.pairing.first));
            }
            for g in &m.pairing.games {
                *balance.entry(g.first_side).or_default() += 1;
                *balance.entry(g.second_side).or_default() -= 1;
            }
        }

        let round = t.next_round().unwrap();
        assert_valid_round(&round, &ranked);
        for p in &round {
            assert_games(p, kind);
        }
        let bye = round.iter().find(|p| p.is_bye()).map(|p| p.first);
        let pairs: Vec<(PlayerId, PlayerId)> = round
            .iter()
            .filter_map(|p| p.second.map(|s| (p.first, s)))
            .collect();
        let repeats = pairs
            .iter()
            .filter(|&&(a, b)| met.contains(&(a, b)))
            .count();

        // Byes: at most one each (while anyone has none), to the
        // lowest-ranked eligible player.
        let count = |p: &PlayerId| byes.get(p).copied().unwrap_or(0);
        let fewest = ranked.iter().map(count).min().unwrap_or(0);
        let eligible: Vec<PlayerId> = ranked
            .iter()
            .copied()
            .filter(|p| count(p) == fewest)
            .collect();
        if let Some(b) = bye {
            assert!(
                eligible.contains(&b),
                "round {r}: bye to {b:?}, who is not eligible"
            );
            let pos = ranked.iter().position(|&p| p == b).unwrap();
            for &lower in &ranked[pos + 1..] {
                if !eligible.contains(&lower) {
                    continue;
                }
                // A lower-ranked eligible player was passed over: only
                // allowed if giving them the bye forces a repeat.
                assert!(
                    best_non_repeating(&without(&ranked, lower), &met, &score).is_none(),
                    "round {r}: bye to {b:?} but {lower:?} is lower and eligible"
                );
            }
        }

        // No repeated pairing while a non-repeating one exists.
        let possible = if ranked.len().is_multiple_of(2) {
            best_non_repeating(&ranked, &met, &score).is_some()
        } else {
            eligible
                .iter()
                .any(|&c| best_non_repeating(&without(&ranked, c), &met, &score).is_some())
        };
        if possible {
            assert_eq!(repeats, 0, "round {r}: repeat though avoidable: {round:?}");
            // Score groups: the least total score difference possible.
            let pool = match bye {
                Some(b) => without(&ranked, b),
                None => ranked.clone(),
            };
            let best = best_non_repeating(&pool, &met, &score).unwrap();
            let ours: f64 = pairs.iter().map(|(a, b)| (score[a] - score[b]).abs()).sum();
            assert_eq!(
                ours, best,
                "round {r}: score groups not respected: {round:?}"
            );
        }
        if let Some(b) = bye {
            *byes.entry(b).or_default() += 1;
        }
        if withdraw_at.is_none() && rounds as usize <= n || rounds as usize + 1 < n {
            assert!(byes.values().all(|&c| c <= 1), "two byes: {byes:?}");
        }

        // Sides: the first side goes to the player with fewer first sides.
        if kind == MatchKind::Single {
            for &(a, b) in &pairs {
                let (ba, bb) = (
                    balance.get(&a).copied().unwrap_or(0),
                    balance.get(&b).copied().unwrap_or(0),
                );
                assert!(
                    ba <= bb,
                    "round {r}: {a:?} ({ba}) took the first side from {b:?} ({bb})"
                );
            }
        }

        // Play the round.
        for g in t.pending_games() {
            let d = *dice.next().unwrap();
            let winner = thrown_result(d, &g);
            t.record_game(g.first_side, g.second_side, winner, 20 + d as u32)
                .unwrap();
        }
        assert!(t.round_complete());
    }
    assert!(t.is_finished());
    assert!(t.winner().is_some());
    let total: f64 = t.standings().iter().map(|r| r.points).sum();
    assert!(total <= rounds as f64 * n.div_ceil(2) as f64);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]
    #[test]
    fn swiss_properties_small(
        n in 2usize..=9,
        pick in 0u32..1000,
        kind in kind_strategy(),
        dice in prop::collection::vec(any::<u8>(), 1..64),
        withdraw in prop::option::of((1u32..=6, 0usize..16)),
    ) {
        // Up to n rounds, so that late rounds may be forced to repeat.
        let rounds = 1 + pick % n as u32;
        check_swiss(n, rounds, kind, &dice, withdraw);
    }

    #[test]
    fn swiss_properties_larger(
        n in 10usize..=11,
        rounds in 1u32..=5,
        dice in prop::collection::vec(any::<u8>(), 1..64),
        withdraw in prop::option::of((1u32..=5, 0usize..16)),
    ) {
        check_swiss(n, rounds, MatchKind::Single, &dice, withdraw);
    }

    /// Up to 16 players: valid rounds, no repeats in the first rounds, at most
    /// one bye each (no brute-force optimality check at this size).
    #[test]
    fn swiss_up_to_sixteen(
        n in 12usize..=16,
        kind in kind_strategy(),
        dice in prop::collection::vec(any::<u8>(), 1..64),
    ) {
        let players = ids(n);
        let rounds = 5;
        let mut t = Tournament::new(Format::Swiss { rounds }, kind, players.clone()).unwrap();
        let mut dice = dice.iter().cycle();
        let mut met = HashSet::new();
        let mut byes = HashSet::new();
        for _ in 0..rounds {
            let round = t.next_round().unwrap();
            assert_valid_round(&round, &players);
            for p in &round {
                match p.second {
                    Some(s) => {
                        prop_assert!(met.insert((p.first.min(s), p.first.max(s))), "repeat {:?}", p);
                    }
                    None => prop_assert!(byes.insert(p.first), "second bye {:?}", p),
                }
            }
            for g in t.pending_games() {
                let w = thrown_result(*dice.next().unwrap(), &g);
                t.record_game(g.first_side, g.second_side, w, 30).unwrap();
            }
        }
        prop_assert!(t.is_finished());
    }

    /// A round robin with random results and a withdrawal still finishes, and
    /// every pair's match is scored.
    #[test]
    fn round_robin_with_withdrawal(
        n in 2usize..=10,
        kind in kind_strategy(),
        dice in prop::collection::vec(any::<u8>(), 1..64),
        withdraw in prop::option::of((1u32..=10, 0usize..10)),
    ) {
        let players = ids(n);
        let mut t = Tournament::new(Format::RoundRobin, kind, players.clone()).unwrap();
        let mut dice = dice.iter().cycle();
        let mut out = None;
        for r in 1..=t.total_rounds() {
            if let Some((wr, who)) = withdraw {
                if wr == r {
                    out = Some(players[who % n]);
                    t.withdraw(players[who % n]).unwrap();
                }
            }
            let round = t.next_round().unwrap();
            for p in &round {
                if let Some(o) = out {
                    prop_assert!(p.second.is_some() || p.first != o, "bye for withdrawn player");
                }
            }
            for g in t.pending_games() {
                prop_assert!(Some(g.first_side) != out && Some(g.second_side) != out);
                let w = thrown_result(*dice.next().unwrap(), &g);
                t.record_game(g.first_side, g.second_side, w, 30).unwrap();
            }
        }
        prop_assert!(t.is_finished());
        let table = t.standings();
        for row in &table {
            prop_assert_eq!(row.played as usize, n - 1);
        }
        // Every match hands out one point (or none for a double forfeit).
        let total: f64 = table.iter().map(|r| r.points).sum();
        let byes: u32 = table.iter().map(|r| r.byes).sum();
        prop_assert_eq!(total, (n * (n - 1) / 2) as f64 + byes as f64);
    }
}

#[test]
fn glicko2_worked_example_from_glickman() {
    let r = glicko::update(
        Rating::new(1500.0, 200.0, 0.06),
        &[
            (Rating::new(1400.0, 30.0, 0.06), 1.0),
            (Rating::new(1550.0, 100.0, 0.06), 0.0),
            (Rating::new(1700.0, 300.0, 0.06), 0.0),
        ],
    );
    // The paper rounds mu' to -0.2069 before rescaling to 1464.06; the
    // unrounded value is 1464.0507.
    assert!((r.rating - 1464.06).abs() < 0.01, "{r:?}");
    assert_eq!(
        ((r.rating - 1500.0) / glicko::SCALE * 1e4).round() / 1e4,
        -0.2069
    );
    assert!((r.rd - 151.52).abs() < 0.005, "{r:?}");
    assert!((r.vol - 0.05999).abs() < 0.000_01, "{r:?}");
}

#[test]
fn two_game_split_is_a_draw_with_tiebreak() {
    let (a, b) = (PlayerId(1), PlayerId(2));
    let mut t = Tournament::new(Format::RoundRobin, MatchKind::TwoGame, vec![a, b]).unwrap();
    t.next_round().unwrap();
    t.record_game(a, b, Some(a), 40).unwrap();
    t.record_game(b, a, Some(b), 25).unwrap();
    let table = t.standings();
    assert!(t.is_finished());
    assert_eq!(table[0].player, b, "{table:?}");
    assert_eq!(table[0].points, 0.5);
    assert_eq!(table[1].points, 0.5);
    assert_eq!(table[0].split_wins, 1);
    assert_eq!(table[1].split_wins, 0);
    assert_eq!(t.winner(), Some(b));
}

#[test]
fn tournament_round_trips_through_json() {
    let players = ids(5);
    let mut t = Tournament::new(
        Format::Swiss { rounds: 3 },
        MatchKind::TwoGame,
        players.clone(),
    )
    .unwrap();
    t.next_round().unwrap();
    let g = t.pending_games()[0];
    t.record_game(g.first_side, g.second_side, Some(g.first_side), 33)
        .unwrap();
    t.withdraw(players[4]).unwrap();
    let json = serde_json::to_string(&t).unwrap();
    let back: Tournament = serde_json::from_str(&json).unwrap();
    assert_eq!(back, t);
}

/// A 64-player Swiss with more rounds than usual pairs quickly and without
/// repeats or second byes.
#[test]
fn swiss_sixty_four_players() {
    for (n, rounds) in [(64usize, 9u32), (63, 9), (17, 16)] {
        let players = ids(n);
        let mut t =
            Tournament::new(Format::Swiss { rounds }, MatchKind::Single, players.clone()).unwrap();
        let mut met = HashSet::new();
        let mut byes = HashSet::new();
        let mut x: u64 = 12345;
        let start = std::time::Instant::now();
        for _ in 0..rounds {
            let round = t.next_round().unwrap();
            assert_valid_round(&round, &players);
            for p in &round {
                match p.second {
                    Some(s) => {
                        assert!(met.insert((p.first.min(s), p.first.max(s))), "repeat {p:?}")
                    }
                    None => assert!(byes.insert(p.first), "second bye {p:?}"),
                }
            }
            for g in t.pending_games() {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let w = match (x >> 33) % 3 {
                    0 => Some(g.first_side),
                    1 => Some(g.second_side),
                    _ => None,
                };
                t.record_game(g.first_side, g.second_side, w, 30).unwrap();
            }
        }
        assert!(t.is_finished());
        assert!(
            start.elapsed().as_secs() < 20,
            "{n} players: {:?}",
            start.elapsed()
        );
    }
}
