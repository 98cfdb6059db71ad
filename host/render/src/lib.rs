//! rigc's software rasteriser (crate `rigc-render`): what a posed
//! `rigc_spine::Skeleton` looks like, as RGBA pixels, and the files a render
//! leaves behind.
//!
//! - [`image`]: the picture ([`Image`], straight RGBA8) and PNG encoding.
//! - [`pages`]: an atlas's page pictures, ready to sample.
//! - [`draw`]: a posed skeleton drawn onto a viewport ([`draw::draw`]).
//! - [`drift`]: how far one slot's pixels moved against a reference picture.
//! - [`blend`]: tint, clipping mask and the four blend modes.
//! - [`sampler`]: a skeleton posed at a set's sample times (physics stepped between).
//! - [`compare`]: two pictures compared pixel for pixel (the loop seam), the drawn box.
//! - [`contact`]: the labelled contact sheet of a set's frames.
//! - [`geometry`]: `geometry.json`, the drawn slots' vertices of every frame.
//! - [`viewport`]: the world box a render frames and its pixel grid (world y
//!   up, pixels y down).
//! - [`framing`]: which times a set poses, posing them, the union of every
//!   animation's posed extent and the viewport it is fitted to.
//! - [`sidecar`]: `frames.json`, the record of a render (`rigc render` writes
//!   it, `rigc check` reads it), and the one rule for a set's directory and a
//!   frame's file name.
#![cfg_attr(not(test), warn(clippy::unwrap_used))]

pub mod blend;
pub mod compare;
pub mod contact;
pub mod draw;
pub mod drift;
pub mod framing;
pub mod geometry;
pub mod image;
pub mod pages;
pub mod sampler;
pub mod sidecar;
pub mod viewport;

pub use draw::{draw, DrawError, Show};
pub use image::Image;
pub use pages::{PageError, Pages};
pub use viewport::Viewport;
