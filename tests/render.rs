//! Integration tests for the board pictures: decode the PNG and check that
//! what is drawn means what the view says.

use tawlbot::render::theme::{mix, Rgb};
use tawlbot::render::{
    read_text_chunks, BoardView, Layout, PieceView, Renderer, SquareKind, Theme,
};

mod render_support;
use render_support::*;

fn decode(png: &[u8]) -> image::RgbImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("valid PNG")
        .to_rgb8()
}

fn px(img: &image::RgbImage, (x, y): (u32, u32)) -> Rgb {
    img.get_pixel(x, y).0
}

fn close(a: Rgb, b: Rgb, tol: i32) -> bool {
    (0..3).all(|i| (a[i] as i32 - b[i] as i32).abs() <= tol)
}

/// The colour the centre of a square must show.
fn expected_centre(t: &Theme, v: &BoardView, f: u8, r: u8) -> Rgb {
    match v.piece(f, r) {
        Some(PieceView::Attacker) => t.attacker.face,
        Some(PieceView::Defender) => t.defender.face,
        Some(PieceView::King) => t.gold,
        Some(PieceView::WhiteMan | PieceView::WhiteDux) => t.white_man.face,
        Some(PieceView::BlackMan | PieceView::BlackDux) => t.black_man.face,
        None => {
            let kind = v.squares[v.index(f, r)];
            match (kind, v.is_escape(f, r)) {
                (SquareKind::Plain | SquareKind::Restricted, false) => t.board,
                (SquareKind::Plain | SquareKind::Restricted, true) => t.escape,
                (SquareKind::Throne, false) => t.throne,
                (SquareKind::Corner, false) => t.corner,
                (_, true) => mix(t.corner, t.escape, 0.7),
            }
        }
    }
}

#[test]
fn render_centres_match_pieces_for_every_variant() {
    let r = Renderer::new();
    for theme in [Theme::light(), Theme::dark()] {
        for (name, v) in variants() {
            let png = r.png(&v, &theme, &[]).unwrap();
            let img = decode(&png);
            let l = Layout::for_board(v.width, v.height);
            assert_eq!((img.width(), img.height()), (l.width, l.height), "{name}");
            for rank in 0..v.height {
                for file in 0..v.width {
                    let want = expected_centre(&theme, &v, file, rank);
                    let got = px(&img, l.square_centre(file, rank));
                    assert!(
                        close(got, want, 10),
                        "{} {name}: square ({file},{rank}) piece {:?}: got {got:?} want {want:?}",
                        theme.name,
                        v.piece(file, rank)
                    );
                }
            }
        }
    }
}

#[test]
fn render_tawlbwrdd_setup_matches_rulebook() {
    let v = BoardView::from_rows(TAWLBWRDD).unwrap();
    let count = |p| v.cells.iter().filter(|c| **c == Some(p)).count();
    assert_eq!(count(PieceView::Attacker), 24);
    assert_eq!(count(PieceView::Defender), 12);
    assert_eq!(v.piece(5, 5), Some(PieceView::King));
    for s in ["e1", "g2", "e10", "g11", "a5", "b7", "j5", "k7"] {
        let (f, r) = sq(s);
        assert_eq!(v.piece(f, r), Some(PieceView::Attacker), "{s}");
    }
    for s in ["f4", "e5", "g5", "d6", "h6", "e7", "g7", "f8"] {
        let (f, r) = sq(s);
        assert_eq!(v.piece(f, r), Some(PieceView::Defender), "{s}");
    }
    let w = BoardView::from_rows(WALKER).unwrap();
    for s in ["d1", "h1", "f2", "f10", "a4", "a8", "b6", "k4", "j6"] {
        let (f, r) = sq(s);
        assert_eq!(w.piece(f, r), Some(PieceView::Attacker), "{s}");
    }
    assert_eq!(w.cells.iter().filter(|c| c.is_some()).count(), 37);
}

