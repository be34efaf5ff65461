//! Challenges: post, accept (here or in a thread), decline.

use crate::app::{
    commands, mention, rules_spec, spec_msg, store_err, use_cases::bot,
    use_cases::games::lifecycle, App, Button, ButtonStyle, Challenge, ChallengeId, ChallengeState,
    ChannelId, Ctx, Effect, GameSettings, Msg, NewChallenge, Reply, Response, Ruleset, Side,
    StoreError, Target, TimeControl, UserId, BOT_GAMES_PER_PLAYER, BOT_ID, CHALLENGE_TTL,
    MAX_HUMAN_GAMES, MAX_OPEN_CHALLENGES,
};

/// The refusal when a player already plays [`MAX_HUMAN_GAMES`] games
/// against people: the asker themselves (`None`), or the challenger.
fn too_many_games(challenger: Option<&UserId>) -> Msg {
    match challenger {
        None => Msg::new("human-games-too-many").num("n", MAX_HUMAN_GAMES as i64),
        Some(p) => Msg::new("human-games-too-many-challenger")
            .str("player", mention(p))
            .num("n", MAX_HUMAN_GAMES as i64),
    }
}

/// The most challenges `/challenges` lists with their buttons (Discord
/// takes 25 buttons a message; a received challenge has two).
pub(crate) const LISTED_CHALLENGES: usize = 12;

impl App {
    /// Whether `player` already plays [`MAX_HUMAN_GAMES`] running games
    /// against people outside tournaments (a tournament's pairings are
    /// the organiser's, never refused).
    /// Which of two players (the one asking first) already plays
    /// [`MAX_HUMAN_GAMES`] games against people outside tournaments: one
    /// statement for both.
    fn human_games_full(
        &self,
        asking: &UserId,
        other: &UserId,
    ) -> Result<Option<usize>, StoreError> {
        let (a, b) =
            self.store
                .running_games_against_people(asking, other, &UserId::from(BOT_ID))?;
        Ok(if a as usize >= MAX_HUMAN_GAMES {
            Some(0)
        } else if b as usize >= MAX_HUMAN_GAMES {
            Some(1)
        } else {
            None
        })
    }

