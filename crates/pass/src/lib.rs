//! Pass infrastructure.

mod pass;

pub use pass::{Pass, PassInfo, PassOptions};