#[test]
fn render_marks_are_visible() {
    let r = Renderer::new();
    for theme in [Theme::light(), Theme::dark()] {
        let base = variants().remove(0).1;
        let mut v = base.clone();
        // Attacker e2 -> e4 (file 4), capturing nothing; pretend d6 was taken.
        let (from, to) = (sq("e2"), sq("e4"));
        let i_from = v.index(from.0, from.1);
        let i_to = v.index(to.0, to.1);
        v.cells[i_to] = v.cells[i_from].take();
        v.last_move = Some((from, to));
        let cap = sq("d6");
        let i_cap = v.index(cap.0, cap.1);
        v.cells[i_cap] = None;
        v.captured = vec![cap];
        v.dots = vec![sq("c3"), sq("h3")];

        let mut plain = base.clone();
        plain.cells = v.cells.clone();
        let l = Layout::for_board(11, 11);
        let a = decode(&r.png(&plain, &theme, &[]).unwrap());
        let b = decode(&r.png(&v, &theme, &[]).unwrap());

        // From square (now empty): the centre is tinted.
        let c = l.square_centre(from.0, from.1);
        assert_ne!(
            px(&a, c),
            px(&b, c),
            "{}: from square not highlighted",
            theme.name
        );
        assert!(close(px(&a, c), theme.board, 0));
        // To square: the centre holds the piece, the inset frame is marked.
        let (x, y) = l.square_origin(to.0, to.1);
        let edge = (x + 3, y + l.square / 2);
        assert_ne!(
            px(&a, edge),
            px(&b, edge),
            "{}: to square not highlighted",
            theme.name
        );
        assert!(close(
            px(&b, l.square_centre(to.0, to.1)),
            theme.attacker.face,
            10
        ));
        // Captured square: red cross at the centre.
        let c = l.square_centre(cap.0, cap.1);
        assert!(close(px(&b, c), theme.captured, 10), "{:?}", px(&b, c));
        assert!(close(px(&a, c), theme.board, 0));
        // Dots: darker centre.
        for d in &v.dots {
            let c = l.square_centre(d.0, d.1);
            let (pa, pb) = (px(&a, c), px(&b, c));
            let lum = |p: Rgb| p.iter().map(|&x| x as u32).sum::<u32>();
            assert!(
                lum(pb) + 60 < lum(pa),
                "{}: dot {pa:?} vs {pb:?}",
                theme.name
            );
        }
    }
}

#[test]
fn render_text_chunks_round_trip() {
    let (_, v) = variants().remove(0);
    let record = "1. e2-e4 ".repeat(400); // long: goes into zTXt
    let chunks = [
        ("tawlbot-position", TAWLBWRDD),
        ("tawlbot-record", record.as_str()),
        ("tawlbot-players", "Siân ⚔ Bedwyr"), // not Latin-1: iTXt
    ];
    let png = Renderer::global()
        .png(&v, &Theme::light(), &chunks)
        .unwrap();
    let mut got = read_text_chunks(&png);
    got.sort();
    let mut want: Vec<(String, String)> = chunks
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    want.sort();
    assert_eq!(got, want);
    assert!(read_text_chunks(b"not a png").is_empty());
    // The picture is still an ordinary PNG.
    decode(&png);
}

#[test]
fn render_png_is_small_indexed() {
    let (_, mut v) = variants().remove(0);
    v.last_move = Some((sq("e2"), sq("e3")));
    let png = Renderer::global().png(&v, &Theme::light(), &[]).unwrap();
    let dec = png::Decoder::new(std::io::Cursor::new(&png[..]));
    let reader = dec.read_info().unwrap();
    assert_eq!(reader.info().color_type, png::ColorType::Indexed);
    assert_eq!(reader.info().bit_depth, png::BitDepth::Eight);
    println!("tawlbwrdd start PNG: {} bytes", png.len());
    assert!(png.len() < 40_000, "{} bytes", png.len());
    assert!(reader.info().width >= 700);
}

