//! This module owns `rigc build`: one target from flags, or the targets of
//! `rigc.toml` (`--all`, or by name; `--shard i/n`) in parallel (`--jobs`) over one
//! shared cache. Each target compiles through the cache, gates, and is written only
//! when green; the command prints, per target, its verdict, what ran and what the
//! cache served, and its time, then a summary table (and `--report` JSON).

use super::Status;
use crate::build::{TargetResult, TargetSpec};
use crate::cli::BuildArgs;
use crate::config::Manifest;
use crate::layout::LayoutAsk;
use crate::output::Output;
use crate::printer::target;
use crate::project::Project;
use crate::stages::pack::Layout;
use crate::workspace::{self, Workspace};
use rigc_diag::Diagnostic;
use rigc_sdk::gate::Profile;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

/// Runs `rigc build`.
pub fn run(args: &BuildArgs, cwd: &Path, out: &mut Output) -> Status {
    if let Some(status) = atlas_layout(args, cwd, out) {
        return status;
    }
    let manifest_mode = args.all || !args.targets.is_empty();
    let (project, manifest, targets) = if manifest_mode {
        let manifest = match workspace::find_manifest(cwd) {
            Ok(m) => m,
            Err(diags) => {
                out.diagnostics(&diags);
                return Status::Red;
            }
        };
        let Some(m) = &manifest else {
            out.usage(&format!(
                "no rigc.toml in {} or above; --all builds the targets it declares",
                cwd.display()
            ));
            return Status::Usage;
        };
        let targets = match workspace::select(
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
        };
        (workspace::project_of(Some(m), cwd), manifest, targets)
    } else {
        let (Some(rig), Some(motion), Some(dir)) = (&args.rig, &args.motion, &args.out) else {
            out.usage(&missing_flags(
                args.rig.as_ref(),
                args.motion.as_ref(),
                args.out.as_ref(),
                "or build the targets of rigc.toml with --all",
            ));
            return Status::Usage;
        };
        let (project, manifest, target) = match flags_target(
            FlagsTarget {
                rig,
                motion,
                images: args.images.as_ref(),
                out: dir,
                profile: args.profile,
                copy_images: args.copy_images,
            },
            cwd,
        ) {
            Ok(t) => t,
            Err(diags) => {
                out.diagnostics(&diags);
                return Status::Red;
            }
        };
        (project, manifest, vec![target])
    };
    let mut targets = targets;
    // A layout on the command line replaces each target's own (crate::layout).
    let ask = asked(args, cwd);
    if !ask.is_empty() {
        for t in &mut targets {
            t.layout = ask.layout();
        }
    }
    if let Some(message) = packed_and_copied(&targets) {
        out.usage(&message);
        return Status::Usage;
    }
    let ws = match workspace::open(
        project,
        manifest,
        args.cache_dir.as_deref(),
        &remote_ask(&args.remote),
        cwd,
    ) {
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
    // The uploads still queued are sent before the build says what it uploaded;
    // a failed one is named here.
    ws.cache.finish_uploads();
    for w in ws.cache.take_warnings() {
        out.err_line(&w);
    }
    let counts = ws.cache.counts();
    if let Some(line) = target::cache_line(&results, &counts) {
        out.line(&line);
    }
    if let Some(path) = &args.report {
        let text = format!(
            "{}\n",
            crate::printer::json::document_text(&results, &counts, elapsed)
        );
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

/// A target named by flags (`--rig --motion --out [--images]`).
pub struct FlagsTarget<'a> {
    /// `--rig`.
    pub rig: &'a PathBuf,
    /// `--motion`.
    pub motion: &'a PathBuf,
    /// `--images`.
    pub images: Option<&'a PathBuf>,
    /// `--out`.
    pub out: &'a PathBuf,
    /// `--profile`.
    pub profile: Option<Profile>,
    /// `--copy-images`.
    pub copy_images: bool,
}

/// The usage line for `--rig`, `--motion` and `--out` when any is missing,
/// naming the missing ones and `otherwise` (what the command takes instead).
pub fn missing_flags(
    rig: Option<&PathBuf>,
    motion: Option<&PathBuf>,
    out: Option<&PathBuf>,
    otherwise: &str,
) -> String {
    let missing: Vec<&str> = [("--rig", rig), ("--motion", motion), ("--out", out)]
        .iter()
        .filter(|(_, given)| given.is_none())
        .map(|(name, _)| *name)
        .collect();
    format!("{} is required ({otherwise})", missing.join(", "))
}

/// The target a flags build (or explain) names, labelled by its `--rig`, and
/// its project: the nearest rigc.toml above the rig spec decides the root,
/// the plugins, the profile and the cache (one project per build).
pub fn flags_target(
    f: FlagsTarget<'_>,
    cwd: &Path,
) -> Result<(Project, Option<Manifest>, TargetSpec), Vec<Diagnostic>> {
    let (project, manifest) = workspace::project_of_spec(&crate::project::absolute(f.rig, cwd))?;
    let label = f.rig.display().to_string();
    let target = TargetSpec {
        name: label.clone(),
        label,
        rig: f.rig.clone(),
        motion: f.motion.clone(),
        images: f.images.cloned(),
        out: f.out.clone(),
        profile: f
            .profile
            .or(manifest.as_ref().map(|m| m.profile))
            .unwrap_or(Profile::Spine),
        copy_images: f.copy_images,
        out_in_project: false,
        layout: Default::default(),
    };
    Ok((project, manifest, target))
}

/// `--pack` and `--atlas-in` (CLI.md §1, §7): their usage errors, before
/// anything is read or written (the rules are [`LayoutAsk::conflict`]'s).
/// `None`: go on.
fn atlas_layout(args: &BuildArgs, cwd: &Path, out: &mut Output) -> Option<Status> {
    if let Some(conflict) = asked(args, cwd).conflict() {
        out.usage(&conflict.message(false));
        return Some(Status::Usage);
    }
    if args.pack && args.copy_images {
        out.usage("--pack writes its own page PNGs into --out, so --copy-images has nothing to copy; pick one");
        return Some(Status::Usage);
    }
    None
}

/// The atlas layout the flags ask for.
fn asked(args: &BuildArgs, cwd: &Path) -> LayoutAsk {
    LayoutAsk {
        pack: args.pack,
        page_size: args.page_size,
        padding: args.padding,
        page_edges: args.page_edges.map(crate::cli::PageEdges::edges),
        // `--atlas-in` always resolves against the working directory (CLI.md §1).
        atlas_in: args
            .atlas_in
            .as_ref()
            .map(|a| crate::project::absolute(a, cwd)),
    }
}

/// A target of rigc.toml that packs (by its own `pack = true`) under
/// `--copy-images`: the usage error `--pack --copy-images` is.
fn packed_and_copied(targets: &[TargetSpec]) -> Option<String> {
    let t = targets
        .iter()
        .find(|t| t.copy_images && matches!(t.layout, Layout::Pack(_)))?;
    Some(format!(
        "target {:?} packs its atlas (pack = true in rigc.toml), so --copy-images has nothing to copy for it; pick one",
        t.name
    ))
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
        "rigc build: {total} target(s) of project {}, {jobs} at a time, cache {}",
        target::project_words(&ws.project),
        ws.cache.root().display()
    ));
    let mut lines_out: Vec<String> = Vec::new();
    let results = crate::runner::run_all(ws.clone(), targets, jobs, |r| {
        let mut lines = vec![target::summary_line(r)];
        if !r.is_green() {
            lines.extend(target::detail_lines(r));
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
        if let Some(report) = &r.report {
            out.gate_findings(report);
        }
    }
    out.line("");
    out.line(&target::table(&results));
    match target::totals_line(&results) {
        (line, false) => out.line(&line),
        (line, true) => out.err_line(&line),
    }
    results
}

/// What `--remote-cache`, `--remote-cache-read-only` and `--no-remote-cache` ask.
fn remote_ask(args: &crate::cli::RemoteArgs) -> crate::cache::remote::Ask {
    crate::cache::remote::Ask {
        url: args.remote_cache.clone(),
        read_only: args.remote_cache_read_only,
        off: args.no_remote_cache,
    }
}

fn println_now(line: &str) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{line}");
}

/// Prints one target the way a single `rigc build` does.
fn print_detailed(r: &TargetResult, out: &mut Output) {
    out.line(&target::header_line(r));
    for l in target::detail_lines(r) {
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
        out.gate_findings(report);
    }
    if let Some(line) = target::nothing_written_line(r) {
        out.err_line(&line);
        return;
    }
    for l in target::written_lines(r) {
        out.line(&l);
    }
}
