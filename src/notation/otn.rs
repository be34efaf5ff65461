//! OpenTafl Notation (OTN): positions, rules strings, moves and game records,
//! out and in. See `docs/otn.md` and `../shared/OTN.md`.
//!
//! - A position is `/row/row/.../`, **rank 1 first**, each row from file a;
//!   `t` attacker, `T` defender, `K` king, a number for a run of empty squares.
//!   In gwyddbwyll white is written as the attackers (`t`), black as the
//!   defenders (`T`) and the dux as a commander (`c` / `C`).
//! - A game record is `[tag:value]` lines (the rules tag last), a blank line,
//!   then `N. move move` lines.
//!
//! Rules OTN has no key for (the walker line capture, the corner guard,
//! king-steps, dice, all of gwyddbwyll) travel in the `variant` tag, which
//! names tawlbot's variant and options; the rules string is kept as close to
//! the game as OTN allows.

use std::collections::BTreeMap;

use super::Record;
use crate::rules::{
    Board, Escape, Family, Game, Kind, KingCapture, Piece, Played, Reason, Ruleset, Side, Square,
    SquareFlags,
};

// ---------------------------------------------------------------- pieces

/// The OTN letter of a piece.
pub fn piece_letter(p: Piece) -> char {
    let c = match p.kind {
        Kind::Man => 't',
        Kind::King => 'k',
        Kind::Dux => 'c',
    };
    match p.side {
        Side::First => c,
        Side::Second => c.to_ascii_uppercase(),
    }
}

fn letter_piece(c: char) -> Option<Piece> {
    let side = if c.is_ascii_uppercase() {
        Side::Second
    } else {
        Side::First
    };
    let kind = match c.to_ascii_lowercase() {
        't' => Kind::Man,
        'k' => Kind::King,
        'c' => Kind::Dux,
        _ => return None,
    };
    Some(Piece::new(side, kind))
}

fn algebraic(sq: Square) -> String {
    super::algebraic(sq)
}

// ---------------------------------------------------------------- positions

