//! `/puzzle`: the server's puzzle of the day, each player's own attempt at
//! a puzzle (a right move answered by tawlbot's strongest defence, a wrong
//! one told, the position kept), the solution, the next puzzle at the
//! player's level, and the player's puzzle rating (docs/puzzles.md).
//! Nothing here touches a game in the channel: every reply is the asker's
//! alone.

use crate::app::{presentation::picture, store_err, App, Ctx, Reply, Response};
use crate::i18n::{t, Msg};
use crate::notation::{self, format_move, Record};
use crate::puzzles::{self, tree, Prover, Puzzle, Step};
use crate::rules::{splitmix, Game, Move};
use crate::store::{AttemptState, PuzzleAttempt, PuzzleRating, PuzzleRow};
use crate::tournament::glicko;

/// What `/puzzle` was asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PuzzleAction {
    /// The puzzle of the day (or the player's puzzle of today, where they stand in it).
    Today,
    Move(String),
    Reveal,
    Next,
    Number(i64),
    Stats,
}

/// The number of the puzzle of the day for `scope` (a server id, or any
/// name: the web's front page uses its own) on the UTC day of `now`, among
/// `count` puzzles (0 when there are none). The same all day for everyone.
pub fn daily_number(scope: &str, now: i64, count: u32) -> u32 {
    if count == 0 {
        return 0;
    }
    let day = now.div_euclid(86_400) as u64;
    let h = scope.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    1 + (splitmix(h ^ day.wrapping_mul(0x9E37_79B9_7F4A_7C15)) % u64::from(count)) as u32
}

/// A stored puzzle as the prover reads it.
pub fn puzzle_of(row: &PuzzleRow) -> Puzzle {
    Puzzle {
        variant: row.variant.clone(),
        position: row.position.clone(),
        side: row.side.clone(),
        length: row.length,
        solution: row.solution.clone(),
        line: row.line.split_whitespace().map(str::to_string).collect(),
        source: row.source.clone(),
        rating: row.rating.rating.round() as u32,
    }
}

fn row_of(id: u32, p: &Puzzle) -> PuzzleRow {
    PuzzleRow {
        id,
        variant: p.variant.clone(),
        position: p.position.clone(),
        side: p.side.clone(),
        length: p.length,
        solution: p.solution.clone(),
        line: p.line.join(" "),
        source: p.source.clone(),
        rating: PuzzleRating {
            rating: f64::from(p.rating),
            rd: glicko::DEFAULT_RD,
            vol: glicko::DEFAULT_VOL,
        },
        plays: 0,
        wins: 0,
    }
}

/// Glicko-2 for one puzzle attempt: the player against the puzzle, one
/// game, one rating period (as `tournament::glicko` rates a game).
pub fn rate_attempt(
    player: PuzzleRating,
    puzzle: PuzzleRating,
    solved: bool,
) -> (PuzzleRating, PuzzleRating) {
    let g = |r: PuzzleRating| glicko::Rating::new(r.rating, r.rd, r.vol);
    let back = |r: glicko::Rating| PuzzleRating {
        rating: r.rating,
        rd: r.rd,
        vol: r.vol,
    };
    let s = if solved { 1.0 } else { 0.0 };
    let np = glicko::update(g(player), &[(g(puzzle), s)]);
    let nz = glicko::update(g(puzzle), &[(g(player), 1.0 - s)]);
    (back(np), back(nz))
}

/// The game of an attempt: the puzzle's position with the attempt's moves played.
fn replay(p: &Puzzle, moves: &[String]) -> Option<Game> {
    let mut g = p.game().ok()?;
    for m in moves {
        g.play(tree::parse_move(m)?).ok()?;
    }
    Some(g)
}

