//! The presentation: drafts and the replies rendered from them, the
//! reader's language and choices, the words of moves and notation, alt
//! text, pictures, and Discord's markup (escaping, code blocks).

pub(in crate::app) mod alt_text;
pub(in crate::app) mod code_block;
pub mod escape;
pub mod frontend;
pub(in crate::app) mod lang;
pub(in crate::app) mod messages;
pub mod move_words;
pub mod notation_words;
pub mod picture;
pub(in crate::app) mod present;
pub(in crate::app) mod reader;
pub(in crate::app) mod registry;
pub mod rendered;
pub(in crate::app) mod table_png;