/// Every variant and option at its start position (hand-made views), and
/// the docs/samples middle game, in every theme: 25 KB or less, at 700 px
/// or more on the long side.
#[test]
fn render_every_board_is_at_most_25_kb() {
    let r = Renderer::new();
    let mut boards = every_start();
    boards.push(("midgame".into(), midgame()));
    let (mut report, mut over) = (Vec::new(), Vec::new());
    for theme in Theme::names().iter().map(|n| Theme::by_name(n).unwrap()) {
        for (name, v) in &boards {
            let png = r
                .png(v, &theme, &[("tawlbot-position", "x".repeat(121).as_str())])
                .unwrap();
            let img = decode(&png);
            assert!(
                img.width().max(img.height()) >= 700,
                "{name}: {}x{}",
                img.width(),
                img.height()
            );
            report.push(format!("{} {name}: {} bytes", theme.name, png.len()));
            if png.len() > 25_000 {
                over.push(format!("{} {name}: {} bytes", theme.name, png.len()));
            }
        }
    }
    println!("{}", report.join("\n"));
    assert!(over.is_empty(), "over 25 KB:\n{}", over.join("\n"));
}

#[test]
fn render_gif_of_a_game() {
    let frames = hundred_frames();
    assert!(frames.len() > 90);
    let t = std::time::Instant::now();
    let gif = Renderer::global()
        .gif(&frames, &Theme::light(), 60)
        .unwrap();
    println!(
        "{}-frame GIF: {} bytes in {:?} (debug build)",
        frames.len(),
        gif.len(),
        t.elapsed()
    );
    assert!(gif.len() < 600_000);
    // Decode it and check the last frame composited equals a still render.
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::RGBA);
    let mut dec = opts.read_info(std::io::Cursor::new(&gif)).unwrap();
    let (w, h) = (dec.width() as usize, dec.height() as usize);
    let mut canvas = vec![0u8; w * h * 4];
    let mut n = 0;
    while let Some(f) = dec.read_next_frame().unwrap() {
        n += 1;
        for y in 0..f.height as usize {
            for x in 0..f.width as usize {
                let s = (y * f.width as usize + x) * 4;
                if f.buffer[s + 3] == 0 {
                    continue;
                }
                let d = ((f.top as usize + y) * w + f.left as usize + x) * 4;
                canvas[d..d + 4].copy_from_slice(&f.buffer[s..s + 4]);
            }
        }
    }
    assert_eq!(n, frames.len());
    let last = Renderer::global().indexed_with(
        frames.last().unwrap(),
        &Theme::light(),
        Layout::for_gif(11, 11),
    );
    for y in (0..h).step_by(7) {
        for x in (0..w).step_by(5) {
            let d = (y * w + x) * 4;
            assert_eq!(
                &canvas[d..d + 3],
                &last.rgb(x as u32, y as u32),
                "({x},{y})"
            );
        }
    }
}

#[test]
fn render_gif_refuses_mixed_sizes() {
    let a = BoardView::from_rows("3/3/3").unwrap();
    let b = BoardView::from_rows("4/4/4/4").unwrap();
    assert!(Renderer::global()
        .gif(&[a, b], &Theme::light(), 50)
        .is_err());
    assert!(Renderer::global().gif(&[], &Theme::light(), 50).is_err());
}

