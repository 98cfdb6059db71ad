//! This module owns what can go wrong with watching itself (not with a build: a
//! red build is data, printed and survived). Each error is named, says which path
//! it concerns, and carries the fix — notify's Linux limits (inotify watches,
//! inotify instances, open files) in particular, which otherwise surface as a bare
//! "No space left on device" or "Too many open files".
//!
//! The watch loop splits them (STYLE.md §5): [`WatchError::is_critical`] errors
//! stop `rigc watch` (nothing can be watched at all); the others are reported and
//! the loop keeps running with what it can watch.

use std::path::PathBuf;

/// `ENFILE`, `EMFILE` and `ENOSPC` on Linux (the same numbers on every Linux
/// architecture); only compared against `raw_os_error`, never produced.
const ENFILE: i32 = 23;
const EMFILE: i32 = 24;
const ENOSPC: i32 = 28;

/// A failure of the watcher, named.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WatchError {
    /// inotify's per-user watch limit (`fs.inotify.max_user_watches`) is reached.
    #[error("cannot watch {}: the inotify watch limit (fs.inotify.max_user_watches) is reached", path.display())]
    WatchLimit {
        /// The directory that could not be watched.
        path: PathBuf,
    },
    /// inotify's per-user instance limit (`fs.inotify.max_user_instances`) is
    /// reached, or the process may open no more files, so no watcher can start.
    #[error("cannot start watching: no inotify instance is left (fs.inotify.max_user_instances) or the process may open no more files")]
    InstanceLimit,
    /// The process or the system may open no more files.
    #[error("cannot watch {}: too many open files", path.display())]
    FileHandles {
        /// The directory that could not be watched.
        path: PathBuf,
    },
    /// The loop fell behind and the notify callback dropped events rather than
    /// block; what they said is unknown, so every target is rebuilt.
    #[error("the watch loop fell behind: {dropped} file event(s) were dropped")]
    QueueFull {
        /// How many events were dropped.
        dropped: u64,
    },
    /// The kernel's own event queue overflowed (`IN_Q_OVERFLOW`).
    #[error("the kernel's file event queue overflowed; events were lost")]
    Overflow,
    /// Any other failure of the watcher, with its message.
    #[error("watching {}: {message}", path.display())]
    Other {
        /// The path concerned (empty when the watcher did not say).
        path: PathBuf,
        /// The watcher's message.
        message: String,
    },
}

impl WatchError {
    /// What to do about it.
    pub fn help(&self) -> &'static str {
        match self {
            WatchError::WatchLimit { .. } => {
                "raise the limit: sudo sysctl fs.inotify.max_user_watches=524288 (and add that line to /etc/sysctl.d/90-inotify.conf to keep it), then restart rigc watch"
            }
            WatchError::InstanceLimit => {
                "stop other watchers, or raise the limits: sudo sysctl fs.inotify.max_user_instances=512, and ulimit -n 65536 in this shell"
            }
            WatchError::FileHandles { .. } => {
                "raise the open-file limit (ulimit -n 65536 in this shell) or close other programs, then restart rigc watch"
            }
            WatchError::QueueFull { .. } | WatchError::Overflow => {
                "nothing to do: every target is rebuilt to catch up"
            }
            WatchError::Other { .. } => {
                "check that the path exists and is readable; rigc watch keeps watching everything else"
            }
        }
    }

    /// Does it stop `rigc watch`? Only when no watcher can run at all.
    pub fn is_critical(&self) -> bool {
        matches!(self, WatchError::InstanceLimit)
    }

    /// Names a notify error. `starting`: it came from creating the watcher.
    pub fn from_notify(e: notify::Error, starting: bool) -> WatchError {
        let path = e.paths.first().cloned().unwrap_or_default();
        match e.kind {
            notify::ErrorKind::MaxFilesWatch => WatchError::WatchLimit { path },
            notify::ErrorKind::Io(io) => match io.raw_os_error() {
                Some(EMFILE) if starting => WatchError::InstanceLimit,
                Some(EMFILE | ENFILE) => WatchError::FileHandles { path },
                Some(ENOSPC) => WatchError::WatchLimit { path },
                _ => WatchError::Other {
                    path,
                    message: io.to_string(),
                },
            },
            other => WatchError::Other {
                path,
                message: notify::Error::new(other).to_string(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linux_limits_are_named_with_their_fix() {
        let e = notify::Error::new(notify::ErrorKind::MaxFilesWatch).add_path("/p/parts".into());
        let named = WatchError::from_notify(e, false);
        assert_eq!(
            named,
            WatchError::WatchLimit {
                path: "/p/parts".into()
            }
        );
        assert!(named.to_string().contains("max_user_watches"));
        assert!(named.help().contains("sysctl fs.inotify.max_user_watches"));
        assert!(!named.is_critical());

        let emfile = || notify::Error::io(std::io::Error::from_raw_os_error(EMFILE));
        assert_eq!(
            WatchError::from_notify(emfile(), true),
            WatchError::InstanceLimit
        );
        assert!(WatchError::InstanceLimit.is_critical());
        assert!(matches!(
            WatchError::from_notify(emfile(), false),
            WatchError::FileHandles { .. }
        ));
        let enospc = notify::Error::io(std::io::Error::from_raw_os_error(ENOSPC));
        assert!(matches!(
            WatchError::from_notify(enospc, false),
            WatchError::WatchLimit { .. }
        ));
    }
}
