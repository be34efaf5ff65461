//! How players hear that it is their turn: mentions, direct messages,
//! reminders and the daily digest, each in its reader's language.

use super::scheduler::Fail;
use super::DAY;
use crate::app::presentation::messages::Part;
use crate::app::use_cases::clock::time::span;
use crate::app::{mention, App, Loaded, Reply, Response, Target};

/// How often a digest player's games are looked at for a digest.
const DIGEST_LOOK_EVERY: i64 = 3600;
use crate::i18n::{Arg, Msg};
use crate::store::{GameId, ReminderClaim, UserId};

/// The player setting that holds [`Notify`].
pub(crate) const NOTIFY_SETTING: &str = "notify";

/// How a player wants to hear about their turns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Notify {
    #[default]
    Mention,
    Dm,
    Both,
    Digest,
}

impl Notify {
    pub fn parse(s: &str) -> Option<Notify> {
        match s.trim().to_ascii_lowercase().as_str() {
            "mention" | "mentions" => Some(Notify::Mention),
            "dm" | "dms" | "direct" => Some(Notify::Dm),
            "both" => Some(Notify::Both),
            "digest" | "daily" => Some(Notify::Digest),
            _ => None,
        }
    }
    pub fn mentions(self) -> bool {
        matches!(self, Notify::Mention | Notify::Both)
    }
    pub fn dms(self) -> bool {
        matches!(self, Notify::Dm | Notify::Both)
    }
}

impl App {
    /// How `player` chose to hear about their turns (read once a request,
    /// with their other choices: see app/presentation/reader.rs).
    pub(crate) fn notify_of(&self, player: &UserId) -> Notify {
        self.seen_by(player).notify
    }

    /// Applies a player's notification choice to a turn message: the
    /// channel text names instead of mentioning them if they asked for
    /// DMs only, and a DM (`notify-dm-turn`, in their language) is added if
    /// they asked for one. `summary`: what was played (a `played-summary`
    /// message, or text).
    pub(crate) fn notify_turn(
        &self,
        l: &Loaded,
        replies: &mut Vec<Reply>,
        summary: impl Into<Arg>,
    ) {
        let Some(side) = l.game.to_move() else { return };
        let player = &l.players[side.index()];
        let how = self.notify_of(player);
        if !how.mentions() {
            let (from, name) = (mention(player), self.name_of(player));
            for r in replies.iter_mut() {
                unmention(r, &from, &name);
            }
        }
        if how.dms() && !crate::app::use_cases::bot::is_bot(player) {
            replies.push(
                Reply::say(
                    Msg::new("notify-dm-turn")
                        .num("id", l.row.id)
                        .str("channel", channel_mention(&l.row.channel_id))
                        .arg("summary", summary),
                )
                .to(Target::Dm(player.clone())),
            );
        }
    }

    /// A game event that concerns `player`, one of the game's players, as
    /// they asked with `/notify how:`: the channel replies name instead of
    /// mentioning a player who chose direct messages (or the digest), and a
    /// player who chose direct messages (`dm`, `both`) gets `dm` by direct
    /// message, in their own language.
    pub(crate) fn notify_event(
        &self,
        l: &Loaded,
        player: &UserId,
        replies: &mut Vec<Reply>,
        dm: Option<Msg>,
    ) {
        if player.is_empty() || crate::app::use_cases::bot::is_bot(player) {
            return;
        }
        let how = self.notify_of(player);
        if !how.mentions() {
            let (from, name) = (mention(player), self.name_of(player));
            for r in replies
                .iter_mut()
                .filter(|r| !matches!(r.target, Target::Dm(_)))
            {
                unmention(r, &from, &name);
            }
        }
        if let Some(m) = dm.filter(|_| how.dms()) {
            replies.push(
                Reply::say(m)
                    .on_server(&l.row.server_id)
                    .to(Target::Dm(player.clone())),
            );
        }
    }

    /// The replies about game `l`, with every player who chose not to be
    /// mentioned (`/notify how:dm` or the digest) named instead.
    pub(crate) fn quiet(&self, l: &Loaded, replies: &mut Vec<Reply>) {
        for p in l.players.clone() {
            self.notify_event(l, &p, replies, None);
        }
    }

