//! This module owns the watch loop's vocabulary of the outside world: a
//! [`WatchEvent`] (what the notify callback turns a `notify::Event` into —
//! paths, a coarse kind, and the instant it arrived), what the callback sends
//! ([`FsMsg`]) and the signals that stop the loop ([`Signal`]). The loop's own
//! closed event enum is `actor::LoopEvent`.
//!
//! Conversion is the callback's whole job, so it is cheap and drops what can never
//! matter: reads, opens, closes without a write, and metadata-only changes
//! (`chmod`, `touch`), which change no byte a build reads.

use super::error::WatchError;
use std::path::PathBuf;
use std::time::Instant;

/// What happened to the paths of one event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeKind {
    /// The synthetic event that starts `rigc watch`: load the project, build
    /// everything (it goes through the same filter, batch and dispatch as any
    /// later change).
    Initial,
    /// A file or directory appeared.
    Created,
    /// Bytes were written (or a writer closed the file).
    Modified,
    /// A file or directory went away.
    Removed,
    /// A rename; the paths are the old and/or the new name.
    Renamed,
    /// Events were lost (kernel queue overflow): assume anything changed.
    Rescan,
    /// Something the platform did not classify.
    Other,
}

/// One file-system event, as the loop sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct WatchEvent {
    /// The paths concerned (absolute, under a watched directory).
    pub paths: Vec<PathBuf>,
    /// What happened.
    pub kind: ChangeKind,
    /// When the callback received it: the start of "from the event to the output".
    pub at: Instant,
}

impl WatchEvent {
    /// The synthetic first event.
    pub fn initial(at: Instant) -> WatchEvent {
        WatchEvent {
            paths: Vec::new(),
            kind: ChangeKind::Initial,
            at,
        }
    }

    /// Converts a notify event, or drops it (`None`) when it cannot change a byte
    /// any build reads.
    pub fn from_notify(e: &notify::Event, at: Instant) -> Option<WatchEvent> {
        use notify::event::{AccessKind, AccessMode, ModifyKind};
        use notify::EventKind as K;
        if e.need_rescan() {
            return Some(WatchEvent {
                paths: e.paths.clone(),
                kind: ChangeKind::Rescan,
                at,
            });
        }
        let kind = match e.kind {
            K::Access(AccessKind::Close(AccessMode::Write)) => ChangeKind::Modified,
            K::Access(_) => return None,
            K::Modify(ModifyKind::Metadata(_)) => return None,
            K::Modify(ModifyKind::Name(_)) => ChangeKind::Renamed,
            K::Modify(_) => ChangeKind::Modified,
            K::Create(_) => ChangeKind::Created,
            K::Remove(_) => ChangeKind::Removed,
            K::Any | K::Other => ChangeKind::Other,
        };
        if e.paths.is_empty() {
            return None;
        }
        Some(WatchEvent {
            paths: e.paths.clone(),
            kind,
            at,
        })
    }
}

/// What the notify callback sends: an event, or a named error.
#[derive(Debug, Clone, PartialEq)]
pub enum FsMsg {
    /// A file-system event that may matter.
    Event(WatchEvent),
    /// The watcher failed.
    Error(WatchError),
}

/// A signal asking `rigc watch` to stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Signal {
    /// Ctrl-C (SIGINT).
    Interrupt,
    /// SIGTERM.
    Terminate,
}

#[cfg(test)]
mod tests {
    use super::*;
    use notify::event::{AccessKind, AccessMode, CreateKind, MetadataKind, ModifyKind};

    fn ev(kind: notify::EventKind) -> notify::Event {
        notify::Event::new(kind).add_path("/p/motion.json".into())
    }

    #[test]
    fn reads_and_metadata_are_dropped_writes_kept() {
        let at = Instant::now();
        let kind = |k| WatchEvent::from_notify(&ev(k), at).map(|e| e.kind);
        assert_eq!(
            kind(notify::EventKind::Access(AccessKind::Close(
                AccessMode::Read
            ))),
            None
        );
        assert_eq!(
            kind(notify::EventKind::Access(AccessKind::Close(
                AccessMode::Write
            ))),
            Some(ChangeKind::Modified)
        );
        assert_eq!(
            kind(notify::EventKind::Modify(ModifyKind::Metadata(
                MetadataKind::Any
            ))),
            None
        );
        assert_eq!(
            kind(notify::EventKind::Create(CreateKind::File)),
            Some(ChangeKind::Created)
        );
        let rescan =
            notify::Event::new(notify::EventKind::Other).set_flag(notify::event::Flag::Rescan);
        assert_eq!(
            WatchEvent::from_notify(&rescan, at).map(|e| e.kind),
            Some(ChangeKind::Rescan)
        );
    }
}
