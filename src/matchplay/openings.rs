//! The openings of a match: a few random legal plies from the start, drawn
//! from the match's seed, one opening a pair of games (each played twice,
//! the engines' sides swapped), so that a pair starts from the same
//! position and the same dice.

use crate::rules::{Game, Move};

/// splitmix64: the opening's random numbers.
fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of pair `pair` of a match seeded `seed`: the seed of both of
/// its games (the coin toss where the rules leave the first move open, the
/// dice) and of its opening.
pub fn pair_seed(seed: u64, pair: u32) -> u64 {
    splitmix(seed ^ splitmix(pair as u64 ^ 0x0BE4_1A65))
}

/// The opening of a pair: `plies` random legal moves from `start`, each
/// chosen from the moves that do not end the game (an opening is never
/// decided). Fewer plies when no such move is left.
pub fn opening(start: &Game, plies: u32, seed: u64) -> Vec<Move> {
    let mut game = start.clone();
    let mut rng = seed;
    let mut out = Vec::new();
    for _ in 0..plies {
        if game.is_over() {
            break;
        }
        let moves: Vec<Move> = game
            .legal_moves()
            .into_iter()
            .filter(|&m| {
                let mut g = game.clone();
                g.play(m).is_ok() && !g.is_over()
            })
            .collect();
        if moves.is_empty() {
            break;
        }
        rng = splitmix(rng);
        let m = moves[(rng % moves.len() as u64) as usize];
        if game.play(m).is_err() {
            break;
        }
        out.push(m);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Ruleset;

    #[test]
    fn openings_are_seeded_legal_and_undecided() {
        let rules = Ruleset::from_spec("tallfwrdd", &[]).unwrap();
        let start = Game::new(rules, 7);
        let a = opening(&start, 4, pair_seed(1, 0));
        assert_eq!(a.len(), 4);
        assert_eq!(a, opening(&start, 4, pair_seed(1, 0)));
        let b = opening(&start, 4, pair_seed(1, 1));
        assert_ne!(a, b, "two pairs, two openings");
        let mut g = start.clone();
        for m in &a {
            g.play(*m).unwrap();
        }
        assert!(!g.is_over());
        assert!(opening(&start, 0, 5).is_empty());
    }
}
