//! This module owns `rigc watch`'s machinery: watch every input of the selected
//! targets, turn bursts of changes into batches, and rebuild exactly what they
//! touched through the cached pipeline, printing what changed, what ran, the
//! verdict and the time — until Ctrl-C. It is built like watchexec (event source →
//! filter → batch → action), one concept per module:
//!
//! - [`events`] — the vocabulary of the outside world: [`events::WatchEvent`],
//!   what the notify callback sends, the signals;
//! - [`error`] — watcher failures, named, with their fix (inotify limits);
//! - [`source`] — the notify watcher (its callback converts and `try_send`s,
//!   nothing else) and the signal listener;
//! - [`filter`] — which targets a path matters to, decided before batching;
//! - [`watchset`] — the filter and the watcher kept in step: a path is known and
//!   watched before anything reads it;
//! - [`batch`] — a window from the first event turns a burst into one change;
//! - [`plan`] — loading `rigc.toml` and its plugins, discovering each target's inputs;
//! - [`actor`] — the loop itself;
//! - [`print`] — what it prints;
//! - [`serve`] — `--serve`: each target's live preview page, fed by the actor.
//!
//! The first build is not special: [`run`] injects a synthetic event that goes
//! through the filter, the batcher and the dispatcher like any later change.

pub mod actor;
pub mod batch;
pub mod error;
pub mod events;
pub mod filter;
pub mod plan;
pub mod print;
pub mod serve;
pub mod source;
pub mod watchset;

use crate::output::Output;
use crate::status::Status;
use events::{FsMsg, WatchEvent};
use filter::Filter;
use plan::Selection;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// Watches and rebuilds `sel` until Ctrl-C; batches events over `debounce`;
/// with `serve`, serves each target's live preview on its bound port.
pub fn run(
    sel: Selection,
    debounce: Duration,
    serve: Option<serve::Setup>,
    out: &mut Output,
) -> Status {
    let jobs = crate::runner::default_jobs();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .max_blocking_threads(jobs)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            out.err_line(&format!("rigc watch: cannot start the event loop: {e}"));
            return Status::Red;
        }
    };
    let root = project_root(&sel.manifest);
    let status = runtime.block_on(async {
        let (fs_tx, fs_rx) = mpsc::channel::<FsMsg>(source::QUEUE);
        let (tx, inbox) = mpsc::unbounded_channel();
        let mut print = print::Printer::new(out, root);
        let source = match source::FsSource::start(fs_tx.clone()) {
            Ok(s) => s,
            Err(e) => {
                print.watch_error(&e);
                return Status::Red;
            }
        };
        let filter = Filter::new(Some(plan::key(&sel.manifest)));
        let set = Arc::new(watchset::WatchSet::new(filter, source));
        // The project file is watched before it is first read.
        if let Some(e) = set.watch_manifest().first() {
            print.watch_error(e);
            return Status::Red;
        }
        let signals = tx.clone();
        let send = move |s| signals.send(actor::LoopEvent::Signal(s)).is_ok();
        if let Err(e) = source::listen_for_signals(send) {
            print.err(&format!(
                "rigc watch: cannot listen for Ctrl-C ({e}); it will stop rigc without waiting for a build"
            ));
        }
        // The first build is a synthetic event through the same path as any other.
        let _ = fs_tx.try_send(FsMsg::Event(WatchEvent::initial(Instant::now())));
        drop(fs_tx);
        let serving = match serve.map(serve::start).transpose() {
            Ok(s) => s,
            Err(e) => {
                print.err(&format!("rigc watch: {e}"));
                return Status::Red;
            }
        };
        let actor = actor::Actor::new(Arc::new(sel), set, debounce, tx, print).serving(serving);
        actor.worker(fs_rx, inbox).await
    });
    // A second Ctrl-C may leave a build running on the blocking pool: do not wait.
    runtime.shutdown_background();
    status
}

fn project_root(manifest: &Path) -> std::path::PathBuf {
    manifest
        .parent()
        .map(crate::project::canonical_or_self)
        .unwrap_or_default()
}