/// A board as an OTN position: `/.../`, rank 1 first.
pub fn write_position(board: &Board) -> String {
    let mut out = String::from("/");
    for r in 0..board.height() {
        let mut empty = 0;
        for f in 0..board.width() {
            match board.get(Square::new(f, r).expect("on board")) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(piece_letter(p));
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        out.push('/');
    }
    out
}

/// Does this text look like an OTN position (`/.../`, `start:/.../`,
/// `starti:/.../`) rather than tawlbot's own rows?
pub fn looks_like_position(text: &str) -> bool {
    let t = text.trim();
    t.starts_with('/') || t.starts_with("start:") || t.starts_with("starti:")
}

/// Reads an OTN position for a board of this ruleset's size: `/.../` (rank 1
/// first), or `start:/.../`, or `starti:/.../` (top rank first). The board
/// is not yet checked against the rules: see [`validate`]. Never panics.
pub fn parse_position(rules: &Ruleset, text: &str) -> Result<Board, String> {
    let mut t = text.trim();
    let mut inverted = false;
    if let Some(rest) = t.strip_prefix("starti:") {
        t = rest;
        inverted = true;
    } else if let Some(rest) = t.strip_prefix("start:") {
        t = rest;
    }
    if t.len() > 1000 {
        return Err("That position is far too long.".into());
    }
    if !t.starts_with('/') || !t.ends_with('/') || t.len() < 2 {
        return Err(
            "An OTN position starts and ends with a slash, rank 1 first: /row/row/.../.".into(),
        );
    }
    let mut rows: Vec<&str> = t[1..t.len() - 1].split('/').collect();
    if rows.len() != rules.height as usize {
        return Err(format!(
            "A {} board has {} ranks, but that position has {}.",
            rules.name,
            rules.height,
            rows.len()
        ));
    }
    if inverted {
        rows.reverse();
    }
    let mut board = Board::empty(rules.width, rules.height);
    for (rank, row) in rows.iter().enumerate() {
        let mut file = 0usize;
        let chars: Vec<char> = row.chars().collect();
        let mut j = 0;
        while j < chars.len() {
            let c = chars[j];
            if c.is_ascii_digit() {
                let start = j;
                while j < chars.len() && chars[j].is_ascii_digit() {
                    j += 1;
                }
                let run: String = chars[start..j].iter().collect();
                let n: usize = if run.len() > 3 {
                    9999
                } else {
                    run.parse().unwrap_or(0)
                };
                if n == 0 {
                    return Err(format!("Rank {} has a run of 0 empty squares.", rank + 1));
                }
                file = file.saturating_add(n);
                continue;
            }
            let p = letter_piece(c).ok_or_else(|| {
                format!(
                    "Rank {} has '{}', which is no piece tawlbot knows: OTN writes t (attacker), T (defender), K (king), c/C (dux) and numbers for empty squares.",
                    rank + 1,
                    c.escape_default()
                )
            })?;
            if file < rules.width as usize {
                board.set(
                    Square::new(file as u8, rank as u8).expect("on board"),
                    Some(p),
                );
            }
            file += 1;
            j += 1;
        }
        if file != rules.width as usize {
            return Err(format!(
                "Rank {} has {} squares, but a {} board is {} squares wide.",
                rank + 1,
                file.min(9999),
                rules.name,
                rules.width
            ));
        }
    }
    Ok(board)
}

/// Every problem that keeps a position from being played in this ruleset,
/// one sentence each (none: the position is fine). Checks the board size,
/// exactly one king in the tafl games (none in gwyddbwyll), the dux (only
/// with the dux option, at most one a side), and that no piece stands on a
/// square it may not stop on.
pub fn validate(rules: &Ruleset, board: &Board) -> Vec<String> {
    let mut out = Vec::new();
    if board.width() != rules.width || board.height() != rules.height {
        out.push(format!(
            "A {} board is {}x{}, but that position is {}x{}.",
            rules.name,
            rules.width,
            rules.height,
            board.width(),
            board.height()
        ));
        return out;
    }
    let sq = |s: Square| super::format_square(rules, s);
    let list = |v: &[Square]| v.iter().map(|&s| sq(s)).collect::<Vec<_>>().join(", ");
    let kings: Vec<Square> = board
        .pieces()
        .filter(|(_, p)| p.kind == Kind::King)
        .map(|(s, _)| s)
        .collect();
    match rules.family {
        Family::Tafl => {
            if kings.is_empty() {
                out.push(format!(
                    "There is no king: a {} position needs exactly one (K).",
                    rules.name
                ));
            } else if kings.len() > 1 {
                out.push(format!(
                    "There are {} kings ({}): a {} position needs exactly one.",
                    kings.len(),
                    list(&kings),
                    rules.name
                ));
            }
            let bad: Vec<Square> = board
                .pieces()
                .filter(|(_, p)| p.kind == Kind::King && p.side == Side::First)
                .map(|(s, _)| s)
                .collect();
            if !bad.is_empty() {
                out.push(format!(
                    "The king on {} is written as an attacker (k): the king belongs to the defenders (K).",
                    list(&bad)
                ));
            }
            let dux: Vec<Square> = board
                .pieces()
                .filter(|(_, p)| p.kind == Kind::Dux)
                .map(|(s, _)| s)
                .collect();
            if !dux.is_empty() {
                out.push(format!(
                    "{} has no commanders (c, C), but there is one on {}.",
                    rules.name,
                    list(&dux)
                ));
            }
        }
        Family::Latrunculi => {
            if !kings.is_empty() {
                out.push(format!(
                    "{} has no king, but there is one on {}.",
                    rules.name,
                    list(&kings)
                ));
            }
            for side in [Side::First, Side::Second] {
                let dux: Vec<Square> = board
                    .pieces()
                    .filter(|(_, p)| p.kind == Kind::Dux && p.side == side)
                    .map(|(s, _)| s)
                    .collect();
                if !rules.dux && !dux.is_empty() {
                    out.push(format!(
                        "There is a dux on {}, but this game is played without the dux option.",
                        list(&dux)
                    ));
                } else if dux.len() > 1 {
                    out.push(format!(
                        "{} has {} duxes ({}): a side has one at most.",
                        cap(rules.side_name(side)),
                        dux.len(),
                        list(&dux)
                    ));
                }
            }
        }
    }
    for (s, p) in board.pieces() {
        let f = rules.flags(s);
        if p.kind != Kind::King && f.has(SquareFlags::RESTRICTED) {
            out.push(format!(
                "{} stands on {}, which is {}: only the king may stand there.",
                cap(rules.piece_name(p)),
                sq(s),
                super::square_role(rules, f)
            ));
        }
    }
    out
}

fn cap(s: &str) -> String {
    super::cap(s.to_string())
}

/// Reads a position in either notation (OTN `/.../` or tawlbot's rows, top
/// rank first) and checks it with [`validate`]. The error is every problem,
/// one sentence each, joined by spaces.
pub fn read_position(rules: &Ruleset, text: &str) -> Result<Board, String> {
    let board = if looks_like_position(text) {
        parse_position(rules, text)?
    } else {
        super::parse_position(rules, text)?
    };
    let problems = validate(rules, &board);
    if problems.is_empty() {
        Ok(board)
    } else {
        Err(problems.join(" "))
    }
}

// ---------------------------------------------------------------- rules strings

fn pieces_list(king_only: bool) -> &'static str {
    if king_only {
        "K"
    } else {
        "tTK"
    }
}

fn square_list(v: &[Square]) -> String {
    v.iter().map(|&s| algebraic(s) + ",").collect()
}

