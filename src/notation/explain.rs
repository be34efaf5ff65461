//! Why a move cannot be played, and the words around moves (pieces,
//! lists, the example move), as messages of the catalogue.

use super::*;

/// "the attackers'" / "white's": whose turn it is, in words.
pub fn turn_of(rules: &Ruleset, side: Side) -> String {
    let n = rules.side_name(side);
    if n.ends_with('s') {
        format!("the {n}'")
    } else {
        format!("{n}'s")
    }
}

pub(crate) fn square_role(rules: &Ruleset, f: SquareFlags) -> &'static str {
    match square_role_key(rules, f) {
        "centre" => "the centre",
        "throne" => "the throne",
        "corner" => "a corner",
        "guard" => "next to a corner",
        _ => "a restricted square",
    }
}

/// The `$role` key of `move-restricted` / `move-no-pass`.
pub(crate) fn square_role_key(rules: &Ruleset, f: SquareFlags) -> &'static str {
    if f.has(SquareFlags::THRONE) {
        if rules.variant == "goedhboell" {
            "centre"
        } else {
            "throne"
        }
    } else if f.has(SquareFlags::CORNER) {
        "corner"
    } else if f.has(SquareFlags::GUARD) {
        "guard"
    } else {
        "restricted"
    }
}

/// The example move of `rules`' notation, as a message.
pub fn example_msg(rules: &Ruleset) -> Msg {
    Msg::new("move-example").str(
        "notation",
        match rules.notation {
            Notation::AtHv => "hv",
            Notation::Algebraic => "algebraic",
        },
    )
}

/// "e5, d4 and f6" as a message argument (one square is itself).
pub fn and_list_arg(rules: &Ruleset, sqs: &[Square]) -> Arg {
    let v: Vec<String> = sqs.iter().map(|&s| format_square(rules, s)).collect();
    list_and(&v)
}

/// Items joined as "a, b and c", in the reader's language: a message
/// argument (one item is itself).
pub fn list_and(v: &[String]) -> Arg {
    match v.len() {
        0 => Arg::Str(String::new()),
        1 => Arg::Str(v[0].clone()),
        n => Msg::new("list-and")
            .str("init", v[..n - 1].join(", "))
            .str("last", v[n - 1].clone())
            .into(),
    }
}

pub(crate) fn cap(s: String) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => s,
    }
}

/// A piece's name ("the king", "an attacker") as a message.
pub fn piece_msg(rules: &Ruleset, p: Piece) -> Msg {
    Msg::new("piece-name").str("piece", rules.piece_key(p))
}

/// A piece's name starting a sentence ("The king").
pub fn piece_capital_msg(rules: &Ruleset, p: Piece) -> Msg {
    Msg::new("piece-name-capital").str("piece", rules.piece_key(p))
}

/// The sentence a player is shown when a move cannot be played, in English
/// (the command lines print it). The app uses [`explain_msg`].
pub fn explain(rules: &Ruleset, e: &PlayError) -> String {
    Localiser::global().text(Lang::En, &explain_msg(rules, e))
}

/// Why a move cannot be played, as a message of the catalogue.
pub fn explain_msg(rules: &Ruleset, e: &PlayError) -> Msg {
    let sq = |s: Square| format_square(rules, s);
    match e {
        PlayError::Parse(ParseError::Empty) => {
            Msg::new("move-empty").msg("example", example_msg(rules))
        }
        PlayError::Parse(ParseError::TooLong) => Msg::new("move-too-long"),
        PlayError::Parse(ParseError::HvNeedsComma(t)) => {
            Msg::new("move-hv-needs-comma").str("text", t.as_str())
        }
        PlayError::Parse(ParseError::Unreadable(t)) => {
            let t: String = t.chars().take(24).collect();
            Msg::new("move-unreadable")
                .str("text", t)
                .msg("example", example_msg(rules))
        }
        PlayError::OffBoard(t) => {
            let last_file = (b'a' + rules.width - 1) as char;
            Msg::new("move-text-off-board")
                .str("text", t.to_string())
                .str("game", rules.name)
                .num("width", rules.width as u32)
                .num("height", rules.height as u32)
                .str("last-file", last_file.to_string())
        }
        PlayError::CaptureMismatch {
            mv,
            claimed,
            actual,
        } => {
            let m = format_move(rules, mv);
            if actual.is_empty() {
                Msg::new("move-captures-nothing")
                    .str("move", m)
                    .arg("claimed", and_list_arg(rules, claimed))
            } else {
                Msg::new("move-captures-other")
                    .str("move", m)
                    .arg("actual", and_list_arg(rules, actual))
                    .arg("claimed", and_list_arg(rules, claimed))
            }
        }
        PlayError::Move(m) => match m {
            MoveError::GameOver => Msg::new("move-game-over"),
            MoveError::OffBoard(s) => Msg::new("move-off-board").str("square", sq(*s)),
            MoveError::SameSquare(s) => Msg::new("move-same-square").str("square", sq(*s)),
            MoveError::NoPiece(s) => Msg::new("move-no-piece").str("square", sq(*s)),
            MoveError::NotYourPiece { at, piece, to_move } => Msg::new("move-not-your-piece")
                .str("square", sq(*at))
                .msg("piece", piece_msg(rules, *piece))
                .str("side", rules.side_name(*to_move)),
            MoveError::NotStraight { from, to } => Msg::new("move-not-straight")
                .str("from", sq(*from))
                .str("to", sq(*to)),
            MoveError::Occupied { at, piece } => Msg::new("move-occupied")
                .str("square", sq(*at))
                .msg("piece", piece_msg(rules, *piece)),
            MoveError::Blocked { by, piece } => Msg::new(if rules.dux_jump {
                "move-blocked-dux-jump"
            } else {
                "move-blocked"
            })
            .msg("piece", piece_capital_msg(rules, *piece))
            .str("square", sq(*by)),
            MoveError::OneStep { piece } => {
                if piece.kind == Kind::King && !rules.man_steps {
                    Msg::new("move-king-steps")
                } else {
                    Msg::new("move-one-step").str("game", rules.name)
                }
            }
            MoveError::Restricted { at, flags } => Msg::new("move-restricted")
                .str("square", sq(*at))
                .str("role", square_role_key(rules, *flags)),
            MoveError::NoPass { at, flags } => Msg::new("move-no-pass")
                .str("square", sq(*at))
                .str("role", square_role_key(rules, *flags)),
            MoveError::Repetition => Msg::new("move-repetition"),
        },
    }
}
