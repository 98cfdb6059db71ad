//! This module owns looking after the cache: `rigc cache stats` (what is in it)
//! and `rigc cache gc --max-size` (remove the stale temporaries of killed runs,
//! whatever the size, then delete the least recently written entries until the
//! cache fits). An action whose blob is gone is a miss, never an error, so
//! collecting in any order is safe.

use super::{temps, Cache};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// What the cache holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CacheStats {
    /// Number of blobs.
    pub blobs: u64,
    /// Bytes in blobs.
    pub blob_bytes: u64,
    /// Number of action entries.
    pub actions: u64,
    /// Bytes in action entries.
    pub action_bytes: u64,
    /// Number of plugin library copies (`plugins/<64 hex>.<ext>`).
    pub plugins: u64,
    /// Bytes in plugin copies.
    pub plugin_bytes: u64,
    /// Number of temporaries anywhere in the cache (a live run's, or a killed
    /// run's the next build or `gc` removes), counted as nothing else.
    pub temporaries: u64,
    /// Bytes in temporaries.
    pub temporary_bytes: u64,
}

impl CacheStats {
    /// All bytes.
    pub fn total_bytes(&self) -> u64 {
        self.blob_bytes + self.action_bytes + self.plugin_bytes + self.temporary_bytes
    }
}

/// What a collection did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GcOutcome {
    /// Size before.
    pub before: u64,
    /// Size after.
    pub after: u64,
    /// Entries removed to fit.
    pub removed: u64,
    /// Stale temporaries removed.
    pub temporaries: u64,
}

/// A file of the cache: its path, size and modification time.
type File = (PathBuf, u64, SystemTime);

/// Every file under `dir`, and every directory (`dir` included), split into
/// temporaries and the rest.
fn files(dir: PathBuf) -> (Vec<File>, Vec<File>, Vec<PathBuf>) {
    let (mut temporaries, mut rest, mut dirs) = (Vec::new(), Vec::new(), Vec::new());
    let mut stack = vec![dir];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        dirs.push(d);
        for e in rd.flatten() {
            let p = e.path();
            let Ok(meta) = e.metadata() else { continue };
            if meta.is_dir() {
                stack.push(p);
                continue;
            }
            let file = (
                p,
                meta.len(),
                meta.modified().unwrap_or(SystemTime::UNIX_EPOCH),
            );
            if e.file_name().to_str().is_some_and(temps::is_temporary) {
                temporaries.push(file);
            } else {
                rest.push(file);
            }
        }
    }
    (temporaries, rest, dirs)
}

/// A file of `plugins/` named `<64 hex>.<ext>`: its stem and extension.
fn hex_named(path: &Path) -> Option<(&str, &str)> {
    let name = path.file_name()?.to_str()?;
    let (stem, ext) = name.split_once('.')?;
    (super::unhex(stem).is_some() && !ext.is_empty()).then_some((stem, ext))
}

/// Whether `path` is a plugin copy: `<64 hex>.<ext>`, its name the blake3 of
/// its bytes — not one of the `<64 hex>.identity` memos rigc kept there
/// before issue 14.
fn is_plugin_copy(path: &Path) -> bool {
    hex_named(path).is_some_and(|(_, ext)| ext != "identity")
}

fn is_old_memo(path: &Path) -> bool {
    hex_named(path).is_some_and(|(_, ext)| ext == "identity")
}

impl Cache {
    /// Counts what the cache holds.
    pub fn stats(&self) -> CacheStats {
        let mut s = CacheStats {
            blobs: 0,
            blob_bytes: 0,
            actions: 0,
            action_bytes: 0,
            plugins: 0,
            plugin_bytes: 0,
            temporaries: 0,
            temporary_bytes: 0,
        };
        let (temporaries, rest, _) = files(self.root().to_path_buf());
        s.temporaries = temporaries.len() as u64;
        s.temporary_bytes = temporaries.iter().map(|f| f.1).sum();
        let (blobs, actions, plugins) = (
            self.root().join("blobs"),
            self.root().join("actions"),
            self.plugins_dir(),
        );
        for (path, len, _) in rest {
            let (count, bytes) = if path.starts_with(&blobs) {
                (&mut s.blobs, &mut s.blob_bytes)
            } else if path.starts_with(&actions) {
                (&mut s.actions, &mut s.action_bytes)
            } else if path.starts_with(&plugins) && is_plugin_copy(&path) {
                (&mut s.plugins, &mut s.plugin_bytes)
            } else {
                continue;
            };
            *count += 1;
            *bytes += len;
        }
        s
    }

