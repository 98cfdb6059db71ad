//! This module owns building one target incrementally: what it reads
//! ([`sources`]), the one sequence of its compile stages ([`pipeline`], run
//! through the cache or without one), the gate and the trace of a cached build
//! ([`target`]), where a gate finding is in the specs (`locate`), what a build
//! did ([`result`]), `--pack`'s pages and refusals (`packed`), `--atlas-in`'s join and
//! re-emission (`imported`), and writing a green build's files (`write`), recorded as
//! its `trace` for the next build to replay.

mod imported;
mod locate;
mod packed;
pub mod pipeline;
pub mod result;
pub mod sliders;
pub mod sources;
pub mod target;
mod trace;
mod write;

pub use result::TargetResult;
pub use target::{compile_target, run_target, run_target_deferred, Env, TargetSpec};
pub use write::Writes;

/// Compiles `sources` with no cache — the same stages a build runs, each
/// computed, nothing stored — emitting with `registry`'s emitter (for benches
/// and for commands that compile without building).
pub fn compile_uncached(
    sources: &sources::Sources,
    registry: &crate::plugins::Registry,
) -> Result<pipeline::Compiled, Vec<rigc_diag::Diagnostic>> {
    let mut canon = crate::project::Canon::under(&sources.project.root);
    pipeline::compile(
        &mut crate::stage::Driver::uncached(),
        sources,
        registry,
        &mut canon,
    )
}