/// Writes docs/samples/*.png. Run with
/// `cargo test --test render -- --ignored write_samples`.
#[test]
#[ignore]
fn write_samples() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/samples");
    std::fs::create_dir_all(&dir).unwrap();
    let r = Renderer::new();
    for (name, v) in variants() {
        if name.ends_with("10x8") {
            continue;
        }
        let png = r
            .png(&v, &Theme::light(), &[("tawlbot-position", name)])
            .unwrap();
        println!("{name}: {} bytes", png.len());
        std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
    }
    // A mid-game dark picture with every mark.
    let frames = hundred_frames();
    let v = midgame();
    let png = r.png(&v, &Theme::dark(), &[]).unwrap();
    println!("tawlbwrdd-dark: {} bytes", png.len());
    std::fs::write(dir.join("tawlbwrdd-dark.png"), png).unwrap();
    let png = r.png(&v, &Theme::light(), &[]).unwrap();
    println!("tawlbwrdd-midgame: {} bytes", png.len());
    std::fs::write(dir.join("tawlbwrdd-midgame.png"), png).unwrap();
    let png = r.png(&v, &Theme::contrast(), &[]).unwrap();
    println!("tawlbwrdd-contrast: {} bytes", png.len());
    std::fs::write(dir.join("tawlbwrdd-contrast.png"), png).unwrap();
    let gif = r.gif(&frames[..30], &Theme::light(), 60).unwrap();
    println!("30-move gif: {} bytes", gif.len());
    std::fs::write(dir.join("tawlbwrdd-game.gif"), gif).unwrap();
    write_standings_sample();
}

#[test]
#[ignore]
fn gif_breakdown() {
    let frames = hundred_frames();
    for n in [1, 2, 11, 51] {
        let g = Renderer::global()
            .gif(&frames[..n], &Theme::light(), 60)
            .unwrap();
        println!("{n} frames: {} bytes", g.len());
    }
    let mut f2: Vec<BoardView> = frames[..11].to_vec();
    for f in &mut f2 {
        f.caption = "x".into();
    }
    let g = Renderer::global().gif(&f2, &Theme::light(), 60).unwrap();
    println!("11 frames fixed caption: {} bytes", g.len());
    for f in &mut f2 {
        f.last_move = None;
        f.captured.clear();
    }
    let g = Renderer::global().gif(&f2, &Theme::light(), 60).unwrap();
    println!("11 frames fixed caption no highlight: {} bytes", g.len());
}

/// Writes 3x crops of a few samples to `target/render-zoom/` for a close
/// look (`cargo test --test render -- --ignored zoom_samples`).
#[test]
#[ignore]
fn zoom_samples() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = root.join("target/render-zoom");
    std::fs::create_dir_all(&out).unwrap();
    let dir = std::env::var("ZOOM_DIR").unwrap_or_else(|_| "docs/samples".into());
    for (name, x, y, w, h) in [
        ("tawlbwrdd-midgame", 250, 250, 260, 220),
        ("tawlbwrdd-dark", 250, 250, 260, 220),
        ("goedhboell", 0, 0, 260, 220),
        ("gwyddbwyll-8x8", 0, 0, 260, 220),
        ("tawlbwrdd-midgame", 0, 560, 400, 200),
        ("standings", 0, 0, 260, 130),
    ] {
        let p = root.join(&dir).join(format!("{name}.png"));
        let img = image::open(&p).unwrap().to_rgb8();
        let (w, h) = (w.min(img.width() - x), h.min(img.height() - y));
        let crop = image::imageops::crop_imm(&img, x, y, w, h).to_image();
        let big =
            image::imageops::resize(&crop, w * 3, h * 3, image::imageops::FilterType::Nearest);
        big.save(out.join(format!("{name}-{x}-{y}.png"))).unwrap();
    }
}

/// Our DEFLATE against miniz_oxide on the same scanlines
/// (`cargo test --release --test render -- --ignored compare_deflate --nocapture`).
#[test]
#[ignore]
fn compare_deflate() {
    let r = Renderer::new();
    let mut boards = every_start();
    boards.push(("midgame".into(), midgame()));
    for (name, v) in &boards {
        let img = r.indexed(v, &Theme::light());
        let mut raw = Vec::new();
        for row in img.pixels.chunks_exact(img.width as usize) {
            raw.push(0);
            raw.extend_from_slice(row);
        }
        let ours = tawlbot::render::zlib(&raw, img.width as usize + 1);
        let m6 = miniz_oxide::deflate::compress_to_vec_zlib(&raw, 6);
        let m9 = miniz_oxide::deflate::compress_to_vec_zlib(&raw, 9);
        println!(
            "{name}: ours {} miniz6 {} miniz9 {}",
            ours.len(),
            m6.len(),
            m9.len()
        );
    }
}

