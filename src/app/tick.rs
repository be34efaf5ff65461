//! What the clock and the server do: ticks, members leaving, match threads.

use super::{
    presentation::rendered, use_cases::tournaments, App, ChannelId, Ctx, MatchId, ServerId,
    TickReport, UserId,
};

impl App {
    /// Runs whatever has fallen due by `now`: losses on time, cancelled
    /// games, expired challenges, scheduled tournament starts, and bot
    /// turns nobody is working on (as effects). Of several processes on
    /// one database each item is done by the one that claims it. Replies are
    /// addressed to channels; effects (match threads to open) as for
    /// [`App::handle`].
    pub fn tick(&self, now: i64) -> rendered::Response {
        self.tick_report(now).0
    }

    /// [`App::tick`], with a report of what failed (the scheduler backs off
    /// when something did). Each due item is handled on its own: see
    /// `run_clocks` in `app/use_cases/clock/mod.rs`.
    pub fn tick_report(&self, now: i64) -> (rendered::Response, TickReport) {
        // What the pass reads of players and servers, it reads once.
        self.for_request(&UserId::default()).tick_once(now)
    }

    fn tick_once(&self, now: i64) -> (rendered::Response, TickReport) {
        // Nothing is judged while the gateway is down: that time is
        // downtime, made up for when it is back (app/runtime/gateway.rs).
        if !self.gateway_up() {
            return (rendered::Response::default(), TickReport::default());
        }
        // Vacations whose end has come start their clocks again first.
        self.vacation_ends(now);
        let (mut resp, report) = self.run_clocks(now);
        let mut out = std::mem::take(&mut resp.replies);
        let starts = tournaments::tick(self, now);
        out.extend(starts.replies);
        resp.effects.extend(starts.effects);
        resp.effects.extend(self.bot_turns_due(now));
        let repaired = tournaments::repair(self, now);
        out.extend(repaired.replies);
        resp.effects.extend(repaired.effects);
        resp.replies = out;
        // With the outbox, what is left to tell (scheduled tournament
        // starts, repairs) is put in it now.
        let resp = self.after_commit(resp, now);
        (
            self.localise(resp, &UserId::default(), &ServerId::default()),
            report,
        )
    }

    /// A member left the server (the Discord adapter calls this on a
    /// member-remove event): they withdraw from that server's tournaments,
    /// forfeiting their remaining games. Replies are addressed to channels.
    pub fn member_left(&self, server: &ServerId, user: &UserId, now: i64) -> rendered::Response {
        self.as_request(&UserId::default(), server, |app| {
            tournaments::member_left(app, server, user, now)
        })
    }

    /// Channel (or thread) `channel` of `server` was deleted (the Discord
    /// adapter calls this on a channel or thread delete event): its game
    /// in progress is aborted, and a tournament game is played again in
    /// the tournament's channel. Replies are addressed to channels and DMs.
    pub fn channel_deleted(
        &self,
        server: &ServerId,
        channel: &ChannelId,
        now: i64,
    ) -> rendered::Response {
        self.as_request(&UserId::default(), server, |app| {
            tournaments::channel_deleted(app, server, channel, now)
        })
    }

    /// The second half of pairing a tournament round: the front end opened
    /// the thread `thread` for match `match_id` (see
    /// [`Effect::OpenMatchThread`]); start the match's game there.
    pub fn start_match_in_thread(
        &self,
        ctx: &Ctx,
        match_id: MatchId,
        thread: &ChannelId,
    ) -> rendered::Response {
        self.as_request(&ctx.user.id, &ctx.server, |app| {
            tournaments::start_match_in_thread(app, ctx, match_id, thread)
        })
    }

    /// The front end could not open the thread of [`Effect::OpenMatchThread`]:
    /// the match's game is played in the tournament's channel instead (if
    /// that channel has no game in progress; otherwise the channel is told
    /// and `/tournament start` tries the thread again).
    pub fn match_thread_failed(&self, ctx: &Ctx, match_id: MatchId) -> rendered::Response {
        self.as_request(&ctx.user.id, &ctx.server, |app| {
            tournaments::match_thread_failed(app, ctx, match_id)
        })
    }

    /// The front end tried to give the winner of `tournament` its role
    /// ([`Effect::GrantRole`]): `given` says whether it could. Said in the
    /// tournament's channel; a refusal tells the organiser what to change.
    pub fn role_given(
        &self,
        tournament: crate::domain::TournamentId,
        user: &UserId,
        role: &crate::domain::RoleId,
        outcome: crate::domain::RoleGrant,
    ) -> rendered::Response {
        self.as_request(&UserId::default(), &ServerId::default(), |app| {
            tournaments::role_given(app, tournament, user, role, outcome)
        })
    }

    /// When the next clock event is due (for the front end's timer).
    pub fn next_due(&self) -> Option<i64> {
        [
            self.next_due_of(crate::store::DueColumn::Deadline),
            self.next_due_of(crate::store::DueColumn::RemindAt),
            self.next_due_of(crate::store::DueColumn::PauseEnd),
            self.next_due_of(crate::store::DueColumn::ChallengeExpiry),
        ]
        .into_iter()
        .flatten()
        .chain(tournaments::next_start(self))
        .chain(self.next_vacation_end())
        .min()
    }
}
