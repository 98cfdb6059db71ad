//! This module owns writing a set of files into one directory as a unit: a
//! reader of the directory sees the whole old set or the whole new set, never
//! a mix, whatever signal stops the writer.
//!
//! **How.** Every foreseeable failure is found first, before anything on disk
//! changes: a name that is not a plain file name, two names that differ only
//! in case, a directory where a file goes, a target that is not a directory,
//! an unreadable source. When every file already holds its bytes nothing is
//! touched. Otherwise the new set is staged in a sibling directory
//! `.<dir>.rigc-tmp-<pid>` ([`crate::temp`]) — each changed file written and
//! synced, each unchanged file and every other entry of the old directory
//! hard-linked (same inode, same mtime) — and swapped in with one
//! `renameat2(RENAME_EXCHANGE)` ([`Unit::Swapped`]); the old set, now at the
//! staging name, is then removed. A directory that did not exist is staged
//! and renamed into place ([`Unit::Created`]).
//!
//! **The fallback** ([`Unit::InPlace`]) renames each changed file into the
//! directory, one after another, from the staging directory (or from a
//! temporary beside it): each file is always whole, but a kill between two
//! renames leaves new files beside old ones. It is taken when the swap would
//! lose or disturb something — the directory holds a subdirectory (it cannot
//! be hard-linked), an entry cannot be hard-linked, it is the process's own
//! working directory — or cannot be made: not Linux, a file system without
//! `RENAME_EXCHANGE`, a parent the process may not write — or when the
//! caller says why not (rigc never swaps a directory it reads its specs or
//! part images from: `rigc watch` and editors watch that directory).
//!
//! **Durability.** Each new file is synced before it is renamed or swapped
//! in, so a power loss never leaves a file of the set empty or torn; the
//! directories are not synced (as before the set was a unit): the rename or
//! swap itself becomes durable with the file system's next commit, and until
//! then a power loss shows the old set, whole. (Syncing the staging directory
//! and its parent cost two journal commits per target: a cold `build --all` of
//! 100 rigs went from 1.1 s to 2.3 s.)
//!
//! **Temporaries** of a killed writer keep rigc's naming, so [`sweep`] (run
//! first by every write, and by every build that writes nothing) removes the
//! ones whose process is gone — every temporary of rigc's naming in the
//! directory and beside it, whatever it was for.

use super::Written;
use crate::temp;
use std::collections::{BTreeSet, HashSet};
use std::fmt;
use std::fs;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// What one file of the set holds.
#[derive(Debug, Clone, Copy)]
pub enum Content<'a> {
    /// These bytes.
    Bytes(&'a [u8]),
    /// A copy of this file (read whole before anything is replaced).
    CopyOf(&'a Path),
}

/// One file of the set: its name inside the directory and its content.
#[derive(Debug, Clone, Copy)]
pub struct File<'a> {
    /// A plain file name (no separator, not `.` or `..`).
    pub name: &'a str,
    /// What it holds.
    pub content: Content<'a>,
}

/// How the set reached the disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unit {
    /// Every file already held its bytes; nothing was touched.
    Unchanged,
    /// The directory did not exist; the set was staged and renamed into place.
    Created,
    /// The staged directory was exchanged with the old one in one step.
    Swapped,
    /// The changed files were renamed in one by one (each whole, the set not
    /// atomic under a kill), for the reason given.
    InPlace(String),
}

/// What writing the set did: each file's outcome, in the order given, and how.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// One per file, in the order given.
    pub written: Vec<Written>,
    /// How the set reached the disk.
    pub unit: Unit,
}

/// Why the set was not written. Nothing in the directory changed unless
/// [`SetError::partial`] says so.
#[derive(Debug, Clone, PartialEq)]
pub struct SetError {
    /// The path at fault.
    pub path: PathBuf,
    /// What is wrong with it.
    pub reason: String,
    /// Some files were replaced before the failure (only an in-place write
    /// that the disk refused midway can do this).
    pub partial: bool,
}

impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.reason)
    }
}

impl std::error::Error for SetError {}

fn fail(path: &Path, reason: impl fmt::Display) -> SetError {
    SetError {
        path: path.to_path_buf(),
        reason: reason.to_string(),
        partial: false,
    }
}

/// Removes the stale temporaries of a set written into `dir` — file
/// temporaries inside it, and staging directories (any temporary of rigc's
/// naming) beside it — whose process is gone. Returns what it removed. Every
/// write runs it first.
pub fn sweep(dir: &Path) -> Vec<PathBuf> {
    let mut removed = Vec::new();
    if let Some(parent) = dir.parent() {
        removed.extend(temp::sweep(parent, temp::owner_pid));
    }
    removed.extend(temp::sweep(dir, temp::owner_pid));
    removed
}

