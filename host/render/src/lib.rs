//! rigc's software rasteriser (crate `rigc-render`): what a posed
//! `rigc_spine::Skeleton` looks like, as RGBA pixels, and the files a render
//! leaves behind.
//!
//! - [`viewport`]: the world box a render frames and its pixel grid (world y
//!   up, pixels y down).
//! - [`framing`]: which times a set poses, posing them, the union of every
//!   animation's posed extent and the viewport it is fitted to.
//! - [`sidecar`]: `frames.json`, the record of a render (`rigc render` writes
//!   it, `rigc check` reads it), and the one rule for a set's directory and a
//!   frame's file name.

pub mod framing;
pub mod sidecar;
pub mod viewport;

pub use viewport::Viewport;