// ---- Encoder hardening: independent decoders, byte-exact. ----

use render_support::encoder::{check_lengths, check_png, Rng};
use tawlbot::render::{encode_png, IndexedImage};

/// Every real board (every variant start, the middle game, and boards with
/// every mark: last move, crosses, dots on every empty square) in every
/// themes, decoded by the png crate and inflated by miniz_oxide.
#[test]
fn render_encoder_real_boards_decode_byte_exact() {
    let r = Renderer::new();
    let mut boards = every_start();
    boards.push(("midgame".into(), midgame()));
    for (name, v) in every_start() {
        let mut m = v.clone();
        let (w, h) = (v.width, v.height);
        m.last_move = Some(((0, 1), (w - 1, h - 2)));
        m.captured = vec![(1, 1), (w - 2, h - 2), (w / 2, 0)];
        for rank in 0..h {
            for file in 0..w {
                if v.piece(file, rank).is_none() {
                    m.dots.push((file, rank));
                }
            }
        }
        boards.push((format!("{name}-marks"), m));
    }
    for theme in Theme::names().iter().map(|n| Theme::by_name(n).unwrap()) {
        for (name, v) in &boards {
            let img = r.indexed(v, &theme);
            let png = encode_png(&img, &[("tawlbot-position", name.as_str())]).unwrap();
            check_png(&png, &img, &format!("{} {name}", theme.name));
        }
    }
}

/// A board's PNG is made band by band, each band drawn only when no
/// earlier picture had it (render/bands.rs): whatever came before, it
/// decodes to exactly the pixels of the whole picture drawn at once. Every
/// board above, turned and not, with both labels, with captions with and
/// without a piece; each drawn after a different board (most bands cached),
/// then again (all cached), in every theme and the phone layout.
#[test]
fn render_banded_png_is_the_whole_picture_whatever_was_cached() {
    use tawlbot::render::Labels;
    let r = Renderer::new();
    let mut boards: Vec<(String, BoardView)> = every_start();
    boards.push(("midgame".into(), midgame()));
    let mut more = Vec::new();
    for (k, (name, v)) in boards.iter().enumerate() {
        let mut m = v.clone();
        m.turned = true;
        m.labels = Labels::AtHv;
        m.caption = format!("Move {k} \u{b7} p{k} to play");
        m.caption_piece = Some(PieceView::King);
        more.push((format!("{name}-turned"), m));
        let mut c = v.clone();
        c.caption =
            "Ll\u{175}yd to play, a long caption that is cut short with an ellipsis at the end"
                .into();
        c.last_move = Some(((0, 0), (0, v.height - 1)));
        more.push((format!("{name}-caption"), c));
    }
    boards.extend(more);
    for theme in Theme::names().iter().map(|n| Theme::by_name(n).unwrap()) {
        for (name, v) in &boards {
            let (w, h) = (v.width, v.height);
            for layout in [Layout::for_board(w, h), Layout::for_phone(w, h)] {
                let img = r.indexed_with(v, &theme, layout);
                for pass in ["after another board", "again"] {
                    let png = r.png_with_layout(v, &theme, layout, &[]).unwrap();
                    check_png(&png, &img, &format!("{} {name} {pass}", theme.name));
                }
            }
        }
    }
}

