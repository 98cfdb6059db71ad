//! This module owns building one target incrementally: the stages of
//! `stages/` run through the content-addressed cache ([`crate::cache`]), each keyed
//! by what it reads ([`keys`]), run or served by [`stage::Stages`], and ordered by
//! [`pipeline`]; a green build's files are written by `write`, and what it read
//! and wrote is recorded as its `trace` for the next build to replay. A target's
//! result says what ran, what came from the cache, the gate's report, and what
//! was written.

pub mod keys;
pub mod pipeline;
pub mod stage;
mod trace;
mod write;

pub use pipeline::{run_target, run_target_deferred, Env, TargetResult, TargetSpec, Writes};
pub use stage::StageEvent;
