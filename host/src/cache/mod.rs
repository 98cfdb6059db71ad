//! This module owns the content-addressed build cache on disk (DESIGN.md *The
//! build as a graph of stages*): blobs stored under the blake3 hash of their bytes
//! and verified against it on every read, and action entries mapping a stage key
//! to the hash of that stage's output.
//!
//! Layout (under the cache root, `cache/` by default):
//! - `blobs/<2 hex>/<64 hex>` — a blob, named by the blake3 of its bytes;
//! - `actions/<2 hex>/<64 hex>` — an action entry, recording the key and the stage
//!   it answers with the stage's output (see `entry`): a JSON entry then a line
//!   with the blake3 of that JSON (so a torn or edited entry is caught); an output
//!   of at most [`INLINE_MAX`] bytes is kept in its action entry (`"inline"`)
//!   instead of a blob of its own, so a stage costs one file, not two. Each
//!   target's trace (see `build::trace`), read whole on every no-op build, is a
//!   binary entry instead: the line `target`, the key, the trace in postcard, then
//!   the 32-byte blake3 of all that (JSON cost a no-op build a third of its
//!   instructions);
//! - `plugins/<64 hex>.<ext>` — copies of plugin libraries, each named by the
//!   blake3 of its bytes and loaded only after it hashes to its name
//!   (`plugins::copies`), so the original can be rebuilt while a watcher holds it.
//!
//! Every file is written to a temporary file beside it (rigc's naming,
//! `rigc_diag::temp`, so its owner is in its name) and renamed into place:
//! beside it, not in one shared directory, so parallel builds do not queue on one
//! directory's lock. A run killed before its rename leaves its temporary behind;
//! `temps` removes those whose process is gone: a build sweeps the root and the
//! plugin copies before it loads its plugins, and each directory before its
//! first write there; `rigc cache gc` sweeps every directory. A process that
//! writes into the cache marks the root first (`temps::mark_writer`) and unmarks
//! it when done, so a killed writer's mark tells the next build to sweep every
//! directory too: no temporary outlives the build after a kill, even in a
//! directory that build has no reason to write into.
//!
//! **Invariant:** a write is a rename of a complete file, so a reader sees a whole
//! entry or none (entries are not synced: a crash can leave one torn, and the hash
//! check below catches it like any corruption); two rigc processes sharing a cache
//! can only race to write the same bytes under the same name — except a target's
//! trace, a record of its last green build, which is checked against the disk on
//! every use. **Invariant:** nothing read from the cache is trusted before its
//! hash is checked, nor an action entry before it names the key and stage it was
//! read for; a corrupt, truncated, unreadable or misplaced entry is named once
//! (`cache.corrupt`, see [`Cache::take_warnings`]), deleted, and its stage rebuilt.

mod entry;
mod gc;
pub mod remote;
mod served;
pub mod temps;
mod uploads;

pub use served::{Counts, Served};

use rigc_diag::codes::{self, Code};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// A blake3 hash.
pub type Hash = [u8; 32];

/// The largest stage output kept inside its action entry (an ext4 block).
pub const INLINE_MAX: usize = 4096;

/// Lowercase hex of a hash.
pub fn hex(h: &Hash) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(64);
    for b in h {
        out.push(DIGITS[(b >> 4) as usize] as char);
        out.push(DIGITS[(b & 15) as usize] as char);
    }
    out
}

/// A [`Hash`] in serde as its 64 hex digits (`#[serde(with = "crate::cache::hex_serde")]`),
/// not as an array of 32 numbers.
pub mod hex_serde {
    use super::Hash;

    /// Writes the hex digits (the 32 bytes themselves in a binary format).
    pub fn serialize<S: serde::Serializer>(h: &Hash, s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            s.serialize_str(&super::hex(h))
        } else {
            serde::Serialize::serialize(h, s)
        }
    }

    /// Reads 64 hex digits (32 bytes in a binary format).
    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Hash, D::Error> {
        if !d.is_human_readable() {
            return serde::Deserialize::deserialize(d);
        }
        let text: std::borrow::Cow<'de, str> = serde::Deserialize::deserialize(d)?;
        super::unhex(&text).ok_or_else(|| serde::de::Error::custom("not 64 hex digits"))
    }
}

/// Parses 64 hex digits.
pub fn unhex(s: &str) -> Option<Hash> {
    if s.len() != 64 {
        return None;
    }
    fn nibble(b: u8) -> Option<u8> {
        match b {
            b'0'..=b'9' => Some(b - b'0'),
            b'a'..=b'f' => Some(b - b'a' + 10),
            b'A'..=b'F' => Some(b - b'A' + 10),
            _ => None,
        }
    }
    let mut out = [0u8; 32];
    for (o, pair) in out.iter_mut().zip(s.as_bytes().chunks_exact(2)) {
        *o = (nibble(pair[0])? << 4) | nibble(pair[1])?;
    }
    Some(out)
}

