//! The shipped set is proven again, every puzzle, by the exhaustive check;
//! the tree's text reads back; a wrong tree or a second winning move is
//! caught.

use std::collections::BTreeMap;
use std::time::Instant;

use super::{mine, shipped, tree, Prover, Puzzle};
use crate::rules::{Game, Ruleset};

#[test]
fn every_shipped_puzzle_is_proven() {
    let set = shipped().expect("the shipped set reads");
    assert!(set.len() >= 200, "only {} puzzles shipped", set.len());
    let t = Instant::now();
    let mut per_variant: BTreeMap<String, usize> = BTreeMap::new();
    for (i, p) in set.iter().enumerate() {
        if let Err(e) = p.prove() {
            panic!("puzzle {} ({}): {e}", i + 1, p.source);
        }
        let v = p
            .variant
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_string();
        *per_variant.entry(v).or_default() += 1;
    }
    for v in ["tawlbwrdd", "tallfwrdd", "goedhboell", "gwyddbwyll"] {
        assert!(
            per_variant.get(v).copied().unwrap_or(0) > 0,
            "no {v} puzzle: {per_variant:?}"
        );
    }
    eprintln!(
        "{} puzzles proven in {:.1} s: {per_variant:?}",
        set.len(),
        t.elapsed().as_secs_f64()
    );
}

#[test]
fn the_tree_text_reads_back() {
    for p in shipped().expect("shipped").iter().take(40) {
        let t = p.tree().expect("reads");
        assert_eq!(t.to_string(), p.solution);
    }
    assert!(tree::parse_line("e10-c10 {g7-g9: c10-c11; *: c10-c1}").is_ok());
    assert!(tree::parse_line("e10-c10 {g7-g9 c10-c11}").is_err());
    assert!(tree::parse_line("e10-").is_err());
}

fn first_longer(set: &[Puzzle]) -> Puzzle {
    set.iter()
        .find(|p| p.length >= 2)
        .expect("a puzzle of 2 moves or more")
        .clone()
}

#[test]
fn a_wrong_tree_fails_the_proof() {
    let set = shipped().expect("shipped");
    let p = first_longer(&set);
    // Drop every answer but the first: some defence is left unanswered or
    // answered wrongly.
    let mut t = p.tree().expect("reads");
    let other = t.other.take();
    assert!(other.is_some() || !t.replies.is_empty());
    let mut broken = p.clone();
    broken.solution = t.to_string();
    if t.replies.is_empty() {
        assert!(broken.prove().is_err());
    }
    // A shorter length than the solution needs is refused.
    let mut short = p.clone();
    short.length -= 1;
    assert!(short.prove().is_err());
    // A longer one is refused too: there is a faster win.
    let mut long = p.clone();
    long.length += 1;
    assert!(long.prove().is_err() || long.length > super::MAX_LENGTH);
}

#[test]
fn a_position_with_two_winning_moves_is_no_puzzle() {
    // Tawlbwrdd: the king alone in the middle of an empty row can escape
    // both ways: two winning first moves.
    let rules = Ruleset::from_spec("tawlbwrdd", &[]).expect("rules");
    let board =
        crate::notation::otn::parse_position(&rules, "/11/11/11/t10/11/5K5/11/11/11/10t/11/")
            .expect("position");
    let g = Game::from_position(rules, board, crate::rules::Side::Second, 0).expect("game");
    let mut p = Prover::new(&g).expect("prover");
    assert_eq!(p.shortest_win(3), Some(1));
    assert!(p.winning_moves(1, 2).len() == 2);
    assert!(mine::prove_position(&g, "test").is_none());
}

/// The self-play count and seed the shipped set was made with
/// (docs/puzzles.md): `tawlbot puzzles mine --db none --selfplay 50 --seed 1`.
const SHIPPED_SELFPLAY: u64 = 50;

fn by_variant(set: &[Puzzle]) -> BTreeMap<String, Vec<Puzzle>> {
    let mut m: BTreeMap<String, Vec<Puzzle>> = BTreeMap::new();
    for p in set {
        m.entry(p.variant.clone()).or_default().push(p.clone());
    }
    m
}

/// The quick version (CI): two self-play games per variant give the first
/// puzzles of each variant in the shipped file, exactly.
#[test]
fn mine_reproduces_the_start_of_the_shipped_set() {
    let small = crate::puzzles_cli::mine_set(
        None,
        false,
        2,
        crate::puzzles_cli::DEFAULT_SEED,
        &mut |_| {},
    )
    .expect("mines");
    assert!(!small.is_empty());
    let shipped = by_variant(&shipped().expect("shipped"));
    for (v, got) in by_variant(&small) {
        let want = &shipped[&v][..got.len()];
        assert_eq!(&got[..], want, "{v}");
    }
}

/// The whole command, as documented: the shipped file byte for byte (slow:
/// `cargo test --lib puzzles -- --ignored`).
#[test]
#[ignore]
fn mine_reproduces_the_shipped_set() {
    let set = crate::puzzles_cli::mine_set(
        None,
        false,
        SHIPPED_SELFPLAY,
        crate::puzzles_cli::DEFAULT_SEED,
        &mut |_| {},
    )
    .expect("mines");
    assert_eq!(crate::puzzles_cli::to_json(&set), super::SHIPPED);
}

/// `puzzles mine` on a database it cannot read (its `moves` table gone),
/// or one that gives no puzzle, leaves `--out` as it was and exits 1.
#[test]
fn mine_never_overwrites_the_set_with_nothing() {
    use crate::store::prelude::*;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("pz.db");
    let out = dir.path().join("keep.json");
    let db_s = db.to_string_lossy().to_string();
    let out_s = out.to_string_lossy().to_string();
    let store = crate::store::SqliteStore::open(&db).unwrap();
    store.set_archive_public(&"srv".into(), true).unwrap();
    store
        .create_game(&crate::store::NewGame {
            server_id: "srv".into(),
            channel_id: "c".into(),
            variant: "tawlbwrdd".into(),
            first_player: "a".into(),
            second_player: "b".into(),
            ..Default::default()
        })
        .unwrap();
    drop(store);
    let run = || {
        let mut said = Vec::new();
        let exit = crate::puzzles_cli::puzzles(
            ["mine", "--db", &db_s, "--out", &out_s]
                .iter()
                .map(|s| s.to_string())
                .collect(),
            &mut said,
        );
        exit.code()
    };
    // Nothing to mine (one game, no move): the set already there stays.
    std::fs::write(&out, "[\n{\"kept\":1}\n]\n").unwrap();
    assert_eq!(run(), 1);
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "[\n{\"kept\":1}\n]\n"
    );
    // The moves table gone: damaged, nothing mined, nothing written.
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute_batch("DROP TABLE moves")
        .unwrap();
    std::fs::remove_file(&out).unwrap();
    assert_eq!(run(), 1);
    assert!(!out.exists(), "an empty set was written");
}
