//! Shared by tests/render.rs and benches/render.rs: start positions and a
//! plausible 100-move game.
#![allow(dead_code)]

use tawlbot::render::{BoardView, Labels, PieceView, SquareKind};

pub const TAWLBWRDD: &str = "4aaa4/4aaa4/11/5d5/aa2ddd2aa/aa1ddKdd1aa/aa2ddd2aa/5d5/11/4aaa4/4aaa4";
pub const WALKER: &str = "3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1ddKdd1aa/a3ddd3a/a4d4a/11/5a5/3aaaaa3";
pub const NINE: &str = "3aaa3/4a4/4d4/a3d3a/aaddKddaa/a3d3a/4d4/4a4/3aaa3";

pub fn sq(name: &str) -> (u8, u8) {
    let b = name.as_bytes();
    (b[0] - b'a', name[1..].parse::<u8>().unwrap() - 1)
}

pub fn corners(v: &BoardView) -> [(u8, u8); 4] {
    let (w, h) = (v.width - 1, v.height - 1);
    [(0, 0), (w, 0), (0, h), (w, h)]
}

/// The views of every variant's start position, by sample name.
pub fn variants() -> Vec<(&'static str, BoardView)> {
    let mut out = Vec::new();

    let mut t = BoardView::from_rows(TAWLBWRDD).unwrap();
    t.set_kind(5, 5, SquareKind::Throne);
    t.set_hostile(5, 5);
    t.escape_edges = true;
    t.caption = "Tawlbwrdd · move 1 · attackers to move (@alice)".into();
    t.caption_piece = Some(PieceView::Attacker);
    out.push(("tawlbwrdd", t));

    let mut w = BoardView::from_rows(WALKER).unwrap();
    w.set_kind(5, 5, SquareKind::Throne);
    w.set_hostile(5, 5);
    for (f, r) in corners(&w) {
        w.set_kind(f, r, SquareKind::Corner);
        w.set_hostile(f, r);
    }
    w.escape_edges = true;
    w.caption = "Tawlbwrdd (Walker) · move 1 · attackers to move".into();
    w.caption_piece = Some(PieceView::Attacker);
    out.push(("tawlbwrdd-walker", w));

    let mut tf = BoardView::from_rows(NINE).unwrap();
    tf.set_kind(4, 4, SquareKind::Throne);
    tf.set_hostile(4, 4);
    for (f, r) in corners(&tf) {
        tf.set_kind(f, r, SquareKind::Corner);
    }
    tf.escape_corners = true;
    tf.caption = "Tallfwrdd · move 1 · attackers to move".into();
    tf.caption_piece = Some(PieceView::Attacker);
    out.push(("tallfwrdd", tf));

    let mut g = BoardView::from_rows(NINE).unwrap();
    g.set_kind(4, 4, SquareKind::Throne);
    for (f, r) in corners(&g) {
        g.set_kind(f, r, SquareKind::Corner);
    }
    // corner-guard option: the eight squares next to the corners.
    for (f, r) in [
        (1, 0),
        (0, 1),
        (7, 0),
        (8, 1),
        (0, 7),
        (1, 8),
        (8, 7),
        (7, 8),
    ] {
        g.set_kind(f, r, SquareKind::Restricted);
    }
    g.escape_corners = true;
    g.labels = Labels::AtHv;
    g.caption = "Goedhboell (corner-guard) · move 1 · assailants to move".into();
    g.caption_piece = Some(PieceView::Attacker);
    out.push(("goedhboell", g));

    let mut l = BoardView::from_rows("bbbbbbbbbbbbb/6B6/13/13/13/13/6W6/wwwwwwwwwwwww").unwrap();
    l.caption = "Gwyddbwyll 13x8 (dux) · move 1 · white to move".into();
    l.caption_piece = Some(PieceView::WhiteMan);
    out.push(("gwyddbwyll", l));

    let mut l10 = BoardView::from_rows("bbbbbbbbbb/10/10/10/10/10/10/wwwwwwwwww").unwrap();
    l10.caption = "Gwyddbwyll 10x8 · black to move".into();
    l10.caption_piece = Some(PieceView::BlackMan);
    out.push(("gwyddbwyll-10x8", l10));

    let mut l8 = BoardView::from_rows("bbbbbbbb/3B4/8/8/8/8/4W3/wwwwwwww").unwrap();
    l8.caption = "Gwyddbwyll 8x8 (dux)".into();
    out.push(("gwyddbwyll-8x8", l8));
    out
}