/// The blake3 of `bytes`.
pub fn hash(bytes: &[u8]) -> Hash {
    *blake3::hash(bytes).as_bytes()
}

/// The blake3 of what `read` yields to its end, read in 256 KiB pieces — for
/// files of tens of megabytes (this binary, plugin libraries), which read whole
/// would first cost as many page faults as a fresh buffer of their size has pages.
/// Every piece read is also handed to `also` (a copy being written, say).
pub fn hash_stream(
    mut read: impl std::io::Read,
    mut also: impl FnMut(&[u8]) -> std::io::Result<()>,
) -> std::io::Result<Hash> {
    let mut hasher = blake3::Hasher::new();
    let mut buf = vec![0u8; 256 * 1024];
    loop {
        let n = match read.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        hasher.update(&buf[..n]);
        also(&buf[..n])?;
    }
    Ok(*hasher.finalize().as_bytes())
}

/// The build cache.
#[derive(Debug)]
pub struct Cache {
    root: PathBuf,
    warnings: Mutex<Vec<String>>,
    warned: Mutex<std::collections::HashSet<String>>,
    counter: AtomicU64,
    /// The directories this process has written into, each swept of stale
    /// temporaries before its first write.
    swept: Mutex<std::collections::HashSet<PathBuf>>,
    /// This process's writer mark (`temps::mark_writer`), made before its first
    /// write into the cache and removed when the cache is dropped.
    writer_mark: Mutex<Option<PathBuf>>,
    /// The shared server consulted after a local miss (`served`), if any.
    remote: Option<std::sync::Arc<remote::Remote>>,
    /// Its uploads, sent in the background (none when read-only).
    uploads: Option<uploads::Uploads>,
}

impl Drop for Cache {
    /// A run that ends removes its writer mark: only a killed run's stays, and
    /// the next build sweeps the whole cache for it (`sweep_temporaries`).
    fn drop(&mut self) {
        if let Some(mark) = self.writer_mark.get_mut().ok().and_then(|m| m.take()) {
            let _ = std::fs::remove_file(mark);
        }
    }
}

/// Why the cache could not be used at all.
#[derive(Debug)]
pub struct CacheError {
    /// What failed.
    pub message: String,
}

impl std::fmt::Display for CacheError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl Cache {
    /// Opens (creating if needed) the cache at `root`.
    pub fn open(root: &Path) -> Result<Cache, CacheError> {
        for dir in ["blobs", "actions", "plugins"] {
            std::fs::create_dir_all(root.join(dir)).map_err(|e| CacheError {
                message: format!(
                    "cannot create the cache directory {}: {e}",
                    root.join(dir).display()
                ),
            })?;
        }
        Ok(Cache {
            root: root.to_path_buf(),
            warnings: Mutex::new(Vec::new()),
            warned: Mutex::new(Default::default()),
            counter: AtomicU64::new(0),
            swept: Mutex::new(Default::default()),
            writer_mark: Mutex::new(None),
            remote: None,
            uploads: None,
        })
    }

    /// Consults (and, unless read-only, fills) `remote` after a local miss.
    pub fn with_remote(mut self, remote: Option<remote::Remote>) -> Cache {
        let remote = remote.map(std::sync::Arc::new);
        self.uploads = remote
            .as_ref()
            .filter(|r| r.uploads())
            .map(|r| uploads::Uploads::new(r.clone()));
        self.remote = remote;
        self
    }

    /// Waits for the uploads queued so far to be sent (a build does before it
    /// reports what it uploaded).
    pub fn finish_uploads(&self) {
        if let Some(u) = &self.uploads {
            u.drain();
        }
    }

    /// The cache's root directory.
    pub fn root(&self) -> &Path {
        &self.root
    }

    fn blob_path(&self, h: &Hash) -> PathBuf {
        let x = hex(h);
        self.root.join("blobs").join(&x[..2]).join(&x)
    }

    fn action_path(&self, key: &Hash) -> PathBuf {
        let x = hex(key);
        self.root.join("actions").join(&x[..2]).join(&x)
    }

    /// Where plugin library copies live.
    pub fn plugins_dir(&self) -> PathBuf {
        self.root.join("plugins")
    }

