//! The typed values of tawlbot's world, shared by the store, the app and
//! the front ends: ids, states, results and reasons, time controls, game
//! settings. No SQL and no Discord here; `rules` keeps its own pure types
//! and these map to them.

mod end_reason;
mod ids;
mod rights;
mod settings;
mod values;

pub use end_reason::*;
pub use ids::*;
pub use rights::*;
pub use settings::*;
pub use values::*;