/// A random palette image: runs, copies from the row above, copied
/// blocks, and noise.
fn random_image(seed: u32, w: u32, h: u32, colours: u32) -> IndexedImage {
    let mut r = Rng(seed | 1);
    let n = (w * h) as usize;
    let mut px = Vec::with_capacity(n);
    while px.len() < n {
        let i = px.len();
        match r.below(4) {
            0 => px.push(r.below(colours) as u8),
            1 => {
                let c = r.below(colours) as u8;
                for _ in 0..1 + r.below(80) {
                    px.push(c);
                }
            }
            _ if i >= w as usize => {
                for k in 0..1 + r.below(200) as usize {
                    let p = px[i + k - w as usize];
                    px.push(p);
                }
            }
            _ => px.push(r.below(colours) as u8),
        }
    }
    px.truncate(n);
    let palette = (0..colours)
        .map(|_| {
            let v = r.next();
            [v as u8, (v >> 8) as u8, (v >> 16) as u8]
        })
        .collect();
    IndexedImage {
        width: w,
        height: h,
        palette,
        pixels: px,
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
    #[test]
    fn render_encoder_random_palette_images_decode_byte_exact(
        seed in proptest::prelude::any::<u32>(),
        w in 1u32..400,
        h in 1u32..120,
        colours in 1u32..=127,
    ) {
        let img = random_image(seed, w, h, colours);
        let png = encode_png(&img, &[]).unwrap();
        check_png(&png, &img, &format!("seed {seed} {w}x{h} {colours} colours"));
    }
}

/// Fuzz-style: random byte streams (noise, a 4-letter alphabet, runs,
/// copies from up to 40,000 back) of EVERY length from 0 to 70,000, each
/// compressed (one stream kind and one of six row distances per length,
/// in turn) and inflated by miniz_oxide byte-exact, with the Adler-32
/// trailer checked against running sums. The range is split over four
/// tests of about equal work (the cost of a length grows with it) so the
/// harness runs them in parallel.
const FUZZ_MAX: usize = 70_000;

#[test]
fn render_encoder_fuzz_every_length_0_to_34999() {
    check_lengths(0..35_000, FUZZ_MAX);
}

#[test]
fn render_encoder_fuzz_every_length_35000_to_49499() {
    check_lengths(35_000..49_500, FUZZ_MAX);
}

#[test]
fn render_encoder_fuzz_every_length_49500_to_60599() {
    check_lengths(49_500..60_600, FUZZ_MAX);
}

#[test]
fn render_encoder_fuzz_every_length_60600_to_70000() {
    check_lengths(60_600..=FUZZ_MAX, FUZZ_MAX);
}

/// Every stream kind with every row distance at the lengths where DEFLATE
/// has edges (empty, the shortest and longest match, the 32 KiB window,
/// a full stored block of 65,535 and one byte more, 70,000), through the
/// normal encoder and the Huffman-only one, decoded by miniz_oxide and by
/// the tests' own inflate (`render_support::inflate`), which also records
/// what the streams used. Together they must use: stored blocks (with a
/// full 65,535-byte one) and dynamic-Huffman blocks, every length code our
/// LZ77 can make (4..=258; it never makes 3), every distance code, a
/// match of 258 and a distance of exactly 32,768.
#[test]
fn render_encoder_boundaries_use_every_deflate_path() {
    use render_support::encoder::{check_zlib_adler_any_size, fuzz_streams, ROWS};
    use render_support::inflate::{inflate_zlib, Used};
    let streams = fuzz_streams(FUZZ_MAX);
    let lengths = [
        0, 1, 2, 3, 4, 5, 257, 258, 259, 260, 32_767, 32_768, 32_769, 32_770, 65_534, 65_535,
        65_536, 65_537, 70_000,
    ];
    let mut all = Used::default();
    for (kind, (data, adlers)) in streams.iter().enumerate() {
        for row in ROWS {
            for n in lengths {
                for huffman_only in [false, true] {
                    let d = &data[..n];
                    let z = if huffman_only {
                        tawlbot::render::zlib_huffman_only(d, row)
                    } else {
                        tawlbot::render::zlib(d, row)
                    };
                    let what = format!("kind {kind}, length {n}, row {row}, {huffman_only}");
                    check_zlib_adler_any_size(&z, d, adlers[n], &what);
                    let (back, used) = inflate_zlib(&z).unwrap_or_else(|e| panic!("{what}: {e}"));
                    assert!(back == d, "{what}: own inflate differs");
                    if huffman_only {
                        assert_eq!(used.blocks, [0, 0, 1], "{what}");
                    }
                    all.merge(&used);
                }
            }
        }
    }
    println!("{all:?}");
    assert!(all.blocks[0] > 0, "no stored block");
    assert!(all.full_stored > 0, "no full 65,535-byte stored block");
    assert!(all.blocks[2] > 0, "no dynamic block");
    assert_eq!(
        all.blocks[1], 0,
        "the encoder writes no fixed-Huffman blocks"
    );
    let missing_len: Vec<usize> = (1..29)
        .filter(|&k| !all.len_codes[k])
        .map(|k| 257 + k)
        .collect();
    assert!(
        missing_len.is_empty(),
        "length codes never used: {missing_len:?}"
    );
    assert!(!all.len_codes[0], "length 3 (MIN_MATCH is 4)");
    let missing_dist: Vec<usize> = (0..30).filter(|&k| !all.dist_codes[k]).collect();
    assert!(
        missing_dist.is_empty(),
        "distance codes never used: {missing_dist:?}"
    );
    assert_eq!(all.max_len, 258);
    assert_eq!(all.max_dist, 32_768);
}

/// Writes docs/samples/standings.png (the standings table); also part of
/// `write_samples`.
#[test]
#[ignore]
fn write_standings_sample() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/samples");
    let (title, headers, rows) = standings();
    let png = tawlbot::render::table_png(&title, &headers, &rows);
    println!("standings: {} bytes", png.len());
    std::fs::write(dir.join("standings.png"), png).unwrap();
}

