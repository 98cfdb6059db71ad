//! This module owns what the server knows of each watched target: the last
//! [`Report`] of its builds (how many finished, the generation of the green
//! output its directory holds, the last build's failures) in a
//! `tokio::sync::watch` channel per target, so a page that connects gets the
//! latest report at once and a slow page skips to the newest. The watch
//! loop publishes; the routes subscribe. Its IO: whether the out dir holds a
//! skeleton, and, once per new generation, its pages' hashes.

use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use tokio::sync::watch;

/// What a page is told after each build of its target.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Report {
    /// Builds of the target finished so far (0: the first is still running).
    pub build: u64,
    /// The generation of the green output the out dir holds: the build that
    /// wrote it (or, for output older than this watch, the first build that
    /// found it); `None` while there is none.
    pub green: Option<u64>,
    /// The pages of that green output as its atlas names them, each with the
    /// blake3 of its bytes (the page fetches each by index and hash).
    pub pages: Vec<Page>,
    /// The last build's failures as text lines (its verdict line, FAIL lines,
    /// rendered refusals); empty when it was green.
    pub failures: Vec<String>,
}

/// One page of a green output.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Page {
    /// Its name in the atlas.
    pub name: String,
    /// The blake3 of its bytes (hex).
    pub hash: String,
}

/// How one build of a target ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Green; `wrote`: its output set changed on disk.
    Green {
        /// The output directory.
        out_dir: PathBuf,
        /// Some file of the output set was written.
        wrote: bool,
    },
    /// Red, or the build failed inside rigc; nothing was written.
    Red {
        /// The output directory, when the build got far enough to name it.
        out_dir: Option<PathBuf>,
        /// The failures as text lines.
        failures: Vec<String>,
    },
}

/// The report after `prev` once a build ends as `outcome`; `has_output`:
/// the out dir holds a skeleton (a red build leaves the last green one);
/// `pages` reads the out dir's pages (after a green build, and for a new
/// generation). A green build is a new generation when it wrote, or when a
/// page its atlas names changed (a part PNG the atlas points at, outside the
/// out dir, is edited without the output set changing), or when there was
/// none.
pub fn next(
    prev: &Report,
    outcome: &Outcome,
    has_output: bool,
    pages: impl FnOnce() -> Vec<Page>,
) -> Report {
    let build = prev.build + 1;
    match outcome {
        Outcome::Green { wrote, .. } => {
            let pages = pages();
            let green = match prev.green {
                Some(g) if !wrote && pages == prev.pages => g,
                _ => build,
            };
            Report {
                build,
                green: Some(green),
                pages,
                failures: Vec::new(),
            }
        }
        Outcome::Red { failures, .. } => {
            let green = prev.green.or(has_output.then_some(build));
            let pages = match green {
                Some(g) if prev.green != Some(g) => pages(),
                _ => prev.pages.clone(),
            };
            Report {
                build,
                green,
                pages,
                failures: failures.clone(),
            }
        }
    }
}

struct Entry {
    out_dir: Option<PathBuf>,
    tx: watch::Sender<Report>,
}

/// Every served target's report channel and output directory.
#[derive(Default)]
pub struct Hub {
    targets: Mutex<BTreeMap<String, Entry>>,
}

