//! This module owns which files of the cache are temporaries, and removing the
//! stale ones: a temporary is of rigc's naming (`rigc_diag::temp`, the one
//! naming rule) or of one of the names rigc gave them before that rule
//! (`.copy-<pid>`, `.tmp-<pid>-<n>`, `<name>.tmp-<pid>`), which caches made by
//! an older rigc still hold. Either way its owner's pid is in its name, and a
//! sweep removes it only once that process is gone.

use rigc_diag::temp;
use std::path::{Path, PathBuf};

/// The pid that owns the temporary `name`, or `None` when `name` is no
/// temporary.
pub fn owner(name: &str) -> Option<u32> {
    if let Some((_, pid)) = temp::owner(name) {
        return Some(pid);
    }
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let pid = |s: &str| digits(s).then(|| s.parse().ok()).flatten();
    if let Some(rest) = name.strip_prefix(".copy-") {
        return pid(rest);
    }
    if let Some(rest) = name.strip_prefix(".tmp-") {
        let (p, n) = rest.split_once('-')?;
        return if digits(n) { pid(p) } else { None };
    }
    let (base, tail) = name.rsplit_once(".tmp-")?;
    if base.is_empty() {
        return None;
    }
    pid(tail)
}

/// Whether `name` is a temporary's: a file a sweep removes once its owner is
/// gone. A writer's mark (see [`mark_writer`]) is swept too but is no
/// temporary here: it holds no bytes, and `cache stats` does not count it.
pub fn is_temporary(name: &str) -> bool {
    owner(name).is_some() && temp::owner(name).is_none_or(|(base, _)| base != WRITER)
}

/// The base of a writer mark's name: `.writer.rigc-tmp-<pid>` in the cache's
/// root says process `<pid>` is writing into the cache.
const WRITER: &str = "writer";

/// Marks the cache at `root` as written by this process (an empty file of the
/// temporary naming, so a sweep removes it once the process is gone) and
/// returns the mark, or `None` when it cannot be made (the run then leaves no
/// hint after a kill, and its temporaries wait for the directory's next write
/// or `cache gc`).
pub fn mark_writer(root: &Path) -> Option<PathBuf> {
    let mark = root.join(temp::own_name(WRITER));
    std::fs::write(&mark, b"").ok().map(|()| mark)
}

/// Whether a writer's mark in `root` belongs to a process that is gone: one
/// was killed (or crashed) while writing, and its temporaries may be anywhere.
pub fn killed_writer(root: &Path) -> bool {
    let Ok(entries) = std::fs::read_dir(root) else {
        return false;
    };
    entries.flatten().any(|e| {
        e.file_name()
            .to_str()
            .and_then(temp::owner)
            .is_some_and(|(base, pid)| base == WRITER && temp::process_gone(pid))
    })
}

/// Removes the stale temporaries directly in `dir` (of either naming) and
/// returns them: `rigc_diag::temp::sweep` with this module's [`owner`].
pub fn sweep(dir: &Path) -> Vec<PathBuf> {
    temp::sweep(dir, owner)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pid no process has: above Linux's largest (`pid_max` ≤ 2²²).
    const DEAD: u32 = 4_194_304 + 17;

    #[test]
    fn both_namings_are_temporaries_and_nothing_else_is() {
        let h = "ab".repeat(32);
        for (name, pid) in [
            (temp::name_for(&format!("{h}.so"), 7), 7),
            (temp::name_for(&format!("{h}.3"), 8), 8),
            (".copy-12".to_string(), 12),
            (".tmp-13-4".to_string(), 13),
            ("tool-identity.tmp-14".to_string(), 14),
            (format!("{h}.tmp-15"), 15),
        ] {
            assert_eq!(owner(&name), Some(pid), "{name}");
        }
        for name in [
            h.clone(),
            format!("{h}.so"),
            format!("{h}.identity"),
            "tool-identity".into(),
            ".copy-".into(),
            ".copy-1x".into(),
            ".tmp-13".into(),
            ".tmp-13-".into(),
            ".tmp-x-1".into(),
            ".tmp-1".into(),
            "a.tmp-".into(),
            "blobs".into(),
        ] {
            assert_eq!(owner(&name), None, "{name}");
        }
    }

    #[test]
    fn a_sweep_removes_stale_temporaries_of_either_naming_only() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path();
        let h = "cd".repeat(32);
        let stale = [
            temp::name_for(&format!("{h}.so"), DEAD),
            format!(".copy-{DEAD}"),
            format!(".tmp-{DEAD}-3"),
            format!("{h}.tmp-{DEAD}"),
        ];
        let kept = [
            temp::own_name(&format!("{h}.so")),
            format!(".copy-{}", std::process::id()),
            format!("{h}.so"),
            "tool-identity".to_string(),
        ];
        for name in stale.iter().chain(&kept) {
            std::fs::write(p.join(name), b"x").unwrap();
        }
        let mut removed = sweep(p);
        removed.sort();
        let mut want: Vec<PathBuf> = stale.iter().map(|n| p.join(n)).collect();
        want.sort();
        if Path::new("/proc/self").exists() {
            assert_eq!(removed, want);
        }
        for name in &kept {
            assert!(p.join(name).exists(), "{name} was removed");
        }
        assert!(sweep(&p.join("missing")).is_empty());
    }
}