/// [`sweep`] for a build that writes nothing: `dir` is listed every time (it
/// is small), its parent — which many targets' directories may share
/// (`out/<target>`) — once per process, so a no-op build of N targets lists it
/// once, not N times.
pub fn sweep_once(dir: &Path) -> Vec<PathBuf> {
    static SWEPT_PARENTS: Mutex<BTreeSet<PathBuf>> = Mutex::new(BTreeSet::new());
    let first = dir.parent().is_some_and(|parent| {
        SWEPT_PARENTS
            .lock()
            .map(|mut swept| swept.insert(parent.to_path_buf()))
            .unwrap_or(true)
    });
    if first {
        return sweep(dir);
    }
    temp::sweep(dir, temp::owner_pid)
}

/// Writes `files` into `dir` as one unit (see the module doc). `dir` is
/// created, with its parents, when missing. `in_place` names a reason the
/// caller knows to keep the directory itself (say, it holds the files the
/// caller reads, which others watch): the changed files are then renamed in.
pub fn write_set(
    dir: &Path,
    files: &[File<'_>],
    in_place: Option<&str>,
) -> Result<Report, SetError> {
    check_names(dir, files)?;
    // The directory as it is on disk: a symlink to it is followed, so the swap
    // replaces the directory and never the link.
    let real = match fs::symlink_metadata(dir) {
        Ok(_) => {
            let real = fs::canonicalize(dir).map_err(|e| fail(dir, e))?;
            if !real.is_dir() {
                return Err(fail(dir, "is not a directory"));
            }
            Some(real)
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(fail(dir, e)),
    };
    let target = real.clone().unwrap_or_else(|| dir.to_path_buf());
    sweep(&target);

    let mut staged = Vec::with_capacity(files.len());
    for f in files {
        let bytes = match f.content {
            Content::Bytes(b) => b.to_vec(),
            Content::CopyOf(from) => {
                fs::read(from).map_err(|e| fail(from, format!("cannot be read: {e}")))?
            }
        };
        let path = target.join(f.name);
        let unchanged = match fs::symlink_metadata(&path) {
            Ok(m) if m.is_dir() => {
                return Err(fail(&dir.join(f.name), "a directory is in the way"));
            }
            Ok(_) => fs::read(&path).is_ok_and(|old| old == bytes),
            Err(_) => false,
        };
        staged.push((f.name, bytes, unchanged));
    }
    let report = |unit: Unit| Report {
        written: staged
            .iter()
            .map(|(name, _, unchanged)| {
                let p = dir.join(name);
                if *unchanged {
                    Written::Unchanged(p)
                } else {
                    Written::Wrote(p)
                }
            })
            .collect(),
        unit,
    };
    if real.is_some() && staged.iter().all(|(_, _, unchanged)| *unchanged) {
        return Ok(report(Unit::Unchanged));
    }

    let parent = target.parent().unwrap_or(Path::new("/")).to_path_buf();
    let base = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| fail(dir, "has no name to stage beside"))?;
    fs::create_dir_all(&parent).map_err(|e| fail(&parent, format!("cannot be created: {e}")))?;
    let staging = parent.join(temp::own_name(&base));
    let _ = fs::remove_dir_all(&staging);
    if let Err(e) = fs::create_dir(&staging) {
        // A parent the process may not write: temporaries inside the directory.
        return match &real {
            Some(_) => rename_in(&target, None, &staged).map(|()| {
                report(Unit::InPlace(format!(
                    "its parent directory cannot be written ({e})"
                )))
            }),
            None => Err(fail(dir, format!("cannot be created: {e}"))),
        };
    }
    let result = stage_and_place(&target, real.is_some(), &staging, &staged, in_place);
    let _ = fs::remove_dir_all(&staging);
    result.map(report)
}

type Staged<'a> = (&'a str, Vec<u8>, bool);

