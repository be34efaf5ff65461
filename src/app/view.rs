//! From a game to a picture: the rules' position plus marks, as the
//! renderer's plain [`BoardView`].

use crate::notation::{position_text, write_record, Record};
use crate::render::{BoardView, Labels, PieceView, Renderer, SquareKind, Theme};
use crate::rules::{Escape, Family, Game, Kind, Notation, Side, Square, SquareFlags};

fn piece_view(family: Family, side: Side, kind: Kind) -> PieceView {
    match (family, side, kind) {
        (_, _, Kind::King) => PieceView::King,
        (Family::Tafl, Side::First, _) => PieceView::Attacker,
        (Family::Tafl, Side::Second, _) => PieceView::Defender,
        (Family::Latrunculi, Side::First, Kind::Dux) => PieceView::WhiteDux,
        (Family::Latrunculi, Side::First, _) => PieceView::WhiteMan,
        (Family::Latrunculi, Side::Second, Kind::Dux) => PieceView::BlackDux,
        (Family::Latrunculi, Side::Second, _) => PieceView::BlackMan,
    }
}

fn fr(s: Square) -> (u8, u8) {
    (s.file(), s.rank())
}

/// The board of `game` with its last move marked, dots on `dots`, and a caption.
pub fn board_view(game: &Game, dots: &[Square], caption: String) -> BoardView {
    let rules = game.rules();
    let mut v = BoardView::empty(rules.width, rules.height);
    for sq in game.board().squares() {
        let (f, r) = fr(sq);
        let i = v.index(f, r);
        v.cells[i] = game
            .board()
            .get(sq)
            .map(|p| piece_view(rules.family, p.side, p.kind));
        let fl = rules.flags(sq);
        v.squares[i] = if fl.has(SquareFlags::THRONE) {
            SquareKind::Throne
        } else if fl.has(SquareFlags::CORNER) {
            SquareKind::Corner
        } else if fl.has(SquareFlags::RESTRICTED) {
            SquareKind::Restricted
        } else {
            SquareKind::Plain
        };
        v.hostile[i] = fl.has(SquareFlags::HOSTILE_EMPTY) || fl.has(SquareFlags::HOSTILE_ALWAYS);
    }
    v.escape_edges = rules.escape == Escape::Edge;
    v.escape_corners = rules.escape == Escape::Corners;
    v.labels = match rules.notation {
        Notation::AtHv => Labels::AtHv,
        Notation::Algebraic => Labels::Algebraic,
    };
    if let Some(last) = game.last() {
        v.last_move = Some((fr(last.mv.from), fr(last.mv.to)));
        v.captured = last.captures.iter().map(|&s| fr(s)).collect();
    }
    v.dots = dots.iter().map(|&s| fr(s)).collect();
    v.caption = caption;
    v.caption_piece = game.to_move().map(|s| {
        let kind = if rules.family == Family::Tafl && s == Side::Second {
            Kind::King
        } else {
            Kind::Man
        };
        piece_view(rules.family, s, kind)
    });
    v
}

/// The standard caption: move number and who is to move.
pub fn caption(game: &Game, names: [&str; 2]) -> String {
    let rules = game.rules();
    let n = game.record().len();
    match game.to_move() {
        Some(s) if names[s.index()].is_empty() => {
            format!("Move {} · {} to move", n + 1, rules.side_name(s))
        }
        Some(s) => format!(
            "Move {} · {} to move ({})",
            n + 1,
            names[s.index()],
            rules.side_name(s)
        ),
        None => format!("{} moves · game over", n),
    }
}

/// A PNG of the game, with the position and record in text chunks.
pub fn picture(
    game: &Game,
    dots: &[Square],
    caption: String,
    record: &Record,
    theme: &str,
) -> Vec<u8> {
    let view = board_view(game, dots, caption);
    let theme = Theme::by_name(theme).unwrap_or_else(Theme::light);
    let rules = game.rules();
    let pos = format!(
        "{} {}",
        position_text(rules, game.board()),
        rules.side_name(game.turn())
    );
    let rec = write_record(record);
    Renderer::global()
        .png(
            &view,
            &theme,
            &[("tawlbot-position", &pos), ("tawlbot-record", &rec)],
        )
        .unwrap_or_default()
}

/// An animated GIF of the whole game, one frame per move.
pub fn replay_gif(start: &Game, theme: &str) -> Vec<u8> {
    let rules = start.rules().clone();
    let title = format!("{} · {} moves", rules.name, start.record().len());
    let mut g = match start.start() != &rules.start {
        true => Game::from_position(
            rules.clone(),
            start.start().clone(),
            start.first(),
            start.seed(),
        ),
        false => Err(String::new()),
    }
    .unwrap_or_else(|_| Game::with_first(rules, start.seed(), Some(start.first())));
    // One caption for the whole animation: a caption that changed every
    // frame would cost more bytes than the moves themselves.
    let frame = |g: &Game| {
        let mut v = board_view(g, &[], title.clone());
        v.caption_piece = None;
        v
    };
    let mut frames = vec![frame(&g)];
    for p in start.record() {
        if g.play(p.mv).is_err() {
            break;
        }
        frames.push(frame(&g));
    }
    let theme = Theme::by_name(theme).unwrap_or_else(Theme::light);
    Renderer::global()
        .gif(&frames, &theme, 80)
        .unwrap_or_default()
}