    /// `/challenge` (app/commands/challenge.rs).
    pub(in crate::app) fn challenge(&self, ctx: &Ctx, args: &commands::ChallengeArgs) -> Response {
        let rules = match Ruleset::parse_spec(&args.variant, &args.options) {
            Ok(r) => r,
            Err(e) => return Response::one(Reply::tell(spec_msg(&e))),
        };
        let opponent = args.opponent.as_deref().map(|o| {
            o.trim_start_matches("<@")
                .trim_start_matches('@')
                .trim_end_matches('>')
                .into()
        });
        if opponent.as_deref() == Some(ctx.user.id.as_str()) {
            return Response::one(Reply::tell(Msg::new("challenge-self")));
        }
        // The bot is known by its user id (the front end maps its own id to
        // BOT_ID), never by a name anyone can take.
        let against_bot = opponent.as_deref() == Some(BOT_ID);
        if against_bot {
            // At most a few running games against the bot per player, and
            // none started while the engine's queue is full.
            let running = match self.store.games_of_player(&ctx.user.id, true, 100) {
                Ok(games) => games
                    .iter()
                    .filter(|g| g.first_player == BOT_ID || g.second_player == BOT_ID)
                    .count(),
                Err(e) => return store_err(e),
            };
            if running >= BOT_GAMES_PER_PLAYER {
                return Response::one(Reply::tell(
                    Msg::new("bot-too-many").num("n", BOT_GAMES_PER_PLAYER as i64),
                ));
            }
            if !self.engine.has_room() {
                return Response::one(Reply::tell(Msg::new("engine-busy")));
            }
        }
        if !against_bot {
            match self.human_games_full(&ctx.user.id, &ctx.user.id) {
                Ok(None) => {}
                Ok(Some(_)) => return Response::one(Reply::tell(too_many_games(None))),
                Err(e) => return store_err(e),
            }
        }
        let level = match bot::parse_level(args.level.as_deref()) {
            Ok(l) => l,
            Err(e) => return Response::one(Reply::tell(e)),
        };
        let side = match args.side.as_deref().map(str::to_ascii_lowercase) {
            None => None,
            Some(s) if s == "random" => None,
            Some(s) => match rules.side_named(&s) {
                Some(side) => Some(side),
                None => {
                    return Response::one(Reply::tell(
                        Msg::new("challenge-bad-side")
                            .str("game", rules.name)
                            .str("first-side", rules.side_key(Side::First))
                            .str("second-side", rules.side_key(Side::Second)),
                    ))
                }
            },
        };
        // A game against the bot has no clock unless one is asked for: the
        // bot answers at once, and a human should not lose on time to it.
        let default_time = if against_bot { "none" } else { "3d" };
        let tc = match TimeControl::parse(args.time.as_deref().unwrap_or(default_time)) {
            Ok(t) => t,
            Err(e) => return Response::one(Reply::tell(e)),
        };
        if let Ok(Some(g)) = self.store.active_game_in_channel(&ctx.channel) {
            if !args.thread {
                return Response::one(Reply::tell(
                    Msg::new("challenge-channel-busy").num("id", g.id),
                ));
            }
        }
        let options = rules.options.clone();
        let position = match crate::app::use_cases::games::start_position::position_option(
            &rules,
            args.position.as_deref(),
        ) {
            Ok(p) => p,
            Err(r) => return r,
        };
        let from_position = position.is_some();
        if from_position && args.rated {
            // A position of one's own is for practice and study: never rated.
            return Response::one(Reply::tell(Msg::new("challenge-position-rated")));
        }
        let settings = GameSettings {
            thread: args.thread,
            bot_level: against_bot.then_some(level),
            position,
        };
        let ch = NewChallenge {
            server_id: ctx.server.clone(),
            channel_id: ctx.channel.clone(),
            challenger_id: ctx.user.id.clone(),
            opponent_id: opponent.clone(),
            variant: rules.variant.to_string(),
            options,
            settings,
            challenger_side: side,
            time_control: tc,
            rated: args.rated && !against_bot && !from_position,
            created_at: ctx.now,
            expires_at: Some(ctx.now + CHALLENGE_TTL),
        };
        // One open challenge from a player to the same opponent (or to
        // anyone) per channel: a second would be posted beside the first,
        // and a bare /accept would pick one without a word.
        if !against_bot {
            match self.store.open_challenges_in_channel(&ctx.channel) {
                Ok(open) => {
                    if let Some(first) = open.iter().find(|c| {
                        c.challenger_id == ctx.user.id
                            && c.opponent_id == opponent
                            && c.expires_at.is_none_or(|t| t > ctx.now)
                    }) {
                        let m = match opponent.as_deref() {
                            Some(o) => Msg::new("challenge-duplicate").str("opponent", mention(o)),
                            None => Msg::new("challenge-duplicate-open"),
                        };
                        return Response::one(Reply::tell(m.num("id", first.id)));
                    }
                }
                Err(e) => return store_err(e),
            }
        }
        let id = match self.store.create_challenge_capped(&ch, MAX_OPEN_CHALLENGES) {
            Ok(Some(id)) => id,
            Ok(None) => {
                return Response::one(Reply::tell(
                    Msg::new("challenge-too-many").num("n", MAX_OPEN_CHALLENGES),
                ))
            }
            Err(e) => return store_err(e),
        };
        if against_bot {
            // The bot accepts at once.
            return match self.store.get_challenge(id) {
                Ok(Some(c)) => self.accept_for_bot(ctx, &c),
                Ok(None) => Response::none(),
                Err(e) => store_err(e),
            };
        }
        // The game's name with its options: names and option words, no sentence.
        let spec = if rules.options.is_empty() {
            rules.name.to_string()
        } else {
            format!("{} ({})", rules.name, rules.options.join(", "))
        };
        let m = Msg::new(if opponent.is_some() {
            "challenge-posted"
        } else {
            "challenge-posted-open"
        })
        .str("challenger", mention(&ctx.user.id))
        .str(
            "opponent",
            opponent.as_deref().map(mention).unwrap_or_default(),
        )
        .str(
            "rated",
            match (ch.rated, from_position) {
                (true, _) => "yes",
                (false, true) => "position",
                (false, false) => "no",
            },
        )
        .str("game", spec)
        .str("side", side.map_or("none", |s| rules.side_key(s)))
        .msg("time", tc.describe())
        .num("id", id);
        let mut r = Reply::say(m);
        if let Some(o) = &opponent {
            // The challenged player reads it in their language.
            r = r.for_reader(o);
        }
        // Unrated unless asked for: said, with how to ask.
        if !ch.rated && !from_position {
            r = r.then(Msg::new("challenge-unrated-note"));
        }
        // Posted in the channel: in the language of the game it proposes.
        r.game = Some(crate::app::presentation::messages::GamePlayers {
            players: [ctx.user.id.clone(), opponent.clone().unwrap_or_default()],
        });
        r.buttons = vec![
            Button::new(
                commands::button::Press::Accept(id).id(),
                Msg::new("button-accept"),
                ButtonStyle::Primary,
            ),
            Button::new(
                commands::button::Press::Decline(id).id(),
                Msg::new("button-decline"),
                ButtonStyle::Secondary,
            ),
        ];
        Response::one(r)
    }

