//! A [`Reply`] in Discord's terms: the one conversion into whichever
//! serenity builder carries it (a channel message, an interaction's
//! response, the edit of a deferred response, a follow-up), and the one way
//! a reply that names its channel or DM is posted.

use serenity::all::{
    ButtonStyle as DButtonStyle, ChannelId, CreateActionRow, CreateAllowedMentions,
    CreateAttachment, CreateButton, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, EditInteractionResponse, Http, UserId,
};

use crate::app::presentation::rendered::Reply;
use crate::app::{presentation::escape, ButtonStyle, Target};

/// Discord's limit on message text.
const MAX_CONTENT: usize = 2000;
/// Discord's limits on a button label and a component's custom id.
const MAX_LABEL: usize = 80;
const MAX_CUSTOM_ID: usize = 100;
/// Discord's limit on a link button's url.
const MAX_URL: usize = 512;

/// `text` cut to at most `max` characters (the last one an ellipsis if cut).
pub(crate) fn clip_to(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut s: String = text.chars().take(max - 1).collect();
    s.push('…');
    s
}

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
    let buttons: Vec<CreateButton> = reply
        .buttons
        .iter()
        .filter_map(|b| {
            let label = clip_to(&b.label, MAX_LABEL);
            if b.style == ButtonStyle::Link {
                // Discord: a link button has a url and no custom id.
                return match &b.url {
                    Some(u) if (1..=MAX_URL).contains(&u.len()) => {
                        Some(CreateButton::new_link(u.clone()).label(label))
                    }
                    _ => {
                        tracing::warn!("a link button without a usable url: {:?}", b.url);
                        None
                    }
                };
            }
            if !(1..=MAX_CUSTOM_ID).contains(&b.id.len()) {
                tracing::warn!("a button id is too long for Discord: {:?}", b.id);
                return None;
            }
            Some(
                CreateButton::new(b.id.clone())
                    .label(label)
                    .style(match b.style {
                        ButtonStyle::Primary => DButtonStyle::Primary,
                        ButtonStyle::Secondary | ButtonStyle::Link => DButtonStyle::Secondary,
                        ButtonStyle::Danger => DButtonStyle::Danger,
                    }),
            )
        })
        .collect();
    buttons
        .chunks(5)
        .take(5)
        .map(|row| CreateActionRow::Buttons(row.to_vec()))
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

/// A serenity builder a reply can be poured into: each of them names the
/// same few things a little differently.
pub(crate) trait Outgoing: Sized {
    fn empty() -> Self;
    fn text(self, text: String) -> Self;
    fn rows(self, rows: Vec<CreateActionRow>) -> Self;
    fn file(self, file: CreateAttachment) -> Self;
    fn mentions(self, m: CreateAllowedMentions) -> Self;
    /// Only the reader sees it (ignored where Discord has no such thing).
    fn private(self, _on: bool) -> Self {
        self
    }
}

/// `reply` as the builder `B`: its text cut to Discord's limit, its
/// buttons, its files with their alt text, and pings for exactly the users
/// it mentions.
pub(crate) fn build<B: Outgoing>(reply: &Reply) -> B {
    // Deadlines as Discord timestamps, the moment and how far off it is
    // ("8 January 2026 06:00 (in 2 days)"): each reader sees their own time
    // zone and language.
    let text = crate::i18n::format_times(&reply.text, |t| format!("<t:{t}:f> (<t:{t}:R>)"));
    let text = clip_to(&text, MAX_CONTENT);
    let mut m = B::empty()
        .private(reply.ephemeral)
        .rows(components(reply))
        .mentions(allowed_mentions(&text));
    for a in attachments(reply) {
        m = m.file(a);
    }
    if !text.is_empty() {
        m = m.text(text);
    }
    m
}

macro_rules! outgoing {
    ($t:ty, $file:ident $(, $private:ident)?) => {
        impl Outgoing for $t {
            fn empty() -> Self {
                <$t>::new()
            }
            fn text(self, text: String) -> Self {
                self.content(text)
            }
            fn rows(self, rows: Vec<CreateActionRow>) -> Self {
                self.components(rows)
            }
            fn file(self, file: CreateAttachment) -> Self {
                self.$file(file)
            }
            fn mentions(self, m: CreateAllowedMentions) -> Self {
                self.allowed_mentions(m)
            }
            $(
                fn private(self, on: bool) -> Self {
                    self.$private(on)
                }
            )?
        }
    };
}

outgoing!(CreateMessage, add_file);
outgoing!(CreateInteractionResponseMessage, add_file, ephemeral);
outgoing!(CreateInteractionResponseFollowup, add_file, ephemeral);
outgoing!(EditInteractionResponse, new_attachment);

