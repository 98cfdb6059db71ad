//! This module owns building many targets at once: a tokio runtime whose
//! blocking pool runs at most `jobs` target builds at a time over one shared
//! cache, handing each result to the caller as it finishes (for a progress bar or
//! a line) and returning them all in target order.

use crate::build::{run_target, Env, TargetResult, TargetSpec};
use crate::workspace::Workspace;
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
    let jobs = jobs.max(1);
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
        let semaphore = Arc::new(tokio::sync::Semaphore::new(jobs));
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<(usize, TargetResult)>();
        for (i, target) in targets.into_iter().enumerate() {
            let ws = ws.clone();
            let tx = tx.clone();
            let semaphore = semaphore.clone();
            tokio::spawn(async move {
                let Ok(_permit) = semaphore.acquire_owned().await else {
                    return;
                };
                let result = tokio::task::spawn_blocking(move || build_one(&ws, &target)).await;
                if let Ok(result) = result {
                    let _ = tx.send((i, result));
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