    /// `/challenges`: the asker's open challenges, sent and received, on
    /// every server, for them alone: each with its Withdraw button, or its
    /// Accept and Decline buttons (at most [`LISTED_CHALLENGES`]; the count
    /// of the others follows).
    pub(crate) fn my_challenges(&self, ctx: &Ctx) -> Response {
        let me = &ctx.user.id;
        let all = match self.store.open_challenges_of_player(me, 100) {
            Ok(all) => all,
            Err(e) => return store_err(e),
        };
        let open: Vec<Challenge> = all
            .into_iter()
            .filter(|c| c.expires_at.is_none_or(|e| e > ctx.now))
            .collect();
        if open.is_empty() {
            return Response::one(Reply::tell(Msg::new("challenges-none")));
        }
        let mut r = Reply::tell(Msg::new("challenges-head"));
        for c in open.iter().take(LISTED_CHALLENGES) {
            let game = match rules_spec(&c.variant, &c.options) {
                Ok(rules) if rules.options.is_empty() => rules.name.to_string(),
                Ok(rules) => format!("{} ({})", rules.name, rules.options.join(", ")),
                Err(_) => c.variant.clone(),
            };
            let sent = c.challenger_id == *me;
            let line = match (sent, &c.opponent_id) {
                (true, Some(o)) => Msg::new("challenges-sent").str("player", self.name_of(o)),
                (true, None) => Msg::new("challenges-sent-open"),
                (false, _) => {
                    Msg::new("challenges-received").str("player", self.name_of(&c.challenger_id))
                }
            };
            r = r.line(
                line.num("id", c.id)
                    .str("channel", format!("<#{}>", c.channel_id))
                    .str("game", game)
                    .msg("time", c.time_control.describe()),
            );
            let press = commands::button::Press::Decline(c.id).id();
            if sent {
                r.buttons.push(Button::new(
                    press,
                    Msg::new("button-withdraw-n").num("id", c.id),
                    ButtonStyle::Secondary,
                ));
            } else {
                r.buttons.push(Button::new(
                    commands::button::Press::Accept(c.id).id(),
                    Msg::new("button-accept-n").num("id", c.id),
                    ButtonStyle::Primary,
                ));
                r.buttons.push(Button::new(
                    press,
                    Msg::new("button-decline-n").num("id", c.id),
                    ButtonStyle::Secondary,
                ));
            }
        }
        if open.len() > LISTED_CHALLENGES {
            r = r.line(Msg::new("challenges-more").num("n", open.len() - LISTED_CHALLENGES));
        }
        Response::one(r)
    }

