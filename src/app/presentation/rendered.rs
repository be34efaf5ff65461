//! What the front ends receive: replies in their reader's words, their
//! files made (boards drawn for their reader) and their buttons labelled.
//! Made in one place, [`App::localise`](crate::app::App), from the drafts the
//! use cases build (app/presentation/messages.rs). No serenity types.

use crate::app::presentation::messages::{ButtonStyle, Effect, Target};

/// One message to send, in its reader's words.
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    pub target: Target,
    pub text: String,
    pub files: Vec<Attachment>,
    pub buttons: Vec<Button>,
    /// Only the user who asked sees it (slash commands and buttons).
    pub ephemeral: bool,
}

/// A file to send with a reply.
#[derive(Clone, Debug, PartialEq)]
pub struct Attachment {
    pub name: String,
    pub bytes: Vec<u8>,
    /// Alt text for a picture, in the reader's language (at most 1,024
    /// characters; empty for a file that is no picture).
    pub description: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Button {
    /// The id the press comes back with; empty for a link button.
    pub id: String,
    /// Where a link button goes (`ButtonStyle::Link`); `None` otherwise.
    pub url: Option<String>,
    /// The label in the reader's language.
    pub label: String,
    pub style: ButtonStyle,
}

/// Everything the app answers to one input.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Response {
    pub replies: Vec<Reply>,
    pub effects: Vec<Effect>,
}

impl Reply {
    /// The moments (deadlines) its text states, typed: each front end
    /// writes them its own way ([`crate::i18n::format_times`]).
    pub fn deadlines(&self) -> Vec<i64> {
        crate::i18n::times_in(&self.text)
    }

    /// The same reply, posted in `channel`.
    pub fn to_channel(self, channel: &str) -> Reply {
        Reply {
            target: Target::Channel(channel.into()),
            ..self
        }
    }
}
