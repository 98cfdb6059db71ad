//! This module owns the content-addressed build cache on disk (DESIGN.md *The
//! build as a graph of stages*): blobs stored under the blake3 hash of their bytes
//! and verified against it on every read, and action entries mapping a stage key
//! to the hash of that stage's output.
//!
//! Layout (under the cache root, `cache/` by default):
//! - `blobs/<2 hex>/<64 hex>` — a blob, named by the blake3 of its bytes;
//! - `actions/<2 hex>/<64 hex>` — `{"stage": …, "output": <hex>}` then a line with
//!   the blake3 of that JSON (so a torn or edited entry is caught); an output of at
//!   most [`INLINE_MAX`] bytes is kept in its action entry (`"inline"`) instead of
//!   a blob of its own, so a stage costs one file, not two. Each target's trace
//!   (see `build::trace`), read whole on every no-op build, is a binary entry
//!   instead: the line `target`, the trace in postcard, then the 32-byte blake3 of
//!   both (JSON cost a no-op build a third of its instructions);
//! - `plugins/<64 hex>.<ext>` — copies of plugin libraries, loaded from the copy so
//!   the original can be rebuilt while a watcher holds it.
//!
//! Every file is written to a temporary file beside it (`.tmp-<pid>-<n>`) and
//! renamed into place: beside it, not in one shared directory, so parallel
//! builds do not queue on one directory's lock.
//!
//! **Invariant:** a write is a rename of a complete file, so a reader sees a whole
//! entry or none (entries are not synced: a crash can leave one torn, and the hash
//! check below catches it like any corruption); two rigc processes sharing a cache
//! can only race to write the same bytes under the same name — except a target's
//! trace, a record of its last green build, which is checked against the disk on
//! every use. **Invariant:** nothing read from the cache is trusted before its
//! hash is checked; a corrupt or truncated entry is named once (see
//! [`Cache::take_warnings`]), deleted, and its stage rebuilt.

mod gc;

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

