//! This module owns running a stage against the cache: look the key up; on a hit,
//! read the output (verified: from the action entry when it is small enough to
//! live there, else its blob) and use it; on a miss — or a corrupt entry —
//! compute, store the output and the key's action entry, and log that the stage
//! ran. Failures (refused input) are never cached: the next build re-runs
//! the stage and prints the same diagnostics.
//!
//! **Early cutoff.** A dependent stage is keyed by the *output hash* of what it
//! reads, so a stage that re-runs and produces identical bytes leaves its
//! dependents cached (salsa's backdating). Saying *changed* when equal is safe (a
//! dependent re-runs for nothing); saying *equal* when changed would be a bug —
//! which is why keys hash outputs, never guesses about them.

use crate::cache::{Cache, Hash};
use rigc_diag::Diagnostic;
use serde::{de::DeserializeOwned, Serialize};

/// Whether a stage ran or was served from the cache.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct StageEvent {
    /// The stage (`parse:rig`, `animation:walk`, `gate:rigc-core-rules`, …).
    pub stage: String,
    /// Did it run (`false`: served from the cache)?
    pub ran: bool,
}

/// Runs stages for one target and logs what ran.
pub struct Stages<'a> {
    cache: &'a Cache,
    /// The stages in the order they were asked for.
    pub log: Vec<StageEvent>,
}

impl<'a> Stages<'a> {
    /// A runner over `cache`.
    pub fn new(cache: &'a Cache) -> Self {
        Stages {
            cache,
            log: Vec::new(),
        }
    }

    /// Runs the stage `name` under `key`: from the cache if it holds a good entry,
    /// else by `compute`. Returns the output and its hash.
    pub fn run<T, F>(
        &mut self,
        name: &str,
        key: Hash,
        compute: F,
    ) -> Result<(T, Hash), Vec<Diagnostic>>
    where
        T: Serialize + DeserializeOwned,
        F: FnOnce() -> Result<T, Vec<Diagnostic>>,
    {
        if let Some((output, inline)) = self.cache.get_output(&key, name) {
            let bytes = inline.or_else(|| self.cache.get_blob(&output, name));
            if let Some(bytes) = bytes {
                if let Ok(value) = serde_json::from_slice::<T>(&bytes) {
                    self.log.push(StageEvent {
                        stage: name.into(),
                        ran: false,
                    });
                    return Ok((value, output));
                }
            }
        }
        let computed = compute()?;
        let bytes = serde_json::to_vec(&computed).unwrap_or_default();
        let output = crate::cache::hash(&bytes);
        // What a fresh build uses is exactly what a cached build will read back:
        // the value goes through its serialised form either way.
        let value = serde_json::from_slice::<T>(&bytes).unwrap_or(computed);
        // The cache is an optimisation: a failed write costs a rebuild next time,
        // never this build's result.
        let _ = self.cache.put_output(&key, name, &bytes);
        self.log.push(StageEvent {
            stage: name.into(),
            ran: true,
        });
        Ok((value, output))
    }
}

/// The names of the stages of `log` that ran (`ran`) or were served from the
/// cache (`!ran`), in order.
pub fn named(log: &[StageEvent], ran: bool) -> Vec<&str> {
    log.iter()
        .filter(|e| e.ran == ran)
        .map(|e| e.stage.as_str())
        .collect()
}