/// The OTN rules string of a ruleset with `first` to move first, its start
/// position the given board (`None`: the variant's start). Every key is
/// written out (no reliance on defaults).
pub fn rules_string(rules: &Ruleset, first: Side, start: Option<&Board>) -> String {
    let mut out: Vec<String> = Vec::new();
    out.push(format!("dim:{}", rules.width.max(rules.height)));
    if rules.family == Family::Tafl {
        out.push(format!(
            "esc:{}",
            if rules.escape == Escape::Edge {
                "e"
            } else {
                "c"
            }
        ));
    }
    out.push(format!(
        "atkf:{}",
        if first == Side::First { "y" } else { "n" }
    ));
    out.push("tfr:l".into());
    if rules.family == Family::Tafl {
        out.push(format!("ka:{}", if rules.king_armed { "y" } else { "n" }));
        out.push(format!(
            "ks:{}",
            match rules.king_capture {
                KingCapture::Custodial => "w",
                KingCapture::Enclosure { edge_three: false } => "s",
                KingCapture::Enclosure { edge_three: true } => "m",
            }
        ));
    }
    out.push(format!(
        "spd:{}",
        if rules.man_steps && rules.king_steps {
            "1"
        } else if rules.man_steps {
            "1,1"
        } else {
            "-1"
        }
    ));
    out.push("surf:n".into());
    // Corners.
    let corners: Vec<Square> = rules
        .start
        .squares()
        .filter(|&s| rules.flags(s).has(SquareFlags::CORNER))
        .collect();
    out.push(format!("cor:{}", square_list(&corners)));
    if let Some(&c) = corners.first() {
        let f = rules.flags(c);
        let hostile = f.has(SquareFlags::HOSTILE_EMPTY) || f.has(SquareFlags::HOSTILE_ALWAYS);
        out.push(format!("corh:{}", if hostile { "tTK" } else { "" }));
        out.push(format!(
            "cors:{}",
            pieces_list(f.has(SquareFlags::RESTRICTED))
        ));
        out.push(format!("corp:{}", pieces_list(f.has(SquareFlags::NO_PASS))));
    }
    // The centre.
    match rules.throne {
        Some(t) if rules.family == Family::Tafl => {
            let f = rules.flags(t);
            out.push(format!("cen:{},", algebraic(t)));
            out.push(format!(
                "cenh:{}",
                if f.has(SquareFlags::HOSTILE_ALWAYS) {
                    "tT"
                } else {
                    ""
                }
            ));
            let mut he = String::new();
            if f.has(SquareFlags::HOSTILE_EMPTY) {
                he.push_str("tT");
            }
            if f.has(SquareFlags::HOSTILE_EMPTY)
                || matches!(rules.king_capture, KingCapture::Enclosure { .. })
            {
                he.push('K');
            }
            out.push(format!("cenhe:{he}"));
            out.push(format!(
                "cens:{}",
                pieces_list(f.has(SquareFlags::RESTRICTED))
            ));
            out.push(format!("cenp:{}", pieces_list(f.has(SquareFlags::NO_PASS))));
        }
        _ => out.push("cen:".into()),
    }
    out.push(format!(
        "start:{}",
        write_position(start.unwrap_or(&rules.start))
    ));
    out.join(" ")
}

/// A rules string as key/value pairs, in order. Errors are sentences.
fn rules_pairs(s: &str) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    for part in s.split_whitespace() {
        let Some((k, v)) = part.split_once(':') else {
            return Err(format!(
                "The rules entry \"{}\" is not key:value.",
                part.chars().take(30).collect::<String>()
            ));
        };
        out.push((k.to_ascii_lowercase(), v.to_string()));
    }
    if !out.iter().any(|(k, _)| k == "dim") {
        return Err("The rules string has no board size (dim:N).".into());
    }
    Ok(out)
}

/// What a key decides, for sentences.
fn key_meaning(k: &str) -> &'static str {
    match k {
        "dim" => "the board size",
        "esc" => "where the king escapes",
        "ka" => "whether the king helps capture",
        "ks" => "how the king is captured",
        "spd" => "how far pieces move",
        "cor" => "the corner squares",
        "cen" => "the centre square",
        "corh" => "whom the corners are hostile to",
        "cenh" => "whom the occupied centre is hostile to",
        "cenhe" => "whom the empty centre is hostile to",
        "cors" => "who may stop on a corner",
        "cens" => "who may stop on the centre",
        "corp" => "who may pass a corner",
        "cenp" => "who may pass the centre",
        "sw" => "shieldwall captures",
        "efe" => "edge-fort escapes",
        "ber" => "berserk moves",
        "linc" => "Linnaean capture",
        "kj" => "king jumps",
        "nj" | "cj" => "knights and commanders",
        _ => "a rule",
    }
}

/// Keys compared when a record's rules are matched to a tawlbot game.
const DECIDING: &[&str] = &[
    "esc", "ka", "ks", "spd", "cor", "cen", "corh", "cenh", "cenhe", "cors", "cens", "corp",
    "cenp", "sw", "efe", "ber", "linc", "kj",
];

fn default_of(k: &str) -> &'static str {
    match k {
        "esc" => "c",
        "ka" => "y",
        "ks" => "s",
        "spd" => "-1",
        "sw" | "efe" | "ber" | "linc" | "kj" => "n",
        "cor" | "cen" => "default",
        "corh" | "cenhe" | "cenp" => "tTK",
        "cenh" => "t",
        "corp" | "cors" | "cens" => "K",
        _ => "",
    }
}

/// The rules as a normalised map: defaults filled in, lists sorted.
fn normalise(pairs: &[(String, String)]) -> BTreeMap<String, String> {
    let mut m: BTreeMap<String, String> = BTreeMap::new();
    for (k, v) in pairs {
        m.insert(k.clone(), v.clone());
    }
    let dim: u8 = m
        .get("dim")
        .and_then(|d| d.parse().ok())
        .unwrap_or(0)
        .min(26);
    let mut out = BTreeMap::new();
    out.insert("dim".to_string(), dim.to_string());
    for &k in DECIDING {
        let v = m.get(k).cloned().unwrap_or_else(|| default_of(k).into());
        let v = match k {
            "cor" | "cen" => {
                let mut list: Vec<String> = if v == "default" {
                    let n = dim.max(1);
                    let s = |f: u8, r: u8| format!("{}{}", (b'a' + f) as char, r + 1);
                    if k == "cor" {
                        vec![s(0, 0), s(0, n - 1), s(n - 1, 0), s(n - 1, n - 1)]
                    } else {
                        vec![s(n / 2, n / 2)]
                    }
                } else {
                    v.split(',')
                        .filter(|x| !x.is_empty())
                        .map(|x| x.to_ascii_lowercase())
                        .collect()
                };
                list.sort();
                list.dedup();
                list.join(",")
            }
            "corh" | "cenh" | "cenhe" | "cors" | "cens" | "corp" | "cenp" => {
                let mut c: Vec<char> = v.chars().filter(|c| "tTK".contains(*c)).collect();
                c.sort();
                c.dedup();
                c.into_iter().collect()
            }
            "ks" => match v.as_str() {
                "y" => "s".into(),
                "n" => "w".into(),
                _ => v,
            },
            _ => v,
        };
        out.insert(k.to_string(), v);
    }
    if out.get("cor").is_some_and(|v| v.is_empty()) {
        for k in ["corh", "cors", "corp"] {
            out.remove(k);
        }
    }
    if out.get("cen").is_some_and(|v| v.is_empty()) {
        for k in ["cenh", "cenhe", "cens", "cenp"] {
            out.remove(k);
        }
    }
    out
}

