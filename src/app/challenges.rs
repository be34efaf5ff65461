//! Challenges: post, accept (here or in a thread), decline.

use super::*;

impl App {
    pub(super) fn challenge(&self, ctx: &Ctx, args: &[(String, String)]) -> Response {
        let variant = arg(args, "variant").unwrap_or("tawlbwrdd");
        let mut options: Vec<String> = arg(args, "options")
            .map(|o| {
                o.split([',', ' '])
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default();
        let rules = match Ruleset::from_spec(variant, &options) {
            Ok(r) => r,
            Err(e) => return Response::one(Reply::private(e)),
        };
        let opponent = arg(args, "opponent").map(|o| {
            o.trim_start_matches("<@")
                .trim_start_matches('@')
                .trim_end_matches('>')
                .to_string()
        });
        if opponent.as_deref() == Some(ctx.user.id.as_str()) {
            return Response::one(Reply::private("You cannot challenge yourself: challenge a friend, or leave the opponent out for an open challenge."));
        }
        let against_bot = opponent.as_deref() == Some(BOT_ID)
            || ctx.mentioned.iter().any(|u| {
                Some(&u.id) == opponent.as_ref() && u.name.eq_ignore_ascii_case("tawlbot")
            });
        let opponent = if against_bot {
            Some(BOT_ID.to_string())
        } else {
            opponent
        };
        let level = match bot::parse_level(arg(args, "level")) {
            Ok(l) => l,
            Err(e) => return Response::one(Reply::private(e)),
        };
        let side = match arg(args, "side").map(str::to_ascii_lowercase) {
            None => None,
            Some(s) if s == "random" => None,
            Some(s) => match rules.parse_side(&s) {
                Some(side) => Some(rules.side_name(side).to_string()),
                None => {
                    return Response::one(Reply::private(format!(
                        "In {} the sides are {} and {}.",
                        rules.name,
                        rules.side_name(Side::First),
                        rules.side_name(Side::Second)
                    )))
                }
            },
        };
        let tc = match TimeControl::parse(arg(args, "time").unwrap_or("3d")) {
            Ok(t) => t,
            Err(e) => return Response::one(Reply::tell(e)),
        };
        if let Ok(Some(g)) = self.store.active_game_in_channel(&ctx.channel) {
            if !truthy(arg(args, "thread")) {
                return Response::one(Reply::private(format!(
                    "This channel already has a game (game {}). Finish it first, or add thread:true to play in a thread.",
                    g.id
                )));
            }
        }
        options = rules.options.clone();
        if truthy(arg(args, "thread")) {
            options.push(THREAD_FLAG.into());
        }
        if against_bot {
            options.push(format!("{}{level}", bot::LEVEL_PREFIX));
        }
        let ch = NewChallenge {
            server_id: ctx.server.clone(),
            channel_id: ctx.channel.clone(),
            challenger_id: ctx.user.id.clone(),
            opponent_id: opponent.clone(),
            variant: rules.variant.to_string(),
            options,
            challenger_side: side.clone(),
            time_control: tc.to_string(),
            rated: truthy(arg(args, "rated")) && !against_bot,
            created_at: ctx.now,
            expires_at: Some(ctx.now + CHALLENGE_TTL),
        };
        let id = match self.store.create_challenge_capped(&ch, MAX_OPEN_CHALLENGES) {
            Ok(Some(id)) => id,
            Ok(None) => {
                return Response::one(Reply::private(format!(
                    "You already have {MAX_OPEN_CHALLENGES} open challenges on this server: wait for an answer, or withdraw one with /decline id:N."
                )))
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
        let who = match &opponent {
            Some(o) => format!("{} challenges {}", mention(&ctx.user.id), mention(o)),
            None => format!(
                "{} posts an open challenge: anyone may take it",
                mention(&ctx.user.id)
            ),
        };
        let spec = if rules.options.is_empty() {
            rules.name.to_string()
        } else {
            format!("{} ({})", rules.name, rules.options.join(", "))
        };
        let side_txt = side
            .map(|s| format!(", playing the {s}"))
            .unwrap_or_default();
        let text = format!(
            "{who} to a{} game of {spec}{side_txt}, {}. Challenge {id}: press Accept or type /accept (it expires in a day).",
            if ch.rated { " rated" } else { "" },
            crate::i18n::t(crate::i18n::Lang::En, &tc.describe())
        );
        let mut r = Reply::text(text);
        r.buttons = vec![
            Button::new(
                format!("accept:{id}"),
                Msg::new("button-accept"),
                ButtonStyle::Primary,
            ),
            Button::new(
                format!("decline:{id}"),
                Msg::new("button-decline"),
                ButtonStyle::Secondary,
            ),
        ];
        Response::one(r)
    }

    pub(super) fn find_challenge(
        &self,
        ctx: &Ctx,
        id: Option<&str>,
    ) -> Result<Challenge, Response> {
        if let Some(id) = id {
            let n: i64 = id.trim().parse().map_err(|_| {
                Response::one(Reply::private(format!("{id} is not a challenge number.")))
            })?;
            // A challenge of another server (or another player's direct
            // messages) is answered as if it did not exist.
            return match self.store.get_challenge(n) {
                Ok(Some(c)) if c.server_id == ctx.server => Ok(c),
                Ok(_) => Err(Response::one(Reply::private(format!(
                    "There is no challenge {n} here."
                )))),
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
            .ok_or_else(|| {
                Response::one(Reply::private("There is no open challenge here for you."))
            })
    }

    pub(super) fn accept(&self, ctx: &Ctx, id: Option<&str>) -> Response {
        let c = match self.find_challenge(ctx, id) {
            Ok(c) => c,
            Err(r) => return r,
        };
        if c.state != "open" || c.expires_at.is_some_and(|e| e <= ctx.now) {
            return Response::one(Reply::private(format!(
                "Challenge {} is no longer open.",
                c.id
            )));
        }
        if c.challenger_id == ctx.user.id {
            return Response::one(Reply::private(
                "That is your own challenge: wait for someone to accept it.",
            ));
        }
        if c.opponent_id.as_ref().is_some_and(|o| *o != ctx.user.id) {
            return Response::one(Reply::private("That challenge is for someone else."));
        }
        if c.options.iter().any(|o| o == THREAD_FLAG) {
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
    pub fn start_in_thread(&self, ctx: &Ctx, challenge: i64, channel: &str) -> Response {
        let resp = {
            let _ = self
                .store
                .upsert_channel(channel, &ctx.server, Some(&ctx.channel));
            match self.store.get_challenge(challenge) {
                Ok(Some(c)) => self.start_game(ctx, &c, channel),
                Ok(None) => Response::one(Reply::private(format!(
                    "There is no challenge {challenge}."
                ))),
                Err(e) => store_err(e),
            }
        };
        self.localise(resp, &ctx.user.id, &ctx.server)
    }

    pub(super) fn start_game(&self, ctx: &Ctx, c: &Challenge, channel: &str) -> Response {
        let rules = match rules_of(&c.variant, &c.options) {
            Ok(r) => r,
            Err(e) => return Response::one(Reply::private(e)),
        };
        let seed = game_seed(c.id, ctx.now, channel);
        // Sides: the challenger's choice, or a fair coin from the seed.
        let side = c
            .challenger_side
            .as_deref()
            .and_then(|s| rules.parse_side(s));
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
            seed,
            players,
            challenge: Some(c.id),
            tournament_match: None,
            rated: c.rated,
            time: TimeControl::parse(&c.time_control).unwrap_or_default(),
            now: ctx.now,
        };
        let l = match lifecycle::start(self, start) {
            Ok(l) => l,
            Err(lifecycle::StartError::Store(StoreError::ChannelBusy { .. })) => {
                return Response::one(Reply::private(
                "This channel already has a game: finish it first, or challenge with thread:true.",
            ))
            }
            Err(lifecycle::StartError::Store(StoreError::ChallengeNotOpen { .. })) => {
                return Response::one(Reply::private(format!(
                    "Challenge {} is no longer open.",
                    c.id
                )))
            }
            Err(lifecycle::StartError::Store(e)) => return store_err(e),
            Err(lifecycle::StartError::Load(e)) => return Response::one(Reply::private(e)),
        };
        let id = l.row.id;
        let mut text = self.opening_text(&l, &format!("Game {id}: {} —", l.game.rules().name));
        if let Some(note) = self.bot_note(&l) {
            text.push(' ');
            text.push_str(&note);
        }
        let mut reply = self.board_reply(&l, text, &[]);
        if channel != ctx.channel {
            reply = reply.to(Target::Channel(channel.to_string()));
        }
        let mut resp = Response::one(reply);
        if channel != c.channel_id {
            resp.replies.push(
                Reply::text(format!(
                    "Challenge {} accepted: the game is on in <#{channel}>.",
                    c.id
                ))
                .to(Target::Channel(c.channel_id.clone())),
            );
        }
        resp.effects.extend(self.bot_effect(&l));
        resp
    }

    pub(super) fn decline(&self, ctx: &Ctx, id: Option<&str>) -> Response {
        let c = match self.find_challenge(ctx, id) {
            Ok(c) => c,
            Err(r) => return r,
        };
        if c.state != "open" {
            return Response::one(Reply::private(format!(
                "Challenge {} is no longer open.",
                c.id
            )));
        }
        let (state, text) = if c.challenger_id == ctx.user.id {
            (
                "withdrawn",
                format!("{} withdrew challenge {}.", mention(&ctx.user.id), c.id),
            )
        } else if c.opponent_id.as_deref() == Some(ctx.user.id.as_str()) {
            (
                "declined",
                format!("{} declined challenge {}.", mention(&ctx.user.id), c.id),
            )
        } else {
            return Response::one(Reply::private(
                "Only the challenger or the one challenged can decline a challenge.",
            ));
        };
        match self.store.set_challenge_state(c.id, "open", state, ctx.now) {
            Ok(true) => Response::one(Reply::text(text)),
            Ok(false) => Response::one(Reply::private(format!(
                "Challenge {} is no longer open.",
                c.id
            ))),
            Err(e) => store_err(e),
        }
    }
}

pub(super) fn game_seed(challenge: i64, now: i64, channel: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in channel
        .bytes()
        .chain(challenge.to_le_bytes())
        .chain(now.to_le_bytes())
    {
        h ^= b as u64;
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    h >> 1
}

pub(super) fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').chars().take(60).collect()
}
