//! The words of `notation`'s data: why a position cannot be read or played,
//! and the legend of a text board, as messages of `locales/*/notation.ftl`.
//!
//! `notation` knows no language: its errors and legend lines are data. This
//! is the one place they become messages; their `Display` (for the command
//! lines and tests) is the English of the same catalogue.

use std::fmt;

use crate::app::presentation::move_words::list_and;
use crate::i18n::{Arg, Lang, Localiser, Msg};
use crate::notation::diagram::{Diagram, LegendLine};
use crate::notation::otn::{
    GameRecordError, LoadError, MoveRecordError, Problem, ReadGameError, ReadPositionError,
    RulesError,
};
use crate::notation::{Letters, PositionError, RecordError};
use crate::rules::Family;

fn letters_key(l: Letters) -> &'static str {
    match l {
        Letters::Tafl => "tafl",
        Letters::Latrunculi => "latrunculi",
        Letters::LatrunculiDux => "dux",
        Letters::Otn => "otn",
    }
}

/// Why a position text cannot be read.
pub fn position_error_msg(e: &PositionError) -> Msg {
    match e {
        PositionError::TooLong => Msg::new("position-too-long"),
        PositionError::NotOtn => Msg::new("position-not-otn"),
        PositionError::RankCount { game, ranks, found } => Msg::new("position-rank-count")
            .str("game", *game)
            .num("ranks", *ranks as i64)
            .num("found", *found as i64),
        PositionError::ZeroRun { rank } => Msg::new("position-zero-run").num("rank", *rank as i64),
        PositionError::UnknownPiece {
            rank,
            found,
            game,
            letters,
        } => Msg::new("position-unknown-piece")
            .num("rank", *rank as i64)
            .str("found", found.escape_default().to_string())
            .str("game", *game)
            .str("letters", letters_key(*letters)),
        PositionError::RankWidth {
            rank,
            found,
            game,
            width,
        } => Msg::new("position-rank-width")
            .num("rank", *rank as i64)
            .num("found", *found as i64)
            .str("game", *game)
            .num("width", *width as i64),
    }
}

/// A problem that keeps a position from being played.
pub fn problem_msg(p: &Problem) -> Msg {
    match p {
        Problem::Size {
            game,
            width,
            height,
            found_width,
            found_height,
        } => Msg::new("position-size")
            .str("game", *game)
            .num("width", *width as i64)
            .num("height", *height as i64)
            .num("found-width", *found_width as i64)
            .num("found-height", *found_height as i64),
        Problem::NoKing { game } => Msg::new("position-no-king").str("game", *game),
        Problem::Kings { game, squares } => Msg::new("position-kings")
            .str("game", *game)
            .num("count", squares.len() as i64)
            .arg("squares", list_and(squares)),
        Problem::AttackerKing { squares } => {
            Msg::new("position-attacker-king").arg("squares", list_and(squares))
        }
        Problem::TaflDux { game, squares } => Msg::new("position-tafl-dux")
            .str("game", *game)
            .arg("squares", list_and(squares)),
        Problem::LatrunculiKing { game, squares } => Msg::new("position-latrunculi-king")
            .str("game", *game)
            .arg("squares", list_and(squares)),
        Problem::DuxWithoutOption { squares } => {
            Msg::new("position-dux-without-option").arg("squares", list_and(squares))
        }
        Problem::Duxes { side, squares } => Msg::new("position-duxes")
            .str("side", *side)
            .num("count", squares.len() as i64)
            .arg("squares", list_and(squares)),
        Problem::Restricted {
            piece,
            square,
            role,
        } => Msg::new("position-restricted")
            .msg("piece", Msg::new("piece-name").str("piece", *piece))
            .str("square", square.as_str())
            .str("role", *role),
    }
}

/// Every sentence of a position that cannot be played, in order.
pub fn read_position_msgs(e: &ReadPositionError) -> Vec<Msg> {
    match e {
        ReadPositionError::Unreadable(e) => vec![position_error_msg(e)],
        ReadPositionError::Problems(ps) => ps.iter().map(problem_msg).collect(),
    }
}

/// Why a tawlbot record cannot be read.
pub fn record_error_msg(e: &RecordError) -> Msg {
    let (id, line) = match *e {
        RecordError::HeaderEnd { line } => ("record-header-end", line),
        RecordError::HeaderShape { line } => ("record-header-shape", line),
        RecordError::HeaderQuotes { line } => ("record-header-quotes", line),
    };
    Msg::new(id).num("line", line as i64)
}

/// Why an OTN move record cannot be read.
pub fn move_record_error_msg(e: &MoveRecordError) -> Msg {
    match e {
        MoveRecordError::Jump(t) => Msg::new("otn-move-jump").str("move", t.as_str()),
        MoveRecordError::NotAMove(t) => Msg::new("otn-move-unreadable").str("move", t.as_str()),
    }
}

