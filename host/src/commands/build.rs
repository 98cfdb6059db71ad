//! This module owns `rigc build`: one target from flags, or the targets of
//! `rigc.toml` (`--all`, or by name; `--shard i/n`) in parallel (`--jobs`) over one
//! shared cache. Each target compiles through the cache, gates, and is written only
//! when green; the command prints, per target, its verdict, what ran and what the
//! cache served, and its time, then a summary table (and `--report` JSON).

use super::Status;
use crate::build::{TargetResult, TargetSpec};
use crate::cli::BuildArgs;
use crate::output::Output;
use crate::stage;
use crate::stages::gate::GateReport;
use crate::workspace::{self, Workspace};
use rigc_diag::write::Written;
use rigc_sdk::gate::Profile;
use std::io::IsTerminal;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

/// Runs `rigc build`.
pub fn run(args: &BuildArgs, cwd: &Path, out: &mut Output) -> Status {
    let manifest_mode = args.all || !args.targets.is_empty();
    let manifest = match workspace::find_manifest(cwd) {
        Ok(m) => m,
        Err(diags) => {
            out.diagnostics(&diags);
            return Status::Red;
        }
    };
    let targets = if manifest_mode {
        let Some(m) = &manifest else {
            out.usage(&format!(
                "no rigc.toml in {} or above; --all builds the targets it declares",
                cwd.display()
            ));
            return Status::Usage;
        };
        match workspace::select(
            m,
            args.all,
            &args.targets,
            args.shard,
            args.profile,
            args.copy_images,
        ) {
            Ok(t) => t,
            Err(message) => {
                out.usage(&message);
                return Status::Usage;
            }
        }
    } else {
        let missing: Vec<&str> = [
            ("--rig", args.rig.is_none()),
            ("--motion", args.motion.is_none()),
            ("--out", args.out.is_none()),
        ]
        .iter()
        .filter(|(_, m)| *m)
        .map(|(n, _)| *n)
        .collect();
        let (Some(rig), Some(motion), Some(dir)) = (&args.rig, &args.motion, &args.out) else {
            out.usage(&format!(
                "{} is required (or build the targets of rigc.toml with --all)",
                missing.join(", ")
            ));
            return Status::Usage;
        };
        let label = rig.display().to_string();
        vec![TargetSpec {
            name: label.clone(),
            label,
            rig: rig.clone(),
            motion: motion.clone(),
            images: args.images.clone(),
            out: dir.clone(),
            profile: args
                .profile
                .or(manifest.as_ref().map(|m| m.profile))
                .unwrap_or(Profile::Spine),
            copy_images: args.copy_images,
        }]
    };
    let ws = match workspace::open(manifest, args.cache_dir.as_deref(), cwd) {
        Ok(ws) => Arc::new(ws),
        Err(diags) => {
            out.diagnostics(&diags);
            return Status::Red;
        }
    };
    let start = Instant::now();
    let results = if manifest_mode {
        build_many(&ws, targets, args.jobs.map(|j| j as usize), out)
    } else {
        let r: Vec<TargetResult> = targets
            .iter()
            .map(|t| crate::runner::build_one(&ws, t))
            .collect();
        for result in &r {
            print_detailed(result, out);
        }
        r
    };
    let elapsed = start.elapsed().as_secs_f64() * 1e3;
    if let Some(path) = &args.report {
        let text = format!("{}\n", crate::report::document_text(&results, elapsed));
        if let Err(e) =
            rigc_diag::write::write_atomic(&crate::project::absolute(path, cwd), text.as_bytes())
        {
            out.err_line(&format!(
                "rigc: cannot write the report {}: {e}",
                path.display()
            ));
            return Status::Red;
        }
    }
    if results.iter().all(TargetResult::is_green) {
        Status::Green
    } else {
        Status::Red
    }
}

fn build_many(
    ws: &Arc<Workspace>,
    targets: Vec<TargetSpec>,
    jobs: Option<usize>,
    out: &mut Output,
) -> Vec<TargetResult> {
    let total = targets.len();
    let jobs = crate::runner::workers(jobs.unwrap_or_else(crate::runner::default_jobs), total);
    let bar = (std::io::stdout().is_terminal() && total > 1).then(|| {
        let pb = indicatif::ProgressBar::with_draw_target(
            Some(total as u64),
            indicatif::ProgressDrawTarget::stdout(),
        );
        if let Ok(style) =
            indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} targets  {msg}")
        {
            pb.set_style(style);
        }
        pb
    });
    out.line(&format!(
        "rigc build: {total} target(s), {jobs} at a time, cache {}",
        ws.cache.root().display()
    ));
    let mut lines_out: Vec<String> = Vec::new();
    let results = crate::runner::run_all(ws.clone(), targets, jobs, |r| {
        let mut lines = vec![summary_line(r)];
        if !r.is_green() {
            lines.extend(detail_lines(r));
        }
        match &bar {
            Some(pb) => {
                for l in &lines {
                    pb.println(l);
                }
                pb.inc(1);
                pb.set_message(r.name.clone());
            }
            None => lines_out.extend(lines.into_iter().inspect(|l| println_now(l))),
        }
    });
    if let Some(pb) = bar {
        pb.finish_and_clear();
    }
    let _ = lines_out;
    for r in &results {
        for w in &r.warnings {
            out.err_line(w);
        }
        if !r.diagnostics.is_empty() {
            out.err_line(&format!("rigc: target {} was refused:", r.name));
            out.diagnostics(&r.diagnostics);
        }
    }
    out.line("");
    let width = results
        .iter()
        .map(|r| r.name.chars().count())
        .max()
        .unwrap_or(6)
        .max(6);
    // The table goes out in one write, not one per target.
    let mut table = format!("{:<width$}  verdict  ran  cached        ms", "target");
    for r in &results {
        let ran = r.log.iter().filter(|e| e.ran).count();
        let cached = r.log.len() - ran;
        let verdict = if r.is_green() { "green" } else { "red" };
        table.push_str(&format!(
            "\n{:<width$}  {verdict:<7}  {ran:>3}  {cached:>6}  {:>8.1}",
            r.name,
            r.elapsed.as_secs_f64() * 1e3
        ));
    }
    out.line(&table);
    let green = results.iter().filter(|r| r.is_green()).count();
    let red: Vec<&str> = results
        .iter()
        .filter(|r| !r.is_green())
        .map(|r| r.name.as_str())
        .collect();
    if red.is_empty() {
        out.line(&format!(
            "rigc: {} target(s): {green} green, 0 red",
            results.len()
        ));
    } else {
        out.err_line(&format!(
            "rigc: {} target(s): {green} green, {} red ({})",
            results.len(),
            red.len(),
            red.join(", ")
        ));
    }
    results
}

