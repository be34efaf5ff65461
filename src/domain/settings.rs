//! A game's settings that are not rules: where it is played, the bot's
//! level, the position it starts from. Kept with a challenge and its game
//! in columns of their own (migration 6), never in the rules' option list.

/// The bot's level when the challenger names none.
pub const DEFAULT_BOT_LEVEL: u8 = 3;

/// The bot's levels: 1 (weakest) to 5.
pub const BOT_LEVELS: std::ops::RangeInclusive<u8> = 1..=5;

/// The settings of a challenge and of the game started from it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct GameSettings {
    /// Play the game in a new thread.
    pub thread: bool,
    /// The bot's level (1 to 5) when the bot plays; `None` otherwise.
    pub bot_level: Option<u8>,
    /// The start position (OTN position text), when not the variant's own.
    pub position: Option<String>,
}

impl GameSettings {
    /// The bot's level, or the default one.
    pub fn level(&self) -> u8 {
        self.bot_level.unwrap_or(DEFAULT_BOT_LEVEL)
    }
}
