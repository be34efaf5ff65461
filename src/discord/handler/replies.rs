//! Where a reply goes: the interaction's response, its edit or a follow-up,
//! the channel of a message, another channel or a DM.

use super::{
    build, post, CommandInteraction, ComponentInteraction, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage,
    EditInteractionResponse, Handler, Http, InteractionId, Message, Reply, Target,
};
use serenity::builder::Builder as _;

/// Where an input came from, and so where `Target::Here` replies go.
#[derive(Clone, Copy)]
pub(super) enum Origin<'a> {
    Message(&'a Message),
    Command(&'a CommandInteraction),
    Component(&'a ComponentInteraction),
}

impl Origin<'_> {
    pub(super) fn is_interaction(&self) -> bool {
        !matches!(self, Origin::Message(_))
    }
    /// The interaction's id and token.
    pub(super) fn interaction(&self) -> Option<(InteractionId, &str)> {
        match self {
            Origin::Message(_) => None,
            Origin::Command(i) => Some((i.id, i.token.as_str())),
            Origin::Component(i) => Some((i.id, i.token.as_str())),
        }
    }
}

/// Where the answer to an interaction stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Answer {
    /// Nothing sent yet: the first reply is the interaction's response.
    Pending,
    /// Deferred ("tawlbot is thinking…"): the first reply edits that response.
    Deferred { ephemeral: bool },
    /// Answered (or not an interaction): replies are follow-ups.
    Done,
}

impl Handler {
    /// Sends one reply. `answered`: the interaction already has its response
    /// (always `true` outside interactions, as for the scheduler).
    pub(super) async fn send(
        &self,
        http: &Http,
        origin: Option<Origin<'_>>,
        r: &Reply,
        answered: &mut bool,
    ) {
        let mut answer = if *answered {
            Answer::Done
        } else {
            Answer::Pending
        };
        self.send_reply(http, origin, r, &mut answer).await;
        *answered = answer == Answer::Done;
    }

    /// Answers an interaction with "thinking…" (public unless `ephemeral`).
    pub(super) async fn defer(
        &self,
        http: &Http,
        origin: Origin<'_>,
        ephemeral: bool,
        answer: &mut Answer,
    ) {
        let Some((id, token)) = origin.interaction() else {
            return;
        };
        if *answer != Answer::Pending {
            return;
        }
        let resp = CreateInteractionResponse::Defer(
            CreateInteractionResponseMessage::new().ephemeral(ephemeral),
        );
        match resp.execute(http, (id, token)).await {
            Ok(()) => *answer = Answer::Deferred { ephemeral },
            Err(e) => tracing::warn!("could not defer an interaction: {e}"),
        }
    }

    /// Sends one reply; `answer` says where the interaction's answer stands.
    pub(super) async fn send_reply(
        &self,
        http: &Http,
        origin: Option<Origin<'_>>,
        r: &Reply,
        answer: &mut Answer,
    ) {
        let result = match (&r.target, origin) {
            (Target::Here, Some(Origin::Message(msg))) => msg
                .channel_id
                .send_message(http, build::<CreateMessage>(r).reference_message(msg))
                .await
                .map(|_| ()),
            (Target::Here, Some(o)) => {
                let Some((id, token)) = o.interaction() else {
                    return;
                };
                match *answer {
                    Answer::Pending => {
                        *answer = Answer::Done;
                        CreateInteractionResponse::Message(build(r))
                            .execute(http, (id, token))
                            .await
                    }
                    Answer::Deferred { ephemeral } if ephemeral == r.ephemeral => {
                        *answer = Answer::Done;
                        build::<EditInteractionResponse>(r)
                            .execute(http, token)
                            .await
                            .map(|_| ())
                    }
                    Answer::Deferred { .. } => {
                        // The "thinking…" message cannot change between private
                        // and public: replace it with a follow-up.
                        *answer = Answer::Done;
                        if let Err(e) = http.delete_original_interaction_response(token).await {
                            tracing::warn!("could not remove a deferred response: {e}");
                        }
                        build::<CreateInteractionResponseFollowup>(r)
                            .execute(http, (None, token))
                            .await
                            .map(|_| ())
                    }
                    Answer::Done => build::<CreateInteractionResponseFollowup>(r)
                        .execute(http, (None, token))
                        .await
                        .map(|_| ()),
                }
            }
            (Target::Here, None) => Ok(()),
            (Target::Channel(_) | Target::Dm(_), _) => post(http, r).await,
        };
        if let Err(e) = result {
            tracing::warn!("could not send a reply to {:?}: {e}", r.target);
        }
    }
}
