//! Why a move cannot be played, as data with its English sentence
//! ([`explain`]); the app words it in the reader's language
//! (`app::presentation::move_words::explain_msg`). Also the roles of special squares.

use super::{PlayError, Ruleset, SquareFlags};

/// The English of a square's role key ([`square_role_key`]).
pub(crate) fn role_words(key: &str) -> &'static str {
    match key {
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
        rules.words.centre
    } else if f.has(SquareFlags::CORNER) {
        "corner"
    } else if f.has(SquareFlags::GUARD) {
        "guard"
    } else {
        "restricted"
    }
}

pub(crate) fn cap(s: String) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => s,
    }
}

/// A refused move with the game it was refused in. Its `Display` is the
/// sentence a player is shown, in English; the words come from the
/// catalogue through the app (`app::presentation::move_words`), so `notation` itself
/// holds none.
#[derive(Clone, Copy, Debug)]
pub struct Explained<'a> {
    pub rules: &'a Ruleset,
    pub error: &'a PlayError,
}

/// The sentence a player is shown when a move cannot be played, in English
/// (the command lines print it). The app uses `app::presentation::move_words::explain_msg`.
pub fn explain(rules: &Ruleset, e: &PlayError) -> String {
    Explained { rules, error: e }.to_string()
}
