//! This module owns sending a build's uploads to the remote cache in the
//! background: a bounded queue (a stage that finds it full waits — memory stays
//! bounded) drained by a few threads sharing the remote's connection pool, each
//! upload the blob first and then the entry naming it. A stage no longer waits
//! for the server's answer (uploading inline doubled a cold build). A build
//! waits for the queue to drain before it reports ([`Uploads::drain`]), and the
//! cache does when it is dropped; an upload that fails leaves a notice here
//! for the cache to show ([`Uploads::take_notices`]).

use super::remote::{Notice, Remote, Space};
use super::Hash;
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;

/// How many uploads may wait in the queue.
const QUEUE: usize = 64;
/// How many threads send them (requests wait on the network, not the CPU).
const THREADS: usize = 4;

/// One stage output to upload: its blob (when it is not inline) and its entry.
struct Job {
    blob: Option<(Hash, Vec<u8>)>,
    key: Hash,
    entry: Vec<u8>,
}

/// What the sending threads share with the cache.
struct Shared {
    remote: Arc<Remote>,
    /// Uploads queued and not yet finished.
    pending: Mutex<usize>,
    idle: Condvar,
    notices: Mutex<Vec<Notice>>,
}

/// The background uploads of one cache.
pub struct Uploads {
    shared: Arc<Shared>,
    tx: Mutex<Option<SyncSender<Job>>>,
    workers: Mutex<Vec<JoinHandle<()>>>,
}

impl std::fmt::Debug for Uploads {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Uploads").finish_non_exhaustive()
    }
}

impl Uploads {
    /// Uploads to `remote` (the threads start with the first upload).
    pub fn new(remote: Arc<Remote>) -> Uploads {
        Uploads {
            shared: Arc::new(Shared {
                remote,
                pending: Mutex::new(0),
                idle: Condvar::new(),
                notices: Mutex::new(Vec::new()),
            }),
            tx: Mutex::new(None),
            workers: Mutex::new(Vec::new()),
        }
    }

    /// Queues the upload of a stage output: `blob` (its hash and bytes) when it
    /// is not inline, then `entry` as the action entry of `key`.
    pub fn send(&self, blob: Option<(Hash, &[u8])>, key: &Hash, entry: Vec<u8>) {
        if self.shared.remote.is_down() {
            return;
        }
        let job = Job {
            blob: blob.map(|(h, b)| (h, b.to_vec())),
            key: *key,
            entry,
        };
        let Some(tx) = self.sender() else {
            // No thread could be started: upload here.
            run(&self.shared, job);
            return;
        };
        if let Ok(mut p) = self.shared.pending.lock() {
            *p += 1;
        }
        if let Err(back) = tx.send(job) {
            finished(&self.shared);
            run(&self.shared, back.0);
        }
    }

    /// The queue's sender, starting the threads on first use.
    fn sender(&self) -> Option<SyncSender<Job>> {
        let mut tx = self.tx.lock().ok()?;
        if let Some(tx) = tx.as_ref() {
            return Some(tx.clone());
        }
        let (sender, rx) = sync_channel::<Job>(QUEUE);
        let rx = Arc::new(Mutex::new(rx));
        let mut workers = self.workers.lock().ok()?;
        for i in 0..THREADS {
            let (shared, rx) = (self.shared.clone(), rx.clone());
            let spawned = std::thread::Builder::new()
                .name(format!("rigc-upload-{i}"))
                .spawn(move || work(&shared, &rx));
            if let Ok(handle) = spawned {
                workers.push(handle);
            }
        }
        if workers.is_empty() {
            return None;
        }
        *tx = Some(sender.clone());
        Some(sender)
    }

    /// Waits until every queued upload has been sent (or has failed).
    pub fn drain(&self) {
        let Ok(mut pending) = self.shared.pending.lock() else {
            return;
        };
        while *pending > 0 {
            pending = match self.shared.idle.wait(pending) {
                Ok(p) => p,
                Err(_) => return,
            };
        }
    }

    /// The notices of failed uploads since the last call.
    pub fn take_notices(&self) -> Vec<Notice> {
        self.shared
            .notices
            .lock()
            .map(|mut n| std::mem::take(&mut *n))
            .unwrap_or_default()
    }
}

impl Drop for Uploads {
    /// Sends what is queued, then stops the threads.
    fn drop(&mut self) {
        if let Ok(mut tx) = self.tx.lock() {
            tx.take();
        }
        if let Ok(mut workers) = self.workers.lock() {
            for w in workers.drain(..) {
                let _ = w.join();
            }
        }
    }
}

fn work(shared: &Shared, rx: &Mutex<Receiver<Job>>) {
    loop {
        let job = match rx.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok(job) = job else {
            return;
        };
        run(shared, job);
        finished(shared);
    }
}

/// Sends one job: the blob, then (if that went) the entry.
fn run(shared: &Shared, job: Job) {
    let remote = &shared.remote;
    let sent = match &job.blob {
        Some((h, bytes)) => remote.put(Space::Cas, h, bytes),
        None => Ok(()),
    };
    if let Err(n) = sent.and_then(|()| remote.put(Space::Ac, &job.key, &job.entry)) {
        if let Ok(mut notices) = shared.notices.lock() {
            notices.push(n);
        }
    }
}

fn finished(shared: &Shared) {
    if let Ok(mut p) = shared.pending.lock() {
        *p = p.saturating_sub(1);
        if *p == 0 {
            shared.idle.notify_all();
        }
    }
}