fn println_now(line: &str) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{line}");
}

/// `ran` and `cached` stage lists, with runs of `measure:*` folded.
fn stage_list(names: &[&str]) -> String {
    let measures = names.iter().filter(|n| n.starts_with("measure:")).count();
    let mut out: Vec<String> = names
        .iter()
        .filter(|n| !n.starts_with("measure:"))
        .map(|n| n.to_string())
        .collect();
    if measures > 0 {
        out.insert(0, format!("measure×{measures}"));
    }
    out.join(", ")
}

/// The one line a target gets in a many-target build.
pub fn summary_line(r: &TargetResult) -> String {
    let ran = stage::named(&r.log, true);
    let cached = stage::named(&r.log, false);
    let verdict = if r.is_green() { "green" } else { "red" };
    let ran_text = if ran.is_empty() {
        "nothing ran".to_string()
    } else {
        format!("ran {}", stage_list(&ran))
    };
    let cached_text = if cached.is_empty() {
        String::new()
    } else {
        format!("; cached {}", stage_list(&cached))
    };
    format!(
        "rigc: {} {verdict} in {:.1} ms — {ran_text}{cached_text}",
        r.name,
        r.elapsed.as_secs_f64() * 1e3
    )
}

/// The report lines of a target (what a single build prints on stdout).
fn detail_lines(r: &TargetResult) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(p) = &r.rig_path {
        lines.push(format!("  ..    rig    {}", p.display()));
    }
    if let Some(p) = &r.motion_path {
        lines.push(format!("  ..    motion {}", p.display()));
    }
    if r.report.is_some() || !r.parts.is_empty() {
        lines.push(format!("  ..    {} part page(s):", r.parts.len()));
        for (region, w, h, page) in &r.parts {
            lines.push(format!("  ..      {region:<24} {w}x{h}  <- {page}"));
        }
    }
    if let Some(report) = &r.report {
        lines.push(format!(
            "  ..    validate (round trip through rigc's Spine 4.3 reader + machine assertions, profile {})",
            r.profile.name()
        ));
        lines.extend(report.lines());
        lines.push(report.stats_line());
    }
    let ran = stage::named(&r.log, true);
    let cached = stage::named(&r.log, false);
    if !r.log.is_empty() {
        lines.push(format!(
            "  ..    stages: {} ran{}, {} from the cache",
            ran.len(),
            if ran.is_empty() {
                String::new()
            } else {
                format!(" ({})", stage_list(&ran))
            },
            cached.len()
        ));
    }
    lines
}

/// Prints one target the way a single `rigc build` does.
fn print_detailed(r: &TargetResult, out: &mut Output) {
    out.line(&format!("rigc build {}", r.label));
    for l in detail_lines(r) {
        out.line(&l);
    }
    for w in &r.warnings {
        out.err_line(w);
    }
    if !r.diagnostics.is_empty() {
        out.diagnostics(&r.diagnostics);
        return;
    }
    if let Some(report) = &r.report {
        if !report.is_green() {
            out.err_line(&format!(
                "rigc: {} assertion(s) failed — nothing written",
                report.fail_lines()
            ));
            return;
        }
    }
    if let Some((first, _)) = r.copies.first() {
        let _ = first;
        out.line(&format!(
            "  ..    copy-images: {} page(s) copied into {}",
            r.copies.len(),
            r.out_dir.display()
        ));
        for (c, _) in &r.copies {
            let renamed = if c.renamed {
                "  (renamed — basename collision)"
            } else {
                ""
            };
            out.line(&format!(
                "  ..      {:<24} <- {}  ({} region(s)){renamed}",
                c.to_name,
                c.from.display(),
                c.regions
            ));
        }
    }
    for w in &r.written {
        match w {
            Written::Wrote(p) => out.line(&format!("rigc: wrote {}", p.display())),
            Written::Unchanged(p) => out.line(&format!("rigc: kept {} (unchanged)", p.display())),
        }
    }
}

/// Prints the report lines and the stats line.
pub fn print_report(report: &GateReport, out: &mut Output) {
    for line in report.lines() {
        out.line(&line);
    }
    out.line(&report.stats_line());
}