/// Posts a reply that names its channel or DM (a `Target::Here` reply has
/// nowhere to go without the input it answers: nothing is sent).
pub(crate) async fn post(http: &Http, r: &Reply) -> serenity::Result<()> {
    match &r.target {
        Target::Here => Ok(()),
        Target::Channel(id) => match id.parse::<u64>() {
            Ok(c) if c > 0 => ChannelId::new(c)
                .send_message(http, build::<CreateMessage>(r))
                .await
                .map(|_| ()),
            _ => {
                tracing::warn!("not a channel id: {id:?}");
                Ok(())
            }
        },
        Target::Dm(user) => match user.parse::<u64>() {
            Ok(u) if u > 0 => {
                let dm = UserId::new(u).create_dm_channel(http).await?;
                dm.id
                    .send_message(http, build::<CreateMessage>(r))
                    .await
                    .map(|_| ())
            }
            _ => {
                tracing::warn!("not a user id: {user:?}");
                Ok(())
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::presentation::rendered::{Attachment, Button};
    use crate::app::Target;
    use crate::i18n::Msg;
    use serde_json::Value;

    /// A reply of `text` alone, answering the input.
    fn said(text: String, ephemeral: bool) -> Reply {
        Reply {
            target: Target::Here,
            text,
            files: Vec::new(),
            buttons: Vec::new(),
            ephemeral,
        }
    }

    /// A button labelled `label`.
    fn button(id: &str, url: Option<&str>, label: &str, style: ButtonStyle) -> Button {
        Button {
            id: id.into(),
            url: url.map(Into::into),
            label: label.into(),
            style,
        }
    }

    fn json<T: serde::Serialize>(b: &T) -> Value {
        serde_json::to_value(b).unwrap()
    }

    /// A deadline in a reply's words is a Discord timestamp: each reader
    /// sees it in their own time zone.
    #[test]
    fn deadlines_are_discord_timestamps() {
        let l10n = crate::i18n::Localiser::global();
        let r = said(
            l10n.text(
                crate::i18n::Lang::En,
                &Msg::new("status-paused-until").time("date", 1_767_830_400),
            ),
            false,
        );
        assert_eq!(r.deadlines(), [1_767_830_400]);
        let m = json(&build::<CreateMessage>(&r));
        let text = crate::i18n::without_isolation(m["content"].as_str().unwrap());
        assert_eq!(
            text,
            "The clock is paused until <t:1767830400:f> (<t:1767830400:R>)."
        );
    }

    #[test]
    fn every_builder_carries_the_same_reply() {
        let mut r = said(format!("<@42> {}", "x".repeat(2100)), true);
        r.buttons
            .push(button("accept:1", None, "Accept", ButtonStyle::Primary));
        r.files.push(Attachment {
            name: "b.png".into(),
            bytes: vec![1, 2, 3],
            description: "the board".into(),
        });
        let all = [
            json(&build::<CreateMessage>(&r)),
            json(&build::<CreateInteractionResponseMessage>(&r)),
            json(&build::<CreateInteractionResponseFollowup>(&r)),
            json(&build::<EditInteractionResponse>(&r)),
        ];
        for (i, m) in all.iter().enumerate() {
            let text = m["content"].as_str().unwrap();
            assert_eq!(text.chars().count(), MAX_CONTENT, "{i}");
            assert!(text.ends_with('…'));
            assert_eq!(m["allowed_mentions"]["users"], serde_json::json!(["42"]));
            assert_eq!(m["components"][0]["components"][0]["custom_id"], "accept:1");
            assert_eq!(m["attachments"][0]["description"], "the board", "{i}: {m}");
        }
        // Ephemeral is flag 64, where Discord has it.
        assert_eq!(all[1]["flags"], 64);
        assert_eq!(all[2]["flags"], 64);
        assert!(all[0].get("flags").is_none_or(Value::is_null));
    }

    #[test]
    fn a_link_button_has_a_url_and_no_custom_id() {
        let mut r = said(String::new(), false);
        r.buttons.push(button(
            "",
            Some("https://archive.example/g/7"),
            "View game",
            ButtonStyle::Link,
        ));
        r.buttons
            .push(button("", Some(""), "View game", ButtonStyle::Link));
        let m = json(&build::<CreateMessage>(&r));
        let b = &m["components"][0]["components"];
        assert_eq!(
            b.as_array().unwrap().len(),
            1,
            "the url-less button is dropped"
        );
        assert_eq!(b[0]["url"], "https://archive.example/g/7");
        assert_eq!(b[0]["style"], 5);
        assert!(b[0].get("custom_id").is_none_or(Value::is_null), "{m}");
    }

    #[test]
    fn clip_keeps_short_text_and_cuts_long_text() {
        assert_eq!(clip_to("abc", 3), "abc");
        assert_eq!(clip_to("abcd", 3), "ab…");
    }
}
