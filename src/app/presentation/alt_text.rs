//! Alt text on every picture: the words of
//! [`describe`](crate::notation::describe) as catalogue messages, in the
//! reader's language.

use crate::app::{format_square, Game, Msg, Ruleset, Side};
use crate::i18n::{Lang, Localiser};
use crate::notation::describe::{facts, Fact, Group, Scene, MAX_ALT};
use crate::rules::Square;

/// The alt text of a scene: the squares of every piece, and a shorter
/// version with counts for when the squares do not fit.
pub(crate) fn alt_of(scene: &Scene) -> Vec<Vec<Msg>> {
    vec![
        facts(scene, true)
            .iter()
            .map(|f| fact_msg(scene.rules, f))
            .collect(),
        facts(scene, false)
            .iter()
            .map(|f| fact_msg(scene.rules, f))
            .collect(),
    ]
}

/// The alt text of a game as it stands.
pub(crate) fn alt_of_game(game: &Game) -> Vec<Vec<Msg>> {
    alt_of(&Scene::of(game))
}

/// Alt text of one sentence (a picture that shows no position).
pub(crate) fn alt_one(msg: Msg) -> Vec<Vec<Msg>> {
    vec![vec![msg]]
}

/// Alt text from its `versions`, in `lang`: the first that fits in
/// [`MAX_ALT`] characters, else the last, cut (empty for none: a file that
/// is no picture).
pub(crate) fn alt_text(versions: &[Vec<Msg>], lang: Lang) -> String {
    let l10n = Localiser::global();
    let mut chosen = String::new();
    for v in versions {
        chosen = v
            .iter()
            .map(|m| l10n.text(lang, m))
            .collect::<Vec<_>>()
            .join(" ");
        if chosen.chars().count() <= MAX_ALT {
            break;
        }
    }
    if chosen.chars().count() > MAX_ALT {
        chosen = chosen.chars().take(MAX_ALT - 1).collect::<String>() + "…";
    }
    chosen
}

/// Alt text of the animated record: what it shows, then its last position.
pub(crate) fn alt_of_gif(game: &Game) -> Vec<Vec<Msg>> {
    let head = Msg::new("alt-gif").str("game", game.rules().name).num(
        "moves",
        crate::notation::turn_count(game.record().len()) as i64,
    );
    alt_of_game(game)
        .into_iter()
        .map(|v| std::iter::once(head.clone()).chain(v).collect())
        .collect()
}

/// Alt text of a standings picture: each row's place, player and points
/// (`rows` as the text table has them: place, name, points first; `points`
/// the same points as numbers, row by row, for the plural: "1 point",
/// "3 phwynt").
pub(crate) fn alt_of_standings(name: &str, rows: &[[String; 6]], points: &[f64]) -> Vec<Vec<Msg>> {
    let mut v = vec![Msg::new("alt-standings").str("name", name)];
    for (r, &p) in rows.iter().zip(points) {
        v.push(
            Msg::new("alt-standings-row")
                .str("place", r[0].clone())
                .str("player", r[1].clone())
                .str("points", r[2].clone())
                .num("count", p)
                .str("record", r[5].clone()),
        );
    }
    let short = v[..v.len().min(11)].to_vec();
    vec![v, short]
}

/// Alt text of the /analysis graph: whose chances, over how many moves,
/// and the moves marked on it.
pub(crate) fn alt_of_graph(game: &Game, side: &str, marks: &[usize]) -> Vec<Vec<Msg>> {
    let m = Msg::new("alt-graph")
        .str("game", game.rules().name)
        .str("side", side)
        .num(
            "moves",
            crate::notation::turn_count(game.record().len()) as i64,
        );
    // A mark is the position after ply `n`: named by the move that made it,
    // numbered by turn as /history does ("2", the second side's "2…").
    let marks: Vec<Msg> = marks
        .iter()
        .map(|&n| {
            let ply = n.saturating_sub(1);
            let half = if ply % 2 == 1 { "…" } else { "" };
            square(&format!("{}{half}", crate::notation::turn_number(ply)))
        })
        .collect();
    if marks.is_empty() {
        alt_one(m)
    } else {
        alt_one(m)
            .into_iter()
            .map(|mut v| {
                v.push(
                    Msg::new("alt-graph-marks")
                        .num("count", marks.len() as i64)
                        .msg("list", list(&marks)),
                );
                v
            })
            .collect()
    }
}