/// The standings table is an 8-bit indexed PNG from our encoder (a small
/// palette: three backgrounds with 8-shade text ramps), decodes
/// byte-exact with the png crate and miniz_oxide, and has text in every
/// row: light text on the dark header, dark text on the light rows.
#[test]
fn render_standings_table_is_small_indexed_and_readable() {
    let (title, headers, rows) = standings();
    let png = tawlbot::render::table_png(&title, &headers, &rows);
    let mut dec = png::Decoder::new(std::io::Cursor::new(&png[..]));
    dec.set_transformations(png::Transformations::IDENTITY);
    let mut r = dec.read_info().unwrap();
    let info = r.info().clone();
    assert_eq!(info.color_type, png::ColorType::Indexed);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let palette: Vec<Rgb> = info
        .palette
        .as_deref()
        .unwrap()
        .chunks_exact(3)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    assert!(palette.len() <= 24, "{} colours", palette.len());
    let mut buf = vec![0; r.output_buffer_size().unwrap()];
    r.next_frame(&mut buf).unwrap();
    let (w, h) = (info.width as usize, info.height as usize);
    let img = tawlbot::render::IndexedImage {
        width: w as u32,
        height: h as u32,
        palette: palette.clone(),
        pixels: buf[..w * h].to_vec(),
    };
    check_png(&png, &img, "standings");
    println!("standings {w}x{h}: {} bytes", png.len());
    assert!(png.len() < 20_000, "{} bytes", png.len());
    // Rows of 36 px below the title (16 + 26 + 16 px): count pixels of
    // text colour in each.
    let lum = |c: Rgb| c.iter().map(|&x| x as u32).sum::<u32>();
    let top = 58;
    for row in 0..=rows.len() {
        let y0 = top + row * 36;
        let (mut dark, mut light) = (0, 0);
        for y in y0..y0 + 36 {
            for x in 0..w {
                let l = lum(palette[img.pixels[y * w + x] as usize]);
                dark += (l < 0x60 * 3) as u32;
                light += (l == 255 * 3) as u32;
            }
        }
        if row == 0 {
            assert!(light > 300, "header row: {light} white pixels");
        } else {
            assert!(dark > 300, "row {row}: {dark} dark pixels");
            assert_eq!(light, 0, "row {row}");
        }
    }
}

