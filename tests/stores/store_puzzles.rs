//! Puzzles on both stores: the set is added once (a stored
//! puzzle keeps its rating), a player's first attempt is rated once (both
//! ratings move, the streak counts), later attempts are not, the solved
//! count counts a puzzle once, and the next puzzle is the nearest untried.

use tawlbot::store::{AttemptState, PuzzleAttempt, PuzzleRating, PuzzleRow, UserId};

use crate::backends;

fn puzzle(id: u32, rating: f64) -> PuzzleRow {
    PuzzleRow {
        id,
        variant: "tawlbwrdd".into(),
        position: "/11/11/11/11/11/5K5/11/11/11/11/11/".into(),
        side: "defenders".into(),
        length: 1,
        solution: "f6-f11".into(),
        line: "f6-f11".into(),
        source: "test".into(),
        rating: PuzzleRating {
            rating,
            rd: 350.0,
            vol: 0.06,
        },
        plays: 0,
        wins: 0,
    }
}

/// A stand-in for Glicko-2: the winner gains 10, the loser loses 10.
fn rate(p: PuzzleRating, z: PuzzleRating, won: bool) -> (PuzzleRating, PuzzleRating) {
    let d = if won { 10.0 } else { -10.0 };
    (
        PuzzleRating {
            rating: p.rating + d,
            ..p
        },
        PuzzleRating {
            rating: z.rating - d,
            ..z
        },
    )
}

fn attempt(player: &str, id: u32, state: AttemptState, missed: bool) -> PuzzleAttempt {
    PuzzleAttempt {
        player_id: UserId::from(player),
        puzzle_id: id,
        moves: vec!["f6-f11".into()],
        state,
        missed,
        rated: false,
    }
}

#[test]
fn puzzles_are_added_once_and_attempts_rated_once() {
    let db = backends::fresh_db();
    let s = db.open();
    assert_eq!(s.puzzle_count().unwrap(), 0);
    assert_eq!(
        s.add_puzzles(&[puzzle(1, 1200.0), puzzle(2, 1600.0)])
            .unwrap(),
        2
    );
    assert_eq!(
        s.add_puzzles(&[puzzle(1, 9999.0), puzzle(3, 1500.0)])
            .unwrap(),
        1
    );
    assert_eq!(s.puzzle_count().unwrap(), 3);
    assert_eq!(s.puzzle(1).unwrap().unwrap().rating.rating, 1200.0);
    assert!(s.puzzle(4).unwrap().is_none());

    let alice = UserId::from("alice");
    s.set_current_puzzle(&alice, 2, 5).unwrap();
    let p = s.puzzle_player(&alice).unwrap().unwrap();
    assert_eq!(
        (p.current, p.rating.rating, p.solved, p.streak),
        (Some(2), 1500.0, 0, 0)
    );

    // An open attempt: nothing rated yet.
    let mut a = attempt("alice", 2, AttemptState::Open, false);
    s.save_puzzle_attempt(&a, 6, &rate).unwrap();
    assert!(!s.puzzle_attempt(&alice, 2).unwrap().unwrap().rated);
    // Solved with no wrong move: a win, rated once.
    a.state = AttemptState::Solved;
    s.save_puzzle_attempt(&a, 7, &rate).unwrap();
    let p = s.puzzle_player(&alice).unwrap().unwrap();
    assert_eq!(
        (p.rating.rating, p.solved, p.streak, p.best_streak),
        (1510.0, 1, 1, 1)
    );
    let z = s.puzzle(2).unwrap().unwrap();
    assert_eq!((z.rating.rating, z.plays, z.wins), (1590.0, 1, 1));
    // Saved again (another try at it): no second rating, no second solve.
    s.save_puzzle_attempt(&a, 8, &rate).unwrap();
    let p = s.puzzle_player(&alice).unwrap().unwrap();
    assert_eq!((p.rating.rating, p.solved, p.streak), (1510.0, 1, 1));

    // A wrong move on puzzle 1: a loss, the streak ends; solving it
    // afterwards counts as solved but is not rated again.
    let mut b = attempt("alice", 1, AttemptState::Open, true);
    s.save_puzzle_attempt(&b, 9, &rate).unwrap();
    let p = s.puzzle_player(&alice).unwrap().unwrap();
    assert_eq!(
        (p.rating.rating, p.solved, p.streak, p.best_streak),
        (1500.0, 1, 0, 1)
    );
    b.state = AttemptState::Solved;
    s.save_puzzle_attempt(&b, 10, &rate).unwrap();
    let p = s.puzzle_player(&alice).unwrap().unwrap();
    assert_eq!((p.rating.rating, p.solved, p.streak), (1500.0, 2, 0));
    let got = s.puzzle_attempt(&alice, 1).unwrap().unwrap();
    assert_eq!(got.state, AttemptState::Solved);
    assert!(got.missed && got.rated);
    assert_eq!(got.moves, vec!["f6-f11".to_string()]);

    // The nearest untried puzzle: only 3 is left.
    assert_eq!(s.puzzle_near(&alice, 1000.0).unwrap().unwrap().id, 3);
    // Bob has tried none: nearest to 1250 is 1.
    assert_eq!(
        s.puzzle_near(&UserId::from("bob"), 1250.0)
            .unwrap()
            .unwrap()
            .id,
        1
    );
}

on_postgres!(puzzles_are_added_once_and_attempts_rated_once);