/// The key of the catalogue's reason selectors (`alt-reason`,
/// `caption-reason`): from the one table of reason names.
pub(crate) fn reason_key(r: crate::rules::Reason) -> &'static str {
    crate::domain::EndReason::from(r).key()
}

/// "a, b and c" as a message (`list-and`), or the one item.
fn list(items: &[Msg]) -> Msg {
    match items {
        [] => Msg::new("alt-text").str("text", ""),
        [one] => one.clone(),
        [init @ .., last] => {
            let mut head = init[0].clone();
            for m in &init[1..] {
                head = Msg::new("alt-comma")
                    .msg("first", head)
                    .msg("next", m.clone());
            }
            // An item that begins with a square or a number (a square, a
            // run "e5 i e7"): Welsh "ac" before a vowel.
            let first = match last.id {
                "alt-text" => "text",
                "alt-run" => "from",
                _ => "",
            };
            let id = match last.args.iter().find(|(k, _)| *k == first) {
                Some((_, crate::i18n::Arg::Str(t))) => {
                    crate::app::presentation::move_words::and_id(t)
                }
                _ => "list-and",
            };
            Msg::new(id).msg("init", head).msg("last", last.clone())
        }
    }
}

fn square(s: &str) -> Msg {
    Msg::new("alt-text").str("text", s)
}