    pub(in crate::app) fn find_challenge(
        &self,
        ctx: &Ctx,
        id: Option<&str>,
    ) -> Result<Challenge, Response> {
        if let Some(id) = id {
            let n: ChallengeId = id.parse().map_err(|_| {
                Response::one(Reply::tell(
                    Msg::new("challenge-not-a-number")
                        .str("text", id.chars().take(20).collect::<String>()),
                ))
            })?;
            // A challenge of another server (or another player's direct
            // messages) is answered as if it did not exist, unless the
            // asker is one of its players (`/challenges` lists theirs
            // from everywhere, with buttons).
            let theirs = |c: &Challenge| {
                c.challenger_id == ctx.user.id
                    || c.opponent_id.as_deref() == Some(ctx.user.id.as_str())
            };
            return match self.store.get_challenge(n) {
                Ok(Some(c)) if c.server_id == ctx.server || theirs(&c) => Ok(c),
                Ok(_) => Err(Response::one(Reply::tell(
                    Msg::new("challenge-none-here").num("id", n),
                ))),
                Err(e) => Err(store_err(e)),
            };
        }
        let open = self
            .store
            .open_challenges_in_channel(&ctx.channel)
            .map_err(store_err)?;
        open.iter()
            .rev()
            .find(|c| c.opponent_id.as_deref() == Some(ctx.user.id.as_str()))
            .or_else(|| {
                open.iter()
                    .rev()
                    .find(|c| c.opponent_id.is_none() && c.challenger_id != ctx.user.id)
            })
            .or_else(|| open.iter().rev().find(|c| c.challenger_id == ctx.user.id))
            .cloned()
            .ok_or_else(|| Response::one(Reply::tell(Msg::new("challenge-none-for-you"))))
    }

    pub(in crate::app) fn accept(&self, ctx: &Ctx, id: Option<&str>) -> Response {
        let c = match self.find_challenge(ctx, id) {
            Ok(c) => c,
            Err(r) => return r,
        };
        if c.state != ChallengeState::Open || c.expires_at.is_some_and(|e| e <= ctx.now) {
            return Response::one(Reply::tell(Msg::new("challenge-not-open").num("id", c.id)));
        }
        if c.challenger_id == ctx.user.id {
            return Response::one(Reply::tell(Msg::new("challenge-own")));
        }
        if c.opponent_id.as_ref().is_some_and(|o| *o != ctx.user.id) {
            return Response::one(Reply::tell(Msg::new("challenge-for-someone-else")));
        }
        // Neither player may go past the cap of running games against
        // people (a challenge to the bot never counts).
        if c.opponent_id.as_deref() != Some(BOT_ID) {
            match self.human_games_full(&ctx.user.id, &c.challenger_id) {
                Ok(None) => {}
                Ok(Some(0)) => return Response::one(Reply::tell(too_many_games(None))),
                Ok(Some(_)) => {
                    return Response::one(Reply::tell(too_many_games(Some(&c.challenger_id))))
                }
                Err(e) => return store_err(e),
            }
        }
        if c.settings.thread {
            let name = format!(
                "{} vs {} {}",
                self.raw_name_of(&c.challenger_id),
                ctx.user.name,
                c.variant
            );
            return Response {
                replies: vec![],
                effects: vec![Effect::OpenThread {
                    parent: c.channel_id.clone(),
                    name: slug(&name),
                    challenge: c.id,
                }],
            };
        }
        self.start_game(ctx, &c, &c.channel_id.clone())
    }

    /// The second half of a thread challenge: the front end opened the
    /// thread `channel`; start the game there.
    pub fn start_in_thread(
        &self,
        ctx: &Ctx,
        challenge: ChallengeId,
        channel: &ChannelId,
    ) -> crate::app::presentation::rendered::Response {
        self.as_request(&ctx.user.id, &ctx.server, |app| {
            if let Err(e) = app
                .store
                .upsert_channel(channel, &ctx.server, Some(&ctx.channel))
            {
                return store_err(e);
            }
            match app.store.get_challenge(challenge) {
                Ok(Some(c)) => app.start_game(ctx, &c, channel),
                Ok(None) => {
                    Response::one(Reply::tell(Msg::new("challenge-none").num("id", challenge)))
                }
                Err(e) => store_err(e),
            }
        })
    }