/// Why an OTN game record cannot be read.
pub fn game_record_error_msg(e: &GameRecordError) -> Msg {
    match e {
        GameRecordError::NotAMove { line, start } => Msg::new("otn-record-not-a-move")
            .num("line", *line as i64)
            .str("start", start.as_str()),
    }
}

/// Why an OTN rules string is no tawlbot game.
pub fn rules_error_msg(e: &RulesError) -> Msg {
    match e {
        RulesError::NotKeyValue(t) => Msg::new("otn-rules-not-key-value").str("entry", t.as_str()),
        RulesError::NoSize => Msg::new("otn-rules-no-size"),
        RulesError::NoGame { dim } => Msg::new("otn-rules-no-game").str("dim", dim.as_str()),
        RulesError::Unsupported {
            key,
            theirs,
            nearest,
            ours,
        } => {
            let rule = |v: &Option<String>| -> Arg {
                match v {
                    Some(v) => Arg::Str(format!("{key}:{v}")),
                    None => Msg::new("otn-rule-absent").str("key", key.as_str()).into(),
                }
            };
            Msg::new("otn-rules-unsupported")
                .arg("theirs", rule(theirs))
                .msg(
                    "meaning",
                    Msg::new("otn-rule-meaning").str("key", key.as_str()),
                )
                .str("game", *nearest)
                .arg("ours", rule(ours))
        }
    }
}

/// Why a read OTN record is no game to replay; `Err`: the rules' own
/// sentence (a variant with options it lacks, a start that cannot be played).
pub fn load_error_msgs(e: &LoadError) -> Result<Vec<Msg>, &str> {
    Ok(match e {
        LoadError::Variant(s) | LoadError::Start(s) => return Err(s.as_str()),
        LoadError::Seed(s) => vec![Msg::new("otn-load-seed").str("seed", s.as_str())],
        LoadError::NoRules => vec![Msg::new("otn-load-no-rules")],
        LoadError::Rules(e) => vec![rules_error_msg(e)],
        LoadError::Position(e) => vec![position_error_msg(e)],
        LoadError::Problems(ps) => ps.iter().map(problem_msg).collect(),
        LoadError::AfterResign(t) => {
            vec![Msg::new("otn-load-after-resign").str("move", t.as_str())]
        }
        LoadError::Move(e) => vec![move_record_error_msg(e)],
    })
}

/// One line of a text board's legend.
pub fn legend_msg(l: &LegendLine) -> Msg {
    match l {
        LegendLine::Pieces {
            family,
            dux,
            king_only,
            men,
        } => Msg::new("diagram-pieces")
            .str("men", *men)
            .str(
                "family",
                match (family, dux) {
                    (Family::Tafl, _) => "tafl",
                    (Family::Latrunculi, true) => "dux",
                    (Family::Latrunculi, false) => "latrunculi",
                },
            )
            .str("king-only", if *king_only { "yes" } else { "no" }),
        LegendLine::LastMove => Msg::new("diagram-last-move"),
        LegendLine::Targets => Msg::new("diagram-targets"),
        LegendLine::AtHv { width, height } => Msg::new("diagram-at-hv")
            .num("width", *width as i64)
            .num("height", *height as i64),
    }
}

/// A text board with its legend in `lang`: a whole code block.
pub fn diagram_text(d: &Diagram, lang: Lang) -> String {
    diagram_text_with(d, lang, &[])
}

/// [`diagram_text`] with `heading` lines under the board (whose turn, the
/// clocks), in `lang`.
pub fn diagram_text_with(d: &Diagram, lang: Lang, heading: &[Msg]) -> String {
    let l10n = Localiser::global();
    let heading: Vec<String> = heading.iter().map(|m| l10n.text(lang, m)).collect();
    d.render_with(&heading, |l| l10n.text(lang, &legend_msg(l)))
}

fn english(f: &mut fmt::Formatter<'_>, msgs: &[Msg]) -> fmt::Result {
    let l10n = Localiser::global();
    // For logs and the command line: no isolation marks.
    let words: Vec<String> = msgs
        .iter()
        .map(|m| crate::i18n::without_isolation(&l10n.text(Lang::En, m)))
        .collect();
    f.write_str(&words.join(" "))
}

macro_rules! english_display {
    ($($t:ty => $msg:path),* $(,)?) => {$(
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                english(f, &[$msg(self)])
            }
        }
    )*};
}

english_display!(
    PositionError => position_error_msg,
    Problem => problem_msg,
    RecordError => record_error_msg,
    MoveRecordError => move_record_error_msg,
    GameRecordError => game_record_error_msg,
    RulesError => rules_error_msg,
);

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match load_error_msgs(self) {
            Ok(msgs) => english(f, &msgs),
            Err(sentence) => f.write_str(sentence),
        }
    }
}