/// The tawlbot game whose rules an OTN rules string describes (the tafl
/// games without options), or a sentence naming the rule tawlbot lacks.
pub fn ruleset_from_rules(rules: &str) -> Result<Ruleset, String> {
    let pairs = rules_pairs(rules)?;
    let theirs = normalise(&pairs);
    let mut best: Option<(usize, Ruleset, String)> = None;
    for id in ["tawlbwrdd", "tawlbwrdd-walker", "tallfwrdd", "goedhboell"] {
        let r = Ruleset::from_spec(id, &[]).expect("preset");
        let ours = normalise(&rules_pairs(&rules_string(&r, Side::First, None))?);
        if ours.get("dim") != theirs.get("dim") {
            continue;
        }
        // In the order of DECIDING, so the most telling rule is named first.
        let diffs: Vec<String> = DECIDING
            .iter()
            .filter(|k| ours.get(**k) != theirs.get(**k))
            .map(|k| k.to_string())
            .collect();
        if best.as_ref().is_none_or(|(n, _, _)| diffs.len() < *n) {
            let first = diffs.first().cloned().unwrap_or_default();
            best = Some((diffs.len(), r, first));
        }
    }
    let dim = theirs.get("dim").cloned().unwrap_or_default();
    match best {
        None => Err(format!(
            "tawlbot has no tafl game on a {dim}x{dim} board: it plays 11x11 (tawlbwrdd) and 9x9 (tallfwrdd, goedhboell)."
        )),
        Some((0, r, _)) => Ok(r),
        Some((_, r, key)) => {
            let ours = normalise(&rules_pairs(&rules_string(&r, Side::First, None))?);
            let show = |m: &BTreeMap<String, String>| {
                m.get(&key)
                    .map(|v| format!("{key}:{v}"))
                    .unwrap_or_else(|| format!("no {key}"))
            };
            Err(format!(
                "tawlbot cannot play these rules: {} ({}) is not in any of its games; the nearest, {}, has {}. A record from tawlbot names its game in a variant tag.",
                show(&theirs),
                key_meaning(&key),
                r.name,
                show(&ours)
            ))
        }
    }
}

// ---------------------------------------------------------------- moves

fn threatens(game_after: &Board, rules: &Ruleset, mover: Side) -> bool {
    if rules.family != Family::Tafl {
        return false;
    }
    let mut r = rules.clone();
    r.dice = false;
    let Ok(g) = Game::from_position(r, game_after.clone(), mover, 0) else {
        return false;
    };
    if g.is_over() {
        return false;
    }
    let Some(king) = g.board().find(Piece::new(Side::Second, Kind::King)) else {
        return false;
    };
    match mover {
        Side::First => g
            .legal_moves()
            .into_iter()
            .any(|m| g.captures_of(m).is_ok_and(|c| c.contains(&king))),
        Side::Second => g.moves_from(king).into_iter().any(|m| match rules.escape {
            Escape::Edge => g.board().is_edge(m.to),
            Escape::Corners => g.board().is_corner(m.to),
            Escape::None => false,
        }),
    }
}

/// One move in OTN: `Ke5-e1`, `e5-e8xe9/f8`, with the king (or dux) letter
/// before special pieces, and `marker` (`+`, `-`, `++`, `--` or nothing)
/// after.
pub fn write_move(p: &Played, captured: &[Piece], marker: &str) -> String {
    let mut s = String::new();
    if p.piece.kind != Kind::Man {
        s.push(piece_letter(p.piece));
    }
    s.push_str(&algebraic(p.mv.from));
    s.push('-');
    s.push_str(&algebraic(p.mv.to));
    for (i, c) in p.captures.iter().enumerate() {
        s.push(if i == 0 { 'x' } else { '/' });
        if let Some(q) = captured.get(i).filter(|q| q.kind != Kind::Man) {
            s.push(piece_letter(*q));
        }
        s.push_str(&algebraic(*c));
    }
    s.push_str(marker);
    s
}

/// One move record read from OTN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OtnMove {
    /// A move, rewritten in tawlbot's notation (`e5-e8xe9/f8`).
    Move(String),
    /// `---`: the side to move resigns.
    Resign,
}

