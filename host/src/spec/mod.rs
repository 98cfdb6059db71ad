//! This module owns reading the two spec files: strict JSON with spans
//! ([`json`]), located navigation ([`cursor`]), and the parsers of `rigc-rig/1`
//! ([`rig`]) and `rigc-motion/1` ([`motion`]) into typed, located specs.

pub mod cursor;
pub mod json;
pub mod source;