#[derive(serde::Serialize, serde::Deserialize)]
struct ActionEntry {
    stage: String,
    output: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    inline: Option<String>,
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
        })
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
    /// is created only when the temporary file finds it missing.
    pub fn write_atomic(&self, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        let dir = path.parent().unwrap_or(&self.root);
        let tmp = dir.join(format!(".tmp-{}-{n}", std::process::id()));
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

    fn warn_once(&self, what: String, message: String) {
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
        self.warnings
            .lock()
            .map(|mut w| std::mem::take(&mut *w))
            .unwrap_or_default()
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

    /// Reads and verifies a blob. `None` when it is absent, or corrupt (then it is
    /// named once, for `stage`, and deleted so the stage rebuilds it).
    pub fn get_blob(&self, h: &Hash, stage: &str) -> Option<Vec<u8>> {
        let path = self.blob_path(h);
        let bytes = std::fs::read(&path).ok()?;
        if hash(&bytes) == *h {
            return Some(bytes);
        }
        let _ = std::fs::remove_file(&path);
        self.warn_once(
            hex(h),
            format!(
                "rigc: cache blob {} (output of stage {stage}) is corrupt: its {} bytes do not hash to its name — deleted; the stage is rebuilt",
                hex(h),
                bytes.len()
            ),
        );
        None
    }

    /// The output hash recorded for a stage key, verified; a torn or edited entry
    /// is named once and deleted.
    #[cfg(test)]
    pub fn get_action(&self, key: &Hash, stage: &str) -> Option<Hash> {
        self.get_output(key, stage).map(|(h, _)| h)
    }

    /// The output recorded for a stage key: its hash, and its bytes when the
    /// entry holds them (else they are the blob of that hash). Verified; a torn or
    /// edited entry — one whose inline bytes do not hash to its output, too — is
    /// named once and deleted.
    pub fn get_output(&self, key: &Hash, stage: &str) -> Option<(Hash, Option<Vec<u8>>)> {
        let entry: ActionEntry = self.get_entry(key, stage, |e: &ActionEntry| &e.stage)?;
        let output = unhex(&entry.output);
        match (output, entry.inline) {
            (Some(h), None) => Some((h, None)),
            (Some(h), Some(bytes)) if hash(bytes.as_bytes()) == h => {
                Some((h, Some(bytes.into_bytes())))
            }
            _ => {
                self.corrupt_entry(key, stage);
                None
            }
        }
    }

    /// Records that stage key `key` produced the blob `output`.
    pub fn put_action(&self, key: &Hash, stage: &str, output: &Hash) -> std::io::Result<()> {
        self.put_entry(
            key,
            &ActionEntry {
                stage: stage.into(),
                output: hex(output),
                inline: None,
            },
        )
    }

    /// Records that stage key `key` produced `bytes` (UTF-8, as every stage output
    /// is JSON): inside the action entry when they are at most [`INLINE_MAX`]
    /// bytes, else as a blob the entry names. Returns their hash.
    pub fn put_output(&self, key: &Hash, stage: &str, bytes: &[u8]) -> std::io::Result<Hash> {
        let h = hash(bytes);
        match std::str::from_utf8(bytes) {
            Ok(text) if bytes.len() <= INLINE_MAX => self.put_entry(
                key,
                &ActionEntry {
                    stage: stage.into(),
                    output: hex(&h),
                    inline: Some(text.to_string()),
                },
            )?,
            _ => {
                self.put_blob(bytes)?;
                self.put_action(key, stage, &h)?;
            }
        }
        Ok(h)
    }

    /// The value recorded in the entry for `key`, verified like an action entry;
    /// `None` when there is none, when it was recorded for another stage (`stage_of`
    /// names an entry's stage), or when it is torn or edited (then it is named once
    /// and deleted).
    pub fn get_entry<T: serde::de::DeserializeOwned>(
        &self,
        key: &Hash,
        stage: &str,
        stage_of: impl Fn(&T) -> &str,
    ) -> Option<T> {
        let path = self.action_path(key);
        let text = std::fs::read_to_string(&path).ok()?;
        let parsed = text.split_once('\n').and_then(|(json, check)| {
            let check = check.trim_end();
            (hex(&hash(json.as_bytes())) == check)
                .then(|| serde_json::from_str::<T>(json).ok())
                .flatten()
        });
        match parsed {
            Some(entry) if stage_of(&entry) == stage => Some(entry),
            Some(_) => None,
            None => {
                self.corrupt_entry(key, stage);
                None
            }
        }
    }

    /// Records `value` (which names its own stage) as the entry for `key`: one line
    /// of JSON, then a line with the blake3 of that JSON.
    pub fn put_entry<T: serde::Serialize>(&self, key: &Hash, value: &T) -> std::io::Result<()> {
        let json = serde_json::to_string(value).unwrap_or_default();
        let text = format!("{json}\n{}\n", hex(&hash(json.as_bytes())));
        self.write_atomic(&self.action_path(key), text.as_bytes())
    }

    /// The value recorded by [`Cache::put_binary_entry`] for `key` and `stage`;
    /// `None` when there is none or it was recorded for another stage, or when it
    /// is torn or edited (then it is named once and deleted).
    pub fn get_binary_entry<T: serde::de::DeserializeOwned>(
        &self,
        key: &Hash,
        stage: &str,
    ) -> Option<T> {
        let bytes = std::fs::read(self.action_path(key)).ok()?;
        // Some(None): a sound entry of another stage.
        let parsed = (|| {
            let (body, check) = bytes.split_at_checked(bytes.len().checked_sub(32)?)?;
            if hash(body) != *check {
                return None;
            }
            let (name, payload) = body.split_at(body.iter().position(|&b| b == b'\n')?);
            if name != stage.as_bytes() {
                return Some(None);
            }
            postcard::from_bytes::<T>(&payload[1..]).ok().map(Some)
        })();
        match parsed {
            Some(entry) => entry,
            None => {
                self.corrupt_entry(key, stage);
                None
            }
        }
    }

    /// Records `value` as the entry for `key` in a binary form, for values read
    /// back often and whole (a target's trace, on every no-op build): the stage
    /// name and a newline, the value in postcard, then the 32-byte blake3 of all
    /// that. Several times cheaper to read back than JSON.
    pub fn put_binary_entry<T: serde::Serialize>(
        &self,
        key: &Hash,
        stage: &str,
        value: &T,
    ) -> std::io::Result<()> {
        let mut bytes = Vec::with_capacity(4096);
        bytes.extend_from_slice(stage.as_bytes());
        bytes.push(b'\n');
        let mut bytes = postcard::to_extend(value, bytes).map_err(std::io::Error::other)?;
        let check = hash(&bytes);
        bytes.extend_from_slice(&check);
        self.write_atomic(&self.action_path(key), &bytes)
    }

    fn corrupt_entry(&self, key: &Hash, stage: &str) {
        let _ = std::fs::remove_file(self.action_path(key));
        self.warn_once(
            hex(key),
            format!(
                "rigc: cache entry {} (stage {stage}) is corrupt or truncated — deleted; the stage is rebuilt",
                hex(key)
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_entries_round_trip_and_tears_are_caught_once() {
        #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
        struct V {
            #[serde(with = "hex_serde")]
            h: Hash,
            names: Vec<String>,
            named: Option<String>,
        }
        let dir = tempfile::tempdir().unwrap();
        let c = Cache::open(dir.path()).unwrap();
        let v = V {
            h: hash(b"x"),
            names: vec!["a".into(), "b".into()],
            named: None,
        };
        let key = hash(b"key");
        c.put_binary_entry(&key, "trace", &v).unwrap();
        assert_eq!(c.get_binary_entry::<V>(&key, "trace"), Some(v));
        // Another stage's entry is not this one's, and is left alone.
        assert_eq!(c.get_binary_entry::<V>(&key, "other"), None);
        assert!(c.take_warnings().is_empty());
        // Torn: named once, deleted.
        let path = c.action_path(&key);
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
        assert_eq!(c.get_binary_entry::<V>(&key, "trace"), None);
        assert!(!path.exists());
        assert_eq!(c.take_warnings().len(), 1);
    }

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
    fn blobs_and_actions_round_trip_and_corruption_is_caught_once() {
        let dir = tempfile::tempdir().unwrap();
        let c = Cache::open(dir.path()).unwrap();
        let h = c.put_blob(b"hello").unwrap();
        assert_eq!(c.get_blob(&h, "s").unwrap(), b"hello");
        let key = hash(b"key");
        c.put_action(&key, "s", &h).unwrap();
        assert_eq!(c.get_action(&key, "s"), Some(h));
        assert_eq!(
            c.get_action(&key, "other"),
            None,
            "a key recorded for another stage is a miss"
        );
        // Corrupt the blob: caught, named once, deleted.
        std::fs::write(c.blob_path(&h), b"hellO").unwrap();
        assert_eq!(c.get_blob(&h, "s"), None);
        assert!(!c.blob_path(&h).exists());
        std::fs::write(c.blob_path(&h), b"hellO").unwrap();
        assert_eq!(c.get_blob(&h, "s"), None);
        let w = c.take_warnings();
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(w[0].contains("is corrupt"));
        // Truncate the action entry.
        let p = c.action_path(&key);
        let text = std::fs::read(&p).unwrap();
        std::fs::write(&p, &text[..text.len() / 2]).unwrap();
        assert_eq!(c.get_action(&key, "s"), None);
        assert!(c.take_warnings()[0].contains("corrupt or truncated"));
        // Small outputs live in their action entry; an edited one is caught.
        let small = hash(b"small");
        let h = c.put_output(&small, "s", b"\"tiny\"").unwrap();
        assert_eq!(
            c.get_output(&small, "s"),
            Some((h, Some(b"\"tiny\"".to_vec())))
        );
        let big = vec![b'x'; INLINE_MAX + 1];
        let hb = c.put_output(&hash(b"big"), "s", &big).unwrap();
        assert_eq!(c.get_output(&hash(b"big"), "s"), Some((hb, None)));
        assert_eq!(c.get_blob(&hb, "s").unwrap(), big);
        let p = c.action_path(&small);
        let text = std::fs::read_to_string(&p).unwrap();
        let (json, _) = text.split_once('\n').unwrap();
        let edited = json.replace("tiny", "tinY");
        std::fs::write(&p, format!("{edited}\n{}\n", hex(&hash(edited.as_bytes())))).unwrap();
        assert_eq!(c.get_output(&small, "s"), None);
        assert!(c.take_warnings()[0].contains("corrupt or truncated"));
        // No temporary file is left behind.
        let mut stack = vec![dir.path().to_path_buf()];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).unwrap().flatten() {
                let name = e.file_name().to_string_lossy().into_owned();
                assert!(!name.starts_with(".tmp-"), "left behind: {name}");
                if e.path().is_dir() {
                    stack.push(e.path());
                }
            }
        }
    }
}
