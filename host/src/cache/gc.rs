//! This module owns looking after the cache: `rigc cache stats` (what is in it)
//! and `rigc cache gc --max-size` (delete the least recently written entries until
//! the cache fits). An action whose blob is gone is a miss, never an error, so
//! collecting in any order is safe.

use super::Cache;
use std::path::PathBuf;
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
    /// Number of plugin library copies.
    pub plugins: u64,
    /// Bytes in plugin copies.
    pub plugin_bytes: u64,
}

impl CacheStats {
    /// All bytes.
    pub fn total_bytes(&self) -> u64 {
        self.blob_bytes + self.action_bytes + self.plugin_bytes
    }
}

/// What a collection did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GcOutcome {
    /// Size before.
    pub before: u64,
    /// Size after.
    pub after: u64,
    /// Files removed.
    pub removed: u64,
}

fn files(dir: PathBuf) -> Vec<(PathBuf, u64, SystemTime)> {
    let mut out = Vec::new();
    let mut stack = vec![dir];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            let Ok(meta) = e.metadata() else { continue };
            if meta.is_dir() {
                stack.push(p);
            } else {
                out.push((
                    p,
                    meta.len(),
                    meta.modified().unwrap_or(SystemTime::UNIX_EPOCH),
                ));
            }
        }
    }
    out
}

impl Cache {
    /// Counts what the cache holds.
    pub fn stats(&self) -> CacheStats {
        let sum = |d: &str| {
            let f = files(self.root().join(d));
            (f.len() as u64, f.iter().map(|x| x.1).sum::<u64>())
        };
        let (blobs, blob_bytes) = sum("blobs");
        let (actions, action_bytes) = sum("actions");
        let (plugins, plugin_bytes) = sum("plugins");
        CacheStats {
            blobs,
            blob_bytes,
            actions,
            action_bytes,
            plugins,
            plugin_bytes,
        }
    }

    /// Deletes the least recently written blobs and actions (oldest first) until
    /// the cache holds at most `max_size` bytes. Plugin copies are kept (a running
    /// watcher may hold them).
    pub fn gc(&self, max_size: u64) -> GcOutcome {
        let before = self.stats().total_bytes();
        let mut all = files(self.root().join("blobs"));
        all.extend(files(self.root().join("actions")));
        all.sort_by(|a, b| a.2.cmp(&b.2).then_with(|| a.0.cmp(&b.0)));
        let mut size = before;
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
}
