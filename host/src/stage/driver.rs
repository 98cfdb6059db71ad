//! This module owns running a stage: against the cache — look its key up (the
//! local cache, then the remote one: `cache::served`); on a hit, read the
//! output (verified: from the action entry when it is small enough to live
//! there, else its blob) and use it; on a miss, or a corrupt
//! entry, compute, store the output under the key, and log that the stage ran —
//! or against no cache at all, computing every stage and storing nothing (the
//! uncached compile A18 compares against, benches, `explain`). Refusals are
//! never cached: the next build runs the stage again and prints them again.

use super::{Hashed, KeyBuilder, Stage};
use crate::cache::{Cache, Hash, Served};

/// Whether a stage ran, or which cache served it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StageEvent {
    /// The stage (`parse:rig`, `animation:walk`, `gate:rigc-core-rules`, …).
    pub stage: String,
    /// The cache that served its output; `None` when it ran.
    pub served: Option<Served>,
}

impl StageEvent {
    /// A stage that ran.
    pub fn ran(stage: String) -> StageEvent {
        StageEvent {
            stage,
            served: None,
        }
    }

    /// A stage the local cache served.
    pub fn cached(stage: String) -> StageEvent {
        StageEvent::served(stage, Served::Local)
    }

    /// A stage `from` served.
    pub fn served(stage: String, from: Served) -> StageEvent {
        StageEvent {
            stage,
            served: Some(from),
        }
    }

    /// Did the stage run (rather than be served from a cache)?
    pub fn did_run(&self) -> bool {
        self.served.is_none()
    }
}

/// Runs stages for one target and logs what ran.
pub struct Driver<'a> {
    cache: Option<&'a Cache>,
    tool: Hash,
    /// The project root paths are kept relative to (`super::paths`).
    root: Option<std::path::PathBuf>,
    /// The stages in the order they were asked for.
    pub log: Vec<StageEvent>,
}

impl<'a> Driver<'a> {
    /// A driver over `cache`, for a build by the tool whose identity is `tool`
    /// (part of every key).
    pub fn cached(cache: &'a Cache, tool: Hash) -> Driver<'a> {
        Driver {
            cache: Some(cache),
            tool,
            root: None,
            log: Vec::new(),
        }
    }

    /// This driver, keeping the paths inside `root` relative to it in keys
    /// and stored outputs (`super::paths`), so checkouts of one project at
    /// different places share entries.
    pub fn under(mut self, root: &std::path::Path) -> Driver<'a> {
        self.root = Some(root.to_path_buf());
        self
    }

    /// A driver over no cache: every stage computes, nothing is stored, no key
    /// is made and no output serialised.
    pub fn uncached() -> Driver<'static> {
        Driver {
            cache: None,
            tool: [0; 32],
            root: None,
            log: Vec::new(),
        }
    }

    /// The key of `stage`: its name, version, the tool, then every input.
    pub fn key<S: Stage>(&self, stage: &S, name: &str) -> Hash {
        let mut key = KeyBuilder::new(name, S::VERSION, &self.tool);
        stage.feed(&mut key);
        key.finish()
    }

    /// Runs `stage`: from the cache when it holds a good entry for its key,
    /// else by computing it. A fresh output is used in its serialised form, as
    /// a cached one is, so the two are the same value.
    pub fn run<S: Stage>(&mut self, stage: &S) -> Result<Hashed<S::Output>, S::Error> {
        let root = self.root.clone();
        super::paths::within(root.as_deref(), || self.run_scoped(stage))
    }

    fn run_scoped<S: Stage>(&mut self, stage: &S) -> Result<Hashed<S::Output>, S::Error> {
        let name = stage.name();
        let Some(cache) = self.cache else {
            let value = stage.compute()?;
            self.log.push(StageEvent::ran(name));
            return Ok(Hashed::new(value));
        };
        let key = self.key(stage, &name);
        if let Some((output, bytes, from)) = cache.lookup(&key, &name) {
            if let Ok(value) = serde_json::from_slice::<S::Output>(&bytes) {
                self.log.push(StageEvent::served(name, from));
                return Ok(Hashed::known(value, output));
            }
        }
        let computed = stage.compute()?;
        let bytes = serde_json::to_vec(&computed).unwrap_or_default();
        let output = crate::cache::hash(&bytes);
        // What a fresh build uses is exactly what a cached build will read back:
        // the value goes through its serialised form either way.
        let value = serde_json::from_slice::<S::Output>(&bytes).unwrap_or(computed);
        // The cache is an optimisation: a failed write costs a rebuild next time,
        // never this build's result.
        let _ = cache.store(&key, &name, &bytes);
        self.log.push(StageEvent::ran(name));
        Ok(Hashed::known(value, output))
    }
}

/// The names of the stages of `log` that ran (`ran`) or were served from the
/// cache (`!ran`), in order.
pub fn named(log: &[StageEvent], ran: bool) -> Vec<&str> {
    log.iter()
        .filter(|e| e.did_run() == ran)
        .map(|e| e.stage.as_str())
        .collect()
}
