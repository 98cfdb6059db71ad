//! This module owns the commands, one file each: each takes its parsed arguments,
//! does its work, prints its report, and returns the exit status.

pub mod build;
pub mod cache;
pub mod check;
pub mod diff;
pub mod explain;
pub mod plugins;
pub mod preview;
pub mod render;
pub mod sample;
pub mod validate;
pub mod vote;
pub mod watch;

pub use crate::status::Status;
