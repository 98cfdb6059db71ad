//! `rigc-spine` is the Spine 4.3 runtime in Rust: an independent port of the
//! official runtime `@esotericsoftware/spine-core` 4.3.13 — reading Spine JSON
//! and text atlases as it reads them, and posing a skeleton as it poses one —
//! held to spine-core by the test suite (same verdicts, same numbers).
//!
//! It deliberately knows no rigc type: no spec, model, gate or plugin. rigc's
//! compiler and rules reach it through `rigc-sdk`, which re-exports it as
//! `rigc_sdk::spine`; any other program may use it on its own.
//!
//! ```
//! use rigc_spine::{read_skeleton, Skeleton};
//! let text = r#"{"bones":[{"name":"root","x":3}]}"#;
//! let loaded = read_skeleton(text, None).expect("a skeleton");
//! let mut skeleton = Skeleton::new(&loaded.data).expect("poses");
//! skeleton.setup_pose();
//! skeleton.update_world_transform().expect("a pose");
//! ```
//!
//! - [`json`]: `JSON.parse` with V8's messages and JavaScript value semantics.
//! - [`atlas`]: the text atlas reader ([`read_atlas`]).
//! - [`data`]: the skeleton data model ([`SkeletonData`]).
//! - [`read`]: the skeleton reader ([`read_skeleton`]).
//! - [`pose`]: the setup poser ([`Skeleton`]) and bounds.
//! - [`sample`]: the pose document of `rigc sample` (the oracle's schema).
//! - [`math`]: the runtime's constants (`PI = 3.1415927`) and its `Math`.
//! - [`num`]: numbers as JavaScript spells them.
#![deny(missing_docs)]
#![warn(clippy::unwrap_used)]

pub mod atlas;
pub mod data;
pub mod json;
pub mod math;
pub mod num;
pub mod pose;
pub mod read;
pub mod sample;
#[cfg(test)]
mod test_rng;

pub use atlas::{read_atlas, Atlas, AtlasError};
pub use data::SkeletonData;
pub use pose::{Bounds, PoseError, Skeleton};
pub use read::{read_skeleton, Finding, ReadError, ReadErrorKind, ReadOutcome};