    /// Writes `bytes` to `path` by way of a temporary file beside it and a rename.
    ///
    /// The file is not synced before the rename: a cache entry is never trusted
    /// before its hash is checked, so an entry a crash leaves empty or torn is
    /// caught on its next read, deleted and rebuilt, like any other corruption.
    /// (Syncing cost one `fdatasync` per stage per target, which bounded a cold
    /// build by the disk's flush latency rather than by the work.) The directory
    /// is created only when the temporary file finds it missing. The temporary is
    /// of rigc's naming, its base the file's name and a counter, so two threads
    /// of one process writing the same entry never share one. Before its first
    /// write into a directory, a process sweeps it of the stale temporaries of
    /// killed runs — so a build that redoes a killed build's work removes what
    /// that build left, at one directory read per directory written.
    pub fn write_atomic(&self, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        let dir = path.parent().unwrap_or(&self.root);
        let (first, first_ever) = self
            .swept
            .lock()
            .map(|mut s| {
                let ever = s.is_empty();
                (s.insert(dir.to_path_buf()), ever)
            })
            .unwrap_or((false, false));
        if first_ever {
            if let Ok(mut m) = self.writer_mark.lock() {
                *m = temps::mark_writer(&self.root);
            }
        }
        if first {
            temps::sweep(dir);
        }
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let tmp = dir.join(rigc_diag::temp::own_name(&format!("{name}.{n}")));
        let result = (|| {
            let mut f = match std::fs::File::create(&tmp) {
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    std::fs::create_dir_all(dir)?;
                    std::fs::File::create(&tmp)?
                }
                other => other?,
            };
            f.write_all(bytes)?;
            drop(f);
            std::fs::rename(&tmp, path)
        })();
        if result.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        result
    }

    /// Records a notice about `what` (a file and what is wrong with it) to be
    /// shown with the build, once per process however often it is found.
    pub fn note(&self, what: String, message: String) {
        let fresh = self
            .warned
            .lock()
            .map(|mut w| w.insert(what))
            .unwrap_or(false);
        if fresh {
            if let Ok(mut w) = self.warnings.lock() {
                w.push(message);
            }
        }
    }

    /// The corruption notices gathered since the last call (each entry is named
    /// once per process).
    pub fn take_warnings(&self) -> Vec<String> {
        for n in self.uploads.iter().flat_map(|u| u.take_notices()) {
            self.note(n.what, n.text);
        }
        self.warnings
            .lock()
            .map(|mut w| std::mem::take(&mut *w))
            .unwrap_or_default()
    }

    /// Removes the file at `path`, found not to be what its name says, and
    /// names it: `rigc: <what> <fault> — deleted; <then>`, with its code.
    fn discard(&self, path: &Path, code: Code, what: String, fault: &str, then: &str) {
        let gone = match std::fs::remove_file(path) {
            Ok(()) => "deleted".to_string(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => "deleted".to_string(),
            Err(e) => format!("it could not be deleted ({e})"),
        };
        self.note(
            format!("{} {fault}", path.display()),
            notice(code, &format!("{what} {fault} — {gone}; {then}")),
        );
    }

    /// Stores a blob; returns its hash. A blob already present is not rewritten.
    pub fn put_blob(&self, bytes: &[u8]) -> std::io::Result<Hash> {
        let h = hash(bytes);
        let path = self.blob_path(&h);
        if !path.exists() {
            self.write_atomic(&path, bytes)?;
        }
        Ok(h)
    }

    /// Reads and verifies a blob. `None` when it is absent, or unreadable or
    /// corrupt (then it is named once, for `stage`, and deleted so the stage
    /// rebuilds it).
    pub fn get_blob(&self, h: &Hash, stage: &str) -> Option<Vec<u8>> {
        let path = self.blob_path(h);
        let what = || format!("cache blob {} (output of stage {stage})", hex(h));
        let then = "the stage is rebuilt";
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
            Err(e) => {
                let fault = format!("cannot be read ({e})");
                self.discard(&path, codes::CACHE_CORRUPT, what(), &fault, then);
                return None;
            }
        };
        if hash(&bytes) == *h {
            return Some(bytes);
        }
        let fault = format!(
            "is corrupt: its {} bytes do not hash to its name",
            bytes.len()
        );
        self.discard(&path, codes::CACHE_CORRUPT, what(), &fault, then);
        None
    }
}