impl App {
    /// Puts the shipped puzzles the store lacks into it; the number of
    /// puzzles stored.
    fn ensure_puzzles(&self) -> Result<u32, crate::store::StoreError> {
        let shipped = puzzles::shipped().unwrap_or_default();
        let have = self.store.puzzle_count()?;
        if (have as usize) < shipped.len() {
            let rows: Vec<PuzzleRow> = shipped
                .iter()
                .enumerate()
                .map(|(i, p)| row_of(i as u32 + 1, p))
                .collect();
            self.store.add_puzzles(&rows)?;
            return self.store.puzzle_count();
        }
        Ok(have)
    }

    /// The puzzle of the day of `scope` (a server id, or a name of the
    /// caller's: the web's front page), for the front page to link
    /// (`/puzzles/{n}`).
    pub fn puzzle_of_the_day(&self, scope: &str, now: i64) -> Option<PuzzleRow> {
        let count = self.ensure_puzzles().ok()?;
        self.store
            .puzzle(daily_number(scope, now, count))
            .ok()
            .flatten()
    }

    /// A stored puzzle by number (the shipped set put in first if absent).
    pub fn puzzle_numbered(&self, n: u32) -> Option<PuzzleRow> {
        self.ensure_puzzles().ok()?;
        self.store.puzzle(n).ok().flatten()
    }

    pub(crate) fn puzzle(&self, ctx: &Ctx, action: PuzzleAction) -> Response {
        let count = match self.ensure_puzzles() {
            Ok(c) => c,
            Err(e) => return store_err(e),
        };
        if count == 0 {
            return tell(Msg::new("puzzle-none-stored"));
        }
        let me = &ctx.user.id;
        let player = match self.store.puzzle_player(me) {
            Ok(p) => p,
            Err(e) => return store_err(e),
        };
        let daily = daily_number(ctx.server.as_str(), ctx.now, count);
        let current = player.as_ref().and_then(|p| p.current).unwrap_or(daily);
        let show = |n: u32| -> Response {
            if let Err(e) = self.store.set_current_puzzle(me, n, ctx.now) {
                return store_err(e);
            }
            self.show_puzzle(ctx, n, None)
        };
        match action {
            PuzzleAction::Today => show(daily),
            PuzzleAction::Number(n) => match u32::try_from(n) {
                Ok(n) if n >= 1 && n <= count => show(n),
                _ => tell(
                    Msg::new("puzzle-no-such")
                        .num("number", n)
                        .num("count", i64::from(count)),
                ),
            },
            PuzzleAction::Next => {
                let rating = player
                    .as_ref()
                    .map_or(glicko::DEFAULT_RATING, |p| p.rating.rating);
                match self.store.puzzle_near(me, rating) {
                    Ok(Some(p)) => show(p.id),
                    Ok(None) => show(daily),
                    Err(e) => store_err(e),
                }
            }
            PuzzleAction::Stats => {
                let (solved, streak, best, rating) = player
                    .map_or((0, 0, 0, glicko::DEFAULT_RATING), |p| {
                        (p.solved, p.streak, p.best_streak, p.rating.rating)
                    });
                tell(
                    Msg::new("puzzle-stats")
                        .num("solved", i64::from(solved))
                        .num("streak", i64::from(streak))
                        .num("best", i64::from(best))
                        .num("rating", rating.round() as i64),
                )
            }
            PuzzleAction::Reveal => self.reveal_puzzle(ctx, current),
            PuzzleAction::Move(text) => self.puzzle_move(ctx, current, &text),
        }
    }

    fn load_puzzle(&self, n: u32) -> Result<(PuzzleRow, Puzzle), Response> {
        match self.store.puzzle(n) {
            Ok(Some(row)) => {
                let p = puzzle_of(&row);
                Ok((row, p))
            }
            Ok(None) => Err(tell(Msg::new("puzzle-none-stored"))),
            Err(e) => Err(store_err(e)),
        }
    }

    fn attempt_of(&self, ctx: &Ctx, n: u32) -> Result<PuzzleAttempt, Response> {
        match self.store.puzzle_attempt(&ctx.user.id, n) {
            Ok(Some(a)) => Ok(a),
            Ok(None) => Ok(PuzzleAttempt {
                player_id: ctx.user.id.clone(),
                puzzle_id: n,
                moves: Vec::new(),
                state: AttemptState::Open,
                missed: false,
                rated: false,
            }),
            Err(e) => Err(store_err(e)),
        }
    }

