//! From a game to a picture: the rules' position plus marks, as the
//! renderer's plain [`BoardView`].

use crate::i18n::{Lang, Localiser, Msg};
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

/// The standard caption in English: move number and who is to move.
pub fn caption(game: &Game, names: [&str; 2]) -> String {
    caption_in(Lang::En, game, names)
}

/// The standard caption in `lang`: move number and who is to move.
pub fn caption_in(lang: Lang, game: &Game, names: [&str; 2]) -> String {
    Localiser::global().text(lang, &caption_msg(game, names))
}

/// The standard caption as a message: move number and who is to move, or
/// the result.
pub(crate) fn caption_msg(game: &Game, names: [&str; 2]) -> Msg {
    let rules = game.rules();
    let n = game.record().len();
    match game.to_move() {
        // Numbered by turn, as the status line and OTN number moves.
        Some(s) if names[s.index()].is_empty() => Msg::new("caption-to-move")
            .num("number", crate::notation::turn_number(n))
            .str("side", rules.side_key(s)),
        Some(s) => Msg::new("caption-to-move-named")
            .num("number", crate::notation::turn_number(n))
            .str("player", names[s.index()])
            .str("side", rules.side_key(s)),
        None => Msg::new("caption-over")
            .num("moves", crate::notation::turn_count(n))
            .msg("result", result_msg(game)),
    }
}

/// For a reader playing each side (`[first, second]`), whether the board
/// is drawn turned half round to be seen from their side
/// (`/settings flip:auto`): the side whose pieces start in the upper half
/// sees it turned; where both sides start round the middle (tafl), the
/// second side does.
pub(crate) fn turned_for(rules: &crate::rules::Ruleset) -> [bool; 2] {
    // Twice each piece's height above the middle row, summed per side.
    let mut above = [0i64; 2];
    for (sq, p) in rules.start.pieces() {
        above[p.side.index()] += 2 * sq.rank() as i64 - (rules.height as i64 - 1);
    }
    match (above[0] > 0, above[1] > 0) {
        (a, b) if a != b => [a, b],
        _ => [false, true],
    }
}

/// The text chunks of a game's PNG: its position and its record.
pub(crate) fn picture_chunks(game: &Game, record: &Record) -> Vec<(&'static str, String)> {
    let rules = game.rules();
    let pos = format!(
        "{} {}",
        position_text(rules, game.board()),
        rules.side_name(game.turn())
    );
    vec![
        ("tawlbot-position", pos),
        ("tawlbot-record", write_record(record)),
    ]
}

/// Draws `view` in `theme` (a theme name; light when unknown) with its
/// text `chunks`, as a PNG.
pub(crate) fn draw(view: &BoardView, theme: &str, chunks: &[(&'static str, String)]) -> Vec<u8> {
    let theme = Theme::by_name(theme).unwrap_or_else(Theme::light);
    let chunks: Vec<(&str, &str)> = chunks.iter().map(|(k, v)| (*k, v.as_str())).collect();
    Renderer::global()
        .png(view, &theme, &chunks)
        .unwrap_or_default()
}

/// The result of a game that is over, short, for a caption: "Defenders
/// win: king escaped".
pub(crate) fn result_msg(game: &Game) -> Msg {
    let Some(o) = game.outcome() else {
        return Msg::new("caption-result-none");
    };
    let reason = Msg::new("caption-reason").str(
        "reason",
        crate::app::presentation::alt_text::reason_key(o.reason),
    );
    match o.winner {
        Some(w) => Msg::new("caption-won")
            .str("side", game.rules().side_key(w))
            .msg("reason", reason),
        None => Msg::new("caption-drawn").msg("reason", reason),
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
    draw(&view, theme, &picture_chunks(game, record))
}

/// [`picture`] drawn for a phone's screen ([`crate::render::Layout::for_phone`]:
/// smaller, with coordinates that stay legible when shown ~370 px wide).
pub fn picture_for_phone(game: &Game, caption: String, record: &Record, theme: &str) -> Vec<u8> {
    let view = board_view(game, &[], caption);
    let (w, h) = (view.width.clamp(1, 26), view.height.clamp(1, 26));
    let theme = Theme::by_name(theme).unwrap_or_else(Theme::light);
    let chunks = picture_chunks(game, record);
    let chunks: Vec<(&str, &str)> = chunks.iter().map(|(k, v)| (*k, v.as_str())).collect();
    Renderer::global()
        .png_with_layout(
            &view,
            &theme,
            crate::render::Layout::for_phone(w, h),
            &chunks,
        )
        .unwrap_or_default()
}

/// An animated GIF of the whole game, one frame per move.
pub fn replay_gif(start: &Game, theme: &str) -> Vec<u8> {
    replay_gif_in(Lang::En, start, theme)
}

/// [`replay_gif`] with its caption in `lang`.
pub fn replay_gif_in(lang: Lang, start: &Game, theme: &str) -> Vec<u8> {
    let positions = replay_positions(start);
    let captions = gif_captions(lang, start);
    let frames: Vec<BoardView> = positions
        .iter()
        .zip(captions)
        .map(|(g, caption)| {
            let mut v = board_view(g, &[], caption);
            v.caption_piece = None;
            v
        })
        .collect();
    let theme = Theme::by_name(theme).unwrap_or_else(Theme::light);
    Renderer::global()
        .gif(&frames, &theme, 80)
        .unwrap_or_default()
}

/// The positions of `start`'s game, one per frame: the start, then after
/// each move; the last is the game itself, so a resignation, a draw or a
/// loss on time (no move) shows on it.
fn replay_positions(start: &Game) -> Vec<Game> {
    let rules = start.rules().clone();
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
    let total = start.record().len();
    let mut out = vec![g.clone()];
    for (i, p) in start.record().iter().enumerate() {
        if g.play(p.mv).is_err() {
            break;
        }
        out.push(if i + 1 == total {
            start.clone()
        } else {
            g.clone()
        });
    }
    out
}

/// The caption of every frame of the animated record, in `lang`: the
/// start, then each position as the picture of that position numbers it
/// ([`caption_msg`]: the move in play, by turn, and the side to move), and
/// the result with the moves counted by turn on the last frame.
pub fn gif_captions(lang: Lang, start: &Game) -> Vec<String> {
    let rules = start.rules();
    let name = rules.name;
    let l10n = Localiser::global();
    replay_positions(start)
        .iter()
        .enumerate()
        .map(|(n, g)| {
            let m = match (n, g.to_move()) {
                (0, _) => Msg::new("caption-rules-start").str("game", name),
                (_, Some(s)) => Msg::new("caption-gif")
                    .str("game", name)
                    .num("number", crate::notation::turn_number(n))
                    .str("side", rules.side_key(s)),
                (_, None) => Msg::new("caption-gif-end")
                    .str("game", name)
                    .num("moves", crate::notation::turn_count(n))
                    .msg("result", result_msg(g)),
            };
            l10n.text(lang, &m)
        })
        .collect()
}
