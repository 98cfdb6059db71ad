//! This module owns turning a burst of events into one transactional change
//! (STYLE.md §9–§10): an [`InputChange`] is everything that matters from the
//! events of one window, and the [`Batcher`] collects them — the window opens at
//! the batch's *first* event and closes a fixed time later, however many events
//! follow (an editor's save is a truncate, a write and a close; a `cargo build` of
//! a plugin is a remove and a link). An event stamped after the window belongs to
//! the next batch, even when the loop reads it late.
//!
//! The batcher is a plain state machine over instants handed to it, so its timing
//! is tested without a clock; the loop owns the timer.

use super::filter::Affected;
use std::time::{Duration, Instant};

/// One batch: what changed, and when its first event arrived.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputChange {
    /// What the batch's events matter to.
    pub affected: Affected,
    /// The first event's arrival: latency is measured from here.
    pub first: Instant,
    /// How many events the batch holds.
    pub events: usize,
}

impl InputChange {
    /// A change of one event.
    pub fn new(affected: Affected, at: Instant) -> InputChange {
        InputChange {
            affected,
            first: at,
            events: 1,
        }
    }

    /// Folds a later change into this one (the earlier first event wins).
    pub fn merge(&mut self, other: InputChange) {
        self.affected.merge(other.affected);
        self.first = self.first.min(other.first);
        self.events += other.events;
    }
}

/// Collects events into batches of a fixed window from their first event.
#[derive(Debug)]
pub struct Batcher {
    window: Duration,
    open: Option<InputChange>,
    ready: Option<InputChange>,
}

impl Batcher {
    /// The longest window (so instants plus the window never overflow).
    pub const MAX_WINDOW: Duration = Duration::from_secs(3600);

    /// A batcher with `window` (at most [`Batcher::MAX_WINDOW`]).
    pub fn new(window: Duration) -> Batcher {
        Batcher {
            window: window.min(Self::MAX_WINDOW),
            open: None,
            ready: None,
        }
    }

    /// Adds an event that matters, received at `at`.
    pub fn push(&mut self, affected: Affected, at: Instant) {
        let change = InputChange::new(affected, at);
        match &mut self.open {
            Some(open) if at < open.first + self.window => open.merge(change),
            _ => {
                if let Some(closed) = self.open.replace(change) {
                    self.close(closed);
                }
            }
        }
    }

    fn close(&mut self, change: InputChange) {
        match &mut self.ready {
            Some(ready) => ready.merge(change),
            None => self.ready = Some(change),
        }
    }

    /// When the loop should next ask for a batch (`None`: nothing is collecting).
    pub fn deadline(&self) -> Option<Instant> {
        match (&self.ready, &self.open) {
            (Some(ready), _) => Some(ready.first),
            (None, Some(open)) => Some(open.first + self.window),
            (None, None) => None,
        }
    }

    /// The batch whose window has closed by `now`, if any.
    pub fn take_due(&mut self, now: Instant) -> Option<InputChange> {
        if self
            .open
            .as_ref()
            .is_some_and(|o| now >= o.first + self.window)
        {
            if let Some(open) = self.open.take() {
                self.close(open);
            }
        }
        self.ready.take()
    }

    /// Drops everything collected (Ctrl-C bypasses the window).
    pub fn clear(&mut self) {
        self.open = None;
        self.ready = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn touching(target: &str, file: &str) -> Affected {
        Affected {
            targets: [target.to_string()].into(),
            files: [PathBuf::from(file)].into(),
            ..Affected::default()
        }
    }

    const MS: Duration = Duration::from_millis(1);

    #[test]
    fn a_burst_within_the_window_is_one_batch() {
        let t0 = Instant::now();
        let mut b = Batcher::new(30 * MS);
        assert_eq!(b.deadline(), None);
        b.push(touching("snail", "motion.json"), t0);
        b.push(touching("snail", "motion.json"), t0 + 5 * MS);
        b.push(touching("angler", "fin.png"), t0 + 29 * MS);
        // The window runs from the first event, not the last.
        assert_eq!(b.deadline(), Some(t0 + 30 * MS));
        assert_eq!(b.take_due(t0 + 29 * MS), None);
        let batch = b.take_due(t0 + 30 * MS).expect("one batch");
        assert_eq!(batch.events, 3);
        assert_eq!(batch.first, t0);
        assert_eq!(batch.affected.targets.len(), 2);
        assert_eq!(batch.affected.files.len(), 2);
        assert_eq!(b.take_due(t0 + 100 * MS), None);
        assert_eq!(b.deadline(), None);
    }

    #[test]
    fn an_event_after_the_window_is_the_next_batch() {
        let t0 = Instant::now();
        let mut b = Batcher::new(30 * MS);
        b.push(touching("snail", "motion.json"), t0);
        let first = b.take_due(t0 + 30 * MS).expect("first batch");
        assert_eq!(first.events, 1);
        b.push(touching("snail", "rig.json"), t0 + 31 * MS);
        assert_eq!(b.take_due(t0 + 40 * MS), None);
        let second = b.take_due(t0 + 61 * MS).expect("second batch");
        assert_eq!(second.first, t0 + 31 * MS);
        assert_eq!(second.affected.files, [PathBuf::from("rig.json")].into());
    }

    #[test]
    fn an_event_read_late_still_starts_the_next_batch() {
        // The loop was busy: two events stamped 40 ms apart arrive together.
        let t0 = Instant::now();
        let mut b = Batcher::new(30 * MS);
        b.push(touching("snail", "motion.json"), t0);
        b.push(touching("snail", "rig.json"), t0 + 40 * MS);
        assert!(b.deadline().is_some_and(|d| d <= t0 + 41 * MS));
        let first = b.take_due(t0 + 41 * MS).expect("the closed batch");
        assert_eq!(first.affected.files, [PathBuf::from("motion.json")].into());
        assert_eq!(b.deadline(), Some(t0 + 70 * MS));
        let second = b.take_due(t0 + 70 * MS).expect("the next batch");
        assert_eq!(second.affected.files, [PathBuf::from("rig.json")].into());
    }

    #[test]
    fn clear_drops_the_open_batch() {
        let t0 = Instant::now();
        let mut b = Batcher::new(30 * MS);
        b.push(touching("snail", "motion.json"), t0);
        b.clear();
        assert_eq!(b.deadline(), None);
        assert_eq!(b.take_due(t0 + 60 * MS), None);
    }

    #[test]
    fn merged_changes_keep_the_earliest_event() {
        let t0 = Instant::now();
        let mut a = InputChange::new(touching("snail", "a"), t0 + 10 * MS);
        a.merge(InputChange::new(touching("snail", "b"), t0));
        assert_eq!(a.first, t0);
        assert_eq!(a.events, 2);
    }
}
