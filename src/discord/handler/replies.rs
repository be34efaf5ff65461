//! A `Reply` becomes a Discord message, interaction response, edit or
//! follow-up, and is sent where its target says.

use super::*;

/// Who a message may ping: exactly the users the app mentions as `<@id>` in
/// `text`; never roles, `@everyone` or `@here`, and not the author of a message
/// replied to (unless mentioned).
pub(crate) fn allowed_mentions(text: &str) -> CreateAllowedMentions {
    CreateAllowedMentions::new()
        .users(
            escape::pinged_users(text)
                .into_iter()
                .filter(|id| *id > 0)
                .map(UserId::new),
        )
        .replied_user(false)
}

fn components(reply: &Reply) -> Vec<CreateActionRow> {
    reply
        .buttons
        .chunks(5)
        .take(5)
        .map(|row| {
            CreateActionRow::Buttons(
                row.iter()
                    .filter(|b| {
                        let ok = (1..=MAX_CUSTOM_ID).contains(&b.id.len());
                        if !ok {
                            tracing::warn!("a button id is too long for Discord: {:?}", b.id);
                        }
                        ok
                    })
                    .map(|b| {
                        CreateButton::new(b.id.clone())
                            .label(clip_to(&b.label, MAX_LABEL))
                            .style(match b.style {
                                ButtonStyle::Primary => DButtonStyle::Primary,
                                ButtonStyle::Secondary => DButtonStyle::Secondary,
                                ButtonStyle::Danger => DButtonStyle::Danger,
                            })
                    })
                    .collect(),
            )
        })
        .collect()
}

fn attachments(reply: &Reply) -> Vec<CreateAttachment> {
    reply
        .files
        .iter()
        .map(|f| {
            let a = CreateAttachment::bytes(f.bytes.clone(), f.name.clone());
            if f.description.is_empty() {
                a
            } else {
                a.description(f.description.clone())
            }
        })
        .collect()
}

pub(crate) fn channel_message(reply: &Reply) -> CreateMessage {
    let text = clip(&reply.text);
    let mut m = CreateMessage::new()
        .components(components(reply))
        .add_files(attachments(reply))
        .allowed_mentions(allowed_mentions(&text));
    if !text.is_empty() {
        m = m.content(text);
    }
    m
}

fn response_message(r: &Reply) -> CreateInteractionResponseMessage {
    let text = clip(&r.text);
    let mut m = CreateInteractionResponseMessage::new()
        .ephemeral(r.ephemeral)
        .components(components(r))
        .add_files(attachments(r))
        .allowed_mentions(allowed_mentions(&text));
    if !text.is_empty() {
        m = m.content(text);
    }
    m
}

fn followup_message(r: &Reply) -> CreateInteractionResponseFollowup {
    let text = clip(&r.text);
    let mut m = CreateInteractionResponseFollowup::new()
        .ephemeral(r.ephemeral)
        .components(components(r))
        .add_files(attachments(r))
        .allowed_mentions(allowed_mentions(&text));
    if !text.is_empty() {
        m = m.content(text);
    }
    m
}

/// The edit that turns a deferred response into the reply.
fn edit_message(r: &Reply) -> EditInteractionResponse {
    let text = clip(&r.text);
    let mut m = EditInteractionResponse::new()
        .components(components(r))
        .allowed_mentions(allowed_mentions(&text));
    for a in attachments(r) {
        m = m.new_attachment(a);
    }
    if !text.is_empty() {
        m = m.content(text);
    }
    m
}

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
                .send_message(http, channel_message(r).reference_message(msg))
                .await
                .map(|_| ()),
            (Target::Here, Some(o)) => {
                let Some((id, token)) = o.interaction() else {
                    return;
                };
                match *answer {
                    Answer::Pending => {
                        *answer = Answer::Done;
                        CreateInteractionResponse::Message(response_message(r))
                            .execute(http, (id, token))
                            .await
                    }
                    Answer::Deferred { ephemeral } if ephemeral == r.ephemeral => {
                        *answer = Answer::Done;
                        edit_message(r).execute(http, token).await.map(|_| ())
                    }
                    Answer::Deferred { .. } => {
                        // The "thinking…" message cannot change between private
                        // and public: replace it with a follow-up.
                        *answer = Answer::Done;
                        if let Err(e) = http.delete_original_interaction_response(token).await {
                            tracing::warn!("could not remove a deferred response: {e}");
                        }
                        followup_message(r)
                            .execute(http, (None, token))
                            .await
                            .map(|_| ())
                    }
                    Answer::Done => followup_message(r)
                        .execute(http, (None, token))
                        .await
                        .map(|_| ()),
                }
            }
            (Target::Here, None) => Ok(()),
            (Target::Channel(id), _) => match id.parse::<u64>() {
                Ok(c) if c > 0 => ChannelId::new(c)
                    .send_message(http, channel_message(r))
                    .await
                    .map(|_| ()),
                _ => {
                    tracing::warn!("not a channel id: {id:?}");
                    Ok(())
                }
            },
            (Target::Dm(user), _) => match user.parse::<u64>() {
                Ok(u) if u > 0 => match UserId::new(u).create_dm_channel(http).await {
                    Ok(dm) => dm
                        .id
                        .send_message(http, channel_message(r))
                        .await
                        .map(|_| ()),
                    Err(e) => Err(e),
                },
                _ => {
                    tracing::warn!("not a user id: {user:?}");
                    Ok(())
                }
            },
        };
        if let Err(e) = result {
            tracing::warn!("could not send a reply to {:?}: {e}", r.target);
        }
    }
}
