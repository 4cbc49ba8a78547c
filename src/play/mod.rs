//! The game's bookkeeping, below the screens: the statistics, the Vegas bank and the daily
//! deal. The UI asks it; the saves write what it keeps.

pub mod daily;
pub mod session;
pub mod stats;
