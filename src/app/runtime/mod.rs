//! The runtime: the outbox, this process among others (leases and
//! heartbeats), the Discord gateway's state, the engine's limits.

pub(in crate::app) mod engine_limits;
pub(in crate::app) mod gateway;
pub mod outbox;
pub mod process;