    /// Removes the stale temporaries of the cache's root and its plugin copies
    /// — where a build's own temporaries of megabytes are — and returns how many;
    /// when a killed writer's mark is in the root, every directory's first, and
    /// the mark last (a run killed while sweeping leaves it for the next).
    /// A build does this before it loads its plugins; [`Cache::gc`] sweeps every
    /// directory.
    pub fn sweep_temporaries(&self) -> usize {
        let mut n = 0;
        if temps::killed_writer(self.root()) {
            let (_, _, dirs) = files(self.root().to_path_buf());
            n += dirs
                .iter()
                .filter(|d| d.as_path() != self.root())
                .map(|d| temps::sweep(d).len())
                .sum::<usize>();
        }
        n + temps::sweep(self.root()).len() + temps::sweep(&self.plugins_dir()).len()
    }

    /// Removes every stale temporary and the plugin-identity memos of rigc
    /// before issue 14 (nothing reads them now), whatever `max_size`; then
    /// deletes the least recently written blobs and actions (oldest first) until
    /// the cache holds at most `max_size` bytes. Plugin copies are kept (a
    /// running watcher may hold them), and so are a live run's temporaries.
    pub fn gc(&self, max_size: u64) -> GcOutcome {
        let before = self.stats().total_bytes();
        let (_, _, dirs) = files(self.root().to_path_buf());
        let temporaries = dirs.iter().map(|d| temps::sweep(d).len() as u64).sum();
        let (_, mut all, _) = files(self.root().join("blobs"));
        all.extend(files(self.root().join("actions")).1);
        for (path, _, _) in files(self.plugins_dir()).1 {
            if is_old_memo(&path) {
                let _ = std::fs::remove_file(path);
            }
        }
        all.sort_by(|a, b| a.2.cmp(&b.2).then_with(|| a.0.cmp(&b.0)));
        let mut size = self.stats().total_bytes();
        let mut removed = 0;
        for (path, len, _) in all {
            if size <= max_size {
                break;
            }
            if std::fs::remove_file(&path).is_ok() {
                size = size.saturating_sub(len);
                removed += 1;
            }
        }
        GcOutcome {
            before,
            after: self.stats().total_bytes(),
            removed,
            temporaries,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gc_shrinks_to_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        let c = Cache::open(dir.path()).unwrap();
        for i in 0..20u8 {
            c.put_blob(&[i; 1000]).unwrap();
        }
        let s = c.stats();
        assert_eq!((s.blobs, s.blob_bytes), (20, 20_000));
        let out = c.gc(5_000);
        assert!(out.after <= 5_000, "{out:?}");
        assert_eq!(out.removed, 15);
        assert_eq!(c.stats().blobs, 5);
    }

    /// A pid no process has: above Linux's largest (`pid_max` ≤ 2²²).
    const DEAD: u32 = 4_194_304 + 17;

    #[test]
    fn temporaries_are_counted_apart_and_gc_removes_the_stale_ones_whatever_the_size() {
        if !Path::new("/proc/self").exists() {
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let c = Cache::open(dir.path()).unwrap();
        let h = c.put_blob(&[1; 100]).unwrap();
        let copy = format!("{}.so", super::super::hex(&h));
        let plugins = c.plugins_dir();
        std::fs::write(plugins.join(&copy), [2; 300]).unwrap();
        std::fs::write(
            plugins.join(format!("{}.identity", "ef".repeat(32))),
            "memo",
        )
        .unwrap();
        let blob_dir = c.blob_path(&h).parent().unwrap().to_path_buf();
        let stale = [
            plugins.join(rigc_diag::temp::name_for(&copy, DEAD)),
            plugins.join(format!(".copy-{DEAD}")),
            blob_dir.join(rigc_diag::temp::name_for("x.0", DEAD)),
            dir.path().join(format!("tool-identity.tmp-{DEAD}")),
        ];
        for t in &stale {
            std::fs::write(t, [3; 1000]).unwrap();
        }
        let live = plugins.join(rigc_diag::temp::own_name(&copy));
        std::fs::write(&live, [4; 10]).unwrap();
        let s = c.stats();
        assert_eq!((s.plugins, s.plugin_bytes), (1, 300), "{s:?}");
        assert_eq!((s.blobs, s.blob_bytes), (1, 100), "{s:?}");
        assert_eq!((s.temporaries, s.temporary_bytes), (5, 4010), "{s:?}");
        // A limit the cache already fits: the stale temporaries go all the same.
        let out = c.gc(u64::MAX);
        assert_eq!((out.temporaries, out.removed), (4, 0), "{out:?}");
        for t in &stale {
            assert!(!t.exists(), "{} survived gc", t.display());
        }
        assert!(live.exists() && plugins.join(&copy).exists());
        let s = c.stats();
        assert_eq!((s.temporaries, s.plugins, s.blobs), (1, 1, 1), "{s:?}");
        assert_eq!(out.after, 100 + 300 + 10);
        // `--max-size 0` keeps the plugin copies and the live temporary.
        c.gc(0);
        assert!(live.exists() && plugins.join(&copy).exists());
        assert_eq!(c.stats().blobs, 0);
    }
}