    pub(in crate::app) fn start_game(&self, ctx: &Ctx, c: &Challenge, channel: &str) -> Response {
        let rules = match rules_spec(&c.variant, &c.options) {
            Ok(r) => r,
            Err(e) => return Response::one(Reply::tell(spec_msg(&e))),
        };
        let seed = self.new_seed(c.id.get(), ctx.now, channel);
        // Sides: the challenger's choice, or a fair coin from the seed.
        let side = c.challenger_side;
        let acceptor = match c.opponent_id.as_deref() {
            Some(BOT_ID) => BOT_ID,
            _ => ctx.user.id.as_str(),
        };
        let players = lifecycle::seat(&c.challenger_id, acceptor, side, seed);
        let start = lifecycle::NewStart {
            server: &c.server_id,
            channel,
            rules: &rules,
            options: c.options.clone(),
            settings: c.settings.clone(),
            seed,
            players,
            challenge: Some(c.id),
            tournament_match: None,
            rated: c.rated,
            time: c.time_control,
            now: ctx.now,
        };
        let l = match lifecycle::start(self, start) {
            Ok(l) => l,
            Err(lifecycle::StartError::Store(StoreError::ChannelBusy { .. })) => {
                return Response::one(Reply::tell(
                    Msg::new("challenge-channel-busy-accept")
                        .num("id", c.id)
                        .str("challenger", mention(&c.challenger_id)),
                ))
            }
            Err(lifecycle::StartError::Store(StoreError::ChallengeNotOpen { .. })) => {
                return Response::one(Reply::tell(Msg::new("challenge-not-open").num("id", c.id)))
            }
            Err(lifecycle::StartError::Store(e)) => return store_err(e),
            Err(lifecycle::StartError::Load(id, e)) => return e.refusal(id),
        };
        let id = l.row.id;
        let title = Msg::new("game-title")
            .num("id", id)
            .str("game", l.game.rules().name);
        let mut reply = self.opening(&l, title);
        if let Some(note) = self.bot_note(&l) {
            reply = reply.then(note);
        }
        // The opening addresses the player to move first.
        let reader = l.game.to_move().map(|s| l.players[s.index()].clone());
        if let Some(r) = reader.as_deref().filter(|r| *r != BOT_ID) {
            reply = reply.for_reader(r);
        }
        let mut reply = self.with_board(&l, reply, &[], ctx.now);
        if channel != ctx.channel {
            reply = reply.to(Target::Channel(channel.into()));
        }
        let mut resp = Response::one(reply);
        if channel != c.channel_id {
            resp.replies.push(
                Reply::say(
                    Msg::new("challenge-accepted-elsewhere")
                        .num("id", c.id)
                        .str("channel", format!("<#{channel}>")),
                )
                .to(Target::Channel(c.channel_id.clone())),
            );
        }
        if ctx.channel != channel && ctx.channel != c.channel_id {
            // Accepted by number from another channel: the acceptor is told
            // where the game is.
            resp.replies.push(Reply::tell(
                Msg::new("challenge-accepted-elsewhere")
                    .num("id", c.id)
                    .str("channel", format!("<#{channel}>")),
            ));
        }
        self.notify_opening(&l, &mut resp.replies);
        resp.effects.extend(self.bot_effect(&l));
        resp
    }

    pub(in crate::app) fn decline(&self, ctx: &Ctx, id: Option<&str>) -> Response {
        let c = match self.find_challenge(ctx, id) {
            Ok(c) => c,
            Err(r) => return r,
        };
        if c.state != ChallengeState::Open {
            return Response::one(Reply::tell(Msg::new("challenge-not-open").num("id", c.id)));
        }
        let (state, id) = if c.challenger_id == ctx.user.id {
            (ChallengeState::Withdrawn, "challenge-withdrawn")
        } else if c.opponent_id.as_deref() == Some(ctx.user.id.as_str()) {
            (ChallengeState::Declined, "challenge-declined")
        } else {
            return Response::one(Reply::tell(Msg::new("challenge-decline-not-yours")));
        };
        let text = Msg::new(id)
            .str("player", mention(&ctx.user.id))
            .num("id", c.id);
        match self
            .store
            .set_challenge_state(c.id, ChallengeState::Open, state, ctx.now)
        {
            Ok(true) => {
                // In the language of the game it proposed.
                let mut r = Reply::say(text);
                r.game = Some(crate::app::presentation::messages::GamePlayers {
                    players: [
                        c.challenger_id.clone(),
                        c.opponent_id.clone().unwrap_or_default(),
                    ],
                });
                Response::one(r)
            }
            Ok(false) => Response::one(Reply::tell(Msg::new("challenge-not-open").num("id", c.id))),
            Err(e) => store_err(e),
        }
    }
}

