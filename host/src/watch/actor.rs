//! This module owns the watch loop: one actor that `select!`s over its inputs,
//! turns each into a [`LoopEvent`], and handles it in one `match` (STYLE.md §10).
//!
//! ```text
//!  notify callback ─try_send─► Fs ──► filter ──► batcher (window from the first event)
//!  signals ──────────────────► Signal (bypasses the window)          │ WindowClosed
//!  reload job ───────────────► Config ◄── dispatch ◄── pending ◄─────┘
//!  build jobs (one per target) ► BuildDone ◄─┘
//! ```
//!
//! At most one batch is in flight — reloading, then building its targets in
//! parallel on tokio's blocking pool; a batch that closes meanwhile waits as
//! `pending` (later ones merge into it), so events that arrive mid-build go to
//! the next batch. A batch that touched `rigc.toml` or a plugin library reloads
//! the plan first and then rebuilds the targets it touched plus every target whose
//! settings or plugins changed; the stage keys then re-run exactly the stages
//! whose inputs changed. Ctrl-C stops at once when idle; otherwise the build in
//! flight finishes (its writes are atomic) and nothing else starts. Under
//! `--serve`, each load tells the server which targets there are and each
//! finished target how it ended (`serve::hub`).

use rigc_diag::codes;

use super::batch::{Batcher, InputChange};
use super::error::WatchError;
use super::events::{ChangeKind, FsMsg, Signal, WatchEvent};
use super::plan::{self, Plan, ReloadError, Reloaded, Selection};
use super::print::{self, Printer, Timing};
use super::serve::hub::Outcome;
use super::serve::Serving;
use super::watchset::WatchSet;
use crate::build::{TargetResult, TargetSpec};
use crate::status::Status;
use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// Everything the watch loop reacts to — a closed set, handled in one `match`.
#[derive(Debug)]
pub enum LoopEvent {
    /// From the notify callback.
    Fs(FsMsg),
    /// Ctrl-C or SIGTERM: bypasses the batching window.
    Signal(Signal),
    /// One target of the batch in flight finished building.
    BuildDone(Box<BuildDone>),
    /// Loading `rigc.toml` and its plugins finished (the first load, or a reload).
    Config(Box<Reloaded>),
    /// The open batch's window, started by its first event, has elapsed.
    WindowClosed,
}

/// One target of the batch in flight, built.
#[derive(Debug)]
pub struct BuildDone {
    /// The batch it belongs to.
    pub batch: u64,
    /// The result (`Err`: the build job itself failed, with why).
    pub result: Result<TargetResult, String>,
    /// The target's name.
    pub target: String,
    /// When the build returned.
    pub finished: Instant,
    /// Directories that could not be watched.
    pub watch_errors: Vec<WatchError>,
}

enum Phase {
    Idle,
    Reloading {
        change: InputChange,
        dispatched: Instant,
    },
    Building {
        batch: u64,
        change: InputChange,
        dispatched: Instant,
        left: usize,
    },
}

/// The watch loop's state.
pub struct Actor<'o> {
    sel: Arc<Selection>,
    set: Arc<WatchSet>,
    debounce: Duration,
    plan: Option<Arc<Plan>>,
    batcher: Batcher,
    pending: Option<InputChange>,
    phase: Phase,
    stopping: bool,
    batches: u64,
    tx: mpsc::UnboundedSender<LoopEvent>,
    print: Printer<'o>,
    serving: Option<Serving>,
}

impl<'o> Actor<'o> {
    /// An actor over `set`, sending its jobs' results to `tx`.
    pub fn new(
        sel: Arc<Selection>,
        set: Arc<WatchSet>,
        debounce: Duration,
        tx: mpsc::UnboundedSender<LoopEvent>,
        print: Printer<'o>,
    ) -> Self {
        Actor {
            sel,
            set,
            debounce,
            plan: None,
            batcher: Batcher::new(debounce),
            pending: None,
            phase: Phase::Idle,
            stopping: false,
            batches: 0,
            tx,
            print,
            serving: None,
        }
    }

    /// The actor, feeding `serving`'s pages (`--serve`).
    pub fn serving(mut self, serving: Option<Serving>) -> Self {
        self.serving = serving;
        self
    }

    /// Runs until Ctrl-C (or a critical error); returns the exit status.
    pub async fn worker(
        mut self,
        mut fs: mpsc::Receiver<FsMsg>,
        mut inbox: mpsc::UnboundedReceiver<LoopEvent>,
    ) -> Status {
        loop {
            let deadline = self.batcher.deadline();
            let wake = tokio::time::Instant::from_std(deadline.unwrap_or_else(Instant::now));
            let event = tokio::select! {
                biased;
                Some(e) = inbox.recv() => e,
                () = tokio::time::sleep_until(wake), if deadline.is_some() => LoopEvent::WindowClosed,
                Some(m) = fs.recv() => LoopEvent::Fs(m),
                else => return Status::Red,
            };
            if let Some(status) = self.handle(event) {
                return status;
            }
        }
    }

