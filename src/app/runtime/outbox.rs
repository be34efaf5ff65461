//! Messages through the outbox: what a committed change tells
//! the players is rendered once, in each reader's language, and written in
//! the change's own transaction (see [`crate::store::Outbox`]); the front
//! end that sends it reads it back here.
//!
//! A rendered message is JSON: its text, its buttons, and its files with
//! their bytes in base64. It is the reply as the front ends take it
//! ([`crate::app::presentation::rendered::Reply`], made by [`App::localise`]): nothing is left to
//! look up when it is sent, by whichever process sends it. Only replies
//! with a target of their own (a channel, a direct message) go through it;
//! those that answer the input stay drafts, rendered with the rest.

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use serde::{Deserialize, Serialize};

use crate::app::presentation::rendered::{Attachment, Button, Reply};
use crate::app::{App, ButtonStyle, Response, Target};
use crate::domain::{ServerId, UserId};
use crate::store::{OutMessage, OutboxRow};

/// The prefixes of an outbox row's target.
const CHANNEL: &str = "channel:";
const DM: &str = "dm:";

#[derive(Serialize, Deserialize)]
struct Body {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    text: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    files: Vec<File>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    buttons: Vec<Btn>,
}

#[derive(Serialize, Deserialize)]
struct File {
    name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    description: String,
    /// The bytes, base64.
    data: String,
}

#[derive(Serialize, Deserialize)]
struct Btn {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    url: Option<String>,
    label: String,
    style: String,
}

fn style_word(s: ButtonStyle) -> &'static str {
    match s {
        ButtonStyle::Primary => "primary",
        ButtonStyle::Secondary => "secondary",
        ButtonStyle::Danger => "danger",
        ButtonStyle::Link => "link",
    }
}

fn style_of(w: &str) -> ButtonStyle {
    match w {
        "primary" => ButtonStyle::Primary,
        "danger" => ButtonStyle::Danger,
        "link" => ButtonStyle::Link,
        _ => ButtonStyle::Secondary,
    }
}

/// A localised reply as an outbox row; `None` for a reply with nowhere to
/// go but the input it answers ([`Target::Here`]).
pub fn render(r: &Reply) -> Option<OutMessage> {
    let target = match &r.target {
        Target::Here => return None,
        Target::Channel(c) => format!("{CHANNEL}{c}"),
        Target::Dm(u) => format!("{DM}{u}"),
    };
    let body = Body {
        text: r.text.clone(),
        files: r
            .files
            .iter()
            .map(|f| File {
                name: f.name.clone(),
                description: f.description.clone(),
                data: STANDARD.encode(&f.bytes),
            })
            .collect(),
        buttons: r
            .buttons
            .iter()
            .map(|b| Btn {
                id: b.id.clone(),
                url: b.url.clone(),
                label: b.label.clone(),
                style: style_word(b.style).to_string(),
            })
            .collect(),
    };
    Some(OutMessage {
        target,
        body: serde_json::to_string(&body).ok()?,
    })
}

/// An outbox row read back as the reply it was rendered from (its text,
/// files and buttons; no words left to localise), or what is wrong with it.
pub fn read(row: &OutboxRow) -> Result<Reply, String> {
    let target = if let Some(c) = row.target.strip_prefix(CHANNEL) {
        Target::Channel(c.into())
    } else if let Some(u) = row.target.strip_prefix(DM) {
        Target::Dm(u.into())
    } else {
        return Err(format!("unknown target {:?}", row.target));
    };
    let body: Body = serde_json::from_str(&row.body).map_err(|e| e.to_string())?;
    let mut files = Vec::new();
    for f in body.files {
        files.push(Attachment {
            name: f.name,
            bytes: STANDARD.decode(&f.data).map_err(|e| e.to_string())?,
            description: f.description,
        });
    }
    let buttons = body
        .buttons
        .into_iter()
        .map(|b| Button {
            id: b.id,
            url: b.url,
            label: b.label,
            style: style_of(&b.style),
        })
        .collect();
    Ok(Reply {
        target,
        text: body.text,
        files,
        buttons,
        ephemeral: false,
    })
}

impl App {
    /// The same app with what the clock's changes tell (endings, reminders,
    /// digests, expiries, and what follows them) put in the outbox rather
    /// than returned: for a front end that sends the outbox (the Discord
    /// adapter's sender, the console). Call before sharing the app.
    pub fn with_outbox(mut self) -> App {
        self.outbox = true;
        self
    }

    /// Whether what the clock's changes tell goes through the outbox (the
    /// front ends that send it turn it on: see [`App::with_outbox`]).
    pub(crate) fn uses_outbox(&self) -> bool {
        self.outbox
    }

    /// The replies of `resp` that name their channel or DM, localised and
    /// rendered for the outbox (to be written with the change that
    /// produces them), and the rest of `resp` (the replies that answer the
    /// input, still drafts, and the effects). Without the outbox: nothing
    /// rendered, `resp` as it is.
    pub(crate) fn outbound(&self, resp: Response) -> (Vec<OutMessage>, Response) {
        if !self.outbox {
            return (Vec::new(), resp);
        }
        let (sent, kept): (Vec<_>, Vec<_>) = resp
            .replies
            .into_iter()
            .partition(|r| r.target != Target::Here);
        let sent = Response {
            replies: sent,
            effects: Vec::new(),
        };
        let out = self
            .localise(sent, &UserId::default(), &ServerId::default())
            .replies
            .iter()
            .filter_map(render)
            .collect();
        (
            out,
            Response {
                replies: kept,
                effects: resp.effects,
            },
        )
    }

    /// What a change tells after its transaction committed (ratings,
    /// tournament results, pairings): with the outbox, put in it at once,
    /// in a transaction of its own (a crash between the two loses it: see
    /// `docs/scaling.md`); the rest of `resp` is returned.
    pub(crate) fn after_commit(&self, resp: Response, now: i64) -> Response {
        let (out, rest) = self.outbound(resp);
        if let Err(e) = self.store.enqueue(&out, now) {
            tracing::error!(
                "{} messages could not be put in the outbox and are lost: {e}",
                out.len()
            );
        }
        rest
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rendered_reply_reads_back_as_it_was() {
        let r = Reply {
            target: Target::Channel("42".into()),
            text: "<@7> ran out of time".into(),
            files: vec![Attachment {
                name: "board.png".into(),
                bytes: vec![0, 1, 2, 255],
                description: "the board".into(),
            }],
            buttons: vec![Button {
                id: String::new(),
                url: Some("https://x.example/g/1".into()),
                label: "View".into(),
                style: ButtonStyle::Link,
            }],
            ephemeral: false,
        };
        let m = render(&r).unwrap();
        assert_eq!(m.target, "channel:42");
        let row = OutboxRow {
            id: 1,
            target: m.target,
            body: m.body,
            created_at: 0,
            attempts: 0,
        };
        let back = read(&row).unwrap();
        assert_eq!(back, r);
        let here = Reply {
            target: Target::Here,
            ..r.clone()
        };
        assert!(render(&here).is_none());
        let dm = render(&Reply {
            target: Target::Dm("9".into()),
            ..r
        })
        .unwrap();
        assert_eq!(dm.target, "dm:9");
    }
}