/// Reads one OTN move record: `e5-e8`, `e5e8`, `Ke1-a1--`, `e5-e8xe9/Kf8+`.
/// The markers are accepted and not checked; the captures are checked when
/// the move is played.
pub fn read_move(tok: &str) -> Result<OtnMove, String> {
    let t = tok.trim();
    if t == "---" {
        return Ok(OtnMove::Resign);
    }
    if t.contains('^') || t.contains('=') {
        return Err(format!(
            "{t} is a jump or a berserk move, which no tawlbot game has."
        ));
    }
    let t = t.trim_end_matches(['+', '-']);
    let strip = |part: &str| -> String {
        let b: Vec<char> = part.chars().collect();
        if b.len() > 1 && b[0].is_ascii_alphabetic() && b[1].is_ascii_alphabetic() {
            b[1..].iter().collect()
        } else {
            part.to_string()
        }
    };
    let (head, caps) = match t.split_once(['x', 'X']) {
        Some((h, c)) => (h, Some(c)),
        None => (t, None),
    };
    let mut s = strip(head);
    if let Some(c) = caps {
        s.push('x');
        s.push_str(&c.split('/').map(strip).collect::<Vec<_>>().join("/"));
    }
    if s.is_empty() {
        return Err(format!("\"{tok}\" is not an OTN move."));
    }
    Ok(OtnMove::Move(s))
}

// ---------------------------------------------------------------- game records

/// What an OTN record says besides the rules and the moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags {
    /// The tournament, if any.
    pub event: Option<String>,
    pub site: Option<String>,
    /// `YYYY.MM.DD` (a `YYYY-MM-DD` date is rewritten).
    pub date: Option<String>,
    pub round: Option<String>,
    /// The players by side (`[First, Second]`: attackers/white, defenders/black).
    pub players: [Option<String>; 2],
    /// OTN time control, in seconds: see [`time_control`].
    pub time_control: Option<String>,
    /// Further tags written as they are (e.g. `("rated", "no")`).
    pub extra: Vec<(String, String)>,
}

fn clean(v: &str) -> String {
    v.chars()
        .map(|c| match c {
            '[' => '(',
            ']' => ')',
            '\n' | '\r' | '\t' => ' ',
            c => c,
        })
        .collect::<String>()
        .trim()
        .to_string()
}

/// The termination tag of an outcome.
pub fn termination(reason: Reason) -> &'static str {
    match reason {
        Reason::KingEscaped => "king escaped",
        Reason::KingCaptured => "king captured",
        Reason::OnePieceLeft => "one piece left",
        Reason::DuxImmobile => "dux cannot move",
        Reason::NoLegalMove => "no legal move",
        Reason::Repetition => "repetition",
        Reason::MoveLimit => "move limit",
        Reason::Resignation => "resignation",
        Reason::DrawAgreed => "draw agreed",
        Reason::Timeout => "time",
    }
}

fn reason_of(text: &str) -> Option<Reason> {
    let t = text.trim().to_ascii_lowercase().replace('_', " ");
    const ALL: [Reason; 10] = [
        Reason::KingEscaped,
        Reason::KingCaptured,
        Reason::OnePieceLeft,
        Reason::DuxImmobile,
        Reason::NoLegalMove,
        Reason::Repetition,
        Reason::MoveLimit,
        Reason::Resignation,
        Reason::DrawAgreed,
        Reason::Timeout,
    ];
    if let Some(r) = ALL
        .into_iter()
        .find(|r| termination(*r) == t || r.as_str().replace('_', " ") == t)
    {
        return Some(r);
    }
    if t.contains("resign") {
        Some(Reason::Resignation)
    } else if t.contains("time") || t.contains("flag") {
        Some(Reason::Timeout)
    } else if t.contains("draw") || t.contains("agree") {
        Some(Reason::DrawAgreed)
    } else {
        None
    }
}

/// A date as OTN writes it: `2026-11-30` becomes `2026.11.30`.
pub fn otn_date(date: &str) -> String {
    date.trim().replace('-', ".")
}

fn span_seconds(s: &str) -> Option<u64> {
    let s = s.trim();
    let cut = s.find(|c: char| !c.is_ascii_digit())?;
    let n: u64 = s[..cut].parse().ok()?;
    let unit = match &s[cut..] {
        "m" => 60,
        "h" => 3600,
        "d" => 86_400,
        "w" => 7 * 86_400,
        _ => return None,
    };
    n.checked_mul(unit)
}

/// A tawlbot time control (`3d`, `12h`, `bank:7d inc:1d cap:14d`, `none`)
/// as OpenTafl writes one, in seconds: `main overtime/periods increment` +
/// `i`. A time per move is one overtime period renewed each move
/// (`0 259200/1 0i`); a bank is main time plus increment (`604800 0/0
/// 86400i`; its cap has no place in OTN). `None` for no clock or a text it
/// cannot read.
pub fn time_control(tc: &str) -> Option<String> {
    let t = tc.trim().to_ascii_lowercase();
    if t.contains("bank") {
        let mut bank = None;
        let mut inc = Some(0);
        for part in t.split_whitespace() {
            let (k, v) = part.split_once([':', '=']).unwrap_or(("", part));
            let v = if v == "0" { Some(0) } else { span_seconds(v) };
            match k {
                "bank" => bank = v,
                "inc" | "increment" => inc = v,
                _ => {}
            }
        }
        return Some(format!("{} 0/0 {}i", bank?, inc?));
    }
    span_seconds(&t).map(|p| format!("0 {p}/1 0i"))
}

/// The `variant` tag of a game: tawlbot's id and options, and the seed when
/// the dice need it.
pub fn variant_tag(game: &Game) -> String {
    let r = game.rules();
    let mut s = r.spec();
    if r.dice {
        s.push_str(&format!(" seed={}", game.seed()));
    }
    s
}

