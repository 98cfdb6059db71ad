//! This module owns how a command ends, which `main` maps to the exit code.

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
