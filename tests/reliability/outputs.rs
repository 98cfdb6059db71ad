//! Issue #14 — see `mod.rs`.