/// The whole game as an OTN game record.
pub fn write_game(game: &Game, tags: &Tags) -> String {
    let rules = game.rules();
    let mut out = String::new();
    let mut tag = |k: &str, v: &str| out.push_str(&format!("[{k}:{}]\n", clean(v)));
    for (k, v) in [
        ("event", &tags.event),
        ("site", &tags.site),
        ("date", &tags.date.as_deref().map(otn_date)),
        ("round", &tags.round),
        ("attackers", &tags.players[0]),
        ("defenders", &tags.players[1]),
        ("time-control", &tags.time_control),
    ] {
        if let Some(v) = v {
            tag(k, v);
        }
    }
    let result = match game.outcome() {
        None => "?",
        Some(o) => match o.winner {
            Some(Side::First) => "1",
            Some(Side::Second) => "-1",
            None => "0",
        },
    };
    tag("result", result);
    if let Some(o) = game.outcome() {
        tag("termination", termination(o.reason));
    }
    for (k, v) in &tags.extra {
        tag(&clean(k).replace([':', ' '], "-"), v);
    }
    tag("variant", &variant_tag(game));
    if game.start() != &rules.start {
        tag("position", &write_position(game.start()));
    }
    tag("rules", &rules_string(rules, game.first(), None));
    out.push('\n');
    // The moves, with markers, replayed to know the board after each.
    let mut r = rules.clone();
    r.dice = false;
    let mut board = game.start().clone();
    let mut tokens: Vec<String> = Vec::new();
    let n = game.record().len();
    for (i, p) in game.record().iter().enumerate() {
        let captured: Vec<Piece> = p.captures.iter().filter_map(|&c| board.get(c)).collect();
        board.set(p.mv.from, None);
        board.set(p.mv.to, Some(p.piece));
        for c in &p.captures {
            board.set(*c, None);
        }
        let last = i + 1 == n;
        let marker = match game.outcome() {
            Some(o) if last && o.reason == Reason::KingCaptured => "++",
            Some(o) if last && o.reason == Reason::KingEscaped => "--",
            Some(_) if last => "",
            _ if threatens(&board, &r, p.side) => {
                if p.side == Side::First {
                    "+"
                } else {
                    "-"
                }
            }
            _ => "",
        };
        tokens.push(write_move(p, &captured, marker));
    }
    if let Some(o) = game.outcome() {
        if o.reason == Reason::Resignation && o.winner == Some(game.turn().other()) {
            tokens.push("---".into());
        }
    }
    for (i, pair) in tokens.chunks(2).enumerate() {
        out.push_str(&format!("{}. {}\n", i + 1, pair.join(" ")));
    }
    out
}

/// An OTN game record as read: its tags in order and its move records.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OtnRecord {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
}

impl OtnRecord {
    /// A tag's value by name (case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

fn as_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (k, v) = inner.split_once(':')?;
    let ok = !k.is_empty()
        && k.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    ok.then(|| (k.to_ascii_lowercase(), v.trim().to_string()))
}

/// Reads an OTN game record: tags (and a bare rules string or position line,
/// which the spec also allows), then numbered move lines; comments in `[ ]`
/// are skipped. Errors name the line.
pub fn parse_game(text: &str) -> Result<OtnRecord, String> {
    let mut rec = OtnRecord::default();
    let text = text.trim_start_matches('\u{feff}');
    let mut lines = text.lines().enumerate().peekable();
    while let Some(&(_, line)) = lines.peek() {
        let line = line.trim();
        if line.is_empty() {
            lines.next();
            continue;
        }
        if let Some(t) = as_tag(line) {
            rec.tags.push(t);
        } else if line.starts_with("dim:") {
            rec.tags.push(("rules".into(), line.to_string()));
        } else if line.starts_with('/') {
            rec.tags.push(("position".into(), line.to_string()));
        } else {
            break;
        }
        lines.next();
    }
    let mut depth = 0usize;
    for (n, line) in lines {
        let mut plain = String::new();
        for c in line.chars() {
            match c {
                '[' => depth += 1,
                ']' => depth = depth.saturating_sub(1),
                c if depth == 0 => plain.push(c),
                _ => {}
            }
        }
        for tok in plain.split_whitespace() {
            let tok = tok.trim_start_matches(|c: char| c.is_ascii_digit());
            let tok = tok.strip_prefix('.').unwrap_or(tok).trim_start_matches('.');
            if tok.is_empty() {
                continue;
            }
            if tok.len() > 40 {
                return Err(format!(
                    "Line {}: \"{}...\" is not a move.",
                    n + 1,
                    &tok[..20]
                ));
            }
            rec.moves.push(tok.to_string());
        }
    }
    Ok(rec)
}

/// How a game ended that its moves do not show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// This side resigned (`None`: the side to move, from `---`).
    Resign(Option<Side>),
    /// This side ran out of time.
    Timeout(Side),
    Draw,
}

impl Ending {
    /// Ends the game this way, if it is not over already.
    pub fn apply(self, game: &mut Game) {
        match self {
            Ending::Resign(Some(s)) => game.resign(s),
            Ending::Resign(None) => game.resign(game.turn()),
            Ending::Timeout(s) => game.time_out(s),
            Ending::Draw => game.agree_draw(),
        }
    }
}

/// An OTN record ready to play: the game at its start, the moves in
/// tawlbot's notation, and how it ended when the moves do not say.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub game: Game,
    pub moves: Vec<String>,
    pub ending: Option<Ending>,
    pub tags: Tags,
}