    fn handle(&mut self, event: LoopEvent) -> Option<Status> {
        match event {
            LoopEvent::Fs(FsMsg::Event(e)) => self.on_fs(e),
            LoopEvent::Fs(FsMsg::Error(e)) => {
                self.print.watch_error(&e);
                if e.is_critical() {
                    return Some(Status::Red);
                }
            }
            LoopEvent::Signal(s) => {
                if let Some(status) = self.on_signal(s) {
                    return Some(status);
                }
            }
            LoopEvent::WindowClosed => {
                if let Some(change) = self.batcher.take_due(Instant::now()) {
                    match &mut self.pending {
                        Some(p) => p.merge(change),
                        None => self.pending = Some(change),
                    }
                }
                self.dispatch();
            }
            LoopEvent::Config(r) => {
                if let Some(status) = self.on_config(*r) {
                    return Some(status);
                }
            }
            LoopEvent::BuildDone(d) => self.on_built(*d),
        }
        self.finished_stopping()
    }

    fn on_fs(&mut self, e: WatchEvent) {
        if self.stopping {
            return;
        }
        let dropped = self.set.take_dropped();
        let lost = if dropped > 0 {
            Some(WatchError::QueueFull { dropped })
        } else if e.kind == ChangeKind::Rescan {
            Some(WatchError::Overflow)
        } else {
            None
        };
        if let Some(err) = lost {
            self.print.watch_error(&err);
            let rescan = WatchEvent {
                paths: Vec::new(),
                kind: ChangeKind::Rescan,
                at: e.at,
            };
            if let Some(a) = self.set.affects(&rescan) {
                self.batcher.push(a, e.at);
            }
        }
        self.set.on_event(&e);
        if let Some(a) = self.set.affects(&e) {
            self.batcher.push(a, e.at);
        }
    }

    fn on_signal(&mut self, _s: Signal) -> Option<Status> {
        if self.stopping {
            self.print
                .err("rigc watch: stopped at once; the build in flight was abandoned");
            return Some(Status::Green);
        }
        self.stopping = true;
        self.batcher.clear();
        self.pending = None;
        if !matches!(self.phase, Phase::Idle) {
            self.print.err(
                "rigc watch: stopping after the build in flight (interrupt again to stop at once)",
            );
        }
        None
    }

    /// When stopping and nothing is in flight: the end.
    fn finished_stopping(&mut self) -> Option<Status> {
        if self.stopping && matches!(self.phase, Phase::Idle) {
            self.print.lines(&["rigc watch: stopped".to_string()]);
            return Some(Status::Green);
        }
        None
    }

    /// Starts the pending batch when nothing is in flight.
    fn dispatch(&mut self) {
        if self.stopping || !matches!(self.phase, Phase::Idle) {
            return;
        }
        let Some(change) = self.pending.take() else {
            return;
        };
        let dispatched = Instant::now();
        let lines = print::change_lines(&self.print.root, &change);
        self.print.lines(&lines);
        if change.affected.needs_reload() || self.plan.is_none() {
            let (sel, set, tx) = (self.sel.clone(), self.set.clone(), self.tx.clone());
            let libraries = change.affected.plugins.clone();
            tokio::task::spawn_blocking(move || {
                plan::settle(&libraries);
                let reloaded = guarded(|| plan::load(&sel, &set)).unwrap_or_else(|why| Reloaded {
                    plan: Err(ReloadError::Refused(vec![rigc_diag::Diagnostic::new(
                        codes::WATCH_INTERNAL,
                        format!("loading the project failed: {why}"),
                    )])),
                    watch_errors: Vec::new(),
                });
                let _ = tx.send(LoopEvent::Config(Box::new(reloaded)));
            });
            self.phase = Phase::Reloading { change, dispatched };
        } else {
            let targets = change.affected.targets.clone();
            self.build(change, dispatched, &targets);
        }
    }