    /// The puzzle where the player stands in it: its title, OTN, and the
    /// board; `lead` goes first (what the last move did).
    fn show_puzzle(&self, ctx: &Ctx, n: u32, lead: Option<Msg>) -> Response {
        let (row, p) = match self.load_puzzle(n) {
            Ok(x) => x,
            Err(r) => return r,
        };
        let attempt = match self.attempt_of(ctx, n) {
            Ok(a) => a,
            Err(r) => return r,
        };
        let moves = if attempt.state == AttemptState::Open {
            attempt.moves.clone()
        } else {
            Vec::new()
        };
        let Some(game) = replay(&p, &moves) else {
            return tell(Msg::new("puzzle-none-stored"));
        };
        let rules = game.rules();
        let title = Msg::new("puzzle-title")
            .num("number", i64::from(n))
            .str("side", rules.side_key(p.solver().unwrap_or(game.turn())))
            .num("moves", i64::from(row.length));
        let mut reply = match lead {
            Some(l) => Reply::tell(l).line(title),
            None => Reply::tell(title),
        };
        reply = reply.line(Msg::new("puzzle-otn").str("otn", format!("`{}`", row.position)));
        if !moves.is_empty() && !game.is_over() {
            reply = reply.line(Msg::new("puzzle-your-move"));
        }
        let lang = self.lang(ctx);
        let caption = t(
            lang,
            &Msg::new("puzzle-caption").num("number", i64::from(n)),
        );
        let png = picture::picture(&game, &[], caption, &Record::default(), &self.theme());
        Response::one(
            reply
                .with_png(&format!("puzzle-{n}.png"), png)
                .alt(crate::app::presentation::alt_text::alt_of_game(&game)),
        )
    }

    fn save_attempt(&self, a: &PuzzleAttempt, now: i64) -> Option<Response> {
        self.store
            .save_puzzle_attempt(a, now, &rate_attempt)
            .err()
            .map(store_err)
    }

    fn puzzle_move(&self, ctx: &Ctx, n: u32, text: &str) -> Response {
        let (row, p) = match self.load_puzzle(n) {
            Ok(x) => x,
            Err(r) => return r,
        };
        let mut attempt = match self.attempt_of(ctx, n) {
            Ok(a) => a,
            Err(r) => return r,
        };
        if attempt.state != AttemptState::Open {
            return tell(Msg::new("puzzle-over").num("number", i64::from(n)));
        }
        let Some(game) = replay(&p, &attempt.moves) else {
            return tell(Msg::new("puzzle-none-stored"));
        };
        let rules = game.rules().clone();
        let mv: Move = match notation::parse_move(text)
            .map_err(notation::PlayError::Parse)
            .and_then(|t| notation::resolve(&game, &t))
            .and_then(|m| game.check(m).map(|_| m).map_err(notation::PlayError::Move))
        {
            Ok(m) => m,
            Err(e) => {
                return tell(crate::app::presentation::move_words::explain_msg(
                    &rules, &e,
                ))
            }
        };
        let said = format_move(&rules, &mv);
        let Some(mut prover) = Prover::new(&game) else {
            return tell(Msg::new("puzzle-none-stored"));
        };
        let left = row
            .length
            .saturating_sub((attempt.moves.len() / 2) as u32)
            .max(1);
        prover.play(mv);
        if !prover.holds_after_move(left - 1) {
            attempt.missed = true;
            if let Some(r) = self.save_attempt(&attempt, ctx.now) {
                return r;
            }
            return self.show_puzzle(ctx, n, Some(Msg::new("puzzle-wrong").str("move", said)));
        }
        attempt.moves.push(tree::move_text(mv));
        if prover.step() == Step::MoverWon {
            attempt.state = AttemptState::Solved;
            if let Some(r) = self.save_attempt(&attempt, ctx.now) {
                return r;
            }
            let mut g = game.clone();
            let _ = g.play(mv);
            let lang = self.lang(ctx);
            let caption = t(
                lang,
                &Msg::new("puzzle-caption").num("number", i64::from(n)),
            );
            let png = picture::picture(&g, &[], caption, &Record::default(), &self.theme());
            return Response::one(
                Reply::tell(Msg::new("puzzle-solved").str("move", said))
                    .line(Msg::new("puzzle-next-hint"))
                    .with_png(&format!("puzzle-{n}.png"), png)
                    .alt(crate::app::presentation::alt_text::alt_of_game(&g)),
            );
        }
        let Some((d, _)) = prover.strongest_defence(left - 1) else {
            return tell(Msg::new("puzzle-none-stored"));
        };
        attempt.moves.push(tree::move_text(d));
        if let Some(r) = self.save_attempt(&attempt, ctx.now) {
            return r;
        }
        self.show_puzzle(
            ctx,
            n,
            Some(
                Msg::new("puzzle-right")
                    .str("move", said)
                    .str("defence", format_move(&rules, &d)),
            ),
        )
    }