/// A notice's text: `rigc: <message>`, then its code on a line of its own, as
/// a diagnostic shows one.
pub fn notice(code: Code, message: &str) -> String {
    format!("rigc: {message}\n  = code: {code}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unhex_reads_what_hex_writes_and_nothing_else() {
        let h = hash(b"rigc");
        assert_eq!(unhex(&hex(&h)), Some(h));
        assert_eq!(unhex(&hex(&h).to_uppercase()), Some(h));
        let good = hex(&h);
        for bad in [
            &good[1..],
            &format!("{}g", &good[1..]),
            &format!("+{}", &good[1..]),
            &format!("{} ", &good[1..]),
        ] {
            assert_eq!(unhex(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn hash_stream_is_hash_and_hands_on_every_piece() {
        let bytes: Vec<u8> = (0..700_000u32).map(|i| (i * 7 % 251) as u8).collect();
        let mut copy = Vec::new();
        let h = hash_stream(&bytes[..], |piece| {
            copy.extend_from_slice(piece);
            Ok(())
        })
        .unwrap();
        assert_eq!(h, hash(&bytes));
        assert_eq!(copy, bytes);
    }

    #[test]
    fn blobs_round_trip_and_corruption_is_caught_once() {
        let dir = tempfile::tempdir().unwrap();
        let c = Cache::open(dir.path()).unwrap();
        let h = c.put_blob(b"hello").unwrap();
        assert_eq!(c.get_blob(&h, "s").unwrap(), b"hello");
        // Corrupt the blob: caught, named once, deleted.
        std::fs::write(c.blob_path(&h), b"hellO").unwrap();
        assert_eq!(c.get_blob(&h, "s"), None);
        assert!(!c.blob_path(&h).exists());
        std::fs::write(c.blob_path(&h), b"hellO").unwrap();
        assert_eq!(c.get_blob(&h, "s"), None);
        let w = c.take_warnings();
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(w[0].contains("is corrupt: its 5 bytes"), "{w:?}");
        assert!(w[0].ends_with("= code: cache.corrupt"), "{w:?}");
        // A blob that cannot be read (here a directory in its place) is named too.
        let g = hash(b"gone");
        std::fs::create_dir_all(c.blob_path(&g)).unwrap();
        assert_eq!(c.get_blob(&g, "s"), None);
        let w = c.take_warnings();
        assert!(w.len() == 1 && w[0].contains("cannot be read"), "{w:?}");
        // An absent blob is a plain miss.
        assert_eq!(c.get_blob(&hash(b"never"), "s"), None);
        assert!(c.take_warnings().is_empty());
    }

    #[test]
    fn writes_leave_no_temporary_behind_and_sweep_a_killed_runs() {
        let dir = tempfile::tempdir().unwrap();
        let c = Cache::open(dir.path()).unwrap();
        // A killed run's temporary where the first blob goes (its pid is above
        // Linux's largest), and a live one's.
        let first = c.blob_path(&hash(&[0; 64]));
        let at = first.parent().unwrap();
        std::fs::create_dir_all(at).unwrap();
        let stale = at.join(rigc_diag::temp::name_for("x.0", 4_194_304 + 17));
        let live = at.join(rigc_diag::temp::own_name("x.0"));
        std::fs::write(&stale, b"x").unwrap();
        std::fs::write(&live, b"x").unwrap();
        c.put_blob(&[0; 64]).unwrap();
        assert!(!stale.exists() || !Path::new("/proc/self").exists());
        std::fs::remove_file(&live).unwrap();
        for i in 0..50u8 {
            c.put_blob(&[i; 64]).unwrap();
            c.put_output(&hash(&[i]), "s", &[b'1'; 8]).unwrap();
        }
        // While it writes, the process's mark is in the root; it goes with the
        // cache.
        let mark = dir.path().join(rigc_diag::temp::own_name("writer"));
        assert!(mark.exists());
        drop(c);
        assert!(!mark.exists());
        let mut stack = vec![dir.path().to_path_buf()];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).unwrap().flatten() {
                let name = e.file_name().to_string_lossy().into_owned();
                assert!(!temps::is_temporary(&name), "left behind: {name}");
                if e.path().is_dir() {
                    stack.push(e.path());
                }
            }
        }
    }

    #[test]
    fn a_killed_writers_mark_has_the_next_build_sweep_every_directory() {
        if !Path::new("/proc/self").exists() {
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let dead = 4_194_304 + 17;
        let c = Cache::open(dir.path()).unwrap();
        // A killed run's temporary in an action directory nobody writes again.
        let at = c.action_path(&hash(b"k"));
        std::fs::create_dir_all(at.parent().unwrap()).unwrap();
        let stale = at.with_file_name(rigc_diag::temp::name_for("k.0", dead));
        std::fs::write(&stale, b"x").unwrap();
        // Without a mark a build does not look there …
        c.sweep_temporaries();
        assert!(stale.exists());
        // … with a killed writer's mark it does, and the mark goes last.
        let mark = dir.path().join(rigc_diag::temp::name_for("writer", dead));
        std::fs::write(&mark, b"").unwrap();
        assert_eq!(c.sweep_temporaries(), 2);
        assert!(!stale.exists() && !mark.exists());
        // A live writer's mark is kept, and asks for no sweep.
        std::fs::write(&stale, b"x").unwrap();
        let live = dir.path().join(rigc_diag::temp::own_name("writer"));
        std::fs::write(&live, b"").unwrap();
        c.sweep_temporaries();
        assert!(stale.exists() && live.exists());
    }
}
