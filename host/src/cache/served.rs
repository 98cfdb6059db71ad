//! This module owns how a stage's output is looked up and stored across the
//! two caches: the local one first, then the remote (`remote`), whose every
//! answer is checked as a local entry is and then kept on this disk, so the
//! next build finds it locally; and what a build computes is stored locally,
//! then queued for upload (`uploads`: the blob before the entry that names
//! it, so a server never holds an entry whose blob it was not sent). [`Counts`] says what the remote
//! did (which cache served each stage is in the stage log, `stage::StageEvent`).

use super::remote::{RemoteStats, Space};
use super::{entry, hash, hex, Cache, Hash};

/// Which cache served a stage's output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Served {
    /// This machine's cache directory.
    Local,
    /// The remote cache (and it is now in the local one too).
    Remote,
}

impl Served {
    /// How the build report names it (`"from"` of a served stage).
    pub fn name(self) -> &'static str {
        match self {
            Served::Local => "local",
            Served::Remote => "remote",
        }
    }
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
        if let Some(uploads) = &self.uploads {
            uploads.send(blob.then_some((h, bytes)), key, entry);
        }
        Ok(h)
    }

    /// The remote's counts so far.
    pub fn counts(&self) -> Counts {
        Counts {
            remote: self.remote.as_ref().map(|r| r.stats()),
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
                for n in remote.rejected(Space::Ac, key, &what, &fault) {
                    self.note(n.what, n.text);
                }
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
            for n in remote.rejected(Space::Cas, h, &what, &fault) {
                self.note(n.what, n.text);
            }
            return None;
        }
        let _ = self.put_blob(&bytes);
        Some(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::super::remote::{BaseUrl, Remote, Settings, REJECTED_BEFORE_OFF};
    use super::*;
    use std::io::{BufRead, BufReader, Write};
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;

    /// A server answering every request `200` with three bytes of garbage;
    /// returns its URL and how many requests it has answered.
    fn garbage_server() -> (String, Arc<AtomicU64>) {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}/c", listener.local_addr().unwrap());
        let answered = Arc::new(AtomicU64::new(0));
        let count = answered.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let count = count.clone();
                std::thread::spawn(move || {
                    let mut reader = BufReader::new(stream.try_clone().unwrap());
                    let mut stream = stream;
                    loop {
                        // Read one request's head (no request here has a body).
                        let mut line = String::new();
                        loop {
                            line.clear();
                            if reader.read_line(&mut line).unwrap_or(0) == 0 {
                                return;
                            }
                            if line == "\r\n" {
                                break;
                            }
                        }
                        count.fetch_add(1, Ordering::Relaxed);
                        let answer = "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nbad";
                        if stream.write_all(answer.as_bytes()).is_err() {
                            return;
                        }
                    }
                });
            }
        });
        (url, answered)
    }

    #[test]
    fn a_server_answering_garbage_is_named_then_left_alone() {
        let (url, answered) = garbage_server();
        let dir = tempfile::tempdir().unwrap();
        let remote = Remote::new(&Settings {
            url: BaseUrl::parse(&url).unwrap(),
            read_only: true,
            timeout: std::time::Duration::from_secs(5),
        });
        let c = Cache::open(dir.path()).unwrap().with_remote(Some(remote));
        for i in 0..30u8 {
            assert_eq!(c.lookup(&hash(&[i]), "setup"), None);
        }
        let notices = c.take_warnings();
        let corrupt = notices
            .iter()
            .filter(|n| n.ends_with("= code: cache.remote-corrupt"))
            .count();
        assert_eq!(corrupt as u64, REJECTED_BEFORE_OFF, "{notices:#?}");
        assert!(notices[notices.len() - 1].contains("asks the server nothing more"));
        assert_eq!(answered.load(Ordering::Relaxed), REJECTED_BEFORE_OFF);
        assert_eq!(c.counts().remote.unwrap().rejected, REJECTED_BEFORE_OFF);
        // Nothing it said was kept.
        assert_eq!(c.get_output(&hash(&[0]), "setup"), None);
    }
}