impl fmt::Display for ReadGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadGameError::Record(e) => e.fmt(f),
            ReadGameError::Load(e) => e.fmt(f),
            ReadGameError::Move {
                number,
                text,
                rules,
                error,
            } => english(
                f,
                &[Msg::new("otn-game-move")
                    .num("number", *number as i64)
                    .str("move", text.as_str())
                    .msg(
                        "why",
                        crate::app::presentation::move_words::explain_msg(rules, error),
                    )],
            ),
        }
    }
}

/// Every sentence, joined by spaces.
impl fmt::Display for ReadPositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        english(f, &read_position_msgs(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::diagram::diagram_of;
    use crate::notation::otn::read_position;
    use crate::rules::{Game, Ruleset};

    fn rules(id: &str, opts: &[&str]) -> Ruleset {
        let o: Vec<String> = opts.iter().map(|s| s.to_string()).collect();
        Ruleset::from_spec(id, &o).unwrap()
    }

    #[test]
    fn english_display_keeps_the_old_sentences() {
        let t9 = rules("tallfwrdd", &[]);
        let e = crate::notation::otn::parse_position(&t9, "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
        assert_eq!(
            e.unwrap_err().to_string(),
            "A Tallfwrdd board has 9 ranks, but that position has 7."
        );
        let e = crate::notation::parse_position(&t9, "9/9/9/9/9/9/9/9/3z5").unwrap_err();
        assert_eq!(
            e.to_string(),
            "Rank 1 has 'z', which is no piece of Tallfwrdd: use '.' or a number for empty squares and a (attacker), d (defender), K (king)."
        );
        let e = read_position(&t9, "a8/9/9/9/9/9/9/9/9").unwrap_err();
        assert_eq!(
            e.to_string(),
            "There is no king: a Tallfwrdd position needs exactly one (K). \
             There is an attacker on a9, which is a corner: only the king may stand there."
        );
    }

    #[test]
    fn record_errors_keep_their_sentences_in_both_languages() {
        use crate::notation::otn::{parse_game, read_move};
        let e = crate::notation::parse_record("[Variant x]").unwrap_err();
        assert_eq!(e, RecordError::HeaderQuotes { line: 1 });
        assert_eq!(e.to_string(), "Line 1: the header value must be in quotes.");
        let e = read_move("ce6^e8").unwrap_err();
        assert_eq!(
            e.to_string(),
            "ce6^e8 is a jump or a berserk move, which no tawlbot game has."
        );
        let long = format!("[rules:dim:9]\n\n1. {}", "é".repeat(41));
        let e = parse_game(&long).unwrap_err();
        assert_eq!(
            e,
            GameRecordError::NotAMove {
                line: 3,
                start: "é".repeat(20)
            }
        );
        let l10n = Localiser::global();
        let cy = crate::i18n::without_isolation(&l10n.text(Lang::Cy, &game_record_error_msg(&e)));
        assert!(cy.starts_with("Llinell 3:"), "{cy}");
    }

    #[test]
    fn welsh_position_problems_are_welsh() {
        let g = rules("gwyddbwyll", &["dux"]);
        let e = read_position(&g, "/cCcK9/13/13/13/13/13/13/13/").unwrap_err();
        let l10n = Localiser::global();
        let cy: Vec<String> = read_position_msgs(&e)
            .iter()
            .map(|m| crate::i18n::without_isolation(&l10n.text(Lang::Cy, m)))
            .collect();
        assert_eq!(cy.len(), 2, "{cy:?}");
        assert!(
            cy[0].starts_with("Does dim brenin yn y gêm Gwyddbwyll"),
            "{cy:?}"
        );
        assert!(
            cy[1].starts_with("Mae gan yr ochr wen 2 ddux (a1 a c1)"),
            "{cy:?}"
        );
    }

    #[test]
    fn the_legend_is_in_the_readers_language() {
        let g = Game::new(rules("goedhboell", &[]), 1);
        let en = crate::i18n::without_isolation(&diagram_text(&diagram_of(&g), Lang::En));
        // Goedhboell's own sides, in signs that are no column.
        assert!(
            en.contains("X assailant, O prince, K king, '.' empty, # only the king stops here"),
            "{en}"
        );
        assert!(en.contains("@hv: columns 1-9 across, rows 1-9 up"), "{en}");
        let cy = crate::i18n::without_isolation(&diagram_text(&diagram_of(&g), Lang::Cy));
        assert!(cy.contains("X ymosodwr, O tywysog, K brenin, '.' gwag, # dim ond y brenin"));
        assert!(
            cy.contains("@hv: colofnau 1-9 ar draws, rhesi 1-9 i fyny"),
            "{cy}"
        );
        for word in ["attacker", "king", "empty", "column", "row", "last move"] {
            assert!(!cy.contains(word), "{word} in {cy}");
        }
    }
}