fn check_names(dir: &Path, files: &[File<'_>]) -> Result<(), SetError> {
    let mut seen = HashSet::new();
    for f in files {
        let plain = !f.name.is_empty()
            && f.name != "."
            && f.name != ".."
            && !f.name.contains(['/', '\\', '\0'])
            && temp::owner(f.name).is_none();
        if !plain {
            return Err(fail(&dir.join(f.name), "is not a plain file name"));
        }
        if !seen.insert(f.name.to_lowercase()) {
            return Err(fail(
                &dir.join(f.name),
                "is named twice (names that differ only in case collide on some file systems)",
            ));
        }
    }
    Ok(())
}

/// Fills `staging` and puts it in place of `target`; on `Err` the old set is
/// whole unless the error says `partial`.
fn stage_and_place(
    target: &Path,
    exists: bool,
    staging: &Path,
    staged: &[Staged<'_>],
    in_place: Option<&str>,
) -> Result<Unit, SetError> {
    for (name, bytes, unchanged) in staged {
        let to = staging.join(name);
        if *unchanged && fs::hard_link(target.join(name), &to).is_ok() {
            continue;
        }
        write_synced(&to, bytes).map_err(|e| fail(&to, format!("cannot be written: {e}")))?;
    }
    if !exists {
        match fs::rename(staging, target) {
            Ok(()) => return Ok(Unit::Created),
            // Another writer created it meanwhile: replace theirs as a whole.
            Err(_) if target.is_dir() => {}
            Err(e) => return Err(fail(target, format!("cannot be created: {e}"))),
        }
    }
    let kept = match in_place {
        Some(why) => Err(why.to_string()),
        None => link_the_rest(target, staging, staged),
    };
    let why_not = match kept {
        Err(why) => Some(why),
        Ok(()) => {
            copy_mode(target, staging);
            swap(staging, target).err()
        }
    };
    match why_not {
        None => Ok(Unit::Swapped),
        Some(why) => {
            rename_in(target, Some(staging), staged)?;
            Ok(Unit::InPlace(why))
        }
    }
}

/// Hard-links every entry of the old directory the new set does not name into
/// `staging`, so the swap keeps them; `Err` says why the swap must not happen.
fn link_the_rest(target: &Path, staging: &Path, staged: &[Staged<'_>]) -> Result<(), String> {
    if std::env::current_dir().is_ok_and(|cwd| cwd == target) {
        return Err("it is the working directory".into());
    }
    let ours: HashSet<&str> = staged.iter().map(|(n, _, _)| *n).collect();
    let entries = fs::read_dir(target).map_err(|e| format!("it cannot be listed ({e})"))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("it cannot be listed ({e})"))?;
        let name = entry.file_name();
        let Some(text) = name.to_str() else {
            return Err("it holds a name that is not UTF-8".into());
        };
        if ours.contains(text) || temp::owner(text).is_some() {
            continue;
        }
        let kind = entry
            .file_type()
            .map_err(|e| format!("{text} cannot be read ({e})"))?;
        if kind.is_dir() {
            return Err(format!(
                "it holds a directory ({text}) a swap would disturb"
            ));
        }
        fs::hard_link(entry.path(), staging.join(&name))
            .map_err(|e| format!("{text} cannot be kept by a hard link ({e})"))?;
    }
    Ok(())
}

/// Renames each changed file into `target`, from `staging` when there is one,
/// else from a temporary written beside it.
fn rename_in(target: &Path, staging: Option<&Path>, staged: &[Staged<'_>]) -> Result<(), SetError> {
    let mut temps = Vec::new();
    for (name, bytes, unchanged) in staged {
        if *unchanged {
            continue;
        }
        let from = match staging {
            Some(s) => s.join(name),
            None => {
                let t = target.join(temp::own_name(name));
                if let Err(e) = write_synced(&t, bytes) {
                    for (t, _) in &temps {
                        let _ = fs::remove_file(t);
                    }
                    let _ = fs::remove_file(&t);
                    return Err(fail(&t, format!("cannot be written: {e}")));
                }
                t
            }
        };
        temps.push((from, target.join(name)));
    }
    for (i, (from, to)) in temps.iter().enumerate() {
        if let Err(e) = fs::rename(from, to) {
            for (from, _) in &temps[i..] {
                let _ = fs::remove_file(from);
            }
            return Err(SetError {
                path: to.clone(),
                reason: format!("cannot be replaced: {e}"),
                partial: i > 0,
            });
        }
    }
    Ok(())
}

fn write_synced(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut f = fs::File::create(path)?;
    f.write_all(bytes)?;
    f.sync_all()
}

/// The new directory keeps the old one's permissions.
fn copy_mode(from: &Path, to: &Path) {
    if let Ok(m) = fs::metadata(from) {
        let _ = fs::set_permissions(to, m.permissions());
    }
}

#[cfg(target_os = "linux")]
fn swap(staging: &Path, target: &Path) -> Result<(), String> {
    use rustix::fs::{renameat_with, RenameFlags, CWD};
    renameat_with(CWD, staging, CWD, target, RenameFlags::EXCHANGE)
        .map_err(|e| format!("the file system cannot exchange directories ({e})"))
}

#[cfg(not(target_os = "linux"))]
fn swap(_: &Path, _: &Path) -> Result<(), String> {
    Err("this platform cannot exchange directories".into())
}

#[cfg(all(test, unix))]
#[path = "set_tests.rs"]
mod tests;