    fn reveal_puzzle(&self, ctx: &Ctx, n: u32) -> Response {
        let (_, p) = match self.load_puzzle(n) {
            Ok(x) => x,
            Err(r) => return r,
        };
        let mut attempt = match self.attempt_of(ctx, n) {
            Ok(a) => a,
            Err(r) => return r,
        };
        if attempt.state == AttemptState::Open {
            attempt.state = AttemptState::Revealed;
            if let Some(r) = self.save_attempt(&attempt, ctx.now) {
                return r;
            }
        }
        let Ok(game) = p.game() else {
            return tell(Msg::new("puzzle-none-stored"));
        };
        let rules = game.rules();
        let line: Vec<String> = p
            .main_line()
            .iter()
            .map(|m| format_move(rules, m))
            .collect();
        tell(
            Msg::new("puzzle-solution")
                .num("number", i64::from(n))
                .str("line", line.join(", ")),
        )
    }
}

fn tell(msg: Msg) -> Response {
    Response::one(Reply::tell(msg))
}

/// What the web's `/puzzles/{n}` page shows (src/web).
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleSheet {
    pub number: u32,
    /// "Puzzle 12: attackers to play and win in 2." in the reader's words.
    pub title: String,
    pub otn: String,
    /// The main line in the variant's notation.
    pub solution: Vec<String>,
    /// The board's alt text.
    pub alt: String,
}

impl App {
    /// The sheet of puzzle `n` in `lang`, if there is one.
    pub fn puzzle_sheet(&self, n: u32, lang: crate::i18n::Lang) -> Option<PuzzleSheet> {
        let row = self.puzzle_numbered(n)?;
        let p = puzzle_of(&row);
        let game = p.game().ok()?;
        let rules = game.rules();
        let title = t(
            lang,
            &Msg::new("puzzle-title")
                .num("number", i64::from(n))
                .str("side", rules.side_key(game.turn()))
                .num("moves", i64::from(row.length)),
        );
        let alt = crate::app::presentation::alt_text::alt_of_game(&game)
            .first()
            .map(|v| v.iter().map(|m| t(lang, m)).collect::<Vec<_>>().join(" "))
            .unwrap_or_default();
        Some(PuzzleSheet {
            number: n,
            title,
            otn: row.position.clone(),
            solution: p
                .main_line()
                .iter()
                .map(|m| format_move(rules, m))
                .collect(),
            alt,
        })
    }

    /// The PNG of puzzle `n`'s position in `lang`.
    pub fn puzzle_png(&self, n: u32, lang: crate::i18n::Lang) -> Option<Vec<u8>> {
        let row = self.puzzle_numbered(n)?;
        let game = puzzle_of(&row).game().ok()?;
        let caption = t(
            lang,
            &Msg::new("puzzle-caption").num("number", i64::from(n)),
        );
        Some(picture::picture(
            &game,
            &[],
            caption,
            &Record::default(),
            &self.theme(),
        ))
    }
}
