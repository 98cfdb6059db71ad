//! This module owns reading Spine 4.3 data back as the official runtime
//! (spine-core 4.3.13) reads it, and posing it.
//!
//! - [`json`]: `JSON.parse` with V8's messages and JavaScript value semantics.
//! - [`atlas`]: the text atlas reader ([`read_atlas`]).
//! - [`data`]: the skeleton data model ([`SkeletonData`]).
//! - [`read`]: the skeleton reader ([`read_skeleton`]).
//! - [`pose`]: the setup poser ([`Skeleton`]) and bounds.
//! - [`sample`]: the pose document of `rigc sample` (the oracle's schema).
//! - [`math`]: the runtime's constants (`PI = 3.1415927`).

pub mod atlas;
pub mod data;
pub mod json;
pub mod math;
pub mod pose;
pub mod read;
pub mod sample;

pub use atlas::{read_atlas, Atlas, AtlasError};
pub use data::SkeletonData;
pub use pose::{Bounds, PoseError, Skeleton};
pub use read::{read_skeleton, Finding, ReadError, ReadErrorKind, ReadOutcome};