/// Turns a read OTN record into a game to replay. `seed` is used where the
/// record has none (only dice games need one). Errors are sentences.
pub fn load(rec: &OtnRecord, seed: u64) -> Result<Loaded, String> {
    let rules_text = rec.tag("rules");
    let mut seed = seed;
    let rules = match rec.tag("variant").and_then(|v| {
        let mut words = v.split_whitespace();
        let id = words.next()?;
        crate::rules::VARIANTS
            .iter()
            .any(|i| i.id == id.to_ascii_lowercase() || i.aliases.contains(&id))
            .then(|| {
                (
                    id.to_string(),
                    words.map(str::to_string).collect::<Vec<_>>(),
                )
            })
    }) {
        Some((id, words)) => {
            let mut opts = Vec::new();
            for w in words {
                match w.strip_prefix("seed=") {
                    Some(s) => {
                        seed = s.parse().map_err(|_| {
                            format!("The seed in the variant tag, {s}, is not a number.")
                        })?
                    }
                    None => opts.push(w),
                }
            }
            Ruleset::from_spec(&id, &opts)?
        }
        None => {
            let r = rules_text.ok_or(
                "This OTN record has no rules tag, and no variant tag naming a tawlbot game.",
            )?;
            ruleset_from_rules(r)?
        }
    };
    let pairs = match rules_text {
        Some(r) => rules_pairs(r)?,
        None => Vec::new(),
    };
    let get = |k: &str| {
        pairs
            .iter()
            .find(|(key, _)| key == k)
            .map(|(_, v)| v.as_str())
    };
    let first = match get("atkf") {
        Some("n") => Side::Second,
        _ => Side::First,
    };
    let start = if let Some(p) = rec.tag("position") {
        Some(parse_position(&rules, p)?)
    } else if let Some(p) = get("start") {
        Some(parse_position(&rules, p)?)
    } else if let Some(p) = get("starti") {
        Some(parse_position(&rules, &format!("starti:{p}"))?)
    } else {
        None
    };
    let board = start.unwrap_or_else(|| rules.start.clone());
    let problems = validate(&rules, &board);
    if !problems.is_empty() {
        return Err(problems.join(" "));
    }
    let game = Game::from_position(rules.clone(), board, first, seed)?;
    let mut moves = Vec::new();
    let mut ending = None;
    for tok in &rec.moves {
        if ending.is_some() {
            return Err(format!("{tok} comes after a resignation (---)."));
        }
        match read_move(tok)? {
            OtnMove::Move(m) => moves.push(m),
            OtnMove::Resign => ending = Some(Ending::Resign(None)),
        }
    }
    let winner = match rec.tag("result").map(str::trim) {
        Some("1") => Some(Side::First),
        Some("-1") => Some(Side::Second),
        _ => None,
    };
    if ending.is_none() {
        ending = match (rec.tag("termination").and_then(reason_of), winner) {
            (Some(Reason::Resignation), Some(w)) => Some(Ending::Resign(Some(w.other()))),
            (Some(Reason::Timeout), Some(w)) => Some(Ending::Timeout(w.other())),
            (Some(Reason::DrawAgreed), _) => Some(Ending::Draw),
            _ => None,
        };
    }
    let tag = |k: &str| rec.tag(k).map(str::to_string);
    let known = [
        "event",
        "site",
        "date",
        "round",
        "attackers",
        "defenders",
        "time-control",
        "result",
        "termination",
        "variant",
        "position",
        "rules",
    ];
    let tags = Tags {
        event: tag("event"),
        site: tag("site"),
        date: tag("date"),
        round: tag("round"),
        players: [tag("attackers"), tag("defenders")],
        time_control: tag("time-control"),
        extra: rec
            .tags
            .iter()
            .filter(|(k, _)| !known.contains(&k.as_str()))
            .cloned()
            .collect(),
    };
    Ok(Loaded {
        game,
        moves,
        ending,
        tags,
    })
}

/// Reads an OTN game record and plays it through: the finished (or
/// current) game and its tags. The error names the move that failed.
pub fn read_game(text: &str, seed: u64) -> Result<(Game, Tags), String> {
    let l = load(&parse_game(text)?, seed)?;
    let mut game = l.game;
    for (i, m) in l.moves.iter().enumerate() {
        if let Err(e) = super::play_text(&mut game, m) {
            return Err(format!(
                "Move {} ({m}): {}",
                i + 1,
                super::explain(game.rules(), &e)
            ));
        }
    }
    if let Some(e) = l.ending {
        e.apply(&mut game);
    }
    Ok((game, l.tags))
}

/// Which record format a text is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordFormat {
    /// tawlbot's own (`[Variant "tawlbwrdd"]`).
    Tawlbot,
    /// OTN (`[rules:dim:11 ...]`).
    Otn,
    Neither,
}

/// Tells tawlbot's records and OTN records apart by their first line that
/// is not empty or a `#` comment.
pub fn detect_format(text: &str) -> RecordFormat {
    let Some(line) = text
        .trim_start_matches('\u{feff}')
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
    else {
        return RecordFormat::Neither;
    };
    if as_tag(line).is_some() || line.starts_with("dim:") {
        return RecordFormat::Otn;
    }
    // `[Name "value"]`, or a broken header of that shape (which the
    // tawlbot reader then explains).
    if let Some((k, _)) = line
        .strip_prefix('[')
        .and_then(|l| l.split_once(char::is_whitespace))
    {
        if !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric()) {
            return RecordFormat::Tawlbot;
        }
    }
    RecordFormat::Neither
}

