//! This module owns building many targets at once: a tokio runtime whose
//! blocking pool runs `jobs` workers over one shared cache, each taking the next
//! target until none is left, handing each result to the caller as it finishes
//! (for a progress bar or a line) and returning them all in target order.
//!
//! A worker per job, not a task per target: spawning a blocking task per target
//! behind a semaphore cost a handful of thread wake-ups per target, which a no-op
//! build (a few hundred microseconds a target) felt.

use crate::build::{run_target, Env, TargetResult, TargetSpec};
use crate::workspace::Workspace;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// The default parallelism: the number of cores.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
}

/// Builds `targets` with at most `jobs` at a time; `on_done` sees each result as it
/// finishes. Results come back in the order of `targets`.
pub fn run_all(
    ws: Arc<Workspace>,
    targets: Vec<TargetSpec>,
    jobs: usize,
    mut on_done: impl FnMut(&TargetResult),
) -> Vec<TargetResult> {
    let jobs = jobs.max(1).min(targets.len().max(1));
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .max_blocking_threads(jobs)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(_) => return targets.iter().map(|t| build_one(&ws, t)).collect(),
    };
    runtime.block_on(async move {
        let targets = Arc::new(targets);
        let next = Arc::new(AtomicUsize::new(0));
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<(usize, TargetResult)>();
        for _ in 0..jobs {
            let (ws, targets, next, tx) = (ws.clone(), targets.clone(), next.clone(), tx.clone());
            tokio::task::spawn_blocking(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(target) = targets.get(i) else {
                    break;
                };
                // A build that panics loses its own result, never the others'.
                let built = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    build_one(&ws, target)
                }));
                if let Ok(result) = built {
                    if tx.send((i, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut done: Vec<(usize, TargetResult)> = Vec::new();
        while let Some((i, result)) = rx.recv().await {
            on_done(&result);
            done.push((i, result));
        }
        done.sort_by_key(|(i, _)| *i);
        done.into_iter().map(|(_, r)| r).collect()
    })
}

/// Builds one target in `ws`.
pub fn build_one(ws: &Workspace, target: &TargetSpec) -> TargetResult {
    let env = Env {
        cache: &ws.cache,
        registry: ws.registry_for(&target.name),
        cwd: ws.cwd.clone(),
    };
    run_target(target, &env)
}