impl App {
    /// The seed of a new game: it decides the coin toss and every throw of
    /// the dice, so it comes from the operating system's random source and
    /// is shown only once the game is over. The console (and tests) derive
    /// it from `salt` (the challenge's id, or a tournament game's number),
    /// the time and the channel instead, so a script plays the same each
    /// time ([`App::derive_seeds`]).
    pub(in crate::app) fn new_seed(&self, salt: i64, now: i64, channel: &str) -> u64 {
        if self.derived_seeds {
            game_seed(salt, now, channel)
        } else {
            os_seed()
        }
    }

    /// Seeds of new games from their challenge, time and channel rather
    /// than the operating system (the console: a script replays the same).
    pub fn derive_seeds(&mut self) {
        self.derived_seeds = true;
    }
}

/// 63 random bits from the operating system (`/dev/urandom`); where that
/// cannot be read, from the standard library's randomly keyed hasher (its
/// keys also come from the operating system).
pub(crate) fn os_seed() -> u64 {
    use std::io::Read;
    let mut b = [0u8; 8];
    let read = std::fs::File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut b));
    let n = match read {
        Ok(()) => u64::from_le_bytes(b),
        Err(e) => {
            tracing::warn!("cannot read /dev/urandom ({e}); seeding from the hasher's keys");
            use std::hash::{BuildHasher, Hasher};
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_u64(0x5eed);
            h.finish()
        }
    };
    n >> 1
}

/// A seed derived from a salt (a challenge's id ...), the time and the
/// channel: the console's (see [`App::new_seed`]). Anyone who knows the
/// three can compute it.
pub(in crate::app) fn game_seed(salt: i64, now: i64, channel: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in channel
        .bytes()
        .chain(salt.to_le_bytes())
        .chain(now.to_le_bytes())
    {
        h ^= b as u64;
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    h >> 1
}

/// A thread's name: lower case, words joined by `-`, at most 60
/// characters. A Latin letter with an accent is folded to its ASCII letter
/// by letter ("Gŵyl" is `gwyl`, never `g-yl`); letters of other scripts
/// are kept as they are.
pub(in crate::app) fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if let Some(f) = fold(c) {
            out.push_str(f);
        } else if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').chars().take(60).collect()
}

/// The ASCII letters of a Latin letter with a diacritic (Welsh's
/// to bach, acen grom, didolnod and acen ddyrchafedig among them), lower
/// case; `None` for any other character.
fn fold(c: char) -> Option<&'static str> {
    const FOLDS: &[(&str, &str)] = &[
        ("àáâãäåāăą", "a"),
        ("çćĉċč", "c"),
        ("ďđ", "d"),
        ("èéêëēĕėęě", "e"),
        ("ĝğġģ", "g"),
        ("ĥħ", "h"),
        ("ìíîïĩīĭįı", "i"),
        ("ĵ", "j"),
        ("ķ", "k"),
        ("ĺļľŀł", "l"),
        ("ñńņňŉ", "n"),
        ("òóôõöøōŏő", "o"),
        ("ŕŗř", "r"),
        ("śŝşš", "s"),
        ("ţťŧ", "t"),
        ("ùúûüũūŭůűų", "u"),
        ("ŵẁẃẅ", "w"),
        ("ýÿŷỳ", "y"),
        ("źżž", "z"),
        ("æ", "ae"),
        ("œ", "oe"),
        ("ß", "ss"),
        ("þ", "th"),
        ("ð", "d"),
    ];
    let lower = c.to_lowercase().next()?;
    FOLDS
        .iter()
        .find(|(from, _)| from.contains(lower))
        .map(|(_, to)| *to)
}

#[cfg(test)]
mod slug_tests {
    use super::slug;

    #[test]
    fn welsh_letters_fold_by_letter() {
        assert_eq!(slug("Gŵyl Tawlbwrdd r1"), "gwyl-tawlbwrdd-r1");
        assert_eq!(slug("Siân vs Llŷr tallfwrdd"), "sian-vs-llyr-tallfwrdd");
        assert_eq!(slug("ÆTHELFLÆD"), "aethelflaed");
        assert_eq!(slug("王 vs Ана"), "王-vs-ана");
        assert_eq!(slug("  --  "), "");
    }
}
