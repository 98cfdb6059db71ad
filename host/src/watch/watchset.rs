//! This module owns the one ordering rule of watching (STYLE.md §10): a path is
//! known to the [`Filter`] and its directory is registered with the watcher
//! *before* anything reads it. So a change made after a read is always seen —
//! never dropped by a filter that did not know the path yet, never missed by a
//! directory not yet watched — and lands in the next batch.
//!
//! The filter is shared between the loop (which reads it for every event) and the
//! jobs that discover what a target reads (which write it before reading), so it
//! sits behind a lock here; reading it is a hash lookup per path.

use super::error::WatchError;
use super::events::WatchEvent;
use super::filter::{Affected, Filter, TargetInputs};
use super::source::FsSource;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::{PoisonError, RwLock};

/// The filter and the watcher, kept in step.
pub struct WatchSet {
    filter: RwLock<Filter>,
    source: FsSource,
}

impl WatchSet {
    /// A watch set over `source`, filtering with `filter`.
    pub fn new(filter: Filter, source: FsSource) -> WatchSet {
        WatchSet {
            filter: RwLock::new(filter),
            source,
        }
    }

    /// Whom `event` matters to (see [`Filter::affects`]).
    pub fn affects(&self, event: &WatchEvent) -> Option<Affected> {
        self.filter
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .affects(event)
    }

    /// Lets the watcher forget directories an event removed.
    pub fn on_event(&self, event: &WatchEvent) {
        self.source.on_event(event);
    }

    /// Events the notify callback dropped since the last call.
    pub fn take_dropped(&self) -> u64 {
        self.source.take_dropped()
    }

    /// Watches the directories of `paths` (or their nearest existing ancestors).
    fn watch_dirs(&self, dirs: impl IntoIterator<Item = PathBuf>) -> Vec<WatchError> {
        dirs.into_iter()
            .filter_map(|d| self.source.ensure(&existing_ancestor(&d)).err())
            .collect()
    }

    /// Watches the directory of the project file (before it is first read).
    pub fn watch_manifest(&self) -> Vec<WatchError> {
        let dirs = self
            .filter
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .manifest()
            .and_then(Path::parent)
            .map(Path::to_path_buf);
        self.watch_dirs(dirs)
    }

    /// Adds plugin libraries: to the filter, then their directories to the watcher.
    pub fn add_plugins(&self, libraries: &BTreeSet<PathBuf>) -> Vec<WatchError> {
        self.filter
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .add_plugins(libraries.iter().cloned());
        self.watch_dirs(
            libraries
                .iter()
                .filter_map(|l| l.parent().map(Path::to_path_buf)),
        )
    }

    /// Sets what `target` reads: into the filter (each directory not on disk noted
    /// as missing, so its creation counts), then its directories to the watcher.
    pub fn set_target(&self, target: &str, mut inputs: TargetInputs) -> Vec<WatchError> {
        let dirs = inputs.dirs();
        for d in &dirs {
            if !d.is_dir() {
                inputs.missing.insert(d.clone());
            }
        }
        self.filter
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .set_target(target, inputs);
        self.watch_dirs(dirs)
    }

    /// What `target` reads, as last set.
    pub fn target(&self, target: &str) -> Option<TargetInputs> {
        self.filter
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .target(target)
            .cloned()
    }

    /// Keeps only `targets` and `plugins`, and unwatches directories no longer needed.
    pub fn retain(&self, targets: &BTreeSet<String>, plugins: &BTreeSet<PathBuf>) {
        let mut filter = self.filter.write().unwrap_or_else(PoisonError::into_inner);
        filter.retain(targets, plugins);
        let keep: BTreeSet<PathBuf> = filter.dirs().iter().map(|d| existing_ancestor(d)).collect();
        self.source.retain(&keep);
    }

    /// (paths the filter knows, directories watched), for the report.
    pub fn counts(&self) -> (usize, usize) {
        let paths = self
            .filter
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .path_count();
        (paths, self.source.count())
    }
}

/// `dir`, or its nearest ancestor on disk (whose events show `dir` appearing).
fn existing_ancestor(dir: &Path) -> PathBuf {
    let mut d = dir;
    while !d.is_dir() {
        match d.parent() {
            Some(p) => d = p,
            None => break,
        }
    }
    d.to_path_buf()
}
