//! `rigc-sdk` is everything a rigc plugin links: the compiled model types, the
//! Spine 4.3 JSON and atlas writers and readers, and the gate's shared vocabulary.
//!
//! It deliberately knows nothing about the command line, the cache, the file
//! watcher or terminals: those belong to the host (`rigc`).
//!
//! ```
//! use rigc_sdk::num::f32_text;
//! assert_eq!(f32_text(1.0 / 60.0), "0.016666668");
//! ```
#![deny(missing_docs)]
#![warn(clippy::unwrap_used)]

pub use rigc_abi as abi;
pub use rigc_abi::{export_plugin, plugin_table};
pub use rigc_spine as spine;

pub mod deform;
pub mod emit;
pub mod gate;
pub mod model;
pub mod num;
pub mod png_image;
pub mod serve;