/// Plausible 100-move game: alternately move attackers and defenders one
/// step into an empty neighbouring square, now and then "capturing".
pub fn hundred_frames() -> Vec<BoardView> {
    let (_, start) = variants().remove(0);
    let mut v = start.clone();
    let mut frames = vec![v.clone()];
    let mut seed = 12345u32;
    let mut rnd = |n: u32| {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed % n
    };
    for m in 1..=100u32 {
        let side = if m % 2 == 1 {
            PieceView::Attacker
        } else {
            PieceView::Defender
        };
        let mut mv = None;
        for _ in 0..500 {
            let i = rnd(121) as usize;
            if v.cells[i] != Some(side) {
                continue;
            }
            let (f, r) = ((i % 11) as i32, (i / 11) as i32);
            let dirs = [(1, 0), (-1, 0), (0, 1), (0, -1)];
            let (dx, dy) = dirs[rnd(4) as usize];
            let len = 1 + rnd(3) as i32;
            let (nf, nr) = (f + dx * len, r + dy * len);
            if !(0..11).contains(&nf) || !(0..11).contains(&nr) {
                continue;
            }
            let path_clear = (1..=len).all(|k| {
                let j = ((r + dy * k) * 11 + f + dx * k) as usize;
                v.cells[j].is_none() && j != 60
            });
            if path_clear {
                mv = Some(((f as u8, r as u8), (nf as u8, nr as u8)));
                break;
            }
        }
        let Some((from, to)) = mv else { continue };
        let (i_from, i_to) = (v.index(from.0, from.1), v.index(to.0, to.1));
        v.cells[i_to] = v.cells[i_from].take();
        v.last_move = Some((from, to));
        v.captured.clear();
        if m % 9 == 0 {
            // Take an enemy neighbour now and then.
            for (dx, dy) in [(1i32, 0i32), (-1, 0), (0, 1), (0, -1)] {
                let (nf, nr) = (to.0 as i32 + dx, to.1 as i32 + dy);
                if (0..11).contains(&nf) && (0..11).contains(&nr) {
                    let j = v.index(nf as u8, nr as u8);
                    if matches!(v.cells[j], Some(p) if p != side && p != PieceView::King) {
                        v.cells[j] = None;
                        v.captured.push((nf as u8, nr as u8));
                        break;
                    }
                }
            }
        }
        // As the app's replay GIF: one caption for the whole game, no
        // side-to-move icon.
        v.caption_piece = None;
        frames.push(v.clone());
    }
    frames
}

/// The docs/samples middle game: move 27 of [`hundred_frames`] with every
/// mark (last move, a captured cross, dots) and the side-to-move icon.
pub fn midgame() -> BoardView {
    let frames = hundred_frames();
    let mut v = frames[27].clone();
    v.captured = vec![sq("c6")];
    let i = v.index(2, 5);
    v.cells[i] = None;
    v.dots = vec![sq("c4"), sq("c3"), sq("c2")];
    for (f, rk) in [(2u8, 6u8), (2, 7)] {
        let j = v.index(f, rk);
        v.cells[j] = None;
    }
    v.caption = "Tawlbwrdd · move 28 · defenders to move (@bob)".into();
    v.caption_piece = Some(PieceView::Defender);
    v
}

/// Every variant and option at its start position (options that change
/// the picture: goedhboell with and without corner-guard, gwyddbwyll
/// 13x8 / 12x8 / 10x8 / 8x8 with and without a dux), by name.
pub fn every_start() -> Vec<(String, BoardView)> {
    let mut out: Vec<(String, BoardView)> = variants()
        .into_iter()
        .map(|(n, v)| (n.to_string(), v))
        .collect();
    let mut g = out
        .iter()
        .find(|(n, _)| n == "goedhboell")
        .unwrap()
        .1
        .clone();
    for k in g.squares.iter_mut() {
        if *k == SquareKind::Restricted {
            *k = SquareKind::Plain;
        }
    }
    g.caption = "Goedhboell · move 1 · assailants to move".into();
    out.push(("goedhboell-plain".into(), g));
    let mut l12 = BoardView::from_rows("bbbbbbbbbbbb/5B6/12/12/12/12/6W5/wwwwwwwwwwww").unwrap();
    l12.caption = "Gwyddbwyll 12x8 (dux) · move 1 · white to move".into();
    l12.caption_piece = Some(PieceView::WhiteMan);
    out.push(("gwyddbwyll-12x8".into(), l12));
    let mut l13 = BoardView::from_rows("bbbbbbbbbbbbb/13/13/13/13/13/13/wwwwwwwwwwwww").unwrap();
    l13.caption = "Gwyddbwyll 13x8 · move 1 · white to move".into();
    l13.caption_piece = Some(PieceView::WhiteMan);
    out.push(("gwyddbwyll-13x8-plain".into(), l13));
    out
}

pub mod encoder;
pub mod inflate;

/// A plausible standings table (title, headers, eight rows), as the app
/// builds it for a Swiss tournament after round 5.
pub fn standings() -> (String, [&'static str; 6], Vec<[String; 6]>) {
    let players = [
        ("Siân ap Rhys", "4.5", "11.75", "17.5", "4/1/0"),
        ("bedwyr", "4", "9.5", "18", "4/0/1"),
        ("Alice Pennant", "3.5", "7.25", "16.5", "3/1/1"),
        ("Gwenllian", "3", "6", "15", "3/0/2"),
        ("bob", "2.5", "4.75", "14.5", "2/1/2"),
        ("Dafydd Llwyd", "2", "3", "13", "2/0/3"),
        ("eirlys_99", "1", "1.5", "12.5", "1/0/4"),
        ("Owain", "0.5", "0.25", "11", "0/1/4"),
    ];
    let rows = players
        .iter()
        .enumerate()
        .map(|(i, (n, p, sb, b, wdl))| {
            [
                (i + 1).to_string(),
                n.to_string(),
                p.to_string(),
                sb.to_string(),
                b.to_string(),
                wdl.to_string(),
            ]
        })
        .collect();
    (
        "Gŵyl Tafl Aberystwyth — standings".to_string(),
        ["#", "Player", "Pts", "SB", "Buch", "W/D/L"],
        rows,
    )
}
