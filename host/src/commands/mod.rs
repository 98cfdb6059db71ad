//! This module owns the commands, one file each: each takes its parsed arguments,
//! does its work, prints its report, and returns the exit status.

pub mod build;
pub mod cache;
pub mod plugins;
pub mod sample;
pub mod validate;
pub mod watch;

/// How a command ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Green (exit 0).
    Green,
    /// Red: a compile error or a failed assertion (exit 1).
    Red,
    /// A usage error (exit 2).
    Usage,
}