    fn on_config(&mut self, r: Reloaded) -> Option<Status> {
        let Phase::Reloading { change, dispatched } =
            std::mem::replace(&mut self.phase, Phase::Idle)
        else {
            return None;
        };
        for e in &r.watch_errors {
            self.print.watch_error(e);
        }
        let mut targets = change.affected.targets.clone();
        match r.plan {
            Ok(new) => {
                let new = Arc::new(new);
                for t in &new.targets {
                    let was = self.plan.as_ref().and_then(|p| p.fingerprints.get(&t.name));
                    if was != new.fingerprints.get(&t.name) {
                        targets.insert(t.name.clone());
                    }
                }
                let names: BTreeSet<String> = new.targets.iter().map(|t| t.name.clone()).collect();
                let libs: BTreeSet<_> = new.libraries.keys().cloned().collect();
                self.set.retain(&names, &libs);
                let (paths, dirs) = self.set.counts();
                let lines = match &self.plan {
                    None => vec![print::header(new.targets.len(), paths, dirs, self.debounce)],
                    Some(old) => print::reload_lines(
                        &self.print.root,
                        old,
                        &new,
                        change.affected.config || change.affected.rescan,
                        (paths, dirs),
                    ),
                };
                self.print.lines(&lines);
                if let Some(s) = &self.serving {
                    let names: Vec<String> = new.targets.iter().map(|t| t.name.clone()).collect();
                    let before = s.hub.names();
                    s.hub.retain(&names);
                    if self.plan.is_none() || s.hub.names() != before {
                        self.print.lines(&[s.line(&names)]);
                    }
                }
                self.plan = Some(new);
            }
            Err(ReloadError::Usage(message)) if self.plan.is_none() => {
                self.print.usage(&message);
                return Some(Status::Usage);
            }
            Err(ReloadError::Usage(message)) => {
                self.print.err(&format!(
                    "rigc watch: {message}; still watching the targets loaded before"
                ));
            }
            Err(ReloadError::Refused(diags)) => {
                self.print.diagnostics(&diags);
                self.print.err(match self.plan {
                    Some(_) => "rigc watch: the project was refused; still watching the targets and plugins loaded before",
                    None => "rigc watch: the project was refused; waiting for rigc.toml to change (Ctrl-C to stop)",
                });
            }
        }
        if !self.stopping {
            self.build(change, dispatched, &targets);
        }
        None
    }

    fn build(&mut self, change: InputChange, dispatched: Instant, targets: &BTreeSet<String>) {
        let specs: Vec<TargetSpec> = self
            .plan
            .iter()
            .flat_map(|p| p.targets.iter())
            .filter(|t| targets.contains(&t.name))
            .cloned()
            .collect();
        let Some(plan) = self.plan.clone().filter(|_| !specs.is_empty()) else {
            if self.plan.is_some() && !change.affected.initial {
                self.print.lines(&["  nothing to rebuild".to_string()]);
            }
            self.phase = Phase::Idle;
            self.dispatch();
            return;
        };
        self.batches += 1;
        let batch = self.batches;
        let left = specs.len();
        for spec in specs {
            let (plan, set, tx) = (plan.clone(), self.set.clone(), self.tx.clone());
            tokio::task::spawn_blocking(move || {
                let target = spec.name.clone();
                let built = guarded(|| {
                    let errors = plan::discover(&spec, &plan.ws.cwd, &plan.ws.project, &set);
                    (crate::runner::build_one(&plan.ws, &spec), errors)
                });
                let finished = Instant::now();
                let (result, watch_errors) = match built {
                    Ok((r, e)) => (Ok(r), e),
                    Err(why) => (Err(why), Vec::new()),
                };
                let _ = tx.send(LoopEvent::BuildDone(Box::new(BuildDone {
                    batch,
                    result,
                    target,
                    finished,
                    watch_errors,
                })));
            });
        }
        self.phase = Phase::Building {
            batch,
            change,
            dispatched,
            left,
        };
    }

    fn on_built(&mut self, done: BuildDone) {
        let Phase::Building {
            batch,
            change,
            dispatched,
            left,
        } = &mut self.phase
        else {
            return;
        };
        if done.batch != *batch {
            return;
        }
        for e in &done.watch_errors {
            self.print.watch_error(e);
        }
        let timing = Timing {
            waited: dispatched.saturating_duration_since(change.first),
            worked: done.finished.saturating_duration_since(*dispatched),
        };
        let failed_inside = |why: &str| {
            format!(
                "  rebuilt {}: the build failed inside rigc ({why}); the last green output is kept",
                done.target
            )
        };
        match &done.result {
            Ok(r) => self.print.target(r, timing),
            Err(why) => self.print.err(&failed_inside(why)),
        }
        if let Some(s) = &self.serving {
            let outcome = match &done.result {
                Ok(r) if r.is_green() => Outcome::Green {
                    out_dir: r.out_dir.clone(),
                    wrote: print::wrote(r),
                },
                Ok(r) => Outcome::Red {
                    out_dir: Some(r.out_dir.clone()),
                    failures: print::failure_lines(&self.print.root, r, timing),
                },
                Err(why) => Outcome::Red {
                    out_dir: None,
                    failures: vec![failed_inside(why)],
                },
            };
            s.hub.publish(&done.target, outcome);
        }
        *left -= 1;
        if *left == 0 {
            self.phase = Phase::Idle;
            self.dispatch();
        }
    }
}

/// Runs `f`, turning a panic into its message, so a job always reports back and
/// the loop never waits for a result that will not come.
fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|p| {
        p.downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_string())
    })
}
