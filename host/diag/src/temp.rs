//! This module owns the naming of rigc's temporaries and their clean-up: a
//! temporary is `.<base>.rigc-tmp-<pid>` (a file or a directory) beside what it
//! will become, so its owner is in its name. A run killed before it renames
//! its temporary leaves it behind; [`sweep`] removes those whose process is gone
//! — and never anything else: a name of another shape, or of a live process
//! (this one included), is left alone.

use std::fs;
use std::path::{Path, PathBuf};

const MARK: &str = ".rigc-tmp-";

/// The temporary that the process `pid` makes for `base` (a file name).
pub fn name_for(base: &str, pid: u32) -> String {
    format!(".{base}{MARK}{pid}")
}

/// This process's temporary for `base`.
pub fn own_name(base: &str) -> String {
    name_for(base, std::process::id())
}

/// Reads a temporary's name back: the `base` it stands for and its owner's pid,
/// or `None` when `name` is not of rigc's naming.
pub fn owner(name: &str) -> Option<(&str, u32)> {
    let rest = name.strip_prefix('.')?;
    let at = rest.rfind(MARK)?;
    let (base, tail) = (&rest[..at], &rest[at + MARK.len()..]);
    if base.is_empty() || tail.is_empty() || !tail.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((base, tail.parse().ok()?))
}

/// Whether the process `pid` is certainly gone. Only Linux's `/proc` can say
/// so; elsewhere every process counts as alive, so nothing is swept.
pub fn process_gone(pid: u32) -> bool {
    if pid == std::process::id() {
        return false;
    }
    let proc = Path::new("/proc");
    proc.join("self").exists() && !proc.join(pid.to_string()).exists()
}

/// The owner's pid of the temporary `name` when it is of rigc's naming.
pub fn owner_pid(name: &str) -> Option<u32> {
    owner(name).map(|(_, pid)| pid)
}

/// Removes the stale temporaries in `dir` — entries whose name `owner_of`
/// reads back to a pid ([`owner_pid`] for rigc's naming; the cache also knows
/// older names) whose process is gone — and returns what it removed. A
/// missing or unreadable `dir` has none; an entry that cannot be removed is
/// skipped (the next sweep tries again).
pub fn sweep(dir: &Path, owner_of: impl Fn(&str) -> Option<u32>) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut removed = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(&owner_of) else {
            continue;
        };
        if !process_gone(pid) {
            continue;
        }
        let path = entry.path();
        // A symlink is removed as itself, never followed.
        let is_dir = entry.file_type().map(|t| t.is_dir()).unwrap_or(false);
        let gone = if is_dir {
            fs::remove_dir_all(&path)
        } else {
            fs::remove_file(&path)
        };
        if gone.is_ok() {
            removed.push(path);
        }
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pid no process has: above Linux's largest (`pid_max` ≤ 2²²).
    const DEAD: u32 = 4_194_304 + 17;

    #[test]
    fn a_name_reads_back_as_its_base_and_owner() {
        let n = name_for("skeleton.json", 42);
        assert_eq!(n, ".skeleton.json.rigc-tmp-42");
        assert_eq!(owner(&n), Some(("skeleton.json", 42)));
        assert_eq!(owner(&own_name("a.b")), Some(("a.b", std::process::id())));
        for other in [
            "skeleton.json",
            ".skeleton.json",
            ".rigc-tmp-42",
            ".x.rigc-tmp-",
            ".x.rigc-tmp-4a",
            "x.rigc-tmp-4",
        ] {
            assert_eq!(owner(other), None, "{other}");
        }
    }

    #[test]
    fn sweep_removes_only_stale_temporaries_of_the_naming_it_reads() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path();
        let stale_file = p.join(name_for("skeleton.json", DEAD));
        let stale_dir = p.join(name_for("build", DEAD));
        let live = p.join(own_name("skeleton.json"));
        let other_shape = p.join(".notes.txt.tmp-1");
        let user = p.join("skeleton.json");
        fs::write(&stale_file, "x").unwrap();
        fs::create_dir(&stale_dir).unwrap();
        fs::write(stale_dir.join("skeleton.atlas"), "x").unwrap();
        fs::write(&live, "x").unwrap();
        fs::write(&other_shape, "x").unwrap();
        fs::write(&user, "x").unwrap();
        let mut removed = sweep(p, owner_pid);
        removed.sort();
        let mut want = vec![stale_file, stale_dir];
        want.sort();
        assert_eq!(removed, want);
        assert!(live.exists() && other_shape.exists() && user.exists());
        assert!(sweep(&p.join("missing"), owner_pid).is_empty());
    }

    #[test]
    fn this_process_is_never_gone() {
        assert!(!process_gone(std::process::id()));
        if Path::new("/proc/self").exists() {
            assert!(process_gone(DEAD));
        }
    }
}