/// Every variant in the rules catalogue with every combination of its
/// options, at its start position, drawn exactly as the bot draws it
/// (`app::presentation::picture::picture`: the rules' squares and marks, the caption in
/// English and in Welsh with two player names, the position and a full
/// record header in text chunks), for either side moving first, in every
/// theme: 25 KB or less, at 700 px or more on the long side.
#[test]
fn render_every_catalogue_variant_and_option_is_at_most_25_kb() {
    use std::collections::BTreeMap;
    use tawlbot::app::presentation::picture::{caption_in, picture};
    use tawlbot::i18n::Lang;
    use tawlbot::notation::Record;
    use tawlbot::rules::{Game, Ruleset, Side, VARIANTS};
    let mut specs: BTreeMap<String, Ruleset> = BTreeMap::new();
    for v in VARIANTS {
        let n = v.options.len();
        for mask in 0..1u32 << n {
            let opts: Vec<String> = (0..n)
                .filter(|k| mask & 1 << k != 0)
                .map(|k| v.options[k].to_string())
                .collect();
            let rules = Ruleset::parse_spec(v.id, &opts).unwrap();
            specs.entry(rules.spec()).or_insert(rules);
        }
    }
    // 2 + 2 + 2 + 8 tafl rulesets, 4 sizes x (none, dux, dux-jump).
    assert_eq!(specs.len(), 26, "{:?}", specs.keys());
    let names = ["Siân ap Rhys-Llewelyn", "Bedwyr Gwalchmai"];
    let mut worst: Vec<(usize, String)> = Vec::new();
    let mut over = Vec::new();
    for (spec, rules) in &specs {
        let mut by_theme = Vec::new();
        for theme in Theme::names() {
            let mut max = 0;
            for first in [Side::First, Side::Second] {
                let game = Game::with_first(rules.clone(), 7, Some(first));
                let record = Record {
                    headers: [
                        ("Variant", rules.variant.to_string()),
                        ("Options", rules.options.join(" ")),
                        ("Seed", "7".into()),
                        ("First", rules.side_name(first).into()),
                        ("Attackers", names[0].into()),
                        ("Defenders", names[1].into()),
                        ("Game", "1234".into()),
                        ("Started", "2026-11-30".into()),
                        ("TimeControl", "3d".into()),
                        ("Rated", "yes".into()),
                        ("Result", "*".into()),
                    ]
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), v))
                    .collect(),
                    moves: Vec::new(),
                };
                for lang in [Lang::En, Lang::Cy] {
                    let caption = caption_in(lang, &game, names);
                    let png = picture(&game, &[], caption, &record, theme);
                    let what = format!("{spec} {theme} {first:?} {lang:?}");
                    let dec = png::Decoder::new(std::io::Cursor::new(&png[..]));
                    let info = dec.read_info().unwrap_or_else(|e| panic!("{what}: {e}"));
                    let (w, h) = (info.info().width, info.info().height);
                    assert!(w.max(h) >= 700, "{what}: {w}x{h}");
                    if png.len() > 25_000 {
                        over.push(format!("{what}: {} bytes", png.len()));
                    }
                    max = max.max(png.len());
                }
            }
            by_theme.push(format!("{theme} {max}"));
            worst.push((max, format!("{spec} {theme}")));
        }
        println!("{spec}: {}", by_theme.join(", "));
    }
    worst.sort();
    println!("largest: {:?}", worst.last().unwrap());
    assert!(over.is_empty(), "over 25 KB:\n{}", over.join("\n"));
}