/// One fact of a scene in `rules` as a message of the catalogue: sides by
/// their keys, pieces by `piece-name`, squares in the variant's notation.
pub(crate) fn fact_msg(rules: &Ruleset, f: &Fact) -> Msg {
    let sq = |s: Square| format_square(rules, s);
    let side = |s: Side| rules.side_key(s);
    match f {
        Fact::Heading { move_no, .. } => Msg::new("alt-heading")
            .str("game", rules.name)
            .num("number", *move_no as i64),
        Fact::HeadingOver { moves, .. } => Msg::new("alt-heading-over")
            .str("game", rules.name)
            .num("moves", *moves as i64),
        Fact::Turn { side: s } => Msg::new("alt-turn").str("side", side(*s)),
        Fact::Result {
            winner: Some(w),
            reason,
        } => Msg::new("alt-won").str("side", side(*w)).msg(
            "reason",
            Msg::new("alt-reason").str("reason", reason_key(*reason)),
        ),
        Fact::Result {
            winner: None,
            reason,
        } => Msg::new("alt-drawn").msg(
            "reason",
            Msg::new("alt-reason").str("reason", reason_key(*reason)),
        ),
        Fact::LastMove {
            piece,
            from,
            to,
            captured,
            king_captured,
        } => {
            let mut caps: Vec<Msg> = captured.iter().map(|&s| square(&sq(s))).collect();
            if let Some(k) = king_captured {
                caps.push(Msg::new("alt-king-captured-on").str("square", sq(*k)));
            }
            let m = if caps.is_empty() {
                Msg::new("alt-last-move")
            } else {
                Msg::new("alt-last-move-capturing").msg("list", list(&caps))
            };
            m.msg(
                "piece",
                Msg::new("piece-name").str("piece", rules.piece_key(*piece)),
            )
            .str("from", sq(*from))
            .str("to", sq(*to))
        }
        Fact::King { at, role, escapes } => {
            let place = match role {
                Some(r) => Msg::new("alt-square-role")
                    .str("square", sq(*at))
                    .msg("role", Msg::new("alt-role").str("role", *r)),
                None => square(&sq(*at)),
            };
            if escapes.is_empty() {
                Msg::new("alt-king-shut").msg("place", place)
            } else {
                let e: Vec<Msg> = escapes.iter().map(|&s| square(&sq(s))).collect();
                Msg::new("alt-king-open")
                    .msg("place", place)
                    .msg("list", list(&e))
            }
        }
        Fact::KingAt { at, role } => {
            let place = match role {
                Some(r) => Msg::new("alt-square-role")
                    .str("square", sq(*at))
                    .msg("role", Msg::new("alt-role").str("role", *r)),
                None => square(&sq(*at)),
            };
            Msg::new("alt-king-at").msg("place", place)
        }
        Fact::NoKing => Msg::new("alt-no-king"),
        Fact::Pieces {
            side: s,
            count,
            with_king,
            groups,
            dux,
        } => {
            let g: Vec<Msg> = groups
                .iter()
                .map(|g| match *g {
                    Group::One(s) => square(&sq(s)),
                    Group::Run(a, b) => Msg::new("alt-run").str("from", sq(a)).str("to", sq(b)),
                })
                .collect();
            let mut joined: Option<Msg> = None;
            for m in g {
                joined = Some(match joined {
                    None => m,
                    Some(h) => Msg::new("alt-comma").msg("first", h).msg("next", m),
                });
            }
            let m = match joined {
                Some(j) => Msg::new("alt-pieces-at").msg("squares", j),
                None => Msg::new("alt-pieces"),
            };
            m.str("side", side(*s))
                .num("count", *count as i64)
                .str("king", if *with_king { "yes" } else { "no" })
                .str("dux", dux.map_or_else(|| "none".to_string(), sq))
        }
        Fact::Counts {
            side: s,
            count,
            with_king,
            dux,
        } => Msg::new("alt-counts")
            .str("side", side(*s))
            .num("count", *count as i64)
            .str("king", if *with_king { "yes" } else { "no" })
            .str("dux", if *dux { "yes" } else { "no" }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Ruleset;

    fn described(id: &str, lang: Lang) -> String {
        let g = Game::new(Ruleset::from_spec(id, &[]).unwrap(), 1);
        crate::i18n::without_isolation(&alt_text(&alt_of_game(&g), lang))
    }

    /// "Marked at move 3" for one mark, "marked at moves
    /// 3, 7 and 9" for several (never "marked at moves 3"), in both
    /// languages.
    #[test]
    fn the_graph_marks_use_the_right_plural_in_both_languages() {
        let g = Game::new(Ruleset::from_spec("tawlbwrdd", &[]).unwrap(), 1);
        let alt = |marks: &[usize], lang: Lang| {
            crate::i18n::without_isolation(&alt_text(&alt_of_graph(&g, "tafl-second", marks), lang))
        };
        // Marks are plies 1..; the words number them by turn, as /history.
        let one = alt(&[3], Lang::En);
        assert!(
            one.ends_with("The biggest swing is marked at move 2."),
            "{one}"
        );
        let many = alt(&[3, 8, 9], Lang::En);
        assert!(
            many.ends_with("The biggest swings are marked at moves 2, 4… and 5."),
            "{many}"
        );
        let one = alt(&[4], Lang::Cy);
        assert!(
            one.ends_with("Mae'r newid mwyaf wedi'i farcio ar symudiad 2…."),
            "{one}"
        );
        let many = alt(&[3, 7], Lang::Cy);
        assert!(
            many.ends_with("Mae'r newidiadau mwyaf wedi'u marcio ar symudiadau 2 a 4."),
            "{many}"
        );
        assert!(!alt(&[], Lang::En).contains("marked"));
    }

    #[test]
    fn english_alt_matches_the_words_of_describe() {
        let g = Game::new(Ruleset::from_spec("tawlbwrdd", &[]).unwrap(), 1);
        assert_eq!(
            described("tawlbwrdd", Lang::En),
            crate::notation::describe::describe_game(&g)
        );
    }

    #[test]
    fn every_variant_has_alt_text_in_both_languages_within_the_limit() {
        for v in crate::rules::VARIANTS {
            for lang in Lang::ALL {
                let s = described(v.id, lang);
                assert!(!s.is_empty() && s.chars().count() <= MAX_ALT, "{s}");
            }
        }
        let cy = described("tawlbwrdd", Lang::Cy);
        assert!(cy.contains("Ymosodwyr"), "{cy}");
        assert!(cy.contains("yr orsedd"), "{cy}");
    }
}
