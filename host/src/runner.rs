//! This module owns building many targets at once: a tokio runtime whose
//! blocking pool runs `jobs` workers over one shared cache, each taking the next
//! target until none is left, handing each result to the caller as it finishes
//! (for a progress bar or a line) and returning them all in target order.
//!
//! A worker per job, not a task per target: spawning a blocking task per target
//! behind a semaphore cost a handful of thread wake-ups per target, which a no-op
//! build (a few hundred microseconds a target) felt.
//!
//! A green target's writes (each output file synced, then renamed into place)
//! are handed to a writer thread (one per job), and its worker takes the next
//! target while the disk syncs: the syncs queue on the file system's journal, and
//! a worker waiting on one was a core doing nothing. A result is handed on only
//! once its files are written (or refused), so what the caller sees is what a
//! build that wrote in place would have said. At most `jobs` targets compile at
//! a time; the writers only wait on the disk.

use crate::build::{run_target, run_target_deferred, Env, TargetResult, TargetSpec, Writes};
use crate::workspace::Workspace;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// The default parallelism: the number of cores.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
}

/// How many workers `jobs` makes for `targets` targets: at least one, and never
/// more than there are targets.
pub fn workers(jobs: usize, targets: usize) -> usize {
    jobs.clamp(1, targets.max(1))
}

/// Builds `targets` with at most `jobs` at a time; `on_done` sees each result as it
/// finishes. Results come back in the order of `targets`.
pub fn run_all(
    ws: Arc<Workspace>,
    targets: Vec<TargetSpec>,
    jobs: usize,
    mut on_done: impl FnMut(&TargetResult),
) -> Vec<TargetResult> {
    let jobs = workers(jobs, targets.len());
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .max_blocking_threads(2 * jobs)
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
        let (to_writer, writer_rx) =
            std::sync::mpsc::sync_channel::<(usize, TargetResult, Writes)>(jobs * 2);
        let writer_rx = Arc::new(std::sync::Mutex::new(writer_rx));
        for _ in 0..jobs {
            let (ws, tx, writer_rx) = (ws.clone(), tx.clone(), writer_rx.clone());
            tokio::task::spawn_blocking(move || loop {
                let next = writer_rx.lock().map(|rx| rx.recv());
                let Ok(Ok((i, mut result, writes))) = next else {
                    break;
                };
                let done = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    writes.finish(&ws.cache, &mut result)
                }));
                if done.is_ok() && tx.send((i, result)).is_err() {
                    break;
                }
            });
        }
        for _ in 0..jobs {
            let (ws, targets, next) = (ws.clone(), targets.clone(), next.clone());
            let (tx, to_writer) = (tx.clone(), to_writer.clone());
            tokio::task::spawn_blocking(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(target) = targets.get(i) else {
                    break;
                };
                // A build that panics loses its own result, never the others'.
                let built = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    build_one_deferred(&ws, target)
                }));
                let sent = match built {
                    Ok((result, Some(writes))) => to_writer.send((i, result, writes)).is_ok(),
                    Ok((result, None)) => tx.send((i, result)).is_ok(),
                    Err(_) => true,
                };
                if !sent {
                    break;
                }
            });
        }
        drop((tx, to_writer));
        let mut done: Vec<(usize, TargetResult)> = Vec::new();
        while let Some((i, result)) = rx.recv().await {
            on_done(&result);
            done.push((i, result));
        }
        done.sort_by_key(|(i, _)| *i);
        done.into_iter().map(|(_, r)| r).collect()
    })
}

fn env_for<'a>(ws: &'a Workspace, target: &TargetSpec) -> Env<'a> {
    Env {
        project: &ws.project,
        cache: &ws.cache,
        registry: ws.registry_for(&target.name),
        cwd: ws.cwd.clone(),
    }
}

/// Builds one target in `ws`.
pub fn build_one(ws: &Workspace, target: &TargetSpec) -> TargetResult {
    run_target(target, &env_for(ws, target))
}

/// Compiles one target in `ws` through its cache, gating and writing
/// nothing (`rigc explain`).
pub fn compile_one(
    ws: &Workspace,
    target: &TargetSpec,
) -> (
    TargetResult,
    Option<(
        crate::build::sources::Sources,
        crate::build::pipeline::Compiled,
    )>,
) {
    crate::build::compile_target(target, &env_for(ws, target))
}

/// Builds one target in `ws` up to its writes (see [`Writes`]).
pub fn build_one_deferred(ws: &Workspace, target: &TargetSpec) -> (TargetResult, Option<Writes>) {
    run_target_deferred(target, &env_for(ws, target))
}
