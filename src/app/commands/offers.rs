//! `/draw`, `/takeback`, `/pause [days]` and `/resume`: offers between the
//! players, and their answers (`App::offer_with`, app/use_cases/offers.rs). The
//! Accept and Decline buttons of an offer give the same answers.

use super::options::tell;
use super::{command, int, opt, Command, CommandSpec, OptSpec, Options};
use crate::app::use_cases::clock::{DAY, PAUSE_MAX_DAYS};
use crate::app::{App, Ctx, Response};
use crate::domain::OfferKind;
use crate::i18n::Msg;

/// The `answer` option of every offer: left out, the command makes the
/// offer (or agrees to the opponent's).
const ANSWER_OPTION: OptSpec = OptSpec {
    choices: &[("accept", "accept"), ("decline", "decline")],
    ..opt("answer", "cmd-draw-answer")
};

pub(super) const DRAW: CommandSpec = command("draw", "cmd-draw", &[ANSWER_OPTION], draw);

pub(super) const TAKEBACK: CommandSpec =
    command("takeback", "cmd-takeback", &[ANSWER_OPTION], takeback);

pub(super) const PAUSE: CommandSpec = command(
    "pause",
    "cmd-pause",
    &[int("days", "cmd-pause-days"), ANSWER_OPTION],
    pause,
);

pub(super) const RESUME: CommandSpec = command("resume", "cmd-resume", &[ANSWER_OPTION], resume);

/// An offer's options.
#[derive(Debug)]
pub struct Args {
    pub kind: OfferKind,
    /// `accept` or `decline` as typed; `None`: make the offer (or agree).
    pub answer: Option<String>,
    /// The length of a pause asked for, in seconds; `None`: the default.
    pub span: Option<i64>,
}

fn offer(kind: OfferKind, o: &Options) -> Result<Command, Response> {
    Ok(Command::Offer(Args {
        kind,
        answer: o.text("answer"),
        span: None,
    }))
}

fn draw(o: &Options) -> Result<Command, Response> {
    offer(OfferKind::Draw, o)
}

fn takeback(o: &Options) -> Result<Command, Response> {
    offer(OfferKind::Takeback, o)
}

fn resume(o: &Options) -> Result<Command, Response> {
    offer(OfferKind::Resume, o)
}

/// `/pause [days:N]`: a length outside 1 to [`PAUSE_MAX_DAYS`] is refused
/// before anything is read.
fn pause(o: &Options) -> Result<Command, Response> {
    let span = match o.text("days").map(|d| d.parse::<i64>()) {
        None => None,
        Some(Ok(d)) if (1..=PAUSE_MAX_DAYS).contains(&d) => Some(d * DAY),
        Some(_) => return Err(tell(Msg::new("pause-days-bad").num("max", PAUSE_MAX_DAYS))),
    };
    Ok(Command::Offer(Args {
        kind: OfferKind::Pause,
        answer: o.text("answer"),
        span,
    }))
}

impl Args {
    pub(super) fn run(self, app: &App, ctx: &Ctx) -> Response {
        app.offer_with(ctx, self.kind, self.answer.as_deref(), self.span)
    }
}
