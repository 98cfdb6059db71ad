//! This module owns where the watch loop's outside events come from: the file
//! system (a `notify` watcher) and signals (Ctrl-C, SIGTERM).
//!
//! The notify callback runs on notify's own thread and does only two things:
//! convert the event ([`WatchEvent::from_notify`]) and `try_send` it. It never
//! blocks; when the queue is full the event is counted as dropped, and the loop
//! names that ([`WatchError::QueueFull`]) and rebuilds everything.
//!
//! Directories are watched one by one, non-recursively: an editor that saves by
//! writing a new file and renaming it over the old one replaces the inode, so a
//! watch on the file itself would go deaf after the first save, while a watch on
//! its directory sees every save. A registered directory that is removed is
//! forgotten, so the next registration watches its replacement.

use super::error::WatchError;
use super::events::{ChangeKind, FsMsg, Signal, WatchEvent};
use notify::Watcher;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;
use tokio::sync::mpsc;

/// How many file events may wait for the loop before the callback drops them.
pub const QUEUE: usize = 4096;

/// The notify watcher and the directories it watches.
pub struct FsSource {
    watcher: Mutex<notify::RecommendedWatcher>,
    dirs: Mutex<BTreeSet<PathBuf>>,
    dropped: Arc<AtomicU64>,
}

impl FsSource {
    /// Starts a watcher whose callback sends into `tx`.
    pub fn start(tx: mpsc::Sender<FsMsg>) -> Result<FsSource, WatchError> {
        let dropped = Arc::new(AtomicU64::new(0));
        let counter = dropped.clone();
        let callback = move |res: notify::Result<notify::Event>| {
            let at = Instant::now();
            let msg = match res {
                Ok(e) => match WatchEvent::from_notify(&e, at) {
                    Some(w) => FsMsg::Event(w),
                    None => return,
                },
                Err(e) => FsMsg::Error(WatchError::from_notify(e, false)),
            };
            if let Err(mpsc::error::TrySendError::Full(_)) = tx.try_send(msg) {
                counter.fetch_add(1, Ordering::Relaxed);
            }
        };
        let watcher =
            notify::recommended_watcher(callback).map_err(|e| WatchError::from_notify(e, true))?;
        Ok(FsSource {
            watcher: Mutex::new(watcher),
            dirs: Mutex::new(BTreeSet::new()),
            dropped,
        })
    }

    /// Watches the directory `dir` (non-recursively) unless it already is.
    pub fn ensure(&self, dir: &Path) -> Result<(), WatchError> {
        let mut dirs = self.dirs.lock().unwrap_or_else(PoisonError::into_inner);
        if dirs.contains(dir) {
            return Ok(());
        }
        self.watcher
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .watch(dir, notify::RecursiveMode::NonRecursive)
            .map_err(|e| WatchError::from_notify(e.add_path(dir.to_path_buf()), false))?;
        dirs.insert(dir.to_path_buf());
        Ok(())
    }

    /// Notes that the paths of a removal or rename may have taken watched
    /// directories with them, so they are registered afresh when next wanted.
    pub fn on_event(&self, event: &WatchEvent) {
        if !matches!(event.kind, ChangeKind::Removed | ChangeKind::Renamed) {
            return;
        }
        let mut dirs = self.dirs.lock().unwrap_or_else(PoisonError::into_inner);
        for p in &event.paths {
            if dirs.remove(p) {
                let _ = self
                    .watcher
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .unwatch(p);
            }
        }
    }

    /// Stops watching every directory not in `keep`.
    pub fn retain(&self, keep: &BTreeSet<PathBuf>) {
        let mut dirs = self.dirs.lock().unwrap_or_else(PoisonError::into_inner);
        let gone: Vec<PathBuf> = dirs.difference(keep).cloned().collect();
        let mut watcher = self.watcher.lock().unwrap_or_else(PoisonError::into_inner);
        for d in gone {
            let _ = watcher.unwatch(&d);
            dirs.remove(&d);
        }
    }

    /// How many directories are watched.
    pub fn count(&self) -> usize {
        self.dirs
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// How many events the callback dropped since the last call.
    pub fn take_dropped(&self) -> u64 {
        self.dropped.swap(0, Ordering::Relaxed)
    }
}

/// Starts listening for Ctrl-C and SIGTERM; each is handed to `send` until it
/// answers `false` (the loop is gone). The handlers are installed before this
/// returns, so a signal that arrives later is never the default (killing) one.
pub fn listen_for_signals(send: impl Fn(Signal) -> bool + Send + 'static) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut interrupt = signal(SignalKind::interrupt())?;
        let mut terminate = signal(SignalKind::terminate())?;
        tokio::spawn(async move {
            loop {
                let s = tokio::select! {
                    Some(()) = interrupt.recv() => Signal::Interrupt,
                    Some(()) = terminate.recv() => Signal::Terminate,
                    else => break,
                };
                if !send(s) {
                    break;
                }
            }
        });
    }
    #[cfg(not(unix))]
    {
        tokio::spawn(async move {
            while tokio::signal::ctrl_c().await.is_ok() {
                if !send(Signal::Interrupt) {
                    break;
                }
            }
        });
    }
    Ok(())
}
