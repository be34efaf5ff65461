//! discord

pub mod connect;
