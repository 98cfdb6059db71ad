//! constraints
