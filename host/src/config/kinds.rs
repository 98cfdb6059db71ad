//! This module owns what each path of `rigc.toml` must name — a file for a
//! spec, a directory for `images`, a directory or nothing yet for `out` and
//! `cache` — and how a path that names the wrong kind of thing is refused.

use rigc_diag::codes;
use std::path::Path;

/// What a path of `rigc.toml` must name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Need {
    /// Anything, or nothing yet (a plugin library: the loader names what is wrong).
    Anything,
    /// An existing file (a spec).
    File,
    /// An existing directory (`images`).
    Dir,
    /// A directory, or nothing yet (`out`, `cache`: created when written).
    DirOrNothing,
}

/// What was found where a path of `rigc.toml` needed something else.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum WrongKind {
    /// A directory where a file belongs.
    Directory,
    /// A file (or anything but a directory) where a directory belongs.
    NotADirectory,
}

impl Need {
    pub(super) fn must_exist(self) -> bool {
        matches!(self, Need::File | Need::Dir)
    }

    /// What is wrong with what is at `path`, if anything (a missing path is
    /// [`Need::must_exist`]'s to refuse).
    pub(super) fn wrong_kind(self, path: &Path) -> Option<WrongKind> {
        let meta = std::fs::metadata(path).ok()?;
        match self {
            Need::Anything => None,
            Need::File => meta.is_dir().then_some(WrongKind::Directory),
            Need::Dir | Need::DirOrNothing => (!meta.is_dir()).then_some(WrongKind::NotADirectory),
        }
    }
}

impl WrongKind {
    pub(super) fn code(self) -> rigc_diag::codes::Code {
        match self {
            WrongKind::Directory => codes::CONFIG_NOT_A_FILE,
            WrongKind::NotADirectory => codes::CONFIG_NOT_A_DIRECTORY,
        }
    }

    pub(super) fn found(self) -> &'static str {
        match self {
            WrongKind::Directory => "a directory, not a file",
            WrongKind::NotADirectory => "a file, not a directory",
        }
    }

    pub(super) fn help(self) -> &'static str {
        match self {
            WrongKind::Directory => "name the spec's JSON file itself (e.g. <dir>/rig.json)",
            WrongKind::NotADirectory => {
                "name a directory (or a path where rigc may create one); a file is there"
            }
        }
    }
}
