//! This module owns how a stage's output is looked up and stored across the
//! two caches: the local one first, then the remote (`remote`), whose every
//! answer is checked as a local entry is and then kept on this disk, so the
//! next build finds it locally; and what a build computes is stored locally,
//! then uploaded — the blob before the entry that names it, so a server never
//! holds an entry whose blob it was not sent. [`Counts`] says what the remote
//! did (which cache served each stage is in the stage log, `stage::StageEvent`).

use super::remote::{Remote, RemoteStats, Space};
use super::{entry, hash, hex, Cache, Hash};

/// Which cache served a stage's output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Served {
    /// This machine's cache directory.
    Local,
    /// The remote cache (and it is now in the local one too).
    Remote,
}

/// What the remote cache did in one process.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Counts {
    /// The remote's own counts, when there is a remote.
    pub remote: Option<RemoteStats>,
    /// The remote's URL, when there is a remote.
    pub remote_url: Option<String>,
    /// Is it read-only?
    pub read_only: bool,
}

impl Cache {
    /// The output of stage key `key` (for `stage`), with which cache served
    /// it: the local entry (and its blob, fetched from the remote if only the
    /// remote has it), else the remote's entry, checked and kept locally.
    /// `None`: neither holds a sound answer, and the stage is to be computed.
    pub fn lookup(&self, key: &Hash, stage: &str) -> Option<(Hash, Vec<u8>, Served)> {
        let found = match self.get_output(key, stage) {
            Some(local) => Some((local, Served::Local)),
            None => self.remote_entry(key, stage).map(|r| (r, Served::Remote)),
        };
        let ((output, inline), mut from) = found?;
        let bytes = match inline {
            Some(bytes) => bytes,
            None => match self.get_blob(&output, stage) {
                Some(bytes) => bytes,
                None => {
                    from = Served::Remote;
                    self.remote_blob(&output, stage)?
                }
            },
        };
        Some((output, bytes, from))
    }

    /// Stores what stage key `key` produced, locally, then on the remote when
    /// it takes uploads. Returns the output's hash. A failed upload is named
    /// (once) and costs nothing else.
    pub fn store(&self, key: &Hash, stage: &str, bytes: &[u8]) -> std::io::Result<Hash> {
        let (h, entry, blob) = self.put_output_entry(key, stage, bytes)?;
        if let Some(remote) = self.remote.as_ref().filter(|r| r.uploads()) {
            let sent = if blob {
                remote.put(Space::Cas, &h, bytes)
            } else {
                Ok(())
            };
            if let Err(n) = sent.and_then(|()| remote.put(Space::Ac, key, &entry)) {
                self.note(n.what, n.text);
            }
        }
        Ok(h)
    }

    /// The remote's counts so far.
    pub fn counts(&self) -> Counts {
        Counts {
            remote: self.remote.as_ref().map(Remote::stats),
            remote_url: self.remote.as_ref().map(|r| r.url().to_string()),
            read_only: self.remote.as_ref().is_some_and(|r| !r.uploads()),
        }
    }

    /// The remote's entry for `key`, checked and kept locally.
    fn remote_entry(&self, key: &Hash, stage: &str) -> Option<(Hash, Option<Vec<u8>>)> {
        let remote = self.remote.as_ref()?;
        let bytes = match remote.get(Space::Ac, key) {
            Ok(found) => found?,
            Err(n) => {
                self.note(n.what, n.text);
                return None;
            }
        };
        match entry::check_output_entry(&bytes, key, stage) {
            Ok(output) => {
                // Kept for the next build; failing to keep it costs a fetch then.
                let _ = self.keep_entry(key, &bytes);
                Some(output)
            }
            Err(fault) => {
                let what = format!("cache entry {} (stage {stage})", hex(key));
                let n = remote.rejected(Space::Ac, key, &what, &fault);
                self.note(n.what, n.text);
                None
            }
        }
    }

    /// The remote's blob `h`, checked against its name and kept locally.
    fn remote_blob(&self, h: &Hash, stage: &str) -> Option<Vec<u8>> {
        let remote = self.remote.as_ref()?;
        let bytes = match remote.get(Space::Cas, h) {
            Ok(found) => found?,
            Err(n) => {
                self.note(n.what, n.text);
                return None;
            }
        };
        if hash(&bytes) != *h {
            let what = format!("cache blob {} (output of stage {stage})", hex(h));
            let fault = format!(
                "is corrupt: its {} bytes do not hash to its name",
                bytes.len()
            );
            let n = remote.rejected(Space::Cas, h, &what, &fault);
            self.note(n.what, n.text);
            return None;
        }
        let _ = self.put_blob(&bytes);
        Some(bytes)
    }
}
