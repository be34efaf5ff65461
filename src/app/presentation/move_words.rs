//! Why a move cannot be played, and the words around moves (pieces,
//! lists, the example move), as messages of the catalogue: the words of
//! `notation`'s move errors.

use std::fmt;

use crate::i18n::{Arg, Lang, Localiser, Msg};
use crate::notation::{
    format_move, format_square, square_role_key, Explained, ParseError, PlayError,
};
use crate::rules::{Kind, MoveError, Notation, Piece, Ruleset, Square};

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
        n => Msg::new(and_id(&v[n - 1]))
            .str("init", v[..n - 1].join(", "))
            .str("last", v[n - 1].clone())
            .into(),
    }
}

/// `list-and`, or `list-and-vowel` before a word read with a vowel (Welsh
/// "ac e5", "a f4"; English "and" either way).
pub(crate) fn and_id(last: &str) -> &'static str {
    if crate::i18n::welsh_vowel_start(last) {
        "list-and-vowel"
    } else {
        "list-and"
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
                .msg("piece", piece_capital_msg(rules, *piece))
                .str("side", rules.side_key(*to_move)),
            MoveError::NotStraight { from, to } => Msg::new("move-not-straight")
                .str("from", sq(*from))
                .str("to", sq(*to)),
            MoveError::Occupied { at, piece } => Msg::new("move-occupied")
                .str("square", sq(*at))
                .msg("piece", piece_capital_msg(rules, *piece)),
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

/// The English sentence of [`explain_msg`].
impl fmt::Display for Explained<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // For logs and the command line: no isolation marks.
        f.write_str(&crate::i18n::without_isolation(
            &Localiser::global().text(Lang::En, &explain_msg(self.rules, self.error)),
        ))
    }
}