    /// A game that just ended, told to each player as they asked (see
    /// [`App::notify_event`]), except `actor`, who ended it.
    pub(crate) fn notify_end(&self, l: &Loaded, actor: Option<&UserId>, replies: &mut Vec<Reply>) {
        let Some(o) = l.game.outcome() else { return };
        for p in l.players.clone() {
            if Some(&p) == actor {
                continue;
            }
            let dm = Msg::new("notify-dm-ended")
                .num("id", l.row.id)
                .str("channel", channel_mention(&l.row.channel_id))
                .msg("outcome", crate::app::outcome_msg(&l.game, o));
            self.notify_event(l, &p, replies, Some(dm));
        }
    }

    /// A game that just began, told as each player asked: the player to
    /// move first gets a direct message for the first move (see
    /// [`App::notify_turn`]); neither is mentioned if they chose not to be.
    pub(crate) fn notify_opening(&self, l: &Loaded, replies: &mut Vec<Reply>) {
        self.notify_turn(l, replies, Msg::new("notify-summary-start"));
        if let Some(s) = l.game.to_move() {
            let other = l.players[s.other().index()].clone();
            self.notify_event(l, &other, replies, None);
        }
    }

    /// `/notify how`.
    pub(crate) fn set_notify(&self, user: &UserId, how: Option<&str>) -> Reply {
        let Some(n) = how.and_then(Notify::parse) else {
            return Reply::tell(Msg::new("notify-choose"));
        };
        let word = match n {
            Notify::Mention => "mention",
            Notify::Dm => "dm",
            Notify::Both => "both",
            Notify::Digest => "digest",
        };
        if let Err(e) = self.set_choice(user, NOTIFY_SETTING, word) {
            return crate::app::store_err(e).replies.remove(0);
        }
        Reply::tell(Msg::new(match n {
            Notify::Mention => "notify-set-mention",
            Notify::Dm => "notify-set-dm",
            Notify::Both => "notify-set-both",
            Notify::Digest => "notify-set-digest",
        }))
    }

    /// A reminder fell due. Everything it needs is read first, so that a
    /// busy or failing read holds the item back to be retried (the reminder
    /// comes late, never lost); then it is recorded as sent (with the next
    /// reminder computed in the same transaction), and only then sent: a
    /// broken database means a lost reminder, never a stream of them.
    pub(super) fn reminder_item(&self, id: GameId, now: i64) -> Result<Response, Fail> {
        let reply = match self.load_id(id)? {
            Some(l) => self.reminder_of(&l, id, now),
            None => None,
        };
        // With the outbox, the reminder is written in the transaction that
        // records it as sent.
        let (out, told) = self.outbound(reply.unwrap_or_else(Response::none));
        if self.store.claim_reminder_with(id, now, DAY, &out)? != ReminderClaim::Send {
            return Ok(Response::none());
        }
        Ok(told)
    }

    /// The reminder of game `id` to whoever is to move, if anyone is on a
    /// clock. Reads nothing that can fail.
    fn reminder_of(&self, l: &Loaded, id: GameId, now: i64) -> Option<Response> {
        let (Some(side), Some(deadline)) = (l.game.to_move(), l.row.deadline) else {
            return None;
        };
        let mut out = Vec::new();
        let player = l.players[side.index()].clone();
        // A player on vacation is not reminded (the reminder is claimed
        // all the same, so it does not fall due again).
        if self.vacation_until(&player, now).is_some() {
            return None;
        }
        let left = span(deadline - now);
        let how = self.notify_of(&player);
        // A player who chose quiet (direct messages, the digest) is named,
        // never mentioned.
        let who = if how.mentions() {
            mention(&player)
        } else {
            self.name_of(&player)
        };
        out.push(
            Reply::say(
                Msg::new("reminder-channel")
                    .str("player", who)
                    .num("id", id)
                    .msg("span", left.clone()),
            )
            .for_reader(&player)
            .to(Target::Channel(l.row.channel_id.clone())),
        );
        if how.dms() {
            out.push(
                Reply::say(
                    Msg::new("reminder-dm")
                        .num("id", id)
                        .str("channel", channel_mention(&l.row.channel_id))
                        .msg("span", left),
                )
                .to(Target::Dm(player)),
            );
        }
        Some(
            Response {
                replies: out,
                effects: Vec::new(),
            }
            .on_server(&l.row.server_id),
        )
    }