impl Hub {
    /// A hub serving no target yet.
    pub fn new() -> Hub {
        Hub::default()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, Entry>> {
        self.targets.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Serves exactly `names` (after the project was loaded): new targets are
    /// added with no report yet; dropped ones end their pages' streams.
    pub fn retain(&self, names: &[String]) {
        let mut t = self.lock();
        t.retain(|k, _| names.contains(k));
        for n in names {
            t.entry(n.clone()).or_insert_with(|| Entry {
                out_dir: None,
                tx: watch::Sender::new(Report::default()),
            });
        }
    }

    /// The served targets, by name.
    pub fn names(&self) -> Vec<String> {
        self.lock().keys().cloned().collect()
    }

    /// Records how a build of `name` ended and tells its pages.
    pub fn publish(&self, name: &str, outcome: Outcome) {
        let mut t = self.lock();
        let Some(e) = t.get_mut(name) else {
            return;
        };
        let dir = match &outcome {
            Outcome::Green { out_dir, .. } => Some(out_dir.clone()),
            Outcome::Red { out_dir, .. } => out_dir.clone(),
        };
        if dir.is_some() {
            e.out_dir = dir;
        }
        let has_output = e.out_dir.as_deref().is_some_and(holds_skeleton);
        let dir = e.out_dir.clone();
        let pages = || {
            dir.as_deref()
                .and_then(super::files::page_hashes)
                .unwrap_or_default()
                .into_iter()
                .map(|(name, hash)| Page { name, hash })
                .collect()
        };
        let report = next(&e.tx.borrow(), &outcome, has_output, pages);
        e.tx.send_replace(report);
    }

    /// The latest report of `name` and every later one; `None` for a target
    /// not served.
    pub fn subscribe(&self, name: &str) -> Option<watch::Receiver<Report>> {
        self.lock().get(name).map(|e| e.tx.subscribe())
    }

    /// Where `name`'s output is, once a build has said.
    pub fn out_dir(&self, name: &str) -> Option<PathBuf> {
        self.lock().get(name).and_then(|e| e.out_dir.clone())
    }
}

fn holds_skeleton(dir: &Path) -> bool {
    dir.join("skeleton.json").is_file()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn green(wrote: bool) -> Outcome {
        Outcome::Green {
            out_dir: PathBuf::from("/o"),
            wrote,
        }
    }

    fn red() -> Outcome {
        Outcome::Red {
            out_dir: None,
            failures: vec!["FAIL".into()],
        }
    }

    fn pages() -> Vec<Page> {
        vec![Page {
            name: "a.png".into(),
            hash: "h".into(),
        }]
    }

    fn unread() -> Vec<Page> {
        panic!("the pages are read only for a new generation")
    }

    #[test]
    fn a_green_build_that_wrote_is_a_new_generation_and_clears_failures() {
        let r = next(&Report::default(), &green(true), true, pages);
        assert_eq!(r.pages, pages());
        assert_eq!((r.build, r.green), (1, Some(1)));
        let r = next(&r, &red(), true, unread);
        assert_eq!((r.build, r.green, r.failures.len()), (2, Some(1), 1));
        assert_eq!(r.pages, pages(), "the last green's pages are kept");
        let r = next(&r, &green(true), true, Vec::new);
        assert_eq!((r.build, r.green, r.failures.len()), (3, Some(3), 0));
        assert_eq!(r.pages, vec![], "a new generation reads its own");
    }

    #[test]
    fn an_unchanged_output_keeps_its_generation_unless_there_was_none() {
        let r = next(&Report::default(), &green(false), true, pages);
        assert_eq!(r.green, Some(1), "output older than the watch is served");
        let r = next(&r, &green(false), true, pages);
        assert_eq!((r.build, r.green), (2, Some(1)));
    }

    #[test]
    fn a_changed_page_is_a_new_generation_though_nothing_was_written() {
        let r = next(&Report::default(), &green(true), true, pages);
        let edited = || {
            vec![Page {
                name: "a.png".into(),
                hash: "h2".into(),
            }]
        };
        let r = next(&r, &green(false), true, edited);
        assert_eq!((r.build, r.green), (2, Some(2)));
        assert_eq!(r.pages, edited());
    }

    #[test]
    fn a_red_first_build_serves_an_older_green_output_or_none() {
        assert_eq!(next(&Report::default(), &red(), true, pages).green, Some(1));
        assert_eq!(next(&Report::default(), &red(), false, unread).green, None);
    }

    #[test]
    fn a_dropped_target_is_no_longer_served_and_its_stream_ends() {
        let hub = Hub::new();
        hub.retain(&["a".into(), "b".into()]);
        let mut rx = hub.subscribe("a").expect("served");
        hub.publish("a", green(true));
        assert_eq!(rx.borrow_and_update().green, Some(1));
        assert_eq!(hub.out_dir("a"), Some(PathBuf::from("/o")));
        hub.retain(&["b".into()]);
        assert_eq!(hub.names(), vec!["b".to_string()]);
        assert!(hub.subscribe("a").is_none());
        assert!(rx.has_changed().is_err(), "the sender is gone");
        hub.publish("a", green(true));
    }
}
