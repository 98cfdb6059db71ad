//! This module owns what `rigc watch` prints: the header, one `change` line per
//! changed path of a batch, `reload` lines when the project file or a plugin was
//! loaded again, and one `rebuilt` line per target — its verdict, the stages that
//! ran (the rest counted as cached), and the milliseconds from the batch's first
//! event to the written output, split into the batching wait and the work. A red
//! target's FAIL lines follow on stdout and its refusals go to stderr, as
//! `rigc build` prints them.
//!
//! The lines are built by plain functions so their wording is tested without a
//! watcher; [`Printer`] only sends them to the [`Output`].

use super::batch::InputChange;
use super::error::WatchError;
use super::plan::Plan;
use crate::build::TargetResult;
use crate::output::Output;
use rigc_diag::write::Written;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How many `change` lines a batch prints before it summarises the rest.
const MAX_CHANGE_LINES: usize = 20;

/// Where a target's time went.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Timing {
    /// From the batch's first event until the batch was dispatched (the window,
    /// and any build in flight it waited for).
    pub waited: Duration,
    /// From dispatch until the output was written (reloading, then building).
    pub worked: Duration,
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// `path` relative to `root` when inside it, else as it is.
pub fn rel(root: &Path, path: &Path) -> String {
    match path.strip_prefix(root) {
        Ok(r) if !r.as_os_str().is_empty() => r.display().to_string(),
        _ => path.display().to_string(),
    }
}

/// The header, printed once the project is first loaded.
pub fn header(targets: usize, paths: usize, dirs: usize, debounce: Duration) -> String {
    format!(
        "rigc watch: {targets} target(s), watching {paths} path(s) in {dirs} dir(s), debounce {} ms; Ctrl-C to stop",
        debounce.as_millis()
    )
}

/// The `change` lines of a batch (none for the synthetic first event).
pub fn change_lines(root: &Path, change: &InputChange) -> Vec<String> {
    let a = &change.affected;
    let mut lines = Vec::new();
    if a.rescan {
        lines.push("  change  (events were lost: reloading and rebuilding every target)".into());
    }
    for f in a.files.iter().take(MAX_CHANGE_LINES) {
        lines.push(format!("  change  {}", rel(root, f)));
    }
    if a.files.len() > MAX_CHANGE_LINES {
        lines.push(format!(
            "  change  … and {} more",
            a.files.len() - MAX_CHANGE_LINES
        ));
    }
    lines
}

/// A target's `rebuilt` line, then its FAIL lines when red.
pub fn target_lines(root: &Path, r: &TargetResult, t: Timing) -> Vec<String> {
    let total = ms(t.waited + t.worked);
    let split = format!(
        "{:.1} ms batching, {:.1} ms building",
        ms(t.waited),
        ms(t.worked)
    );
    let ran = crate::printer::stages::ran_text(&r.log);
    let mut lines = Vec::new();
    if r.is_green() {
        let to = if wrote(r) {
            "the written output"
        } else {
            "the verdict; the output is unchanged"
        };
        lines.push(format!(
            "  rebuilt {}: green — {ran} — {total:.1} ms from the event to {to} ({split})",
            r.name
        ));
        return lines;
    }
    let kept = if r.out_dir.join("skeleton.json").is_file() {
        format!("{} keeps the last green output", rel(root, &r.out_dir))
    } else {
        format!("{} has no green output yet", rel(root, &r.out_dir))
    };
    let why = match (&r.report, r.diagnostics.len()) {
        (_, n) if n > 0 => format!("{n} refusal(s) on stderr"),
        (Some(report), _) => format!("{} assertion(s) failed", report.fail_count()),
        (None, _) => "not built".to_string(),
    };
    lines.push(format!(
        "  rebuilt {}: red ({why}) — {ran} — {total:.1} ms from the event to the verdict ({split}); nothing written, {kept}",
        r.name
    ));
    if let Some(report) = &r.report {
        lines.extend(
            crate::printer::gate::fail_lines(report)
                .into_iter()
                .map(|l| format!("  {l}")),
        );
    }
    lines
}

/// Whether a build wrote some file of its output set (else it left it as it was).
pub fn wrote(r: &TargetResult) -> bool {
    r.written.iter().any(|w| matches!(w, Written::Wrote(_)))
        || r.copies.iter().any(|(_, w)| matches!(w, Written::Wrote(_)))
}

