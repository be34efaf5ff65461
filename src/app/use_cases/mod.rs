//! The use cases, by area: games and moves, challenges, clocks and
//! vacations, offers, tournaments, puzzles, analysis, the bot as an
//! opponent, settings, information and the doctor's judgement.

pub mod analysis;
pub mod bot;
pub(in crate::app) mod challenges;
pub(in crate::app) mod clock;
pub mod doctor;
pub(in crate::app) mod games;
pub(in crate::app) mod info;
pub(in crate::app) mod offers;
pub mod puzzle;
pub(in crate::app) mod settings;
pub(in crate::app) mod tournaments;