    /// A player's daily digest. At most once an hour the player's games
    /// are looked at (a failing read holds the digest back to be retried);
    /// when none waits for them nothing is recorded, so the digest goes out
    /// as soon as one does (marking it sent at a look that found nothing
    /// let a player on a one-day clock go a day unwarned). When one waits,
    /// the digest is recorded as sent (once a day, whichever process
    /// claims it, with the outbox written in the same transaction), then
    /// sent. The list is put together in the player's
    /// language here; a player who chose none reads the default of the
    /// server of their latest game.
    pub(super) fn digest_item(&self, p: &UserId, now: i64) -> Result<Response, Fail> {
        // No digest while the player is on vacation.
        if self.vacation_until(p, now).is_some() {
            return Ok(Response::none());
        }
        if !self
            .store
            .claim_digest(p, "digest_checked_at", now, DIGEST_LOOK_EVERY)?
        {
            return Ok(Response::none());
        }
        let games = self.store.games_of_player(p, true, 50)?;
        let server = games
            .first()
            .map(|g| g.server_id.clone())
            .unwrap_or_default();
        let lang = self.lang_of(p, &server);
        let mut waiting = Vec::new();
        for row in games {
            let (id, ch, deadline) = (row.id, row.channel_id.clone(), row.deadline);
            if let Ok(l) = self.load(row) {
                if l.game.to_move().map(|s| l.players[s.index()] == *p) == Some(true) {
                    let item = match deadline {
                        Some(d) => Msg::new("digest-item-left").msg("span", span(d - now)),
                        None => Msg::new("digest-item"),
                    }
                    .num("id", id)
                    .str("channel", channel_mention(&ch));
                    waiting.push(crate::i18n::t(lang, &item));
                }
            }
        }
        if waiting.is_empty() {
            return Ok(Response::none());
        }
        let told = Response::one(
            Reply::say(
                Msg::new("digest")
                    .num("n", waiting.len())
                    .str("list", waiting.join("; ")),
            )
            .on_server(&server)
            .to(Target::Dm(p.into())),
        );
        // Built first, then recorded as sent, with the outbox in the same
        // transaction.
        let (out, told) = self.outbound(told);
        if !self
            .store
            .claim_digest_with(p, "digest_at", now, DAY, &out)?
        {
            return Ok(Response::none());
        }
        Ok(told)
    }
}

/// `<#channel>`: a channel mention (no sentence).
fn channel_mention(channel: &str) -> String {
    format!("<#{channel}>")
}

/// Writes `name` for the mention `from` in a reply not yet localised.
fn unmention(r: &mut Reply, from: &str, name: &str) {
    fn in_msg(m: &mut Msg, from: &str, name: &str) {
        for (_, a) in m.args.iter_mut() {
            match a {
                Arg::Str(s) => *s = s.replace(from, name),
                Arg::Msg(inner) => in_msg(inner, from, name),
                Arg::Num(_) | Arg::Time(_) => {}
            }
        }
    }
    for part in r.body.iter_mut() {
        match part {
            Part::Raw(s) => *s = s.replace(from, name),
            Part::Msg(m) => in_msg(m, from, name),
            Part::Break => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unmention_reaches_raw_parts_and_nested_arguments() {
        let mut r = Reply::say(
            Msg::new("played")
                .str("player", "<@1>")
                .msg("status", Msg::new("status-to-move").str("player", "<@2>")),
        )
        .prefix("<@2>");
        unmention(&mut r, "<@2>", "Bob");
        assert_eq!(r.body[0], Part::Raw("Bob".into()));
        let Part::Msg(m) = &r.body[1] else { panic!() };
        assert_eq!(m.args[0].1, Arg::Str("<@1>".into()));
        let Arg::Msg(inner) = &m.args[1].1 else {
            panic!()
        };
        assert_eq!(inner.args[0].1, Arg::Str("Bob".into()));
    }
}