/// A red target's failures as a page shows them: its `rebuilt` and FAIL lines
/// ([`target_lines`]), then its refusals as `rigc build` renders them, capped
/// per code as on a terminal.
pub fn failure_lines(root: &Path, r: &TargetResult, t: Timing) -> Vec<String> {
    let mut lines = target_lines(root, r, t);
    let shown = rigc_diag::limit::cap(&r.diagnostics, rigc_diag::limit::SHOWN_PER_CODE);
    let text = crate::printer::render_diagnostics(&shown, crate::cli::MessageFormat::Human);
    lines.extend(text.lines().map(str::to_string));
    lines
}

/// The `reload` lines after the project file (`config`) or a plugin was loaded
/// again: the target set, and each library whose identity changed.
pub fn reload_lines(
    root: &Path,
    old: &Plan,
    new: &Plan,
    config: bool,
    (paths, dirs): (usize, usize),
) -> Vec<String> {
    let names = |p: &Plan| -> Vec<String> { p.targets.iter().map(|t| t.name.clone()).collect() };
    let (before, after) = (names(old), names(new));
    let added: Vec<&str> = after
        .iter()
        .filter(|n| !before.contains(n))
        .map(String::as_str)
        .collect();
    let removed: Vec<&str> = before
        .iter()
        .filter(|n| !after.contains(n))
        .map(String::as_str)
        .collect();
    let mut delta = Vec::new();
    if !added.is_empty() {
        delta.push(format!("new: {}", added.join(", ")));
    }
    if !removed.is_empty() {
        delta.push(format!("dropped: {}", removed.join(", ")));
    }
    let delta = if delta.is_empty() {
        String::new()
    } else {
        format!(" ({})", delta.join("; "))
    };
    let mut lines = Vec::new();
    if config {
        lines.push(format!(
            "  reload  rigc.toml: {} target(s){delta}, watching {paths} path(s) in {dirs} dir(s)",
            after.len()
        ));
    }
    for (path, (name, id)) in &new.libraries {
        let short = |h: &str| h.chars().take(12).collect::<String>();
        match old.libraries.get(path) {
            Some((_, was)) if was == id => {}
            Some((_, was)) => lines.push(format!(
                "  reload  plugin {name} ({}): {}… → {}…",
                rel(root, path),
                short(was),
                short(id)
            )),
            None => lines.push(format!(
                "  reload  plugin {name} ({}): loaded, {}…",
                rel(root, path),
                short(id)
            )),
        }
    }
    lines
}

/// Sends lines to the output.
pub struct Printer<'o> {
    out: &'o mut Output,
    /// The project root paths are shown relative to.
    pub root: PathBuf,
}

impl<'o> Printer<'o> {
    /// A printer for the project at `root`.
    pub fn new(out: &'o mut Output, root: PathBuf) -> Self {
        Printer { out, root }
    }

    /// Stdout lines.
    pub fn lines(&mut self, lines: &[String]) {
        for l in lines {
            self.out.line(l);
        }
    }

    /// A stderr line.
    pub fn err(&mut self, line: &str) {
        self.out.err_line(line);
    }

    /// A watcher error and its fix, on stderr.
    pub fn watch_error(&mut self, e: &WatchError) {
        self.out.err_line(&format!("rigc watch: {e}"));
        self.out.err_line(&format!("  help: {}", e.help()));
    }

    /// A finished target: its lines, its warnings, its refusals.
    pub fn target(&mut self, r: &TargetResult, t: Timing) {
        let lines = target_lines(&self.root, r, t);
        self.lines(&lines);
        for w in &r.warnings {
            self.out.err_line(w);
        }
        if !r.diagnostics.is_empty() {
            self.out.diagnostics(&r.diagnostics);
        }
    }

    /// Refusals on stderr.
    pub fn diagnostics(&mut self, diags: &[rigc_diag::Diagnostic]) {
        self.out.diagnostics(diags);
    }

    /// A usage error (`rigc: …` and the usage) on stderr.
    pub fn usage(&mut self, message: &str) {
        self.out.usage(message);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_shown_from_the_root() {
        let root = Path::new("/proj");
        assert_eq!(
            rel(root, Path::new("/proj/snail/motion.json")),
            "snail/motion.json"
        );
        assert_eq!(rel(root, Path::new("/else/x.png")), "/else/x.png");
        assert_eq!(
            header(2, 34, 5, Duration::from_millis(30)),
            "rigc watch: 2 target(s), watching 34 path(s) in 5 dir(s), debounce 30 ms; Ctrl-C to stop"
        );
    }
}