/// A tawlbot record (the headers `/export` writes: Variant, Options, Seed,
/// First, the players, Result, Reason) of a game, for tools and tests.
pub fn tawlbot_record(game: &Game, players: &[Option<String>; 2]) -> Record {
    let rules = game.rules();
    let mut headers = vec![
        ("Variant".to_string(), rules.variant.to_string()),
        ("Options".to_string(), rules.options.join(" ")),
        ("Seed".to_string(), game.seed().to_string()),
        (
            "First".to_string(),
            rules.side_name(game.first()).to_string(),
        ),
    ];
    for side in [Side::First, Side::Second] {
        if let Some(p) = &players[side.index()] {
            headers.push((cap(rules.side_name(side)), p.clone()));
        }
    }
    if game.start() != &rules.start {
        headers.push(("Position".into(), super::position_text(rules, game.start())));
    }
    let result = match game.outcome() {
        None => "ongoing",
        Some(o) => match o.winner {
            Some(s) => rules.side_name(s),
            None => "draw",
        },
    };
    headers.push(("Result".into(), result.into()));
    if let Some(o) = game.outcome() {
        headers.push(("Reason".into(), o.reason.as_str().into()));
    }
    Record {
        headers,
        moves: game
            .record()
            .iter()
            .map(|p| super::format_played(rules, p))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(id: &str) -> Ruleset {
        Ruleset::from_spec(id, &[]).unwrap()
    }

    #[test]
    fn start_positions_round_trip() {
        for id in ["tawlbwrdd", "tawlbwrdd-walker", "tallfwrdd", "goedhboell"] {
            let rules = r(id);
            let text = write_position(&rules.start);
            assert_eq!(parse_position(&rules, &text).unwrap(), rules.start, "{id}");
            assert!(validate(&rules, &rules.start).is_empty(), "{id}");
        }
    }

    #[test]
    fn each_variant_reads_back_from_its_rules_string() {
        for id in ["tawlbwrdd", "tawlbwrdd-walker", "tallfwrdd", "goedhboell"] {
            let rules = r(id);
            let s = rules_string(&rules, Side::First, None);
            assert_eq!(ruleset_from_rules(&s).unwrap().variant, id, "{s}");
        }
    }

    #[test]
    fn moves_read_in_every_form() {
        let m = |s: &str| read_move(s).unwrap();
        assert_eq!(m("e5-e8"), OtnMove::Move("e5-e8".into()));
        assert_eq!(m("e5e8"), OtnMove::Move("e5e8".into()));
        assert_eq!(m("Ke1-a1--"), OtnMove::Move("e1-a1".into()));
        assert_eq!(m("Ke5-e1-"), OtnMove::Move("e5-e1".into()));
        assert_eq!(m("a3-e3+"), OtnMove::Move("a3-e3".into()));
        assert_eq!(m("e3-e4xKe5++"), OtnMove::Move("e3-e4xe5".into()));
        assert_eq!(m("e5-e8xe9/f8"), OtnMove::Move("e5-e8xe9/f8".into()));
        assert_eq!(m("---"), OtnMove::Resign);
        assert!(read_move("ce6^e8").is_err());
        assert!(read_move("Ne8=e4xe3").is_err());
    }

    #[test]
    fn time_controls_in_seconds() {
        assert_eq!(time_control("3d").as_deref(), Some("0 259200/1 0i"));
        assert_eq!(time_control("12h").as_deref(), Some("0 43200/1 0i"));
        assert_eq!(
            time_control("bank:7d inc:1d cap:14d").as_deref(),
            Some("604800 0/0 86400i")
        );
        assert_eq!(time_control("none"), None);
        assert_eq!(time_control("soon"), None);
    }

    #[test]
    fn formats_are_told_apart() {
        assert_eq!(
            detect_format("[Variant \"x\"]\n1. e1-e2"),
            RecordFormat::Tawlbot
        );
        assert_eq!(
            detect_format("\n[event:x]\n[rules:dim:11 start:/11/]"),
            RecordFormat::Otn
        );
        assert_eq!(detect_format("dim:11 start:/11/\n"), RecordFormat::Otn);
        assert_eq!(detect_format("hello world"), RecordFormat::Neither);
        assert_eq!(detect_format(""), RecordFormat::Neither);
        assert_eq!(detect_format("{\"json\": 1}"), RecordFormat::Neither);
    }

    #[test]
    fn validate_names_each_problem() {
        let rules = r("tallfwrdd");
        let p = |s: &str| parse_position(&rules, s).unwrap();
        // No king, a man on the throne and one in a corner.
        let b = p("/t8/9/9/9/4t4/9/9/9/9/");
        let v = validate(&rules, &b);
        assert_eq!(v.len(), 3, "{v:?}");
        assert!(v[0].contains("no king"), "{v:?}");
        assert!(v.iter().any(|s| s.contains("a1") && s.contains("corner")));
        assert!(v.iter().any(|s| s.contains("e5") && s.contains("throne")));
        // Two kings.
        let v = validate(&rules, &p("/t8/9/9/9/3KK4/9/9/9/9/"));
        assert!(v[0].contains("2 kings (d5, e5)"), "{v:?}");
        // An attacking king.
        let v = validate(&rules, &p("/1t7/9/9/9/4k4/9/9/9/9/"));
        assert!(
            v.iter().any(|s| s.contains("belongs to the defenders")),
            "{v:?}"
        );
    }
}
